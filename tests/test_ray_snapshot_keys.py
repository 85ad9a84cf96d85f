"""The Ray Data snapshot reader's Python twins of the DuckDB key expressions and column types,
checked against DuckDB itself on awkward records (no cluster needed)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import duckdb
import pytest

from surveybench.data_builders import snapshot
from surveybench.data_builders.ray_snapshot import KEY_FUNCTIONS, project, scan_lines
from surveybench.data_builders.snapshot import SnapshotError

RECORDS = [
    {"id": "https://openalex.org/W1", "doi": "https://doi.org/10.1000/ABC", "corpusid": 7,
     "externalids": {"DOI": "10.1000/MiXeD", "ArXiv": "2101.00001"}, "url": "https://www.semanticscholar.org/paper/aa11"},
    {"id": "W2", "doi": "http://dx.doi.org/10.2000/x/y", "corpusid": "42",
     "externalids": {"DOI": None, "ArXiv": None}, "url": "https://a/b/c/"},
    {"id": "https://openalex.org/works/W3", "doi": "10.3000/plain", "corpusid": 9.0,
     "externalids": {}, "url": "no-slash"},
    {"id": None, "doi": None, "corpusid": None, "externalids": None, "url": None},
    {"doi": "HTTPS://DOI.ORG/10.4/up"},  # the prefix pattern is case-sensitive in DuckDB
]

def _gz(path: Path, rows: list[dict]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")
    return path


def test_every_key_expression_of_snapshot_py_has_a_twin(tmp_path):
    """Record the scans stage 4 and 5 ask for (by every lookup route) and look each key up."""
    from surveybench.model import Reference

    for sub in ("oa/data/works/updated_date=1", "oa/data/authors/updated_date=1", "oa/data/sources/updated_date=1",
                "s2/papers", "s2/abstracts", "s2/tldrs"):
        (tmp_path / sub).mkdir(parents=True)
        _gz(tmp_path / sub / "part_0.gz", [])
    asked: list[str] = []

    def record(scans):
        asked.extend(s.key_expr for s in scans)
        return [[] for _ in scans]

    refs = [Reference(id="p", s2_paper_id="abc"), Reference(id="c", s2_corpus_id="1"),
            Reference(id="d", doi="10.1/x"), Reference(id="a", arxiv_id="2101.1")]
    snapshot.fetch_snapshot(refs, openalex_dir=tmp_path / "oa", s2_dir=tmp_path / "s2", scans=record)
    snapshot.fetch_second_level_snapshot(["W1"], openalex_dir=tmp_path / "oa", scans=record)
    assert set(asked) == set(KEY_FUNCTIONS)  # corpus id, DOI, arXiv, S2 paper id, OpenAlex id and DOI


@pytest.mark.parametrize("expr", sorted(KEY_FUNCTIONS))
def test_key_twin_equals_duckdb(expr, tmp_path):
    cols = {"id": "VARCHAR", "doi": "VARCHAR", "corpusid": "BIGINT", "externalids": "JSON", "url": "VARCHAR"}
    path = _gz(tmp_path / "r.jsonl.gz", RECORDS)
    con = duckdb.connect()
    duck = [row[0] for row in con.execute(
        f"SELECT {expr} FROM {snapshot._reader([str(path)], cols)}").fetchall()]  # file order
    twin = [KEY_FUNCTIONS[expr](r) for r in RECORDS]
    assert twin == duck


def test_projection_types_equal_duckdb(tmp_path):
    rows = [{"corpusid": "17", "title": 5, "year": 2020.0, "externalids": {"DOI": "x", "n": [1, 2.5]},
             "publicationtypes": ["Review", 3], "is_core": True, "extra": "dropped"},
            {"title": {"nested": True}}]
    cols = {"corpusid": "BIGINT", "title": "VARCHAR", "year": "BIGINT", "externalids": "JSON",
            "publicationtypes": "VARCHAR[]", "is_core": "BOOLEAN"}
    path = _gz(tmp_path / "p.jsonl.gz", rows)
    con = duckdb.connect()
    got = con.execute(f"SELECT {', '.join(cols)} FROM {snapshot._reader([str(path)], cols)}").fetchall()
    duck = [{n: (json.loads(v) if cols[n] == "JSON" and isinstance(v, str) else v)
             for n, v in zip(cols, row, strict=True)} for row in got]
    assert [project(r, cols) for r in rows] == duck


def test_bad_line_is_named_with_file_and_line():
    lines = [b'{"id": "W1"}\n', b"\n", b"{not json\n"]
    with pytest.raises(SnapshotError, match=r"part_7.gz: line 3: cannot read"):
        list(scan_lines(iter(lines), "part_7.gz", [(0, {"id": "VARCHAR"}, "regexp_replace(id, '^.*/', '')")],
                        {0: frozenset({"W9"})}))


def test_scan_keeps_only_wanted_rows_with_their_line():
    lines = [json.dumps({"id": f"https://openalex.org/W{i}", "x": i}).encode() for i in range(10)]
    out = [r for block in scan_lines(iter(lines), "f.gz", [(3, {"id": "VARCHAR"}, "regexp_replace(id, '^.*/', '')")],
                                     {3: frozenset({"W2", "W7"})}) for r in block]
    assert [(r["scan"], r["key"], r["line"]) for r in out] == [(3, "W2", 3), (3, "W7", 8)]
    assert json.loads(out[0]["record"]) == {"id": "https://openalex.org/W2"}
