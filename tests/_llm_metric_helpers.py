"""Small hand-written surveys for the LLM-metric tests (tests/test_llm_metric_*.py)."""

from __future__ import annotations

import re

from surveybench.model import CitationMark, Paragraph, Reference, Section, Survey


def para(text: str, number_to_id: dict[str, str]) -> Paragraph:
    """A paragraph whose ``[1; 2]`` markers become CitationMarks with spans and resolved ids."""
    marks = []
    for m in re.finditer(r"\[([^\]]+)\]", text):
        keys = [k.strip() for k in m.group(1).split(";")]
        marks.append(CitationMark(
            marker=m.group(0), start=m.start(), end=m.end(),
            ref_ids=[number_to_id[k] for k in keys if k in number_to_id],
            unresolved=[k for k in keys if k not in number_to_id],
        ))
    return Paragraph(text=text, citations=marks)


def survey(title: str, sections: list[tuple[str, list[str]]], refs: list[Reference] | None = None,
           *, system: str | None = "Sys", topic: str = "Test topic") -> Survey:
    refs = refs or []
    number_to_id = {n: r.id for r in refs for n in r.numbers}
    return Survey(
        id=title.lower().replace(" ", "-"), title=title, topic=topic, system=system,
        sections=[
            Section(index=i, level=1, title=t, paragraphs=[para(p, number_to_id) for p in ps])
            for i, (t, ps) in enumerate(sections)
        ],
        references=refs,
    )
