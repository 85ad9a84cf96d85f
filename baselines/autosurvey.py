"""AutoSurvey-style pipeline (Wang et al., 2024, §2 and Algorithm 1; prompts App. F).

Phase 1 — initial retrieval (embedding similarity to the topic) and outline generation: the
retrieved papers are split into groups that fit the context window, one rough outline per
group, merged into one when there are several; each section is then enriched with a
subsection outline.
Phase 2 — subsection drafting: per subsection, the papers closest to its description are
retrieved and the subsection is written citing paper titles in ``[]``; a citation-reflection
pass corrects the citations.
Phase 3 — integration and refinement: each subsection is refined for coherence given its
previous and following subsections; cited titles are mapped to the retrieved papers (App. B)
and replaced by survey-wide ``[n]`` markers.
Phase 4 (N trials judged by a multi-LLM panel) is left to the caller: run the pipeline N times
and score the outputs with ``surveybench score``; this module makes one trial.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from surveybench.judges.parsing import parse_text
from surveybench.model import Paragraph, Reference
from surveybench.prompts import generation as P

from surveybench.baselines import retrieval
from surveybench.baselines.assemble import assemble_survey
from surveybench.baselines.citations import CitationRegistry, link_titles, title_matcher
from surveybench.baselines.outline import Outline, OutlineNode, parse_autosurvey_outline
from surveybench.baselines.surveygen import GenerationError


@dataclass
class AutoSurveyConfig:
    initial_n: int = 200  # papers retrieved for the outline
    section_num: int = 6  # sections asked for in the rough outline
    chunk_chars: int = 24_000  # paper-list size per outline call (~6k tokens)
    papers_per_subsection: int = 20
    word_num: int = 500
    abstract_chars: int = 600
    reflect: bool = True
    refine: bool = True
    max_tokens: int = 2048


def paper_list(refs: Sequence[Reference], abstract_chars: int = 600) -> str:
    """AutoSurvey's paper block: the title to cite, then the content (abstract)."""
    out = []
    for r in refs:
        text = " ".join((r.source_text() or "").split())[:abstract_chars]
        out.append(f"---\npaper_title: {r.title or r.raw or ''}\n\npaper_content:\n\n{text}\n")
    return "\n".join(out)


def _chunks(refs: Sequence[Reference], size: int, abstract_chars: int) -> list[list[Reference]]:
    groups: list[list[Reference]] = [[]]
    used = 0
    for r in refs:
        n = len(paper_list([r], abstract_chars))
        if groups[-1] and used + n > size:
            groups.append([])
            used = 0
        groups[-1].append(r)
        used += n
    return [g for g in groups if g]


def autosurvey(
    topic: str,
    judge: Any,
    embedder: Any,
    candidates: Sequence[Reference],
    *,
    cutoff: str | None = None,
    config: AutoSurveyConfig = AutoSurveyConfig(),
) -> Any:
    metric = "generate:autosurvey"
    cfg = config
    log: list[str] = []
    pool = [c for c in candidates if retrieval.published_before(c, cutoff)]
    if not pool:
        raise GenerationError(f"autosurvey: no candidate paper is published before {cutoff}")
    texts = [retrieval.candidate_text(c) for c in pool]
    vecs = embedder.encode([topic, *texts])
    doc_vecs = vecs[1:]
    init = [pool[i] for i in retrieval.top_n(list(map(float, doc_vecs @ vecs[0])), cfg.initial_n)]

    # Phase 1: rough outlines per chunk, merged.
    chunks = _chunks(init, cfg.chunk_chars, cfg.abstract_chars)
    rough = judge.ask_many(
        P.AS_ROUGH_OUTLINE,
        [{"topic": topic, "paper_list": paper_list(c, cfg.abstract_chars),
          "section_num": cfg.section_num} for c in chunks],
        parse=parse_autosurvey_outline, metric=metric, max_tokens=cfg.max_tokens,
    )
    outlines = [r.value for r in rough if r.ok]
    if not outlines:
        raise GenerationError(f"autosurvey: outline step failed: {rough[0].error}")
    if len(outlines) > 1:
        merged = judge.ask(
            P.AS_MERGING_OUTLINE,
            {"topic": topic, "outline_list": "\n\n".join(o.as_text() for o in outlines)},
            parse=parse_autosurvey_outline, metric=metric, max_tokens=cfg.max_tokens,
        )
        if merged.ok:
            outline: Outline = merged.value
        else:
            log.append(f"merging outlines failed ({merged.error}); first outline used")
            outline = outlines[0]
    else:
        outline = outlines[0]
    if not outline.title:
        outline.title = topic
    overall = outline.as_text()

    def nearest(query: str, k: int) -> list[Reference]:
        q = embedder.encode([query])[0]
        return [pool[i] for i in retrieval.top_n(list(map(float, doc_vecs @ q)), k)]

    subs = judge.ask_many(
        P.AS_SUBSECTION_OUTLINE,
        [{"topic": topic, "overall_outline": overall, "section_name": s.title,
          "section_description": s.description,
          "paper_list": paper_list(nearest(f"{s.title}: {s.description}", cfg.papers_per_subsection),
                                   cfg.abstract_chars)}
         for s in outline.sections],
        parse=lambda r: parse_autosurvey_outline(r, unit="subsection"),
        metric=metric, max_tokens=cfg.max_tokens,
    )
    for s, r in zip(outline.sections, subs, strict=True):
        if r.ok:
            s.children = [OutlineNode(n.title, n.description) for n in r.value.sections]
        else:
            log.append(f"section {s.title!r}: subsection outline failed ({r.error}); "
                       "written as one unit")
    overall = outline.as_text()

    # Phase 2: draft each unit with its own retrieved papers, then reflect on citations.
    leaves = outline.leaves()
    unit_papers = [nearest(f"{n.title}: {n.description}", cfg.papers_per_subsection)
                   for _, _, n in leaves]
    drafts = judge.ask_many(
        P.AS_SUBSECTION_WRITING,
        [{"topic": topic, "overall_outline": overall,
          "paper_list": paper_list(ps, cfg.abstract_chars), "subsection_name": n.title,
          "description": n.description or n.title, "word_num": cfg.word_num}
         for (_, _, n), ps in zip(leaves, unit_papers, strict=True)],
        parse=parse_text, metric=metric, max_tokens=cfg.max_tokens,
    )
    content = [d.value if d.ok else "" for d in drafts]
    for (_, _, n), d in zip(leaves, drafts, strict=True):
        if not d.ok:
            log.append(f"unit {n.title!r}: draft failed ({d.error})")
    def rewrite(prompt: Any, values: Callable[[int], dict[str, str]], step: str) -> None:
        # Phases 2 and 3 rewrite every drafted unit in place; a failed rewrite keeps the draft.
        todo = [i for i, c in enumerate(content) if c]
        replies = judge.ask_many(prompt, [values(i) for i in todo], parse=parse_text,
                                 metric=metric, max_tokens=cfg.max_tokens)
        for i, r in zip(todo, replies, strict=True):
            if r.ok:
                content[i] = r.value
            else:
                log.append(f"unit {leaves[i][2].title!r}: {step} failed ({r.error})")

    if cfg.reflect:
        rewrite(P.AS_CITATION_REFLECTION, lambda i: {
            "topic": topic, "paper_list": paper_list(unit_papers[i], cfg.abstract_chars),
            "subsection": content[i]}, "citation reflection")

    # Phase 3: coherence refinement with the neighbouring units as context.
    if cfg.refine:
        rewrite(P.AS_COHERENCY_REFINEMENT, lambda i: {
            "topic": topic, "previous": content[i - 1] if i > 0 else "",
            "following": content[i + 1] if i + 1 < len(content) else "",
            "subsection": content[i]}, "refinement")

    registry = CitationRegistry()
    # Titles are matched against the whole pool, not only the unit's papers: refinement may
    # keep a citation the unit's own list did not contain (AutoSurvey App. B maps every cited
    # title to its database).
    matcher = title_matcher(pool, embedder=embedder)
    units: dict[tuple[int, int | None], list[Paragraph]] = {}
    for (i, j, _), text in zip(leaves, content, strict=True):
        if text:
            units[(i, j)] = link_titles(text, matcher, pool, registry)
    extra = {
        "baseline": "autosurvey",
        "judge": judge.name,
        "prompts": [p.fingerprint for p in (P.AS_ROUGH_OUTLINE, P.AS_MERGING_OUTLINE,
                                            P.AS_SUBSECTION_OUTLINE, P.AS_SUBSECTION_WRITING,
                                            P.AS_CITATION_REFLECTION, P.AS_COHERENCY_REFINEMENT)],
        "retrieval": {"embedder": getattr(embedder, "model_id", None), "pool": len(pool),
                      "initial": len(init), "cutoff": cutoff},
        "generated_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "problems": log,
    }
    return assemble_survey(topic=topic, system="autosurvey", outline=outline, units=units,
                           registry=registry, extra=extra)

