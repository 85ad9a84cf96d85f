"""Reference-entry classes of the tuning splits met at stop 32 (issue 9): titles read by the entry's own evidence.

A quoted phrase that opens a title before a colon ("“I can’t reply with that”: Characterizing ..."), a journal in
italics after the title's comma (Journal of Finance as converters print it), an LLM-written source list's link
glossed after a dash, and an untitled-author entry's arXiv id or year after the title's period.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from surveybench.readers.refstrings import parse_reference_string


def test_a_quoted_phrase_before_a_colon_opens_the_title() -> None:
    # ACL (names, year) and APA (a single quote a converter spaced) -- the title runs past the colon to its period
    acl = parse_reference_string("Ann Lee and Bo Chan. 2021. \u201cTell me more\u201d: Probing dialogue agents for curiosity. "
                                 "In Proceedings of ACL, pages 1\u201310.")
    apa = parse_reference_string("Doe, J., & Roe, K. (2019). ' killer apps ' : How the public pictures AI. In Proceedings "
                                 "of the 2019 Conference on Ethics, pp. 1 -9.")
    assert acl.title == "\u201cTell me more\u201d: Probing dialogue agents for curiosity"
    assert apa.title == "'killer apps': How the public pictures AI"
    # a quoted title closed by its comma keeps only the quote (IEEE, Harvard): no colon after it
    harvard = parse_reference_string("Doe, J. (2019) 'Tell me more', Journal of Talk, 3, 1-9.")
    assert harvard.title == "Tell me more"


def test_a_journal_in_italics_after_the_title_comma_ends_the_title() -> None:
    jf = parse_reference_string("Smith, A. and Jones, B., 2010, Prices as signals: Evidence from auctions, "
                                "_Journal of Market Studies_ 12, 101-120.")
    question = parse_reference_string("Brown, C., 2013, Are markets wise? Insights from order flow, "
                                      "*Review of Market Studies* 8, 22-40.")
    assert (jf.title, jf.year) == ("Prices as signals: Evidence from auctions", 2010)
    assert question.title == "Are markets wise? Insights from order flow"


def test_a_linked_title_glossed_after_a_dash_is_the_link_text() -> None:
    gloss = parse_reference_string("[The Long Road Home \u2013 Jane Roe](https://example.org/p/long-road) \u2013 "
                                   "Podcast discussion of migration stories")
    assert gloss.title == "The Long Road Home \u2013 Jane Roe"


def test_an_arxiv_id_or_a_year_after_a_lone_title_is_no_part_of_it() -> None:
    arxiv = parse_reference_string("SurveyBot: Writing Surveys with Language Models. arXiv:2406.12345, 2024.")
    year = parse_reference_string("ACME: A Conference Taxonomy. https://acme.example.org, 2024.")
    dated = parse_reference_string("Radio Protocol Specification (Release 17), document TS 38.321, 3GPP, Mar. 2022.")
    assert arxiv.title == "SurveyBot: Writing Surveys with Language Models"
    assert year.title == "ACME: A Conference Taxonomy"
    assert dated.title == "Radio Protocol Specification (Release 17), document TS 38.321, 3GPP"
