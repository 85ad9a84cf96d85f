"""The generation prompts are the papers' own words: every line of each template (outside the
``{slots}``) is found in the paper's converted text (SurveyGen App. I, AutoSurvey App. F)."""

from __future__ import annotations

import html
import re

import pytest

from surveybench.prompts import PromptTemplate
from surveybench.prompts import generation as G
from tests.plugins.shared_data import shared_path

# line fragments that are ours: the code release's block delimiters and tags
OURS = {"---", "<instruction>", "</instruction>", "...", "--- ", "<format>", "</format>"}


def _normalise(text: str, drop_line_numbers: bool) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = text.replace("\\n", " ").replace("\\*", " ").replace("**", "").replace("*", "")
    text = text.replace("\\_", "_").replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    if drop_line_numbers:  # the AutoSurvey conversion scatters PDF line numbers through the text
        text = re.sub(r"\s\d{1,2}(?=\s|$)", " ", text)
        text = re.sub(r"\$\^\{\d+\}\$", " ", text)
    return re.sub(r"\s+", " ", text).strip().lower()


def _paper(prefix: str, drop: bool) -> str:
    path = next(shared_path().parent.joinpath("papers").glob(f"{prefix}_*.txt"), None)
    if path is None:
        pytest.fail(f"paper {prefix} missing in ../shared/papers", pytrace=False)
    return _normalise(path.read_text(encoding="utf-8"), drop)


@pytest.mark.parametrize("prompt", G.ALL, ids=lambda p: p.name)
def test_prompt_lines_are_in_the_paper(prompt: PromptTemplate) -> None:
    autosurvey = prompt.name.startswith("autosurvey.")
    paper = _paper("000" if autosurvey else "002", autosurvey)
    missing = []
    for line in prompt.template.replace("{{", "{").replace("}}", "}").split("\n"):
        if line.strip() in OURS:
            continue
        for piece in re.split(r"\{[a-z_]+\}", line):
            n = _normalise(piece, autosurvey)
            if len(n) > 3 and n not in paper:
                missing.append(piece)
    assert not missing, f"{prompt.name}: not in the paper: {missing}"
