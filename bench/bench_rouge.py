"""ROUGE speed: our exact re-implementation vs ``rouge-score`` on real dev pairs, side by side.

For each (human survey, generated survey) pair and each ROUGE type, times
``rouge_scorer.RougeScorer([type], use_stemmer=True).score(human, generated)`` and
``surveybench.metrics._rouge_fast.score(human, generated, [type])`` on the same texts (the text the
``rouge`` metric reads: content paragraphs, markers removed, one paragraph per line), checks the
numbers are identical, and prints both times and the ratio.

    python bench/bench_rouge.py                      # one full pair: ~4 min (rouge-score is slow)
    python bench/bench_rouge.py --quick 3000         # texts cut to ~3,000 words each
    python bench/bench_rouge.py --topic "Vision Transformers" --system AutoSurvey --system SurveyForge
    python bench/bench_rouge.py --types rougeL       # one type only
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEV = ROOT.parent / "shared" / "data" / "surveybench-dev"


def first_words(text: str, n: int | None) -> str:
    if not n:
        return text
    out, count = [], 0
    for line in text.split("\n"):
        out.append(line)
        count += len(line.split())
        if count >= n:
            break
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dev", type=Path, default=DEV, help="surveybench-dev directory")
    ap.add_argument("--topic", default="Graph Neural Networks")  # 14.5k vs 21.7k words with AutoSurvey
    ap.add_argument("--system", action="append", help="system folder(s); default AutoSurvey")
    ap.add_argument("--quick", type=int, default=None, metavar="WORDS", help="cut each text to about WORDS words")
    ap.add_argument("--types", default="rouge1,rouge2,rougeL,rougeLsum")
    args = ap.parse_args()

    from rouge_score import rouge_scorer

    from surveybench.metrics import _rouge_fast as rf
    from surveybench.metrics.rouge import survey_text
    from surveybench.readers import read_survey

    types = [t.strip() for t in args.types.split(",") if t.strip()]
    # warm up both (imports, NLTK stemmer set-up) so the timings are of the scoring itself
    rf.score("warming up the tokenizers", "warm up")
    rouge_scorer.RougeScorer(types, use_stemmer=True).score("warming up the tokenizers", "warm up")
    human = read_survey(args.dev / "HumanSurvey" / f"{args.topic}.md")
    target = first_words(survey_text(human), args.quick)
    print(f"topic: {args.topic}; human survey {len(target.split())} words"
          + (f" (cut to ~{args.quick})" if args.quick else " (full text)"))
    header = f"{'system':<22}{'words':>7}  {'type':<10}{'ours (s)':>10}{'rouge-score (s)':>17}{'speed-up':>10}  equal"
    print(header)
    print("-" * len(header))
    tot_ours = tot_ref = 0.0
    for system in args.system or ["AutoSurvey"]:
        gen = read_survey(args.dev / system / f"{args.topic}.md", system=system)
        pred = first_words(survey_text(gen), args.quick)
        for t in types:
            scorer = rouge_scorer.RougeScorer([t], use_stemmer=True)
            t0 = time.perf_counter()
            ours = rf.score(target, pred, [t])[t]
            t1 = time.perf_counter()
            ref = scorer.score(target, pred)[t]
            t2 = time.perf_counter()
            same = (ours.precision, ours.recall, ours.fmeasure) == tuple(ref)
            tot_ours += t1 - t0
            tot_ref += t2 - t1
            print(f"{system:<22}{len(pred.split()):>7}  {t:<10}{t1 - t0:>10.3f}{t2 - t1:>17.2f}"
                  f"{(t2 - t1) / max(t1 - t0, 1e-9):>9.0f}x  {'yes' if same else 'NO'}", flush=True)
    print("-" * len(header))
    print(f"{'total':<41}{tot_ours:>10.3f}{tot_ref:>17.2f}{tot_ref / max(tot_ours, 1e-9):>9.0f}x")


if __name__ == "__main__":
    main()
