"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, stop 27).

From the tuning split dev25: MinerU's reference list run into the last section's paragraph ("References [1]
Robert A Gatenby et al. ...") with entries that lost their numbers glued after biblatex's page or article
numbers ("(2017), a028332. David Basanta ..."); a PNAS text extraction whose numbered list follows the
acknowledgments with no heading ("1. Farr DF, ..., McCray EB, (2004) Fungus–Host ..."); an LLM book chapter
printed "# Chapter 115: ..." / "# The Biological ..." over its "##" sections; Hydrobiologia's entries, the
first author inverted and the others not, the year after a comma ("Carey, C. C. & E. Rydin, 2011. Lake ...");
an ACL name holding an abbreviation ("Rhomni St. John"); a journal named with minor words before its volume
("Frontiers in Human Neuroscience 13 (2019)"). From dev20, dev22 and dev24 (left over at earlier stops):
JASA's repeated authors whose dash a text extraction lost ("(2013b), “Testing ...”"); a line ending in a
colon before its publisher; a plain-text report whose appendix heading (named by its contents list) ends the
list; a list in mixed styles whose entries wrap over several lines; single authors with glued initials
("Metcalf, G.E. 1994."); the last page of an NBER paper printed as a short heading line; the AMS's colon after
the year ("Whetton P. 2007: Regional Climate Projections."); docling's Baishideng numbers after pages
("Brain Res Bull 2016; 126 : 58"); a title's question mark before a Vancouver journal ("Is coding a
relevant metaphor for the brain? Behavioral and Brain Sciences. 2019; 42.").

Expected values are read off the text by hand.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from surveybench.readers.refstrings import parse_reference_string
from tests.reader_helpers import read_report, read_text, with_list


def test_reference_list_run_into_a_paragraph_and_numbers_lost_after_article_numbers(tmp_path: Path) -> None:
    entries = " ".join(
        f"[{n}] Author{n} Name et al. “Title number {n} of a paper”. In: Journal {n}.1 (2019), pp. 1–{n + 10}."
        for n in range(1, 6))
    survey, report = read_report(tmp_path, f"""\
# Open questions in adaptive therapy

## 1 Models

Adaptive therapy delays resistance [1, 2, 3] and its models are calibrated [4, 5, 6, 7, 8, 9].

References {entries} [6] David Basanta and Alexander RA Anderson. “Homeostasis back and forth: an ecoevolutionary
perspective of cancer”. In: Cold Spring Harbor Perspectives in Medicine 7.9 (2017), a028332. David Basanta and
Alexander RA Anderson. “Exploiting ecological principles to better understand cancer progression and treatment”.
In: Interface Focus 3.4 (2013), p. 20130020. Karen M Bussard, Carol V Gay, and Andrea M Mastro. “The bone
microenvironment in metastasis; what is special about bone?” In: Cancer and Metastasis Reviews 27.1 (2008), pp. 41–55.
[9] Elsa Hansen and Andrew F Read. “Cancer therapy: Attempt cure or manage drug resistance?” In: Evolutionary
Applications 13.7 (2020), pp. 1660–1672.
""")
    # 1-5 and 9 numbered; 7 and 8 lost their labels at a page break, glued after the article numbers of 6 and 7
    assert [r.numbers for r in survey.references] == [[str(n)] for n in range(1, 10)]
    assert survey.references[6].raw.startswith("David Basanta and Alexander RA Anderson. “Exploiting")
    assert survey.references[7].raw.startswith("Karen M Bussard")
    assert any("lost in conversion" in w for w in report.warnings)


def test_pnas_list_after_the_acknowledgments_without_a_heading(tmp_path: Path) -> None:
    numbered = "\n".join(f"{n}. Author{chr(64 + n)} JN ({1990 + n}) Am Nat {100 + n}:{n}01–{n}27." for n in range(3, 12))
    survey = read_text(tmp_path, f"""\
Phylogenetic signal in plant pathogen–host range

Results
Pathogens infect related hosts (1, 2) and spread in forests (3–5).

Discussion
Host range is phylogenetically conserved (6, 7), as plot data show (8–11).

We thank the Native Species Reforestation Project for seedlings and the
Republic of Panama for conserving their forests.
1. Farr DF, Rossman AY, Palm ME, McCray EB, (2004) Fungus–Host Distribu-
tions, Fungal Databases, Systematic Botany and Mycology Laboratory (Agric Res
St/US Dep Agric) http://nt.ars-grin.gov/fungaldatabases/.
2. Thompson JN (2005) The Geographic Mosaic of Coevolution (Univ of Chicago
Press, Chicago).
{numbered}
""", name="phylopathogen.md")
    assert [s.title for s in survey.top_level_sections()] == ["Results", "Discussion"]
    assert len(survey.references) == 11
    assert survey.references[1].raw.startswith("Thompson JN (2005)")


def test_chapter_title_over_a_second_title_line_at_the_same_depth(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Chapter 115: Stimulant Intoxication

# The Biological and Neurological Basis of Stimulant Intoxication

## Introduction

Stimulants raise synaptic dopamine (Volkow et al., 2009).

## Neurobiological Systems

### Neurotransmitter Systems

Text (Volkow et al., 2009).

## Conclusion

Text.

## References

1. Volkow, N. D., Fowler, J. S., & Wang, G. J. (2009). Imaging dopamine's role. *Neuropharmacology*, 56, 3-8.
""")
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Neurobiological Systems", "Conclusion"]


def test_hydrobiologia_first_author_inverted_year_after_a_comma() -> None:
    ref = parse_reference_string(
        "Arend, K. K., D. Beletsky, J. V. DePinto, S. A. Ludsin, J. J. Roberts, D. K. Rucinski, D. Scavia, D. J. Schwab "
        "& T. O. Hoeoek, 2011. Seasonal and interannual effects of hypoxia on fish habitat quality in central Lake Erie. "
        "Freshwater Biology 56: 366–383.")
    assert (ref.year, ref.title) == (2011, "Seasonal and interannual effects of hypoxia on fish habitat quality in central Lake Erie")
    assert ref.authors[:2] == ["Arend, K. K.", "D. Beletsky"] or [getattr(a, "name", a) for a in ref.authors[:2]] == ["Arend, K. K.", "D. Beletsky"]
    # the AMS's colon after the year
    ams = parse_reference_string("Reason, C.J.C., S. Hachigonta and R.F. Phaladi, 2005: Interannual variability in rainy season "
                                 "characteristics over the Limpopo region. International Journal of Climatology, 25, 1835-1853.")
    assert (ams.year, ams.title) == (2005, "Interannual variability in rainy season characteristics over the Limpopo region")
    # a web source with no initials keeps its reading: the site, then the page's title
    site = parse_reference_string("GeeksforGeeks, Multimodal Large Language Models, 2025. (Overview of MLLM components) 27 34")
    assert site.title == "Multimodal Large Language Models"


def test_hydrobiologia_list_second_author_is_no_entry(tmp_path: Path) -> None:
    survey = read_text(tmp_path, with_list("Restoration of eutrophic lakes", "Lakes respond slowly (Jeppesen et al., 2012; Carey & Rydin, 2011).", [
        "Carey, C. C. & E. Rydin, 2011. Lake trophic status can be determined by the depth distribution of sediment "
        "phosphorus. Limnology and Oceanography 56: 2051–2063.\nJeppesen, E., M. Søndergaard, T. L. Lauridsen, T. A. Davidson, "
        "Z. Liu, N. Mazzeo & C. Trochine, 2012. Biomanipulation as a restoration tool to combat eutrophication. Advances "
        "in Ecological Research 47: 411–488.\nNu¨rnberg, G. K., 1987. Hypolimnetic withdrawal as lake restoration technique. "
        "Journal of Environmental Engineering 113: 1006–1017.",
    ]), name="lakes.md")
    assert [r.year for r in survey.references] == [2011, 2012, 1987]


def test_abbreviation_inside_an_acl_name_parts_no_entry(tmp_path: Path) -> None:
    survey = read_text(tmp_path, with_list("Ultra-fine entity typing", "Sentence encoders help (Cer et al., 2018).", [
        "Jose Camacho-Collados and Mohammad Taher Pilehvar. 2018. From word to sense embeddings: A survey on vector "
        "representations of meaning. Journal of Artificial Intelligence Research, 63:743–788.",
        "Daniel Cer, Yinfei Yang, Sheng-yi Kong, Nan Hua, Nicole Limtiaco, Rhomni St. John, Noah Constant, Mario "
        "Guajardo-Cespedes, Steve Yuan, Chris Tar, Brian Strope, and Ray Kurzweil. 2018. Universal sentence encoder for "
        "English. In Proceedings of EMNLP: System Demonstrations, pages 169–174.",
        "Jacob Devlin, Ming-Wei Chang, Kenton Lee, and Kristina Toutanova. 2019. BERT: Pre-training of deep bidirectional "
        "transformers for language understanding. In Proceedings of NAACL, pages 4171–4186.",
    ]))
    assert len(survey.references) == 3
    assert survey.references[1].year == 2018


def test_journal_named_with_minor_words_ends_a_comma_title() -> None:
    ref = parse_reference_string("M. Golmohammadi, Automatic analysis of EEGs using big data and hybrid deep learning "
                                 "architectures, Frontiers in Human Neuroscience 13 (2019).")
    assert ref.title == "Automatic analysis of EEGs using big data and hybrid deep learning architectures"


def test_jasa_repeated_authors_with_the_dash_lost_and_a_line_ending_in_a_colon(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Cross-validation with confidence

## 1 Introduction

Gaussian approximations (Chernozhukov, Chetverikov, and Kato 2013a, 2013b, 2015) and moderate deviations
(de la Peña, Lai, and Shao 2008) are used.

## References

Chernozhukov, V., Chetverikov, D., and Kato, K. (2013a), “Gaussian Approximations and Multiplier Bootstrap for
   Maxima of Sums of High-Dimensional Random Vectors,” The Annals of Statistics, 41, 2786–2819. [1982,1994]
(2013b), “Testing Many Moment Inequalities,” arXiv no. 1312.7614. [1979,1982]
(2015), “Comparison and Anti-Concentration Bounds for Maxima of Gaussian Random Vectors,” Probability Theory
   and Related Fields, 162, 47–70. [1979,1994]
de la Peña, V. H., Lai, T. L., and Shao, Q.-M. (2008), Self-Normalized Processes: Limit Theory and Statistical
   Applications, Berlin, Heidelberg:
   Springer Science & Business Media. [1993,1997]
Efron, B., Hastie, T., Johnstone, I., and Tibshirani, R. (2004), “Least Angle Regression,” The Annals of
   Statistics, 32, 407–499. [1979]
""", name="cv.md")
    assert [r.year for r in survey.references] == [2013, 2013, 2015, 2008, 2004]
    assert survey.references[3].raw.endswith("Springer Science & Business Media. [1993,1997]")


def test_appendix_heading_the_contents_list_names_ends_the_list(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
Climate Change and Adaptation in African Agriculture

Contents
1. Background......................................................................4
Bibliography.......................................................................49
Appendix A: Stakeholders interviewed...............................................52

1. Background
This study set out to identify how climate information is used (Ziervogel and Taylor, 2008).

Bibliography
Adejuwon JO (2005) “Food crop production in Nigeria. I: Present effects of climate
variability” Climate Research 30 53-60
Ziervogel, G. and Taylor, A. (2008). Feeling Stressed: Integrating Climate Adaptation with
Other Priorities in South Africa. Environment. 50, 2. 32-41.

Appendix A: Stakeholders interviewed

Institution
Name of person interviewed
ACCCA project
Mathieu Badolo
""", name="report.md")
    assert len(survey.references) == 2
    assert not any("Stakeholders" in r.raw or "Badolo" in r.raw for r in survey.references)


def test_mixed_style_list_with_wrapped_entries(tmp_path: Path) -> None:
    entries = """\
Agoumi, A., (2003) Vulnerability of North African countries to climatic changes:
Adaptation and implementation strategies for climatic change. IISD/Climate Change
Knowledge Network, 14 pp.
Boko, M., I. Niang, A. Nyong, C. Vogel (2007) Africa in Climate Change 2007: Impacts,
Adaptation and Vulnerability. Cambridge University Press, 433-467.
Christensen, J. and Hewitson, B.C. (2007). Regional Climate Projections, in IPCC
Fourth Assessment Report, Cambridge University Press.
Eid, H. M., El-Marsafawy, S. M. and Ouda, S. A. 2006: Assessing the impacts of climate
change on agriculture in Egypt: A ricardian approach. CEEPA Discussion Paper No. 16,
University of Pretoria, Pretoria, 1-33.
Gregory, P.J., Ingram, J.S.I. and Brklacich, M. (2005). Climate change and food
security. Philosophical Transactions of the Royal Society B. Vol. 36: 2139-2148.
Insitful, J.D. (2006) Regionalisation Techniques and Regional Climate modeling. CGE
hands on training workshop on V&A. Asuncion, Paraguay. 14-18 August.
Jodha, N. S. (1989) “Potential strategies for adapting to greenhouse warming”. In:
N. J. Rosenberg (ed.). Greenhouse Warming. Washington, DC, 147-158
Jones, R. and Wilson, S. (2002) PRECIS: Providing Regional Climates for Impact
Studies. A presentation to the Tyndall Centre AIACC training workshop.
Mendelsohn, R., A. Dinar and A. Dalfelt (2000) Climate change impacts on African
agriculture. Preliminary analysis prepared for the World Bank, 25 pp
Molua, E. (2002). Climate variability, vulnerability and effectiveness of farm-level
adaptation options. Environment and Development Economics, 7, 529-545.
Nyong, T. (2005). Report on Africa-wide consultation on climate adaptation research.
Report for DFID/IDRC.
Patt, A. G., Ogallo, L. and Hellmuth, M. (2007) Learning from ten years of Climate
Outlook Forums in Africa. Science 318, 49-50.
Reid, P. and Vogel, C. (2006) Living and responding to multiple stressors in South
Africa. Global Environmental Change 16 (2), 195-206.
Wilby, R. (2007) Decadal Climate Forecasting Techniques for adaptation and development
planning. Report for DfID.
Adger, W. N. (2006) Vulnerability. Global Environmental Change 16, 268-281.
Burton, I. and Lim, B. (2005) Achieving adequate adaptation in agriculture. Climatic Change 70, 191-200.
Conway, D. (2009) The science of climate change in Africa: impacts and adaptation. Grantham Institute
discussion paper No. 1, Imperial College London.
Hulme, M. (2001) Climatic perspectives on Sahelian desiccation: 1973-1998. Global Environmental
Change 11, 19-29.
Kurukulasuriya, P. and Mendelsohn, R. (2008) A Ricardian analysis of the impact of climate change on
African cropland. African Journal of Agricultural and Resource Economics 2, 1-23.
Tadross, M. (2006) Climate change scenarios for the Olifants catchment area. Stratus Consulting, Boulder.
"""
    # the report's printed width: four or five lines an entry, fewer than one line in four opening one
    # (grey literature: each entry closed by where it is found)
    entries = "\n".join(textwrap.fill(" ".join(e.split("\n")) + " Available from the Climate Change Knowledge Network library"
                                       " at http://www.cckn.net/library (accessed 12 March 2009).", 60)
                         for e in re.split(r"\n(?=[A-Z][a-z]+, [A-Z])", entries))
    survey = read_text(tmp_path, "# Adaptation in African Agriculture\n\n## Background\n\nFarmers adapt (Molua, 2002; Wilby, 2007).\n\n"
                       "## Bibliography\n\n" + entries, name="africa.md")
    assert len(survey.references) == 20
    assert [r.raw.split(",")[0] for r in survey.references][:4] == ["Agoumi", "Boko", "Christensen", "Eid"]


def test_single_authors_with_glued_initials_and_the_last_page_as_a_short_heading_line(tmp_path: Path) -> None:
    page = " ".join(f"Author{k}, A.B. {1990 + k}. A Title of Paper Number {k} in a Run of Entries. Energy Journal {k}: 1–9." for k in range(1, 6))
    pages = "\n\n".join(f"###### {page} {k}" for k in range(5))
    survey = read_text(tmp_path, f"""\
###### **1. Introduction ** Consumers undervalue energy costs (Metcalf 1994; Sutherland 1991). {"Text " * 60}

{pages}

###### **References ** Coller, M., and M.B. Williams. 1999. Eliciting Individual Discount Rates. Experimental Economics 2: 107–27. \
Davis, L.W. 2010. Evaluating the Slow Adoption of Energy Efficient Investments. Energy Institute at Haas Working Paper 205. \
Metcalf, G.E. 1994. Economics and Rational Conservation Policy. Energy Policy 22: 819–25 \
Sutherland, R.J. 1991. Market Barriers to Energy Efficiency Investments. The Energy Journal 12: 15–34. {"Filler " * 40}

34

-----

###### Wahlund, R., and J. Gunnarsson. 1996. Mental Discounting and Financial Strategies. J. Econ. Psych. 17(6): 709–30.
""", name="nber.md")
    assert [r.raw.split(",")[0] for r in survey.references] == ["Coller", "Davis", "Metcalf", "Sutherland", "Wahlund"]


def test_baishideng_numbers_after_pages_fill_the_run(tmp_path: Path) -> None:
    bullets = "\n".join(
        f"- Author{n} A , Other B. Title of entry {n}. J Clin Psychiatry 2010; {n} : 1-9 [PMID: {n}] {n}" for n in range(1, 57))
    survey = read_text(tmp_path, f"""\
# Major depressive disorder: validated treatments

## INTRODUCTION

Ketamine may be misused [57,58] and guides exist [59].

## REFERENCES

{bullets}
- Zhu W , Ding Z, Zhang Y. Risks Associated with Misuse of Ketamine. Neurosci Bull 2019; 35 : 20-30 [PMID: 30] 57
- Liu Y , Lin D, Wu B, Zhou W. Ketamine abuse potential and use disorder. Brain Res Bull 2016; 126 : 58
- 68-73 [PMID: 27261367 DOI: 10.1016/j.brainresbull.2016.05.016]
- Nightingale A . Clinician's Quick Guide to Interpersonal Psychotherapy. Psychiatr Bull 2008; 32 : 279-279 59
""", name="wjcc.md")
    assert [r.numbers for r in survey.references][-3:] == [["57"], ["58"], ["59"]]
    assert survey.references[-2].raw.startswith("Liu Y , Lin D")


def test_question_mark_title_before_a_vancouver_journal() -> None:
    assert parse_reference_string("Brette R. Is coding a relevant metaphor for the brain? Behavioral and Brain Sciences. "
                                  "2019; 42.").title == "Is coding a relevant metaphor for the brain?"
    assert parse_reference_string("Warren JR, Hernandez EM. 2007. Did socioeconomic inequalities in morbidity and mortality "
                                  "change in the United States over the course of the twentieth century? J. Health Soc. Behav. "
                                  "48(4):335-51").title.endswith("twentieth century?")
    # a subtitle followed by the year alone stays the title's
    assert parse_reference_string("Ian Tenney, Patrick Xia, and Ellie Pavlick. What do you learn from context? Probing for "
                                  "sentence structure in contextualized word representations. 2019b.").title == (
        "What do you learn from context? Probing for sentence structure in contextualized word representations")


def test_unicode_hyphen_and_a_lone_combining_accent_inside_names(tmp_path: Path) -> None:
    survey, report = read_report(tmp_path, with_list(
        "Stimulant intoxication", "Alcohol acts on the developing brain (Alfonso‐Loeches & Guerri, 2011) and new substances "
        "appear every year (Varı̀ et al., 2018).", [
            "Alfonso‐Loeches, S., & Guerri, C. (2011). Molecular and behavioral aspects of the actions of alcohol on the "
            "adult and developing brain. Critical Reviews in Clinical Laboratory Sciences, 48(1), 19-47.",
            "Varı̀, M. R., Pichini, S., Giorgetti, R., & Busardò, F. P. (2018). New psychoactive substances—Synthetic "
            "stimulants. Wiley Interdisciplinary Reviews Forensic Science, 1(2), e1197.",
        ]))
    assert [(r.year, r.title) for r in survey.references] == [
        (2011, "Molecular and behavioral aspects of the actions of alcohol on the adult and developing brain"),
        (2018, "New psychoactive substances—Synthetic stimulants")]
    assert report.unresolved_keys == 0


def test_book_title_closed_by_its_publisher_and_place() -> None:
    assert parse_reference_string("Thompson JN (2005) The Geographic Mosaic of Coevolution (Univ of Chicago Press, "
                                  "Chicago).").title == "The Geographic Mosaic of Coevolution"
    assert parse_reference_string("Condit R (1998) Tropical Forest Census Plots (Springer, Berlin).").title == (
        "Tropical Forest Census Plots")


def test_apa_suffix_after_initials_and_nature_italic_et_al(tmp_path: Path) -> None:
    survey = read_text(tmp_path, with_list("Acquaintance", "First impressions last (Sunnafrank & Ramirez, 2004; Swann et al., 1994).", [
        "Sunnafrank, M., & Ramirez, A. Jr. (2004). At first sight: Persistent relational effects of get-acquainted "
        "conversations. Journal of Social and Personal Relationships, 21, 361-379. doi:10.1177/0265407504042837 Swann, "
        "W. B. Jr., De La Ronde, C., & Hixon, J. G. (1994). Authenticity and positivity strivings in marriage and "
        "courtship. Journal of Personality and Social Psychology, 66, 857-869.",
    ]))
    assert [(r.year, r.title) for r in survey.references] == [
        (2004, "At first sight: Persistent relational effects of get-acquainted conversations"),
        (1994, "Authenticity and positivity strivings in marriage and courtship")]
    nature = parse_reference_string("Pushkarsky, I. _et al._ Elastomeric sensor surfaces for high-throughput single-cell force "
                                    "cytometry. _Nat. Biomed. Eng._ 2, 124–137 (2018).")
    assert nature.title == "Elastomeric sensor surfaces for high-throughput single-cell force cytometry"


def test_first_author_comma_lost_and_a_citation_opened_by_a_latin_extended_capital(tmp_path: Path) -> None:
    survey, report = read_report(tmp_path, with_list(
        "Resilience in older adults", "Resilience predicts health (Hardy et al., 2004; Lamond et al., 2008), as attribution "
        "methods explain predictions (Štrumbelj & Kononenko, 2014).", [
            "Hardy, S.E., Concato, J., & Gill, T.M. (2002). Stressful life events among community-living older persons. "
            "Journal of General Internal Medicine, 17(11), 841847.",
            "Hardy S.E., Concato, J., & Gill, T.M. (2004). Resilience of community-dwelling older persons. Journal of the "
            "American Geriatrics Society, 52(2), 257262.",
            "Lamond A.J., Depp, C., Allison, M., Langer, R., Reichstadt, J., Moore, D.J., ... , Jeste, D.V. (2008). "
            "Measurement and predictors of resilience among community-dwelling older women. Journal of Psychiatric "
            "Research, 43(2), 148154.",
            "Štrumbelj, E., & Kononenko, I. (2014). Explaining prediction models and individual predictions with feature "
            "contributions. Knowledge and Information Systems, 41, 647–665.",
        ]))
    assert [r.year for r in survey.references] == [2002, 2004, 2008, 2014]
    assert report.unresolved_keys == 0


def test_docling_table_of_labels_and_entries(tmp_path: Path) -> None:
    rows = "\n".join(f"| [{n}]   | Author{n}, K., Other, B., {1990 + n}. Heuristic number {n} for the delivery problem. Operations research {n}, 1-9. |"
                     for n in range(3, 7))
    survey = read_text(tmp_path, f"""\
# Heuristics for vehicle routing

## 1 Introduction

Savings heuristics [1, 3] and their variants [4-6] are classic.

## References

- [1] Accorsi, L., Vigo, D., 2021. A fast and scalable heuristic. Transportation Science 55, 832-856.
- [2] Afifi, S., Dang, D.C., 2013. A simulated annealing algorithm. Springer. pp. 259-265.

| [3]   | Altinkemer, K., Gavish, B., 1991. Parallel savings based heuristics for the delivery problem. Operations research 39, 456-469. |
|-------|------------------------------------------------------------------------------------------------------------------------------|
{rows}
|       | continued on the next row. |
""", name="vrp.md")
    assert [r.numbers for r in survey.references] == [[str(n)] for n in range(1, 7)]
    assert survey.references[2].raw.startswith("Altinkemer, K.")
    assert survey.references[5].raw.endswith("continued on the next row.")


def test_first_column_of_a_bracketed_list_printed_before_its_heading(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Climate-Smart Agriculture in Tanzania

1. Background
Agriculture employs most of the population [1, 2] and depends on rainfall [3, 4].

Potential Finance
[1] FAO. 2010. “Climate-Smart” Agriculture. Policies,
practices and financing for food security. Rome, Italy: FAO.
[2] FAO. 2013. Climate-smart Agriculture Source-book.
Rome, Italy: FAO.
[3] World Bank, 2016. World Development Indicators.
Available at http://data.worldbank.org/indicator
Tanzania's efforts to advance climate change on the public
agenda have been notable.
Outlook
Works cited
of national public and private sector actors in enabling long-
term financing for small-scale farmers is crucial.
[4] URT. 2014. Agriculture Climate Resilience Plan, 2014-
2019. United Republic of Tanzania (URT).
[5] FAO. 2016. FAOSTAT Database, Food and Agriculture
Organization of the United Nations (FAO).
""", name="csa.md")
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"], ["4"], ["5"]]
    assert survey.references[2].raw.endswith("indicator")
    assert not any("financing for small-scale" in r.raw for r in survey.references)


def test_springer_names_wrapping_before_the_year_with_soft_hyphens_and_an_ellipsis(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# European Indicator Values

## Introduction

Indicator values summarise species niches (Böhling et al. 2002; Bonari et al. 2021; Bruelheide et al. 2018;
Chytrý et al. 2020; Ellenberg 1974; Ewald 2003; Fraser et al. 2015; Godefroid and Dana 2007; Hill et al. 1999;
Jalas and Suominen 1972).

## References

Böhling N, Greuter W, Raus T (2002) Zeigerwerte der Gefäßpflanzen der
Südägäis (Griechenland). Braun-Blanquetia 32: 1–108.
Bonari G, Fernández-González F, Çoban S, Monteiro-Henriques T, Berg\xad
meier E, Didukh YP, Xystrakis F, Angiolini C, Chytrý K, … Chytrý
M (2021) Classification of the Mediterranean lowland to submon\xad
tane pine forest vegetation. Applied Vegetation Science 24: e12544.
Bruelheide H, Dengler J, Purschke O, Lenoir J, Jiménez-Alfaro B, Hen\xad
nekens SM, Botta-Dukát Z, Chytrý M, Field R, Jansen F (2018) Global
trait–environment relationships of plant communities. Nature Ecology
& Evolution 2: 1906–1917.
Chytrý M, Tichý L, Dřevojan P, Sádlo J, Zelený D (2018) Ellenberg-type
indicator values for the Czech flora. Preslia 90: 83–103.
Ellenberg H (1974) Zeigerwerte der Gefäßpflanzen Mitteleuropas. Scripta
Geobotanica 9: 1–97.
Ewald J (2003) The calcareous riddle: why are there so many calciphilous
species in the Central European flora? Folia Geobotanica 38: 357–366.
Fraser LH, Pither J, Jentsch A, Sternberg M, Zobel M, Askarizadeh D, Bartha
S, Beierkuhnlein C (2015) Worldwide evidence of a unimodal relationship
between productivity and plant species richness. Science 349: 302–305.
Godefroid S, Dana ED (2007) Can Ellenberg's indicator values for
Mediterranean plants be used outside their region of definition? Journal
of Biogeography 34: 62–68.
Hill MO, Mountford JO, Roy DB, Bunce RGH (1999) Ellenberg's indicator
values for British plants. ECOFACT Volume 2, Technical Annex. Institute
of Terrestrial Ecology, Huntingdon, UK, 46 pp.
Jalas J, Suominen J (1972) Atlas Florae Europaeae – Distribution of vascular
plants in Europe. Vol. 1. Committee for Mapping the Flora of Europe, Helsinki, FI.
""".replace("\\xad", "\xad"), name="eive.md")
    assert [r.raw.split(" ")[0] for r in survey.references] == [
        "Böhling", "Bonari", "Bruelheide", "Chytrý", "Ellenberg", "Ewald", "Fraser", "Godefroid", "Hill", "Jalas"]


def test_a_running_head_set_as_a_heading_inside_the_list(tmp_path: Path) -> None:
    survey = read_text(tmp_path, with_list("Athlete burnout", "Resilience buffers stress (Schinke et al., 2004; Smith, 1986).", [
        "Sarkar, M., & Fletcher, D. (2014). Psychological resilience in sport performers. Journal of Sports Sciences, 32, "
        "1419e1434.",
        "Sarkar, M., Fletcher, D., & Brown, D. J. (2015). What doesn't kill me: adversity-related experiences are vital "
        "in the development of superior Olympic performance. Journal of Science and Medicine in Sport, 18, 475e479.",
        "Schinke, R. J., Peterson, C., & Couture, R. (2004). A protocol for teaching resilience to high performance "
        "athletes. Journal of Excellence, 9, 9e18.\n\n## F.J.H. Lu Et Al. / Psychology Of Sport And Exercise 22 (2016) 202E209 209",
        "Silver, R. C. (2009). Resilience. In D. Sander, & K. Scherer (Eds.), The Oxford companion to emotion and the "
        "affective sciences (p. 343). New York, NY: Oxford University Press.",
        "Smith, R. E. (1986). Toward a cognitive-affective model of athletic burnout. Journal of Sport Psychology, 8, 36e50.",
    ]))
    assert [r.year for r in survey.references] == [2014, 2015, 2004, 2009, 1986]


def test_lone_display_dollars_between_words_and_numbered_acknowledgments(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Detecting Misconfigured Manifests

# CCS CONCEPTS

• Security and privacy $$ Mobile and wireless security; Mobile platform security.

# 1 INTRODUCTION

Android apps declare configurations [1].

# 2 CONCLUSION

Text [2].

# 3 CONTRIBUTIONS AND ACKNOWLEDGMENTS

We thank the reviewers.

# REFERENCES

[1] Android Developers. App manifest overview. 2022.
[2] Y. Yang and Z. Lin. Detecting misconfigured manifests. In CCS, 2022.
""", name="ccs.md")
    assert [s.title for s in survey.top_level_sections()] == ["INTRODUCTION", "CONCLUSION"]
    assert len(survey.references) == 2


def test_a_table_row_heading_and_a_numbered_list_item_are_no_sections(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Durability of long-lasting insecticidal nets

# Background

Nets wear out [1].

# Methods

## Hole index

Two schemes have been proposed:

1. WHO [2] recommended four size categories of 0.5
to 2 cm, 2 to 10 cm, 10 to 25 cm and >25 cm.

# Results

Holes grew [1, 2].

# D 3 25 2.2 1.7 0.1 21.8

# Discussion

Text [2].

# References

1. Kilian A, Byamukama W, Pigeon O. Long-term field performance of a polyester-based long-lasting insecticidal mosquito net. Malar J 2008, 7:49.
2. WHO. Guidelines for monitoring the durability of long-lasting insecticidal mosquito nets. Geneva: WHO; 2011.
""", name="nets.md")
    assert [s.title for s in survey.top_level_sections()] == ["Background", "Methods", "Results", "Discussion"]


def test_an_address_broken_before_its_page_and_an_access_span() -> None:
    assert parse_reference_string("2021. An Introduction to Schematron. https://www.xml.com/pub/a/2003/11/12/ "
                                  "schematron.html.").title == "An Introduction to Schematron"
    assert parse_reference_string("FacebookResearch. 2024. Llama3. https://github. com/meta-llama/llama3. Accessed: "
                                  "2024-05-05 to 2024-06-11.").title == "Llama3"


def test_bracketed_numbers_before_a_parenthesis_that_is_no_address(tmp_path: Path) -> None:
    survey, report = read_report(tmp_path, """\
# 基因编辑方法研究进展

## 1 CRISPR/Cas9基因编辑系统

相对于锌指核酸酶[1,2](zinc finger nucleases，ZFNs)及转录激活因子样效应因子核酸酶[3](transcription activator-like
effector nucleases)，该系统更简便。投影 π[−][1](p) 是一个公式，[2](#b2) 是一个链接。

## 参考文献

[1] GAJ T, GERSBACH C A. ZFN, TALEN, and CRISPR/Cas-based methods for genome engineering [J]. Trends Biotechnol, 2013.
[2] CHANDRASEGARAN S. Recent advances in the use of ZFN-mediated gene editing [J]. Stem Cells, 2016.
[3] MOSCOU M J, BOGDANOVE A J. A simple cipher governs DNA recognition by TAL effectors [J]. Science, 2009.
""", name="crispr.md")
    cited = [m for p in survey.sections[0].paragraphs for m in p.citations]
    assert [m.marker for m in cited] == ["[1,2]", "[3]"]  # the formula's "[1](p)" and the link "[2](#b2)" cite nothing
    assert sorted(r for m in cited for r in m.ref_ids) == ["1", "2", "3"]
    assert report.unresolved_keys == 0


def test_numbered_figures_and_tables_sections_after_the_conclusion_are_back_matter(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Information and Energy Efficiency

## 1. Introduction

Labels inform consumers (Allcott, 2011).

## 2. Conclusion

Text (Allcott, 2011).

## References

Allcott, H. 2011. Consumers' Perceptions and Misperceptions of Energy Costs. American Economic Review 101(3): 98-104.

## 3. Figures

Figure 1: Energy label.

## 4. Tables

Table 1: Summary statistics.
""", name="nber.md")
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Conclusion"]
