"""Reference-entry classes of the tuning splits met at stop 35 (issue 9): titles, first authors and years read by the entry's own evidence.

ABNT entries typed by hand, an initial's period doubled by the field's own ("KLIJN, E..Policy", "HANSEN, M. T.. Are"),
and ABNT's ";"-separated names mixing initials with given names in full ("EBERS, M.; JARILLO, Carlos J. The ...");
Vancouver names with a generation after the initials ("Stumpel L 3rd", "Faggion CM Jr"); one Vancouver name before
Nature's locator (Nature's Matters Arising: "Hutson M. Title. Science 359, 725–726 (2018).") or Frontiers' ("Viechtbauer W.
Title. J Stat Softw (2010) 36:1–48."); a period pdftotext left before the first name (". Lin, C.Y., ..."); and names in
natural order with a middle initial "A." before "(YEAR)" ("Barbara A. Gutek (2015). Title."), the title perhaps one word.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from surveybench.readers.refstrings import parse_reference_string, surname


def test_an_abnt_initial_with_its_period_doubled_ends_the_names() -> None:
    glued = parse_reference_string("MORAES, E..Redes de cooperação no setor público. Revista de Gestão, v. 3, p. 1-9, 2011.")
    spaced = parse_reference_string("COSTA, A.; LIMA, R. S.. Inovação aberta em empresas. Revista Brasileira, v. 8, n. 2, p. 20-31, 2014.")
    assert (glued.title, glued.year, glued.authors) == ("Redes de cooperação no setor público", 2011, ["MORAES, E."])
    assert (spaced.title, spaced.year, spaced.authors) == ("Inovação aberta em empresas", 2014, ["COSTA, A.", "LIMA, R. S."])
    # an ellipsis after a capital keeps its three periods: no name ends there
    assert parse_reference_string("Rocha, P. Sinais de A... e B. Revista, v. 1, 2010.").title != "e B"


def test_abnt_names_mix_initials_and_given_names_in_full() -> None:
    mixed = parse_reference_string("SOUZA, M.; PEREIRA, Carla R. Redes interorganizacionais e políticas. Revista de Administração, v. 12, p. 5-19, 2009.")
    assert (mixed.title, mixed.year, mixed.authors) == ("Redes interorganizacionais e políticas", 2009, ["SOUZA, M.", "PEREIRA, Carla R."])


def test_a_vancouver_generation_after_the_initials() -> None:
    springer = parse_reference_string("Moreno T, Castro L 3rd, Dias ML (2004) Bone grafts in the upper jaw: early data. Int J Oral Implants 19:110-118")
    pubmed = parse_reference_string("Alves AJ, Brito CM Jr, Lopes S. Outcome measures in dentistry: a review. Community Dent Health. 2018;35:10-17.")
    assert (springer.title, springer.year, springer.authors) == ("Bone grafts in the upper jaw: early data", 2004, ["Moreno T", "Castro L 3rd", "Dias ML"])
    assert (pubmed.title, pubmed.year, pubmed.authors[1]) == ("Outcome measures in dentistry: a review", 2018, "Brito CM Jr")
    assert surname("Castro L 3rd") == "castro"


def test_one_vancouver_name_before_natures_locator() -> None:
    one = parse_reference_string("Hale M. Benchmarks drift over time in medical imaging. Nat. Methods 12, 301–309 (2015).")
    assert (one.title, one.year, one.authors) == ("Benchmarks drift over time in medical imaging", 2015, ["Hale M"])


def test_one_vancouver_name_before_frontiers_locator() -> None:
    one = parse_reference_string("Weber K. Fitting mixed models in R with one package. J Stat Softw (2012) 48(3-4):1–29. doi: 10.1000/xyz")
    assert (one.title, one.year, one.authors) == ("Fitting mixed models in R with one package", 2012, ["Weber K"])


def test_a_period_left_before_the_first_name_goes() -> None:
    stray = parse_reference_string(". Ma, C.Y., Zhou, G.L., 2021. Fishery rights and coastal towns: a review. Water 13 (2), 40.")
    assert (stray.title, stray.year, stray.authors) == ("Fishery rights and coastal towns: a review", 2021, ["Ma, C.Y.", "Zhou, G.L."])


def test_natural_names_with_a_middle_initial_a_then_the_year() -> None:
    one = parse_reference_string("Laura A. Keller (2016). Workplace stress. Wiley Encyclopedia of Management")
    two = parse_reference_string("Mark A. Hill, & Ruth Olsen (2009). Sleep in children and adolescents. Pediatrics Update")
    assert (one.title, one.year, one.authors) == ("Workplace stress", 2016, ["Laura A. Keller"])
    assert (two.title, two.year, two.authors) == ("Sleep in children and adolescents", 2009, ["Mark A. Hill", "Ruth Olsen"])
    # a title of one word after "(YEAR)."
    short = parse_reference_string("Sara B. Lund, & Tom Berg (1984). Anorexia. Archives of Psychiatry")
    assert (short.title, short.authors) == ("Anorexia", ["Sara B. Lund", "Tom Berg"])
