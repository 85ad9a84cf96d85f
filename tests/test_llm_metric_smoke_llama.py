"""Smoke test against a real ``llama_cpp.server`` (SmolLM2-135M): plumbing only.

SmolLM2-135M is a toy judge: whether it answers a clean 1-5 score is not under test. Every
criterion must come back either as a score in 1..5 or as a recorded failure with its cause, and
the usage must show the calls that went over HTTP.
"""

from __future__ import annotations

from surveybench.metrics.base import MetricContext
from surveybench.metrics.rubric import Rubric
from surveybench.judges import make_judge
from tests._llm_metric_helpers import survey


def test_rubric_on_real_llama_server(llama_server, judge_cache) -> None:
    base_url, model = llama_server
    judge = make_judge(f"{base_url}@{model}", cache_path=judge_cache, max_tokens=8, parse_retries=0,
                       concurrency=2)
    s = survey("Graph neural networks", [
        ("Introduction", ["Graph neural networks learn on graphs by passing messages between nodes."]),
        ("Methods", ["Convolutional and attention-based variants aggregate neighbour features."]),
    ], topic="Graph neural networks")
    res = Rubric().compute(s, s, MetricContext(options={"rubric_criteria": "relevance"}).provide("judge", judge))
    assert set(res.details["per_judge"][judge.name]) == {"relevance", "mean"}
    failed = {f["criterion"] for f in res.failures}
    v = res.scores["relevance"]
    assert (v is not None and 1 <= v <= 5) or "relevance" in failed
    for f in res.failures:
        assert f["cause"] and f["error"]
    assert res.usage["asked"] == 1 and res.usage["calls"] >= 1
    # the served model is SmolLM2-135M: the result says so in plain words
    assert res.details["tiny_local_judge"] is True and "tiny local judge" in res.usage["note"]
    if not res.failures or res.failures[0]["cause"] == "unparseable":
        assert res.usage["prompt_tokens"] > 0  # the server answered and reported its usage
