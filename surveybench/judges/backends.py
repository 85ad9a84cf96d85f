"""Backends: one request in, one :class:`Completion` out, or a typed error.

Backends do no retrying and no caching — :class:`~surveybench.judges.judge.Judge` does, so that
every retry is counted. :class:`OpenAIBackend` talks to any OpenAI-compatible chat endpoint
through the ``openai`` client with its own retries switched off (``max_retries=0``);
:class:`LlamaCppBackend` runs a GGUF model in-process through ``llama-cpp-python``.
"""

from __future__ import annotations

import atexit
import email.utils
import json
import math
import os
import re
import shutil
import threading
import time
from typing import Any, Protocol

from surveybench.judges.spec import JudgeSpec
from surveybench.judges.types import Completion, PermanentError, TransientError

Messages = list[dict[str, str]]
TRUNCATION_MARK = "\n\n[... middle of the text truncated to fit the judge's context window ...]\n\n"


class Backend(Protocol):
    kind: str
    base_url: str | None
    model: str

    def complete(
        self, messages: Messages, *, temperature: float, max_tokens: int, seed: int | None,
        timeout: float, grammar: str | None = None,
    ) -> Completion: ...


def parse_retry_after(headers: Any, now: float | None = None) -> float | None:
    """Seconds to wait from ``Retry-After`` (delta-seconds or HTTP-date) or ``retry-after-ms``."""
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            value = float(ms) / 1000.0
            if math.isfinite(value) and value >= 0:
                return value
        except ValueError:
            pass
    raw = headers.get("retry-after")
    if not raw:
        return None
    raw = raw.strip()
    try:
        value = float(raw)
        return value if math.isfinite(value) and value >= 0 else None
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    now = time.time() if now is None else now
    return max(0.0, when.timestamp() - now)


def _scrub(text: str, secret: str | None) -> str:
    if secret and len(secret) >= 4:
        text = text.replace(secret, "***")
    return text


def cut_middle_chars(messages: Messages, max_chars: int) -> tuple[Messages, bool]:
    """Cut the middle of the longest user message so all message texts fit in ``max_chars``."""
    used = sum(len(m["content"]) for m in messages)
    if used <= max_chars:
        return messages, False
    users = [i for i, m in enumerate(messages) if m["role"] == "user"]
    idx = max(users, key=lambda i: len(messages[i]["content"]))
    content = messages[idx]["content"]
    keep = len(content) - (used - max_chars) - len(TRUNCATION_MARK)
    if keep < 200:
        raise PermanentError(
            "context_overflow",
            f"prompt has {used} characters; the declared context holds about {max_chars}",
        )
    fitted = [dict(m) for m in messages]
    fitted[idx]["content"] = content[: keep // 2] + TRUNCATION_MARK + content[len(content) - (keep - keep // 2):]
    return fitted, True


class OpenAIBackend:
    """Any OpenAI-compatible ``/chat/completions`` endpoint.

    The server's context window is unknown to the client. When the user declares it
    (``make_judge(..., n_ctx=4096)``), a prompt that would not fit with its reply is cut in the
    middle of the longest user message, estimating ``CHARS_PER_TOKEN`` characters per token
    (conservative for English), and marked ``truncated``. Otherwise the prompt is sent whole and
    an over-long one comes back as a ``bad_request`` failure from the server.
    """

    kind = "openai"
    CHARS_PER_TOKEN = 3.0

    def __init__(self, spec: JudgeSpec, *, n_ctx: int | None = None) -> None:
        import openai  # noqa: F401  (fail early with a clear ImportError)

        self.spec = spec
        self.base_url = spec.base_url
        self.model = spec.model
        self.n_ctx = n_ctx
        self.reasoning_model = bool(
            spec.raw.startswith("openai:") and re.match(r"(o\d|gpt-5)", spec.model)
        )
        self._key = spec.api_key()
        self._client: Any = None
        self._client_lock = threading.Lock()

    def _get_client(self) -> Any:
        with self._client_lock:
            if self._client is None:
                import openai

                # our Judge retries (and counts retries); the client must not retry on its own
                self._client = openai.OpenAI(
                    api_key=self._key, base_url=self.base_url, max_retries=0,
                )
            return self._client

    def complete(
        self, messages: Messages, *, temperature: float, max_tokens: int, seed: int | None,
        timeout: float, grammar: str | None = None,
    ) -> Completion:
        # ``grammar`` is for in-process models only; endpoints get the prompt's own instructions.
        import httpx
        import openai

        client = self._get_client()
        truncated = False
        if self.n_ctx:
            overhead = 32 + 8 * len(messages)
            max_chars = int((self.n_ctx - max_tokens - overhead) * self.CHARS_PER_TOKEN)
            messages, truncated = cut_middle_chars(messages, max(0, max_chars))
        kwargs: dict[str, Any] = dict(
            model=self.model, messages=messages, temperature=temperature, max_tokens=max_tokens,
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)),
        )
        if self.reasoning_model:
            # OpenAI's reasoning models refuse max_tokens and any temperature but the default
            del kwargs["temperature"], kwargs["max_tokens"]
            kwargs["max_completion_tokens"] = max_tokens
        if seed is not None:
            kwargs["seed"] = seed
        try:
            resp = client.chat.completions.create(**kwargs)
        except openai.APITimeoutError as exc:
            raise TransientError("timeout", f"no reply within {timeout:g}s") from exc
        except openai.APIConnectionError as exc:
            raise TransientError("connection", _scrub(f"{exc.__class__.__name__}: {exc}", self._key)) from exc
        except openai.APIStatusError as exc:
            status = exc.status_code
            body = _scrub(_short_body(exc), self._key)
            if status == 429:
                raise TransientError(
                    "rate_limited", f"HTTP 429 {body}", parse_retry_after(exc.response.headers)
                ) from exc
            if status >= 500 or status in (408, 409):
                raise TransientError(
                    "server_error", f"HTTP {status} {body}", parse_retry_after(exc.response.headers)
                ) from exc
            cause = {401: "auth", 403: "auth", 404: "not_found"}.get(status, "bad_request")
            raise PermanentError(cause, f"HTTP {status} {body}") from exc
        except (openai.APIResponseValidationError, json.JSONDecodeError, ValueError) as exc:
            raise TransientError("malformed_response", f"reply body is not valid JSON: {exc}") from exc
        try:
            text = resp.choices[0].message.content
        except (AttributeError, IndexError, TypeError) as exc:
            raise TransientError("malformed_response", f"reply has no choices[0].message: {exc}") from exc
        if text is None:
            text = ""
        usage = getattr(resp, "usage", None)
        return Completion(
            text=text,
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            truncated=truncated,
        )


def _short_body(exc: Any) -> str:
    try:
        text = exc.response.text
    except Exception:  # noqa: BLE001 - a body we cannot read is just not shown
        text = str(exc)
    text = " ".join(str(text).split())
    return text[:300]


class LlamaCppBackend:
    """A GGUF model run in-process by ``llama-cpp-python``.

    llama.cpp contexts are not thread-safe: one lock serialises every call, so a
    ``concurrency`` above 1 only overlaps cache look-ups and parsing. The context window is set
    explicitly (``n_ctx``, SmolLM2 supports 8192). A prompt that would not leave room for the
    reply is cut in the middle of the user message (head and tail kept) and the completion is
    marked ``truncated`` so metrics can report it. ``timeout`` cannot interrupt llama.cpp and
    is ignored here.
    """

    kind = "local"
    base_url = None
    DEFAULT_N_CTX = 8192  # SmolLM2's trained context
    F32_COPY_BELOW_BYTES = 200_000_000  # quantized GGUFs this small run from an F32 copy (~1.5 GB at most)

    def __init__(self, spec: JudgeSpec, *, n_ctx: int | None = None, n_threads: int | None = None) -> None:
        try:
            import llama_cpp  # noqa: F401
        except ImportError as exc:
            raise ImportError(
                "the local judge needs llama-cpp-python (pip install llama-cpp-python); "
                "or use an OpenAI-compatible server: --judge http://HOST:PORT/v1@MODEL"
            ) from exc
        self.spec = spec
        self.model = spec.model
        self.n_ctx = n_ctx or self.DEFAULT_N_CTX
        # Threads: SURVEYBENCH_LLAMA_THREADS, else half the cores (1 on 2 cores, at most 4). On an
        # idle 2-core machine 1 thread costs about the CPU time of 2 (2: +5%) at twice the wall
        # time; on a busy one 2 threads spin at their barriers while descheduled (one call at
        # load 12: 41.8 vs 7.1 CPU-s).
        env_threads = os.environ.get("SURVEYBENCH_LLAMA_THREADS", "").strip()
        self.n_threads = n_threads or (int(env_threads) if env_threads.isdigit() and int(env_threads) > 0
                                       else max(1, min(4, (os.cpu_count() or 1) // 2)))
        self._llm: Any = None
        self._lock = threading.Lock()
        self._grammars: dict[str, Any] = {}
        self._tmp_dir: str | None = None  # the F32 copy of a tiny model, removed on close

    def _load(self) -> Any:
        if self._llm is None:
            from llama_cpp import Llama

            self._llm = Llama(
                model_path=self._f32_copy() or self.model, n_ctx=self.n_ctx, n_threads=self.n_threads,
                n_threads_batch=self.n_threads,  # else prompt prefill uses every core regardless
                # flash attention: ~20% less prefill time on CPU, same replies (SmolLM2, measured)
                flash_attn=True,
                verbose=False, seed=0,
            )
            if self._tmp_dir is not None:
                # the model is mapped now: its F32 copy can go (POSIX keeps the mapping), so not
                # even a killed process leaves the file behind; else close() removes it
                shutil.rmtree(self._tmp_dir, ignore_errors=True)
            # Free the model while the interpreter is still whole: llama-cpp's own __del__ at
            # shutdown runs after its C bindings are gone and prints a TypeError traceback.
            atexit.register(self.close)
        return self._llm

    def _f32_copy(self) -> str | None:
        """A float32 copy of a small quantized GGUF (the tiny local judge), in a temp directory
        removed once the model is loaded; None for a large model or when llama.cpp cannot
        convert it.

        Why: on x86 CPUs llama.cpp's fast prompt matmuls (llamafile sgemm) take F32/F16/Q8_0/Q4_0
        weights, not Q4_1 (SmolLM2's file). Prefill is nearly all a judge call costs, and the
        F32 copy does it in ~35% less CPU time (1,200-token prompt, 1 thread: 12.1 vs 19.6
        CPU-s; F16 19.6, Q8_0 17.5). Dequantizing loses nothing (the Q4_1 values are exact in
        F32); only the arithmetic's rounding differs. ~1 CPU-s, and 4 bytes per weight in RAM,
        hence only below ``F32_COPY_BELOW_BYTES``.
        """
        try:
            size = os.path.getsize(self.model)
        except OSError:
            return None  # Llama() says the path is wrong
        if size >= self.F32_COPY_BELOW_BYTES:
            return None
        import ctypes
        import tempfile

        import llama_cpp
        from llama_cpp._utils import suppress_stdout_stderr

        tmp = tempfile.mkdtemp(prefix="surveybench-gguf-")
        target = os.path.join(tmp, "model-f32.gguf")
        params = llama_cpp.llama_model_quantize_default_params()
        params.ftype = llama_cpp.LLAMA_FTYPE_ALL_F32
        params.allow_requantize = True
        params.nthread = 1
        with suppress_stdout_stderr(disable=False):  # llama.cpp logs every tensor to stderr
            rc = llama_cpp.llama_model_quantize(self.model.encode(), target.encode(), ctypes.byref(params))
        if rc != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            return None
        self._tmp_dir = tmp
        return target

    def _grammar(self, gbnf: str) -> Any:
        from llama_cpp import LlamaGrammar

        if gbnf not in self._grammars:
            self._grammars[gbnf] = LlamaGrammar.from_string(gbnf, verbose=False)
        return self._grammars[gbnf]

    def close(self) -> None:
        llm, self._llm = self._llm, None
        if llm is not None:
            llm.close()
        tmp, self._tmp_dir = self._tmp_dir, None
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)

    def _count(self, llm: Any, text: str) -> int:
        return len(llm.tokenize(text.encode("utf-8"), add_bos=False, special=True))

    def fit(
        self, llm: Any, messages: Messages, max_tokens: int, margin: int = 0
    ) -> tuple[Messages, bool]:
        """Cut the middle of the longest user message so prompt + reply fit in ``n_ctx``."""
        overhead = 32 + 8 * len(messages) + margin  # chat-template tokens around the messages
        used = overhead + sum(self._count(llm, m["content"]) for m in messages)
        budget = self.n_ctx - max_tokens
        if used <= budget:
            return messages, False
        users = [i for i, m in enumerate(messages) if m["role"] == "user"]
        idx = max(users, key=lambda i: len(messages[i]["content"]))
        content = messages[idx]["content"]
        tokens = llm.tokenize(content.encode("utf-8"), add_bos=False, special=False)
        keep = len(tokens) - (used - budget) - self._count(llm, TRUNCATION_MARK) - 8
        if keep < 64:
            raise PermanentError(
                "context_overflow",
                f"prompt needs {used} tokens but the context holds {self.n_ctx} "
                f"(reply budget {max_tokens}); not enough user text left to cut",
            )
        head, tail = tokens[: keep // 2], tokens[len(tokens) - (keep - keep // 2):]
        text = (
            llm.detokenize(head).decode("utf-8", errors="ignore")
            + TRUNCATION_MARK
            + llm.detokenize(tail).decode("utf-8", errors="ignore")
        )
        fitted = [dict(m) for m in messages]
        fitted[idx]["content"] = text
        return fitted, True

    def complete(
        self, messages: Messages, *, temperature: float, max_tokens: int, seed: int | None,
        timeout: float, grammar: str | None = None,
    ) -> Completion:
        extra: dict[str, Any] = {}
        if grammar:
            extra["grammar"] = self._grammar(grammar)
        with self._lock:
            llm = self._load()
            max_tokens = min(max_tokens, self.n_ctx // 2)
            out = None
            for margin in (0, 256):  # the template estimate was short: cut deeper once
                fitted, truncated = self.fit(llm, messages, max_tokens, margin)
                try:
                    out = llm.create_chat_completion(
                        messages=fitted, temperature=temperature, max_tokens=max_tokens,
                        seed=seed if seed is not None else 0, **extra,
                    )
                    break
                except ValueError as exc:  # llama-cpp's ValueError: the context overflowed
                    if margin:
                        raise PermanentError("context_overflow", str(exc)) from exc
            assert out is not None
        usage = out.get("usage") or {}
        text = out["choices"][0]["message"].get("content") or ""
        return Completion(
            text=text,
            prompt_tokens=int(usage.get("prompt_tokens", 0)),
            completion_tokens=int(usage.get("completion_tokens", 0)),
            truncated=truncated,
        )


def gbnf_from_json_schema(schema: dict[str, Any]) -> str:
    """GBNF grammar for replies valid under ``schema`` (structured replies of an in-process model).

    llama-cpp-python's own converter (``json_schema_to_gbnf``) with one change: bounded
    repetitions (``maxLength``, ``maxItems``) are written ``x{m,n}`` -- which llama.cpp's grammar
    parser reads -- instead of ``n`` nested optionals, so a 2,000-character string bound stays a
    one-line rule.
    """
    from llama_cpp import llama_grammar as lg

    def repetition(item_rule: str, min_items: int, max_items: int | None,
                   separator_rule: str | None = None, item_rule_is_literal: bool = False) -> str:
        hi = "" if max_items is None else str(max_items)
        if not separator_rule:
            return f"({item_rule}){{{min_items},{hi}}}"
        if max_items == 0:
            return ""
        rest = f"({separator_rule} {item_rule}){{{max(0, min_items - 1)},{'' if max_items is None else max_items - 1}}}"
        once = f"{item_rule} {rest}"
        return once if min_items > 0 else f"({once})?"

    original = lg._build_repetition
    with _GBNF_LOCK:  # the converter reads a module-level helper: swap it under a lock
        lg._build_repetition = repetition
        try:
            gbnf = lg.json_schema_to_gbnf(json.dumps(schema))
        finally:
            lg._build_repetition = original
    # raw control characters inside a string are invalid JSON (json.loads rejects them)
    return gbnf.replace('char ::= [^"\\\\]', 'char ::= [^"\\\\\\x00-\\x1F\\x7F]')


_GBNF_LOCK = threading.Lock()


_LOCAL: dict[tuple[str, int | None, int | None], LlamaCppBackend] = {}
_LOCAL_LOCK = threading.Lock()


def make_backend(spec: JudgeSpec, *, n_ctx: int | None = None, n_threads: int | None = None) -> Backend:
    if spec.kind == "local":
        # one model in memory (and one lock) per GGUF and settings, however many judges use it
        with _LOCAL_LOCK:
            key = (spec.model, n_ctx, n_threads)
            if key not in _LOCAL:
                _LOCAL[key] = LlamaCppBackend(spec, n_ctx=n_ctx, n_threads=n_threads)
            return _LOCAL[key]
    return OpenAIBackend(spec, n_ctx=n_ctx)
