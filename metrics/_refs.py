"""Which references of a survey count as "cited", and the survey's year (shared by reference statistics)."""

from __future__ import annotations

import re

from surveybench.metrics._titles import RefKey, dedupe
from surveybench.metrics.base import Option
from surveybench.model import Reference, Survey


def cited_references(survey: Survey) -> tuple[list[Reference], str]:
    """Distinct references cited in the body; the whole list when nothing is resolved.

    Returns the references and which set was used ("cited" or "listed (...)"). Entries that
    repeat an earlier entry's identifier or normalised title count once.
    """
    refs = survey.references
    scope = "cited"
    cited = survey.cited_ref_ids()
    if cited:
        by_id = survey.reference_map()
        refs = [by_id[i] for i in cited if i in by_id]
    else:
        scope = "listed (no resolved in-text citations)"
    keys = dedupe([RefKey.of(r) for r in refs])
    keep = {k.ref_id for k in keys}
    seen: set[str] = set()
    out = []
    for r in refs:
        if r.id in keep and r.id not in seen:
            seen.add(r.id)
            out.append(r)
    return out, scope


_YEAR = re.compile(r"^\s*(\d{4})")


def reference_year(ref: Reference) -> int | None:
    if ref.year is not None:
        return ref.year
    m = _YEAR.match(ref.publication_date or "")
    return int(m.group(1)) if m else None


def survey_year(survey: Survey) -> int | None:
    if survey.year is not None:
        return survey.year
    m = _YEAR.match(survey.publication_date or "")
    return int(m.group(1)) if m else None


# read by reference_stats and reference_distribution alike
SURVEY_YEAR_OPTION = Option(
    "survey_year", int, None,
    "year recency is measured from for the generated survey (default: its own year, else the human survey's)",
)


def generated_survey_year(candidate: Survey, reference: Survey, options: dict) -> int | None:
    """The year recency is measured from for the generated survey: ``options["survey_year"]``
    when given, else the generated survey's own year, else the human survey's (SurveyGen §4.2
    fixes 2025 for its generated surveys; ours were written about when the human one was)."""
    opt = options.get("survey_year")
    if opt not in (None, ""):
        return int(opt)
    return survey_year(candidate) or survey_year(reference)
