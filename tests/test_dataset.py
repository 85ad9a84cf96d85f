"""Hub-layout dataset: export -> datasets.load_dataset -> model objects equal the originals."""

from __future__ import annotations

import json
import os
from pathlib import Path

import datasets
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.dataset import (
    DatasetError,
    check_layout,
    dataset_info,
    export_dataset,
    load_surveys,
)
from surveybench.dataset.card import parse_front_matter
from surveybench.dataset.schema import FIELD_DOCS, SCHEMAS
from surveybench.model import (
    Author,
    CitationMark,
    Paragraph,
    Reference,
    Section,
    Survey,
    Venue,
)
from surveybench.readers import read_many, read_survey
from tests.plugins.shared_data import shared_path

SURVEYGEN_FILE = "Gold_Standard_Deep Learning Applications in Computer Vision.json"


@pytest.fixture(scope="module")
def surveygen_survey() -> Survey:
    return read_survey(shared_path("surveygen", SURVEYGEN_FILE))


def _hand_surveys() -> list[Survey]:
    tricky = Survey(
        id="ü-1",
        title=r"Über $\mathcal{O}(n \log n)$ Transformers — a “survey” of 注意力 ✓",
        topic=r"$\alpha$-attention",
        domain="Computer Science",
        year=2024,
        keywords=["a|b", ""],
        sections=[
            Section(index=0, number="1", title="Intro \\emph{x}", paragraphs=[
                Paragraph(text="See [1; 2] and [9].", citations=[
                    CitationMark(marker="[1; 2]", start=4, end=10, ref_ids=["1", "2"]),
                    CitationMark(marker="[9]", start=15, end=18, unresolved=["9"]),
                ]),
                Paragraph(text=""),
            ]),
            Section(index=1, level=2, number="1.1", title="Sub", parent=0),
            Section(index=2, title="References", is_content=False),
        ],
        references=[
            Reference(id="1", title="Ω-nets", numbers=["1"], year=2020, citation_count=2**40,
                      venue=Venue(), authors=[Author(name="Zoë Ł", h_index=0)]),
            Reference(id="2", raw="[2] A. B, “T,” 2019.", numbers=["2", "7"],
                      venue=Venue(name="NeurIPS", two_year_mean_citedness=0.0, is_core=False),
                      referenced_works=["W9", "W9", "W1"]),
        ],
        extra={"nested": {"list": [1, 2.5, None, "x"]}, "flag": True},
    )
    empty = Survey(id="empty", title="No references at all")
    return [tricky, empty]


def test_roundtrip_hand_made(tmp_path: Path) -> None:
    originals = _hand_surveys()
    out = export_dataset(originals, tmp_path / "ds")
    back = load_surveys(str(out), cache_dir=tmp_path / "cache")
    assert back == originals
    # A Venue with every field null stays a Venue, not None; a missing venue stays None.
    assert back[0].references[0].venue == Venue()
    assert back[0].references[1].venue is not None and back[0].references[1].venue.name == "NeurIPS"


def test_roundtrip_real_surveygen(tmp_path: Path, surveygen_survey: Survey) -> None:
    out = export_dataset([surveygen_survey], tmp_path / "ds")
    back = load_surveys(out, cache_dir=tmp_path / "cache")
    # Everything round-trips; the local path is published as the bare file name (no root given).
    assert Path(surveygen_survey.source_path).is_absolute()
    assert back[0].source_path == SURVEYGEN_FILE
    assert back == [surveygen_survey.model_copy(update={"source_path": SURVEYGEN_FILE})]
    assert len(back[0].sections) == 25 and len(back[0].references) == 114


def test_load_dataset_each_config(tmp_path: Path, surveygen_survey: Survey) -> None:
    hand = _hand_surveys()
    out = export_dataset([surveygen_survey, *hand], tmp_path / "ds",
                         second_level={"W9": {"title": "Nine", "citation_count": 3}})
    kw = {"split": "train", "cache_dir": str(tmp_path / "cache")}
    surveys = datasets.load_dataset(str(out), "surveys", **kw)
    refs = datasets.load_dataset(str(out), "references", **kw)
    second = datasets.load_dataset(str(out), "second_level_references", **kw)
    tasks = datasets.load_dataset(str(out), "tasks", **kw)
    assert surveys.num_rows == 3 and surveys["id"][1] == "ü-1"
    assert refs.num_rows == 114 + 2
    # Second level: W9 is cited twice by the same reference but counted once per citing pair.
    sl = {r["id"]: r for r in second}
    assert sl["W9"]["title"] == "Nine" and sl["W9"]["citation_count"] == 3
    assert sl["W9"]["cited_by"] == [{"survey_id": "ü-1", "survey_system": None, "ref_id": "2"}]
    assert sl["W1"]["title"] is None
    real_ids = {w for r in surveygen_survey.references for w in r.referenced_works}
    assert set(sl) == real_ids | {"W1", "W9"}
    # Tasks: topic, date cutoff, reference budget, outline (content sections only).
    t = {r["survey_id"]: r for r in tasks}
    tr = t["ü-1"]
    assert tr["topic"] == r"$\alpha$-attention"
    assert tr["date_cutoff"] == "2024" and tr["reference_budget"] == 2
    assert [o["title"] for o in tr["outline"]] == ["Intro \\emph{x}", "Sub"]
    assert tr["section_references"][0]["ref_ids"] == ["1", "2"]
    assert tr["section_references"][1]["ref_ids"] == []
    assert t["empty"]["topic"] == "No references at all" and t["empty"]["reference_budget"] == 0
    g = t[surveygen_survey.id]
    assert g["reference_budget"] == 114
    assert g["date_cutoff"] == "2018-02-01"
    assert "Conflicts of Interest" not in [o["title"] for o in g["outline"]]
    assert "Introduction" in [o["title"] for o in g["outline"]]


def test_stable_schema_when_everything_is_empty(tmp_path: Path) -> None:
    # One survey with all-null metadata, one section without paragraphs, one bare reference
    # (no authors, no venue, no referenced works): still the declared column types.
    s = Survey(id="a", title="t", sections=[Section(index=0, title="S")],
               references=[Reference(id="r")])
    out = export_dataset([s], tmp_path / "ds")
    files = check_layout(out)
    assert "second_level_references" not in files  # no rows -> left out (datasets can't load it)
    for config, paths in files.items():
        assert pq.read_schema(paths[0]).remove_metadata() == SCHEMAS[config], config
    assert load_surveys(out, cache_dir=tmp_path / "cache") == [s]
    assert "**second_level_references**: not included" in (out / "README.md").read_text()
    # No references at all: the references configuration is absent and loading still works.
    bare = Survey(id="b", title="t")
    out2 = export_dataset([bare], tmp_path / "ds2")
    assert set(check_layout(out2)) == {"surveys", "tasks"}
    assert load_surveys(out2, cache_dir=tmp_path / "cache") == [bare]
    assert dataset_info(out2).rows == {"surveys": 1, "references": 0,
                                       "second_level_references": 0, "tasks": 1, "quizzes": 0}
    with pytest.raises(ValueError, match="no surveys"):
        export_dataset([], tmp_path / "ds3")


def test_reexport_replaces_old_files(tmp_path: Path) -> None:
    out = export_dataset(_hand_surveys(), tmp_path / "ds")
    export_dataset([Survey(id="only", title="t")], out)
    assert not (out / "data" / "references" / "train-00000-of-00001.parquet").exists()
    assert [s.id for s in load_surveys(out, cache_dir=tmp_path / "cache")] == ["only"]


def test_card_documents_sources_licenses_fields(tmp_path: Path) -> None:
    out = export_dataset(_hand_surveys(), tmp_path / "ds", build_stats={"surveys read": 2, "ratio": 0.5})
    text = (out / "README.md").read_text(encoding="utf-8")
    meta = parse_front_matter(text)
    # every configuration with rows (this export has no quiz)
    assert [c["config_name"] for c in meta["configs"]] == [c for c in SCHEMAS if c != "quizzes"]
    assert meta["license"] == "cc-by-nc-4.0"
    for needle in ("Semantic Scholar", "OpenAlex", "S2ORC", "SurveyGen", "CC BY-NC 4.0",
                   "ODC-By", "upload_folder", "| surveys read | 2 |", "| ratio | 0.5 |"):
        assert needle in text, needle
    for config, docs in FIELD_DOCS.items():
        for name in docs:
            assert f"`{name}`" in text, (config, name)
    # The Hub's own card parser and datasets' config discovery read the same metadata.
    from huggingface_hub import DatasetCard

    data = DatasetCard.load(out / "README.md").data.to_dict()
    assert data["license"] == "cc-by-nc-4.0"
    assert [c["config_name"] for c in data["configs"]] == [c for c in SCHEMAS if c != "quizzes"]
    assert sorted(datasets.get_dataset_config_names(str(out))) == sorted(c for c in SCHEMAS if c != "quizzes")


def test_duplicate_ids_rejected(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="duplicate survey id 'x' among the human-written"):
        export_dataset([Survey(id="x", title="a"), Survey(id="x", title="b")], tmp_path / "d")
    with pytest.raises(ValueError, match="duplicate survey id 'x' among system 'S'"):
        export_dataset([Survey(id="x", title="a", system="S"),
                        Survey(id="x", title="b", system="S")], tmp_path / "d")


def test_gold_and_generated_share_an_id(tmp_path: Path) -> None:
    # A topic's human survey and the systems' surveys on it carry the same id (file = topic).
    gold = Survey(id="Topic", title="Gold", references=[Reference(id="1", title="g")])
    gen = Survey(id="Topic", title="Generated", system="AutoSurvey",
                 references=[Reference(id="1", title="x"), Reference(id="2", title="y")])
    gen_only = Survey(id="Other", title="Only generated", system="AutoSurvey")
    out = export_dataset([gold, gen, gen_only], tmp_path / "ds")
    assert load_surveys(out, cache_dir=tmp_path / "cache") == [gold, gen, gen_only]
    tasks = datasets.load_dataset(str(out), "tasks", split="train", cache_dir=str(tmp_path / "cache"))
    assert tasks["survey_id"] == ["Topic"]  # task inputs come from human surveys only
    assert dataset_info(out).systems == {"human": 1, "AutoSurvey": 2}


def _strings(value: object):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_roundtrip_every_shared_file(tmp_path: Path) -> None:
    # system from the directory (SurveyBench-dev layout): a topic's surveys by several systems
    roots = [shared_path("surveybench-dev"), shared_path("autosurvey"), shared_path("surveygen")]
    surveys, report = read_many(roots, system_from_dir=True)
    assert len(surveys) == 30, report
    # gold surveys: five HumanSurvey files and the SurveyGen Gold_Standard file
    assert sorted(s.topic for s in surveys if s.system is None) == sorted(
        [*(Path(p).stem for p in shared_path("surveybench-dev", "HumanSurvey").glob("*.md")),
         "Deep Learning Applications in Computer Vision"])
    out = export_dataset(surveys, tmp_path / "ds", source_roots=roots)
    assert dataset_info(out).rows["tasks"] == 6
    back = load_surveys(out, cache_dir=tmp_path / "cache")
    # source_path is published relative to the input root that holds the file ...
    by_path = {s.source_path: s for s in back}
    assert "HumanSurvey/Graph Neural Networks.md" in by_path
    assert "In-context Learning.md" in by_path  # autosurvey/ root
    assert SURVEYGEN_FILE in by_path
    expected = []
    for s in surveys:
        root = next(r for r in roots if Path(s.source_path).is_relative_to(r))
        rel = Path(s.source_path).relative_to(root).as_posix()
        expected.append(s.model_copy(update={"source_path": rel}))
    # ... and every other field comes back exactly as read.
    assert back == expected
    # The card says which systems / formats this export holds.
    card_text = (out / "README.md").read_text(encoding="utf-8")
    assert "| human | surveygen-json | 1 |" in card_text
    assert "| human | markdown | 5 |" in card_text and "| SurveyForge | markdown | 5 |" in card_text
    assert "| autosurvey | autosurvey-json | 1 |" in card_text
    # No local path of the building machine anywhere in the published files.
    local = str(shared_path("surveybench-dev").parent)
    for config, files in check_layout(out).items():
        for f in files:
            for text in _strings(pq.read_table(f).to_pylist()):
                assert local not in text and not text.startswith("/"), (config, text[:200])
    assert local not in (out / "README.md").read_text(encoding="utf-8")


def test_bad_dataset_dirs(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no such dataset directory"):
        load_surveys(str(tmp_path / "missing"))
    (tmp_path / "plain").mkdir()
    with pytest.raises(DatasetError, match="no README.md"):
        load_surveys(tmp_path / "plain")
    bad = tmp_path / "badcard"
    bad.mkdir()
    (bad / "README.md").write_text("# no front matter\n")
    with pytest.raises(DatasetError, match="no YAML front matter"):
        dataset_info(bad)
    out = export_dataset(_hand_surveys(), tmp_path / "ds")
    os.remove(out / "data" / "tasks" / "train-00000-of-00001.parquet")
    with pytest.raises(DatasetError, match="configuration 'tasks': no data file"):
        load_surveys(out)
    f = tmp_path / "file.txt"
    f.write_text("x")
    with pytest.raises(DatasetError, match="not a directory"):
        load_surveys(f)


def test_cli_info_and_bad_dir(tmp_path: Path, surveygen_survey: Survey) -> None:
    hand = _hand_surveys()
    out = export_dataset([surveygen_survey, *hand], tmp_path / "ds")
    info = dataset_info(out)
    raw = json.loads(shared_path("surveygen", SURVEYGEN_FILE).read_text(encoding="utf-8"))
    second = {w for r in raw["references"] for w in r.get("referenced_works") or []} | {"W1", "W9"}
    assert len(second) > 1000  # the real file's second-level ids, plus the hand-made W1, W9
    assert info.rows == {"surveys": 3, "references": 116,
                         "second_level_references": len(second), "tasks": 3, "quizzes": 0}
    assert info.surveys_per_domain == {"Computer Science": 2, "unknown": 1}
    assert info.references_per_domain == {"Computer Science": 116}
    assert info.tasks_per_domain == {"Computer Science": 2, "unknown": 1}
    runner = CliRunner()
    res = runner.invoke(app, ["data", "info", str(out)])
    assert res.exit_code == 0, res.output
    assert "Computer Science" in res.output and "116" in res.output
    # the per-domain table row: domain, surveys, references, tasks
    assert any([c.strip() for c in line.split("│")[1:5]] == ["Computer Science", "2", "116", "2"]
               for line in res.output.splitlines()), res.output
    res = runner.invoke(app, ["data", "info", str(tmp_path / "nope")])
    assert res.exit_code == 1
    assert "nope" in res.output and "no such dataset directory" in res.output


def test_cli_export(tmp_path: Path) -> None:
    src = shared_path("surveygen")
    broken = tmp_path / "broken.json"
    broken.write_text('{"sections": [', encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(app, ["data", "export", str(src / SURVEYGEN_FILE), str(broken),
                              "-o", str(tmp_path / "ds")])
    # The good file is exported, the broken one named, and the exit code says something failed.
    assert res.exit_code == 1
    assert "broken.json" in res.output
    back = load_surveys(tmp_path / "ds", cache_dir=tmp_path / "cache")
    assert len(back) == 1 and len(back[0].references) == 114
    # A file given directly is published under its bare name, not the absolute path given.
    assert back[0].source_path == SURVEYGEN_FILE


def test_cli_export_directory_paths_relative(tmp_path: Path) -> None:
    src = shared_path("surveybench-dev").resolve()
    res = CliRunner().invoke(app, ["data", "export", str(src / "HumanSurvey"), str(src / "SurveyForge"),
                                   "--system-from-dir", "--domain", "Computer Science",
                                   "-o", str(tmp_path / "ds")])
    assert res.exit_code == 0, res.output
    assert "ignored: " in res.output and "outlines.json: JSON but not a known survey format" in res.output
    assert "| ignored files (not surveys) | 1 |" in (tmp_path / "ds" / "README.md").read_text()
    back = load_surveys(tmp_path / "ds", cache_dir=tmp_path / "cache")
    # Markdown files carry no domain: --domain fills it in, so `data info` counts per domain.
    assert dataset_info(tmp_path / "ds").surveys_per_domain == {"Computer Science": 10}
    paths = {(s.system, s.source_path) for s in back}
    assert (None, "Graph Neural Networks.md") in paths
    assert ("SurveyForge", "Graph Neural Networks.md") in paths
    assert all(not p.startswith("/") and str(src) not in p for _, p in paths)
    res = CliRunner().invoke(app, ["data", "export", str(src / "SurveyForge"), "--system-from-dir",
                                   "--system", "X", "-o", str(tmp_path / "ds2")])
    assert res.exit_code == 2 and "only one of --system and --system-from-dir" in res.output
    assert not (tmp_path / "ds2").exists()


def test_hub_id_goes_to_datasets(tmp_path: Path) -> None:
    # An `org/name` that is not a local path is passed to datasets as a Hub id; offline (as in
    # every test run) the failure names the id.
    with pytest.raises(DatasetError, match="someorg/surveybench: cannot load with datasets"):
        load_surveys("someorg/surveybench", cache_dir=tmp_path / "cache")


def test_cli_export_with_second_level(tmp_path: Path) -> None:
    src = shared_path("surveygen", SURVEYGEN_FILE)
    first = json.loads(src.read_text(encoding="utf-8"))["references"][0]["referenced_works"][0]
    sl = tmp_path / "sl.jsonl"
    sl.write_text(json.dumps({"id": first, "title": "A seminal paper", "year": 1943}) + "\n")
    runner = CliRunner()
    res = runner.invoke(app, ["data", "export", str(src), "--second-level", str(sl),
                              "-o", str(tmp_path / "ds")])
    assert res.exit_code == 0, res.output
    second = datasets.load_dataset(str(tmp_path / "ds"), "second_level_references", split="train",
                                   cache_dir=str(tmp_path / "cache"))
    row = second[second["id"].index(first)]
    assert row["title"] == "A seminal paper" and row["year"] == 1943
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"title": "no id"}\n')
    res = runner.invoke(app, ["data", "export", str(src), "--second-level", str(bad),
                              "-o", str(tmp_path / "ds2")])
    assert res.exit_code == 1 and "bad.jsonl, line 1" in res.output
    unknown = tmp_path / "unknown.jsonl"
    unknown.write_text(json.dumps({"id": first, "colour": "red"}) + "\n")
    res = runner.invoke(app, ["data", "export", str(src), "--second-level", str(unknown),
                              "-o", str(tmp_path / "ds3")])
    assert res.exit_code == 1 and "unknown keys ['colour']" in res.output
    res = runner.invoke(app, ["data", "export", str(tmp_path / "nothing.json"), "-o", str(tmp_path / "d4")])
    assert res.exit_code == 1 and "nothing.json: no such file" in res.output


def test_portable_source_path(tmp_path: Path) -> None:
    from surveybench.dataset.schema import portable_source_path

    root = tmp_path / "data"
    f = root / "HumanSurvey" / "Graph Neural Networks.md"
    assert portable_source_path(str(f), [root]) == "HumanSurvey/Graph Neural Networks.md"
    assert portable_source_path(str(f), [root / "HumanSurvey"]) == "Graph Neural Networks.md"
    assert portable_source_path(str(f), [f]) == "Graph Neural Networks.md"  # the file itself given
    # under no root (or no root given): the file name only, never the directories above it
    assert portable_source_path(str(f), [tmp_path / "elsewhere"]) == "Graph Neural Networks.md"
    assert portable_source_path("../shared/data/x/y.md") == "y.md"
    assert portable_source_path(None) is None
