"""Helpers the reader tests share: write a Markdown text to a file and read it as a survey."""

from __future__ import annotations

from pathlib import Path

from surveybench.model import Survey
from surveybench.readers import read_survey_report
from surveybench.readers.report import FileReport


def read_report(tmp_path: Path, text: str, name: str = "article.md") -> tuple[Survey, FileReport]:
    """The survey read from ``text`` saved as ``tmp_path / name``, and the reader's report on it."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_survey_report(path)


def read_text(tmp_path: Path, text: str, name: str = "article.md") -> Survey:
    """The survey read from ``text`` saved as ``tmp_path / name``."""
    return read_report(tmp_path, text, name)[0]


def top_titles(tmp_path: Path, text: str, name: str = "paper.md") -> list[str]:
    """The titles of the top-level sections read from ``text`` saved as ``tmp_path / name``."""
    return [s.title for s in read_text(tmp_path, text, name).top_level_sections()]


def with_list(title: str, section: str, entries: list[str]) -> str:
    """A one-section article whose reference list prints the entries one a paragraph (long lines built in pieces)."""
    return f"# {title}\n\n## Introduction\n\n{section}\n\n## References\n\n" + "\n\n".join(entries) + "\n"


def linked_markers(survey: Survey) -> list[tuple[str, list[str], list[str]]]:
    """Each marker as printed, the ids of the entries it links to, and its unresolved keys, in reading order."""
    return [(m.marker, m.ref_ids, m.unresolved) for sec in survey.sections for para in sec.paragraphs for m in para.citations]
