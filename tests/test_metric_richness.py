"""Richness (weAIDB SurveyBench richness.py): hand-computed on a small file, and the original
script's figure/table counts and lengths reproduced on every development file."""

from __future__ import annotations

from pathlib import Path

import pytest

from surveybench.metrics.base import MetricContext
from surveybench.metrics.richness import Richness, richness
from surveybench.readers import read_survey
from surveybench.readers.figures import extract

SMALL = (
    "# A Survey\n\n"
    "## 1 Intro\n\n"
    "See ![f1](a.png).\n\n"
    "![f2](b.png)\n\n"
    "<table><tr><td>1</td></tr></table>\n\n"
    "## References\n\n"
    "1. X ![f3](c.png)\n"
)


def test_small_file_by_hand(tmp_path: Path) -> None:
    # before "## References", stripped: 10 + 2 + 10 + 2 + 17 + 2 + 12 + 2 + 34 = 91 characters
    # ("# A Survey", "## 1 Intro", "See ![f1](a.png).", "![f2](b.png)", the 34-char table,
    # joined by blank lines); f3 is in the reference list and not counted.
    path = tmp_path / "Small.md"
    path.write_text(SMALL, encoding="utf-8")
    survey = read_survey(path, system="S")
    assert [f.target for f in survey.figures] == ["a.png", "b.png"]
    assert [f.line for f in survey.figures] == [5, 7]
    assert [(t.kind, t.line) for t in survey.tables] == [("html", 9)]
    assert survey.body_chars == 91
    res = Richness().compute(survey, survey, MetricContext())
    assert res.scores["figures"] == 2 and res.scores["tables"] == 1
    assert res.scores["richness"] == pytest.approx(3 / 91 * 1e5) == pytest.approx(3296.7032967)


def test_markdown_table_rules() -> None:
    # one table per run of "|" lines with a "---" row; a line without "|" ends the run;
    # "<table class=x>" is not the exact "<table>" the script counts
    text = ("| a | b |\n|---|---|\n| 1 | 2 |\n|---|---|\n\nplain\n| c |\n| --- |\n"
            "<table class=x></table>\n## REFERENCES\n| x |\n|---|\n")
    found = extract(text)
    assert [(t.kind, t.line) for t in found.tables] == [("markdown", 2), ("markdown", 8)]
    assert found.chars == len(text[: text.index("## REFERENCES")].strip())
    assert richness(0, 0, 0) == 0.0 and richness(1, 1, 200_000) == 1.0


def test_survey_without_source_text_is_not_scored(tmp_path: Path) -> None:
    from tests._llm_metric_helpers import survey

    s = survey("No markdown", [("Intro", ["text"])])
    res = Richness().compute(s, s, MetricContext())
    assert res.scores == {"richness": None, "figures": None, "tables": None}
    assert "keeps no figures" in res.details["reason"]


# (system, topic): figures, tables, characters — from running weAIDB's get_richness
# (src/content_based_eval/richness.py) on each development file once, by hand.
ORIGINAL = {
    ("AutoSurvey", "Generative Diffusion Models"): (0, 0, 108985),
    ("AutoSurvey", "Graph Neural Networks"): (0, 0, 173971),
    ("AutoSurvey", "Hallucination in Large Language Models"): (0, 0, 172079),
    ("AutoSurvey", "Large Language Models for Time Series"): (0, 0, 133455),
    ("AutoSurvey", "Vision Transformers"): (0, 0, 206615),
    ("HumanSurvey", "Generative Diffusion Models"): (4, 0, 60643),
    ("HumanSurvey", "Graph Neural Networks"): (6, 0, 116711),
    ("HumanSurvey", "Hallucination in Large Language Models"): (7, 11, 86778),
    ("HumanSurvey", "Large Language Models for Time Series"): (4, 3, 40094),
    ("HumanSurvey", "Vision Transformers"): (13, 4, 122613),
    ("LLMxMR-V2", "Generative Diffusion Models"): (0, 9, 141473),
    ("LLMxMR-V2", "Graph Neural Networks"): (3, 3, 196722),
    ("LLMxMR-V2", "Hallucination in Large Language Models"): (1, 2, 137790),
    ("LLMxMR-V2", "Large Language Models for Time Series"): (0, 0, 297587),
    ("LLMxMR-V2", "Vision Transformers"): (2, 3, 155531),
    ("OpenAI_DeepResearch", "Generative Diffusion Models"): (1, 0, 52068),
    ("OpenAI_DeepResearch", "Graph Neural Networks"): (0, 0, 80250),
    ("OpenAI_DeepResearch", "Hallucination in Large Language Models"): (1, 1, 85002),
    ("OpenAI_DeepResearch", "Large Language Models for Time Series"): (0, 2, 67101),
    ("OpenAI_DeepResearch", "Vision Transformers"): (2, 0, 40915),
    ("SurveyForge", "Generative Diffusion Models"): (0, 0, 102459),
    ("SurveyForge", "Graph Neural Networks"): (0, 0, 109987),
    ("SurveyForge", "Hallucination in Large Language Models"): (0, 0, 109210),
    ("SurveyForge", "Large Language Models for Time Series"): (0, 0, 115695),
    ("SurveyForge", "Vision Transformers"): (0, 0, 97046),
}


def test_reproduces_original_counts_on_dev_files(dev_dir: Path) -> None:
    got = {}
    for (system, topic) in ORIGINAL:
        s = read_survey(dev_dir / system / f"{topic}.md")
        got[(system, topic)] = (len(s.figures), len(s.tables), s.body_chars)
    assert got == ORIGINAL
    # hand-checked: the human Hallucination survey's 11 tables are all HTML, Time Series' 3 too
    s = read_survey(dev_dir / "HumanSurvey" / "Hallucination in Large Language Models.md")
    assert {t.kind for t in s.tables} == {"html"}
    r = Richness().compute(s, s, MetricContext()).scores["richness"]
    assert r == pytest.approx((7 + 11) / 86778 * 1e5) == pytest.approx(20.742584526031944)
