"""Which way is better for every (metric, sub-score) of a results table.

The truth is each metric's spec (:class:`surveybench.metrics.base.SubScore.direction`). A
results file written by ``surveybench eval`` carries it in its ``direction`` column and its
manifest under ``metrics.NAME.scores``; older files fall back to the installed metrics'
specs. ``higher`` and ``lower`` rank systems; ``none`` (a count, a p-value) ranks nothing and
is shown in plain value order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

Key = tuple[str, str]


def directions(df: pd.DataFrame, manifests: Iterable[Mapping[str, Any]] = ()) -> dict[Key, str]:
    """``{(metric, score): "higher" | "lower" | "none"}`` for every pair in ``df``."""
    out: dict[Key, str] = {}
    if "direction" in df.columns:
        known = df.dropna(subset=["direction", "score"])
        for (metric, score), d in known.groupby(["metric", "score"])["direction"].first().items():
            out[(str(metric), str(score))] = str(d)
    for man in manifests:
        for metric, entry in (man.get("metrics") or {}).items():
            for score, info in ((entry or {}).get("scores") or {}).items():
                if isinstance(info, Mapping) and info.get("direction"):
                    out.setdefault((metric, score), str(info["direction"]))
    missing = {(str(m), str(s)) for m, s in df[["metric", "score"]].dropna().itertuples(index=False)} - out.keys()
    if missing:
        from surveybench.metrics.base import load_all

        registry = load_all()
        for metric, score in missing:
            spec = getattr(registry.get(metric), "spec", None)
            sub = spec.score(score) if spec is not None else None
            out[(metric, score)] = sub.direction if sub is not None else "none"
    return out


def best_first(summary: pd.DataFrame, dirs: Mapping[Key, str], group: Iterable[str] = ("metric", "score")) -> pd.DataFrame:
    """``summary`` (one row per system and sub-score, with ``mean``) with a ``direction``
    column, rows of each sub-score ordered best system first (``none``: highest value first)."""
    if summary.empty:
        return summary.assign(direction=pd.Series(dtype=str))
    summary = summary.copy()
    summary["direction"] = [dirs.get((str(m), str(s)), "none") for m, s in zip(summary["metric"], summary["score"])]
    # descending for higher/none, ascending for lower: sort on a signed key
    sign = summary["direction"].map({"lower": 1.0}).fillna(-1.0)
    summary["_key"] = sign * summary["mean"]
    keys = [*group, "_key"]
    return summary.sort_values(keys, kind="stable", na_position="last").drop(columns="_key").reset_index(drop=True)
