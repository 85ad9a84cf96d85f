"""Connecting to a Ray cluster, describing it, and starting a small one on this machine.

``surveybench eval|generate|build --executor ray [--ray-address ADDR]`` all go through
:func:`connect`: with an address it joins that cluster (``ray start --head`` printed it; ``auto``
finds the one started on this machine), without one Ray's own rule applies (``RAY_ADDRESS`` if
set, else a throw-away single-node cluster in this process). :func:`cluster_info` is what run
manifests record about the cluster.

:class:`LocalRayCluster` starts a head and worker nodes as separate ``ray start`` processes on
127.0.0.1 — what the tests and ``bench/bench_scale.py`` use. Real clusters are started with the
plain ``ray start`` commands of the README ("Scaling out").

Why the loopback launcher: Ray on Linux replaces 127.0.0.1 by the machine's outward address
(so that nodes on other machines can reach it) and then listens on every interface; only a node
whose IP *is* 127.0.0.1 listens on loopback alone. ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` keeps
127.0.0.1 as it is, but also forbids ``ray start --address`` (a worker node). The launcher sets
it for the node's processes and lifts the worker-node check in the launching process only, so a
test cluster never opens a port outside loopback.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LOOPBACK = "127.0.0.1"
# Ray reads this once at import: 0 keeps 127.0.0.1 as the node address (see the module docstring).
LOOPBACK_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
EXECUTORS = ("local", "ray")


class RayClusterError(RuntimeError):
    """Ray is not installed, the cluster cannot be reached, or a test cluster failed to start."""


def require_ray() -> Any:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - the extra is part of [all]
        raise RayClusterError(
            "--executor ray needs Ray: pip install 'surveybench[ray]'"
        ) from exc
    return ray


def check_executor(executor: str, ray_address: str | None) -> None:
    """Reject an unknown executor, and ``--ray-address`` without ``--executor ray``."""
    if executor not in EXECUTORS:
        raise ValueError(f"unknown executor {executor!r}; choose one of: {', '.join(EXECUTORS)}")
    if ray_address and executor != "ray":
        raise ValueError("--ray-address is only used with --executor ray")


def connect(address: str | None = None) -> dict[str, Any]:
    """Join the cluster at ``address`` (``host:port`` or ``auto``), or start a local one when
    ``address`` is None and ``RAY_ADDRESS`` is unset. Idempotent; returns :func:`cluster_info`."""
    ray = require_ray()
    if not ray.is_initialized():
        kw: dict[str, Any] = {}
        if address is None and not os.environ.get("RAY_ADDRESS"):
            kw["include_dashboard"] = False  # a throw-away local cluster: no dashboard process
        try:
            ray.init(address=address, logging_level="ERROR", log_to_driver=False, **kw)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise RayClusterError(f"cannot connect to the Ray cluster at {address or 'a new local cluster'}: {exc}") from exc
        import logging

        import ray.data

        # Ray Data logs every dataset execution at INFO on the driver's stderr
        logging.getLogger("ray.data").setLevel(logging.WARNING)
        ctx = ray.data.DataContext.get_current()
        ctx.enable_progress_bars = False
        ctx.print_on_execution_start = False
    return cluster_info()


def cluster_info() -> dict[str, Any]:
    """What a run manifest records about the cluster: address, Ray version, live nodes and their
    resources (no hostnames beyond the node addresses Ray reports)."""
    ray = require_ray()
    ctx = ray.get_runtime_context()
    nodes = [n for n in ray.nodes() if n.get("Alive")]
    total: dict[str, float] = {}
    for n in nodes:
        for k, v in n.get("Resources", {}).items():
            if k in ("CPU", "GPU", "memory", "object_store_memory"):
                total[k] = total.get(k, 0.0) + float(v)
    return {
        "ray_version": ray.__version__,
        "address": ctx.gcs_address,
        "nodes": len(nodes),
        "node_addresses": sorted(f"{n['NodeManagerAddress']}:{n['NodeManagerPort']}" for n in nodes),
        "cpus": total.get("CPU", 0.0),
        "gpus": total.get("GPU", 0.0),
    }


def node_ids() -> list[str]:
    """Ids of the live nodes, in a stable order."""
    ray = require_ray()
    return sorted(n["NodeID"] for n in ray.nodes() if n.get("Alive"))


# ---- a small cluster on this machine (tests, benchmarks) --------------------------------------
_LAUNCHER = """
import sys
import ray._private.ray_constants as ray_constants
import ray._private.services as services
from ray.scripts.scripts import main
# this process only: allow `ray start --address` and keep 127.0.0.1 as the node address
ray_constants.ENABLE_RAY_CLUSTER = True
services.resolve_ip_for_localhost = lambda host: host
sys.argv = ["ray", *sys.argv[1:]]
main()
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


@dataclass
class LocalRayCluster:
    """A head node and ``workers`` worker nodes, each a separate ``ray start --block`` process
    group on 127.0.0.1 with ``cpus_per_node`` CPUs. Use as a context manager; :meth:`stop` ends
    exactly the process groups it started."""

    workers: int = 1
    cpus_per_node: int = 1
    head_cpus: int | None = None  # default: cpus_per_node; 0 = the head only coordinates
    temp_dir: Path | None = None
    object_store_mb: int = 100
    port: int = 0
    _procs: list[subprocess.Popen] = field(default_factory=list)
    _logs: list[Path] = field(default_factory=list)
    _own_temp: bool = False

    @property
    def address(self) -> str:
        return f"{LOOPBACK}:{self.port}"

    def env(self) -> dict[str, str]:
        """Environment for a driver process (e.g. the CLI in a subprocess) joining this cluster."""
        return {**os.environ, **LOOPBACK_ENV}

    @staticmethod
    def prepare_driver() -> None:
        """Let this process join a loopback cluster (what :meth:`env` does for a subprocess;
        needed here because Ray may already be imported, its constant already read)."""
        os.environ.update(LOOPBACK_ENV)
        import ray._private.ray_constants as ray_constants

        ray_constants.ENABLE_RAY_CLUSTER = False

    def _start_node(self, args: list[str], name: str, cpus: int | None = None) -> None:
        assert self.temp_dir is not None
        log = self.temp_dir / f"{name}.log"
        cmd = [sys.executable, "-c", _LAUNCHER, "start", "--block", "--disable-usage-stats",
               "--node-ip-address", LOOPBACK, "--num-cpus", str(self.cpus_per_node if cpus is None else cpus),
               "--object-store-memory", str(self.object_store_mb * 1024 * 1024), *args]
        with open(log, "wb") as out:
            # its own session: stop() signals this process group and nothing else
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=self.env(),
                                    start_new_session=True, cwd=self.temp_dir)
        self._procs.append(proc)
        self._logs.append(log)

    def _started(self, i: int) -> bool:
        # `ray start --block` prints this once the node has registered with the head
        return "Ray runtime started" in self._logs[i].read_text(errors="replace")

    def start(self, timeout: float = 120.0) -> LocalRayCluster:
        if self.temp_dir is None:
            # short: Ray's unix socket paths must stay under ~107 characters
            self.temp_dir = Path(tempfile.mkdtemp(prefix="sbray-", dir="/tmp"))
            self._own_temp = True
        self.port = self.port or _free_port()
        self._start_node(["--head", "--port", str(self.port), "--include-dashboard", "false",
                          "--temp-dir", str(self.temp_dir)], "head", self.head_cpus)
        self._wait_for_gcs(timeout)
        for i in range(self.workers):
            self._start_node(["--address", self.address], f"worker{i}")
        self.wait_for_nodes(1 + self.workers, timeout)
        return self

    def _wait_for_gcs(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._procs[0].poll() is not None:
                raise RayClusterError(f"ray head exited: {self._logs[0].read_text()[-2000:]}")
            with socket.socket() as s:
                if s.connect_ex((LOOPBACK, self.port)) == 0:
                    return
            time.sleep(0.3)
        raise RayClusterError(f"ray head did not listen on {self.address} within {timeout:.0f} s")

    def wait_for_nodes(self, n: int, timeout: float = 120.0) -> None:
        """Wait until the first ``n`` node processes say they have joined."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(self._started(i) for i in range(n)):
                return
            dead = [log for p, log in zip(self._procs, self._logs, strict=True) if p.poll() is not None]
            if dead:
                raise RayClusterError(f"a ray node exited: {dead[0].read_text()[-2000:]}")
            time.sleep(0.3)
        raise RayClusterError(f"fewer than {n} ray nodes started at {self.address} after {timeout:.0f} s")

    def add_worker(self, timeout: float = 120.0) -> None:
        self._start_node(["--address", self.address], f"worker{len(self._procs) - 1}")
        self.wait_for_nodes(len(self._procs), timeout)

    def stop(self) -> None:
        # workers first, then the head; SIGTERM lets `ray start --block` stop its children,
        # SIGKILL to the same process group for whatever is left
        for proc in reversed(self._procs):
            _signal_group(proc, signal.SIGTERM)
        deadline = time.monotonic() + 5
        for proc in reversed(self._procs):
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
        time.sleep(0.5)
        for proc in self._procs:
            _signal_group(proc, signal.SIGKILL)
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        self._procs.clear()
        if self._own_temp and self.temp_dir is not None:
            shutil.rmtree(self.temp_dir, ignore_errors=True)

    def __enter__(self) -> LocalRayCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _signal_group(proc: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)  # the group this cluster created (start_new_session)
    except (ProcessLookupError, PermissionError):
        pass
