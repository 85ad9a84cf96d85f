"""One reference string -> clean title, authors, year, DOI, arXiv id, URL.

Handles the styles the field prints: a bare title ("[n] Title", AutoSurvey/SurveyForge); IEEE
with the title in quotes (``A. B, C. D, "Title," in Venue, 2021``) or unquoted/italic books
(``A. B and C. D, *Title*. City: Publisher, 2017``); ACL/ACM with the year after the authors
(``A B and C D. 2020. Title. In Venue``); IEEE/natbib with the title after the authors and the
year last (``A. B et al. Title. In Venue, 2021``); surname-first lists whose initials hide the
sentence ends -- APA (``Smith, J. A., & Lee, K. (2020). Title.``), Nature (``Roth, G. A. et al.
Title. J. 76, 1 (2020).``), ACS (``Smith, J.; Lee, K. Title.``), Vancouver (``Smith JA, Lee K.
Title.``), Springer (``Smith, J., Lee, K.: Title.`` / ``Smith J, Lee K (2020) Title.``);
Chicago/MLA/Harvard with the title in double or single quotes after the authors; APA group
authors (``OpenAI. (2023). Title.``, ``(n.d.)``); Elsevier/APA transcriptions whose initials lost
their dots (``Anderson, PA, Van Sluyters, RC., 1988. Title.``); ASAIO/AMA (``Amin DV, et al:
Title.``); Chinese GB/T 7714 (``张三, 李四. 题名[J]. 刊名, 2023``); lower-case author lists;
web sources of deep-research reports (``[2010.11929] Title | Site https://...``, ``Title - Site,
accessed May 2, 2025, URL``) and a title followed by a Markdown link (LLMxMapReduce). PDF conversion noise ("Pre- trained", URLs broken
at hyphens) is repaired in the clean title and URL; ``raw`` keeps the string as printed.

Issue 9's fourth round added, each with its own evidence: names then ``(YEAR)`` in any form (Springer
``Lin T-Y., Goyal P. (2017)``, ``Vaswani et al. (2017)``, ``Last, First; Last, First (2017):``); ISO 690
(``HOCHREITER, Sepp; SCHMIDHUBER, Jürgen.``), GOST (``Title // Journal``), ``Title[J]`` in English;
full names, a comma, the title (``Jared Kaplan, Sam McCandlish, Title, 2020.``); deep-research lines
(``Huang et al., Title, arXiv preprint ..., 2023.``, ``OpenAI, Title, 2023.``); IEEE whose closing quote
was lost; author lists of hundreds of names, BibTeX's ``and others`` / ``, :,``, one name in lower
case, ``An`` / ``Press`` as names; and the noise of MinerU, docling and marker conversions (glued
author runs with or without year, lost spaces, spacing accents, page anchors). A title stops before
a venue after a comma (abbreviated, Vancouver ``Journal 2013;``, Elsevier ``Journal, 95: 406``, a
lower-case journal with its volume), a locator, a month and year, a volume; it goes on after ``?``
with a lower-case subtitle. The year is never an access date nor a page range.

Why not refextract (INSPIRE-HEP's reference parser, PyPI ``refextract``): measured with
``bench/readers_refextract.py`` on the failure classes of issue 9, it found 1 of 4 entries in a
PDF-converted Springer list whose numbers are glued to the previous entry, 0 of 2 titles in
Elsevier author-year entries, 0 of 1 for glued author runs ("AchiamJ.AdlerS."), and matched us
only on a clean IEEE list -- at 1-2 s per call (36 s for the first, loading its knowledge bases)
against milliseconds, and it pulls pypdf, python-magic, lxml, inspire-utils, isbnlib and
requests. It is built for physics references (report numbers, journal abbreviations), so ours
stays; the comparison script runs it when installed.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from dataclasses import dataclass, field
from typing import NamedTuple

from surveybench.model import Author, normalise_arxiv_id, normalise_doi

# A URL as PDF converters print it: broken by a space after "-" or "." ("diffusion- models").
_URL_CHUNK = r"(?:[^\s<>\"\]\)(]|\([^\s()<>\"]*\))+"  # balanced parentheses stay in ("S1364-6613(00)01538-2")
# broken after "-" ("diffusion- models"), after "." when a lower-case piece follows ("arxiv. org", never
# "mathlib4. Accessed:"), or after "/" when the next piece looks like a path
# ("Chang- Peng/ 003de49...", "programs/ challenge/vrp/", a page "2003/11/12/ schematron.html"), never before a run of
# source numbers ("graphormer/ 36 [PDF] ...")
URL_RE = re.compile(
    rf"https?://{_URL_CHUNK}(?:(?:(?<=-)|(?<=\.)(?=\s+(?-i:[a-z0-9]))|(?<=/)(?=\s+[\w%.-]*[\d_%-]|\s+[\w%.-]+/[\w%./-]*(?:[\s;)]|\.?$|\.\s)|\s+[\w%-]+\.(?:html?|pdf|php|aspx?)\b))"
    rf"\s+(?!\d{{1,3}}\s+\S){_URL_CHUNK})*", re.I
)
MD_LINK_RE = re.compile(r"\[([^\[\]]*)\]\((https?://[^)\s]+)\)")
# (a page's linked furniture is no part of the entry: bioRxiv's "bioRxiv preprint doi: https://...; this version
# posted September 27, 2025. The copyright holder for this preprint")
_LINKED_FURNITURE = re.compile(r"copyright|this version posted|all rights reserved|licen[cs]e", re.I)
# (or a DOI after words: a page that links each whole entry to its DOI, "[K. Hinsen, Dealing With Software Collapse, ..., 2019, doi:
# 10.1109/MCSE.2019.2900945.](https://doi.org/...)", "[Cosden, I. A., ... Training Gaps. (2022) doi:10.48550/ARXIV.2210.04275.](u)" -- not a
# link's label "doi: 10...." alone)
_LINKED_RUN = re.compile(r"\S\s+(?:https?://|www\.|doi:\s?10\.\d)\S|/\S*\s+\(?(?:19|20)\d{2}\)?\.")  # words and an address, or a path and a year
# (or words of the entry's sentence: pymupdf4llm links an arXiv entry's title line by line, "... 2025. [Memorag:](u)
# [Boosting long context processing with global memory-enhanced retrieval augmentation.](u) _Preprint_, arXiv:2409.05591",
# "2025b. [Introducing claude sonnet 4.5.](u)" -- two words or more, or a word closed by ":" or a line break's "-"; not
# the label of a link to a catalogue or the paper's page)
_LINKED_WORDS = re.compile(r"[^\W\d_]{2,}(?:-[^\W\d_]+)*\s+[^\W\d_]|^[^\W\d_]{3,}[^\W\d_\s-]*[:-]$")
_LINK_LABEL = re.compile(
    r"^\W*(?:google\s+scholar|semantic\s+scholar|cross\s?ref(?:\s+full\s+text)?|pubmed(?:\s+abstract)?|pmc\s+free\s+article|full\s+text|"
    r"abstract|pdf|html|link|view\s+(?:article|at\s+publisher)|download|web\s+of\s+science|scopus|publisher\s+site|read\s+more)\W*$|"
    r"\bdoi\b|\barxiv\s*:|\b10\.\d{4,9}/|\bwww\.|\.(?:com|org|net|edu|gov|io|aspx?|html?|php|pdf)\b|[/%#=]", re.I)
DOI_RE = re.compile(r"\b(10\.\d{4,9}/(?:[^\s\"<>,;\[\]()]|\([^\s\"<>,;()]*\))+)", re.I)
_DOI_BREAK = re.compile(r"(?<=[-/_])\s+(?=\w)|(?<=\b10\.)\s+(?=\d)")
_DOI_TAIL = re.compile(r"(?:v\d+)?(?:\.full(?:-text)?|\.pdf|\.abstract|\.html)$", re.I)
ARXIV_RE = re.compile(
    r"(?:arxiv(?:\s*preprint)?\s*(?:arxiv)?\s*[:.]?\s*(?:abs/)?|arxiv\.org/(?:abs|pdf|html)/|"
    r"ar5iv(?:\.labs)?\.(?:arxiv\.)?org/(?:abs|html)/|vol\.\s*abs/)"
    r"(\d{4}\.\d{4,5})(v\d+)?",
    re.I,
)
LEADING_ARXIV_RE = re.compile(r"^\s*\[(\d{4}\.\d{4,5})(?:v\d+)?\]\s*")
# not half of an ISSN ("ISSN 2045-2322") or of a page range
YEAR_RE = re.compile(r"(?<![\d./:\-–])((?:19|20)\d{2})([a-z])?(?![\d/])(?!-\d{3}[\dX])")
QUOTED_RE = re.compile(r"[\"“”]\s*([^\"“”]{6,}?)\s*[,.]?\s*[\"”“]")
_IEEE_CLOSING_QUOTE = re.compile(r"\s*[,.]\s?”")  # (",”" spaced apart once glued commas are parted)
_SPACE_HYPHEN = re.compile(r"(?<=[^\W\d_])- (?=[^\W_])")
_WS = re.compile(r"\s+")
_SITE_SUFFIX = re.compile(
    r"(?<!\s)\s++[-–|]\s++(?:wikipedia|arxiv|github|medium|acl anthology|ijcai|openreview|researchgate|"
    r"semantic scholar|ieee xplore|sciencedirect|springer(?:link)?|acm digital library)\s*$",
    re.I,
)
# an access date is no publication year: "accessed May 2, 2025", "[Accessed 24- 11- 2023]", "Accessed: 2025- 09- 01"
# -- in Chinese too, as Gemini's deep-research reports written in Chinese print it: "Title - Site, 访问时间为 九月 10, 2025，
# https://..." (the month in Chinese numerals, the full-width comma after the year), "...htm(访问时间 Jan. 1, 1970)."
_ACCESSED = re.compile(
    r"(?:,\s*+|(?<![\s,])\s*+)[(\[]?(?:last\s+)?(?:accessed|retrieved|viewed|访问(?:时间|日期)为?)(?:\s+on)?[:：]?\s*+(?<=\s|[为间期:：])"
    r"(?:[A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4}|"
    r"\d{1,2}\s+[A-Z][a-z]+\.?\s+\d{4}|\d{4}-\s?\d{1,2}-\s?\d{1,2}|\d{1,2}[-/.]\s?\d{1,2}[-/.]\s?\d{4}|[A-Z][a-z]+\.?\s+\d{4}"
    r"|[一二三四五六七八九十]{1,3}月\s?\d{1,2}[,，]?\s?\d{4}|\d{4}年\s?\d{1,2}月\s?\d{1,2}日)"
    r"(?:\s(?:to|-|–)\s\d{4}-\d{1,2}-\d{1,2})?[)\]）]?[.,，。]?",  # (a span: "Accessed: 2024-05-05 to 2024-06-11.")
    re.I,
)
_ANY_SITE_SUFFIX = re.compile(
    r"(?<!\s)\s++[-–|]\s++(?:[A-Z][\w&.]*(?:\s+[A-Z][\w&.]*){0,2}|(?:www\.)?[a-z0-9-]+\.[a-z]{2,}(?:\.[a-z]{2,})?)\s*$"
)
# CNKI names a paper's file "题名_作者" (title, then its first author after "_"): an entry linked to CNKI that prints the file's name
# ("中国数字经济发展对碳排放的影响研究_李欣 [链接](https://kns.cnki.net/...)") has the author's name after its title
_CNKI_FILE_AUTHOR = re.compile(r"(?<=[\u4e00-\u9fff》）)])_[\u4e00-\u9fff·]{2,4}$")
# an LLM-written source list glosses each linked title after a dash ("[The Coming British Civil War – David Betz](https://...)
# – Podcast discussion of UK civil war scenarios"): the entry opens with the link, the dash comes right after it
_LINK_THEN_GLOSS = re.compile(r"^\[(?=[^\[\]]*?[^\W\d_]{2})[^\[\]]*+\]\(https?://[^)\s]++\)\s+[–—-]\s+\S")
# a title alone, then its arXiv id or its year after the title's period ("AutoSurvey: ... Language Models. arXiv:2406.10252, 2024.",
# "COLM: ... Taxonomy. https://colmweb.org, 2024."): no part of the title (a year after a comma may be: "progress report, 2018";
# a month's abbreviation before it is the date's, which the title's tail takes whole: "..., 3GPP, Mar. 2022.")
_ID_YEAR_AFTER_TITLE = re.compile(
    r"(?<=[^\W\d_]{2})(?<!Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)(?<!Sept)\.[\s,]+(?:arXiv\s?:\s?\d{4}\.\d{4,5}(?:v\d+)?(?:[\s,]+(?:19|20)\d{2})?|(?:19|20)\d{2}[a-z]?)\.?\s*$", re.I)
_WEB_MARK = r"\[(?:online|internet|eb/ol|preprint|cited[^\]]{0,40})\]"
# the mark and its own period after a sentence ("Title. [Online]. Available"), only the mark after a
# title ("Title [Internet]. arXiv": the period ends the title)
_ONLINE = re.compile(rf"(?<=[.!?])\s*{_WEB_MARK}\.?|\s*{_WEB_MARK}|\s*\bavailable(?:\s+(?:at|from|online))?:\s*$", re.I)
_URL_WORD = re.compile(r"\s*\bURL:?(?=\s*(?:[.,;]|$))")
# arXiv's HTML (LaTeXML) closes an entry with its back-references, whatever they name ("Cited by: §III-A.", "Cited by:
# 2nd item.", "Cited by: Table I,"): where the list left them on the entry's line, no part of its title
_BACK_REFERENCE_TAIL = re.compile(r"\s*\bCited by:\s.*$")
# the stamp in the margin of arXiv PDFs, given by some sources as the page title
_ARXIV_STAMP = re.compile(r"^arXiv:\d{4}\.\d{4,5}(?:v\d+)?\s*\[[\w.\-]+\]\s*\d{1,2}\s+[A-Z][a-z]{2,8}\s+\d{4}$")
_DOMAIN_ONLY = re.compile(r"^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+$", re.I)

# ---- author lists -------------------------------------------------------------------------
_UP = "A-ZÀ-ÖØ-ÞĀ-ſȘ-țḀ-ỿ"  # Latin letters with diacritics: French, Polish, Czech, Romanian, Vietnamese
# the gap between two initials ("J. A.", "J.-R.", "T.- Y."): written so that one string has one
# reading -- "\s?-?\s?" let a single space be either "\s?", which made a list of 20 names
# followed by the wrong character backtrack for minutes (issue 14)
_INIT_GAP = r"(?:\s?-\s?|\s{1,2}+)?"
_PARTICLES = "van|von|vom|der|den|dem|de|da|das|di|du|do|dos|des|del|della|degli|dei|la|las|los|le|lo|ten|ter|zu|bin|ibn|al|el|y|e"
_TOKEN = (
    rf"(?:[{_UP}](?:\.(?:{_INIT_GAP}[{_UP}]\.)*+)?(?=[\s,]|$)"  # initial: "A." / "J.-R." / "T.- Y." / "I"
    rf"|[{_UP}](?:[^\W\d_]+|['’][^\W\d_]+)(?:['’][^\W\d_]+)*(?:-\s?[^\W\d_]+)*(?:['’](?=\s))?"  # Name, O'Neil, Kai- Wei, Marc' Aurelio
    rf"|[dl]['’][{_UP}][^\W\d_]+|[vd]\.(?=\s)|(?<=\sd\.\s)l\.(?=\s)"  # d'Ascoli, l'Hôpital; "G. v. Tulder", "A. v. d. Oord", "D. d. l. Casas"
    rf"|[{_UP}]-\s?[{_UP}][^\W\d_]*|(?:Md|Mohd|Muh|Jr|Sr|St)\.(?=[\s,])"  # "Y-Lan Boureau", "I- Hung Hsu", "Md. Mahinur Rashid", "John Smith Jr."
    # ("Rhomni St. John")
    rf"|(?:{_PARTICLES})(?=[\s,]))"  # (a particle after the given names: "Villiers, Charl de, Ruth Hsiao")
)
_NAME = rf"{_TOKEN}(?:\s+{_TOKEN}){{0,4}}"
_ONE_NAME = re.compile(_NAME)
_SEP = r"(?:\s*,\s*(?:and\s+|&\s+)?|\s+and\s+|\s*&\s*)"
AUTHORS_RE = re.compile(rf"(?P<authors>{_NAME}(?:{_SEP}{_NAME}){{0,200}}(?:,?\s+(?:and\s+)?et\s+al\.?)?)")  # "..., and et al."
_FOOTNOTE_MARK = re.compile(r"(?<=[^\W\d_])[*∗†‡]+(?=[\s,]|$)")
_NOT_NAMES = {
    "in", "the", "a", "an", "of", "on", "for", "and", "with", "to", "proceedings", "journal",
    "conference", "international", "transactions", "advances", "arxiv", "preprint", "ieee",
    "acm", "workshop", "symposium", "university", "press", "vol", "no", "pp", "pages",
    "inc", "ltd", "llc", "corp", "gmbh", "plc",  # "CME Group Inc. Form 10-Q ...": a company, then a title
}


@dataclass
class ParsedRef:
    title: str | None = None
    authors: list[str] = field(default_factory=list)
    year: int | None = None
    year_suffix: str | None = None  # the "a" of "2023a", when printed
    doi: str | None = None
    arxiv_id: str | None = None
    url: str | None = None
    style: str = "title-only"


def repair_url(url: str) -> str:
    url = _WS.sub("", url)
    return url.rstrip(".,;)")


# what a title does not end with: a year, perhaps after a month ("..., 2004", "..., September 2024"),
# an edition ("..., 2nd edn"), a volume ("(Vol. 1)", "..., volume 135")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"  # "Apr", "April", "Sept."
# (or in parentheses: "(2012) Multicentre studies of ...", after an author list an OCR broke: "Knowles S BD, et al."; a
# classic's year too, "Arthur Cayley. 1889. A theorem on trees.")
_TITLE_HEAD_YEAR = re.compile(r"^(?:(?:1[89]|20)\d{2}[a-z]?\.\s?|\((?:19|20)\d{2}[a-z]?\)\.?\s)(?=[^\W_])")
_TITLE_TAIL = re.compile(
    # (a month printed as a number too: "LlamaIndex, 11 2022")
    rf"(?:,\s*+(?:{_MONTH}\s++(?:\d{{1,2}},?\s++)?|(?:0?[1-9]|1[0-2])\s++)?(?:19|20)\d{{2}}[a-z]?"
    r"|,?\s*+\(?\d{1,2}(?:st|nd|rd|th)\s++(?:edn|ed|edition)\.?\)?|\s\(Vol\.\s?\d+\)|,\s*+(?:volume|vol\.)\s*+\d+"
    # pages after a title nothing else follows: "Position Papers for the ASCR Workshop on ..., pp. 176-177"
    r"|,\s*+pp?\.\s?+\d{1,5}(?:\s?[-–]\s?\d{1,5})?"
    # ... or the page's "p." a title's sentence ran to, its number cut off after the period: "Krizhevsky A (2009) Learning multiple
    # layers of features from tiny images p. 60" (not a count of pages: "Washington, DC, 256 p.")
    r"|(?-i:(?<!\d)\spp?)"
    # a dataset's release date in parentheses: "BPI Challenge 2013, incidents (Apr 2013)"
    rf"|\s\({_MONTH}\s(?:19|20)\d{{2}}\))$", re.I)

_MONTH_DAY_END = re.compile(rf"\b{_MONTH}\s\d{{1,2}}$")


# a web source's venue and year in parentheses after its title: "Confident Adaptive Language Modeling (NeurIPS 2022)",
# "GLaM: ... (ICML 2022, PMLR)", "... (Findings of EMNLP 2024)", "... (EMNLP 2024 Industry)" -- a conference's or
# journal's known acronym (a study's own name stays: "Global Burden of Disease Study (GBD 2019)")
_VENUES = (r"NeurIPS|NIPS|ICML|ICLR|ACL|EMNLP|NAACL|COLING|EACL|AACL|TACL|COLM|AAAI|IJCAI|CVPR|ICCV|ECCV|WACV|KDD|WWW|SIGIR|"
           r"WSDM|CIKM|RecSys|JMLR|TMLR|UAI|AISTATS|CoRL|ICRA|IROS|RSS|ICASSP|INTERSPEECH|Interspeech|MLSys|OSDI|SOSP|NSDI|VLDB|"
           r"SIGMOD|ICDE|CHI|UIST|arXiv|PMLR|MICCAI|ISBI|ACM\s[A-Z]\w+|IEEE\s[A-Z]\w+")
_VENUE_YEAR_TAIL = re.compile(
    rf"\s\((?:Findings\sof\s(?:the\s)?)?(?:{_VENUES})(?:[\s-][A-Z][A-Za-z]{{1,14}})?[\s'’]{{1,2}}(?:19|20)\d{{2}}"
    r"(?:,?\s[A-Z][A-Za-z]{1,14}){0,2}\)$")


_WEB_OR_EDITION_TAIL = re.compile(
    r",?\s*+(?:available\s(?:at|from|online)\s?:|\(?last\saccess(?:ed)?\s?:)|,\s*+\d{1,2}(?:st|nd|rd|th)\s++(?:edn|edition)\b", re.I)


_APA_KIND_TAIL = re.compile(
    r"(?:\s\((?:[Vv]ersion|[Vv]er\.|v\.?)\s?[\w.\-]{1,12}\))?\s?\[(?:[Cc]omputer\s(?:software|program)|[Ss]oftware|[Dd]ata\s?set|[Ss]ource\scode|[Mm]obile\sapp(?:lication)?)\]$")
_DOC_TYPE_MARK = re.compile(r"\s?\[(?:J|C|M|D|R|S|P|N|A|G|Z|DB|EB|CP)(?:/OL)?\](?=$|[.,\s/])")


_PUBLISHER_AND_PLACE = re.compile(
    r"(?<=\w\w)\s\((?=[^()]*,\s[A-Z])[^()]*\b(?:Press|Springer|Wiley|Elsevier|Publishers?|Publ|Univ|University|Verlag|Books)\b[^()]*\)$")


_TITLE_SUB_SUP = re.compile(r"<(sub|sup)>([^<>]{1,20})</\1>(?!\s?$)")


def clean_title(text: str | None) -> str | None:
    if not text:
        return None
    t = _SPACE_HYPHEN.sub("-", text)
    # a converter's inline HTML for a subscript or superscript inside the title (marker / MinerU: "π<sub>0</sub>: A
    # Vision-Language-Action Flow Model", "CO<sub>2</sub> capture"): the characters as printed, the tags no words of
    # it (a superscript last is a footnote's mark, left to the entry's own reading)
    t = _WS.sub(" ", t).strip()
    if "<su" in t:
        t = _TITLE_SUB_SUP.sub(r"\2", t)
    for a, b in (('"', '"'), ("“", "”")):
        if (t.count(a) + (t.count(b) if a != b else 0)) % 2:  # an unbalanced quote: drop the quotes
            t = t.replace(a, "").replace(b, "")
    t = t.strip(" ,;:.\"“”'‘’")
    # the dash that led to an address now gone ("Mozilla -- Firefox web browser - http://..."): no title's end
    t = re.sub(r"\s[-–—]$", "", t)
    if re.fullmatch(r"([*_]{1,2})[^*_]+\1", t):  # *Title* / _Title_: Markdown italics
        t = t.strip("*_").strip(" ,;:.")
    t = t.removeprefix("[PDF]").strip()
    t = re.split(r"\s//\s", t, maxsplit=1)[0]  # GOST: "Title // Journal. 2020."
    # GB/T 7714's document type in English entries ends the title: "Title[J].", "Title[J].URL:https://..."
    t = _DOC_TYPE_MARK.split(t, maxsplit=1)[0]
    # a book's publisher in parentheses, the parenthesis left open where the title was cut ("Laterite and
    # Landscape (Academic Press", "Diagrammatica, Vol. 4 (Cambridge University Press"): not the title's
    if t.count("(") > t.count(")"):
        cut = t.rfind("(")
        if len(t[:cut].split()) >= 2:
            t = t[:cut].rstrip(" ,;:.")
    # ... or closed, with its place (PNAS: "The Geographic Mosaic of Coevolution (Univ of Chicago Press, Chicago)",
    # "Tropical Forest Census Plots (Springer, Berlin)")
    t = _PUBLISHER_AND_PLACE.sub("", t)
    # a web page's address and access date end what the entry prints before them (Copernicus: "..., Annual
    # Report, available at: https://... (last access: 19 September 2021)"), as an edition before its publisher
    # does ("Risk Communication: A Handbook ..., 6th edn., Wiley, Hoboken")
    t = _WEB_OR_EDITION_TAIL.split(t, maxsplit=1)[0].rstrip(" ,;:.")
    # APA's description of software or data after its title, and the version before it ("GSEQ: Software for ...
    # Sequences (Version 4.2) [Computer software]", "... [Data set]"): the entry's kind, no words of the title
    if t.endswith("]"):
        t = _APA_KIND_TAIL.sub("", t).rstrip(" ,;:.") or t
    # a year or an edition glued after the title by a comma ("Motion in MT, 2004", "..., 2nd edn")
    # (not a date's year, the month and day inside the title: "Truth Social Posts of April 7, 2025")
    tail = _TITLE_TAIL.search(t)
    if tail and not _MONTH_DAY_END.search(t, 0, tail.start()):
        t = t[: tail.start()].strip(" ,;:.")
    # ... or its venue and year in parentheses ("Routing to the Expert: ... (NAACL 2024)")
    if t.endswith(")"):
        t = _VENUE_YEAR_TAIL.sub("", t).strip(" ,;:.")
    # ... or before it ("2019.3D tracking of ...", GROBID's "2021a. China's future food demand ...")
    t = _TITLE_HEAD_YEAR.sub("", t)
    if not t or _DOMAIN_ONLY.match(t) or not re.search(r"[^\W\d_]{2}", t) or _ARXIV_STAMP.match(t):
        return None
    return t


# the longest author list taken as one (a medical paper's 70 names run to ~1,300 characters)
MAX_AUTHOR_LIST = 1600


# a lower-case syllable inside a given name ("Wen tau Yih"), never an English word of a title
# ("Learning for Vision, and Beyond" is no author list)
_ENGLISH_SHORT = (
    "and|et|al|for|of|in|on|to|the|with|from|via|as|at|by|is|are|be|an|its|our|not|but|or|nor|new|how|why|who|"
    "all|any|can|do|we|you|us|it|into|onto|over|than|that|this|what|when|per|vs|also|more|most|less|one|two|"
    "use|using|made|make|does|has|have|was|were|will|may|off|out|up|down|near|meet|meets|like|only|just|both|each|"
    "upon|yet|so|if|then|them|they|their|his|her|my|your|very|much|many|some|such|own|same|other|again")
_LOWER_SYLLABLE = re.compile(
    r"\b([A-Z][a-z]++) (?!(?:" + _ENGLISH_SHORT + "|" + _PARTICLES + r")\b)([a-z]{2,4}) (?=[A-Z][a-z])")


# (the list's last name too: "..., Peter Clark, and Ashish Sab harwal")
_SPLIT_SURNAME = re.compile(r"\b([A-Z][a-z]++) (?!(?:" + _ENGLISH_SHORT + "|" + _PARTICLES + r")\b)([a-z]{3,12})(?=,|\s+(?:and|&)\s|$)")
_NAME_PART = re.compile(r"[A-Z][\w'’\-]*(?:\s(?:[A-Z][\w'’\-]*|[A-Z]\.))+|(?:[A-Z]\.\s?)+[A-Z][\w'’\-]+")
_HANDLE_PART = re.compile(r"[\w\-]{2,39}|[a-z]+\s[a-z]+")


def _names_and_handles(s: str) -> bool:
    """Eight parts or more, every one a name of two words or more or a user handle ("NanoCode012",
    "tkianai", "wanghao yang"), three in five of them names."""
    parts = [x.strip() for x in re.split(r",\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", s) if x.strip()]
    if len(parts) < 8:
        return False
    names = sum(1 for x in parts if _NAME_PART.fullmatch(x))
    handles = sum(1 for x in parts if not _NAME_PART.fullmatch(x) and _HANDLE_PART.fullmatch(x))
    return names + handles == len(parts) and names >= 0.6 * len(parts)


_NAME_TOO = re.compile(r"\b(?:An|Press|In|Un|So|Do)\b")  # "Bo An", "Ofir Press", "In So Kweon", "Peng Un Mak"
_TWO_OR_THREE_NAME_WORDS = re.compile(r"(?:and\s+)?(?:[A-Z][a-z]+|[A-Z]\.)(?:\s(?:[A-Z][a-z]+|[A-Z]\.)){1,2}")  # "Bo An", "S. An"


# a given name alone between a comma and a period, then a surname alone or an initial and a surname:
# not "..., Reggio Emilia, Italy. Weizhe Yuan, ..." (a venue's place, then the next entry's first author)
_STRAY_NAME_PERIOD = re.compile(r"(?<=, )([A-Z][a-z]+)\.(?=\s(?:[A-Z][a-z]+,|[A-Z]\.?\s[A-Z][a-z]+,))")


_NICKNAME = re.compile(r"(?<=[^\W\d_])\s(?:\([A-Z][a-z]{1,15}\)|[\"“”][A-Z][a-z]{1,15}[\"“”])(?=\s[A-Z]|,)")


_GLUED_INITIALS_END = re.compile(rf"[^\W\d_]{{2}},?\s[{_UP}]\.[{_UP}]$")  # (after a surname: not "U.S")
# APA 7's ellipsis for the names left out of a long list, in an editor's brackets: "Vacarelu, F., […] Wouter, E. (2017)" reads
# "Vacarelu, F., … Wouter, E." (the form the lists are read in)
_BRACKETED_ELLIPSIS = re.compile(r"(?<=,\s)\[(?:…|\.{3})\]\s(?=[A-Z])")
_ELIDED_NAMES = re.compile(r",\s*(?:\.\s?\.\s?\.|…)\s*,?")


def looks_like_author_list(segment: str) -> bool:
    """True when ``segment`` is a plausible list of person names (used to find entry starts)."""
    s = _FOOTNOTE_MARK.sub("", segment.strip().rstrip("."))  # "Biqing Qi*, and Bowen Zhou": equal contribution
    if _GLUED_INITIALS_END.search(s):
        s += "."  # "Metcalf, G.E. 1994.": the last of two glued initials keeps its period ("G.E" is no name)
    # names left out, marked by an ellipsis: "Ahmad Al-Dahle, . . . , and 1 others", "Burton, A., ... Speekenbrink, M."
    s = _ELIDED_NAMES.sub(",", s) if "." in s or "…" in s else s
    s = _AND_OTHERS.sub(" et al", s)  # ACL's truncated lists: "Azade Nova, and 1 others" reads as "et al."
    # an edited book's editors: "Frederick F Schmitt, editor. 2003. Theories of truth.", "Jane Doe and Ed Roe, editors."
    s = _EDITOR_ROLE.sub("", s)
    if "(" in s or "”" in s or '"' in s:
        # a nickname between a given name and the surname: "Hsueh-Ti (Derek) Liu", "Chiyu ”Max” Jiang"
        s = _NICKNAME.sub("", s)
    if not s or len(s) > MAX_AUTHOR_LIST or re.search(r"[:;\"“”(){}\[\]?!]", s):
        return False
    if re.search(r"\d", s):
        return _names_and_handles(s)  # a handle may hold digits ("NanoCode012"); a name never does
    joined = _LOWER_SYLLABLE.sub(r"\1-\2 ", s)  # "Wen tau Yih": a converter dropped the hyphen of "Wen-tau"
    if s.count(",") >= 2:  # "Francesco Calt agirone, Thibaut Lavril": a surname a converter split in two
        joined = _SPLIT_SURNAME.sub(r"\1\2", joined)
        # "Amy Burkhardt, Maya. Yablonski, Jamie Mitchell", "Dacheng Li, Eric. P Xing": a stray period
        # after a given name inside a list of three or more
        joined = _STRAY_NAME_PERIOD.sub(r"\1", joined)
    m = AUTHORS_RE.fullmatch(joined.strip())
    if not m:
        # a software citation's contributors: names and user handles ("Jan Hajek, Laurentiu Diaconu,
        # Marc, albinxavi, fatih, oleg, and wanghao yang"), most of them names
        return _names_and_handles(s)
    if joined != s and not re.search(r",|\band\b|&", s):
        return False  # "Attention is All": a lower-case word between names needs a real list around it
    # "Zhi- An", "Su- In", "Yu’an": one name, no article
    words = re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*(?:-\s?[^\W\d_]+)*", s)
    # "PP", "NO" in capitals are initials ("Jussi PP Jokinen"), not "pp." / "no."
    # "An" and "Press" are names too ("An Zhang", "Na Min An", "Ofir Press"): one of the 2-3 words of a
    # part in a list of three names or more, or of two joined by "and" ("Ofir Press and Lior Wolf"),
    # never a title's article or a publisher ("Oxford University Press": "University" is no name)
    several = s.count(",") >= 2 or bool(re.search(r"\band\b|&", s))
    as_names = {w for x in re.split(r",|\band\b|&", s) if several
                for w in _NAME_TOO.findall(x) if _TWO_OR_THREE_NAME_WORDS.fullmatch(x.strip())}
    if any(w.lower() in _NOT_NAMES for w in words
           if len(w) > 1 and w not in {"and", "al", "et"} and not (w.isupper() and len(w) == 2) and w not in as_names):
        return False
    # One bare capitalised phrase ("Attention Is All You Need") is not evidence of a name list.
    has_marker = bool(re.search(r",|\band\b|&|\bet al\b|(?:^|\s)[A-Z]\.", s))
    return has_marker or len(words) <= 3


_NAME_PARTS = {"and", "et", "al", "al.", "van", "von", "der", "den", "de", "da", "di", "du", "del", "la", "le", "los", "las", "ten", "ter"}


def capitalise_names(segment: str) -> str:
    """"yann lecun, yoshua bengio, and geoffrey hinton" -> "Yann Lecun, Yoshua Bengio, and Geoffrey
    Hinton": an author list printed in lower case, judged as names (particles stay lower case)."""
    return " ".join(w if w in _NAME_PARTS else w[:1].upper() + w[1:] for w in segment.split(" "))


def split_authors(segment: str) -> list[str]:
    s = re.sub(r",?\s+et\s+al\.?$", "", _AND_OTHERS.sub("", segment.strip().rstrip(".")))
    parts = re.split(r"\s*,\s*(?:and\s+|&\s+)?|\s+and\s+|\s*&\s*", s)
    out = []
    for p in parts:
        p = _SPACE_HYPHEN.sub("-", _WS.sub(" ", p)).strip()
        if p:
            out.append(p)
    # Chicago / MLA invert only the first author: "Smith, John, and Jane Doe" -> "Smith, John"
    if (
        len(out) >= 2
        and re.fullmatch(r"[^\W\d_][\w'’\-]*", out[0])
        and re.fullmatch(r"[^\W\d_][\w'’\-]*(?:\s[A-Z]\.)?|(?:[A-Z]\.-?){1,3}", out[1])  # "Smith, John" / "Smith, K."
        and re.match(r"^\s*[^,]+,\s*[^,]+?(?:,\s*(?:and\s+)?|\s+and\s+|$)", s)
        and all(" " in x for x in out[2:])
    ):
        out = [f"{out[0]}, {out[1]}"] + out[2:]
    return out


TORN_DIACRITICS = "¨´˜ˆ¸˘˙˚˝ˇ¯˛`"  # accents a PDF converter sets apart from their letters ("Schutze¨", "G¨otze")
# a name torn by its accents, with the converter's spaces around them: "Mozeti´ c", "Vrandeciˇ c",
# "Lukoši ˙ ut¯ e", "G¨otze", "Jim ´ enez", "M ¨uller": a capitalised fragment, then after each accent at
# most five lower-case letters (longer, it is a word of its own with debris before it: "Towards ´
# perspective", "representation˘ learning")
# (two of the accents, "ˇ" and "ˆ", are modifier letters to the regex engine: not letters of a word here)
# -- or, after a capital standing alone, a lower-case rest of any length: "Gellert M´ attyus", "Hernandez-S´
# anchez" (a capital alone is no word of its own before a lower-case one, but for "A" and "I")
_TORN_WORD = re.compile(
    rf"(?<![^\W\d_{TORN_DIACRITICS}])(?![AI])[{_UP}](?:\s?[{TORN_DIACRITICS}]\s?[a-zß-ÿ]{{2,}}+(?![^\W\d_{TORN_DIACRITICS}]))"
    # (and the accents torn further on in it: "G ´ ul ¨ c¸ ehre")
    rf"(?:\s?[{TORN_DIACRITICS}]\s?[a-zß-ÿ][a-zß-ÿ]{{0,4}}+(?![^\W\d_{TORN_DIACRITICS}]))*+"
    # a line break's hyphen before the accent: the rest of the name whatever its length ("Val-¨ gaerts")
    rf"|(?<![^\W\d_{TORN_DIACRITICS}])[{_UP}][^\W\d_{TORN_DIACRITICS}]*+-\s?[{TORN_DIACRITICS}]\s?[a-zß-ÿ]++"
    rf"(?![^\W\d_{TORN_DIACRITICS}])"
    # a surname before its initials, whatever the rest's length: "Ter¨ asvirta, T."
    rf"|(?<![^\W\d_{TORN_DIACRITICS}])[{_UP}][^\W\d_{TORN_DIACRITICS}]*+\s?[{TORN_DIACRITICS}]\s?[a-zß-ÿ]++(?=,\s[{_UP}]\.)"
    rf"|(?<![^\W\d_{TORN_DIACRITICS}])[{_UP}][^\W\d_{TORN_DIACRITICS}]*+"
    rf"(?:\s?[{TORN_DIACRITICS}]\s?[a-zß-ÿ][a-zß-ÿ]{{0,4}}+(?![^\W\d_{TORN_DIACRITICS}]))++")
# (with the hyphen of a line break before it: "Levi Val-¨ gaerts", "Gloria Fack-ˇ elmann")
_SUP_ACCENT = re.compile(rf"<sup>([{TORN_DIACRITICS}])</sup>(\s?)([^\W\d_]*)")
_TORN_BEFORE_CAPITAL = re.compile(rf"(?<=[^\W\d_])-(\s?[{TORN_DIACRITICS}]\s?)([{_UP}][^\W\d_]*)")
_TORN_MARK = re.compile(rf"-?\s?[{TORN_DIACRITICS}]\s?")
# capitals a converter prints as a glyph of their own, apart from the rest of the name: "Ł ukasz"
_STROKED_CAPITALS = "ŁØĐÆŒ"
_TORN_CAPITAL = re.compile(rf"(?<![^\W\d_])([{_STROKED_CAPITALS}])\s([a-z]{{2,}}+)")
# ... and a stroked small letter ending the first part of a name, the rest printed apart: "Mikoł aj" (a name
# that ends in the letter, "Michał and", "Paweł et al.", is followed by a word of its own)
_STROKED_SMALL = "łøđ"
_TORN_SMALL = re.compile(
    rf"(?<![^\W\d_])([{_UP}][^\W\d_]*[{_STROKED_SMALL}]) (?!(?:and|et|und|or|of|in|on|the|de|da|di|du|del|der|den|van|von|le|la|y|e)\b)"
    rf"([a-zß-ÿ]{{1,6}}+)(?![^\W\d_])")


_ACCENTED_I = {"´": "í", "`": "ì", "¨": "ï", "ˆ": "î"}
# (the converter's space before the accent too: "Lo ¨ ıc", "Koutn ´ ık", "C ´ ıcero")
_ACCENT_DOTLESS_I = re.compile(r"([^\W\d_]*)\s?([´`¨ˆ])\s?ı([^\W\d_]*)")


def mend_torn_words(text: str, *, same_length: bool = True, pad: str = " ") -> str:
    """Words torn by a converter's loose accents read whole: "Mozeti´ c and" -> "Mozetic and"; with
    ``same_length`` the accents and their spaces move after the word as ``pad`` characters ("Mozetic
    and" with three spaces), so positions in the text still hold -- ``pad="e"`` keeps the word one word
    ("G¨otze, F." -> "Gotzee, F.", where a space before the comma would break a surname-first list). A
    citation and its reference entry then give the same surname, "mozetic", whichever side was torn. A
    stroked capital printed apart joins its name too: "Ł ukasz", and a stroked small letter: "Mikoł aj"."""

    def whole(m: re.Match[str]) -> str:
        word = _TORN_MARK.sub("", m.group())
        return word + pad * (len(m.group()) - len(word)) if same_length else word

    if "ı" in text:  # LaTeX prints "í" as an accent over a dotless i: "Garc´ıa", "Mart´ ınez"
        text = _ACCENT_DOTLESS_I.sub(
            lambda m: m.group(1) + _ACCENTED_I[m.group(2)] + m.group(3) + (pad * (len(m.group()) - len(m.group(1)) - 1 - len(m.group(3)))
                                                                           if same_length else ""), text)
    if "<sup>" in text:  # MinerU sets a torn accent in a superscript: "Moham-<sup>´</sup> mad", "and<sup>´</sup> Colin"
        text = _SUP_ACCENT.sub(lambda m: m.group(1) + m.group(2) + m.group(3) + (pad * 11 if same_length else ""), text)
    if any(c in text for c in TORN_DIACRITICS):
        # a double surname's hyphen at a line break, then the accent of its first part: "Sanchez-´ Lengeling"
        text = _TORN_BEFORE_CAPITAL.sub(
            lambda m: "-" + m.group(2) + (pad * (len(m.group()) - 1 - len(m.group(2))) if same_length else ""), text)
        text = _TORN_WORD.sub(whole, text)
    if any(c in text for c in _STROKED_CAPITALS):  # "Ł ukasz Kaiser": the capital printed apart
        text = _TORN_CAPITAL.sub(lambda m: m.group(1) + m.group(2) + (pad if same_length else ""), text)
    if any(c + " " in text for c in _STROKED_SMALL):  # "Mikoł aj Bińkowski"
        text = _TORN_SMALL.sub(lambda m: m.group(1) + m.group(2) + (pad if same_length else ""), text)
    return text


# a year whose digits an OCR read as letters: "20o6", "2Oo1", "(20l9)", "201la", "20i9" (o/O for 0, l/I/i for 1)
_OCR_YEAR = re.compile(r"(?<![\w/.\-])([12][\doOlIi]{3})(?=[a-z]?(?:[.,;:)\]\s]|$))")
_OCR_DIGITS = str.maketrans("oOlIi", "00111")


def mend_ocr_years(text: str) -> str:
    """Years an OCR printed with letters for digits read as years: "Chi, S., Caldas, C.H., 201la." ->
    "2011a", "(2o02)" -> "(2002)". Only a 19xx/20xx year that holds a letter changes; positions hold."""
    if not any(c in text for c in "oOlIi"):
        return text

    def year(m: re.Match[str]) -> str:
        run = m.group(1)
        digits = run.translate(_OCR_DIGITS)
        return digits if run != digits and digits[:2] in ("19", "20") else run

    return _OCR_YEAR.sub(year, text)


# "Names, Names and Name 2016. Title": the period before the year lost. Read in linear steps (one
# pattern over the names took time quadratic-to-cubic in a long line without a period -- a 20,000
# character table row): the year closes the text before the first period, so its place is fixed,
# and the names before it need only a comma and space, then an "and"/"&" after the last comma.
_ACL_NP_TAIL = re.compile(r"\s(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\Z")  # at the end of the text before the first "."
_ACL_NP_COMMA = re.compile(r",\s")
_ACL_NP_AND = re.compile(r"\b(?:and|&)\s(?=[^,.])")
_ACL_NP_AFTER = re.compile(r"\.\s+")


class _AclNamesYear(NamedTuple):
    """An ACL entry's head, "Names. 2016a. ": the names, the year, its letter, and where the title starts."""

    names: str
    year: str
    suffix: str | None
    end: int


def _acl_no_period(text: str) -> _AclNamesYear | None:
    r"""The head as ``re.match(r"^(?P<a>[^.]+?,\s[^.]*\b(?:and|&)\s[^,.]+?)\s(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\.\s+", text)``
    would read it (tests/test_readers_s37_titles.py compares the two on real entries), in time linear in the text."""
    p = text.find(".")
    after = _ACL_NP_AFTER.match(text, p) if p > 0 else None
    tail = _ACL_NP_TAIL.search(text, 0, p) if after else None
    if after is None or tail is None:
        return None
    a = text[: tail.start()]
    comma = _ACL_NP_COMMA.search(a, 1)  # one name character at least before it
    if not comma:
        return None
    if not _ACL_NP_AND.search(a, max(comma.end(), a.rfind(",") + 1)):  # no comma in the last name
        return None
    return _AclNamesYear(a, tail.group("y"), tail.group("s"), after.end())
_TORN_LOOSE = re.compile(rf"(?<=[^\W\d_])[{TORN_DIACRITICS}](?=[\s,;]|$)")  # (before the name's comma too: "E. Altuntas¸, U.S. Schubert")
# (or standing alone after a space: "Gulcehre, Caglar, ˘ and Courville", "Austin, and ´ Hager")
_TORN_AFTER_PUNCT = re.compile(rf"(?:(?<=[.,;:)\]])|(?<=\band))(?:[{TORN_DIACRITICS}]|\s[{TORN_DIACRITICS}](?=\s))")  # "Dyer.´ 2022.", "and´ Michael"


def fold(text: str) -> str:
    """Lower-case ASCII letters only: "Mündler" -> "mundler", "Liška" -> "liska"."""
    t = unicodedata.normalize("NFKD", text)
    return re.sub(r"[^a-z0-9]", "", t.encode("ascii", "ignore").decode().lower())


_TRAILING_INITIALS = re.compile(rf"(?:[{_UP}]{{1,3}}|(?:[{_UP}]\.?-?){{1,3}}\.?)")  # "AB", "J.-P.", "T-Y."


def surname(name: str) -> str:
    """Last name token, folded ("Jean- Michel Morel" -> "morel", "Mündler" -> "mundler")."""
    if "," in name:  # inverted: "Smith, John" / "Smith, J. A."
        name = name.split(",")[0]
    toks = [t for t in re.split(r"\s+", re.sub(r"-\s+", "-", name.strip())) if t]
    # Vancouver / Springer print the surname first and the initials after it, without a comma
    # ("Smith AB", "Lee JX", "Abu Alhaija H."): trailing capitals-only tokens are initials
    while len(toks) > 1 and re.fullmatch(r"(?:Jr|Sr|2nd|3rd|4th)\.?|I{2,3}|IV", toks[-1]):  # "Martin Luther King Jr.", "Stumpel L 3rd"
        toks = toks[:-1]
    while len(toks) > 1 and _TRAILING_INITIALS.fullmatch(toks[-1]) and not _TRAILING_INITIALS.fullmatch(toks[0]):
        toks = toks[:-1]
    for tok in reversed(toks):
        w = fold(tok)
        if len(w) > 1 or (w and len(toks) == 1):
            return w
    return fold(name)


# ... and a month before its year ("(cTDaR), Apr. 2019."): no sentence ends there; "v." and "d." are
# particles ("A. v. d. Oord", BibTeX's "D. d. l. Casas" for "de las Casas"), initials include "Ł."
_ABBREVIATIONS = (f"[{_UP}]", "v", "d", r"d\.\sl", "vs", r"e\.g", r"i\.e", "etc", "Fig", "No", "Vol", "pp", "Eq",
                  "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")
# one scan: a "." ends a sentence unless it closes an initial or an abbreviation that opens the
# text or follows a space, "(", "-" or another initial's "." ("J.R. Lewis", "Z.Z. Ren") (a loop over
# every "." of "A. B. C. ..." was slow)
_SENTENCE_END = re.compile(
    r"[?!](?=\s|$)|\.(?=\s|$)" + "".join(rf"(?<![\s(\-.]{a}\.)(?<!^{a}\.)" for a in _ABBREVIATIONS)
)


def sentence_end(text: str, start: int = 0) -> int:
    """Index just past the first sentence end at or after ``start`` (initials and
    abbreviations such as "et al." or "vs." do not end a sentence); ``len(text)`` if none."""
    m = _SENTENCE_END.search(text[start:] if start else text)
    return start + m.end() if m else len(text)


# words that open what follows a title in lower case: not a title going on
# (or a journal spelled in camel case: "eLife", "eNeuro", "iScience", "bioRxiv", "npj")
_AFTER_TITLE = re.compile(
    r"(?:arxiv|in|doi|pp|vol|volume|pages|https?|url|preprint|accessed|retrieved|and|eds?|ed|npj)\b|(?-i:[a-z]{1,4}[A-Z])"
    # a journal printed in lower case, then its volume: "Title. nature, 521(7553):436", "science 336, 1018"
    r"|[^\W\d_][\w&.]*(?:\s[^\W\d_][\w&.]*){0,5},?\s\d{1,5}(?:\.\d+|\s?\(\d[\w-]*\))?(?:[,:]|\s\(|\s\d)", re.I)


# a part of a series numbered in Roman numerals after the series' title, then the part's own title: "Short-latency ocular
# following responses of monkey. III. Plasticity. J Neurophysiol 56", "... and the menstrual cycle. II. Hormone levels and
# ..." (a capitalised word, then a word in lower case or the part's period: not an initial before a name, "I. Goodfellow,")
_ROMAN_PART = re.compile(r"(?:I{1,3}|IV|VI{0,3}|IX)\.\s(?=[A-Z][a-z]+(?:\s(?!and\b)[a-z]|\.\s))")
# a journal's name, then its volume (and issue) and pages: "Science 349, 180–183", "Catena 50:527548", "J Neurophysiol 56:
# 1355", "Etnografia e Ricerca Qualitativa(1), 55-74"
_ABBREVIATED_WORD = re.compile(r"\b[A-Z][a-z]{0,8}\.\s")
_INITIAL = re.compile(r"\b[A-Z]\.")
# (a subtitle is written in sentence case: a word in lower case other than a minor one -- a journal's words are all
# capitalised, "... COVID-19 outbreak. BMC Health Serv. Res. 2021, 21")
_LOWER_CONTENT_WORD = re.compile(r"\s(?!(?:of|and|the|in|for|on|at|to|a|an|with|from|by)\b)[a-z]")
_JOURNAL_VOLUME = re.compile(r"\s*[A-Z][^\W\d_]*\.?(?:\s(?:[^\W\d_]+\.?|&)){0,6}\s?(?:\d{1,5}(?:\s?\(\d{1,4}\))?\s?[,:]|\(\d{1,4}\),)")


def _subtitle_before_journal(text: str, end: int) -> bool:
    """The capitalised sentence after a title's "." is its subtitle when it reads as a title's words (see
    :func:`_capital_subtitle`) and a journal's name and volume follow it: "PLACE CELLS. Autoassociative dynamics in
    the generation of sequences of hippocampal place cells. Science 349, 180–183", "... of Draix (Alpes de Haute
    Provence, France). Calibration of the ETC rainfall-runoff-erosion model. Catena 50:527548" -- the journal is the
    sentence after the subtitle, so the subtitle is none. A sentence in sentence case, not one holding an abbreviated word, a journal's own
    ("... sentinel 2 images. ISPRS J. Photogramm. Remote Sens. 156"), nor one after a name's initials ("D.F. GARCIA. Minimum
    and maximum utilization bounds ... IEEE Trans. Parall. Distrib. Syst. 15": the title after its authors)."""
    stop = sentence_end(text, end + 1)
    return (_capital_subtitle(text, end) and _JOURNAL_VOLUME.match(text, stop) is not None
            and _LOWER_CONTENT_WORD.search(text, end, stop) is not None
            and not _ABBREVIATED_WORD.search(text, end, stop) and not _INITIAL.search(text, 0, end - 1))


# a language's one-letter name closes a title, its period read as an initial's (R packages' papers: "tmap: Thematic Maps in R. Journal of
# Statistical Software 84 (1): 1–39", "qgam: ... quantile regression modeling in R. Journal of Statistical Software 100(9):1–31") -- the
# evidence is a journal and its volume right after it (an editor's initial after "in" is not: "Title, in R. Stegeman (ed.), ...")
_LANGUAGE_LETTER_END = re.compile(r"\s(?:in|with|for|using|via)\s[A-Z]\.(?=\s)")


def title_end(text: str) -> int:
    """Like :func:`sentence_end`, but a title goes on past ". " when the next word is in lower
    case ("Human memory retention and recall processes. a review of EEG studies. Neurosciences"),
    unless that word opens a venue or locator ("arXiv", "in", "doi", "pp.")."""
    end = sentence_end(text)
    lang = _LANGUAGE_LETTER_END.search(text, 0, end) if ". " in text else None
    if lang and _JOURNAL_VOLUME.match(text, lang.end()):
        return lang.end()
    for _ in range(3):
        nxt = text[end:].lstrip()
        if end < len(text) and text[end - 1] == "." and (roman := _ROMAN_PART.match(nxt)):
            start = len(text) - len(nxt) + roman.end()
            stop = sentence_end(text, start)
            # (not when the sentence after the numeral is the journal: "... irreversible processes. I. Physical review, 37(4):405")
            if not _VENUE_WORD.search(text, start, stop) and not re.search(r",\s?\d", text[start:stop]):
                end = stop  # "... of monkey. III. Plasticity."
                continue
        if end < len(text) and text[end - 1] == "." and nxt[:1].isupper() and _subtitle_before_journal(text, end):
            end = sentence_end(text, end + 1)
            continue
        # "... information system. 1. introduction to methodology": a part of a series goes on too
        part = re.match(r"\d{1,2}\.\s(?=[a-z])", nxt)
        # "Tricks or traps? a deep dive into ...": a subtitle in lower case goes on after "?" and "!" too
        if end < len(text) and text[end - 1] in "?!" and nxt[:1].isupper() and _capital_subtitle(text, end):
            end = sentence_end(text, end + 1)  # "Big data, big insights? Advancing service innovation ..."
            continue
        if end < len(text) and text[end - 1] == "." and _ARTICLE_SUBTITLE.match(nxt) and _article_subtitle(text, end):
            end = sentence_end(text, end + 1)  # "... pericarditis. A systematic review of all published cases. J Cardiovasc Med"
            continue
        if end >= len(text) or text[end - 1] not in ".?!" or not (nxt[:1].islower() or part) or _AFTER_TITLE.match(nxt):
            break
        if part:
            end = len(text) - len(nxt) + part.end()
        end = sentence_end(text, end + 1)
    return end


# what names a venue or publisher, not a subtitle
_VENUE_WORD = re.compile(
    r"\b(?:proceedings|proc|conference|conf|journal|transactions|trans|letters|workshop|symposium|press|university|"
    r"society|publishing|publishers?|springer|elsevier|wiley|ieee|acm|review|reviews|magazine|bulletin|annals|"
    r"advances|arxiv|corr|preprint|thesis|report|edition|chapter|volume|vol|pp|pages|series|lecture|notes)\b", re.I)


# a journal's year or volume, then its issue or pages: "2019; 42", "48(4):335-51", "42, 1-10" (not a year
# ending the entry, "... representations. 2019b.": the sentence before it is a subtitle still)
_LOCATOR_NEXT = re.compile(r"\s*\d{1,4}[a-z]?\s?[;:(,]")


def _capital_subtitle(text: str, end: int) -> bool:
    """After a title's "?" or "!", a capitalised sentence is its subtitle ("The Death of Schema Linking?
    Text-to-SQL in the Age of Well-Reasoned Language Models. arXiv ...") when it reads as words of a
    title -- 3 to 20 words, no digit, no venue or publisher word -- and more of the entry follows it,
    other than the year or volume and pages a journal's name is followed by ("Is coding a relevant metaphor for the
    brain? Behavioral and Brain Sciences. 2019; 42.": that sentence is the journal), and not opening with an
    abbreviated word as a journal's name does ("... twentieth century? J. Health Soc. Behav. 48(4)")."""
    stop = sentence_end(text, end + 1)
    sub = text[end:stop].strip().rstrip(".")
    words = sub.split()
    return (3 <= len(words) <= 20 and stop < len(text) and text[stop:].strip() != "" and not re.search(r"\d", sub)
            and not _VENUE_WORD.search(sub) and not _AFTER_TITLE.match(sub) and not _LOCATOR_NEXT.match(text, stop)
            and not re.match(r"[A-Z][a-z]{0,4}\.\s?[A-Z]", sub))


# a subtitle after a title's period that opens with an indefinite article ("Intravenous human immunoglobulin for refractory
# recurrent pericarditis. A systematic review of all published cases. J Cardiovasc Med 2015", "Kommunikation mit
# Zettelkästen. Ein Erfahrungsbericht. In H. Baier ...", "... of Serendipity. A Study in Historical Semantics ... Princeton"):
# no journal's or publisher's name opens so (a definite article may: "The Lancet", "The Annals of Statistics")
_ARTICLE_SUBTITLE = re.compile(r"(?:A|An|Ein|Eine)\s(?=[^\W\d_])")


# (a publisher's imprint may open so: "Combinatorial enumeration. A Wiley-Interscience publication. Wiley; 1983.")
_IMPRINT_WORD = re.compile(
    r"\b(?:publications?|publish(?:ers?|ing)|press|springer|elsevier|wiley|interscience|proceedings|conference|journal|transactions|series|"
    r"edition|volume|book)\b", re.I)


def _article_subtitle(text: str, end: int) -> bool:
    """The sentence after ``end`` is such a subtitle: 2 to 20 words, no digit nor imprint, and more of the entry after it
    -- and the sentence before it no list of names (a title after them: "Erhan, Pieter-Jan Kindermans, and Been Kim. A
    benchmark for ...")."""
    stop = sentence_end(text, end + 1)
    sub = text[end:stop].strip().rstrip(".")
    return (2 <= len(sub.split()) <= 20 and not re.search(r"\d", sub) and not _IMPRINT_WORD.search(sub) and text[stop:].strip() != ""
            and not looks_like_author_list(text[:end]))


_ACCENTS = "´¨˜ˆˇ˚˝¸"
# (a grave accent printed as a backtick inside a word, before its vowel: "Costa-juss`a, M. R." -- not a code span's, which
# opens after a space)
_SPACING_ACCENT = re.compile(rf"(?<=[^\W\d_])[{_ACCENTS}]\s?(?=[^\W\d_])|[{_ACCENTS}](?=[^\W\d_])|(?<=[^\W\d_])`(?=[aeiou])")
_STRAY_ACCENT = re.compile(rf"\s[{_ACCENTS}](?=\s)")
_SPLIT_LETTER = re.compile(r"\b([ŁØĐÞ])\s(?=[a-zà-ÿ]{2,})")
_SPACE_BEFORE_COMMA = re.compile(r"(?<=\S)\s+,(?=\s)")
_HTML_ANCHOR = re.compile(r"</?span\b[^>]*>|^\]\(#[\w-]*\)\s*|\[([^\[\]]*)\]\(#[\w-]*\)")
# (a year's comma glued to the title's opening quote too: "Kirilenko, A., A.S. Kyle, ... and T. Tuzun, 2011,“The Flash Crash ...,”")
_GLUED_COMMA = re.compile(r"(?<!\d),(?=[^\s\d,])|(?<![\d\s]),(?=(?:19|20)\d{2}\b)|(?<=\d),(?=“)")
# (the space before the period, not after it: "... world benchmark .arXiv preprint")
_GLUED_SENTENCE = re.compile(r"(?<=[a-z]{2})\s?\.(?=[A-Z][a-z]|arXiv\b)")
# "..., and et al." too, and ACL's truncated lists: "Azade Nova, and 1 others"
_AND_OTHERS = re.compile(r",?\s+and\s+(?:\d{1,4}\s+)?others\b\.?|,?\s+and\s+et\s+al\b\.?")
_FIRST_NAME_NO_COMMA = re.compile(r"^([A-Z][\w'’\-]+)\s((?:[A-Z]\.){1,3},\s(?=[A-Z][\w'’\-]+,\s[A-Z]\.))")
# an APA initial printed without its period, the comma after it kept: "Irvine, J, Lang, S., & Montoya, C." -- the
# period goes in (an entry start's probe, which keeps the text's length, reads "Irvine, J. Lang, S., ...")
INITIAL_COMMA_FOR_PERIOD = re.compile(r"(?<=[a-z’'],\s[A-Z]),(?=\s[A-ZÀ-Þ][\w'’\-]+,\s[A-Z]\.)")
_ITALIC_ET_AL = re.compile(r"([*_]{1,2})et al\.?\1")
_EMPTY_NAME = re.compile(r",\s*:\s*,")
# a label printed before the entry: "[Vaswani et al., 2017]", "[VSP+17]" (natbib alpha / apalike keys)
_NATBIB_LABEL = re.compile(r"^\[(?:[^\[\]]{1,80}?\b(?:19|20)\d{2}[a-z]?|[A-Z][A-Za-z+]{1,8}\d{2}[a-z]?)\]\s+(?=\S)")
# a year closing the authors glued to the title: "2017.Attention" / "(2017).Attention"
# (and the year glued to the names before it: Annual Reviews' "Eckberg DL.1997. Gender ..." as an OCR prints it)
_GLUED_AFTER_YEAR = re.compile(r"(?<=[A-Z]\.)(?=(?:19|20)\d{2}[a-z]?\.\s?[A-Z])|(?<=\b(?:19|20)\d{2}\.)(?=[A-Z][a-z])|(?<=\b(?:19|20)\d{2}[a-z]\.)(?=[A-Z][a-z])|(?<=\b(?:19|20)\d{2}\)\.)(?=[A-Z])")
# an initial glued to its surname, at the start of a name only ("A.Vaswani"; the "J.Adler" inside
# the glued run "AchiamJ.AdlerS." follows a letter, so it stays for that pattern)
# (not a title's first word after the year: "2019. V.PhyloMaker: an R package")
_GLUED_INITIAL = re.compile(r"(?:(?<=^)|(?<=[\s,]))(?<!\d{4}\.\s)([A-Z]\.)(?=[A-Z][a-z]{2,})")
# ... and the last initial of a name glued to the title after it: "Miller, S.C.Luciferins behave like drugs."
_GLUED_LAST_INITIAL = re.compile(r"(?<=[\s,.;][A-Z]\.)(?<!\d{4}\.\s[A-Z]\.)(?=[A-Z][a-z]{2,})")
_GLUED_SEMICOLON = re.compile(r"(?<=\.);(?=[A-Z][\w'’\-]+,)")  # "Braasch,D.A.;Richer,E." (not "TL;DR")
# full-width punctuation an OCR trained on CJK text prints in English entries: "Kang, J. H.； Chung, J. K."
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_FULL_WIDTH = str.maketrans({"，": ", ", "；": "; ", "：": ": ", "（": " (", "）": ") ", "．": ". "})


# ACM Computing Surveys' names in small capitals as a converter gives them: every field glued to the next, no space nor
# period -- "E. SKOUDIS,L. ZELTSERMalware: Fighting Malicious Code2003", "H. LEONTYEV,J.H. ANDERSONHierarchical ...
# guaranteesProceedings of the ...", "... are 50Proceedings". The names in capitals opening the entry are the evidence:
# the last surname's capitals end where the title's capitalised first word starts, and after it a lower-case letter or
# a digit glued to a capital (or a year at the end) is where the title ends and the venue starts
# (a title's first word may be the article "A": "A.S. TANENBAUMA virtual machine-based ...")
_SMALL_CAPS_NAMES = re.compile(rf"^[A-Z]\.(?:\s?-?[A-Z]\.)*\s?[A-Z][{_UP}'’-]+,\s?(?:(?:[A-Z]\.(?:\s?-?[A-Z]\.)*\s?)?[A-Z][{_UP}'’-]+,\s?)*"
                               rf"(?:[A-Z]\.(?:\s?-?[A-Z]\.)*\s?)?[{_UP}]+?(?=[A-Z][a-z]|A\s[a-z])")
_SMALL_CAPS_FIELD_GLUE = re.compile(r"(?<=[a-z.])(?=[A-Z]|(?:19|20)\d{2}$)|(?<=\d)(?=[A-Z][a-z])")


def _unglue_small_caps_fields(prose: str) -> str:
    """"E. SKOUDIS,L. ZELTSERMalware: Fighting Malicious Code2003" -> "E. SKOUDIS,L. ZELTSER. Malware: Fighting
    Malicious Code. 2003" (see :data:`_SMALL_CAPS_NAMES`); any other text as it is."""
    head = _SMALL_CAPS_NAMES.match(prose)
    if not head:
        return prose
    rest = _SMALL_CAPS_FIELD_GLUE.sub(lambda m: " " if prose[head.end() + m.start() - 1] == "." else ". ", prose[head.end() :])
    return head.group() + ". " + rest


UNICODE_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-"})  # Unicode's hyphens as the ASCII one
# capitals for a character class, those of Latin Extended-A/B too ("Željko", "Štrumbelj", "Łukasz")
CAPITALS = "A-ZÀ-ÖØ-Þ" + "".join(c for c in map(chr, range(0x100, 0x250)) if c.isupper())
# co-authors joined by a dash (Politics in Central Europe): "Curry, J. L. – Urban, J. B. (2003)" -- read as "&"
DASH_BETWEEN_NAMES = re.compile(rf"(?<=[{CAPITALS}]\.)\s[–—‑]\s(?=[{CAPITALS}][\w'’\-]+,\s[{CAPITALS}]\.)")
# ... or by a bullet (Cell Press's web references): "Pott, S. ∙ Lieb, J.D. What are super-enhancers?" -- read as a comma
BULLET_BETWEEN_NAMES = re.compile(rf"(?<=[{CAPITALS}]\.)\s∙\s(?=[{CAPITALS}][\w'’\-]+,\s[{CAPITALS}]\.)")
# an initial's period doubled by the field's own (ABNT typed by hand, Brazilian theses): "DAGNINO, R.. A relação",
# "IBARRA, H.; HANSEN, M. T.. Are you", "KLIJN, E..Policy and" -- one period and a space, so the names end at the initial
# (not an ellipsis: "A..." keeps its three)
DOUBLED_INITIAL_PERIOD = re.compile(rf"(?<=\b[{CAPITALS}])\.\.(?!\.)\s?")
_COMBINING_MARK = re.compile(r"[\u0300-\u036f]")
_COMBINING_MARK_APART = re.compile(r"(?<=[^\W\d_])\s([\u0300-\u036f])([a-zß-ÿ])")  # (before a capital, an apostrophe's stand-in: "D ́Alessandro")


def _repair_conversion_noise(prose: str) -> str:
    """What PDF/HTML converters and BibTeX exports put between the words of an entry, undone so the
    styles' own patterns apply (``raw`` keeps the string as printed)."""
    if not _CJK.search(prose):  # (a Chinese title's own punctuation stays)
        prose = prose.translate(_FULL_WIDTH)
    prose = mend_ocr_years(prose)
    # Unicode's hyphens (U+2010, U+2011) as the ASCII one, and an accent no letter composes with dropped
    # ("Alfonso‐Loeches, S.", "Varı̀, M. R.": a dotless i and a combining grave) -- names read as names
    prose = prose.translate(UNICODE_HYPHENS)
    if _COMBINING_MARK.search(prose):
        # (a PDF sets the mark apart, after a space before its letter: "Pr ̈unster, I." -- set back on the letter)
        prose = _COMBINING_MARK_APART.sub(r"\2\1", prose)
        prose = _COMBINING_MARK.sub("", unicodedata.normalize("NFC", prose))
    # LaTeX's ``quotes'' as a PDF prints them, two single quotes each: "‘‘What is semantic communication?’’"
    prose = prose.replace("‘‘", "“").replace("’’", "”") if "‘‘" in prose else prose
    prose = _HTML_ANCHOR.sub(lambda m: m.group(1) or "", prose)  # marker's '<span id="page-37-0"></span>', '](#page-8-8)'
    # a spacing accent beside its letter ("Jos´e", "Herv´ e", "M¨uller"): dropped with the space the
    # converter put after it, so names read as names; a stray one between words ("Towards ´ perspective")
    # is dropped alone. The letters left compare as the printed ones once accents are folded.
    prose = _SPACING_ACCENT.sub("", prose)
    prose = _STRAY_ACCENT.sub("", prose)
    prose = _SPLIT_LETTER.sub(r"\1", prose)  # "Ł ukasz Kaiser": a letter the converter set apart
    prose = STRAY_INITIAL_PERIOD.sub("", prose)  # "Hyun, E.-.M., 2007.": hyphenated initials with a stray period
    prose = DOUBLED_INITIAL_PERIOD.sub(". ", prose) if ".." in prose else prose  # ABNT "KLIJN, E..Policy": one period
    prose = _SPRINGER_EDITORS.sub("", prose)  # "Thornes JB (Ed) (1990) Title": the editors read as its authors
    prose = _SPACE_BEFORE_COMMA.sub(",", prose)  # "(ICDAR) , pages 749", "arXiv:1908.04729 , 2019"
    # the first author's comma lost, the others' kept: "Hardy S.E., Concato, J., & Gill, T.M. (2004)."
    prose = _FIRST_NAME_NO_COMMA.sub(r"\1, \2", prose, count=1)
    prose = INITIAL_COMMA_FOR_PERIOD.sub(".,", prose)  # "Irvine, J, Lang, S., & Montoya, C. (Eds.) (2019).": "J.,"
    prose = DASH_BETWEEN_NAMES.sub(" & ", prose)  # "Curry, J. L. – Urban, J. B. (2003): Title"
    prose = BULLET_BETWEEN_NAMES.sub(", ", prose) if "∙" in prose else prose  # Cell's "Pott, S. ∙ Lieb, J.D. Title"
    prose = _AND_OTHERS.sub(" et al.", prose)  # BibTeX "Kaplan, Jared and Henighan, Tom and others"
    prose = _ITALIC_ET_AL.sub("et al.", prose)  # Nature's in italics: "Pushkarsky, I. _et al._ Elastomeric sensor ..."
    prose = _EMPTY_NAME.sub(",", prose)  # BibTeX "OpenAI and : and Aaron Jaech" -> "OpenAI, :, Aaron Jaech"
    prose = _NATBIB_LABEL.sub("", prose, count=1)  # "[Vaswani et al., 2017] Vaswani, A., ..." (natbib alpha/apalike)
    # spaces a PDF converter lost: "Hu,E.J.,Shen,Y.,2021.", "models.arXiv preprint",
    # "Parmar. 2017.Attention is ...", "A.Vaswani, N.Shazeer"
    prose = _unglue_small_caps_fields(prose)
    prose = _GLUED_COMMA.sub(", ", prose)
    prose = _GLUED_SENTENCE.sub(". ", prose)
    prose = _GLUED_AFTER_YEAR.sub(" ", prose)
    prose = _GLUED_INITIAL.sub(r"\1 ", prose)
    prose = _GLUED_LAST_INITIAL.sub(" ", prose)
    prose = _GLUED_SEMICOLON.sub("; ", prose)
    return _WS.sub(" ", prose).strip()


def _publication_year(years: list[tuple[int, str]]) -> tuple[int, str | None]:
    """The year an author-year text cites: the last one printed with a letter ("March 2020a"), else
    the last one (the venue's year comes after the title)."""
    lettered = [y for y in years if y[1] and y[1] in "abcdefghijkl"]  # not the "s" of "the 1990s"
    y, s = (lettered or years)[-1]
    return y, s or None


# (arxiv-translator's Korean and Chinese versions keep the label's form, "et al." glued to the year or in the
# language's word, "Munkhdalai et al.(2016)", "Anil 등(2023)", "Wang 等(2023)"; an LLM's translation may set the label in
# bold with its year in brackets, "**Aberman 等人 [2020]** Kfir Aberman, Peizhuo Li, .... Title. *Venue*, 2020.")
_NOUGAT_LABEL = re.compile(
    r"^(?P<b>\*\*)?(?P<s>[^\W\d_][\w'’\-]{1,30}(?:\s[\w'’\-]{1,30}){0,2}?)(?:\set\sal\.|\s?[등等]人?|\s(?:and|&)\s[^\W\d_][\w'’\- ]{1,40}?)?"
    r"\s?(?:\((?P<y>(?:19|20)\d{2}[a-z]?)\)|(?(b)\[(?P<y2>(?:19|20)\d{2}[a-z]?)\]|(?!)))(?(b)\*\*)\s+(?=[^\W\d_])")


def _label_then_names(rest: str, surname: str, year: str) -> bool:
    """The text after a natbib label opens with its names, the label's surname first among them, up to a sentence's
    end, and closes with the label's year, the last one it prints (two entries merged print another after it)."""
    end = sentence_end(rest)
    names = rest[:end].rstrip(" .")
    years = YEAR_RE.findall(rest[end:])
    return (end < len(rest) and surname in names.split(",")[0] and looks_like_author_list(names)
            and bool(years) and "".join(years[-1]) == year)


_EDITORS_BEFORE_YEAR = re.compile(r"^\([Ee]ds?\.\)\.?\s*(?=\((?:19|20)\d{2})")  # "(Eds.).", "(eds.)."
_COLON_TAIL = re.compile(r"^(?:(?:and|&)\s(?P<last>[^:()\d]{2,40}?)|[A-Z](?=:))?(?:\s?\(Eds?\.\)\.?)?:\s(?=\S)")
_EDITOR_ROLE = re.compile(r",?\s+\(?(?:editors?|eds?\.?)\)?$")
# economics journals (AEA, JF, Chicago author-date) invert the first author's name only, given names in full or
# as initials, then the year in parentheses or between commas: "Aizenman, J. and J. Lee (2005), “Title,”",
# "Alesina, Alberto and Jeffrey Sachs (1988), “Title,”", "Baker, Scott R., Nicholas Bloom, and Steven J. Davis,
# 2016, Measuring economic policy uncertainty," -- the names then the year are the entry's head
# (a given name may be hyphenated or accented or hold a ligature, "Chang-Jin", "Martín", "Jeﬀrey"; an initial
# may have lost its period before the year, "Silber, William L (2012)")
# (possessive runs: a name's letters are read one way, so a line that is no entry fails fast)
_GIVEN_WORD = r"[A-ZÀ-Þ][a-zß-ÿﬀ-ﬆ'’]++(?:-[A-ZÀ-Þ]?[a-zß-ÿﬀ-ﬆ'’]++)*+"  # "Chang-Jin", "Martín", "Jeﬀrey"
_GIVEN = rf"(?:{_GIVEN_WORD}|[A-Z]\.(?:\s?-?[A-Z]\.)*+|[A-Z](?=\s\())"
# (a family name holds a lower-case letter: "Rahman MM, Lendel C (2021)" is Vancouver's, its initials no name)
_FAMILY = r"(?:(?:[Vv]an|[Vv]on|[Dd]e|[Dd]er|[Dd]en|[Dd]i|[Dd]a|[Dd]os|[Ll]e|[Ll]a)\s)*+[A-ZÀ-Þ](?=[\w'’\-]*[a-zß-ÿ])[\w'’\-]++"
_NATURAL = rf"(?:{_GIVEN}\s){{1,4}}{_FAMILY}"
_INVERTED_HEAD = re.compile(rf"{_FAMILY}(?:\s{_FAMILY})?,\s{_GIVEN}(?:\s{_GIVEN}){{0,3}}(?:\s[A-Z](?=$|,))?(?:,\s(?:Jr|Sr)\.)?")
_INITIAL_AFTER_FAMILY = re.compile(rf"{_FAMILY}(?:\s{_FAMILY})?,\s[A-Z]\.")
INVERTED_FIRST_NAME = re.compile(
    # (a name's torn accent read as a space may leave two after a comma: "Kelly, Bryan,  Lubos Pastor")
    rf"{_FAMILY}(?:\s{_FAMILY})?,\s\s?{_GIVEN}(?:\s{_GIVEN}){{0,3}}(?:,\s(?:Jr|Sr)\.)?"
    rf"(?:,\s\s?{_NATURAL}){{0,40}}(?:,?\s(?:and|&)\s{_NATURAL}(?:,?\s(?:Jr|Sr)\.)?)?"
    # (or Hydrobiologia's and the AMS's year after a comma, then a period or a colon: "Carey, C. C. & E. Rydin, 2011. Lake
    # trophic status ...", "Reason, C.J.C., S. Hachigonta and R.F. Phaladi, 2005: Interannual variability ...")
    r"(?:\s?\((?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\)[,.:]?\s|,\s(?P<y2>(?:19|20)\d{2})(?P<s2>[a-z])?[,.:]\s)")


# one name of ICML's all-inverted lists: the family name, a comma, given names of which one at least is a word
# ("Hinton, Geoffrey E", "Subakan, Y Cem", "Gers, Felix A"; "Smith, J." is APA's, no name of these lists) -- a
# middle initial ends the name (the title may follow it: "Hinton, Geoffrey E. Layer normalization.")
_GIVEN_NAMES = rf"(?:[A-Z]\.?\s)?{_GIVEN_WORD}(?:\s{_GIVEN_WORD})*(?:\s[A-Z]\.?(?![\w'’]))?"
_ONE_INVERTED = re.compile(rf"{_FAMILY}(?:\s(?:i\s)?{_FAMILY})?,\s\s?{_GIVEN_NAMES}")
# Elsevier's economics journals: every name inverted with its given names in full ("Hemphill, Thomas A., Banerjee, Syagnik,
# 2014."), the first given name a word (APA's initials, "Bain, C., Dandachi, T., 2014.", are read by the steps after)
# (three given names at most: "GeeksforGeeks, Multimodal Large Language Models, 2025." is a site and a title)
_ONE_INVERTED_FULL = re.compile(rf"{_FAMILY},\s{_GIVEN}(?:\s{_GIVEN}){{0,2}}")
INVERTED_FULL_NAMES_YEAR = re.compile(
    rf"(?=[^,]{{1,60}},\s{_GIVEN_WORD}[\s,])(?P<a>(?:(?:and\s)?{_ONE_INVERTED_FULL.pattern},\s){{1,40}}+)"
    r"(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\.\s")
# the whole list -- one name, or names whose last one, after "and", is inverted too (ACL's "Yupeng Chang, Xu Wang,
# ..., and Xing Xie." pairs up as "Surname, Given" but for its last) -- closed by a period, then a title's first
# letter (a year there is another style's)
_ALL_INVERTED_NAMES = re.compile(
    rf"(?P<a>(?:{_ONE_INVERTED.pattern},\s\s?){{0,40}}{_ONE_INVERTED.pattern},?\s(?:and|&)\s{_ONE_INVERTED.pattern}"
    # (one name alone has a one-word family name and no name or initial after it: ACL's "Ben Mildenhall, Pratul P.
    # Srinivasan, Matthew Tancik, ..." reads "Mildenhall, Pratul P." there, Chicago's "Eichholtz, Piet M. A., Nils
    # Gugler, and Nils Kok. 2011." "Eichholtz, Piet M.")
    rf"|{_FAMILY},\s\s?{_GIVEN_NAMES}(?=\.?\s(?![A-Z][\w'’\-]*,|[A-Z]\.)))"
    rf"(?:(?<=\.)|\.)\s(?=[A-Z\"“_*])")


# a PDF's text whose spaces between words were lost (pdfplumber, some publishers' layers): surnames glued to their initials
# without periods, IOP's or Vancouver's names run together -- "ThiaultL,MoraC,CinnerJE, SumailaURandClaudetJ2019Escaping...",
# "BehmannM, BrandesI, WalterU(2012)DieLehreim ...", "FongCR et al2022Climate ...", "van ZantenHHE, MollenhorstH, de BoerIJM."
# -- three such names or more open the entry, or fewer glued to "et al" or the year (two alone may be words, "ChatGPT, OpenAI.");
# they read apart, and a year glued between them and the title too
_GLUED_INITIALS_NAME = rf"(?:(?:van|von|de|der|den|da|di|le|la)\s)*[{_UP}][a-zß-ÿ'’]+(?:-?[{_UP}][a-zß-ÿ'’]+)*[A-Z]{{1,3}}"
_GLUED_INITIALS_HEAD = re.compile(
    rf"^(?P<n>{_GLUED_INITIALS_NAME}(?:(?:,\s?|\s?and\s?){_GLUED_INITIALS_NAME}){{0,40}})"
    rf"(?![A-Za-z])(?P<e>,?\s?et\s?al(?![a-z])\.?)?(?P<y>\s?\(?(?:19|20)\d{{2}}[a-z]?\)?(?=\s?[{_UP}]))?(?=[\s.,{_UP}(])")
_GLUED_INITIALS_START = re.compile(r"(?:[a-z]{2,3}\s)?[A-Z][^\s,]*[a-z][A-Z]")  # (a cheap look before the whole pattern)
_INITIALS_AFTER_SURNAME = re.compile(r"(?<=[a-zß-ÿ'’])(?=[A-Z]{1,3}(?:,|\s?and\b|\s?and(?=[A-Z])|\s|$))")


def _unglue_initials_head(prose: str) -> str:
    """``prose`` with the glued names that open it set apart (_GLUED_INITIALS_HEAD), else as it was."""
    g = _GLUED_INITIALS_HEAD.match(prose)
    # (three names at least, or fewer glued to "et al" or the year: "ChatGPT, OpenAI." is no such run)
    if not g or not (len(re.findall(_GLUED_INITIALS_NAME, g.group("n"))) >= 3 or g.group("e") or g.group("y") and not g.group("y")[0].isspace()):
        return prose
    names = _INITIALS_AFTER_SURNAME.sub(" ", g.group("n"))
    names = re.sub(r"(?<=[A-Z])\s?and\s?(?=[A-Z])", " and ", re.sub(r",(?=\S)", ", ", names))
    year = (g.group("y") or "").strip()
    if year.isdigit():  # IOP's bare year after the names: its initials apart too ("Cheung W W L"), as IOP prints them
        names = re.sub(r"\b[A-Z]{2,3}\b", lambda m: " ".join(m.group(0)), names)
    # (no year, "et al" glued to the title: its period is where the names end, "FongCR et alClimatechange ...")
    etal = re.sub(r"\s?et\s?al\.?", " et al" if year else " et al.", g.group("e") or "")
    return names + etal + (" " + year if year else "") + " " + prose[g.end() :].lstrip()


# IOP Publishing's entries (Environ. Res. Lett., J. Phys. Conf. Ser.): family names before their initials and no
# period anywhere, then the year and the title -- "Acero Triana J S, Chu M L and Steiner J L 2019 Beyond model
# metrics: the perils of calibrating hydrologic models J. Hydrol. 578 124032"
# (hyphenated given names keep their hyphen between the initials, "Pinault J-L", "Niu G-Y", a PDF's "Cheng C- Y"; a family name may
# run to three words, "De La Hera A", of letters -- an article number before it is the entry before's, "W08501
# Rajabi M M"; a period may follow the year, "Oude Essink G 1998. MOC3D adapted ...")
_IOP_NAME = r"(?:(?:van|von|de|der|den|da|del|dos|le|la|du|di) )*[A-ZÀ-Þ](?![\w'’\-]*\d)[\w'’\-]+(?: [A-ZÀ-Þ][\w'’\-]*[a-zß-ÿ][\w'’\-]*){0,2}(?: [A-Z](?:-\s?[A-Z])?){1,3}"
IOP_HEAD = re.compile(rf"(?P<a>{_IOP_NAME}(?:, {_IOP_NAME}){{0,30}}(?:,? and {_IOP_NAME})?(?: et al)?) "
                      r"(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\.? (?=[A-Z‘“\"'])")
# (a group author's acronyms, two capitals a word at least, open an entry of theirs: "CWC 2014 CWC SGMA ...")
IOP_GROUP_HEAD = re.compile(r"(?P<a>[A-Z](?=[a-z]*+[A-Z])[A-Za-z]++(?: [A-Z](?=[a-z]*+[A-Z])[A-Za-z]++){0,3}) "
                             r"(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\.? (?=[A-Z‘“\"'])")
# where an IOP entry's title ends: its journal's first abbreviation ("J. Hydrol.", "Nat. Geosci."), or the journal,
# volume and pages closing it ("Groundwater 42 12–16", a PDF's space after the dash "Lancet 368 1795- 809", an article
# number "PLoS One 9 e115239")
# (or, in a PDF's text whose spaces were lost, the volume glued to the journal's last word: "... foods Nature597360–5",
# "... production PLoS One14e0217148")
_IOP_TITLE_END = re.compile(r"\s(?=[A-Z][a-z]{0,9}\.\s(?:[A-Z(]|\d))|\s(?=[A-Z][\w ]{2,40}\s\d{1,4}\s[eA-Z]?\d{1,6}(?:[–-]\s?\d{1,6})?\s*$)"
                            r"|\s(?=[A-Z][A-Za-z]*\.?(?:\s[A-Z][A-Za-z]*\.?){0,4}(?<=[a-z.])\d[\de]{1,14}(?:[–-]\d{1,6})?\s*$)")
# a journal's first word printed in full before its first abbreviation ("Orphanet J. Rare Dis.", "Investigative Ophthalmol.
# Vis. Sci.", "Water Resour. Res."): one or two capitalised words after a title's word in lower case -- not after a preposition or
# article, where the capitalised word is the title's own ("... and Usher syndrome in Norway Clin. Genet.")
_IOP_JOURNAL_FIRST_WORD = re.compile(
    r"(?<![^\s])(?!(?:in|of|on|at|for|from|to|the|a|an|and|or|with|by|via|using|between|across|into|over|near|within)\s)"
    r"[a-z][\w'’\-]*\s(?=[A-Z][a-z]+(?:\s[A-Z][a-z]+)?$)")  # (two words: "Investigative Ophthalmology Vis. Sci.")


def _iop_title_end(rest: str) -> int:
    """Where the title that opens an IOP entry's ``rest`` (after its year) ends: before its journal."""
    cut = _IOP_TITLE_END.search(rest)
    if not cut:
        return len(rest)
    if rest[cut.end() : cut.end() + 60].split(" ", 1)[0].endswith("."):  # (the journal's first abbreviation)
        tail = rest[max(0, cut.start() - 60) : cut.start()]
        word = _IOP_JOURNAL_FIRST_WORD.search(tail)
        if word:
            return cut.start() - len(tail) + word.end() - 1
    return cut.start()


# (in asterisks or underscores: "_CDC Growth Charts, United States: Advance Data from Vital_ _and Health Statistics_")
_ITALIC_RUNS_APART = re.compile(r"(?<=[^\W_])([*_])\s+\1(?=[^\W_])")
_LEAD_ITALIC = re.compile(r"^[_*]([^_*]{3,300})[_*]")
# (after names, a book's title in italics closed by a comma, then its publisher: "(1998), *Title*, Publisher, Place")
_LEAD_ITALIC_COMMA = re.compile(r"^,?\s?[_*]([^_*]{3,300})[_*](?=,)")
# (APA: a book's or thesis's title in italics, then its description in parentheses or brackets, no part of the title:
# "*Sketchpad: A man-machine graphical communication system* (Doctoral dissertation, Massachusetts Institute of Technology).",
# "*Kıbrıs Ağzı Sözlüğü* [Dictionary of the Cypriot Dialect]. Galeri Kültür Yayınları.")
_LEAD_ITALIC_DESCRIBED = re.compile(r"^,?\s?[_*]([^_*]{3,300})[_*](?=\s?(?:\([^()]{2,200}\)|\[[^\[\]]{2,200}\])\s?(?:[.,]|$))")
_BOLD_AUTHORS_YEAR = re.compile(
    r"^\*\*(?P<a>[^*]{2,600}?)\.\s*\*\*\s*\[?(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?(?:[–-](?:19|20)?\d{2})?\.\s*")
# (or its closing period inside the run when no year follows: Vancouver in bold, "**Sherry B, Mei Z, Grummer-Strawn LM.** Trends ...")
_BOLD_AUTHORS = re.compile(r"^\*\*(?P<a>[^*]{3,600}?)(?:\*\*\s*[,.:]|[.,:]\*\*(?!\s*[,.:]|\s*\[?(?:19|20)\d{2}))\s*")


# an italic title that closes with its own sentence's end inside the run (AAAI's "Lu, S.; ...; and Shum, H.-Y. 2023. *HumanTOMATO:
# Text-aligned Whole-body Motion Generation.* arXiv:2310.12978.", ACL's book "Irwin Altman and Dalmas A Taylor. 1973. _Social
# penetration: The development of interpersonal relationships._ Holt, Rinehart & Winston."): the run is the title, whatever
# follows it -- the sentence split sees no end in ".*" before the venue. Not an abbreviated journal's ("*Ecol. Lett.* 12:427")
# (its quotes inside the run too: "Chen, T. & Guestrin, C. *"XGBoost: A Scalable Tree Boosting System."* KDD 2016.")
_LEAD_ITALIC_CLOSED = re.compile(r"^([*_]{1,2})[\"“]?(?=[^\W\d_])([^*_\"“”]{3,300}?[^\W\d_]{2}[.?!])[\"”]?\1(?=\s|$)")
_ABBREVIATED_END = re.compile(r"(?:^|\s)[A-Z][a-z]{0,4}\.$|\b[A-Z]{1,3}\.$")


def _closed_italic(rest: str) -> str | None:
    """The title ``rest`` opens with in italics closed by its period inside the run (``_LEAD_ITALIC_CLOSED``)."""
    if rest[:1] not in ("_", "*"):
        return None
    g = _LEAD_ITALIC_CLOSED.match(rest)
    if not g or len(g.group(2).split()) < 2 or _ABBREVIATED_END.search(g.group(2)):
        return None
    return clean_title(g.group(2))


def _lead_italic(rest: str, lead: re.Pattern[str] = _LEAD_ITALIC) -> str | None:
    """The title a book prints in italics first in ``rest``, runs a line break cut apart joined ("*Cases in Climate
    Change Policy: Political Reality in the* *European Union*")."""
    if rest.lstrip(", ")[:1] not in ("_", "*"):
        return None  # (no italic run first, the common case: no runs to join)
    book = lead.match(_ITALIC_RUNS_APART.sub(" ", rest))
    return clean_title(book.group(1)) if book else None


_SCHEMELESS_URL = re.compile(r"(?<![\w/.@-])(?:(?:dx\.)?doi\.org|github\.com)/\S+")
_INITIAL_SPACE_PERIOD = re.compile(r"(?<=\s[A-Z]) (?=\.:?\s)")  # (LNCS's colon after the last name: "Ahmed, S .: Deepdesrt")
_TITLE_FOOTNOTE_MARK = re.compile(r"(?<=[^\W\d_]{4})<sup>\s*(?:\d{1,2}|[*†‡])\s*</sup>(?=\s*[.,;:]|\s*$)")


_BOLD_NUMBER = re.compile(r"^\*\*\d{1,4}\.?\*\*\s?(?=[^\W\d_])")
# (or in a superscript, a footnote list's number as an HTML page prints it: BSSw's "* <a name="sfer-1"></a><sup>1</sup>[Title](u)",
# "<sup>13</sup> Wilson G, Bryan J, ... (2017) Good enough practices ...")
_SUP_NUMBER = re.compile(r"^<sup>\s*\d{1,4}\s*</sup>\s*")
# an HTML link in the entry reads as a Markdown one (a page's inline HTML kept by its converter: BSSw's "<sup>5</sup><a
# href="https://...">User stories with examples and a template</a>", "..., <a href="https://doi.org/...">doi:10.1109/...</a>"):
# its words are the entry's, an identifier as its label is no title's
# IEEE's quoted title in straight single quotes (a converter's or a writer's for “ ”, perhaps doubled): "L. Li, D.-c. Zhan, and X.-c. Li,
# 'Aligning model outputs for ... learning, ' Machine Learning, vol. 113", "P. Moriarty and D. Honnery, 'What is the global potential for
# renewable energy?' Renew. Sustain. Energy Rev.", "G. Erdogan, ''An open source spreadsheet solver ..., '' Comput. Oper. Res." -- after a
# list of names, the quotes read as the curly ones (the closing quote after the title's punctuation: not an apostrophe, "Teachers' views")
_INITIAL_FIRST = re.compile(r"[A-Z]\.(?:\s?-?[A-Za-z]\.)*\s[A-Z]")  # IEEE's first name: "L. Li", "D.-c. Zhan"
_SINGLE_QUOTED_TITLE = re.compile(r"(?<=,\s)('{1,2})\s?(?P<t>[^\W\d_][^']{5,400}?(?:'[^']{0,400}?){0,3}?[,.?!])\s?\1(?=\s|$)")
# HighWire's link back to the text, then its authors as a numbered list the entry's lines were joined from (BJGP and other HighWire
# journals' pages captured: "[↵](#xref-ref-4-1 "View reference 4 in text") 1. D’Alonzo G, 2. Barst R, 3. Ayres S, 4. et al. (1991) Survival
# in ..."): the link and the names' numbers are no part of the entry
_BACK_LINK = re.compile(r'^\[[↵↑^]\]\(#[^()\s]{1,80}(?:\s"[^"]{0,80}")?\)\s*')
_NAME_NUMBER = re.compile(r"(?:^|(?<=,\s))\d{1,2}\.\s(?=[^\W\d_])")
_HTML_LINK = re.compile(r'<a\s[^<>]{0,300}?\bhref="(https?://[^"\s<>]+)"[^<>]{0,300}>([^<>]{0,500})</a>', re.I)
_LEADING_STRAY_PERIOD = re.compile(r"^[.,;]\s+(?=[^\W\d_])")
_ET_AL_NO_PERIOD = re.compile(r"(?<=,\s)et al(?=\s[A-Z][A-Za-z])")


def _chained_link_words(text: str) -> set[int]:
    """Where links of one run of words start: links apart by spaces only, one address for all, a line break having cut
    the run ("[Neurobiologically](u) [inspired long-term memory for large language models.](u)") -- not an address cut so
    ("[https://github.com/](u) [fchollet/keras](u)", "[... environmental-](u) [protection/LTAG/REPORT%20ON%](u) [20GOAL_en.pdf](u)")."""
    runs: list[list[re.Match[str]]] = []
    for m in MD_LINK_RE.finditer(text):
        if runs and runs[-1][-1].group(2) == m.group(2) and not text[runs[-1][-1].end() : m.start()].strip():
            runs[-1].append(m)
        else:
            runs.append([m])
    return {m.start() for run in runs if len(run) > 1 and not any(re.search(r"[/%]", m.group(1)) for m in run) for m in run}


# a BibTeX record given as the entry (a list of fenced BibTeX blocks, one per reference, joined by the list's reader:
# "``` @inproceedings{7, title={Trainable sentence planning ...}, author={Stent, Amanda and ...}, year={2004} } ```"):
# its fields say which part is the title
_BIBTEX_HEAD = re.compile(r"^(?:`{3}\w*\s*)?@[A-Za-z]{2,20}\s?\{[^,{}\s]{0,100},")
_BIBTEX_FIELD = re.compile(r"(?<![\w-])(title|author|year|doi)\s*=\s*(?=[{\"\d])", re.I)


def _bibtex_value(text: str, start: int) -> str:
    """The value of a BibTeX field opening at ``start``: in braces (nested braces kept out), in quotes, or a number."""
    if text[start] == "{":
        depth, i = 0, start
        for i in range(start, min(len(text), start + 2000)):
            depth += (text[i] == "{") - (text[i] == "}")
            if depth == 0:
                break
        return text[start + 1 : i].replace("{", "").replace("}", "")
    if text[start] == '"':
        end = text.find('"', start + 1)
        return text[start + 1 : end if end > 0 else len(text)].replace("{", "").replace("}", "")
    return re.match(r"\d*", text[start:]).group(0)  # type: ignore[union-attr]


def _bibtex_record(text: str) -> ParsedRef | None:
    """Title, names and year of an entry that is one BibTeX record (``_BIBTEX_HEAD``), or None."""
    if not _BIBTEX_HEAD.match(text):
        return None
    fields: dict[str, str] = {}
    for f in _BIBTEX_FIELD.finditer(text):
        fields.setdefault(f.group(1).lower(), _WS.sub(" ", _bibtex_value(text, f.end())).strip())
    title = clean_title(fields.get("title"))
    if not title:
        return None
    out = ParsedRef(title=title, style="bibtex")
    out.authors = [a.strip() for a in re.split(r"\s+and\s+", fields.get("author", "")) if a.strip() and a.strip() != "others"]
    year = re.fullmatch(r"(?:19|20)\d{2}", fields.get("year", ""))
    out.year = int(year.group(0)) if year else None
    out.doi = normalise_doi(fields["doi"]) if re.match(r"10\.\d{4}", fields.get("doi", "")) else None
    return out


def parse_reference_string(raw: str, *, iop_list: bool = False) -> ParsedRef:
    """Clean title and identifiers of one reference string (number prefix already removed); ``iop_list``: the
    string is an entry of an IOP Publishing list, where acronyms before the year are a group author ("CWC 2014
    CWC SGMA California Water Code") -- elsewhere they may open a title ("WADA 2023 Testing Figures")."""
    bib = _bibtex_record(raw.strip()) if "@" in raw[:20] else None
    if bib:
        return bib
    out = ParsedRef()
    # accents a converter tore from their letters: a torn word reads whole ("Krysci´ nski" ->
    # "Kryscinski", the surname the text's "Krysci´ nski et al.´ , 2020" gives too); one left after
    # punctuation goes ("2014.´ Wikidata: ...")
    text = _TORN_AFTER_PUNCT.sub("", mend_torn_words(raw.strip(), same_length=False))
    # any accent still loose sits at a word's end ("Patrick˘ Lewis", "Schutze¨"): debris of its letter
    text = _TORN_LOOSE.sub("", text) if any(c in text for c in TORN_DIACRITICS) else text
    # an initial whose period a justified line set apart: "Snyder, L. V . 2018." reads "L. V. 2018.", "Lempitsky, V .: Title" "V.: Title"
    text = _INITIAL_SPACE_PERIOD.sub("", text)
    # a footnote's mark after a title's last word: "... Trigger Reaction<sup>1</sup>. Psychological Reports."
    text = _TITLE_FOOTNOTE_MARK.sub("", text) if "<sup>" in text else text
    # a soft hyphen marks where a word may break and prints as nothing: "and \xadRobert Stowe" is "and Robert
    # Stowe", "hospi\xad tal" (where the line broke) "hospital"
    text = re.sub(r"\xad\s*", "", text) if "\xad" in text else text  # "hospi\xad tal" at a line break too
    # a list's number in bold glued to the first author, left in the entry by the list's reader (PMC's author manuscripts
    # converted: "**13.**Yang W et al. (2001) Regulation of ..."): no part of the names
    text = _BOLD_NUMBER.sub("", text, count=1) if text.startswith("**") else text
    text = _SUP_NUMBER.sub("", text, count=1) if text.startswith("<sup>") else text
    text = _HTML_LINK.sub(r"[\2](\1)", text) if "</a>" in text else text
    quote = _SINGLE_QUOTED_TITLE.search(text) if "'" in text and not QUOTED_RE.search(text) else None
    if quote and (looks_like_author_list(text[: quote.start()].rstrip(" ,")) or _INITIAL_FIRST.match(text)):
        text = f"{text[: quote.start()]}“{quote.group('t')}”{text[quote.end() :]}"
    back = _BACK_LINK.match(text) if text.startswith("[") else None
    if back:
        text = text[back.end() :]
        cut = text.find("(") if text.startswith("1. ") else -1  # (the names before the year in parentheses)
        text = _NAME_NUMBER.sub("", text[:cut]) + text[cut:] if 0 < cut <= 600 else text
    # a period left before the first name (pdftotext sets a DOI's closing period apart, "...w15010036 .", and the next
    # line opens the entry after it: ". Lin, C.Y., Dai, G.L., 2022. Game of ..."): no part of the names
    text = _LEADING_STRAY_PERIOD.sub("", text, count=1) if text[:1] in ".,;" else text
    text = _BRACKETED_ELLIPSIS.sub("… ", text) if "[" in text else text
    # Vancouver's "et al." whose period a rendering dropped before the title: "SmithP, et al Greenhouse gas ..."
    text = _ET_AL_NO_PERIOD.sub("et al.", text) if "et al " in text else text

    # nougat prints natbib's label before the entry: "Artetxe et al. (2021) Mikel Artetxe, Shruti Bhosale,
    # ... 2021. Title." -- the label goes when its surname opens the author list after it and the entry
    # prints the label's year again after that list (ACL's ". 2021.")
    # (or, where the year closes the entry instead, when the names after the label end at a sentence's end, a title
    # after them: "Munkhdalai et al.(2016) Tsendsuren Munkhdalai, John P Lalor, and Hong Yu. 신경 집중 ..., pp. 69-77, 2016.")
    lab = _NOUGAT_LABEL.match(text)
    lab_year = (lab.group("y") or lab.group("y2")) if lab else ""
    if (lab and re.search(rf"\b{re.escape(lab.group('s'))}\b", text[lab.end() : lab.end() + 200])
            and (re.search(rf"\.\s{lab_year}\.\s", text[lab.end() : lab.end() + MAX_AUTHOR_LIST])
                 or _label_then_names(text[lab.end() :], lab.group("s"), lab_year))):
        text = text[lab.end() :]

    # identifiers first, from the raw string
    urls = [repair_url(u) for u in URL_RE.findall(text)]
    if urls:
        out.url = urls[0]
    # a DOI broken by PDF conversion after "-", "/" or "_" is joined; a space after "." ends it
    m = DOI_RE.search(_DOI_BREAK.sub("", text)) if re.search(r"10\.\d{4}", text) else None
    if m:
        out.doi = normalise_doi(_DOI_TAIL.sub("", m.group(1).rstrip(".)")))
    m = LEADING_ARXIV_RE.match(text)
    if m:
        out.arxiv_id = normalise_arxiv_id(m.group(1))
    else:
        m = ARXIV_RE.search(text)
        if m:
            out.arxiv_id = normalise_arxiv_id(m.group(1))

    # strip Markdown links and bare URLs so titles are computed on prose only
    link_texts: list[str] = []

    def _link(mm: re.Match[str]) -> str:
        if not out.url:
            out.url = mm.group(2)
        if not URL_RE.fullmatch(mm.group(1).strip()):
            link_texts.append(mm.group(1))
        words = bool(mm.start() in chained and re.search(r"[^\W\d_]{2}", mm.group(1)) or _LINKED_WORDS.search(mm.group(1)))
        words = words and not _LINK_LABEL.search(mm.group(1))
        if (words or _LINKED_RUN.search(mm.group(1))) and not _LINKED_FURNITURE.search(mm.group(1)):
            # pymupdf4llm links a run of the entry's text with the address in it ("[Aviation Climate Action
            # Plan. https://www.faa.gov/sites/faa.gov/](https://...) [files/2021-11/Plan.pdf (2021).](https://...)"):
            # the run is the entry's prose, the address in it goes below
            return " " + mm.group(1) + " "
        return " "

    text = text.replace("\\[", "[").replace("\\]", "]")  # Markdown escapes: "\\[2402.04997\\]"
    # links apart by spaces only with one address are one linked run a line break cut: "[Neurobiologically](u) [inspired
    # long-term memory for large language models.](u)" -- a one-word piece of it is the entry's words too
    chained = _chained_link_words(text) if "](" in text else set()
    prose = MD_LINK_RE.sub(_link, text)
    prose = URL_RE.sub(" ", prose)
    prose = _SCHEMELESS_URL.sub(" ", prose)  # "doi.org/10.1101/2023.01.17.524440", "github.com/Rene2718/SEC-seq"
    prose = re.sub(r"<\s+>|<\s*$", " ", prose) if "<" in prose else prose  # the angle brackets of "<https://...>"
    prose = LEADING_ARXIV_RE.sub("", prose)
    prose = _WS.sub(" ", prose).strip()
    # GB/T 7714's web source keeps its type mark for the match below, the mark being where the title ends ("中国警察网. 2024年，383名
    # 网暴者被判刑！[EB/OL]. 中国警察网. https://...", "点点. 尿酸正常值是多少?2021尿酸“新标准”发布[EB/OL]. (2021-08-03)[2023-08-28].")
    web_gbt = _GBT_7714.match(prose) if "[EB/OL]" in prose else None
    prose = _ACCESSED.sub("", prose).strip()
    # a GB/T 7714 web source with no names: the title, its type mark, then its "(posted)[cited]" dates, the address
    # ("国家文化发展规划纲要 [EB/OL]. [2014-12-23]. http://..."): the dates no part of the title the mark ends
    prose = _GBT_WEB_TAIL.sub("", prose) if "[EB/OL]" in prose and not web_gbt else prose
    prose = _ONLINE.sub("", prose).strip()  # IEEE web sources: "Title. [Online]. Available: URL"
    prose = _URL_WORD.sub("", prose)  # natbib's "URL https://..." once the address is gone
    prose = _BACK_REFERENCE_TAIL.sub("", prose) if "Cited by:" in prose else prose
    prose = _repair_conversion_noise(prose)
    prose = _unglue_initials_head(prose) if _GLUED_INITIALS_START.match(prose) else prose

    # a publication year is not in the future (2045 is an ISSN half, a page number, an id)
    latest = datetime.date.today().year + 1
    years = [(int(y), s) for y, s in YEAR_RE.findall(ARXIV_RE.sub(" ", prose)) if int(y) <= latest]

    # 000. a Chinese book's title in its marks after the names (one name perhaps cut by a full-width comma, "Sourabh，Sharma")
    g = _BOOK_MARKS_FIELD.match(prose) if "《" in prose else None
    t = clean_title(g.group("t")) if g else None
    if g and t:
        out.title, out.style = t, "book-marks"
        out.authors = [a.strip() for a in re.split(r"[,，]\s*", g.group("a")) if a.strip() and a.strip() != "等"]
        # (the year closes the entry, glued to the publisher's period: "电子工业出版社.2017")
        last = re.search(r"(?<!\d)((?:19|20)\d{2})\s?\.?$", prose)
        if years:
            out.year, out.year_suffix = _publication_year(years)
        elif last:
            out.year = int(last.group(1))
        return out

    # 00. an author list in bold (AEA and other economics styles as converters print them): "**Barberis,
    #     Nicholas, Ming Huang, and Richard Thaler** , "Individual Preferences ...," _AER_ , 2006, _96_ (4)"
    #     -- the bold run is the evidence where the names end; the year comes after the venue
    # (a list wrapped over two bold runs, "**Sherry B, Mei Z, Grummer-** **Strawn LM.** Trends ...", is one)
    bold = re.sub(r"\*\*\s+\*\*", " ", prose) if prose.startswith("**") else prose
    g = _BOLD_AUTHORS.match(bold)
    # (a letter a converter lost may leave a name in lower case: "ukasz Kaiser")
    if g and (looks_like_author_list(g.group("a")) or looks_like_author_list(capitalise_names(g.group("a")))):
        # (APA's year in parentheses after the bold names, an LLM-written list's: "**Huh, M., Zhang, R., & Hertzmann, A.**
        # (2020). Title. *ECCV*." -- the year, not the title, opens the rest)
        rest = bold[g.end() :]
        apa_year = re.match(r"\((?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\)[.,:]?\s+(?=\S)", rest)
        rest = rest[apa_year.end() :] if apa_year else rest
        # (a book's title in italics)
        t = _lead_italic(rest) or _title_sentence(rest, min_words=1)
        if t:
            names = g.group("a")
            inverted = bool(apa_year) and _SURNAME_FIRST.match(names + ". ") is not None  # ("Huh, M., ..., & Hertzmann, A")
            out.title, out.style = t, "bold-authors"
            out.authors = split_surname_first(names + ".") if inverted else split_authors(names)
            if apa_year:
                out.year, out.year_suffix = int(apa_year.group("y")), apa_year.group("s")
            elif years:
                out.year, out.year_suffix = _publication_year(years)
            return out

    # 00b. AEA as pymupdf4llm prints it: the list's period inside the bold run, the year after it
    #      ("**Allcott, Hunt.** 2011a. “Rethinking ...”", "**IMF.** 2016.", "**Swedish Government.** 1989–1990.";
    #      a list wrapped over two bold runs: "**Carraro, ..., Robert Stavins,** **and Robert Stowe.** 2015.")
    g = _BOLD_AUTHORS_YEAR.match(bold)
    if g:
        rest = g.string[g.end() :]
        t = _lead_italic(rest) or _title_sentence(rest, min_words=1)
        names = g.group("a").strip()
        if t and (looks_like_author_list(names) or not re.search(r"\d", names) and len(names.split()) <= 8):
            out.title, out.style = t, "bold-authors"
            out.authors = split_authors(names) if looks_like_author_list(names) else [names]
            out.year, out.year_suffix = int(g.group("y")), g.group("s")
            return out

    # 00c. the first author inverted, the others not, then the year (AEA, JF, Chicago author-date): "Aizenman, J.
    #      and J. Lee (2005), “Title,” IMF Working Paper", "Alesina, Alberto, and Howard Rosenthal, 1995, Partisan
    #      Politics, Divided Government, and the Economy, Cambridge University Press"
    g = INVERTED_FIRST_NAME.match(prose)
    if g and g.group("y2") and prose[g.end() - 2] in ".:" and not _INITIAL_AFTER_FAMILY.match(prose):
        g = None  # the year then a period is Hydrobiologia's, its names initials: "GeeksforGeeks, Multimodal Large Language Models, 2025." is none
    if g:
        rest = prose[g.end() :].lstrip(" ,.")
        t = _lead_quoted(rest) or _title_sentence(rest, min_words=1)
        venue = _VENUE_AFTER_COMMA.search(rest) if g.group("y2") and t else None
        if venue and "?" in rest[: venue.start()]:
            # Journal of Finance prints the title between commas: it runs to the journal, past a question
            # ("Are policy platforms capitalized into equity prices? Evidence from ..., Journal of ...")
            t = clean_title(rest[: venue.start()])
        if t:
            names = prose[: g.start("y") if g.group("y") else g.start("y2")].rstrip(" ,(")
            inverted_head = _INVERTED_HEAD.match(names)
            others = names[inverted_head.end() :].lstrip(" ,") if inverted_head else ""
            authors = ([inverted_head.group(0)] if inverted_head else []) + split_authors(re.sub(r"^(?:and|&)\s", "", others))
            out.title, out.authors, out.style = t, authors or split_authors(names), "inverted-first"
            out.year, out.year_suffix = int(g.group("y") or g.group("y2")), g.group("s") or g.group("s2")
            return out

    # 00c2. Elsevier's author-date with given names in full, every name inverted, then the year: "Dimara, Efthalia,
    #       Skuras, Dimitris, 2005. Consumer demand for ...", "Akerlof, George A., 1970. The market for ‘Lemons’ ..."
    g = INVERTED_FULL_NAMES_YEAR.match(prose)
    if g:
        t = _title_sentence(prose[g.end() :], min_words=1)
        if t:
            out.title, out.style = t, "inverted-full-year"
            out.authors = [n.group(0) for n in _ONE_INVERTED_FULL.finditer(g.group("a"))]
            out.year, out.year_suffix = int(g.group("y")), g.group("s")
            return out

    # 00d. ICML 2017-18's natbib: every name inverted, given names in full, then the title, the year last:
    #      "Ba, Lei Jimmy, Kiros, Ryan, and Hinton, Geoffrey E. Layer normalization. arXiv:1607.06450, 2016."
    #      (a middle initial's period hides the names' end from the sentence split; each name its own author)
    g = _ALL_INVERTED_NAMES.match(prose)
    if g and not _NATURE_LOCATOR.search(prose):  # Nature's "Kabsch, W. Xds. Acta Crystallogr. D 66, 125–132 (2010).": "W. Xds" no given names
        t = _title_sentence(prose[g.end() :], min_words=1)
        if t and years:
            out.title, out.style = t, "all-inverted"
            out.authors = [n.group(0) for n in _ONE_INVERTED.finditer(g.group("a"))]
            out.year, out.year_suffix = _publication_year(years)
            return out

    # 00e. IOP Publishing: "Alley W M and Leake S A 2005 The journey from safe yield to sustainability Groundwater 42 12–16";
    # 00f. in an IOP list, its group authors, acronyms before the year: "CWC 2014 CWC SGMA California Water Code", "US EPA
    #      1994 Hydrologic Evaluation of Landfill Performance"
    for iop_head in (IOP_HEAD, IOP_GROUP_HEAD) if iop_list else (IOP_HEAD,):
        g = iop_head.match(prose)
        if not g:
            continue
        rest = prose[g.end() :]
        t = clean_title(rest[: _iop_title_end(rest)])
        if t:
            out.title, out.style = t, "iop"
            out.authors = ([n.group(0) for n in re.finditer(_IOP_NAME, re.sub(r",? and ", ", ", g.group("a")))]
                           if iop_head is IOP_HEAD else [g.group("a")])
            out.year, out.year_suffix = int(g.group("y")), g.group("s")
            return out

    # 0c. Elsevier / Harvard, initials without dots: "Anderson, PA, Van Sluyters, RC., 1988. Title. J. 8, 1-9."
    g = _LOOSE_SURNAME_FIRST.match(prose)
    names = loose_surname_first(g.group(1)) if g else None
    if g and names:
        t = _title_sentence(prose[g.end() :])
        if t:
            out.title, out.authors, out.style = t, names, "surname-first-loose"
            y = re.search(r"((?:19|20)\d{2})([a-z])?\)?\.?\s$", g.group(0))
            if y:
                out.year, out.year_suffix = int(y.group(1)), y.group(2)
            return out

    # 0. surname-first author lists (APA, Nature, Vancouver), where initials hide the sentence end:
    #    "Smith, J. A., & Lee, K. (2020). Title. Journal" / "Roth, G. A. et al. Title. J. 76 (2020)."
    #    / "Smith J, Lee KM. Title. Lancet. 2020;395:1-9."
    m = _SURNAME_FIRST.match(prose)
    if m and re.match(r",?\s+(?:and|&)\s+[A-Z]\.", prose[m.end() :]):
        m = None  # Chicago / MLA: "Smith, A., and B. Jones. 2004." -- only the first name inverted
    if m and m.group("v") and _VANCOUVER_COMMA_YEAR.match(prose, m.end("v")):
        # an NIH manuscript's names, a comma, the year and the title with no period between: "Cruse D, Chennu S, Owen
        # AM, 2012 Bedside detection of awareness in the vegetative state. The Lancet 378, 2088–2094."
        m = _WHOLE.match(prose, 0, m.end("v"))
    elif m and m.group("v") and re.fullmatch(rf"\S+\s[{_UP}]", m.group("v")) and _FIRST_NAME_INITIAL_AND.match(prose, m.end("v")):
        # "Robert M. May and R. M. Anderson. Title." -- a first name and its middle initial, not a Vancouver
        # surname and its initials: the names go on with "and" after the initial's period
        m = None
    elif m and m.group("v"):
        m = re.match(r"^(?P<a>.*?)(?:\.\s|:\s|\s(?=\())", prose) if _plain_vancouver(m.group("v"), prose) else None
    elif m and m.group("s"):
        m = re.match(r"^(?P<a>.*?)\s(?=\()", prose)
    elif m and (m.group("t") or m.group("f")):
        m = _WHOLE.match(prose, 0, m.end("t" if m.group("t") else "f"))
    if m:
        rest = prose[m.end() :].strip().lstrip(",.").strip()
        # an edited book's editors: "Pohl, R. F. (Ed.). (2017). Cognitive Illusions."
        editors = _EDITORS_BEFORE_YEAR.match(rest)
        if editors:
            rest = rest[editors.end() :]
        # APA "(2020)." or Elsevier/Harvard "Huang, H., Abbeel, P., 2025a. Title."
        ym = re.match(
            r"^\((?P<y>(?:19|20)\d{2})(?P<s>[a-z])?(?:,[^)]*)?\)\.?\s*|^\(n\.\s?d\.\)\.?\s*"
            r"|^(?P<y2>(?:19|20)\d{2})(?P<s2>[a-z])?[.,:]?\s+",  # Royal Society: "Kording, K.P. 2004 Title."
            rest,
        )
        if ym:
            rest = rest[ym.end() :]
            # the names and year set in bold, the title after them in quotes (an LLM-written review's list:
            # "**Miao, Q. et al. (2023).** "Extreme Weather Events ..." *Economics of ...* 7(1)."): the bold's close goes
            rest = re.sub(r"^(?:\*\*|__)\s*(?=[\"“])", "", rest)
        # Copernicus: the names end at a colon, the last perhaps of one name or with its dot lost
        # ("..., and Snehmani: Title", "..., and Hamby, D.M: Title", "... (Eds.).: Title")
        colon = None if ym else _COLON_TAIL.match(rest)
        if colon:
            rest = rest[colon.end() :]
        # Chicago / ASA in economics and statistics: the year, a comma, the title in quotes -- "Owen, A. B., and
        # Perry, P. O. (2009), “Bi-Cross-Validation of the SVD,” The Annals of Applied Statistics"
        in_quotes = QUOTED_RE.match(rest.lstrip(" ,")) if ym else None
        # a year right after the names, or Nature's locator closing the entry ("Watkins, C. J. & Dayan, P. Q-learning.
        # Mach. Learn. 8, 279–292 (1992).", "Kabsch, W. Xds. Acta Crystallogr. D 66, 125–132 (2010).") -- its names end at
        # the initial's period and its title is the sentence after them: a title of one word is one then
        one_word = bool(ym or _NATURE_LOCATOR.search(rest))
        t = clean_title(in_quotes.group(1)) if in_quotes else _title_sentence(rest, min_words=1 if one_word else 2)
        if t and not _is_name_run(t):  # "Yelin He, X. Qi, Jiaquan Ye, ...": first names first, not APA
            out.title = t
            out.authors = split_surname_first(m.group("a")) + ([colon.group("last").strip()] if colon and colon.group("last") else [])
            out.style = "surname-first"
            if ym and (ym.group("y") or ym.group("y2")):
                out.year = int(ym.group("y") or ym.group("y2"))
                out.year_suffix = ym.group("s") or ym.group("s2")
            elif years:
                out.year, out.year_suffix = _publication_year(years)
            return out

    # GB/T 7714 (Chinese journals): "张三, 李四. 大语言模型综述[J]. 计算机学报, 2023, 46(1): 1-20."
    g = _GBT_7714.match(prose) or web_gbt
    if g:
        out.title, out.style = clean_title(g.group("t")), "gb7714"
        out.authors = [a.strip() for a in re.split(r"[,，]\s*", g.group("a")) if a.strip() and a.strip() != "等"]
        posted = _GBT_WEB_DATES.search(prose) if g is web_gbt else None
        if posted:  # a web source's "(posted)[cited]" dates: the year it was posted
            out.year = int(posted.group(1))
        elif years:
            out.year, out.year_suffix = _publication_year(years)
        return out

    # 0a. APA group author: "OpenAI. (2023). GPT-4 technical report." / "World Health Organization. (n.d.). Title."
    g = _APA_GROUP_HEAD.match(prose)
    if g:
        t = _title_sentence(prose[g.end() :])
        if t:
            out.title, out.authors, out.style = t, [g.group("a").strip().rstrip(".")], "apa-group"
            if g.group("y"):
                out.year, out.year_suffix = int(g.group("y")), g.group("s")
            return out

    # 0a'. Elsevier's author known by the surname alone: "Spielman, 1986. Assessment of insomnia. Clin. ..."
    # 0a''. initials first, then the year in parentheses (natbib as arXiv's HTML prints it): "R. A. Adams and
    #      J. J. Fournier (2003) Sobolev spaces . Vol. 140 , Elsevier ."
    g = INITIALS_FIRST_YEAR.match(prose)
    if g:
        t = _title_sentence(prose[g.end() :].strip())
        if t:
            out.title, out.style = t, "initials-first-year"
            out.authors = split_authors(prose[: g.start("y") - 1].strip())  # (the names before "(2003)")
            out.year, out.year_suffix = int(g.group("y")), g.group("s")
            return out

    # ... or a group author of several words: "Hong Kong Census and Statistics Department, 2020. Title."
    g = SOLE_SURNAME_YEAR.match(prose) or _GROUP_COMMA_YEAR.match(prose)
    if g:
        t = _title_sentence(prose[g.end() :])
        if t:
            out.title, out.authors, out.style = t, [g.group("a")], "surname-year"
            out.year, out.year_suffix = int(g.group("y")), g.group("s")
            return out

    # 0b. author runs glued by PDF conversion, no spaces: "AchiamJ.AdlerS.AgarwalS.et al.2023. Title."
    g = _GLUED_AUTHORS_YEAR.match(prose)
    # evidence: several glued "SurnameI." names and almost no spaces before the year, or nothing but
    # such names ("HuE.J. ShenY. WallisP. 2021."); without a year, "et al." glued to the title
    if not (g and len(_GLUED_NAME.findall(g.group("a"))) >= 2
            and (g.group("a").count(" ") * 10 < len(g.group("a")) or _GLUED_RUN.fullmatch(g.group("a")))):
        g = _GLUED_RUN_ETAL.match(prose)
    if g:
        t = _title_sentence(prose[g.end() :])
        if t:
            out.title, out.style = t, "glued-authors"
            if g.groupdict().get("y"):
                out.year, out.year_suffix = int(g.group("y")), g.group("s")
            elif years:
                out.year, out.year_suffix = _publication_year(years)
            out.authors = [re.sub(r"(?<=[a-z])(?=[A-Z])", " ", n) for n in _GLUED_NAME.findall(g.group("a"))]
            return out

    # 0d'. Chinese names, then the year in parentheses (_HAN_NAMES_PAREN_YEAR)
    g = _HAN_NAMES_PAREN_YEAR.match(prose) if _CJK.match(prose) else None
    marked = _LEAD_BOOK_MARKS.match(prose, g.end()) if g else None
    t = (clean_title(marked.group(1)) if marked else _title_sentence(prose[g.end() :], min_words=1)) if g else None
    if g and t:
        out.title, out.style = t, "han-names-paren-year"
        out.authors = [a.removesuffix("等") for a in re.split(r"\s?[、，,;；]\s?", g.group("a")) if a and a != "等"]
        out.year, out.year_suffix = int(g.group("y")), g.group("s")
        return out

    # 0d. any names, then the year in parentheses: "Lin T-Y., Goyal P. (2017) Title.", "Vaswani et al.
    #     (2017) Title.", "Vaswani, Ashish; Shazeer, Noam (2017): Title." -- the names' own form
    #     varies too much for one pattern, the "(YEAR)" after them is the evidence
    g = _NAMES_PAREN_YEAR.match(prose)
    if g and _name_tokens_only(g.group("a")):
        # (the year before it closes the names, as APA's does in branch 0: a title of one word is one then -- "(1980). Bulimia.")
        t = _title_sentence(prose[g.end() :], min_words=1)
        if t:
            out.title, out.authors, out.style = t, _split_names(g.group("a")), "names-paren-year"
            out.year, out.year_suffix = int(g.group("y")), g.group("s")
            return out

    # 0e. deep-research source lists: "Huang et al., Title, arXiv preprint 2302.14045, 2023." /
    #     "OpenAI, GPT-4 Technical Report, arXiv ..." -- one name or an organisation, a comma, the title
    g = _ETAL_COMMA.match(prose)
    if (g and (g.group("e") or _group_author(g.group("a")) or re.fullmatch(r"[A-Z]{2,}[a-z]?", g.group("a")))
            # "LeCun, Yann, Yoshua Bengio, and ...": a list of names goes on after the comma
            and not _author_head(prose[: sentence_end(prose)])):
        rest = prose[g.end() :]
        venue = _VENUE_AFTER_COMMA.search(rest) or re.search(r",\s(?=(?:19|20)\d{2}\b)", rest)
        t = _title_sentence(rest[: venue.start()] if venue else rest)
        # an organisation's name needs the venue or year after the title to tell it from a
        # title's first phrase ("VoxelNextFusion A Simple, Unified and Effective ...")
        if t and (venue or g.group("e")) and not _is_name_run(t):  # "OpenAI, :, Aaron Jaech, Adam Kalai, ..."
            out.title, out.authors, out.style = t, [re.sub(_ETAL + "$", "", g.group("a"))], "name-comma-title"
            if years:
                out.year, out.year_suffix = years[0][0], years[0][1] or None
            return out

    # 1. ACL/ACM (first: a quoted phrase may open such a title): "Authors. 2020a. Title. Venue"
    acl_dotted = re.match(r"^(?P<a>.+?)\.\s+(?P<y>(?:19|20)\d{2}|\[?n\.\s?d\.\]?)(?P<s>[a-z])?\.?\s+", prose)
    # (or the period before the year lost in conversion, "Rico Sennrich, Barry Haddow, and Alexandra
    # Birch 2016. Neural machine ...": only for several authors, as the list splitter takes it)
    acl = _AclNamesYear(acl_dotted["a"], acl_dotted["y"], acl_dotted["s"], acl_dotted.end()) if acl_dotted else _acl_no_period(prose)
    # ACL's editors: "Robert M. Groves, editor. 2009. Survey methodology." -- the names before the role
    acl_names = _EDITOR_ROLE.sub("", acl.names) if acl else ""
    if acl and (_author_head(acl_names) or (acl_names.islower() and looks_like_author_list(capitalise_names(acl_names)))
              or _group_author(acl_names)  # "AI@Meta. 2024. Llama 3 model card."
              # one author of four or five name words before ". YEAR." ("Joost CF de Winter. 2023.")
              or _one_name(acl_names)):
        rest = prose[acl.end :]
        out.title = _title_after_names(rest)
        out.authors = split_authors(acl_names)
        out.year = int(acl.year) if acl.year.isdigit() else None
        out.year_suffix = acl.suffix
        out.style = "acl"
        return out

    # 2. IEEE: title in quotes -- not quotes inside a title after "Names." ('Owain Evans. The Reversal
    #    Curse: LLMs trained on "A is B" fail ...'), which 3. reads
    q = QUOTED_RE.search(prose)
    first = sentence_end(prose)
    if (q and q.start() > first and _author_head(prose[:first])
            and not looks_like_author_list(prose[: q.start()].strip().rstrip(","))):
        q = None
    # one word in quotes is a title when IEEE closes it with its comma: 'N. Shinn et al., "Reflexion," in ...'
    quoted: tuple[str, str] | None = None  # (title, authors' text)
    if q and (len(q.group(1).split()) >= 2 or re.search(r"[,.]\s*[\"”]$", q.group(0))):
        # (an opening quote closes no title: a quotation inside it, '“... conditions for an “explanatory” multimodal factor
        # analysis,” UCLA Working Papers' -- the title runs to IEEE's closing comma and quote)
        inner = _IEEE_CLOSING_QUOTE.search(prose, q.end()) if q.group(0).endswith("“") and prose[q.start()] == "“" else None
        quoted = (prose[q.start() + 1 : inner.start()] if inner else q.group(1)), prose[: q.start()].strip().rstrip(",")
    # 2b. IEEE whose quotes a converter printed straight and single (docling): "Y. Bengio and A. Lodi,
    #    'Machine learning for combinatorial optimization: A tour d'horizon, ' Eur. J. Oper. Res., ..."
    elif (sq := _SINGLE_QUOTED.match(prose)) and looks_like_author_list(sq.group("a")):
        quoted = sq.group("t"), sq.group("a")
    if quoted:
        out.title = clean_title(quoted[0])
        out.style = "quoted"
        if looks_like_author_list(quoted[1]):
            out.authors = split_authors(quoted[1])
        if years:
            out.year, out.year_suffix = _publication_year(years)
        return out

    # 2a. IEEE whose closing quote the PDF conversion lost: 'S. Yang, "Advanced rag 01: Small-to-big
    #     retrieval, 2023.' -- the opening quote after the names still opens the title
    g = _OPEN_QUOTE_ONLY.match(prose)
    if g and looks_like_author_list(g.group("a")):
        # the title is cut where the venue's identifier starts ('"The wmdp benchmark: Measuring and re- arXiv:2403.03218')
        rest = re.split(r"\s(?=arxiv\s*:|doi\s*:)", g.group("t"), maxsplit=1, flags=re.I)[0]
        t = _title_sentence(rest) or clean_title(rest)
        if t:
            out.title, out.authors, out.style = t, split_authors(g.group("a")), "quoted-unclosed"
            if years:
                out.year, out.year_suffix = _publication_year(years)
            return out

    # 2b. IEEE books and unquoted titles: "P. Voigt and A. von dem Bussche, The EU GDPR. Cham: ..."
    # (or the names closed by a colon, LNCS's way with IEEE's initials first: "B. de Bruin, Z. Zivkovic and H. Corporaal:
    # Quantization of ... Networks. 2018 21st Euromicro Conference ...", "F. Li, B. Zhang, B. Liu: Ternary Weight Networks, arXiv:...")
    m = _IEEE_AUTHORS_COLON.match(prose) or _IEEE_AUTHORS.match(prose)
    if m:
        t = _title_sentence(prose[m.end() :])
        # Elsevier's book: "F.E. Bailey, J.V. Koleske, Polymerization of Epoxides, Marcel Dekker, New York, 1991." -- the
        # publisher and its city after the title, the year last: no names going on, the title is the part before them
        book = _IEEE_BOOK_IMPRINT.search(t) if t and ", " in t else None
        if book and t and not _FULL_NAME.fullmatch(t[: book.start()].split(",")[0].strip()) and re.fullmatch(
                r"\s*(?:19|20)\d{2}[a-z]?\.?\s*", prose[m.end() :][len(t) :].lstrip(" ,")):
            t = t[: book.start()]
        # ... or the publisher alone between the title and the year ("A. Hatcher, Algebraic Topology, Cambridge University
        # Press, 2002.", "R. Fritsch, G. Fritsch, The Four-Color Theorem: ..., and Idea of Proof, Springer, 1998."): the
        # publisher's word is the evidence the title is over -- and that a title of capitalised words is no run of names
        pub = _PUBLISHER_BEFORE_YEAR.search(t) if t and ", " in t else None
        if pub and t and re.search(re.escape(pub.group("p")) + r",?\s(?:19|20)\d{2}[a-z]?\.?\s*$", prose[m.end() :]):
            t = t[: pub.start()]
        if t and (not _is_name_run(t) or (pub and ", " not in t)):  # "Z. Z. Ren, Zhihong Shao, ...": the names go on in full
            out.title, out.authors, out.style = t, split_authors(re.sub(r"(?<=\s)AND(?=\s)", "and", m.group("a"))), "ieee-unquoted"
            if years:
                out.year, out.year_suffix = _publication_year(years)
            return out

    # 3. Authors. Title. Venue, year (IEEE without quotes, natbib plain)
    end = sentence_end(prose)
    head = prose[:end]
    if end < len(prose) and _author_head(head):
        rest = prose[end:].strip()
        out.title = _title_after_names(rest)
        out.authors = split_authors(head)
        out.style = "authors-title"
        if years:
            out.year, out.year_suffix = _publication_year(years)
        return out

    # 3b. full names, a comma, the title (IEEE/Elsevier without quotes or initials): "Jared Kaplan,
    #     Sam McCandlish, Tom Henighan, Scaling laws for neural language models, 2020."
    t3 = _names_comma_title(prose)
    if t3:
        out.title, out.authors, out.style = t3[1], t3[0], "names-comma-title"
        if years:
            out.year, out.year_suffix = _publication_year(years)
        return out

    # 3c. Copernicus group authors, cited by the name before the colon or its abbreviation: "EAWS - European
    #     Avalanche Warning Services: Avalanche Danger Scale, available at: ..., 2018." (EAWS, 2018),
    #     "Météo-France: available at: ..., last access: 19 September 2021." (Météo-France, 2021)
    g = _COPERNICUS_GROUP.match(prose)
    if g:
        out.authors = [g.group("abbr") or g.group("g")]
        # a group's page, report or software: its title ends at the first comma before a name or address
        # ("R - A language and environment for statistical computing, R Foundation for ..., Vienna")
        out.title = clean_title(re.split(r",\s(?=[A-Z])", g.group("rest"), maxsplit=1)[0])
        out.style = "copernicus-group"
        if years:
            out.year, out.year_suffix = _publication_year(years)
        return out

    # 4. a title alone, possibly "Title | Site" (web sources) or a link text
    candidate = prose or (link_texts[0] if link_texts else "")
    glossed = bool(link_texts and _LINK_THEN_GLOSS.match(text))
    if glossed:  # "[Title – Author](url) – Podcast discussion of ...": the link names the source, the gloss is the writer's
        candidate = link_texts[0]
    candidate = _ID_YEAR_AFTER_TITLE.sub("", candidate)
    candidate = candidate.removeprefix("[PDF]").strip()
    if " | " in candidate:
        candidate = candidate.split(" | ")[0]
    candidate = _SITE_SUFFIX.sub("", candidate)
    site = _ANY_SITE_SUFFIX.search(candidate)
    host = re.sub(r"^https?://(?:www\.)?", "", out.url or "").split("/")[0].split(".")[0]
    # (one site suffix goes, not two: a second " - X" may be the page's own words, "Gemini 2.5 Deep Think - Model Card")
    if site and not glossed and len(candidate[: site.start()].split()) >= 3 and not (
        # "Mesa Group Consulting - Privacy Policy" at mesagroupconsulting.com: the site is the
        # part before the dash, so the part after it is the page's own name
        len(host) >= 5 and fold(candidate[: site.start()]) == fold(host)
    ):  # "Title - Nature", "Title - IBM Research"
        candidate = candidate[: site.start()]
    ital = re.search(r"(?:^|\s)([*_]{1,2})([^*_]+?)\1(?=[\s,.;:]|$)", candidate)
    if ital and len(ital.group(2).split()) >= 2 and len(candidate[: ital.start()].split()) <= 6:
        candidate = ital.group(2)  # "IEA, *Global EV Outlook 2024*": the italic part is the title
    if _IEEE_AUTHORS.match(candidate) and not link_texts:
        return out  # "V. T. Hu, D. W. Zhang, G. J. Burgh- arXiv:..." -- an entry cut short: no title
    if ".cnki." in (out.url or ""):
        candidate = _CNKI_FILE_AUTHOR.sub("", candidate)
    out.title = clean_title(candidate) or (clean_title(link_texts[0]) if link_texts else None)
    return out  # a year inside a bare title ("IJCAI 2022 tutorial") is not a publication year


# (a particle inside a surname of two words too: "Schneider von Deimling, T.", Copernicus)
_SUR = (rf"(?:(?:[Vv]an|[Vv]on|[Dd]e|[Dd]er|[Dd]en|dem|[Dd]a|[Dd]i|[Dd]u|[Ll]a|[Ll]e|ten|ter)\s+)*[{_UP}][^\W\d_]*(?:(?:['’]|-\s?)[^\W\d_]+)*"
        rf"(?:\s(?:(?:von|van|de|der|del|da|dos)\s)?[{_UP}][^\W\d_]+(?:-[^\W\d_]+)*)?")
# (a hyphenated given name may keep its second initial in lower case: "Xie, M.-g.", "Lee, J.-h.")
_INITS_DOT = rf"(?:[{_UP}]\.|[{_UP}]-\s?(?=[{_UP}]\.))(?:(?:{_INIT_GAP}[{_UP}]|-[a-z]|[a-z](?=\.[{_UP}]))\.)*+"  # "J.", "J. A.", "J.-P.", "T-Y."
# "Smith, J. A.", "Freitas, N. de", "Ramirez, A. Jr.", "Arcas, B. A. y." (Agüera y Arcas)
# (a surname of three words before its comma: "Luz De Araujo, P.H.", "Dal Monte Rossi, G.A.", LNCS keeping a particle's capital,
# or AAAI's "Shirali Hossein Zade, R.;" -- without a particle only where the initials close the name, a semicolon or colon after
# them: "Anna Maria Pasquino, L. Tebaldi, ..." is a given name, a surname and the next author's initial)
_CAP_PARTICLE = r"(?:De|Da|Dal|Do|Dos|Das|Del|Della|Di|Du|Van|Von|Der|Den|La|Le|Ten|Ter)"
_SUR3 = (rf"(?:{_CAP_PARTICLE}\s[{_UP}][^\W\d_]+\s[{_UP}][^\W\d_]+(?:-[^\W\d_]+)*"
         rf"|[{_UP}][^\W\d_]+\s{_CAP_PARTICLE}\s[{_UP}][^\W\d_]+(?:-[^\W\d_]+)*"
         rf"|[{_UP}][^\W\d_]+\s[{_UP}][^\W\d_]+\s[{_UP}][^\W\d_]+(?:-[^\W\d_]+)*(?=,\s{_INITS_DOT}[;:])|{_SUR})")
_NI_DOT = rf"{_SUR3},\s{_INITS_DOT}(?:(?:\s(?:de|van|von|der|den|da|di|du|le|la|dos|del|y)){{1,2}}\.?(?=[,\s])|,?\s(?:Jr|Sr)(?:\.|(?=[,\s]))|,\s(?:I{{2,3}}|2nd|3rd|4th)\b)?"
_NI_FULL = rf"{_SUR},\s[{_UP}][^\W\d_]+(?:[\s-](?:[{_UP}]\.|[{_UP}][^\W\d_]+))*"  # "Schmidhuber, Jürgen"
_NI_ABNT = rf"(?:{_NI_FULL}|{_NI_DOT})"  # "JARILLO, Carlos J." or "EBERS, M."
# a Vancouver surname in pieces of lower-case letters: a converter's spacing tore it ("Sarr ami B", "Star chenk o G",
# "Kir ee v E" in olmOCR's text) or a particle sits inside it ("Munck af Rosenschöld P") -- never an English word
# of a title ("Cancer in the US"); the initials in capitals after it are the evidence it is a name
_TORN_SUR_PIECE = rf"\s(?!(?:{_ENGLISH_SHORT})\b)[a-zß-ÿ]{{1,5}}"
_VANC_SUR = rf"{_SUR}(?:(?:{_TORN_SUR_PIECE}){{1,3}}(?:\s[{_UP}][^\W\d_]+)?)?"
# a generation after the initials (Springer's and PubMed's Vancouver): "Stumpel L 3rd", "Faggion CM Jr", "Spiro A 3rd"
VANCOUVER_GENERATION = r"(?:\s(?:Jr|Sr|2nd|3rd|4th|II|III)\.?)?"
_NI_VANC = rf"{_VANC_SUR}\s(?:[{_UP}]{{1,3}}|[{_UP}]-[{_UP}]){VANCOUVER_GENERATION}"  # "Smith JA", "Chang M-W"
_NI_SPR = rf"{_SUR}\s{_INITS_DOT}"  # "Smith J. A."
_ETAL = r"(?:,?\s+et\s+al\.?)"
# AAAI opens a list with a group author before ";": "Team Wan; Wang, A.; Ai, B.; ... et al. 2025."
_GROUP_SEMI = rf"(?:[{_UP}][\w\-]*(?:\s[{_UP}][\w\-]*){{0,3}};\s(?={_NI_DOT}))?"
_SURNAME_FIRST = re.compile(
    rf"^(?P<a>{_GROUP_SEMI}{_NI_DOT}(?:(?:,?\s(?:&\s|and\s)?|;\s(?:and\s)?){_NI_DOT})*(?:,?\s(?:\.\.\.?|…|\.\s\.\s\.)\s?,?\s(?:&\s)?{_NI_DOT})?"
    # a group closing the list: "..., van Mulbregt, P., & SciPy 1.0 Contributors. (2020).", "Larson, E., ... SciPy 1.0 Contributors."
    # (a clinical study's group after "the", Nature's medical entries: "Carfi, A., Bernabei, R., Landi, F. & the Gemelli Against COVID-19
    # Post-Acute Care Study Group. Persistent symptoms ...")
    rf"(?:,?\s(?:&|and|\.\.\.?|…)\s(?:the\s)?[{_UP}][\w.\-]*(?:\s[\w.\-]+){{0,8}}?\s(?:Contributors|Consortium|Collaboration|Collaborators|Investigators|Group)\.)?"
    rf"(?:{_ETAL}|;\s+et\s+al\.)?)(?=,?[\s:])"
    # Springer (basic): "Abu Alhaija H., Tai C.-L., et al. (2018) Title. In: CVPR"
    rf"|^(?P<s>{_NI_SPR}(?:,\s{_NI_SPR})*{_ETAL}?)(?=(?:\s\([Ee]ds?\))?\s\((?:19|20)\d{{2}}[a-z]?\))"  # (editors: "(Ed)")
    # ... and its title right after the last initial's dot: "Kaplan J., McCandlish S., Henighan T. Title."
    rf"|^(?P<t>{_NI_SPR}(?:,\s{_NI_SPR})+{_ETAL}?)(?=\s[{_UP}\d\"“])"
    # ISO 690 / German: given names in full, names apart by ";": "HOCHREITER, Sepp; SCHMIDHUBER, Jürgen."; ABNT mixes
    # them with initials, the last name perhaps ending at its initial's period: "EBERS, M.; JARILLO, Carlos J. The ..."
    rf"|^(?P<f>{_NI_ABNT}(?:;\s(?:and\s|&\s)?{_NI_ABNT})+(?:;?\s+et\s+al\.?)?)(?=[.:]\s|\s\(|(?<=[{_UP}]\.)\s[{_UP}])"
    # Vancouver; ASAIO / AMA variants close the authors with ":" ("Amin DV, Antaki JF, et al: Title."), PNAS
    # may with a comma before the year ("Farr DF, Rossman AY, Palm ME, McCray EB, (2004) Fungus–Host ..."); names left
    # out before the last one: "Bonari G, ..., Chytrý K, … Chytrý M (2021)"
    rf"|^(?P<v>{_NI_VANC}(?:(?:,\s|,?\s(?:&|and)\s){_NI_VANC})*(?:,?\s(?:…|\.\.\.)\s{_NI_VANC})?{_ETAL}?)(?:\.\s|:\s|\s(?=(?:\([Ee]ds?\)\s)?\((?:19|20)\d{{2}}[a-z]?\))|,\s(?=(?:19|20)\d{{2}}[a-z]?\.\s|\((?:19|20)\d{{2}}[a-z]?\)\s|(?:19|20)\d{{2}}[a-z]?\s[{_UP}\"“‘]))"
)


# a group author before ". YEAR." (ACL): "AI@Meta", "BigScience Workshop", "Mistral AI team"
# -- an organisation's name: an "@", a word such as "team" / "workshop", or a word with an inner capital
_GROUP_AUTHOR = re.compile(r"[A-Z][\w@&\-]*+(?:\s[\w@&\-]++){0,3}")
_ORGANISATION = re.compile(
    r"@|\b(?:[Tt]eam|[Aa]uthors|[Cc]ontributors|[Ww]orkshop|[Gg]roup|[Cc]onsortium|[Cc]ollaboration|AI|[Ll]abs?|Inc|[Ff]oundation|[Ii]nstitute)\b"
    r"|\b[A-Z][a-z]++[A-Z]")


def _one_name(head: str) -> bool:
    """One person's name of up to five words, no word of a title among them: "Joost CF de Winter"."""
    words = head.split()
    return 2 <= len(words) <= 5 and bool(_ONE_NAME.fullmatch(head)) and not any(w.lower() in _NOT_NAMES for w in words)


def _group_author(head: str) -> bool:
    """"AI@Meta", "BigScience Workshop", "Mistral AI team": a short organisation's name."""
    return bool(_GROUP_AUTHOR.fullmatch(head) and _ORGANISATION.search(head))


# the title closed by its comma then the quote (", '"): an apostrophe inside it ("d'horizon") closes nothing
_SINGLE_QUOTED = re.compile(r"^(?P<a>[^'\"“”‘’]{3,1600}?),\s?['‘](?P<t>[^\"“”]{6,600}?),\s?['’](?=\s|$)")
_OPEN_QUOTE_ONLY = re.compile(r"^(?P<a>[^\"“”]{3,1600}?),?\s*[\"“](?P<t>[^\"“”]+)$")
# a book's title in Chinese book-title marks, a field of its own after the names' period, its document type mark perhaps
# after it: "皮雄军. 《NoSQL数据库技术实战》.清华大学出版社 . 2015", "Josiah L. Carlson. 《Redis IN ACTON》[M]. 人民邮电出版社.2015" --
# the marks enclose the whole title (marks inside a title's words, "从电影《推手》看中西文化冲突", "《康定情歌》:偏离的“成长”模式",
# are no field of their own)
_BOOK_MARKS_FIELD = re.compile(r"^(?P<a>[^《》]{1,300}?)\s?[.。]\s?《(?P<t>[^《》]{2,300})》\s?(?:\[(?:M|J|C|D|R|EB|Z)(?:/OL)?\])?\s?(?=[.。,，;；]|$)")
_GBT_7714 = re.compile(r"^(?P<a>[^.。\[\]]{1,300}?)[.。]\s*(?P<t>[^\[\]]{2,400}?)\s?\[(?:J|C|M|D|R|S|P|N|A|G|Z|DB|EB|CP)(?:/OL)?\]")
_GBT_WEB_TAIL = re.compile(r"\s?\[EB/OL\]\.?\s*(?:\((?:19|20)\d{2}(?:-\d{1,2}){0,2}\)\s?)?(?:\[(?:19|20)\d{2}(?:-\d{1,2}){0,2}\])?\.?\s*$")
_GBT_WEB_DATES = re.compile(r"\(((?:19|20)\d{2})(?:-\d{1,2}){0,2}\)\s?\[(?:19|20)\d{2}(?:-\d{1,2}){0,2}\]")
_SPRINGER_EDITORS = re.compile(r"\s\([Ee]ds?\)(?=\s\((?:19|20)\d{2})")
STRAY_INITIAL_PERIOD = re.compile(r"(?<=\b[A-Z]\.-)\.(?=[A-Z]\.)")
# natbib's author-year list as arXiv's HTML (LaTeXML) prints it: the names, initials first, then the year
# in parentheses and the title on the next line -- "R. A. Adams and J. J. Fournier (2003)", "J. Altschuler,
# F. Bach, A. Rudi, and J. Niles-Weed (2019)", "M. Martinez Taboada and E. H. Kennedy (2023)"
_INITIAL_FIRST_NAME = r"(?:[A-Z]\.(?:\s?-?[A-Z]\.){0,2}\s)(?:(?:van|von|de|del|der|den|da|du|le|la|di)\s)*[A-ZÀ-Þ][\w'’\-]+(?:\s[A-ZÀ-Þ][\w'’\-]+)?"
INITIALS_FIRST_YEAR = re.compile(
    rf"{_INITIAL_FIRST_NAME}(?:(?:,\s(?:and\s)?|\s(?:and|&)\s){_INITIAL_FIRST_NAME}){{0,40}}(?:,?\s+et\s+al\.)?"
    r"\s\((?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\)(?=\s|$)")


# a group author of two capitalised words or more: "Hong Kong Census and Statistics Department", "R Core Team"
GROUP_NAME = r"[A-Z][\w&\-]*(?:\s(?:of|for|and|the|on|&|[A-Z][\w&\-]*)){1,8}"
_GROUP_COMMA_YEAR = re.compile(rf"(?P<a>{GROUP_NAME}),\s(?P<y>(?:19|20)\d{{2}})(?P<s>[a-z])?\.\s")
# a surname alone, then the year, as Elsevier's lists print a work known by its author's surname
# (a group known by its acronym too: "WHO, 2014. Global Status Report on Alcohol and Health.")
SOLE_SURNAME_YEAR = re.compile(r"(?P<a>[A-ZÀ-Þ](?:[a-zà-ÿ]+(?:-[A-ZÀ-Þ][a-zà-ÿ]+)?|[A-Z]{1,7})),\s(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\.\s")
_APA_GROUP_HEAD = re.compile(
    # "OpenAI. (2023).", "World Health Organization. (n.d.)."; Springer drops the period: "OpenAI (2023) Title"
    # (a company's legal form after a comma: "Cadence Design Systems, Inc. (2025) Jasper Formal Verification Platform.")
    r"^(?P<a>[A-Z][\w&\-]*(?:\s(?:of|for|and|the|&|[A-Z][\w&\-]*)){0,6}\.\s|[A-Z][\w&\-]*(?:\s[A-Z][\w&\-]*){0,2}(?:,\s(?:Inc|Ltd|LLC|Corp|GmbH)\.)?\s)"
    r"\((?:(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?|n\.\s?d\.)(?:,[^()]{0,30})?\)\.?\s+"
)
# (the abbreviation in capitals and a space before its dash: "Speedy-Splat: Fast 3D Gaussian Splatting" is a title)
_COPERNICUS_GROUP = re.compile(
    r"^(?P<g>(?P<abbr>[A-Z][A-Z&]{1,9})\s-\s?[A-Z][\w&'’.\-]*(?:\s[\w&'’.\-]+){0,12}"
    r"|[A-Z][\w&'’.\-]*(?:\s[\w&'’.\-]+){0,4}(?=:\s(?:[^:]{0,200},\s)?available\sat\b)"
    r"|[A-Z][\w&'’.\-]*(?:\s[\w&'’.\-]+){0,4}\s(?:Team|Consortium|Collaboration|Group|Institute|Foundation)(?=:\s)):\s(?P<rest>.+)$")
_GLUED_NAME = re.compile(rf"[{_UP}][^\W\d_]*(?:-[^\W\d_]+)?[a-z](?:[{_UP}]\.)+")  # "AchiamJ.", "AlemanF.L.", "Allen-ZhuZ."
_GLUED_RUN = re.compile(rf"(?:{_GLUED_NAME.pattern}\s?){{2,}}(?:et\s?al\.?)?,?")
_GLUED_RUN_ETAL = re.compile(rf"^(?P<a>(?:{_GLUED_NAME.pattern}\s?){{2,}}et\s?al\.)\s?(?=[{_UP}\d])")
_GLUED_AUTHORS_YEAR = re.compile(r"^(?P<a>.{1,600}?)\s?(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\.\s+")
_IF_NAME = rf"{_INITS_DOT}\s?{_SUR}"  # "P. Voigt", "A. von dem Bussche", "J.-P. Morel"
# ("AND" in capitals: SIAM sets its names in small capitals, "R. ALMGREN, C. THUM, AND H. LI, Market impact, Risk, ...")
_IEEE_AND = r"(?:and|AND)"
# a publisher of capitalised words and its city, closing a title's sentence: ", Marcel Dekker, New York", ", Academic Press, London"
_PUBLISHER_BEFORE_YEAR = re.compile(
    r",\s(?P<p>(?:[A-Z][\w&.\-]*\s){0,4}(?:Press|Springer(?:-Verlag)?|Wiley|Elsevier|Publishers?|Publishing|Verlag|Prentice[\s-]Hall))$")
_IEEE_BOOK_IMPRINT = re.compile(r",\s[A-Z][\w&.\-]*(?:\s(?:&|of|[A-Z][\w&.\-]*)){0,4},\s[A-Z][\w.\-]*(?:\s[A-Z][\w.\-]*){0,2}$")
_IEEE_AUTHORS_COLON = re.compile(
    # (two names at least: one before a colon may be a site's, "E.W.Dijkstra Archive: On the foolishness of ...")
    rf"^(?P<a>{_IF_NAME}(?:(?:,\s(?:{_IEEE_AND}\s)?|\s(?:{_IEEE_AND}|&)\s){_IF_NAME})+{_ETAL}?):\s+(?=[\w*_\"“])"
)
_IEEE_AUTHORS = re.compile(
    # the comma before the title, not one inside the list ("A. B, C. D, and E. F. Title.")
    rf"^(?P<a>{_IF_NAME}(?:(?:,\s(?:{_IEEE_AND}\s)?|\s(?:{_IEEE_AND}|&)\s){_IF_NAME})*{_ETAL}?),\s+(?!{_IEEE_AND}\s|&\s|et\s+al\b|{_IF_NAME},)(?=[\w*_])"
)


# Elsevier / Harvard with initials printed without dots: "Aitkin, LM, Merzenich, MM, Nelson, JE., 1986."
_LOOSE_SURNAME_FIRST = re.compile(
    r"^([^\d()\[\]\"“:;]{3,600}?)(?:,\s(?:19|20)\d{2}[a-z]?\.\s|\s\((?:19|20)\d{2}[a-z]?\)\.?\s)")
# initials with or without dots: "PA", "RC.", "J.-P."
# (and transliterated two-letter initials: "Nechaev, Yu.V.", "Zh.")
_LOOSE_INITIALS = r"[A-Z]{1,3}\.?(?:[A-Z]\.?){0,3}|[A-Z]\.(?:\s?-?\s?[A-Z]\.)*|(?:[A-Z][a-z]?\.){1,3}"
_LOOSE_PART = re.compile(
    r"(?:(?:van|von|de|der|den|da|di|du|del|la|le)\s+)*[A-ZÀ-Þ][\w'’]*(?:(?:[\s\-]+|\s(?:de|van|von|der|da|di|du|la|le)\s)[A-ZÀ-Þ][\w'’]*)*"
    rf"|{_LOOSE_INITIALS}|et al\.?"
)


def loose_surname_first(head: str) -> list[str] | None:
    """["Aitkin, LM", "Merzenich, MM", ...] when ``head`` is a surname-first author list whose
    initials may lack dots, or None."""
    parts = [x.strip() for x in re.split(r",\s*(?:&\s*|and\s+)?|\s+(?:&|and)\s+", head.strip()) if x.strip()]
    if len(parts) < 2 or not all(_LOOSE_PART.fullmatch(x) for x in parts):
        return None
    names: list[str] = []
    for x in parts:
        if names and re.fullmatch(_LOOSE_INITIALS, x) and "," not in names[-1]:
            names[-1] += ", " + x
        elif x.startswith("et al"):
            continue
        else:
            names.append(x)
    return names if all("," in n for n in names) else None


# Chinese names, two to four Han characters each (a Chinese name's length), apart by "、" or a comma, "等" for et al., then
# the year in parentheses: "姜向群, 魏蒙 (2015). 中国老年人口的健康状况及影响因素研究. 人口学刊", "高玉祥 (1997). 与烦恼抗衡. 长寿"
HAN_NAME = r"[\u4e00-\u9fff]{2,4}"  # (reflist's entry starts read Chinese names with it too)
_HAN_NAMES_PAREN_YEAR = re.compile(
    rf"^(?P<a>{HAN_NAME}(?:\s?[、，,;；]\s?{HAN_NAME}){{0,30}}(?:\s?[，,]?\s?等)?)\s?[(（](?P<y>(?:19|20)\d{{2}})(?P<s>[a-z])?[)）][.。,，:：]?\s*")
# (Chinese social-science journals put the title in book-title marks after a colon: "姜向群等(2015)：《中国老年人口的健康状况及影响因素研究》，《人口学刊》")
_LEAD_BOOK_MARKS = re.compile(r"《([^《》]{2,300})》(?=\s?[.。,，;；]|$)")
# names, then "(YEAR)" closed by ".", ":" or ",": the head of Springer, Harvard, PNAS and German styles
_NAMES_PAREN_YEAR = re.compile(r"^(?P<a>[^()\d\"“”:]{2,600}?),?\s?\((?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\)[.:,]?\s+")
# the words a list of names is made of: capitalised names, initials with or without dots, particles
_NAME_WORD = re.compile(
    rf"[{_UP}][^\W\d_]*(?:['’\-]\s?[^\W\d_]+)*\.?|[{_UP}]\.?(?:-?\s?[{_UP}]\.?)*|and|&|et|al\.?|\.\.\.?|…|(?:{_PARTICLES})")
_ETAL_COMMA = re.compile(rf"^(?P<a>[{_UP}][^\W\d_]+(?:[\s\-][{_UP}][^\W\d_]+)?(?P<e>\s+et\s+al\.?)?|[A-Z][\w@&\-]*(?:\s[\w@&\-]+){{0,2}}),\s+(?![{_UP}]\.)")


_INITIAL_A = re.compile(r"(?<=[^\W\d_]\s)A(?=,|\s*$)")


def _name_tokens_only(head: str) -> bool:
    """True when ``head`` is made of name words only, with the marks of a list (a comma, "and",
    "&", "et al." or an initial): "Lin T-Y., Goyal P.", "Vaswani et al.", "Smith, John; Lee, Kim";
    not "Attention Is All You Need" (no list marks) nor "Learning for Vision" (lower-case words)."""
    words = [w for w in re.split(r"[\s,;]+", head.strip()) if w]
    # (an "A" closing a name is Vancouver's initial, not the article: "Santoro A, Faulkner R, ..., Lillicrap T"; so is
    # "A." with its period, a middle initial: "Barbara A. Gutek (2015)", "Patrick J. Smith, & James A. Blumenthal (2015)")
    if not words or len(head) > MAX_AUTHOR_LIST or any(
            w.lower().rstrip(".") in _NOT_NAMES - {"and"} and not _INITIAL.fullmatch(w) for w in re.split(r"[\s,;]+", _INITIAL_A.sub("", head))):
        return False
    if not all(_NAME_WORD.fullmatch(w) for w in words):
        return False
    return bool(re.search(rf",|;|\band\b|&|\bet al\b|\b[{_UP}]\.|\s[{_UP}]{{1,2}}\b", head))


def _split_names(head: str) -> list[str]:
    """The names of a head accepted by :func:`_name_tokens_only`, first author first."""
    head = re.sub(_ETAL + r"\.?$", "", head.strip().rstrip(",;"))
    if ";" in head:
        return [x.strip() for x in re.split(r";\s*(?:and\s+|&\s*)?", head) if x.strip()]
    return loose_surname_first(head) or split_authors(head)


# a comma-separated part of an author list printed in lower case ("..., Maarten Bosma, brian ichter,
# Fei Xia, ...", "Jie chen": OpenReview names as their owners typed them)
_LOWER_NAME_PART = re.compile(r"(?<=,\s)((?:[a-z]|[A-Z](?=[a-z]+\s[a-z]))[a-z'\-]+(?:\s[a-z][a-z'\-]+){1,2})(?=,)")


def _author_head(head: str) -> bool:
    """:func:`looks_like_author_list`, also for a list with one or two names in lower case among
    capitalised ones (a title is never such a list: it would need several capitalised names around),
    and for a list longer than :data:`MAX_AUTHOR_LIST` (the hundreds of names of a technical report),
    judged in pieces cut at commas so each piece costs what a short list costs."""
    if len(head) > MAX_AUTHOR_LIST:
        pieces, cur = [], ""
        for part in head.split(", "):
            if cur and len(cur) + len(part) > MAX_AUTHOR_LIST // 2:
                pieces.append(cur)
                cur = ""
            cur = f"{cur}, {part}" if cur else part
        pieces.append(cur)
        return len(pieces) > 1 and all(len(x) <= MAX_AUTHOR_LIST and _author_head(x) for x in pieces)
    if looks_like_author_list(head):
        return True
    lower = _LOWER_NAME_PART.findall(head)
    if not lower or head.count(",") < 2 * len(lower) + 1:
        return False
    if any(w in _NOT_NAMES or re.fullmatch(_ENGLISH_SHORT, w) for part in lower for w in part.split()):
        return False
    return looks_like_author_list(_LOWER_NAME_PART.sub(lambda m: capitalise_names(m.group(1)), head))


_FULL_NAME = re.compile(rf"(?:and\s+)?[{_UP}][^\W\d_]+(?:-[^\W\d_]+)?(?:\s(?:[{_UP}]\.?|[{_UP}][^\W\d_]+(?:-[^\W\d_]+)?)){{1,3}}")


def _is_name_run(text: str) -> bool:
    """"and Xiang Wang", "Aaron Jaech, Adam Kalai, ...": a full name, or two and more of them apart by commas."""
    parts = [x.strip() for x in text.split(",")]
    names = sum(1 for x in parts if _FULL_NAME.fullmatch(x))
    return names >= 2 or (len(parts) == 1 and bool(re.match(r"and\s", text)) and bool(_FULL_NAME.fullmatch(text)))


def _names_comma_title(prose: str) -> tuple[list[str], str] | None:
    """(names, title) for "First Last, First M. Last, ..., Title, venue/year": two or more full
    names before the comma, then a part that is no name (a lower-case word or five words and more),
    cut at the venue or year after it."""
    parts = prose.split(", ")
    k = 0
    while k < len(parts) - 1 and k < 200 and _FULL_NAME.fullmatch(parts[k]):
        k += 1
    if k < 2:
        return None
    rest = ", ".join(parts[k:])
    venue = _VENUE_AFTER_COMMA.search(rest) or re.search(r",\s(?=(?:19|20)\d{2}\b)", rest)
    if not venue:
        return None
    cand = rest[: venue.start()]
    t = _title_sentence(cand)
    # "..., and Xiang Wang. Title, 2025": the names go on past the last comma and end with a period
    # (authors, then a title): no "Names, Title," line
    if not t or _is_name_run(t) or sentence_end(cand) < len(cand) or not (re.search(r"\b[a-z]{3,}", t) or len(t.split()) >= 5):
        return None
    return [re.sub(r"^and\s+", "", x) for x in parts[:k]], t


_WHOLE = re.compile(r"(?P<a>.*)")  # a prefix of the text as group "a" (match with an end position)


# between Vancouver names: "Smith AB, Lee K", "Born RT & Bradley DC", "Lee K and Kim M"
_VANCOUVER_NAME_SEP = re.compile(r",?\s&\s|,?\sand\s|,")


def _plain_vancouver(authors: str, prose: str = "") -> bool:
    # "Smith JA, Lee K" -- not "Attention Is" (a title's first words): every name ends in caps only;
    # one name alone ("Lee B. Title. Science 2021;7:2-3.") when the journal part is Vancouver's "YEAR;vol"
    names = [x.strip() for x in _VANCOUVER_NAME_SEP.split(re.sub(_ETAL + "$", "", authors))]
    return all(re.search(rf"\s(?:[{_UP}]{{1,3}}|[{_UP}]-[{_UP}]){VANCOUVER_GENERATION}$", n) for n in names) and (
        len(names) > 1 or bool(re.search("et al", authors)) or bool(_VANCOUVER_YEAR.search(prose))
        # Nature's Matters Arising: a Vancouver name, Nature's locator last -- "Hutson M. Title. Science 359, 725–726 (2018)."
        or bool(_NATURE_LOCATOR.search(prose))
        # Frontiers: the year in parentheses before volume: pages -- "Viechtbauer W. Title. J Stat Softw (2010) 36:1–48."
        or bool(_FRONTIERS_LOCATOR.search(prose))
        or prose[len(authors) : len(authors) + 1] == ":"
        # J Neurosci: "Wang X (2001) Title." -- the year in parentheses right after the one name
        or bool(re.match(r"\s\((?:19|20)\d{2}[a-z]?\)", prose[len(authors) :]))
        # J Neurophysiol: "Wang X. Title. J Neurophysiol 1: 1-2, 2001." -- volume: pages, year last
        or bool(re.search(r"\d:\s?\d+(?:[–-]\d+)?,\s(?:19|20)\d{2}\.?\s*$", prose))
        # a book: "Koshy T. Catalan numbers with applications. Oxford: Oxford University Press; 2008." -- place: publisher; year
        or bool(_VANCOUVER_IMPRINT.search(prose)))


# after "Robert M": ". May and R. M. Anderson. " / ". Lee and Bo K. Chen. " -- the surname, "and", the next name with its
# initials (a title's "Towns and Cities Grow." has none)
_FIRST_NAME_INITIAL_AND = re.compile(
    rf"\.\s[{_UP}][^\W\d_]+(?:-[^\W\d_]+)?\s(?:and|&)\s(?:[{_UP}][^\W\d_]+\s)?(?:[{_UP}]\.[\s-]?){{1,3}}[{_UP}][^\W\d_]+(?:-[^\W\d_]+)?\.\s"
)
_NATURE_LOCATOR = re.compile(r"\.\s[^.]*[^\W\d_]\.?\s\d{1,4},\s[A-Za-z]?\d{1,6}(?:[–-][A-Za-z]?\d{1,6})?\s\((?:19|20)\d{2}\)\.?\s*$")  # ". Mach. Learn. 8, 279–292 (1992)."
_FRONTIERS_LOCATOR = re.compile(r"\.\s[^.]*[^\W\d_]\.?\s\((?:19|20)\d{2}\)\s\d{1,4}(?:\s?\(\d{1,4}(?:[–-]\d{1,4})?\))?:\s?[A-Za-z]?\d{1,6}")  # ". J Stat Softw (2010) 36:1–48"
_VANCOUVER_IMPRINT = re.compile(r"\.\s[A-Z][^.:;]{1,40}:\s[^.:;]{2,80};\s(?:19|20)\d{2}\.?\s*$")
_VANCOUVER_COMMA_YEAR = re.compile(r",\s(?:19|20)\d{2}[a-z]?\s(?=[A-Z\"“‘])")
_VANCOUVER_YEAR = re.compile(r"\b(?:19|20)\d{2}(?:\s[A-Z][a-z]{2})?\s?;\s?\d")


def split_surname_first(segment: str) -> list[str]:
    """"Smith, J. A., & Lee, K." -> ["Smith, J. A.", "Lee, K."]; "Smith JA, Lee K" -> two names."""
    s = re.sub(r"[,;]?\s+et\s+al\.?$", "", segment.strip())
    if ";" in s:  # ACS, ISO 690: "Smith, J.; Lee, K." / "SMITH, John; LEE, Kim"
        return [_SPACE_HYPHEN.sub("-", n).strip() for n in re.split(r";\s*(?:and\s+|&\s*)?", s) if n.strip()]
    if re.search(rf"{_SUR},\s[{_UP}]\.", s):
        names = re.findall(rf"{_NI_DOT}", s)
    else:
        names = [x.strip() for x in _VANCOUVER_NAME_SEP.split(s.rstrip("."))]
    return [_SPACE_HYPHEN.sub("-", n).strip() for n in names if n.strip()]


_LEAD_QUOTED = re.compile(r"^\s*(?:[\"“](?P<d>[^\"“”]{4,}?)[\"”]|['‘](?P<s>.{4,}?)['’](?=[,.;:]|\s|$))")


# a locator after a comma ends a title that sentence ends did not: "Recognition of Tables and Forms, pages 647-677"
_LOCATOR_AFTER_COMMA = re.compile(r",\s+(?=(?:pages|pp\.|vol\.|volume|no\.)\s?\d)")


def _title_after_names(rest: str) -> str | None:
    """The title that opens ``rest`` (ACL and natbib: the authors and year are gone): a quoted one,
    or the first sentence, going on past a lower-case continuation, up to a locator."""
    return _lead_quoted(rest) or _closed_italic(rest) or clean_title(_LOCATOR_AFTER_COMMA.split(rest[: title_end(rest)], maxsplit=1)[0])


# a colon after the quoted phrase: the quote opens the title and its subtitle follows (ACL, APA: "2021. “I can’t reply
# with that”: Characterizing problematic email reply suggestions. In ...", "(2019). ' scary robots ' : Examining public
# responses to AI. In ...") -- a title printed in quotes is closed by a comma or period, never by a colon
_QUOTE_THEN_SUBTITLE = re.compile(r"\s?:\s+[^\W\d_]")


def _lead_quoted(rest: str) -> str | None:
    """A title printed in quotes right after the authors (Chicago, MLA: "Title."; Harvard: 'Title',)."""
    m = _LEAD_QUOTED.match(rest)
    if not m:
        return None
    phrase = clean_title(m.group("d") or m.group("s"))
    colon = _QUOTE_THEN_SUBTITLE.match(rest, m.end())
    if phrase and colon:
        after = rest[colon.end() - 1 :]
        subtitle = clean_title(after[: title_end(after)])
        if subtitle:  # (the quotes kept as printed, their inner spaces gone: "'scary robots': Examining ...")
            return f"{m.group(0).lstrip()[0]}{phrase}{m.group(0)[-1]}: {subtitle}"
    return phrase


# what follows a title after a comma in IEEE / Elsevier entries printed without quotes
_VENUE_AFTER_COMMA = re.compile(
    # not the comma of a date inside a title ("... the October 8, 2005, Pakistan Earthquake")
    r"(?<![a-z]{2}\s\d)(?<![a-z]{2}\s\d\d),\s+(?="
    # an abbreviated journal ("Adv. Neural Inf.", "Proc. Natl", "Phys. Rev."), a Vancouver journal
    # before "YEAR;" ("Scholarpedia 2013; 8(10)"), an acronym before its year or volume ("NeurIPS 2017")
    r"[A-Z][a-z]{1,5}\.\s+(?:[A-Z][a-z]*\s+){0,2}[A-Z][a-z]{0,5}\.(?=\s|,|$)|[A-Z][\w.]*(?:\s[A-Z&][\w.]*){0,6}\s(?:(?:19|20)\d{2}\s?;|\d{1,4}\s?\(\d)"
    # (or one named with minor words, abbreviated nowhere: "Frontiers in Human Neuroscience 13 (2019)")
    r"|[A-Z]\w*(?:\s(?:[A-Z&]\w*|of|in|on|for|and|the)){1,6}\s\d{1,4}\s?\(\d"
    r"|[A-Z][A-Za-z]*[A-Z][\w-]*(?:\s+(?:19|20)\d{2}\b|,\s*\d|\.?\s*$)"
    # Elsevier / Harvard: a journal, then its volume and pages ("Geological Society of America
    # Bulletin, 95: 406–421", "Engineering Geology, 71, 79–95")
    # (Copernicus abbreviates the journal: "Risk Anal., 34, 1495-1505", "Nat. Hazards Earth Syst. Sci., 13, 1321-1335";
    # or names it in full with the issue after the volume, "Ecosystems, 4(5), 461–478", or its pages or article number
    # alone before the DOI, "Biogeosciences Discussions, 1–42, doi:...", "Environmental Research Letters, 9(8), 085003, doi:...")
    r"|[A-Z](?:[a-z]{0,5}\.|[\w&'’]*)(?:\s(?:[A-Z][a-z]{0,5}\.|[\w&'’()]+)){0,8},\s(?:\d{1,4}(?:\(\d{1,4}\))?(?:,\s?\d{1,4})?(?::\s?\d|,\s?\d+\s?[–-])"
    r"|(?:\d{1,4}\(\d{1,4}\),\s)?[\w/]{1,10}(?:[–-][\w/]{1,10})?,\sdoi\b)|"
    # a year, unless a lower-case word goes on after it ("The Khait, 1949 earthquake and ...")
    r"(?:in|In|IN)[\s:]|arXiv|ArXiv|CoRR|\(?(?:19|20)\d{2}[a-z]?\b(?!\s?[–\-/]\s?\d)(?!\s+[a-z])|Proc\b|Proceedings\b|Advances\s+in\b|GitHub\b|"
    r"(?:IEEE|ACM|Trans\.|Journal\b|J\.\s|Nature\b|Science\b|Tech\.|Technical\s+report|preprint\b|vol\.|pp\.|pages\b)"
    # a book's publisher, then its place ("Cognitive load theory, Springer New York, New York, NY, 2011.",
    # "Political Cycles and the Macroeconomy, MIT Press, Cambridge, MA.") or its place then the publisher
    # ("..., Cambridge, MA: MIT Press.")
    r"|(?:Springer|Wiley|Elsevier|Sage|Routledge|(?:[A-Z][\w&]*\s){1,3}Press)\b[^,]{0,40},\s[A-Z]|[A-Z][a-z]+,\s[A-Z]{2}:\s[A-Z]"
    # a journal named so ("Common Stock Returns and Presidential Elections, Financial Analysts Journal, March")
    r"|(?:[A-Z][\w&]*\s){1,5}Journal\b"
    # a journal in italics, then its volume or the entry's end (Journal of Finance as converters print it: "Stocks as
    # lotteries: ..., _American Economic Review_ 98, 2066-2100.", "... trading volume, *Review of Financial Studies* 35")
    r"|([*_]{1,2})[A-Z][^*_]{2,120}?\1(?=\s?(?:\d|,\s?\d|\.?$))"
    # a journal in words, then its volume and pages (Journal of Finance: "Review of Economic Studies 42, 169–190")
    r"|(?:[A-Z][\w&]*\s(?:(?:of|and|in|the|for|&)\s){0,2}){1,8}\d{1,4},\s\d{1,6}\s?[–-]\s?\d"
    # ... or its volume, one page or article number and the year (REVTeX: "Physical Review Letters 129, 070501 (2022)",
    # "Physical Review A 104, L050401 (2021)", the volume left out: "Communications in Mathematical Physics , 1 (2023)")
    r"|(?:[A-Z][\w&]*\s(?:(?:of|and|in|the|for|&)\s){0,2}){0,7}[A-Z][\w&]*(?:\s\d{1,4})?,\s[A-Z]?\d{1,7}\s\((?:19|20)\d{2}\))"
)


# Cell Press's web references print the journal right after the title, no period between, then ". YEAR; volume"
# ("... reveal immune basis of Alzheimer’s disease Nature. 2015; 518:365-369 Crossref", "... expression levels Nat.
# Genet. 2020; 52:626-633"): the capitalised or abbreviated words after the title's last lower-case one, before the year
# (the abbreviated words after the whole ones, "Trends Genet.", "Nat. Struct. Mol. Biol.", "Genes (Basel).") -- the shape known
# by the catalogue links that close each entry ("Crossref Scopus (330) PubMed Google Scholar"): elsewhere a title's own last
# capitalised word ("... in childhood ALL. Leukemia. 2003;") could not be told from such a journal
# (a whole word is no acronym, "... identified by STARR-seq Science. 2010;" ends with the title's own)
_JOURNAL_GLUED_BEFORE_YEAR = re.compile(r"(?<=[a-z][a-z,])\s(?:(?:[A-Z][a-z][\w’'\-]*|\([A-Z][a-z]+\))\s){0,4}(?:[A-Z][a-z]*\.\s){0,6}[A-Z(][\w()’'\-]*\.\s"
                                        r"(?:19|20)\d{2};(?=.*\b(?:Crossref|Scopus|PubMed|Google Scholar|Full Text)\b)")


def _title_sentence(rest: str, min_words: int = 2) -> str | None:
    """The title that opens ``rest``; ``min_words=1`` where a year right before it is the evidence that
    the names are over (APA "(1999). Subsampling.")."""
    rest = rest.lstrip(" :")  # Springer LNCS: "Smith, J., Doe, J.: Title. In: ..."
    # (a book's title in italics, then its publisher: "(2000), *Managing Occupational Health and Safety*, Macmillan Publishers")
    quoted = (_lead_quoted(rest) or _lead_italic(rest, _LEAD_ITALIC_COMMA) or _lead_italic(rest, _LEAD_ITALIC_DESCRIBED)
              or _closed_italic(rest))
    if quoted:
        return quoted
    glued = _JOURNAL_GLUED_BEFORE_YEAR.search(rest) if ";" in rest else None
    if glued and sentence_end(rest) > glued.start():  # "Title Nature. 2015; 518:365-369": the journal inside the title's sentence
        rest = rest[: glued.start()] + "."
    ital = re.search(r"\s[*_]+[^*_\s]", rest)  # (before a venue's cut: "How wise are crowds? Insights ..., *Journal of Finance* 68")
    venue = _VENUE_AFTER_COMMA.search(rest)
    if venue:  # "Title, in Proc. ...", "Title, arXiv preprint ...", "Title, Advances in ... 35 (2022)"
        rest = rest[: venue.start()] + "."
    end = title_end(rest)
    if ital and rest[end - 1 : end] in ("?", "!") and end < ital.start():
        # "Is X effective? A meta-analytic review. *Journal*": the title runs to the italic venue
        end = min(ital.start(), len(rest))
    # Elsevier puts the venue after a comma: "Title, in: Conference on Robot Learning, PMLR."
    t = clean_title(re.split(r",\s+in:\s", rest[:end], maxsplit=1)[0])
    if t:  # LNCS with a URL: "Title (2017), https://..." -- the year is not the title's
        t = re.sub(r"\s\((?:19|20)\d{2}[a-z]?\)$", "", t)
    if not t or len(t.split()) < min_words or re.match(rf"^[{_UP}]\.\s", t) or re.fullmatch(rf"[{_UP}]\.(?:[{_UP}]\.)+\s\S+", t) or re.search(r"\barxiv\s*:|\bdoi\s*:", t, re.I):
        return None  # an author list cut short ("G. J. Burgh- arXiv:2210.06462", "J.H. ANDERSON"), not a title
    return t


# GROBID's TEI rendered with the initials glued to the surname, the name's last word: "MMekonnen", "KJBagstad",
# "A.-LBarabási" -- capitals before a capitalised word of lower-case letters ("McDonald", "DeVault", "LeCun" have
# none; "MMSegmentation Contributors", "J-Donald Tournier" are no surname with its initials)
_GLUED_INITIALS = re.compile(r"(?<![\w.-])([A-Z](?:\.?-?[A-Z]){0,2}\.?)(?=[A-Z][a-zß-ÿ]{2,}$)")


def make_authors(names: list[str]) -> list[Author]:
    return [Author(name=_GLUED_INITIALS.sub(r"\1 ", n.strip())) for n in names if n and n.lower() not in {"et al", "et al."}]
