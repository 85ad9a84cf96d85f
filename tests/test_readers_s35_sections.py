"""Stop 35, top-level sections: the classes the promoted splits' conversions showed -- a title page's affiliation marks
read as section 1, a page's number above the next page's figure title, one-letter words a small-capitals join glued,
subsection numbers an OCR spaced ("1. 1"), an unnumbered closing section in Portuguese, a manuscript's line numbers on
lines of their own, a title before the introduction at the one depth docling prints, bold headings a species' italics
break."""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import top_titles


_PARA = "The agents learn new tasks in context from a few demonstrations of each task, without weight updates.\n"


def test_affiliation_marks_are_no_section_one(tmp_path: Path) -> None:
    # pdftotext: "1" / "FAIR at Meta, 2 UCL" (the next mark after a comma) and BMC's "* Correspondence: ...@..." above
    # "1 Google Health, London, UK"; section 1 follows, "1" / "Introduction"
    for affiliation in ("1\n\nFAIR at Meta, 2 UCL\n", "Correspondence: ana@example.org\n1 Google Health, London, UK\n"):
        text = (f"Learning Sequential Tasks in Context\nAna Ruiz1 , Bo Li2\n{affiliation}\nAbstract\n{_PARA}\n"
                f"1\n\nIntroduction\n\n{_PARA}\n2\n\nBackground\n\n{_PARA}\n3\n\nMethod\n\n{_PARA}\nReferences\n\n"
                "Ruiz, A. (2020). In-context learning. Journal of Agents, 1, 1-9.\n")
        assert top_titles(tmp_path, text) == ["Introduction", "Background", "Method"]


def test_page_number_above_the_next_pages_figure_title_is_no_heading(tmp_path: Path) -> None:
    # "3" closes page 3; "\fContinuous Control: Ant-v4" opens page 4 (a plot's title, its axis numbers after it)
    text = (f"Learning Agents in Context\n\nAbstract\n{_PARA}\n1\n\nIntroduction\n\n{_PARA}\n2\n\nMethod\n\n{_PARA}\n"
            f"3\n\n\fContinuous Control: Ant-v4\n\n0.5\n\n3000\n\n{_PARA}\n3\n\nExperiments\n\n{_PARA}\nReferences\n\n"
            "Ruiz, A. (2020). In-context learning. Journal of Agents, 1, 1-9.\n")
    assert top_titles(tmp_path, text) == ["Introduction", "Method", "Experiments"]


def test_one_letter_words_stay_apart_when_small_capitals_are_joined(tmp_path: Path) -> None:
    # headings with a one-letter word before a word in capitals; the text prints "a" and "menu" as words, never "ethod"
    text = ("# Spatial Economics\n\n## 1. INTRODUCTION\n\nWe offer a menu of models.\n\n## 2. A MENU OF MODELS\n\nA menu.\n\n"
            "## 3. A SPATIAL MODEL\n\nA spatial model.\n\n## 4. A URBAN MODEL\n\nAn urban model.\n")
    assert top_titles(tmp_path, text) == ["INTRODUCTION", "A MENU OF MODELS", "A SPATIAL MODEL", "A URBAN MODEL"]
    # real small capitals beside them are joined still
    text = ("# Spatial Economics\n\n## 1. I NTRODUCTION\n\nWe offer a menu of models.\n\n## 2. R ELATED W ORK\n\nWork.\n\n"
            "## 3. M ETHOD\n\nA method.\n\n## 4. A MENU OF MODELS\n\nA menu.\n")
    assert top_titles(tmp_path, text) == ["INTRODUCTION", "RELATED WORK", "METHOD", "A MENU OF MODELS"]


def test_subsection_numbers_an_ocr_spaced_are_subsections(tmp_path: Path) -> None:
    # a Chinese journal through MinerU: "# 1. 1　重组亚单位蛋白疫苗" (an ideographic space after the number) is 1.1
    text = ("# 重组蛋白疫苗研究进展\n\n# 0 引 言\n\n正文。\n\n# 1 重组蛋白疫苗的定义\n\n正文。\n\n# 1. 1\u3000亚单位疫苗\n\n正文。\n\n"
            "# 1. 2\u3000纳米颗粒疫苗\n\n正文。\n\n# 2 重组蛋白疫苗的应用\n\n正文。\n\n# 2. 1\u3000新冠疫苗\n\n正文。\n")
    assert top_titles(tmp_path, text) == ["引 言", "重组蛋白疫苗的定义", "重组蛋白疫苗的应用"]


def test_unnumbered_closing_section_after_the_numbered_ones_stays_top_level(tmp_path: Path) -> None:
    # ABNT through docling: every heading at "##", "5 ANÁLISE" and "5.1 ..." share it, then "CONSIDERAÇÕES FINAIS"
    text = ("## A VISÃO RELACIONAL\n\n## INTRODUÇÃO\n\nTexto.\n\n## 1 ESTRATÉGIA\n\nTexto.\n\n## 2 METODOLOGIA\n\nTexto.\n\n"
            "## 3 ANÁLISE DOS RESULTADOS\n\nTexto.\n\n## 3.1 Antecedentes\n\nTexto.\n\n## CONSIDERAÇÕES FINAIS\n\nTexto.\n\n"
            "## REFERÊNCIAS\n\nSILVA, A. Redes. São Paulo: Atlas, 2010.\n")
    assert top_titles(tmp_path, text) == ["INTRODUÇÃO", "ESTRATÉGIA", "METODOLOGIA", "ANÁLISE DOS RESULTADOS", "CONSIDERAÇÕES FINAIS"]


def test_line_numbers_on_lines_of_their_own_number_no_heading(tmp_path: Path) -> None:
    # a bioRxiv manuscript through pdftotext: each line's number on a line of its own, 1 ... 130
    body = [f"{n}\n\nWord {n} of the manuscript goes on here in a sentence that has no end yet and" for n in range(3, 131)]
    body[10] = "13\n\nIntroduction"
    body[60] = "63\n\nResults"
    body[100] = "103\n\nMaterials & Methods\n\n104\n\nCell Culture"
    text = "bioRxiv preprint doi: 10.1101/x; this version posted 2026.\n\n1\n2\n\nGBA1 deficiency affects neurons\n\n" + "\n\n".join(body) + "\n"
    assert top_titles(tmp_path, text) == ["Introduction", "Results", "Materials & Methods"]


def test_title_before_the_introduction_at_one_depth_is_the_title(tmp_path: Path) -> None:
    # docling: "## A MOBILIZAÇÃO DA BASE INDUSTRIAL ..." (the title), the byline, "## Introdução"; "## PALAVRAS-CHAVE" is
    # the keywords' heading
    text = ("## A MOBILIZAÇÃO DA BASE INDUSTRIAL DE DEFESA NA AMÉRICA DO SUL\n\nAna Souza 1 Rui Lima 2\n\n## Introdução\n\nTexto.\n\n"
            "## Indicadores e resultados\n\nTexto.\n\n## Conclusões\n\nTexto.\n\n## REFERÊNCIAS\n\nSILVA, A. Redes. São Paulo: Atlas, 2010.\n\n"
            "## RESUMO\n\nO artigo.\n\n## PALAVRAS-CHAVE\n\nDefesa.\n")
    assert top_titles(tmp_path, text) == ["Introdução", "Indicadores e resultados", "Conclusões"]


def test_bold_numbered_headings_broken_by_italics(tmp_path: Path) -> None:
    # WebThinker: a species' name in italics outside the bold, or between two bold runs
    text = ("# **Fire and *Homo heidelbergensis***\n\n**I. Introduction: Setting the Stage \\-** *Homo heidelbergensis***, and Fire**\n\n"
            "Text.\n\n**II. The Timeline of Fire Control by** *Homo heidelbergensis*\n\nText.\n\n"
            "**III. Cooking within** *Homo heidelbergensis* **Groups**\n\nText.\n\n**IV. Conclusion**\n\nText.\n")
    assert top_titles(tmp_path, text) == ["Introduction: Setting the Stage - Homo heidelbergensis, and Fire",
                                     "The Timeline of Fire Control by Homo heidelbergensis", "Cooking within Homo heidelbergensis Groups",
                                     "Conclusion"]
