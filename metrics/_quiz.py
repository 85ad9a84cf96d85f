"""The parts of weAIDB SurveyBench's quiz-based evaluation below the metric: answering a question
from one survey by retrieval over its chunks, and writing topic-specific questions from the human
survey. Learned from weAIDB/SurveyBench ``src/quiz_based_eval/answer.py`` (``SurveyContextBuilder``)
and ``src/quiz_based_eval/generate_questions.py`` (``MarkdownParser``, ``SurveyQAGenerator``);
reimplemented on the parsed :class:`~surveybench.model.Survey`.

Answering a question (two judge calls and one embedding):

1. the judge picks the relevant headings from the outline (``QUIZ_SELECT_TITLES``); picked
   headings that have text are kept and their sub-headings added;
2. from every *other* heading, its chunks (paragraphs cut at 200 words) closest to the question
   are added as supplements: per heading the top 2 by squared L2 distance d² of the embeddings,
   kept when 1/(1 + d²) ≥ 0.5 (the runner's ``similarity_threshold``), at most 5 in all, best
   first. (The original embeds with OpenAI's unit-length vectors and FAISS ``IndexFlatL2``,
   whose distances are squared; our embedder's vectors are unit length too.)
3. the picked sections' texts and the supplements, in outline order, become ``[Doc-i]``
   documents; the judge answers from them (``QUIZ_ANSWER``); the documents it says it used (all,
   if it names none) are the answer's references.

Specific questions: the human survey's paragraphs (≥ 10 characters, with their heading) are the
segments; each gets the original's 0-1 suitability score (length, formula density, figure
references, substantive wording, complete sentences, list share, word diversity). Segments of at
least 50 characters are tried best first (ties in a fixed order seeded by the topic, where the
original draws at random), one question per call (the runner's ``questions_per_segment=1``), in
strict mode and — after 30% of the attempts, as the original — in relaxed mode, until the target
count or the attempt budget is reached. A pair is kept when it passes the original's checks
(relaxed thresholds, as the original always applies them) and is not a near-duplicate (word
Jaccard ≥ 0.7) of one kept before.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from surveybench.model import Survey

CHUNK_WORDS = 200
SUPPLEMENT_TOP_K, SUPPLEMENT_THRESHOLD, SUPPLEMENT_MAX = 2, 0.5, 5
OUTLINE_HEADER = "文档标题大纲："  # the original's outline header ("document heading outline:")


@dataclass
class Heading:
    title: str
    level: int
    text: str
    chunks: list[str]
    parent: int | None = None
    children: list[int] = field(default_factory=list)


@dataclass
class SurveyIndex:
    """A survey's headings (title first), their texts and chunk embeddings."""

    headings: list[Heading]
    vectors: list[np.ndarray | None]  # per heading, its chunks' unit embeddings

    def outline_text(self) -> str:
        lines = [f"{'  ' * (h.level - 1)}{i}. {h.title}" for i, h in enumerate(self.headings, 1)]
        return OUTLINE_HEADER + "\n" + "\n".join(lines)


def split_chunks(text: str, max_words: int = CHUNK_WORDS) -> list[str]:
    """Paragraphs (blank-line separated) cut into pieces of at most ``max_words`` words."""
    chunks: list[str] = []
    for para in (p.strip() for p in text.split("\n\n")):
        words = para.split()
        chunks.extend(" ".join(words[i:i + max_words]) for i in range(0, len(words), max_words))
    return chunks


def build_index(survey: Survey, embedder: Any) -> SurveyIndex:
    content = survey.content_sections()
    top = min((s.level for s in content), default=1)
    headings = [Heading(survey.title, 1, "", [])]
    for s in content:
        text = s.text()
        headings.append(Heading(s.title, s.level - top + 2, text, split_chunks(text)))
    stack: list[int] = []
    for i, h in enumerate(headings):
        while stack and headings[stack[-1]].level >= h.level:
            stack.pop()
        if stack:
            h.parent = stack[-1]
            headings[stack[-1]].children.append(i)
        stack.append(i)
    flat = [c for h in headings for c in h.chunks]
    encoded = np.asarray(embedder.encode(flat), dtype=np.float32) if flat else np.zeros((0, 1), np.float32)
    vectors: list[np.ndarray | None] = []
    at = 0
    for h in headings:
        vectors.append(encoded[at:at + len(h.chunks)] if h.chunks else None)
        at += len(h.chunks)
    return SurveyIndex(headings, vectors)


def expand_selection(index: SurveyIndex, titles: list[str]) -> list[int]:
    """Headings named by the judge that have chunks, plus all their sub-headings that do, in
    outline order (``_expand_with_sub_titles``)."""
    valid = {i for i, h in enumerate(index.headings) if h.chunks}
    picked = {i for i, h in enumerate(index.headings) if h.title in set(titles) and i in valid}
    todo = list(picked)
    while todo:
        for c in index.headings[todo.pop()].children:
            if c in valid and c not in picked:
                picked.add(c)
                todo.append(c)
    return sorted(picked)


def supplements(index: SurveyIndex, question_vector: np.ndarray, primary: list[int]) -> dict[int, list[tuple[float, str]]]:
    """Per unselected heading, its chunks most similar to the question (see module docstring)."""
    found: list[tuple[float, int, str]] = []
    for i, (h, vecs) in enumerate(zip(index.headings, index.vectors)):
        if i in primary or vecs is None:
            continue
        d2 = ((vecs - question_vector) ** 2).sum(axis=1)
        for k in np.argsort(d2, kind="stable")[:SUPPLEMENT_TOP_K]:
            sim = float(1 / (1 + d2[k]))
            if sim >= SUPPLEMENT_THRESHOLD:
                found.append((sim, i, h.chunks[int(k)]))
    found.sort(key=lambda t: -t[0])
    by_heading: dict[int, list[tuple[float, str]]] = {}
    for sim, i, chunk in found[:SUPPLEMENT_MAX]:
        by_heading.setdefault(i, []).append((sim, chunk))
    return by_heading


def documents(index: SurveyIndex, primary: list[int], extra: dict[int, list[tuple[float, str]]]) -> list[dict[str, str]]:
    """The answer's context documents in outline order (``merge_selected_content_with_outline_order``)."""
    docs = []
    for i, h in enumerate(index.headings):
        if i in primary:
            docs.append({"title": h.title, "text": h.text})
        elif i in extra:
            parts = sorted(extra[i], key=lambda t: -t[0])
            text = parts[0][1] if len(parts) == 1 else "\n\n--- 段落分隔 ---\n\n".join(
                f"[相关度: {sim:.3f}]\n{chunk}" for sim, chunk in parts)
            if text.strip():
                docs.append({"title": h.title, "text": text})
    return docs


def context_text(docs: list[dict[str, str]], budget: int) -> str:
    text = "\n\n".join(f"[Doc-{i}] Title: {d['title']}\nContent: {d['text']}" for i, d in enumerate(docs, 1))
    return text if len(text) <= budget else text[:budget]


def used_references(docs: list[dict[str, str]], used: list[str]) -> list[dict[str, str]]:
    refs = []
    for name in used:
        m = re.fullmatch(r"\s*Doc-(\d+)\s*", name)
        if m and 1 <= int(m.group(1)) <= len(docs):
            d = docs[int(m.group(1)) - 1]
            refs.append({"doc_number": f"Doc-{m.group(1)}", "title": d["title"], "text": d["text"]})
    return refs or [{"doc_number": f"Doc-{i}", "title": d["title"], "text": d["text"]} for i, d in enumerate(docs, 1)]


def references_text(refs: list[dict[str, str]], budget: int) -> str:
    text = "\n".join(f"[{r.get('doc_number', r.get('title', 'N/A'))}] {r.get('text', '')}" for r in refs)
    return text if len(text) <= budget else text[:budget]


# ---- specific questions -------------------------------------------------------------------------

_FORMULA = [r"\$[^$]+\$", r"\\[a-zA-Z]+\{[^}]*\}", r"equation\s*\(\d+\)", r"[=<>≤≥≠±∑∏∫∂∇]+",
            r"\b[a-zA-Z]\s*[=<>]\s*[0-9a-zA-Z]+\b"]
_MEDIA = [r"\bfig(?:ure)?\s*\.?\s*\d+", r"\btable\s*\.?\s*\d+", r"\bimage\s*\.?\s*\d+", r"\bdiagram\s*\.?\s*\d+",
          r"\bgraph\s*\.?\s*\d+", r"see\s+fig(?:ure)?", r"shown\s+in\s+fig(?:ure)?"]
_SUBSTANTIVE = [r"\b(?:method|approach|technique|algorithm|process|procedure)\b",
                r"\b(?:result|finding|conclusion|observation|analysis)\b",
                r"\b(?:advantage|disadvantage|benefit|limitation|challenge)\b",
                r"\b(?:propose|demonstrate|show|prove|indicate|suggest)\b",
                r"\b(?:important|significant|critical|essential|key)\b",
                r"\b(?:because|since|therefore|thus|hence|consequently)\b",
                r"\b(?:however|although|while|whereas|nevertheless)\b"]
_LIST_LINE = re.compile(r"^\s*(?:[•·\-*]|\d+[.)]|[a-zA-Z][.)])\s*")


def suitability(text: str, min_length: int = 100) -> float:
    """The original's 0-1 segment score (``_is_segment_suitable_for_qa``), without its early exits."""
    score = 0.1 if len(text.strip()) >= min_length else 0.0
    formulas = sum(len(re.findall(p, text)) for p in _FORMULA)
    rest = text
    for p in _FORMULA:
        rest = re.sub(p, " ", rest)
    if formulas <= 3 or len(re.sub(r"\s+", " ", rest).strip()) >= 100:
        score += 0.15
    media = sum(len(re.findall(p, text, re.I)) for p in _MEDIA)
    if media <= 2 or len(text.split()) >= 50:
        score += 0.1
    substantive = sum(len(re.findall(p, text, re.I)) for p in _SUBSTANTIVE)
    score += 0.2 if substantive >= 2 else 0.1 if substantive >= 1 else 0.0
    complete = [s for s in re.split(r"[.!?。！？]", text) if len(s.strip()) > 15 and " " in s.strip()]
    score += 0.15 if len(complete) >= 2 else 0.075 if complete else 0.0
    lines = text.split("\n")
    if sum(1 for ln in lines if _LIST_LINE.match(ln.strip())) <= len(lines) * 0.6:
        score += 0.15
    words = text.split()
    if words:
        ratio = len({w.lower() for w in re.findall(r"\b\w+\b", text)}) / len(words)
        score += 0.15 if ratio > 0.7 else 0.1 if ratio > 0.5 else 0.05 if ratio > 0.3 else 0.0
    return round(score, 6)


_KEY_WORDS = ("is are was were has have had will would can could should must may might for because therefore "
              "however moreover furthermore represent represents represented use used we provide provides "
              "provided effort review first").split() + ["in addition"]


def main_sentence(text: str) -> str:
    """The paragraph's central sentence (``extract_main_sentence``, simplified sentence split):
    the first sentence when long and assertive, else the longest when clearly longer."""
    clean = re.sub(r"\s+", " ", re.sub(r"[*_`#]", "", text)).strip()
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", clean) if s.strip()]
    if not sentences:
        return clean[:200]
    first = sentences[0]
    if len(first) > 20 and any(f" {k} " in f" {first.lower()} " for k in _KEY_WORDS):
        return first
    longest = max(sentences, key=len)
    return longest if len(longest) > len(first) * 1.5 else first


@dataclass(frozen=True)
class Segment:
    section: str
    text: str
    center: str
    quality: float


def segments(survey: Survey) -> list[Segment]:
    """Paragraphs of the human survey with at least 50 characters, best suited first (ties in an
    order seeded by the topic)."""
    out = [Segment(s.title, p.text.strip(), main_sentence(p.text), suitability(p.text))
           for s, p in survey.paragraphs() if len(p.text.strip()) >= 50]
    rng = random.Random(int(hashlib.sha256((survey.topic or survey.title).encode()).hexdigest()[:8], 16))
    rng.shuffle(out)
    out.sort(key=lambda seg: -seg.quality)
    return out


_SELF_REFERENCE = [
    r"\bin\s+this\s+(?:paragraph|paper|text|study|article|document|section)\b",
    r"\baccording\s+to\s+(?:this|the)\s+(?:paragraph|paper|text|study|article|document|section)\b",
    r"\bthe\s+(?:paragraph|paper|text|study|article|document|section)\s+(?:states|mentions|discusses|describes|shows|indicates)\b",
    r"\bas\s+(?:mentioned|stated|described|shown|indicated)\s+in\s+(?:this|the)\s+(?:paragraph|paper|text|study|article|document|section)\b",
    r"\bfrom\s+(?:this|the)\s+(?:paragraph|paper|text|study|article|document|section)\b",
    r"\bthe\s+(?:above|following|given|provided)\s+(?:paragraph|text|passage)\b",
    r"\bthe\s+author[s]?\s+(?:state|mention|discuss|describe|show|indicate)\b",
    r"\bthe\s+research(?:ers)?\s+(?:found|discovered|showed|demonstrated)\b",
    r"\bthis\s+(?:paragraph|paper|text|study|article|document|section)\b",
    r"\bthe\s+(?:paragraph|paper|text|study|article|document|section)\b",
    r"\babove\s+(?:paragraph|text|passage|content)\b",
    r"\bmentioned\s+(?:paragraph|paper|text|study|article|document)\b",
]
_VAGUE = [r"\b(?:what|how|why)\s+(?:might|could|may|possibly)\b", r"\b(?:generally|usually|typically|often)\b",
          r"\bwhat\s+do\s+you\s+think\b", r"\bin\s+your\s+opinion\b"]
_STOP = set("the a an and or but in on at to for of with by is are was were be been have has had do does did will "
            "would could should may might can this that these those".split())


def valid_pair(question: str, answer: str, source: str) -> bool:
    """The original's ``_validate_qa_quality`` in relaxed mode (the mode it always applies)."""
    if len(question.strip()) < 8 or len(answer.strip()) < 30:
        return False
    both = f"{question} {answer}".lower()
    if any(re.search(p, both, re.I) for p in _SELF_REFERENCE):
        return False
    if not [s for s in re.split(r"[.!?。！？]", answer) if len(s.strip()) > 15]:
        return False
    if any(re.search(p, question, re.I) for p in _VAGUE):
        return False
    src = set(re.findall(r"\b\w+\b", source.lower())) - _STOP
    ans = set(re.findall(r"\b\w+\b", answer.lower())) - _STOP
    return not src or len(src & ans) / len(src) >= 0.1


def similar(q1: str, q2: str, threshold: float = 0.7) -> bool:
    a, b = set(re.findall(r"\b\w+\b", q1.lower())), set(re.findall(r"\b\w+\b", q2.lower()))
    return bool(a and b) and len(a & b) / len(a | b) >= threshold
