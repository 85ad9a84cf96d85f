"""Strict parsers for the replies the weAIDB quiz and SGSimEval prompts ask for, each with the GBNF
grammar an in-process judge decodes under (see ``Judge.grammar_for``), so a tiny local model's
reply is parseable by construction. A reply that does not state the asked-for answer raises
:class:`~surveybench.judges.types.ParseError` (re-asked, then a recorded failure), never a default.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from surveybench.judges.parsing import parse_json_object
from surveybench.judges.types import ParseError

# Whitespace and strings are bounded. Unbounded, SmolLM2-135M filled the 512-token reply budget
# with newlines between '"Outline":' and its digit (529 completion tokens, then unparseable) and
# pretty-printed every child of an outline-structure reply over seven lines (~25 tokens a child);
# JSON allows any whitespace, so one optional space or newline changes nothing a parser reads.
# A string of at most 300 characters (~75 tokens) keeps the longest reply, five titles, inside
# the 512 tokens asked for, so it always closes. Measured on the local judge (1 thread, quiz
# answer prompts, 2026-11-23): the bound costs no decode time (9.2-10.7 CPU-s per call bounded
# vs 9.9-10.8 unbounded, same replies).
_WS = 'ws ::= [ \\n]?'
_STRING = 'string ::= "\\"" char{0,300} "\\""\nchar ::= [^"\\\\\\n] | "\\\\" ["\\\\/nt]'


def _clip(text: str, n: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 3] + "..."


def parse_true_false(reply: str) -> bool:
    """``True``/``False`` (check_reference_support: the script takes a reply starting with
    "true" as True and anything else as False; we require one of the two words)."""
    words = re.findall(r"\b(true|false)\b", reply or "", re.I)
    if not words:
        raise ParseError(f"neither True nor False: {_clip(reply or '')}")
    if len({w.lower() for w in words}) > 1 and not (reply or "").strip().lower().startswith(("true", "false")):
        raise ParseError(f"both True and False: {_clip(reply)}")
    first = (reply or "").strip().lower()
    if first.startswith("true"):
        return True
    if first.startswith("false"):
        return False
    return words[0].lower() == "true"


parse_true_false.gbnf = 'root ::= "True" | "False"'  # type: ignore[attr-defined]

_NUMBER = re.compile(r"[-+]?\d*\.?\d+")


def parse_score_0_to_10(reply: str) -> float:
    """The first number in the reply, clipped to 0-10 (``score_with_ground_truth`` /
    ``_score_single_answer``: ``re.search(r"[-+]?\\d*\\.?\\d+")`` then ``max(low, min(high, x))``)."""
    m = _NUMBER.search(reply or "")
    if not m:
        raise ParseError(f"no number: {_clip(reply or '')}")
    return max(0.0, min(10.0, float(m.group())))


parse_score_0_to_10.gbnf = 'root ::= ( [0-9] | "10" ) ( "." [0-9] )?'  # type: ignore[attr-defined]


def parse_better(reply: str) -> tuple[int, str]:
    """``_compare_answers``: the first line is 1 (answer 1 better), 2 or 0 (equal); the rest is
    the reason. The script turns an unreadable first line into 0; we re-ask instead."""
    text = (reply or "").strip()
    first, _, rest = text.partition("\n")
    m = re.fullmatch(r"\W*([012])\W*", first.strip())
    if not m:
        raise ParseError(f"first line is not 0, 1 or 2: {_clip(text)}")
    return int(m.group(1)), rest.strip() or "No reason provided"


parse_better.gbnf = 'root ::= [012]'  # type: ignore[attr-defined]


def parse_title_list(reply: str) -> list[str]:
    """A JSON list of section titles (``select_relevant_titles_by_llm`` searches the first
    ``[...]`` and loads it)."""
    m = re.search(r"\[\s*.*?\s*\]", reply or "", re.S)
    if not m:
        raise ParseError(f"no JSON list: {_clip(reply or '')}")
    try:
        value = json.loads(m.group(0))
    except json.JSONDecodeError:
        try:
            value = json.loads(m.group(0).replace("\n", " ").replace("“", '"').replace("”", '"'))
        except json.JSONDecodeError as exc:
            raise ParseError(f"not a JSON list ({exc}): {_clip(reply)}") from None
    if not isinstance(value, list):
        raise ParseError(f"not a list: {_clip(reply)}")
    return [str(v) for v in value if isinstance(v, (str, int, float))]


parse_title_list.gbnf = "\n".join([  # type: ignore[attr-defined]
    'root ::= "[" ws ( string ( ws "," ws string ){0,4} )? ws "]"', _STRING, _WS,
])


def parse_answer(reply: str) -> dict[str, Any]:
    """``query_and_answer``: the JSON object's ``answer`` and ``used_docs``; a reply without a
    JSON object is taken as the answer itself, as the script does."""
    if not reply or not reply.strip():
        raise ParseError("empty reply")
    m = re.search(r"\{.*\}", reply, re.S)
    if m:
        try:
            obj = json.loads(m.group(0))
        except json.JSONDecodeError:
            obj = None
        if isinstance(obj, dict):
            docs = obj.get("used_docs") or []
            return {"answer": str(obj.get("answer", "Failed to parse response")),
                    "used_docs": [str(d) for d in docs] if isinstance(docs, list) else []}
    return {"answer": reply.strip(), "used_docs": []}


parse_answer.gbnf = "\n".join([  # type: ignore[attr-defined]
    'root ::= "{" ws "\\"answer\\":" ws string ws "," ws "\\"used_docs\\":" ws "[" ws ( doc ( ws "," ws doc ){0,4} )? ws "]" ws "}"',
    'doc ::= "\\"Doc-" [1-9] "\\""', _STRING, _WS,
])


def parse_qa_pairs(reply: str) -> list[dict[str, str]]:
    """``_generate_questions_for_segment``: the first ``[...]`` of the reply as JSON, its
    objects with ``question`` and ``answer`` (``$...$`` math markers dropped, as the script
    does). An empty list is a valid answer ("not enough information")."""
    m = re.search(r"\[[\s\S]*\]", reply or "")
    if not m:
        raise ParseError(f"no JSON array: {_clip(reply or '')}")
    text = re.sub(r"\$(.*?)\$", r"\1", m.group(0))
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        try:
            value = json.loads(text.replace("\\", "\\\\"))
        except json.JSONDecodeError as exc:
            raise ParseError(f"not a JSON array ({exc}): {_clip(reply or '')}") from None
    if not isinstance(value, list):
        raise ParseError(f"not a list: {_clip(reply or '')}")
    return [
        {"question": str(p["question"]).strip(), "answer": str(p["answer"]).strip()}
        for p in value if isinstance(p, dict) and "question" in p and "answer" in p
    ]


parse_qa_pairs.gbnf = "\n".join([  # type: ignore[attr-defined]
    'root ::= "[" ws "{" ws "\\"question\\":" ws string ws "," ws "\\"answer\\":" ws string ws "}" ws "]"',
    _STRING, _WS,
])


def json_scores(*keys: str, low: float, high: float) -> Callable[[str], dict[str, float]]:
    """A JSON object with a number in ``low..high`` under each of ``keys`` (SGSimEval's
    ``{"Outline": <score>}``, the five content criteria, ``{"total": X, "supported": Y}``)."""

    def parse(reply: str) -> dict[str, float]:
        obj = parse_json_object(reply)
        out: dict[str, float] = {}
        for key in keys:
            value = obj.get(key)
            try:
                number = float(value)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise ParseError(f"{key!r} is not a number: {_clip(reply)}") from None
            if not low <= number <= high:
                raise ParseError(f"{key!r}={number} outside {low}-{high}: {_clip(reply)}")
            out[key] = number
        return out

    digit = "[1-5]" if (low, high) == (1, 5) else "[0-9] [0-9]?"
    fields = ' ws "," ws '.join(f'"\\"{k}\\":" ws value' for k in keys)
    parse.gbnf = "\n".join([f'root ::= "{{" ws {fields} ws "}}"', f"value ::= {digit}", _WS])  # type: ignore[attr-defined]
    return parse


def parse_children(reply: str) -> list[dict[str, str]]:
    """SGSimEval ``OUTLINE_STRUCTURE_PROMPT``: ``{"children": [{"child_index", "child_title",
    "is_included": "Yes"|"No"}, ...]}``."""
    obj = parse_json_object(reply)
    children = obj.get("children")
    if not isinstance(children, list):
        raise ParseError(f"no 'children' list: {_clip(reply)}")
    judged = [c for c in children if isinstance(c, dict)]
    if not judged:
        # the prompt lists at least one child: an empty list judges none of them (a tiny local
        # model's favourite reply), so it is no answer, not "every child included"
        raise ParseError(f"no child judged: {_clip(reply)}")
    return judged


parse_children.gbnf = "\n".join([  # type: ignore[attr-defined]
    'root ::= "{" ws "\\"children\\":" ws "[" ws child ( ws "," ws child ){0,11} ws "]" ws "}"',
    'child ::= "{" ws "\\"child_index\\":" ws "\\"" [0-9]{1,3} "\\"" ws "," ws "\\"is_included\\":" ws ( "\\"Yes\\"" | "\\"No\\"" ) ws "}"',
    _WS,
])
