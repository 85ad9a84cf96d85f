"""Issue 9, third round: the failure classes left on files the readers were never tuned to, one
hand-written snippet each -- journal reference styles (J Neurophysiol, J Neurosci, eLife,
Vancouver single authors), entries glued on one line, author-year forms ("(Smith, 2020a;
2020b)", "Lee *et al.*"), flat heading levels of PDF transcriptions, a table of contents
printed as headings, and a report citing bare numbers with no source list. The entries, counts
and links below are written out by hand."""

from __future__ import annotations

from pathlib import Path

from surveybench.readers.refstrings import parse_reference_string, surname
from tests.reader_helpers import read_report as _read


def _paper(intro: str, refs: list[str], sep: str = "\n\n") -> str:
    return ("# A Study of Things\n\n## Introduction\n\n" + intro + "\n\n## Methods\n\nPlain text.\n\n"
            "## References\n\n" + sep.join(refs) + "\n")


def _marks(s) -> list[tuple[str, list[str], list[str]]]:  # type: ignore[no-untyped-def]
    return [(m.marker, m.ref_ids, m.unresolved) for *_x, m in s.citation_marks()]


def _tops(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [x.title for x in s.top_level_sections()]


# ---- author-year: journal styles, surname-first names with initials after them -------------------


def test_vancouver_names_key_on_the_surname_not_the_initials() -> None:
    # "Smith AB": the initials follow the surname without a comma; "Meta AI" is read the same way
    # in the list and in the text, so the two still meet
    assert [surname(n) for n in ("Smith AB", "Lee K", "Tai C.-L.", "Wei Ji Ma", "Jussi PP Jokinen", "Smith, J. A.")] == [
        "smith", "lee", "tai", "ma", "jokinen", "smith"]


def test_journal_author_year_styles_one_entry_a_line(tmp_path: Path) -> None:
    cite = "Cells adapt (Smith and Jones 2004; Lee et al. 2010; Wang 2001). Smith and Jones (2004) showed it."
    styles = {
        # J Neurophysiol: Vancouver names, the year last after "volume: pages,"; a single author
        "jnp": ["Lee K, Park J, Kim M. Adaptation in cortex. J Neurophysiol 92: 1234–1245, 2010.",
                "Smith AB, Jones CD. Motion signals in area MT. J Neurophysiol 83: 100–110, 2004.",
                "Wang X. Single author work. J Neurophysiol 1: 1-2, 2001."],
        # J Neurosci: "(year)" after the names
        "jns": ["Lee K, Park J, Kim M (2010) Adaptation in cortex. J Neurosci 30:1234–1245.",
                "Smith AB, Jones CD (2004) Motion signals in area MT. J Neurosci 24:100–110.",
                "Wang X (2001) Single author work. Neuron 5:1–2."],
        # eLife / Cerebral Cortex: "Names. year. Title. Journal" -- the camel-case journal ends the title
        "elife": ["Lee K, Park J, Kim M. 2010. Adaptation in cortex. Cereb Cortex 20:1234–1245.",
                  "Smith AB, Jones CD. 2004. Motion signals in area MT. eLife 3:e100.",
                  "Wang X. 2001. Single author work. Neuron 5:1–2."],
    }
    for name, refs in styles.items():
        for sep in ("\n\n", "\n", " "):  # blank lines, one entry a line, all on one line
            s, _rep = _read(tmp_path, _paper(cite, refs, sep), name=f"{name}{len(sep)}{sep == ' '}.md")
            assert [r.title for r in s.references] == [
                "Adaptation in cortex", "Motion signals in area MT", "Single author work"], (name, sep)
            assert [r.year for r in s.references] == [2010, 2004, 2001], (name, sep)
            assert _marks(s) == [
                ("(Smith and Jones 2004; Lee et al. 2010; Wang 2001)", ["u2", "u1", "u3"], []),
                ("Smith and Jones (2004)", ["u2"], []),
            ], (name, sep)


def test_entries_glued_or_closed_by_an_identifier_after_the_year(tmp_path: Path) -> None:
    cite = "Cells adapt (Smith and Jones, 2004; Lee et al., 2010; Wang, 2001)."
    a = "Alan Smith and Carl Jones. Motion signals in area MT. JMLR, 24:100–110, 2004."
    c = "Xi Wang. Single author work. Neural Computation, 2001."
    lists = {
        # natbib glued at the period: "2004.Kyu Lee"
        "glued": [a + "Kyu Lee, Jin Park, and Min Kim. Adaptation in cortex. In NeurIPS, pages 1–9, 2010." + c],
        # APA glued after the pages: "1234–1245.Smith, A. B."
        "apa": ["Lee, K., Park, J., & Kim, M. (2010). Adaptation in cortex. Journal of Vision, 30(3), 1234–1245."
                "Smith, A. B., & Jones, C. D. (2004). Motion signals in area MT. Vision Research, 24, 100–110."
                "Wang, X. (2001). Single author work. Neuron, 5, 1–2."],
    }
    # after the year, a DOI, an arXiv id, "PMLR." or a URL still closes the entry (one entry a line)
    for tail in (" doi: 10.1234/abc.def.", " arXiv:2004.01234.", " PMLR.", " URL https://openreview.net/forum?id=abc."):
        lists[tail] = [a, "Kyu Lee, Jin Park, and Min Kim. Adaptation in cortex. In NeurIPS, pages 1–9, 2010." + tail, c]
    for name, refs in lists.items():
        s, _rep = _read(tmp_path, _paper(cite, refs, "\n"), name=f"g{len(name)}.md")
        assert sorted(r.title or "" for r in s.references) == [
            "Adaptation in cortex", "Motion signals in area MT", "Single author work"], name
        assert len(_marks(s)) == 1 and len(_marks(s)[0][1]) == 3 and _marks(s)[0][2] == [], name


def test_author_year_second_year_italic_et_al_and_spaced_commas(tmp_path: Path) -> None:
    refs = ["Smith, A. B. (2004a). Motion signals in area MT. Vision Research, 24, 100–110.",
            "Smith, A. B. (2004b). Motion signals in area V4. Vision Research, 24, 111–120.",
            "Lee, K., Park, J., & Kim, M. (2010). Adaptation in cortex. Journal of Vision, 30(3), 1–5.",
            "de Souza, P., Ng, T., & Li, X. (2020). Particles in names. Neuron, 5, 1–2."]
    text = ("Cells adapt (Smith, 2004a; 2004b). Also (Lee *et al.*, 2010) and (Lee et al. , 2010). "
            "Lee *et al.* (2010) and de Souza _et al._ (2020) agree.")
    s, _rep = _read(tmp_path, _paper(text, refs))
    assert _marks(s) == [
        ("(Smith, 2004a; 2004b)", ["u1", "u2"], []),  # the second year after ";" is the same author's
        ("(Lee *et al.*, 2010)", ["u3"], []),
        ("(Lee et al. , 2010)", ["u3"], []),
        ("Lee *et al.* (2010)", ["u3"], []),
        ("de Souza _et al._ (2020)", ["u4"], []),
    ]


def test_titles_without_a_trailing_year_or_edition() -> None:
    cases = {
        "Alan Smith and Carl Jones. Motion signals in area MT, 2004.": "Motion signals in area MT",
        "Sutton RS, Barto AG (2018) Reinforcement learning: an introduction, 2nd edn. MIT Press, Cambridge":
            "Reinforcement learning: an introduction",
        "Smith AB, Jones CD. 2004. Motion signals in area MT. eLife 3:e100.": "Motion signals in area MT",
        "Wang X (2001) Single author work. Neuron 5:1–2.": "Single author work",
        "OpenAI (2023) Gpt-4 technical report. arXiv:2303.08774": "Gpt-4 technical report",  # a group author, Springer
        # IEEE web sources: "[Online]. Available:" and the URL are not the title
        'OpenAI, "Gpt-4v(ision) system card," 2023. [Online]. Available: https://cdn.openai.com/papers/GPTV_System_Card.pdf':
            "Gpt-4v(ision) system card",
        # Chicago: only the first name inverted; Vancouver names joined by "&"
        'Smith, A., and B. Jones. 2004. "Motion Signals in Area MT." Journal of Neuroscience 24: 100–110.':
            "Motion Signals in Area MT",
        "Born RT & Bradley DC (2005). Structure and function of visual area MT. Annu Rev Neurosci 28, 157–189.":
            "Structure and function of visual area MT",
        'Born, R. T., and D. C. Bradley. "Structure and function of visual area MT." Annu. Rev. Neurosci. 28 (2005): 157-189.':
            "Structure and function of visual area MT",
    }
    for raw, title in cases.items():
        assert parse_reference_string(raw).title == title, raw


def test_numbered_lines_without_a_dot_after_a_doi(tmp_path: Path) -> None:
    entries = ["Smith AB, Jones CD. Motion signals in area MT. J Neurophysiol. 2004;83:100–110. doi:10.1152/jn.1234.2004",
               "Lee K, Park J, Kim M. Adaptation in cortex. Neuron. 2010;30:1234–1245.",
               "Wang X. Single author work. Neural Comput. 2001;13:1–2.",
               "Zhou Y. Fourth entry here. Vision Res. 2005;4:1–9."]
    s, _rep = _read(tmp_path, _paper("Cells adapt [1, 2] and more [3, 4].", [f"{k} {e}" for k, e in enumerate(entries, 1)], "\n"))
    assert [r.numbers for r in s.references] == [["1"], ["2"], ["3"], ["4"]]
    assert [r.title for r in s.references] == [
        "Motion signals in area MT", "Adaptation in cortex", "Single author work", "Fourth entry here"]


# ---- section levels of PDF transcriptions ---------------------------------------------------------


def _headed(heads: list[str], empty: tuple[int, ...] = ()) -> str:
    body = "".join(f"{h}\n\n" + ("" if i in empty else "Some text about it here, long enough to be a body.\n\n")
                   for i, h in enumerate(heads))
    return "# A Survey of Things\n\n" + body + "## References\n\n1. Smith J. A title. Journal, 2020.\n"


def test_flat_numbered_headings_and_unnumbered_run_in_subheadings(tmp_path: Path) -> None:
    # every heading at "##": numbers give the levels; "Motivation", "Stimuli", "Procedure" sit
    # between sections numbered 1, 2, 3 without a gap, so they are subheadings
    s, _rep = _read(tmp_path, _headed(["## 1 Introduction", "## Motivation", "## 2 Methods", "## Stimuli",
                                       "## Procedure", "## 2.1 Analysis", "## 3 Discussion", "## Limitations",
                                       "## Acknowledgements"]))
    assert _tops(s) == ["Introduction", "Methods", "Discussion"]
    # a converter's shallower "# Stimuli" between 2 and 3 is a subheading too
    s, _rep = _read(tmp_path, _headed(["## 1 Introduction", "## 2 Methods", "### 2.1 Data", "# Stimuli",
                                       "## 3 Results"]), name="b.md")
    assert _tops(s) == ["Introduction", "Methods", "Results"]
    # an unnumbered heading where the numbering has a gap (1, _, 3) is the missing section; an
    # unnumbered Conclusion after the last numbered section keeps the top level when depths differ
    s, _rep = _read(tmp_path, _headed(["## 1 Introduction", "## Related work", "## 3 Methods", "### 3.1 Data",
                                       "## 4 Results", "## Conclusion"]), name="c.md")
    assert _tops(s) == ["Introduction", "Related work", "Methods", "Results", "Conclusion"]
    # numbers glued to the title by the converter: "1INTRODUCTION", "1.1Scope"; "3D Vision" is no number
    s, _rep = _read(tmp_path, _headed(["## 1INTRODUCTION", "## 1.1Scope", "## 2Methods", "## 3D Vision",
                                       "## 3Results"]), name="d.md")
    assert [(x.number, x.title, x.level) for x in s.sections[:5]] == [
        ("1", "INTRODUCTION", 1), ("1.1", "Scope", 2), ("2", "Methods", 1), (None, "3D Vision", 2), ("3", "Results", 1)]


def test_table_of_contents_printed_as_headings(tmp_path: Path) -> None:
    heads = ["## Contents", "## 1 Introduction", "## 2 Methods", "## 3 Results",
             "## 1 Introduction", "## 1.1 Scope", "## 2 Methods", "## 3 Results"]
    s, rep = _read(tmp_path, _headed(heads, empty=(0, 1, 2, 3)))
    assert _tops(s) == ["Introduction", "Methods", "Results"]
    assert [x.title for x in s.sections] == ["Contents", "Introduction", "Scope", "Methods", "Results", "References"]
    assert any("table of contents printed as headings" in k for k in rep.skipped)


# ---- a report citing bare numbers with no source list ----------------------------------------------


def test_bare_number_citations_without_a_list_are_counted(tmp_path: Path) -> None:
    text = ("# Report\n\n## Intro\n\nModels are trained on vast text 1 . They use attention 2. And more 3, 4.\n\n"
            "## Body\n\nScaling helps 5 . In 2023 there were 12 layers in many models 6 . Cost fell 7 .\n")
    s, rep = _read(tmp_path, text)
    # 1..7 climb in order of first use: citations, counted unresolved; "12 layers" is mid-sentence
    # and "2023" a year, neither taken
    assert [(m, u) for m, _ids, u in _marks(s)] == [
        ("1", ["1"]), ("2", ["2"]), ("3, 4", ["3", "4"]), ("5", ["5"]), ("6", ["6"]), ("7", ["7"])]
    assert rep.markers == 6 and rep.markers_linked == 0 and rep.unresolved_keys == 7
    # numbers that do not climb (counts in prose) are no evidence
    _s, rep = _read(tmp_path, "# R\n\n## A\n\nWe saw 40 . Then 12 . Then 7 . Then 30 . Then 2 .\n", name="n.md")
    assert rep.markers == 0


# ---- ACL surveys converted by MinerU: every heading at "##", back matter and appendices -----------


def test_acl_back_matter_and_lettered_appendices_after_the_references(tmp_path: Path) -> None:
    heads = ["## Abstract", "## 1 Introduction", "## 2 Methods", "## 2.1 Data", "## A Survey of Surveys",
             "## 3 Conclusion", "## 4 Limitations", "## Ethics Statement", "## References",
             "## A Takeaway", "## A.1 Training", "## B Experimental Detail"]
    text = "# A Survey of Things\n\n" + "".join(
        f"{h}\n\n" + ("Alan Smith and Carl Jones. 2004. Motion signals in area MT. In Proc. X.\n\n" if h == "## References"
                      else "Some text about it here.\n\n") for h in heads)
    s, _rep = _read(tmp_path, text)
    # "Limitations" / "Ethics Statement" after the conclusion are ACL's required back matter;
    # "A Takeaway" after the references, followed by "A.1" and "B ...", opens the appendices;
    # "A Survey of Surveys" before the references is a subheading with an article, not a letter
    assert _tops(s) == ["Introduction", "Methods", "Conclusion"]
    assert [(x.title, x.is_content) for x in s.sections if x.title.startswith(("A ", "Survey", "B "))] == [
        ("A Survey of Surveys", True), ("A Takeaway", False), ("B Experimental Detail", False)]
    # a single "A Appendx" (sic) as the last heading after the references is an appendix too
    s, _rep = _read(tmp_path, text.replace("## A.1 Training", "").replace("## B Experimental Detail", "")
                    .replace("## A Takeaway", "## A Appendx"), name="b.md")
    assert [x.is_content for x in s.sections if x.title == "A Appendx"] == [False]


def test_acl_names_converters_break(tmp_path: Path) -> None:
    refs = [
        # "Y-Lan", "Md.", "Wen tau Yih" (the hyphen of "Wen-tau" lost), a group author "AI@Meta"
        "Antoine Bordes, Y-Lan Boureau, and Jason Weston. 2016. Learning end-to-end goal-oriented dialog. arXiv preprint arXiv:1605.07683.",
        "Kabir Ahuja and Navin Goyal. 2023. In-context learning through the bayesian prism. CoRR, abs/2306.04891. "
        "AI@Meta. 2024. Llama 3 model card. Technical report, Meta.",
        "Md. Mahinur Rashid, Hasin Kawsar Jahan, and Swakkhar Shatabda. 2021. Text2chart: A multistaged chart generator. ArXiv, abs/2104.04584.",
        "H Schutze. 1992. Dimensions of meaning. In Proceedings of Supercomputing, pages 787–796.",
        "Weijia Shi, Sewon Min, Wen tau Yih, and Mike Lewis. 2024. In-context pretraining: Language modeling beyond document boundaries. In ICLR.",
        "David Weininger. 1988. Smiles, a chemical language and information system. 1. introduction to methodology and encoding rules. "
        "Journal of Chemical Information and Computer Sciences, 28(1):31–36.",
    ]
    text = ("Dialog (Bordes et al., 2016), priors (Ahuja and Goyal, 2023; AI@Meta, 2024), charts Rashid et al. (2021), "
            "meaning (Schutze¨ , 1992), pretraining Shi et al. (2024) and strings (Weininger, 1988).")
    s, _rep = _read(tmp_path, _paper(text, refs))
    assert [r.title for r in s.references] == [
        "Learning end-to-end goal-oriented dialog", "In-context learning through the bayesian prism", "Llama 3 model card",
        "Text2chart: A multistaged chart generator", "Dimensions of meaning",
        "In-context pretraining: Language modeling beyond document boundaries",
        "Smiles, a chemical language and information system. 1. introduction to methodology and encoding rules"]
    assert [(ids, u) for _m, ids, u in _marks(s)] == [
        (["u1"], []), (["u2", "u3"], []), (["u4"], []), (["u5"], []), (["u6"], []), (["u7"], [])]


def test_report_subtitle_summary_and_numbered_items_inside_one_section(tmp_path: Path) -> None:
    text = (
        "# AI Agent Frameworks: Research Report\n## A Comprehensive Analysis of Four Toolkits\n\n"
        "**Research Date:** December 13, 2025\n\n---\n\n"
        "## Executive Summary\n\nShort [1].\n\n### Key Findings\n\nMore [2].\n\n"
        "## Methodology & Limitations\n\nHow [1].\n\n### Source Types Used\n\nWeb.\n\n"
        "## Findings\n\nIntro.\n\n### 1. Framework Landscape\n\nA [1].\n\n#### Cloud Platforms\n\nB [2].\n\n"
        "### 2. Orchestration Patterns\n\nC [2].\n\n"
        "## Areas of Uncertainty\n\nD.\n\n## Conclusion\n\nE [1].\n\n"
        "## Sources\n\n[1] AWS. \"AgentCore overview.\" AWS Docs, 2025. https://aws.example.com/agentcore\n\n"
        "[2] Anthropic. \"Claude Agent SDK.\" Anthropic Docs, 2025. https://docs.example.com/sdk\n"
    )
    s, _rep = _read(tmp_path, text)
    # the "##" on the line right under the title is its subtitle; the Executive Summary before the
    # first section is the abstract; "### 1." / "### 2." number items inside "## Findings"
    assert s.title == "AI Agent Frameworks: Research Report A Comprehensive Analysis of Four Toolkits"
    assert _tops(s) == ["Methodology & Limitations", "Findings", "Areas of Uncertainty", "Conclusion"]
    assert [(x.title, x.level) for x in s.sections if x.number] == [("Framework Landscape", 2), ("Orchestration Patterns", 2)]


def test_acl_entries_without_a_year_and_split_at_a_page_break(tmp_path: Path) -> None:
    refs = [
        "Alan Smith and Carl Jones. 2004. Motion signals in area MT. JMLR, 24:100–110.",
        "Hugging Face. Open r1: A fully open reproduction of deepseek-r1.",  # no year
        "Kyu Lee, Jin Park, and Min Kim. 2010. Adaptation in cortex. In Proceedings of the 2010 Conference on Empirical",
        "Methods in Natural Language Processing, pages 1–9.",  # the same entry after a page break
        "OpenAI. Gpt-4 technical report.",
        "Xi Wang. 2001. Single author work. Neural Computation.",
        "Gemini Team, Rohan Anil, Sebastian Borgeaud, et al. Gemini: a family of highly capable multimodal models.",
        "Zhe Zhao, Bo Li, and Ann",  # an author list cut by a page break
        "Lee. 2023. Split author list at a page break. In ACL.",
    ]
    s, _rep = _read(tmp_path, _paper("Cells adapt (Smith and Jones, 2004; Zhao et al., 2023).", refs))
    # 7 entries by hand: the two page-break pieces join their entries
    assert [r.title for r in s.references] == [
        "Motion signals in area MT", "Open r1: A fully open reproduction of deepseek-r1", "Adaptation in cortex",
        "Gpt-4 technical report", "Single author work", "Gemini: a family of highly capable multimodal models",
        "Split author list at a page break"]
    assert [r.year for r in s.references] == [2004, None, 2010, None, 2001, None, 2023]
    assert _marks(s) == [("(Smith and Jones, 2004; Zhao et al., 2023)", ["u1", "u7"], [])]


def test_group_authors_after_an_entry_ending_with_a_venue(tmp_path: Path) -> None:
    refs = ["Alan Smith and Carl Jones. 2004. Motion signals in area MT. In The Twelfth International Conference on Learning Representations.",
            "Mistral AI team. 2024. Mixtral of experts. Technical report.",
            "Anthropic. 2024. The claude 3 model family: Opus, sonnet, haiku. Technical report, Anthropic.",
            "BigScience Workshop. 2022. Bloom: A 176b-parameter open-access multilingual language model. arXiv preprint arXiv:2211.05100."]
    text = "Models (Smith and Jones, 2004; Mistral AI team, 2024; Anthropic, 2024; BigScience Workshop, 2022)."
    for sep in ("\n\n", " "):  # one entry a paragraph, or all on one line
        s, _rep = _read(tmp_path, _paper(text, refs, sep), name=f"g{len(sep)}.md")
        # an organisation opens an entry after one that ended with its venue (no digit before the period)
        assert [r.title for r in s.references] == [
            "Motion signals in area MT", "Mixtral of experts", "The claude 3 model family: Opus, sonnet, haiku",
            "Bloom: A 176b-parameter open-access multilingual language model"]
        assert _marks(s) == [(text[7:-1], ["u1", "u2", "u3", "u4"], [])]
