"""Token and cost accounting per judge and per metric.

Prices are USD per 1M tokens (input, output), OpenAI list prices as published in 2025;
they are estimates — override with ``make_judge(..., prices={"model": (inp, out)})`` or the
environment variable ``SURVEYBENCH_JUDGE_PRICES`` holding the same mapping as JSON.
Local in-process judges cost 0; a self-hosted HTTP endpoint with no known price reports
``cost_usd: null`` rather than a made-up number.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import asdict, dataclass, field
from typing import Any

PRICES_PER_1M: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4-turbo": (10.00, 30.00),
    "gpt-3.5-turbo": (0.50, 1.50),
    "o3-mini": (1.10, 4.40),
    "o4-mini": (1.10, 4.40),
}


def price_table(
    overrides: dict[str, tuple[float, float]] | None = None, *, builtin: bool = True
) -> dict[str, tuple[float, float]]:
    """Prices per 1M tokens: OpenAI's list (``builtin``), then the env JSON, then ``overrides``."""
    table = dict(PRICES_PER_1M) if builtin else {}
    env = os.environ.get("SURVEYBENCH_JUDGE_PRICES")
    if env:
        try:
            table.update({k: (float(v[0]), float(v[1])) for k, v in json.loads(env).items()})
        except (ValueError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(
                f"SURVEYBENCH_JUDGE_PRICES must be JSON like {{\"model\": [in, out]}}: {exc}"
            ) from exc
    table.update(overrides or {})
    return table


def lookup_price(model: str, table: dict[str, tuple[float, float]]) -> tuple[float, float] | None:
    if model in table:
        return table[model]
    # dated snapshots ("gpt-4o-mini-2024-07-18") price like their family: longest prefix wins
    best = max((k for k in table if model.startswith(k + "-")), key=len, default=None)
    return table[best] if best else None


@dataclass
class Counter:
    asked: int = 0  # judgements requested
    calls: int = 0  # requests actually sent to the backend (what costs time and money)
    cached: int = 0  # judgements answered from the cache
    retries: int = 0  # requests re-sent after a transient error or an unparseable reply
    failures: int = 0  # judgements that ended with ok=False
    truncated: int = 0  # judgements whose prompt was cut to fit the context window
    prompt_tokens: int = 0
    completion_tokens: int = 0
    causes: dict[str, int] = field(default_factory=dict)  # failure cause -> count


class UsageMeter:
    """Thread-safe counters, per metric, for one judge."""

    def __init__(self, price: tuple[float, float] | None) -> None:
        self._lock = threading.Lock()
        self._by_metric: dict[str, Counter] = {}
        self.price = price

    def add(self, metric: str, **deltas: int) -> None:
        with self._lock:
            counter = self._by_metric.setdefault(metric, Counter())
            for name, delta in deltas.items():
                setattr(counter, name, getattr(counter, name) + delta)

    def fail(self, metric: str, cause: str) -> None:
        with self._lock:
            counter = self._by_metric.setdefault(metric, Counter())
            counter.failures += 1
            counter.causes[cause] = counter.causes.get(cause, 0) + 1

    def cost(self, counter: Counter) -> float | None:
        if self.price is None:
            return None
        return round(
            (counter.prompt_tokens * self.price[0] + counter.completion_tokens * self.price[1]) / 1e6,
            10,
        )

    def snapshot(self, metric: str | None = None) -> dict[str, Any]:
        with self._lock:
            items = {m: Counter(**{**asdict(c), "causes": dict(c.causes)}) for m, c in self._by_metric.items()}
        if metric is not None:
            items = {metric: items.get(metric, Counter())}
        total = Counter()
        for c in items.values():
            for name, value in asdict(c).items():
                if name == "causes":
                    for cause, n in value.items():
                        total.causes[cause] = total.causes.get(cause, 0) + n
                else:
                    setattr(total, name, getattr(total, name) + value)
        out: dict[str, Any] = {**asdict(total), "cost_usd": self.cost(total)}
        out["per_metric"] = {m: {**asdict(c), "cost_usd": self.cost(c)} for m, c in sorted(items.items())}
        return out
