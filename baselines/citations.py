"""Turn a model's in-text citations into survey-wide ``[n]`` markers linked to references.

Each writing call sees its own numbering (SurveyGen App. I: ``ref [1]`` points at the first
paper in that prompt's list) or cites paper titles (AutoSurvey App. F: ``[paper_title]``).
:class:`CitationRegistry` gives every distinct source one survey-wide number in order of first
citation; :func:`link_numbered` / :func:`link_titles` rewrite a paragraph's markers to those
numbers and return :class:`~surveybench.model.Paragraph` objects whose
:class:`~surveybench.model.CitationMark` spans point at the rewritten markers. A marker that
names nothing the prompt provided is kept as printed and recorded as ``unresolved`` — never
silently dropped, never linked to a wrong paper.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from surveybench.model import CitationMark, Paragraph, Reference

# "ref [1]", "[1]", "[1, 2]", "[1; 2]", "[3-5]", "ref [1], ref [2]" (each bracket is one marker)
NUMBERED = re.compile(r"(?:\bref\.?\s*)?\[\s*(\d+(?:\s*(?:[-\u2013,;]|and)\s*\d+)*)\s*\]", re.I)
# AutoSurvey: "[Title one; Title two]" — anything in brackets that is not purely numeric
TITLED = re.compile(r"\[([^\[\]\n]*[A-Za-z][^\[\]\n]*)\]")


def expand_numbers(inner: str) -> list[int]:
    """``"1, 3-5"`` -> ``[1, 3, 4, 5]`` (ranges expanded, order kept, duplicates removed)."""
    out: dict[int, None] = {}
    for part in re.split(r"\s*(?:[,;]|and)\s*", inner.strip()):
        if not part:
            continue
        m = re.fullmatch(r"(\d+)\s*[-\u2013]\s*(\d+)", part)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if a <= b < 1000 and b - a <= 100:  # "[1990-2020]" is a span of years
                for n in range(a, b + 1):
                    out.setdefault(n, None)
                continue
            return []
        if part.isdigit():
            out.setdefault(int(part), None)
    return list(out)


@dataclass
class CitationRegistry:
    """Survey-wide numbering of cited sources, in order of first citation."""

    _number: dict[Hashable, int] = field(default_factory=dict)
    references: list[Reference] = field(default_factory=list)

    def cite(self, key: Hashable, make: Callable[[], Reference]) -> int:
        n = self._number.get(key)
        if n is None:
            n = len(self.references) + 1
            self._number[key] = n
            ref = make()
            self.references.append(ref.model_copy(update={"id": str(n), "numbers": [str(n)]}))
        return n

    def __len__(self) -> int:
        return len(self.references)


def split_paragraphs(text: str) -> list[str]:
    parts = [re.sub(r"[ \t]+\n", "\n", p).strip() for p in re.split(r"\n\s*\n", text or "")]
    return [p for p in parts if p]


def _rewrite(
    text: str,
    pattern: re.Pattern[str],
    resolve: Callable[[str], tuple[list[int], list[str]]],
) -> Paragraph:
    out: list[str] = []
    marks: list[CitationMark] = []
    pos = 0
    length = 0
    for m in pattern.finditer(text):
        numbers, unresolved = resolve(m.group(1))
        if not numbers and not unresolved:
            continue  # not a citation after all (e.g. "[Figure]" with nothing to resolve)
        before = text[pos : m.start()]
        out.append(before)
        length += len(before)
        if numbers:
            marker = "[" + ", ".join(str(n) for n in numbers) + "]"
            # keep one space before a marker glued to the previous word
            if out and out[-1] and not out[-1][-1].isspace() and out[-1][-1] not in "([":
                out.append(" ")
                length += 1
        else:
            marker = m.group(0)
        marks.append(
            CitationMark(
                marker=marker, start=length, end=length + len(marker),
                ref_ids=[str(n) for n in numbers], unresolved=unresolved,
            )
        )
        out.append(marker)
        length += len(marker)
        pos = m.end()
    out.append(text[pos:])
    return Paragraph(text="".join(out), citations=marks)


def link_numbered(
    content: str,
    local: Mapping[int, tuple[Hashable, Callable[[], Reference]]],
    registry: CitationRegistry,
) -> list[Paragraph]:
    """Rewrite ``ref [k]`` markers (``k`` numbering the prompt's list, ``local[k]`` = (source
    key, reference factory)) to survey-wide numbers."""

    def resolve(inner: str) -> tuple[list[int], list[str]]:
        nums = expand_numbers(inner)
        got: list[int] = []
        bad: list[str] = []
        for k in nums:
            if k in local:
                key, make = local[k]
                n = registry.cite(key, make)
                if n not in got:
                    got.append(n)
            else:
                bad.append(str(k))
        return got, bad

    return [_rewrite(p, NUMBERED, resolve) for p in split_paragraphs(content)]


def link_titles(
    content: str,
    match_title: Callable[[str], int | None],
    candidates: Sequence[Reference],
    registry: CitationRegistry,
) -> list[Paragraph]:
    """Rewrite AutoSurvey ``[paper title; other title]`` markers: ``match_title`` maps a cited
    title to an index into ``candidates`` (or None)."""

    def resolve(inner: str) -> tuple[list[int], list[str]]:
        got: list[int] = []
        bad: list[str] = []
        for title in (t.strip() for t in inner.split(";")):
            if not title:
                continue
            i = match_title(title)
            if i is None:
                bad.append(title)
                continue
            ref = candidates[i]
            n = registry.cite(("cand", ref.id), lambda ref=ref: ref)
            if n not in got:
                got.append(n)
        return got, bad

    paragraphs = []
    for p in split_paragraphs(content):
        para = _rewrite(p, TITLED, resolve)
        # A bracket that resolved nothing and does not look like a title is ordinary prose
        # ("[sic]", "[a]"): drop the mark, keep the text.
        para.citations = [
            c for c in para.citations
            if c.ref_ids or any(len(u.split()) >= 3 for u in c.unresolved)
        ]
        paragraphs.append(para)
    return paragraphs


def title_matcher(
    candidates: Sequence[Reference],
    *,
    embedder: object | None = None,
    fuzzy_cutoff: float = 85.0,
    embedding_cutoff: float = 0.8,
) -> Callable[[str], int | None]:
    """Map a cited title to the closest candidate title.

    Fuzzy string match first (rapidfuzz ``token_sort_ratio`` on normalised titles >=
    ``fuzzy_cutoff``); then, when an embedder is given, the nearest title by cosine similarity
    if >= ``embedding_cutoff`` — AutoSurvey App. B maps each generated title to the closest
    paper title in its database by embedding.
    """
    from rapidfuzz import fuzz, process

    def norm(t: str) -> str:
        return " ".join(re.sub(r"[^0-9a-z]+", " ", t.lower()).split())

    titles = [norm(c.title or c.raw or "") for c in candidates]
    vectors = None

    def match(title: str) -> int | None:
        nonlocal vectors
        q = norm(title)
        if not q or not titles:
            return None
        best = process.extractOne(q, titles, scorer=fuzz.token_sort_ratio, score_cutoff=fuzzy_cutoff)
        if best is not None:
            return int(best[2])
        if embedder is None:
            return None
        if vectors is None:
            vectors = embedder.encode([c.title or c.raw or "" for c in candidates])  # type: ignore[attr-defined]
        qv = embedder.encode([title])[0]  # type: ignore[attr-defined]
        sims = vectors @ qv
        i = int(sims.argmax())
        return i if float(sims[i]) >= embedding_cutoff else None

    return match
