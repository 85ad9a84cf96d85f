"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, stop 28).

From the tuning splits: a GROBID export whose code listing, run together into one line, became a "#" heading
(dev11); an IOP Publishing list (Environ. Res. Lett.) whose entries a two-column extraction glued after the pages
of the entry before, with hyphenated initials ("Pinault J-L"), three-word family names ("De La Hera A"), a period
after the year ("Oude Essink G 1998. MOC3D ...") and group authors in capitals ("CWC 2014") (dev24); MinerU's
formula detector setting a short surname and its year as mathematics, "(Sarma and $\\mathrm { X u } ~ 2 0 1 4$ )"
(dev24); and a text in which no section heading is found at all but which holds a reference list.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from surveybench.readers import ReaderError
from tests.reader_helpers import read_report, read_text


def test_a_paragraph_printed_as_a_heading_is_text_not_a_section(tmp_path: Path) -> None:
    listing = " ".join(f"print(f'step {n} of the loop over the relevant sections and their findings')" for n in range(12))
    survey, report = read_report(tmp_path, f"""\
# Recursive Language Models

## Introduction

Models read long prompts (Zhang et al., 2024).

## Method

The model calls itself on parts of the prompt.

# Process each relevant section and print findings {listing}

## Conclusion

It scales.

## References

- Zhang, A. (2024). Long prompts. In *ICML*.
""")
    # before: the 60-word "heading" was the only level-1 section, the real ones under it
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Method", "Conclusion"]
    assert report.skipped["paragraph printed as a heading"] == 1


IOP_LIST = "\n".join([  # one entry a line, or two glued after the pages of the first (a two-column extraction)
    "Acero Triana J S, Chu M L and Steiner J L 2019 Beyond model metrics: the perils of calibrating hydrologic "
    "models J. Hydrol. 578 124032",
    "Cuthbert M O, Gleeson T and Lehner B 2019 Global patterns and dynamics of climate–groundwater interactions "
    "Nat. Clim. Chang. 9 137–41 CWC 2014 CWC SGMA California Water Code § 10720–10737.8",
    "De La Hera A, Gurrieri J and Puri S 2016 Ecohydrological issues of groundwater-dependent ecosystems Environ. "
    "Earth Sci. 75 1–12",
    "Ostrom E 1990 Governing the Commons: The Evolution of Institutions for Collective Action (Cambridge: "
    "Cambridge University Press) Oude Essink G 1998. MOC3D adapted to simulate 3D density-dependent groundwater flow Proc. MODFLOW Conf. pp 291–303",
    "Pierce S A, Sharp J M and Eaton D J 2013 Aquifer-yield continuum as a guide and typology for science-based "
    "groundwater management Hydrogeol. J. 21 331–40 Pinault J-L, Doerfliger N and Bakalowicz M 2004 "
    "Characterizing a coastal karst aquifer using an inverse modeling approach Water Resour. Res. 40 W08501",
    "Rajabi M M, Ataie-Ashtiani B and Simmons C T 2018 Model-data interaction in groundwater studies: review of "
    "methods J. Hydrol. 567 457–77",
    "Sarma D and Xu Y X 2014 An approach to sustainable rural water supply in semi-arid Africa Hydrogeol. J. 22 "
    "1681–92",
]) + "\n"


def test_iop_entries_glued_after_pages_with_hyphenated_initials_and_group_authors(tmp_path: Path) -> None:
    survey = read_text(tmp_path, f"""\
# Groundwater sustainability

## 1 Introduction

Yields were framed as a continuum (Pierce et al 2013, Pinault et al 2004) and flows were modelled (De La Hera et al
2016, Oude Essink 1998); the law sets plans (CWC 2014, Rajabi et al 2018).

## References

{IOP_LIST}""")
    # before: 7 entries -- Pinault, CWC and Oude Essink glued to the entry before, De La Hera not cited
    assert [r.raw.split(" ")[0] for r in survey.references] == [
        "Acero", "Cuthbert", "CWC", "De", "Ostrom", "Oude", "Pierce", "Pinault", "Rajabi", "Sarma"]
    assert survey.references[7].year == 2004 and survey.references[7].raw.endswith("W08501")
    by_id = {r.id: r.raw.split(" ")[0] for r in survey.references}
    cited = [[by_id[i] for i in m.ref_ids] for *_x, m in survey.citation_marks()]
    assert cited == [["Pierce", "Pinault"], ["De", "Oude"], ["CWC", "Rajabi"]]


def test_mineru_math_span_holding_a_surname_and_its_year(tmp_path: Path) -> None:
    survey = read_text(tmp_path, f"""\
# Groundwater recharge

## 1 Introduction

Recharge was set by a steady-state model (Sarma and $\\mathrm {{ X u }} ~ 2 0 1 4$ ), as a fraction of rain
(Rajabi et al 2018), while $T = 2 0 0 0$ days stays mathematics.

## References

{IOP_LIST}""")
    by_id = {r.id: r.raw.split(" ")[0] for r in survey.references}
    cited = [[by_id[i] for i in m.ref_ids] for *_x, m in survey.citation_marks()]
    assert cited == [["Sarma"], ["Rajabi"]]  # before: "(Sarma and $...$ )" read as no citation


def test_text_without_any_heading_but_with_a_reference_list_is_one_untitled_section(tmp_path: Path) -> None:
    survey, report = read_report(tmp_path, """\
Cats are studied widely [1]. Dogs too [2], and both together [1, 2].

References

[1] A. Smith. Cats and their habits. Nature, 2019.
[2] B. Jones. Dogs and their owners. Science, 2020.
""", name="Pets survey.md")
    # before: refused ("no Markdown headings"), its three citations lost
    assert survey.title == "Pets survey"
    assert [(s.title, s.is_content) for s in survey.top_level_sections()] == [("", True)]
    assert [r.title for r in survey.references] == ["Cats and their habits", "Dogs and their owners"]
    assert [m.ref_ids for *_x, m in survey.citation_marks()] == [["1"], ["2"], ["1", "2"]]
    assert "no section headings found: the text read as one untitled section" in report.warnings


def test_title_and_text_without_a_reference_list_is_still_refused(tmp_path: Path) -> None:
    with pytest.raises(ReaderError, match="only a title heading"):
        read_text(tmp_path, "# Pets\n\nCats and dogs are pets.\n\nSo are fish.\n")
