"""The metric contract: every metric declares its version, sub-scores (with the better direction)
and typed options; options are checked when metrics are selected; version and options decide
unit keys and run directories; report tables order systems by each sub-score's direction."""

from __future__ import annotations

import inspect
import json
import re
from dataclasses import dataclass, field

import pandas as pd
import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.eval import EvalConfig, EvalError, run_eval
from surveybench.metrics.base import (
    REGISTRY,
    MetricResult,
    MetricSpec,
    Option,
    OptionError,
    higher,
    load_all,
    lower,
    resolve_options,
)
from surveybench.model import Paragraph, Section, Survey
from surveybench.workspace import Workspace

# ctx.options["x"], ctx.options.get("x"), options.get("x"), opts.get("x") in a metric module
OPTION_READ = re.compile(r"""\b(?:options|opts)(?:\.get\(|\[)\s*["']([A-Za-z0-9_]+)["']""")


def test_every_metric_declares_a_spec_and_every_option_it_reads() -> None:
    registry = load_all()
    assert len(registry) >= 15
    for name, metric in registry.items():
        spec = metric.spec
        assert spec.version and spec.scores, name
        assert all(s.direction in ("higher", "lower", "none") for s in spec.scores), name
        source = inspect.getsource(inspect.getmodule(type(metric)))
        read = set(OPTION_READ.findall(source))
        declared = {o.name for m in registry.values() if inspect.getmodule(type(m)) is inspect.getmodule(type(metric))
                    for o in m.spec.options}
        assert read <= declared, f"{name}: reads undeclared options {sorted(read - declared)}"


def test_ks_distances_are_lower_is_better_and_f1_higher() -> None:
    registry = load_all()
    dist = registry["reference_distribution"].spec
    assert {s.name for s in dist.scores if s.direction == "lower"} == {
        "ks_citations_per_year", "ks_years_gap", "ks_author_h_index", "ks_venue_h_index"}
    assert registry["citation_set"].spec.score("f1").direction == "higher"
    assert registry["rubric"].spec.score("coverage").high == 5.0


def test_misspelled_option_is_an_error_naming_the_valid_ones() -> None:
    citation_set = load_all()["citation_set"]
    with pytest.raises(OptionError) as err:
        resolve_options([citation_set], {"citation_titel_threshold": 0.5})
    msg = str(err.value)
    assert "unknown option 'citation_titel_threshold'" in msg
    assert "did you mean 'citation_title_threshold'?" in msg
    assert "valid options for the selected metrics: citation_title_threshold (float)" in msg


def test_option_of_an_unselected_metric_says_which_metric_reads_it() -> None:
    with pytest.raises(OptionError, match=r"read by citation_accuracy, citation_set, citation_set_listed, "
                                          r"which are not selected.*valid options for the selected metrics: none"):
        resolve_options([load_all()["rouge"]], {"citation_title_threshold": 0.9})


def test_wrong_types_are_errors_and_only_ints_become_floats() -> None:
    reg = load_all()
    with pytest.raises(OptionError, match=r"citation_title_threshold='high': expected float, got str"):
        resolve_options([reg["citation_set"]], {"citation_title_threshold": "high"})
    with pytest.raises(OptionError, match=r"reference_relevance_scale=1: expected bool, got int"):
        resolve_options([reg["reference_relevance_llm"]], {"reference_relevance_scale": 1})
    with pytest.raises(OptionError, match=r"kpr_top_k=2.5: expected int"):
        resolve_options([reg["key_point_recall"]], {"kpr_top_k": 2.5})
    got = resolve_options([reg["citation_set"], reg["reference_stats"]], {"citation_title_threshold": 1})
    assert got == {"citation_set": {"citation_title_threshold": 1.0}, "reference_stats": {"survey_year": None}}
    assert isinstance(got["citation_set"]["citation_title_threshold"], float)


def test_cli_misspelled_option_exits_2_with_the_valid_options(tmp_path) -> None:
    s = Survey(id="x", title="T", sections=[Section(index=0, title="A", paragraphs=[Paragraph(text="words here")])])
    f = tmp_path / "s.json"
    f.write_text(s.model_dump_json())
    r = CliRunner().invoke(app, ["score", "-r", str(f), "-c", str(f), "-m", "citation_set",
                                 "--option", "citation_titel_threshold=0.5"], env={"COLUMNS": "300"})
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "did you mean 'citation_title_threshold'?" in out, r.output
    r = CliRunner().invoke(app, ["score", "-r", str(f), "-c", str(f), "-m", "citation_set",
                                 "--option", "citation_title_threshold=yes"], env={"COLUMNS": "300"})
    assert r.exit_code == 2 and "expected float, got str" in " ".join(r.output.split())


def test_shared_option_must_be_declared_alike() -> None:
    from surveybench.metrics.base import register

    @dataclass
    class Clash:
        name: str = "_t_clash"
        description: str = "declares citation_title_threshold differently (test)"
        paper: str = "none"
        requires: frozenset = field(default_factory=frozenset)
        spec: MetricSpec = MetricSpec("1", (higher("x", "x"),), (Option("citation_title_threshold", float, 0.5, "h"),))

    load_all()
    with pytest.raises(ValueError, match="declared differently"):
        register(Clash())
    assert "_t_clash" not in REGISTRY


# ---- version and options decide unit keys and run directories ------------------------------------
def _survey(topic: str, words: int, system: str | None = None) -> Survey:
    return Survey(id=f"{system}-{topic}", title=topic, topic=topic, system=system,
                  sections=[Section(index=0, title="S", paragraphs=[Paragraph(text="w " * words)])])


@dataclass
class Scaled:
    """candidate words x option ``t_scale`` (test)."""

    name: str = "_t_scaled"
    description: str = "scaled word count (test)"
    paper: str = "none"
    requires: frozenset = field(default_factory=frozenset)
    spec: MetricSpec = MetricSpec("1", (higher("scaled", "words x t_scale", 0.0, None),),
                                  (Option("t_scale", float, 1.0, "factor"),))
    calls: list = field(default_factory=list)

    def compute(self, candidate, reference, ctx):
        self.calls.append(ctx.options["t_scale"])
        return MetricResult(self.name, {"scaled": len(candidate.body_text().split()) * ctx.options["t_scale"]})


@dataclass
class Plain:
    name: str = "_t_plain"
    description: str = "word count (test)"
    paper: str = "none"
    requires: frozenset = field(default_factory=frozenset)
    spec: MetricSpec = MetricSpec("1", (lower("words", "candidate words", 0.0, None),))
    calls: list = field(default_factory=list)

    def compute(self, candidate, reference, ctx):
        self.calls.append(candidate.topic)
        return MetricResult(self.name, {"words": float(len(candidate.body_text().split()))})


@pytest.fixture
def contract_ws(tmp_path):
    ms = [Scaled(), Plain()]
    for m in ms:
        REGISTRY[m.name] = m
    ws = Workspace(tmp_path / "ws")
    ws.add_gold([_survey("A", 4), _survey("B", 8)])
    ws.add_system("S", [_survey("A", 3, "S"), _survey("B", 5, "S")])
    yield ws, ms
    for m in ms:
        REGISTRY.pop(m.name, None)


def test_runs_differing_in_options_or_versions_never_share_a_directory(contract_ws) -> None:
    ws, (scaled, plain) = contract_ws
    cfg = dict(systems=["S"], metrics=["_t_scaled,_t_plain"])
    a = run_eval(ws, EvalConfig(**cfg), show_progress=False)
    b = run_eval(ws, EvalConfig(**cfg, options={"t_scale": 2}), show_progress=False)
    assert a.run_dir != b.run_dir and a.results_path.exists() and b.results_path.exists()
    # only the metric whose option changed was recomputed; the other's units were reused
    assert (b.computed, b.reused) == (2, 2) and plain.calls == ["A", "B"]
    va = pd.read_parquet(a.results_path).set_index(["metric", "topic"])["value"]
    vb = pd.read_parquet(b.results_path).set_index(["metric", "topic"])["value"]
    assert va[("_t_scaled", "A")] == 3.0 and vb[("_t_scaled", "A")] == 6.0  # 3 words x 1, x 2
    # the first run's files were not replaced by the second
    assert json.loads((a.run_dir / "manifest.json").read_text())["metrics"]["_t_scaled"]["options"] == {"t_scale": 1.0}
    assert b.manifest["metrics"]["_t_scaled"]["options"] == {"t_scale": 2.0}
    # the same command again resumes in the same directory
    again = run_eval(ws, EvalConfig(**cfg, options={"t_scale": 2.0}), show_progress=False)
    assert (again.run_id, again.computed, again.reused) == (b.run_id, 0, 4)
    # a new metric version is a new run, and its units are computed afresh
    scaled.spec = MetricSpec("2", scaled.spec.scores, scaled.spec.options)
    c = run_eval(ws, EvalConfig(**cfg), show_progress=False)
    assert c.run_dir not in (a.run_dir, b.run_dir) and (c.computed, c.reused) == (2, 2)
    assert set(pd.read_parquet(c.results_path).query("metric == '_t_scaled'").metric_version) == {"2"}


def test_results_and_manifest_carry_version_options_and_directions(contract_ws) -> None:
    ws, _ = contract_ws
    out = run_eval(ws, EvalConfig(systems=["S"], metrics=["_t_scaled,_t_plain"], options={"t_scale": 0.5}),
                   show_progress=False)
    df = pd.read_parquet(out.results_path)
    assert dict(zip(df.metric, df.direction)) == {"_t_scaled": "higher", "_t_plain": "lower"}
    assert set(df.metric_version) == {"1"}
    entry = out.manifest["metrics"]["_t_plain"]
    assert entry["version"] == "1" and entry["scores"]["words"]["direction"] == "lower"
    assert out.manifest["usage"]["wall_seconds_by_metric"].keys() == {"_t_scaled", "_t_plain"}
    assert out.manifest["usage"]["cpu_seconds_by_metric"].keys() == {"_t_scaled", "_t_plain"}
    keys = {(k := json.loads(p.read_text())["key"])["metric"]: k for p in ws.units_dir.rglob("*.json")}
    assert keys["_t_scaled"]["metric_version"] == "1" and keys["_t_scaled"]["options"] == {"t_scale": 0.5}
    assert keys["_t_plain"]["options"] == {}  # another metric's option is not part of its key


def test_eval_with_a_misspelled_option_stops_before_any_work(contract_ws) -> None:
    ws, (scaled, _) = contract_ws
    with pytest.raises(EvalError, match="did you mean 't_scale'"):
        run_eval(ws, EvalConfig(systems=["S"], metrics=["_t_scaled"], options={"t_scal": 2}), show_progress=False)
    assert scaled.calls == []
    assert not ws.runs_dir.exists() or not any(ws.runs_dir.iterdir())


def test_report_orders_systems_by_each_scores_direction() -> None:
    from surveybench.analysis.tables import build_report

    rows = []
    for system, ks, f1 in (("A", 0.10, 0.2), ("B", 0.50, 0.9), ("C", 0.30, 0.5)):
        for topic in ("t1", "t2"):
            rows += [
                {"system": system, "topic": topic, "domain": "D", "metric": "reference_distribution",
                 "score": "ks_years_gap", "value": ks, "status": "ok", "error": None, "direction": "lower"},
                {"system": system, "topic": topic, "domain": "D", "metric": "citation_set", "score": "f1",
                 "value": f1, "status": "ok", "error": None, "direction": "higher"},
            ]
    summary = build_report(pd.DataFrame(rows))["summary"]
    by = {k: list(g.system) for k, g in summary.groupby("score", sort=False)}
    assert by == {"f1": ["B", "C", "A"], "ks_years_gap": ["A", "C", "B"]}
    assert set(summary[summary.score == "ks_years_gap"].direction) == {"lower"}
