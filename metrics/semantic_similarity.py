"""Semantic similarity of two whole surveys (SurveyGen, Bao et al., EMNLP 2025, §3.2, Table 2 "Sim").

SurveyGen embeds the generated and the human-written survey text with bge-large-en-v1.5 and
reports the cosine of the two embeddings. An embedding model reads a few hundred tokens (512 for
bge, 256 for MiniLM) and silently truncates the rest, so embedding a 20,000-word survey in one go
compares only its first page. We compare whole texts instead:

1. Text: the prose of the content sections (:meth:`Survey.paragraphs`, paragraphs joined by a
   blank line) with citation markers removed where their positions are known, so differing
   citation styles (``[3]`` vs ``(Smith, 2020)``) do not count as content.
2. Chunking: the text is split into consecutive windows of at most ``w`` model tokens, ``w`` =
   the model's ``max_seq_length`` less its special tokens, ending between words
   (:meth:`surveybench.embeddings.Embedder.chunk`).
3. Pooling: with chunk embeddings ``e_k`` (each L2-normalised) and token counts ``n_k``, the
   survey vector is the token-count-weighted mean renormalised to unit length:
   ``v = (Σ_k n_k e_k) / ||Σ_k n_k e_k||``.
4. Score: ``sim = v_candidate · v_reference`` (cosine, in [-1, 1]; 1.0 for identical texts).

``details["first_window_cosine"]`` is the cosine of the two first windows alone, close to what
the SurveyGen script computes by passing the whole text to ``SentenceTransformer.encode``
(which truncates to the first window).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from surveybench.metrics._text import survey_prose  # re-exported: tests and callers import it from here
from surveybench.metrics._embedding_options import SENTENCE_EMBEDDER_OPTIONS
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, higher, register
from surveybench.model import Survey


# ---- the pure heart ---------------------------------------------------------------------------


def pool_chunks(vectors: np.ndarray, weights: Sequence[float]) -> np.ndarray:
    """``(Σ_k n_k e_k) / ||Σ_k n_k e_k||`` over L2-normalised rows ``e_k`` and weights ``n_k``."""
    vectors = np.asarray(vectors, dtype=np.float64)
    w = np.asarray(weights, dtype=np.float64)
    if vectors.ndim != 2 or len(vectors) == 0 or len(w) != len(vectors):
        raise ValueError(f"need one weight per chunk vector, got {vectors.shape} and {w.shape}")
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit = np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)
    pooled = (w[:, None] * unit).sum(axis=0)
    n = np.linalg.norm(pooled)
    return pooled / n if n > 0 else pooled


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    na, nb = np.linalg.norm(a), np.linalg.norm(b)
    if na == 0 or nb == 0:
        return 0.0
    return float(np.clip(a @ b / (na * nb), -1.0, 1.0))


def chunked_similarity(
    cand_vectors: np.ndarray, cand_weights: Sequence[float], ref_vectors: np.ndarray, ref_weights: Sequence[float]
) -> float:
    """Cosine of the two pooled survey vectors."""
    return cosine(pool_chunks(cand_vectors, cand_weights), pool_chunks(ref_vectors, ref_weights))


# ---- the registered metric ----------------------------------------------------------------------


def _chunks(embedder: Any, text: str) -> tuple[list[str], list[int]]:
    if hasattr(embedder, "chunk"):
        chunks = embedder.chunk(text)
        return [c.text for c in chunks], [c.n_tokens for c in chunks]
    # An embedder without a tokenizer (a test fake): the whole text is one chunk.
    return [text], [1]


class SemanticSimilarity:
    name = "semantic_similarity"
    description = (
        "Cosine similarity of the two surveys' embeddings (whole text, embedded window by window "
        "and averaged); 1.0 = same meaning"
    )
    paper = "SurveyGen §3.2"
    spec = MetricSpec(
        version="1",
        scores=(higher("similarity", "cosine of the two surveys' whole-text embeddings (1.0 = same meaning)", -1.0, 1.0),),
        # read by the engine's sentence embedder (surveybench.embeddings.make_embedder)
        options=SENTENCE_EMBEDDER_OPTIONS,
    )
    requires = frozenset({"embedder"})

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        embedder = ctx.get("embedder")
        texts = {"candidate": survey_prose(candidate), "reference": survey_prose(reference)}
        details: dict[str, Any] = {
            "embedding_model": getattr(embedder, "model_id", None),
            "method": "token-count-weighted mean of normalised window embeddings, renormalised; cosine",
        }
        empty = [side for side, t in texts.items() if not t.strip()]
        if empty:
            details["reason"] = f"no prose in the {' and the '.join(empty)} survey"
            return MetricResult(metric=self.name, scores={"similarity": None}, details=details)
        split = {side: _chunks(embedder, t) for side, t in texts.items()}
        # One encode call for both sides: a single batch, and the cache sees every chunk once.
        all_texts = split["candidate"][0] + split["reference"][0]
        vecs = embedder.encode(all_texts)
        nc = len(split["candidate"][0])
        cv, rv = vecs[:nc], vecs[nc:]
        sim = chunked_similarity(cv, split["candidate"][1], rv, split["reference"][1])
        for side in ("candidate", "reference"):
            details[f"{side}_chunks"] = len(split[side][0])
            details[f"{side}_tokens"] = int(sum(split[side][1]))
        details["window_tokens"] = getattr(embedder, "window_tokens", None)
        details["first_window_cosine"] = round(cosine(cv[0], rv[0]), 6)
        return MetricResult(metric=self.name, scores={"similarity": sim}, details=details)


register(SemanticSimilarity())
