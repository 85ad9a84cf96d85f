"""Stage 3: S2ORC full-text records -> :class:`surveybench.model.Survey` (SurveyGen §2.2).

Two record shapes are read, detected per record:

* **2020 release** (S2ORC v2020, Lo et al. 2020): ``paper_id``, ``metadata`` and a
  ``grobid_parse`` (or, in the 2020-07-05 ``pdf_parses`` split, top-level) with ``body_text``
  paragraphs carrying ``section`` / ``sec_num`` and ``cite_spans`` whose ``ref_id``
  (``BIBREF3``) keys ``bib_entries`` (whose own ``ref_id`` is ``b3``; ``links`` is the matched
  S2 corpus id).
* **Datasets API** (``s2orc`` dataset, current): ``corpusid``, ``externalids`` and
  ``content.text`` with ``content.annotations`` — each a JSON *string* of character spans:
  ``sectionheader`` (``attributes.n`` = printed number), ``paragraph``, ``bibentry``
  (``attributes.id``, ``attributes.matched_paper_id``), ``bibtitle``, ``bibref``
  (``attributes.ref_id`` -> a bibentry id), ``abstract``, ``title``.

Paragraph text keeps the citation markers; each marker becomes a :class:`CitationMark` with its
offsets in the paragraph and the bibliography id it resolves to (``unresolved`` keeps the
marker text when the parser linked it to nothing). Paragraphs with no section name are grouped
under a section titled ``""``.
"""

from __future__ import annotations

import gzip
import json
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from surveybench.model import (
    Author,
    CitationMark,
    Paragraph,
    Reference,
    Section,
    Survey,
    Venue,
    is_non_content_title,
    normalise_arxiv_id,
    normalise_doi,
)

MIN_REFERENCES = 30  # SurveyGen §2.2: "removed papers that had fewer than 30 references
MIN_TOP_LEVEL_SECTIONS = 3  # or fewer than three top-level sections"


class S2orcError(ValueError):
    def __init__(self, where: str, reason: str):
        super().__init__(f"{where}: {reason}")
        self.where, self.reason = where, reason


def record_format(rec: dict[str, Any]) -> str:
    if "content" in rec and isinstance(rec.get("content"), dict):
        return "datasets-api"
    if "grobid_parse" in rec or "body_text" in rec:
        return "s2orc-2020"
    where = str(rec.get("paper_id") or rec.get("corpusid") or "?")
    raise S2orcError(where, "neither a 2020-release nor a Datasets API S2ORC record")


def record_id(rec: dict[str, Any]) -> str:
    return str(rec.get("corpusid") or rec.get("corpusId") or rec.get("paper_id"))


def parse_record(rec: dict[str, Any], metadata: dict[str, Any] | None = None) -> Survey:
    """Parse one S2ORC record (either shape). ``metadata`` (a 2020 ``metadata`` line or an S2
    paper record) fills title/abstract/year/DOI when the record lacks them."""
    fmt = record_format(rec)
    return _parse_2020(rec, metadata) if fmt == "s2orc-2020" else _parse_api(rec, metadata)


def passes_filter(survey: Survey) -> tuple[bool, str | None]:
    """SurveyGen §2.2 size filter; returns (kept, reason when dropped)."""
    if len(survey.references) < MIN_REFERENCES:
        return False, f"fewer than {MIN_REFERENCES} references ({len(survey.references)})"
    n_top = len(survey.top_level_sections())
    if n_top < MIN_TOP_LEVEL_SECTIONS:
        return False, f"fewer than {MIN_TOP_LEVEL_SECTIONS} top-level sections ({n_top})"
    return True, None


def iter_records(paths: Iterable[Path], wanted: set[str] | None = None,
                 errors: list[S2orcError] | None = None) -> Iterator[tuple[Path, int, dict[str, Any]]]:
    """Stream records from JSON Lines shards (``.gz`` or plain) or single ``.json`` files,
    yielding only ``wanted`` ids. A bad line raises S2orcError naming file and line, or, when
    an ``errors`` list is given, is appended to it and skipped (a batch goes on)."""
    for path in paths:
        try:
            yield from _iter_file(path, wanted, errors)
        except (OSError, EOFError, UnicodeDecodeError) as exc:  # corrupt or cut shard: name it
            err = S2orcError(str(path), f"unreadable shard ({exc})")
            if errors is None:
                raise err from exc
            errors.append(err)


def _iter_file(path: Path, wanted: set[str] | None,
               errors: list[S2orcError] | None) -> Iterator[tuple[Path, int, dict[str, Any]]]:
    if path.suffix == ".json":
        rec = json.loads(path.read_text(encoding="utf-8"))
        if wanted is None or record_id(rec) in wanted:
            yield path, 1, rec
        return
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            if wanted is not None:
                # Cheap pre-check before a full parse of a multi-MB line.
                m = re.search(r'"(?:corpusid|paper_id)"\s*:\s*"?(\d+)', line[:400])
                if m and m.group(1) not in wanted:
                    continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                err = S2orcError(f"{path}:{lineno}", f"invalid JSON ({exc.msg})")
                if errors is None:
                    raise err from exc
                errors.append(err)
                continue
            if wanted is None or record_id(rec) in wanted:
                yield path, lineno, rec


# ---- 2020 release --------------------------------------------------------------------------


def _author_name(a: dict[str, Any]) -> str:
    parts = [a.get("first") or "", *(a.get("middle") or []), a.get("last") or ""]
    name = " ".join(p for p in parts if p).strip()
    return f"{name} {a['suffix']}".strip() if a.get("suffix") else name


def _level(num: str | None) -> int:
    if not num:
        return 1
    return len([p for p in re.split(r"[.\-]", num.strip(".")) if p]) or 1


def _bib_sort_key(key: str) -> tuple[int, str]:
    m = re.search(r"(\d+)$", key)
    return (int(m.group(1)) if m else 1 << 30, key)


def _parse_2020(rec: dict[str, Any], metadata: dict[str, Any] | None) -> Survey:
    parse = rec.get("grobid_parse") or rec
    meta = {**(metadata or {}), **(rec.get("metadata") or {})}
    bib = parse.get("bib_entries") or {}
    key_to_id: dict[str, str] = {}
    refs: list[Reference] = []
    for key in sorted(bib, key=_bib_sort_key):
        e = bib[key] or {}
        rid = str(e.get("ref_id") or key)
        key_to_id[key] = rid
        other = e.get("other_ids") or {}
        doi = (other.get("DOI") or [None])[0] if isinstance(other.get("DOI"), list) else other.get("DOI")
        arxiv = (other.get("arXiv") or [None])[0] if isinstance(other.get("arXiv"), list) else other.get("arXiv")
        link = e.get("links") or e.get("link")
        refs.append(
            Reference(
                id=rid,
                title=e.get("title") or None,
                year=e.get("year") if isinstance(e.get("year"), int) else None,
                doi=normalise_doi(doi),
                arxiv_id=normalise_arxiv_id(arxiv),
                s2_corpus_id=str(link) if link else None,
                authors=[Author(name=_author_name(a)) for a in e.get("authors") or [] if _author_name(a)],
                venue=Venue(name=e["venue"]) if e.get("venue") else None,
            )
        )
    sections: list[Section] = []
    for para in parse.get("body_text") or []:
        title = (para.get("section") or "").strip()
        num = para.get("sec_num")
        if not sections or sections[-1].title != title or sections[-1].number != num:
            lvl = _level(num)
            parent = next((s.index for s in reversed(sections) if s.level < lvl), None)
            sections.append(
                Section(index=len(sections), level=lvl, number=num, title=title, parent=parent,
                        is_content=not (title and is_non_content_title(title)))
            )
        marks = []
        for cs in para.get("cite_spans") or []:
            rid = key_to_id.get(cs.get("ref_id") or "")
            marks.append(
                CitationMark(marker=cs.get("text") or "", start=cs.get("start"), end=cs.get("end"),
                             ref_ids=[rid] if rid else [], unresolved=[] if rid else [cs.get("text") or ""])
            )
        sections[-1].paragraphs.append(Paragraph(text=para.get("text") or "", citations=marks))
    abstract = meta.get("abstract")
    if not abstract and parse.get("abstract"):
        abstract = "\n\n".join(p.get("text", "") for p in parse["abstract"]) or None
    pid = str(rec.get("paper_id") or meta.get("paper_id") or "")
    return Survey(
        id=pid,
        title=meta.get("title") or "",
        year=meta.get("year"),
        doi=normalise_doi(meta.get("doi")),
        s2_corpus_id=pid or None,
        abstract=abstract,
        fields_of_study=list(meta.get("mag_field_of_study") or meta.get("fieldsOfStudy") or []),
        sections=sections,
        references=refs,
        source_format="s2orc-2020",
    )


# ---- Datasets API --------------------------------------------------------------------------


def _spans(annotations: dict[str, Any], name: str) -> list[dict[str, Any]]:
    raw = annotations.get(name)
    if raw is None:
        return []
    spans = json.loads(raw) if isinstance(raw, str) else raw
    return sorted((s for s in spans if "start" in s and "end" in s), key=lambda s: (int(s["start"]), -int(s["end"])))


def _parse_api(rec: dict[str, Any], metadata: dict[str, Any] | None) -> Survey:
    cid = str(rec.get("corpusid"))
    content = rec["content"]
    text: str = content.get("text") or ""
    ann = content.get("annotations") or {}
    try:
        heads = _spans(ann, "sectionheader")
        paras = _spans(ann, "paragraph")
        entries = _spans(ann, "bibentry")
        titles = _spans(ann, "bibtitle")
        brefs = _spans(ann, "bibref")
        abstract_spans = _spans(ann, "abstract")
        title_spans = _spans(ann, "title")
    except (json.JSONDecodeError, TypeError) as exc:
        raise S2orcError(f"corpusid {cid}", f"annotations are not JSON span lists ({exc})") from exc
    meta = metadata or {}
    ext = rec.get("externalids") or meta.get("externalIds") or {}

    refs: list[Reference] = []
    known: set[str] = set()
    title_starts = [int(t["start"]) for t in titles]
    for i, e in enumerate(entries):
        s, t = int(e["start"]), int(e["end"])
        attrs = e.get("attributes") or {}
        rid = str(attrs.get("id") or f"b{i}")
        j = bisect_right(title_starts, s) if titles else 0
        ttl = next((text[int(x["start"]):int(x["end"])] for x in titles[max(0, j - 1):j + 3]
                    if int(x["start"]) >= s and int(x["end"]) <= t), None)
        known.add(rid)
        mp = attrs.get("matched_paper_id")
        refs.append(Reference(id=rid, title=ttl, raw=text[s:t].strip() or None, s2_corpus_id=str(mp) if mp else None))

    def in_abstract(p: dict[str, Any]) -> bool:
        return any(int(a["start"]) <= int(p["start"]) and int(p["end"]) <= int(a["end"]) for a in abstract_spans)

    head_starts = [int(h["start"]) for h in heads]
    sections: list[Section] = []
    by_head: dict[int, Section] = {}
    bi = 0
    for p in paras:
        ps, pe = int(p["start"]), int(p["end"])
        if in_abstract(p):
            continue
        k = bisect_right(head_starts, ps) - 1
        if k not in by_head:
            if k >= 0:
                h = heads[k]
                title = text[int(h["start"]):int(h["end"])].strip()
                num = (h.get("attributes") or {}).get("n")
            else:
                title, num = "", None
            lvl = _level(num)
            parent = next((s.index for s in reversed(sections) if s.level < lvl), None)
            sec = Section(index=len(sections), level=lvl, number=num, title=title, parent=parent,
                          is_content=not (title and is_non_content_title(title)))
            sections.append(sec)
            by_head[k] = sec
        while bi < len(brefs) and int(brefs[bi]["start"]) < ps:
            bi += 1
        marks = []
        bj = bi
        while bj < len(brefs) and int(brefs[bj]["start"]) < pe:
            b = brefs[bj]
            bj += 1
            if int(b["end"]) > pe:
                continue
            ref = str((b.get("attributes") or {}).get("ref_id") or "")
            mk = text[int(b["start"]):int(b["end"])]
            ok = ref in known
            marks.append(CitationMark(marker=mk, start=int(b["start"]) - ps, end=int(b["end"]) - ps,
                                      ref_ids=[ref] if ok else [], unresolved=[] if ok else [mk]))
        by_head[k].paragraphs.append(Paragraph(text=text[ps:pe], citations=marks))

    abstract = meta.get("abstract") or ("\n\n".join(text[int(a["start"]):int(a["end"])] for a in abstract_spans) or None)
    title = meta.get("title") or ""
    if not title and title_spans:
        title = text[int(title_spans[0]["start"]):int(title_spans[0]["end"])].strip()
    return Survey(
        id=cid,
        title=title,
        year=meta.get("year"),
        publication_date=meta.get("publicationDate"),
        doi=normalise_doi(ext.get("DOI") or ext.get("doi")),
        s2_paper_id=meta.get("paperId"),
        s2_corpus_id=cid,
        abstract=abstract,
        fields_of_study=list(meta.get("fieldsOfStudy") or []),
        sections=sections,
        references=refs,
        source_format="s2orc-datasets-api",
    )
