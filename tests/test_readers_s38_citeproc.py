"""pandoc citeproc's HTML bibliography is read once (markdown.py, ``_citeproc_entries_unwrapped``): each
``<div ... class="csl-entry">`` becomes a paragraph of its text, and the citation key its ``id="ref-KEY"`` keeps is
recorded as it is unwrapped, so the text's links ("[Snyder, 1987](#ref-snyder_map_1987)") resolve to that entry. The id
may stand before or after the class (an HTML tool rewriting pandoc's page orders attributes its own way).

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import linked_markers, read_text

ENTRIES = [
    ("army_map_1956", "Department of the Army, 1956. Map reading. Field Manual, No. 21–26. Washington, DC."),
    ("army_map_2001", "Department of the Army, 2001. Map reading and land navigation. Field Manual, No. 3-25.26."),
    ("snyder_map_1987", "Snyder, J.P., 1987. Map projections: A working manual. USGS Professional Paper 1395."),
    ("pebesma_sds_2021", "Pebesma, E., Bivand, R., 2021. Spatial Data Science. With applications in R. Online book."),
    ("r_core_team_2019", "Team, R.C., 2019. R: A language and environment for statistical computing. Vienna, Austria."),
    ("rstudio_team_2019", "Team, Rs., 2019. RStudio: Integrated development for R. RStudio, Inc., Boston, MA."),
]
SECTION = ("The grid is defined by the army ([Department of the Army, 1956](#ref-army_map_1956); "
           "[Snyder, 1987](#ref-snyder_map_1987)), and in R by [Pebesma & Bivand](#ref-pebesma_sds_2021) "
           "([2021](#ref-pebesma_sds_2021)). We used R ([R. C. Team, 2019](#ref-r_core_team_2019); "
           "[Rs. Team, 2019](#ref-rstudio_team_2019)).")


def _page(div: str) -> str:
    body = "\n".join(div.format(key=k) + f"\n\n{e}\n\n</div>\n" for k, e in ENTRIES)
    return (f"# Map grids\n\n## Introduction\n\n{SECTION}\n\n## References\n\n"
            f'<div id="refs" class="references csl-bib-body hanging-indent">\n\n{body}\n</div>\n')


def _linked(tmp_path: Path, div: str) -> list[list[str]]:
    survey = read_text(tmp_path, _page(div))
    heads = {r.id: (r.raw or "")[:9] for r in survey.references}
    return [[heads[i] for i in ids] for _m, ids, _u in linked_markers(survey)]


# each citation once; "Team, 2019" names two entries, which only the anchors tell apart
ANCHORED = [["Departmen", "Snyder, J"], ["Pebesma, "], ["Team, R.C", "Team, Rs."]]


def test_anchor_before_the_class(tmp_path: Path) -> None:
    # before: the narrative citation's name link was read twice, once inside "Pebesma & Bivand](#ref-x) ([2021](...))"
    assert _linked(tmp_path, '<div id="ref-{key}" class="csl-entry" role="doc-biblioentry">') == ANCHORED


def test_anchor_after_the_class(tmp_path: Path) -> None:
    # before: the key was looked for right after "<div" only, so "Team, 2019" stayed two entries at once
    assert _linked(tmp_path, '<div class="csl-entry" id="ref-{key}" role="listitem">') == ANCHORED


def test_entries_without_anchor_are_read_by_their_names(tmp_path: Path) -> None:
    survey = read_text(tmp_path, _page('<div class="csl-entry">'))
    assert [(r.raw or "").split(",")[0] for r in survey.references] == [
        "Department of the Army", "Department of the Army", "Snyder", "Pebesma", "Team", "Team"]
    heads = {r.id: (r.raw or "")[:9] for r in survey.references}
    linked = [[heads[i] for i in ids] for _m, ids, _u in linked_markers(survey)]
    assert linked[:2] == ANCHORED[:2] and linked[2] != ANCHORED[2]


def test_page_numbers_between_entries_are_reported_skipped() -> None:
    # (reflist's one page-number rule, _page_number_lines) a page's number between an entry closing with its year and
    # a capital, in an unnumbered list whose bullets keep the list-wide reading off: blanked and reported, as the
    # list-wide reading reports its own
    from surveybench.readers.reflist import split_reference_lines

    lines = ("Irene Chern and Paul Liu. Factool: Factuality detection in generative models. arXiv preprint\n"
             "arXiv:2307.13528, 2023.\n11\nXavier Dunn and Sharon Lee. Haloscope: Harnessing unlabeled generations for\n"
             "hallucination detection. In NeurIPS, 2024.\n\nEric Jang and Ben Poole. Categorical reparameterization with\n"
             "gumbel-softmax. arXiv preprint arXiv:1611.01144, 2016.\n\nA PROMPT TEMPLATE\n- Question: the question asked.\n"
             "- Answer: the answer given.\n- Verdict: true or false.").split("\n")
    res = split_reference_lines(lines)
    assert [e.raw.split(" and ")[0] for e in res.entries][:3] == ["Irene Chern", "Xavier Dunn", "Eric Jang"]
    # before: the line was blanked without a word in the report
    assert ("a page number inside the reference list", "11") in res.skipped
    # the list-wide reading (no bullets about) reports each such line too
    wide = split_reference_lines(lines[:9] + ["12", "Alon Tamm and Jon Berant. Commonsense questions. In ACL, 2018."])
    assert [s for s in wide.skipped if s[0].startswith("a page number")] == [
        ("a page number inside the reference list", "11"), ("a page number inside the reference list", "12")]
