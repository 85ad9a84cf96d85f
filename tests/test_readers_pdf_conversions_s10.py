"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, the round after s9).

From the tuning splits dev9-dev12: a Scientific Reports article whose converter printed Nature's
open-access badge ("# OPEN") above the title and every heading at one depth; a GROBID TEI-to-Markdown
article whose title, abstract, capitalised sections and sentence-case subsections all sit at one depth;
a formula set as a heading ("###### Uα × R"); an appendix named after a colon ("Appendix: Artifact
Description") whose own sections are numbered anew after the reference list.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.readers import read_survey_report


def _top_sections(tmp_path: Path, text: str) -> tuple[str, list[str]]:
    path = tmp_path / "article.md"
    path.write_text(text, encoding="utf-8")
    survey, _ = read_survey_report(path)
    return survey.title, [s.title for s in survey.sections if s.level == 1 and s.is_content]


SCI_REP = """\
# OPEN

# Optimizing urban delivery through dynamic routing

Lu Liu & Tianxia Wang

Urban delivery systems operate under volatile traffic conditions1 .

# Literature review

Research has advanced along five directions2,3 .

# Methodology

# Problem formulation

The network is a directed graph4 .

# Tabu-based enhancement

Memory prevents cycling5 .

# Experimental setup

# Study area and dataset

The study uses taxi data6 .

# Baseline models

We compare five baselines7 .

# Results

# Objective cost performance

Costs fall by 12%.

# Discussion

# Limitations and future research directions

The data cover one city.

# Conclusion

The model helps.

# References

1. Smith, J. Urban logistics. Transp. Res. 1, 1-10 (2020).
2. Jones, K. Dynamic routing. Oper. Res. 2, 11-20 (2019).
3. Brown, L. Traffic-aware routing. Transp. Sci. 3, 21-30 (2018).
4. Green, M. Graph models. Networks 4, 31-40 (2017).
5. White, N. Tabu search. Comput. Oper. Res. 5, 41-50 (2016).
6. Black, O. Taxi data. Sci. Data 6, 51-60 (2015).
7. Gray, P. Baselines. Eur. J. Oper. Res. 7, 61-70 (2014).
"""


def test_open_access_badge_is_no_title_and_imrad_names_give_the_top_level(tmp_path: Path) -> None:
    title, tops = _top_sections(tmp_path, SCI_REP)
    assert title == "Optimizing urban delivery through dynamic routing"
    assert tops == ["Literature review", "Methodology", "Experimental setup", "Results", "Discussion", "Conclusion"]


GROBID_FLAT = """\
## Transboundary flows in the metacoupled Anthropocene: typology, methods, and governance

## Abstract

Flows cross borders.

## INTRODUCTION

Flows matter (Liu, 2017).

## TYPOLOGY OF TRANSBOUNDARY FLOWS

## Flow type

Trade is one type (Xu, 2020).

## Flow magnitude

Magnitudes vary.

## METHODS FOR QUANTIFYING FLOWS

## Physical flows

Counted by satellites (Zhang, 2021).

## CONCLUSION

Governance must follow flows.

## Figures and Tables

## Figure 1: Fig. 1 .

## Acknowledgments:

We thank the reviewers.

## References

Liu, J. (2017). Integration across a metacoupled world. Ecology and Society, 22(4), 29.

Xu, Z. (2020). Impacts of international trade. Nature Sustainability, 3, 964-971.

Zhang, L. (2021). Remote sensing of flows. Remote Sensing of Environment, 255, 112276.
"""


def test_grobid_flat_headings_title_before_abstract_and_capitals_as_top_level(tmp_path: Path) -> None:
    title, tops = _top_sections(tmp_path, GROBID_FLAT)
    assert title == "Transboundary flows in the metacoupled Anthropocene: typology, methods, and governance"
    assert tops == ["INTRODUCTION", "TYPOLOGY OF TRANSBOUNDARY FLOWS", "METHODS FOR QUANTIFYING FLOWS", "CONCLUSION"]


FORMULA = """\
# A Geometric Framework for Odor Representation

###### Introduction

Odors are sampled by receptors [1].

###### The theory of sheaves enables a geometric framework

Sheaves glue local data [2].

###### Uα × R

The product space carries the plasticity.

###### Conclusion

Geometry helps.

### References

[1] Buck L, Axel R. A novel multigene family. Cell. 1991;65:175-187.
[2] Curry J. Sheaves, cosheaves and applications. PhD thesis; 2014.
"""


def test_a_formula_set_as_a_heading_is_no_section(tmp_path: Path) -> None:
    _, tops = _top_sections(tmp_path, FORMULA)
    assert tops == ["Introduction", "The theory of sheaves enables a geometric framework", "Conclusion"]


ARTIFACT_APPENDIX = """\
# DFTracer: A Data Flow Tracer

## I. INTRODUCTION

Tracing matters [1].

## II. EVALUATION

## A. Testbed

We ran on a cluster [2].

## III. CONCLUSIONS

Tracing scales.

## REFERENCES

[1] A. Author, "Tracing I/O," in SC, 2020.
[2] B. Author, "Clusters," in HPDC, 2021.

## Appendix: Artifact Description/Artifact Evaluation

## I. Overview of Contributions and Artifacts

## A. Paper's Main Contributions

The tool and its analyzer.

## II. Artifact Identification

## A. Hardware

A cluster.
"""


def test_an_appendix_named_after_a_colon_ends_the_body(tmp_path: Path) -> None:
    _, tops = _top_sections(tmp_path, ARTIFACT_APPENDIX)
    assert tops == ["INTRODUCTION", "EVALUATION", "CONCLUSIONS"]
