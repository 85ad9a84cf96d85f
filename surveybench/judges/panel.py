"""A panel of judges asked the same questions (AutoSurvey's multi-LLM-as-judge, §3).

Each judge answers every item; :class:`PanelResult` keeps per-judge scores, their per-item
mean over the judges that answered, and the agreement between judges (Krippendorff's alpha,
ordinal; pairwise Spearman). Judges run one after another, each with its own concurrency, so a
slow or local judge does not starve a remote one of its rate budget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from surveybench.judges.agreement import (
    item_means,
    krippendorff_alpha,
    mean_pairwise_spearman,
    pairwise_spearman,
)
from surveybench.judges.judge import Judge, make_judge
from surveybench.judges.types import Judgement

T = TypeVar("T")


@dataclass
class PanelResult:
    judges: list[str]
    items: list[dict[str, Judgement[Any]]]  # per item: judge name -> judgement
    scores: dict[str, list[float | None]]  # per judge: numeric value per item (None = failed)
    mean: list[float | None]  # per item, over judges that answered
    alpha: float | None  # Krippendorff's alpha (ordinal) across judges
    spearman: dict[str, float | None] = field(default_factory=dict)  # "a | b" -> rho
    mean_spearman: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "judges": self.judges,
            "scores": self.scores,
            "mean": self.mean,
            "krippendorff_alpha_ordinal": self.alpha,
            "pairwise_spearman": self.spearman,
            "mean_pairwise_spearman": self.mean_spearman,
            "failures": [
                {"item": i, **j.to_dict()}
                for i, per in enumerate(self.items) for j in per.values() if not j.ok
            ],
        }


def _number(j: Judgement[Any]) -> float | None:
    if not j.ok or isinstance(j.value, bool) or not isinstance(j.value, (int, float)):
        return None
    return float(j.value)


def summarise(
    items: list[dict[str, Judgement[Any]]], judges: Sequence[str],
    value: Callable[[Judgement[Any]], float | None] = _number,
) -> PanelResult:
    """Per-judge scores, per-item means and agreement from the panel's judgements."""
    names = list(judges)
    scores = {n: [value(per[n]) if n in per else None for per in items] for n in names}
    rows = [scores[n] for n in names]
    rhos = pairwise_spearman(rows, names) if len(names) >= 2 else {}
    return PanelResult(
        judges=names, items=items, scores=scores,
        mean=item_means(rows) if names else [],
        alpha=krippendorff_alpha(rows, "ordinal") if len(names) >= 2 else None,
        spearman={f"{a} | {b}": r for (a, b), r in rhos.items()},
        mean_spearman=mean_pairwise_spearman(rows) if len(names) >= 2 else None,
    )


class Panel:
    def __init__(self, judges: Sequence[Judge]) -> None:
        if not judges:
            raise ValueError("a panel needs at least one judge")
        names = [j.name for j in judges]
        if len(set(names)) != len(names):
            raise ValueError(f"a panel's judges must differ; got {names}")
        self.judges = list(judges)

    @property
    def names(self) -> list[str]:
        return [j.name for j in self.judges]

    @property
    def name(self) -> str:
        return ",".join(self.names)

    @property
    def is_tiny_local(self) -> bool:
        return any(j.is_tiny_local for j in self.judges)

    def ask(self, prompt: Any, values: dict[str, Any], *, parse: Callable[[str], T], metric: str,
            max_tokens: int | None = None) -> dict[str, Judgement[T]]:
        return {j.name: j.ask(prompt, values, parse=parse, metric=metric, max_tokens=max_tokens)
                for j in self.judges}

    def ask_many(self, prompt: Any, values: Sequence[dict[str, Any]], *, parse: Callable[[str], T],
                 metric: str, max_tokens: int | None = None) -> list[dict[str, Judgement[T]]]:
        per_judge = {j.name: j.ask_many(prompt, values, parse=parse, metric=metric, max_tokens=max_tokens)
                     for j in self.judges}
        return [{n: per_judge[n][i] for n in self.names} for i in range(len(values))]

    def score_many(self, prompt: Any, values: Sequence[dict[str, Any]], *,
                   parse: Callable[[str], T], metric: str, max_tokens: int | None = None) -> PanelResult:
        """:meth:`ask_many` plus the per-item mean and the agreement between judges."""
        return summarise(self.ask_many(prompt, values, parse=parse, metric=metric,
                                       max_tokens=max_tokens), self.names)

    def usage_summary(self, metric: str | None = None) -> dict[str, Any]:
        per = {j.name: j.usage_summary(metric) for j in self.judges}
        keys = ("asked", "calls", "cached", "retries", "failures", "truncated",
                "prompt_tokens", "completion_tokens")
        total: dict[str, Any] = {k: sum(p[k] for p in per.values()) for k in keys}
        costs = [p["cost_usd"] for p in per.values()]
        total["cost_usd"] = None if any(c is None for c in costs) else round(sum(costs), 10)
        total["tiny_local"] = self.is_tiny_local
        total["per_judge"] = per
        return total

    def close(self) -> None:
        for j in self.judges:
            j.close()


def make_panel(specs: Sequence[str], *, cache_path: Path | None = None, **options: Any) -> Panel:
    """A :class:`Panel` of :func:`make_judge` judges sharing one cache file."""
    return Panel([make_judge(s, cache_path=cache_path, **options) for s in specs])


def make_judge_or_panel(spec: str, **options: Any) -> "Judge | Panel":
    """One judge for one spec; a panel for comma-separated specs, as ``--judge`` takes them
    (``--judge openai:gpt-4o-mini,openai:gpt-4o,http://127.0.0.1:8000/v1@llama``)."""
    specs = [s.strip() for s in spec.split(",") if s.strip()]
    if not specs:
        raise ValueError(f"no judge spec in {spec!r}")
    return make_panel(specs, **options) if len(specs) > 1 else make_judge(specs[0], **options)
