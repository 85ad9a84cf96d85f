"""What the LLM-judged metrics share: finding the judge(s) in the context and their usage.

The context's ``judge`` resource is one judge or a panel (an object with ``.judges``). Metrics
that report per-judge scores take every judge of a panel; the others take the first and say so.
Usage is measured as the difference of each judge's per-metric counters across one
``compute`` call, so a result carries the calls/tokens/cost of that survey only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from surveybench.metrics.base import MetricContext, MetricResult
from surveybench.model import Survey


TINY_JUDGE_NOTE = (
    "scored by a tiny local judge (SmolLM2-class): fine for checking the pipeline, not for "
    "scores worth reporting; use a real judge (e.g. --judge openai:gpt-4o-mini)"
)


def mean_known(values: Sequence[float | bool | None]) -> float | None:
    """Mean of the values that are not None (a failed judgement is left out, never scored);
    booleans count as 1/0, so this is also the share of True. None when nothing is known."""
    known = [float(v) for v in values if v is not None]
    return sum(known) / len(known) if known else None


def judges_of(ctx: MetricContext) -> list[Any]:
    judge = ctx.get("judge")
    inner = getattr(judge, "judges", None)
    return list(inner) if inner else [judge]


def _metric_counter(judge: Any, metric: str) -> dict[str, Any]:
    try:
        summary = judge.usage_summary()
    except Exception:  # a judge without usage accounting reports nothing rather than failing
        return {}
    per = summary.get("per_metric", {}) if isinstance(summary, dict) else {}
    return dict(per.get(metric, {}))


class UsageProbe:
    """Snapshot judges' counters for ``metric`` now; :meth:`delta` gives what happened since."""

    def __init__(self, judges: Sequence[Any], metric: str) -> None:
        self.judges = list(judges)
        self.metric = metric
        self.before = [_metric_counter(j, metric) for j in self.judges]

    def delta(self) -> dict[str, Any]:
        per_judge: dict[str, Any] = {}
        total: dict[str, float] = {}
        for judge, before in zip(self.judges, self.before):
            after = _metric_counter(judge, self.metric)
            d: dict[str, Any] = {}
            for key, value in after.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    prev = before.get(key) or 0
                    diff = value - prev
                    d[key] = round(diff, 6) if isinstance(diff, float) else diff
                elif key == "causes" and isinstance(value, dict):
                    prev_causes = before.get("causes") or {}
                    d[key] = {c: n - prev_causes.get(c, 0) for c, n in value.items() if n - prev_causes.get(c, 0)}
            name = getattr(judge, "name", str(judge))
            if getattr(judge, "is_tiny_local", False):
                d["tiny_local_judge"] = True
                d["note"] = TINY_JUDGE_NOTE
            per_judge[name] = d
            for key, value in d.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    total[key] = total.get(key, 0) + value
        if not per_judge:
            return {}
        tiny = any(d.get("tiny_local_judge") for d in per_judge.values())
        return {**total, **({"note": TINY_JUDGE_NOTE} if tiny else {}), "per_judge": per_judge}


class JudgedMetric:
    """The skeleton every LLM-judged metric shares: pick the judge(s) from the context, measure
    the judges' usage across the call, attach it to the result.

    A subclass declares ``name``/``description``/``paper``/``spec`` as any metric and implements
    :meth:`assess`, which gets the judge(s) and returns a :class:`MetricResult` without usage.
    ``whole_panel = False`` makes a panel lend only its first judge (metrics whose answer is not
    a per-judge score). :meth:`judging` may be overridden to judge through something else (the
    NLI backend of ``citation_nli``) while still counting the judges' usage.
    """

    name: str
    requires: frozenset[str] = frozenset({"judge"})
    whole_panel: bool = True

    def judging(self, ctx: MetricContext) -> tuple[Any, list[Any]]:
        """What :meth:`assess` judges with, and the judges whose usage is counted."""
        judges = judges_of(ctx)
        if not self.whole_panel:
            judges = judges[:1]
        return judges, judges

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, judging: Any) -> MetricResult:
        raise NotImplementedError

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        judging, judges = self.judging(ctx)
        probe = UsageProbe(judges, self.name)
        result = self.assess(candidate, reference, ctx, judging)
        result.usage = probe.delta()
        return result


def backend_for_nli(ctx: MetricContext) -> tuple[Any, list[Any]]:
    """The h() backend: the context's ``nli`` resource if configured, else the judge."""
    from surveybench.metrics._nli_backends import JudgeNLI, make_nli_backend

    if ctx.has("nli"):
        nli = ctx.get("nli")
        if isinstance(nli, str):
            judges = judges_of(ctx) if nli == "judge" and ctx.has("judge") else []
            return make_nli_backend(nli, judge=judges[0] if judges else None), judges
        judge = getattr(nli, "judge", None)
        return nli, [judge] if judge is not None else []
    judges = judges_of(ctx)
    return JudgeNLI(judges[0]), judges[:1]


def flag(value: Any, default: bool = False) -> bool:
    """A boolean metric option given as bool, number or string (``true``/``no``/``1`` ...)."""
    if value is None:
        return default
    if isinstance(value, str):
        v = value.strip().lower()
        if v in ("1", "true", "yes", "y", "on"):
            return True
        if v in ("0", "false", "no", "n", "off", ""):
            return False
        raise ValueError(f"not a yes/no option value: {value!r}")
    return bool(value)


def failure(judgement: Any, **where: Any) -> dict[str, Any]:
    """A failed judgement as a ``MetricResult.failures`` entry: cause, reply text and context."""
    return {
        **where,
        "judge": getattr(judgement, "judge", ""),
        "error": getattr(judgement, "error", None),
        "cause": getattr(judgement, "cause", None),
        "reply": getattr(judgement, "reply", None),
        "attempts": getattr(judgement, "attempts", None),
    }
