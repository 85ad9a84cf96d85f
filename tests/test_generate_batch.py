"""`surveybench index build` + `surveybench generate --tasks` end to end on the SurveyGen example:
a real index (MiniLM), the scripted OpenAI-compatible server on loopback, all five baselines,
resume, failure records, workspace registration, import back and eval."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.model import Survey
from tests.plugins.shared_data import shared_path
from tests.test_baselines_index import export_surveygen
from tests.test_baselines_pipelines import AUTOSURVEY_REPLIES, OUTLINE_JSON

BASELINES = ["topic-only", "naive-rag", "qual-sg", "autosurvey", "human-guided"]
GOLD_TITLE = "Deep Learning for Computer Vision: A Brief Review"


@pytest.fixture(scope="module")
def dev(tmp_path_factory, webapi_facts, minilm_path) -> dict[str, Path]:
    """Dataset export (SurveyGen example; second-level works cited by >= 5 references, with
    their metadata) and an index of it plus 30 S2ORC records, built by the CLI."""
    root = tmp_path_factory.mktemp("dev")
    ds = export_surveygen(root / "dataset", webapi_facts.works, min_citers=5)
    s2 = root / "s2orc.jsonl"
    s2.write_text("\n".join(shared_path("s2orc", "metadata_sample.jsonl").read_text(
        encoding="utf-8").splitlines()[:30]) + "\n", encoding="utf-8")
    mp = pytest.MonkeyPatch()
    mp.setenv("SURVEYBENCH_CACHE_DIR", str(root / "emb-cache"))
    res = CliRunner().invoke(app, ["index", "build", str(ds), str(s2), "-o", str(root / "index"),
                                   "--embedder", str(minilm_path)])
    mp.undo()
    assert res.exit_code == 0, res.output
    assert "citation edges" in res.output
    return {"dataset": ds, "index": root / "index", "root": root}


def _output(out: Path, baseline: str) -> Path:
    """The survey file of the one task (named after the topic)."""
    found = [p for p in (out / baseline).glob("deep-learning-applications-in-computer-vision*.json")
             if not p.name.endswith((".usage.json", ".failed.json"))]
    assert len(found) == 1, found
    return found[0]


def _script(llm) -> None:
    llm.when(r"generate the outline", OUTLINE_JSON)
    llm.when(r"write a subsection", lambda req: json.dumps({
        "content": "Convolutional models dominate, see ref [1] and ref [2].",
        "references": [{"refNo": "1", "title": "x"}]}))
    llm.when(r"Topical relevance score:", lambda req: "5" if "convolution" in req.user.lower() else "3")
    llm.when(r"Return the score without any other information", "4")

    def echo(req) -> str:
        m = re.search(r"Subsection to Refine: \n---\n(.*?)\n---", req.user, re.S) or re.search(
            r"You have written a subsection below:\n---\n(.*?)\n---", req.user, re.S)
        return m.group(1)

    for pattern, reply in AUTOSURVEY_REPLIES:
        llm.when(pattern, reply if reply is not None else echo)


def test_generate_tasks_all_baselines_resume_register_import_eval(dev, scripted_llm, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SURVEYBENCH_CACHE_DIR", str(dev["root"] / "emb-cache"))
    _script(scripted_llm)
    ws = tmp_path / "ws"
    out = tmp_path / "generated"
    args = ["generate", "--tasks", str(dev["dataset"]), "--index", str(dev["index"]), "--judge",
            scripted_llm.spec, "-w", str(ws), "-o", str(out), "--jobs", "2",
            "--qualsg-initial-n", "40", "--qualsg-co-cited", "10",
            "--autosurvey-initial-n", "20", "--autosurvey-papers-per-subsection", "5"]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    # progress off a TTY: one plain line per finished job, then usage per baseline
    for b in BASELINES:
        assert re.search(rf"\[\d/5\] done {b} · Deep Learning Applications in Computer Vision in \d+s, \d+ CPU-s: "
                         rf"\d+ calls, [\d,]+ tokens, cost unknown", res.output), res.output
    assert "usage per baseline" in res.output and "next: surveybench eval" in res.output
    calls = scripted_llm.calls

    surveys = {}
    for b in BASELINES:
        path = _output(out, b)
        data = json.loads(path.read_text())
        assert "usage" not in data["extra"]  # usage lives next to it, so `import` reads the survey only
        usage = json.loads(path.with_name(path.stem + ".usage.json").read_text())
        assert usage["usage"]["calls"] > 0
        surveys[b] = Survey.model_validate(data)
        assert surveys[b].id == "Deep Learning Applications in Computer Vision"
    task = surveys["naive-rag"].extra["task"]
    assert task == {"setting": "Task 2", "survey_id": surveys["naive-rag"].id,
                    "date_cutoff": "2018-02-01", "reference_budget": 114}
    for b in ("naive-rag", "qual-sg", "autosurvey"):
        r = surveys[b].extra["retrieval"]
        assert r["kind"] == "index" and r["gold_excluded"] == 1 and r["cutoff"] == "2018-02-01"
        assert GOLD_TITLE not in [x.title for x in surveys[b].references]
    # the budget K = the human survey's 114 references, honoured
    assert len(surveys["naive-rag"].extra["retrieval"]["selected"]) == 114
    # QUAL-SG keeps K of the 40 similar + co-cited works (fewer than K in the pool: all of them)
    table = surveys["qual-sg"].extra["qual_sg"]
    assert len(surveys["qual-sg"].extra["retrieval"]["selected"]) == min(114, len(table))
    assert surveys["qual-sg"].extra["retrieval"]["co_cited_added"] > 0
    assert surveys["autosurvey"].extra["best_trial"] in (1, 2) and len(surveys["autosurvey"].extra["trials"]) == 2
    assert surveys["human-guided"].extra["task"]["setting"] == "Task 3"
    assert surveys["topic-only"].extra["task"]["setting"] == "Task 1"

    # resume: a rerun reuses every output and sends no request
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    assert scripted_llm.calls == calls and len(re.findall(r"\] reused ", res.output)) == 5

    # registered: the workspace has the five systems and the gold; eval scores every output
    from surveybench.workspace import Workspace

    w = Workspace(ws)
    assert sorted(w.systems()) == sorted(BASELINES) and w.has_gold()
    stored = w.system_surveys("naive-rag")
    assert [s.references for s in stored.values()] == [surveys["naive-rag"].references]

    # import back identically (the readers read the generated JSON as written)
    from surveybench.readers import read_survey

    for b in BASELINES:
        back = read_survey(_output(out, b))
        assert back.sections == surveys[b].sections and back.references == surveys[b].references

    res = CliRunner().invoke(app, ["eval", "-w", str(ws), *sum((["-s", b] for b in BASELINES), []),
                                   "-m", "citation_set", "-m", "structural_overlap"])
    assert res.exit_code == 0, res.output
    import pandas as pd

    runs = sorted((ws / "runs").glob("*/results.parquet"))
    df = pd.read_parquet(runs[-1])
    assert set(df["system"]) == set(BASELINES)


def test_failed_jobs_are_recorded_and_retried_from_a_new_seed(dev, scripted_llm, tmp_path) -> None:
    scripted_llm.default = "not an outline"
    args = ["generate", "--tasks", str(dev["dataset"]), "--baseline", "topic-only", "--judge",
            scripted_llm.spec, "-w", str(tmp_path / "ws"), "-o", str(tmp_path / "out"),
            "--max-attempts", "2", "--no-register"]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 1 and "failed topic-only" in res.output and "outline step failed" in res.output
    failed_file = next((tmp_path / "out" / "topic-only").glob("*.failed.json"))
    failed = json.loads(failed_file.read_text())
    assert len(failed["errors"]) == 1
    assert {r.body.get("seed") for r in scripted_llm.requests} == {None}
    scripted_llm.reset()
    scripted_llm.default = "not an outline"
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 1
    assert {r.body.get("seed") for r in scripted_llm.requests} == {1000}  # not the same attempt again
    scripted_llm.reset()
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 1 and "skipped topic-only" in res.output and "--retry-failed" in res.output
    assert scripted_llm.calls == 0
    # fixed server + --retry-failed: it runs and the failure record goes away
    _script(scripted_llm)
    res = CliRunner().invoke(app, [*args, "--retry-failed"])
    assert res.exit_code == 0, res.output
    assert not failed_file.exists() and _output(tmp_path / "out", "topic-only").exists()


def test_generate_options_are_checked(dev) -> None:
    r = CliRunner()
    res = r.invoke(app, ["generate", "--tasks", str(dev["dataset"]), "--baseline", "naive-rag"])
    assert res.exit_code == 1 and "need --index DIR" in res.output
    res = r.invoke(app, ["generate", "--tasks", str(dev["dataset"]), "--qualsg-weights", "1,2"])
    assert res.exit_code != 0 and "expected three numbers" in res.output
    res = r.invoke(app, ["generate", "--baseline", "topic-only", "--topic", "x", "-o", "x.md",
                         "--min-sections", "3"])
    assert res.exit_code != 0
    res = r.invoke(app, ["generate", "--tasks", str(dev["root"]), "--baseline", "topic-only"])
    assert res.exit_code == 1 and "README.md" in res.output
    res = r.invoke(app, ["generate", "--baseline", "naive-rag", "--topic", "x", "-o", "x.md",
                         "--index", str(dev["root"])])
    assert res.exit_code == 1 and "not a paper index" in res.output
