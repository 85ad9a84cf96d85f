"""The other benchmarks' metrics (quiz, outline_quality, content_quality, richness, sgsim) on a
whole data set, with a scripted judge on loopback or the local judge, and what they cost.

    # scripted OpenAI-compatible server on loopback (cheap: every reply is a rule of the prompt)
    python3 bench/bench_other_benchmarks.py --data ../shared/data/surveybench-dev --workspace /tmp/ob-scripted
    # the tiny local judge in process (SmolLM2-135M), as `surveybench eval` runs it
    nice -n 10 python3 bench/bench_other_benchmarks.py --judge local --workspace /tmp/ob-local \\
        --option quiz_general_per_category=1 ...
    # estimate the local judge's prompt work: SmolLM2's tokenizer over every prompt the scripted
    # run sent, and how much of each prompt the previous one already evaluated (llama.cpp reuses
    # the longest common token prefix with the last prompt on one instance)
    python3 bench/bench_other_benchmarks.py --workspace /tmp/ob-scripted --estimate-local

The scripted replies (:func:`scripted_reply`) are deterministic functions of the prompt, so the
numbers of a scripted run can be traced: e.g. the quiz comparison says the longer answer wins.
Prints per metric: judge calls, prompt tokens (the server's count: words), wall and CPU time; the
run's manifest keeps the same. Resumable: run it again on the same workspace and only missing
units are computed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

METRICS = ("quiz", "outline_quality", "content_quality", "richness", "sgsim")


def _h(text: str, n: int) -> int:
    """A stable number in [0, n) from a text."""
    return int(hashlib.sha256(text.encode()).hexdigest()[:8], 16) % n


def _outline_titles(prompt: str) -> list[str]:
    block = prompt.split("Survey Outline:", 1)[-1].split("User Question:", 1)[0]
    return [m.group(1).strip() for m in re.finditer(r"^\s*\d+\. (.+)$", block, re.M)]


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{4,}", text.lower())}


def scripted_reply(req: Any) -> str:
    """A reply to each prompt of the five metrics, chosen by the template's opening words."""
    p = req.prompt.lstrip()
    if p.startswith("Based on the following survey outline and the user question"):
        titles = _outline_titles(p)[1:]  # the survey title is heading 1
        question = p.split("User Question:", 1)[-1].split("Please return", 1)[0]
        q = _words(question)
        ranked = sorted(titles, key=lambda t: -len(_words(t) & q))
        return json.dumps(ranked[:2] if ranked else [])
    if p.startswith("You are an assistant that strictly answers"):
        m = re.search(r"\[Doc-1\] Title: .*?\nContent: (.+?)(?:\n\n\[Doc-2\]|\n\n    \*\*Question)", p, re.S)
        if not m:
            return json.dumps({"answer": "No relevant content found in the documents", "used_docs": []})
        words = m.group(1).split()
        return json.dumps({"answer": " ".join(words[: 20 + _h(p, 40)]), "used_docs": ["Doc-1"]})
    if p.startswith("You are a fact-checking assistant"):
        answer = p.split("ANSWER:\n", 1)[-1].split("PROVIDED_REFERENCES:", 1)
        a, refs = _words(answer[0]), _words(answer[-1])
        return "True" if a and len(a & refs) >= 0.5 * len(a) else "False"
    if p.startswith(("You are an expert evaluator", "You are an impartial evaluator")):
        answer = p.rsplit("ANSWER:\n", 1)[-1]
        return str(min(10, len(answer.split()) // 5))
    if p.startswith("You are an impartial judge comparing two answers"):
        a1 = p.split("ANSWER 1:\n", 1)[-1].split("ANSWER 2:\n", 1)[0]
        a2 = p.split("ANSWER 2:\n", 1)[-1]
        n1, n2 = len(a1.split()), len(a2.split())
        return ("2" if n2 > n1 else "1" if n1 > n2 else "0") + "\nThe longer answer is more complete."
    if p.startswith("Based on the following academic survey paragraph"):
        para = re.search(r"Full paragraph:\n\s*(.+?)\n\s*\n?\s*(?:IMPORTANT|CRITICAL)", p, re.S)
        text = " ".join((para.group(1) if para else "").split())
        return json.dumps([{"question": "What is stated about " + " ".join(text.split()[:5]) + "?",
                            "answer": text}])
    if p.startswith(("You are given two outlines", "You are given an outline", "You are given two surveys",
                     "Here is the content of")):
        return str(1 + _h(p, 5))
    if p.startswith("Here is an outline of an academic survey"):
        return json.dumps({"Outline": 1 + _h(p, 5)})
    if p.startswith("Here is an academic survey about the topic"):
        names = ["Coverage", "Structure", "Relevance", "Language", "Criticalness"]
        return json.dumps({n: 1 + _h(n + p, 5) for n in names})
    if p.startswith("Below are the references cited"):
        return json.dumps({"Reference": 1 + _h(p, 5)})
    if p.startswith("Given the survey topic"):
        kids = re.findall(r"Index: (\d+), Title: (.*)", p)
        return json.dumps({"children": [{"child_index": i, "child_title": t,
                                         "is_included": "Yes" if int(i) % 3 else "No"} for i, t in kids]})
    if p.startswith("You are an academic reviewer. Given the topic, a sentence"):
        sentence = p.split("Sentence:", 1)[-1].split("References:", 1)[0]
        total = max(1, len(re.findall(r"\[[^\]]+\]", sentence)))
        return json.dumps({"total": total, "supported": total - _h(sentence, 2) if total > 1 else 1})
    if p.startswith("You are an academic reviewer. Given the following topic and a list"):
        refs = p.split("References:", 1)[-1].split("Task:", 1)[0]
        n = len([ln for ln in refs.splitlines() if ln.strip()])
        return json.dumps({"total": n, "supported": (n + 1) // 2})
    return "?"


def _print_usage(manifest: dict[str, Any]) -> None:
    usage = manifest.get("usage", {})
    by_metric = usage.get("by_metric", {})
    wall = usage.get("wall_seconds_by_metric", {})
    cpu = usage.get("cpu_seconds_by_metric", {})
    session = (usage.get("judge_session") or {}).get("per_metric", {})
    print(f"{'metric':<16}{'calls':>8}{'cached':>8}{'prompt tok':>12}{'wall s':>9}{'CPU s':>9}  (this session)")
    for m in METRICS:
        s = session.get(m, {})
        print(f"{m:<16}{s.get('calls', by_metric.get(m, {}).get('calls', 0)):>8}{s.get('cached', 0):>8}"
              f"{s.get('prompt_tokens', by_metric.get(m, {}).get('prompt_tokens', 0)):>12}"
              f"{wall.get(m, 0):>9.1f}{cpu.get(m, 0):>9.1f}")
    print(f"units: {manifest.get('units')}")
    if manifest.get("failure_summary"):
        print(manifest["failure_summary"])


def run(args: argparse.Namespace) -> int:
    import surveybench.api as sb

    ws = Path(args.workspace)
    options: dict[str, Any] = {}
    for o in args.option:
        k, _, v = o.partition("=")
        try:
            options[k] = json.loads(v)
        except ValueError:
            options[k] = v
    if not (ws / "systems").exists():
        sb.import_surveys([args.data], system_from_dir=True, workspace=ws)
    server = None
    judge = None
    if args.judge == "scripted":
        from surveybench.judges.scripted_server import ScriptedLLM

        server = ScriptedLLM().start()
        server.default = scripted_reply
        judge = server.spec
        log = ws / "scripted-requests.jsonl"
    systems = args.system or sorted(p.name for p in (ws / "systems").iterdir() if p.is_dir())
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        outcome = sb.evaluate(systems, workspace=ws, metrics=list(args.metrics.split(",")), options=options,
                              judge=judge, embedder=args.embedder, topics=args.topic or None,
                              show_progress=not args.no_progress)
    finally:
        if server is not None:
            with log.open("a", encoding="utf-8") as f:
                for r in server.requests:
                    f.write(json.dumps({"messages": r.messages}, ensure_ascii=False) + "\n")
            server.stop()
    print(f"run {outcome.run_id}: {time.perf_counter() - t0:.0f} s wall, {time.process_time() - c0:.0f} CPU-s "
          f"(this process); results {outcome.results_path}")
    _print_usage(outcome.manifest)
    return 0


def estimate_local(args: argparse.Namespace) -> int:
    """SmolLM2 tokens of every prompt the scripted run sent: total, and what is left after the
    prefix the previous prompt shares (one llama.cpp instance, prompts in the order sent)."""
    from llama_cpp import Llama

    from surveybench.judges.spec import local_smollm2_path

    llm = Llama(model_path=str(local_smollm2_path()), vocab_only=True, verbose=False)
    path = Path(args.workspace) / "scripted-requests.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    by_kind: dict[str, list[int]] = {}
    prev: list[int] = []
    total = fresh = over = 0
    for row in rows:
        text = "\n".join(m["content"] for m in row["messages"])
        toks = llm.tokenize(text.encode(), add_bos=False)
        common = 0
        for a, b in zip(prev, toks):
            if a != b:
                break
            common += 1
        kind = text.lstrip()[:40]
        agg = by_kind.setdefault(kind, [0, 0, 0])
        agg[0] += 1
        agg[1] += len(toks)
        agg[2] += len(toks) - common
        total += len(toks)
        fresh += len(toks) - common
        over += len(toks) > 8192 - 512
        prev = toks
    for kind, (n, t, f) in sorted(by_kind.items(), key=lambda kv: -kv[1][2]):
        print(f"{n:>6} calls {t:>10} tokens {f:>10} not shared  {kind!r}")
    print(f"{len(rows)} prompts, {total} SmolLM2 tokens, {fresh} after prefix reuse; {over} over 7,680 tokens")
    print(f"estimated local prefill: {fresh / 900 * 17 / 60:.0f} CPU-minutes (LLAMA.md: 17 CPU-s per 900 tokens)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default="../shared/data/surveybench-dev")
    ap.add_argument("--workspace", required=True)
    ap.add_argument("--judge", choices=("scripted", "local"), default="scripted")
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--metrics", default=",".join(METRICS))
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--system", action="append", default=[])
    ap.add_argument("--topic", action="append", default=[])
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument("--estimate-local", action="store_true")
    args = ap.parse_args(argv)
    return estimate_local(args) if args.estimate_local else run(args)


if __name__ == "__main__":
    sys.exit(main())
