"""Claims for citation NLI: sentences with at least one citation (AutoSurvey App. C).

A paragraph is split into sentences; each :class:`~surveybench.model.CitationMark` is assigned
to the sentence its span falls in. A marker written after the full stop (``... models.[3] Next``)
belongs to the sentence before it, so a sentence boundary is never placed in front of a marker.
Marker text is removed from the claim, as AutoSurvey's judge does before asking h().
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from surveybench.model import Paragraph, Survey

# Words whose trailing full stop does not end a sentence.
_ABBREV = {
    "al", "e.g", "i.e", "etc", "fig", "figs", "eq", "eqs", "sec", "ref", "refs", "vs", "cf",
    "no", "vol", "pp", "approx", "resp", "dr", "mr", "ms", "prof", "st", "tab", "ch", "ed", "eds",
    "jr", "sr", "inc", "ltd", "co", "u.s", "e.g.", "i.e.",
}
_END = re.compile(r"[.!?]+[\"'\u201d\u2019)\]]*")


@dataclass
class Claim:
    """One cited sentence: its text without markers, and the references it cites."""

    index: int
    section: str
    text: str  # sentence with citation markers removed
    sentence: str  # sentence as written, markers included
    ref_ids: list[str]  # unique, in order of citation
    markers: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # cited keys no reference entry defines


def _is_boundary(text: str, end: int, dot_pos: int) -> bool:
    """A sentence may end at ``end`` (after punctuation at ``dot_pos``) unless it is an abbreviation,
    a decimal number or the next word starts in lower case."""
    if text[dot_pos] == ".":
        m = re.search(r"([A-Za-z][A-Za-z.]*)$", text[:dot_pos])
        if m and (m.group(1).lower() in _ABBREV or len(m.group(1)) == 1 and m.group(1).isupper()):
            return False
        if dot_pos + 1 < len(text) and text[dot_pos + 1].isdigit():
            return False
    rest = text[end:].lstrip()
    if not rest:
        return True
    return not rest[0].islower()


def split_sentences(text: str, protected: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text``.

    ``protected`` spans (citation markers) are never cut, and a marker directly after a
    sentence end (only whitespace between) is kept with that sentence.
    """
    spans = sorted(protected or [])

    def inside(pos: int) -> tuple[int, int] | None:
        for s, e in spans:
            if s < pos < e:
                return (s, e)
        return None

    out: list[tuple[int, int]] = []
    start = 0
    for m in _END.finditer(text):
        end = m.end()
        if m.start() < start or inside(m.start()) or inside(end):
            continue
        if not _is_boundary(text, end, m.start()):
            continue
        # Swallow markers that follow the full stop: "... text.[3][4] Next" -- unless the text
        # goes on in lower case ("... text. [3] showed that ..."): then the marker opens the next one.
        stop = end
        moved = True
        while moved:
            moved = False
            j = end
            while j < len(text) and text[j] in " \t":
                j += 1
            for s, e in spans:
                if s == j and e > end:
                    end = e
                    moved = True
                    break
        if end > stop:
            rest = text[end:].lstrip()
            if rest and rest[0].islower():
                end = stop
            elif end < len(text) and text[end] in ".;:":
                end += 1  # "text.[3]." -- the stray stop belongs to the same sentence
        if text[start:end].strip():
            out.append((start, end))
        start = end
    if text[start:].strip():
        out.append((start, len(text)))
    return out


def _mark_spans(paragraph: Paragraph) -> list[tuple[int, int, int]]:
    """(start, end, mark index) for every marker; positions found by search when not given."""
    spans: list[tuple[int, int, int]] = []
    cursor = 0
    for i, mark in enumerate(paragraph.citations):
        if mark.start is not None and mark.end is not None:
            spans.append((mark.start, mark.end, i))
            cursor = mark.end
            continue
        pos = paragraph.text.find(mark.marker, cursor) if mark.marker else -1
        if pos < 0 and mark.marker:
            pos = paragraph.text.find(mark.marker)
        if pos >= 0:
            spans.append((pos, pos + len(mark.marker), i))
            cursor = pos + len(mark.marker)
        else:
            spans.append((-1, -1, i))  # no position: attached to the paragraph's last sentence
    return spans


def extract_claims(survey: Survey) -> list[Claim]:
    """Every sentence of the survey's content sections that carries at least one citation marker."""
    claims: list[Claim] = []
    for section, paragraph in survey.paragraphs(content_only=True):
        if not paragraph.citations:
            continue
        text = paragraph.text
        marks = _mark_spans(paragraph)
        positioned = [(s, e) for s, e, _ in marks if s >= 0]
        sentences = split_sentences(text, positioned)
        if not sentences:
            continue
        per_sentence: dict[int, list[int]] = {}
        for s, _e, mi in marks:
            k = len(sentences) - 1
            if s >= 0:
                for si, (a, b) in enumerate(sentences):
                    if a <= s < b:
                        k = si
                        break
            per_sentence.setdefault(k, []).append(mi)
        for si in sorted(per_sentence):
            a, b = sentences[si]
            sentence = text[a:b].strip()
            cut = sorted((s - a, e - a) for s, e, _ in marks if s >= a and e <= b)
            plain = text[a:b]
            for s, e in reversed(cut):
                plain = plain[:s] + plain[e:]
            plain = re.sub(r"\s+([.,;:!?])", r"\1", re.sub(r"\s+", " ", plain)).strip()
            ref_ids: dict[str, None] = {}
            unresolved: dict[str, None] = {}
            markers: list[str] = []
            for mi in per_sentence[si]:
                mark = paragraph.citations[mi]
                markers.append(mark.marker)
                for rid in mark.ref_ids:
                    ref_ids.setdefault(rid, None)
                for key in mark.unresolved:
                    unresolved.setdefault(key, None)
            if not ref_ids and not unresolved:
                continue
            claims.append(
                Claim(
                    index=len(claims),
                    section=section.title,
                    text=plain,
                    sentence=sentence,
                    ref_ids=list(ref_ids),
                    markers=markers,
                    unresolved=list(unresolved),
                )
            )
    return claims
