"""Reading results: a Parquet file, a run directory, or a whole workspace.

One damaged run must not hide the others: a ``results.parquet`` or ``manifest.json`` that cannot
be read (truncated by a full disk, edited by hand, half-copied) is reported in one line and
skipped, and the other runs load as usual. The unit files under ``units/`` are the truth: the
same ``surveybench eval`` command rebuilds a run's files from them without computing anything.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pandas as pd

from surveybench.judges.failures import failure_label, summarise_causes

KEY = ["system", "topic", "metric", "score"]
REQUIRED_COLUMNS = ("system", "topic", "metric", "score", "value", "status")
REBUILD_HINT = "run the same `surveybench eval` command again to rebuild it from the unit files"
log = logging.getLogger("surveybench.analysis")


class ResultsError(ValueError):
    """No readable results under the given path; the message lists what was wrong with each file."""


def _result_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    if (path / "results.parquet").exists():
        return [path / "results.parquet"]
    runs = path / "runs"
    if runs.is_dir():
        files = [p / "results.parquet" for p in runs.iterdir() if (p / "results.parquet").is_file()]
        return sorted(files, key=_mtime)
    files = sorted(path.glob("*.parquet"))
    return files


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # removed meanwhile: sorts first, then reported as unreadable
        return 0.0


def _report(problems: list[str] | None, message: str) -> None:
    if problems is None:
        log.warning("%s", message)
    else:
        problems.append(message)


def _label(file: Path, root: Path) -> str:
    """The file relative to what the user named, so messages stay short and portable."""
    try:
        return str(file.relative_to(root if root.is_dir() else root.parent))
    except ValueError:
        return str(file)


def read_results_file(file: Path) -> pd.DataFrame:
    """One ``results.parquet``; :class:`ResultsError` with the reason when it cannot be used."""
    import pyarrow as pa

    try:
        df = pd.read_parquet(file)
    except (OSError, pa.ArrowException, ValueError) as exc:
        reason = " ".join(str(exc).split())[:160] or type(exc).__name__
        raise ResultsError(f"not a readable Parquet file ({reason})") from exc
    missing = [c for c in REQUIRED_COLUMNS if c not in df.columns]
    if missing:
        raise ResultsError(f"not a SurveyBench results file (no column {', '.join(missing)})")
    return df


def load_results(path: Path | str, *, problems: list[str] | None = None) -> pd.DataFrame:
    """All result rows under ``path`` (a ``results.parquet``, a run directory, a workspace, or a
    directory of Parquet files). When several runs score the same (system, topic, metric,
    sub-score), the most recent run wins, so re-evaluating a system replaces its old rows.

    A file that cannot be read is skipped with one line appended to ``problems`` (logged when
    ``problems`` is None). :class:`FileNotFoundError` when there is no results file at all;
    :class:`ResultsError` when there are some but none is readable.
    """
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such results file or directory")
    files = _result_files(path)
    if not files:
        raise FileNotFoundError(f"{path}: no results.parquet found (run `surveybench eval` first)")
    frames: list[pd.DataFrame] = []
    bad: list[str] = []
    for i, f in enumerate(files):
        try:
            frames.append(read_results_file(f).assign(_order=i))
        except ResultsError as exc:
            line = f"{_label(f, path)}: {exc}; skipped ({REBUILD_HINT})"
            bad.append(line)
            _report(problems, line)
    if not frames:
        raise ResultsError(f"{path}: no readable results: " + "; ".join(bad))
    df = pd.concat(frames, ignore_index=True)
    # A (system, topic, metric) unit comes whole from the newest run that has it, so an old
    # failure does not linger beside a newer success.
    newest = df.groupby(["system", "topic", "metric"])["_order"].transform("max")
    df = df[df["_order"] == newest].drop(columns="_order")
    return df.reset_index(drop=True)


def load_manifests(path: Path | str, *, problems: list[str] | None = None) -> list[dict[str, Any]]:
    """Run manifests under ``path``, oldest first; an unreadable one is skipped with one line in
    ``problems`` (logged when ``problems`` is None)."""
    path = Path(path)
    root = path
    if path.is_file():
        path = path.parent
    candidates = [path / "manifest.json"]
    if (path / "runs").is_dir():
        candidates += sorted((path / "runs").glob("*/manifest.json"), key=_mtime)
    candidates += sorted(path.glob("*manifest*.json"))
    out, seen = [], set()
    for c in candidates:
        if not c.is_file() or c.resolve() in seen:
            continue
        seen.add(c.resolve())
        try:
            manifest = json.loads(c.read_text(encoding="utf-8"))
            if not isinstance(manifest, dict):
                raise ValueError(f"a JSON {type(manifest).__name__}, not an object")
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            reason = " ".join(str(exc).split())[:160]
            _report(problems, f"{_label(c, root)}: not a readable run manifest ({reason}); skipped ({REBUILD_HINT})")
            continue
        out.append(manifest)
    return out


def failure_rows(df: pd.DataFrame) -> pd.DataFrame:
    """Rows of scores that failed, with a ``cause`` label (from the ``cause`` column, else
    derived from the error text of results written before that column existed)."""
    failed = df[df["status"] == "failed"].copy()
    if "cause" not in failed.columns:
        failed["cause"] = None
    failed["cause"] = [c if isinstance(c, str) and c else failure_label(e if isinstance(e, str) else None)
                       for c, e in zip(failed["cause"], failed["error"])]
    return failed


def failure_summary(df: pd.DataFrame) -> str:
    """``"3 scores failed: judge HTTP 500 ×2, unparseable ×1"``, or "" when none failed."""
    failed = failure_rows(df)
    if failed.empty:
        return ""
    n = len(failed)
    return f"{n} score{'s' if n != 1 else ''} failed: {summarise_causes(failed['cause'])}"


def ok_scores(df: pd.DataFrame) -> pd.DataFrame:
    """Rows with a number (status ``ok``)."""
    return df[(df["status"] == "ok") & df["value"].notna()]
