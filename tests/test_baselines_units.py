"""Baselines plumbing without an LLM: QUAL-SG scoring by hand, outline parsing, citation
linking, candidate loading and co-citation expansion."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from surveybench.baselines import qualsg
from surveybench.baselines.assemble import to_markdown
from surveybench.baselines.citations import CitationRegistry, expand_numbers, link_numbered, link_titles, title_matcher
from surveybench.baselines.outline import parse_autosurvey_outline, parse_surveygen_outline
from surveybench.baselines.retrieval import CandidateError, co_cited, load_candidates, published_before, top_n
from surveybench.judges.types import ParseError
from surveybench.model import Author, Reference, Venue
from surveybench.prompts import generation as G


# ---- QUAL-SG (SurveyGen §2.4, App. C), values computed by hand ---------------------------------

def _four() -> list[Reference]:
    return [
        Reference(id="A", citation_count=100, year=2010,
                  authors=[Author(name="a1", h_index=10), Author(name="a2", h_index=30)],
                  venue=Venue(h_index=50)),
        Reference(id="B", citation_count=40, year=2018, authors=[Author(name="b", h_index=5)]),
        Reference(id="C", venue=Venue(h_index=100)),
        Reference(id="D", citation_count=3, year=2019,
                  authors=[Author(name="d1"), Author(name="d2", h_index=2)], venue=Venue(h_index=50)),
    ]


def test_indicators_and_levels_by_hand() -> None:
    refs = _four()
    cit = [qualsg.citation_indicator(r, 2020) for r in refs]
    assert cit == [10.0, 20.0, None, 3.0]  # citations per year since publication
    assert [qualsg.author_indicator(r) for r in refs] == [40.0, 5.0, None, 2.0]
    assert [qualsg.venue_indicator(r) for r in refs] == [50.0, None, 100.0, 50.0]
    # descending percentile p = rank/n (ties averaged), level = 5 - ceil(4p); None stays None
    # citations: 20 -> p=1/3 -> 3; 10 -> 2/3 -> 2; 3 -> 1 -> 1
    assert qualsg.percentile_levels(cit) == [2, 3, None, 1]
    # venue: 100 -> 1/3 -> 3; the two 50s share rank 2.5 -> p=5/6 -> 1
    assert qualsg.percentile_levels([50.0, None, 100.0, 50.0]) == [1, None, 3, 1]
    assert qualsg.percentile_levels([40.0, 5.0, None, 2.0]) == [3, 2, None, 1]
    assert qualsg.percentile_levels([1.0, 2.0, 3.0, 4.0]) == [1, 2, 3, 4]  # exact quartiles
    assert qualsg.percentile_levels([None, None]) == [None, None]
    assert qualsg.percentile_levels([7.0]) == [1]


def test_levels_match_the_release_binning() -> None:
    """Same quartile levels as the SurveyGen release's pandas binning (rank(pct=True,
    ascending=False) cut into 4 bins, Q1 best), on random data with ties and gaps."""
    import pandas as pd

    rng = np.random.default_rng(0)
    for _ in range(20):
        n = int(rng.integers(1, 40))
        vals = [None if rng.random() < 0.2 else float(rng.integers(0, 8)) for _ in range(n)]
        s = pd.Series([np.nan if v is None else v for v in vals])
        ranks = s.rank(method="average", pct=True, ascending=False)
        bins = pd.cut(ranks, bins=np.linspace(0, 1, 5), labels=[4, 3, 2, 1], include_lowest=True)
        expected = [None if pd.isna(b) else int(b) for b in bins]
        assert qualsg.percentile_levels(vals) == expected, vals


def test_academic_impact_weights_from_app_c() -> None:
    w = qualsg.ImpactWeights()
    assert (w.citation, w.venue, w.author) == (0.5, 0.3, 0.2)
    got = qualsg.impact_scores(_four(), 2020)
    # A: .5*2+.3*1+.2*3 = 1.9; B (no venue): (.5*3+.2*2)/.7; C (venue only): .3*3/.3; D: 1
    assert got == pytest.approx([1.9, 1.9 / 0.7, 3.0, 1.0])
    assert qualsg.academic_impact([None], [None], [None]) == [None]


def test_diversity_ranks_and_selection_by_hand() -> None:
    v = np.array([[1, 0], [0, 1], [1, 0], [0.6, 0.8]], dtype=np.float32)
    s_d = qualsg.diversity_scores(v)
    assert s_d == pytest.approx([1.4 / 3, 2.2 / 3, 1.4 / 3, 1 / 3], abs=1e-6)
    assert qualsg.diversity_scores(v[:1]) == [0.0]
    s_t = [5.0, 3.0, None, 4.0]  # C's relevance judgement failed: ranked last
    s_a = [1.9, 1.9 / 0.7, 3.0, 1.0]
    assert qualsg.ranks_desc(s_t) == [1, 3, 4, 2]
    assert qualsg.ranks_desc(s_a) == [3, 2, 1, 4]
    assert qualsg.ranks_desc(s_d) == [2.5, 1, 2.5, 4]
    # A (1+3+2.5)/3, B (3+2+1)/3, C (4+1+2.5)/3, D (2+4+4)/3
    assert qualsg.average_ranks(s_t, s_a, s_d) == pytest.approx([6.5 / 3, 2.0, 2.5, 10 / 3])
    assert qualsg.select_top_k(s_t, s_a, s_d, 2) == [1, 0]
    assert qualsg.select_top_k(s_t, s_a, s_d, 3) == [1, 0, 2]
    assert qualsg.select_top_k(s_t, s_a, s_d, 10) == [1, 0, 2, 3]


# ---- outlines -------------------------------------------------------------------------------

def test_parse_surveygen_outline() -> None:
    reply = """Here you go:
```json
{"title": "Vision Survey", "outline": [
  {"section_title": "Introduction", "description": "Why.", "subsections": {}},
  {"section_title": "Methods", "description": "How.",
   "subsections": {"CNNs": "conv nets", "...": "...", "Transformers": "attention"}}
]}
```"""
    o = parse_surveygen_outline(reply)
    assert o.title == "Vision Survey"
    assert [s.title for s in o.sections] == ["Introduction", "Methods"]
    assert [c.title for c in o.sections[1].children] == ["CNNs", "Transformers"]
    assert [(i, j, n.title) for i, j, n in o.leaves()] == [
        (0, None, "Introduction"), (1, 0, "CNNs"), (1, 1, "Transformers")]
    assert "Subsection 2.2: Transformers" in o.as_text()
    for bad in ("no json here", '{"title": "x"}', '{"outline": []}', '{"outline": [{"x": 1}]}'):
        with pytest.raises(ParseError):
            parse_surveygen_outline(bad)
    # SmolLM2-135M's actual reply to the App. I prompt: the format example echoed back.
    echo = G.SG_OUTLINE_TASK1.render(topic="GNNs").split("```")[1]
    with pytest.raises(ParseError, match="repeats the prompt's example"):
        parse_surveygen_outline(echo)


def test_parse_autosurvey_outline() -> None:
    reply = """<format>
Title: [A Survey of Graph Learning]
Section 1: Introduction
Description 1: Motivation and scope.

**Section 2**: Methods
Description 2: Spectral and spatial methods.
</format>"""
    o = parse_autosurvey_outline(reply)
    assert o.title == "A Survey of Graph Learning"
    assert [(s.title, s.description) for s in o.sections] == [
        ("Introduction", "Motivation and scope."), ("Methods", "Spectral and spatial methods.")]
    sub = parse_autosurvey_outline("Subsection 1: Spectral\nDescription 1: Laplacians\n"
                                   "Subsection 2: Spatial", unit="subsection")
    assert [s.title for s in sub.sections] == ["Spectral", "Spatial"]
    with pytest.raises(ParseError):
        parse_autosurvey_outline("I cannot help with that.")
    with pytest.raises(ParseError):
        parse_autosurvey_outline("Title: [TITLE OF THE SURVEY]\nSection 1: [NAME OF SECTION 1]\n"
                                 "Section K: [NAME OF SECTION K]")


# ---- citations ------------------------------------------------------------------------------

def test_expand_numbers() -> None:
    assert expand_numbers("1, 3-5") == [1, 3, 4, 5]
    assert expand_numbers("2; 2 and 7") == [2, 7]
    assert expand_numbers("1990-2020") == []


def test_link_numbered_renumbers_survey_wide() -> None:
    a, b, c = (Reference(id=x, title=f"Paper {x}") for x in "abc")
    local = {1: ("a", lambda: a), 2: ("b", lambda: b), 3: ("c", lambda: c)}
    reg = CitationRegistry()
    # First unit cites local 3 first: it becomes [1] survey-wide.
    p1 = link_numbered("Early work ref [3].\n\nThen ref [1], ref [2] and [2-3].", local, reg)
    assert [p.text for p in p1] == ["Early work [1].", "Then [2], [3] and [3, 1]."]
    marks = p1[1].citations
    assert [(m.marker, m.ref_ids) for m in marks] == [("[2]", ["2"]), ("[3]", ["3"]), ("[3, 1]", ["3", "1"])]
    for m in marks:
        assert p1[1].text[m.start:m.end] == m.marker
    assert [(r.id, r.title, r.numbers) for r in reg.references] == [
        ("1", "Paper c", ["1"]), ("2", "Paper a", ["2"]), ("3", "Paper b", ["3"])]
    # A number the prompt never listed stays as printed and is recorded unresolved.
    p2 = link_numbered("Unknown ref [9] and glued[1].", local, reg)
    assert p2[0].text == "Unknown ref [9] and glued [2]."
    assert p2[0].citations[0].unresolved == ["9"] and p2[0].citations[0].ref_ids == []
    assert p2[0].citations[1].ref_ids == ["2"]
    assert len(reg) == 3


def test_link_titles_fuzzy() -> None:
    cands = [Reference(id="x", title="Attention Is All You Need"),
             Reference(id="y", title="Deep Residual Learning for Image Recognition")]
    match = title_matcher(cands)
    reg = CitationRegistry()
    ps = link_titles("Transformers [attention is all you need; Deep residual learning for "
                     "image recognition] beat RNNs [A Paper That Does Not Exist At All]. [sic]",
                     match, cands, reg)
    p = ps[0]
    assert p.text.startswith("Transformers [1, 2] beat RNNs [A Paper That Does Not Exist At All].")
    assert p.citations[0].ref_ids == ["1", "2"]
    assert p.citations[1].unresolved == ["A Paper That Does Not Exist At All"]
    assert len(p.citations) == 2  # "[sic]" is prose, not a citation
    assert [r.title for r in reg.references] == [c.title for c in cands]


# ---- retrieval ------------------------------------------------------------------------------

def test_co_citation_expansion_by_hand() -> None:
    p1 = Reference(id="p1", referenced_works=["W1", "W2", "W3"])
    p2 = Reference(id="p2", referenced_works=["https://openalex.org/W2", "W3", "W3"])
    p3 = Reference(id="p3", referenced_works=["https://openalex.org/W3", "W4"])
    q2 = Reference(id="q2", openalex_id="W2")
    q3 = Reference(id="q3", openalex_id="https://openalex.org/w3")
    q4 = Reference(id="q4", openalex_id="W4")
    pool = [p1, p2, p3, q4, q2, q3]
    # W3 cited by 3 selected papers, W2 by 2, W4 by 1 (below the threshold of 2)
    assert co_cited([p1, p2, p3], pool) == [5, 4]
    assert co_cited([p1, p2, p3], pool, limit=1) == [5]
    assert top_n([0.1, 0.9, 0.5, 0.9], 3) == [1, 3, 2]


def test_published_before() -> None:
    r = Reference(id="1", year=2018, publication_date="2018-03-01")
    assert not published_before(r, "2018-02-01")
    assert published_before(r, "2018-03-02")
    assert not published_before(Reference(id="2", year=2018), "2018")
    assert published_before(Reference(id="3", year=2017), "2018")
    assert published_before(Reference(id="4"), "2018")  # unknown date kept
    assert published_before(r, None)


def test_load_candidates(tmp_path: Path) -> None:
    good = tmp_path / "c.jsonl"
    good.write_text(json.dumps({"id": 7, "title": "T", "citation_count": 3}) + "\n\n"
                    + json.dumps({"title": "U", "venue": {"h_index": 4}}) + "\n")
    refs = load_candidates(good)
    assert [(r.id, r.title) for r in refs] == [("7", "T"), ("1", "U")]
    assert refs[1].venue is not None and refs[1].venue.h_index == 4
    lst = tmp_path / "c.json"
    lst.write_text(json.dumps({"references": [{"id": "a", "title": "x"}]}))
    assert load_candidates(lst)[0].id == "a"
    cases = {
        "bad.jsonl": ('{"title": "ok"}\n{broken', "line 2: invalid JSON"),
        "typed.jsonl": ('{"title": "ok", "citation_count": "many"}', "line 1: field 'citation_count'"),
        "empty.json": ("  ", "empty file"),
        "dup.json": ('[{"id": "a"}, {"id": "a"}]', "duplicate candidate ids"),
        "scalar.json": ("3", "expected a list"),
    }
    for name, (body, msg) in cases.items():
        f = tmp_path / name
        f.write_text(body)
        with pytest.raises(CandidateError, match=msg) as ei:
            load_candidates(f)
        assert name in str(ei.value)
    with pytest.raises(CandidateError, match="no such file"):
        load_candidates(tmp_path / "missing.jsonl")


def test_prompts_cite_their_sources() -> None:
    for p in G.ALL:
        assert ("SurveyGen" in p.source and "App. I" in p.source) or (
            "AutoSurvey" in p.source and "App. F" in p.source), p.name
    assert G.SG_SECTION_TASK2.placeholders == ("outline", "references_list", "subsection_title", "topic")
    text = G.SG_OUTLINE_TASK1.render(topic="GNNs")
    assert '"section_title": "SECTION TITLE 1"' in text and "topic GNNs" in text


def test_markdown_rendering() -> None:
    from surveybench.baselines.assemble import assemble_survey
    from surveybench.baselines.outline import Outline, OutlineNode

    reg = CitationRegistry()
    paras = link_numbered("Seminal ref [1].", {1: ("k", lambda: Reference(
        id="z", title="LeNet", year=1998, authors=[Author(name="Y. LeCun")], doi="10.1/x"))}, reg)
    outline = Outline("My Survey", [OutlineNode("Intro", children=[OutlineNode("History")])])
    s = assemble_survey(topic="t", system="topic-only", outline=outline,
                        units={(0, 0): paras}, registry=reg)
    assert s.system == "topic-only" and s.id == "topic-only:t"
    assert [(x.index, x.level, x.number, x.parent) for x in s.sections] == [(0, 1, "1", None), (1, 2, "1.1", 0)]
    assert s.cited_ref_ids() == ["1"]
    md = to_markdown(s)
    assert md.splitlines()[:5] == ["# My Survey", "", "## 1 Intro", "", "### 1.1 History"]
    assert "Seminal [1]." in md
    assert '[1] Y. LeCun, "LeNet," 1998. https://doi.org/10.1/x' in md


def test_markdown_reads_back(tmp_path: Path) -> None:
    """A generated survey written as Markdown is read back by the Markdown reader with the same
    structure, citations and reference titles."""
    read_survey = pytest.importorskip("surveybench.readers").read_survey
    from surveybench.baselines.assemble import assemble_survey
    from surveybench.baselines.outline import Outline, OutlineNode

    reg = CitationRegistry()

    def mk(title: str, venue: Venue | None):
        return lambda: Reference(id="z", title=title, year=2020, venue=venue,
                                 authors=[Author(name="A. B"), Author(name="C. D")])

    local = {1: ("a", mk("Paper Alpha on things", Venue(name="NeurIPS"))),
             2: ("b", mk("Paper Beta: other things", None))}
    outline = Outline("My Survey", [OutlineNode("Intro", children=[OutlineNode("History"), OutlineNode("Now")]),
                                    OutlineNode("Methods"), OutlineNode("Outlook")])
    units = {(0, 0): link_numbered("Start ref [1].", local, reg),
             (0, 1): link_numbered("More ref [2] and ref [1].", local, reg),
             (1, None): link_numbered("M ref [2].", local, reg)}
    s = assemble_survey(topic="t", system="x", outline=outline, units=units, registry=reg)
    f = tmp_path / "g.md"
    f.write_text(to_markdown(s), encoding="utf-8")
    back = read_survey(f, system="x")
    assert back.title == "My Survey"
    assert [(x.number, x.title, x.level) for x in back.content_sections()] == [
        (x.number, x.title, x.level) for x in s.sections]
    assert [r.title for r in back.references] == ["Paper Alpha on things", "Paper Beta: other things"]
    assert [[m.ref_ids for m in p.citations] for _, p in back.paragraphs()] == [
        [["1"]], [["2"], ["1"]], [["2"]]]


def test_example_titles_are_kept_only_on_request_and_with_a_warning() -> None:
    from surveybench.baselines.outline import AutoSurveyOutlineParser, outline_or_example_titles
    from surveybench.judges.types import Judgement

    reply = ("Title: Title of the survey\nSection 1: Section title 1\nDescription 1: What it covers.\n"
             "Section 2: Section title 2\nDescription 2: More.\n")
    with pytest.raises(ParseError, match="real title"):
        parse_autosurvey_outline(reply)
    kept = parse_autosurvey_outline(reply, keep_example_titles=True)
    assert [s.title for s in kept.sections] == ["Section title 1", "Section title 2"]
    assert kept.title == "" and kept.sections[0].description == "What it covers."
    parser, log = AutoSurveyOutlineParser("section", 1, 8), []
    failed = Judgement(value=None, ok=False, reply=reply, error="unparseable: no 'Section k:' lines")
    assert [s.title for s in outline_or_example_titles(failed, parser, "rough outline", log).sections] == [
        "Section title 1", "Section title 2"]
    assert log == ["rough outline: every title copies the prompt's example after the judge's re-asks; "
                   "kept as written ('Section title 1', 'Section title 2')"]
    # no outline at all, or no reply: still a failure (the caller raises or falls back)
    assert outline_or_example_titles(Judgement(value=None, ok=False, reply="Sorry."), parser, "x", log) is None
    assert outline_or_example_titles(Judgement(value=None, ok=False, reply=None), parser, "x", log) is None
    assert len(log) == 1
