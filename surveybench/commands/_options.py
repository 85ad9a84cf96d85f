"""``--option KEY=VALUE`` for the commands that run metrics (``score``, ``eval``)."""

from __future__ import annotations

import json
from typing import Any

import typer


def parse_metric_options(items: list[str]) -> dict[str, Any]:
    """Metric options from ``KEY=VALUE`` strings. A value that is JSON (``2024``, ``0.9``,
    ``false``) becomes that value, anything else stays a string — so ``bertscore_rescale=false``
    means False in every command, not the truthy string ``"false"``."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(f"--option {item!r}: expected KEY=VALUE")
        try:
            out[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip()] = value
    return out
