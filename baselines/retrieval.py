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
    data.setdefault("id", str(i))
    data["id"] = str(data["id"])
    try:
        return Reference.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        loc = ".".join(str(x) for x in first["loc"])
        raise CandidateError(path, f"{where}: field {loc!r}: {first['msg']}") from None


def load_candidates(path: Path) -> list[Reference]:
    """Candidates from ``.jsonl`` (one Reference-shaped object per line), ``.json`` (a list of
    them, or an object with a ``references`` list), or any survey file the readers understand
    (its bibliography becomes the pool)."""
    path = Path(path)
    if not path.is_file():
        raise CandidateError(path, "no such file")
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
