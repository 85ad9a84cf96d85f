"""Reader speed on the real files and on synthetic large Markdown surveys (linear scaling check).

Run: python bench/readers_speed.py   (needs ../shared/data beside the project root)

There is no reference implementation to compare with; the synthetic files double in size so
the printed ratio of times shows whether parsing stays linear (ratio ~2) as files grow.
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


def main() -> int:
    files = sorted(DATA.glob("surveybench-dev/*/*.md")) + sorted(DATA.glob("autosurvey/*")) + sorted(DATA.glob("surveygen/*.json"))
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
