"""Markdown surveys: generated ones (AutoSurvey, SurveyForge, LLMxMapReduce, deep-research
reports) and PDF-to-Markdown conversions of human-written surveys.

Structure: the first heading is the title when nothing after it is shallower and it is not a
section name (LLMxMapReduce repeats it as ``# 0. Title``, which is skipped); Setext headings
(``Title\n=====``) count as ATX ones; section levels come from the printed numbering when there
is one ("2.3.1", "III-A", "A.1"; under Roman numerals IEEE's "A." and "1)" are levels 2 and 3)
and from the heading depth otherwise (front matter such as "ACM Reference Format" does not set
the depth); ``parent`` is the closest earlier section of a lower level. A heading inside the
reference list (a running header or a repeated "REFERENCES" at a page break) does not cut it. Sections under a non-content section (appendix, references) are
non-content too. PDF transcriptions: "#### Page N" headings are page markers (dropped, the list
goes on across them), a banner ("RESEARCH ARTICLE") before the title is skipped, "<title> -
Backmatter/Appendix" starts the back matter, the first heading on a page takes the usual depth,
and a flat list of headings finds its top level from capitals, IMRaD names or Title Case over
sentence case. Numbered headings printed at one depth take their levels from the numbers, and an
unnumbered heading between two consecutive numbered sections is a run-in subheading; numbers
counting items inside one section ("## Findings" / "### 1. ...") are not the document's levels; a
table of contents printed as headings (each repeated later with its text) is dropped; ACL's
"Limitations" / "Ethics Statement" after the conclusion and lettered appendices after the
references ("A Takeaway", "B ...") are back matter; a "##" on the line right under the title is
its subtitle, and an "Executive Summary" before the first section is the abstract. A report with
no reference list that cites bare numbers climbing 1, 2, 3, ... has them counted, unresolved.
Converter debris is read for what it is: empty in-page anchors (``<span id="page-3-0"></span>``) are
dropped, authors printed as headings before "Abstract" are the title page, a lower-case figure
panel label ("## a. Picture of a table:") is no heading, lettered appendices ("A. ...", "B. ...")
after the numbered sections are back matter, "&amp;" and escaped numbers ("1\\.") are read as meant,
a journal's article-type label ("# Review") is a banner, and two unnumbered title lines at one depth
before "1." are one title.
The reference section(s) are parsed into :class:`Reference` entries
(:mod:`.reflist`, :mod:`.refstrings`) and the paragraphs' citation markers linked to them
(:mod:`.citations`).
"""

from __future__ import annotations

import bisect
import html
import itertools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from surveybench.model import Paragraph, Reference, Section, Survey, is_non_content_title
from surveybench.readers.citations import (
    ALPHA_LABEL,
    GLUED_AFTER_PAREN_RUN,
    GLUED_AFTER_PUNCT_RUN,
    GLUED_HAN_RUN,
    GLUED_WORD_RUN,
    SPACED_AFTER_PUNCT_RUN,
    Linker,
    expand_numbers,
    glued_han_value,
    reference_pages,
    spaced_after_index_word,
    spaced_run_numbers,
    toggles_display_math,
    url_key,
    version_names,
)
from surveybench.readers import figures
from surveybench.readers.errors import ReaderError
from surveybench.readers.layout import columns_apart
from surveybench.readers.reflist import (
    ADDRESS_END,
    AUTHOR_LIST_GOES_ON,
    REPEATED_AUTHORS,
    YEAR_IN,
    RefEntry,
    alphabetical,
    opens_entry,
    opens_source_group,
    split_reference_lines,
    superscript_labels,
)
from surveybench.readers.refstrings import fold, looks_like_author_list, make_authors, parse_reference_string, surname
from surveybench.readers.report import FileReport, parse_quality

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_CITATION_ONLY = re.compile(r"^\s*(?:\\?\[\s*\d+(?:\s*[,;–-]\s*\d+)*\s*\\?\][\s,;]*)+$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _outside_code(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(index, line) of the lines outside fenced code and ``$$`` displays, the fences and ``$$`` lines
    themselves left out: where headings can be."""
    in_fence = in_math = False
    for i, ln in enumerate(lines):
        if _FENCE.match(ln):
            in_fence = not in_fence
        elif toggles_display_math(ln):
            in_math = not in_math
        elif not (in_fence or in_math):
            yield i, ln


# a statement of a program: a definition, an import, a control line ending in ":", an assignment, a call alone on its line
_CODE_STATEMENT = re.compile(
    r"^\s*(?:def\s+\w+\(|class\s+\w+[(:]|return\b|import\s+\w|from\s+[\w.]+\s+import\b|(?:if|elif|for|while|with)\b.*:$|else:$"
    r"|[\w.\[\]]+\s*[-+*/]?=(?!=)\s*\S|[\w.]+\(.*\)$)")


def _code_comment(lines: list[str], i: int) -> bool:
    """A "# ..." line of a program listing a PDF's text printed without a fence ("def forward(self, x, t_enc):" / "# t_enc :
    preconditioned version of sigma, usually" / "if cond is not None:"): a comment, no heading. The evidence is a program's
    statement right above or below it, no blank line between (other comment lines of the run aside)."""
    for step in (-1, 1):
        k = i + step
        while 0 <= k < len(lines) and abs(k - i) <= 20 and lines[k].lstrip().startswith("#"):
            k += step  # (a run of comments: "## edm preconditioning ..." / "## https://..." / "# unsqueze sigma ...")
        if 0 <= k < len(lines) and abs(k - i) <= 20 and _CODE_STATEMENT.match(lines[k]):
            return True
    return False


def _number_alone_heading(lines: list[str], i: int) -> int | None:
    """The line of the heading a heading holding only a number ("## 3.1.") numbers: the next line of text, an unnumbered
    heading ("## RPLC")."""
    k = next((k for k in range(i + 1, min(i + 4, len(lines))) if lines[k].strip()), None)
    if k is None or not (h := _HEADING.match(lines[k])) or not h.group(2).strip() or parse_heading(h.group(2))[0] is not None:
        return None
    return k


# a drop capital set apart from the rest of its word, then a sentence of twelve words or more
_DROP_CAPITAL_SENTENCE = re.compile(r"^[A-Z] [a-z]+\b(?:[\s,;]+\S+){11,}")
# a bracketed citation inside a heading's text
# The longest real section names in the labelled files run to about 30 words (deep-research reports' headings
# with subtitles); a "heading" of 60 words or more is a paragraph
_PARAGRAPH_WORDS = 60
_CITED_IN_HEADING = re.compile(r"\[\d{1,3}(?:[,–-]\s?\d{1,3})*\]")


def _running_headers_out(headings: list["_Heading"], lines: list[str], report: FileReport) -> list["_Heading"]:
    """A journal's running header the converter made a heading on every other page ("#### NATure
    BIomedIcAl EngIneerIng Articles", "#### Articles NATure ..."): the same words, in any order, as
    three headings or more, none numbered and none a section's name -- page furniture, not sections."""
    def words(h: "_Heading") -> frozenset[str]:
        return frozenset(re.findall(r"[^\W\d_]+", h.title.lower()))
    counts = Counter(words(h) for h in headings if h.number is None)
    header = {w for w, n in counts.items() if n >= 3 and len(w) >= 2}
    # a journal's banner as its running head ("## Article" atop every page of a Nature article, "# LETTER RESEARCH"):
    # an article type is no section's name, twice after the title is enough (the first, above the title, is gone)
    header |= {w for h in headings if h.number is None and counts[w := words(h)] >= 2 and _BANNER.match(_clean_heading_text(h.title))}
    if not header:
        return headings
    kept = []
    for h in headings:
        if h.number is None and words(h) in header and not _PLAIN_NAMED.match(_clean_heading_text(h.title)):
            report.skip("running header printed as a heading", h.raw)
            lines[h.line] = ""
        else:
            kept.append(h)
    return kept


_WORD_OF_TWO = re.compile(r"[^\W\d_]{2}")  # two letters together, any script
# a Chinese journal's numbered heading of two or three characters set apart ("# 0 引 言", "# 5 结 语"): a section's name
_SPACED_CJK_HEADING = re.compile(r"^\d{1,2}\.?\s+[\u4e00-\u9fff](?: [\u4e00-\u9fff]){1,2}$")
# a formula set as a heading ("###### Uα × R" between two sections): a math operator and no word of three letters
_FORMULA_HEADING = re.compile(r"^(?!.*[^\W\d_]{3}).*[×÷±∓⊗⊕∈∉⊂⊆∪∩≤≥≠≈→←↦∑∏∫∂∇=]")
# a lower-case panel letter, a short caption ending with ":" -- sections are not lettered in lower case
_PANEL_LABEL = re.compile(r"^\(?[a-z][.)]\s+[^.]{1,80}:$")
# "2.1 Data"; a converter may drop the space ("1INTRODUCTION", "2.1Data"): a word follows at once
# (a CJK title may follow its number with no space: "4结论与讨论", "3.3土壤侵蚀敏感性分析")
_ARABIC = re.compile(r"^(\d{1,2}(?:\.\d{1,2})*)(?:\.|\))?(?:(?=\s|$)\s*|(?=[A-Z][a-z]{2}|[A-Z]{4}|[\u4e00-\u9fff]))")
# (a Chinese report numbers its parts in Roman numerals too, "## **II. 解构投资论点：...**": a dot, then the Han title)
_ROMAN = re.compile(
    r"^(?P<r>(?=[IVXL])L?X{0,3}(?:IX|IV|V?I{0,3}))(?:(?P<sep>[-.])(?P<l>[A-Z])(?P<d>\d{1,2})?)?"
    r"(?:[.:]?\s+(?=[A-Z0-9(\"“])|[.:]\s*(?=[\u4e00-\u9fff]))"
)
# a generated report's chapters labelled with their number: "## Chapter 2 — Background and related work" (the "1.1"
# subsections under them): the label is no part of the name, as "# Chapter 1" / "# Introduction" says (_CHAPTER_LABEL).
# (Not "## Section 1: ...": the labelled reports keep that label in the name as often as not.) Its number sets no level: the label
# is printed at any depth ("### Section 7 — ..." in a log's dated entry, "# Chapter 84: ..." a book chapter's title line),
# the heading's depth says where it stands
_LABELLED_NUMBER = re.compile(r"^chapter\s+(\d{1,2})(?:\s*[:.]|\s+[—–-])\s*(?=\S)", re.I)
_LETTER = re.compile(r"^(?:appendix\s+)?([A-Z](?:\.\d{1,2})+)\.?\s+|^appendix\s+([A-Z])\b[.:]?\s*", re.I)
# Chinese numbering, a section's "一、引言" above its subsections' "（一）数据来源" (the standard order: 一、, （一）, 1., （1）)
_CJK_NUMBERED = re.compile(r"^([一二三四五六七八九十]{1,3})、\s*(?=\S)|^[（(]([一二三四五六七八九十]{1,3})[）)]\s*(?=\S)")
# a thesis' chapters, "第一章 绪论" (chapter one, introduction) above "1.1 选题背景": section 1 of the numbering its
# subsections carry, the chapter's name its title
_CJK_CHAPTER = re.compile(r"^第([一二三四五六七八九十]{1,3}|\d{1,2})章[\s:：]*(?=\S)")
_CJK_DIGITS = {c: i for i, c in enumerate("一二三四五六七八九", 1)}
# a translated paper's sections labelled "## 第2节 背景：..." (section 2) above "### 2.1 ...": the label is no part of the name,
# as "Chapter 2 —" is none (_LABELLED_NUMBER); a thesis sets "第一节" under "第一章", so it sets no level: the depth says
_CJK_SECTION_LABEL = re.compile(r"^第(?:[一二三四五六七八九十]{1,3}|\d{1,2})节[\s:：]*(?=\S)")
# a subsection's number an OCR spaced after its dot: "1. 1　重组亚单位蛋白疫苗" (a Chinese journal's ideographic space after
# it), "3. 2. 1. Training" -- one number, "3.2.1", when a dot or an ideographic space ends it ("3. 3D-aware GAN" is section 3)
_SPACED_SUBNUMBER = re.compile(r"^\d{1,2}(?:\. \d{1,2})+(?=\u3000|\.\s)")


def _cjk_number(numeral: str) -> int:
    """"三" -> 3, "十二" -> 12, "二十一" -> 21 (the numerals chapters are counted in)."""
    if numeral.isdigit():
        return int(numeral)
    tens, _, units = numeral.rpartition("十")
    return (10 * (_CJK_DIGITS.get(tens, 1)) if "十" in numeral else 0) + _CJK_DIGITS.get(units, 0)

_REF_NAMES = (
    # (an OCR may lose the space between the words: "LITERATURECITED"; a literature review closes on an "Annotated
    # Bibliography": its entries each followed by a note on the paper, still the document's list)
    r"(?:notes\s+and\s+)?references?(?:\s+and\s+notes)?|(?:(?:selected|annotated)\s+)?bibliography|works\s*cited|"
    r"literature\s*cited|citations?|(?:(?:key|selected|prioriti[sz]ed|primary|secondary|recommended|further|additional|main|core)\s+)?"
    r"(?:cited\s+)?sources?(?:\s+cited)?|reference\s+list|list\s+of\s+references|cited\s+works|"
    # (an agent's report in Chinese heads its sources "参考资料" -- reference material -- or "参考来源", sources; Qianfan's
    # deep-research reports "参考内容如下：", the reference content is as follows)
    r"endnotes|footnotes|bibliographie|literatur(?:verzeichnis)?|参考文献|引用文献|参考资料|参考来源|参考内容(?:如下)?|"
    # the list's name in the paper's own language: Korean "참고문헌" / "참고자료", Portuguese "Referências (bibliográficas)", Dutch
    # reports' "Literatuur", "Literatuurlijst", "Referenties", "Bronnenlijst" (list of sources), Gemini's Chinese reports'
    # "引用的著作" (works cited), Portuguese "Bibliografia" (a docling conversion of a Brazilian review); a dissertation's
    # "List of References" is above. (Not the Spanish "Referencias" nor the Turkish
    # "Referanslar": the reports in those languages at hand print them inside the text, a part's or a sub-report's own list,
    # and the document's list comes later)
    # (and the Spanish "Bibliografía", its accent kept: a Venezuelan thesis's "### BIBLIOGRAFÍA" of APA bullets)
    r"참고\s*문헌|참고\s?자료|referências(?:\s+bibliográficas)?|bibliograf[ií]a|literatuur(?:lijst)?|referenties|bronnen(?:lijst)?|引用的著作"
)
# (with a word on the list in parentheses: "Bibliography (Selected Sources)", "References (continued)")
# (a Chinese journal's heading with full-width marks, or one of each: "参考文献(References）:")
# (a bilingual paper's heading in both languages, after a slash: "References / 参考文献")
_REF_TITLE = re.compile(rf"^(?:{_REF_NAMES})(?:\s*/\s*(?:{_REF_NAMES}))?(?:\s*[(（][^()（）]{{1,40}}[)）])?\s*[:：]?$", re.I)
# journals' summaries beside the abstract (PLoS "Author summary", PNAS "Significance"): boxes a converter may set
# anywhere on the first pages, even after the introduction
_SUMMARY_BOXES = r"(?:author|lay|plain\s+language)\s+summary$|significance(?:\s+statement)?$|(?:research\s+)?highlights$|key\s+points$"
_SUMMARY_BOX = re.compile(rf"^(?:{_SUMMARY_BOXES})", re.I)
_FRONT_MATTER = re.compile(
    r"^(abstract|acm\s*reference\s+format|ccs\s+concepts|keywords|key\s*words|index\s+terms|(?:table\s+of\s+)?contents$|"
    rf"{_SUMMARY_BOXES}|graphical\s+abstract$|"
    # the abstract again in a second language (bilingual journals: "Resumen", "Resumo", "Résumé", "Zusammenfassung")
    r"resumen$|resumo$|résumé$|zusammenfassung$|"
    # and its keywords: Portuguese "Palavras-chave", Spanish "Palabras clave"
    r"palavras[-\s]chave|palabras[-\s]clave|"
    # the summary and contents pages of a report or thesis in its own language: Dutch "Samenvatting" / "Voorwoord" (foreword) /
    # "Inhoudsopgave", Spanish "Tabla de contenidos", Portuguese "Sumário", Turkish "İçindekiler" / "Özet", Korean "초록" /
    # "목차", Japanese "要旨" / "目次", Chinese "摘要" / "目录"
    r"samenvatting$|voorwoord$|inhoudsopgave$|tabla\s+de\s+contenidos?$|sum[aá]rio$|i̇?çindekiler$|özet$|"
    r"초록$|목차$|要旨$|目次$|摘要$|目[录錄]$|"
    # (German "Inhaltsverzeichnis" above a report's sections, French "Table des matières", Spanish and Portuguese "Índice",
    # Russian "Содержание" / "Оглавление" (contents) and "Аннотация" (abstract))
    r"inhaltsverzeichnis$|table\s+des\s+mati[èe]res$|[íi]ndice$|содержание$|оглавление$|аннотация$|"
    # a structured abstract under its own heading ("Structured Abstract", then "Background", "Methods", ...), Taylor &
    # Francis' "ARTICLE HISTORY" box (received, accepted) beside the abstract
    r"structured\s+abstract$|article\s+history$|"
    # a generated paper's first part holding its title and its abstract ("**1. Title and Abstract**", then "**2. Introduction**")
    r"title\s+and\s+abstract$|"
    r"additional\s+key\s+words(\s+and\s+phrases)?)\b",
    re.I,
)
_KEYWORDS_PARA = re.compile(
    r"^\s*\**(?:index\s+terms|keywords|key\s+words(?:\s+and\s+phrases)?|additional\s+key\s+words\s+and\s+phrases)"
    r"\**\s*[—–:.\-]+\s*(.+)$",
    re.I | re.S,
)
_ABSTRACT_PARA = re.compile(r"^\s*\**abstract\**\s*[—–:.\-]+\s*", re.I)


@dataclass
class _Heading:
    line: int
    depth: int
    raw: str
    number: str | None
    number_level: int | None
    title: str
    page_top: bool = False  # first heading on a page (after a page marker): its depth is the converter's


@dataclass
class _Doc:
    title: str
    sections: list[Section] = field(default_factory=list)
    section_lines: list[list[str]] = field(default_factory=list)
    front: list[str] = field(default_factory=list)
    ref_blocks: list[list[str]] = field(default_factory=list)
    titled: bool = True  # the file prints a title line (else its name is the title, and it has no title page)
    # pandoc citeproc's entries by the citation keys their divs keep as anchors: (key, entry text) (see _CSL_ANCHOR)
    citeproc_anchored: list[tuple[str, str]] = field(default_factory=list)


def parse_heading(raw: str) -> tuple[str | None, int | None, str]:
    """(number as printed, level implied by the number, title without the number)."""
    t = re.sub(r"^[*_]+|[*_]+$", "", raw.strip()).strip()
    if "\\" in t:
        t = _MD_ESCAPE.sub(r"\1", t)  # "1\\. Introduction": a Markdown exporter escaped the number's dot
    if "．" in t:
        t = t.replace("．", ". ")  # an OCR's full-width period after the number: "1．Introduction", "4.1.1． Safe workplace"
        t = re.sub(r"(?<=\d)\. (?=\d)", ".", t)
    t = _SPACED_SUBNUMBER.sub(lambda m: m.group(0).replace(" ", ""), t)
    m = _CJK_CHAPTER.match(t)
    if m:
        return str(_cjk_number(m.group(1))), 1, t[m.end() :].strip()
    m = _CJK_NUMBERED.match(t)
    if m:
        return m.group(1) or m.group(2), 1 if m.group(1) else 2, t[m.end() :].strip()
    m = _LABELLED_NUMBER.match(t) or _CJK_SECTION_LABEL.match(t)
    if m:
        return None, None, t[m.end() :].strip()
    m = _LETTER.match(t)
    if m:
        num = m.group(1) or m.group(2)
        rest = t[m.end() :].strip() or t
        return num, num.count(".") + 1, rest
    m = _ARABIC.match(t)
    if m and t[m.end() :].strip():
        num = m.group(1)
        if all(int(p) <= 60 for p in num.split(".")):
            return num, num.count(".") + 1, t[m.end() :].strip()
    m = _ROMAN.match(t)
    if m and m.group("r"):
        num = m.group(0).strip().rstrip(".:")
        level = 1 + (1 if m.group("l") else 0) + (1 if m.group("d") else 0)
        return num, level, t[m.end() :].strip()
    return None, None, t


def read_markdown_text(
    text: str,
    path: Path,
    *,
    topic: str | None,
    system: str | None,
    report: FileReport,
    source_format: str = "markdown",
    numbered_overrides: dict[str, dict[str, str]] | None = None,
) -> Survey:
    doc = _structure(text, path, topic, report)
    if not any(doc.ref_blocks):
        report.warnings.append("no reference section found")
    entries: list[RefEntry] = []
    vocab = {w.lower() for w in re.findall(r"(?<![\w-])[^\W\d_]{3,}(?![\w-])", text)}
    furniture = _running_heads(doc)
    for block in _merge_continued_blocks(doc.ref_blocks):  # numbering may restart in a later block
        block = [_MD_ESCAPE.sub(r"\1", ln) for ln in block]  # "\\[1\\] Title" from Markdown exporters
        block = _running_heads_out(block, furniture, report)
        split = split_reference_lines(_join_hyphenated(block, vocab))
        for reason, sample in split.skipped:
            report.skip(reason, sample)
        report.warnings.extend(split.warnings)
        entries.extend(split.entries)
    sources = {n for e in entries if e.layout == "source" for n in e.numbers}
    if sources:
        # a report's curated lists under the reference heading ("#### Primary Sources" 1..14, "####
        # Secondary Sources" 1..11) before its source list: the text's numbers point at the sources
        for e in entries:
            if e.layout != "source" and set(e.numbers) & sources:
                e.numbers, e.layout = [], "curated"
    references, by_number = _build_references(entries, report, numbered_overrides or {})
    if references and not by_number and _cited_by_position(doc.section_lines, references):
        # a list whose numbers the conversion lost (PLOS's XML rendered as bullets) cited "[12]", "[14,15]"
        # in order of first use: the entries are numbered as they stand -- or by the numbers they print when the
        # splitter took them for text ("**1.**Beckwith J (2011) ...", a web page's list behind a disclaimer entry)
        printed = [m.group(1) if (m := _PRINTED_NUMBER.match(r.raw or "")) else None for r in references]
        numbered = [int(n) for n in printed if n]
        by_print = len(numbered) >= 0.8 * len(references) and len(set(numbered)) == len(numbered) and _longest_rising_run(numbered) >= 0.9 * len(numbered)
        for i, r in enumerate(references, 1):
            number = printed[i - 1] if by_print else str(i)
            if number:
                r.numbers = [number]
                by_number[number] = r.id
        how = "the numbers they print at their start" if by_print else "position"
        report.warnings.append(f"the reference list prints no numbers but the text cites [n] in order of first use: "
                               f"its {len(references)} entries numbered by {how}")
    paren_list = sum(1 for e in entries if e.layout == "paren") > len(entries) / 2

    by_url: dict[str, str] = {}
    for r in references:
        if r.url:
            by_url.setdefault(url_key(r.url), r.id)
    linker = Linker(by_number=by_number, versions=version_names(text), paren_numbers=paren_list, by_url=by_url,
                    reference_pages=reference_pages(text))
    author_year = _author_year_index(references, linker)
    _label_keys(entries, references, linker)
    if doc.citeproc_anchored:
        _citeproc_anchors(doc.citeproc_anchored, references, linker)
    # an amsalpha list ("[AGN15] Z. Abedjan, L. Golab, F. Naumann. Profiling ..."): its labels are its keys
    alpha = {m.group(1): r.id for r in references if (m := _ALPHA_ENTRY.match(r.raw or ""))}
    if len(alpha) >= 3 and len(alpha) >= 0.8 * len(references):
        linker.by_label = alpha
    n_numbered = sum(1 for r in references if r.numbers)
    n_author_year = sum(1 for r in references if not r.numbers and r.authors and r.year)
    use_author_year = bool(author_year) and n_author_year >= n_numbered
    # the list's numbers the text cites, as brackets and the like read them (a probe: the document's own
    # linker counts the styles of what it keeps only), read once: they weigh against the keys below and
    # decide whether bare numbers are read
    numbered_probe = Linker(by_number=by_number, reference_pages=linker.reference_pages)
    number_marks = [c for lines in doc.section_lines for c in numbered_probe.numeric_marks("\n".join(lines))
                    if c.ref_ids] if by_number else []
    if not use_author_year and n_numbered:
        # a list numbered by its transcriber (an LLM, a converter: "1. Ion Androutsopoulos, ... 1995.") in
        # a text citing authors and years ("(Chen et al., 2023; Pourreza & Rafiei, 2024a)"): the keys
        # decide when they find more entries than the numbers do
        trial = Linker(by_number={}, versions=linker.versions)
        # (a list whose every entry the parser could not date -- "... J. ACM 20, 1, 46–61.1973" -- may still be keyed by
        # its entries' opening words and years: see Linker._unparsed)
        if _author_year_index(references, trial, numbered=True) or trial.unparsed_entries() >= n_numbered / 2:
            key_hits = sum(1 for lines in doc.section_lines
                           for c in trial.author_year_marks("\n".join(lines)) if c.ref_ids)
            number_hits = len(number_marks)
            if key_hits >= 3 and key_hits > number_hits:
                author_year, use_author_year = _author_year_index(references, linker, numbered=True), True
                report.warnings.append(
                    f"the reference list is numbered but the text cites authors and years ({key_hits} keys found, "
                    f"{number_hits} numbers): read as an author-year list")

    if by_number:
        # Documents citing their numbered list with brackets get no bare-number detection.
        bracket_hits = sum(1 for c in number_marks if "[" in c.marker)
        linker.bare_numbers = bracket_hits < max(3, len(by_number) // 10)
        # a numbered list cited "(9)", "(cf. 1,6)" (medical journals) when brackets are not used:
        # only parenthesised runs whose every number the list defines count (Linker.numeric_marks)
        linker.paren_after_words = linker.bare_numbers
        if linker.bare_numbers:
            # (with the body text before the first heading, as _untitled_preamble will keep it: a plain-text
            # article whose introduction has no heading holds most of its first citations there, "muscles1–4")
            body_before = [[p] for p in doc.front if _body_front_paragraph(p)]
            linker.glued_words = _glued_word_citations(body_before + doc.section_lines, by_number)
            linker.spaced_after_punct = _spaced_punct_citations(body_before + doc.section_lines, by_number)
            linker.glued_han = _glued_han_citations(body_before + doc.section_lines, by_number)

    scan_numbers = bool(by_number or by_url)
    if not scan_numbers:
        # A list that lost its numbering (merged into one entry, or printed unnumbered) must not
        # hide the text's bracketed markers: they are counted, unresolved, so the report cannot
        # read 100% when every citation was lost.
        probe = Linker(by_number={}, no_list=True)
        found = [c for lines in doc.section_lines for c in probe.numeric_marks("\n".join(lines))]
        bracketed = sum(1 for c in found if "[" in c.marker)
        # an IEEE list whose labels were lost reads as author-year entries (names, a year): its "[27]"
        # markers still count when they outnumber the text's author-year keys; else a bracketed number
        # in an author-year text is an interval or a note ("[0, 1]"), and a bare one a number
        # (the keys are counted only when there are bracketed numbers to weigh: most author-year texts have none)
        if use_author_year and _brackets_set_aside(bracketed, doc.section_lines, linker, report):
            found, bracketed = [], 0
        # a few bracketed numbers may be math or a note ("[0, 1]"); bare citations outnumber them
        bare_bound = None if bracketed >= 3 or use_author_year else _bare_citation_bound(doc.section_lines)
        if bare_bound:
            # a report citing bare numbers ("... trained on vast text 2 .") with its source list lost
            probe = Linker(by_number={}, no_list=True, bare_numbers=True, no_list_bound=bare_bound)
            found = [c for lines in doc.section_lines for c in probe.numeric_marks("\n".join(lines))]
        # one bracketed number is a citation; superscripts ("x$^{2}$" may be a power) need a few
        if bracketed or len(found) >= 3:
            scan_numbers = True
            linker.bare_numbers = bool(bare_bound)
            linker.no_list_bound = bare_bound or linker.no_list_bound
            linker.no_list = True
            numbers = {n for c in found for n in (c.unresolved or [])}
            if not any(doc.ref_blocks):
                report.warnings.append(
                    f"the text cites {len(numbers)} number{'s' if len(numbers) != 1 else ''} in {len(found)} "
                    f"marker{'s' if len(found) != 1 else ''} but the file has no reference list: every "
                    "marker is counted as unresolved")
            else:
                report.warnings.append(
                    f"the text has {len(found)} numbered citation markers but the reference list defines "
                    "no numbers: the list looks merged or unnumbered; the markers are counted as unresolved")

    elif not by_number and use_author_year:
        # an unnumbered author-year list whose entries hold addresses (the text's links to them are read): a
        # bracketed number is a footnote's mark ("... through a carbon tax [1] (Arrow et al. 1997, ...)")
        # when the text's keys outnumber such numbers, as above -- neither a citation nor an unresolved one
        probe = Linker(by_number={}, no_list=True)
        found = [c for lines in doc.section_lines for c in probe.numeric_marks("\n".join(lines)) if "[" in c.marker]
        bracketed = len(found)
        if bracketed and _brackets_set_aside(bracketed, doc.section_lines, linker, report):
            linker.footnote_brackets = True

    def paragraph(block: str) -> Paragraph:
        text = _code_blanked(block)
        marks = linker.numeric_marks(text) if scan_numbers else []
        if linker.by_label:
            marks = sorted(marks + linker.label_marks(text), key=lambda c: c.start or 0)
        if use_author_year:
            # "([Smith, 2024](https://...))": one citation, found as a link and as a key -- once
            spans = [(c.start or 0, c.end or 0) for c in marks]
            extra = [a for a in linker.author_year_marks(text)
                     if not any(x < (a.end or 0) and (a.start or 0) < y for x, y in spans)]
            marks = sorted(marks + extra, key=lambda c: c.start or 0)
        return Paragraph(text=block, citations=marks)

    for sec, lines in zip(doc.sections, doc.section_lines):
        for block in _blocks(lines):
            sec.paragraphs.append(paragraph(block))
    _untitled_preamble(doc, paragraph, report)

    extra: dict[str, object] = {}
    abstract = None
    keywords: list[str] = []
    for p in doc.front + [x.text() for x in doc.sections if _FRONT_MATTER.match(x.title)]:
        km = _KEYWORDS_PARA.match(p)
        if km and not keywords:
            keywords = [
                re.sub(r"(?<=\w)- (?=\w)", "-", k.strip(" ."))
                for k in re.split(r"[,;]", km.group(1))
                if k.strip(" .")
            ]
    if doc.front:
        extra["front_matter"] = doc.front
        for p in doc.front:  # kept as text in extra; markers there are not linked, but counted
            n = len(linker.numeric_marks(p)) if scan_numbers else 0
            n += len(linker.author_year_marks(p)) if use_author_year else 0
            if n:
                report.skip("citation markers in text before the first section (kept in extra.front_matter)", p, n)
        for p in doc.front:
            if _ABSTRACT_PARA.match(p):
                abstract = _ABSTRACT_PARA.sub("", p).strip()
                break
    for sec in doc.sections:
        if abstract is None and re.match(r"^abstract\b", sec.title, re.I) and sec.paragraphs:
            abstract = sec.text()
    survey = Survey(
        id=f"{system}:{topic}" if system else (topic or path.stem),
        title=doc.title,
        topic=topic,
        system=system,
        abstract=abstract,
        keywords=keywords,
        sections=doc.sections,
        references=references,
        source_format=source_format,
        source_path=str(path),
        extra=extra,
    )
    for example in linker.ignored:
        report.skip("bracketed number not taken as a citation (a year or an interval, no such entry)", example)
    figures.attach(survey, text)  # figures, tables and body_chars for every metric (weAIDB richness)
    fill_report(survey, report, linker.styles)
    return survey


_PREAMBLE_TITLE = "(text before the first heading)"


# a Chinese or Japanese character: text written without spaces, two of them about one English word
_CJK_CHARACTER = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def _body_front_paragraph(text: str) -> bool:
    """Whether a paragraph before the first heading reads as body text: 40 words at least (an author line's
    affiliation marks, "Price \\(^{3,4}\\)", are no citations), neither the abstract nor the keywords. Chinese
    prints no space between words: there 80 characters count as 40 words (a thesis chapter's unheaded paragraphs)."""
    long_enough = len(text.split()) >= 40 or len(_CJK_CHARACTER.findall(text, 0, 400)) >= 80
    return long_enough and not _ABSTRACT_PARA.match(text) and not _KEYWORDS_PARA.match(text)


def _prose_lines(text: str) -> bool:
    """Whether a paragraph's lines run as prose does: none but the last shorter than 40 characters."""
    return all(len(ln.strip()) >= 40 for ln in text.split("\n")[:-1])


# a paragraph's end: a sentence's stop, then any citation markers after it ("... feeds.[1][2][3]")
_SECTION_NAME_TITLE = re.compile(r"^(?:introduction|background|related\s+works?|literature\s+review)$", re.I)
_SENTENCE_END = re.compile(r"[.!?](?:\[\d{1,3}\])*\s*$")


def _untitled_preamble(doc: _Doc, paragraph: Callable[[str], Paragraph], report: FileReport) -> None:
    """Body text printed before the first heading (a journal article's unheaded introduction):
    from the first paragraph before the first heading that cites something (not the abstract or
    keywords), the text is kept as an untitled, non-content section at the top, so its citations
    are linked and counted; it is not one of the top-level sections the author headed."""
    # ("#### Received 10 July 2014; accepted 16 January 2015." next closes a Nature letter's unheaded text: no title page)
    first_title = doc.sections[0].title if doc.sections else ""
    if (_FRONT_MATTER.match(first_title) or _MORE_NON_CONTENT.match(first_title)) and not (
            _DATES_LINE.match(first_title) or _SUMMARY_BOX.match(first_title)):
        return  # "## Abstract" comes next: what precedes it is the title page (authors, affiliations)
    start, first = None, None
    body_seen = False
    for i, p in enumerate(doc.front):
        # (after a paragraph of body text, a shorter one of prose citing is body text too: a blog post's unheaded opening,
        # BAIR's "In the post, we also summarize the methods behind Dex-Net 2.0 (1), ..." after its first paragraph)
        body = _body_front_paragraph(p)
        if not (body or (body_seen and _prose_lines(p) and not _ABSTRACT_PARA.match(p))):
            continue
        body_seen = True
        first = paragraph(p)
        if first.citations:
            start = i
            break
    if start is None or first is None:
        return
    # (a Chinese character counts twice: written without spaces, a line of it holds twice the words)
    # (but where the title line is a section's name, the file is that one section saved alone -- "# Related Works" over its
    # one-paragraph overview, then its "##" parts: it has no title page, and a cited paragraph of prose right under that
    # line, ending a sentence, is its unheaded opening however short)
    opening = start == 0 and bool(_SECTION_NAME_TITLE.match(doc.title.strip())) and _prose_lines(doc.front[0]) \
        and bool(_SENTENCE_END.search(doc.front[0]))
    if sum(len(p) + len(_CJK_CHARACTER.findall(p)) for p in doc.front[start:]) < 500 and (doc.titled or not _prose_lines(doc.front[start])) \
            and not opening:
        # (a report with no title line -- a deep-research answer opening on its first paragraph -- has no title
        # page either: its one short cited paragraph before "### Pressure on ..." is body text all the same; a PDF
        # extraction's title page, its author line broken at each affiliation mark "Ying-Ju Lai / 1,2 / , Li- Ju
        # Wang", is no prose)
        return
    # the first cited paragraph is read once: reading it again would count its markers' styles twice
    paras = [first, *(paragraph(p) for p in doc.front[start + 1 :])]
    doc.front = doc.front[:start]
    for sec in doc.sections:
        sec.index += 1
        sec.parent = sec.parent + 1 if sec.parent else None
    top = min((sec.level for sec in doc.sections), default=1)
    doc.sections.insert(0, Section(index=1, level=top, title=_PREAMBLE_TITLE, is_content=False, paragraphs=paras))
    doc.section_lines.insert(0, [])
    report.warnings.append(
        f"{len(paras)} paragraphs before the first heading cite sources: kept as an untitled section "
        "(not counted among the top-level sections)")


# ---- structure -------------------------------------------------------------------------------------


# a line of text that is a sentence, not a heading: ends with "." / ":" / ";" or runs past 15 words
_SENTENCE_LIKE = re.compile(r"[^.][.:;,]\s*$|^\s*(?:\S+\s+){15,}\S")
_PAGE_HEADING = re.compile(r"^(?:page|p\.)\s*\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$", re.I)
# (a journal's article-type label alone: "Review", "Systematic Review", "Original Research")
# a field and its value -- an identifier with a digit and no space -- as a line of its own
_METADATA_FIELD = re.compile(r"^[A-Z][A-Za-z]+(?:\s[A-Za-z]+){0,2}:\s*(?=\S*\d)\S{2,80}$")
_ARTICLE_TYPE_BANNER = re.compile(
    r"^(?:research\s+article|tools\s+and\s+resources|research\s+advance|short\s+report|review\s+article|feature\s+article)"
    r"(?-i:\s+[A-Z][\w,]*(?:\s+(?:and\s+)?[A-Z][\w,]*){0,4})$", re.I)  # (then the subject, capitalised)
_BANNER = re.compile(
    r"^(?:research|original|review|brief|short)?\s*(?:article|paper|communication|report|letter)$|^open\s+access$|^(?:letter|article)\s+research$"
    r"|^(?:(?:systematic|narrative|scoping|invited|topical|mini[- ]?)\s*)?review$|^original\s+(?:research|investigation)$|^perspective$"
    r"|(?-i:^OPEN$)"  # (Nature's open-access badge, in capitals: "# OPEN" above the title of a Scientific Reports article)
    # an author manuscript's banner in PubMed Central: "# HHS Public Access", "NIH Public Access", "Europe PMC Funders Group"
    r"|^(?:HHS|NIH)\s+Public\s+Access$|^Author\s+Manuscript$|^Europe\s+PMC\s+Funders\s+(?:Group|Author\s+Manuscripts?)$",
    re.I)
# "<title> - Backmatter", "<title> - Appendix", "Backmatter": what follows is not the body; nor after
# "Appendix: Artifact Description" (an appendix named after a colon or dash, its own sections numbered anew), nor after
# "Appendix A. Search strategies" (a lettered or numbered appendix: a heading after it, "Catalog of harms", "ORCID iDs", is
# the appendices' or the back matter's)
_BACK_MATTER = re.compile(
    r"(?:^|\s[-–—:]\s)(?:back\s?matter|appendix|appendices|supplementary\s+material)$|^(?:appendix|appendices)\s*(?:[A-Z]|\d{1,2})?\s*[.:–—]\s*\S"
    # an appendix in another language: Dutch "Bijlage 1: Het wettelijk kader" / "BIJLAGE A", Portuguese "Apêndice A", Spanish
    # "Anexo", German "Anhang"; Korean "부록", Japanese "付録", Chinese "附录", which a translation may set after the words the
    # title begins with ("합성 데이터에 대한 부록 B 필터링 세부 정보", appendix B on synthetic data), or with the English word in
    # brackets after it ("附录（Appendix）"); a Chinese paper's "补充材料" (supplementary material) and "附件" (attachments)
    # after its conclusion, the appendices' own headings below them ("附录 A：评估指标")
    r"|^(?:bijlagen?|ap[eê]ndices?|anexos?|anhang)(?:\s+(?:[A-Z]|\d{1,2}))?(?:\s*[.:–—]\s*\S.*)?$|(?:^|\s)(?:부록|付録|附录|附錄)(?:\s?[A-Z0-9]{1,2})?(?:\s|$|[.:：（(])"
    r"|^(?:补充材料|补充资料|補充材料|補充資料|附件)(?:\s*[（(：:].*)?$",
    re.I)
# "Executive Summary: The Synthetic Data Paradox ..." -- a report may give its summary a subtitle
# ("Executive summary and recommendation": the summary with the report's advice; "Executive Summary of Market Dynamics",
# a Gemini report's summary named after what it sums up)
_EXEC_SUMMARY = re.compile(
    r"^(?:executive\s+summary(?:\s+and\s+(?:key\s+)?(?:recommendations?|conclusions?|findings)|\s+of\s+[^:—–：]{1,80})?|summary\s+of\s+findings|key\s+findings|tl;?\s?dr"
    r"|执行摘要|執行摘要)"  # (a Chinese report's "执行摘要：", executive summary, with its full-width colon)
    r"(?:\s*[:—–：]\s*\S.*)?[:：]?$", re.I)
_DATES_LINE = re.compile(r"received:?\s.{0,40}\baccepted\b", re.I)
# a venue's checklist after the paper ("NeurIPS Paper Checklist"): back matter, a heading or a plain line
_CHECKLIST = r"^(?:(?:NeurIPS|ICML|ICLR|AAAI)\s+)?(?:paper\s+)?checklist$"
_MORE_NON_CONTENT = re.compile(
    r"^(?:reproducibility|impact|broader\s+impacts?|ethics|code\s+availability)(?:\s+statements?)?$|^article\s+info(?:rmation)?$"
    r"|^(?:data\s+and\s+code|materials?)\s+availability(?:\s+statement)?$|^(?:open\s+)?practices\s+statement$|^author\s+notes?$"
    r"|^correspond(?:ence|ing\s+authors?)$|^ethic(?:s|al)\s+(?:approval|declarations?|standards)$|^compliance\s+with\s+ethical\s+standards$"
    r"|^figures?\s+and\s+tables?$"  # (GROBID's TEI to Markdown gathers the captions under this heading)
    r"|^declaration\s+of\s+interests?$|^financial\s+disclosures?$|^supplemental\s+(?:material|information|data)$|^credit\s+author(?:ship)?\s+statement$"
    r"|^published\s+by\s"  # a journal's imprint page after the list: "Published by Baishideng Publishing Group Inc"
    # a publisher's back matter made a heading: BioMed Central's and SpringerOpen's advert ("Submit your next manuscript to
    # BioMed Central and we will help you at every step:"), Nature's "Reprints and permissions information is available at"
    # and "Online content", the dates line ("Received: 6 December 2017 Accepted: 14 February 2018"), the online-only
    # addenda of a guideline ("10. Web addenda"), a list for further reading
    r"|^submit\s+your\s+(?:next\s+)?manuscript\b|^reprints\s+and\s+permissions?\b|^online\s+content$|^" + _DATES_LINE.pattern +
    r"|^web\s+addend(?:a|um)$|^further\s+reading$"
    # a review's box beside the text (Trends journals' "Highlights."), a report's list of its images' sources ("## Image
    # Sources" after "## Sources"): no section of the text (a "Glossary" may be one: a report's glossary cites its sources)
    r"|^(?:highlights|image\s+sources)\.?$"
    # more of a journal's back matter a converter keeps as headings: IOP's "ORCID iDs" and Taylor & Francis' "ORCID" (the
    # authors' identifiers), the APS journals' "GRANTS" (funding), Nature's "Peer review information", an IEEE review's
    # "LIST OF ABBREVIATIONS" before its introduction, the ACS journals' "ASSOCIATED CONTENT" (the supporting information),
    # a scraper's "Source Information" (search query, date) after the text
    # a blog post's note on its revisions under a heading of its own before the text ("## Version 1.2.0": what was edited when)
    r"|^version\s+\d{1,3}(?:\.\d{1,3}){1,3}$"
    # (a publisher's cover page before the article, IOP's "You may also like" with other papers' titles)
    r"|^you\s+may\s+also\s+like$"
    r"|^biographical\s+sketch$"  # (a dissertation's last page, the author's life: University of Florida's theses)
    r"|^orcid(?:\s+ids?)?$|^grants?$|^peer\s+review\s+information\b|^list\s+of\s+abbreviations$|^source\s+information$"
    r"|^associated\s+content$"
    # a web capture's page furniture after the text: Springer Nature's "Rights and permissions" and "About this article"
    # (nature.com, BMC), the statements MDPI and Mary Ann Liebert print ("Institutional Review Board Statement", "Informed
    # Consent Statement", "Authorship Confirmation Statement", "Author Disclosure Statement"), Frontiers' "Statements" (its
    # back matter's group heading), a blog's "Author bios", "Figure credits" and "Contact", R Markdown's "Session info" (the R session
    # that knitted the page) and a blog's thanks under a heading of their own ("Thank the reviewers")
    r"|^rights\s+and\s+permissions$|^about\s+this\s+article$|^statements$"
    r"|^(?:institutional\s+review\s+board|informed\s+consent|authorship\s+confirmation|author\s+disclosure)\s+statements?$"
    r"|^author\s+bios?$|^(?:figure|image)\s+credits?$|^session\s+info(?:rmation)?$|^thank(?:s|\s+(?:you|the|a)\b)|^contact$"
    rf"|{_CHECKLIST}"  # (a venue's checklist after the paper)
    r"|^extended\s+data\s+(?:fig(?:ure)?\.?|table)\s*\d",  # Nature's "Extended Data Table 3 | The effects of ...": a caption
    re.I)
# a Chinese table's or figure's caption made a heading, "## 表格 1" (table 1), "## 图 2" (figure 2): no section, as "Table 1" is
# none (is_non_content_title); unlike the back matter, no sign that the text before it is a title page
_CJK_CAPTION = re.compile(r"^(?:表格?|图|圖)\s*\d{1,3}\b")
_SETEXT = re.compile(r"^[ ]{0,3}(=+|-+)[ \t]*$")
_NOT_SETEXT_TEXT = re.compile(r"^\s*(?:[-*+>|#]|\d+[.)]\s|```|~~~|\$\$)")


def _setext_to_atx(lines: list[str]) -> list[str]:
    """"Title\n=====" / "Section\n-----" (Pandoc and other converters) as "# Title" / "## Section".
    Only a single text line after a blank line counts, so a "---" rule after a paragraph, a table
    or a list stays what it is; the line count is kept."""
    out = list(lines)
    in_fence = False
    # a document whose sections are ATX headings ("# Title", "## 1 Introduction") does not also
    # write "Section\n-----": there a "-----" under a line of text is a rule or a table's edge
    atx_top = sum(1 for ln in lines if re.match(r"^#{1,2}[ \t]+\S", ln)) >= 2
    for i in range(1, len(lines)):
        if _FENCE.match(lines[i - 1]):
            in_fence = not in_fence
        m = _SETEXT.match(lines[i])
        prev = lines[i - 1]
        if in_fence or not m or not prev.strip() or _NOT_SETEXT_TEXT.match(prev):
            continue
        if (i >= 2 and lines[i - 2].strip()) or len(prev.strip()) > 200:
            continue
        if m.group(1).startswith("-") and (len(m.group(1)) < 2 or atx_top or _SENTENCE_LIKE.search(prev)):
            continue
        out[i - 1] = ("# " if m.group(1).startswith("=") else "## ") + prev.strip()
        out[i] = ""
    return out


# a heading's hashes alone on their line, its numbered name on the next line of text ("##" / "II-A Agentic Workflows")
_BARE_HASHES = re.compile(r"^(#{1,6})[ \t]*$")
_HASHES_PAGE_BREAK = re.compile(r"^(#{1,6})[ \t]*\f[ \t\f]*(?=\S)")
# a Chinese writer's heading with no space after its hashes, "##一、引言" between "## 摘要" and "## 二、相关工作": the Chinese
# numbering ("一、", "第三章") right after the hashes says heading (a hashtag, "#人工智能", has no numeral and no "、")
_HASHES_GLUED_CJK = re.compile(r"^(#{1,6})(?=[一二三四五六七八九十]{1,3}、|第(?:[一二三四五六七八九十]{1,3}|\d{1,2})[章节])")
_NUMBERED_NAME_LINE = re.compile(
    r"^(?:(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})(?:-[A-Z]\d{0,2})?|\d{1,2}(?:\.\d{1,2}){0,3}\.?)[ \t]+[A-Z][^\n]{1,100}(?<![.,;:])$")


def _bare_hashes_joined(lines: list[str]) -> list[str]:
    """A converter (a LaTeX-to-Markdown pipeline) may write a heading's hashes on a line of their own and its name on
    the next line of text: "##" / "I Introduction", "##" / "III-A System Environment Setup". Where that line is numbered
    as a section is (Roman or Arabic, a capital after the number, no sentence's end) the two are one heading; hashes before
    anything else (a formula's "#", an empty heading) stay what they were. The line count is kept."""
    out = list(lines)
    for i, ln in _outside_code(lines):
        m = _BARE_HASHES.match(ln)
        j = next((k for k in range(i + 1, min(i + 3, len(lines))) if lines[k].strip()), None) if m else None
        if m and j is not None and _NUMBERED_NAME_LINE.match(lines[j].strip()):
            out[i], out[j] = f"{m.group(1)} {lines[j].strip()}", ""
    return out


_LINE_NUMBER = re.compile(r"^(\d{1,4})(?:[ \t]+(?=\S)|[ \t]*$)")


_MARKDOWN_BLOCK = re.compile(r"^\s*(?:[-*+•]\s|\d{1,3}[.)]\s|#|>|\||```|\$\$|(?:-{3,}|\*{3,}|_{3,})\s*$)")
_NO_WRAP_BLOCK = re.compile(r"^\s*(?:#|\||```|\$\$|(?:-{3,}|\*{3,}|_{3,})\s*$)")
_LIST_ITEM_LINE = re.compile(r"^\s*(?:[-*+•]\s|\d{1,3}[.)]\s)")


def _double_spaced_lines(lines: list[str], report: FileReport) -> list[str]:
    """A PDF's text with a blank line after every line (pdfminer's layout of some PDFs, in some stretches or
    throughout; two, in a manuscript's double spacing): there the file's usual gap ends no paragraph. In a
    file with fifty lines of prose (four words or more) standing alone between blank lines, the gap after a
    full-width line (three quarters of the usual length or more) goes -- the paragraph wraps on -- when the
    sentence goes on over it, or when three in five of the nearby lines of prose (eight before and after)
    stand alone; the gap after a short line (a paragraph's last, a heading, an entry's end), or a longer
    one, stays."""
    prose = [k for k, ln in enumerate(lines) if len(ln.split()) >= 4]
    alone = [(k == 0 or not lines[k - 1].strip()) and (k + 1 == len(lines) or not lines[k + 1].strip()) for k in prose]
    if sum(alone) < 50:
        return lines
    # (lines of prose: a table's numbers and labels, one or two words a line, are no measure of the width)
    lengths = sorted(len(lines[k].strip()) for k in prose)
    usual = lengths[len(lengths) // 2]
    # lines wrapped at the page's width: most as long as the usual one, none much longer (a converter's
    # one-line paragraphs -- MinerU's, marker's -- run to hundreds of characters and vary)
    if not 40 <= usual <= 130 or lengths[int(0.9 * len(lengths))] > 1.8 * usual:
        return lines
    # the file's own gap between two lines of a paragraph: one blank line, or two (a manuscript's
    # double spacing); a longer gap ends a paragraph
    gaps: Counter[int] = Counter()
    for k in prose:
        g = 0
        while k + 1 + g < len(lines) and not lines[k + 1 + g].strip():
            g += 1
        if g:
            gaps[g] += 1
    gap = gaps.most_common(1)[0][0] if gaps else 1
    out: list[str] = []
    dropped = 0
    k = 0
    while k < len(lines):
        ln = lines[k]
        before = lines[k - 1].strip() if k else ""
        if not ln.strip() and before and len(before) >= 0.75 * usual and not _NO_WRAP_BLOCK.match(before):
            run = 1
            while k + run < len(lines) and not lines[k + run].strip():
                run += 1
            nxt = lines[k + run].strip() if k + run < len(lines) else ""
            # a bullet, a numbered item, a heading, a table is a block of its own; a list item goes on
            # only into a line in lower case ("1. The excess return ..." / "bill is, on average, ...")
            if _MARKDOWN_BLOCK.match(nxt) or (_LIST_ITEM_LINE.match(before) and not nxt[:1].islower()):
                out.append(ln)
                k += 1
                continue
            # mid-sentence (no sentence ends before it, or the next line goes on in lower case) wherever the
            # file is spaced so; after a sentence's end only where the lines around stand alone
            at = bisect.bisect_left(prose, k)
            near = alone[max(0, at - 8) : at + 8]
            if run <= gap and ((not before.endswith((".", "?", "!", ":", "”", '"')) or nxt[:1].islower()) or (
                    near and sum(near) >= 0.6 * len(near))):
                dropped += run
                k += run
                continue
        out.append(ln)
        k += 1
    if dropped:
        report.warnings.append(f"a blank line after every line: {dropped} blank lines inside paragraphs joined their lines")
    return out


_NUMBER_RUN = re.compile(r"(?<!\S)\d{1,5}(?: \d{1,5}){7,}(?!\S)")


def _line_number_runs_out(lines: list[str], report: FileReport) -> list[str]:
    """A review copy's line numbers gathered by the converter into runs inside the text ("1321 1322 [1] 2005-2018.
    Amazon Mechanical Turk. ...", a paragraph "1287 1288"): runs of eight numbers or more, each the one before plus
    one (nine steps in ten; a number may be missing), go -- when the file holds two such runs at least (a table's
    row of counts does not run so, twice)."""
    def counts_on(m: re.Match[str]) -> bool:
        ns = [int(x) for x in m.group().split()]
        steps = [b - a for a, b in zip(ns, ns[1:])]
        return sum(st in (1, 2) for st in steps) >= 0.9 * len(steps) and sum(st == 1 for st in steps) >= 0.7 * len(steps)

    text = "\n".join(lines)  # one pass over the text (a run holds no line break)
    found = [m for m in _NUMBER_RUN.finditer(text) if counts_on(m)]
    if len(found) < 2:
        return lines
    starts = list(itertools.accumulate((len(ln) + 1 for ln in lines[:-1]), initial=0))
    out = list(lines)
    for i in sorted({bisect.bisect_right(starts, m.start()) - 1 for m in found}):
        out[i] = _NUMBER_RUN.sub(lambda m: "" if counts_on(m) else m.group(), lines[i]).strip()
    report.warnings.append(f"{len(found)} runs of manuscript line numbers removed from the text")
    return out


def _manuscript_line_numbers(lines: list[str], report: FileReport) -> list[str]:
    """A preprint printed with its manuscript's line numbers (bioRxiv, journal review copies) keeps them
    at the start of every line: "89 1 **1. Introduction**", "90 Cellular mechanical forces ...". Evidence:
    most non-blank lines open with a number, and each such number is the one before plus one (a page
    may start again at 1) -- a numbered list's or a table's numbers do not run line by line like that.
    The numbers go; a line holding only its number goes too."""
    numbered = [(i, int(m.group(1))) for i, ln in enumerate(lines) if ln.strip() and (m := _LINE_NUMBER.match(ln))]
    nonblank = sum(1 for ln in lines if ln.strip())
    if len(numbered) < 30 or len(numbered) < 0.6 * nonblank:
        return lines
    steps = sum(1 for (_, a), (_, b) in zip(numbered, numbered[1:]) if b == a + 1 or b == 1)
    if steps < 0.8 * (len(numbered) - 1):
        return lines
    out = list(lines)
    for i, _n in numbered:
        out[i] = _LINE_NUMBER.sub("", lines[i], count=1)
    report.warnings.append(f"{len(numbered)} manuscript line numbers removed from the starts of lines")
    return out


# (AEA journals number their sections in Roman: "**I. Research Design**", "**III. Results**")
# (a Markdown exporter may escape the number's period, "**1\\. Introduction**", set a species in italics
# inside the bold, "**3\\. Implications ... by *Aedes aegypti***", or leave a colon after it)
_BOLD_NUMBERED = re.compile(
    r"^\s*(?:\*\*|__)((?:\d{1,2}(?:\\?\.\d{1,2})*(?:\\?\.)?|(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})\\?\.)\s+"
    r"(?:[^*_\n]|\*[^*\n]+\*(?!\*\*\s*$)|_[^_\n]+_){2,200}?(?:\*[^*\n]+\*)?)(?:\*\*|__)\s*:?\s*$")
_BOLD_NUMBER_APART = re.compile(r"^\*\*((?:\d{1,2}|[A-H])(?:\.\d{1,2}){0,3}\.?)\*\*\s+\*\*([^*\n]{2,200})\*\*\s*$")
_BOLD_APPENDIX = re.compile(r"^\s*\*\*([A-H](?:\.\d{1,2}){0,2}\.?)\s+([A-Z][^*\n]{1,200})\*\*\s*$")
_BOLD_REFS = re.compile(r"^\s*(?:\*\*|__)\s*(references|bibliography|works\s+cited)\s*:?\s*(?:\*\*|__)\s*$", re.I)
_PLAIN_REFS = re.compile(r"^\s*(references|bibliography|works\s+cited)\s*$", re.I)


_ATX_LINE = re.compile(r"^#{1,6}[ \t]+(\S.*)$")
# a section's heading run into its page's text: "**1. Introduction ** Many information programs ...", "**References **"
_RUN_IN_BOLD_HEADING = re.compile(r"\*\*((?:\d{1,2}\.?\s+[A-Z][^*\n]{1,100}?|references|bibliography|literature\s+cited|appendix[^*\n]{0,60}?))\s*\*\*",
                                  re.I)


def _pages_as_headings(lines: list[str], report: FileReport) -> list[str]:
    """A converter that prints each page as one heading line ("###### <the page's whole text>", paragraphs parted
    by two spaces, headings as bold runs inside): with five such lines or more (sixty words each), they are the
    pages' text (and so are shorter heading lines of sentences) -- paragraphs at the double spaces, the bold numbered headings and "**References**" headings of
    their own, and the other heading lines that hold a formula ("## ∫∑") text."""
    headings = {i: m.group(1) for i, ln in enumerate(lines) if (m := _ATX_LINE.match(ln))}
    pages = [i for i, text in headings.items() if len(text.split()) >= 60]
    if len(pages) < 5:
        return lines
    # a short page is one too when it reads as sentences, not a heading: the list's last entry alone on the last
    # page ("###### Wahlund, R., and J. Gunnarsson. 1996. Mental Discounting ... 17(6): 709–30.")
    pages += [i for i, text in headings.items() if 12 <= len(text.split()) < 60 and text.rstrip().endswith(".") and ". " in text
              and not text.startswith(("*", "_"))]
    out = list(lines)
    for i in pages:
        text = _RUN_IN_BOLD_HEADING.sub(lambda m: "\n\n## " + m.group(1).strip() + "\n\n", headings.pop(i))
        out[i] = "\n\n".join(p.strip() for p in re.split(r"\s{2,}|\n\n", text) if p.strip())
    for i, text in headings.items():
        if _MATH_IN_TITLE.search(text) or len(re.findall(r"[^\W\d_]", text)) < 2:
            out[i] = text  # a formula's line the converter set as a heading ("## ∫∑", "## SP i ( ) Γ = ∑ P ir", "## \uf024")
    report.warnings.append(f"{len(pages)} pages printed as heading lines read as the pages' text")
    return "\n".join(out).split("\n")


def _emphasis_only(line: str) -> str | None:
    """A line of bold and italic runs only, its words without the marks ("**II. The Timeline ... by** *Homo heidelbergensis*"
    -> "II. The Timeline ... by Homo heidelbergensis"); None when a word stands outside every run."""
    bold = italic = False
    words: list[str] = []
    for part in re.split(r"(\*{1,3})", line.strip()):
        if part.startswith("*"):
            bold, italic = (not bold if len(part) >= 2 else bold), (not italic if len(part) != 2 else italic)
        elif part.strip() and not (bold or italic):
            return None
        else:
            words.append(part)
    return None if bold or italic else "".join(words)


def _bold_with_italics_joined(line: str) -> str:
    """A numbered heading whose bold a species' italics break (WebThinker's reports: "**V. Cooking ... within** *Homo
    heidelbergensis* **Groups**", "**I. Introduction ... \\-** *Homo heidelbergensis***, the Significance ...**"): one bold
    line, as :data:`_BOLD_NUMBERED` reads it."""
    if not line.startswith("**") or line.count("*") > 16 or _BOLD_NUMBERED.match(line):
        return line
    words = _emphasis_only(line)
    return f"**{words.strip()}**" if words and _BOLD_NUMBERED.match(f"**{words.strip()}**") else line


def _bold_numbered_headings(lines: list[str], report: FileReport) -> list[str]:
    """Converters that print section headings as bold lines ("**2 Methods**") and no Markdown
    headings: with at least three numbered bold lines and at most two Markdown headings (or a few more,
    none numbered, when the bold lines number the paper 1, 2, 3, ... in order), the bold lines become
    headings (depth from the number), and so does a bold "References" -- and, after it, bold lettered
    appendices."""
    # pymupdf4llm may bold the number and the name apart: "**2.1** **Federated learning through model aggregation:**"
    original = lines
    lines = [_bold_with_italics_joined(_BOLD_NUMBER_APART.sub(r"**\1 \2**", ln)) if ln.startswith("**") else ln for ln in lines]
    in_fence = False
    atx = bold = 0
    atx_numbered = False
    tops: list[str] = []  # the bold lines' top-level numbers, in order
    for ln in lines:
        if _FENCE.match(ln):
            in_fence = not in_fence
        elif not in_fence:
            h = _HEADING.match(ln)
            atx += bool(h)
            atx_numbered = atx_numbered or bool(h and parse_heading(h.group(2))[0])
            b = _BOLD_NUMBERED.match(ln)
            bold += bool(b)
            if b and "." not in (number := b.group(1).split()[0].replace("\\", "").rstrip(".")):
                tops.append(number)
    # a few Markdown headings beside them (pymupdf4llm's title "### **Goal-Space Planning ...**", a figure's
    # words) leave the bold lines the sections' headings when those number the paper 1, 2, 3, ... in order
    # and no Markdown heading carries a section number
    in_order = tops[:3] == ["1", "2", "3"] and tops == [str(k) for k in range(1, len(tops) + 1)]
    if bold < 3 or (atx > 2 and (atx_numbered or not in_order or bold < 2 * atx)):
        return original
    if "1" not in tops and _roman_plain_headings(lines):
        # bold lines whose numbers number no sections ("**30 Seconds:**", a table's row labels; "**2 to achieve
        # ...**", a wrapped line) beside plain lines numbered I., II., III. in order ("I. I NTRODUCTION"): those
        # are the sections, for the plain-text reader
        return original
    out = []
    after_refs = False
    for ln in lines:
        m = _BOLD_NUMBERED.match(ln)
        # (the list's heading may be a plain line beside them: pymupdf4llm's "REFERENCES")
        r = _BOLD_REFS.match(ln) or _PLAIN_REFS.match(ln)
        a = _BOLD_APPENDIX.match(ln) if after_refs else None
        if a:
            # the appendices after the list, lettered ("**A. Starting Simpler: ...**", "**A.1 Proofs ...**"):
            # headings too, so that the list ends where they begin
            out.append("#" * (2 + a.group(1).rstrip(".").count(".")) + " " + a.group(1) + " " + a.group(2).strip())
        elif m:
            # (a run-in heading's colon is no part of its name: "**2.1. Prevalence of Dengue Virus:**")
            out.append("#" * (2 + m.group(1).split()[0].rstrip(".").count(".")) + " " + m.group(1).strip().rstrip(":").rstrip())
        elif r:
            out.append("## " + r.group(1))
            after_refs = True
        else:
            out.append(ln)
    report.warnings.append(f"{bold} bold numbered lines read as section headings (no Markdown headings)")
    return out


def _bold_named_headings(lines: list[str], report: FileReport) -> list[str]:
    """A converter that prints every heading as a whole bold line, none numbered, and no Markdown heading
    (pymupdf4llm on a PubMed Central manuscript: "**EXPLANATIONS**", "**Latent Traits**", ..., "**LITERATURE CITED**"):
    the bold line naming the reference list is the evidence that the others, set apart by a blank line before them,
    are headings too (two at least). Those in capitals are the top level when others are not (their subsections)."""
    if any(_HEADING.match(ln) for _, ln in _outside_code(lines)):
        return lines
    heads: dict[int, str] = {}
    refs_at, refs_title = None, ""
    for i, ln in _outside_code(lines):
        b = _BOLD_LINE.match(ln) if ln.startswith(("**", "__")) else None
        if not b or (i and lines[i - 1].strip()):
            continue
        text = b.group(1).strip()
        if _REF_TITLE.match(text):
            refs_at, refs_title = i, text
            break
        if len(text.split()) <= 12 and text[:1].isupper() and not text.endswith((".", ":", ",", ";")):
            heads[i] = text
    if refs_at is None or len(heads) < 2:
        return lines
    capitals = {i for i, text in heads.items() if text.upper() == text}
    out = list(lines)
    for i, text in heads.items():
        out[i] = ("## " if i in capitals or not capitals else "### ") + text
    out[refs_at] = "## " + refs_title
    report.warnings.append(f"{len(heads)} bold lines read as section headings (no Markdown headings; the list's heading is bold too)")
    return out


_PLAIN_NUMBERED = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+([A-Z][^\n]{1,100})$")
# an arXiv HTML page (LaTeXML) copied as text prints a heading's number glued to its title: "1Introduction",
# "2.1Hierarchically spatial layer decomposition" -- read so only where a subsection's number is glued too (no footnote
# or affiliation mark, "1University of ...", ever is)
_PLAIN_NUMBERED_GLUED = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3})(?=[A-Z][a-z]{2}|[A-Z]{4})([A-Z][^\n]{1,100})$")
_GLUED_NUMBERED_HEADING = re.compile(r"^(.{3,}?[a-z)\]]\.)(\d{1,2}\.\s+[A-Z][\w ,:/()\-–’']{3,90}[\w)])$")
_MATH_IN_TITLE = re.compile(r"[=≤≥∈∉⊂∑∏∫√±×→←⟨⟩∀∃\x00-\x08]")
_PLAIN_CHAPTER = re.compile(r"^Chapter\s+(\d{1,2})\s*[:.–-]\s+([A-Z][^\n]{1,100})$")
# a report set out in parts ("Part I: The Conceptual Framework" ... "Part III: Implementation"), its sections numbered
# inside them ("Section 1: ...", "1.1 ..."): the parts are the top level, as a report's chapters are
_PLAIN_PART = re.compile(r"^Part\s+(\d{1,2}|[IVX]{1,4})\s*[:.–]\s+([A-Z][^\n]{1,100})$")
# a Chinese paper's text with no Markdown: its sections "一、引言", "二、..." on lines of their own, their subsections
# "（一）..." (an OCR may space inside the brackets: "( 一)\t...")
_PLAIN_CJK_TOP = re.compile(r"^([一二三四五六七八九十]{1,3})、\s*(\S[^\n]{0,60})$")
_PLAIN_CJK_SUB = re.compile(r"^[（(]\s?([一二三四五六七八九十]{1,3})\s?[）)]\s*(\S[^\n]{0,60})$")
# (from the start of a run of leader characters only: linear on a line of dots that ends in no number)
_TOC_LEADER = re.compile(r"(?<![\s.…])(?:\s\.|\.{2,}|…)[\s.…]*+\d{1,4}$")
_PLAIN_CHECKLIST = re.compile(_CHECKLIST, re.I)
_ADDRESS_IN_TEXT = re.compile(r"https?://|\bwww\.")
_PLAIN_NUMBER_ALONE = re.compile(r"^\d{1,2}(?:\.\d{1,2}){0,3}\.?$")
_PLAIN_TITLE = re.compile(r"^[A-Z][A-Za-z][\w\-'’ ,:&/()]{0,90}$")  # words, no final period
_PLAIN_NAMED = re.compile(
    # ("Materials & Methods": bioRxiv manuscripts' ampersand)
    r"^(?:abstract|introduction|related\s+work|background|literature\s+review|(?:materials?\s*(?:and|&)\s*)?methods?|methodology|results|"
    r"discussion|conclusions?|summary|references|bibliography|works\s+cited|literature\s+cited|"
    r"acknowledge?ments?|appendix(?:\s+[A-Z])?)\s*:?$", re.I)


# a page marker a text extraction writes between pages: "--- Page 3 ---", "=== page 3 ===", "<!-- page 3 -->",
# "[Page 3]", or one a converter made a heading, "## Page 3"
_PAGE_MARKER_LINE = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:-{2,}|={2,}|<!--|\[)?\s*page\s+\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?\s*(?:-{2,}|={2,}|-->|\])?\s*$", re.I)
# a PDF's page counter on a line of its own, page n of m: "6 / 9" (a Consensus report's footer, an export's pages)
_PAGE_COUNTER_LINE = re.compile(r"^\s*(\d{1,3}) / (\d{1,3})\s*$")


def _page_counters_dropped(lines: list[str], report: FileReport) -> list[str]:
    """Page counters ("1 / 9" ... "9 / 9") are page furniture: where three lines or more count n / m for one
    m, n climbing and never past m, they go -- else a reference list read them as entries' numbers ("7 / 9" after
    an entry's "Science Communication, 42," made "776 - 802." the entry numbered 776)."""
    found = [(i, int(m.group(1)), int(m.group(2))) for i, ln in enumerate(lines) if "/" in ln and (m := _PAGE_COUNTER_LINE.match(ln))]
    drop: set[int] = set()
    for total in {t for _i, _n, t in found}:
        run = [(i, n) for i, n, t in found if t == total]
        pages = [n for _i, n in run]
        if len(run) >= 3 and all(a < b for a, b in zip(pages, pages[1:])) and pages[-1] <= total:
            drop.update(i for i, _n in run)
    if not drop:
        return lines
    report.warnings.append(f"{len(drop)} page counters (\"n / m\" lines) dropped as page furniture")
    return ["" if i in drop else ln for i, ln in enumerate(lines)]


_PAGE_NUMBER_ENDS = re.compile(r"^\d{1,4}\s+|\s+\d{1,4}$")
_PLAIN_ROMAN = re.compile(r"^((?=[IVX])X{0,3}(?:IX|IV|V?I{0,3}))\s?\.\s+([A-Z][^\n]{1,100})$")  # (or "IV . EXPERIMENTS")
_PLAIN_LETTERED = re.compile(r"^([A-H])\.\s+([A-Z][a-z][^\n]{1,90})$")
# an appendix's heading, its letter then its title, known by its first subsection right after it
# ("A Theoretical Analysis" / "A.1 Preliminaries"): after the references, it ends their list
_PLAIN_APPENDIX = re.compile(r"^(?:Appendix\s+)?([A-H])[.:]?\s+([A-Z][^\n]{1,90})$")
# a heading in small capitals whose first capital the extraction left on a line of its own:
# "II. S" / "YSTEM DESIGN AND MODELING", "R" / "EFERENCES"
_LONE_CAPITAL_LINE = re.compile(r"^((?:(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})\s?\.|\d{1,2}\.?)\s+)?([A-Z])$")
_ROMAN_CAPITAL_GLUED = re.compile(r"(?<=[.!?])\s?((?=[IVX])X{0,3}(?:IX|IV|V?I{0,3}))\s?\.\s([A-Z])$")
_RUN_IN_CAPITALS = re.compile(r"^((?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?(?![IVXL]+\.)[A-Z][A-Z0-9 ,:&'’\-–]{2,100}[A-Z0-9)])\.\s+([A-Z][a-z’']*(?:\s.*)?)$")
_CAPITALS_LINE = re.compile(r"^[A-Z][A-Z0-9 ,:&'’\-–]{2,100}$")


def _roman_plain_headings(lines: list[str]) -> bool:
    """Whether plain lines of the file number sections I., II., III. in order (small capitals joined)."""
    values = [_roman_value(m.group(1)) for ln in _small_capitals_apart(lines) if (m := _PLAIN_ROMAN.match(ln.strip()))]
    return values[:3] == [1, 2, 3]


def _roman_value(numeral: str) -> int:
    total = 0
    for k, ch in enumerate(numeral):
        v = _ROMAN_VALUES[ch]
        total += -v if k + 1 < len(numeral) and _ROMAN_VALUES[numeral[k + 1]] > v else v
    return total


def _small_capitals_apart(lines: list[str]) -> list[str]:
    """Headings in small capitals as a PDF's text gives them: the large first capital apart from the
    word ("I. I NTRODUCTION") or on a line of its own before the rest ("II. S" / "YSTEM DESIGN")."""
    out = list(lines)
    for i, ln in enumerate(lines):
        text = ln.strip()
        m = _LONE_CAPITAL_LINE.match(text)
        appendix = None
        glued = _ROMAN_CAPITAL_GLUED.search(text) if i + 1 < len(lines) else None
        if glued and _CAPITALS_LINE.match(lines[i + 1].strip()):
            # the heading's first line glued to the paragraph before it: "...between partitions.IV . A" / "LGORITHM"
            out[i] = text[: glued.start()]
            out[i + 1] = glued.group(1) + ". " + glued.group(2) + lines[i + 1].strip()
        elif m and i + 1 < len(lines) and _CAPITALS_LINE.match(lines[i + 1].strip()) and (m.group(1) or m.group(2) == "R"):
            out[i] = (m.group(1) or "") + m.group(2) + lines[i + 1].strip()
            out[i + 1] = ""
        elif _SPLIT_CAPITAL.search(text) and text.upper() == text and len(text.split()) <= 16 and (
                _PLAIN_ROMAN.match(text) or _PLAIN_NUMBERED.match(text) or (appendix := _PLAIN_APPENDIX.match(text))
                or _PLAIN_NAMED.match(_SPLIT_CAPITAL.sub(r"\1", text))):
            # ICLR's small capitals in a PDF's text: "1 I NTRODUCTION", "R EFERENCES", "A R ELATED W ORKS" (an
            # appendix's letter stays a word of its own: "A ALGORITHM PSEUDOCODE")
            keep = 2 if appendix and text[1:2] == " " else 0
            out[i] = text[:keep] + _SPLIT_CAPITAL.sub(r"\1", text[keep:])
    return out


# a heading letter-spaced in capitals, as a PDF's text gives Ecology Letters' "1 . I N T R O D U C T I O N",
# "2 . L E A DI NG D I M E N SI ON S IN WO O D F U N C T I O N", "RE FE RE N C E S": runs of one to three capitals
# (a word's tail may stay whole: "AC K N O W L E D G EMENTS"), most of them single letters
_LETTER_SPACED = re.compile(r"^(?:(\d{1,2})\s?\.\s?)?((?:[A-Z]{1,8} ){3,}[A-Z]{1,8})$")
_WORD_IN_TEXT = re.compile(r"[a-z]{1,30}")
# the words of headings every paper has, which its text may never print as words
_HEADING_WORDS = ("abstract", "introduction", "background", "methods", "materials", "results", "discussion", "conclusions",
                  "conclusion", "acknowledgements", "acknowledgments", "references", "appendix", "supporting", "information",
                  "supplementary", "literature", "cited", "review", "summary", "keywords", "article", "info")
_HYPHENATED_HALVES = re.compile(r"^-\n\S+|\S+-$", re.M)


def _letter_spaced(text: str) -> re.Match[str] | None:
    m = _LETTER_SPACED.match(text)
    if m is None:
        return None
    runs = m.group(2).split()
    return m if 2 * sum(len(r) == 1 for r in runs) >= len(runs) and sum(len(r) <= 3 for r in runs) >= 0.8 * len(runs) else None


def _words_of(letters: str, vocabulary: Counter[str]) -> str:
    """Capitals run together ("LEADINGDIMENSIONSINWOODFUNCTION") cut into the words the file's own text uses most
    ("LEADING DIMENSIONS IN WOOD FUNCTION"): the cut whose words are likeliest (a word's cost is its surprisal in
    the text; letters the text holds as no word cost more, so that a name the text never prints stays whole)."""
    low = letters.lower()
    total = sum(vocabulary.values()) + 1
    n = len(low)
    cost = [0.0] + [float("inf")] * n
    back = [0] * (n + 1)
    for i in range(n):
        if cost[i] == float("inf"):
            continue
        for j in range(i + 1, min(n, i + 30) + 1):
            seen = vocabulary.get(low[i:j], 0)
            # (a cut costs a little too: of two readings as likely, the one of fewer words)
            step = 2.0 + (math.log(total / seen) if seen else 8.0 + 2.0 * (j - i))
            if cost[i] + step < cost[j]:
                cost[j], back[j] = cost[i] + step, i
    words: list[str] = []
    j = n
    while j > 0:
        words.append(letters[back[j] : j])
        j = back[j]
    return " ".join(reversed(words))


def _letter_spaced_apart(lines: list[str]) -> list[str]:
    """Letter-spaced capital headings (:data:`_LETTER_SPACED`) read as words, cut where the file's text has its
    words; a letter-spaced line right after a heading's first line in capitals goes on that heading ("3. WOOD
    TRAITS IN RELATION TO OTHER" / "F U N C T I O NA L T R A I T S")."""
    spaced = {i: m for i, ln in enumerate(lines) if (m := _letter_spaced(ln.strip()))}
    if not spaced:
        return lines
    # (the halves of words a line's end hyphenated, "intro-" / "duction", are no words of the text)
    vocabulary: Counter[str] = Counter({w: 20 for w in _HEADING_WORDS})
    for i, ln in enumerate(lines):
        if i not in spaced:
            text = _HYPHENATED_HALVES.sub(" ", f"{lines[i - 1][-1:] if i else ''}\n{ln.lower()}")
            vocabulary.update(_WORD_IN_TEXT.findall(text))
    out = list(lines)
    for i, m in spaced.items():
        words = _words_of(m.group(2).replace(" ", ""), vocabulary)
        before = out[i - 1].strip() if i else ""
        if m.group(1) is None and before and before.upper() == before and re.search(r"[A-Z]{2}", before):
            out[i - 1], out[i] = f"{before} {words}", ""
        else:
            out[i] = f"{m.group(1)}. {words}" if m.group(1) else words
    return out


# a capital set apart from the rest of its word in small capitals ("I NTRODUCTION", "R ELATED  W ORK")
_SPLIT_CAPITAL = re.compile(r"(?<![^\W\d_])([A-Z]) (?=[A-Z]{2,}(?![^\W\d_]))")


def _small_caps_headings(lines: list[str], report: FileReport) -> list[str]:
    """Headings printed in small capitals (ICLR's style) reach Markdown with each word's large first
    capital set apart: "# 1 I NTRODUCTION", "# R EFERENCES". With three headings or more of that kind
    (evidence that the document prints them so, not "# A SURVEY OF X" alone), those words are joined
    again in every heading ("A S URVEY" -> "A SURVEY": the article stays a word)."""
    split = [i for i, ln in enumerate(lines) if ln.startswith("#") and _SPLIT_CAPITAL.search(ln) and _HEADING.match(ln)]
    if len(split) < 3:
        return lines
    # (a one-letter word before a word in capitals stays a word of its own: "2. A MENU OF QUANTITATIVE SPATIAL MODELS", the
    # Portuguese "O CASO DO PROGRAMA", "CIÊNCIA E TECNOLOGIA" -- the text prints "a" and "menu", "o" and "caso" as words, never
    # "ntroduction")
    words = {w for ln in lines if not ln.startswith("#") for w in _WORD_IN_TEXT.findall(ln.lower())}

    def joined(m: re.Match[str]) -> str:
        rest = re.match(r"[A-Z]+", m.string[m.end() :])
        return m.group(0) if m.group(1).lower() in words and rest and rest.group(0).lower() in words else m.group(1)

    out = list(lines)
    for i in split:
        out[i] = re.sub(r"[ \t]{2,}", " ", _SPLIT_CAPITAL.sub(joined, lines[i]))
    changed = sum(out[i] != lines[i] for i in split)
    if changed < 3:
        return lines
    report.warnings.append(f"{changed} headings in small capitals joined ('I NTRODUCTION' -> 'INTRODUCTION')")
    return out


_COPYRIGHT_LINE = re.compile(
    r"all rights reserved|for permissions,? please|\bpublished by\b.{0,80}\b(?:press|elsevier|springer|wiley|"
    r"taylor|sage|plos|mdpi|frontiers)\b|©\s?(?:19|20)\d{2}|\bcopyright\b.{0,40}(?:19|20)\d{2}", re.I)
# "#" read as "number of" at a line's start: a table's column label a plain-text extraction put on a line
# of its own ("# of" / "requests"), which Markdown would take for a heading
_NUMBER_SIGN = re.compile(r"^#[ \t]+of\b")


def _enumeration_runs(tops: list[tuple[int, int]], lines: list[str]) -> set[int]:
    """Of the plain lines read as numbered top-level headings ((line, number), 1, 2, 3 in order), those of
    an enumeration: a run introduced by a line ending in a colon ("The following six treatments were
    tested:"), with at most two short lines of text between one item and the next -- a section holds text
    (a paragraph printed on one line is no short line) -- and the items after it that go on counting."""
    in_list: set[int] = set()
    k = 0
    while k + 1 < len(tops):
        run = [tops[k]]
        while k + 1 < len(tops):
            (a, _), (b, _) = run[-1], tops[k + 1]
            between = [lines[j].strip() for j in range(a + 1, b) if lines[j].strip()]
            if not (b - a <= 8 and len(between) <= 2 and sum(map(len, between)) <= 200):
                break
            run.append(tops[k + 1])
            k += 1
        intro = next((lines[j].strip() for j in range(run[0][0] - 1, -1, -1) if lines[j].strip()), "")
        if len(run) >= 2 and intro.endswith((":", ";")):  # (";" where the text's typesetting put one)
            # the list goes on, items a formula or a longer text apart ("3. ..." then "4. Mortality: ...")
            while k + 1 < len(tops) and tops[k + 1][1] == run[-1][1] + 1 and tops[k + 1][0] - run[-1][0] <= 40:
                run.append(tops[k + 1])
                k += 1
            in_list.update(line for line, _ in run)
        k += 1
    return in_list


# Mathpix Markdown (".mmd") keeps LaTeX's sectioning commands: "\section*{Results}", "\subsection{Data}",
# "\title{" with the title on the lines after it, up to a "}" line
_LATEX_SECTION = re.compile(r"^\s*\\(section|subsection|subsubsection|paragraph)\*?\{(.{1,300})\}\s*$")
_LATEX_TITLE_OPEN = re.compile(r"^\s*\\title\{(.*)$")
_LATEX_DEPTH = {"section": 2, "subsection": 3, "subsubsection": 4, "paragraph": 5}


def _latex_headings(lines: list[str], report: FileReport) -> list[str]:
    r"""Mathpix Markdown's LaTeX headings as Markdown ones: "\section*{Introduction}" is "## Introduction",
    "\subsection*{...}" "### ...", the "\title{...}" block "# <title>", "\begin{abstract}" "## Abstract" --
    when the file holds two sectioning commands or more and fewer Markdown headings than that."""
    sections = sum(1 for ln in lines if _LATEX_SECTION.match(ln))
    if sections < 2 or sum(1 for ln in lines if _HEADING.match(ln)) >= sections:
        return lines
    out = list(lines)
    k = 0
    while k < len(out):
        ln = out[k]
        m = _LATEX_SECTION.match(ln)
        t = _LATEX_TITLE_OPEN.match(ln)
        if m:
            out[k] = "#" * _LATEX_DEPTH[m.group(1)] + " " + m.group(2).strip()
        elif t:
            # the title's text up to the closing brace, on this line or the next ones
            end = next((j for j in range(k, min(k + 8, len(out))) if out[j].rstrip().endswith("}")), None)
            if end is not None:
                words = " ".join(x.strip() for x in [t.group(1)] + out[k + 1 : end + 1]).strip().removesuffix("}").strip()
                out[k : end + 1] = ["# " + words] + [""] * (end - k)
        elif ln.strip() == "\\begin{abstract}":
            out[k] = "## Abstract"
        elif ln.strip() == "\\end{abstract}":
            out[k] = ""
        k += 1
    report.warnings.append(f"LaTeX sectioning commands (Mathpix Markdown) read as {sections} headings")
    return out


_HEADING_ENDS_OPEN = re.compile(r"\b(?:of|for|and|the|in|on|to|with|a|an|from|by|via|between|towards?)$", re.I)


def _contents_titles(lines: list[str]) -> set[str]:
    """The titles a contents list prints, each whole on its line before a leader and a page number ("2. Integrating
    climate change into national development plans and sector strategies . 15"), normalised; a contents line that
    wraps is read with the line before it ("Chapter 4: Institutions ... and agricultural" / "adaptation........23")."""
    titles = set()
    for k, ln in enumerate(lines):
        text = ln.strip()
        if not _TOC_LEADER.search(text):
            continue
        before = lines[k - 1].strip() if k else ""
        if before[:1].isupper() and text[:1].islower() and not _TOC_LEADER.search(before):
            text = f"{before} {text}"
        titles.add(_norm(_strip_num(_PLAIN_CHAPTER.sub(r"\1 \2", _TOC_LEADER.sub("", text)))))
    return titles


_CONTENTS_LINE = re.compile(r"^(?:table\s+of\s+)?contents$", re.I)


def _contents_entries(lines: list[str]) -> Counter[str]:
    """The lines of a contents list whose leaders the text extraction lost ("Contents" / "1" / "Introduction" / "1" / "2" /
    "Related Work ..." / "2", an appendix's list after the references): after a "Contents" line, a line of words whose next
    line of text is its page number alone. Printed there, a section's title is still printed once in the text."""
    entries: Counter[str] = Counter()
    start = next((k for k, ln in enumerate(lines) if _CONTENTS_LINE.match(ln.strip())), None)
    if start is None:
        return entries
    # (the list ends at the first sentence of prose: twelve words on a line, its dotted leaders no words)
    end = next((k for k in range(start + 1, len(lines)) if len(re.findall(r"[^\W\d_]+", lines[k])) >= 12), len(lines))
    nxt = ""  # the next line of text after each line, read backwards
    for ln in reversed(lines[start + 1 : end]):
        text = ln.strip()
        if not text:
            continue
        if re.search(r"[^\W\d_]{2}", text) and re.fullmatch(r"\d{1,3}", nxt):
            entries[text] += 1
        nxt = text
    return entries


def _wrapped_heading(title: str, nxt: str, after: str) -> bool:
    """A plain-text heading wrapped onto the next line: in capitals ("SEMANTIC IMPORTANCE AWARE" / "COMMUNICATIONS OVER
    NETWORKS"), or a few capitalised words with no period before the paragraph's first (long) line, the heading
    long or ending in a word that cannot end it ("5 Implications for Design of" / "BenchNavigator")."""
    if title.isupper():
        return bool(_CAPITALS_LINE.match(nxt)) and len(nxt.split()) <= 8
    # (or before the first subsection's number on a line of its own: "3" / "Experimental Design and Trace-Level Structural" /
    # "Extraction" / "3.1" / "Dataset (TruthfulQA)", LNCS text with its numbers apart)
    return (len(nxt.split()) <= 3 and nxt[:1].isupper() and not nxt.endswith((".", ",", ";", ":"))
            and (len(after.split()) >= 6 or bool(_PLAIN_NUMBER_ALONE.match(after)))
            and (bool(_HEADING_ENDS_OPEN.search(title)) or len(title.split()) >= 4))


def _table_cells_after(lines: list[str], i: int) -> bool:
    """The next three lines of text are a table's cells (three words or fewer each: "LLaMA2-7B", "Hits@1"): the
    line at ``i`` heads a column ("Method"), not a section, whose text would follow it."""
    after = [ln.strip() for ln in lines[i + 1 : i + 12] if ln.strip()][:3]
    return len(after) == 3 and all(len(x.split()) <= 3 for x in after)


def _appendix_title(title: str) -> bool:
    """A lettered appendix's title, not a reference entry's names opening with an initial ("A. Abadie (2002)",
    "A. Vaswani, N. Shazeer"): no comma, no year, no initial in it."""
    return "," not in title and not re.search(r"\b(?:19|20)\d{2}\b|\b[A-Z]\.\s", title)


def _numbered_entry_line(title: str) -> bool:
    """A numbered line that is an unheaded reference list's entry, not a section: authors then the year in
    parentheses ("1. Farr DF, Rossman AY, Palm ME, McCray EB, (2004) Fungus–Host Distribu-", PNAS)."""
    return bool(re.search(r"\((?:19|20)\d{2}[a-z]?\)", title)) and opens_entry(title)


# the next affiliation's mark inside the line, after a comma: "1 FAIR at Meta, 2 UCL", "1 The Swiss AI Lab IDSIA, USI, SUPSI
# 2 Google DeepMind" (pdftotext keeps a title page's marks on one line)
_NEXT_MARK = re.compile(r",[^,]*\s(\d{1,2})\s+[A-Z]")


def _affiliation_marks(lines: list[str], i: int, number: str, title: str) -> bool:
    """A title page's affiliation under its mark, read as a section before the numbering starts: the line holds the next
    mark after a comma ("1 FAIR at Meta, 2 UCL"), or the corresponding author's e-mail address is the line above it (BMC:
    "* Correspondence: ...@google.com" / "1 Google Health, London, UK") -- and the same number opens a later line, the
    section it would have taken ("1" / "Introduction")."""
    if not number.isdigit():
        return False
    nxt = _NEXT_MARK.search(title)
    if not (nxt and int(nxt.group(1)) == int(number) + 1) and "@" not in _line_before(lines, i):
        return False
    again = re.compile(rf"{number}\.?(?:\s+[A-Z]|$)")
    return any(again.match(ln.strip()) for ln in lines[i + 2 :])


def _line_before(lines: list[str], i: int) -> str:
    """The last line of text before line ``i`` ("" when none in the 49 before it)."""
    return next((lines[k].strip() for k in range(i - 1, max(-1, i - 50), -1) if lines[k].strip()), "")


def _plain_text_headings(lines: list[str], report: FileReport) -> list[str]:
    """A PDF's plain text saved as Markdown (pdftotext, PyPDF) has no Markdown heading at all. Its
    headings are still lines of their own: numbered ones ("1 Introduction", "2.1 Data") whose numbers
    run in order, and named ones ("Abstract", "REFERENCES"). With at least two of them (and more than
    the file's stray "#" lines, at most three), they become headings (depth from the number), the first
    line the title; numbered lines after the references heading are the list's entries, not sections."""
    original = lines
    atx: set[int] = set()
    pages: set[int] = set()  # page markers: "--- Page 3 ---", "## Page 3" -- a page's furniture, no heading
    for i, ln in enumerate(lines):
        if _PAGE_MARKER_LINE.match(ln):
            pages.add(i)
        elif ln.startswith("#") and _HEADING.match(ln) and not _NUMBER_SIGN.match(ln) and not _code_comment(lines, i):
            atx.add(i)
            if len(atx) > 3:  # a Markdown file: stop looking
                return lines
    lines = [("" if i in pages else ln) for i, ln in enumerate(lines)]
    lines = _letter_spaced_apart(_small_capitals_apart(lines))
    # a few stray "# Heads" lines (a table's column header in the text) do not make the file Markdown
    # when its plain lines show more headings than that (checked below)
    lines = [re.sub(r"^\s*#+\s*", "", ln) if i in atx else ln for i, ln in enumerate(lines)]
    # a numbered heading glued to the paragraph before it: "... awaiting further tests.4. Predicting the MRCD
    # prevention/reducing mechanisms" -- the heading on a line of its own (the numbering decides below)
    apart: list[str] = []
    for ln in lines:
        glued = _GLUED_NUMBERED_HEADING.match(ln.strip())
        apart += [glued.group(1), glued.group(2)] if glued else [ln]
    lines = apart
    found: dict[int, int] = {}  # line index -> heading depth
    line_counts = Counter(ln.strip() for ln in lines)
    line_counts.subtract(_contents_entries(lines))
    # a page's running head or foot, its page number before or after it ("2 Cell Reports 42, 112788, July 25,
    # 2023" / "Cell Reports 42, 112788, July 25, 2023 3"): the same words on three lines or more
    running = Counter(_PAGE_NUMBER_ENDS.sub("", ln.strip()) for ln in lines if len(ln.strip()) > 12)
    named_counts = Counter(ln.strip().lower().rstrip(":") for ln in lines if _PLAIN_NAMED.match(ln.strip()))
    last: tuple[int, ...] = (0,)
    named_since = False  # a named heading ("Introduction") since the last numbered one: it took a number
    in_refs = in_fence = False
    first: int | None = None  # the title: the first line of words outside a fence
    number_lines: dict[int, int] = {}  # heading line -> its number's line of its own ("2" / "Background")
    roman_last = letter_last = 0  # the last Roman section's value, and how many lettered subsections it has
    list_item: tuple[int, str] | None = None  # the last numbered line that is no heading: (line, number)
    romans: set[int] = set()  # headings numbered in Roman (and their lettered subsections) ...
    cjk_last = 0  # the last Chinese-numbered section read ("三、" is 3)
    cjk_tops: set[int] = set()  # headings numbered "一、" / "（一）"
    appendix_last = -1  # the last lettered appendix heading read (0 for "A")
    appendix_at = [_PLAIN_APPENDIX.match(ln.strip()) for ln in lines]  # lines that may head a lettered appendix
    # the last line that could open appendix "B": a run "A. ..." needs one after it
    last_b = max((k for k, ap in enumerate(appendix_at) if ap and ap.group(1) == "B" and len(lines[k].split()) <= 12
                  and _appendix_title(ap.group(2))), default=-1)
    arabic: set[int] = set()  # ... and in Arabic numbers
    # a report's chapters ("Chapter 1: Introduction", "Chapter 2: Research approach"), numbered 1, 2, ... in order
    # (its contents list aside): the top level -- numbered lines before the first (an executive summary's points
    # "1." / "Background") are none
    chapters: dict[int, int] = {}
    for i, ln in enumerate(lines):
        if (c := _PLAIN_CHAPTER.match(ln.strip())) and not _TOC_LEADER.search(ln.strip()) and int(c.group(1)) == len(chapters) + 1:
            chapters[i] = len(chapters) + 1
    if len(chapters) < 2:
        chapters = {}
    parts: dict[int, int] = {}
    for i, ln in enumerate(lines):
        # (a proof's "Part 2: The second term ... in (35)." is a sentence, no heading)
        if (pm := _PLAIN_PART.match(ln.strip())) and not _TOC_LEADER.search(ln.strip()) and len(ln.split()) <= 14 \
                and not ln.strip().endswith((".", ",", ";", ":")) and not _MATH_IN_TITLE.search(ln):
            value = int(pm.group(1)) if pm.group(1).isdigit() else _roman_value(pm.group(1))
            if value == len(parts) + 1:
                parts[i] = value
    if not chapters and len(parts) >= 2:
        chapters = parts
    else:
        parts = {}
    first_chapter = min(chapters, default=-1)
    contents = _contents_titles(lines)
    glued_numbers = any((g := _PLAIN_NUMBERED_GLUED.match(ln.strip())) and "." in g.group(1) for ln in lines)
    # a manuscript's line numbers, each on a line of its own (a bioRxiv preprint through pdftotext: "1", "2", ... "500"):
    # a number alone is no heading's then ("1" / "GBA1 deficiency differentially affects ..." is the title's line 1)
    # (counting up one by one, a hundred times and more, where a table's numbers alone do not; a section's number
    # alone breaks the run, "203" / "2" / "Tractable Explaining of MDT Decisions" / "204")
    alone = [(k, int(t)) for k, ln in enumerate(lines) if (t := ln.strip()).isascii() and t.isdigit() and len(t) <= 4]
    steps = sum(b == a + 1 for (_, a), (_, b) in zip(alone, alone[1:]))
    line_numbers = {k for n, (k, v) in enumerate(alone)
                    if (n and alone[n - 1][1] == v - 1) or (n + 1 < len(alone) and alone[n + 1][1] == v + 1)}
    if not (steps >= 100 and steps >= 0.8 * len(alone)):
        line_numbers = set()
    # (nor are the numbers a table's cells under a named heading: "Materials & Methods" / "513" / "IPSC Generation" / "514")
    unnumbered = [("" if k in line_numbers else ln) for k, ln in enumerate(lines)] if line_numbers else lines
    for i, ln in enumerate(lines):
        text = ln.strip()
        if _FENCE.match(ln):
            in_fence = not in_fence
            continue
        if in_fence or not text or i in number_lines:
            continue
        if i in chapters:
            found[i] = 1
            arabic.add(i)
            last, named_since, list_item = (chapters[i],), False, None
            continue
        if first is None and re.search(r"[^\W\d_]{2}", text):
            first = i
            continue
        if (cm := _PLAIN_CJK_TOP.match(text)) and _cjk_number(cm.group(1)) == cjk_last + 1:
            found[i] = 1
            cjk_last, in_refs = cjk_last + 1, False
            cjk_tops.add(i)
            continue
        if cjk_last and _PLAIN_CJK_SUB.match(text) and not in_refs:
            found[i] = 2
            cjk_tops.add(i)
            continue
        if len(text) > 110 or _TOC_LEADER.search(text):
            continue  # (a contents line, its page number after a leader: "2. Integrating ... strategies . 15")
        title_at = i
        if _PLAIN_NUMBER_ALONE.match(text) and not in_refs and i not in line_numbers:
            # a heading's number on a line of its own, its title on the next line of text (two-column
            # extraction); a table's numbers are followed by more numbers or by labels printed again
            # (marks with no letter may sit between, a review copy's "•" and "0:15")
            j = next((k for k in range(i + 1, min(i + 9, len(lines)))
                      if lines[k].strip() and not (len(lines[k].strip()) <= 6 and not re.search(r"[^\W\d_]", lines[k]))), None)
            if j is not None and (sum(1 for k in range(i + 1, j) if lines[k].strip()) > 2 or any(k in pages for k in range(i + 1, j))
                                  or any(lines[k].startswith("\f") for k in range(i + 1, j + 1))):
                # (a page marker between: "2" was the page's number, "===== PAGE 3 =====" the next page's; or pdftotext's
                # form feed opening the line or a blank one before it: "3" closed the page, "\fContinuous Control: Ant-v4" is the
                # next one's figure, and so is "3" / "\f" / "Continuous Control: Ant-v4" when the next page was read column by column)
                j = None
            title = lines[j].strip() if j is not None else ""
            # (nor does an abstract take a number: "1" / "Abstract" is a page's or an affiliation's mark above it, and
            # section 1 follows -- "1" / "Introduction")
            if j is None or not _PLAIN_TITLE.match(title) or line_counts[title] > 1 or len(title.split()) > 10 or title.lower() == "abstract":
                continue
            text, title_at = f"{text.rstrip('.')} {title}", j
        elif _PLAIN_CHECKLIST.match(text):
            # a venue's checklist after the paper ("NeurIPS Paper Checklist", then "1. Claims" ... "16. Declaration of LLM
            # usage"): back matter, its numbered questions no sections (the numbering would go on from the last section's)
            found[i] = 1
            in_refs = True
            continue
        elif _PLAIN_NAMED.match(text):
            # a name printed on several lines of its own is a figure's label ("Method"), not a heading; nor is
            # one a table's cells follow (a column's head)
            # (before a report's first chapter, a name is a point of its summary: "1." / "Background")
            if named_counts[text.lower().rstrip(":")] == 1 and not _table_cells_after(unnumbered, i) and not (
                    chapters and i < first_chapter and not text.lower().startswith("abstract")):
                found[i] = 1
                in_refs = bool(_REF_TITLE.match(text))
                named_since = named_since or not text.lower().startswith("abstract")
            continue
        r = _PLAIN_ROMAN.match(text)
        if r and not in_refs and not text.endswith((".", ",", ";")) and len(text.split()) <= 12:
            # IEEE: "II. RELATED WORK" numbered in Roman, in order; "A. Experimental Setup" its subsections
            value = _roman_value(r.group(1))
            # (one section's heading may be lost, glued to a paragraph's end: "...partitions.IV . A" / "LGORITHM";
            # the next one, in capitals as IEEE prints them, still goes on counting)
            if value == roman_last + 1 or ((named_since or r.group(2).isupper()) and value == roman_last + 2):
                found[i] = 1
                romans.add(i)
                in_refs = bool(_REF_TITLE.match(r.group(2)))
                roman_last, letter_last, named_since = value, 0, False
                continue
        lm = _PLAIN_LETTERED.match(text)
        if lm and roman_last and not in_refs and not text.endswith((".", ",", ";")) and len(text.split()) <= 12:
            if ord(lm.group(1)) - ord("A") == letter_last:
                found[i] = 2
                romans.add(i)
                letter_last += 1
            continue
        ap = appendix_at[i]
        # (inside the list, "A. Sampling is as easy as ..." after "..., Salim, A., and Zhang," is the last author's
        # initial and the entry's title, wrapped: the author list the line before leaves open goes on in it)
        if ap and (in_refs or found) and not text.endswith((".", ",", ";")) and len(text.split()) <= 12 and not (
                in_refs and AUTHOR_LIST_GOES_ON.search(_line_before(lines, i))):
            after = next((lines[k].strip() for k in range(i + 1, min(i + 4, len(lines))) if lines[k].strip()), "")
            letter = ord(ap.group(1)) - ord("A")
            # its first subsection after it ("A.1 Preliminaries"), or the appendices' run in order: "A. Delayed
            # Proofs" with a "B. ..." line further on, then "B. Background ...", "C. ..." (_appendix_title)
            in_run = _appendix_title(ap.group(2)) and (letter == appendix_last + 1 if appendix_last >= 0 else letter == 0 and last_b > i)
            # or the contents list names it ("Appendix A: Stakeholders interviewed ........ 52")
            if re.match(rf"{ap.group(1)}\.1\.?\s+[A-Z]", after) or in_run or (
                    text.lower().startswith("appendix") and _appendix_title(ap.group(2)) and _norm(_strip_num(text)) in contents):
                found[i] = 1
                in_refs = False
                appendix_last = letter
                continue
        m = _PLAIN_NUMBERED.match(text) or (_PLAIN_NUMBERED_GLUED.match(text) if glued_numbers else None)
        if m and not in_refs:
            item = m.group(1)
            # the list item before this one ("6. The impact ... (Tables 11 and 12)." then "7. Congressional
            # mandates do not ...", wrapped): an enumeration in the text, not the next section
            after_item = list_item is not None and list_item[1] == str(int(item) - 1) and i - list_item[0] <= 6 \
                if item.isdigit() else False
            list_item = (i, item)
            if after_item:
                continue
        if not m or in_refs or text.endswith((".", ",", ";")) or len(text.split()) > 14 or _MATH_IN_TITLE.search(m.group(2)):
            continue  # (an algorithm's numbered step, "4. Let μm,j = V −1 ...", is no section)
        if _numbered_entry_line(m.group(2)):
            continue
        # a numbered line whose sentence goes on over the next line: under the summary, before section 1, a point of it
        # ("1. Competitor, ... strategy" / "scheme previously applied to local floras. ..."); anywhere, a page's footnote
        # (LNCS: "4 Pointer jumping or path doubling is a design technique for parallel algorithms that" / "operate on
        # pointer structures, ..."), which would take the next section's number
        nxt_text = next((lines[k].strip() for k in range(i + 1, min(i + 3, len(lines))) if lines[k].strip()), "")
        if len(text.split()) >= 8 and nxt_text[:1].islower() and len(nxt_text.split()) >= 10 and not _RUN_IN_CAPITALS.match(text):
            continue  # (a run-in heading's sentence goes on too: "1. INTRODUCTION. Four millennia ago, ...")
        if _ADDRESS_IN_TEXT.search(m.group(2)):
            continue  # "3 FSharp: see https://fsharp.org. NET Core: see ...": a footnote giving addresses; no heading holds one
        if not arabic and not romans and (_AFFILIATION.search(m.group(2)) or "@" in nxt_text.split(" ")[0]
                                           or _affiliation_marks(lines, i, m.group(1), m.group(2))):
            # "1 Assistant Professor, Presidency School of Information Science": a title page's affiliation mark; or one
            # its author's e-mail address follows (LNCS: "1 Brilloconnetz Partners avoin yhtiö, Turku, Finland" / "adeyemi@...")
            continue
        num = tuple(int(x) for x in m.group(1).split("."))
        if running[_PAGE_NUMBER_ENDS.sub("", text)] >= 3 or (chapters and (i < first_chapter or len(num) == 1)):
            continue
        # in order: the next top-level number (or the one after, when a named heading took the next),
        # or the next subsection of the current one
        if (len(num) == 1 and (num[0] == last[0] + 1 or (named_since and num[0] == last[0] + 2))) or (
                len(num) > 1 and num[0] == last[0] and num[1:] > last[1:] and len(num) <= len(last) + 1):
            found[title_at] = len(num)
            arabic.add(title_at)
            list_item = None
            if title_at != i:
                number_lines[title_at] = i
            in_refs = bool(_REF_TITLE.match(m.group(2)))
            last, named_since = num, False
    # "The following six treatments were tested:" / "1. Untreated Control (...)" / "2. Pyrethroid treated ...": an
    # enumeration where a named section ("Materials and Methods") left the numbering free (_enumeration_runs)
    top_numbers = {i: int(m.group(1)) for i in arabic if found[i] == 1
                   and (m := re.match(r"\s*(\d{1,2})", lines[number_lines.get(i, i)]))}
    for i in _enumeration_runs(sorted(top_numbers.items()), lines):
        del found[i]
        arabic.discard(i)
        number_lines.pop(i, None)
    # a document numbers its sections one way: with both, the rarer numbers are a page's number before the
    # title ("1" / "Pegged Exchange Rate Systems in") or a footnote's ("2. Macau, established in 1557, ...")
    top_roman = sum(1 for i in romans if found[i] == 1)
    top_arabic = sum(1 for i in arabic if found[i] == 1)
    if top_roman >= 2 and top_arabic:
        for i in (arabic if top_roman >= top_arabic else romans):
            del found[i]
            number_lines.pop(i, None)
    if not arabic and not romans and not chapters and not cjk_tops:
        # sections named, none numbered ("Introduction", "Literature review"): the other plain lines set out as
        # those are the sections their authors named otherwise ("Model and data")
        content_named = sorted(i for i in found if _PLAIN_CONTENT_NAME.match(lines[i].strip().rstrip(":")))
        if len(content_named) >= 2:
            found.update((i, 1) for i in _shaped_like_named_lines(lines, content_named, set()))
    if len(found) < max(2, len(atx) + 1):
        return original
    out = list(lines)
    # a heading the text wraps ("... into national" / "development plans and sector strategies") is joined when the
    # contents list prints it whole
    for i, depth in found.items():
        number = lines[number_lines[i]].strip().rstrip(".") + " " if i in number_lines else ""
        title = re.sub(r"^([IVX]{1,4})\s\.", r"\1.", lines[i].strip())
        if glued_numbers and (g := _PLAIN_NUMBERED_GLUED.match(title)):
            title = f"{g.group(1)} {g.group(2)}"
        if i in parts:
            if pm := _PLAIN_PART.match(title):
                title = f"{parts[i]} {pm.group(2)}"  # "Part II: The ..." -> "2 The ..."
        elif i in cjk_tops:
            title = _PLAIN_CJK_SUB.sub(r"（\1）\2", title)  # "( 一)\t群体..." -> "（一）群体..."
        elif i in chapters:
            title = _PLAIN_CHAPTER.sub(r"\1 \2", title)  # "Chapter 3: Climate change ..." -> "3 Climate change ..."
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        run_in = _RUN_IN_CAPITALS.match(title)
        if run_in and i + 1 not in found:
            # "1. INTRODUCTION. Four millennia ago, the Babylonians could solve the system" (the Monthly's run-in heads): the
            # capitals are the heading, the sentence after them the section's first line
            title, out[i + 1] = run_in.group(1), f"{run_in.group(2)} {nxt}".strip()
        elif nxt and i + 1 not in found and (_wrapped_heading(title, nxt, lines[i + 2].strip() if i + 2 < len(lines) else "")
                                           or (contents and _norm(_strip_num(f"{title} {nxt}")) in contents)):
            title, out[i + 1] = f"{title} {nxt}", ""
        out[i] = "#" * (1 + depth) + " " + number + title
    for i in number_lines.values():
        out[i] = ""
    if first is not None and len(lines[first].split()) <= 30:
        out[first] = "# " + lines[first].strip()
    report.warnings.append(
        f"no Markdown headings: {len(found)} section headings read from plain-text lines "
        "(numbered in order, or Abstract / References / ...)")
    return out


# a whole line in bold ("**Bone health**"): a heading printed as emphasis
_BOLD_LINE = re.compile(r"^\s*(?:\*\*|__)([^*_\n]{2,120}?)(?:\*\*|__)\s*$")
# section names a converter may leave on a plain line of their own ("Introduction" above "### 2 Methods")
_PLAIN_CONTENT_NAME = re.compile(
    r"^(?:introduction|background|related\s+work|literature\s+review|(?:materials\s+and\s+)?methods?|methodology|results|discussion|"
    r"conclusions?(?:\s+and\s+(?:future\s+work|outlook))?)(?P<mark>\d{1,2})?$", re.I)  # "Methods2": a footnote's mark


_NUMBERED_LINE = re.compile(r"^\s*(\d{1,3}(?:\.\d{1,2})*)[.)]?\s")


def _apart_from_lists(number: tuple[int, ...], before: str, nxt: str) -> bool:
    """A numbered line is set apart from any list: no bullet beside it, and no numbered line as short
    as a heading (no sentence's end) except its own first subsection after it ("3 Simulator" then
    "3.1 Simulator") or its parent before it. A run of "1 Australian AI Institute" / "2 University of
    Washington" is a list of affiliations; a list of sentences ("2. A new benchmark.") may end just
    before a heading."""
    if any(re.match(r"^\s*[-*+•]\s", ln) for ln in (before, nxt)):
        return False
    nb, nn = (_NUMBERED_LINE.match(ln) if not ln.rstrip().endswith(".") else None for ln in (before, nxt))
    if nn and tuple(int(x) for x in nn.group(1).split(".")) != (*number, 1):
        return False
    return not (nb and number[:-1] != tuple(int(x) for x in nb.group(1).split(".")))


def _shaped_like_named_lines(lines: list[str], named: list[int], heading_names: set[str]) -> list[int]:
    """Plain lines set out as the file's plain named headings are ("Introduction", "Literature review": a blank
    line before, a paragraph right after), between the first of them and the reference list: the other
    sections' headings, unnumbered and named as their authors chose ("Theoretical framework and research
    hypotheses", "Model and data", "Conclusion and recommendation"). Evidence besides the layout: two to eight words,
    a capital first, no digit and no closing punctuation, printed once, and well short of the page's column (a
    paragraph's first line fills it); the next line a sentence in a paragraph (40 characters or more). None when a
    named one is the methods, or when they are more than twice as many as the named ones (subsections then)."""
    def next_text(i: int) -> str:
        return next((lines[k].strip() for k in range(i + 1, min(i + 3, len(lines))) if lines[k].strip()), "")

    def set_apart(i: int) -> bool:
        nxt = next_text(i)
        return i > 0 and not lines[i - 1].strip() and len(nxt) >= 40 and nxt[:1].isupper()

    if sum(set_apart(i) for i in named) < 2:
        return []
    widths = sorted(len(ln.strip()) for ln in lines if len(ln.strip()) >= 30)
    if not widths:
        return []
    column = widths[len(widths) // 2]
    end = len(lines)  # the reference list's heading, plain or Markdown
    for k in range(named[0], len(lines)):
        h = _HEADING.match(lines[k])
        if _PLAIN_REFS.match(lines[k]) or (h and _REF_TITLE.match(_strip_num(_clean_heading_text(h.group(2))))):
            end = k
            break
    counts = Counter(ln.strip() for ln in lines[named[0] : end])
    out = []
    for i in range(named[0] + 1, end):
        text = lines[i].strip()
        words = text.split()
        if (i in named or not 2 <= len(words) <= 8 or not text[:1].isupper() or any(c.isdigit() for c in text)
                or text.endswith((".", ",", ";", ":", "?", "!")) or counts[text] > 1 or len(text) > 0.75 * column
                or _HEADING.match(lines[i]) or _BOLD_LINE.match(lines[i]) or text.lower() in heading_names
                or not re.fullmatch(r"[\w’'\- ,&]+", text) or not set_apart(i) or _table_cells_after(lines, i)):
            continue
        out.append(i)
    # (where the named ones leave the methods unnamed; and no more than twice as many as they are -- a paper whose
    # "Methods" is named, or one with many such lines, sets its subsections' headings out so too)
    if any(re.match(r"(?:materials\s+and\s+)?method", lines[i].strip(), re.I) for i in named) or len(out) > 2 * len(named):
        return []
    return out


def _points_of_one_section(found: list[int], events: list[tuple[int, tuple[int, ...] | None, int]], late: int, top_depth: int) -> bool:
    """Plain or bold numbered lines ``found`` (line numbers, in order) that all sit under one unnumbered Markdown section
    at the top depth, not the title: the numbered points of that section (Lil'Log's "## TD-VAE" then "**1. State-Space
    Models**", "**2. Belief State**", "**3. Jumpy Prediction**"), no sections -- where no Markdown heading is numbered,
    sections printed as numbered lines would have the Markdown sections between them, or come before them. Only where two
    Markdown sections or more come first (an abstract's "## Abstract" alone above "1. Introduction" ... is no body)."""
    above = [k for k, (i, _, d) in enumerate(events) if found and i < found[0] and k > late and d == top_depth]
    if len(above) < 2 or above[-1] != max(k for k, (i, _, _) in enumerate(events) if i < found[0]):
        return False
    return not any(found[0] < i < found[-1] for i, _, _ in events)


def _headings_left_as_plain_lines(lines: list[str], report: FileReport) -> list[str]:
    """olmOCR, pdf-to-markdown and marker print some headings as Markdown and leave others as plain or
    bold lines: "1. Introduction", "2. Related Work", "### 3. Structural-RNN architectures", "5.
    Conclusion". The Markdown headings' own numbers are the evidence: a plain line of its own, set apart
    from any list, whose number continues their sequence (the next section, or the next subsection of
    the current one, a number no Markdown heading holds) is a heading too -- when two such lines or more
    are found. A section's name alone on a plain line ("Introduction", "Conclusions"), printed once and
    no heading's name, is one; and when the file prints its "**References**" as a bold line, so are its
    other whole bold lines (a converter that bolds one heading bolds them all) -- with two or more of
    them named as papers name sections ("**Results**", "**Methods**"), those are the top level and the
    others their subsections. Each takes the depth the Markdown headings of its level have. Nothing
    after the reference list's heading is touched."""
    events: list[tuple[int, tuple[int, ...] | None, int]] = []  # (line, number, depth) of Markdown headings
    plain: list[tuple[int, tuple[int, ...]]] = []
    named: list[int] = []
    bold: dict[int, str] = {}  # line -> the bold text
    bold_refs = False
    heading_names: set[str] = set()
    for i, ln in _outside_code(lines):
        if not ln.strip():
            continue
        m = _HEADING.match(ln)
        if m and not _NUMBER_SIGN.match(ln):
            printed, _, title = parse_heading(m.group(2))
            clean = _strip_num(_clean_heading_text(title))
            if _REF_TITLE.match(clean):
                break
            heading_names.add(clean.lower())
            digits = (tuple(int(x) for x in printed.split("."))
                      if printed and re.fullmatch(r"\d{1,2}(?:\.\d{1,2})*", printed) else None)
            events.append((i, digits, len(m.group(1))))
            continue
        text = ln.strip()
        prev = lines[i - 1].strip() if i > 0 else ""
        if prev and not prev.endswith((".", ":", ")", "]")) and not prev.isdigit():
            # a heading opens a paragraph: a blank line before it, a sentence that ended or a page's
            # number (a PDF's text may lose the blank line), never the middle of a sentence
            continue
        nxt = next((lines[k] for k in range(i + 1, min(i + 4, len(lines))) if lines[k].strip()), "")
        before = next((lines[k] for k in range(i - 1, max(i - 4, -1), -1) if lines[k].strip()), "")
        pm = _PLAIN_NUMBERED.match(text)
        bn = _BOLD_LINE.match(ln) if not pm else None
        if bn:
            # a numbered heading in bold, its period escaped: "**2\. The "Vibe Coding" Crisis: ...**" (a Gemini
            # report exported from Google Docs, its first section a Markdown heading, the others bold lines)
            pm = _PLAIN_NUMBERED.match(_MD_ESCAPE.sub(r"\1", bn.group(1).strip()))
            text = pm.group(0) if pm else text
        number = tuple(int(x) for x in pm.group(1).split(".")) if pm else ()
        # (not a list item whose sentence goes on in lower case on the next line: "1. WHO [9] recommended four size
        # categories of 0.5" / "to 2 cm, 2 to 10 cm, ...")
        if (pm and len(text.split()) <= 12 and not text.endswith((".", ",", ";", ":"))
                and _apart_from_lists(number, before, nxt) and not _numbered_entry_line(pm.group(2))
                and not (nxt.strip()[:1].islower() and i + 1 < len(lines) and lines[i + 1].strip())):
            plain.append((i, number))
        elif _PLAIN_CONTENT_NAME.match(text.rstrip(":")):
            named.append(i)
        else:
            b = _BOLD_LINE.match(ln)
            if b:
                if _REF_TITLE.match(b.group(1).strip()):
                    bold_refs = True
                    break
                words = b.group(1).split()
                named_line = bool(_IMRAD.match(b.group(1).strip()))
                if (len(words) <= 12 and b.group(1).strip()[:1].isupper() and not b.group(1).strip().endswith((".", ":", ","))
                        and nxt.strip() and (named_line or (not _BOLD_LINE.match(nxt) and not _HEADING.match(nxt)))):
                    bold[i] = b.group(1).strip()
    if not events:
        return lines
    atx_numbers = {n for _, n, _ in events if n}
    depth_of: dict[int, int] = {}
    for level in {len(n) for n in atx_numbers}:
        ds = [d for _, n, d in events if n and len(n) == level]
        depth_of[level] = max(set(ds), key=ds.count)
    # a level no Markdown heading holds: one above or below a level that one does
    # (the headings after the title: it is the first, or a late one after a journal's banners, the sections one level under it)
    late = _late_title([(i, d) for i, _, d in events], lines)
    top_depth = min((d for _, _, d in events[late + 1 :]), default=events[late][2] + 1 if late else events[0][2])

    def depth(level: int) -> int:
        if level in depth_of:
            return depth_of[level]
        if depth_of:
            known = min(depth_of, key=lambda k: abs(k - level))
            return max(1, depth_of[known] + level - known)
        return max(1, top_depth + level - 1)

    found: dict[int, int] = {}
    merged: list[tuple[int, tuple[int, ...], bool]] = sorted(
        [(i, n, True) for i, n, _ in events if n] + [(i, n, False) for i, n in plain])
    last: tuple[int, ...] = (0,)
    for i, num, is_atx in merged:
        if is_atx:
            last = num
            continue
        if num in atx_numbers:
            continue
        if (len(num) == 1 and num[0] == last[0] + 1) or (
                len(num) > 1 and num[0] == last[0] and num[1:] > last[1:] and len(num) <= len(last) + 1):
            found[i] = depth(len(num))
            last = num
    for i in _enumeration_runs([(i, n[0]) for i, n, is_atx in merged if not is_atx and len(n) == 1 and i in found], lines):
        del found[i]
    if not atx_numbers and _points_of_one_section(sorted(found), events, late, top_depth):
        found = {}
    if len(found) < 2:
        found = {}
    names: dict[int, str] = {}  # plain named lines, their footnote mark dropped
    # (none before the Markdown heading numbered 1: the sections start there -- "Background" before "## 1
    # Introduction" is a point of the summary or the title page)
    section_one = min((i for i, digits, _d in events if digits == (1,)), default=-1)
    for i in named:
        name = lines[i].strip().rstrip(":").lower()
        if i > section_one and name not in heading_names and sum(ln.strip().rstrip(":").lower() == name for ln in lines) == 1 and not _table_cells_after(lines, i):
            found[i] = top_depth
            m = _PLAIN_CONTENT_NAME.match(lines[i].strip().rstrip(":"))
            names[i] = lines[i].strip()[: m.start("mark")] if m and m.group("mark") else lines[i].strip()
    if len(names) >= 2:
        for i in _shaped_like_named_lines(lines, sorted(names), heading_names):
            found[i] = top_depth
    if bold_refs:
        # sections named as papers name them ("**Results**", "**Discussion**", "**Methods**") are the top
        # level when two or more are bold; the other bold lines between them are their subsections
        named_bold = {i for i, text in bold.items() if _IMRAD.match(text)}
        for i in bold:
            found[i] = top_depth + (1 if len(named_bold) >= 2 and i not in named_bold else 0)
    if not found:
        return lines
    out = list(lines)
    for i, d in found.items():
        b = _BOLD_LINE.match(lines[i])
        out[i] = "#" * d + " " + (b.group(1).strip() if b else names.get(i, lines[i].strip()))
    report.warnings.append(
        f"{len(found)} section headings read from plain or bold lines among the Markdown headings "
        "(numbers continuing theirs, a section's name, or bold lines where References is bold)")
    return out


# an empty in-page anchor a converter puts before a heading or an entry ("<span id="page-3-0"></span>2.
# Methods", "- <span id="page-37-0"></span>Colin Raffel, ...", pandoc's "<div id="ref-xiao2020" class="reference"></div>"):
# it holds no text, and left in place it hides the heading's number and the entry's first author
_EMPTY_ANCHOR = re.compile(
    r"<(span|a|div)\s+(?:id|name)=[\"'][^\"'<>]{0,100}[\"'](?:\s+[\w-]{1,20}=[\"'][^\"'<>]{0,100}[\"'])*\s*>\s*</\1>", re.I)


# pandoc citeproc's HTML bibliography (R Markdown, blogdown and Quarto pages): "<div id="refs" class="references csl-bib-body">"
# holds one "<div id="ref-KEY" class="csl-entry">" an entry, its text wrapped over lines and, in a numbered style, set in
# "<span class="csl-left-margin">1. </span><span class="csl-right-inline">...</span>" -- the tags on lines of their own read as
# entries and the entries' lines as continuations: each entry is one paragraph (its label kept), the divs' tags none
# (pandoc-citeproc before pandoc 2.11, an rrtools paper knitted to github_document, writes the divs with their ids alone:
# "<div id="refs">", "<div id="ref-burke_2013_estimating">")
_CSL_ENTRY = re.compile(r"<div(\s(?:[^<>]{0,300}?class=[\"']csl-entry[\"'][^<>]{0,300}|\s*id=[\"']ref-[^\"'<>\s]{1,200}[\"']\s*))>"
                        r"((?:[^<]|<(?!/?div\b)){0,8000})</div>", re.I)
# the citation key an entry's div keeps as its anchor, "id="ref-KEY"", which the text's citations link to ("[Li 2020](#ref-KEY)")
_CSL_ANCHOR = re.compile(r"\bid=[\"']ref-([^\"'<>\s]{1,200})[\"']", re.I)
_CSL_BODY = re.compile(r"<div\s(?:[^<>]{0,300}?class=[\"'][^\"'<>]{0,200}csl-bib-body[^<>]{0,300}|\s*id=[\"']refs[\"']\s*)>", re.I)
_CLASS_SPAN_TAG = re.compile(r"<span\s+class=[\"'][\w\s-]{1,100}[\"']\s*>|</span>", re.I)
_CLOSING_DIV_LINE = re.compile(r"^[ \t]*</div>[ \t]*$", re.M)
# citeproc's "<span class="nocase">raster</span>" (a title's words kept from case changes) in lists written as Markdown too:
# the tag's text, no markup, so the entry's title and the year before it meet ("2023b. *raster: ...*")
_NOCASE_SPAN = re.compile(r"<span\s+class=[\"']nocase[\"']>([^<]{0,500})</span>", re.I)


def _citeproc_entries_unwrapped(text: str) -> tuple[str, list[tuple[str, str]]]:
    """pandoc citeproc's HTML entries as paragraphs of their own text (``_CSL_ENTRY``), and each anchored entry's
    (citation key, text) as it was unwrapped: the one reading of the divs the markers' links are resolved by
    (:func:`_citeproc_anchors`). The bibliography's own div ("<div id="refs" class="references csl-bib-body">") says
    where the list is: when no heading comes right before it (a LaTeX paper converted with citeproc prints its entries
    after the acknowledgements, its ``\\bibliography`` giving no heading) the div reads as a "References" heading at the
    level of the text's sections."""
    anchored: list[tuple[str, str]] = []

    def one(m: re.Match[str]) -> str:
        entry = " ".join(_CLASS_SPAN_TAG.sub("", m.group(2)).split())
        if anchor := _CSL_ANCHOR.search(m.group(1)):
            anchored.append((anchor.group(1), entry))
        return "\n\n" + entry + "\n\n"

    def body(m: re.Match[str]) -> str:
        if not _REFS_ID.search(m.group()):
            return ""
        above = text[: m.start()].split("\n")
        before = [ln for ln in above[-40:] if ln.strip() and not _CLOSING_DIV_LINE.match(ln) and not _COMMENT_LINE.match(ln)]
        if not before or _HEADING.match(before[-1]):
            return ""
        levels = Counter(len(h.group(1)) for ln in above if (h := _HEADING.match(ln)))
        level = min((n for n, c in levels.items() if c >= 2), default=1)
        return f"\n\n{'#' * level} References\n\n"
    text = _CSL_BODY.sub(body, _CSL_ENTRY.sub(one, text))
    return _CLOSING_DIV_LINE.sub("", text), anchored


_COMMENT_LINE = re.compile(r"^\s*<!--[^>]{0,3000}-->\s*$")
_REFS_ID = re.compile(r"\sid=[\"']refs[\"']", re.I)


# an HTML character reference with its semicolon ("&amp;", "&#39;"), which Markdown renders as the character
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,30});")


_BARE_ADDRESS = re.compile(r"^[<\[(]?https?://\S+$")  # a source's address alone: no furniture, if printed twice


def _running_heads(doc: _Doc) -> set[str]:
    """A page's running head as a PDF's text keeps it: a short line printed among the sections' text
    twice or more ("Goal-Space Planning with Subgoal Models", "Lo, Roice, Panahi, ... and White"); a line
    ending in punctuation is text, but for a head's "Fingleton et al." (SAGE journals), "M.M. Lorah et al."
    (Elsevier, Wiley: the first author's initials before the surname). A longer line is furniture when printed on
    three pages or more: a publisher's download banner at every page's margin ("13652435, 2017, 2, Downloaded from
    https://besjournals.onlinelibrary.wiley.com/doi/..., Wiley Online Library on [07/08/2025]. See the Terms and
    Conditions ...") -- a paragraph of the text is not printed three times, let alone an entry of the list."""
    counts = Counter(ln.strip() for body in doc.section_lines for ln in body if 8 <= len(ln.strip()) <= _BANNER_MAX)
    return {ln for ln, n in counts.items() if n >= (2 if len(ln) <= 150 else 3) and not _HEADING.match(ln) and not _LIST_ITEM_LINE.match(ln)
            and not _NO_WRAP_BLOCK.match(ln) and (not ln.endswith((".", ",", ";", ":")) or _ET_AL_HEAD.fullmatch(ln))
            and not _BARE_ADDRESS.match(ln)}


_ET_AL_HEAD = re.compile(r"(?:[A-Z]\.[ -]?){0,3}[A-Z][^\W\d_]+(?:[ -][A-Z][^\W\d_]+)? et al\.")
_BANNER_MAX = 600  # characters: a publisher's download banner (Wiley's is about 330)


# a PMC author manuscript's stamp at every page's foot and head: "_Annu Rev Sociol_ . Author manuscript; available in PMC
# 2011 September 9.", "Pampel et al. Page 16" (its page number differs from page to page: no line printed twice)
_PMC_PAGE_LINE = re.compile(r"[^\n]{0,120}\bAuthor manuscript; available in PMC (?:19|20)\d{2} [A-Z][a-z]+ \d{1,2}\."
                            rf"|{_ET_AL_HEAD.pattern} Page \d{{1,4}}")


def _running_heads_out(block: list[str], furniture: set[str], report: FileReport) -> list[str]:
    """The reference list's lines without the running heads the text prints too: page furniture, no part
    of an entry (an entry's line is no line of the text, let alone twice); nor PMC's manuscript stamps."""
    out = []
    for ln in block:
        if ln.strip() in furniture or (("Author manuscript" in ln or " et al. Page " in ln) and _PMC_PAGE_LINE.fullmatch(ln.strip())):
            report.skip("a running head inside the reference list", ln.strip())
        else:
            out.append(ln)
    return out


# the characters code page 437 gives the bytes 0x80-0xFF: UTF-8 text decoded as cp437 turns "“" into "ΓÇ£",
# "ﬁ" into "∩¼ü" -- a run of them is mended when its bytes read back as UTF-8 (one such character alone, an
# "é" or "ü" of a name, never does: a UTF-8 character above ASCII takes two bytes or more)
_CP437_HIGH = bytes(range(0x80, 0x100)).decode("cp437")
_CP437_RUN = re.compile(f"[{re.escape(_CP437_HIGH)}]{{2,}}")


def _cp437_mojibake_mended(text: str, report: FileReport) -> str:
    """A PDF extraction whose UTF-8 text was decoded as code page 437 ("ΓÇ£Congestion avoidance ...,ΓÇ¥",
    "pro∩¼üt"), mended when three runs or more read back as UTF-8."""
    changed = 0

    def mend(m: re.Match[str]) -> str:
        nonlocal changed
        try:
            fixed = m.group().encode("cp437").decode("utf-8")
        except UnicodeError:
            return m.group()
        changed += 1
        return fixed

    if "Γ" not in text and "∩" not in text and "┬" not in text:
        return text
    mended = _CP437_RUN.sub(mend, text)
    if changed < 3:
        return text
    report.warnings.append(f"UTF-8 text decoded as code page 437 ({changed} runs such as 'ΓÇ£'): read back as UTF-8")
    return mended


def _layout_columns_apart(lines: list[str], report: FileReport) -> list[str]:
    """A plain-text file (no more than three Markdown headings) from a layout-keeping extraction: its
    two-column pages read column by column (:func:`surveybench.readers.layout.columns_apart`)."""
    if sum(1 for ln in lines if ln.startswith("#") and _HEADING.match(ln)) > 3:
        return lines
    read, pages = columns_apart(lines)
    if pages:
        report.warnings.append(f"{pages} two-column pages of a layout-keeping text extraction read column by column")
        return read
    return lines


# the ACS journals print each section's name in capitals after a black square: "■INTRODUCTION", "■RESULTS AND DISCUSSION"
_SQUARE_BULLET_HEADING = re.compile(r"^■\s?([A-Z][A-Z0-9 ,:&'’\-–]{2,100})$")


def _square_bullet_headings(lines: list[str], report: FileReport) -> list[str]:
    """The ACS journals' headings, a black square before a name in capitals, as a PDF's text gives them (plain lines; a
    name too long for the column wrapped onto the next line, "■INTRODUCTION: PFAS, A BRIEF OVERVIEW AND" / "THEIR
    ENVIRONMENTAL RELEVANCE"): headings, when three lines or more are printed so."""
    at = [(i, m.group(1)) for i, ln in enumerate(lines) if ln.startswith("■") and (m := _SQUARE_BULLET_HEADING.match(ln.strip()))]
    if len(at) < 3:
        return lines
    out = list(lines)
    for i, title in at:
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        after = lines[i + 2].strip() if i + 2 < len(lines) else ""
        if nxt and _wrapped_heading(title, nxt, after):
            title, out[i + 1] = f"{title} {nxt}", ""
        out[i] = f"## {title}"
    report.warnings.append(f"{len(at)} headings after a black square ('■INTRODUCTION') read as headings")
    return out


_FULL_WIDTH_BRACKETS = str.maketrans("［］", "[]")
_PANDOC_ATTRIBUTES = re.compile(r"\{#[^{}\s]+(?:[ \t]+[^{}\s]+)*\}[ \t]*$")
# a numbered heading of a Google Docs page through pandoc whose hashes were lost -- "1.         Introduction {#h.j3efbxlfynao .c90
# .c45}" above "1.1        Background {#h.q98swz9jcgvy .c16}" and "### 2.2.1        Finding ... {#h.7w1yvkuhm6p8 .c10}": pandoc
# gives an identifier in braces to headings only, so the number and its attributes say heading, the number's parts its depth
# (the number set apart from the name by no-break spaces, as Google Docs pads a list's number)
_NUMBERED_ATTRIBUTED_LINE = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3})\.?[ \t\u00a0]+(?=[^\s#])([^{}]{1,200}?)[ \t]*(\{#[^{}\s]+(?:[ \t]+[^{}\s]+)*\})[ \t]*$")
_RULE_HEADING = re.compile(r"^#{1,6}[ \t]+(?:[-*_=][ \t]*){3,}$")


def _structure(text: str, path: Path, topic: str | None, report: FileReport) -> _Doc:
    if not unicodedata.is_normalized("NFC", text):
        # accents as combining marks after their letters (a text extraction's decomposed "Go\u0301mez"): composed,
        # so a name is one run of letters to every pattern below
        text = unicodedata.normalize("NFC", text)
        report.warnings.append("decomposed accents (Unicode NFD) composed (NFC)")
    text = _cp437_mojibake_mended(text, report)
    if "［" in text or "］" in text:
        # an OCR'd Chinese article's full-width brackets, often one of a pair: "［5]", "[3］" (labels and citations)
        text = text.translate(_FULL_WIDTH_BRACKETS)
    if "</span>" in text or "</a>" in text or "</div>" in text:
        text = _EMPTY_ANCHOR.sub("", text)
    citeproc_anchored: list[tuple[str, str]] = []
    if "csl-entry" in text or '<div id="ref-' in text:
        text, citeproc_anchored = _citeproc_entries_unwrapped(text)
        report.warnings.append("pandoc citeproc's HTML entries (csl-entry) read as one paragraph each")
    if "nocase" in text:
        text = _NOCASE_SPAN.sub(r"\1", text)
    if "&" in text:
        # docling writes "Avci, M., &amp; Topaloglu, S. (2016)": "&amp;" hid the "&" of the author list
        text = _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
    lines = text.split("\n")
    if any(_SETEXT.match(ln) for ln in lines):
        lines = _setext_to_atx(lines)
    if any(_BARE_HASHES.match(ln) for ln in lines):
        lines = _bare_hashes_joined(lines)
    if "\f" in text:
        # a word processor's page break kept before a chapter's name: "##\f第三章 数据同步" between "## 第二章 ..." and
        # "## 第四章 ...", a heading still (the break stands where the space would)
        lines = [_HASHES_PAGE_BREAK.sub(r"\1 ", ln) for ln in lines]
    if any(_HASHES_GLUED_CJK.match(ln) for ln in lines):
        lines = [_HASHES_GLUED_CJK.sub(r"\1 ", ln) for ln in lines]
    if "{#" in text and any(_NUMBERED_ATTRIBUTED_LINE.match(ln) for ln in lines):
        lines = [
            f"{'#' * (m.group(1).count('.') + 1)} {m.group(1)} {m.group(2)} {m.group(3)}" if (m := _NUMBERED_ATTRIBUTED_LINE.match(ln)) else ln
            for ln in lines
        ]
    if any(ln.startswith("#") and _PANDOC_ATTRIBUTES.search(ln) for ln in lines):
        # pandoc's Markdown from a Word file ends a heading with its attributes: "Introduction {#introduction .heading1}"
        # (an identifier, classes) -- no part of the name, which must read as the references' or any section's
        lines = [_PANDOC_ATTRIBUTES.sub("", ln).rstrip() if ln.startswith("#") else ln for ln in lines]
    if any(_RULE_HEADING.match(ln) for ln in lines):
        # Google Docs' export of a Gemini report sets its rules as headings ("## ---"): a rule, no section
        lines = ["" if _RULE_HEADING.match(ln) else ln for ln in lines]
    lines = _page_counters_dropped(lines, report)
    lines = _layout_columns_apart(lines, report)
    lines = _square_bullet_headings(lines, report)
    lines = _manuscript_line_numbers(lines, report)
    lines = _line_number_runs_out(lines, report)
    lines = _double_spaced_lines(lines, report)
    lines = _latex_headings(lines, report)
    lines = _pages_as_headings(lines, report)
    lines = _bold_numbered_headings(lines, report)
    lines = _bold_named_headings(lines, report)
    lines = _plain_text_headings(lines, report)
    lines = _headings_left_as_plain_lines(lines, report)
    lines = _small_caps_headings(lines, report)
    headings: list[_Heading] = []
    after_page = False
    for i, ln in _outside_code(lines):
        m = _HEADING.match(ln)
        if m and _NUMBER_SIGN.match(ln):
            m = None  # "# of requests": a shredded table's "number of", not a heading
        if m and _CITATION_ONLY.match(m.group(2)):
            continue  # "# [3,19]": a citation a converter put on a heading line, not a section
        if m and _PLAIN_NUMBER_ALONE.match(m.group(2).strip()) and (nxt := _number_alone_heading(lines, i)) is not None:
            # "## 3.1." then "## RPLC": a subsection's number and its title, split into two headings -- one heading
            hashes, title = lines[nxt].lstrip().split(None, 1)
            lines[nxt] = f"{hashes} {m.group(2).strip()} {title}"
            continue
        if m and _code_comment(lines, i):
            report.skip("a program's comment printed as a heading (a listing without a fence)", m.group(2)[:80])
            continue
        if m and _PANEL_LABEL.match(_clean_heading_text(m.group(2))):
            # "## a. Picture of a table:": a figure's panel label the converter made a heading
            report.skip("figure panel label printed as a heading", m.group(2))
            continue
        if m and (len(re.findall(r"[^\W\d_]", m.group(2))) >= 2 or len(m.group(2).split()) >= 4) and not _WORD_OF_TWO.search(m.group(2)) \
                and not _SPACED_CJK_HEADING.match(m.group(2)):
            # "# 1 1 中 中 19": numbers and lone characters of a figure the converter made a heading --
            # a section's name holds a word ("2 中文", "A Survey"); a lone letter ("## A") may be an appendix's
            # (so does a table's row, a letter and numbers: "# D 3 25 2.2 1.7 0.1 21.8")
            report.skip("figure text printed as a heading", m.group(2))
            continue
        if m and len(m.group(2).split()) >= _PARAGRAPH_WORDS:
            # "# Process each relevant section and print findings for ... FINAL_VAR tags.": a paragraph (or a
            # code listing run together) the converter printed as a heading -- no section's name runs to 60 words
            report.skip("paragraph printed as a heading", m.group(2)[:80])
            continue
        if m and _FORMULA_HEADING.match(_clean_heading_text(m.group(2))):
            report.skip("formula printed as a heading", m.group(2))
            continue
        if m and _PAGE_HEADING.match(_clean_heading_text(m.group(2))):
            # "#### Page 11": a page marker the converter printed as a heading (it may fall inside
            # the reference list, which goes on after it): neither a section nor text
            report.skip("page marker printed as a heading", m.group(2))
            lines[i] = ""
            after_page = True
            continue
        if m and _COPYRIGHT_LINE.search(m.group(2)):
            # "# The Author 2009. Published by Oxford University Press ... All rights reserved.": a page's
            # copyright footer the converter printed as a heading, mid-text: neither a section nor its end
            report.skip("copyright footer printed as a heading", m.group(2))
            continue
        if m and not headings and _BANNER.match(_clean_heading_text(m.group(2))):
            report.skip("journal banner heading before the title", m.group(2))
            continue  # "# RESEARCH ARTICLE" above "# <title>"
        if m and _ARTICLE_TYPE_BANNER.match(_clean_heading_text(m.group(2))):
            # eLife's page banner, the article's type and subject, made a heading mid-text: "# Tools and resources Neuroscience"
            report.skip("journal page banner printed as a heading", m.group(2))
            continue
        if m and not headings and _METADATA_FIELD.match(_clean_heading_text(m.group(2))):
            # "# Citation Key: Cook2023", "# DOI: 10.1101/2025.01.11": a tool's field above the title
            report.skip("metadata field printed as a heading before the title", m.group(2))
            continue
        if m and _DROP_CAPITAL_SENTENCE.match(_clean_heading_text(m.group(2))):
            # "# I n Paris in 2015, countries renewed their commitment to ...": a paragraph's first line,
            # its drop capital set apart, printed as a heading -- a sentence, not a section's name
            report.skip("text after a drop capital printed as a heading", m.group(2))
            continue
        if m and len(_CITED_IN_HEADING.findall(m.group(2))) >= 2:
            # "# Cmechanotransduction [1], migration [2], cytokinesis [3], immune": a paragraph's first line
            # set as a heading after its drop capital -- it cites; a section's name does not cite twice
            report.skip("text with citations printed as a heading", m.group(2))
            continue
        if m and m.group(2).strip():
            num, lvl, title = parse_heading(m.group(2))
            depth = len(m.group(1))
            glued = _GLUED_FIRST_SUBSECTION.match(title) if num and num.isdigit() else None
            if glued and glued.group(2) == f"{num}.1":
                # "### 2 Results 2.1 Drift in passive data": the converter joined a section's heading and
                # its first subsection's on one line -- two headings (the section's own text is empty)
                headings.append(_Heading(i, depth, m.group(2).strip(), num, lvl, glued.group(1), after_page and len(headings) > 0))
                headings.append(_Heading(i, depth + 1, m.group(2).strip(), glued.group(2), 2, glued.group(3)))
            else:
                headings.append(_Heading(i, depth, m.group(2).strip(), num, lvl, title, after_page and len(headings) > 0))
            after_page = False
    no_headings = "no Markdown headings ('# Title', '## 1 Introduction') found"
    if not any(ln.strip() for ln in lines):
        raise ReaderError(path, no_headings)
    if headings:
        headings = _running_headers_out(headings, lines, report)
        _glued_digit_title(headings)
        _glued_affiliation_marks(headings)

    title_h: _Heading | None = None
    first_is_title = bool(headings) and _is_title_heading(headings[0], headings[1:], _yaml_title(lines))
    # (the headings before the reference list: a PDF's last page after it may print the journal's name and the title again)
    late = _late_title([(h.line, h.depth) for h in _before_back_matter(headings)], lines) if headings and not first_is_title else 0
    if late and _is_title_heading(headings[late], headings[late + 1 :]):
        # the title after a journal's banners printed deeper ("## Reviews See accompanying Commentary by Summerbell"): no sections
        title_h = headings[late]
        for h in headings[:late]:
            report.skip("journal banner heading before the title", h.raw)
        body_headings = headings[late + 1 :]
    elif first_is_title:
        title_h = headings[0]
        body_headings = headings[1:]
    else:
        body_headings = headings
        report.warnings.append("no '# Title' line: title taken from the file name")
    title = _clean_heading_text(title_h.title if title_h else (topic or path.stem))
    # (a byline is no subtitle: "###### Jack A. Cook and Thomas A. Cleland" under the title)
    if title_h and body_headings and not _byline(body_headings[0].title) and (
        (title.endswith(":") and not any(ln.strip() for ln in lines[title_h.line + 1 : body_headings[0].line]))
        # "# Report" with "## A Comprehensive Analysis of ..." on the very next line: its subtitle
        or (body_headings[0].line == title_h.line + 1 and body_headings[0].depth > title_h.depth
            and body_headings[0].number is None and not _non_content_heading(body_headings[0]))
        or _subtitle_heading(title_h, body_headings, lines)
        or _second_title_line(title_h, body_headings, lines)
    ):
        # "# Comparative Analysis:" then "## W3C DIDs vs. FIDO ..." at once: the title's second line
        sub = body_headings.pop(0)
        report.skip("subtitle heading joined to the title", sub.raw)
        title = f"{title} {_clean_heading_text(sub.title)}"

    kept: list[_Heading] = []
    for h in body_headings:
        if (_norm(h.title) == _norm(title) or _same_title(h.title, title)) and h.number in (None, "0"):
            report.skip("repeated title heading", h.raw)
            continue
        kept.append(h)

    kept = _chapter_labels_joined(kept, lines)
    kept = _title_page_headings(kept, lines, report)
    kept = _drop_toc_headings(kept, lines, report)
    _chinese_numbered_levels(kept)
    _one_chapter_numbering(kept)
    _converter_depths(kept)

    # Numbering that restarts ("#### 1. Superposition" under one section, "### 1. Superposition"
    # under the next) numbers items within sections, not the sections' levels: those headings
    # take their level from their depth, like unnumbered ones
    top_numbered = [h for h in kept if h.number_level == 1 and h.number and h.number.isdigit()]
    if len({h.number for h in top_numbered}) != len(top_numbered):
        # ... unless the sections run 1, 2, 3, ... in order through them, and the restarts are fewer:
        # a list's "1. What are these properties?" made a heading inside section 2 is no section
        chain: list[_Heading] = []
        for h in top_numbered:
            if int(h.number or 0) == len(chain) + 1:
                chain.append(h)
        in_chain = {id(h) for h in chain}
        sections_run_on = len(chain) >= 3 and len(top_numbered) - len(chain) < len(chain)
        # the last section's number printed again after its subsections, at its depth ("# 3. Review" .. "# 3.6
        # Summary" then "# 3 Summary and conclusions"): the next section, misnumbered -- no restart
        last = chain[-1] if chain else None
        repeats = [h for h in top_numbered if last is not None and h is not last and h.number == last.number]
        misnumbered = repeats[0] if sections_run_on and len(repeats) == 1 and last is not None and (
            repeats[0].line > last.line and repeats[0].depth == last.depth
            and any(x.number and x.number.startswith(f"{last.number}.") and last.line < x.line < repeats[0].line for x in kept)) else None
        for h in top_numbered:
            if not (sections_run_on and id(h) in in_chain) and h is not misnumbered:
                h.number_level = None

    _local_numbering(kept)

    # IEEE: "I. INTRODUCTION" then "A. Background" -- a letter heading is a subsection when the
    # document numbers its top level with Roman numerals
    # (a lettered appendix's ninth, "I. Model Card" after "H. Results", is no Roman one: Roman numbers run to "II" at least;
    # without them "I." is a letter, its heading unnumbered as "H." is -- "### I. Infection" among "### A." ... "### K.")
    roman_depths = [h.depth for h in kept if h.number and re.fullmatch(r"[IVXL]+", h.number)] if any(
        h.number and re.fullmatch(r"[IVXL]{2,}", h.number) for h in kept) else []
    if not roman_depths:
        for h in kept:
            if h.number in ("I", "V", "X", "L"):
                h.number, h.number_level, h.title = None, None, re.sub(r"^[*_]+|[*_]+$", "", h.raw).strip()
    if roman_depths:
        top_depth = max(set(roman_depths), key=roman_depths.count)
        for h in kept:
            if h.number in ("I", "V", "X", "L") and h.depth > top_depth and h.number_level == 1:
                # the 9th subsection "I. Applications" one level below "IV. ...": a letter
                h.number_level = 2
        for h in kept:
            m = re.match(r"^([A-Z])\.\s+(\S.*)$", h.title)
            if h.number is None and m:
                h.number, h.number_level, h.title = m.group(1), 2, m.group(2)
    if roman_depths:
        # IEEE numbers levels I. / A. / 1) / a): an arabic number under Roman ones is level 3
        for h in kept:
            if h.number and h.number.isdigit() and re.match(r"^\s*[*_]*\d+[).]", h.raw):
                h.number_level = 3
    _flattened_unnumbered_subheadings(kept)
    numbered_top = [h.depth for h in kept if h.number_level == 1 and h.number and not h.number.isalpha()]
    if numbered_top:
        base = max(set(numbered_top), key=numbered_top.count)
    else:
        # "# ACM Reference Format" or "# Abstract" above "## Introduction" does not set the depth, nor a heading after the
        # reference list (a PDF's last page printing the journal's name, "# ScienceAdvances")
        content = [h.depth for h in (_before_back_matter(kept) or kept) if not _non_content_heading(h)]
        base = min(content or [h.depth for h in kept] or [1])

    untitled: str | None = None  # why the text is one untitled section: no section heading was found
    if not kept:
        # a text with no section heading found (a generator's answer in plain paragraphs, a PDF's text whose
        # headings none of the rules above recognised): one untitled section, so that its citations and its
        # reference list are still read -- when it has a list (checked below; without one it is refused)
        untitled = no_headings if title_h is None else f"only a title heading ({title_h.raw}), no section headings"
        report.warnings.append("no section headings found: the text read as one untitled section")
        kept = [_Heading(title_h.line if title_h else -1, (title_h.depth + 1) if title_h else 1, "", None, None, "")]
    doc = _Doc(title=title, titled=title_h is not None, citeproc_anchored=citeproc_anchored)
    first_line = kept[0].line if kept else len(lines)
    start_front = (title_h.line + 1) if title_h else 0
    kept_lines = {h.line for h in kept}  # a set of line numbers: membership on the dataclasses was quadratic
    skipped_lines = {h.line for h in body_headings if h.line not in kept_lines}
    doc.front = _blocks([ln for i, ln in enumerate(lines[start_front:first_line], start_front) if i not in skipped_lines])

    stack: list[Section] = []
    in_refs = False
    ref_depth = 0  # the depth of the reference heading whose list is open
    seen_numbers: set[str] = set()
    numbered_body = sum(1 for h in kept if h.number_level == 1) >= 2
    # the body opens with section 1: unnumbered headings before it are the title page's (a journal's
    # name, the title, the authors, "A R T I C L E I N F O", "A B S T R A C T" in Elsevier's layout),
    # unless named as a section is ("Introduction" before "1. Architecture" in a report); or with a Roman
    # "I. INTRODUCTION" in IEEE's layout (a "# Physical Intelligence" -- the authors' company -- under the title), a
    # Roman "I." opening the body only so named: "## I. When and Why ..." after "## Scope ..." in a report is its first
    # numbered part, the unnumbered sections before it the report's own -- pool files showed both
    first_h = next((h for h in kept if h.number_level == 1 and h.number and (h.number.isdigit() or re.fullmatch(r"[IVXL]+", h.number))), None)
    first_top = first_h.number if first_h is not None else None
    roman_intro = first_h is not None and first_top == "I" and re.match(r"introduction\b", _clean_heading_text(first_h.title), re.I) is not None
    opens_with_one = numbered_body and (first_top in ("0", "1") or roman_intro)  # (Chinese journals number the introduction "0 引 言")
    back = False  # after "<title> - Backmatter" / "- Appendix" nothing is the body
    refs_seen = seen_conclusion = content_seen = top_seen = False
    top_titles: set[str] = set()  # the top-level content sections' names, normalised
    resumable: list[str] | None = None  # the open reference list's lines, while back-matter notes follow it
    list_open = False  # the last block read holds a reference list, opened by a heading or a line ("References")
    heading_counts = Counter(h.title for h in kept)  # a heading printed on three pages or more is a page's running head
    for k, h in enumerate(kept):
        end = kept[k + 1].line if k + 1 < len(kept) else len(lines)
        first_item = _first_item_number(lines[h.line + 1 : end])
        given_back = None
        if list_open:
            given_back = _heading_in_the_list(doc.ref_blocks[-1], lines, h.line, end, repeated=heading_counts[h.title] >= 3)
        if given_back is not None:
            report.skip("heading inside the reference list (its numbering goes on under or in it)", h.raw)
            doc.ref_blocks[-1].extend(given_back)
            continue
        # (or a page's running head, its number and the authors' names: "## 16 Hao Yu, Aoran Gan, ..., and Zhaofeng Liu")
        running_head = in_refs and _byline(h.title)
        if in_refs and not _REF_TITLE.match(_strip_num(_clean_heading_text(h.title))) and (
                running_head or (first_item is not None and first_item > 3)
                or (h.depth > ref_depth and (first_item == 1 or bool(_LIST_PART.search(_clean_heading_text(h.title)))
                                             # (an agent's sources grouped under subheadings, "## 参考资料" / "### 业界分析" /
                                             # "1. [What Actually Is ...](https://...)": the list starts under the first)
                                             # (or under a note on the list first: "## 참고문헌" / "본 참고문헌은 ... 50편을
                                             # 중심으로 제시한다." / "### B1 ..." / "1. APA Board ...")
                                             or (_no_entry_yet(doc.ref_blocks[-1:])
                                                 and _first_item_number(lines[h.line + 1 : end], _FIRST_DOTTED_ITEM) == 1)))):
            # a running header or page number the converter made a heading, inside the list; or a
            # part of the list under a deeper heading ("## Bibliography", "#### Primary Sources (...)")
            report.skip("heading inside the reference list (the list goes on after it)", h.raw)
            if running_head or (first_item is not None and first_item > 3):
                doc.ref_blocks[-1].extend(lines[h.line + 1 : end])
            elif _no_entry_yet(doc.ref_blocks[-1:]):  # the list starts here: a note before it is no entry
                doc.ref_blocks[-1] = lines[h.line + 1 : end]
            else:  # a list of its own, numbered from 1 again
                doc.ref_blocks.append(lines[h.line + 1 : end])
            continue
        if h.number:
            seen_numbers.add(h.number.split(".")[0])
        level = h.number_level if h.number_level else max(1, h.depth - base + 1)
        if h.number and h.number_level and abs(h.depth - base + 1 - h.number_level) > 1 and h.depth < base and not (
            h.number and "." in h.number and h.number.split(".")[0] in seen_numbers
        ):  # "# 3.1 ..." under "# 3 ...": a converter's depth, the printed number decides
            level = max(1, h.depth - base + 1)  # e.g. "# 2023 Roadmap" above the numbered sections
        while stack and stack[-1].level >= level:
            stack.pop()
        parent = stack[-1] if stack else None
        title_clean = _clean_heading_text(h.title)
        is_ref = bool(_REF_TITLE.match(_strip_num(title_clean)))
        # (after the list, a heading printing a body section's name again -- Cell's "STAR☆METHODS", its methods set after the
        # references -- is that section's continuation: neither it nor the headings after it are new sections)
        # (a venue's checklist -- "## NeurIPS Paper Checklist", then "## 1. Claims" ... "## 16. Declaration of LLM usage" at the
        # sections' depth, numbered anew -- is back matter, its questions and what follows it too)
        back = back or bool(_BACK_MATTER.search(title_clean) or _BACK_MATTER.search(_clean_heading_text(h.raw))) or bool(
            _PLAIN_CHECKLIST.match(title_clean)) or (
            # after the list, a heading at the title's depth above sections printed deeper: a PDF's last page ("# ScienceAdvances")
            refs_seen and title_h is not None and h.depth <= title_h.depth < min(x.depth for x in kept[:k])) or (
            refs_seen and not is_ref and _norm(title_clean) in top_titles) or (
            refs_seen and _appendix_letter_start(kept, k)) or (
            # "A. Switch for Attention", "B. ..." after the numbered sections, before the list: the
            # appendices (a converter dropped the word "Appendix"); "B." must follow at the same depth
            numbered_body and bool(seen_numbers) and _appendix_letter_start(kept, k, need_b=True))
        # ACL's "Limitations" / "Ethics Statement" after the conclusion, or after the acknowledgements (a survey ending
        # on "5 Current Research Trends", then "Acknowledgement", "6 Limitations"): required back matter
        acl_back = seen_conclusion and bool(_ACL_BACK.match(_strip_num(title_clean)))
        after_conclusion = seen_conclusion
        seen_conclusion = seen_conclusion or bool(_CONCLUSION.match(_strip_num(title_clean)) or _ACKNOWLEDGEMENT.match(_strip_num(title_clean)))
        refs_seen = refs_seen or is_ref
        # after the list of a numbered paper, an unnumbered heading ("Frequently Asked Questions", "Q: ...",
        # a prompt's "Evaluation Steps:") is appendix material, not a section of the paper
        after_list = refs_seen and not is_ref and numbered_body and h.number is None
        is_content = not (
            after_list
            or _after_table_label(lines, h.line)
            or (opens_with_one and not seen_numbers and h.number is None and not _IMRAD.match(title_clean))
            or is_ref
            or back
            or acl_back
            # a report's "Executive Summary" before its first section (numbered or not) is its
            # abstract; after other sections it is one of them
            # (numbered "1. Executive Summary: The Era of Intelligence" as the first section, it is the abstract still)
            # ("## I. 执行摘要" in Roman numerals: the first part still)
            or ((numbered_body or not content_seen) and h.number in (None, "1", "I") and _EXEC_SUMMARY.match(title_clean))
            # a research article's abstract under "Summary" (The Lancet, Cell) right before its introduction
            or (not top_seen and h.number is None and title_clean.rstrip(" :").lower() == "summary" and k + 1 < len(kept)
                and re.fullmatch(r"introduction", _strip_num(_clean_heading_text(kept[k + 1].title)), re.I) is not None)
            # a web capture's "Summary" after the reference list: the page's outline (Frontiers' sidebar prints the
            # section headings again under it), no section of the text
            or (refs_seen and not is_ref and h.number is None and title_clean.rstrip(" :").lower() == "summary")
            or _MORE_NON_CONTENT.match(title_clean)
            or _ACKNOWLEDGEMENT.match(_strip_num(title_clean))
            or (after_conclusion and h.number is None and _between_back_matter(kept, k))
            or is_non_content_title(h.raw)
            or is_non_content_title(title_clean)
            or _CJK_CAPTION.match(title_clean)
            or _FRONT_MATTER.match(title_clean)
            or (parent is not None and not parent.is_content)
        )
        content_seen = content_seen or is_content
        top_seen = top_seen or (is_content and level == 1)  # (the title page's headings a level down are not)
        if is_content and level == 1:
            top_titles.add(_norm(title_clean))
        sec = Section(
            index=len(doc.sections) + 1,
            level=level,
            number=h.number,
            title=title_clean,
            parent=parent.index if parent else None,
            is_content=is_content,
        )
        body = lines[h.line + 1 : end]
        in_refs, ref_depth = is_ref, h.depth
        list_open = is_ref
        if resumable is not None and not is_ref and (_BACK_NOTE.match(_strip_num(title_clean)) or _RUNNING_HEAD_TITLE.search(title_clean)):
            cut = _list_resumed(body, resumable)
            if cut is not None:
                report.warnings.append(f"the reference list goes on after the section {h.raw.strip()!r} (a page set it there)")
                resumable.extend(body[cut:])
                body = body[:cut]
        elif not is_ref:
            resumable = None
        if is_ref:
            doc.ref_blocks.append(body)
            resumable = body
            body = []
        else:
            cut = _inline_reference_line(body)
            if cut is not None:  # "**References**" as a bold line, not a heading
                run_in = _RUN_IN_REF_LINE.match(body[cut])
                report.warnings.append(f"reference list opened by the line {body[cut].strip()[:40]!r} in section {h.raw!r}")
                doc.ref_blocks.append(([body[cut][run_in.end() :]] if run_in else []) + body[cut + 1 :])
                body = body[:cut]
                list_open = True  # the list goes on under the headings a converter made of its pieces
        doc.sections.append(sec)
        doc.section_lines.append(body)
        stack.append(sec)
    if not any(doc.ref_blocks):
        _trailing_list_without_heading(doc, report)
    elif all(_holds_no_entries(b) for b in doc.ref_blocks):
        _list_after_an_empty_heading(doc, report)
    elif len(doc.ref_blocks) == 1:
        _first_entries_before_the_heading(doc, report)
    doc.ref_blocks = [[] if _how_to_cite(b) else _page_notes_off_the_list(b, report) for b in doc.ref_blocks]
    if untitled is not None and not any(any(ln.strip() for ln in block) for block in doc.ref_blocks):
        raise ReaderError(path, untitled)  # no heading and no reference list: nothing says this is a survey
    return doc


# a blog post's "## Citation" section, how to cite the post itself ("Cited as:" / "> Weng, Lilian. (Jun 2023). ..." / its
# BibTeX in a fence; Lil'Log): the post's own entry, no list of the sources it cites
_CITE_AS = re.compile(r"^\s*(?:\*\*|__)?(?:cited as|please cite(?: this(?: \w+)?)?(?: as)?|to cite this(?: \w+)?|cite this(?: \w+)?(?: as)?)\s*:", re.I)


# -- or a journal page's article panel captured as text (Frontiers): "Citation" / the article's own entry / "Received" / its date /
# "Accepted" / ...: the entry is the article's, the lines after it its history
_ARTICLE_DATE_LABEL = re.compile(r"^\s*(?:Received|Accepted|Published|Revised)(?: on)?:?\s*$", re.I)


def _how_to_cite(block: list[str]) -> bool:
    lines = [ln for ln in block if ln.strip()]
    return bool(lines) and (bool(_CITE_AS.match(lines[0])) or (len(lines) >= 2 and bool(_ARTICLE_DATE_LABEL.match(lines[1]))))


# a Markdown footnote's definition, "[^1]: A map projection defines ..." (its further lines indented)
_NOTE_DEFINITION = re.compile(r"^\[\^[^\]\s]{1,20}\]:\s")


def _page_notes_off_the_list(block: list[str], report: FileReport) -> list[str]:
    """pandoc's Markdown writer puts a page's footnotes at the file's end ("[^1]: ...", further lines indented by four
    spaces), after the bibliography of an R Markdown page or a blog post: when two lines or more of entries not written so
    (a year or an address in them) come first and only notes (definitions and their indented lines) follow, the notes are no entries of the list."""
    first = next((i for i, ln in enumerate(block) if _NOTE_DEFINITION.match(ln)), None)
    if first is None or sum(1 for ln in block[:first] if _ENTRY_LIKE.search(ln)) < 2:
        return block
    if any(ln.strip() and not _NOTE_DEFINITION.match(ln) and not ln.startswith((" ", "\t")) for ln in block[first:]):
        return block
    report.skip("a page's footnotes after the reference list", block[first][:80])
    return block[:first]


_LINE_LABEL = re.compile(r"^\s*\[(\d{1,4})\]\s+\S")
_INLINE_LABEL = re.compile(r"(?<![^\s])\[(\d{1,3})\]\s+(?=\S)")
_ACCESS_TAIL = re.compile(r"^\s*(?:available\b|https?://|doi\b|retrieved\b|url\b|accessed\b)", re.I)


def _first_entries_before_the_heading(doc: _Doc, report: FileReport) -> None:
    """A two-column page's text extraction may print a bracketed list's first column before the list's heading
    ("[1] FAO. 2010. ..." .. "[9] URT. 2015a. ...", then the last section's text, "Works cited", more of that text,
    "[10] URT. 2015b. ..."): when the list under the heading opens at [k] > 1 and the text before it (a section's
    lines, or a paragraph before the first heading) holds lines opening [1], [2], ..., [k-1] in order, those entries
    (each up to the line closing it) move to the list's front, and the text the heading cut off before [k] goes
    where they were."""
    block = doc.ref_blocks[0]
    first = next((i for i, ln in enumerate(block) if _LINE_LABEL.match(ln)), None)
    label = _LINE_LABEL.match(block[first]) if first is not None else None
    if first is None or label is None or not 2 <= (k := int(label.group(1))) <= 30:
        return
    places: list[tuple[list[str], int]] = [(lines, -1) for lines in doc.section_lines]
    places += [(p.split("\n"), j) for j, p in enumerate(doc.front)]
    for lines, front_at in places:
        labels = [(i, int(m.group(1))) for i, ln in enumerate(lines) if (m := _LINE_LABEL.match(ln))]
        if [n for _i, n in labels[: k - 1]] != list(range(1, k)):
            continue
        begin, end = labels[0][0], labels[k - 2][0]  # from [1] to the line of [k-1], whose entry runs on ...
        while end + 1 < len(lines) and lines[end + 1].strip():
            # ... to the line that closes it (an address or access date after its period goes with it)
            if not _ACCESS_TAIL.match(lines[end + 1]) and re.search(r"[.)]\s*$|https?://\S+\s*$", lines[end]):
                break
            end += 1
        if any(_LINE_LABEL.match(ln) for ln in lines[end + 1 :]):
            continue
        moved = lines[begin : end + 1]
        lines[begin : end + 1] = block[:first]
        if front_at >= 0:
            doc.front[front_at] = "\n".join(ln for ln in lines if ln.strip())
        doc.ref_blocks[0] = moved + block[first:]
        report.warnings.append(f"reference entries [1]..[{k - 1}] printed before the list's heading: read as its first entries")
        return
    # ... or run together at the end of the last section's text, after a page's line numbers: "1321 1322 [1]
    # 2005-2018. Amazon Mechanical Turk. ... [2] 2022. Centers for ..." (five entries at least, each 20 characters
    # or more, up to the section's end)
    last = next((lines for lines in reversed(doc.section_lines) if any(ln.strip() for ln in lines)), None)
    if last is None or k < 6:
        return
    text = "\n".join(last)
    run = list(_INLINE_LABEL.finditer(text))
    at = next((j for j, m in enumerate(run) if m.group(1) == "1"), None)
    if at is None or [int(m.group(1)) for m in run[at:]] != list(range(1, k)):
        return
    starts = [m.start() for m in run[at:]] + [len(text.rstrip())]
    if any(b - a < 20 for a, b in zip(starts, starts[1:])):
        return
    last[:] = text[: starts[0]].split("\n")
    doc.ref_blocks[0] = [text[starts[0] :], ""] + block[first:]
    report.warnings.append(f"reference entries [1]..[{k - 1}] run into the text before the list's heading: read as its first entries")


# a part of a reference list under its own heading ("#### Primary Sources (Original Papers)", "### Books");
# a deeper heading of prose after the list ("### A. Proofs") is no part of it
_LIST_PART = re.compile(r"\b(?:sources|papers|articles|books|references|reports|works|readings?|publications|websites|links)\b", re.I)


# "TABLE VII", "TABLE VII (continued)", "Table 3": a table's label on a line of its own (or as a heading)
_TABLE_LABEL = re.compile(r"^\s*(?:#{1,6}\s*)?(?:TABLE|Table)\s+(?:[IVXL]+|\d{1,2})\.?(?:\s*\((?:continued|cont\.?)\))?\s*$")


# back-matter notes a two-column page may set between a reference list's parts (Frontiers: "REFERENCES", entries A-G,
# the authors' contributions, "FUNDING", "ACKNOWLEDGMENTS", entries H-Y)
# a journal page's running head a converter made a heading inside the list ("## F.J.H. Lu Et Al. / Psychology Of Sport
# And Exercise 22 (2016) 202E209 209"): the list goes on after it as after a back-matter note
# (or the page's number, the first author's initials and name, "/", the journal and its volume: "82 Y. X. Chen / Drug
# And 155", Elsevier's head with its words lost)
_RUNNING_HEAD_TITLE = re.compile(r"(?i:\bet al\.)\s*/\s*[A-Z].*\b(?:19|20)\d{2}\b"
                                 r"|^\d{1,4}\s+(?:[A-Z]\.\s*){1,3}[A-Z][\w'’\-]+(?:\s+et al\.)?\s*/\s*[A-Z][^/]{0,80}?\s\d{1,4}$")
_BACK_NOTE = re.compile(
    r"^(?:acknowledge?ments?|funding(?:\s+(?:information|sources?|statement))?|authors?['’]?\s+contributions?|"
    r"conflicts?\s+of\s+interests?(?:\s+statement)?|competing\s+interests?|data\s+availability(?:\s+statement)?)$", re.I)


_SURNAME_COMMA = re.compile(r"[A-ZÀ-Þ][\w'’\-]*(?: [A-ZÀ-Þ][\w'’\-]*)?, ")  # "Harabagiu, S., and ..." ("PA." is none)


def _list_resumed(body: list[str], listed: list[str]) -> int | None:
    """The line of ``body`` (a back-matter note after a reference list, or after another such note) where the
    list goes on: the first line opening an author-year entry whose first author sorts after the list's last
    entry's, with another entry opening after it, in a list of three entries or more opening so -- else None."""
    def starts(lines: list[str]) -> list[int]:
        text = "\n".join(lines)
        out, pos = [], 0
        for k, ln in enumerate(lines):
            if _SURNAME_COMMA.match(ln) and opens_entry(text, pos):
                out.append(k)
            pos += len(ln) + 1
        return out

    entries = starts(listed)
    if len(entries) < 3:
        return None
    last = fold(listed[entries[-1]].split(",")[0])
    found = starts(body)
    return next((k for j, k in enumerate(found) if fold(body[k].split(",")[0]) >= last and len(found) - j >= 2), None)


def _after_table_label(lines: list[str], at: int) -> bool:
    """IEEE prints a table's label and its title on two lines ("TABLE I" / "Comparison of Encoder-Decoder
    Frameworks"), and converters make the title a heading: the heading whose previous line of text is a
    table's label is that table's title, not a section."""
    for k in range(at - 1, max(-1, at - 4), -1):
        if lines[k].strip():
            return bool(_TABLE_LABEL.match(lines[k]))
    return False


_ACL_BACK = re.compile(r"^(?:limitations?|ethics(?:\s+statement)?|ethical\s+considerations?)$", re.I)
# (the closing section's names in Portuguese and Spanish too: "Conclusões", "Considerações finais" -- final remarks)
_CONCLUSION = re.compile(r"^(?:conclusions?|concluding\s+remarks|conclus[oõ]es|conclusi[oó]n(?:es)?|considera[cç][oõ]es\s+finais|"
                         r"consideraciones\s+finales)\b", re.I)
# (in the languages of the reports and translations: Japanese "謝辞", Chinese "致谢", Korean "감사의 글", Portuguese "Agradecimentos",
# Spanish "Agradecimientos", Dutch "Dankwoord", Turkish "Teşekkür", French "Remerciements", German "Danksagung")
_ACKNOWLEDGEMENT = re.compile(r"^(?:acknowledge?ments?|謝辞|致[谢謝]|감사의\s?글|agradecimentos|agradecimientos|dankwoord|teşekkür(?:ler)?|remerciements|danksagung)$",
                              re.I)
_LETTER_TITLE = re.compile(r"^([A-Z])\.?\s+(?=[A-Z0-9])")


_CAPTION_HEADING = re.compile(r"^(?:fig(?:ure)?\.?|table)\s*(?:\d|[IVX]+\b)", re.I)


def _between_back_matter(kept: list[_Heading], k: int) -> bool:
    """After the conclusion, an unnumbered heading whose neighbours at its depth are both back matter ("# ACKNOWLEDGEMENT",
    "# CONFLICT OF INTEREST STATEMENT", "# PEER REVIEW", "# DATA AVAILABILITY STATEMENT", "# ORCID" in Wiley's layout) is
    back matter of a name no list holds."""
    depth = kept[k].depth
    before = next((h for h in reversed(kept[:k]) if h.depth <= depth), None)
    after = next((h for h in kept[k + 1 :] if h.depth <= depth), None)
    # (a table's caption made a heading is no back matter: "### Table 1 – Recent studies ..." before the conclusion)
    # (a glossary is kept a section: a report's glossary cites its sources)
    return not re.match(r"glossary\b", _clean_heading_text(kept[k].title), re.I) and all(
        h is not None and h.depth == depth and _non_content_heading(h) and not _CAPTION_HEADING.match(_clean_heading_text(h.title))
        for h in (before, after))


def _appendix_letter_start(kept: list[_Heading], k: int, *, need_b: bool = False) -> bool:
    """After the reference list, "## A Takeaway" opens the appendices (PDF transcriptions drop the
    word "Appendix"): a heading lettered "A" followed by "B ..." or "A.1 ...", or with no
    heading of its depth after it; or lettered "B" (up to "H") followed by the next letter, when
    "A" was lost. "A Survey of X" before the references is a title, not a letter."""
    h = kept[k]
    m = _LETTER_TITLE.match(_clean_heading_text(h.raw))
    if h.number is not None or not m or m.group(1) not in "ABCDEFGH" or (need_b and m.group(1) != "A"):
        return False
    rest = kept[k + 1 : k + 500]  # bounded: a hostile file with 100,000 "A ..." headings stays linear
    if m.group(1) != "A":
        # after the list, appendix "A" may be lost in conversion: "B Amplitude Spectra ...", then "C ...",
        # the next letter at the same depth, opens them too
        nxt = chr(ord(m.group(1)) + 1)
        return any(x.depth == h.depth and (lm := _LETTER_TITLE.match(_clean_heading_text(x.raw))) and lm.group(1) == nxt
                   for x in rest)
    if need_b:
        # lettered subsections ("A. Background" under "2 Related Work") have numbered sections after them
        if any(x.number_level == 1 and (x.number or "").isdigit() for x in rest):
            return False
        return any(x.depth == h.depth and (lm := _LETTER_TITLE.match(_clean_heading_text(x.raw))) and lm.group(1) == "B"
                   for x in rest)
    letters = {lm.group(1) for x in rest if (lm := _LETTER_TITLE.match(_clean_heading_text(x.raw)))}
    return "B" in letters or any((x.number or "").startswith("A.") for x in rest) or not any(
        x.depth <= h.depth for x in rest)


# under a title and its second line, a rule and a short note in italics are the title page's ("---" / "*Working Draft,
# April 2026*"), no text of a section
_TITLE_PAGE_NOTE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,}|([*_])[^*_\n]{1,80}\1)\s*$")


def _subtitle_heading(title_h: _Heading, body: list[_Heading], lines: list[str]) -> bool:
    """"# Chapter 63: Factitious Disorder" / "## The Biological and Neurological Basis of Factitious
    Disorder" / "### Introduction": an unnumbered heading one level under the title, nothing but blank
    lines around it (or a rule and a note in italics, :data:`_TITLE_PAGE_NOTE`), holding no text of its own before the next heading, and no section's name (not
    "Introduction", not "Abstract"), is the title's second line."""
    if len(body) < 2:
        return False
    sub, nxt = body[0], body[1]
    words = _clean_heading_text(sub.title).split()
    if sub.depth <= title_h.depth or sub.number is not None or _non_content_heading(sub) or len(words) < 4:
        return False
    if _IMRAD.match(" ".join(words).rstrip(" :.")):
        return False
    if any(ln.strip() for ln in lines[title_h.line + 1 : sub.line]) or any(
            ln.strip() and not _TITLE_PAGE_NOTE.match(ln) for ln in lines[sub.line + 1 : nxt.line]):
        return False
    # it holds nothing (the sections follow at its own depth), or it is alone at its depth (the sections
    # are one level under it): "## 1 Introduction to GNNs" / "### 1.1 ..." among "## 2 ...", "## 3 ..." is a section
    return nxt.depth <= sub.depth or not any(
        h.depth == sub.depth and not _non_content_heading(h) for h in body[1:])


def _second_title_line(title_h: _Heading, body: list[_Heading], lines: list[str]) -> bool:
    """"# AN INAUGURAL LECTURE TO THE SOCIETY" then "# EARTHQUAKE-INDUCED LANDSLIDE HAZARDS ...: A
    REVIEW" with nothing between, both unnumbered at one depth, and the numbered sections start at
    "1" after only front matter, or all sections sit deeper: the two lines are one title page, the second
    is no section."""
    b0 = body[0]
    if b0.depth != title_h.depth or b0.number is not None or _non_content_heading(b0) or len(b0.title.split()) < 3:
        return False

    def section_name(h: _Heading) -> bool:  # "Introduction", "Methods": a section, never a title line
        return bool(_IMRAD.match(_clean_heading_text(h.title).rstrip(" :.")))

    # (every heading after the second sits deeper than it: the two lines hold the whole paper between them)
    all_deeper = all(h.depth > b0.depth for h in body[1:])
    if any(ln.strip() for ln in lines[title_h.line + 1 : b0.line]):
        # a journal's banner first ("# Journal Of Occupational Health Psychology", its citation block), then the
        # paper's title at the same depth and every heading after it deeper: two title lines, whatever text
        # sits between -- taken as a section, the second would hold the whole paper
        return len(body) >= 4 and all_deeper and not section_name(b0) and not section_name(title_h)
    # or every heading after it sits deeper, the first of them right after it: "# Chapter 115: Stimulant Intoxication" /
    # "# The Biological and Neurological Basis of Stimulant Intoxication" / "## Introduction", "## ...", ...
    if len(body) >= 3 and all_deeper and not any(ln.strip() for ln in lines[b0.line + 1 : body[1].line]) and not section_name(b0):
        return True
    for h in body[1:]:
        if h.number is not None:
            return h.number in ("1", "I") and h.number_level == 1
        if not _non_content_heading(h):
            return False
    return False


def _title_page_headings(kept: list[_Heading], lines: list[str], report: FileReport) -> list[_Heading]:
    """Authors and affiliations a converter printed as headings between the title and the
    abstract ("### William Fedus*", "#### Noam Shazeer", then "### Abstract"): short unnumbered
    headings before an "Abstract" heading among the first few are the title page, not sections."""
    for k, h in enumerate(kept[:10]):
        if re.fullmatch(r"abstract\.?", _clean_heading_text(h.title), re.I):
            if k and all(x.number is None and len(x.title.split()) <= 8 and not _non_content_heading(x) for x in kept[:k]):
                report.skip("title-page heading before the abstract (an author or affiliation)",
                            "; ".join(x.raw for x in kept[:k])[:200], k)
                return kept[k:]
            break
    # no "Abstract" heading: before the introduction, headings that name the authors or their
    # institutions ("###### Jack A. Cook and Thomas A. Cleland", "###### Dept. Psychology, Cornell
    # University, Ithaca, NY") are the title page too
    intro = next((k for k, h in enumerate(kept[:10])
                  if re.fullmatch(r"introduction", _strip_num(_clean_heading_text(h.title)), re.I)), None)
    if intro:
        page = [h for h in kept[:intro] if h.number is None and (_AFFILIATION.search(h.title) or _byline(h.title))]
        # beside an affiliation, a title page's other lines set as headings with nothing under them, above the introduction's
        # depth ("### Kaitlyn M. Crowley", "### Department of Data Science, ...", "### Monroe Freshman Summer Research",
        # "### August 17, 2021", then "#### Introduction"): the author alone, the programme, the date are that page too
        if page and all(h.number is None and h.depth < kept[intro].depth and not any(ln.strip() for ln in lines[h.line + 1 : kept[j + 1].line])
                        for j, h in enumerate(kept[:intro])):
            page = kept[:intro]
        if page:
            report.skip("title-page heading before the introduction (an author or affiliation)",
                        "; ".join(x.raw for x in page)[:200], len(page))
            on_page = {id(h) for h in page}
            return [h for h in kept if id(h) not in on_page]
    return kept


def _byline(title: str) -> bool:
    """A heading naming two authors or more ("Jack A. Cook and Thomas A. Cleland"), not a section's name:
    each part a name of two words or more ("Methodology & Limitations" names no one)."""
    t = re.sub(r"\s*\[?[*†‡§]+\]?", "", _clean_heading_text(title))  # (an author's mark: "Shiwei Tong [†]")
    parts = [x.strip() for x in re.split(r",|\band\b|&", t) if x.strip()]
    return len(parts) >= 2 and all(len(x.split()) >= 2 for x in parts) and not _PLAIN_NAMED.match(t) \
        and not _FRONT_MATTER.match(t) and looks_like_author_list(t)


# an institution's address line: what affiliations name
# (and in the languages of the institutions' own names: "1 Azienda Ospedaliera Universitaria Senese, Siena, Italy", "2 Consiglio
# Nazionale delle Ricerche - Istituto di Scienza e Tecnologie", "Dipartimento di Informatica, Universita di Pisa", LNCS title pages)
_AFFILIATION = re.compile(r"\b(?:Univ(?:ersity|\.)|Universit(?:[éàäa]t?|aria|ario)|Dept\.|Department|Institute|Laborator(?:y|ies)|College|"
                          r"School\s+of|Faculty\s+of|Hospital|Centre|Center|"
                          r"Universidad|Istituto|Instituto|Institut|Dipartimento|Departamento|Département|"
                          r"Consiglio\s+Nazionale|Consejo\s+Superior|Azienda\s+(?:Ospedaliera|Sanitaria|USL|Toscana)|Ospedale|Politecnico)\b|@")


def _drop_toc_headings(kept: list[_Heading], lines: list[str], report: FileReport) -> list[_Heading]:
    """A table of contents the converter printed as headings ("## 1 Introduction", "## 2 Methods"
    with no text under them, then the same numbered headings again with their text): the
    evidence is a numbered heading printed twice with the same title, the first time with no
    body. The earlier, empty ones are the contents list, not sections."""
    def body_chars(k: int) -> int:
        end = kept[k + 1].line if k + 1 < len(kept) else len(lines)
        text = " ".join(lines[kept[k].line + 1 : end])
        return len(re.sub(r"[\s.\d·…]+", "", text))  # dotted leaders and page numbers are no body

    later: dict[tuple[str, str], int] = {}
    for k, h in enumerate(kept):
        if h.number:
            later[(h.number, _norm(h.title))] = k
    drop = {
        k for k, h in enumerate(kept)
        if h.number and later.get((h.number, _norm(h.title)), k) > k and body_chars(k) < 40
    } | _contents_block(kept, lines)
    if len(drop) < 2:
        return kept
    report.skip("table of contents printed as headings (each repeated later with its text)",
                ", ".join(kept[k].raw for k in sorted(drop))[:200], len(drop))
    return [h for k, h in enumerate(kept) if k not in drop]


# a chapter's or appendix's label printed as a heading of its own, its name the next heading: "# Chapter 1" / "# Introduction"
# (a dissertation's Word export), "### HOOFDSTUK 1" / "## INLEIDING" (a Dutch report), "# Appendix A" / "# Selection
# Questionnaire"
_CHAPTER_LABEL = re.compile(r"^(?:(chapter|hoofdstuk|cap[ií]tulo|kapitel|chapitre)|(appendix|bijlage|ap[eê]ndice|anexo|anhang))"
                            r"\s+(\d{1,2}|[A-Z]|(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3}))\.?$", re.I)


def _chapter_labels_joined(kept: list[_Heading], lines: list[str]) -> list[_Heading]:
    """A chapter label heading (:data:`_CHAPTER_LABEL`) with nothing but blank lines before the next heading, an unnumbered
    name that is no label itself, is one heading with it: the chapter's number and the name ("Chapter 1" / "Introduction" is
    section 1, Introduction -- not two sections, the first empty); an appendix's label stays in the name ("Appendix A
    Prototypes"), which says it is back matter."""
    out: list[_Heading] = []
    skip = False
    for k, h in enumerate(kept):
        if skip:
            skip = False
            continue
        m = _CHAPTER_LABEL.match(_clean_heading_text(h.title if h.number is None else h.raw))
        nxt = kept[k + 1] if k + 1 < len(kept) else None
        if m is None or nxt is None or nxt.number is not None or _CHAPTER_LABEL.match(_clean_heading_text(nxt.title)) or any(
                ln.strip() for ln in lines[h.line + 1 : nxt.line]) or (nxt.depth > h.depth and _first_of_a_run(kept, k + 1, h.depth)):
            out.append(h)
            continue
        name = _clean_heading_text(nxt.title)
        number = m.group(3).upper() if m.group(3).isalpha() else m.group(3)
        if m.group(2):
            out.append(_Heading(h.line, min(h.depth, nxt.depth), f"{h.raw} {nxt.raw}", None, None, f"{_clean_heading_text(h.raw)}: {name}"))
        else:
            level = 1 if number.isdigit() or number[0] in "IVX" else None
            out.append(_Heading(h.line, min(h.depth, nxt.depth), f"{h.raw} {nxt.raw}", number, level, name, h.page_top))
        skip = True
    return out


def _first_of_a_run(kept: list[_Heading], k: int, above: int) -> bool:
    """A heading deeper than the chapter label's with another at its depth after it in the chapter ("# Chapter 1" /
    "## Overview" / "## Scope"): the chapter's first subsection, not its name."""
    for h in kept[k + 1 :]:
        if h.depth <= above:
            return False
        if h.depth == kept[k].depth:
            return True
    return False


def _one_chapter_numbering(kept: list[_Heading]) -> None:
    """A book chapter's sections numbered under the chapter's number, the chapter itself the title ("# Chapter 2 What Is
    a Smart Classroom?", then "# 2.1 Introduction" to "# 2.9 Conclusion"): every numbered heading opens with one number
    and none is numbered with it alone, and the second numbers run 1, 2, 3, ... in order (no table's figures, "0.08
    Healthcare") -- "2.1" ... are the text's first level, "2.1.1" its second."""
    numbered = [h for h in kept if h.number and h.number_level and re.fullmatch(r"[1-9]\d?(?:\.\d{1,2}){1,3}", h.number)]
    chapters = {(h.number or "").split(".")[0] for h in numbered}
    seconds = [int((h.number or "").split(".")[1]) for h in numbered if h.number_level == 2]
    arabic = sum(1 for h in kept if h.number and re.fullmatch(r"\d{1,3}(?:\.\d{1,2})*", h.number))
    if len(chapters) != 1 or len(seconds) < 3 or seconds != list(range(1, len(seconds) + 1)) or arabic != len(numbered):
        return
    for h in numbered:
        h.number_level = (h.number_level or 2) - 1


_PAGE_NUMBER_END = re.compile(r"(?<!\s)\s+\d{1,4}$")  # (from a run's first space: linear on long runs)


def _contents_block(kept: list[_Heading], lines: list[str]) -> set[int]:
    """The headings of a table of contents a converter printed as headings under "# Contents", their entries with page
    numbers ("# 2 Foundation: What is Latent Space? 5", "# .2 Representation 20" with its number torn, lines "2.1 Concept 5"
    between them): the evidence is the contents' first heading printed again later ("# 1 Introduction") and entries ending
    in a page number on most of the lines between -- every heading from the first to that repeat is the contents list."""
    start = next((k for k, h in enumerate(kept) if _CONTENTS_LINE.match(_clean_heading_text(h.title))), None)
    if start is None or start + 3 >= len(kept):
        return set()

    def key(h: _Heading) -> tuple[str | None, str]:
        return h.number, _norm(_PAGE_NUMBER_END.sub("", h.title))

    first = key(kept[start + 1])
    end = next((j for j in range(start + 2, len(kept)) if key(kept[j]) == first), None)
    if end is None or end < start + 3:
        return set()
    entries = [kept[k].title.strip() for k in range(start + 1, end)] + [
        ln.strip() for ln in lines[kept[start].line + 1 : kept[end].line] if ln.strip() and not _HEADING.match(ln)]
    return set(range(start + 1, end)) if 2 * sum(1 for t in entries if _PAGE_NUMBER_END.search(t)) > len(entries) else set()


def _chinese_numbered_levels(kept: list[_Heading]) -> None:
    """Chinese numbering sets its levels as 一、 / （一） / 1. / （1）: under sections numbered "一、引言" (two at least),
    an Arabic-numbered heading is below them -- "1. 示范区情况" under "（一）数据来源" a third-level one, not the
    document's section 1, whatever the converter's depth ("# 一、引言", "# （一）数据来源", "# 1. 示范区情况" all printed
    at one); "### 1) Pegged Exchange Rate Systems ..." set deeper than "## 一、储备管理" a second-level one. ("### 1.1"
    under "## 一、" keeps its level: its number says it.) Numbers that restart ("#### 一、..." under "## 问题3", again
    under "## 问题4") count items inside sections: those headings take their level from their depth."""
    cjk = [h for h in kept if re.fullmatch(r"[一二三四五六七八九十]{1,3}", h.number or "")]
    tops = [h for h in cjk if h.number_level == 1]
    if len({h.number for h in tops}) != len(tops):
        for h in cjk:
            h.number_level = None
        return
    if len(tops) < 2:
        return
    below = max(h.number_level or 1 for h in cjk) + 1
    top_depth = min(h.depth for h in tops)
    for h in kept:
        if h.number and h.number_level and re.fullmatch(r"\d{1,2}(?:\.\d{1,2})*", h.number) and (below > 2 or h.depth > top_depth):
            h.number_level = max(h.number_level, below)


def _local_numbering(kept: list[_Heading]) -> None:
    """Numbers that count items inside one section ("## Findings" holding "### 1. Framework
    Landscape", "### 2. MCP", ...; then "## Areas of Uncertainty"): every numbered top-level
    heading sits deeper than, and between, two unnumbered content headings, so the numbers do
    not give the document's levels; those headings take their level from their depth."""
    tops = [k for k, h in enumerate(kept) if h.number_level == 1 and h.number and h.number.isdigit()]
    if len(tops) < 2:
        return
    depth = min(kept[k].depth for k in tops)
    shallower = [k for k, h in enumerate(kept) if h.number is None and h.depth < depth and not _non_content_heading(h)]
    before = [k for k in shallower if k < tops[0]]
    after = [k for k in shallower if k > tops[-1]]
    if not before or not after or any(tops[0] < k < tops[-1] for k in shallower):
        return
    for h in kept[tops[0] : tops[-1] + 1]:
        if h.number and re.fullmatch(r"\d+(?:\.\d+)*", h.number):
            h.number_level = None


def _flattened_unnumbered_subheadings(kept: list[_Heading]) -> None:
    """An unnumbered content heading among numbered sections ("## 2 Methods", "## Stimuli", "## 3
    Results", or a converter's "# Stimuli" above "## 2 Methods"): when the numbered top-level
    sections around it run on without a gap (2, then 3), it is a run-in subheading of the section
    before it, not a top-level section; after the last numbered section, only when the depth is
    shown not to tell levels apart (numbered headings of two levels share it). Front and back
    matter keep their level."""
    # (IEEE's Roman top level over Arabic subsections counts too: "II. METHODOLOGY", "2.1 Framework"; an
    # appendix lettered "I" after the references does not)
    body = _before_back_matter(kept)
    arabic = [h for h in body if h.number and h.number_level and _section_ordinal(h.number) is not None]
    top_headings = [h for h in arabic if h.number_level == 1]
    tops = {h.depth for h in top_headings}
    subs = {h.depth for h in arabic if h.number_level and h.number_level >= 2}
    if len(top_headings) < 2:
        return
    flattened = bool(tops & subs)
    # the number of the next numbered top-level heading after each position (one backward pass)
    next_top: list[int | None] = [None] * (len(kept) + 1)
    top_ids = {id(h) for h in top_headings}
    # and of the next numbered subsection's section: "2.2" after "## Materials" under "2. Materials and methods" makes it 2.1
    next_sub: list[int | None] = [None] * (len(kept) + 1)
    arabic_ids = {id(h) for h in arabic}
    for k in range(len(kept) - 1, -1, -1):
        next_top[k] = _section_ordinal(kept[k].number or "") if id(kept[k]) in top_ids else next_top[k + 1]
        numbered = id(kept[k]) in arabic_ids
        next_sub[k] = (_section_ordinal(kept[k].number or "") if (kept[k].number_level or 0) >= 2 else None) if numbered else next_sub[k + 1]
    prev_level: int | None = None
    prev_top: int | None = None
    for k, h in enumerate(body):
        if h.number_level:
            if h.number and _section_ordinal(h.number) is not None:
                prev_level = h.number_level
                if h.number_level == 1 or prev_top is not None:
                    # (a subsection "3.1" after an unnumbered "Results and discussion": section 3 is open)
                    prev_top = max(prev_top or 0, _section_ordinal(h.number) or 0) if h.number_level > 1 else _section_ordinal(h.number)
            continue
        if prev_level is None or prev_top is None or h.depth > max(tops) or _non_content_heading(h):
            continue
        # the next numbered top-level section: "2" right after "1" leaves no room for this heading
        # at the top level; "3" after "1" means this is the unnumbered section 2 (a "3" after "3" is the next
        # section misnumbered: see the restarts in _structure)
        nxt = next_top[k + 1]
        # (after the last numbered section, a heading named as the conclusion closes the paper at the top level,
        # whatever the depth shows: ABNT's unnumbered "CONSIDERAÇÕES FINAIS" after "5 ANÁLISE" and "5.3 ...")
        closing = nxt is None and bool(_CONCLUSION.match(_strip_num(_clean_heading_text(h.title))))
        if nxt in (prev_top, prev_top + 1) or (nxt is None and flattened and not closing) or next_sub[k + 1] == prev_top:
            h.number_level = prev_level + 1


def _before_back_matter(kept: list[_Heading]) -> list[_Heading]:
    """The headings before the reference list or the back matter ("Backmatter", "Appendix")."""
    return list(itertools.takewhile(
        lambda h: not (_REF_TITLE.match(_strip_num(t := _clean_heading_text(h.title))) or _BACK_MATTER.search(t)), kept))


_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50}


def _section_ordinal(number: str) -> int | None:
    """A top-level section's number as an integer: "3", "3.1" (its first part), or Roman "IV"."""
    if re.fullmatch(r"\d+(?:\.\d+)*", number):
        return int(number.split(".")[0])
    if re.fullmatch(r"[IVXL]{1,6}", number):
        return _roman_value(number)
    return None


_IMRAD = re.compile(
    r"^(?:introduction|background(?:\s+and\s+significance)?|objectives?|(?:research\s+)?(?:materials?\s+and\s+)?methods?(?:\s+and\s+(?:materials?|procedures))?|methodology|"
    r"experimental\s+procedures|results?(?:\s+and\s+discussions?)?|(?:general\s+)?discussions?|"
    r"conclusions?(?:\s+and\s+(?:future\s+work|outlook))?|concluding\s+remarks|summary|related\s+work|"
    r"(?:experiment|study)\s+\d+\b.*|"
    # the same names in Spanish, Portuguese and French (bilingual journals print them so: "Discusión")
    r"introducci[oó]n|introdu[cç][aã]o|m[eé]todos?|m[ée]thodes?|metodolog[ií]a|resultados|r[ée]sultats|discusi[oó]n|discuss[aã]o|"
    r"conclusi[oó]n(?:es)?|conclus[oõ]es)$", re.I)
# more top-level names of a research article whose headings all sit at one depth (Scientific Reports'
# "Literature review", "Methodology", "Experimental setup", "Results"); in a title page's keyword list
# "Literature review" is no section, so these are not _IMRAD's
_IMRAD_JOINED = re.compile(r"^((?i:(?:materials\s+and\s+)?methods?|results|discussion))\s+([A-Z][a-z].*)$")
# (chemistry's methods section: "Experimental section", "Experimental")
_FLAT_TOP_NAME = re.compile(r"^(?:literature\s+review|experimental(?:\s+(?:setup|design|section|details|part|procedures?))?)$", re.I)


def _converter_depths(kept: list[_Heading]) -> None:
    """Heading depths a PDF converter got wrong, corrected from the document's own evidence.

    * The first heading after a page marker is printed one level up ("#### Page 3" then
      "# Method" among "## Summary", "## Related work"): an unnumbered one takes the depth most
      headings have.
    * Every heading printed at one depth (journal articles): the top level is told apart by its
      letters ("MATERIALS AND METHODS" in capitals over "Data collection"), or, in a research
      article (both a methods and a results heading), by the IMRaD names ("Methods" over
      "Visual stimuli and task"); the others become subsections of the one before."""
    body = _before_back_matter(kept)
    reliable = [h.depth for h in body if not h.page_top]
    if reliable:
        mode = max(set(reliable), key=reliable.count)
        for h in body:
            if h.page_top and h.number is None and h.depth < mode:
                h.depth = mode
    content = [h for h in body if not _non_content_heading(h) and h.number is None]
    # (a number on a badge is no numbering: PLOS's "## 6 OPEN ACCESS", its padlock read as a digit)
    if len(content) < 4 or len({h.depth for h in content}) != 1 or any(h.number for h in body if not _non_content_heading(h)):
        return
    titles = [_clean_heading_text(h.title) for h in content]
    # marker may join a section's name and its first subsection's on one line: "## Methods Ethics",
    # "## Results Associations Between Stressors And ..." -- an IMRaD name, then a capitalised name
    joined = [None if _IMRAD.match(t.rstrip(" :.")) else _IMRAD_JOINED.match(t) for t in titles]
    # (a name in capitals, not an acronym: "SOMATIC TREATMENTS", "RESULTS" over "ECT", "VNS"; or joined to its first
    # subsection's, MinerU's "## MATERIALS AND METHODS Wallabies")
    caps = [(t.upper() == t and any(c.isalpha() for c in t) and (len(t.split()) > 1 or sum(c.isalpha() for c in t) >= 6))
            or (j is not None and j.group(1).isupper()) for t, j in zip(titles, joined)]
    imrad = [bool(_IMRAD.match(t.rstrip(" :.")) or _FLAT_TOP_NAME.match(t.rstrip(" :.")) or j) for t, j in zip(titles, joined)]
    # docling prints a journal's title page at the same depth before them ("## World Journal of Clinical Cases",
    # the title, "## Country/Territory of origin:", "## Lancet 2009; 373: 746-58"): the top level is read from the
    # first heading in capitals or with an IMRaD name on, among the first four, and those before it go one deeper
    first = next((k for k, (c, i) in enumerate(zip(caps, imrad)) if c or i), 0)
    if first > 3 or not (2 <= sum(caps[first:]) < len(caps) - first or sum(imrad[first:]) >= 3):
        first = 0
    if first:
        for h in content[:first]:
            h.depth += 1
        content, titles, caps, joined, imrad = content[first:], titles[first:], caps[first:], joined[first:], imrad[first:]
    # APA's introduction has no heading: its subsections come first, then "Method", "Results", "Discussion"
    # -- those before the first IMRaD name, when it names the methods, are the introduction's
    lead = next((k for k, i in enumerate(imrad) if i), 0)
    if 0 < lead and not first and sum(imrad) >= 3 and (
            re.match(r"(?:materials?\s+and\s+)?methods?\b|methodology|experimental\b", titles[lead], re.I)) and any(
            re.match(r"results?", t, re.I) for t, i in zip(titles[lead:], imrad[lead:]) if i):
        for h in content[:lead]:
            h.depth += 1
        content, titles, caps, joined, imrad = content[lead:], titles[lead:], caps[lead:], joined[lead:], imrad[lead:]
    if caps[0] and 2 <= sum(caps) < len(caps):
        top = caps
        _joined_apart(kept, content, [j if c else None for j, c in zip(joined, caps)])
    elif imrad[0] and sum(imrad) >= 3 and any(re.search(r"method|^experimental", t, re.I) for t, i in zip(titles, imrad) if i) and any(
        re.match(r"results?", t, re.I) for t, i in zip(titles, imrad) if i
    ) and not all(imrad):
        top = imrad
        _joined_apart(kept, content, joined)
    else:
        # a review's flat headings: "Retinal Prostheses" in Title Case over "Electrode design" in
        # sentence case; a one-word heading is top-level when it is an IMRaD name
        styled = [_title_case(t) for t in titles]
        decided = [x for x in styled if x is not None]
        if not decided or decided[0] is not True or decided.count(True) < 2 or False not in decided:
            return
        top = [x is True or (x is None and i) for x, i in zip(styled, imrad)]
    for h, is_top in zip(content, top):
        if not is_top:
            h.depth += 1


def _joined_apart(kept: list[_Heading], content: list[_Heading], joined: list[re.Match[str] | None]) -> None:
    """A flat heading joining a section's name and its first subsection's ("## Methods Ethics") made two headings: the
    section (its text empty) and its first subsection, one level deeper."""
    for h, j in zip(content, joined):
        if j:
            sub = _Heading(h.line, h.depth + 1, h.raw, None, None, j.group(2), h.page_top)
            h.title = j.group(1)
            kept.insert(kept.index(h) + 1, sub)


_MINOR_WORDS = {"a", "an", "the", "and", "or", "but", "nor", "of", "in", "on", "at", "to", "for", "by", "with",
                "from", "into", "onto", "as", "via", "vs", "versus", "per", "than", "over", "under",
                # the longer prepositions Chicago's title case keeps in lower case too (Lil'Log's "Curriculum through Self-Play"
                # beside "Teacher-Guided Curriculum": one title-cased level, not a subsection)
                "through", "about", "across", "among", "between", "within", "without", "toward", "towards", "upon", "beyond"}


def _title_case(title: str) -> bool | None:
    """True for "Retinal Prostheses and Their Limits" (every word but minor ones capitalised), False
    for "Electrode design and placement" (a lower-case content word), None when one word or no
    evidence ("Introduction", "MT and MST")."""
    words = [w for w in re.findall(r"[^\W\d_][\w'’\-]*", title)]
    content_words = [w for w in words[1:] if w.lower() not in _MINOR_WORDS]
    if not words or not content_words:
        return None
    if not words[0][0].isupper():
        return False
    lower = [w for w in content_words if w[0].islower()]
    return not lower


def _glued_word_citations(section_lines: list[list[str]], by_number: dict[str, str]) -> bool:
    """Are numbers glued to words ("models6", "Transformers3–5") this document's citations
    (superscripts lost in conversion)? Evidence: a list numbered in order of first citation
    (Nature, Vancouver) is first cited 1, 2, 3, ...: at least five distinct listed numbers, most
    of them larger than every number before them. Names such as "int8", "bfloat16", "int4" do
    not climb like that. The lost superscripts glued after punctuation ("ROBINS-E,17", "work.37")
    count in that order too: a JAMIA conversion glues most of them there and only a few to words
    ("Nine27,30,31", "metrics20"), too few to climb alone; at least two glued to words are needed."""
    def found(text: str) -> list[tuple[int, str, bool]]:
        runs = [(m.start(1), m.group(1), True) for m in GLUED_WORD_RUN.finditer(text)]
        return runs + [(m.start(1), m.group(1), False) for m in itertools.chain(GLUED_AFTER_PUNCT_RUN.finditer(text), GLUED_AFTER_PAREN_RUN.finditer(text))]

    firsts, on_words = _first_cited(section_lines, by_number, found)
    if len(firsts) < 5 or on_words < 2:
        return False
    return _climbs_in_first_use(firsts)


def _spaced_punct_citations(section_lines: list[list[str]], by_number: dict[str, str]) -> bool:
    """Are numbers spaced after punctuation ("three decades. 1   Despite", "treatments exist, 6-8  they") this
    document's citations (superscripts a PDF extraction set apart)? Evidence as for numbers glued to words
    (:func:`_glued_word_citations`): at least five distinct listed numbers, first cited in climbing order. Counts
    ("Scale bar, 1 mm", "Among them, 30 billion") and figure numbers ("Fig. 2 shows") do not climb like that."""
    def found(text: str) -> list[tuple[int, str, bool]]:
        runs = [spaced_run_numbers(m) for m in SPACED_AFTER_PUNCT_RUN.finditer(text)]
        return [(start, run, False) for start, _end, run in runs if not spaced_after_index_word(text, start)]

    paragraphs = [[p] for lines in section_lines for p in "\n".join(lines).split("\n\n")]
    firsts, _ = _first_cited(paragraphs, by_number, found)
    if len(firsts) < 5 or not _climbs_in_first_use(firsts):
        return False
    # an affiliation block numbers its institutes after the period closing each address ("Ochang, Republic of Korea.
    # 7 Department of Anthropology"), climbing too but all in one paragraph; citations spread over the text
    return max(len(_first_cited([p], by_number, found)[0]) for p in paragraphs) <= len(firsts) / 2


def _glued_han_citations(section_lines: list[list[str]], by_number: dict[str, str]) -> bool:
    """Are numbers glued to Han characters before full-width punctuation ("人才为本1。", "依赖15，") this document's
    citations (a deep-research report in Chinese)? A Chinese clause gives a value its unit or measure word ("15个", "80%"),
    so a bare number closing one is rare; at least five distinct listed numbers so placed are the report's sources (its
    list is numbered in the order the tool gathered them, not of first citation: no climbing to check)."""
    def found(text: str) -> list[tuple[int, str, bool]]:
        return [(m.start(1), m.group(1), False) for m in GLUED_HAN_RUN.finditer(text) if not glued_han_value(text, m.start(1))]

    return len(_first_cited(section_lines, by_number, found)[0]) >= 5


def _first_cited(section_lines: list[list[str]], by_number: dict[str, str],
                 found: Callable[[str], list[tuple[int, str, bool]]]) -> tuple[list[int], int]:
    """The first numbers of the runs ``found`` in each section's text whose every number the list defines, each once in
    order of first use, and how many of those runs were glued to a word (the flag ``found`` gives each run)."""
    firsts: list[int] = []
    seen: set[int] = set()
    on_words = 0
    for lines in section_lines:
        for _pos, run, on_word in sorted(found("\n".join(lines))):
            nums = expand_numbers(re.sub(r"(?<=\d)\s+(?=\d)", ",", run)) or []
            if not nums or not all(n in by_number for n in nums):
                continue
            on_words += on_word
            n = int(nums[0])
            if n not in seen:
                seen.add(n)
                firsts.append(n)
    return firsts, on_words


def _climbs_in_first_use(firsts: list[int]) -> bool:
    """Numbers in order of first use climb as a list numbered in order of first citation does: most of them in one
    rising run -- 70%, or 60% with ten or more (a table citing studies 28-44 set before the text that introduces them
    may come early: 60% climbing is then no accident). The run may skip a number out of place: one stray "54" early
    (a figure's number glued to a word) must not hide the 1, 2, 4, ..., 53 after it, as the running maximum did."""
    return _longest_rising_run(firsts) >= (0.7 if len(firsts) < 10 else 0.6) * len(firsts)


def _longest_rising_run(numbers: list[int]) -> int:
    """The length of the longest strictly rising subsequence (patience sorting: n log n, for a 100,000-entry list)."""
    tails: list[int] = []
    for n in numbers:
        i = bisect.bisect_left(tails, n)
        if i == len(tails):
            tails.append(n)
        else:
            tails[i] = n
    return len(tails)


_BRACKET_OPEN_DIGIT = re.compile(r"\[\d")


def _cited_by_position(section_lines: list[list[str]], references: list[Reference]) -> bool:
    """Does a text cite its unnumbered list by the entries' positions? Evidence: bracketed numbers, at least
    five distinct ones, none past the list's end, the largest past its middle, first cited in climbing order
    (1, 2, 3, ... as a list numbered in order of first citation is: :func:`_glued_word_citations`); not footnote
    marks counted once each (:func:`_footnote_sequence`), and more of them than the text's author-year keys
    that the list resolves."""
    texts = ["\n".join(lines) for lines in section_lines]
    if sum(len(_BRACKET_OPEN_DIGIT.findall(text)) for text in texts) < 5:
        return False  # (a cheap count first: most lists the text cites by authors and years have no "[n]" near)
    probe = Linker(by_number={}, no_list=True)
    firsts: list[int] = []
    seen: set[int] = set()
    hits = 0
    for text in texts:
        for c in probe.numeric_marks(text):
            if "[" not in c.marker:
                continue
            hits += 1
            for n in c.unresolved:
                if n.isdigit() and int(n) not in seen:
                    seen.add(int(n))
                    firsts.append(int(n))
    if len(firsts) < 5 or max(firsts) > len(references) or 2 * max(firsts) < len(references):
        return False
    # (or a list sorted by its authors that the numbers cover -- arXiv's HTML of a natbib list, "Blattmann et al.
    # [2023]" over each entry, cited "[22]": first use does not climb through an alphabetical list)
    if not (_climbs_in_first_use(firsts) or (2 * len(firsts) >= len(references) and _sorted_by_authors(references))) or (
            _footnote_sequence(section_lines)):
        return False
    trial = Linker(by_number={})
    if not _author_year_index(references, trial):
        return True
    keys = sum(1 for text in texts for c in trial.author_year_marks(text) if c.ref_ids)
    return hits > keys


def _sorted_by_authors(references: list[Reference]) -> bool:
    """Does the list run in its first authors' alphabetical order? Four in five entries with authors, nine in
    ten neighbours in order by the surname's first letter (a corporate author, a misread name may stand out)."""
    initials = [s[0] for r in references if r.authors and (s := surname(r.authors[0].name))]
    if len(initials) < 5 or len(initials) < 0.8 * len(references):
        return False
    return alphabetical(initials)


def _bare_citation_bound(section_lines: list[list[str]]) -> int | None:
    """A file with no reference list whose text cites bare numbers ("on vast text 2 .", "models
    3, 5."): the largest such number when the evidence says they are citations, else None.
    Evidence, as for a numbered list: at least five distinct numbers in citation context, and
    most of them, in order of first use, larger than every number before them (1, 2, 3, ...),
    as sources numbered in order of first citation are; counts and years do not climb so."""
    probe = Linker(by_number={}, no_list=True, bare_numbers=True, no_list_bound=500)
    firsts: list[int] = []
    seen: set[int] = set()
    for lines in section_lines:
        for c in probe.numeric_marks("\n".join(lines)):
            for n in c.unresolved:
                if n.isdigit() and int(n) not in seen:
                    seen.add(int(n))
                    firsts.append(int(n))
    if len(firsts) < 5:
        return None
    # the longest climbing run (an increasing subsequence): one stray "$216$" early does not hide it
    tails: list[int] = []
    for number in firsts:
        i = bisect.bisect_left(tails, number)
        tails[i : i + 1] = [number]
    if len(tails) < 0.7 * len(firsts) or min(firsts[:5]) > 3:
        return None
    return tails[-1]


def _non_content_heading(h: _Heading) -> bool:
    t = _clean_heading_text(h.title)
    return bool(
        _REF_TITLE.match(_strip_num(t)) or _FRONT_MATTER.match(t) or is_non_content_title(t) or is_non_content_title(h.raw)
        or _BACK_MATTER.search(t) or _MORE_NON_CONTENT.match(t) or _ACKNOWLEDGEMENT.match(_strip_num(t)) or _CJK_CAPTION.match(t)
    )


_GLUED_FIRST_SUBSECTION = re.compile(r"^(\S.*?)\s+(\d{1,2}\.1)\.?\s+([A-Z].*)$")


def _brackets_set_aside(bracketed: int, section_lines: list[list[str]], linker: Linker, report: FileReport) -> bool:
    """In an author-year text whose list has no numbers, are its ``bracketed`` numbers notes rather than
    citations? So when there are fewer than three, when they count 1, 2, 3 (footnote marks), or when the
    text's keys outnumber them; said in the report's warnings when there are any."""
    if not (bracketed < 3 or _footnote_sequence(section_lines) or bracketed <= sum(
            len(linker.author_year_marks("\n".join(lines))) for lines in section_lines)):
        return False
    if bracketed:
        report.warnings.append(
            f"{bracketed} bracketed number{'s' if bracketed != 1 else ''} in a text citing authors and years "
            "with an unnumbered list: read as footnote marks or intervals, not citations")
    return True


def _footnote_sequence(section_lines: list[list[str]]) -> bool:
    """Bracketed numbers that count 1, 2, 3, ... through the text, each one number, are footnote marks
    (pymupdf4llm prints a superscript footnote mark as "[1]"): citations of a list come back to a number
    and skip about. Nine in ten must continue the count; a number after a lone letter is an exponent
    ("*R* [2]", R squared), not counted."""
    numbers: list[str] = []
    for lines in section_lines:
        text = "\n".join(lines)
        for m in _BRACKETED_NUMBERS.finditer(text):
            if not _LONE_LETTER_BEFORE.search(text, max(0, m.start() - 12), m.start()):
                numbers.append(m.group(1))
    if len(numbers) < 3 or any("," in n or "-" in n or "–" in n for n in numbers):
        return False
    seen = 0
    for n in numbers:
        if int(n) == seen + 1:
            seen += 1
    return seen >= 3 and seen >= 0.9 * len(numbers)


_BRACKETED_NUMBERS = re.compile(r"\[(\d{1,3}(?:\s?[,–-]\s?\d{1,3})*)\](?!\((?:https?:|www\.|#|/|\.{1,2}/|mailto:)|\([^()\s]{1,4}\))")
_LONE_LETTER_BEFORE = re.compile(r"(?<![^\W\d_])[A-Za-z][*_]?[\s\u200b]*$")


def _glued_digit_title(headings: list[_Heading]) -> None:
    """A first heading whose "number" is glued to its word ("# 4Deform: Neural Surface Deformation ...")
    when the headings after it are numbered from 1 is a title that opens with a digit, not section 4:
    the file's numbering starts later. (A lost space, "# 1Introduction", starts at 1 and stays numbered.)"""
    first = headings[0] if headings else None
    if first is None or first.number is None or first.number_level != 1 or first.number == "1":
        return
    if not re.match(rf"^[*_]*{re.escape(first.number)}[^\W\d_]", first.raw):
        return
    if any(h.number in ("1", "I") for h in headings[1:]):
        first.number, first.number_level, first.title = None, None, re.sub(r"^[*_]+|[*_]+$", "", first.raw).strip()


def _glued_affiliation_marks(headings: list[_Heading]) -> None:
    """A heading before section 1 whose "number" is glued to an institution's name ("### 2Department of Computer Science,
    BML Munjal University, Gurgaon, India", a title page's affiliation mark) is the title page, not section 2: unnumbered,
    the body's numbering starts at "1" after it."""
    one = next((k for k, h in enumerate(headings) if h.number in ("1", "I") and h.number_level == 1), 0)
    for h in headings[:one]:
        if h.number and h.number.isdigit() and re.match(rf"^[*_]*{h.number}[^\W\d_]", h.raw) and _AFFILIATION.search(h.title):
            h.number, h.number_level, h.title = None, None, re.sub(r"^[*_]+|[*_]+$", "", h.raw).strip()


def _late_title(at: list[tuple[int, int]], lines: list[str]) -> int:
    """The index of the title when a journal's banners come before it, printed deeper and holding no text: among the
    first four headings ((line, depth) each), the one shallower than every heading before and after it, only blank lines
    from the first heading to it ("## Biotechnologically Relevant Enzymes and Proteins", then "# Regioselective
    hydroxylation of ..." and the paper's headings all at "##" and deeper: a journal section's name above the title).
    0 when there is none (the title, if any, is the first heading)."""
    for k in range(1, min(4, len(at))):
        line, depth = at[k]
        if any(ln.strip() for ln in lines[at[0][0] + 1 : line] if not _HEADING.match(ln)):
            return 0
        if all(d > depth for _, d in at[:k]) and all(d > depth for _, d in at[k + 1 :]):
            # (a paragraph's first line set as a heading after its drop capital cites: "# Cmechanotransduction [1], ...")
            return 0 if _CITED_IN_HEADING.search(lines[line]) else k
    return 0


# the introduction's name, in the languages at hand ("Introdução", "Introducción", Dutch "Inleiding", Chinese "引言")
_INTRODUCTION = re.compile(r"^(?:introduction|introdu[cç][aã]o|introducci[oó]n|inleiding|einleitung|引\s?言)$", re.I)


# a YAML front matter's title (Jekyll's, Hugo's, a web clipper's): "---" / "layout: post" / "title: "How to ..."" / "---"
_YAML_TITLE = re.compile(r"^title:\s*[\"']?(.*?)[\"']?\s*$")


# a web capture's front matter names the page it saved ("source: "https://..."", Obsidian's Web Clipper): its title is the
# page's, often not the heading's words, and the capture's first heading is the article's title all the same
_YAML_SOURCE = re.compile(r"^source:\s*[\"']?https?://", re.I)


def _yaml_title(lines: list[str]) -> str | None:
    """The title a YAML front matter at the top of the file gives, if any -- a site's own post's (Jekyll), not a
    web capture's (``_YAML_SOURCE``)."""
    if not lines or lines[0].strip() != "---":
        return None
    title = None
    for ln in lines[1:60]:
        if ln.strip() == "---":
            return title
        if _YAML_SOURCE.match(ln):
            return None
        m = _YAML_TITLE.match(ln)
        if m and m.group(1) and title is None:
            title = m.group(1)
    return None


def _is_title_heading(first: _Heading, rest: list[_Heading], yaml_title: str | None = None) -> bool:
    """The first heading is the survey's title when it is unnumbered (or "0."), nothing later is
    shallower, and what follows at its depth is numbered, a repeat of it, or front/back matter;
    "# Introduction" or "# Abstract" first is a section, not a title. Under a front matter's title
    (a Jekyll post's "title: ...") that no heading prints, a "#" heading with other sections of its depth after it
    is the first section (BAIR's posts: "# Problems with Existing Forbidden Prompts", "# Our Design ...")."""
    if first.number not in (None, "0"):
        return False
    t = _clean_heading_text(first.title)
    if _FRONT_MATTER.match(t) or re.match(r"^(introduction|overview|background)\b", t, re.I) or _non_content_heading(first):
        return False
    # (unless a heading prints that title: then the first is a banner above it, BMC's "# RESEARCH"; a heading printing a
    # word of it is not that title -- "### `"Spatial"`", a class's name, under "title: Progress on R-spatial evolution")
    if yaml_title is not None and not any(
            _norm(h.title) and _norm(h.title) in _norm(yaml_title) and 2 * len(_norm(h.title)) >= len(_norm(yaml_title))
            for h in [first, *rest]) and any(
            h.depth == first.depth and h.number is None and not _non_content_heading(h) for h in rest):
        return False
    if first.depth == 1 and not any(h.depth < first.depth for h in rest):
        return True
    if rest and rest[0].depth == first.depth and rest[0].number is None and _INTRODUCTION.match(_clean_heading_text(rest[0].title)) \
            and len(t.split()) >= 6 and not any(h.depth < first.depth for h in rest):
        # "## A MOBILIZAÇÃO DA BASE INDUSTRIAL DE DEFESA NA AMÉRICA DO SUL ..." then the byline, then "## Introdução", every
        # heading at one depth (docling): a heading of six words or more right before the introduction is the title
        return True
    if rest and rest[0].depth == first.depth and rest[0].number is None and _FRONT_MATTER.match(_clean_heading_text(rest[0].title)):
        # "## Transboundary flows in ..." then "## Abstract", every heading at one depth (GROBID's
        # TEI to Markdown): what comes before the abstract is the title, not a section
        return not any(h.depth < first.depth for h in rest)
    if not any(h.depth < first.depth for h in rest):
        # "## DocLayNet: ..." then "## KEYWORDS", "## ABSTRACT", "## 1 INTRODUCTION", ...: everything
        # before the first numbered section is front matter and the numbering starts at 1 -- the
        # title, whatever unnumbered subheadings the converter prints at its depth later
        for h in rest:
            if h.number is not None:
                if h.number in ("1", "I") and h.depth == first.depth:
                    return True
                break
            if not _non_content_heading(h):
                break
    repeat = next((k for k, h in enumerate(rest[:4]) if h.depth == first.depth and _same_title(h.title, first.title)), None)
    if repeat is not None and all(_non_content_heading(h) for h in rest[:repeat]) and not any(h.depth < first.depth for h in rest):
        # a publisher's cover page -- the title, "To cite this article", "## You may also like" (other papers) -- then the
        # article's first page printing the title again at its depth, give or take a hyphen: the first is the title
        return True
    for h in rest:
        if _BACK_MATTER.search(_clean_heading_text(h.title)):
            break  # "<title> - Appendix": what follows is not the body's structure
        if h.depth < first.depth:
            return False
        if h.depth == first.depth and not (
            h.number is not None or _norm(h.title) == _norm(first.title) or _non_content_heading(h)
        ):
            return False
    return True


# (or Markdown footnote definitions, a Perplexity-style export's sources: "[^1]: https://..."; or Perplexity's copied
# answer, each source's number linked to its address on a line of its own: "[1](https://vercel.com/docs/functions)")
_LIST_START = re.compile(r"^\s*(?:[-*]\s*)?\[(?:1\]|\^1\]:)(?:\s+\S|\(https?://)")
_LIST_ITEM = re.compile(r"^\s*(?:[-*]\s*)?\[(?:\d++\]|\^\d++\]:)(?:\s+\S|\(https?://)")
_DOTTED_ITEM = re.compile(r"^\s*(?:[-*+•]\s+)?(\d{1,4})\.\s+(\S.*)$")  # "1. Farr DF, ...", a bullet before it: "- 1. Sutton, R. & ..."
# Nature's, Science's and PNAS's entries end with the year in parentheses: "... Science 275, 1593–1599 (1997).",
# "(MIT Press, 1998)." -- their names, "Sutton, R. & Barto, A.", "A. Horovitz, T. H. Reingewertz, ...", open no entry
# the author-year way
_PARENTHESISED_YEAR_END = re.compile(r"\((?:[^()]{0,80},\s)?(?:19|20)\d{2}[a-z]?\)\.?\s*$")
# MDPI's, ACS's and NLM's entries print the year after the journal, then the volume: "Hare, M.L. Tyramine oxidase. Biochem. J.
# 1928, 22, 968–979. [CrossRef]", "Nat. Commun. 2020, 11(3), 5820.", "Health Psychol. 2009; 28:83–90." -- their author lists
# ("Rebhun, J.; Feinberg, S.M.; ...") open no entry the author-year way either
_YEAR_THEN_VOLUME = re.compile(r"\s(?:19|20)\d{2}[a-z]?(?:,\s?\d{1,4}(?:\s?\([^()]{1,12}\))?,\s?\w|;\s?\d)")


def _labels_climb(lines: list[str]) -> bool:
    """Three lines labelled n, n + 1, n + 2, n at most 30: a list whose first labels a page took."""
    nums = [int(m.group(1)) for x in lines if (m := _LINE_LABEL.match(x))]
    return len(nums) == 3 and nums[0] <= 30 and nums == list(range(nums[0], nums[0] + 3))


def _numbered_entries_run(lines: list[str]) -> bool:
    """Lines holding a numbered reference list, its entries wrapped over several lines ("1. Farr DF, Rossman AY,
    ... (2004) Fungus–Host Distribu-" / "tions, ..."): ten entries or more numbered 1, 2, 3, ... in order, most
    of them (three in five) opening as author-year entries do (PNAS prints its list after the acknowledgments, unheaded),
    or printing the year before the volume (MDPI's, after the conflicts of interest) -- or closed by an address, a web
    source list (a deep-research report pasted as text, "1. Title - Site, https://...", its "Works cited" heading lost:
    only a rule before it)."""
    items = [(int(m.group(1)), m.group(2)) for x in lines if (m := _DOTTED_ITEM.match(x))]
    if len(items) < 10 or items[0][0] != 1:
        return False
    in_order = sum(1 for (a, _t), (b, _u) in zip(items, items[1:]) if b == a + 1)
    return in_order >= 0.9 * (len(items) - 1) and (sum(1 for _n, t in items if opens_entry(t)) >= 0.6 * len(items)
                                                   or sum(1 for _n, t in items if _PARENTHESISED_YEAR_END.search(t)) >= 0.6 * len(items)
                                                   or sum(1 for _n, t in items if _YEAR_THEN_VOLUME.search(t)) >= 0.6 * len(items)
                                                   or sum(1 for _n, t in items if ADDRESS_END.search(t)) >= 0.6 * len(items))


def _list_goes_on_in_later_sections(doc: _Doc, k: int, report: FileReport) -> None:
    """A headingless list found in section ``k`` goes on where a later section prints the next number: Nature's
    Methods references ("- 31. Jarrett, K., ..." after the Methods, the letter's list ending at 30; "- 22. LeCun,
    Y., ..." under "Code availability"). The run moved climbs 1 by 1, with the lines wrapped after its last entry."""
    block = doc.ref_blocks[-1]
    last = next((n for ln in reversed(block) if (n := _entry_number(ln)) is not None), None)
    if last is None:
        return
    for j in range(k + 1, len(doc.sections)):
        body = doc.section_lines[j]
        start = next((i for i, ln in enumerate(body) if _entry_number(ln) == last + 1), None)
        if start is None:
            continue
        last, end = last + 1, start + 1
        for i in range(start + 1, len(body)):
            if _entry_number(body[i]) == last + 1:
                last, end = last + 1, i + 1
        while end < len(body) and body[end].strip():
            end += 1
        block.extend(["", *body[start:end]])
        doc.section_lines[j] = body[:start] + body[end:]
        report.warnings.append(f"the reference list goes on in section {doc.sections[j].title!r}")


def _superscript_entries_run(lines: list[str]) -> bool:
    """Lines holding a list labelled by superscripts (``superscript_labels``): ten labels or more climbing 1, 2, 3, ...
    as read there, three in five of the entries they open printing a year (APS prints no title: "<sup>10</sup>R.
    McDermott, IEEE Transactions on Applied Superconductivity 19, 2 (2009).")."""
    rest = superscript_labels([x for x in lines if x.strip()])
    items = [m.group(2) for x in rest if (m := _DOTTED_ITEM.match(x))]
    # (or three notes at least ending the text, every line after the first a note: a chapter written in Markdown ends
    # with its notes after a rule, "¹ APS, "Le zellige de Tlemcen ...", Mai 2024.", its text citing them "singulière¹")
    return (len(items) >= 10 or 3 <= len(items) == len(rest)) and sum(1 for t in items if YEAR_IN.search(t)) >= 0.6 * len(items)


def _trailing_list_without_heading(doc: _Doc, report: FileReport) -> None:
    """A reference list printed without a heading at the end of the last section(s): "[1] ..." entries, or
    "1. ..." ones wrapped over several lines (:func:`_numbered_entries_run`); or the list's first labels lost
    with its heading ("[15] T. Ozawa, ..." after the acknowledgements), a long run climbing from there; or a
    ChatGPT export's source groups after the last section ("[\\[1\\]](https://...) [\\[9\\]](...) Algebra -
    Etymology" then "<https://...>")."""
    for k in range(len(doc.sections) - 1, -1, -1):
        body = doc.section_lines[k]
        for i, ln in enumerate(body):
            bracketed = _LIST_START.match(ln)
            dotted = _DOTTED_ITEM.match(ln)
            later = _LIST_ITEM.match(ln) if not bracketed and ln.startswith("[") else None
            grouped = opens_source_group(ln) if ln.startswith("[\\[") or ln.startswith("[[") else False
            # an APS list converted by marker, its labels superscripts ("<sup>1</sup>M. Kjaergaard, ...", after a
            # disclaimer's paragraph): read as "1. " labels, the run decides as for dotted ones
            sup = ln.startswith(("<sup>1</sup>", "¹ ")) and _superscript_entries_run(body[i:])
            if bracketed or later or grouped or sup or (dotted and dotted.group(1) == "1"):
                rest = [x for x in body[i:] if x.strip()]
                items = sum(1 for x in rest if _LIST_ITEM.match(x)) if bracketed or later else 0
                if sup or (bracketed and len(rest) >= 2 and items >= 0.5 * len(rest)) or (
                        later and items >= 10 and items >= 0.8 * len(rest) and _labels_climb(rest[:3])) or (
                        grouped and sum(1 for x in rest if opens_source_group(x)) >= max(3, 0.4 * len(rest))) or (
                        dotted and _numbered_entries_run(rest)):
                    doc.ref_blocks.append(body[i:])
                    doc.section_lines[k] = body[:i]
                    report.warnings.append(
                        f"reference list without a heading found at the end of section {doc.sections[k].title!r}"
                    )
                    _list_goes_on_in_later_sections(doc, k, report)
                    return
        if any(_LIST_ITEM.match(x) for x in body):
            return


def _holds_no_entries(block: list[str]) -> bool:
    """A reference heading's block with no entry in it: nothing, or a stray word or two ("Contents", the
    clipped page's table-of-contents link), no line with a label, a year or an address."""
    lines = [x for x in block if x.strip()]
    return len(lines) <= 2 and not any(_ENTRY_LIKE.search(x) for x in lines)


def _list_after_an_empty_heading(doc: _Doc, report: FileReport) -> None:
    """A web clip of an arXiv HTML page (Obsidian's Web Clipper) keeps the "References" heading but moves its
    entries to Markdown footnote definitions at the file's end ("[^1]: Joshua Ainslie, ...", cited as "[^1]"),
    after the appendices: with no entry under any reference heading, the trailing list is the list; else the
    (empty) blocks stay."""
    empty = doc.ref_blocks
    doc.ref_blocks = []
    _trailing_list_without_heading(doc, report)
    if not doc.ref_blocks:
        doc.ref_blocks = empty


# (an agent's note on the list after it: "**References:** (A representative, non-exhaustive list)")
_REF_LINE = re.compile(rf"^\s*(?:\*\*|__)?\s*(?:{_REF_NAMES})\s*:?\s*(?:\*\*|__)?\s*:?(?:\s+\([^()]{{1,80}}\))?\s*$", re.I)


# the list's name run into its first entry, a paragraph of the last section: "References [1] Robert A Gatenby et al.
# “Adaptive therapy”. In: ..." (MinerU)
_RUN_IN_REF_LINE = re.compile(rf"^\s*(?:\*\*|__)?(?:{_REF_NAMES})(?:\*\*|__)?:?\s+(?=\[1\]\s|1\.\s+[A-Z])", re.I)


def _inline_reference_line(body: list[str]) -> int | None:
    in_fence = False
    for i, ln in enumerate(body):
        if _FENCE.match(ln):
            in_fence = not in_fence
        elif not in_fence and _RUN_IN_REF_LINE.match(ln):
            return i
        elif not in_fence and _REF_LINE.match(ln):
            # the list must follow: a figure's labels "Source" / "Target" / "Ours" open none (a fence
            # around it is the converter's layout: pdf-to-markdown fences indented text)
            nxt = next((x for x in body[i + 1 :] if x.strip() and not _FENCE.match(x)), None)
            if nxt is not None and _ENTRY_LIKE.search(nxt):
                return i
    return None


# a reference entry's line: a list marker or label first, or a year or an address in it
_ENTRY_LIKE = re.compile(r"^\s*(?:[-*+•]\s|\\?\[\^?\d{1,4}\\?\]|\d{1,4}[.)]\s|\(\d{1,4}\)\s)|(?:19|20)\d{2}|https?://|\bdoi\b", re.I)


def _blocks(lines: list[str]) -> list[str]:
    """Paragraphs: runs of non-blank lines; a ``$$`` block or fenced code stays one paragraph."""
    out: list[str] = []
    buf: list[str] = []
    in_math = in_fence = False
    for ln in lines:
        if _FENCE.match(ln):
            in_fence = not in_fence
        elif toggles_display_math(ln):
            in_math = not in_math
        if not ln.strip() and not in_math and not in_fence:
            if buf:
                out.append("\n".join(buf).strip())
                buf = []
            continue
        buf.append(ln.rstrip())
    if buf:
        out.append("\n".join(buf).strip())
    return _page_breaks_closed([b for b in out if b])


# a fence opening a program listing: a programming language named ("```r", "```{r}", "``` python"); a bare fence, or
# one around text or Markdown, may wrap prose that cites (pdf-to-markdown's reference list, a report quoted whole)
_CODE_FENCE = re.compile(
    r"^\s*(?:```|~~~)\s*\{?\.?(?:r|python|py|ipython|bash|sh|shell|console|zsh|powershell|c|cpp|c\+\+|cs|csharp|java|javascript|js|"
    r"typescript|ts|go|rust|julia|matlab|octave|stata|sas|sql|json|yaml|yml|toml|xml|html|css|cmake|glsl|verilog|ruby|perl|php|"
    r"scala|kotlin|swift|haskell|lua|mermaid|diff)(?![\w+#-])", re.I)


# knitr's output, indented as code, each line behind R's comment mark: "    ##  [1] patchwork_1.1.2   marginaleffects_0.11",
# "    ## [1] 0.2534" (the block's first line lost its indent with the block's)
_KNITR_OUTPUT = re.compile(r"^(?: {4,}|\t)?##(?=[ \t]|$)")


def _code_blanked(block: str) -> str:
    """``block`` with its program listings -- fenced, a language named (:data:`_CODE_FENCE`), closed in the block,
    the fences too -- and knitr's output (:data:`_KNITR_OUTPUT`) read as spaces (same length: spans hold). A listing
    cites nothing: R Markdown and blogdown pages print their code and its output inside the text, and their indexing,
    "coef(fit1)[1]", "##  [4] sandwich_3.0-2", reads as bracketed numbers (a list's numbers, or unresolved ones)."""
    if "```" not in block and "~~~" not in block and "##" not in block:
        return block
    printed = block.split("\n")
    lines = printed[:]
    opened: int | None = None
    for i, ln in enumerate(printed):
        if (i == 0 or ln[:1] in " \t") and _KNITR_OUTPUT.match(ln):
            lines[i] = " " * len(ln)
        if not _FENCE.match(ln):
            continue
        if opened is None:
            opened = i
            continue
        if _CODE_FENCE.match(printed[opened]):
            lines[opened : i + 1] = [" " * len(x) for x in lines[opened : i + 1]]
        opened = None
    return "\n".join(lines)


def _page_breaks_closed(blocks: list[str]) -> list[str]:
    """A paragraph a page break cut in two: a blank line where no sentence ends before it (the text stops on a
    word or a comma) and the next block goes on in lower case ("... in the amygdala,20,21 spatial representation" /
    "stability of grid cells ..."): one paragraph, as its citations are (neither part a list item, a table, a
    heading, a display or code)."""
    groups: list[list[str]] = []
    for b in blocks:
        prev = groups[-1][-1] if groups else ""
        # (the first piece's kind decides: a list item goes on in no later piece)
        if (prev and b[:1].islower() and (prev[-1:].isalnum() or prev.endswith(",")) and not _MARKDOWN_BLOCK.match(groups[-1][0])
                and not _MARKDOWN_BLOCK.match(b)):
            groups[-1].append(b)
        else:
            groups.append([b])
    return ["\n".join(g) for g in groups]


def _clean_heading_text(t: str) -> str:
    if "&" in t:
        t = html.unescape(t)  # "Future Work &amp; Conclusion" from HTML-minded converters
    if "\\" in t:
        t = _MD_ESCAPE.sub(r"\1", t)
    t = re.sub(r"[*_`]+", "", t).strip()
    if "<sup>" in t:
        # a footnote mark closing a heading after a word ("6 Related Work<sup>8</sup>") goes; any
        # other superscript is part of a name and stays as text ("HOI-M<sup>3</sup>", "<sup>F</sup>edC")
        t = _HEADING_FOOTNOTE.sub("", t)
        t = re.sub(r"</?sup>", "", t).strip()
    if t.endswith("]") and (m := _HEADING_SLUG.search(t)) and m.group(1) == re.sub(r"\W+", "-", t[: m.start()].strip().lower()):
        t = t[: m.start()]
    return re.sub(r"\s+", " ", t)


_HEADING_FOOTNOTE = re.compile(r"(?<=[a-z])<sup>\s*[\d*†‡§,]{1,4}\s*</sup>\s*$")
# a heading's identifier printed after it in brackets, its own words in lower case ("References [references]", a blogdown
# page's pandoc attribute gone astray): no part of the name, which must read as the references'
_HEADING_SLUG = re.compile(r"\s\[([a-z][a-z0-9-]{0,60})\]$")


def _strip_num(t: str) -> str:
    return parse_heading(t)[2].strip().rstrip(":.").strip()


def _norm(t: str) -> str:
    return re.sub(r"\W+", " ", parse_heading(t)[2]).strip().lower()


def _same_title(a: str, b: str) -> bool:
    """The same title printed twice, give or take its spaces and hyphens: a publisher's cover page's "TwoDimensional TiX 2"
    and the article's own first page's "Two-Dimensional TiX2" (IOP's download, "You may also like" between them)."""
    squashed = re.sub(r"[\W_]+", "", parse_heading(a)[2]).lower()
    return len(squashed) >= 20 and squashed == re.sub(r"[\W_]+", "", parse_heading(b)[2]).lower()


# ---- references ---------------------------------------------------------------------------------

_FIRST_ITEM = re.compile(r"^\s*(?:[-*]\s*)?\[(\d++)\]\s+\S")
_FIRST_DOTTED_ITEM = re.compile(r"^\s*(\d++)\.\s+\S")  # an agent's Markdown list: "1. [Title](https://...) — note"


def _first_item_number(lines: list[str], pattern: re.Pattern[str] = _FIRST_ITEM) -> int | None:
    for ln in lines:
        if ln.strip():
            m = pattern.match(ln)
            return int(m.group(1)) if m else None
    return None


# a numbered entry's first line, bracketed or dotted: "[8] Tom Brown, ...", "- 17. Szumowski L, ...", or one a
# converter made a heading ("### 103. Porter MF (1980) ..."); a year opening a wrapped line ("2020. URL https://...") is
# none, nor a numbered heading of the appendix after the list ("3. # **More Results**", Google Docs' export)
_NUMBERED_ENTRY = re.compile(r"^\s*(?:#{1,6}[ \t]+)?(?:[-*+•]\s*)?(?:\[(\d{1,4})\]|(?!(?:19|20)\d{2}\.)(\d{1,4})\.)\s+[^\s#]")
_LIST_LOOK_AHEAD = 60  # lines after a heading inside the list searched for the next entry's number
_LIST_LOOK_BACK = 200  # the list's last lines searched for its last number (an entry printed a word a line is long)
# an entry's piece: its end ("Ieee, 2022.", "R." of "Andrew R. Chow.", "Doi:"), a volume and pages ("Based Syst
# 191:105210", "29(2):15 –22"), a year ("n.d." for none) or an identifier ("translate. In ICLR 2015", "arXiv preprint
# arXiv:1409.1259")
_ENTRY_PIECE = re.compile(r"[.,;:]\s*$|\d\s?[(:]\s?\d|(?<!\d)(?:19|20)\d{2}(?!\d)|\bn\.\s?d\.|\barXiv\b|\bdoi\b", re.I)




# two names or more: "Shuyang Cao and Lu Wang", "Danqi Chen, Adam Fisch, Jason Weston, and Antoine Bordes"
_NAMES_APART = re.compile(r",\s|\s(?:and|&)\s")
_VANCOUVER_HEAD = re.compile(r"^(?:[\"“]|[A-ZÀ-Þ][\w'’\-]+ [A-Z]{1,3},\s)")  # "Gao T, Dontcheva M, ...", or a quoted title


def _reads_as_entry(text: str) -> bool:
    """An entry's text, not a numbered line of a table or a list that happens to go on the numbering ("6. Tomato
    field visit" in a training manual): a year, pages or an identifier in it, names first ("Szumowski L,
    Szufladowicz E, ...", "Gao T, Dontcheva M, ..."), or a quoted title."""
    return bool(_ENTRY_PIECE.search(text) or _VANCOUVER_HEAD.match(text)) or opens_entry(text) or (
        bool(_NAMES_APART.search(text)) and looks_like_author_list(text.split(". ")[0]))



def _entry_number(line: str) -> int | None:
    m = _NUMBERED_ENTRY.match(line)
    return int(m.group(1) or m.group(2)) if m else None


def _no_entry_yet(blocks: list[list[str]]) -> bool:
    """The open reference list holds nothing yet, or only a short note on it (a line or two, none an entry's
    numbered line): its entries start under the subheadings that follow."""
    text = [ln for b in blocks for ln in b if ln.strip()]
    return len(text) <= 2 and not any(_entry_number(ln) is not None for ln in text)


def _entry_text(line: str) -> str:
    """A numbered entry's line without its heading mark, bullet and number."""
    m = _NUMBERED_ENTRY.match(line)
    return line[m.end() - 1 :] if m else line


def _unnumbered_heading_in_the_list(text: str, body: list[str], *, repeated: bool) -> list[str] | None:
    """The lines a heading inside an open list gives back to it when no number says so: an entry's authors the
    converter made a heading ("# Shuyang Cao and Lu Wang" over "HIBRIDS: Attention with ... 2022."), or a page's
    running head printed as a heading again and again ("# Published as a conference paper at ICLR 2024"), the
    list going on under it (its first line an entry's, or one holding a year or an address); the head is dropped.
    The authors go back before the entry's next line, with the period the heading lost ("Shuyang Cao and Lu Wang.
    HIBRIDS: ...")."""
    at = next((i for i, ln in enumerate(body) if ln.strip()), None)
    if at is None or (not _ENTRY_LIKE.search(body[at]) and not opens_entry(body[at].strip())):
        return None
    if _NAMES_APART.search(text) and looks_like_author_list(text):
        return [f"{text.rstrip('.')}. {body[at].strip()}", *body[at + 1 :]]
    return body if repeated else None


def _heading_in_the_list(block: list[str], lines: list[str], at: int, end: int, *, repeated: bool) -> list[str] | None:
    """The lines a heading inside an open reference list gives back to it, or None when the heading ends the list
    (an unnumbered list: :func:`_unnumbered_heading_in_the_list`). Converters make headings of an entry's pieces:
    the next entry itself ("17. Szumowski L, ..." read as section 17 after an appendix numbered 16), a wrapped piece ("## R." of "[7] Andrew R. Chow.",
    "## Pakdd, 2019." ending entry 29 before "[30] ..."). The list's numbering decides: the heading, or the
    first entry under it, carries the number after the list's last -- or the one after that, when a page break
    glued the next number to a line's end ("2. Alshawi H (1992) The core language engine. MIT press3. Alshemali B,
    ..." then "### Based Syst 191:105210" then "4. Andreev ND ..."). The heading's text goes back into the list when
    it is an entry or reads as an entry's piece (a running head, "Trustworthy LLMs", does not). The next number
    may lie past the next heading: pieces made headings one after another ("### Transactions on Circuits and
    Systems for Video Technology 30(11):4368 –4379" then "### 103. Porter MF ...")."""
    m = _ATX_LINE.match(lines[at])
    text = m.group(1) if m else lines[at].strip()
    body = lines[at + 1 : end]
    last = next((n for ln in reversed(block[-_LIST_LOOK_BACK:]) if (n := _entry_number(ln)) is not None), None)
    if last is None:
        return _unnumbered_heading_in_the_list(text, body, repeated=repeated)
    heading_number = _entry_number(text)
    if heading_number is not None and last < heading_number <= last + 2 and _reads_as_entry(_entry_text(text)):
        return [text, *body]
    ahead = lines[at + 1 : at + _LIST_LOOK_AHEAD]
    k = next((i for i, ln in enumerate(ahead) if _entry_number(ln) is not None), None)
    if k is None or not last < (_entry_number(ahead[k]) or 0) <= last + 2:
        return None
    # (an entry's year may be on its second line: "121. Sentiraama Corpus by ..., Radhika Mamidi. Language" / "... (n.d.)")
    if not _reads_as_entry(" ".join([_entry_text(ahead[k]), *ahead[k + 1 : k + 2]])):
        return None
    return ([text] if _ENTRY_PIECE.search(text) else []) + body


def _merge_continued_blocks(blocks: list[list[str]]) -> list[list[str]]:
    """A second reference block whose numbering goes on ("[61] ...", after a repeated
    "REFERENCES" heading at a page break) continues the first; one starting again at [1] stands
    alone (an appendix's own list)."""
    out: list[list[str]] = []
    for b in blocks:
        first = _first_item_number(b)
        if out and first is not None and first > 3:
            out[-1] = out[-1] + [""] + b
        else:
            out.append(list(b))
    return out


_MD_ESCAPE = re.compile(r"\\([\[\]().*_#+\-!&`])")
# from the word's start only, the letters taken whole: "aaaa..." without a hyphen is one scan
_LINE_END_HYPHEN = re.compile(r"(?<![^\W\d_])([^\W\d_]++)-[ \t]*+\n([ \t]*+)([a-z]++)")


def _join_hyphenated(lines: list[str], vocab: set[str]) -> list[str]:
    """Undo hyphenation at line ends ("feder-" / "ated") when the joined word occurs elsewhere in
    the document; a compound ("semi-" / "supervised") whose parts do not form a word keeps it."""
    text = "\n".join(lines)

    def fix(m: re.Match[str]) -> str:
        # (the next line keeps its indent: a hanging-indent list's lines are told apart by it)
        word = m.group(1) + m.group(3)
        return word + "\n" + m.group(2) if word.lower() in vocab else m.group(0)

    return _LINE_END_HYPHEN.sub(fix, text).split("\n")



def _build_references(
    entries: list[RefEntry], report: FileReport, overrides: dict[str, dict[str, str]]
) -> tuple[list[Reference], dict[str, str]]:
    refs: list[Reference] = []
    by_number: dict[str, str] = {}
    seen_raw: dict[str, Reference] = {}
    unnumbered = 0
    for e in entries:
        p = parse_reference_string(e.raw, iop_list=e.layout == "author-year/iop")
        numbers: list[str] = []
        for n in e.numbers:
            n = str(int(n))
            if n in by_number:
                report.warnings.append(f"reference number {n} defined twice; kept the first")
                continue
            numbers.append(n)
        key = " ".join(e.raw.lower().split())
        if e.numbers and not numbers and (key in seen_raw or len(key) <= 3 or e.layout != "source"):
            report.skip("entry whose numbers were all defined before", e.raw)
            continue
        if e.numbers and not numbers:
            # another source printed under numbers already used ("61 81 Collective CAI ..."):
            # it is still an entry of the list, kept without numbers (the numbers stay with
            # their first entry), and said
            report.warnings.append(
                f"entry reuses numbers {', '.join(e.numbers)} defined before: kept without numbers ({e.raw[:60]})"
            )
        if numbers and key in seen_raw and len(key) > 3 and e.layout == "source":
            # the same web source printed under several numbers (deep-research source lists): one entry.
            # A bibliography that prints one paper twice ("[238]" and "[239]") keeps both entries, and so
            # does a numbered list printing one address under two labels ("[9] Sentence Transformers. "Speeding
            # up Inference". https://..." and "[18]" the same; "[4] https://..." and "[31]" the same: an LLM
            # report's "## Sources", each label an entry): the survey's own count is what reference statistics
            # compare with
            first = seen_raw[key]
            first.numbers.extend(numbers)
            for n in numbers:
                by_number[n] = first.id
            report.warnings.append(f"numbers {', '.join(numbers)} repeat entry {first.id}: merged into it")
            continue
        if numbers:
            rid = numbers[0]
        else:
            unnumbered += 1
            rid = f"u{unnumbered}"
        ov = overrides.get(rid, {})
        ref = Reference(
            id=rid,
            title=p.title,
            raw=f"[{e.label}] {e.raw}" if e.label else e.raw,  # the list's own label, as printed
            numbers=numbers,
            doi=p.doi,
            arxiv_id=ov.get("arxiv_id") or p.arxiv_id,
            url=p.url,
            year=p.year,
            authors=make_authors(p.authors),
        )
        repeated = REPEATED_AUTHORS.match(e.raw)
        if not ref.authors and refs and refs[-1].authors and (repeated or e.raw.startswith(",")):
            # "———. 2008." / ". 2008." / AEA's "———, _Title_" with the dash lost (", _Title_ , 1999."): the
            # authors of the entry before, as the list means
            ref.authors = list(refs[-1].authors)
            # the year the dash's head prints ("(2015), “Title,” ... [1979,1994]": the pages citing it come after)
            head_year = re.search(r"(?:19|20)\d{2}", repeated.group(0)) if repeated else None
            # a title read alone keeps no year; an entry of the same authors has its own, the last printed
            printed_years = re.findall(r"\b((?:19|20)\d{2})[a-z]?\b", e.raw)
            ref.year = (int(head_year.group(0)) if head_year else None) or ref.year or p.year or (
                int(printed_years[-1]) if printed_years else None)
        for n in numbers:
            by_number[n] = rid
        refs.append(ref)
        if numbers:
            seen_raw.setdefault(key, ref)
    ints = sorted(int(n) for n in by_number)
    if ints:
        gaps = sorted(set(range(min(ints[0], 1), ints[-1] + 1)) - set(ints))
        if gaps:
            report.warnings.append(
                f"gaps in the list's numbering, no entry for: {_ranges(gaps)} "
                "(bare numbers in the text are linked only to numbers the list defines)"
            )
    missing = [k for k in overrides if k not in by_number]
    for k in missing:
        ov = overrides[k]
        refs.append(Reference(id=k, numbers=[k], arxiv_id=ov.get("arxiv_id"), title=ov.get("title"), raw=ov.get("raw")))
        by_number[k] = k
    if missing:
        report.warnings.append(f"{len(missing)} references known only by id (no entry in the Markdown list)")
    return refs, by_number


def _ranges(nums: list[int]) -> str:
    out: list[str] = []
    for n in nums:
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = out[-1].split("-")[0] + f"-{n}"
        else:
            out.append(str(n))
    return ", ".join(out[:20]) + (" ..." if len(out) > 20 else "")


_NO_DATE = re.compile(r"\bn\.\s?d\.")


# a number an entry prints at its start, in bold or not: "**12.**Beckwith J (2011) ..."
_PRINTED_NUMBER = re.compile(r"^\s*(?:\*\*|__)?(\d{1,4})[.)](?:\*\*|__)?")
# a name's words, initials left out: "M. López de Prado" -> López, Prado ("de" is no capital's)
_NAME_WORD = re.compile(r"[A-ZÀ-ÖØ-Þ][^\W\d_]*[a-zß-ÿ’'][^\W\d_’']*")
# the words opening an entry, initials left out: "D. INOUE" -> INOUE; "Fu Sun" -> Fu, Sun
# (a surname in capitals glued to the title after it, "E.H. SPAFFORDThe Internet worm", ends before the title's capital)
_HEAD_WORDS = re.compile(r"[A-ZÀ-ÖØ-Þ]{2,}?(?=[A-ZÀ-ÖØ-Þ][a-zß-ÿ])|[^\W\d_]{2,}+(?:[-'’][^\W\d_]++)*+")


def _author_year_index(refs: list[Reference], linker: Linker, *, numbered: bool = False) -> dict[tuple[str, str], list[str]]:
    """(first-author surname, year[suffix]) -> ids; natbib-style suffixes a, b, ... assigned in
    list order to entries sharing a citation label when the list prints none. Numbered entries
    count only with ``numbered`` (a list its transcriber numbered, cited by authors and years)."""
    groups: dict[tuple[str, str, str, int], list[Reference]] = {}
    for r in refs:
        undated = not r.year and bool(_NO_DATE.search(r.raw or ""))  # "Doe, J. (n.d.). Title." cited (Doe, n.d.)
        if r.numbers and not numbered:
            continue
        if not r.authors or not (r.year or undated):
            # (kept aside: a key no parsed entry answers may still name it by its opening words and year)
            # (the first author's words: up to the first comma or "and", "L. SHA,R. RAJKUMAR,J.P. LEHOCZKY" is Sha's)
            first_author = re.split(r",|\sand\s|\s&\s", (r.raw or "")[:80], maxsplit=1)[0]
            for word in {fold(w) for w in _HEAD_WORDS.findall(first_author)[:3]}:
                linker.unparsed_heads.setdefault(word, []).append((r.id, r.raw or ""))
            continue
        s1 = surname(r.authors[0].name)
        s2 = surname(r.authors[1].name) if len(r.authors) == 2 else ""
        if r.year and " " in r.authors[0].name.strip() and "," not in r.authors[0].name:
            # an organisation's whole name ("Taxi & Limousine Commission"), for a citation printing it whole
            linker.by_whole_name.setdefault((fold(r.authors[0].name), str(r.year)), []).append(r.id)
        cls = min(len(r.authors), 3)
        groups.setdefault((s1, str(r.year) if r.year else "nd", s2, cls), []).append(r)
    index = linker.by_author_year
    second = linker._second_index
    linker.author_counts.update({r.id: len(r.authors) for r in refs})
    linker.author_surnames.update({r.id: tuple(surname(a.name) for a in r.authors[:4]) for r in refs})
    linker.author_capitals.update({r.id: tuple(frozenset(w[0] for w in _NAME_WORD.findall(a.name)) for a in r.authors[:6])
                                   for r in refs if 2 <= len(r.authors) <= 5})
    linker.printed_years.update({r.id: tuple(re.findall(r"\b(?:19|20)\d{2}[a-z]\b", r.raw or "")) for r in refs})
    # a title of at least four words identifies a work printed twice; a short one ("Introduction") may not
    linker.title_keys.update({r.id: fold(r.title) for r in refs if r.title and len(r.title.split()) >= 4})
    # (each key's ids as a set beside its list: a thousand entries under one key must not cost a million look-ups)
    members_of: dict[tuple[str, str], set[str]] = {}
    for (s1, year, s2, _cls), members in groups.items():
        explicit = [_year_suffix(m) for m in members]
        for i, r in enumerate(members):
            keys = {(s1, year)}
            suffix = explicit[i] or (chr(ord("a") + i) if len(members) > 1 and i < 26 else None)
            if suffix:
                keys.add((s1, year + suffix))
            for k in keys:
                ids = index.setdefault(k, [])
                known = members_of.get(k)
                if known is None:
                    known = members_of[k] = set(ids)
                if r.id not in known:
                    ids.append(r.id)
                    known.add(r.id)
            if s2:
                second.setdefault(r.id, set()).update({(s1, year, s2), (s1, year + (suffix or ""), s2)})
    # an unsuffixed key naming several entries is ambiguous: keep only suffixed keys for them
    return index


def _label_keys(entries: list[RefEntry], refs: list[Reference], linker: Linker) -> None:
    """A list keyed by its own citation labels ("[Liu et al., 2023d] S. Liu, et al. ...") says which
    key cites which entry: the label's first surname and year (with its suffix) point at that
    entry alone, whatever the entry's parsed authors give (the suffix is only in the label)."""
    by_raw = {r.raw: r for r in refs if not r.numbers}
    for e in entries:
        m = _LABEL_KEY.match(e.label or "")
        r = by_raw.get(f"[{e.label}] {e.raw}") if m else None
        if m is None or r is None:
            continue
        sur, year = _label_surname(m.group(1)), m.group(2)
        # the label is the key the text prints: the suffixed key names this entry alone
        linker.by_author_year[(sur, year)] = [r.id]
        plain = linker.by_author_year.setdefault((sur, year[:4]), [])
        if r.id not in plain:
            plain.append(r.id)


_ANY_TAG = re.compile(r"<[^<>]{0,300}>")


def _citeproc_anchors(anchored: list[tuple[str, str]], refs: list[Reference], linker: Linker) -> None:
    """pandoc citeproc's entries keep their citation keys as anchors ("<div id="ref-r_core_team_r_2019"
    class="csl-entry">"), which the text's citations link to: each key -> the parsed entry its unwrapped text opens
    (the first 40 letters and digits; a start two entries share names neither)."""
    def head(s: str) -> str:
        return "".join(ch for ch in html.unescape(_ANY_TAG.sub("", s)).casefold() if ch.isalnum())[:40]

    by_head: dict[str, list[str]] = {}
    for r in refs:
        by_head.setdefault(head(r.raw or ""), []).append(r.id)
    for key, entry in anchored:
        start = head(entry)
        ids = by_head.get(start)
        if ids and len(ids) == 1 and len(start) >= 20:
            linker.by_anchor[key] = ids[0]


_LABEL_KEY = re.compile(r"^(.+?),?\s((?:19|20)\d{2}[a-z]?)$")
_ALPHA_ENTRY = re.compile(rf"^\s*\[({ALPHA_LABEL})\]\s")


def _label_surname(names: str) -> str:
    first = re.split(r"\s+et\s+al\.?|\s+(?:and|&)\s+|,", names)[0].strip()
    return surname(first)


def _year_suffix(r: Reference) -> str | None:
    m = re.search(rf"\b{r.year}([a-z])\b", r.raw or "")
    return m.group(1) if m else None


# ---- report ------------------------------------------------------------------------------------------


def fill_report(survey: Survey, report: FileReport, styles: dict[str, int]) -> None:
    report.title = survey.title
    report.format = survey.source_format
    report.system = survey.system
    report.sections = len(survey.sections)
    report.top_level_content_sections = len(survey.top_level_sections())
    report.paragraphs = sum(len(s.paragraphs) for s in survey.sections)
    report.references = len(survey.references)
    report.reference_numbers = sum(len(r.numbers) for r in survey.references)
    report.references_without_title = sum(1 for r in survey.references if not r.title)
    for name, n in styles.items():
        report.style(name, n)
    cited: set[str] = set()
    for s, _p, m in survey.citation_marks():
        report.markers += 1
        cited.update(m.ref_ids)
        if m.unresolved:
            report.unresolved_keys += len(m.unresolved)
            if m.ref_ids:
                report.markers_partly_linked += 1
            report.unresolved(f"§{s.number or s.index} {m.marker} -> {', '.join(m.unresolved)} not in the list")
        elif m.ref_ids:
            report.markers_linked += 1
    report.uncited_references = sum(1 for r in survey.references if r.id not in cited)
    _plain_warnings(survey, report)
    survey.extra["parse_quality"] = parse_quality(report)


_LONG_ENTRY = 2500  # characters: far beyond any single reference string


def _plain_warnings(survey: Survey, report: FileReport) -> None:
    """Per-file warnings in plain words, from the list's own evidence: the largest number the
    text cites bounds the list's length; a very long entry holds several merged entries."""
    numbers = {int(n) for r in survey.references for n in r.numbers if n.isdigit()}
    cited_numbers: set[int] = set()
    dangling: list[str] = []
    by_id = {r.id: r for r in survey.references}
    for _s, _p, m in survey.citation_marks():
        for rid in m.ref_ids:
            if rid in by_id:
                cited_numbers.update(int(n) for n in by_id[rid].numbers if n.isdigit())
        for key in m.unresolved:
            if key.isdigit():
                cited_numbers.add(int(key))
                if key not in dangling:
                    dangling.append(key)
    top = max(cited_numbers, default=0)
    if numbers and top > 2 * len(numbers) and top - len(numbers) > 5:
        n = len(numbers)
        report.warnings.append(
            f"the text cites up to [{top}] but the list defines {n} number{'s' if n != 1 else ''}: "
            "the list looks merged or cut short"
        )
    if dangling:
        shown = ", ".join(sorted(dangling, key=int)[:8]) + (" ..." if len(dangling) > 8 else "")
        report.warnings.append(
            f"{len(dangling)} cited number{'s' if len(dangling) != 1 else ''} with no entry in the list ({shown}): "
            "counted as unresolved"
        )
    long = [r for r in survey.references if len(r.raw or "") > _LONG_ENTRY]
    if long:
        r = long[0]
        report.warnings.append(
            f"{len(long)} reference entr{'ies' if len(long) != 1 else 'y'} over {_LONG_ENTRY} characters "
            f"(entry {r.id}: {len(r.raw or ''):,}): possibly merged entries or text after the list"
        )
