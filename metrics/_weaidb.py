"""What weAIDB SurveyBench's content-based metrics share: the survey renderings its scripts send
to the judge, and asking one 1-5 prompt per criterion of every judge.

Renderings (weAIDB/SurveyBench ``src/content_based_eval/``), rebuilt from the parsed
:class:`~surveybench.model.Survey` rather than re-parsing Markdown:

- *outline* (``eval_outline.py`` ``extract_outline_from_md``): numbered headings below the title,
  one per line, ``"{number} {title}"`` indented four spaces per level below the top. The script
  keeps only headings with a printed number; a survey whose headings carry no numbers would give
  an empty outline there, so we then list every content heading (documented deviation).
- *document* (``eval_content.py`` ``drop_ref``): the survey before its reference list — title,
  headings and paragraphs as Markdown.
- *chapters* (``eval_content.py`` ``extract_sections_from_md``): each numbered top-level section
  with everything under it (sub-sections included), kept only when its content is longer than
  2,000 characters; its title is ``"{number} {title}"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from surveybench.metrics._judging import failure, mean_known
from surveybench.model import Section, Survey

CHAPTER_MIN_CHARS = 2000  # extract_sections_from_md keeps sections with len(content) > 2000


def _top_level(survey: Survey) -> int:
    return min((s.level for s in survey.content_sections()), default=1)


def weaidb_outline(survey: Survey) -> str:
    """The outline as ``extract_outline_from_md`` prints it (see module docstring)."""
    content = survey.content_sections()
    numbered = [s for s in content if s.number]
    chosen = numbered or content
    top = min((s.level for s in chosen), default=1)
    lines = []
    for s in chosen:
        label = f"{s.number} {s.title}" if s.number and not s.title.startswith(s.number) else s.title
        lines.append("    " * max(0, s.level - top) + label)
    return "\n".join(lines)


def _heading(section: Section, top: int) -> str:
    number = f"{section.number} " if section.number and not section.title.startswith(section.number) else ""
    return "#" * min(6, section.level - top + 2) + f" {number}{section.title}"


def document_text(survey: Survey) -> str:
    """The survey before its reference list, as Markdown (title, headings, paragraphs)."""
    top = _top_level(survey)
    parts = [f"# {survey.title}"]
    for s in survey.content_sections():
        parts.append(_heading(s, top))
        parts.extend(p.text for p in s.paragraphs)
    return "\n\n".join(parts)


@dataclass(frozen=True)
class Chapter:
    title: str  # "{number} {title}" as the script builds section_title
    content: str


def chapters(survey: Survey, min_chars: int = CHAPTER_MIN_CHARS) -> list[Chapter]:
    """Top-level sections (numbered ones when any is numbered) with their sub-sections' text,
    longer than ``min_chars`` characters (see module docstring)."""
    content = survey.content_sections()
    top = _top_level(survey)
    heads = [s for s in content if s.level == top]
    if any(s.number for s in heads):
        heads = [s for s in heads if s.number]
    out: list[Chapter] = []
    order = {s.index: i for i, s in enumerate(content)}
    for k, head in enumerate(heads):
        start = order[head.index]
        end = order[heads[k + 1].index] if k + 1 < len(heads) else len(content)
        parts = [p.text for p in head.paragraphs]
        for sub in content[start + 1 : end]:
            parts.append(_heading(sub, top))
            parts.extend(p.text for p in sub.paragraphs)
        text = "\n\n".join(parts).strip()
        if len(text) > min_chars:
            label = f"{head.number} {head.title}" if head.number and not head.title.startswith(head.number) else head.title
            out.append(Chapter(label, text))
    return out


def text_budget(judges: Sequence[Any], unknown: int) -> int:
    """Characters of survey text a prompt may carry: what the smallest declared judge context
    holds (about 3 characters per token, 1,500 tokens kept for instructions and reply), or
    ``unknown`` when no judge declares its context (HTTP endpoints: the script's own limits)."""
    declared = [getattr(j, "context_tokens", None) for j in judges]
    sizes = [max(2_000, (n - 1_500) * 3) for n in declared if isinstance(n, int) and n > 0]
    return min(sizes) if sizes else unknown


def clip(text: str, limit: int) -> tuple[str, bool]:
    """``text[:limit]`` as the scripts cut (``ai_survey[:100000]``), and whether it was cut."""
    return (text, False) if len(text) <= limit else (text[:limit], True)


@dataclass
class CriterionScores:
    """Per criterion: the mean over judges; per judge its scores; failed judgements."""

    scores: dict[str, float | None]
    per_judge: dict[str, dict[str, int | None]]
    failures: list[dict[str, Any]]


def ask_criteria(
    judges: Sequence[Any],
    prompts: Mapping[str, Any],
    values: Mapping[str, Any],
    *,
    metric: str,
    where: Mapping[str, Any] | None = None,
) -> CriterionScores:
    """Ask each judge each criterion's prompt (one call each, side by side); parse one integer
    1-5 (the scripts' ``int(response)``); a failed judgement is left out of the mean."""
    from surveybench.judges.parsing import parse_score_1_to_5

    pairs = [(judge, name) for judge in judges for name in prompts]
    with ThreadPoolExecutor(max_workers=max(1, min(len(pairs), 6))) as pool:
        results = list(pool.map(
            lambda jc: jc[0].ask(prompts[jc[1]], dict(values), parse=parse_score_1_to_5, metric=metric), pairs
        ))
    per_judge: dict[str, dict[str, int | None]] = {}
    failures: list[dict[str, Any]] = []
    for (judge, name), j in zip(pairs, results):
        per_judge.setdefault(judge.name, {})[name] = j.value if j.ok else None
        if not j.ok:
            failures.append(failure(j, criterion=name, score=name, **dict(where or {})))
    scores = {name: mean_known([s.get(name) for s in per_judge.values()]) for name in prompts}
    return CriterionScores(scores, per_judge, failures)
