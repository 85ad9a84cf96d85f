"""Text views of a survey shared by the reference-based metrics (ROUGE, semantic similarity,
BERTScore, reference statistics)."""

from __future__ import annotations

from surveybench.model import Paragraph, Survey


def strip_markers(p: Paragraph) -> str:
    """Paragraph text with its citation markers (``[3]``, ``(Smith et al., 2020)``) cut out.

    Markers without character offsets are left in place: nothing says where they are.
    """
    text = p.text
    spans = sorted(
        {(m.start, m.end) for m in p.citations if m.start is not None and m.end is not None},
        reverse=True,
    )
    for start, end in spans:
        if 0 <= start <= end <= len(text):
            text = text[:start] + text[end:]
    return text


def prose_paragraphs(survey: Survey) -> list[str]:
    """Paragraphs of content sections, citation markers removed, whitespace collapsed, empty ones dropped."""
    out = []
    for _, p in survey.paragraphs(content_only=True):
        text = " ".join(strip_markers(p).split())
        if text:
            out.append(text)
    return out


def survey_prose(survey: Survey) -> str:
    """:func:`prose_paragraphs` joined by a blank line: the whole prose of a survey as one text."""
    return "\n\n".join(prose_paragraphs(survey))
