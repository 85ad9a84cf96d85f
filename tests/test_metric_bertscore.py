"""BERTScore: equal to ``bert_score.score`` on inputs that fit the model; windowed on long ones."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from surveybench.metrics.base import MetricContext, load_all
from surveybench.metrics.bertscore import BertScoreMetric, BertScorer, greedy_prf
from surveybench.model import Paragraph, Section, Survey

CANDS = [
    "Graph neural networks learn node representations by passing messages along edges.",
    "Diffusion models generate images by learning to reverse a gradual noising process.",
    "Hallucination: LLMs produce fluent but unfaithful text (Ji et al., 2023) — ça arrive.",
    "x",
]
REFS = [
    "GNNs compute node embeddings through message passing between neighbouring nodes.",
    "Vision Transformers split an image into 16x16 patches and apply self-attention.",
    "Large language models sometimes generate content that is not grounded in their sources.",
    "A completely different sentence about cooking pasta with a tomato sauce.",
]


# ---- the pure greedy matching -----------------------------------------------------------------


def test_greedy_prf_hand_computed() -> None:
    hyp = np.array([[1.0, 0.0], [0.0, 1.0]])
    ref = np.array([[2.0, 0.0]])  # normalised to [1, 0]
    # P = (1 + 0) / 2; R = max(1, 0) = 1; F = 2*0.5*1/1.5.
    p, r, f = greedy_prf(hyp, np.ones(2), ref, np.ones(1))
    assert (p, r, f) == pytest.approx((0.5, 1.0, 2 / 3))
    # A weight-0 token (a special token) is matched against but not scored.
    assert greedy_prf(hyp, np.array([1.0, 0.0]), ref, np.ones(1))[0] == pytest.approx(1.0)
    with pytest.raises(ValueError):
        greedy_prf(np.zeros((0, 2)), np.ones(0), ref, np.ones(1))


def test_greedy_prf_blocks_equal_full_matrix() -> None:
    rng = np.random.default_rng(7)
    hyp, ref = rng.normal(size=(23, 5)), rng.normal(size=(17, 5))
    hw, rw = rng.uniform(0, 2, 23), rng.uniform(0, 2, 17)
    hn = hyp / np.linalg.norm(hyp, axis=1, keepdims=True)
    rn = ref / np.linalg.norm(ref, axis=1, keepdims=True)
    sim = hn @ rn.T
    p = float((sim.max(axis=1) * hw).sum() / hw.sum())
    r = float((sim.max(axis=0) * rw).sum() / rw.sum())
    # tiles smaller than both sides (4: 6×5 tiles, ragged at the edges), one dimension, none
    for block in (1, 4, 20, 100):
        assert greedy_prf(hyp, hw, ref, rw, block=block) == pytest.approx((p, r, 2 * p * r / (p + r)), abs=1e-6)


# ---- against bert-score itself ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def scorer(minilm_path: Path) -> BertScorer:
    return BertScorer(model_type=str(minilm_path))


def test_equal_to_bert_score_on_short_inputs(scorer: BertScorer, minilm_path: Path) -> None:
    import bert_score

    # bert-score needs num_layers for a model it does not know; we default to the last layer (6).
    P, R, F = bert_score.score(CANDS, REFS, model_type=str(minilm_path), num_layers=6, device="cpu", batch_size=4)
    for i, (c, r) in enumerate(zip(CANDS, REFS)):
        ours = scorer.score(c, r)
        assert ours["num_layers"] == 6 and ours["layer_choice"] == "last layer"
        assert ours["candidate_windows"] == ours["reference_windows"] == 1
        assert ours["precision"] == pytest.approx(float(P[i]), abs=1e-5)
        assert ours["recall"] == pytest.approx(float(R[i]), abs=1e-5)
        assert ours["f1"] == pytest.approx(float(F[i]), abs=1e-5)


def test_equal_to_bert_score_with_a_given_layer(minilm_path: Path) -> None:
    import bert_score

    P, R, F = bert_score.score(CANDS[:1], REFS[:1], model_type=str(minilm_path), num_layers=3, device="cpu")
    ours = BertScorer(model_type=str(minilm_path), num_layers=3).score(CANDS[0], REFS[0])
    assert ours["layer_choice"] == "given"
    assert (ours["precision"], ours["recall"], ours["f1"]) == pytest.approx(
        (float(P[0]), float(R[0]), float(F[0])), abs=1e-5
    )


def test_long_text_is_windowed_not_truncated(scorer: BertScorer, dev_dir: Path) -> None:
    text = (dev_dir / "HumanSurvey" / "Graph Neural Networks.md").read_text(encoding="utf-8")[:6000]
    head, tail = text[:3000], text[3000:]
    res = scorer.score(text, text)
    assert res["candidate_windows"] > 1  # longer than one 510-token input
    assert (res["precision"], res["recall"], res["f1"]) == pytest.approx((1.0, 1.0, 1.0), abs=1e-5)
    # Truncation would make "text" vs its head look like a perfect recall of the head only; with
    # windows, the text's second half lowers precision (its tokens have no identical match).
    part = scorer.score(text, head)
    assert part["recall"] > part["precision"]
    assert scorer.score(tail, head)["f1"] < 1.0


def test_long_texts_equal_bert_score_on_the_same_windows(minilm_path: Path, dev_dir: Path, tmp_path: Path) -> None:
    """Whole-survey BERTScore is bert-score's own greedy matching over all windows: computed
    here by hand from ``bert_score``'s embeddings of the windows (full matrix) and compared with
    the blocked, store-backed scorer, from a cold store and again from the stored states."""
    import torch
    from bert_score.utils import get_bert_embedding

    text = (dev_dir / "HumanSurvey" / "Graph Neural Networks.md").read_text(encoding="utf-8")
    cand, ref = text[:5000], text[4000:12000]
    cold = BertScorer(model_type=str(minilm_path), cache_dir=tmp_path)
    ours = cold.score(cand, ref)
    st = cold._load()

    def states(t: str) -> tuple[torch.Tensor, torch.Tensor]:
        emb, mask, idf = get_bert_embedding(cold.windows(t), st["model"], st["tokenizer"], st["idf"], device="cpu")
        keep = mask.bool()
        return emb[keep], idf[keep]

    h, hw = states(cand)
    r, rw = states(ref)
    sim = (h / h.norm(dim=-1, keepdim=True)) @ (r / r.norm(dim=-1, keepdim=True)).T
    p = float((sim.max(dim=1).values * hw).sum() / hw.sum())
    rr = float((sim.max(dim=0).values * rw).sum() / rw.sum())
    assert ours["candidate_windows"] > 1 and ours["reference_windows"] > 2
    assert (ours["precision"], ours["recall"], ours["f1"]) == pytest.approx((p, rr, 2 * p * rr / (p + rr)), abs=1e-5)

    warm = BertScorer(model_type=str(minilm_path), cache_dir=tmp_path)  # a later run on the same cache
    warm.store.forget_memory()
    again = warm.score(cand, ref)
    assert warm.encoded == ours["candidate_windows"]  # only the candidate: it is kept in memory only
    assert warm.cache_hits == ours["reference_windows"]
    assert (again["precision"], again["recall"], again["f1"]) == pytest.approx(
        (ours["precision"], ours["recall"], ours["f1"]), abs=1e-6)


def test_human_survey_is_encoded_once_for_all_systems(minilm_path: Path) -> None:
    scorer = BertScorer(model_type=str(minilm_path))
    human = " ".join(REFS * 60)  # several windows
    systems = [" ".join([c] * 50) for c in CANDS[:3]]
    n_human = len(scorer.windows(human))
    assert n_human > 1
    for s in systems:
        scorer.score(s, human)
    distinct = {w for t in [human, *systems] for w in scorer.windows(t)}
    assert scorer.encoded == len(distinct)  # the floor: every distinct window once
    assert scorer.cache_hits >= 2 * n_human  # the 2nd and 3rd system reuse the human survey


def test_empty_side_scores_zero_like_bert_score(scorer: BertScorer) -> None:
    assert scorer.score("", REFS[0])["f1"] == 0.0


# ---- the metric -------------------------------------------------------------------------------------


def _survey(text: str, system: str | None = None) -> Survey:
    return Survey(id=system or "h", title="t", system=system,
                  sections=[Section(index=0, title="Body", paragraphs=[Paragraph(text=text)])])


def test_metric_uses_options_and_keeps_the_model(minilm_path: Path) -> None:
    ctx = MetricContext(options={"bertscore_model": str(minilm_path)})
    m = BertScoreMetric()
    res = m.compute(_survey(CANDS[0], "S"), _survey(REFS[0]), ctx)
    assert set(res.scores) == {"precision", "recall", "f1"}
    assert 0 < res.scores["f1"] < 1 and res.details["model"] == str(minilm_path)
    assert m.scorer(ctx) is ctx.get("bertscorer")  # loaded once per context
    same = m.compute(_survey(REFS[0], "S"), _survey(REFS[0]), ctx)
    assert same.scores["f1"] == pytest.approx(1.0, abs=1e-5)
    empty = m.compute(Survey(id="g", title="g", system="S"), _survey(REFS[0]), ctx)
    assert empty.scores["f1"] is None and "candidate" in empty.details["reason"]


def test_registered_with_the_real_default() -> None:
    m = load_all()["bertscore"]
    assert m.description and BertScorer().model_type == "roberta-large"
