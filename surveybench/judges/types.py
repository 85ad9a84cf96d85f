"""Result and error types shared by every judge backend."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


class ParseError(ValueError):
    """Raised by a reply parser when the judge's reply does not hold the expected answer.

    The judge then re-asks (see :meth:`surveybench.judges.Judge.ask`) and, if the reply stays
    unparseable, records a failed :class:`Judgement` with the reply text — never a score.
    """


class JudgeSpecError(ValueError):
    """A judge spec string (``--judge ...``) that names no usable backend."""


class JudgeCacheError(RuntimeError):
    """The judge's reply cache cannot be used (not SQLite, damaged pages, locked too long).

    Not a failure of one judgement: every later question would meet it too, so it stops the run
    with the file's name instead of skipping metrics or scoring without the cache.
    """


class TransientError(RuntimeError):
    """A backend failure worth retrying: 429, 5xx, connection error, timeout, garbled body.

    ``cause`` is a short machine-readable tag (``rate_limited``, ``server_error``, ``timeout``,
    ``connection``, ``malformed_response``); ``retry_after`` is the server's ``Retry-After`` in
    seconds when it sent one.
    """

    def __init__(self, cause: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.cause = cause
        self.retry_after = retry_after


class PermanentError(RuntimeError):
    """A backend failure that retrying will not fix (400 bad request, 401, 404 model...)."""

    def __init__(self, cause: str, message: str) -> None:
        super().__init__(message)
        self.cause = cause


@dataclass
class Completion:
    """One raw reply from a backend, with the token usage it reported."""

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    truncated: bool = False  # the prompt was cut to fit the model's context window


@dataclass
class Judgement(Generic[T]):
    """The outcome of one question to a judge.

    ``ok`` is True only when the reply parsed: then ``value`` holds the parsed answer.
    When ``ok`` is False, ``value`` is None and ``error`` starts with its cause
    (``unparseable: ...``, ``timeout: ...``, ``rate_limited: ...``, ``server_error: ...``,
    ``connection: ...``, ``malformed_response: ...``, ``bad_request: ...``) and ``reply`` holds
    the last reply text if there was one. ``attempts`` counts the requests sent for this
    judgement (0 when served from the cache). ``truncated`` says the prompt was cut in the middle
    to fit the judge's context window, so the judge did not see all of it.
    """

    value: T | None
    ok: bool
    reply: str | None = None
    error: str | None = None
    cached: bool = False
    attempts: int = 0
    judge: str = ""
    truncated: bool = False
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0

    @property
    def cause(self) -> str | None:
        """The failure cause tag (``unparseable``, ``timeout`` ...), None when ok."""
        if self.ok or not self.error:
            return None
        return self.error.split(":", 1)[0]

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form for ``MetricResult.details`` / ``failures``."""
        value = self.value
        if value is not None and not isinstance(value, (str, int, float, bool, list, dict)):
            value = repr(value)
        return {
            "judge": self.judge,
            "ok": self.ok,
            "value": value,
            "error": self.error,
            "reply": self.reply,
            "cached": self.cached,
            "attempts": self.attempts,
            "truncated": self.truncated,
        }
