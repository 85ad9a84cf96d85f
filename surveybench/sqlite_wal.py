"""Opening one SQLite file from several processes at once: the caches of embeddings, judge replies
and HTTP responses, which every worker of a run (threads, processes, Ray nodes) shares.

SQLite's busy timeout makes a reader or writer wait for another's lock, but the switch to WAL
journal mode does not wait: a connection asking for it while another process holds the file, or
is making the same switch, gets "database is locked" at once whatever the timeout. CI saw it when
two Ray workers opened a fresh embedding store together (one worker's key-point recall fell back to
document order); six processes opening a fresh file lose that race in about a third of trials. So
the switch and the schema set-up after it are retried, with growing pauses, until ``timeout``.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# a set-up statement, alone or with its parameters
Statement = str | tuple[str, Sequence[Any]]

_FIRST_PAUSE = 0.01  # seconds; doubled after each locked attempt up to _LONGEST_PAUSE
_LONGEST_PAUSE = 0.5


def is_locked(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's "database is locked" / "busy" (another connection holds the file)."""
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc))


def connect_wal(
    path: Path | str,
    *,
    timeout: float,
    setup: Sequence[Statement] = (),
    autocommit: bool = False,
    check: bool = False,
) -> sqlite3.Connection:
    """A connection to ``path`` in WAL mode (readers never wait for the writer) after running the
    ``setup`` statements (``CREATE TABLE IF NOT EXISTS ...``, pragmas) and committing them.

    ``timeout`` (seconds) is both the connection's busy timeout and how long a locked journal-mode
    switch or set-up is retried. Any other error, or a lock that outlasts ``timeout``, is raised.
    ``autocommit``: every statement commits itself (:func:`sqlite3.connect`'s
    ``isolation_level=None``); else Python opens a transaction before a write. ``check``: first read
    every page once (``PRAGMA quick_check``), so a truncated or damaged file raises
    :class:`sqlite3.DatabaseError` here rather than in the middle of a run.
    """
    db = sqlite3.connect(
        str(path), timeout=timeout, check_same_thread=False, isolation_level=None if autocommit else "DEFERRED"
    )
    deadline = time.monotonic() + timeout
    pause = _FIRST_PAUSE
    while True:
        try:
            if check:
                verdict = db.execute("PRAGMA quick_check").fetchone()
                if verdict is None or verdict[0] != "ok":
                    raise sqlite3.DatabaseError(f"integrity check: {verdict[0] if verdict else 'no answer'}")
            db.execute("PRAGMA journal_mode=WAL").fetchone()
            for statement in setup:
                if isinstance(statement, str):
                    db.execute(statement)
                else:
                    db.execute(*statement)
            db.commit()
            return db
        except sqlite3.Error as exc:
            if not is_locked(exc) or time.monotonic() + pause > deadline:
                db.close()
                raise
            if db.in_transaction:
                db.rollback()
        # a random share of the pause, so processes that collided do not collide again in step
        time.sleep(pause * (0.5 + random.random() / 2))
        pause = min(pause * 2, _LONGEST_PAUSE)
