"""Semantic similarity of whole surveys (SurveyGen §3.2): chunk, pool, cosine — hand-computed."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from surveybench.metrics.base import MetricContext, load_all
from surveybench.metrics.semantic_similarity import (
    SemanticSimilarity,
    chunked_similarity,
    cosine,
    pool_chunks,
    survey_prose,
)
from surveybench.model import CitationMark, Paragraph, Section, Survey


def survey(paragraphs: list[str], *, system: str | None = None, extra_sections: list[Section] | None = None) -> Survey:
    sections = [Section(index=0, title="Body", paragraphs=[Paragraph(text=t) for t in paragraphs])]
    return Survey(id=system or "h", title="T", system=system, sections=sections + (extra_sections or []))


# ---- pure functions -----------------------------------------------------------------------------


def test_pool_is_token_weighted_mean_renormalised() -> None:
    v = pool_chunks(np.array([[1.0, 0.0], [0.0, 1.0]]), [3, 1])
    np.testing.assert_allclose(v, [3 / math.sqrt(10), 1 / math.sqrt(10)])


def test_pool_normalises_each_chunk_first() -> None:
    # [2,0] counts as [1,0]: equal weights give the diagonal.
    np.testing.assert_allclose(pool_chunks(np.array([[2.0, 0.0], [0.0, 1.0]]), [1, 1]), [2**-0.5, 2**-0.5])


def test_pool_rejects_mismatched_weights() -> None:
    with pytest.raises(ValueError):
        pool_chunks(np.eye(2), [1])
    with pytest.raises(ValueError):
        pool_chunks(np.zeros((0, 2)), [])


def test_chunked_similarity_hand_computed() -> None:
    # Candidate: chunks [1,0] (3 tokens), [0,1] (1 token) -> (3,1)/√10.
    # Reference: one chunk [1,0]. Cosine = 3/√10 = 0.948683.
    sim = chunked_similarity(np.array([[1.0, 0.0], [0.0, 1.0]]), [3, 1], np.array([[1.0, 0.0]]), [7])
    assert sim == pytest.approx(3 / math.sqrt(10))
    assert cosine(np.array([1.0, 0.0]), np.array([-1.0, 0.0])) == -1.0
    assert cosine(np.zeros(2), np.array([1.0, 0.0])) == 0.0


def test_survey_prose_removes_markers_and_non_content() -> None:
    text = "GNNs pass messages [1; 2]. They scale (Smith et al., 2020) well."
    marks = [
        CitationMark(marker="[1; 2]", start=text.index("[1; 2]"), end=text.index("[1; 2]") + 6, ref_ids=["1", "2"]),
        CitationMark(marker="(Smith et al., 2020)", start=text.index("(Smith"), end=text.index("(Smith") + 20, ref_ids=["3"]),
        CitationMark(marker="[9]", ref_ids=["9"]),  # no position: nothing to cut
    ]
    s = Survey(id="x", title="x", sections=[
        Section(index=0, title="Intro", paragraphs=[Paragraph(text=text, citations=marks), Paragraph(text="  ")]),
        Section(index=1, title="Second", paragraphs=[Paragraph(text="Ünïcode and $\\alpha$-LaTeX.")]),
        Section(index=2, title="Acknowledgements", is_content=False, paragraphs=[Paragraph(text="Thanks.")]),
    ])
    assert survey_prose(s) == "GNNs pass messages . They scale well.\n\nÜnïcode and $\\alpha$-LaTeX."


# ---- the metric with fixed vectors -------------------------------------------------------------


def test_metric_with_fixed_vectors(fixed_embedder: type) -> None:
    a, b = "Alpha text.", "Beta text."
    emb = fixed_embedder({a: [1.0, 0.0], b: [0.6, 0.8]})
    ctx = MetricContext().provide("embedder", emb)
    res = SemanticSimilarity().compute(survey([b], system="S"), survey([a]), ctx)
    assert res.scores["similarity"] == pytest.approx(0.6)
    assert res.details["candidate_chunks"] == 1 and res.details["first_window_cosine"] == pytest.approx(0.6)
    assert len(emb.calls) == 1  # both sides in one batch
    same = SemanticSimilarity().compute(survey([a]), survey([a]), ctx)
    assert same.scores["similarity"] == pytest.approx(1.0)


def test_metric_without_prose(fixed_embedder: type) -> None:
    ctx = MetricContext().provide("embedder", fixed_embedder({}))
    res = SemanticSimilarity().compute(Survey(id="g", title="g", system="S"), survey(["x"]), ctx)
    assert res.scores == {"similarity": None} and "candidate" in res.details["reason"]


def test_registered() -> None:
    m = load_all()["semantic_similarity"]
    assert m.requires == frozenset({"embedder"}) and "§3.2" in m.paper and m.description


# ---- real model ---------------------------------------------------------------------------------


def test_short_text_equals_plain_sentence_transformers_cosine(minilm_embedder: object) -> None:
    """One window: the pooled vector is the model's own embedding (the SurveyGen script's cosine)."""
    a = "Vision transformers split images into patches and apply self-attention."
    b = "Graph neural networks aggregate features from neighbouring nodes."
    res = SemanticSimilarity().compute(survey([a], system="S"), survey([b]), MetricContext().provide("embedder", minilm_embedder))
    st = minilm_embedder.model  # type: ignore[attr-defined]
    va, vb = st.encode([a, b], normalize_embeddings=True)
    assert res.scores["similarity"] == pytest.approx(float(va @ vb), abs=1e-5)
    assert res.details["candidate_chunks"] == res.details["reference_chunks"] == 1


def test_long_real_excerpts(minilm_embedder: object, dev_dir: Path) -> None:
    def excerpt(system: str, topic: str) -> Survey:
        text = (dev_dir / system / f"{topic}.md").read_text(encoding="utf-8")[:6000]
        return survey([p for p in text.split("\n\n") if p.strip()], system=None if system == "HumanSurvey" else system)

    ctx = MetricContext().provide("embedder", minilm_embedder)
    human_vit = excerpt("HumanSurvey", "Vision Transformers")
    same_topic = SemanticSimilarity().compute(excerpt("SurveyForge", "Vision Transformers"), human_vit, ctx)
    other_topic = SemanticSimilarity().compute(excerpt("HumanSurvey", "Graph Neural Networks"), human_vit, ctx)
    itself = SemanticSimilarity().compute(human_vit, human_vit, ctx)
    assert same_topic.details["reference_chunks"] > 1  # really chunked
    assert itself.scores["similarity"] == pytest.approx(1.0, abs=1e-6)
    assert same_topic.scores["similarity"] > other_topic.scores["similarity"]
    assert -1.0 <= other_topic.scores["similarity"] <= 1.0
