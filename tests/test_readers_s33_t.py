"""Reference-entry classes of the tuning splits met at stop 33 (issue 9): titles and first authors read by the entry's own evidence.

A series title then its part in Roman numerals ("... of monkey. III. Plasticity."), a capitalised subtitle after the title's
period when a journal's name and volume follow it, an IOP Publishing entry whose journal opens with a word in full
("Orphanet J. Rare Dis.") or closes with a PDF's spaced page range or an article number, and author runs a PDF conversion
broke (a combining accent set apart, a grave accent as a backtick, a generational suffix "3rd").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from surveybench.readers.refstrings import parse_reference_string


def test_a_series_part_in_roman_numerals_stays_in_the_title() -> None:
    vanc = parse_reference_string("Lee AB, Chan CD. Eye movements of the cat. III. Adaptation. J Vis Res 12: 101-120, 1990.")
    first = parse_reference_string("Lee AB, Chan CD. Eye movements of the cat. I. Responses to moving gratings. J Vis Res 12: 80-100, 1990.")
    assert vanc.title == "Eye movements of the cat. III. Adaptation"
    assert first.title == "Eye movements of the cat. I. Responses to moving gratings"
    # the sentence after the numeral is the journal: the title ends before the part
    journal = parse_reference_string("Ons, L. (1931). Reciprocal relations in heat flow. I. Physical review, 37(4):405.")
    assert journal.title == "Reciprocal relations in heat flow"


def test_a_capitalised_subtitle_before_a_journal_and_volume_stays_in_the_title() -> None:
    cell = parse_reference_string("Roe, K.L., and Poe, M.N. (2014). GRID CELLS. Stable firing of entorhinal neurons in "
                                  "the dark. Science 345, 10–14.")
    springer = parse_reference_string("Kim A, Park B (2001) Soil loss in three small basins (Alps, Italy). Validation of a "
                                      "runoff model. Catena 44:100120")
    assert cell.title == "GRID CELLS. Stable firing of entorhinal neurons in the dark"
    assert springer.title == "Soil loss in three small basins (Alps, Italy). Validation of a runoff model"
    # no journal's volume after the second sentence: it is the journal, not a subtitle
    plain = parse_reference_string("Roe, K.L. (2014). Stable firing of entorhinal neurons. Frontiers in Neural Circuits. "
                                   "https://example.org/fncir")
    assert plain.title == "Stable firing of entorhinal neurons"
    # an abbreviated journal cut by its periods is no subtitle, nor is the title after a name's initials
    journal = parse_reference_string("Ash, D., Sha, H.S., 2019. Canola mapping from sentinel images. ISPRS J. Photogramm. "
                                     "Remote Sens. 156, 63–76.")
    glued = parse_reference_string("J.M. LOPO,J.L. DIAS,D.F. GARCIAMinimum utilization bounds for rate monotonic "
                                   "schedulingIEEE Trans. Parall. Distrib. Syst. 15, 7, 642–653.2004")
    assert journal.title == "Canola mapping from sentinel images"
    assert glued.title == "Minimum utilization bounds for rate monotonic scheduling"
    # a journal's capitalised words cut at an abbreviation are no sentence-case subtitle
    mdpi = parse_reference_string("Hess, G.; Stra, L. Holding the line: A survey of staff well-being during the outbreak. "
                                  "BMC Health Serv. Res. 2021, 21, 525.")
    assert mdpi.title == "Holding the line: A survey of staff well-being during the outbreak"


def test_an_iop_title_ends_before_a_journal_whose_first_word_is_printed_in_full() -> None:
    orphan = parse_reference_string("Lamb C 2006 Cone dystrophy Orphanet J. Rare Dis. 1 40")
    invest = parse_reference_string("Ng A B and Ho C 2009 Rod loss in macular degeneration Investigative Ophthalmol. Vis. Sci. 50 49- 91")
    # after a preposition the capitalised word is the title's own
    place = parse_reference_string("Berg J 1987 Prevalence of cone dystrophy in Norway Clin. Genet. 31 255- 64")
    assert (orphan.title, orphan.authors, orphan.year) == ("Cone dystrophy", ["Lamb C"], 2006)
    assert invest.title == "Rod loss in macular degeneration"
    assert place.title == "Prevalence of cone dystrophy in Norway"


def test_an_iop_title_ends_before_a_spaced_page_range_or_an_article_number() -> None:
    spaced = parse_reference_string("Hart D T, Bell E L and Dry T P 2006 Cone dystrophy Lancet 368 1795- 809")
    article = parse_reference_string("Ay L N et al 2014 A trial of a novel retinal implant PLoS One 9 e115239")
    hyphen = parse_reference_string("Wu W L, Cheng C- Y and Wong T Y 2014 Global burden of myopia Lancet Glob. Health 2 e106- 16")
    assert spaced.title == "Cone dystrophy"
    assert article.title == "A trial of a novel retinal implant"
    assert (hyphen.title, hyphen.authors[1]) == ("Global burden of myopia", "Cheng C- Y")


def test_names_a_pdf_conversion_broke_stay_in_the_author_run() -> None:
    apart = parse_reference_string("Blasi, P., Favi, S. and Pr \u0308unter, I. (2015). Are priors natural? Stat. Sci. 37, 212–229.")
    grave = parse_reference_string("Rando, J., Tsia, I., and Costa-juss`a, M. R. Explaining attention in context. In "
                                   "Proceedings of ACL, pp. 54–55, 2023.")
    third = parse_reference_string("Kova, C.K., Howe, M.A., 3rd, and Adams, R. (2011). Muscle artefacts in intracranial "
                                   "recordings. Neuroimage 54, 213–233.")
    assert apart.title == "Are priors natural?"
    assert grave.title == "Explaining attention in context"
    assert third.title == "Muscle artefacts in intracranial recordings"


def test_an_ieee_title_holding_a_quotation_runs_to_its_closing_comma_and_quote() -> None:
    ieee = parse_reference_string("R. A. Hale, \u201cModels and conditions for an \u201cexplanatory\u201d factor analysis,\u201d "
                                  "UCLA Working Papers, vol. 16, pp. 1\u201384, 1970.")
    assert ieee.title == "Models and conditions for an \u201cexplanatory\u201d factor analysis"


def test_a_space_before_the_title_period_glued_to_the_venue_ends_the_title() -> None:
    acl = parse_reference_string("Ina Raj and Emily Bend. 2021. Ai and the whole wide world benchmark .arXiv preprint arXiv:2111.15366.")
    assert acl.title == "Ai and the whole wide world benchmark"


def test_a_bold_list_number_glued_to_the_first_author_is_no_part_of_the_entry() -> None:
    pmc = parse_reference_string("**13.**Yan W et al. (2001) Regulation of transcription by a protein kinase: phosphorylation "
                                 "blocks its binding. J Biol Chem 276 (42), 38341–4. [ ] [ ] [ ]")
    assert (pmc.title, pmc.authors, pmc.year) == ("Regulation of transcription by a protein kinase: phosphorylation blocks its binding",
                                                  ["Yan W"], 2001)
