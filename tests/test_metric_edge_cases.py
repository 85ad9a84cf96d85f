"""The issue-3 edge cases, for EVERY reference-based metric in one place.

Each metric is run on the same small hand-written surveys:

* identical surveys (the candidate is the human survey with ``system`` set) -> the scores the
  metric's formula gives for a perfect copy (1.0 where the metric allows it);
* a candidate with an empty reference list;
* a candidate without sections (reference list only);
* titles (of the survey, its sections and its references) in Unicode and LaTeX.

Expected values follow from the formulas in the metric docstrings, not from the code's output.
Embedding metrics use the real MiniLM model (identical text -> cosine 1 up to float error);
the unicode/LaTeX case must embed those titles without error and match them to themselves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from surveybench.metrics.base import MetricContext, get_metric, load_all
from surveybench.metrics.title_index import TitleIndex
from surveybench.model import Author, CitationMark, Paragraph, Reference, Section, Survey, Venue

load_all()

REFS = [
    Reference(id="r1", title=r"Schr{\"o}dinger bridges for $\alpha$-divergence generative models",
              year=2023, citation_count=20, authors=[Author(name="Zoë Ñúñez", h_index=12)],
              venue=Venue(name="NeurIPS", h_index=300)),
    Reference(id="r2", title="Ünsupervised 学习 of graph neural networks — a Ψ-view", year=2020,
              citation_count=90, authors=[Author(name="Łukasz Żółć", h_index=40)],
              venue=Venue(name="ICML", h_index=250)),
    Reference(id="r3", title="Attention Is All You Need", doi="10.5555/3295222.3295349", year=2017,
              citation_count=9000, authors=[Author(name="A. Vaswani", h_index=60)],
              venue=Venue(name="NeurIPS", h_index=300)),
]
TITLES = [r.title for r in REFS]


def _cited(text: str, marks: dict[str, str]) -> Paragraph:
    cites = [CitationMark(marker=m, ref_ids=[r], start=text.index(m), end=text.index(m) + len(m)) for m, r in marks.items()]
    return Paragraph(text=text, citations=cites)


def _human() -> Survey:
    """Two top-level sections (unicode / LaTeX titles), one subsection, a reference section."""
    p1 = _cited("Schrödinger bridges interpolate between distributions [1]. Graph networks [2] differ.",
                {"[1]": "r1", "[2]": "r2"})
    p2 = _cited("Self-attention replaced recurrence entirely [3], see also [1].", {"[3]": "r3", "[1]": "r1"})
    p3 = Paragraph(text="Ψ-equivariant message passing keeps the group structure intact.")
    return Survey(
        id="h", title=r"A Survey of $\alpha$-Divergences and Schrödinger Bridges", topic="Schrödinger bridges",
        year=2024,
        sections=[
            Section(index=0, level=1, title=r"1 Schr{\"o}dinger Bridges and $\alpha$-Divergences", paragraphs=[p1]),
            Section(index=1, level=2, parent=0, title="1.1 Ψ-Equivariant Graph Networks", paragraphs=[p3]),
            Section(index=2, level=1, title="2 Attention Ünd Transformers", paragraphs=[p2]),
            Section(index=3, level=1, title="References", is_content=False),
        ],
        references=REFS,
    )


HUMAN = _human()
IDENTICAL = HUMAN.model_copy(update={"system": "Copy", "id": "g"})
# Same text and markers, but the reference list is empty: the markers resolve to nothing.
NO_REFS = HUMAN.model_copy(update={"system": "NoRefs", "id": "g", "references": [], "sections": [
    s.model_copy(update={"paragraphs": [p.model_copy(update={"citations": [
        c.model_copy(update={"ref_ids": [], "unresolved": [c.marker.strip("[]")]}) for c in p.citations]})
        for p in s.paragraphs]}) for s in HUMAN.sections]})
NO_SECTIONS = HUMAN.model_copy(update={"system": "Flat", "id": "g", "sections": []})


@pytest.fixture(scope="module")
def ctx(minilm_embedder: object, minilm_path: Path) -> MetricContext:
    index = TitleIndex.build(TITLES + ["Deep residual learning for image recognition"])
    c = MetricContext(options={"bertscore_model": str(minilm_path), "citations_as_of_year": 2025})
    return c.provide("embedder", minilm_embedder).provide("title_index", index)


def run(name: str, cand: Survey, ctx: MetricContext, ref: Survey = HUMAN) -> dict:
    return get_metric(name).compute(cand, ref, ctx).scores


# ---- identical surveys ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("metric", "expected"),
    [
        ("rouge", {k: 1.0 for k in ("rouge1", "rouge2", "rougeL", "rougeLsum")}),
        ("citation_set", {"precision": 1.0, "recall": 1.0, "f1": 1.0, "iou": 1.0}),
        ("citation_set_listed", {"precision": 1.0, "recall": 1.0, "f1": 1.0, "iou": 1.0}),
        ("citation_accuracy", {"accuracy": 1.0}),  # all three titles are in the index
        ("structural_overlap", {"top_level": 1.0, "all_levels": 1.0}),  # 2*2/(2+2), 2*3/(3+3)
        ("semantic_similarity", {"similarity": 1.0}),
        ("bertscore", {"precision": 1.0, "recall": 1.0, "f1": 1.0}),
    ],
)
def test_identical_surveys_score_one(metric: str, expected: dict, ctx: MetricContext) -> None:
    scores = run(metric, IDENTICAL, ctx)
    assert set(scores) == set(expected)
    for k, v in expected.items():
        assert scores[k] == pytest.approx(v, abs=1e-5), (metric, k, scores[k])


def test_identical_reference_stats_equal_the_human_numbers(ctx: MetricContext) -> None:
    res = get_metric("reference_stats").compute(IDENTICAL, HUMAN, ctx)
    # NR = 3 cited works; keys {r1, r2, r3}; RR@k against 2024 of years 2023, 2020, 2017:
    # gaps 1, 4, 7 -> RR@1 = 0, RR@3 = 1/3, RR@5 = 2/3, RR@7 = 2/3, RR@10 = 1.
    chars = sum(len(p.text) for _, p in HUMAN.paragraphs(content_only=True))
    expected = {"nr": 3.0, "cd": 3 / chars * 1e4, "rr@1": 0.0, "rr@3": 1 / 3, "rr@5": 2 / 3, "rr@7": 2 / 3, "rr@10": 1.0}
    assert res.scores == pytest.approx(expected)
    assert res.details["human"] == pytest.approx(expected)


def test_identical_reference_distributions_do_not_differ(ctx: MetricContext) -> None:
    scores = run("reference_distribution", IDENTICAL, ctx)
    for q in ("citations_per_year", "years_gap", "author_h_index", "venue_h_index"):
        assert scores[f"ks_{q}"] == 0.0 and scores[f"p_{q}"] == 1.0, q


def test_identical_relevance_semantic_equals_the_human_score(ctx: MetricContext) -> None:
    scores = run("relevance_semantic", IDENTICAL, ctx)
    assert scores["relevance_semantic"] == pytest.approx(scores["human"], abs=1e-6)
    assert -1.0 <= scores["relevance_semantic"] <= 1.0


# ---- empty reference lists --------------------------------------------------------------------------


def test_empty_reference_list(ctx: MetricContext) -> None:
    assert run("citation_set", NO_REFS, ctx) == {"precision": None, "recall": 0.0, "f1": 0.0, "iou": 0.0}
    assert run("citation_set_listed", NO_REFS, ctx) == {"precision": None, "recall": 0.0, "f1": 0.0, "iou": 0.0}
    assert run("citation_accuracy", NO_REFS, ctx) == {"accuracy": None}
    assert run("relevance_semantic", NO_REFS, ctx)["relevance_semantic"] is None
    stats = run("reference_stats", NO_REFS, ctx)
    # no reference resolves: NR = 0; the markers still name 3 distinct keys (1, 2, 3) -> CD
    # counts them; RR@k has no years -> undefined
    chars = sum(len(p.text) for _, p in HUMAN.paragraphs(content_only=True))
    assert stats["nr"] == 0.0 and stats["cd"] == pytest.approx(3 / chars * 1e4)
    assert all(stats[f"rr@{k}"] is None for k in (1, 3, 5, 7, 10))
    dist = run("reference_distribution", NO_REFS, ctx)
    assert all(v is None for v in dist.values())
    # text-only metrics do not depend on references: the text is the same -> 1.0
    assert run("rouge", NO_REFS, ctx)["rougeL"] == pytest.approx(1.0)
    assert run("structural_overlap", NO_REFS, ctx)["all_levels"] == pytest.approx(1.0)


# ---- no sections ------------------------------------------------------------------------------------


def test_no_sections(ctx: MetricContext) -> None:
    # text metrics: nothing to compare -> None (undefined), never a silent 0 or 1
    assert all(v is None for v in run("rouge", NO_SECTIONS, ctx).values())
    assert run("semantic_similarity", NO_SECTIONS, ctx) == {"similarity": None}
    assert run("bertscore", NO_SECTIONS, ctx)["f1"] is None
    # one side has titles, the other none: 2*0/(|H|+0) = 0
    assert run("structural_overlap", NO_SECTIONS, ctx) == {"top_level": 0.0, "all_levels": 0.0}
    # reference metrics fall back to the reference list: the same three papers
    assert run("citation_set", NO_SECTIONS, ctx) == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "iou": 1.0}
    assert run("citation_accuracy", NO_SECTIONS, ctx) == {"accuracy": 1.0}
    stats = run("reference_stats", NO_SECTIONS, ctx)
    assert stats["nr"] == 3.0 and stats["cd"] is None  # no body text: density undefined
    assert stats["rr@10"] == 1.0


# ---- unicode and LaTeX titles ---------------------------------------------------------------------


def test_unicode_and_latex_titles_match_their_plain_forms(ctx: MetricContext) -> None:
    # the candidate writes the same titles in plain Unicode instead of LaTeX
    plain = {"r1": "Schrödinger Bridges for α-Divergence Generative Models"}
    refs = [r.model_copy(update={"title": plain.get(r.id, r.title)}) for r in REFS]
    sections = [s.model_copy(update={"title": "1 Schrödinger Bridges and α-Divergences"}) if s.index == 0 else s
                for s in HUMAN.sections]
    cand = HUMAN.model_copy(update={"system": "Plain", "id": "g", "references": refs, "sections": sections})
    assert run("citation_set", cand, ctx) == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "iou": 1.0}
    assert run("citation_accuracy", cand, ctx) == {"accuracy": 1.0}
    res = get_metric("structural_overlap").compute(cand, HUMAN, ctx)
    # the LaTeX and Unicode forms of section 1 are near-identical for the embedder
    assert res.scores["top_level"] == 1.0
    pairs = {(p["generated"], p["human"]) for p in res.details["top_level"]["pairs"]}
    assert ("Schrödinger Bridges and α-Divergences", r"Schr{\"o}dinger Bridges and $\alpha$-Divergences") in pairs
    # ROUGE tokens: non-ASCII letters are separators in rouge-score; the text is identical -> 1.0
    assert run("rouge", cand, ctx)["rouge1"] == pytest.approx(1.0)


def test_unicode_and_latex_titles_reach_the_embedder_unchanged(ctx: MetricContext, minilm_embedder: object) -> None:
    """Relevance_semantic on Unicode/LaTeX titles equals the plain sentence-transformers mean
    cosine of exactly those strings with the topic (SurveyX §4.1)."""
    import numpy as np

    st = minilm_embedder.model  # type: ignore[attr-defined]
    scores = run("relevance_semantic", IDENTICAL, ctx)
    topic = st.encode([HUMAN.topic], normalize_embeddings=True)[0]
    expected = float(np.mean(st.encode(TITLES, normalize_embeddings=True) @ topic))
    assert scores["relevance_semantic"] == pytest.approx(expected, abs=1e-5)
