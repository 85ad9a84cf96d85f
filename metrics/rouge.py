"""ROUGE-1, ROUGE-2, ROUGE-L and ROUGE-Lsum of the generated survey against the human one.

Paper: SurveyGen §3.2 ("Content quality evaluation": ROUGE quantifies textual overlap) and the
public SurveyGen evaluation script, which calls
``rouge_scorer.RougeScorer(['rouge1', 'rouge2', 'rougeLsum'], use_stemmer=True)
.score(gold_text, generated_text)``; ROUGE itself is Lin (2004).

Formulas (``rouge-score`` semantics; T = human tokens, G = generated tokens):

* ROUGE-N: ``overlap = Σ_g min(count_T(g), count_G(g))`` over n-grams ``g``;
  ``P = overlap / |n-grams(G)|``, ``R = overlap / |n-grams(T)|``.
* ROUGE-L: ``P = LCS(T, G) / |G|``, ``R = LCS(T, G) / |T|``.
* ROUGE-Lsum (summary-level LCS, Lin 2004 §3.2): texts are split on newlines; for each human
  line ``r`` the union of the LCS index sets of ``r`` with every generated line gives the hits,
  each token counted at most as often as it occurs on both sides.
* ``F = 2PR / (P + R)``.

Tokens: lower-cased, non-alphanumerics replaced by spaces, Porter-stemmed when longer than three
characters (``use_stemmer=True``). :mod:`surveybench.metrics._rouge_fast` computes the identical floats in
a fraction of the time (equality tested against ``rouge-score``).

Text that goes in: the *body text* of each survey - the paragraphs of content sections in
document order (title, headings, references, acknowledgements and appendices left out), with
citation markers cut out by their character spans so that bracketed numbers do not count as
overlapping words. Paragraphs are joined by ``"\\n"``, so ROUGE-Lsum works on paragraphs as
its "sentences", as in the SurveyGen script (``"\\n".join(paragraph texts)``).
"""

from __future__ import annotations

from surveybench.metrics._rouge_fast import ROUGE_TYPES, Score, score
from surveybench.metrics._text import prose_paragraphs
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, higher, register
from surveybench.model import Survey


def rouge_scores(reference_text: str, candidate_text: str) -> dict[str, Score]:
    """ROUGE-1/2/L/Lsum (P, R, F) of ``candidate_text`` against ``reference_text``; pure."""
    return score(reference_text, candidate_text, ROUGE_TYPES, use_stemmer=True)


def survey_text(survey: Survey) -> str:
    """The text ROUGE reads: content paragraphs, markers removed, one paragraph per line."""
    return "\n".join(prose_paragraphs(survey))


class Rouge:
    name = "rouge"
    description = (
        "Word overlap with the human survey's text (ROUGE F-score, 0-1): rouge1 single words, "
        "rouge2 word pairs, rougeL/rougeLsum longest shared word sequence"
    )
    paper = "SurveyGen §3.2; Lin 2004"
    spec = MetricSpec(
        version="1",
        scores=(
            higher("rouge1", "word overlap with the human survey's text (F-score of shared words, 0-1)"),
            higher("rouge2", "overlap of two-word sequences with the human text (F-score, 0-1)"),
            higher("rougeL", "longest run of words shared in the same order, whole text (F-score, 0-1)"),
            higher("rougeLsum", "longest shared word sequences paragraph by paragraph, combined (F-score, 0-1)"),
        ),
    )
    requires: frozenset[str] = frozenset()

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        ref_text, cand_text = survey_text(reference), survey_text(candidate)
        details: dict = {
            "text": "content paragraphs, citation markers removed, one paragraph per line",
            "reference_chars": len(ref_text),
            "candidate_chars": len(cand_text),
        }
        if not ref_text.strip() or not cand_text.strip():
            empty = "human" if not ref_text.strip() else "generated"
            details["reason"] = f"the {empty} survey has no body text"
            return MetricResult(self.name, {t: None for t in ROUGE_TYPES}, details)
        result = rouge_scores(ref_text, cand_text)
        details["precision"] = {t: s.precision for t, s in result.items()}
        details["recall"] = {t: s.recall for t, s in result.items()}
        return MetricResult(self.name, {t: s.fmeasure for t, s in result.items()}, details)


register(Rouge())
