"""Reference-entry classes of the tuning splits met at stop 34 (issue 9): titles, first authors and years read by the entry's own evidence.

A translated paper's natbib label before its names ("Kato et al.(2019)", Korean "Kato 등(2019)") with the year closing the
entry; a Chinese book's title in its book-title marks ("《...》") as a field of its own; Chinese names then the year in
parentheses; APA's italic title then its description in parentheses or brackets; APA's bracketed ellipsis in a long
author list; and a PDF's text whose spaces were lost, surnames glued to their initials ("ThiaultL,MoraC ... 2019Title").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from surveybench.readers.refstrings import parse_reference_string


def test_a_translated_natbib_label_before_the_names_goes() -> None:
    glued = parse_reference_string("Kato et al.(2019) Ken Kato, Mina Lee, and Jo Park. 신경 기억 모델의 분석. In _Proc. of the Workshop_, pp. 1-9, 2019.")
    korean = parse_reference_string("Kato 등(2021) Ken Kato, Mina Lee, Jo Park, et al. Palm trees technical report. _ arXiv preprint arXiv:2101.00001_, 2021.")
    assert (glued.title, glued.year, glued.authors[0]) == ("신경 기억 모델의 분석", 2019, "Ken Kato")
    assert (korean.title, korean.year, korean.authors[0]) == ("Palm trees technical report", 2021, "Ken Kato")
    # a label whose title follows it (no names after it) keeps its reading
    plain = parse_reference_string("Kato et al. (2019) Memory in neural models. In Proc. of the Workshop, 2019.")
    assert plain.title == "Memory in neural models"


def test_a_chinese_book_title_in_its_marks_is_the_title() -> None:
    han = parse_reference_string("张伟. 《数据库技术实战》.清华大学出版社 . 2015")
    latin = parse_reference_string("Ann Lee，Bo Chan. 《Mastering Queues with Java（第2版）》[M]. 电子工业出版社.2017")
    assert (han.title, han.year, han.authors) == ("数据库技术实战", 2015, ["张伟"])
    assert (latin.title, latin.year, latin.authors) == ("Mastering Queues with Java（第2版）", 2017, ["Ann Lee", "Bo Chan"])


def test_chinese_names_then_the_year_in_parentheses() -> None:
    apa = parse_reference_string("李明 (2011). 从电影《推手》看文化冲突. 福建论坛")
    marks = parse_reference_string("王芳、刘强等(2015)：《老年人口的健康状况研究》，《人口学刊》，第2期。")
    assert (apa.title, apa.year, apa.authors) == ("从电影《推手》看文化冲突", 2011, ["李明"])
    assert (marks.title, marks.year, marks.authors) == ("老年人口的健康状况研究", 2015, ["王芳", "刘强"])


def test_an_italic_title_then_its_description() -> None:
    thesis = parse_reference_string("Doe, J. E. (1963). [*Drawing: A man-machine system*](https://example.org/tr.pdf) (Doctoral dissertation, "
                                    "Some Institute of Technology). https://doi.org/10.1145/1.2")
    translated = parse_reference_string("Kaya, F. (2008). *Ağız Sözlüğü* [Dictionary of the Dialect]. Galeri Yayınları.")
    assert (thesis.title, thesis.year) == ("Drawing: A man-machine system", 1963)
    assert (translated.title, translated.year) == ("Ağız Sözlüğü", 2008)


def test_a_bracketed_ellipsis_in_a_long_author_list() -> None:
    ref = parse_reference_string("Vela, B., Bosco, C., Alba, V., Vaca, F., […] Wout, E. (2017). Big data and the girls. Data2X.")
    assert (ref.title, ref.year, ref.authors[0]) == ("Big data and the girls", 2017, "Vela, B.")


def test_surnames_glued_to_their_initials_where_a_pdf_lost_its_spaces() -> None:
    iop = parse_reference_string("ThiaultL,MoraC,CheungWWL, SumailaURandClaudetJ2019Escapingtheperfectstorm ofclimatechange Sci. Adv.5eaaw9976")
    glued_journal = parse_reference_string("GephartJA et al2021Environmentalperformanceofblue foods Nature597360–5")
    no_year = parse_reference_string("FongCR et alClimatechangethreatstoworkers restrictaquaculture")
    vanc = parse_reference_string("BehmannM, BrandesI, WalterU(2012)DieLehreim Querschnittsbereich. Gesundheitswesen 74(07):435–441")
    assert (iop.title, iop.year, iop.authors) == (
        "Escapingtheperfectstorm ofclimatechange", 2019, ["Thiault L", "Mora C", "Cheung W W L", "Sumaila U R", "Claudet J"])
    assert (glued_journal.title, glued_journal.year) == ("Environmentalperformanceofblue foods", 2021)
    assert no_year.title == "Climatechangethreatstoworkers restrictaquaculture"
    assert (vanc.title, vanc.year, vanc.authors[0]) == ("DieLehreim Querschnittsbereich", 2012, "Behmann M")
    # two camel-cased words are no such run: "ChatGPT, OpenAI." keeps its words
    camel = parse_reference_string("ChatGPT, OpenAI. Title of a thing. 2023.")
    assert camel.title == "Title of a thing" and "Chat GPT" not in " ".join(camel.authors)
