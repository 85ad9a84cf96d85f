"""Reference statistics (NR, CD, RR@k) and reference distributions (KS tests), by hand."""

from __future__ import annotations

import pytest

from surveybench.metrics.base import MetricContext, get_metric
from surveybench.metrics.reference_distribution import (
    author_h_index,
    citations_per_year,
    ks_test,
    reference_values,
    venue_h_index,
)
from surveybench.metrics.reference_stats import citation_density, citation_keys, recency_ratios
from surveybench.model import Author, CitationMark, Paragraph, Reference, Section, Survey, Venue


def test_recency_ratios_by_hand() -> None:
    # survey year 2024; gaps 0, 1, 2, 4, 9, 12 and one unknown year
    years = [2024, 2023, 2022, 2020, 2015, 2012, None]
    rr = recency_ratios(years, 2024)
    assert rr == {1: 1 / 6, 3: 3 / 6, 5: 4 / 6, 7: 4 / 6, 10: 5 / 6}
    assert recency_ratios([2025], 2024)[1] == 1.0  # dated after the survey: recent
    assert recency_ratios([], 2024) == {k: None for k in (1, 3, 5, 7, 10)}
    assert recency_ratios([2020], None)[3] is None


def test_citation_density_by_hand() -> None:
    assert citation_density(3, 600) == 3 / 600 * 1e4 == 50.0
    assert citation_density(0, 0) is None


def survey_with_text(sid: str, system: str | None, year: int | None, refs: list[Reference]) -> Survey:
    # paragraph 1: 40 characters citing r1 twice and r2; paragraph 2: 20 characters citing r3
    # plus an unresolved [9]; the reference section's text and markers do not count.
    p1 = Paragraph(
        text="A" * 30 + " [1] [1,2]",
        citations=[
            CitationMark(marker="[1]", ref_ids=["r1"]),
            CitationMark(marker="[1,2]", ref_ids=["r1", "r2"]),
        ],
    )
    p2 = Paragraph(
        text="B" * 12 + " [3] [9]",
        citations=[CitationMark(marker="[3]", ref_ids=["r3"]), CitationMark(marker="[9]", unresolved=["9"])],
    )
    refsec = Paragraph(text="[4] Something", citations=[CitationMark(marker="[4]", ref_ids=["r4"])])
    return Survey(
        id=sid,
        title="S",
        system=system,
        year=year,
        sections=[
            Section(index=0, title="Intro", paragraphs=[p1, p2]),
            Section(index=1, title="References", is_content=False, paragraphs=[refsec]),
        ],
        references=refs,
    )


REFS = [
    Reference(id="r1", title="One", year=2023, citation_count=10,
              authors=[Author(name="A", h_index=10), Author(name="B", h_index=3), Author(name="C", h_index=5)],
              venue=Venue(name="V", h_index=100)),
    Reference(id="r2", title="Two", publication_date="2019-05-01", citation_count=60,
              authors=[Author(name="D", h_index=7)]),
    Reference(id="r3", title="Three"),  # no metadata at all
    Reference(id="r4", title="Four", year=2000),  # cited only in the reference section
]


def test_reference_stats_by_hand() -> None:
    cand = survey_with_text("g", "X", None, REFS)
    human = survey_with_text("h", None, 2024, REFS[:2])
    res = get_metric("reference_stats").compute(cand, human, MetricContext())
    # NR: distinct works cited anywhere (r1, r2, r3, r4) = 4
    assert res.scores["nr"] == 4.0
    # keys in content paragraphs: r1, r2, r3, unresolved "9" = 4 over 40 + 20 characters
    assert citation_keys(cand) == {"id:r1", "id:r2", "id:r3", "key:9"}
    assert res.scores["cd"] == pytest.approx(4 / 60 * 1e4)
    # survey year falls back to the human survey's (2024); years known: 2023, 2019, 2000
    assert res.details["survey_year"] == 2024
    assert (res.details["n_used"], res.details["n_total"]) == (3, 4)
    assert res.scores["rr@1"] == 0.0
    assert res.scores["rr@3"] == 1 / 3
    assert res.scores["rr@10"] == 2 / 3
    assert res.details["human"]["nr"] == 2.0  # r1 and r2 exist in the human list; r3, r4 do not
    opt = get_metric("reference_stats").compute(cand, human, MetricContext(options={"survey_year": 2023}))
    assert opt.details["survey_year"] == 2023 and opt.scores["rr@1"] == 1 / 3


def test_reference_stats_without_sections_or_years() -> None:
    bare = Survey(id="g", title="G", system="X", references=[Reference(id="a", title="A")])
    res = get_metric("reference_stats").compute(bare, bare, MetricContext())
    assert res.scores["nr"] == 1.0  # no in-text citations: the list counts
    assert res.details["scope"].startswith("listed")
    assert res.scores["cd"] is None and res.scores["rr@5"] is None
    assert "survey year" in res.details["reasons"]["rr@5"]
    empty = Survey(id="e", title="E", system="X")
    res = get_metric("reference_stats").compute(empty, empty, MetricContext())
    assert res.scores["nr"] == 0.0 and res.scores["cd"] is None


def test_per_reference_quantities() -> None:
    r1, r2, r3, _ = REFS
    assert citations_per_year(r1, 2025) == 10 / 2
    assert citations_per_year(r2, 2019) == 60 / 1  # same year: divided by 1, not 0
    assert citations_per_year(r3, 2025) is None
    assert author_h_index(r1) == 10 + 5  # first + last
    assert author_h_index(r2) == 7  # a single author counts once
    assert author_h_index(r3) is None
    assert venue_h_index(r1) == 100 and venue_h_index(r2) is None
    vals = reference_values(REFS[:3], 2024, 2025)
    assert vals == {
        "citations_per_year": [5.0, 10.0],
        "years_gap": [1.0, 5.0],
        "author_h_index": [15.0, 7.0],
        "venue_h_index": [100.0],
    }


def test_ks_test_by_hand() -> None:
    assert ks_test([1, 2, 3], [1, 2, 3]) == (0.0, 1.0)
    d, p = ks_test([1, 2], [3, 4])
    assert d == 1.0
    assert p == pytest.approx(1 / 3)  # exact two-sided p for n = m = 2: 2 / C(4, 2)
    assert ks_test([], [1.0]) == (None, None)


def test_reference_distribution_metric() -> None:
    cand = survey_with_text("g", "X", 2024, REFS)
    human = survey_with_text("h", None, 2024, REFS)
    ctx = MetricContext(options={"citations_as_of_year": 2025})
    res = get_metric("reference_distribution").compute(cand, human, ctx)
    # identical reference sets: every distribution is the same
    assert res.scores["ks_years_gap"] == 0.0 and res.scores["p_years_gap"] == 1.0
    assert res.scores["ks_venue_h_index"] == 0.0
    q = res.details["quantities"]["citations_per_year"]
    assert (q["n_used"], q["n_total"]) == (2, 4)
    # a generated survey without metadata: n/a with a reason
    bare = survey_with_text("b", "X", 2024, [Reference(id=f"r{k}", title=f"T{k}") for k in range(1, 5)])
    res = get_metric("reference_distribution").compute(bare, human, ctx)
    assert res.scores["ks_author_h_index"] is None and res.scores["p_author_h_index"] is None
    assert "generated survey" in res.details["reasons"]["ks_author_h_index"]
