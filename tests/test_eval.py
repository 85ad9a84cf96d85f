"""`surveybench eval` runner: pairing, failures, gaps, resumption, manifest (in-process)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pandas as pd
import pytest

from surveybench.metrics.base import REGISTRY, MetricResult, MetricSpec, higher, neutral
from surveybench.eval import EvalConfig, EvalError, run_eval
from surveybench.eval.manifest import sanitise_spec
from surveybench.model import Paragraph, Section, Survey
from surveybench.workspace import Workspace

SECRET = "sk-test-DO-NOT-LEAK-4242"


def survey(topic: str, words: int, *, system: str | None = None, domain: str | None = None) -> Survey:
    return Survey(
        id=f"{system or 'gold'}-{topic}", title=f"{topic} survey", topic=topic, domain=domain,
        system=system,
        sections=[Section(index=0, title="Body", paragraphs=[Paragraph(text=" ".join(["w"] * words))])],
    )


@dataclass
class WordRatio:
    """Test metric: candidate words / reference words, and the candidate word count."""

    name: str = "_t_ratio"
    description: str = "word-count ratio (test)"
    paper: str = "none"
    requires: frozenset = field(default_factory=frozenset)
    spec: MetricSpec = MetricSpec("1", (neutral("ratio", "candidate words / reference words"),
                                        neutral("words", "candidate words")))
    calls: list = field(default_factory=list)

    def compute(self, candidate, reference, ctx):
        self.calls.append((candidate.system, candidate.topic))
        c = len(candidate.body_text().split())
        r = len(reference.body_text().split())
        return MetricResult(self.name, {"ratio": c / r, "words": float(c)}, usage={"calls": 1, "tokens": c})


@dataclass
class FailsOnB:
    name: str = "_t_fails"
    description: str = "fails on topic B (test)"
    paper: str = "none"
    requires: frozenset = field(default_factory=frozenset)
    spec: MetricSpec = MetricSpec("1", (higher("score", "always 1"), higher("maybe", "never known")))

    def compute(self, candidate, reference, ctx):
        if candidate.topic == "B":
            raise ValueError(f"cannot score topic B (key {SECRET})")
        return MetricResult(self.name, {"score": 1.0, "maybe": None}, details={"reason": "no data"})


@dataclass
class NeedsNLI:
    name: str = "_t_nli"
    description: str = "needs an NLI model nobody provides (test)"
    paper: str = "none"
    requires: frozenset = field(default_factory=lambda: frozenset({"nli"}))
    spec: MetricSpec = MetricSpec("1", (higher("x", "never computed"),))

    def compute(self, candidate, reference, ctx):  # pragma: no cover - never reached
        raise AssertionError("must be skipped")


@pytest.fixture
def test_metrics():
    ms = {"ratio": WordRatio(), "fails": FailsOnB(), "nli": NeedsNLI()}
    for m in ms.values():
        REGISTRY[m.name] = m
    yield ms
    for m in ms.values():
        REGISTRY.pop(m.name, None)


@pytest.fixture
def ws(tmp_path):
    ws = Workspace(tmp_path / "ws")
    ws.add_gold([survey("A", 10, domain="Biology"), survey("B", 20, domain="Medicine"),
                 survey("C", 40, domain="Biology")])
    ws.add_system("S1", [survey("A", 5), survey("B", 20), survey("C", 10)], task="task2")
    ws.add_system("S2", [survey("a", 20), survey("C", 80), survey("Extra", 3)])  # no B: a gap
    return ws


def test_eval_scores_pairs_lists_gaps_and_records_failures(ws, test_metrics, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    out = run_eval(ws, EvalConfig(systems=["S1", "S2"], metrics=["_t_ratio,_t_fails"]), show_progress=False)
    df = pd.read_parquet(out.results_path)
    ratio = df[(df.metric == "_t_ratio") & (df.score == "ratio")].set_index(["system", "topic"])["value"]
    # hand-computed: S1 5/10, 20/20, 10/40; S2 20/10 (topic 'a' matched to 'A'), 80/40
    assert ratio.to_dict() == {("S1", "A"): 0.5, ("S1", "B"): 1.0, ("S1", "C"): 0.25,
                               ("S2", "A"): 2.0, ("S2", "C"): 2.0}
    assert set(df.domain) == {"Biology", "Medicine"}
    assert set(df[df.system == "S1"].task) == {"task2"} and set(df[df.system == "S2"].task) == {"unspecified"}
    # failure on B recorded with its reason; the other units ran
    failed = df[df.status == "failed"]
    assert list(zip(failed.system, failed.topic, failed.metric)) == [("S1", "B", "_t_fails")]
    assert "cannot score topic B" in failed.error.iloc[0]
    none_rows = df[df.status == "none"]
    assert set(none_rows.score) == {"maybe"} and set(none_rows.error) == {"no data"}
    m = out.manifest
    assert m["systems"]["S2"]["missing_topics"] == ["B"]
    assert m["systems"]["S2"]["unmatched_topics"] == ["Extra"]
    assert m["units"] == {"total": 10, "computed_this_session": 10, "reused": 0, "failed": 1, "skipped": 0,
                          "partial": 0, "failed_scores": 1}
    assert m["failure_summary"] == "1 score failed: ValueError ×1"
    assert m["failures"][0]["metric"] == "_t_fails"
    assert m["usage"]["by_metric"]["_t_ratio"] == {"calls": 5, "tokens": 5 + 20 + 10 + 20 + 80}
    assert m["packages"]["pandas"] == pd.__version__
    text = out.manifest_path.read_text()
    assert SECRET not in text and "***" in text  # the key in the error message was redacted
    units_text = "".join(p.read_text() for p in ws.units_dir.rglob("*.json"))
    assert SECRET not in units_text


def test_rerun_reuses_everything_and_gives_equal_results(ws, test_metrics) -> None:
    cfg = EvalConfig(systems=["S1", "S2"], metrics=["_t_ratio"])
    first = run_eval(ws, cfg, show_progress=False)
    calls_before = len(test_metrics["ratio"].calls)
    assert calls_before == 5
    second = run_eval(ws, cfg, show_progress=False)
    assert len(test_metrics["ratio"].calls) == calls_before  # nothing computed twice
    assert (second.computed, second.reused) == (0, 5)
    assert second.run_id == first.run_id
    pd.testing.assert_frame_equal(pd.read_parquet(first.results_path), pd.read_parquet(second.results_path))
    # a changed survey is recomputed, the rest reused
    ws.add_system("S1", [survey("A", 7)])
    third = run_eval(ws, cfg, show_progress=False)
    assert (third.computed, third.reused) == (1, 4)
    assert test_metrics["ratio"].calls[-1] == ("S1", "A")


def test_jobs_give_the_same_results(ws, test_metrics, tmp_path) -> None:
    a = run_eval(ws, EvalConfig(systems=["S1", "S2"], metrics=["_t_ratio", "_t_fails"]), show_progress=False)
    ws2 = Workspace(tmp_path / "ws2")
    ws2.add_gold(ws.gold_surveys().values())
    for s in ("S1", "S2"):
        ws2.add_system(s, ws.system_surveys(s).values(), task=ws.system_info(s).get("task"))
    b = run_eval(ws2, EvalConfig(systems=["S1", "S2"], metrics=["_t_ratio", "_t_fails"], jobs=3), show_progress=False)
    cols = ["system", "topic", "metric", "score", "value", "status", "error"]
    sort = cols[:4]
    pd.testing.assert_frame_equal(
        pd.read_parquet(a.results_path)[cols].sort_values(sort).reset_index(drop=True),
        pd.read_parquet(b.results_path)[cols].sort_values(sort).reset_index(drop=True),
    )


def test_metric_whose_resource_is_missing_is_skipped_not_stored(ws, test_metrics) -> None:
    out = run_eval(ws, EvalConfig(systems=["S1"], metrics=["_t_nli", "_t_ratio"]), show_progress=False)
    assert out.manifest["units"]["skipped"] == 3
    assert out.manifest["skipped"][0]["reason"].startswith("needs a nli (give --nli")
    df = pd.read_parquet(out.results_path)
    assert set(df.metric) == {"_t_ratio"}
    assert not (ws.units_dir / "t-nli").exists() and not list(ws.units_dir.glob("*nli*"))


def test_metric_groups_and_errors(ws, test_metrics) -> None:
    out = run_eval(ws, EvalConfig(systems=["S1"], metrics=["_t_ratio"], topics=["c"]), show_progress=False)
    assert set(pd.read_parquet(out.results_path).topic) == {"C"}
    with pytest.raises(EvalError, match="unknown metric 'nope'"):
        run_eval(ws, EvalConfig(systems=["S1"], metrics=["nope"]), show_progress=False)
    with pytest.raises(EvalError, match="no system 'Ghost'"):
        run_eval(ws, EvalConfig(systems=["Ghost"], metrics=["_t_ratio"]), show_progress=False)
    empty = Workspace(ws.root.parent / "empty")
    empty.add_system("S1", [survey("A", 1)])
    with pytest.raises(EvalError, match="no gold surveys"):
        run_eval(empty, EvalConfig(systems=["S1"], metrics=["_t_ratio"]), show_progress=False)


def test_spec_sanitising() -> None:
    assert sanitise_spec("http://user:sk-abc@127.0.0.1:8000/v1@m") == "http://127.0.0.1:8000/v1@m"
    assert sanitise_spec("http://h/v1?api_key=abc&x=1") == "http://h/v1?api_key=***&x=1"
    assert sanitise_spec("openai:gpt-4o-mini") == "openai:gpt-4o-mini"


def test_manifest_is_json_with_config(ws, test_metrics) -> None:
    out = run_eval(ws, EvalConfig(systems=["S1"], metrics=["_t_ratio"]), show_progress=False)
    m = json.loads(out.manifest_path.read_text())
    assert m["config"]["systems"] == ["S1"] and m["metrics"]["_t_ratio"]["description"]
    assert m["gold"]["topics"] == 3


def test_judge_metric_on_scripted_llm_records_usage_and_resumes(ws, scripted_llm, monkeypatch) -> None:
    """A real LLM metric (structure_llm) through a real HTTP judge: usage lands in the
    manifest, the key does not, and a rerun makes no new LLM calls."""
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    scripted_llm.default = "4"
    cfg = EvalConfig(systems=["S1", "S2"], metrics=["structure_llm"], judge=scripted_llm.spec, jobs=2)
    out = run_eval(ws, cfg, show_progress=False)
    df = pd.read_parquet(out.results_path)
    assert df.status.eq("ok").all() and df.value.eq(4.0).all() and len(df) == 5
    calls = len(scripted_llm.requests)
    # the outlines of S1 and S2 are identical on A and C, so the judge cache may answer some
    # (how many depends on which concurrent unit asks first)
    assert 3 <= calls <= 5
    m = out.manifest
    assert m["usage"]["judge_session"]["calls"] >= 3
    assert m["models"]["judge"] and "judge" in m["models"]["resources_used"]
    assert m["notes"] == []  # a judge was given: no default-judge note
    assert SECRET not in out.manifest_path.read_text()
    again = run_eval(ws, cfg, show_progress=False)
    assert (again.computed, again.reused) == (0, 5) and len(scripted_llm.requests) == calls


def test_gold_from_exported_dataset(ws, test_metrics, tmp_path) -> None:
    """--data: gold surveys read from a SurveyBench dataset directory (HF Hub layout)."""
    from surveybench.dataset import export_dataset

    data_dir = export_dataset(list(ws.gold_surveys().values()), tmp_path / "hf")
    out = run_eval(ws, EvalConfig(systems=["S1"], metrics=["_t_ratio"], data=str(data_dir)), show_progress=False)
    df = pd.read_parquet(out.results_path)
    ratio = df[df.score == "ratio"].set_index("topic")["value"].to_dict()
    assert ratio == {"A": 0.5, "B": 1.0, "C": 0.25}
    assert set(df.domain) == {"Biology", "Medicine"}
    assert out.manifest["gold"]["source"].startswith("dataset ")


@dataclass
class JudgeName:
    name: str = "_t_judge_name"
    description: str = "records which judge it was lent (test)"
    paper: str = "none"
    requires: frozenset = field(default_factory=lambda: frozenset({"judge"}))
    spec: MetricSpec = MetricSpec("1", (higher("one", "always 1"),))

    def compute(self, candidate, reference, ctx):
        return MetricResult(self.name, {"one": 1.0}, details={"judge": ctx.judge.name})


def test_no_judge_given_uses_and_announces_local_default(ws, capsys) -> None:
    from rich.console import Console

    from surveybench.judges import DEFAULT_JUDGE_SPEC

    REGISTRY["_t_judge_name"] = JudgeName()
    try:
        console = Console(stderr=True, soft_wrap=True)
        out = run_eval(ws, EvalConfig(systems=["S1"], metrics=["_t_judge_name"]), console=console,
                       show_progress=False)
    finally:
        REGISTRY.pop("_t_judge_name")
    assert any("no --judge given" in n and repr(DEFAULT_JUDGE_SPEC) in n for n in out.manifest["notes"])
    assert "no --judge given: using the local default judge" in capsys.readouterr().err
    assert out.manifest["models"]["resources_used"]["judge"] == DEFAULT_JUDGE_SPEC
    df = pd.read_parquet(out.results_path)
    assert df.status.eq("ok").all() and len(df) == 3  # the local judge was built and lent
    assert out.manifest["models"]["judge_is_tiny_local"] is True


def test_bad_data_argument_is_a_clear_error(ws, test_metrics, tmp_path) -> None:
    with pytest.raises(EvalError, match="--data .*nope.*cannot load the gold dataset"):
        run_eval(ws, EvalConfig(systems=["S1"], metrics=["_t_ratio"], data=str(tmp_path / "nope")),
                 show_progress=False)


def test_cli_errors_exit_2_with_message(ws) -> None:
    from typer.testing import CliRunner

    from surveybench.cli import app

    r = CliRunner().invoke(app, ["eval", "-s", "Ghost", "-w", str(ws.root), "-m", "rouge"])
    assert r.exit_code == 2 and "no system 'Ghost'" in " ".join(r.output.split())
    r = CliRunner().invoke(app, ["eval", "-s", "../x", "-w", str(ws.root), "-m", "rouge"])
    assert r.exit_code == 2 and "escape the workspace" in " ".join(r.output.split())
    r = CliRunner().invoke(app, ["eval", "-s", "S1", "-w", str(ws.root), "--option", "novalue"])
    assert r.exit_code == 2 and "KEY=VALUE" in r.output


@dataclass
class Offline:
    name: str = "_t_offline"
    description: str = "its model cannot be downloaded (test)"
    paper: str = "none"
    requires: frozenset = field(default_factory=frozenset)
    calls: list = field(default_factory=list)
    spec: MetricSpec = MetricSpec("1", (higher("x", "never computed"),))

    def compute(self, candidate, reference, ctx):
        self.calls.append(candidate.topic)
        raise OSError("We couldn't connect to 'https://huggingface.co' to load the files")


@pytest.mark.parametrize("jobs", [1, 2])
def test_setup_failure_is_not_stored_and_stops_early(ws, test_metrics, jobs) -> None:
    """A model that cannot load fails the same way on every survey: after two such failures the
    metric is given up (not 46 s x every survey), nothing is stored, a rerun tries again."""
    m = Offline()
    REGISTRY[m.name] = m
    try:
        out = run_eval(ws, EvalConfig(systems=["S1", "S2"], metrics=["_t_offline", "_t_ratio"], jobs=jobs),
                       show_progress=False)
    finally:
        REGISTRY.pop(m.name)
    assert 2 <= len(m.calls) <= 2 + 2 * jobs - 1  # at most what was already in flight
    assert out.manifest["units"]["skipped"] == 5 and out.manifest["units"]["failed"] == 0
    assert "couldn't connect" in out.manifest["skipped"][0]["reason"]
    assert not list(ws.units_dir.glob("*offline*/*.json"))
    df = pd.read_parquet(out.results_path)
    assert set(df.metric) == {"_t_ratio"} and len(df[df.score == "ratio"]) == 5


def test_comma_separated_judges_form_a_panel(ws, scripted_llm) -> None:
    """``--judge A,B`` evaluates with a panel: the score is the judges' mean and each judge's
    score and usage are kept (AutoSurvey's multi-LLM-as-judge)."""
    scripted_llm.default = lambda req: "Score: 4" if req.body.get("model") == "judge-a" else "Score: 1"
    base = scripted_llm.spec.rsplit("@", 1)[0]
    cfg = EvalConfig(systems=["S1"], metrics=["structure_llm"], judge=f"{base}@judge-a, {base}@judge-b")
    out = run_eval(ws, cfg, show_progress=False)
    df = pd.read_parquet(out.results_path)
    assert df.status.eq("ok").all() and len(df) == 3
    assert df.value.eq(2.5).all()  # (4 + 1) / 2 on every survey
    per_judge = out.manifest["usage"]["judge_session"]["per_judge"]
    assert sorted(per_judge) == [f"{base}@judge-a", f"{base}@judge-b"]
    assert all(u["asked"] == 3 for u in per_judge.values())
    assert out.manifest["models"]["judge"] == f"{base}@judge-a,{base}@judge-b"


def test_metric_options_are_typed_alike_in_score_and_eval() -> None:
    from surveybench.commands._options import parse_metric_options

    assert parse_metric_options(["bertscore_rescale=false", "survey_year=2024", "device=cpu",
                                 "t=0.9", "url=http://x/a=b"]) == {
        "bertscore_rescale": False, "survey_year": 2024, "device": "cpu", "t": 0.9,
        "url": "http://x/a=b"}
