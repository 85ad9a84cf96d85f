"""Citation-marker classes of the tuning splits met at stop 35 (issue 9), fixed by the files' own evidence.

docling's flattened superscript ranges set the dash apart from its place: before the range's end, "processes. 10,25 -29 The",
or after both numbers, glued to the next word, "fibrosis. 6 13 -Extensive". A Chinese text's narrative author-year
citation glued to its characters and to a full-width parenthesis: "把Bogmans（2015）对", "随着 Kelejian & Prucha（2010）、".
Texts in other languages write "et al." and "and" in their own: Dutch "[Forge e.a., 1993]", "Brils en Den Besten",
Portuguese "(Tuin e col., 2006)", "Astley  e Fombrun  (1983)". ABNT (Brazil) parts a work's authors by semicolons, surnames
in capitals: "(SANDFORT; MILWARD, 2008)". A deep-research report in Chinese glues its source numbers to the clause's last
Han character before full-width punctuation: "人才为本1。", "依赖15，".

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import linked_markers, read_text, with_list


def _sources(n: int) -> list[str]:
    return [f"{i}. Source page number {i}, accessed May 8, 2025, https://example.org/page{i}" for i in range(1, n + 1)]


def test_docling_spaced_range_with_its_dash_out_of_place(tmp_path: Path) -> None:
    section = ("Injury follows blood flow. 1,2 Tissue damage spreads.\n\nIt harms cells, 3 which die.\n\n"
               "Reperfusion is crucial. 4 6 -It limits the infarct.\n\nHeart failure follows, 7 during which injury occurs.\n\n"
               "The pathway drives fibrosis. 3,8 -10 Many cell types take part.\n\nThey talk to each other. 11 The rest is open.")
    entries = [f"{n}. Author{'ABCDEFGHIJK'[n - 1]} X. A study of the heart number {n}. Cardiol J 2020;{n}:1-9." for n in range(1, 12)]
    survey = read_text(tmp_path, with_list("Wnt signalling", section, entries))
    # before: "4 6 -It" and "3,8 -10" not read (the spaced run allowed no space before a dash, nor a dash after both numbers)
    assert [(m, ids) for m, ids, _u in linked_markers(survey)] == [
        ("1,2", ["1", "2"]), ("3", ["3"]), ("4 6", ["4", "5", "6"]), ("7", ["7"]), ("3,8 -10", ["3", "8", "9", "10"]), ("11", ["11"]),
    ]


def test_chinese_narrative_citation_glued_to_its_characters(tmp_path: Path) -> None:
    section = ("本文能够把Bogmans（2015）对两区域问题的讨论加以推广。随着 Kelejian & Prucha（2010）、Lee & Yu（2010）等开发出估计方法，"
               "研究增多。而Woodward（2019）未被引用。")
    entries = ["Bogmans， C.（2015），“Can the terms of trade externality outweigh free-riding?”，Journal of Economics 45：1-20.",
               "Kelejian， H. H. & I. R. Prucha （2010），“Specification and estimation of spatial models”，Journal of Econometrics 157：53-67.",
               "Lee， L. & J. Yu （2010），“Estimation of spatial autoregressive panel data models”，Journal of Econometrics 154：165-185."]
    survey = read_text(tmp_path, with_list("控碳政策的空间传导", section, entries))
    heads = {r.id: (r.raw or "").split("，")[0] for r in survey.references}
    # before: none read (a Han character before the name, no space before the parenthesis); "Woodward（2019）" answers no
    # entry and is glued: no citation
    assert [(m, [heads[i] for i in ids], u) for m, ids, u in linked_markers(survey)] == [
        ("Bogmans（2015）", ["Bogmans"], []), ("Kelejian & Prucha（2010）", ["Kelejian"], []), ("Lee & Yu（2010）", ["Lee"], []),
    ]


def test_et_al_and_and_in_another_language(tmp_path: Path) -> None:
    section = ("De opname vindt plaats via het bodemvocht [Forge e.a., 1993; Brils en Den Besten, 1995]. Witteveen en Bos [1997] "
               "beschrijven de methode. O conceito surgiu com Astley  e Fombrun  (1983) e cresceu (Tuin e col., 2006).")
    # (the entries in APA form: the markers' form is the class)
    entries = ["Astley, W. G., & Fombrun, C. J. (1983). Collective strategy: Social ecology of organizational environments. "
               "Academy of Management Review, 8(4), 576-587.",
               "Brils, J. M., & den Besten, P. J. (1995). Bioassays for sediments. RIZA report 95.021.",
               "Forge, T. A., Berrow, M. L., Darbyshire, J. F., & Warren, A. (1993). Protozoan bioassays of soil amended with sewage "
               "sludge. Biology and Fertility of Soils, 16, 282-286.",
               "Tuin, A., Huizinga, K., & Veld, R. (2006). Endotoxin in the gut. Journal of Endotoxin Research, 12, 1-9."]
    survey = read_text(tmp_path, with_list("Bioassays voor bodems", section, entries))
    heads = {r.id: (r.raw or "").split(",")[0] for r in survey.references}
    # before: "e.a." and "e col." are no "et al." the items knew, so "Forge e.a." and "Tuin e col." unresolved or unread;
    # "Brils en Den Besten" read as "Den Besten, 1995" (unresolved); "Astley e Fombrun" as "Fombrun (1983)", dropped;
    # "Witteveen en Bos [1997]" answers no entry: counted, unresolved
    assert [(m, [heads[i] for i in ids], len(u)) for m, ids, u in linked_markers(survey)] == [
        ("[Forge e.a., 1993; Brils en Den Besten, 1995]", ["Forge", "Brils"], 0), ("Witteveen en Bos [1997]", [], 1),
        ("Astley  e Fombrun  (1983)", ["Astley"], 0), ("(Tuin e col., 2006)", ["Tuin"], 0),
    ]


def test_abnt_coauthors_parted_by_semicolons(tmp_path: Path) -> None:
    section = ("A rede implementa políticas (SANDFORT; MILWARD, 2008) e programas (KLIJN, 2008; GUTIERREZ;  LEAL,  2004).")
    # (the entries in APA form: the markers' form is the class)
    entries = ["Gutierrez, R., & Leal, C. (2004). Estratégias para uma indústria de circuitos integrados no Brasil. BNDES Setorial, 19, 3-22.",
               "Klijn, E. (2008). Policy and implementation networks. In S. Cropper (Ed.), The Oxford handbook (pp. 118-146). OUP.",
               "Leydesdorff, L., & Etzkowitz, H. (1998). The triple helix as a model for innovation studies. Science and Public Policy, 25(3), 195-203.",
               "Sandfort, J., & Milward, H. B. (2008). Collaborative service provision in the public sector. In S. Cropper (Ed.), The Oxford handbook.",
               "Schwartzman, S. (1993). Ciência e tecnologia no Brasil: uma nova política. FGV."]
    survey = read_text(tmp_path, with_list("Política de ciência e tecnologia", section, entries))
    heads = {r.id: (r.raw or "").split(",")[0] for r in survey.references}
    # before: "MILWARD, 2008" and "LEAL, 2004" read as first authors, unresolved
    assert [(m, [heads[i] for i in ids], u) for m, ids, u in linked_markers(survey)] == [
        ("(SANDFORT; MILWARD, 2008)", ["Sandfort"], []), ("(KLIJN, 2008; GUTIERREZ;  LEAL,  2004)", ["Klijn", "Gutierrez"], []),
    ]


def test_source_numbers_glued_to_han_characters(tmp_path: Path) -> None:
    section = ("该倡议遵循五项基本方针：创新驱动、质量为先、人才为本1。该战略掩盖了国有企业的控制程度4，并与成立一百周年相一致2。\n\n"
               "确定了十大战略领域：新一代信息技术3、航空航天装备5。其中样本量为30，见表1。\n\n"
               "中国在许多目标领域减少了对进口的依赖6，并且竞争力有所增强3。")
    survey = read_text(tmp_path, with_list("中国智造深度研究", section, _sources(6)))
    # before: none read (a number glued to a Han character is no run the readers knew); "为30" is a value, "表1" a table
    assert [(m, ids) for m, ids, _u in linked_markers(survey)] == [
        ("1", ["1"]), ("4", ["4"]), ("2", ["2"]), ("3", ["3"]), ("5", ["5"]), ("6", ["6"]), ("3", ["3"]),
    ]
