"""Split the lines of a reference section into entries.

Layouts handled (seen in SurveyBench-dev or in other members of the same families; the family,
not the files, is the target -- ``tests/test_readers_robustness.py`` checks both):

* ``[n] ...`` entries, one per line or several on one line, or one entry broken over lines
  and blank lines (PDF conversions). The whole section is scanned as one string and an
  ``[n]`` opens an entry only when ``n`` continues the sequence, so "[12.8]" or a "[3]" inside
  a title does not split an entry.
* ``(n) ...`` lists (ACS / chemistry), found like ``[n]`` entries.
* ``n. ...`` ordered lists (sequential numbers at line start; Nature, Vancouver, Gemini's
  "Works cited"), also glued on one line, numbered ``n`` without a dot or ``**n.**``: the run
  1..N decides, and where the next number occurs twice the stronger occurrence opens the entry.
* deep-research source lists: ``1 4 8 35 Title https://url`` -- several numbers share one
  source; an entry may continue on the next lines (title, then the URL alone) and one line may
  hold several entries (``... https://a.pdf 9 21 openreview.net https://b``).
* bullets (``- A. Vaswani et al., "Title," NeurIPS, 2017.``): unnumbered entries.
* unnumbered author-year lists (ACL: ``Authors. 2023. Title.``; natbib/IJCAI: ``Authors.
  Title. Venue, 2023.``; IEEE: ``Authors, "Title," ...``; APA: ``Smith, J., & Lee, K. (2020).
  Title.``; Chicago: ``Smith, John, and Jane Doe. 2020. "Title."``), possibly several entries per line
  (glued ``[cs].Mengnan Du``, lower-case authors, group authors, ``n.d.``) and entries broken over
  lines: entry starts are found from the author list pattern, and -- in transcriptions printing
  one entry a line -- from line starts that open with an author list after a complete entry.
* journal author-year lists with Vancouver names (J Neurophysiol ``Lee K, Kim M. Title. J
  Neurophysiol 92: 1-9, 2010.``; J Neurosci ``Lee K, Kim M (2010) Title.``; eLife ``Lee K. 2010.
  Title.``), entries glued at a period (``2004.Kyu Lee``), an entry closed after its year by a DOI,
  arXiv id, URL or ``PMLR.``, entries printed without a year (``OpenAI. Gpt-4 technical report.``)
  when one entry a line; ``n Author ...`` lines numbered without a dot.
* ``---`` page separators and venue fragments (``- ICCV 2023 34 35``, ``- SIGGRAPH 2023 (Best
  Paper)``) are not entries.
* PDF conversions (docling, marker, MinerU): a numbered list printed out of order (exactly 1..N);
  an entry whose number was lost at a page break, cut from the entry before when the numbering has
  that gap and the text shows exactly that many entry ends (``_restore_lost_numbers``); "08." for 8;
  an author-year entry closed after its year by identifiers only (``URL ... arXiv:... [cs].``) before
  a glued next one; surnames in capitals with initials (``BIRD, J.F. & BOMMER, J.J., 2004.``); torn
  diacritics (``G¨otze``); lists keyed by their own labels (``[Liu et al., 2023d] Z. Liu, ...``).
* ABNT lists (Brazilian theses and proceedings), one entry a paragraph opening with a surname in capitals
  (``ALMEIDA, O. C. S. _Title_. 2007. 177 f. Dissertação ...``); GB/T 7714 lists numbered without a dot whose names
  open with Han characters (``2 曹爱军, 杨平. Title [M]. 北京: ..., 2011.``); labels printed as superscripts (``¹ APS,
  "Title", Mai 2024.``, ``<sup>12</sup>M. Kjaergaard, ...``); entries opening with an empty ``[]`` (a Google Docs
  export); an entry torn into two bullets at a page break; a group author's name of several words wrapped or torn
  (``IEEE Computer`` / ``Society. 2008.``).
"""

from __future__ import annotations

import bisect
import functools
import re
from typing import NamedTuple
from dataclasses import dataclass, field

from surveybench.readers.refstrings import (
    CAPITALS,
    GROUP_NAME,
    HAN_NAME,
    INITIALS_FIRST_YEAR,
    DASH_BETWEEN_NAMES,
    INITIAL_COMMA_FOR_PERIOD,
    IOP_GROUP_HEAD,
    IOP_HEAD,
    INVERTED_FIRST_NAME,
    INVERTED_FULL_NAMES_YEAR,
    _LOOSE_SURNAME_FIRST,
    _SURNAME_FIRST,
    SOLE_SURNAME_YEAR,
    STRAY_INITIAL_PERIOD,
    TORN_DIACRITICS,
    URL_RE,
    _plain_vancouver,
    capitalise_names,
    looks_like_author_list,
    loose_surname_first,
    mend_ocr_years,
    mend_torn_words,
)

# numbers of any size: a 100,000-entry list is as valid as a 100-entry one (issue 14)
_BRACKET = re.compile(r"\[\^?(\d++)\]")  # "[12]" and Markdown footnotes "[^12]:"
_PAREN = re.compile(r"(?:(?<=\s)|^)\((\d++)\)(?=\s)")  # ACS / chemistry: "(12) Smith, J.; ..."
# ... as OCR of a CJK-trained converter prints it: full-width brackets, alone or mixed ("(1）Kang",
# "（68）Rathbun"), no space after ("(3)Edinger"); the list's 1, 2, 3 sequence decides which open entries
_PAREN_ANY = re.compile(r"[(（]\s?(\d{1,4}+)\s?[)）]\s*+(?=\S)")
_DOT_START = re.compile(r"(?:(?<=\s)|^)(\d++)[.)]\s+(?=[\"“'‘A-ZÀ-Þ\[(*_\\])")
_DOT_NUM = re.compile(r"^\s*(\d++)[.)]\s+(\S.*)$")
# a run of source numbers, then a title (which may start with a digit: "12 3D Gaussians ..."); a volume and its
# issue opening an entry's wrapped line, "52 (22), 13410–13420. https://doi.org/...", is none
_NUM_RUN = re.compile(r"^\s*(\d{1,3}(?:\s+\d{1,3})*)\s+(?=\S)(?!\d+(?:\s|$)|\(\d)")
# ... nor an ACM entry's locator wrapped to a line's start, its page count or its issue and date: "Article 180 (Dec. 2018),"
# / "10 pages. https://doi.org/...", "ACM Trans. Graph. 30, 3, Article" / "18 (May 2011), 12 pages. https://doi.org/..."
_LOCATOR_PIECE = re.compile(r"^\s*\d{1,4}\s+(?:pages?\b|\((?:[A-Z][a-z]{2,8}\.?\s)?(?:19|20)\d{2}\))")


def _opens_with_source_numbers(line: str) -> bool:
    """Does a line open with a deep-research source list's numbers ("1 3 7 Title https://...")?"""
    return bool(_NUM_RUN.match(line)) and not _LOCATOR_PIECE.match(line)
_BULLET = re.compile(r"^\s*[-*+•]\s+(\S.*)$")
_GLUED_BULLET = re.compile(r"(?<=[.)\]])-\s+(?=[\[A-Z])")
_BOLD_NUMBER = re.compile(r"(?:\*\*|__)(\[?\d++(?:[.)\]]|\.\))?)(?:\*\*|__)")
# a venue, year and page or source numbers alone: the tail of the entry before, not an entry
# ("SIGGRAPH 2023 (Best Paper)": a note in parentheses after the year is part of the fragment)
_FRAGMENT = re.compile(
    r"^\s*+(?:[A-Z][\w\-&]*+\s++){0,2}(?:(?:19|20)\d{2}\s*+)?(?:\d{1,4}+[\s,;.\-–]*+){1,6}+$"
    r"|^\s*+(?:[A-Z][\w\-&]*+\s++){1,2}(?:19|20)\d{2}\s*+\([^()]{1,30}\)[\s\d,;.\-–]{0,40}$")
_RULE_LINE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")
_NOTE_ONLY = re.compile(r"^\s*\[[^\[\]]{0,80}\]\.?\s*$")  # "[Not cited but influential]."
_URL_ONLY = re.compile(r"^\s*(?:<)?https?://\S.*$", re.I)


@dataclass
class RefEntry:
    raw: str
    numbers: list[str] = field(default_factory=list)
    layout: str = "bracket"
    label: str | None = None  # the entry's printed citation label ("Xu et al., 2019"), when the list prints one


@dataclass
class SplitResult:
    entries: list[RefEntry] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (reason, text)
    warnings: list[str] = field(default_factory=list)


def _source_list_start(lines: list[str]) -> int | None:
    """Index of the line where a deep-research source list ("1 3 7 Title https://...") starts
    after another list under the same heading (a curated "1. Author (2024). Title." list
    first), or None. Evidence: a line opening with source numbers after a blank line, a URL on
    it or on one of the next two lines, most later lines of that kind, none before."""
    def is_source(i: int) -> bool:
        ln = lines[i].strip()
        return _opens_with_source_numbers(ln) and not _looks_like_sentence_number(ln) and any(
            URL_RE.search(x) for x in lines[i : i + 3]
        ) and not _DOT_NUM.match(ln)

    seen_text = False
    for i, ln in enumerate(lines):
        if not ln.strip():
            continue
        if seen_text and i > 0 and not lines[i - 1].strip() and is_source(i):
            if not any(_DOT_NUM.match(x) or _BULLET.match(x) or re.match(r"^\s*\[\d+\]", x) for x in lines[:i]):
                return None  # a note before the sources ("Detailed citation list omitted"), not a list
            # (a URL on a line of its own is a source's address, printed under its title: no start)
            starts = [j for j in range(i, len(lines))
                      if lines[j].strip() and (j == 0 or not lines[j - 1].strip()) and not _URL_ONLY.match(lines[j])]
            if sum(1 for j in starts if is_source(j)) >= 0.6 * len(starts):
                return i
            return None
        if is_source(i):
            return None  # the block opens with sources: one list
        seen_text = True
    return None


# converter debris inside a reference list: a table (HTML, or Markdown rows), an image, or a figure or
# table caption, set after the last entry or inside one at a page break ("... Jan Hajek, Laurentiu" /
# "Figure 6: Example layout predictions ..." / "<!-- image -->" / "Diaconu, Mai Thanh Minh, ...")
_LIST_DEBRIS = re.compile(
    r"\s*(?:<(?:html|body|table|tr|img)\b|\|.*\|\s*$|!\[[^\]]*\]\(|<!--\s*image\s*-->|(?:Table|Figure|Fig\.)\s?\d{1,2}[:.]\s"
    # a page's number printed between dashes ("- 102 -"), which reads as a bullet
    r"|[-–—]\s?\d{1,4}\s?[-–—]\s*$"
    # an HTML comment alone on its line (an R Markdown template's note before the list: "<!-- The following line ensures
    # the references appear here ... -->")
    r"|<!--[^>]{0,3000}-->\s*$"
    # a journal page's catalogue links after each entry, one a bullet (Frontiers captured: "- [Pubmed Abstract](...)",
    # "- [CrossRef](https://doi.org/...)", "- [Google Scholar](...)")
    r"|[-*+]\s+\[(?:Pub[Mm]ed(?: Abstract)?|Cross[Rr]ef|Google Scholar|Full Text|CAS|PMC free article)\]\(\S*\)\s*$)")


# a deep-research export's source group (ChatGPT via .docx and pandoc): the numbers that cite one page,
# each a link to a passage of it, then the page's title: "[\[14\]](https://...#:~:text=...) [\[49\]](...)
# Neural Networks - History", the page's URL on the next line ("<https://...>")
_LINK_TARGET = r"(?:[^()\s]|\([^()\s]*\))*"  # an address, one level of parentheses inside it (Wikipedia's)
_LINKED_NUMBER = rf"\[\\?\[(\d{{1,4}})\\?\]\]\({_LINK_TARGET}\)"
_LINKED_GROUP = re.compile(rf"^\s*(?:{_LINKED_NUMBER}\s*)+")
# inside an entry, after its text, a link to a web page: a citation of the report's source, not a label
# (marker's "- [\[27\]](#page-8-8) Y. Zhang, ..." labels its entry with a link to the page)
_CITED_SOURCE = re.compile(rf"(?<=[\w.)*,;:])\s?\[\\?\[\d{{1,4}}\\?\]\]\((?=https?://){_LINK_TARGET}\)")


def opens_source_group(line: str) -> bool:
    """Does ``line`` open a deep-research export's source group ("[\\[14\\]](https://...) [\\[49\\]](...) Neural
    Networks - History"): linked numbers, then the page's title?"""
    m = _LINKED_GROUP.match(line) if "](" in line else None
    return bool(m and line[m.end() :].strip())


# Perplexity's copied answer lists its sources one a line, the number linked to the address: "[1](https://vercel.com/docs)"
_LINKED_NUMBER_LINE = re.compile(r"^\s*\[(\d{1,4})\]\((https?://[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)\)\s*$")


def _unlink_source_group(line: str) -> str:
    """A source group's line as the source lists of other exports print it: "14 49 Neural Networks -
    History" (numbers, then the title), so one reader serves both; a source's linked number as a numbered
    list's entry ("[1] https://vercel.com/docs"); any other line as it is."""
    m = _LINKED_GROUP.match(line)
    if not m:
        if n := _LINKED_NUMBER_LINE.match(line):
            return f"[{n.group(1)}] {n.group(2)}"
        # a curated entry citing a source of the report ("... Neural Networks, 61, 85-117.[\[121\]](url)"):
        # the citation is no part of the entry, and its bracketed number would read as the entry's label
        return _CITED_SOURCE.sub("", line) if "](http" in line else line  # most lines link nothing
    numbers = re.findall(_LINKED_NUMBER, m.group(0))
    return " ".join(numbers) + " " + line[m.end() :].strip()


# the same source groups copied as text, their links lost: "[1] [2] [4] Towards a Science of Scaling Agent Systems" then
# the address on the next line -- a group of two numbers or more opening a line says so (a numbered list's entry opens
# with one label)
_BRACKET_GROUP = re.compile(r"^\s*+((?:\[\d{1,4}\]\s++)+)(?=\S)")


def _unbracket_source_groups(lines: list[str]) -> list[str]:
    """A list holding two such groups or more, and addresses: every line opening with bracketed numbers as the
    source lists of other exports print it ("1 2 4 Title"); else the lines as they are."""
    groups = [g for ln in lines if (g := _BRACKET_GROUP.match(ln))]
    if sum(1 for g in groups if g.group(1).count("[") >= 2) < 2 or not any(URL_RE.search(ln) for ln in lines):
        return lines
    return [" ".join(re.findall(r"\d+", g.group(1))) + " " + ln[g.end() :] if (g := _BRACKET_GROUP.match(ln)) else ln
            for ln in lines]


_TRAILING_LABEL = re.compile(r"\s*\[(\d{1,4})\]\s*$")
_LEADING_LABEL = re.compile(r"^\s*(?:[-*+•]\s+)?\[\d{1,4}\]")
_TRAILING_BARE = re.compile(r"(?<=[\].;,)a-z/])\s+(\d{1,4})\s*$")  # "... DOI: 10.2147/NDT.S19617] 2"
_TRAILING_NUMBER = re.compile(r"(?<=\S)\s+(\d{1,4})\s*$")  # any last number: "... 2016; 126 : 58"


def _labels_to_the_front(lines: list[str]) -> tuple[list[str], int]:
    """docling may move each IEEE entry's label to its end ("- T. Pinto, ..., pp. 313-324. [1]"), or a
    Baishideng entry's number from the margin, bare ("- Lépine JP , Briley M. Title. Neuropsychiatr Dis Treat
    2011; 7 : 3-7 [PMID: 21750622 DOI: ...] 2"): when most lines end with one, climbing 1, 2, 3, ... (bare
    numbers one by one: a page or volume ends many an entry), and none opens with one, each goes back to its
    line's front ("- [1] T. Pinto, ..."), where the list's splitting looks for it. Returns the lines and how
    many moved."""
    if any(_LEADING_LABEL.match(ln) for ln in lines):
        return lines, 0
    nonblank = sum(1 for ln in lines if ln.strip())
    for pattern, step in ((_TRAILING_LABEL, False), (_TRAILING_BARE, True)):
        ends = [(i, m) for i, ln in enumerate(lines) if (m := pattern.search(ln))]
        numbers = [int(m.group(1)) for _i, m in ends]
        climbing = sum(1 for a, b in zip(numbers, numbers[1:]) if (b == a + 1 if step else b > a))
        if len(ends) >= max(3, 0.6 * nonblank) and climbing >= 0.9 * (len(numbers) - 1):
            break
    else:
        return lines, 0
    if step:
        # a number the run misses, printed after a volume or pages ("Brain Res Bull 2016; 126 : 58", "279-279 88"):
        # the line's last number, when it is the one the run wants there
        strict = dict(ends)
        ends, last = [], 0
        for i, ln in enumerate(lines):
            m = strict.get(i) or _TRAILING_NUMBER.search(ln)
            if m and (i in strict or int(m.group(1)) == last + 1):
                ends.append((i, m))
                last = int(m.group(1))
    out = list(lines)
    for i, m in ends:
        ln = lines[i][: m.start()]
        b = re.match(r"^\s*[-*+•]\s+", ln)
        cut = b.end() if b else 0
        out[i] = f"{ln[:cut]}[{m.group(1)}] {ln[cut:].lstrip()}"
    return out, len(ends)


_ONE_CELL_ROW = re.compile(r"^\s*\|\s*([^|]{20,}?)\s*\|\s*$")


def _entry_in_a_table_row(line: str) -> str:
    """docling may set part of a list in a table of one column, an entry a row ("| Dantzig, George B, and
    John H Ramser. 1959. 'The truck dispatching problem.' ... |"): such a row is the entry's line; a row of
    a real table (several cells, or one cell opening no entry) stays debris."""
    m = _ONE_CELL_ROW.match(line) if line.lstrip().startswith("|") else None
    return m.group(1) if m and opens_entry(m.group(1)) else line


_BULLET_NUMBER = re.compile(r"^(\s*)[-*+•]\s+(\d{1,4})\s+(?=[^\W\d_])")


_BARE_BULLET_NUMBER = re.compile(r"^\s*[-*+•]\s+(\d{1,4})\s*$")


def _numbers_on_bullets_of_their_own(lines: list[str]) -> list[str]:
    """A journal page captured as Markdown (Frontiers) sets each number on a bullet of its own and the entry on the indented
    line after it ("- 1" / "\tApicellaP. (2007). Leading ..."), its catalogue links on bullets after that: when three or more
    such numbers climb one by one from 1, each is its entry's label ("[1] ApicellaP. (2007). ...")."""
    heads = [i for i, ln in enumerate(lines) if _BARE_BULLET_NUMBER.match(ln) and i + 1 < len(lines) and lines[i + 1][:1] in ("\t", " ")
             and lines[i + 1].strip()]
    numbers = [int(m.group(1)) for i in heads if (m := _BARE_BULLET_NUMBER.match(lines[i]))]
    if len(heads) < 3 or numbers[0] != 1 or sum(1 for a, b in zip(numbers, numbers[1:]) if b == a + 1) < 0.9 * (len(numbers) - 1):
        return lines
    out = list(lines)
    for i, n in zip(heads, numbers):
        out[i], out[i + 1] = f"[{n}] {lines[i + 1].strip()}", ""
    return out


def _bullet_numbers(lines: list[str]) -> list[str]:
    """docling prints The Lancet's list as bullets, each number bare after its bullet ("- 1 Ward S, Lloyd Jones
    M, ..."): when most lines open so, the numbers climbing one by one, they are the entries' labels ("[1] Ward
    S, ...") -- a bullet before a year or a count ("- 2023 report") climbs no such run."""
    heads = [(i, m) for i, ln in enumerate(lines) if (m := _BULLET_NUMBER.match(ln))]
    numbers = [int(m.group(2)) for _i, m in heads]
    nonblank = sum(1 for ln in lines if ln.strip())
    if len(heads) < max(3, 0.6 * nonblank) or numbers[0] != 1 or sum(
            1 for a, b in zip(numbers, numbers[1:]) if b == a + 1) < 0.9 * (len(numbers) - 1):
        return lines
    out = list(lines)
    for i, m in heads:
        out[i] = f"{m.group(1)}[{m.group(2)}] {lines[i][m.end():]}"
    return out


_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
# a cell opening with an inverted name, "Chen, X. and Tian, Y. Learning ..." (natbib's entries print no year there)
_CELL_ENTRY = re.compile(r"^(?:(?:van|von|de|der|den|da|del|dos|le|la) )*[A-ZÀ-Þ][\w'’\-]+(?: [A-ZÀ-Þ][\w'’\-]+)?, [A-ZÀ-Þ]")
_TABLE_RULE_ROW = re.compile(r"^\s*\|(?:\s*:?-{3,}:?\s*\|)+\s*$")


_LABEL_CELL = re.compile(r"^(?:\[\d{1,4}\]|\d{1,4}\.?)$")


def _table_columns_apart(lines: list[str]) -> list[str]:
    """docling may set a list's two-column page as a table, an entry a cell ("| Chen, X. and Tian, Y. Learning to
    ... 2019. | Hottung, A. and Tierney, K. Neural ... |"): when half its cells or more open entries, the cells
    are read column by column, the left column's entries before the right one's, as the page prints them; a table
    whose first column holds the labels ("| [7] | Altinkemer, K., ... |") is read a row a line."""
    if not any(ln.lstrip().startswith("|") for ln in lines):
        return lines
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _TABLE_ROW.match(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        j = i
        while j < len(lines) and _TABLE_ROW.match(lines[j]):
            j += 1
        rows = [[c.strip() for c in m.group(1).split("|")] for ln in lines[i:j]
                if not _TABLE_RULE_ROW.match(ln) and (m := _TABLE_ROW.match(ln))]
        width = max((len(r) for r in rows), default=0)
        cells = [c for r in rows for c in r if c]
        labelled = [r for r in rows if len(r) >= 2 and _LABEL_CELL.match(r[0])]
        if width >= 2 and len(labelled) >= 2 and all(_LABEL_CELL.match(r[0]) or not r[0] for r in rows):
            # a table of two columns, the labels and the entries ("| [7] | Altinkemer, K., Gavish, B., 1991. ... |"; a
            # row whose label cell is empty goes on with the entry before): each row an entry's line, its label first
            out.extend(" ".join(c for c in r if c) for r in rows)
        elif width >= 2 and len(rows) >= 2 and sum(1 for c in cells if _CELL_ENTRY.match(c) or opens_entry(c)) >= 0.5 * len(cells):
            out.extend(r[k] for k in range(width) for r in rows if k < len(r) and r[k])
        else:
            out.extend(lines[i:j])
        i = j
    return out


# a note's number printed as a superscript opening its line: Unicode ("¹ APS, "Le zellige de Tlemcen", Mai 2024.", "¹⁰ El
# Watan, ...") or HTML ("<sup>12</sup>M. Kjaergaard, ...", marker's conversion of an APS list; after a page break bulleted,
# "- <sup>27</sup>J. Lee, ...")
_SUPERSCRIPT_LABEL = re.compile(r"^\s*(?:[-*+•]\s+)?(?:<sup>\s?(\d{1,4}+)\s?</sup>|([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,4}+)(?=\s))\s*+(?=\S)")
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def superscript_labels(lines: list[str]) -> list[str]:
    """A list whose labels are superscript numbers (notes written in Markdown with Unicode superscripts, the text's
    "Maghreb¹" pointing at them; an AIP/APS list converted by marker): when three lines or more open so and their
    numbers climb from 1, most of them by one, each such label reads as "n. " (a number a line opens with alone, the
    superscript lost -- "4 J. J. Burnett, ..." -- too when it is the next number)."""
    found = [(i, int(m.group(1) or m.group(2).translate(_SUPERSCRIPT_DIGITS)), m.end())
             for i, ln in enumerate(lines) if (m := _SUPERSCRIPT_LABEL.match(ln))]
    if len(found) < 3 or found[0][1] != 1:
        return lines
    if sum(1 for a, b in zip(found, found[1:]) if b[1] == a[1] + 1) < 0.8 * (len(found) - 1):
        return lines
    out = list(lines)
    last = 0
    at = {i: (n, end) for i, n, end in found}
    for i, ln in enumerate(lines):
        if i in at and at[i][0] == last + 1:
            last, end = at[i]
            out[i] = f"{last}. {ln[end:]}"
        elif (m := _NODOT_LINE.match(ln)) and int(m.group(1)) == last + 1:
            last += 1
            out[i] = f"{last}. {ln[m.end():]}"
    return out


# an empty pair of brackets opening an entry, padded with (no-break) spaces: "[]\xa0\xa0\xa0\xa0Bailey, N., ... (2018),"
# -- pandoc's rendering of a Google Docs list item's marker
_EMPTY_MARK = re.compile(r"^\s*\[\][\s\xa0]+(?=\S)")
# a Google Docs comment printed after the list, its anchor first: "[[a]](#cmnt_ref1)Cite applicable ..."
_DOCS_COMMENT = re.compile(r"^\s*\[\[[a-z]{1,3}\]\]\(#cmnt")


def _empty_marks_as_bullets(lines: list[str]) -> list[str]:
    """A list whose entries each open with an empty "[]" (a Google Docs export converted by pandoc), three or more:
    each such line opens an entry, as a bullet does; the lines after it, wrapped, go on with it. A comment of the
    document's printed after the list ("[[a]](#cmnt_ref1)...") is no entry."""
    marks = sum(1 for ln in lines if _EMPTY_MARK.match(ln))
    if marks < 3 or marks < 0.5 * sum(1 for ln in lines if _BULLET.match(ln) or _EMPTY_MARK.match(ln)):
        return lines
    return ["" if _DOCS_COMMENT.match(ln) else f"- {ln[m.end():]}" if (m := _EMPTY_MARK.match(ln)) else ln for ln in lines]


def split_reference_lines(lines: list[str]) -> SplitResult:
    """Entries of a reference section given its lines (headings removed). One heading may hold
    two lists (a curated list, then the report's source list): each is split on its own."""
    head = "".join(lines[:400])
    if "<sup>" in head or any(c in head for c in "¹²³"):
        lines = superscript_labels(lines)
    lines = _empty_marks_as_bullets(lines)
    lines, moved = _labels_to_the_front(_bullet_numbers(_numbers_on_bullets_of_their_own(_table_columns_apart(lines))))
    res = _split_reference_lines(lines)
    if moved:
        res.warnings.append(f"{moved} entries print their number at their end ('... 2007. [5]'): read as their labels")
    return res


# an entry's label alone on its line, with its period: "1." (a web capture that prints every token on a line of its own)
_LABEL_ALONE = re.compile(r"^\s*(\d{1,4})\.\s*$")
_SPACE_BEFORE_MARK = re.compile(r"\s++(?=[,;:])")


def _one_token_a_line(lines: list[str]) -> list[str] | None:
    """A web capture of an OUP article page (Obsidian's Web Clipper) prints every token of an entry on a line of its own --
    "1.", "Sung", "H", ",", "Ferlay", ..., "2021", ";", "71" -- blank lines between: labels alone climbing 1, 2, 3, ... by
    one (five or more) and the lines between them pieces of a few characters each. Each label's lines are its entry, joined
    on one line; None for any other list."""
    at = [(i, int(m.group(1))) for i, ln in enumerate(lines) if (m := _LABEL_ALONE.match(ln))]
    if len(at) < 5 or at[0][1] != 1 or any(b != a + 1 for (_i, a), (_j, b) in zip(at, at[1:])):
        return None
    pieces = [ln.strip() for ln in lines[at[0][0] :] if ln.strip()]
    if len(pieces) < 5 * len(at) or sum(len(p) for p in pieces) > 8 * len(pieces):
        return None
    ends = [i for i, _n in at[1:]] + [len(lines)]
    out = lines[: at[0][0]]
    for (i, n), end in zip(at, ends):
        words = " ".join(ln.strip() for ln in lines[i + 1 : end] if ln.strip())
        out += [f"{n}. {_SPACE_BEFORE_MARK.sub('', words)}", ""]
    return out


# a Frontiers page captured as text keeps each entry's names with their separators lost: "BergerM.WagnerT. H.BakerL. C. (2005).",
# "Catalá-LópezF.HuttonB.et al (2017)." -- surnames glued to their initials, initials to the next surname, up to the year
_GLUED_NAME = r"(?:(?:van|von|de|der|den|du|da|del|di|le|la) )?+[A-ZÀ-Þ][a-zà-ÿ'’]++(?:[A-Z][a-zà-ÿ'’]++)?(?:[ \-](?:[a-z]{1,3} )?+[A-ZÀ-Þ][a-zà-ÿ'’]++)*+[A-Z]\.(?: ?[A-Z]\.)*+"
_GLUED_NAMES_HEAD = re.compile(rf"^(?:{_GLUED_NAME}){{2,60}}(?:et al\.?)?\s?\((?:19|20)\d{{2}}[a-z]?\)\.|^{_GLUED_NAME}\s?\((?:19|20)\d{{2}}[a-z]?\)\.")
_GLUE_BEFORE_INITIAL = re.compile(r"(?<=[a-zà-ÿ'’])(?=[A-Z]\.)")
_GLUE_AFTER_INITIAL = re.compile(r"(?<=[A-Z]\.)(?=[A-ZÀ-Þ][a-zà-ÿ'’]|et al|(?:van|von|de|der|den|du|da|del|di|le|la) [A-ZÀ-Þ])")


def _glued_names_apart(line: str) -> str:
    """The names of a Frontiers capture's entry set apart: "Berger M., Wagner T. H., Baker L. C. (2005)." (``_GLUED_NAMES_HEAD``)."""
    m = _GLUED_NAMES_HEAD.match(line)
    if not m:
        return line
    head = _GLUE_AFTER_INITIAL.sub(", ", _GLUE_BEFORE_INITIAL.sub(" ", m.group()))
    return head + line[m.end() :]


def _split_reference_lines(lines: list[str]) -> SplitResult:
    # "---" page separators of PDF transcriptions sit between (or inside) entries: a blank line
    lines = _unbracket_source_groups(["" if _RULE_LINE.match(ln) else _unlink_source_group(_entry_in_a_table_row(_cite_notes_off(ln)))
                                      for ln in lines])
    linked = _linked_line_entries(lines)
    if linked is not None:
        return linked
    tokens = _one_token_a_line(lines) if sum(1 for ln in lines if _LABEL_ALONE.match(ln)) >= 5 else None
    if tokens is not None:
        res = _split_reference_lines(tokens)
        res.warnings.append("entries printed one token a line (a web capture): each label's lines joined")
        return res
    # arXiv's HTML (LaTeXML) ends each entry with its back-references, "Cited by: §1 ," / "§C.3 ,": links, no part of it
    backrefs = [bool(_BACK_REFERENCES.match(ln)) for ln in lines]
    if any(backrefs):
        res = _split_reference_lines([ln for ln, b in zip(lines, backrefs) if not b])
        res.skipped.append(("back-references after the entries ('Cited by: §1')", f"{sum(backrefs)} lines"))
        return res
    nonblank = [ln.strip() for ln in lines if ln.strip()]
    iop = len(IOP_HEAD.findall(" ".join(nonblank))) if len(nonblank) >= 5 else 0
    if iop >= 10 and iop >= 0.5 * len(nonblank) and not any(_LEADING_LABEL.match(ln) for ln in nonblank):
        # IOP Publishing's entries ("Alley W M and Leake S A 2005 Title Groundwater 42 12-16"), a converter running
        # them together, their pages at lines' starts ("21 6167-83 Aksever F, ..."): no number labels any
        res = SplitResult()
        _from_unnumbered(lines, res)
        return res
    hung = _hanging_indent_entries(lines)
    if hung is not None:
        entries, furniture = hung
        res = SplitResult()
        if sum(1 for e in entries if _NUMBER_LABEL.match(e)) >= 0.3 * len(entries):
            res = _split_reference_lines([x for e in entries for x in (e, "")])  # numbered: the labels decide
        else:
            # one entry a margin line: a start the style finds inside one is a name of its author list
            _from_unnumbered(entries, res, bulleted=[True] * len(entries))
            res.warnings.append(f"{len(entries)} entries read from the list's hanging indent (layout-keeping text extraction)")
        res.skipped.extend(("page furniture beside a hanging-indent list", f) for f in furniture)
        return res
    # a justified PDF line's runs of spaces ("Ahadi,  R.,  Ketter,  W.,  2023.") are one space each; an initial whose
    # period the text kerned off ("Bai, Y ., Zhang, Y .-J., Zhao, P.") is the initial: else no author list opens there
    lines = [_JUSTIFIED.sub(" ", ln) if "  " in ln else ln for ln in lines]
    lines = [_KERNED_INITIAL.sub(r"\1.", ln) if " ." in ln else ln for ln in lines]
    # (a glued head always holds a lower-case letter before an initial, "BergerM.": lists with fewer than three such
    # lines are left before any head is matched)
    if sum(1 for ln in lines if ")." in ln and _GLUE_BEFORE_INITIAL.search(ln)) >= 3:
        glued = [_glued_names_apart(ln) if ")." in ln else ln for ln in lines]
        if sum(1 for a, b in zip(lines, glued) if a != b) >= 3:
            lines = glued
    # figures and tables set after the list (working papers end so): from a caption's label alone on its line
    # ("Figure 1", "Table A.4") the rest is no entry when next to none of its lines open one (looked for before a
    # caption inside the list is dropped: "Table 1: Differences between ..." may be the first of the tables after it)
    cut = _figures_after_the_list(lines)
    if cut is not None:
        res = _split_reference_lines(lines[:cut])
        res.skipped.append(("figures and tables after the reference list", " | ".join(x.strip() for x in lines[cut : cut + 3] if x.strip())))
        return res
    # a table, an image or a caption the converter set inside the list is no entry, nor part of one
    debris = [i for i, ln in enumerate(lines) if _LIST_DEBRIS.match(ln)]
    if debris:
        dropped = set(debris)
        res = _split_reference_lines([ln for i, ln in enumerate(lines) if i not in dropped])
        res.skipped.extend(("a table, an image or a caption inside the reference list", lines[i].strip()[:300]) for i in debris)
        return res
    # page numbers on lines of their own ("37") wherever they stand, in a list whose entries open with no number and
    # no bullet (see _page_number_lines)
    alone = _page_number_lines(lines, anywhere=True)
    if alone:
        res = _split_reference_lines(["" if i in alone else ln for i, ln in enumerate(lines)])
        res.skipped.extend(("a page number inside the reference list", lines[i].strip()) for i in sorted(alone))
        return res
    titled = next((i for i, ln in enumerate(lines) if _LIST_TITLE.match(ln) and any(x.strip() for x in lines[:i])
                   and any(x.strip() for x in lines[i + 1 :])), None)
    if titled is not None:  # "... curated entries ... / **Sources:** / 1. [nih.gov](https://...)"
        return _two_lists(lines[:titled], lines[titled + 1 :])
    cut = _source_list_start(lines)
    if cut is not None:
        return _two_lists(lines[:cut], lines[cut:])
    return _split_one(lines)


def _linked_line_entries(lines: list[str]) -> SplitResult | None:
    """pymupdf4llm links each line of an Elsevier entry to the entry's anchor ("[Dimara, Efthalia, Skuras, Dimitris, 2005.
    Consumer demand for informative labeling of](http://refhub.elsevier.com/...(18)30103-9/h0050)", the next line to the
    same address): one entry an address, its lines' words joined (a line the converter left unlinked opens an entry of
    its own when it opens like one, else goes on with the entry before). None when the list is not linked so."""
    if not any("](http" in ln for ln in lines[:50]):
        return None
    links = [_WHOLE_LINE_LINK.match(ln) for ln in lines]
    targets = [m.group(2) for m in links if m]
    if len(targets) < 6 or len(targets) < 0.7 * sum(1 for ln in lines if ln.strip()) or not (
            3 <= len(set(targets)) <= 0.8 * len(targets)):
        return None
    res = SplitResult()
    last_target: str | None = None
    for ln, m in zip(lines, links):
        if not ln.strip():
            continue
        text = m.group(1).strip() if m else ln.strip()
        if res.entries and (m.group(2) == last_target if m else not opens_entry(text)):
            res.entries[-1].raw += " " + text
        else:
            res.entries.append(RefEntry(raw=text, layout="author-year/linked-lines"))
        last_target = m.group(2) if m else None
    res.warnings.append(f"{len(res.entries)} entries read by the address linking each of their lines (an entry's anchor)")
    return res


_WHOLE_LINE_LINK = re.compile(r"^\s*\[((?:[^\[\]]|\[[^\[\]]*\])+)\]\((https?://[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)\)\s*$")


_BACK_REFERENCES = re.compile(
    r"^\s*(?:Cited by:\s*)?(?:(?:§\s?[A-Z]?[\d.]*\d|(?:item|Lemma|Corollary|Theorem|Proposition|Definition|Appendix|Remark|"
    r"Example|Assumption|Section|footnote)\s+[A-Z]?[\d.]*\w|\d+(?:st|nd|rd|th)\s+item)\s*[,.]?\s*)+$|^\s*Cited by:\s*$")
_INVERTED_SURNAME = r"(?:(?:van|von|de|der|den|da|del|dos|le|la) ){0,2}[A-ZÀ-Þ][\w'’\-]+(?: i [A-ZÀ-Þ][\w'’\-]+)?"
_INVERTED_NAME = rf"{_INVERTED_SURNAME}, [A-ZÀ-Þ][\w'’\-]+(?: [A-Z]\.?| [A-ZÀ-Þ][\w'’\-]+)*"
# (or one author alone, a given name in full and a middle initial: "Elman, Jeffrey L. Finding structure in time.")
_ALL_INVERTED = re.compile(rf"{_INVERTED_NAME}(?:,\s+(?:and\s+)?{_INVERTED_NAME}|\s+and\s+{_INVERTED_NAME})+\.\s"
                           rf"|{_INVERTED_SURNAME}, [A-ZÀ-Þ][a-zß-ÿ][\w'’\-]+ [A-Z]\.\s(?=[A-Z])")
_INITIAL_BEFORE = re.compile(r"\b[A-Z]\.\s*$")
_NATBIB_INITIALS = r"[A-ZÀ-Þ]\.(?: ?-?[A-ZÀ-Þ]\.)*"
_NATBIB_SURNAME = r"(?:(?:van|von|de|der|da|del|le|la) )?[^\W\d_][\w'’\-]*(?: [^\W\d_][\w'’\-]*)?"
_NATBIB_NAMES = re.compile(
    rf"(?:{_NATBIB_SURNAME}, {_NATBIB_INITIALS}(?:, and |, | and | & )){{0,60}}{_NATBIB_SURNAME}, {_NATBIB_INITIALS} "
    r"(?![A-ZÀ-Þ]\.)(?=[\"“\w])")
AUTHOR_LIST_GOES_ON = re.compile(r"(?:,|\band|&)\s*$")
_NUMBER_LABEL = re.compile(r"^(?:\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}\.?\s)")


def _hanging_indent_entries(lines: list[str]) -> tuple[list[str], list[str]] | None:
    """A layout-keeping text extraction (``pdftotext -layout``) prints a list's hanging indent: each entry's
    first line at the margin, its other lines indented a few spaces (after a page break too). When the list
    shows it -- five entries or more, most of them wrapped, most margin lines opening an entry (read with
    their indented lines) and an indented line, read from where it starts, doing so far more rarely -- each
    margin line and the indented lines after it are one entry. Lines indented far (a page number centred
    under the text) are page furniture. Returns the entries and the furniture, or None."""
    groups: list[list[str]] = []  # the lines of each candidate entry
    furniture: list[str] = []
    hanging = 0
    for ln in lines:
        ln = ln.lstrip("\f")  # a page break's form feed opens the page's first line
        if not ln.strip():
            continue
        width = len(ln) - len(ln.lstrip(" \t"))
        if width == 0:
            groups.append([ln.strip()])
        elif width <= 6 and groups:
            groups[-1].append(ln.strip())
            hanging += 1
        elif width <= 6:
            return None  # the list opens indented: no hanging indent
        else:
            furniture.append(ln.strip())
    if len(groups) < 5 or 2 * hanging < len(groups) or len(furniture) * 5 > len(groups):
        return None
    opened = sum(_opens_entry_at(" ".join(g)) for g in groups) / len(groups)
    # (an indented line after a line ending in a comma or "and" goes on with an author list: no entry opens there)
    tails = [" ".join(g[q:]) for g in groups for q in range(1, len(g)) if not AUTHOR_LIST_GOES_ON.search(g[q - 1])]
    if opened < 0.6 or sum(_opens_entry_at(x) for x in tails) > 0.5 * opened * len(tails):
        return None
    # (a line opening with punctuation goes on the word before it: "Improved rea-" / "soning, ocr" joined)
    return ["".join(x if k == 0 or x[:1] in ",.;:" else " " + x for k, x in enumerate(g)) for g in groups], furniture


# (or with its title after a colon, "Table 1: Differences between Initial and Final Vintage Inflation Rates": a
# working paper's tables after its list)
_CAPTION_LABEL_LINE = re.compile(r"^\s*(?:Figure|Fig\.|Table|Exhibit)\s+[A-Z]?\.?\d{1,2}(?:\.\d{1,2})?\s*(?:\(continued\))?\s*(?::\s+\S.*)?$", re.I)


def _figures_after_the_list(lines: list[str]) -> int | None:
    """Where a list's figures and tables begin: a caption's label alone on its line (or before the caption's
    title and a colon) after ten lines of entries at least, the lines after it opening almost no entry (one in
    ten at most), with names or a number label ("- [14] Nicolas Carion, ..." after docling's "Figure 6: Example
    layout predictions ..." inside the list)."""
    for i, ln in enumerate(lines):
        if not _CAPTION_LABEL_LINE.match(ln):
            continue
        before = [x for x in lines[:i] if x.strip()]
        after = [x.strip() for x in lines[i + 1 :] if x.strip()]
        if len(before) >= 10 and 10 * sum(1 for x in after if _opens_entry(x, 0) or _NUMBER_OPENS.match(x)) <= len(after):
            return i
        return None
    return None


_NUMBER_OPENS = re.compile(r"^\s*(?:[-*+•]\s+)?(?:\[\d{1,4}\]|\d{1,4}[.)]?\s+[^\W\d_])")


# a list's own title on a line of its own inside the reference section (Gemini Deep Research: the
# report's curated entries, then "**Sources:**" and the numbered sources its "[cite: n]" point at)
_LIST_TITLE = re.compile(
    r"^\s*(?:\*\*|__)?(?:sources|works cited|references|bibliography|citations)\s*:?\s*(?:\*\*|__)?\s*:?\s*$", re.I)
# Gemini's note of the source an entry came from, before and after it: "[cite: 35] Neuroscience News. (2024).
# ... [cite: 35]": the one after is dropped; the one before opens the entry's line, and reads as its bullet
_CITE_NOTE_AFTER = re.compile(r"\s*\[cite:\s*[\d,\s]+\]\s*$")
_CITE_NOTE_BEFORE = re.compile(r"^\s*\[cite:\s*[\d,\s]+\]\s*")


_JUSTIFIED = re.compile(r"(?<=\S)[ \t]{2,}(?=\S)")
_KERNED_INITIAL = re.compile(r"(?<![^\s.\-])([A-Z]) \.(?=[,\-]|\s|$)")


def _cite_notes_off(line: str) -> str:
    line = _CITE_NOTE_AFTER.sub("", line)
    return _CITE_NOTE_BEFORE.sub("- ", line) if line.strip() else line


def _two_lists(head_lines: list[str], tail_lines: list[str]) -> SplitResult:
    """A curated list, then the numbered sources the text's numbers point at, under one heading."""
    head, tail = _split_one(head_lines), _split_one(tail_lines)
    tail_numbers = {n for e in tail.entries for n in e.numbers}
    for e in head.entries:
        if set(e.numbers) & tail_numbers:
            e.numbers, e.layout = [], "curated"  # the text cites the sources' numbers
    res = SplitResult(head.entries + tail.entries, head.skipped + tail.skipped, head.warnings + tail.warnings)
    res.warnings.append(
        f"two lists under one reference heading: {len(head.entries)} listed entries, then "
        f"{len(tail.entries)} numbered sources (the text's numbers point at the sources)"
    )
    return res


# an author-year entry's year right after its names, before any quote (IEEE prints the year last, after
# a quoted title): "Li, J., Wang, D., & Zhang, J. (2018).", "Bai, Ruibin, and Xinan Chen. 2021."
_YEAR_AFTER_NAMES = re.compile(r"^[^'\"“‘]{3,400}?(?:\(\s*(?:19|20)\d{2}[a-z]?\)|[.,]\s(?:19|20)\d{2}[a-z]?\.\s)")


def _entries_before(text: str) -> bool:
    """Does ``text``, the list up to a first label or bullet, already hold an unnumbered list's entries
    (over 300 characters, three years or more)?"""
    return len(text) > 300 and len(_YEAR_ANY.findall(text)) >= 3


def _after_unnumbered_entries(joined: str, starts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """No labels when the first one comes only after an unnumbered list's entries: "[200] [400]" of an
    appendix's plot, the "1. How practitioners ..." questions of a survey instrument printed after the
    list -- the list itself is not numbered."""
    return [] if starts and _entries_before(joined[: starts[0][0]]) else starts


# a number label a PDF's kerning set apart, as it sets words apart ("Drug de vel opment"): "27 . Hanley JA, ...",
# "2 4. Pantziarka P , ..." read as "27." and "24." (a capital opens the entry after it)
_SPACED_LABEL = re.compile(r"^(\s*)(\d{1,2})(?: (\d{1,2}))?( ?)\.(?=\s+[A-ZÀ-Þ])")


def _spaced_label_mended(line: str) -> str:
    m = _SPACED_LABEL.match(line)
    if m is None or (m.group(3) is None and not m.group(4)):
        return line
    return f"{m.group(1)}{m.group(2)}{m.group(3) or ''}.{line[m.end():]}"


def _one_line_paragraphs(lines: list[str]) -> bool:
    """Is each of five or more lines of text a paragraph of its own (a blank line after nine in ten)?"""
    text_at = [i for i, ln in enumerate(lines) if ln.strip()]
    closed = sum(1 for i in text_at if i + 1 == len(lines) or not lines[i + 1].strip())
    return len(text_at) >= 5 and closed >= 0.9 * len(text_at)


# a label of another shape than the list's "N. " ones: a superscript ("^{64} Paterson, I.A.; ..."), a bulleted parenthesis
# ("- (65) Sader-Mazbar, O.; ...") or bracket -- a converter's rendering switching mid-list
_OTHER_LABEL = re.compile(r"^\s*(?:[-*+•]\s+)?(?:\$?\^\{(\d{1,4})\}\$?|\((\d{1,4})\)|\[(\d{1,4})\])\s*(?=\S)")


def _labels_of_one_shape(lines: list[str]) -> list[str]:
    """A dotted list ("63. Nam, M.H.; ...") whose converter printed a run of its labels in another shape ("^{64} ...",
    "- (65) ...", ..., "- (90) ...", then "91. ..." again): where such a label carries the number after the last one,
    the numbering running on, it is the list's label -- written as the others are."""
    dotted = sum(1 for ln in lines if _DOT_NUM.match(ln))
    if dotted < 10:
        return lines
    out: list[str] = []
    last: int | None = None
    for ln in lines:
        if m := _DOT_NUM.match(ln):
            last = int(m.group(1))
        elif last is not None and (o := _OTHER_LABEL.match(ln)) and int(o.group(1) or o.group(2) or o.group(3)) == last + 1:
            last += 1
            ln = f"{last}. {ln[o.end() :]}"
        out.append(ln)
    return out


def _split_one(lines: list[str]) -> SplitResult:
    res = SplitResult()
    lines = _labels_of_one_shape([_spaced_label_mended(ln) for ln in lines])
    nonblank = [ln.strip() for ln in lines if ln.strip()]
    if not nonblank:
        return res
    labels = [_label_opening(ln) for ln in nonblank]
    labelled = [lab for lab in labels if lab is not None and lab.label]
    if len(labelled) >= 3 and (len(labelled) >= 0.6 * len(nonblank) or _wrapped_label_list(labels)):
        # a PDF's text glues a label to the entry before's last line ("Media, 2010.[Pooladian et al. , 2023 ]Aram"):
        # in a list the labels key, such a label opens an entry as one at a line's start does
        nonblank = [part for ln in nonblank for part in _GLUED_LABEL.split(ln)]
        _from_labels(nonblank, [_label_opening(ln) for ln in nonblank], res)
        return res
    joined = _BOLD_NUMBER.sub(r"\1", " ".join(nonblank))  # "**1.** Smith" -> "1. Smith"
    starts = _after_unnumbered_entries(joined, _bracket_starts(joined))
    if starts and joined == " ".join(nonblank):
        starts = _labels_out_of_order(nonblank, starts)
    if len(starts) >= 2 or (len(starts) == 1 and starts[0][0] < 3):
        _from_bracket(joined, starts, res)
        return res
    # (the sequence-driven split too: it finds a label with no space after it and holds no issue number,
    # "2011,108 (2) 12060", that continues the numbering by chance; the longer reading wins)
    parens = max(_bracket_starts(joined, _PAREN), _dot_starts(joined, _PAREN_ANY), key=len)
    if len(parens) >= 2 and len(parens) >= 0.5 * sum(1 for ln in nonblank if _PAREN_ANY.match(ln)) > 0:
        _from_starts(joined, parens, res, layout="paren")
        return res
    dots = _after_unnumbered_entries(joined, _dot_starts(joined))
    line_dots = sum(1 for ln in nonblank if _DOT_NUM.match(ln))
    if dots and not line_dots and joined == " ".join(nonblank) and _one_line_paragraphs(lines):
        # each entry a paragraph of one line, none opening with a number (nor a bold one, "**1.** Elliott DM"): the
        # numbers the sequence found end entries
        # ("... *Harvard Business Review* 1." / "Abbasi A, Parsons J, ... (2024) ..."; INFORMS' page or volume), no labels
        dots = []
    if line_dots >= 3 and len(dots) < line_dots and joined == " ".join(nonblank):
        shuffled = _after_unnumbered_entries(joined, _line_number_permutation(nonblank))
        if shuffled:
            _from_starts(joined, shuffled, res, layout="ordered")
            return res
    if len(dots) >= 3 or (len(dots) >= 1 and line_dots == len(dots)):
        _from_starts(joined, dots, res, layout="ordered")
        return res
    # a source list ("1 3 7 Title https://..."): lines opening with numbers, several of them or most --
    # one wrapped line "1 others. 2023. Efficiently ..." (ACL's "and 1 others") in a list with a URL is none
    num_lines = sum(1 for ln in nonblank if _opens_with_source_numbers(ln))
    if num_lines and _numbered_lines_not_sources(nonblank, joined):
        num_lines = 0
    if num_lines and num_lines < 0.5 * len(nonblank) and _one_source_a_line(nonblank):
        # nor a few sources a line whose titles open with a number, among sources whose titles open with none
        _from_source_lines(nonblank, res)
        return res
    bullets = [b.group(1) for ln in nonblank if (b := _BULLET.match(ln))]
    unbulleted_lines = [ln for ln in nonblank if not _BULLET.match(ln)]
    listing_at = _listing_after_the_list(nonblank) if bullets and not num_lines else None
    first_bullet = next((k for k, ln in enumerate(nonblank) if _BULLET.match(ln)), None)
    if first_bullet is not None and _entries_before(" ".join(nonblank[:first_bullet])) and 2 * sum(
            _opens_entry(b, 0) or bool(_NATBIB_NAMES.match(b)) for b in bullets) < len(bullets):
        # bullets only after an unbulleted list's entries, and no author list after most of them (a survey
        # instrument's options printed after the list): the list is not bulleted (ICML's natbib names, the year
        # last, "- Li, J., ..., and Wen, J. Halueval: ...", are an author list)
        bullets = []
    if listing_at is not None:
        # a series listing printed after an unbulleted list (the World Bank's "WPS2214 Trade Policy ...
        # October 1999"): its bullets open no entry as the list's paragraphs do -- text after the list
        res.skipped.append(("a listing after the reference list, not entries", " | ".join(nonblank[listing_at : listing_at + 2])))
        cut = next(i for i, ln in enumerate(lines) if ln.strip() == nonblank[listing_at])
        _from_unnumbered(lines[:cut], res)
        return res
    if not num_lines and bullets and len(bullets) < len(nonblank) and (
            (len(bullets) >= 3 and sum(_opens_entry(x, 0) and bool(_YEAR_AFTER_NAMES.match(x)) for x in bullets)
             >= 0.8 * len(bullets))
            # a few bullets in an author-year list whose entries are mostly not bulleted
            # (or ICML's natbib entries, the year last: "Lee, H., ..., and Rastogi, A. Rlaif: Scaling ... 2023b." /
            # "- Li, J., ..., and Wen, J. Halueval: ... In EMNLP, 2023a.", one entry a paragraph, a few of them bulleted)
            or (3 * len(bullets) <= len(nonblank) and sum((_opens_entry(x, 0) and bool(_YEAR_AFTER_NAMES.match(x))) or bool(_NATBIB_NAMES.match(x))
                                                         for x in unbulleted_lines) >= 0.5 * len(unbulleted_lines))):
        # an author-year list printed as bullets, with some entries not bulleted (docling): "- Li, J., ... (2018).
        # Title." / "Pessoa, A., ... (2018). Title." -- one list whose entries the author lists find, bullet or not
        # (bullets glued to the entry before: "... 489 545. - Fan, C., ..." opens a line of its own; a lone
        # "-" left at a line's end after the period, "... 489 545. -", is a bullet's, not a word's hyphen)
        pieces = [(part, bool(_BULLET.match(part)) or k > 0) for ln in lines
                  for k, part in enumerate(_GLUED_BULLET.split(re.sub(r"(?<=[.)])\s+-\s*$", "", ln)))]
        _from_unnumbered([_BULLET.sub(r"\1", part) for part, _b in pieces], res,
                         bulleted=[b for part, b in pieces if part.strip()])
        return res
    # (one bullet in a thousand lines -- a "+" of an appendix's formula after the list -- makes no bulleted list)
    if ((num_lines >= 3 or num_lines >= 0.5 * len(nonblank)) and num_lines and URL_RE.search(joined)) or (
            bullets and (len(bullets) >= 3 or 4 * len(bullets) >= len(nonblank))):
        _from_lines(lines, res)
        return res
    # "1 Smith AB, ... 2004;83:1-9. doi:..." one entry a line, numbered without a dot: the line
    # starts climbing 1, 2, 3, ... decide (a DOI before the number hides the sentence end)
    line_starts = _nodot_line_starts(nonblank) if joined == " ".join(nonblank) else []
    if len(line_starts) >= 3:
        _from_starts(joined, line_starts, res, layout="ordered-nodot")
        return res
    nodots = _dot_starts(joined, _NODOT_ANY)
    if len(nodots) >= 3 and nodots[0][0] == 0:  # "1 A. Smith, ... 2020. 2 B. Lee, ...": 1, 2, 3 at least
        _from_starts(joined, nodots, res, layout="ordered-nodot")
        return res
    if _one_source_a_line(nonblank):
        _from_source_lines(nonblank, res)
        return res
    heads = [ln for ln in nonblank if _BOLD_HEAD.match(ln)]
    if len(heads) >= 5 and len(heads) >= 0.3 * len(nonblank) and sum(bool(_BOLD_HEAD_YEAR.match(h)) for h in heads) >= 0.6 * len(heads):
        _from_bold_heads(nonblank, res)
        return res
    _from_unnumbered(lines, res)
    return res


# a web source list pasted as plain text, its numbers lost (Gemini's "Works cited": "Title - Site, accessed May 3, 2025,
# https://..."): each line a source, closed by a comma and its address (an author-year entry ends ". https://doi.org/...";
# a Markdown link's address sits in parentheses, "[Caffe](http://caffe.berkeleyvision.org/)")
ADDRESS_END = re.compile(r",\s<?https?://\S+\s*$")  # "... - MDPI, https://www.mdpi.com/2504-4990/1/1/21"
# (a ResearchGate page's title opens with its file's kind: "(PDF) Packet Dispersion Techniques ... - ResearchGate, accessed ...")
_SOURCE_LINE = re.compile(r"^(?!\[\d)(?:\((?:PDF|DOCX?|PPTX?)\)\s)?[^\d\s\-*+•(].*" + ADDRESS_END.pattern)


# ... whose title may open with a number ("4 Cable TV Networks Are Shutting Down in August 2025 - YouTube, accessed September
# 17, 2025, https://...", "17 Biggest AI Controversies of 2025 ..."): a source still, among lines most of which open with none
_NUMBER_TITLED_SOURCE = re.compile(r"^\d.*" + ADDRESS_END.pattern)


def _one_source_a_line(nonblank: list[str]) -> bool:
    """Five lines or more, each a source closed by its address or an address alone, the sources nine lines in ten (a few
    of them, one in five at most, titled with a number first)."""
    is_source = [bool(_SOURCE_LINE.match(ln)) for ln in nonblank]
    titled = [not s and bool(_NUMBER_TITLED_SOURCE.match(ln)) for s, ln in zip(is_source, nonblank)]
    if sum(titled) <= 0.2 * len(nonblank):
        is_source = [s or t for s, t in zip(is_source, titled)]
    sources = sum(is_source)
    return sources >= 5 and sources >= 0.9 * len(nonblank) - 1 and all(s or _URL_ONLY.match(ln) for s, ln in zip(is_source, nonblank))


def _from_source_lines(nonblank: list[str], res: SplitResult) -> None:
    """One entry a line, numbered by its place (the report numbered its list 1, 2, 3, ... and cites those numbers; the
    paste lost them); an address alone on its line is the source's before it (a document's own link after the list)."""
    for ln in nonblank:
        if _URL_ONLY.match(ln) and res.entries:
            res.entries[-1].raw += " " + ln
        else:
            res.entries.append(RefEntry(raw=ln, numbers=[str(len(res.entries) + 1)], layout="source-unnumbered"))


# AEA journals print each entry's author list in bold ("**Allcott, Hunt.** 2011a. “Rethinking ...”"); in a
# PDF's text the entries' lines wrap without a blank line, the title's words in no bold: a bold line opens
# an entry, whatever the author list's length (it may wrap: "**Carraro, Carlo, ..., Robert Stavins,**")
_BOLD_HEAD = re.compile(r"^\*\*(?:[A-ZÀ-Þ]|[—–-]{2,})")
_BOLD_HEAD_YEAR = re.compile(r"^\*\*[^*]{2,400}\*\*\s*\[?(?:(?:19|20)\d{2}[a-z]?|n\.\s?d\.|forthcoming)\b")
_GLUED_BOLD_HEAD = re.compile(r"(?<=\.)\s++(?=\*\*[A-ZÀ-Þ][^*]{1,400}\*\*\s*+(?:19|20)\d{2}[a-z]?\.)")
# a bold line holding an author list not closed by its period: the names go on in the next bold line
_OPEN_BOLD_NAMES = re.compile(r"^\*\*[^*]+(?<![.*])\*\*\s*$")
# a page's running head in italics with its page number ("*28* *AMERICAN ECONOMIC JOURNAL: ECONOMIC POLICY*
# *NOVEMBER 2019*"); its "-----" rule was blanked before (_RULE_LINE)
_PAGE_FURNITURE = re.compile(r"^(?:\*[^*\n]+\*\s*){2,}$")


def _from_bold_heads(nonblank: list[str], res: SplitResult) -> None:
    """One entry from each bold line up to the next (see ``_BOLD_HEAD``); a bold line holding nothing but
    an author list not closed by its period ("**Kossoy, ..., Nicolai Prytz, Alyssa Gilbert, Noemie**") goes
    on in the next bold line ("**Klein, Long Lam, and Lindee Wong.** 2015."), which opens no entry."""
    current: list[str] = []
    names_open = False
    # an entry glued to the one before at a page break, its bold names after the period ("... 46(4): 661-80. **Gyourko,
    # Joseph, Albert Saiz, and Anita Summers.** 2008. “A New Measure ...”"), opens a line of its own
    nonblank = [part for ln in nonblank for part in _GLUED_BOLD_HEAD.split(ln)]
    for ln in nonblank:
        if (_PAGE_FURNITURE.match(ln) and re.search(r"\d", ln)) or ln.startswith("---"):
            res.skipped.append(("page furniture inside the reference list", ln))
        elif _BOLD_HEAD.match(ln) and not names_open:
            if current:
                res.entries.append(RefEntry(raw=" ".join(current), layout="author-year/bold-authors"))
            current = [ln]
            names_open = bool(_OPEN_BOLD_NAMES.match(ln))
        elif current:
            current.append(ln)
            names_open = names_open and bool(_OPEN_BOLD_NAMES.match(ln))
        else:
            res.skipped.append(("text before the first reference entry", ln))
    if current:
        res.entries.append(RefEntry(raw=" ".join(current), layout="author-year/bold-authors"))


def _listing_after_the_list(nonblank: list[str]) -> int | None:
    """Where a run of bullets that closes an unbulleted list begins, when the list's lines open entries
    (half of them at least: page numbers and figures sit between) and the bullets almost never do."""
    first = next(i for i, ln in enumerate(nonblank) if _BULLET.match(ln))
    tail = nonblank[first:]
    if first < 3 or len(tail) < 3 or not all(_BULLET.match(ln) for ln in tail):
        return None
    head_opens = sum(_opens_entry(ln, 0) for ln in nonblank[:first])
    tail_opens = sum(_opens_entry(_BULLET.sub(r"\1", ln), 0) for ln in tail)
    return first if head_opens >= 0.5 * first and tail_opens <= 0.2 * len(tail) else None


def _line_number_permutation(nonblank: list[str]) -> list[tuple[int, int]]:
    """(position, number) of "n. ..." line starts printed out of order ("5.", "7.", "6.", "8.":
    a converter reading two columns swaps neighbours) when the numbers are exactly 1..N, each
    once: the list's own numbering vouches for every entry, so each such line opens one. Or every line, five or more, opens
    with its number and the numbers climb with gaps (an agent's report keeps the numbers of its sources, printing only those it
    cited: "1.", "3.", "6.", "7."): each line is an entry too. Else []."""
    out: list[tuple[int, int]] = []
    pos = 0
    for ln in nonblank:
        m = _DOT_NUM.match(ln)
        if m:
            out.append((pos, int(m.group(1))))
        pos += len(ln) + 1
    numbers = sorted(n for _p, n in out)
    if len(out) >= 5 and len(out) == len(nonblank) and all(a < b for (_p, a), (_q, b) in zip(out, out[1:])):
        return out
    return out if numbers == list(range(1, len(out) + 1)) else []


# a list keyed by its own citation labels (IJCAI / alpha styles): "[Xu et al., 2019] K. Xu, et al. Title."
# (a PDF's text extraction leaves a space before the comma and the bracket: "[Alaya et al. , 2019 ]Mokhtar Z Alaya";
# a converter may lose the year, "[Krizhevsky et al., ] Krizhevsky, A., ...": still the label opening an entry)
_LABEL_START = re.compile(r"^\[([^\[\]]{2,100}?(?:,?\s(?:19|20)\d{2}[a-z]?\s?|,\s))\]\s*(?=\S)")
_GLUED_LABEL = re.compile(r"(?<=\.)(?=\[[^\[\]]{2,100}?,?\s(?:19|20)\d{2}[a-z]?\s?\]\s*\S)")
# an agent's list keyed by linked labels, the first author's full name and the date (DeepScholar-bench's generator):
# "[[Woosuk Kwon' 2023-09-12](http://arxiv.org/abs/2309.06180v1)] Efficient Memory Management for ..." -- the
# text cites the same linked label; the label's name and year are the key, the link stays with the entry's text
_LINKED_LABEL_START = re.compile(r"^\[\[([^\[\]]{2,100}?)'?\s((?:19|20)\d{2})(?:-\d{2}){0,2}\]\((https?://[^\s()]+)\)\]\s*(?=\S)")
# arXiv's HTML prints a natbib list's labels on lines of their own, the entry on the next line ("Blattmann et al.
# [2023]" / "Andreas Blattmann, Robin Rombach, ..."); an entry natbib gives no name prints its number alone ("[1]")
# (or glued to the entry's first author, the year in parentheses: "Aberman et al. (2020)Kfir Aberman, ...", "(1)" alone)
_LABEL_LINE = re.compile(r"^([^\W\d_][^\[\]]{0,100}?)\s\[((?:19|20)\d{2}[a-z]?)\]$")
_GLUED_PAREN_LABEL = re.compile(r"^([^\W\d_][^()\[\]]{0,100}?)\s\(((?:19|20)\d{2}[a-z]?)\)(?=[^\W\d_])")
_NUMBER_LABEL_LINE = re.compile(r"^(?:\[\d{1,4}\]|\(\d{1,4}\))$")


@dataclass
class _Label:
    label: str | None  # the key the label prints ("Xu et al., 2019"); None for a number alone
    text: str  # what of the line follows the label: the entry's text


def _label_opening(line: str) -> _Label | None:
    """The citation label a list's line opens with (see ``_LABEL_START`` and its kin), else None."""
    if m := _LABEL_START.match(line):
        return _Label(re.sub(r"\s+(?=[,.])", "", m.group(1)).strip().rstrip(","), line[m.end() :].strip())
    if m := _LINKED_LABEL_START.match(line):
        return _Label(f"{m.group(1).strip()}, {m.group(2)}", f"{line[m.end() :].strip()} {m.group(3)}")
    if m := _LABEL_LINE.match(line):
        return _Label(f"{m.group(1).strip()}, {m.group(2)}", "")
    if m := _GLUED_PAREN_LABEL.match(line):
        return _Label(f"{m.group(1).strip()}, {m.group(2)}", line[m.end() :].strip())
    return _Label(None, "") if _NUMBER_LABEL_LINE.match(line) else None


def _wrapped_label_list(labels: list[_Label | None]) -> bool:
    """A keyed list whose entries wrap over several lines (a PDF's text, arXiv's label lines): the first line opens
    with a label, a label opens one line in eight at least, and the labels run in alphabetical order (a keyed
    list is sorted by its authors; nine in ten neighbours in order) -- a line of another list opening so by
    chance does not make one."""
    keys = [lab.label.lower() for lab in labels if lab is not None and lab.label]
    named = sum(1 for lab in labels if lab is not None)
    if labels[0] is None or len(keys) < 5 or 8 * named < len(labels):
        return False
    return alphabetical([k[0] for k in keys])


def alphabetical(initials: list[str]) -> bool:
    """Do the names' first letters run in alphabetical order, nine neighbours in ten (a list sorted by its authors,
    where a corporate author or a misread name may stand out)?"""
    return sum(a <= b for a, b in zip(initials, initials[1:])) >= 0.9 * (len(initials) - 1)


def _from_labels(nonblank: list[str], labels: list[_Label | None], res: SplitResult) -> None:
    """One entry per label: a line opening with one ("[Label, 2019]", "Label [2019]" alone) starts one,
    other lines go on with the entry before. The label is kept in front of the entry's text only as its
    key (``RefEntry.label``); the text parsed is what follows it."""
    current: RefEntry | None = None
    opened_by = ""  # the line that opened the current entry
    for ln, lab in zip(nonblank, labels):
        if lab is not None:
            if current is not None and not current.raw and current.label is None:
                # a number alone with no text before the next label ("(1)" / "Aberman et al. (2020)Kfir ..."): arXiv
                # numbers the list's first item, no entry of its own
                res.entries.pop()
                res.skipped.append(("a number alone before the list's first label", opened_by))
            current = RefEntry(raw=lab.text, layout="label", label=lab.label)
            opened_by = ln
            res.entries.append(current)
        elif current is not None:
            current.raw = f"{current.raw} {ln}".strip()
        else:
            res.skipped.append(("text before the first reference entry", ln))


# (the number may be glued to the first initial: an RSC list's "1R.J. Spontak and N.P.Pate, ..."; a Chinese list's
# names open with a Han character, or a nationality in parentheses before them: "2 曹爱军, 杨平. ...", "1 (美)保罗·A·萨缪尔森.")
_NODOT_LINE = re.compile(r"^(\d{1,4}+)(?:\s++|(?=[A-ZÀ-Þ]\.))(?=[\"“'‘A-ZÀ-Þ]|[(（]?[\u3400-\u9fff])")


def _numbered_lines_not_sources(nonblank: list[str], joined: str) -> bool:
    """Do the lines opening with numbers open a list's entries, numbered 1, 2, 3, ... without a dot, rather than a
    deep-research report's sources ("1 3 7 Title https://...")? So when those numbers climb by one from 1
    (``_nodot_line_starts``) and fewer than half of the entries they open print an address: a GB/T 7714 list (Chinese
    journals) "1 曹爱军, 杨平. 公共文化服务的理论与实践 [M]. 北京: 科学出版社, 2011: 23." holds a few web sources
    ("14 ...[EB/OL]. [2014-12-23]. http://...") among its books and articles; a source list prints one a source."""
    if joined != " ".join(nonblank):
        return False
    starts = _nodot_line_starts(nonblank)
    if len(starts) < 3:
        return False
    ends = [p for p, _n in starts[1:]] + [len(joined)]
    with_url = sum(1 for (p, _n), e in zip(starts, ends) if URL_RE.search(joined, p, e))
    return 2 * with_url < len(starts)


def _nodot_line_starts(nonblank: list[str]) -> list[tuple[int, int]]:
    """(position in the lines joined by spaces, number) of lines opening "n Capital..." when those
    numbers run 1, 2, 3, ... without a gap over at least 60% of the lines; else []."""
    out: list[tuple[int, int]] = []
    pos = 0
    for ln in nonblank:
        m = _NODOT_LINE.match(ln)
        if m and int(m.group(1)) == (out[-1][1] + 1 if out else 1):
            out.append((pos, int(m.group(1))))
        elif m and out:
            return []  # a number out of sequence at a line start: not this layout
        pos += len(ln) + 1
    return out if len(out) >= 0.6 * len(nonblank) else []


# ---- [n] entries ----------------------------------------------------------------------------


def _bracket_starts(text: str, pattern: re.Pattern[str] = _BRACKET) -> list[tuple[int, int]]:
    """(position, number) of the ``[n]`` markers that continue the numbering sequence."""
    out: list[tuple[int, int]] = []
    last = 0
    # (a link's "[n](...)" is no number)
    found = [m for m in pattern.finditer(text) if text[m.end() : m.end() + 1] != "("]
    for k, m in enumerate(found):
        n = int(m.group(1))
        if not out:
            # (the list may open past its first labels, lost with a page: "[15] T. Ozawa, ..." at its very start,
            # "[16]", "[17]" next)
            opens_late = m.start() <= 3 and n <= 30 and [int(x.group(1)) for x in found[k + 1 : k + 3]] == [n + 1, n + 2]
            if (n > 3 and not opens_late) or text[: m.start()].count(" ") > 40:
                continue
        elif m.start() - out[-1][0] < len(m.group(0)) + 2:
            continue
        elif not (last < n <= last + 10) and not (
                # a longer gap (a converter dropped a page's labels, "[37] ..." then "[56] ...") when the numbers
                # after it run on from it: [57], [58] next
                n > last and [int(x.group(1)) for x in found[k + 1 : k + 3]] == [n + 1, n + 2]):
            continue
        out.append((m.start(), n))
        last = n
    return out


def _labels_out_of_order(nonblank: list[str], starts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``starts`` and the labels that open a line of their own ("- [105] A. E. Gutierrez-Rodriguez, ...")
    though out of the numbering's order (a converter moved a column's entry): a line's label is the
    converter's entry, whatever its place, when its number is printed nowhere else as a label."""
    taken = {n for _p, n in starts}
    top = max(taken)
    extra: list[tuple[int, int]] = []
    pos = 0
    for ln in nonblank:
        m = _LINE_LABEL.match(ln)
        if m and int(m.group(1)) not in taken and int(m.group(1)) <= top + 10:
            extra.append((pos + m.start(1) - 1, int(m.group(1))))
            taken.add(int(m.group(1)))
        pos += len(ln) + 1
    return sorted(starts + extra) if extra else starts


_LINE_LABEL = re.compile(r"^(?:[-*+•]\s+)?\[(\d{1,4})\]\s+\S")


def _from_bracket(text: str, starts: list[tuple[int, int]], res: SplitResult) -> None:
    _from_starts(text, starts, res, layout="bracket")


def _from_starts(text: str, starts: list[tuple[int, int]], res: SplitResult, *, layout: str) -> None:
    head = text[: starts[0][0]].strip().strip("-*+•").strip() if starts else ""  # "- [1] ...": a bullet, no text
    if head:
        res.skipped.append(("text before the first numbered reference", head))
    expected = None
    printed = {n for _p, n in starts}  # (a list printed out of order has its "missing" numbers later)
    for i, (pos, n) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        m = {"bracket": _BRACKET, "paren": _PAREN_ANY, "ordered-nodot": _NODOT_STRIP}.get(layout, _DOT_ANY).match(text, pos)
        # "- [1] Title" bullets: the next entry's bullet is not part of this one
        body = text[m.end() if m else pos : end].lstrip(":").strip().rstrip("-*+• ").strip()
        if expected is not None and n > expected and not printed.issuperset(range(expected, n)):
            if not _restore_lost_numbers(res, expected, n, layout):
                res.warnings.append(f"reference numbers {expected}..{n - 1} missing from the list")
        expected = n + 1
        res.entries.append(RefEntry(raw=body, numbers=[str(n)], layout=layout))


# where one complete entry ends inside another's text: its year or page range closing a sentence
# ("..., 2024. Z. Gan, and ...", "pp. 13 293–13 302. “A moving ...")
# (or biblatex's one page or article number after the year: "(2013), p. 20130020. Karen M Bussard", "Elife 4 (2015), e10559.")
_ENTRY_CUT = re.compile(r"(?<![\w.])(?:(?:19|20)\d{2}[a-z]?|\d{1,6}\s?[–-]\s?\d{1,6}(?:\s\d{3})?|(?<=\bp\.\s)\d{1,8}|(?<=\),\s)[a-z]?\d{1,8})"
                        r"\.\s+(?=\S)")
YEAR_IN = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")  # a year anywhere, digits apart


def _restore_lost_numbers(res: SplitResult, first_missing: int, next_number: int, layout: str) -> bool:
    """Numbers ``first_missing..next_number-1`` are missing and the entry before them holds the
    missing entries: a PDF conversion lost their "[n]" at a page break and glued each to the entry
    before. The numbering vouches for how many entries are inside; they are cut where a complete
    entry ends (a year or a page range closing a sentence, with a year on both sides), and only
    when the text offers exactly that many such places. Returns whether the entry was cut."""
    k = next_number - first_missing
    # (a page's worth of labels may go: "[37] ..." then eighteen unlabelled entries, then "[56] ...")
    if not res.entries or k > 30 or res.entries[-1].numbers != [str(first_missing - 1)]:
        return False
    body = res.entries[-1].raw
    if URL_RE.search(body):
        # a web source list with gaps (a report lists only the sources it kept) is not a
        # bibliography that lost numbers at page breaks: its gaps stay gaps
        return False
    # (the lost entry may keep only its tail: "cine. 2019;46:27-29." is still one of the list's entries)
    cuts = [c.end() for c in _ENTRY_CUT.finditer(body)
            if YEAR_IN.search(body, 0, c.end()) and YEAR_IN.search(body, c.end()) and len(body) - c.end() >= 15]
    if len(cuts) != k:
        return False
    parts = [body[a:b].strip() for a, b in zip([0, *cuts], [*cuts, len(body)])]
    if any(len(x) < 15 for x in parts):
        return False
    res.entries[-1].raw = parts[0]
    for j, part in enumerate(parts[1:]):
        res.entries.append(RefEntry(raw=part, numbers=[str(first_missing + j)], layout=layout))
    res.warnings.append(
        f"reference number{'s' if k > 1 else ''} {first_missing}"
        f"{f'..{next_number - 1}' if k > 1 else ''} lost in conversion: cut from the entry before")
    return True


# ---- "n. Title" ordered lists ------------------------------------------------------------------


# any "digits. " / "digits) ": the candidates of the sequence-driven split below
_DOT_ANY = re.compile(r"(\d++)[.)]\s++(?=\S)")
# "1 A. Smith, Title, 2020. 2 B. Lee, ..." -- numbers without a dot, after a sentence end
_NODOT_ANY = re.compile(r"(?:(?<=[.;]\s)|^)(\d{1,4}+)(?:\s++|(?=[A-ZÀ-Þ]\.))(?=[\"“'‘A-ZÀ-Þ])")
_NODOT_STRIP = re.compile(r"\d++(?:\s++|(?=[A-ZÀ-Þ]\.))")
# (or a surname's lower-case particle before its capital: PMC's "- 1. den Houting J. Neurodiversity: ..." opens its list)
_STRONG_AFTER = re.compile(r"[\"“'‘A-ZÀ-Þ\[(*_\\]|(?:van|von|de|der|den|du|da|del|di|dos|le|la) [A-ZÀ-Þ]")


@dataclass
class _Cand:
    start: int  # where the match begins
    digits: int  # where its digit run begins
    run: str
    spaced: bool  # a space (or the text start) before the digits
    after_ok: bool  # a capital, quote or bracket after "n. "
    after_end: bool  # the previous entry ended with "." / ";" / ")" before the space


def _candidates(text: str, pattern: re.Pattern[str]) -> list[_Cand]:
    out = []
    for m in pattern.finditer(text):
        st = m.start()  # the label's start: its digits, or the bracket before them ("(12) Smith")
        spaced = st == 0 or text[st - 1].isspace()
        out.append(_Cand(st, m.start(1), m.group(1), spaced, bool(_STRONG_AFTER.match(text, m.end())),
                         st == 0 or (spaced and text[max(0, st - 2) : st - 1] in (".", ";", ")", "]"))))
    return out


_YEAR_RUN = re.compile(r"(?:19|20)\d{2}")


def _fits(c: _Cand, want: str) -> tuple[int, int] | None:
    """(position where entry ``want`` opens, strength of the evidence) or None."""
    if (c.run == want or (c.run[:1] == "0" and c.run.lstrip("0") == want)) and c.spaced:  # "08." for 8
        return c.start, 2 + c.after_ok + c.after_end
    # (a run that is a year alone, "2024. Updated", is the year, not "202" glued to number 4; a bracketed
    # label, "(16)", holds its whole number: never 6 glued to a 1)
    if c.run.endswith(want) and c.after_ok and not _YEAR_RUN.fullmatch(c.run) and c.start == c.digits:
        # glued: "CVPR3." (run "3" after a letter) or "202323." (run "202323")
        return c.digits + len(c.run) - len(want), 1
    return None


def _glued_to_year(c: _Cand, want: str) -> bool:
    """The run is a year with number ``want`` glued after it: "202382" for 82 after "..., 2023"."""
    return c.start == c.digits and len(c.run) == 4 + len(want) and c.run.endswith(want) and bool(_YEAR_RUN.fullmatch(c.run[:4]))


def _lost_before(cands: list[_Cand], j: int, want: str, nxt: str) -> bool:
    """Number ``want`` is lost when entry ``nxt`` opens plainly at ``cands[j]`` and ``want`` is not
    printed on its own (after a space) before the entry after ``nxt`` (a bounded look ahead)."""
    after = str(int(nxt) + 1)
    for c in cands[j + 1 : j + 200]:
        if c.run == want and c.spaced:
            return False
        if _fits(c, after) is not None:
            return True
    return True


_LATE_OPENING = 400  # characters: how far into the list its first number printed may open it
_LATE_RUN = 5  # numbers climbing one by one from there, each before a capital, say the list goes on from it


def _opens_past_its_first_numbers(cands: list[_Cand]) -> tuple[int, tuple[int, int] | None]:
    """A dotted list whose first entries a page took ("... Food Res Int 77:349–359 6. Cardoso LDM, ..." under the
    heading, entries 1 to 5 lost with the page before): it opens at the first number, 30 at most, near its start,
    that the next numbers follow one by one, each printed alone before a capital. (index after it, (position,
    number)) or (0, None)."""
    for k, c in enumerate(cands):
        if c.start > _LATE_OPENING:
            break
        n = int(c.run)
        if not (2 <= n <= 30 and c.spaced and c.after_ok):
            continue
        want, j = n + 1, k + 1
        while j < len(cands) and j < k + 10 * _LATE_RUN and want < n + _LATE_RUN:
            if cands[j].run == str(want) and cands[j].spaced and cands[j].after_ok:
                want += 1
            j += 1
        if want == n + _LATE_RUN:
            return k + 1, (c.start, n)
    return 0, None


def _dot_starts(text: str, pattern: re.Pattern[str] = _DOT_ANY) -> list[tuple[int, int]]:
    """``n.`` openings continuing the sequence exactly (1., 2., 3., ...): one entry a line or
    several a line, as PDF conversions print numbered bibliographies.

    The list's own evidence decides: only the next number of the sequence opens an entry. PDF
    conversion glues that number to the end of the previous entry ("In: CVPR3. Ali W.",
    "... 202323. Hong S", "arXiv:20050992712. Bojarski"), so a digit run that *ends with* the
    expected number opens an entry when a capital (or quote, bracket) follows; after a space the
    exact number opens it whatever follows (an entry may start in lower case: "12. van der Berg").
    When the expected number occurs several times before the one after it ("Top-5 results on 3.
    datasets, 2021. 3. C. Kim"), the strongest occurrence opens the entry: after a sentence end,
    before a capital. Each candidate is looked at a bounded number of times (linear)."""
    cands = _candidates(text, pattern)
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(cands) and not out:
        c = cands[i]
        i += 1
        n = int(c.run)
        if n in (0, 1) and c.start < 200 and c.spaced and (c.after_ok or c.start == 0):
            out.append((c.start, n))
    if not out:
        i, first = _opens_past_its_first_numbers(cands)
        if first is None:
            return out
        out.append(first)
    while i < len(cands):
        want, nxt = str(out[-1][1] + 1), str(out[-1][1] + 2)
        best: tuple[int, int, int] | None = None  # (strength, -position, index)
        j = i
        lost: int | None = None
        # the wanted number glued to a year with a lower-case word after it, "arXiv:2303.17760, 202382. al. e T.
        # Auto-GPT" (an OCR's "et al."): the entry when the number after it comes next
        weak: int | None = None
        while j < len(cands):
            c = cands[j]
            if (best is not None or weak is not None) and _fits(c, nxt) is not None:
                break  # the entry after the wanted one: the window ends
            if weak is None and best is None and _glued_to_year(c, want):
                weak = j
            if best is None and (g := _fits(c, nxt)) is not None and g[1] == 4 and _lost_before(cands, j, want, nxt):
                lost = j  # "2019;25(1):44-56. cine. 2019;46:27-29. 4. Lee T": entry 3 lost its number
                break
            f = _fits(c, want)
            if f is not None and (best is None or f[1] > best[0]):
                best = (f[1], f[0], j)
            j += 1
        if lost is not None:
            out.append((cands[lost].start, int(nxt)))
            i = lost + 1
            continue
        if best is None and weak is not None:
            c = cands[weak]
            out.append((c.digits + len(c.run) - len(want), int(want)))  # where the number opens, as _fits places it
            i = weak + 1
            continue
        if best is None:
            # the wanted number is nowhere (a page break took "3." with the start of entry 3): the
            # list goes on at the number after it when that opens an entry as plainly as can be
            # -- at a line or sentence end, before a capital (_restore_lost_numbers then looks for
            # the lost entry inside the one before); within the next candidates only (linear)
            skip = str(out[-1][1] + 2)
            found = next((c for c in cands[i : i + 200] if (f := _fits(c, skip)) is not None and f[1] == 4), None)
            if found is None:
                break
            out.append((found.start, int(skip)))
            i = cands.index(found, i) + 1
            continue
        out.append((best[1], int(want)))
        i = best[2] + 1
    return out


# ---- deep-research sources and bullets ----------------------------------------------------------


def _from_lines(lines: list[str], res: SplitResult) -> None:
    """Bullets line by line; numbered sources as one stream cut after each URL, so an entry may
    be wrapped over any number of lines and one line may hold several entries."""
    current: RefEntry | None = None
    prev_blank = True
    stream: list[str] = []
    first = len(res.entries)
    # how the list's bullets open: a paragraph of its own that opens the same way (AEA's bold author
    # list, "**Becker, Howard S.** , ...", or an author list the bullets' entries open with) is an entry
    # whose bullet the converter lost, not a source stream's text (where it was dropped)
    bulleted = [b.group(1).strip() for ln in lines if (b := _BULLET.match(ln.strip()))]
    bold_opens = len(bulleted) >= 3 and sum(x.startswith("**") for x in bulleted) >= 0.8 * len(bulleted)
    # docling numbers a few items of a bulleted list ("3. Anthropic. Claude 3.7 sonnet system card. ..." between
    # "- P. Aggarwal, ..." and "- Anthropic. System card: ..."; "13. xAI. Grok 4."): such a line opens an item of the
    # list when the entry before is closed and the numbered lines are fewer than the bullets (the number is the converter's)
    numbered_items = len(bulleted) >= 3 and sum(1 for ln in lines if _DOT_NUM.match(ln)) < len(bulleted)

    @functools.cache
    def bullets_open_with_authors() -> bool:
        # asked only when an unbulleted paragraph comes (most bulleted lists have none): every bullet is read
        return len(bulleted) >= 3 and sum(_opens_entry(x, 0) for x in bulleted) >= 0.8 * len(bulleted)

    def flush() -> None:
        nonlocal current
        if stream:
            current = _from_source_stream(_stream_segments(stream), res, current)
            stream.clear()

    for line in lines:
        ln = line.strip()
        if not ln:
            prev_blank = True
            continue
        b = _BULLET.match(ln)
        if b and current is not None and current.layout == "bullet" and not stream and _AUTHORS_LEFT_OPEN.search(current.raw):
            # "- Roberts, Hal, ..., Benkler, Yochai, &" then "- Zuckerman, Ethan. 2021. Media Cloud ...": a page
            # broke the author list and the converter bulleted its rest -- one entry
            current.raw += " " + b.group(1).strip()
            prev_blank = False
            continue
        if b:
            flush()
            # bullets glued on one line by the export: "... 2024. 73 82.- Li et al., BLIP-2 ..."
            for piece in _GLUED_BULLET.split(b.group(1).strip()):
                if current is not None and _FRAGMENT.match(piece):
                    # "- ICCV 2023 34 35": a venue and page numbers cut from the entry before, not an entry
                    res.skipped.append(("a venue or page fragment between entries, not an entry", piece))
                    continue
                if _NOTE_ONLY.match(piece):
                    res.skipped.append(("a note in the list, not a reference", piece))
                    continue
                current = RefEntry(raw=piece.strip(), layout="bullet")
                res.entries.append(current)
        elif numbered_items and current is not None and current.layout == "bullet" and not stream and (
                d := _DOT_NUM.match(ln)) and _SENTENCE_CLOSED.search(current.raw):
            current = RefEntry(raw=d.group(2), layout="bullet")
            res.entries.append(current)
        elif current is not None and current.layout == "bullet" and not stream and (
            not prev_blank or _URL_ONLY.match(ln)
        ):
            current.raw += " " + ln
        elif bold_opens and current is not None and current.layout == "bullet" and not stream and re.fullmatch(r"\d{1,3}", ln):
            # "24" between two bulleted entries: the page's number, which would open a source stream
            res.skipped.append(("a page number between entries, not an entry", ln))
            continue
        elif (current is None or current.layout == "bullet") and not stream and (
                (bold_opens and ln.startswith("**")) or (bullets_open_with_authors() and _opens_entry(ln, 0))):
            current = RefEntry(raw=ln, layout="bullet")
            res.entries.append(current)
        else:
            stream.append(ln)
        prev_blank = False
    flush()
    _torn_bullets_joined(res, first)


# an entry that stops inside its author list: a comma, "&" or "and" last, no year printed yet
_AUTHORS_LEFT_OPEN = re.compile(r"^(?!.*(?:19|20)\d{2}).{3,}(?:,|&|\band)\s*$")
_NUMBERS_ONLY = re.compile(r"^\s*\d{1,3}(?:\s+\d{1,3})*\s*$")


def _join_wrapped_number_runs(lines: list[str]) -> list[str]:
    """A run of source numbers wrapped onto the next line ("4 5 ... 66 67" / "69 70 71 Title
    https://...") is one run: a line of numbers only is joined to the line after it, so none of
    its numbers is lost."""
    out: list[str] = []
    carry = ""
    for ln in lines:
        if _NUMBERS_ONLY.match(ln) and not _looks_like_sentence_number(ln):
            carry = f"{carry} {ln.strip()}".strip()
            continue
        out.append(f"{carry} {ln.strip()}".strip() if carry else ln)
        carry = ""
    if carry:
        out.append(carry)
    return out


def _stream_segments(lines: list[str]) -> list[str]:
    """Entries' text: cut after each URL, and before a line opening with source numbers unless
    the text since the last URL is a numbered source still waiting for its URL (a wrapped title)."""
    segs: list[str] = []
    buf = ""
    lines = _join_wrapped_number_runs(lines)
    for ln in lines:
        if buf and _NUM_RUN.match(ln) and not _looks_like_sentence_number(ln):
            ends = [u.end() for u in URL_RE.finditer(buf)]
            tail = buf[ends[-1] :].strip() if ends else buf.strip()
            if not tail or not _NUM_RUN.match(tail):
                segs.extend(_url_segments(buf))
                buf = ln
                continue
        buf = f"{buf} {ln}" if buf else ln
    segs.extend(_url_segments(buf))
    return segs


def _from_source_stream(segments: list[str], res: SplitResult, current: RefEntry | None) -> RefEntry | None:
    for seg in segments:
        run = _NUM_RUN.match(seg)
        if run and not _looks_like_sentence_number(seg):
            current = RefEntry(raw=seg[run.end() :].strip(), numbers=run.group(1).split(), layout="source")
            res.entries.append(current)
        elif current is not None and current.layout == "source" and not URL_RE.search(current.raw):
            current.raw += " " + seg  # the title went on, or its URL came after a blank line
        elif current is not None and current.layout in ("bullet", "source") and _URL_ONLY.match(seg) and (
                current.layout == "bullet" or _same_address(seg, current.raw)):
            # a source's address under it, where its title was the address already ("17 https://a" / "<https://a>")
            current.raw += " " + seg
        elif URL_RE.search(seg) and res.entries:
            # A source whose numbers were lost in conversion: kept, but it has no number.
            current = RefEntry(raw=seg, layout="source-unnumbered")
            res.entries.append(current)
            res.warnings.append(f"source without a number kept as an unnumbered entry: {seg[:80]}")
        elif not res.entries:
            res.skipped.append(("text before the first reference entry", seg))
        else:
            res.skipped.append(("text between reference entries", seg))
    return current


def _same_address(url_line: str, entry: str) -> bool:
    """Is the URL on ``url_line`` the last one ``entry`` prints (angle brackets aside)?"""
    urls = [u.group(0).strip("<>") for u in URL_RE.finditer(entry)]
    m = URL_RE.search(url_line)
    return bool(urls and m and m.group(0).strip("<>") == urls[-1])


def _url_segments(text: str) -> list[str]:
    """``text`` cut just after each URL: "1 4 Title https://a 9 Other https://b" -> two parts."""
    out: list[str] = []
    pos = 0
    for u in URL_RE.finditer(text):
        out.append(text[pos : u.end()])
        pos = u.end()
    out.append(text[pos:])
    return [x.strip() for x in out if x.strip()]


def _looks_like_sentence_number(line: str) -> bool:
    # "2021 results show ..." -- a year opening prose is not a list of source numbers
    m = re.match(r"^\s*(\d+)", line)
    return bool(m and len(m.group(1)) == 4)


# ---- unnumbered author-year lists ----------------------------------------------------------------

_YEAR_AFTER_AUTHORS = re.compile(r"\.\s+(?:(?:19|20)\d{2}[a-z]?|n\.\s?d)\.\s")
# entries glued by PDF conversion ("arXiv:2208.11981 [cs].Mengnan Du, ..."): no space at the boundary
# (a Vancouver-style head, a surname with bare initials: "England JL, Lucent D", "Studier FW, Moffatt BA. 1986.")
_BARE_INITIALS_HEAD = r"[A-ZÀ-ÖØ-Þ][a-zà-ÿ]+(?:-\s?[A-ZÀ-ÖØ-Þ][a-zà-ÿ]+)? [A-Z]{1,3}(?:,\s|\.\s(?:19|20)\d\d)"
# ... or after a DOI whose last character is a letter: "https://doi.org/10.1021/jp991425eStudier FW, Moffatt BA."
# (only after a DOI: elsewhere a lower-case letter before a capital is inside a name, "MacArthur RH")
_GLUED_AFTER_DOI = re.compile(rf"(?:doi\.org/|\b(?:doi|DOI):\s?)10\.\d{{4,9}}/[^\s,;]*?[a-z](?={_BARE_INITIALS_HEAD})")
_SUFFIXED_YEAR_END = re.compile(r"(?<!\d)(?:19|20)\d{2}[a-z]$")  # "... 2022b.Yue Zhang": glued after "2022b"
# (a hyphenated first name the converter spaced: "[cs].Chih- Kuan Yeh")
# (or a page's number the text extraction glued to the entry after its footer: "... 104511 14Kalof, L., Dietz, T.")
_GLUED_BOUNDARY = re.compile(r"(?<=[\].])(?=[A-ZÀ-ÖØ-Þ][a-zà-ÿ]+(?:-\s?[A-ZÀ-ÖØ-Þ][a-zà-ÿ]+)?[\s,])"
                             r"|(?:(?<=\s\d)|(?<=\s\d\d)|(?<=\s\d\d\d))(?=[A-ZÀ-ÖØ-Þ][a-zà-ÿ]+, [A-Z]\.)"
                             # (or eLife's list run together after each entry's PubMed id: "... PMID: 26923443England JL, Lucent D,
                             # Pande VS. 2008." -- a surname with its bare initials after the id's last digit)
                             rf"|(?<=\d)(?={_BARE_INITIALS_HEAD})")
# an entry whose authors are printed in lower case ("yann lecun, yoshua bengio, and ..."), after an entry end
_LOWER_BOUNDARY = re.compile(r"(?<=\.)\s+(?=[a-zà-ÿ][a-zà-ÿ'’\-]+\s[a-zà-ÿ])")
# an author known by a handle in lower case, one word before the year: "emoZilla. 2023.", "kaiokendev. 2023."
_HANDLE_BOUNDARY = re.compile(r"(?<=\.)\s+(?=[a-z][\w\-@]{2,30}\.\s(?:19|20)\d{2}[a-z]?\.\s)")
_LONE_INITIAL = re.compile(r"[A-Z]\.\s+(?=[A-Z][a-z])")
_YEAR_LAST = re.compile(r",\s(?:19|20)\d{2}[a-z]?\.(?:\s|$)")
_NLM_YEAR = re.compile(r"\.\s(?:19|20)\d{2}[a-z]?;\s?\d")  # "Venue. 2009; 28:83–90."
# capitals of Latin Extended-A/B too: "Željko Agic and Ivan Vulic. 2019." opens an entry at "Ž"
_SENT_BOUNDARY = re.compile(rf"(?:(?<=[.?!])|(?<=\.\))|(?<=[a-z0-9/]))\s+(?=[{CAPITALS}])")
# a Markdown link closing an entry's URL ("URL [https://...](https://...Paper-Conference.pdf) Ke Yi, Yansen Wang"):
# the link's ")" follows neither a period nor a letter
_LINK_BOUNDARY = re.compile(rf"\]\((?:https?://|www\.)[^\s()]*\)\s+(?=[{CAPITALS}])")
# a PMC author manuscript's entries close with their PubMed id ("... 2009; 28:83–90. [PubMed: 19210021] Adler NE, ..."):
# the bracket follows no period
_PUBMED_BOUNDARY = re.compile(rf"\[PubMed:\s?\d{{1,9}}\]\s+(?=[{CAPITALS}])")
# the same authors as the entry before (Chicago's "———. 2023b.", the dash perhaps lost: ". 2023b.") run on after
# that entry's last period: "... https://doi.org/10.3390/risks11090166. . 2023b. “Correlation Pitfalls ...”"
# (the dash printed, any title follows: "———. 2023b. *terra: ...*", its emphasis read as spaces)
_GLUED_REPEAT = re.compile(r"(?<=\.)\s+(?=[-–—_]{2,}+\.?\s?(?:19|20)\d{2}[a-z]?\.\s|\.\s?(?:19|20)\d{2}[a-z]?\.\s[“\"‘*_A-Z])"
                           # (or its period lost too, after an address: "... ssrn.4490396. 2023b. “To ChatGPT or Not ...”")
                           r"|(?:https?://|\b10\.\d{4,9}/)\S*+(?<=\.)\s+(?=(?:19|20)\d{2}[a-z]?\.\s[“\"‘])")
# a DOI closing an entry, the next entry run on after it ("...(92)90079-Q Bonanno, G. A. (2005).") -- its last
# character may be a capital; the line break may have cut it after "10" ("http://dx.doi.org/10" / ".1111/j.0963-...")
_DOI_BOUNDARY = re.compile(rf"(?:(?<=\b10)|(?<!\S))\.\d{{4,9}}/\S+\s+(?=[{CAPITALS}])")


# a year as the list prints it after the authors ("Li, Q., 2020.", "(2020)"), not one inside a DOI or URL
_YEAR_THEN_QUOTE = re.compile(r"(?<!\d)(?:19|20)\d{2}[a-z]?\.\s[\"“]")
_PRINTED_YEAR = re.compile(r"(?<![\w./\-])(?:(?:19|20)\d{2}[a-z]?(?![\w/])|n\.\s?d\.)")


def _from_unnumbered(lines: list[str], res: SplitResult, *, bulleted: list[bool] | None = None) -> None:
    """Entries of an unnumbered list, found by its author lists. ``bulleted`` (one flag per non-blank
    line) marks the lines a bullet opened: the converter saw an entry start there, so a start the style
    finds inside such a line, or inside the author list it leaves open before its year, is no entry
    ("Mariken AC G van der | Velden. 2022." is a name of that list)."""
    lines, bulleted = _page_numbers_off(lines, bulleted, res)
    paragraphs: list[str] = []
    buf: list[str] = []
    for ln in lines + [""]:
        if ln.strip():
            buf.append(ln.strip())
        elif buf:
            paragraphs.append(" ".join(buf))
            buf = []
    if _capital_head_paragraphs(lines, paragraphs):
        _from_paragraphs(paragraphs, res)
        return
    text = " ".join(paragraphs)
    line_starts: list[int] = []  # where each physical line begins in ``text`` (lines joined by one space)
    pos = 0
    for ln in lines:
        if ln.strip():
            line_starts.append(pos)
            pos += len(ln.strip()) + 1
    counted = mend_ocr_years(text)
    n_acl = len(_YEAR_AFTER_AUTHORS.findall(counted))
    n_last = len(_YEAR_LAST.findall(counted))
    n_quote = len(re.findall(r"[\"“][^\"“”]{8,}[,.]?[\"”]", counted))
    n_apa = len(_APA_YEAR.findall(counted))
    # (given names in full, "Allcott, Hunt, Mullainathan, Sendhil, 2010b.", counted where lines open with them)
    n_els = len(_ELSEVIER_YEAR.findall(counted)) + sum(1 for p in line_starts if INVERTED_FULL_NAMES_YEAR.match(counted, p))
    n_iop = len(IOP_HEAD.findall(counted))
    # NLM / PubMed Central's years after the venue, before the volume ("Health Psychol. 2009; 28:83–90."), are read as
    # year-last entries are (by the sentence before their names): a PMC author manuscript prints no other year, and a few
    # quoted words in its titles ("“Fundamental causes” of ...") must not make it a quoted list
    n_nlm = len(_NLM_YEAR.findall(counted))
    style = max((n_acl, "acl"), (n_quote, "quoted"), (n_last + n_nlm, "year-last"), (n_apa, "apa"))[1]
    if style == "quoted" and n_acl >= n_quote and len(_YEAR_THEN_QUOTE.findall(counted)) >= 0.8 * n_quote:
        style = "acl"  # Chicago's author-date: "Ramsey, Paul. 2010. “PostGIS-Tips for Power Users.”" -- the quotes follow the year
    if n_iop >= 5 and n_iop > max(n_acl, n_quote, n_last, n_apa):
        style = "iop"  # IOP Publishing's entries hold no period: their heads alone part them
    # every Elsevier year is also a "year-last" one: most of them being Elsevier's decides
    if n_els and n_els >= max(n_acl, n_quote, n_apa) and n_els >= 0.8 * n_last:
        style = "elsevier"
    # entry starts are found on a copy whose torn diacritics ("G¨otze", "M¨ucke, N.") read as a
    # letter, so the names still look like names; the entries are cut from the text as printed
    # (a word torn around its accent, "Mozeti´ c", reads whole; an accent left after punctuation or "and"
    # as a space, "Dyer.´ 2022.", "Casanova,´ Adriana"; any other as a letter: "Mateusz´ Kochanek", "Mc-´ Cann")
    probe = mend_torn_words(text, pad="e")
    if any(c in text for c in TORN_DIACRITICS):
        probe = _TORN_LEFT.sub(" ", _TORN_BEFORE_INITIAL.sub("ee, ", probe)).translate(_TORN_DIACRITICS)
    probe = mend_ocr_years(probe)  # "Akinci, B., ..., Park, K.,20o6." has its year (same length)
    probe = _GLYPH_IN_NAME.sub("e", probe)
    # an OCR's stray tilde before APA's ellipsis of left-out names: "Groom, M., ~ … Christiansen, H. (2020)."
    # (read as the ellipsis "..." of the same length)
    probe = _TILDE_BEFORE_ELLIPSIS.sub(lambda m: "." * len(m.group()), probe)
    probe = _LIGATURE_APART.sub("e", probe)
    probe = _EMPHASIS_EDGE.sub(lambda m: " " * len(m.group()), probe)
    # a hyphenated pair of initials with a stray period, "Hyun, E.-.M., 2007.", reads "E.- M." (same length)
    probe = STRAY_INITIAL_PERIOD.sub(" ", probe)
    # an initial's period a justified line set apart, "Snyder, L. V . 2018. Title", reads "V. 2018.  Title" (same length)
    probe = _INITIAL_SPACE_PERIOD.sub(r".\1 ", probe)
    # a soft hyphen where a name broke at a line's end, "Berg\xad meier E", reads as letters ("Bergeemeier", same length)
    probe = _SOFT_HYPHEN_APART.sub("ee", probe) if "\xad" in probe else probe
    # the first author's comma lost, the others' kept, "Hardy S.E., Concato, J., & Gill, T.M. (2004).", reads
    # "Hardy,S.E., Concato, ..." (same length; a squashed list's reading follows)
    probe = _FIRST_NAME_NO_COMMA.sub(",", probe)
    if style == "apa":  # "Irvine, J, Lang, S., & Montoya, C. (Eds.) (2019)." (same length; an Elsevier list's
        # "Omuraliev, M, Rogozhin, E.A., 1997." keeps its comma: its names run on to the year)
        probe = INITIAL_COMMA_FOR_PERIOD.sub(".", probe)
    probe = DASH_BETWEEN_NAMES.sub(" & ", probe)  # "Curry, J. L. – Urban, J. B. (2003):" (same length)
    starts = _iop_starts(probe) if style == "iop" else _author_year_starts(probe, style)
    # One entry a line is evidence too (PDF transcriptions print "Surname, AB, Other, C., 1986.
    # Title." lines with no blank line between): when most lines open with an author list, each
    # such line opens an entry, beside the starts the style found inside lines
    if len(line_starts) >= 3:
        opens: list[int] = []
        dated: list[int] = []  # the opening lines whose author list the year follows at once
        # Copernicus lists ("Burkeljca, J.: Title, ...") open entries with a group's name and a colon too
        # ("EAWS - European Avalanche Warning Services: Avalanche Danger Scale, ...") -- when a third of
        # the lines open with names and a colon, so does such a line
        colon_list = 3 * sum(1 for p in line_starts if _colon_after_names(probe, p)) >= len(line_starts)
        for p in line_starts:
            # the entry before must be complete (its year printed) and its line must not stop
            # inside an author list: "... Hao Tian, Hua" / "Wu, Ji- Rong Wen, and ... 2023." is one entry
            # (an entry printed without a year -- "OpenAI. Gpt-4 technical report." -- is complete
            # too when it holds two sentences, authors and title, and ends with a period)
            prev = probe[opens[-1] if opens else 0 : p]
            complete = bool(_YEAR_ANY.search(prev)) or (prev.rstrip().endswith(".") and prev.count(". ") >= 2)
            if p and (not complete or _LINE_GOES_ON.search(text, max(0, p - 80), p)):
                continue
            # in styles printing the year right after the authors (Elsevier, APA) an entry's first
            # line holds its year: "Khait Earthquake, Tien Shan, Tajikistan. Engineering Geology,
            # 109, 195-212." is the second line of an entry, not an entry by "Khait Earthquake" -- nor is
            # "J. Affect. Disord. 276, 312-315. https://doi.org/10.1016/j.jad.2020.06.047" (a DOI's year)
            k = bisect.bisect_right(line_starts, p)
            line_end = line_starts[k] if k < len(line_starts) else len(text)
            # (a long author list may wrap before its year: names then the year at once say so, "Bruelheide H, ...,
            # Hen\xad" / "nekens SM, ..., Chytrý M (2018) Global trait ...")
            if style in ("elsevier", "apa") and not _PRINTED_YEAR.search(probe, p, line_end) and not _names_then_year(probe, p):
                continue
            if _opens_entry(probe, p) or (colon_list and _GROUP_COLON.match(probe, p)) or (
                    # Elsevier's author known by the surname alone, "Spielman, 1986. Assessment of insomnia."
                    style == "elsevier" and SOLE_SURNAME_YEAR.match(probe, p)):
                opens.append(p)
                if _names_then_year(probe, p):
                    dated.append(p)
        # the list's alphabetical order vouches for lines whose author lists read as none
        opens = sorted(set(opens) | set(_alphabetical_lines(probe, line_starts)))
        # most lines open entries -- or entries wrap over two or three lines each, and their first lines
        # are the lines opening with names then the year ("Aizenman, J. and J. Lee (2005), “Title, ...")
        # (or ten lines and more open with names then the year, in a list whose entries wrap over up to six lines)
        if len(opens) >= 0.6 * len(line_starts) or (len(dated) >= 5 and len(dated) >= 0.25 * len(line_starts)) or (
                len(dated) >= 10 and len(opens) >= 0.15 * len(line_starts)):
            # a start the style found inside the author list of an entry a line opens is a name of
            # that list, not an entry: AAAI's "Liu, F.; Zhang, S.; Wang, X.; and Wei, F. 2025." holds
            # "Wei, F. 2025." (positions bisected: linear in the list)
            heads = sorted((o, _author_head_end(probe, o)) for o in opens)
            head_starts = [o for o, _e in heads]
            inner = set()
            for st in starts:
                k = bisect.bisect_left(head_starts, st) - 1
                if k >= 0 and heads[k][0] < st < heads[k][1]:
                    inner.add(st)
            starts = sorted((set(starts) - inner) | set(opens))
            # a start found inside a line, no year between it and the next line's entry: the line's last
            # words ("2nd edn. Longman" before "Norris JE, Stokes A, ... (2008)") end the entry before
            line_opens = set(opens)
            starts = [st for st, nxt in zip(starts, starts[1:] + [len(probe)])
                      if st in line_opens or nxt not in line_opens or _YEAR_ANY.search(probe, st, nxt)]
    if bulleted and len(bulleted) == len(line_starts):
        inside: set[int] = set()
        for k, (p, b) in enumerate(zip(line_starts, bulleted)):
            if not b:
                continue
            # the bullet's line is one entry (glued bullets were cut apart before); an author list it
            # leaves open goes on over the next lines, up to its year
            line_end = line_starts[k + 1] if k + 1 < len(line_starts) else len(text)
            year = _YEAR_ANY.search(probe, p)
            end = max(line_end, year.start() if year else line_end)
            inside.update(st for st in starts if p < st < end)
        starts = sorted((set(starts) - inside) | {p for p, b in zip(line_starts, bulleted) if b})
    if not starts:
        # no recognisable author list: one paragraph, one entry
        for p in paragraphs:
            res.entries.append(RefEntry(raw=p, layout="paragraph"))
        return
    # a line's start and the names after the emphasis or link opening it ("[Yann LeCun. ...](http://...)") are one
    # start, the names' (the entry opens with its first author); the mark left is no part of the entry before
    starts = [st for k, st in enumerate(starts) if k + 1 == len(starts) or text[st : starts[k + 1]].strip(" [_*")]
    starts = [st + len(text[st : st + 2]) - len(text[st : st + 2].lstrip("[_*")) if probe[st : st + 1] == " " else st for st in starts]
    starts = sorted(starts + _missed_entry_paragraphs(paragraphs, starts, style))
    # a group author's name of several words read from its last word: "IEEE Computer Society. 2008." opens at "Society.
    # 2008." (pandoc's author-date entries, one a paragraph, wrapped inside the name) -- when the paragraph's text before
    # a start holds no period, no digit and a few words at most, the entry opens with the paragraph
    para_at = [0]
    for para in paragraphs[:-1]:
        para_at.append(para_at[-1] + len(para) + 1)
    # (inside its line: a running head on a line of its own before an entry's first line, "The Basic Framework for
    # International Reserves" / "Ben-Bassat, A. and D. Gottlieb (1992a), ...", opens no entry)
    moved = []
    at_line = set(line_starts)
    for st in starts:
        p0 = para_at[bisect.bisect_right(para_at, st) - 1]
        moved.append(p0 if p0 < st and st not in at_line and _NAME_PIECE.fullmatch(text[p0:st].strip()) else st)
    starts = sorted(set(moved))
    # ... and an entry holding nothing but such a piece, a paragraph of its own, opens the next one: a name torn from its
    # entry by a page break ("Department of" / "Defense. 1994. *MIL-STD-498* ..."), or a page's running head that no
    # entry can own (Cell's "Article" between two entries, which would count as one). (A running head inside a
    # paragraph of entries, "The Basic Framework for International Reserves" before "Ben-Bassat, A. and ...", is not.)
    at_paragraph = set(para_at)
    starts = [st for k, st in enumerate(starts) if k == 0 or not (
        starts[k - 1] in at_paragraph and st in at_paragraph and _NAME_PIECE.fullmatch(text[starts[k - 1] : st].strip()))]
    if starts[0] > 0 and text[: starts[0]].strip():
        res.skipped.append(("text before the first reference entry", text[: starts[0]]))
    first = len(res.entries)
    for i, s in enumerate(starts):
        e = starts[i + 1] if i + 1 < len(starts) else len(text)
        res.entries.append(RefEntry(raw=text[s:e].strip().rstrip(" [_*") if i + 1 < len(starts) else text[s:e].strip(),
                                    layout=f"author-year/{style}"))
    if bulleted is not None:
        _torn_bullets_joined(res, first)


# an entry's text stopping inside a sentence: a word's letter last ("... Working paper, University", "... The role of")
_ENDS_MID_SENTENCE = re.compile(r"[^\W\d_]\s*$")


def _torn_bullets_joined(res: SplitResult, first: int) -> None:
    """A converter tearing an entry into two bullets at a page break (pymupdf4llm: "- Cosman, Jacob, ... Working paper,
    University" / "- Columbia.", "- Nicolás. 2022. effects from new" / "- González-Pampillón, Spillover housing supply.
    _Regional Science ..._ 92:103759."): in an author-year list whose entries print their years (four in five), an entry
    stopping inside a sentence, a word last and no address, goes on in the next one when that one prints no year."""
    entries = res.entries[first:]
    if len(entries) < 10 or sum(1 for e in entries if _YEAR_ANY.search(e.raw)) < 0.8 * len(entries):
        return
    out: list[RefEntry] = []
    for e in entries:
        prev = out[-1].raw if out else ""
        if (out and not out[-1].numbers and not e.numbers and _ENDS_MID_SENTENCE.search(prev)
                and not URL_RE.search(prev.rsplit(" ", 1)[-1]) and not _YEAR_ANY.search(e.raw)):
            out[-1].raw = f"{prev} {e.raw}"
        else:
            out.append(e)
    res.entries[first:] = out


# ABNT NBR 6023's head (Brazilian and Portuguese theses and proceedings): the first author's surname in capitals, then a
# comma or period -- "ALMEIDA, O. C. S.", "BRASIL, Ministério da Educação.", "MENDES NETA, Maria", "KHAN ACADEMY. 2019." --
# (a group's name in capitals may run over several words, their particles in capitals too: "SERVIÇO SOCIAL DO COMERCIO.")
_CAPITAL_HEAD = re.compile(r"^(?:\*\*|__)?[A-ZÀ-Þ][A-ZÀ-Þ'’\-]++(?: [A-ZÀ-Þ][A-ZÀ-Þ'’\-]*+){0,5}[,.](?:\s|$)")
# a paragraph going on with the entry before (a page break inside it): it opens with a small letter or a digit
_GOES_ON = re.compile(r"^[a-zà-ÿ\d]")


def _capital_head_paragraphs(lines: list[str], paragraphs: list[str]) -> bool:
    """Is the list ABNT's, one entry a paragraph? Five paragraphs or more, seven in ten of them opening with a surname in
    capitals (``_CAPITAL_HEAD``), and few lines inside a paragraph opening so (one for five paragraphs at most: a list
    printing one entry a line, no blank line between, is read by its author lists). The wrapped lines of such an entry
    ("... Dissertação (Mestrado em Educação) -- PUC RS, 2006.", "Universidade do Minho Braga, Portugal.") and the year
    printed last give the author-list reading false starts and missed ones ("... set. 2003.. BEHAR, P. A. (Org.).")."""
    if len(paragraphs) < 5:
        return False
    heads = sum(1 for p in paragraphs if _CAPITAL_HEAD.match(p))
    if heads < 0.7 * len(paragraphs):
        return False
    firsts = inner = 0
    before_blank = True
    for ln in lines:
        if not ln.strip():
            before_blank = True
            continue
        if not before_blank and _CAPITAL_HEAD.match(ln.strip()):
            inner += 1
        firsts += before_blank
        before_blank = False
    return 5 * inner <= firsts


def _from_paragraphs(paragraphs: list[str], res: SplitResult) -> None:
    """One entry a paragraph (``_capital_head_paragraphs``); a paragraph opening with a small letter or a digit goes on
    with the entry before. An entry by the author before prints a rule for the names ("\\_\\_\\_. **Por toda parte**"): an entry."""
    for para in paragraphs:
        if res.entries and _GOES_ON.match(para):
            res.entries[-1].raw += " " + para
        else:
            res.entries.append(RefEntry(raw=para, layout="author-year/abnt"))
    res.warnings.append(f"{len(res.entries)} entries read one a paragraph (ABNT: each opens with a surname in capitals)")


_NAME_PIECE = re.compile(r"[^\W\d_][^.\d]{0,60}")
# a page's number alone on its line ("11"), what a PDF conversion leaves of a page break inside a list
_LONE_NUMBER = re.compile(r"^\s*\d{1,4}\s*$")
_LINE_CLOSES_ENTRY = re.compile(r"(?:(?<!\d)(?:19|20)\d{2}[a-z]?|https?://\S+)\.?\s*$")  # "... arXiv:2307.13528, 2023."


def _page_number_lines(lines: list[str], *, anywhere: bool) -> set[int]:
    """The lines of ``lines`` that hold a page's number alone ("37"), left by a PDF conversion's page break, to be
    read as blank lines. The one rule for them, on two kinds of evidence:

    * between entries (``anywhere=False``, an unnumbered list as its author lists are read): a line of digits
      between a line closing an entry with its year or a URL and a line opening with a capital ("... arXiv:2307.13528,
      2023." / "11" / "Xuefeng Du, Chaowei Xiao, ..."); glued to the entry before, "2023. 11 Xuefeng Du" would hide
      the next entry's start. A volume or pages wrapped alone follow no year.
    * anywhere (``anywhere=True``, the whole list before its style is read): every such line, when they are few
      (one to five other lines at most), no line opens with a number (a numbered list whose labels stand alone has
      one an entry, not one a page; a footnote's "7 The Truman figure ..." after the list neither) and no bullets are
      about (an appendix the converter left under the list: its bullets' lists are read with them, see _from_lines)."""
    alone = [i for i, ln in enumerate(lines) if _LONE_NUMBER.match(ln)]
    if not alone:
        return set()
    if anywhere:
        if sum(1 for ln in lines if _BULLET.match(ln)) >= 3:
            return set()
        others = [ln for ln in lines if ln.strip() and not _LONE_NUMBER.match(ln)]
        if 5 * len(alone) <= len(others) and 10 * sum(1 for ln in others if _NUMBER_OPENS.match(ln)) <= len(others):
            return set(alone)
        return set()
    nonblank = [k for k, ln in enumerate(lines) if ln.strip()]
    return {k for a, k, b in zip(nonblank, nonblank[1:], nonblank[2:])
            if _LONE_NUMBER.match(lines[k]) and _LINE_CLOSES_ENTRY.search(lines[a]) and lines[b].lstrip()[:1].isupper()}


def _page_numbers_off(lines: list[str], bulleted: list[bool] | None,
                      res: SplitResult) -> tuple[list[str], list[bool] | None]:
    """``lines`` with the page numbers between entries blanked (:func:`_page_number_lines`), each reported skipped,
    and ``bulleted`` (one flag per non-blank line) without theirs."""
    drop = _page_number_lines(lines, anywhere=False)
    if not drop:
        return lines, bulleted
    res.skipped.extend(("a page number inside the reference list", lines[k].strip()) for k in sorted(drop))
    nonblank = [k for k, ln in enumerate(lines) if ln.strip()]
    if bulleted is not None and len(bulleted) == len(nonblank):
        bulleted = [f for k, f in zip(nonblank, bulleted) if k not in drop]
    return ["" if k in drop else ln for k, ln in enumerate(lines)], bulleted


# an editor's note in brackets, the whole paragraph: "[NOTE: This is a simplified reference list. ...]"
_BRACKETED_NOTE = re.compile(r"^\[[^\[\]]*\]$")
# (a paragraph opening with an initial, "R., Xiang, Y.T., 2020.", goes on with the author list before it)
_INITIAL_OPENS = re.compile(r"^[A-ZÀ-Þ]\.")
_HEAD_YEAR_REACH = 200  # an author list's length before its year, at most, in an entry's head


def _missed_entry_paragraphs(paragraphs: list[str], starts: list[int], style: str) -> list[int]:
    """The paragraphs that open entries no author list found, in a list printing one entry a paragraph.

    An entry's author may read as no name list ("Anonymous authors. Shield and spear: ... ACL ARR, 2023.", a BAIR post;
    an R package's "Lumley based on Fortran code by Alan Miller, T., 2020. leaps: ...", a pandoc page), or the first entry
    may follow a note that ends in no sentence ("[NOTE: This is a simplified reference list ...]" then "Bereska, L. &
    Gavves, E. (2024). ...", an agent's review): the entry was skipped or glued to the one before. When every start found
    opens a paragraph (the paragraphs are the entries), a paragraph with no start that prints its year as the list's
    style does opens an entry: before the first start any such year; after it only a year printed after the authors, in
    the paragraph's head (a year-last venue line, "... Processing, pages 1-10, 2019.", may be an entry's page-broken tail).
    A note in brackets is no entry."""
    para_starts: list[int] = []
    pos = 0
    for para in paragraphs:
        para_starts.append(pos)
        pos += len(para) + 1
    if len(starts) < 3 or not set(starts) <= set(para_starts):
        return []
    year_shape = {"acl": _YEAR_AFTER_AUTHORS, "year-last": _YEAR_LAST, "apa": _APA_YEAR, "elsevier": _ELSEVIER_YEAR}.get(style)
    if year_shape is None:
        return []
    missed: list[int] = []
    found = set(starts)
    dated = True  # the entry before the paragraph prints its year (else the paragraph may go on with its author list)
    for st, para in zip(para_starts, paragraphs):
        has_year = bool(_YEAR_ANY.search(para))
        if st in found:
            dated = has_year
            continue
        year = None if _BRACKETED_NOTE.match(para) or _INITIAL_OPENS.match(para) else year_shape.search(mend_ocr_years(para))
        if year and (st < starts[0] or (dated and style != "year-last" and year.start() < _HEAD_YEAR_REACH)):
            missed.append(st)
        dated = dated or has_year
    return missed


def _alphabetical_lines(probe: str, line_starts: list[int]) -> list[int]:
    """The lines that open entries when a list prints its entries one a line, in alphabetical order, though
    an OCR garbled their author lists ("ASTDR(20l8).Toxicological", "Buck,R.C.,Franklin,J.,...,deVoogt,,Jnen,.A."):
    most lines open with a capital and hold a year, and their first letters run in alphabetical order (an
    entry wrapped over two lines would break the order). A line opening otherwise ("25(8),7200-7205.
    https://...") or out of the order goes on the entry before. Else []."""
    if len(line_starts) < 10:
        return []
    ends = [*line_starts[1:], len(probe)]
    lines = [(p, probe[p:e]) for p, e in zip(line_starts, ends)]
    if sum(bool(ln[:1].isupper() and _YEAR_ANY.search(ln)) for _p, ln in lines) < 0.85 * len(lines):
        return []
    capital = [(p, ln[:1].casefold()) for p, ln in lines if ln[:1].isupper()]
    firsts = [f for _p, f in capital]
    if sum(a <= b for a, b in zip(firsts, firsts[1:])) < 0.95 * (len(firsts) - 1):
        return []
    # a line out of that order ("Wang, G., ... 2007. Seismic Behavior of Saturated Sandy Soils:" / "Case
    # Study for the May 2003 Tsukidate Landslide") is the entry before going on
    out: list[int] = []
    last = ""
    for k, (p, f) in enumerate(capital):
        after = capital[k + 1][1] if k + 1 < len(capital) else f
        if last <= f <= after:
            out.append(p)
            last = f
    return out


_TORN_DIACRITICS = str.maketrans({c: "e" for c in TORN_DIACRITICS})  # read as a letter; same length: positions hold
# an accent after punctuation or after "and" (the accent of the name before it): "Dyer.´ 2022.",
# "Jelena Mitrovic, and´ Michael Granitzer"
# -- or before a capital opening a word, the accent of that capital ("ˇLuboˇs P´astor": Luboš)
_TORN_LEFT = re.compile(rf"(?:(?<=[.,;:)\]])|(?<=\band))[{TORN_DIACRITICS}]|(?<![^\W\d_])[{TORN_DIACRITICS}](?=[A-ZÀ-Þ])"
                        rf"|(?<=, )[{TORN_DIACRITICS}](?= and | [A-Z])"  # "Torres, Jordi, ´ and Chang", "Michael, ´ Kavukcuoglu"
                        rf"|(?<=\band )[{TORN_DIACRITICS}](?= [A-Z])")  # "Austin, and ´ Hager, Gregory D."
# Wiley's PDFs (BES journals) keep an accent as a control character, a euro sign or a tilde in their text, inside the
# word: "D\x01ıaz, S." (Díaz), "Lep\x03s, J." (Lepš), "B€onisch, G." (Bönisch), "Ordo~nez, J.C." (Ordóñez) -- read as a
# letter (same length), so the author lists still read as names
_GLYPH_IN_NAME = re.compile(r"(?<=[^\W\d_])[\x01-\x08€~](?=[^\W\d_])")
# the accent of a surname's capital set between the surname's comma and its initial ("Ocal, ¨ A.": Öcal)
# reads as letters of the surname: "Ocalee, A." (same length)
_TORN_BEFORE_INITIAL = re.compile(rf"(?<=[^\W\d_]), [{TORN_DIACRITICS}] (?=[A-ZÀ-Þ]\.)")

# Elsevier / Harvard: the year after the surname-first authors, closed by a period
_ELSEVIER_YEAR = re.compile(r"(?:\b[A-Z]\.|\bal\.),\s(?:19|20)\d{2}[a-z]?\.\s")
# (a colon after the year in some journals: "Curry, J. L. – Urban, J. B. (2003): The Left Transformed ...")
_APA_YEAR = re.compile(r"\(\s*(?:(?:19|20)\d{2}[a-z]?|n\.\s?d\.)(?:,[^()]{0,30})?\)(?:\.|:\s(?=['‘\"“*_A-ZÀ-Þ])|\s(?=['‘\"“*_A-ZÀ-Þ]))")
_INITIAL_SPACE_PERIOD = re.compile(r"(?<=\s[A-Z]) \.(\s(?:19|20)\d{2}[a-z]?\.)")
_FIRST_NAME_NO_COMMA = re.compile(r"(?<=[a-z'’])\s(?=(?:[A-Z]\.){1,3},\s[A-Z][\w'’\-]+,\s[A-Z]\.)")
_SOFT_HYPHEN_APART = re.compile(r"(?<=[^\W\d_])\xad\s(?=[^\W\d_])")
_TILDE_BEFORE_ELLIPSIS = re.compile(r"~\s?…")
# a group author printed without its period before the year: "European Commission (2006).", "Gallup (2018).",
# "The Sentience Institute (2017).", "Time/CNN/Harris Interactive Poll (2002)."
_APA_GROUP_BARE = re.compile(r"[A-Z][\w&/\-]*(?:\s(?:of|for|and|the|&|[A-Z][\w&/\-]*)){0,6}\s\((?:19|20)\d{2}[a-z]?\)\.\s")
# APA names printed without the comma between surname and initials: "Cohen S., Kamarak T., & Mermelstein R. (1983)."
_APA_NO_COMMA = re.compile(
    r"[A-ZÀ-Þ][\w'’\-]+ (?:[A-Z]\.\s?){1,3}(?:,? (?:& )?[A-ZÀ-Þ][\w'’\-]+ (?:[A-Z]\.\s?){1,3}){0,20}\s?\((?:19|20)\d{2}[a-z]?\)\.")
# a surname whose ligature a text extraction set apart, before its initials: "Imho ﬀ, R." reads "Imhoeﬀ, R." (same length)
# an emphasis a converter (marker) set around an entry's tail, "arXiv\n_preprint arXiv:1905.12588, 2019._", or a
# link it made of a whole entry, "2010. [Yann LeCun. The MNIST database ... 1998.](http://...)", read as spaces (same
# length): the year then ends the entry as printed plainly ("2019. Ghassen Jerfel, ...") and the names open the next
_EMPHASIS_EDGE = re.compile(r"(?<=[.,;:])[_*]{1,2}(?=\s|$)|(?<!\S)(?:[_*]{1,2}(?=[^\s_*])|\[(?=[A-Z][^\[\]]{0,400}\]\())")
_LIGATURE_APART = re.compile(r"(?<=[a-z]) (?=[ﬀﬁﬂﬃﬄ][A-Za-z\-]*,\s[A-Z]\.)")
# a group author in APA: "OpenAI. (2023).", "World Health Organization. (n.d.)."
# an edited book's editors before its year: "Pohl, R. F. (Ed.). (2017). Cognitive Illusions."
_EDITORS_MARK = re.compile(r"^\([Ee]ds?\.\)\.?\s*")  # "(Eds.).", "(eds.)."
# ... opened by a dotted abbreviation too: "U.S. Department of Transportation. (2018)."
# ... its words with a colon or its acronym in parentheses: "National Institute for Health and Care Excellence:
# Clinical Guidelines (NICE). (2011).", "World Health Organization (WHO). (2020).", or in Spanish, French or
# German: "Asociación Mexicana de Agencias de Inteligencia de Mercado y Opinión. (2020)."
_APA_GROUP = re.compile(
    r"(?:(?:[A-Z]\.){2,4}(?=\s)|[A-Z][\w&\-]*)(?::?\s(?:of|for|and|the|&|de|del|la|las|los|y|et|des|du|für|und|"
    r"[A-Z][\w&\-]*|\([A-Z][A-Za-z]{1,9}\))){0,10}\.\s(?=\()")
# surname-first lists open with a particle in lower case: "van der Maaten, L., & Hinton, G. (2008)."
_PARTICLE_BOUNDARY = re.compile(r"(?<=[.)])\s+(?=(?:van|von|de|da|di|du|dos|del|der|den|la|le|ten|ter)\s+(?:[a-z]+\s+)?[A-Z])")
# (a URL a PDF line break tore after its scheme, "URL https: //openreview.net/forum?id=x." or "https:// openreview.net/...",
# ICML/ICLR lists converted from PDF: the same address, closing the entry)
_ENDS_ENTRY = re.compile(r"(?:19|20)\d{2}[a-z]?\.?\s*$|https?:\s?//\s?\S+\s*$")
# an author list is at most 1,600 characters (looks_like_author_list): bounded, so each candidate
# start costs constant work
# (used with .match at candidate entry starts; whitespace is single spaces after joining lines)
_CORPORATE_AUTHOR = re.compile(r"[A-Z][\w\-@&]*(?:\s[\w\-@&]+){0,5}")  # "BIG bench authors", "AI@Meta"
_ENDED_BEFORE = re.compile(r"[\w)\]]\.\s*$")  # the entry before ended: "arXiv:2306.04181.", "In ICLR."
# "... and Alexandra Birch 2016. Title.": a converter may drop the period before the year; then only a
# list of several authors ("A, B, and C 2016.") is taken for one (see _acl_head), not "Proceedings of
# the Web Conference 2021." nor "In AI for Accelerated Materials Design-Vienna 2024."
# (a colon after the year too, before the title: "Sarr A, Whetton P. 2007: Regional Climate Projections.", as the
# AMS prints it -- not GB/T 7714's pages, "... processing systems. 2017: 5998-6008.")
# The year after the names (". 2016. ", " 2016. ", ". n.d. ", ". 2007: T"); the names before it are at most 1,600 characters
# of one line. Searched for from the names' start rather than matched as "(.{1,1600}?)" + this, which tried the year after
# every one of those characters at every position a search started from (quadratic on a long line).
_ACL_YEAR = re.compile(r"(\.\s{1,3}+|\s)(?:(?:19|20)\d{2}[a-z]?|n\.\s?d)(?:\.\s|:\s(?=[^\W\d_]))")
_ACL_NAMES_MAX = 1600
_ACL_YEAR_MAX = 13  # the longest text _ACL_YEAR matches, with its look-ahead: ".   2016a: T"
_SEVERAL_AUTHORS = re.compile(r",\s.*\b(?:and|&)\s[^,]+$")


class AclHead(NamedTuple):
    """An ACL entry's opening: its names, and where they end in the text searched."""

    names: str
    names_end: int


def _acl_head(text: str, pos: int = 0) -> AclHead | None:
    """An ACL entry's authors up to ". YEAR. " at ``pos``, or None: the first year (:data:`_ACL_YEAR`) after at
    least one character of the line, within 1,600 characters; a year after no period only after several authors."""
    line_end = text.find("\n", pos)
    last_start = min(pos + _ACL_NAMES_MAX, len(text) if line_end < 0 else line_end)
    m = _ACL_YEAR.search(text, pos + 1, min(len(text), last_start + _ACL_YEAR_MAX))
    if m is None or m.start() > last_start:
        return None
    names = text[pos : m.start()]
    if m.group(1) == " " and not _SEVERAL_AUTHORS.search(names):
        return None
    return AclHead(names, m.start())

_QUOTED_HEAD = re.compile(r"(.{1,1600}?),?\s{1,3}+[\"“]")


# a group author in capitals opening an IOP entry glued after the pages of the one before: "... Nat. Clim. Chang.
# 9 137–41 CWC 2014 CWC SGMA California Water Code ...", "... Hydrogeol. J. 22 1681–92 US EPA 1994 Hydrologic ..."
_IOP_GROUP_AFTER_PAGES = re.compile(r"(?<=\d )" + IOP_GROUP_HEAD.pattern)


def _iop_starts(text: str) -> list[int]:
    """Where IOP Publishing's entries begin: their heads (names before initials, the year, a title's capital),
    not inside an author list (after a comma or "and"); a group author's after the pages of the entry before."""
    heads = [m.start() for m in IOP_HEAD.finditer(text)
             if not re.search(r"(?:,|\band)\s*$", text[max(0, m.start() - 5) : m.start()])]
    return sorted(set(heads) | {m.start() for m in _IOP_GROUP_AFTER_PAGES.finditer(text)})


def _author_year_starts(text: str, style: str) -> list[int]:
    """Positions where an entry begins: start of text or after a sentence/URL end, followed by
    an author list that is followed by what the style puts after the authors."""
    cands = [0] + [m.end() for m in _SENT_BOUNDARY.finditer(text)]
    if "](" in text:
        cands = sorted(set(cands) | {m.end() for m in _LINK_BOUNDARY.finditer(text)})
    if "[PubMed:" in text:
        cands = sorted(set(cands) | {m.end() for m in _PUBMED_BOUNDARY.finditer(text)})
    lower: set[int] = set()
    if style in ("apa", "elsevier", "year-last"):
        # (ICML's all-inverted names too: "... In NIPS, 2014. van den Oord, Aaron, Dieleman, Sander, ...")
        cands = sorted(set(cands) | {m.end() for m in _PARTICLE_BOUNDARY.finditer(text)})
        if "/" in text:
            cands = sorted(set(cands) | {m.end() for m in _DOI_BOUNDARY.finditer(text)})
    # entries glued by the converter ("... 2004.Kyu Lee", "... 1234–1245.Smith, A. B."): after a
    # number, a bracket or an initial's period -- judged like any other start below
    glued = {m.end() for m in _GLUED_BOUNDARY.finditer(text) if text[m.end() - 2 : m.end() - 1].isdigit() or text[m.end() - 2] in "]"
             or text[m.end() - 1].isdigit() or style == "acl" or _SUFFIXED_YEAR_END.search(text, max(0, m.end() - 8), m.end() - 1)
             or text[max(0, m.end() - 12) : m.end()].rstrip(". ").endswith("in press)")}  # "(in press) .Piazza, J."
    if "10." in text:
        glued |= {m.end() for m in _GLUED_AFTER_DOI.finditer(text)}
    if glued:
        cands = sorted(set(cands) | glued)
    repeats = {m.end() for m in _GLUED_REPEAT.finditer(text)} if ". " in text else set()
    cands = sorted(set(cands) | repeats)
    handles: set[int] = set()
    if style == "acl":
        lower = {m.end() for m in _LOWER_BOUNDARY.finditer(text)}
        handles = {m.end() for m in _HANDLE_BOUNDARY.finditer(text)}
        if lower or handles:
            cands = sorted(set(cands) | lower | handles)
    out: list[int] = []
    last_end = -1
    for pos in cands:
        if pos <= last_end:
            continue
        window = text[pos : pos + 1700]
        acl: AclHead | None = None
        if pos in repeats:
            out.append(pos)  # (the entry before closed with its period; the mark and the year say an entry opens)
            continue
        if style in ("apa", "elsevier") and pos and pos not in glued and not _LINE_ENDS_ENTRY.search(text, max(0, pos - 80), pos):
            continue  # APA / Elsevier entries end with "." or a DOI: "John- Dylan Haynes, J. D." is inside one
        if INITIALS_FIRST_YEAR.match(window) and (not pos or _SENTENCE_CLOSED.search(text, max(0, pos - 3), pos)):
            ok, m = True, None  # arXiv's HTML natbib: "... pp. 284–292 . R. A. Adams and J. J. Fournier (2003) Sobolev spaces ."
        elif style == "apa":  # "Smith, J. A., & Lee, K. (2020). Title."
            m = _SURNAME_FIRST.match(window) or _APA_GROUP.match(window)
            # "Smith, J. A., & Lee, K. (2020)." / Springer "Smith JA, Lee K (2020) Title"
            ok = bool(m and (m.re is _APA_GROUP or m.group("a") or m.group("s") or m.group("v"))
                      and _APA_YEAR.match(_EDITORS_MARK.sub("", window[m.end() :].lstrip(), count=1)))
            # (the names' shape alone, "Hengl T., Roudier P. & Pebesma E. (2015).", opens the list's first entry too: pandoc
            # citeproc's entries in a Belgian institute's style; a group's name there may be a sentence before the list)
            if not ok and ((pos and _APA_GROUP_BARE.match(window)) or _APA_NO_COMMA.match(window)):
                ok, m = True, None  # "... Ethics & Behavior, 6, 239–256. European Commission (2006). Special eurobarometer 270."
        elif style == "elsevier":  # "Huang, H., Liu, F., et al., 2025a. Title."
            m = _SURNAME_FIRST.match(window)
            ok = bool(m and m.group("a") and re.match(r",\s(?:19|20)\d{2}[a-z]?\.\s", window[m.end() :])) or bool(
                _ELSEVIER_LINE.match(window)) or bool(  # "BIRD, J.F. & BOMMER, J.J., 2004." (capitals, "&")
                pos and _ELSEVIER_GROUP.match(window)) or bool(  # given names in full: "Allcott, Hunt, Mullainathan, Sendhil, 2010b."
                INVERTED_FULL_NAMES_YEAR.match(window))
        elif style == "acl":
            acl, m = _acl_head(window), None
            if acl is not None and pos in lower:
                # "yann lecun, yoshua bengio, and geoffrey hinton. 2015.": judged as capitalised names
                ok = looks_like_author_list(capitalise_names(acl.names))
            else:
                ok = acl is not None and looks_like_author_list(acl.names)
                lone = _LONE_INITIAL.match(acl.names) if ok and acl is not None and pos and text[pos - 2 : pos - 1] not in ".]" else None
                if acl is not None and lone and not re.search(r"\b[A-Z]\.", acl.names[lone.end() :]):
                    # "... In Proc. of X. Tom Brown, Benjamin Mann, and ...": full first names
                    # everywhere else, so the lone initial ends the previous entry's venue
                    pos += lone.end()
                    acl = _acl_head(text, pos)
            if acl and not ok and out and (pos in handles or _CORPORATE_AUTHOR.fullmatch(acl.names)) and _ENDED_BEFORE.search(text, max(0, pos - 40), pos):
                # a group author in lower case ("BIG bench authors. 2023. Beyond the imitation
                # game.") right after an entry that ended as entries do ("arXiv:2306.04181.")
                ok = True
        elif style == "quoted":
            m = _QUOTED_HEAD.match(window)
            ok = bool(m) and looks_like_author_list(m.group(1))
        else:
            ended = not pos or _ENDS_ENTRY.search(text, max(0, pos - 400), pos) or (
                pos in glued and _ENDS_ENTRY.search(text, max(0, pos - 400), pos - 1))
            # an entry may end after its year with a DOI, an arXiv id, "PMLR." or a URL: complete
            # when its year is printed and a sentence ends here
            # -- a short tail (at most four words) after the year, not a title and a venue
            years = [] if ended else [y.end() for y in _YEAR_ANY.finditer(text, max(out[-1] if out else 0, pos - 300), pos)]
            tail = text[years[-1] : pos] if years else ""
            # identifiers after the year (URL, DOI, arXiv id) do not count as words; without any,
            # every token counts as before (a title and venue after a year are not a tail)
            words = _tail_words(tail) if _TAIL_HAS_ID.search(tail) else len(tail.split())
            after_year = bool(years) and words <= 4 and bool(_SENTENCE_CLOSED.search(text, max(0, pos - 3), pos))
            # "... Cambridge, 438-483. BIRD, J.F. & BOMMER, J.J., 2004. Title": surnames with initials
            # closed by ", year." after a sentence end open an entry whatever came before
            surname_initials = bool((not pos or _SENTENCE_CLOSED.search(text, max(0, pos - 3), pos)) and _ELSEVIER_LINE.match(window))
            if not (ended or after_year or surname_initials):
                continue
            first = _first_sentence(window)
            ok = surname_initials or (first is not None and looks_like_author_list(first))
            if ok and first is not None and len(first.split()) == 1:
                # one word ("PMLR.", "Springer.") followed by an author list is the tail of the entry
                # before, not a group author ("OpenAI. GPT-4 technical report. 2023." is one)
                nxt = _first_sentence(window[len(first) :].lstrip())
                ok = not (nxt is not None and looks_like_author_list(nxt))
            m = None
            if not ok:
                # Vancouver: "Lee K, Park J, Kim M. Title. J Neurophysiol 92: 1-9, 2010." -- the last
                # initial ("M.") hides the end of the author list from the sentence split
                v = _SURNAME_FIRST.match(window)
                # one name alone ("Wang X. Title.") opens an entry here too: the entry before ended with its year
                ok = bool(v and v.group("v") and (_plain_vancouver(v.group("v"), window) or "," not in v.group("v")))
                # ICML's natbib: surnames first with their initials, then the title -- "... Law Review, 19:317, 1964.
                # Bareinboim, E. and Pearl, J. Causal inference and the datafusion problem." -- or, ICML 2018's, every
                # name inverted with given names in full: "Bradbury, James, Merity, Stephen, ..., and Socher, Richard."
                # (not after an initial: "..., 2017. K. He, X. Zhang" holds "He, X." inside "K. He")
                ok = ok or bool((_NATBIB_NAMES.match(window) or _ALL_INVERTED.match(window))
                                and not _INITIAL_BEFORE.search(text, max(0, pos - 4), pos))
        if ok:
            out.append(pos)
            head = acl.names if acl else (m.group(1) if m.re.groups else m.group(0)) if m and style in ("quoted", "apa", "elsevier") else ""
            last_end = pos + len(head or "")
    return out


# what may follow an entry's year without being words of a title or venue: URLs (a converter may
# break them at a hyphen: "https://aclanthology.org/P19- 1356.", or after the scheme: "https: //openreview.net/..."),
# DOIs, arXiv ids, pages, "[cs, stat]"
_TAIL_IDS = re.compile(
    r"https?:\s?//\s?\S*|\[[^\[\]]{0,30}\]|\S*\d\S*|\b(?:URL|doi|DOI|ISBN|ISSN|arXiv|version|pp?)\b:?|[^\w\s]+")


_TAIL_HAS_ID = re.compile(r"https?:\s?//|\bdoi\b|\barXiv:|\b10\.\d{4,}/|\[PubMed:", re.I)  # (PMC's "[PubMed: 19210021]")


def _tail_words(tail: str) -> int:
    """Words after an entry's year that are not identifiers: "URL https://arxiv.org/abs/2105.14652.
    arXiv:2105.14652 [cs]." has none, "Association for Computational Linguistics. doi: 10.18653/..."
    four (a publisher); a title and a venue have more."""
    return len(_TAIL_IDS.sub(" ", tail).split())


# the line before ends as entries end ("... 2023.", "... 175- 185.", a URL, a DOI ending in a letter:
# "doi:10.1111/j.1943-278X.1993.tb00378.x"), not inside an author list ("Mirali Purohit,", "Kilian Q.", "et al.")
# (a DOI's last capital is no initial: "(94)00075-U.")
# (an address printed without its scheme ends one too: "APA. www.apa.org/centrodeapoyo/estres-cronico")
_LINE_ENDS_ENTRY = re.compile(r"(?:(?:(?<!\b[A-Z])|(?<=\d-[A-Z]))(?<!\bal)[.?!)\]]|\d|https?://\S+|\bwww\.\S+/\S*|\b10\.\d{4,9}/\S+"
                              r"|(?<!\S)\.\d{4,9}/\S+)\s$")  # (a DOI the line break cut after its "10")


# the line before stops inside an author list ("Mirali Purohit,", "Kilian Q.", "et al.", "and"):
# the next line goes on with it (Springer entries end without a period: "In: NeurIPS")
_YEAR_ANY = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)|\bn\.\s?d\.")
_SENTENCE_CLOSED = re.compile(r"[.)\]]\s?$")
# (a publisher's country or city closing an entry is no initial: "John Wiley, Chichester, U.K.", "Washington, D.C.")
# (a line ending in a preposition or an article goes on too: "London: International Institute for" /
# "Environment and Development."), and so does one ending in a colon before its publisher ("Berlin, Heidelberg:" /
# "Springer Science & Business Media.")
# (an ellipsis where APA leaves out names goes on with the last author: "Ioannidis, J. P. A., ..." / "Moher, D. (2009).")
_LINE_GOES_ON = re.compile(
    r"(?:[,;:&\-]|\b(?:and|of|for|the|in|on|to|with|by|from|at|an)|(?<!\bU\.)(?<!\bU\.S\.)(?<!\bD\.)\b[A-Z]\.|\bal\.|\.\.\.|…)\s$")


# "Whitehead, D., Beadle C.L., 2004. Title." -- surnames with initials up to ", year.", one name's
# comma lost in conversion (the strict author pattern refuses the list, the line still opens an entry)
_INITIALS = r"[A-Z]\.(?:[\s\-]?[A-Z]\.){0,3}+"  # "J.", "J.F.", "J. A.", "J.-L."
# a group author, two capitalised words or more, after an entry's end: "Hong Kong Census and Statistics
# Department, 2020. Hong Kong Monthly Digest of Statistics.", "United States Census Bureau (2019). Quick Facts."
_ELSEVIER_GROUP = re.compile(rf"{GROUP_NAME}(?:,\s(?:19|20)\d{{2}}[a-z]?|\s\((?:19|20)\d{{2}}[a-z]?\))\.\s")
_ELSEVIER_LINE = re.compile(
    rf"(?:(?:[Vv]an|[Vv]on|[Dd]e|[Dd]el|[Dd]er)\s)?[A-ZÀ-Þ][\w'’\-]++,\s{_INITIALS}"
    rf"(?:,?\s(?:(?:[Vv]an|[Vv]on|[Dd]e|[Dd]er|&|and)\s)?[A-ZÀ-Þ][\w'’\-]++,?\s{_INITIALS}){{0,30}}+"
    r",\s(?:19|20)\d{2}[a-z]?\.\s")


def _author_head_end(text: str, pos: int) -> int:
    """Where the author list of the entry opening at ``pos`` ends (``pos`` when none is read)."""
    window = text[pos : pos + 1700]
    end = pos
    m = _SURNAME_FIRST.match(window)
    if m:
        end = pos + m.end()
    # the longer reading: "Amy Burkhardt, Maya. Yablonski, Jamie Mitchell, and Jason D. Yeatman. 2023." is one
    # ACL list with a stray period, though "Amy Burkhardt, Maya." reads as a surname-first name
    acl = _acl_head(window)
    if acl and looks_like_author_list(acl.names):
        end = max(end, pos + acl.names_end)
    # the first author inverted, the others not: "Jeppesen, E., M. Søndergaard, T. L. Lauridsen, ... & Z. Liu, 2012."
    # (Hydrobiologia) holds "Søndergaard, T. L. Lauridsen, ..., 2012." -- no entry of its own
    inverted = INVERTED_FIRST_NAME.match(window)
    if inverted:
        end = max(end, pos + inverted.end())
    return end


# a group author before a colon: "Avalanche Canada: ...", "CAIC - Colorado Avalanche Information Center: ..."
# (a web page has no title: "Météo-France: available at: https://...", Copernicus's form for it)
_GROUP_COLON = re.compile(r"[A-Z][\w&'’.\-]*(?:\s(?:-\s?)?[\w&'’.\-]+){0,14}:\s(?:[\"“A-Z]|available at\b)")


def _colon_after_names(text: str, pos: int) -> bool:
    m = _SURNAME_FIRST.match(text[pos : pos + 1600])
    return bool(m and m.group("a") and _COLON_AFTER_NAMES.match(text, pos + m.end()))


# (a title may open with a name in lower case and capitals inside: "glmmTMB Balances Speed ...")
# (or a last initial whose dot was lost before the colon: "McMakin, A. H: Risk Communication")
_COLON_AFTER_NAMES = re.compile(r"(?:,?\s(?:and|&)\s[^:()\d]{2,40}?|\s?[A-Z](?=:))?(?:\s\(Eds?\.\)\.?)?:\s(?:[\"“‘'A-Z0-9]|[a-z]{1,8}[A-Z])")
# the same authors as the entry before, printed as a dash (Chicago: "———. 2008. Title.") or with the dash
# lost (". 2008. “Custom and Commonage in Africa.”"), or the year in parentheses after it, the dash lost too
# (JASA: "——— (2013b), “Testing Many Moment Inequalities,” ..." printed "(2013b), “Testing ..."; the comma and the
# quote tell it from an author list's year wrapped onto a line of its own, "(2007) Africa in Climate Change ...")
REPEATED_AUTHORS = re.compile(r"^\s*(?:(?:[-–—_]{2,}\.?|[-–—]?\.)\s?,?\s?(?:19|20)\d{2}[a-z]?[.,]\s|(?:19|20)\d{2}[a-z]?\.\s(?=[“\"‘])"
                              r"|(?:[-–—_]{2,}\.?\s?)?\((?:19|20)\d{2}[a-z]?\),\s(?=[“\"‘]))")
# spaces an OCR lost inside an author list: "Albertson,O.E.(1992).Sludge", "Alonso,F.,Beletskaya,I.P.,& Yus,M."
# (the year too: "Blocker TJ,Eckberg DL.1997. Gender and ...")
_SQUASHED = re.compile(r"[,&](?=\S)|(?<=[^\W\d_]\.)(?=\(|(?:19|20)\d{2}[a-z]?\.)")


def _names_then_year(text: str, pos: int) -> bool:
    """An author list at ``pos`` followed at once by the year: "Smith, J. (2020).", "Smith, J., 2020.",
    "Aizenman, J. and J. Lee (2005),"."""
    window = text[pos : pos + 1700]
    if INVERTED_FIRST_NAME.match(window) or _ELSEVIER_LINE.match(window) or INITIALS_FIRST_YEAR.match(window):
        return True
    m = _SURNAME_FIRST.match(window)
    # (Springer's Vancouver names too: "Böhling N, Greuter W, Raus T (2002) Zeigerwerte ...")
    return bool(m and (m.group("a") or m.group("s") or m.group("v"))
                and re.match(r"\s?\((?:19|20)\d{2}[a-z]?\)|,\s(?:19|20)\d{2}[a-z]?[.,]\s", window[m.end() :]))


def opens_entry(text: str, pos: int = 0) -> bool:
    """Does an author-year entry open at ``pos`` (the start of a line of ``text``)? Its author list, then what
    entries put after it (a year, a title): the test the list's own splitting applies."""
    return _opens_entry(mend_torn_words(text, pad="e"), pos)


def _opens_entry(text: str, pos: int) -> bool:
    """Does an entry open at ``pos`` (the start of a line)? An author list followed by what
    entries put after it: a year (APA, Elsevier, ACL) or a title sentence (natbib). A list whose
    spaces an OCR lost is read with them put back (the answer only: positions are not kept)."""
    window = text[pos : pos + 1700]
    if _opens_entry_at(window):
        return True
    head = window[:300]
    spaced = _SQUASHED.sub(lambda m: m.group() + " ", head)
    return spaced != head and _opens_entry_at(spaced + window[300:])


# a Chinese APA entry: names of two to four characters, then the year in parentheses ("陈丽媛, 陈小满, 赵世奎. (2023).",
# "张盼，鲁忠义.(2013).", "李峰等（2019）")
_CJK_AUTHORS_YEAR = re.compile(rf"{HAN_NAME}(?:[,，、]\s?{HAN_NAME}){{0,9}}(?:等)?[.．]?\s?[(（](?:19|20)\d{{2}}[a-z]?[)）]")


def _opens_entry_at(window: str) -> bool:
    """:func:`_opens_entry` on the text from a line's start (a repeated-author dash opens an entry too)."""
    if REPEATED_AUTHORS.match(window) or INITIALS_FIRST_YEAR.match(window) or INVERTED_FULL_NAMES_YEAR.match(window):
        return True
    if _CJK_AUTHORS_YEAR.match(window):
        return True
    m = _SURNAME_FIRST.match(window)
    if m and (m.group("a") or m.group("s") or m.group("v")) and re.match(
            r"(?:\s?\([Ee]ds?\.?\)\.?)?\s?\(?(?:(?:19|20)\d{2}|n\.\s?d)|,\s(?:19|20)\d{2}", window[m.end() :]):
        return True
    # Copernicus (EGU journals) and LNCS: the names, a colon, the title -- "Burkeljca, J.: A comparison",
    # "..., Stoffel, A., and Snehmani: Automated ..." (a last author of one name, or "D.M" with its dot lost)
    if m and m.group("a") and _COLON_AFTER_NAMES.match(window, m.end()):
        return True
    g = _APA_GROUP.match(window)
    if g and _APA_YEAR.match(window[g.end() :]):
        return True
    if INVERTED_FIRST_NAME.match(window):
        return True
    if _ELSEVIER_LINE.match(window):
        return True
    m = _LOOSE_SURNAME_FIRST.match(window)
    if m and loose_surname_first(m.group(1)):
        return True
    acl = _acl_head(window)
    if acl and looks_like_author_list(acl.names):
        return True
    first = _first_sentence(window)
    return first is not None and looks_like_author_list(first)


def _first_sentence(window: str) -> str | None:
    from surveybench.readers.refstrings import sentence_end

    end = sentence_end(window)
    if end >= len(window):
        return None
    # the authors' period glued to the title by a text extraction: "Bernt Øksendal.Stochastic differential
    # equations." -- the names end there when they read as names
    glued = _GLUED_TITLE.search(window, 0, end)
    if glued and looks_like_author_list(window[: glued.start()]):
        return window[: glued.end()]
    return window[:end]


_GLUED_TITLE = re.compile(r"(?<=[^\W\d_]{2})\.(?=[A-ZÀ-Þ][a-z])")
