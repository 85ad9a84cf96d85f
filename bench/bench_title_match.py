"""Title matching speed: ours vs the plain ``difflib`` loop of the SurveyGen script, side by side.

Part 1 - citation-set matching on the real dev pairs (human survey vs each system, every topic):
the SurveyGen script's loop (``difflib.SequenceMatcher(None, s, g).ratio()`` for every generated
x human title pair) against :func:`surveybench.metrics.citation_set.match_references` (rapidfuzz prefilter,
difflib confirmation, greedy one-to-one).

Part 2 - citation accuracy against an index of N real-paper titles (synthetic, deterministic;
default one million): build/save/load times, then 300 lookups (100 present, 100 with small
edits, 100 absent) with :class:`surveybench.metrics.title_index.TitleIndex` against the plain difflib loop
over the whole corpus. The difflib loop over a million titles takes minutes per lookup, so it
is timed on a few lookups and extrapolated (marked so). Agreement of the index with an
exhaustive search (every title screened by rapidfuzz, difflib on the survivors) is counted over
all 300 lookups - the word blocking's only possible misses would show here.

    python bench/bench_title_match.py             # full: ~1M titles
    python bench/bench_title_match.py --quick     # 100k titles, fewer difflib lookups
"""

from __future__ import annotations

import argparse
import difflib
import random
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEV = ROOT.parent / "shared" / "data" / "surveybench-dev"
SYSTEMS = ("AutoSurvey", "SurveyForge", "LLMxMR-V2", "OpenAI_DeepResearch")


def surveygen_normalize(s: str) -> str:
    # normalize_text() of the SurveyGen evaluation script
    s = s.lower().strip()
    s = re.sub(r"\s+", " ", s)
    return s.strip(" .,:;!?\"'()[]{}")


def surveygen_prf_loop(gold: list[str], selected: list[str], thr: float = 0.95) -> int:
    """compute_reference_prf() of the SurveyGen script: best difflib match per selected title."""
    gold_n = [surveygen_normalize(t) for t in gold]
    matched = 0
    for s in (surveygen_normalize(t) for t in selected):
        best = max((difflib.SequenceMatcher(None, s, g).ratio() for g in gold_n), default=-1.0)
        matched += best >= thr
    return matched


def part1(dev: Path) -> None:
    from surveybench.metrics._titles import RefKey
    from surveybench.metrics.citation_set import match_references, survey_ref_keys
    from surveybench.readers import read_survey

    match_references([RefKey("a", {}, "warm up", "warm up")], [RefKey("b", {}, "warm up", "warm up")])
    print("Part 1: citation-set matching on the dev pairs (cited references)")
    head = f"{'topic':<40}{'system':<21}{'|G|x|H|':>10}{'ours (s)':>10}{'difflib (s)':>13}{'speed-up':>10}{'matched ours/script':>21}"
    print(head)
    print("-" * len(head))
    tot_o = tot_d = 0.0
    for hf in sorted((dev / "HumanSurvey").glob("*.md")):
        human = read_survey(hf)
        hk, _ = survey_ref_keys(human, "cited")
        for system in SYSTEMS:
            f = dev / system / hf.name
            if not f.exists():
                continue
            gk, _ = survey_ref_keys(read_survey(f, system=system), "cited")
            t0 = time.perf_counter()
            ours = match_references(gk, hk)
            t1 = time.perf_counter()
            script = surveygen_prf_loop([k.display for k in hk], [k.display for k in gk])
            t2 = time.perf_counter()
            tot_o += t1 - t0
            tot_d += t2 - t1
            print(f"{hf.stem[:39]:<40}{system:<21}{len(gk) * len(hk):>10}{t1 - t0:>10.3f}{t2 - t1:>13.3f}"
                  f"{(t2 - t1) / max(t1 - t0, 1e-9):>9.0f}x{f'{len(ours)}/{script}':>21}", flush=True)
    print("-" * len(head))
    print(f"{'total':<71}{tot_o:>10.3f}{tot_d:>13.3f}{tot_d / max(tot_o, 1e-9):>9.0f}x")
    print("(matched counts can differ: ours is one-to-one with wider normalisation; the script is not)")


def synthetic_titles(n: int, seed: int = 2024) -> list[str]:
    import numpy as np

    rng = np.random.default_rng(seed)
    syll = np.array(["ka", "ri", "to", "ne", "sul", "mor", "tex", "vin", "pla", "dro", "quen", "lis", "bar", "zen", "fo", "gra"])
    vocab = ["".join(rng.choice(syll, size=rng.integers(2, 5))) for _ in range(200_000)]
    common = ["of", "for", "the", "learning", "deep", "networks", "a", "survey", "via", "neural", "models", "with"]
    words = np.array(common + vocab)
    lens = rng.integers(4, 15, size=n)
    picks = words[rng.zipf(1.15, size=int(lens.sum())) % len(words)]
    out, k = [], 0
    for ln in lens.tolist():
        out.append(" ".join(picks[k : k + ln].tolist()).capitalize())
        k += ln
    return out


def perturb(rng: random.Random, t: str) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        p = rng.randrange(len(t))
        return t[:p] + rng.choice("xyz") + t[p + 1 :]
    if kind == 1:
        p = rng.randrange(len(t))
        return t[:p] + t[p + 1 :]
    if kind == 2:
        w = t.split()
        k = rng.randrange(len(w))
        w[k] = w[k] + "s"
        return " ".join(w)
    return perturb(rng, perturb(rng, t))


def part2(n: int, difflib_lookups: int) -> None:
    from rapidfuzz import fuzz, process

    from surveybench.metrics._titles import difflib_ratio, normalise_title
    from surveybench.metrics.title_index import TitleIndex

    print(f"\nPart 2: citation accuracy against {n:,} titles (synthetic)")
    t0 = time.perf_counter()
    titles = synthetic_titles(n)
    t1 = time.perf_counter()
    index = TitleIndex.build(titles)
    t2 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        index.save(Path(d))
        t3 = time.perf_counter()
        loaded = TitleIndex.load(Path(d))
        t4 = time.perf_counter()
        print(f"generate {t1 - t0:.1f} s, build {t2 - t1:.1f} s, save {t3 - t2:.2f} s, load {t4 - t3:.3f} s; "
              f"{loaded.size:,} distinct titles")
        rng = random.Random(1)
        present = [rng.choice(titles) for _ in range(100)]
        edited = [perturb(rng, rng.choice([t for t in titles[:50_000] if len(t) > 40])) for _ in range(100)]
        absent = synthetic_titles(100, seed=77)
        queries = present + edited + absent
        t5 = time.perf_counter()
        res = loaded.lookup_many(queries)
        t6 = time.perf_counter()
        cold = t6 - t5  # first pass after load: pages of the memory-mapped arrays fault in
        t5 = time.perf_counter()
        res = loaded.lookup_many(queries)
        t6 = time.perf_counter()
        ours_per = (t6 - t5) / len(queries)

        corpus = [loaded.normalised(i) for i in range(loaded.size)]
        # plain difflib loop, as the SurveyGen script would check a title against a corpus
        sample = [queries[100 + k] for k in range(difflib_lookups)]
        t7 = time.perf_counter()
        plain = []
        for q in sample:
            qn = normalise_title(q)
            plain.append(max(difflib.SequenceMatcher(None, qn, c).ratio() for c in corpus))
        t8 = time.perf_counter()
        difflib_per = (t8 - t7) / max(len(sample), 1)

        agree = 0
        misses = []
        for q, r in zip(queries, res):
            qn = normalise_title(q)
            best = 0.0
            for _, _, k in process.extract_iter(qn, corpus, scorer=fuzz.ratio, score_cutoff=94.999999):
                best = max(best, difflib_ratio(qn, corpus[k]))
            exhaustive = best >= 0.95
            if exhaustive == r.found:
                agree += 1
            else:
                misses.append(q)
        for q, p in zip(sample, plain):
            assert (p >= 0.95) == loaded.lookup(q).found, q

    found = sum(r.found for r in res)
    print(f"{'lookups':<12}{'ours (s)':>10}{'difflib loop (s)':>18}{'speed-up':>10}")
    print(f"{len(queries):<12}{t6 - t5:>10.3f}{difflib_per * len(queries):>18.1f}{difflib_per / ours_per:>9.0f}x"
          f"   (difflib timed on {len(sample)} lookups and extrapolated)")
    print(f"ours, first pass right after loading (cold page cache): {cold:.3f} s")
    print(f"found {found}/{len(queries)} (exact {sum(r.via == 'exact' for r in res)}, fuzzy "
          f"{sum(r.via == 'fuzzy' for r in res)}); agreement with exhaustive search {agree}/{len(queries)}")
    for q in misses[:5]:
        print(f"  disagreement: {q!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dev", type=Path, default=DEV)
    ap.add_argument("--titles", type=int, default=1_000_000, help="size of the synthetic title corpus")
    ap.add_argument("--difflib-lookups", type=int, default=3, help="lookups timed with the plain difflib loop")
    ap.add_argument("--quick", action="store_true", help="100k titles, 2 difflib lookups")
    ap.add_argument("--skip-part1", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.titles, args.difflib_lookups = 100_000, 2
    if not args.skip_part1:
        part1(args.dev)
    part2(args.titles, args.difflib_lookups)


if __name__ == "__main__":
    main()
