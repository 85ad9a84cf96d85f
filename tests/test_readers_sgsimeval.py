"""SGSimEval's <category>/<topic>/<system>/ layout (surveybench/readers/sgsimeval.py).

The fixture tests/data/sgsimeval/cs/Tiny Graph Survey/ is hand-written in the schemas SGSimEval's
scripts write (content.json = ["<markdown without references>"], references.json = ["[1] ...", ...],
outline.json = [[level, heading], ...], <name>.csv with columns sentence,references joined by ";"):
an AutoSurvey folder cited with "[n]" and a human ``pdfs`` folder whose author-year list SGSimEval
numbered itself. Every expected value below is read off the fixture by hand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from surveybench.readers import FORMATS, ReaderError, read_many, read_survey_report
from surveybench.readers.sgsimeval import read_sgsimeval_topic, system_dirs

CATEGORY = Path(__file__).parent / "data" / "sgsimeval" / "cs"
TOPIC = CATEGORY / "Tiny Graph Survey"
NOT_LAYOUT = "not a file of SGSimEval's system-folder layout"


def _marks(survey):  # type: ignore[no-untyped-def]
    return [(m.marker, m.ref_ids, m.unresolved) for _s, _p, m in survey.citation_marks()]


def test_system_folder_read_from_content_and_references() -> None:
    s, rep = read_survey_report(TOPIC / "AutoSurvey")
    assert "sgsimeval" in FORMATS and rep.format == s.source_format == "sgsimeval"
    assert (s.system, s.topic, s.title) == ("AutoSurvey", "Tiny Graph Survey", "A Tiny Graph Survey")
    assert [x.title for x in s.top_level_sections()] == ["Introduction", "Methods"]
    # "[2] Neural Message Passing; for Quantum Chemistry": the ";" inside a title stays in it
    assert [(r.id, r.title) for r in s.references] == [
        ("1", "Graph Networks: A Review"), ("2", "Neural Message Passing; for Quantum Chemistry"),
        ("3", "Graph Attention Networks"),
    ]
    assert _marks(s) == [("[1]", ["1"], []), ("[2; 3]", ["2", "3"], []), ("[3]", ["3"], []), ("[3]", ["3"], [])]
    sg = s.extra["sgsimeval"]
    assert sg["outline"] == [[1, "A Tiny Graph Survey"], [2, "1 Introduction"], [3, "1.1 Scope"], [2, "2 Methods"]]
    # the sentence CSV: entries split only before "[", so the title with ";" is one entry; "[4]" is
    # in no list and is kept as unresolved, with a warning
    assert sg["sentence_csv"] == "Tiny Graph Survey.csv"
    assert [(r["ref_ids"], r["unresolved"]) for r in sg["sentence_citations"]] == [
        (["1"], []), (["2", "3"], []), (["3"], ["[4] A Paper Not In The List"]),
    ]
    assert "Tiny Graph Survey.csv: 1 cited entries match no reference of references.json" in rep.warnings


def test_every_other_file_gets_one_sentence() -> None:
    _s, rep = read_survey_report(TOPIC / "AutoSurvey")
    reasons = {ex[0]: reason for reason, ex in rep.skipped_examples.items()}
    assert reasons == {
        "Tiny Graph Survey.md": "the same survey as Markdown; content.json and references.json were read",
        "similarity.json": "SGSimEval's similarity scores, not survey content",
        "notes.txt": reasons["notes.txt"],
    }
    assert reasons["notes.txt"].startswith(NOT_LAYOUT)
    assert "notes.txt: not a file of SGSimEval's layout; not read" in rep.warnings


def test_human_folder_author_year_list_with_numbers_sgsimeval_invented() -> None:
    s, rep = read_survey_report(TOPIC / "pdfs")
    assert s.system is None and s.title == "Human Graph Survey"  # pdfs/ is the human-written survey
    # SGSimEval printed "[1] Justin Gilmer ..." for an unnumbered list; kept, the numbers would have
    # made the list "numbered" and left every author-year marker unlinked
    assert all(not r.numbers for r in s.references)
    assert [r.title for r in s.references] == ["Neural message passing for quantum chemistry", "Graph attention networks"]
    gilmer, velickovic = (r.id for r in s.references)
    assert [(m, ids) for m, ids, _u in _marks(s)] == [
        ("(Velickovic et al., 2018)", [velickovic]), ("(Gilmer et al., 2017)", [gilmer]),
        ("As Gilmer et al. (2017)", [gilmer]),
    ]
    assert any("SGSimEval's own" in w for w in rep.warnings)


def test_topic_and_category_folders_one_survey_per_system() -> None:
    pairs = read_sgsimeval_topic(TOPIC)
    assert [(s.system, s.topic) for s, _r in pairs] == [(None, "Tiny Graph Survey"), ("AutoSurvey", "Tiny Graph Survey")]
    assert system_dirs(CATEGORY) == [TOPIC / "AutoSurvey", TOPIC / "pdfs"]
    surveys, rep = read_many([CATEGORY], system_from_dir=True)
    # two folders, two surveys: the .md, .csv and JSON files inside are not read one by one
    assert [Path(f.path).name for f in rep.files] == ["AutoSurvey", "pdfs"]
    assert rep.ok and [s.system for s in surveys] == ["AutoSurvey", None]


def test_one_file_of_the_folder_names_the_folder() -> None:
    for name in ("content.json", "references.json", "Tiny Graph Survey.csv"):
        with pytest.raises(ReaderError) as err:
            read_survey_report(TOPIC / "AutoSurvey" / name)
        assert err.value.reason == f"one file of an SGSimEval system folder; read the folder {TOPIC / 'AutoSurvey'} instead"
    # the folder's Markdown file is a survey of its own
    s, _rep = read_survey_report(TOPIC / "AutoSurvey" / "Tiny Graph Survey.md")
    assert s.source_format == "markdown" and len(s.references) == 3


def test_bad_folders_clear_errors_and_the_batch_goes_on(tmp_path: Path) -> None:
    topic = tmp_path / "cs" / "Tiny Graph Survey"
    shutil.copytree(TOPIC, topic)
    (topic / "AutoSurvey" / "content.json").write_text(json.dumps({"survey": "# T"}), encoding="utf-8")
    only_refs = topic / "SurveyX"
    only_refs.mkdir()
    (only_refs / "references.json").write_text('["[1] A"]', encoding="utf-8")
    (only_refs / "outline.json").write_text('[[1, "T"]]', encoding="utf-8")
    broken = topic / "LLMxMapReduce"
    broken.mkdir()
    (broken / "content.json").write_text('["# T\\n\\n## 1 A\\n', encoding="utf-8")

    with pytest.raises(ReaderError, match="content.json must be a list holding the survey's Markdown text; found dict"):
        read_survey_report(topic / "AutoSurvey")
    with pytest.raises(ReaderError, match="without content.json or a Markdown survey: nothing to read"):
        read_survey_report(only_refs)
    with pytest.raises(ReaderError, match=r"content.json: invalid JSON"):
        read_survey_report(broken)
    surveys, rep = read_many([topic])
    assert [s.system for s in surveys] == [None]
    assert [(Path(f.path).name, f.ok) for f in rep.files] == [
        ("AutoSurvey", False), ("LLMxMapReduce", False), ("SurveyX", False), ("pdfs", True),
    ]
    # a plain folder is not taken for SGSimEval's layout
    with pytest.raises(ReaderError, match="is a directory, not a survey file or an SGSimEval system folder"):
        read_survey_report(tmp_path, "sgsimeval")


def test_a_folder_of_markdown_surveys_is_not_taken_for_the_layout(tmp_path: Path) -> None:
    # one SGSimEval file name alone (another tool's references.json) does not claim the folder
    for name in ("a.md", "b.md"):
        shutil.copy(TOPIC / "AutoSurvey" / "Tiny Graph Survey.md", tmp_path / name)
    (tmp_path / "references.json").write_text('["[1] A"]', encoding="utf-8")
    surveys, rep = read_many([tmp_path])
    assert [Path(f.path).name for f in rep.files] == ["a.md", "b.md", "references.json"]
    assert len(surveys) == 2 and rep.files[2].ignored


def test_import_command_reads_a_topic_folder() -> None:
    from typer.testing import CliRunner

    from surveybench.cli import app

    res = CliRunner().invoke(
        app, ["import", str(TOPIC), "--report", "--system-from-dir", "--format", "sgsimeval"], env={"COLUMNS": "200"}
    )
    assert res.exit_code == 0, res.output
    assert "AutoSurvey" in res.output and "pdfs" in res.output
    assert "notes.txt" in res.output and NOT_LAYOUT in res.output
    # 3 + 2 references; 4 + 3 markers, all linked (hand-counted above)
    assert "read 2/2 files: 2 surveys, 5 references, 7/7 citation markers linked" in res.output
