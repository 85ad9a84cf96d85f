"""Citation-set quality: how far the generated survey cites the same papers as the human one.

Papers: SurveyGen §3.2 and App. D.1 (citation P/R/F1, match = title similarity > 0.95);
SurveyX §4.1 (reference IoU).

With ``R_G`` the generated survey's references, ``R_H`` the human survey's, and ``M`` a
one-to-one matching between them::

    Precision = |M| / |R_G|      Recall = |M| / |R_H|      F1 = 2PR / (P + R)
    IoU = |R_H ∩ R_G| / |R_H ∪ R_G| = |M| / (|R_G| + |R_H| - |M|)

Matching (:func:`match_references`):

1. **Identifiers** - a pair matches when the two references share an identifier type (DOI,
   arXiv id, Semantic Scholar paper id or corpus id, OpenAlex work id) with equal normalised
   values. If they share identifier types but every shared one differs, they are different
   papers and titles are not compared.
2. **Titles** otherwise - normalised titles (:func:`surveybench.metrics._titles.normalise_title`) with
   ``difflib.SequenceMatcher`` ratio >= 0.95, the similarity and threshold of the SurveyGen
   script (rapidfuzz serves as a lossless prefilter, see :mod:`surveybench.metrics._titles`).
3. **One-to-one, greedy by best score** - all candidate pairs sorted by score (identifier
   matches count 1.0 and go first), each reference used at most once. The SurveyGen script is
   not one-to-one (every generated title takes its best human title, two generated titles can
   both count for one human reference); greedy one-to-one keeps |M| <= min(|R_G|, |R_H|) so
   IoU stays in [0, 1].

Which references count: ``citation_set`` uses the references *cited in the body* - SurveyGen's
``R_H`` are the "directly cited references" of the human survey (its script collects the titles
of in-text citations); a survey that has a reference list but no resolved in-text citation falls
back to its whole list (``details`` says so). ``citation_set_listed`` uses every reference-list
entry. Within one survey, entries with the same identifier or the same normalised title count
once; an entry with neither title (nor raw reference string) nor identifier counts but can
never match. Precision is undefined (``None``) without generated references and recall without human
ones; F1 and IoU are then 0 unless both sides are empty (then all are ``None``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from surveybench.metrics._scores import f1
from surveybench.metrics._titles import THRESHOLD, TITLE_THRESHOLD_OPTION, RefKey, dedupe, prefilter_cutoff, title_similarity
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, higher, register
from surveybench.model import Survey


@dataclass(frozen=True)
class Match:
    candidate: int  # index into the candidate key list
    reference: int  # index into the reference key list
    via: str  # "doi", "arxiv", "s2", "s2corpus", "openalex" or "title"
    similarity: float


_ID_ORDER = ("doi", "arxiv", "s2", "s2corpus", "openalex")


def match_references(
    candidate: Sequence[RefKey], reference: Sequence[RefKey], threshold: float = THRESHOLD
) -> list[Match]:
    """Greedy one-to-one matching of two reference lists by identifier, then title similarity."""
    pairs: dict[tuple[int, int], Match] = {}
    # 1. identifier matches through per-type lookup tables (no quadratic loop)
    for kind in _ID_ORDER:
        table: dict[str, list[int]] = {}
        for j, r in enumerate(reference):
            if kind in r.ids:
                table.setdefault(r.ids[kind], []).append(j)
        for i, c in enumerate(candidate):
            for j in table.get(c.ids.get(kind, "\0"), ()):
                pairs.setdefault((i, j), Match(i, j, kind, 1.0))
    # 2. title matches for pairs with no identifier type in common
    c_idx = [i for i, c in enumerate(candidate) if c.title]
    r_idx = [j for j, r in enumerate(reference) if r.title]
    if c_idx and r_idx:
        import numpy as np
        from rapidfuzz import fuzz, process

        upper = process.cdist(
            [candidate[i].title for i in c_idx],
            [reference[j].title for j in r_idx],
            scorer=fuzz.ratio,
            score_cutoff=prefilter_cutoff(threshold),
            dtype=np.float32,
            workers=1,
        )
        for a, b in zip(*np.nonzero(upper)):
            i, j = c_idx[int(a)], r_idx[int(b)]
            if (i, j) in pairs or candidate[i].ids.keys() & reference[j].ids.keys():
                continue
            sim = title_similarity(candidate[i].title, reference[j].title, threshold)
            if sim is not None:
                pairs[(i, j)] = Match(i, j, "title", sim)
    # 3. greedy one-to-one: identifiers first, then by similarity, ties in list order
    ordered = sorted(
        pairs.values(), key=lambda m: (m.via == "title", -m.similarity, m.candidate, m.reference)
    )
    used_c: set[int] = set()
    used_r: set[int] = set()
    out = []
    for m in ordered:
        if m.candidate in used_c or m.reference in used_r:
            continue
        used_c.add(m.candidate)
        used_r.add(m.reference)
        out.append(m)
    out.sort(key=lambda m: m.candidate)
    return out


def set_scores(n_candidate: int, n_reference: int, n_matched: int) -> dict[str, float | None]:
    """Precision, recall, F1 and IoU from the set sizes (see module docstring for empty sets)."""
    if n_candidate == 0 and n_reference == 0:
        return {"precision": None, "recall": None, "f1": None, "iou": None}
    p = n_matched / n_candidate if n_candidate else None
    r = n_matched / n_reference if n_reference else None
    f = f1(p, r) if p is not None and r is not None else 0.0
    iou = n_matched / (n_candidate + n_reference - n_matched)
    return {"precision": p, "recall": r, "f1": f, "iou": iou}


def survey_ref_keys(survey: Survey, scope: str) -> tuple[list[RefKey], str]:
    """Reference keys of ``survey`` for ``scope`` "cited" or "listed", and the scope actually used."""
    refs = survey.references
    if scope == "cited":
        cited = set(survey.cited_ref_ids())
        if cited:
            refs = [r for r in refs if r.id in cited]
        else:
            scope = "listed (no resolved in-text citations)"
    return dedupe([RefKey.of(r) for r in refs]), scope


def citation_set_result(
    name: str, candidate: Survey, reference: Survey, scope: str, threshold: float
) -> MetricResult:
    ck, c_scope = survey_ref_keys(candidate, scope)
    rk, r_scope = survey_ref_keys(reference, scope)
    matches = match_references(ck, rk, threshold)
    scores = set_scores(len(ck), len(rk), len(matches))
    details: dict[str, Any] = {
        "threshold": threshold,
        "candidate_references": len(ck),
        "reference_references": len(rk),
        "matched": len(matches),
        "candidate_scope": c_scope,
        "reference_scope": r_scope,
        "matched_by": {
            v: sum(1 for m in matches if m.via == v) for v in (*_ID_ORDER, "title")
        },
        "pairs": [
            {
                "candidate_id": ck[m.candidate].ref_id,
                "reference_id": rk[m.reference].ref_id,
                "candidate_title": ck[m.candidate].display,
                "reference_title": rk[m.reference].display,
                "via": m.via,
                "similarity": round(m.similarity, 4),
            }
            for m in matches
        ],
    }
    if not ck and not rk:
        details["reason"] = "neither survey has references"
    return MetricResult(name, scores, details)


class CitationSet:
    name = "citation_set"
    description = (
        "Overlap of cited papers with the human survey: precision = share of the generated "
        "survey's cited papers the human one also cites, recall = share of the human survey's "
        "cited papers the generated one also cites, F1, IoU"
    )
    paper = "SurveyGen §3.2, App. D.1; SurveyX §4.1 (IoU)"
    requires: frozenset[str] = frozenset()
    scope = "cited"
    spec = MetricSpec(
        version="1",
        scores=(
            higher("precision", "share of the generated survey's cited papers that the human survey also cites"),
            higher("recall", "share of the human survey's cited papers that the generated survey also cites"),
            higher("f1", "balance of the two (harmonic mean of precision and recall)"),
            higher("iou", "papers cited by both / papers cited by either (SurveyX IoU)"),
        ),
        options=(TITLE_THRESHOLD_OPTION,),
    )

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        threshold = float(ctx.options.get("citation_title_threshold", THRESHOLD))
        return citation_set_result(self.name, candidate, reference, self.scope, threshold)


class CitationSetListed(CitationSet):
    name = "citation_set_listed"
    description = (
        "Same as citation_set but over every reference-list entry, cited in the text or not"
    )
    scope = "listed"
    spec = MetricSpec(
        version="1",
        scores=(
            higher("precision", "share of the generated reference list that is also in the human reference list"),
            higher("recall", "share of the human reference list that is also in the generated reference list"),
            higher("f1", "balance of the two (harmonic mean of precision and recall)"),
            higher("iou", "entries in both lists / entries in either list"),
        ),
        options=(TITLE_THRESHOLD_OPTION,),
    )


register(CitationSet())
register(CitationSetListed())
