"""Several processes opening one fresh cache file at once (surveybench/sqlite_wal.py).

SQLite does not wait on a lock while switching a file to WAL journal mode, so before
``connect_wal`` a process that opened a fresh embedding store, judge cache or HTTP cache while
another was opening it too failed with "database is locked" (CI: a Ray worker's key-point recall
fell back to document order). Measured before the change: 13 of 30 rounds of six processes had
a failure.
"""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from surveybench.sqlite_wal import connect_wal

PROCESSES = 6
ROUNDS = 12


def _open_and_use(kind: str, path: str, start_at: float) -> str:
    """Open the cache ``kind`` on ``path`` at ``start_at`` (all processes together), use it once."""
    while time.time() < start_at:
        time.sleep(0.0005)
    try:
        if kind == "embeddings":
            from surveybench.embeddings import EmbeddingStore

            store = EmbeddingStore(Path(path))
            store.put_vectors("m", {f"k{time.time_ns()}": np.ones(4, np.float32)})
            store.close()
        elif kind == "judge replies":
            from surveybench.judges.cache import CachedReply, ReplyCache

            ReplyCache(Path(path)).put(f"k{time.time_ns()}", judge="j", prompt="p", reply=CachedReply("Yes", 1, 1, False))
        else:
            from surveybench.data_builders.http import ResponseCache

            cache = ResponseCache(Path(path))
            cache.put(cache.key("GET", f"https://api.openalex.org/works/{time.time_ns()}", None), "GET", "u", None, 200, {})
        return "ok"
    except Exception as exc:  # reported, not raised: the test counts the failures
        return f"{type(exc).__name__}: {exc}"


@pytest.fixture(scope="module")
def workers():
    # spawn, not fork: the test process may hold threads (a fork would copy their locks)
    with multiprocessing.get_context("spawn").Pool(PROCESSES) as pool:
        pool.starmap(_open_and_use, [("embeddings", "/dev/null/none", 0.0)] * PROCESSES)  # imports done
        yield pool


@pytest.mark.parametrize("kind", ["embeddings", "judge replies", "http responses"])
def test_processes_opening_one_fresh_cache_together_all_succeed(workers, kind, tmp_path):
    failures = []
    for r in range(ROUNDS):
        path = str(tmp_path / f"round{r}.sqlite")
        start_at = time.time() + 0.3
        failures += [f for f in workers.starmap(_open_and_use, [(kind, path, start_at)] * PROCESSES) if f != "ok"]
        assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert not failures, failures


def test_a_lock_outlasting_the_timeout_is_raised_not_waited_forever(tmp_path):
    path = tmp_path / "held.sqlite"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    t0 = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        connect_wal(path, timeout=0.3)
    assert 0.25 < time.monotonic() - t0 < 5
    # released while a connection waits: it goes on, in WAL mode, with its set-up done
    threading.Timer(0.3, lambda: holder.execute("COMMIT")).start()
    db = connect_wal(path, timeout=10, setup=("CREATE TABLE IF NOT EXISTS u (y)", ("INSERT INTO u VALUES (?)", (7,))))
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("SELECT y FROM u").fetchall() == [(7,)]


def test_a_file_that_is_not_sqlite_is_an_error_at_once(tmp_path):
    path = tmp_path / "not.sqlite"
    path.write_bytes(b"this is not a database, " * 200)
    t0 = time.monotonic()
    with pytest.raises(sqlite3.DatabaseError):
        connect_wal(path, timeout=30, check=True)
    assert time.monotonic() - t0 < 5  # not retried as if locked
