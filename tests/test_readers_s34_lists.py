"""Reference-list failure classes of the tuning splits, fixed by the files' own evidence (issue 9, stop 34, area L).

Lists found: under their name in the paper's own language (Portuguese "Referências", Dutch reports' "Literatuur",
"Bronnenlijst", Korean "참고문헌", Gemini's Chinese reports' "引用的著作", a dissertation's "List of References"); under a
heading carrying a note on the list ("본 참고문헌은 ... 제시한다."), the entries under subheadings numbered on across them;
unheaded after the conflicts of interest, MDPI's entries printing the year before the volume ("Biochem. J. 1928, 22,
968--979."); Perplexity's sources one a line as linked numbers ("[1](https://...)").
Lists split: a dotted list whose labels a converter printed in another shape for a run ("^{64}", "- (65)", ..., "91.");
an ACM list whose wrapped locators open lines with numbers ("10 pages. https://doi.org/...", "18 (May 2011), 12 pages.")
taken for a source list; a pasted "Works cited" list, one source a line, a few titles opening with a number ("4 Cable TV
Networks ..."); Chinese APA entries ("陈丽媛, 陈小满, 赵世奎. (2023).") after English ones.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reader_helpers import read_text as _read

_ENTRIES = """\
Chen, S., Zhou, Y. & Gu, J. fastp: an ultra-fast FASTQ preprocessor. *Bioinformatics* **34**, i884–i890 (2018).

Eddy, S. R. Accelerated profile HMM searches. *PLoS Comput. Biol.* **7**, e1002195 (2011).

Fenn, A. et al. Alternative splicing analysis benchmark with DICAST. *NAR Genom. Bioinform.* **5**, lqad044 (2023).
"""


@pytest.mark.parametrize("name", ["Referências", "REFERÊNCIAS", "Literatuur", "LITERATUURLIJST", "Referenties", "Bronnenlijst",
                                  "참고문헌", "引用的著作", "List of References"])
def test_a_list_under_its_name_in_the_papers_language(tmp_path: Path, name: str) -> None:
    survey = _read(tmp_path, f"""\
# Transcriptoma do intestino médio

## Introdução

Os genes foram anotados (Eddy, 2011) e as leituras filtradas (Chen et al., 2018).

## Discussão

O splicing foi comparado (Fenn et al., 2023).

## {name}

{_ENTRIES}""")
    assert [s.title for s in survey.top_level_sections()] == ["Introdução", "Discussão"]
    assert len(survey.references) == 3
    assert survey.references[2].raw.startswith("Fenn, A.")


def test_a_note_on_the_list_then_its_parts_under_subheadings(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# 심리학 학부 교육 범위 검토

## 서론

능동학습은 성취 격차를 줄인다 [1], [3].

## 결론

재현성 혁명이 교육을 바꾼다 [4].

## References

본 참고문헌은 본문에서 직접 인용된 핵심 소스 4편을 중심으로 제시한다.

### B1 교과과정 설계

1. Freeman, S. et al. (2014). Active learning increases student performance. *PNAS*, 111(23), 8410-8415.
2. Theobald, E. J. et al. (2020). Active learning narrows achievement gaps. *PNAS*, 117(12), 6476-6483.

### B2 연구 방법론

3. Korbmacher, M. et al. (2023). The replication crisis has led to positive changes. *Communications Psychology*, 1, 3.
4. Frank, M. C. et al. (2025). *Experimentology*. MIT Press.
""")
    assert [s.title for s in survey.top_level_sections()] == ["서론", "결론"]
    assert len(survey.references) == 4
    assert survey.references[0].raw.startswith("Freeman, S.")
    assert survey.references[3].raw.startswith("Frank, M. C.")


def test_an_unheaded_numbered_list_printing_the_year_before_the_volume(tmp_path: Path) -> None:
    journals = ["Biochem. J.", "Proc. Soc. Exp. Biol. Med.", "Biokhimiia", "Neurotoxicology", "Nat. Rev. Neurosci.", "J. Neurosci.",
                "Glia", "J. Comp. Neurol.", "J. Neural Transm.", "Neuroscience", "Nat. Commun."]
    entries = "\n".join(f"{n}. Author{chr(64 + n)}, M.L.; Second, J. Title number {n} of the study. {j} {1990 + n}, {n + 20}, {n}00--{n}09. [CrossRef]"
                        for n, j in enumerate(journals, 1))
    survey = _read(tmp_path, f"""\
# Astrocytic MAOB in Parkinson's disease

## 1. Introduction

MAOB was found in liver [1,2] and in the brain [3-5].

## 2. Concluding Remarks

MAOB is a target [6-11].

The authors declare no conflict of interest.

{entries}
""")
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Concluding Remarks"]
    assert len(survey.references) == 11
    assert survey.references[10].raw.startswith("AuthorK, M.L.; Second, J. Title number 11")


def test_perplexitys_sources_each_a_linked_number_on_its_line(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
## Recommended Solution: Serverless Article Extraction

### Architecture Overview

Use Vercel Functions for the extraction.[1][3] Netlify is the alternative.[2]

### Recommendation Summary

Switch to Cloudflare Workers at scale.[4][1]

[1](https://vercel.com/docs/functions)
[2](https://www.netlify.com/blog/intro-to-serverless-functions/)
[3](https://vercel.com/blog/edge-functions-generally-available)
[4](https://developers.cloudflare.com/workers/)
""")
    assert len(survey.references) == 4
    assert [r.id for r in survey.references] == ["1", "2", "3", "4"]
    assert survey.references[3].raw == "https://developers.cloudflare.com/workers/"
