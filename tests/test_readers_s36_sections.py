"""Stop 36, top-level sections: the classes the promoted splits' web captures, blogs and generated reviews showed -- a
publisher page's furniture and a blog's back matter read as sections, Frontiers' "Summary" sidebar after the list, a
section's bold numbered points read as the sections, "Section 1:" labels over "1.1" subsections, a venue checklist's numbered
questions, an IEEE paper's company heading under the title, longer prepositions in title case, a Jekyll post's first "#"
section under its front matter's title, a blog's unheaded opening, Chinese unheaded paragraphs and table captions."""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text, top_titles


_PARA = "The agents learn new tasks in context from a few demonstrations of each task, without weight updates.\n"
_LIST = "## References\n\n1. Ruiz, A. In-context learning. J. Agents 1, 1-9 (2020).\n\n2. Li, B. Agents. J. Agents 2, 3-4 (2021).\n"


def test_publisher_page_furniture_is_no_section(tmp_path: Path) -> None:
    # a web clip of nature.com / BMC ("Rights and permissions", "About this article"), MDPI's and Mary Ann Liebert's
    # statements, Frontiers' "Statements" group heading: back matter around the list
    text = (f"## Abstract\n\n{_PARA}\n## Background\n\n{_PARA}\n## Results\n\n{_PARA}\n## Statements\n\nFunding.\n\n"
            "## Institutional Review Board Statement\n\nNot applicable.\n\n## Informed Consent Statement\n\nNot applicable.\n\n"
            "## Authorship Confirmation Statement\n\nAll authors.\n\n## Author Disclosure Statement\n\nNone.\n\n"
            f"{_LIST}\n## Rights and permissions\n\nOpen Access.\n\n## About this article\n\nCite this article.\n")
    assert top_titles(tmp_path, text) == ["Background", "Results"]


def test_summary_after_the_list_is_the_pages_outline(tmp_path: Path) -> None:
    # Frontiers' page through a web clipper: after the list a "## Summary" sidebar prints the section headings again
    text = (f"## Introduction\n\n{_PARA}\n## Methods\n\n{_PARA}\n{_LIST}\n## Summary\n\n- Introduction\n- Methods\n")
    assert top_titles(tmp_path, text) == ["Introduction", "Methods"]


def test_blog_back_matter_is_no_section(tmp_path: Path) -> None:
    # a blog's "Figure credits", "Author bios" and "Contact", a blogdown post's thanks and R's "Session info"
    text = (f"## We need data\n\n{_PARA}\n## Recap\n\n{_PARA}\n## Thank the reviewers\n\nThanks.\n\n## Figure credits\n\nBy us.\n\n"
            "## Author bios\n\nAna studies agents.\n\n## Contact\n\nMail us.\n\n## Session info\n\n```r\nsessionInfo()\n```\n\n"
            f"{_LIST}")
    assert top_titles(tmp_path, text) == ["We need data", "Recap"]


def test_numbered_bold_points_of_one_section_are_no_sections(tmp_path: Path) -> None:
    # Lil'Log: unnumbered "##" sections, the last one listing its points as bold numbered lines
    text = (f"## Notation\n\n{_PARA}\n## Autoencoder\n\n{_PARA}\n## TD-VAE\n\nThree parts:\n\n{_PARA}\n**1. State-Space Models**\n\n"
            f"{_PARA}\n**2. Belief State**\n\n{_PARA}\n**3. Jumpy Prediction**\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Notation", "Autoencoder", "TD-VAE"]


def test_venue_checklist_questions_are_no_sections(tmp_path: Path) -> None:
    # MinerU: "## NeurIPS Paper Checklist" after the list, its questions "## 1. Claims" at the sections' depth
    text = (f"# Real-Time Chunking\n\n## 1 Introduction\n\n{_PARA}\n## 2 Method\n\n{_PARA}\n## 3 Experiments\n\n{_PARA}\n{_LIST}\n"
            "## NeurIPS Paper Checklist\n\n## 1. Claims\n\nAnswer: [Yes]\n\n## 2. Limitations\n\nAnswer: [Yes]\n\n"
            "## Guidelines:\n\nThe answer NA means none.\n")
    assert top_titles(tmp_path, text) == ["Introduction", "Method", "Experiments"]


def test_company_heading_under_the_title_before_roman_section_one(tmp_path: Path) -> None:
    # MinerU, IEEE layout, every heading "#": the title, the authors' company, then "# I. INTRODUCTION"
    text = (f"# A VLA That Learns From Experience\n\n# Physical Intelligence\n\nAna Ruiz, Bo Li\n\n# I. INTRODUCTION\n\n{_PARA}\n"
            f"# II. RELATED WORK\n\n{_PARA}\n# A. Offline learning\n\n{_PARA}\n# III. METHOD\n\n{_PARA}\n# REFERENCES\n\n"
            "[1] A. Ruiz, \"In-context learning,\" J. Agents, 2020.\n")
    assert top_titles(tmp_path, text) == ["INTRODUCTION", "RELATED WORK", "METHOD"]


def test_longer_prepositions_stay_lower_case_in_title_case(tmp_path: Path) -> None:
    # Lil'Log's flat "##" headings in title case, "through" in lower case: no sentence-case subsection
    text = (f"## Task-Specific Curriculum\n\n{_PARA}\n## Teacher-Guided Curriculum\n\n{_PARA}\n## Curriculum through Self-Play\n\n"
            f"{_PARA}\n## Automatic Goal Generation\n\n{_PARA}\n## Skill-Based Curriculum\n\n{_PARA}\n## Curriculum through Distillation\n\n"
            f"{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Task-Specific Curriculum", "Teacher-Guided Curriculum", "Curriculum through Self-Play",
                                     "Automatic Goal Generation", "Skill-Based Curriculum", "Curriculum through Distillation"]


def test_first_hash_heading_under_a_front_matter_title_is_a_section(tmp_path: Path) -> None:
    # a BAIR post: the title in the Jekyll front matter, the sections "#", the first of them no title
    text = (f"---\nlayout: post\ntitle: \"How to Evaluate Jailbreak Methods\"\n---\n\n{_PARA}\n# Problems with Existing Prompts\n\n"
            f"{_PARA}\n# Our Design\n\n{_PARA}\n## A Better Set of Prompts\n\n{_PARA}\n# Conclusion\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Problems with Existing Prompts", "Our Design", "Conclusion"]


def test_blogs_unheaded_opening_keeps_its_short_cited_paragraph(tmp_path: Path) -> None:
    # a BAIR post: a long uncited opening paragraph, then a short one citing "(1)", then the first heading
    opening = " ".join(["Reliable robot grasping across many objects is challenging due to sensor noise."] * 5)
    text = (f"---\nlayout: post\ntitle: \"Releasing Dex-Net 2.0\"\n---\n\n{opening}\n\n"
            "In the post, we also summarize the methods behind Dex-Net 2.0 (1), our\nexperiments on a physical robot, and "
            "what we learned from them.\n\n"
            f"# Background on Grasping\n\nGrasp planning (2) is hard.\n\n# Experiments\n\n{_PARA}\n### References\n\n"
            "(1): Mahler, Jeff. \"Dex-Net 2.0.\" RSS, 2017.\n\n(2): Bohg, Jeannette. \"Grasp synthesis.\" T-RO, 2014.\n")
    survey = read_text(tmp_path, text)
    paragraphs = [p.text for s in survey.sections for p in s.paragraphs]
    assert any(p.startswith("In the post, we also summarize") for p in paragraphs)
    assert [s.title for s in survey.top_level_sections()] == ["Background on Grasping", "Experiments"]


def test_chinese_unheaded_paragraphs_are_body_text(tmp_path: Path) -> None:
    # a thesis chapter: a "#" title, unheaded paragraphs written without spaces, then the list
    para = "在信息过载的互联网时代，推荐系统作为解决信息过载问题的有效手段，受到了学术界和工业界的广泛关注" * 4
    text = f"# 文献综述\n\n{para}[1]。\n\n{para}[2]。\n\n## 参考文献\n\n[1] 张三. 推荐系统研究[J]. 计算机学报, 2020.\n\n[2] 李四. 知识图谱[J]. 软件学报, 2021.\n"
    survey = read_text(tmp_path, text)
    paragraphs = [p.text for s in survey.sections for p in s.paragraphs]
    assert any(p.startswith("在信息过载的互联网时代") for p in paragraphs)


def test_chinese_table_captions_are_no_sections(tmp_path: Path) -> None:
    # a word processor's export: "## 表格 1" (table 1) captions the only headings after the unheaded text
    para = "社会认同是由社会分类、社会比较和积极区分原则建立的，个体认识到他属于特定的社会群体，并认识到作为群体成员带给他的情感和价值意义" * 4
    text = (f"{para}[1]。\n\n{para}[2]。\n\n## 表格 1\n\n| 年份 | 学者 |\n|---|---|\n| 1979 | 泰弗尔 |\n\n## 表格 2\n\n| 年份 | 学者 |\n|---|---|\n| 1987 | 特纳 |\n\n"
            "## 参考文献\n\n[1] 泰弗尔. 社会认同[J]. 心理学报, 1979.\n\n[2] 特纳. 社会分类[J]. 心理学报, 1987.\n")
    survey = read_text(tmp_path, text)
    assert [s.title for s in survey.top_level_sections()] == []
    assert any(p.text.startswith("社会认同是由社会分类") for s in survey.sections for p in s.paragraphs)


def test_web_captures_front_matter_title_leaves_the_first_heading_the_title(tmp_path: Path) -> None:
    # Obsidian's Web Clipper: the front matter names the saved page ("source:") and gives the page's short title; the
    # capture's "#" heading is the article's own title (other words), its sections "#" after it -- unlike a Jekyll post's
    # front matter (no source), under which the first "#" heading is the first section
    text = ("---\ntitle: \"Mental Models: Munger's Speech\"\nsource: \"https://example.org/mental-models-part-1/\"\n"
            "tags:\n  - \"clippings\"\n---\n# A Framework for Putting Mental Models to Practice, Part 1\n\n"
            f"# Fan of Great Business?\n\n{_PARA}\n# The Problem\n\n{_PARA}\n# The Framework\n\n{_PARA}\n{_LIST}")
    assert top_titles(tmp_path, text) == ["Fan of Great Business?", "The Problem", "The Framework"]
