"""``surveybench eval``: pair generated surveys with gold surveys, run metrics, store results.

The engine in four seams, each in its own module:

1. **plan** (:mod:`surveybench.eval.plan`) - select metrics and check their options, load the
   gold, pair every system's surveys with gold by topic (gaps listed), list the units and
   derive the run id;
2. **provide** (:mod:`surveybench.eval.resources`) - the judge, the embedder and the resources
   the selected metrics declare, each built once on first use;
3. **execute** (:mod:`surveybench.eval.execute`) - an :class:`Executor` computes the units not
   yet in the :class:`UnitStore`, each committed atomically the moment it finishes;
4. **store** (:mod:`surveybench.eval.store`) - consolidate every unit of this configuration
   into ``runs/RUN_ID/results.parquet`` + ``manifest.json``.

The run id is a hash of the configuration (metric versions and options included), so running
the same command again after an interruption lands in the same run directory, reuses every
committed unit and produces the same Parquet as an uninterrupted run; changing an option starts
a new run.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from surveybench.eval.claiming import adoptable, run_claimed
from surveybench.eval.execute import Executor, LocalExecutor, compute_unit, is_setup_error
from surveybench.eval.failed_scores import PARTIAL, failed_score_entries, failure_summary, outage_count
from surveybench.eval.manifest import redact_secrets
from surveybench.eval.plan import (
    LLM_RESOURCES,
    METRIC_GROUPS,
    EvalConfig,
    EvalError,
    Pairing,
    Selection,
    Unit,
    import_metric_modules,
    load_gold,
    pair_system,
    plan_units,
    read_gold_dir,
    run_id_for,
    select,
    select_metrics,
)
from surveybench.eval.resources import (
    DEFAULT_EMBEDDER_ID,
    Resources,
    default_embedder_spec,
    default_judge_spec,
    settings_for,
)
from surveybench.eval.store import RESULT_COLUMNS, build_manifest, results_rows, write_results
from surveybench.eval.units import UnitKey, UnitStore, to_jsonable
from surveybench.metrics.base import Metric
from surveybench.publish import scrub_local_paths_in
from surveybench.workspace import UnitClaims, Workspace, WorkspaceError, atomic_write_text

__all__ = [
    "DEFAULT_EMBEDDER_ID", "LLM_RESOURCES", "METRIC_GROUPS", "RESULT_COLUMNS", "EvalConfig", "EvalError",
    "EvalOutcome", "Executor", "LocalExecutor", "Pairing", "Resources", "Unit", "compute_unit",
    "default_embedder_spec", "default_judge_spec", "is_setup_error", "read_gold_dir", "run_eval",
    "score_pair", "select_metrics",
]

SETUP_FAILURES_BEFORE_GIVING_UP = 2
# what to tell the user when a metric needs a resource nobody configured
HOW_TO_PROVIDE = {
    "judge": "give --judge SPEC",
    "title_index": "give --title-index FILE",
    "embedder": "give --embedder MODEL",
    "nli": "give --nli judge|hf:MODEL or --judge SPEC",
}


def missing_reason(resources: Resources, metric: Metric) -> str | None:
    """Why ``metric`` cannot run because a resource it needs was not configured, or None."""
    missing = [r for r in sorted(resources.needs(metric)) if not resources.ctx.has(r)]
    if not missing:
        return None
    how = "; ".join(HOW_TO_PROVIDE.get(r, f"provide {r}") for r in missing)
    return f"needs a {', '.join(missing)} ({how})"


@dataclass
class EvalOutcome:
    run_id: str
    run_dir: Path
    results_path: Path
    manifest_path: Path
    manifest: dict[str, Any]
    computed: int
    reused: int
    failed: int


def _defaults(config: EvalConfig, needs_all: frozenset[str]) -> tuple[str, str, list[str]]:
    """The judge and embedder specs to use, with notes where a default was chosen."""
    notes: list[str] = []
    judge_spec = config.judge
    if judge_spec is None:
        judge_spec = default_judge_spec()
        if "judge" in needs_all:
            notes.append(
                f"no --judge given: using the local default judge {judge_spec!r} "
                "(SmolLM2-135M in-process; fine for a smoke test, too small for real scores — "
                "pass --judge openai:gpt-4o-mini or an OpenAI-compatible URL for those)"
            )
    embedder_spec = config.embedder
    if embedder_spec is None:
        embedder_spec, note = default_embedder_spec()
        if "embedder" in needs_all and note:
            notes.append(note)
    return judge_spec, embedder_spec, notes


def _pairings(ws: Workspace, config: EvalConfig, gold: dict[str, Any], console: Any) -> list[Pairing]:
    for name in config.systems:
        try:
            ws.system_info(name)
        except WorkspaceError as exc:
            raise EvalError(str(exc)) from None
    pairings = [pair_system(ws, s, gold, config) for s in config.systems]
    for p in pairings:
        if p.missing:
            console.print(
                f"[yellow]gaps:[/] system {p.system!r} has no survey for {len(p.missing)} "
                f"topic(s): {', '.join(p.missing)} (evaluated on the other {len(p.pairs)})"
            )
        if p.unmatched:
            console.print(
                f"[yellow]note:[/] system {p.system!r} has {len(p.unmatched)} survey(s) with no "
                f"gold survey: {', '.join(p.unmatched)}"
            )
    if not any(p.pairs for p in pairings):
        raise EvalError("no (generated, gold) pairs to evaluate: no system topic matches a gold topic")
    return pairings


class _Session:
    """What one execution session did: the records (reused and new), skipped units, counts,
    per-metric wall time. ``commit`` is the only place a unit is stored."""

    def __init__(self, store: UnitStore | None) -> None:
        self.store = store
        self.records: dict[UnitKey, dict[str, Any]] = {}
        self.skipped: list[dict[str, Any]] = []
        self.computed = 0
        self.reused = 0
        self.wall_seconds: dict[str, float] = {}
        # CPU time of this process (all its threads: torch, llama.cpp): on a shared machine wall time
        # says more about the neighbours than about the metric
        self.cpu_seconds: dict[str, float] = {}

    def commit(self, unit: Unit, rec: dict[str, Any]) -> None:
        for k in ("error", "traceback"):
            if rec.get(k):
                rec[k] = redact_secrets(rec[k])
        # microseconds: --retry-failed tells a unit stored by a concurrent run from an old one
        rec["computed_at"] = datetime.now(timezone.utc).isoformat(timespec="microseconds")
        if self.store is not None:  # `score` keeps nothing
            self.store.put(unit.key, rec)
        self.records[unit.key] = {"key": unit.key.as_dict(), **to_jsonable(rec)}
        self.computed += 1

    def skip(self, unit: Unit, reason: str) -> None:
        self.skipped.append({"system": unit.system, "topic": unit.topic, "metric": unit.metric, "reason": reason})


def execute_units(metrics: Sequence[Metric], units: list[Unit], pending: dict[str, list[Unit]],
                  resources: Resources, executor: Executor, session: _Session, progress: Any,
                  console: Any, *, load: bool = False, claims: UnitClaims | None = None,
                  take: Callable[[dict[str, Any]], bool] | None = None) -> None:
    """Compute the pending units metric by metric through ``executor``: a metric whose resources
    cannot be built is skipped whole; one whose units keep failing for setup reasons (model
    cannot load) gives up after :data:`SETUP_FAILURES_BEFORE_GIVING_UP` units. With ``claims``
    each unit is claimed first, so processes sharing the workspace share the units
    (:mod:`surveybench.eval.claiming`; ``take(record)``: may a stored record be used as is)."""
    tasks = {
        m.name: progress.add_task(
            m.name, total=sum(1 for u in units if u.metric == m.name),
            completed=sum(1 for u in units if u.metric == m.name and u.key in session.records),
            start=False,  # the clock of a metric starts when its units do
        )
        for m in metrics
    }
    for m in metrics:
        todo = pending.get(m.name, [])
        if not todo:
            continue
        t0, c0 = time.perf_counter(), time.process_time()
        progress.start_task(tasks[m.name])
        reason = missing_reason(resources, m) or resources.ensure(resources.needs(m), load=load)
        if reason is not None:
            for u in todo:
                session.skip(u, reason)
            progress.update(tasks[m.name], description=f"{m.name} (skipped)")
            if session.store is not None:
                console.print(f"[red]skipped[/] {m.name}: {reason}")
            session.wall_seconds[m.name] = time.perf_counter() - t0
            session.cpu_seconds[m.name] = time.process_time() - c0
            continue
        reported: set[UnitKey] = set()
        setup_failures = 0
        gave_up = False

        # defaults bind this metric's name and set: the closures must not see a later iteration's
        def on_done(u: Unit, rec: dict[str, Any], name: str = m.name, reported: set[UnitKey] = reported) -> bool:
            nonlocal setup_failures, gave_up
            reported.add(u.key)
            progress.advance(tasks[name])
            if rec["status"] != "unavailable":
                setup_failures = 0
                session.commit(u, rec)
                return not gave_up
            why = redact_secrets(rec["error"])
            session.skip(u, why)
            setup_failures += 1
            if setup_failures >= SETUP_FAILURES_BEFORE_GIVING_UP and not gave_up:
                gave_up = True
                console.print(f"[red]skipped[/] {name}: cannot run on this machine ({why[:300]})")
            return not gave_up

        def adopt(u: Unit, rec: dict[str, Any], name: str = m.name, reported: set[UnitKey] = reported) -> None:
            reported.add(u.key)  # computed by another process on this workspace meanwhile
            progress.advance(tasks[name])
            session.records[u.key] = rec
            session.reused += 1

        try:
            if claims is not None and session.store is not None and take is not None:
                run_claimed(executor, m, todo, resources, on_done, claims=claims, store=session.store,
                            take=take, adopt=adopt)
            else:
                executor.run(m, todo, resources, on_done)
        finally:
            session.wall_seconds[m.name] = time.perf_counter() - t0
            session.cpu_seconds[m.name] = time.process_time() - c0
        for u in todo:
            if u.key not in reported:
                session.skip(u, f"not attempted: {m.name} could not run here")
                progress.advance(tasks[m.name])


def run_eval(
    ws: Workspace,
    config: EvalConfig,
    *,
    console: Any | None = None,
    show_progress: bool = True,
    executor: Executor | None = None,
) -> EvalOutcome:
    """Evaluate ``config.systems`` against the gold surveys; see the module docstring."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = console or Console(stderr=True)
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    if not config.systems:
        raise EvalError("give at least one --system")

    # 1. plan
    import_metric_modules(config.metrics_modules)
    selection: Selection = select(config.metrics, config.options)
    metrics = selection.metrics
    judge_spec, embedder_spec, notes = _defaults(config, frozenset().union(*(m.requires for m in metrics)))
    for n in notes:
        console.print(f"[yellow]note:[/] {n}")
    gold, gold_source, warnings = load_gold(ws, config)
    for w in warnings:
        console.print(f"[yellow]warning:[/] {w}")
    pairings = _pairings(ws, config, gold, console)

    # 2. provide
    settings = settings_for(judge=judge_spec, embedder=embedder_spec, nli=config.nli,
                            title_index=config.title_index, options=selection.flat_options,
                            cache_dir=ws.cache_dir, judge_concurrency=config.judge_concurrency,
                            judge_timeout=config.judge_timeout, judge_retries=config.judge_retries)
    resources = Resources(settings, metrics)
    needs_all = frozenset().union(*(resources.needs(m) for m in metrics))
    resource_ids = {r: resources.identity(r) for r in sorted(needs_all)}
    run_id = run_id_for(config, gold_source, selection, resource_ids)
    run_dir = ws.runs_dir / run_id
    run_dir.mkdir(parents=True, exist_ok=True)
    units = plan_units(pairings, selection, resources.unit_resources)

    # 3. execute what the store does not have yet
    session = _Session(UnitStore(ws.units_dir))
    pending: dict[str, list[Unit]] = {}
    # --retry-failed: units stored "failed" or "partial" (some judgements failed) before this
    # run started are computed again; the judge cache answers the calls that had succeeded
    since = datetime.now(timezone.utc).isoformat(timespec="microseconds")

    def take(rec: dict[str, Any]) -> bool:
        return adoptable(rec, retry_failed=config.retry_failed, since=since)

    store = session.store
    assert store is not None  # eval always stores; only `score` runs without a store
    for u in units:
        rec = store.get(u.key)
        if rec is not None and take(rec):
            session.records[u.key] = rec
            session.reused += 1
        else:
            pending.setdefault(u.metric, []).append(u)
    if session.reused:
        console.print(f"resuming: {session.reused} of {len(units)} unit(s) already done in {ws.units_dir}")
    executor = executor or LocalExecutor(config.jobs)
    progress = Progress(
        TextColumn("{task.description:<28}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=console, disable=not show_progress, transient=False,
    )
    try:
        with progress:
            execute_units(metrics, units, pending, resources, executor, session, progress, console,
                          claims=ws.claims, take=take)
    except KeyboardInterrupt:
        console.print(
            f"[yellow]interrupted:[/] {session.computed} unit(s) finished in this session are saved; "
            "run the same command again to resume"
        )
        raise

    # 4. store
    by_name = {m.name: m for m in metrics}
    results_path = run_dir / "results.parquet"
    rows = results_rows(run_id, units, session.records, by_name)
    write_results(rows, results_path)
    # every score that failed, whole units and sub-scores emptied by failed judgements, with cause
    failures = failed_score_entries(rows)
    statuses = [session.records[u.key].get("status") for u in units if u.key in session.records]
    manifest = build_manifest(
        run_id=run_id, config=config, started=started, selection=selection, notes=notes,
        warnings=warnings, gold_source=gold_source, n_gold=len(gold), pairings=pairings,
        resources=resources, resource_ids=resource_ids, units=units, records=session.records,
        computed=session.computed, reused=session.reused, failures=failures, skipped=session.skipped,
        wall_seconds=session.wall_seconds, cpu_seconds=session.cpu_seconds, executor=getattr(executor, "name", type(executor).__name__),
    )
    manifest["units"].update(failed=statuses.count("failed"), partial=statuses.count(PARTIAL),
                             failed_scores=len(failures))
    manifest["failure_summary"] = failure_summary(rows)
    manifest["judge_outage_failures"] = outage_count(rows)  # scores a later run may recover
    describe = getattr(executor, "describe", None)
    if callable(describe):  # e.g. the Ray cluster the units ran on (surveybench.eval.executor_ray)
        manifest["executor"] = describe()
    manifest_path = run_dir / "manifest.json"
    # no keys, and no local paths (a published manifest must not show where files sit here)
    text = redact_secrets(json.dumps(scrub_local_paths_in(manifest), indent=1, ensure_ascii=False))
    atomic_write_text(manifest_path, text)
    return EvalOutcome(run_id, run_dir, results_path, manifest_path, json.loads(text), session.computed,
                       session.reused, statuses.count("failed"))


def score_pair(candidate: Any, reference: Any, selection: Selection, resources: Resources, *,
               console: Any | None = None, progress: bool = False,
               executor: Executor | None = None) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """Score one (generated, human) pair through the same execute path as :func:`run_eval`,
    storing nothing: each selected metric's record (``metric``, ``status``, ``scores``,
    ``details``, ``usage``, ``failures``, ``seconds``) in selection order, and the metrics
    skipped with the reason (a resource not configured or not loadable, or the metric failed)."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from surveybench.eval.units import UnitKey

    console = console or Console(stderr=True)
    units = [Unit(m.name, candidate.system or "generated", "unspecified", reference.topic or reference.title,
                  candidate, reference, UnitKey(candidate.system or "generated", reference.title, m.name, "", ""))
             for m in selection.metrics]
    pending = {u.metric: [u] for u in units}
    session = _Session(None)
    bar = Progress(TextColumn("{task.description:<28}"), BarColumn(), TimeElapsedColumn(),
                   console=console, disable=not progress, transient=True)
    with bar:
        execute_units(selection.metrics, units, pending, resources, executor or LocalExecutor(1), session,
                      bar, console, load=True)
    results: list[dict[str, Any]] = []
    skipped = [{"metric": s["metric"], "reason": s["reason"]} for s in session.skipped]
    for u in units:
        rec = session.records.get(u.key)
        if rec is None:
            continue
        if rec.get("status") == "failed":
            skipped.append({"metric": u.metric, "reason": f"failed: {rec.get('error')}"})
            continue
        results.append({"metric": u.metric, **{k: v for k, v in rec.items() if k != "key"}})
    order = {m.name: i for i, m in enumerate(selection.metrics)}
    skipped.sort(key=lambda s: order.get(s["metric"], 0))
    return results, skipped
