"""Reference-entry classes of the tuning splits met at stop 38 (issue 9): entry titles.

Expected values are read off the synthetic texts by hand; each test fails on the base (31820a5).
"""

from __future__ import annotations

from surveybench.readers.refstrings import parse_reference_string


def test_chinese_access_date_after_web_title() -> None:
    # Gemini's deep-research reports written in Chinese print "访问时间为 <month in Chinese numerals> D, YYYY，" where the
    # English ones print "accessed Month D, YYYY," -- an access date, no part of the page's title
    r = parse_reference_string("Solar Panel Prices Fall Again \\- Energy Daily, 访问时间为 三月 4, 2025， "
                               "[https://example.org/solar-prices](https://example.org/solar-prices)")
    assert r.title == "Solar Panel Prices Fall Again \\- Energy Daily"  # (the site stays, as after "accessed")
    r = parse_reference_string("城市绿地建设的新进展, 访问时间为 十一月 12, 2024， [https://example.cn/a](https://example.cn/a)")
    assert r.title == "城市绿地建设的新进展"
    r = parse_reference_string("Harbour, 访问时间为 六月 1, 2025， [https://example.com/](https://example.com/)")
    assert r.title == "Harbour"
    r = parse_reference_string("全国水资源公报, 访问日期：2023年5月6日. https://example.cn/b")
    assert r.title == "全国水资源公报"


def test_italic_title_closed_by_its_own_period() -> None:
    # AAAI: surname-first names apart by ";", the year, the title in italics with its period inside the run, then an id --
    # the sentence split saw no end in ".*" and ran the title into "arXiv:", so the entry was left whole
    r = parse_reference_string("Park, J.; Osei, K.; and Lindqvist, B.-E. 2022a. *Rivers of Light: Modelling Glacial Melt "
                               "with Sparse Sensors.* arXiv:2201.01234.")
    assert r.title == "Rivers of Light: Modelling Glacial Melt with Sparse Sensors"
    assert r.year == 2022
    # ACL's book, the italic run closed by its period before the publisher
    r = parse_reference_string("Maria Okafor and Tomas B Reyes. 1988. _Harbours and trade: A history of coastal markets._ "
                               "Riverside Press.")
    assert r.title == "Harbours and trade: A history of coastal markets"
    # an abbreviated journal in italics is no title closed by its period
    r = parse_reference_string("Park, J.; and Osei, K. 2011. *Geol. Mag.* 12:40–52.")
    assert r.title != "Geol. Mag" and r.title != "Geol"


def test_bold_label_before_full_names() -> None:
    # an LLM's translation keeps natbib's label in bold before the entry, "et al." in Chinese and the year in brackets:
    # the label's surname opens the names after it, the label's year closes the entry
    r = parse_reference_string("**Hartmann 等人 [2019]** Lena Hartmann, Omar Qureshi, Jia Wen. Learning to fold paper "
                               "with tactile feedback. *Robotics Letters*, 4(2):1–8, 2019.")
    assert r.title == "Learning to fold paper with tactile feedback"
    assert r.year == 2019


def test_bold_apa_names_then_year_in_parentheses() -> None:
    # APA's names in bold, then "(YEAR)." and the title: the year, not the title, opens what follows the bold run
    r = parse_reference_string("**Novak, P., Adeyemi, T., Ruiz, C.-L., & Brandt, H.** (2017). Sparse coding of bird song "
                               "syllables. *J. Acoust.*, 12(3).")
    assert r.title == "Sparse coding of bird song syllables"
    assert r.year == 2017
    assert r.authors[:2] == ["Novak, P.", "Adeyemi, T."]


def test_italic_run_with_quotes_inside() -> None:
    # the title in quotes inside the italic run, its period in the quotes: '*"Title."* Venue Year'
    r = parse_reference_string('Osei, K. & Park, J. *"Tidal Forecasting with Graph Networks."* ICML 2021.')
    assert r.title == "Tidal Forecasting with Graph Networks"


def test_gbt_web_source_without_names_drops_its_dates() -> None:
    # GB/T 7714's web source with no names: the title, "[EB/OL]", then the cited date in brackets and the address
    r = parse_reference_string("省级公共图书馆评估办法的通知 [EB/OL]. [2016-03-08]. http://example.gov.cn/a/b.html.")
    assert r.title == "省级公共图书馆评估办法的通知"
    r = parse_reference_string("城市公园管理条例（修订）[EB/OL]. (2019-05-01)[2020-01-02]. http://example.gov.cn/c.html")
    assert r.title == "城市公园管理条例（修订）"


def test_publisher_alone_between_title_and_year() -> None:
    # initials-first names, the title, the publisher and the year, fields apart by commas: the publisher's word ends the
    # title (it ran into it), and a title of two capitalised words is no run of names (it was left untitled)
    r = parse_reference_string("K. Ito, Harmonic Analysis, Midland University Press, 1994.")
    assert r.title == "Harmonic Analysis"
    assert r.year == 1994
    r = parse_reference_string("P. Sandoval, L. Sandoval, Knots and Braids: Colouring, Invariants, and Games, Springer, 2005.")
    assert r.title == "Knots and Braids: Colouring, Invariants, and Games"


def test_copernicus_journal_with_issue_or_article_number() -> None:
    # Copernicus names the journal in full after the title's comma, then "vol(issue), pages" or an article number and the
    # DOI: the title stops at the journal (it ran on through the locator to "doi")
    r = parse_reference_string("Lind, A., Moreau, B. and Tanaka, C.: Thaw ponds and methane pulses in subarctic fens, "
                               "Wetlands Ecology, 7(3), 211–229, doi:10.1000/abc.123, 2015.")
    assert r.title == "Thaw ponds and methane pulses in subarctic fens"
    r = parse_reference_string("Lind, A. and Moreau, B.: Carbon budgets of drained peat, Environmental Letters, 12(4), "
                               "044012, doi:10.1000/xyz.9, 2017.")
    assert r.title == "Carbon budgets of drained peat"


def test_particle_inside_a_two_word_surname() -> None:
    # a surname of two words with a particle between them ("Schneider von Deimling, T."): the names are surname-first
    r = parse_reference_string("Weber von Hallstein, K., Ortiz, M. and Lind, A.: Snow cover trends on alpine slopes, "
                               "Cryosphere Letters, 5(2), 101–119, doi:10.1000/q.1, 2012.")
    assert r.title == "Snow cover trends on alpine slopes"
    assert r.authors[0] == "Weber von Hallstein, K."


def test_bibtex_record_as_the_entry() -> None:
    # a reference list of fenced BibTeX blocks: the entry is one record, its title field the title (booktitle is not)
    r = parse_reference_string("``` @inproceedings{12, title={Parsing menus with {LSTM} grammars}, author={Okafor, Ada and "
                               "Lind, Per}, booktitle={Proceedings of the Workshop on Food Text}, pages={1--9}, year={2018} } ```")
    assert r.title == "Parsing menus with LSTM grammars"
    assert r.authors == ["Okafor, Ada", "Lind, Per"]
    assert r.year == 2018
    r = parse_reference_string('@article{lind2020, author = "Lind, Per", title = "Sparse tides", journal = {J}, year = 2020}')
    assert r.title == "Sparse tides"
