"""Local stand-ins for the Semantic Scholar Graph API and the OpenAlex API (corpus builders).

``FakeApis`` is a real HTTP server on loopback speaking the documented shapes:

- S2 ``GET /graph/v1/paper/search`` (``offset``/``limit`` -> ``total``/``offset``/``next``/``data``),
  ``GET /graph/v1/paper/search/bulk`` (``token`` paging), ``POST /graph/v1/paper/batch``
  (``{"ids": [...]}`` -> list aligned with the ids, ``null`` for unknown ids, at most 500);
  ``fields=`` selects the returned keys.
- OpenAlex under ``/openalex``: ``/works``, ``/authors``, ``/sources`` with
  ``filter=attr:a|b|c`` (at most 100 values, as the API enforces), ``select=``, ``per-page`` (at
  most 200) and ``cursor=*`` paging through ``meta.next_cursor``.

Facts come from the real SurveyGen survey in ``../shared/data/surveygen`` (references' S2 ids,
DOIs, citation and influential-citation counts, authors with h-index/paper/citation counts,
venues with OpenAlex source ids and h-index/i10/2yr citedness, referenced works) and from the
real S2ORC sample records. What those files do not hold is derived deterministically and said so:
OpenAlex work ids of the cited papers (``W8<corpusId>``), author ids (``A<S2 authorId>``), and
the title/DOI/citation count of second-level works (only their ids are real).

Faults on demand: ``api.inject(pattern, Fault.*)`` queues a fault for the next request whose
path matches; kinds: 429 with ``Retry-After``, 500, timeout (sleep past the client timeout),
truncated body. ``api.log`` records every request (method, path+query, body, status, fault,
headers); ``api.delay`` slows every answer (used to kill a build mid-stage).

Fixtures: ``webapi_facts`` (session: the :class:`Facts`), ``fake_apis`` (function: the
session-wide server, reset before and after; ``.s2_url`` / ``.openalex_url`` are the base URLs
to give ``semanticscholar`` / ``pyalex``). Helpers write the same facts as input files:
``write_s2orc_shard`` (S2ORC shard: the SurveyGen survey in Datasets API shape + the real 2020
example record) and ``write_snapshots`` (OpenAlex snapshot partitions + S2 dataset files).
"""

from __future__ import annotations

import base64
import gzip
import json
import re
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.plugins.shared_data import shared_path

GOLD_NAME = "Gold_Standard_Deep Learning Applications in Computer Vision.json"


# ---- facts -------------------------------------------------------------------------------------


def _inverted(text: str) -> dict[str, list[int]]:
    inv: dict[str, list[int]] = {}
    for i, w in enumerate(text.split()):
        inv.setdefault(w, []).append(i)
    return inv


@dataclass
class Facts:
    gold: dict[str, Any]
    s2: dict[str, dict] = field(default_factory=dict)  # corpusId -> S2 Graph API record (full)
    search: list[dict] = field(default_factory=list)  # S2 records served by the search endpoints
    works: dict[str, dict] = field(default_factory=dict)  # short W id -> OpenAlex work
    authors: dict[str, dict] = field(default_factory=dict)
    sources: dict[str, dict] = field(default_factory=dict)

    @property
    def gold_corpus_id(self) -> str:
        return str(self.gold["corpusId"])


def _s2_record(meta: dict[str, Any], title: str | None) -> dict[str, Any]:
    ext = {"CorpusId": int(meta["corpusId"])}
    if meta.get("doi"):
        ext["DOI"] = meta["doi"]
    return {
        "paperId": meta["paperId"], "corpusId": int(meta["corpusId"]), "externalIds": ext,
        "title": meta.get("title") or title, "year": meta.get("year"),
        "publicationDate": meta.get("publicationDate"), "abstract": meta.get("abstract"),
        "tldr": meta.get("tldr"), "citationCount": meta.get("citationCount"),
        "influentialCitationCount": meta.get("influentialCitationCount"),
        "referenceCount": meta.get("referenceCount"), "fieldsOfStudy": meta.get("fieldsOfStudy"),
        "s2FieldsOfStudy": meta.get("s2FieldsOfStudy"),
        "publicationTypes": meta.get("publicationTypes"),
        "venue": (meta.get("journal") or {}).get("name") or "",
        "authors": [{"authorId": a.get("authorId"), "name": a.get("name")} for a in meta.get("authors") or []],
    }


def build_facts() -> Facts:
    gold = json.loads(shared_path("surveygen", GOLD_NAME).read_text(encoding="utf-8"))
    f = Facts(gold=gold)
    second: set[str] = set()
    for ref in gold["references"]:
        m = ref.get("metadata")
        if not m:
            continue
        rec = _s2_record(m, ref.get("title"))
        f.s2[str(m["corpusId"])] = rec
        for w in ref.get("referenced_works") or []:
            second.add(w.rsplit("/", 1)[-1])
        if not m.get("doi"):
            continue
        wid = f"W8{m['corpusId']}"
        j = m.get("journal") or {}
        sid = (j.get("id") or "").rsplit("/", 1)[-1] or None
        if sid and sid not in f.sources:
            f.sources[sid] = {
                "id": f"https://openalex.org/{sid}", "display_name": j.get("name"), "type": j.get("type") or None,
                "is_core": j.get("is_core"),
                "summary_stats": {"h_index": j.get("h_index"), "i10_index": j.get("i10_index"),
                                  "2yr_mean_citedness": j.get("2yr_mean_citedness")},
            }
        ships = []
        for a in m.get("authors") or []:
            aid = f"A{a['authorId']}"
            ships.append({"author_position": "middle", "author": {"id": f"https://openalex.org/{aid}",
                                                                  "display_name": a.get("name")}})
            f.authors[aid] = {
                "id": f"https://openalex.org/{aid}", "display_name": a.get("name"),
                "works_count": a.get("paperCount"), "cited_by_count": a.get("citationCount"),
                "summary_stats": {"h_index": a.get("hIndex"), "i10_index": None, "2yr_mean_citedness": None},
            }
        f.works[wid] = {
            "id": f"https://openalex.org/{wid}", "doi": f"https://doi.org/{m['doi']}",
            "title": m.get("title") or ref.get("title"), "display_name": m.get("title") or ref.get("title"),
            "publication_year": m.get("year"), "cited_by_count": m.get("citationCount"), "type": "article",
            "authorships": ships,
            "primary_location": {"source": {"id": f"https://openalex.org/{sid}", "display_name": j.get("name"),
                                            "type": j.get("type") or None}} if sid else {"source": None},
            "referenced_works": list(ref.get("referenced_works") or []),
            "abstract_inverted_index": _inverted(m["abstract"]) if m.get("abstract") else None,
        }
    for wid in sorted(second):
        if wid in f.works:
            continue
        n = int(re.sub(r"\D", "", wid) or 0)
        f.works[wid] = {
            "id": f"https://openalex.org/{wid}", "doi": f"https://doi.org/10.99999/{wid.lower()}",
            "title": f"Second-level work {wid}", "display_name": f"Second-level work {wid}",
            "publication_year": 1990 + n % 30, "cited_by_count": n % 997, "type": "article",
            "authorships": [], "primary_location": {"source": None}, "referenced_works": [],
            "abstract_inverted_index": _inverted(f"Abstract of work {wid} .") if n % 3 else None,
        }
    # Search corpus: the gold survey + every record of the real S2ORC metadata sample.
    gm = gold["metadata"]
    g = _s2_record({**gm, "corpusId": gold["corpusId"]}, gm["title"])
    g["openAccessPdf"] = {"url": "https://example.org/gold.pdf"}
    f.search.append(g)
    for line in shared_path("s2orc", "metadata_sample.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        rec = {"paperId": f"p{r['paper_id']}", "corpusId": int(r["paper_id"]),
               "externalIds": {"CorpusId": int(r["paper_id"]), **({"DOI": r["doi"]} if r.get("doi") else {})},
               "title": r["title"], "year": r.get("year"), "abstract": r.get("abstract"),
               "fieldsOfStudy": r.get("mag_field_of_study"),
               "openAccessPdf": {"url": "https://example.org/x.pdf"} if r.get("has_pdf_parse") else None}
        f.search.append(rec)
    return f


# ---- server ------------------------------------------------------------------------------------


@dataclass
class Fault:
    kind: str
    value: float = 0.0

    @classmethod
    def rate_limit(cls, retry_after: float = 1) -> Fault:
        return cls("429", retry_after)

    @classmethod
    def server_error(cls) -> Fault:
        return cls("500")

    @classmethod
    def timeout(cls, seconds: float) -> Fault:
        return cls("timeout", seconds)

    @classmethod
    def truncated(cls) -> Fault:
        return cls("truncate")


@dataclass
class Logged:
    method: str
    path: str  # path with query
    body: str
    status: int
    fault: str | None
    headers: dict[str, str]


class FakeApis:
    def __init__(self, facts: Facts, *, bulk_page: int = 2, delay: float = 0.0):
        self.facts = facts
        self.bulk_page = bulk_page
        self.delay = delay
        self.log: list[Logged] = []
        self.faults: list[tuple[re.Pattern[str], Fault]] = []
        self.lock = threading.Lock()
        self.server: ThreadingHTTPServer | None = None
        self.thread: threading.Thread | None = None

    # -- control
    @property
    def base(self) -> str:
        assert self.server is not None
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def s2_url(self) -> str:
        return self.base

    @property
    def openalex_url(self) -> str:
        return self.base + "/openalex"

    def inject(self, pattern: str, *faults: Fault) -> None:
        with self.lock:
            self.faults.extend((re.compile(pattern), f) for f in faults)

    def reset(self) -> None:
        with self.lock:
            self.log.clear()
            self.faults.clear()
            self.delay = 0.0

    def ok_requests(self) -> list[Logged]:
        return [e for e in self.log if e.status == 200 and e.fault is None]

    def duplicates(self) -> int:
        """Successful requests served more than once (the same method, URL and body)."""
        c = Counter((e.method, e.path, e.body) for e in self.ok_requests())
        return sum(n - 1 for n in c.values() if n > 1)

    def _take_fault(self, path: str) -> Fault | None:
        with self.lock:
            for i, (pat, f) in enumerate(self.faults):
                if pat.search(path):
                    del self.faults[i]
                    return f
        return None

    # -- handlers
    def handle(self, method: str, path: str, body: bytes) -> tuple[int, Any, dict[str, str]]:
        u = urlsplit(path)
        q = {k: v[-1] for k, v in parse_qs(u.query, keep_blank_values=True).items()}
        if u.path.startswith("/graph/v1/"):
            return self._s2(method, u.path[len("/graph/v1"):], q, body)
        if u.path.startswith("/openalex/"):
            return self._openalex(u.path[len("/openalex/"):], q)
        return 404, {"error": "not found"}, {}

    def _select(self, rec: dict | None, fields: str | None, always: tuple[str, ...] = ("paperId",)) -> dict | None:
        if rec is None or not fields:
            return rec
        keep = set(fields.split(",")) | set(always)
        return {k: v for k, v in rec.items() if k in keep}

    def _s2_match(self, query: str, year: str | None, oa_pdf: bool) -> list[dict]:
        phrases = [p.lower() for p in re.findall(r'"([^"]+)"', query)] or [query.lower()]
        lo, _, hi = (year or "-").partition("-")
        out = []
        for r in self.facts.search:
            t = (r.get("title") or "").lower()
            y = r.get("year") or 0
            if not any(p in t for p in phrases):
                continue
            if lo and y < int(lo) or hi and y > int(hi):
                continue
            if oa_pdf and not r.get("openAccessPdf"):
                continue
            out.append(r)
        return out

    def _s2(self, method: str, path: str, q: dict[str, str], body: bytes) -> tuple[int, Any, dict]:
        if path == "/paper/batch" and method == "POST":
            ids = json.loads(body or b"{}").get("ids") or []
            if not ids or len(ids) > 500:
                return 400, {"error": "ids must be a list of 1 to 500 ids"}, {}
            out = []
            for i in ids:
                rec = None
                if i.startswith("CorpusId:"):
                    rec = self.facts.s2.get(i.split(":", 1)[1])
                elif i.startswith("DOI:"):
                    d = i.split(":", 1)[1].lower()
                    rec = next((r for r in self.facts.s2.values()
                                if (r["externalIds"].get("DOI") or "").lower() == d), None)
                else:
                    rec = next((r for r in self.facts.s2.values() if r["paperId"] == i), None)
                out.append(self._select(rec, q.get("fields")))
            return 200, out, {}
        if path in ("/paper/search", "/paper/search/bulk") and method == "GET":
            hits = self._s2_match(q.get("query", ""), q.get("year"), "openAccessPdf" in q)
            if path.endswith("/bulk"):
                start = int(base64.urlsafe_b64decode(q["token"]).decode()) if q.get("token") else 0
                page = hits[start : start + self.bulk_page]
                nxt = start + self.bulk_page
                token = base64.urlsafe_b64encode(str(nxt).encode()).decode() if nxt < len(hits) else None
                return 200, {"total": len(hits), "token": token,
                             "data": [self._select(r, q.get("fields")) for r in page]}, {}
            off, lim = int(q.get("offset", 0)), int(q.get("limit", 100))
            page = hits[off : off + lim]
            res = {"total": len(hits), "offset": off, "data": [self._select(r, q.get("fields")) for r in page]}
            if off + lim < len(hits):
                res["next"] = off + lim
            return 200, res, {}
        if path.startswith("/paper/") and method == "GET":  # single paper: /paper/{id}
            from urllib.parse import unquote

            i = unquote(path[len("/paper/"):])
            rec = None
            if i.startswith("CorpusId:"):
                rec = self.facts.s2.get(i.split(":", 1)[1])
            elif i.startswith("DOI:"):
                d = i.split(":", 1)[1].lower()
                rec = next((r for r in self.facts.s2.values() if (r["externalIds"].get("DOI") or "").lower() == d), None)
            if rec is None:
                return 404, {"error": "Paper not found"}, {}
            return 200, self._select(rec, q.get("fields")), {}
        return 404, {"error": f"no route {path}"}, {}

    def _openalex(self, entity: str, q: dict[str, str]) -> tuple[int, Any, dict]:
        entity, _, key = entity.partition("/")
        table = {"works": self.facts.works, "authors": self.facts.authors, "sources": self.facts.sources}.get(entity)
        if table is None:
            return 404, {"error": f"no entity {entity}"}, {}
        if key:  # single entity: /works/W1, /works/doi:10.1/x, /works/https://doi.org/10.1/x
            from urllib.parse import unquote

            key = unquote(key)
            if key.lower().startswith(("doi:", "https://doi.org/")):
                d = re.sub(r"^(doi:|https://doi\.org/)", "", key, flags=re.I).lower()
                rec = next((r for r in table.values() if (r.get("doi") or "").lower() == f"https://doi.org/{d}"), None)
            else:
                rec = table.get(key.rsplit("/", 1)[-1])
            return (200, rec, {}) if rec else (404, {"error": "not found"}, {})
        per_page = int(q.get("per-page", q.get("per_page", 25)))
        if per_page > 200:
            return 400, {"error": "Invalid query parameters error.", "message": "per-page is at most 200"}, {}
        rows = list(table.values())
        for flt in filter(None, (q.get("filter") or "").split(",")):
            attr, _, value = flt.partition(":")
            vals = value.split("|")
            if len(vals) > 100:
                return 400, {"error": "Invalid query parameters error.",
                             "message": "Maximum number of values exceeded for filter. Max is 100."}, {}
            if attr == "doi":
                want = {re.sub(r"^https?://doi\.org/", "", v.lower()) for v in vals}
                rows = [r for r in rows if re.sub(r"^https?://doi\.org/", "", (r.get("doi") or "").lower()) in want]
            elif attr in ("openalex_id", "openalex", "ids.openalex", "id"):
                want = {v.rsplit("/", 1)[-1].upper() for v in vals}
                rows = [r for r in rows if r["id"].rsplit("/", 1)[-1].upper() in want]
            else:
                return 400, {"error": "Invalid query parameters error.", "message": f"unknown filter {attr}"}, {}
        rows.sort(key=lambda r: r["id"])
        cursor = q.get("cursor")
        start = 0 if cursor in (None, "*") else int(base64.urlsafe_b64decode(cursor).decode())
        page = rows[start : start + per_page]
        nxt = start + per_page
        next_cursor = base64.urlsafe_b64encode(str(nxt).encode()).decode() if cursor and nxt < len(rows) else None
        if q.get("select"):
            keep = q["select"].split(",")
            page = [{k: r.get(k) for k in keep} for r in page]
        return 200, {"meta": {"count": len(rows), "db_response_time_ms": 1, "page": None if cursor else 1,
                              "per_page": per_page, "next_cursor": next_cursor, "groups_count": None},
                     "results": page, "group_by": []}, {}

    # -- serving
    def start(self) -> FakeApis:
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body are two writes: avoid the 40 ms delayed-ACK stall

            def log_message(self, *args: Any) -> None:
                pass

            def _serve(self, method: str) -> None:
                n = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(n) if n else b""
                if outer.delay:
                    time.sleep(outer.delay)
                fault = outer._take_fault(self.path)
                headers = {k.lower(): v for k, v in self.headers.items()}
                entry = Logged(method, self.path, body.decode(), 200, fault.kind if fault else None, headers)
                with outer.lock:
                    outer.log.append(entry)
                try:
                    if fault and fault.kind == "429":
                        entry.status = 429
                        self._send(429, b'{"message": "Too Many Requests"}', {"Retry-After": f"{fault.value:g}"})
                        return
                    if fault and fault.kind == "500":
                        entry.status = 500
                        self._send(500, b'{"message": "Internal Server Error"}')
                        return
                    if fault and fault.kind == "timeout":
                        time.sleep(fault.value)
                    status, payload, extra = outer.handle(method, self.path, body)
                    entry.status = status
                    data = json.dumps(payload).encode()
                    if fault and fault.kind == "truncate":
                        data = data[: max(1, len(data) // 2)]
                    self._send(status, data, extra)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def _send(self, status: int, data: bytes, headers: dict[str, str] | None = None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                self._serve("GET")

            def do_POST(self) -> None:
                self._serve("POST")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()


# ---- input files made from the same facts --------------------------------------------------------


def gold_as_datasets_api_record(gold: dict[str, Any]) -> dict[str, Any]:
    """The SurveyGen survey as an S2ORC Datasets API record (``content.text`` + JSON-string span
    annotations). Citation markers ``[n]`` in the paragraphs link to bibliography entry b(n-1)."""
    parts: list[str] = []
    pos = 0
    ann: dict[str, list[dict]] = {k: [] for k in ("title", "abstract", "sectionheader", "paragraph", "bibref",
                                                  "bibentry", "bibtitle")}

    def add(s: str, kind: str | None = None, attrs: dict | None = None) -> tuple[int, int]:
        nonlocal pos
        start = pos
        parts.append(s)
        pos += len(s)
        if kind:
            ann[kind].append({"start": start, "end": pos, **({"attributes": attrs} if attrs else {})})
        return start, pos

    add(gold["metadata"]["title"], "title")
    add("\n")
    add(gold["metadata"]["abstract"], "abstract")
    add("\n")
    known = {r["ref_id"] for r in gold["references"]}
    for sec in gold["sections"]:
        add(sec["title"], "sectionheader", {"n": str(sec["index"])})
        add("\n")
        for p in sec["paragraphs"]:
            s, _ = add(p["text"], "paragraph")
            for m in re.finditer(r"\[(\d+)\]", p["text"]):
                rid = f"b{int(m.group(1)) - 1}"
                attrs = {"ref_id": rid} if rid in known else None
                ann["bibref"].append({"start": s + m.start(), "end": s + m.end(),
                                      **({"attributes": attrs} if attrs else {})})
            add("\n")
    for r in gold["references"]:
        ttl = r.get("title") or ""
        s, _ = add(f"[{int(r['ref_id'][1:]) + 1}] ")
        ts, te = add(ttl)
        ann["bibtitle"].append({"start": ts, "end": te})
        add(".")
        attrs = {"id": r["ref_id"], **({"matched_paper_id": r["matched_paper_id"]} if r.get("matched_paper_id") else {})}
        ann["bibentry"].append({"start": s, "end": pos, "attributes": attrs})
        add("\n")
    return {
        "corpusid": int(gold["corpusId"]),
        "externalids": {"DOI": gold["metadata"].get("doi"), "CorpusId": str(gold["corpusId"])},
        "content": {"source": {"pdfurls": None, "pdfsha": None, "oainfo": None}, "text": "".join(parts),
                    "annotations": {k: json.dumps(v) for k, v in ann.items()}},
    }


def write_jsonl_gz(path: Path, rows: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")
    return path


def write_s2orc_shard(facts: Facts, path: Path) -> Path:
    """One gzipped shard: the gold survey (Datasets API shape) + the real 2020 example record."""
    example = json.loads(shared_path("s2orc", "example_paper.json").read_text(encoding="utf-8"))
    return write_jsonl_gz(path, [gold_as_datasets_api_record(facts.gold), example])


def write_snapshots(facts: Facts, root: Path) -> tuple[Path, Path]:
    """OpenAlex snapshot partitions and S2 dataset files holding the same facts as the server.

    Every OpenAlex entity is split across two ``updated_date`` partitions, with an older, wrong
    version of a few works in the older partition (the newest must win)."""
    oa = root / "openalex-snapshot"
    for entity, table in (("works", facts.works), ("authors", facts.authors), ("sources", facts.sources)):
        rows = sorted(table.values(), key=lambda r: r["id"])
        half = len(rows) // 2
        old = [dict(r, cited_by_count=-1) for r in rows[half:][:5]] if entity == "works" else []
        write_jsonl_gz(oa / "data" / entity / "updated_date=2024-01-01" / "part_000.gz", rows[:half] + old)
        write_jsonl_gz(oa / "data" / entity / "updated_date=2024-06-01" / "part_000.gz", rows[half:])
    s2 = root / "s2-datasets"
    papers, abstracts, tldrs = [], [], []
    for r in facts.s2.values():
        ext = {"DOI": r["externalIds"].get("DOI"), "CorpusId": str(r["corpusId"]), "ArXiv": None, "MAG": None}
        papers.append({
            "corpusid": r["corpusId"], "externalids": ext,
            "url": f"https://www.semanticscholar.org/paper/{r['paperId']}", "title": r["title"],
            "authors": r["authors"], "venue": r["venue"], "year": r["year"], "referencecount": r["referenceCount"],
            "citationcount": r["citationCount"], "influentialcitationcount": r["influentialCitationCount"],
            "s2fieldsofstudy": r.get("s2FieldsOfStudy") or [{"category": c, "source": "external"}
                                                             for c in r.get("fieldsOfStudy") or []],
            "publicationtypes": r["publicationTypes"], "publicationdate": r["publicationDate"],
        })
        if r.get("abstract"):
            abstracts.append({"corpusid": r["corpusId"], "abstract": r["abstract"]})
        if r.get("tldr"):
            tldrs.append({"corpusid": r["corpusId"], "model": r["tldr"]["model"], "text": r["tldr"]["text"]})
    write_jsonl_gz(s2 / "papers" / "part0.jsonl.gz", papers)
    write_jsonl_gz(s2 / "abstracts" / "part0.jsonl.gz", abstracts)
    write_jsonl_gz(s2 / "tldrs" / "part0.jsonl.gz", tldrs)
    return oa, s2


# ---- fixtures -----------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def webapi_facts() -> Facts:
    return build_facts()


@pytest.fixture(scope="session")
def _fake_apis_server(webapi_facts: Facts) -> Iterator[FakeApis]:
    api = FakeApis(webapi_facts).start()
    yield api
    api.stop()


@pytest.fixture
def fake_apis(_fake_apis_server: FakeApis) -> Iterator[FakeApis]:
    """The S2 + OpenAlex stand-in, with an empty request log and no pending faults."""
    _fake_apis_server.reset()
    yield _fake_apis_server
    _fake_apis_server.reset()


__all__ = ["Facts", "FakeApis", "Fault", "build_facts", "gold_as_datasets_api_record", "write_jsonl_gz",
           "write_s2orc_shard", "write_snapshots"]
