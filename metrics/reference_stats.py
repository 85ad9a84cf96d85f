"""Reference statistics of a survey: number of references, citation density and recency.

Paper: SurveyGen-I §4.2 "Reference Quality Evaluation" and Table 2.

* **NR** - the number of distinct works cited in the text (a survey whose markers resolve to
  nothing falls back to its reference list; ``details`` says which was used).
* **CD** - citation density, "unique citation markers per character of text (excluding the
  reference section)", ×10^4::

      CD = |distinct citation keys in content paragraphs| / Σ len(content paragraph text) × 10^4

  A citation key is a resolved reference id, or for an unresolved marker the key it names
  (``"12"``, ``"Smith et al., 2020"``); ``[3]`` cited ten times is one key. Characters are those
  of the paragraphs of content sections, markers included (the text as written), without the
  reference list, acknowledgements or appendices.
* **RR@k** for k in {1, 3, 5, 7, 10} - recency ratio, "the proportion of cited references
  published within the past k years"::

      RR@k = |{r : Y - year(r) < k}| / |{r : year(r) known}|

  with ``Y`` the survey's year: RR@1 is the share from the survey's own year, RR@3 from its
  year and the two before. References dated after ``Y`` (a later version's year) count as
  recent. ``Y`` is ``options["survey_year"]`` when given, else the generated survey's year, else
  the human survey's year (both were written at about the same time; SurveyGen sets 2025 for
  its generated surveys, §4.2). The human survey's numbers use its own year (else the same Y).

Scores are those of the generated survey; ``details["human"]`` has the same numbers for the
human survey, and ``details`` says how many references had a year (``n_used`` / ``n_total``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from surveybench.metrics._refs import SURVEY_YEAR_OPTION, cited_references, generated_survey_year, reference_year, survey_year
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, neutral, register
from surveybench.model import Survey

RR_KS = (1, 3, 5, 7, 10)


def recency_ratios(
    years: Sequence[int | None], year: int | None, ks: Sequence[int] = RR_KS
) -> dict[int, float | None]:
    """RR@k = share of the known ``years`` with ``year - y < k``; ``None`` without data."""
    known = [y for y in years if y is not None]
    if year is None or not known:
        return {k: None for k in ks}
    return {k: sum(1 for y in known if year - y < k) / len(known) for k in ks}


def citation_density(n_keys: int, n_chars: int) -> float | None:
    """Distinct citation keys per character ×10^4; ``None`` for a survey without text."""
    if n_chars <= 0:
        return None
    return n_keys / n_chars * 1e4


def citation_keys(survey: Survey) -> set[str]:
    """Distinct citation keys of the markers in content paragraphs (see module docstring)."""
    keys: set[str] = set()
    for _, p in survey.paragraphs(content_only=True):
        for m in p.citations:
            named = [f"id:{r}" for r in m.ref_ids] + [f"key:{u.strip()}" for u in m.unresolved]
            keys.update(named or [f"marker:{m.marker.strip()}"])
    return keys


def content_chars(survey: Survey) -> int:
    return sum(len(p.text) for _, p in survey.paragraphs(content_only=True))


def survey_stats(survey: Survey, year: int | None) -> dict[str, Any]:
    """NR, CD and RR@k of one survey plus the counts behind them."""
    refs, scope = cited_references(survey)
    years = [reference_year(r) for r in refs]
    keys = citation_keys(survey)
    chars = content_chars(survey)
    rr = recency_ratios(years, year)
    scores: dict[str, float | None] = {"nr": float(len(refs)), "cd": citation_density(len(keys), chars)}
    scores.update({f"rr@{k}": v for k, v in rr.items()})
    return {
        "scores": scores,
        "survey_year": year,
        "scope": scope,
        "citation_keys": len(keys),
        "content_chars": chars,
        "n_used": sum(1 for y in years if y is not None),
        "n_total": len(refs),
    }


class ReferenceStats:
    name = "reference_stats"
    description = (
        "How the generated survey cites: nr = distinct works cited, cd = distinct citations per "
        "10,000 characters of text, rr@k = share of references from the survey's last k years"
    )
    paper = "SurveyGen-I §4.2, Table 2"
    # No better side: more, denser or more recent citing is not better in itself.
    spec = MetricSpec(
        version="1",
        scores=(
            neutral("nr", "number of distinct works the generated survey cites"),
            neutral("cd", "distinct citations per 10,000 characters of body text (how densely it cites)"),
            *(neutral(f"rr@{k}", f"share of its references published in the survey's last {k} year{'s' if k > 1 else ''} (survey year included)", 0.0, 1.0)
              for k in RR_KS),
        ),
        options=(SURVEY_YEAR_OPTION,),
    )
    requires: frozenset[str] = frozenset()

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        ref_year = survey_year(reference)
        cand_year = generated_survey_year(candidate, reference, ctx.options)
        cand = survey_stats(candidate, cand_year)
        human = survey_stats(reference, ref_year or cand_year)
        details: dict[str, Any] = {k: v for k, v in cand.items() if k != "scores"}
        details["human"] = human["scores"]
        details["human_counts"] = {k: v for k, v in human.items() if k != "scores"}
        rr_reason = None
        if cand_year is None:
            rr_reason = "no survey year known (give --option survey_year=YYYY)"
        elif cand["n_used"] == 0:
            rr_reason = "no cited reference has a publication year"
        reasons = {f"rr@{k}": rr_reason for k in RR_KS} if rr_reason else {}
        if cand["scores"]["cd"] is None:
            reasons["cd"] = "the generated survey has no body text"
        details["reasons"] = reasons
        return MetricResult(self.name, cand["scores"], details)


register(ReferenceStats())
