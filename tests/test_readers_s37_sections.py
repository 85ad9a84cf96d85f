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
