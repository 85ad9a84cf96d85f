"""Citation accuracy: the share of the generated survey's references that are real papers.

Paper: SurveyGen §3.2 ("for Task 1, we compute citation accuracy to check whether the generated
references are fabricated or hallucinated") and Table 2 ("Acc" - the generated references are
factually accurate and correspond to real papers). Task 1 is topic-only generation, where the
LLM writes its own reference list from memory.

    Accuracy = |{g in R_G : g's title is in the index}| / |{g in R_G with a title}|

``R_G`` is every entry of the generated survey's reference list (an invented entry is a
fabrication whether or not the text cites it), deduplicated as in :mod:`surveybench.metrics.citation_set`.
"In the index" means an indexed title with normalised-title ``difflib`` similarity >= 0.95 -
the same rule that matches references in citation-set quality (:mod:`surveybench.metrics._titles`); the
index of real titles (:class:`surveybench.metrics.title_index.TitleIndex`) comes from the metric context
(resource ``title_index``). Entries with neither a title nor a raw reference string cannot be
checked; they are left out of the ratio and counted in ``details``. The human survey is not used.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from surveybench.metrics._titles import THRESHOLD, TITLE_THRESHOLD_OPTION, RefKey, dedupe
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, ResourceDecl, ResourceSettings, higher, register
from surveybench.metrics.title_index import Lookup, TitleIndex
from surveybench.model import Survey


def citation_accuracy(lookups: Sequence[Lookup]) -> float | None:
    """Share of looked-up references that were found; ``None`` when there are none."""
    if not lookups:
        return None
    return sum(1 for x in lookups if x.found) / len(lookups)


def _build_title_index(settings: ResourceSettings, ctx: MetricContext) -> TitleIndex:
    assert settings.title_index is not None  # no identity, no build
    return TitleIndex.open(Path(settings.title_index))


def _title_index_identity(settings: ResourceSettings) -> str | None:
    """The index file and its modification stamp: a rebuilt index gives new unit keys."""
    if not settings.title_index:
        return None
    path = Path(settings.title_index)
    stamp = path.stat().st_mtime_ns if path.exists() else 0
    return f"{path.resolve()}@{stamp}"


class CitationAccuracy:
    name = "citation_accuracy"
    description = (
        "Share of the generated survey's references that are real papers (found in an index of "
        "real titles); low values mean invented references"
    )
    paper = "SurveyGen §3.2, Table 2 (Acc)"
    requires = frozenset({"title_index"})
    provides = (ResourceDecl("title_index", build=_build_title_index, identity=_title_index_identity),)
    spec = MetricSpec(
        version="1",
        scores=(higher("accuracy", "share of the generated survey's references found in the index of real papers (the rest may be invented)"),),
        options=(TITLE_THRESHOLD_OPTION,),
    )

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        index: TitleIndex = ctx.get("title_index")
        threshold = float(ctx.options.get("citation_title_threshold", THRESHOLD))
        keys = dedupe([RefKey.of(r) for r in candidate.references])
        checkable = [k for k in keys if k.title]
        lookups = [index.lookup(k.display, threshold) for k in checkable]
        acc = citation_accuracy(lookups)
        details: dict[str, Any] = {
            "threshold": threshold,
            "index_size": index.size,
            "references": len(keys),
            "checked": len(checkable),
            "without_title": len(keys) - len(checkable),
            "found": sum(1 for x in lookups if x.found),
            "found_exact": sum(1 for x in lookups if x.via == "exact"),
            "found_fuzzy": sum(1 for x in lookups if x.via == "fuzzy"),
            "lookups": [
                {
                    "reference_id": k.ref_id,
                    "title": k.display,
                    "found": x.found,
                    "via": x.via,
                    "similarity": None if x.similarity is None else round(x.similarity, 4),
                    "index_title": x.title,
                }
                for k, x in zip(checkable, lookups)
            ],
        }
        if acc is None:
            details["reason"] = "the generated survey has no reference with a title to check"
        return MetricResult(self.name, {"accuracy": acc}, details)


register(CitationAccuracy())
