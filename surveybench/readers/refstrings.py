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

from surveybench.model import Author, normalise_arxiv_id, normalise_doi

# A URL as PDF converters print it: broken by a space after "-" or "." ("diffusion- models").
_URL_CHUNK = r"(?:[^\s<>\"\]\)(]|\([^\s()<>\"]*\))+"  # balanced parentheses stay in ("S1364-6613(00)01538-2")
# broken after "-" or "." ("diffusion- models"), or after "/" when the next piece looks like a path
# ("Chang- Peng/ 003de49..."), never before a run of source numbers ("graphormer/ 36 [PDF] ...")
URL_RE = re.compile(
    rf"https?://{_URL_CHUNK}(?:(?:(?<=[-.])|(?<=/)(?=\s+[\w%.-]*[\d_%-]))\s+(?!\d{{1,3}}\s+\S){_URL_CHUNK})*", re.I
)
MD_LINK_RE = re.compile(r"\[([^\[\]]*)\]\((https?://[^)\s]+)\)")
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
YEAR_RE = re.compile(r"(?<![\d./:-])((?:19|20)\d{2})([a-z])?(?![\d/])(?!-\d{3}[\dX])")
QUOTED_RE = re.compile(r"[\"“”]\s*([^\"“”]{6,}?)\s*[,.]?\s*[\"”“]")
_SPACE_HYPHEN = re.compile(r"(?<=[^\W\d_])- (?=[^\W_])")
_WS = re.compile(r"\s+")
_SITE_SUFFIX = re.compile(
    r"(?<!\s)\s++[-–|]\s++(?:wikipedia|arxiv|github|medium|acl anthology|ijcai|openreview|researchgate|"
    r"semantic scholar|ieee xplore|sciencedirect|springer(?:link)?|acm digital library)\s*$",
    re.I,
)
_ACCESSED = re.compile(
    r"(?:,\s*+|(?<![\s,])\s*+)\(?(?:last\s+)?(?:accessed|retrieved|viewed)(?:\s+on)?:?\s+(?:[A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4}|"
    r"\d{1,2}\s+[A-Z][a-z]+\.?\s+\d{4}|\d{4}-\d{2}-\d{2})\)?[.,]?",
    re.I,
)
_ANY_SITE_SUFFIX = re.compile(
    r"(?<!\s)\s++[-–|]\s++(?:[A-Z][\w&.]*(?:\s+[A-Z][\w&.]*){0,2}|(?:www\.)?[a-z0-9-]+\.[a-z]{2,}(?:\.[a-z]{2,})?)\s*$"
)
_ONLINE = re.compile(r"\s*\[(?:online|internet|eb/ol)\]\.?|\s*\bavailable(?:\s+(?:at|from|online))?:\s*$", re.I)
# the stamp in the margin of arXiv PDFs, given by some sources as the page title
_ARXIV_STAMP = re.compile(r"^arXiv:\d{4}\.\d{4,5}(?:v\d+)?\s*\[[\w.\-]+\]\s*\d{1,2}\s+[A-Z][a-z]{2,8}\s+\d{4}$")
_DOMAIN_ONLY = re.compile(r"^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+$", re.I)

# ---- author lists -------------------------------------------------------------------------
_UP = "A-ZÀ-ÖØ-ÞĀ-ſ"
# the gap between two initials ("J. A.", "J.-R.", "T.- Y."): written so that one string has one
# reading -- "\s?-?\s?" let a single space be either "\s?", which made a list of 20 names
# followed by the wrong character backtrack for minutes (issue 14)
_INIT_GAP = r"(?:\s?-\s?|\s{1,2}+)?"
_PARTICLES = "van|von|vom|der|den|dem|de|da|das|di|du|do|dos|des|del|della|degli|dei|la|las|los|le|lo|ten|ter|zu|bin|ibn|al|el|y"
_TOKEN = (
    rf"(?:[{_UP}](?:\.(?:{_INIT_GAP}[{_UP}]\.)*+)?(?=[\s,]|$)"  # initial: "A." / "J.-R." / "T.- Y." / "I"
    rf"|[{_UP}](?:[^\W\d_]+|['’][^\W\d_]+)(?:['’][^\W\d_]+)*(?:-\s?[^\W\d_]+)*(?:['’](?=\s))?"  # Name, O'Neil, Kai- Wei, Marc' Aurelio
    rf"|[dl]['’][{_UP}][^\W\d_]+|v\.(?=\s)"  # d'Ascoli, l'Hôpital; "G. v. Tulder"
    rf"|[{_UP}]-[{_UP}][^\W\d_]*|(?:Md|Mohd|Muh|Jr|Sr)\.(?=\s)"  # "Y-Lan Boureau", "Md. Mahinur Rashid", "John Smith Jr."
    rf"|(?:{_PARTICLES})(?=\s))"
)
_NAME = rf"{_TOKEN}(?:\s+{_TOKEN}){{0,4}}"
_SEP = r"(?:\s*,\s*(?:and\s+|&\s+)?|\s+and\s+|\s*&\s*)"
AUTHORS_RE = re.compile(rf"(?P<authors>{_NAME}(?:{_SEP}{_NAME}){{0,200}}(?:,?\s+et\s+al\.?)?)")
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


_TITLE_TAIL = re.compile(
    r"(?:,\s*+(?:19|20)\d{2}[a-z]?|,?\s*+\(?\d{1,2}(?:st|nd|rd|th)\s++(?:edn|ed|edition)\.?\)?)$", re.I)


def clean_title(text: str | None) -> str | None:
    if not text:
        return None
    t = _SPACE_HYPHEN.sub("-", text)
    t = _WS.sub(" ", t).strip()
    for a, b in (('"', '"'), ("“", "”")):
        if (t.count(a) + (t.count(b) if a != b else 0)) % 2:  # an unbalanced quote: drop the quotes
            t = t.replace(a, "").replace(b, "")
    t = t.strip(" ,;:.\"“”'‘’")
    if re.fullmatch(r"([*_]{1,2})[^*_]+\1", t):  # *Title* / _Title_: Markdown italics
        t = t.strip("*_").strip(" ,;:.")
    t = t.removeprefix("[PDF]").strip()
    # a year or an edition glued after the title by a comma ("Motion in MT, 2004", "..., 2nd edn")
    t = _TITLE_TAIL.sub("", t).strip(" ,;:.")
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


def looks_like_author_list(segment: str) -> bool:
    """True when ``segment`` is a plausible list of person names (used to find entry starts)."""
    s = segment.strip().rstrip(".")
    if not s or len(s) > MAX_AUTHOR_LIST or re.search(r"\d|[:;\"“”(){}\[\]?!]", s):
        return False
    joined = _LOWER_SYLLABLE.sub(r"\1-\2 ", s)  # "Wen tau Yih": a converter dropped the hyphen of "Wen-tau"
    m = AUTHORS_RE.fullmatch(joined.strip())
    if not m:
        return False
    if joined != s and not re.search(r",|\band\b|&", s):
        return False  # "Attention is All": a lower-case word between names needs a real list around it
    words = re.findall(r"[^\W\d_]+", s)
    # "PP", "NO" in capitals are initials ("Jussi PP Jokinen"), not "pp." / "no."
    if any(w.lower() in _NOT_NAMES for w in words if len(w) > 1 and w not in {"and", "al", "et"} and not (w.isupper() and len(w) == 2)):
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
    s = re.sub(r",?\s+et\s+al\.?$", "", segment.strip().rstrip("."))
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
        and re.fullmatch(r"[^\W\d_][\w'’\-]*(?:\s[A-Z]\.)?", out[1])
        and re.match(r"^\s*[^,]+,\s*[^,]+?(?:,\s*(?:and\s+)?|\s+and\s+|$)", s)
        and all(" " in x for x in out[2:])
    ):
        out = [f"{out[0]}, {out[1]}"] + out[2:]
    return out


def fold(text: str) -> str:
    """Lower-case ASCII letters only: "Mündler" -> "mundler", "Liška" -> "liska"."""
    t = unicodedata.normalize("NFKD", text)
    return re.sub(r"[^a-z0-9]", "", t.encode("ascii", "ignore").decode().lower())


_TRAILING_INITIALS = re.compile(rf"(?:[{_UP}]{{1,3}}|(?:[{_UP}]\.-?){{1,3}})")


def surname(name: str) -> str:
    """Last name token, folded ("Jean- Michel Morel" -> "morel", "Mündler" -> "mundler")."""
    if "," in name:  # inverted: "Smith, John" / "Smith, J. A."
        name = name.split(",")[0]
    toks = [t for t in re.split(r"\s+", re.sub(r"-\s+", "-", name.strip())) if t]
    # Vancouver / Springer print the surname first and the initials after it, without a comma
    # ("Smith AB", "Lee JX", "Abu Alhaija H."): trailing capitals-only tokens are initials
    while len(toks) > 1 and _TRAILING_INITIALS.fullmatch(toks[-1]) and not _TRAILING_INITIALS.fullmatch(toks[0]):
        toks = toks[:-1]
    for tok in reversed(toks):
        w = fold(tok)
        if len(w) > 1 or (w and len(toks) == 1):
            return w
    return fold(name)


_ABBREVIATIONS = ("[A-Z]", "v", "vs", r"e\.g", r"i\.e", "etc", "Fig", "No", "Vol", "pp", "Eq")
# one scan: a "." ends a sentence unless it closes an initial or an abbreviation that opens the
# text or follows a space, "(" or "-" (a loop over every "." of "A. B. C. ..." was slow)
_SENTENCE_END = re.compile(
    r"[?!](?=\s|$)|\.(?=\s|$)" + "".join(rf"(?<![\s(\-]{a}\.)(?<!^{a}\.)" for a in _ABBREVIATIONS)
)


def sentence_end(text: str, start: int = 0) -> int:
    """Index just past the first sentence end at or after ``start`` (initials and
    abbreviations such as "et al." or "vs." do not end a sentence); ``len(text)`` if none."""
    m = _SENTENCE_END.search(text[start:] if start else text)
    return start + m.end() if m else len(text)


# words that open what follows a title in lower case: not a title going on
# (or a journal spelled in camel case: "eLife", "eNeuro", "iScience", "bioRxiv", "npj")
_AFTER_TITLE = re.compile(r"(?:arxiv|in|doi|pp|vol|volume|pages|https?|url|preprint|accessed|retrieved|and|eds?|ed|npj)\b|(?-i:[a-z]{1,4}[A-Z])", re.I)


def title_end(text: str) -> int:
    """Like :func:`sentence_end`, but a title goes on past ". " when the next word is in lower
    case ("Human memory retention and recall processes. a review of EEG studies. Neurosciences"),
    unless that word opens a venue or locator ("arXiv", "in", "doi", "pp.")."""
    end = sentence_end(text)
    for _ in range(3):
        nxt = text[end:].lstrip()
        # "... information system. 1. introduction to methodology": a part of a series goes on too
        part = re.match(r"\d{1,2}\.\s(?=[a-z])", nxt)
        if end >= len(text) or text[end - 1] != "." or not (nxt[:1].islower() or part) or _AFTER_TITLE.match(nxt):
            break
        if part:
            end = len(text) - len(nxt) + part.end()
        end = sentence_end(text, end + 1)
    return end


def parse_reference_string(raw: str) -> ParsedRef:
    """Clean title and identifiers of one reference string (number prefix already removed)."""
    out = ParsedRef()
    text = raw.strip()

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
        return " "

    text = text.replace("\\[", "[").replace("\\]", "]")  # Markdown escapes: "\\[2402.04997\\]"
    prose = MD_LINK_RE.sub(_link, text)
    prose = URL_RE.sub(" ", prose)
    prose = LEADING_ARXIV_RE.sub("", prose)
    prose = _WS.sub(" ", prose).strip()
    prose = _ACCESSED.sub("", prose).strip()
    prose = _ONLINE.sub("", prose).strip()  # IEEE web sources: "Title. [Online]. Available: URL"

    # a publication year is not in the future (2045 is an ISSN half, a page number, an id)
    latest = datetime.date.today().year + 1
    years = [(int(y), s) for y, s in YEAR_RE.findall(ARXIV_RE.sub(" ", prose)) if int(y) <= latest]

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
    if m and m.group("v"):
        m = re.match(r"^(?P<a>.*?)(?:\.\s|:\s|\s(?=\())", prose) if _plain_vancouver(m.group("v"), prose) else None
    elif m and m.group("s"):
        m = re.match(r"^(?P<a>.*?)\s(?=\()", prose)
    if m:
        rest = prose[m.end() :].strip().lstrip(",").strip()
        # APA "(2020)." or Elsevier/Harvard "Huang, H., Abbeel, P., 2025a. Title."
        ym = re.match(
            r"^\((?P<y>(?:19|20)\d{2})(?P<s>[a-z])?(?:,[^)]*)?\)\.?\s*|^\(n\.\s?d\.\)\.?\s*"
            r"|^(?P<y2>(?:19|20)\d{2})(?P<s2>[a-z])?\.\s+",
            rest,
        )
        if ym:
            rest = rest[ym.end() :]
        t = _title_sentence(rest)
        if t:
            out.title = t
            out.authors = split_surname_first(m.group("a"))
            out.style = "surname-first"
            if ym and (ym.group("y") or ym.group("y2")):
                out.year = int(ym.group("y") or ym.group("y2"))
                out.year_suffix = ym.group("s") or ym.group("s2")
            elif years:
                out.year, out.year_suffix = years[-1][0], years[-1][1] or None
            return out

    # GB/T 7714 (Chinese journals): "张三, 李四. 大语言模型综述[J]. 计算机学报, 2023, 46(1): 1-20."
    g = _GBT_7714.match(prose)
    if g:
        out.title, out.style = clean_title(g.group("t")), "gb7714"
        out.authors = [a.strip() for a in re.split(r"[,，]\s*", g.group("a")) if a.strip() and a.strip() != "等"]
        if years:
            out.year = years[-1][0]
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

    # 0b. author runs glued by PDF conversion, no spaces: "AchiamJ.AdlerS.AgarwalS.et al.2023. Title."
    g = _GLUED_AUTHORS_YEAR.match(prose)
    # evidence: several glued "SurnameI." names and almost no spaces before the year
    if g and len(_GLUED_NAME.findall(g.group("a"))) >= 2 and g.group("a").count(" ") * 10 < len(g.group("a")):
        t = _title_sentence(prose[g.end() :])
        if t:
            out.title, out.style = t, "glued-authors"
            out.year, out.year_suffix = int(g.group("y")), g.group("s")
            out.authors = [re.sub(r"(?<=[a-z])(?=[A-Z])", " ", n) for n in _GLUED_NAME.findall(g.group("a"))]
            return out

    # 1. ACL/ACM (first: a quoted phrase may open such a title): "Authors. 2020a. Title. Venue"
    m = re.match(r"^(?P<a>.+?)\.\s+(?P<y>(?:19|20)\d{2}|\[?n\.\s?d\.\]?)(?P<s>[a-z])?\.?\s+", prose)
    if m and (looks_like_author_list(m.group("a")) or (m.group("a").islower() and looks_like_author_list(capitalise_names(m.group("a"))))
              or _group_author(m.group("a"))):  # "AI@Meta. 2024. Llama 3 model card."
        rest = prose[m.end() :]
        out.title = _lead_quoted(rest) or clean_title(rest[: title_end(rest)])
        out.authors = split_authors(m.group("a"))
        out.year = int(m.group("y")) if m.group("y").isdigit() else None
        out.year_suffix = m.group("s")
        out.style = "acl"
        return out

    # 2. IEEE: title in quotes
    q = QUOTED_RE.search(prose)
    # one word in quotes is a title when IEEE closes it with its comma: 'N. Shinn et al., "Reflexion," in ...'
    if q and (len(q.group(1).split()) >= 2 or re.search(r"[,.]\s*[\"”]$", q.group(0))):
        out.title = clean_title(q.group(1))
        out.style = "quoted"
        head = prose[: q.start()].strip().rstrip(",")
        if looks_like_author_list(head):
            out.authors = split_authors(head)
        if years:
            out.year = years[-1][0]
        return out

    # 2b. IEEE books and unquoted titles: "P. Voigt and A. von dem Bussche, The EU GDPR. Cham: ..."
    m = _IEEE_AUTHORS.match(prose)
    if m:
        t = _title_sentence(prose[m.end() :])
        if t:
            out.title, out.authors, out.style = t, split_authors(m.group("a")), "ieee-unquoted"
            if years:
                out.year = years[-1][0]
            return out

    # 3. Authors. Title. Venue, year (IEEE without quotes, natbib plain)
    end = sentence_end(prose)
    head = prose[:end]
    if end < len(prose) and looks_like_author_list(head):
        rest = prose[end:].strip()
        out.title = _lead_quoted(rest) or clean_title(rest[: title_end(rest)])
        out.authors = split_authors(head)
        out.style = "authors-title"
        if years:
            out.year, out.year_suffix = years[-1][0], years[-1][1] or None
        return out

    # 4. a title alone, possibly "Title | Site" (web sources) or a link text
    candidate = prose or (link_texts[0] if link_texts else "")
    candidate = candidate.removeprefix("[PDF]").strip()
    if " | " in candidate:
        candidate = candidate.split(" | ")[0]
    candidate = _SITE_SUFFIX.sub("", candidate)
    site = _ANY_SITE_SUFFIX.search(candidate)
    host = re.sub(r"^https?://(?:www\.)?", "", out.url or "").split("/")[0].split(".")[0]
    if site and len(candidate[: site.start()].split()) >= 3 and not (
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
    out.title = clean_title(candidate) or (clean_title(link_texts[0]) if link_texts else None)
    return out  # a year inside a bare title ("IJCAI 2022 tutorial") is not a publication year


_SUR = rf"(?:(?:van|von|de|der|den|dem|da|di|du|la|le|ten|ter)\s+)*[{_UP}][^\W\d_]*(?:['’-][^\W\d_]+)*(?:\s[{_UP}][^\W\d_]+(?:-[^\W\d_]+)*)?"
_INITS_DOT = rf"[{_UP}]\.(?:{_INIT_GAP}[{_UP}]\.)*+"  # "J.", "J. A.", "J.-P."
_NI_DOT = rf"{_SUR},\s{_INITS_DOT}(?:\s(?:de|van|von|der|den|da|di|du|le|la|dos|del)\.?(?=[,\s]))?"  # "Smith, J. A.", "Freitas, N. de"
_NI_VANC = rf"{_SUR}\s[{_UP}]{{1,3}}"  # "Smith JA"
_NI_SPR = rf"{_SUR}\s{_INITS_DOT}"  # "Smith J. A."
_ETAL = r"(?:,?\s+et\s+al\.?)"
_SURNAME_FIRST = re.compile(
    rf"^(?P<a>{_NI_DOT}(?:(?:,?\s(?:&\s|and\s)?|;\s(?:and\s)?){_NI_DOT})*(?:,?\s(?:\.\.\.|…)\s{_NI_DOT})?"
    rf"(?:{_ETAL}|;\s+et\s+al\.)?)(?=,?[\s:])"
    # Springer (basic): "Abu Alhaija H., Tai C.-L., et al. (2018) Title. In: CVPR"
    rf"|^(?P<s>{_NI_SPR}(?:,\s{_NI_SPR})*{_ETAL}?)(?=\s\((?:19|20)\d{{2}}[a-z]?\))"
    # Vancouver; ASAIO / AMA variants close the authors with ":" ("Amin DV, Antaki JF, et al: Title.")
    rf"|^(?P<v>{_NI_VANC}(?:(?:,\s|,?\s(?:&|and)\s){_NI_VANC})*{_ETAL}?)(?:\.\s|:\s|\s(?=\((?:19|20)\d{{2}}[a-z]?\)))"
)


# a group author before ". YEAR." (ACL): "AI@Meta", "BigScience Workshop", "Mistral AI team"
# -- an organisation's name: an "@", a word such as "team" / "workshop", or a word with an inner capital
_GROUP_AUTHOR = re.compile(r"[A-Z][\w@&\-]*+(?:\s[\w@&\-]++){0,3}")
_ORGANISATION = re.compile(
    r"@|\b(?:[Tt]eam|[Ww]orkshop|[Gg]roup|[Cc]onsortium|[Cc]ollaboration|AI|[Ll]abs?|Inc|[Ff]oundation|[Ii]nstitute)\b"
    r"|\b[A-Z][a-z]++[A-Z]")


def _group_author(head: str) -> bool:
    """"AI@Meta", "BigScience Workshop", "Mistral AI team": a short organisation's name."""
    return bool(_GROUP_AUTHOR.fullmatch(head) and _ORGANISATION.search(head))


_GBT_7714 = re.compile(r"^(?P<a>[^.。\[\]]{1,300}?)[.。]\s*(?P<t>[^\[\]]{2,400}?)\s?\[(?:J|C|M|D|R|S|P|N|A|G|Z|DB|EB|CP)(?:/OL)?\]")
_APA_GROUP_HEAD = re.compile(
    # "OpenAI. (2023).", "World Health Organization. (n.d.)."; Springer drops the period: "OpenAI (2023) Title"
    r"^(?P<a>[A-Z][\w&\-]*(?:\s(?:of|for|and|the|&|[A-Z][\w&\-]*)){0,6}\.\s|[A-Z][\w&\-]*(?:\s[A-Z][\w&\-]*){0,2}\s)"
    r"\((?:(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?|n\.\s?d\.)(?:,[^()]{0,30})?\)\.?\s+"
)
_GLUED_NAME = re.compile(rf"[{_UP}][^\W\d_]*[a-z](?:[{_UP}]\.)+")  # "AchiamJ.", "AlemanF.L."
_GLUED_AUTHORS_YEAR = re.compile(r"^(?P<a>.{1,600}?)\s?(?P<y>(?:19|20)\d{2})(?P<s>[a-z])?\.\s+")
_IF_NAME = rf"{_INITS_DOT}\s?{_SUR}"  # "P. Voigt", "A. von dem Bussche", "J.-P. Morel"
_IEEE_AUTHORS = re.compile(
    # the comma before the title, not one inside the list ("A. B, C. D, and E. F. Title.")
    rf"^(?P<a>{_IF_NAME}(?:(?:,\s(?:and\s)?|\s(?:and|&)\s){_IF_NAME})*{_ETAL}?),\s+(?!and\s|&\s|et\s+al\b|{_IF_NAME},)(?=[\w*_])"
)


# Elsevier / Harvard with initials printed without dots: "Aitkin, LM, Merzenich, MM, Nelson, JE., 1986."
_LOOSE_SURNAME_FIRST = re.compile(
    r"^([^\d()\[\]\"“:;]{3,600}?)(?:,\s(?:19|20)\d{2}[a-z]?\.\s|\s\((?:19|20)\d{2}[a-z]?\)\.?\s)")
# initials with or without dots: "PA", "RC.", "J.-P."
_LOOSE_INITIALS = r"[A-Z]{1,3}\.?(?:[A-Z]\.?){0,3}|[A-Z]\.(?:\s?-?\s?[A-Z]\.)*"
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


# between Vancouver names: "Smith AB, Lee K", "Born RT & Bradley DC", "Lee K and Kim M"
_VANCOUVER_NAME_SEP = re.compile(r",|\s&\s|\sand\s")


def _plain_vancouver(authors: str, prose: str = "") -> bool:
    # "Smith JA, Lee K" -- not "Attention Is" (a title's first words): every name ends in caps only;
    # one name alone ("Lee B. Title. Science 2021;7:2-3.") when the journal part is Vancouver's "YEAR;vol"
    names = [x.strip() for x in _VANCOUVER_NAME_SEP.split(re.sub(_ETAL + "$", "", authors))]
    return all(re.search(rf"\s[{_UP}]{{1,3}}$", n) for n in names) and (
        len(names) > 1 or bool(re.search("et al", authors)) or bool(_VANCOUVER_YEAR.search(prose))
        or prose[len(authors) : len(authors) + 1] == ":"
        # J Neurosci: "Wang X (2001) Title." -- the year in parentheses right after the one name
        or bool(re.match(r"\s\((?:19|20)\d{2}[a-z]?\)", prose[len(authors) :]))
        # J Neurophysiol: "Wang X. Title. J Neurophysiol 1: 1-2, 2001." -- volume: pages, year last
        or bool(re.search(r"\d:\s?\d+(?:[–-]\d+)?,\s(?:19|20)\d{2}\.?\s*$", prose)))


_VANCOUVER_YEAR = re.compile(r"\b(?:19|20)\d{2}(?:\s[A-Z][a-z]{2})?\s?;\s?\d")


def split_surname_first(segment: str) -> list[str]:
    """"Smith, J. A., & Lee, K." -> ["Smith, J. A.", "Lee, K."]; "Smith JA, Lee K" -> two names."""
    s = re.sub(r"[,;]?\s+et\s+al\.?$", "", segment.strip())
    if re.search(rf"{_SUR},\s[{_UP}]\.", s):
        names = re.findall(rf"{_NI_DOT}", s)
    else:
        names = [x.strip() for x in _VANCOUVER_NAME_SEP.split(s.rstrip("."))]
    return [_SPACE_HYPHEN.sub("-", n).strip() for n in names if n.strip()]


_LEAD_QUOTED = re.compile(r"^\s*(?:[\"“](?P<d>[^\"“”]{4,}?)[\"”]|['‘](?P<s>.{4,}?)['’](?=[,.;:]|\s|$))")


def _lead_quoted(rest: str) -> str | None:
    """A title printed in quotes right after the authors (Chicago, MLA: "Title."; Harvard: 'Title',)."""
    m = _LEAD_QUOTED.match(rest)
    return clean_title(m.group("d") or m.group("s")) if m else None


# what follows a title after a comma in IEEE / Elsevier entries printed without quotes
_VENUE_AFTER_COMMA = re.compile(
    r",\s+(?=(?:in|In|IN)[\s:]|arXiv|ArXiv|CoRR|\(?(?:19|20)\d{2}[a-z]?\b(?!\s?[–\-/]\s?\d)|Proc\b|Proceedings\b|Advances\s+in\b|GitHub\b|"
    r"(?:IEEE|ACM|Trans\.|Journal\b|J\.\s|Nature\b|Science\b|Tech\.|Technical\s+report|preprint\b|vol\.|pp\.|pages\b))"
)


def _title_sentence(rest: str) -> str | None:
    rest = rest.lstrip(" :")  # Springer LNCS: "Smith, J., Doe, J.: Title. In: ..."
    quoted = _lead_quoted(rest)
    if quoted:
        return quoted
    venue = _VENUE_AFTER_COMMA.search(rest)
    if venue:  # "Title, in Proc. ...", "Title, arXiv preprint ...", "Title, Advances in ... 35 (2022)"
        rest = rest[: venue.start()] + "."
    end = title_end(rest)
    ital = re.search(r"\s[*_]+[^*_\s]", rest)
    if ital and rest[end - 1 : end] in ("?", "!") and end < ital.start():
        # "Is X effective? A meta-analytic review. *Journal*": the title runs to the italic venue
        end = ital.start()
    # Elsevier puts the venue after a comma: "Title, in: Conference on Robot Learning, PMLR."
    t = clean_title(re.split(r",\s+in:\s", rest[:end], maxsplit=1)[0])
    if not t or len(t.split()) < 2 or re.match(rf"^[{_UP}]\.\s", t) or re.search(r"\barxiv\s*:|\bdoi\s*:", t, re.I):
        return None  # an author list cut short ("G. J. Burgh- arXiv:2210.06462"), not a title
    return t


def make_authors(names: list[str]) -> list[Author]:
    return [Author(name=n) for n in names if n and n.lower() not in {"et al", "et al."}]
