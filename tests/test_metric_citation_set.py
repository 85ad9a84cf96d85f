"""Citation-set quality: identifier and title matching, one-to-one, P/R/F1/IoU by hand."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from surveybench.metrics._titles import RefKey, normalise_title, reference_ids, title_similarity
from surveybench.metrics.base import MetricContext, get_metric
from surveybench.metrics.citation_set import match_references, set_scores
from surveybench.model import CitationMark, Paragraph, Reference, Section, Survey


def cited_survey(refs: list[Reference], *, sid: str, system: str | None = None, cite: list[str] | None = None) -> Survey:
    """A survey whose one paragraph cites ``cite`` (default: every reference)."""
    ids = [r.id for r in refs] if cite is None else cite
    marks = [CitationMark(marker=f"[{i}]", ref_ids=[i]) for i in ids]
    return Survey(
        id=sid,
        title="A survey",
        system=system,
        sections=[Section(index=0, title="Intro", paragraphs=[Paragraph(text="Text.", citations=marks)])],
        references=refs,
    )


HUMAN = [
    Reference(id="h1", title="Attention Is All You Need", doi="10.5555/3295222.3295349"),
    Reference(id="h2", title="BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding"),
    Reference(id="h3", title=r"Schr{\"o}dinger bridges for $\alpha$-divergence generative models"),
    Reference(id="h4", title="Deep residual learning for image recognition"),
]
GENERATED = [
    # same DOI (with resolver prefix), different title wording -> identifier match
    Reference(id="g1", title="Attention is all you need (NeurIPS version)", doi="https://doi.org/10.5555/3295222.3295349"),
    # punctuation and case differ -> title match (similarity 1.0 after normalisation)
    Reference(id="g2", title="BERT - pre-training of deep bidirectional transformers for language understanding."),
    # the same title in Unicode instead of LaTeX -> title match
    Reference(id="g3", title="Schrödinger Bridges for α-Divergence Generative Models"),
    Reference(id="g4", title="An unrelated paper about protein folding"),
    # repeats g2 exactly after normalisation -> counted once
    Reference(id="g5", title="BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding"),
]


def test_precision_recall_f1_iou_by_hand() -> None:
    cand = cited_survey(GENERATED, sid="g", system="X")
    ref = cited_survey(HUMAN, sid="h")
    res = get_metric("citation_set").compute(cand, ref, MetricContext())
    # |G| = 4 after de-duplication, |H| = 4, matched = g1-h1 (doi), g2-h2, g3-h3 (titles)
    assert res.scores["precision"] == 3 / 4
    assert res.scores["recall"] == 3 / 4
    assert res.scores["f1"] == pytest.approx(0.75)
    assert res.scores["iou"] == 3 / 5
    pairs = {(p["candidate_id"], p["reference_id"], p["via"]) for p in res.details["pairs"]}
    assert pairs == {("g1", "h1", "doi"), ("g2", "h2", "title"), ("g3", "h3", "title")}
    assert res.details["matched_by"]["doi"] == 1 and res.details["matched_by"]["title"] == 2


def test_identical_surveys_score_one() -> None:
    s = cited_survey(HUMAN, sid="h")
    res = get_metric("citation_set").compute(s.model_copy(update={"system": "X"}), s, MetricContext())
    assert res.scores == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "iou": 1.0}


def test_cited_versus_listed_scope() -> None:
    # the generated survey lists four papers but cites only g1 in its text
    cand = cited_survey(GENERATED[:4], sid="g", system="X", cite=["g1"])
    ref = cited_survey(HUMAN, sid="h")
    cited = get_metric("citation_set").compute(cand, ref, MetricContext())
    listed = get_metric("citation_set_listed").compute(cand, ref, MetricContext())
    assert (cited.scores["precision"], cited.scores["recall"]) == (1.0, 1 / 4)
    assert (listed.scores["precision"], listed.scores["recall"]) == (3 / 4, 3 / 4)


def test_empty_reference_lists() -> None:
    empty = Survey(id="e", title="E", system="X")
    full = cited_survey(HUMAN, sid="h")
    none = get_metric("citation_set").compute(empty, empty, MetricContext())
    assert none.scores == {"precision": None, "recall": None, "f1": None, "iou": None}
    assert none.details["reason"] == "neither survey has references"
    no_gen = get_metric("citation_set").compute(empty, full, MetricContext())
    assert no_gen.scores == {"precision": None, "recall": 0.0, "f1": 0.0, "iou": 0.0}
    assert set_scores(3, 0, 0) == {"precision": 0.0, "recall": None, "f1": 0.0, "iou": 0.0}


def test_no_sections_falls_back_to_reference_list() -> None:
    cand = Survey(id="g", title="G", system="X", references=GENERATED[:2])
    ref = cited_survey(HUMAN, sid="h")
    res = get_metric("citation_set").compute(cand, ref, MetricContext())
    assert res.details["candidate_scope"].startswith("listed")
    assert (res.scores["precision"], res.scores["recall"]) == (1.0, 2 / 4)


def keys(*refs: Reference) -> list[RefKey]:
    return [RefKey.of(r) for r in refs]


def test_conflicting_identifiers_block_a_title_match() -> None:
    a = Reference(id="a", title="Graph attention networks", doi="10.1/aaa")
    b = Reference(id="b", title="Graph attention networks", doi="10.1/bbb")
    assert match_references(keys(a), keys(b)) == []
    # no identifier type in common: titles decide
    c = Reference(id="c", title="Graph attention networks", arxiv_id="1710.10903")
    assert [m.via for m in match_references(keys(a), keys(c))] == ["title"]


def test_arxiv_doi_counts_as_arxiv_id() -> None:
    a = Reference(id="a", title="Some preprint", doi="10.48550/arXiv.1710.10903")
    b = Reference(id="b", title="Published title, quite different", arxiv_id="arXiv:1710.10903v3")
    assert reference_ids(a) == {"arxiv": "1710.10903"}
    assert [m.via for m in match_references(keys(a), keys(b))] == ["arxiv"]


def test_one_to_one_greedy_prefers_the_closer_title() -> None:
    human = Reference(id="h", title="Neural machine translation by jointly learning to align and translate")
    close = Reference(id="g1", title="Neural machine translation by jointly learning to align and translat")
    exact = Reference(id="g2", title="Neural machine translation by jointly learning to align and translate")
    matches = match_references(keys(close, exact), keys(human))
    assert [(m.candidate, m.reference, m.similarity) for m in matches] == [(1, 0, 1.0)]
    # the SurveyGen script would have counted both generated titles as hits
    assert difflib.SequenceMatcher(None, normalise_title(close.title), normalise_title(human.title)).ratio() >= 0.95


def test_threshold_boundary() -> None:
    # 41 characters vs 43: ratio = 2*41/84 = 0.976 >= 0.95; vs 47: 82/88 = 0.932 < 0.95
    base = "abcdefghij klmnopqrst uvwxyzabcd efghijkl"
    assert len(base) == 41
    assert title_similarity(base, base + " x") == pytest.approx(2 * 41 / 84)
    assert title_similarity(base, base + " xxxxx") is None


def test_normalise_title_unicode_and_latex() -> None:
    assert normalise_title(r"Schr{\"o}dinger bridges for $\alpha$-divergence") == "schrodinger bridges for α divergence"
    assert normalise_title("Schrödinger Bridges for α-Divergence") == "schrodinger bridges for α divergence"
    assert normalise_title(r"\emph{Deep} Learning: A \textbf{Survey}") == "deep learning a survey"
    assert normalise_title("ﬁne-tuning  ＬＬＭｓ") == "fine tuning llms"
    assert normalise_title("大型语言模型综述") == "大型语言模型综述"
    assert normalise_title(None) == "" and normalise_title("  --  ") == ""


title_text = st.text(alphabet="abcde fgh", min_size=0, max_size=40)


@settings(max_examples=400, deadline=None, database=None)
@given(a=title_text, b=title_text)
def test_title_similarity_equals_plain_difflib(a: str, b: str) -> None:
    ratio = difflib.SequenceMatcher(None, a, b).ratio()
    # rapidfuzz's ratio bounds difflib's from above: the prefilter loses nothing
    assert fuzz.ratio(a, b) / 100 >= ratio - 1e-12
    got = title_similarity(a, b, 0.8)
    if not a or not b:
        assert got is None
    elif ratio >= 0.8:
        assert got == ratio
    else:
        assert got is None


@settings(max_examples=100, deadline=None, database=None)
@given(
    cand=st.lists(st.sampled_from(["graph nets", "graph net", "graph nets a survey", "vision transformers", "vision transformer", "x"]), max_size=6),
    ref=st.lists(st.sampled_from(["graph nets", "graph nets a survey", "vision transformers", "diffusion"]), max_size=6),
)
def test_matching_is_one_to_one_and_above_threshold(cand: list[str], ref: list[str]) -> None:
    ck = [RefKey(f"c{i}", {}, t, t) for i, t in enumerate(cand)]
    rk = [RefKey(f"r{i}", {}, t, t) for i, t in enumerate(ref)]
    ms = match_references(ck, rk, 0.9)
    assert len({m.candidate for m in ms}) == len(ms) == len({m.reference for m in ms})
    for m in ms:
        assert difflib.SequenceMatcher(None, cand[m.candidate], ref[m.reference]).ratio() >= 0.9
    # greedy is maximal: no unmatched pair above the threshold is left
    used_c, used_r = {m.candidate for m in ms}, {m.reference for m in ms}
    for i, c in enumerate(cand):
        for j, r in enumerate(ref):
            if i not in used_c and j not in used_r:
                assert difflib.SequenceMatcher(None, c, r).ratio() < 0.9
