"""Two-column pages of a layout-keeping text extraction, read one column after the other.

``pdftotext -layout`` (and tools built on it) keeps a page's geometry: on a two-column page each line
holds a line of the left column, a wide run of spaces, then a line of the right column. Read as it is,
every paragraph is interleaved with its neighbour across the gutter, and so are the headings and the
reference list. The evidence is the page itself: on many of its lines (six at least, a third of its long
ones) text starts after a run of three spaces or more at one and the same column, give or take a few. Such a
page is read as its left column, then its right column; a line crossing the gutter (a title, a full-width
caption) stays whole in the left column's place. Pages are told apart by the extraction's form feeds;
without any, the text is one page.
"""

from __future__ import annotations

import re

_RUN_THEN_TEXT = re.compile(r" {3,}(?=\S)")
_MIN_LINES = 6  # a page needs this many lines whose right column starts at one column (and a third of its long lines)
_MIN_COLUMN = 30  # the right column starts this far from the margin at least
_DRIFT = 8  # columns the right column's start may move on one page
_MIN_BESIDE = 3  # a page needs this many lines holding text on both sides of the gutter


def columns_apart(lines: list[str]) -> tuple[list[str], int]:
    """The lines with each two-column page read column by column, and how many pages were so read."""
    pages: list[list[str]] = [[]]
    for ln in lines:
        if "\f" in ln:
            head, _, tail = ln.partition("\f")
            if head.strip():
                pages[-1].append(head)
            pages.append([])
            ln = tail.replace("\f", "")
        pages[-1].append(ln)
    out: list[str] = []
    split = 0
    for n, page in enumerate(pages):
        read = _page_columns(page)
        if read is None:
            read = page
        else:
            split += 1
        # each page after the first opens with its form feed, as the extraction gave it: the page break is evidence
        # the readers use ("3" alone closing a page is its number, not the number of a heading on the next page's line)
        out.extend([f"\f{read[0]}", *read[1:]] if n and read else read)
    return out, split


def _page_columns(page: list[str]) -> list[str] | None:
    # where text starts after a run of spaces (a gutter, or a right-column line's indent): the right
    # column's first character sits at one column on most of the page's lines, give or take a few
    # (a smaller font further down the page: the reference list's)
    starts_by_line = [[m.end() for m in _RUN_THEN_TEXT.finditer(ln.rstrip()) if m.end() >= _MIN_COLUMN] for ln in page]
    counts: dict[int, int] = {}
    for starts in starts_by_line:
        for x in starts:
            counts[x] = counts.get(x, 0) + 1
    if not counts:
        return None
    column = max(sorted(counts), key=lambda x: counts[x])
    near = [min((x for x in starts if abs(x - column) <= _DRIFT), key=lambda x: abs(x - column), default=None)
            for starts in starts_by_line]
    long_lines = sum(1 for ln in page if len(ln.rstrip()) > column)
    if sum(x is not None for x in near) < max(_MIN_LINES, long_lines / 3):
        return None
    # a page set in from the margin, no text beside it (an arXiv first page: the identifier stamped down the margin,
    # "arXiv:2604.15237v2 [cs.CV] 17 Apr 2026", is the only line at the left; every other one starts at column 41) is
    # one column: read apart, the stamp would come first and be taken for the title
    if sum(1 for ln, x in zip(page, near) if x is not None and ln[:x].strip()) < _MIN_BESIDE:
        return None
    left: list[str] = []
    right: list[str] = []
    for ln, at in zip(page, near):
        text = ln.rstrip()
        if at is None and len(text) > column and not text[column - 3 : column].strip():
            # the gutter blank, the right column's text starting further in (a formula's subscript line)
            at = column + len(text[column:]) - len(text[column:].lstrip())
        if at is None:
            # the left column's line alone, or a line crossing the gutter (a title, a full-width caption)
            left.append(text)
        elif not text[:at].strip():
            right.append(text[at:])  # a line of the right column beside an empty one of the left
        else:
            left.append(text[:at].rstrip())
            right.append(text[at:])
    return left + [""] + right
