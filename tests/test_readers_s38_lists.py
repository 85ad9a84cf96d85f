"""Reference-list failure classes of the tuning splits, fixed by the files' own evidence (issue 9, stop 38, area L).

Lists found or split:
* ABNT (NBR 6023) lists, one entry a paragraph, each opening with its first author's surname in capitals
  ("SOUZA, M. A. Title. 2007. 120 f. Dissertação ..."), the year printed last;
* GB/T 7714 lists (Chinese journals) numbered without a dot, the names opening with Han characters
  ("2 曹明, 杨华. Title [M]. 北京: ..., 2011."), a few web sources among them;
* pandoc citeproc bibliographies ("<div id="refs" class="references csl-bib-body">") printed with no heading;
* group authors of several words ("IEEE Computer Society. 2008.") not cut at their last word;
* lists labelled by superscript numbers (Unicode "¹ ...", HTML "<sup>12</sup>..."), also without a heading.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.readers.reflist import split_reference_lines
from tests.reader_helpers import read_text as _read


def test_abnt_list_one_entry_a_paragraph(tmp_path: Path) -> None:
    lines = """SOUZA, M. A. _Permanência em cursos online_: estudo de caso. 2007.
150 f. Dissertação (Mestrado em Educação)-
Universidade Estadual, Recife, 2007.


TAVARES. R. Material impresso para cursos a distância: um olhar. _Revista da Rede_, v. 3, n. 2, out.
2004..


VIANA, P. A. (Org.). _Modelos de ensino a distância_.
Porto Alegre: Editora Sul, 2010. 200p.


MINISTÉRIO DA SAÚDE. _Guia de formação_ / Ministério da Saúde. -- Brasília: MS, 2012. 90 p.


LOPES, V. Tecnologia e escola. O ritmo da informação. Campinas:
Editora Norte. 2013.


MOURA, L. P. _Barreiras na educação online_. In: CONGRESSO NACIONAL DE ENSINO, 12., 3-6
out. 2008, Natal. _Anais_... 2008.


NUNES, Y. C. _Abandono nos cursos online_: a extensão e os desafios. 2006. 80 f. Dissertação
(Mestrado em Educação)- Universidade Federal, Maceió, 2006.
""".split("\n")
    entries = split_reference_lines(lines).entries
    assert [e.raw.split(",")[0].split(".")[0] for e in entries] == [
        "SOUZA", "TAVARES", "VIANA", "MINISTÉRIO DA SAÚDE", "LOPES", "MOURA", "NUNES"]
    assert entries[0].raw.endswith("Universidade Estadual, Recife, 2007.")


def test_gbt7714_list_numbered_without_dot(tmp_path: Path) -> None:
    lines = """1 (英)约翰·史密斯.公共物品的理论[J].经济研究,1998(4).

2 曹明, 杨华. 公共服务的理论与实践 [M]. 北京: 科学出版社, 2011: 23.

3 陈立. 公共服务体系研究 [M]. 深圳: 深圳出版社, 2006: 16.

4 周丽,毛龙.论公共服务及其模式[J].江苏社会科学,2008(1).

5 国家规划纲要(全文)[EB/OL].[2014-12-23].http://www.example.cn/politics/2006/content_1.htm.

6 王生. 论文化权益的意义 [J]. 学习与探索, 2009(6).
""".split("\n")
    entries = split_reference_lines(lines).entries
    assert [e.numbers for e in entries] == [["1"], ["2"], ["3"], ["4"], ["5"], ["6"]]
    assert entries[1].raw == "曹明, 杨华. 公共服务的理论与实践 [M]. 北京: 科学出版社, 2011: 23."


_CITEPROC = """# Introduction

Audit trails matter (Adams 2021; IEEE Computer Society 2008).

# Acknowledgments

We thank the reviewers.

<div id="refs" class="references csl-bib-body hanging-indent">

<div id="ref-adams" class="csl-entry">

Adams, Rita. 2021. *<span class="nocase">Audit Trails for Small
Teams</span>*. Tech report. <https://example.org/audit>.

</div>

<div id="ref-ieee" class="csl-entry">

IEEE Computer Society. 2008. *<span class="nocase">Standard for Software
Reviews</span>*. IEEE Standard 1028.

</div>

<div id="ref-nist" class="csl-entry">

National Institute of Standards and Technology. 2001. *<span class="nocase">FIPS 197: Advanced
Encryption Standard</span>*. NIST.

</div>

<div id="ref-zhou" class="csl-entry">

Zhou, Li, and Mark Ruiz. 2019. “Reviewing Code with Agents.” *Software
Practice* 12 (3): 1–9.

</div>

</div>
"""


def test_citeproc_bibliography_without_heading(tmp_path: Path) -> None:
    survey = _read(tmp_path, _CITEPROC)
    assert [r.raw.split(".")[0] for r in survey.references] == [
        "Adams, Rita", "IEEE Computer Society", "National Institute of Standards and Technology", "Zhou, Li, and Mark Ruiz"]
    # (the sections read as they do where a "References" heading prints the list)
    headed = _read(tmp_path, _CITEPROC.replace('<div id="refs"', '# References\n\n<div id="refs"'), "headed.md")
    assert [s.title for s in survey.top_level_sections()] == [s.title for s in headed.top_level_sections()] == ["Introduction"]


def test_group_author_of_several_words_not_cut(tmp_path: Path) -> None:
    # (pandoc's author-date entries, one a paragraph, in alphabetical order)
    entries = [
        "Adams, Rita. 2021. *Audit trails for small teams*. Tech report. <https://example.org/a>.",
        "Brown, Tom, and Ann Lee. 2019. “Reviews of code.” In *Proceedings of the Conference*, 1-9.",
        "Cole, Ann. 2018. *Secure defaults*. Report 12. <https://example.org/c>.",
        "Department of Defense. 1994. *Software development and documentation*. Military Standard.",
        "Evans, Mark, and Jo Tran. 2020. *Review checklists*. Tech report.",
        "Fox, Lee. 2022. “Signed commits.” *Software Practice* 3 (1): 2-9.",
        "Gray, Paul A., Jim Fenton, et al. 2017. *Identity guidelines*. Special Publication 63.",
        "IEEE Computer Society. 2008. *Standard for software reviews*. IEEE Standard 1028.",
        "Kim, Jae, and Gia Uddin. 2022. “Generated documentation.” *Proceedings of the Workshop*, 1-12.",
        "National Institute of Standards and Technology. 2001. *Advanced encryption standard*. NIST.",
        "Ross, Ron, and Vic Pill. 2020. *Protecting information*. Special Publication 171.",
        "Zhou, Li, and Mark Ruiz. 2019. “Reviewing code with agents.” *Software Practice* 12 (3): 1-9.",
    ]
    got = split_reference_lines([x for e in entries for x in (e, "", "")]).entries
    assert [e.raw.split(".")[0] for e in got] == [e.split(".")[0] for e in entries]
    assert got[3].raw == entries[3]


def test_unicode_superscript_note_labels(tmp_path: Path) -> None:
    lines = """¹ Direction du Trésor, "Indicateurs et conjoncture", Mars 2025
² Banque Africaine, "Perspectives économiques", Juillet 2024
³ Office des Statistiques (ONS), "Dépenses des ménages en 2022", Octobre 2024
⁴ Banque Mondiale, "Présentation", Octobre 2024
⁵ Estimation basée sur les données du Registre du Commerce
⁶ TSA, "Dinar : l'euro frôle son record", Avril 2025
⁷ Le Quotidien, "Le marché des changes", Mai 2025
⁸ Analyse basée sur diverses sources
⁹ Ministère des Finances, "Loi de finances 2025", Janvier 2025
¹⁰ El Journal, "Le marché parallèle", Mai 2025
¹¹ Banque Centrale, "Rapport annuel 2024", Juin 2025
""".split("\n")
    entries = split_reference_lines(lines).entries
    assert [e.numbers for e in entries] == [[str(n)] for n in range(1, 12)]
    assert entries[9].raw == 'El Journal, "Le marché parallèle", Mai 2025'


def test_html_superscript_list_after_a_disclaimer(tmp_path: Path) -> None:
    names = ["M. Kane", "G. Wend", "N. P. de Leo", "J. Burn", "S. Schl", "A. Ners", "C. Wil", "R. Simm", "C. Mull",
             "R. McDe", "S. Tolp", "A. Roma"]
    entries = [f"<sup>{k}</sup>{n}, J. Appl. Phys. {100 + k}, {k}001 ({2000 + k})." for k, n in enumerate(names, 1)]
    entries[3] = f"4 {names[3]}, J. Appl. Phys. 104, 4001 (2004)."  # its superscript lost
    entries[8] = "- " + entries[8]  # bulleted after a page break
    text = ("# Coherent qubits\n\nLosses fall<sup>1-3</sup> and rise<sup>12</sup>.\n\n# DISCLAIMER\n\n"
            "Certain equipment is identified in this paper to specify the procedure adequately.\n\n"
            + "\n\n".join(entries) + "\n")
    survey = _read(tmp_path, text)
    assert [r.raw.split(",")[0] for r in survey.references] == names
    assert [r.numbers for r in survey.references] == [[str(k)] for k in range(1, 13)]


def test_rrtools_reference_divs_without_class(tmp_path: Path) -> None:
    # (pandoc-citeproc before pandoc 2.11: "<div id="refs">", "<div id="ref-KEY">", a template's comment before them)
    divs = "\n\n".join(
        f'<div id="ref-{k}">\n\n{a}: {t},\nJournal of Climate, {v}(2), 1–9,\n2013.\n\n</div>'
        for k, a, t, v in [("burke", "Burke, E. J. and Jones, C. D.", "Estimating the carbon response", 26),
                           ("hope", "Hope, C. and Schaefer, K.", "Economic impacts of thawing", 6),
                           ("kuhry", "Kuhry, P., Dorrepaal, E. and Tarnocai, C.", "Potential remobilization of carbon", 21)])
    text = ("# Permafrost carbon\n\n# Introduction\n\nCarbon is released (Burke et al., 2013; Hope and Schaefer, 2013).\n\n"
            "# References\n\n<!-- The following line puts the references here for Word output -->\n\n"
            f'<div id="refs">\n\n{divs}\n\n</div>\n')
    survey = _read(tmp_path, text)
    assert [r.raw.split(",")[0] for r in survey.references] == ["Burke", "Hope", "Kuhry"]


def test_bold_author_entry_glued_after_a_page_break(tmp_path: Path) -> None:
    lines = [
        "**Abel, Ann, and Bo Chen.** 2014. “Labor demand.” NBER Working Paper 1.", "",
        "**Cole, Paul.** 2002. “Land use planning.” _Journal of Planning_ 4(2): 1–9.", "",
        "**Dunn, Rita.** 2016. “Diverging locations.” _Economic Review_ 106(3): 479–524.", "",
        "**Evans, Joseph, and Al Stone.** 2006. “Construction costs.” _Journal of Science_ 46(4): 661–80. "
        "**Evans, Joseph, Al Stone, and Ann Sum.** 2008. “A new measure of regulation.” _Urban Studies_ 45(3): 693–721.", "",
        "**Frank, Tom.** 1979. “The new regulation.” _Public Interest_ 55: 1–12.", "",
        "**Gray, Ed.** 2010. “Greenness of cities.” _Journal of Economics_ 67(3): 404–18.", "",
    ]
    entries = split_reference_lines(lines).entries
    assert [e.raw.split(",")[0].strip("*") for e in entries] == ["Abel", "Cole", "Dunn", "Evans", "Evans", "Frank", "Gray"]
    assert entries[3].raw.endswith("661–80.")


def test_entry_torn_into_two_bullets(tmp_path: Path) -> None:
    names = ["Abel, Ann", "Baker, Tom", "Cole, Jim", "Dunn, Rita", "Evans, Joe", "Frank, Al", "Gray, Ed", "Hall, Sue",
             "Irwin, Max", "Jones, Kim", "King, Lee"]
    bullets = [f"- {n}. {2000 + k}. Housing supply in city {k}. _Journal of Urban Economics_ {k}(2):1–9. "
               for k, n in enumerate(names)]
    bullets[3] = "- Dunn, Rita and Joe Lee. 2012. Housing appreciation in monocentric cities. Working paper, University "
    bullets.insert(4, "- Columbia. ")
    bullets[8] = "- Nicolás. 2022. effects from new "
    bullets.insert(9, "- Gonzalez, Spillover housing supply. _Regional Science and Urban Economics_ 92:103759. ")
    entries = split_reference_lines([x for b in bullets for x in (b, "")]).entries
    assert len(entries) == 11
    assert entries[3].raw.endswith("Working paper, University Columbia.")
    assert entries[7].raw.startswith("Nicolás. 2022. effects from new Gonzalez, Spillover")


def test_numbered_list_printing_one_address_under_two_labels(tmp_path: Path) -> None:
    # (an LLM report's "## Sources": "[n] URL" a label, two addresses printed twice under other labels -- each label an entry)
    urls = ["https://example.org/coffee-benefits", "https://example.com/caffeine-limits", "https://example.net/heart-study",
            "https://example.org/coffee-benefits", "https://example.edu/sleep", "https://example.com/caffeine-limits"]
    text = ("# Coffee\n\n## Findings\n\nCoffee helps [1, 4]. Limits apply [2]. The heart [3] and sleep [5, 6].\n\n"
            "## Sources\n\n" + "\n\n".join(f"[{k}] {u}" for k, u in enumerate(urls, 1)) + "\n")
    survey = _read(tmp_path, text)
    assert [r.numbers for r in survey.references] == [[str(k)] for k in range(1, 7)]


def test_spanish_bibliografia_heading_with_its_accent(tmp_path: Path) -> None:
    entries = ["Avila, I. (2019). El futuro del trabajo. El Diario, pág. 1.",
               "Bauer, Z. (2005). Identidad. Buenos Aires: Paidós.",
               "Berger, P., & Lopez, T. (1966). La construcción social. Madrid: Amorrortu.",
               "Bruno, J. (2000). Actos de significado. Madrid: Alianza."]
    text = ("# Identidad universitaria\n\n## INTRODUCCIÓN\n\nLa identidad (Bauer, 2005) y el grupo (Bruno, 2000).\n\n"
            "### BIBLIOGRAFÍA\n\n" + "\n".join(f"- {e}" for e in entries) + "\n")
    survey = _read(tmp_path, text)
    assert [r.raw for r in survey.references] == entries


def test_entries_opening_with_an_empty_bracket_pair(tmp_path: Path) -> None:
    # (pandoc's rendering of a Google Docs list: "[]" and no-break spaces open each entry, wrapped lines after it)
    pad = "\xa0" * 8
    lines = [
        f"[]{pad}Abel, N., Bryce, K., & Zhong, T. (2018), Features of successful shots,",
        "Institute of Technology. Available at:",
        "[http://www.example.edu/report.pdf](https://www.google.com/url?q=http://www.example.edu/report.pdf)",
        f"[]{pad}Brown L, Dale D. (2019). Using shot trajectories to understand defence. arXiv",
        "preprint arXiv:1905.00822",
        f"[] {pad}Cole D., Dunn A. (2016). A stochastic process model for possessions. Journal of the",
        "Statistical Association 111:585–599.",
        f"[]{pad}Dale, D., & Brown, L. (2019). Rao-Blackwellizing field goal percentage, Journal of Sports 15:85–95.",
        "",
        "[[a]](#cmnt_ref1)Cite relevant figures per observation.",
    ]
    entries = split_reference_lines(lines).entries
    assert [e.raw.split(",")[0].split(" ")[0] for e in entries] == ["Abel", "Brown", "Cole", "Dale"]
    assert entries[1].raw.endswith("arXiv preprint arXiv:1905.00822")


def test_name_torn_from_its_entry_into_a_paragraph(tmp_path: Path) -> None:
    # (a page break inside a group author's name: "Department of" a paragraph, "Defense. 1994. ..." the next -- and so a
    # page's running head left between two entries, Cell's "Article", opens the next entry rather than counting as one)
    entries = [
        "Adams, Rita. 2021. *Audit trails for small teams*. Tech report. <https://example.org/a>.",
        "Brown, Tom, and Ann Lee. 2019. “Reviews of code.” In *Proceedings of the Conference*, 1-9.",
        "Cole, Ann. 2018. *Secure defaults*. Report 12. <https://example.org/c>.",
        "Department of", "Defense. 1994. *Software development and documentation*. Military Standard.",
        "Evans, Mark, and Jo Tran. 2020. *Review checklists*. Tech report.",
        "Fox, Lee. 2022. “Signed commits.” *Software Practice* 3 (1): 2-9.",
        "Gray, Paul A., Jim Fenton, et al. 2017. *Identity guidelines*. Special Publication 63.",
        "Kim, Jae, and Gia Uddin. 2022. “Generated documentation.” *Proceedings of the Workshop*, 1-12.",
        "Ross, Ron, and Vic Pill. 2020. *Protecting information*. Special Publication 171.",
        "Zhou, Li, and Mark Ruiz. 2019. “Reviewing code with agents.” *Software Practice* 12 (3): 1-9.",
    ]
    got = split_reference_lines([x for e in entries for x in (e, "", "")]).entries
    assert len(got) == 10
    assert got[3].raw == "Department of Defense. 1994. *Software development and documentation*. Military Standard."


def test_notes_ending_a_chapter_after_a_rule(tmp_path: Path) -> None:
    # (a chapter written in Markdown: Unicode superscripts in the text, its notes after a rule, no heading)
    text = ("# PRÉAMBULE\n\n## Contexte\n\nLe zellige est un patrimoine singulier¹. Les relations ont évolué depuis 2020² "
            "et le partenariat s'annonce³.\n\n---\n\n"
            "¹ APS, \"Le zellige de Tlemcen\", Mai 2024.\n\n"
            "² APS, \"Algérie-Turquie: une évolution remarquée\", Novembre 2024.\n\n"
            "³ L'Est Républicain, \"Vers un partenariat d'exception\", Novembre 2024.\n")
    survey = _read(tmp_path, text)
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"]]
    assert survey.references[2].raw == "L'Est Républicain, \"Vers un partenariat d'exception\", Novembre 2024."
