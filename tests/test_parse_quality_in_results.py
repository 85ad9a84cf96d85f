"""A survey's parse quality travels with its scores (issue 9): the readers store it on the
survey, every results row carries the candidate's and the gold survey's verdict and marker
resolution, and the leaderboard's system page shows them beside the scores."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from surveybench.eval.store import parse_columns
from surveybench.leaderboard import build_site
from surveybench.leaderboard.site import parse_label
from surveybench.model import Survey
from surveybench.readers import read_survey_report
from surveybench.workspace import slugify

MERGED_LIST = """# A survey of things

## Introduction

Graphs help [1]. Trees help too [2], and so do forests [3; 4].

## References

1. A. Author. Graph things. 2020. 2. B. Author. Tree things. 2021.
"""


def _survey(resolution: float | None, verdict: str | None) -> Survey:
    extra = {} if verdict is None else {"parse_quality": {"marker_resolution": resolution, "verdict": verdict}}
    return Survey(id="s", title="t", topic="t", sections=[], references=[], extra=extra)


def test_parse_columns_take_both_surveys_verdicts() -> None:
    cols = parse_columns(_survey(0.5, "poor"), _survey(1.0, "ok"))
    assert cols == {"parse_resolution": 0.5, "parse_verdict": "poor",
                    "gold_parse_resolution": 1.0, "gold_parse_verdict": "ok"}
    # a survey built in code carries no parse quality: None, never a made-up 100%
    assert parse_columns(_survey(None, None), _survey(None, None)) == {
        "parse_resolution": None, "parse_verdict": None,
        "gold_parse_resolution": None, "gold_parse_verdict": None}


def test_reader_counts_lost_markers_in_the_stored_quality(tmp_path: Path) -> None:
    path = tmp_path / "merged.md"
    path.write_text(MERGED_LIST, encoding="utf-8")
    survey, report = read_survey_report(path)
    quality = survey.extra["parse_quality"]
    # the glued list reads as one unnumbered entry; the text's three bracketed markers ([1], [2],
    # [3; 4]) are still counted, all unresolved, so the resolution reads 0, never "100% of 0"
    assert len(survey.references) == 1
    assert (quality["markers"], quality["markers_linked"]) == (3, 0) == (report.markers, report.markers_linked)
    assert quality["marker_resolution"] == 0.0
    assert quality["verdict"] == "poor"
    assert any("looks merged" in w for w in report.warnings)
    assert parse_columns(survey, survey)["parse_verdict"] == quality["verdict"]


def test_parse_label_formats_verdict_and_share() -> None:
    assert parse_label("poor", 0.61) == "poor 61.0%"
    assert parse_label("ok", None) == "ok"
    assert parse_label(None, 0.5) == ""
    assert parse_label(float("nan"), float("nan")) == ""


def test_system_page_shows_parse_quality(tmp_path: Path) -> None:
    base = dict(run_id="r1", task="task1", survey_id="T1", title="t", domain="Biology", metric="m1",
                score="f1", value=0.5, status="ok", error=None)
    rows = [{**base, "system": "Alpha", "topic": "T1", "parse_resolution": 0.61, "parse_verdict": "poor",
             "gold_parse_resolution": 1.0, "gold_parse_verdict": "ok"}]
    run = tmp_path / "ws" / "runs" / "r1"
    run.mkdir(parents=True)
    pd.DataFrame(rows).to_parquet(run / "results.parquet")
    (run / "manifest.json").write_text(json.dumps({"metrics": {"m1": {"description": "d", "paper": "p",
                                                                      "requires": []}}}))
    out = tmp_path / "site"
    build_site(tmp_path / "ws", out)
    page = (out / "systems" / f"{slugify('Alpha')}.html").read_text(encoding="utf-8")
    assert "poor 61.0% / ok 100.0%" in page
