"""Key Point Recall (SurveyGen §3.2, App. D.1) with a scripted judge over HTTP, hand-computed."""

from __future__ import annotations

import re

import pytest

from surveybench.metrics.base import MetricContext
from surveybench.metrics.key_point_recall import KeyPointRecall, chunk_paragraphs, kpr, parse_key_points, search_key_points
from surveybench.judges import ParseError, make_judge
from tests._llm_metric_helpers import survey
from tests.plugins.llm import ChatRequest

FILLER = "This sentence pads the section so that it is long enough to be worth extracting from. " * 3

HUMAN = survey(
    "Human survey",
    [
        ("Intro", [FILLER + "It discusses alpha and beta."]),
        ("Methods", [FILLER + "It discusses gamma."]),
        ("Short", ["Too short to ask."]),
    ],
    system=None,
)

P = "x" * 150  # paragraph filler: 3 paragraphs of ~180 chars -> 3 chunks at 200 chars
GENERATED = survey(
    "Gen",
    [("Body", [P + " ALPHA is covered.", P + " GAMMA is covered.", P + " nothing relevant."])],
)


def judge_reply(req: ChatRequest) -> str:
    text = req.user
    if "Extract the key points" in text:
        if "Section: Intro" in text:
            return '```json\n["KP alpha", "KP beta"]\n```'
        if "Section: Methods" in text:
            return '["KP gamma"]'
        return "unexpected section"
    m = re.search(r"---\n(.*)\n---\nKey point: KP (\w+)", text, re.S)
    if not m:
        return "unexpected prompt"
    return "Yes" if m.group(2).upper() in m.group(1) else "No"


def test_parse_key_points_strict() -> None:
    assert parse_key_points('Here: ["a", " b  c "]') == ["a", "b c"]
    for bad in ["", "no list", "[1, 2]", "[]", '["a",'] :
        with pytest.raises(ParseError):
            parse_key_points(bad)


def test_search_rounds_early_stop_hand_computed() -> None:
    present = {(0, 0), (2, 1)}
    asked: list[list[tuple[int, int]]] = []

    def oracle(batch):
        asked.append(list(batch))
        return [(i, c) in present for i, c in batch]

    found, where, n = search_key_points([[0, 1, 2]] * 3, oracle)
    assert found == [True, False, True] and where == [0, None, 1]
    # round 0: all three; round 1: points 1 and 2; round 2: point 1 only
    assert [len(b) for b in asked] == [3, 2, 1] and n == 6
    assert kpr(found) == pytest.approx(2 / 3)
    assert kpr([True, None, False]) == pytest.approx(1 / 2)


def test_chunking_of_the_test_survey() -> None:
    paras = [GENERATED.title, "Body", *[p.text for p in GENERATED.sections[0].paragraphs]]
    chunks = chunk_paragraphs(paras, 200)
    assert len(chunks) == 3 and "ALPHA" in chunks[0] and "GAMMA" in chunks[1]


def _ctx(scripted_llm, cache, **options):
    judge = make_judge(scripted_llm.spec, cache_path=cache, retry_initial=0.01)
    return MetricContext(options=options).provide("judge", judge)


def test_kpr_whole_survey(scripted_llm, judge_cache) -> None:
    scripted_llm.default = judge_reply
    res = KeyPointRecall().compute(GENERATED, HUMAN, _ctx(scripted_llm, judge_cache))
    # key points alpha, beta (Intro), gamma (Methods); present: alpha, gamma -> 2/3
    assert res.scores["kpr"] == pytest.approx(2 / 3)
    assert res.details["missing"] == [{"section": "Intro", "key_point": "KP beta"}]
    assert res.details["sections_asked"] == 2  # "Short" holds too little text
    assert scripted_llm.calls == 2 + 3
    assert res.failures == []


def test_kpr_long_survey_chunks_and_cache(scripted_llm, judge_cache) -> None:
    scripted_llm.default = judge_reply
    res = KeyPointRecall().compute(GENERATED, HUMAN, _ctx(scripted_llm, judge_cache, kpr_chunk_chars=200))
    assert res.scores["kpr"] == pytest.approx(2 / 3)
    assert res.details["chunks"] == 3 and "document order" in res.details["chunk_strategy"]
    # 2 extractions + checks: alpha 1 (chunk 0), beta 3 (all chunks), gamma 2 (chunks 0, 1)
    assert res.details["check_questions"] == 6 and scripted_llm.calls == 8
    assert [f["chunk"] for f in res.details["found"]] == [0, 1]
    again = KeyPointRecall().compute(GENERATED, HUMAN, _ctx(scripted_llm, judge_cache, kpr_chunk_chars=200))
    assert scripted_llm.calls == 8 and again.scores == res.scores


def test_kpr_unparseable_extraction_is_recorded(scripted_llm, judge_cache) -> None:
    def reply(req: ChatRequest) -> str:
        if "Section: Methods" in req.text:
            return "Gamma is important."  # no JSON list, also on the re-asks
        return judge_reply(req)

    scripted_llm.default = reply
    res = KeyPointRecall().compute(GENERATED, HUMAN, _ctx(scripted_llm, judge_cache))
    assert res.scores["kpr"] == pytest.approx(1 / 2)  # alpha present, beta missing
    # the failed section's key points are unknown, so they cannot be counted in "of"
    assert res.details["parts"] == {"kpr": {"used": 2, "of": 2}}
    assert len(res.failures) == 1
    assert res.failures[0]["stage"] == "extract" and res.failures[0]["reply"] == "Gamma is important."


def test_kpr_long_survey_with_embedder_asks_top_k(scripted_llm, judge_cache) -> None:
    from tests.plugins.embeddings import FixedEmbedder

    scripted_llm.default = judge_reply
    paras = [GENERATED.title, "Body", *[p.text for p in GENERATED.sections[0].paragraphs]]
    c0, c1, c2 = chunk_paragraphs(paras, 200)
    emb = FixedEmbedder({
        c0: [1, 0, 0], c1: [0, 1, 0], c2: [0, 0, 1],
        "KP alpha": [1, 0.1, 0], "KP gamma": [0, 1, 0.1], "KP beta": [0, 0.5, 1],
    })
    ctx = _ctx(scripted_llm, judge_cache, kpr_chunk_chars=200, kpr_top_k=2).provide("embedder", emb)
    res = KeyPointRecall().compute(GENERATED, HUMAN, ctx)
    assert res.scores["kpr"] == pytest.approx(2 / 3)
    # alpha: chunk 0 (yes); gamma: chunk 1 (yes); beta: chunks 2 then 1 (no, no) -> 4 questions
    assert res.details["check_questions"] == 4 and scripted_llm.calls == 2 + 4
    assert "embedding" in res.details["chunk_strategy"]


def test_kpr_falls_back_to_document_order_when_embedder_fails(scripted_llm, judge_cache) -> None:
    scripted_llm.default = judge_reply

    def broken() -> None:
        raise OSError("cannot load embedding model 'BAAI/bge-large-en-v1.5'")

    ctx = MetricContext({"embedder": broken}, options={"kpr_chunk_chars": 200})
    ctx.provide("judge", make_judge(scripted_llm.spec, cache_path=judge_cache))
    res = KeyPointRecall().compute(GENERATED, HUMAN, ctx)
    assert res.scores["kpr"] == pytest.approx(2 / 3) and res.details["check_questions"] == 6
    assert "document order" in res.details["chunk_strategy"] and "embedder unavailable" in res.details["chunk_strategy"]


def test_kpr_undetermined_key_point_shows_in_parts(scripted_llm, judge_cache) -> None:
    def reply(req: ChatRequest) -> str:
        if "Key point: KP beta" in req.text:
            return "Perhaps."  # neither yes nor no, also on the re-asks
        return judge_reply(req)

    scripted_llm.default = reply
    res = KeyPointRecall().compute(GENERATED, HUMAN, _ctx(scripted_llm, judge_cache))
    # alpha present, gamma present, beta undetermined: KPR over 2 answered points = 2/2
    assert res.scores["kpr"] == pytest.approx(1.0)
    assert res.details["undetermined"] == 1
    assert res.details["parts"] == {"kpr": {"used": 2, "of": 3}}
    assert [f["stage"] for f in res.failures] == ["check"]
