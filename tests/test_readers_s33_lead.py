"""Stop 33, the lead's classes: a file saved in Windows' Western code page (Windows-1252) is read, and the parse
report says so; the evidence (no UTF-8 sequence, mostly lone high bytes, every byte defined) is the file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from surveybench.readers import read_survey_report
from surveybench.readers.errors import ReaderError

_CP1252 = (
    "# Fractures of the distal radius\n\n"
    "## Methods\n\nPatients seen 2010\u20132015 were included (Smith et al. 2001). The surgeon\u2019s notes were read.\n\n"
    "## Results\n\nAccuracy was 0.91 (Caf\xe9 and Jones 2019).\n\n"
    "## References\n\n"
    "1. Smith A, Brown B. Wrist fractures in adults. Acta Orthop 2001; 72: 1-5.\n"
    "2. Caf\xe9 C, Jones D. Deep learning for radiographs. Acta Orthop 2019; 90: 10-15.\n"
).encode("cp1252")


def test_windows_1252_file_is_read_and_the_report_says_so(tmp_path: Path) -> None:
    path = tmp_path / "radius.md"
    path.write_bytes(_CP1252)
    survey, report = read_survey_report(path)
    assert [s.title for s in survey.top_level_sections()] == ["Methods", "Results"]
    assert "2010\u20132015" in survey.sections[0].paragraphs[0].text and "surgeon\u2019s" in survey.sections[0].paragraphs[0].text
    assert [r.title for r in survey.references] == ["Wrist fractures in adults", "Deep learning for radiographs"]
    # 4 bytes above 0x7F: the en dash, the apostrophe and the two e-acutes
    note = next(w for w in report.warnings if w.startswith("not UTF-8"))
    assert note == "not UTF-8: read as Windows-1252 (4 bytes above 0x7F, the first 0x96 at offset 64, such as '\u2013')"


@pytest.mark.parametrize("undefined", [b"\x81", b"\x9d"])
def test_a_byte_windows_1252_leaves_undefined_is_still_refused(tmp_path: Path, undefined: bytes) -> None:
    path = tmp_path / "odd.md"
    path.write_bytes(_CP1252.replace(b"\x92", undefined))
    with pytest.raises(ReaderError, match="not valid UTF-8 text: byte 0x96 at offset 64"):
        read_survey_report(path)
