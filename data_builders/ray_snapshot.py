"""Snapshot mode on a Ray cluster: the bulk files read, filtered and joined by Ray Data.

``surveybench build --executor ray`` runs stage 4/5 of the snapshot build
(:mod:`surveybench.data_builders.snapshot`) with :class:`RayScanRunner` in place of DuckDB. The
assembly of the corpus (which ids are wanted, how rows become Semantic Scholar / OpenAlex
records) is the same code; only the filtered reads differ, and they give the same rows:

* every file of a set is one Ray Data read task (:class:`MatchingJsonlDatasource`), scheduled
  on any node that reaches the files (a shared path, or ``s3://`` / ``gs://`` through pyarrow's
  filesystems). A task streams its gzipped JSON Lines file line by line — never the whole file in
  memory, unlike ``ray.data.read_text`` — and emits only the lines whose key is wanted (a
  broadcast semi-join: the wanted ids go once to the object store, the bulk data never moves);
* each column is coerced to the type the DuckDB query declares (``BIGINT``, ``VARCHAR``,
  ``VARCHAR[]``, ``JSON``), and each SQL key expression has a Python twin (:data:`KEY_FUNCTIONS`);
* when a key is in several files the newest partition (the greatest path) wins, as DuckDB's
  ``QUALIFY row_number() OVER (PARTITION BY key ORDER BY filename DESC) = 1``; two rows with one
  key in one file (DuckDB picks either) resolve to the later line;
* scans over the same files share one pass (the four S2 ``papers`` look-ups are one read of
  ``papers/``), and scans over different file sets run as one union, at the same time.

Equality with the DuckDB path on generated shards is tested in ``tests/test_ray_cluster.py``.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import pyarrow as pa
import ray
import ray.data
from ray.data.datasource import FileBasedDatasource

from surveybench.data_builders.snapshot import Scan, SnapshotError

# ---- the Python twins of the SQL used in snapshot.py -----------------------------------------
_DOI_URL = re.compile(r"^https?://(dx\.)?doi\.org/")
_UP_TO_LAST_SLASH = re.compile(r"^.*/")


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def as_bigint(value: Any) -> int | None:
    """A JSON value read as DuckDB ``BIGINT`` (integral numbers and numeric strings)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise ValueError(f"{value!r} is not an integer")


def as_varchar(value: Any) -> str | None:
    """A JSON value read as DuckDB ``VARCHAR`` (a nested value becomes its JSON text)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    return _json_text(value)


def _coerce(value: Any, duck_type: str) -> Any:
    if duck_type == "BIGINT":
        return as_bigint(value)
    if duck_type == "VARCHAR":
        return as_varchar(value)
    if duck_type == "VARCHAR[]":
        if value is None:
            return None
        if not isinstance(value, list):
            raise ValueError(f"{value!r} is not a list")
        return [as_varchar(v) for v in value]
    if duck_type == "BOOLEAN":
        if value is None or isinstance(value, bool):
            return value
        raise ValueError(f"{value!r} is not a boolean")
    if duck_type == "JSON":
        return value
    raise ValueError(f"no Python reading for DuckDB type {duck_type}")


def _json_string(obj: Any, field: str) -> str | None:
    """``json_extract_string(obj, '$.field')``."""
    if not isinstance(obj, dict):
        return None
    return as_varchar(obj.get(field))


def _sub_first(pattern: re.Pattern[str], value: str | None) -> str | None:
    """``regexp_replace(value, pattern, '')`` (first match only, as DuckDB without 'g')."""
    return None if value is None else pattern.sub("", value, count=1)


def _lower(value: str | None) -> str | None:
    return None if value is None else value.lower()


KEY_FUNCTIONS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "CAST(corpusid AS VARCHAR)": lambda r: as_varchar(as_bigint(r.get("corpusid"))),
    "lower(json_extract_string(externalids, '$.DOI'))": lambda r: _lower(_json_string(r.get("externalids"), "DOI")),
    "json_extract_string(externalids, '$.ArXiv')": lambda r: _json_string(r.get("externalids"), "ArXiv"),
    "regexp_replace(url, '^.*/', '')": lambda r: _sub_first(_UP_TO_LAST_SLASH, as_varchar(r.get("url"))),
    "regexp_replace(id, '^.*/', '')": lambda r: _sub_first(_UP_TO_LAST_SLASH, as_varchar(r.get("id"))),
    "lower(regexp_replace(doi, '^https?://(dx\\.)?doi\\.org/', ''))":
        lambda r: _lower(_sub_first(_DOI_URL, as_varchar(r.get("doi")))),
}


def key_function(key_expr: str) -> Callable[[dict[str, Any]], str | None]:
    try:
        return KEY_FUNCTIONS[key_expr]
    except KeyError:
        raise SnapshotError(f"the Ray snapshot reader has no Python twin for the key expression {key_expr!r} "
                            "(add one to surveybench.data_builders.ray_snapshot.KEY_FUNCTIONS)") from None


def project(record: dict[str, Any], cols: dict[str, str]) -> dict[str, Any]:
    """The declared columns of a record, typed as DuckDB reads them."""
    return {name: _coerce(record.get(name), typ) for name, typ in cols.items()}


# ---- the Ray Data source -------------------------------------------------------------------
MATCHES_PER_BLOCK = 5000
MATCH_SCHEMA = pa.schema([("scan", pa.int32()), ("key", pa.string()), ("path", pa.string()),
                          ("line", pa.int64()), ("record", pa.string())])


def scan_lines(lines: Iterable[bytes], path: str, specs: Sequence[tuple[int, dict[str, str], str]],
               wanted: dict[int, frozenset[str]]) -> Iterator[list[dict[str, Any]]]:
    """Matches of one file's lines, in lists of at most :data:`MATCHES_PER_BLOCK` rows:
    ``{"scan", "key", "path", "line", "record"}`` (``record``: the projected row as JSON text)."""
    keyed = [(i, cols, key_function(expr)) for i, cols, expr in specs if wanted.get(i)]
    out: list[dict[str, Any]] = []
    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
            if not isinstance(rec, dict):
                raise ValueError("not a JSON object")
            for i, cols, key_of in keyed:
                key = key_of(rec)
                if key is not None and key in wanted[i]:
                    out.append({"scan": i, "key": key, "path": path, "line": n,
                                "record": _json_text(project(rec, cols))})
        except ValueError as exc:  # JSONDecodeError is a ValueError; so are the type checks
            raise SnapshotError(f"{path}: line {n}: cannot read as gzipped JSON Lines: {exc}") from None
        if len(out) >= MATCHES_PER_BLOCK:
            yield out
            out = []
    if out:
        yield out


class MatchingJsonlDatasource(FileBasedDatasource):
    """Gzipped (or plain) JSON Lines files -> only the rows :func:`scan_lines` keeps, one read task
    per file group; the wanted ids come from the object store (``wanted_ref``)."""

    _FILE_EXTENSIONS = ["gz", "jsonl", "json"]

    def __init__(self, paths: Sequence[str], specs: Sequence[tuple[int, dict[str, str], str]],
                 wanted_ref: Any) -> None:
        super().__init__(list(paths))
        self._specs = list(specs)
        self._wanted_ref = wanted_ref

    def _read_stream(self, f: Any, path: str) -> Iterator[pa.Table]:
        wanted = ray.get(self._wanted_ref)
        # pyarrow decompresses .gz by extension; BufferedReader streams it line by line
        lines = io.BufferedReader(f, buffer_size=1 << 20)
        for rows in scan_lines(lines, path, self._specs, wanted):
            yield pa.Table.from_pylist(rows, schema=MATCH_SCHEMA)


class RayScanRunner:
    """A :data:`surveybench.data_builders.snapshot.ScanRunner` on the connected Ray cluster.

    ``stats`` counts, per call, the file sets read and the rows matched (the build records them).
    """

    def __init__(self, address: str | None = None) -> None:
        from surveybench.ray_cluster import connect

        self.cluster = connect(address)
        self.stats: dict[str, int] = {"passes": 0, "files_read": 0, "rows_matched": 0}

    def __call__(self, scans: Sequence[Scan]) -> list[list[dict]]:
        results: list[list[dict]] = [[] for _ in scans]
        live = [i for i, s in enumerate(scans) if s.wanted and s.files]
        if not live:
            return results
        for i in live:
            key_function(scans[i].key_expr)  # an unknown expression fails here, before any read
        wanted_ref = ray.put({i: frozenset(scans[i].wanted) for i in live})
        by_files: dict[tuple[str, ...], list[int]] = {}
        for i in live:
            by_files.setdefault(tuple(scans[i].files), []).append(i)
        datasets = [
            ray.data.read_datasource(MatchingJsonlDatasource(
                list(files), [(i, scans[i].cols, scans[i].key_expr) for i in idx], wanted_ref))
            for files, idx in by_files.items()
        ]
        ds = datasets[0].union(*datasets[1:]) if len(datasets) > 1 else datasets[0]
        self.stats["passes"] += len(datasets)
        self.stats["files_read"] += sum(len(f) for f in by_files)
        best: dict[tuple[int, str], tuple[str, int, str]] = {}
        try:
            for batch in ds.iter_batches(batch_format="pyarrow", batch_size=None):
                cols = batch.to_pydict()
                for scan, key, path, line, record in zip(cols["scan"], cols["key"], cols["path"],
                                                         cols["line"], cols["record"], strict=True):
                    # newest partition wins (greatest path), then the later line of one file
                    cur = best.get((scan, key))
                    if cur is None or (path, line) > (cur[0], cur[1]):
                        best[(scan, key)] = (path, line, record)
        except SnapshotError:
            raise
        except Exception as exc:  # noqa: BLE001 - a read task's error arrives wrapped by Ray
            raise SnapshotError(_task_error_message(exc)) from None
        for (scan, _key), (_p, _l, record) in sorted(best.items()):
            results[scan].append(json.loads(record))
        self.stats["rows_matched"] += len(best)
        return results


def _task_error_message(exc: BaseException) -> str:
    """The message of the SnapshotError raised inside a read task, else Ray's own text."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        if isinstance(cur, SnapshotError):
            return str(cur)
        cause = getattr(cur, "cause", None)
        cur = cause if isinstance(cause, BaseException) else (cur.__cause__ or cur.__context__)
    text = str(exc)
    for line in text.splitlines():
        if "SnapshotError:" in line:
            return line.split("SnapshotError:", 1)[1].strip()
    return f"snapshot read failed on the Ray cluster: {text.splitlines()[0] if text else type(exc).__name__}"
