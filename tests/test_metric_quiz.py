"""Quiz-based evaluation (weAIDB SurveyBench): win rates by hand, the 22 general questions, and the
whole flow on the scripted loopback judge — one quiz per topic, reused by a second system, proven
by the requests the server received."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq

from surveybench.metrics.base import MetricContext
from surveybench.metrics.quiz import QuizMetric, general_questions, win_rates
from surveybench.quizzes import QuizStore
from tests._llm_metric_helpers import survey


def test_win_rates_by_hand() -> None:
    outcomes = [("concept", 2), ("concept", 1), ("history", 0), ("history", None), ("prediction", 2)]
    r = win_rates(outcomes)
    # 4 judged (None left out): generated wins 2, human wins 1, one tie
    assert r["win_rate"] == 0.5 and r["loss_rate"] == 0.25
    assert r["win_rate_concept"] == 0.5 and r["win_rate_history"] == 0.0 and r["win_rate_prediction"] == 1.0
    assert r["win_rate_algorithm"] is None
    assert win_rates([])["win_rate"] is None


def test_general_questions_follow_questions_yaml() -> None:
    qs = general_questions("Graph Neural Networks")
    assert len(qs) == 22 and [q[0] for q in qs] == list(range(1, 23))
    sizes = Counter(c for _, c, _ in qs)
    assert sizes == {"concept": 4, "classification": 4, "history": 2, "algorithm": 2,
                     "application": 3, "profiling": 3, "prediction": 4}
    assert qs[0][2] == "What is the rigorous definition of Graph Neural Networks?"
    # question 19 is a prediction question in questions.yaml (the statistics script files it
    # under performance analysis; we follow the yaml)
    assert qs[18][1] == "prediction" and qs[18][2].startswith("Does the survey provide clear predictions")
    assert [q[0] for q in general_questions("X", per_category=1)] == [1, 5, 9, 11, 13, 16, 19]


HUMAN = survey("Graph networks: a human survey", [
    ("Introduction", ["Graph neural networks learn representations of nodes by exchanging messages along the edges of a graph structure."]),
    ("Methods", ["Message passing networks aggregate features from neighbouring nodes and update each node state iteratively.",
                 "Spectral convolution methods define filters through the eigenvectors of the normalised graph Laplacian matrix."]),
], system=None, topic="Graph neural networks")


def generated(name: str) -> object:
    return survey(f"{name} on graph networks", [
        ("Overview", [f"{name} explains that graph models pass messages between connected nodes."]),
        ("Methods", [f"{name} describes attention over neighbours and spectral filters for graphs."]),
    ], system=name, topic="Graph neural networks")


def _script(req) -> str:  # noqa: ANN001 - ChatRequest
    text = req.user
    if "select the most relevant section titles" in text:
        return '["Methods"]'
    if "strictly answers questions based only on provided documents" in text:
        return json.dumps({"answer": "Networks pass messages between nodes and aggregate neighbour features.",
                           "used_docs": ["Doc-1"], "source_text": "x"})
    if "fact-checking assistant" in text:
        return "True"
    if "You are an expert evaluator" in text:
        return "7"
    if "impartial judge comparing two answers" in text:
        return "2\nThe second answer is more specific."
    if "You are an impartial evaluator" in text:
        return "8"
    if "Based on the following academic survey paragraph" in text:
        para = re.search(r"Full paragraph:\n\s*(.+)", text).group(1).strip()
        words = para.split()
        return json.dumps([{"question": f"What does {' '.join(words[:3])} do according to {words[-1]}",
                            "answer": para}])
    return "?"


def _kinds(requests) -> Counter:  # noqa: ANN001
    kinds = Counter()
    for r in requests:
        u = r.user
        kind = ("generate" if "Based on the following academic survey paragraph" in u else
                "select" if "select the most relevant section titles" in u else
                "answer" if "strictly answers questions" in u else "judge")
        # the human survey's title (in its outline) or the middle of its paragraphs (in its
        # documents); specific questions quote only a paragraph's first and last words
        human_side = any(m in u for m in ("a human survey", "along the edges", "update each node",
                                          "eigenvectors of the normalised"))
        kinds[kind + (":human" if human_side and kind in ("select", "answer") else "")] += 1
    return kinds


def test_quiz_flow_and_reuse_on_scripted_server(scripted_llm, scripted_judge, judge_cache, minilm_embedder,
                                                tmp_path: Path) -> None:
    scripted_llm.default = _script
    judge = scripted_judge(cache_path=judge_cache)
    options = {"quiz_specific_questions": 2, "quiz_general_per_category": 1}
    ctx = MetricContext(cache_dir=tmp_path, options=options).provide("judge", judge).provide("embedder", minilm_embedder)

    first = QuizMetric().compute(generated("SysA"), HUMAN, ctx)
    n1 = _kinds(scripted_llm.requests)
    # 7 general questions answered from the human survey (select + answer each); 2 specific
    # questions written (one call each: both pass the checks); the candidate answers 7 + 2
    assert n1["select:human"] == n1["answer:human"] == 7
    assert n1["generate"] == 2
    assert n1["select"] == n1["answer"] == 9
    assert first.details["quiz_made_now"] is True and first.details["specific_questions"] == 2
    assert first.scores["win_rate"] == 1.0 and first.scores["loss_rate"] == 0.0  # every compare says "2"
    assert all(first.scores[f"win_rate_{c}"] == 1.0 for c in ("concept", "classification", "history", "algorithm",
                                                              "application", "profiling", "prediction"))
    assert first.scores["specific_score"] == 8.0  # supported ("True"), then scored 8
    assert not first.failures

    before = len(scripted_llm.requests)
    second = QuizMetric().compute(generated("SysB"), HUMAN, ctx)
    n2 = _kinds(scripted_llm.requests[before:])
    # the second system: no question written, no human answer re-made; only its own 9 answers
    # (select + answer) and the judgements of those answers
    assert n2["generate"] == 0 and n2["select:human"] == 0 and n2["answer:human"] == 0
    assert n2["select"] == n2["answer"] == 9
    assert second.details["quiz_made_now"] is False and second.details["quiz_key"] == first.details["quiz_key"]

    quizzes = list(QuizStore(tmp_path / "quizzes").all())
    assert len(quizzes) == 1 and len(quizzes[0].general) == 7 and len(quizzes[0].specific) == 2
    assert quizzes[0].general[0].human_answer.startswith("Networks pass messages")

    # the stored quiz joins the Hugging Face dataset as the `quizzes` configuration
    from surveybench.dataset import check_layout, export_dataset

    out = export_dataset([HUMAN], tmp_path / "ds", quizzes=quizzes)
    rows = pq.read_table(out / "data" / "quizzes" / "train-00000-of-00001.parquet").to_pylist()
    assert [r["kind"] for r in rows].count("general") == 7 and [r["kind"] for r in rows].count("specific") == 2
    assert "quizzes" in check_layout(out)


def test_quiz_context_chars_cuts_retrieved_text(scripted_llm, scripted_judge, judge_cache, minilm_embedder,
                                                tmp_path: Path) -> None:
    """quiz_context_chars=150: every answer prompt carries at most 150 characters of retrieved
    text (the human survey's "Methods" documents are longer: cut); the quiz made with the option
    is another quiz than the one made without it (its human answers saw less text)."""
    scripted_llm.default = _script
    judge = scripted_judge(cache_path=judge_cache)
    base = {"quiz_specific_questions": 0, "quiz_general_per_category": 1, "quiz_categories": "concept"}
    for options in (base, {**base, "quiz_context_chars": 150}):
        ctx = MetricContext(cache_dir=tmp_path, options=options).provide("judge", judge).provide("embedder", minilm_embedder)
        res = QuizMetric().compute(generated("SysA"), HUMAN, ctx)
        assert res.scores["win_rate_concept"] == 1.0 and not res.failures
    contexts = [r.user.split("**Reference Documents:**\n    ", 1)[1].split("\n\n    **Question:**", 1)[0]
                for r in scripted_llm.requests if "strictly answers questions" in r.user]
    # the human survey's answer, without then with the option; SysA's short documents fit in 150
    # characters, so its second answer prompt is the first one again (a cache hit, not sent)
    human = [c for c in contexts if "exchanging messages" in c or "eigenvectors" in c]
    assert len(contexts) == 3 and len(human) == 2
    assert len(human[0]) > 150 and human[1] == human[0][:150]
    assert len(list((tmp_path / "quizzes").glob("*.json"))) == 2
