"""Reply parsers on real-looking judge replies: one answer is read, anything else is refused."""

from __future__ import annotations

import pytest

from surveybench.judges import (
    ParseError,
    parse_json_keys,
    parse_json_object,
    parse_score,
    parse_score_1_to_5,
    parse_text,
    parse_yes_no,
)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Score: 4", 4),
        ("<SCORE>4</SCORE>", 4),
        ("The survey covers most subtopics but misses federated settings.\n\n<SCORE> 3 </SCORE>", 3),
        ("**Rating:** 5/5\n\nThe structure is excellent.", 5),
        ("Rationale: coherent sections, some overlap between 3.1 and 3.2.\nFinal score: 4", 4),
        ("I would rate this survey 2 out of 5 because it lacks synthesis.", 2),
        ("4", 4),
        ("[3]", 3),
        ("Score: 4\n(Score 4 reflects good but not exhaustive coverage.)", 4),
        ("Overall this is a 4/5 survey.", 4),
        # the tag wins over numbers in the rationale
        # "accurate" holds "rate": only whole words label a rating
        ("Citations are accurate in 3 sections; overall Score: 4", 4),
        ("Section 2 cites 15 papers from 2019 to 2023. <score>2</score>", 2),
    ],
)
def test_parse_score_reads_the_one_rating(reply: str, expected: int) -> None:
    assert parse_score_1_to_5(reply) == expected


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "   ",
        "The survey is good overall, with clear sections.",
        "Score: 3 for coverage... actually, Score: 4",  # two different ratings
        "<SCORE>3</SCORE> <SCORE>5</SCORE>",
        "Score: 7",  # out of range
        "Score: 0",
        "Score: 3.5",  # not a whole number
        "It covers 12 of 20 topics across 3 sections.",  # numbers, but no rating
    ],
)
def test_parse_score_refuses_ambiguous_or_missing(reply: str) -> None:
    with pytest.raises(ParseError):
        parse_score_1_to_5(reply)


def test_parse_score_other_range() -> None:
    assert parse_score("Score: 9", 1, 10) == 9
    with pytest.raises(ParseError):
        parse_score("Score: 11", 1, 10)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Yes", True),
        ("yes.", True),
        ("No", False),
        ("**No**, the source does not mention BLEU.", False),
        ("Yes, the claim is supported by the abstract.", True),
        ("Answer: yes", True),
        ("After reading the source carefully.\nAnswer: No", False),
        ("The claim is supported.", True),
        ("The claim is not supported by the source.", False),
        ("<answer>no</answer>", False),
    ],
)
def test_parse_yes_no(reply: str, expected: bool) -> None:
    assert parse_yes_no(reply) is expected


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "Maybe. It depends on the definition.",
        "The first part is supported but the second is not supported.",
        "Answer: yes. Answer: no.",
    ],
)
def test_parse_yes_no_refuses(reply: str) -> None:
    with pytest.raises(ParseError):
        parse_yes_no(reply)


def test_parse_json_object_fenced_and_plain() -> None:
    fenced = 'Here are the key points:\n```json\n{"key_points": ["RAG reduces hallucination", "KV caching"]}\n```\nHope this helps!'
    assert parse_json_object(fenced) == {"key_points": ["RAG reduces hallucination", "KV caching"]}
    assert parse_json_object('{"score": 4, "reason": "clear"}') == {"score": 4, "reason": "clear"}
    assert parse_json_object('Sure! {"present": true} That is my answer.') == {"present": True}
    # the same object twice (model repeated itself) is still one answer
    assert parse_json_object('{"a": 1}\n\n{"a": 1}') == {"a": 1}


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "no json here",
        '```json\n{"key_points": ["a", "b",]\n```',  # trailing comma: invalid JSON
        '["a", "b"]',  # an array, not an object
        '{"score": 4} and also {"score": 2}',
        '{"truncated": "reply that ran out of tok',
    ],
)
def test_parse_json_object_refuses(reply: str) -> None:
    with pytest.raises(ParseError):
        parse_json_object(reply)


def test_parse_json_keys_requires_keys() -> None:
    parse = parse_json_keys("score", "reason")
    assert parse('{"score": 3, "reason": "ok"}')["score"] == 3
    with pytest.raises(ParseError, match="lacks"):
        parse('{"score": 3}')


def test_parse_text() -> None:
    assert parse_text("A survey outline.") == "A survey outline."
    with pytest.raises(ParseError):
        parse_text("  \n")
