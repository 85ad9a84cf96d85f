"""`surveybench eval -m quiz,outline_quality,content_quality,richness,sgsim` on a development topic:
with the scripted loopback server (every number traced to a scripted reply or to the richness
script's counts) and with the tiny local judge in process (plumbing: every number is in range or
a recorded failure)."""

from __future__ import annotations

import json
import re

import pandas as pd
from typer.testing import CliRunner

from surveybench.cli import app
from tests.test_metric_richness import ORIGINAL

TOPIC = "Large Language Models for Time Series"
SYSTEMS = ["OpenAI_DeepResearch", "LLMxMR-V2"]
METRICS = "quiz,outline_quality,content_quality,richness,sgsim"
OPTIONS = ["quiz_general_per_category=1", "quiz_specific_questions=1", "sgsim_max_sentences=2"]


def _reply(req) -> str:  # noqa: ANN001
    u = req.user
    rules = [
        (r"Outline (Coverage|Relevance|Structure):", "4"),
        (r"Content (Coverage|Focus|Fluency):|superficial|highly disorganized", "3"),
        ("select the most relevant section titles", '["Introduction"]'),
        ("strictly answers questions based only", json.dumps({"answer": "Language models forecast time series "
                                                                         "by reading them as token sequences.",
                                                              "used_docs": ["Doc-1"]})),
        ("fact-checking assistant", "True"),
        ("You are an expert evaluator", "6"),
        ("impartial judge comparing two answers", "1\nThe human answer is better grounded."),
        ("You are an impartial evaluator", "5"),
        ("Here is an outline of an academic survey", '{"Outline": 4}'),
        ("based on the following criteria", json.dumps(dict.fromkeys(
            ["Coverage", "Structure", "Relevance", "Language", "Criticalness"], 4))),
        ("references cited at the end", '{"Reference": 4}'),
        ("relationship between the parent node", '{"children": [{"child_index": "1", "is_included": "Yes"}]}'),
        ("in-text citation occurrences", '{"total": 1, "supported": 1}'),
        ("count how many are directly related", '{"total": 20, "supported": 10}'),
    ]
    for pattern, reply in rules:
        if re.search(pattern, u):
            return reply
    if "Based on the following academic survey paragraph" in u:
        para = re.search(r"Full paragraph:\n\s*(.+)", u).group(1).strip()
        return json.dumps([{"question": "What is stated about " + " ".join(para.split()[:4]) + "?", "answer": para}])
    return "?"


def _eval(ws, dev_dir, judge: str) -> pd.DataFrame:
    runner = CliRunner()
    for system in SYSTEMS:
        r = runner.invoke(app, ["import", str(dev_dir / system / f"{TOPIC}.md"), "--system", system,
                                "--workspace", str(ws)])
        assert r.exit_code == 0, r.output
    args = ["eval", *[a for s in SYSTEMS for a in ("-s", s)], "--gold", str(dev_dir / "HumanSurvey"),
            "--topic", TOPIC, "-m", METRICS, "--workspace", str(ws), "--no-progress",
            *[a for o in OPTIONS for a in ("--option", o)], *(["--judge", judge] if judge else [])]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    (run,) = [p for p in (ws / "runs").iterdir()]
    return pd.read_parquet(run / "results.parquet")


def test_eval_on_scripted_server(dev_dir, scripted_llm, tmp_path) -> None:
    scripted_llm.default = _reply
    df = _eval(tmp_path / "ws", dev_dir, scripted_llm.spec)
    assert set(df.metric) == set(METRICS.split(",")) and set(df.system) == set(SYSTEMS)
    assert (df.status == "ok").all(), df[df.status != "ok"][["system", "metric", "score", "status", "error"]]
    v = {(r.system, r.metric, r.score): r.value for r in df.itertuples()}
    for s in SYSTEMS:
        figures, tables, chars = ORIGINAL[(s, TOPIC)]
        assert v[(s, "richness", "richness")] == (figures + tables) / chars * 1e5
        assert v[(s, "outline_quality", "mean")] == 4.0
        assert v[(s, "content_quality", "mean")] == 3.0
        # every comparison says the human answer (1) is better: win rate 0, loss rate 1
        assert v[(s, "quiz", "win_rate")] == 0.0 and v[(s, "quiz", "loss_rate")] == 1.0
        assert v[(s, "quiz", "specific_score")] == 5.0
        assert v[(s, "sgsim", "outline")] == 4 and v[(s, "sgsim", "content")] == 4.0
        assert v[(s, "sgsim", "outline_structure")] == 100.0 and v[(s, "sgsim", "faithfulness")] == 100.0
        assert v[(s, "sgsim", "reference_quality")] == 50.0
        # the human survey got the same replies: balanced = the score itself
        assert abs(v[(s, "sgsim", "reference_quality_sim")] - 50.0) < 1e-9
    # one quiz for the topic, shared by both systems
    assert len(list((tmp_path / "ws" / "cache" / "quizzes").glob("*.json"))) == 1
    generated = [r for r in scripted_llm.requests if "Based on the following academic survey paragraph" in r.user]
    assert len(generated) == 1


def test_eval_with_local_judge(dev_dir, tmp_path) -> None:
    df = _eval(tmp_path / "ws", dev_dir, "")
    assert set(df.metric) == set(METRICS.split(","))
    assert not (df.status == "failed").all()
    ranges = {"outline_quality": (1, 5), "content_quality": (1, 5), "quiz": (0, 10)}
    for r in df[df.status == "ok"].itertuples():
        lo, hi = ranges.get(r.metric, (-1, 1e6))
        assert lo <= r.value <= hi, r
    # whatever the tiny judge answered, every cell is a number or a stated reason
    assert df[df.status != "ok"].error.notna().all() if "error" in df else True
