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

from surveybench.readers.refstrings import clean_title, parse_reference_string
from tests.reader_helpers import read_report as _read


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
    assert any("read as footnote marks or intervals" in w for w in report.warnings)  # said, not dropped silently


def test_bracketed_numbers_that_do_not_count_up_are_still_counted(tmp_path: Path) -> None:
    # the same list cited with numbers coming back ("[2] ... [1] ... [2]"): no footnote sequence, so the
    # markers keep being counted (unresolved: the list has no numbers)
    text = AEA_PYMUPDF4LLM.replace("[1] (Arrow", "[2] (Arrow").replace("[2] (Carraro", "[1] (Carraro").replace(
        "[3]\n", "[2]\n").replace("[4]\n", "[1]\n")
    text = text.replace(" (Arrow et al. 1997, Howard and Sylvan 2015, IMF 2016)", "").replace(" (Carraro et al. 2015)", "")
    _survey, report = _read(tmp_path, text)
    assert report.unresolved_keys >= 4


# ---- plain-text PDF extractions (dev14: pdfplumber, pdfminer, PyMuPDF get_text) -------------------------

IEEE_PLAIN_TEXT = """\
--- Page 1 ---
1120
IEEE TRANSACTIONS ON FUZZY SYSTEMS, VOL. 34, NO. 4, APRIL 2026
CoLLM: Industrial Large-Small Model Collaboration
Haiteng Wang, Lei Ren
Abstract—Large models generalize [1], [2].
I. I NTRODUCTION
Data-driven industrial intelligence has enabled anomaly detection [1], [3].
II. S
YSTEM DESIGN AND MODELING
As shown in Fig. 1, the system consists of an external magnet [2].
A. Magnet Model
The magnet is modelled as a dipole [3].
B. Vascular Model
The vessel is rigid [1].

--- Page 2 ---
III. M
ETHOD
We train a policy with reinforcement learning [1].
IV . EXPERIMENTS AND RESULTS
A. Experimental setup
The experiments run in a vascular phantom [2], [3].
V. C
ONCLUSION
This study presents a framework [1].
R
EFERENCES
[1] S. Cheng, X. Wu, et al., "A magnetically controlled guidewire robot," IEEE Trans. Robot., vol. 1,
pp. 1-9, 2020.
[2] B. J. Nelson and H.-J. Cha, "Magnetic navigation of catheters," Sci. Robot., vol. 2, 2021.
[3] J. Park, I. Back, and J.-H. Roh, "Deep reinforcement learning for guidewires," IEEE Access, vol. 9, 2021.
"""


def test_a_plain_text_ieee_paper_has_its_roman_sections(tmp_path: Path) -> None:
    # before: "no Markdown headings" -- the Roman headings, their small capitals torn apart ("II. S" /
    # "YSTEM ..."), a space before the numeral's period and the page markers were never read as headings
    survey, report = _read(tmp_path, IEEE_PLAIN_TEXT)
    assert [s.title for s in survey.top_level_sections()] == [
        "INTRODUCTION", "SYSTEM DESIGN AND MODELING", "METHOD", "EXPERIMENTS AND RESULTS", "CONCLUSION"]
    design = next(s for s in survey.sections if s.title == "SYSTEM DESIGN AND MODELING")
    assert [s.title for s in survey.sections if s.parent == design.index] == ["Magnet Model", "Vascular Model"]
    assert len(survey.references) == 3 and report.unresolved_keys == 0
    assert "Page" not in survey.title


ROMAN_AND_STRAY_NUMBERS = """\
--- page 1 ---
1
Pegged Exchange Rate Systems in
Macau and Hong Kong
Robert Haney Scott
I. Introduction
Following the speculative attack on the dollar (Aliber 1967), the government pegged it.
1. Before the peg, there existed a government ordinance in Hong Kong called the
2. Macau, established in 1557, is a Portuguese-administered territory across the Pearl
II. Currency Substitution
Currency substitution is common (Barro 1997).
III. Summary and Conclusions
The findings are listed below:
1. The peg is stable over the sample, as the tables show.
2. Seigniorage accrues to the government and is small.
3. Congressional mandates and other rules do not have a statistically significant effect
on the exchange rate.
References
Aliber, R. Z. 1967. Gresham's law, asset preferences, and the demand for international reserves. Quarterly Journal of Economics 81: 628-38.
Barro, R. J. 1997. Macroeconomics. Cambridge, MA: MIT Press.
"""


def test_a_plain_text_paper_numbers_its_sections_one_way(tmp_path: Path) -> None:
    # before: the page number "1" before the title and a footnote's "2. Macau, ..." read as sections 1 and 2
    # beside the Roman ones, and a wrapped list item ("3. Congressional mandates ...") as section 3
    survey, _ = _read(tmp_path, ROMAN_AND_STRAY_NUMBERS)
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Currency Substitution", "Summary and Conclusions"]


def test_a_list_item_after_the_item_before_it_is_no_section(tmp_path: Path) -> None:
    text = """\
The Presidential Puzzle: Political Cycles and the Stock Market
1 Introduction
Returns are higher under Democrats (Fama 1981).
2 Conclusion
The findings are:
1. Returns are higher under Democrats (Table 2).
2. Volatility is somewhat higher in Republican presidencies (Table 8).
3. Congressional mandates do not have a significant effect on excess stock
returns (Tables I, II and III in appendix).
References
Fama, E. F. 1981. Stock returns, real activity, inflation, and money. American Economic Review 71: 545-65.
"""
    survey, _ = _read(tmp_path, text)
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Conclusion"]


def test_a_section_number_alone_may_have_margin_marks_before_its_title(tmp_path: Path) -> None:
    # a line-numbered review copy: "5" / "•" / "0:15" / "Extending ..." (before: section 5 lost, and 6 with it)
    parts = []
    for k, title in enumerate(["Background", "Tractable Explaining", "Algebraic Approach", "Characterisation",
                               "Extending the tractable languages", "Experimental trials"], 1):
        marks = "\n•\n\n0:15\n\n" if k == 5 else "\n"
        parts.append(f"{k}\n{marks}{title}\n\nDecision trees are a classical family [{k}].\n")
    text = "Explaining Multivariate Decision Trees\n\n" + "\n".join(parts) + "\nReferences\n\n" + "\n".join(
        f"[{k}] A. Author{k}. {k}th work on trees. In Proc. AAAI, 20{10 + k}." for k in range(1, 7))
    survey, _ = _read(tmp_path, text)
    assert [s.title for s in survey.top_level_sections()] == [
        "Background", "Tractable Explaining", "Algebraic Approach", "Characterisation",
        "Extending the tractable languages", "Experimental trials"]


# an economics working paper's list as pdfplumber / pdfminer give it: entries hard-wrapped with no blank line,
# the first author's name alone inverted, the year in parentheses then a comma; page numbers "- 102 -" and
# "37" alone, a page's running head, and the figures after the list
ECONOMICS_PLAIN_TEXT = """\
The Basic Framework for International Reserves
1. Definition of International Reserves
Reserves matter (Aizenman and Lee 2005; Arndt 1948). See Ben-Bassat and Gottlieb (1992a, 1992b)
and Kim and Nelson (1999); Schmitt-Grohé and Uribe (2012); Silber (2012); Hibbs (1977).
2. Demand for International Reserves
The demand rises with imports (Bilson and Frenkel 1979; Alesina and Sachs 1988).
References
Aizenman, J. and J. Lee (2005), “International Reserves: Precautionary vs
Mercantilist Views, Theory and Evidence,” IMF Working Paper, No. WP/05/198,
October.
Alesina, Alberto and Jeﬀrey Sachs (1988), “Political Parties and the Business Cycle in the
United States, 1948-1984,” Journal of Money, Credit, and Banking, Vol. 20 (No. 1), pp.
63-82.
Arndt, H.W. (1948), “The Concepts of Liquidity in International Monetary Theory,”
Review of Economic Studies, October.
- 102 -

--- page 23 ---
The Basic Framework for International Reserves
Ben-Bassat, A. and D. Gottlieb (1992a), “On the Effect of opportunity Cost on
International Reserve Holdings,” Review of Economics and Statistics, Vol. 74, No. 2,
May, 329-32.
Ben-Bassat, A. and D. Gottlieb (1992b), “Optimal International Reserves and
Sovereign risk,” Journal of International Economics, Vol. 33, No. 3/4, November,
345-62.
37
Bilson, J. F.O. and J.A. Frenkel (1979), “Dynamic Adjustment and the Demand for
International Reserves,” NBER Working Paper, No. 407, November.
Hibbs, Douglas A., Jr. (1977), “Political Parties and Macroeconomic Policy,” American
Political Science Review, 71, 1467-87.
Kim, Chang-Jin and Charles R. Nelson (1999), “Friedman’s Plucking Model of Business
Fluctuations,” Journal of Money, Credit, and Banking, 31:3, 317-334.
Schmitt-Grohé, Stephanie and Martín Uribe (2012), “What’s News in Business Cycles,”
Econometrica, Vol. 80, No. 6, 2733-2764.
Silber, William L (2012), Volcker: The Triumph of Persistence, Bloomsbury Press.
40
Figure 1
A. Average annualized GDP growth, by term
7
6
5
Table 1
1 Month T-bill Rate (Level, PP) 3 Month T-bill Rate (Change, PP)
2 The Truman figure drops to 5% if we include the balance of his unelected term
"""


def test_an_economics_list_from_a_pdf_text_has_one_entry_per_work(tmp_path: Path) -> None:
    # before: one or two entries -- the page number "- 102 -" made the list bulleted, "37" and the
    # figures' numbers made it numbered, and no line opened an entry ("Aizenman, J. and J. Lee (2005),")
    survey, report = _read(tmp_path, ECONOMICS_PLAIN_TEXT)
    assert [r.authors[0].name if r.authors else None for r in survey.references] == [
        "Aizenman, J.", "Alesina, Alberto", "Arndt, H.W.", "Ben-Bassat, A.", "Ben-Bassat, A.", "Bilson, J. F.O.",
        "Hibbs, Douglas A., Jr.", "Kim, Chang-Jin", "Schmitt-Grohé, Stephanie", "Silber, William L"]
    assert [r.year for r in survey.references][:5] == [2005, 1988, 1948, 1992, 1992]
    assert survey.references[1].title == "Political Parties and the Business Cycle in the United States, 1948-1984"
    assert report.unresolved_keys == 0 and report.markers == report.markers_linked


JOURNAL_OF_FINANCE_ENTRIES = [
    ("Alesina, Alberto, Nouriel Roubini, and Gerald D. Cohen, 1997, Political Cycles and the Macroeconomy, MIT Press,"
     " Cambridge, MA.", ["Alesina, Alberto", "Nouriel Roubini", "Gerald D. Cohen"], 1997, "Political Cycles and the Macroeconomy"),
    ("Nordhaus, William D., 1975, The political business cycle, Review of Economic Studies 42, 169–190.",
     ["Nordhaus, William D."], 1975, "The political business cycle"),
    ("Julio, Brandon, and Youngsuk Yook, 2012, Political uncertainty and corporate investment cycles, Journal of"
     " Finance 67, 45–83.", ["Julio, Brandon", "Youngsuk Yook"], 2012, "Political uncertainty and corporate investment cycles"),
    ("Alesina, A., N. Roubini, and G. Cohen (1997), Political Cycles and the Macroeconomy, Cambridge, MA: MIT Press.",
     ["Alesina, A.", "N. Roubini", "G. Cohen"], 1997, "Political Cycles and the Macroeconomy"),
]


def test_entries_inverting_the_first_author_only_are_parsed() -> None:
    for raw, authors, year, title in JOURNAL_OF_FINANCE_ENTRIES:
        parsed = parse_reference_string(raw)
        assert (parsed.authors, parsed.year, parsed.title) == (authors, year, title), raw
    # Vancouver initials are no given names, and a source's title no author's
    assert parse_reference_string("Rahman MM, Lendel C (2021) Extracellular protein components of amyloid plaques."
                                  " Mol Neurodegener 16: 59.").style != "inverted-first"
    assert parse_reference_string("GeeksforGeeks, Multimodal Large Language Models, 2025. (Overview of MLLM"
                                  " components) 27 34").style != "inverted-first"
    # a place closing a title is no venue ("..., South Island, New Zealand. Agric. For. Meteorol. 84, 69–82.")
    assert parse_reference_string("Fahey, B., Jackson, R., 1997. Hydrological impacts of converting native forests to"
                                  " pine plantations, South Island, New Zealand. Agric. For. Meteorol. 84, 69–82.").title == (
        "Hydrological impacts of converting native forests to pine plantations, South Island, New Zealand")


def test_an_apa_author_list_elided_over_a_line_break_is_one_entry(tmp_path: Path) -> None:
    text = """\
# Literature review as a research methodology

## Introduction

Reviews follow standards (Liberati et al., 2009; Wong et al., 2013; Snyder, 2019; Tranfield et al., 2003).

## References

Liberati, A., Altman, D. G., Tetzlaff, J., Mulrow, C., Gøtzsche, P. C., Ioannidis, J. P. A., ...
Moher, D. (2009). The PRISMA statement for reporting systematic reviews and meta-analyses. Annals of
Internal Medicine, 151, W-65.
Snyder, H. (2019). Literature review as a research methodology: An overview and guidelines. Journal of
Business Research, 104, 333-339.
Tranfield, D., Denyer, D., & Smart, P. (2003). Towards a methodology for developing evidence-informed
management knowledge by means of systematic review. British Journal of Management, 14, 207-222.
Wong, G., Greenhalgh, T., Westhorp, G., Buckingham, J., & Pawson, R. (2013). RAMESES publication
standards: Meta-narrative reviews. BMC Medicine, 11, 20.
Yang, L., Zhang, K., Xu, M., & Li, Q. (2018). A review of something else entirely. Journal of
Reviews, 1, 1-2.
"""
    survey, report = _read(tmp_path, text)
    assert [r.raw[:8] for r in survey.references] == ["Liberati", "Snyder, ", "Tranfiel", "Wong, G.", "Yang, L."]
    assert report.unresolved_keys == 0


def _double_spaced(text: str) -> str:
    """pdfminer's layout of some PDFs: a blank line after every line."""
    return "\n\n".join(text.split("\n"))


DOUBLE_SPACED_BODY = """\
The Presidential Puzzle: Political Cycles and the Stock Market
1 Introduction
Stock market returns in the United States exhibit a striking pattern: they are much higher
under Democratic presidents than under Republican ones. From 1927 to 2015, the average excess
market return under Democratic presidents is 10.7% per year, whereas under Republican ones it
is only −0.2% per year. In the traditional partisan view (e.g., Hibbs, 1977, and Alesina, 1987),
Democrats prioritize growth over inflation while Republicans do the opposite. In contrast, we
emphasize the parties’ different preferences over fiscal redistribution as a motive, as in
Cameron (1978).
A new paragraph starts here and it is long enough to fill the whole width of the page again
and it goes on and on for a while until it ends with a citation of Tavares (2004) here.
""" + "\n".join(
    f"Paragraph {k} repeats the width of a line of prose so that the layout is measured right here,"
    f"\nand it closes with a short line {k}." for k in range(30)) + """
2 Conclusion
Democrats raise taxes (Tavares, 2004).
References
Alesina, Alberto, 1987, Macroeconomic policy in a two-party system as a repeated game,
Quarterly Journal of Economics 102, 651–678.
Cameron, David R., 1978, The expansion of the public economy, American Political Science
Review 72, 1243–1261.
Hibbs, Douglas A., 1977, Political parties and macroeconomic policy, American Political Science
Review 71, 1467–1487.
Kelly, Bryan, ˇLuboˇs P´astor, and Pietro Veronesi, 2016, The price of political uncertainty:
Theory and evidence from the option market, Journal of Finance 71, 2417–2480.
Tavares, Jose, 2004, Does right or left matter? Cabinets, credibility and fiscal adjustments,
Journal of Public Economics 88, 2447–2468.
"""


def test_a_blank_line_after_every_line_ends_no_paragraph(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, _double_spaced(DOUBLE_SPACED_BODY))
    intro = next(s for s in survey.sections if s.title == "Introduction")
    first = intro.paragraphs[0]
    # one paragraph from "Stock market returns" to "Cameron (1978)." -- its citations all in it
    assert first.text.startswith("Stock market returns") and first.text.rstrip().endswith("Cameron (1978).")
    assert sorted(r for c in first.citations for r in c.ref_ids) == sorted(
        survey.references[k].id for k in (0, 1, 2))
    # a short line ends its paragraph: the next one starts apart
    assert intro.paragraphs[1].text.startswith("A new paragraph") and "Tavares (2004)" in intro.paragraphs[1].text
    # the list: an entry a work, the torn accents of a name no bar ("ˇLuboˇs P´astor")
    assert [r.authors[0].name for r in survey.references] == [
        "Alesina, Alberto", "Cameron, David R.", "Hibbs, Douglas A.", "Kelly, Bryan", "Tavares, Jose"]
    assert survey.references[4].title == "Does right or left matter? Cabinets, credibility and fiscal adjustments"
    assert report.unresolved_keys == 0


def test_one_line_paragraphs_with_blank_lines_between_stay_apart(tmp_path: Path) -> None:
    # a converter's one-line paragraphs (MinerU, marker) vary in length and run long: no page width to wrap at
    paras = [("A paragraph of one long line that says something about the subject at hand " * (1 + k % 5)).strip() + "."
             for k in range(60)]
    text = "# Title\n\n## 1 Introduction\n\n" + "\n\n".join(paras) + "\n\n## References\n\n1. A. Author. A work. 2020.\n"
    survey, _ = _read(tmp_path, text)
    assert len(next(s for s in survey.sections if s.title == "Introduction").paragraphs) == 60


def test_bold_numbered_headings_with_escaped_periods_italics_and_colons(tmp_path: Path) -> None:
    # a Gemini Deep Research export (dev15): every heading a bold numbered line, the number's period escaped,
    # a species in italics inside the bold, the run-in colon inside or after it (before: only "**2.1. ...**"
    # lines were read, as top-level sections)
    text = """\
# **Dengue in Urban Lagos: Adapting Vector Control**

**1\\. Introduction: Dengue Fever and *Aedes aegypti***

Dengue spreads 1.

**2\\. Current Landscape of Dengue in Lagos:**

**2.1. Prevalence and Endemicity:**

Prevalence is high 2.

**3\\. Implications of Multiple Strains by *Aedes aegypti***:

**3.1. Severe Dengue:**

Severe cases rise 3.

#### **Works cited**

1. Dengue fact sheet, WHO, accessed 2025, https://www.who.int/dengue
2. Dengue in Nigeria, NCDC, accessed 2025, https://ncdc.gov.ng/dengue
3. Antibody-dependent enhancement, CDC, accessed 2025, https://www.cdc.gov/dengue
"""
    survey, _ = _read(tmp_path, text)
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction: Dengue Fever and Aedes aegypti", "Current Landscape of Dengue in Lagos",
        "Implications of Multiple Strains by Aedes aegypti"]
    landscape = next(s for s in survey.sections if s.title == "Current Landscape of Dengue in Lagos")
    assert [s.title for s in survey.sections if s.parent == landscape.index] == ["Prevalence and Endemicity"]


def test_a_double_spaced_manuscript_joins_its_lines_over_two_blank_lines(tmp_path: Path) -> None:
    # a bioRxiv manuscript as pymupdf4llm prints it (dev12): two blank lines after every line, a long line
    # here and there (a caption, a link) -- the paragraph's citations on its later lines are its own
    body = ("Working alongside the well-established importance of chemistry and biology in health, the physics\n"
            "of cellular behavior, known as mechanobiology, also plays a crucial role in tissues and organs too.\n"
            "Mechanical forces are utilized in processes such as cell division [1], anchoring, and motility [2], while\n"
            "in more complex scenarios, these forces contribute to functions such as the repair of a wound\n"
            "in a tissue [3].\n")
    filler = "".join(
        f"Line {k} of another paragraph that is as wide as the page is, so the layout can be measured right,\n"
        f"and its last line {k}.\n" for k in range(40))
    caption = "Figure 1. " + "A long caption line that runs far wider than the text column does in this file " * 2 + "\n"
    text = ("# Building an atlas of mechanobiology\n\n## Introduction\n\n" + body + filler + caption
            + "## References\n\n1. Lesman, A. Contractile forces regulate cell division. J. Cell Biol. 205, 155 (2014).\n"
            "2. Jin, J.-P. Muscle contractility and cell motility. J. Biomed. Biotechnol. 2012, 257812 (2012).\n"
            "3. Li, B. Fibroblasts and myofibroblasts in wound healing. J. Tissue Viability 20, 108 (2011).\n")
    text = "\n\n\n".join(text.split("\n"))
    survey, _ = _read(tmp_path, text)
    intro = next(s for s in survey.sections if s.title == "Introduction")
    first = intro.paragraphs[0]
    assert first.text.startswith("Working alongside") and first.text.rstrip().endswith("in a tissue [3].")
    assert [c.marker for c in first.citations] == ["[1]", "[2]", "[3]"]
