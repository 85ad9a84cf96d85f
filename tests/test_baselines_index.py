"""The paper index (baselines/index.py): sources, date cutoff, gold exclusion, exact search,
hybrid search, and QUAL-SG's co-citation expansion from the index and from OpenAlex (the
loopback stand-in), on the SurveyGen example."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from surveybench.baselines.index import build_index, cutoff_key, date_key, load_index
from surveybench.baselines.index_sources import IndexSourceError, iter_source
from surveybench.baselines.retrieval import (
    IndexRetriever,
    MemoryRetriever,
    load_candidates,
    published_before,
)
from surveybench.model import Reference
from tests.plugins.shared_data import shared_path
from tests.plugins.webapis import GOLD_NAME


class HashingEmbedder:
    """Bag of words hashed into 256 dimensions, unit length: similar texts share words. Fast and
    deterministic, so index tests do not wait for a transformer."""

    model_id = "hashing-256"
    dim = 256

    def encode(self, texts):
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in re.findall(r"[a-z0-9]+", t.lower()):
                out[i, int(hashlib.md5(w.encode()).hexdigest()[:8], 16) % self.dim] += 1.0
        n = np.linalg.norm(out, axis=1, keepdims=True)
        return np.divide(out, n, out=np.zeros_like(out), where=n > 0)


def export_surveygen(out: Path, works: dict | None, *, min_citers: int = 1) -> Path:
    """The SurveyGen example as a dataset export; second-level metadata from ``works``
    (OpenAlex-shaped, the loopback server's facts) for works cited by >= ``min_citers`` refs."""
    from surveybench.dataset import export_dataset
    from surveybench.readers import read_survey

    gold = read_survey(shared_path("surveygen", GOLD_NAME))
    counts = Counter(w.rsplit("/", 1)[-1] for r in gold.references for w in set(r.referenced_works))
    second = {}
    for w, n in counts.items():
        if works and n >= min_citers and w in works:
            rec = works[w]
            second[w] = {"title": rec["title"], "doi": rec["doi"].replace("https://doi.org/", ""),
                         "year": rec["publication_year"], "citation_count": rec["cited_by_count"]}
    # second-level ids are keyed as they appear in referenced_works
    full = {w: second[w.rsplit("/", 1)[-1]] for r in gold.references for w in r.referenced_works
            if w.rsplit("/", 1)[-1] in second}
    return export_dataset([gold], out, second_level=full)


ARXIV = [
    {"id": "1512.03385", "submitter": "Kaiming He", "authors": "Kaiming He, Xiangyu Zhang",
     "title": "Deep Residual Learning for Image\n  Recognition", "doi": None,
     "categories": "cs.CV", "abstract": "  Deeper neural networks are more difficult to train.",
     "versions": [{"version": "v1", "created": "Thu, 10 Dec 2015 19:51:55 GMT"}],
     "update_date": "2015-12-10", "authors_parsed": [["He", "Kaiming", ""], ["Zhang", "Xiangyu", ""]]},
    {"id": "2010.11929", "submitter": "A. D.", "authors": "Alexey Dosovitskiy",
     "title": "An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale",
     "doi": None, "categories": "cs.CV cs.AI", "abstract": "Transformers for image recognition.",
     "versions": [{"version": "v1", "created": "Thu, 22 Oct 2020 17:55:59 GMT"}],
     "update_date": "2021-06-03", "authors_parsed": [["Dosovitskiy", "Alexey", ""]]},
]


@pytest.fixture(scope="module")
def sources(tmp_path_factory, webapi_facts) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("index-sources")
    ds = export_surveygen(root / "dataset", webapi_facts.works)
    lines = shared_path("s2orc", "metadata_sample.jsonl").read_text(encoding="utf-8").splitlines()
    s2orc = root / "s2orc.jsonl"
    s2orc.write_text("\n".join(lines[:200]) + "\n", encoding="utf-8")
    arxiv = root / "arxiv-metadata-oai-snapshot.json"  # Kaggle: JSON lines despite the name
    arxiv.write_text("\n".join(json.dumps(r) for r in ARXIV) + "\n", encoding="utf-8")
    return {"dataset": ds, "s2orc": s2orc, "arxiv": arxiv}


@pytest.fixture(scope="module")
def index(sources, tmp_path_factory):
    out = tmp_path_factory.mktemp("idx") / "index"
    stats = build_index([sources["dataset"], sources["s2orc"], sources["arxiv"]], out, HashingEmbedder())
    return load_index(out), stats


def test_readers_of_every_source(sources) -> None:
    arxiv = list(iter_source(sources["arxiv"]))
    assert [r.paper.title for r in arxiv] == ["Deep Residual Learning for Image Recognition",
                                              ARXIV[1]["title"]]
    assert arxiv[0].paper.publication_date == "2015-12-10" and arxiv[0].paper.year == 2015
    assert [a.name for a in arxiv[0].paper.authors] == ["Kaiming He", "Xiangyu Zhang"]
    s2 = list(iter_source(sources["s2orc"]))
    assert len(s2) == 200 and s2[0].paper.s2_corpus_id == "77490025"
    ds = list(iter_source(sources["dataset"]))
    kinds = Counter(r.source for r in ds)
    assert kinds["dataset:references"] == 114 and kinds["dataset:surveys"] == 1
    assert kinds["dataset:second_level_references"] == 1988
    # the references keep their citations (OpenAlex ids) for co-citation
    assert sum(len(r.cites) for r in ds if r.source == "dataset:references") > 1000


def test_bad_source_names_file_and_line(tmp_path) -> None:
    bad = tmp_path / "papers.jsonl"
    bad.write_text('{"id": "x", "title": "t", "versions": []}\n{"weird": 1}\n', encoding="utf-8")
    with pytest.raises(IndexSourceError, match=r"papers\.jsonl:2: not an S2ORC, S2 Datasets or arXiv"):
        list(iter_source(bad))
    with pytest.raises(IndexSourceError, match="no such file"):
        list(iter_source(tmp_path / "missing.jsonl"))


@pytest.mark.parametrize("cutoff", ["2018", "2018-02-01", "2015-12-10", "2016", "1990-06-30"])
def test_date_prefix_equals_published_before(cutoff) -> None:
    refs = [Reference(id=str(i), year=y, publication_date=d) for i, (y, d) in enumerate([
        (None, None), (2018, None), (2018, "2018-01-31"), (2018, "2018-02-01"), (2017, "2017-12-31"),
        (2015, "2015-12-10"), (2015, None), (1990, "1990-06-29"), (2019, "2019-01-01"), (1990, None)])]
    ordered = sorted(refs, key=date_key)
    import bisect

    r = bisect.bisect_left([date_key(x) for x in ordered], cutoff_key(cutoff))
    assert {x.id for x in ordered[:r]} == {x.id for x in refs if published_before(x, cutoff)}


def test_build_deduplicates_and_keeps_the_graph(index) -> None:
    idx, stats = index
    # 114 references + 1988 second-level + 1 survey + 200 S2ORC + 2 arXiv, minus duplicates
    # (a reference and a second-level work that are the same paper share a DOI / OpenAlex id)
    assert stats.records == 114 + 1988 + 1 + 200 + 2
    assert stats.papers == len(idx) == stats.records - stats.merged - (stats.records - stats.merged - len(idx))
    assert stats.edges > 1000
    assert idx.manifest["embedder"] == "hashing-256" and idx.manifest["ann"] == "IndexFlatIP"


def test_search_is_exact_filtered_and_excludes_gold(index) -> None:
    idx, _ = index
    emb = HashingEmbedder()
    from surveybench.readers import read_survey

    gold = read_survey(shared_path("surveygen", GOLD_NAME))
    q = "Deep Learning for Computer Vision: A Brief Review"
    qv = emb.encode([q])[0]
    # without exclusion the survey itself is the best match
    top = idx.search(q, qv, 5)
    assert idx.reference(top[0].row).title == gold.title
    # exact: the same order as brute force over the rows before the cutoff
    limit = idx.rows_before("2018-02-01")
    sims = np.asarray(idx.vectors[:limit]) @ qv
    excl = idx.matching_rows(gold)
    assert len(excl) == 1
    brute = [i for i in np.argsort(-sims, kind="stable") if i not in excl][:20]
    r = IndexRetriever(idx, emb, cutoff="2018-02-01", gold=gold)
    got = r.search(q, 20)
    assert [round(s, 5) for _, s in got] == [round(float(sims[i]), 5) for i in brute]
    assert all(ref.title != gold.title for ref, _ in got)
    assert all(published_before(ref, "2018-02-01") for ref, _ in r.search("image recognition", 500))
    # the 2020 arXiv paper only exists after the cutoff
    assert not any("16x16" in (ref.title or "") for ref, _ in r.search("transformers image recognition", 50))
    later = IndexRetriever(idx, emb, cutoff="2021", gold=gold)
    assert any("16x16" in (ref.title or "") for ref, _ in later.search("transformers image recognition", 5))


def test_bm25_and_hybrid(index) -> None:
    idx, _ = index
    emb = HashingEmbedder()
    hits = IndexRetriever(idx, emb, mode="bm25").search("residual learning", 3)
    assert "Residual" in (hits[0][0].title or "")
    hy = IndexRetriever(idx, emb, mode="hybrid").search("residual learning image recognition", 10)
    # reciprocal rank fusion: a paper first in both lists scores 2/(60+1)
    assert hy[0][1] <= 2 / 61 + 1e-12 and len(hy) == 10
    with pytest.raises(ValueError, match="unknown retrieval mode"):
        idx.search("x", emb.encode(["x"])[0], 3, mode="sparse")


def test_co_citation_adds_second_level_works_from_the_index(index, scripted_llm, tmp_path) -> None:
    """QUAL-SG on the SurveyGen example: the top papers by similarity cite second-level works;
    those cited by >= 2 of them join the pool with their metadata (SurveyGen §2.4, App. C)."""
    from surveybench.baselines.surveygen import qual_sg_select
    from surveybench.judges import make_judge
    from surveybench.readers import read_survey

    idx, _ = index
    gold = read_survey(shared_path("surveygen", GOLD_NAME))
    r = IndexRetriever(idx, HashingEmbedder(), cutoff="2018-02-01", gold=gold)
    scripted_llm.when(r"Topical relevance score:", "3")
    judge = make_judge(scripted_llm.spec, cache_path=tmp_path / "c.sqlite", concurrency=4)
    chosen, table = qual_sg_select(gold.topic, judge, retriever=r, budget=30, initial_n=60,
                                   co_cited_limit=50)
    judge.close()
    added = [row for row in table if row["co_cited"]]
    assert 0 < len(added) <= 50
    first = [ref for ref, _ in r.search(gold.topic, 60)]
    cited = Counter(w.rsplit("/", 1)[-1] for ref in first for w in set(ref.referenced_works))
    for row in added:  # each added work is cited by >= 2 of the initial papers, and not one of them
        assert cited[row["id"].rsplit("/", 1)[-1]] >= 2
        assert row["title"].startswith("Second-level work")
    assert {row["id"] for row in added}.isdisjoint({ref.id for ref in first})
    assert len(chosen) == 30


def test_co_citation_fetches_missing_works_from_openalex(sources, fake_apis, webapi_facts, tmp_path) -> None:
    """An index built without second-level metadata: co-cited works come from OpenAlex (the
    loopback server) through the data builders' HTTP layer."""
    from surveybench.baselines.batch import _openalex

    ds = export_surveygen(tmp_path / "ds", None)
    build_index([ds], tmp_path / "idx", HashingEmbedder())
    idx = load_index(tmp_path / "idx")
    offline = IndexRetriever(idx, HashingEmbedder(), cutoff="2018-02-01")
    first = [ref for ref, _ in offline.search("deep learning computer vision", 40)]
    # the works cited by >= 2 of the 40, counted by hand from their referenced_works
    cited = Counter(w.rsplit("/", 1)[-1] for ref in first for w in set(ref.referenced_works))
    n_co = sum(1 for c in cited.values() if c >= 2)
    assert n_co > 10 and offline.co_cited(first, min_citers=2, limit=10) == []
    # offline, the numbers say why nothing was added: the ids have no metadata in the index
    assert offline.co_citation == {"co_cited_works": n_co, "from_index": 0, "from_openalex": 0,
                                   "without_metadata": n_co, "added": 0}
    r = IndexRetriever(idx, HashingEmbedder(), cutoff="2018-02-01", openalex=_openalex(fake_apis.openalex_url))
    got = r.co_cited([ref for ref, _ in r.search("deep learning computer vision", 40)], min_citers=2, limit=10)
    assert len(got) == 10 and r.fetched == 10
    assert r.co_citation == {"co_cited_works": n_co, "from_index": 0, "from_openalex": 10,
                             "without_metadata": 0, "added": 10}
    assert r.describe()["co_citation"] == r.co_citation
    assert all(g.title == webapi_facts.works[g.id]["title"] for g in got)
    assert any("/works" in x.path for x in fake_apis.ok_requests())


def test_candidates_accept_the_exports_rows(sources, tmp_path) -> None:
    pq_file = next((sources["dataset"] / "data" / "references").glob("*.parquet"))
    refs = load_candidates(pq_file)
    # 114 entries, two of them the same paper (DOI 10.1007/978-3-319-10578-9_23): kept once
    assert len(refs) == 113 and refs[0].id.startswith("Deep Learning Applications")
    import pyarrow.parquet as pq

    rows = pq.read_table(pq_file).to_pylist()[:3]
    jl = tmp_path / "rows.jsonl"
    jl.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    got = load_candidates(jl)  # was: field 'survey_id': Extra inputs are not permitted
    assert [g.title for g in got] == [r["title"] for r in rows]
    m = MemoryRetriever(got, HashingEmbedder(), cutoff=None)
    assert len(m) == 3
