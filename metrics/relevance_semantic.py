"""Relevance_semantic: how close a survey's references are to its topic (SurveyX, Liang et al., 2025, §4.1).

SurveyX defines, over the retrieved references ``Doc`` of a survey and its ``topic``,

    Relevance_semantic = (1 / |Doc|) · Σ_{d ∈ Doc} cos_sim(E(d), E(topic))

with ``E`` an embedding model (SurveyX used bge-base-en-v1.5; we use the configured embedder,
bge-large-en-v1.5 by default, as SurveyGen does). SurveyX embeds the references' abstracts in
its retrieval filter (§3.1); a survey's bibliography often has only titles, so the text of a
reference here is ``"{title}. {abstract}"`` when both are known, else the title, else the
abstract or TLDR, else the reference string as printed (``raw``). References with no text at
all are left out of ``Doc`` and counted in ``details``.

Topic: the candidate's ``topic``, else the human survey's ``topic``, else the candidate's title.
The score of the human-written survey's own references on the same topic is reported alongside
(``human``), as SurveyX's Table 3 does for human experts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from surveybench.metrics._embedding_options import SENTENCE_EMBEDDER_OPTIONS
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, higher, neutral, register
from surveybench.model import Reference, Survey


def reference_text(ref: Reference) -> tuple[str | None, str]:
    """The text embedded for one reference and which fields it came from."""
    title = (ref.title or "").strip()
    body = (ref.source_text() or "").strip()
    if title and ref.abstract and ref.abstract.strip():
        return f"{title}. {ref.abstract.strip()}", "title+abstract"
    if title:
        return title, "title"
    if body:
        return body, "abstract" if ref.abstract else "tldr"
    if ref.raw and ref.raw.strip():
        return ref.raw.strip(), "raw"
    return None, "none"


# ---- the pure heart ---------------------------------------------------------------------------


def relevance_semantic(topic_vector: np.ndarray, reference_vectors: np.ndarray) -> tuple[float | None, list[float]]:
    """Mean cosine of the reference vectors with the topic vector, and each cosine.

    ``None`` for an empty reference set (the mean is undefined).
    """
    t = np.asarray(topic_vector, dtype=np.float64).ravel()
    r = np.asarray(reference_vectors, dtype=np.float64)
    if r.size == 0:
        return None, []
    r = r.reshape(len(r), -1)
    tn = np.linalg.norm(t)
    rn = np.linalg.norm(r, axis=1)
    denom = np.where((rn > 0) & (tn > 0), rn * tn, 1.0)
    cos = np.where((rn > 0) & (tn > 0), (r @ t) / denom, 0.0)
    cos = np.clip(cos, -1.0, 1.0)
    return float(cos.mean()), [float(c) for c in cos]


# ---- the registered metric ----------------------------------------------------------------------


def _score_survey(survey: Survey, topic_vec: np.ndarray, embedder: Any) -> tuple[float | None, dict[str, Any]]:
    texts: list[str] = []
    used: list[tuple[Reference, str]] = []
    sources: dict[str, int] = {}
    for ref in survey.references:
        text, source = reference_text(ref)
        sources[source] = sources.get(source, 0) + 1
        if text is not None:
            texts.append(text)
            used.append((ref, source))
    vecs = embedder.encode(texts) if texts else np.zeros((0, len(topic_vec)), dtype=np.float32)
    score, per_ref = relevance_semantic(topic_vec, vecs)
    detail: dict[str, Any] = {
        "score": score,
        "n_references": len(survey.references),
        "n_with_text": len(texts),
        "text_sources": sources,
        "per_reference": [
            {"id": ref.id, "title": ref.title or (ref.raw or "")[:200], "text": source, "cosine": round(c, 6)}
            for (ref, source), c in zip(used, per_ref)
        ],
    }
    if score is None:
        detail["reason"] = "no reference with a title, abstract or reference string"
    return score, detail


class RelevanceSemantic:
    name = "relevance_semantic"
    description = (
        "Average embedding cosine between the topic and each cited reference's title/abstract "
        "(higher = references closer to the topic)"
    )
    paper = "SurveyX §4.1"
    spec = MetricSpec(
        version="1",
        scores=(
            higher("relevance_semantic", "mean embedding cosine between the topic and the generated survey's references", -1.0, 1.0),
            neutral("human", "the same for the human survey's references, for comparison", -1.0, 1.0),
        ),
        # read by the engine's sentence embedder (surveybench.embeddings.make_embedder)
        options=SENTENCE_EMBEDDER_OPTIONS,
    )
    requires = frozenset({"embedder"})

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        embedder = ctx.get("embedder")
        topic = (candidate.topic or reference.topic or candidate.title or "").strip()
        details: dict[str, Any] = {"topic": topic, "embedding_model": getattr(embedder, "model_id", None)}
        if not topic:
            details["reason"] = "no topic: neither survey has a topic and the candidate has no title"
            return MetricResult(self.name, {"relevance_semantic": None, "human": None}, details)
        topic_vec = embedder.encode([topic])[0]
        cand_score, details["candidate"] = _score_survey(candidate, topic_vec, embedder)
        human_score, details["human"] = _score_survey(reference, topic_vec, embedder)
        return MetricResult(self.name, {"relevance_semantic": cand_score, "human": human_score}, details)


register(RelevanceSemantic())
