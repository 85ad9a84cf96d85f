"""Scaling out: units per second on the local executor and on Ray with 1 and 2 worker nodes, the
Ray overhead per unit, the snapshot scan rate through DuckDB and Ray Data — in one run — and
from these measured per-unit costs, what the full SurveyGen corpus × 5 systems and a full
Semantic Scholar + OpenAlex snapshot build would take on N nodes.

    python bench/bench_scale.py                   # development set, ~5-10 min on 2 cores
    python bench/bench_scale.py --cores-per-node 32 --nodes 1,4,16,64

Workloads (the development set: 4 systems × ``--topics`` topics, read from ../shared/data):

* ``deterministic``: every metric that needs no model (ROUGE, citation sets, reference
  statistics, ...), i.e. CPU-bound units of real size;
* ``no-op``: 10 plugin metrics that return at once (10 units per pair): what remains is the executor's
  own cost per unit (scheduling, moving both surveys, storing the record);
* ``snapshot``: synthetic OpenAlex ``works`` partitions (gzipped JSON Lines, ``--records``
  records in 8 shards) scanned for 1,000 wanted ids by DuckDB and by Ray Data.

Local runs use one thread (one core, like one worker node here); each worker node has 1 CPU and
the head node none, so "2 worker nodes" is twice the cores of "1 worker node". Timings are
wall clock on a shared machine: compare the ratios printed in one run.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import shutil
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT.parent / "shared" / "data" / "surveybench-dev"
SYSTEMS = ["AutoSurvey", "LLMxMR-V2", "OpenAI_DeepResearch", "SurveyForge"]
NOOP_METRICS = 10

NOOP_PLUGIN = textwrap.dedent('''
    from surveybench.metrics.base import MetricResult, MetricSpec, neutral, register

    SPEC = MetricSpec("1", (neutral("one", "always 1 (bench)"),))

    def _make(i):
        class Noop:
            name = f"_bench_noop_{i}"; description = "returns at once (bench)"; paper = "none"
            requires = frozenset(); spec = SPEC
            def compute(self, candidate, reference, ctx):
                return MetricResult(self.name, {"one": 1.0})
        return Noop()

    for i in range(%d):
        register(_make(i))
''' % NOOP_METRICS)

# Sizes of the full bulk datasets (approximate, from the providers' documentation and release
# notes at the time of writing; only the order of magnitude matters for the projection).
FULL_SNAPSHOT_RECORDS = {
    "S2 papers": 220_000_000,
    "S2 abstracts": 110_000_000,
    "S2 tldrs": 60_000_000,
    "OpenAlex works": 250_000_000,
}
SURVEYGEN_SURVEYS = 4_200
SYSTEMS_FULL = 5


TOPICS: list[str] = []


def evaluate(ws: Path, metrics: list[str], executor=None, modules=()) -> tuple[float, object]:
    from surveybench import api

    t0 = time.perf_counter()
    out = api.evaluate(SYSTEMS, workspace=ws, metrics=metrics, gold_dir=DEV / "HumanSurvey",
                       metrics_modules=list(modules), executor=executor, topics=TOPICS or None)
    return time.perf_counter() - t0, out


def unit_cpu_seconds(out) -> float:
    """Seconds spent inside metrics (sum over the units of the run), per unit."""
    by_metric = out.manifest["usage"]["seconds_by_metric"]
    return sum(by_metric.values()) / max(1, out.computed)


def write_works(root: Path, records: int, shards: int = 8) -> tuple[Path, list[str]]:
    """OpenAlex-like works partitions; returns the snapshot root and 1,000 wanted ids."""
    rng = random.Random(7)
    words = "graph neural network attention survey model learning data language vision".split()
    part = root / "data" / "works" / "updated_date=2025-01-01"
    part.mkdir(parents=True)
    per = records // shards
    for s in range(shards):
        with gzip.open(part / f"part_{s:03d}.gz", "wt", encoding="utf-8") as fh:
            for i in range(s * per, (s + 1) * per):
                text = " ".join(rng.choice(words) for _ in range(60))
                fh.write(json.dumps({
                    "id": f"https://openalex.org/W{i}", "doi": f"https://doi.org/10.5555/{i}",
                    "title": text[:80], "display_name": text[:80], "publication_year": 1990 + i % 35,
                    "cited_by_count": i % 997, "type": "article",
                    "authorships": [{"author": {"id": f"https://openalex.org/A{i % 5000}"}}],
                    "primary_location": {"source": None}, "referenced_works": [],
                    "abstract_inverted_index": {w: [k] for k, w in enumerate(text.split()[:40])},
                }) + "\n")
    wanted = [f"W{i}" for i in rng.sample(range(per * shards), 1000)]
    return root, wanted


def fmt_time(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 172800:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", type=int, default=200_000, help="synthetic works records for the snapshot scan")
    ap.add_argument("--nodes", default="1,4,16,64", help="cluster sizes of the projection table")
    ap.add_argument("--cores-per-node", type=int, default=32, help="cores per node in the projection table")
    ap.add_argument("--judge-calls-per-pair", type=float, default=400.0,
                    help="judge calls per (generated, human) pair for the LLM-judged metrics (projection)")
    ap.add_argument("--judge-rps-per-gpu", type=float, default=4.0,
                    help="judge requests/s one GPU serves (vLLM, 7-8B model; an assumption, not measured here)")
    ap.add_argument("--topics", type=int, default=2, help="development-set topics evaluated (of 5)")
    args = ap.parse_args()
    TOPICS[:] = sorted(p.stem for p in (DEV / "HumanSurvey").glob("*.md"))[:args.topics]

    from surveybench import api
    from surveybench.data_builders.snapshot import fetch_second_level_snapshot
    from surveybench.eval.executor_ray import RayExecutor
    from surveybench.ray_cluster import LocalRayCluster, connect

    tmp = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    plugin_path = tmp / "noop_metrics.py"
    plugin_path.write_text(NOOP_PLUGIN)
    plugin = str(plugin_path)
    base = tmp / "base"
    api.import_surveys([DEV / s for s in SYSTEMS], workspace=base, system_from_dir=True)
    noop = [f"_bench_noop_{i}" for i in range(NOOP_METRICS)]
    rows: list[tuple[str, str, int, float]] = []  # (workload, executor, units, seconds)
    fresh = iter(range(100))

    def ws() -> Path:
        return Path(shutil.copytree(base, tmp / f"ws{next(fresh)}"))

    from surveybench.eval.plan import select_metrics

    deterministic = [m.name for m in select_metrics(["deterministic"])]  # before the no-op plugin
    print("measuring the local executor (1 thread) ...", flush=True)
    sec, det_local = evaluate(ws(), deterministic)
    rows.append(("deterministic", "local, 1 thread", det_local.computed, sec))
    det_unit_cpu = unit_cpu_seconds(det_local)
    det_units_per_pair = det_local.computed / (len(SYSTEMS) * len(TOPICS))
    sec, out = evaluate(ws(), noop, modules=[plugin])
    rows.append(("no-op", "local, 1 thread", out.computed, sec))

    oa_root, wanted = write_works(tmp / "openalex", args.records)
    t0 = time.perf_counter()
    duck = fetch_second_level_snapshot(wanted, openalex_dir=oa_root)
    rows.append(("snapshot scan", "DuckDB (local)", args.records, time.perf_counter() - t0))

    cluster = LocalRayCluster(workers=1, cpus_per_node=1, head_cpus=0).start()
    try:
        LocalRayCluster.prepare_driver()
        connect(cluster.address)
        from surveybench.data_builders.ray_snapshot import RayScanRunner

        for n_workers in (1, 2):
            if n_workers == 2:
                cluster.add_worker()
            label = f"Ray, {n_workers} worker node{'s' if n_workers > 1 else ''}"
            print(f"measuring {label} ...", flush=True)
            sec, out = evaluate(ws(), deterministic, RayExecutor(cluster.address))
            assert out.computed == det_local.computed
            rows.append(("deterministic", label, out.computed, sec))
            sec, out = evaluate(ws(), noop, RayExecutor(cluster.address, metrics_modules=[plugin]), [plugin])
            rows.append(("no-op", label, out.computed, sec))
            runner = RayScanRunner(cluster.address)
            fetch_second_level_snapshot(wanted[:10], openalex_dir=oa_root, scans=runner)  # warm-up
            t0 = time.perf_counter()
            got = fetch_second_level_snapshot(wanted, openalex_dir=oa_root, scans=runner)
            rows.append(("snapshot scan", f"Ray Data, {n_workers} worker node{'s' if n_workers > 1 else ''}",
                         args.records, time.perf_counter() - t0))
            assert got == duck, "Ray Data and DuckDB disagree"
    finally:
        import ray

        ray.shutdown()
        cluster.stop()
        shutil.rmtree(tmp, ignore_errors=True)

    # ---- measured --------------------------------------------------------------------------
    print("\n## Measured (this machine, one run)\n")
    print("| workload | executor | units | wall | units/s |")
    print("|---|---|---:|---:|---:|")
    rate: dict[tuple[str, str], float] = {}
    for workload, ex, n, sec in rows:
        rate[(workload, ex)] = n / sec
        unit = "records" if workload == "snapshot scan" else "units"
        print(f"| {workload} | {ex} | {n:,} {unit} | {sec:.1f} s | {n / sec:,.1f} |")
    noop_local = 1 / rate[("no-op", "local, 1 thread")]
    noop_ray1 = 1 / rate[("no-op", "Ray, 1 worker node")]
    noop_ray2 = 1 / rate[("no-op", "Ray, 2 worker nodes")]
    det1 = rate[("deterministic", "Ray, 1 worker node")]
    det2 = rate[("deterministic", "Ray, 2 worker nodes")]
    scan1 = rate[("snapshot scan", "Ray Data, 1 worker node")]
    scan2 = rate[("snapshot scan", "Ray Data, 2 worker nodes")]
    eff = (det2 / det1) / 2  # parallel efficiency from 1 to 2 nodes
    print(f"\nexecutor overhead per unit: local {noop_local * 1000:.1f} ms, "
          f"Ray {noop_ray1 * 1000:.1f} ms (1 worker node) / {noop_ray2 * 1000:.1f} ms (2 worker nodes)")
    print(f"deterministic metrics: {det_unit_cpu * 1000:.0f} ms of metric time per unit, "
          f"{det_units_per_pair:.0f} units per pair; Ray 2 vs 1 worker nodes: {det2 / det1:.2f}x "
          f"(parallel efficiency {eff:.0%}); Ray 1 worker node vs local: "
          f"{det1 / rate[('deterministic', 'local, 1 thread')]:.2f}x")
    print(f"snapshot scan: DuckDB {rate[('snapshot scan', 'DuckDB (local)')]:,.0f} records/s (all cores of this "
          f"machine), Ray Data {scan1:,.0f} records/s (1 worker node) / {scan2:,.0f} (2 worker nodes)")

    # ---- projection ------------------------------------------------------------------------
    nodes = [int(n) for n in args.nodes.split(",")]
    cores = args.cores_per_node
    pairs = SURVEYGEN_SURVEYS * SYSTEMS_FULL
    eff_used = min(1.0, max(eff, 0.5))
    det_total = pairs * det_units_per_pair * (det_unit_cpu + noop_ray1)  # core-seconds
    scan_per_core = scan2 / 2
    print(f"\n## Projection: SurveyGen corpus ({SURVEYGEN_SURVEYS:,} surveys) × {SYSTEMS_FULL} systems "
          f"= {pairs:,} pairs; full snapshot build\n")
    print(f"{cores} cores per node; parallel efficiency {eff_used:.0%} (measured 1 → 2 nodes, "
          "clamped to 50-100%); judge throughput is an assumption, see --judge-rps-per-gpu.\n")
    header = " | ".join(f"{n} node{'s' if n > 1 else ''}" for n in nodes)
    print(f"| job | {header} |")
    print("|---|" + "---:|" * len(nodes))
    print("| deterministic metrics (" + f"{pairs * det_units_per_pair:,.0f} units) | " + " | ".join(
        fmt_time(det_total / (n * cores * eff_used)) for n in nodes) + " |")
    judge_calls = pairs * args.judge_calls_per_pair
    print(f"| LLM-judged metrics ({judge_calls:,.0f} calls, 1 GPU per node) | " + " | ".join(
        fmt_time(judge_calls / (n * args.judge_rps_per_gpu)) for n in nodes) + " |")
    total_records = sum(FULL_SNAPSHOT_RECORDS.values())
    # one pass per stage: S2 papers (the four look-ups share it), abstracts + tldrs together,
    # OpenAlex works for stage 4 and again for stage 5
    passes = (FULL_SNAPSHOT_RECORDS["S2 papers"] + FULL_SNAPSHOT_RECORDS["S2 abstracts"]
              + FULL_SNAPSHOT_RECORDS["S2 tldrs"] + 2 * FULL_SNAPSHOT_RECORDS["OpenAlex works"])
    print(f"| snapshot build, stages 4-5 ({passes / 1e6:,.0f} M records read) | " + " | ".join(
        fmt_time(passes / (scan_per_core * n * cores * eff_used)) for n in nodes) + " |")
    print(f"\n(full snapshot sizes assumed: {', '.join(f'{k} {v / 1e6:.0f} M' for k, v in FULL_SNAPSHOT_RECORDS.items())}; "
          f"{total_records / 1e6:,.0f} M records in all)")


if __name__ == "__main__":
    sys.exit(main())
