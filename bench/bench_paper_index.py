"""Paper index at scale: build and query time of the FAISS index `surveybench index build` writes
(IVF-Flat above 100k papers), with recall@50 against exact search, at N synthetic vectors.

Vectors are clustered unit vectors (384-d, the offline MiniLM's size; 2,000 topics), so IVF has
real structure to exploit. Queries are perturbed papers, run with and without a date cutoff
(an id range: the first half of the rows). Exact search is FAISS IndexFlatIP on the same rows.

    python bench/bench_paper_index.py                # 1,000,000 vectors (several minutes)
    python bench/bench_paper_index.py --n 200000 --nprobe 16 32 64 --noise 1.0
"""

from __future__ import annotations

import argparse
import resource
import time

import numpy as np


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--dim", type=int, default=384)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--k", type=int, default=50)
    ap.add_argument("--nprobe", type=int, nargs="+", default=[16, 64, 128])
    ap.add_argument("--noise", type=float, default=0.35,
                    help="per-dimension spread around a topic centre (0.35: well-separated topics, "
                    "where IVF finds everything; 1.0: topics overlap, a harder case)")
    args = ap.parse_args()

    import faiss

    from surveybench.baselines.index import make_ann

    rng = np.random.default_rng(0)
    n, d, k = args.n, args.dim, args.k
    centers = rng.standard_normal((2000, d)).astype(np.float32)
    x = np.empty((n, d), dtype=np.float32)
    for s in range(0, n, 100_000):
        m = min(100_000, n - s)
        x[s : s + m] = centers[rng.integers(0, len(centers), m)] + args.noise * rng.standard_normal((m, d)).astype(np.float32)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    q = x[rng.integers(0, n, args.queries)] + 0.1 * rng.standard_normal((args.queries, d)).astype(np.float32)
    q /= np.linalg.norm(q, axis=1, keepdims=True)

    t = time.perf_counter()
    flat = faiss.IndexFlatIP(d)
    flat.add(x)
    t_flat_build = time.perf_counter() - t
    t = time.perf_counter()
    _, truth = flat.search(q, k)
    t_flat_q = (time.perf_counter() - t) / len(q)
    half = faiss.IDSelectorRange(0, n // 2)
    _, truth_half = flat.search(q, k, params=faiss.SearchParameters(sel=half))

    t, c = time.perf_counter(), time.process_time()
    ann = make_ann(x, nlist=int(4 * np.sqrt(n)))
    t_build, c_build = time.perf_counter() - t, time.process_time() - c
    print(f"n={n:,} dim={d} queries={len(q)} k={k} noise={args.noise}  threads={faiss.omp_get_max_threads()}")
    print(f"exact  IndexFlatIP   build {t_flat_build:7.1f}s  query {t_flat_q * 1000:8.2f} ms")
    print(f"index  IVFFlat nlist={ann.nlist}  build {t_build:7.1f}s wall, {c_build:7.1f}s CPU (train + add)")

    def recall(found: np.ndarray, exact: np.ndarray) -> float:
        return float(np.mean([len(set(a) & set(b)) / k for a, b in zip(found, exact, strict=True)]))

    for nprobe in args.nprobe:
        ann.nprobe = nprobe
        t = time.perf_counter()
        _, got = ann.search(q, k)
        tq = (time.perf_counter() - t) / len(q)
        params = faiss.SearchParametersIVF(sel=half, nprobe=nprobe)
        t = time.perf_counter()
        _, got_half = ann.search(q, k, params=params)
        tqh = (time.perf_counter() - t) / len(q)
        print(f"  nprobe={nprobe:3d}  query {tq * 1000:7.2f} ms ({t_flat_q / tq:5.1f}x exact)  "
              f"recall@{k} {recall(got, truth):.3f}  |  with cutoff {tqh * 1000:7.2f} ms  "
              f"recall@{k} {recall(got_half, truth_half):.3f}  all before cutoff: {bool((got_half < n // 2).all())}")
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6:.2f} GB", flush=True)


if __name__ == "__main__":
    main()
