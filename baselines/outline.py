"""Survey outlines: the two reply formats the baselines' prompts ask for, parsed strictly.

- SurveyGen App. I outline prompts (Task 1/2) ask for JSON
  ``{"title", "outline": [{"section_title", "description", "subsections": {title: desc}}]}``.
- AutoSurvey App. F prompts ask for ``Title: ...`` / ``Section k: ...`` / ``Description k: ...``
  lines (``Subsection k:`` for the subsection outline).

A parser raises :class:`surveybench.judges.ParseError` when the reply holds no outline, so the
judge layer re-asks instead of the baseline writing a survey with an invented structure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from surveybench.judges.parsing import parse_json_object
from surveybench.judges.types import ParseError


@dataclass
class OutlineNode:
    title: str
    description: str = ""
    children: list[OutlineNode] = field(default_factory=list)


@dataclass
class Outline:
    title: str
    sections: list[OutlineNode] = field(default_factory=list)

    def as_text(self, with_descriptions: bool = True) -> str:
        """The outline as the numbered text the writing prompts show the model."""
        lines = [f"Title: {self.title}"]
        for i, s in enumerate(self.sections, 1):
            lines.append(f"Section {i}: {s.title}")
            if with_descriptions and s.description:
                lines.append(f"Description {i}: {s.description}")
            for j, c in enumerate(s.children, 1):
                lines.append(f"  Subsection {i}.{j}: {c.title}")
                if with_descriptions and c.description:
                    lines.append(f"  Description {i}.{j}: {c.description}")
        return "\n".join(lines)

    def leaves(self) -> list[tuple[int, int | None, OutlineNode]]:
        """The units a survey is written in: every subsection, or the section itself when it
        has none. ``(section_no, subsection_no | None, node)``, 0-based."""
        out: list[tuple[int, int | None, OutlineNode]] = []
        for i, s in enumerate(self.sections):
            if s.children:
                out.extend((i, j, c) for j, c in enumerate(s.children))
            else:
                out.append((i, None, s))
        return out


# Titles copied from the prompts' format examples: a reply made of them is no outline
# (tiny models often echo the example verbatim).
_PLACEHOLDER = re.compile(
    r"^(section title|subsection title|name of (sub)?section|title of the survey)\s*(\d+|k|n)?$",
    re.I,
)


def _is_placeholder(title: str) -> bool:
    return bool(_PLACEHOLDER.match(title.strip())) or title.strip() in ("...", "\u2026")


def _clean(text: Any) -> str:
    t = str(text or "").strip()
    t = re.sub(r"^\[(.*)\]$", r"\1", t).strip()  # "[NAME OF SECTION 1]" echoed with brackets
    return re.sub(r"\s+", " ", t.strip("*_# ").strip())


def parse_surveygen_outline(reply: str, *, keep_example_titles: bool = False) -> Outline:
    """SurveyGen App. I outline JSON -> :class:`Outline`. Titles copied from the prompt's
    example are dropped; an outline made only of them raises :class:`ParseError` unless ``keep_example_titles`` (then they are kept as written)."""
    obj = parse_json_object(reply)
    raw = obj.get("outline")
    if not isinstance(raw, list) or not raw:
        raise ParseError("outline JSON has no non-empty 'outline' list")
    sections = []
    for item in raw:
        if not isinstance(item, dict):
            raise ParseError(f"outline entry is not an object: {str(item)[:80]}")
        title = _clean(item.get("section_title") or item.get("title"))
        if not title:
            raise ParseError("outline entry without 'section_title'")
        subs = item.get("subsections") or {}
        children: list[OutlineNode] = []
        if isinstance(subs, dict):
            children = [OutlineNode(_clean(k), _clean(v)) for k, v in subs.items() if _clean(k)]
        elif isinstance(subs, list):
            for s in subs:
                if isinstance(s, dict):
                    t = _clean(s.get("subsection_title") or s.get("title"))
                    d = _clean(s.get("description") or s.get("content"))
                else:
                    t, d = _clean(s), ""
                if t:
                    children.append(OutlineNode(t, d))
        if not keep_example_titles:
            children = [c for c in children if not _is_placeholder(c.title)]
        if keep_example_titles or not _is_placeholder(title):
            sections.append(OutlineNode(title, _clean(item.get("description")), children))
    if not sections:
        raise ParseError("the outline only repeats the prompt's example titles")
    title = _clean(obj.get("title"))
    return Outline(title="" if _is_placeholder(title) else title, sections=sections)


_LINE = re.compile(
    r"^\s*(?:[-*]\s*)?\**\s*(title|section|subsection|description)\s*([0-9]+(?:\.[0-9]+)?)?\s*\**\s*[:：]\s*(.*)$",
    re.I,
)


def parse_autosurvey_outline(reply: str, unit: str = "section", *,
                             keep_example_titles: bool = False) -> Outline:
    """AutoSurvey App. F outline text -> :class:`Outline` (``unit="subsection"`` for the
    subsection outline, whose nodes come back as the outline's sections). Example titles as in
    :func:`parse_surveygen_outline`."""
    if not reply or not reply.strip():
        raise ParseError("empty reply")
    text = re.sub(r"</?format>", "", reply, flags=re.I)
    title = ""
    nodes: list[OutlineNode] = []
    for line in text.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        kind, value = m.group(1).lower(), _clean(m.group(3))
        if kind == "title" and not title:
            title = "" if _is_placeholder(value) else value
        elif kind == unit and value and (keep_example_titles or not _is_placeholder(value)):
            nodes.append(OutlineNode(value))
        elif kind == "description" and nodes and not nodes[-1].description:
            nodes[-1].description = value
    if not nodes:
        raise ParseError(f"no '{unit.title()} k:' lines with a real title in the reply: {' '.join(reply.split())[:100]}")
    return Outline(title=title, sections=nodes)


# ---- constrained decoding for the in-process judge --------------------------------------------
# ``Judge.grammar_for`` reads ``parse.gbnf``: an in-process model then decodes under that grammar,
# so a tiny model's reply is parseable by construction (endpoints are never constrained).


CHARS_PER_TOKEN_JSON = 2.5  # conservative: JSON punctuation and short words


def fit_lengths(max_tokens: int | None, units: int, base: dict[str, int], overhead: int,
                floor: int = 16) -> dict[str, int]:
    """Field length caps so that ``units`` repetitions of ``base`` fields (plus ``overhead``
    characters each) fit in a reply of ``max_tokens`` tokens: a constrained reply must close
    its structure before the token budget ends, or it is cut and unparseable."""
    if not max_tokens:
        return dict(base)
    room = max_tokens * CHARS_PER_TOKEN_JSON - 80 - units * overhead  # keys and punctuation
    content = units * sum(base.values())
    f = min(1.0, max(0.0, room) / content) if content > 0 else 1.0
    return {k: max(floor, int(v * f)) for k, v in base.items()}


def structured_tokens(max_tokens: int, kind: str, units: int = 1) -> int:
    """Reply budget of a structured call: at least what the smallest valid reply of that kind
    needs (``outline``: ~160 tokens per section; ``section``: 160; ``section-task1``, which
    lists its references in full: 256), so a small ``max_tokens`` cannot cut the JSON short."""
    floor = {"outline": 160 * max(1, units), "section": 160, "section-task1": 256}[kind]
    return max(max_tokens, floor)


def surveygen_outline_schema(min_sections: int = 3, max_sections: int = 7,
                             max_subsections: int = 6, max_tokens: int | None = None) -> dict[str, Any]:
    """JSON schema of the SurveyGen App. I outline reply. Subsections are a list of
    ``{"subsection_title", "description"}`` objects (the parser also reads the prompt's
    ``{title: description}`` form; a list is what a grammar can bound in number). String
    lengths are capped so the largest outline fits in ``max_tokens``."""
    text = lambda lo, hi: {"type": "string", "minLength": min(lo, hi), "maxLength": hi}  # noqa: E731
    per_sub = {"t": 90, "d": 200}
    sec = fit_lengths(max_tokens, max_sections, {"t": 90, "d": 240, **{f"s{i}": 290 for i in range(max_subsections)}},
                      overhead=60 + 50 * max_subsections)
    f = sec["t"] / 90
    sub = {k: max(16, int(v * f)) for k, v in per_sub.items()}
    return {
        "type": "object",
        "properties": {
            "title": text(8, max(16, int(120 * f))),
            "outline": {
                "type": "array", "minItems": min_sections, "maxItems": max_sections,
                "items": {
                    "type": "object",
                    "properties": {
                        "section_title": text(4, sec["t"]),
                        "description": text(10, sec["d"]),
                        "subsections": {
                            "type": "array", "minItems": 0, "maxItems": max_subsections,
                            "items": {"type": "object",
                                      "properties": {"subsection_title": text(4, sub["t"]),
                                                     "description": text(10, sub["d"])},
                                      "required": ["subsection_title", "description"]},
                        },
                    },
                    "required": ["section_title", "description", "subsections"],
                },
            },
        },
        "required": ["title", "outline"],
    }


class SurveyGenOutlineParser:
    """:func:`parse_surveygen_outline` carrying the GBNF of its schema (built on first use)."""

    def __init__(self, min_sections: int = 3, max_sections: int = 7, max_subsections: int = 6,
                 max_tokens: int | None = None) -> None:
        self.schema = surveygen_outline_schema(min_sections, max_sections, max_subsections, max_tokens)
        self._gbnf: str | None = None

    def __call__(self, reply: str) -> Outline:
        return parse_surveygen_outline(reply)

    def keeping_example_titles(self, reply: str) -> Outline:
        return parse_surveygen_outline(reply, keep_example_titles=True)

    @property
    def gbnf(self) -> str:
        if self._gbnf is None:
            from surveybench.judges.backends import gbnf_from_json_schema

            self._gbnf = gbnf_from_json_schema(self.schema)
        return self._gbnf


def autosurvey_outline_gbnf(unit: str, min_units: int, max_units: int, *, with_title: bool,
                            max_tokens: int | None = None) -> str:
    """GBNF of AutoSurvey's App. F outline format: ``Title:`` then ``Section k:`` /
    ``Description k:`` line pairs (``Subsection k:`` for the subsection outline), k = 1..n;
    line lengths capped so the largest outline fits in ``max_tokens``."""
    label = "Section" if unit == "section" else "Subsection"
    cap = fit_lengths(max_tokens, max_units + 1, {"name": 90, "desc": 240}, overhead=30)
    pairs = [f'"{label} {k}: " name "\\nDescription {k}: " desc "\\n"' for k in range(1, max_units + 1)]
    body = " ".join(pairs[:min_units])
    optional = ""
    for p in reversed(pairs[min_units:]):
        optional = f"({p} {optional})?" if optional else f"({p})?"
    rules = [
        "root ::= " + ('"Title: " name "\\n" ' if with_title else "") + body + (" " + optional if optional else ""),
        # no brackets: the prompts' "[NAME OF SECTION 1]" placeholders cannot be echoed
        f"name ::= [^\\n\\[\\]]{{4,{cap['name']}}}",
        f"desc ::= [^\\n\\[\\]]{{10,{cap['desc']}}}",
    ]
    return "\n".join(rules)


class AutoSurveyOutlineParser:
    """:func:`parse_autosurvey_outline` carrying the grammar of the format it reads."""

    def __init__(self, unit: str = "section", min_units: int = 1, max_units: int = 8,
                 max_tokens: int | None = None) -> None:
        self.unit = unit
        self.gbnf = autosurvey_outline_gbnf(unit, min_units, max_units, with_title=unit == "section",
                                            max_tokens=max_tokens)

    def __call__(self, reply: str) -> Outline:
        return parse_autosurvey_outline(reply, unit=self.unit)

    def keeping_example_titles(self, reply: str) -> Outline:
        return parse_autosurvey_outline(reply, unit=self.unit, keep_example_titles=True)


def outline_or_example_titles(judgement: Any, parser: Any, step: str, log: list[str]) -> Outline | None:
    """The outline of ``judgement``; when its only fault is that every title copies the
    prompt's format example (tiny models do this even after the judge's re-asks), the reply's
    outline as written, with a warning in ``log`` -- the structure is the model's and well
    formed, so the run goes on and the scores show the titles, instead of the job failing and
    being retried into the same reply. None when the reply holds no outline at all."""
    if judgement.ok:
        return judgement.value
    if not judgement.reply:
        return None
    try:
        outline = parser.keeping_example_titles(judgement.reply)
    except ParseError:
        return None
    log.append(f"{step}: every title copies the prompt's example after the judge's re-asks; "
               f"kept as written ({', '.join(repr(s.title) for s in outline.sections[:3])})")
    return outline
