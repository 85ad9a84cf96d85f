"""Pure statistics used by ``surveybench report``, the leaderboard and the notebook.

- Means with bootstrap 95% confidence intervals: :func:`scipy.stats.bootstrap`, percentile
  method, 9,999 resamples, seeded generator (seed 0) so a report is reproducible. Percentile
  rather than BCa because BCa's jackknife acceleration is undefined or unstable for the very
  small samples (5-30 surveys per system and domain) a benchmark run has.
- Paired comparisons of two systems over the surveys both were scored on: Wilcoxon
  signed-rank test and paired t-test (two-sided), as is usual for per-item system scores.
- One-way ANOVA across domains for each system (SurveyGen §4.3, Fig. 4).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

N_RESAMPLES = 9999
SEED = 0


@dataclass(frozen=True)
class CI:
    mean: float
    low: float
    high: float
    n: int


def bootstrap_ci(values: Sequence[float], *, confidence: float = 0.95,
                 n_resamples: int = N_RESAMPLES, seed: int = SEED) -> CI:
    """Mean and percentile-bootstrap confidence interval of ``values`` (NaNs dropped).

    One value gives an interval of NaNs (nothing to resample); identical values give a
    zero-width interval.
    """
    x = np.asarray([v for v in values if v is not None and not math.isnan(v)], dtype=float)
    n = len(x)
    if n == 0:
        return CI(math.nan, math.nan, math.nan, 0)
    mean = float(x.mean())
    if n == 1:
        return CI(mean, math.nan, math.nan, 1)
    if np.ptp(x) == 0:
        return CI(mean, mean, mean, n)
    from scipy.stats import bootstrap

    res = bootstrap((x,), np.mean, confidence_level=confidence, n_resamples=n_resamples,
                    method="percentile", random_state=np.random.default_rng(seed), vectorized=True)
    return CI(mean, float(res.confidence_interval.low), float(res.confidence_interval.high), n)


def summarise(df: pd.DataFrame, by: Sequence[str] = ("system", "metric", "score"), *,
              confidence: float = 0.95) -> pd.DataFrame:
    """Mean, bootstrap CI, std and count of ``value`` per group of ``by`` (ok rows only)."""
    ok = df[(df["status"] == "ok") & df["value"].notna()] if "status" in df else df.dropna(subset=["value"])
    rows = []
    for keys, g in ok.groupby(list(by), sort=True, dropna=False):
        keys = keys if isinstance(keys, tuple) else (keys,)
        ci = bootstrap_ci(g["value"].tolist(), confidence=confidence)
        rows.append({**dict(zip(by, keys)), "n": ci.n, "mean": ci.mean, "ci_low": ci.low,
                     "ci_high": ci.high, "std": float(g["value"].std(ddof=1)) if ci.n > 1 else math.nan})
    return pd.DataFrame(rows, columns=[*by, "n", "mean", "ci_low", "ci_high", "std"])


@dataclass(frozen=True)
class PairedResult:
    n: int
    mean_a: float
    mean_b: float
    mean_diff: float
    t_stat: float
    t_p: float
    wilcoxon_stat: float
    wilcoxon_p: float


def paired_test(a: Sequence[float], b: Sequence[float]) -> PairedResult:
    """Two-sided paired t-test and Wilcoxon signed-rank test of ``a`` vs ``b`` (same items, same
    order). Undefined statistics (fewer than 2 pairs, all differences zero) are NaN."""
    from scipy.stats import ttest_rel, wilcoxon

    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.shape != y.shape:
        raise ValueError("paired samples must have the same length")
    n = len(x)
    nan = math.nan
    if n == 0:
        return PairedResult(0, nan, nan, nan, nan, nan, nan, nan)
    d = x - y
    t_stat = t_p = w_stat = w_p = nan
    if n >= 2 and np.ptp(d) > 0:
        t = ttest_rel(x, y)
        t_stat, t_p = float(t.statistic), float(t.pvalue)
    elif n >= 2 and d[0] != 0:  # constant non-zero difference: infinitely significant
        t_stat, t_p = math.copysign(math.inf, d[0]), 0.0
    if n >= 2 and np.any(d != 0):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            w = wilcoxon(x, y)
        w_stat, w_p = float(w.statistic), float(w.pvalue)
    return PairedResult(n, float(x.mean()), float(y.mean()), float(d.mean()), t_stat, t_p, w_stat, w_p)


def paired_tests(df: pd.DataFrame, system_a: str, system_b: str) -> pd.DataFrame:
    """:func:`paired_test` per (metric, sub-score) over the topics both systems have a value for."""
    ok = df[(df["status"] == "ok") & df["value"].notna()]
    rows = []
    for (metric, score), g in ok.groupby(["metric", "score"], sort=True):
        wide = g.pivot_table(index="topic", columns="system", values="value", aggfunc="mean")
        if system_a not in wide or system_b not in wide:
            continue
        both = wide[[system_a, system_b]].dropna()
        r = paired_test(both[system_a].to_numpy(), both[system_b].to_numpy())
        rows.append({"system_a": system_a, "system_b": system_b, "metric": metric, "score": score,
                     **r.__dict__})
    cols = ["system_a", "system_b", "metric", "score", *PairedResult.__dataclass_fields__]
    return pd.DataFrame(rows, columns=cols)


def one_way_anova(groups: Sequence[Sequence[float]]) -> tuple[float, float]:
    """F and p of a one-way ANOVA over ``groups`` (empty groups ignored); NaN when fewer than two
    groups remain or there are no within-group degrees of freedom."""
    from scipy.stats import f_oneway

    gs = [np.asarray(g, dtype=float) for g in groups if len(g) > 0]
    if len(gs) < 2 or sum(len(g) for g in gs) <= len(gs):
        return math.nan, math.nan
    if all(np.ptp(g) == 0 for g in gs):
        return math.nan, math.nan  # no within-group variance: F undefined
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = f_oneway(*gs)
    return float(res.statistic), float(res.pvalue)


def domain_anova(df: pd.DataFrame) -> pd.DataFrame:
    """One-way ANOVA of each system's per-survey scores across domains, per (metric, sub-score)
    (SurveyGen §4.3: "one-way ANOVA tests conducted for each model")."""
    ok = df[(df["status"] == "ok") & df["value"].notna()]
    rows = []
    for (system, metric, score), g in ok.groupby(["system", "metric", "score"], sort=True):
        groups = {d: gg["value"].to_numpy() for d, gg in g.groupby("domain", sort=True)}
        f, p = one_way_anova(list(groups.values()))
        rows.append({"system": system, "metric": metric, "score": score, "domains": len(groups),
                     "n": len(g), "F": f, "p": p,
                     "note": "" if not math.isnan(p) else
                     ("needs >= 2 domains" if len(groups) < 2 else "too few surveys or no variance")})
    return pd.DataFrame(rows, columns=["system", "metric", "score", "domains", "n", "F", "p", "note"])
