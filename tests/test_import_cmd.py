"""``surveybench import``: report table, exit status, JSON output, workspace registration."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.model import Survey
from surveybench.readers import read_survey
from tests.plugins.shared_data import shared_path

runner = CliRunner()


@pytest.fixture()
def data_dir(tmp_path: Path) -> Path:
    """Two real dev files of different systems plus a bad file, as a small tree."""
    d = tmp_path / "in"
    for system, topic in (("AutoSurvey", "Vision Transformers"), ("OpenAI_DeepResearch", "Graph Neural Networks")):
        (d / system).mkdir(parents=True)
        shutil.copy(shared_path("surveybench-dev", system, f"{topic}.md"), d / system / f"{topic}.md")
    return d


def _run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["import", *args], env={"COLUMNS": "250"})


def test_help_has_examples() -> None:
    res = runner.invoke(app, ["import", "--help"], env={"COLUMNS": "120"})
    assert res.exit_code == 0
    assert "Examples" in res.output and "--report" in res.output and "surveybench import" in res.output


def test_report_table_and_summary(data_dir: Path) -> None:
    res = _run(str(data_dir), "--report")
    assert res.exit_code == 0, res.output
    assert res.output.count("Import report") == 1  # one heading, not the command's and the table's
    assert "AutoSurvey/Vision Transformers.md" in res.output
    assert "OpenAI_DeepResearch/Graph Neural" in res.output
    # the deep-research list defines number 46 twice and misses 55: both reported
    assert "46 defined twice" in res.output and "no entry for: 55 " in res.output
    # 176 + 14 references; 342 + 78 markers (facts of test_readers_real_files): the deep-research
    # report's "graph tasks 33." is a citation of source 33 (a plural before the number is no
    # index), and "personalization 55." cites a number its list lacks: counted, not linked
    assert "read 2/2 files: 2 surveys, 190 references, 419/420 citation markers linked" in res.output


def test_bad_file_reported_others_read_exit_1(data_dir: Path) -> None:
    (data_dir / "broken.md").write_bytes(b"\x00\x01\x02binary")
    (data_dir / "truncated.json").write_text('{"sections": [', encoding="utf-8")
    res = _run(str(data_dir), "--report")
    assert res.exit_code == 1
    assert "broken.md: binary file" in res.output
    assert "truncated.json: truncated JSON" in res.output
    assert "read 2/4 files: 2 surveys" in res.output and "2 failed" in res.output
    # a narrow terminal does not break an error over lines: one line names the file and reason
    narrow = runner.invoke(app, ["import", str(data_dir)], env={"COLUMNS": "40"})
    assert narrow.exit_code == 1
    assert any(
        line.endswith("broken.md: binary file (contains NUL bytes, the first at offset 0), not a Markdown or JSON survey")
        for line in narrow.output.splitlines()
    ), narrow.output


def test_json_out_round_trip(data_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "json"
    res = _run(str(data_dir / "AutoSurvey" / "Vision Transformers.md"), "--json-out", str(out))
    assert res.exit_code == 0, res.output
    files = sorted(out.glob("*.json"))
    assert [f.name for f in files] == ["AutoSurvey__Vision_Transformers.json"]
    loaded = Survey.model_validate_json(files[0].read_text(encoding="utf-8"))
    assert loaded == read_survey(data_dir / "AutoSurvey" / "Vision Transformers.md")


def test_system_registered_in_workspace(data_dir: Path, tmp_path: Path) -> None:
    from surveybench.workspace import Workspace

    ws = tmp_path / "ws"
    res = _run(str(data_dir / "AutoSurvey"), "--system", "AutoSurvey", "--workspace", str(ws))
    assert res.exit_code == 0, res.output
    stored = Workspace(ws).system_surveys("AutoSurvey")
    assert list(stored) == ["Vision Transformers"]
    assert stored["Vision Transformers"].system == "AutoSurvey"
    assert len(stored["Vision Transformers"].references) == 176


def test_gold_registered_and_unsafe_system_name(data_dir: Path, tmp_path: Path) -> None:
    from surveybench.workspace import Workspace

    ws = tmp_path / "ws"
    res = _run(str(data_dir / "OpenAI_DeepResearch"), "--gold", "--workspace", str(ws))
    assert res.exit_code == 0, res.output
    assert list(Workspace(ws).gold_surveys()) == ["Graph Neural Networks"]
    res = _run(str(data_dir / "AutoSurvey"), "--system", "../escape", "--workspace", str(ws))
    assert res.exit_code == 1 and "cannot register system" in res.output


def test_unknown_format_and_no_files(tmp_path: Path) -> None:
    res = _run(str(tmp_path), "--format", "docx")
    assert res.exit_code != 0 and "unknown format" in res.output
    res = _run(str(tmp_path))
    assert res.exit_code == 1 and "no survey files found" in res.output


def test_system_from_dir_registers_each_system_and_gold(data_dir: Path, tmp_path: Path) -> None:
    from surveybench.workspace import Workspace

    (data_dir / "HumanSurvey").mkdir()
    shutil.copy(shared_path("surveybench-dev", "HumanSurvey", "Vision Transformers.md"), data_dir / "HumanSurvey")
    shutil.copy(shared_path("surveybench-dev", "HumanSurvey", "outlines.json"), data_dir / "HumanSurvey")
    ws = tmp_path / "ws"
    res = _run(str(data_dir), "--system-from-dir", "--workspace", str(ws))
    assert res.exit_code == 0, res.output  # outlines.json is ignored, not a failure
    w = Workspace(ws)
    assert w.systems() == ["AutoSurvey", "OpenAI_DeepResearch"]
    assert list(w.gold_surveys()) == ["Vision Transformers"]
    assert w.gold_surveys()["Vision Transformers"].system is None
    res = _run(str(data_dir), "--system-from-dir", "--gold")
    assert res.exit_code != 0 and "only one of" in res.output
