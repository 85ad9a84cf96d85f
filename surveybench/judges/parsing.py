"""Strict parsers for judge replies.

Each parser takes the raw reply text and returns the answer, or raises :class:`ParseError` when
the reply does not state exactly one answer. Strictness matters: a reply such as "I'd give it a
3 or maybe 4" must not silently become a 3 (or a 0) — it is re-asked and then recorded as a
failure.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from surveybench.judges.types import ParseError

_TAGGED = re.compile(r"<\s*(?:score|rating)\s*>\s*\[?\s*([0-9]+(?:\.[0-9]+)?)\s*\]?\s*<\s*/\s*(?:score|rating)\s*>", re.I)
# "Score: 4", "Rating - 4/5", "**Score**: [4]", "final score is 4", "I rate it 4"
_LABELLED = re.compile(
    r"\b(?:score|rating|rate(?:d)?(?:\s+(?:it|this(?:\s+survey)?))?|grade)\b[^0-9\n]{0,20}?"
    r"\[?\s*([0-9]+(?:\.[0-9]+)?)\s*\]?(?:\s*(?:/|out\s+of)\s*([0-9]+))?",
    re.I,
)
_FRACTION = re.compile(r"(?<![0-9.])([0-9]+(?:\.[0-9]+)?)\s*(?:/|out\s+of)\s*5\b", re.I)
_NUMBER = re.compile(r"(?<![0-9.\-])([0-9]+(?:\.[0-9]+)?)(?![0-9.]*[0-9])")


def _as_score(text: str, lo: int, hi: int, reply: str) -> int:
    value = float(text)
    if value != int(value):
        raise ParseError(f"score {text} is not a whole number in {lo}-{hi}: {_clip(reply)}")
    if not lo <= value <= hi:
        raise ParseError(f"score {text} is outside {lo}-{hi}: {_clip(reply)}")
    return int(value)


def _clip(text: str, n: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 3] + "..."


def _single(values: list[str], lo: int, hi: int, reply: str, what: str) -> int | None:
    scores = {_as_score(v, lo, hi, reply) for v in values}
    if len(scores) > 1:
        raise ParseError(f"conflicting {what} {sorted(scores)}: {_clip(reply)}")
    return scores.pop() if scores else None


def parse_score(reply: str, lo: int = 1, hi: int = 5) -> int:
    """The single integer rating in ``lo..hi`` that the reply states.

    Looked for, in order (the first kind present decides): ``<SCORE>4</SCORE>`` tags; a labelled
    rating (``Score: 4``, ``Rating: 4/5``, ``I rate it 4``); ``4/5``; a reply that is just a
    number. Several *different* ratings of the same kind, a rating outside the range, or no
    rating at all raise :class:`ParseError`.
    """
    if not reply or not reply.strip():
        raise ParseError("empty reply")
    tagged = _TAGGED.findall(reply)
    if tagged:
        return _single(tagged, lo, hi, reply, "tagged scores")  # type: ignore[return-value]
    labelled = [m.group(1) for m in _LABELLED.finditer(reply) if m.group(2) in (None, str(hi))]
    if labelled:
        return _single(labelled, lo, hi, reply, "scores")  # type: ignore[return-value]
    fractions = _FRACTION.findall(reply)
    if fractions and hi == 5:
        return _single(fractions, lo, hi, reply, "scores")  # type: ignore[return-value]
    stripped = reply.strip().strip("*.[]()` \n")
    if re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", stripped):
        return _as_score(stripped, lo, hi, reply)
    numbers = _NUMBER.findall(reply)
    if len(numbers) == 1 and len(reply) <= 40:
        # a short reply with one bare number, e.g. "4." or "The answer: 4"
        return _as_score(numbers[0], lo, hi, reply)
    raise ParseError(f"no {lo}-{hi} score found: {_clip(reply)}")


def parse_score_1_to_5(reply: str) -> int:
    """:func:`parse_score` with the 1-5 scale of the rubric prompts (AutoSurvey Table 1)."""
    return parse_score(reply, 1, 5)


# GBNF grammars an in-process model decodes under (see Judge.grammar_for): replies that the
# parser above accepts by construction.
parse_score_1_to_5.gbnf = 'root ::= "Score: " [1-5]'  # type: ignore[attr-defined]


_YES = re.compile(r"\b(yes|true|supported|entailed|entailment|present)\b", re.I)
_NO = re.compile(r"\b(no|false|not\s+supported|unsupported|not\s+entailed|contradiction|not\s+present|absent)\b", re.I)


def parse_yes_no(reply: str) -> bool:
    """True for a reply answering yes, False for no.

    The first word decides when it is ``yes``/``no`` (``"Yes, the claim is supported"``);
    otherwise an ``Answer: yes`` label or ``<answer>no</answer>`` tag; otherwise a reply that
    contains only yes-words or only no-words. A reply containing both (``"yes and no"``) or
    neither raises :class:`ParseError`.
    """
    if not reply or not reply.strip():
        raise ParseError("empty reply")
    text = reply.strip()
    first = re.match(r"[\W_]*(yes|no)\b", text, re.I)
    if first:
        return first.group(1).lower() == "yes"
    labelled = re.findall(r"(?:answer|judgement|judgment|verdict)\s*[:=>\-]*\s*\**\s*(yes|no)\b", text, re.I)
    if labelled:
        values = {v.lower() for v in labelled}
        if len(values) > 1:
            raise ParseError(f"conflicting answers: {_clip(reply)}")
        return values.pop() == "yes"
    negatives = list(_NO.finditer(text))
    # "not supported" contains "supported": drop yes-hits that sit inside a no-hit
    no_spans = [m.span() for m in negatives]
    positives = [
        m for m in _YES.finditer(text) if not any(a <= m.start() < b for a, b in no_spans)
    ]
    if positives and not negatives:
        return True
    if negatives and not positives:
        return False
    if positives and negatives:
        raise ParseError(f"both yes and no in reply: {_clip(reply)}")
    raise ParseError(f"no yes/no answer found: {_clip(reply)}")


_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.S)


parse_yes_no.gbnf = 'root ::= "Yes" | "No"'  # type: ignore[attr-defined]


def parse_json_object(reply: str) -> dict[str, Any]:
    """The one JSON object in the reply (```json fences and surrounding prose tolerated).

    Raises :class:`ParseError` when there is no object, it is not valid JSON, or the reply holds
    several different objects.
    """
    if not reply or not reply.strip():
        raise ParseError("empty reply")
    candidates = [m.strip() for m in _FENCE.findall(reply)] or [reply.strip()]
    found: list[dict[str, Any]] = []
    errors: list[str] = []
    decoder = json.JSONDecoder()
    for text in candidates:
        try:
            obj = json.loads(text)
        except json.JSONDecodeError:
            obj = None
            # prose around the object: decode from each "{" onwards
            i = text.find("{")
            while i != -1:
                try:
                    obj, end = decoder.raw_decode(text, i)
                    if isinstance(obj, dict):
                        found.append(obj)
                    i = text.find("{", end)
                    obj = None
                    continue
                except json.JSONDecodeError as exc:
                    errors.append(str(exc))
                    i = text.find("{", i + 1)
            continue
        if isinstance(obj, dict):
            found.append(obj)
        else:
            errors.append(f"JSON is a {type(obj).__name__}, not an object")
    unique = {json.dumps(o, sort_keys=True): o for o in found}
    if len(unique) == 1:
        return next(iter(unique.values()))
    if len(unique) > 1:
        raise ParseError(f"{len(unique)} different JSON objects in reply: {_clip(reply)}")
    why = errors[0] if errors else "no JSON object"
    raise ParseError(f"{why}: {_clip(reply)}")


def parse_json_keys(*keys: str) -> Callable[[str], dict[str, Any]]:
    """A :func:`parse_json_object` that also requires ``keys`` to be present."""

    def parse(reply: str) -> dict[str, Any]:
        obj = parse_json_object(reply)
        missing = [k for k in keys if k not in obj]
        if missing:
            raise ParseError(f"JSON object lacks {missing}: {_clip(reply)}")
        return obj

    return parse


def parse_text(reply: str) -> str:
    """Free text: any non-empty reply (used by :meth:`Judge.generate`)."""
    if not reply or not reply.strip():
        raise ParseError("empty reply")
    return reply
