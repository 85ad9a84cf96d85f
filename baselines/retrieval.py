"""Candidate papers for the RAG baselines: loading, date cutoff, embedding retrieval and
co-citation expansion (SurveyGen §2.4 / App. C; AutoSurvey §2 "Initial Retrieval").

A candidate is a :class:`~surveybench.model.Reference` (title, abstract, citation count,
authors with h-index, venue with h-index, referenced works), so a SurveyGen survey's bibliography,
an exported ``references`` configuration or a Semantic Scholar dump converted to that shape can
all serve as the retrieval database.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from pydantic import ValidationError

from surveybench.model import Reference


class CandidateError(ValueError):
    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


def _from_obj(obj: object, path: Path, where: str, i: int) -> Reference:
    if not isinstance(obj, dict):
        raise CandidateError(path, f"{where}: expected a JSON object, got {type(obj).__name__}")
    data = dict(obj)
    # a row of the dataset export's ``references`` configuration: drop the join columns
    survey_id = data.get("survey_id")
    for k in EXPORT_JOIN_COLUMNS:
        data.pop(k, None)
    if survey_id is not None and data.get("id") is not None:
        data["id"] = f"{survey_id}#{data['id']}"  # entry ids are local to their survey
    data.setdefault("id", str(i))
    data["id"] = str(data["id"])
    try:
        return Reference.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        loc = ".".join(str(x) for x in first["loc"])
        raise CandidateError(path, f"{where}: field {loc!r}: {first['msg']}") from None


EXPORT_JOIN_COLUMNS = ("survey_id", "survey_system", "position")


def load_candidates(path: Path) -> list[Reference]:
    """Candidates from ``.jsonl`` (one Reference-shaped object per line), ``.json`` (a list of
    them, or an object with a ``references`` list), ``.parquet`` (the dataset export's
    ``references`` file), or any survey file the readers understand (its bibliography becomes
    the pool). Rows of the export (``survey_id``, ``survey_system``, ``position`` columns) are
    accepted; the same paper cited by several surveys is kept once."""
    path = Path(path)
    if not path.is_file():
        raise CandidateError(path, "no such file")
    if path.suffix.lower() == ".parquet":
        return _from_parquet(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CandidateError(path, "not UTF-8 text") from None
    if not text.strip():
        raise CandidateError(path, "empty file")
    refs: list[Reference]
    if path.suffix.lower() == ".jsonl":
        refs = []
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                raise CandidateError(path, f"line {n}: invalid JSON ({e.msg})") from None
            refs.append(_from_obj(obj, path, f"line {n}", len(refs)))
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise CandidateError(path, f"invalid JSON ({e.msg} at line {e.lineno})") from None
        if isinstance(data, dict) and "sections" in data:
            from surveybench.readers import read_survey  # a survey file: use its bibliography

            refs = list(read_survey(path).references)
        elif isinstance(data, dict) and isinstance(data.get("references"), list):
            refs = [_from_obj(o, path, f"references[{i}]", i) for i, o in enumerate(data["references"])]
        elif isinstance(data, list):
            refs = [_from_obj(o, path, f"item {i}", i) for i, o in enumerate(data)]
        else:
            raise CandidateError(path, "expected a list of papers or an object with 'references'")
    ids = Counter(r.id for r in refs)
    dup = [i for i, c in ids.items() if c > 1]
    if dup:
        raise CandidateError(path, f"duplicate candidate ids {dup[:5]}")
    if not refs:
        raise CandidateError(path, "no candidate papers")
    return refs


def _from_parquet(path: Path) -> list[Reference]:
    import pyarrow.parquet as pq

    try:
        rows = pq.read_table(path).to_pylist()
    except Exception as e:  # noqa: BLE001 - any Arrow error: not a readable Parquet file
        raise CandidateError(path, f"not a readable Parquet file ({e})") from None
    refs: list[Reference] = []
    seen: set[tuple[str | None, str | None, str | None]] = set()
    for i, row in enumerate(rows):
        ref = _from_obj(row, path, f"row {i}", i)
        key = (ref.doi, ref.openalex_id, ref.title if not (ref.doi or ref.openalex_id) else None)
        if any(key) and key in seen:
            continue  # the same paper cited by several surveys
        seen.add(key)
        refs.append(ref)
    if not refs:
        raise CandidateError(path, "no candidate papers")
    return refs


def candidate_text(ref: Reference) -> str:
    """What is embedded: title and abstract (SurveyGen §2.4 embeds abstracts; AutoSurvey App. B
    embeds title and abstract)."""
    body = ref.source_text() or ""
    title = ref.title or ref.raw or ""
    return f"{title}. {body}".strip(". ") if body else title


def published_before(ref: Reference, cutoff: str | None) -> bool:
    """True when the paper is known to predate ``cutoff`` (``YYYY`` or ``YYYY-MM-DD``), or its
    date is unknown (kept: dropping undated papers would bias the pool toward metadata-rich
    sources). SurveyGen App. C restricts retrieval to works published before the survey."""
    if not cutoff:
        return True
    if ref.publication_date and len(cutoff) >= 10:
        return ref.publication_date[:10] < cutoff[:10]
    if ref.year is not None:
        cy = int(cutoff[:4])
        if len(cutoff) >= 10:
            return ref.year <= cy  # same year, unknown day: cannot tell, keep
        return ref.year < cy
    return True


def cosine_to_query(embedder: object, query: str, texts: Sequence[str]) -> np.ndarray:
    """Eq. 1 of SurveyGen: cos(v_q, v_d) on L2-normalised embeddings."""
    vecs = embedder.encode([query, *texts])  # type: ignore[attr-defined]
    return np.asarray(vecs[1:] @ vecs[0], dtype=np.float64)


def top_n(scores: Sequence[float], n: int) -> list[int]:
    """Indices of the ``n`` highest scores, best first; ties keep input order."""
    return sorted(range(len(scores)), key=lambda i: (-scores[i], i))[: max(0, n)]


def work_key(work_id: str | None) -> str | None:
    """``https://openalex.org/W123`` / ``W123`` -> ``W123`` (ids compared case-insensitively)."""
    if not work_id:
        return None
    return work_id.rstrip("/").rsplit("/", 1)[-1].upper() or None


def co_cited(
    selected: Sequence[Reference],
    pool: Sequence[Reference],
    *,
    min_citers: int = 2,
    limit: int = 50,
) -> list[int]:
    """Indices into ``pool`` of papers outside ``selected`` cited by at least ``min_citers``
    papers of ``selected`` (SurveyGen §2.4 co-citation expansion), most co-cited first, at most
    ``limit`` (App. C adds the 50 most frequently co-cited). A pool paper is recognised by its
    OpenAlex id against the selected papers' ``referenced_works``."""
    counts: Counter[str] = Counter()
    for r in selected:
        for w in {work_key(x) for x in r.referenced_works} - {None}:
            counts[w] += 1  # type: ignore[index]
    chosen = {r.id for r in selected}
    hits = []
    for i, r in enumerate(pool):
        k = work_key(r.openalex_id)
        if r.id in chosen or k is None:
            continue
        if counts.get(k, 0) >= min_citers:
            hits.append((counts[k], i))
    hits.sort(key=lambda x: (-x[0], x[1]))
    return [i for _, i in hits[:limit]]


# ---- retrievers: what the RAG baselines search -------------------------------------------------


def _is_gold(ref: Reference, gold_keys: set[str], gold_title: str | None) -> bool:
    from surveybench.baselines.index_sources import norm_title, paper_keys

    return bool(set(paper_keys(ref)) & gold_keys) or (
        gold_title is not None and norm_title(ref.title) == gold_title)


def gold_identity(gold: object | None) -> tuple[set[str], str | None]:
    """Identity keys and normalised title of the gold survey (excluded from retrieval:
    AutoSurvey §4 "human writing surveys used for evaluation are excluded")."""
    from surveybench.baselines.index_sources import norm_title, paper_keys

    if gold is None:
        return set(), None
    ref = Reference(id="gold", title=getattr(gold, "title", None), doi=getattr(gold, "doi", None),
                    s2_corpus_id=getattr(gold, "s2_corpus_id", None))
    return set(paper_keys(ref)), norm_title(ref.title)


class MemoryRetriever:
    """A candidate list held in memory (``--candidates FILE``): dense cosine retrieval
    (SurveyGen eq. 1) over the candidates published before ``cutoff``, minus the gold survey;
    co-citation expansion among the candidates by OpenAlex id."""

    def __init__(self, candidates: Sequence[Reference], embedder: object, *,
                 cutoff: str | None = None, gold: object | None = None) -> None:
        keys, title = gold_identity(gold)
        self.embedder = embedder
        self.cutoff = cutoff
        self.pool = [c for c in candidates if published_before(c, cutoff)
                     and not (gold is not None and _is_gold(c, keys, title))]
        self.excluded_gold = sum(1 for c in candidates if gold is not None and _is_gold(c, keys, title))
        self._vecs: np.ndarray | None = None
        self._row = {c.id: i for i, c in enumerate(self.pool)}

    def _vectors(self) -> np.ndarray:
        if self._vecs is None:
            self._vecs = np.asarray(self.embedder.encode([candidate_text(c) for c in self.pool]))  # type: ignore[attr-defined]
        return self._vecs

    def __len__(self) -> int:
        return len(self.pool)

    def search(self, query: str, k: int) -> list[tuple[Reference, float]]:
        if not self.pool:
            return []
        q = np.asarray(self.embedder.encode([query]))[0]  # type: ignore[attr-defined]
        sims = self._vectors() @ q
        return [(self.pool[i], float(sims[i])) for i in top_n(list(map(float, sims)), k)]

    def vectors_of(self, refs: Sequence[Reference]) -> np.ndarray:
        vecs = self._vectors()
        missing = [r for r in refs if r.id not in self._row]
        extra = iter(np.asarray(self.embedder.encode([candidate_text(r) for r in missing]))) if missing else iter(())  # type: ignore[attr-defined]
        return np.stack([vecs[self._row[r.id]] if r.id in self._row else next(extra) for r in refs])

    def co_cited(self, selected: Sequence[Reference], *, min_citers: int = 2, limit: int = 50) -> list[Reference]:
        return [self.pool[i] for i in co_cited(selected, self.pool, min_citers=min_citers, limit=limit)]

    def describe(self) -> dict[str, object]:
        return {"kind": "candidates", "pool": len(self.pool), "cutoff": self.cutoff,
                "gold_excluded": self.excluded_gold,
                "embedder": getattr(self.embedder, "model_id", None)}


class IndexRetriever:
    """A :class:`~surveybench.baselines.index.PaperIndex` seen from one task: papers published
    before ``cutoff``, never the gold survey; co-cited works found through the index's citation
    graph and, when ``openalex`` (a :class:`surveybench.data_builders.clients.OpenAlexClient`)
    is given, fetched from OpenAlex when the index lacks them (SurveyGen App. C)."""

    def __init__(self, index: object, embedder: object, *, cutoff: str | None = None,
                 gold: object | None = None, mode: str = "dense", openalex: object | None = None) -> None:
        self.index = index
        self.embedder = embedder
        self.cutoff = cutoff
        self.mode = mode
        self.openalex = openalex
        self.limit = index.rows_before(cutoff)  # type: ignore[attr-defined]
        self.exclude = index.matching_rows(gold) if gold is not None else set()  # type: ignore[attr-defined]
        self._row: dict[str, int] = {}
        self.fetched = 0
        # the last co-citation expansion in numbers: works cited by >= min_citers of the
        # selection, found in the index, fetched from OpenAlex, and left out for want of metadata
        self.co_citation: dict[str, int] = {}

    def __len__(self) -> int:
        return self.limit - sum(1 for r in self.exclude if r < self.limit)

    def _ref(self, row: int) -> Reference:
        ref = self.index.reference(row)  # type: ignore[attr-defined]
        self._row[ref.id] = row
        return ref

    def search(self, query: str, k: int) -> list[tuple[Reference, float]]:
        q = np.asarray(self.embedder.encode([query]))[0]  # type: ignore[attr-defined]
        hits = self.index.search(query, q, k, cutoff=self.cutoff, exclude=self.exclude, mode=self.mode)  # type: ignore[attr-defined]
        return [(self._ref(h.row), h.score) for h in hits]

    def vectors_of(self, refs: Sequence[Reference]) -> np.ndarray:
        vecs = self.index.vectors  # type: ignore[attr-defined]
        missing = [r for r in refs if r.id not in self._row]
        extra = iter(np.asarray(self.embedder.encode([candidate_text(r) for r in missing]))) if missing else iter(())  # type: ignore[attr-defined]
        return np.stack([np.asarray(vecs[self._row[r.id]]) if r.id in self._row else next(extra) for r in refs])

    def co_cited(self, selected: Sequence[Reference], *, min_citers: int = 2, limit: int = 50) -> list[Reference]:
        rows = [self._row[r.id] for r in selected if r.id in self._row]
        ranked = self.index.co_cited_keys(rows, [r for r in selected if r.id in self._row],  # type: ignore[attr-defined]
                                          min_citers=min_citers)
        chosen = {r.id for r in selected}
        out: list[Reference] = []
        remote: list[str] = []
        no_metadata = 0
        for key, _count in ranked:
            if len(out) >= limit:
                break
            row = self.index.row_of(key)  # type: ignore[attr-defined]
            if row is not None:
                if row >= self.limit or row in self.exclude:
                    continue  # published after the cutoff, or the gold survey itself
                ref = self._ref(row)
                if ref.id not in chosen and (ref.title or ref.abstract):
                    out.append(ref)
                    chosen.add(ref.id)
            elif self.openalex is not None and key.startswith("W"):
                remote.append(key)
            else:
                no_metadata += 1  # only an id in the graph (e.g. second-level ids without rows)
        from_index = len(out)
        fetched_before = self.fetched
        # most co-cited first; fetched 100 ids per request until enough are published in time
        for s in range(0, len(remote), 100):
            if len(out) >= limit:
                break
            out.extend(self._fetch(remote[s : s + 100], limit - len(out)))
        self.co_citation = {"co_cited_works": len(ranked), "from_index": from_index,
                            "from_openalex": self.fetched - fetched_before,
                            "without_metadata": no_metadata, "added": len(out[:limit])}
        return out[:limit]

    def _fetch(self, work_ids: list[str], n: int) -> list[Reference]:
        from surveybench.data_builders.enrich import fetch_second_level_api

        rows = fetch_second_level_api(work_ids, self.openalex)
        got = []
        for w in work_ids:  # keep the co-citation order
            row = rows.get(w)
            if not row or not row.get("title"):
                continue
            ref = Reference(id=w, openalex_id=w, title=row["title"], abstract=row.get("abstract"),
                            doi=row.get("doi"), year=row.get("year"), citation_count=row.get("citation_count"))
            if published_before(ref, self.cutoff):
                got.append(ref)
        self.fetched += len(got[:n])
        return got[:n]

    def describe(self) -> dict[str, object]:
        return {"kind": "index", "index": str(self.index.path), "pool": len(self),  # type: ignore[attr-defined]
                "cutoff": self.cutoff, "gold_excluded": len(self.exclude), "mode": self.mode,
                "embedder": getattr(self.embedder, "model_id", None),
                "fetched_from_openalex": self.fetched, **({"co_citation": self.co_citation}
                                                          if self.co_citation else {})}
