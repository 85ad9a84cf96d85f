"""The shared HTTP layer and the two clients against the local S2/OpenAlex stand-in."""

from __future__ import annotations

import time

import pytest

from surveybench.data_builders.clients import OpenAlexClient, make_semanticscholar, s2_batch
from surveybench.data_builders.http import HttpError, HttpLayer, ServiceConfig
from tests.plugins.webapis import Fault


def _layer(api, tmp_path, **kw):
    cfg = dict(rate=1000, burst=100, timeout=1.0, max_retries=3, backoff_base=0.01)
    cfg.update(kw)
    return HttpLayer(tmp_path / "cache.sqlite", {
        "s2": ServiceConfig("s2", api.s2_url, headers={"x-api-key": "k-123"}, **cfg),
        "openalex": ServiceConfig("openalex", api.openalex_url, params={"mailto": "a@b.org"}, **cfg),
    })


def test_retry_after_is_honoured_and_responses_cached(fake_apis, tmp_path):
    http = _layer(fake_apis, tmp_path)
    fake_apis.inject(r"/openalex/sources", Fault.rate_limit(1))
    t0 = time.monotonic()
    data = http.request("openalex", "GET", f"{fake_apis.openalex_url}/sources?filter=openalex_id:S118940690")
    waited = time.monotonic() - t0
    assert waited >= 1.0  # Retry-After: 1 (backoff alone would have waited <= 0.01 s)
    assert data["results"][0]["summary_stats"]["h_index"] == 153
    assert [e.status for e in fake_apis.log] == [429, 200]
    again = http.request("openalex", "GET", f"{fake_apis.openalex_url}/sources?filter=openalex_id:S118940690")
    assert again == data and len(fake_apis.log) == 2 and http.stats["openalex.cache_hits"] == 1
    assert "mailto=a%40b.org" in fake_apis.log[-1].path or "mailto=a@b.org" in fake_apis.log[-1].path
    http.close()


def test_exhausted_retries_and_client_errors(fake_apis, tmp_path):
    http = _layer(fake_apis, tmp_path, max_retries=2)
    fake_apis.inject(r"/openalex/works", Fault.server_error(), Fault.timeout(1.3), Fault.truncated())
    with pytest.raises(HttpError) as exc:
        http.request("openalex", "GET", f"{fake_apis.openalex_url}/works?filter=doi:10.1/x")
    assert "truncated or invalid JSON body after 3 attempts" in str(exc.value)
    assert "mailto" not in str(exc.value)
    with pytest.raises(HttpError) as exc:  # 4xx other than 408/425/429: no retry
        http.request("openalex", "GET", f"{fake_apis.openalex_url}/nothing")
    assert exc.value.status == 404 and http.stats["openalex.http_404"] == 1
    http.close()


def test_clients_through_the_layer(fake_apis, tmp_path, webapi_facts):
    http = _layer(fake_apis, tmp_path)
    sch = make_semanticscholar(http)
    recs = s2_batch(sch, ["CorpusId:15619658", "CorpusId:1", "DOI:10.1007/BF02459570"])
    assert set(recs) == {"CorpusId:15619658", "DOI:10.1007/BF02459570"}  # unknown id dropped, alignment kept
    assert recs["CorpusId:15619658"]["citationCount"] == 15390
    # relevance search pages with offset/next (limit 1 -> 3 pages for the 3 hits)
    res = sch.search_paper('"survey of" | "a review" | "brief review"', year="2011-", open_access_pdf=True,
                           fields=["title", "year"], limit=1)
    titles = [p.title for p in res]
    assert len(titles) == 3 and "Deep Learning for Computer Vision: A Brief Review" in titles
    assert any("offset=2" in e.path for e in fake_apis.log)
    oa = OpenAlexClient(http)
    dois = sorted(w["doi"].split("doi.org/")[1] for w in webapi_facts.works.values()
                  if not w["doi"].startswith("https://doi.org/10.99999/"))
    works = list(oa.by_filter("works", "doi", dois, ["id", "doi"]))
    assert len(works) == 85 and all(set(w) == {"id", "doi"} for w in works)
    # 250 ids -> 3 filter requests of <= 100 values
    ids = sorted(webapi_facts.works)[:250]
    assert len(list(oa.by_filter("works", "openalex_id", ids, ["id"]))) == 250
    # cursor paging through pyalex's paginator and our routing: 100 results, 30 per page -> 4 pages
    pages = list(oa.Works().filter_or(openalex_id=ids[:100]).select(["id"]).paginate(per_page=30, n_max=None))
    assert [len(p) for p in pages][:4] == [30, 30, 30, 10]
    assert len({w["id"] for p in pages for w in p}) == 100
    assert all("x-api-key" in e.headers for e in fake_apis.log if e.path.startswith("/graph/"))
    http.close()


def test_retry_after_beyond_the_limit_ends_the_request_at_once(fake_apis, tmp_path):
    http = _layer(fake_apis, tmp_path, max_retry_after=5.0)
    fake_apis.inject(r"/openalex/sources", Fault.rate_limit(3600))
    t0 = time.monotonic()
    with pytest.raises(HttpError, match="Retry-After 3600 s .*re-run later") as exc:
        http.request("openalex", "GET", f"{fake_apis.openalex_url}/sources?filter=openalex_id:S118940690")
    assert time.monotonic() - t0 < 3.0 and exc.value.status == 429
    assert [e.status for e in fake_apis.log] == [429]  # no retry
    http.close()
