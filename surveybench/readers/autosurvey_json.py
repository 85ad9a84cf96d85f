"""AutoSurvey JSON output: ``{"survey": "<markdown>", "reference": {"1": "2308.10792v5", ...}}``
(AutoSurvey, Wang et al. 2024: the released surveys pair the Markdown with the arXiv ids of
the numbered references). The Markdown is read like any Markdown survey; each numbered
reference gets its arXiv id from the dict, and numbers the dict defines that the Markdown list
lacks become references with only an arXiv id."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from surveybench.model import Survey, normalise_arxiv_id
from surveybench.readers.errors import ReaderError
from surveybench.readers.markdown import read_markdown_text
from surveybench.readers.report import FileReport


def is_autosurvey(data: Any) -> bool:
    return isinstance(data, dict) and "survey" in data and "reference" in data


def read_autosurvey_json(data: dict[str, Any], path: Path, *, system: str | None, report: FileReport) -> Survey:
    if not isinstance(data.get("survey"), str):
        raise ReaderError(
            path, f"AutoSurvey JSON 'survey' must be the Markdown text, found {type(data.get('survey')).__name__}"
        )
    ref = data.get("reference")
    if not isinstance(ref, dict):
        raise ReaderError(path, "AutoSurvey JSON 'reference' must be an object {number: arXiv id}")
    if not data["survey"].strip():
        raise ReaderError(path, "AutoSurvey JSON has an empty 'survey' text")
    overrides = {}
    for k, v in ref.items():
        key = str(int(k)) if str(k).isdigit() else str(k)
        aid = normalise_arxiv_id(str(v)) if v else None
        if aid:
            overrides[key] = {"arxiv_id": aid, "raw": str(v)}
        elif v:  # some releases map numbers to titles instead of arXiv ids
            overrides[key] = {"title": str(v), "raw": str(v)}
    survey = read_markdown_text(
        data["survey"], path, topic=path.stem, system=system, report=report,
        source_format="autosurvey-json", numbered_overrides=overrides,
    )
    extra_keys = {k: v for k, v in data.items() if k not in {"survey", "reference"}}
    if extra_keys:
        survey.extra.update(extra_keys)
    return survey
