"""Backends for h(premise, claim): an LLM judge with the NLI prompt, or a Hugging Face NLI model.

``--nli judge`` (default) asks the judge SurveyX Fig. 10 / AutoSurvey's NLI prompt and parses
Yes/No strictly. ``--nli hf:MODEL_ID`` runs a ``transformers`` sequence-classification NLI model
(e.g. ``hf:microsoft/deberta-large-mnli``) on (premise, hypothesis) pairs: entailment is the
arg-max label, its index found by name in ``model.config.id2label``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

DEFAULT_HF_NLI_MODEL = "microsoft/deberta-large-mnli"


@dataclass
class Verdict:
    """One h() answer: ``value`` None when it could not be obtained (``error`` says why)."""

    value: bool | None
    error: str | None = None
    reply: str | None = None
    cached: bool = False
    attempts: int = 1
    truncated: bool = False


class NLIBackend(Protocol):
    name: str

    def entails_many(self, pairs: Sequence[tuple[str, str]], *, metric: str) -> list[Verdict]:
        """For each (premise, hypothesis): does the premise support the hypothesis?"""
        ...


class JudgeNLI:
    """h() by an LLM judge: the NLI prompt (SurveyX App. A.3 Fig. 10), strict Yes/No parsing."""

    def __init__(self, judge: Any) -> None:
        self.judge = judge
        self.name = f"judge:{judge.name}"

    def entails_many(self, pairs: Sequence[tuple[str, str]], *, metric: str) -> list[Verdict]:
        from surveybench.judges.parsing import parse_yes_no
        from surveybench.prompts.judging import NLI

        if not pairs:
            return []
        values = [{"source": premise, "claim": claim} for premise, claim in pairs]
        judgements = self.judge.ask_many(NLI, values, parse=parse_yes_no, metric=metric)
        return [
            Verdict(
                value=j.value if j.ok else None,
                error=None if j.ok else j.error,
                reply=j.reply,
                cached=j.cached,
                attempts=j.attempts,
                truncated=getattr(j, "truncated", False),
            )
            for j in judgements
        ]


def entailment_index(id2label: Mapping[Any, str]) -> int:
    """Index of the entailment class in a model config's ``id2label``.

    Matches label names case-insensitively: ``entailment``, ``ENTAILMENT``, ``entailed``,
    ``Entails``. Raises ValueError naming the labels when none or several match (generic
    ``LABEL_0..2`` names carry no meaning, so guessing an index would be silent nonsense).
    """
    hits = [int(i) for i, label in id2label.items() if str(label).strip().lower().startswith("entail")]
    if len(hits) != 1:
        labels = {int(i): str(v) for i, v in id2label.items()}
        what = "no" if not hits else "several"
        raise ValueError(
            f"{what} entailment label in model config id2label {labels}; "
            "an NLI model must name its classes (e.g. entailment/neutral/contradiction)"
        )
    return hits[0]


class HFNLI:
    """h() by a ``transformers`` sequence-classification NLI model (CPU by default).

    The premise (the cited sources joined) is truncated from its end when the pair exceeds the
    model's maximum length, never the claim (``truncation="only_first"``); ``truncated`` in the
    verdict says so.
    """

    def __init__(self, model_id: str = DEFAULT_HF_NLI_MODEL, *, device: str = "cpu", batch_size: int = 8, max_length: int | None = None) -> None:
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        self.model_id = model_id
        self.name = f"hf:{model_id}"
        self.tokenizer = AutoTokenizer.from_pretrained(model_id)
        self.model = AutoModelForSequenceClassification.from_pretrained(model_id)
        self.model.eval().to(device)
        self.device = device
        self.batch_size = batch_size
        self.entail = entailment_index(self.model.config.id2label)
        # Tokenizers without a limit report model_max_length = 1e30: the position table decides.
        positions = getattr(self.model.config, "max_position_embeddings", None) or 512
        limit = max_length or min(getattr(self.tokenizer, "model_max_length", 512), positions)
        self.max_length = int(min(limit, 4096))

    def entails_many(self, pairs: Sequence[tuple[str, str]], *, metric: str = "") -> list[Verdict]:
        import torch

        out: list[Verdict] = []
        for b in range(0, len(pairs), self.batch_size):
            batch = list(pairs[b : b + self.batch_size])
            premises = [p for p, _ in batch]
            claims = [c for _, c in batch]
            full = self.tokenizer(premises, claims, truncation=False)["input_ids"]
            enc = self.tokenizer(
                premises, claims, truncation="only_first", max_length=self.max_length,
                padding=True, return_tensors="pt",
            ).to(self.device)
            with torch.no_grad():
                logits = self.model(**enc).logits
            labels = logits.argmax(dim=-1).tolist()
            for ids, label in zip(full, labels):
                out.append(Verdict(value=label == self.entail, truncated=len(ids) > self.max_length))
        return out


def make_nli_backend(spec: str | None = None, *, judge: Any = None) -> NLIBackend:
    """``None``/``"judge"`` -> :class:`JudgeNLI` on ``judge``; ``"hf:MODEL_ID"`` -> :class:`HFNLI`."""
    if spec is None or spec == "judge":
        if judge is None:
            raise ValueError("--nli judge needs a judge (--judge ...)")
        return JudgeNLI(judge)
    if spec.startswith("hf:"):
        model_id = spec[3:].strip() or DEFAULT_HF_NLI_MODEL
        return HFNLI(model_id)
    raise ValueError(f"unknown NLI backend {spec!r}: use 'judge' or 'hf:MODEL_ID' (e.g. hf:{DEFAULT_HF_NLI_MODEL})")
