"""Snapshot mode: stage 4/5 data from bulk files instead of the APIs, read with DuckDB.

* OpenAlex snapshot (``openalex-snapshot/data/{works,authors,sources}/updated_date=*/part_*.gz``,
  gzipped JSON Lines). When an entity appears in several ``updated_date`` partitions the newest
  partition wins (the snapshot's documented merge rule).
* Semantic Scholar Datasets files: ``papers``, ``abstracts``, ``tldrs`` (gzipped JSON Lines with
  lower-case keys: ``corpusid``, ``externalids``, ``citationcount``, ``s2fieldsofstudy``...).

Every query names its columns with types (nested objects as ``JSON``, so DuckDB never infers a
schema from the free-form ``abstract_inverted_index``), filters by joining against a temp table
of wanted ids/DOIs, and returns only matching rows: a partition streams through DuckDB and never
sits in Python memory. Records are reshaped into the API response shape so
:func:`surveybench.data_builders.enrich.apply_enrichment` treats both modes alike.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from surveybench.data_builders.enrich import EnrichmentData, ref_doi, s2_lookup_id, second_level_row, short_oa_id
from surveybench.model import Reference, normalise_doi

_WORK_COLS = {
    "id": "VARCHAR", "doi": "VARCHAR", "title": "VARCHAR", "display_name": "VARCHAR",
    "publication_year": "BIGINT", "cited_by_count": "BIGINT", "type": "VARCHAR",
    "authorships": "JSON", "primary_location": "JSON", "referenced_works": "VARCHAR[]",
    "abstract_inverted_index": "JSON",
}
_AUTHOR_COLS = {"id": "VARCHAR", "display_name": "VARCHAR", "works_count": "BIGINT",
                "cited_by_count": "BIGINT", "summary_stats": "JSON"}
_SOURCE_COLS = {"id": "VARCHAR", "display_name": "VARCHAR", "type": "VARCHAR", "summary_stats": "JSON",
                "is_core": "BOOLEAN"}
_S2_PAPER_COLS = {
    "corpusid": "BIGINT", "externalids": "JSON", "url": "VARCHAR", "title": "VARCHAR", "year": "BIGINT",
    "venue": "VARCHAR", "publicationdate": "VARCHAR", "referencecount": "BIGINT", "citationcount": "BIGINT",
    "influentialcitationcount": "BIGINT", "s2fieldsofstudy": "JSON", "publicationtypes": "VARCHAR[]",
    "authors": "JSON",
}


class SnapshotError(ValueError):
    pass


def _files(root: Path, entity: str) -> list[str]:
    for base in (root / "data" / entity, root / entity):
        found = sorted(str(p) for p in base.glob("updated_date=*/*.gz")) or sorted(str(p) for p in base.glob("*.gz"))
        if found:
            return found
    raise SnapshotError(f"{root}: no '{entity}' partitions (expected data/{entity}/updated_date=*/part_*.gz)")


def _dataset_files(s2_dir: Path, name: str) -> list[str]:
    """Files of one S2 dataset (``papers``, ``abstracts``, ``tldrs``); none is fine except papers."""
    return [str(p) for p in sorted((s2_dir / name).glob("*.gz"))]


def _reader(files: Sequence[str], cols: dict[str, str]) -> str:
    lst = "[" + ",".join("'" + f.replace("'", "''") + "'" for f in files) + "]"
    spec = "{" + ",".join(f"'{k}': '{v}'" for k, v in cols.items()) + "}"
    return (f"read_json({lst}, format='newline_delimited', compression='gzip', columns={spec}, "
            f"filename=true, ignore_errors=false)")


def _query(con: Any, files: Sequence[str], cols: dict[str, str], key_expr: str, wanted: Sequence[str]) -> list[dict]:
    """Rows whose ``key_expr`` is in ``wanted``; newest partition (file name order) wins."""
    if not wanted or not files:
        return []
    # One list parameter: executemany row-by-row inserts take seconds per thousand ids.
    con.execute("CREATE OR REPLACE TEMP TABLE wanted AS SELECT DISTINCT unnest(?::VARCHAR[]) AS k", [list(wanted)])
    names = list(cols)
    sql = (f"SELECT {', '.join(names)} FROM (SELECT *, {key_expr} AS _k FROM {_reader(files, cols)}) t "
           f"JOIN wanted ON wanted.k = t._k "
           f"QUALIFY row_number() OVER (PARTITION BY t._k ORDER BY t.filename DESC) = 1")
    import duckdb

    out = []
    try:
        cur = con.execute(sql)
        while rows := cur.fetchmany(2000):
            for row in rows:
                rec = {}
                for n, v in zip(names, row, strict=True):
                    rec[n] = json.loads(v) if cols[n] == "JSON" and isinstance(v, str) else v
                out.append(rec)
    except duckdb.Error as exc:
        # DuckDB names the file and line of a corrupt record; say which set of files was read
        where = files[0] if len(files) == 1 else f"{Path(files[0]).parent} ({len(files)} files)"
        raise SnapshotError(f"{where}: cannot read as gzipped JSON Lines: {exc}") from None
    return out


@dataclass(frozen=True)
class Scan:
    """One filtered read of a file set: the rows of ``files`` (columns ``cols``) whose ``key_expr``
    is in ``wanted``, the newest partition (file name order) winning for a key."""

    files: Sequence[str]
    cols: dict[str, str]
    key_expr: str
    wanted: Sequence[str]


# Runs several scans and returns each one's rows, in order. DuckDB runs them one after another;
# surveybench.data_builders.ray_snapshot runs them on a Ray cluster (one pass per file set).
ScanRunner = Callable[[Sequence[Scan]], list[list[dict]]]


def duckdb_scans(con: Any) -> ScanRunner:
    """The default :data:`ScanRunner`: each scan is one DuckDB query on ``con``."""
    return lambda scans: [_query(con, s.files, s.cols, s.key_expr, s.wanted) for s in scans]


def _s2_from_dataset(p: dict[str, Any], abstract: str | None, tldr: str | None) -> dict[str, Any]:
    """A Datasets API ``papers`` row in the Graph API response shape."""
    canon = {"doi": "DOI", "arxiv": "ArXiv", "corpusid": "CorpusId"}
    ext = {canon.get(k.lower(), k): v for k, v in (p.get("externalids") or {}).items() if v is not None}
    fos = [f["category"] for f in p.get("s2fieldsofstudy") or [] if f.get("source") == "external"]
    return {
        "paperId": (p.get("url") or "").rstrip("/").rsplit("/", 1)[-1] or None,
        "corpusId": p.get("corpusid"),
        "externalIds": ext,
        "title": p.get("title"),
        "year": p.get("year"),
        "publicationDate": p.get("publicationdate"),
        "abstract": abstract,
        "tldr": {"model": "tldr@v2.0.0", "text": tldr} if tldr else None,
        "citationCount": p.get("citationcount"),
        "influentialCitationCount": p.get("influentialcitationcount"),
        "referenceCount": p.get("referencecount"),
        "fieldsOfStudy": list(dict.fromkeys(fos)) or None,
        "publicationTypes": p.get("publicationtypes"),
        "venue": p.get("venue") or "",
        "authors": [{"authorId": a.get("authorId"), "name": a.get("name")} for a in p.get("authors") or []],
    }


def fetch_snapshot(refs: Sequence[Reference], *, openalex_dir: Path, s2_dir: Path,
                   scans: ScanRunner | None = None) -> EnrichmentData:
    """Stage 4 from bulk files; ``scans`` runs the filtered reads (default: DuckDB in process)."""
    con = None
    if scans is None:
        import duckdb

        con = duckdb.connect()
        scans = duckdb_scans(con)
    data = EnrichmentData()
    # --- Semantic Scholar datasets
    lookups = sorted({i for r in refs if (i := s2_lookup_id(r))})
    by_cid = {i.split(":", 1)[1]: i for i in lookups if i.startswith("CorpusId:")}
    by_doi = {i.split(":", 1)[1].lower(): i for i in lookups if i.startswith("DOI:")}
    by_arxiv = {i.split(":", 1)[1]: i for i in lookups if i.startswith("ARXIV:")}
    by_pid = {i: i for i in lookups if ":" not in i}  # bare S2 paper ids (sha)
    papers_files = _dataset_files(s2_dir, "papers")
    if not papers_files:
        raise SnapshotError(f"{s2_dir}: no papers/*.gz files")
    # the same four ways the API mode looks a reference up (s2_lookup_id)
    rows = [r for found in scans([
        Scan(papers_files, _S2_PAPER_COLS, "CAST(corpusid AS VARCHAR)", list(by_cid)),
        Scan(papers_files, _S2_PAPER_COLS, "lower(json_extract_string(externalids, '$.DOI'))", list(by_doi)),
        Scan(papers_files, _S2_PAPER_COLS, "json_extract_string(externalids, '$.ArXiv')", list(by_arxiv)),
        Scan(papers_files, _S2_PAPER_COLS, "regexp_replace(url, '^.*/', '')", list(by_pid)),
    ]) for r in found]
    cids = sorted({str(r["corpusid"]) for r in rows})
    abstract_rows, tldr_rows = scans([
        Scan(_dataset_files(s2_dir, "abstracts"), {"corpusid": "BIGINT", "abstract": "VARCHAR"},
             "CAST(corpusid AS VARCHAR)", cids),
        Scan(_dataset_files(s2_dir, "tldrs"), {"corpusid": "BIGINT", "text": "VARCHAR"},
             "CAST(corpusid AS VARCHAR)", cids),
    ])
    abstracts = {str(r["corpusid"]): r["abstract"] for r in abstract_rows}
    tldrs = {str(r["corpusid"]): r["text"] for r in tldr_rows}
    for p in rows:
        cid = str(p["corpusid"])
        rec = _s2_from_dataset(p, abstracts.get(cid), tldrs.get(cid))
        if cid in by_cid:
            data.s2[by_cid[cid]] = rec
        ext = p.get("externalids") or {}
        d = normalise_doi(ext.get("DOI"))
        if d and d in by_doi:
            data.s2[by_doi[d]] = rec
        if ext.get("ArXiv") in by_arxiv:
            data.s2[by_arxiv[ext["ArXiv"]]] = rec
        if rec["paperId"] in by_pid:
            data.s2[rec["paperId"]] = rec
    # --- OpenAlex works by DOI (snapshot DOIs are https://doi.org/ URLs)
    dois = sorted({d for r in refs if (d := ref_doi(r, data))})
    [works] = scans([Scan(_files(openalex_dir, "works"), _WORK_COLS,
                          "lower(regexp_replace(doi, '^https?://(dx\\.)?doi\\.org/', ''))", dois)])
    for w in works:
        w.pop("abstract_inverted_index", None)
        w.pop("display_name", None)
        data.works[normalise_doi(w["doi"])] = w
    aids = sorted({short_oa_id((s.get("author") or {}).get("id")) for w in data.works.values()
                   for s in w.get("authorships") or [] if (s.get("author") or {}).get("id")})
    sids = sorted({short_oa_id(src["id"]) for w in data.works.values()
                   if (src := (w.get("primary_location") or {}).get("source")) and src.get("id")})
    author_rows, source_rows = scans([
        Scan(_files(openalex_dir, "authors"), _AUTHOR_COLS, "regexp_replace(id, '^.*/', '')", aids),
        Scan(_files(openalex_dir, "sources"), _SOURCE_COLS, "regexp_replace(id, '^.*/', '')", sids),
    ])
    for a in author_rows:
        data.authors[short_oa_id(a["id"])] = a
    for s in source_rows:
        data.sources[short_oa_id(s["id"])] = s
    if con is not None:
        con.close()
    return data


def fetch_second_level_snapshot(work_ids: Sequence[str], *, openalex_dir: Path,
                                scans: ScanRunner | None = None) -> dict[str, dict]:
    """Stage 5 from the OpenAlex works snapshot; ``scans`` as in :func:`fetch_snapshot`."""
    con = None
    if scans is None:
        import duckdb

        con = duckdb.connect()
        scans = duckdb_scans(con)
    ids = sorted({short_oa_id(w) for w in work_ids if w})
    out = {}
    [works] = scans([Scan(_files(openalex_dir, "works"), _WORK_COLS, "regexp_replace(id, '^.*/', '')", ids)])
    for w in works:
        row = second_level_row(w)
        out[row["openalex_id"]] = row
    if con is not None:
        con.close()
    return out
