"""Readers: real survey files -> :class:`surveybench.model.Survey`.

Formats (detected from the extension and the content):

* ``surveygen-json`` -- SurveyGen dataset files ``Gold_Standard_<topic>.json`` (:mod:`.surveygen`)
* ``autosurvey-json`` -- AutoSurvey's ``{"survey": markdown, "reference": {n: arXiv id}}``
  (:mod:`.autosurvey_json`)
* ``markdown`` -- generated surveys and PDF-to-Markdown conversions (:mod:`.markdown`)
* ``sgsimeval`` -- a folder: SGSimEval's ``<category>/<topic>/<system>/`` layout with
  ``content.json``, ``references.json``, ``outline.json`` and the sentence CSV (:mod:`.sgsimeval`);
  a topic or category folder gives one survey per system folder

``read_survey(path)`` returns the survey; ``read_survey_report(path)`` also returns the
:class:`FileReport` (what was found, what was skipped and why, what could not be linked);
``read_many(paths)`` reads files and directories, goes on past bad files and reports them;
``format_report(report, roots, width)`` renders a batch's report as text that fits the terminal.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from surveybench.model import Survey
from surveybench.readers.errors import ReaderError
from surveybench.readers.formats import detect_json_format, format_names, json_format, json_needs
from surveybench.readers.report import FileReport, ImportReport, format_report
from surveybench.readers.text import NOT_REGULAR

_NOT_A_SURVEY = "JSON but not a known survey format"
# the format registry (surveybench/readers/formats.py): every command reads through it
FORMATS = format_names()
SUFFIXES = (".md", ".markdown", ".json")

__all__ = [
    "FORMATS",
    "FileReport",
    "ImportReport",
    "ReaderError",
    "detect_format",
    "format_report",
    "iter_survey_files",
    "read_many",
    "read_survey",
    "read_survey_report",
]


def _load_json(path: Path, text: str) -> object:
    try:
        return json.loads(text)
    except RecursionError:
        # json's decoder recurses once per nesting level: a hostile "[[[[..." is one clear error
        raise ReaderError(path, "JSON nested too deeply to be a survey file") from None
    except json.JSONDecodeError as exc:
        end = text.rstrip()
        truncated = exc.pos >= len(end) - 1 or exc.msg.startswith("Unterminated") or end[-1:] not in ("}", "]")
        what = "truncated JSON (the file ends early)" if truncated else "invalid JSON"
        raise ReaderError(path, f"{what}: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None


def detect_format(path: Path, text: str, data: object | None = None) -> str:
    """The reader for ``path``: by extension, confirmed (or, for unknown extensions, decided) by
    the content (JSON formats from the registry in :mod:`surveybench.readers.formats`)."""
    from surveybench.readers.sgsimeval import part_of_system_dir

    if part_of_system_dir(path):
        # SGSimEval keeps one survey in several files of a folder: name the folder, not a misleading format error
        raise ReaderError(path, f"one file of an SGSimEval system folder; read the folder {path.parent} instead")
    suffix = path.suffix.lower()
    looks_json = text.lstrip()[:1] in ("{", "[")
    if suffix == ".json" or (suffix not in (".md", ".markdown") and looks_json):
        if data is None:
            data = _load_json(path, text)
        known = detect_json_format(data)
        if known is not None:
            return known.name
        keys = ", ".join(list(data)[:8]) if isinstance(data, dict) else type(data).__name__
        raise ReaderError(path, f"{_NOT_A_SURVEY} ({json_needs()}; found: {keys})")
    return "markdown"


def read_survey_report(
    path: Path | str, fmt: str | None = None, *, system: str | None = None
) -> tuple[Survey, FileReport]:
    """Read one survey file; returns the survey and its parse report. Raises ReaderError."""
    from surveybench.readers.text import read_text_noted

    path = Path(path)
    t0 = time.perf_counter()
    if fmt is not None and fmt not in FORMATS:
        raise ReaderError(path, f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    if fmt == "sgsimeval" or (fmt is None and path.is_dir()):
        return _read_folder(path, system, t0)
    text, text_notes = read_text_noted(path)
    data = None
    if (fmt is not None and json_format(fmt) is not None) or (fmt is None and path.suffix.lower() == ".json"):
        data = _load_json(path, text)
    fmt = fmt or detect_format(path, text, data)
    report = FileReport(path=str(path), format=fmt, system=system, warnings=text_notes)
    try:
        survey = _dispatch(fmt, path, text, data, system, report)
    except ReaderError:
        raise
    except RecursionError:
        raise ReaderError(path, f"{fmt} content nested too deeply to read") from None
    except Exception as exc:  # noqa: BLE001 -- any reader failure is one error for this file
        # a structure the reader did not expect (a list where an object belongs, ...) or a reader
        # bug: still one clear error naming the file, never a traceback that stops a batch
        what = str(exc).splitlines()[0] if str(exc) else ""
        raise ReaderError(path, f"unexpected {fmt} content: {type(exc).__name__}: {what}"[:300]) from None
    report.seconds = round(time.perf_counter() - t0, 4)
    return survey, report


def _dispatch(fmt: str, path: Path, text: str, data: object, system: str | None, report: FileReport) -> Survey:
    from surveybench.readers.markdown import read_markdown_text

    known = json_format(fmt)
    if known is not None:
        if not known.detect(data):
            raise ReaderError(path, f"not a {fmt} file ({known.needs})")
        survey = known.read(data, path, system, report)
    else:
        survey = read_markdown_text(text, path, topic=path.stem, system=system, report=report)
    return survey


def _read_folder(path: Path, system: str | None, t0: float) -> tuple[Survey, FileReport]:
    """A folder: SGSimEval's <system>/ layout (surveybench/readers/sgsimeval.py)."""
    from surveybench.readers.sgsimeval import LAYOUT_FILES, is_system_dir, read_sgsimeval_dir

    if not path.is_dir():
        raise ReaderError(path, "not a folder (the sgsimeval format reads an SGSimEval system folder)")
    if not is_system_dir(path):
        raise ReaderError(path, f"is a directory, not a survey file or an SGSimEval system folder (one holds {LAYOUT_FILES})")
    report = FileReport(path=str(path), format="sgsimeval", system=system)
    try:
        survey = read_sgsimeval_dir(path, system=system, report=report)
    except ReaderError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
        what = str(exc).splitlines()[0] if str(exc) else ""
        raise ReaderError(path, f"unexpected sgsimeval content: {type(exc).__name__}: {what}"[:300]) from None
    report.system = survey.system
    report.seconds = round(time.perf_counter() - t0, 4)
    return survey, report


def read_survey(path: Path | str, fmt: str | None = None, *, system: str | None = None) -> Survey:
    """Read one survey file (format auto-detected unless ``fmt`` is given)."""
    return read_survey_report(path, fmt, system=system)[0]


def iter_survey_files(paths: Iterable[Path | str]) -> list[Path]:
    """Files given, plus ``*.md``/``*.markdown``/``*.json`` found recursively in directories,
    sorted; a path that does not exist is returned as is (reading it reports the error)."""
    return [p for p, _found in _walk(paths)]


def _walk(paths: Iterable[Path | str]) -> list[tuple[Path, bool]]:
    out: list[tuple[Path, bool]] = []
    from surveybench.readers.sgsimeval import system_dirs

    for p in map(Path, paths):
        if p.is_dir():
            folders = system_dirs(p)  # SGSimEval <system>/ folders: one survey each
            found = [(d, True) for d in folders] + [
                (q, True) for q in p.rglob("*")
                # not only regular files: a FIFO or a broken link named *.md is reported, not skipped silently
                if not q.is_dir() and q.suffix.lower() in SUFFIXES and not any(d in q.parents for d in folders)
            ]
            out.extend(sorted(found))
        else:
            out.append((p, False))
    return out


def read_many(
    paths: Iterable[Path | str],
    fmt: str | None = None,
    *,
    system: str | None = None,
    system_from_dir: bool = False,
    on_file: Callable[[Path, FileReport], None] | None = None,
) -> tuple[list[Survey], ImportReport]:
    """Read every file (directories recursively). A bad file is recorded in the report with its
    error and the batch goes on. ``system_from_dir`` names each survey's system after its
    parent directory (the SurveyBench-dev layout; ``HumanSurvey`` and SurveyGen's
    ``Gold_Standard_*.json`` files are human-written)."""
    surveys: list[Survey] = []
    report = ImportReport()
    for path, found_in_dir in _walk(paths):
        sys_name = system
        if system_from_dir and sys_name is None and path.is_dir():
            from surveybench.readers.sgsimeval import system_name

            sys_name = system_name(path)
        elif system_from_dir and sys_name is None:
            # SurveyGen's Gold_Standard_<topic>.json files are human-written whatever their folder
            human = path.parent.name.lower() in {"humansurvey", "human"} or path.name.startswith("Gold_Standard_")
            sys_name = None if human else path.parent.name
        try:
            survey, fr = read_survey_report(path, fmt, system=sys_name)
            surveys.append(survey)
        except ReaderError as exc:
            fr = FileReport(path=str(path), ok=False, error=exc.reason, format=fmt, system=sys_name)
            if found_in_dir and exc.reason.startswith((_NOT_A_SURVEY, NOT_REGULAR)):
                # a side file in a data directory (outlines.json, a named pipe) is not a failed survey
                fr.ok, fr.ignored = True, True
        except Exception as exc:  # noqa: BLE001 -- the batch goes on past any one file
            what = str(exc).splitlines()[0] if str(exc) else ""
            fr = FileReport(path=str(path), ok=False, error=f"{type(exc).__name__}: {what}"[:300], format=fmt, system=sys_name)
        report.files.append(fr)
        if on_file is not None:
            on_file(path, fr)
    return surveys, report
