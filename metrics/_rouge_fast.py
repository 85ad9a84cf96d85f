"""Exact, fast re-implementation of ``rouge_score.rouge_scorer`` (Lin 2004) for whole surveys.

``rouge-score`` fills a full ``len(ref) x len(cand)`` Python table for ROUGE-L and, for
ROUGE-Lsum, one table per (reference sentence, candidate sentence) pair: about 96 s for one pair
of 15k/22k-word surveys. This module gives the *same floats* much faster:

* **Tokens** come from ``rouge_score.tokenize.tokenize`` itself (lower-case, every run of
  non-``[a-z0-9]`` characters becomes a space, Porter-stem tokens longer than 3 characters with
  NLTK's ``PorterStemmer``, drop empty tokens); only the stemmer is wrapped in a cache, and
  tokens are interned to ints.
* **ROUGE-L** length of the LCS by the bit-parallel algorithm of Allison & Dix (1986) in the
  formulation of Hyyrö (2004), one Python big-int operation per reference token:
  ``U = V & M[x];  V = (V + U) | (V - U)``; LCS = number of zero bits of ``V``.
* **ROUGE-Lsum** needs, for every reference sentence ``r`` and candidate sentence ``c``, the
  *particular* LCS that ``rouge_scorer._backtrack_norec`` reads out of the DP table, because the
  union of those index sets decides the hits. All candidate sentences are packed into one
  big int, each in its own bit segment fenced by guard bits so carries cannot cross, and the
  forward pass for ``r`` runs against all of them at once. From two consecutive rows the
  forward pass also yields the *vertical* differences ``t[i][j] - t[i-1][j]``: a run of ones
  in ``V`` that contains a match moves its terminating zero ``q`` down to its lowest matched bit
  ``p``, so row ``i`` exceeds row ``i-1`` exactly on bits ``[p, q)``, i.e. ``Dv = Q - P``.
  The rouge-score backtrack from ``(i, j)`` is: take a match at column ``j``; else go up if
  ``t[i-1][j] == t[i][j]``; else go left. So in row ``i`` each segment jumps to its highest
  column ``<= j`` that is a match or has ``Dv == 0`` - a per-segment "highest set bit below a
  limit", done for all segments at once on the bit-reversed masks with the per-segment
  lowest-set-bit trick ``W & ~(W - L)``. Each row costs a handful of big-int operations
  regardless of how many sentence pairs there are.

Equality with ``rouge-score`` is proved in ``tests/test_metric_rouge.py``; speed is measured by
``bench/bench_rouge.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from surveybench.metrics._scores import f1

_REV_BYTE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


@dataclass(frozen=True)
class Score:
    """Same fields and values as ``rouge_score.scoring.Score``."""

    precision: float
    recall: float
    fmeasure: float


def fmeasure(precision: float, recall: float) -> float:
    # rouge_score.scoring.fmeasure's expression (precision, recall >= 0 here), so the floats are bit-identical
    return f1(precision, recall)


_ZERO = Score(0, 0, 0)


# ---- tokenisation ---------------------------------------------------------------------------


class _CachedStemmer:
    """NLTK's Porter stemmer (what rouge-score uses) behind a cache: stemming is pure."""

    def __init__(self) -> None:
        from nltk.stem import porter

        self._stem = lru_cache(maxsize=200_000)(porter.PorterStemmer().stem)

    def stem(self, word: str) -> str:
        return self._stem(word)


@lru_cache(maxsize=1)
def _stemmer() -> _CachedStemmer:
    return _CachedStemmer()


def tokenize(text: str, use_stemmer: bool = True) -> list[str]:
    """Tokens exactly as ``rouge_scorer.RougeScorer(..., use_stemmer=...)`` makes them."""
    from rouge_score import tokenize as rs_tokenize

    return rs_tokenize.tokenize(text, _stemmer() if use_stemmer else None)


class Vocab:
    """Interns tokens to small ints so comparisons and hashing are cheap."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def encode(self, tokens: Sequence[str]) -> list[int]:
        ids = self.ids
        out = []
        for t in tokens:
            i = ids.get(t)
            if i is None:
                i = ids[t] = len(ids)
            out.append(i)
        return out


# ---- ROUGE-N --------------------------------------------------------------------------------


def _ngrams(tokens: Sequence[int], n: int) -> Counter:
    if n == 1:
        return Counter(tokens)
    return Counter(zip(*(tokens[k:] for k in range(n))))


def rouge_n(target: Sequence[int], prediction: Sequence[int], n: int) -> Score:
    """``rouge_scorer._score_ngrams`` on n-gram counts."""
    t, p = _ngrams(target, n), _ngrams(prediction, n)
    inter = sum(min(c, p[g]) for g, c in t.items() if g in p)
    precision = inter / max(sum(p.values()), 1)
    recall = inter / max(sum(t.values()), 1)
    return Score(precision, recall, fmeasure(precision, recall))


# ---- ROUGE-L --------------------------------------------------------------------------------


def _bitmasks(positions: dict[int, list[int]], nbits: int) -> dict[int, int]:
    nbytes = (nbits + 7) // 8
    out = {}
    for tok, pos in positions.items():
        buf = bytearray(nbytes)
        for p in pos:
            buf[p >> 3] |= 1 << (p & 7)
        out[tok] = int.from_bytes(buf, "little")
    return out


def lcs_length(a: Sequence[int], b: Sequence[int]) -> int:
    """Length of the longest common subsequence (bit-parallel, Hyyrö 2004)."""
    if not a or not b:
        return 0
    wanted = set(a)
    positions: dict[int, list[int]] = {}
    for j, tok in enumerate(b):
        if tok in wanted:
            positions.setdefault(tok, []).append(j)
    masks = _bitmasks(positions, len(b))
    full = (1 << len(b)) - 1
    v = full
    for tok in a:
        m = masks.get(tok)
        if m is None:
            continue
        u = v & m
        v = ((v + u) | (v - u)) & full
    return len(b) - v.bit_count()


def rouge_l(target: Sequence[int], prediction: Sequence[int]) -> Score:
    """``rouge_scorer._score_lcs``."""
    if not target or not prediction:
        return _ZERO
    lcs = lcs_length(target, prediction)
    precision = lcs / len(prediction)
    recall = lcs / len(target)
    return Score(precision, recall, fmeasure(precision, recall))


# ---- ROUGE-Lsum -----------------------------------------------------------------------------


class _PackedSentences:
    """All candidate sentences in one bit layout: pad, seg0, guard, seg1, guard, ...

    Original space: bit ``o_s + j - 1`` is column ``j`` (1-based) of segment ``s``; the guard
    above each segment absorbs the carry out of it. Reversed space (bit ``k`` -> ``T-1-k``)
    puts a guard directly above every segment, which the backtrack needs.
    """

    def __init__(self, sentences: Sequence[Sequence[int]]) -> None:
        offsets: list[tuple[int, int]] = []
        o = 1  # bit 0 is a pad so that, reversed, the first segment has a guard above it
        for s in sentences:
            if s:
                offsets.append((o, len(s)))
                o += len(s) + 1
        total = ((o + 7) // 8) * 8
        self.nbytes = total // 8
        self.total = total
        pos: dict[int, list[int]] = {}
        rpos: dict[int, list[int]] = {}
        seg, rseg, rguard, rstart = bytearray(self.nbytes), bytearray(self.nbytes), [], []
        k = 0
        for s in sentences:
            if not s:
                continue
            o_s, n_s = offsets[k]
            k += 1
            for j, tok in enumerate(s, 1):
                b = o_s + j - 1
                rb = total - o_s - j
                pos.setdefault(tok, []).append(b)
                rpos.setdefault(tok, []).append(rb)
                seg[b >> 3] |= 1 << (b & 7)
                rseg[rb >> 3] |= 1 << (rb & 7)
            rguard.append(total - o_s)
            rstart.append(total - o_s - n_s)
        self.masks = _bitmasks(pos, total)
        self.rmasks = _bitmasks(rpos, total)
        self.seg = int.from_bytes(seg, "little")
        self.rseg = int.from_bytes(rseg, "little")
        self.rguard = _bits(rguard)
        self.rstart = _bits(rstart)
        self.empty = not offsets

    def reverse(self, x: int) -> int:
        return int.from_bytes(x.to_bytes(self.nbytes, "little").translate(_REV_BYTE), "big")

    def union_lcs(self, ref: Sequence[int]) -> list[int]:
        """Sorted union over candidate sentences of ``rouge_scorer.lcs_ind(ref, c)``."""
        if self.empty or not ref:
            return []
        masks, seg = self.masks, self.seg
        v = seg
        rdv: list[int | None] = []
        for tok in ref:
            m = masks.get(tok)
            if m is None:
                rdv.append(None)  # no match anywhere: row i equals row i-1
                continue
            u = v & m
            raw = (v + u) | (v - u)
            vn = raw & seg
            dv = (raw & ~v) - (v & ~vn)  # Q - P: bits [p, q) of every run that moved
            rdv.append(self.reverse(dv))
            v = vn
        rmasks, rseg, g = self.rmasks, self.rseg, self.rguard
        lo = self.rstart  # one bit per segment: lowest allowed (reversed) column bit
        union = []
        for i in range(len(ref), 0, -1):
            d = rdv[i - 1]
            if d is None:
                continue  # every segment goes straight up: state unchanged
            rm = rmasks[ref[i - 1]]
            w = ((rm | (rseg & ~d)) & (g - lo)) | g
            b = w & ~(w - lo)  # lowest set bit of every segment at or above its limit
            diag = b & rm
            if diag:
                union.append(i - 1)
            lo = (diag << 1) | (b & ~rm)
        union.reverse()
        return union


def _bits(positions: Sequence[int]) -> int:
    x = 0
    for p in positions:
        x |= 1 << p
    return x


def rouge_lsum(target_sents: Sequence[Sequence[int]], prediction_sents: Sequence[Sequence[int]]) -> Score:
    """``rouge_scorer._summary_level_lcs`` (union LCS per reference sentence, ROUGE §3.2)."""
    if not target_sents or not prediction_sents:
        return _ZERO
    m = sum(map(len, target_sents))
    n = sum(map(len, prediction_sents))
    if not n or not m:
        return _ZERO
    cnt_r: Counter = Counter()
    cnt_c: Counter = Counter()
    for s in target_sents:
        cnt_r.update(s)
    for s in prediction_sents:
        cnt_c.update(s)
    packed = _PackedSentences(prediction_sents)
    hits = 0
    for r in target_sents:
        for idx in packed.union_lcs(r):
            t = r[idx]
            if cnt_c[t] > 0 and cnt_r[t] > 0:
                hits += 1
                cnt_c[t] -= 1
                cnt_r[t] -= 1
    recall = hits / m
    precision = hits / n
    return Score(precision, recall, fmeasure(precision, recall))


# ---- one call, like RougeScorer.score -------------------------------------------------------

ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


def score(
    target: str,
    prediction: str,
    rouge_types: Sequence[str] = ROUGE_TYPES,
    *,
    use_stemmer: bool = True,
) -> dict[str, Score]:
    """Same result as ``rouge_scorer.RougeScorer(rouge_types, use_stemmer).score(target, prediction)``.

    ROUGE-Lsum splits both texts on ``"\\n"`` (rouge-score's default, ``split_summaries=False``).
    """
    vocab = Vocab()
    out: dict[str, Score] = {}
    need_flat = any(t != "rougeLsum" for t in rouge_types)
    if need_flat:
        tt = vocab.encode(tokenize(target, use_stemmer))
        pt = vocab.encode(tokenize(prediction, use_stemmer))
    for rt in rouge_types:
        if rt == "rougeL":
            out[rt] = rouge_l(tt, pt)
        elif rt == "rougeLsum":
            ts = [vocab.encode(tokenize(s, use_stemmer)) for s in target.split("\n") if s]
            ps = [vocab.encode(tokenize(s, use_stemmer)) for s in prediction.split("\n") if s]
            out[rt] = rouge_lsum(ts, ps)
        elif rt.startswith("rouge") and rt[5:].isdigit() and len(rt) == 6:
            n = int(rt[5:])
            if n <= 0:
                raise ValueError(f"rougen requires positive n: {rt}")
            out[rt] = rouge_n(tt, pt, n)
        else:
            raise ValueError(f"invalid rouge type: {rt}")
    return out
