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
Phase 4 — rigorous evaluation and iteration (Algorithm 1 lines 3 and 16-17): N trials
(:func:`autosurvey_best_of`; §4 "Setup": N = 2, App. B: temperature 1, each trial with its own
seed), each scored by a panel of judges on AutoSurvey's Table 1 criteria (Coverage, Structure,
Relevance); the trial with the highest mean score is the output, the others' scores are kept
in ``extra["trials"]``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from surveybench.judges.parsing import parse_text
from surveybench.model import Paragraph, Reference
from surveybench.prompts import generation as P

from surveybench.baselines.assemble import assemble_survey
from surveybench.baselines.citations import CitationRegistry, link_titles, title_matcher
from surveybench.baselines.outline import (
    AutoSurveyOutlineParser,
    Outline,
    OutlineNode,
    outline_or_example_titles,
    structured_tokens,
)
from surveybench.baselines.settings import GenerationSettings
from surveybench.baselines.surveygen import GenerationError, as_retriever


@dataclass
class AutoSurveyConfig:
    """One trial's sizes (AutoSurvey §4 "Setup"; :class:`GenerationSettings` holds the paper's
    values and :meth:`from_settings` converts them)."""

    initial_n: int = 1200  # papers retrieved for the outline
    section_num: int = 8  # sections asked for in the rough outline
    chunk_chars: int = 120_000  # paper-list size per outline call (30k tokens x 4 chars)
    papers_per_subsection: int = 60
    word_num: int = 500
    abstract_chars: int = 6000  # the first 1,500 tokens of each paper
    reflect: bool = True
    refine: bool = True
    max_tokens: int = 2048
    temperature: float = 1.0  # App. B
    max_subsections: int = 6  # bound for the local judge's grammar only

    @classmethod
    def from_settings(cls, cfg: GenerationSettings, context_tokens: int | None = None) -> AutoSurveyConfig:
        """Papers are split to fit the writer's context window (§2 "Initial Retrieval"): a
        chunk is at most ``autosurvey_chunk_tokens``, and at most the judge's window minus the
        reply and the prompt's own text when the window is known."""
        chunk_tokens = cfg.autosurvey_chunk_tokens
        if context_tokens:
            chunk_tokens = max(256, min(chunk_tokens, context_tokens - cfg.max_tokens - 400))
        return cls(
            initial_n=cfg.autosurvey_initial_n, section_num=cfg.autosurvey_sections,
            chunk_chars=chunk_tokens * CHARS_PER_TOKEN,
            papers_per_subsection=cfg.autosurvey_papers_per_subsection,
            word_num=cfg.autosurvey_word_num,
            abstract_chars=cfg.autosurvey_paper_tokens * CHARS_PER_TOKEN,
            reflect=cfg.autosurvey_reflect, refine=cfg.autosurvey_refine,
            max_tokens=cfg.max_tokens, temperature=cfg.autosurvey_temperature,
            max_subsections=max(1, cfg.max_subsections),
        )


CHARS_PER_TOKEN = 4  # English text, for sizing prompt chunks given in tokens


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
    embedder: Any = None,
    candidates: Sequence[Reference] | None = None,
    *,
    cutoff: str | None = None,
    config: AutoSurveyConfig = AutoSurveyConfig(),
    retriever: Any = None,
) -> Any:
    """One AutoSurvey trial (Phases 1-3)."""
    metric = "generate:autosurvey"
    cfg = config
    T = cfg.temperature
    log: list[str] = []
    r = as_retriever(retriever, embedder, candidates, cutoff)
    if len(r) == 0:
        raise GenerationError(f"autosurvey: no candidate paper is published before {cutoff}")
    init = [ref for ref, _ in r.search(topic, cfg.initial_n)]
    seen: dict[str, Reference] = {c.id: c for c in init}  # every paper shown to the model

    # Phase 1: rough outlines per chunk, merged.
    chunks = _chunks(init, cfg.chunk_chars, cfg.abstract_chars)
    outline_tokens = structured_tokens(cfg.max_tokens, "outline", cfg.section_num)
    rough_parser = AutoSurveyOutlineParser("section", 1, max(1, cfg.section_num), outline_tokens)
    rough = judge.ask_many(
        P.AS_ROUGH_OUTLINE,
        [{"topic": topic, "paper_list": paper_list(c, cfg.abstract_chars),
          "section_num": cfg.section_num} for c in chunks],
        parse=rough_parser, metric=metric, max_tokens=outline_tokens, temperature=T,
    )
    outlines = [o for x in rough if (o := outline_or_example_titles(x, rough_parser, "rough outline", log))]
    if not outlines:
        raise GenerationError(f"autosurvey: outline step failed: {rough[0].error}")
    if len(outlines) > 1:
        merged = judge.ask(
            P.AS_MERGING_OUTLINE,
            {"topic": topic, "outline_list": "\n\n".join(o.as_text() for o in outlines)},
            parse=rough_parser, metric=metric, max_tokens=outline_tokens, temperature=T,
        )
        kept = outline_or_example_titles(merged, rough_parser, "merged outline", log)
        if kept is not None:
            outline: Outline = kept
        else:
            log.append(f"merging outlines failed ({merged.error}); first outline used")
            outline = outlines[0]
    else:
        outline = outlines[0]
    if not outline.title:
        outline.title = topic
    overall = outline.as_text()

    def nearest(query: str, k: int) -> list[Reference]:
        found = [ref for ref, _ in r.search(query, k)]
        for ref in found:
            seen.setdefault(ref.id, ref)
        return found

    sub_tokens = structured_tokens(cfg.max_tokens, "outline", cfg.max_subsections)
    sub_parser = AutoSurveyOutlineParser("subsection", 1, cfg.max_subsections, sub_tokens)
    subs = judge.ask_many(
        P.AS_SUBSECTION_OUTLINE,
        [{"topic": topic, "overall_outline": overall, "section_name": s.title,
          "section_description": s.description,
          "paper_list": paper_list(nearest(f"{s.title}: {s.description}", cfg.papers_per_subsection),
                                   cfg.abstract_chars)}
         for s in outline.sections],
        parse=sub_parser, metric=metric, max_tokens=sub_tokens, temperature=T,
    )
    for s, x in zip(outline.sections, subs, strict=True):
        got = outline_or_example_titles(x, sub_parser, f"section {s.title!r}: subsection outline", log)
        if got is not None:
            s.children = [OutlineNode(n.title, n.description) for n in got.sections]
        else:
            log.append(f"section {s.title!r}: subsection outline failed ({x.error}); "
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
        parse=parse_text, metric=metric, max_tokens=cfg.max_tokens, temperature=T,
    )
    content = [d.value if d.ok else "" for d in drafts]
    for (_, _, n), d in zip(leaves, drafts, strict=True):
        if not d.ok:
            log.append(f"unit {n.title!r}: draft failed ({d.error})")

    def rewrite(prompt: Any, values: Callable[[int], dict[str, str]], step: str) -> None:
        # Phases 2 and 3 rewrite every drafted unit in place; a failed rewrite keeps the draft.
        todo = [i for i, c in enumerate(content) if c]
        replies = judge.ask_many(prompt, [values(i) for i in todo], parse=parse_text,
                                 metric=metric, max_tokens=cfg.max_tokens, temperature=T)
        for i, x in zip(todo, replies, strict=True):
            if x.ok:
                content[i] = x.value
            else:
                log.append(f"unit {leaves[i][2].title!r}: {step} failed ({x.error})")

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
    # Titles are matched against every paper retrieved in this trial, not only the unit's:
    # refinement may keep a citation the unit's own list did not contain (AutoSurvey App. B
    # maps every cited title to its database).
    pool = list(seen.values())
    matcher = title_matcher(pool, embedder=r.embedder)
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
        "retrieval": {**r.describe(), "initial": len(init), "retrieved": len(pool)},
        "generated_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "problems": log,
    }
    return assemble_survey(topic=topic, system="autosurvey", outline=outline, units=units,
                           registry=registry, extra=extra)


PANEL_CRITERIA = ("coverage", "structure", "relevance")  # AutoSurvey Table 1


def panel_scores(survey: Any, topic: str, panel: Sequence[Any]) -> dict[str, Any]:
    """Mean 1-5 score of ``survey`` over AutoSurvey's Table 1 criteria and the panel's judges
    (the multi-LLM-as-judge of §3), with each judge's per-criterion scores."""
    from surveybench.judges.parsing import parse_score_1_to_5
    from surveybench.prompts.judging import RUBRIC

    from surveybench.baselines.assemble import to_markdown

    text = to_markdown(survey.model_copy(update={"references": []}))
    per: dict[str, dict[str, int | None]] = {}
    for j in panel:
        per[j.name] = {}
        for c in PANEL_CRITERIA:
            x = j.ask(RUBRIC[c], {"topic": topic, "content": text}, parse=parse_score_1_to_5,
                      metric="generate:autosurvey:panel", max_tokens=16, temperature=0.0)
            per[j.name][c] = int(x.value) if x.ok else None
    values = [v for d in per.values() for v in d.values() if v is not None]
    return {"mean": sum(values) / len(values) if values else None, "by_judge": per}


def trial_judge(judge: Any, trial: int) -> Any:
    """The writer of trial ``trial``: the same judge (backend, cache, meter) with its own seed,
    so trials at temperature 1 differ and each is cached on its own."""
    import copy

    j = copy.copy(judge)
    j.seed = (judge.seed or 0) + trial
    return j


def autosurvey_best_of(
    topic: str,
    judge: Any,
    embedder: Any = None,
    candidates: Sequence[Reference] | None = None,
    *,
    cutoff: str | None = None,
    config: AutoSurveyConfig = AutoSurveyConfig(),
    retriever: Any = None,
    trials: int = 2,
    panel: Sequence[Any] | None = None,
) -> Any:
    """AutoSurvey with Phase 4: ``trials`` runs, the best by the panel's mean score (ties: the
    earlier trial). ``panel`` defaults to the writing judge. A failed trial is recorded and
    skipped; all failing raises :class:`GenerationError`."""
    r = as_retriever(retriever, embedder, candidates, cutoff)
    judges = list(panel) if panel else [judge]
    results: list[tuple[Any, dict[str, Any]]] = []
    errors: list[str] = []
    for t in range(trials):
        try:
            s = autosurvey(topic, trial_judge(judge, t) if trials > 1 else judge, cutoff=cutoff,
                           config=config, retriever=r)
        except GenerationError as e:
            errors.append(f"trial {t + 1}: {e}")
            continue
        score = panel_scores(s, topic, judges) if trials > 1 else {"mean": None, "by_judge": {}}
        results.append((s, {"trial": t + 1, **score}))
    if not results:
        raise GenerationError("autosurvey: every trial failed: " + "; ".join(errors))
    best = max(range(len(results)),
               key=lambda i: (results[i][1]["mean"] if results[i][1]["mean"] is not None else -1.0, -i))
    survey, _ = results[best]
    survey.extra["trials"] = [info for _, info in results]
    survey.extra["best_trial"] = results[best][1]["trial"]
    survey.extra["panel"] = [j.name for j in judges]
    survey.extra["problems"] = list(survey.extra.get("problems", [])) + errors
    return survey
