"""Every knob the baseline papers set or vary, in one typed, checked place.

Defaults are the papers' values (``GenerationSettings.paper()``):

- SurveyGen (Bao et al., EMNLP 2025): App. C retrieves the **300** papers most similar to the
  topic (published before the survey), adds the **50** most frequently co-cited works
  (co-citation = cited by at least **2** papers of the set, §2.4), weights academic impact
  0.5 citations / 0.3 venue / 0.2 authors (App. C), and keeps K = the human survey's
  reference count (§2.4, App. C). The outline prompt asks for 3 to 7 sections (App. I). The
  paper gives no decoding temperature; 0 (deterministic) is used.
- AutoSurvey (Wang et al., 2024): §4 "Setup" retrieves **1,200** papers for the outline, split
  into chunks of **30,000** tokens, **8** sections, **60** papers per subsection (their first
  1,500 tokens; we hold abstracts), **N = 2** trials; App. B calls the API at
  **temperature = 1**. The subsection word count is not given in the paper; the authors'
  release defaults to 500 words.

``GenerationSettings.tiny()`` is the preset for the tiny in-process judge (SmolLM2-135M, 8k
context on a laptop CPU): the same steps with small sizes, so a run checks the pipeline in
minutes. Its reference budget K is 12 instead of the human survey's count (114 on the SurveyGen
example): the SurveyGen prompts list every selected paper, and 114 of them are ~5k prompt tokens
per call, a minute each at the ~100 tokens/s this CPU prefills. It is chosen automatically for
that judge and printed; any option given explicitly (``--budget``) wins over the preset.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any


class SettingsError(ValueError):
    """An option value outside its allowed range (names the option)."""


@dataclass(frozen=True)
class GenerationSettings:
    # decoding (all baselines)
    temperature: float = 0.0
    seed: int | None = None
    max_tokens: int = 2048  # per reply
    abstract_chars: int = 700  # abstract characters shown per paper in a prompt
    min_sections: int = 3  # SurveyGen App. I: "3 to 7 major thematic sections"
    max_sections: int = 7
    max_subsections: int = 6  # bound used only by the local judge's grammar
    # retrieval
    budget: int | None = None  # K; None = the human survey's reference count (else 50)
    # index search: "dense" = cosine of embeddings (SurveyGen eq. 1, AutoSurvey App. B),
    # "bm25", or "hybrid" = reciprocal rank fusion of both
    retrieval: str = "dense"
    # QUAL-SG (SurveyGen §2.4, App. C)
    qualsg_initial_n: int = 300
    qualsg_co_cited: int = 50
    qualsg_min_citers: int = 2
    qualsg_w_citation: float = 0.5
    qualsg_w_venue: float = 0.3
    qualsg_w_author: float = 0.2
    # AutoSurvey (§4 Setup, App. B)
    autosurvey_initial_n: int = 1200
    autosurvey_chunk_tokens: int = 30_000
    autosurvey_sections: int = 8
    autosurvey_papers_per_subsection: int = 60
    autosurvey_paper_tokens: int = 1500
    autosurvey_word_num: int = 500
    autosurvey_trials: int = 2
    autosurvey_temperature: float = 1.0
    autosurvey_reflect: bool = True
    autosurvey_refine: bool = True

    # -- presets ----------------------------------------------------------------------------
    @classmethod
    def paper(cls) -> GenerationSettings:
        return cls()

    @classmethod
    def tiny(cls) -> GenerationSettings:
        """Small sizes for the tiny local judge: pipeline checks in minutes, not results."""
        return cls(
            budget=12, max_tokens=192, abstract_chars=80, min_sections=2, max_sections=2,
            max_subsections=1, qualsg_initial_n=24, qualsg_co_cited=12,
            autosurvey_initial_n=24, autosurvey_chunk_tokens=1500, autosurvey_sections=2,
            autosurvey_papers_per_subsection=3, autosurvey_paper_tokens=40,
            autosurvey_word_num=80, autosurvey_trials=2,
        )

    # -- checking ---------------------------------------------------------------------------
    def __post_init__(self) -> None:
        def need(ok: bool, name: str, what: str) -> None:
            if not ok:
                raise SettingsError(f"{name.replace('_', '-')}: {what}, got {getattr(self, name)!r}")

        need(0.0 <= self.temperature <= 2.0, "temperature", "must be in 0..2")
        need(0.0 <= self.autosurvey_temperature <= 2.0, "autosurvey_temperature", "must be in 0..2")
        need(self.retrieval in ("dense", "bm25", "hybrid"), "retrieval", "must be dense, bm25 or hybrid")
        need(self.max_tokens >= 16, "max_tokens", "must be at least 16")
        need(self.abstract_chars >= 0, "abstract_chars", "must be >= 0")
        need(1 <= self.min_sections <= self.max_sections, "min_sections",
             "must be >= 1 and <= max-sections")
        need(self.max_subsections >= 0, "max_subsections", "must be >= 0")
        need(self.budget is None or self.budget >= 1, "budget", "must be at least 1")
        for name in ("qualsg_initial_n", "autosurvey_initial_n", "autosurvey_sections",
                     "autosurvey_papers_per_subsection", "autosurvey_trials",
                     "autosurvey_paper_tokens", "autosurvey_word_num", "qualsg_min_citers"):
            need(getattr(self, name) >= 1, name, "must be at least 1")
        need(self.qualsg_co_cited >= 0, "qualsg_co_cited", "must be >= 0")
        need(self.autosurvey_chunk_tokens >= 256, "autosurvey_chunk_tokens", "must be >= 256")
        weights = (self.qualsg_w_citation, self.qualsg_w_venue, self.qualsg_w_author)
        need(all(w >= 0 and math.isfinite(w) for w in weights) and sum(weights) > 0,
             "qualsg_w_citation", "impact weights must be finite, >= 0 and not all 0")

    def replace(self, **changes: Any) -> GenerationSettings:
        """A copy with ``changes`` (None values are ignored: "not given")."""
        given = {k: v for k, v in changes.items() if v is not None}
        unknown = set(given) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise SettingsError(f"unknown settings {sorted(unknown)}")
        return dataclasses.replace(self, **given)

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def budget_for(self, gold_count: int | None) -> int:
        """K: the explicit budget, else the human survey's reference count (SurveyGen App. C),
        else 50 when no human survey is known (App. C's co-citation size as a round default)."""
        if self.budget is not None:
            return self.budget
        return gold_count if gold_count else 50


def preset_for(judge_is_tiny: bool) -> tuple[str, GenerationSettings]:
    return ("tiny", GenerationSettings.tiny()) if judge_is_tiny else ("paper", GenerationSettings.paper())
