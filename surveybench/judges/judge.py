"""The :class:`Judge`: one LLM behind a cache, a retry policy, a concurrency limit and a meter.

Reliability policy (issue 4):

- *Transient* failures — HTTP 429, 5xx (and 408/409), connection errors, timeouts, a body that
  is not valid JSON — are retried up to ``max_retries`` times with exponential backoff and full
  jitter (``retry_initial`` doubling up to ``retry_max_wait`` seconds, via ``tenacity``). A
  ``Retry-After`` header (seconds or HTTP date; also ``retry-after-ms``) sets a floor on the
  wait, and holds back every worker of this judge for that long (the limit is the endpoint's,
  not one request's); a server asking for more than ``max_retry_after`` seconds makes the
  judge give up at once.
- *Unparseable* replies (the ``parse`` function raised :class:`ParseError`) are re-asked up to
  ``parse_retries`` times. At temperature 0 the same prompt would give the same reply, so the
  re-ask continues the conversation: the unparseable reply as the assistant turn, then a user
  nudge naming the parse error and asking for the required format. Still at temperature 0 and the
  same seed, so the whole exchange stays reproducible.
- After that the judgement is a failure: ``Judgement(ok=False, error="unparseable: ...",
  reply=<last reply>)`` — never a default score.
- Permanent errors (400, 401, 404, context overflow) are not retried; nor is a parse function
  that raises something other than :class:`ParseError` (a bug: ``parser_error``, reply kept).

Every request sent counts in :meth:`usage_summary` (``calls``); ``retries`` counts the re-sent
ones; a reply served from the cache counts as ``cached`` and makes no call.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tenacity import (
    RetryCallState,
    Retrying,
    retry_if_exception,
    stop_after_attempt,
)

from surveybench.judges.backends import Backend, Messages, make_backend
from surveybench.judges.cache import CachedReply, ReplyCache, cache_key
from surveybench.judges.parsing import parse_text
from surveybench.judges.spec import JudgeSpec, parse_spec
from surveybench.judges.types import (
    Completion,
    Judgement,
    ParseError,
    PermanentError,
    TransientError,
)
from surveybench.judges.usage import UsageMeter, lookup_price, price_table
from surveybench.secrets import redact_secrets

T = TypeVar("T")
log = logging.getLogger("surveybench.judges")

NUDGE = (
    "Your previous reply could not be read ({error}). Answer the same request again and follow "
    "the required output format exactly, with no other text."
)
TINY_NOTE = (
    "tiny local judge ({model}): fine for checking the pipeline end to end, far too small for "
    "scores worth reporting — use a real judge (e.g. --judge openai:gpt-4o-mini) for results"
)


@dataclass
class _Trace:
    attempts: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    truncated: bool = False


class Judge:
    """An LLM judge. Build it with :func:`make_judge`; see the module docstring for the policy."""

    def __init__(
        self,
        spec: JudgeSpec,
        backend: Backend | None = None,
        *,
        cache_path: Path | None = None,
        concurrency: int = 4,
        timeout: float = 120.0,
        max_retries: int = 4,
        parse_retries: int = 2,
        temperature: float = 0.0,
        seed: int | None = None,
        max_tokens: int = 512,
        retry_initial: float = 1.0,
        retry_max_wait: float = 60.0,
        max_retry_after: float = 300.0,
        prices: dict[str, tuple[float, float]] | None = None,
        n_ctx: int | None = None,
        n_threads: int | None = None,
        constrain_local: bool = True,
    ) -> None:
        if concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {concurrency}")
        if not timeout > 0:
            raise ValueError(f"judge timeout must be a positive number of seconds, got {timeout}")
        for what, n in (("max_retries", max_retries), ("parse_retries", parse_retries)):
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ValueError(f"judge {what} must be a whole number >= 0, got {n!r}")
        self.spec = spec
        self.backend: Backend = backend or make_backend(spec, n_ctx=n_ctx, n_threads=n_threads)
        self.cache = ReplyCache(cache_path) if cache_path is not None else None
        self.concurrency = concurrency
        self.timeout = timeout
        self.max_retries = max_retries
        self.parse_retries = parse_retries
        self.temperature = temperature
        self.seed = seed
        self.max_tokens = max_tokens
        self.retry_initial = retry_initial
        self.retry_max_wait = retry_max_wait
        self.max_retry_after = max_retry_after
        self.constrain_local = constrain_local
        self._slots = threading.BoundedSemaphore(concurrency)
        self._gate_lock = threading.Lock()
        self._pause_until = 0.0  # monotonic time before which no request may start
        if spec.kind == "local":
            price: tuple[float, float] | None = (0.0, 0.0)
        else:
            # OpenAI's list prices apply to OpenAI's API only; a self-hosted endpoint serving a
            # model of the same name costs what the user says (env / prices=), else unknown
            openai_api = spec.raw.startswith("openai:") or "api.openai.com" in (spec.base_url or "")
            price = lookup_price(spec.model, price_table(prices, builtin=openai_api))
        self.meter = UsageMeter(price)
        # a local model is identified by file name and size, not its path, so a cache file
        # stays valid on another machine or after a reinstall into another site-packages
        self._model_key = spec.model
        if spec.kind == "local":
            try:
                self._model_key = f"{Path(spec.model).name}:{Path(spec.model).stat().st_size}"
            except OSError:
                pass

    # -- identity -------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """The spec without secrets, e.g. ``openai:gpt-4o-mini`` or ``http://h:8000/v1@m``."""
        return self.spec.name

    @property
    def model(self) -> str:
        return self.spec.model

    @property
    def is_tiny_local(self) -> bool:
        return self.spec.is_tiny_local

    @property
    def context_tokens(self) -> int | None:
        """The judge's context window in tokens, None when unknown (HTTP without ``n_ctx``)."""
        return getattr(self.backend, "n_ctx", None)

    def __repr__(self) -> str:
        return f"Judge({self.name!r})"

    # -- asking ---------------------------------------------------------------------------------
    def messages_for(self, prompt: Any, values: dict[str, Any]) -> Messages:
        messages: Messages = []
        if getattr(prompt, "system", None):
            messages.append({"role": "system", "content": prompt.system})
        messages.append({"role": "user", "content": prompt.render(**values)})
        return messages

    def _key(self, prompt: Any, messages: Messages, temperature: float, max_tokens: int,
             grammar: str | None = None) -> str:
        parts: dict[str, Any] = dict(
            kind=self.spec.kind, base_url=self.spec.base_url or "", model=self._model_key,
            prompt=prompt.fingerprint, messages=messages, temperature=temperature,
            max_tokens=max_tokens, seed=self.seed,
        )
        if grammar:  # only then, so keys of unconstrained calls stay as they were
            parts["grammar"] = grammar
        return cache_key(**parts)

    def grammar_for(self, parse: Callable[[str], Any]) -> str | None:
        """The GBNF grammar to constrain an in-process model's reply with, if ``parse`` has one.

        A tiny local model rarely follows "answer with a score" on its own; decoding under the
        parser's grammar makes every reply parseable. Endpoints (which serve real judges) are
        never constrained: they answer the paper's prompt as written.
        """
        if self.spec.kind != "local" or not self.constrain_local:
            return None
        return getattr(parse, "gbnf", None)

    def ask(
        self,
        prompt: Any,
        values: dict[str, Any],
        *,
        parse: Callable[[str], T],
        metric: str,
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> Judgement[T]:
        """Render ``prompt`` with ``values``, ask the judge, parse the reply with ``parse``.

        Never raises for backend trouble or bad replies: the returned :class:`Judgement` says
        what happened. (A prompt missing a placeholder value is a programming error and raises
        ``KeyError``.)
        """
        max_tokens = max_tokens or self.max_tokens
        temperature = self.temperature if temperature is None else temperature
        messages = self.messages_for(prompt, values)
        grammar = self.grammar_for(parse)
        key = self._key(prompt, messages, temperature, max_tokens, grammar)
        self.meter.add(metric, asked=1)
        started = time.monotonic()

        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                try:
                    value = parse(hit.reply)
                except ParseError:
                    pass  # parser got stricter since: ask again
                else:
                    self.meter.add(metric, cached=1, truncated=int(hit.truncated))
                    return Judgement(
                        value=value, ok=True, reply=hit.reply, cached=True, attempts=0,
                        judge=self.name, truncated=hit.truncated,
                        prompt_tokens=hit.prompt_tokens, completion_tokens=hit.completion_tokens,
                    )

        trace = _Trace()
        conversation = messages
        last_reply: str | None = None
        last_error = ""
        for _ in range(self.parse_retries + 1):
            try:
                done = self._send(conversation, temperature, max_tokens, metric, trace, grammar)
            except (TransientError, PermanentError) as exc:
                return self._failed(
                    metric, exc.cause, f"{exc} (after {trace.attempts} attempt"
                    f"{'s' if trace.attempts != 1 else ''})", last_reply, trace, started,
                )
            except Exception as exc:  # noqa: BLE001 - a backend bug must not kill a batch
                return self._failed(
                    metric, "backend_error", f"{type(exc).__name__}: {exc}", last_reply, trace, started
                )
            last_reply = done.text
            try:
                value = parse(done.text)
            except ParseError as exc:
                last_error = str(exc)
                conversation = messages + [
                    {"role": "assistant", "content": done.text},
                    {"role": "user", "content": NUDGE.format(error=_clip(last_error, 200))},
                ]
                continue
            except Exception as exc:  # noqa: BLE001 - a parser bug fails this item, not the batch
                return self._failed(
                    metric, "parser_error", f"parse function raised {type(exc).__name__}: {exc}",
                    done.text, trace, started,
                )
            if self.cache is not None:
                self.cache.put(
                    key, judge=self.name, prompt=prompt.fingerprint,
                    reply=CachedReply(done.text, trace.prompt_tokens, trace.completion_tokens, trace.truncated),
                )
            if trace.truncated:
                self.meter.add(metric, truncated=1)
            return Judgement(
                value=value, ok=True, reply=redact_secrets(done.text), attempts=trace.attempts, judge=self.name,
                truncated=trace.truncated, prompt_tokens=trace.prompt_tokens,
                completion_tokens=trace.completion_tokens, latency_s=time.monotonic() - started,
            )
        return self._failed(metric, "unparseable", last_error, last_reply, trace, started)

    def _failed(
        self, metric: str, cause: str, message: str, reply: str | None, trace: _Trace, started: float
    ) -> Judgement[Any]:
        self.meter.fail(metric, cause)
        if trace.truncated:
            self.meter.add(metric, truncated=1)
        return Judgement(
            value=None, ok=False, reply=None if reply is None else redact_secrets(reply),
            error=redact_secrets(f"{cause}: {message}"), attempts=trace.attempts,
            judge=self.name, truncated=trace.truncated, prompt_tokens=trace.prompt_tokens,
            completion_tokens=trace.completion_tokens, latency_s=time.monotonic() - started,
        )

    def _send(
        self, messages: Messages, temperature: float, max_tokens: int, metric: str, trace: _Trace,
        grammar: str | None = None,
    ) -> Completion:
        """One completion, with transient errors retried (backoff, jitter, Retry-After)."""
        def wait(state: RetryCallState) -> float:
            # exponential backoff plus jitter, so parallel workers that failed together do not
            # come back together (tenacity's wait_exponential_jitter renamed its args in 9.x)
            exp = self.retry_initial * 2 ** (state.attempt_number - 1)
            delay = min(self.retry_max_wait, exp) + random.uniform(0, self.retry_initial)
            exc = state.outcome.exception() if state.outcome else None
            after = getattr(exc, "retry_after", None)
            return max(delay, after) if after is not None else delay

        def log_retry(state: RetryCallState) -> None:
            exc = state.outcome.exception() if state.outcome else None
            delay = state.next_action.sleep if state.next_action else 0.0
            log.warning("judge %s: %s (%s); retry %d in %.1f s", self.name,
                        getattr(exc, "cause", "error"), _clip(redact_secrets(str(exc)), 160),
                        state.attempt_number, delay)

        def retryable(exc: BaseException) -> bool:
            if not isinstance(exc, TransientError):
                return False
            return exc.retry_after is None or exc.retry_after <= self.max_retry_after

        def attempt() -> Completion:
            self._wait_for_gate()
            trace.attempts += 1
            self.meter.add(metric, calls=1, retries=int(trace.attempts > 1))
            with self._slots:
                try:
                    done = self.backend.complete(
                        messages, temperature=temperature, max_tokens=max_tokens, seed=self.seed,
                        timeout=self.timeout, **({"grammar": grammar} if grammar else {}),
                    )
                except TransientError as exc:
                    if exc.retry_after is not None and exc.retry_after <= self.max_retry_after:
                        self._close_gate(exc.retry_after)
                    raise
            trace.prompt_tokens += done.prompt_tokens
            trace.completion_tokens += done.completion_tokens
            trace.truncated = trace.truncated or done.truncated
            self.meter.add(metric, prompt_tokens=done.prompt_tokens, completion_tokens=done.completion_tokens)
            return done

        retrying = Retrying(
            stop=stop_after_attempt(self.max_retries + 1), wait=wait,
            retry=retry_if_exception(retryable), reraise=True, before_sleep=log_retry,
        )
        return retrying(attempt)

    def _close_gate(self, seconds: float) -> None:
        # a Retry-After speaks for the whole endpoint: hold back every worker, not just this one
        with self._gate_lock:
            self._pause_until = max(self._pause_until, time.monotonic() + seconds)

    def _wait_for_gate(self) -> None:
        while True:
            with self._gate_lock:
                delay = self._pause_until - time.monotonic()
            if delay <= 0:
                return
            time.sleep(delay)

    def ask_many(
        self,
        prompt: Any,
        values: Sequence[dict[str, Any]],
        *,
        parse: Callable[[str], T],
        metric: str,
        max_tokens: int | None = None,
        temperature: float | None = None,
        on_done: Callable[[int, Judgement[T]], None] | None = None,
    ) -> list[Judgement[T]]:
        """:meth:`ask` for each values dict, ``concurrency`` at a time; results in input order.

        ``on_done(index, judgement)`` is called as each finishes (e.g. to advance a progress bar).
        """
        values = list(values)
        results: list[Judgement[T] | None] = [None] * len(values)

        def one(i: int) -> None:
            j = self.ask(prompt, values[i], parse=parse, metric=metric, max_tokens=max_tokens,
                         temperature=temperature)
            results[i] = j
            if on_done is not None:
                on_done(i, j)

        if len(values) <= 1 or self.concurrency == 1:
            for i in range(len(values)):
                one(i)
        else:
            pool = ThreadPoolExecutor(max_workers=min(self.concurrency, len(values)),
                                      thread_name_prefix="judge")
            try:
                for f in [pool.submit(one, i) for i in range(len(values))]:
                    f.result()
            finally:
                # on Ctrl-C (or a bug) drop the queued items; those in flight finish and land in
                # the cache, so a re-run resumes where this one stopped
                pool.shutdown(wait=True, cancel_futures=True)
        return results  # type: ignore[return-value]

    def generate(
        self,
        prompt: Any,
        values: dict[str, Any],
        *,
        metric: str,
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> Judgement[str]:
        """Free-text reply (for baselines): any non-empty reply is ok; cached like :meth:`ask`."""
        return self.ask(prompt, values, parse=parse_text, metric=metric,
                        max_tokens=max_tokens or max(self.max_tokens, 1024), temperature=temperature)

    def generate_many(
        self, prompt: Any, values: Sequence[dict[str, Any]], *, metric: str,
        max_tokens: int | None = None, temperature: float | None = None,
    ) -> list[Judgement[str]]:
        return self.ask_many(prompt, values, parse=parse_text, metric=metric,
                             max_tokens=max_tokens or max(self.max_tokens, 1024), temperature=temperature)

    # -- accounting -----------------------------------------------------------------------------
    def usage_summary(self, metric: str | None = None) -> dict[str, Any]:
        """Calls, cache hits, retries, failures (by cause), tokens and estimated cost.

        Totals over all metrics, plus ``per_metric``; with ``metric`` only that metric.
        ``cost_usd`` is None when no price is known for the model (self-hosted endpoints).
        """
        out: dict[str, Any] = {
            "judge": self.name,
            "backend": self.spec.kind,
            "model": self.name.rsplit("@", 1)[-1] if self.spec.kind == "openai" else self.name,
            "tiny_local": self.is_tiny_local,
        }
        out.update(self.meter.snapshot(metric))
        out["price_per_1m"] = list(self.meter.price) if self.meter.price else None
        if self.is_tiny_local:
            out["note"] = TINY_NOTE.format(model=Path(self.spec.model).name)
        return out

    def close(self) -> None:
        if self.cache is not None:
            self.cache.close()

    def __enter__(self) -> "Judge":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def make_judge(
    spec: str,
    *,
    cache_path: Path | None = None,
    concurrency: int = 4,
    timeout: float = 120.0,
    max_retries: int = 4,
    **options: Any,
) -> Judge:
    """Build a :class:`Judge` from a spec string (see :mod:`surveybench.judges.spec`).

    ``cache_path``: SQLite file for the reply cache (None: no cache). Further keyword options
    go to :class:`Judge` (``parse_retries``, ``temperature``, ``seed``, ``max_tokens``,
    ``retry_initial``, ``retry_max_wait``, ``max_retry_after``, ``prices``, ``n_ctx``,
    ``n_threads``). ``n_ctx`` is the context window in tokens: for a local GGUF the window
    llama.cpp allocates (default 8192); for an HTTP endpoint the server's window if you know it,
    so over-long prompts are cut in the middle instead of rejected (default: unknown).
    """
    return Judge(
        parse_spec(spec), cache_path=cache_path, concurrency=concurrency, timeout=timeout,
        max_retries=max_retries, **options,
    )
