"""Options shared by the metrics that run embedding models (semantic_similarity,
relevance_semantic, bertscore). Each is one object imported by every metric that reads it, so
the engine sees one name with one type and default (see :class:`surveybench.metrics.base.Option`).
"""

from __future__ import annotations

from surveybench.embeddings import DEFAULT_BATCH_SIZE, EMBEDDING_BACKENDS
from surveybench.metrics.base import Option

DEVICE_OPTION = Option(
    "device", str, "auto",
    "torch device of the embedding models: auto (a CUDA/MPS GPU when there is one, else cpu), cpu, cuda, cuda:1, mps",
)
EMBEDDING_BACKEND_OPTION = Option(
    "embedding_backend", str, "torch",
    "sentence embedder backend: torch, onnx, onnx-int8 (int8 weights) or openvino; the last three need the "
    "`fast` extra and give slightly different vectors (bench/bench_embedding_metrics.py measures how much)",
    choices=EMBEDDING_BACKENDS,
)
EMBEDDING_BATCH_SIZE_OPTION = Option(
    "embedding_batch_size", int, DEFAULT_BATCH_SIZE, "texts per forward pass of the sentence embedder", minimum=1
)
SENTENCE_EMBEDDER_OPTIONS = (DEVICE_OPTION, EMBEDDING_BACKEND_OPTION, EMBEDDING_BATCH_SIZE_OPTION)
