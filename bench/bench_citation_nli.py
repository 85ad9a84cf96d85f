"""Citation NLI (AutoSurvey eq. 2-3) on real dev surveys: our call plan vs AutoSurvey's judge.

Both sides talk HTTP to the same local scripted OpenAI-compatible server with a fixed latency
per request (default 20 ms). The server answers the NLI prompt with a deterministic pseudo-random
Yes/No (hash of the prompt, ~70 % yes), so both sides get the same h() for the same prompt and
must reach the same recall and precision.

- ours: ``surveybench.metrics.citation_nli.CitationNLI`` through ``surveybench.judges`` (no cache, so every
  call is real), at the judge's default concurrency 4 and at 32;
- AutoSurvey's released judge call pattern (``src/agents/judge.py``: ``citation_quality``):
  one thread per claim for recall, then for every citation of every supported claim one thread
  asking h(c, {r}) and, when that says no, h(c, Ref \\ {r}) — no short cuts, no limit on threads.
  Re-implemented here (``requests``, one connection per call, as its APIModel) for its call pattern only.

The dev surveys list reference titles only (no abstracts), so the premise of a reference is its
title — the answers are scripted anyway; what is measured is calls and wall time.

    python bench/bench_citation_nli.py [--latency 0.02] [--survey PATH ...]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEV = ROOT.parent / "shared" / "data" / "surveybench-dev"
DEFAULT_SURVEYS = [DEV / "LLMxMR-V2" / "Vision Transformers.md", DEV / "AutoSurvey" / "Vision Transformers.md"]


def scripted_answer(req) -> str:
    digest = hashlib.sha256(req.user.encode()).digest()
    return "Yes" if digest[0] % 10 < 7 else "No"


def autosurvey_pattern(base_url: str, model: str, claims: list[str], sources: list[list[str]]) -> tuple[float, float, int]:
    """AutoSurvey's citation_quality call pattern; returns (recall, precision, calls)."""
    import requests  # what AutoSurvey's APIModel uses

    from surveybench.prompts.judging import NLI

    calls = 0
    lock = threading.Lock()

    def nli(srcs: list[str], claim: str) -> int:
        # Like AutoSurvey's APIModel: a fresh connection per request, on any error up to 5 more tries.
        nonlocal calls
        prompt = NLI.render(source="\n".join(srcs), claim=claim)
        body = {"model": model, "temperature": 0, "messages": [{"role": "user", "content": prompt}]}
        with lock:
            calls += 1
        reply = None
        for _ in range(6):
            try:
                reply = requests.post(f"{base_url}/chat/completions", json=body, timeout=60).json()
                reply = reply["choices"][0]["message"]["content"]
                break
            except Exception:  # noqa: BLE001 - AutoSurvey swallows every error and re-sends
                reply = None
        return int(reply is not None and "yes" in reply.lower())

    scores = [0] * len(claims)

    def recall_job(i: int) -> None:
        scores[i] = nli(sources[i], claims[i])

    threads = [threading.Thread(target=recall_job, args=(i,)) for i in range(len(claims))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    precisions = [0] * len(claims)
    citation_num = 0

    def relevant(i: int, k: int) -> None:
        single = [sources[i][k]]
        rest = [s for j, s in enumerate(sources[i]) if j != k]
        if nli(single, claims[i]):
            r = 1
        else:
            r = 0 if nli(rest, claims[i]) else 1
        with lock:
            precisions[i] += r

    threads = []
    for i in range(len(claims)):
        citation_num += len(sources[i])
        if scores[i] == 1:
            for k in range(len(sources[i])):
                threads.append(threading.Thread(target=relevant, args=(i, k)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(scores) / len(claims), sum(precisions) / citation_num, calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--latency", type=float, default=0.02, help="seconds added to every request")
    ap.add_argument("--survey", type=Path, action="append", help="survey file(s) (default: two dev surveys)")
    args = ap.parse_args()

    from surveybench.metrics.base import MetricContext
    from surveybench.metrics.citation_nli import CitationNLI, prepare_claims
    from surveybench.judges import make_judge
    from surveybench.judges.scripted_server import ScriptedLLM
    from surveybench.readers import read_survey

    server = ScriptedLLM(latency=args.latency).start()
    server.default = scripted_answer
    print(f"scripted server latency {args.latency * 1000:.0f} ms/request\n")
    header = (f"{'survey':40} {'claims':>6} {'cites':>6} {'impl':28} {'h() calls':>9} {'HTTP reqs':>9} "
              f"{'wall s':>7} {'recall':>7} {'prec':>7}")
    print(header)
    print("-" * len(header))
    try:
        for path in args.survey or DEFAULT_SURVEYS:
            system = path.parent.name
            s = read_survey(path, system=system)
            prepared = prepare_claims(s, title_fallback=True)
            claims = [c.text for c in prepared.claims]
            srcs = [[prepared.sources[r] for r in c.ref_ids] for c in prepared.claims]
            n_cites = sum(len(x) for x in srcs)
            label = f"{system}/{path.stem}"[:40]

            rows = []
            for conc in (4, 32):
                judge = make_judge(server.spec, concurrency=conc)
                before = server.calls
                t0 = time.perf_counter()
                ctx = MetricContext(options={"citation_nli_title_fallback": True}).provide("judge", judge)
                res = CitationNLI().compute(s, s, ctx)
                wall = time.perf_counter() - t0
                rows.append((f"ours (concurrency {conc})", res.details["calls"], server.calls - before, wall,
                             res.scores["recall"], res.scores["precision"]))
            naive = res.details["naive_calls"]
            predicted = res.details["autosurvey_calls"]

            before = server.calls
            t0 = time.perf_counter()
            rec, prec, calls = autosurvey_pattern(server.base_url, server.model, claims, srcs)
            wall = time.perf_counter() - t0
            rows.append(("AutoSurvey (thread per call)", calls, server.calls - before, wall, rec, prec))
            for name, c, q, w, r, p in rows:
                print(f"{label:40} {len(claims):6d} {n_cites:6d} {name:28} {c:9d} {q:9d} {w:7.2f} {r:7.4f} {p:7.4f}")
            ours = rows[0]
            print(f"{'':40} {'':6} {'':6} {'every h() in eq. 2-3':28} {naive:9d}")
            print(f"  h() calls ours/AutoSurvey = {ours[1] / calls:.3f} (AutoSurvey count predicted by ours: {predicted}); "
                  f"wall ours(c=4)/AutoSurvey = {rows[0][3] / rows[2][3]:.2f}, ours(c=32)/AutoSurvey = {rows[1][3] / rows[2][3]:.2f}")
            same = abs(ours[4] - rec) < 1e-9 and abs(ours[5] - prec) < 1e-9
            print(f"  same recall and precision on both sides: {same}\n")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
