"""Failure classes of the tuning splits met at stop 31 (issue 9), fixed by the files' own evidence.

MinerU on a PNAS article, whose equations are numbered in brackets: the displays' tags ("\\tag{[1]}" ... "\\tag{[8]}")
were read as bracketed citations, so the text looked bracket-cited and its real markers, numbers in parentheses
("(18, 19)"), were never read. The same article's unheaded introduction printed before its "Significance" box: the box
heading was taken for the abstract's, what preceded it for the title page, and the introduction's citations were lost.
A paragraph a page break cut in two ("... in the amygdala,20,21 spatial representation" / blank line / "stability of
grid cells ..."): its second half was a paragraph of its own, apart from the citations of the first.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.readers.citations import display_math_blanked
from tests.reader_helpers import read_text

_ENTRIES = [
    "1. A. Horwich, W. Fenton, Chaperonin-assisted protein folding. Q. Rev. Biophys. 42, 83-116 (2009).",
    "2. F. Hartl, A. Bracher, M. Hayer-Hartl, Molecular chaperones in protein folding. Nature 475, 324-332 (2011).",
    "3. D. Thirumalai, G. Lorimer, Chaperonin-mediated protein folding. Annu. Rev. Biophys. 30, 245-269 (2001).",
    "4. A. Horovitz, K. Willison, Allosteric regulation of chaperonins. Curr. Opin. Struct. Biol. 15, 646-651 (2005).",
]


def _numbers(survey) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """The list numbers each paragraph's markers link to, paragraph by paragraph (uncited paragraphs left out)."""
    number = {r.id: r.numbers[0] for r in survey.references}
    out = []
    for sec in survey.sections:
        for para in sec.paragraphs:
            nums = [number[i] for m in para.citations for i in m.ref_ids]
            if nums:
                out.append(nums)
    return out


def test_equation_tags_in_brackets_are_no_citations(tmp_path: Path) -> None:
    displays = "\n\n".join(f"$$\nF_{k} = a[D] + b, \\tag{{[{k}]}}\n$$" for k in (1, 2, 3))
    text = ("# Folding in the cage\n\n## Methods\n\nChaperonins assist folding in vivo (1, 2). Encapsulation protects "
            f"the substrate from aggregation (3).\n\n{displays}\n\nThe rates were fitted as before (4).\n\n"
            "## References\n\n" + "\n".join(_ENTRIES) + "\n")
    survey = read_text(tmp_path, text)
    # before: the three tags read as citations [1]-[3] (the only bracketed markers) and the parenthesised numbers unread
    assert _numbers(survey) == [["1", "2", "3"], ["4"]]


def test_an_introduction_printed_before_a_significance_box_keeps_its_citations(tmp_path: Path) -> None:
    intro = ("Chaperonins are large machines that assist protein folding in vivo and in vitro in an ATP-dependent "
             "manner (for recent reviews see refs. 1, 2). The GroE system of Escherichia coli has become a paradigm "
             "for biomolecular machines in general and for chaperonins in particular, and its cavity has been studied "
             "for more than three decades by many groups with many methods (3). Whether its function is limited to "
             "the prevention of aggregation, or whether it also changes the folding process itself, is still unclear.")
    text = ("# Folding in the cage\n\nA. Author, B. Author\n\n" + intro + "\n\n# Significance\n\nConfinement changes "
            "how proteins fold, and we show why.\n\n# Results\n\nThe substrate is destabilised (4).\n\n# References\n\n"
            + "\n".join(_ENTRIES) + "\n")
    survey = read_text(tmp_path, text)
    # before: "Significance" was read as the abstract's heading, the introduction before it (500 characters and more,
    # as a title page is not) as the title page
    assert _numbers(survey) == [["1", "2", "3"], ["4"]]
    assert [s.title for s in survey.top_level_sections()] == ["Results"]


def test_a_paragraph_cut_by_a_page_break_is_one_paragraph(tmp_path: Path) -> None:
    text = ("# Nets\n\n## Introduction\n\nNets control the plasticity of circuits [1], fear memory extinction in the "
            "amygdala [2], spatial representation\n\nstability of grid cells [3] and social memory [4].\n\n"
            "The second paragraph starts here, cites nothing, and ends.\n\n## References\n\n" + "\n".join(_ENTRIES) + "\n")
    survey = read_text(tmp_path, text)
    paragraphs = survey.sections[0].paragraphs
    # before: "stability of grid cells [3] ..." was a paragraph of its own
    assert len(paragraphs) == 2
    assert _numbers(survey) == [["1", "2", "3", "4"]]


def test_text_beside_a_display_keeps_its_citations() -> None:
    display = "F = a[D], \\tag{[2]}"
    text = f"as shown [1]\n$$\n{display}\n$$[^3]\nand later [4]"
    # the display's lines are blanked to their length (offsets kept); the footnote after its closing "$$" stays
    assert display_math_blanked(text) == "as shown [1]\n  \n" + " " * len(display) + "\n  [^3]\nand later [4]"
