"""Statistics of `surveybench report`, checked against hand-computed values, and the command."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from typer.testing import CliRunner

from surveybench.analysis import bootstrap_ci, domain_anova, paired_test, paired_tests, summarise
from surveybench.analysis.stats import one_way_anova
from surveybench.analysis.tables import latex_escape, to_latex, to_markdown
from surveybench.cli import app


def rows(system, metric, score, values, domains=None, topics=None):
    topics = topics or [f"t{i}" for i in range(len(values))]
    domains = domains or ["CS"] * len(values)
    return [dict(run_id="r", system=system, task="task2", topic=t, survey_id=t, title=t, domain=d,
                 metric=metric, score=score, value=v, status="ok", error=None)
            for t, d, v in zip(topics, domains, values)]


def test_paired_t_test_hand_computed() -> None:
    # differences [1, 0, 1, 1, 2]: mean 1, sd sqrt(0.5), t = 1 / (sqrt(0.5)/sqrt(5)) = sqrt(10)
    r = paired_test([2, 2, 4, 5, 7], [1, 2, 3, 4, 5])
    assert r.t_stat == pytest.approx(math.sqrt(10))
    assert r.t_p == pytest.approx(2 * stats.t.sf(math.sqrt(10), df=4))
    assert r.mean_diff == 1.0 and r.n == 5


def test_wilcoxon_exact_hand_computed() -> None:
    # differences 1, -2, 3, 4, 5, 6: ranks 1..6, W- = 2, W+ = 19; exact two-sided p:
    # rank subsets with sum <= 2 are {}, {1}, {2} -> 3/64 one-sided, 6/64 two-sided
    a = np.array([11, 8, 13, 14, 15, 16], dtype=float)
    b = np.array([10, 10, 10, 10, 10, 10], dtype=float)
    r = paired_test(a, b)
    assert r.wilcoxon_stat == 2.0
    assert r.wilcoxon_p == pytest.approx(6 / 64)


def test_paired_degenerate_cases() -> None:
    same = paired_test([1, 2, 3], [1, 2, 3])
    assert math.isnan(same.t_p) and math.isnan(same.wilcoxon_p)
    one = paired_test([1.0], [2.0])
    assert one.n == 1 and math.isnan(one.t_p)


def test_one_way_anova_hand_computed() -> None:
    # groups [1,2,3] and [4,5,6]: SSB = 3*1.5^2*2 = 13.5 (df 1), SSW = 2+2 = 4 (df 4) -> F = 13.5
    f, p = one_way_anova([[1, 2, 3], [4, 5, 6]])
    assert f == pytest.approx(13.5)
    assert p == pytest.approx(stats.f.sf(13.5, 1, 4))
    assert all(math.isnan(x) for x in one_way_anova([[1, 2, 3]]))  # one domain: undefined


def test_bootstrap_ci() -> None:
    assert bootstrap_ci([0.5]).n == 1 and math.isnan(bootstrap_ci([0.5]).low)
    assert bootstrap_ci([0.3, 0.3, 0.3]) == bootstrap_ci([0.3, 0.3, 0.3])
    assert (bootstrap_ci([0.3] * 3).low, bootstrap_ci([0.3] * 3).high) == (0.3, 0.3)
    rng = np.random.default_rng(1)
    x = rng.normal(10, 2, size=400)
    ci = bootstrap_ci(x)
    half = 1.96 * x.std(ddof=1) / math.sqrt(len(x))  # normal approximation, ~0.196
    assert ci.low < ci.mean < ci.high
    assert ci.mean - ci.low == pytest.approx(half, rel=0.1)
    assert ci.high - ci.mean == pytest.approx(half, rel=0.1)
    assert bootstrap_ci(x) == ci  # seeded: reproducible
    # same as scipy's own percentile bootstrap with the documented seed
    ref = stats.bootstrap((x,), np.mean, n_resamples=9999, method="percentile",
                          random_state=np.random.default_rng(0))
    assert (ci.low, ci.high) == (ref.confidence_interval.low, ref.confidence_interval.high)


def make_results() -> pd.DataFrame:
    doms = ["Bio", "Bio", "Bio", "Med", "Med", "Med"]
    data = (rows("A", "m", "f1", [1, 2, 3, 4, 5, 6], doms)
            + rows("B", "m", "f1", [2, 2, 4, 5, 7, 6], doms)
            + [dict(run_id="r", system="B", task="task2", topic="t9", survey_id="t9", title="t9",
                    domain="Bio", metric="m", score=None, value=None, status="failed", error="boom")])
    return pd.DataFrame(data)


def test_summaries_paired_and_anova_on_a_table() -> None:
    df = make_results()
    s = summarise(df).set_index("system")
    assert s.loc["A", "mean"] == 3.5 and s.loc["A", "n"] == 6
    d = summarise(df, ("domain", "system", "metric", "score")).set_index(["domain", "system"])
    assert d.loc[("Med", "B"), "mean"] == 6.0
    pt = paired_tests(df, "B", "A").iloc[0]
    assert pt.n == 6 and pt.mean_diff == pytest.approx(5 / 6)
    an = domain_anova(df).set_index("system")
    assert an.loc["A", "F"] == pytest.approx(13.5) and an.loc["A", "domains"] == 2


def test_markdown_and_latex_writers() -> None:
    df = pd.DataFrame({"system": ["a|b", "x_y & z"], "mean": [0.5, math.nan]})
    md = to_markdown(df)
    assert md.splitlines()[0] == "| system | mean |"
    assert md.splitlines()[1] == "|---|---:|"
    assert "a\\|b | 0.5000" in md and "| – |" in md
    assert latex_escape("x_y & 50%") == r"x\_y \& 50\%"
    tex = to_latex(df, caption="T")
    assert r"x\_y \& z & – \\" in tex and r"\begin{tabular}{lr}" in tex


def test_report_command_writes_all_formats(tmp_path) -> None:
    res = tmp_path / "run"
    res.mkdir()
    make_results().to_parquet(res / "results.parquet")
    out = tmp_path / "rep"
    r = CliRunner().invoke(app, ["report", str(res), "--format", "csv,md,latex", "-o", str(out)])
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in out.iterdir())
    for t in ("summary", "by_domain", "paired_tests", "anova", "failures"):
        assert {f"{t}.csv", f"{t}.md", f"{t}.tex"} <= set(names)
    summary = pd.read_csv(out / "summary.csv")
    assert summary.set_index("system").loc["A", "mean"] == 3.5
    assert "boom" in (out / "failures.csv").read_text()
    anova = pd.read_csv(out / "anova.csv").set_index("system")
    assert anova.loc["A", "F"] == pytest.approx(13.5)
    assert "Per-system mean" in r.output
    # per-domain means are printed too: B in Med has 5, 7, 6 -> 6.0; A in Bio 1, 2, 3 -> 2.0
    assert "Per-domain mean" in r.output
    dom_lines = [" ".join(x.replace("│", " ").split()) for x in r.output.splitlines()]
    assert any(x.startswith("Med B m f1 3 6.0000 [") for x in dom_lines)
    assert any(x.startswith("Bio A m f1 3 2.0000 [") for x in dom_lines)
    bad = CliRunner().invoke(app, ["report", str(res), "--compare", "A,Nope", "-o", str(out)])
    assert bad.exit_code == 2


def test_load_results_newest_run_wins_per_unit(tmp_path) -> None:
    import os
    import time

    from surveybench.analysis import load_results

    old = pd.DataFrame(rows("A", "m", "f1", [0.1, 0.2]) + rows("B", "m", "f1", [0.5]))
    old.loc[1, ["score", "value", "status", "error"]] = [None, None, "failed", "boom"]
    new = pd.DataFrame(rows("A", "m", "f1", [0.9, 0.8]))
    for i, (name, df) in enumerate((("r1", old), ("r2", new))):
        d = tmp_path / "runs" / name
        d.mkdir(parents=True)
        df.to_parquet(d / "results.parquet")
        os.utime(d / "results.parquet", (time.time() + i, time.time() + i))
    got = load_results(tmp_path)
    a = got[got.system == "A"].set_index("topic")
    assert a["value"].to_dict() == {"t0": 0.9, "t1": 0.8} and set(a.status) == {"ok"}
    assert got[got.system == "B"]["value"].tolist() == [0.5]  # only in the old run: kept
