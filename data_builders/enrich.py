"""Stage 4 (enrichment of every cited paper) and stage 5 (second-level references).

SurveyGen §2.3: basic metadata (abstract, DOI, ...) from Semantic Scholar, then by DOI from
OpenAlex the quality indicators — citation performance (citation count, influential citation
count), author influence (h-index, publication count, total citations) and venue reputation
(h-index, i10-index, CORE status) — and, for second-level references, title, abstract, DOI and
citation count of every work the cited papers cite.

Fetching is batched: S2 ``POST /paper/batch`` (500 ids), OpenAlex ``filter=doi:a|b|...`` /
``openalex_id:..`` with 100 values and ``per-page=200`` under cursor paging, for works,
authors and sources. The API and snapshot fetchers fill the same :class:`EnrichmentData`;
:func:`apply_enrichment` (pure) merges it into references, so both modes give the same output.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from surveybench.model import Author, Reference, Venue, normalise_arxiv_id, normalise_doi

WORK_SELECT = ("id", "doi", "title", "publication_year", "cited_by_count", "authorships", "primary_location",
               "referenced_works", "type")
SECOND_LEVEL_SELECT = ("id", "doi", "title", "publication_year", "cited_by_count", "abstract_inverted_index")
AUTHOR_SELECT = ("id", "display_name", "works_count", "cited_by_count", "summary_stats")
SOURCE_SELECT = ("id", "display_name", "type", "summary_stats", "is_core")

Progress = Callable[[str, int, int], None]  # (task, advance, total)


@dataclass
class EnrichmentData:
    """Everything fetched for a set of references, keyed for lookup."""

    s2: dict[str, dict] = field(default_factory=dict)  # lookup id ("CorpusId:1", "DOI:10..") -> S2 record
    works: dict[str, dict] = field(default_factory=dict)  # normalised DOI -> OpenAlex work
    authors: dict[str, dict] = field(default_factory=dict)  # short OpenAlex id "A1" -> author
    sources: dict[str, dict] = field(default_factory=dict)  # short OpenAlex id "S1" -> source

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def short_oa_id(value: str | None) -> str | None:
    if not value:
        return None
    return value.rstrip("/").rsplit("/", 1)[-1]


def s2_lookup_id(ref: Reference) -> str | None:
    """The id a reference is looked up by in S2: the S2ORC-matched corpus id, else DOI, else arXiv."""
    if ref.s2_corpus_id:
        return f"CorpusId:{ref.s2_corpus_id}"
    if ref.s2_paper_id:
        return ref.s2_paper_id
    if ref.doi:
        return f"DOI:{ref.doi}"
    if ref.arxiv_id:
        return f"ARXIV:{ref.arxiv_id}"
    return None


def ref_doi(ref: Reference, data: EnrichmentData) -> str | None:
    lid = s2_lookup_id(ref)
    s2 = data.s2.get(lid) if lid else None
    return ref.doi or normalise_doi(((s2 or {}).get("externalIds") or {}).get("DOI"))


def invert_abstract(inv: dict[str, list[int]] | None) -> str | None:
    """OpenAlex ``abstract_inverted_index`` -> text (pyalex's decoding)."""
    if not inv:
        return None
    from pyalex import invert_abstract as _inv

    return _inv(inv)


# ---- CORE rankings ---------------------------------------------------------------------------


def load_core_rankings(path: Path) -> dict[str, str]:
    """CORE conference rankings CSV -> {lower-cased title or acronym: rank}.

    Accepts the portal export (no header: id, title, acronym, source, rank, ...) or a CSV with
    ``title``/``acronym``/``rank`` columns. Raises ValueError naming the file on anything else.
    """
    out: dict[str, str] = {}
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    if not rows:
        return out
    header = [c.strip().lower() for c in rows[0]]
    if "rank" in header and "title" in header:
        ti, ai, ri = header.index("title"), header.index("acronym") if "acronym" in header else None, header.index("rank")
        body = rows[1:]
    elif len(rows[0]) >= 5:
        ti, ai, ri, body = 1, 2, 4, rows
    else:
        raise ValueError(f"{path}: not a CORE rankings CSV (need title/acronym/rank columns)")
    for lineno, row in enumerate(body, 2 if body is not rows else 1):
        if len(row) <= max(ti, ri):
            raise ValueError(f"{path}:{lineno}: too few columns")
        rank = row[ri].strip()
        for key in (row[ti], row[ai] if ai is not None and ai < len(row) else ""):
            if key.strip():
                out.setdefault(key.strip().lower(), rank)
    return out


# ---- merging (pure) ----------------------------------------------------------------------------


def apply_enrichment(ref: Reference, data: EnrichmentData, core: dict[str, str] | None = None) -> Reference:
    """A copy of ``ref`` with S2 and OpenAlex metadata filled in (values from the source win
    over what the S2ORC bibliography guessed, except the title, which is kept when present)."""
    upd: dict[str, Any] = {}
    lid = s2_lookup_id(ref)
    s2 = data.s2.get(lid) if lid else None
    if s2:
        ext = s2.get("externalIds") or {}
        upd.update(
            s2_paper_id=s2.get("paperId"),
            s2_corpus_id=str(s2.get("corpusId") or ext.get("CorpusId") or ref.s2_corpus_id or "") or None,
            doi=normalise_doi(ext.get("DOI")) or ref.doi,
            arxiv_id=normalise_arxiv_id(ext.get("ArXiv")) or ref.arxiv_id,
            title=ref.title or s2.get("title"),
            year=s2.get("year") or ref.year,
            publication_date=s2.get("publicationDate"),
            abstract=s2.get("abstract"),
            tldr=(s2.get("tldr") or {}).get("text"),
            citation_count=s2.get("citationCount"),
            influential_citation_count=s2.get("influentialCitationCount"),
            reference_count=s2.get("referenceCount"),
            fields_of_study=list(s2.get("fieldsOfStudy") or []),
            publication_types=list(s2.get("publicationTypes") or []),
            authors=[Author(name=a.get("name") or "", s2_author_id=a.get("authorId")) for a in s2.get("authors") or []],
        )
        if s2.get("venue"):
            upd["venue"] = Venue(name=s2["venue"])
    doi = upd.get("doi") or ref.doi
    work = data.works.get(doi) if doi else None
    if work:
        upd["openalex_id"] = short_oa_id(work.get("id"))
        upd["referenced_works"] = list(work.get("referenced_works") or [])
        if upd.get("citation_count") is None and ref.citation_count is None:
            upd["citation_count"] = work.get("cited_by_count")
        upd["title"] = upd.get("title") or ref.title or work.get("title")
        upd["year"] = upd.get("year") or ref.year or work.get("publication_year")
        s2_authors = upd.get("authors") or ref.authors
        authors = []
        ships = work.get("authorships") or []
        for i, ship in enumerate(ships):
            a = ship.get("author") or {}
            aid = short_oa_id(a.get("id"))
            stats = data.authors.get(aid or "") or {}
            summ = stats.get("summary_stats") or {}
            s2a = s2_authors[i] if len(s2_authors) == len(ships) else None
            authors.append(Author(
                name=a.get("display_name") or (s2a.name if s2a else ""),
                s2_author_id=s2a.s2_author_id if s2a else None,
                openalex_id=aid,
                h_index=summ.get("h_index"),
                paper_count=stats.get("works_count"),
                citation_count=stats.get("cited_by_count"),
            ))
        if authors:
            upd["authors"] = authors
        src = ((work.get("primary_location") or {}).get("source")) or {}
        sid = short_oa_id(src.get("id"))
        if sid:
            s = data.sources.get(sid) or {}
            summ = s.get("summary_stats") or {}
            name = s.get("display_name") or src.get("display_name")
            upd["venue"] = Venue(
                name=name,
                type=s.get("type") or src.get("type"),
                openalex_id=sid,
                h_index=summ.get("h_index"),
                i10_index=summ.get("i10_index"),
                two_year_mean_citedness=summ.get("2yr_mean_citedness"),
                is_core=s.get("is_core", src.get("is_core")),
                core_rank=core_rank(name, core),
            )
    elif core and (upd.get("venue") or ref.venue):
        v = upd.get("venue") or ref.venue
        upd["venue"] = v.model_copy(update={"core_rank": core_rank(v.name, core)})
    return ref.model_copy(update=upd)


def core_rank(venue_name: str | None, core: dict[str, str] | None) -> str | None:
    if not core or not venue_name:
        return None
    name = venue_name.strip().lower()
    if name in core:
        return core[name]
    m = re.search(r"\(([A-Za-z0-9\-]+)\)\s*$", venue_name)  # "... Conference (CVPR)"
    return core.get(m.group(1).lower()) if m else None


def second_level_row(work: dict[str, Any]) -> dict[str, Any]:
    return {
        "openalex_id": short_oa_id(work.get("id")),
        "doi": normalise_doi(work.get("doi")),
        "title": work.get("title") or work.get("display_name"),
        "abstract": invert_abstract(work.get("abstract_inverted_index")),
        "citation_count": work.get("cited_by_count"),
        "year": work.get("publication_year"),
    }


# ---- API fetchers ------------------------------------------------------------------------------


def _chunks(seq: Sequence[str], n: int) -> Iterable[list[str]]:
    for i in range(0, len(seq), n):
        yield list(seq[i : i + n])


def fetch_api(refs: Sequence[Reference], sch: Any, oa: Any, progress: Progress | None = None) -> EnrichmentData:
    """Batched S2 + OpenAlex lookups for ``refs`` (deduplicated)."""
    from surveybench.data_builders.clients import OPENALEX_MAX_OR_VALUES, S2_BATCH_MAX, s2_batch
    from surveybench.data_builders.http import HttpError

    tick = progress or (lambda *_: None)
    data = EnrichmentData()
    ids = sorted({i for r in refs if (i := s2_lookup_id(r))})
    tick("s2 batch", 0, len(ids))
    for chunk in _chunks(ids, S2_BATCH_MAX):
        data.s2.update(s2_batch(sch, chunk))
        tick("s2 batch", len(chunk), len(ids))

    dois = sorted({d for r in refs if (d := ref_doi(r, data))})
    # A DOI with ',' or '|' would break an OR filter: such (rare) DOIs get a single lookup each.
    bad = [d for d in dois if "," in d or "|" in d]
    dois = [d for d in dois if d not in bad]
    for d in bad:
        try:
            w = dict(oa.Works()[f"https://doi.org/{d}"])
        except HttpError:  # a 404 here only means OpenAlex lacks the DOI
            continue
        data.works[d] = {k: w.get(k) for k in WORK_SELECT}
    tick("openalex works", 0, len(dois))
    for chunk in _chunks(dois, OPENALEX_MAX_OR_VALUES):
        for w in oa.by_filter("works", "doi", chunk, WORK_SELECT):
            d = normalise_doi(w.get("doi"))
            if d:
                data.works[d] = w
        tick("openalex works", len(chunk), len(dois))

    aids = sorted({short_oa_id((s.get("author") or {}).get("id")) for w in data.works.values()
                   for s in w.get("authorships") or [] if (s.get("author") or {}).get("id")})
    tick("openalex authors", 0, len(aids))
    for chunk in _chunks(aids, OPENALEX_MAX_OR_VALUES):
        for a in oa.by_filter("authors", "openalex_id", chunk, AUTHOR_SELECT):
            data.authors[short_oa_id(a["id"])] = a
        tick("openalex authors", len(chunk), len(aids))

    sids = sorted({short_oa_id(src["id"]) for w in data.works.values()
                   if (src := (w.get("primary_location") or {}).get("source")) and src.get("id")})
    tick("openalex sources", 0, len(sids))
    for chunk in _chunks(sids, OPENALEX_MAX_OR_VALUES):
        for s in oa.by_filter("sources", "openalex_id", chunk, SOURCE_SELECT):
            data.sources[short_oa_id(s["id"])] = s
        tick("openalex sources", len(chunk), len(sids))
    return data


def fetch_second_level_api(work_ids: Sequence[str], oa: Any, progress: Progress | None = None) -> dict[str, dict]:
    """Second-level works by OpenAlex id, 100 ids per filter request -> {short id: row}."""
    from surveybench.data_builders.clients import OPENALEX_MAX_OR_VALUES

    tick = progress or (lambda *_: None)
    ids = sorted({short_oa_id(w) for w in work_ids if w})
    out: dict[str, dict] = {}
    tick("second-level works", 0, len(ids))
    for chunk in _chunks(ids, OPENALEX_MAX_OR_VALUES):
        for w in oa.by_filter("works", "openalex_id", chunk, SECOND_LEVEL_SELECT):
            row = second_level_row(w)
            out[row["openalex_id"]] = row
        tick("second-level works", len(chunk), len(ids))
    return out
