"""Key Point Recall, KPR (SurveyGen §3.2 and App. D.1, after Long²RAG, Qi et al. 2024).

The judge extracts key points H_1..H_n from each content section of the human-written survey
(one call per section with at least 200 characters of text, its first ``kpr_section_chars``
characters (default 12,000), at most ``kpr_max_points`` (default 5) key points each; replies go
through the judge cache, so a re-run asks nothing), then
checks each key point against the generated survey G with a yes/no question:

    KPR = (1/n) Σ_i 1[H_i is present in G]

Long generated surveys: G is split into chunks of whole paragraphs of at most
``kpr_chunk_chars`` characters (option, default 12,000 ≈ 3k tokens). When G fits in one chunk,
each key point is one call. Otherwise the chunks are ordered per key point — by cosine
similarity to the key point when an ``embedder`` is configured (then at most ``kpr_top_k``,
default 3, chunks are asked), else in document order (all chunks) — and asked round by round
with early stop: a key point found present is not asked again. A key point is missing when every
chunk asked said no; when an answer failed and none said yes it is left out of KPR and the
failure recorded. ``details["missing"]`` lists the key points not found. With a panel, the first
judge extracts and checks (``details["judge"]``).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from surveybench.metrics._judging import JudgedMetric, mean_known
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, higher, register
from surveybench.model import Survey

log = logging.getLogger(__name__)

NAME = "key_point_recall"
DEFAULT_CHUNK_CHARS = 12_000
DEFAULT_SECTION_CHARS = 12_000
DEFAULT_MAX_POINTS = 5
DEFAULT_TOP_K = 3
MIN_SECTION_CHARS = 200  # headings-only or one-line sections hold no key point worth checking


def parse_key_points(reply: str) -> list[str]:
    """The JSON list of key point strings in the reply; ParseError otherwise (never an empty guess)."""
    from surveybench.judges.types import ParseError

    if not reply or not reply.strip():
        raise ParseError("empty reply")
    fenced = re.findall(r"```(?:json)?\s*(.*?)```", reply, re.S)
    text = fenced[0] if fenced else reply
    start, end = text.find("["), text.rfind("]")
    if start < 0 or end < start:
        raise ParseError(f"no JSON list in reply: {reply[:120]!r}")
    try:
        items = json.loads(text[start : end + 1])
    except json.JSONDecodeError as exc:
        raise ParseError(f"invalid JSON list ({exc}): {reply[:120]!r}") from None
    if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
        raise ParseError(f"not a list of strings: {reply[:120]!r}")
    points = [" ".join(x.split()) for x in items if x.strip()]
    if not points:
        raise ParseError(f"empty key point list: {reply[:120]!r}")
    return points


def kpr(found: Sequence[bool | None]) -> float | None:
    """Share of key points present; undetermined (None) ones are left out of both counts."""
    return mean_known(found)


def search_key_points(
    chunk_order: Sequence[Sequence[int]],
    oracle: Callable[[Sequence[tuple[int, int]]], Sequence[bool | None]],
) -> tuple[list[bool | None], list[int | None], int]:
    """Ask (key point, chunk) pairs round by round, stopping for a key point at its first yes.

    ``chunk_order[i]`` lists the chunks to try for key point i, best first. Returns per key point
    True/False/None (None: no yes and at least one failed answer), the chunk where it was found,
    and the number of questions asked.
    """
    n = len(chunk_order)
    found: list[bool | None] = [False] * n
    where: list[int | None] = [None] * n
    failed = [False] * n
    asked = 0
    rounds = max((len(o) for o in chunk_order), default=0)
    for r in range(rounds):
        batch = [(i, chunk_order[i][r]) for i in range(n) if found[i] is not True and r < len(chunk_order[i])]
        if not batch:
            break
        answers = list(oracle(batch))
        asked += len(batch)
        for (i, c), a in zip(batch, answers):
            if a is True:
                found[i], where[i] = True, c
            elif a is None:
                failed[i] = True
    for i in range(n):
        if found[i] is not True and (failed[i] or not chunk_order[i]):
            found[i] = None
    return found, where, asked


def chunk_paragraphs(paragraphs: Sequence[str], max_chars: int) -> list[str]:
    """Whole paragraphs packed greedily into chunks of at most ``max_chars`` (a longer paragraph
    becomes a chunk of its own, cut at ``max_chars``)."""
    chunks: list[str] = []
    cur: list[str] = []
    size = 0
    for p in paragraphs:
        p = p.strip()
        if not p:
            continue
        if cur and size + len(p) + 2 > max_chars:
            chunks.append("\n\n".join(cur))
            cur, size = [], 0
        cur.append(p[:max_chars])
        size += len(cur[-1]) + 2
    if cur:
        chunks.append("\n\n".join(cur))
    return chunks


def _survey_paragraphs(survey: Survey) -> list[str]:
    out = [survey.title]
    for s in survey.sections:
        if not s.is_content:
            continue
        out.append(s.title)
        out.extend(p.text for p in s.paragraphs)
    return out


def _rank_chunks(ctx: MetricContext, points: list[str], chunks: list[str], top_k: int) -> tuple[list[list[int]] | None, str]:
    """Per key point, the ``top_k`` chunks most similar to it; (None, why) if the embedder fails."""
    import numpy as np

    try:
        emb = ctx.get("embedder")
        sims = np.asarray(emb.encode(points)) @ np.asarray(emb.encode(chunks)).T
    except Exception as exc:  # noqa: BLE001 - no embedder: fall back to document order, say so
        why = f"embedder unavailable: {type(exc).__name__}: {str(exc)[:160]}"
        # in the log too: the fallback asks other (chunk, key point) pairs than a ranked run
        log.warning("key_point_recall: %s; chunks in document order", why)
        return None, why
    order = [[int(c) for c in np.argsort(-row, kind="stable")[:top_k]] for row in sims]
    return order, f"top-{top_k} chunks by embedding similarity, early stop"


@dataclass
class _Point:
    section: str
    text: str


class KeyPointRecall(JudgedMetric):
    whole_panel = False  # one judge extracts and checks the key points; a panel lends its first
    name = NAME
    description = "Share of the key points of the human survey (extracted per section by an LLM) that the generated survey covers"
    paper = "SurveyGen §3.2, App. D.1 (after Long²RAG)"
    requires = frozenset({"judge"})
    spec = MetricSpec(
        version="1",
        scores=(higher("kpr", "share of the human survey's key points that the generated survey covers"),),
        options=(
            Option("kpr_max_points", int, DEFAULT_MAX_POINTS, "key points extracted per human section"),
            Option("kpr_section_chars", int, DEFAULT_SECTION_CHARS, "characters of a human section shown to the judge"),
            Option("kpr_chunk_chars", int, DEFAULT_CHUNK_CHARS, "characters per chunk of the generated survey"),
            Option("kpr_top_k", int, DEFAULT_TOP_K, "chunks checked first per key point, by embedding similarity"),
        ),
    )

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, judges: list[Any]) -> MetricResult:
        from surveybench.metrics._judging import failure
        from surveybench.judges.parsing import parse_yes_no
        from surveybench.prompts.judging import KEY_POINT_CHECK, KEY_POINT_EXTRACT

        judge = judges[0]
        opts = ctx.options
        max_points = int(opts.get("kpr_max_points", DEFAULT_MAX_POINTS))
        section_chars = int(opts.get("kpr_section_chars", DEFAULT_SECTION_CHARS))
        chunk_chars = int(opts.get("kpr_chunk_chars", DEFAULT_CHUNK_CHARS))
        top_k = int(opts.get("kpr_top_k", DEFAULT_TOP_K))
        topic = reference.topic or reference.title
        failures: list[dict[str, Any]] = []

        # 1. key points of the human survey, per content section (cached by the judge).
        sections = [s for s in reference.content_sections() if len(s.text().strip()) >= MIN_SECTION_CHARS]
        values = [
            {"topic": topic, "section_title": s.title, "section_text": s.text()[:section_chars], "max_points": max_points}
            for s in sections
        ]
        extracted = judge.ask_many(KEY_POINT_EXTRACT, values, parse=parse_key_points, metric=NAME)
        points: list[_Point] = []
        for s, j in zip(sections, extracted):
            if j.ok:
                points.extend(_Point(s.title, t) for t in j.value[:max_points])
            else:
                failures.append(failure(j, stage="extract", section=s.title))

        # 2. check each against the generated survey, chunked when long. A key point stated in
        # several sections is checked once.
        texts = list(dict.fromkeys(p.text for p in points))
        chunks = chunk_paragraphs(_survey_paragraphs(candidate), chunk_chars)
        strategy = "whole survey"
        order: list[list[int]] | None = None
        if len(chunks) <= 1:
            order = [[0] if chunks else [] for _ in texts]
        elif ctx.has("embedder") and texts:
            order, strategy = _rank_chunks(ctx, texts, chunks, top_k)
        if order is None:
            strategy = "all chunks in document order, early stop" + (f" ({strategy})" if strategy != "whole survey" else "")
            order = [list(range(len(chunks))) for _ in texts]

        def oracle(batch: Sequence[tuple[int, int]]) -> list[bool | None]:
            vals = [{"survey": chunks[c], "key_point": texts[i]} for i, c in batch]
            js = judge.ask_many(KEY_POINT_CHECK, vals, parse=parse_yes_no, metric=NAME)
            for (i, c), j in zip(batch, js):
                if not j.ok:
                    failures.append(failure(j, stage="check", key_point=texts[i], chunk=c))
            return [j.value if j.ok else None for j in js]

        found_u, where_u, asked = search_key_points(order, oracle)
        index = {t: i for i, t in enumerate(texts)}
        found = [found_u[index[p.text]] for p in points]
        where = [where_u[index[p.text]] for p in points]
        score = kpr(found)
        return MetricResult(
            metric=NAME,
            scores={"kpr": score},
            details={
                "judge": judge.name,
                "key_points": len(points),
                "present": sum(f is True for f in found),
                "missing_count": sum(f is False for f in found),
                "undetermined": sum(f is None for f in found),
                # KPR is over the key points with an answer; undetermined ones show as used < of
                "parts": {"kpr": {"used": sum(f is not None for f in found), "of": len(points)}},
                "sections_asked": len(sections),
                "sections_cut": [s.title for s in sections if len(s.text()) > section_chars],
                "chunks": len(chunks),
                "chunk_strategy": strategy,
                "check_questions": asked,
                "missing": [{"section": p.section, "key_point": p.text} for p, f in zip(points, found) if f is False],
                "found": [
                    {"section": p.section, "key_point": p.text, "chunk": w}
                    for p, f, w in zip(points, found, where) if f is True
                ],
            },
            failures=failures,
        )


register(KeyPointRecall())
