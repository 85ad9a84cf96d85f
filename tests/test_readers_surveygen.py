"""SurveyGen dataset JSON: the real gold-standard file, checked field by field against the
file's own values, and small hand-written files for the marker-to-ref_id linking."""

from __future__ import annotations

import json
from pathlib import Path

from surveybench.readers import read_survey, read_survey_report
from tests.plugins.shared_data import shared_path

NAME = "Gold_Standard_Deep Learning Applications in Computer Vision.json"


def test_survey_level_fields() -> None:
    s, rep = read_survey_report(shared_path("surveygen", NAME))
    assert rep.format == "surveygen-json"
    assert s.title == "Deep Learning for Computer Vision: A Brief Review"
    assert s.topic == "Deep Learning Applications in Computer Vision"  # from the file name
    assert s.domain == "Computer Science"  # first of fieldsOfStudy
    assert s.fields_of_study == ["Computer Science", "Medicine"]
    assert (s.year, s.publication_date, s.doi) == (2018, "2018-02-01", "10.1155/2018/7068349")
    assert s.s2_paper_id == "ca011427853d34ce4ec9ccafde8a70c9eacc3e21" and s.s2_corpus_id == "3557281"
    assert s.keywords == ["Boltzmann machine", "Restricted Boltzmann machine", "Deep belief network"]
    assert s.abstract.startswith("Over the last years deep learning methods")
    assert s.system is None
    # leftovers kept, not dropped
    assert s.extra["topics"][0] == "Video Surveillance and Tracking Methods"
    assert s.extra["mesh"][0] == "Algorithms/None"
    assert s.extra["venue"]["h_index"] == 102 and s.extra["authors"][0]["h_index"] == 30
    assert s.extra["reference_extra"]["b0"]["journal.pages"] == "99-115"


def test_sections_and_non_content() -> None:
    s = read_survey(shared_path("surveygen", NAME))
    assert len(s.sections) == 25
    assert [x.index for x in s.sections] == list(range(1, 26))
    non = [x.title for x in s.sections if not x.is_content]
    assert non == ["Conflicts of Interest", "Figure 2 :", "Figure 3 :", "Figure 4 :", "Table 2 :"]
    sec9 = s.sections[8]
    assert (sec9.title, sec9.number, sec9.level) == ("2.3.1.", "2.3.1", 3)
    assert sum(len(x.paragraphs) for x in s.sections) == 60


def test_references_metadata() -> None:
    s = read_survey(shared_path("surveygen", NAME))
    assert len(s.references) == 114
    r = s.reference_map()["b0"]
    assert r.title == "A logical calculus of the ideas immanent in nervous activity"
    assert r.numbers == ["1"]
    assert (r.doi, r.year, r.s2_corpus_id) == ("10.1007/bf02459570", 1990, "15619658")
    assert r.s2_paper_id == "090c5a5df345ab60c41d6de02b3e366e1a27cf43"
    assert (r.citation_count, r.influential_citation_count, r.reference_count) == (15390, 545, 17)
    assert r.tldr.startswith("It is shown that many particular choices")
    assert r.fields_of_study == ["Mathematics", "Computer Science"]
    assert r.referenced_works == ["https://openalex.org/W4298166646"]
    a = r.authors[0]
    assert (a.name, a.s2_author_id, a.h_index, a.paper_count, a.citation_count) == ("W. McCulloch", "4605464", 31, 118, 19197)
    v = r.venue
    assert (v.name, v.type, v.openalex_id, v.h_index, v.i10_index, v.is_core) == (
        "Bulletin of Mathematical Biology", "journal", "https://openalex.org/S118940690", 153, 2611, True,
    )
    assert abs(v.two_year_mean_citedness - 2.4202334630350193) < 1e-12
    # entries the dataset could not match keep their id and (empty) title
    assert s.reference_map()["b56"].title == "Memoires associatives distribuees"
    assert s.reference_map()["b4"].title is None


def test_paragraph_markers_linked_to_ref_ids() -> None:
    path = shared_path("surveygen", NAME)
    s = read_survey(path)
    p = next(x for x in s.sections[0].paragraphs if "motion tracking" in x.text)
    # "object detection (e.g., [8,9]), motion tracking (e.g., [10,11]), ..."
    first = p.citations[0]
    assert (first.marker, first.ref_ids) == ("[8,9]", ["b7", "b8"])
    assert p.text[first.start : first.end] == "[8,9]"
    # every citation record of every paragraph is represented by a mark (none dropped)
    raw = json.loads(path.read_text(encoding="utf-8"))
    for sec_raw, sec in zip(raw["sections"], s.sections, strict=True):
        for para_raw, para in zip(sec_raw["paragraphs"], sec.paragraphs, strict=True):
            assert {c["ref_id"] for c in para_raw["citations"]} == set(para.ref_ids)
            assert all(m.start is not None for m in para.citations)  # all 130 have a marker here


def _surveygen(tmp_path: Path, paragraphs: list[dict], name: str = "Gold_Standard_Tiny Topic.json") -> Path:
    data = {
        "corpusId": 1,
        "metadata": {"title": "Tiny", "fieldsOfStudy": ["Medicine"], "year": 2020, "someNewField": [1]},
        "sections": [{"index": i + 1, "title": t, "paragraphs": paragraphs if i == 0 else []}
                     for i, t in enumerate(["1 Intro", "2 Body", "3 End", "Figure 1 :"])],
        "references": [{"ref_id": f"b{i}", "matched_paper_id": None, "title": f"Paper {i}"} for i in range(5)],
    }
    p = tmp_path / name
    p.write_text(json.dumps(data), encoding="utf-8")
    return p


def test_citations_without_markers_kept_without_spans(tmp_path: Path) -> None:
    paras = [
        {"text": "Known works [1], [2-3] and more.", "citations": [
            {"ref_id": "b0", "matched_paper_id": None, "title": "Paper 0"},
            {"ref_id": "b1", "matched_paper_id": None, "title": "Paper 1"},
            {"ref_id": "b2", "matched_paper_id": None, "title": "Paper 2"},
            {"ref_id": "b4", "matched_paper_id": None, "title": "Paper 4"},
        ]},
        {"text": "No markers here.", "citations": [{"ref_id": "b3", "matched_paper_id": None, "title": "Paper 3"}]},
    ]
    s, rep = read_survey_report(_surveygen(tmp_path, paras))
    assert s.topic == "Tiny Topic" and s.domain == "Medicine" and s.extra["someNewField"] == [1]
    p0, p1 = s.sections[0].paragraphs
    assert [(m.marker, m.start, m.ref_ids) for m in p0.citations] == [
        ("[1]", 12, ["b0"]), ("[2-3]", 17, ["b1", "b2"]), ("Paper 4", None, ["b4"]),
    ]
    assert [(m.marker, m.start, m.ref_ids) for m in p1.citations] == [("Paper 3", None, ["b3"])]
    assert rep.citation_styles["citation without marker in text"] == 2
    assert [x.is_content for x in s.sections] == [True, True, True, False]
    assert [x.number for x in s.sections] == ["1", "2", "3", None]


def test_subsections_of_non_content_sections_are_non_content(tmp_path: Path) -> None:
    data = {
        "corpusId": 2,
        "metadata": {"title": "Tiny"},
        "sections": [{"index": i + 1, "title": t, "paragraphs": []}
                     for i, t in enumerate(["1 Intro", "1.1 Scope", "2 Body", "3 End", "Appendix A",
                                            "A.1 Proof of Lemma 1", "A.2 Extra tables"])],
        "references": [],
    }
    p = tmp_path / "Gold_Standard_Tiny.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    s = read_survey(p)
    assert [(x.title, x.is_content) for x in s.sections][-3:] == [
        ("Appendix A", False), ("Proof of Lemma 1", False), ("Extra tables", False),
    ]
    assert all(x.is_content for x in s.sections[:4])
