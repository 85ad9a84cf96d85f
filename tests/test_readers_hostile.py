"""Hostile input for the readers (issue 14): inputs built to make a backtracking regex, a
quadratic loop or a blocking ``open`` hang. Each test has a generous budget enforced by
pytest-timeout (a hang fails the test; nothing asserts a duration). ``bench/readers_hostile.py``
prints the time per byte at doubling sizes to show the growth is linear.

Two layers: every compiled pattern of every reader module against strings made of the
characters it repeats (an exponential or quadratic pattern times out here, named), and whole
files through :func:`read_survey_report` / :func:`read_many` with the hostile shapes the issue
lists -- unclosed lists of 10,000 numbers, 100,000 headings, 100,000 references, deep JSON,
FIFOs, NUL bytes.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
from pathlib import Path

import pytest

import surveybench.readers as readers_pkg
from surveybench.readers import ReaderError, read_many, read_survey_report

# ---- generators (shared with bench/readers_hostile.py) ----------------------------------------------


def numbered_refs(n: int) -> str:
    return "\n".join(f"[{i}] A. Writer, \"Title number {i},\" in Proc., 2020." for i in range(1, n + 1))


def doc(body: str, refs: int = 5) -> str:
    """A small valid survey around ``body`` (three sections and a numbered list of ``refs``)."""
    return f"# T\n\n## 1 A\n\n{body}\n\n## 2 B\n\nSee [1].\n\n## 3 C\n\nAnd [2].\n\n## References\n\n{numbered_refs(refs)}\n"


def hostile_strings(n: int) -> dict[str, str]:
    """Strings of about ``n`` repeated units of the characters the reader patterns quantify."""
    nums = ", ".join(str(i) for i in range(1, n + 1))
    return {
        "unclosed-list": "see [" + nums + " and",
        "unclosed-list-tight": "see [" + ",".join(str(i) for i in range(1, n + 1)) + " and",
        "unclosed-paren-list": "see (" + nums + " and",
        "unclosed-superscript": "x$^{" + nums,
        "bare-number-run": "word " + " ".join("1" for _ in range(n)) + " x",
        "separators": "[1" + ", " * n + "x",
        "spaces": "a" + " " * n + "b",
        "dashes": "-" * n + "x",
        "initials": "A. " * n + "x",
        "surname-initials": "Smith, J. A., " * n + ",",
        "vancouver": "Smith JA, " * n + ",",
        "capital-words": "Aa Bb, " * n + "and",
        "et-al": "Smith et al. " * n + "(",
        "and-chain": "Smith and " * n + "2020",
        "caps": "A" * n + " 2",
        "letters": "a" * n + "-",
        "hyphen-words": "a-" * n + " 2 x",
        "url-broken": "https://a" + "- b" * n + " x",
        "doi-parens": "10.1234/" + "(a" * n,
        "brackets": "[" * n,
        "parens": "(" * n,
        "hashes": "#" * n,
        "quotes": '"' * n,
        "digits": "1" * n,
        "dots": "." * n,
        "commas-words": "a, " * n,
    }


def _reader_patterns() -> list[tuple[str, re.Pattern[str]]]:
    out = []
    for info in pkgutil.iter_modules(readers_pkg.__path__):
        mod = importlib.import_module(f"surveybench.readers.{info.name}")
        for name, value in vars(mod).items():
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                out.append((f"{info.name}.{name}", value))
    return out


PATTERNS = _reader_patterns()
HOSTILE = hostile_strings(3000)
# patterns the readers only .match at candidate entry starts, bounded to 1,600 characters per start
# (so linear over a list); scanned here from the first position only
MATCH_ONLY = {"reflist._ACL_HEAD", "reflist._QUOTED_HEAD"}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name,pattern", PATTERNS, ids=[n for n, _ in PATTERNS])
def test_every_reader_pattern_is_linear_on_hostile_strings(name: str, pattern: re.Pattern[str]) -> None:
    """3,000 repeats of each shape: a backtracking pattern takes minutes (the old bracket list
    doubled its time with each number), a linear one milliseconds."""
    for _shape, text in HOSTILE.items():
        if name not in MATCH_ONLY:
            for _m in pattern.finditer(text):
                pass
        pattern.match(text)
    assert len(PATTERNS) > 30  # the module scan found the readers' patterns


# ---- whole files ---------------------------------------------------------------------------------


def _write(tmp_path: Path, text: str, name: str = "s.md") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.timeout(120)
def test_unclosed_lists_of_10000_numbers(tmp_path: Path) -> None:
    nums = ", ".join(str(i) for i in range(1, 10_001))
    body = "\n\n".join(
        [f"Truncated output [{nums}", f"Tight [{nums.replace(' ', '')}", f"Paren ({nums}", f"Sup $^{{{nums}"]
    )
    s, rep = read_survey_report(_write(tmp_path, doc(body)))
    # the unclosed runs are not citations; the real markers after them still are
    marks = [m for *_x, m in s.citation_marks()]
    assert [(m.marker, m.ref_ids) for m in marks] == [("[1]", ["1"]), ("[2]", ["2"])]
    assert rep.ok and len(s.references) == 5


@pytest.mark.timeout(300)
def test_100000_headings(tmp_path: Path) -> None:
    text = "# T\n\n" + "".join(f"## {i} Heading {i}\n\nText [1].\n\n" for i in range(1, 100_001))
    s, rep = read_survey_report(_write(tmp_path, text + "## References\n\n" + numbered_refs(2)))
    assert len(s.sections) == 100_001  # 100,000 content sections and the reference section
    assert s.sections[-2].title == "Heading 100000" and s.sections[-2].number == "100000" or s.sections[-2].title.endswith("100000")
    assert rep.markers == 100_000 and rep.markers_linked == 100_000


@pytest.mark.timeout(300)
def test_20000_setext_headings(tmp_path: Path) -> None:
    text = "T\n=\n\n" + "".join(f"Heading {i}\n----------\n\nText [1].\n\n" for i in range(1, 20_001))
    s, _rep = read_survey_report(_write(tmp_path, text + "References\n----------\n\n" + numbered_refs(2)))
    assert s.title == "T" and len(s.top_level_sections()) == 20_000


@pytest.mark.timeout(300)
def test_100000_references_numbers_of_any_size(tmp_path: Path) -> None:
    body = "See [1], [9999], [10000] and [100000]."
    s, rep = read_survey_report(_write(tmp_path, doc(body, refs=100_000)))
    assert len(s.references) == 100_000
    last = s.reference_map()["100000"]
    assert last.title == "Title number 100000" and len(last.raw or "") < 80  # swallowed nothing
    first = s.sections[0].paragraphs[0].citations
    assert [m.ref_ids for m in first] == [["1"], ["9999"], ["10000"], ["100000"]]
    assert rep.unresolved_keys == 0


@pytest.mark.timeout(120)
def test_hostile_reference_entries(tmp_path: Path) -> None:
    """Author lists and URLs made to backtrack, inside a reference list the reader must parse."""
    h = hostile_strings(2000)
    entries = [h[k] for k in ("surname-initials", "initials", "vancouver", "capital-words", "url-broken", "doi-parens")]
    refs = "\n".join(f"[{i}] {e}" for i, e in enumerate(entries, 1))
    text = "# T\n\n## 1 A\n\nSee [1].\n\n## 2 B\n\n[2].\n\n## 3 C\n\n[3].\n\n## References\n\n" + refs
    s, rep = read_survey_report(_write(tmp_path, text))
    assert rep.ok and len(s.references) == len(entries)
    # and as an unnumbered (author-year) list
    text = "# T\n\n## 1 A\n\nx.\n\n## 2 B\n\ny.\n\n## 3 C\n\nz.\n\n## References\n\n" + "\n\n".join(entries)
    s, rep = read_survey_report(_write(tmp_path, text, "ay.md"))
    assert rep.ok and s.references


@pytest.mark.timeout(120)
def test_hostile_paragraphs(tmp_path: Path) -> None:
    """Every hostile shape as a paragraph of one survey, once with a bracket-cited list and once
    with a list cited by bare numbers (where the bare-number patterns run)."""
    body = "\n\n".join(hostile_strings(5000).values())
    s, rep = read_survey_report(_write(tmp_path, doc(body)))
    assert rep.ok and len(s.top_level_sections()) == 3
    bare = "# T\n\n## 1 A\n\n" + body + "\n\n## 2 B\n\nnetworks 1, 2.\n\n## 3 C\n\nmodels 3.\n\n## References\n\n"
    bare += "\n".join(f"{i}. Writer A. Title number {i}. Journal. 2020." for i in range(1, 6))
    s, rep = read_survey_report(_write(tmp_path, bare, "bare.md"))
    assert rep.ok and len(s.references) == 5


@pytest.mark.timeout(60)
def test_a_megabyte_line_and_a_megabyte_of_blank_lines(tmp_path: Path) -> None:
    text = doc("word " * 200_000 + "\n" * 200_000 + "end [3].")
    s, rep = read_survey_report(_write(tmp_path, text))
    assert rep.ok and rep.markers == 3


@pytest.mark.timeout(60)
@pytest.mark.parametrize("shape", ["array", "object", "survey-field"])
def test_deeply_nested_json_is_one_error_and_the_batch_goes_on(tmp_path: Path, shape: str) -> None:
    depth = 100_000
    deep = {
        "array": "[" * depth + "]" * depth,
        "object": '{"a":' * depth + "1" + "}" * depth,
        "survey-field": '{"survey": "# T", "reference": ' + "[" * depth + "]" * depth + "}",
    }[shape]
    (tmp_path / "deep.json").write_text(deep, encoding="utf-8")
    _write(tmp_path, doc("Fine [1]."), "good.md")
    with pytest.raises(ReaderError, match="nested too deeply"):
        read_survey_report(tmp_path / "deep.json")
    surveys, rep = read_many([tmp_path])
    assert [Path(f.path).name for f in rep.files] == ["deep.json", "good.md"]
    assert len(surveys) == 1 and rep.files[1].ok
    assert not rep.files[0].ok and "nested too deeply" in (rep.files[0].error or "")


@pytest.mark.timeout(30)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_fifo_named_md_does_not_block(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.md")  # opening it for reading would block until a writer comes
    _write(tmp_path, doc("Fine [1]."), "good.md")
    surveys, rep = read_many([tmp_path])
    by_name = {Path(f.path).name: f for f in rep.files}
    assert len(surveys) == 1 and by_name["good.md"].ok
    pipe = by_name["pipe.md"]
    assert pipe.ignored and pipe.error == "not a regular file (a named pipe (FIFO)): skipped"
    with pytest.raises(ReaderError, match="named pipe"):
        read_survey_report(tmp_path / "pipe.md")  # given by name: an error, still no block
    _s, rep = read_many([tmp_path / "pipe.md"])
    assert not rep.files[0].ok


@pytest.mark.timeout(30)
@pytest.mark.parametrize("offset", [0, 9000, 500_000])
def test_nul_bytes_anywhere_never_reach_paragraph_text(tmp_path: Path, offset: int) -> None:
    text = doc("Fine [1]. " + "padding " * 70_000)
    data = text.encode("utf-8")
    # a lone NUL in valid UTF-8 text (a PDF converter's unmapped glyph): read, as U+FFFD, and said
    p = tmp_path / "nul.md"
    p.write_bytes(data[:offset] + b"\x00" + data[offset:])
    survey, report = read_survey_report(p)
    assert "Fine" in survey.body_text(content_only=False)
    assert "\x00" not in survey.full_text(content_only=False) and "\x00" not in survey.title
    assert f"1 NUL byte (the first at offset {offset}) read as U+FFFD" in " ".join(report.warnings)
    # NULs at more than one in a thousand characters: a binary file, wherever the first is
    p.write_bytes(data[:offset] + b"".join(b"\x00" + data[i : i + 50] for i in range(offset, len(data), 50)))
    with pytest.raises(ReaderError, match=f"NUL bytes, the first at offset {offset}"):
        read_survey_report(p)
    # NULs with bytes that are not UTF-8: binary however rare the NULs
    p.write_bytes(data[:offset] + b"\x00" + data[offset:] + b"\xff\xfe")
    with pytest.raises(ReaderError, match=f"NUL bytes, the first at offset {offset}"):
        read_survey_report(p)
    p16 = tmp_path / "nul16.md"
    at = max(offset, 1)  # (a NUL first would turn the UTF-16 BOM into a UTF-32 one: another error)
    p16.write_bytes((text[:at] + "\x00" + text[at:]).encode("utf-16"))
    with pytest.raises(ReaderError, match="NUL characters"):
        read_survey_report(p16)


def test_any_reader_exception_is_one_error_for_that_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader bug (here a RuntimeError the reader does not expect) names the file and the
    batch goes on."""
    import surveybench.readers.markdown as md

    real = md.read_markdown_text

    def flaky(text: str, path: Path, **kw: object):  # type: ignore[no-untyped-def]
        if path.name == "bad.md":
            raise RuntimeError("reader bug")
        return real(text, path, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(md, "read_markdown_text", flaky)
    _write(tmp_path, doc("x [1]."), "bad.md")
    _write(tmp_path, doc("y [1]."), "good.md")
    surveys, rep = read_many([tmp_path])
    assert len(surveys) == 1
    bad = next(f for f in rep.files if f.path.endswith("bad.md"))
    assert not bad.ok and bad.error == "unexpected markdown content: RuntimeError: reader bug"
    assert json.dumps(rep.model_dump())  # the report stays serialisable


def _sentence_end_loop(text: str) -> int:
    """The former implementation (a Python loop over every "."), kept as the reference; since issue 9's
    fourth round an abbreviation may also follow another abbreviation's "." ("J.R. Lewis") and a
    month's abbreviation does not end a sentence ("Apr. 2019")."""
    abbreviations = r"[A-ZÀ-ÖØ-ÞĀ-ſȘ-țḀ-ỿ]|v|d|vs|e\.g|i\.e|etc|Fig|No|Vol|pp|Eq|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
    for m in re.finditer(r"[.?!](?=\s|$)", text):
        i = m.start()
        before = text[max(0, i - 6) : i]
        if text[i] == "." and re.search(rf"(?:^|[\s(\-.])(?:{abbreviations})\Z", before):
            continue
        return i + 1
    return len(text)


def test_sentence_end_single_scan_equals_the_loop() -> None:
    import random

    from surveybench.readers.refstrings import sentence_end

    rnd = random.Random(7)
    alphabet = ["A", "B", ".", " ", "(", "-", "v", "s", "e", "g", "i", "etc", "Fig", "No", "Vol", "pp", "Eq", "?", "!", "x", "Apr", "Sept", "d", "Ł"]
    for _ in range(20_000):
        t = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 14)))
        assert sentence_end(t) == _sentence_end_loop(t), t
    assert sentence_end("J. A. Smith and B. Lee. Title. In Proc.") == len("J. A. Smith and B. Lee.")
