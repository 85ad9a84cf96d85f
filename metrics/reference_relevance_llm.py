"""Reference relevance judged by an LLM: Relevance_LLM (SurveyX §4.1, App. A.3 Fig. 11) and
topical relevance 1-5 (SurveyGen App. I, "Prompt for Topic Relevance Evaluation").

    Relevance_LLM    = (1/|Doc|) Σ_{d ∈ Doc} 1_relevant(LLM(Prompt(d, topic)))     (SurveyX §4.1)
    TopicalRelevance = (1/|Doc|) Σ_{d ∈ Doc} score_1..5(LLM(Prompt(d, topic)))

Doc is the generated survey's reference list. SurveyX's prompt gives the judge the paper's
abstract; a reference without abstract or TLDR is judged on its title (or raw reference string)
and counted in ``details["judged_on_title"]``; one with no text at all is skipped and listed.
A failed answer leaves that reference out of that score and is recorded in ``failures``.
With a panel, every judge answers; scores are means over judges, per judge in ``details``,
and the judges' agreement over the references in ``details["agreement"]``.
Set option ``reference_relevance_scale=False`` to skip the 1-5 scale (halves the calls).
"""

from __future__ import annotations

from typing import Any

from surveybench.metrics._judging import JudgedMetric, mean_known
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, higher, register
from surveybench.model import Survey

NAME = "reference_relevance_llm"


def panel_agreement(rows: dict[str, list[list[float | None]]], names: list[str]) -> dict[str, Any]:
    """Agreement of a panel over the references (judges as coders, references as items):
    Krippendorff's alpha — nominal for the yes/no verdicts, ordinal for the 1-5 scores — and
    mean pairwise Spearman for the scores. None where undefined (see the judge layer)."""
    from surveybench.judges.agreement import krippendorff_alpha, mean_pairwise_spearman

    out: dict[str, Any] = {"judges": names}
    if rows.get("relevance_llm"):
        out["relevance_llm"] = {"krippendorff_alpha_nominal": krippendorff_alpha(rows["relevance_llm"], "nominal")}
    if rows.get("topical_relevance"):
        out["topical_relevance"] = {
            "krippendorff_alpha_ordinal": krippendorff_alpha(rows["topical_relevance"], "ordinal"),
            "mean_pairwise_spearman": mean_pairwise_spearman(rows["topical_relevance"]),
        }
    return out


class ReferenceRelevanceLLM(JudgedMetric):
    name = NAME
    description = "Share of the generated survey's references an LLM judges relevant to the topic, and their mean 1-5 topical relevance"
    paper = "SurveyX §4.1 (Relevance_LLM), SurveyGen App. I"
    requires = frozenset({"judge"})
    spec = MetricSpec(
        version="1",
        scores=(
            higher("relevance_llm", "share of the generated survey's references the judge calls relevant to the topic"),
            higher("topical_relevance", "mean judge score 1-5 of the references' relevance to the topic", 1.0, 5.0),
        ),
        options=(Option("reference_relevance_scale", bool, True, "also ask the 1-5 topical relevance (doubles the calls)"),),
    )

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, judges: list[Any]) -> MetricResult:
        from surveybench.metrics._judging import failure, flag
        from surveybench.judges.parsing import parse_score_1_to_5, parse_yes_no
        from surveybench.prompts.judging import REFERENCE_RELEVANCE, TOPIC_RELEVANCE

        topic = candidate.topic or reference.topic or reference.title
        with_scale = flag(ctx.options.get("reference_relevance_scale"), default=True)
        docs: list[tuple[str, str, str]] = []  # (ref id, title, text for the judge)
        on_title, skipped = 0, []
        for ref in candidate.references:
            text = ref.source_text()
            title = ref.title or ref.raw or ""
            if not text:
                if not title:
                    skipped.append(ref.id)
                    continue
                text = title
                on_title += 1
            docs.append((ref.id, title, text))
        failures: list[dict[str, Any]] = []
        per_judge: dict[str, dict[str, Any]] = {}
        rows: dict[str, list[list[float | None]]] = {"relevance_llm": [], "topical_relevance": []}
        for judge in judges:
            rel = judge.ask_many(
                REFERENCE_RELEVANCE, [{"abstract": t, "topic": topic} for _, _, t in docs],
                parse=parse_yes_no, metric=NAME,
            )
            verdicts = [j.value if j.ok else None for j in rel]
            rows["relevance_llm"].append([None if v is None else float(v) for v in verdicts])
            failures += [failure(j, reference=d[0], prompt="relevance_llm", score="relevance_llm") for d, j in zip(docs, rel) if not j.ok]
            entry: dict[str, Any] = {
                "relevance_llm": mean_known(verdicts),
                "not_relevant": [d[0] for d, v in zip(docs, verdicts) if v is False],
            }
            if with_scale:
                sc = judge.ask_many(
                    TOPIC_RELEVANCE, [{"topic": topic, "title": ti, "abstract": t} for _, ti, t in docs],
                    parse=parse_score_1_to_5, metric=NAME,
                )
                scores = [j.value if j.ok else None for j in sc]
                rows["topical_relevance"].append([None if v is None else float(v) for v in scores])
                failures += [failure(j, reference=d[0], prompt="topical_relevance", score="topical_relevance") for d, j in zip(docs, sc) if not j.ok]
                entry["topical_relevance"] = mean_known(scores)
                entry["scores"] = {d[0]: s for d, s in zip(docs, scores)}
            per_judge[judge.name] = entry
        out = {"relevance_llm": mean_known([e["relevance_llm"] for e in per_judge.values()])}
        if with_scale:
            out["topical_relevance"] = mean_known([e["topical_relevance"] for e in per_judge.values()])
        return MetricResult(
            metric=NAME,
            scores=out,
            details={
                "references": len(candidate.references),
                "judged": len(docs),
                "judged_on_title": on_title,
                "skipped_no_text": skipped,
                "per_judge": per_judge,
                "agreement": panel_agreement(rows, list(per_judge)) if len(judges) > 1 else None,
                # judgements each average is over: answered of asked (judges x references)
                "parts": {s: {"used": sum(v is not None for r in rs for v in r), "of": sum(len(r) for r in rs)}
                          for s, rs in rows.items() if rs},
            },
            failures=failures,
        )


register(ReferenceRelevanceLLM())
