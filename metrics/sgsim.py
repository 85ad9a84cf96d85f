"""SGSimEval: outline, content and reference scores, and their similarity-adjusted versions.

Definitions: SGSimEval (Guo et al., 2025; github.com/TechnicolorGUO/SGSimEval), prompts verbatim
in :mod:`surveybench.prompts.sgsimeval`. Each survey (generated G, and the human survey H of the
same topic, scored by the same judge) gets, from ``scripts/evaluate.py``:

- ``outline`` 1-5: one judgement of the heading list (``evaluate_outline_llm``; the outline is
  the ``[level, title]`` pairs, one JSON array per line, title first at level 1).
- ``content`` 1-5: the mean of Coverage, Structure, Relevance, Language and Criticalness, all
  judged in one call on the text before the references (``evaluate_content_llm_simultaneous``;
  ``scripts/plot.py`` combines the five into Content by their mean).
- ``reference`` 1-5: one judgement of the reference list (``evaluate_reference_llm``).
- ``outline_structure`` 0-100 (``evaluate_outline_structure``): for every heading with
  sub-headings the judge marks each child as a necessary subtopic (Yes/No); node score
  s_p = yes/children; weight w_p = (D − depth_p + 1)/D with D the deepest level;
  ``outline_structure = round(Σ w_p s_p / Σ w_p × 100, 4)`` (100 when no heading has children).
- ``faithfulness`` 0-100 (``evaluate_content_faithfulness``): per sentence with citations, the
  judge counts its citations (``total``) and those the cited references support
  (``supported``); ``round(Σ supported / Σ total, 4) × 100``.
- ``reference_quality`` 0-100 (``evaluate_reference_quality``): references in batches of 20,
  the judge counts how many strongly support the topic; ``round(Σ supported / Σ total × 100, 2)``.

Similarities (``scripts/cal_similarity.py`` ``cal_similarity``), by the embedder: each outline
path of G (root-to-leaf heading paths joined by " > ", paths of ≤2 headings dropped, leaves of
one parent merged: ``build_outline_tree_from_levels``), each content section of G (text split at
lines starting with "#") and each reference string of G is matched to its most similar item of
H; the top 5 (outline), 5 (content) and 20 (reference) matches are averaged: s_O, s_C, s_R.

Adjustments (``calculate_and_update_similarity_scores_new``), for x a score of G with its
similarity s (s_O for outline and outline_structure, s_C for content and faithfulness, s_R for
reference and reference_quality) and x_H the human survey's score:

    balanced        x_sim    = (1 − s)·x + s·x_H
    human-perfect   x_sim_hp = (1 − s)·x + s·M        (M = 5 for 1-5 scores, 100 for 0-100)

Script vs. paper, and what we follow: the script takes similarity = 1 − Chroma distance, and
Chroma's default distance is the *squared* L2 distance, which for unit vectors is 2·cos − 1 and
can go negative; the paper speaks of semantic (cosine) similarity. We use cosine by default and
reproduce the script with ``sgsim_similarity="script"``. The script turns any failed judgement
into a 0 and later fills zeros with the system's average; we leave failed judgements out and
report them. It asks an LLM to re-level an outline whose headings all share one level; our
readers give levels from the section numbering, so that step is not needed. Faithfulness reads
(sentence, references) pairs from a CSV made elsewhere; we take every sentence with a citation
marker and the references its markers resolve to (``sgsim_max_sentences`` caps how many, first
ones first; default all).

Cost and options. Judged in full, a survey costs one call per cited sentence (hundreds on the
development set) and per heading with sub-headings, per 20 references, plus three whole-text
calls; the human survey's calls repeat for every system and are answered by the judge cache.
Cheaper runs, each a typed option recorded with the results: ``sgsim_max_sentences`` (first n
cited sentences), ``sgsim_max_references`` (reference quality of the first n references),
``sgsim_max_parents`` (outline structure of the first n headings with sub-headings; the score
is the same weighted mean over the headings judged, ``details`` says how many of how many),
``sgsim_max_chars`` (outline, text and reference list cut to n characters per prompt, as a
judge's context would cut them). The outline-structure prompt puts its instructions before the
parent/children block (prompt v2, the text unchanged), so a local judge evaluates them once per
topic and each further call costs only its own headings.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from surveybench.metrics._judging import JudgedMetric, failure, mean_known
from surveybench.metrics._weaidb import clip, document_text, text_budget
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, higher, register
from surveybench.model import Survey

NAME = "sgsim"
CONTENT_CRITERIA = ("Coverage", "Structure", "Relevance", "Language", "Criticalness")
TOP_N = {"outline": 5, "content": 5, "reference": 20}  # cal_similarity defaults
REFERENCE_BATCH = 20  # evaluate_reference_quality batch_size
UNLIMITED = 10**9
LIKERT = ("outline", "content", "reference")  # 1-5
PERCENT = ("outline_structure", "faithfulness", "reference_quality")  # 0-100
SIMILARITY_OF = {"outline": "outline", "outline_structure": "outline", "content": "content",
                 "faithfulness": "content", "reference": "reference", "reference_quality": "reference"}


# ---- the formulas ------------------------------------------------------------------------------

def balanced(score: float | None, human_score: float | None, similarity: float | None) -> float | None:
    """SGSimEval-B: ``(1 − s)·x + s·x_H``."""
    if score is None or human_score is None or similarity is None:
        return None
    return (1 - similarity) * score + similarity * human_score


def human_perfect(score: float | None, similarity: float | None, perfect: float) -> float | None:
    """SGSimEval-HP: ``(1 − s)·x + s·M`` with M the scale's maximum (5 or 100)."""
    if score is None or similarity is None:
        return None
    return (1 - similarity) * score + similarity * perfect


def top_n_mean(similarities: Sequence[float], n: int) -> float | None:
    """Mean of the ``n`` largest best-match similarities (``sorted(..., reverse=True)[:n]``)."""
    top = sorted(similarities, reverse=True)[:n]
    return sum(top) / len(top) if top else None


def outline_structure_score(nodes: Sequence[tuple[int, float]], max_depth: int) -> float:
    """``round(Σ w·s / Σ w × 100, 4)`` over (depth, node score) pairs, w = (D − depth + 1)/D;
    100.0 when there is no node to judge."""
    if not nodes:
        return 100.0
    weights = [(max_depth - depth + 1) / max_depth for depth, _ in nodes]
    return round(sum(w * s for w, (_, s) in zip(weights, nodes)) / sum(weights) * 100, 4)


def share_score(supported: float, total: float, digits: int) -> float:
    """``supported / total`` as a percentage, rounded as the script rounds (faithfulness rounds
    the ratio to 4 digits before × 100; reference quality rounds the percentage to 2)."""
    if total <= 0:
        return 0.0
    return round(supported / total, 4) * 100 if digits == 4 else round(supported / total * 100, 2)


# ---- survey decomposition ------------------------------------------------------------------------

def outline_pairs(survey: Survey) -> list[tuple[int, str]]:
    """``[level, title]`` pairs: the title at level 1, content headings one level below their own."""
    content = survey.content_sections()
    top = min((s.level for s in content), default=1)
    pairs = [(1, survey.title)]
    for s in content:
        label = f"{s.number} {s.title}" if s.number and not s.title.startswith(s.number) else s.title
        pairs.append((s.level - top + 2, label))
    return pairs


def _tree(pairs: Sequence[tuple[int, str]]) -> tuple[list[int | None], list[list[int]]]:
    parent: list[int | None] = [None] * len(pairs)
    children: list[list[int]] = [[] for _ in pairs]
    stack: list[int] = []
    for i, (level, _) in enumerate(pairs):
        while stack and pairs[stack[-1]][0] >= level:
            stack.pop()
        if stack:
            parent[i] = stack[-1]
            children[stack[-1]].append(i)
        stack.append(i)
    return parent, children


def outline_paths(pairs: Sequence[tuple[int, str]], topic: str) -> list[str]:
    """Root-to-leaf heading paths (cal_similarity ``build_outline_tree_from_levels``): a topic
    root when there is not exactly one level-1 heading; paths of ≤2 headings dropped; leaves
    sharing a parent path merged into one path; each joined by " > "."""
    pairs = list(pairs)
    if sum(1 for level, _ in pairs if level == 1) != 1:
        pairs = [(1, topic)] + [(level + 1, title) for level, title in pairs]
    parent, children = _tree(pairs)
    paths: list[list[str]] = []

    def walk(i: int, prefix: list[str]) -> None:
        path = prefix + [pairs[i][1]]
        if not children[i]:
            paths.append(path)
        for c in children[i]:
            walk(c, path)

    for i, p in enumerate(parent):
        if p is None:
            walk(i, [])
    grouped: dict[tuple[str, ...], list[list[str]]] = {}
    for path in paths:
        if len(path) > 2:
            grouped.setdefault(tuple(path[:-1]), []).append(path)
    merged = [list(k) + [p[-1] for p in group] if len(group) > 1 else group[0] for k, group in grouped.items()]
    return [" > ".join(p) for p in merged]


def content_sections(text: str) -> list[str]:
    """The text split before every line starting with "#" (cal_content_embedding)."""
    sections: list[str] = []
    current: list[str] = []
    for line in text.split("\n"):
        if line.startswith("#") and current:
            sections.append("\n".join(current))
            current = []
        current.append(line)
    if current:
        sections.append("\n".join(current))
    return sections


def reference_strings(survey: Survey) -> list[str]:
    return [r.raw or r.title or "" for r in survey.references if (r.raw or r.title)]


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\[(])")


def cited_sentences(survey: Survey) -> list[tuple[str, list[str]]]:
    """(sentence, the reference strings its citation markers resolve to) for every sentence of a
    content paragraph that holds a citation marker."""
    refs = survey.reference_map()
    out: list[tuple[str, list[str]]] = []
    for _, para in survey.paragraphs():
        if not para.citations:
            continue
        start = 0
        bounds = [m.end() for m in _SENTENCE_END.finditer(para.text)] + [len(para.text)]
        for end in bounds:
            marks = [c for c in para.citations if c.start is not None and start <= c.start < end]
            if marks:
                ids = dict.fromkeys(rid for c in marks for rid in c.ref_ids)
                texts = [refs[i].raw or refs[i].title or i for i in ids if i in refs]
                out.append((para.text[start:end].strip(), [t for t in texts if t]))
            start = end
    return out


def similarity_matrix(embedder: Any, items: list[str], human: list[str], kind: str) -> list[float]:
    """Best-match similarity of each item to the human items: cosine, or the script's
    ``1 − squared L2`` (= 2·cos − 1 on the embedder's unit vectors)."""
    if not items or not human:
        return []
    a = np.asarray(embedder.encode(items), dtype=np.float64)
    b = np.asarray(embedder.encode(human), dtype=np.float64)
    a /= np.linalg.norm(a, axis=1, keepdims=True).clip(min=1e-12)
    b /= np.linalg.norm(b, axis=1, keepdims=True).clip(min=1e-12)
    cos = a @ b.T
    best = cos.max(axis=1)
    return [float(2 * c - 1) if kind == "script" else float(c) for c in best]


# ---- judging ----------------------------------------------------------------------------------------

def judge_survey(judge: Any, survey: Survey, topic: str, *, budget: int, max_sentences: int | None,
                 role: str, max_references: int | None = None, max_parents: int | None = None
                 ) -> tuple[dict[str, float | None], dict[str, Any], list[dict[str, Any]]]:
    """SGSimEval's six base scores of one survey, with details and failures."""
    from surveybench.metrics._reply_parsers import json_scores, parse_children
    from surveybench.prompts import sgsimeval as P

    failures: list[dict[str, Any]] = []
    details: dict[str, Any] = {}
    scores: dict[str, float | None] = {}

    def note(j: Any, **where: Any) -> None:
        if not j.ok:
            failures.append(failure(j, survey=role, **where))

    pairs = outline_pairs(survey)
    outline_text = "\n".join(json.dumps([lvl, t], ensure_ascii=False) for lvl, t in pairs)
    content, _ = clip(document_text(survey), budget)
    refs = reference_strings(survey)
    ref_text, _ = clip("\n".join(refs), budget)
    with ThreadPoolExecutor(max_workers=3) as pool:
        f_outline = pool.submit(judge.ask, P.OUTLINE, {"topic": topic, "outline": clip(outline_text, budget)[0]},
                                parse=json_scores("Outline", low=1, high=5), metric=NAME)
        f_content = pool.submit(judge.ask, P.CONTENT, {"topic": topic, "content": content},
                                parse=json_scores(*CONTENT_CRITERIA, low=1, high=5), metric=NAME)
        f_ref = pool.submit(judge.ask, P.REFERENCE, {"topic": topic, "reference": ref_text},
                            parse=json_scores("Reference", low=1, high=5), metric=NAME) if refs else None
    j = f_outline.result()
    note(j, score="outline")
    scores["outline"] = j.value["Outline"] if j.ok else None
    j = f_content.result()
    note(j, score="content")
    details["content_criteria"] = dict(j.value) if j.ok else None
    scores["content"] = mean_known([j.value[c] for c in CONTENT_CRITERIA]) if j.ok else None
    if f_ref is None:
        scores["reference"] = None
        details["reference"] = "no references"
    else:
        j = f_ref.result()
        note(j, score="reference")
        scores["reference"] = j.value["Reference"] if j.ok else None

    # outline structure: every heading with children
    parent, children = _tree(pairs)
    parents = [i for i, ch in enumerate(children) if ch]
    with_children = len(parents)
    if max_parents is not None:
        parents = parents[:max_parents]  # the first n in outline order; the score is over those judged
    max_depth = max((lvl for lvl, _ in pairs), default=1)
    asks = [{"topic": topic, "parent_index": i, "parent_title": pairs[i][1],
             "children_list": "\n".join(f"  - Index: {c}, Title: {pairs[c][1]}" for c in children[i])}
            for i in parents]
    nodes: list[tuple[int, float]] = []
    for i, j in zip(parents, judge.ask_many(P.OUTLINE_STRUCTURE, asks, parse=parse_children, metric=NAME)):
        note(j, score="outline_structure", node=pairs[i][1])
        if j.ok:
            yes = sum(1 for c in j.value if str(c.get("is_included", "")).lower() == "yes")
            nodes.append((pairs[i][0], yes / len(j.value) if j.value else 1.0))
    judged_all = len(nodes) == len(parents)
    scores["outline_structure"] = outline_structure_score(nodes, max_depth) if (nodes or not parents) else None
    details["outline_structure_nodes"] = {"judged": len(nodes), "asked": len(parents), "of": with_children,
                                          "complete": judged_all}

    # faithfulness: sentences with citations
    sentences = cited_sentences(survey)
    if max_sentences is not None:
        sentences = sentences[:max_sentences]
    counted = _counts(judge, P.FAITHFULNESS, [
        {"topic": topic, "sentence": s, "references": "\n".join(r)} for s, r in sentences], note, "faithfulness")
    scores["faithfulness"] = share_score(*counted, digits=4) if counted[1] > 0 else None
    details["faithfulness_counts"] = {"supported": counted[0], "total": counted[1], "sentences": len(sentences)}

    # reference quality: batches of 20
    judged_refs = refs if max_references is None else refs[:max_references]
    batches = [judged_refs[i:i + REFERENCE_BATCH] for i in range(0, len(judged_refs), REFERENCE_BATCH)]
    counted = _counts(judge, P.REFERENCE_QUALITY, [
        {"topic": topic, "references": "\n".join(b)} for b in batches], note, "reference_quality")
    scores["reference_quality"] = share_score(*counted, digits=2) if counted[1] > 0 else None
    details["reference_quality_counts"] = {"supported": counted[0], "total": counted[1], "batches": len(batches),
                                           "references_judged": len(judged_refs), "references": len(refs)}
    return scores, details, failures


def _counts(judge: Any, prompt: Any, asks: list[dict[str, Any]], note: Any, score: str) -> tuple[float, float]:
    from surveybench.metrics._reply_parsers import json_scores

    supported = total = 0.0
    parse = json_scores("total", "supported", low=0, high=math.inf)
    for k, j in enumerate(judge.ask_many(prompt, asks, parse=parse, metric=NAME) if asks else []):
        note(j, score=score, item=k)
        if j.ok:
            total += int(j.value["total"])
            supported += int(j.value["supported"])
    return supported, total


class SGSim(JudgedMetric):
    name = NAME
    description = ("SGSimEval: outline, content and reference scores by an LLM judge, and their balanced and "
                   "human-perfect adjustments by embedding similarity to the human survey")
    paper = "SGSimEval (Guo et al., 2025) scripts/evaluate.py, scripts/cal_similarity.py"
    requires = frozenset({"judge", "embedder"})
    whole_panel = False
    spec = MetricSpec(
        version="3",  # 2: OUTLINE_STRUCTURE prompt v2 (instructions before the parent/children block); 3: an empty children list is no answer
        scores=(
            higher("outline", "judge score 1-5 of the heading list (SGSimEval Outline)", 1.0, 5.0),
            higher("content", "mean of the judge's 1-5 Coverage, Structure, Relevance, Language, Criticalness", 1.0, 5.0),
            higher("reference", "judge score 1-5 of the reference list's relevance and formatting", 1.0, 5.0),
            higher("outline_structure", "0-100: depth-weighted share of sub-headings the judge finds necessary", 0.0, 100.0),
            higher("faithfulness", "0-100: share of in-text citations the cited references support", 0.0, 100.0),
            higher("reference_quality", "0-100: share of references that strongly support the topic", 0.0, 100.0),
            *(higher(f"{k}_sim", f"balanced: (1-s)*{k} + s*(human survey's {k}), s = similarity to the human survey",
                     0.0, 5.0 if k in LIKERT else 100.0) for k in (*LIKERT, *PERCENT)),
            *(higher(f"{k}_sim_hp", f"human-perfect: (1-s)*{k} + s*{5 if k in LIKERT else 100}",
                     0.0, 5.0 if k in LIKERT else 100.0) for k in (*LIKERT, *PERCENT)),
            higher("similarity_outline", "mean of the top-5 best-match similarities of outline paths to the human ones", -1.0, 1.0),
            higher("similarity_content", "mean of the top-5 best-match similarities of content sections", -1.0, 1.0),
            higher("similarity_reference", "mean of the top-20 best-match similarities of reference strings", -1.0, 1.0),
        ),
        options=(
            Option("sgsim_similarity", str, "cosine",
                   "cosine (the paper) or script (1 - squared L2 as the script's Chroma query gives)", ("cosine", "script")),
            Option("sgsim_max_sentences", int, None, "judge at most this many cited sentences for faithfulness (default: all)",
                   minimum=0),
            Option("sgsim_max_chars", int, None,
                   "at most this many characters of outline, survey text or reference list per prompt (default: "
                   "whole texts as the script sends them, or what a local judge's context holds)", minimum=500),
            Option("sgsim_max_references", int, None,
                   "judge the reference quality of at most the first n references (batches of 20; default: all)",
                   minimum=1),
            Option("sgsim_max_parents", int, None,
                   "judge the outline structure of at most the first n headings with sub-headings, in outline "
                   "order (one call each; default: all)", minimum=1),
        ),
    )

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, judging: Any) -> MetricResult:
        judge = judging[0]
        kind = self.spec.option("sgsim_similarity").check(ctx.options.get("sgsim_similarity", "cosine"))  # type: ignore[union-attr]
        max_sentences = self.spec.option("sgsim_max_sentences").check(ctx.options.get("sgsim_max_sentences"))  # type: ignore[union-attr]
        max_chars = self.spec.option("sgsim_max_chars").check(ctx.options.get("sgsim_max_chars"))  # type: ignore[union-attr]
        max_refs = self.spec.option("sgsim_max_references").check(ctx.options.get("sgsim_max_references"))  # type: ignore[union-attr]
        max_parents = self.spec.option("sgsim_max_parents").check(ctx.options.get("sgsim_max_parents"))  # type: ignore[union-attr]
        topic = candidate.topic or reference.topic or reference.title
        budget = text_budget([judge], UNLIMITED)  # the script sends whole texts
        if max_chars is not None:
            budget = min(budget, max_chars)
        mine, my_details, failures = judge_survey(judge, candidate, topic, budget=budget,
                                                  max_sentences=max_sentences, role="generated",
                                                  max_references=max_refs, max_parents=max_parents)
        human, human_details, human_failures = judge_survey(judge, reference, topic, budget=budget,
                                                            max_sentences=max_sentences, role="human",
                                                            max_references=max_refs, max_parents=max_parents)
        embedder = ctx.get("embedder")
        sims = {
            "outline": top_n_mean(similarity_matrix(
                embedder, outline_paths(outline_pairs(candidate), topic),
                outline_paths(outline_pairs(reference), topic), kind), TOP_N["outline"]),
            "content": top_n_mean(similarity_matrix(
                embedder, content_sections(document_text(candidate)), content_sections(document_text(reference)), kind),
                TOP_N["content"]),
            "reference": top_n_mean(similarity_matrix(
                embedder, reference_strings(candidate), reference_strings(reference), kind), TOP_N["reference"]),
        }
        scores: dict[str, float | None] = dict(mine)
        for key in (*LIKERT, *PERCENT):
            s = sims[SIMILARITY_OF[key]]
            scores[f"{key}_sim"] = balanced(mine[key], human[key], s)
            scores[f"{key}_sim_hp"] = human_perfect(mine[key], s, 5.0 if key in LIKERT else 100.0)
        scores.update({f"similarity_{k}": v for k, v in sims.items()})
        # a score with no number says why (never a silent gap)
        nothing = {  # what each similarity compares, and why there can be nothing
            "outline": "no outline path of three or more headings in one of the two surveys (cal_similarity "
                       "drops shorter paths)",
            "content": "no content section in one of the two surveys",
            "reference": "no reference in one of the two surveys",
        }
        reasons: dict[str, str] = {f"similarity_{k}": nothing[k] for k, v in sims.items() if v is None}
        for key in (*LIKERT, *PERCENT):
            if mine.get(key) is None:
                why = (f"no {key} judgement: no cited sentence was judged (no citation markers, or "
                       "sgsim_max_sentences=0)" if key == "faithfulness" else f"no {key} judgement")
                for name in (key, f"{key}_sim", f"{key}_sim_hp"):
                    reasons[name] = why
                continue
            sim = SIMILARITY_OF[key]
            if sims[sim] is None:
                for name in (f"{key}_sim", f"{key}_sim_hp"):
                    reasons[name] = f"no {sim} similarity: {nothing[sim]}"
            elif human.get(key) is None:
                reasons[f"{key}_sim"] = f"the human survey has no {key} score to balance against"
        return MetricResult(
            NAME, scores,
            {"human_scores": human, "generated": my_details, "human": human_details,
             "similarity": kind, "top_n": TOP_N,
             "embedding_model": getattr(embedder, "model_id", None),
             "reasons": {k: v for k, v in reasons.items() if scores.get(k) is None}},
            failures=failures + human_failures,
        )


register(SGSim())
