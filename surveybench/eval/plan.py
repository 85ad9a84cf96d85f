"""Planning an evaluation: which metrics with which options, which gold, which (system, topic,
metric) units, and the run id. Nothing here computes a score.

Options are checked here, against the specs of the selected metrics, before any model is
loaded: a misspelled or mistyped ``--option`` stops the run with the list of valid options.
Each unit key carries its metric's version and resolved options, so a changed option or a new
metric version is computed afresh (and lands in a run directory of its own) instead of being
silently reused.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from surveybench.eval.units import UnitKey
from surveybench.metrics.base import Metric, OptionError, load_all, resolve_options, spec_of
from surveybench.model import Survey
from surveybench.workspace import Workspace, normalise_topic, survey_hash, topic_key

METRIC_GROUPS = ("all", "deterministic", "no-llm")
LLM_RESOURCES = frozenset({"judge"})
METRICS_MODULES_ENV = "SURVEYBENCH_METRICS_MODULES"
GOLD_SUFFIXES = {".md", ".markdown", ".json", ".txt"}


class EvalError(RuntimeError):
    """The evaluation cannot start (no gold, unknown system, metric or option); the message says why."""


@dataclass
class EvalConfig:
    systems: list[str]
    metrics: list[str] = field(default_factory=lambda: ["all"])
    data: str | None = None
    gold_dir: Path | None = None
    split: str = "train"
    judge: str | None = None
    embedder: str | None = None
    title_index: Path | None = None  # titles file/dir for citation_accuracy (surveybench.metrics.title_index)
    nli: str | None = None  # e.g. "hf:microsoft/deberta-large-mnli"; default: metrics use the judge
    options: dict[str, Any] = field(default_factory=dict)  # --option values, checked against the metric specs
    jobs: int = 1
    # requests in flight to the judge at once, across all units (one semaphore per judge)
    judge_concurrency: int = 8
    judge_timeout: float = 120.0  # seconds per judge request
    judge_retries: int = 4  # re-sends of a judge request after 429/5xx/timeout/connection errors
    task: str | None = None
    retry_failed: bool = False
    metrics_modules: list[str] = field(default_factory=list)
    topics: list[str] | None = None  # restrict to these topics (normalised match)


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


def select_metrics(names: Sequence[str]) -> list[Metric]:
    """Resolve metric names and groups (``all``, ``deterministic`` = needs no model or index,
    ``no-llm`` = no judge) into registered metric objects, in a stable order."""
    registry = load_all()
    wanted: dict[str, Metric] = {}
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
    for m in wanted.values():
        try:
            spec_of(m)
        except TypeError as exc:
            raise EvalError(str(exc)) from None
    return list(wanted.values())


@dataclass
class Selection:
    """The selected metrics and each one's resolved options (defaults + what was given)."""

    metrics: list[Metric]
    options: dict[str, dict[str, Any]]

    @property
    def flat_options(self) -> dict[str, Any]:
        """Every selected metric's options in one mapping (what ``MetricContext.options``
        holds; a name shared by two metrics is declared alike, so it has one value)."""
        out: dict[str, Any] = {}
        for opts in self.options.values():
            out.update(opts)
        return out

    def identity(self, metric: Metric) -> tuple[str, str]:
        """(version, options as canonical JSON) of ``metric``: part of every unit key."""
        return spec_of(metric).version, json.dumps(self.options[metric.name], sort_keys=True, default=str)


def select(names: Sequence[str], options: dict[str, Any]) -> Selection:
    """Select metrics and check ``options`` against their specs (:class:`EvalError` if bad)."""
    metrics = select_metrics(names)
    try:
        resolved = resolve_options(metrics, options)
    except OptionError as exc:
        raise EvalError(str(exc)) from None
    return Selection(metrics, resolved)


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


# ---- units ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Unit:
    """One metric on one (generated, gold) pair: the smallest piece of work, stored on its own."""

    metric: str
    system: str
    task: str
    topic: str
    candidate: Survey = field(repr=False, compare=False)
    reference: Survey = field(repr=False, compare=False)
    key: UnitKey


def plan_units(pairings: Sequence[Pairing], selection: Selection,
               resource_ids: Callable[[Metric], tuple[tuple[str, str], ...]]) -> list[Unit]:
    """Every (metric, system, topic) unit, metric by metric, with its key: both surveys'
    hashes, the metric's version and options, the identities of the resources it uses.

    Within a metric the units go topic by topic, a topic's systems one after another: they
    share the gold survey, so an in-process judge reuses the evaluated prompt prefix (the
    prompt's gold part) and an embedder finds the gold's vectors still warm."""
    hashes: dict[int, str] = {}  # once per survey, not once per unit

    def h(s: Survey) -> str:
        if id(s) not in hashes:
            hashes[id(s)] = survey_hash(s)
        return hashes[id(s)]

    units: list[Unit] = []
    for m in selection.metrics:
        version, options = selection.identity(m)
        res = resource_ids(m)
        rows = [(topic, p, cand, ref) for p in pairings for topic, cand, ref in p.pairs]
        rows.sort(key=lambda row: row[0])  # stable: within a topic, the systems' given order
        for topic, p, cand, ref in rows:
            key = UnitKey(p.system, topic, m.name, h(cand), h(ref), res, version, options)
            units.append(Unit(m.name, p.system, p.task, topic, cand, ref, key))
    return units


def run_id_for(config: EvalConfig, gold_source: str, selection: Selection,
               resource_ids: dict[str, str]) -> str:
    """A hash of everything that decides the results: systems, metrics with their versions and
    options, gold, models, task and topics. Rerunning the same command resumes in the same
    directory; changing any of these starts a new one."""
    blob = json.dumps(
        {
            "systems": sorted(config.systems),
            "metrics": {m.name: list(selection.identity(m)) for m in selection.metrics},
            "gold": gold_source,
            "resources": resource_ids,
            "task": config.task,
            "topics": sorted(config.topics) if config.topics else None,
        },
        sort_keys=True,
    )
    return "run-" + hashlib.sha256(blob.encode()).hexdigest()[:12]
