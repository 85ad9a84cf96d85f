"""Parse reports: what a reader found in each file and what it could not place or link.

Nothing a reader skips disappears silently: every skipped section, line or reference is
counted here under a reason, with a few examples.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field

_MAX_EXAMPLES = 5


class FileReport(BaseModel):
    """Per-file record of a reader run (``surveybench import --report`` prints these)."""

    path: str
    ok: bool = True
    error: str | None = None
    ignored: bool = False  # found in a directory but not a survey file (e.g. outlines.json)
    format: str | None = None
    system: str | None = None
    title: str | None = None
    sections: int = 0
    top_level_content_sections: int = 0
    paragraphs: int = 0
    references: int = 0
    reference_numbers: int = 0  # distinct printed numbers the reference list defines
    markers: int = 0
    markers_linked: int = 0  # markers whose every key resolved to a reference
    markers_partly_linked: int = 0
    unresolved_keys: int = 0
    unresolved_examples: list[str] = Field(default_factory=list)
    references_without_title: int = 0
    uncited_references: int = 0
    citation_styles: dict[str, int] = Field(default_factory=dict)
    skipped: dict[str, int] = Field(default_factory=dict)
    skipped_examples: dict[str, list[str]] = Field(default_factory=dict)
    warnings: list[str] = Field(default_factory=list)
    seconds: float = 0.0

    def skip(self, reason: str, example: str | None = None, n: int = 1) -> None:
        """Count ``n`` skipped items under ``reason`` (kept with a short example)."""
        self.skipped[reason] = self.skipped.get(reason, 0) + n
        if example is not None:
            ex = self.skipped_examples.setdefault(reason, [])
            if len(ex) < _MAX_EXAMPLES:
                ex.append(_short(example))

    def unresolved(self, example: str) -> None:
        if len(self.unresolved_examples) < _MAX_EXAMPLES:
            self.unresolved_examples.append(_short(example))

    def style(self, name: str, n: int = 1) -> None:
        self.citation_styles[name] = self.citation_styles.get(name, 0) + n


class ImportReport(BaseModel):
    """Reports of a batch of files read by :func:`surveybench.readers.read_many`."""

    files: list[FileReport] = Field(default_factory=list)

    @property
    def failed(self) -> list[FileReport]:
        return [f for f in self.files if not f.ok]

    @property
    def ok(self) -> bool:
        return not self.failed

    def totals(self) -> dict[str, int]:
        c: Counter[str] = Counter()
        for f in self.files:
            c["files"] += 1
            c["failed"] += 0 if f.ok else 1
            c["references"] += f.references
            c["markers"] += f.markers
            c["markers_linked"] += f.markers_linked
            c["unresolved_keys"] += f.unresolved_keys
            c["skipped"] += sum(f.skipped.values())
        return dict(c)


def _short(text: str, n: int = 120) -> str:
    t = " ".join(text.split())
    return t if len(t) <= n else t[: n - 1] + "…"
