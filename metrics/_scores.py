"""F1, the one place it is computed (ROUGE, BERTScore, citation-set and citation-NLI F1 all call
:func:`f1`)."""

from __future__ import annotations


def f1(precision: float, recall: float) -> float:
    """Harmonic mean ``2PR / (P + R)``; 0 when ``P + R`` is 0.

    The expression and its operation order are ``rouge_score.scoring.fmeasure``'s, so ROUGE
    F-scores stay bit-identical to ``rouge-score`` (tested in tests/test_metric_rouge.py).
    ``!= 0`` rather than ``> 0``: BERTScore's precision and recall can be negative.
    """
    if precision + recall != 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0
