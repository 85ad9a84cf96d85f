"""Structural overlap (SurveyGen App. D.1): greedy title matching, 2m/(|H|+|G|), hand-computed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from surveybench.metrics.base import MetricContext, load_all
from surveybench.metrics.structural_overlap import (
    Match,
    StructuralOverlap,
    clean_title,
    greedy_matches,
    overlap_score,
    script_overlap_score,
    structure_titles,
    title_overlap,
)
from surveybench.model import Paragraph, Section, Survey


def make_survey(outline: list[tuple[int, str]], *, system: str | None = None, **kw: object) -> Survey:
    """Sections from (level, title) pairs; parents follow the levels."""
    sections: list[Section] = []
    stack: list[Section] = []
    for i, (level, title) in enumerate(outline):
        while stack and stack[-1].level >= level:
            stack.pop()
        s = Section(index=i, level=level, title=title, parent=stack[-1].index if stack else None,
                    paragraphs=[Paragraph(text=f"Text of {title}.")])
        sections.append(s)
        stack.append(s)
    return Survey(id=system or "human", title="T", system=system, sections=sections, **kw)  # type: ignore[arg-type]


# ---- the pure matching ----------------------------------------------------------------------------


def test_greedy_takes_highest_cosine_first() -> None:
    sim = np.array([[0.90, 0.85], [0.95, 0.10]])
    # Order: (1,0)=.95 taken; (0,0)=.90 column 0 used; (0,1)=.85 taken.
    assert greedy_matches(sim) == [Match(1, 0, 0.95), Match(0, 1, 0.85)]
    res = title_overlap(["g0", "g1"], ["h0", "h1"], sim)
    assert res["score"] == 1.0 and res["script_score"] == 0.5 and res["n_matches"] == 2


def test_greedy_is_not_an_optimal_assignment() -> None:
    # An optimal assignment would match 2 pairs; greedy takes (0,0)=.90 and blocks both others.
    sim = np.array([[0.90, 0.85], [0.88, 0.50]])
    assert greedy_matches(sim) == [Match(0, 0, 0.90)]
    assert title_overlap(["a", "b"], ["c", "d"], sim)["score"] == pytest.approx(2 * 1 / 4)


def test_ties_go_to_lower_generated_then_lower_human_index() -> None:
    sim = np.array([[0.9, 0.9], [0.9, 0.2]])
    # (0,0) first among the three ties; (0,1) and (1,0) are then blocked: one match.
    assert greedy_matches(sim) == [Match(0, 0, 0.9)]
    sim2 = np.array([[0.8, 0.8], [0.8, 0.8]])
    assert greedy_matches(sim2) == [Match(0, 0, 0.8), Match(1, 1, 0.8)]


def test_threshold_is_inclusive() -> None:
    assert greedy_matches(np.array([[0.8]])) == [Match(0, 0, 0.8)]
    assert greedy_matches(np.array([[0.7999]])) == []
    assert greedy_matches(np.array([[0.7999]]), threshold=0.5) == [Match(0, 0, 0.7999)]


def test_scores_hand_computed() -> None:
    # 3 generated, 5 human, 2 matches: 2*2/8 = 0.5; the script's variant 2/8 = 0.25.
    assert overlap_score(2, 5, 3) == 0.5
    assert script_overlap_score(2, 5, 3) == 0.25
    assert overlap_score(0, 4, 0) == 0.0
    assert overlap_score(0, 0, 0) is None and script_overlap_score(0, 0, 0) is None


def test_empty_sides() -> None:
    assert greedy_matches(np.zeros((0, 3))) == []
    assert greedy_matches(np.zeros((2, 0))) == []
    assert title_overlap([], ["a", "b", "c"], np.zeros((0, 3)))["score"] == 0.0
    assert title_overlap([], [], np.zeros((0, 0)))["score"] is None
    with pytest.raises(ValueError):
        title_overlap(["a"], ["b", "c"], np.zeros((2, 1)))


def test_identical_outline_scores_one_on_identity_matrix() -> None:
    titles = ["Intro", "Methods", "Results"]
    res = title_overlap(titles, titles, np.eye(3))
    assert res["score"] == 1.0 and [p["generated"] for p in res["pairs"]] == titles


# ---- titles -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("I Introduction", "Introduction"),
        ("III-A Original Visual Transformer", "Original Visual Transformer"),
        ("VIII. Conclusion", "Conclusion"),
        ("2.3.1 Score SDEs", "Score SDEs"),
        ("4. Results", "Results"),
        ("1) Scope", "Scope"),
        ("A. Background", "Background"),
        ("## **3 Methods**:", "Methods"),
        ("A Survey of Surveys", "A Survey of Surveys"),
        ("Civil Engineering Uses", "Civil Engineering Uses"),
        ("CNN-based Detectors", "CNN-based Detectors"),
        ("3D Point Clouds", "3D Point Clouds"),
        ("Équations de Schrödinger et $\\nabla^2 \\psi$", "Équations de Schrödinger et $\\nabla^2 \\psi$"),
    ],
)
def test_clean_title(raw: str, clean: str) -> None:
    assert clean_title(raw) == clean


def test_clean_title_strips_the_printed_number_field() -> None:
    assert clean_title("S1 Scope", "S1") == "Scope"


def test_structure_titles_drop_non_content_and_their_children() -> None:
    s = make_survey([
        (1, "1 Introduction"), (2, "1.1 Scope"),
        (1, "2 Methods"),
        (1, "Acknowledgements"),
        (1, "Appendix A Proofs"), (2, "A.1 Lemma"),
        (1, "References"),
    ])
    s.sections[4].is_content = False  # a reader flags the appendix; its child inherits it
    assert structure_titles(s, top_level_only=True) == ["Introduction", "Methods"]
    assert structure_titles(s, top_level_only=False) == ["Introduction", "Scope", "Methods"]
    assert structure_titles(Survey(id="x", title="x"), top_level_only=True) == []


def test_a_lone_title_heading_is_not_the_top_level() -> None:
    s = make_survey([(1, "A Survey of Graphs"), (2, "1 Introduction"), (3, "1.1 Scope"), (2, "2 Methods")])
    assert structure_titles(s, top_level_only=True) == ["Introduction", "Methods"]
    assert structure_titles(s, top_level_only=False) == ["Introduction", "Scope", "Methods"]
    single = make_survey([(1, "Only"), (2, "Child")])  # no level with two: the deepest one
    assert structure_titles(single, top_level_only=True) == ["Child"]


# ---- the metric with fixed vectors -------------------------------------------------------------


def test_metric_hand_computed_with_fixed_vectors(fixed_embedder: type) -> None:
    emb = fixed_embedder({
        "Introduction": [1, 0, 0, 0],
        "Background": [0, 1, 0, 0],
        "Background and Preliminaries": [0, 0.9, 0.4359, 0],  # cos with Background = 0.9
        "Applications": [0, 0, 1, 0],
        "Future Directions": [0, 0, 0, 1],
        "Open Problems": [0, 0, 0.6, 0.8],  # cos 0.8 with Future Directions: a match
        "Scope": [0.7, 0.7141, 0, 0],  # cos .7 with Introduction, .7141 with Background: none
    })
    human = make_survey([(1, "1 Introduction"), (2, "1.1 Scope"), (1, "2 Background"),
                         (1, "3 Applications"), (1, "4 Future Directions"), (1, "References")])
    gen = make_survey([(1, "Introduction"), (1, "Background and Preliminaries"), (2, "Open Problems")],
                      system="Gen")
    ctx = MetricContext().provide("embedder", emb)
    res = StructuralOverlap().compute(gen, human, ctx)
    # Top level: G = {Introduction, Background and Preliminaries}, H = {Introduction, Background,
    # Applications, Future Directions}: 2 matches -> 2*2/(4+2) = 0.6667; script 2/6.
    assert res.scores["top_level"] == pytest.approx(4 / 6)
    assert res.details["top_level"]["script_score"] == pytest.approx(2 / 6)
    assert [(p["generated"], p["human"]) for p in res.details["top_level"]["pairs"]] == [
        ("Introduction", "Introduction"), ("Background and Preliminaries", "Background")]
    assert res.details["top_level"]["pairs"][1]["cosine"] == pytest.approx(0.9, abs=1e-4)
    # All levels: G has 3, H has 5 (with Scope): Open Problems~Future Directions (0.8) too -> 3
    # matches -> 2*3/8 = 0.75.
    assert res.scores["all_levels"] == pytest.approx(0.75)
    assert res.details["all_levels"]["unmatched_human"] == ["Scope", "Applications"]
    # Every title embedded once, in one call.
    assert len(emb.calls) == 1 and len(emb.calls[0]) == len(set(emb.calls[0])) == 7


def test_metric_identical_and_empty(fixed_embedder: type) -> None:
    emb = fixed_embedder({"A": [1, 0], "B": [0, 1]})
    s = make_survey([(1, "A"), (2, "B")])
    ctx = MetricContext().provide("embedder", emb)
    res = StructuralOverlap().compute(s, s, ctx)
    assert res.scores == {"top_level": 1.0, "all_levels": 1.0}
    empty = Survey(id="e", title="e", system="X")
    res = StructuralOverlap().compute(empty, s, ctx)
    assert res.scores == {"top_level": 0.0, "all_levels": 0.0}
    res = StructuralOverlap().compute(empty, empty, ctx)
    assert res.scores == {"top_level": None, "all_levels": None}
    assert "neither survey" in res.details["top_level"]["reason"]


def test_registered() -> None:
    m = load_all()["structural_overlap"]
    assert m.requires == frozenset({"embedder"}) and m.description and "App. D.1" in m.paper


# ---- real titles, real model --------------------------------------------------------------------


def _outline_survey(dev_dir: Path, topic: str) -> Survey:
    data = json.loads((dev_dir / "HumanSurvey" / "outlines.json").read_text(encoding="utf-8"))
    outline = next(d["outline"] for d in data if d["topic"] == topic)
    rows = [((len(line) - len(line.lstrip(" "))) // 4 + 1, line.strip()) for line in outline.splitlines() if line.strip()]
    return make_survey(rows)


def _markdown_headings(path: Path) -> Survey:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(#{2,4})\s+(.+)$", line)
        if m:
            rows.append((len(m.group(1)) - 1, m.group(2)))
    return make_survey(rows, system=path.parent.name)


def _surveygen_script_count(gen: list[str], gold: list[str], model: object) -> int:
    """The public SurveyGen script's greedy loop (stable sort of the row-major pair list)."""
    a = model.encode(gen, normalize_embeddings=True)  # type: ignore[attr-defined]
    b = model.encode(gold, normalize_embeddings=True)  # type: ignore[attr-defined]
    s = a @ b.T
    flat = [(s[i, j], i, j) for i in range(len(gen)) for j in range(len(gold))]
    flat.sort(reverse=True, key=lambda x: x[0])
    used_a: set[int] = set()
    used_b: set[int] = set()
    for sim, i, j in flat:
        if sim < 0.8:
            break
        if i in used_a or j in used_b:
            continue
        used_a.add(i), used_b.add(j)
    return len(used_a)


def test_real_outlines_with_minilm(minilm_embedder: object, dev_dir: Path) -> None:
    human = _outline_survey(dev_dir, "Vision Transformers")
    gen = _markdown_headings(dev_dir / "SurveyForge" / "Vision Transformers.md")
    ctx = MetricContext().provide("embedder", minilm_embedder)
    res = StructuralOverlap().compute(gen, human, ctx)
    for level in ("top_level", "all_levels"):
        d = res.details[level]
        assert res.scores[level] == pytest.approx(2 * d["n_matches"] / (d["n_human"] + d["n_generated"]))
        assert all(p["cosine"] >= 0.8 for p in d["pairs"])
        assert len({p["human"] for p in d["pairs"]}) == d["n_matches"]  # one-to-one
    top = res.details["top_level"]
    assert ("Introduction", "Introduction") in [(p["generated"], p["human"]) for p in top["pairs"]]
    assert top["n_human"] == 8 and structure_titles(human, top_level_only=True)[-1] == "Discussion and Conclusion"
    # Same matches as the SurveyGen script's loop on the same model and titles (×2 in the score).
    g = structure_titles(gen, top_level_only=False)
    h = structure_titles(human, top_level_only=False)
    assert res.details["all_levels"]["n_matches"] == _surveygen_script_count(g, h, minilm_embedder.model)  # type: ignore[attr-defined]
    # A survey against itself: 1.0 at both levels.
    same = StructuralOverlap().compute(human, human, ctx)
    assert same.scores == {"top_level": 1.0, "all_levels": 1.0}
