"""Top-level section classes of stop 34 (issue 9), fixed by the files' own evidence.

Reports and translations in Korean, Japanese, Chinese, Portuguese and Dutch name their back and front matter in their own
language ("참고문헌", "謝辞", "부록 B", "Referências", "Samenvatting", "执行摘要："); a thesis numbers its chapters "第三章" and
a word processor keeps a page break between a chapter heading's hashes and its name; a dissertation prints "Chapter 1" as a
heading of its own above the chapter's name ("Introduction"); "Author Contribution Statement" is back matter; a title page
set as empty headings above the sections; a subtitle over a rule and a dateline; Wiley's "Peer Review" between back matter.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text

KOREAN_BACK_MATTER = """\
# 심리학 교육 연구

## 1. 서론

배경이 있다 [1].

## 2. 결론

끝이다 [2].

## 감사의 글

감사합니다.

## 참고문헌

[1] Kim, J. (2020). Psychology teaching. Journal of Education, 3, 1-10.
[2] Lee, S. (2021). Statistics teaching. Journal of Education, 4, 11-20.

## 합성 데이터에 대한 부록 B 필터링 세부 정보

필터링 세부 정보.
"""


def test_back_matter_named_in_korean_is_no_section(tmp_path: Path) -> None:
    survey = read_text(tmp_path, KOREAN_BACK_MATTER)
    # before: "감사의 글" (acknowledgements), "참고문헌" (references) and the appendix were sections
    assert [s.title for s in survey.top_level_sections()] == ["서론", "결론"]
    assert len(survey.references) == 2


PORTUGUESE_AND_JAPANESE = """\
# Transcriptoma do intestino médio

## Resumo

Um resumo.

## 1. Introdução

Texto [1].

## 2. Resultados

Texto [2].

## Agradecimentos

Obrigado.

## 謝辞

ありがとう。

## Referências

[1] Silva, A. (2019). Proteases. Insect Biochem., 5, 1-9.
[2] Souza, B. (2020). Inhibitors. Insect Biochem., 6, 10-19.

## Reprodutibilidade — localização de código e dados

O código está no repositório.
"""


def test_acknowledgements_and_references_in_portuguese_and_japanese(tmp_path: Path) -> None:
    survey = read_text(tmp_path, PORTUGUESE_AND_JAPANESE)
    # before: "Agradecimentos", "謝辞", "Referências" and the unnumbered heading after the list were sections
    assert [s.title for s in survey.top_level_sections()] == ["Introdução", "Resultados"]
    assert len(survey.references) == 2


DUTCH_REPORT = """\
# Veterinaire antibiotica in de bodem

# Samenvatting

Een samenvatting van het rapport.

# Voorwoord

Dit rapport is geschreven voor het ministerie.

# Inhoudsopgave

Inleiding 3

# Inleiding

Antibiotica komen in de bodem terecht (Boxall, 2004).

# Conclusies

Het risico is klein (Kools, 2008).

# Bronnenlijst

Boxall, A. (2004). Veterinary medicines in the environment. Rev. Environ. Contam. Toxicol. 180, 1-91.

Kools, S. (2008). A ranking of European veterinary medicines. Environ. Int. 34, 1-9.

# Bijlage 1: Het wettelijk kader

De wet zegt dit.
"""


def test_a_dutch_reports_front_and_back_matter_is_no_section(tmp_path: Path) -> None:
    survey = read_text(tmp_path, DUTCH_REPORT)
    # before: summary, foreword, contents, list of sources (unread) and appendix were all top-level sections
    assert [s.title for s in survey.top_level_sections()] == ["Inleiding", "Conclusies"]
    assert len(survey.references) == 2


CHINESE_REPORT = """\
# 中国制造2025十年回顾

## 执行摘要：

这是摘要。

## 引言：理解中国的智能制造雄心

正文 [1]。

## 结论：回顾与未来之路

正文 [2]。

## 参考文献

[1] 王明. 智能制造. 机械工程学报, 2020, 5: 1-9.
[2] 李华. 工业政策. 经济研究, 2021, 6: 10-19.
"""


def test_a_chinese_executive_summary_is_no_section(tmp_path: Path) -> None:
    survey = read_text(tmp_path, CHINESE_REPORT)
    # before: "执行摘要：" (executive summary, a full-width colon after it) was the first section
    assert [s.title for s in survey.top_level_sections()] == ["引言：理解中国的智能制造雄心", "结论：回顾与未来之路"]


CHINESE_THESIS = """\
# 分布式存储架构应用研究

## 第一章 绪论

### 1.1 选题背景

背景 [1]。

## 第二章 分布式架构的部署

### 2.1 整体结构

结构 [2]。

##\f第三章 数据同步

### 3.1 数据

同步。

## 致谢

感谢导师。

## 参考文献

[1] 张三. 分布式系统. 计算机学报, 2018, 3: 1-9.
[2] 李四. 消息队列. 软件学报, 2019, 4: 10-19.
"""


def test_a_chinese_thesis_chapters_are_numbered_sections(tmp_path: Path) -> None:
    survey = read_text(tmp_path, CHINESE_THESIS)
    top = survey.top_level_sections()
    # before: "第一章 绪论" kept its chapter label in the title, "##\\f第三章" (a page break after the hashes) was text,
    # "致谢" (acknowledgements) was a section
    assert [(s.number, s.title) for s in top] == [("1", "绪论"), ("2", "分布式架构的部署"), ("3", "数据同步")]


DISSERTATION = """\
# Discriminating News-Reading Behavior

# Chapter 1

# Introduction

Newspapers matter (Smith, 2001).

## Research Approach

We track eyes.

# Chapter 2

# Literature Review

Eyes move (Rayner, 1998).

# Appendix A

# Selection Questionnaire

Question one.

# List of References

Rayner, K. (1998). Eye movements in reading. Psychological Bulletin, 124, 372-422.

Smith, J. (2001). Newspapers. Journalism Quarterly, 3, 1-9.

# Biographical Sketch

The author was born in Florida.
"""


def test_a_chapter_label_heading_is_one_heading_with_the_name_after_it(tmp_path: Path) -> None:
    survey = read_text(tmp_path, DISSERTATION)
    top = survey.top_level_sections()
    # before: "Chapter 1", "Introduction", "Chapter 2", ... were sections each, the appendix's name, "List of References"
    # (its list unread) and "Biographical Sketch" too
    assert [(s.number, s.title) for s in top] == [("1", "Introduction"), ("2", "Literature Review")]
    assert len(survey.references) == 2


AUTHOR_CONTRIBUTION_STATEMENT = """\
# XPD and TP53 polymorphisms and platinum toxicity

## Introduction

Platinum drugs are toxic [1].

## Discussion

XPD matters [2].

## Author Contribution Statement

A.B. wrote the paper.

## References

1. Smith A. XPD polymorphisms. Lung Cancer. 2010;5:1-9.
2. Jones B. TP53 and platinum. Lung Cancer. 2011;6:10-19.
"""


def test_an_author_contribution_statement_is_back_matter(tmp_path: Path) -> None:
    survey = read_text(tmp_path, AUTHOR_CONTRIBUTION_STATEMENT)
    # before: "Author Contribution Statement" was the paper's last section
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Discussion"]


TITLE_PAGE_AS_HEADINGS = """\
# Gender and Education in Liberia

### Jane M. Doe

### Department of Data Science, College of William and Mary

### Freshman Summer Research

### August 17, 2021

#### Introduction

Girls attend school less often (Smith, 2019).

#### Methods

We used survey data (Jones, 2020).

##### References

Jones, A. (2020). Survey data. Journal of Data, 2, 1-9.

Smith, B. (2019). Girls in school. Journal of Education, 3, 10-19.
"""


def test_a_title_page_set_as_empty_headings_above_the_sections_is_no_section(tmp_path: Path) -> None:
    survey = read_text(tmp_path, TITLE_PAGE_AS_HEADINGS)
    # before: the author, the programme and the date (all but the affiliation) were the top-level sections
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Methods"]


SUBTITLE_WITH_A_DATELINE = """\
# Encoding Tacit Knowledge into Language Models

## A Cross-Scale Knowledge Fidelity Analysis
---
*Working Draft, April 2026*

## Introduction

Tacit knowledge is hard to write down (Polanyi, 1966).

## Conclusion

It can be encoded (Hu, 2021).

## References

Hu, E. (2021). LoRA: Low-rank adaptation of large language models. arXiv:2106.09685.

Polanyi, M. (1966). The Tacit Dimension. University of Chicago Press.
"""


def test_a_subtitle_over_a_rule_and_a_dateline_is_the_titles(tmp_path: Path) -> None:
    survey = read_text(tmp_path, SUBTITLE_WITH_A_DATELINE)
    # before: the subtitle was the first section, holding the rule and the dateline
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Conclusion"]


WILEY_BACK_MATTER = """\
# GLP-1 receptor agonists in the real world

## Introduction

Weight loss drugs are used widely [1].

## Conclusions

They work [2].

## Acknowledgements

We thank the reviewers.

## Conflict of Interest Statement

None.

## Peer Review

The peer review history is available online.

## Data Availability Statement

No data were created.

## References

1. Smith A. Weight loss drugs. Obesity. 2020;5:1-9.
2. Jones B. Real-world use. Obesity. 2021;6:10-19.
"""


def test_a_heading_between_back_matter_after_the_conclusion_is_back_matter(tmp_path: Path) -> None:
    survey = read_text(tmp_path, WILEY_BACK_MATTER)
    # before: "Peer Review" (Wiley's note on the review history) was a section after the conclusion
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Conclusions"]
