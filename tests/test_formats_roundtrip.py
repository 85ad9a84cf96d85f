"""One file, one reading: every supported format gives the same Survey in `score`, `import`,
`eval --gold` and `generate --gold` (all read through the format registry,
surveybench/readers/formats.py). Before the registry a SurveyBench JSON dump gave 160 cited
references in `score` but 0 linked citations elsewhere, where it was taken for SurveyGen JSON."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.metrics.citation_set import survey_ref_keys
from surveybench.readers import detect_format, read_survey
from surveybench.workspace import Workspace, survey_hash
from tests.plugins.shared_data import shared_path

runner = CliRunner()
ENV = {"COLUMNS": "200", "NO_COLOR": "1"}
SURVEYGEN = ("surveygen", "Gold_Standard_Deep Learning Applications in Computer Vision.json")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One file per format, in a folder of its own (eval --gold reads a folder)."""
    root = tmp_path_factory.mktemp("formats")
    src = {
        "surveygen-json": shared_path(*SURVEYGEN),
        "autosurvey-json": shared_path("autosurvey", "Instruction Tuning.json"),
        "markdown": shared_path("autosurvey", "In-context Learning.md"),
    }
    out: dict[str, Path] = {}
    for fmt, path in src.items():
        (root / fmt).mkdir()
        out[fmt] = Path(shutil.copy(path, root / fmt / path.name))
    # a SurveyBench dump (Survey.model_dump_json) of the SurveyGen survey
    (root / "surveybench-json").mkdir()
    dump = root / "surveybench-json" / "Deep Learning Applications in Computer Vision.json"
    dump.write_text(read_survey(src["surveygen-json"]).model_dump_json(indent=1), encoding="utf-8")
    out["surveybench-json"] = dump
    return out


FORMATS = ["surveybench-json", "surveygen-json", "autosurvey-json", "markdown"]


def test_detection_is_by_content(files) -> None:
    for fmt, path in files.items():
        assert detect_format(path, path.read_text(encoding="utf-8")) == fmt
    # the dump is the SurveyGen survey, exactly (it remembers where the original was read)
    dumped, original = read_survey(files["surveybench-json"]), read_survey(files["surveygen-json"])
    assert dumped.source_format == "surveygen-json" and len(dumped.references) == 114
    assert dumped.model_copy(update={"source_path": None}) == original.model_copy(update={"source_path": None})


@pytest.mark.parametrize("fmt", FORMATS)
def test_score_import_and_eval_gold_read_the_same_survey(fmt, files, tmp_path) -> None:
    path = files[fmt]
    survey = read_survey(path)
    cited, _ = survey_ref_keys(survey, "cited")
    assert len(cited) > 0 and survey.references

    # score: the file against itself, citation_set's counts are the survey's cited references
    res = runner.invoke(app, ["score", "-r", str(path), "-c", str(path), "-m", "citation_set", "--json"], env=ENV)
    assert res.exit_code == 0, res.output
    details = json.loads(res.stdout)["results"][0]["details"]
    assert details["reference_references"] == details["candidate_references"] == len(cited)

    # import: the workspace holds the same survey
    ws = tmp_path / "ws"
    res = runner.invoke(app, ["import", str(path), "--system", "Sys", "-w", str(ws)], env=ENV)
    assert res.exit_code == 0, res.output
    (stored,) = Workspace(ws).system_surveys("Sys").values()
    as_system = read_survey(path, system="Sys")
    assert stored.model_copy(update={"source_path": None}) == as_system.model_copy(update={"source_path": None})
    assert len(stored.references) == len(survey.references)

    # eval --gold: the gold read from the folder is the same survey (its hash is in every unit key)
    res = runner.invoke(app, ["eval", "-s", "Sys", "--gold", str(path.parent), "-m", "citation_set",
                              "-w", str(ws), "--no-progress"], env=ENV)
    assert res.exit_code == 0, res.output
    (run,) = (ws / "runs").iterdir()
    df = pd.read_parquet(run / "results.parquet").set_index("score")["value"]
    # the survey against itself: every reference with a title or identifier matches itself
    matchable = sum(1 for k in cited if k.title or k.ids)
    assert df["recall"] == df["precision"] == matchable / len(cited)
    (unit,) = (ws / "units").rglob("*.json")
    assert json.loads(unit.read_text())["key"]["reference_hash"] == survey_hash(survey)


@pytest.mark.parametrize("fmt", FORMATS)
def test_generate_gold_reads_the_same_survey(fmt, files, tmp_path, scripted_llm) -> None:
    """human-guided generation offers, per gold section, the papers the section cites: the
    outline and the papers offered are those of the survey every other command reads."""
    path = files[fmt]
    survey = read_survey(path)
    refmap = survey.reference_map()
    content = survey.content_sections()
    expected = [len([r for r in s.ref_ids if r in refmap]) for s in content]
    offered: dict[str, int] = {}

    def section(req) -> str:  # noqa: ANN001 - the scripted server's request
        listed = len(re.findall(r"^\[\d+\] Title: ", req.user, re.M))
        offered[req.user] = listed
        return json.dumps({"content": "Text.", "references": []})

    scripted_llm.when(r"papers are provided for this subsection", section)
    out = tmp_path / "gen.json"
    res = runner.invoke(app, ["generate", "--baseline", "human-guided", "--gold", str(path),
                              "--judge", scripted_llm.spec, "-o", str(out)], env=ENV)
    assert res.exit_code == 0, res.output
    assert sorted(offered.values()) == sorted(expected) and sum(expected) > 0
    generated = json.loads(out.read_text())
    assert generated["topic"] == (survey.topic or survey.title)
