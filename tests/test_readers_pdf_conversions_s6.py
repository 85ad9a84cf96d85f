"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, the round after s5).

From the tuning split dev6 (a pdftotext-style extraction of an arXiv article, DoPE): in two-column
plain text a heading's number is a line of its own and its title the next line of text ("4" / blank
/ "Denoising Positional Encoding"), and a named heading ("Introduction") stands without its number,
so the next numbered one skips a number. Table cells print numbers alone on lines too; they are
followed by more numbers or by labels printed more than once.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.readers import read_survey_report


def _read(tmp_path: Path, text: str, name: str):  # type: ignore[no-untyped-def]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_survey_report(path)


TWO_COLUMN_TEXT = """\
DoPE: Denoising Rotary Position Embedding
Jane Doe, John Roe
Abstract
Position encodings extrapolate poorly (Xiong et al., 2024).

Introduction

Long contexts matter (Press et al., 2022).

2

Background

Rotary embeddings rotate queries (Su et al., 2024).
5
3
Dynamic NTK
5
Dynamic NTK

3

Related Work

Length extrapolation (Press et al., 2022; Xiong et al., 2024).

4

Denoising Positional Encoding

4.1

Outlier Features

Some heads are noisy.

5

post_ntk_query

5

Experiment

It works (Su et al., 2024).

6

Conclusion

Denoise.

References
Ofir Press, Noah Smith, and Mike Lewis. 2022. Train short, test long. In ICLR.
Jianlin Su, Murtadha Ahmed, Yu Lu, and 1 others. 2024. RoFormer: enhanced transformer with rotary position
embedding. Neurocomputing, 568:127063.
Wenhan Xiong, Jingyu Liu, and 1 others. 2024. Effective long-context scaling of foundation models. In NAACL.
"""


def test_two_column_headings_with_their_numbers_on_lines_of_their_own(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, TWO_COLUMN_TEXT, "dope.md")
    # "Introduction" stood without its "1"; "2" / "Background" follows it; the table's "5" lines
    # (before "3", or before "Dynamic NTK" printed twice, or "post_ntk_query") are no headings
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction", "Background", "Related Work", "Denoising Positional Encoding", "Experiment", "Conclusion"]
    denoising = survey.top_level_sections()[3]
    assert [(s.title, s.level) for s in survey.sections if s.parent == denoising.index] == [("Outlier Features", 2)]
    assert len(survey.references) == 3
    assert report.unresolved_keys == 0 and report.markers_linked == report.markers == 5
