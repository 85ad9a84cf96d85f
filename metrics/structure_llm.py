"""Rel_LLM: structural consistency of the generated outline with the human one, 1-5
(SurveyGen §3.2 "Structural consistency evaluation", App. D, prompt App. I).

The judge sees both outlines (content-section headings indented by level, with their printed
numbers) and answers one integer 1-5. With a panel, each judge answers once; the score is the
mean over judges, per-judge scores are in ``details``. Outlines are short, so no condensing is
needed; a prompt the judge layer had to cut is flagged ``truncated``.
"""

from __future__ import annotations

from typing import Any

from surveybench.metrics._judging import JudgedMetric, mean_known
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, higher, register
from surveybench.metrics.rubric import outline
from surveybench.model import Survey

NAME = "structure_llm"


class StructureLLM(JudgedMetric):
    name = NAME
    description = "An LLM judge rates 1-5 how closely the generated outline matches the human-written outline (Rel_LLM)"
    paper = "SurveyGen §3.2, App. D, App. I"
    requires = frozenset({"judge"})
    spec = MetricSpec(
        version="2",  # 2: prompt version 2 (human outline first)
        scores=(higher("rel_llm", "judge score 1-5: how closely the generated outline matches the human outline", 1.0, 5.0),),
    )

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, judges: list[Any]) -> MetricResult:
        from surveybench.metrics._judging import failure
        from surveybench.judges.parsing import parse_score_1_to_5
        from surveybench.prompts.judging import STRUCTURE_CONSISTENCY

        values = {
            "topic": reference.topic or reference.title,
            "generated_outline": outline(candidate) or "(no sections)",
            "human_outline": outline(reference) or "(no sections)",
        }
        per_judge: dict[str, int | None] = {}
        failures: list[dict[str, Any]] = []
        truncated = []
        for judge in judges:
            j = judge.ask(STRUCTURE_CONSISTENCY, values, parse=parse_score_1_to_5, metric=NAME)
            per_judge[judge.name] = j.value if j.ok else None
            if not j.ok:
                failures.append(failure(j, score="rel_llm"))
            if getattr(j, "truncated", False):
                truncated.append(judge.name)
        return MetricResult(
            metric=NAME,
            scores={"rel_llm": mean_known(list(per_judge.values()))},
            details={"per_judge": per_judge, "truncated": truncated,
                     # the mean over the judges that answered: how many of the panel
                     "parts": {"rel_llm": {"used": sum(v is not None for v in per_judge.values()),
                                           "of": len(per_judge)}}},
            failures=failures,
        )


register(StructureLLM())
