"""Stop 38, top-level sections: Chinese papers' back matter ("补充材料", "附录（Appendix）") and section labels ("第2节"),
hashes glued to a Chinese numbered title ("##一、引言"), Roman part numbers before a Han title ("## II. 解构..."), a report's
"Executive Summary of ..." before its first section, and a Google Docs page whose numbered headings lost their hashes but
kept pandoc's attributes ("1.   Introduction {#h.abc .c90}")."""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import top_titles


_PARA = "The agents learn new tasks in context from a few demonstrations of each task, without weight updates [1].\n"
_ZH = "智能体在上下文中从少量示范学习新任务，无需更新权重，这一点已经得到了许多实验的支持[1]。\n"
_LIST = "## References\n\n[1] A. Author. A study of agents that learn in context. In Proc. of a Conference, 2021.\n"
_ZH_LIST = "## 参考文献\n\n[1] A. Author. A study of agents that learn in context. In Proc. of a Conference, 2021.\n"


def test_chinese_supplementary_material_is_back_matter(tmp_path: Path) -> None:
    # a translated paper: "补充材料" (supplementary material) after the conclusion, its appendices under it at the top depth
    text = (f"# 一种智能体方法\n\n# 引言\n\n{_ZH}\n# 方法\n\n{_ZH}\n# 结论\n\n{_ZH}\n# 补充材料\n\n{_ZH}\n"
            f"# 附录 A：评估指标\n\n{_ZH}\n{_ZH_LIST}")
    assert top_titles(tmp_path, text) == ["引言", "方法", "结论"]


def test_chinese_appendix_with_english_word_in_brackets(tmp_path: Path) -> None:
    # "附录（Appendix）" then its lettered parts "A 可视化结果", "B ...", at the sections' depth
    text = (f"# 一种智能体方法\n\n# 引言\n\n{_ZH}\n# 实验\n\n{_ZH}\n# 结论\n\n{_ZH}\n# 附录（Appendix）\n\n{_ZH}\n"
            f"# A 可视化结果\n\n{_ZH}\n# B 相关工作（扩充版）\n\n{_ZH}\n{_ZH_LIST}")
    assert top_titles(tmp_path, text) == ["引言", "实验", "结论"]


def test_chinese_section_label_is_no_part_of_the_name(tmp_path: Path) -> None:
    # "## 第2节 背景" (section 2) above "### 2.1 ...": the label goes, the depth sets the level
    text = (f"# 一种智能体方法\n\n## 摘要\n\n{_ZH}\n## 第1节 引言\n\n{_ZH}\n## 第2节 背景：上下文学习\n\n{_ZH}\n"
            f"### 2.1 随机方法简介\n\n{_ZH}\n## 第3节 结论\n\n{_ZH}\n{_ZH_LIST}")
    assert top_titles(tmp_path, text) == ["引言", "背景：上下文学习", "结论"]


def test_hashes_glued_to_a_chinese_numbered_title(tmp_path: Path) -> None:
    # "##一、引言" (no space after the hashes) between "## 摘要" and "## 二、相关工作": a heading still
    text = (f"# 一种智能体方法\n\n## 摘要\n\n{_ZH}\n##一、引言\n\n{_ZH}\n## 二、相关工作\n\n{_ZH}\n"
            f"## 三、结论\n\n{_ZH}\n{_ZH_LIST}")
    assert top_titles(tmp_path, text) == ["引言", "相关工作", "结论"]


def test_hashtag_in_chinese_text_stays_text(tmp_path: Path) -> None:
    # "#人工智能" (a hashtag, no numeral, no "、") is no heading
    text = (f"# 一种智能体方法\n\n## 一、引言\n\n{_ZH}\n#人工智能\n\n{_ZH}\n## 二、结论\n\n{_ZH}\n{_ZH_LIST}")
    assert top_titles(tmp_path, text) == ["引言", "结论"]


def test_roman_part_numbers_before_a_han_title(tmp_path: Path) -> None:
    # a Chinese report's parts "## **I. 执行摘要**", "## **II. 解构...**" (its summary first), "### **2.1 ...**" under them
    text = (f"# **比较框架：一个投资研究**\n\n## **I. 执行摘要**\n\n{_ZH}\n### **核心发现**\n\n{_ZH}\n"
            f"## **II. 解构投资论点：基础资产**\n\n{_ZH}\n### **2.1 稀缺性与对冲**\n\n{_ZH}\n"
            f"## **III. 分类法：超越单一资产**\n\n{_ZH}\n### **3.1 类别一：平台**\n\n{_ZH}\n"
            f"## **IV. 综合分析与策略**\n\n{_ZH}\n{_ZH_LIST}")
    assert top_titles(tmp_path, text) == ["解构投资论点：基础资产", "分类法：超越单一资产", "综合分析与策略"]


def test_executive_summary_of_something_is_the_abstract(tmp_path: Path) -> None:
    # a Gemini report's "## Executive Summary of Market Dynamics" before its first section
    text = (f"# **A Positioning Report for a Form Service**\n\n## **Executive Summary of Market Dynamics**\n\n{_PARA}\n"
            f"## **Flaws in Competitor Pricing**\n\n{_PARA}\n### **The Cost of Overhead**\n\n{_PARA}\n"
            f"## **Segmentation Strategy**\n\n{_PARA}\n## **Synthesis and Conclusion**\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Flaws in Competitor Pricing", "Segmentation Strategy", "Synthesis and Conclusion"]


def test_numbered_lines_with_pandoc_attributes_are_headings(tmp_path: Path) -> None:
    # a Google Docs thesis through pandoc: "1.<no-break spaces>Introduction {#h.abc .c90 .c45}" and "1.1 ... {#h.def .c16}"
    # with no hashes, "### 2.1.1 ... {#h.ghi .c10}" with them
    nb = "\u00a0" * 6
    text = (f"1.{nb}Introduction {{#h.a1b2c3 .c90 .c45}}\n\n1.1{nb}Background {{#h.d4e5f6 .c16}}\n\n{_PARA}\n"
            f"2.{nb}Review of Literature {{#h.g7h8i9 .c90 .c45}}\n\n2.1{nb}Spatial analysis {{#h.j1k2l3 .c16}}\n\n{_PARA}\n"
            f"### 2.1.1{nb}Basis vectors {{#h.m4n5o6 .c10}}\n\n{_PARA}\n3.{nb}Methodology {{#h.p7q8r9 .c90 .c45}}\n\n{_PARA}\n"
            f"{_LIST}")
    assert top_titles(tmp_path, text) == ["Introduction", "Review of Literature", "Methodology"]


def test_numbered_list_item_with_a_span_attribute_is_no_heading(tmp_path: Path) -> None:
    # an ordered list's item ending in a bracketed span's attributes -- "[see here]{.mark}" -- has no identifier: an item
    text = (f"# A Paper\n\n## Introduction\n\n{_PARA}\n1. The first step of the method [is this]{{.mark}}\n\n"
            f"2. The second step of the method\n\n## Conclusion\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Introduction", "Conclusion"]


def test_contents_heading_in_german_is_front_matter(tmp_path: Path) -> None:
    # a German report's "## Inhaltsverzeichnis" (table of contents) before its sections
    text = (f"# Ein Bericht über Agenten\n\n## Inhaltsverzeichnis\n\n- Vorarbeiten\n- Ausgangslage\n\n## Vorarbeiten\n\n{_PARA}\n"
            f"## Ausgangslage\n\n{_PARA}\n### Forschungsfrage\n\n{_PARA}\n## Analyse\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Vorarbeiten", "Ausgangslage", "Analyse"]


def test_title_and_abstract_part_is_front_matter(tmp_path: Path) -> None:
    # a generated paper's "**1. Title and Abstract**" before "**2. Introduction**"
    text = (f"# A Generated Paper\n\n## 1. Title and Abstract\n\n**Title:** Graphs for Agents\n\n{_PARA}\n"
            f"## 2. Introduction\n\n{_PARA}\n## 3. Method\n\n{_PARA}\n## 4. Conclusion\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Introduction", "Method", "Conclusion"]


def test_version_note_heading_is_no_section(tmp_path: Path) -> None:
    # a blog post's "## Version 1.2.0" (what was edited when) before its text
    text = (f"# Power analysis, part three\n\n## Version 1.2.0\n\nEdited on 2021-04-21 to update the code.\n\n"
            f"## Orientation\n\n{_PARA}\n## Logistic regression\n\n{_PARA}\n### We need data.\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Orientation", "Logistic regression"]


def test_title_printed_again_after_a_cover_page(tmp_path: Path) -> None:
    # IOP's download: "## <title>" (the cover page, "TwoDimensional"), "## You may also like", then "## <title>" again on the
    # article's page ("Two-Dimensional"), its sections at the same depth
    text = ("## Anchoring of TwoDimensional TiX 2 Materials for Batteries: A Study\n\nTo cite this article: A. Author 2021.\n\n"
            "## You may also like\n\n- Another paper on batteries\n\n"
            f"## Anchoring of Two-Dimensional TiX2 Materials for Batteries: A Study\n\n{_PARA}\n"
            f"## Theoretical Methods\n\n{_PARA}\n## Results and Discussion\n\n{_PARA}\n## Conclusions\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Theoretical Methods", "Results and Discussion", "Conclusions"]


def test_different_second_heading_is_a_section(tmp_path: Path) -> None:
    # a first heading that no later heading repeats stays what it was (here a section among its peers)
    text = (f"## Anchoring of Materials for Batteries\n\n{_PARA}\n## Theoretical Methods\n\n{_PARA}\n"
            f"## Conclusions\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Anchoring of Materials for Batteries", "Theoretical Methods", "Conclusions"]


def test_front_matter_title_with_a_heading_printing_one_of_its_words(tmp_path: Path) -> None:
    # a blog post's YAML title "Progress on R-spatial evolution" that no heading prints; its "# ..." headings are its sections,
    # the first one too, though a subsection "### `Spatial`" prints a word of the title
    text = ("---\ntitle: \"Progress on R-spatial evolution, Apr 2023\"\nauthor: \"A. Author\"\n---\n\n"
            f"# `sp` evolution status\n\n{_PARA}\n# Splitting the libraries\n\n{_PARA}\n### `Spatial`\n\n{_PARA}\n"
            f"# Conserving workflows\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["sp evolution status", "Splitting the libraries", "Conserving workflows"]


def test_heading_printing_the_front_matter_title_is_the_title(tmp_path: Path) -> None:
    # the YAML title printed again by a heading after a banner: the banner is no section, the sections follow
    text = ("---\ntitle: \"Agents that learn in context\"\n---\n\n# RESEARCH\n\n# Agents that learn in context\n\n"
            f"## Background\n\n{_PARA}\n## Methods\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Background", "Methods"]
