"""Failure classes of PDF conversions by docling, PyMuPDF and pymupdf4llm, fixed by the files' own
evidence (issue 9, the round after s8).

From the tuning splits dev5, dev11 and dev12: Copernicus lists (EGU journals) whose entries open with
a group's name and a web page's "available at:", or with an author list whose last initial lost its dot
("McMakin, A. H: Risk Communication"), or a title in lower case ("glmmTMB Balances Speed ..."); an
APA book's editors before its year ("Pohl, R. F. (Ed.). (2017)."); a title that opens with a digit
glued to its word ("# 4Deform: ..."); a section's heading and its first subsection's joined on one
line ("### 2 Results 2.1 Drift in passive data"); "MATERIALS AND METHODS" left as a plain line.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.readers import read_survey_report
from surveybench.readers.refstrings import clean_title, parse_reference_string


def _read(tmp_path: Path, text: str, name: str = "review.md"):  # type: ignore[no-untyped-def]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_survey_report(path)


# a Copernicus (NHESS) list as docling prints it: one entry a paragraph, group authors, web pages
COPERNICUS = """\
# Impact of information presentation on interpretability of spatial hazard information

## 1 Introduction

Bulletins are read by many (Avalanche Canada, 2019; Brooks et al., 2017; CAIC, 2020; Lenth, 2019).
Risk communication matters (Lundgren and McMakin, 2018; McClung, 2002).

## 2 Methods

We used R (R Core Team, 2020) and compared warning services (Météo-France, 2021; NZAA, 2021;
USFS, 2021).

## References

Avalanche Canada: Avalanche Canada 2019 Annual Report, available at: https://issuu.com/avalancheca/docs/ac_2019 (last access: 19 September 2021), 2019.

Brooks, M. E., Kristensen, K., van Benthem, K. J., Magnusson, A., Berg, C. W., Nielsen, A., Skaug, H. J., Mächler, M., and Bolker, B. M.: glmmTMB Balances Speed and Flexibility Among Packages for Zero-inflated Generalized Linear Mixed Modeling, R Journal, 9, 378-400. https://doi.org/10.32614/RJ2017-066, 2017.

Burkeljca, J.: A comparison of advisory bulletins, The Avalanche Review, 31, 28-30, 2013a.

CAIC -Colorado Avalanche Information Center: National Avalanche Accident Dataset, available at: https://avalanche.state.co.us/accidents/ (last access: 19 September 2021), 2020.

CAIC - Colorado Avalanche Information Center: available at: https://avalanche.state.co.us/forecasts/, last access: 19 September 2021.

Clark, T.: Exploring the link between the conceptual model of avalanche hazard and the North American public avalanche danger scale, M.R.M research project no. 721, Simon Fraser University, Burnaby, B.C., 2019.

Cribari-Neto, F. and Zeileis, A.: Beta Regression in R, J. Stat. Softw., 34, 1-24, https://doi.org/10.18637/jss.v034.i02, 2010.

Dunn, P. K. and Smyth, G. K.: Randomized Quantile Residuals, J. Comput. Graph. Stat., 5, 236-244, https://doi.org/10.1080/10618600.1996.10474708, 1996.

Fox, J. and Weisberg, S.: An R Companion to Applied Regression, 3rd edn., Sage, Thousand Oaks CA, 2019.

Hartig, F.: DHARMa: Residual Diagnostics for Hierarchical (MultiLevel/Mixed) Regression Models, R package version 0.3.2.0, available at: https://CRAN.R-project.org/package=DHARMa (last access: 19 September 2021), 2020.

Klassen, K.: Incorporating terrain into public avalanche information products, in: Proceedings of 2012 International Snow Science Workshop, Anchorage, AK, 209-213, 2012.

Lenth, R.: Estimated Marginal Means, aka Least-Squares Means, R package version 1.4.3.01., available at: https://CRAN.R-project.org/package=emmeans (last access: 19 September 2021), 2019.

Lundgren,

R.

E.

and

McMakin,

A.

H:

Risk

Communication:

A Handbook for Communicating Environmental, Safety, and Health Risks, 6th edn., Wiley, Hoboken, NJ, 2018.

McClung, D. M.: The elements of applied avalanche forecasting - Part I: The human issues, Nat Hazards, 25, 111-129, https://doi.org/10.1023/a:1015665432221, 2002.

Météo-France: available at: https://meteofrance.com/meteo-montagne/alpes-du-nord/risques-avalanche, last access: 19 September 2021.

NZAA - New Zealand Avalanche Advisory: available at: https://www.avalanche.net.nz/, last access: 19 September 2021.

R Core Team: R - A language and environment for statistical computing, R Foundation for Statistical Computing, Vienna, Austria, available at: https://www.R-project.org/ (last access: 19 September 2021), 2020.

USFS - U.S. Forest Service National Avalanche Centre and American Avalanche Association: available at: https://avalanche.org (last access: 19 September 2021), 2021.
"""


def test_copernicus_entries_opening_with_groups_web_pages_and_lost_dots_stand_apart(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, COPERNICUS)
    heads = [r.raw.split(":")[0] for r in survey.references]
    assert heads == [
        "Avalanche Canada",
        "Brooks, M. E., Kristensen, K., van Benthem, K. J., Magnusson, A., Berg, C. W., Nielsen, A., Skaug, H. J., "
        "Mächler, M., and Bolker, B. M.",
        "Burkeljca, J.",
        "CAIC -Colorado Avalanche Information Center",
        "CAIC - Colorado Avalanche Information Center",
        "Clark, T.",
        "Cribari-Neto, F. and Zeileis, A.",
        "Dunn, P. K. and Smyth, G. K.",
        "Fox, J. and Weisberg, S.",
        "Hartig, F.",
        "Klassen, K.",
        "Lenth, R.",
        "Lundgren, R. E. and McMakin, A. H",
        "McClung, D. M.",
        "Météo-France",
        "NZAA - New Zealand Avalanche Advisory",
        "R Core Team",
        "USFS - U.S. Forest Service National Avalanche Centre and American Avalanche Association",
    ]
    by_head = dict(zip(heads, survey.references))
    assert by_head["Lundgren, R. E. and McMakin, A. H"].title == (
        "Risk Communication: A Handbook for Communicating Environmental, Safety, and Health Risks")
    assert by_head["Avalanche Canada"].title == "Avalanche Canada 2019 Annual Report"


def test_a_copernicus_title_stops_before_an_address_or_an_edition() -> None:
    assert clean_title("Lenth: Estimated Marginal Means, available at: https://cran.r-project.org (last access: "
                       "19 September 2021)") == "Lenth: Estimated Marginal Means"
    assert clean_title("A Handbook for Communicating Risks, 6th edn., Wiley, Hoboken") == (
        "A Handbook for Communicating Risks")
    # no comma, no edition mark: a title's own words stay
    assert clean_title("Editions of the 2nd edition problem") == "Editions of the 2nd edition problem"
    parsed = parse_reference_string("Lundgren, R. E. and McMakin, A. H: Risk Communication: A Handbook for "
                                    "Communicating Environmental, Safety, and Health Risks, 6th edn., Wiley, 2018.")
    assert parsed.title == "Risk Communication: A Handbook for Communicating Environmental, Safety, and Health Risks"
    assert parsed.year == 2018


def test_copernicus_group_authors_are_read_as_the_text_cites_them() -> None:
    for raw, author, title, year in [
        ("EAWS - European Avalanche Warning Services: Avalanche Danger Scale, available at: https://www.avalanches.org/"
         " (last access: 19 September 2021), 2018.", "EAWS", "Avalanche Danger Scale", 2018),
        ("Météo-France: available at: https://meteofrance.com/, last access: 19 September 2021.", "Météo-France", None, 2021),
        ("Varsom: Avalanche Warnings, available at: https://www.varsom.no/, last access: 19 September 2021.",
         "Varsom", "Avalanche Warnings", 2021),
        ("R Core Team: R - A language and environment for statistical computing, R Foundation for Statistical "
         "Computing, Vienna, Austria, 2021.", "R Core Team", "R - A language and environment for statistical computing", 2021),
    ]:
        parsed = parse_reference_string(raw)
        assert (parsed.authors, parsed.title, parsed.year) == ([author], title, year), raw
    # a title with a hyphenated head and a colon is no group: "Speedy-Splat", "Multi-Agent"
    for raw in ["Speedy-Splat: Fast 3D Gaussian Splatting with Sparse Pixels and Sparse Primitives",
                "Multi-Agent Reinforcement Learning for Autonomous Driving: A Survey"]:
        assert parse_reference_string(raw).title == raw and not parse_reference_string(raw).authors
    # a book's publisher and place are no part of its title
    assert parse_reference_string("Sweller, J., Ayres, P., and Kalyuga, S.: Cognitive load theory, Springer New York, "
                                  "New York, NY, 2011.").title == "Cognitive load theory"


APA_EDITED_BOOK = """\
# Selective accessibility in anchoring

## Introduction

Anchoring is robust (Plous, 1989; Pohl, 2017; Strack & Mussweiler, 1997).

## References

Plous, S. (1989). Thinking the unthinkable: The effects of anchoring on likelihood estimates of
nuclear war. Journal of Applied Social Psychology, 19(1), 67-91.
Pohl, R. F. (Ed.). (2017). Cognitive Illusions: Intriguing Phenomena in Judgement, Thinking
and Memory. Psychology Press.
Strack, F., & Mussweiler, T. (1997). Explaining the enigmatic anchoring effect: Mechanisms of
selective accessibility. Journal of Personality and Social Psychology, 73(3), 437-446.
"""


def test_an_apa_edited_book_opens_its_own_entry(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, APA_EDITED_BOOK)
    assert [r.raw[:10] for r in survey.references] == ["Plous, S. ", "Pohl, R. F", "Strack, F."]
    assert report.unresolved_keys == 0


GLUED_DIGIT_TITLE = """\
# 4Deform: Neural Surface Deformation for Robust Shape Interpolation

## Abstract

We interpolate shapes [1].

## 1. Introduction

Shapes deform [1, 2].

## 2. Related Work

Earlier work [2].

## 3. Experimental Results

Results [1].

## References

- [1] A. Author. Shape interpolation. In CVPR, 2020.
- [2] B. Author. Neural fields. In ICCV, 2021.
"""


def test_a_title_opening_with_a_glued_digit_is_no_section_four(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, GLUED_DIGIT_TITLE)
    assert survey.title == "4Deform: Neural Surface Deformation for Robust Shape Interpolation"
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Related Work", "Experimental Results"]
    # a lost space in a section numbered from 1 stays a number
    survey, _ = _read(tmp_path, GLUED_DIGIT_TITLE.replace("## 1. Introduction", "# 1Introduction"), "b.md")
    assert "Introduction" in [s.title for s in survey.sections if s.number == "1"]


SECTION_AND_SUBSECTION_ON_ONE_LINE = """\
# The geometry of representational drift

### 1 Introduction

Drift is seen in the hippocampus [1].

### 2 Results 2.1 Drift in passive data

Mice view movies [2].

#### 2.2 Drift in behavioral data

Mice perform a task [1].

### 3 Discussion

We discuss [2].

### References

1. Ziv Y. Long-term dynamics of CA1 hippocampal place codes. Nat Neurosci. 2013.
2. Deitch D. Representational drift in the mouse visual cortex. Curr Biol. 2021.
"""


def test_a_section_heading_joined_with_its_first_subsection_gives_both(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, SECTION_AND_SUBSECTION_ON_ONE_LINE)
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Results", "Discussion"]
    results = next(s for s in survey.sections if s.title == "Results")
    children = [s for s in survey.sections if s.parent == results.index]
    assert [(c.number, c.title) for c in children] == [("2.1", "Drift in passive data"), ("2.2", "Drift in behavioral data")]
    assert children[0].paragraphs and "Mice view movies" in children[0].paragraphs[0].text


MATERIALS_AND_METHODS_LINE = """\
## INTRODUCTION

Fire shaped the landscape (1, 2).

## RESULTS

Charcoal rose (2).

## DISCUSSION

Humans changed the ecosystem (1).
MATERIALS AND\u2006METHODS
Fieldwork survey, excavation, and profile documentation
Test pits were dug (2).

## REFERENCES AND NOTES

1. A. Author, Early fire. Science 1, 1-2 (2001).
2. B. Author, Late fire. Nature 2, 3-4 (2002).
"""


def test_materials_and_methods_left_as_a_plain_line_is_a_section(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, MATERIALS_AND_METHODS_LINE)
    assert [s.title for s in survey.top_level_sections()] == ["INTRODUCTION", "RESULTS", "DISCUSSION", "MATERIALS AND METHODS"]


# an AEA article as pymupdf4llm prints it (dev13): no Markdown section heading, sections as bold lines
# numbered in Roman, a drop capital's first line made a heading, the list under a plain "REFERENCES" line
# with bold author lists (one wrapped over two bold runs, one over two lines), footnote marks as "[1]",
# "R squared" as "*R* [2]", a page's running head inside the list
AEA_PYMUPDF4LLM = """\
### Carbon Taxes and CO2 Emissions: Sweden as a Case Study

# I n Paris in 2015, countries renewed their commitment to address climate change. As part of the Paris Agreement, each country put forward a plan

to reduce emissions through a carbon tax [1] (Arrow et al. 1997, Howard and Sylvan 2015, IMF 2016).

**I. The Swedish Carbon Tax**

Sweden was among the first (Collier and Löfstedt 1997). The tax rose in steps [2] (Carraro et al. 2015).

**II. Empirical Methodology**

We use synthetic control (Kossoy et al. 2015; Collier and Löfstedt 1997). [3]

*R* [2] 0.72 0.73

**III. Results**

Emissions fell (IMF 2016, Arrow et al. 1997). [4]

REFERENCES

**Arrow, Kenneth, Dale Jorgensen, Paul Krugman, William Nordhaus, and Robert Solow.** 1997. “The
Economists’ Statement on Climate Change.” Redefining Progress.
**Carraro, Carlo, Ottmar Edenhofer, Christian Flachsland, Charles Kolstad, Robert Stavins,** **and \u00adRobert Stowe.** 2015. “The IPCC at a Crossroads: Opportunities for Reform.” *Science* 350 (6256): 34–35.
**Collier, Ute, and Ragnar E. Löfstedt.** 1997. *Cases in Climate Change Policy: Political Reality in the*
*European Union* . London: Earthscan Publications.
**Howard, Peter, and Derek Sylvan.** 2015. *Expert Consensus on the Economics of Climate Change* . New
York: New York University School of Law.

-----

*28* *AMERICAN ECONOMIC JOURNAL: ECONOMIC POLICY * *NOVEMBER 2019*

**IMF.** 2016. “World Economic Outlook.” IMF.
**Kossoy, Alexandre, Grzegorz Peszko, Klaus Oppermann, Nicolai Prytz, Alyssa Gilbert, Noemie**
**Klein, Long Lam, and Lindee Wong.** 2015. *Carbon Pricing Watch 2015* . Washington, DC: World Bank.
"""


def test_an_aea_article_from_pymupdf4llm_reads_whole(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, AEA_PYMUPDF4LLM)
    assert [s.title for s in survey.top_level_sections()] == ["The Swedish Carbon Tax", "Empirical Methodology", "Results"]
    assert [(r.authors[0].name if r.authors else None, r.year) for r in survey.references] == [
        ("Arrow, Kenneth", 1997), ("Carraro, Carlo", 2015), ("Collier, Ute", 1997), ("Howard, Peter", 2015),
        ("IMF", 2016), ("Kossoy, Alexandre", 2015)]
    assert survey.references[1].title == "The IPCC at a Crossroads: Opportunities for Reform"
    assert [a.name for a in survey.references[1].authors][-1] == "Robert Stowe"  # the soft hyphen gone
    # (an italic title cut in two runs by a line break is one)
    assert survey.references[2].title == "Cases in Climate Change Policy: Political Reality in the European Union"
    # the footnote marks and the exponent are no citations; every key resolves
    assert report.markers == report.markers_linked and report.unresolved_keys == 0
    assert not any("[" in c.marker for s in survey.sections for p in s.paragraphs for c in p.citations)


def test_bracketed_numbers_that_do_not_count_up_are_still_counted(tmp_path: Path) -> None:
    # the same list cited with numbers coming back ("[2] ... [1] ... [2]"): no footnote sequence, so the
    # markers keep being counted (unresolved: the list has no numbers)
    text = AEA_PYMUPDF4LLM.replace("[1] (Arrow", "[2] (Arrow").replace("[2] (Carraro", "[1] (Carraro").replace(
        "[3]\n", "[2]\n").replace("[4]\n", "[1]\n")
    text = text.replace(" (Arrow et al. 1997, Howard and Sylvan 2015, IMF 2016)", "").replace(" (Carraro et al. 2015)", "")
    _survey, report = _read(tmp_path, text)
    assert report.unresolved_keys >= 4
