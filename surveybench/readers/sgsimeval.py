"""SGSimEval's folder layout (Guo et al., 2025; repository TechnicolorGUO/SGSimEval).

SGSimEval keeps every survey of a benchmark topic in ``surveys/<category>/<topic>/<system>/``,
one folder per system (``AutoSurvey``, ``SurveyForge``, ``InteractiveSurvey``,
``LLMxMapReduce``, ``SurveyX``, ...) and ``pdfs/`` for the human-written survey (its arXiv PDF
and the MinerU Markdown conversion). What its scripts write into a system folder
(``scripts/evaluate.py``, ``scripts/reference.py``, ``scripts/utils.py``):

* ``content.json`` -- ``["<markdown>"]``: the survey's Markdown with its reference section cut
  out (``split_markdown_content_and_refs``);
* ``references.json`` -- ``["[1] Title ...", ...]``: the reference entries as printed; a list
  without numbers gets numbers SGSimEval invents (``[1] ``, ``[2] `` in list order);
* ``outline.json`` / ``outline_raw.json`` -- ``[[level, "heading"], ...]``: the headings with
  their ``#`` depth (``outline.json`` after SGSimEval's LLM refinement of a one-level outline);
* ``<name>.csv`` -- columns ``sentence,references``: each sentence with citations and the
  reference entries it cites, joined by ``;`` (written with ``escapechar='\\'``);
* ``<name>.md`` (the survey), ``<name>.pdf``, ``<name>.json`` (AutoSurvey's own export),
  ``similarity.json`` and ``results_<model>.json`` (SGSimEval's scores), ``references_refined.json``.

A system folder is read from ``content.json`` + ``references.json`` -- what SGSimEval itself
scores -- through the Markdown reader, so sections, markers and references follow the same
rules as any Markdown survey. Without ``content.json`` the folder's Markdown file is read
instead. The outline and the sentence->reference pairs are kept in ``Survey.extra["sgsimeval"]``.
Every other file of the folder gets one sentence in the parse report saying why it was not
read; nothing is skipped silently.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

from surveybench.model import Survey
from surveybench.readers.errors import ReaderError
from surveybench.readers.report import FileReport

# folder name of the human-written survey in SGSimEval's layout
HUMAN_DIRS = frozenset({"pdfs"})
_CORE = ("content.json", "references.json", "outline.json")
_SENTENCE_CSV_HEADER = ["sentence", "references"]
# the files SGSimEval writes that this reader does not need, and why (one sentence each)
_NOT_READ = {
    "outline_raw.json": "SGSimEval's outline before its refinement; outline.json was read",
    "references_refined.json": "SGSimEval's cleaned reference titles; references.json was read",
    "similarity.json": "SGSimEval's similarity scores, not survey content",
}
LAYOUT_FILES = "content.json, references.json, outline.json, <name>.csv (sentence,references), <name>.md"


def is_system_dir(path: Path) -> bool:
    """A folder holding SGSimEval's files for one system: ``content.json``, or both
    ``references.json`` and ``outline.json`` (one of those names alone is too common to claim a
    folder of Markdown surveys for this layout)."""
    if not path.is_dir():
        return False
    return (path / "content.json").is_file() or all((path / n).is_file() for n in ("references.json", "outline.json"))


def system_dirs(root: Path) -> list[Path]:
    """The SGSimEval system folders at or below ``root`` (a system, topic or category folder),
    sorted by path."""
    if is_system_dir(root):
        return [root]
    found = {p.parent for name in _CORE for p in root.rglob(name) if p.is_file() and is_system_dir(p.parent)}
    return sorted(found)


def part_of_system_dir(path: Path) -> bool:
    """``path`` is one of SGSimEval's per-system files (not a survey on its own)."""
    name = path.name
    parent_is_system = is_system_dir(path.parent)
    if name in _CORE or name in _NOT_READ:
        return parent_is_system
    if path.suffix.lower() == ".csv":
        return _is_sentence_csv(path)
    return False


def system_name(folder: Path) -> str | None:
    """The system a folder holds: its name, or ``None`` for the human-written ``pdfs``."""
    return None if folder.name.lower() in HUMAN_DIRS else folder.name


def _is_sentence_csv(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8-sig", newline="") as f:
            return next(csv.reader(f), None) == _SENTENCE_CSV_HEADER
    except (OSError, UnicodeDecodeError):
        return False


def _load_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as exc:
        raise ReaderError(path, f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except UnicodeDecodeError as exc:
        raise ReaderError(path, f"not valid UTF-8 text: byte at offset {exc.start}") from None


def _content_markdown(path: Path) -> str:
    data = _load_json(path)
    if isinstance(data, str):
        text = data
    elif isinstance(data, list) and data and all(isinstance(x, str) for x in data):
        text = "\n\n".join(data)
    else:
        kind = type(data).__name__ if not isinstance(data, list) else "an empty list" if not data else "a list of non-strings"
        raise ReaderError(path, f"SGSimEval content.json must be a list holding the survey's Markdown text; found {kind}")
    if not text.strip():
        raise ReaderError(path, "SGSimEval content.json holds an empty text")
    return text


def _reference_entries(path: Path) -> list[str]:
    data = _load_json(path)
    if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
        raise ReaderError(path, "SGSimEval references.json must be a list of reference strings")
    return [x.strip() for x in data if x.strip()]


_NUMBERED = re.compile(r"^\[(\d+)\]\s*")
_NUMERIC_CITE = re.compile(r"\[\s*\d+(?:\s*[,;\-–]\s*\d+)*\s*\]")


def _strip_invented_numbers(entries: list[str], content: str) -> tuple[list[str], bool]:
    """SGSimEval numbers an unnumbered (author-year) list itself, "[1] " ... "[N] " in order.
    Kept, those numbers would make the Markdown reader treat the list as numbered and leave
    every "(Smith et al., 2020)" unlinked; they are dropped when the body never cites a
    bracketed number."""
    nums = [m.group(1) for e in entries if (m := _NUMBERED.match(e))]
    if len(nums) != len(entries) or nums != [str(i) for i in range(1, len(entries) + 1)]:
        return entries, False
    if _NUMERIC_CITE.search(content):
        return entries, False
    return [_NUMBERED.sub("", e, count=1) for e in entries], True


def _outline(path: Path, report: FileReport) -> list[list[Any]] | None:
    try:
        data = _load_json(path)
    except ReaderError as exc:
        report.warnings.append(f"outline.json: {exc.reason}; not read")
        return None
    ok = isinstance(data, list) and all(
        isinstance(x, list) and len(x) == 2 and isinstance(x[0], int) and isinstance(x[1], str) for x in data
    )
    if not ok:
        report.warnings.append("outline.json: expected a list of [level, heading] pairs; not read")
        return None
    return data


def _sentence_citations(path: Path, survey: Survey, report: FileReport) -> list[dict[str, Any]]:
    """Rows of SGSimEval's sentence->reference CSV, each cited entry mapped to a reference id
    (by its printed number, else by its text)."""
    by_number = {n: r.id for r in survey.references for n in r.numbers}
    by_raw = {re.sub(r"\s+", " ", (r.raw or "")).strip().lower(): r.id for r in survey.references if r.raw}
    rows: list[dict[str, Any]] = []
    text = path.read_text(encoding="utf-8-sig")
    reader = csv.reader(io.StringIO(text, newline=""), escapechar="\\")
    next(reader, None)
    unmatched = 0
    for i, row in enumerate(reader, start=2):
        if len(row) != 2:
            report.skip(f"{path.name}: row without exactly two columns (sentence, references)", f"line {i}")
            continue
        sentence, refs = row
        ids: list[str] = []
        missing: list[str] = []
        # entries are joined with ";" and each starts with its "[key]": split only before a "["
        for entry in (e.strip() for e in re.split(r";(?=\[)", refs) if e.strip()):
            m = _NUMBERED.match(entry)
            rid = by_number.get(m.group(1)) if m else None
            if rid is None:
                bare = re.sub(r"^\[[^\]]*\]\s*", "", entry)
                rid = by_raw.get(re.sub(r"\s+", " ", entry).strip().lower()) or by_raw.get(
                    re.sub(r"\s+", " ", bare).strip().lower()
                )
            if rid is None:
                missing.append(entry[:80])
            elif rid not in ids:
                ids.append(rid)
        unmatched += len(missing)
        rows.append({"sentence": sentence, "ref_ids": ids, "unresolved": missing})
    if unmatched:
        report.warnings.append(f"{path.name}: {unmatched} cited entries match no reference of references.json")
    return rows


def read_sgsimeval_dir(path: Path, *, system: str | None = None, report: FileReport) -> Survey:
    """One SGSimEval system folder -> :class:`Survey`. ``system`` defaults to the folder's name
    (``None`` for the human-written ``pdfs``); the topic is the parent folder's name."""
    from surveybench.readers.markdown import read_markdown_text

    path = Path(path)
    if not path.is_dir():
        raise ReaderError(path, "not a folder (an SGSimEval system folder holds content.json and references.json)")
    files = sorted(p for p in path.iterdir() if p.is_file())
    if not files:
        raise ReaderError(path, "empty folder: no SGSimEval files (content.json, references.json)")
    topic = path.parent.name or path.name
    system = system if system is not None else system_name(path)
    markdowns = [p for p in files if p.suffix.lower() in (".md", ".markdown")]
    content_path = path / "content.json"
    refs_path = path / "references.json"
    used: set[str] = set()
    extra: dict[str, Any] = {"folder": str(path)}

    if content_path.is_file():
        content = _content_markdown(content_path)
        used.add(content_path.name)
        entries: list[str] = []
        if refs_path.is_file():
            entries = _reference_entries(refs_path)
            used.add(refs_path.name)
            entries, invented = _strip_invented_numbers(entries, content)
            if invented:
                report.warnings.append(
                    "references.json: the numbers [1]..[N] are SGSimEval's own (the text cites by author and "
                    "year); they were dropped"
                )
        else:
            report.warnings.append("no references.json: the survey's reference list is unknown")
        text = content.rstrip() + ("\n\n## References\n\n" + "\n\n".join(entries) + "\n" if entries else "\n")
        source = content_path
        for md in markdowns:
            report.skip("the same survey as Markdown; content.json and references.json were read", md.name)
            used.add(md.name)
    elif markdowns:
        md = markdowns[0]
        from surveybench.readers.text import read_text_noted

        text, text_notes = read_text_noted(md)
        report.warnings.extend(text_notes)
        source = md
        used.add(md.name)
        report.warnings.append(f"no content.json: the Markdown file {md.name} was read")
        if refs_path.is_file():
            report.skip("SGSimEval's reference list; the Markdown's own list was read", refs_path.name)
            used.add(refs_path.name)
        for other in markdowns[1:]:
            report.skip("a second Markdown file; only the first was read", other.name)
            used.add(other.name)
    else:
        raise ReaderError(
            path, "SGSimEval system folder without content.json or a Markdown survey: nothing to read "
            f"(found: {', '.join(p.name for p in files[:8])})"
        )

    survey = read_markdown_text(text, source, topic=topic, system=system, report=report, source_format="sgsimeval")
    survey.source_path = str(path)

    outline_path = path / "outline.json"
    if outline_path.is_file():
        used.add(outline_path.name)
        outline = _outline(outline_path, report)
        if outline is not None:
            extra["outline"] = outline
    for p in files:
        if p.name in used:
            continue
        if p.suffix.lower() == ".csv" and _is_sentence_csv(p):
            extra["sentence_citations"] = _sentence_citations(p, survey, report)
            extra["sentence_csv"] = p.name
        elif p.name in _NOT_READ:
            report.skip(_NOT_READ[p.name], p.name)
        elif p.name.startswith("results_") and p.suffix.lower() == ".json":
            report.skip("SGSimEval's evaluation results, not survey content", p.name)
        elif p.suffix.lower() == ".pdf":
            report.skip("a PDF is not read (content.json holds its Markdown text)", p.name)
        elif p.suffix.lower() == ".json" and p.stem == _md_stem(markdowns):
            report.skip("the system's own JSON export of the same survey; content.json was read", p.name)
        else:
            report.skip(f"not a file of SGSimEval's system-folder layout ({LAYOUT_FILES})", p.name)
            report.warnings.append(f"{p.name}: not a file of SGSimEval's layout; not read")
    survey.extra["sgsimeval"] = extra
    return survey


def _md_stem(markdowns: list[Path]) -> str | None:
    return markdowns[0].stem if markdowns else None


def read_sgsimeval_topic(path: Path | str) -> list[tuple[Survey, FileReport]]:
    """Every system folder of a topic (or category) folder, the human-written ``pdfs`` first.
    A folder that cannot be read raises :class:`ReaderError` naming it; use
    :func:`surveybench.readers.read_many` to go on past bad folders."""
    from surveybench.readers import read_survey_report

    root = Path(path)
    dirs = system_dirs(root)
    if not dirs:
        raise ReaderError(root, f"no SGSimEval system folders below this folder (each holds {LAYOUT_FILES})")
    dirs.sort(key=lambda d: (d.parent.name, system_name(d) is not None, d.name))
    return [read_survey_report(d) for d in dirs]
