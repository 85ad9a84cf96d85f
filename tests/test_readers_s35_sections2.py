"""Stop 35, top-level sections (second round): pdftotext -layout pages an arXiv identifier stamps down the margin
(one column set in from the margin, no two-column page), and the page breaks of a file whose two-column pages are read
column by column (a page's number closing it is no heading's number)."""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text
from surveybench.readers.layout import columns_apart

_PAD = " " * 41
_PARA = ("Reconstructing dense geometry from continuous video streams requires stable inference under a fixed memory",
         "budget, which frameworks that evict tokens one by one cannot give without losing much of the scene's detail.")


def _read(tmp_path: Path, text: str) -> tuple[str | None, list[str]]:
    survey = read_text(tmp_path, text, "paper.md")
    return survey.title, [s.title for s in survey.top_level_sections()]


def test_arxiv_stamp_beside_an_indented_first_page_is_no_column(tmp_path: Path) -> None:
    # the first page: every line set in 41 columns, the margin's identifier the only line at the left
    body = "".join(f"{_PAD}{ln}\n" for ln in _PARA) * 4
    page1 = (f"{_PAD}   StreamGeo: Streaming Geometry Transformers\n\n{_PAD}Ana Ruiz1 , Bo Li2\n\n"
             f"{_PAD}          Abstract\n{body}\narXiv:2604.15237v2 [cs.CV] 17 Apr 2026\n\n\n"
             f"{_PAD}1    Introduction\n{body}\n{_PAD}          1\n")
    page2 = "".join(f"{ln}\n" for ln in _PARA) * 3
    text = (f"{page1}\f2    Related Work\n{page2}\n3    Method\n{page2}\nReferences\n"
            "[1] A. Ruiz. Streaming geometry. In CVPR, 2024.\n")
    lines = text.split("\n")
    assert columns_apart(lines) == (lines, 0)
    assert _read(tmp_path, text) == ("StreamGeo: Streaming Geometry Transformers", ["Introduction", "Related Work", "Method"])


def test_page_break_kept_when_pages_are_read_column_by_column(tmp_path: Path) -> None:
    # a one-column first page closes with its number "2"; the next page, two columns read apart, opens with a sentence
    # of the text ("\fOur contributions are summarized as follows:"), not section 2's title
    left = ["Feed-forward models predict the scene", "in one pass over the input images and", "need no optimisation per scene at all",
            "which makes them fast enough for use", "on robots and phones in real settings", "as several recent systems have shown"]
    one = "".join(f"{ln}\n" for ln in _PARA) * 3
    two = "".join(f"{a:<50}{b}\n" for a, b in zip(left, reversed(left)))
    text = (f"Fisher-Guided Quantization of Geometry Models\n\nAbstract\n{one}\n1    Introduction\n{one}\n"
            f"{' ' * 24}2\n\fOur contributions are summarized as follows:\n{two}\n2    Related Work\n{two}\n"
            f"3    Method\n{two}\nReferences\n[1] A. Ruiz. Streaming geometry. In CVPR, 2024.\n")
    read, split = columns_apart(text.split("\n"))
    assert split == 1
    assert [ln for ln in read if ln.startswith("\f")] == ["\fOur contributions are summarized as follows:"]
    assert _read(tmp_path, text)[1] == ["Introduction", "Related Work", "Method"]
