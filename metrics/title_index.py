"""An index of real paper titles that answers "does a paper with this title exist?" fast.

Built once from a titles file (one title a line, or CSV/TSV/Parquet/JSONL with a ``title``
column) and saved as a directory of ``.npy`` arrays, which :meth:`TitleIndex.load` memory-maps,
so loading a million-title index takes milliseconds::

    python -m surveybench.metrics.title_index titles.parquet my-title-index/
    surveybench score -r human.md -c generated.md -m citation_accuracy --title-index my-title-index/

A lookup (:meth:`TitleIndex.lookup`) normalises the title (:func:`surveybench.metrics._titles.normalise_title`)
and then

1. **exact**: a 64-bit BLAKE2b hash of the normalised title, binary-searched in the sorted hash
   array (the stored title is compared to rule out hash collisions);
2. **fuzzy** (difflib ratio >= 0.95 as in SurveyGen, see :mod:`surveybench.metrics._titles`): candidates are
   blocked by words - every title sharing one of the query's *blocking words* - where the
   blocking words are the three query words that are rarest in the corpus (words the corpus
   never uses are skipped: they block nothing; words in more than 2% of the titles are never
   used unless the query has nothing rarer) plus every query word used by at most ``RARE_DF``
   titles. Candidates are then cut to the lengths a 0.95 match allows
   (``|b| in [|a|·t/(2-t), |a|·(2-t)/t]``), screened by rapidfuzz's ``fuzz.ratio`` (an upper
   bound of difflib's ratio, so lossless) and confirmed with difflib. A query none of whose
   words occurs in the corpus (a one-word title with a typo, a title in a script written
   without spaces) is compared with every title of a possible length instead.

The word blocking is the one place where the index can differ from a brute-force difflib loop:
a true >= 0.95 match is missed only if it changes *every* blocking word (each of the three
rarest words and every rare word misspelt, pluralised or re-spelt). ``bench/bench_title_match.py``
prints how often that happens on perturbed titles; tests check equality with brute force on a
corpus with typical variants (punctuation, case, one or two character edits, LaTeX, accents).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from surveybench.metrics._titles import THRESHOLD, difflib_ratio, normalise_title, prefilter_cutoff

RARE_DF = 1000
N_RAREST = 3
COMMON_SHARE = 0.02  # words in more than 2% of titles ("learning", "of") are never blocking words
FORMAT_VERSION = 2


def _h64(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


@dataclass(frozen=True)
class Lookup:
    """Result of one lookup: ``found`` when a title with similarity >= threshold exists."""

    query: str
    found: bool
    via: str | None  # "exact", "fuzzy" or None
    similarity: float | None
    title: str | None  # the indexed title as given in the source
    index: int | None  # row in the index


class TitleIndexError(ValueError):
    pass


class TitleIndex:
    """Exact + fuzzy title lookup over millions of titles (see module docstring)."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        # Plain ndarray views of the memory maps: np.memmap's __getitem__ is slow per call.
        self._a = {k: np.asarray(v).view(np.ndarray) for k, v in arrays.items()}
        self.size = len(arrays["offsets"]) - 1
        self._norm = memoryview(self._a["norm_blob"])
        self._raw = memoryview(self._a["raw_blob"])
        self._off = self._a["offsets"]

    # ---- building -------------------------------------------------------------------------
    @classmethod
    def build(cls, titles: Iterable[str]) -> "TitleIndex":
        """Index ``titles`` (empty ones and exact duplicates after normalisation are dropped)."""
        norm_parts: list[bytes] = []
        raw_parts: list[bytes] = []
        hashes: list[int] = []
        lengths: list[int] = []
        flat_words: list[str] = []
        word_counts: list[int] = []
        seen: set[int] = set()
        for title in titles:
            if not title:
                continue
            n = normalise_title(title)
            if not n:
                continue
            h = _h64(n)
            if h in seen:
                continue
            seen.add(h)
            hashes.append(h)
            lengths.append(len(n))
            norm_parts.append(n.encode("utf-8"))
            raw_parts.append(" ".join(str(title).split()).encode("utf-8"))
            ws = set(n.split())
            flat_words.extend(ws)
            word_counts.append(len(ws))
        a: dict[str, np.ndarray] = {}
        a["norm_blob"], a["offsets"] = _pack(norm_parts)
        a["raw_blob"], a["raw_offsets"] = _pack(raw_parts)
        h = np.array(hashes, dtype=np.uint64)
        order = np.argsort(h, kind="stable")
        a["hash_sorted"] = h[order]
        a["hash_rows"] = order.astype(np.int64)
        a["lengths"] = np.array(lengths, dtype=np.int32)
        by_len = np.argsort(a["lengths"], kind="stable")
        a["len_rows"] = by_len.astype(np.int64)
        a["len_sorted"] = a["lengths"][by_len]
        a.update(_postings(flat_words, word_counts))
        return cls(a)

    @classmethod
    def from_file(cls, path: Path, column: str = "title") -> "TitleIndex":
        return cls.build(read_titles(path, column))

    # ---- persistence ----------------------------------------------------------------------
    def save(self, directory: Path) -> Path:
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        for name, arr in self._a.items():
            np.save(directory / f"{name}.npy", arr)
        meta = {"format": "surveybench-title-index", "version": FORMAT_VERSION, "size": self.size}
        (directory / "index.json").write_text(json.dumps(meta), encoding="utf-8")
        return directory

    @classmethod
    def load(cls, directory: Path) -> "TitleIndex":
        directory = Path(directory)
        meta_path = directory / "index.json"
        if not meta_path.is_file():
            raise TitleIndexError(f"{directory}: not a title index (no index.json); build one with TitleIndex.from_file(...).save(dir)")
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        if meta.get("format") != "surveybench-title-index" or meta.get("version") != FORMAT_VERSION:
            raise TitleIndexError(f"{meta_path}: unsupported title index format {meta!r}")
        names = ("norm_blob", "offsets", "raw_blob", "raw_offsets", "hash_sorted", "hash_rows",
                 "lengths", "len_rows", "len_sorted", "word_hash", "post_ptr", "postings")
        arrays = {}
        for name in names:
            f = directory / f"{name}.npy"
            if not f.is_file():
                raise TitleIndexError(f"{directory}: title index is incomplete, {f.name} is missing")
            arrays[name] = np.load(f, mmap_mode="r")
        return cls(arrays)

    @classmethod
    def open(cls, path: Path, column: str = "title") -> "TitleIndex":
        """A saved index directory, or a titles file to index in memory."""
        path = Path(path)
        if path.is_dir():
            return cls.load(path)
        if not path.is_file():
            raise TitleIndexError(f"{path}: no such title index or titles file")
        return cls.from_file(path, column)

    # ---- access ---------------------------------------------------------------------------
    def normalised(self, row: int) -> str:
        o = self._off
        return str(self._norm[int(o[row]) : int(o[row + 1])], "utf-8")

    def _normalised_many(self, rows: np.ndarray) -> list[str]:
        starts = self._off[rows].tolist()
        ends = self._off[rows + 1].tolist()
        mv = self._norm
        return [str(mv[a:b], "utf-8") for a, b in zip(starts, ends)]

    def title(self, row: int) -> str:
        o = self._a["raw_offsets"]
        return str(self._raw[int(o[row]) : int(o[row + 1])], "utf-8")

    def _exact(self, norm: str) -> int | None:
        hs = self._a["hash_sorted"]
        h = np.uint64(_h64(norm))
        k = int(np.searchsorted(hs, h))
        while k < len(hs) and hs[k] == h:
            row = int(self._a["hash_rows"][k])
            if self.normalised(row) == norm:
                return row
            k += 1
        return None

    def candidates(self, norm: str, threshold: float = THRESHOLD) -> np.ndarray:
        """Rows the fuzzy search compares with ``norm``: blocked by words, cut by length."""
        words = sorted(set(norm.split()))
        if not words:
            return np.zeros(0, dtype=np.int64)
        la = len(norm)
        lo, hi = la * threshold / (2 - threshold) - 1e-9, la * (2 - threshold) / threshold + 1e-9
        wh = self._a["word_hash"]
        q = np.array([_h64(w) for w in words], dtype=np.uint64)
        pos = np.searchsorted(wh, q)
        pos_c = np.minimum(pos, len(wh) - 1) if len(wh) else pos
        present = (pos < len(wh)) & (wh[pos_c] == q) if len(wh) else np.zeros(len(q), bool)
        wids = pos[present]
        if len(wids) == 0:
            # No query word occurs in the corpus (a one-word title with a typo, a CJK title
            # without spaces): compare with every title of a possible length instead.
            ls = self._a["len_sorted"]
            return np.sort(self._a["len_rows"][np.searchsorted(ls, lo, "left") : np.searchsorted(ls, hi, "right")])
        ptr = self._a["post_ptr"]
        df = ptr[wids + 1] - ptr[wids]
        order = np.argsort(df, kind="stable")
        common = max(RARE_DF, int(COMMON_SHARE * self.size))
        chosen = [
            wids[k] for i, k in enumerate(order) if (i < N_RAREST and df[k] <= common) or df[k] <= RARE_DF
        ] or [wids[order[0]]]
        post = self._a["postings"]
        rows = np.concatenate([post[ptr[w] : ptr[w + 1]] for w in chosen])
        lens = self._a["lengths"][rows]
        return np.unique(rows[(lens >= lo) & (lens <= hi)]).astype(np.int64)

    def lookup(self, title: str | None, threshold: float = THRESHOLD) -> Lookup:
        norm = normalise_title(title)
        if not norm:
            return Lookup(title or "", False, None, None, None, None)
        row = self._exact(norm)
        if row is not None:
            return Lookup(title or "", True, "exact", 1.0, self.title(row), row)
        from rapidfuzz import fuzz, process

        rows = self.candidates(norm, threshold)
        if len(rows) == 0:
            return Lookup(title or "", False, None, None, None, None)
        texts = self._normalised_many(rows)
        best: tuple[float, int] | None = None
        for _, _, k in process.extract_iter(
            norm, texts, scorer=fuzz.ratio, score_cutoff=prefilter_cutoff(threshold)
        ):
            sim = difflib_ratio(norm, texts[k])
            if sim >= threshold and (best is None or sim > best[0] or (sim == best[0] and rows[k] < best[1])):
                best = (sim, int(rows[k]))
        if best is None:
            return Lookup(title or "", False, None, None, None, None)
        return Lookup(title or "", True, "fuzzy", best[0], self.title(best[1]), best[1])

    def lookup_many(self, titles: Sequence[str | None], threshold: float = THRESHOLD) -> list[Lookup]:
        return [self.lookup(t, threshold) for t in titles]


def _postings(flat_words: list[str], counts: list[int]) -> dict[str, np.ndarray]:
    """Word -> rows inverted lists in CSR form, words ordered by their 64-bit hash."""
    import pandas as pd

    if not flat_words:
        return {
            "word_hash": np.zeros(0, dtype=np.uint64),
            "post_ptr": np.zeros(1, dtype=np.int64),
            "postings": np.zeros(0, dtype=np.int32),
        }
    codes, uniques = pd.factorize(pd.Series(flat_words, dtype=object), sort=False)
    wh = np.array([_h64(w) for w in uniques], dtype=np.uint64)
    worder = np.argsort(wh, kind="stable")
    rank = np.empty_like(worder)
    rank[worder] = np.arange(len(worder))
    new_codes = rank[codes]
    rows = np.repeat(np.arange(len(counts), dtype=np.int32), counts)
    order = np.argsort(new_codes, kind="stable")  # stable: rows stay ascending per word
    sizes = np.bincount(new_codes, minlength=len(uniques))
    return {
        "word_hash": wh[worder],
        "post_ptr": np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
        "postings": rows[order],
    }


def _pack(parts: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
    offsets = np.zeros(len(parts) + 1, dtype=np.int64)
    if parts:
        np.cumsum([len(p) for p in parts], out=offsets[1:])
    blob = np.frombuffer(b"".join(parts), dtype=np.uint8).copy()
    return blob, offsets


def read_titles(path: Path, column: str = "title") -> Iterable[str]:
    """Titles from a ``.txt`` (one a line), ``.csv``/``.tsv``, ``.parquet`` or ``.jsonl`` file."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in (".txt", ".lst", ""):
        with path.open(encoding="utf-8") as f:
            return [line.rstrip("\n") for line in f]
    if suffix in (".csv", ".tsv", ".parquet"):
        import pyarrow.csv as pacsv
        import pyarrow.parquet as pq

        if suffix == ".parquet":
            table = pq.read_table(path)
        else:
            opts = pacsv.ParseOptions(delimiter="\t" if suffix == ".tsv" else ",")
            table = pacsv.read_csv(path, parse_options=opts)
        if column not in table.column_names:
            raise TitleIndexError(f"{path}: no {column!r} column (columns: {', '.join(table.column_names)})")
        return [t for t in table.column(column).to_pylist() if isinstance(t, str)]
    if suffix == ".jsonl":
        out = []
        with path.open(encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as e:
                    raise TitleIndexError(f"{path}:{n}: not JSON ({e.msg})") from None
                t = rec.get(column) if isinstance(rec, dict) else None
                if isinstance(t, str):
                    out.append(t)
        return out
    raise TitleIndexError(f"{path}: unknown titles file type {suffix!r} (use .txt, .csv, .tsv, .parquet or .jsonl)")


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m surveybench.metrics.title_index TITLES_FILE OUT_DIR [--column title]``: build and save."""
    import argparse
    import time

    ap = argparse.ArgumentParser(prog="python -m surveybench.metrics.title_index", description="Build a title index of real papers and save it.")
    ap.add_argument("titles", type=Path, help="titles file: .txt (one a line), .csv, .tsv, .parquet or .jsonl")
    ap.add_argument("out_dir", type=Path, help="directory to write the index to")
    ap.add_argument("--column", default="title", help="title column of a CSV/TSV/Parquet/JSONL file")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    try:
        index = TitleIndex.from_file(args.titles, args.column)
    except (TitleIndexError, OSError, UnicodeDecodeError) as e:
        raise SystemExit(f"error: {e}") from None
    index.save(args.out_dir)
    print(f"indexed {index.size:,} distinct titles from {args.titles} into {args.out_dir} in {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
