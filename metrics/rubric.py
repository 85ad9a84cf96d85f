"""Rubric scores 1-5 by LLM judges (multi-LLM-as-judge).

Criteria: Coverage, Structure, Relevance (AutoSurvey §4 and Table 1); Synthesis and Critical
Analysis (SurveyX §4.1, App. A.3 Figs. 8-9); Consistency (SurveyGen-I §4.2, App. N). Each
criterion is one call per judge with the criterion's score descriptions
(:mod:`surveybench.prompts.judging`), reply parsed strictly as one integer 1-5.

For a panel (AutoSurvey's multi-LLM judge; InteractiveSurvey Tables 2-3): per judge the
per-criterion scores and their mean; per criterion the mean over judges (``scores``); and the
agreement between judges over the criteria — Krippendorff's alpha (ordinal) and mean pairwise
Spearman — in ``details["agreement"]``.

Surveys longer than the judge's context: the survey is rendered as Markdown (title, headings,
paragraphs). If that exceeds ``rubric_max_chars`` characters (option; default 48,000 ≈ 12k
tokens, less for an in-process judge whose ``n_ctx`` is smaller, see :func:`context_chars`) the judge gets a condensed survey: the complete outline first, then every section with
its text cut to an equal share of the remaining budget at a sentence end, each cut marked
"[...]". Every criterion thus sees the whole structure and evidence from every section rather
than only the head of the document. ``details["condensed"]`` records it and the share of
characters kept; a prompt the judge layer still had to cut is reported as ``truncated``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from surveybench.metrics._judging import JudgedMetric, mean_known
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, higher, register
from surveybench.model import Survey

NAME = "rubric"
CRITERIA = ("coverage", "structure", "relevance", "synthesis", "critical_analysis", "consistency")
DEFAULT_MAX_CHARS = 48_000


def outline(survey: Survey, content_only: bool = True) -> str:
    """Headings, indented by level, with their printed numbers."""
    top = min((s.level for s in survey.sections), default=1)
    lines = []
    for s in survey.sections:
        if content_only and not s.is_content:
            continue
        number = f"{s.number} " if s.number and not s.title.startswith(s.number) else ""
        lines.append("  " * max(0, s.level - top) + f"- {number}{s.title}")
    return "\n".join(lines)


def render_survey(survey: Survey, max_chars: int = DEFAULT_MAX_CHARS) -> tuple[str, dict[str, Any]]:
    """The survey as Markdown for a judge, condensed to ``max_chars`` as the module docstring says."""
    top = min((s.level for s in survey.sections), default=1)
    blocks = [(s, "#" * min(6, s.level - top + 2) + " " + s.title, s.text()) for s in survey.content_sections()]
    full = "\n\n".join([f"# {survey.title}"] + [f"{h}\n\n{t}".rstrip() for _, h, t in blocks])
    if len(full) <= max_chars:
        return full, {"condensed": False, "chars": len(full)}
    head = f"# {survey.title}\n\nOutline:\n{outline(survey)}\n\nSections (condensed):"
    room = max(0, max_chars - len(head) - sum(len(h) + 4 for _, h, _ in blocks))
    share = room // max(1, len(blocks))
    parts = [head]
    kept = 0
    for _, h, text in blocks:
        cut = text
        if len(text) > share:
            cut = text[:share]
            m = list(re.finditer(r"[.!?](\s|$)", cut))
            if m and m[-1].end() > share // 2:
                cut = cut[: m[-1].end()]
            cut = cut.rstrip() + " [...]"
        kept += len(cut)
        parts.append(f"{h}\n\n{cut}".rstrip())
    text = "\n\n".join(parts)
    total = sum(len(t) for _, _, t in blocks) or 1
    return text, {"condensed": True, "chars": len(text), "body_share_kept": round(kept / total, 4)}


def parse_criteria(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """The ``rubric_criteria`` option: a list or a comma-separated string; default all six."""
    if not value:
        return CRITERIA
    names = [c.strip() for c in (value.split(",") if isinstance(value, str) else value) if c.strip()]
    unknown = [c for c in names if c not in CRITERIA]
    if unknown:
        raise ValueError(f"rubric_criteria: unknown {unknown}; choose from {', '.join(CRITERIA)}")
    return tuple(names)


def context_chars(judges: Sequence[Any], default: int = DEFAULT_MAX_CHARS) -> int:
    """Character budget for the survey: the default, or less when a judge's backend declares a
    smaller context (in-process llama.cpp ``n_ctx``; ~3 characters per token, 1,500 tokens kept
    for the criterion text and the reply)."""
    budget = default
    for judge in judges:
        n_ctx = getattr(getattr(judge, "backend", None), "n_ctx", None)
        if isinstance(n_ctx, int) and n_ctx > 0:
            budget = min(budget, max(2_000, (n_ctx - 1_500) * 3))
    return budget


def aggregate(per_judge: Mapping[str, Mapping[str, int | None]], criteria: Sequence[str] = CRITERIA) -> dict[str, Any]:
    """Per-judge means, per-criterion means over judges, their average, and judge agreement.

    ``per_judge[judge][criterion]`` is a 1-5 score or None (failed). Means skip None.
    """
    judge_means = {j: mean_known([sc.get(c) for c in criteria]) for j, sc in per_judge.items()}
    crit_means = {c: mean_known([sc.get(c) for sc in per_judge.values()]) for c in criteria}
    return {
        "criteria": crit_means,
        "mean": mean_known(list(crit_means.values())),
        "judge_means": judge_means,
        "agreement": agreement(per_judge, criteria),
    }


def agreement(per_judge: Mapping[str, Mapping[str, int | None]], criteria: Sequence[str] = CRITERIA) -> dict[str, Any]:
    """Krippendorff's alpha (ordinal; judges as coders, criteria as items) and Spearman's rho
    per pair of judges, by the judge layer's helpers. None with fewer than two judges or when
    undefined (no variation)."""
    from surveybench.judges.agreement import krippendorff_alpha, pairwise_spearman

    judges = list(per_judge)
    if len(judges) < 2:
        return {"judges": len(judges), "krippendorff_alpha": None, "mean_pairwise_spearman": None}
    ratings = [[per_judge[j].get(c) for c in criteria] for j in judges]
    pairs = pairwise_spearman(ratings, judges)
    rhos = [r for r in pairs.values() if r is not None]
    return {
        "judges": len(judges),
        "krippendorff_alpha": krippendorff_alpha(ratings, "ordinal"),
        "mean_pairwise_spearman": sum(rhos) / len(rhos) if rhos else None,
        "pairwise_spearman": {f"{a} | {b}": r for (a, b), r in pairs.items()},
    }


def parts_averaged(per_judge: Mapping[str, Mapping[str, int | None]], criteria: Sequence[str],
                   crit_means: Mapping[str, float | None]) -> dict[str, dict[str, int]]:
    """How many parts each average is over (stored as ``details["parts"]``, shown beside the
    score): ``mean`` over the criteria that got a score; with a panel, each criterion over the
    judges that answered."""
    parts = {"mean": {"used": sum(1 for c in criteria if crit_means.get(c) is not None), "of": len(criteria)}}
    if len(per_judge) > 1:
        for c in criteria:
            parts[c] = {"used": sum(1 for sc in per_judge.values() if sc.get(c) is not None), "of": len(per_judge)}
    return parts


class Rubric(JudgedMetric):
    name = NAME
    description = "LLM judges rate the survey 1-5 on coverage, structure, relevance, synthesis, critical analysis and consistency"
    paper = "AutoSurvey Table 1; SurveyX §4.1; SurveyGen-I §4.2, App. N"
    requires = frozenset({"judge"})
    spec = MetricSpec(
        version="1",
        scores=(
            higher("coverage", "judge score 1-5: how fully the survey covers the topic (AutoSurvey Table 1)", 1.0, 5.0),
            higher("structure", "judge score 1-5: logical organisation and flow (AutoSurvey Table 1)", 1.0, 5.0),
            higher("relevance", "judge score 1-5: focus on the topic (AutoSurvey Table 1)", 1.0, 5.0),
            higher("synthesis", "judge score 1-5: connects studies into patterns and frameworks (SurveyX)", 1.0, 5.0),
            higher("critical_analysis", "judge score 1-5: depth of critique and research gaps (SurveyX)", 1.0, 5.0),
            higher("consistency", "judge score 1-5: uniform tone, terminology, formatting (SurveyGen-I)", 1.0, 5.0),
            higher("mean", "average of the criterion scores, over the judges", 1.0, 5.0),
        ),
        options=(
            Option("rubric_criteria", str, None, "comma-separated subset of the criteria (default: all six)"),
            Option("rubric_max_chars", int, None, f"characters of the survey shown to the judge (default {DEFAULT_MAX_CHARS}, less for a small context)"),
        ),
    )

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, judges: list[Any]) -> MetricResult:
        from surveybench.metrics._judging import failure
        from surveybench.judges.parsing import parse_score_1_to_5
        from surveybench.prompts.judging import RUBRIC

        criteria = parse_criteria(ctx.options.get("rubric_criteria"))
        max_chars = int(ctx.options.get("rubric_max_chars") or context_chars(judges))
        content, rendering = render_survey(candidate, max_chars)
        topic = candidate.topic or reference.topic or reference.title
        per_judge: dict[str, dict[str, int | None]] = {}
        failures: list[dict[str, Any]] = []
        truncated: list[str] = []
        pairs = [(judge, c) for judge in judges for c in criteria]
        values = {"topic": topic, "content": content}
        # Every (judge, criterion) prompt differs, so they run side by side rather than as one ask_many.
        with ThreadPoolExecutor(max_workers=max(1, min(len(pairs), 6))) as pool:
            results = list(pool.map(
                lambda jc: jc[0].ask(RUBRIC[jc[1]], values, parse=parse_score_1_to_5, metric=NAME), pairs
            ))
        for (judge, c), j in zip(pairs, results):
            per_judge.setdefault(judge.name, {})[c] = j.value if j.ok else None
            if not j.ok:
                failures.append(failure(j, criterion=c, score=c))  # `score`: the sub-score it emptied
            if getattr(j, "truncated", False):
                truncated.append(f"{judge.name}:{c}")
        agg = aggregate(per_judge, criteria)
        return MetricResult(
            metric=NAME,
            scores={**agg["criteria"], "mean": agg["mean"]},
            details={
                "per_judge": {j: {**s, "mean": agg["judge_means"][j]} for j, s in per_judge.items()},
                "agreement": agg["agreement"],
                "rendering": rendering,
                "truncated": truncated,
                "tiny_local_judge": any(getattr(j, "is_tiny_local", False) for j in judges),
                "parts": parts_averaged(per_judge, criteria, agg["criteria"]),
            },
            failures=failures,
        )


register(Rubric())
