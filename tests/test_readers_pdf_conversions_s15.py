"""Failure classes of PDF conversions and reports, fixed by the files' own evidence (issue 9, stop 29).

From dev29 (drawn from repositories tuned on, first measured blind): an ICML list naming "Agüera y Arcas" as "Arcas,
B. A. y."; BERTScore cited as "(Zhang\\* et al., 2020)" (an equal-contribution mark, Markdown-escaped); an APA article
whose converter printed the journal's name as a first "#" heading and the paper's title as a second, every section
a level under, the introduction without a heading before "Method", "Results", "Discussion" (all at one depth); APA
entries run on after a DOI ending in a capital or cut after its "10"; an ACL list naming "Yu’an Yang"; a Chicago
author-date list whose repeated-author dashes the converter dropped (". . 2023b." or "... ssrn.4490396. 2023b. “"),
given names with a nickname in parentheses ("Bai, John (Jianqiu), Nicole M. Boyson") and a particle after them
("Villiers, Charl de, Ruth Hsiao"); a deep-research report's source titles followed by their venue and year
("Confident Adaptive Language Modeling (NeurIPS 2022): https://...").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.readers.refstrings import clean_title, parse_reference_string
from tests.reader_helpers import read_text, with_list


def test_a_particle_after_the_initials_ends_an_inverted_name() -> None:
    p = parse_reference_string(
        "McMahan, H. B., Moore, E., Ramage, D., Hampson, S., and Arcas, B. A. y. Communication-efficient learning of "
        "deep networks from decentralized data. In International Conference on Artificial Intelligence and Statistics , 2017.")
    # before: no author and the whole string as the title
    assert p.title == "Communication-efficient learning of deep networks from decentralized data"
    assert p.year == 2017 and p.authors[0] == "McMahan, H. B." and len(p.authors) == 5


def test_an_equal_contribution_mark_after_the_surname_keeps_the_citation(tmp_path: Path) -> None:
    survey = read_text(tmp_path, with_list("Video Infilling", "We use BERTSCORE (Zhang\\* et al., 2020) and BLEU.", [
        "Tianyi Zhang\\*, Varsha Kishore\\*, Felix Wu\\*, Kilian Q. Weinberger, and Yoav Artzi. 2020. Bertscore: "
        "Evaluating text generation with bert. In International Conference on Learning Representations.",
        "Kishore Papineni, Salim Roukos, Todd Ward, and Wei-Jing Zhu. 2002. Bleu: a method for automatic evaluation of "
        "machine translation. In ACL.",
    ]))
    marks = [m for _, _, m in survey.citation_marks()]
    # before: "Zhang\\*" was no surname, the citation unresolved
    assert [(m.marker, len(m.ref_ids), m.unresolved) for m in marks] == [("(Zhang\\* et al., 2020)", 1, [])]
    assert "Bertscore" in next(r.title for r in survey.references if r.id == marks[0].ref_ids[0])


APA_ARTICLE = """\
# Journal Of Occupational Health Psychology

Building Resilience Through Exposure to Stressors. Online First Publication, January 18, 2016. CITATION Crane, M. F.

# Building Resilience Through Exposure To Stressors: The Effects Of Challenges Versus Hindrances

This paper explores stressors that build resilience (Boswell et al., 2004).

## The Role Of Stressor Exposure In Nurturing Resilience

Exposure to stressors may build resilience (Bonanno, 2005).

## How Stressor Type Could Impact Psychological Resilience

Challenges and hindrances differ (Boswell et al., 2004).

## The Present Study

We test the model.

## Method Participants And Design

Two hundred and eight adults took part.

## Measures

Resilience was measured.

## Results Preliminary Analyses

Means are in Table 1.

## Longitudinal Analyses: Direct Effects

Challenge stressors predicted resilience.

## Discussion

Challenges build resilience (Bonanno, 2005).

## Implications For The Workplace

Managers may help.

## Conclusion

Not all stressors harm.

## References

Bayatpour, M., Wells, R. D., & Holford, S. (1992). Physical and sexual abuse as predictors of substance use. *Journal of Adolescent Health, 13,* 128 –132. http://dx.doi.org/10
.1016/1054-139X(92)90079-Q
Bonanno, G. A. (2005). Resilience in the face of potential trauma. *Current* Directions in Psychological Science, 14, 135–138. http://dx.doi.org/10
.1111/j.0963-7214.2005.00347.x Boswell, W. R., Olson-Buchanan, J. B., & LePine, M. A. (2004). Relations between stress and work outcomes. *Journal of Vocational Behavior, 64,* 165–181.
"""


def test_a_journal_banner_heading_and_a_headless_apa_introduction(tmp_path: Path) -> None:
    survey = read_text(tmp_path, APA_ARTICLE)
    # before: the second "#" line (the paper's title) was the one top-level section holding the whole paper
    # (and, that mended, every "##" heading was a top-level section)
    assert [s.title for s in survey.top_level_sections()] == ["Method", "Results", "Discussion", "Conclusion"]
    assert survey.title.endswith("The Effects Of Challenges Versus Hindrances")


def test_apa_entries_run_on_after_a_doi(tmp_path: Path) -> None:
    survey = read_text(tmp_path, APA_ARTICLE)
    # before: 1 entry (Bonanno after "...90079-Q", Boswell after a DOI cut after its "10")
    assert [r.authors[0].name for r in survey.references] == ["Bayatpour, M.", "Bonanno, G. A.", "Boswell, W. R."]
    linked = {rid for _, _, m in survey.citation_marks() for rid in m.ref_ids}
    assert linked == {r.id for r in survey.references[1:]}


def test_an_apostrophe_inside_a_given_name_keeps_the_entry_whole(tmp_path: Path) -> None:
    survey = read_text(tmp_path, with_list("Summary Verification", "Dialogue summaries hold errors (Tang et al., 2024).", [
        "Liyan Tang, Igor Shalyminov, Amy Wing-mei Wong, Jon Burnsky, Jake W Vincent, Yu’an Yang, Siffi Singh, Song Feng, "
        "Hwanjun Song, Hang Su, et al. 2024. TofuEval: Evaluating hallucinations of llms on topic-focused dialogue "
        "summarization. In NAACL.",
        "Yuhao Zhang, Derek Merck, Emily Tsai, Christopher D. Manning, and Curtis Langlotz. 2020. Optimizing the factual "
        "correctness of a summary. In ACL.",
    ]))
    # before: the first entry was cut at "Yu’an" ("an" read as an article): 3 entries, the citation unresolved
    assert len(survey.references) == 2
    marks = [m for _, _, m in survey.citation_marks()]
    assert marks[0].ref_ids == [survey.references[0].id] and not marks[0].unresolved


CHICAGO_ENTRIES = [  # one a line, as printed (long lines built in pieces)
    "Bai, John (Jianqiu), Nicole M. Boyson, Yi Cao, Miao Liu, and Chi Wan. 2023. “Executives vs. Chatbots: Unmasking "
    "Insights through Human-AI Differences.” SSRN Scholarly Paper. https://doi.org/10.2139/ssrn.4480056.",
    "Bughin, Jacques. 2023a. “Leveraging AI: What Makes Superstar Firms Better Than the Average Corporation?” SSRN "
    "Scholarly Paper. https://doi.org/10.2139/ssrn.4490396. 2023b. “To ChatGPT or Not to ChatGPT?” SSRN Scholarly Paper. "
    "https://doi.org/10.2139/ssrn.4411051.",
    "Cooney, Michael. 2023. “Enterprise Adoption of Generative AI.” Network World.",
    "Economist. 2022. “Huge ‘Foundation Models’ Are Turbo-Charging AI Progress.” The Economist, June 11, 2022. "
    "https://www.economist.com/interactive/briefing/2022/06/11/huge-foundation-models. . 2023a. “Generative AI Will Go "
    "Mainstream in 2024.” The Economist, November 13, 2023. https://www.economist.com/the-world-ahead/2023/11/13/generative-ai. "
    "2023b. “Your Employer Is (Probably) Unprepared for Artificial Intelligence.” The Economist, 2023.",
    "Villiers, Charl de, Ruth Dimes, and Matteo Molinari. 2023. “How Will AI Text Generation and Processing Impact "
    "Sustainability Reporting?” Sustainability Accounting, Management and Policy Journal.",
]
CHICAGO_LIST = """\
# ChatGPT Research in Accounting and Finance

## Introduction

Adoption is growing (Cooney 2023; Economist 2023a). Firms are unprepared (Economist 2023b). Executives differ from
chatbots (Bai et al. 2023). Boards care (de Villiers, Hsiao, and Zambon 2023). Superstar firms lead (Bughin 2023b).

## References

""" + "\n".join(CHICAGO_ENTRIES) + "\n"


def test_chicago_repeated_authors_with_their_dash_lost(tmp_path: Path) -> None:
    survey = read_text(tmp_path, CHICAGO_LIST)
    refs = survey.references
    # before: 4 entries -- the repeated-author entries ran on in the entry before, and "Bai, John (Jianqiu)," and
    # "Villiers, Charl de," read as no author list (the entry cut inside it)
    assert len(refs) == 8
    # (a repeated-author entry takes the authors of the entry before)
    assert [(r.authors[0].name.split(",")[0] if r.authors else None, r.year) for r in refs] == [
        ("Bai", 2023), ("Bughin", 2023), ("Bughin", 2023), ("Cooney", 2023),
        ("Economist", 2022), ("Economist", 2023), ("Economist", 2023), ("Villiers", 2023)]
    by_marker = {m.marker: [refs.index(next(r for r in refs if r.id == i)) for i in m.ref_ids] for _, _, m in survey.citation_marks()}
    assert by_marker["(Cooney 2023; Economist 2023a)"] == [3, 5]
    assert by_marker["(Economist 2023b)"] == [6]
    assert by_marker["(Bai et al. 2023)"] == [0]
    assert by_marker["(Bughin 2023b)"] == [2]


def test_a_source_titles_venue_and_year_are_not_its_title(tmp_path: Path) -> None:
    assert clean_title("Confident Adaptive Language Modeling (NeurIPS 2022)") == "Confident Adaptive Language Modeling"
    assert clean_title("GLaM: Efficient Scaling of Language Models with Mixture-of-Experts (ICML 2022, PMLR)") == (
        "GLaM: Efficient Scaling of Language Models with Mixture-of-Experts")
    assert clean_title("Query Routing for Homogeneous Tools (Findings of EMNLP 2024)") == "Query Routing for Homogeneous Tools"
    # a study's own name in parentheses is no venue
    assert clean_title("Global Burden of Disease Study (GBD 2019)") == "Global Burden of Disease Study (GBD 2019)"
    survey = read_text(tmp_path, """\
# Routing for Large Language Models

## Cascades

Early exit saves compute [2].

## Sources

[1] Mixture-of-Experts with Expert-Choice Routing (NeurIPS 2022): https://papers.nips.cc/paper/2022/hash/2f00ecd7.html
[2] Confident Adaptive Language Modeling (NeurIPS 2022): https://proceedings.neurips.cc/paper_files/paper/2022/hash/6fac9e3.html
""")
    assert [r.title for r in survey.references] == ["Mixture-of-Experts with Expert-Choice Routing", "Confident Adaptive Language Modeling"]


def test_acl_entries_run_on_after_an_edited_book_and_a_split_last_surname(tmp_path: Path) -> None:
    """From the pool of MinerU files of repositories tuned on: ACL entries glued one after another in a paragraph,
    the next author list closed by an editor's role ("Frederick F Schmitt, editor. 2003.") or by a last surname the
    converter split ("and Ashish Sab harwal. 2023.")."""
    survey = read_text(tmp_path, with_list("Truth and Prompts", "Theories differ (Schmitt, 2003). Prompts decompose (Khot et al., 2023).", [
        "W. V. O. Quine. 1960. Word & Object. MIT Press. Frederick F Schmitt, editor. 2003. Theories of truth. Wiley "
        "Blackwell Readings in Philosophy.",
        "Ehsan Kamalloo, Nouha Dziri, and Davood Rafiei. 2023. Evaluating open-domain question answering. In Proceedings "
        "of ACL. Tushar Khot, Harsh Trivedi, Peter Clark, and Ashish Sab harwal. 2023. Decomposed prompting: A modular "
        "approach for solving complex tasks. In ICLR.",
    ]))
    # before: 2 entries, both citations unresolved
    assert [r.title for r in survey.references] == [
        "Word & Object", "Theories of truth", "Evaluating open-domain question answering",
        "Decomposed prompting: A modular approach for solving complex tasks"]
    marks = [m for _, _, m in survey.citation_marks()]
    assert [(len(m.ref_ids), m.unresolved) for m in marks] == [(1, []), (1, [])]
    assert [survey.references.index(next(r for r in survey.references if r.id == m.ref_ids[0])) for m in marks] == [1, 3]


LINKED_LINES = "\n".join([  # pymupdf4llm: every line of an entry linked to the entry's anchor (Food Policy)
    "[Akerlof, George A., 1970. The market for ‘Lemons’: quality uncertainty, and the market](http://refhub.elsevier.com/S0306-9192(18)30103-9/h0005)",
    "[mechanism. Quart. J. Econ. 84, 488–500.](http://refhub.elsevier.com/S0306-9192(18)30103-9/h0005)",
    "[Bonroy, O., Constantatos, C., 2015. On the economics of labels: how their introduction](http://refhub.elsevier.com/S0306-9192(18)30103-9/h0030)",
    "[affects the functioning of markets and the welfare of all participants. Am. J. Agric.](http://refhub.elsevier.com/S0306-9192(18)30103-9/h0030)",
    "[Econ. 97 (1), 239–259.](http://refhub.elsevier.com/S0306-9192(18)30103-9/h0030)",
    "[Dimara, Efthalia, Skuras, Dimitris, 2005. Consumer demand for informative labeling of](http://refhub.elsevier.com/S0306-9192(18)30103-9/h0050)",
    "[quality food and drink products: a European Union case study. J. Consum. Market. 22](http://refhub.elsevier.com/S0306-9192(18)30103-9/h0050)",
    "[(2), 90–100.](http://refhub.elsevier.com/S0306-9192(18)30103-9/h0050)",
    "Grossman, G.M., Helpman, E., 1992. Protection for sale (No. 4149). National Bureau of",
    "Economic Research.",
])


def test_entries_whose_lines_link_to_their_anchor_and_names_in_full(tmp_path: Path) -> None:
    survey = read_text(tmp_path, "# GMO Labels\n\n## Introduction\n\nQuality is hidden (Akerlof, 1970). Labels inform (Dimara and Skuras,\n"
                       "2005; Bonroy and Constantatos, 2015). Lobbies act (Grossman and Helpman, 1992).\n\n## References\n\n"
                       + LINKED_LINES + "\n")
    refs = survey.references
    # before: one entry of all the lines (the links hid the entries' starts), every citation unresolved
    assert [(r.authors[0].name, r.year) for r in refs] == [
        ("Akerlof, George A.", 1970), ("Bonroy, O.", 2015), ("Dimara, Efthalia", 2005), ("Grossman, G.M.", 1992)]
    assert refs[2].title == "Consumer demand for informative labeling of quality food and drink products: a European Union case study"
    marks = [m for _, _, m in survey.citation_marks()]
    assert [len(m.ref_ids) for m in marks] == [1, 2, 1] and not any(m.unresolved for m in marks)


def test_lists_without_a_heading_a_chatgpt_exports_source_groups_and_a_list_past_its_first_labels(tmp_path: Path) -> None:
    sources = read_text(tmp_path, """\
# Algebra in Use

## Chemistry

Group theory labels molecular states[\\[1\\]](https://www.etymonline.com/word/algebra) and space groups[\\[9\\]](https://en.wikipedia.org/wiki/Space_group).

------------------------------------------------------------------------

[\\[1\\]](https://www.etymonline.com/word/algebra#:~:text=balancing) [\\[4\\]](https://www.etymonline.com/word/algebra#:~:text=x) Algebra - Etymology, Origin & Meaning

<https://www.etymonline.com/word/algebra>

[\\[9\\]](https://en.wikipedia.org/wiki/Space_group#:~:text=230) Space group - Wikipedia

<https://en.wikipedia.org/wiki/Space_group>

[\\[12\\]](https://plato.stanford.edu/entries/structuralism-mathematics/) Structuralism in the Philosophy of Mathematics

<https://plato.stanford.edu/entries/structuralism-mathematics/>
""", name="sources.md")
    # before: "no reference section found", every marker unresolved
    assert [r.numbers for r in sources.references] == [["1", "4"], ["9"], ["12"]]
    assert not any(m.unresolved for _, _, m in sources.citation_marks())
    entries = "\n".join(f"[{n}] A. Author{n}, Topological photonics part {n}, Phys. Rev. B {n}, 1{n} (2019)." for n in range(15, 30))
    late = read_text(tmp_path, f"""\
# Topological Photonics

## I. INTRODUCTION

Chern insulators [1] and edge states [15, 16] were found; corner states followed [29].

## VII. ACKNOWLEDGEMENTS

This work was supported by a grant.

{entries}
""", name="late.md")
    # before: the list, its first 14 labels lost with its heading, was one entry -- or none
    assert len(late.references) == 15 and late.references[0].numbers == ["15"]
    marks = [m for _, _, m in late.citation_marks()]
    assert [(len(m.ref_ids), m.unresolved) for m in marks] == [(0, ["1"]), (2, []), (1, [])]
