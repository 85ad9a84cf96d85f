"""Stop 37, top-level sections: plain text saved as Markdown (no "#" line at all) whose headings the file's own numbering
shows -- a report's parts ("Part I: ...", "Part II: ...") over its numbered sections, and a Chinese paper's "一、引言",
"二、..." sections over their "（一）" subsections."""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text, top_titles


_PARA = "The agents learn new tasks in context from a few demonstrations of each task, without weight updates.\n"
_ZH = "智能体在上下文中从少量示范学习新任务，无需更新权重，这一点已经得到了许多实验的支持。\n"


def test_plain_text_report_parts_are_the_top_level(tmp_path: Path) -> None:
    # a report's text with no Markdown headings: "Part I: ..." lines in order, its sections "Section 1: ..." and "1.1 ..."
    # inside them, a named "Conclusion" after the last part
    text = ("A Blueprint for Agents That Learn in Context\n\n"
            f"Part I: The Idea\n\nSection 1: Why Agents Need Context\n\n1.1 The Problem\n\n{_PARA}\n"
            f"1.2 The Paradigm\n\n{_PARA}\nPart II: The Build\n\nSection 2: The Data Stack\n\n2.1 Data Needs\n\n{_PARA}\n"
            f"Part III: The Road Ahead\n\n{_PARA}\nConclusion\n\n{_PARA}")
    assert top_titles(tmp_path, text) == ["The Idea", "The Build", "The Road Ahead", "Conclusion"]


def test_part_lines_out_of_order_are_no_sections(tmp_path: Path) -> None:
    # one "Part 2:" line in the text (a list's item) and no run from Part 1: no parts, the file stays headless
    text = (f"## Introduction\n\n{_PARA}\n## Methods\n\nPart 2: The second step of the method.\n\n{_PARA}")
    assert top_titles(tmp_path, text) == ["Introduction", "Methods"]


def test_plain_text_chinese_numbered_sections(tmp_path: Path) -> None:
    # a Chinese journal paper's text: "一、引言", "二、..." on lines of their own, in order; "( 一)\t..." (an OCR's spaced
    # brackets and a tab) its subsections
    text = ("智能体的上下文学习: 进路与转向\n\n作者甲 作者乙\n\n"
            f"一、引言\n\n{_ZH}\n二、理论的核心判断\n\n( 一)\t群体意志独立存在\n\n{_ZH}\n( 二)\t群体决策更加极端\n\n{_ZH}\n"
            f"三、反思与展望: 以互动为脉络\n\n{_ZH}")
    survey = read_text(tmp_path, text)
    assert [s.title for s in survey.top_level_sections()] == ["引言", "理论的核心判断", "反思与展望: 以互动为脉络"]
    assert [s.title for s in survey.sections if s.level == 2] == ["群体意志独立存在", "群体决策更加极端"]


def test_chapter_labels_are_no_part_of_the_name(tmp_path: Path) -> None:
    # a thesis-like generated report's "## Chapter 2 — ..." over its "### 2.1" subsections
    text = (f"# Who Benefits?\n\n## Chapter 1 — Introduction\n\n{_PARA}\n### 1.1 Motivation\n\n{_PARA}\n"
            f"## Chapter 2 — Background and related work\n\n{_PARA}")
    assert top_titles(tmp_path, text) == ["Introduction", "Background and related work"]


def test_section_labels_stay_in_the_name(tmp_path: Path) -> None:
    # "## Section 1: ..." keeps its label (the labelled reports keep it as often as not); "Section" opening a name
    text = (f"# Notes\n\n## Section 1: The Case for Doing It Yourself\n\n{_PARA}\n## Section Content\n\n{_PARA}")
    assert top_titles(tmp_path, text) == ["Section 1: The Case for Doing It Yourself", "Section Content"]


def test_proof_parts_are_no_headings(tmp_path: Path) -> None:
    # plain text whose "Part 1: ..." / "Part 2: ..." lines are a proof's steps (sentences, formulas): no parts
    text = ("A Bound for Score Estimation\n\n1 Introduction\n\n" + _PARA + "\n2 Analysis\n\n"
            "Part 1: The first term I(x) in (30). Under the random set, by Lemma 4 we have the bound.\n\n"
            "Part 2: The second term in (35).\n\n" + _PARA)
    assert top_titles(tmp_path, text) == ["Introduction", "Analysis"]


def test_short_cited_opening_under_the_title_is_kept(tmp_path: Path) -> None:
    # a related-work section saved alone: "# Related Works" (the title line), one short cited paragraph of prose, then its
    # "##" parts -- the paragraph is the text's unheaded opening (its marker linked), not a title page
    opening = ("Agents that learn in context have been studied widely, since in many settings a few demonstrations of a task "
               "often suffice for the agent to solve a new one [1]. Existing work falls into three broad lines: prompting the "
               "model, retrieving examples, and meta-training.")
    text = (f"# Related Works\n\n{opening}\n\n## Prompting\n\n{_PARA}\n## Retrieval\n\n{_PARA}\n"
            "## References\n\n[1] Ruiz, A. In-context learning. J. Agents 1, 1-9 (2020).\n")
    survey = read_text(tmp_path, text)
    assert [s.title for s in survey.top_level_sections()] == ["Prompting", "Retrieval"]
    first = next(p for s in survey.sections for p in s.paragraphs if p.text.startswith("Agents that learn"))
    assert [m.ref_ids for m in first.citations] == [[survey.references[0].id]]


def test_author_line_under_the_title_stays_title_page(tmp_path: Path) -> None:
    # a title page: the authors' line first (no sentence), then a short cited note -- no unheaded opening
    text = ("# Agents in Context\n\nAna Ruiz, Bo Li, Chen Wu, Dana Kim, Eve Park, Finn Lee, Gil Ortiz, Hana Sato, Ivan Petrov, "
            "Jun Ito, Kai Berg, Lea Roth, Max Vogel, Nina Hart, Omar Aziz, Pia Holm, Quinn Ford, Rosa Diaz, Sam Cole, Tia Ng, "
            "Uma Rao, Vic Hale, Wes Dunn, Xia Lin, Yan Zhou, Zoe Bell\n\n"
            "Code for the agents of [1] is public and documented, with the data used in every experiment, and the scripts.\n\n"
            f"## Introduction\n\n{_PARA}\n## References\n\n[1] Ruiz, A. In-context learning. J. Agents 1, 1-9 (2020).\n")
    survey = read_text(tmp_path, text)
    assert [s.title for s in survey.sections if s.title != "References"] == ["Introduction"]
