"""``surveybench judge check`` against the scripted loopback server."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.judges.scripted_server import Fault, ScriptedLLM

runner = CliRunner()


def test_check_prints_reply_latency_tokens(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = "OK"
    result = runner.invoke(app, ["judge", "check", scripted_llm.spec])
    assert result.exit_code == 0, result.output
    assert "reply: 'OK'" in result.output
    assert "latency:" in result.output
    # "Reply with the single word OK." is 6 words; reply "OK" is 1
    assert "tokens: 6 prompt + 1 completion" in result.output
    assert "tiny local judge: no" in result.output
    assert scripted_llm.calls == 1


def test_check_reports_failure_with_cause(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.default = Fault.server_error(503)
    result = runner.invoke(app, ["judge", "check", scripted_llm.spec, "--max-retries", "1"])
    assert result.exit_code == 1
    assert "server_error" in result.output and "503" in result.output
    assert scripted_llm.calls == 2


def test_check_never_prints_the_key(scripted_llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SURVEYBENCH_JUDGE_API_KEY", "sk-live-DO-NOT-PRINT-99")
    spec = scripted_llm.spec.replace("http://", "http://me:sk-live-DO-NOT-PRINT-99@")
    result = runner.invoke(app, ["judge", "check", spec])
    assert result.exit_code == 0
    assert "DO-NOT-PRINT" not in result.output


def test_check_bad_spec() -> None:
    result = runner.invoke(app, ["judge", "check", "gpt-4o"])
    assert result.exit_code == 2 and "unknown judge spec" in result.output


def test_check_help_has_examples() -> None:
    result = runner.invoke(app, ["judge", "check", "--help"])
    assert result.exit_code == 0 and "openai:gpt-4o-mini" in result.output


@pytest.mark.parametrize("path", [("judge",), ("judge", "check"), ("judge", "prompts"), ("meta-eval",), ("build",)])
def test_one_line_descriptions_and_examples(path: tuple[str, ...]) -> None:
    """`surveybench --help` lists each command by the first paragraph of its help: one line."""
    import typer

    cmd = typer.main.get_command(app)
    for name in path:
        cmd = cmd.commands[name]  # type: ignore[attr-defined]
    first = (cmd.help or "").strip().split("\n\n")[0]
    assert "\n" not in first and len(first) <= 90, first
    if path != ("judge",):  # the group lists its commands; each command shows examples
        result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "120"})
        assert result.exit_code == 0 and "Examples" in result.output and "surveybench " + " ".join(path) in result.output


def test_prompts_lists_sources_and_prints_a_template() -> None:
    from surveybench.prompts.judging import NLI

    listing = runner.invoke(app, ["judge", "prompts"], env={"COLUMNS": "250"})
    assert listing.exit_code == 0
    assert "citation_nli" in listing.output and "SurveyX App. A.3 Fig. 10" in listing.output
    assert "survey_classification" in listing.output
    one = runner.invoke(app, ["judge", "prompts", "citation_nli"], env={"COLUMNS": "250"})
    assert one.exit_code == 0 and NLI.template in one.output
    bad = runner.invoke(app, ["judge", "prompts", "nope"])
    assert bad.exit_code == 2 and "no prompt 'nope'" in bad.output
