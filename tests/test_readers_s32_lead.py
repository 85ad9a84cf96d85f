"""Failure classes of the tuning splits met at stop 32 (issue 9), fixed by the files' own evidence.

A deep-research answer saved without a title line opens on its first paragraph, which cites ("... across various
sectors [15]."), then "### Pressure on ..." headings. Text before the first heading was kept as body only when it ran to
500 characters (a title page's short lines are no body); a file with no title line has no title page, so its one short
cited paragraph was lost with its citation.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text

_SOURCES = "\n".join(f"{k}. Source {k} on jawboning, https://example.org/{k}" for k in range(1, 16))


def _cited(survey) -> list[tuple[str, list[str]]]:  # type: ignore[no-untyped-def]
    """(section title, the list numbers its paragraphs' markers link to) for each section with a linked marker."""
    number = {r.id: r.numbers[0] for r in survey.references}
    out = []
    for sec in survey.sections:
        nums = [number[i] for p in sec.paragraphs for m in p.citations for i in m.ref_ids]
        if nums:
            out.append((sec.title, nums))
    return out


def test_a_short_cited_opening_paragraph_of_an_untitled_report_is_body_text(tmp_path: Path) -> None:
    opening = ("The government has used extralegal pressure, also known as jawboning or moral suasion, to influence "
               "corporate behaviour across various sectors [15]. This influence does not rely on specific laws but on "
               "the government's authority, public platform and implicit power to persuade companies.")
    assert len(opening) < 500 and len(opening.split()) >= 40
    text = (opening + "\n\n### Pressure on Financial Institutions\n\nRegulators pressured banks to close accounts [7, 9].\n\n"
            "### Pressure on Employment Decisions\n\nAnnouncements followed public criticism [1].\n\n### Sources\n\n" + _SOURCES + "\n")
    survey = read_text(tmp_path, text, "extralegal-pressure.md")
    # before: the opening paragraph went to the front matter and its [15] was never linked
    assert _cited(survey) == [("(text before the first heading)", ["15"]), ("Pressure on Financial Institutions", ["7", "9"]),
                              ("Pressure on Employment Decisions", ["1"])]
    assert [s.title for s in survey.sections if s.is_content and s.level == min(x.level for x in survey.sections)] == [
        "Pressure on Financial Institutions", "Pressure on Employment Decisions"]


def test_a_titled_article_keeps_its_short_title_page_paragraph_out_of_the_body(tmp_path: Path) -> None:
    # the rule still holds where a title line is printed: the short paragraph after it may be the title page's
    page = ("Jane Roe and John Doe, Department of Economics, University of Somewhere, with thanks to the referees and "
            "to the seminar audiences who commented on earlier drafts of this paper, some of which appeared as [15] "
            "in a working paper series of the department in the spring of the year before.")
    assert len(page) < 500 and len(page.split()) >= 40
    text = ("# Jawboning\n\n" + page + "\n\n## Pressure on Financial Institutions\n\nRegulators pressured banks [7, 9].\n\n"
            "## Sources\n\n" + _SOURCES + "\n")
    survey = read_text(tmp_path, text)
    assert _cited(survey) == [("Pressure on Financial Institutions", ["7", "9"])]


def test_an_untitled_extraction_keeps_its_title_page_out_of_the_body(tmp_path: Path) -> None:
    # a PDF's text with no title line: its title page's author line broken at each affiliation mark is no prose,
    # so its marks (here in brackets, as the text's citations are) are not read as citations
    authors = "\n, ".join(f"Author Number{k}\n[{k}]" for k in range(1, 15))
    page = "RESEARCH ARTICLE\nInferring relationships\nwith language models\n" + authors
    assert len(page) < 500 and len(page.split()) >= 40
    text = (page + "\n\n### Pressure on Financial Institutions\n\nRegulators pressured banks to close accounts [7, 9].\n\n"
            "### Pressure on Employment Decisions\n\nAnnouncements followed public criticism [1].\n\n### Sources\n\n" + _SOURCES + "\n")
    survey = read_text(tmp_path, text, "drug-gene.md")
    assert _cited(survey) == [("Pressure on Financial Institutions", ["7", "9"]), ("Pressure on Employment Decisions", ["1"])]
