"""Hand-written Markdown snippets for citation and reference styles the dev files show rarely:
ranges with en-dashes, multi-line entries, quoted IEEE titles, unnumbered lists (ACL,
natbib, IEEE), author-year citations, bare numbers next to years/sections/decimals, headings
numbered with Roman numerals or appendix letters."""

from __future__ import annotations

from pathlib import Path

import pytest

from surveybench.readers import read_survey, read_survey_report
from surveybench.readers.markdown import parse_heading
from surveybench.readers.refstrings import parse_reference_string

BODY = """## 1 Introduction

Intro text.

## 2 Methods

More text.

## 3 Outlook

Final text.
"""


def _md(tmp_path: Path, text: str, name: str = "Snippet Topic.md") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _marks(survey) -> list[tuple[str, list[str], list[str]]]:  # type: ignore[no-untyped-def]
    return [(m.marker, m.ref_ids, m.unresolved) for _s, _p, m in survey.citation_marks()]


def test_numeric_styles_ranges_en_dash_and_lists(tmp_path: Path) -> None:
    text = (
        "# A Survey\n\n## 1 Intro\n\n"
        "Ranges [3-5] and [3–5] and [2]–[4], lists [1; 2] and [1,6] and [1, 2, and 6], "
        "unknown [9], a link [1](https://x.org) and an image ![2](img.png) and an interval [0,1].\n\n"
        "## 2 B\n\nText [6].\n\n## 3 C\n\nText.\n\n## References\n\n"
        + "\n\n".join(f"[{i}] Title number {i}" for i in range(1, 7))
        + "\n"
    )
    s = read_survey(_md(tmp_path, text))
    assert _marks(s) == [
        ("[3-5]", ["3", "4", "5"], []),
        ("[3–5]", ["3", "4", "5"], []),
        ("[2]–[4]", ["2", "3", "4"], []),
        ("[1; 2]", ["1", "2"], []),
        ("[1,6]", ["1", "6"], []),
        ("[1, 2, and 6]", ["1", "2", "6"], []),
        ("[9]", [], ["9"]),
        ("[6]", ["6"], []),
    ]
    p = s.sections[0].paragraphs[0]
    m = p.citations[0]
    assert p.text[m.start : m.end] == "[3-5]"


def test_multi_line_and_several_per_line_numbered_entries(tmp_path: Path) -> None:
    refs = (
        "## REFERENCES\n\n"
        '[1] A. Smith and B. Jones, "Deep nets for graphs," in Proc. ICML, 2019. [2] C. Lee, '
        '"A second\n\npaper title," arXiv:2101.00001, 2021.\n\n'
        "[3] D. Kim et al. Learning things fast. In NeurIPS, pp. 1- 9, 2020.[4] E. Park, "
        "“Curly quoted title,” IEEE TPAMI, 2018, doi: 10.1109/TPAMI.2018.1234.\n"
    )
    s = read_survey(_md(tmp_path, "# T\n\n" + BODY + "\n" + refs))
    got = [(r.id, r.title, r.year) for r in s.references]
    assert got == [
        ("1", "Deep nets for graphs", 2019),
        ("2", "A second paper title", 2021),
        ("3", "Learning things fast", 2020),
        ("4", "Curly quoted title", 2018),
    ]
    r = s.reference_map()
    assert r["2"].arxiv_id == "2101.00001"
    assert r["4"].doi == "10.1109/tpami.2018.1234"
    assert [a.name for a in r["1"].authors] == ["A. Smith", "B. Jones"]


def test_ordered_list_references(tmp_path: Path) -> None:
    refs = "## References\n\n1. First title. https://a.org/x\n2. Second title\n   continued here\n3. Third\n"
    text = "# T\n\n## 1 A\n\nSee [1] and [2, 3].\n\n## 2 B\n\nx\n\n## 3 C\n\ny\n\n" + refs
    s = read_survey(_md(tmp_path, text))
    assert [(r.id, r.title) for r in s.references] == [
        ("1", "First title"),
        ("2", "Second title continued here"),
        ("3", "Third"),
    ]
    assert s.reference_map()["1"].url == "https://a.org/x"
    assert _marks(s) == [("[1]", ["1"], []), ("[2, 3]", ["2", "3"], [])]


ACL_LIST = """## References

Vaibhav Adlakha and Siva Reddy. 2023. Evaluating correctness of models. arXiv preprint arXiv:2307.16877. Ayush Agrawal, Lester Mackey, and Adam Tauman Kalai. 2023a. Do language models know when they're hallucinating references? arXiv preprint arXiv:2305.18248.

Ayush Agrawal and Lester Mackey. 2023b. Another paper. In Proceedings of the 2023 Conference on Empirical Methods in Natural

Language Processing, pages 1- 9.

OpenAI. 2023. GPT-4 technical report. arXiv preprint.

Jean- Michel Muñoz, Xu Li, and Bo Wu. 2021. Accents and hyphens. In ACL.
"""


def test_unnumbered_acl_list_and_author_year_citations(tmp_path: Path) -> None:
    body = (
        "# T\n\n## 1 Intro\n\nAs shown (Adlakha and Reddy, 2023; Agrawal et al., 2023a) and by "
        "Agrawal and Mackey (2023b), GPT-4 (OpenAI, 2023) hallucinates (Munoz et al., 2021). "
        "In Spring (2020) nothing happened; (Nobody et al., 2019) is not in the list.\n\n"
        "## 2 B\n\nx\n\n## 3 C\n\ny\n\n"
    )
    s, rep = read_survey_report(_md(tmp_path, body + ACL_LIST))
    assert [(r.id, r.title, r.year) for r in s.references] == [
        ("u1", "Evaluating correctness of models", 2023),
        ("u2", "Do language models know when they're hallucinating references?", 2023),
        ("u3", "Another paper", 2023),
        ("u4", "GPT-4 technical report", 2023),
        ("u5", "Accents and hyphens", 2021),
    ]
    assert s.reference_map()["u3"].raw.endswith("Language Processing, pages 1- 9.")
    assert _marks(s) == [
        ("(Adlakha and Reddy, 2023; Agrawal et al., 2023a)", ["u1", "u2"], []),
        ("Agrawal and Mackey (2023b)", ["u3"], []),
        ("(OpenAI, 2023)", ["u4"], []),
        ("(Munoz et al., 2021)", ["u5"], []),
        ("(Nobody et al., 2019)", [], ["Nobody et al., 2019"]),
    ]
    assert rep.unresolved_keys == 1 and rep.markers_linked == 4


def test_unnumbered_natbib_year_last_with_assigned_suffixes(tmp_path: Path) -> None:
    refs = (
        "## References\n\n"
        "Xin Liu, Daniel McDuff, and Bo Sun. Health learners. arXiv preprint arXiv:2305.15525, 2023. "
        "Xu Liu, Junfeng Hu, and Yuan Li. Unitime: a unified model. arXiv preprint, 2023.\n\n"
        "Chenxi Liu and Sun Yang. Traffic prediction with llms. In KDD, 2024.\n"
    )
    body = "# T\n\n## 1 A\n\nSee [Liu et al., 2023b] and [Liu et al., 2023a; Liu and Yang, 2024].\n\n## 2 B\n\nx\n\n## 3 C\n\ny\n\n"
    s = read_survey(_md(tmp_path, body + refs))
    assert [r.title for r in s.references] == ["Health learners", "Unitime: a unified model", "Traffic prediction with llms"]
    assert _marks(s) == [
        ("[Liu et al., 2023b]", ["u2"], []),
        ("[Liu et al., 2023a; Liu and Yang, 2024]", ["u1", "u3"], []),
    ]


def test_unnumbered_ieee_quoted_one_per_paragraph(tmp_path: Path) -> None:
    refs = (
        "## Bibliography\n\n"
        'A. Vaswani, N. Shazeer, and N. Parmar, "Attention is all you need," in NeurIPS, 2017.\n\n'
        'K. He, X. Zhang, S. Ren, and J. Sun, "Deep residual learning for image recognition," in CVPR, 2016.\n'
    )
    s = read_survey(_md(tmp_path, "# T\n\n" + BODY + "\n" + refs))
    assert [(r.title, r.year) for r in s.references] == [
        ("Attention is all you need", 2017),
        ("Deep residual learning for image recognition", 2016),
    ]


def test_bare_numbers_only_in_citation_context(tmp_path: Path) -> None:
    text = (
        "# T\n\n## 1 Intro\n\n"
        "Transformers appeared in 2017 1. Later work improved them 2 3. See Section 3. "
        "Accuracy reached 88.5% on 4 tasks. The top 5. Results 4, 5.\n\n"
        "Equation $x^{2}$ holds and the model $3$ is small; a superscript $^{2}$ cites.\n\n"
        "## 2 B\n\nText 6.\n\n## 3 C\n\nNothing 99.\n\n## References\n\n"
        + "\n\n".join(f"{i} Source {i} https://example.org/{i}" for i in range(1, 7))
        + "\n"
    )
    s = read_survey(_md(tmp_path, text))
    assert _marks(s) == [
        ("1", ["1"], []),
        ("2 3", ["2", "3"], []),
        ("4, 5", ["4", "5"], []),
        ("$^{2}$", ["2"], []),
        ("6", ["6"], []),
    ]


def test_no_bare_numbers_when_brackets_are_used(tmp_path: Path) -> None:
    text = (
        "# T\n\n## 1 A\n\nWe use [1] and [2] and [3]. Zuco 2. Table 1.\n\n## 2 B\n\nx [1].\n\n## 3 C\n\ny\n\n"
        "## References\n\n[1] A\n\n[2] B\n\n[3] C\n"
    )
    s = read_survey(_md(tmp_path, text))
    assert [m for m, *_ in _marks(s)] == ["[1]", "[2]", "[3]", "[1]"]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1 Introduction", ("1", 1, "Introduction")),
        ("2.3.1 Spectral Operators.", ("2.3.1", 3, "Spectral Operators.")),
        ("0. A Survey on X", ("0", 1, "A Survey on X")),
        ("III-A Original Visual Transformer", ("III-A", 2, "Original Visual Transformer")),
        ("VII-B1 Visual Grounding", ("VII-B1", 3, "Visual Grounding")),
        ("IV. TRANSFORMER FOR DETECTION", ("IV", 1, "TRANSFORMER FOR DETECTION")),
        ("A.1 Unconditional Sampling", ("A.1", 2, "Unconditional Sampling")),
        ("APPENDIX B EVALUATION", ("B", 1, "EVALUATION")),
        ("3D Generation", (None, None, "3D Generation")),
        ("Introduction", (None, None, "Introduction")),
        ("A Survey of Things", (None, None, "A Survey of Things")),
        ("2023 in Review", (None, None, "2023 in Review")),
    ],
)
def test_parse_heading(raw: str, expected: tuple) -> None:  # type: ignore[type-arg]
    assert parse_heading(raw) == expected


def test_heading_levels_from_depth_and_numbers(tmp_path: Path) -> None:
    text = (
        "# Big Title\n\n# 0. Big Title\n\nfront\n\n## I Introduction\n\nx\n\n### I-A Background\n\ny\n\n"
        "#### Unnumbered detail\n\nz\n\n## II Methods\n\nm\n\n## III Outlook\n\no\n\n"
        "## Acknowledgements\n\nthanks\n\n## Appendix A Proofs\n\np\n\n### A.1 Lemma\n\nq\n"
    )
    s, rep = read_survey_report(_md(tmp_path, text))
    assert s.title == "Big Title" and rep.skipped == {"repeated title heading": 1}
    got = [(x.number, x.level, x.parent, x.is_content) for x in s.sections]
    assert got == [
        ("I", 1, None, True),
        ("I-A", 2, 1, True),
        (None, 3, 2, True),
        ("II", 1, None, True),
        ("III", 1, None, True),
        (None, 1, None, False),
        ("A", 1, None, False),
        ("A.1", 2, 7, False),
    ]
    assert s.extra["front_matter"] == ["front"]


@pytest.mark.parametrize(
    ("raw", "title"),
    [
        ("[2010.11929] An Image is Worth 16x16 Words | Medium https://x.org/a", "An Image is Worth 16x16 Words"),
        ("Vision transformer - Wikipedia https://en.wikipedia.org/wiki/ViT", "Vision transformer"),
        ("[PDF] Video Diffusion Models https://papers.neurips.cc/x.pdf", "Video Diffusion Models"),
        ("arxiv.org https://arxiv.org/pdf/2111.06091", None),
        ("Some Title [https://a.b/c](https://a.b/c)", "Some Title"),
        ("[Linked Title](https://a.b/c)", "Linked Title"),
        ("J. Doe. Pre- trained models for every- thing. In ACL, 2020.", "Pre-trained models for every-thing"),
    ],
)
def test_reference_string_titles(raw: str, title: str | None) -> None:
    assert parse_reference_string(raw).title == title


def test_reference_identifiers() -> None:
    p = parse_reference_string(
        "[2010.11929] An Image is Worth https://ar5iv.labs.arxiv.org/html/2010.11929 doi:10.5555/ABC.1"
    )
    assert p.arxiv_id == "2010.11929" and p.doi == "10.5555/abc.1"
    p = parse_reference_string("Y. Xu et al., \"Stable target field,\" ArXiv, vol. abs/2302.00670, 2023.")
    assert p.arxiv_id == "2302.00670" and p.year == 2023
    p = parse_reference_string("Foo https://medium.com/@x/step- by- step- visual- intro- 235942d2f15c")
    assert p.url == "https://medium.com/@x/step-by-step-visual-intro-235942d2f15c"


def test_footnote_markers_and_definitions(tmp_path: Path) -> None:
    text = (
        "# T\n\n## 1 A\n\nClaim one[^1] and claim two[^2].\n\n## 2 B\n\nAgain[^1].\n\n## 3 C\n\nz\n\n"
        "## Sources\n\n[^1]: First source https://a.org/1\n[^2]: Second source https://b.org/2\n"
    )
    s = read_survey(_md(tmp_path, text))
    assert [(r.id, r.title, r.url) for r in s.references] == [
        ("1", "First source", "https://a.org/1"),
        ("2", "Second source", "https://b.org/2"),
    ]
    assert _marks(s) == [("[^1]", ["1"], []), ("[^2]", ["2"], []), ("[^1]", ["1"], [])]


def test_dot_numbered_list_from_pdf_with_superscripts_and_bare_ranges(tmp_path: Path) -> None:
    refs = (
        "## References\n\n"
        "1. LeCun, Y., Bengio, Y. & Hinton, G. Deep learning. Nature 521, 436- 444 (2015). 2. Smith, J. "
        "Graph nets. Science 3, 1- 2 (2019).\n\n3. Lee, K. A broken\n\nentry title. Cell 9 (2020).\n"
        "4. Kim, D. Last one. (2021).\n"
    )
    body = (
        "# T\n\n## 1 A\n\nDeep networks$^{1,2}$ and graphs<sup>2-4</sup> help. Nets are good 3– 4. "
        "In 2015 there were 2 models.\n\n## 2 B\n\nx\n\n## 3 C\n\ny\n\n"
    )
    s = read_survey(_md(tmp_path, body + refs))
    assert [r.id for r in s.references] == ["1", "2", "3", "4"]
    assert s.reference_map()["3"].raw == "Lee, K. A broken entry title. Cell 9 (2020)."
    assert _marks(s) == [
        ("$^{1,2}$", ["1", "2"], []),
        ("<sup>2-4</sup>", ["2", "3", "4"], []),
        ("3– 4", ["3", "4"], []),
    ]


def test_bold_references_line_and_duplicate_sources_kept_apart(tmp_path: Path) -> None:
    # (stop 38: a numbered "[n] ..." list printing one source under two labels keeps an entry a label -- the labelled
    # LLM reports' "## Sources" lists count each label; only a deep-research source list's repeats are merged)
    text = (
        "# T\n\n## 1 A\n\nSee [1] and [3].\n\n## 2 B\n\nx [2]\n\n## 3 Conclusion\n\nDone.\n\n**References:**\n\n"
        "[1] Attention Is All You Need https://arxiv.org/abs/1706.03762\n"
        "[2] Other paper https://x.org\n"
        "[3] Attention Is All You Need https://arxiv.org/abs/1706.03762\n"
    )
    s, rep = read_survey_report(_md(tmp_path, text))
    assert [(r.id, r.numbers, r.arxiv_id) for r in s.references] == [
        ("1", ["1"], "1706.03762"),
        ("2", ["2"], None),
        ("3", ["3"], "1706.03762"),
    ]
    assert _marks(s) == [("[1]", ["1"], []), ("[3]", ["3"], []), ("[2]", ["2"], [])]
    assert s.sections[2].text() == "Done."
    assert not any("merged" in w for w in rep.warnings)


def test_numbering_restarting_in_a_second_reference_section(tmp_path: Path) -> None:
    text = (
        "# T\n\n## 1 A\n\nx [1]\n\n## 2 B\n\ny\n\n## 3 C\n\nz\n\n## References\n\n[1] Main one\n\n[2] Main two\n\n"
        "## Appendix A\n\nMore.\n\n## References\n\n[1] Appendix one\n"
    )
    s, rep = read_survey_report(_md(tmp_path, text))
    assert [r.raw for r in s.references] == ["Main one", "Main two"]
    assert rep.skipped == {"entry whose numbers were all defined before": 1}
    assert "reference number 1 defined twice; kept the first" in rep.warnings


def test_author_year_shared_year_suffixes(tmp_path: Path) -> None:
    refs = (
        "## References\n\nAnn Smith and Bo Lee. 2020a. First. In ACL.\n\nAnn Smith and Bo Lee. 2020b. Second. In ACL.\n\n"
        "Cy Park. 2019. Third. In ACL.\n"
    )
    body = "# T\n\n## 1 A\n\nAs in (Smith and Lee, 2020a, b; Park 2019).\n\n## 2 B\n\nx\n\n## 3 C\n\ny\n\n"
    s = read_survey(_md(tmp_path, body + refs))
    assert _marks(s) == [("(Smith and Lee, 2020a, b; Park 2019)", ["u1", "u2", "u3"], [])]


def test_ieee_letter_subsections_list_without_heading_and_dagger_markers(tmp_path: Path) -> None:
    text = (
        "# T\n\n## I. INTRODUCTION\n\nText [1] and 【2†source】.\n\n## A. Background\n\nb\n\n"
        "## II. METHODS\n\nm\n\n## III. CONCLUSION\n\nDone.\n\n- [1] First title\n- [2] Second title\n"
    )
    s, rep = read_survey_report(_md(tmp_path, text))
    assert [(x.number, x.level, x.parent, x.title) for x in s.sections] == [
        ("I", 1, None, "INTRODUCTION"),
        ("A", 2, 1, "Background"),
        ("II", 1, None, "METHODS"),
        ("III", 1, None, "CONCLUSION"),
    ]
    assert [(r.id, r.raw) for r in s.references] == [("1", "First title"), ("2", "Second title")]
    assert s.sections[-1].text() == "Done."
    assert _marks(s) == [("[1]", ["1"], []), ("【2†source】", ["2"], [])]
    assert any("without a heading" in w for w in rep.warnings)


def test_source_titles_starting_with_a_digit(tmp_path: Path) -> None:
    text = (
        "# T\n\n## 1 A\n\nSplatting works 12. Also 3.\n\n## 2 B\n\nx\n\n## 3 C\n\ny\n\n## References\n\n"
        "12 3D Gaussian Splatting for Real-Time Rendering https://arxiv.org/abs/2308.04079\n\n"
        "3 7 2-Stage Models https://x.org/2m\n"
    )
    s = read_survey(_md(tmp_path, text))
    assert [(r.numbers, r.title) for r in s.references] == [
        (["12"], "3D Gaussian Splatting for Real-Time Rendering"),
        (["3", "7"], "2-Stage Models"),
    ]
    assert _marks(s) == [("12", ["12"], []), ("3", ["3"], [])]


def test_title_at_depth_two_and_reference_style_link_definitions(tmp_path: Path) -> None:
    text = (
        "## My Survey\n\n### 1 Intro\n\nA [1].\n\n### 2 Body\n\nB [2].\n\n### 3 End\n\nC.\n\n### References\n\n"
        '[1]: https://a.org/x "Paper One"\n[2]: https://b.org/y "Paper Two"\n'
    )
    s, rep = read_survey_report(_md(tmp_path, text))
    assert s.title == "My Survey" and [x.title for x in s.top_level_sections()] == ["Intro", "Body", "End"]
    assert [(r.id, r.title, r.url) for r in s.references] == [
        ("1", "Paper One", "https://a.org/x"),
        ("2", "Paper Two", "https://b.org/y"),
    ]
    assert rep.markers_linked == 2
