"""Persistent SQLite cache of judge replies: a re-run of the same evaluation makes zero calls.

The key hashes everything that determines a reply — backend kind, base URL (never the key),
model, prompt fingerprint (name, version, template hash), the rendered messages and the
sampling parameters (temperature, max_tokens, seed). Only replies that parsed are stored; the
raw text is kept and re-parsed on a hit, so a stricter parser can reject an old reply.
WAL mode lets several processes read while one writes; a lock serialises this process's threads.

Replies are redacted (:func:`surveybench.secrets.redact_secrets`) before they are stored: a
judge that echoes an API key must not leave it on disk. A cache file that is not SQLite, or
whose pages are damaged (a truncated copy, a disk error), raises :class:`JudgeCacheError` naming
the file when it is opened or read — never a silent skip: a run that cannot trust its cache
stops and says so (delete the file to start a fresh cache).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from surveybench.judges.types import JudgeCacheError
from surveybench.secrets import redact_secrets
from surveybench.sqlite_wal import connect_wal, is_locked


def cache_key(**parts: Any) -> str:
    blob = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass
class CachedReply:
    reply: str
    prompt_tokens: int
    completion_tokens: int
    truncated: bool


class ReplyCache:
    def __init__(self, path: Path, *, check: bool = True) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        try:
            # check: reads every page once, so a truncated or damaged file fails here, by name,
            # instead of in the middle of a run
            self._db = connect_wal(
                self.path,
                timeout=30.0,
                check=check,
                setup=(
                    "PRAGMA synchronous=NORMAL",
                    "CREATE TABLE IF NOT EXISTS replies ("
                    " key TEXT PRIMARY KEY, judge TEXT NOT NULL, prompt TEXT NOT NULL,"
                    " reply TEXT NOT NULL, prompt_tokens INTEGER NOT NULL,"
                    " completion_tokens INTEGER NOT NULL, truncated INTEGER NOT NULL,"
                    " created REAL NOT NULL)",
                ),
            )
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from exc

    def _error(self, exc: Exception) -> JudgeCacheError:
        if is_locked(exc):
            return JudgeCacheError(f"judge cache {self.path} stayed locked by another process for 30 s ({exc})")
        return JudgeCacheError(
            f"judge cache {self.path} is not a usable SQLite file ({exc}); delete it to start a "
            "fresh cache (its replies will be asked again)"
        )

    def get(self, key: str) -> CachedReply | None:
        try:
            with self._lock:
                row = self._db.execute(
                    "SELECT reply, prompt_tokens, completion_tokens, truncated FROM replies WHERE key=?",
                    (key,),
                ).fetchone()
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from exc
        if row is None:
            return None
        return CachedReply(row[0], int(row[1]), int(row[2]), bool(row[3]))

    def put(self, key: str, *, judge: str, prompt: str, reply: CachedReply) -> None:
        """Store ``reply`` under ``key``, with every secret of the environment masked."""
        row = (key, redact_secrets(judge), prompt, redact_secrets(reply.reply), reply.prompt_tokens,
               reply.completion_tokens, int(reply.truncated), time.time())
        try:
            with self._lock:
                self._db.execute("INSERT OR REPLACE INTO replies VALUES (?,?,?,?,?,?,?,?)", row)
                self._db.commit()
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from exc

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM replies").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
