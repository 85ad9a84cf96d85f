"""HTTP requests (and time) to enrich 1,000 cited papers: our batched enrichment vs one request
per DOI, side by side against the local S2/OpenAlex stand-in (tests/plugins/webapis.py).

Reference implementation ("per DOI", as the SurveyGen scripts fetch metadata): for each cited
paper one Semantic Scholar ``GET /graph/v1/paper/{id}`` and one OpenAlex ``GET /works/doi:{doi}``;
we also show the cost when, like our enrichment, author and venue statistics are added (one
``GET /authors/{id}`` / ``GET /sources/{id}`` per distinct id).

Ours: ``surveybench.data_builders.enrich.fetch_api`` (S2 ``POST /paper/batch`` with 500 ids; OpenAlex
``filter=doi:a|b|...``/``openalex_id:..`` with 100 values, per-page=200), no response cache.

The 1,000 references are clones of the 102 real SurveyGen references with S2 metadata (new
corpus ids and DOIs, same authors and venues: authors and venues repeat across a corpus too).

Run: ``python bench/bench_enrichment.py [--refs 1000]``
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from surveybench.data_builders.clients import S2_PAPER_FIELDS, OpenAlexClient, make_semanticscholar  # noqa: E402
from surveybench.data_builders.enrich import WORK_SELECT, fetch_api  # noqa: E402
from surveybench.data_builders.http import HttpLayer, ServiceConfig  # noqa: E402
from surveybench.model import Reference  # noqa: E402
from tests.plugins.webapis import FakeApis, build_facts  # noqa: E402


def scaled_facts(n: int):
    facts = build_facts()
    base_s2 = list(facts.s2.values())
    base_works = {w["doi"].split("doi.org/", 1)[1].lower(): w for w in facts.works.values()
                  if w["doi"] and not w["doi"].startswith("https://doi.org/10.99999/")}
    refs: list[Reference] = []
    k = 0
    while len(refs) < n:
        for rec in base_s2:
            if len(refs) >= n:
                break
            cid = f"{rec['corpusId']}{k:02d}"
            doi = rec["externalIds"].get("DOI")
            new = copy.deepcopy(rec)
            new["corpusId"] = int(cid)
            new["paperId"] = f"{rec['paperId']}{k:02d}"
            new["externalIds"] = {"CorpusId": int(cid)}
            new_doi = None
            if doi:
                new_doi = f"{doi.lower()}.c{k}"
                new["externalIds"]["DOI"] = new_doi
                w = copy.deepcopy(base_works[doi.lower()])
                w["id"] = f"https://openalex.org/W9{cid}"
                w["doi"] = f"https://doi.org/{new_doi}"
                facts.works[f"W9{cid}"] = w
            facts.s2[cid] = new
            refs.append(Reference(id=f"r{len(refs)}", s2_corpus_id=cid, doi=new_doi))
        k += 1
    return facts, refs


def per_doi(api: FakeApis, refs: list[Reference], with_stats: bool) -> None:
    """The reference implementation: one request per paper per service (no batching)."""
    authors: set[str] = set()
    sources: set[str] = set()
    with httpx.Client(timeout=30) as c:
        for r in refs:
            c.get(f"{api.s2_url}/graph/v1/paper/CorpusId:{r.s2_corpus_id}", params={"fields": ",".join(S2_PAPER_FIELDS)})
            if not r.doi:
                continue
            w = c.get(f"{api.openalex_url}/works/doi:{r.doi}", params={"select": ",".join(WORK_SELECT)}).json()
            if not with_stats:
                continue
            for ship in w.get("authorships") or []:
                aid = ship["author"]["id"].rsplit("/", 1)[-1]
                if aid not in authors:
                    authors.add(aid)
                    c.get(f"{api.openalex_url}/authors/{aid}")
            src = (w.get("primary_location") or {}).get("source") or {}
            sid = (src.get("id") or "").rsplit("/", 1)[-1]
            if sid and sid not in sources:
                sources.add(sid)
                c.get(f"{api.openalex_url}/sources/{sid}")


def ours(api: FakeApis, refs: list[Reference]) -> None:
    http = HttpLayer(None, {"s2": ServiceConfig("s2", api.s2_url, rate=1e6, burst=1000),
                            "openalex": ServiceConfig("openalex", api.openalex_url, rate=1e6, burst=1000)})
    data = fetch_api(refs, make_semanticscholar(http), OpenAlexClient(http))
    assert len(data.s2) == len({r.s2_corpus_id for r in refs}), "every reference must be found"
    http.close()


def snapshot_scale(n_works: int, n_refs: int) -> None:
    """Snapshot mode at scale: DuckDB over an OpenAlex-layout works partition of ``n_works``
    synthetic works (gzipped JSON Lines), looking up ``n_refs`` DOIs; reports time and peak RSS."""
    import gzip
    import json
    import resource
    import tempfile

    from surveybench.data_builders.snapshot import _WORK_COLS, _files, _query

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        part = root / "data" / "works" / "updated_date=2024-06-01"
        part.mkdir(parents=True)
        t0 = time.perf_counter()
        per_file = 100_000
        for f in range(0, n_works, per_file):
            with gzip.open(part / f"part_{f // per_file:03d}.gz", "wt", compresslevel=1) as fh:
                for i in range(f, min(n_works, f + per_file)):
                    fh.write(json.dumps({
                        "id": f"https://openalex.org/W{i}", "doi": f"https://doi.org/10.1/{i}", "title": f"Work {i}",
                        "publication_year": 2000 + i % 25, "cited_by_count": i % 1000, "type": "article",
                        "authorships": [{"author": {"id": f"https://openalex.org/A{i % 50000}", "display_name": "X"}}],
                        "primary_location": {"source": {"id": f"https://openalex.org/S{i % 3000}"}},
                        "referenced_works": [f"https://openalex.org/W{(i * 7 + k) % n_works}" for k in range(20)],
                        "abstract_inverted_index": {w: [k] for k, w in enumerate(f"abstract of work {i}".split())},
                    }) + "\n")
        gen = time.perf_counter() - t0
        size = sum(p.stat().st_size for p in part.iterdir())
        import duckdb

        rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t0 = time.perf_counter()
        con = duckdb.connect()
        con.execute("SET memory_limit='2GB'")
        want = [f"10.1/{i}" for i in range(0, n_works, max(1, n_works // n_refs))][:n_refs]
        rows = _query(con, _files(root, "works"), _WORK_COLS,
                      "lower(regexp_replace(doi, '^https?://(dx\\.)?doi\\.org/', ''))", want)
        dt = time.perf_counter() - t0
        rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        assert len(rows) == len(want)
        print(f"snapshot mode: {n_works:,} works in {size / 1e6:.0f} MB of gzipped JSON Lines (made in {gen:.0f} s); "
              f"{len(want):,} DOIs looked up in {dt:.1f} s = {size / 1e6 / dt:.0f} MB/s gz; "
              f"peak RSS {rss0 / 1024:.0f} -> {rss1 / 1024:.0f} MB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--refs", type=int, default=1000)
    ap.add_argument("--snapshot-works", type=int, default=0,
                    help="also time snapshot mode over this many synthetic works (e.g. 1000000)")
    args = ap.parse_args()
    if args.snapshot_works:
        snapshot_scale(args.snapshot_works, args.refs)
    facts, refs = scaled_facts(args.refs)
    api = FakeApis(facts).start()
    rows = []
    try:
        for name, fn in (("ours (batched)", lambda: ours(api, refs)),
                         ("per DOI: S2 + OpenAlex work", lambda: per_doi(api, refs, False)),
                         ("per DOI + author/venue stats", lambda: per_doi(api, refs, True))):
            api.reset()
            t0 = time.perf_counter()
            fn()
            dt = time.perf_counter() - t0
            n_s2 = sum(1 for e in api.log if e.path.startswith("/graph/"))
            rows.append((name, len(api.log), dt, n_s2 / 1.0 + (len(api.log) - n_s2) / 10.0))
    finally:
        api.stop()
    n_doi = sum(1 for r in refs if r.doi)
    print(f"{len(refs)} references ({n_doi} with DOI), local loopback server, no response cache\n")
    print(f"{'method':30} {'requests':>9} {'per 1,000 refs':>15} {'local s':>8} {'at API limits s':>16} "
          f"{'ratio vs ours':>14}")
    base = rows[0][1]
    for name, n, dt, limit_s in rows:
        print(f"{name:30} {n:9d} {n * 1000 / len(refs):15.1f} {dt:8.2f} {limit_s:16.0f} {n / base:13.1f}x")
    print("\n'at API limits': the requests at the documented public rates (S2 1 req/s with a key, "
          "OpenAlex 10 req/s polite pool); there the request count, not local CPU, sets the wall time.")


if __name__ == "__main__":
    main()
