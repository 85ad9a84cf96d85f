"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, stop 28).

From the tuning splits: a GROBID export whose code listing, run together into one line, became a "#" heading
(dev11); an IOP Publishing list (Environ. Res. Lett.) whose entries a two-column extraction glued after the pages
of the entry before, with hyphenated initials ("Pinault J-L"), three-word family names ("De La Hera A"), a period
after the year ("Oude Essink G 1998. MOC3D ...") and group authors in capitals ("CWC 2014") (dev24); MinerU's
formula detector setting a short surname and its year as mathematics, "(Sarma and $\\mathrm { X u } ~ 2 0 1 4$ )"
(dev24); and a text in which no section heading is found at all but which holds a reference list. From dev27:
a MinerU list whose entry numbers are glued to the year before ("202382. al. e T. Auto-GPT"); Ecology Letters'
letter-spaced capital headings in a PDF's plain text ("2 . L E A DI NG D I M E N SI ON S"); the last section
numbered as the one before ("# 3 Summary and conclusions" after "# 3.6"); an IEEE list whose converter dropped a
page's labels ("[37] ..." then eighteen unlabelled entries, then "[56] ..."); PLOS's list rendered as bullets
without numbers, cited "[12]" by position, its "et al" without a period; a review copy's line numbers run into the
text, hiding the list's first entries before its heading. From dev28: a PubMed Central author manuscript ("# HHS Public
Access" banner; "Cruse D, ..., Owen AM, 2012 Bedside detection ..." with no period before the year or title; "et al .");
co-authors joined by dashes with "(2003):" (Politics in Central Europe); a Chinese article's "参考文献(References）:"
with full-width brackets and titles glued to their numbers ("2研究方法").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from surveybench.readers import ReaderError
from tests.reader_helpers import read_report, read_text, with_list


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


# ---- from the tuning split dev27 ----------------------------------------------------------------------------


def test_number_glued_to_a_year_before_a_lower_case_word_keeps_the_sequence(tmp_path: Path) -> None:
    glued = "".join(
        f"Author{n} A, Other B. Title number {n} of a study. arXiv preprint arXiv:2303.{17000 + n}, 2023{n + 1}. "
        for n in range(3, 8))
    survey = read_text(tmp_path, f"""\
# Agents

## 1 Introduction

Agents act [1, 2, 3] and plan [4, 5, 6, 7, 8, 182].

## References

1. Mnih V, Silver D. Human-level control through deep reinforcement learning. Nature, 2015, 518: 529-533
2. Brown T, Mann B. Language models are few-shot learners. NeurIPS, 2020, 33: 1877-1901
3. {glued.replace("2023" + "6. ", "2023" + "6. al. e T. ").rstrip()}
8. Stone P, Li C. Tree search agents. In: AAAI. 2023, 1- 5182. Li C, Wang J. Emotionprompt. arXiv preprint, 2023
""")
    # entry 6 opens "al. e T." (an OCR's "et al."), its number glued to the year before: before, the sequence
    # stopped at 5 and jumped to "5182" read as 8 ... now 1-8 in order, 182 glued after the pages stays text
    assert [r.numbers for r in survey.references][:8] == [[str(n)] for n in range(1, 9)]
    assert survey.references[5].raw.startswith("al. e T. Author6 A, Other B. Title number 6")


def test_letter_spaced_capital_headings_read_as_the_words_of_the_text(tmp_path: Path) -> None:
    body = ("Wood density and wood function vary across species and leading studies of wood function measure "
            "the dimensions of conduits; synthesis work on wood is rare. ")
    survey = read_text(tmp_path, f"""\
Towards a worldwide wood economics spectrum
1 . I N T R O D U C T I O N
{body * 3}
2 . L E A DI NG D I M E N SI ON S IN WO O D F U N C T I O N
{body * 3}
3. WOOD TRAITS IN RELATION TO OTHER
F U N C T I O NA L T R A I T S
{body * 3}
4 . SYN T H ES I S A N D F R O N T I ER S
{body * 2}Species differ (Chave et al. 2006).
AC K N O W L E D G EMENTS
We thank the reviewers.
RE FE RE N C E S
Ackerly, D.D. (2004). Functional strategies of chaparral shrubs. Ecol. Monogr., 74, 25–44.
Chave, J., Muller-Landau, H.C. & Baker, T. (2006). Regional and phylogenetic variation of wood density.
Ecol. Appl., 16, 2356–2367.
Zanne, A.E. & Falster, D.S. (2010). Plant functional traits. New Phytol., 185, 348–351.
""", name="wood.md")
    # before: no heading found (the letter-spaced lines read as text), the list not found either
    assert [s.title for s in survey.top_level_sections()] == [
        "INTRODUCTION", "LEADING DIMENSIONS IN WOOD FUNCTION", "WOOD TRAITS IN RELATION TO OTHER FUNCTIONAL TRAITS",
        "SYNTHESIS AND FRONTIERS"]
    assert [r.authors[0].name for r in survey.references] == ["Ackerly, D.D.", "Chave, J.", "Zanne, A.E."]


def test_last_section_misnumbered_as_the_one_before(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Additive manufacturing and business models

# 1. Introduction

Printing changes supply chains [1].

# Current state and applications

Printers are used in industry [2].

# 2. Data and methodology

Papers were searched [2].

# 3. Review of literature

Studies are grouped.

# 3.1 Closed business models

Spare parts are printed [3].

# Spare part service

Service firms print parts [3].

# 3.2 Open business models

Peers print at home [1].

# 3 Summary and conclusions

Printing is spreading [2].

# REFERENCES

[1] A. Smith, “Printing,” J. Manuf., vol. 1, pp. 1–9, 2019.
[2] B. Jones, “Industry,” J. Ind., vol. 2, pp. 1–9, 2020.
[3] C. Lee, “Spares,” J. Ops., vol. 3, pp. 1–9, 2021.
""")
    # before: "3 Summary and conclusions" read as a restart, nested under 3.2
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction", "Data and methodology", "Review of literature", "Summary and conclusions"]


def test_bracketed_list_whose_labels_a_page_lost_goes_on_at_the_next_label(tmp_path: Path) -> None:
    def entry(n: int) -> str:
        return f"A{n}. Writer and B{n}. Coauthor, “Study {n} of printing,” J. Manuf. Syst., vol. {n}, pp. {n}1–{n}9, {1990 + n}."

    numbered = "\n".join(f"[{n}] {entry(n)}" for n in range(1, 5))
    lost = "\n".join(entry(n) for n in range(5, 17))  # labels 5-16 lost: entries on lines of their own
    rest = "\n".join(f"[{n}] {entry(n)}" for n in range(17, 21))
    survey = read_text(tmp_path, f"""\
# Printing

## Introduction

Printing [1], [4]–[6] and more [12], [17], [20].

## References

{numbered}
{lost}
{rest}
""")
    # before: [17] was no label (more than ten past [4]): one entry held 4 to 20
    assert [r.numbers for r in survey.references] == [[str(n)] for n in range(1, 21)]
    assert survey.references[11].raw.startswith("A12. Writer")


def test_unnumbered_list_cited_by_position_and_et_al_without_its_period(tmp_path: Path) -> None:
    names = ("Herrero", "Rivera", "Hristov", "Montes", "Ledgard", "Clark", "Almeida", "Savian")
    entries = "\n".join(
        f"- {name}M, Henderson{chr(65 + n)}, Smith{chr(66 + n)}P, et al Study number {n} of grazing cows. J Dairy Sci. "
        f"{2000 + n};{n}: 1–9." for n, name in enumerate(names, 1))
    survey = read_text(tmp_path, f"""\
# Greenhouse gas emissions of dairy systems

## Introduction

Cows graze tropical pastures [1]. Milk production areas are large [2], growth varies [3,4] and mixed
systems are studied [5–7]. Emission factors differ [8], as noted before [2].

## References

{entries}
""")
    # before: the list's numbers were lost, every "[n]" counted unresolved; the titles kept the authors
    assert [r.numbers for r in survey.references] == [[str(n)] for n in range(1, 9)]
    assert survey.references[0].title == "Study number 1 of grazing cows" and survey.references[0].year == 2001
    linked = [m.ref_ids for *_x, m in survey.citation_marks()]
    assert [[survey.references[[r.id for r in survey.references].index(i)].numbers[0] for i in ids] for ids in linked] == [
        ["1"], ["2"], ["3", "4"], ["5", "6", "7"], ["8"], ["2"]]


def test_line_number_runs_and_first_entries_run_into_the_last_section(tmp_path: Path) -> None:
    def entry(n: int) -> str:
        return f"[{n}] Author{n} Name and Other{n} Name. 20{10 + n}. Title of paper {n}. In Proceedings of CHI. 1--13."

    survey = read_text(tmp_path, f"""\
# CommunityBots

## 1 INTRODUCTION

Chatbots elicit input [1, 3] and several chatbots more [7, 9].

## 2 CONCLUSION

Multi-agent chatbots keep a conversation flowing.

1287 1288 1289 1290 1291 1292 1293 1294 1295

1296 1297 1298 1299 1300 1301 1302 1303 1304 {" ".join(entry(n) for n in range(1, 7))}

#### REFERENCES

1324 1325 1326 1327 1328 1329 1330 1331 1332 1333 {" ".join(entry(n) for n in range(7, 11))}
""")
    # before: the review copy's line numbers hid "[7]" (not the list's first label) and [1]..[6] stayed text
    assert [r.numbers for r in survey.references] == [[str(n)] for n in range(1, 11)]
    assert [p.text for sec, p in survey.paragraphs() if sec.title == "CONCLUSION"] == [
        "Multi-agent chatbots keep a conversation flowing."]


def test_garbled_running_head_inside_the_list_and_a_group_known_by_its_acronym(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Stress and alcohol dependence

## 1. Introduction

Stress predicts drinking (Koob and Kreek, 2007; Noori et al., 2014) in China (WHO, 2014; Tang et al., 2013).

## References

Koob, G., Kreek, M.J., 2007. Stress, dysregulation of drug reward pathways, and the transition to drug dependence.
Am. J. Psychiatry 164, 1149–1159.

Li, Q., Babor, T.F., Zeigler, D., 2015. Health promotion interventions addressing excessive alcohol use. Addiction 110,
1–10.

Morrison-Beedy, D., Carey, M.P., Tu, X., 2006. Accuracy of audio computer-assisted self-interviewing. AIDS Behav.

## 82 Y.  X. Chen / Drug And   155

Noori, H.R., Helinski, S., Spanagel, R., 2014. Cluster and meta-analyses on stress-induced alcohol drinking. Addict.
Biol. 19, 225–232.

Tang, Y.L., Xiang, X.J., Hao, W., 2013. Alcohol and alcohol-related harm in China: policy changes needed. Bull. World
Health Organ. 91, 270–276.

WHO, 2014. Global Status Report on Alcohol and Health. WHO, Geneva http://
www.who.int/substance abuse/publications/global alcohol report/en/ (accessed 23.04.15).
""")
    # before: the list ended at the running head ("82 ... / Drug And 155"), and "WHO, 2014." went with Tang's entry
    assert [r.year for r in survey.references] == [2007, 2015, 2006, 2014, 2013, 2014]
    assert survey.references[5].title == "Global Status Report on Alcohol and Health"
    assert all(m.ref_ids and not m.unresolved for *_x, m in survey.citation_marks())


def test_apa_initial_without_its_period_and_et_dot_al(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Intersectionality in social movements

## Introduction

Intersectionality shapes movements (Einwohner et. al. 2019; Irvine, Montoya & Lang 2019).

## Bibliography

Einwohner, R. L., Kelly-Thompson, K. & Wu, C. (2019). Active Solidarity: Intersectional Solidarity in Action. Social
Politics 28(1), 1-26.

Irazábal, C. & Huerta, C. (2016). Intersectionality and planning at the margins. Gender, Place & Culture 23(5), 714-732.
Irvine, J, Lang, S., & Montoya, C. (Eds.) (2019). Gendered Mobilizations and Intersectional Challenges. London/New York:
Rowman & Littlefield.
""")
    # before: Irvine's entry went with Irazábal's (its first initial has no period), "et. al." read as no citation
    assert [r.authors[0].name for r in survey.references] == ["Einwohner, R. L.", "Irazábal, C.", "Irvine, J."]
    assert survey.references[2].title == "Gendered Mobilizations and Intersectional Challenges"
    by_id = {r.id: r.authors[0].name for r in survey.references}
    assert [[by_id[i] for i in m.ref_ids] for *_x, m in survey.citation_marks()] == [["Einwohner, R. L.", "Irvine, J."]]


def test_plain_unnumbered_headings_set_out_as_the_named_ones(tmp_path: Path) -> None:
    para = ("The carbon market lowers emissions in the pilot provinces and the effect grows over\n"
            "time as firms learn to trade their allowances (Chen et al. 2021); it holds in tests.\n")
    survey = read_text(tmp_path, f"""\
## ARTICLE HUMANITIES AND SOCIAL SCIENCES COMMUNICATIONS

# Carbon market and emission reduction

Introduction
{para * 3}

Literature review
{para * 3}

Theoretical framework and research hypotheses
Key facts. {para * 3}

Model and data
{para * 2}

Time

Real
Predict

Further research

Mechanism tests. {para * 2}

Discussion
{para * 2}

Conclusion and recommendation
{para}

References
Chen Y, Li X, Wang Z (2021) Carbon trading and emissions. Energy Econ 95:105121
""", name="s41599.md")
    # before: only the named headings (Introduction, Literature review, Discussion) were sections
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction", "Literature review", "Theoretical framework and research hypotheses", "Model and data",
        "Further research", "Discussion", "Conclusion and recommendation"]


def test_revtex_title_before_journal_volume_and_article_number(tmp_path: Path) -> None:
    survey = read_text(tmp_path, with_list("Barren plateaus", "Trainability [1, 2, 3] matters.", [
        "[1] E. Kökcü, T. Steckmann, and A. F. Kemper, Fixed depth hamiltonian simulation via cartan decomposition, "
        "Physical Review Letters 129, 070501 (2022).",
        "[2] K. Bharti and T. Haug, Iterative quantum-assisted eigensolver, Physical Review A 104, L050401 (2021).",
        "[3] K. Wan, W. J. Huggins, J. Lee, and R. Babbush, Matchgate shadows for fermionic quantum simulation, "
        "Communications in Mathematical Physics , 1 (2023).",
    ]))
    # before: the journal, volume and article number stayed in each title
    assert [r.title for r in survey.references] == [
        "Fixed depth hamiltonian simulation via cartan decomposition", "Iterative quantum-assisted eigensolver",
        "Matchgate shadows for fermionic quantum simulation"]


# ---- from the tuning split dev28 ----------------------------------------------------------------------------


def test_nih_author_manuscript_banner_and_vancouver_names_before_a_bare_year(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# **HHS Public Access**

Author manuscript Neuroimage. Author manuscript; available in PMC 2020 May 22.

## **Autoreject: Automated artifact rejection for MEG and EEG data**

**Mainak Jas**a, **Denis A. Engemann**b

## **Abstract**

We present an algorithm that rejects and repairs bad trials.

## **Introduction**

Patients move (Cruse et al., 2012; Goldfine et al ., 2013) and tools exist (Uutela et al., 1999).

## **Discussion**

It works.

## **References**

- Cruse D, Chennu S, Chatelle C, Owen AM, 2012 Bedside detection of awareness in the vegetative state: a cohort study.
  The Lancet 378, 2088–2094.
- Goldfine AM, Bardin JC, Noirhomme Q, Schiff ND, 2013 Reanalysis of bedside detection of awareness in the vegetative
  state. The Lancet 381, 289–291. [PubMed: 23351802]
- Uutela K, Hämäläinen M, Somersalo E, 1999 Visualization of magnetoencephalographic data using minimum current
  estimates. NeuroImage 10, 173–180. [PubMed: 10417249]
""")
    # before: "HHS Public Access" was the title and the paper's title a section; no entry had a year or a title,
    # and "Goldfine et al ., 2013" (a space before the period) was no citation
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Discussion"]
    assert [(r.year, r.title) for r in survey.references] == [
        (2012, "Bedside detection of awareness in the vegetative state: a cohort study"),
        (2013, "Reanalysis of bedside detection of awareness in the vegetative state"),
        (1999, "Visualization of magnetoencephalographic data using minimum current estimates")]
    assert [len(m.ref_ids) for *_x, m in survey.citation_marks()] == [2, 1]


def test_co_authors_joined_by_dashes_and_a_colon_after_the_year(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Social democracy in Central Europe

## Introduction

Parties were compared (Kopeček 2005; Curry\xa0– Urban 2003; White – Lewis 2013; Bozóki – Ishiyama
2002).

## References

Curry, J. L. – Urban, J. B. (2003): The Left Transformed in Post‑Communist Societies. Lanham: Rowman & Littlefield.
Kopeček, L. (2005): Trajectories of the Left: Social Democracy and (Ex-)Communist Parties. Brno: CDK.
Bozóki, A. – Ishiyama, J. T. (2002): The Communist Successor Parties of Central and Eastern Europe. New York: ME Sharpe.
White, S. – Lewis, P. G. (eds.). (2013): Developments in Central and East European Politics 5. Basingstoke: Palgrave.
""")
    # before: the dashes hid every entry but Kopeček's ("(2003):" was no APA year either), and the citations
    # read "Urban 2003", "Ishiyama 2002" as first authors
    assert [(r.authors[0].name, r.year) for r in survey.references] == [
        ("Curry, J. L.", 2003), ("Kopeček, L.", 2005), ("Bozóki, A.", 2002), ("White, S.", 2013)]
    assert survey.references[3].title == "Developments in Central and East European Politics 5"
    by_id = {r.id: r.authors[0].name.split(",")[0] for r in survey.references}
    (*_x, mark), = survey.citation_marks()
    assert [by_id[i] for i in mark.ref_ids] == ["Kopeček", "Curry", "White", "Bozóki"] and not mark.unresolved


def test_chinese_list_heading_with_full_width_marks_and_titles_glued_to_numbers(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# 克拉玛依市中部城区外围生态敏感性评价

# 1 研究区概况

研究区位于城区外围[1]。

# 2研究方法

采用多因子综合方法[2,3］。

# 3结果分析

敏感性较高［3]。

# 参考文献(References）:

[1]欧阳志云，王效科，苗鸿.中国生态环境敏感性及其区域差异规律研究[J].生态学报,2000,20(1）:9-12.
[2]徐广才,康慕谊,赵从举,等.阜康市生态敏感性评价研究[J]. 北京师范大学学报自然科学版,2007,43（1）：88-92.
[3］穆媛芮,胡建团,郭洁,等.西天山吐拉苏地区生态环境敏感性评价[J].水土保持通报,2012,32（6）：292-295.
""")
    # before: "参考文献(References）:" was a section, "2研究方法" no numbered heading, "[3］" no label
    assert [s.title for s in survey.top_level_sections()] == ["研究区概况", "研究方法", "结果分析"]
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"]]
    assert [m.ref_ids for *_x, m in survey.citation_marks()] == [["1"], ["2", "3"], ["3"]]
