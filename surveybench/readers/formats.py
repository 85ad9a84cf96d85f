"""The input-format registry: every command reads survey files through it, so one file gives
the same :class:`~surveybench.model.Survey` whichever command reads it (``score``, ``import``,
``eval --gold``, ``generate --gold``, ``data export``).

JSON formats are told apart by content, most specific first: a SurveyBench dump
(``Survey.model_dump_json``: ``id``, ``title``, ``sections``, ``references``) before SurveyGen
JSON (``sections`` + ``references``), which a dump also matches. Everything that is not JSON
is Markdown. A new JSON format registers with :func:`register_json_format`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from surveybench.model import Survey
from surveybench.readers.errors import ReaderError
from surveybench.readers.report import FileReport

JsonReader = Callable[[Any, Path, "str | None", FileReport], Survey]


@dataclass(frozen=True)
class JsonFormat:
    """A JSON survey format: its name, a content test, its reader and what the test needs
    (quoted in the error for a JSON file no format claims)."""

    name: str
    detect: Callable[[Any], bool]
    read: JsonReader
    needs: str


def is_surveybench_dump(data: Any) -> bool:
    """A ``Survey.model_dump_json`` dump: our own field names, not SurveyGen's ``corpusId`` /
    ``metadata`` layout."""
    return (isinstance(data, dict) and {"id", "title", "sections", "references"} <= data.keys()
            and "metadata" not in data and "corpusId" not in data)


def read_surveybench_dump(data: Any, path: Path, system: str | None, report: FileReport) -> Survey:
    from pydantic import ValidationError

    try:
        survey = Survey.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise ReaderError(path, f"not a valid SurveyBench survey: {err['msg']} at {where}") from None
    if system is not None:
        survey = survey.model_copy(update={"system": system})
    from surveybench.readers.markdown import fill_report

    fill_report(survey, report, {})
    report.format = "surveybench-json"
    return survey


def _read_surveygen(data: Any, path: Path, system: str | None, report: FileReport) -> Survey:
    from surveybench.readers.surveygen import read_surveygen

    return read_surveygen(data, path, system=system, report=report)


def _read_autosurvey(data: Any, path: Path, system: str | None, report: FileReport) -> Survey:
    from surveybench.readers.autosurvey_json import read_autosurvey_json

    return read_autosurvey_json(data, path, system=system, report=report)


def _is_surveygen(data: Any) -> bool:
    from surveybench.readers.surveygen import is_surveygen

    return bool(is_surveygen(data))


def _is_autosurvey(data: Any) -> bool:
    from surveybench.readers.autosurvey_json import is_autosurvey

    return bool(is_autosurvey(data))


JSON_FORMATS: list[JsonFormat] = [
    JsonFormat("surveybench-json", is_surveybench_dump, read_surveybench_dump,
               "SurveyBench needs 'id', 'title', 'sections' and 'references'"),
    JsonFormat("surveygen-json", _is_surveygen, _read_surveygen, "SurveyGen needs 'sections' and 'references'"),
    JsonFormat("autosurvey-json", _is_autosurvey, _read_autosurvey, "AutoSurvey needs 'survey' and 'reference'"),
]
TEXT_FORMATS = ("markdown",)
# formats read from a folder, not a file: SGSimEval's <category>/<topic>/<system>/ layout
# (surveybench/readers/sgsimeval.py)
DIR_FORMATS = ("sgsimeval",)


def register_json_format(fmt: JsonFormat, *, before: str | None = None) -> None:
    """Add a JSON format; ``before`` puts it ahead of a less specific one it would shadow."""
    if any(f.name == fmt.name for f in JSON_FORMATS):
        raise ValueError(f"format {fmt.name!r} registered twice")
    names = [f.name for f in JSON_FORMATS]
    JSON_FORMATS.insert(names.index(before) if before in names else len(JSON_FORMATS), fmt)


def format_names() -> tuple[str, ...]:
    return (*(f.name for f in JSON_FORMATS), *TEXT_FORMATS, *DIR_FORMATS)


def json_format(name: str) -> JsonFormat | None:
    return next((f for f in JSON_FORMATS if f.name == name), None)


def detect_json_format(data: Any) -> JsonFormat | None:
    """The first registered JSON format whose content test accepts ``data``."""
    return next((f for f in JSON_FORMATS if f.detect(data)), None)


def json_needs() -> str:
    return ", ".join(f.needs for f in JSON_FORMATS)
