"""Sharing one workspace between processes: two ``surveybench eval`` runs on the same workspace
compute each unit once between them (and so send each judge call once).

Before a unit is handed to the executor, this process claims it
(:class:`surveybench.workspace.UnitClaims`: an OS file lock that dies with its holder). Units
are claimed in batches, so an executor still gets many units at once; the claims of a batch
are held until the executor has stored them. A unit another process holds is put aside; once
this process has done everything else, it waits for each such claim and then reads the unit
the other process stored — computing it only if that process did not (it died, or skipped it).
A unit found stored when its claim is taken is adopted, never recomputed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from surveybench.eval.failed_scores import RETRYABLE
from surveybench.metrics.base import Metric
from surveybench.workspace import UnitClaims

if TYPE_CHECKING:
    from surveybench.eval.execute import Executor, OnDone
    from surveybench.eval.plan import Unit
    from surveybench.eval.resources import Resources
    from surveybench.eval.units import UnitStore

MIN_BATCH = 8


def adoptable(record: dict[str, Any] | None, *, retry_failed: bool, since: str) -> bool:
    """A stored record this run may take as is: any record, except under ``--retry-failed`` a
    failed or partial one written before this run started (``since``, ISO time)."""
    if record is None:
        return False
    if not retry_failed or record.get("status") not in RETRYABLE:
        return True
    return str(record.get("computed_at") or "") >= since


def run_claimed(executor: Executor, metric: Metric, units: Sequence[Unit], resources: Resources,
                on_done: OnDone, *, claims: UnitClaims, store: UnitStore,
                take: Callable[[dict[str, Any]], bool], adopt: Callable[[Unit, dict[str, Any]], None]) -> None:
    """:meth:`Executor.run` over ``units``, each claimed for this process first (see the module
    docstring). ``take(record)`` says whether a stored record may be used as is;
    ``adopt(unit, record)`` records such a unit as done."""
    batch = max(MIN_BATCH, 4 * int(getattr(executor, "jobs", 1) or 1))
    deferred: list[Unit] = []
    stopped = False

    def done(u: Unit, rec: dict[str, Any]) -> bool:
        nonlocal stopped
        go_on = on_done(u, rec)
        stopped = stopped or not go_on
        return go_on

    for start in range(0, len(units), batch):
        held, mine = [], []
        try:
            for u in units[start:start + batch]:
                lock = claims.try_claim(u.key.digest)
                if lock is None:
                    deferred.append(u)  # another process is computing it
                    continue
                held.append(lock)
                rec = store.get(u.key)
                if rec is not None and take(rec):
                    adopt(u, rec)  # stored by another process since this run planned its work
                else:
                    mine.append(u)
            if mine:
                executor.run(metric, mine, resources, done)
        finally:
            for lock in held:
                lock.release()
        if stopped:
            return
    for u in deferred:
        lock = claims.claim(u.key.digest)  # waits until the other process is done with it
        try:
            rec = store.get(u.key)
            if rec is not None and take(rec):
                adopt(u, rec)
            else:
                executor.run(metric, [u], resources, done)  # the other process did not store it
        finally:
            lock.release()
        if stopped:
            return

