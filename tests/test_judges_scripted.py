"""The judge against a real loopback OpenAI-compatible server with scripted replies and faults:
retries (counted, Retry-After honoured), failures marked with their cause, the cache, the
concurrency limit, token/cost accounting, and API keys kept out of everything stored."""

from __future__ import annotations

import email.utils
import json
import socket
import time
from pathlib import Path

import pytest

from surveybench.judges import (
    Judge,
    make_judge,
    make_panel,
    parse_score_1_to_5,
    parse_yes_no,
)
from surveybench.judges.scripted_server import ChatRequest, Fault, ScriptedLLM
from surveybench.prompts import PromptTemplate

RUBRIC = PromptTemplate(
    name="test-rubric", version="1", source="test",
    system="You are an expert reviewer of literature surveys.",
    template="Rate the coverage of this survey from 1 to 5.\n\nSurvey: {survey}\n\nReply 'Score: N'.",
)
FAST = dict(retry_initial=0.01, retry_max_wait=0.05)


def judge_for(server: ScriptedLLM, **kw: object) -> Judge:
    return make_judge(server.spec, **{**FAST, **kw})  # type: ignore[arg-type]


def test_reply_parsed_and_tokens_counted(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = "Coverage is broad.\nScore: 4"
    judge = judge_for(scripted_llm)
    j = judge.ask(RUBRIC, {"survey": "alpha beta gamma"}, parse=parse_score_1_to_5, metric="rubric")
    assert (j.ok, j.value, j.attempts, j.cached) == (True, 4, 1, False)
    req = scripted_llm.requests[0]
    assert req.messages[0] == {"role": "system", "content": RUBRIC.system}
    assert "Survey: alpha beta gamma" in req.user
    assert req.body["temperature"] == 0.0
    # the scripted server counts words: system 8 + user 17; reply 5
    assert (j.prompt_tokens, j.completion_tokens) == (8 + 17, 5)
    usage = judge.usage_summary()
    assert (usage["asked"], usage["calls"], usage["retries"], usage["failures"]) == (1, 1, 0, 0)
    assert usage["per_metric"]["rubric"]["prompt_tokens"] == 25
    assert usage["cost_usd"] is None  # a self-hosted endpoint has no known price
    assert usage["tiny_local"] is False


def test_429_waits_at_least_retry_after_seconds(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = "Score: 5"
    scripted_llm.enqueue(Fault.rate_limit(retry_after="1"))
    judge = judge_for(scripted_llm)
    j = judge.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="rubric")
    assert j.ok and j.value == 5 and j.attempts == 2
    first, second = scripted_llm.requests
    assert first.status == 429
    assert second.t_start - first.t_end >= 1.0
    assert judge.usage_summary()["retries"] == 1


def test_429_with_http_date_retry_after(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = "Score: 2"
    until = int(time.time()) + 3  # HTTP dates have whole seconds
    scripted_llm.enqueue(Fault.rate_limit(retry_after=email.utils.formatdate(until, usegmt=True)))
    j = judge_for(scripted_llm).ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    assert j.ok and j.value == 2
    first, second = scripted_llm.requests
    wall_minus_mono = time.time() - time.monotonic()
    assert second.t_start + wall_minus_mono >= until - 0.02  # not before the date the server gave


def test_retry_after_beyond_limit_gives_up_at_once(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.enqueue(Fault.rate_limit(retry_after="3600"))
    judge = judge_for(scripted_llm, max_retry_after=30)
    j = judge.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    assert not j.ok and j.cause == "rate_limited" and j.attempts == 1
    assert "429" in (j.error or "")


@pytest.mark.parametrize(
    ("fault", "cause"),
    [(Fault.server_error(500), "server_error"), (Fault.server_error(503), "server_error"),
     (Fault.malformed(), "malformed_response"), (Fault.disconnect(), "connection")],
)
def test_transient_fault_then_success(scripted_llm: ScriptedLLM, fault: Fault, cause: str,
                                     caplog: pytest.LogCaptureFixture) -> None:
    scripted_llm.default = "Score: 3"
    scripted_llm.enqueue(fault)
    judge = judge_for(scripted_llm)
    with caplog.at_level("WARNING", logger="surveybench.judges"):
        j = judge.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    assert (j.ok, j.value, j.attempts) == (True, 3, 2)
    assert judge.usage_summary()["retries"] == 1 and scripted_llm.calls == 2
    assert [r.getMessage().split(": ")[1].split(" ")[0] for r in caplog.records] == [cause]


def test_timeout_then_success(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = "Score: 1"
    scripted_llm.enqueue(Fault.slow(1.5, then="Score: 5"))  # answered after the client left
    judge = judge_for(scripted_llm, timeout=0.4)
    j = judge.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    assert (j.ok, j.value, j.attempts) == (True, 1, 2)
    slow, retry = scripted_llm.requests
    # the client gave up and retried while the slow answer was still being prepared
    assert slow.t_end == 0.0 or retry.t_start < slow.t_end
    assert judge.usage_summary()["retries"] == 1


def test_persistent_server_error_recorded_with_cause(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = Fault.server_error(502)
    judge = judge_for(scripted_llm, max_retries=2)
    j = judge.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="rubric")
    assert not j.ok and j.value is None and j.cause == "server_error"
    assert j.attempts == 3 and scripted_llm.calls == 3
    assert "502" in (j.error or "")
    usage = judge.usage_summary()
    assert (usage["failures"], usage["retries"], usage["causes"]) == (1, 2, {"server_error": 1})


def test_bad_request_is_not_retried(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = Fault.http(400, "maximum context length is 4096 tokens")
    j = judge_for(scripted_llm).ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    assert not j.ok and j.cause == "bad_request" and j.attempts == 1
    assert "maximum context length" in (j.error or "")


def test_unparseable_reply_is_reasked_then_recorded_with_its_text(scripted_llm: ScriptedLLM) -> None:
    text = "This survey is quite thorough, I would say it is good but not great."
    scripted_llm.default = text
    judge = judge_for(scripted_llm, parse_retries=2)
    j = judge.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="rubric")
    assert not j.ok and j.value is None
    assert j.cause == "unparseable" and j.reply == text and j.attempts == 3
    # the re-ask shows the model its reply and asks again for the format
    again = scripted_llm.requests[1].messages
    assert again[-2] == {"role": "assistant", "content": text}
    assert again[-1]["role"] == "user" and "could not be read" in again[-1]["content"]
    assert scripted_llm.requests[1].body["temperature"] == 0.0
    usage = judge.usage_summary("rubric")
    assert (usage["calls"], usage["retries"], usage["failures"]) == (3, 2, 1)
    assert usage["causes"] == {"unparseable": 1}


def test_unparseable_then_parsed_after_nudge(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.enqueue("Good coverage overall.", "Score: 3")
    j = judge_for(scripted_llm).ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    assert (j.ok, j.value, j.attempts, j.reply) == (True, 3, 2, "Score: 3")


def test_parser_bug_fails_the_item_not_the_batch(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = "Score: 4"

    def buggy(reply: str) -> int:
        return int(reply)  # ValueError on "Score: 4"

    j = judge_for(scripted_llm).ask(RUBRIC, {"survey": "x"}, parse=buggy, metric="r")
    assert not j.ok and j.cause == "parser_error" and j.reply == "Score: 4" and j.attempts == 1
    assert "ValueError" in (j.error or "")


def test_connection_refused_is_a_marked_failure() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again on exit: nobody listens there
    judge = make_judge(f"http://127.0.0.1:{port}/v1@m", max_retries=1, **FAST)  # type: ignore[arg-type]
    j = judge.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    assert not j.ok and j.cause == "connection" and j.attempts == 2


def test_batch_completes_past_bad_items_in_order(scripted_llm: ScriptedLLM) -> None:
    def answer(req: ChatRequest) -> str | Fault:
        if "survey-2" in req.prompt:
            return Fault.server_error(500)
        if "survey-4" in req.prompt:
            return "no idea"
        return f"Score: {req.prompt.split('survey-')[1][0]}"

    scripted_llm.default = answer
    judge = judge_for(scripted_llm, max_retries=1, parse_retries=1, concurrency=3)
    values = [{"survey": f"survey-{i}"} for i in range(1, 6)]
    results = judge.ask_many(RUBRIC, values, parse=parse_score_1_to_5, metric="rubric")
    assert [r.value for r in results] == [1, None, 3, None, 5]
    assert [r.cause for r in results] == [None, "server_error", None, "unparseable", None]
    assert results[3].reply == "no idea"
    usage = judge.usage_summary()
    assert usage["asked"] == 5 and usage["failures"] == 2
    assert usage["calls"] == 3 + 2 + 2 and usage["retries"] == 2


def test_concurrency_limit_is_respected(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = "Score: 4"
    scripted_llm.latency = 0.2
    judge = judge_for(scripted_llm, concurrency=3)
    results = judge.ask_many(RUBRIC, [{"survey": str(i)} for i in range(10)],
                             parse=parse_score_1_to_5, metric="r")
    assert all(r.ok for r in results)
    assert scripted_llm.max_in_flight == 3


def test_concurrency_one_is_sequential(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.latency = 0.05
    scripted_llm.default = "yes"
    judge_for(scripted_llm, concurrency=1).ask_many(
        RUBRIC, [{"survey": str(i)} for i in range(4)], parse=parse_yes_no, metric="r")
    assert scripted_llm.max_in_flight == 1


def test_second_run_makes_zero_calls(scripted_llm: ScriptedLLM, judge_cache: Path) -> None:
    scripted_llm.default = lambda req: f"Score: {len(req.user) % 5 + 1}"
    values = [{"survey": "s" * i} for i in range(6)]
    first = judge_for(scripted_llm, cache_path=judge_cache).ask_many(
        RUBRIC, values, parse=parse_score_1_to_5, metric="rubric")
    assert scripted_llm.calls == 6
    judge = judge_for(scripted_llm, cache_path=judge_cache)
    second = judge.ask_many(RUBRIC, values, parse=parse_score_1_to_5, metric="rubric")
    assert scripted_llm.calls == 6  # no new request reached the server
    assert [j.value for j in second] == [j.value for j in first]
    assert all(j.cached and j.attempts == 0 for j in second)
    usage = judge.usage_summary()
    assert (usage["calls"], usage["cached"], usage["asked"]) == (0, 6, 6)


def test_cache_keeps_only_parsed_replies(scripted_llm: ScriptedLLM, judge_cache: Path) -> None:
    scripted_llm.default = "cannot decide"
    judge_for(scripted_llm, cache_path=judge_cache, parse_retries=0).ask(
        RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    scripted_llm.default = "Score: 2"
    j = judge_for(scripted_llm, cache_path=judge_cache, parse_retries=0).ask(
        RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    assert j.ok and not j.cached and scripted_llm.calls == 2


def test_cache_hit_reparsed_by_the_new_parser(scripted_llm: ScriptedLLM, judge_cache: Path) -> None:
    scripted_llm.default = "Score: 4"
    judge_for(scripted_llm, cache_path=judge_cache).ask(
        RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    # a parser that rejects the stored reply makes the judge ask again
    j = judge_for(scripted_llm, cache_path=judge_cache, parse_retries=0).ask(
        RUBRIC, {"survey": "x"}, parse=parse_yes_no, metric="r")
    assert not j.cached and scripted_llm.calls == 2 and j.cause == "unparseable"


@pytest.mark.parametrize(
    "change",
    [dict(max_tokens=64), dict(temperature=0.7), dict(prompt_version="2"), dict(values={"survey": "y"})],
)
def test_cache_key_covers_prompt_and_parameters(
    scripted_llm: ScriptedLLM, judge_cache: Path, change: dict[str, object]
) -> None:
    scripted_llm.default = "Score: 4"
    judge_for(scripted_llm, cache_path=judge_cache).ask(
        RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    prompt = RUBRIC
    if "prompt_version" in change:
        prompt = PromptTemplate(RUBRIC.name, "2", RUBRIC.source, RUBRIC.template, RUBRIC.system)
    j = judge_for(scripted_llm, cache_path=judge_cache).ask(
        prompt, change.get("values", {"survey": "x"}), parse=parse_score_1_to_5, metric="r",  # type: ignore[arg-type]
        max_tokens=change.get("max_tokens"), temperature=change.get("temperature"),  # type: ignore[arg-type]
    )
    assert not j.cached and scripted_llm.calls == 2


def test_cost_estimated_from_price_table(scripted_llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch) -> None:
    # the openai: spec, pointed at the loopback server through OPENAI_BASE_URL
    monkeypatch.setenv("OPENAI_BASE_URL", scripted_llm.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key-123456")
    scripted_llm.default = "Score: 4 out of 5"  # 5 completion "tokens"
    judge = make_judge("openai:gpt-4o-mini", **FAST)  # type: ignore[arg-type]
    assert judge.name == "openai:gpt-4o-mini"
    for i in range(2):
        judge.ask(RUBRIC, {"survey": f"x{i}"}, parse=parse_score_1_to_5, metric="rubric")
    usage = judge.usage_summary()
    # 2 calls x (8 + 15 prompt words, 5 completion words) at $0.15 / $0.60 per 1M tokens
    assert (usage["prompt_tokens"], usage["completion_tokens"]) == (46, 10)
    assert usage["cost_usd"] == pytest.approx((46 * 0.15 + 10 * 0.60) / 1e6)
    cheap = make_judge("openai:gpt-4o-mini", prices={"gpt-4o-mini": (1.0, 2.0)}, **FAST)  # type: ignore[arg-type]
    cheap.ask(RUBRIC, {"survey": "x0"}, parse=parse_score_1_to_5, metric="rubric")
    assert cheap.usage_summary()["cost_usd"] == pytest.approx((23 * 1.0 + 5 * 2.0) / 1e6)


def test_api_key_never_stored(scripted_llm: ScriptedLLM, judge_cache: Path,
                              monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("DEBUG")
    secret = "sk-proj-SECRET-4f9a2b7c1d"
    monkeypatch.setenv("SURVEYBENCH_JUDGE_API_KEY", secret)
    scripted_llm.enqueue("unparseable", Fault.server_error(500))
    scripted_llm.default = "Score: 4"
    # a key pasted into the URL's userinfo must not survive either
    spec = scripted_llm.spec.replace("http://", f"http://user:{secret}@")
    judge = make_judge(spec, cache_path=judge_cache, **FAST)  # type: ignore[arg-type]
    j = judge.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="rubric")
    assert j.ok
    # the key was really sent to the server ...
    assert scripted_llm.requests[0].headers.get("authorization") == f"Bearer {secret}"
    judge.close()
    # ... and is nowhere in what we keep
    assert secret not in judge.name
    assert secret not in json.dumps(judge.usage_summary())
    assert secret not in json.dumps(j.to_dict())
    assert "server_error" in caplog.text and secret not in caplog.text
    for path in judge_cache.parent.glob(judge_cache.name + "*"):  # incl. -wal / -shm
        assert secret.encode() not in path.read_bytes(), path


def test_panel_scores_mean_and_agreement(scripted_llm: ScriptedLLM) -> None:
    # judge a rates items 1,2,3,3; judge b rates 1,3,3,2 (hand-computed alpha 0.5625, rho 0.5)
    table = {"a": [1, 2, 3, 3], "b": [1, 3, 3, 2]}
    scripted_llm.default = lambda req: f"Score: {table[req.body['model']][int(req.user.split('#')[1][0])]}"
    base = scripted_llm.base_url
    panel = make_panel([f"{base}@a", f"{base}@b"], **FAST)
    result = panel.score_many(RUBRIC, [{"survey": f"#{i}"} for i in range(4)],
                              parse=parse_score_1_to_5, metric="rubric")
    assert result.scores == {f"{base}@a": [1, 2, 3, 3], f"{base}@b": [1, 3, 3, 2]}
    assert result.mean == [1.0, 2.5, 3.0, 2.5]
    assert result.alpha == pytest.approx(0.5625)
    assert result.mean_spearman == pytest.approx(0.5)
    usage = panel.usage_summary()
    assert usage["calls"] == 8 and set(usage["per_judge"]) == set(panel.names)


def test_panel_mean_skips_failed_judge(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = lambda req: "Score: 4" if req.body["model"] == "good" else "hmm"
    base = scripted_llm.base_url
    panel = make_panel([f"{base}@good", f"{base}@vague"], parse_retries=0, **FAST)
    per = panel.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="rubric")
    assert per[f"{base}@good"].value == 4 and per[f"{base}@vague"].cause == "unparseable"
    result = panel.score_many(RUBRIC, [{"survey": "x"}, {"survey": "y"}],
                              parse=parse_score_1_to_5, metric="rubric")
    assert result.mean == [4.0, 4.0] and result.alpha is None
    assert len(result.to_dict()["failures"]) == 2


def test_scripted_judge_fixture_and_rules(scripted_llm: ScriptedLLM, scripted_judge) -> None:  # type: ignore[no-untyped-def]
    scripted_llm.when(r"Survey: good", "Score: 5").when(r"Survey: bad", "Score: 1")
    scripted_llm.default = "Score: 3"
    judge = scripted_judge(parse_retries=1)
    scripted_llm.enqueue("???")  # the re-ask still matches the rule: rules read the prompt
    got = [judge.ask(RUBRIC, {"survey": s}, parse=parse_score_1_to_5, metric="r").value
           for s in ("good", "bad", "meh")]
    assert got == [5, 1, 3] and scripted_llm.calls == 4


def test_retry_after_holds_back_every_worker(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = "Score: 4"
    scripted_llm.enqueue(Fault.rate_limit(retry_after="1"))
    judge = judge_for(scripted_llm, concurrency=2)
    results = judge.ask_many(RUBRIC, [{"survey": str(i)} for i in range(12)],
                             parse=parse_score_1_to_5, metric="r")
    assert all(r.ok for r in results) and scripted_llm.calls == 13
    limited = next(r for r in scripted_llm.requests if r.status == 429)
    # only requests the other worker sent before the 429 reached the client may start inside
    # the pause (a couple on a busy machine); without the shared pause it is all 11 others
    inside = [r for r in scripted_llm.requests if limited.t_end < r.t_start < limited.t_end + 0.95]
    assert len(inside) <= 3


def test_declared_context_cuts_long_prompts_in_the_middle(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = "Score: 4"
    judge = judge_for(scripted_llm, n_ctx=1000, max_tokens=100)
    assert judge.context_tokens == 1000
    survey = "START " + "lorem ipsum " * 2000 + " FINISH"
    j = judge.ask(RUBRIC, {"survey": survey}, parse=parse_score_1_to_5, metric="rubric")
    assert j.ok and j.truncated
    sent = scripted_llm.requests[0].user
    # (1000 - 100 reply - 48 template) tokens x 3 chars, minus the system prompt
    assert len(sent) + len(RUBRIC.system or "") <= (1000 - 100 - 48) * 3
    assert "START" in sent and "FINISH" in sent and "truncated" in sent
    assert judge.usage_summary()["truncated"] == 1
    short = judge.ask(RUBRIC, {"survey": "short"}, parse=parse_score_1_to_5, metric="rubric")
    assert short.ok and not short.truncated
    assert judge_for(scripted_llm).context_tokens is None


def test_self_hosted_price_from_env(scripted_llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch) -> None:
    scripted_llm.default = "Score: 4"
    assert judge_for(scripted_llm).usage_summary()["price_per_1m"] is None
    monkeypatch.setenv("SURVEYBENCH_JUDGE_PRICES", '{"scripted-model": [2.0, 4.0]}')
    judge = judge_for(scripted_llm)
    judge.ask(RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r")
    assert judge.usage_summary()["cost_usd"] == pytest.approx((23 * 2.0 + 2 * 4.0) / 1e6)


def test_interrupted_batch_resumes_without_redoing_work(scripted_llm: ScriptedLLM, judge_cache: Path) -> None:
    scripted_llm.default = "Score: 4"
    scripted_llm.latency = 0.02
    values = [{"survey": f"s{i}"} for i in range(12)]
    done: list[int] = []

    def interrupt(i: int, _: object) -> None:
        done.append(i)
        if len(done) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        judge_for(scripted_llm, cache_path=judge_cache, concurrency=2).ask_many(
            RUBRIC, values, parse=parse_score_1_to_5, metric="r", on_done=interrupt)
    first_run = scripted_llm.calls
    assert 3 <= first_run < 12  # queued items were dropped, not asked
    judge = judge_for(scripted_llm, cache_path=judge_cache, concurrency=2)
    results = judge.ask_many(RUBRIC, values, parse=parse_score_1_to_5, metric="r")
    assert all(r.ok for r in results)
    assert scripted_llm.calls == 12  # every item asked exactly once over both runs
    assert judge.usage_summary()["cached"] == first_run


def test_openai_reasoning_models_get_their_parameters(scripted_llm: ScriptedLLM,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", scripted_llm.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-000000")
    scripted_llm.default = "Score: 4"
    make_judge("openai:o3-mini", **FAST).ask(  # type: ignore[arg-type]
        RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r", max_tokens=300)
    make_judge("openai:gpt-4o-mini", **FAST).ask(  # type: ignore[arg-type]
        RUBRIC, {"survey": "x"}, parse=parse_score_1_to_5, metric="r", max_tokens=300)
    o3, gpt4o = (r.body for r in scripted_llm.requests)
    assert o3["max_completion_tokens"] == 300 and "max_tokens" not in o3 and "temperature" not in o3
    assert gpt4o["max_tokens"] == 300 and gpt4o["temperature"] == 0.0
