"""SGSimEval scores: the adjustments and aggregates on fixed numbers by hand, and the whole metric
on the scripted loopback judge."""

from __future__ import annotations

import json
import re

import pytest

from surveybench.metrics.base import MetricContext
from surveybench.metrics.sgsim import (
    SGSim,
    balanced,
    content_sections,
    human_perfect,
    outline_paths,
    outline_structure_score,
    share_score,
    top_n_mean,
)
from surveybench.model import Reference
from tests._llm_metric_helpers import survey


def test_adjustments_by_hand() -> None:
    # balanced: (1 - s) x + s x_H ; human-perfect: (1 - s) x + s M
    assert balanced(3.0, 4.5, 0.6) == pytest.approx(0.4 * 3.0 + 0.6 * 4.5) == pytest.approx(3.9)
    assert human_perfect(3.0, 0.6, 5.0) == pytest.approx(1.2 + 3.0) == pytest.approx(4.2)
    assert balanced(40.0, 80.0, 0.25) == pytest.approx(30.0 + 20.0)
    assert human_perfect(40.0, 0.25, 100.0) == pytest.approx(55.0)
    assert balanced(None, 4.0, 0.5) is None and human_perfect(3.0, None, 5.0) is None


def test_aggregates_by_hand() -> None:
    # weights (D - depth + 1)/D with D = 2: depth 1 -> 1, depth 2 -> 0.5
    # (1*1.0 + 0.5*0.5) / 1.5 * 100 = 83.3333
    assert outline_structure_score([(1, 1.0), (2, 0.5)], max_depth=2) == 83.3333
    assert outline_structure_score([], max_depth=3) == 100.0
    assert top_n_mean([0.9, 0.1, 0.5, 0.7, 0.3, 0.8], 5) == pytest.approx(3.2 / 5)
    assert top_n_mean([], 5) is None
    assert share_score(3, 7, digits=4) == pytest.approx(42.86)  # round(3/7, 4) * 100
    assert share_score(2, 3, digits=2) == 66.67  # round(2/3 * 100, 2)


def test_decomposition() -> None:
    pairs = [(1, "T"), (2, "A"), (3, "A1"), (3, "A2"), (2, "B")]
    # T>A>A1 and T>A>A2 share a parent: merged; T>B has two headings: dropped
    assert outline_paths(pairs, "topic") == ["T > A > A1 > A2"]
    # two level-1 headings: the topic becomes the root
    assert outline_paths([(1, "A"), (2, "A1"), (1, "B"), (2, "B1")], "topic") == ["topic > A > A1", "topic > B > B1"]
    assert content_sections("# T\nx\n## A\ny\nz") == ["# T\nx", "## A\ny\nz"]


def _pair() -> tuple:
    refs = [Reference(id="r1", numbers=["1"], title="Graph networks paper"),
            Reference(id="r2", numbers=["2"], title="Attention paper")]
    sections = [("Intro", ["Graphs are everywhere [1]. Messages pass between nodes [2]. No cite here."]),
                ("Background", ["Graph theory is old."]),
                ("Methods", ["Attention weighs neighbours [1; 2]."]),
                ("Attention", ["Heads attend to nodes."])]
    out = []
    for system, extra in (("Sys", [("Outlook", ["Open questions remain."]), ("Open problems", ["Scaling is hard."])]),
                          (None, [])):
        s = survey("Graph survey", sections + extra, refs, system=system, topic="Graphs")
        for i in (1, 3, 5)[: 2 + bool(extra)]:  # Background under Intro, Attention under Methods, ...
            s.sections[i].level, s.sections[i].parent = 2, i - 1
        out.append(s)
    return tuple(out)


def _script(req) -> str:  # noqa: ANN001 - ChatRequest
    text = req.user
    gen = "Outlook" in text  # only the generated survey has this section
    if "Here is an outline of an academic survey" in text:
        return json.dumps({"Outline": 4 if gen else 2})
    if "based on the following criteria" in text:
        return json.dumps({"Coverage": 5, "Structure": 4, "Relevance": 3, "Language": 2, "Criticalness": 1})
    if "references cited at the end" in text:
        return '{"Reference": 3}'
    if "analyze the relationship between the parent node" in text:
        return json.dumps({"children": [{"child_index": "1", "child_title": "a", "is_included": "Yes"},
                                        {"child_index": "2", "child_title": "b", "is_included": "No"}]})
    if "count the number of in-text citation occurrences" in text:
        return '{"total": 2, "supported": 1}'
    if "count how many are directly related" in text:
        return '{"total": 4, "supported": 3}'
    return "?"


def test_sgsim_on_scripted_server(scripted_llm, scripted_judge, judge_cache, minilm_embedder) -> None:
    scripted_llm.default = _script
    judge = scripted_judge(cache_path=judge_cache)
    gen, human = _pair()
    ctx = MetricContext(options={"sgsim_max_sentences": 2}).provide("judge", judge).provide("embedder", minilm_embedder)
    res = SGSim().compute(gen, human, ctx)
    s = res.scores
    assert not res.failures
    assert (s["outline"], res.details["human_scores"]["outline"]) == (4, 2)
    assert s["content"] == 3.0 and s["reference"] == 3
    assert s["outline_structure"] == 50.0  # every parent: 1 of the 2 scripted children "Yes"
    assert s["faithfulness"] == 50.0 and res.details["generated"]["faithfulness_counts"]["sentences"] == 2
    assert s["content_sim"] == pytest.approx(3.0, abs=1e-4)  # s_C = 1: the human survey's content
    assert s["reference_quality"] == 75.0
    # the five content sections of the human survey recur verbatim in the generated one: their
    # best matches are 1 and are the top 5; same references: 1; the generated outline has one
    # path the human one lacks (Graph survey > Outlook > Open problems): s_O = (1 + 1 + c) / 3
    assert s["similarity_content"] == pytest.approx(1.0, abs=1e-5)
    assert s["similarity_reference"] == pytest.approx(1.0, abs=1e-5)
    so = s["similarity_outline"]
    assert 2 / 3 < so < 1
    assert s["outline_sim"] == pytest.approx((1 - so) * 4 + so * 2)
    assert s["outline_sim_hp"] == pytest.approx((1 - so) * 4 + so * 5)
    assert s["outline_structure_sim_hp"] == pytest.approx((1 - so) * 50 + so * 100)
    assert s["content_sim_hp"] == pytest.approx(5.0, abs=1e-4)  # s = 1: the perfect score
    assert s["reference_quality_sim"] == pytest.approx(75.0, abs=1e-3)
    # the script's similarity, 1 - squared L2 = 2 cos - 1 on unit vectors
    ctx.options["sgsim_similarity"] = "script"
    again = SGSim().compute(gen, human, ctx).scores
    assert again["similarity_outline"] == pytest.approx(2 * so - 1, abs=1e-6)


def test_cheaper_options_and_shared_instructions(scripted_llm, scripted_judge, judge_cache, minilm_embedder) -> None:
    """sgsim_max_references judges the first n references only; sgsim_max_chars cuts every text;
    the outline-structure prompts of a topic share their whole instruction block as a prefix
    (prompt v2), each ending with its own parent and children."""
    from surveybench.prompts.sgsimeval import CONTENT, OUTLINE_STRUCTURE

    scripted_llm.default = _script
    judge = scripted_judge(cache_path=judge_cache)
    gen, human = _pair()
    ctx = MetricContext(options={"sgsim_max_sentences": 0, "sgsim_max_references": 1, "sgsim_max_chars": 500}
                        ).provide("judge", judge).provide("embedder", minilm_embedder)
    res = SGSim().compute(gen, human, ctx)
    counts = res.details["generated"]["reference_quality_counts"]
    assert (counts["references_judged"], counts["references"], counts["batches"]) == (1, 2, 1)
    quality = [r.user for r in scripted_llm.requests if "count how many are directly related" in r.user]
    assert len(quality) == 1  # both surveys' first reference is the same: the second batch is a cache hit
    assert all("Graph networks paper" in u and "Attention paper" not in u for u in quality)
    assert res.scores["reference_quality"] == 75.0  # the scripted 3 of 4
    assert res.scores["faithfulness"] is None and "sgsim_max_sentences=0" in res.details["reasons"]["faithfulness"]
    # a survey text longer than sgsim_max_chars reaches the judge cut to its first 500 characters
    from surveybench.metrics._weaidb import document_text

    long_gen = gen.model_copy(deep=True)
    long_gen.sections[0].paragraphs[0].text += " Graph models pass messages between nodes." * 20
    SGSim().compute(long_gen, human, ctx)
    text = document_text(long_gen)
    content = [r.user for r in scripted_llm.requests if "based on the following criteria" in r.user]
    assert len(text) > 500 and CONTENT.render(topic="Graphs", content=text[:500]) in content
    structure = [r.user for r in scripted_llm.requests if "analyze the relationship between the parent node" in r.user]
    # generated: title, Intro, Methods, Outlook; human: title (other children); its Intro and
    # Methods nodes equal the generated ones: cache hits
    assert len(structure) == 5
    instructions = OUTLINE_STRUCTURE.template.split("- Parent node:")[0].replace("{topic}", "Graphs")
    instructions = instructions.replace("{{", "{").replace("}}", "}")
    assert all(u.startswith(instructions) for u in structure)
    assert all(re.search(r"- Direct child nodes:\n(  - Index: \d+, Title: .+\n?)+$", u) for u in structure)
    # sgsim_max_parents=1: only the first heading with sub-headings (the title) of the 4
    # (title, Intro, Methods, Outlook) is asked about
    one = SGSim().compute(gen, human, MetricContext(options={**ctx.options, "sgsim_max_parents": 1})
                          .provide("judge", judge).provide("embedder", minilm_embedder))
    assert one.details["generated"]["outline_structure_nodes"] == {"judged": 1, "asked": 1, "of": 4, "complete": True}
    assert one.scores["outline_structure"] == 50.0  # the one node judged: 1 of its 2 children "Yes"
    # a flat generated outline (title > section: two headings) has no path to compare: every
    # outline-adjusted score says so, and why
    flat = survey("Flat survey", [("Intro", ["Graphs [1]."]), ("Methods", ["Attention [2]."])], gen.references,
                  system="Sys", topic="Graphs")
    res = SGSim().compute(flat, human, ctx)
    assert res.scores["similarity_outline"] is None and res.scores["outline"] is not None
    for name in ("outline_sim", "outline_sim_hp", "outline_structure_sim", "outline_structure_sim_hp"):
        assert res.scores[name] is None and res.details["reasons"][name].startswith("no outline similarity: no outline path")
    assert "similarity_outline" in res.details["reasons"] and res.scores["content_sim"] is not None
