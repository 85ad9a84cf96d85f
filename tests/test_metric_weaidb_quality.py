"""weAIDB outline and content quality: renderings as the scripts build them, and each setting's
scores traced from scripted judge replies (scripted loopback server)."""

from __future__ import annotations

import re

import pytest

from surveybench.metrics._weaidb import chapters, weaidb_outline
from surveybench.metrics.base import MetricContext
from surveybench.metrics.content_quality import ContentQuality
from surveybench.metrics.outline_quality import OutlineQuality
from surveybench.model import Paragraph, Section, Survey


def _survey(title: str, system: str | None, long_text: str) -> Survey:
    secs = [
        Section(index=0, level=1, number="1", title="Introduction", paragraphs=[Paragraph(text=long_text)]),
        Section(index=1, level=2, number="1.1", title="Scope", parent=0, paragraphs=[Paragraph(text="Short scope.")]),
        Section(index=2, level=1, number="2", title="Methods", paragraphs=[Paragraph(text="Brief.")]),
        Section(index=3, level=1, number="3", title="Applications", paragraphs=[Paragraph(text=long_text)]),
        Section(index=4, level=1, title="References", is_content=False),
    ]
    return Survey(id=title, title=title, topic="Graph learning", system=system, sections=secs)


LONG = "Graph models pass messages between nodes. " * 50  # 2,100 characters


def test_renderings() -> None:
    s = _survey("Gen", "S", LONG)
    # extract_outline_from_md: "{number} {title}", four spaces per level below the top
    assert weaidb_outline(s) == "1 Introduction\n    1.1 Scope\n2 Methods\n3 Applications"
    # extract_sections_from_md: top-level numbered sections with their sub-sections, > 2,000 chars
    found = chapters(s)
    assert [c.title for c in found] == ["1 Introduction", "3 Applications"]
    assert "## 1.1 Scope" in found[0].content and "Short scope." in found[0].content


def _reply(req) -> str:  # noqa: ANN001
    text = req.user
    crit = re.search(r"(Outline|Content) (Coverage|Relevance|Structure|Focus|Fluency):", text)
    name = crit.group(2) if crit else ("Depth" if "superficial" in text else "Coherence")
    chapter3 = 'Section Title: "3 Applications"' in text
    return {"Coverage": "4", "Relevance": "5", "Structure": "Score: 3", "Focus": "2", "Fluency": "5",
            "Depth": "1" if chapter3 else "3", "Coherence": "4"}[name]


def test_outline_quality_settings(scripted_llm, scripted_judge, judge_cache) -> None:
    scripted_llm.default = _reply
    judge = scripted_judge(cache_path=judge_cache)
    gen, human = _survey("Gen", "S", LONG), _survey("Human", None, LONG)
    res = OutlineQuality().compute(gen, human, MetricContext().provide("judge", judge))
    assert res.scores == {"coverage": 4, "relevance": 5, "structure": 3, "mean": 4.0}
    sent = [r.user for r in scripted_llm.requests]
    assert len(sent) == 3 and all("Human-written Outline (Reference):" in u and "1.1 Scope" in u for u in sent)
    alone = OutlineQuality().compute(gen, human, MetricContext(options={"outline_quality_setting": "without_ref"})
                                     .provide("judge", judge))
    assert alone.scores["mean"] == 4.0 and alone.details["setting"] == "without_ref"
    assert all("Human-written" not in r.user for r in scripted_llm.requests[3:])


def test_content_quality_settings(scripted_llm, scripted_judge, judge_cache) -> None:
    scripted_llm.default = _reply
    judge = scripted_judge(cache_path=judge_cache)
    gen, human = _survey("Gen", "S", LONG), _survey("Human", None, LONG)
    res = ContentQuality().compute(gen, human, MetricContext().provide("judge", judge))
    # coverage 4, depth 3, focus 2, coherence 4, fluency 5 -> mean 18/5
    assert res.scores == {"coverage": 4, "depth": 3, "focus": 2, "coherence": 4, "fluency": 5,
                          "mean": pytest.approx(3.6)}
    assert all("Human-written Survey (Reference):" in r.user for r in scripted_llm.requests)
    n = len(scripted_llm.requests)
    per_chapter = ContentQuality().compute(
        gen, human, MetricContext(options={"content_quality_setting": "without_ref_chapter"}).provide("judge", judge))
    # two chapters x five criteria; depth is 3 for chapter 1 and 1 for chapter 3: mean 2
    assert len(scripted_llm.requests) - n == 10
    assert per_chapter.scores["depth"] == 2.0 and per_chapter.scores["coverage"] == 4.0
    assert per_chapter.scores["mean"] == pytest.approx((4 + 2 + 2 + 4 + 5) / 5)
    short = _survey("Tiny", "S", "Too short.")
    none = ContentQuality().compute(
        short, human, MetricContext(options={"content_quality_setting": "without_ref_chapter"}).provide("judge", judge))
    assert none.scores["mean"] is None and "2,000" in none.details["reason"]


def test_prompts_are_the_originals() -> None:
    """Spot checks against the original texts (weAIDB src/content_based_eval/prompt.py and
    src/quiz_based_eval/*.py; SGSimEval scripts/prompts.py), typed here by hand."""
    from surveybench.prompts import sgsimeval as G
    from surveybench.prompts import weaidb as W

    assert W.OUTLINE_COVERAGE_COMPARE.template.startswith(
        '\nYou are given two outlines for a review paper on the topic "{topic}": a human-written reference '
        "outline and an AI-generated outline to be evaluated.\n")
    assert W.OUTLINE_COVERAGE_COMPARE.placeholders == ("ai_outline", "human_outline", "topic")
    # the original's document-level coherence and depth texts have no criterion description
    assert "Criterion Description" not in W.CONTENT_COHERENCE_DOCUMENT.template
    assert "Content Fluency: Content Fluency evaluates the clarity" in W.CONTENT_FLUENCY_DOCUMENT.template
    assert W.CONTENT_DEPTH_CHAPTER.placeholders == ("section_content", "section_title", "topic")
    assert W.QUIZ_GENERATE.placeholders == ("answer_requirement", "center_text", "duplicate_instruction",
                                            "full_text", "quality_instruction", "questions_per_segment")
    assert "Rate the USER_ANSWER strictly as a number between 0.0 and 10.0 (inclusive)." in W.QUIZ_SCORE_TRUTH.template
    assert W.QUIZ_COMPARE.render(question="q", answer1="a", answer2="b").endswith("ANSWER 1:\na\n\nANSWER 2:\nb\n")
    assert "Criterion Description: Outline evaluates the clarity, logical hierarchy" in G.OUTLINE.template
    assert G.OUTLINE.placeholders == ("outline", "topic")
    assert '{"Outline": <score>}' in G.OUTLINE.render(topic="t", outline="o")
    assert G.CONTENT.placeholders == ("content", "topic")
    assert "5. Criticalness:\nDescription: Criticalness evaluates the depth" in G.CONTENT.template


def test_content_quality_max_chars_cuts_40_60(scripted_llm, scripted_judge, judge_cache) -> None:
    """content_quality_max_chars=1000: 400 characters of the generated survey and 600 of the human
    one per prompt (the script's 100,000 : 150,000), both recorded as clipped."""
    from surveybench.metrics._weaidb import document_text

    scripted_llm.default = _reply
    judge = scripted_judge(cache_path=judge_cache)
    gen, human = _survey("Gen", "S", LONG), _survey("Human", None, LONG)
    res = ContentQuality().compute(gen, human, MetricContext(options={"content_quality_max_chars": 1000})
                                   .provide("judge", judge))
    assert res.details["clipped"] == {"generated": True, "human": True}
    sent = [r.user for r in scripted_llm.requests]
    assert len(sent) == 5
    for u in sent:
        human_part = u.split("Human-written Survey (Reference):\n---\n", 1)[1].split("\n---\nAI-generated", 1)[0]
        ai_part = u.split("AI-generated Survey for Evaluation:\n---\n", 1)[1].split("\n---\n<instruction>", 1)[0]
        assert human_part == document_text(human)[:600] and ai_part == document_text(gen)[:400]
    with pytest.raises(ValueError, match="at least 500"):
        ContentQuality().compute(gen, human, MetricContext(options={"content_quality_max_chars": 100})
                                 .provide("judge", judge))
