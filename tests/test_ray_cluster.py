"""``--executor ray`` on a real Ray cluster: a head and a worker node started as separate
``ray start`` processes on 127.0.0.1 (one CPU each), shared by every test of this module.

* eval on a slice of the development set gives the same Parquet, row for row and value for
  value, as the local executor (model-free metrics as Ray tasks, an embedding metric on the
  per-node model hosts);
* a judge metric: the reply cache and the endpoint limits hold for the whole cluster (each
  distinct prompt sent once; never more requests in flight than --judge-concurrency; a
  Retry-After pauses every node);
* a worker process killed by PID in the middle of a unit costs only its in-flight units;
* a driver killed by PID and started again recomputes nothing that was stored;
* the snapshot build on generated shards gives the same corpus through Ray Data as through
  DuckDB.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

from surveybench.ray_cluster import LocalRayCluster, connect

pytestmark = pytest.mark.slow

PROJECT = Path(__file__).resolve().parent.parent
SYSTEMS = ["AutoSurvey", "SurveyForge"]
TOPICS = ["Graph Neural Networks", "Vision Transformers"]

# Plugin metrics for the fault tests: each logs the start and end of every unit with its PID,
# waits (so a unit can be killed mid-way) and returns a value from the two surveys' texts.
SLOW_METRICS = textwrap.dedent('''
    import json, os, time
    from surveybench.metrics.base import MetricResult, MetricSpec, ResourceDecl, neutral, register

    def _log(event, metric, candidate):
        line = json.dumps({"event": event, "metric": metric, "pid": os.getpid(),
                           "unit": f"{candidate.system}/{candidate.topic}"})
        with open(os.environ["SURVEYBENCH_RAYTEST_LOG"], "a") as fh:
            fh.write(line + "\\n")

    def _ratio(metric, candidate, reference):
        _log("start", metric, candidate)
        time.sleep(float(os.environ.get("SURVEYBENCH_RAYTEST_PAUSE", "1.5")))
        c, r = len(candidate.body_text().split()), len(reference.body_text().split())
        _log("end", metric, candidate)
        return MetricResult(metric, {"ratio": c / max(1, r)})

    SPEC = MetricSpec("1", (neutral("ratio", "candidate words / reference words (test)"),))

    class SlowTask:
        name = "_ray_slow_task"; description = "slow, model-free (test)"; paper = "none"
        requires = frozenset(); spec = SPEC
        def compute(self, candidate, reference, ctx):
            return _ratio(self.name, candidate, reference)

    def _build_counter(settings, ctx):
        return {"built_by": os.getpid()}

    def _counter_identity(settings):
        return "counter-1"

    class SlowHost:
        name = "_ray_slow_host"; description = "slow, needs a model resource (test)"; paper = "none"
        requires = frozenset({"_ray_counter"}); spec = SPEC
        provides = (ResourceDecl("_ray_counter", build=_build_counter, identity=_counter_identity),)
        def compute(self, candidate, reference, ctx):
            assert ctx.get("_ray_counter")["built_by"] == os.getpid()  # built in this host
            return _ratio(self.name, candidate, reference)

    register(SlowTask())
    register(SlowHost())
''')


# ---- fixtures ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def cluster():
    c = LocalRayCluster(workers=1, cpus_per_node=1).start()
    try:
        LocalRayCluster.prepare_driver()
        info = connect(c.address)
        assert info["nodes"] == 2 and info["cpus"] == 2.0
        yield c
    finally:
        import ray

        ray.shutdown()
        c.stop()


@pytest.fixture(scope="module")
def dev_workspace(tmp_path_factory, dev_dir):
    from surveybench import api

    ws = tmp_path_factory.mktemp("ray-ws") / "base"
    api.import_surveys([dev_dir / s for s in SYSTEMS], workspace=ws, system_from_dir=True)
    return ws


@pytest.fixture(scope="module")
def slow_plugin(tmp_path_factory):
    """The plugin file; its metrics leave the registry of this process afterwards."""
    from surveybench.metrics.base import REGISTRY

    path = tmp_path_factory.mktemp("plugin") / "slow_metrics.py"
    path.write_text(SLOW_METRICS)
    yield path
    for name in ("_ray_slow_task", "_ray_slow_host"):
        REGISTRY.pop(name, None)
    for mod in [m for m in sys.modules if m.startswith("_surveybench_plugin_")]:
        if getattr(sys.modules[mod], "__file__", None) == str(path):
            del sys.modules[mod]


def _copy_ws(base: Path, dest: Path) -> Path:
    shutil.copytree(base, dest)
    return dest


def _log_events(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


# ---- eval: identical results ------------------------------------------------------------------
def test_eval_on_ray_gives_the_local_parquet(cluster, dev_workspace, dev_dir, minilm_path, tmp_path):
    from surveybench import api
    from surveybench.eval.executor_ray import RayExecutor

    # structural_overlap embeds section titles with MiniLM: the model-host path at little cost
    common = dict(metrics=["deterministic", "structural_overlap"], topics=TOPICS[:1],
                  gold_dir=dev_dir / "HumanSurvey", embedder=str(minilm_path))
    local = api.evaluate(SYSTEMS, workspace=_copy_ws(dev_workspace, tmp_path / "local"), **common)
    executor = RayExecutor(cluster.address, jobs=2)
    on_ray = api.evaluate(SYSTEMS, workspace=_copy_ws(dev_workspace, tmp_path / "ray"), executor=executor, **common)

    a, b = pd.read_parquet(local.results_path), pd.read_parquet(on_ray.results_path)
    assert len(a) > 25 and set(a["metric"]) >= {"rouge", "citation_set", "structural_overlap"}
    assert (a["status"] == "ok").sum() > 25
    pd.testing.assert_frame_equal(a, b, check_exact=True)  # every row and value, the run id too
    assert on_ray.computed == local.computed == len(SYSTEMS) * len(set(a["metric"]))
    ex = on_ray.manifest["executor"]
    assert ex["name"] == "ray" and ex["cluster"]["nodes"] == 2
    assert ex["model_hosts"] == 2  # structural_overlap ran on one model host per node
    assert local.manifest["config"]["executor"] == "local"


# ---- judge: cache and limits across the cluster -----------------------------------------------
def test_judge_cache_and_limits_hold_cluster_wide(cluster, dev_workspace, dev_dir, scripted_llm, minilm_path,
                                                  tmp_path):
    from surveybench import api
    from surveybench.eval.executor_ray import RayExecutor
    from surveybench.judges.scripted_server import Fault

    # key_point_recall: key points are extracted from each human survey (the same prompt for
    # both systems), then each system's survey is checked against them
    scripted_llm.when(r"Extract the key points", json.dumps(["Graphs matter.", "Attention helps.", "Benchmarks vary."]))
    scripted_llm.default = "Yes"
    scripted_llm.latency = 0.05
    scripted_llm.enqueue(Fault.rate_limit(retry_after="1"))
    ws = _copy_ws(dev_workspace, tmp_path / "ws")
    executor = RayExecutor(cluster.address, jobs=3)
    kpr = dict(metrics=["key_point_recall"], topics=TOPICS[:1], gold_dir=dev_dir / "HumanSurvey",
               judge=scripted_llm.spec, embedder=str(minilm_path), options={"kpr_max_points": 2})
    out = api.evaluate(SYSTEMS, workspace=ws, judge_concurrency=2, executor=executor, **kpr)
    reqs = [r for r in scripted_llm.requests if r.status == 200]
    assert out.computed == len(SYSTEMS) and out.failed == 0 and reqs
    # nothing asked twice across the two nodes' hosts (3 threads each)
    prompts = Counter(json.dumps(r.messages, sort_keys=True) for r in reqs)
    assert max(prompts.values()) == 1, [p[:200] for p, n in prompts.items() if n > 1]
    # 6 threads on two nodes, yet never more than --judge-concurrency requests at the server
    assert scripted_llm.max_in_flight == 2
    # the 429 paused every node: no request started within its Retry-After
    limited = next(r for r in scripted_llm.requests if r.status == 429)
    later = [r.t_start for r in scripted_llm.requests if r.t_start > limited.t_end]  # sent after the 429
    assert later and min(later) >= limited.t_end + 0.95
    assert out.manifest["executor"]["judge_limits"]  # the limits server was used and reported
    # a rerun on the local executor is answered by the cache the cluster filled
    before = len(scripted_llm.requests)
    first = pd.read_parquet(out.results_path)
    # every cluster unit ranked chunks with the embedder: a unit that fell back to document order
    # would ask other chunks than the rerun (CI once saw the rerun send one request more)
    strategies = [json.loads(p.read_text())["details"]["chunk_strategy"] for p in (ws / "units").rglob("*.json")]
    assert len(strategies) == len(SYSTEMS) and all("embedding similarity" in s for s in strategies), strategies
    for p in (ws / "units").rglob("*.json"):
        p.unlink()  # the units again, on the local executor: every judge call from the cache
    again = api.evaluate(SYSTEMS, workspace=ws, **kpr)
    assert again.computed == out.computed
    assert len(scripted_llm.requests) == before, [json.dumps(r.messages)[:600] for r in scripted_llm.requests[before:]]
    pd.testing.assert_frame_equal(first, pd.read_parquet(again.results_path), check_exact=True)


# ---- faults -----------------------------------------------------------------------------------
def _kill_first_worker_in_flight(log: Path, metric: str, driver_pid: int, done: threading.Event) -> int | None:
    """SIGKILL the worker process running the first started unit of ``metric``; its PID."""
    while not done.is_set():
        for e in _log_events(log):
            if e["metric"] == metric and e["event"] == "start" and e["pid"] != driver_pid:
                os.kill(e["pid"], signal.SIGKILL)
                return e["pid"]
        time.sleep(0.05)
    return None


@pytest.mark.parametrize("metric", ["_ray_slow_task", "_ray_slow_host"])
def test_killed_worker_costs_only_its_units(cluster, dev_workspace, dev_dir, slow_plugin, tmp_path,
                                            monkeypatch, metric):
    from surveybench import api
    from surveybench.eval.executor_ray import RayExecutor

    log = tmp_path / "units.log"
    monkeypatch.setenv("SURVEYBENCH_RAYTEST_LOG", str(log))
    common = dict(metrics=[metric], topics=TOPICS, gold_dir=dev_dir / "HumanSurvey",
                  metrics_modules=[str(slow_plugin)])
    monkeypatch.setenv("SURVEYBENCH_RAYTEST_PAUSE", "0")
    local = api.evaluate(SYSTEMS, workspace=_copy_ws(dev_workspace, tmp_path / "local"), **common)
    log.unlink()
    monkeypatch.setenv("SURVEYBENCH_RAYTEST_PAUSE", "1.5")
    executor = RayExecutor(cluster.address, jobs=1, metrics_modules=[str(slow_plugin)])
    done = threading.Event()
    killed: list[int | None] = []
    killer = threading.Thread(target=lambda: killed.append(
        _kill_first_worker_in_flight(log, metric, os.getpid(), done)))
    killer.start()
    try:
        on_ray = api.evaluate(SYSTEMS, workspace=_copy_ws(dev_workspace, tmp_path / "ray"), executor=executor,
                              **common)
    finally:
        done.set()
        killer.join()
    assert killed and killed[0] is not None
    events = _log_events(log)
    units = len(SYSTEMS) * len(TOPICS)
    by_killed = [e for e in events if e["pid"] == killed[0]]
    in_flight = {e["unit"] for e in by_killed if e["event"] == "start"} - {
        e["unit"] for e in by_killed if e["event"] == "end"}
    assert len(in_flight) == 1  # one unit at a time per worker: the killed one
    starts = Counter(e["unit"] for e in events if e["event"] == "start")
    # every unit ran once, except the one in flight on the killed worker: twice
    assert sorted(starts.values()) == [1] * (units - 1) + [2]
    assert starts[next(iter(in_flight))] == 2
    assert on_ray.computed == units and on_ray.failed == 0 and not on_ray.manifest["skipped"]
    pd.testing.assert_frame_equal(pd.read_parquet(local.results_path), pd.read_parquet(on_ray.results_path),
                                  check_exact=True)


def test_killed_driver_resumes_with_nothing_recomputed(cluster, dev_workspace, dev_dir, slow_plugin, tmp_path):
    ws = _copy_ws(dev_workspace, tmp_path / "ws")
    log = tmp_path / "units.log"
    env = {**cluster.env(), "SURVEYBENCH_RAYTEST_LOG": str(log), "SURVEYBENCH_RAYTEST_PAUSE": "1.0"}
    cmd = [sys.executable, "-m", "surveybench.cli", "eval", "-w", str(ws), "--gold", str(dev_dir / "HumanSurvey"),
           "-m", "_ray_slow_task", "--metrics-module", str(slow_plugin), "--no-progress",
           "--executor", "ray", "--ray-address", cluster.address]
    for s in SYSTEMS:
        cmd += ["-s", s]
    from surveybench.eval.units import UnitStore
    from surveybench.workspace import Workspace

    units_dir = UnitStore(Workspace(ws).units_dir).root

    def stored_files() -> list[Path]:
        return sorted(units_dir.rglob("*.json")) if units_dir.is_dir() else []

    proc = subprocess.Popen(cmd, cwd=PROJECT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 240
    while proc.poll() is None and time.monotonic() < deadline:
        if len(stored_files()) >= 3:
            break
        time.sleep(0.05)
    assert proc.poll() is None, proc.stdout.read().decode()[-3000:]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    time.sleep(1.0)  # Ray ends the dead driver's tasks
    stored = {p: p.read_text() for p in stored_files()}
    total = len(SYSTEMS) * 5  # every topic of the development set
    assert 3 <= len(stored) < total
    started_before = Counter(e["unit"] for e in _log_events(log) if e["event"] == "start")

    res = subprocess.run(cmd, cwd=PROJECT, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    manifest = json.loads(next((ws / "runs").glob("*/manifest.json")).read_text())
    assert manifest["units"]["reused"] == len(stored)
    assert manifest["units"]["computed_this_session"] == total - len(stored)
    assert manifest["executor"]["name"] == "ray"
    for path, text in stored.items():  # the stored units were not written again
        assert path.read_text() == text
    started_after = Counter(e["unit"] for e in _log_events(log) if e["event"] == "start") - started_before
    stored_units = {f"{json.loads(t)['key']['system']}/{json.loads(t)['key']['topic']}" for t in stored.values()}
    assert not stored_units & set(started_after)  # nothing stored was computed again
    assert sum(started_after.values()) == total - len(stored)


# ---- snapshot build ---------------------------------------------------------------------------
def _reshard(root: Path, parts: int = 3) -> None:
    """Split every gzipped JSON Lines file under ``root`` into ``parts`` shards (same order)."""
    import gzip

    for path in sorted(root.rglob("*.gz")):
        lines = gzip.open(path, "rt", encoding="utf-8").read().splitlines()
        path.unlink()
        stem = path.name.split(".")[0]
        for i in range(parts):
            with gzip.open(path.with_name(f"{stem}_{i}.jsonl.gz"), "wt", encoding="utf-8") as fh:
                fh.writelines(line + "\n" for line in lines[i::parts])


def test_snapshot_build_on_ray_data_equals_duckdb(cluster, tmp_path, webapi_facts):
    import pyarrow.parquet as pq

    from surveybench.data_builders.checkpoint import StageStore
    from surveybench.data_builders.pipeline import BuildConfig, run_build
    from surveybench.data_builders.s2orc import parse_record
    from tests.plugins.webapis import gold_as_datasets_api_record, write_snapshots

    oa_dir, s2_dir = write_snapshots(webapi_facts, tmp_path / "bulk")
    _reshard(tmp_path / "bulk")
    survey = parse_record(gold_as_datasets_api_record(webapi_facts.gold))
    outs = {}
    for executor in ("local", "ray"):
        work = tmp_path / f"work-{executor}"
        store = StageStore(work)
        store.write_jsonl("02_classification.jsonl", [])
        store.write_jsonl("03_surveys.jsonl", [survey.model_dump_json()])
        store.write_jsonl("03_skipped.jsonl", [])
        for stage in ("01_candidates", "02_classification", "03_fulltext"):
            store.mark_done(stage, {})
        cfg = BuildConfig(work_dir=work, out_dir=tmp_path / f"out-{executor}", openalex_snapshot=oa_dir,
                          s2_snapshot=s2_dir, progress=False, executor=executor,
                          ray_address=cluster.address if executor == "ray" else None)
        stats = run_build(cfg)
        assert stats["stages"]["04_enrichment"]["executor"] == executor
        outs[executor] = (work, cfg.out_dir, stats)
    (lw, lo, ls), (rw, ro, rs) = outs["local"], outs["ray"]
    assert ls["stages"]["04_enrichment"]["with_s2"] == 102 and ls["stages"]["05_second_level"]["found"] == 1988
    for name in ("04_enrichment.json", "04_surveys.jsonl", "05_second_level.jsonl", "06_surveys.jsonl"):
        assert (rw / name).read_text() == (lw / name).read_text(), name
    for config in ("surveys", "references", "second_level_references"):
        tables = [pq.read_table(f).to_pylist() for out in (lo, ro) for f in sorted((out / "data" / config).glob("*.parquet"))]
        assert tables[0] == tables[1] and tables[0]
    assert rs["stages"]["04_enrichment"]["cluster"]["nodes"] == 2


# ---- generate ---------------------------------------------------------------------------------
def test_generate_tasks_on_ray_writes_the_local_outputs(cluster, tmp_path, webapi_facts, scripted_llm):
    from typer.testing import CliRunner

    from surveybench.cli import app
    from tests.test_baselines_index import export_surveygen
    from tests.test_generate_batch import _script

    dataset = export_surveygen(tmp_path / "dataset", webapi_facts.works, min_citers=5)
    _script(scripted_llm)
    outs = {}
    for executor in ("local", "ray"):
        outs[executor] = tmp_path / f"generated-{executor}"
        args = ["generate", "--tasks", str(dataset), "--baseline", "topic-only", "--baseline", "human-guided",
                "--judge", scripted_llm.spec, "-w", str(tmp_path / f"ws-{executor}"), "-o", str(outs[executor]),
                "--jobs", "2", "--executor", executor]
        if executor == "ray":
            args += ["--ray-address", cluster.address]
        res = CliRunner().invoke(app, args)
        assert res.exit_code == 0, res.output
        assert "done topic-only" in res.output and "done human-guided" in res.output
    files = sorted(p.relative_to(outs["local"]) for p in outs["local"].rglob("*.json")
                   if not p.name.endswith((".usage.json", ".failed.json")) and ".cache" not in p.parts)
    assert len(files) == 2
    stamp = re.compile(r'"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[^"]*"')  # when it was generated
    for rel in files:  # the same surveys, generated by Ray tasks
        ray_text, local_text = (outs["ray"] / rel).read_text(), (outs["local"] / rel).read_text()
        assert len(stamp.findall(local_text)) == 1
        assert stamp.sub("T", ray_text) == stamp.sub("T", local_text)
