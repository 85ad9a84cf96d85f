"""The data model's own logic: non-content sections, identifier normalisation, navigation."""

from __future__ import annotations

import pytest

from surveybench.model import (
    CitationMark,
    Paragraph,
    Reference,
    Section,
    Survey,
    is_non_content_title,
    normalise_arxiv_id,
    normalise_doi,
)


@pytest.mark.parametrize(
    "title",
    [
        "References",
        "REFERENCES",
        "## References",
        "Bibliography",
        "Acknowledgments",
        "Acknowledgements",
        "ACKNOWLEDGMENT",
        "Funding",
        "Author Contributions",
        "Competing interests",
        "Conflicts of Interest",
        "Conflict of interest",
        "Declaration of competing interest",
        "Supplementary Material",
        "Appendix",
        "Appendix A",
        "APPENDIX B: Proofs",
        "7 References",
        "VIII. Acknowledgment",
        "Figure 2 :",
        "Table 2 :",
        "Data availability statement",
        "Disclosure statement",
        "Conflict of Interest Statement",
        "Competing interests statement",
        "Biographies",
        "Author Biographies",
        "Ethics approval and consent to participate",
        "Consent for publication",
        "Availability of data and materials",
        "Declaration of generative AI and AI-assisted technologies in the writing process",
        "Publisher's Note",
        "Author details",
        "Supplementary files",
    ],
)
def test_non_content_titles_are_recognised(title: str) -> None:
    assert is_non_content_title(title)


@pytest.mark.parametrize(
    "title",
    [
        "Introduction",
        "1 Introduction",
        "Graph Neural Networks for Recommendation",
        "Referenced Datasets and Benchmarks",  # starts like "References" but is content
        "Funding Agencies' Role in Open Science",
        "Tables of Results for Diffusion Models",
        "Conclusion",
        "III-A Original Visual Transformer",
        "Limitations",  # the authors' own discussion, not back matter (not in App. C's list)
        "Limitations and Future Directions",
        "Figure it out: Visual Reasoning Benchmarks",
        "Tabular Data Generation",
        "Ethical Considerations of Large Language Models",
        "Open Access Datasets for Medical Imaging",
        "Notes on Evaluation Protocols",
    ],
)
def test_content_titles_are_kept(title: str) -> None:
    assert not is_non_content_title(title)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("https://doi.org/10.1007/BF02459570", "10.1007/bf02459570"),
        ("doi:10.1155/2018/7068349", "10.1155/2018/7068349"),
        ("http://dx.doi.org/10.1/ABC", "10.1/abc"),
        ("", None),
        (None, None),
    ],
)
def test_normalise_doi(raw: str | None, expected: str | None) -> None:
    assert normalise_doi(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("arXiv:2101.00001v2", "2101.00001"),
        ("https://arxiv.org/abs/1706.03762", "1706.03762"),
        ("2303.18223", "2303.18223"),
        ("hep-th/9901001v1", "hep-th/9901001"),
        ("not an id", None),
    ],
)
def test_normalise_arxiv_id(raw: str, expected: str | None) -> None:
    assert normalise_arxiv_id(raw) == expected


def _survey() -> Survey:
    text = "Attention [1] and convolutions [2; 1] both work."
    return Survey(
        id="s",
        title="T",
        sections=[
            Section(index=0, level=1, title="Intro", paragraphs=[
                Paragraph(text=text, citations=[
                    CitationMark(marker="[1]", start=10, end=13, ref_ids=["1"]),
                    CitationMark(marker="[2; 1]", start=31, end=37, ref_ids=["2", "1"]),
                ]),
            ]),
            Section(index=1, level=2, title="Details", parent=0, paragraphs=[
                Paragraph(text="More [3].", citations=[
                    CitationMark(marker="[3]", start=5, end=8, ref_ids=["3"]),
                ]),
            ]),
            Section(index=2, level=1, title="References", is_content=False, paragraphs=[
                Paragraph(text="[1] A paper"),
            ]),
        ],
        references=[Reference(id=str(i), title=f"Paper {i}") for i in (1, 2, 3, 4)],
    )


def test_navigation() -> None:
    s = _survey()
    assert s.sections[0].paragraphs[0].text[10:13] == "[1]"
    assert s.sections[0].paragraphs[0].ref_ids == ["1", "2"]
    assert s.cited_ref_ids() == ["1", "2", "3"]
    assert [x.title for x in s.top_level_sections()] == ["Intro"]
    assert [x.title for x in s.top_level_sections(content_only=False)] == ["Intro", "References"]
    assert "[1] A paper" not in s.body_text()
    assert s.full_text().startswith("T\n\nIntro\n\nAttention")
    assert not s.is_generated and s.model_copy(update={"system": "X"}).is_generated


def test_unknown_fields_are_refused() -> None:
    with pytest.raises(ValueError):
        Reference(id="1", titel="typo")  # type: ignore[call-arg]


def test_json_round_trip_is_exact() -> None:
    s = _survey()
    assert Survey.model_validate_json(s.model_dump_json()) == s
