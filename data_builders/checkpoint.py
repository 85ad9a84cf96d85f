"""Per-stage checkpoints in the build's work directory.

A stage writes its output next to a ``<stage>.done`` marker (JSON with its stats) written last;
a stage with a marker is skipped on resume. Outputs are written to a temp file and renamed, so
a crash never leaves a half-written file that looks complete. Stage 2 also appends one line per
decision as it goes (resume skips decided papers); the HTTP response cache (``http-cache.sqlite``)
makes any repeated fetch of an interrupted stage a cache hit.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any


class StageStore:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def path(self, name: str) -> Path:
        return self.root / name

    def done(self, stage: str) -> bool:
        return (self.root / f"{stage}.done").exists()

    def stats(self, stage: str) -> dict[str, Any]:
        p = self.root / f"{stage}.done"
        return json.loads(p.read_text()) if p.exists() else {}

    def mark_done(self, stage: str, stats: dict[str, Any]) -> None:
        self.write_json(f"{stage}.done", stats)

    def write_json(self, name: str, obj: Any) -> None:
        tmp = self.root / f".{name}.tmp"
        tmp.write_text(json.dumps(obj, indent=1, sort_keys=True, default=str), encoding="utf-8")
        os.replace(tmp, self.root / name)

    def read_json(self, name: str) -> Any:
        return json.loads((self.root / name).read_text(encoding="utf-8"))

    def write_jsonl(self, name: str, rows: Iterable[Any]) -> int:
        tmp = self.root / f".{name}.tmp"
        n = 0
        with open(tmp, "w", encoding="utf-8") as fh:
            for r in rows:
                fh.write((r if isinstance(r, str) else json.dumps(r, sort_keys=True)) + "\n")
                n += 1
        os.replace(tmp, self.root / name)
        return n

    def read_jsonl(self, name: str) -> Iterator[dict[str, Any]]:
        p = self.root / name
        if not p.exists():
            return
        with open(p, encoding="utf-8") as fh:
            for line in fh:
                # A kill can leave a partial last line in an append-only file: ignore it.
                if line.endswith("\n") and line.strip():
                    yield json.loads(line)

    def append_jsonl(self, name: str, row: dict[str, Any]) -> None:
        p = self.root / name
        # Drop a torn trailing line left by a kill before appending.
        if p.exists() and p.stat().st_size:
            with open(p, "rb+") as fh:
                fh.seek(-1, os.SEEK_END)
                if fh.read(1) != b"\n":
                    data = p.read_bytes()
                    fh.seek(0)
                    fh.truncate(data.rfind(b"\n") + 1)
        with open(p, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(row, sort_keys=True) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
