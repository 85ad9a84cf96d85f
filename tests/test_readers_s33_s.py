"""Top-level section classes of stop 33 (issue 9), fixed by the files' own evidence.

Journals' back and front matter under more names: IOP's "ORCID iDs", the APS journals' "GRANTS", an IEEE review's
"LIST OF ABBREVIATIONS", Nature's "Peer review information" and "Reprints and permission information", a scraper's
"Source Information", a "Structured Abstract" with its parts, Taylor & Francis' "ARTICLE HISTORY".

Reference lists under a Qianfan deep-research report's "参考内容如下：" and a bilingual "References / 参考文献".

A lettered appendix ("Appendix A. Search strategies"): the headings after it are no sections. Pandoc's heading
attributes ("Introduction {#introduction .heading1}") are no part of a heading's name.

MinerU's PDF articles: a journal's subject above the title and the journal's name and the title again after the list
(a PDF's last page); a flat section name in capitals joined to its first subsection's ("MATERIALS AND METHODS
Wallabies"); PLOS's "6 OPEN ACCESS" badge, its padlock read as a number, among flat IMRaD headings.

A table of contents printed as headings with page numbers, and a book chapter's sections numbered 2.1, 2.2, ...

The ACS journals' headings, a black square before capitals ("■INTRODUCTION"), in a PDF's text.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text


def _tops(tmp_path: Path, text: str) -> list[str]:
    return [s.title for s in read_text(tmp_path, text).top_level_sections()]


BACK_AND_FRONT = """\
# Ocular following in the marmoset

## ARTICLE HISTORY

Received 1 May 2020; accepted 2 June 2021.

## LIST OF ABBREVIATIONS

OFR, ocular following response; VR, virtual reality.

## INTRODUCTION

Eye movements follow the scene [1].

## DISCUSSION

The responses are fast [2].

## GRANTS

This work was supported by a grant.

## ORCID iDs

Ann Author https://orcid.org/0000-0000-0000-0001

## Peer review information Communications Medicine

Thanks to the reviewers.

## Reprints and permission information

Available online.

## Source Information

- **Search Query**: ocular following

## REFERENCES

1. Miles FA. The neural processing of visual motion. Trends Neurosci. 1998;21:1-5.
2. Kawano K. Ocular tracking. Curr Opin Neurobiol. 1999;9:467-73.
"""


def test_more_back_and_front_matter_names_are_no_sections(tmp_path: Path) -> None:
    assert _tops(tmp_path, BACK_AND_FRONT) == ["INTRODUCTION", "DISCUSSION"]
    structured = ("# Title\n\n# Structured Abstract\n\n## Background\n\nWhy.\n\n## Methods\n\nHow.\n\n# Introduction\n\nText [1].\n\n"
                  "# Methods\n\nMore.\n\n# References\n\n1. Doe J. A study of things. J Things. 2020;1:1-2.\n")
    assert _tops(tmp_path, structured) == ["Introduction", "Methods"]


QIANFAN = """\
# 无人机串级PID控制

## 1. 引言

串级PID控制广泛使用[^1]。

## 2. 结论

自适应整定有效[^2]。

# 参考内容如下：
[^1]:[Controller Diagrams | PX4 Guide](https://docs.px4.io/main/en/flight_stack/controller_diagrams)
[^2]:[Copter Attitude Control](https://ardupilot.org/dev/docs/apmcopter-programming-attitude-control-2.html)
"""


def test_qianfan_and_bilingual_reference_headings_open_the_list(tmp_path: Path) -> None:
    assert _tops(tmp_path, QIANFAN) == ["引言", "结论"]
    bilingual = ("# Societies of Thought\n\n## 1. Introduction / 引言\n\nAgents debate [1].\n\n## 2. Conclusion / 结论\n\nIt works [2].\n\n"
                 "## References / 参考文献\n\n[1] Doe, J. Debate among agents. 2023.\n\n[2] Roe, K. Thought societies. 2024.\n")
    survey = read_text(tmp_path, bilingual)
    assert [s.title for s in survey.top_level_sections()] == ["Introduction / 引言", "Conclusion / 结论"]
    assert len(survey.references) == 2


LETTERED_APPENDIX = """\
# Harms of retinal implants

## 1. Introduction

Implants restore some vision [1].

## 2. Discussion

Harms are common [2].

## Appendix A. Search strategies

We searched PubMed.

# Catalog of harms

## Appendix B. Harms by device

A table.

## References

1. Doe J. Retinal implants. Vision Res. 2020;1:1-2.
2. Roe K. Implant harms. Eye. 2021;2:3-4.
"""


def test_headings_after_a_lettered_appendix_are_no_sections(tmp_path: Path) -> None:
    assert _tops(tmp_path, LETTERED_APPENDIX) == ["Introduction", "Discussion"]


PANDOC_ATTRIBUTES = """\
Evaluation of keyword search {#evaluation-of-keyword-search .title}
==============================

Introduction {#introduction .heading1}
============

Search is measured [1].

Evaluation Metrics {#evaluation-metrics .heading1}
==================

Metrics differ [2].

References {#references .list-paragraph}
==========

[1] Doe, J. Keyword search. 2010.

[2] Roe, K. Term weighting. 2012.
"""


def test_pandoc_heading_attributes_are_no_part_of_the_name(tmp_path: Path) -> None:
    survey = read_text(tmp_path, PANDOC_ATTRIBUTES)
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Evaluation Metrics"]
    assert len(survey.references) == 2


MINERU_LAST_PAGE = """\
## NEUROSCIENCE

# Orientation pinwheels in a marsupial

## INTRODUCTION

Pinwheels are common [1].

## RESULTS

We found pinwheels.

## Quantifying maps

Maps were quantified.

## DISCUSSION

They are universal.

## MATERIALS AND METHODS Wallabies

Four wallabies were used [2].

## Surgical procedure

Animals were anaesthetised.

## REFERENCES AND NOTES

1. K. Ohki, Highly ordered arrangement. Nature 442, 925-928 (2006).
2. J. Jung, Wallaby cortex. Sci. Adv. 8, 1-10 (2022).

# ScienceAdvances

# Orientation pinwheels in a marsupial

Copyright the authors.
"""


def test_a_pdf_last_page_after_the_list_and_a_capitals_name_joined_to_its_subsection(tmp_path: Path) -> None:
    assert _tops(tmp_path, MINERU_LAST_PAGE) == ["INTRODUCTION", "RESULTS", "DISCUSSION", "MATERIALS AND METHODS"]


PLOS_BADGE = """\
# Liquid-crystal displays in clinical assessment

## Abstract

We measured displays.

## 6 OPEN ACCESS

Citation: Author A (2021).

## Introduction

Displays flicker [1].

## Methods

## Displays and visual stimuli

We used three displays.

## Response times

We measured them.

## Results

Displays differ.

## Discussion

They matter [2].

## Model utility

The model helps.

## References

1. Doe J. Flicker. Vision Res. 2010;1:1-2.
2. Roe K. Displays. J Vis. 2012;2:3-4.
"""


def test_a_numbered_badge_does_not_stop_flat_imrad_headings(tmp_path: Path) -> None:
    assert _tops(tmp_path, PLOS_BADGE) == ["Introduction", "Methods", "Results", "Discussion"]


CONTENTS_WITH_PAGES = """\
# The Latent Space: A Survey

# Contents

# 1 Introduction

# 2 Foundation: What is Latent Space? 5

2.1 Concept 5
2.2 Comparison 6

# Mechanism: How Does It Work? 13

# .2 Representation 20

4.2.1 Internal 21
4.2.2 External 24

# 1 Introduction

Latent space matters [1].

# 2 Foundation: What is Latent Space?

It is a space [2].

# 3 Conclusion

It works.

# References

[1] Doe, J. Latent reasoning. 2024.

[2] Roe, K. Hidden states. 2025.
"""


def test_a_contents_list_with_page_numbers_printed_as_headings(tmp_path: Path) -> None:
    assert _tops(tmp_path, CONTENTS_WITH_PAGES) == ["Introduction", "Foundation: What is Latent Space?", "Conclusion"]


BOOK_CHAPTER = """\
# Chapter 2 What Is a Smart Classroom? A Literature Review

# 2.1 Introduction

Smart classrooms spread (Doe, 2016).

# 2.2 Origins

They began early (Roe, 2012).

# 2.2.1 Early rooms

Rooms had screens.

# 2.3 Conclusion

They help.

# References

Doe, J. (2016). Smart rooms. Journal of Learning, 1, 1-2.

Roe, K. (2012). Early classrooms. Journal of Schools, 2, 3-4.
"""


def test_a_book_chapter_numbers_its_sections_under_the_chapter(tmp_path: Path) -> None:
    assert _tops(tmp_path, BOOK_CHAPTER) == ["Introduction", "Origins", "Conclusion"]


ACS_SQUARES = """\
# biotransforming-the-forever-chemicals

## Page 1

Biotransforming the Forever Chemicals
KEYWORDS: PFAS, biotransformation
■INTRODUCTION: PFAS, A BRIEF OVERVIEW AND
THEIR ENVIRONMENTAL RELEVANCE
Per- and polyfluoroalkyl substances are contaminants of concern for human and environmental health.1
■METHODS
We searched the literature for studies of microbial transformation of these substances.
■RESULTS AND DISCUSSION
Microbes transform some of them under anaerobic conditions, as several studies show.2
■ASSOCIATED CONTENT
Supporting Information is available.
■REFERENCES
(1) Doe, J. PFAS in water. Environ. Sci. Technol. 2020, 54, 1-2.
(2) Roe, K. Microbial defluorination. Environ. Sci. Technol. 2021, 55, 3-4.
"""


def test_acs_square_bullet_capitals_are_headings(tmp_path: Path) -> None:
    assert _tops(tmp_path, ACS_SQUARES) == ["INTRODUCTION: PFAS, A BRIEF OVERVIEW AND THEIR ENVIRONMENTAL RELEVANCE", "METHODS",
                                            "RESULTS AND DISCUSSION"]
