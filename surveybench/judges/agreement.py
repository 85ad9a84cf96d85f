"""Agreement between judges of a panel (AutoSurvey §3 multi-LLM-as-judge; InteractiveSurvey
Tables 2-3 report per-judge scores and their mean).

Pure functions over a ratings matrix: one row per judge, one column per rated item, ``None``
where a judge gave no usable answer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

import numpy as np

Ratings = Sequence[Sequence[float | None]]


def _matrix(ratings: Ratings) -> np.ndarray:
    rows = [[np.nan if v is None else float(v) for v in row] for row in ratings]
    if len({len(r) for r in rows}) > 1:
        raise ValueError("every judge's row must rate the same items")
    return np.asarray(rows, dtype=float)


def krippendorff_alpha(ratings: Ratings, level: str = "ordinal") -> float | None:
    """Krippendorff's alpha of the judges' ratings (``krippendorff`` package).

    ``level``: ``nominal``, ``ordinal`` (default: rubric scores 1-5 are ordered categories),
    ``interval`` or ``ratio``. Items rated by fewer than two judges do not count. None when alpha
    is undefined: fewer than two judges, no item with two ratings, or one value used throughout
    (no disagreement possible, expected disagreement is 0).
    """
    import krippendorff

    data = _matrix(ratings)
    if data.shape[0] < 2 or data.size == 0:
        return None
    pairable = (~np.isnan(data)).sum(axis=0) >= 2
    if not pairable.any():
        return None
    values = np.unique(data[:, pairable][~np.isnan(data[:, pairable])])
    if len(values) < 2:
        return None
    alpha = krippendorff.alpha(reliability_data=data, level_of_measurement=level)
    return None if math.isnan(alpha) else float(alpha)


def pairwise_spearman(
    ratings: Ratings, names: Sequence[str] | None = None
) -> dict[tuple[str, str], float | None]:
    """Spearman's rho for every pair of judges, over the items both rated.

    None for a pair with fewer than 3 common items or a constant row (rho undefined).
    """
    from scipy.stats import spearmanr

    data = _matrix(ratings)
    names = list(names) if names is not None else [str(i) for i in range(data.shape[0])]
    out: dict[tuple[str, str], float | None] = {}
    for (i, a), (j, b) in combinations(enumerate(names), 2):
        both = ~np.isnan(data[i]) & ~np.isnan(data[j])
        x, y = data[i, both], data[j, both]
        if both.sum() < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
            out[(a, b)] = None
            continue
        rho = spearmanr(x, y).statistic
        out[(a, b)] = None if math.isnan(rho) else float(rho)
    return out


def mean_pairwise_spearman(ratings: Ratings) -> float | None:
    rhos = [r for r in pairwise_spearman(ratings).values() if r is not None]
    return float(np.mean(rhos)) if rhos else None


def item_means(ratings: Ratings) -> list[float | None]:
    """Per item, the mean over the judges that rated it (None if none did)."""
    data = _matrix(ratings)
    out: list[float | None] = []
    for col in data.T:
        ok = col[~np.isnan(col)]
        out.append(float(ok.mean()) if ok.size else None)
    return out
