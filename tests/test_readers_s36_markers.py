"""Citation-marker classes of the tuning splits met at stop 36 (issue 9), fixed by the files' own evidence.

Web captures (Obsidian Web Clipper, turndown) of MDPI pages escape the brackets around a run of number links to the
entries: "turnover \\[[1](https://www.mdpi.com/...#B1-ijms-22-08109),[2](...#B2-ijms-22-08109)\\]". Captures of Springer
Nature pages (nature.com, Springer Link) link each citation to the page's reference anchor "#ref-CRN" and keep the entry
as the link's title, parentheses and all: "system[1](https://www.nature.com/articles/x#ref-CR1 "A. B. Title. Nature (2021).")",
"Bu et al. ([2018](https://link.springer.com/article/x#ref-CR9 "Bu, Y. (2018). Title."))".

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import linked_markers, read_text, with_list


def _numbered(n: int) -> list[str]:
    return [f"{i}. Author{'ABCDEFGH'[i - 1]}, X.; Other, Y. A study of cells number {i}. Cell Biol. 2020, {i}, 1–9." for i in range(1, n + 1)]


def test_escaped_brackets_around_number_links(tmp_path: Path) -> None:
    url = "https://www.mdpi.com/1422-0067/22/15/"
    section = (f"Stem cells repair tissue \\[[1]({url}#B1-ijms-22-08109),[2]({url}#B2-ijms-22-08109)\\]. They renew "
               f"\\[[3]({url}#B3-ijms-22-08109)\\], and they differentiate \\[[4]({url}#B4-ijms-22-08109)–[6]({url}#B6-ijms-22-08109)\\].")
    survey = read_text(tmp_path, with_list("Keratins in stem cells", section, _numbered(6)))
    # before: each number read as a link to the page itself, no entry's number
    assert [(ids, u) for _m, ids, u in linked_markers(survey)] == [(["1", "2"], []), (["3"], []), (["4", "5", "6"], [])]


def test_springer_nature_reference_anchor_links_with_titles(tmp_path: Path) -> None:
    url = "https://www.nature.com/articles/s41591-022-01689-3"
    section = (f'It involves the heart[1]({url}#ref-CR1 "AuthorA, X. A study of cells number 1. Cell Biol. 594, 259–264 (2021).").'
               f' Follow-up was short[2]({url}#ref-CR2 "AuthorB, X. A study (of cells) number 2. (2021)."),[3]({url}#ref-CR3 "AuthorC."). '
               "Nothing is cited here (n = 12).")
    survey = read_text(tmp_path, with_list("Cardiovascular outcomes", section, _numbered(3)))
    # before: none read (the title, parentheses and all, broke the link)
    assert [ids for _m, ids, _u in linked_markers(survey)] == [["1"], ["2"], ["3"]]


def test_springer_author_year_link_with_title(tmp_path: Path) -> None:
    url = "https://link.springer.com/article/10.1007/s11192-020-03576-5"
    section = (f'Recently, Bu et al. ([2018]({url}#ref-CR9 "Bu, Y., & Wang, B. (2018). Using citations. Scientometrics, 116(1), 275–289.")) '
               f'used network density. Others did so too (Newman [2010]({url}#ref-CR41 "Newman, M. (2010). Networks. Oxford.")).')
    entries = ["Bu, Y., & Wang, B. (2018). Using the appearance of citations in full text. Scientometrics, 116(1), 275–289.",
               "Newman, M. (2010). Networks: An introduction. Oxford University Press."]
    survey = read_text(tmp_path, with_list("Knowledge networks", section, entries))
    heads = {r.id: (r.raw or "").split(",")[0] for r in survey.references}
    # before: "Bu et al." not read (the title's "(2018)" broke the link)
    assert [[heads[i] for i in ids] for _m, ids, _u in linked_markers(survey)] == [["Bu"], ["Newman"]]


def test_number_linked_to_its_own_reference_anchor(tmp_path: Path) -> None:
    section = ("Five groups are recognised,[1](#ref-1) each with its cause. Survival is poor.[2](#ref-2) The mean age "
               "is 53 years[3](#ref-3) at diagnosis. See the [4](#fig-4) figure and [5](#ref-2) there.")
    survey = read_text(tmp_path, with_list("Pulmonary hypertension", section, _numbered(5)))
    # before: "recognised,[1]" and "poor.[2]" not read (spaced as plain numbers after punctuation); a number linked
    # to a figure, or to another entry's anchor, is no citation
    assert [(m, ids) for m, ids, _u in linked_markers(survey)] == [("[1]", ["1"]), ("[2]", ["2"]), ("[3]", ["3"])]


def test_program_listings_and_knitr_output_cite_nothing(tmp_path: Path) -> None:
    section = ("We fit the model with **brms** ([Bürkner, 2017](#ref-burknerBrms2017)) and exponentiate.\n\n"
               "``` r\nexp(coef(fit1)[1] + coef(fit1)[2]) - exp(coef(fit1)[1])\n```\n\n"
               "    ## [1] 0.2534\n\n"
               "    ## other attached packages:\n    ##  [1] patchwork_1.1.2   brms_2.19.0\n    ##  [3] Rcpp_1.0.10\n\n"
               "The contrast follows Imbens and Rubin ([2015](#ref-imbens2015causal)).")
    entries = ["Bürkner, P.-C. (2017). brms: An R package for Bayesian multilevel models using Stan. *Journal of Statistical "
               "Software*, *80*(1), 1–28.",
               "Imbens, G. W., & Rubin, D. B. (2015). *Causal inference in statistics, social, and biomedical sciences*. "
               "Cambridge University Press."]
    survey = read_text(tmp_path, with_list("Counterfactual contrasts", section, entries))
    heads = {r.id: (r.raw or "").split(",")[0] for r in survey.references}
    # before: the code's indexing and knitr's printed indices were read as bracketed numbers, unresolved
    assert [([heads[i] for i in ids], u) for _m, ids, u in linked_markers(survey)] == [(["Bürkner"], []), (["Imbens"], [])]
