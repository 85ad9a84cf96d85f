"""Does the generated survey pick references like the human one? Two-sample KS tests.

Paper: SurveyGen §4.2 "Further Analysis of Reference Selection" and Figure 3; the per-paper
quantities are those of its re-ranking (App. C, footnote 15).

For each cited reference ``r`` (distinct works cited in the text, as in
:mod:`surveybench.metrics.reference_stats`) four quantities are computed, when ``r`` has the metadata:

* ``citations_per_year`` = citation_count(r) / max(A - year(r), 1), with ``A`` the year the
  citation counts were collected (``options["citations_as_of_year"]``, default: this calendar
  year) - "citation counts are normalized by the number of years since publication";
* ``years_gap`` = Y - year(r), with ``Y`` the survey's year (as in :mod:`surveybench.metrics.reference_stats`);
* ``author_h_index`` = h-index of the first author + h-index of the last author (the first
  author's alone when there is a single author);
* ``venue_h_index`` = the venue's h-index.

For each quantity the generated survey's values are compared with the human survey's by the
two-sample Kolmogorov-Smirnov test (``scipy.stats.ks_2samp``, two-sided, default method):
``ks_<q>`` is the statistic D = sup_x |F_G(x) - F_H(x)| (0 = same distribution; lower is closer
to the human survey) and ``p_<q>`` its p-value. A quantity is ``None`` when either side has no
reference with the metadata it needs; ``details`` gives ``n_used`` / ``n_total`` per side and
the medians.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from statistics import median
from typing import Any

from surveybench.metrics._refs import SURVEY_YEAR_OPTION, cited_references, generated_survey_year, reference_year, survey_year
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, lower, neutral, register
from surveybench.model import Reference, Survey

QUANTITIES = ("citations_per_year", "years_gap", "author_h_index", "venue_h_index")


def citations_per_year(ref: Reference, as_of_year: int) -> float | None:
    y = reference_year(ref)
    if ref.citation_count is None or y is None:
        return None
    return ref.citation_count / max(as_of_year - y, 1)


def years_gap(ref: Reference, year: int | None) -> float | None:
    y = reference_year(ref)
    return None if y is None or year is None else float(year - y)


def author_h_index(ref: Reference) -> float | None:
    if not ref.authors:
        return None
    first, last = ref.authors[0].h_index, ref.authors[-1].h_index
    if len(ref.authors) == 1:
        return None if first is None else float(first)
    return None if first is None or last is None else float(first + last)


def venue_h_index(ref: Reference) -> float | None:
    return None if ref.venue is None or ref.venue.h_index is None else float(ref.venue.h_index)


def reference_values(refs: Sequence[Reference], year: int | None, as_of_year: int) -> dict[str, list[float]]:
    """The four quantities over ``refs``, each list holding only the references that have it."""
    fns = {
        "citations_per_year": lambda r: citations_per_year(r, as_of_year),
        "years_gap": lambda r: years_gap(r, year),
        "author_h_index": author_h_index,
        "venue_h_index": venue_h_index,
    }
    return {q: [v for r in refs if (v := fn(r)) is not None] for q, fn in fns.items()}


def ks_test(a: Sequence[float], b: Sequence[float]) -> tuple[float | None, float | None]:
    """Two-sample KS statistic and p-value; ``(None, None)`` if a side is empty."""
    if not a or not b:
        return None, None
    from scipy.stats import ks_2samp

    res = ks_2samp(a, b)
    return float(res.statistic), float(res.pvalue)


class ReferenceDistribution:
    name = "reference_distribution"
    description = (
        "Do the generated survey's references look like the human survey's? KS distance "
        "(0 = same, 1 = disjoint) of citations/year, age, author and venue h-index; p = p-value"
    )
    paper = "SurveyGen §4.2, Fig. 3"
    _WHAT = {
        "citations_per_year": "citations per year since publication",
        "years_gap": "age at the survey's year",
        "author_h_index": "first + last author h-index",
        "venue_h_index": "venue h-index",
    }
    spec = MetricSpec(
        version="1",
        scores=(
            *(lower(f"ks_{q}", f"KS distance between the two surveys' references in {w} (0 = same distribution, 1 = no overlap)")
              for q, w in _WHAT.items()),
            # a p-value is evidence about the test, not a quality: no better side
            *(neutral(f"p_{q}", "p-value of that KS test (small = the distributions differ)", 0.0, 1.0) for q in _WHAT),
        ),
        options=(
            Option("citations_as_of_year", int, None, "year the citation counts were collected (default: this year)"),
            SURVEY_YEAR_OPTION,
        ),
    )
    requires: frozenset[str] = frozenset()

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        as_of = int(ctx.options.get("citations_as_of_year") or _dt.date.today().year)
        ref_year = survey_year(reference)
        cand_year = generated_survey_year(candidate, reference, ctx.options)
        c_refs, c_scope = cited_references(candidate)
        h_refs, h_scope = cited_references(reference)
        cv = reference_values(c_refs, cand_year, as_of)
        hv = reference_values(h_refs, ref_year or cand_year, as_of)
        scores: dict[str, float | None] = {}
        per: dict[str, Any] = {}
        reasons: dict[str, str] = {}
        for q in QUANTITIES:
            d, p = ks_test(cv[q], hv[q])
            scores[f"ks_{q}"] = d
            scores[f"p_{q}"] = p
            per[q] = {
                "n_used": len(cv[q]),
                "n_total": len(c_refs),
                "human_n_used": len(hv[q]),
                "human_n_total": len(h_refs),
                "median": median(cv[q]) if cv[q] else None,
                "human_median": median(hv[q]) if hv[q] else None,
            }
            if d is None:
                side = "generated" if not cv[q] else "human"
                per[q]["reason"] = f"no reference of the {side} survey has the metadata for {q}"
                reasons[f"ks_{q}"] = reasons[f"p_{q}"] = per[q]["reason"]
        details = {
            "quantities": per,
            "citations_as_of_year": as_of,
            "survey_year": cand_year,
            "human_survey_year": ref_year,
            "scope": c_scope,
            "human_scope": h_scope,
            "reasons": reasons,
        }
        return MetricResult(self.name, scores, details)


register(ReferenceDistribution())
