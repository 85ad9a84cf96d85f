"""Stage 2: survey-type classification (SurveyGen §2.2, prompt App. I).

Title filter first (stage 1 phrases), then papers without an abstract are excluded, then the
App. I prompt goes to three judges (``surveybench.judges``, any backend) and the majority of the
valid votes decides. Every decision is kept with its votes, raw replies and errors. A paper whose
judges failed to give a majority of valid votes is recorded as ``undecided`` (not a survey, and
visible in the build summary) — never silently counted as TRUE or FALSE.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

from surveybench.data_builders.candidates import SURVEY_PHRASES, title_matches
from surveybench.prompts.classification import SURVEY_CLASSIFICATION

DEFAULT_JUDGES = ("local", "local", "local")


class _PanelLike(Protocol):
    def ask(self, prompt: Any, values: dict, *, parse: Any, metric: str, **kw: Any) -> dict[str, Any]: ...


def _parse_error(reply: str) -> Exception:
    try:
        from surveybench.judges import ParseError

        return ParseError(f"expected TRUE or FALSE, got {reply[:80]!r}")
    except ImportError:  # judge layer not installed yet: a plain ValueError still marks it invalid
        return ValueError(f"expected TRUE or FALSE, got {reply[:80]!r}")


def parse_true_false(reply: str) -> bool:
    """``TRUE``/``FALSE`` as the App. I prompt asks; tolerates quotes, bold and a trailing dot.
    A reply with both or neither word raises the judge layer's ParseError (then it retries)."""
    words = set(re.findall(r"\b(true|false)\b", reply.lower()))
    if len(words) != 1:
        raise _parse_error(reply)
    return words.pop() == "true"


def majority(votes: Sequence[bool | None], n_judges: int) -> bool | None:
    """True/False when more than half of ``n_judges`` voted so; None otherwise (undecided)."""
    yes = sum(1 for v in votes if v is True)
    no = sum(1 for v in votes if v is False)
    need = n_judges // 2 + 1
    return True if yes >= need else False if no >= need else None


def classify(candidate: dict[str, Any], panel: _PanelLike | None, *, phrases: Sequence[str] = SURVEY_PHRASES,
             n_judges: int = 3) -> dict[str, Any]:
    """One decision record for ``candidate`` (a stage-1 row)."""
    rec: dict[str, Any] = {"corpus_id": candidate["corpus_id"], "title": candidate.get("title"), "votes": {}}
    if not title_matches(candidate.get("title"), phrases):
        return {**rec, "decision": "excluded", "is_survey": False, "reason": "title has no survey phrase"}
    abstract = (candidate.get("abstract") or "").strip()
    if not abstract:
        return {**rec, "decision": "excluded", "is_survey": False, "reason": "no abstract"}
    if panel is None:
        raise ValueError("a judge panel is needed to classify candidates with an abstract")
    answers = panel.ask(SURVEY_CLASSIFICATION, {"title": candidate.get("title") or "", "abstract": abstract},
                        parse=parse_true_false, metric="survey_classification")
    votes = {}
    for name, j in answers.items():
        votes[name] = {"value": j.value if j.ok else None, "ok": bool(j.ok), "reply": j.reply, "error": j.error}
    verdict = majority([v["value"] for v in votes.values()], n_judges)
    decision = "survey" if verdict is True else "not_survey" if verdict is False else "undecided"
    reason = None if verdict is not None else "no majority of valid votes"
    return {**rec, "votes": votes, "decision": decision, "is_survey": verdict is True, "reason": reason,
            "prompt": SURVEY_CLASSIFICATION.fingerprint}


def make_panel(specs: Sequence[str], cache_path: Any = None) -> Any:
    """Three judges from the project's judge layer (imported lazily: heavy, optional)."""
    from surveybench.judges import make_panel as _make_panel

    return _make_panel(list(specs), cache_path=cache_path)
