"""Stop 34, the lead's class: a plain-text extraction of mathematics whose font left the minus sign unmapped writes
it as a NUL standing alone between spaces or line breaks, as the sign stood; such NULs, up to one in 100
characters, are read as glyphs (U+FFFD) and said in the report, while NULs inside words stay a binary's evidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from surveybench.readers import read_survey_report
from surveybench.readers.errors import ReaderError

# one NUL in 110 characters: "1 \x00 x" is 1 - x with its minus unmapped (the density of holdout46's article, 593 in 110 KB)
_EQUATION = "The share of traditional credit is 1 \x00 x and that of green credit x, with x in [0, 1] (Smith 2020).\n"


def _survey(paragraph: str, times: int) -> str:
    return (
        "# Green credit for mariculture\n\n## Model\n\n" + paragraph * times + "\n## Results\n\nStable (Smith 2020).\n\n"
        "## References\n\nSmith, A. (2020). Evolutionary games of green finance. Marine Policy, 12, 1-9.\n"
    )


def test_nuls_standing_as_glyph_tokens_are_read_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "mariculture.md"
    path.write_bytes(_survey(_EQUATION, 40).encode("utf-8"))
    survey, report = read_survey_report(path)
    assert [s.title for s in survey.top_level_sections()] == ["Model", "Results"]
    assert "1 \ufffd x" in survey.sections[0].paragraphs[0].text
    assert [r.title for r in survey.references] == ["Evolutionary games of green finance"]
    first = _survey(_EQUATION, 40).encode("utf-8").index(b"\x00")
    assert f"40 NUL bytes (the first at offset {first}) read as U+FFFD" in " ".join(report.warnings)


@pytest.mark.parametrize(
    ("paragraph", "why"),
    [
        # the same density inside words ("1 \x00x"): not a token, so the one-in-1,000 bound holds
        (_EQUATION.replace("1 \x00 x", "1 \x00x"), "inside a word"),
        # tokens, but one in 40 characters: past one in 100
        ("1 \x00 x, 2 \x00 y, 3 \x00 z. " * 3 + "\n", "denser than one in 100"),
    ],
)
def test_other_nuls_at_that_density_still_make_a_binary_file(tmp_path: Path, paragraph: str, why: str) -> None:
    path = tmp_path / "binary.md"
    path.write_bytes(_survey(paragraph, 40).encode("utf-8"))
    with pytest.raises(ReaderError, match="binary file \\(contains NUL bytes"):
        read_survey_report(path)
