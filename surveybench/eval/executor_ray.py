"""``surveybench eval --executor ray``: the units of an evaluation computed on a Ray cluster.

:class:`RayExecutor` implements the engine's :class:`~surveybench.eval.execute.Executor` seam,
so everything around it (planning, unit keys, resume, the Parquet results) is the engine's, and
every record is :func:`~surveybench.eval.execute.compute_unit` — the same code the local
executor runs, hence the same scores.

* A metric that needs no model runs each unit as a Ray task (one CPU each, spread over the
  cluster). A worker process that dies mid-unit costs that unit only: Ray runs the task again
  (``max_retries``).
* A metric that needs models (embedder, BERTScore, NLI, an in-process judge, the title index)
  runs its units in :class:`ModelHost` actors, one per node, each building the models once and
  keeping them for every later metric; ``gpus_per_host`` reserves GPUs for each. A killed host
  process is restarted on its node and its in-flight units are re-run (``max_task_retries``);
  units of a host whose node is gone go to the other hosts.
* Judges built on the hosts share, cluster-wide, what the local judge shares between threads:
  the reply cache (:class:`JudgeServices`, one actor on the driver's node serving the
  workspace's SQLite cache; a prompt in flight on one node makes the same prompt elsewhere wait
  for its reply, so no judge call is made twice) and the endpoint limits
  (:class:`JudgeLimitsServer`, a named actor per judge: ``--judge-concurrency`` requests in
  flight across the whole cluster, and a ``Retry-After`` pause seen by one worker holds back
  all of them).
* Finished units come back to the driver, which stores each one atomically in the workspace the
  moment it arrives (the engine's ``on_done``), so workers need no shared filesystem; a killed
  driver loses only the units in flight, and the same command resumes with nothing recomputed.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from surveybench.eval.execute import OnDone, compute_unit

if TYPE_CHECKING:
    from surveybench.eval.plan import Unit
    from surveybench.eval.resources import Resources
    from surveybench.metrics.base import Metric, ResourceSettings

# Environment the workers need to build the same models and judges as the driver (offline
# switches, caches, API keys). Sent as task/actor arguments, never as a runtime_env: Ray shows
# runtime_envs in its job listings, and API keys must not appear there.
FORWARDED_ENV_PREFIXES = ("SURVEYBENCH_", "OPENAI_", "HF_", "TRANSFORMERS_", "SENTENCE_TRANSFORMERS_",
                          "TOKENIZERS_", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
# A unit whose worker died this many times (node lost, not just a process) is given up.
MAX_UNIT_ATTEMPTS = 4
LOST_WORKER_ERRORS: tuple[type[BaseException], ...] = ()


def _lost_worker_errors() -> tuple[type[BaseException], ...]:
    import ray.exceptions as rex

    names = ("RayActorError", "WorkerCrashedError", "ObjectLostError", "NodeDiedError", "OwnerDiedError",
             "ActorUnavailableError", "ActorDiedError", "LocalRayletDiedError", "TaskUnschedulableError")
    return tuple(getattr(rex, n) for n in names if hasattr(rex, n))


# ---- what every worker process is given ----------------------------------------------------
@dataclass(frozen=True)
class WorkerSetup:
    """The driver's forwarded environment and metric plugin modules (absolute paths)."""

    env: dict[str, str] = field(default_factory=dict, repr=False)  # may hold API keys: never printed
    metrics_modules: tuple[str, ...] = ()

    @classmethod
    def from_driver(cls, metrics_modules: Sequence[str]) -> WorkerSetup:
        env = {k: v for k, v in os.environ.items() if k.startswith(FORWARDED_ENV_PREFIXES)}
        mods = tuple(str(os.path.abspath(m)) if m.endswith(".py") or os.sep in m else m for m in metrics_modules)
        plugin_env = env.get("SURVEYBENCH_METRICS_MODULES")
        if plugin_env:
            env["SURVEYBENCH_METRICS_MODULES"] = os.pathsep.join(
                os.path.abspath(m) if m.endswith(".py") or os.sep in m else m
                for m in plugin_env.split(os.pathsep) if m.strip())
        return cls(env, mods)

    def apply(self) -> None:
        """Once per worker process: the environment, then the plugin metrics."""
        global _APPLIED
        with _SETUP_LOCK:
            if _APPLIED == self.fingerprint():
                return
            os.environ.update(self.env)
            from surveybench.eval.plan import import_metric_modules

            import_metric_modules(list(self.metrics_modules))
            _APPLIED = self.fingerprint()

    def fingerprint(self) -> str:
        blob = repr(sorted(self.env.items())) + repr(self.metrics_modules)
        return hashlib.sha256(blob.encode()).hexdigest()


_SETUP_LOCK = threading.Lock()
_APPLIED: Any = None
_PROCESS_RESOURCES: dict[tuple[str, str], Any] = {}


def _resources_in_process(settings: ResourceSettings, metric: Metric) -> Any:
    """One :class:`Resources` per (metric, settings) in this worker process (model-free metrics
    build nothing, but a metric's context is still made once)."""
    from surveybench.eval.resources import Resources

    key = (metric.name, repr(settings))
    with _SETUP_LOCK:
        if key not in _PROCESS_RESOURCES:
            _PROCESS_RESOURCES[key] = Resources(settings, [metric])
        return _PROCESS_RESOURCES[key]


def compute_plain_unit(metric_name: str, candidate: Any, reference: Any, settings: ResourceSettings,
                       setup: WorkerSetup) -> dict[str, Any]:
    """A unit of a model-free metric, in whatever worker process Ray picked."""
    from surveybench.metrics.base import get_metric

    setup.apply()
    try:
        metric = get_metric(metric_name)
    except KeyError:
        return _unregistered_record(metric_name)
    return compute_unit(metric, candidate, reference, _resources_in_process(settings, metric).ctx)


def _unregistered_record(metric_name: str) -> dict[str, Any]:
    # a metric registered in the driver by code, not by a module the workers can import:
    # "unavailable" (a setup problem, not stored), so the engine reports it and gives up
    return {"status": "unavailable",
            "error": f"metric {metric_name!r} is not registered in the Ray workers: register it in a module "
                     "and pass it with --metrics-module (RayExecutor(metrics_modules=...))",
            "traceback": "", "scores": {}, "details": {}, "usage": {}, "failures": [], "seconds": 0.0}


# ---- cluster-wide judge services -----------------------------------------------------------
class JudgeServices:
    """What the judges of every node share (a threaded Ray actor on the driver's node, owned by
    the driver so it lives exactly as long as the run):

    * the workspace's judge reply cache: ``lookup`` returns a cached reply, or claims the key for
      the caller; a caller asking for a key another worker has claimed waits for that reply (or
      until the claim is released or expires), so one prompt is sent once across the cluster;
    * one :class:`JudgeLimitsServer` per judge endpoint (``limits``), created on first request.
    """

    def __init__(self, path: str | None, claim_seconds: float) -> None:
        from surveybench.judges.cache import ReplyCache

        self.cache = ReplyCache(path) if path else None
        self.claim_seconds = claim_seconds
        self.cond = threading.Condition()
        self.claims: dict[str, tuple[str, float]] = {}  # key -> (claimant, expiry)
        self.waited = 0
        self.limit_servers: dict[str, Any] = {}

    def limits(self, judge_name: str, slots: int, lease_seconds: float) -> Any:
        """The limits server of one endpoint (by the judge's secret-free name)."""
        import ray

        with self.cond:
            if judge_name not in self.limit_servers:
                self.limit_servers[judge_name] = ray.remote(JudgeLimitsServer).options(
                    name=limits_actor_name(judge_name), num_cpus=0, max_concurrency=1000,
                ).remote(slots, lease_seconds)
            return self.limit_servers[judge_name]

    def limit_stats(self) -> dict[str, Any]:
        import ray

        with self.cond:
            servers = dict(self.limit_servers)
        return {name: ray.get(s.stats.remote()) for name, s in servers.items()}

    def lookup(self, key: str, claimant: str) -> tuple[str, int, int, bool] | None:
        assert self.cache is not None
        with self.cond:
            while True:
                hit = self.cache.get(key)
                if hit is not None:
                    return (hit.reply, hit.prompt_tokens, hit.completion_tokens, hit.truncated)
                now = time.monotonic()
                owner = self.claims.get(key)
                if owner is None or owner[0] == claimant or owner[1] <= now:
                    self.claims[key] = (claimant, now + self.claim_seconds)
                    return None
                self.waited += 1
                self.cond.wait(timeout=owner[1] - now)

    def put(self, key: str, judge: str, prompt: str, reply: tuple[str, int, int, bool]) -> None:
        from surveybench.judges.cache import CachedReply

        assert self.cache is not None
        with self.cond:
            self.cache.put(key, judge=judge, prompt=prompt, reply=CachedReply(*reply))
            self.claims.pop(key, None)
            self.cond.notify_all()

    def release(self, keys: list[str], claimant: str) -> None:
        with self.cond:
            for k in keys:
                if self.claims.get(k, ("",))[0] == claimant:
                    del self.claims[k]
            self.cond.notify_all()

    def stats(self) -> dict[str, int]:
        with self.cond:
            return {"replies": len(self.cache) if self.cache is not None else 0,
                    "waited_for_another_worker": self.waited}


class JudgeLimitsServer:
    """One judge endpoint's limits for the whole cluster (an async Ray actor): at most ``slots``
    requests in flight, and a pause (``Retry-After``) that holds back every worker. A slot is a
    lease that expires, so a worker killed while holding one does not shrink the pool for good."""

    def __init__(self, slots: int, lease_seconds: float) -> None:
        import asyncio

        self.slots = max(1, int(slots))
        self.lease_seconds = lease_seconds
        self.leases: dict[int, float] = {}
        self.next_id = 0
        self.pause_until = 0.0  # wall clock: nodes' monotonic clocks are not comparable
        self.changed = asyncio.Condition()
        self.peak = 0
        self.pauses = 0

    async def acquire(self) -> int:
        import asyncio

        async with self.changed:
            while True:
                now = time.monotonic()
                for lid in [lid for lid, exp in self.leases.items() if exp <= now]:
                    del self.leases[lid]
                if len(self.leases) < self.slots:
                    self.next_id += 1
                    self.leases[self.next_id] = now + self.lease_seconds
                    self.peak = max(self.peak, len(self.leases))
                    return self.next_id
                try:
                    await asyncio.wait_for(self.changed.wait(), timeout=1.0)
                except asyncio.TimeoutError:
                    pass

    async def release(self, lease: int) -> None:
        async with self.changed:
            self.leases.pop(lease, None)
            self.changed.notify_all()

    async def close_gate(self, seconds: float) -> None:
        self.pauses += 1
        self.pause_until = max(self.pause_until, time.time() + seconds)

    async def gate_delay(self) -> float:
        return self.pause_until - time.time()

    async def stats(self) -> dict[str, Any]:
        return {"slots": self.slots, "peak_in_flight": self.peak, "pauses": self.pauses}


class _ClusterReplyCache:
    """Stands in for a judge's :class:`~surveybench.judges.cache.ReplyCache` on a worker: reads
    and writes go to :class:`JudgeServices`; claims left by a failed ask are released."""

    def __init__(self, server: Any, claimant: str) -> None:
        self.server = server
        self.claimant = claimant
        self._mine = threading.local()

    def _who(self) -> str:
        return f"{self.claimant}:{threading.get_ident()}"

    def get(self, key: str) -> Any:
        import ray

        from surveybench.judges.cache import CachedReply

        hit = ray.get(self.server.lookup.remote(key, self._who()))
        if hit is None:
            self._claimed().add(key)
            return None
        return CachedReply(*hit)

    def put(self, key: str, *, judge: str, prompt: str, reply: Any) -> None:
        import ray

        ray.get(self.server.put.remote(key, judge, prompt, (reply.reply, reply.prompt_tokens,
                                                            reply.completion_tokens, reply.truncated)))
        self._claimed().discard(key)

    def _claimed(self) -> set[str]:
        if not hasattr(self._mine, "keys"):
            self._mine.keys = set()
        return self._mine.keys

    def release_mine(self) -> None:
        keys = self._claimed()
        if keys:
            import ray

            ray.get(self.server.release.remote(sorted(keys), self._who()))
            keys.clear()

    def close(self) -> None:
        pass

    def __len__(self) -> int:
        import ray

        return int(ray.get(self.server.stats.remote())["replies"])


class _ClusterSlots:
    """``with judge._slots:`` against :class:`JudgeLimitsServer` instead of a local semaphore."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self._lease = threading.local()

    def __enter__(self) -> _ClusterSlots:
        import ray

        self._lease.id = ray.get(self.server.acquire.remote())
        return self

    def __exit__(self, *exc: object) -> None:
        import ray

        ray.get(self.server.release.remote(self._lease.id))


def share_judge(judge: Any, services: Any, claimant: str, slots: int, *, cache: bool = True) -> None:
    """Make ``judge`` (a Judge or a Panel's judges) use the cluster-wide reply cache (``cache``)
    and endpoint limits held by ``services`` (a :class:`JudgeServices` actor).

    Relies on the Judge's internals (``cache``, ``_slots``, ``_close_gate``, ``_wait_for_gate``);
    tests/test_ray_cluster.py fails if they change. An in-process model keeps its own slots:
    each node runs its own copy, so there is no shared endpoint to protect.
    """
    import ray

    for j in getattr(judge, "judges", None) or [judge]:
        if getattr(j, "_surveybench_shared", False):
            continue
        if cache and j.cache is not None:
            j.cache.close()
            j.cache = _ClusterReplyCache(services, claimant)
            original_ask = j.ask

            def ask(*args: Any, _ask: Any = original_ask, _cache: Any = j.cache, **kwargs: Any) -> Any:
                try:
                    return _ask(*args, **kwargs)
                finally:
                    _cache.release_mine()  # a failed ask leaves no claim behind

            j.ask = ask
        if j.spec.kind != "local":
            lease = float(getattr(j, "timeout", 120.0)) * 2 + 30.0
            server = ray.get(services.limits.remote(j.name, slots, lease))
            j._slots = _ClusterSlots(server)

            def close_gate(seconds: float, _s: Any = server) -> None:
                ray.get(_s.close_gate.remote(seconds))

            def wait_for_gate(_s: Any = server) -> None:
                while (delay := ray.get(_s.gate_delay.remote())) > 0:
                    time.sleep(min(delay, 5.0))

            j._close_gate = close_gate
            j._wait_for_gate = wait_for_gate
        j._surveybench_shared = True


def limits_actor_name(judge_name: str) -> str:
    """A named actor per endpoint, so the limits can be found from anywhere in the job."""
    return "surveybench-judge-limits-" + hashlib.sha256(judge_name.encode()).hexdigest()[:16]


# ---- the per-node model host ---------------------------------------------------------------
class ModelHost:
    """Models for one node: built once, kept for every metric; units computed on ``threads``."""

    def __init__(self, settings: ResourceSettings, setup: WorkerSetup, services: Any) -> None:
        setup.apply()
        self.settings = settings
        self.services = services
        self.claimant = f"{os.uname().nodename}:{os.getpid()}"
        self.made: dict[str, Any] = {}
        self.by_metric: dict[str, Any] = {}
        self.lock = threading.Lock()

    def _resources(self, metric: Metric) -> Any:
        from surveybench.eval.resources import Resources

        with self.lock:
            res = self.by_metric.get(metric.name)
            if res is None:
                res = Resources(self.settings, [metric])
                for name, obj in self.made.items():
                    res.ctx.provide(name, obj)  # one model per node, whichever metric built it
                # build now, under the lock: threads of this host must not build a model twice
                res.ensure(res.needs(metric), load=True)
                judge = res.built("judge")
                if judge is not None:
                    share_judge(judge, self.services, self.claimant, self.settings.judge_concurrency)
                self.made.update(res.ctx.built())
                self.by_metric[metric.name] = res
            return res

    def compute(self, metric_name: str, candidate: Any, reference: Any) -> dict[str, Any]:
        from surveybench.metrics.base import get_metric

        try:
            metric = get_metric(metric_name)
        except KeyError:
            return _unregistered_record(metric_name)
        record = compute_unit(metric, candidate, reference, self._resources(metric).ctx)
        with self.lock:
            self.made.update(self.by_metric[metric.name].ctx.built())
        return record

    def pid(self) -> int:
        return os.getpid()

    def usage(self) -> dict[str, Any]:
        judge = self.made.get("judge")
        if judge is None or not hasattr(judge, "usage_summary"):
            return {}
        return judge.usage_summary()


# ---- the executor --------------------------------------------------------------------------
class RayExecutor:
    """The engine's executor seam on a Ray cluster (see the module docstring).

    ``address``: the cluster to join (``host:port``, ``auto``; None: ``RAY_ADDRESS`` or a new
    local cluster). ``jobs``: units in flight per model host (threads). ``gpus_per_host``: GPUs
    reserved by each host (``--option device=cuda`` makes the models use them).
    ``metrics_modules``: plugin modules the workers import before looking metrics up.
    """

    name = "ray"

    def __init__(self, address: str | None = None, *, jobs: int = 2, gpus_per_host: float = 0.0,
                 metrics_modules: Sequence[str] = ()) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, got {jobs}")
        if gpus_per_host < 0:
            raise ValueError(f"gpus_per_host must be >= 0, got {gpus_per_host}")
        self.address = address
        self.jobs_per_host = int(jobs)
        self.gpus_per_host = float(gpus_per_host)
        self.setup = WorkerSetup.from_driver(metrics_modules)
        self.cluster: dict[str, Any] | None = None
        self._hosts: dict[str, Any] = {}  # node id -> actor
        self._dead_hosts: set[str] = set()
        self._refs: dict[int, Any] = {}  # id(survey) -> ObjectRef
        self._services: Any | None = None
        self._settings_key: str | None = None
        self._plain: Any = None
        self._retries = 0

    @property
    def jobs(self) -> int:
        """Units this executor can have in flight (the engine sizes its claim batches by it):
        twice the cluster's CPUs or its hosts' threads, whichever is larger."""
        self._connect()  # asked right before the engine's first run(): join the cluster now
        import ray

        cpus = int(ray.cluster_resources().get("CPU", 1))
        return max(1, cpus * 2, len(self._hosts) * self.jobs_per_host)

    # -- cluster bring-up -----------------------------------------------------------------------
    def _connect(self) -> None:
        if self.cluster is None:
            from surveybench.ray_cluster import connect

            self.cluster = connect(self.address)
            import ray

            global LOST_WORKER_ERRORS
            LOST_WORKER_ERRORS = _lost_worker_errors()
            self._plain = ray.remote(compute_plain_unit).options(max_retries=MAX_UNIT_ATTEMPTS - 1)

    def _ensure_hosts(self, settings: ResourceSettings) -> None:
        import ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        if self._settings_key not in (None, repr(settings)):
            raise RuntimeError("one RayExecutor serves one evaluation's resource settings")
        self._settings_key = repr(settings)
        if self._services is None:
            path = settings.cache("judge")
            here = ray.get_runtime_context().get_node_id()
            self._services = ray.remote(JudgeServices).options(
                num_cpus=0, max_concurrency=256,
                # on the driver's node: the workspace (and its SQLite cache) is there
                scheduling_strategy=NodeAffinitySchedulingStrategy(here, soft=False),
            ).remote(str(path / "judge-cache.sqlite") if path is not None else None, 600.0)
        from surveybench.ray_cluster import node_ids

        for node in node_ids():
            if node in self._hosts or node in self._dead_hosts:
                continue
            self._hosts[node] = ray.remote(ModelHost).options(
                num_cpus=0, num_gpus=self.gpus_per_host, max_concurrency=self.jobs_per_host,
                max_restarts=MAX_UNIT_ATTEMPTS, max_task_retries=MAX_UNIT_ATTEMPTS,
                scheduling_strategy=NodeAffinitySchedulingStrategy(node, soft=False),
            ).remote(settings, self.setup, self._services)

    def _put(self, survey: Any) -> Any:
        import ray

        ref = self._refs.get(id(survey))
        if ref is None:
            ref = self._refs[id(survey)] = ray.put(survey)
        return ref

    # -- the seam -------------------------------------------------------------------------------
    def run(self, metric: Metric, units: Sequence[Unit], resources: Resources, on_done: OnDone) -> None:
        import ray

        self._connect()
        settings = resources.settings
        on_hosts = bool(resources.needs(metric))
        if on_hosts:
            self._ensure_hosts(settings)
            capacity = max(1, len(self._hosts)) * self.jobs_per_host
        else:
            capacity = max(1, int(ray.cluster_resources().get("CPU", 1))) * 2
        load: dict[str, int] = {n: 0 for n in self._hosts}
        pending: dict[Any, tuple[Unit, int, str | None]] = {}
        queue: list[tuple[Unit, int]] = [(u, 1) for u in reversed(units)]
        go_on = True

        def submit(u: Unit, attempt: int) -> None:
            cand, ref = self._put(u.candidate), self._put(u.reference)
            if on_hosts:
                live = [n for n in self._hosts if n not in self._dead_hosts]
                if not live:
                    self._ensure_hosts(settings)  # nodes that joined since
                    live = [n for n in self._hosts if n not in self._dead_hosts]
                if not live:
                    raise RuntimeError("no live Ray node left to host the models")
                node = min(live, key=lambda n: (load.get(n, 0), n))
                load[node] = load.get(node, 0) + 1
                fut = self._hosts[node].compute.remote(metric.name, cand, ref)
                pending[fut] = (u, attempt, node)
            else:
                fut = self._plain.remote(metric.name, cand, ref, settings, self.setup)
                pending[fut] = (u, attempt, None)

        def fill() -> None:
            while queue and len(pending) < capacity:
                submit(*queue.pop())

        try:
            fill()
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for fut in done:
                    u, attempt, node = pending.pop(fut)
                    if node is not None:
                        load[node] -= 1
                    try:
                        record = ray.get(fut)
                    except LOST_WORKER_ERRORS as exc:
                        # Ray already re-ran it on a restarted worker and gave up: the node is gone
                        self._retries += 1
                        if node is not None:
                            self._dead_hosts.add(node)
                        if attempt < MAX_UNIT_ATTEMPTS and go_on:
                            queue.append((u, attempt + 1))
                            continue
                        record = _lost_record(exc, attempt)
                    go_on = on_done(u, record) and go_on
                if go_on:
                    fill()
                else:
                    queue.clear()
        except BaseException:
            for fut in pending:
                try:
                    ray.cancel(fut)
                except Exception:  # noqa: BLE001 - best effort: the driver is stopping anyway
                    pass
            raise

    def describe(self) -> dict[str, Any]:
        """For the run manifest: the executor and the cluster the units ran on."""
        info: dict[str, Any] = {"name": self.name, "jobs_per_host": self.jobs_per_host, "gpus_per_host": self.gpus_per_host,
                                "model_hosts": len(self._hosts), "lost_workers_resubmitted": self._retries}
        if self.cluster is not None:
            from surveybench.ray_cluster import cluster_info

            try:
                info["cluster"] = cluster_info()
            except Exception:  # noqa: BLE001 - the manifest must be written even if Ray is gone
                info["cluster"] = self.cluster
            if self._services is not None:
                import ray

                try:
                    info["judge_cache"] = ray.get(self._services.stats.remote(), timeout=30)
                    info["judge_limits"] = ray.get(self._services.limit_stats.remote(), timeout=30)
                except Exception:  # noqa: BLE001
                    pass
        return info


def _lost_record(exc: BaseException, attempts: int) -> dict[str, Any]:
    # "unavailable": reported, not stored, so the next run computes it
    return {"status": "unavailable", "error": f"Ray worker lost {attempts} times: {type(exc).__name__}",
            "traceback": "", "scores": {}, "details": {}, "usage": {}, "failures": [], "seconds": 0.0}
