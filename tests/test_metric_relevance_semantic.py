"""Relevance_semantic (SurveyX §4.1): mean cosine of references with the topic, hand-computed."""

from __future__ import annotations

import numpy as np
import pytest

from surveybench.metrics.base import MetricContext, load_all
from surveybench.metrics.relevance_semantic import RelevanceSemantic, reference_text, relevance_semantic
from surveybench.model import Reference, Survey


def test_pure_mean_cosine_hand_computed() -> None:
    # Cosines 1, 0, 0.6 -> mean 1.6/3.
    score, per = relevance_semantic(np.array([1.0, 0.0]), np.array([[1.0, 0.0], [0.0, 2.0], [0.6, 0.8]]))
    assert per == pytest.approx([1.0, 0.0, 0.6])
    assert score == pytest.approx(1.6 / 3)
    assert relevance_semantic(np.array([1.0, 0.0]), np.zeros((0, 2))) == (None, [])
    assert relevance_semantic(np.array([1.0, 0.0]), np.array([[0.0, 0.0]]))[0] == 0.0  # a zero vector


def test_reference_text_prefers_title_and_abstract() -> None:
    assert reference_text(Reference(id="1", title="T", abstract="A.")) == ("T. A.", "title+abstract")
    assert reference_text(Reference(id="1", title="T", tldr="short")) == ("T", "title")
    assert reference_text(Reference(id="1", abstract="Only abstract.")) == ("Only abstract.", "abstract")
    assert reference_text(Reference(id="1", tldr="Tl;dr.")) == ("Tl;dr.", "tldr")
    assert reference_text(Reference(id="1", raw="[1] A. B. 2020. Thing.")) == ("[1] A. B. 2020. Thing.", "raw")
    assert reference_text(Reference(id="1", title="  ")) == (None, "none")


def test_metric_hand_computed(fixed_embedder: type) -> None:
    emb = fixed_embedder({
        "Graph neural networks": [1.0, 0.0],
        "GCN. Convolutions on graphs.": [0.8, 0.6],  # cosine 0.8
        "Pasta recipes": [0.0, 1.0],  # cosine 0.0
        "GraphSAGE": [0.6, 0.8],  # cosine 0.6
    })
    cand = Survey(id="g", title="A generated survey", topic="Graph neural networks", system="Sys", references=[
        Reference(id="1", title="GCN", abstract="Convolutions on graphs."),
        Reference(id="2", title="Pasta recipes"),
        Reference(id="3"),  # no text at all: left out
    ])
    human = Survey(id="h", title="Human survey", references=[Reference(id="b0", title="GraphSAGE")])
    res = RelevanceSemantic().compute(cand, human, MetricContext().provide("embedder", emb))
    assert res.scores["relevance_semantic"] == pytest.approx(0.4)  # (0.8 + 0.0) / 2
    assert res.scores["human"] == pytest.approx(0.6)
    c = res.details["candidate"]
    assert (c["n_references"], c["n_with_text"]) == (3, 2)
    assert c["text_sources"] == {"title+abstract": 1, "title": 1, "none": 1}
    assert [(r["id"], r["cosine"]) for r in c["per_reference"]] == [("1", pytest.approx(0.8)), ("2", pytest.approx(0.0))]
    assert res.details["topic"] == "Graph neural networks"


def test_topic_falls_back_to_human_topic_then_title(fixed_embedder: type) -> None:
    emb = fixed_embedder({"Topic H": [1.0, 0.0], "Title G": [0.0, 1.0], "R": [0.0, 1.0]})
    ctx = MetricContext().provide("embedder", emb)
    cand = Survey(id="g", title="Title G", system="S", references=[Reference(id="1", title="R")])
    res = RelevanceSemantic().compute(cand, Survey(id="h", title="x", topic="Topic H"), ctx)
    assert res.details["topic"] == "Topic H" and res.scores["relevance_semantic"] == pytest.approx(0.0)
    res = RelevanceSemantic().compute(cand, Survey(id="h", title="x"), ctx)
    assert res.details["topic"] == "Title G" and res.scores["relevance_semantic"] == pytest.approx(1.0)


def test_empty_reference_lists(fixed_embedder: type) -> None:
    ctx = MetricContext().provide("embedder", fixed_embedder({"T": [1.0, 0.0]}))
    res = RelevanceSemantic().compute(Survey(id="g", title="T", system="S"), Survey(id="h", title="H"), ctx)
    assert res.scores == {"relevance_semantic": None, "human": None}
    assert "no reference" in res.details["candidate"]["reason"]
    res = RelevanceSemantic().compute(Survey(id="g", title=" ", system="S"), Survey(id="h", title="H"), ctx)
    assert res.scores["relevance_semantic"] is None and "no topic" in res.details["reason"]


def test_registered() -> None:
    m = load_all()["relevance_semantic"]
    assert m.requires == frozenset({"embedder"}) and "SurveyX" in m.paper and m.description


def test_real_titles_with_minilm(minilm_embedder: object) -> None:
    """Real paper titles (facts): on-topic references score higher than off-topic ones, and the
    score equals the mean of plain sentence-transformers cosines."""
    topic = "Graph Neural Networks"
    on = ["Semi-Supervised Classification with Graph Convolutional Networks",
          "Inductive Representation Learning on Large Graphs", "Graph Attention Networks"]
    off = ["Denoising Diffusion Probabilistic Models", "Deep Residual Learning for Image Recognition"]
    refs = [Reference(id=str(i), title=t) for i, t in enumerate(on + off)]
    cand = Survey(id="g", title="x", topic=topic, system="S", references=refs[:3])
    human = Survey(id="h", title="y", references=refs[3:])
    res = RelevanceSemantic().compute(cand, human, MetricContext().provide("embedder", minilm_embedder))
    st = minilm_embedder.model  # type: ignore[attr-defined]
    tv = st.encode([topic], normalize_embeddings=True)[0]
    expected_on = float(np.mean(st.encode(on, normalize_embeddings=True) @ tv))
    expected_off = float(np.mean(st.encode(off, normalize_embeddings=True) @ tv))
    assert res.scores["relevance_semantic"] == pytest.approx(expected_on, abs=1e-5)
    assert res.scores["human"] == pytest.approx(expected_off, abs=1e-5)
    assert res.scores["relevance_semantic"] > res.scores["human"]
