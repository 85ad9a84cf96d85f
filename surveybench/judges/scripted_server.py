"""A real, tiny OpenAI-compatible chat server on loopback that answers scripted replies.

For tests, benchmarks and offline demos: no model, just rules. It speaks enough of the
``/v1/chat/completions`` schema (incl. ``usage``) for the ``openai`` client, and injects faults
on demand: 429 with ``Retry-After``, 5xx, replies slower than the client's timeout, a body
that is not JSON. Every request is recorded (arrival/finish time, messages) so tests can count
calls and in-flight requests.

    server = ScriptedLLM().start()
    server.when("Rate the coverage", "Score: 4")      # regex on the last user message
    server.enqueue(Fault.rate_limit(retry_after="1"))  # served first, once
    judge = make_judge(server.spec)
    ...
    server.stop()
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Union


class _Server(ThreadingHTTPServer):
    # The default listen backlog of 5 resets bursts of new connections (a pool filling up),
    # which would time the client's retry back-off instead of the call pattern under test.
    request_queue_size = 1024
    daemon_threads = True


@dataclass
class Fault:
    """A scripted misbehaviour. Build with the class methods."""

    kind: str  # "status", "slow", "malformed", "disconnect"
    status: int = 500
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    then: "Reply | None" = None  # for "slow": what to answer after the delay
    body: str = ""

    @classmethod
    def rate_limit(cls, retry_after: str | float | None = "1") -> "Fault":
        headers = {} if retry_after is None else {"Retry-After": str(retry_after)}
        return cls("status", 429, headers, body='{"error": {"message": "Rate limit reached", "type": "requests"}}')

    @classmethod
    def server_error(cls, status: int = 500) -> "Fault":
        return cls("status", status, body='{"error": {"message": "internal error", "type": "server_error"}}')

    @classmethod
    def http(cls, status: int, message: str = "bad request") -> "Fault":
        return cls("status", status, body=json.dumps({"error": {"message": message}}))

    @classmethod
    def slow(cls, delay: float, then: "Reply" = "OK") -> "Fault":
        return cls("slow", delay=delay, then=then)

    @classmethod
    def disconnect(cls) -> "Fault":
        """Close the connection without answering (a crashed proxy, a dropped link)."""
        return cls("disconnect", 0)

    @classmethod
    def malformed(cls) -> "Fault":
        return cls("malformed", 200, body='{"id": "chatcmpl-x", "choices": [{"message": ')


Reply = Union[str, Fault, Callable[["ChatRequest"], Union[str, Fault]]]


@dataclass
class ChatRequest:
    path: str
    body: dict[str, Any]
    headers: dict[str, str]  # names lower-cased
    t_start: float  # time.monotonic() on arrival
    t_end: float = 0.0  # when the answer was written (or abandoned); 0.0 while in flight
    status: int = 200

    @property
    def messages(self) -> list[dict[str, str]]:
        return list(self.body.get("messages") or [])

    @property
    def prompt(self) -> str:
        """Text of the first user message: the rendered prompt, also in re-asks."""
        users = [m.get("content") or "" for m in self.messages if m.get("role") == "user"]
        return users[0] if users else ""

    @property
    def user(self) -> str:
        """Text of the last user message."""
        users = [m.get("content") or "" for m in self.messages if m.get("role") == "user"]
        return users[-1] if users else ""

    @property
    def text(self) -> str:
        """All message texts joined, for matching."""
        return "\n".join(m.get("content") or "" for m in self.messages)


def _words(text: str) -> int:
    return len(text.split())


class ScriptedLLM:
    """The server. Reply choice per request: the next :meth:`enqueue`-d item if any; else the
    first :meth:`when` rule whose regex matches the prompt (the first user message, so a
    re-ask after an unparseable reply matches the same rule); else :attr:`default`.
    A reply is a string, a :class:`Fault`, or a callable of the :class:`ChatRequest` returning
    either; a callable that raises makes the server answer 500 with the exception text."""

    def __init__(self, model: str = "scripted-model", latency: float = 0.0) -> None:
        self.model = model
        self.latency = latency  # added to every request (benchmarks)
        self.default: Reply = "OK"
        self.requests: list[ChatRequest] = []
        self._queue: list[Reply] = []
        self._rules: list[tuple[re.Pattern[str], Reply]] = []
        self._lock = threading.Lock()
        self._active: set[int] = set()  # ids of requests being answered since the last reset
        self.max_in_flight = 0
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- scripting -------------------------------------------------------------------------------
    def when(self, pattern: str, reply: Reply, flags: int = re.S) -> "ScriptedLLM":
        with self._lock:
            self._rules.append((re.compile(pattern, flags), reply))
        return self

    def enqueue(self, *replies: Reply) -> "ScriptedLLM":
        with self._lock:
            self._queue.extend(replies)
        return self

    def reset(self) -> None:
        with self._lock:
            self.default = "OK"
            self.latency = 0.0
            self.requests.clear()
            self._queue.clear()
            self._rules.clear()
            self._active.clear()  # a slow answer left over from a previous test no longer counts
            self.max_in_flight = 0

    @property
    def calls(self) -> int:
        """Chat-completion requests received so far."""
        return sum(1 for r in self.requests if r.path.endswith("/chat/completions"))

    @property
    def base_url(self) -> str:
        assert self._server is not None, "server not started"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    @property
    def spec(self) -> str:
        """Judge spec for :func:`surveybench.judges.make_judge`."""
        return f"{self.base_url}@{self.model}"

    def _choose(self, req: ChatRequest) -> str | Fault:
        with self._lock:
            if self._queue:
                reply: Reply = self._queue.pop(0)
            else:
                reply = self.default
                for pattern, r in self._rules:
                    if pattern.search(req.prompt):
                        reply = r
                        break
        while callable(reply) and not isinstance(reply, Fault):
            reply = reply(req)
        return reply

    # -- serving ---------------------------------------------------------------------------------
    def start(self) -> "ScriptedLLM":
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            current: ChatRequest | None = None

            def _finish(self) -> None:
                # counted as done *before* the bytes go out: once the client has its answer it
                # may send the next request, which must not overlap this one in max_in_flight
                req, self.current = self.current, None
                if req is not None:
                    req.t_end = time.monotonic()
                    with outer._lock:
                        outer._active.discard(id(req))

            def _send(self, status: int, body: str, headers: dict[str, str] | None = None) -> None:
                self._finish()
                data = body.encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in (headers or {}).items():
                        self.send_header(k, v)
                    # Headers and body in one send: separate sends on a keep-alive connection
                    # meet Nagle + delayed ACK and stall every reply by ~40 ms.
                    self._headers_buffer.append(b"\r\n")
                    self._headers_buffer.append(data)
                    self.flush_headers()
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout): nothing to do

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, json.dumps({"object": "list", "data": [
                        {"id": outer.model, "object": "model", "owned_by": "scripted"}]}))
                else:
                    self._send(404, '{"error": {"message": "not found"}}')

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {"_raw": raw.decode(errors="replace")}
                req = ChatRequest(self.path, body, {k.lower(): v for k, v in self.headers.items()},
                                  time.monotonic())
                with outer._lock:
                    outer.requests.append(req)
                    outer._active.add(id(req))
                    outer.max_in_flight = max(outer.max_in_flight, len(outer._active))
                self.current = req
                try:
                    self._answer(req)
                finally:
                    self._finish()

            def _answer(self, req: ChatRequest) -> None:
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    req.status = 404
                    self._send(404, '{"error": {"message": "not found"}}')
                    return
                if outer.latency:
                    time.sleep(outer.latency)
                try:
                    reply = outer._choose(req)
                    while isinstance(reply, Fault) and reply.kind == "slow":
                        time.sleep(reply.delay)
                        nxt = reply.then if reply.then is not None else "OK"
                        while callable(nxt) and not isinstance(nxt, Fault):
                            nxt = nxt(req)
                        reply = nxt
                except Exception as exc:  # noqa: BLE001 - a test's responder bug, shown as a 500
                    reply = Fault.http(500, f"scripted responder raised {type(exc).__name__}: {exc}")
                if isinstance(reply, Fault) and reply.kind == "disconnect":
                    req.status = 0
                    self.close_connection = True
                    try:
                        self.connection.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                    return
                if isinstance(reply, Fault):
                    req.status = reply.status
                    self._send(reply.status, reply.body, reply.headers)
                    return
                text = str(reply)
                prompt_tokens = sum(_words(m.get("content") or "") for m in req.messages)
                payload = {
                    "id": f"chatcmpl-{len(outer.requests)}",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": req.body.get("model", outer.model),
                    "choices": [{
                        "index": 0,
                        "message": {"role": "assistant", "content": text},
                        "finish_reason": "stop",
                    }],
                    "usage": {
                        "prompt_tokens": prompt_tokens,
                        "completion_tokens": _words(text),
                        "total_tokens": prompt_tokens + _words(text),
                    },
                }
                self._send(200, json.dumps(payload))

        self._server = _Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True,
                                        name="scripted-llm")
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "ScriptedLLM":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
