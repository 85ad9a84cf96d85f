"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, the round after s9).

From the tuning splits dev9-dev12: a Scientific Reports article whose converter printed Nature's
open-access badge ("# OPEN") above the title and every heading at one depth; a GROBID TEI-to-Markdown
article whose title, abstract, capitalised sections and sentence-case subsections all sit at one depth;
a formula set as a heading ("###### Uα × R"); an appendix named after a colon ("Appendix: Artifact
Description") whose own sections are numbered anew after the reference list. From dev16-dev18 (stop 24):
marker's joined IMRaD headings and APA/Elsevier lists, Mathpix Markdown, pymupdf4llm bold headings,
RSC and Springer lists, running heads, plain-text enumerations, glued IEEE headings, affiliation marks,
page numbers before page markers, and UTF-8 decoded as code page 437. ``test_a_name_opens_a_word``
passes on the readers before this round too: it guards the nested-parenthesis groups added with it.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.readers import read_survey_report
from tests.reader_helpers import read_text


def _top_sections(tmp_path: Path, text: str) -> tuple[str, list[str]]:
    survey = read_text(tmp_path, text)
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


# dev16: marker conversions of psychiatry articles (APA and Elsevier name-year), pymupdf4llm of a PLOS one
MARKER_APA = """\
# The Role Of Hope And Resilience In Protecting Against Suicidal Thoughts

## Abstract

We studied hope.

## Introduction

Hope protects (Dixon et al., 1993; Uncapher et al., 1998). Additionally, Uncapher, Gallagher, Osgood, and
Bongar (1998) found that hopelessness predicts ideation. Past work looked at epidemics (e.g., severe acute
respiratory syndrome (SARS) epidemic in 2003; Bo et al., 2020; Gray et al., 2021).

## Methods Ethics

The study was approved.

## Participants

Adults took part.

## Results Associations Between Stressors And Suicidal Thoughts

Stress predicted thoughts.

## Hierarchical Logistic Regression Analyses

Hope moderated the link.

## Discussion

Hope matters.

## Limitations

The sample was small.

## Conclusion

Foster hope.

## Author’s Contributions

All authors wrote the paper.

## References

Beck, A. T., Steer, R. A., Beck, J. S., & Newman, C. F. (1993). Hopelessness, depression, suicidal ideation, and clinical diagnosis of depression. Suicide and Life-Threatening Behavior, 23(2),
139–145. doi:10.1111/j.1943-278X.1993.tb00378.x Bo, H. X., Li, W., Yang, Y., & Xiang, Y. T. (2020).

Posttraumatic stress symptoms among clinically stable patients with COVID-19 in China. Psychological Medicine, 2020, 1–2. doi:10.

1017/S0033291720000999 Dixon, W. A., Heppner, P. P., Burnett, J. W., & Lips, B. J. (1993). Hopelessness and stress:
Evidence for an interactive model of depression. Cognitive Therapy and Research, 17(1), 39–52.

doi:10.1007/s10862-009-9156-y Gray, N. S., Knowles, J. R., & Snowden, R. J. (2021). Explicit and implicit hopelessness and self-injury.
Suicide and Life-Threatening Behaviour. doi:10.1111/sltb.12743 Uncapher, H., Gallagher, D., Osgood, N. J., & Bongar, B. (1998). Hopelessness and suicidal ideation in older adults.
The Gerontologist, 38(1), 62–70.
"""


def test_marker_joined_imrad_headings_and_apa_entries_glued_after_a_doi(tmp_path: Path) -> None:
    path = tmp_path / "hope.md"
    path.write_text(MARKER_APA, encoding="utf-8")
    survey, _ = read_survey_report(path)
    # "## Methods Ethics": the section "Methods" and its first subsection "Ethics" on one line
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == [
        "Introduction", "Methods", "Results", "Discussion", "Conclusion"]
    assert [s.title for s in survey.sections if s.level == 2 and s.is_content][:2] == ["Participants", "Associations Between Stressors And Suicidal Thoughts"]
    # a DOI ending in a letter ends an entry ("...tb00378.x Bo, H. X., ..."): five entries
    assert [r.authors[0].name.split(",")[0] for r in survey.references] == ["Beck", "Bo", "Dixon", "Gray", "Uncapher"]
    by_first = {r.authors[0].name.split(",")[0]: r.id for r in survey.references}
    intro = next(p for _, p in survey.paragraphs() if "Hope protects" in p.text)
    linked = [rid for c in intro.citations for rid in c.ref_ids]
    # the sentence's "Additionally," is no author; a parenthesis inside the group ("(SARS)") does not hide it
    for name in ("Dixon", "Uncapher", "Bo", "Gray"):
        assert by_first[name] in linked, name
    assert not [u for c in intro.citations for u in c.unresolved]


ELSEVIER_WRAPPED = """\
# Stress and depression in medical staff

## 1. Introduction

Insomnia predicts depression (Spielman, 1986; Spielman et al., 1996; An et al., 2020; Hyun, 2007).
Scales were validated (Lovibond and Lovibond, 1995, 1996).

## 2. Conclusion

Sleep matters.

## References

An, Y., Yang, Y., Wang, A., Li, Y., Xiang, Y.T., 2020. Prevalence of depression among frontline nurses during the COVID-19 outbreak.
J. Affect. Disord. 276, 312–315. https://doi.org/10.1016/j.jad.2020.06.047.
Hyun, E.-.M., 2007. Adjustment of single parent family. Journal of Korean Home Management Association 25 (5), 107–126.
Lovibond, P.F., Lovibond, S.H., 1995. The structure of negative emotional states. Behav Res Ther 33 (3), 335–343. https://doi.org/10.1016/ 0005-7967(94)00075-U.
Lovibond, S.H., Lovibond, P.F., 1996. Manual For the Depression Anxiety Stress Scales. Psychology Foundation of Australia.
Spielman, 1986. Assessment of insomnia. Clinical Psychology Review 6, 11–25.
Spielman, A.J., Nunes, J., Glovinsky, P.B., 1996. Insomnia. Neurol. Clin. 14, 513–543. https://doi.org/10.1016/s0733-8619(05)70272-3.
"""


def test_elsevier_lines_a_doi_year_a_stray_initial_period_and_a_surname_alone(tmp_path: Path) -> None:
    path = tmp_path / "stress.md"
    path.write_text(ELSEVIER_WRAPPED, encoding="utf-8")
    survey, report = read_survey_report(path)
    # "J. Affect. Disord. 276, ... j.jad.2020.06.047." is the first entry's second line (its year is the DOI's)
    assert [(r.authors[0].name.split(",")[0], r.year) for r in survey.references] == [
        ("An", 2020), ("Hyun", 2007), ("Lovibond", 1995), ("Lovibond", 1996), ("Spielman", 1986), ("Spielman", 1996)]
    assert survey.references[4].title == "Assessment of insomnia"
    assert report.unresolved_keys == 0


PLAIN_ENUMERATION = """\
Combining Organophosphate Treated Wall Linings and Long-lasting Insecticidal Nets

Introduction

Malaria vectors resist pyrethroids [1,2]. Wall linings may help [3].


Materials and Methods


Experimental huts
The trials were carried out at the Centre Muraz station [4]. The station is surrounded by a rice
growing valley and the huts are built on concrete plinths.
The following six treatments were tested:


1. Untreated Control (untreated plastic sheeting)
2. Pyrethroid treated durable lining (ZeroVector, Vestergaard
Frandsen, Switzerland) on walls

3. P-methyl treated durable lining on walls

4. P-methyl net wall hangings on walls


Results

Mortality rose with p-methyl linings [5].


Discussion

Linings help [1].


References

1. Ranson H (2011) Pyrethroid resistance in African anopheline mosquitoes. Trends Parasitol 27: 91-98.
2. Edi CVA (2012) Multiple insecticide resistance in Anopheles gambiae. Emerg Infect Dis 18: 1508-1511.
3. Messenger L, Matias A, Knowles S BD, et al. (2012) Multicentre studies of insecticide-treated durable wall lining. Malar J 11: 358.
4. Ngufor C (2011) Experimental huts. Malar J 10: 1-9.
5. Corbel V (2010) Field efficacy of a new mosaic net. Malar J 9: 113.
"""


def test_a_numbered_enumeration_in_plain_text_is_no_run_of_sections(tmp_path: Path) -> None:
    title, tops = _top_sections(tmp_path, PLAIN_ENUMERATION)
    assert tops == ["Introduction", "Materials and Methods", "Results", "Discussion"]
    survey, _ = read_survey_report(tmp_path / "article.md")
    # "Knowles S BD, et al. (2012) Multicentre ...": the year before the title is no part of it
    assert survey.references[2].title == "Multicentre studies of insecticide-treated durable wall lining"


def test_a_name_opens_a_word(tmp_path: Path) -> None:
    text = ("# Emotion dynamics\n\n## 1 Introduction\n\nWe use data from the eRisk 2017 task (Losada et al., 2017) and more "
            "(which is from the eRisk 2018 task (Losada et al., 2018)).\n\n## References\n\n"
            "David E. Losada, Fabio Crestani, and Javier Parapar. 2017. eRISK 2017: CLEF lab on early risk prediction. In CLEF.\n\n"
            "David E. Losada, Fabio Crestani, and Javier Parapar. 2018. Overview of eRisk 2018. In CLEF.\n")
    path = tmp_path / "emo.md"
    path.write_text(text, encoding="utf-8")
    survey, report = read_survey_report(path)
    assert len(survey.references) == 2
    assert report.unresolved_keys == 0  # "eRisk 2018" inside the parenthesis is no citation of "Risk"


# dev17: Mathpix Markdown of ecology articles, pymupdf4llm of JMLR/AISTATS papers, MinerU of RSC articles
MATHPIX = r"""\title{
Plant functional traits and species ability for sediment retention
}

\author{
Mélanie Burylo ${ }^{1}$, Freddy Rey ${ }^{1}$
}

\begin{abstract}
Vegetation traps sediment.
\end{abstract}

\section*{Introduction}

Vegetation controls erosion (Thornes 1990; Morgan 1995; Norris et al. 2008).

\section*{Materials and methods}

\section*{Plant material}

Ten species were sampled (Burylo et al. 2009).

\section*{Results}

\section*{Species efficiency in sediment trapping}

Grasses trapped most.

\section*{Discussions}

Traits matter.

\section*{References}

Burylo M, Rey F, Roumet C, Buisson E, Dutoit T (2009) Linking plant morphological traits to uprooting resistance. Plant Soil 324:31-42
Morgan RPC (1995) Soil erosion and conservation, 2nd edn. Longman
Norris JE, Stokes A, Mickovski SB, Cammeraat E, van Beek R, Nicoll BC, Achim A (2008) Slope stability and erosion control: ecotechnological solutions. Springer, Dordrecht
Thornes JB (Ed) (1990) Vegetation and erosion - processes and environments. John Wiley & Sons, Chichester
"""


def test_mathpix_latex_sectioning_and_a_springer_list(tmp_path: Path) -> None:
    path = tmp_path / "sediment.md"
    path.write_text(MATHPIX, encoding="utf-8")
    survey, report = read_survey_report(path)
    assert survey.title == "Plant functional traits and species ability for sediment retention"
    # every "\section*" at one depth: the IMRaD names ("Discussions" too) are the top level
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == [
        "Introduction", "Materials and methods", "Results", "Discussions"]
    # "2nd edn. Longman" ends Morgan's entry (no year before Norris's line); "(Ed)" marks Thornes an editor
    assert [(r.authors[0].name, r.year) for r in survey.references] == [
        ("Burylo M", 2009), ("Morgan RPC", 1995), ("Norris JE", 2008), ("Thornes JB", 1990)]
    assert survey.references[1].raw.endswith("Longman")
    assert report.unresolved_keys == 0


PYMUPDF_JMLR = """\
### **Goal-Space Planning with Subgoal Models**

**Chunlok Lo** chunlok@ualberta.ca

**Abstract**

We plan in goal space.

**1** **Introduction**

Planning helps (Sutton and Barto, 2018; Aubret et al., 2021).

# The steps of agent-environment interaction in- Environment

## v ˜( g ) for all g where d ( St +1, g ) > 0 Policy

**2. Problem Formulation**

We use MDPs (Sutton and Barto, 2018).

**2.1 Subgoals**

Subgoals are states.

**2.2 Subgoal models**

Models predict subgoals.

**2.3 Planning**

Values propagate.

**3. Conclusion**

It works.

**References**

Arthur Aubret, Laetitia Matignon, and Salima Hassas. DisTop: Discovering a topological
representation to learn diverse and rewarding skills. _arXiv:2106.03853 [cs]_, 2021.

Richard S. Sutton and Andrew G. Barto. _Reinforcement Learning: An Introduction_. MIT Press, 2018.

**A. Starting Simpler: Goal-Space Planning for Policy Evaluation**

We show the update converges, plotted over 200 and 400 steps [200] [400].

+ � _P_ ( _s, a, s_ _[′]_ ) _γcv_ 0( _s_ _[′]_ )

**A.1 Proofs for the Deterministic Setting**

The proof is by induction.
"""


def test_pymupdf4llm_bold_headings_beside_a_few_markdown_ones_and_lettered_appendices(tmp_path: Path) -> None:
    path = tmp_path / "gsp.md"
    path.write_text(PYMUPDF_JMLR, encoding="utf-8")
    survey, report = read_survey_report(path)
    # three Markdown headings (the title, a figure's words) leave the bold numbered lines the sections,
    # the number and the name bolded apart too ("**1** **Introduction**")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == ["Introduction", "Problem Formulation", "Conclusion"]
    # the lettered appendix after the list ends it; its formula's "+" bullet makes no bulleted list
    assert [r.authors[0].name for r in survey.references] == ["Arthur Aubret", "Richard S. Sutton"]
    assert report.unresolved_keys == 0


RSC_GLUED = """\
# Polyelectrolyte based hole-transporting materials

# Introduction

Perovskite cells are efficient.1-3 Interlayers help.4,5

# Notes and references

1 S.Kazim，M.K.Nazeeruddin and M.Grätzel, Angew. Chem., 2014, 53, 2812-2824.
2N.-G.Park, J. Phys. Chem. Lett., 2013, 4, 2423-2429.
3 H.J. Snaith, J. Phys. Chem. Lett., 2013, 4, 3623-3630.
4O.Malinkiewicz，C. Roldan-Carmona and H. J.Bolink, Adv. Energy Mater., 2014, 4, 1400345.
5J.Shi,J.Dong and Q. Meng, Appl. Phys. Lett., 2014, 104, 063901.
"""


def test_rsc_numbers_glued_to_the_first_initial(tmp_path: Path) -> None:
    path = tmp_path / "rsc.md"
    path.write_text(RSC_GLUED, encoding="utf-8")
    survey, _ = read_survey_report(path)
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"], ["4"], ["5"]]
    assert survey.references[3].raw.startswith("O.Malinkiewicz")


def test_running_heads_inside_the_list_and_a_chemistry_article_flat_headings(tmp_path: Path) -> None:
    text = """\
# Soft segment free thermoplastic polyester elastomers

# Introduction

Elastomers combine plastic and rubber (Lo et al., 2020).

Lo, Roice and White

More text on elastomers (Wan et al., 2021).

# Experimental section

# Synthesis

Monomers were mixed.

Lo, Roice and White

# Results and discussion

# Thermal properties

The melting point rose.

# Conclusions

It works.

# References

Chunlok Lo, Gabor Mihucz, and Martha White. Goal-space planning. In _International Conference on
Lo, Roice and White
Machine Learning_, 2020.

Yi Wan, Abhishek Naik, and Richard S. Sutton. Average-reward learning and planning with options. In _Advances
in Neural Information Processing Systems_, 2021.
"""
    path = tmp_path / "tpe.md"
    path.write_text(text, encoding="utf-8")
    survey, report = read_survey_report(path)
    # "Experimental section" is chemistry's methods: with the IMRaD names it gives the top level
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == [
        "Introduction", "Experimental section", "Results and discussion", "Conclusions"]
    # the authors' running head, printed twice in the text, is no part of the first entry
    assert [r.raw for r in survey.references][0] == (
        "Chunlok Lo, Gabor Mihucz, and Martha White. Goal-space planning. In _International Conference on "
        "Machine Learning_, 2020.")
    assert report.unresolved_keys == 0


def test_a_gbt_document_type_mark_ends_the_title_and_jr_without_its_dot() -> None:
    from surveybench.readers.reflist import _opens_entry
    from surveybench.readers.refstrings import parse_reference_string

    # (ChinaXiv, MinerU) the mark, then a URL the converter broke: the title ends at "[J]"
    parsed = parse_reference_string(
        "Radford A, Narasimhan K, Salimans T, et al. Improving language understanding by generative pretraining[J]."
        "URL:https://s3-us-west-2.amazonaws.com/openaiassets/research covers/language understanding paper. pdf, 2018.")
    assert parsed.title == "Improving language understanding by generative pretraining"
    # (marker, APA) a name's "Jr" whose period was lost still leaves an author list that opens an entry
    assert _opens_entry("Hom, M. A., Joiner, T. E., Jr, & Bernert, R. A. (2016). Limitations of a single-item assessment.", 0)


def test_an_acl_list_followed_by_a_survey_instrument_with_numbered_questions_and_bullets(tmp_path: Path) -> None:
    text = """\
BenchNavigator: Recommending Benchmarks for LLM Evaluation

1 Introduction

Practitioners pick benchmarks by hand (Liang et al., 2022; Kiela et al., 2021; Raji et al., 2021).

2 Conclusion

A tool helps.

References

Douwe Kiela, Max Bartolo, Yixin Nie, and 1 others. 2021. Dynabench: Rethinking benchmarking in nlp. arXiv preprint
arXiv:2104.14337.
Percy Liang, Rishi Bommasani, Tony Lee, and 1 others. 2022. Holistic evaluation of language models. arXiv preprint
arXiv:2211.09110.
Inioluwa Deborah Raji, Emily M Bender, and Alex Hanna. 2021. Ai and the everything in the whole wide world benchmark.
arXiv preprint arXiv:2111.15366.
B Survey
We are developing BenchNavigator, a recommendation tool for practitioners selecting benchmarks. We want to understand:
1. How practitioners currently find, select, and use LLM benchmarks
2. What practical challenges and constraints affect benchmark selection
3. Which criteria and features matter most when choosing benchmarks
Privacy Notice:
• This survey does not automatically collect your email address.
• If you want to receive a gift card, you may provide an email at the end.
• You may stop at any time.
"""
    path = tmp_path / "benchnavigator.md"
    path.write_text(text, encoding="utf-8")
    survey, report = read_survey_report(path)
    # the questions' numbers and the options' bullets come after three entries: the list is neither numbered
    # nor bulleted (the instrument's text stays with the last entry)
    assert [r.authors[0].name for r in survey.references] == ["Douwe Kiela", "Percy Liang", "Inioluwa Deborah Raji"]
    assert report.unresolved_keys == 0


PLAIN_IEEE_GLUED = """\
Mobility-Aware MEC Planning With a GNN-Based Graph Partitioning Framework
I. I NTRODUCTION
Edge servers must be placed well [1]. Placement has been studied at length with many tools and models
and we discuss the literature in the next section.
II. R
ELATED WORKS
Placement was formulated as an integer program [2] by earlier work in the field, with heuristics.
III. S
YSTEM MODEL
The network is a graph whose edge weights count handovers between the base stations it connects.
The objective is to determine balanced partitions of the network to minimize the cut weights.IV . A
LGORITHM
We adapt the GAP framework [3] to the planning problem and train it on synthetic networks.
V. S
IMULATION
Handover costs fall by a third [4] against the baselines on every network we tried.
VI. C ONCLUSION
Planning with graphs works.
R EFERENCES
[1] A. Author, "Edge placement," IEEE Trans., 2020.
[2] B. Author, "Integer programs," IEEE Trans., 2021.
[3] C. Author, "GAP," in NeurIPS, 2019.
[4] D. Author, "Handover," IEEE Trans., 2022.
"""

PLAIN_LNCS_AFFILIATIONS = """\
Comprehensive Sensitivity Analysis of Password Hashing Algorithms
Divyashree Duggegowda1 and A. Syed Haroon2
1 Assistant Professor, Presidency School of Information Science, Presidency
University, Bengaluru, India
divyankushi@gmail.com
2 Head & Senior Lecturer, Department of Computer Science, School of Science and
Information Technology, Skyline University Nigeria
1
Introduction
Password authentication is the most common mode of verifying users [1]. It needs careful tuning
of the hashing parameters, which practitioners rarely get right in deployed systems today.
2
Literature Review
Argon2 is memory-hard [2]. Earlier work measured PBKDF2 and bcrypt under several settings.
3
Conclusion
Tune the memory cost first.
References
1. Biryukov, A.: Argon2. In: EuroS&P (2016)
2. Provos, N.: bcrypt. In: USENIX (1999)
"""


def test_plain_text_ieee_heading_glued_to_a_paragraph_and_lncs_affiliation_marks(tmp_path: Path) -> None:
    # "...cut weights.IV . A" / "LGORITHM": the heading's first line glued to the paragraph's last
    _, tops = _top_sections(tmp_path, PLAIN_IEEE_GLUED)
    assert tops == ["INTRODUCTION", "RELATED WORKS", "SYSTEM MODEL", "ALGORITHM", "SIMULATION", "CONCLUSION"]
    # "1 Assistant Professor, ..." marks an affiliation, not section 1 (which is "1" / "Introduction")
    _, tops = _top_sections(tmp_path, PLAIN_LNCS_AFFILIATIONS)
    assert tops == ["Introduction", "Literature Review", "Conclusion"]


def test_a_page_number_before_a_page_marker_is_no_section_number(tmp_path: Path) -> None:
    text = """\
Edge-Based Compartmental Models for Epidemics
Abstract
We review edge-based compartmental models.
1
Introduction
Epidemics spread on networks [1]. We ask what the probability is that a randomly chosen node is
susceptible, infected or recovered at a time t, and answer it with a small system of equations.
2
===== PAGE 3 =====
Model Population Structure Section
Configuration Model
Static network with specified degree distribution.
2
Configuration Model Epidemics
The configuration model is the simplest network model [2] and the one most results rest on.
3
Discussion
Networks matter.
References
[1] J. C. Miller, Epidemics on networks, 2012.
[2] M. E. J. Newman, The structure of networks, 2003.
"""
    _, tops = _top_sections(tmp_path, text)
    assert tops == ["Introduction", "Configuration Model Epidemics", "Discussion"]


def test_utf8_text_decoded_as_code_page_437_is_read_back(tmp_path: Path) -> None:
    text = """\
# Mobility-Aware MEC Planning

## I. INTRODUCTION

Planning maximizes the overall pro∩¼üt [1]; the ∩¼ürst step places servers [2]. Müller's survey is cited too [1].

## REFERENCES

[1] J. Liu, Q. Yang, and G. Simon, ΓÇ£Congestion avoidance and load balancing in content placement for mobile CDN,ΓÇ¥ IEEE/ACM Trans. Netw., 2018.
[2] S. Kekki et al., ΓÇ£MEC in 5G networks,ΓÇ¥ ETSI White Paper, 2018.
"""
    path = tmp_path / "mec.md"
    path.write_text(text, encoding="utf-8")
    survey, report = read_survey_report(path)
    assert [r.title for r in survey.references] == [
        "Congestion avoidance and load balancing in content placement for mobile CDN", "MEC in 5G networks"]
    assert "proﬁt" in next(p for _, p in survey.paragraphs()).text
    assert "Müller" in next(p for _, p in survey.paragraphs()).text  # a name's "ü" alone is left as it is
    assert any("code page 437" in w for w in report.warnings)
