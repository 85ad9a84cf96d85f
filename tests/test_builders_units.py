"""Pure parts of the corpus builder: phrases, votes, domains, CORE ranks, HTTP helpers."""

from __future__ import annotations

import time

import pytest

from surveybench.data_builders.candidates import SURVEY_PHRASES, bulk_query, from_bulk_files, title_matches
from surveybench.data_builders.classify import majority, parse_true_false
from surveybench.data_builders.domains import label_domain
from surveybench.data_builders.enrich import core_rank, load_core_rankings
from surveybench.data_builders.http import TokenBucket, _retry_after, redact_url
from surveybench.judges import ParseError
from surveybench.prompts.classification import SURVEY_CLASSIFICATION
from tests.plugins.shared_data import shared_path


def test_phrases_are_surveygen_s22():
    assert SURVEY_PHRASES == ("a survey", "survey of", "a review", "literature review", "overview")
    assert title_matches("Deep Learning: A Survey of Methods")
    assert title_matches("An OVERVIEW of things")
    # the SurveyGen example survey itself has none of the phrases ("A Brief Review")
    assert not title_matches("Deep Learning for Computer Vision: A Brief Review")
    assert bulk_query(("a survey", "overview")) == '"a survey" | "overview"'


def test_candidates_from_real_2020_metadata_sample():
    # metadata_sample.jsonl: 5 titles contain a phrase; after 2010 and with a PDF parse only
    # 118864667 (2014, "A WISE Survey of ...") and 213344988 (2019, "A Review of Public Housing ...")
    rows = list(from_bulk_files([shared_path("s2orc", "metadata_sample.jsonl")], after_year=2010))
    assert [(r["corpus_id"], r["year"]) for r in rows] == [("118864667", 2014), ("213344988", 2019)]
    assert rows[1]["fields_of_study"] == ["Business"] and rows[1]["abstract"].startswith("The importance of housing")
    older = list(from_bulk_files([shared_path("s2orc", "metadata_sample.jsonl")], after_year=2014))
    assert [r["corpus_id"] for r in older] == ["213344988"]


def test_classification_prompt_is_app_i_verbatim():
    p = SURVEY_CLASSIFICATION
    assert p.placeholders == ("abstract", "title")
    text = p.render(title="T", abstract="A")
    assert text.startswith("You are an academic expert in scientific literature classification.")
    assert "Title: T\n\nAbstract: A" in text
    assert "“TRUE” if the paper qualifies as a survey-type article, or “FALSE” if it does not." in text
    assert "App. I" in p.source


def test_parse_and_majority():
    assert parse_true_false("TRUE") is True
    assert parse_true_false("**FALSE**.") is False
    with pytest.raises(ParseError):
        parse_true_false("maybe")
    with pytest.raises(ParseError):
        parse_true_false("TRUE or FALSE")
    assert majority([True, True, False], 3) is True
    assert majority([False, None, False], 3) is False
    assert majority([True, None, None], 3) is None  # one valid vote is no majority of three
    assert majority([True, False, None], 3) is None


def test_domain_rule():
    # multi-field survey: the field most of its references carry wins
    refs = [["Computer Science"], ["Medicine", "Computer Science"], ["Mathematics"]]
    assert label_domain(["Computer Science", "Medicine"], refs) == "Computer Science"
    assert label_domain(["Computer Science", "Medicine"], [["Medicine"], ["Medicine", "Biology"]]) == "Medicine"
    # tie -> the survey's first-listed field
    assert label_domain(["Psychology", "Medicine"], [["Medicine"], ["Psychology"]]) == "Psychology"
    # no own fields -> the references' majority; alphabetical on ties
    assert label_domain([], [["Biology"], ["Biology", "Medicine"]]) == "Biology"
    assert label_domain([], [["Physics"], ["Chemistry"]]) == "Chemistry"
    assert label_domain([], []) is None


def test_core_rankings(tmp_path):
    portal = tmp_path / "core.csv"
    portal.write_text('"1","Computer Vision and Pattern Recognition","CVPR","CORE2023","A*","1","2"\n'
                      '"2","Some Workshop","SW","CORE2023","C","1","2"\n')
    core = load_core_rankings(portal)
    assert core["cvpr"] == "A*" and core["computer vision and pattern recognition"] == "A*"
    assert core_rank("IEEE Conference on Vision (CVPR)", core) == "A*"
    assert core_rank("Unknown venue", core) is None
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n")
    with pytest.raises(ValueError, match="bad.csv"):
        load_core_rankings(bad)


def test_redaction_and_retry_after():
    u = "https://api.openalex.org/works?filter=doi:10.1/a|10.2/b&mailto=me@x.org&api_key=K&per-page=200"
    r = redact_url(u)
    assert "me@x.org" not in r and "api_key" not in r and "filter=doi:10.1/a|10.2/b" in r and "per-page=200" in r
    assert _retry_after("3") == 3.0
    assert _retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # a date in the past: retry now
    assert _retry_after("soon") is None


def test_token_bucket_spaces_requests():
    b = TokenBucket(rate=50, burst=1)
    t0 = time.monotonic()
    for _ in range(6):
        b.acquire()
    # 5 waits of 1/50 s after the first token: at least 0.1 s (a correctness bound, not a speed test)
    assert time.monotonic() - t0 >= 0.09


def test_candidates_from_datasets_api_papers_files(tmp_path):
    from tests.plugins.webapis import write_jsonl_gz

    f = write_jsonl_gz(tmp_path / "papers" / "part0.jsonl.gz", [
        {"corpusid": 3557281, "title": "Deep Learning for Computer Vision: A Brief Review", "year": 2018,
         "externalids": {"DOI": "10.1155/2018/7068349", "CorpusId": "3557281"}},
        {"corpusid": 7, "title": "An Overview of Gardens", "year": 2012, "externalids": {"DOI": None}},
        {"corpusid": 8, "title": "A survey of nothing", "year": 2009, "externalids": {"DOI": "10.1/x"}},
    ])
    rows = list(from_bulk_files([f]))
    assert [(r["corpus_id"], r["title"]) for r in rows] == [("7", "An Overview of Gardens")]
    rows = list(from_bulk_files([f], phrases=("brief review",)))
    assert [(r["corpus_id"], r["doi"]) for r in rows] == [("3557281", "10.1155/2018/7068349")]


def test_bulk_files_of_unknown_format_are_named(tmp_path):
    from tests.plugins.webapis import write_jsonl_gz

    f = write_jsonl_gz(tmp_path / "works" / "part0.jsonl.gz", [{"id": "W1", "display_name": "An overview"}])
    with pytest.raises(ValueError, match=r"part0.jsonl.gz: neither S2ORC 2020 metadata"):
        list(from_bulk_files([f]))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    with pytest.raises(ValueError, match=r"bad.jsonl: not readable as JSON Lines"):
        list(from_bulk_files([bad]))


def test_build_command_bad_input_is_one_clear_error(tmp_path):
    from typer.testing import CliRunner

    from surveybench.cli import app

    bad = tmp_path / "x.jsonl"
    bad.write_text('{"id": "W1"}\n')
    res = CliRunner().invoke(app, ["build", "--work-dir", str(tmp_path / "w"), "--out", str(tmp_path / "o"),
                                   "--candidates", str(bad), "--no-progress"], env={"COLUMNS": "200"})
    assert res.exit_code == 2, res.output
    assert "x.jsonl: neither S2ORC 2020 metadata" in res.output and "Traceback" not in res.output


def test_snapshot_mode_needs_both_folders(tmp_path):
    from surveybench.data_builders.pipeline import BuildConfig

    with pytest.raises(ValueError, match="needs both --openalex-snapshot and --s2-snapshot; only --s2-snapshot"):
        BuildConfig(work_dir=tmp_path / "w", out_dir=tmp_path / "o", s2_snapshot=tmp_path)
    with pytest.raises(ValueError, match="--openalex-snapshot .*nope: no such folder"):
        BuildConfig(work_dir=tmp_path / "w", out_dir=tmp_path / "o", s2_snapshot=tmp_path,
                    openalex_snapshot=tmp_path / "nope")


def test_corrupt_snapshot_partition_is_named(tmp_path):
    import gzip

    from surveybench.data_builders.snapshot import SnapshotError, fetch_second_level_snapshot

    part = tmp_path / "oa" / "data" / "works" / "updated_date=2024-01-01" / "part_000.gz"
    part.parent.mkdir(parents=True)
    with gzip.open(part, "wt") as fh:
        fh.write('{"id": "https://openalex.org/W1", "doi": null}\n{"id": "https://openalex.org/W2", broken\n')
    with pytest.raises(SnapshotError, match=r"part_000.gz: cannot read as gzipped JSON Lines"):
        fetch_second_level_snapshot(["W1"], openalex_dir=tmp_path / "oa")
