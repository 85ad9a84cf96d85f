"""What every metric shares: its result type, the context that lends it models, and the registry.

A metric module defines a pure function at its heart (numbers in, numbers out) and registers a
thin :class:`Metric` wrapper that takes two :class:`~surveybench.model.Survey` objects, the
generated one (``candidate``) and the human-written one (``reference``), and returns a
:class:`MetricResult`. ``surveybench score`` and ``surveybench eval`` select metrics by name
from :data:`REGISTRY`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from surveybench.model import Survey


@dataclass
class MetricResult:
    """Scores of one metric on one (candidate, reference) pair.

    ``scores`` maps sub-score names (``precision``, ``recall``, ``f1``, ``rouge_l`` ...) to a
    number, or ``None`` where the metric could not be computed (``details`` then says why).
    ``details`` is JSON-serialisable evidence: matched pairs, missing key points, how many
    references had the metadata a statistic needs, judge replies.
    ``usage`` holds LLM calls/tokens/cost when the metric used a judge.
    """

    metric: str
    scores: dict[str, float | None]
    details: dict[str, Any] = field(default_factory=dict)
    usage: dict[str, Any] = field(default_factory=dict)
    failures: list[dict[str, Any]] = field(default_factory=list)


class MetricContext:
    """Lends metrics the heavy resources they need, each created once and only on demand.

    ``factories`` maps a resource name (``embedder``, ``judge``, ``nli``, ``title_index``) to a
    zero-argument callable that builds it; :meth:`provide` hands over a ready instance. A metric
    that needs a resource the context lacks gets :class:`MissingResource` naming it.
    """

    def __init__(
        self,
        factories: dict[str, Callable[[], Any]] | None = None,
        *,
        cache_dir: Path | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        self._factories: dict[str, Callable[[], Any]] = dict(factories or {})
        self._made: dict[str, Any] = {}
        self.cache_dir = cache_dir
        self.options: dict[str, Any] = dict(options or {})

    def provide(self, name: str, instance: Any) -> "MetricContext":
        self._made[name] = instance
        return self

    def get(self, name: str) -> Any:
        if name not in self._made:
            factory = self._factories.get(name)
            if factory is None:
                raise MissingResource(name)
            self._made[name] = factory()
        return self._made[name]

    def has(self, name: str) -> bool:
        return name in self._made or name in self._factories

    @property
    def embedder(self) -> Any:
        return self.get("embedder")

    @property
    def judge(self) -> Any:
        return self.get("judge")


class MissingResource(RuntimeError):
    def __init__(self, name: str) -> None:
        super().__init__(f"this metric needs a {name}; none was configured")
        self.resource = name


class Metric(Protocol):
    name: str
    description: str  # one line, shown by `surveybench score` and the leaderboard
    paper: str  # e.g. "SurveyGen §3.2, App. D.1"
    requires: frozenset[str]  # resources from MetricContext: "embedder", "judge", "nli", "title_index"

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult: ...


REGISTRY: dict[str, Metric] = {}



def register(metric: Metric) -> Metric:
    if metric.name in REGISTRY:
        raise ValueError(f"metric {metric.name!r} registered twice")
    REGISTRY[metric.name] = metric
    return metric


def load_all() -> dict[str, Metric]:
    """Import every module of the ``metrics`` package so each registers its metric.

    Metric modules import heavy dependencies (torch, transformers) inside functions, so this
    stays cheap and a missing optional dependency only breaks the metric that needs it.
    """
    import metrics

    for info in pkgutil.iter_modules(metrics.__path__):
        if not info.name.startswith("_") and info.name != "base":
            importlib.import_module(f"metrics.{info.name}")
    return REGISTRY


def get_metric(name: str) -> Metric:
    load_all()
    try:
        return REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown metric {name!r}; known: {', '.join(sorted(REGISTRY))}") from None
