"""Bad input: one clear ReaderError naming the file and the reason; read_many goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from surveybench.readers import ReaderError, read_many, read_survey
from tests.plugins.shared_data import shared_path

GOOD_MD = "# T\n\n## 1 A\n\nText [1].\n\n## 2 B\n\nx\n\n## 3 C\n\ny\n\n## References\n\n[1] A title\n"


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        # a Chinese code page (GBK): runs of two high bytes, no single-byte Western text -- refused, not guessed
        ("gbk.md", "# 综述\n\n## 1 引言\n".encode("gbk"), "not valid UTF-8 text: byte 0xd7 at offset 2"),
        # UTF-8 text with one stray Western byte: not a Windows-1252 file either
        ("mixed.md", "# Café – survey\n\n## 1 A \x96 B\n".encode("utf-8").replace(b"\xc2\x96", b"\x96"), "not valid UTF-8 text: byte 0x96"),
        ("image.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "binary file"),
        ("empty.md", b"", "empty file"),
        ("blank.json", b"  \n\n ", "empty file"),
        ("cut.json", b'{"sections": [{"index": 1, "title": "Intro"', "truncated JSON"),
        ("bad.json", b'{"sections": [1,, 2]}', "invalid JSON"),
        ("other.json", b'{"hello": 1}', "JSON but not a known survey format"),
        ("list.json", b"[1, 2]", "JSON but not a known survey format"),
        ("plain.md", b"Just some text\nwithout any heading.\n", "no Markdown headings"),
    ],
)
def test_reader_error_names_file_and_reason(tmp_path: Path, name: str, data: bytes, reason: str) -> None:
    p = _write(tmp_path, name, data)
    with pytest.raises(ReaderError) as info:
        read_survey(p)
    assert info.value.path == p
    assert reason in info.value.reason
    assert str(info.value).startswith(f"{p}: ")
    assert "\n" not in str(info.value)


def test_truncated_real_surveygen_file(tmp_path: Path) -> None:
    src = shared_path("surveygen", "Gold_Standard_Deep Learning Applications in Computer Vision.json")
    p = _write(tmp_path, src.name, src.read_bytes()[:5000])
    with pytest.raises(ReaderError, match="truncated JSON"):
        read_survey(p)


def test_missing_file_and_wrong_format_argument(tmp_path: Path) -> None:
    with pytest.raises(ReaderError, match="cannot be opened"):
        read_survey(tmp_path / "nope.md")
    p = _write(tmp_path, "ok.md", GOOD_MD.encode())
    with pytest.raises(ReaderError, match="unknown format 'docx'"):
        read_survey(p, "docx")
    with pytest.raises(ReaderError, match="invalid JSON|truncated JSON"):
        read_survey(p, "surveygen-json")  # a Markdown file forced through the JSON reader
    with pytest.raises(ReaderError, match="is a directory"):
        read_survey(tmp_path)


def test_read_many_goes_on_past_bad_files(tmp_path: Path) -> None:
    _write(tmp_path, "a_good.md", GOOD_MD.encode())
    _write(tmp_path, "b_bad.md", b"\xff\xfe\x00binary\x00")
    (tmp_path / "sub").mkdir()
    _write(tmp_path / "sub", "c_good.md", GOOD_MD.replace("# T", "# U").encode())
    _write(tmp_path / "sub", "outlines.json", b"[]")  # a side file found in a directory
    _write(tmp_path, "notes.txt", b"ignored: not a survey extension")
    surveys, rep = read_many([tmp_path])
    assert [s.title for s in surveys] == ["T", "U"]
    assert [Path(f.path).name for f in rep.files] == ["a_good.md", "b_bad.md", "c_good.md", "outlines.json"]
    bad = rep.failed
    assert len(bad) == 1 and Path(bad[0].path).name == "b_bad.md" and bad[0].error
    ignored = [f for f in rep.files if f.ignored]
    assert [Path(f.path).name for f in ignored] == ["outlines.json"] and ignored[0].ok
    assert not rep.ok and rep.totals()["failed"] == 1
    # the same side file named explicitly is an error
    _s, rep2 = read_many([tmp_path / "sub" / "outlines.json"])
    assert not rep2.ok


def test_read_many_system_from_directory_name(tmp_path: Path) -> None:
    for d in ("AutoSurvey", "HumanSurvey"):
        (tmp_path / d).mkdir()
        _write(tmp_path / d, "Topic X.md", GOOD_MD.encode())
    surveys, rep = read_many([tmp_path], system_from_dir=True)
    assert rep.ok
    assert sorted((s.system or "-", s.topic) for s in surveys) == [("-", "Topic X"), ("AutoSurvey", "Topic X")]
    assert {s.id for s in surveys} == {"Topic X", "AutoSurvey:Topic X"}
    # a SurveyGen gold-standard file is human-written whatever directory it sits in
    src = shared_path("surveygen", "Gold_Standard_Deep Learning Applications in Computer Vision.json")
    (tmp_path / "surveygen").mkdir()
    _write(tmp_path / "surveygen", src.name, src.read_bytes())
    surveys, rep = read_many([tmp_path], system_from_dir=True)
    assert rep.ok
    assert sorted((s.system or "-", s.topic) for s in surveys) == [
        ("-", "Deep Learning Applications in Computer Vision"), ("-", "Topic X"), ("AutoSurvey", "Topic X"),
    ]
