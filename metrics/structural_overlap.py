"""Structural overlap of section titles (SurveyGen, Bao et al., EMNLP 2025, §3.2 and App. D.1).

Both surveys' section titles are taken without non-content sections (references,
acknowledgements, funding, author contributions, competing interests, supplementary material,
appendices — SurveyGen App. C; :attr:`Section.is_content` and
:func:`~surveybench.model.is_non_content_title`, also for any section under such a section) and
without their printed numbering ("2.3", "III-A", "IV", "A."). Titles are embedded, and the
cosine matrix ``S`` (rows: generated titles ``G``, columns: human titles ``H``) is matched
greedily one-to-one: all pairs in order of decreasing cosine (ties: lower generated index first,
then lower human index, as a stable sort of the SurveyGen script's row-major pair list), a pair
is taken when its cosine is >= 0.8 and neither title is matched yet. With ``m`` matches:

    S_struct = 2·m / (|H| + |G|)                          (SurveyGen App. D.1)

so identical outlines score 1.0. The public SurveyGen evaluation script
(``Code/6-evaluation.py``, ``structural_consistency``) divides without the factor 2,
``m / (|H| + |G|)``, whose maximum is 0.5; ``details[...]["script_score"]`` gives that variant
for comparison with numbers computed by the script.

Reported over top-level sections (``top_level``) and over sections of every level
(``all_levels``), each with the matched pairs and their cosines. The top level is the highest
level holding at least two content sections: a single heading above everything else is the
survey's title rendered as a heading (common in Markdown output), and is left out. When both sides have no
titles the score is ``None``; when one side has none it is 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, higher, register
from surveybench.model import Section, Survey, is_non_content_title

THRESHOLD = 0.8

# Printed numbering at the start of a heading: "2", "2.3.1", "4.", "IV", "III-A", "III-H1",
# "A.", "a)", "A.1". Upper-case roman numerals up to XXXIX only, so "Civil ..." and "CL ..."
# keep their first word; a lone letter only with "." or ")", so "A Survey of ..." keeps its "A".
_NUMBERING = re.compile(
    r"""^\s*(?:
        \d+(?:\.\d+)*[.)]?
      | (?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})(?:[-.][A-Z0-9]+)*[.):]?
      | [A-Za-z][.)](?:\d+(?:\.\d+)*\.?)?
      | [A-Z]\.\d+(?:\.\d+)*\.?
    )\s+""",
    re.VERBOSE,
)
_EMPHASIS = re.compile(r"[*_`#]+")


def clean_title(title: str, number: str | None = None) -> str:
    """A heading without Markdown emphasis, its printed number and trailing colon."""
    t = _EMPHASIS.sub("", title).strip()
    if number and t.startswith(number):
        t = t[len(number) :].lstrip(" .:)-\t")
    t = _NUMBERING.sub("", t, count=1).strip()
    return t.rstrip(":").strip()


def structure_titles(survey: Survey, *, top_level_only: bool) -> list[str]:
    """Cleaned titles of the content sections (top level only, or every level), in order."""
    by_index = {s.index: s for s in survey.sections}

    def excluded(s: Section) -> bool:
        seen: set[int] = set()
        cur: Section | None = s
        while cur is not None and cur.index not in seen:
            seen.add(cur.index)
            if not cur.is_content or is_non_content_title(cur.title):
                return True
            cur = by_index.get(cur.parent) if cur.parent is not None else None
        return False

    kept = [s for s in survey.sections if not excluded(s)]
    # A lone section above all others is the document title as a heading ("# Survey of X" over
    # "## 1 Introduction" ...), not a section: the top level is the first with two or more.
    levels = sorted({s.level for s in kept})
    top = levels[0] if levels else 1
    for lv in levels:
        top = lv
        if sum(1 for s in kept if s.level == lv) >= 2:
            break
    out: list[str] = []
    for s in kept:
        if s.level < top or (top_level_only and s.level != top):
            continue
        t = clean_title(s.title, s.number)
        if t:
            out.append(t)
    return out


# ---- the pure heart ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    generated: int  # row of the similarity matrix
    human: int  # column
    cosine: float


def greedy_matches(sim: np.ndarray, threshold: float = THRESHOLD) -> list[Match]:
    """Greedy one-to-one matching on a ``(|G|, |H|)`` similarity matrix (see module docstring)."""
    sim = np.asarray(sim, dtype=np.float64)
    if sim.ndim != 2:
        raise ValueError(f"similarity matrix must be 2-D, got shape {sim.shape}")
    if sim.size == 0:
        return []
    rows, cols = np.nonzero(sim >= threshold)
    vals = sim[rows, cols]
    # lexsort: last key is primary -> decreasing cosine, then row, then column.
    order = np.lexsort((cols, rows, -vals))
    used_r: set[int] = set()
    used_c: set[int] = set()
    out: list[Match] = []
    for k in order:
        r, c = int(rows[k]), int(cols[k])
        if r in used_r or c in used_c:
            continue
        used_r.add(r)
        used_c.add(c)
        out.append(Match(r, c, float(vals[k])))
    return out


def overlap_score(n_matches: int, n_human: int, n_generated: int) -> float | None:
    """SurveyGen App. D.1: ``2·m / (|H| + |G|)``; ``None`` when both sides are empty."""
    total = n_human + n_generated
    return None if total == 0 else 2.0 * n_matches / total


def script_overlap_score(n_matches: int, n_human: int, n_generated: int) -> float | None:
    """The public SurveyGen script's variant ``m / (|H| + |G|)`` (no factor 2; max 0.5)."""
    total = n_human + n_generated
    return None if total == 0 else n_matches / total


def title_overlap(
    generated: list[str], human: list[str], sim: np.ndarray, threshold: float = THRESHOLD
) -> dict[str, Any]:
    """Score and evidence for one pair of title lists and their ``(|G|, |H|)`` cosine matrix."""
    if sim.shape != (len(generated), len(human)):
        raise ValueError(f"similarity matrix {sim.shape} does not fit {len(generated)}x{len(human)} titles")
    matches = greedy_matches(sim, threshold)
    m, h, g = len(matches), len(human), len(generated)
    return {
        "score": overlap_score(m, h, g),
        "script_score": script_overlap_score(m, h, g),
        "n_generated": g,
        "n_human": h,
        "n_matches": m,
        "pairs": [
            {"generated": generated[x.generated], "human": human[x.human], "cosine": round(x.cosine, 6)}
            for x in matches
        ],
        "unmatched_human": [t for i, t in enumerate(human) if i not in {x.human for x in matches}],
    }


# ---- the registered metric ----------------------------------------------------------------------


class StructuralOverlap:
    name = "structural_overlap"
    description = (
        "Share of section titles the two outlines have in common (titles matched one-to-one when "
        "their embedding cosine >= 0.8): 2*matches/(human+generated), 1.0 = same outline"
    )
    paper = "SurveyGen §3.2, App. D.1"
    spec = MetricSpec(
        version="1",
        scores=(
            higher("top_level", "share of top-level section titles the two outlines have in common "
                   "(2*matches/(human+generated), titles matched one-to-one at embedding cosine >= 0.8; 1.0 = same outline)"),
            higher("all_levels", "the same over the section titles of every level"),
        ),
        options=(Option("structural_overlap_threshold", float, THRESHOLD,
                        "embedding cosine at which two section titles match (SurveyGen App. D.1: 0.8)"),),
    )
    requires = frozenset({"embedder"})

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        embedder = ctx.get("embedder")
        threshold = float(ctx.options.get("structural_overlap_threshold", THRESHOLD))
        levels = {
            "top_level": (structure_titles(candidate, top_level_only=True), structure_titles(reference, top_level_only=True)),
            "all_levels": (structure_titles(candidate, top_level_only=False), structure_titles(reference, top_level_only=False)),
        }
        unique = list(dict.fromkeys(t for g, h in levels.values() for t in (*g, *h)))
        vec = dict(zip(unique, embedder.encode(unique))) if unique else {}
        scores: dict[str, float | None] = {}
        details: dict[str, Any] = {
            "threshold": threshold,
            "embedding_model": getattr(embedder, "model_id", None),
            "formula": "2*matches/(n_human+n_generated); script_score = matches/(n_human+n_generated)",
        }
        for level, (gen, hum) in levels.items():
            if gen and hum:
                sim = np.stack([vec[t] for t in gen]) @ np.stack([vec[t] for t in hum]).T
            else:
                sim = np.zeros((len(gen), len(hum)))
            res = title_overlap(gen, hum, sim, threshold)
            scores[level] = res["score"]
            if res["score"] is None:
                res["reason"] = "neither survey has content section titles"
            details[level] = res
        return MetricResult(metric=self.name, scores=scores, details=details)


register(StructuralOverlap())
