"""Build the generated :class:`~surveybench.model.Survey` from an outline and written units, and
render it as Markdown."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from surveybench.model import Paragraph, Reference, Section, Survey

from surveybench.baselines.citations import CitationRegistry
from surveybench.baselines.outline import Outline


def slug(text: str) -> str:
    s = re.sub(r"[^0-9a-z]+", "-", text.lower()).strip("-")
    return s[:80] or "survey"


def assemble_survey(
    *,
    topic: str,
    system: str,
    outline: Outline,
    units: Mapping[tuple[int, int | None], list[Paragraph]],
    registry: CitationRegistry,
    extra: dict | None = None,
) -> Survey:
    """Sections in outline order (level 1 = outline section, level 2 = subsection), the
    paragraphs written for each unit, and the registry's references in citation order."""
    sections: list[Section] = []
    for i, node in enumerate(outline.sections):
        top = len(sections)
        sections.append(
            Section(index=top, level=1, number=str(i + 1), title=node.title,
                    paragraphs=list(units.get((i, None), [])))
        )
        for j, child in enumerate(node.children):
            sections.append(
                Section(index=len(sections), level=2, number=f"{i + 1}.{j + 1}", title=child.title,
                        parent=top, paragraphs=list(units.get((i, j), [])))
            )
    return Survey(
        id=f"{slug(system)}:{slug(topic)}",
        title=outline.title or topic,
        topic=topic,
        system=system,
        sections=sections,
        references=list(registry.references),
        source_format="generated",
        extra=extra or {},
    )


def _reference_line(r: Reference) -> str:
    """IEEE-style entry with the title in quotes, so the Markdown reader recovers the title."""
    parts = []
    if r.authors:
        names = [a.name for a in r.authors[:3]]
        parts.append(", ".join(names) + (" et al." if len(r.authors) > 3 else ""))
    title = (r.title or r.raw or "(untitled)").replace('"', "'")
    parts.append(f'"{title},"')
    tail = [x for x in ((r.venue.name if r.venue else None), str(r.year) if r.year else None) if x]
    line = ", ".join(parts[:-1]) + (", " if len(parts) > 1 else "") + parts[-1]
    if tail:
        line += " " + ", ".join(tail)
    line = line.rstrip(",") + "."
    if r.doi:
        line += f" https://doi.org/{r.doi}"
    elif r.arxiv_id:
        line += f" arXiv:{r.arxiv_id}"
    return line


def to_markdown(survey: Survey) -> str:
    """``# Title``, numbered ``##``/``###`` headings, paragraphs with ``[n]`` markers and a
    ``## References`` list of ``[n] Authors, "Title," Venue, Year.`` lines."""
    out = [f"# {survey.title}", ""]
    for s in survey.sections:
        hashes = "#" * min(6, s.level + 1)
        out.append(f"{hashes} {s.number + ' ' if s.number else ''}{s.title}")
        out.append("")
        for p in s.paragraphs:
            out.extend([p.text, ""])
    if survey.references:
        out.extend(["## References", ""])
        for r in survey.references:
            out.append(f"[{r.numbers[0] if r.numbers else r.id}] {_reference_line(r)}")
        out.append("")
    return "\n".join(out)


def numbered_paper_list(refs: Sequence[Reference], abstract_chars: int = 700,
                        with_quality: bool = True) -> str:
    """SurveyGen Task 2/3 input: titles, abstracts and quality metadata of the papers (App. B),
    numbered [1]..[n] so the model's ``ref [k]`` points back at them."""
    lines = []
    for k, r in enumerate(refs, 1):
        entry = f"[{k}] Title: {r.title or r.raw or '(untitled)'}"
        if with_quality:
            meta = []
            if r.year:
                meta.append(f"Year: {r.year}")
            if r.citation_count is not None:
                meta.append(f"Citations: {r.citation_count}")
            if r.venue and r.venue.name:
                meta.append(f"Venue: {r.venue.name}")
            if meta:
                entry += "\n    " + "; ".join(meta)
        text = r.source_text()
        if text:
            t = " ".join(text.split())
            entry += "\n    Abstract: " + (t if len(t) <= abstract_chars else t[: abstract_chars - 3] + "...")
        lines.append(entry)
    return "\n".join(lines)
