"""Rubric (AutoSurvey Table 1, SurveyX §4.1, SurveyGen-I App. N), Rel_LLM and reference
relevance with a panel of two scripted judges over HTTP; expected values computed by hand."""

from __future__ import annotations

import re

import pytest

from surveybench.metrics.base import MetricContext
from surveybench.metrics.reference_relevance_llm import ReferenceRelevanceLLM
from surveybench.metrics.rubric import CRITERIA, Rubric, aggregate, render_survey
from surveybench.metrics.structure_llm import StructureLLM
from surveybench.judges import make_judge, make_panel
from surveybench.model import Reference
from surveybench.prompts.judging import ALL, RUBRIC
from tests._llm_metric_helpers import survey
from tests.plugins.llm import ChatRequest

A = {"coverage": 4, "structure": 3, "relevance": 5, "synthesis": 2, "critical_analysis": 3, "consistency": 4}
B = {"coverage": 5, "structure": 3, "relevance": 4, "synthesis": 2, "critical_analysis": 2, "consistency": 4}
NAMES = {"Coverage": "coverage", "Structure": "structure", "Relevance": "relevance",
         "Synthesis": "synthesis", "Critical Analysis": "critical_analysis", "Consistency": "consistency"}

GEN = survey("Generated", [("Intro", ["Some text about the topic."]), ("Methods", ["More text."])],
             [Reference(id="r1", title="On topic", abstract="ABOUT-TOPIC paper"),
              Reference(id="r2", title="Off topic", abstract="unrelated paper"),
              Reference(id="r3", title="Title only paper ABOUT-TOPIC")])
HUMAN = survey("Human", [("Introduction", ["Gold text."]), ("Methods", ["Gold methods."])], system=None)


def panel_reply(req: ChatRequest) -> str:
    model = req.body.get("model")
    m = re.search(r"Criterion Description: ([A-Za-z ]+):", req.user)
    if m:
        return f"Score: {(A if model == 'judge-a' else B)[NAMES[m.group(1)]]}"
    if "structural consistency" in req.user:
        return "4" if model == "judge-a" else "2"
    if "is this paper relevant" in req.user:
        return "yes" if "ABOUT-TOPIC" in req.user else "no"
    if "Topical relevance score" in req.user:
        return "5" if "ABOUT-TOPIC" in req.user else "1"
    return "unexpected prompt"


def _panel_ctx(scripted_llm, cache):
    base = scripted_llm.base_url
    panel = make_panel([f"{base}@judge-a", f"{base}@judge-b"], cache_path=cache, retry_initial=0.01)
    return MetricContext().provide("judge", panel), panel


def test_prompts_are_versioned_and_cited() -> None:
    assert len({p.name for p in ALL}) == len(ALL)
    for p in ALL:
        assert p.version and p.source and p.fingerprint.startswith(f"{p.name}@{p.version}:")
    assert set(RUBRIC) == set(CRITERIA)
    assert RUBRIC["coverage"].placeholders == ("content", "topic")
    # AutoSurvey Table 1, score 3 of Structure, verbatim
    assert ("though some links and transitions could be improved such as repeated subsections"
            in RUBRIC["structure"].template)
    for p in ALL:  # every template renders with exactly its placeholders (no stray braces)
        text = p.render(**{k: f"<{k}>" for k in p.placeholders})
        assert all(f"<{k}>" in text for k in p.placeholders) and "{" not in text


def test_aggregate_hand_computed() -> None:
    agg = aggregate({"a": A, "b": B})
    assert agg["judge_means"] == {"a": pytest.approx(21 / 6), "b": pytest.approx(20 / 6)}
    assert agg["criteria"]["coverage"] == 4.5 and agg["criteria"]["critical_analysis"] == 2.5
    assert agg["mean"] == pytest.approx(20.5 / 6)
    # ranks a [4.5,2.5,6,1,2.5,4.5], b [6,3,4.5,1.5,1.5,4.5]: rho = 13.5 / 16.5
    assert agg["agreement"]["mean_pairwise_spearman"] == pytest.approx(13.5 / 16.5)
    # ordinal alpha, criteria as units: pairs (4,5) (3,3) (5,4) (2,2) (3,2) (4,4);
    # n2=3 n3=3 n4=4 n5=2, n=12; delta^2: 23=9 45=9 24=42.25 25=90.25 34=12.25 35=42.25
    # D_o = (2*9 + 4*9)/12 = 4.5; D_e = 2*(9*9 + 12*42.25 + 6*90.25 + 12*12.25 + 6*42.25 + 8*9)/132
    assert agg["agreement"]["krippendorff_alpha"] == pytest.approx(1 - 4.5 / (3204 / 132))
    one = aggregate({"a": {**A, "relevance": None}})
    assert one["judge_means"]["a"] == pytest.approx(16 / 5) and one["criteria"]["relevance"] is None
    assert one["agreement"]["krippendorff_alpha"] is None


def test_rubric_panel_over_http(scripted_llm, judge_cache) -> None:
    scripted_llm.default = panel_reply
    ctx, panel = _panel_ctx(scripted_llm, judge_cache)
    res = Rubric().compute(GEN, HUMAN, ctx)
    assert res.scores["coverage"] == 4.5 and res.scores["synthesis"] == 2
    assert res.scores["mean"] == pytest.approx(20.5 / 6)
    assert res.details["per_judge"][panel.judges[0].name]["mean"] == pytest.approx(3.5)
    assert res.details["agreement"]["mean_pairwise_spearman"] == pytest.approx(13.5 / 16.5)
    assert scripted_llm.calls == 12 and res.usage["calls"] == 12 and res.failures == []
    assert res.details["tiny_local_judge"] is False and "note" not in res.usage
    again = Rubric().compute(GEN, HUMAN, _panel_ctx(scripted_llm, judge_cache)[0])
    assert scripted_llm.calls == 12 and again.scores == res.scores


def test_rubric_unparseable_is_failure_not_score(scripted_llm, judge_cache) -> None:
    def reply(req: ChatRequest) -> str:
        if req.body.get("model") == "judge-b" and "Criterion Description: Relevance" in req.text:
            return "Quite relevant overall."
        return panel_reply(req)

    scripted_llm.default = reply
    res = Rubric().compute(GEN, HUMAN, _panel_ctx(scripted_llm, judge_cache)[0])
    assert res.scores["relevance"] == 5  # judge a only
    assert len(res.failures) == 1 and res.failures[0]["criterion"] == "relevance"
    assert res.failures[0]["reply"] == "Quite relevant overall."
    b = [v for k, v in res.details["per_judge"].items() if k.endswith("judge-b")][0]
    assert b["relevance"] is None and b["mean"] == pytest.approx(16 / 5)


def test_condensed_rendering_keeps_every_section() -> None:
    long = survey("Long", [(f"Section {i}", ["Sentence number one. " * 200]) for i in range(5)])
    text, info = render_survey(long, max_chars=3000)
    assert info["condensed"] and len(text) <= 3000
    assert all(f"Section {i}" in text.split("Sections (condensed):")[1] for i in range(5))
    assert text.count("[...]") == 5
    short, info2 = render_survey(GEN)
    assert not info2["condensed"] and "## Intro" in short


def test_structure_llm_panel(scripted_llm, judge_cache) -> None:
    scripted_llm.default = panel_reply
    res = StructureLLM().compute(GEN, HUMAN, _panel_ctx(scripted_llm, judge_cache)[0])
    assert res.scores["rel_llm"] == 3.0  # (4 + 2) / 2
    req = scripted_llm.requests[0].user
    assert "LLM-generated Outline:\n- Intro\n- Methods" in req and "Human-written Outline:\n- Introduction" in req


def test_reference_relevance(scripted_llm, judge_cache) -> None:
    scripted_llm.default = panel_reply
    judge = make_judge(f"{scripted_llm.base_url}@judge-a", cache_path=judge_cache)
    res = ReferenceRelevanceLLM().compute(GEN, HUMAN, MetricContext().provide("judge", judge))
    # r1 relevant (5), r2 not (1), r3 judged on its title, relevant (5)
    assert res.scores["relevance_llm"] == pytest.approx(2 / 3)
    assert res.scores["topical_relevance"] == pytest.approx(11 / 3)
    assert res.details["judged_on_title"] == 1
    assert scripted_llm.calls == 6


def test_reference_relevance_panel_scores_and_agreement(scripted_llm, judge_cache) -> None:
    # per reference P1..P4: judge a yes yes no no / 5 4 2 1; judge b yes no no no / 4 4 1 2
    verdict = {"judge-a": "yynn", "judge-b": "ynnn"}
    score = {"judge-a": "5421", "judge-b": "4412"}

    def reply(req: ChatRequest) -> str:
        i = int(re.search(r"PAPER-(\d)", req.user).group(1)) - 1
        model = req.body.get("model")
        if "is this paper relevant" in req.user:
            return "yes" if verdict[model][i] == "y" else "no"
        return score[model][i]

    scripted_llm.default = reply
    gen = survey("Generated", [("Intro", ["Text."])],
                 [Reference(id=f"r{i}", title=f"T{i}", abstract=f"PAPER-{i}") for i in range(1, 5)])
    res = ReferenceRelevanceLLM().compute(gen, HUMAN, _panel_ctx(scripted_llm, judge_cache)[0])
    assert res.scores["relevance_llm"] == pytest.approx((2 / 4 + 1 / 4) / 2)
    assert res.scores["topical_relevance"] == pytest.approx((12 / 4 + 11 / 4) / 2)
    agreement = res.details["agreement"]
    # nominal alpha: units (1,1) (1,0) (0,0) (0,0): o10 = o01 = 1, n1 = 3, n0 = 5, n = 8
    # alpha = 1 - (n - 1) * 2 / (2 * n1 * n0) = 1 - 14 / 30
    assert agreement["relevance_llm"]["krippendorff_alpha_nominal"] == pytest.approx(16 / 30)
    # ranks a [4, 3, 2, 1], b [3.5, 3.5, 1, 2]: cov 3.5, var 5 and 4.5
    assert agreement["topical_relevance"]["mean_pairwise_spearman"] == pytest.approx(3.5 / (5 * 4.5) ** 0.5)
    assert scripted_llm.calls == 2 * 2 * 4 and res.failures == []
