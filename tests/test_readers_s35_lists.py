"""Reference-list failure classes of the tuning splits, fixed by the files' own evidence (issue 9, stop 35, area L).

Lists found: under the Portuguese (and Italian) "Bibliografia" (a docling conversion of a Brazilian review); a web clip
of an arXiv HTML page (Obsidian's Web Clipper) whose "References" heading holds nothing (or "Contents"), its entries
Markdown footnote definitions ("[^1]: ...") after the appendices.
Lists split: page counters ("7 / 9", a Consensus report's footer) read as entries' numbers.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reader_helpers import read_text as _read


@pytest.mark.parametrize("under_heading", ["", "Contents"])
def test_footnote_definitions_after_an_empty_references_heading(tmp_path: Path, under_heading: str) -> None:
    survey = _read(tmp_path, f"""\
# Recursive transformers

## 1 Introduction

Parameter sharing saves memory [^1]. Early exits save compute [^2] [^3].

## 2 Conclusion

Both help.

## References

{under_heading}

## Appendix A Details

The router is a linear layer.

[^1]: Joshua Ainslie and Sumit Sanghai. GQA: training generalized multi-query transformer models. In *EMNLP*, 2023.

[^2]: Sangmin Bae and Se-Young Yun. Fast and robust early-exiting framework for autoregressive language models. In *EMNLP*, 2023.

[^3]: Tal Schuster and Donald Metzler. Confident adaptive language modeling. In *NeurIPS*, 2022.
""")
    assert len(survey.references) == 3
    assert survey.references[0].raw.startswith("Joshua Ainslie")
    marks = [m for sec in survey.sections for para in sec.paragraphs for m in para.citations]
    assert len(marks) == 3 and all(m.ref_ids for m in marks)


def test_page_counters_are_no_entry_numbers(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Extracted Text for narrative.pdf

Introduction

Stories persuade (Green & Brock, 2000; Bieniek-Tobasco et al., 2020; Cohen et al., 2015; Appel & Richter, 2007).

Discussion

Transportation lasts (Oschatz & Marker, 2020).

References

Green, M., & Brock, T. (2000). The role of transportation in the persuasiveness of public narratives. Journal of
Personality and Social Psychology, 79, 701-721. https://doi.org/10.1037/0022-3514.79.5.701

1 / 3

Bieniek-Tobasco, A., Rimal, R., & Harrington, C. (2020). The Power of Being Transported. Science Communication, 42,
776 - 802. https://doi.org/10.1177/1075547020951794

Cohen, J., Tal-Or, N., & Mazor-Tregerman, M. (2015). The tempering effect of transportation. Journal of
Communication, 65, 237-258. https://doi.org/10.1111/JCOM.12144

2 / 3

Appel, M., & Richter, T. (2007). Persuasive Effects of Fictional Narratives Increase Over Time. Media Psychology,
10, 113-134. https://doi.org/10.1080/15213260701301194

Oschatz, C., & Marker, C. (2020). Long-term Persuasive Effects in Narrative Communication Research. Journal of
Communication, 70, 473-496. https://doi.org/10.1093/joc/jqaa017

3 / 3
""")
    assert [r.raw.split(",")[0] for r in survey.references] == ["Green", "Bieniek-Tobasco", "Cohen", "Appel", "Oschatz"]


def test_a_list_under_bibliografia(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Lipopolissacarídeo e NFKB

## Introdução

O LPS ativa o NFKB (Akira & Takeda, 2004; Bonizzi & Karin, 2004).

## Bibliografia

Akira,  S.,  Takeda,  K.  (2004).  Toll-like  receptor  signalling.  Nat Rev Immunol. 4:499-511.

Bonizzi, G., Karin, M.  (2004). The  two  NF-kB  activation pathways and their role in innate and adaptative immunity. Trends Immunol, 25, 280-288.
""")
    assert [r.raw.split(",")[0] for r in survey.references] == ["Akira", "Bonizzi"]
    assert [s.title for s in survey.top_level_sections()] == ["Introdução"]
