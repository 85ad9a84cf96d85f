"""SurveyGen-style baselines (Bao et al., EMNLP 2025): topic-only generation (Task 1,
"Fully-LLMGen"), Naive-RAG and QUAL-SG (Task 2, §2.4, App. C), human-guided (Task 3).

All three follow App. B: the model first writes an outline with section descriptions, then each
subsection is written separately (in parallel, through the judge layer's concurrency) with the
App. I prompts; in-text ``ref [k]`` citations are linked to the papers (Task 2) or to the
references the model lists itself (Task 1).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from surveybench.judges.parsing import parse_json_object, parse_score_1_to_5, parse_text
from surveybench.judges.types import ParseError
from surveybench.model import Author, Paragraph, Reference, Venue
from surveybench.prompts import generation as P

from surveybench.baselines.assemble import assemble_survey, numbered_paper_list
from surveybench.baselines.citations import CitationRegistry, link_numbered
from surveybench.baselines.outline import Outline, parse_surveygen_outline
from surveybench.baselines import qualsg, retrieval


class GenerationError(RuntimeError):
    """A step whose LLM reply was unusable after the judge's retries (names the step)."""


@dataclass
class SectionReply:
    content: str
    references: list[dict[str, Any]]


def parse_section_reply(reply: str) -> SectionReply:
    """SurveyGen App. I section JSON: ``{"content": str, "references": [...]}``."""
    obj = parse_json_object(reply)
    content = obj.get("content")
    if not isinstance(content, str) or not content.strip():
        raise ParseError("section JSON has no non-empty 'content' string")
    refs = obj.get("references") or []
    if not isinstance(refs, list):
        raise ParseError("'references' is not a list")
    return SectionReply(content=content, references=[r for r in refs if isinstance(r, dict)])


def _norm_title(t: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", t.lower()).split())


def _int(x: Any) -> int | None:
    m = re.search(r"\d{4}", str(x or ""))
    return int(m.group(0)) if m else None


def generated_reference(d: dict[str, Any]) -> Reference:
    """A reference the model wrote itself (Task 1): kept as the model gave it, in ``raw`` too,
    so citation-accuracy checks can look it up."""
    authors = d.get("authors")
    names = (
        [str(a).strip() for a in authors] if isinstance(authors, list)
        else [a.strip() for a in re.split(r",|;| and ", str(authors or "")) if a.strip()]
    )
    title = str(d.get("title") or "").strip() or None
    venue = str(d.get("venue") or "").strip() or None
    doi = str(d.get("doi") or "").strip() or None
    raw_parts = [", ".join(names), title, venue, str(d.get("year") or "").strip(), doi]
    return Reference(
        id="0",
        title=title,
        raw=". ".join(p for p in raw_parts if p) or None,
        year=_int(d.get("year")),
        doi=doi if doi and doi.startswith("10.") else None,
        authors=[Author(name=n) for n in names],
        venue=Venue(name=venue) if venue else None,
    )


def _task1_local(unit_key: tuple[int, int | None], refs: list[dict[str, Any]]
                 ) -> dict[int, tuple[Hashable, Callable[[], Reference]]]:
    local: dict[int, tuple[Hashable, Callable[[], Reference]]] = {}
    for d in refs:
        m = re.search(r"\d+", str(d.get("refNo") or ""))
        if not m:
            continue
        k = int(m.group(0))
        ref = generated_reference(d)
        key: Hashable = (
            ("doi", ref.doi) if ref.doi else ("title", _norm_title(ref.title)) if ref.title
            else ("unit", unit_key, k)
        )
        local.setdefault(k, (key, lambda ref=ref: ref))
    return local


def _candidate_local(papers: Sequence[Reference]) -> dict[int, tuple[Hashable, Callable[[], Reference]]]:
    return {k: (("cand", r.id), lambda r=r: r) for k, r in enumerate(papers, 1)}


def write_survey(
    *,
    topic: str,
    judge: Any,
    system: str,
    papers: Sequence[Reference] | None,
    max_tokens: int = 2048,
    extra: dict[str, Any] | None = None,
) -> Any:
    """Outline -> per-subsection content -> linked :class:`Survey` (SurveyGen App. B).
    ``papers=None`` is Task 1 (topic only); otherwise Task 2 with the given papers."""
    metric = f"generate:{system}"
    log: list[str] = []
    values: dict[str, Any] = {"topic": topic}
    if papers is None:
        outline_prompt, section_prompt = P.SG_OUTLINE_TASK1, P.SG_SECTION_TASK1
    else:
        outline_prompt, section_prompt = P.SG_OUTLINE_TASK2, P.SG_SECTION_TASK2
        values["references_list"] = numbered_paper_list(papers)

    j = judge.ask(outline_prompt, values, parse=parse_surveygen_outline, metric=metric,
                  max_tokens=max_tokens)
    if not j.ok:
        raise GenerationError(f"{system}: outline step failed: {j.error}")
    outline: Outline = j.value
    outline_text = outline.as_text()

    leaves = outline.leaves()
    section_values = [
        {**values, "outline": outline_text, "subsection_title": node.title}
        for _, _, node in leaves
    ]
    replies = judge.ask_many(section_prompt, section_values, parse=parse_section_reply,
                             metric=metric, max_tokens=max_tokens)

    registry = CitationRegistry()
    units: dict[tuple[int, int | None], list[Paragraph]] = {}
    for (i, jx, node), rep in zip(leaves, replies, strict=True):
        key = (i, jx)
        if rep.ok:
            sec: SectionReply = rep.value
        elif rep.reply and rep.reply.strip():
            # The model wrote prose instead of the JSON envelope: keep the prose (its ref [k]
            # markers still link in Task 2), and say so.
            log.append(f"unit {node.title!r}: reply not in the JSON format ({rep.error}); "
                       "used as plain text")
            sec = SectionReply(content=rep.reply, references=[])
        else:
            log.append(f"unit {node.title!r}: no content ({rep.error})")
            continue
        local = _task1_local(key, sec.references) if papers is None else _candidate_local(papers)
        units[key] = link_numbered(sec.content, local, registry)

    info = {
        "baseline": system,
        "judge": judge.name,
        "prompts": [outline_prompt.fingerprint, section_prompt.fingerprint],
        "generated_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "problems": log,
        **(extra or {}),
    }
    return assemble_survey(topic=topic, system=system, outline=outline, units=units,
                           registry=registry, extra=info)


def topic_only(topic: str, judge: Any, *, max_tokens: int = 2048) -> Any:
    """SurveyGen Task 1 / "Fully-LLMGen" (§2.1, §3.1): topic in, survey with the model's own
    references out."""
    return write_survey(topic=topic, judge=judge, system="topic-only", papers=None,
                        max_tokens=max_tokens)


def _pool(candidates: Sequence[Reference], cutoff: str | None) -> list[Reference]:
    pool = [c for c in candidates if retrieval.published_before(c, cutoff)]
    if not pool:
        raise GenerationError(f"no candidate paper is published before {cutoff}")
    return pool


def naive_rag(topic: str, judge: Any, embedder: Any, candidates: Sequence[Reference], *,
              budget: int = 50, cutoff: str | None = None, max_tokens: int = 2048) -> Any:
    """Naive-RAG (SurveyGen §3.1): the ``budget`` candidates whose title+abstract embedding is
    most similar to the topic (eq. 1), then Task 2 generation."""
    pool = _pool(candidates, cutoff)
    sims = retrieval.cosine_to_query(embedder, topic, [retrieval.candidate_text(c) for c in pool])
    chosen = [pool[i] for i in retrieval.top_n(list(sims), budget)]
    extra = {"retrieval": {"embedder": getattr(embedder, "model_id", None), "pool": len(pool),
                           "selected": [c.id for c in chosen], "cutoff": cutoff}}
    return write_survey(topic=topic, judge=judge, system="naive-rag", papers=chosen,
                        max_tokens=max_tokens, extra=extra)


def qual_sg_select(
    topic: str,
    judge: Any,
    embedder: Any,
    candidates: Sequence[Reference],
    *,
    budget: int = 50,
    initial_n: int = 300,
    co_cited_limit: int = 50,
    cutoff: str | None = None,
    weights: qualsg.ImpactWeights = qualsg.ImpactWeights(),
) -> tuple[list[Reference], list[dict[str, Any]]]:
    """QUAL-SG retrieval stage (§2.4, App. C): top ``initial_n`` by similarity, co-citation
    expansion (>= 2 citers, at most ``co_cited_limit``), then the average rank of topical
    relevance (LLM judge), academic impact and diversity; top ``budget`` kept."""
    pool = _pool(candidates, cutoff)
    texts = [retrieval.candidate_text(c) for c in pool]
    vecs = embedder.encode([topic, *texts])
    sims = vecs[1:] @ vecs[0]
    first = retrieval.top_n(list(map(float, sims)), initial_n)
    selected = [pool[i] for i in first]
    extra_idx = retrieval.co_cited(selected, pool, limit=co_cited_limit)
    idx = first + extra_idx
    ex = [pool[i] for i in idx]

    rel = judge.ask_many(
        P.SG_TOPIC_RELEVANCE,
        [{"topic": topic, "title": c.title or c.raw or "", "abstract": c.source_text() or ""}
         for c in ex],
        parse=parse_score_1_to_5, metric="generate:qual-sg:relevance", max_tokens=16,
    )
    s_t = [float(r.value) if r.ok else None for r in rel]
    as_of = int(cutoff[:4]) if cutoff else _dt.date.today().year
    s_a = qualsg.impact_scores(ex, as_of, weights)
    s_d = qualsg.diversity_scores(vecs[1:][idx])
    keep = qualsg.select_top_k(s_t, s_a, s_d, budget)
    avg = qualsg.average_ranks(s_t, s_a, s_d)
    table = [
        {"id": c.id, "title": c.title, "similarity": float(sims[i]), "co_cited": n >= len(first),
         "S_t": s_t[n], "S_a": s_a[n], "S_d": s_d[n], "avg_rank": avg[n], "selected": n in keep}
        for n, (i, c) in enumerate(zip(idx, ex, strict=True))
    ]
    return [ex[n] for n in keep], table


def qual_sg(topic: str, judge: Any, embedder: Any, candidates: Sequence[Reference], *,
            budget: int = 50, initial_n: int = 300, cutoff: str | None = None,
            max_tokens: int = 2048) -> Any:
    """QUAL-SG (SurveyGen §2.4): quality-aware selection, then Task 2 generation."""
    chosen, table = qual_sg_select(topic, judge, embedder, candidates, budget=budget,
                                   initial_n=initial_n, cutoff=cutoff)
    extra = {"retrieval": {"embedder": getattr(embedder, "model_id", None), "cutoff": cutoff,
                           "selected": [c.id for c in chosen]},
             "qual_sg": table}
    return write_survey(topic=topic, judge=judge, system="qual-sg", papers=chosen,
                        max_tokens=max_tokens, extra=extra)


def human_guided(gold: Any, judge: Any, *, max_tokens: int = 2048) -> Any:
    """SurveyGen Task 3 (§2.1, App. B): the gold survey's outline and, per section, the
    references it cites; each section is written from its own papers with the App. I Task 3
    prompt. Sections without papers get an empty list (the prompt still applies)."""
    from surveybench.baselines.outline import OutlineNode

    system = "human-guided"
    metric = f"generate:{system}"
    topic = gold.topic or gold.title
    content = gold.content_sections()
    refmap = gold.reference_map()
    # The gold outline as an Outline tree (levels deeper than 2 are flattened under their
    # top-level section, matching the writing unit of the other baselines).
    outline = Outline(title=gold.title)
    where: dict[int, tuple[int, int | None]] = {}
    top_level = min((s.level for s in content), default=1)
    for s in content:
        if s.level == top_level or not outline.sections:
            outline.sections.append(OutlineNode(s.title))
            where[s.index] = (len(outline.sections) - 1, None)
        else:
            parent = outline.sections[-1]
            parent.children.append(OutlineNode(s.title))
            where[s.index] = (len(outline.sections) - 1, len(parent.children) - 1)
    outline_text = outline.as_text(with_descriptions=False)
    papers = {s.index: [refmap[r] for r in s.ref_ids if r in refmap] for s in content}
    values = [
        {"topic": topic, "outline": outline_text, "subsection_title": s.title,
         "references_list": numbered_paper_list(papers[s.index]) or "(none)"}
        for s in content
    ]
    replies = judge.ask_many(P.SG_SECTION_TASK3, values, parse=parse_text, metric=metric,
                             max_tokens=max_tokens)
    registry = CitationRegistry()
    units: dict[tuple[int, int | None], list[Paragraph]] = {}
    log: list[str] = []
    for s, rep in zip(content, replies, strict=True):
        if not rep.ok:
            log.append(f"section {s.title!r}: no content ({rep.error})")
            continue
        # the Task 3 prompt asks for the text only, but models often keep the Task 1/2 JSON
        try:
            text = parse_section_reply(rep.value).content
        except ParseError:
            text = rep.value
        units[where[s.index]] = link_numbered(text, _candidate_local(papers[s.index]), registry)
    info = {
        "baseline": system, "judge": judge.name, "gold_id": gold.id,
        "prompts": [P.SG_SECTION_TASK3.fingerprint],
        "generated_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "problems": log,
    }
    survey = assemble_survey(topic=topic, system=system, outline=outline, units=units,
                             registry=registry, extra=info)
    return survey.model_copy(update={"id": gold.id, "domain": gold.domain})

