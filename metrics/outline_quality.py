"""Outline quality 1-5 (coverage, relevance, structure), weAIDB SurveyBench's content-based evaluation.

Definition: weAIDB/SurveyBench ``src/content_based_eval/eval_outline.py`` (``evaluate_outline``)
and ``src/run_content_eval.py`` (``--mode outline``); prompts verbatim from
``src/content_based_eval/prompt.py`` (:mod:`surveybench.prompts.weaidb`). Per criterion c:

    score_c = the judge's integer 1-5 for the outline under criterion c

- ``outline_quality_setting="with_ref"`` (default; what the script runs): the generated outline
  is judged against the human survey's outline (``OUTLINE_*_EVAL_PROMPT_COMPARE``).
- ``"without_ref"``: the generated outline alone (``OUTLINE_*_EVAL_PROMPT``; defined in
  ``prompt.py``, not called by the script).

``mean`` is the average of the three criteria. Outlines are rendered as
``extract_outline_from_md`` prints them (:func:`surveybench.metrics._weaidb.weaidb_outline`).
With a panel of judges each criterion is the mean over judges (per-judge scores in details).

Script vs. us: the script asks each prompt three times at the API's default temperature and
averages the three integers. Our judges answer at temperature 0 through a reply cache, where a
repeat returns the same reply, so each prompt is asked once — the mean of three identical
answers. The script parses ``int(reply.replace("Score:", ""))``; we take the one 1-5 rating the
reply states (re-asked when there is none, then a recorded failure, never a default).
"""

from __future__ import annotations

from typing import Any

from surveybench.metrics._judging import JudgedMetric, mean_known
from surveybench.metrics._weaidb import ask_criteria, weaidb_outline
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, higher, register
from surveybench.model import Survey

NAME = "outline_quality"
CRITERIA = ("coverage", "relevance", "structure")
SETTINGS = ("with_ref", "without_ref")


def prompts_for(setting: str) -> dict[str, Any]:
    from surveybench.prompts import weaidb as P

    if setting == "with_ref":
        return {"coverage": P.OUTLINE_COVERAGE_COMPARE, "relevance": P.OUTLINE_RELEVANCE_COMPARE,
                "structure": P.OUTLINE_STRUCTURE_COMPARE}
    return {"coverage": P.OUTLINE_COVERAGE, "relevance": P.OUTLINE_RELEVANCE, "structure": P.OUTLINE_STRUCTURE}


class OutlineQuality(JudgedMetric):
    name = NAME
    description = "judge rates the generated outline 1-5 on coverage, relevance and structure, against the human outline (weAIDB SurveyBench)"
    paper = "weAIDB SurveyBench src/content_based_eval/eval_outline.py, prompt.py"
    spec = MetricSpec(
        version="1",
        scores=(
            higher("coverage", "judge score 1-5: how fully the outline covers the topic's major aspects (weAIDB)", 1.0, 5.0),
            higher("relevance", "judge score 1-5: how closely the outline's sections stay on the topic (weAIDB)", 1.0, 5.0),
            higher("structure", "judge score 1-5: logical hierarchy and flow of the outline (weAIDB)", 1.0, 5.0),
            higher("mean", "average of the three criteria", 1.0, 5.0),
        ),
        options=(
            Option("outline_quality_setting", str, "with_ref",
                   "with_ref: judged against the human outline (the script's mode); without_ref: alone", SETTINGS),
        ),
    )

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, judging: Any) -> MetricResult:
        setting = self.spec.option("outline_quality_setting").check(  # type: ignore[union-attr]
            ctx.options.get("outline_quality_setting", "with_ref"))
        topic = candidate.topic or reference.topic or reference.title
        values = {"topic": topic, "ai_outline": weaidb_outline(candidate), "outline": weaidb_outline(candidate),
                  "human_outline": weaidb_outline(reference)}
        prompts = prompts_for(setting)
        if not values["ai_outline"].strip():
            return MetricResult(NAME, {c: None for c in (*CRITERIA, "mean")},
                                {"setting": setting, "reason": "the generated survey has no content headings"})
        asked = ask_criteria(judging, prompts, values, metric=NAME)
        return MetricResult(
            NAME,
            {**asked.scores, "mean": mean_known(list(asked.scores.values()))},
            {"setting": setting, "per_judge": asked.per_judge,
             "outline_lines": values["ai_outline"].count("\n") + 1,
             "prompts": {c: p.fingerprint for c, p in prompts.items()}},
            failures=asked.failures,
        )


register(OutlineQuality())
