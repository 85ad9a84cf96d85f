"""Stage 1: candidate surveys by title phrase (SurveyGen §2.2).

"we extracted articles by filtering titles that either contain “a survey”, “survey of”,
“a review”, “literature review”, “overview” with full-text data available and publication
years after 2010" (SurveyGen §2.2). The phrases are matched case-insensitively as substrings
of the title; the year bound is configurable (``after_year``: strictly greater).

Sources: the Semantic Scholar bulk search API (``/graph/v1/paper/search/bulk`` with a boolean
phrase query, ``year=`` range and ``openAccessPdf`` filter, token paging) or S2 bulk files read
with DuckDB (the 2020 ``metadata`` split with ``has_pdf_parse``, or the Datasets API ``papers``
files). "Full text available" is approximated by an open-access PDF (API) / ``has_pdf_parse``
(2020 metadata); stage 3 drops candidates whose S2ORC record is absent and says so.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

SURVEY_PHRASES: tuple[str, ...] = ("a survey", "survey of", "a review", "literature review", "overview")
DEFAULT_AFTER_YEAR = 2010


def title_matches(title: str | None, phrases: Sequence[str] = SURVEY_PHRASES) -> bool:
    """True when the title contains one of the survey phrases (case-insensitive)."""
    t = (title or "").lower()
    return any(p.lower() in t for p in phrases)


def bulk_query(phrases: Sequence[str] = SURVEY_PHRASES) -> str:
    """S2 bulk-search boolean query: quoted phrases joined by ``|`` (OR)."""
    return " | ".join(f'"{p}"' for p in phrases)


def candidate_row(rec: dict[str, Any]) -> dict[str, Any]:
    ext = rec.get("externalIds") or rec.get("externalids") or {}
    cid = rec.get("corpusId") or rec.get("corpusid") or ext.get("CorpusId") or rec.get("paper_id")
    return {
        "corpus_id": str(cid) if cid is not None else None,
        "paper_id": rec.get("paperId"),
        "title": rec.get("title"),
        "year": rec.get("year"),
        "abstract": rec.get("abstract"),
        "doi": ext.get("DOI") or rec.get("doi"),
        "fields_of_study": rec.get("fieldsOfStudy") or rec.get("mag_field_of_study") or [],
    }


def from_api(sch: Any, *, phrases: Sequence[str] = SURVEY_PHRASES, after_year: int = DEFAULT_AFTER_YEAR,
             limit: int | None = None) -> Iterator[dict[str, Any]]:
    """Candidates from S2 bulk search (semanticscholar's ``search_paper(bulk=True)``), title-filtered."""
    from surveybench.data_builders.clients import S2_SEARCH_FIELDS

    results = sch.search_paper(bulk_query(phrases), year=f"{after_year + 1}-", open_access_pdf=True,
                               fields=list(S2_SEARCH_FIELDS), bulk=True)
    n = 0
    for paper in results:
        rec = paper.raw_data
        if not title_matches(rec.get("title"), phrases) or (rec.get("year") or 0) <= after_year:
            continue
        yield candidate_row(rec)
        n += 1
        if limit and n >= limit:
            return


# Declared columns per bulk format: DuckDB then reads only these, with these types, and never
# scans the files to infer a schema (``sample_size=-1`` would read a whole split twice).
_METADATA_2020_COLS = {"paper_id": "VARCHAR", "title": "VARCHAR", "year": "BIGINT", "doi": "VARCHAR",
                       "abstract": "VARCHAR", "mag_field_of_study": "VARCHAR[]", "has_pdf_parse": "BOOLEAN"}
_DATASETS_PAPERS_COLS = {"corpusid": "BIGINT", "title": "VARCHAR", "year": "BIGINT", "externalids": "JSON"}


def _first_record(path: Path) -> dict[str, Any]:
    import gzip
    import json

    opener = gzip.open if str(path).endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
            for line in fh:
                if line.strip():
                    rec = json.loads(line)
                    if isinstance(rec, dict):
                        return rec
                    break
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: not readable as JSON Lines: {exc}") from None
    raise ValueError(f"{path}: no JSON object on its first line")


def from_bulk_files(files: Sequence[Path], *, phrases: Sequence[str] = SURVEY_PHRASES,
                    after_year: int = DEFAULT_AFTER_YEAR, limit: int | None = None) -> Iterator[dict[str, Any]]:
    """Candidates from S2 bulk metadata files (JSON Lines, gzipped or not), streamed by DuckDB.

    The format (2020 ``metadata`` split or Datasets API ``papers``) is told by the first record
    of the first file; only the needed columns are read, with declared types, and the
    phrase/year/full-text predicates run inside DuckDB, so a 100-file metadata split is one
    streaming pass and never enters Python memory.
    """
    import duckdb

    if not files:
        return
    first = _first_record(Path(files[0]))
    if "has_pdf_parse" in first or "paper_id" in first:  # 2020 release metadata split
        cols, idc, fos, full = _METADATA_2020_COLS, "paper_id", "mag_field_of_study", "coalesce(has_pdf_parse, false)"
        extra = "doi, abstract"
    elif "corpusid" in first:  # Datasets API `papers` (the s2orc presence is checked in stage 3)
        cols, idc, fos, full = _DATASETS_PAPERS_COLS, "CAST(corpusid AS VARCHAR)", "NULL::VARCHAR[]", "true"
        extra = "json_extract_string(externalids, '$.DOI') AS doi, NULL AS abstract"
    else:
        raise ValueError(f"{files[0]}: neither S2ORC 2020 metadata (paper_id, has_pdf_parse) nor "
                         f"Datasets API papers (corpusid); keys: {sorted(first)[:12]}")
    con = duckdb.connect()
    src = "[" + ",".join("'" + str(f).replace("'", "''") + "'" for f in files) + "]"
    spec = "{" + ",".join(f"'{k}': '{v}'" for k, v in cols.items()) + "}"
    pred = " OR ".join(f"contains(lower(title), ${i + 1})" for i in range(len(phrases)))
    params: list[Any] = [p.lower() for p in phrases]
    q = (f"SELECT {idc} AS corpus_id, title, year, {extra}, {fos} AS fos FROM read_json({src}, "
         f"format='newline_delimited', columns={spec}) "
         f"WHERE year > {int(after_year)} AND {full} AND ({pred}) ORDER BY corpus_id")
    if limit:
        q += f" LIMIT {int(limit)}"
    cur = con.execute(q, params)
    while rows := cur.fetchmany(1000):
        for cid, title, year, doi, abstract, fos in rows:
            yield {"corpus_id": str(cid), "paper_id": None, "title": title, "year": year, "abstract": abstract,
                   "doi": doi, "fields_of_study": list(fos or [])}
    con.close()
