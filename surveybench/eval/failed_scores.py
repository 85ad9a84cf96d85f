"""Failed sub-scores as data: which scores of a unit could not be computed, and why.

A metric reports the judgements that failed in ``MetricResult.failures`` (each with the judge's
``error``, e.g. ``server_error: HTTP 500 ... (after 5 attempts)``, and, when it knows, the
``score`` it left empty) and how many parts each average is over in
``details["parts"][score] = {"used": n, "of": m}``. From these, every sub-score row of
``results.parquet`` gets:

- ``status``: ``ok`` (a number), ``failed`` (no number because judgements failed), or ``none``
  (no number by definition, e.g. a statistic that needs data the survey lacks);
- ``error``: the failures' messages; ``cause``: one short label (``judge HTTP 500``,
  ``unparseable``, ``judge unreachable`` ... see :func:`surveybench.judges.failures.failure_label`);
- ``parts_used`` / ``parts_total``: what an average was over (``rubric.mean`` of 5 criteria of 6).

A unit with any failed judgement is stored with status ``partial``: ``--retry-failed`` computes
it again, and since the judge cache holds every reply that succeeded, only the failed calls are
sent again.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from surveybench.judges.failures import failure_label, is_outage, summarise_causes

PARTIAL = "partial"  # unit status: computed, but some judgements failed
RETRYABLE = frozenset({"failed", PARTIAL})  # unit statuses --retry-failed computes again
MAX_ERROR_CHARS = 600


def unit_status(failures: list[dict[str, Any]] | None) -> str:
    """``partial`` when some judgements failed, else ``ok``."""
    return PARTIAL if failures else "ok"


def _errors_text(failures: list[dict[str, Any]]) -> str:
    seen: list[str] = []
    for f in failures:
        e = str(f.get("error") or f.get("cause") or "failed")
        if e not in seen:
            seen.append(e)
    more = f" (and {len(failures) - 1} more like it)" if len(seen) == 1 and len(failures) > 1 else ""
    text = "; ".join(seen) + more
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 3] + "..."


def _cause(failures: list[dict[str, Any]]) -> str:
    labels = Counter(failure_label(f.get("error"), f.get("cause")) for f in failures)
    return sorted(labels.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]


def score_rows(rec: dict[str, Any]) -> list[dict[str, Any]]:
    """The sub-score fields (``score``, ``value``, ``status``, ``error``, ``cause``,
    ``parts_used``, ``parts_total``) of one stored unit record that did not fail whole."""
    failures = [f for f in rec.get("failures") or [] if isinstance(f, dict)]
    details = rec.get("details") if isinstance(rec.get("details"), dict) else {}
    parts = details.get("parts") if isinstance(details.get("parts"), dict) else {}
    by_score: dict[str, list[dict[str, Any]]] = {}
    for f in failures:
        if isinstance(f.get("score"), str):
            by_score.setdefault(f["score"], []).append(f)
    rows = []
    for score, value in sorted((rec.get("scores") or {}).items()):
        p = parts.get(score) if isinstance(parts.get(score), dict) else {}
        row: dict[str, Any] = {"score": score, "value": value, "parts_used": p.get("used"),
                               "parts_total": p.get("of"), "error": None, "cause": None}
        if value is not None:
            row["status"] = "ok"
        elif failures:
            # a score no failure names (a mean with nothing left to average) failed with all of them
            why = by_score.get(score) or failures
            row.update(status="failed", error=_errors_text(why), cause=_cause(why))
        else:
            # a metric may say why per score (details["reasons"][score]) or once for all
            reasons = details.get("reasons") if isinstance(details.get("reasons"), dict) else {}
            reason = reasons.get(score) or details.get("reason")
            row.update(status="none", error=None if reason is None else str(reason))
        rows.append(row)
    return rows


def failed_score_entries(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Manifest ``failures`` entries for result rows that failed (whole units and sub-scores)."""
    return [{"system": r["system"], "topic": r["topic"], "metric": r["metric"], "score": r.get("score"),
             "cause": r.get("cause") or failure_label(r.get("error")), "reason": r.get("error")}
            for r in rows if r.get("status") == "failed"]


def outage_count(rows: list[dict[str, Any]]) -> int:
    """Failed scores whose cause is a judge outage (:func:`~surveybench.judges.failures.is_outage`)."""
    return sum(1 for e in failed_score_entries(rows) if is_outage(e["cause"]))


def failure_summary(rows: list[dict[str, Any]]) -> str:
    """``"3 scores failed: judge HTTP 500 ×2, unparseable ×1"``, or "" when nothing failed."""
    entries = failed_score_entries(rows)
    if not entries:
        return ""
    n = len(entries)
    return f"{n} score{'s' if n != 1 else ''} failed: {summarise_causes(e['cause'] for e in entries)}"
