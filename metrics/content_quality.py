"""Content quality 1-5 (coverage, depth, focus, coherence, fluency), weAIDB SurveyBench's content-based evaluation.

Definition: weAIDB/SurveyBench ``src/content_based_eval/eval_content.py`` and
``src/run_content_eval.py`` (``--mode content --setting ...``); prompts verbatim from
``src/content_based_eval/prompt.py`` (:mod:`surveybench.prompts.weaidb`). Three settings
(option ``content_quality_setting``), as the script's ``--setting``:

- ``with_ref`` (default, the script's ``overall`` mode): one call per criterion with the human
  survey as reference and the generated survey to judge (``*_EVAL_PROMPT_COMPARE``); the texts
  are cut as the script cuts them — generated ``[:100000]``, human ``[:150000]`` characters —
  and further, 40/60, to what a judge that declares its context holds (an in-process model;
  recorded in ``details["clipped"]``).
- ``without_ref_document``: one call per criterion on the whole generated survey
  (``*_EVAL_PROMPT_ENTIRE_SURVEY``; not cut by the script; cut here only to a declared judge context).
- ``without_ref_chapter``: per chapter (numbered top-level section with its sub-sections, longer
  than 2,000 characters: ``extract_sections_from_md``) one call per criterion
  (``*_EVAL_PROMPT_CHAPTER``); a criterion's score is the mean over chapters::

      score_c = (1/|chapters|) Σ_chapter judge_c(chapter)

``mean`` averages the five criteria. With a panel each judgement is the mean over judges.
``content_quality_max_chars`` cuts every prompt's survey text further (a cheaper run, e.g. with
the tiny local judge; recorded in ``details["clipped"]``). The human survey comes first in the
with-reference prompts (as in the original), so with a local judge the five criteria of one pair,
and the pairs of one topic, reuse its evaluated prefix.
Differences from the script: a reply without exactly one 1-5 rating is re-asked then recorded as a
failure (the script's ``int(reply)`` would crash the run); a survey with no chapter over 2,000
characters gets None scores with the reason (the script divides by zero).
"""

from __future__ import annotations

from typing import Any

from surveybench.metrics._judging import JudgedMetric, mean_known
from surveybench.metrics._weaidb import ask_criteria, chapters, clip, document_text, text_budget
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, higher, register
from surveybench.model import Survey

NAME = "content_quality"
CRITERIA = ("coverage", "depth", "focus", "coherence", "fluency")
SETTINGS = ("with_ref", "without_ref_document", "without_ref_chapter")
AI_CHARS, HUMAN_CHARS = 100_000, 150_000  # evaluate_content_compare: ai_survey[:100000], human_survey[:150000]


def prompts_for(setting: str) -> dict[str, Any]:
    from surveybench.prompts import weaidb as P

    suffix = {"with_ref": "COMPARE", "without_ref_document": "DOCUMENT", "without_ref_chapter": "CHAPTER"}[setting]
    return {c: getattr(P, f"CONTENT_{c.upper()}_{suffix}") for c in CRITERIA}


class ContentQuality(JudgedMetric):
    name = NAME
    description = "judge rates the generated survey's content 1-5 on coverage, depth, focus, coherence and fluency (weAIDB SurveyBench)"
    paper = "weAIDB SurveyBench src/content_based_eval/eval_content.py, prompt.py"
    spec = MetricSpec(
        version="1",
        scores=(
            higher("coverage", "judge score 1-5: key subtopics, representative works and aspects included (weAIDB)", 1.0, 5.0),
            higher("depth", "judge score 1-5: analysis, comparison and insight beyond listing works (weAIDB)", 1.0, 5.0),
            higher("focus", "judge score 1-5: stays on the topic without digressions (weAIDB)", 1.0, 5.0),
            higher("coherence", "judge score 1-5: logical flow and transitions (weAIDB)", 1.0, 5.0),
            higher("fluency", "judge score 1-5: clear, grammatical, readable writing (weAIDB)", 1.0, 5.0),
            higher("mean", "average of the five criteria", 1.0, 5.0),
        ),
        options=(
            Option("content_quality_setting", str, "with_ref",
                   "with_ref: against the human survey (the script's default); without_ref_document: "
                   "whole survey alone; without_ref_chapter: chapter by chapter", SETTINGS),
            Option("content_quality_max_chars", int, None,
                   "at most this many characters of survey text per prompt (with_ref: 40% generated, 60% "
                   "human, as the script's 100,000/150,000); default: the script's cuts, within what a local "
                   "judge's context holds. Smaller is cheaper, not different in definition", minimum=500),
        ),
    )

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, judging: Any) -> MetricResult:
        setting = self.spec.option("content_quality_setting").check(  # type: ignore[union-attr]
            ctx.options.get("content_quality_setting", "with_ref"))
        topic = candidate.topic or reference.topic or reference.title
        budget = text_budget(judging, AI_CHARS + HUMAN_CHARS)
        max_chars = self.spec.option("content_quality_max_chars").check(  # type: ignore[union-attr]
            ctx.options.get("content_quality_max_chars"))
        if max_chars is not None:
            budget = min(budget, max_chars)
        prompts = prompts_for(setting)
        details: dict[str, Any] = {"setting": setting, "prompts": {c: p.fingerprint for c, p in prompts.items()}}
        empty = {c: None for c in (*CRITERIA, "mean")}
        if setting == "without_ref_chapter":
            found = chapters(candidate)
            details["chapters"] = [c.title for c in found]
            if not found:
                details["reason"] = "no chapter longer than 2,000 characters (extract_sections_from_md)"
                return MetricResult(NAME, empty, details)
            per_chapter: list[dict[str, float | None]] = []
            failures: list[dict[str, Any]] = []
            for chapter in found:
                text, cut = clip(chapter.content, budget)
                asked = ask_criteria(judging, prompts, {"topic": topic, "section_title": chapter.title,
                                                       "section_content": text}, metric=NAME,
                                     where={"chapter": chapter.title})
                per_chapter.append({**asked.scores, "clipped": cut})
                failures.extend(asked.failures)
            scores = {c: mean_known([p[c] for p in per_chapter]) for c in CRITERIA}
            details["per_chapter"] = dict(zip(details["chapters"], per_chapter))
            return MetricResult(NAME, {**scores, "mean": mean_known(list(scores.values()))}, details,
                                failures=failures)
        if setting == "with_ref":
            ai, ai_cut = clip(document_text(candidate), min(AI_CHARS, budget * AI_CHARS // (AI_CHARS + HUMAN_CHARS)))
            human, human_cut = clip(document_text(reference), min(HUMAN_CHARS, budget * HUMAN_CHARS // (AI_CHARS + HUMAN_CHARS)))
            values = {"topic": topic, "ai_survey": ai, "human_survey": human}
            details["clipped"] = {"generated": ai_cut, "human": human_cut}
        else:
            content, cut = clip(document_text(candidate), budget)
            values = {"topic": topic, "content": content}
            details["clipped"] = {"generated": cut}
        asked = ask_criteria(judging, prompts, values, metric=NAME)
        details["per_judge"] = asked.per_judge
        return MetricResult(NAME, {**asked.scores, "mean": mean_known(list(asked.scores.values()))}, details,
                            failures=asked.failures)


register(ContentQuality())
