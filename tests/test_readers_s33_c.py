"""Citation-marker classes of the tuning splits met at stop 33 (issue 9), fixed by the files' own evidence.

A web page copied element by element (Frontiers' article pages): each parenthesis, number and separator of a
numbered citation on a line of its own, "between sexes (\\n2\\n–\\n4\\n), though". arXiv's HTML pages converted to
Markdown: the year linked to the page's own bibliography by its whole address, "([2023](https://arxiv.org/html/...#bib.bib5))".
Author-year citations printing the authors' initials after their surnames, "(Ha, T.T., 1986.)", "(Mareels, I.M.Y.,
Polderman, J.W., 1996.)", and a list whose last comma lost its space before "&", "(Parker, Vannest,& Brown, 2009)".

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import linked_markers, read_text, with_list


def test_numbered_citation_broken_over_lines(tmp_path: Path) -> None:
    section = ("Bipolar disorder type I appears equal between sexes (\n2\n–\n4\n), though type II differs (\n1\n). Males run "
               "twice the risk of alcohol use (\n3\n,\n5\n).")
    entries = [f"{n}. Author{'ABCDE'[n - 1]} X. A study of mood number {n}. J Psych (2010) {n}:1-9." for n in range(1, 6)]
    survey = read_text(tmp_path, with_list("Mood and hormones", section, entries))
    # before: none read (a line break inside the parentheses)
    assert [(m.replace("\n", ""), ids, u) for m, ids, u in linked_markers(survey)] == [
        ("(2–4)", ["2", "3", "4"], []), ("(1)", ["1"], []), ("(3,5)", ["3", "5"], []),
    ]


def test_years_linked_to_the_arxiv_html_bibliography(tmp_path: Path) -> None:
    page = "https://arxiv.org/html/2510.11677v1"
    section = (f"For example, Glasserman and Lin ([2023]({page}#bib.bib1)) mask entities. Others pretrain from scratch (e.g., "
               f"Sarkar, [2024]({page}#bib.bib3); He et al., [2025]({page}#bib.bib2)). See Figure [4]({page}#S3.F4).")
    entries = ["Glasserman, Paul, and Caden Lin, 2023, Assessing look-ahead bias in stock return predictions, arXiv preprint.",
               "He, Songrun, Linying Lv, and Asaf Manela, 2025, Chronologically consistent large language models, arXiv preprint.",
               "Sarkar, Suproteem, 2024, Economic representations, Working paper."]
    survey = read_text(tmp_path, with_list("Consistent models", section, entries))
    heads = {r.id: (r.raw or "").split(",")[0] for r in survey.references}
    # before: neither read (the years were links, no narrative or group around a year); the figure's link is no citation
    assert [([heads[i] for i in ids], u) for _m, ids, u in linked_markers(survey)] == [
        (["Glasserman"], []), (["Sarkar", "He"], []),
    ]


def test_author_year_citations_with_initials_or_a_glued_ampersand(tmp_path: Path) -> None:
    section = ("Satellites link distant points (Ha, T.T., 1986.). Adaptive control suits antennas (Mareels, I.M.Y., Polderman, "
               "J.W., 1996.). Tau follows (Acion, Peterson, & Amdt, 2006; Parker, Vannest,& Brown, 2009).")
    entries = ["Acion, L., Peterson, J. J., & Amdt, S. (2006). Probabilistic index. BMC Medical Research, 6, 8.",
               "Ha, T.T. (1986). Digital satellite communications. New York: Macmillan.",
               "Mareels, I.M.Y., & Polderman, J.W. (1996). Adaptive systems: an introduction. Boston: Birkhauser.",
               "Parker, R., Vannest, K. J., & Brown, L. (2009). The improvement rate difference. Exceptional Children, 75, 135-150."]
    survey = read_text(tmp_path, with_list("Antenna control", section, entries))
    heads = {r.id: (r.raw or "").split(",")[0] for r in survey.references}
    # before: "(Ha, T.T., 1986.)" and "(Mareels, ...)" not read; "Parker, Vannest,& Brown" read as "Brown, 2009" (unresolved)
    assert [([heads[i] for i in ids], u) for _m, ids, u in linked_markers(survey)] == [
        (["Ha"], []), (["Mareels"], []), (["Acion", "Parker"], []),
    ]


def test_flattened_superscripts_with_commas_mid_sentence(tmp_path: Path) -> None:
    section = ("Models forget earlier tasks 1 and data poisoning 2 3,4 maliciously leads to harm. Repetition is seen in "
               "text-generation models 5,6 and in over 1,200 other systems.")
    entries = [f"{n}. Author{'ABCDEF'[n - 1]}, X. A study of collapse number {n}. Nature {n}, 1-9 (2020)." for n in range(1, 7)]
    survey = read_text(tmp_path, with_list("Model collapse", section, entries))
    # before: "3,4" and "5,6" mid-sentence not read ("2 3,4" read as nothing); "1,200" is a count, no citation
    assert [(m, ids) for m, ids, _u in linked_markers(survey)] == [
        ("2 3,4", ["2", "3", "4"]), ("5,6", ["5", "6"]),
    ]


def test_parenthesised_numbers_after_a_name_ending_in_digits(tmp_path: Path) -> None:
    section = ("Palbociclib was the first CDK4 inhibitor approved for breast cancer (1). Sentences discussed PARP inhibitors "
               "and mTORC1 (2), and the drug was later shown to target CDK11 (3, 4). The steps were: (1) retrieval.")
    entries = [f"{n}. Author{'ABCD'[n - 1]} X. A study of drugs number {n}. Cancer Res 2020;{n}:1-9." for n in range(1, 5)]
    survey = read_text(tmp_path, with_list("Drug and gene relations", section, entries))
    # before: "(2)" after "mTORC1" and "(3, 4)" after "CDK11" not read; the enumeration "(1) retrieval" after ":" stays text
    assert [(m, ids) for m, ids, _u in linked_markers(survey)] == [
        ("(1)", ["1"]), ("(2)", ["2"]), ("(3, 4)", ["3", "4"]),
    ]

