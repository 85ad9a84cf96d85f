"""The SQLite reply cache on its own: persistence, thread safety, bad files, key stability."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from surveybench.judges import make_judge
from surveybench.judges.cache import CachedReply, ReplyCache, cache_key


def test_key_is_stable_and_order_free() -> None:
    a = cache_key(model="m", messages=[{"role": "user", "content": "x"}], temperature=0.0)
    b = cache_key(temperature=0.0, messages=[{"role": "user", "content": "x"}], model="m")
    assert a == b and len(a) == 64
    assert a != cache_key(model="m", messages=[{"role": "user", "content": "y"}], temperature=0.0)


def test_persists_across_connections_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "cache.sqlite"
    cache = ReplyCache(path)
    cache.put("k", judge="j", prompt="p@1:abc", reply=CachedReply("Score: 4", 10, 2, True))
    cache.close()
    again = ReplyCache(path)
    assert again.get("k") == CachedReply("Score: 4", 10, 2, True)
    assert again.get("missing") is None and len(again) == 1
    mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_threads_write_and_read_concurrently(tmp_path: Path) -> None:
    cache = ReplyCache(tmp_path / "c.sqlite")

    def work(t: int) -> None:
        for i in range(50):
            cache.put(f"{t}-{i}", judge="j", prompt="p", reply=CachedReply(str(i), 1, 1, False))
            assert cache.get(f"{t}-{i}") is not None

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(cache) == 200


def test_unusable_cache_file_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "cache.sqlite"
    bad.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(RuntimeError, match="cache.sqlite"):
        make_judge("http://127.0.0.1:9/v1@m", cache_path=bad)
