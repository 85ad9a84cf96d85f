"""The Python API (surveybench.api) that the commands are thin layers over: score, evaluate,
report and the main job, whose every step's exit code reaches the caller and the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from surveybench import api
from surveybench.cli import app
from surveybench.model import CitationMark, Paragraph, Reference, Section, Survey

HUMAN = """# Graph learning: a survey

## 1 Introduction

Graph neural networks learn on graphs [1]. Attention helps [2].

## References

[1] Semi-Supervised Classification with Graph Convolutional Networks. ICLR 2017.
[2] Graph Attention Networks. ICLR 2018.
"""
GENERATED = """# Graph learning

## 1 Overview

Convolutions on graphs [1] and random walks [2].

## References

[1] Semi-supervised classification with graph convolutional networks. 2017.
[2] DeepWalk: Online Learning of Social Representations. KDD 2014.
"""


def _dataset(root: Path, *, broken: bool = False) -> Path:
    (root / "HumanSurvey").mkdir(parents=True)
    (root / "SysA").mkdir()
    (root / "HumanSurvey" / "Graph learning.md").write_text(HUMAN, encoding="utf-8")
    (root / "SysA" / "Graph learning.md").write_text(GENERATED, encoding="utf-8")
    if broken:
        (root / "SysA" / "Broken.json").write_text('{"survey": ', encoding="utf-8")
    return root


def test_score_takes_survey_objects_and_files_alike(tmp_path) -> None:
    refs = [Reference(id="1", title="Graph Attention Networks"), Reference(id="2", title="DeepWalk")]
    mark = [CitationMark(marker="[1]", ref_ids=["1"]), CitationMark(marker="[2]", ref_ids=["2"])]
    cand = Survey(id="c", title="G", sections=[Section(index=0, title="A", paragraphs=[Paragraph(text="x", citations=mark)])],
                  references=refs)
    ref = cand.model_copy(update={"id": "r", "references": refs[:1],
                                  "sections": [Section(index=0, title="A", paragraphs=[Paragraph(text="x", citations=mark[:1])])]})
    out = api.score(cand, ref, metrics=["citation_set"])
    assert out.skipped == []
    # 1 of the 2 generated references is the human survey's only one: P = 1/2, R = 1/1, F1 = 2/3
    assert out.scores()["citation_set"] == pytest.approx({"precision": 0.5, "recall": 1.0, "f1": 2 / 3, "iou": 0.5})
    path = tmp_path / "c.json"
    path.write_text(cand.model_dump_json())
    assert api.score(path, ref, metrics=["citation_set"]).scores() == out.scores()
    with pytest.raises(api.EvalError, match="did you mean 'citation_title_threshold'"):
        api.score(cand, ref, metrics=["citation_set"], options={"citation_title_treshold": 0.5})


def test_quickstart_runs_every_step_and_reports_success(tmp_path) -> None:
    data = _dataset(tmp_path / "data")
    out = api.quickstart(data, workspace=tmp_path / "ws", metrics="rouge,citation_set")
    assert out.steps == {"import": 0, "evaluate": 0, "report": 0, "leaderboard": 0} and out.exit_code == 0
    assert out.site_index is not None and out.site_index.is_file()
    assert out.report_dir is not None and (out.report_dir / "summary.csv").is_file()
    assert out.run is not None and out.run.computed == 2
    # the same through the CLI, and a rerun resumes
    r = CliRunner().invoke(app, ["quickstart", str(data), "-w", str(tmp_path / "ws"), "-m", "rouge,citation_set"])
    assert r.exit_code == 0, r.output
    assert "0 unit(s) computed, 2 reused" in " ".join(r.output.split())


def test_quickstart_exit_codes_propagate(tmp_path) -> None:
    # an unreadable file: reported, the rest is evaluated, the job ends with the import's code 1
    data = _dataset(tmp_path / "data", broken=True)
    ws = tmp_path / "ws"
    out = api.quickstart(data, workspace=ws, metrics="rouge")
    assert out.steps["import"] == 1 and "Broken.json" in out.messages["import"]
    assert out.steps["evaluate"] == out.steps["report"] == out.steps["leaderboard"] == 0
    assert out.exit_code == 1
    r = CliRunner().invoke(app, ["quickstart", str(data), "-w", str(ws), "-m", "rouge"])
    assert r.exit_code == 1
    # a report that cannot be written (a file where its folder goes) fails the job: exit 2, not 0
    good = _dataset(tmp_path / "good")
    ws2 = tmp_path / "ws2"
    ws2.mkdir()
    (ws2 / "report").write_text("not a folder")
    r = CliRunner().invoke(app, ["quickstart", str(good), "-w", str(ws2), "-m", "rouge"])
    assert r.exit_code == 2, r.output
    assert "report failed" in " ".join(r.output.split())
    assert (ws2 / "site" / "index.html").is_file()  # the later step still ran
    # an unknown metric stops before any work, with the evaluation's code
    r = CliRunner().invoke(app, ["quickstart", str(good), "-w", str(tmp_path / "ws3"), "-m", "nope"])
    assert r.exit_code == 2 and "unknown metric 'nope'" in " ".join(r.output.split())
