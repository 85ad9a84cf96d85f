"""Meta-evaluation (AutoSurvey §3): rank correlations, hand-computed, and the CLI command."""

from __future__ import annotations

import pandas as pd
import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.meta_eval import MetaEvalError, load_human, load_judge_scores, meta_evaluate, rank_agreement


def test_rank_agreement_hand_computed() -> None:
    # d = rank differences [1, 1, 1, 1, 0]: rho = 1 - 6*4/(5*24) = 0.8;
    # 2 discordant pairs of 10: tau = (8 - 2) / 10 = 0.6
    r = rank_agreement([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])
    assert r["spearman_rho"] == pytest.approx(0.8) and r["kendall_tau"] == pytest.approx(0.6)
    assert rank_agreement([1, 2], [2, 1])["spearman_rho"] is None
    assert rank_agreement([1, 1, 1], [1, 2, 3])["kendall_tau"] is None


def _results(path, values):
    rows = []
    for judge, per in values.items():
        for system, v in per.items():
            rows.append({"judge": judge, "system": system, "topic": "T", "metric": "rubric", "score": "mean", "value": v})
            rows.append({"judge": judge, "system": system, "topic": "T", "metric": "rubric", "score": "coverage", "value": 0.0})
    pd.DataFrame(rows).to_parquet(path)


def test_meta_evaluate_per_judge_and_mixture(tmp_path) -> None:
    res = tmp_path / "results.parquet"
    _results(res, {"a": {"S1": 1, "S2": 2, "S3": 3, "S4": 4, "S5": 5},
                   "b": {"S1": 5, "S2": 4, "S3": 3, "S4": 2, "S5": 1}})
    human = tmp_path / "human.csv"
    # ranks 1 = best: human order S5 > S4 > S2 > S3 > S1 -> scores -rank = S1 -5, S2 -3, S3 -4, S4 -2, S5 -1
    pd.DataFrame({"system": ["S1", "S2", "S3", "S4", "S5"], "topic": ["T"] * 5, "rank": [5, 3, 4, 2, 1]}).to_csv(human, index=False)
    rows = {r.label: r for r in meta_evaluate(load_judge_scores(res), load_human(human))}
    assert rows["a"].spearman_rho == pytest.approx(0.9)  # ranks [1,2,3,4,5] vs [1,3,2,4,5]
    assert rows["b"].spearman_rho == pytest.approx(-0.9)
    assert rows["mixture"].spearman_rho is None  # mixture of a and b is constant 3

    runner = CliRunner()
    out = tmp_path / "meta.csv"
    r = runner.invoke(app, ["meta-eval", "--scores", str(res), "--human", str(human), "--out", str(out)])
    assert r.exit_code == 0, r.output
    table = pd.read_csv(out)
    assert table.set_index("label").loc["a", "kendall_tau"] == pytest.approx(0.8)


def test_bad_human_file_is_a_clear_error(tmp_path) -> None:
    bad = tmp_path / "human.csv"
    pd.DataFrame({"system": ["S1"], "topic": ["T"], "stars": [3]}).to_csv(bad, index=False)
    with pytest.raises(MetaEvalError, match="human.csv: needs a 'rank'"):
        load_human(bad)
    r = CliRunner().invoke(app, ["meta-eval", "--scores", str(tmp_path / "nope.parquet"), "--human", str(bad)])
    assert r.exit_code == 2 and "nope.parquet: no such file" in r.output


def test_labels_from_run_manifests_never_collide(tmp_path) -> None:
    import json

    human = tmp_path / "human.csv"
    pd.DataFrame({"system": ["S1", "S2", "S3"], "topic": ["T"] * 3, "score": [1, 2, 3]}).to_csv(human, index=False)
    for run, judge, values in (("run1", "openai:gpt-4o-mini", [1, 2, 3]), ("run2", "openai:gpt-4o-mini", [3, 2, 1]),
                               ("run3", None, [1, 3, 2])):
        d = tmp_path / "runs" / run
        d.mkdir(parents=True)
        pd.DataFrame({"system": ["S1", "S2", "S3"], "topic": ["T"] * 3, "metric": ["rubric"] * 3,
                      "score": ["mean"] * 3, "value": values}).to_parquet(d / "results.parquet")
        if judge:
            (d / "manifest.json").write_text(json.dumps({"models": {"judge": judge}}))
    out = tmp_path / "meta.csv"
    args = ["meta-eval", "--human", str(human), "--out", str(out)]
    for run in ("run1", "run2", "run3"):
        args += ["--scores", str(tmp_path / "runs" / run / "results.parquet")]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    rho = pd.read_csv(out).set_index("label")["spearman_rho"]
    # run1 agrees with the human order, run2 reverses it, run3 (no manifest: its folder name)
    # swaps the top two: d = [0, 1, 1] -> rho = 1 - 6*2/(3*8) = 0.5
    assert rho["openai:gpt-4o-mini"] == pytest.approx(1.0)
    assert rho["openai:gpt-4o-mini (2)"] == pytest.approx(-1.0)
    assert rho["run3"] == pytest.approx(0.5)
