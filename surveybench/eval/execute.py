"""Executing units: the seam between the engine and whatever computes metrics.

The engine hands an :class:`Executor` the pending units of one metric at a time; the executor
computes each with :func:`compute_unit` and reports every finished unit through ``on_done``,
which stores it atomically before returning. :class:`LocalExecutor` runs them in this process
(``jobs`` threads); another executor (e.g. Ray) implements the same :meth:`Executor.run` and
must give identical records, since :func:`compute_unit` is the only code that runs a metric.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import TYPE_CHECKING, Any, Protocol

from surveybench.eval.failed_scores import unit_status
from surveybench.judges.types import JudgeCacheError
from surveybench.metrics.base import Metric, MetricContext, MissingResource
from surveybench.model import Survey

if TYPE_CHECKING:
    from surveybench.eval.plan import Unit
    from surveybench.eval.resources import Resources

# Called once per finished unit, in the thread that called Executor.run; returns False when
# the engine wants no further units of this metric started (its setup keeps failing).
OnDone = Callable[["Unit", dict[str, Any]], bool]


class Executor(Protocol):
    """Computes the units of one metric.

    Contract (the engine relies on every point):

    * each unit's record is ``compute_unit(metric, unit.candidate, unit.reference, ctx)``
      where ``ctx`` is ``resources.ctx`` in this process, or, in another process, the
      ``.ctx`` of ``Resources(resources.settings, [metric])`` (``settings`` is picklable;
      the metric can be looked up by ``unit.metric`` with ``surveybench.metrics.base.get_metric``);
    * ``on_done(unit, record)`` is called in the calling thread, exactly once per finished unit,
      in any order, as soon as the unit finishes; it stores the unit before returning;
    * once ``on_done`` returns False, no further unit is started (units already running may
      still be reported); the engine accounts for the units never reported;
    * ``KeyboardInterrupt`` propagates after pending work is cancelled.
    """

    name: str

    def run(self, metric: Metric, units: Sequence[Unit], resources: Resources, on_done: OnDone) -> None: ...


def is_setup_error(exc: BaseException) -> bool:
    """A model that cannot be loaded (offline hub, missing package, connection refused) is the
    machine's problem, not the survey's."""
    return isinstance(exc, (ImportError, MissingResource, ConnectionError)) or (
        isinstance(exc, OSError) and not isinstance(exc, (FileNotFoundError, IsADirectoryError, PermissionError))
    )


def compute_unit(metric: Metric, candidate: Survey, reference: Survey, ctx: MetricContext) -> dict[str, Any]:
    """Run one metric on one pair; an exception becomes a ``failed`` record with its reason."""
    t0 = time.perf_counter()
    try:
        result = metric.compute(candidate, reference, ctx)
    except JudgeCacheError:
        raise  # every unit would meet it: stop the run with the file's name
    except Exception as exc:  # noqa: BLE001 - a failing metric must not stop the batch
        tb = traceback.format_exception(type(exc), exc, exc.__traceback__, limit=-3)
        return {
            # setup errors are reported but not stored, so a rerun after fixing the setup
            # computes them
            "status": "unavailable" if is_setup_error(exc) else "failed",
            "error": f"{type(exc).__name__}: {exc}",
            "traceback": "".join(tb)[-2000:],
            "scores": {},
            "details": {},
            "usage": {},
            "failures": [],
            "seconds": round(time.perf_counter() - t0, 4),
        }
    scores = {str(k): (None if v is None else float(v)) for k, v in result.scores.items()}
    return {
        # "partial": some judgements failed (their sub-scores are stored as failed, with the
        # cause); --retry-failed computes the unit again
        "status": unit_status(result.failures),
        "error": None,
        "scores": scores,
        "details": result.details,
        "usage": result.usage,
        "failures": result.failures,
        "seconds": round(time.perf_counter() - t0, 4),
    }


class LocalExecutor:
    """Units in this process: one after the other (``jobs=1``) or on ``jobs`` threads, with at
    most ``2 * jobs`` submitted ahead so a stop request leaves little work in flight."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        self.jobs = max(1, int(jobs))

    def run(self, metric: Metric, units: Sequence[Unit], resources: Resources, on_done: OnDone) -> None:
        ctx = resources.ctx
        if self.jobs == 1:
            for u in units:
                if not on_done(u, compute_unit(metric, u.candidate, u.reference, ctx)):
                    return
            return
        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            futures: dict[Future[dict[str, Any]], Unit] = {}
            it: Iterator[Unit] = iter(units)
            go_on = True

            def fill() -> None:
                for u in it:
                    futures[pool.submit(compute_unit, metric, u.candidate, u.reference, ctx)] = u
                    if len(futures) >= self.jobs * 2:
                        break

            try:
                fill()
                while futures:
                    done, _ = wait(futures, return_when=FIRST_COMPLETED)
                    for f in done:
                        go_on = on_done(futures.pop(f), f.result()) and go_on
                    if go_on:
                        fill()
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
