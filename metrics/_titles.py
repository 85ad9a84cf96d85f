"""Title normalisation, title similarity and reference identifiers shared by the citation metrics.

Similarity is the one the SurveyGen evaluation script uses (``textual_similarity``):
``difflib.SequenceMatcher(None, a, b).ratio()`` = ``2·M / (|a| + |b|)`` with ``M`` the characters
in the matching blocks difflib finds. Those blocks form a common subsequence, so ``M <= LCS(a,
b)`` and the ratio never exceeds rapidfuzz's ``fuzz.ratio / 100`` (``2·LCS / (|a| + |b|)``, the
normalised Indel similarity). That makes ``fuzz.ratio >= 95`` a *lossless* prefilter for
``difflib ratio >= 0.95``: rapidfuzz (C++) rejects almost every pair and difflib only confirms
the few survivors, so results equal a plain difflib loop.

Normalisation differs from the SurveyGen script on purpose (it only lower-cases, collapses
spaces and trims punctuation at the ends): we also fold Unicode accents and compatibility forms,
drop LaTeX markup (``{\\"o}`` -> ``o``, ``\\emph{X}`` -> ``x``, ``$\\alpha$`` -> ``α``) and turn every
run of non-alphanumerics into one space, so "BERT: Pre-training..." and "BERT - Pre-Training..."
are the same title.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
import re
import unicodedata
from dataclasses import dataclass

from surveybench.metrics.base import Option
from surveybench.model import Reference, normalise_arxiv_id, normalise_doi

THRESHOLD = 0.95  # SurveyGen App. D.1 ("textual similarity exceeds 0.95"), script TITLE_TEXTUAL_THR
# read by every metric that matches titles, so one --option sets it for all of them
TITLE_THRESHOLD_OPTION = Option(
    "citation_title_threshold", float, THRESHOLD,
    "difflib ratio of normalised titles at which two references are the same paper (SurveyGen: 0.95)",
)

_GREEK = {
    name: chr(code)
    for name, code in zip(
        "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho "
        "sigma tau upsilon phi chi psi omega".split(),
        [0x3B1 + i for i in range(17)] + [0x3C3 + i for i in range(7)],
    )
}
_LATEX_CMD = re.compile(r"\\([a-zA-Z]+)\*?\s*")
_LATEX_SYMBOL = re.compile(r"\\[^a-zA-Z\s]")  # accents \" \' \` \^ \~ \= \. and escapes \& \%
_TEX_DROP = str.maketrans("", "", "{}$")
_NON_ALNUM = re.compile(r"[\W_]+")
_SIMPLE = re.compile(r"[a-z0-9 ]*")


def _latex_cmd(m: re.Match) -> str:
    return _GREEK.get(m.group(1).lower(), " " if m.group(1) in ("and", "quad") else "")


def normalise_title(title: str | None) -> str:
    """Lower-case, accent-free, markup-free title with single spaces between alphanumeric words."""
    if not title:
        return ""
    t = title
    if "\\" in t:
        t = _LATEX_CMD.sub(_latex_cmd, t)
        t = _LATEX_SYMBOL.sub("", t)
    if "{" in t or "$" in t:
        # TeX grouping and math delimiters carry no letters: {\"o} -> o, not "o" between spaces
        t = t.translate(_TEX_DROP)
    if not t.isascii():
        t = unicodedata.normalize("NFKD", t)
        t = "".join(ch for ch in t if not unicodedata.combining(ch))
    t = t.casefold()
    if _SIMPLE.fullmatch(t) and "  " not in t:
        return t.strip()
    return " ".join(_NON_ALNUM.sub(" ", t).split())


def difflib_ratio(a: str, b: str) -> float:
    """``difflib.SequenceMatcher(None, a, b).ratio()`` - the SurveyGen script's similarity."""
    return difflib.SequenceMatcher(None, a, b).ratio()


def title_similarity(a: str, b: str, threshold: float = THRESHOLD) -> float | None:
    """difflib ratio of two *normalised* titles when it is >= ``threshold``, else ``None``.

    rapidfuzz's ratio is an upper bound of difflib's, so pairs it puts below the threshold
    are skipped without running difflib.
    """
    from rapidfuzz import fuzz

    if not a or not b:
        return None
    if a == b:
        return 1.0
    if fuzz.ratio(a, b, score_cutoff=prefilter_cutoff(threshold)) == 0:
        return None
    r = difflib_ratio(a, b)
    return r if r >= threshold else None


def prefilter_cutoff(threshold: float) -> float:
    # A hair below 100·threshold so float rounding can never reject a pair difflib accepts.
    return max(0.0, threshold * 100 - 1e-6)


# ---- identifiers ------------------------------------------------------------------------------

_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$")
_OPENALEX = re.compile(r"(W\d+)", re.I)


def reference_ids(ref: Reference) -> dict[str, str]:
    """Normalised identifiers of a reference by type: doi, arxiv, s2, s2corpus, openalex.

    An arXiv DOI (``10.48550/arXiv.2101.00001``) counts as the arXiv id, not as a DOI, so a
    preprint and its journal version are not declared different papers by their DOIs.
    """
    ids: dict[str, str] = {}
    doi = normalise_doi(ref.doi)
    if doi:
        m = _ARXIV_DOI.match(doi)
        if m:
            arx = normalise_arxiv_id(m.group(1))
            if arx:
                ids["arxiv"] = arx
        else:
            ids["doi"] = doi
    arx = normalise_arxiv_id(ref.arxiv_id)
    if arx:
        ids["arxiv"] = arx
    if ref.s2_paper_id and ref.s2_paper_id.strip():
        ids["s2"] = ref.s2_paper_id.strip().lower()
    if ref.s2_corpus_id and str(ref.s2_corpus_id).strip():
        ids["s2corpus"] = str(ref.s2_corpus_id).strip()
    if ref.openalex_id:
        m = _OPENALEX.search(ref.openalex_id)
        if m:
            ids["openalex"] = m.group(1).upper()
    return ids


@dataclass(frozen=True)
class RefKey:
    """What matching needs from one reference: its id, identifiers and normalised title."""

    ref_id: str
    ids: dict[str, str]
    title: str  # normalised; "" when the reference has neither title nor raw string
    display: str  # title as printed (for details)

    @classmethod
    def of(cls, ref: Reference) -> "RefKey":
        text = ref.title or ref.raw or ""
        return cls(ref.id, reference_ids(ref), normalise_title(text), text)


def dedupe(keys: Sequence[RefKey]) -> list[RefKey]:
    """Drop later entries that repeat an earlier entry's identifier or normalised title."""
    seen: set[tuple[str, str]] = set()
    out = []
    for k in keys:
        marks = {(t, v) for t, v in k.ids.items()}
        if k.title:
            marks.add(("title", k.title))
        if marks and marks & seen:
            continue
        seen |= marks
        out.append(k)
    return out
