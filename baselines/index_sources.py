"""Readers that turn bulk paper files into index records: one :class:`IndexRecord` per paper
(its metadata as a :class:`~surveybench.model.Reference` and the keys of the papers it cites).

Accepted inputs (a file or a directory of them; ``.jsonl``, ``.json``, ``.parquet``, ``.gz``):

- a SurveyBench dataset export (``surveybench data export``): every ``references`` row (the
  papers the surveys cite, with their ``referenced_works``), every ``second_level_references``
  row (the works those papers cite, SurveyGen §2.3) and the human-written surveys themselves
  (so retrieval can be shown to exclude them);
- Semantic Scholar: S2ORC 2020 metadata lines (``paper_id``, ``outbound_citations``), S2ORC full
  text in either release shape (read with :mod:`surveybench.data_builders.s2orc`), and S2
  Datasets ``papers`` lines (``corpusid``, ``externalids``) with ``abstracts`` lines merged in;
- arXiv metadata snapshots in the Kaggle JSON lines format (``id``, ``title``, ``abstract``,
  ``authors_parsed``, ``versions``).

A record whose shape is none of these stops the build with the file and line named.
"""

from __future__ import annotations

import datetime as _dt
import gzip
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from surveybench.model import Author, Reference, Venue


class IndexSourceError(ValueError):
    def __init__(self, where: str, reason: str) -> None:
        self.where, self.reason = where, reason
        super().__init__(f"{where}: {reason}")


@dataclass
class IndexRecord:
    paper: Reference
    cites: list[str] = field(default_factory=list)  # citation keys (see ``citation_key``)
    source: str = ""


# ---- identity keys ------------------------------------------------------------------------------


def norm_title(title: str | None) -> str | None:
    t = " ".join(re.sub(r"[^0-9a-z]+", " ", (title or "").lower()).split())
    return t or None


def citation_key(value: str | None) -> str | None:
    """One spelling per identifier: ``W123`` (OpenAlex), ``s2:123`` (S2 corpus id),
    ``doi:10.x/y``, ``arxiv:1234.5678``; an unknown shape is kept as given."""
    if not value:
        return None
    v = str(value).strip()
    m = re.fullmatch(r"(?:https?://openalex\.org/)?(W\d+)", v, re.I)
    if m:
        return m.group(1).upper()
    if v.lower().startswith(("s2:", "doi:", "arxiv:")):
        return v.split(":", 1)[0].lower() + ":" + v.split(":", 1)[1].lower()
    if v.isdigit():
        return f"s2:{v}"
    if v.startswith("10."):
        return f"doi:{v.lower()}"
    return v


def paper_keys(ref: Reference) -> list[str]:
    """Every identity key of a paper (used to join citations and to exclude a gold survey)."""
    keys = []
    if ref.openalex_id:
        keys.append(citation_key(ref.openalex_id))
    if ref.s2_corpus_id:
        keys.append(f"s2:{ref.s2_corpus_id}")
    if ref.doi:
        keys.append(f"doi:{ref.doi.lower()}")
    if ref.arxiv_id:
        keys.append(f"arxiv:{ref.arxiv_id.lower()}")
    return [k for k in dict.fromkeys(keys) if k]


# ---- readers ------------------------------------------------------------------------------------


def _open_lines(path: Path) -> Iterator[tuple[int, str]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
        for n, line in enumerate(fh, 1):
            if line.strip():
                yield n, line


def _doi(v: Any) -> str | None:
    if not v:
        return None
    s = str(v).strip().lower()
    s = re.sub(r"^(https?://(dx\.)?doi\.org/|doi:)", "", s)
    return s or None


def _s2orc_2020_metadata(r: dict[str, Any]) -> IndexRecord:
    authors = [Author(name=" ".join(x for x in [a.get("first"), *(a.get("middle") or []), a.get("last")] if x))
               for a in r.get("authors") or [] if isinstance(a, dict)]
    venue = r.get("journal") or r.get("venue")
    ref = Reference(
        id=f"s2:{r['paper_id']}", title=r.get("title"), abstract=r.get("abstract"),
        year=r.get("year"), doi=_doi(r.get("doi")), arxiv_id=r.get("arxiv_id"),
        s2_corpus_id=str(r["paper_id"]), authors=authors,
        venue=Venue(name=venue) if venue else None,
        fields_of_study=list(r.get("mag_field_of_study") or []),
    )
    return IndexRecord(ref, [f"s2:{c}" for c in r.get("outbound_citations") or []], "s2orc")


def _s2_dataset_paper(r: dict[str, Any], abstracts: dict[str, str]) -> IndexRecord:
    ext = r.get("externalids") or {}
    cid = str(r["corpusid"])
    ref = Reference(
        id=f"s2:{cid}", title=r.get("title"), abstract=r.get("abstract") or abstracts.get(cid),
        year=r.get("year"), publication_date=r.get("publicationdate"), doi=_doi(ext.get("DOI")),
        arxiv_id=ext.get("ArXiv"), s2_corpus_id=cid, url=r.get("url"),
        citation_count=r.get("citationcount"),
        influential_citation_count=r.get("influentialcitationcount"),
        authors=[Author(name=a.get("name") or "", s2_author_id=a.get("authorId"))
                 for a in r.get("authors") or [] if isinstance(a, dict)],
        venue=Venue(name=r["venue"]) if r.get("venue") else None,
    )
    return IndexRecord(ref, [], "s2-datasets")


def _s2orc_fulltext(r: dict[str, Any]) -> IndexRecord:
    from surveybench.data_builders.s2orc import parse_record

    s = parse_record(r)
    ref = Reference(
        id=f"s2:{s.s2_corpus_id or s.id}", title=s.title, abstract=s.abstract, year=s.year,
        publication_date=s.publication_date, doi=s.doi, s2_corpus_id=s.s2_corpus_id,
        s2_paper_id=s.s2_paper_id,
    )
    cites = [k for k in (citation_key(b.s2_corpus_id) if b.s2_corpus_id else
                         (f"doi:{b.doi}" if b.doi else None) for b in s.references) if k]
    return IndexRecord(ref, cites, "s2orc-fulltext")


_ARXIV_DATE = "%a, %d %b %Y %H:%M:%S %Z"


def _arxiv(r: dict[str, Any]) -> IndexRecord:
    date = None
    versions = r.get("versions") or []
    if versions and isinstance(versions[0], dict) and versions[0].get("created"):
        try:
            date = _dt.datetime.strptime(versions[0]["created"], _ARXIV_DATE).date().isoformat()
        except ValueError:
            date = None
    date = date or (r.get("update_date") or None)
    parsed = r.get("authors_parsed")
    if isinstance(parsed, list) and parsed:
        names = [" ".join(x for x in (p[1] if len(p) > 1 else "", p[0]) if x).strip() for p in parsed]
    else:
        names = [a.strip() for a in re.split(r",| and ", r.get("authors") or "") if a.strip()]
    aid = str(r["id"])
    ref = Reference(
        id=f"arxiv:{aid}", title=" ".join(str(r.get("title") or "").split()) or None,
        abstract=" ".join(str(r.get("abstract") or "").split()) or None,
        year=int(date[:4]) if date else None, publication_date=date, doi=_doi(r.get("doi")),
        arxiv_id=aid, authors=[Author(name=n) for n in names if n],
        fields_of_study=(r.get("categories") or "").split(),
    )
    return IndexRecord(ref, [], "arxiv")


def record_from_json(obj: Any, abstracts: dict[str, str] | None = None) -> IndexRecord | None:
    """One JSON record -> IndexRecord; None for an S2 ``abstracts`` line (merged elsewhere)."""
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {type(obj).__name__}")
    if "content" in obj or "body_text" in obj or "grobid_parse" in obj:
        return _s2orc_fulltext(obj)
    if "paper_id" in obj and "outbound_citations" in obj:
        return _s2orc_2020_metadata(obj)
    if "corpusid" in obj and "externalids" in obj:
        return _s2_dataset_paper(obj, abstracts or {})
    if "corpusid" in obj and set(obj) <= {"corpusid", "abstract", "openaccessinfo", "updated"}:
        return None
    if "id" in obj and ("authors_parsed" in obj or "versions" in obj) and "title" in obj:
        return _arxiv(obj)
    raise ValueError("not an S2ORC, S2 Datasets or arXiv metadata record (keys: "
                     + ", ".join(sorted(obj)[:8]) + ")")


# ---- dataset export -----------------------------------------------------------------------------


def _dataset_records(root: Path) -> Iterator[IndexRecord]:
    import pyarrow.parquet as pq

    from surveybench.dataset import check_layout
    from surveybench.dataset.schema import reference_from_row

    files = check_layout(root)
    for f in files.get("references", []):
        for row in pq.read_table(f).to_pylist():
            ref = reference_from_row(row)
            yield IndexRecord(ref.model_copy(update={"numbers": []}),
                              [k for k in map(citation_key, ref.referenced_works) if k], "dataset:references")
    for f in files.get("second_level_references", []):
        for row in pq.read_table(f).to_pylist():
            wid = citation_key(row["id"])
            ref = Reference(id=str(row["id"]), openalex_id=wid if wid and wid.startswith("W") else None,
                            title=row.get("title"), abstract=row.get("abstract"),
                            doi=_doi(row.get("doi")), year=row.get("year"),
                            citation_count=row.get("citation_count"))
            yield IndexRecord(ref, [], "dataset:second_level_references")
    for f in files.get("surveys", []):
        for row in pq.read_table(f, columns=["id", "system", "title", "abstract", "doi", "year",
                                             "publication_date", "s2_paper_id", "s2_corpus_id"]).to_pylist():
            if row.get("system"):
                continue  # generated surveys are not papers
            yield IndexRecord(Reference(
                id=f"survey:{row['id']}", title=row.get("title"), abstract=row.get("abstract"),
                doi=_doi(row.get("doi")), year=row.get("year"), publication_date=row.get("publication_date"),
                s2_paper_id=row.get("s2_paper_id"), s2_corpus_id=row.get("s2_corpus_id"),
            ), [], "dataset:surveys")


def _is_dataset(path: Path) -> bool:
    return path.is_dir() and (path / "data" / "surveys").is_dir()


def iter_source(path: Path) -> Iterator[IndexRecord]:
    """Records of one input (dataset export directory, file, or directory of bulk files)."""
    path = Path(path)
    if not path.exists():
        raise IndexSourceError(str(path), "no such file or directory")
    if _is_dataset(path):
        yield from _dataset_records(path)
        return
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    files = [f for f in files if re.search(r"\.(jsonl|json|ndjson)(\.gz)?$|\.gz$", f.name)]
    if not files:
        raise IndexSourceError(str(path), "no .jsonl/.json/.gz files")
    # S2 Datasets ship abstracts in their own files: read those first, merge by corpus id
    abstracts: dict[str, str] = {}
    pending: list[Path] = []
    for f in files:
        if "abstract" in f.as_posix().lower():
            for n, line in _open_lines(f):
                try:
                    o = json.loads(line)
                    abstracts[str(o["corpusid"])] = o.get("abstract")
                except (json.JSONDecodeError, KeyError, TypeError) as e:
                    raise IndexSourceError(f"{f}:{n}", f"not an S2 abstracts line ({e})") from None
        else:
            pending.append(f)
    for f in pending:
        data: Any = None
        if f.suffix == ".json":
            try:
                data = json.loads(f.read_text(encoding="utf-8"))
            except json.JSONDecodeError as e:
                if e.msg != "Extra data":
                    raise IndexSourceError(str(f), f"invalid JSON ({e.msg} at line {e.lineno})") from None
                data = None  # JSON lines under a .json name (the arXiv Kaggle snapshot)
        if f.suffix == ".json" and data is not None:
            items = data if isinstance(data, list) else [data]
            for i, o in enumerate(items):
                try:
                    rec = record_from_json(o, abstracts)
                except Exception as e:  # noqa: BLE001 - reported with its place
                    raise IndexSourceError(f"{f}[{i}]", str(e)) from None
                if rec:
                    yield rec
            continue
        for n, line in _open_lines(f):
            try:
                rec = record_from_json(json.loads(line), abstracts)
            except json.JSONDecodeError as e:
                raise IndexSourceError(f"{f}:{n}", f"invalid JSON ({e.msg})") from None
            except Exception as e:  # noqa: BLE001
                raise IndexSourceError(f"{f}:{n}", str(e)) from None
            if rec:
                yield rec
