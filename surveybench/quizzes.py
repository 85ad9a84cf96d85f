"""The quiz store: the questions of weAIDB SurveyBench's quiz-based evaluation, made once per topic
and reused by every system, so all systems face the same quiz.

A :class:`Quiz` holds, for one topic, the general questions (``questions.yaml`` filled with the
topic, by category), the topic-specific question/answer pairs the judge wrote from the human
survey, and the human survey's own answers to the general questions (they do not depend on the
system either). It is keyed by topic, the human survey's content hash, the fingerprints of the
prompts that made it, the judge and the embedder: change any of them and a new quiz is made.

Stored as one JSON file per key under ``<workspace>/cache/quizzes/`` (atomic writes; a file lock
per key so two evaluation workers never generate the same quiz twice). ``surveybench data
export`` adds them to the Hugging Face dataset as the ``quizzes`` configuration
(:func:`quiz_rows`). With no cache directory (``surveybench score`` without a workspace) quizzes
are kept in memory for the process.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1


@dataclass
class GeneralQuestion:
    id: int  # 1-based position in questions.yaml, as the original numbers them
    category: str
    question: str
    human_answer: str | None = None
    human_references: list[dict[str, str]] = field(default_factory=list)


@dataclass
class SpecificQuestion:
    id: int
    question: str
    answer: str  # the judge's answer from the human paragraph: the ground truth
    source: str  # the human survey's paragraph it was written from
    section: str


@dataclass
class Quiz:
    topic: str
    key: str
    made_with: dict[str, Any]  # judge, embedder, prompt fingerprints, human survey hash, options
    general: list[GeneralQuestion]
    specific: list[SpecificQuestion]
    usage: dict[str, Any] = field(default_factory=dict)  # calls spent making it

    def to_json(self) -> dict[str, Any]:
        return {"schema": SCHEMA_VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Quiz":
        return cls(
            topic=data["topic"], key=data["key"], made_with=dict(data.get("made_with") or {}),
            general=[GeneralQuestion(**g) for g in data.get("general", [])],
            specific=[SpecificQuestion(**s) for s in data.get("specific", [])],
            usage=dict(data.get("usage") or {}),
        )


def quiz_key(topic: str, made_with: dict[str, Any]) -> str:
    blob = json.dumps({"topic": topic, **made_with}, sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


_MEMORY: dict[str, Quiz] = {}
_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


class QuizStore:
    """Quizzes under ``directory`` (None: in memory for this process)."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory

    def path(self, topic: str, key: str) -> Path | None:
        if self.directory is None:
            return None
        from surveybench.workspace import slugify

        return self.directory / f"{slugify(topic, max_len=50)}-{key}.json"

    def load(self, topic: str, key: str) -> Quiz | None:
        path = self.path(topic, key)
        if path is None:
            return _MEMORY.get(key)
        if not path.exists():
            return None
        try:
            return Quiz.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"quiz store {path}: unreadable ({exc}); delete the file to make the quiz again") from None

    def save(self, quiz: Quiz) -> None:
        path = self.path(quiz.topic, quiz.key)
        if path is None:
            _MEMORY[quiz.key] = quiz
            return
        from surveybench.workspace import atomic_write_text

        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(quiz.to_json(), ensure_ascii=False, indent=1))

    def get_or_make(self, topic: str, made_with: dict[str, Any], make: Callable[[str], Quiz]) -> tuple[Quiz, bool]:
        """The stored quiz for (topic, made_with), or ``make(key)``'s, stored. Returns (quiz,
        made_now). One maker at a time per key, across threads and processes."""
        key = quiz_key(topic, made_with)
        with _LOCKS_GUARD:
            lock = _LOCKS.setdefault(key, threading.Lock())
        with lock:
            found = self.load(topic, key)
            if found is not None:
                return found, False
            path = self.path(topic, key)
            if path is None:
                quiz = make(key)
                self.save(quiz)
                return quiz, True
            from filelock import FileLock

            path.parent.mkdir(parents=True, exist_ok=True)
            with FileLock(str(path) + ".lock"):
                found = self.load(topic, key)
                if found is not None:
                    return found, False
                quiz = make(key)
                self.save(quiz)
                return quiz, True

    def all(self) -> Iterator[Quiz]:
        if self.directory is None:
            yield from _MEMORY.values()
            return
        if not self.directory.is_dir():
            return
        for path in sorted(self.directory.glob("*.json")):
            yield Quiz.from_json(json.loads(path.read_text(encoding="utf-8")))


def quiz_rows(quizzes: Iterator[Quiz] | list[Quiz]) -> list[dict[str, Any]]:
    """One row per question, for the ``quizzes`` configuration of the Hugging Face dataset."""
    rows: list[dict[str, Any]] = []
    for quiz in quizzes:
        common = {"topic": quiz.topic, "quiz_key": quiz.key, "judge": str(quiz.made_with.get("judge", "")),
                  "embedder": str(quiz.made_with.get("embedder", "")),
                  "prompts": json.dumps(quiz.made_with.get("prompts", {}), sort_keys=True)}
        for g in quiz.general:
            rows.append({**common, "kind": "general", "question_id": g.id, "category": g.category,
                         "question": g.question, "answer": g.human_answer, "source": None, "section": None})
        for s in quiz.specific:
            rows.append({**common, "kind": "specific", "question_id": s.id, "category": None,
                         "question": s.question, "answer": s.answer, "source": s.source, "section": s.section})
    return rows
