"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, stop 26).

From the tuning split dev21: a pymupdf4llm article whose sections are plain lines in small capitals
("I. I NTRODUCTION") and whose bold lines number no sections ("**30 Seconds:**", a table's row labels);
ICML 2017's natbib list, every name inverted with given names in full ("Ba, Lei Jimmy, Kiros, Ryan, and
Hinton, Geoffrey E. Layer normalization."), with stray blank lines inside entries, accents torn apart
with spaces around them ("Barrault, Lo ¨ ıc", "and ´ Hager"), one author alone with a middle initial
("Elman, Jeffrey L.") and a name opened by two particles ("van den Oord, Aaron"); a NeurIPS entry
ending in a Markdown link right before the next entry's names; eLife's narrative citations printed as
in-page links without parentheses ("*[Sun et al., 2017](#page-22-3)* reported ..."). From dev22: docling's
flat headings after a journal's title page, capitals over subsections but for acronyms ("ECT"), and a
Baishideng list numbering each entry after it; The Lancet's "Summary" (its abstract) and numbers bare after
the list's bullets ("- 1 Ward S"); a plain-text report's chapters ("Chapter 2: ..."), its contents list and a
heading the text wraps; an executive summary with its recommendation. From dev23/dev24: a reference list a
two-column page interrupted with back-matter notes and resumed after them (Frontiers); a Gemini report's
rules set as headings ("## ---") and its sections as bold lines with escaped periods ("**2\\. Title**"); an OCR
that lost the space of "LITERATURE CITED"; docling's two-column list page set as a table; a summary numbered
by its points; a reference heading with a word on the list in parentheses ("Bibliography (Selected Sources)"); IOP Publishing's
entries, no period in them, run together by a converter; an NBER paper each page of which is one heading line; an
OCR that glued an Annual Reviews entry's year to its names ("Eckberg DL.1997.").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text, with_list


def test_bold_lines_numbering_no_sections_beside_plain_roman_headings(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# An Efficient Self-Supervised Framework for Long-Sequence EEG Modeling

Xiaobin Hong, Tarmizi Adam

I. I NTRODUCTION

Electroencephalography (EEG)-based brain-computer interfaces decode signals [1], [2].

II. M ETHODOLOGY

Each block is equipped with a skip connection [3].

III. R ESULTS

**30 Seconds:**

EEGM2 (Light) 78.97 _±_ 0.25 0.8575 _±_ 0.00
**60 Seconds:**

EEGM2 (Light) 76.94 _±_ 0.33 0.8257 _±_ 0.00
**100 Seconds:**

**2 to achieve linear computational complexity, thereby reducing**

EEGM2 (Light) 74.57 _±_ 0.27 0.7986 _±_ 0.00

R EFERENCES

[1] J. Hong, W. Wang, and L. Najafizadeh, “ChatBCI: A P300 speller BCI leveraging large language models,” in _Proc. EMBC_, 2024.

[2] U. R. Acharya, S. V. Sree, and J. S. Suri, “Automated EEG analysis of epilepsy: A review,” _Knowledge-Based Systems_, vol. 45, pp. 147–165, 2013.

[3] K. He, X. Zhang, S. Ren, and J. Sun, “Deep residual learning for image recognition,” in _Proc. CVPR_, 2016.
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == ["INTRODUCTION", "METHODOLOGY", "RESULTS"]
    assert [r.year for r in survey.references] == [2024, 2013, 2016]


ICML_ENTRIES = [
    "Ba, Lei Jimmy, Kiros, Ryan, and Hinton, Geoffrey E. Layer normalization. _arXiv:1607.06450_, 2016.",
    "Conneau, Alexis, Schwenk, Holger, LeCun, Yann, and Barrault,\nLo ¨ ıc. Very deep convolutional networks for text classification.\nIn _EACL_, 2017.",
    "Cooijmans, Tim, Ballas, Nicolas, Laurent, Cesar, G ´ ul ¨ c¸ ehre, C¸ aglar, ˘\nand Courville, Aaron. Recurrent batch normalization. In _ICLR_,\n2016.",
    "El Hihi, Salah and Bengio, Yoshua. Hierarchical recurrent neural",  # a stray blank line inside the entry
    "networks for long-term dependencies. In _NIPS_, 1995.\n\nElman, Jeffrey L. Finding structure in time. _Cognitive Science_, 14\n(2), 1990.",
    "Lea, Colin, Flynn, Michael D., Vidal, Rene, Reiter, Austin, and ´\nHager, Gregory D. Temporal convolutional networks for action\nsegmentation and detection. In _CVPR_, 2017.",
    "Sutskever, Ilya, Vinyals, Oriol, and Le, Quoc V. Sequence to sequence learning with neural networks. In _NIPS_, 2014.\n"
    "van den Oord, Aaron, Dieleman, Sander, Zen, Heiga, Simonyan, ¨\nKaren, Vinyals, Oriol, Graves, Alex, Kalchbrenner, Nal, Senior,\n"
    "Andrew W., and Kavukcuoglu, Koray. WaveNet: A generative model for raw audio. _arXiv:1609.03499_, 2016.",
]


def test_icml_all_inverted_names_with_torn_accents_and_stray_blank_lines(tmp_path: Path) -> None:
    section = ("Recurrent networks propagate activations through time (Elman, 1990). Normalization helps (Ba et al., 2016; "
               "Cooijmans et al., 2016), as does depth (El Hihi & Bengio, 1995; Conneau et al., 2017). Convolutions model audio "
               "(van den Oord et al., 2016), actions (Lea et al., 2017) and translation (Sutskever et al., 2014).")
    survey = read_text(tmp_path, with_list("An Empirical Evaluation of Generic Convolutional and Recurrent Networks", section,
                                           ICML_ENTRIES))
    refs = survey.references
    assert [(r.authors[0].name, r.year) for r in refs] == [
        ("Ba, Lei Jimmy", 2016), ("Conneau, Alexis", 2017), ("Cooijmans, Tim", 2016), ("El Hihi, Salah", 1995),
        ("Elman, Jeffrey L.", 1990), ("Lea, Colin", 2017), ("Sutskever, Ilya", 2014), ("van den Oord, Aaron", 2016)]
    assert [r.title for r in refs][:2] == ["Layer normalization", "Very deep convolutional networks for text classification"]
    assert [a.name for a in refs[0].authors] == ["Ba, Lei Jimmy", "Kiros, Ryan", "Hinton, Geoffrey E."]
    marks = [m for _s, p in survey.paragraphs() for m in p.citations]
    assert {i for m in marks for i in m.ref_ids} == {r.id for r in refs}
    assert not [u for m in marks for u in m.unresolved]


def test_an_entry_ending_in_a_markdown_link_before_the_next_names(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# EEG MAMBA: BIDIRECTIONAL STATE SPACE MODEL

1 I NTRODUCTION

Transformers read biosignals (Yang et al., 2023), geometry-aware models too (Yi et al., 2023; Zhu et al., 2023).

2 M ETHOD

A mixture of experts.

R EFERENCES

Chaoqi Yang, M Westover, and Jimeng Sun. Biot: Biosignal transformer for cross-data learning
in the wild. In A. Oh, T. Naumann, A. Globerson, K. Saenko, M. Hardt, and S. Levine (eds.),
_Advances in Neural Information Processing Systems_, volume 36, pp. 78240–78260. Curran Associates, Inc., 2023. URL [https://proceedings.neurips.cc/paper_files/paper/](https://proceedings.neurips.cc/paper_files/paper/2023/file/f6b30f3e2dd9cb53bbf2024402d02295-Paper-Conference.pdf)
[2023/file/f6b30f3e2dd9cb53bbf2024402d02295-Paper-Conference.pdf.](https://proceedings.neurips.cc/paper_files/paper/2023/file/f6b30f3e2dd9cb53bbf2024402d02295-Paper-Conference.pdf)

Ke Yi, Yansen Wang, Kan Ren, and Dongsheng Li. Learning topology-agnostic eeg
representations with geometry-aware modeling. In A. Oh, T. Naumann, A. Globerson, K. Saenko, M. Hardt, and S. Levine (eds.), _Advances_ _in_ _Neural_ _Informa-_
_tion_ _Processing_ _Systems_, volume 36, pp. 53875–53891. Curran Associates, Inc.,
2023. URL [https://proceedings.neurips.cc/paper_files/paper/2023/](https://proceedings.neurips.cc/paper_files/paper/2023/file/a8c893712cb7858e49631fb03c941f8d-Paper-Conference.pdf)
[file/a8c893712cb7858e49631fb03c941f8d-Paper-Conference.pdf.](https://proceedings.neurips.cc/paper_files/paper/2023/file/a8c893712cb7858e49631fb03c941f8d-Paper-Conference.pdf)

Hangyu Zhu, Wei Zhou, Cong Fu, Yonglin Wu, Ning Shen, Feng Shu, Huan Yu, Wei Chen, and
Chen Chen. Masksleepnet: A cross-modality adaptation neural network for heterogeneous signals
processing in sleep staging. _IEEE Journal of Biomedical and Health Informatics_, 27(5):2353–2364,
2023.
""")
    assert [r.authors[0].name for r in survey.references] == ["Chaoqi Yang", "Ke Yi", "Hangyu Zhu"]
    marks = [m for _s, p in survey.paragraphs() for m in p.citations]
    assert {i for m in marks for i in m.ref_ids} == {r.id for r in survey.references}
    assert not [u for m in marks for u in m.unresolved]


def test_an_in_page_link_as_a_narrative_citation(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# An open-source, high-performance tool for automated sleep staging

# Introduction

*[Sun et al., 2017](#page-22-3)* reported an algorithm trained on 2000 recordings. The 'Z3Score' algorithm
(*[Patanaik et al., 2018](#page-22-4)*) was trained on 1700 recordings.

# References

- <span id="page-22-3"></span>Sun H, Jia J, Goparaju B, Westover MB. 2017. Large-scale automated sleep staging. *Sleep* 40: 139.
- <span id="page-22-4"></span>Patanaik A, Ong JL, Gooley JJ, Chee MWL. 2018. An end-to-end framework for real-time automatic sleep stage classification. *Sleep* 41: zsy041.
""")
    refs = survey.references
    assert [r.year for r in refs] == [2017, 2018]
    (paragraph,) = [p for _s, p in survey.paragraphs() if "reported an algorithm" in p.text]
    assert [m.ref_ids for m in paragraph.citations] == [[refs[0].id], [refs[1].id]]


def test_docling_flat_headings_after_a_journal_title_page_and_numbers_after_the_entries(tmp_path: Path) -> None:
    """A Baishideng review through docling: every heading at one depth, the journal's title page first,
    sections in capitals over subsections ("ECT" is an acronym, no section), each entry's number after it."""
    survey = read_text(tmp_path, """\
## World Journal of Clinical Cases

## Major depressive disorder: Validated treatments and future challenges

## Country/Territory of origin: France

## INTRODUCTION

Depression is a leading cause of disability[1,2].

## PHARMACOTHERAPY

Antidepressants were discovered by chance[3].

## Tricyclic antidepressants

TCAs were the first[2].

## SOMATIC TREATMENTS

Stimulation helps some patients[3].

## ECT

Electroconvulsive therapy is the oldest[1].

## CONCLUSION

Many treatments exist.

## REFERENCES

- WHO .   The global burden of disease: 2004 update [Internet]. [cited 29 March 2021]. Available from: https://www.who.int/ 1
- Lépine JP , Briley M. The increasing burden of depression. Neuropsychiatr Dis Treat 2011; 7 : 3-7 [PMID: 21750622 DOI: 10.2147/NDT.S19617] 2
- Domino EF . History of modern psychopharmacology: a personal view. Psychosom Med 1999; 61 : 591-598 [PMID: 10511010] 3

## Published by Baishideng Publishing Group Inc

7041 Koll Center Parkway, Suite 160, Pleasanton, CA 94566, USA
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == [
        "INTRODUCTION", "PHARMACOTHERAPY", "SOMATIC TREATMENTS", "CONCLUSION"]
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"]]
    assert survey.references[1].raw.startswith("Lépine JP , Briley M.") and not survey.references[1].raw.endswith(" 2")


def test_the_lancet_summary_and_bare_numbers_after_bullets(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
## Lancet 2009; 373: 746-58

## Comparative efficacy and acceptability of 12 new-generation antidepressants

## Summary

Background Conflicting results.

## Introduction

Several new drugs have been introduced [1].

## Methods

## Study selection and data collection

We searched trials [2].

## Results

Mirtazapine was more efficacious [3].

## Discussion

These findings matter.

## References

- 1 Ward S, Lloyd Jones M, Pandor A, et al. A systematic review of statins. Health Technol Assess 2007; 11: 1-160.
- 2 Puech A, Montgomery SA, Prost JF. Milnacipran, a new serotonin and noradrenaline reuptake inhibitor. Int Clin Psychopharmacol 1997; 12: 99-108.
- 3 Smith D, Dempster C, Glanville J. Efficacy and tolerability of venlafaxine. Br J Psychiatry 2002; 180: 396-404.
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == ["Introduction", "Methods", "Results", "Discussion"]
    assert [(r.numbers, r.raw[:8]) for r in survey.references] == [(["1"], "Ward S, "), (["2"], "Puech A,"), (["3"], "Smith D,")]


def test_plain_text_chapters_a_contents_list_and_a_heading_the_text_wraps(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Climate Change And Adaptation In African Agriculture

Table of Contents

Chapter 1: Introduction ........................................................ 7
Chapter 2: Integrating climate change into national development plans and sector strategies . 15
2.1 National development plans ................................................. 15
Chapter 3: Conclusion and recommendations ............................... 43

Executive summary
1.
Background
This study set out to identify how information from climate models is used in practice in Africa.

Chapter 1: Introduction
Agriculture supports most livelihoods in the region, and climate threatens it (Boko et al., 2007).

Chapter 2: Integrating climate change into national
development plans and sector strategies
Governments have improved the adaptive capacity of farming communities in many ways (FAO, 2003).

2.1 National development plans
Plans name agriculture as a priority sector across East Africa and its neighbours (Boko et al., 2007).

Chapter 3: Conclusion and recommendations
Climate data must reach the users who need them in time to act (FAO, 2003).

References
Boko M, Niang I, Nyong A. 2007. Africa. In: Climate Change 2007: Impacts, Adaptation and Vulnerability. Cambridge University Press.
FAO. 2003. World agriculture: towards 2015/2030. Rome: Food and Agriculture Organization.
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == [
        "Introduction", "Integrating climate change into national development plans and sector strategies",
        "Conclusion and recommendations"]


def test_an_executive_summary_with_its_recommendation_is_no_section(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Should elite sport allow performance-enhancing technologies?

## Executive summary and recommendation

Allow some, under conditions [1].

## Exactly six pro and six con arguments

Fairness is contested [1], safety too [2].

## Policy framework

Regulate by risk [2].

## Sources

1. https://www.wada-ama.org/en/prohibited-list
2. https://doi.org/10.1136/bjsports-2019-101234
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == [
        "Exactly six pro and six con arguments", "Policy framework"]


def test_a_reference_list_resumed_after_back_matter_a_page_set_in_its_middle(tmp_path: Path) -> None:
    """Frontiers in two columns, read column by column: the list's first entries, the funding and
    acknowledgments notes, then the rest of the list -- one list, its entries in alphabetical order."""
    survey = read_text(tmp_path, """\
# The Temple University Hospital Seizure Detection Corpus

INTRODUCTION

The EEG is a vital tool (Capp et al., 2017; Kennett, 2012). Corpora help (Obeid and Picone, 2016).

METHODS

We annotated the data (Golmohammadi et al., 2018; Harati et al., 2015).

REFERENCES

Capp, N., Krome, E., Obeid, I., and Picone, J. (2017). Rapid annotation of seizure events using an extensible
visualization tool. in Proceedings of the IEEE Signal Processing in Medicine and Biology Symposium.

Chapman, W. W., Bridewell, W., and Hanbury, P. (2001). A simple algorithm for identifying negated findings.
J. Biomed. Inform. 34, 301–310.

Golmohammadi, M., Obeid, I., and Picone, J. (2018). Deep residual learning for automatic seizure detection.
in Presented at the 26th Conference on Intelligent Systems for Molecular Biology.

ACKNOWLEDGMENTS

We would like to thank Dr. Mercedes Jacobson of Temple University Hospital for enabling the creation of this corpus.

Harati, A., Golmohammadi, M., Lopez, S., Obeid, I., and Picone, J. (2015). Improved EEG event classification using
differential energy. in Proceedings of the IEEE Signal Processing in Medicine and Biology Symposium.

Kennett, R. (2012). Modern electroencephalography. J. Neurol. 259, 783–789.

Obeid, I., and Picone, J. (2016). The temple university hospital EEG data corpus. Front. Neurosci. 10:196.
""")
    assert [r.raw[:8] for r in survey.references] == ["Capp, N.", "Chapman,", "Golmoham", "Harati, ", "Kennett,", "Obeid, I"]
    (ack,) = [s for s in survey.sections if s.title == "ACKNOWLEDGMENTS"]
    assert [p.text[:13] for p in ack.paragraphs] == ["We would like"]


def test_rules_set_as_headings_and_sections_in_bold_with_escaped_periods(tmp_path: Path) -> None:
    """A Gemini report exported from Google Docs: "## ---" rules, section 1 a heading, sections 2 and 3 bold lines."""
    survey = read_text(tmp_path, """\
# **The Formal Substrate of Trust**

## **1\\. Introduction: The Foolishness of Natural Language Programming**

### **1.1 The Illusion of Understanding**

Tokens are not meaning.1

## ---

**2\\. The "Vibe Coding" Crisis: Anatomy of the 2025 Meltdowns**

### **2.1 The AWS Outage**

An outage followed.2

## ---

**3\\. The Economic Inversion of Verification**

Proofs got cheaper.1

#### **Works cited**

1. Dijkstra, E. W. On the foolishness of natural language programming, https://www.cs.utexas.edu/EWD667
2. AWS post-event summary, https://aws.amazon.com/message/11142025/
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == [
        "Introduction: The Foolishness of Natural Language Programming", 'The "Vibe Coding" Crisis: Anatomy of the 2025 Meltdowns',
        "The Economic Inversion of Verification"]


def test_an_ocr_that_lost_the_space_in_literature_cited(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# The General Social Survey at Fifty

# OVERVIEW

The survey has been fielded since 1972 (Bobo & Kluegel 1993; Brooks & Manza 2013).

# CONCLUSIONANDPROSPECT

It goes on.

# LITERATURECITED

Bobo L, Kluegel JR. 1993. Opposition to race-targeting: self-interest, stratification ideology, or racial attitudes? Am. Sociol. Rev. 58(4):443-64

Brooks C, Manza J. 2013. A broken public? Americans' responses to the Great Recession. Am. Sociol. Rev. 78(5):727-48
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == ["OVERVIEW", "CONCLUSIONANDPROSPECT"]
    assert [r.year for r in survey.references] == [1993, 2013]


def test_a_list_page_set_as_a_two_column_table_is_read_column_by_column(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Towards Omni-generalizable Neural Methods for Vehicle Routing Problems

## Introduction

Neural solvers learn heuristics (Chen & Tian, 2019; Croes, 1958; Hottung & Tierney, 2020; Hou et al., 2023).

## References

| Chen, X. and Tian, Y. Learning to perform local rewriting for combinatorial optimization. In NeurIPS , volume 32, 2019. | Hottung, A. and Tierney, K. Neural large neighborhood search for the capacitated vehicle routing problem. In ECAI , 2020. |
|---|---|
| Croes, G. A. A method for solving traveling-salesman problems. Operations research , 6(6):791-812, 1958. | Hou, Q., Yang, J., Su, Y., Wang, X., and Deng, Y. Generalize learned heuristics to solve large-scale vehicle routing problems in real-time. In ICLR , 2023. |
""")
    assert [r.raw[:6] for r in survey.references] == ["Chen, ", "Croes,", "Hottun", "Hou, Q"]
    marks = [m for _s, p in survey.paragraphs() for m in p.citations]
    assert {i for m in marks for i in m.ref_ids} == {r.id for r in survey.references}


def test_a_summary_numbered_by_its_points_is_no_run_of_sections(tmp_path: Path) -> None:
    """Functional Ecology's summary: "1." to "3." points whose sentences go on over the next line, before the
    plain-text article's sections."""
    survey = read_text(tmp_path, """\
# A global method for calculating plant CSR ecological strategies

Summary
1. Competitor, stress-tolerator, ruderal (CSR) theory is a prominent plant functional strategy
scheme previously applied to local floras, and it now promises the general application of strategies across biomes.
2. We used trait variation for 3068 tracheophytes (representing 198 families, six continents and
14 biomes) to create a globally calibrated CSR strategy calculator tool and investigate relationships.

Introduction
Plants vary in their strategies (Grime 1974).

Materials and methods
We gathered traits (Grime 1974).

Results
Strategies vary with biome (Grime 1974).

References
Grime, J.P. (1974) Vegetation classification by reference to strategies. Nature, 250, 26–31.
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == ["Introduction", "Materials and methods", "Results"]


def test_a_reference_heading_with_a_word_on_the_list_in_parentheses(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# Executive Summary

## Thesis Statement

Elites moralise politics.[\\[1\\]](https://compactmag.substack.com/p/the-death#:~:text=a)

## Bibliography (Selected Sources)

- Shullenberger, Geoff. *"The Death of the Conservative Prestige Economy"* (Compact Magazine, Nov 2025)[\\[1\\]](https://compactmag.substack.com/p/the-death#:~:text=a)

------------------------------------------------------------------------

[\\[1\\]](https://compactmag.substack.com/p/the-death#:~:text=a) The Death of the Conservative Prestige Economy

<https://compactmag.substack.com/p/the-death>
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == ["Thesis Statement"]
    assert survey.references


def test_iop_entries_run_together_with_pages_at_the_lines_starts(tmp_path: Path) -> None:
    """IOP Publishing (Environ. Res. Lett.) prints no period in an entry; this converter ran the entries together
    and left a page range at some lines' starts."""
    survey = read_text(tmp_path, """\
# Groundwater sustainability: a review of the interactions between science and policy

# 1. Introduction

Sustainable yield was debated early (Alley and Leake 2005, Aksever et al 2015). Models help (Acero Triana et al 2019).
Drylands need data (Alcala et al 2015, Alam and Olsthoorn 2014), managers too (Allan 2007).

# References

Acero Triana J S, Chu M L, Guzman J A, Moriasi D N and Steiner J L 2019 Beyond model metrics: the perils of calibrating hydrologic models J. Hydrol. 578 124032 Aeschbach-Hertig W and Gleeson T 2012 Regional strategies for the accelerating global problem of groundwater depletion Nat. Geosci. 5 853–61
21 6167–83 Aksever F, Davraz A and Karaguzel R 2015 Groundwater balance estimation and sustainability in the Sandikli Basin J. Earth Syst. Sci. 124 783–98 Alam N and Olsthoorn T N 2014 Sustainable conjunctive use of groundwater for additional irrigation Hydrol. Process.
28 5288–96 Alcala F J, Martinez-Valderrama J and Asebriy L
2015 A hydrological-economic model for sustainable groundwater use in sparse-data drylands Sci. Total Environ. 537 309–22
Allan C 2007 Can adaptive management help us embrace the Murray-Darling Basin’s wicked problems? Adaptive and Integrated Water Management (Berlin: Springer) pp 61–73
Alley W M and Leake S A 2005 The journey from safe yield to sustainability Groundwater 42 12–16
""")
    refs = survey.references
    assert [(r.authors[0].name, r.year) for r in refs] == [
        ("Acero Triana J S", 2019), ("Aeschbach-Hertig W", 2012), ("Aksever F", 2015), ("Alam N", 2014), ("Alcala F J", 2015),
        ("Allan C", 2007), ("Alley W M", 2005)]
    assert refs[6].title == "The journey from safe yield to sustainability"
    marks = [m for _s, p in survey.paragraphs() for m in p.citations]
    assert {i for m in marks for i in m.ref_ids} == {r.id for r in refs} - {refs[1].id}
    assert not [u for m in marks for u in m.unresolved]


NBER_FILLER = ("Many information programs are in place to guide energy consumption decisions by firms and households, including "
               "product labeling, energy audits, voluntary partnerships, mailings and other methods. ")


def test_pages_printed_as_heading_lines(tmp_path: Path) -> None:
    """Each page one '######' line, paragraphs parted by two spaces, sections run in as bold, formulas as headings."""
    pages = [
        "###### **1. Introduction ** " + NBER_FILLER * 4 + " As noted by Allcott and Greenstone (2012), no evaluations exist.",
        "###### " + NBER_FILLER * 4 + " **2. Household Survey Experiments ** We surveyed homeowners (Train 2003).",
        "## ∫∑",
        "###### " + NBER_FILLER * 4 + " **3. Results ** Labels matter (Allcott and Greenstone 2012).",
        "###### " + NBER_FILLER * 4 + " **4. Conclusion ** Information helps.",
        "###### **References ** Allcott, H., and M. Greenstone. 2012. Is There an Energy Efficiency Gap? Journal of Economic "
        "Perspectives 26(1): 3–28.  Train, K. 2003. Discrete Choice Methods with Simulation. Cambridge: Cambridge University "
        "Press.  " + "Padding words about nothing in particular here. " * 6,
    ]
    survey = read_text(tmp_path, "\n\n".join(pages) + "\n")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == [
        "Introduction", "Household Survey Experiments", "Results", "Conclusion"]
    assert [r.year for r in survey.references][:2] == [2012, 2003]


def test_an_ocr_that_glued_the_year_to_the_names(tmp_path: Path) -> None:
    """An Annual Reviews list as an OCR printed it, one entry a line: spaces lost after commas and before the year."""
    survey = read_text(tmp_path, """\
# The General Social Survey at Fifty

# OVERVIEW

Environmental attitudes differ by gender (Blocker & Eckberg 1997), and policies by individualism (Bobo 1991;
Bobo & Kluegel 1993).

# LITERATURECITED

Blocker TJ,Eckberg DL.1997. Gender and environmentalism: results from the 1993 General Social Survey. Soc. Sci. Q. 78(4):841-58
Bobo L.1991.Social responsibility,individualism,and redistributive policies.Soc.Forum. 6(1):71-92
Bobo L, Kluegel JR.1993.Opposition to race-targeting: self-interest,stratification ideology,or racial attitudes? Am. Sociol. Rev.58(4):443-64
""")
    refs = survey.references
    assert [(r.authors[0].name, r.year) for r in refs] == [("Blocker TJ", 1997), ("Bobo L", 1991), ("Bobo L", 1993)]
    assert refs[0].title == "Gender and environmentalism: results from the 1993 General Social Survey"
    marks = [m for _s, p in survey.paragraphs() for m in p.citations]
    assert {i for m in marks for i in m.ref_ids} == {r.id for r in refs}
