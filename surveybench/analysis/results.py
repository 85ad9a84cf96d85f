"""Reading results: a Parquet file, a run directory, or a whole workspace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd

KEY = ["system", "topic", "metric", "score"]


def _result_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    if (path / "results.parquet").exists():
        return [path / "results.parquet"]
    runs = path / "runs"
    if runs.is_dir():
        files = [p / "results.parquet" for p in runs.iterdir() if (p / "results.parquet").exists()]
        return sorted(files, key=lambda f: f.stat().st_mtime)
    files = sorted(path.glob("*.parquet"))
    return files


def load_results(path: Path | str) -> pd.DataFrame:
    """All result rows under ``path`` (a ``results.parquet``, a run directory, a workspace, or a
    directory of Parquet files). When several runs score the same (system, topic, metric,
    sub-score), the most recent run wins, so re-evaluating a system replaces its old rows."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such results file or directory")
    files = _result_files(path)
    if not files:
        raise FileNotFoundError(f"{path}: no results.parquet found (run `surveybench eval` first)")
    frames = [pd.read_parquet(f).assign(_order=i) for i, f in enumerate(files)]
    df = pd.concat(frames, ignore_index=True)
    # A (system, topic, metric) unit comes whole from the newest run that has it, so an old
    # failure does not linger beside a newer success.
    newest = df.groupby(["system", "topic", "metric"])["_order"].transform("max")
    df = df[df["_order"] == newest].drop(columns="_order")
    return df.reset_index(drop=True)


def load_manifests(path: Path | str) -> list[dict[str, Any]]:
    path = Path(path)
    if path.is_file():
        path = path.parent
    candidates = [path / "manifest.json"]
    if (path / "runs").is_dir():
        candidates += sorted((path / "runs").glob("*/manifest.json"), key=lambda f: f.stat().st_mtime)
    candidates += sorted(path.glob("*manifest*.json"))
    out, seen = [], set()
    for c in candidates:
        if c.exists() and c.resolve() not in seen:
            seen.add(c.resolve())
            out.append(json.loads(c.read_text(encoding="utf-8")))
    return out


def ok_scores(df: pd.DataFrame) -> pd.DataFrame:
    """Rows with a number (status ``ok``)."""
    return df[(df["status"] == "ok") & df["value"].notna()]
