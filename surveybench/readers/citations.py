r"""In-text citation markers -> :class:`CitationMark` with spans and resolved reference ids.

Styles: ``[1]``, ``[1; 2]``, ``[1,8,10,19]``, ``[3-5]``/``[3–5]``, IEEE ``[2]- [9]``, escaped
``\[1\]``; ``(1, 2)`` when the list is numbered ``(n)`` (ACS); superscripts ``$^{22}$`` /
``<sup>22</sup>`` / ``¹,²``; numbers left bare after words by PDF conversion or deep-research
exports (``networks 12, 15.``, ``in 2017 1.``, ``$4$ .``, glued ``models.1``); links to a
listed source ``([arxiv.org](https://arxiv.org/abs/...))``; author-year ``(Smith et al., 2020;
Lee and Kim, 2021a)``, ``(Twenge, Joiner, and Rogers 2018)``, ``[Liu et al., 2023d]`` and
narrative ``Maynez et al. (2020)``.

Bare numbers are taken only in documents whose numbered list is not cited with brackets
(a document-level switch), only when every number of the run exists in the reference list,
and only in citation-like context (after a word, closing a clause, not after "Section",
"Table", "Eq." ...), so years, equation and section numbers and decimals stay text; a number
the document uses as a model version ("GPT-4", "DALL-E 2 combined ...") is not a citation.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from surveybench.model import CitationMark
from surveybench.readers.refstrings import CAPITALS, TORN_DIACRITICS, UNICODE_HYPHENS, fold, mend_ocr_years, mend_torn_words

_DASH = "-–—"
# Every pattern here runs on user text, so each is linear-time: quantified runs are possessive
# (``*+``, ``++``) or atomic where a separator could be read two ways ("1, 2": the space after
# the comma belonged to either ``\s*``), which made an unclosed "[1, 2, 3, ..." of 30 numbers
# backtrack for minutes (issue 14). Numbers have no digit cap: a 100,000-entry list is cited
# "[12345]" (no year filter applies to numbers the list defines).
# Speed: a pattern that opens with a look-behind is tried at every character of a paragraph (Python's engine finds
# a candidate start fast only from a first character or class it consumes), which made the finders below most of a
# read's time (stop 33's profile). So each consumes its first character and looks behind it afterwards ("\d(?<=x\d)"
# for "(?<=x)\d") -- the same matches at the same places (tests/test_citation_patterns_speed.py holds the slow forms
# and compares); finders whose every match holds a given character ("^", "†") run only on text that has it.
# a locator word and its value: "p. 5", "Section 2.1", "Thm. 4" (the dashes first in the class: after "." they would
# read as the range ".-–", which holds "]")
_LOCATOR = (r"(?i:pp?|sections?|sec|secs|ch|chap|chapter|thm|theorem|lem|lemma|eq|eqs|fig|table|def|prop|cor|app|vol)"
            rf"\.?\s*+[{_DASH}\w.]++")
BRACKET_RE = re.compile(
    # IEEE range "[2]- [9]"; pymupdf4llm's superscripts bracketed one by one, the dash too: "[4][–][8]"
    rf"\[\s*+(\d++)\s*+\]\s*+(?:[{_DASH}]|\[[{_DASH}]\])\s*+\[\s*+(\d++)\s*+\]"
    # (Gemini Deep Research prints its numbers as "[cite: 1, 5]"; LaTeX's range dash left as typed, "[15--19]"; a parenthesis right after is a Markdown link's
    # address only when it reads as one: "[9,10](zinc finger nucleases)" cites; a short argument is a formula's,
    # "π[−][1](p)")
    rf"|(?:\\(?<!!\\)\[|\[(?<!!\[))\s*+(?:cite:\s*+)?(\d++(?:\s*+(?:[,;]\s*+(?:and\s++)?|--|[{_DASH}]|and)\s*+\d++)*+)\s*+\\?\](?!\((?:https?:|www\.|#|/|\.{{1,2}}/|mailto:)|\([^()\s]{{1,4}}\))"
    # a citation with a locator: "[12, p. 5]", "[3, Sec. 2.1]", "[15, Section 2.1]", "[7, Thm. 4]" (group "loc");
    # (research articles in maths and ML) up to three locators, "[5, Section 4, Theorem 1]", and a lead word inside the
    # bracket, "[see e.g., 8, Table 1]", "[cf. 3, Lemma 2]"
    rf"|\[\s*+(?:(?i:see|cf)\.?(?:\s++(?i:e\.g\.|also))?,?\s++)?(?P<loc>\d++)(?:\s*+,\s*+{_LOCATOR}){{1,3}}\s*+\]"
)
# a bracketed list whose last number opens a range bracketed apart: "[9,11][–][13]" (see BRACKET_RE's first branch)
_RANGE_AFTER_LIST = re.compile(rf"\s*+(?:[{_DASH}]|\[[{_DASH}]\])\s*+\[\s*+(\d++)\s*+\]")
# LaTeX may space a list with "\\," ("$^{9,\\,10}$"): read as a plain separator
_NUMLIST = rf"\d{{1,3}}+(?:\s*+(?:,|[{_DASH}])(?:\s*+\\[,;: ])?\s*+\d{{1,3}}+)*+"
SUPER_RE = re.compile(
    # "$^{22}$", MathJax "\\(^{14}\\)", MinerU "${ }^{1,3}$", a footnote mark "[^3]"
    # (a footnote mark followed by ":" is a footnote's definition only at a line's start: a deep-research report
    # marks a sentence that introduces a list, "ensures all nodes form a connected graph[^12]:", "across file
    # types[^17][^18]:")
    rf"(?:\$|\\\()\s*(?:\{{\s*\}}\s*)?\^\s*\{{?\s*({_NUMLIST})\s*\}}?\s*(?:\$|\\\))|<sup>\s*({_NUMLIST})\s*</sup>|\[(?:(?<=\S\[)|(?!\^\d++\]:))\^(\d++)\]"
    # Pandoc superscript after a word or punctuation (Nature style): "in context.^1,2^" -- a word of two letters or
    # more: after a lone letter it is a power, "R^2^ = 0.79" (an R-squared read as citation 2 sixteen times made a
    # text citing authors and years look numbered)
    rf"|(?:(?<=[^\W\d_]{{2}})|(?<=[.,;:)\]]))\^({_NUMLIST})\^"
)
_LINK_RE = re.compile(r"\[(?<!!\[)([^\[\]]{1,200})\]\((https?://[^)\s]+)\)")
# a superscript a converter put in one math span with the word or figure it follows, every character
# spaced (MinerU on JAMIA's Vancouver superscripts): "Mehrabi et $\mathsf { a l } ^ { 1 9 }$", "Eight
# studies $( 4 0 \% ) ^ { 4 , 5 , 2 8 }$" -- only after "et al" or a parenthesised percentage: after
# other words it is an affiliation ("Hao $\mathrm{Wu}^{17}$") or a name ("$\mathrm { U G } ^ { 2 }$"),
# and "$\mathbb { R } ^ { 7 6 8 }$" or "$2 ^ { 5 }$" is mathematics
_MATH_WORD_SUPER = re.compile(
    r"(?<=\bet\s)\s*+\$\s*+\\(?:mathsf|mathrm|textsf|textrm|text|mathit|textit)\s*+\{\s*+a\s?l\s*+\.?\s*+\}"
    r"\s*+\^\s*+\{\s*+(\d[\d\s,\-–]{0,160}?)\s*+\}\s*+\$"
    r"|\$\s*+\(\s*+\d[\d\s.]{0,8}+\\%\s*+\)\s*+\^\s*+\{\s*+(\d[\d\s,\-–]{0,160}?)\s*+\}\s*+\$")


# (a no-break space may stand either side of the dash: "Volkens\xa0– Bara\xa0– Budge 2009"; the year may wrap)
_DASH_BETWEEN_SURNAMES = re.compile(
    rf"(?<=[^\W\d_])(\s)[–—‑](\s)(?=[{CAPITALS}][^\W\d_]+(?:\s[–—‑]\s[{CAPITALS}][^\W\d_]+)*,?\s(?:19|20)\d{{2}})")
_ET_DOT_AL = re.compile(r"\bet\.\s?al\b\.?|\bet al \.")
# "et al" glued to the surname before it by an extraction that lost the space: "[Yenet al., 2021a\\]", "(Sakkiset al.,2000b)",
# "（Novacket al.，2014)" -- no word ends in "et" before a lone "al"
_GLUED_ET_AL = re.compile(r"\b([A-Z][^\W\d_]{1,40}?)et al(?=[.,\s])")
# (the year's letter may be set upright apart: "Wang et al., $2 0 2 4 \\mathrm { c }$")
_MATH_NAME_YEAR = re.compile(
    r"\$\s{0,3}+(?:\\(?:mathrm|mathit|textrm|text)\s{0,3}+\{(?P<name>[A-Za-z~\s]{1,40}+)\}\s{0,3}+~?\s{0,3}+)?"
    r"(?P<year>(?:1\s?9|2\s?0)\s?\d\s?\d(?:\s?[a-z](?![A-Za-z]))?)"
    r"(?:\s?\\mathrm\s?\{\s?(?P<letter>[a-z])\s?\})?\s{0,3}+\$")


def _math_name_year_as_text(m: re.Match[str]) -> str:
    name = "".join((m.group("name") or "").replace("~", " ").split())
    plain = (name + " " if name else "") + "".join(m.group("year").split()) + (m.group("letter") or "")
    return plain + " " * (len(m.group()) - len(plain))


# a citation linked to the bibliography inside the page (ar5iv / HTML exports): "[[1](#bib.bib1)]",
# "(Smith et al., [2020](#bib.bib4))" -- read as its text; same length, so spans hold
# -- the text may hold an escaped bracket: marker splits one run into links, "[\\[9,](#p1) [12\\]](#p2)"
# (an anchor may be the entry's whole author list, slugged: "[Lambert et al.](#lambert,-n.,-morrison,-j.,-...)" runs
# to 900 characters when an entry names 23 authors)
# (arXiv's HTML pages, converted, address the same links to the page itself: "Glasserman and Lin
# ([2023](https://arxiv.org/html/2510.11677v1#bib.bib5))" -- a link to the page's bibliography, "#bib.bibN", is in-page too)
# (so are Springer Nature's, "#ref-CRN", captured with the entry as the link's title by Web clippers: "cardiovascular
# system[1](https://www.nature.com/articles/s41591-022-01689-3#ref-CR1 "Al-Aly, Z. ... Nature 594, 259–264 (2021).")",
# "Bu et al. ([2018](https://link.springer.com/article/...#ref-CR9 "Bu, Y., ... (2018). Using ..."))" -- the title, parentheses
# and all, is part of the link)
_ANCHOR_LINK = re.compile(
    r"\[((?:\\[\[\]]|[^\[\]\n]){1,80}+)\]\((?:https?://[^()\s#]{1,300}+(?=#bib\.|#ref-CR\d))?#[^()\s]{0,1500}+"
    r"(?:[ \t]++\"(?:\\.|[^\"\\\n]){0,1500}+\")?\)"
)


def has_anchor_links(text: str) -> bool:
    """Whether ``text`` may hold an in-page link (:data:`_ANCHOR_LINK`)."""
    return "](#" in text or "#bib.bib" in text or "#ref-CR" in text


# marker links a superscript citation to the reference list's page ("smartphone[s6](#page-31-0)",
# "chat-GP[T7](#page-31-0)", "in[124,125.](#page-34-0)"): the link took the last letter of the word before
# (or the sentence's period) with the numbers -- the numbers alone are the citation
_PAGE_LINKED_NUMBERS = re.compile(r"^([^\W\d_]|\.)?(\d{1,3}(?:\s?[,–-]\s?\d{1,3})*)([.,;:]?)$")
_PAGE_TARGET = re.compile(r"\]\(#page-(\d{1,4})-\d{1,4}\)$")
# such a link glued to a word with a letter taken: evidence of which pages hold the reference list
_GLUED_PAGE_LINK = re.compile(r"[^\W\d_]\[(?:[^\W\d_]|\.)\d{1,3}(?:[,–-]\d{1,3})*[.,;:]?\]\(#page-(\d{1,4})-\d{1,4}\)")


def reference_pages(text: str) -> frozenset[str]:
    """The pages numbers linked by marker point at when they cite: those that links glued to a word,
    with a letter of it taken ("smartphone[s6](#page-31-0)"), point at -- at least twice, a habit. A
    number linked to another page is a footnote ("digitized.[1](#page-0-0)") or a figure's."""
    pages = [m.group(1) for m in _GLUED_PAGE_LINK.finditer(text)] if "](#page-" in text else []
    return frozenset(pages) if len(pages) >= 2 else frozenset()


# a number linked to the list's anchor named by that same number is a citation wherever it stands, glued to a word or
# after a comma: "recognised,[3](#ref-3)", "system[1](https://www.nature.com/...#ref-CR1 "...")" (Springer Nature, BMJ pages)
_NUMBERED_REFERENCE_ANCHOR = re.compile(r"\]\((?:https?://[^()\s#]{1,300}+)?#ref-(?:CR)?(\d{1,4})(?=[\s)])")


def _unlinked(m: re.Match[str], pages: frozenset[str]) -> str:
    text, whole = m.group(1), m.group(0)
    anchor = _NUMBERED_REFERENCE_ANCHOR.search(whole) if "#ref-" in whole else None
    if anchor and text == anchor.group(1):
        return ("[" + text + "]").ljust(len(whole))
    target = _PAGE_TARGET.search(whole) if pages else None
    page = _PAGE_LINKED_NUMBERS.match(text) if target else None
    if page and target and target.group(1) in pages:
        out = (page.group(1) or "") + "[" + page.group(2) + "]" + page.group(3)
        return out + " " * (len(whole) - len(out))
    if page:  # a number linked to another page: a footnote's or a figure's, no citation
        return (page.group(1) or "") + " " * (len(whole) - len(page.group(1) or ""))
    return " " + text + " " * (len(whole) - len(text) - 1)


# Cambridge Core's web pages cite with a link after the printed names, its text the hidden label "Reference" and the
# names run into the year: "(Kertzer and McGraw [Reference Kertzer and McGraw2012](https://www.cambridge.org/core/...#r48))",
# "Achen and Bartels’s ( [Reference Achen and Bartels2016](https://...#r1))" -- read as its year alone (same length),
# after the names printed before it; no citation of the page it links to (the article's own, which a list entry may hold).
# Its notes, tables and figures are linked the same way, "[Footnote 4](https://...#fn4)", "[Table 1](https://...#tab1)":
# no citation, read as spaces
_REFERENCE_LINK = re.compile(r"\[(?:Reference [^\[\]\n]{1,300}?((?:19|20)\d{2}[a-z]?)|(?:Footnote|Table|Figure) \d{1,4})\]\(https?://[^()\s]{1,500}+\)")


def reference_links_as_years(text: str) -> str:
    """``text`` with Cambridge Core's citation links (:data:`_REFERENCE_LINK`) read as their years, padded before."""
    if not any(label in text for label in ("[Reference ", "[Footnote ", "[Table ", "[Figure ")):
        return text
    return _REFERENCE_LINK.sub(lambda m: (m.group(1) or "").rjust(len(m.group())), text)


def toggles_display_math(ln: str) -> bool:
    """Whether a line opens or closes a ``$$`` display: an odd number of ``$$`` on it. Not only a
    line of its own: marker closes a display at the end of its last line ("... \\tag{1}$$") and
    opens one with its first ("$$\\begin{aligned}"); a whole display on one line has two. A lone "$$" between
    words is a symbol the converter lost, no display ("• Security and privacy $$ Mobile and wireless security")."""
    if ln.count("$$") % 2 == 0:
        return False
    t = ln.strip()
    return t.startswith("$$") or t.endswith("$$")


def display_math_blanked(text: str) -> str:
    """The text with its ``$$`` displays of several lines blanked, their length kept (marks keep their offsets):
    a display holds no citation, but its equation tags and indices look like one -- MinerU on PNAS,
    whose equations are numbered in brackets, "\\tag{[1]}" ... "\\tag{[8]}": read as citations [1]-[8], they made the
    text look bracket-cited and its real markers, "(18, 19)", were never read."""
    lines = text.split("\n")
    blanked, opened = list(lines), None
    for i, ln in enumerate(lines):
        if not toggles_display_math(ln):
            if opened is not None:
                blanked[i] = " " * len(ln)
        elif opened is None:  # text before the opening "$$" stays
            opened, cut = i, ln.index("$$")
            blanked[i] = ln[:cut] + " " * (len(ln) - cut)
        else:  # ... and so does text after the closing one: "$$[^3]", a footnote citing the display
            opened, cut = None, ln.rindex("$$") + 2
            blanked[i] = " " * cut + ln[cut:]
    if opened is not None:  # a "$$" never closed is a stray symbol, not a display: what follows it stays text
        blanked[opened:] = lines[opened:]
    return "\n".join(blanked)


def unlink_anchors(text: str, *, pages: frozenset[str] = frozenset()) -> str:
    """``text`` with in-page links replaced by their text, padded to the same length; numbers linked
    to one of the reference list's ``pages`` (:func:`reference_pages`) are bracketed: a citation,
    whatever letter the link took with them."""
    if not has_anchor_links(text):
        return text
    return _ANCHOR_LINK.sub(lambda m: _unlinked(m, pages), text)


# a web page's citation: bracketed numbers, each a link to the entry on the journal's page ("[[12](https://pmc.ncbi.nlm.nih.gov/
# articles/PMC7969386/#R12)]", "[[3](...#R3), [4](...#R4)]") -- read as "[12]", "[3, 4]" (same length, so spans hold)
# (a range is one link on Oxford Academic's pages: "\[[14–21](https://academic.oup.com/...)\]", read as "[14–21]")
_NUMBER_LINK = re.compile(rf"\[(\d{{1,4}}+(?:[{_DASH}]\d{{1,4}}+)?+)\]\(https?://[^()\s]{{1,300}}+\)")
# Web clippers (MDPI pages) escape the outer brackets: "\[[1](https://www.mdpi.com/...#B1-ijms-22-08109),[2](...)\]"
_BRACKETED_NUMBER_LINKS = re.compile(rf"(\\?+)\[(?:{_NUMBER_LINK.pattern}[{_DASH},;\s]{{0,3}}+){{1,30}}+(\\?)\]")


def _number_links_as_text(m: re.Match[str]) -> str:
    opened, closed = len(m.group(1)), len(m.group(m.re.groups))  # the escapes, read as spaces outside the brackets
    inner = _NUMBER_LINK.sub(lambda n: n.group(1).ljust(len(n.group())), m.group()[opened + 1 : -1 - closed])
    return " " * opened + "[" + inner + "]" + " " * closed


def url_key(url: str) -> str:
    """A URL compared loosely: no scheme, "www.", fragment, tracking query or trailing slash."""
    u = re.sub(r"^https?://(?:www\.)?", "", url.strip().lower())
    u = re.sub(r"#.*$", "", u)
    u = re.sub(r"[?&]utm_[^&]*", "", u).rstrip("?&/")
    return u


_SUPER_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
# after a word of 3+ letters or punctuation: "m²", "x²", "km²" are units and powers, not citations
_UNICODE_SUPER_RE = re.compile(
    r"[⁰¹²³⁴⁵⁶⁷⁸⁹](?:(?<=[^\W\d_]{3}[⁰¹²³⁴⁵⁶⁷⁸⁹])|(?<=[.,;:)\]”’\"'][⁰¹²³⁴⁵⁶⁷⁸⁹]))[⁰¹²³⁴⁵⁶⁷⁸⁹]*+(?:\s?[,⁻–-]\s?[⁰¹²³⁴⁵⁶⁷⁸⁹]++)*+")
# (a web page copied element by element puts the parentheses, each number and each separator on lines of their own --
# Frontiers' article pages: "between sexes (\n2\n–\n4\n), though" -- a line break may stand inside either parenthesis)
# (docling's text of a Science article spaces the numbers inside their parentheses, and a range's dash before its end:
# "Asano et al. ( 16 ) revisited", "interest in halide SSEs ( 13 -16 , 18 -21 , 24 -30 ). Until now"; and doubles the
# space before them in a justified line, "have also been developed  ( 52 , 53 )")
_PAREN_RE = re.compile(rf"\((?:(?:cf|see|e\.g)\.?,?[ \t]++)?[ \t]?+\n?+(\d++(?:\s*+(?:[,;]|[{_DASH}])\s*+\d++)*+)[ \t]?+\n?+\)")
# "(9)" cites after a word or a closing mark ("Kitamura et al. (9)", "the VentrAssist (5),"); an
# enumeration "(1) Locality" follows ":", "." or the paragraph start; a name ending in digits is a word too, a gene's,
# a protein's or a disease's: "including PARP inhibitors and mTORC1 (37)", "target CDK11 (41, 42)", "COVID-19 (12)"
_PAREN_AFTER_WORD = re.compile(r"(?:[^\W\d_]|[^\W\d_]-?\d{1,3}|[)\]\"”’%]|\bal\.)\s{1,2}$")
_DAGGER_RE = re.compile(r"[【\[](\d++)†[^】\]]{0,80}[】\]]")
# (a deep-research report translated to Chinese or Japanese closes the clause with full-width punctuation, no space
# after it: "表现出高效性 1。然而")
_BARE_RUN = re.compile(
    rf"(?<![{_DASH}\w.,/$^{{])(?:\$\s*+)?(\d{{1,3}}(?:(?:\s*+(?:,|[{_DASH}])\s*+|\s++)\d{{1,3}}){{0,20}})(?:\s*+\$)?"
    r"(?=\s*+(?:[.,;:!?)](?!\d)|[。，；：！？）、]|$))",
    re.M,
)
# two or more source numbers in the middle of a sentence: "Kosmos-1 and some models 49 46 use ..."; Nature's superscripts
# flattened keep their commas, "text-generation models 17,18 and", "data poisoning 7 8,9 maliciously" (a comma before three
# digits is a thousands separator: "over 1,200 people")
_BARE_MID_RUN = re.compile(r"(\d(?<=[^\W\d_]{2}[ \t]\d)\d{0,2}(?:(?:[ \t]|,(?!\d{3}(?!\d)))\d{1,3}){1,20})(?=[ \t][a-z]{2})")
# lost superscripts glued to the punctuation after a word: "act.1 Tool", "central,2 3 and"
# lost superscripts glued to the word itself: "Transformers3–5 are", "diffusion models6 too" --
# after three lower-case letters only ("GPT4", "H100", "ResNet50" are names), taken only when the
# document shows the habit several times (Linker.glued_words)
# (after an acronym too, "dynamic DMS30–32", when the numbers are a range or a list: "GPT4", "H100" are names)
GLUED_WORD_RUN = re.compile(
    rf"(\d(?:(?<=[a-z]{{3}}\d)|(?<=[A-Z]{{2}}\d)(?=\d{{0,2}}(?:,\s?|[{_DASH}]\s?)\d))"
    rf"\d{{0,2}}+(?:(?:,\s?|[{_DASH}]\s?)\d{{1,3}}+){{0,60}}+)(?=[\s.,;:!?)]|$)", re.M)
# a deep-research report in Chinese glues its source numbers to the clause's last Han character, before full-width
# punctuation: "人才为本1。", "减少了对进口的依赖15，并且", "新一代信息技术1、" -- not after a character naming an index ("见表1。",
# "如图2，") nor a value ("为30，", see _CJK_VALUE_BEFORE); taken only when the document shows the habit (Linker.glued_han)
GLUED_HAN_RUN = re.compile(r"(\d(?<=[\u4e00-\u9fff]\d)(?<![图表式章节]\d)\d{0,2}+(?:,\s?\d{1,3}+){0,20}+)(?=[。，；：！？、])")
# an author's name before the numbers -- given name and surname capitalised -- and a comma, "*", "&" or the line's
# end after them: affiliation marks of a plain-text title page ("Corrado Pancotti1,4, Giovanni Birolo1,4*, Cesare Rollo1")
_AFFILIATION_MARK = re.compile(rf"(?<![^\s,&])[{CAPITALS}][a-zà-ÿ]+\s[{CAPITALS}][a-zà-ÿ'’\-]+$")
_AFTER_AFFILIATION = re.compile(r"\*?(?:,|\s*&|\s*\n|\s*$)")
# (a range's dash may have a space after it, MinerU's spaced hyphens: "misfolding.1- 5", "chaperones6- 8"; ACS articles as PDF
# text print it as a minus sign, "(11 studies),59,60,63−70"; a review may cite two dozen numbers at once, "in 2024.50, 51, ..., 73")
# (also after a closing bracket or quote and the sentence's end: "(RLAIF).39", "increase\".7", "76%).10";
# a range too: "such as mice.3-5"; after bold or italics closing before the period, deep-research exports' habit:
# "of wall-clock time**.38", "annotation\"**.10", "Regulation.\"*.1")
# (a parenthesis closing a gene's or a model's name that ends in a digit counts as a word's, as for "(9)" after it:
# "glucose-6-phosphate isomerase (pgi1).8 The physical", "the chaperone (Hsp90).2")
GLUED_AFTER_PUNCT_RUN = re.compile(
    r"(\d(?:(?<=[^\W\d_]{2}[.,;:!?)”\"’]\d)|(?<=(?:[^\W\d_]|%)[)\]”\"’][.,;:!?]\d)|(?<=[^\W\d_]\d[)][.,;:!?]\d)|(?<=[^\W\d_]\d\d[)][.,;:!?]\d)"
    r"|(?<=(?:[^\W\d_]|[”\"’)])[*_][.,;:!?]\d)|(?<=(?:[^\W\d_]|[”\"’)])(?:\*\*|__)[.,;:!?]\d))"
    r"\d{0,2}(?:(?:,\s?|\s|[-–—−]\s?)\d{1,3}){0,60})(?=\s|$)", re.M)
# ... and after a parenthesis closing a word, before the sentence's own period: "(DBNs)21–24." (a bracket's run before
# a period would be a version or a page elsewhere: only after ")" closing letters; a full-width one too, before a full-width
# period: "重叠序列（k-gram）2。")
GLUED_AFTER_PAREN_RUN = re.compile(r"(\d(?<=[^\W\d_]{2}[)）]\d)\d{0,2}(?:(?:,\s?|[-–—−]\s?)\d{1,3}){0,60})(?=[.,;:](?:\s|$)|[。，；：])", re.M)
# ... and set apart from the punctuation by a space, a space after them too: "three decades. 1   Despite the adverse",
# "treatments exist, 6-8  they are", "to bridge this gap. 5,9 Digital" (a PDF extraction that spaced the superscripts
# of an NEJM AI article or of The Lancet) -- taken only when the document shows the habit, numbered in order of
# first citation (Linker.spaced_after_punct)
# (docling sets a superscript range's dash apart from its place: before the range's end, "processes. 10,25 -29 The", or after
# both numbers, glued to the next word, "fibrosis. 6 13 -Extensive" -- group 2 and 3: the range's ends, read with
# :func:`spaced_run_numbers`)
SPACED_AFTER_PUNCT_RUN = re.compile(
    r"[ \t](?=\d)(?:(?<=[^\W\d_]{2}[.,;:][ \t])|(?<=[^\W\d_][)\]”\"’][.,;:][ \t]))"
    r"(?:(\d{1,3}(?:(?:,\s?|[ \t]?[-–—])\d{1,3}){0,20})(?=[ \t]++[^\W\d_])|((?:\d{1,3},\s?){0,20}\d{1,3})[ \t](\d{1,3})[ \t][-–—](?=[^\W\d_]|\s|$))")


def spaced_run_numbers(m: re.Match[str]) -> tuple[int, int, str]:
    """A SPACED_AFTER_PUNCT_RUN match's numbers as a run reads them ("6 13 -" -> "6-13"), and where they stand."""
    if m.group(1) is not None:
        return m.start(1), m.end(1), m.group(1)
    return m.start(2), m.end(3), f"{m.group(2)}-{m.group(3)}"


# the word before such a run's punctuation: "Fig. 2 shows", "Tab. 1 lists" name an index, no citation
_WORD_BEFORE_PUNCT = re.compile(r"([^\W\d_]+)[)\]”\"’]?[.,;:][ \t]$")
_STOP_BEFORE = {
    "section", "sections", "sec", "chapter", "table", "tab", "tables", "fig", "figure", "figures",
    "eq", "equation", "equations", "eqs", "appendix", "algorithm", "alg", "line", "lines", "page",
    # singular nouns name an index ("step 3", "layer 12"); their plurals cannot ("over many
    # steps 12."), so after a plural a number closing the clause is a citation
    "pages", "pp", "vol", "volume", "no", "number", "step", "stage", "phase", "level",
    "layer", "top", "version", "v", "of", "to", "than", "by", "at", "from", "with", "in",
    "on", "for", "about", "around", "nearly", "over", "under", "and", "or", "is", "are", "was",
    "be", "k", "n", "m", "t", "rank", "size", "dim", "epoch", "part",
    "item", "task", "day", "year", "hour", "times", "x",
    "totaling", "approximately", "roughly", "only", "first", "last",
}
_YEAR = r"(?:(?:19|20)\d{2}[a-z]?|n\.\s?d\.?)"  # "n.d.": no date (APA), keyed "nd"
# "2020a, b"; "(Smith, 2020a; 2020b)" (a ";" before a bare year: the same author); not the "p." of "2020, p. 5"
# natbib compresses "2023a, 2023b" to "2023a,b", some converters to "2023a;b": a lone letter after ";"
# only where it closes the group or another ";" follows ("(Smith, 2020; a survey ...)" is text)
_YEARS = rf"{_YEAR}(?:\s*,\s*(?:{_YEAR}|[a-z]\b(?!\.))|\s*;\s*{_YEAR}(?![\w'’\-])|\s*;\s*[a-z](?=\s*(?:[);\]]|$)))*"
# "AI@Meta"; a group ending in lower case: "Mistral AI team", "Qwen team"
# (Unicode's hyphens inside a name too, "Alfonso‐Loeches", and an accent set after its letter, "Varı̀")
# (capitals of Latin Extended-A/B too: "Štrumbelj & Kononenko, 2014", "Łukasz")
# (a name the line broke at its hyphen runs on in lower case: "Schmidtlein, Feil-\nhauer & Bruelheide 2012")
_SURNAME = (rf"[{CAPITALS}][\w'’\-‐‑@\u0300-\u036f]{{0,40}}+(?:(?<=-)\n[a-z]{{2,30}}+)?"
            rf"(?:\s++[{CAPITALS}][\w'’\-‐‑\u0300-\u036f]{{0,40}}+){{0,2}}(?:\s++(?:team|group|consortium))?")
# "van der Maaten"; "Von dem Bussche" (capitalised after "&": "Voigt & Von dem Bussche, 2017")
_PARTICLE = r"(?:(?:[Vv]an|[Vv]on|de|der|den|dem|da|di|du|le|la)\s+){0,2}"
# "et al", or glued by an OCR that lost the space: "(Vrigkas etal.,2Ol5)", "Edwards etal.'s", "(Hostetter etal.，2010)"
_ET_AL = r"et\s*+al\b"
# an author's initials after the surname in a citation, a comma after them: "Ha, T.T.," (see _AY_ITEM)
_INITIALS_RUN = r",\s*+(?:[A-Z]\.\s?){1,4}+"
_INITIALS = _INITIALS_RUN + r"(?=\s*+,)"
_INITIALS_RE = re.compile(_INITIALS_RUN + r"(?=\s*+,|\s*+$)")  # (the last author's too, at the name's end)
_AY_ITEM = re.compile(
    # (a name opens a word: "eRisk 2017" is no "Risk 2017")
    rf"(?P<name>(?<![^\W\d_]){_PARTICLE}{_SURNAME}"
    # "Smith et al.", "Smith and Lee", "Twenge, Joiner, and Rogers" (Chicago / APA, 3-5 authors); "White – Lewis – Batt"
    # (dashes, read as "&" above)
    # (a PDF extraction may lose the space between the last comma and "&": "Parker, Vannest,& Brown, 2009")
    # the authors' initials after their surnames, as the list prints them, the authors then parted by commas alone:
    # "(Ha, T.T., 1986.)", "(Ba, V. D. K., 1998)", "(Mareels, I.M.Y., Polderman, J.W., 1996.)"
    rf"(?:{_INITIALS}(?:,\s++{_PARTICLE}{_SURNAME}{_INITIALS}){{0,5}}+|\s+{_ET_AL}\.?"
    rf"|(?:(?:,|\s+&)\s+{_PARTICLE}{_SURNAME}){{0,4}}(?:,?\s+(?:and|&)|,&)\s+{_PARTICLE}{_SURNAME})?)"
    # "Lee et al. , 2010" (a converter's space before the comma), "Lee et al.,2010" (an OCR lost the one after)
    rf"(?:\s*+,\s*+|\s++)(?P<years>{_YEARS})"
)
# ABNT (Brazil) parts a work's authors by semicolons, surnames in capitals, the year after the last: "(SANDFORT; MILWARD,
# 2008)", "(ASTLEY;  FOMBRUM,  1983)" -- the names before the item, up to the group's opening or a year's ";", are its
# first authors (group 1: the first)
_ABNT_COAUTHORS_BEFORE = re.compile(rf"(?<![^\W\d_])([{CAPITALS}][{CAPITALS}'’\-]++)\s*+;\s*+(?:[{CAPITALS}][{CAPITALS}'’\-]++\s*+;\s*+){{0,4}}$")
# a team cited by its initials: "ELO (2012b)" for Easley, López de Prado and O'Hara
_INITIALISM = re.compile(r"[A-Z]{2,5}")
# a Markdown footnote's definition: "[^4]: Cf. Cevolini, 2004."
_FOOTNOTE_DEFINITION = re.compile(r"\s*\[\^[^\]\s]{1,20}\]:\s")
# an alphabetic label: initials of up to four authors (a "+" for more) and the year's last two digits
ALPHA_LABEL = r"[A-Z][A-Za-z]{0,5}\+?\d{2}[a-z]?"
ALPHA_LABELS_RE = re.compile(rf"\[({ALPHA_LABEL}(?:\s*[,;]\s*{ALPHA_LABEL})*)\](?!\()")
_LOOSE_DIACRITICS = str.maketrans({c: " " for c in TORN_DIACRITICS})
_AFTER_A_NAME = re.compile(r"[^\W\d_],\s*$")
_TWO_NAMES_COMMA = re.compile(rf"(?:[a-z]+\s)*\S+,\s+(?:(?:and|&)\s+\S+|{_ET_AL}\.?)")
_SPACES_BEFORE_COMMA = re.compile(r"(?<=[^\W\d_])( +)([,;])")
_FULL_WIDTH_SAME_LENGTH = str.maketrans("，；：（）", ",;:()")
# a Chinese journal's bracketed numbers separated by full-width commas: "免疫应答[3，4]，但是", "融合 后 构 象[53，54] 。" -- read
# with ASCII ones (same length: the spans hold; only inside such a bracket, the clause's own "，" stays for GLUED_HAN_RUN)
_FULL_WIDTH_NUMBER_LIST = re.compile(r"\[\d{1,4}+(?:[ \t]*+[，；,;][ \t]*+\d{1,4}+)++\]")
_AND_OTHERS = re.compile(r"(?<=[^\W\d_] )and others(?=,?\s+[(\[]?(?:19|20)\d{2})")
# a text in another language writes "et al." and "and" in its own: Dutch "[Forge e.a., 1993]", "Bowers en Lewis (1997)",
# Portuguese "(Tuin e col., 2006)", "(Kawai e Akira, 2006)", Spanish "y col.", German "u.a." and "und", French "et coll.",
# "et" -- read as "et al" and "&" where a year follows, the second name of up to three words ("Brils en Den Besten, 1995")
# (same length)
# (group 1: the name's last letter and the spaces, kept; a PDF conversion doubles spaces, "Astley  e Fombrun  (1983)")
_FOREIGN_ET_AL = re.compile(r"([^\W\d_] )(e\.a\.|u\.a\.|[ey] col\.|et coll\.)(?=,?\s+[(\[]?(?:19|20)\d{2})")
_FOREIGN_AND = re.compile(rf"([^\W\d_][ \t]++)(e|y|en|und|et)(?=(?:[ \t]++[{CAPITALS}][^\W\d_'’\-]*+){{1,3}},?[ \t]++[(\[]?(?:19|20)\d{{2}})")
_EMPH_ET_AL = re.compile(r"([*_]{1,2})(et\s+al\.?)([*_]{1,2})")
# bold or italic marks between a word and a line break inside a citation ("Deng**\net al.", "al.,_\n2017")
_STRAY_EMPHASIS = re.compile(r"(?<=[^\W\d_.,])\*\*(?=\s)|(?<=[.,])_(?=\n)|(?<=\n)_(?=\S)")
# an equal-contribution mark after the first author's surname, Markdown-escaped or not: "(Zhang\\* et al., 2020)",
# "Wu† and Lee (2021)"
_CONTRIBUTION_MARK = re.compile(r"(?<=[^\W\d_])(?:\\\*|[*†‡])(?=\s+(?:et\s+al\b|and\s|&))")
# (one parenthesis may nest: "(e.g., severe acute respiratory syndrome (SARS) epidemic in 2003; Bonanno et al., 2008)")
_AY_GROUP_SHAPE = r"\(((?:[^()]|\([^()]{{0,80}}\)){{4,{n}}}?)\)|\[([^\[\]]{{4,{n}}}?)\]"
_AY_GROUP = re.compile(_AY_GROUP_SHAPE.format(n=600))
# a citation's leading words before the cited name: "(see, e.g., Ministry of Finance 2017)", "...; and Ministry of ..."
_CITATION_LEAD = re.compile(r"^\s*+(?:and\s++)?(?:(?:see|cf|e\.g|i\.e)\.?,?\s++(?:also\s++)?)*+")
# a group whose citations were links to the list, read as their text padded to the links' length
# ("([Team et al.](#team,-k.,-du,-a.,-...), [2025](#team,-k.,-...); ...)" -- four citations of 1,775 characters)
_AY_GROUP_UNLINKED = re.compile(_AY_GROUP_SHAPE.format(n=4000))
# (a Chinese text sets a Latin name between its own characters, no space on either side, and the full-width parenthesis
# brings its own: "把Bogmans（2015）对", "随着 Kelejian & Prucha（2010）、Lee & Yu（2010）等" -- a Han or kana character may
# stand before the name and the parenthesis may follow it directly; a name so glued is a citation only when it resolves)
_AY_NARRATIVE = re.compile(
    rf"(?P<name>(?<![^\W\d_\u3040-\u30ff\u4e00-\u9fff]){_PARTICLE}{_SURNAME}"
    # "Smith et al.", "Smith and Lee", "Wong, Hall, and Kim"; possessive "Smith et al.'s (2020)"
    # (a comma before "et al." or before the second of two names: "Bonanno, et al. (2012)", "Lazarus, and Folkman (1986)")
    rf"(?:,?\s+{_ET_AL}\.?|,?\s+(?:and|&)\s+{_PARTICLE}{_SURNAME}|(?:,\s+{_PARTICLE}{_SURNAME}){{1,4}},?\s+(?:and|&)\s+{_PARTICLE}{_SURNAME})?(?:['’]s)?)"
    # (an OCR lost the space after "et al.": "Edwards et al.(2Ol6) classified ...")
    # (a comma may stand before the parenthesis: "Bailes et al., (2007)", "Klimova and Simonova, (2015) discussed", ABNT
    # texts' "por Moreira, (2014) em", "adaptada de Lugo & Snedaker, (1974)")
    rf"(?P<space>,?\s+|(?<=al\.)|)[(\[]\s*+(?P<years>{_YEAR}(?:\s*[,;]\s*(?:{_YEAR}|[a-z]\b(?!\.)))*)"
    # a page locator after the year: Chicago's "Piskorski, Seru, and Witkin (2015, 2636)", APA's "(2015, p. 12)";
    # or the venue, one word (research proposals: "Guo et al. (2025, TMLR) analyzed ...", "Agarwal et al. (2022, CVPR)")
    r"(?:\s*,\s*(?:(?:pp?\.\s*)?\d{1,5}(?:\s*[–-]\s*\d{1,5})?|[A-Z][A-Za-z]{1,15}+))?\s*+[)\]]"
)


# a link to pandoc citeproc's entry anchor, "[Tennekes, 2018](#ref-tennekes_tmap_2018)" (group 1: the citation key),
# and what may stand between two links of one citation: "[Pebesma & Bivand](#ref-x) ([2021](#ref-x))"
_CITEPROC_LINK = re.compile(r"\[[^\[\]]{1,200}+\]\(#ref-([^()\s]{1,200}+)\)")
_CITEPROC_GAP = re.compile(r"[\s(),;]{0,6}+")
# (see Linker._names_run_before) one surname, nothing else; a comma closing the text before a name; a surname closing it
_SURNAME_ONLY = re.compile(rf"{_PARTICLE}{_SURNAME}")
_COMMA_BEFORE = re.compile(r",[ \t]*+\n?[ \t]*+$")
_SURNAME_AT_END = re.compile(rf"(?<![^\W\d_]){_PARTICLE}[{CAPITALS}][\w'’\-]{{0,40}}+$")


@dataclass
class Linker:
    """Resolves keys to reference ids: printed numbers, or author-year keys."""

    by_number: dict[str, str] = field(default_factory=dict)
    by_author_year: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    bare_numbers: bool = False
    paren_numbers: bool = False
    by_url: dict[str, str] = field(default_factory=dict)  # url_key -> reference id
    styles: dict[str, int] = field(default_factory=dict)
    # (name, number) pairs the document uses as versions ("gpt", "4"): see :func:`version_names`
    versions: set[tuple[str, str]] = field(default_factory=set)
    # bracketed numbers deliberately not taken as citations ("[2023]", the interval "[0,1]")
    ignored: list[str] = field(default_factory=list)
    _max_number: int | None = None
    author_counts: dict[str, int] = field(default_factory=dict)  # reference id -> number of authors
    author_surnames: dict[str, tuple[str, ...]] = field(default_factory=dict)  # id -> first authors' surnames
    printed_years: dict[str, tuple[str, ...]] = field(default_factory=dict)  # id -> years as printed ("2023a")
    title_keys: dict[str, str] = field(default_factory=dict)  # id -> title folded to letters and digits
    # a numbered list cited "(9)" after a word (medical journals), where brackets are not used
    paren_after_words: bool = False
    # numbers glued to words are citations in this document (see GLUED_WORD_RUN)
    glued_words: bool = False
    # numbers spaced after punctuation are citations in this document (see SPACED_AFTER_PUNCT_RUN)
    spaced_after_punct: bool = False
    # numbers glued to Han characters before full-width punctuation are citations in this document (see GLUED_HAN_RUN)
    glued_han: bool = False
    # the file has no numbered list at all: every numbered marker is a candidate (counted, unresolved)
    no_list: bool = False
    # with no list, bare numbers up to this bound are candidates (the largest the text shows climbing)
    no_list_bound: int = 9999
    # alphabetic labels the list prints (amsalpha / "alpha" BibTeX: "[AGN15]", "[CLHY+22]") -> reference id
    by_label: dict[str, str] = field(default_factory=dict)
    # the pages marker's in-page links cite (see :func:`reference_pages`)
    reference_pages: frozenset[str] = frozenset()
    # bracketed numbers are a text's footnote marks, not citations (an author-year text whose list has no numbers)
    footnote_brackets: bool = False
    # pandoc citeproc's anchors: the citation key of "<div id="ref-KEY" class="csl-entry">" -> the entry's id (see
    # :meth:`_citeproc_anchored`)
    by_anchor: dict[str, str] = field(default_factory=dict)
    # id -> the capitals opening each author's name words, initials left out ("M. López de Prado" -> {"L", "P"}):
    # an initialism the text defines for a team ("Easley, López de Prado and O'Hara, henceforth ELO") spells them
    author_capitals: dict[str, tuple[frozenset[str], ...]] = field(default_factory=dict)
    # entries the string parser found no authors or no year in, by each word of their first author's name (folded)
    # -> [(id, raw string)]: looked up by a key no parsed entry answers (see :meth:`_unparsed`)
    unparsed_heads: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    # (first author's whole name folded, year) -> ids: an organisation's name cited as printed (see :meth:`_organisation`)
    by_whole_name: dict[tuple[str, str], list[str]] = field(default_factory=dict)

    def _style(self, name: str) -> None:
        self.styles[name] = self.styles.get(name, 0) + 1

    # ---- numbers -------------------------------------------------------------------------------
    def _numbers_mark(self, marker: str, start: int, end: int, nums: list[str]) -> CitationMark:
        ids: list[str] = []
        unresolved: list[str] = []
        for n in nums:
            rid = self.by_number.get(n)
            if rid is None:
                unresolved.append(n)
            elif rid not in ids:
                ids.append(rid)
        return CitationMark(marker=marker, start=start, end=end, ref_ids=ids, unresolved=unresolved)

    def numeric_marks(self, text: str) -> list[CitationMark]:
        original, text = text, reference_links_as_years(unlink_anchors(text, pages=self.reference_pages if self.by_number else frozenset()))
        if "，" in text or "；" in text:
            text = _FULL_WIDTH_NUMBER_LIST.sub(lambda m: m.group().translate(_FULL_WIDTH_SAME_LENGTH), text)
        if "$$" in text:
            text = display_math_blanked(text)
        if "[[" in text and "](http" in text:
            text = _BRACKETED_NUMBER_LINKS.sub(_number_links_as_text, text)
        marks = self._numeric_marks(text)
        if text is not original:  # the markers as printed
            for c in marks:
                c.marker = original[c.start or 0 : c.end or 0].strip()
        return marks

    def _numeric_marks(self, text: str) -> list[CitationMark]:
        marks: list[CitationMark] = []
        taken: list[tuple[int, int]] = []
        run_end = -1
        for m in BRACKET_RE.finditer(text) if not self.footnote_brackets else ():
            if m.start() < run_end:
                continue  # the range's end, read with the list before it
            end = m.end()
            if m.group(1):
                nums = expand_range(m.group(1), m.group(2))
                self._style("bracket-range")
            elif m.group("loc"):
                nums = [str(int(m.group("loc")))]
                self._style("bracket-locator")
            else:
                nums = expand_numbers(m.group(3))
                if nums is None:
                    continue
                # "[2023]", "[1024]" or the interval "[0,1]" where no such entry exists: not a citation
                if ("0" in nums and "0" not in self.by_number) or (
                    all(n not in self.by_number for n in nums) and any(len(n) >= 4 for n in nums)
                ):
                    self.ignored.append(text[max(0, m.start() - 30) : m.end() + 10])
                    continue
                self._style("bracket")
                tail = _RANGE_AFTER_LIST.match(text, m.end()) if "," in m.group(3) else None
                if tail and int(tail.group(1)) > int(nums[-1]):
                    # pymupdf4llm's superscripts "9,11–13" bracketed piece by piece: "[9,11][–][13]"
                    nums += expand_range(nums[-1], tail.group(1))[1:]
                    end = run_end = tail.end()
            marks.append(self._numbers_mark(text[m.start() : end], m.start(), end, nums))
            taken.append((m.start(), end))
        if self.paren_numbers or self.paren_after_words:  # "(1, 2)", "(3–5)", "(cf. 1,6)"
            for m in _PAREN_RE.finditer(text):
                nums = expand_numbers(m.group(1)) or []
                if not nums or not all(n in self.by_number for n in nums):
                    continue
                if not self.paren_numbers and not _PAREN_AFTER_WORD.search(text, max(0, m.start() - 6), m.start()):
                    continue  # "dynamics: (1) Discrete-time ...": an enumeration, not a citation
                self._style("parenthesis")
                marks.append(self._numbers_mark(m.group(0), m.start(), m.end(), nums))
                taken.append((m.start(), m.end()))
        if self.by_url:  # "([arxiv.org](https://arxiv.org/abs/2010.11929))": a link to a listed source
            for m in _LINK_RE.finditer(text):
                rid = self.by_url.get(url_key(m.group(2)))
                if rid is None or any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                self._style("link")
                marks.append(CitationMark(marker=m.group(0), start=m.start(), end=m.end(), ref_ids=[rid]))
                taken.append((m.start(), m.end()))
        for m in _DAGGER_RE.finditer(text) if "†" in text else ():  # ChatGPT-style "【3†source】"
            nums = [m.group(1)]
            self._style("dagger")
            marks.append(self._numbers_mark(m.group(0), m.start(), m.end(), nums))
            taken.append((m.start(), m.end()))
        for m in _UNICODE_SUPER_RE.finditer(text):  # "imaging¹,²" / "disease³⁻⁵"
            nums = expand_numbers(m.group(0).translate(_SUPER_DIGITS)) or []
            if not nums or not all(n in self.by_number for n in nums):
                continue
            self._style("superscript")
            marks.append(self._numbers_mark(m.group(0), m.start(), m.end(), nums))
            taken.append((m.start(), m.end()))
        for m in SUPER_RE.finditer(text) if "^" in text or "<sup>" in text else ():  # (each branch holds one of them)
            nums = expand_numbers(re.sub(r"\\[,;: ]", "", m.group(1) or m.group(2) or m.group(3) or m.group(4))) or []
            if not nums or not self._in_list_range(nums):
                continue
            self._style("footnote" if m.group(3) else "superscript")
            marks.append(self._numbers_mark(m.group(0), m.start(), m.end(), nums))
            taken.append((m.start(), m.end()))
        for m in _MATH_WORD_SUPER.finditer(text) if "^" in text else ():
            # the digits of one number are spaced too: "2 8" is 28, "4 , 5" two numbers
            nums = expand_numbers(re.sub(r"(?<=\d)\s+(?=\d)", "", m.group(1) or m.group(2))) or []
            if not nums or not self._in_list_range(nums):
                continue
            self._style("superscript")
            marks.append(self._numbers_mark(m.group(0), m.start(), m.end(), nums))
            taken.append((m.start(), m.end()))
        if self.bare_numbers:
            for m in itertools.chain(GLUED_AFTER_PUNCT_RUN.finditer(text), GLUED_AFTER_PAREN_RUN.finditer(text)):
                nums = expand_numbers(re.sub(r"(?<=\d)\s+(?=\d)", ",", m.group(1))) or []
                # (with no list, a deep-research report's numbers glued to the sentence's end are candidates up to the
                # bound the text shows climbing, as bare ones are: "paths between papers citing one another.4 For")
                if not nums or not (all(n in self.by_number for n in nums) or (self.no_list and self._in_list_range(nums))):
                    continue
                self._style("bare-number-glued")
                marks.append(self._numbers_mark(m.group(1), m.start(1), m.end(1), nums))
                taken.append((m.start(1), m.end(1)))
            if self.glued_words:
                for m in GLUED_WORD_RUN.finditer(text):
                    nums = expand_numbers(m.group(1)) or []
                    if not nums or not all(n in self.by_number for n in nums):
                        continue
                    if _AFFILIATION_MARK.search(text, max(0, m.start(1) - 60), m.start(1)) and _AFTER_AFFILIATION.match(text, m.end(1)):
                        continue  # "Corrado Pancotti1,4, Giovanni Birolo1,4*": an author line's affiliations
                    self._style("bare-number-glued-word")
                    marks.append(self._numbers_mark(m.group(1), m.start(1), m.end(1), nums))
                    taken.append((m.start(1), m.end(1)))
            for m in GLUED_HAN_RUN.finditer(text) if self.glued_han else ():
                nums = expand_numbers(m.group(1)) or []
                if not nums or not all(n in self.by_number for n in nums) or glued_han_value(text, m.start(1)):
                    continue
                self._style("bare-number-glued-han")
                marks.append(self._numbers_mark(m.group(1), m.start(1), m.end(1), nums))
                taken.append((m.start(1), m.end(1)))
            if self.spaced_after_punct:
                for m in SPACED_AFTER_PUNCT_RUN.finditer(text):
                    start, end, run = spaced_run_numbers(m)
                    nums = expand_numbers(run) or []
                    if not nums or not all(n in self.by_number for n in nums) or spaced_after_index_word(text, start):
                        continue
                    if any(a < m.end() and m.start() < b for a, b in taken):
                        continue
                    self._style("bare-number-spaced")
                    marks.append(self._numbers_mark(text[start:end], start, end, nums))
                    taken.append((start, end))
            for m in _BARE_RUN.finditer(text):
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                start = m.start()
                vm = re.match(r"(\d{1,3})[ \t]+(?=\d)", text[start : m.end()])
                if vm and self._is_version(text, start, vm.group(1)):
                    start += vm.end()  # "DALL-E 2 23." -> the model's version, then citation 23
                nums = expand_numbers(re.sub(r"(?<=\d)\s+(?=\d)", ",", text[start : m.end()].strip(" $"))) or []
                if not nums or not self._in_list_range(nums) or not _citation_context(text, m.start()):
                    continue
                if len(nums) == 1 and self._is_version(text, start, nums[0]):
                    continue
                self._style("bare-number")
                marks.append(self._numbers_mark(text[start : m.end()].strip(), start, m.end(), nums))
                taken.append((start, m.end()))
            for m in _BARE_MID_RUN.finditer(text):
                # mid-sentence, only runs whose every number the list defines ("49 46 use")
                nums = re.split(r"[ \t,]", m.group(1))
                if any(a < m.end() and m.start() < b for a, b in taken) or not all(n in self.by_number for n in nums):
                    continue
                if not _citation_context(text, m.start()):
                    continue
                self._style("bare-number")
                marks.append(self._numbers_mark(m.group(1), m.start(), m.end(), nums))
        marks.sort(key=lambda c: c.start or 0)
        return marks

    def _in_list_range(self, nums: list[str]) -> bool:
        """Every number is one the list defines or falls in a gap of its numbering (1..largest):
        a marker citing a number the list lacks ("data 24." when the list skips 24) is counted
        as unresolved instead of being dropped unseen; numbers past the list's end stay text."""
        if self.no_list:
            return all(1 <= int(n) <= self.no_list_bound for n in nums)
        if self._max_number is None:
            self._max_number = max((int(n) for n in self.by_number if n.isdigit()), default=0)
        return all(n in self.by_number or 1 <= int(n) <= self._max_number for n in nums)

    def _is_version(self, text: str, start: int, number: str) -> bool:
        """"DALL-E 2", "GPT 4": the document writes this name with this number as a model or
        dataset version elsewhere ("GPT-4", "DALL-E 2 and ...")."""
        w = re.search(r"([^\W\d_][\w\-]*(?:-\s[\w\-]+)*)\s*$", text[max(0, start - 40) : start])
        name = re.sub(r"-\s", "-", w.group(1)).lower().rstrip("-") if w else ""
        return bool(name) and (name, number) in self.versions

    # ---- alphabetic labels ------------------------------------------------------------------------
    def label_marks(self, text: str) -> list[CitationMark]:
        """"[AGN15]", "[DJMS02, GJ14]": each label the list prints links its entry; a label in that
        form the list does not print is counted, unresolved."""
        marks = []
        for m in ALPHA_LABELS_RE.finditer(text):
            labels = [x.strip() for x in re.split(r"[,;]", m.group(1))]
            ids = [self.by_label[x] for x in labels if x in self.by_label]
            unresolved = [x for x in labels if x not in self.by_label]
            self._style("alpha-label")
            marks.append(CitationMark(marker=m.group(), start=m.start(), end=m.end(),
                                      ref_ids=list(dict.fromkeys(ids)), unresolved=unresolved))
        return marks

    # ---- author-year -----------------------------------------------------------------------------
    def author_year_marks(self, text: str) -> list[CitationMark]:
        marks: list[CitationMark] = []
        spans: list[tuple[int, int]] = []
        original = text
        # "(Acerbi \& Ma, 2017)": a Markdown-escaped ampersand, read as "&"; marker's escaped parentheses
        # in a link's text, "[Sariri](#p) [\(2025\)](#p)", as parentheses (same length: spans hold)
        text = reference_links_as_years(unlink_anchors(text.replace("\\&", " &").replace("\\(", " (").replace("\\)", ") ")))
        # a diacritic the converter set apart from its letter: a word it tore is read whole ("Mozeti´ c"),
        # any other ("Schutze¨ , 1992") is a space (same length: spans hold)
        mended = mend_torn_words(text).translate(_LOOSE_DIACRITICS)
        if mended != text:
            # the spaces a mended word leaves after it move past the comma it stood before ("Theurillat,
            # R´erat, and Crevoisier 2015" -> "Rerat,  and"): a name list holds no space before a comma
            mended = _SPACES_BEFORE_COMMA.sub(lambda m: m.group(2) + m.group(1), mended)
        text = mended
        # an OCR's full-width comma and semicolon ("Park et al.， 2015；") and years printed with
        # letters for digits ("Kuehnel et al.,20l3") read as printed by a typesetter (same length)
        text = mend_ocr_years(text.translate(_FULL_WIDTH_SAME_LENGTH))
        # MinerU's formula detector takes a short surname and its year for mathematics, every character spaced:
        # "(Sarma and $\mathrm { X u } ~ 2 0 1 4$ )" -- read as the words printed, "Xu 2014" (same length)
        if "$" in text:
            text = _MATH_NAME_YEAR.sub(_math_name_year_as_text, text)
        # "Feder and others (1988a)", "(Siamwalla and others 1990)": the World Bank's "et al." (same length)
        if "and others" in text:
            text = _AND_OTHERS.sub("et al.    ", text)
        # "[Forge e.a., 1993]", "(Kawai e Akira, 2006)": another language's "et al." and "and" (same length)
        text = _FOREIGN_ET_AL.sub(lambda m: m.group(1) + ("etal" if len(m.group(2)) == 4 else "et al.").ljust(len(m.group(2))), text)
        text = _FOREIGN_AND.sub(lambda m: m.group(1) + "&".ljust(len(m.group(2))), text)
        # "(Curry – Urban 2003; Koubek ‑ Polášek 2017)": co-authors joined by a dash, read as "&" (same length)
        if "–" in text or "‑" in text or "—" in text:
            text = _DASH_BETWEEN_SURNAMES.sub(lambda m: m.group(1) + "&" + m.group(2), text)
        # "(Einwohner et. al. 2019)": the period misplaced after "et"; "(Burns et al ., 2014a)": a space before it
        # (same length)
        if "et. al" in text or "et al ." in text:
            text = _ET_DOT_AL.sub(lambda m: ("et al." if m.group().endswith(".") else "et al").ljust(len(m.group())), text)
        # "Yenet al." read as "Yen etal." (same length; "etal" is an OCR's "et al" too)
        if "et al" in text:
            text = _GLUED_ET_AL.sub(lambda m: m.group(1) + " etal", text)
        # "(Zhang\\* et al., 2020)": an equal-contribution mark read as spaces (same length)
        if "*" in text or "†" in text or "‡" in text:
            text = _CONTRIBUTION_MARK.sub(lambda m: " " * len(m.group()), text)
        # "Lee *et al.*, 2010", "de Souza _et al._ (2020)": emphasis marks read as spaces (same length)
        if "et al" in text:
            text = _EMPH_ET_AL.sub(lambda m: " " * len(m.group(1)) + m.group(2) + " " * len(m.group(3)), text)
        # an emphasis a line of bold or italics opened or closed inside a citation: "ImageNet (Deng**\net al., 2009)",
        # "(Finn et al.,_\n2017)" -- read as spaces (same length)
        if "**" in text or "_\n" in text or "\n_" in text:
            text = _STRAY_EMPHASIS.sub(lambda m: " " * len(m.group()), text)
        for g in (_AY_GROUP_UNLINKED if has_anchor_links(original) or "[Reference " in original else _AY_GROUP).finditer(text):
            inner = g.group(1) if g.group(1) is not None else g.group(2)
            if not re.search(_YEAR, inner):
                continue
            ids: list[str] = []
            unresolved: list[str] = []
            found = False
            for item in _AY_ITEM.finditer(inner):
                # "(Winter et al., 2022)": a season word before "et al." is a surname
                if _first_word_is_common(item.group("name")) and not re.search(rf"\b{_ET_AL}", item.group("name")):
                    continue
                found = True
                before = len(unresolved)
                self._resolve_item(item.group("name"), item.group("years"), ids, unresolved)
                if len(unresolved) > before and (rid := self._organisation(inner[: item.start("years")], item.group("years"))):
                    del unresolved[before:]
                    if rid not in ids:
                        ids.append(rid)
                elif len(unresolved) > before and (lead := _ABNT_COAUTHORS_BEFORE.search(inner, 0, item.start())):
                    self._first_author_before(lead.group(1), item.group("years"), ids, unresolved, before)
            if found:
                self._style("author-year")
                marks.append(
                    CitationMark(marker=original[g.start() : g.end()], start=g.start(), end=g.end(), ref_ids=ids, unresolved=unresolved)
                )
                spans.append((g.start(), g.end()))
        if has_anchor_links(original):
            # an in-page link whose words are one citation, its parentheses left out: eLife's narrative
            # "*[Sun et al., 2017](#page-22-3)* reported ..." (unlinked above, the words keep their place)
            for g in _ANCHOR_LINK.finditer(original):
                item = _AY_ITEM.fullmatch(text, g.start(1), g.end(1))
                if not item or any(a <= g.start() < b for a, b in spans):
                    continue
                ids, unresolved = [], []
                self._resolve_item(item.group("name"), item.group("years"), ids, unresolved)
                self._style("author-year")
                marks.append(CitationMark(marker=original[g.start() : g.end()], start=g.start(), end=g.end(), ref_ids=ids,
                                          unresolved=unresolved))
                spans.append((g.start(), g.end()))
        note = _FOOTNOTE_DEFINITION.match(text)
        if note:
            # a note's own text cites without parentheses ("[^4]: Cf. Cevolini, 2004; Krajewski, 2011.", "see Duncan
            # Watts, 2004."): each name-year pair the list answers is a citation (others are the note's prose)
            for item in _AY_ITEM.finditer(text, note.end()):
                if any(a <= item.start() < b for a, b in spans) or _first_word_is_common(item.group("name")):
                    continue
                ids, unresolved = [], []
                self._resolve_item(item.group("name"), item.group("years"), ids, unresolved)
                if ids and not unresolved:
                    self._style("author-year-note")
                    marks.append(CitationMark(marker=original[item.start() : item.end()], start=item.start(), end=item.end(), ref_ids=ids))
                    spans.append((item.start(), item.end()))
        for m in _AY_NARRATIVE.finditer(text):
            if any(a <= m.start() < b for a, b in spans):
                continue
            if _TWO_NAMES_COMMA.fullmatch(m.group("name")) and _AFTER_A_NAME.search(text, max(0, m.start() - 30), m.start()):
                # "Cher- nozhukov, Chetverikov, and Kato (2013b)", "Ernst, Arcaini, et al. (2019)": the end of a longer
                # list (torn at its start, or more names than the pattern reads) -- no two-name citation of its own
                continue
            ids, unresolved = [], []
            self._resolve_item(m.group("name"), m.group("years"), ids, unresolved)
            name, start = m.group("name"), m.start()
            head, comma, rest = name.partition(", ")
            if not ids and comma and " " not in head:
                # "Additionally, Uncapher, Gallagher-Thompson, Osgood, and Bongar (1998)": a sentence's
                # opening word before the names -- the names after it are the citation when they resolve
                ids2: list[str] = []
                unresolved2: list[str] = []
                self._resolve_item(rest, m.group("years"), ids2, unresolved2)
                if ids2:
                    ids, unresolved, name, start = ids2, unresolved2, rest, m.start() + len(head) + len(comma)
            if not ids and m.group("space") and (run := self._names_run_before(text, m.start(), name, m.group("years"))):
                ids, unresolved, start = run[0], [], run[1]
                name = text[start : m.start()] + name
            glued = not m.group("space") and not name.endswith("al.")  # "Bogmans（2015）"
            if not ids and (glued or _first_word_is_common(name) or not re.search(rf"\b{_ET_AL}|\band\b|&", name)):
                continue  # "Dance Floor (2005)": a capitalised phrase before a year, not a citation
            self._style("author-year-narrative")
            marks.append(CitationMark(marker=original[start : m.end()], start=start, end=m.end(), ref_ids=ids, unresolved=unresolved))
        if self.by_anchor and "](#ref-" in original:
            marks = self._citeproc_anchored(original, marks)
        marks.sort(key=lambda c: c.start or 0)
        return marks

    def _citeproc_anchored(self, text: str, marks: list[CitationMark]) -> list[CitationMark]:
        """pandoc citeproc (R Markdown, blogdown, Quarto pages) links every citation to its entry's anchor, "([Department
        of the Army, 1956](#ref-department_of_the_army_map_1956), [2001](#ref-...))", "[Pebesma & Bivand](#ref-x)
        ([2021](#ref-x))", "([R. C. Team, 2019](#ref-r_core_team_r_2019); [Rs. Team, 2019](#ref-rstudio_team_...))": the
        anchors name the entries where the names and years the text prints do not ("Team, 2019" is two entries, an
        organisation's name is not a surname, a narrative citation's name and year are two links). A marker whose links
        all name entries cites those; links outside any marker, run together, are a citation of their own. A link a
        marker cuts into belongs to it: the narrative reading of "[Pebesma & Bivand](#ref-x) ([2021](#ref-x))" opens
        inside the first link's brackets, and that link read apart would count the one citation twice."""
        links = [(m.start(), m.end(), self.by_anchor.get(m.group(1))) for m in _CITEPROC_LINK.finditer(text)]
        used: set[int] = set()
        for c in marks:
            start, end = c.start or 0, c.end or 0
            inside = [i for i, (a, b, _rid) in enumerate(links) if a < end and start < b]
            if inside and all(links[i][2] for i in inside):
                c.ref_ids = list(dict.fromkeys(str(links[i][2]) for i in inside))
                c.unresolved = []
                if links[inside[0]][0] < start:  # the marker opens at its first link's bracket
                    c.start = links[inside[0]][0]
                    c.marker = text[c.start : end]
            used.update(inside)
        run: list[tuple[int, int, str]] = []
        out = list(marks)

        def close() -> None:
            if run:
                start, end = run[0][0], run[-1][1]
                out.append(CitationMark(marker=text[start:end], start=start, end=end,
                                        ref_ids=list(dict.fromkeys(r for _a, _b, r in run))))
                self._style("author-year-citeproc-anchor")
                run.clear()

        for i, (a, b, rid) in enumerate(links):
            if i in used or rid is None:
                close()
                continue
            if run and not _CITEPROC_GAP.fullmatch(text, run[-1][1], a):
                close()
            run.append((a, b, rid))
        close()
        return out

    def _names_run_before(self, text: str, start: int, name: str, years: str) -> tuple[list[str], int] | None:
        """A narrative citation listing its authors with commas and no "and" (economics papers: "Chordia, Roll,
        Subrahmanyam (2005, 2008) demonstrate ..."): the pattern reads the last name only, which opens no entry.
        The names before it, a comma after each (up to four), are the citation when an entry of every year opens
        with those names in that order (the first name may be a sentence's word: "Additionally, Chordia, Roll, ...",
        so each later start is tried too)."""
        if not _SURNAME_ONLY.fullmatch(name):
            return None
        pieces: list[tuple[int, str]] = []  # (start, surname), nearest first
        end = start
        while len(pieces) < 4:
            comma = _COMMA_BEFORE.search(text, max(0, end - 60), end)
            if comma is None:
                break
            word = _SURNAME_AT_END.search(text, max(0, comma.start() - 60), comma.start())
            if word is None:
                break
            pieces.append((word.start(), word.group()))
            end = word.start()
        if self._first_authors is None:
            self._first_authors = {sur[0] for sur in self.author_surnames.values() if sur}
        for k in range(len(pieces), 0, -1):
            names = [w for _s, w in reversed(pieces[:k])] + [name]
            if _last_token(names[0]) not in self._first_authors:
                continue  # (no entry opens with that name: nothing to look up)
            ids: list[str] = []
            unresolved: list[str] = []
            self._resolve_item(", ".join(names), years, ids, unresolved)
            want = tuple(_last_token(x) for x in names[:4])
            if ids and not unresolved and all(self.author_surnames.get(i, ())[: len(want)] == want for i in ids):
                self._style("author-year-narrative-comma-run")
                return ids, pieces[k - 1][0]
        return None

    def _resolve_item(self, name: str, years: str, ids: list[str], unresolved: list[str]) -> None:
        name = re.sub(r"['’]s$", "", name)  # "Smith et al.'s (2020)"
        name = _INITIALS_RE.sub("", name)  # "Mareels, I.M.Y., Polderman, J.W.": the surnames name the entry
        first = re.split(rf",|\s+{_ET_AL}|\s+(?:and|&)\s+", name)[0]
        second = None
        two = re.split(r"\s+(?:and|&)\s+", name)
        if len(two) == 2 and not re.search(rf"\b{_ET_AL}", name) and "," not in two[0]:
            second = _last_token(two[1])
        sur = _last_token(first)
        last_year = ""
        for y in re.split(r"\s*[,;]\s*", years):
            if len(y) == 1 and last_year:  # "2020a, b" -> 2020b
                y = last_year[:4] + y
            last_year = y
            if y.startswith("n"):  # "n.d."
                y = "nd"
            key_ids = self.lookup_author_year(sur, y, second)
            if not key_ids and _INITIALISM.fullmatch(first.strip()):
                key_ids = self._initialism(first.strip(), y)
            if len(key_ids) > 1:
                key_ids = self._best_of(key_ids, name, y)
            if len(key_ids) > 1:
                # "[Qwen Team, 2025]" naming 7 entries: reported as ambiguous, never linked to many
                self._style("author-year-ambiguous")
                unresolved.append(f"{name}, {y} (ambiguous: {len(key_ids)} entries)")
                continue
            if key_ids:
                for rid in key_ids:
                    if rid not in ids:
                        ids.append(rid)
            else:
                unresolved.append(f"{name}, {y}")

    def _first_author_before(self, name: str, years: str, ids: list[str], unresolved: list[str], before: int) -> None:
        """The item's name was a co-author's (see _ABNT_COAUTHORS_BEFORE): the first author's name resolves the key when
        it answers an entry, in place of the keys left unresolved from ``before`` on."""
        ids2: list[str] = []
        unresolved2: list[str] = []
        self._resolve_item(name, years, ids2, unresolved2)
        if ids2 and not unresolved2:
            self._style("author-year-abnt-coauthors")
            del unresolved[before:]
            ids.extend(i for i in ids2 if i not in ids)

    def _organisation(self, head: str, year: str) -> str | None:
        """An organisation cited by its whole name ("(Ministry of the Environment and Energy 2009)", "(Taxi &
        Limousine Commission, 2022)"): the pattern reads a person's surnames in it (the words after "of the", or
        "Taxi" as a first author) that no entry answers -- the citation's words before the year, from its
        group's opening or the last ";", are the whole name of the one entry of that year whose first author
        it is (entries key organisations by their name's last word)."""
        if not re.fullmatch(_YEAR, year):
            return None
        words = _CITATION_LEAD.sub("", re.split(r"[;(]", head)[-1])
        ids = self.by_whole_name.get((fold(words), year[:4]), [])
        if len(ids) != 1:
            return None
        self._style("author-year-organisation")
        return ids[0]

    def _best_of(self, ids: list[str], name: str, year: str) -> list[str]:
        """Several entries share the key: keep those whose author count fits the citation form
        ("Smith et al." 3+, "Smith and Lee" 2, "Smith" 1), then -- for "2023a" -- the one that
        prints that suffix itself, when that singles one out."""
        named = [_last_token(x) for x in re.split(r",\s*(?:and\s+|&\s*)?|\s+(?:and|&)\s+", re.sub(rf",?\s+{_ET_AL}\.?", "", name)) if x.strip()]
        want = 3 if re.search(rf"\b{_ET_AL}", name) or len(named) >= 3 else 2 if len(named) == 2 else 1
        fit = [i for i in ids if min(self.author_counts.get(i, 0), 3) == want] or ids
        if len(fit) > 1 and len(named) >= 3:
            # "Deininger, Ayalew, and Yamano 2008": the names the citation prints pick the entry they open
            # (the linker keeps four surnames an entry: a citation printing five or more, APA's "Huang, Blazquez, Huang,
            # Paredes-Belmar, & Latorre-Nunez, 2019", is compared by its first four)
            by_names = [i for i in fit if self.author_surnames.get(i, ())[: len(named[:4])] == tuple(named[:4])]
            fit = by_names or fit
        if len(fit) > 1 and year[-1:].isalpha():
            printed = [i for i in fit if year in self.printed_years.get(i, ())]
            fit = printed or fit
        if len(fit) > 1 and len({self.title_keys.get(i) or i for i in fit}) == 1:
            # one work printed twice ("Hugging Face. Open r1: ... 2025." in the list and again with its
            # back-reference pages): the key names that work; its first entry stands for it
            return fit[:1]
        return fit if len(fit) == 1 else ids

    def lookup_author_year(self, sur: str, year: str, second: str | None = None) -> list[str]:
        hit = self.by_author_year.get((sur, year))
        if not hit and year[-1:].isalpha():
            hit = self.by_author_year.get((sur, year[:-1]))
            # ... but an entry printing another letter for that year is another paper: "(Zhang et al. 2024b)" where
            # the parsed "Zhang, M.; ... 2024a. *MotionDiffuse*" is the only "Zhang 2024" keyed and "Zhang, M.; ...;
            # et al. 2024b. *Large motion model ...* arXiv:2404.01284." was left unparsed (an AAAI list's preprints)
            # (an entry printing the key's own letter among others stays: a merged list's "ANATEL ... 2007d ... 2007g")
            if hit:
                hit = [r for r in hit if year in (printed := self.printed_years.get(r, ()))
                       or not any(p[:4] == year[:4] for p in printed)]
        if not hit:
            # an elided particle in lower case is no part of the name the text's pattern reads:
            # "(d'Ascoli et al., 2020)" reads "Ascoli", the list keys "Stéphane d'Ascoli" as "dascoli"
            hit = self.by_author_year.get(("d" + sur, year)) or self.by_author_year.get(("l" + sur, year))
        if not hit:
            hit = self._fuzzy(sur, year)
        if not hit and self.unparsed_heads:
            hit = self._unparsed(sur, year)
        if not hit:
            return []
        if len(hit) > 1 and second:
            narrowed = [r for r in hit if (sur, year, second) in self._second_index.get(r, set())]
            if narrowed:
                return narrowed
        return hit

    def _fuzzy(self, sur: str, year: str) -> list[str]:
        """OCR-damaged surnames ("Zeghdour" for "Zeghidour"): same year, one clear close match."""
        from rapidfuzz import fuzz

        if len(sur) < 5:
            return []
        scored = [
            (fuzz.ratio(sur, s), ids)
            for (s, y), ids in self.by_author_year.items()
            if y == year and len(s) >= 4 and s[0] == sur[0]
        ]
        scored = [x for x in scored if x[0] >= 75]
        if len(scored) == 1:
            self._style("author-year-fuzzy")
            return scored[0][1]
        return []

    def _initialism(self, letters: str, year: str) -> list[str]:
        """"ELO (2012b)", "(FF, 1993)": a team's initialism -- one letter per author, in order, each a capital
        opening one of that author's name words -- names the one entry of that year whose authors spell it."""
        hits = {rid for (_sur, y), ids in self.by_author_year.items() if y == year for rid in ids
                if len(caps := self.author_capitals.get(rid, ())) == len(letters)
                and all(c in names for c, names in zip(letters, caps))}
        if len(hits) == 1:
            self._style("author-year-initialism")
        return sorted(hits) if len(hits) == 1 else []

    def unparsed_entries(self) -> int:
        """How many entries the string parser found no authors or no year in."""
        return len({rid for entries in self.unparsed_heads.values() for rid, _raw in entries})

    def _unparsed(self, sur: str, year: str) -> list[str]:
        """An entry the string parser could not read ("Fu Sun, Linyang Li, and Yang Liu.2018.U-net:...", "D. INOUE,K.
        YOSHIOKA,...Malware behavior analysis ...(ICC)2008") still opens with its first author and prints its
        year: the key names it when exactly one such entry has the surname among its first author's words and
        the year (with the key's letter, "2018a", if it has one) anywhere, digits not run on either side."""
        if year == "nd":
            return []
        printed = re.compile(rf"(?<!\d){re.escape(year)}(?![\da-z])")
        hits = [rid for rid, raw in self.unparsed_heads.get(sur, ()) if printed.search(raw)]
        if len(hits) == 1:
            self._style("author-year-unparsed-entry")
            return hits
        return []

    _second_index: dict[str, set[tuple[str, str, str]]] = field(default_factory=dict)
    _first_authors: set[str] | None = None  # the entries' first surnames (see _names_run_before)


_JOINED_VERSION = re.compile(r"\b([^\W\d_]\w++(?<=[^\W\d_]))-\s?(\d{1,3})(?![\d.]*\w)")
# "DALL-E 2 combined ...", "DALL-E 2 (2022)": a capitalised name, a number, then more sentence
_MIDSENTENCE_VERSION = re.compile(
    r"\b((?=[\w\-]{0,40}[A-Z])[^\W\d_][\w\-]{1,41}+(?<=[^\W\d_]))[ \t](\d{1,3})(?=[ \t]++(?:[a-z]{2,}\b|\((?:19|20)\d{2}\)))"
)


def version_names(text: str) -> set[tuple[str, str]]:
    """Name + number pairs a document uses as model or dataset versions: joined by a hyphen
    ("GPT-4", "ResNet-50", "Llama-2") or followed by more of the sentence ("DALL-E 2 and Imagen"),
    where a citation would not stand. A bare number after such a name is not a citation.
    (Both patterns read the name possessively, then look back at its last letter: the name must end where the
    word does, so backtracking into it could never match -- and cost a tenth of a long document's read.)"""
    out = {(a.lower(), b) for a, b in _JOINED_VERSION.findall(text)}
    out |= {(a.lower().rstrip("-"), b) for a, b in _MIDSENTENCE_VERSION.findall(text)}
    return out


def expand_range(a: str, b: str) -> list[str]:
    x, y = int(a), int(b)
    if x <= y <= x + 60:
        return [str(i) for i in range(x, y + 1)]
    return [a, b]


def expand_numbers(inner: str) -> list[str] | None:
    out: list[str] = []
    for part in re.split(r"\s*(?:[,;]\s*(?:and\b)?|\band\b)\s*", inner.strip()):
        if not part:
            continue
        r = re.fullmatch(rf"(\d+)\s*(?:[{_DASH}−]|--)\s*(\d+)", part)
        if r:
            out.extend(expand_range(r.group(1), r.group(2)))
        elif part.isdigit():
            out.append(str(int(part)))
        else:
            return None
    return out


def spaced_after_index_word(text: str, start: int) -> bool:
    """Whether a number spaced after punctuation (SPACED_AFTER_PUNCT_RUN) follows a word naming an index
    ("Fig. 2 shows", "Tab. 1", "Eq. 3"): no citation."""
    w = _WORD_BEFORE_PUNCT.search(text, max(0, start - 40), start)
    return w is not None and w.group(1).lower() in _STOP_BEFORE


# a Chinese clause's last character before a spaced number that makes it a value, no citation: "固定为 30。" (is),
# "等于 1" (equals), "达到 5" (reaches), "约 10" (about), "共 3" (in all), "第 2" (ordinal) -- not the last of a noun,
# "程序行为 34。" (behaviour), "条约" (treaty), "合约", "契约", "节约", "公共": a clause ends there, its source cited
_CJK_VALUE_BEFORE = re.compile(r"(?<![行条合契节公])[为是到至于约共第]$")


def glued_han_value(text: str, start: int) -> bool:
    """Whether a number glued to a Han character (GLUED_HAN_RUN) follows a character making it a value: "为30，"."""
    return _CJK_VALUE_BEFORE.search(text, max(0, start - 2), start) is not None


# a LaTeX relation or operator before the number: the formula's operand, "赋值 $1\\sim 4$ ，" (the values 1 to 4), "$n \\leq 5$."
# (not a space: MinerU parts two citations with one, "$15 \\quad 14$ .")
_TEX_OPERATOR_BEFORE = re.compile(r"\\(?:sim|approx|leq?|geq?|neq|times|pm|mp|cdot|div|to)$")
# a quantity glued to a Chinese clause, then a spaced number: the report's source, "取值范围为128到240 17。" (no space
# parts a Chinese quantity from its clause, and none parts two of its digits)
_CJK_QUANTITY = re.compile(r"[\u4e00-\u9fff]\d{1,6}(?:\.\d{1,3})?%?$")


def _citation_context(text: str, start: int) -> bool:
    before = text[max(0, start - 40) : start]
    if not before or not before[-1].isspace():
        # "$4$" right after a word is a formula, not a citation
        return False
    prev = before.rstrip()
    if not prev:
        return False
    last = prev[-1]
    tok = re.findall(r"[\w'’\-]+\.?$|\S$", prev)
    word = tok[0].rstrip(".").lower() if tok else ""
    if last.isdigit():
        return bool(re.search(r"(?:^|\s)(?:19|20)\d{2}$", prev) or _CJK_QUANTITY.search(prev))  # "in 2017 1."
    if word in _STOP_BEFORE or _CJK_VALUE_BEFORE.search(prev) or _TEX_OPERATOR_BEFORE.search(prev):
        return False
    return last.isalpha() or last in ")]\"”’'.%*_"


def _last_token(name: str) -> str:
    from surveybench.readers.refstrings import surname

    toks = re.findall(r"[^\W\d_][\w'’\-@]*", re.sub(r"-\s+", "-", name.translate(UNICODE_HYPHENS)))
    # "Meta AI (2024)": capitals-only last words read as the list reads them (refstrings.surname)
    return surname(" ".join(toks)) if toks else fold(name)


def _first_word_is_common(name: str) -> bool:
    w = name.split()[0].lower()
    return w in {
        "in", "the", "since", "from", "until", "by", "after", "before", "during", "as", "table",
        "figure", "section", "january", "february", "march", "april", "may", "june", "july",
        "august", "september", "october", "november", "december", "version", "spring", "summer",
        "fall", "autumn", "winter", "early", "late", "mid",
    }
