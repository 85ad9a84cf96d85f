"""Reference-entry classes of the tuning splits met at stop 36 (issue 9): titles, first authors and years read by the entry's own evidence.

A footnote list's number in a superscript before the entry (BSSw's "<sup>5</sup>[Title](u)"); an HTML link in the entry read as a
Markdown one (its words the entry's, an identifier as its label dropped); a whole entry linked to its DOI with "doi:10...." inside
the link's words; pages after a title nothing else follows (", pp. 176-177") or the "p." a title's sentence ran to ("... images
p. 60"); GB/T 7714 web sources ("作者. 题名[EB/OL]. (posted)[cited]. URL"); a clinical study's group closing Nature's names ("... &
the X Study Group."); and HighWire's link back to the text with its numbered names ("[↵](#xref-ref-4-1 "View reference 4 in text")
1. Smith J, 2. Doe K, 3. et al. (1991) Title").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from surveybench.readers.refstrings import parse_reference_string


def test_a_superscript_number_before_the_entry_is_no_part_of_it() -> None:
    linked = parse_reference_string("<sup>5</sup>[Splitting Up Large Changes](https://example.org/blog/splitting)")
    prose = parse_reference_string("<sup>13</sup> Moss G, Park J (2017) Good habits for lab code. PLoS Comput Biol 13(6): e1005510.")
    assert linked.title == "Splitting Up Large Changes"
    assert (prose.title, prose.year, prose.authors) == ("Good habits for lab code", 2017, ["Moss G", "Park J"])


def test_an_html_link_reads_as_a_markdown_one() -> None:
    words = parse_reference_string('<a href="https://example.org/stories">User stories with worked examples</a>')
    ident = parse_reference_string('Agile Planning for Small Teams, <a href="https://isbndb.com/book/1234567890">isbn:978-1234567890</a>')
    assert (words.title, words.url) == ("User stories with worked examples", "https://example.org/stories")
    assert ident.title == "Agile Planning for Small Teams"


def test_a_whole_entry_linked_to_its_doi_with_the_doi_in_its_words() -> None:
    ieee = parse_reference_string("[K. Lund, Keeping Old Code Alive, in Computing in Science & Engineering, vol. 21, no. 3, pp. 10-18, 2019, "
                                  "doi: 10.1109/MCSE.2019.1234567.](https://doi.org/10.1109/MCSE.2019.1234567)")
    nature = parse_reference_string("[Ross, I. A. & Katz, D. S. Career paths in research software. (2022) doi:10.48550/ARXIV.2210.00001.]"
                                    "(https://doi.org/10.48550/ARXIV.2210.00001)")
    assert (ieee.title, ieee.year) == ("Keeping Old Code Alive", 2019)
    assert (nature.title, nature.year, nature.authors) == ("Career paths in research software", 2022, ["Ross, I. A.", "Katz, D. S."])


def test_pages_after_the_title_are_no_part_of_it() -> None:
    assert parse_reference_string("Position Papers for the Workshop on Software Use, pp. 176-177").title == "Position Papers for the Workshop on Software Use"
    cut = parse_reference_string("Kowal A (2009) Learning layered features from small images p. 60")
    assert (cut.title, cut.year) == ("Learning layered features from small images", 2009)


def test_a_gbt_7714_web_source_ends_its_title_at_the_type_mark() -> None:
    org = parse_reference_string("中国新闻网. 2024年，数字经济报告发布！[EB/OL]. 中国新闻网. https://example.cn/a/1. 2025-03-12.")
    dated = parse_reference_string("小明. 血压正常值是多少?2021血压“新标准”发布[EB/OL]. (2021-08-03)[2023-08-28]. https://example.cn/p/2.")
    assert (org.title, org.authors) == ("2024年，数字经济报告发布！", ["中国新闻网"])
    # the year is the one it was posted, not the one it was cited
    assert (dated.title, dated.year, dated.authors) == ("血压正常值是多少?2021血压“新标准”发布", 2021, ["小明"])


def test_a_study_group_closes_the_names() -> None:
    one = parse_reference_string("Rossi, A., Verdi, R., Neri, F. & the Milan Post-Acute Care Study Group. Lasting symptoms after acute illness. "
                                 "_JAMA_ 324, 603–605 (2020).")
    assert (one.title, one.year, one.authors) == ("Lasting symptoms after acute illness", 2020, ["Rossi, A.", "Verdi, R.", "Neri, F."])


def test_a_highwire_back_link_and_numbered_names_go() -> None:
    one = parse_reference_string('[↵](#xref-ref-4-1 "View reference 4 in text") 1. Dalton G, 2. Barker R, 3. Ayres S, 4. et al. (1991) '
                                 "Survival in patients with lung disease. Ann Intern Med 115(5):343–349.")
    assert (one.title, one.year, one.authors[:2]) == ("Survival in patients with lung disease", 1991, ["Dalton G", "Barker R"])


def test_a_cnki_file_name_drops_its_author_after_the_title() -> None:
    one = parse_reference_string("数字经济对区域创新的影响研究_王明 [链接](https://kns.cnki.net/kcms2/article/abstract?v=abc)")
    assert one.title == "数字经济对区域创新的影响研究"
    # (elsewhere an "_" ending a title stays: no evidence of the file's name)
    assert parse_reference_string("上半年市场回暖_投资界 [链接](https://example.cn/a/1)").title == "上半年市场回暖_投资界"


def test_a_title_closed_by_a_language_letter_before_its_journal() -> None:
    one = parse_reference_string("Hale M. (2018). gridr: Regular Grids for Maps in R. Journal of Statistical Software 84 (1): 1–39.")
    two = parse_reference_string("Fasiolo M, Wood SN (2021) qmod: Quantile modeling in R. Journal of Statistical Software 100(9):1–31")
    assert (one.title, one.year) == ("gridr: Regular Grids for Maps in R", 2018)
    assert (two.title, two.year) == ("qmod: Quantile modeling in R", 2021)


def test_ieee_titles_in_straight_single_quotes() -> None:
    one = parse_reference_string("L. Wu, D.-c. Han, and X.-c. Wu, 'Aligning outputs for imbalanced federated learning, ' Machine Learning, vol. 113, pp. 1-4")
    two = parse_reference_string("P. Marsh and D. Holt, 'What is the potential for tidal energy?' Renew. Sustain. Energy Rev., vol. 16, no. 1, pp. 244-252")
    doubled = parse_reference_string("G. Ertan, ''An open spreadsheet solver for routing problems, '' Comput. Oper. Res., vol. 84, pp. 62-72, Aug. 2017.")
    assert one.title == "Aligning outputs for imbalanced federated learning"
    assert (two.title, two.authors) == ("What is the potential for tidal energy?", ["P. Marsh", "D. Holt"])
    assert (doubled.title, doubled.year) == ("An open spreadsheet solver for routing problems", 2017)
    # an apostrophe inside the title is no closing quote
    assert parse_reference_string("A. Lee and B. Kim, 'Teachers' views of pupils' work,' J. Educ., vol. 3, 2020.").title == "Teachers' views of pupils' work"
