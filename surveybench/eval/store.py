"""Storing a run: the rows of ``results.parquet`` and the ``manifest.json`` beside it, both
rebuilt from the committed units (the unit files under ``units/`` are the truth)."""

from __future__ import annotations

import platform
import sys
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from surveybench.eval.failed_scores import score_rows
from surveybench.judges.failures import failure_label
from surveybench.eval.manifest import collect_versions, sanitise_spec
from surveybench.eval.units import UnitKey, to_jsonable
from surveybench.metrics.base import Metric, spec_of
from surveybench.readers.report import survey_parse_quality
from surveybench.workspace import atomic_write_with

if TYPE_CHECKING:
    from surveybench.eval.plan import EvalConfig, Pairing, Selection, Unit
    from surveybench.eval.resources import Resources

RESULT_COLUMNS = [
    "run_id", "system", "task", "topic", "survey_id", "title", "domain",
    "metric", "score", "value", "status", "error", "metric_version", "direction",
    "cause", "parts_used", "parts_total",
    "parse_resolution", "parse_verdict", "gold_parse_resolution", "gold_parse_verdict",
]


def parse_columns(candidate: object, reference: object) -> dict[str, Any]:
    """How well the readers parsed the two surveys a row compares (issue 9): the share of
    citation markers linked, every candidate marker counted, and the reader's verdict
    (``ok`` / ``check`` / ``poor``). A citation score computed on a poorly parsed survey is
    shown with that verdict beside it; None for surveys built in code or older dumps."""
    cols: dict[str, Any] = {}
    for prefix, survey in (("", candidate), ("gold_", reference)):
        q = survey_parse_quality(survey) or {}
        res = q.get("marker_resolution")
        cols[f"{prefix}parse_resolution"] = float(res) if isinstance(res, (int, float)) else None
        verdict = q.get("verdict")
        cols[f"{prefix}parse_verdict"] = verdict if isinstance(verdict, str) else None
    return cols


def results_rows(run_id: str, units: list[Unit], records: dict[UnitKey, dict[str, Any]],
                 metrics: dict[str, Metric]) -> list[dict[str, Any]]:
    """One row per (system, topic, metric, sub-score); a failed unit gives one row with
    ``status="failed"``, no score name and its error. ``direction`` is the sub-score's declared
    better side (``higher``, ``lower`` or ``none``)."""
    rows: list[dict[str, Any]] = []
    for u in units:
        rec = records.get(u.key)
        if rec is None:
            continue  # skipped (resource unavailable): listed in the manifest
        spec = spec_of(metrics[u.metric])
        ref = u.reference
        base = {
            "run_id": run_id, "system": u.system, "task": u.task, "topic": u.topic,
            "survey_id": ref.id, "title": ref.title, "domain": ref.domain or "Unknown",
            "metric": u.metric, "metric_version": spec.version,
            **parse_columns(u.candidate, ref),
        }
        if rec.get("status") == "failed":
            rows.append({**base, "score": None, "value": None, "status": "failed",
                         "error": rec.get("error"), "direction": None,
                         "cause": failure_label(rec.get("error"))})
            continue
        # failed judgements empty sub-scores: status "failed" with their cause (C, issue 14)
        for row in score_rows(rec):
            sub = spec.score(row["score"])
            rows.append({**base, **row, "direction": sub.direction if sub else None})
    return rows


def write_results(rows: list[dict[str, Any]], path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema([
        ("run_id", pa.string()), ("system", pa.string()), ("task", pa.string()),
        ("topic", pa.string()), ("survey_id", pa.string()), ("title", pa.string()),
        ("domain", pa.string()), ("metric", pa.string()), ("score", pa.string()),
        ("value", pa.float64()), ("status", pa.string()), ("error", pa.string()),
        ("metric_version", pa.string()), ("direction", pa.string()),
        ("cause", pa.string()), ("parts_used", pa.int64()), ("parts_total", pa.int64()),
        ("parse_resolution", pa.float64()), ("parse_verdict", pa.string()),
        ("gold_parse_resolution", pa.float64()), ("gold_parse_verdict", pa.string()),
    ])
    table = pa.Table.from_pylist(rows, schema=schema)
    # a unique temp name: two processes finishing the same run must not collide
    atomic_write_with(path, lambda tmp: pq.write_table(table, tmp))


def metric_entry(metric: Metric, options: dict[str, Any]) -> dict[str, Any]:
    """What the manifest says about one metric: its spec and the options it ran with."""
    spec = spec_of(metric)
    return {
        "description": getattr(metric, "description", ""),
        "paper": getattr(metric, "paper", ""),
        "requires": sorted(metric.requires),
        "version": spec.version,
        "options": options,
        "scores": {s.name: s.as_dict() for s in spec.scores},
    }


def build_manifest(*, run_id: str, config: EvalConfig, started: str, selection: Selection,
                   notes: list[str], warnings: list[str], gold_source: str, n_gold: int,
                   pairings: list[Pairing], resources: Resources, resource_ids: dict[str, str],
                   units: list[Unit], records: dict[UnitKey, dict[str, Any]], computed: int,
                   reused: int, failures: list[dict[str, Any]], skipped: list[dict[str, Any]],
                   wall_seconds: dict[str, float], executor: str,
                   cpu_seconds: dict[str, float] | None = None) -> dict[str, Any]:
    from surveybench import __version__

    usage_by_metric: dict[str, dict[str, float]] = {}
    seconds_by_metric: dict[str, float] = {}
    for u in units:
        rec = records.get(u.key)
        if not rec:
            continue
        seconds_by_metric[u.metric] = seconds_by_metric.get(u.metric, 0.0) + float(rec.get("seconds") or 0)
        for k, v in (rec.get("usage") or {}).items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                agg = usage_by_metric.setdefault(u.metric, {})
                agg[k] = agg.get(k, 0) + v
    judge = resources.built("judge")
    embedder = resources.built("embedder")
    session_usage = None
    if judge is not None and hasattr(judge, "usage_summary"):
        try:
            session_usage = to_jsonable(judge.usage_summary())
        except Exception as exc:  # noqa: BLE001
            session_usage = {"error": str(exc)}
    cfg = asdict(config)
    cfg["gold_dir"] = str(config.gold_dir) if config.gold_dir else None
    cfg["judge"] = sanitise_spec(config.judge) if config.judge else None
    cfg["executor"] = executor
    return {
        "run_id": run_id,
        "started": started,
        "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "surveybench_version": __version__,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "command": [sanitise_spec(a) for a in sys.argv],
        "config": cfg,
        "packages": collect_versions(),
        "models": {
            "judge": getattr(judge, "name", None) or (resource_ids.get("judge")),
            "judge_is_tiny_local": getattr(judge, "is_tiny_local", None),
            "embedder": getattr(embedder, "model_id", None) or resource_ids.get("embedder"),
            "resources_used": resource_ids,
        },
        "notes": notes,
        "warnings": warnings,
        "gold": {"source": gold_source, "topics": n_gold},
        "metrics": {m.name: metric_entry(m, selection.options[m.name]) for m in selection.metrics},
        "systems": {
            p.system: {"task": p.task, "evaluated_topics": [t for t, _, _ in p.pairs],
                       "missing_topics": p.missing, "unmatched_topics": p.unmatched}
            for p in pairings
        },
        "units": {"total": len(units), "computed_this_session": computed, "reused": reused,
                  "failed": len(failures), "skipped": len(skipped)},
        "usage": {"by_metric": usage_by_metric, "judge_session": session_usage,
                  # summed over units (stored with each unit, so reused units count too)
                  "seconds_by_metric": {k: round(v, 3) for k, v in seconds_by_metric.items()},
                  # wall-clock time of this session per metric (resource loading included)
                  "wall_seconds_by_metric": {k: round(v, 3) for k, v in wall_seconds.items()},
                  # CPU seconds of this process per metric in this session (a remote executor's
                  # workers are not counted)
                  "cpu_seconds_by_metric": {k: round(v, 3) for k, v in (cpu_seconds or {}).items()}},
        "failures": failures,
        "skipped": skipped,
    }
