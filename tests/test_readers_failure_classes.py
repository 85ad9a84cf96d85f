"""The failure classes of issue 9, one hand-written snippet each (the shapes seen in surveys the
readers were not tuned to; the entries, counts and links below are written out by hand), and
the honest parse report: every candidate marker counted, plain-word warnings, parse quality."""

from __future__ import annotations

from pathlib import Path

from surveybench.readers import read_survey_report
from surveybench.readers.refstrings import parse_reference_string
from surveybench.readers.report import survey_parse_quality

SECTIONS = "# A Survey\n\n## 1 Introduction\n\n{intro}\n\n## 2 Methods\n\n{methods}\n\n## 3 Outlook\n\nMore text.\n\n"


def _read(tmp_path: Path, intro: str, refs: str, methods: str = "Plain text.", name: str = "s.md"):  # type: ignore[no-untyped-def]
    p = tmp_path / name
    p.write_text(SECTIONS.format(intro=intro, methods=methods) + "## References\n\n" + refs + "\n", encoding="utf-8")
    return read_survey_report(p)


# ---- class 1: numbered lists from PDF conversion, next number glued to the previous entry ----------


def test_glued_next_entry_numbers_and_lower_case_starts(tmp_path: Path) -> None:
    refs = (
        "1. Abu Alhaija H., Geiger A. (2018) Augmented reality meets computer vision. IJCV 2. Aghdam H. H., "
        "Laganiere R. (2021) Rad: Realtime and accurate 3d object detection. In: CVPR3. Ali W., Zidan M. (2018) "
        "Yolo3d: End-to-end real-time 3d oriented object detection. In: ECCVW4. Hong S. (2023) Fast models. "
        "Journal 202323. Hong T. (2022) Other models. arXiv preprint arXiv:20050992724. van der Berg J. (2020) "
        "Lower-case start. In: ICCV"
    )
    # hand count: entries 1-4 ("IJCV 2.", "CVPR3.", "ECCVW4." glued); after 4 the sequence wants 5,
    # and neither "202323." nor "arXiv:20050992724." ends with 5: the 4th entry runs to the end
    s, _rep = _read(tmp_path, "See [1], [2] and [3, 4].", refs)
    assert [r.numbers for r in s.references] == [["1"], ["2"], ["3"], ["4"]]
    assert s.reference_map()["2"].title == "Rad: Realtime and accurate 3d object detection"
    assert s.reference_map()["3"].raw.startswith("Ali W., Zidan M. (2018) Yolo3d")

    refs = (
        "1. Smith J. (2020) First title. In: CVPR2. Lee K. (2021) Second title. Journal 20213. "
        "Kim M. (2022) Third title. arXiv:2105.09927 4. de Souza P. (2023) Fourth title. In: ICCV"
    )
    s, _rep = _read(tmp_path, "See [1] and [2-4].", refs, name="t.md")
    # "20213." = year 2021 glued to entry 3 (a capital follows); "4. de Souza" opens entry 4 after a
    # space although it starts in lower case (a glued number before lower case would be no evidence)
    assert [r.numbers[0] for r in s.references] == ["1", "2", "3", "4"]
    assert s.reference_map()["3"].title == "Third title"
    assert s.reference_map()["4"].raw.startswith("de Souza P. (2023)")  # a lower-case start
    assert s.reference_map()["1"].title == "First title" and s.reference_map()["1"].year == 2020


# ---- class 2 and 5: author-year and title cleaning ------------------------------------------------


def test_reference_strings_elsevier_springer_and_glued_author_runs() -> None:
    r = parse_reference_string(
        "Huang, H., Liu, F., Abbeel, P., 2025a. Otter: A vision-language-action model. arXiv preprint arXiv:2503.03734"
    )
    assert (r.title, r.year, r.year_suffix) == ("Otter: A vision-language-action model", 2025, "a")
    assert r.authors == ["Huang, H.", "Liu, F.", "Abbeel, P."]
    r = parse_reference_string(
        "AchiamJ.AdlerS.AgarwalS.AlemanF.L AlmeidaD.et al.2023. Gpt-4 technical report. arXiv preprint arXiv:2303.08774"
    )
    assert (r.title, r.year) == ("Gpt-4 technical report", 2023)
    assert r.authors[:2] == ["Achiam J.", "Adler S."]
    r = parse_reference_string("Bai X., Hu Z., Tai C.-L. (2022) Transfusion: Robust lidar-camera fusion. In: CVPR")
    assert (r.title, r.year) == ("Transfusion: Robust lidar-camera fusion", 2022)
    r = parse_reference_string(
        "Zitkovich, B., Yu, T., et al., 2023. Rt-2: Vision-language-action models, in: Conference on Robot Learning, PMLR."
    )
    assert r.title == "Rt-2: Vision-language-action models"
    # a year is never read from an ISSN or a page range
    r = parse_reference_string('A. Smith and B. Lee, "A title here," Sci. Rep., ISSN 2045-2322, vol. 3, 2019.')
    assert (r.title, r.year) == ("A title here", 2019)
    assert parse_reference_string('A. Smith and B. Lee, "A title here," J. X, pp. 2045-2050.').year is None


def test_ambiguous_author_year_key_is_reported_not_linked_to_many(tmp_path: Path) -> None:
    refs = "\n\n".join(
        [
            "Qwen Team. 2025. Qwen2.5 technical report. arXiv preprint.",
            "Qwen Team. 2025. Qwen3 technical report. arXiv preprint.",
            "Ann Smith, Bob Lee, and Cy Park. 2020. A study of things. In Proc.",
            "Ann Smith. 2020. Another study. In Proc.",
        ]
    )
    s, rep = _read(tmp_path, "As shown (Qwen Team, 2025), and (Smith et al., 2020) and (Smith, 2020).", refs)
    marks = {m.marker: m for *_x, m in s.citation_marks()}
    qwen = marks["(Qwen Team, 2025)"]
    assert qwen.ref_ids == [] and qwen.unresolved == ["Qwen Team, 2025 (ambiguous: 2 entries)"]
    refs_by_title = {r.title: r.id for r in s.references}
    # the citation's form picks one: "et al." -> the three-author entry, a lone name -> the single author
    assert marks["(Smith et al., 2020)"].ref_ids == [refs_by_title["A study of things"]]
    assert marks["(Smith, 2020)"].ref_ids == [refs_by_title["Another study"]]
    assert rep.unresolved_keys == 1


# ---- class 3: deep-research reports --------------------------------------------------------------


DR_SOURCES = (
    "1 3 First source title https://example.org/a\n\n"
    "2 4 5 6 7 8\n\n9 10 Second source wrapped numbers https://example.org/b\n\n"
    "12 Third source https://example.org/c\n\n"
    "3 12 Reusing source https://example.org/d\n"
)


def test_deep_research_wrapped_runs_plural_nouns_dangling_numbers_and_reused_numbers(tmp_path: Path) -> None:
    intro = (
        "Agents solve many tasks 9. They use planning steps 10 and tools 12. Models in layers 2 4. "
        "A claim with a lost source 11. Mid-sentence runs 5 6 use both."
    )
    s, rep = _read(tmp_path, intro, DR_SOURCES)
    refs = s.reference_map()
    # the run "2 4 5 6 7 8" wrapped onto the next paragraph belongs to the second source
    assert refs["2"].numbers == ["2", "4", "5", "6", "7", "8", "9", "10"]
    # a source whose numbers were all used before is kept (without numbers) and said
    reused = [r for r in s.references if not r.numbers]
    assert [r.title for r in reused] == ["Reusing source"]
    assert any("reuses numbers 3, 12" in w for w in rep.warnings)
    marks = [(m.marker, m.ref_ids, m.unresolved) for *_x, m in s.citation_marks()]
    assert ("9", ["2"], []) in marks  # after a plural noun
    assert ("12", ["12"], []) in marks
    assert ("2 4", ["2"], []) in marks
    assert ("11", [], ["11"]) in marks  # not in the list, inside its range: counted
    assert ("5 6", ["2"], []) in marks  # mid-sentence run of listed numbers
    assert "10" not in [m[0] for m in marks]  # "steps 10 and": an index, mid-sentence
    assert rep.unresolved_keys == 1
    assert any("1 cited number with no entry in the list (11)" in w for w in rep.warnings)


# ---- class 4: a curated list, then a source list, under one heading --------------------------------


def test_curated_list_then_source_list(tmp_path: Path) -> None:
    refs = (
        "1. Guo, T. et al. (2024). Large Language Model based Multi-Agents. arXiv:2402.01680 2. He, J. et al. "
        "(2024). LLM-Based Multi-Agent Systems for Software Engineering. arXiv:2404.04834\n\n"
        "(Additional references omitted.)\n\n" + DR_SOURCES
    )
    s, rep = _read(tmp_path, "Agents 1. More 12.", refs)
    curated = [r for r in s.references if not r.numbers and r.title != "Reusing source"]
    assert [r.title for r in curated] == [
        "Large Language Model based Multi-Agents", "LLM-Based Multi-Agent Systems for Software Engineering",
    ]
    assert s.reference_map()["1"].title == "First source title"  # the text's numbers are the sources'
    assert any("two lists under one reference heading" in w for w in rep.warnings)


# ---- class 7: sections -------------------------------------------------------------------------


def test_restarting_numbered_headings_and_citation_only_headings(tmp_path: Path) -> None:
    text = (
        "# Quantum Computing\n\n## Table of Contents\n\n- a\n\n## Introduction\n\n### 1. Superposition\n\nx [1].\n\n"
        "### 2. Entanglement\n\ny.\n\n## Fundamentals\n\n### 1. Linear Algebra\n\nz.\n\n# [3,19]\n\n"
        "## Outlook\n\nw.\n\n## References\n\n[1] A. B, \"T one,\" 2020.\n"
    )
    p = tmp_path / "q.md"
    p.write_text(text, encoding="utf-8")
    s, _rep = read_survey_report(p)
    assert [x.title for x in s.top_level_sections()] == ["Introduction", "Fundamentals", "Outlook"]
    sup = next(x for x in s.sections if x.title == "Superposition")
    assert sup.level == 2 and s.sections[sup.parent - 1].title == "Introduction"


# ---- the honest report ----------------------------------------------------------------------------


def test_merged_list_warning_and_parse_quality(tmp_path: Path) -> None:
    # a list the reader cannot split (one entry) cited up to [40]: every marker counted
    refs = "[1] One entry that swallowed the others " + "Author, Title, 2020 " * 10
    intro = " ".join(f"Claim [{i}]." for i in range(1, 41))
    s, rep = _read(tmp_path, intro, refs)
    assert rep.markers == 40 and rep.markers_linked == 1 and rep.unresolved_keys == 39
    assert "the text cites up to [40] but the list defines 1 number: the list looks merged or cut short" in rep.warnings
    q = survey_parse_quality(s)
    assert q is not None and q["marker_resolution"] == 0.025 and q["verdict"] == "poor"
    ok, _ = _read(tmp_path, "Claim [1].", '[1] A. B, "Title one," 2020.', name="ok.md")
    assert survey_parse_quality(ok)["verdict"] == "ok"  # type: ignore[index]
