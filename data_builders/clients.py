"""Semantic Scholar and OpenAlex clients (the well-kept ``semanticscholar`` and ``pyalex``) routed
through :class:`surveybench.data_builders.http.HttpLayer` for rate limits, retries and the response cache.

How each library is hooked, and why:

* ``semanticscholar`` builds a fresh ``httpx.AsyncClient`` per request inside
  ``ApiRequester._get_data_async`` (no transport or session to inject) and retries only 429s
  with fixed 5-60 s waits. We keep its URL building, batching (``get_papers`` -> ``POST
  /graph/v1/paper/batch``), search pagination (offset/next, bulk ``token``) and ``Paper``
  objects, and replace its requester with a subclass that sends through our layer.
  ``api_url`` is the library's own base-URL setting.
* ``pyalex`` 0.21 hard-codes ``https://api.openalex.org`` in ``BaseOpenAlex.url`` (its
  ``config.openalex_url`` is read only by the n-gram endpoint), and its sessions come from a
  module function. We subclass ``Works``/``Authors``/``Sources`` overriding ``_get_from_url``,
  which re-roots the URL on ``pyalex.config.openalex_url`` and fetches through our layer; query
  building (``filter_or`` -> ``doi:a|b``), ``select``, cursor paging and the abstract
  inverted-index decoding stay pyalex's.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pyalex
from pyalex.api import OpenAlexResponseList
from semanticscholar import SemanticScholar
from semanticscholar._utils import _run_async
from semanticscholar.ApiRequester import ApiRequester

from surveybench.data_builders.http import HttpLayer

S2_DEFAULT_URL = "https://api.semanticscholar.org"
OPENALEX_DEFAULT_URL = "https://api.openalex.org"
# OpenAlex: "You can combine up to 100 values for a given filter" (docs, filter-entity-lists,
# "Addition (OR)"); the largest page is per-page=200.
OPENALEX_MAX_OR_VALUES = 100
OPENALEX_MAX_PER_PAGE = 200
S2_BATCH_MAX = 500  # POST /graph/v1/paper/batch accepts at most 500 ids

S2_PAPER_FIELDS = (
    "paperId", "corpusId", "externalIds", "title", "year", "publicationDate", "abstract", "tldr",
    "citationCount", "influentialCitationCount", "referenceCount", "fieldsOfStudy",
    "publicationTypes", "venue", "authors",
)
S2_SEARCH_FIELDS = ("paperId", "corpusId", "externalIds", "title", "year", "abstract", "fieldsOfStudy", "openAccessPdf")


class _LayerRequester(ApiRequester):
    """``semanticscholar`` requester that sends through the shared HTTP layer.

    Retrying is ours (Retry-After aware, jittered); the library's tenacity loop is bypassed
    because it would multiply attempts and wait 5-60 s regardless of the server's hint.
    """

    def __init__(self, http: HttpLayer, timeout: float):
        super().__init__(timeout, retry=False)
        self.http = http

    async def get_data_async(self, url: str, parameters: str, headers: dict, payload: dict | None = None) -> Any:
        method = "POST" if payload else "GET"
        # ``headers`` would carry the library's copy of the API key: ignored, the layer adds the
        # configured key itself after computing the cache key.
        data = self.http.request("s2", method, url, params=parameters.lstrip("&"), json_body=payload)
        if isinstance(data, dict) and len(data) == 1 and "error" in data:
            return {}
        return data


def make_semanticscholar(http: HttpLayer) -> SemanticScholar:
    cfg = http.services["s2"]
    sch = SemanticScholar(timeout=int(cfg.timeout), api_url=cfg.base_url.rstrip("/"), retry=False)
    sch._AsyncSemanticScholar._requester = _LayerRequester(http, cfg.timeout)
    return sch


def s2_batch(sch: SemanticScholar, ids: Sequence[str], fields: Sequence[str] = S2_PAPER_FIELDS) -> dict[str, dict]:
    """Raw S2 records for ``ids`` (``DOI:..``, ``CorpusId:..``, paper ids), one batch request
    per 500 ids. Returns ``{requested id: record}``; ids S2 does not know are absent."""
    out: dict[str, dict] = {}
    for i in range(0, len(ids), S2_BATCH_MAX):
        chunk = list(ids[i : i + S2_BATCH_MAX])
        # get_papers drops the null entries S2 returns for unknown ids, which loses the
        # request->record alignment; call the batch endpoint through the library's requester.
        asy = sch._AsyncSemanticScholar
        data = _run_async(
            asy._requester.get_data_async(
                f"{asy.api_url}{asy.BASE_PATH_GRAPH}/paper/batch", f"fields={','.join(fields)}", {}, {"ids": chunk}
            )
        )
        data = data or [None] * len(chunk)
        if not isinstance(data, list) or len(data) != len(chunk):
            raise ValueError(f"S2 /paper/batch answered {len(data)} records for {len(chunk)} ids")
        for rid, rec in zip(chunk, data, strict=True):
            if rec:
                out[rid] = rec
    return out


def _rebase(url: str, base: str) -> str:
    b = urlsplit(base.rstrip("/"))
    u = urlsplit(url)
    return urlunsplit((b.scheme, b.netloc, b.path + u.path, u.query, ""))


class _Routed:
    _http: HttpLayer

    def _get_from_url(self, url: str, session: Any = None) -> Any:  # noqa: ARG002 (pyalex signature)
        res_json = self._http.request("openalex", "GET", _rebase(url, pyalex.config.openalex_url))
        if "results" in res_json:
            return OpenAlexResponseList(res_json["results"], res_json.get("meta"), self.resource_class)
        return self.resource_class(res_json)


class OpenAlexClient:
    """pyalex entity classes bound to one HTTP layer."""

    def __init__(self, http: HttpLayer):
        self.http = http
        pyalex.config.openalex_url = http.services["openalex"].base_url.rstrip("/")
        ns = {"_http": http}
        self.Works = type("Works", (_Routed, pyalex.Works), ns)
        self.Authors = type("Authors", (_Routed, pyalex.Authors), ns)
        self.Sources = type("Sources", (_Routed, pyalex.Sources), ns)

    def by_filter(self, entity: str, attribute: str, values: Sequence[str], select: Sequence[str]) -> Iterator[dict]:
        """All entities whose ``attribute`` is one of ``values``: ``filter=attr:a|b|..`` with up
        to 100 values, ``per-page=200``, cursor paging."""
        cls = {"works": self.Works, "authors": self.Authors, "sources": self.Sources}[entity]
        vals = sorted(set(values))
        for i in range(0, len(vals), OPENALEX_MAX_OR_VALUES):
            chunk = vals[i : i + OPENALEX_MAX_OR_VALUES]
            q = cls().filter_or(**{attribute: chunk}).select(list(select))
            for page in q.paginate(method="cursor", per_page=OPENALEX_MAX_PER_PAGE, n_max=None):
                for ent in page:
                    yield dict(ent)
                if not page:
                    break
