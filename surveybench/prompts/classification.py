"""Prompts of the corpus builder (``data_builders``).

``SURVEY_CLASSIFICATION``: SurveyGen (Bao et al., EMNLP 2025), App. I, "Prompt for Survey-type
Article Classification", verbatim (the paper's italics/bold markup dropped). Used in §2.2 with
three LLMs and a majority vote; papers without an abstract are excluded before asking.
"""

from __future__ import annotations

from surveybench.prompts import PromptTemplate

SURVEY_CLASSIFICATION = PromptTemplate(
    name="survey_classification",
    version="1",
    source="SurveyGen App. I (Prompt for Survey-type Article Classification); used in §2.2",
    template=(
        "You are an academic expert in scientific literature classification. Your task is to "
        "determine whether the following paper is a survey-type article, based on its title and "
        "abstract below:\n"
        "\n"
        "Title: {title}\n"
        "\n"
        "Abstract: {abstract}\n"
        "\n"
        "Please make your judgment based on the following three criteria:\n"
        "\n"
        "1. The abstract explicitly declares a survey intent (e.g., phrases like “conducts a "
        "survey”, “provides an overview”, “this survey...”, etc.).\n"
        "2. The focus of the paper is on reviewing or summarizing existing work, rather than "
        "proposing new methodologies or reporting novel experimental results.\n"
        "3. The abstract provides a forward-looking perspective on the field by synthesizing the "
        "reviewed literature to identify key trends, highlight significant open challenges or "
        "gaps, and suggest promising directions for future investigation.\n"
        "\n"
        "Your output should be only one word: “TRUE” if the paper qualifies as a survey-type "
        "article, or “FALSE” if it does not. Do not include any additional commentary, "
        "explanation, or formatting instructions."
    ),
    notes="Reply parsed by surveybench.data_builders.classify.parse_true_false (TRUE/FALSE, case-insensitive).",
)

PROMPTS = (SURVEY_CLASSIFICATION,)
