"""The prompts said to be verbatim from a paper are found, line by line, in that paper's text.

The papers are the converted texts in ``../shared/papers`` (HTML tags, Markdown emphasis and
the PDF's escaped ``\\n`` removed before comparing). Lines that are ours — the slots where a
paper prints no place for its inputs — are listed per prompt and must be lines of the template.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from surveybench.prompts import PromptTemplate
from surveybench.prompts import classification, judging
from tests.plugins.shared_data import SHARED_DIR

PAPERS = {"autosurvey": "000", "surveyx": "001", "surveygen": "002", "surveygen-i": "003"}


def _normalise(text: str) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = text.replace("\\n", " ").replace("\\*", " ").replace("**", "").replace("*", "")
    text = re.sub(r"^\s*\d+:\s", " ", text, flags=re.M)  # SurveyGen-I's "5: ..." level lines
    return re.sub(r"\s+", " ", text).strip().lower()


def paper_text(key: str) -> str:
    folder = SHARED_DIR / "papers"
    found = sorted(Path(folder).glob(f"{PAPERS[key]}_*.txt"))
    if not found:
        pytest.fail(f"paper {key} not found in {folder}", pytrace=False)
    return _normalise(found[0].read_text(encoding="utf-8"))


# prompt, paper, lines of the template that are ours (slots, frame for a criterion)
CASES: list[tuple[PromptTemplate, str, tuple[str, ...]]] = [
    (judging.NLI, "surveyx", ()),
    (judging.RUBRIC_COVERAGE, "surveyx", ()),
    (judging.RUBRIC_STRUCTURE, "surveyx", ()),
    (judging.RUBRIC_RELEVANCE, "surveyx", ()),
    (judging.RUBRIC_SYNTHESIS, "surveyx", ()),
    (judging.RUBRIC_CRITICAL_ANALYSIS, "surveyx", ()),
    (judging.REFERENCE_RELEVANCE, "surveyx", ()),
    (judging.TOPIC_RELEVANCE, "surveygen", ("Title: {title} Abstract: {abstract}",)),
    (judging.STRUCTURE_CONSISTENCY, "surveygen",
     ("LLM-generated Outline:", "{generated_outline}", "Human-written Outline:", "{human_outline}", "Score:")),
    (classification.SURVEY_CLASSIFICATION, "surveygen", ()),
]


def _lines(template: str) -> list[str]:
    return [line.strip() for line in template.splitlines() if line.strip()]


@pytest.mark.parametrize("prompt, paper, ours", CASES, ids=[c[0].name for c in CASES])
def test_prompt_lines_are_in_the_paper(prompt: PromptTemplate, paper: str, ours: tuple[str, ...]) -> None:
    text = paper_text(paper)
    missing = [line for line in _lines(prompt.template) if line not in ours and _normalise(line) not in text]
    assert missing == [], f"{prompt.name}: not in {paper}: {missing}"
    # an exemption names a line the template really has (a stale one would hide nothing)
    assert [line for line in ours if line not in _lines(prompt.template)] == []


def test_consistency_criterion_is_surveygen_i_verbatim() -> None:
    """Consistency sits in the SurveyX frame, but every sentence of it is SurveyGen-I Fig. 19's."""
    text = paper_text("surveygen-i")
    frame = paper_text("surveyx")
    missing = [
        line for line in _lines(judging.RUBRIC_CONSISTENCY.template)
        if _normalise(line) not in frame and _normalise(re.sub(r"^[^:]*Description: ", "", line)) not in text
        and _normalise(re.sub(r"^Criterion Description: Consistency: ", "", line)) not in text
    ]
    assert missing == []
    # the cap the paper puts on this criterion is part of what the judge reads
    assert "cap at 3" in _normalise(judging.RUBRIC_CONSISTENCY.template)


def test_autosurvey_table_1_levels_are_the_rubric_levels() -> None:
    """Coverage, Structure, Relevance levels are AutoSurvey Table 1's (SurveyX copies them)."""
    text = paper_text("autosurvey")
    for prompt in (judging.RUBRIC_COVERAGE, judging.RUBRIC_STRUCTURE, judging.RUBRIC_RELEVANCE):
        levels = [re.sub(r"^Score \d Description: ", "", line) for line in _lines(prompt.template)
                  if line.startswith("Score ")]
        assert len(levels) == 5
        for level in levels:
            assert _normalise(level) in text, (prompt.name, level)
