"""Figures and tables of a Markdown survey, as weAIDB SurveyBench's richness script finds them.

Definitions (weAIDB/SurveyBench, ``src/content_based_eval/richness.py`` ``get_richness`` and
``src/content_based_eval/eval_content.py`` ``drop_ref``), reimplemented, not copied:

- *the text*: the file's text cut at the first ``## References`` (else the first
  ``## REFERENCES``) — a plain substring search, so ``### References`` matches too — and stripped
  of surrounding whitespace. With neither marker the whole text counts (the original does the
  same; a bibliography under another heading is then inside the text).
- *figures*: every ``![alt](target)`` on one line (non-greedy, as ``!\\[.*?\\]\\(.*?\\)``).
- *HTML tables*: occurrences of the exact string ``<table>`` (the original counts
  ``text.count("<table>")``, so ``<table class=...>`` is not counted; we keep that).
- *Markdown tables*: scanning lines, a line containing ``|`` and ``---`` starts a table unless
  one is open; any line without ``|`` closes it. One table per run, however many rows.
- *characters*: ``len`` of the text, the denominator of richness (:mod:`surveybench.metrics.richness`).

The Markdown reader calls :func:`attach` so every metric sees ``Survey.figures``,
``Survey.tables`` and ``Survey.body_chars``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from surveybench.model import Figure, Survey, Table

_REFERENCE_MARKERS = ("## References", "## REFERENCES")
_IMAGE = re.compile(r"!\[(.*?)\]\((.*?)\)")
_SEPARATOR = re.compile(r"^\s*\|?.*---.*\|?.*$")
_HTML_TABLE = "<table>"


def text_before_references(text: str) -> str:
    """The text up to weAIDB's reference marker, stripped (``drop_ref`` of ``eval_content.py``)."""
    for marker in _REFERENCE_MARKERS:
        at = text.find(marker)
        if at != -1:
            return text[:at].strip()
    return text.strip()


@dataclass(frozen=True)
class FiguresAndTables:
    figures: list[Figure]
    tables: list[Table]
    chars: int  # len(text before the reference list)


def extract(text: str) -> FiguresAndTables:
    """Figures, tables (in document order) and the character count of ``text`` before its
    reference list, by the rules in the module docstring."""
    body = text_before_references(text)
    lead = len(text) - len(text.lstrip())  # where the stripped body starts in the source

    def line_of(pos: int) -> int:
        return text.count("\n", 0, lead + pos) + 1

    figures = [Figure(alt=m.group(1), target=m.group(2), line=line_of(m.start())) for m in _IMAGE.finditer(body)]
    found: list[tuple[int, Table]] = []
    at = body.find(_HTML_TABLE)
    while at != -1:
        found.append((at, Table(kind="html", line=line_of(at))))
        at = body.find(_HTML_TABLE, at + len(_HTML_TABLE))
    # The original scans str.splitlines(); positions are tracked to give source line numbers.
    in_table = False
    pos = 0
    for line in body.splitlines(keepends=True):
        content = line.rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
        if "|" in content:
            if not in_table and _SEPARATOR.match(content):
                found.append((pos, Table(kind="markdown", line=line_of(pos))))
                in_table = True
        else:
            in_table = False
        pos += len(line)
    tables = [t for _, t in sorted(found, key=lambda item: item[0])]
    return FiguresAndTables(figures=figures, tables=tables, chars=len(body))


def attach(survey: Survey, text: str) -> Survey:
    """Fill ``survey.figures``, ``survey.tables`` and ``survey.body_chars`` from its source text."""
    found = extract(text)
    survey.figures = found.figures
    survey.tables = found.tables
    survey.body_chars = found.chars
    return survey
