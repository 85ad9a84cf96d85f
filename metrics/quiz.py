"""Quiz-based evaluation (weAIDB SurveyBench): can a reader get answers from the generated survey?

Definitions: weAIDB/SurveyBench ``src/run_quiz_eval.py`` (``test_single_survey``),
``src/quiz_based_eval/evaluation.py`` (``EvaluationService``),
``src/quiz_based_eval/compare_result_statistics.py`` and ``score_specific_statistics.py``;
questions from ``src/quiz_based_eval/questions.yaml``; prompts verbatim in
:mod:`surveybench.prompts.weaidb`; retrieval and question writing in
:mod:`surveybench.metrics._quiz`.

*General quiz.* The 22 questions of ``questions.yaml`` (topic filled in) in seven categories —
concept, classification, history, algorithm, application, profiling, prediction — are answered
from the human survey (answer 1) and from the generated one (answer 2), each by retrieval over
that survey's chunks. Per question (``comparative_evaluation``): each answer is checked for
support by its own retrieved documents with no outside knowledge (``QUIZ_SUPPORT``); a supported
answer is scored 0-10 (``QUIZ_SCORE_SINGLE``, reported only); if both are supported the judge
says which is better (``QUIZ_COMPARE``: 1, 2 or 0 for equal); if one is, it wins; if neither,
it is a tie. With W_c the questions of category c the generated survey wins::

    win_rate_c = |{q in c : better(q) = 2}| / |{q in c judged}|        win_rate = the same over all

as ``compare_result_statistics.py`` counts ``better_answer_2`` over all questions (ties count in
the denominator). ``loss_rate`` is the share the human survey wins.

*Topic-specific quiz.* ``quiz_specific_questions`` question/answer pairs (default 25, the
runner's ``n_questions=25``) are written by the judge from the human survey's paragraphs
(``QUIZ_GENERATE``); the generated survey answers each by retrieval; the answer scores 0 unless
its documents support it (``QUIZ_SUPPORT``, outside knowledge allowed), else the judge's 0-10
against the human answer (``QUIZ_SCORE_TRUTH``). ``specific_score`` is the mean
(``score_specific_statistics.py``: the average of all scores), 0-10.

*One quiz per topic.* The questions and the human survey's general answers do not depend on the
system: they are made once per topic and stored (:mod:`surveybench.quizzes`, keyed by topic,
human survey, prompt fingerprints, judge and embedder) and every system faces the same quiz; a
second system costs only its own answers and their judgements.

Script vs. us. ``compare_result_statistics.py`` maps question ids to categories with a table
that disagrees with ``questions.yaml`` (it files question 19, the first prediction question, under
performance analysis, and gives predictions three questions); we take each question's category
from ``questions.yaml``, where the question itself is defined. The script draws segments at
random; we order them by its suitability score with a topic-seeded tie order, so a quiz is
reproducible. Unparseable judge replies are re-asked and then recorded as failures (the script
reads an unreadable comparison as a tie and an unreadable support check as "not supported").
A panel of judges lends its first judge.

Cost. A full quiz is ~250 judge calls per survey, most carrying the retrieved text (whole
sections: the script sends them whole). Options that make a run cheaper without changing what is
computed: ``quiz_general_per_category`` (first n questions of each category),
``quiz_categories``, ``quiz_specific_questions`` and ``quiz_context_chars`` (retrieved text per
prompt cut to n characters, as a judge's context would cut it). A local judge's context (8,192
tokens for SmolLM2) caps the text at what it holds (:func:`surveybench.metrics._weaidb.text_budget`).
"""

from __future__ import annotations

import hashlib
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from surveybench.metrics import _quiz as Q
from surveybench.metrics._judging import JudgedMetric, failure, mean_known
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, higher, lower, register
from surveybench.metrics._weaidb import text_budget
from surveybench.model import Survey

NAME = "quiz"
SPECIFIC_DEFAULT = 25


def general_questions(topic: str, per_category: int | None = None,
                      categories: tuple[str, ...] | None = None) -> list[tuple[int, str, str]]:
    """(id, category, question) in ``questions.yaml`` order, ``{topic}`` replaced as the original
    does (``str.replace``); ``per_category`` keeps the first n of each category, ``categories``
    only those categories."""
    from surveybench.prompts.weaidb import GENERAL_QUESTIONS

    out: list[tuple[int, str, str]] = []
    qid = 0
    for category, (_, _, questions) in GENERAL_QUESTIONS.items():
        for k, q in enumerate(questions):
            qid += 1
            if (per_category is None or k < per_category) and (categories is None or category in categories):
                out.append((qid, category, q.replace("{topic}", topic)))
    return out


def win_rates(outcomes: list[tuple[str, int | None]]) -> dict[str, float | None]:
    """``win_rate``/``loss_rate`` overall and ``win_rate_<category>`` from (category, better)
    pairs, better = 2 (generated wins), 1 (human wins), 0 (tie), None (not judged: left out)."""
    from surveybench.prompts.weaidb import CATEGORIES

    judged = [(c, b) for c, b in outcomes if b is not None]
    out: dict[str, float | None] = {
        "win_rate": sum(b == 2 for _, b in judged) / len(judged) if judged else None,
        "loss_rate": sum(b == 1 for _, b in judged) / len(judged) if judged else None,
    }
    for category in CATEGORIES:
        mine = [b for c, b in judged if c == category]
        out[f"win_rate_{category}"] = sum(b == 2 for b in mine) / len(mine) if mine else None
    return out


def parse_categories(value: str | None) -> tuple[str, ...] | None:
    """The ``quiz_categories`` option: None (all) or known category names."""
    from surveybench.prompts.weaidb import CATEGORIES

    if not value:
        return None
    names = tuple(c.strip() for c in value.split(",") if c.strip())
    unknown = [c for c in names if c not in CATEGORIES]
    if unknown:
        raise ValueError(f"quiz_categories: unknown {unknown}; choose from {', '.join(CATEGORIES)}")
    return names


class Answerer:
    """Answers questions from one survey: heading selection, supplements, answer (two calls)."""

    def __init__(self, judge: Any, embedder: Any, survey: Survey, budget: int) -> None:
        self.judge, self.embedder, self.budget = judge, embedder, budget
        self.index = Q.build_index(survey, embedder)

    def answer_all(self, questions: list[str]) -> list[dict[str, Any]]:
        from surveybench.metrics._reply_parsers import parse_answer, parse_title_list
        from surveybench.prompts import weaidb as P

        outline = self.index.outline_text()
        picks = self.judge.ask_many(P.QUIZ_SELECT_TITLES, [{"outline_text": outline, "question": q} for q in questions],
                                    parse=parse_title_list, metric=NAME)
        vectors = np.asarray(self.embedder.encode(questions), dtype=np.float32) if questions else []
        docs_per_q = []
        for q_vec, pick in zip(vectors, picks):
            primary = Q.expand_selection(self.index, pick.value if pick.ok else [])
            docs_per_q.append(Q.documents(self.index, primary, Q.supplements(self.index, q_vec, primary)))
        replies = self.judge.ask_many(
            P.QUIZ_ANSWER, [{"context": Q.context_text(d, self.budget), "question": q} for d, q in zip(docs_per_q, questions)],
            parse=parse_answer, metric=NAME)
        out = []
        for pick, docs, reply in zip(picks, docs_per_q, replies):
            failures = [failure(j, step=step) for j, step in ((pick, "select_titles"), (reply, "answer")) if not j.ok]
            out.append({
                "answer": reply.value["answer"] if reply.ok else None,
                "references": Q.used_references(docs, reply.value["used_docs"]) if reply.ok else [],
                "documents": len(docs),
                "failures": failures,
            })
        return out


class QuizMetric(JudgedMetric):
    name = NAME
    description = ("weAIDB quiz: general questions answered from the generated and the human survey and judged "
                   "against each other (win rates by category); topic-specific questions from the human survey")
    paper = "weAIDB SurveyBench src/run_quiz_eval.py, src/quiz_based_eval/*"
    requires = frozenset({"judge", "embedder"})
    whole_panel = False
    spec = MetricSpec(
        version="1",
        scores=(
            higher("win_rate", "share of general questions where the generated survey's answer beats the human survey's"),
            lower("loss_rate", "share of general questions where the human survey's answer is better"),
            *(higher(f"win_rate_{c}", f"win rate on the {c} questions of questions.yaml")
              for c in ("concept", "classification", "history", "algorithm", "application", "profiling", "prediction")),
            higher("specific_score", "mean 0-10 score of the generated survey's answers to quiz questions written from "
                   "the human survey (0 when its retrieved text does not support the answer)", 0.0, 10.0),
        ),
        options=(
            Option("quiz_specific_questions", int, SPECIFIC_DEFAULT,
                   "topic-specific questions written per topic (the original: 25); 0 skips the specific quiz",
                   minimum=0),
            Option("quiz_general_per_category", int, None,
                   "ask only the first n general questions of each category (default: all 22)", minimum=1),
            Option("quiz_categories", str, None,
                   "comma-separated subset of the seven categories to ask (default: all)"),
            Option("quiz_context_chars", int, None,
                   "at most this many characters of retrieved survey text per prompt (answer and support "
                   "check; default: the whole text as the script sends it, or what a local judge's context "
                   "holds); a smaller value makes a run cheaper, not different in definition", minimum=100),
        ),
    )

    # ---- the per-topic quiz ---------------------------------------------------------------------
    def quiz_for(self, judge: Any, embedder: Any, reference: Survey, topic: str, ctx: MetricContext,
                 n_specific: int, per_category: int | None, categories: tuple[str, ...] | None,
                 budget: int, context_chars: int | None = None) -> tuple[Any, bool]:
        from surveybench.prompts import weaidb as P
        from surveybench.quizzes import GeneralQuestion, Quiz, QuizStore
        from surveybench.workspace import survey_hash

        made_with = {
            "judge": judge.name, "embedder": getattr(embedder, "model_id", type(embedder).__name__),
            "human_survey": survey_hash(reference),
            "prompts": {p.name: p.fingerprint for p in (P.QUIZ_GENERATE, P.QUIZ_SELECT_TITLES, P.QUIZ_ANSWER)},
            "questions": hashlib.sha256(json.dumps(P.GENERAL_QUESTIONS).encode()).hexdigest()[:12],
            "specific_questions": n_specific, "general_per_category": per_category,
            "categories": list(categories) if categories else None,
        }
        if context_chars is not None:
            # the human answers were made from this much text (only when set: the keys of
            # quizzes made without the option stay as they were)
            made_with["context_chars"] = context_chars
        store = QuizStore(ctx.cache_dir / "quizzes" if ctx.cache_dir is not None else None)

        def make(key: str) -> Quiz:
            general = general_questions(topic, per_category, categories)
            answers = Answerer(judge, embedder, reference, budget).answer_all([q for _, _, q in general])
            return Quiz(
                topic=topic, key=key, made_with=made_with,
                general=[GeneralQuestion(qid, cat, q, a["answer"], a["references"])
                         for (qid, cat, q), a in zip(general, answers)],
                specific=self.write_specific(judge, reference, n_specific),
                usage={"human_answer_failures": sum(len(a["failures"]) for a in answers)},
            )

        return store.get_or_make(topic, made_with, make)

    def write_specific(self, judge: Any, reference: Survey, n: int) -> list[Any]:
        from surveybench.metrics._reply_parsers import parse_qa_pairs
        from surveybench.prompts import weaidb as P
        from surveybench.quizzes import SpecificQuestion

        kept: list[SpecificQuestion] = []
        if n <= 0:
            return kept
        candidates = Q.segments(reference)
        budget = 3 * n  # judge calls at most
        for attempt, seg in enumerate(candidates[:budget]):
            if len(kept) >= n:
                break
            relaxed = attempt >= 0.3 * budget
            existing = [k.question for k in kept]
            values = {
                "quality_instruction": P.QUIZ_INSTRUCTION_RELAXED if relaxed else P.QUIZ_INSTRUCTION_STRICT.format(n=1),
                "answer_requirement": P.QUIZ_ANSWER_REQUIREMENT_RELAXED if relaxed else P.QUIZ_ANSWER_REQUIREMENT_STRICT,
                "center_text": seg.center, "full_text": seg.text, "questions_per_segment": 1,
                "duplicate_instruction": P.QUIZ_AVOID_DUPLICATES.format(
                    existing="\n".join(f"- {q}" for q in existing[:3])) if existing else "",
            }
            j = judge.ask(P.QUIZ_GENERATE, values, parse=parse_qa_pairs, metric=NAME)
            if not j.ok:
                continue
            for pair in j.value[:1]:
                if any(Q.similar(pair["question"], q) for q in existing):
                    continue
                if Q.valid_pair(pair["question"], pair["answer"], seg.text):
                    kept.append(SpecificQuestion(len(kept) + 1, pair["question"], pair["answer"], seg.text, seg.section))
        return kept

    # ---- judging ----------------------------------------------------------------------------------
    def compare(self, judge: Any, question: str, human: dict[str, Any], mine: dict[str, Any], budget: int) -> dict[str, Any]:
        """``comparative_evaluation``: answer 1 = human, answer 2 = generated."""
        from surveybench.metrics._reply_parsers import parse_better, parse_score_0_to_10, parse_true_false
        from surveybench.prompts import weaidb as P

        out: dict[str, Any] = {"failures": []}
        supported: dict[int, bool | None] = {}
        for k, side in ((1, human), (2, mine)):
            if side["answer"] is None or not side["references"]:
                supported[k] = False  # no answer, or nothing retrieved: check_reference_support is False
                continue
            j = judge.ask(P.QUIZ_SUPPORT, {"knowledge_instruction": P.QUIZ_ONLY_REFERENCES, "answer": side["answer"],
                                           "combined_ref_text": Q.references_text(side["references"], budget)},
                          parse=parse_true_false, metric=NAME)
            supported[k] = j.value if j.ok else None
            if not j.ok:
                out["failures"].append(failure(j, step=f"support_{k}"))
        out["supported"] = supported
        if None in supported.values():
            out["better"] = None
            return out
        for k, side in ((1, human), (2, mine)):
            if supported[k]:
                j = judge.ask(P.QUIZ_SCORE_SINGLE, {"question": question, "answer": side["answer"],
                                                    "combined_ref_text": Q.references_text(side["references"], budget)},
                              parse=parse_score_0_to_10, metric=NAME)
                out[f"score_{k}"] = j.value if j.ok else None
        if supported[1] and supported[2]:
            j = judge.ask(P.QUIZ_COMPARE, {"question": question, "answer1": human["answer"], "answer2": mine["answer"]},
                          parse=parse_better, metric=NAME)
            out["better"], out["reason"] = j.value if j.ok else (None, None)
            if not j.ok:
                out["failures"].append(failure(j, step="compare"))
        else:
            out["better"] = 1 if supported[1] else 2 if supported[2] else 0
        return out

    def score_specific(self, judge: Any, question: Any, mine: dict[str, Any], budget: int) -> tuple[float | None, list[Any]]:
        """``score_with_ground_truth``: 0 when unsupported (outside knowledge allowed), else 0-10."""
        from surveybench.metrics._reply_parsers import parse_score_0_to_10, parse_true_false
        from surveybench.prompts import weaidb as P

        if mine["answer"] is None:
            return None, []
        if mine["references"]:
            j = judge.ask(P.QUIZ_SUPPORT, {"knowledge_instruction": P.QUIZ_REFERENCES_FIRST, "answer": mine["answer"],
                                           "combined_ref_text": Q.references_text(mine["references"], budget)},
                          parse=parse_true_false, metric=NAME)
            if not j.ok:
                return None, [failure(j, step="specific_support")]
            if not j.value:
                return 0.0, []
        j = judge.ask(P.QUIZ_SCORE_TRUTH, {"question": question.question, "ground_truth": question.answer,
                                           "answer": mine["answer"]}, parse=parse_score_0_to_10, metric=NAME)
        return (j.value, []) if j.ok else (None, [failure(j, step="specific_score")])

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, judging: Any) -> MetricResult:
        judge = judging[0]
        embedder = ctx.get("embedder")
        n_specific = self.spec.option("quiz_specific_questions").check(  # type: ignore[union-attr]
            ctx.options.get("quiz_specific_questions", SPECIFIC_DEFAULT))
        per_category = self.spec.option("quiz_general_per_category").check(  # type: ignore[union-attr]
            ctx.options.get("quiz_general_per_category"))
        categories = parse_categories(self.spec.option("quiz_categories").check(  # type: ignore[union-attr]
            ctx.options.get("quiz_categories")))
        context_chars = self.spec.option("quiz_context_chars").check(  # type: ignore[union-attr]
            ctx.options.get("quiz_context_chars"))
        topic = reference.topic or candidate.topic or reference.title
        budget = text_budget([judge], 10**9)  # the script sends whole documents
        if context_chars is not None:
            budget = min(budget, context_chars)
        quiz, made_now = self.quiz_for(judge, embedder, reference, topic, ctx, n_specific, per_category,
                                       categories, budget, context_chars)

        answerer = Answerer(judge, embedder, candidate, budget)
        general_answers = answerer.answer_all([g.question for g in quiz.general])
        specific_answers = answerer.answer_all([s.question for s in quiz.specific])
        failures = [f for a in general_answers + specific_answers for f in a["failures"]]

        with ThreadPoolExecutor(max_workers=4) as pool:
            compared = list(pool.map(
                lambda ga: self.compare(judge, ga[0].question,
                                        {"answer": ga[0].human_answer, "references": ga[0].human_references}, ga[1], budget),
                zip(quiz.general, general_answers)))
            specific = list(pool.map(lambda sa: self.score_specific(judge, sa[0], sa[1], budget),
                                     zip(quiz.specific, specific_answers)))
        for c in compared:
            failures.extend(c["failures"])
        for _, fails in specific:
            failures.extend(fails)
        scores = win_rates([(g.category, c["better"]) for g, c in zip(quiz.general, compared)])
        scores["specific_score"] = mean_known([s for s, _ in specific]) if quiz.specific else None
        details = {
            "quiz_key": quiz.key, "quiz_made_now": made_now,
            "general": [{"id": g.id, "category": g.category, "better": c["better"], "supported": c["supported"],
                         "human_score": c.get("score_1"), "generated_score": c.get("score_2"),
                         "reason": c.get("reason")} for g, c in zip(quiz.general, compared)],
            "specific": [{"id": q.id, "score": s} for q, (s, _) in zip(quiz.specific, specific)],
            "specific_questions": len(quiz.specific),
        }
        if not quiz.specific:
            details["specific_reason"] = ("no topic-specific question passed the checks" if n_specific
                                          else "quiz_specific_questions=0")
        asked = {g.category for g in quiz.general}
        details["reasons"] = {  # a score with no number says why (never a silent gap)
            name: (details.get("specific_reason") if name == "specific_score"
                   else "no general question of this category was asked (quiz_categories)"
                   if name.removeprefix("win_rate_") not in asked else "no comparison could be judged")
            for name, value in scores.items() if value is None}
        return MetricResult(NAME, scores, details, failures=failures)


register(QuizMetric())
