"""`surveybench eval -m quiz,outline_quality,content_quality,richness,sgsim` end to end on tiny
surveys: with the scripted loopback server (every number traced to a scripted reply or to the
richness formula) and with the tiny local judge in process (plumbing: every number is in range or
a recorded failure). The development files are covered by tests/test_metric_richness.py (counts)
and by the measured runs in the report; embedding whole surveys is too slow for the suite."""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest
from typer.testing import CliRunner

from surveybench.cli import app

METRICS = "quiz,outline_quality,content_quality,richness,sgsim"
OPTIONS = ["quiz_general_per_category=1", "quiz_specific_questions=1", "sgsim_max_sentences=2"]


def _reply(req) -> str:  # noqa: ANN001
    u = req.user
    rules = [  # SGSimEval and quiz prompts first: their survey texts may contain weAIDB criterion words
        ("Here is an outline of an academic survey", '{"Outline": 4}'),
        ("based on the following criteria", json.dumps(dict.fromkeys(
            ["Coverage", "Structure", "Relevance", "Language", "Criticalness"], 4))),
        ("references cited at the end", '{"Reference": 4}'),
        ("relationship between the parent node", '{"children": [{"child_index": "1", "is_included": "Yes"}]}'),
        ("in-text citation occurrences", '{"total": 1, "supported": 1}'),
        ("count how many are directly related", '{"total": 20, "supported": 10}'),
        ("select the most relevant section titles", '["Introduction"]'),
        ("strictly answers questions based only", json.dumps({"answer": "Language models forecast time series "
                                                                         "by reading them as token sequences.",
                                                              "used_docs": ["Doc-1"]})),
        ("fact-checking assistant", "True"),
        ("You are an expert evaluator", "6"),
        ("impartial judge comparing two answers", "1\nThe human answer is better grounded."),
        ("You are an impartial evaluator", "5"),
        (r"Outline (Coverage|Relevance|Structure):", "4"),
        (r"Content (Coverage|Focus|Fluency):|superficial|highly disorganized", "3"),
    ]
    for pattern, reply in rules:
        if re.search(pattern, u):
            return reply
    if "Based on the following academic survey paragraph" in u:
        para = re.search(r"Full paragraph:\n\s*(.+)", u).group(1).strip()
        return json.dumps([{"question": "What is stated about " + " ".join(para.split()[:4]) + "?", "answer": para}])
    return "?"


def _eval(ws, files: dict[str, object], gold, judge: str, options=OPTIONS) -> pd.DataFrame:
    runner = CliRunner()
    for system, path in files.items():
        r = runner.invoke(app, ["import", str(path), "--system", system, "--workspace", str(ws)])
        assert r.exit_code == 0, r.output
    args = ["eval", *[a for s in files for a in ("-s", s)], "--gold", str(gold),
            "-m", METRICS, "--workspace", str(ws), "--no-progress",
            *[a for o in options for a in ("--option", o)], *(["--judge", judge] if judge else [])]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    (run,) = [p for p in (ws / "runs").iterdir()]
    return pd.read_parquet(run / "results.parquet")


TINY = """# {title}

## 1 Introduction

Time series forecasting predicts future values of a sequence from its past values [1].

## 2 Methods

Language models read numbers as tokens and forecast the next ones [2].

### 2.1 Tokenisation

Digits are split into separate tokens before the model reads them.

| model | data |
|---|---|
| LLMTime | numbers |

## References

1. Forecasting basics. 2020.
2. Language models for time series. 2023.
"""


def _tiny_files(tmp_path, systems):
    gold = tmp_path / "gold"
    gold.mkdir()
    (gold / "Time series.md").write_text(TINY.format(title="Time series: a human survey"), encoding="utf-8")
    files = {}
    for system in systems:
        files[system] = tmp_path / system / "Time series.md"
        files[system].parent.mkdir()
        files[system].write_text(TINY.format(title=f"Time series by {system}"), encoding="utf-8")
    return gold, files


def test_eval_on_scripted_server(scripted_llm, tmp_path) -> None:
    scripted_llm.default = _reply
    gold, files = _tiny_files(tmp_path, ["A", "B"])
    df = _eval(tmp_path / "ws", files, gold, scripted_llm.spec)
    assert set(df.metric) == set(METRICS.split(",")) and set(df.system) == {"A", "B"}
    ok = df[df.status == "ok"]
    v = {(r.system, r.metric, r.score): r.value for r in ok.itertuples()}
    for s in ("A", "B"):
        text = TINY.format(title=f"Time series by {s}")
        chars = len(text[: text.index("## References")].strip())
        assert v[(s, "richness", "richness")] == 1 / chars * 1e5  # one Markdown table
        assert v[(s, "outline_quality", "mean")] == 4.0
        assert v[(s, "content_quality", "mean")] == 3.0
        # every comparison says the human answer (1) is better: win rate 0, loss rate 1
        assert v[(s, "quiz", "win_rate")] == 0.0 and v[(s, "quiz", "loss_rate")] == 1.0
        assert v[(s, "quiz", "specific_score")] == 5.0
        assert v[(s, "sgsim", "outline")] == 4 and v[(s, "sgsim", "content")] == 4.0
        assert v[(s, "sgsim", "outline_structure")] == 100.0 and v[(s, "sgsim", "faithfulness")] == 100.0
        assert v[(s, "sgsim", "reference_quality")] == 50.0  # 10 of 20
        # the human survey got the same replies: balanced = the score itself, whatever s is
        assert abs(v[(s, "sgsim", "reference_quality_sim")] - 50.0) < 1e-9
        assert abs(v[(s, "sgsim", "outline_sim")] - 4.0) < 1e-9
    assert (df.status == "ok").all(), df[df.status != "ok"][["system", "metric", "score", "status", "error"]]
    # one quiz for the topic, written once and shared by both systems
    (stored,) = (tmp_path / "ws" / "cache" / "quizzes").glob("*.json")
    assert len(json.loads(stored.read_text())["specific"]) == 1
    written = [r for r in scripted_llm.requests if "Based on the following academic survey paragraph" in r.user]
    assert len(written) == 1
    # the leaderboard draws the quiz win rates per category
    site = tmp_path / "site"
    r = CliRunner().invoke(app, ["leaderboard", "build", str(tmp_path / "ws"), "-o", str(site)])
    assert r.exit_code == 0, r.output
    assert (site / "plots" / "quiz-win-rates.png").is_file()
    assert "plots/quiz-win-rates.png" in (site / "index.html").read_text(encoding="utf-8")


def test_eval_with_local_judge(tmp_path) -> None:
    """The tiny judge in process on a tiny file, as few calls as each metric allows (SmolLM2 is
    slow): plumbing, not quality."""
    gold, files = _tiny_files(tmp_path, ["A"])
    df = _eval(tmp_path / "ws", files, gold, "", options=[
        "quiz_categories=concept", "quiz_general_per_category=1", "quiz_specific_questions=0",
        "outline_quality_setting=without_ref", "content_quality_setting=without_ref_document",
        "sgsim_max_sentences=0", "sgsim_max_parents=1"])
    assert set(df.metric) == set(METRICS.split(","))
    ok = df[df.status == "ok"]
    ranges = {"outline_quality": (1, 5), "content_quality": (1, 5), "quiz": (0, 10)}
    for r in ok.itertuples():
        lo, hi = ranges.get(r.metric, (-1, 1e6))
        assert lo <= r.value <= hi, r
    # richness by hand: one Markdown table, no figure, over the text before "## References"
    text = TINY.format(title="Time series by A")
    chars = len(text[: text.index("## References")].strip())
    assert ok[ok.score == "richness"].value.item() == 1 / chars * 1e5
    # the in-process judge decodes under each parser's grammar: the outline judgements parse
    assert set(ok[ok.metric == "outline_quality"].score) == {"coverage", "relevance", "structure", "mean"}
    # a number where the judge answered, else a stated reason: never a silent gap
    assert df[df.status != "ok"].error.notna().all()
    assert len(list((tmp_path / "ws" / "cache" / "quizzes").glob("*.json"))) == 1


def test_reply_grammars_compile_and_bound_every_repetition() -> None:
    """llama.cpp reads each parser's grammar, and none repeats without bound: unbounded, SmolLM2
    filled its 512 reply tokens with newlines inside '{"Outline": 1}' (a reply seen in a local
    run) and the reply never parsed."""
    from llama_cpp import LlamaGrammar

    from surveybench.metrics import _reply_parsers as R

    parsers = [R.parse_true_false, R.parse_score_0_to_10, R.parse_better, R.parse_title_list, R.parse_answer,
               R.parse_qa_pairs, R.parse_children, R.json_scores("Outline", low=1, high=5),
               R.json_scores("total", "supported", low=0, high=99)]
    for parse in parsers:
        LlamaGrammar.from_string(parse.gbnf, verbose=False)
        unquoted = re.sub(r'"(?:[^"\\]|\\.)*"|\[(?:[^\]\\]|\\.)*\]', "", parse.gbnf)  # drop literals, classes
        assert not re.search(r"[*+]", unquoted), parse.gbnf
    assert R.parse_children('{"children": [{"child_index": "3", "is_included": "Yes"}]}') == [
        {"child_index": "3", "is_included": "Yes"}]
    with pytest.raises(R.ParseError, match="no child judged"):  # the prompt lists at least one child
        R.parse_children('{"children": []}')
    assert '"[" ws child' in R.parse_children.gbnf  # nor may the local model say [] (compiled above)
