"""ROUGE: hand-computed values, and equality with ``rouge-score`` on random and real texts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rouge_score import rouge_scorer

from surveybench.metrics import _rouge_fast as rf
from surveybench.metrics.base import MetricContext, get_metric
from surveybench.metrics.rouge import rouge_scores, survey_text
from surveybench.model import CitationMark, Paragraph, Section, Survey

TYPES = list(rf.ROUGE_TYPES)
SCORER = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)


def assert_same(ours: dict, ref: dict) -> None:
    for t in TYPES:
        assert (ours[t].precision, ours[t].recall, ours[t].fmeasure) == tuple(ref[t]), t


def survey(*paragraphs: str, sid: str = "s", system: str | None = None, **kw) -> Survey:
    return Survey(
        id=sid,
        title="T",
        system=system,
        sections=[Section(index=0, title="Intro", paragraphs=[Paragraph(text=p) for p in paragraphs])],
        **kw,
    )


# ---- hand-computed ----------------------------------------------------------------------------


def test_rouge_n_and_l_by_hand() -> None:
    s = rf.score("the cat sat on the mat", "the cat on the mat")
    # unigrams: every generated word is in the target (5/5); 5 of the 6 target words are covered
    assert (s["rouge1"].precision, s["rouge1"].recall) == (1.0, 5 / 6)
    # bigrams: target {the cat, cat sat, sat on, on the, the mat}; generated {the cat, cat on,
    # on the, the mat}: 3 shared
    assert (s["rouge2"].precision, s["rouge2"].recall) == (3 / 4, 3 / 5)
    # LCS "the cat on the mat" = 5
    assert (s["rougeL"].precision, s["rougeL"].recall) == (1.0, 5 / 6)
    assert s["rougeL"].fmeasure == pytest.approx(2 * 1 * (5 / 6) / (1 + 5 / 6))


def test_rouge_lsum_union_lcs_example_from_lin_2004() -> None:
    # Lin (2004) §3.2: r = w1..w5, c1 = w1 w2 w6 w7 w8, c2 = w1 w3 w8 w9 w5.
    # LCS(r, c1) = w1 w2, LCS(r, c2) = w1 w3 w5, union = w1 w2 w3 w5 -> 4 hits.
    target = "aa bb cc dd ee"
    prediction = "aa bb ff gg hh\naa cc hh ii ee"
    s = rf.score(target, prediction, ["rougeLsum"])["rougeLsum"]
    assert (s.recall, s.precision) == (4 / 5, 4 / 10)
    assert_same(rf.score(target, prediction), SCORER.score(target, prediction))


def test_stemming_and_tokenisation_like_rouge_score() -> None:
    # "running"/"runs" stem to "run"; "Été" loses its accented letters; punctuation splits tokens.
    assert rf.tokenize("Running, runs! Été-2024 a_b") == ["run", "run", "t", "2024", "a", "b"]
    s = rf.score("models running", "model runs")
    assert s["rouge1"].fmeasure == 1.0


def test_identical_and_empty_texts() -> None:
    text = "Vision transformers split images into patches.\nAttention mixes them."
    s = rf.score(text, text)
    assert all(s[t].fmeasure == 1.0 for t in TYPES)
    e = rf.score("", text)
    assert all((e[t].precision, e[t].recall, e[t].fmeasure) == (0, 0, 0) for t in TYPES)
    assert_same(e, SCORER.score("", text))


def test_lcs_length_matches_dp() -> None:
    rng = random.Random(7)
    for _ in range(300):
        a = [rng.randrange(4) for _ in range(rng.randrange(0, 30))]
        b = [rng.randrange(4) for _ in range(rng.randrange(0, 30))]
        table = rouge_scorer._lcs_table(a, b)
        assert rf.lcs_length(a, b) == table[-1][-1]


# ---- equality with rouge-score ------------------------------------------------------------------

WORDS = ["the", "a", "of", "model", "models", "running", "runs", "ran", "cat", "cats", "x", "Été", "2024"]
text_strategy = st.lists(
    st.one_of(st.sampled_from(WORDS), st.sampled_from(["\n", "\n\n", ", ", " -- ", "!"])), max_size=60
).map(" ".join)


@settings(max_examples=300, deadline=None, database=None)
@given(target=text_strategy, prediction=text_strategy)
def test_equal_to_rouge_score_on_random_texts(target: str, prediction: str) -> None:
    assert_same(rf.score(target, prediction), SCORER.score(target, prediction))


def test_equal_to_rouge_score_with_many_long_lines() -> None:
    # Many candidate lines packed into one bit layout: exercises segment guards and carries.
    rng = random.Random(3)
    vocab = [f"w{k}" for k in range(12)]

    def text(lines: int) -> str:
        return "\n".join(" ".join(rng.choice(vocab) for _ in range(rng.randrange(0, 90))) for _ in range(lines))

    for _ in range(5):
        t, p = text(12), text(15)
        assert_same(rf.score(t, p), SCORER.score(t, p))


def _first_words(text: str, n_words: int) -> str:
    out, count = [], 0
    for line in text.split("\n"):
        out.append(line)
        count += len(line.split())
        if count >= n_words:
            break
    return "\n".join(out)


@pytest.fixture(scope="module")
def time_series_pair(dev_dir):
    from surveybench.readers import read_survey

    topic = "Large Language Models for Time Series.md"
    human = read_survey(dev_dir / "HumanSurvey" / topic)
    systems = {
        name: read_survey(dev_dir / name / topic, system=name)
        for name in ("AutoSurvey", "SurveyForge", "LLMxMR-V2", "OpenAI_DeepResearch")
    }
    return human, systems


def test_equal_to_rouge_score_on_real_dev_pairs(time_series_pair) -> None:
    # rouge-score is quadratic in pure Python, so the real texts are cut to ~1,200 words each
    # (whole paragraphs); the speed on full surveys is measured by bench/bench_rouge.py.
    human, systems = time_series_pair
    target = _first_words(survey_text(human), 1200)
    for name, generated in systems.items():
        prediction = _first_words(survey_text(generated), 1200)
        assert len(prediction.split()) > 1000, name
        assert_same(rouge_scores(target, prediction), SCORER.score(target, prediction))


def test_rouge_n_equal_to_rouge_score_on_whole_real_surveys(time_series_pair) -> None:
    # ROUGE-1/2 are counting in rouge-score (linear), so whole surveys are affordable here;
    # only the LCS-based types need the cut texts above.
    human, systems = time_series_pair
    target = survey_text(human)
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2"], use_stemmer=True)
    for name, generated in systems.items():
        prediction = survey_text(generated)
        assert len(prediction.split()) > 3000, name
        ours = rf.score(target, prediction, ("rouge1", "rouge2"), use_stemmer=True)
        ref = scorer.score(target, prediction)
        for t in ("rouge1", "rouge2"):
            assert (ours[t].precision, ours[t].recall, ours[t].fmeasure) == tuple(ref[t]), (name, t)


# ---- the registered metric ---------------------------------------------------------------------


def test_metric_reads_body_text_without_markers() -> None:
    text = "Transformers [1] changed vision."
    mark = CitationMark(marker="[1]", start=13, end=16, ref_ids=["r1"])
    cand = Survey(
        id="g", title="T", system="X",
        sections=[
            Section(index=0, title="Intro", paragraphs=[Paragraph(text=text, citations=[mark])]),
            Section(index=1, title="References", is_content=False, paragraphs=[Paragraph(text="[1] Foo bar")]),
        ],
    )
    assert survey_text(cand) == "Transformers changed vision."
    ref = survey("Transformers changed vision.", sid="h")
    res = get_metric("rouge").compute(cand, ref, MetricContext())
    assert res.scores == {t: 1.0 for t in TYPES}
    assert res.details["precision"]["rouge1"] == 1.0


def test_metric_paragraphs_are_lsum_lines() -> None:
    cand = survey("aa bb ff gg hh", "aa cc hh ii ee", sid="g", system="X")
    ref = survey("aa bb cc dd ee", sid="h")
    res = get_metric("rouge").compute(cand, ref, MetricContext())
    assert res.details["recall"]["rougeLsum"] == 4 / 5
    assert res.details["precision"]["rougeLsum"] == 4 / 10


def test_metric_without_sections_gives_none_with_reason() -> None:
    cand = Survey(id="g", title="T", system="X")
    ref = survey("some text here", sid="h")
    res = get_metric("rouge").compute(cand, ref, MetricContext())
    assert res.scores == {t: None for t in TYPES}
    assert "generated survey has no body text" in res.details["reason"]
