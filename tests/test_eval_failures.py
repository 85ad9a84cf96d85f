"""Issue 14, judge failures are data: a real judge endpoint (the scripted loopback server) that
answers HTTP 500 or unparseable text for some criteria. The failed sub-scores carry their cause
in Parquet, the manifest, the CLI summary and the exit code; the mean says how many criteria it
averaged; ``--retry-failed`` with a healthy judge re-sends exactly the failed calls; no API key
reaches any file of the workspace."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.judges.scripted_server import ChatRequest, Fault, ScriptedLLM
from surveybench.model import Paragraph, Section, Survey
from surveybench.workspace import Workspace

KEY = "sk-eval-failures-0123456789abcdef"
CRITERIA = "coverage,structure,relevance"


def survey(topic: str, system: str | None, text: str) -> Survey:
    return Survey(id=f"{system or 'gold'}-{topic}", title=f"{topic} survey", topic=topic, system=system,
                  domain="Biology",
                  sections=[Section(index=0, title=f"{topic} methods", paragraphs=[Paragraph(text=text)])])


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    ws = Workspace(tmp_path / "ws")
    ws.add_gold([survey(t, None, f"human text on {t}") for t in ("Alpha", "Beta")])
    ws.add_system("S1", [survey(t, "S1", f"generated text on {t}") for t in ("Alpha", "Beta")])
    return ws


def criterion_of(req: ChatRequest) -> str:
    m = re.search(r"Criterion Description: (\w+)", req.prompt)
    return m.group(1).lower() if m else "?"


def topic_of(req: ChatRequest) -> str:
    m = re.search(r"about the topic (\w+)", req.prompt)
    return m.group(1) if m else "?"


def flaky_judge(req: ChatRequest) -> str | Fault:
    """Coverage: HTTP 500 always. Structure of Beta: a reply with no score. Else 4, and the
    authorization header the client sent, echoed back."""
    if criterion_of(req) == "coverage":
        return Fault.server_error(500)
    if criterion_of(req) == "structure" and topic_of(req) == "Beta":
        return "I find this survey rather good overall."
    return f"Score: 4 (request carried {req.headers.get('authorization')})"


def eval_args(ws: Workspace, spec: str, *extra: str) -> list[str]:
    return ["eval", "-s", "S1", "-w", str(ws.root), "-m", "rubric", "--judge", spec,
            "--option", f"rubric_criteria={CRITERIA}", "--judge-retries", "1",
            "--judge-timeout", "30", "--no-progress", *extra]


def test_judge_failures_are_visible_and_retry_failed_recovers_them(
    ws: Workspace, scripted_llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SURVEYBENCH_JUDGE_API_KEY", KEY)
    scripted_llm.default = flaky_judge
    r = CliRunner().invoke(app, eval_args(ws, scripted_llm.spec))
    out = " ".join(r.output.split())
    # 2 coverage x (1 + 1 retry) = 4 requests; structure of Beta asked 3 times (2 re-asks); 3 ok
    assert scripted_llm.calls == 4 + 3 + 3
    assert r.exit_code == 1, r.output
    assert "3 scores failed: judge HTTP 500 ×2, unparseable ×1" in out

    run_dir = next((ws.root / "runs").iterdir())
    df = pd.read_parquet(run_dir / "results.parquet").set_index(["topic", "score"])
    assert df.loc[("Alpha", "coverage"), "status"] == "failed"
    assert df.loc[("Alpha", "coverage"), "cause"] == "judge HTTP 500"
    assert "HTTP 500" in df.loc[("Alpha", "coverage"), "error"]
    assert "after 2 attempts" in df.loc[("Alpha", "coverage"), "error"]
    assert df.loc[("Beta", "structure"), "cause"] == "unparseable"
    assert df.loc[("Alpha", "structure"), "status"] == "ok"
    # the means: of 2 criteria on Alpha, of 1 on Beta, and say so
    assert df.loc[("Alpha", "mean"), "value"] == 4.0
    assert (df.loc[("Alpha", "mean"), "parts_used"], df.loc[("Alpha", "mean"), "parts_total"]) == (2, 3)
    assert (df.loc[("Beta", "mean"), "parts_used"], df.loc[("Beta", "mean"), "parts_total"]) == (1, 3)
    manifest = json.loads((run_dir / "manifest.json").read_text())
    failed = [f for f in manifest["failures"] if f.get("score")]
    assert sorted((f["topic"], f["score"], f["cause"]) for f in failed) == [
        ("Alpha", "coverage", "judge HTTP 500"), ("Beta", "coverage", "judge HTTP 500"),
        ("Beta", "structure", "unparseable")]
    assert manifest["failure_summary"] == "3 scores failed: judge HTTP 500 ×2, unparseable ×1"

    # a plain rerun reuses the stored units: no call, the hole stays visible
    before = scripted_llm.calls
    r = CliRunner().invoke(app, eval_args(ws, scripted_llm.spec))
    assert r.exit_code == 1 and scripted_llm.calls == before

    # the judge is healthy again: --retry-failed re-sends exactly the three failed calls
    scripted_llm.default = lambda req: "Score: 5"
    r = CliRunner().invoke(app, eval_args(ws, scripted_llm.spec, "--retry-failed"))
    assert r.exit_code == 0, r.output
    resent = Counter((topic_of(q), criterion_of(q)) for q in scripted_llm.requests[before:])
    assert resent == Counter({("Alpha", "coverage"): 1, ("Beta", "coverage"): 1, ("Beta", "structure"): 1})
    df = pd.read_parquet(run_dir / "results.parquet").set_index(["topic", "score"])
    assert (df["status"] == "ok").all()
    assert df.loc[("Alpha", "mean"), "value"] == pytest.approx((5 + 4 + 4) / 3)
    assert (df.loc[("Beta", "mean"), "parts_used"], df.loc[("Beta", "mean"), "parts_total"]) == (3, 3)
    again = scripted_llm.calls
    r = CliRunner().invoke(app, eval_args(ws, scripted_llm.spec, "--retry-failed"))
    assert r.exit_code == 0 and scripted_llm.calls == again  # nothing left to retry

    # the key went out in every request and came back in replies; no file keeps it
    assert all(q.headers["authorization"] == f"Bearer {KEY}" for q in scripted_llm.requests)
    leaks = [p for p in ws.root.rglob("*") if p.is_file() and KEY.encode() in p.read_bytes()]
    assert leaks == []


def test_a_judge_that_is_down_fails_the_command_with_the_count(ws: Workspace) -> None:
    from tests.plugins.llm import _free_port

    down = f"http://127.0.0.1:{_free_port()}/v1@m"  # nothing listens there
    r = CliRunner().invoke(app, eval_args(ws, down, "--judge-retries", "0"))
    assert r.exit_code == 1, r.output
    # 2 topics x 3 criteria, and the two means that had nothing to average
    assert "8 scores failed: judge unreachable ×8" in " ".join(r.output.split())


def test_a_corrupt_judge_cache_stops_eval_with_its_name(ws: Workspace, scripted_llm: ScriptedLLM) -> None:
    cache = ws.cache_dir / "judge" / "judge-cache.sqlite"
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)  # a header, then garbage
    scripted_llm.default = "Score: 4"
    r = CliRunner().invoke(app, eval_args(ws, scripted_llm.spec))
    out = " ".join(r.output.split())
    assert r.exit_code == 2, r.output
    assert "judge-cache.sqlite is not a usable SQLite file" in out and "delete it" in out
    assert scripted_llm.calls == 0 and not list(ws.root.glob("runs/*/results.parquet"))


def test_score_given_a_directory_says_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "human.md").write_text("# A survey\n\n## Intro\n\nText.\n")
    r = CliRunner().invoke(app, ["score", "-r", str(tmp_path / "human.md"), "-c", str(tmp_path)])
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "is a directory" in out and "surveybench import DIR --system NAME" in out


def test_unparseable_replies_are_reported_but_are_no_outage(ws: Workspace, scripted_llm: ScriptedLLM) -> None:
    """A judge that answers, but never with a score, gives the same answer next time: the
    failures are shown with their cause, and the command succeeds (nothing to retry later)."""
    scripted_llm.default = "What a lovely survey."
    r = CliRunner().invoke(app, eval_args(ws, scripted_llm.spec))
    assert r.exit_code == 0, r.output
    assert "8 scores failed: unparseable ×8" in " ".join(r.output.split())
    assert scripted_llm.calls == 6 * 3  # each criterion asked once and re-asked twice
