"""Reader speed on the real files and on synthetic large Markdown surveys (linear scaling check).

Run: python bench/readers_speed.py [--before OLD_SRC]   (needs ../shared/data beside the project root)

``--before OLD_SRC`` times the same real files with an older copy of the readers in the same run
(``git archive <commit> surveybench metrics baselines data_builders leaderboard | tar -x -C OLD_SRC``)
and prints new / old: the issue asks for at most 2x. The synthetic files double in size so the
printed ratio of times shows whether parsing stays linear (ratio ~2) as files grow.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from surveybench.readers import read_survey_report

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def _time(path: Path, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        read_survey_report(path)
        best = min(best, time.perf_counter() - t0)
    return best


def _synthetic(kb: int, style: str, seed: int = 0) -> str:
    rnd = random.Random(seed)
    words = "graph neural network diffusion model attention transformer survey method result data".split()
    n_refs = 300
    out = ["# A Synthetic Survey", ""]
    sec = 0
    while sum(map(len, out)) < kb * 1000 * 0.8:
        sec += 1
        out += [f"## {sec} Section {sec}", ""]
        for sub in range(1, 4):
            out += [f"### {sec}.{sub} Sub {sub}", ""]
            for _ in range(3):
                sent = []
                for _ in range(8):
                    s = " ".join(rnd.choice(words) for _ in range(14))
                    k = rnd.randint(1, n_refs)
                    cite = f"[{k}]" if style == "bracket" else f"(Author{k} et al., {2000 + k % 24})"
                    sent.append(f"{s.capitalize()} {cite}.")
                out += [" ".join(sent), ""]
    out += ["## References", ""]
    for k in range(1, n_refs + 1):
        if style == "bracket":
            out.append(f'[{k}] A. Writer and B. Reader, "Title number {k} about {rnd.choice(words)}," in Proc. Conf., {2000 + k % 24}.')
        else:
            out.append(f"Ann Author{k}, Bob Second, and Cy Third. {2000 + k % 24}. Title number {k}. In Proc. Conf.")
        out.append("")
    return "\n".join(out)


def _real_files() -> list[Path]:
    return sorted(DATA.glob("surveybench-dev/*/*.md")) + sorted(DATA.glob("autosurvey/*")) + sorted(DATA.glob("surveygen/*.json"))


def _total_real(repeat: int = 3) -> float:
    files = _real_files()
    read_survey_report(files[0])
    return sum(_time(f, repeat) for f in files)


def _before(old_src: Path) -> float:
    """Seconds the readers in ``old_src`` take on the real files (a child process imports them)."""
    import os
    import subprocess

    code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import readers_speed as b; print(b._total_real())"
    env = {**os.environ, "PYTHONPATH": str(old_src)}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=old_src, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--before", type=Path, help="a copy of an older surveybench source tree to compare with")
    args = ap.parse_args()
    if args.before:
        old = _before(args.before)
        new = _total_real()
        print(f"real files: old readers {old:.2f} s, these readers {new:.2f} s, ratio {new / old:.2f}x (budget 2x)")
    files = _real_files()
    read_survey_report(files[0])  # imports and regex compilation out of the timings
    total_kb = total_s = 0.0
    print(f"{'file':70s} {'KB':>7s} {'ms':>8s}")
    for f in files:
        t = _time(f)
        kb = f.stat().st_size / 1000
        total_kb += kb
        total_s += t
        print(f"{str(f.relative_to(DATA))[:70]:70s} {kb:7.0f} {t * 1000:8.1f}")
    print(f"{'all real files':70s} {total_kb:7.0f} {total_s * 1000:8.1f}   ({total_kb / 1000 / total_s:.1f} MB/s)")
    print()
    with tempfile.TemporaryDirectory() as tmp:
        for style in ("bracket", "author-year"):
            prev = None
            for kb in (100, 200, 400, 800):
                p = Path(tmp) / f"{style}-{kb}.md"
                p.write_text(_synthetic(kb, style), encoding="utf-8")
                t = _time(p)
                ratio = f"x{t / prev:.2f} for x2 size" if prev else ""
                print(f"synthetic {style:12s} {p.stat().st_size / 1000:7.0f} KB {t * 1000:8.1f} ms  {ratio}")
                prev = t
    return 0


if __name__ == "__main__":
    sys.exit(main())
