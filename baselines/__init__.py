"""Survey-generation baselines, each producing a :class:`surveybench.model.Survey` with
``system`` set, numbered sections and ``[n]`` citations linked to its references.

- ``topic-only``: SurveyGen Task 1 / Fully-LLMGen (Bao et al., 2025, §2.1, App. B, App. I).
- ``naive-rag``: embedding retrieval by topic, then SurveyGen Task 2 generation (§3.1).
- ``qual-sg``: QUAL-SG quality-aware reranking (§2.4, App. C), then Task 2 generation.
- ``autosurvey``: AutoSurvey outline -> draft -> refine (Wang et al., 2024, §2, App. F).
- ``human-guided``: SurveyGen Task 3: gold outline + the references cited per section.

All LLM calls go through :mod:`surveybench.judges` (cache, retries, usage accounting);
retrieval uses :mod:`surveybench.embeddings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

BASELINES: dict[str, str] = {
    "topic-only": "SurveyGen Task 1: outline and sections from the topic alone; the model "
    "lists its own references",
    "naive-rag": "retrieve the candidates most similar to the topic, then write citing them",
    "qual-sg": "QUAL-SG: rerank candidates by relevance, citation/venue/author impact and "
    "diversity, then write citing them",
    "autosurvey": "AutoSurvey: retrieve, outline, draft each subsection, reflect on citations, "
    "refine for coherence",
    "human-guided": "SurveyGen Task 3: write each section of a gold outline from the references "
    "the human survey cites there",
}
NEEDS_CANDIDATES = frozenset({"naive-rag", "qual-sg", "autosurvey"})


def run_baseline(
    name: str,
    topic: str,
    judge: Any,
    *,
    candidates: Sequence[Any] | None = None,
    embedder: Any = None,
    retriever: Any = None,
    budget: int = 50,
    cutoff: str | None = None,
    max_tokens: int | None = None,
    gold: Any = None,
    settings: Any = None,
    panel: Sequence[Any] | None = None,
) -> Any:
    """Run baseline ``name`` on ``topic``; returns the generated Survey.

    Retrieval (naive-rag, qual-sg, autosurvey) searches ``retriever`` (a
    :class:`~surveybench.baselines.retrieval.IndexRetriever` over a paper index, or a
    :class:`~surveybench.baselines.retrieval.MemoryRetriever`), else ``candidates`` embedded with
    ``embedder``. ``settings`` (:class:`~surveybench.baselines.settings.GenerationSettings`)
    holds every size and decoding knob; ``budget`` is K, honoured by every baseline that
    selects papers. ``panel`` judges AutoSurvey's trials (default: the writer).
    """
    from surveybench.baselines.settings import GenerationSettings

    if name not in BASELINES:
        raise ValueError(f"unknown baseline {name!r}; choose from {sorted(BASELINES)}")
    cfg: GenerationSettings = settings or GenerationSettings()
    if max_tokens is not None:
        cfg = cfg.replace(max_tokens=max_tokens)
    if name in NEEDS_CANDIDATES and retriever is None and (not candidates or embedder is None):
        raise ValueError(f"baseline {name!r} needs a paper index or candidate papers and an embedder")
    from surveybench.baselines import surveygen

    if retriever is None and name in NEEDS_CANDIDATES:
        from surveybench.baselines.retrieval import MemoryRetriever

        retriever = MemoryRetriever(candidates or [], embedder, cutoff=cutoff, gold=gold)
    if name == "human-guided":
        if gold is None:
            raise ValueError("baseline 'human-guided' needs the gold survey (outline + references)")
        return surveygen.human_guided(gold, judge, settings=cfg)
    if name == "topic-only":
        return surveygen.topic_only(topic, judge, settings=cfg)
    if name == "naive-rag":
        return surveygen.naive_rag(topic, judge, budget=budget, cutoff=cutoff, retriever=retriever,
                                   settings=cfg)
    if name == "qual-sg":
        return surveygen.qual_sg(topic, judge, budget=budget, cutoff=cutoff, retriever=retriever,
                                 settings=cfg)
    from surveybench.baselines.autosurvey import AutoSurveyConfig, autosurvey_best_of

    config = AutoSurveyConfig.from_settings(cfg, getattr(judge, "context_tokens", None))
    return autosurvey_best_of(topic, judge, cutoff=cutoff, config=config, retriever=retriever,
                              trials=cfg.autosurvey_trials, panel=panel)


__all__ = ["BASELINES", "NEEDS_CANDIDATES", "run_baseline"]
