"""HF NLI backend (--nli hf:MODEL_ID): entailment-label lookup and plumbing on a tiny random BERT.

No real NLI model is available offline, so the model here is a randomly initialised
``BertForSequenceClassification`` saved to tmp_path: its answers mean nothing, the test checks
that labels are found by name, pairs reach the model and verdicts come back in order.
"""

from __future__ import annotations

import pytest

from surveybench.metrics._nli_backends import HFNLI, entailment_index, make_nli_backend
from surveybench.metrics.base import MetricContext
from surveybench.metrics.citation_nli import CitationNLI
from surveybench.model import Reference
from tests._llm_metric_helpers import survey


def test_entailment_index_by_name() -> None:
    assert entailment_index({0: "entailment", 1: "neutral", 2: "contradiction"}) == 0
    assert entailment_index({"0": "CONTRADICTION", "1": "NEUTRAL", "2": "ENTAILMENT"}) == 2
    assert entailment_index({0: "not_entailment", 1: "Entailed"}) == 1
    with pytest.raises(ValueError, match="no entailment label"):
        entailment_index({0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"})
    with pytest.raises(ValueError, match="unknown NLI backend"):
        make_nli_backend("nli-model-without-prefix")


@pytest.fixture(scope="module")
def tiny_nli_dir(tmp_path_factory: pytest.TempPathFactory):
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizer

    d = tmp_path_factory.mktemp("tiny-nli")
    words = "the a claim source states fact x y z supports is model paper".split()
    (d / "vocab.txt").write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *words]) + "\n")
    tok = BertTokenizer(str(d / "vocab.txt"), model_max_length=32)
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=len(words) + 5, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=32, max_position_embeddings=64, num_labels=3,
        id2label={0: "entailment", 1: "neutral", 2: "contradiction"},
        label2id={"entailment": 0, "neutral": 1, "contradiction": 2},
    )
    model = BertForSequenceClassification(config).eval()
    model.save_pretrained(d)
    tok.save_pretrained(d)
    return d


def test_hf_backend_plumbing(tiny_nli_dir) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    nli = make_nli_backend(f"hf:{tiny_nli_dir}")
    assert isinstance(nli, HFNLI) and nli.entail == 0
    pairs = [("source states fact x", "claim x"), ("the paper", "model y z"), ("fact " * 40, "claim z")]
    got = nli.entails_many(pairs, metric="t")
    tok = AutoTokenizer.from_pretrained(tiny_nli_dir)
    model = AutoModelForSequenceClassification.from_pretrained(tiny_nli_dir).eval()
    for (p, c), v in zip(pairs, got):
        with torch.no_grad():
            logits = model(**tok(p, c, truncation="only_first", max_length=32, return_tensors="pt")).logits
        assert v.value == (int(logits.argmax()) == 0)
    assert [v.truncated for v in got] == [False, False, True]


def test_citation_nli_runs_on_hf_backend(tiny_nli_dir) -> None:
    s = survey("S", [("Intro", ["Claim x [1; 2]. Claim y [2]."])],
               [Reference(id="b1", numbers=["1"], abstract="source states fact x"),
                Reference(id="b2", numbers=["2"], abstract="source states fact y")])
    ctx = MetricContext({"nli": lambda: make_nli_backend(f"hf:{tiny_nli_dir}")})
    res = CitationNLI().compute(s, s, ctx)
    assert res.details["nli"] == f"hf:{tiny_nli_dir}"
    assert res.details["claims_judged"] == 2
    # recall by hand from the model's own verdicts on the two premises AutoSurvey's h() sees:
    # claim 1 against both sources joined in citation order, claim 2 against source 2
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(tiny_nli_dir)
    model = AutoModelForSequenceClassification.from_pretrained(tiny_nli_dir).eval()

    def h(premise: str, claim: str) -> bool:
        with torch.no_grad():
            return int(model(**tok(premise, claim, return_tensors="pt")).logits.argmax()) == 0

    expected = (h("source states fact x\nsource states fact y", "Claim x.") + h("source states fact y", "Claim y.")) / 2
    assert res.scores["recall"] == pytest.approx(expected)
    assert res.usage == {}
