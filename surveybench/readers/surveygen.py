"""SurveyGen dataset JSON (Bao et al., EMNLP 2025, §2.2-2.3 and App. H).

A file ``Gold_Standard_<topic>.json`` holds ``corpusId``, ``metadata`` (Semantic Scholar record
of the survey), ``sections`` (``index``, ``title``, ``paragraphs`` with ``text`` and
``citations: [{ref_id, matched_paper_id, title}]``, ``citations_in_section``) and
``references`` (``ref_id``, ``matched_paper_id``, ``title``, ``metadata`` with S2 + OpenAlex
fields, ``referenced_works``).

The in-text markers ``[1]``, ``[8,9]`` are linked to the paragraph's citation list: GROBID
numbers bib entries from ``b0``, so the file-wide offset between printed numbers and ``bN``
ids is estimated from the paragraphs and each marker is linked only when its ``bN`` is among
that paragraph's citations. Citations no marker accounts for are kept as marks without spans.
"""

from __future__ import annotations

import re
from collections import Counter
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
    normalise_doi,
)
from surveybench.readers.citations import BRACKET_RE, expand_numbers, expand_range
from surveybench.readers.errors import ReaderError
from surveybench.readers.markdown import fill_report, parse_heading
from surveybench.readers.report import FileReport

_USED_META = {
    "corpusId", "paperId", "doi", "url", "abstract", "year", "referenceCount", "citationCount",
    "influentialCitationCount", "fieldsOfStudy", "publicationDate", "publicationTypes",
    "journal", "authors", "tldr", "title", "keywords",
}
_USED_JOURNAL = {"name", "id", "h_index", "i10_index", "2yr_mean_citedness", "is_core", "type"}
# figure/table caption pseudo-sections GROBID emits: "Figure 2 :", "Table 2 :", "Fig. 3"
_CAPTION = re.compile(r"^\s*(fig(ure)?\.?|table|tab\.)\s*[0-9ivx]+\s*[:.]?\s*$", re.I)


def is_surveygen(data: Any) -> bool:
    return isinstance(data, dict) and "sections" in data and "references" in data


def topic_from_filename(path: Path) -> str:
    stem = path.stem
    return stem[len("Gold_Standard_") :] if stem.startswith("Gold_Standard_") else stem


def read_surveygen(data: dict[str, Any], path: Path, *, system: str | None, report: FileReport) -> Survey:
    if not isinstance(data.get("sections"), list) or not isinstance(data.get("references"), list):
        raise ReaderError(path, "SurveyGen JSON needs lists 'sections' and 'references'")
    meta = data.get("metadata") or {}
    offset = _number_offset(data["sections"])
    refs = [_reference(r, i, path, offset) for i, r in enumerate(data["references"])]
    ref_ids = {r.id for r in refs}
    prefix = _id_prefix(ref_ids)
    ref_extra = {}
    for r in data["references"]:
        md = r.get("metadata") if isinstance(r, dict) else None
        left = {k: v for k, v in (md or {}).items() if k not in _USED_META}
        j = (md or {}).get("journal")
        if isinstance(j, dict):
            left.update({f"journal.{k}": v for k, v in j.items() if k not in _USED_JOURNAL and v not in ("", None)})
        left.update({k: v for k, v in r.items() if k not in {"ref_id", "title", "metadata", "referenced_works"}})
        if left:
            ref_extra[_rid(r.get("ref_id"))] = left

    sections: list[Section] = []
    for k, s in enumerate(data["sections"]):
        if not isinstance(s, dict):
            report.skip("section that is not an object", repr(s))
            continue
        title = str(s.get("title") or "").strip()
        number, level, rest = parse_heading(title)
        if number is None:
            m = re.match(r"^(\d+(?:\.\d+)*)\.?\s*$", title)  # a title that is only "2.3.1."
            if m:
                number, level = m.group(1), m.group(1).count(".") + 1
        paragraphs = []
        for p in s.get("paragraphs") or []:
            paragraphs.append(_paragraph(p, offset, ref_ids, report, prefix))
        is_content = not (is_non_content_title(title) or _CAPTION.match(title))
        sections.append(
            Section(
                index=int(s.get("index", k + 1)),
                level=level or 1,
                number=number,
                # like the Markdown reader: the heading without its printed number ("1.1 Scope"
                # -> "Scope"); a title that is only a number ("2.3.1.") stays as given
                title=rest if number is not None and rest else title,
                paragraphs=paragraphs,
                is_content=is_content,
            )
        )
        cis = [c for c in s.get("citations_in_section") or [] if _rid(c) not in ref_ids]
        if cis:
            report.warnings.append(f"section {s.get('index')}: citations_in_section ids not in references: {cis[:5]}")
    if not sections:
        raise ReaderError(path, f"no readable sections ({len(data['sections'])} entries in 'sections', none an object with a title)")
    _set_parents(sections)

    fos = list(meta.get("fieldsOfStudy") or [])
    extra: dict[str, Any] = {k: v for k, v in meta.items() if k not in _USED_META}
    extra.update({k: v for k, v in data.items() if k not in {"corpusId", "metadata", "sections", "references"}})
    if ref_extra:
        extra["reference_extra"] = ref_extra
    if meta.get("journal"):
        extra["venue"] = _venue(meta["journal"]).model_dump(exclude_none=True)
    if meta.get("authors"):
        extra["authors"] = [a.model_dump(exclude_none=True) for a in _authors(meta["authors"])]
    for key in ("citationCount", "influentialCitationCount", "referenceCount", "url", "publicationTypes"):
        if meta.get(key) is not None:
            extra[key] = meta[key]
    if (meta.get("tldr") or {}).get("text"):
        extra["tldr"] = meta["tldr"]["text"]
    topic = topic_from_filename(path)
    survey = Survey(
        id=topic,
        title=str(meta.get("title") or topic),
        topic=topic,
        domain=fos[0] if fos else None,
        system=system,
        year=meta.get("year"),
        publication_date=meta.get("publicationDate"),
        doi=normalise_doi(meta.get("doi")),
        s2_paper_id=meta.get("paperId"),
        s2_corpus_id=str(data["corpusId"]) if data.get("corpusId") is not None else None,
        abstract=meta.get("abstract"),
        keywords=list(meta.get("keywords") or []),
        fields_of_study=fos,
        sections=sections,
        references=refs,
        source_format="surveygen-json",
        source_path=str(path),
        extra=extra,
    )
    fill_report(survey, report, {"bracket": sum(1 for *_x, m in survey.citation_marks() if m.start is not None)})
    return survey


def _set_parents(sections: list[Section]) -> None:
    stack: list[Section] = []
    for s in sections:
        while stack and stack[-1].level >= s.level:
            stack.pop()
        s.parent = stack[-1].index if stack else None
        # a subsection of a non-content section ("A.1" under "Appendix") is not content either
        if stack and not stack[-1].is_content:
            s.is_content = False
        stack.append(s)


def _numbers_in(text: str) -> list[tuple[re.Match[str], list[str]]]:
    out = []
    for m in BRACKET_RE.finditer(text):
        nums = expand_range(m.group(1), m.group(2)) if m.group(1) else expand_numbers(m.group(3) or m.group("loc"))
        if nums:
            out.append((m, nums))
    return out


def _number_offset(sections: list[Any]) -> int:
    """Most common (bN index - printed number) over paragraphs; GROBID's usual value is -1."""
    votes: Counter[int] = Counter()
    for s in sections:
        paragraphs = s.get("paragraphs") if isinstance(s, dict) else None
        for p in paragraphs if isinstance(paragraphs, list) else []:
            if not isinstance(p, dict):
                continue
            idx = {
                int(m.group(1))
                for c in p.get("citations") or []
                if isinstance(c, dict) and (m := re.fullmatch(r"#?[A-Za-z_]*(\d+)", str(c.get("ref_id"))))
            }
            for _m, nums in _numbers_in(p.get("text") or ""):
                for n in nums:
                    for d in (-1, 0, 1):
                        if int(n) + d in idx:
                            votes[d] += 1
    return votes.most_common(1)[0][0] if votes else -1


def _rid(x: Any) -> str:
    """GROBID ids as printed in the JSON ("b12") or as TEI targets ("#b12") are one id."""
    return str(x).lstrip("#")


def _id_prefix(ref_ids: set[str]) -> str:
    """The letters before the number in the reference ids ("b" for GROBID's b0, b1, ...)."""
    c = Counter(m.group(1) for r in ref_ids if (m := re.fullmatch(r"(\D*)\d+", r)))
    return c.most_common(1)[0][0] if c else "b"


def _paragraph(p: Any, offset: int, ref_ids: set[str], report: FileReport, prefix: str = "b") -> Paragraph:
    text = str((p or {}).get("text") or "")
    cites = [c for c in (p or {}).get("citations") or [] if isinstance(c, dict)]
    para_ids = [_rid(c.get("ref_id")) for c in cites]
    marks: list[CitationMark] = []
    covered: set[str] = set()
    for m, nums in _numbers_in(text):
        ids, unresolved = [], []
        for n in nums:
            rid = f"{prefix}{int(n) + offset}"
            if rid in para_ids and rid in ref_ids:
                ids.append(rid)
                covered.add(rid)
            else:
                unresolved.append(n)
        marks.append(CitationMark(marker=m.group(0), start=m.start(), end=m.end(), ref_ids=ids, unresolved=unresolved))
    for c in cites:
        rid = _rid(c.get("ref_id"))
        if rid in covered:
            continue
        covered.add(rid)
        if rid in ref_ids:
            marks.append(CitationMark(marker=c.get("title") or rid, ref_ids=[rid]))
        else:
            marks.append(CitationMark(marker=c.get("title") or rid, unresolved=[rid]))
        report.style("citation without marker in text")
    return Paragraph(text=text, citations=marks)


def _int(v: Any) -> int | None:
    try:
        return int(v) if v is not None and v != "" else None
    except (TypeError, ValueError):
        return None


def _float(v: Any) -> float | None:
    try:
        return float(v) if v is not None and v != "" else None
    except (TypeError, ValueError):
        return None


def _authors(items: list[Any]) -> list[Author]:
    out = []
    for a in items or []:
        if not isinstance(a, dict) or not a.get("name"):
            continue
        out.append(
            Author(
                name=a["name"],
                s2_author_id=str(a["authorId"]) if a.get("authorId") else None,
                h_index=_int(a.get("hIndex")),
                paper_count=_int(a.get("paperCount")),
                citation_count=_int(a.get("citationCount")),
            )
        )
    return out


def _venue(j: dict[str, Any]) -> Venue:
    mean = j.get("2yr_mean_citedness")
    return Venue(
        name=j.get("name") or None,
        type=j.get("type") or None,
        openalex_id=j.get("id") or None,
        h_index=_int(j.get("h_index")),
        i10_index=_int(j.get("i10_index")),
        two_year_mean_citedness=_float(mean),
        is_core=j.get("is_core") if isinstance(j.get("is_core"), bool) else None,
    )


def _reference(r: Any, i: int, path: Path, offset: int) -> Reference:
    if not isinstance(r, dict):
        raise ReaderError(path, f"references[{i}] is not an object")
    rid = _rid(r.get("ref_id")) if r.get("ref_id") not in (None, "") else f"b{i}"
    md = r.get("metadata") or {}
    title = (r.get("title") or "").strip() or None
    journal = md.get("journal") if isinstance(md.get("journal"), dict) else None
    tldr = md.get("tldr") if isinstance(md.get("tldr"), dict) else None
    m = re.fullmatch(r"b(\d+)", rid)
    return Reference(
        id=rid,
        title=title,
        numbers=[str(int(m.group(1)) - offset)] if m else [],
        doi=normalise_doi(md.get("doi")),
        s2_paper_id=md.get("paperId"),
        s2_corpus_id=str(md.get("corpusId") or r.get("matched_paper_id") or "") or None,
        url=md.get("url"),
        year=_int(md.get("year")),
        publication_date=md.get("publicationDate"),
        abstract=md.get("abstract"),
        tldr=(tldr or {}).get("text"),
        citation_count=_int(md.get("citationCount")),
        influential_citation_count=_int(md.get("influentialCitationCount")),
        reference_count=_int(md.get("referenceCount")),
        authors=_authors(md.get("authors") or []),
        venue=_venue(journal) if journal else None,
        fields_of_study=list(md.get("fieldsOfStudy") or []),
        publication_types=list(md.get("publicationTypes") or []),
        referenced_works=[str(w) for w in r.get("referenced_works") or []],
    )
