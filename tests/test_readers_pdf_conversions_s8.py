"""Failure classes of PDF conversions by olmOCR, marker and pdf-to-markdown, fixed by the files' own
evidence (issue 9, the round after s7).

From the tuning splits dev7b and dev8b (batches 7 and 8's never-tuned halves, measured blind and then
promoted at stop 22): marker closes a display equation at the end of its last line ("...
\\tag{1}$$"), olmOCR and pdf-to-markdown print some section headings as Markdown and others as plain
lines ("1. Introduction", "### 3. Structural-RNN architectures", "5. Conclusion"), or as bold lines.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.model import is_non_content_title
from surveybench.readers.refstrings import clean_title, make_authors, parse_reference_string, surname
from tests.reader_helpers import read_report as _read


# a Nature review's list as marker prints it (bulleted numbers), shared by the marker fixtures
NATURE_LIST = """\
- 1. Mehonic, A. & Kenyon, A. J. Brain-inspired computing needs a master plan. Nature 604, 255-260 (2022).
- 2. Amerini, I., Li, C.-T. & Caldelli, R. Social network identification through image classification with CNN. IEEE Access 7, 35264-35273 (2019).
- 3. Zhang, C. et al. IMLBench: A machine learning benchmark suite for CPU-GPU integrated architectures. IEEE Trans. Parallel Distrib. Syst. 32, 1740-1752 (2021).
- 4. Talpes, E. et al. Compute solution for Tesla's full self-driving computer. IEEE Micro 40, 25-35 (2020).
"""


DISPLAY_CLOSED_AT_LINE_END = """\
# Hardware implementation of memristor-based networks

### Structure of the network

The voltages are applied at the inputs of the crossbar array[2](#page-1-0):

$$
\\begin{aligned}
y = G x
\\end{aligned} \\tag{1}$$

$$\\begin{aligned} z = W y \\end{aligned} (2)$$

### Fabrication of the chip

Chips were fabricated in a CMOS process[1](#page-1-0).

# References

""" + NATURE_LIST


def test_a_display_closed_at_the_end_of_its_last_line_ends_there(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, DISPLAY_CLOSED_AT_LINE_END)
    # before: the display opened by "$$" never closed ("...\\tag{1}$$" was not a line of its own), so
    # every heading after it -- and the reference list -- was read as part of the equation
    assert [s.title for s in survey.top_level_sections()] == ["Structure of the network", "Fabrication of the chip"]
    assert len(survey.references) == 4
    assert survey.references[0].title == "Brain-inspired computing needs a master plan"


MIXED_PLAIN_AND_MARKDOWN_HEADINGS = """\
# Structural-RNN: Deep Learning on Spatio-Temporal Graphs

1 Cornell University

2 Stanford University

Abstract

Deep Recurrent Neural Network architectures are powerful.

1. Introduction

The world we live in is inherently structured [1]. Our contributions are:

1. A generic method to cast graphs as RNN mixtures.
2. A new benchmark.

2. Related Work

Structured prediction has a long history [2].
### 3. Structural-RNN architectures

We build the architecture from the graph [3].

#### 3.1. Representation of spatio-temporal graphs

Nodes and edges of the graph.

### 4. Experiment

We evaluate on motion forecasting.

#### 4.1. Human motion modeling

Results are in Table 1.
5. Conclusion

We proposed a generic approach.

References

[1] A. Author. Structure everywhere. In CVPR, 2014.
[2] B. Author. Structured prediction. In NIPS, 2010.
[3] C. Author. Graph networks. In ICCV, 2015.
"""


def test_plain_numbered_lines_continuing_the_markdown_headings_numbers_are_headings(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, MIXED_PLAIN_AND_MARKDOWN_HEADINGS)
    # before: only the two "###" headings were sections; "1. Introduction", "2. Related Work" and
    # "5. Conclusion" (numbers 1, 2 and 5 no Markdown heading holds) were text. The affiliations
    # ("1 Cornell", "2 Stanford") and the contributions list ("1. A generic method", "2. A new
    # benchmark") are numbered lines beside each other: lists, not headings.
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction", "Related Work", "Structural-RNN architectures", "Experiment", "Conclusion"]
    assert any("plain or bold lines" in w for w in report.warnings)
    assert len(survey.references) == 3


BOLD_AND_PLAIN_HEADINGS_BESIDE_MARKDOWN_ONES = """\
Review

Microbial L-asparaginase: production and applications

Introduction

L-asparaginase is an enzyme used against leukaemia.1,2

### Reactions and mechanism

The enzyme hydrolyses asparagine.3

**Production by different microorganisms**

Bacteria and fungi produce the enzyme.4

### Industrial production

Submerged fermentation is used.2

**Conclusion and future recommendations**

More producers should be screened.1

**References**

1. Kumar S, Sobha K. L-asparaginase from microbes: a comprehensive review. Adv Biores. 2012;3:137-57.
2. Verma N, Kumar K. L-asparaginase: a promising chemotherapeutic agent. Crit Rev Biotechnol. 2007;27:45-62.
3. Mashburn LT, Wriston JC. Tumor inhibitory effect of L-asparaginase. Arch Biochem Biophys. 1964;105:450-2.
4. Savitri, Asthana N, Azmi W. Microbial L-asparaginase: a potent antitumour enzyme. Indian J Biotechnol. 2003;2:184-94.
"""


def test_a_section_name_on_a_plain_line_and_bold_headings_where_references_is_bold(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, BOLD_AND_PLAIN_HEADINGS_BESIDE_MARKDOWN_ONES)
    # before: "Introduction" (a plain line) and the two bold headings were text inside the sections
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction", "Reactions and mechanism", "Production by different microorganisms",
        "Industrial production", "Conclusion and future recommendations"]
    assert len(survey.references) == 4


PANDOC_REFERENCE_DIVS = """\
# AI interviewers: a review

## Automation

[DeVault et al. (2014)](#ref-devault2014) demonstrated an embodied interviewer; [Chopra and Haaland (2023)](#ref-chopra2023) conducted qualitative interviews with AI.

# References

<div id="ref-chopra2023" class="reference"></div>
Chopra, Felix, and Ingar Haaland. 2023. “Conducting Qualitative Interviews with AI.” CESifo Working Paper 10666.

<div id="ref-devault2014" class="reference"></div>
DeVault, David, Ron Artstein, and Grace Benn. 2014. “SimSensei Kiosk: A Virtual Human Interviewer for Healthcare Decision Support.” In Proceedings of AAMAS.
"""


def test_pandoc_reference_anchors_hide_no_first_author(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, PANDOC_REFERENCE_DIVS)
    # before: the empty "<div id=... class="reference"></div>" stayed at each entry's start, so no
    # first author was read and neither citation was linked
    assert [r.raw[:6] for r in survey.references] == ["Chopra", "DeVaul"]
    assert survey.references[1].title == "SimSensei Kiosk: A Virtual Human Interviewer for Healthcare Decision Support"
    assert report.markers == report.markers_linked == 2


AEA_BOLD_AUTHORS_SOME_UNBULLETED = """\
# Conducting Qualitative Interviews with AI

## Introduction

Interviews are a major source of knowledge (Becker, 1963; Athey and Imbens, 2019), as wages show (Bewley, 1999).

## **References**

**Agarwal, Nikhil and Tobias Salz** , "Combining Human Expertise with Artificial Intelligence," _NBER Working Paper_ , 2023.

- **Athey, Susan and Guido W. Imbens** , "Machine Learning Methods that Economists Should Know About," _Annual Review of Economics_ , 2019, _11_ , 685--725.

- **Barberis, Nicholas, Ming Huang, and Richard Thaler** , "Individual Preferences, Monetary Gambles and Stock Market Participation," _American Economic Review_ , 2006, _96_ (4), 1069--1090.

**Becker, Howard S.** , _Outsiders: Studies in the Sociology of Deviance_ , Free Press, 1963.

- **Bewley, Truman F.** , "A Depressed Labor Market as Explained by Participants," _American Economic Review_ , 1995, _85_ (2), 250--254.

   - , _Why Wages Don't Fall During a Recession_ , Harvard University Press, 1999.

24

- **Blinder, Alan and Jeremy B. Rudd** , _Asking about Prices_ , Russell Sage Foundation, 1998.

**Vaswani, Ashish, Noam Shazeer, ukasz Kaiser, and Illia Polosukhin** , "Attention is all you need," _Advances in Neural Information Processing Systems_ , 2017, _30._
"""


def test_entries_whose_bullet_was_lost_in_a_bulleted_list_are_kept(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, AEA_BOLD_AUTHORS_SOME_UNBULLETED)
    # before: "**Agarwal, ...", "**Becker, Howard S.** , ..." (paragraphs of their own, opening in bold as
    # every bulleted entry does, their bullets lost) were dropped, and so was every entry after the
    # page number "24" (read as a numbered source stream)
    assert [r.raw.split(",")[0].strip("*") for r in survey.references] == [
        "Agarwal", "Athey", "Barberis", "Becker", "Bewley", "", "Blinder", "Vaswani"]
    assert report.markers == report.markers_linked == 2


def test_an_author_list_in_bold_ends_where_the_bold_ends() -> None:
    # AEA as converters print it: the bold run is the author list; the year comes after the venue
    p = parse_reference_string(
        '**Barberis, Nicholas, Ming Huang, and Richard Thaler** , "Individual Preferences, Monetary Gambles '
        'and Stock Market Participation," _American Economic Review_ , 2006, _96_ (4), 1069--1090.')
    assert (p.title, p.authors, p.year) == (
        "Individual Preferences, Monetary Gambles and Stock Market Participation",
        ["Barberis, Nicholas", "Ming Huang", "Richard Thaler"], 2006)
    # a book's title in italics; a name whose first letter a converter lost ("ukasz Kaiser")
    p = parse_reference_string("**Becker, Howard S.** , _Outsiders: Studies in the Sociology of Deviance_ , Free Press, 1963.")
    assert (p.title, surname(p.authors[0]), p.year) == ("Outsiders: Studies in the Sociology of Deviance", "becker", 1963)
    p = parse_reference_string('**Vaswani, Ashish, ukasz Kaiser, and Illia Polosukhin** , "Attention is all you need," _NeurIPS_ , 2017.')
    assert (p.title, surname(p.authors[0]), p.year) == ("Attention is all you need", "vaswani", 2017)


def test_an_aea_repeated_author_entry_whose_dash_was_lost_takes_the_authors_before(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, AEA_BOLD_AUTHORS_SOME_UNBULLETED)
    bewley_1999 = survey.references[5]
    assert bewley_1999.title == "Why Wages Don't Fall During a Recession"
    assert [a.name for a in bewley_1999.authors][:1] == [a.name for a in survey.references[4].authors][:1]
    assert bewley_1999.year == 1999


FENCED_LIST_AFTER_A_PLAIN_REFERENCES_LINE = """\
# Trace-based Just-in-Time Type Specialization

## 1. Introduction

Dynamic languages such as JavaScript [2] are popular; trace compilers [1, 3] speed them up.

References

```
[1] LuaJIT roadmap 2008 - http://lua-users.org/lists/lua-l/2008-
02/msg00051.html.
[2] Mozilla — Firefox web browser and Thunderbird email client -
http://www.mozilla.com.
[3] V. Bala, E. Duesterwald, and S. Banerjia. Dynamo: A transparent
dynamic optimization system. In PLDI, pages 1–12. ACM Press, 2000.
```
"""


def test_a_fenced_list_after_a_plain_references_line_is_the_list(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, FENCED_LIST_AFTER_A_PLAIN_REFERENCES_LINE)
    # before: the fence line after "References" was no entry, so no list was opened at all
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"]]
    # the dash that led to the address is no part of the title
    assert survey.references[1].title == "Mozilla — Firefox web browser and Thunderbird email client"
    assert report.markers_linked == report.markers == 2


BULLETED_ACL_LIST_WITH_A_PAGE_BREAK = """\
# AI-assisted interviewing

## Introduction

Open questions are compared with closed ones (Baburajan et al., 2022); surveys are standard (Groves, 2009; Adams, 2015).

## References

- William C. Adams. 2015. Conducting Semi-Structured Interviews. In _Handbook of Practical Program Evaluation_ , pages 492--505.

- Vishnu Baburajan, Joao de Abreu e Silva, and Francisco Camara Pereira. 2022. Open vs closed-ended questions in attitudinal surveys. _Transportation_ , 49:1--30.

- Christian Baden, Christian Pipal, Martijn Schoonvelde, and Mariken AC G van der Velden. 2022. Three gaps in computational text analysis methods. _Communication Methods and Measures_ , 16:1--18.

- Abhimanyu Dubey, Abhinav Jauhri, Abhinav Pandey, Abhishek Kadian, Ahmad Al-Dahle, Aiesha Letman,

Zhang, Simon Vandenhende, Soumya Batra, and Zhiwei Zhao. 2024. The Llama 3 Herd of Models. _arXiv preprint_.

- Robert M. Groves, editor. 2009. _Survey methodology_ , 2nd ed edition. Wiley, Hoboken, N.J.

- Gwen Kash. 2013. Open versus closed: effects of question form on transit rider expressions. _Transportation Research Record_ , 2:1--9.

- Jon A Krosnick. 1999. Survey research. _Annual review of psychology_ , 50(1):537--567.

- Neil Malhotra and Jon A Krosnick. 2007. The effect of survey mode and sampling on inferences about political attitudes. _Political Analysis_ , 15(3):286--323.

- Ursa Reja, Katja Lozar Manfreda, Valentina Hlebec, and Vasja Vehovar. 2003. Open-ended vs. close-ended questions in web questionnaires. _Developments in Applied Statistics_ , 19:159--177.

- Michael F Schober and Frederick G Conrad. 1997. Does conversational interviewing reduce survey measurement error? _Public Opinion Quarterly_ , 61:576--602.

- Norbert Schwarz and Hans-J Hippler. 1987. What response scales may tell your respondents. In _Social Information Processing_ , pages 163--178.

- Arthur Spirling. 2023. Why open-source generative ai models are an ethical way forward for science. _Nature_ , 616(7957):413.

- Stefanie Stantcheva. 2023. How to run surveys: A guide to creating your own identifying variation. _Annual Review of Economics_ , 15:205--234.

- Brady T. West and Annelies G. Blom. 2016. Explaining Interviewer Effects: A Research Synthesis. _Journal of Survey Statistics and Methodology_ , 5:175--211.

- Kaijie Zhu, Jindong Wang, and Jiaheng Zhou. 2024. PromptBench: Towards evaluating the robustness of large language models. _arXiv preprint_.
"""


def test_a_bullet_opens_its_entry_and_a_name_inside_its_author_list_opens_none(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, BULLETED_ACL_LIST_WITH_A_PAGE_BREAK)
    # before: "Mariken AC G van der | Velden. 2022." opened an entry inside the bullet's author list (the
    # list is read by its author lists, as a page break left a line unbulleted), and "Robert M. Groves,
    # editor. 2009." opened none
    assert [r.raw.split()[1].rstrip(",.") for r in survey.references] [:5] == ["C", "Baburajan", "Baden", "Dubey", "M"]
    assert len(survey.references) == 15
    # Portuguese "e" between surnames; ACL's ", editor" after the names
    assert [a.name for a in survey.references[1].authors][:2] == ["Vishnu Baburajan", "Joao de Abreu e Silva"]
    assert ([a.name for a in survey.references[4].authors], survey.references[4].year) == (["Robert M. Groves"], 2009)
    assert report.markers_linked == report.markers and report.unresolved_keys == 0


MARKER_PAGE_LINKED_SUPERSCRIPTS = """\
# Hardware implementation of memristor-based networks

## Applications

Engines convert speech to text in smartphone[s2](#page-9-0) , and chat-GP[T3](#page-9-0) answers questions.
Digital processing is shown in[1,2.](#page-9-0) A figure is in Figure [1](#page-2-0), and a footnote closes this sentence.[1](#page-0-0)

# References

""" + NATURE_LIST


def test_numbers_linked_to_the_reference_page_are_citations_whatever_letter_they_took(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, MARKER_PAGE_LINKED_SUPERSCRIPTS)
    cited = sorted(survey.cited_ref_ids())
    # before: "[s2](#page-9-0)" read as the word "s2", "[T3](...)" as "T3", "in[1,2.](...)" as "in 1,2."
    # -- none a citation; the figure's and the footnote's links (other pages) stay no citations
    assert cited == [survey.references[0].id, survey.references[1].id, survey.references[2].id]
    assert report.markers == report.markers_linked == 3


LISTING_AFTER_AN_UNBULLETED_LIST = """\
# The effects of land registration on financial development

## Introduction

Collateral matters (Barro, 1976; Stiglitz and Weiss, 1981), as does the legal cadastre (Jeffress, 1996).

###### REFERENCES

Barro, R., 1976. "The loan market, collateral, and rates of interest", Money, Credit and Banking, 8 (4): 439-456.

Goldsmith, A. A., 1995. "Democracy, property rights and economic growth", Journal of Development Studies, 32 (2): 157-174.

Jeffress, G. A., 1996. "Value of the legal cadastre in a free market economy", Paper presented at the International Conference on Land Tenure.

14

Stiglitz, J. and Weiss, A., 1981. "Credit rationing in markets with imperfect information", American Economic Review, 71 (3): 393-419.

- WPS2214TradePolicyandMarketAccess ConstantineMichalopoulosOctober1999 L. Tabada Issuesfor DevelopingCountries: 36896
- WPS2215Implementationof UruguayRound J.MichaelFinger October1999 L.Tabada Commitments:TheDevelopment 36896
- WPS2216CorruptionandTradeTariffs,or RobertaGatti October1999 R.Gatti a CaseforUniformTariffs 38735
- WPS2217Border,Border,WideandFar, DavidC.Parsley November1999 H.Sladovich HowWeWonderWhatYouAre 37698
"""


def test_a_series_listing_printed_after_an_unbulleted_list_is_no_part_of_it(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, LISTING_AFTER_AN_UNBULLETED_LIST)
    # before: the four bullets were read as the list and the four entries before them dropped
    assert [r.raw.split(",")[0] for r in survey.references] == ["Barro", "Goldsmith", "Jeffress", "Stiglitz"]
    assert report.markers_linked == report.markers and report.unresolved_keys == 0
    assert "a listing after the reference list, not entries" in report.skipped


COPERNICUS_LIST = """\
# Impact of information presentation on avalanche bulletins

## 1 Introduction

Bulletins differ (Burkeljca, 2013a; EAWS, 2018), and cognitive load matters (Allen et al., 2014; Bühler et al., 2013).

## References

Allen, P. M., Edwards, J. A., Snyder, F. J., and Hamby, D.M: The effect of cognitive load on decision making with graphically displayed uncertainty information, Risk Anal., 34, 1495-1505, 2014.

Bühler, Y., Kumar, S., Veitinger, J., and Snehmani: Automated identification of potential snow avalanche release areas, Nat. Hazards Earth Syst. Sci., 13, 1321-1335, 2013.

Burkeljca, J.: A comparison of advisory bulletins, The Avalanche Review, 31, 28-30, 2013a.

Burkeljca, J.: Shifting Audience and the Visual Language of Avalanche Risk Communication, in: Proceedings of 2013 International Snow Science Workshop, Grenoble, France, 415-422, 2013b.

EAWS - European Avalanche Warning Services: Avalanche Danger Scale, available at: https://www.avalanches.org/standards/ (last access: 19 September 2021), 2018.

Zuur, A. F., Ieno, E. N., and Smith, G. M. (Eds.).: Mixed effects models and extensions in ecology with R, Springer New York, New York, NY, 2009.
"""


def test_a_copernicus_list_names_then_a_colon_then_the_title(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, COPERNICUS_LIST)
    # before: no line opened an entry (names end at a colon, not at a year), so all six were one
    assert [r.raw.split(",")[0].split(":")[0] for r in survey.references] == [
        "Allen", "Bühler", "Burkeljca", "Burkeljca", "EAWS - European Avalanche Warning Services", "Zuur"]
    assert survey.references[0].title == "The effect of cognitive load on decision making with graphically displayed uncertainty information"
    assert [a.name for a in survey.references[1].authors][-1] == "Snehmani"
    # the group author's key ("EAWS, 2018") names the group's entry by the abbreviation before its dash
    # (s9; before, it stayed unresolved and was counted)
    assert report.markers_linked == report.markers and report.unresolved_keys == 0
    assert [a.name for a in survey.references[4].authors] == ["EAWS"] and survey.references[4].year == 2018


def test_nougat_natbib_label_before_the_entry_is_no_part_of_it() -> None:
    # nougat prints natbib's label first: before, the author list after it was read as the title
    p = parse_reference_string(
        "Press et al. (2021) Ofir Press, Noah A. Smith, and Mike Lewis. 2021. Shortformer: Better language "
        "modeling using shorter inputs. In _Proceedings of ACL_.")
    assert (p.title, p.authors[0], p.year) == ("Shortformer: Better language modeling using shorter inputs", "Ofir Press", 2021)
    # a label-like opening that is the entry itself keeps its reading: the year is not printed again after names
    p = parse_reference_string("Vaswani et al. (2017) Attention is all you need. NeurIPS.")
    assert (p.title, p.year) == ("Attention is all you need", 2017)


GROBID_GLUED_INITIALS = """\
# Transboundary flows in the metacoupled Anthropocene

## INTRODUCTION

Shocks can reduce yields (Zhao et al. 2017) and expose fragile food systems (Puma et al. 2015; Mekonnen and Hoekstra 2020).
Water footprints are unsustainable (Mekonnen and Hoekstra 2020).

## References

1. MJPuma et al.. "Assessing the evolving fragility of the global food system". *Environmental Research Letters*. (2015).
2. MMekonnen and AHoekstra. "Blue water footprint linked to national consumption and international trade is unsustainable". *Nature Food*. (2020).
3. CZhao et al.. "Temperature increase reduces global yields of major crops in four independent estimates". *Proceedings of the National Academy of Sciences*. (2017).
4. A.-LBarabási. "Linked: how everything is connected to everything else". *Perseus*. (2014).
"""


def test_initials_glued_to_the_surname_are_set_apart(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, GROBID_GLUED_INITIALS)
    # before: "MJPuma", "MMekonnen", "CZhao" were the surnames, so no key of the text found its entry
    assert [[a.name for a in r.authors] for r in survey.references][:3] == [["MJ Puma"], ["M Mekonnen", "A Hoekstra"], ["C Zhao"]]
    assert [a.name for a in make_authors(["A.-LBarabási"])] == ["A.-L Barabási"]
    assert report.markers_linked == report.markers == 3 and report.unresolved_keys == 0
    # names that only look glued keep their form
    assert [a.name for a in make_authors(["McDonald", "DeVault", "MMSegmentation Contributors", "J-Donald Tournier"])] == [
        "McDonald", "DeVault", "MMSegmentation Contributors", "J-Donald Tournier"]


def test_a_publisher_left_open_and_a_year_glued_before_are_no_part_of_the_title() -> None:
    # Science's book entries "Title (Publisher, City, Year)" cut at the parenthesis' comma; a year glued
    # before the title by an OCR ("2019.3D tracking") or by GROBID ("2021a. China's future ...")
    assert parse_reference_string(
        "G. Taylor, R. A. Eggleton, Regolith Geology and Geomorphology (John Wiley & Sons, Chicester, 2001).").title == (
        "Regolith Geology and Geomorphology")
    assert clean_title("Diagrammatica: The Path to Feynman rules, Vol. 4 (Cambridge University Press") == (
        "Diagrammatica: The Path to Feynman rules")
    assert clean_title("2019.3D tracking of multiple onsite workers based on stereo vision") == (
        "3D tracking of multiple onsite workers based on stereo vision")
    assert clean_title("2021a. China's future food demand") == "China's future food demand"
    # natbib's month as a number before the year, glued to a web source's title by a comma
    assert parse_reference_string("J. Liu. LlamaIndex, 11 2022. URL https://github.com/jerryjliu/llama_index.").title == "LlamaIndex"
    # a dataset's release date in parentheses (LNCS entries of event logs)
    assert clean_title("BPI Challenge 2013, incidents (Apr 2013)") == "BPI Challenge 2013, incidents"
    # a closed parenthesis or a year that is the title's first word stays
    assert clean_title("Deep learning (DL) for vision") == "Deep learning (DL) for vision"
    assert clean_title("2019 World Population Prospects") == "2019 World Population Prospects"


def test_a_section_locator_spelled_out_keeps_its_citation(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, """\
# Ranking losses

## Introduction

The question was initiated by Duchi et al. [2, Section 2.1] and extended to ranking losses [1, 2].

## References

[1] A. Author. Ranking losses. In NIPS, 2010.
[2] J. Duchi, L. Mackey, and M. Jordan. On the consistency of ranking algorithms. In ICML, 2010.
""")
    # before: "[2, Section 2.1]" was read as no citation ("Sec." and "sec" were, "Section" not)
    assert report.markers == report.markers_linked == 2


def test_neurips_funding_disclosure_and_an_ethical_consideration_are_back_matter(tmp_path: Path) -> None:
    assert is_non_content_title("Acknowledgments and Disclosure of Funding")
    survey, _ = _read(tmp_path, """\
# Phase shifts in language models

## 1 Introduction

Models shift phase [1].

## 2 Conclusion

They do.

## Ethical Consideration

We see no risk.

## Acknowledgments and Disclosure of Funding

Funded by a grant.

## References

[1] A. Author. Phase shifts. In ACL, 2023.
""")
    # before: both were read as top-level sections of the paper
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Conclusion"]


def test_a_section_name_with_a_footnote_mark_after_a_page_number_is_a_heading(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, """\
## Abstract

Anchors bias judgment (Tversky & Kahneman, 1974).

1 The remaining hypotheses were not pre-registered.
5
Methods2
Participants were students (Tversky & Kahneman, 1974).

## Results

Anchors worked.

## Discussion

As expected.

## References

Tversky, A., & Kahneman, D. (1974). Judgment under uncertainty: Heuristics and biases. Science, 185, 1124-1131.
""", name="anchoring.md")
    # before: "Methods2" (PyMuPDF text: a footnote's mark glued, the page's number "5" before it) was text
    assert [s.title for s in survey.top_level_sections()] == ["Methods", "Results", "Discussion"]


MARKER_LINKED_YEARS_AND_A_BULLETED_PAGE_BREAK = """\
# A theory of startup value

## Introduction

Entrepreneurs experiment [\\(Agrawal](#page-26-8) et al., [2021\\)](#page-26-8).
[Sariri](#page-28-1) [\\(2025\\)](#page-28-1) shows that mentoring helps,
as news data show [\\(Roberts](#page-27-16) et al., [2021\\)](#page-27-16).

## References

- <span id="page-26-8"></span>Agrawal, Ajay, Gans, Joshua S., & Stern, Scott. 2021. Enabling Entrepreneurial Choice. Management Science, 67(9), 5510-5524.
- <span id="page-27-16"></span>Roberts, Hal, Bhargava, Rahul, Valiukas, Linas, Benkler, Yochai, &

- Zuckerman, Ethan. 2021. Media Cloud: Massive Open Source Collection of Global News on the Open Web. arXiv.org.
- <span id="page-28-1"></span>Sariri, Amir. 2025. The Economics of Advice: Evidence from Start-up Mentoring. Management Science, 71(3), 1-20.
"""


def test_escaped_parentheses_in_marker_links_and_an_author_list_broken_by_a_page(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, MARKER_LINKED_YEARS_AND_A_BULLETED_PAGE_BREAK)
    # before: "- Zuckerman, Ethan. 2021." (the rest of Roberts's author list, bulleted after a page break)
    # was an entry of its own, and "[Sariri](#p) [\\(2025\\)](#p)" no citation (its parentheses escaped)
    assert [r.raw.split(",")[0] for r in survey.references] == ["Agrawal", "Roberts", "Sariri"]
    assert report.markers == report.markers_linked == 3


def test_a_range_glued_to_an_acronym_is_a_citation_where_glued_numbers_are(tmp_path: Path) -> None:
    refs = "\n".join(f"{n}. A. Author{n}. Paper number {n} on routing. J. Transp. {n}, 1-9 (2020)." for n in range(1, 8))
    survey, report = _read(tmp_path, f"""\
# Last-mile delivery

## Literature review

Heuristics were compared by Smithson1 and by Rossi2, routing by Gonen3, and dynamic DMS4–6 were reviewed.
Models such as GPT4 and accelerators such as H100 are names, not citations; fleets were modelled too7.

## References

{refs}
""")
    cited = sorted(int(n) for r in survey.references if r.id in set(survey.cited_ref_ids()) for n in r.numbers)
    # before: "DMS4–6" (a range glued to an acronym) was read as no citation
    assert cited == [1, 2, 3, 4, 5, 6, 7]
    assert report.unresolved_keys == 0


CHICAGO_INITIALS_SAME_FIRST_AUTHOR_AND_YEAR = """\
# Land registration and governance

## Introduction

Legal knowledge matters (Deininger, Ayalew, and Yamano 2008), as certification does (Deininger, Ayalew, Holden, and Zevenbergen 2008).

## References

Deininger, K., and D.A. Ali. 2008. “Do Overlapping Property Rights Reduce Agricultural Investment? Evidence from Uganda.” American Journal of Agricultural Economics 90(4):869–84.

Deininger, K., D.A. Ali, and T. Alemu. 2008. “Impacts of Land Certification on Tenure Security, Investment, and Land Market Activity.” World Bank Policy Research Working Paper.

Deininger, K., D. Ayalew, and T. Yamano. 2008. “Legal Knowledge and Economic Development: The Case of Land Rights in Uganda.” Land Economics 84(4):593–619.

Deininger, K., D. Ayalew, S. Holden, and J. Zevenbergen. 2008. “Rural Land Certification in Ethiopia: Process, Initial Impact, and Implications.” World Development 36(10):1786–812.
"""


def test_the_names_a_citation_prints_pick_one_of_several_entries_of_one_author_and_year(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, CHICAGO_INITIALS_SAME_FIRST_AUTHOR_AND_YEAR)
    # before: "Deininger, K., D. Ayalew" was read as the authors "Deininger", "K.", "D. Ayalew" (a Chicago
    # list whose first author keeps initials), and both citations were reported ambiguous among four
    assert [a.name for a in survey.references[2].authors] == ["Deininger, K.", "D. Ayalew", "T. Yamano"]
    marks = [c for _s, p in survey.paragraphs() for c in p.citations]
    assert [c.ref_ids for c in marks] == [[survey.references[2].id], [survey.references[3].id]]
    assert report.unresolved_keys == 0


def test_a_preprint_printed_with_its_manuscript_line_numbers(tmp_path: Path) -> None:
    body = ["1 **A contractility screen of kinase inhibitors**", "", "2 **Abstract**", "",
            "3 Cellular forces matter in disease [1].", "", "4 **1. Introduction**", ""]
    n = 5
    for k in range(30):
        body += [f"{n} Forces drive migration and division in many cell types, as shown before [{k % 3 + 1}].", ""]
        n += 1
    body += [f"{n} **2. Results**", "", f"{n + 1} Screens found hits [2].", "", f"{n + 2} **3. Discussion**", "",
             f"{n + 3} Hits were selective [3].", "", "1 **References**", ""]
    body += ["2 1. Lesman, A. & Ravichandran, G. Contractile forces regulate cell division. Biophys. J. 100, 1-9 (2011).",
             "3 2. Jin, J.-P. & Larsson, L. Muscle contractility and cell motility. J. Biomed. Biotechnol. 2012, 1-2 (2012).",
             "4 3. Li, B. & Wang, J. H.-C. Fibroblasts and myofibroblasts in wound healing. J. Tissue Viability 20, 108-120 (2011)."]
    survey, report = _read(tmp_path, "\n".join(body) + "\n", name="preprint.md")
    # before: "no Markdown headings" -- the line numbers hid the bold numbered headings
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Results", "Discussion"]
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"]]
    assert report.markers == report.markers_linked >= 32


NATURE_BOLD_SECTIONS_RUNNING_HEADERS = """\
## **Elastomeric sensor surfaces for single-cell force cytometry**

# Cmechanotransduction [1], migration [2], cytokinesis [3], immune
responses and other functions depend on cellular forces.

**Results**
**Whole-cell contractility measurements resolve populations**

Arrays of sensors measured forces [1].

#### NATure BIomedIcAl EngIneerIng Articles

**Airway SMCs from donors with asthma contract more**

Cells contracted more [2].

#### Articles NATure BIomedIcAl EngIneerIng

**Discussion**

The platform scales [3].

#### NATure BIomedIcAl EngIneerIng Articles

**Methods**

**Device fabrication**

Devices were moulded [1].

**References**

1. Lesman, A. & Ravichandran, G. Contractile forces regulate cell division. Biophys. J. 100, 1-9 (2011).
2. Jin, J.-P. & Larsson, L. Muscle contractility and cell motility. J. Biomed. Biotechnol. 2012, 1-2 (2012).

#### Articles NATure BIomedIcAl EngIneerIng

3. Li, B. & Wang, J. H.-C. Fibroblasts and myofibroblasts in wound healing. J. Tissue Viability 20, 108-120 (2011).
"""


def test_nature_bold_sections_a_drop_capital_heading_and_running_headers(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, NATURE_BOLD_SECTIONS_RUNNING_HEADERS)
    # before: the drop-capital line that cites ("# Cmechanotransduction [1], ...") was the only top-level
    # section, the bold subsections were top-level too, and the journal's running header split the list
    assert [s.title for s in survey.top_level_sections()] == ["Results", "Discussion", "Methods"]
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"]]
    assert report.markers == report.markers_linked >= 7


BIB4LLM_HEADER_AND_BYLINE = """\
# Citation Key: Cook2023

---

# A Geometric Framework for Odor Representation

###### Jack A. Cook and Thomas A. Cleland

###### Dept. Psychology, Cornell University, Ithaca, NY 14853, USA

###### Introduction

Odors are represented in the olfactory bulb [1].

###### Perceptual frameworks

Perception has a geometry [2].

###### Conclusion

Geometry helps [1, 2].

### References

[1] Cleland, T. A. Early transformations in odor representation. Trends Neurosci. 33, 130-139 (2010).
[2] Cook, J. A. Odor perception. J. Neurosci. 12, 1-9 (2022).
"""


def test_a_tools_metadata_field_and_the_byline_are_not_title_or_sections(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, BIB4LLM_HEADER_AND_BYLINE)
    # before: "# Citation Key: Cook2023" was the title and the paper's title its only top-level section
    assert survey.title == "A Geometric Framework for Odor Representation"
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Perceptual frameworks", "Conclusion"]
