"""Top-level section classes of stop 32 (issue 9), fixed by the files' own evidence.

An arXiv HTML page (LaTeXML) copied as plain text: no Markdown heading, each heading's number glued to its title
("1Introduction", "2.1Hierarchically spatial layer decomposition").

Chinese numbering by levels, 一、 / （一） / 1. (the standard order), printed at one Markdown depth: "1. 示范区情况" under
"（三）慢性病综合防控" is a third-level heading, not section 1; and "参考资料" names the reference list as "参考文献" does.

Back matter under a publisher's names: the Royal Society's "Data accessibility" and "Conflict of interest declaration",
CEUR-WS's "Declaration on the Use of Generative AI".

LNCS plain text: each affiliation's number on a line with its author's e-mail address on the next (no section 1), and a
heading wrapped onto a second line before its first subsection's number on a line of its own.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text

GLUED_NUMBERS = """\
Spatial decomposed modeling of character video
Ann Author, Bob Author
1University of Somewhere
Abstract
We synthesise character videos from a single image.
1Introduction
Character video synthesis has many applications [1].
2Method Description
Our goal is to synthesise videos.
2.1Layer decomposition
We decompose the video into layers [2].
2.2Training
We train the model on clips.
3Conclusions
We presented a method.
References
[1] A. Author. Video synthesis. In CVPR, 2023.
[2] B. Author. Layered video. In ICCV, 2021.
"""


def test_numbers_glued_to_plain_text_headings_are_read(tmp_path: Path) -> None:
    survey = read_text(tmp_path, GLUED_NUMBERS)
    # before: only "Abstract" and "References" were read as headings, no content section found
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Method Description", "Conclusions"]
    assert [(s.number, s.title) for s in survey.sections if s.level == 2] == [("2.1", "Layer decomposition"), ("2.2", "Training")]
    assert len(survey.references) == 2


CHINESE_LEVELS = """\
# 中国老年人口健康状态转移规律研究

# 一、引言

老年人口健康状态转移是重要问题[1]。

# 二、研究设计

# （一）数据来源

数据来自调查[2]。

# （二）模型构建

# 1. 示范区情况

示范区覆盖全国。

# 2. 变量选择

变量包括年龄。

# 三、结论

结论如下。

# 参考资料

[1] 张三. 老年健康研究. 人口研究, 2020.
[2] 李四. 健康状态转移. 中国人口科学, 2019.
"""


def test_chinese_numbering_sets_the_levels_and_names_the_list(tmp_path: Path) -> None:
    survey = read_text(tmp_path, CHINESE_LEVELS)
    # before: "一、引言" named with its number, and "1. 示范区情况", "2. 变量选择" (and "参考资料") top-level sections
    assert [s.title for s in survey.top_level_sections()] == ["引言", "研究设计", "结论"]
    assert [(s.number, s.level) for s in survey.sections if s.title in ("模型构建", "示范区情况")] == [("二", 2), ("1", 3)]
    assert len(survey.references) == 2


ROYAL_SOCIETY_BACK = """\
# Early warning of tipping cascades

## 1. Introduction

Tipping points matter [1].

## 2. Discussion

Early warning is hard [2].

## Data accessibility

The code is on GitHub.

## Conflict of interest declaration

We declare no competing interests.

## Declaration on the Use of Generative AI

None was used.

## References

1. A. Author. Tipping. Nature. 2001.
2. B. Author. Warnings. Science. 2002.
"""


def test_a_publishers_back_matter_names_are_no_sections(tmp_path: Path) -> None:
    survey = read_text(tmp_path, ROYAL_SOCIETY_BACK)
    # before: "Data accessibility", "Conflict of interest declaration" and the declaration read as content sections
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Discussion"]


LNCS_TITLE_PAGE = """\
Entropy Dynamics in Small Language Models: A Trace-Level
Structural Analysis
Ann Author1 and Bob Author2
1 Brilloconnetz Partners, Turku, Finland
ann@brilloconnetz.com
2 Royal Institute of Technology, Stockholm, Sweden
bob@kth.se
Abstract. Small language models make confident mistakes.
1
Introduction
Small language models are deployed on edge devices and they make confident mistakes [1].
2
Experimental Design and Trace-Level Structural
Extraction
2.1
Dataset
We use the TruthfulQA benchmark with its eight hundred and seventeen questions in this study [2].
3
Conclusion
Entropy tells the models apart.
References
1. Author, A.: Edge models. In: Proc. EMNLP (2023)
2. Author, B.: TruthfulQA. In: Proc. ACL (2022)
"""


def test_lncs_affiliations_with_e_mail_and_a_wrapped_heading(tmp_path: Path) -> None:
    survey = read_text(tmp_path, LNCS_TITLE_PAGE)
    # before: the two affiliations were sections 1 and 2 (the real ones out of order after them), and the heading lost
    # its second line "Extraction"
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction", "Experimental Design and Trace-Level Structural Extraction", "Conclusion"]


CJK_OVER_DEEPER_ARABIC = """\
# 澳门财政文献综述

## 一、国际机构报告

### 1) Macao SAR: 2024 Article IV Consultation (IMF, 2024)

财政储备充足[1]。

## 二、储备管理与货币制度

### 2) Building a Fiscal Reserve System (Pao, 2008)

储备管理[2]。

## 参考文献

[1] IMF. Macao SAR: 2024 Article IV Consultation. 2024.
[2] Pao J. Building a Fiscal Reserve System. 2008.
"""


def test_arabic_numbers_set_deeper_than_chinese_ones_are_below_them(tmp_path: Path) -> None:
    survey = read_text(tmp_path, CJK_OVER_DEEPER_ARABIC)
    # before: the numbered items "1) ...", "2) ..." were the top level, the sections "一、..." lost among them
    assert [s.title for s in survey.top_level_sections()] == ["国际机构报告", "储备管理与货币制度"]
