"""Statistics over evaluation results: bootstrap CIs, paired tests, per-domain ANOVA, and
the CSV / Markdown / LaTeX tables ``surveybench report`` writes."""

from surveybench.analysis.results import load_manifests, load_results, ok_scores
from surveybench.analysis.stats import (
    CI,
    bootstrap_ci,
    domain_anova,
    paired_test,
    paired_tests,
    summarise,
)

__all__ = [
    "CI", "bootstrap_ci", "domain_anova", "load_manifests", "load_results", "ok_scores",
    "paired_test", "paired_tests", "summarise",
]
