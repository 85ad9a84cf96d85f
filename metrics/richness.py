"""Richness: non-textual elements (figures and tables) per 100,000 characters.

Definition: weAIDB SurveyBench, ``src/content_based_eval/richness.py`` (``get_richness``) with
``drop_ref`` from ``src/content_based_eval/eval_content.py``; the paper calls it non-textual
richness (README "a multifaceted metric hierarchy ... and non-textual richness")::

    richness = (figures + tables) / characters × 10^5      (0 when the text is empty)

where figures are Markdown images, tables are Markdown pipe tables plus HTML ``<table>``
elements, and characters is the length of the source text before the reference list — each
counted exactly as the original script does (the rules are in
:mod:`surveybench.readers.figures`, which fills ``Survey.figures``, ``Survey.tables`` and
``Survey.body_chars`` when a Markdown file is read). The candidate (generated) survey is scored;
the human survey's numbers are in ``details["reference"]`` for comparison, as weAIDB reports
HumanSurvey as one more "method".

A survey whose reader keeps no figures and tables (SurveyGen JSON) has ``body_chars = None``:
its scores are None with the reason in ``details``, never a misleading 0.
"""

from __future__ import annotations

from typing import Any

from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, higher, neutral, register
from surveybench.model import Survey

NAME = "richness"
PER_CHARS = 100_000


def richness(figures: int, tables: int, chars: int) -> float:
    """``(figures + tables) / chars × 10^5``; 0.0 for an empty text (the original's guard)."""
    if figures < 0 or tables < 0 or chars < 0:
        raise ValueError("counts and length must be non-negative")
    return (figures + tables) / chars * 1e5 if chars > 0 else 0.0


def survey_counts(survey: Survey) -> dict[str, Any] | None:
    """Figures, tables (Markdown and HTML), characters and richness of one survey, or None when
    its reader recorded no source text length."""
    if survey.body_chars is None:
        return None
    n_fig = len(survey.figures)
    n_tab = len(survey.tables)
    return {
        "figures": n_fig,
        "tables": n_tab,
        "markdown_tables": sum(1 for t in survey.tables if t.kind == "markdown"),
        "html_tables": sum(1 for t in survey.tables if t.kind == "html"),
        "characters": survey.body_chars,
        "richness": richness(n_fig, n_tab, survey.body_chars),
    }


class Richness:
    name = NAME
    description = "figures and tables per 100,000 characters of the generated survey (weAIDB SurveyBench)"
    paper = "weAIDB SurveyBench src/content_based_eval/richness.py"
    requires: frozenset[str] = frozenset()
    spec = MetricSpec(
        version="1",
        scores=(
            higher("richness", "(figures + tables) / characters x 10^5 of the generated survey before its "
                   "reference list (weAIDB richness.py); 0 = text only", 0.0, None),
            neutral("figures", "Markdown images before the reference list", 0.0, None),
            neutral("tables", "Markdown pipe tables plus HTML <table> elements before the reference list", 0.0, None),
        ),
    )

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        mine = survey_counts(candidate)
        details: dict[str, Any] = {
            "formula": "(figures + tables) / characters * 1e5",
            "reference": survey_counts(reference),
        }
        if mine is None:
            details["reason"] = (
                f"the {candidate.source_format or 'unknown'} reader keeps no figures or tables "
                "(richness needs the Markdown source)"
            )
            return MetricResult(NAME, {"richness": None, "figures": None, "tables": None}, details)
        details.update(mine)
        details["figure_lines"] = [f.line for f in candidate.figures]
        details["table_lines"] = [[t.kind, t.line] for t in candidate.tables]
        return MetricResult(
            NAME,
            {"richness": mine["richness"], "figures": float(mine["figures"]), "tables": float(mine["tables"])},
            details,
        )


register(Richness())
