"""Real run on surveybench-dev: import the four systems' surveys for two topics with
`surveybench import`, evaluate them against the human surveys with the deterministic metrics,
one embedding metric (default embedder, which falls back to the local MiniLM offline) and one
LLM-judged metric with the default local judge (SmolLM2-135M in process), then build the report
and the leaderboard site. Also the README's main job, `surveybench quickstart`, on one topic."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from surveybench.cli import app

SYSTEMS = ["AutoSurvey", "SurveyForge", "LLMxMR-V2", "OpenAI_DeepResearch"]
TOPICS = ["Graph Neural Networks", "Vision Transformers"]
METRICS = "rouge,citation_set,citation_set_listed,structural_overlap,structure_llm"


@pytest.fixture(scope="module")
def real_run(dev_dir, tmp_path_factory):
    ws = tmp_path_factory.mktemp("realws")
    runner = CliRunner()
    for system in SYSTEMS:
        files = [str(dev_dir / system / f"{t}.md") for t in TOPICS]
        r = runner.invoke(app, ["import", *files, "--system", system, "--workspace", str(ws)])
        assert r.exit_code == 0, r.output
    # a system with a gap: only one of the two topics
    r = runner.invoke(app, ["import", str(dev_dir / "AutoSurvey" / f"{TOPICS[0]}.md"),
                            "--system", "Partial", "--workspace", str(ws)])
    assert r.exit_code == 0, r.output
    args = ["eval", *[a for s in [*SYSTEMS, "Partial"] for a in ("-s", s)],
            "--gold", str(dev_dir / "HumanSurvey"), *[a for t in TOPICS for a in ("--topic", t)],
            "-m", METRICS, "--workspace", str(ws), "--no-progress"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    return ws, args, first


def test_real_run_results(real_run, dev_dir) -> None:
    ws, _, first = real_run
    (run,) = [p for p in (ws / "runs").iterdir()]
    df = pd.read_parquet(run / "results.parquet")
    manifest = json.loads((run / "manifest.json").read_text())
    assert set(df.system) == {*SYSTEMS, "Partial"}
    assert set(df.topic) == set(TOPICS)
    assert set(df.metric) == set(METRICS.split(","))
    assert (df.status != "failed").all(), df[df.status == "failed"][["system", "topic", "metric", "error"]]
    ok = df[df.status == "ok"]
    judged = ok[ok.metric == "structure_llm"]
    assert (ok[ok.metric != "structure_llm"].value.between(0, 1)).all()
    # the tiny local judge decodes under the 1-5 grammar: every unit scored, one call each
    assert len(judged) == 9 and judged.value.isin([1, 2, 3, 4, 5]).all()
    assert manifest["models"]["judge_is_tiny_local"] is True
    # 9 units asked, 8 calls: "Partial" holds AutoSurvey's very survey, answered from the cache
    used = manifest["usage"]["by_metric"]["structure_llm"]
    assert (used["asked"], used["calls"], used["cached"]) == (9, 8, 1)
    assert any("local default judge" in n for n in manifest["notes"])
    # 4 systems x 2 topics + Partial x 1 topic, for each metric
    assert ok.groupby("metric")[["system", "topic"]].apply(lambda g: len(g.drop_duplicates())).eq(9).all()
    assert manifest["systems"]["Partial"]["missing_topics"] == [TOPICS[1]]
    assert "no survey for 1 topic(s): Vision Transformers" in " ".join(first.output.split())
    # the default embedder decision is announced and recorded
    assert any("MiniLM" in n or "bge-large" in n for n in manifest["notes"])
    assert manifest["models"]["embedder"]
    assert manifest["units"]["failed"] == 0 and manifest["units"]["total"] == 45

    # pairing check: the stored score equals the metric run directly on the same pair
    from surveybench.metrics.base import MetricContext, get_metric
    from surveybench.readers import read_survey
    from surveybench.workspace import Workspace

    cand = Workspace(ws).system_surveys("SurveyForge")["Vision Transformers"]
    gold = read_survey(dev_dir / "HumanSurvey" / "Vision Transformers.md")
    direct = get_metric("citation_set").compute(cand, gold, MetricContext())
    stored = ok[(ok.system == "SurveyForge") & (ok.topic == "Vision Transformers") & (ok.metric == "citation_set")]
    assert stored.set_index("score").value.to_dict() == pytest.approx(
        {k: v for k, v in direct.scores.items() if v is not None})


def test_real_run_resumes_report_and_site(real_run, tmp_path) -> None:
    ws, args, _ = real_run
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0, again.output
    assert "0 unit(s) computed, 45 reused" in " ".join(again.output.split())

    rep = CliRunner().invoke(app, ["report", str(ws), "-o", str(tmp_path / "report")])
    assert rep.exit_code == 0, rep.output
    summary = pd.read_csv(tmp_path / "report" / "summary.csv")
    assert set(summary.system) == {*SYSTEMS, "Partial"}
    paired = pd.read_csv(tmp_path / "report" / "paired_tests.csv")
    assert len(paired[(paired.system_a == "AutoSurvey") & (paired.system_b == "SurveyForge")]) > 0
    assert (tmp_path / "report" / "anova.tex").exists()

    site = tmp_path / "site"
    built = CliRunner().invoke(app, ["leaderboard", "build", str(ws), "-o", str(site)])
    assert built.exit_code == 0, built.output
    index = (site / "index.html").read_text()
    for s in SYSTEMS:
        assert s in index
    assert "citation_set" in (site / "metrics.html").read_text()
    assert len(list((site / "systems").glob("*.html"))) == 5


def test_quickstart_main_job_on_one_topic(dev_dir, tmp_path) -> None:
    ws = tmp_path / "ws"
    r = CliRunner().invoke(app, ["quickstart", str(dev_dir), "-w", str(ws), "--topic", TOPICS[1],
                                 "-m", "rouge,citation_set,structure_llm"])
    assert r.exit_code == 0, r.output
    (run,) = [p for p in (ws / "runs").iterdir()]
    df = pd.read_parquet(run / "results.parquet")
    assert set(df.system) == set(SYSTEMS) and set(df.topic) == {TOPICS[1]}
    assert (df.status == "ok").all(), df[df.status != "ok"]
    assert (ws / "report" / "summary.md").exists()
    index = (ws / "site" / "index.html").read_text()
    assert all(s in index for s in SYSTEMS) and "local default judge" in index
