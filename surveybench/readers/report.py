"""Parse reports: what a reader found in each file and what it could not place or link.

Nothing a reader skips disappears silently: every skipped section, line or reference is
counted here under a reason, with a few examples.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from os import PathLike

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


def parse_quality(report: FileReport) -> dict[str, object]:
    """A survey's parse quality in a few numbers, to carry next to its citation scores (the
    reader stores it in ``Survey.extra["parse_quality"]``; eval and the leaderboard show it).

    ``marker_resolution`` is linked markers / all candidate markers, where every marker counts
    -- including those naming a number the list lacks or an author-year key not found -- so it
    cannot read 100% when citations were lost. ``verdict`` is "ok" (>= 98% resolved and no
    warning that the list looks merged), "check" (>= 90%) or "poor"."""
    resolution = report.markers_linked / report.markers if report.markers else None
    merged = any("looks merged" in w or "merged entries" in w for w in report.warnings)
    if resolution is None:
        verdict = "check" if report.references == 0 else "ok"
    elif resolution >= 0.98 and not merged:
        verdict = "ok"
    elif resolution >= 0.90:
        verdict = "check"
    else:
        verdict = "poor"
    return {
        "references": report.references,
        "markers": report.markers,
        "markers_linked": report.markers_linked,
        "markers_partly_linked": report.markers_partly_linked,
        "unresolved_keys": report.unresolved_keys,
        "marker_resolution": round(resolution, 4) if resolution is not None else None,
        "references_without_title": report.references_without_title,
        "warnings": len(report.warnings),
        "verdict": verdict,
    }


def survey_parse_quality(survey: object) -> dict[str, object] | None:
    """The parse quality a reader stored on a :class:`~surveybench.model.Survey` (None for a
    survey built in code or loaded from an older dump)."""
    extra = getattr(survey, "extra", None) or {}
    q = extra.get("parse_quality") if isinstance(extra, dict) else None
    return q if isinstance(q, dict) else None


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


# ---- plain-text rendering that fits a terminal ---------------------------------------------------

_FORMAT_ABBR = {"markdown": "md", "surveygen-json": "sg-json", "autosurvey-json": "as-json"}


def display_path(path: str, roots: Sequence[str | PathLike[str]] | None = None) -> str:
    """``path`` relative to the directory it was found in (one of the ``roots`` given on the
    command line), or its last two parts; a root that is the file itself gives its name."""
    from pathlib import Path

    p = Path(path)
    for r in map(Path, roots or []):
        try:
            if p == r:
                return p.name
            rel = p.relative_to(r)
            return str(rel)
        except ValueError:
            continue
    return "/".join(p.parts[-2:])


def _fold_path(name: str, width: int) -> list[str]:
    """A path over several lines, broken after "/" or a space where possible."""
    import re

    out = [""]
    for tok in re.split(r"(?<=[/ ])", name):
        while len(tok) > width:  # a part longer than the column: hard break
            if out[-1]:
                out.append("")
            out[-1], tok = tok[:width], tok[width:]
            out.append("")
        if len(out[-1]) + len(tok.rstrip()) > width and out[-1]:
            out.append("")
        out[-1] += tok
    return [x.rstrip() for x in out if x.strip()] or [""]


def format_report(
    report: ImportReport, roots: Sequence[str | PathLike[str]] | None = None, width: int = 80
) -> str:
    """The parse report as plain text no wider than ``width`` (at least 60): one line of counts
    per file (the name folded over several lines when long), then its notes indented below --
    errors, unresolved markers, skipped items with their reasons, warnings."""
    import textwrap

    width = max(60, width)
    num_cols = ("fmt", "top", "sec", "refs", "nums", "linked", "unres", "skip")
    num_w = (7, 3, 4, 5, 5, 9, 5, 4)
    file_w = width - sum(num_w) - len(num_w)
    head = "file".ljust(file_w) + "".join(" " + c.rjust(w) for c, w in zip(num_cols, num_w, strict=True))
    lines = ["Import report", head, "-" * len(head)]
    for fr in report.files:
        name_lines = _fold_path(display_path(fr.path, roots), file_w)
        notes: list[str] = []
        if not fr.ok:
            cells = [_FORMAT_ABBR.get(fr.format or "", fr.format or "-")] + ["-"] * 7
            notes.append(f"ERROR: {fr.error}")
        elif fr.ignored:
            cells = ["-"] * 8
            notes.append(f"ignored: {fr.error}")
        else:
            linked = f"{fr.markers_linked}/{fr.markers}"
            cells = [
                _FORMAT_ABBR.get(fr.format or "", fr.format or ""), str(fr.top_level_content_sections),
                str(fr.sections), str(fr.references), str(fr.reference_numbers), linked,
                str(fr.unresolved_keys), str(sum(fr.skipped.values())),
            ]
            if fr.markers_partly_linked:
                notes.append(f"{fr.markers_partly_linked} markers partly linked")
            if fr.unresolved_examples:
                notes.append("unresolved: " + "; ".join(fr.unresolved_examples[:3]))
            for reason, n in fr.skipped.items():
                ex = fr.skipped_examples.get(reason, [])
                notes.append(f"skipped {n}x {reason}" + (f" (e.g. {ex[0]!r})" if ex else ""))
            notes.extend(fr.warnings[:3])
            if len(fr.warnings) > 3:
                notes.append(f"... {len(fr.warnings) - 3} more warnings")
            if fr.citation_styles:
                notes.append("styles " + ", ".join(f"{k}:{v}" for k, v in fr.citation_styles.items()))
        lines.append(
            name_lines[0].ljust(file_w) + "".join(" " + c.rjust(w) for c, w in zip(cells, num_w, strict=True))
        )
        lines.extend(name_lines[1:])
        for note in notes:
            lines.extend(textwrap.wrap(note, width, initial_indent="  - ", subsequent_indent="    "))
    t = report.totals()
    lines.append("-" * len(head))
    lines.append(
        f"{t.get('files', 0)} files, {t.get('failed', 0)} failed, {t.get('references', 0)} references, "
        f"{t.get('markers_linked', 0)}/{t.get('markers', 0)} markers linked"
    )
    lines.append(
        "columns: top = top-level content sections, sec = sections, refs = reference entries, "
        "nums = numbers the list defines, linked = markers fully linked / all markers, "
        "unres = keys not in the list, skip = items skipped (see notes)"
    )
    return "\n".join(textwrap.fill(x, width) if len(x) > width else x for x in lines)
