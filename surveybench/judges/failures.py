"""Failure causes as short, countable labels, for summaries people read.

A failed :class:`~surveybench.judges.types.Judgement` carries ``error = "<cause>: <message>"``
(``server_error: HTTP 500 {...} (after 5 attempts)``). The full message is kept where the
failure is stored; summaries group failures by :func:`failure_label`:

    >>> failure_label("server_error: HTTP 500 {...} (after 5 attempts)")
    'judge HTTP 500'
    >>> summarise_causes(["judge HTTP 500", "unparseable", "judge HTTP 500"])
    'judge HTTP 500 ×2, unparseable ×1'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_HTTP_STATUS = re.compile(r"\bHTTP (\d{3})\b")
_LABELS = {
    "unparseable": "unparseable",
    "timeout": "judge timeout",
    "connection": "judge unreachable",
    "malformed_response": "judge malformed reply",
    "context_overflow": "prompt too long for the judge",
    "auth": "judge auth refused",
    "not_found": "judge model not found",
    "bad_request": "judge bad request",
    "parser_error": "parser error",
    "backend_error": "judge backend error",
}


def failure_label(error: str | None, cause: str | None = None) -> str:
    """A short label for one failure: the HTTP status for server replies (``judge HTTP 500``,
    ``judge HTTP 429``), else the cause tag's label (``unparseable``, ``judge timeout`` ...).
    Errors that are not judge failures (``ValueError: ...``) are labelled by their exception
    type."""
    text = (error or "").strip()
    tag = cause or (text.split(":", 1)[0].strip() if ":" in text else text)
    if tag in ("server_error", "rate_limited", "auth", "not_found", "bad_request"):
        status = _HTTP_STATUS.search(text)
        if status:
            return f"judge HTTP {status.group(1)}"
        if tag == "rate_limited":
            return "judge HTTP 429"
    if tag in _LABELS:
        return _LABELS[tag]
    if not tag:
        return "unknown"
    return tag if len(tag) <= 40 else tag[:37] + "..."


_OUTAGE = re.compile(r"judge (HTTP (429|5\d\d|401|403|404)|timeout|unreachable|malformed reply|auth refused|model not found)$")


def is_outage(label: str) -> bool:
    """True for a label that says the judge could not be reached or used (down, overloaded,
    timing out, refusing the key): unlike an unparseable reply, a later run may succeed, so the
    command that met it exits non-zero and ``--retry-failed`` is the way to complete the run."""
    return bool(_OUTAGE.match(label))


def summarise_causes(labels: Iterable[str]) -> str:
    """``"judge HTTP 500 ×2, unparseable ×1"``: labels counted, most frequent first."""
    counts = Counter(labels)
    return ", ".join(f"{label} ×{n}" for label, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
