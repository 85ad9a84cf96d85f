"""The SurveyBench data model: a survey, its section tree, paragraph-level citations and references.

Everything else in the project (readers, metrics, judges, eval, corpus builders) speaks in
these types. A human-written survey and a generated survey are the same :class:`Survey`;
a generated one carries the producing system's name in :attr:`Survey.system`.

Design follows the SurveyGen dataset (Bao et al., EMNLP 2025, §2.2-2.3 and App. H):
sections with paragraphs, each paragraph with the references it cites, and references with
Semantic Scholar / OpenAlex bibliometric metadata.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    # Forbid unknown fields so a typo in a reader is an error, not a silently dropped value.
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Author(_Model):
    """An author with Semantic Scholar / OpenAlex author-level statistics."""

    name: str
    s2_author_id: str | None = None
    openalex_id: str | None = None
    h_index: int | None = None
    paper_count: int | None = None
    citation_count: int | None = None


class Venue(_Model):
    """Publication venue with OpenAlex source statistics and CORE status (SurveyGen App. H)."""

    name: str | None = None
    type: str | None = None  # journal, conference, repository, ...
    openalex_id: str | None = None
    h_index: int | None = None
    i10_index: int | None = None
    two_year_mean_citedness: float | None = None
    # CORE: a rank ("A*", "A", "B", "C") when known from a rankings file; is_core records the
    # boolean flag SurveyGen ships (OpenAlex `is_core`).
    core_rank: str | None = None
    is_core: bool | None = None


class Reference(_Model):
    """One entry of a survey's bibliography.

    ``id`` is local to the survey (``"b0"`` in SurveyGen/S2ORC files, ``"1"`` for a numbered
    Markdown list). ``numbers`` holds every printed number that points at this entry: several
    numbers may share one source (deep-research reports list one URL under several numbers).
    """

    id: str
    title: str | None = None
    raw: str | None = None  # the reference string as printed, when that is all a source gives
    numbers: list[str] = Field(default_factory=list)
    doi: str | None = None
    arxiv_id: str | None = None
    s2_paper_id: str | None = None
    s2_corpus_id: str | None = None
    openalex_id: str | None = None
    url: str | None = None
    year: int | None = None
    publication_date: str | None = None  # ISO date as given
    abstract: str | None = None
    tldr: str | None = None
    citation_count: int | None = None
    influential_citation_count: int | None = None
    reference_count: int | None = None
    authors: list[Author] = Field(default_factory=list)
    venue: Venue | None = None
    fields_of_study: list[str] = Field(default_factory=list)
    publication_types: list[str] = Field(default_factory=list)
    # Second-level references: OpenAlex work ids (or other ids) this paper itself cites.
    referenced_works: list[str] = Field(default_factory=list)

    def source_text(self) -> str | None:
        """Best available text of the cited paper: abstract, else TLDR (AutoSurvey App. C)."""
        return self.abstract or self.tldr or None


class CitationMark(_Model):
    """One in-text citation marker such as ``[3]``, ``[1; 2]``, ``[3-5]`` or ``(Smith et al., 2020)``.

    ``start``/``end`` are character offsets of the marker in the paragraph text (``None`` when
    the source gives citations without positions). ``ref_ids`` are the resolved reference ids;
    ``unresolved`` the keys (numbers, author-year strings) the marker names that no reference
    list entry defines.
    """

    marker: str
    start: int | None = None
    end: int | None = None
    ref_ids: list[str] = Field(default_factory=list)
    unresolved: list[str] = Field(default_factory=list)


class Paragraph(_Model):
    text: str
    citations: list[CitationMark] = Field(default_factory=list)

    @property
    def ref_ids(self) -> list[str]:
        """Reference ids cited in this paragraph, unique, in order of first citation."""
        seen: dict[str, None] = {}
        for mark in self.citations:
            for rid in mark.ref_ids:
                seen.setdefault(rid, None)
        return list(seen)


class Section(_Model):
    """A section in document order. ``level`` 1 is top level; ``parent`` is the parent's ``index``."""

    index: int
    level: int = 1
    number: str | None = None  # as printed: "2.3.1", "III-A", "IV"
    title: str
    parent: int | None = None
    paragraphs: list[Paragraph] = Field(default_factory=list)
    is_content: bool = True  # False for references, acknowledgements, funding, appendix, ...

    @property
    def ref_ids(self) -> list[str]:
        seen: dict[str, None] = {}
        for p in self.paragraphs:
            for rid in p.ref_ids:
                seen.setdefault(rid, None)
        return list(seen)

    def text(self) -> str:
        return "\n\n".join(p.text for p in self.paragraphs)


class Figure(_Model):
    """A figure of the source document: a Markdown image ``![alt](target)`` outside the
    reference list (weAIDB SurveyBench ``src/content_based_eval/richness.py``)."""

    alt: str = ""
    target: str = ""  # the image path or URL
    line: int | None = None  # 1-based line in the source file


class Table(_Model):
    """A table of the source document outside the reference list: a Markdown pipe table (``kind
    "markdown"``, counted once per run of ``|`` lines with a ``---`` separator) or an HTML
    ``<table>`` (``kind "html"``), as weAIDB SurveyBench's richness script counts them."""

    kind: str  # "markdown" | "html"
    line: int | None = None  # 1-based line in the source file (separator row for Markdown)


class Survey(_Model):
    """A literature survey, human-written (``system is None``) or generated by ``system``."""

    id: str
    title: str
    topic: str | None = None  # short topic string (SurveyGen App. G)
    domain: str | None = None  # Computer Science, Medicine, Biology, Psychology, ...
    system: str | None = None  # None for the human-written gold survey
    year: int | None = None
    publication_date: str | None = None
    doi: str | None = None
    s2_paper_id: str | None = None
    s2_corpus_id: str | None = None
    abstract: str | None = None
    keywords: list[str] = Field(default_factory=list)
    fields_of_study: list[str] = Field(default_factory=list)
    sections: list[Section] = Field(default_factory=list)
    references: list[Reference] = Field(default_factory=list)
    # Non-textual content (filled by readers that see it, e.g. Markdown; empty otherwise) and the
    # length of the source text before its reference list, the richness denominator (weAIDB).
    figures: list[Figure] = Field(default_factory=list)
    tables: list[Table] = Field(default_factory=list)
    body_chars: int | None = None
    source_format: str | None = None  # reader that produced it: surveygen-json, markdown, ...
    source_path: str | None = None
    # Anything a source gives that the model has no field for (kept, never silently dropped).
    extra: dict[str, Any] = Field(default_factory=dict)

    # ---- navigation -------------------------------------------------------------------------
    @property
    def is_generated(self) -> bool:
        return self.system is not None

    def reference_map(self) -> dict[str, Reference]:
        return {r.id: r for r in self.references}

    def content_sections(self) -> list[Section]:
        return [s for s in self.sections if s.is_content]

    def top_level_sections(self, content_only: bool = True) -> list[Section]:
        top = min((s.level for s in self.sections), default=1)
        return [
            s for s in self.sections if s.level == top and (s.is_content or not content_only)
        ]

    def paragraphs(self, content_only: bool = True) -> Iterator[tuple[Section, Paragraph]]:
        for s in self.sections:
            if content_only and not s.is_content:
                continue
            for p in s.paragraphs:
                yield s, p

    def body_text(self, content_only: bool = True) -> str:
        """The survey's prose (paragraphs of content sections), markers included, joined by blank lines."""
        return "\n\n".join(p.text for _, p in self.paragraphs(content_only))

    def full_text(self, content_only: bool = True) -> str:
        """Title, section headings and paragraphs as one plain text, in document order."""
        parts = [self.title]
        for s in self.sections:
            if content_only and not s.is_content:
                continue
            parts.append(s.title)
            parts.extend(p.text for p in s.paragraphs)
        return "\n\n".join(parts)

    def cited_ref_ids(self) -> list[str]:
        """Ids of references cited anywhere in the body, unique, in order of first citation."""
        seen: dict[str, None] = {}
        for _, p in self.paragraphs(content_only=False):
            for rid in p.ref_ids:
                seen.setdefault(rid, None)
        return list(seen)

    def citation_marks(self) -> Iterator[tuple[Section, Paragraph, CitationMark]]:
        for s, p in self.paragraphs(content_only=False):
            for m in p.citations:
                yield s, p, m


# ---- non-content sections (SurveyGen App. C) ------------------------------------------------

# (the Royal Society's journals print "Data accessibility" and "Conflict of interest declaration" after the text, CEUR-WS
# proceedings "Declaration on Generative AI": back matter under other names)
_NON_CONTENT = re.compile(
    r"""^(
        references?|bibliography|works\s+cited|literature\s+cited|citations?|
        acknowledge?ments?(\s+and\s+disclosure\s+of\s+funding)?|acknowledge?ment|
        (authors?'?\s+)?contributions?\s+and\s+acknowledge?ments?|
        funding(\s+(information|sources?|statement))?|financial\s+(support|disclosure)|
        author(s'?|'s)?\s+contributions?(\s+statement)?|contributions?\s+of\s+(the\s+)?authors?|credit\s+authorship.*|
        ((declaration\s+of\s+)?(competing|conflicts?\s+of)\s+interests?|conflicts?\s+of\s+interests?)
            (\s+(statement|disclosure|declaration))?|
        disclosures?(\s+statement)?|declarations?|ethics(\s+statement)?|
        declarations?\s+(of|on)\s+(the\s+use\s+of\s+)?(generative\s+)?ai\b.*|
        ethics\s+approval(\s+and\s+consent\s+to\s+participate)?|consent\s+for\s+publication|
        role\s+of\s+the\s+funding\s+sources?|publisher'?s?\s+note|open\s+access|
        data\s+(availability|accessibility)(\s+statement)?|code\s+availability(\s+statement)?|
        availability\s+of\s+data(\s+and\s+materials?)?|
        supplementary(\s+(material|materials|information|data|files?))?|supporting\s+information|
        additional\s+(information|files?)|
        appendi(x|ces)(\s+[a-z0-9]+)?(\b.*)?|
        abbreviations|nomenclature|author\s+(information|details|biograph(y|ies))|(end|foot)?notes|
        (authors?'?\s+)?biograph(y|ies)|about\s+the\s+authors?|
        (figure|fig\.|table)\s*([0-9]+|[ivx]+\b)\s*:?.*|
        figures(\s+and\s+tables)?|tables(\s+and\s+figures)?|list\s+of\s+(figures|tables)
    )$""",
    re.IGNORECASE | re.VERBOSE,
)
_NUMBER_PREFIX = re.compile(r"^\s*((?:[0-9]+|[ivxlc]+|[a-z])(?:[.\-][0-9a-z]+)*[.)]?|[0-9]+(?:\.[0-9]+)*)\s+", re.I)


def is_non_content_title(title: str) -> bool:
    """True for references, acknowledgements, funding, author contributions, competing
    interests, supplementary material, appendix and figure/table captions (SurveyGen App. C),
    plus the other back matter journals print (disclosure / ethics / data-availability
    statements, author biographies, publisher's notes). "Limitations" and "Future work" are
    the authors' own discussion and stay content.

    The printed section number ("7", "VIII", "A.") is ignored, as are trailing colons and
    Markdown emphasis.
    """
    # (a typeset apostrophe reads as the plain one: "Authors’ contributions")
    t = re.sub(r"[*_`#]+", "", title).replace("’", "'").strip().rstrip(":.").strip()
    if _NON_CONTENT.match(t):
        return True
    stripped = _NUMBER_PREFIX.sub("", t, count=1).strip().rstrip(":.").strip()
    return bool(stripped) and bool(_NON_CONTENT.match(stripped))


def normalise_doi(doi: str | None) -> str | None:
    """Lower-case DOI without resolver prefix: ``https://doi.org/10.1/ABC`` -> ``10.1/abc``."""
    if not doi:
        return None
    d = doi.strip()
    d = re.sub(r"^(https?://(dx\.)?doi\.org/|doi:\s*)", "", d, flags=re.I)
    return d.lower() or None


_ARXIV_NEW = re.compile(r"(\d{4}\.\d{4,5})(v\d+)?")
_ARXIV_OLD = re.compile(r"([a-z\-]+(\.[A-Z]{2})?/\d{7})(v\d+)?", re.I)


def normalise_arxiv_id(arxiv_id: str | None) -> str | None:
    """``arXiv:2101.00001v2`` / ``https://arxiv.org/abs/2101.00001`` -> ``2101.00001``."""
    if not arxiv_id:
        return None
    m = _ARXIV_NEW.search(arxiv_id) or _ARXIV_OLD.search(arxiv_id)
    return m.group(1).lower() if m else None
