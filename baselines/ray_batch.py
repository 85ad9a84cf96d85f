"""``surveybench generate --tasks DATASET --executor ray``: one Ray task per (task, baseline).

Each task runs :func:`surveybench.baselines.batch.run_generation_job` — the same function the
local batch runs on threads — so outputs, caches, resume and failure records are the same; the
output directory must be reachable from every node (a shared path). A worker killed mid-job
costs that job only: Ray runs it again, and its judge cache answers the calls already made.

The judges of all jobs share one set of endpoint limits across the cluster (the same
:class:`~surveybench.eval.executor_ray.JudgeLimitsServer` as ``eval --executor ray``):
``concurrency × jobs`` requests in flight per endpoint — what the local batch allows with
``--jobs`` — and a ``Retry-After`` seen by one job pauses all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from surveybench.baselines.batch import GenerationJob, JobResult, run_generation_job
from surveybench.eval.executor_ray import MAX_UNIT_ATTEMPTS, WorkerSetup


def run_job_with_shared_limits(job: GenerationJob, services: Any, slots: int, setup: WorkerSetup) -> JobResult:
    """One job in a Ray worker: every judge it makes draws on the cluster-wide limits."""
    import surveybench.judges as judges
    from surveybench.eval.executor_ray import share_judge

    setup.apply()
    original = judges.make_judge

    def make_judge(*args: Any, **kwargs: Any) -> Any:
        judge = original(*args, **kwargs)
        share_judge(judge, services, claimant="", slots=slots, cache=False)  # the job keeps its own cache
        return judge

    # this worker process runs one task at a time, so swapping the factory is safe here
    judges.make_judge = make_judge
    try:
        return run_generation_job(job)
    finally:
        judges.make_judge = original


def run_jobs_ray(
    jobs: Sequence[GenerationJob],
    *,
    address: str | None = None,
    workers: int = 1,
    on_start: Callable[[GenerationJob], None] | None = None,
    on_done: Callable[[GenerationJob, JobResult], None] | None = None,
) -> list[JobResult]:
    """Run ``jobs`` on the Ray cluster at ``address``, as many at once as it has CPUs; callbacks
    run in the calling thread (``on_done`` in completion order); results come back in job order,
    like :func:`surveybench.baselines.batch.run_jobs`. Ctrl-C cancels the jobs not finished."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    from surveybench.eval.executor_ray import JudgeServices
    from surveybench.ray_cluster import connect

    connect(address)
    results: dict[int, JobResult] = {}
    if not jobs:
        return []
    slots = max(1, max(j.concurrency for j in jobs) * max(1, workers))
    services = ray.remote(JudgeServices).options(
        num_cpus=0, max_concurrency=64,
        scheduling_strategy=NodeAffinitySchedulingStrategy(ray.get_runtime_context().get_node_id(), soft=False),
    ).remote(None, 600.0)
    setup = WorkerSetup.from_driver(())
    task = ray.remote(run_job_with_shared_limits).options(max_retries=MAX_UNIT_ATTEMPTS - 1)
    capacity = max(1, int(ray.cluster_resources().get("CPU", 1)))
    queue = list(enumerate(jobs))[::-1]
    running: dict[Any, int] = {}
    try:
        while queue or running:
            while queue and len(running) < capacity:
                i, job = queue.pop()
                if on_start:
                    on_start(job)
                running[task.remote(job, services, slots, setup)] = i
            done, _ = ray.wait(list(running), num_returns=1)
            for ref in done:
                i = running.pop(ref)
                results[i] = ray.get(ref)
                if on_done:
                    on_done(jobs[i], results[i])
    except BaseException:
        for ref in running:
            try:
                ray.cancel(ref)
            except Exception:  # noqa: BLE001 - best effort while stopping
                pass
        raise
    return [results[i] for i in range(len(jobs))]
