"""SurveyGen-style baselines (Bao et al., EMNLP 2025): topic-only generation (Task 1,
"Fully-LLMGen"), Naive-RAG and QUAL-SG (Task 2, §2.4, App. C), human-guided (Task 3).

All three follow App. B: the model first writes an outline with section descriptions, then each
subsection is written separately (in parallel, through the judge layer's concurrency) with the
App. I prompts; in-text ``ref [k]`` citations are linked to the papers (Task 2) or to the
references the model lists itself (Task 1).
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from surveybench.judges.parsing import parse_json_object, parse_score_1_to_5, parse_text
from surveybench.judges.types import ParseError
from surveybench.model import Author, Paragraph, Reference, Venue
from surveybench.prompts import generation as P

from surveybench.baselines.assemble import assemble_survey, numbered_paper_list
from surveybench.baselines.citations import CitationRegistry, link_numbered
from surveybench.baselines.outline import (
    Outline,
    SurveyGenOutlineParser,
    outline_or_example_titles,
    structured_tokens,
)
from surveybench.baselines import qualsg, retrieval
from surveybench.baselines.settings import GenerationSettings


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


def section_reply_schema(task1: bool, max_tokens: int) -> dict[str, Any]:
    """JSON schema of the App. I Task 1/2 section reply (``content`` + ``references``), sized so
    the longest valid reply fits in ``max_tokens`` (60% content, 40% reference list)."""
    from surveybench.baselines.outline import CHARS_PER_TOKEN_JSON, fit_lengths

    room = max_tokens * CHARS_PER_TOKEN_JSON - 80
    base = {"title": 200, "authors": 160, "venue": 120, "doi": 80} if task1 else {"title": 200}
    per_ref = sum(base.values()) + 40 * len(base) + 30
    n_refs = max(1, min(8, int(room * 0.4 // per_ref) or 1))
    caps = fit_lengths(max_tokens // 2, n_refs, base, overhead=40 * len(base) + 30)
    s = lambda k: {"type": "string", "maxLength": caps[k]}  # noqa: E731
    ref_props: dict[str, Any] = {"refNo": {"type": "string", "pattern": "^[0-9]{1,3}$"}, "title": s("title")}
    if task1:
        ref_props.update(authors=s("authors"), year={"type": "string", "pattern": "^[12][0-9]{3}$"},
                         venue=s("venue"), doi=s("doi"))
    content_cap = max(60, int(room * 0.6))
    return {
        "type": "object",
        "properties": {
            "content": {"type": "string", "minLength": min(40, content_cap), "maxLength": content_cap},
            "references": {"type": "array", "maxItems": n_refs,
                           "items": {"type": "object", "properties": ref_props,
                                     "required": list(ref_props)}},
        },
        "required": ["content", "references"],
    }


class SectionReplyParser:
    """:func:`parse_section_reply` with the grammar of its schema for the in-process judge.
    ``max_chars`` keeps the content inside the reply's token budget, so the JSON closes."""

    def __init__(self, task1: bool, max_tokens: int) -> None:
        self.schema = section_reply_schema(task1, max_tokens)
        self._gbnf: str | None = None

    def __call__(self, reply: str) -> SectionReply:
        return parse_section_reply(reply)

    @property
    def gbnf(self) -> str:
        if self._gbnf is None:
            from surveybench.judges.backends import gbnf_from_json_schema

            self._gbnf = gbnf_from_json_schema(self.schema)
        return self._gbnf


_CONTENT_PREFIX = re.compile(r'^\s*(?:```(?:json)?\s*)?\{\s*"content"\s*:\s*"', re.S)


def salvage_content(reply: str) -> str:
    """The prose of a section reply whose JSON envelope was cut short (the reply ran out of
    tokens inside ``content``): the string's text, unescaped as far as it goes."""
    m = _CONTENT_PREFIX.match(reply)
    if not m:
        return reply
    body = reply[m.end():]
    end = re.search(r'(?<!\\)"\s*,\s*"references"', body)
    body = body[: end.start()] if end else body
    try:
        return json.loads('"' + body.rstrip("\\") + '"')
    except json.JSONDecodeError:
        return body.replace("\\n", "\n").replace('\\"', '"')


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
    max_tokens: int | None = None,
    extra: dict[str, Any] | None = None,
    settings: GenerationSettings | None = None,
) -> Any:
    """Outline -> per-subsection content -> linked :class:`Survey` (SurveyGen App. B).
    ``papers=None`` is Task 1 (topic only); otherwise Task 2 with the given papers."""
    cfg = settings or GenerationSettings()
    max_tokens = max_tokens or cfg.max_tokens
    metric = f"generate:{system}"
    log: list[str] = []
    values: dict[str, Any] = {"topic": topic}
    if papers is None:
        outline_prompt, section_prompt = P.SG_OUTLINE_TASK1, P.SG_SECTION_TASK1
    else:
        outline_prompt, section_prompt = P.SG_OUTLINE_TASK2, P.SG_SECTION_TASK2
        values["references_list"] = numbered_paper_list(papers, abstract_chars=cfg.abstract_chars)

    outline_tokens = structured_tokens(max_tokens, "outline", cfg.max_sections)
    outline_parser = SurveyGenOutlineParser(cfg.min_sections, cfg.max_sections, cfg.max_subsections,
                                            outline_tokens)
    j = judge.ask(outline_prompt, values, parse=outline_parser, metric=metric,
                  max_tokens=outline_tokens, temperature=cfg.temperature)
    outline: Outline | None = outline_or_example_titles(j, outline_parser, "outline", log)
    if outline is None:
        raise GenerationError(f"{system}: outline step failed: {j.error}")
    outline_text = outline.as_text()

    leaves = outline.leaves()
    section_values = [
        {**values, "outline": outline_text, "subsection_title": node.title}
        for _, _, node in leaves
    ]
    section_tokens = structured_tokens(max_tokens, "section-task1" if papers is None else "section")
    replies = judge.ask_many(section_prompt, section_values,
                             parse=SectionReplyParser(papers is None, section_tokens),
                             metric=metric, max_tokens=section_tokens, temperature=cfg.temperature)

    registry = CitationRegistry()
    units: dict[tuple[int, int | None], list[Paragraph]] = {}
    for (i, jx, node), rep in zip(leaves, replies, strict=True):
        key = (i, jx)
        if rep.ok:
            sec: SectionReply = rep.value
        elif rep.reply and rep.reply.strip():
            # The model wrote prose instead of the JSON envelope (or ran out of tokens inside
            # it): keep the prose (its ref [k] markers still link in Task 2), and say so.
            log.append(f"unit {node.title!r}: reply not in the JSON format ({rep.error}); "
                       "used as plain text")
            sec = SectionReply(content=salvage_content(rep.reply), references=[])
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


def topic_only(topic: str, judge: Any, *, max_tokens: int | None = None,
               settings: GenerationSettings | None = None) -> Any:
    """SurveyGen Task 1 / "Fully-LLMGen" (§2.1, §3.1): topic in, survey with the model's own
    references out."""
    return write_survey(topic=topic, judge=judge, system="topic-only", papers=None,
                        max_tokens=max_tokens, settings=settings)


def as_retriever(retriever: Any, embedder: Any, candidates: Sequence[Reference] | None,
                 cutoff: str | None) -> Any:
    """The retriever to search: the one given, else the candidates in memory."""
    if retriever is not None:
        return retriever
    return retrieval.MemoryRetriever(candidates or [], embedder, cutoff=cutoff)


def _nonempty(r: Any, cutoff: str | None) -> Any:
    if len(r) == 0:
        raise GenerationError(f"no candidate paper is published before {cutoff}")
    return r


def naive_rag(topic: str, judge: Any, embedder: Any = None,
              candidates: Sequence[Reference] | None = None, *, budget: int = 50,
              cutoff: str | None = None, max_tokens: int | None = None,
              retriever: Any = None, settings: GenerationSettings | None = None) -> Any:
    """Naive-RAG (SurveyGen §3.1): the ``budget`` candidates whose title+abstract embedding is
    most similar to the topic (eq. 1), then Task 2 generation."""
    r = _nonempty(as_retriever(retriever, embedder, candidates, cutoff), cutoff)
    chosen = [ref for ref, _ in r.search(topic, budget)]
    extra = {"retrieval": {**r.describe(), "selected": [c.id for c in chosen]}}
    return write_survey(topic=topic, judge=judge, system="naive-rag", papers=chosen,
                        max_tokens=max_tokens, extra=extra, settings=settings)


def qual_sg_select(
    topic: str,
    judge: Any,
    embedder: Any = None,
    candidates: Sequence[Reference] | None = None,
    *,
    budget: int = 50,
    initial_n: int = 300,
    co_cited_limit: int = 50,
    min_citers: int = 2,
    cutoff: str | None = None,
    weights: qualsg.ImpactWeights = qualsg.ImpactWeights(),
    retriever: Any = None,
    temperature: float = 0.0,
) -> tuple[list[Reference], list[dict[str, Any]]]:
    """QUAL-SG retrieval stage (§2.4, App. C): top ``initial_n`` by similarity, co-citation
    expansion (>= ``min_citers`` citers, at most ``co_cited_limit`` works, with their metadata
    from the index or OpenAlex), then the average rank of topical relevance (LLM judge),
    academic impact and diversity; top ``budget`` kept."""
    r = _nonempty(as_retriever(retriever, embedder, candidates, cutoff), cutoff)
    first = r.search(topic, initial_n)
    selected = [ref for ref, _ in first]
    sims = [s for _, s in first]
    added = r.co_cited(selected, min_citers=min_citers, limit=co_cited_limit) if co_cited_limit else []
    ex = selected + added
    vecs = r.vectors_of(ex)
    qv = np.asarray(r.embedder.encode([topic]))[0]
    sims += [float(v @ qv) for v in vecs[len(selected):]]

    rel = judge.ask_many(
        P.SG_TOPIC_RELEVANCE,
        [{"topic": topic, "title": c.title or c.raw or "", "abstract": c.source_text() or ""}
         for c in ex],
        parse=parse_score_1_to_5, metric="generate:qual-sg:relevance", max_tokens=16,
        temperature=temperature,
    )
    s_t = [float(x.value) if x.ok else None for x in rel]
    as_of = int(cutoff[:4]) if cutoff else _dt.date.today().year
    s_a = qualsg.impact_scores(ex, as_of, weights)
    s_d = qualsg.diversity_scores(vecs)
    keep = qualsg.select_top_k(s_t, s_a, s_d, budget)
    avg = qualsg.average_ranks(s_t, s_a, s_d)
    table = [
        {"id": c.id, "title": c.title, "similarity": float(sims[n]), "co_cited": n >= len(selected),
         "S_t": s_t[n], "S_a": s_a[n], "S_d": s_d[n], "avg_rank": avg[n], "selected": n in keep}
        for n, c in enumerate(ex)
    ]
    return [ex[n] for n in keep], table


def qual_sg(topic: str, judge: Any, embedder: Any = None,
            candidates: Sequence[Reference] | None = None, *, budget: int = 50,
            initial_n: int | None = None, cutoff: str | None = None, max_tokens: int | None = None,
            retriever: Any = None, settings: GenerationSettings | None = None) -> Any:
    """QUAL-SG (SurveyGen §2.4): quality-aware selection, then Task 2 generation."""
    cfg = settings or GenerationSettings()
    r = as_retriever(retriever, embedder, candidates, cutoff)
    weights = qualsg.ImpactWeights(cfg.qualsg_w_citation, cfg.qualsg_w_venue, cfg.qualsg_w_author)
    chosen, table = qual_sg_select(topic, judge, candidates=candidates, budget=budget,
                                   initial_n=initial_n or cfg.qualsg_initial_n,
                                   co_cited_limit=cfg.qualsg_co_cited,
                                   min_citers=cfg.qualsg_min_citers, cutoff=cutoff,
                                   weights=weights, retriever=r, temperature=cfg.temperature)
    extra = {"retrieval": {**r.describe(), "selected": [c.id for c in chosen],
                           "co_cited_added": sum(1 for row in table if row["co_cited"])},
             "qual_sg": table}
    return write_survey(topic=topic, judge=judge, system="qual-sg", papers=chosen,
                        max_tokens=max_tokens, extra=extra, settings=settings)


def human_guided(gold: Any, judge: Any, *, max_tokens: int | None = None,
                 settings: GenerationSettings | None = None) -> Any:
    """SurveyGen Task 3 (§2.1, App. B): the gold survey's outline and, per section, the
    references it cites; each section is written from its own papers with the App. I Task 3
    prompt. Sections without papers get an empty list (the prompt still applies)."""
    from surveybench.baselines.outline import OutlineNode

    cfg = settings or GenerationSettings()
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
         "references_list": numbered_paper_list(papers[s.index], abstract_chars=cfg.abstract_chars)
         or "(none)"}
        for s in content
    ]
    replies = judge.ask_many(P.SG_SECTION_TASK3, values, parse=parse_text, metric=metric,
                             max_tokens=max_tokens or cfg.max_tokens, temperature=cfg.temperature)
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

