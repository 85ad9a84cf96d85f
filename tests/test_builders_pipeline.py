"""The whole build against the local S2/OpenAlex stand-in: faults, resume, rebuild, secrets,
snapshot mode and a real SIGKILL in the middle."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from surveybench.data_builders.pipeline import STAGES, BuildConfig, run_build
from tests.plugins.webapis import Fault, write_s2orc_shard, write_snapshots

PHRASES = ("a survey", "survey of", "a review", "literature review", "overview",
           # the SurveyGen example survey is titled "... A Brief Review": add a phrase so it is a candidate
           "brief review")
S2_KEY = "s2-key-DO-NOT-LEAK-7f3a"
OA_KEY = "oa-key-DO-NOT-LEAK-91bc"
MAILTO = "polite-pool@example.org"
GOLD = "3557281"  # corpusId of the SurveyGen example survey (in the facts file)
PROJECT = Path(__file__).resolve().parent.parent


def _judge_script(llm) -> None:
    # Judge m0 says TRUE to everything; m1 and m2 call the WISE paper (astronomy) not a survey.
    llm.default = lambda req: "FALSE" if "WISE Survey" in req.user and req.body.get("model") != "m0" else "TRUE"


def _config(root: Path, api, llm, shard: Path, **kw) -> BuildConfig:
    base = dict(
        work_dir=root / "work", out_dir=root / "out", s2orc_paths=[shard], s2_url=api.s2_url,
        openalex_url=api.openalex_url, phrases=PHRASES, judges=tuple(f"{llm.base_url}@m{i}" for i in range(3)),
        s2_rate=500, openalex_rate=500, timeout=1.0, backoff_base=0.01, max_retries=4, progress=False,
        s2_api_key=S2_KEY, openalex_api_key=OA_KEY, mailto=MAILTO,
    )
    base.update(kw)
    return BuildConfig(**base)


def _table(out: Path, config: str) -> list[dict]:
    files = sorted((out / "data" / config).glob("*.parquet"))
    assert files, f"no parquet for {config} in {out}"
    rows = []
    for f in files:
        rows += pq.read_table(f).to_pylist()
    return rows


@pytest.fixture(scope="module")
def api_build(tmp_path_factory, _fake_apis_server, _scripted_llm_server, webapi_facts):
    api, llm = _fake_apis_server, _scripted_llm_server
    api.reset()
    llm.reset()
    _judge_script(llm)
    root = tmp_path_factory.mktemp("api-build")
    shard = write_s2orc_shard(webapi_facts, root / "s2orc" / "shard-0.jsonl.gz")
    api.inject(r"/paper/search/bulk", Fault.rate_limit(1))
    api.inject(r"/paper/batch", Fault.server_error(), Fault.truncated())
    api.inject(r"/openalex/works\?filter=doi", Fault.timeout(1.5))
    api.inject(r"/openalex/authors", Fault.rate_limit(1))
    api.inject(r"/openalex/sources", Fault.truncated())
    api.inject(r"/openalex/works\?filter=openalex_id", Fault.server_error())
    t0 = time.monotonic()
    cfg = _config(root, api, llm, shard)
    stats = run_build(cfg)
    info = {"cfg": cfg, "stats": stats, "log": list(api.log), "pending_faults": list(api.faults),
            "seconds": time.monotonic() - t0, "root": root, "shard": shard, "llm_calls": llm.calls}
    yield info
    api.reset()
    llm.reset()


def test_build_completes_through_faults(api_build):
    st = api_build["stats"]["stages"]
    assert api_build["pending_faults"] == []  # every injected fault was served
    http = api_build["stats"]["http"]
    assert http["s2.http_429"] == 1 and http["s2.http_500"] == 1 and http["s2.bad_bodies"] == 1
    assert http["openalex.timeouts"] == 1 and http["openalex.http_429"] == 1
    assert http["openalex.bad_bodies"] == 1 and http["openalex.http_500"] == 1
    assert http["s2.retries"] + http["openalex.retries"] == 7
    # Candidates: gold survey + the two real metadata-sample papers after 2010 with a PDF
    assert st["01_candidates"]["candidates"] == 3
    assert st["02_classification"]["decisions"] == {"survey": 2, "not_survey": 1}
    assert st["03_fulltext"] == {**st["03_fulltext"], "surveys": 1, "skipped": {"no S2ORC full text": 1}}
    # nothing lost: 114 references, the 102 with S2 metadata in the facts, the 86 with a DOI
    assert st["04_enrichment"]["references"] == 114
    assert st["04_enrichment"]["with_s2"] == 102 and st["04_enrichment"]["with_openalex"] == 86
    assert st["05_second_level"] == {**st["05_second_level"], "referenced_works": 1988, "found": 1988}
    assert st["06_domains"]["domains"] == {"Computer Science": 1}
    assert api_build["stats"]["skipped"] == {"classification: not_survey": 1, "full text: no S2ORC full text": 1}


def test_requests_are_batched(api_build):
    ok = [e for e in api_build["log"] if e.status == 200 and e.fault is None]
    paths = [e.path.split("?")[0] for e in ok]
    assert paths.count("/graph/v1/paper/batch") == 1  # 114 refs -> one POST
    assert paths.count("/graph/v1/paper/search/bulk") == 2  # 3 hits, 2 per page, token paging
    assert paths.count("/openalex/works") == 1 + 20  # 85 DOIs in one filter; 1988 ids / 100
    assert paths.count("/openalex/authors") == 3  # 252 authors / 100
    assert paths.count("/openalex/sources") == 1
    assert all("per-page=200" in e.path and "cursor=" in e.path for e in ok if e.path.startswith("/openalex/"))
    batch = next(e for e in ok if e.path.startswith("/graph/v1/paper/batch"))
    # 102 references matched to a corpus id, 101 distinct (corpus 436933 is listed twice)
    assert len(json.loads(batch.body)["ids"]) == 101
    assert sum(1 for e in api_build["log"] if e.fault is None and e.status == 200) == len(
        {(e.method, e.path, e.body) for e in ok})  # no request was answered twice


def test_every_vote_is_kept(api_build):
    work = api_build["cfg"].work_dir
    rows = {r["corpus_id"]: r for r in map(json.loads, (work / "02_classification.jsonl").read_text().splitlines())}
    wise = rows["118864667"]
    assert wise["decision"] == "not_survey"
    assert [v["value"] for _, v in sorted(wise["votes"].items())] == [True, False, False]
    assert all(v["reply"] in ("TRUE", "FALSE") for v in wise["votes"].values())
    assert rows[GOLD]["decision"] == "survey" and len(rows[GOLD]["votes"]) == 3
    assert api_build["llm_calls"] == 9  # 3 candidates x 3 judges


def test_enriched_reference_facts(api_build):
    out = api_build["cfg"].out_dir
    from surveybench.dataset import load_surveys

    (s,) = load_surveys(str(out))
    assert s.id == GOLD and s.domain == "Computer Science" and len(s.references) == 114
    b0 = s.reference_map()["b0"]
    # SurveyGen facts for b0 (McCulloch & Pitts): S2 counts, OpenAlex source S118940690 stats,
    # author h-index / paper / citation counts
    assert (b0.doi, b0.citation_count, b0.influential_citation_count) == ("10.1007/bf02459570", 15390, 545)
    assert b0.s2_paper_id == "090c5a5df345ab60c41d6de02b3e366e1a27cf43" and b0.s2_corpus_id == "15619658"
    assert b0.tldr.startswith("It is shown that many particular choices among possible neurophysiological")
    assert b0.fields_of_study == ["Mathematics", "Computer Science"]
    assert (b0.venue.openalex_id, b0.venue.h_index, b0.venue.i10_index) == ("S118940690", 153, 2611)
    assert b0.venue.two_year_mean_citedness == pytest.approx(2.4202334630350193) and b0.venue.is_core is True
    assert [(a.name, a.h_index, a.paper_count, a.citation_count, a.s2_author_id) for a in b0.authors] == [
        ("W. McCulloch", 31, 118, 19197, "4605464"), ("W. Pitts", 16, 27, 19986, "50314979")]
    assert b0.referenced_works == ["https://openalex.org/W4298166646"]
    second = {r["id"]: r for r in _table(out, "second_level_references")}
    assert len(second) == 1988
    w = second["https://openalex.org/W4298166646"]  # only the id is real; the rest is derived in the facts
    assert (w["title"], w["doi"], w["citation_count"]) == (
        "Second-level work W4298166646", "10.99999/w4298166646", 4298166646 % 997)
    # the card states how the build scales, with this build's own request count: stage 4 sent
    # S2 batch 1 + 2 faults, works 1 + 1 timeout, authors 3 + 1 429, sources 1 + 1 truncated = 11
    card = (out / "README.md").read_text()
    assert "scaling" in card and "1,842 with one request per DOI" in card
    assert "96.5" in card  # 11 requests * 1000 / 114 references


def test_secrets_sent_but_never_stored(api_build):
    log = api_build["log"]
    s2 = [e for e in log if e.path.startswith("/graph/")]
    oa = [e for e in log if e.path.startswith("/openalex/")]
    assert all(e.headers.get("x-api-key") == S2_KEY for e in s2)
    assert all(f"mailto={MAILTO.replace('@', '%40')}" in e.path or f"mailto={MAILTO}" in e.path for e in oa)
    assert all("api_key=" in e.path for e in oa)
    root = api_build["root"]
    for p in root.rglob("*"):
        if p.is_file():
            data = p.read_bytes()
            for secret in (S2_KEY, OA_KEY, MAILTO, MAILTO.replace("@", "%40")):
                assert secret.encode() not in data, f"{secret} leaked into {p}"


def test_rebuild_makes_no_requests_and_same_dataset(api_build, fake_apis, scripted_llm, tmp_path):
    src = api_build["cfg"].work_dir
    work = tmp_path / "work"
    shutil.copytree(src, work)
    for st in STAGES:
        (work / f"{st}.done").unlink()
    (work / "02_classification.jsonl").unlink()  # re-ask the judges too: their cache answers
    cfg = _config(tmp_path, fake_apis, scripted_llm, api_build["shard"], work_dir=work, out_dir=tmp_path / "out")
    stats = run_build(cfg)
    assert fake_apis.log == [] and scripted_llm.calls == 0
    assert not any(k.endswith(".requests") for k in stats["http"])
    for config in ("surveys", "references", "second_level_references"):
        assert _table(cfg.out_dir, config) == _table(api_build["cfg"].out_dir, config)


def test_snapshot_mode_gives_same_enrichment(api_build, fake_apis, tmp_path, webapi_facts):
    oa_dir, s2_dir = write_snapshots(webapi_facts, tmp_path / "bulk")
    work = tmp_path / "work"
    work.mkdir()
    src = api_build["cfg"].work_dir
    for name in ("01_candidates.jsonl", "01_candidates.done", "02_classification.jsonl", "02_classification.done",
                 "03_surveys.jsonl", "03_skipped.jsonl", "03_fulltext.done"):
        shutil.copy(src / name, work / name)
    cfg = BuildConfig(work_dir=work, out_dir=tmp_path / "out", openalex_snapshot=oa_dir, s2_snapshot=s2_dir,
                      s2_url=fake_apis.s2_url, openalex_url=fake_apis.openalex_url, progress=False)
    run_build(cfg)
    assert fake_apis.log == []  # no API request in snapshot mode
    api_refs = [json.loads(line)["references"] for line in (src / "04_surveys.jsonl").read_text().splitlines()]
    snap_refs = [json.loads(line)["references"] for line in (work / "04_surveys.jsonl").read_text().splitlines()]
    assert snap_refs == api_refs
    assert (work / "05_second_level.jsonl").read_text() == (src / "05_second_level.jsonl").read_text()


def _cache_rows(path: Path) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.2) as db:
            return db.execute("SELECT count(*) FROM responses").fetchone()[0]
    except sqlite3.Error:
        return 0


def test_sigkill_then_resume_gives_same_dataset(api_build, fake_apis, scripted_llm, tmp_path):
    _judge_script(scripted_llm)
    fake_apis.delay = 0.08  # slow enough to kill the build inside stage 5 (second-level works)
    work, out = tmp_path / "work", tmp_path / "out"
    cmd = [sys.executable, "-m", "data_builders", "--work-dir", str(work), "--out", str(out),
           "--s2orc", str(api_build["shard"]), "--s2-url", fake_apis.s2_url, "--openalex-url", fake_apis.openalex_url,
           "--s2-rate", "500", "--openalex-rate", "500", "--timeout", "5", "--backoff", "0.01", "--no-progress"]
    for p in PHRASES:
        cmd += ["--phrase", p]
    for i in range(3):
        cmd += ["--judge", f"{scripted_llm.base_url}@m{i}"]
    env = {**os.environ, "S2_API_KEY": S2_KEY, "OPENALEX_EMAIL": MAILTO}
    proc = subprocess.Popen(cmd, cwd=PROJECT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while _cache_rows(work / "http-cache.sqlite") < 15 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, f"build ended before the kill: {proc.stdout.read().decode()[-2000:]}"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert (work / "04_enrichment.done").exists() and not (work / "05_second_level.done").exists()
    fake_apis.delay = 0.0
    before = len(fake_apis.ok_requests())
    res = subprocess.run(cmd, cwd=PROJECT, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    assert "skipped (why)" in res.stdout
    assert len(fake_apis.ok_requests()) - before < 20  # stage 5 resumed, earlier stages not re-fetched
    assert fake_apis.duplicates() <= 1  # at most the one request in flight at the kill
    for config in ("surveys", "references", "second_level_references"):
        assert _table(out, config) == _table(api_build["cfg"].out_dir, config)


def test_cli_help_lists_examples():
    from typer.testing import CliRunner

    from surveybench.cli import app

    res = CliRunner().invoke(app, ["build", "--help"])
    assert res.exit_code == 0
    assert "--openalex-snapshot" in res.output and "Examples" in res.output


def test_snapshot_finds_references_by_every_lookup_id(tmp_path, webapi_facts):
    """A reference known only by S2 paper id, by arXiv id, by DOI or by corpus id is found in the
    S2 dataset files the same way the API's batch endpoint finds it (s2_lookup_id)."""
    from surveybench.data_builders.snapshot import fetch_snapshot
    from surveybench.model import Reference
    from tests.plugins.webapis import write_jsonl_gz

    oa_dir, s2_dir = write_snapshots(webapi_facts, tmp_path / "bulk")
    write_jsonl_gz(s2_dir / "papers" / "part1.jsonl.gz", [{
        "corpusid": 42, "externalids": {"ArXiv": "2101.00042", "CorpusId": "42"},
        "url": "https://www.semanticscholar.org/paper/ffff", "title": "An arXiv-only paper", "year": 2021,
        "citationcount": 7, "influentialcitationcount": 1, "s2fieldsofstudy": [], "authors": [],
    }])
    refs = [
        Reference(id="p", s2_paper_id="090c5a5df345ab60c41d6de02b3e366e1a27cf43"),
        Reference(id="c", s2_corpus_id="15619658"),
        Reference(id="d", doi="10.1007/bf02459570"),
        Reference(id="a", arxiv_id="2101.00042"),
        Reference(id="n", arxiv_id="2101.99999"),  # in no file
    ]
    data = fetch_snapshot(refs, openalex_dir=oa_dir, s2_dir=s2_dir)
    assert set(data.s2) == {"090c5a5df345ab60c41d6de02b3e366e1a27cf43", "CorpusId:15619658",
                            "DOI:10.1007/bf02459570", "ARXIV:2101.00042"}
    # McCulloch & Pitts (SurveyGen facts) by three routes, the arXiv paper by the fourth
    assert {data.s2[k]["citationCount"] for k in data.s2 if not k.startswith("ARXIV")} == {15390}
    assert data.s2["ARXIV:2101.00042"]["citationCount"] == 7
