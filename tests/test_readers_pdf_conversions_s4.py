"""Issue 9, fourth round: failure classes of PDF conversions (docling, marker, MinerU) and reports
that the readers had not seen -- one hand-written snippet per class. The lists, counts, numbers
and links asserted below are written out by hand from the snippet, not from what the code
printed."""

from __future__ import annotations

from pathlib import Path

from surveybench.readers.reflist import split_reference_lines
from tests.reader_helpers import read_report as _read


def _tops(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [x.title for x in s.top_level_sections()]


def _marks(s) -> list[tuple[str, list[str], list[str]]]:  # type: ignore[no-untyped-def]
    return [(m.marker, m.ref_ids, m.unresolved) for *_x, m in s.citation_marks()]


# ---- splitting entries ---------------------------------------------------------------------------


def test_year_last_entries_glued_after_identifier_tails() -> None:
    # natbib lists printed by a PDF converter: an entry ends after its year with a URL, an arXiv id
    # and "[cs]" (none of them a title word), and the next entry is glued on ("[cs].Kawin") or
    # follows a suffixed year ("2022b.Yue"), also with a spaced hyphenated first name ("[cs].Chih- Kuan");
    # a publisher after the year is no title either
    lines = [
        "Joseph Enguehard. Sequential integrated gradients, May 2023. URL http://arxiv.org/abs/2305.15853. "
        "arXiv:2305.15853 [cs].Kawin Ethayarajh and Dan Jurafsky. Attention flows are Shapley value "
        "explanations, May 2021. URL http://arxiv.org/abs/2105.14652. arXiv:2105.14652 [cs].",
        "Susan Zhang, Stephen Roller, and Naman Goyal. Opt: Open pre- trained transformer language models. "
        "arXiv preprint arXiv:2205.01068, 2022b.Yue Zhang, Yafu Li, and Leyang Cui. Siren's song in the AI "
        "ocean, September 2023. URL http://arxiv.org/abs/2309.01219.",
        "Ganesh Jawahar, Benoit Sagot, and Djamé Seddah. What does BERT learn about the structure of language? "
        "In Proceedings of ACL, pp. 3651- 3657, Florence, Italy, July 2019. Association for Computational "
        "Linguistics. doi: 10.18653/v1/P19- 1356. URL https://aclanthology.org/P19- 1356. Di Jin, Zhijing "
        "Jin, Joey Tianyi Zhou, and Peter Szolovits. Is bert really robust? AAAI Conference on Artificial "
        "Intelligence, 2020.",
        "Catherine Yeh and Yida Chen. AttentionViz: a global view of transformer attention, May 2023. URL "
        "http://arxiv.org/abs/2305.03210. arXiv:2305.03210 [cs].Chih- Kuan Yeh, Joon Kim, and Pradeep K Ravikumar. "
        "Representer point selection for explaining deep neural networks. NeurIPS, 31, 2018.",
    ]
    entries = split_reference_lines("\n\n".join(lines).split("\n")).entries
    assert [e.raw.split(".")[0] for e in entries] == [
        "Joseph Enguehard", "Kawin Ethayarajh and Dan Jurafsky", "Susan Zhang, Stephen Roller, and Naman Goyal",
        "Yue Zhang, Yafu Li, and Leyang Cui", "Ganesh Jawahar, Benoit Sagot, and Djamé Seddah",
        "Di Jin, Zhijing Jin, Joey Tianyi Zhou, and Peter Szolovits", "Catherine Yeh and Yida Chen",
        "Chih- Kuan Yeh, Joon Kim, and Pradeep K Ravikumar"]


def test_numbered_list_printed_out_of_order_keeps_every_entry() -> None:
    # docling reads two columns and swaps neighbours: 7 before 6; the numbers are exactly 1..7
    lines = [f"{n}. Author{n}, A.: Title number {n}. In: Venue. pp. 1-2 (2020)" for n in (1, 2, 3, 4, 5, 7, 6)]
    res = split_reference_lines(lines)
    assert [e.numbers for e in res.entries] == [["1"], ["2"], ["3"], ["4"], ["5"], ["7"], ["6"]]
    assert res.entries[5].raw == "Author7, A.: Title number 7. In: Venue. pp. 1-2 (2020)"
    assert not any("missing" in w for w in res.warnings)


def test_entry_that_lost_its_number_is_cut_from_the_one_before() -> None:
    # "[3]" lost at a page break: the text of 3 is glued to 2; the numbering vouches for one
    # entry inside, cut where 2 ends (its year closing a sentence)
    lines = [
        '[1] A. Lee, "First title," in Proc. CVPR, 2023, pp. 1-9.',
        '[2] S. Bonilla and S. Bano, "Gaussian pancakes," arXiv preprint arXiv:2404.06128, 2024. '
        'Z. Gan, and W. Ding, "Hgs-mapping: online dense mapping," arXiv preprint arXiv:2403.20159, 2024.',
        '[4] B. Kim, "Third title," ACM Trans. Graph., vol. 37, no. 4, pp. 1-14, 2018.',
    ]
    res = split_reference_lines(lines)
    assert [e.numbers for e in res.entries] == [["1"], ["2"], ["3"], ["4"]]
    assert res.entries[2].raw.startswith("Z. Gan, and W. Ding")
    assert res.entries[1].raw.endswith("arXiv:2404.06128, 2024.")
    assert any("3 lost in conversion" in w for w in res.warnings)


def test_ordered_list_with_a_lost_number_and_a_zero_padded_one() -> None:
    # Vancouver list: entry 3 kept only its tail ("cine. 2019;46:27-29.", glued to 2), entry 8 is
    # printed "08." with 9 glued after it; "13." elsewhere must not be read as a glued "3."
    lines = [
        "1. Adler J, Jha AK. Records adoption. Health Aff. 2017;36(8):1416-1422.",
        "2. Topol EJ. High-performance medicine. Nat Med. 2019;25(1):44-56. cine. 2019;46:27-29.",
        "4. Lee T, Madu CT. Reducing disparities. Transl Vis Sci Technol. 2023;12(12):2.",
        "5. Hee K. Is data quality enough? In: IEEE Big Data. IEEE; 2017:2612-2619.",
        "6. Vokinger KN. Mitigating bias. Commun Med. 2021;1(1):25.",
        "7. Norori N, Hu Q. Addressing bias. Patterns. 2021;2(10):100347.",
        "08. Mikolajczyk A. Survey on bias. arXiv preprint arXiv:2308.11254. 2023. 9. Ferrante E. Fairness. Nat Commun. 2022;13(1):4581.",
        "10. Abul-Husn NS. Personalized medicine. Cell. 2019;177(1):58-69.",
        "11. Cesare N. Missing data. BMC Res Notes. 2022;15(1):64.",
        "12. Rajpurkar P. AI in health. Nat Med. 2022;28(1):31-38.",
        "13. Wiens J. Do no harm. Nat Med. 2019;25(9):1337-1340.",
    ]
    res = split_reference_lines(lines)
    assert [e.numbers[0] for e in res.entries] == [str(n) for n in range(1, 14)]
    assert res.entries[2].raw == "cine. 2019;46:27-29."
    assert res.entries[7].raw.startswith("Mikolajczyk A.") and res.entries[8].raw.startswith("Ferrante E.")


def test_venue_fragment_with_a_note_is_not_an_entry() -> None:
    # a curated list whose bullets were glued to the venue of the entry before
    lines = ['- Mildenhall et al. "NeRF"', '- SIGGRAPH 2020- Kerbl et al. "3D Gaussian Splatting"',
             '- SIGGRAPH 2023 (Best Paper)- Huang et al. "2D Gaussian Splatting"']
    res = split_reference_lines(lines)
    assert [e.raw for e in res.entries] == [
        'Mildenhall et al. "NeRF"', 'SIGGRAPH 2020- Kerbl et al. "3D Gaussian Splatting"', 'Huang et al. "2D Gaussian Splatting"']


def test_elsevier_capitals_glued_across_lines_and_continuation_lines() -> None:
    # surnames in capitals joined by "&", an entry starting mid-line after a page range, and
    # second lines of entries ("Khait Earthquake, Tien Shan. ...", no year) that open nothing
    lines = [
        "ARIAS, A., 1970. A measure of earthquake intensity. MIT Press, Cambridge, 438-483. "
        "BIRD, J.F. & BOMMER, J.J., 2004. Earthquake losses due to ground failure. Engineering Geology, 75, 2: 147- 179.",
        "EVANS, S.G., ROBERTS, N.J. & TUTUBALINA, O., 2009. Landslides triggered by the 1949",
        "Khait Earthquake, Tien Shan, Tajikistan. Engineering Geology, 109, 195-212.",
        "GUBIN, I.E., 1960. Patterns of seismic manifestations. Moscow, Academy of Sciences.",
        "Whitehead, D., Beadle C.L., 2004. Physiological regulation of productivity. Forest Ecology, 193, 113-140.",
        "KEEFER, D.K., 1984. Landslides caused by earthquakes. GSA Bulletin, 95: 406-421.",
    ]
    res = split_reference_lines(lines)
    assert [e.raw.split(",")[0] for e in res.entries] == ["ARIAS", "BIRD", "EVANS", "GUBIN", "Whitehead", "KEEFER"]
    assert res.entries[2].raw.endswith("Engineering Geology, 109, 195-212.")


# ---- structure -------------------------------------------------------------------------------------


def test_marker_anchors_title_page_and_lettered_appendices(tmp_path: Path) -> None:
    # marker: '<span id="page-2-0"></span>' before headings and entries, authors as headings before
    # the abstract, appendices lettered "A." / "B." before the list, code comments as "#" headings
    text = (
        "# Switch Transformers\n\n### William Fedus*\n\n#### Noam Shazeer\n\n### Abstract\n\nWe scale.\n\n"
        '### <span id="page-2-0"></span>1. Introduction\n\nText (Fedus et al., 2021).\n\n'
        '## <span id="page-3-0"></span>2. Switch Transformer\n\nMore.\n\n'
        '#### <span id="page-4-0"></span>2.1 Routing\n\nRoute.\n\n'
        '### <span id="page-9-0"></span>3. Conclusion\n\nEnd.\n\n'
        '### <span id="page-10-0"></span>A. Switch for Attention\n\nAppendix.\n\n'
        '### <span id="page-11-0"></span>B. Pseudo Code\n\nCode.\n\n# Add noise for exploration.\n\n'
        '### References\n\n- <span id="page-12-0"></span>William Fedus, Barret Zoph, and Noam Shazeer. '
        "Switch transformers. JMLR, 2021.\n"
    )
    s, rep = _read(tmp_path, text)
    assert s.title == "Switch Transformers"
    assert _tops(s) == ["Introduction", "Switch Transformer", "Conclusion"]
    assert [r.raw for r in s.references] == ["William Fedus, Barret Zoph, and Noam Shazeer. Switch transformers. JMLR, 2021."]
    assert rep.markers == 1 and rep.markers_linked == 1


def test_docling_headings_front_matter_panel_labels_and_entities(tmp_path: Path) -> None:
    # every heading "##": the first is the title when only front matter precedes "## 1 ...";
    # "ACMReference Format:" lost its space; "## a. Picture of a table:" is a figure panel;
    # "&amp;" is "&"; an unnumbered "## Baselines" between 2 and 3 is a subsection
    text = (
        "## DocLayNet: A Dataset\n\n## KEYWORDS\n\nlayout\n\n## ACMReference Format:\n\nA. Author. 2022.\n\n"
        "## ABSTRACT\n\nAbstract text.\n\n## 1 INTRODUCTION\n\nIntro [1].\n\n## a. Picture of a table:\n\n"
        "## 2 EXPERIMENTS\n\nRuns.\n\n## Baselines for Object Detection\n\nMore.\n\n"
        "## 3 Future Work &amp; Conclusion\n\nEnd.\n\n## REFERENCES\n\n- [1] A. Lee. A title. In KDD, 2022.\n"
    )
    s, _rep = _read(tmp_path, text)
    assert s.title == "DocLayNet: A Dataset"
    assert _tops(s) == ["INTRODUCTION", "EXPERIMENTS", "Future Work & Conclusion"]


def test_report_and_journal_headings(tmp_path: Path) -> None:
    # an escaped number "1\\." and an executive summary with a subtitle (a report); a journal's
    # "# Review" label above the title and flat IMRaD headings led by "Background and significance"
    report = (
        "# Neuroscience of the Unconscious\n\n## Executive Summary: The Paradox Explained\n\nSummary.\n\n"
        "## 1\\. Introduction: Deconstructing It\n\nText.\n\n## 2\\. Neural Substrates\n\nText.\n"
    )
    s, _rep = _read(tmp_path, report, "r.md")
    assert _tops(s) == ["Introduction: Deconstructing It", "Neural Substrates"]
    journal = (
        "# Review\n\n# Unmasking bias in AI: a systematic review\n\n# Abstract\n\nWe review.\n\n"
        "# Background and significance\n\nText.\n\n# Objective\n\nAim.\n\n# Materials and methods\n\nHow.\n\n"
        "# Data sources and searches\n\nPubMed.\n\n# Results\n\nFound.\n\n# Types of bias\n\nMany.\n\n"
        "# Discussion\n\nSo.\n\n# Conclusion\n\nDone.\n\n# References\n\n1. Lee K. Title. Nat Med. 2019;25:44-56.\n"
    )
    s, _rep = _read(tmp_path, journal, "j.md")
    assert s.title == "Unmasking bias in AI: a systematic review"
    assert _tops(s) == ["Background and significance", "Objective", "Materials and methods", "Results", "Discussion", "Conclusion"]


# ---- linking ---------------------------------------------------------------------------------------


def test_label_keyed_list_links_suffixed_keys(tmp_path: Path) -> None:
    # IJCAI: the list prints each entry's citation label; "2023a"/"2023b" are only in the labels,
    # and a season word before "et al." is a surname
    text = (
        "# Molecules\n\n## Introduction\n\nAs in [Liu et al., 2023b; Winter et al., 2022] and [Liu et al., 2023a].\n\n"
        "References\n\n"
        "[Liu et al., 2023a] S. Liu, et al. Multi-modal molecule structure-text model. Nat. Mach. Intell, 2023.\n"
        "[Liu et al., 2023b] Z. Liu, et al. MolXPT: wrapping molecules with text, 2023.\n"
        "[Winter et al., 2022] B. Winter, et al. A smile is all you need, 2022.\n"
    )
    s, rep = _read(tmp_path, text)
    assert len(s.references) == 3
    assert _marks(s) == [("[Liu et al., 2023b; Winter et al., 2022]", ["u2", "u3"], []), ("[Liu et al., 2023a]", ["u1"], [])]
    assert rep.markers_linked == 2


def test_marker_splits_one_citation_run_into_links(tmp_path: Path) -> None:
    # "[\\[9,](#page-8-10) [12,](#page-8-11) [16\\]](#page-8-12)" is the run [9, 12, 16]
    refs = "\n".join(f"- [{n}] A. Author{n}. Title {n}. In CVPR, 2017." for n in range(1, 17))
    text = ("# Counting\n\n## 1. Introduction\n\nThe experiments of [\\[9,](#page-8-10) [12,](#page-8-11) "
            "[16\\]](#page-8-12) and [\\[2\\]](#page-8-1) differ.\n\n## References\n\n" + refs + "\n")
    s, rep = _read(tmp_path, text)
    assert [(ids, un) for _m, ids, un in _marks(s)] == [(["9", "12", "16"], []), (["2"], [])]
    assert rep.markers == 2 and rep.unresolved_keys == 0


def test_apa_names_with_torn_diacritics_open_entries() -> None:
    # "G¨otze", "M¨ucke": a converter set the umlaut apart; the names still open their entries
    lines = [
        "Berlinet, A. and Thomas-Agnan, C. (2011). Reproducing kernel Hilbert spaces. Springer. "
        "Bickel, P. J., G¨otze, F., and van Zwet, W. R. (2012). Resampling fewer than n observations. Springer.",
        "Minsker, S. (2019). Distributed statistical estimation. Electronic Journal of Statistics, 13(2):5213–5252. "
        "M¨ucke, N. and Blanchard, G. (2018). Parallelizing kernel algorithms. JMLR, 19(1):1069–1097.",
    ]
    entries = split_reference_lines(lines).entries
    assert [e.raw.split(" (")[0] for e in entries] == [
        "Berlinet, A. and Thomas-Agnan, C.", "Bickel, P. J., G¨otze, F., and van Zwet, W. R.",
        "Minsker, S.", "M¨ucke, N. and Blanchard, G."]


def test_title_printed_as_two_headings_of_one_depth(tmp_path: Path) -> None:
    # a lecture's label and the paper's title, both "#", nothing between, then "# 1." sections
    text = (
        "# AN INAUGURAL LECTURE TO THE SOCIETY\n\n# LANDSLIDE HAZARDS IN MOUNTAIN REGIONS: A REVIEW\n\n"
        "# Abstract\n\nWe review.\n\n# 1. Introduction\n\nText.\n\n# 2. Case histories\n\nMore.\n\n"
        "# 2.1. Kemin earthquake\n\nDetail.\n\n# 3. Conclusions\n\nEnd.\n\n# References\n\n"
        "KEEFER, D.K., 1984. Landslides caused by earthquakes. GSA Bulletin, 95: 406-421.\n"
    )
    s, _rep = _read(tmp_path, text)
    assert s.title == "AN INAUGURAL LECTURE TO THE SOCIETY LANDSLIDE HAZARDS IN MOUNTAIN REGIONS: A REVIEW"
    assert _tops(s) == ["Introduction", "Case histories", "Conclusions"]


def test_gaps_in_a_web_source_list_stay_gaps() -> None:
    # a report lists only the sources it kept (no 4): entry 3 is not cut to fill the gap, even
    # though it shows two dated sentences
    lines = [
        "1. First source, https://example.org/a, accessed 2025.",
        "2. Second source, https://example.org/b, accessed 2025.",
        "3. Third source, https://example.org/c, Report of 2024. Updated in 2025. Archived copy.",
        "5. Fifth source, https://example.org/e, accessed 2025.",
        "6. Sixth source, https://example.org/f, accessed 2025.",
    ]
    res = split_reference_lines(lines)
    assert [e.numbers for e in res.entries] == [["1"], ["2"], ["3"], ["5"], ["6"]]
    assert res.entries[2].raw.endswith("Archived copy.")
    assert any("4..4 missing" in w for w in res.warnings)


def test_report_numbers_glued_after_a_closing_bracket(tmp_path: Path) -> None:
    # a Gemini Deep Research export: every citation a bare number glued to the sentence's end,
    # also after a closing parenthesis or quote; "in 2020).2" after a year's digit stays text
    text = (
        "# Synthetic Data\n\n## Part 1: Costs\n\nLabels are costly for RLHF.1 The answer is AI feedback (RLAIF).2 "
        'Energy use rose (76%).3 It was called "a paradox".1 Seen in 2020).2 too.\n\n#### Works cited\n\n'
        "1. RLHF costs - Site, accessed November 7, 2025, https://example.org/a\n"
        "2. RLAIF - Site, accessed November 7, 2025, https://example.org/b\n"
        "3. Energy - Site, accessed November 7, 2025, https://example.org/c\n"
    )
    s, rep = _read(tmp_path, text)
    assert [(m, ids) for m, ids, _u in _marks(s)] == [("1", ["1"]), ("2", ["2"]), ("3", ["3"]), ("1", ["1"])]
    assert rep.unresolved_keys == 0
