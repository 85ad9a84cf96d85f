"""Reference-entry classes of the tuning splits met at stop 37 (issue 9): entry titles.

Also ``refstrings._ACL_NO_PERIOD`` ("Names, Names and Name 2016. Title": the period before the
year lost) read in linear steps: the one pattern took seconds on a long line without a period; the
reading that replaced it must match exactly where the pattern did, with the same groups and end.

Expected values are read off the text by hand.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

from surveybench.readers.refstrings import _ACL_NO_PERIOD

# the pattern as it stood at baf2084 (quadratic-to-cubic on a long line without a period)
_OLD_ACL_NO_PERIOD = re.compile(r"^(?P<a>[^.]+?,\s[^.]*\b(?:and|&)\s[^,.]+?)\s(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\.\s+")


def _both(text: str) -> tuple[object, object]:
    o, n = _OLD_ACL_NO_PERIOD.match(text), _ACL_NO_PERIOD.match(text)
    return ((o.group("a"), o.group("y"), o.group("s"), o.end()) if o else None,
            (n.group("a"), n.group("y"), n.group("s"), n.end()) if n else None)


def test_acl_no_period_reads_its_shape() -> None:
    m = _ACL_NO_PERIOD.match("Ann Lee, Bo Chen, and Carl Diaz 2016b.  Neural things. In Proc.")
    assert m is not None
    assert (m.group("a"), m.group("y"), m.group("s")) == ("Ann Lee, Bo Chen, and Carl Diaz", "2016", "b")
    assert m.end() == len("Ann Lee, Bo Chen, and Carl Diaz 2016b.  ")
    assert _ACL_NO_PERIOD.match("Ann Lee, Bo Chen 2016. Title.") is None  # no "and": one pattern of the list splitter's
    assert _ACL_NO_PERIOD.match("Ann Lee, Bo Chen, and Carl, Diaz 2016. T.") is None  # a comma in the last name
    assert _ACL_NO_PERIOD.match("A. Lee, B. Chen and C. Diaz 2016. T.") is None  # a period before the year


@pytest.mark.parametrize("text", [
    "Ann Lee, Bo Chen, and Carl Diaz 2016. Neural things.",
    "Lee, Chen & Diaz 2016. Title.",
    "Lee, Chen& Diaz 2016. Title.",
    "Lee, and Diaz 2016. Title.",
    ", and Diaz 2016. Title.",
    "Lee,\nand Diaz\n2016.\nTitle",
    "Lee, Chen and Diaz 2016a.Title",
    "Lee, Chen and Diaz 20161. Title",
    "Lee, Chen and, Diaz 2016. Title",
    "Lee, Chen and Diaz ٢٠١٦. Title",
    "Lee, Sandy Diaz 2016. Title",
    "Lee, Chen and  2016. Title",
    "Lee, Chen and Diaz 2016",
    "Lee, Chen and Diaz 2016.",
])
def test_acl_no_period_equals_the_old_pattern_on_edge_shapes(text: str) -> None:
    old, new = _both(text)
    assert old == new


def test_acl_no_period_equals_the_old_pattern_on_random_entries() -> None:
    parts = [["A", "Smith", "ǅx", " ", ""], [",", ", ", ",\n", ""], ["B", " B, C", " and", "", "J&"],
             [" and ", " & ", "& ", " and", "and\t", "&\n"], ["Lee", "Lee, K", "", " ", "L ee"],
             [" 2020", " 1999", "\n2021", "2020", " ٢٠٢٠"], ["a", "", "B", "1"], [".", ". ", ".  \n", "", " ."],
             ["Title", "", " x. y"]]
    rng = random.Random(37)
    hits = 0
    for _ in range(20000):
        text = "".join(rng.choice(p) for p in parts)
        old, new = _both(text)
        assert old == new, text
        hits += old is not None
    assert hits > 300


_UNSEEN = Path("/work/unseen")
_LABELS = Path(__file__).parent / "data" / "unseen" / "labels.json"


@pytest.mark.skipif(not _UNSEEN.is_dir(), reason="the labelled real files are not on this machine")
def test_acl_no_period_equals_the_old_pattern_on_real_entries() -> None:
    """Every line of the dev splits' files (entries as printed, and without their "[12]"/"12." number)."""
    files = [_UNSEEN / x["file"] for x in json.loads(_LABELS.read_text(encoding="utf-8"))["files"] if x["split"].startswith("dev")]
    lines = checked = hits = 0
    for path in files:
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if len(line) > 3000 or not re.search(r"(?:19|20)\d\d", line):
                continue
            lines += 1
            for text in {line, re.sub(r"^\s*(?:[-*]\s+)?(?:\[\d+\]|\d+\.)\s*", "", line)}:
                old, new = _both(text)
                assert old == new, text
                checked += 1
                hits += old is not None
    assert lines > 10000 and hits > 5


def test_acl_no_period_is_linear_on_long_lines_without_a_period() -> None:
    t0 = time.process_time()
    for text in ["Aa Bb, " * 3000 + "and", "a, " * 3000, "Smith and " * 3000 + "2020", "a, and " * 3000 + " 2020. x"]:
        _ACL_NO_PERIOD.match(text)
    assert time.process_time() - t0 < 0.5
