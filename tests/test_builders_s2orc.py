"""Stage 3: S2ORC records -> Survey, on the real 2020-release record and a Datasets API record."""

from __future__ import annotations

import gzip
import json

import pytest

from surveybench.data_builders.s2orc import S2orcError, iter_records, parse_record, passes_filter, record_format
from tests.plugins.shared_data import shared_path
from tests.plugins.webapis import gold_as_datasets_api_record


@pytest.fixture(scope="module")
def example():
    return json.loads(shared_path("s2orc", "example_paper.json").read_text(encoding="utf-8"))


def test_real_2020_record_counts_checked_by_hand(example):
    # Counted with jq on example_paper.json: 22 body paragraphs, all with section null;
    # 49 cite spans, 31 with a ref_id (22 distinct), 18 unlinked; 26 bib entries;
    # paragraph 0 has 23 spans, the last paragraph 11.
    s = parse_record(example)
    assert record_format(example) == "s2orc-2020"
    assert s.id == "15772371" and s.title.startswith("Artificial diets for rearing the Colorado potato beetle")
    assert len(s.sections) == 1 and s.sections[0].title == ""
    paras = [p for _, p in s.paragraphs()]
    assert len(paras) == 22
    marks = [m for _, _, m in s.citation_marks()]
    assert len(marks) == 49
    assert sum(1 for m in marks if m.ref_ids) == 31
    assert sum(1 for m in marks if m.unresolved) == 18
    assert len(s.cited_ref_ids()) == 22
    assert len(s.references) == 26
    assert len(paras[0].citations) == 23 and len(paras[-1].citations) == 11
    first = paras[0].citations[0]
    # BIBREF24 -> bib entry ref_id b24, matched S2 corpus id 84589835
    assert first.marker == "(Schalk and Stoner, 1979;" and (first.start, first.end) == (136, 161)
    assert paras[0].text[first.start:first.end] == first.marker
    assert first.ref_ids == ["b24"]
    b24 = s.reference_map()["b24"]
    assert b24.s2_corpus_id == "84589835" and b24.year == 1979
    assert b24.title.startswith("Tomato production in Maryland")
    assert [m.marker for m in paras[0].citations if m.unresolved][:3] == [
        "Aldrich and Cantello, 2000)", ", Williams, 1987", "(Williams, 1987)"]
    # 26 references < 30 and one top-level section < 3: SurveyGen §2.2 drops it
    assert passes_filter(s) == (False, "fewer than 30 references (26)")


def test_datasets_api_record_from_surveygen_facts(webapi_facts):
    gold = webapi_facts.gold
    rec = gold_as_datasets_api_record(gold)
    assert isinstance(rec["content"]["annotations"]["bibref"], str)  # JSON strings, as served
    s = parse_record(rec)
    assert record_format(rec) == "datasets-api"
    assert s.id == str(gold["corpusId"]) and s.title == "Deep Learning for Computer Vision: A Brief Review"
    assert s.doi == "10.1155/2018/7068349"
    assert len(s.references) == 114  # the SurveyGen file lists 114 references
    # 25 sections in the file; paragraphs only where it has them
    assert [x.title for x in s.sections][:2] == ["Introduction", "Convolutional Neural Networks. Convolutional Neural"]
    n_paras = sum(len(x["paragraphs"]) for x in gold["sections"])
    assert sum(len(x.paragraphs) for x in s.sections) == n_paras
    intro = s.sections[0].paragraphs[1]  # the Introduction's 2nd paragraph opens with McCulloch and Pitts [1]
    m = intro.citations[0]
    assert intro.text[m.start:m.end] == "[1]" and m.ref_ids == ["b0"]
    assert s.reference_map()["b0"].title == "A logical calculus of the ideas immanent in nervous activity"
    assert s.reference_map()["b0"].s2_corpus_id == "15619658"
    assert passes_filter(s) == (True, None)


def test_sections_levels_from_sec_num():
    rec = {"paper_id": "1", "metadata": {"title": "T"}, "grobid_parse": {"bib_entries": {}, "body_text": [
        {"text": "a", "section": "Intro", "sec_num": "1", "cite_spans": []},
        {"text": "b", "section": "Sub", "sec_num": "1.1", "cite_spans": []},
        {"text": "c", "section": "References", "sec_num": None, "cite_spans": []},
    ]}}
    s = parse_record(rec)
    assert [(x.level, x.parent, x.is_content) for x in s.sections] == [(1, None, True), (2, 0, True), (1, None, False)]


def test_bad_shard_line_names_file_and_line(tmp_path):
    p = tmp_path / "shard.jsonl.gz"
    with gzip.open(p, "wt") as fh:
        fh.write('{"corpusid": 1, "content": {"text": "", "annotations": {}}}\n{"corpusid": 2, broken\n')
    with pytest.raises(S2orcError, match=r"shard.jsonl.gz:2: invalid JSON"):
        list(iter_records([p]))
    assert [r["corpusid"] for _, _, r in iter_records([p], {"1"})] == [1]  # wanted-id prefilter skips line 2
    errors: list = []
    assert [r["corpusid"] for _, _, r in iter_records([p], None, errors)] == [1]  # goes on past the bad line
    assert [e.where for e in errors] == [f"{p}:2"]
    with pytest.raises(S2orcError, match="neither"):
        parse_record({"paper_id": "9"})


def test_cut_gzip_shard_is_named_and_the_batch_goes_on(tmp_path):
    line = b'{"corpusid": 1, "content": {"text": "", "annotations": {}}}\n'
    data = gzip.compress(line * 1000)
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    good = tmp_path / "good.jsonl.gz"
    good.write_bytes(gzip.compress(line.replace(b'"corpusid": 1', b'"corpusid": 2')))
    with pytest.raises(S2orcError, match=r"cut.jsonl.gz: unreadable shard"):
        list(iter_records([cut]))
    errors: list = []
    got = [r["corpusid"] for _, _, r in iter_records([cut, good], {"2"}, errors)]
    assert got == [2] and [e.where for e in errors] == [str(cut)]
