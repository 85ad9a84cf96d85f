"""The HTTP layer every API client of the builders goes through.

One place for what Semantic Scholar and OpenAlex both need: a client-side rate limit per
service (token bucket), retries with exponential backoff + jitter that honour ``Retry-After``,
timeouts, and an on-disk response cache (SQLite keyed by method + URL + body, with secrets
stripped) so a rebuild makes zero repeat requests. API keys and the polite-pool e-mail travel
in headers / query parameters that are removed from cache keys and log lines.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import logging
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx

from surveybench.sqlite_wal import connect_wal

log = logging.getLogger("surveybench.build.http")

# Query parameters that carry credentials or identity: never part of a cache key or a log line.
SECRET_PARAMS = frozenset({"api_key", "apikey", "key", "mailto", "email", "token_secret"})
RETRY_STATUS = frozenset({408, 425, 429, 500, 502, 503, 504})


class HttpError(RuntimeError):
    """A request that failed for good (non-retryable status, or retries exhausted)."""

    def __init__(self, service: str, url: str, reason: str, status: int | None = None):
        super().__init__(f"{service}: {reason} for {url}")
        self.service, self.url, self.reason, self.status = service, url, reason, status


def redact_url(url: str) -> str:
    """The URL without secret query parameters (for cache keys and logs)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k.lower() not in SECRET_PARAMS]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query, safe=":|,*/"), ""))


class TokenBucket:
    """``rate`` requests per second on average, bursts of up to ``burst`` (thread-safe)."""

    def __init__(self, rate: float, burst: int = 1):
        self.rate, self.capacity = float(rate), float(max(1, burst))
        self.tokens = self.capacity
        self.stamp = time.monotonic()
        self.lock = threading.Lock()

    def acquire(self) -> float:
        """Take one token, sleeping as needed; returns the time slept."""
        slept = 0.0
        while True:
            with self.lock:
                now = time.monotonic()
                self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
                self.stamp = now
                if self.tokens >= 1.0:
                    self.tokens -= 1.0
                    return slept
                wait = (1.0 - self.tokens) / self.rate
            time.sleep(wait)
            slept += wait


@dataclass
class ServiceConfig:
    """Politeness settings for one API. Defaults follow the services' documented limits:
    Semantic Scholar 1 request/s with a key; OpenAlex 10 requests/s (polite pool)."""

    name: str
    base_url: str
    rate: float = 1.0
    burst: int = 1
    timeout: float = 30.0
    max_retries: int = 6
    backoff_base: float = 1.0
    backoff_max: float = 60.0
    # a Retry-After longer than this ends the request at once (the build resumes when re-run)
    # instead of silently sleeping for hours
    max_retry_after: float = 900.0
    headers: dict[str, str] = field(default_factory=dict, repr=False)  # may hold secrets
    params: dict[str, str] = field(default_factory=dict, repr=False)  # may hold secrets


class ResponseCache:
    """SQLite cache of successful JSON responses, keyed by sha256(method, redacted URL, body)."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.lock = threading.Lock()
        self.db = connect_wal(
            path,
            timeout=30.0,
            autocommit=True,
            setup=(
                "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, method TEXT, url TEXT,"
                " body TEXT, status INTEGER, payload TEXT, fetched REAL)",
            ),
        )

    @staticmethod
    def key(method: str, url: str, body: bytes | None) -> str:
        h = hashlib.sha256(method.upper().encode() + b"\0" + redact_url(url).encode() + b"\0")
        h.update(body or b"")
        return h.hexdigest()

    def get(self, key: str) -> Any | None:
        with self.lock:
            row = self.db.execute("SELECT payload FROM responses WHERE key=?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def put(self, key: str, method: str, url: str, body: bytes | None, status: int, payload: Any) -> None:
        with self.lock:  # autocommit: a response is durable as soon as it is stored
            self.db.execute(
                "INSERT OR REPLACE INTO responses VALUES (?,?,?,?,?,?,?)",
                (key, method, redact_url(url), (body or b"").decode(), status, json.dumps(payload), time.time()),
            )

    def __len__(self) -> int:
        with self.lock:
            return self.db.execute("SELECT count(*) FROM responses").fetchone()[0]

    def close(self) -> None:
        self.db.close()


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
            return max(0.0, when.timestamp() - time.time())
        except (TypeError, ValueError):
            return None


class HttpLayer:
    """Shared, polite, cached JSON-over-HTTP for all services of a build."""

    def __init__(self, cache_path: Path | None, services: dict[str, ServiceConfig], *, seed: int | None = None):
        self.cache = ResponseCache(cache_path) if cache_path else None
        self.services = services
        self.buckets = {n: TokenBucket(s.rate, s.burst) for n, s in services.items()}
        self.client = httpx.Client(follow_redirects=True)
        self.rng = random.Random(seed)
        self.stats: Counter[str] = Counter()
        self.lock = threading.Lock()

    def _count(self, key: str, n: int = 1) -> None:
        with self.lock:
            self.stats[key] += n

    def request(
        self,
        service: str,
        method: str,
        url: str,
        *,
        params: dict[str, Any] | str | None = None,
        json_body: Any = None,
        headers: dict[str, str] | None = None,
    ) -> Any:
        """Send (or replay from cache) one request and return the decoded JSON body."""
        cfg = self.services[service]
        full = httpx.URL(url)
        if params:
            extra = params if isinstance(params, str) else urlencode(
                {k: v for k, v in params.items() if v is not None}, safe=":|,*/"
            )
            extra = extra.lstrip("&")
            full = httpx.URL(str(full) + ("&" if full.query else "?") + extra) if extra else full
        body = json.dumps(json_body, sort_keys=True).encode() if json_body is not None else None
        key = ResponseCache.key(method, str(full), body)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                self._count(f"{service}.cache_hits")
                return hit
        # Secrets are added only now, after the cache key was computed from the bare URL.
        send_url = full
        if cfg.params:
            send_url = full.copy_merge_params(cfg.params)
        send_headers = {**(headers or {}), **cfg.headers}
        safe = redact_url(str(full))
        last = "no attempt"
        for attempt in range(cfg.max_retries + 1):
            self.buckets[service].acquire()
            self._count(f"{service}.requests")
            delay: float | None = None
            try:
                resp = self.client.request(
                    method, send_url, content=body, timeout=cfg.timeout,
                    headers={**send_headers, **({"Content-Type": "application/json"} if body else {})},
                )
            except httpx.TimeoutException:
                last = "timeout"
                self._count(f"{service}.timeouts")
            except httpx.TransportError as exc:
                last = f"transport error {type(exc).__name__}"
                self._count(f"{service}.transport_errors")
            else:
                if resp.status_code == 200:
                    try:
                        payload = resp.json()
                    except (json.JSONDecodeError, UnicodeDecodeError):
                        last = "truncated or invalid JSON body"
                        self._count(f"{service}.bad_bodies")
                    else:
                        if self.cache is not None:
                            self.cache.put(key, method, str(full), body, 200, payload)
                        return payload
                elif resp.status_code in RETRY_STATUS:
                    last = f"HTTP {resp.status_code}"
                    self._count(f"{service}.http_{resp.status_code}")
                    delay = _retry_after(resp.headers.get("Retry-After"))
                    if delay is not None and delay > cfg.max_retry_after:
                        raise HttpError(
                            service, safe, f"HTTP {resp.status_code} with Retry-After {delay:.0f} s "
                            f"(more than {cfg.max_retry_after:.0f} s): re-run later, the build resumes",
                            resp.status_code,
                        )
                else:
                    self._count(f"{service}.http_{resp.status_code}")
                    raise HttpError(service, safe, f"HTTP {resp.status_code}: {resp.text[:200]}", resp.status_code)
            if attempt == cfg.max_retries:
                break
            if delay is None:  # full jitter: spreads retries of concurrent clients apart
                delay = self.rng.uniform(0, min(cfg.backoff_max, cfg.backoff_base * 2**attempt))
            self._count(f"{service}.retries")
            log.info("%s %s: %s, retry %d in %.2fs", method, safe, last, attempt + 1, delay)
            time.sleep(delay)
        raise HttpError(service, safe, f"{last} after {cfg.max_retries + 1} attempts")

    def network_requests(self) -> int:
        return sum(v for k, v in self.stats.items() if k.endswith(".requests"))

    def close(self) -> None:
        self.client.close()
        if self.cache is not None:
            self.cache.close()
