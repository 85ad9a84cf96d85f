"""Meta-evaluation: do the judges rank surveys the way human experts do? (AutoSurvey §3,
"Meta Evaluation", Fig. 3: Spearman's rho between the LLMs' and the experts' rankings of the
generated surveys; we add Kendall's tau-b.)

Inputs
- judge scores: results of ``surveybench eval`` (Parquet or CSV, long format with columns
  ``system, topic, metric, score, value``; an optional ``judge`` column, else one label per
  file: the judge in the run's ``manifest.json``, see :func:`default_label`) or a wide CSV with ``system, topic`` and one numeric column per score;
- a human CSV with ``system, topic`` and ``rank`` (1 = best) or ``score`` (higher = better),
  optionally one row per ``annotator`` (their scores, or negated ranks, are averaged).

A survey is a (system, topic) pair. Its judge score is the mean of the selected
``metric:score`` values (default ``rubric:mean``, AutoSurvey's total over the criteria up to a
constant factor). Per label (judge or file) and for the mixture (mean over labels, AutoSurvey's
"mixture of models"), rho and tau are computed over all surveys both sides scored; with several
topics also the mean within-topic rho.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_SELECT = ("rubric:mean",)
Key = tuple[str, str]  # (system, topic)


class MetaEvalError(ValueError):
    """Bad input: the message names the file and what is wrong with it."""


def rank_agreement(judge: Sequence[float], human: Sequence[float]) -> dict[str, float | int | None]:
    """Spearman's rho and Kendall's tau-b (with p-values) between two score lists (higher =
    better on both sides). None when undefined (fewer than 3 surveys or a constant side)."""
    from scipy.stats import kendalltau, spearmanr

    n = len(judge)
    if n != len(human):
        raise ValueError("judge and human score lists differ in length")
    out: dict[str, float | int | None] = {"n": n, "spearman_rho": None, "spearman_p": None,
                                          "kendall_tau": None, "kendall_p": None}
    if n < 3 or len(set(judge)) < 2 or len(set(human)) < 2:
        return out
    rho = spearmanr(judge, human)
    tau = kendalltau(judge, human)
    for name, value in (("spearman_rho", rho.statistic), ("spearman_p", rho.pvalue),
                        ("kendall_tau", tau.statistic), ("kendall_p", tau.pvalue)):
        out[name] = None if value is None or math.isnan(value) else float(value)
    return out


@dataclass
class MetaEvalRow:
    label: str
    n: int
    spearman_rho: float | None
    spearman_p: float | None
    kendall_tau: float | None
    kendall_p: float | None
    within_topic_rho: float | None
    topics: int


def meta_evaluate(judge_scores: Mapping[str, Mapping[Key, float]], human: Mapping[Key, float]) -> list[MetaEvalRow]:
    """One row per label plus ``mixture`` (mean over labels) when there are several."""
    labels = dict(judge_scores)
    if len(labels) > 1:
        keys = set().union(*(set(v) for v in labels.values()))
        mixture: dict[Key, float] = {}
        for k in keys:
            vals = [v[k] for v in labels.values() if k in v]
            mixture[k] = sum(vals) / len(vals)
        labels["mixture"] = mixture
    rows = []
    for label, scores in labels.items():
        common = sorted(k for k in scores if k in human)
        stats = rank_agreement([scores[k] for k in common], [human[k] for k in common])
        by_topic: dict[str, list[Key]] = {}
        for k in common:
            by_topic.setdefault(k[1], []).append(k)
        rhos = []
        for ks in by_topic.values():
            r = rank_agreement([scores[k] for k in ks], [human[k] for k in ks])["spearman_rho"]
            if r is not None:
                rhos.append(float(r))
        rows.append(MetaEvalRow(
            label=label, n=len(common),
            spearman_rho=stats["spearman_rho"], spearman_p=stats["spearman_p"],  # type: ignore[arg-type]
            kendall_tau=stats["kendall_tau"], kendall_p=stats["kendall_p"],  # type: ignore[arg-type]
            within_topic_rho=sum(rhos) / len(rhos) if len(by_topic) > 1 and rhos else None,
            topics=len(by_topic),
        ))
    return rows


# ---- reading inputs ------------------------------------------------------------------------


def _read_table(path: Path) -> Any:
    import pandas as pd

    if not path.is_file():
        raise MetaEvalError(f"{path}: no such file")
    try:
        if path.suffix.lower() == ".parquet":
            return pd.read_parquet(path)
        return pd.read_csv(path)
    except Exception as exc:  # noqa: BLE001 - any reader error becomes a clear message
        raise MetaEvalError(f"{path}: cannot read as {'Parquet' if path.suffix.lower() == '.parquet' else 'CSV'}: {exc}") from None


def _need(df: Any, cols: Sequence[str], path: Path) -> None:
    missing = [c for c in cols if c not in df.columns]
    if missing:
        raise MetaEvalError(f"{path}: missing column(s) {missing}; has {list(df.columns)}")


def load_judge_scores(path: Path, select: Sequence[str] = DEFAULT_SELECT) -> dict[str, dict[Key, float]]:
    """Per label, survey -> mean of the selected ``metric:score`` values (see module docstring)."""
    import pandas as pd

    df = _read_table(path)
    _need(df, ["system", "topic"], path)
    wanted = [s.split(":", 1) if ":" in s else [s, None] for s in select]
    if {"metric", "score", "value"} <= set(df.columns):
        mask = pd.Series(False, index=df.index)
        for metric, score in wanted:
            m = df["metric"] == metric
            if score is not None:
                m &= df["score"] == score
            mask |= m
        df = df[mask & df["value"].notna()]
        value_col = "value"
    else:
        cols = [f"{m}:{s}" if s else m for m, s in wanted]
        alt = [c.replace(":", "_") for c in cols]
        use = [c if c in df.columns else a for c, a in zip(cols, alt)]
        _need(df, use, path)
        df = df.assign(value=df[use].mean(axis=1)).dropna(subset=["value"])
        value_col = "value"
    if df.empty:
        raise MetaEvalError(f"{path}: no values for {list(select)}")
    label_col = "judge" if "judge" in df.columns else None
    out: dict[str, dict[Key, float]] = {}
    groups = df.groupby(label_col) if label_col else [(default_label(path), df)]
    for label, g in groups:
        means = g.groupby(["system", "topic"])[value_col].mean()
        out[str(label)] = {(str(s), str(t)): float(v) for (s, t), v in means.items()}
    return out


def default_label(path: Path) -> str:
    """The label of a results file without a ``judge`` column: the judge named in the run's
    ``manifest.json`` beside it (``surveybench eval`` writes one), else the file name — or the
    run folder's name for the generic ``results.*``."""
    import json

    manifest = path.parent / "manifest.json"
    try:
        judge = json.loads(manifest.read_text(encoding="utf-8")).get("models", {}).get("judge")
    except (OSError, ValueError, AttributeError):
        judge = None
    if isinstance(judge, str) and judge:
        return judge
    return path.parent.name if path.stem == "results" and path.parent.name else path.stem


def load_human(path: Path) -> dict[Key, float]:
    """Survey -> human score (higher = better): ``score`` averaged, or ``rank`` negated and averaged."""
    df = _read_table(path)
    _need(df, ["system", "topic"], path)
    if "score" in df.columns:
        col, sign = "score", 1.0
    elif "rank" in df.columns:
        col, sign = "rank", -1.0
    else:
        raise MetaEvalError(f"{path}: needs a 'rank' (1 = best) or 'score' (higher = better) column; has {list(df.columns)}")
    bad = df[df[col].isna()]
    if not bad.empty:
        raise MetaEvalError(f"{path}: empty {col!r} in row(s) {[int(i) + 2 for i in bad.index[:5]]}")
    means = df.groupby(["system", "topic"])[col].mean()
    return {(str(s), str(t)): sign * float(v) for (s, t), v in means.items()}
