"""QUAL-SG quality-aware reranking (SurveyGen, Bao et al., EMNLP 2025, §2.4 and App. C).

Every candidate a_i in the expanded pool D_ex gets three scores:

- topical relevance ``S_t = LLM_judge(a_i, t)`` (eq. 2), a 1-5 rating with the "Topic
  Relevance Evaluation" prompt of App. I;
- academic impact ``S_a = w_C·C(a_i) + w_V·V(a_i) + w_A·A(a_i)`` (eq. 3), where each component
  is a *group-based* score: the raw indicator is mapped to one of four ordinal levels by its
  percentile rank in the pool (§2.4). App. C fixes the indicators and weights:
  C = citation count normalised by the years since publication (footnote 15), weight 0.5;
  V = venue h-index, weight 0.3; A = h-index of the first author + h-index of the last author,
  weight 0.2. (Eq. 3 writes α·C + β·A + γ·V while App. C assigns γ = 0.5 to citations and
  β = 0.3 to venues; we follow App. C's *assignment to indicators*, which is unambiguous.)
- content diversity ``S_d(a_i, S) = 1/|S| Σ_{a_j∈S} Dist(a_i, a_j)`` (eq. 4), with Dist the
  cosine distance of abstract embeddings and S the rest of the pool.

Candidates are re-ranked by their *average rank* across S_t, S_a and S_d (rank 1 = best, ties
share the average rank) and the top K are kept (K = the human survey's reference count).

Choices the paper leaves open are taken from the authors' code release
(tongbao96/SurveyGen, ``Code/paper_reranking.py``): the percentile rank is the descending
average-rank percentile (ties share their average rank) cut into quartiles, the top quarter
being level 4; an indicator that is missing is left out and eq. 3's weights are renormalised
over the known components (no indicator known: no S_a, ranked last). Where the release differs
from the paper, the paper wins: the release averages the two author h-indices, uses raw citation
counts and ranks by a weighted sum of min-max-normalised scores (weights .165/.067/.10/.33/.33),
whereas we use App. C's sum, footnote 15's per-year citations and §2.4's average rank.
Also ours: a paper without a year keeps its raw citation count; one author counts once in the
author indicator; a failed relevance judgement ranks below every rated paper; ties in the
average rank keep the pool order (similarity order).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from surveybench.model import Reference

LEVELS = 4


@dataclass(frozen=True)
class ImpactWeights:
    """Weights of eq. 3 as set in SurveyGen App. C."""

    citation: float = 0.5
    venue: float = 0.3
    author: float = 0.2


def percentile_levels(values: Sequence[float | None], levels: int = LEVELS) -> list[int | None]:
    """Group-based score: the descending percentile rank ``p = rank/n`` of each known value
    (rank 1 = highest, ties averaged) cut into ``levels`` equal bins, top bin = ``levels``:
    ``level = levels + 1 - ceil(levels·p)``. None stays None."""
    from scipy.stats import rankdata

    known = [i for i, v in enumerate(values) if v is not None]
    out: list[int | None] = [None] * len(values)
    if not known:
        return out
    ranks = rankdata([-float(values[i]) for i in known], method="average")  # type: ignore[arg-type]
    n = len(known)
    for i, r in zip(known, ranks, strict=True):
        p = float(r) / n
        out[i] = levels + 1 - min(levels, max(1, math.ceil(levels * p - 1e-9)))
    return out


def citation_indicator(ref: Reference, as_of_year: int) -> float | None:
    """Citations per year since publication (SurveyGen App. C, footnote 15)."""
    if ref.citation_count is None:
        return None
    if ref.year is None:
        return float(ref.citation_count)
    return ref.citation_count / max(1, as_of_year - ref.year)


def author_indicator(ref: Reference) -> float | None:
    """h-index of the first author + h-index of the last author (App. C); one author counts once."""
    if not ref.authors:
        return None
    ends = [ref.authors[0]] if len(ref.authors) == 1 else [ref.authors[0], ref.authors[-1]]
    known = [a.h_index for a in ends if a.h_index is not None]
    return float(sum(known)) if known else None


def venue_indicator(ref: Reference) -> float | None:
    """Venue h-index (App. C)."""
    return float(ref.venue.h_index) if ref.venue and ref.venue.h_index is not None else None


def academic_impact(
    citation_levels: Sequence[int | None],
    venue_levels: Sequence[int | None],
    author_levels: Sequence[int | None],
    weights: ImpactWeights = ImpactWeights(),
) -> list[float | None]:
    """Eq. 3 on group-based levels; weights renormalised over the known components."""
    out: list[float | None] = []
    for c, v, a in zip(citation_levels, venue_levels, author_levels, strict=True):
        parts = [(weights.citation, c), (weights.venue, v), (weights.author, a)]
        known = [(w, x) for w, x in parts if x is not None]
        wsum = sum(w for w, _ in known)
        out.append(sum(w * x for w, x in known) / wsum if known and wsum > 0 else None)
    return out


def impact_scores(
    refs: Sequence[Reference], as_of_year: int, weights: ImpactWeights = ImpactWeights()
) -> list[float | None]:
    return academic_impact(
        percentile_levels([citation_indicator(r, as_of_year) for r in refs]),
        percentile_levels([venue_indicator(r) for r in refs]),
        percentile_levels([author_indicator(r) for r in refs]),
        weights,
    )


def diversity_scores(vectors: np.ndarray) -> list[float]:
    """Eq. 4: mean cosine distance of each row to every *other* row (rows L2-normalised)."""
    n = len(vectors)
    if n < 2:
        return [0.0] * n
    sims = vectors @ vectors.T
    dist = 1.0 - sims
    np.fill_diagonal(dist, 0.0)
    return [float(x) for x in dist.sum(axis=1) / (n - 1)]


def ranks_desc(scores: Sequence[float | None]) -> list[float]:
    """Rank 1 = highest score; ties share their average rank; None ranks after every value."""
    from scipy.stats import rankdata

    worst = -math.inf
    keyed = [-(s if s is not None else worst) for s in scores]
    return [float(r) for r in rankdata(keyed, method="average")]


def average_ranks(*criteria: Sequence[float | None]) -> list[float]:
    per = [ranks_desc(c) for c in criteria]
    return [sum(rs) / len(rs) for rs in zip(*per, strict=True)]


def select_top_k(
    relevance: Sequence[float | None],
    impact: Sequence[float | None],
    diversity: Sequence[float],
    k: int,
) -> list[int]:
    """Indices of the K candidates with the best average rank over S_t, S_a, S_d (§2.4)."""
    avg = average_ranks(relevance, impact, diversity)
    order = sorted(range(len(avg)), key=lambda i: (avg[i], i))
    return order[: max(0, k)]
