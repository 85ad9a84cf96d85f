"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, the round after s5).

From the tuning split dev6 (a pdftotext-style extraction of an arXiv article, DoPE): in two-column
plain text a heading's number is a line of its own and its title the next line of text ("4" / blank
/ "Denoising Positional Encoding"), and a named heading ("Introduction") stands without its number,
so the next numbered one skips a number. Table cells print numbers alone on lines too; they are
followed by more numbers or by labels printed more than once.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.reader_helpers import read_report as _read



TWO_COLUMN_TEXT = """\
DoPE: Denoising Rotary Position Embedding
Jane Doe, John Roe
Abstract
Position encodings extrapolate poorly (Xiong et al., 2024).

Introduction

Long contexts matter (Press et al., 2022).

2

Background

Rotary embeddings rotate queries (Su et al., 2024).
5
3
Dynamic NTK
5
Dynamic NTK

3

Related Work

Length extrapolation (Press et al., 2022; Xiong et al., 2024).

4

Denoising Positional Encoding

4.1

Outlier Features

Some heads are noisy.

5

post_ntk_query

5

Experiment

It works (Su et al., 2024).

6

Conclusion

Denoise.

References
Ofir Press, Noah Smith, and Mike Lewis. 2022. Train short, test long. In ICLR.
Jianlin Su, Murtadha Ahmed, Yu Lu, and 1 others. 2024. RoFormer: enhanced transformer with rotary position
embedding. Neurocomputing, 568:127063.
Wenhan Xiong, Jingyu Liu, and 1 others. 2024. Effective long-context scaling of foundation models. In NAACL.
"""


def test_two_column_headings_with_their_numbers_on_lines_of_their_own(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, TWO_COLUMN_TEXT, "dope.md")
    # "Introduction" stood without its "1"; "2" / "Background" follows it; the table's "5" lines
    # (before "3", or before "Dynamic NTK" printed twice, or "post_ntk_query") are no headings
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction", "Background", "Related Work", "Denoising Positional Encoding", "Experiment", "Conclusion"]
    denoising = survey.top_level_sections()[3]
    assert [(s.title, s.level) for s in survey.sections if s.parent == denoising.index] == [("Outlier Features", 2)]
    assert len(survey.references) == 3
    assert report.unresolved_keys == 0 and report.markers_linked == report.markers == 5


# ---- 819 unlabelled MinerU conversions (EMNLP 2023, ICCV 2023, CVPR 2024): sections ----------------

RESTARTED_LIST = """\
# Neural Redshift: Random Networks are not Random Functions

## Abstract

Networks are biased.

## 1. Introduction

Simplicity bias is studied [1].

## Summary of findings.

We find three things.

## 2. How to Measure Inductive Biases?

Two questions follow.

## 1. What are these properties?

Complexity [2].

## 2. What gives neural networks these properties?

Activations.

## 3. Inductive Biases in Random Networks

ReLU networks [1, 2].

## 4. Conclusions

Done.

## References

[1] A. Smith. Simplicity bias. In ICML, 2020.
[2] B. Jones. Complexity of functions. In NeurIPS, 2021.
"""


def test_a_list_printed_as_headings_inside_numbered_sections(tmp_path: Path) -> None:
    # the sections run 1, 2, 3, 4 through a list's "1." / "2." made headings: the list items are no
    # sections (before: the repeated numbers made every number meaningless, 8 top-level sections)
    survey, _report = _read(tmp_path, RESTARTED_LIST, "redshift.md")
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction", "How to Measure Inductive Biases?", "Inductive Biases in Random Networks", "Conclusions"]
    measure = survey.top_level_sections()[1]
    assert [s.title for s in survey.sections if s.parent == measure.index] == [
        "What are these properties?", "What gives neural networks these properties?"]


def test_restarting_numbers_without_a_run_still_number_items_not_sections(tmp_path: Path) -> None:
    # "1." / "2." under each of two unnumbered sections: no run 1, 2, 3 -- the depth decides, as before
    text = ("# Title\n\n## Methods\n\n### 1. Data\n\nText [1].\n\n### 2. Model\n\nText.\n\n## Results\n\n"
            "### 1. Accuracy\n\nText.\n\n### 2. Speed\n\nText.\n\n## References\n\n[1] A. Smith. Data. In ICML, 2020.\n")
    survey, _report = _read(tmp_path, text, "items.md")
    assert [s.title for s in survey.top_level_sections()] == ["Methods", "Results"]


def test_unnumbered_headings_after_the_list_of_a_numbered_paper_are_appendix(tmp_path: Path) -> None:
    text = ("# Is ChatGPT a solver?\n\n## 1 Introduction\n\nText [1].\n\n## 2 Experiments\n\nText.\n\n"
            "## 3 Conclusion\n\nDone.\n\n## References\n\n[1] A. Smith. Data. In ICML, 2020.\n\n"
            "## Frequently Asked Questions (FAQs)\n\nAnswers.\n\n## Q: Does a sea otter eat spiders?\n\nNo.\n\n"
            "## Evaluation Steps:\n\n1. Read.\n")
    survey, _report = _read(tmp_path, text, "faq.md")
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Experiments", "Conclusion"]
    # still sections of the file (not content): nothing is lost
    assert "Frequently Asked Questions (FAQs)" in [s.title for s in survey.sections]


# ---- the same pool: ACL lists, one entry a paragraph ---------------------------------------------------

def _heads(lines: list[str]) -> list[str]:
    from surveybench.readers.reflist import split_reference_lines

    return [e.raw.split(". 20")[0] for e in split_reference_lines(lines).entries]


def test_a_stray_period_after_a_given_name_keeps_the_entry_whole() -> None:
    lines = [
        "Christy L Bloomquist. 2017. An examination of oral reading fluency. Utah State University.", "",
        "Amy Burkhardt, Maya. Yablonski, Jamie Mitchell, Liesbeth Gijbels, and Jason D. Yeatman. 2023. Developing "
        "items for a silent reading efficiency task. Conference presentation.", "",
        "Zhuohan Li, Dacheng Li, Eric. P Xing, Hao Zhang, and Ion Stoica. 2023. Judging llm-as-a-judge with mt-bench.", "",
        # a venue's place before the next entry's first author is no name with a stray period
        "Antonio Toral. 2009. The lexical substitution task at evalita 2009. In Proceedings of EVALITA Workshop, 11th "
        "Congress of Italian Association for Artificial Intelligence, Reggio Emilia, Italy.", "",
        "Weizhe Yuan, Graham Neubig, and Pengfei Liu. 2021. Bartscore: Evaluating generated text. In NeurIPS.",
    ]
    assert _heads(lines) == [
        "Christy L Bloomquist",
        "Amy Burkhardt, Maya. Yablonski, Jamie Mitchell, Liesbeth Gijbels, and Jason D. Yeatman",
        "Zhuohan Li, Dacheng Li, Eric. P Xing, Hao Zhang, and Ion Stoica",
        "Antonio Toral",
        "Weizhe Yuan, Graham Neubig, and Pengfei Liu",
    ]


def test_a_torn_ogonek_does_not_hide_an_author_list() -> None:
    # "Maja Tr˛ebacz": the ogonek of "ę" set apart, like the other torn accents
    lines = [
        "Javid Ebrahimi, Dhruv Gelda, and Wei Zhang. 2020. How can self-attention networks recognize dyck-n "
        "languages? CoRR, abs/2010.04303.", "",
        "Amelia Glaese, Nat McAleese, Maja Tr˛ebacz, John Aslanides, and Geoffrey Irving. 2022. Improving alignment "
        "of dialogue agents via targeted human judgements.", "",
        "Yaru Hao, Zewen Chi, Li Dong, and Furu Wei. 2022. Optimizing prompts for text-to-image generation.",
    ]
    assert _heads(lines) == ["Javid Ebrahimi, Dhruv Gelda, and Wei Zhang",
                             "Amelia Glaese, Nat McAleese, Maja Tr˛ebacz, John Aslanides, and Geoffrey Irving",
                             "Yaru Hao, Zewen Chi, Li Dong, and Furu Wei"]


# ---- the tuning split dev7: ChatGPT deep-research reports exported from .docx (pandoc Markdown) -----

DOCX_REPORT = """\
# History of Neural Networks

## Executive Summary

Neural networks rose twice.

## Annotated Timeline

Rosenblatt built the perceptron[\\[1\\]](https://en.wikipedia.org/wiki/History_of_ANN#:~:text=perceptron)[\\[3\\]](https://en.wikipedia.org/wiki/History_of_ANN#:~:text=Mark).
Hebb proposed his rule[\\[2\\]](https://news.cornell.edu/stories/perceptron#:~:text=Hebb) in 1949.

## Comparative Analysis

Scaling won[\\[4\\]](https://arxiv.org/abs/2505.03165#:~:text=scale).

## Bibliography

#### Primary Sources (Original Papers):

1.  McCulloch, W. S., & Pitts, W. (1943). *A logical calculus of the ideas immanent in nervous activity*. Bull. Math. Biophys., 5, 115--133.[\\[1\\]](https://en.wikipedia.org/wiki/History_of_ANN#:~:text=calculus)
2.  Hebb, D. O. (1949). *The Organization of Behavior*. Wiley, New York.

#### Secondary Sources (Surveys and Books):

1.  Nilsson, N. J. (2010). *The Quest for Artificial Intelligence*. Cambridge University Press.

------------------------------------------------------------------------

[\\[1\\]](https://en.wikipedia.org/wiki/History_of_ANN#:~:text=calculus) [\\[3\\]](https://en.wikipedia.org/wiki/History_of_ANN#:~:text=Mark) History of artificial neural networks - Wikipedia

<https://en.wikipedia.org/wiki/History_of_ANN>

[\\[2\\]](https://news.cornell.edu/stories/perceptron#:~:text=Hebb) https://news.cornell.edu/stories/perceptron

<https://news.cornell.edu/stories/perceptron>

[\\[4\\]](https://arxiv.org/abs/2505.03165#:~:text=scale) [2505.03165] Improving the Reproducibility of Deep Learning Software

<https://arxiv.org/abs/2505.03165>
"""


def test_docx_report_with_curated_lists_under_subheadings_and_linked_source_groups(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, DOCX_REPORT, "report.md")
    assert [s.title for s in survey.top_level_sections()] == ["Annotated Timeline", "Comparative Analysis"]
    # 2 + 1 curated entries (the text does not cite them) and 3 source groups (one page, several numbers)
    assert len(survey.references) == 6
    sources = [r for r in survey.references if r.numbers]
    assert [r.numbers for r in sources] == [["1", "3"], ["2"], ["4"]]
    assert [r.title for r in sources][0] == "History of artificial neural networks"
    assert sources[1].url == "https://news.cornell.edu/stories/perceptron"
    assert [r.title for r in survey.references if not r.numbers] == [
        "A logical calculus of the ideas immanent in nervous activity", "The Organization of Behavior",
        "The Quest for Artificial Intelligence"]
    assert report.markers == report.markers_linked == 4 and report.unresolved_keys == 0


def test_prioritized_sources_heading_opens_the_reference_list(tmp_path: Path) -> None:
    text = DOCX_REPORT.replace("## Bibliography\n\n#### Primary Sources (Original Papers):\n\n", "## Prioritized Sources\n\n") \
        .replace("#### Secondary Sources (Surveys and Books):\n\n1.  Nilsson", "3.  Nilsson")
    survey, report = _read(tmp_path, text, "report.md")
    assert [s.title for s in survey.top_level_sections()] == ["Annotated Timeline", "Comparative Analysis"]
    assert len(survey.references) == 6 and report.markers_linked == 4


SMALL_CAPS = """\
# A NGLE - OPTIMIZED  T EXT  E MBEDDINGS

# A BSTRACT

We embed text.

# 1 I NTRODUCTION

Text embeddings (Touvron et al., 2023a;b) and (Rozière et al., 2023).

# 2 R ELATED  W ORK

Earlier work (Touvron et al., 2023a).

# 3 C ONCLUSION

Done.

# R EFERENCES

Hugo Touvron, Thibaut Lavril, and Baptiste Rozi\\` ere. Llama: Open and efficient foundation language models. arXiv preprint arXiv:2302.13971, 2023a.

Hugo Touvron, Louis Martin, and Kevin Stone. Llama 2: Open foundation and fine-tuned chat models. arXiv preprint arXiv:2307.09288, 2023b.

Baptiste Rozi\\` ere, Jonas Gehring, and Fabian Gloeckle. Code llama: Open foundation models for code. arXiv preprint arXiv:2308.12950, 2023.
"""


def test_small_capital_headings_and_compressed_year_suffixes(tmp_path: Path) -> None:
    # ICLR prints headings in small capitals: the large first capital reaches Markdown set apart
    survey, report = _read(tmp_path, SMALL_CAPS, "angle.md")
    assert [s.title for s in survey.top_level_sections()] == ["INTRODUCTION", "RELATED WORK", "CONCLUSION"]
    assert len(survey.references) == 3
    # "2023a;b" cites both; a grave accent torn from "Rozière" ("Rozi\\` ere") is read whole
    assert report.markers == report.markers_linked == 3 and report.unresolved_keys == 0
    marks = [c.ref_ids for _s, p in survey.paragraphs() for c in p.citations]
    assert marks == [["u1", "u2"], ["u3"], ["u1"]]


def test_one_split_capital_heading_is_left_alone(tmp_path: Path) -> None:
    # "A SURVEY" alone is no evidence of small capitals: the article stays a word
    text = "# A SURVEY OF GRAPHS\n\n## 1 Introduction\n\nText.\n\n## 2 Methods\n\nText.\n"
    survey, _report = _read(tmp_path, text, "survey.md")
    assert survey.title == "A SURVEY OF GRAPHS"


ELSEVIER_DOCLING = """\
## Computers &amp; Industrial Engineering

## A novel hyper-heuristic for heterogeneous vehicle routing

## Wei Qin * , Zilong Zhuang

## A R T I C L E  I N F O

Keywords: routing

## A B S T R A C T

We route vehicles.

## 1. Introduction

Exact methods (Avci &amp; Topaloglu, 2016; Pessoa et al., 2018) and learning (Fan et al., 2020).

## 2. Conclusion

Done.

## References

Ahmed, L. N., Mumford, C. L., &amp; Kheiri, A. (2019). Solving urban transit route design problem. European Journal of Operational Research, 274 (2), 545 -559.

- Avci, M., &amp; Topaloglu, S. (2016). A hybrid metaheuristic algorithm for heterogeneous vehicle routing. Expert Systems with Applications, 53 , 160 -171.
- Epitropakis, M. G., &amp; Burke, E. K. (2018). Hyper-heuristics. Handbook of Heuristics , 489 545. -
- Fan, C., Zeng, L., Sun, Y., &amp; Liu, Y. Y. (2020). Finding key players in complex networks. Nature Machine Intelligence, 2 , 317 -324.

Pessoa, A., Sadykov, R., &amp; Uchoa, E. (2018). Enhanced branch-cut-and-price algorithm. European Journal of Operational Research, 270 (2), 530 -546.

- Pillay, N., &amp; Qu, R. (2018). Hyper-Heuristics: Theory and Applications . Springer International Publishing.
"""


def test_elsevier_title_page_html_entities_and_half_bulleted_apa_list(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, ELSEVIER_DOCLING, "qin.md")
    # the journal, title, authors, "A R T I C L E I N F O" and "A B S T R A C T" before section 1 are the title page
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Conclusion"]
    # "&amp;" is "&"; bulleted and plain entries are one list; a bullet's "-" left at a line's end is no hyphen
    assert [r.authors[0].name for r in survey.references] == ["Ahmed, L. N.", "Avci, M.", "Epitropakis, M. G.", "Fan, C.",
                                                         "Pessoa, A.", "Pillay, N."]
    assert survey.references[1].title == "A hybrid metaheuristic algorithm for heterogeneous vehicle routing"
    assert report.markers == report.markers_linked == 2 and report.unresolved_keys == 0
    assert [c.ref_ids for _s, p in survey.paragraphs() for c in p.citations] == [["u2", "u5"], ["u4"]]


IEEE_DOCLING = """\
## Machine Learning to Solve Vehicle Routing Problems: A Survey

## I. INTRODUCTION

Learning methods [1], [2].

## II. COMPUTATIONAL STUDIES

Results [2].

TABLE VII

## THE PERFORMANCE COMPARISON ON CVRPLIB

| Method | Gap |
|---|---|
| AM | 4.5 |

# 1 1 中 中 19

## III. CONCLUSION

Done [1].

## TABLE IX

## THE PERFORMANCE COMPARISON ON TSPLIB

## REFERENCES

- [1] Y. Bengio, A. Lodi, and A. Prouvost, 'Machine learning for combinatorial optimization: A methodological tour d'horizon, ' Eur. J. Oper. Res., vol. 290, no. 2, pp. 405-421, 2021.
- [2] W. Kool, H. van Hoof, J. Gromicho, and M. Welling, 'Deep policy dynamic programming for vehicle routing problems, ' 2021, arXiv:2102.11756.
"""


def test_ieee_table_titles_figure_text_and_single_quoted_titles(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, IEEE_DOCLING, "vrp.md")
    # a table's title under its "TABLE VII" label, and a figure's lone characters, are no sections
    assert [s.title for s in survey.top_level_sections()] == ["INTRODUCTION", "COMPUTATIONAL STUDIES", "CONCLUSION"]
    # docling prints IEEE's quotes straight and single, closing with ", '"; "d'horizon" closes nothing
    assert [r.title for r in survey.references] == [
        "Machine learning for combinatorial optimization: A methodological tour d'horizon",
        "Deep policy dynamic programming for vehicle routing problems"]
    assert [r.authors[0].name for r in survey.references] == ["Y. Bengio", "W. Kool"]
    assert report.markers_linked == report.markers == 4


LABELS_AT_THE_END = """\
# Learning-Based Optimization for the VRP

## I. Introduction

The model is due to Dantzig and Ramser [2] and Clarke and Wright [3]; see [1].

## II. Conclusion

Done [1], [3].

## References

- T. Pinto, C. Alves, and J. V. de Carvalho, 'Models and advanced optimization algorithms for logistics,' in Proc. IO2017, pp. 313-324. [1]
- G. B. Dantzig and J. H. Ramser, 'The truck dispatching problem,' Manage. Sci., vol. 6, no. 1, pp. 80-91, Oct. 1959. [2]
- G. Clarke and J. W. Wright, 'Scheduling of vehicles from a central depot,' Oper. Res., vol. 12, pp. 568-581, 1964. [3]
"""


def test_labels_moved_to_the_entries_ends_number_them(tmp_path: Path) -> None:
    survey, report = _read(tmp_path, LABELS_AT_THE_END, "vrp.md")
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"]]
    assert survey.references[1].title == "The truck dispatching problem"
    assert report.markers == report.markers_linked == 5 and report.unresolved_keys == 0


def test_bracketed_markers_count_when_the_list_lost_its_labels(tmp_path: Path) -> None:
    # the same list without its labels reads as author-year entries: the text's "[2]" markers, more
    # than its author-year keys (none), are counted unresolved instead of vanishing from the report
    text = LABELS_AT_THE_END.replace(" [1]\n", "\n").replace(" [2]\n", "\n").replace(" [3]\n", "\n")
    _survey, report = _read(tmp_path, text, "vrp.md")
    assert report.markers == 5 and report.markers_linked == 0 and report.unresolved_keys == 5
    assert any("defines no numbers" in w for w in report.warnings)


def test_a_deeper_prose_heading_after_the_list_is_no_part_of_it(tmp_path: Path) -> None:
    text = ("# Paper\n\n## 1 Introduction\n\nText [1].\n\n## 2 Conclusion\n\nDone [2].\n\n## References\n\n"
            "[1] A. Smith. Graphs. In ICML, 2020.\n\n[2] B. Lee. Trees. In NeurIPS, 2021.\n\n"
            "### A. Proofs\n\nWe prove the theorem. It holds for every graph.\n\nThe second lemma follows.\n")
    survey, _report = _read(tmp_path, text, "paper.md")
    assert len(survey.references) == 2


def test_an_accent_over_a_dotless_i_is_the_accented_letter() -> None:
    # LaTeX prints "í" as an accent over a dotless "ı": "Garc´ıa", "Mart´ ınez", "Raul D´ ´ıaz"
    from surveybench.readers.refstrings import mend_torn_words, parse_reference_string

    assert mend_torn_words("Garc´ıa and Mart´ ınez", same_length=False) == "García and Martínez"
    padded = mend_torn_words("Garc´ıa, F.", pad="e")
    assert padded == "Garcíae, F." and len(padded) == len("Garc´ıa, F.")  # positions hold
    ref = parse_reference_string("Raul D´ ´ıaz and Amit Marathe. Soft labels for ordinal regression. In CVPR, 2019.")
    assert ref.authors == ["Raul Díaz", "Amit Marathe"]


def test_entries_docling_set_in_a_one_column_table_inside_the_list() -> None:
    from surveybench.readers.reflist import split_reference_lines

    lines = [
        "Bai, Ruibin, and Xinan Chen. 2021. 'Analytics and machine learning in vehicle routing research.' arXiv.",
        "",
        "| Costa, Joao Guilherme, Yi Mei, and Mengjie Zhang. 2020. 'Cluster-based Hyper-Heuristic.' In CEC, 1-8. |",
        "|-----------------------------------------------------------------------------------------------------|",
        "| Dantzig, George B, and John H Ramser. 1959. 'The truck dispatching problem.' Management science 6 (1): 80-91. |",
        "| Method | Gap | Time |",
        "",
        "Defourny, Boris. 2010. 'Machine Learning Solution Methods for Multistage Stochastic Programming.' PhD diss.",
    ]
    res = split_reference_lines(lines)
    # an entry a row is an entry; a real table's row ("| Method | Gap | Time |") stays debris, reported
    assert [e.raw.split(". ")[0] for e in res.entries] == [
        "Bai, Ruibin, and Xinan Chen", "Costa, Joao Guilherme, Yi Mei, and Mengjie Zhang",
        "Dantzig, George B, and John H Ramser", "Defourny, Boris"]
    assert any("Method" in text for _reason, text in res.skipped)


@pytest.mark.parametrize(
    ("torn", "whole"),
    [
        # a double surname's hyphen at a line break, then the accent of its first part
        ("Benjamin Sanchez-´ Lengeling, and", "Benjamin Sanchez-Lengeling, and"),
        ("Adriana Romero-` Soriano, Christopher", "Adriana Romero-Soriano, Christopher"),
        # the accent set in a superscript by MinerU
        ("Moham-<sup>´</sup> mad Gheshlaghi", "Mohammad Gheshlaghi"),
        ("David Duve-´ naud, Jose", "David Duvenaud, Jose"),
    ],
)
def test_more_torn_accents_read_whole(torn: str, whole: str) -> None:
    from surveybench.readers.refstrings import mend_torn_words

    assert mend_torn_words(torn, same_length=False) == whole
    assert len(mend_torn_words(torn)) == len(torn)  # positions hold


def test_a_long_natbib_list_with_torn_double_surnames_keeps_its_title() -> None:
    from surveybench.readers.refstrings import parse_reference_string

    ref = parse_reference_string(
        "Rafael Gomez-Bombarelli, Jennifer N Wei, David Duve-´ naud, Jose Miguel Hern´ andez-Lobato, Benjam´ ´ın "
        "Sanchez-´ Lengeling, Dennis Sheberla, and Alan Aspuru-Guzik.´ Automatic chemical design using a data-driven "
        "continuous representation of molecules. ACS Central Science, 2018.")
    assert ref.title == "Automatic chemical design using a data-driven continuous representation of molecules"
    assert "Benjamín Sanchez-Lengeling" in ref.authors


@pytest.mark.parametrize(
    ("raw", "title"),
    [
        ("Philipp Benz, Soomin Ham, Chaoning Zhang, Adil Karjauv, and In So Kweon. Adversarial robustness comparison "
         "of vision transformer and mlp-mixer to cnns. arXiv preprint arXiv:2110.02797, 2021.",
         "Adversarial robustness comparison of vision transformer and mlp-mixer to cnns"),
        ("Chin Ian Lou, Daria Migotina, Peng Un Mak, Pui In Mak, and Mang I Vai. Object recognition test in peripheral "
         "vision. In BIBE, 2014.", "Object recognition test in peripheral vision"),
    ],
)
def test_korean_and_chinese_given_names_that_are_english_words(raw: str, title: str) -> None:
    # "In", "So", "Un" are names inside a list of several ("In So Kweon", "Peng Un Mak"), not a title's words
    from surveybench.readers.refstrings import parse_reference_string

    assert parse_reference_string(raw).title == title


def test_a_figure_label_source_opens_no_reference_list(tmp_path: Path) -> None:
    # "Source" / "Target" / "Ours": a figure's labels inside a section, not a "Sources" list opener
    text = ("# Reenactment\n\n## 1 Introduction\n\nFaces [1].\n\n## 2 Experiments\n\nSource\nTarget\nOurs\n\n"
            "Quantitative results We evaluate our method on two tasks [2].\n\n## 3 Conclusion\n\nDone.\n\n## References\n\n"
            "[1] A. Smith. Faces. In CVPR, 2020.\n\n[2] B. Lee. Heads. In ICCV, 2021.\n")
    survey, report = _read(tmp_path, text, "reenact.md")
    assert len(survey.references) == 2 and report.markers_linked == report.markers == 2
    # while a bold "Sources" line followed by entries still opens one
    listed = text.replace("Source\nTarget\nOurs\n", "**Sources**\n\n- A. Smith, Faces, https://example.org/faces, 2020\n")
    assert any("reference list opened by the line" in w for w in _read(tmp_path, listed, "listed.md")[1].warnings)


def test_a_nickname_inside_an_author_list() -> None:
    from surveybench.readers.refstrings import parse_reference_string

    ref = parse_reference_string("Yijun Li, Richard Zhang, Jingwan (Cynthia) Lu, and Eli Shechtman. Few-shot image "
                                 "generation with elastic weight consolidation. In NeurIPS, 2020.")
    assert ref.title == "Few-shot image generation with elastic weight consolidation"
    ref = parse_reference_string("Congyue Deng, Chiyu ”Max” Jiang, Charles R. Qi, and Dragomir Anguelov. Nerdi: "
                                 "Single-view nerf synthesis. arXiv preprint arXiv:2212.03267, 2022.")
    assert ref.title == "Nerdi: Single-view nerf synthesis"
