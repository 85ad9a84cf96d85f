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


def test_a_dotted_list_whose_labels_change_shape_for_a_run(tmp_path: Path) -> None:
    shapes = {12: "^{12} ", 13: "- (13) ", 14: "- (14) "}
    entries = "\n".join(f"{shapes.get(n, f'{n}. ')}Author{chr(64 + n)}, M.L.; Second, J. Title number {n}. J. Neurosci. {1990 + n}, {n}, 1--9."
                        for n in range(1, 16))
    survey = _read(tmp_path, f"""\
# Astrocytic MAOB in Parkinson's disease

## Introduction

MAOB was found in liver [1,2] and in the brain [12-14].

## References

{entries}
""")
    assert len(survey.references) == 15
    assert survey.references[12].raw.startswith("AuthorM, M.L.; Second, J. Title number 13.")
    assert survey.references[14].raw.startswith("AuthorO, M.L.")


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


def test_an_acm_list_whose_wrapped_locators_open_lines_with_numbers(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Learned Motion Matching

INTRODUCTION
Motion matching searches a database (Clavet 2016; Lee et al. 2018; Levine et al. 2012; Mukai 2011).
REFERENCES
Simon Clavet. 2016. Motion Matching and The Road to Next-Gen Animation. In Proc.
of GDC 2016.
Kyungho Lee, Seyoung Lee, and Jehee Lee. 2018. Interactive Character Animation by
Learning Multi-objective Control. ACM Trans. Graph. 37, 6, Article 180 (Dec. 2018),
10 pages. https://doi.org/10.1145/3272127.3275071
Sergey Levine, Jack M. Wang, Alexis Haraux, Zoran Popović, and Vladlen Koltun. 2012.
Continuous Character Control with Low-Dimensional Embeddings. ACM Trans. Graph. 31, 4, Article 28 (July 2012),
10 pages. https://doi.org/10.1145/2185520.2185524
Tomohiko Mukai. 2011. Motion Rings for Interactive Gait Synthesis. ACM Trans. Graph. 30, 3, Article
18 (May 2011), 12 pages. https://doi.org/10.1145/1966394.1966397
""")
    assert len(survey.references) == 4
    assert survey.references[0].raw.startswith("Simon Clavet. 2016.")
    assert survey.references[3].raw.startswith("Tomohiko Mukai. 2011.")


def test_a_pasted_works_cited_list_with_titles_opening_with_a_number(tmp_path: Path) -> None:
    sources = ["New Year, No Shutdowns: The Q1 2025 Internet Disruption Summary", "Outage - The Cloudflare Blog",
               "4 Cable TV Networks Are Shutting Down in August 2025 - YouTube", "Vehicle Safety Recalls",
               "17 Biggest AI Controversies of 2025 | Latest Edition - Crescendo.ai", "Crash Discussion - RC Groups",
               "FastStats - Marriage and Divorce - CDC", "Supreme Court statistical reports - Wisconsin Court System",
               "Odd Creatures News -- ScienceDaily", "Crime Trends in US Cities: Mid-Year 2025 Update",
               "How Personal Injury Law Is Changing in 2025", "Darrow · 5 Litigation Trends to Watch in 2025"]
    works = "\n".join(f"{t}, accessed September 17, 2025, https://example{k}.org/page" for k, t in enumerate(sources, 1))
    survey = _read(tmp_path, f"""\
# Global Incident Review 2025

## Section 1: Platforms

Outages hit the networks.2 Cable channels closed.3 Controversies grew.5

## Section 2: Society

Recalls went on.4 Divorce rates fell.7

Works cited

{works}
""")
    assert len(survey.references) == 12
    assert survey.references[2].raw.startswith("4 Cable TV Networks")
    assert survey.references[4].raw.startswith("17 Biggest AI")
    assert [r.id for r in survey.references][-1] == "12"


def test_chinese_apa_entries_after_english_ones(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
## 文献综述

### 一、国际学术流动

国际流动影响科研产出（Netz et al., 2020；陈丽媛等，2023；李峰，2018）。

### 参考文献

Netz, N., Hampel, S., & Aman, V. (2020). What effects does international mobility have on scientists' careers? *Higher Education*, 79, 1–22.

Wang, X., Shen, W., & Zhu, J. (2023). Being internationally mobile while keeping domestic social capital. *Higher Education*, 85, 1–18.

陈丽媛, 陈小满, 赵世奎. (2023). 学术人才国际流动如何影响科研产出. *教育研究*, 44(2), 1–12.

李峰. (2018). 海归学者的跨国资本本土化及其效果评价研究. *华侨华人历史研究*, (2), 26–33.
""")
    assert len(survey.references) == 4
    assert survey.references[2].raw.startswith("陈丽媛, 陈小满, 赵世奎. (2023).")
    assert survey.references[3].raw.startswith("李峰. (2018).")
