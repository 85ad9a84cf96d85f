"""Issue 14, judge layer: failure causes as countable labels, no key stored in the reply cache,
a damaged cache is an error naming the file, timeout and retries are checked options."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from surveybench.judges import (
    JudgeCacheError,
    failure_label,
    make_judge,
    parse_score_1_to_5,
    summarise_causes,
)
from surveybench.judges.failures import is_outage
from surveybench.judges.scripted_server import ChatRequest, Fault, ScriptedLLM
from surveybench.prompts import PromptTemplate

PROMPT = PromptTemplate(name="t-hardening", version="1", source="test",
                        template="Rate the coverage of {survey} from 1 to 5. Reply 'Score: N'.")
FAST = dict(retry_initial=0.01, retry_max_wait=0.02)
KEY = "sk-hardening-test-0123456789abcdef"


@pytest.mark.parametrize("error, label", [
    ('server_error: HTTP 500 {"error": {"message": "internal error"}} (after 5 attempts)', "judge HTTP 500"),
    ("server_error: HTTP 503 busy (after 1 attempt)", "judge HTTP 503"),
    ("rate_limited: HTTP 429 slow down (after 5 attempts)", "judge HTTP 429"),
    ("unparseable: no 1-5 score found: I like it", "unparseable"),
    ("timeout: no reply within 120s (after 5 attempts)", "judge timeout"),
    ("connection: APIConnectionError: Connection error. (after 5 attempts)", "judge unreachable"),
    ("auth: HTTP 401 invalid key", "judge HTTP 401"),
    ("ValueError: cannot score topic B", "ValueError"),
    (None, "unknown"),
])
def test_failure_labels(error: str | None, label: str) -> None:
    assert failure_label(error) == label


@pytest.mark.parametrize("label, outage", [
    ("judge HTTP 500", True), ("judge HTTP 429", True), ("judge timeout", True),
    ("judge unreachable", True), ("judge HTTP 401", True), ("unparseable", False),
    ("judge HTTP 400", False), ("ValueError", False),
])
def test_outages_are_what_a_later_run_may_recover(label: str, outage: bool) -> None:
    assert is_outage(label) is outage


def test_causes_summary_counts_most_frequent_first() -> None:
    assert summarise_causes(["unparseable", "judge HTTP 500", "judge HTTP 500"]) == \
        "judge HTTP 500 ×2, unparseable ×1"
    assert summarise_causes([]) == ""


def _files_text(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in folder.rglob("*") if p.is_file())


def test_key_echoed_by_the_judge_is_not_stored_in_the_cache(
    scripted_llm: ScriptedLLM, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real header the client sent comes back in the reply (a judge that echoes its
    request): neither the SQLite cache (incl. its WAL) nor the judgement keeps the key."""
    monkeypatch.setenv("SURVEYBENCH_JUDGE_API_KEY", KEY)
    scripted_llm.default = lambda req: f"Score: 4. Request headers: {req.headers.get('authorization')}"
    cache_dir = tmp_path / "cache"
    judge = make_judge(scripted_llm.spec, cache_path=cache_dir / "judge-cache.sqlite", **FAST)
    j = judge.ask(PROMPT, {"survey": "a survey"}, parse=parse_score_1_to_5, metric="rubric")
    assert scripted_llm.requests[0].headers["authorization"] == f"Bearer {KEY}"  # really sent
    assert j.ok and j.value == 4 and KEY not in (j.reply or "") and "Bearer ***" in (j.reply or "")
    judge.close()
    assert KEY.encode() not in _files_text(cache_dir)
    again = make_judge(scripted_llm.spec, cache_path=cache_dir / "judge-cache.sqlite", **FAST)
    hit = again.ask(PROMPT, {"survey": "a survey"}, parse=parse_score_1_to_5, metric="rubric")
    assert hit.cached and hit.value == 4 and len(scripted_llm.requests) == 1
    again.close()


def test_failed_judgement_keeps_no_key(scripted_llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)

    def echo_500(req: ChatRequest) -> Fault:
        return Fault.http(500, f"upstream rejected {req.headers.get('authorization')}")

    scripted_llm.default = echo_500
    j = make_judge(scripted_llm.spec, max_retries=1, **FAST).ask(
        PROMPT, {"survey": "x"}, parse=parse_score_1_to_5, metric="rubric")
    assert not j.ok and j.cause == "server_error" and j.attempts == 2
    assert KEY not in (j.error or "") and failure_label(j.error) == "judge HTTP 500"


def _real_cache(path: Path, rows: int = 400) -> bytes:
    judge_cache = make_judge("http://127.0.0.1:9/v1@m", cache_path=path).cache
    assert judge_cache is not None
    from surveybench.judges.cache import CachedReply

    for i in range(rows):
        judge_cache.put(f"k{i}", judge="j", prompt="p", reply=CachedReply("Score: 4 " * 40, 1, 1, False))
    judge_cache.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path.read_bytes()


@pytest.mark.parametrize("damage", ["truncated", "overwritten", "not sqlite"])
def test_damaged_cache_is_an_error_naming_the_file(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "judge-cache.sqlite"
    data = _real_cache(path)
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "overwritten":
        path.write_bytes(data[:8192] + b"\x13" * 8192 + data[16384:])
    else:
        path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(JudgeCacheError, match=r"judge-cache\.sqlite.*delete it"):
        make_judge("http://127.0.0.1:9/v1@m", cache_path=path)


def test_timeout_and_retries_are_options(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = Fault.slow(3.0, then="Score: 4")
    judge = make_judge(scripted_llm.spec, timeout=0.2, max_retries=1, **FAST)
    j = judge.ask(PROMPT, {"survey": "x"}, parse=parse_score_1_to_5, metric="rubric")
    assert not j.ok and j.cause == "timeout" and j.attempts == 2 and scripted_llm.calls == 2
    assert "0.2s" in (j.error or "")
    for bad in (dict(timeout=0), dict(timeout=-1.0), dict(max_retries=-1), dict(max_retries=1.5)):
        with pytest.raises(ValueError, match="timeout|max_retries"):
            make_judge(scripted_llm.spec, **bad)  # type: ignore[arg-type]
