"""The marker finders of citations.py were rewritten for speed (stop 34): each consumes its first character and looks
behind it afterwards, where it looked behind first and so was tried at every character of a paragraph. Their slow
forms are kept here, as written before, and both must find the same matches (spans and groups) on every real survey
file in ../shared/data and on seeded random text built from the characters the patterns look at."""

from __future__ import annotations

import random
import re

import pytest

from surveybench.readers import citations
from tests.plugins.shared_data import shared_path

_DASH = citations._DASH
# the slow forms, as citations.py wrote them before the rewrite (with stop 34's marker classes: runs of up to 61 numbers,
# a minus sign as a range dash, emphasis closing before the period, a full-width parenthesis and punctuation; stop 38's
# parenthesis closing a name that ends in a digit, "(pgi1).8")
_SLOW = {
    "_LINK_RE": re.compile(r"(?<!!)\[([^\[\]]{1,200})\]\((https?://[^)\s]+)\)"),
    "_UNICODE_SUPER_RE": re.compile(r"(?:(?<=[^\W\d_]{3})|(?<=[.,;:)\]”’\"']))[⁰¹²³⁴⁵⁶⁷⁸⁹]++(?:\s?[,⁻–-]\s?[⁰¹²³⁴⁵⁶⁷⁸⁹]++)*+"),
    "_BARE_MID_RUN": re.compile(r"(?<=[^\W\d_]{2}[ \t])(\d{1,3}(?:(?:[ \t]|,(?!\d{3}(?!\d)))\d{1,3}){1,20})(?=[ \t][a-z]{2})"),
    "GLUED_WORD_RUN": re.compile(
        rf"(?:(?<=[a-z]{{3}})|(?<=[A-Z]{{2}})(?=\d{{1,3}}(?:,\s?|[{_DASH}]\s?)\d))"
        rf"(\d{{1,3}}+(?:(?:,\s?|[{_DASH}]\s?)\d{{1,3}}+){{0,60}}+)(?=[\s.,;:!?)]|$)", re.M),
    "GLUED_AFTER_PUNCT_RUN": re.compile(
        r"(?:(?<=[^\W\d_]{2}[.,;:!?)”\"’])|(?<=(?:[^\W\d_]|%)[)\]”\"’][.,;:!?])|(?<=[^\W\d_]\d[)][.,;:!?])|(?<=[^\W\d_]\d\d[)][.,;:!?])"
        r"|(?<=(?:[^\W\d_]|[”\"’)])[*_][.,;:!?])|(?<=(?:[^\W\d_]|[”\"’)])(?:\*\*|__)[.,;:!?]))(\d{1,3}(?:(?:,\s?|\s|[-–—−]\s?)\d{1,3}){0,60})(?=\s|$)", re.M),
    "GLUED_AFTER_PAREN_RUN": re.compile(r"(?<=[^\W\d_]{2}[)）])(\d{1,3}(?:(?:,\s?|[-–—−]\s?)\d{1,3}){0,60})(?=[.,;:](?:\s|$)|[。，；：])", re.M),
    "_JOINED_VERSION": re.compile(r"\b([^\W\d_][\w]*[^\W\d_])-\s?(\d{1,3})(?![\d.]*\w)"),
    "_MIDSENTENCE_VERSION": re.compile(
        r"\b((?=[\w\-]{0,40}[A-Z])[^\W\d_][\w\-]{0,40}[^\W\d_])[ \t](\d{1,3})(?=[ \t]++(?:[a-z]{2,}\b|\((?:19|20)\d{2}\)))"),
    "SPACED_AFTER_PUNCT_RUN": re.compile(
        r"(?:(?<=[^\W\d_]{2}[.,;:])|(?<=[^\W\d_][)\]”\"’][.,;:]))[ \t](?:(\d{1,3}(?:(?:,\s?|[ \t]?[-–—])\d{1,3}){0,20})(?=[ \t]++[^\W\d_])"
        r"|((?:\d{1,3},\s?){0,20}\d{1,3})[ \t](\d{1,3})[ \t][-–—](?=[^\W\d_]|\s|$))"),
    # (stop 35: a new finder, written fast; its slow form looks behind first)
    "GLUED_HAN_RUN": re.compile(r"(?<=[\u4e00-\u9fff])(?<![图表式章节])(\d{1,3}(?:,\s?\d{1,3}){0,20})(?=[。，；：！？、])"),
}
# BRACKET_RE changed only in how its bracket-list branch opens
_FAST_OPENING, _SLOW_OPENING = r"|(?:\\(?<!!\\)\[|\[(?<!!\[))", r"|(?<!!)\\?\["
assert citations.BRACKET_RE.pattern.count(_FAST_OPENING) == 1
_SLOW["BRACKET_RE"] = re.compile(citations.BRACKET_RE.pattern.replace(_FAST_OPENING, _SLOW_OPENING))

# what the patterns look at: letters of both cases, digits, superscripts, punctuation, quotes, brackets, spaces, breaks
_ALPHABET = "aeiouxyzAEX" + "0123456789" * 3 + "¹²³⁴⁻" + ".,;:!?)(][%”’\"'^$\\–—−-*_" + "  \t\n" + "é）。，" + "本表、"
_WORDS = ["the", "et al.", "Fig.", "GPT", "ResNet", "DALL-E", "Llama-", " (2022)", "(DBNs)", "models ", " use", "[a](https://a.org)", "cite: ", "and ", "https://x.org", "![", "](", "p. 5", "DMS"]


def _random_texts(n: int, seed: int = 34) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(n):
        parts = [rng.choice(_WORDS) if rng.random() < 0.15 else rng.choice(_ALPHABET) for _ in range(rng.randint(1, 80))]
        texts.append("".join(parts))
    return texts


def _found(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in pattern.finditer(text)]


@pytest.mark.parametrize("name", sorted(_SLOW))
def test_fast_finder_finds_what_the_slow_form_found(name: str) -> None:
    fast, slow = getattr(citations, name), _SLOW[name]
    assert fast.pattern != slow.pattern
    files = sorted(shared_path().rglob("*.md"))
    assert len(files) >= 20
    found = 0
    for text in [f.read_text(encoding="utf-8") for f in files] + _random_texts(8_000):
        expected = _found(slow, text)
        assert _found(fast, text) == expected, (name, text[:200])
        found += len(expected)
    assert found > 0  # the comparison saw matches, not only misses


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        # hand-made: where each look-behind decides
        ("_UNICODE_SUPER_RE", "imaging¹,² and m² but disease.³⁻⁵", ["¹,²", "³⁻⁵"]),
        ("_LINK_RE", "![img](https://a.org/x.png) and [arXiv](https://arxiv.org/abs/1)", ["[arXiv](https://arxiv.org/abs/1)"]),
        ("GLUED_AFTER_PUNCT_RUN", "central,2 3 and act.1 Tool but 1.5 x", ["2 3", "1"]),
        ("GLUED_AFTER_PAREN_RUN", "networks (DBNs)21–24. and (x)5.", ["21–24"]),
        ("SPACED_AFTER_PUNCT_RUN", "three decades. 1   Despite the x. 2 y", [" 1"]),
        ("SPACED_AFTER_PUNCT_RUN", "of fibrosis. 6 13 -Extensive and ones. 10,25 -29 The", [" 6 13 -", " 10,25 -29"]),
        ("GLUED_WORD_RUN", "Transformers3–5 are GPT4 and DMS30–32 here", ["3–5", "30–32"]),
        ("GLUED_HAN_RUN", "人才为本1。依赖15，见表1。技术3、2025年", ["1", "15", "3"]),
        ("_BARE_MID_RUN", "some models 49 46 use it", ["49 46"]),
        ("BRACKET_RE", "![1] see [2, 3] and \\[4\\] but !\\[5]", ["[2, 3]", "\\[4\\]", "[5]"]),
        ("_JOINED_VERSION", "GPT-4 and ResNet- 50 but x-1 and A1-2", ["GPT-4", "ResNet- 50"]),
        ("_MIDSENTENCE_VERSION", "DALL-E 2 and Imagen, the DALL-E 2 (2022), gpt 4 is", ["DALL-E 2", "DALL-E 2"]),
    ],
)
def test_fast_finder_hand_made(name: str, text: str, expected: list[str]) -> None:
    assert [m.group() for m in getattr(citations, name).finditer(text)] == expected
    assert [m.group() for m in _SLOW[name].finditer(text)] == expected
