"""The ACL head search (``reflist._acl_head``) finds what its former pattern matched, without the pattern's quadratic
search: ``(.{1,1600}?)`` before the year tried the year after each of 1,600 characters from every start (the hostile
test's 3,000-repeat strings took 25 s of CPU). Checked against that pattern at every line and sentence start of real reference
lists (../shared/data) and on hand-made heads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from surveybench.readers.reflist import _acl_head

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
# the pattern as it was (3021c7f), used with .match at an entry's start
_FORMER = re.compile(r"(.{1,1600}?)(\.\s{1,3}+|\s)(?:(?:19|20)\d{2}[a-z]?|n\.\s?d)(?:\.\s|:\s(?=[^\W\d_]))")
_SEVERAL_AUTHORS = re.compile(r",\s.*\b(?:and|&)\s[^,]+$")


def _former(text: str, pos: int) -> tuple[str, int] | None:
    m = _FORMER.match(text, pos)
    if m is None or (m.group(2) == " " and not _SEVERAL_AUTHORS.search(m.group(1))):
        return None
    return m.group(1), m.end(1)


def _now(text: str, pos: int) -> tuple[str, int] | None:
    head = _acl_head(text, pos)
    return None if head is None else (head.names, head.names_end)


@pytest.mark.parametrize(("text", "names"), [
    ("Rico Sennrich, Barry Haddow, and Alexandra Birch. 2016. Neural machine translation.", "Rico Sennrich, Barry Haddow, and Alexandra Birch"),
    ("Rico Sennrich, Barry Haddow, and Alexandra Birch 2016. Neural machine translation.", "Rico Sennrich, Barry Haddow, and Alexandra Birch"),
    ("Proceedings of the Web Conference 2021. Pages 1-9.", None),  # no period before the year, one name: no head
    ("OpenAI. n.d. GPT-4 system card.", "OpenAI"),
    ("Sarr A, Whetton P. 2007: Regional Climate Projections.", "Sarr A, Whetton P"),
    ("Sarr A, Whetton P. 2007: 5998-6008.", None),  # GB/T 7714's pages after a colon
    ("Tom Brown and Ben Mann\n. 2020. Language models.", None),  # the names stay on their line
    ("A" * 1600 + ". 2020. Title.", "A" * 1600),
    ("A" * 1601 + ". 2020. Title.", None),  # longer than any author list
])
def test_hand_made_heads(text: str, names: str | None) -> None:
    head = _acl_head(text)
    assert (head.names if head else None) == names
    assert _now(text, 0) == _former(text, 0)


def test_same_as_the_former_pattern_at_every_line_and_sentence_start_of_real_files() -> None:
    files = sorted(SHARED.rglob("*.md"))
    if not files:
        pytest.skip(f"no Markdown files under {SHARED}")
    checked = found = 0
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        # where the reader asks: line starts, after a sentence's period (glued or not)
        for pos in [0, *(m.end() for m in re.finditer(r"\n|\. |\.(?=[A-Z])", text))]:
            want = _former(text, pos)
            assert _now(text, pos) == want, (path.name, pos, text[pos : pos + 80])
            checked += 1
            found += want is not None
    assert checked > 30_000 and found > 1_000  # real lists, heads found in them
