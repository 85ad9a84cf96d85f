"""Batch generation: every task of a dataset's ``tasks`` configuration x baselines.

Each task row gives the inputs of SurveyGen's three settings (§2.1, App. B): the topic
(Task 1), the date cutoff and the reference budget K (Task 2: K = the human survey's reference
count, App. C), the gold outline and per-section references (Task 3). A baseline runs in its own
setting: ``topic-only`` in Task 1, ``naive-rag`` / ``qual-sg`` / ``autosurvey`` in Task 2,
``human-guided`` in Task 3.

One (task, baseline) pair is one :class:`GenerationJob`, run by :func:`run_generation_job` -- a
plain function of plain, picklable data, so any executor (threads here, Ray elsewhere) can run
it. Its files, under ``OUT/<baseline>/``:

``<slug>.json``        the generated survey (a :class:`~surveybench.model.Survey`, nothing else,
                       so ``surveybench import`` reads it back unchanged)
``<slug>.usage.json``  calls, tokens, cost, seconds, the job's settings and fingerprint
``<slug>.failed.json`` the errors of failed attempts; a rerun retries with a new seed (not the
                       same deterministic failure again) up to ``max_attempts``
``.cache/<slug>.sqlite``  the judge's reply cache: an interrupted job resumes call by call

A job whose survey exists with the same fingerprint is reused, not run again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from surveybench.baselines.settings import GenerationSettings

SETTING_OF = {
    "topic-only": "Task 1",
    "naive-rag": "Task 2",
    "qual-sg": "Task 2",
    "autosurvey": "Task 2",
    "human-guided": "Task 3",
}


class BatchError(ValueError):
    """Bad batch input (names the file and what is wrong)."""


@dataclass(frozen=True)
class TaskSpec:
    survey_id: str
    topic: str
    date_cutoff: str | None
    reference_budget: int | None
    domain: str | None = None


def load_tasks(dataset: str | Path) -> list[TaskSpec]:
    """The rows of a dataset's ``tasks`` configuration (local export directory or Hub id)."""
    from surveybench.dataset import DatasetError, check_layout

    p = Path(dataset)
    rows: list[dict[str, Any]]
    if p.exists():
        try:
            files = check_layout(p)
        except DatasetError as e:
            raise BatchError(str(e)) from None
        if not files.get("tasks"):
            raise BatchError(f"{p}: the dataset has no 'tasks' configuration")
        import pyarrow.parquet as pq

        rows = [r for f in files["tasks"] for r in pq.read_table(
            f, columns=["survey_id", "domain", "topic", "date_cutoff", "reference_budget"]).to_pylist()]
    else:
        import datasets

        try:
            rows = datasets.load_dataset(str(dataset), "tasks", split="train").to_list()
        except Exception as e:  # noqa: BLE001 - Hub/network errors: one clear message
            raise BatchError(f"{dataset}: cannot load the 'tasks' configuration ({e})") from None
    tasks = []
    for i, r in enumerate(rows):
        if not r.get("survey_id") or not (r.get("topic") or "").strip():
            raise BatchError(f"{dataset}: tasks row {i} has no survey_id or topic")
        tasks.append(TaskSpec(r["survey_id"], r["topic"].strip(), r.get("date_cutoff"),
                              r.get("reference_budget"), r.get("domain")))
    if not tasks:
        raise BatchError(f"{dataset}: the 'tasks' configuration is empty")
    return tasks


@dataclass(frozen=True)
class GenerationJob:
    """Everything one (task, baseline) run needs, as plain data."""

    baseline: str
    task: TaskSpec
    dataset: str
    out_dir: str
    judge: str = "local"
    panel: tuple[str, ...] = ()
    embedder: str | None = None
    index: str | None = None
    candidates: str | None = None
    settings: GenerationSettings = field(default_factory=GenerationSettings)
    concurrency: int = 4
    openalex_url: str | None = None
    max_attempts: int = 3
    retry_failed: bool = False

    @property
    def slug(self) -> str:
        from surveybench.workspace import slugify

        return slugify(self.task.topic, max_len=80)

    @property
    def dir(self) -> Path:
        return Path(self.out_dir) / self.baseline

    @property
    def output(self) -> Path:
        return self.dir / f"{self.slug}.json"

    def fingerprint(self) -> str:
        """What makes two runs the same run: inputs and settings, not paths or concurrency."""
        parts = {
            "baseline": self.baseline, "task": dataclasses.asdict(self.task), "judge": self.judge,
            "panel": list(self.panel), "embedder": self.embedder,
            "index": _index_identity(self.index), "candidates": _file_identity(self.candidates),
            "settings": self.settings.as_dict(),
        }
        return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:16]


def _file_identity(path: str | None) -> str | None:
    if not path:
        return None
    try:
        st = Path(path).stat()
        return f"{Path(path).name}:{st.st_size}"
    except OSError:
        return path


def _index_identity(path: str | None) -> str | None:
    if not path:
        return None
    try:
        return json.loads((Path(path) / "manifest.json").read_text(encoding="utf-8")).get("built_at")
    except (OSError, ValueError):
        return path


@dataclass
class JobResult:
    baseline: str
    survey_id: str
    topic: str
    status: str  # "done" | "reused" | "failed" | "skipped"
    output: str | None = None
    error: str | None = None
    usage: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    notes: list[str] = field(default_factory=list)


# ---- per-process resources (shared by the jobs of one process) --------------------------------

_SHARED: dict[tuple[str, str], Any] = {}
_SHARED_LOCK = threading.Lock()


def _shared(kind: str, key: str, make: Callable[[], Any]) -> Any:
    with _SHARED_LOCK:
        if (kind, key) not in _SHARED:
            _SHARED[(kind, key)] = make()
        return _SHARED[(kind, key)]


def resolve_embedder(model: str | None) -> tuple[Any, str | None]:
    """The embedder to retrieve with and a note when the default had to fall back: the
    default BAAI/bge-large-en-v1.5 (SurveyGen App. C) when cached, else the local
    all-MiniLM-L6-v2 -- the same rule as ``eval`` (:func:`surveybench.embeddings.offline_fallback`)."""
    from surveybench.embeddings import make_embedder, offline_fallback

    note = None
    target = model
    if model is None:
        from surveybench.embeddings import DEFAULT_EMBEDDING_MODEL as DEFAULT_MODEL

        path = offline_fallback(DEFAULT_MODEL)
        if path is not None:
            target = path
            note = (f"embedder: {DEFAULT_MODEL} is not in the local cache; using the local "
                    f"all-MiniLM-L6-v2 ({path}) -- retrieval checks the pipeline, give "
                    f"--embedder for results")
    return _shared("embedder", str(target), lambda: make_embedder(target)), note


def _gold_surveys(dataset: str) -> dict[str, Any]:
    from surveybench.dataset import load_surveys

    return _shared("gold", dataset, lambda: {s.id: s for s in load_surveys(dataset) if s.system is None})


def _openalex(url: str) -> Any:
    from surveybench.data_builders.clients import OpenAlexClient
    from surveybench.data_builders.http import HttpLayer, ServiceConfig

    return _shared("openalex", url, lambda: OpenAlexClient(HttpLayer(
        None, {"openalex": ServiceConfig("openalex", url, rate=10.0, burst=10, max_retries=3)})))


def _retriever(job: GenerationJob, embedder: Any, gold: Any) -> Any:
    from surveybench.baselines.retrieval import IndexRetriever, MemoryRetriever, load_candidates

    mode = job.settings.retrieval
    if job.index:
        from surveybench.baselines.index import load_index

        idx = _shared("index", job.index, lambda: load_index(Path(job.index)))
        return IndexRetriever(idx, embedder, cutoff=job.task.date_cutoff, gold=gold, mode=mode,
                              openalex=_openalex(job.openalex_url) if job.openalex_url else None)
    if job.candidates:
        pool = _shared("candidates", job.candidates, lambda: load_candidates(Path(job.candidates)))
        return MemoryRetriever(pool, embedder, cutoff=job.task.date_cutoff, gold=gold)
    raise BatchError(f"baseline {job.baseline} needs --index DIR or --candidates FILE")


def _write_json(path: Path, data: Any) -> None:
    from surveybench.workspace import atomic_write_text

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, data if isinstance(data, str) else json.dumps(data, indent=1, default=str))


def _failures(job: GenerationJob) -> dict[str, Any]:
    p = job.dir / f"{job.slug}.failed.json"
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"fingerprint": None, "errors": []}
    return data


def run_generation_job(job: GenerationJob) -> JobResult:
    """Run (or reuse) one (task, baseline) job; never raises for a generation failure."""
    from surveybench.baselines import NEEDS_CANDIDATES, run_baseline
    from surveybench.baselines.surveygen import GenerationError
    from surveybench.judges import make_judge

    t0, cpu0 = time.monotonic(), time.process_time()
    fp = job.fingerprint()
    res = JobResult(job.baseline, job.task.survey_id, job.task.topic, "done", str(job.output))
    usage_path = job.dir / f"{job.slug}.usage.json"
    if job.output.exists():
        try:
            old = json.loads(usage_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            old = {}
        if old.get("fingerprint") == fp:
            res.status, res.usage = "reused", old.get("usage", {})
            return res
    failed = _failures(job)
    attempt = len(failed["errors"]) if failed.get("fingerprint") == fp else 0
    if attempt >= job.max_attempts and not job.retry_failed:
        res.status = "skipped"
        res.error = (f"failed {attempt} times before (last: {failed['errors'][-1]}); "
                     "--retry-failed to try again")
        return res

    cfg = job.settings
    if attempt:
        # the same inputs at the same seed fail the same way: retry from another seed
        cfg = cfg.replace(seed=(cfg.seed or 0) + 1000 * attempt)
    judge = None
    try:
        gold = _gold_surveys(job.dataset).get(job.task.survey_id)
        if gold is None and job.baseline == "human-guided":
            raise BatchError(f"{job.dataset}: no human-written survey with id {job.task.survey_id!r}")
        judge = make_judge(job.judge, cache_path=job.dir / ".cache" / f"{job.slug}.sqlite",
                           concurrency=job.concurrency, seed=cfg.seed)
        panel = [make_judge(p, cache_path=job.dir / ".cache" / f"{job.slug}.panel.sqlite")
                 for p in job.panel]
        retriever = None
        if job.baseline in NEEDS_CANDIDATES:
            embedder, note = resolve_embedder(job.embedder)
            if note:
                res.notes.append(note)
            retriever = _retriever(job, embedder, gold)
        gold_count = job.task.reference_budget or (len(gold.references) if gold is not None else None)
        budget = cfg.budget_for(gold_count)
        survey = run_baseline(job.baseline, job.task.topic, judge, retriever=retriever,
                              budget=budget, cutoff=job.task.date_cutoff, gold=gold,
                              settings=cfg, panel=panel or None)
        survey = survey.model_copy(update={"id": job.task.survey_id, "domain": job.task.domain})
        cc = (survey.extra.get("retrieval") or {}).get("co_citation") or {}
        if cc.get("without_metadata"):
            res.notes.append(
                f"{job.baseline}: {cc['without_metadata']} of {cc['co_cited_works']} co-cited works have "
                f"no title in the index (second-level rows hold OpenAlex ids only); "
                f"{cc['added']} added -- give --openalex-url to fetch them (SurveyGen App. C)")
        survey.extra["task"] = {"setting": SETTING_OF[job.baseline], "survey_id": job.task.survey_id,
                                "date_cutoff": job.task.date_cutoff, "reference_budget": budget}
        usage = judge.usage_summary()
        for p in panel:
            usage.setdefault("panel", []).append(p.usage_summary())
        _write_json(job.output, survey.model_dump_json(indent=1))
        res.usage = usage
        res.seconds = time.monotonic() - t0
        # CPU of the whole process (llama.cpp's threads included): exact with --jobs 1, an
        # upper bound when jobs overlap
        res.cpu_seconds = time.process_time() - cpu0
        _write_json(usage_path, {"fingerprint": fp, "usage": usage, "seconds": res.seconds,
                                 "cpu_seconds": res.cpu_seconds, "attempt": attempt + 1,
                                 "settings": cfg.as_dict(), "judge": job.judge, "notes": res.notes})
        (job.dir / f"{job.slug}.failed.json").unlink(missing_ok=True)
        for p in panel:
            p.close()
    except (GenerationError, BatchError, ValueError, OSError) as e:
        res.status, res.error = "failed", f"{type(e).__name__}: {e}"
    except Exception as e:  # noqa: BLE001 - one bad job must not stop the batch
        res.status = "failed"
        res.error = f"{type(e).__name__}: {e} ({traceback.format_exc(limit=3).splitlines()[-3].strip()})"
    finally:
        if judge is not None:
            if res.status == "failed":
                res.usage = judge.usage_summary()
            judge.close()
    res.seconds = time.monotonic() - t0
    if res.status == "failed":
        errors = failed["errors"] if failed.get("fingerprint") == fp else []
        _write_json(job.dir / f"{job.slug}.failed.json",
                    {"fingerprint": fp, "errors": [*errors, res.error], "baseline": job.baseline,
                     "topic": job.task.topic})
    return res


# ---- the batch --------------------------------------------------------------------------------


def plan_jobs(tasks: Sequence[TaskSpec], baselines: Sequence[str], **common: Any) -> list[GenerationJob]:
    return [GenerationJob(baseline=b, task=t, **common) for t in tasks for b in baselines]


def run_jobs(
    jobs: Sequence[GenerationJob],
    *,
    workers: int = 1,
    on_start: Callable[[GenerationJob], None] | None = None,
    on_done: Callable[[GenerationJob, JobResult], None] | None = None,
    run: Callable[[GenerationJob], JobResult] = run_generation_job,
) -> list[JobResult]:
    """Run ``jobs`` ``workers`` at a time (threads); callbacks run in the calling thread, in
    completion order. Results come back in job order. Ctrl-C cancels the queued jobs; those
    running finish into their caches."""
    results: dict[int, JobResult] = {}
    pending = list(enumerate(jobs))
    with ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="generate") as pool:
        running: dict[Future[JobResult], int] = {}
        try:
            while pending or running:
                while pending and len(running) < max(1, workers):
                    i, job = pending.pop(0)
                    if on_start:
                        on_start(job)
                    running[pool.submit(run, job)] = i
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for f in done:
                    i = running.pop(f)
                    results[i] = f.result()
                    if on_done:
                        on_done(jobs[i], results[i])
        except KeyboardInterrupt:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return [results[i] for i in range(len(jobs))]


def usage_by_baseline(results: Iterable[JobResult]) -> dict[str, dict[str, Any]]:
    """Calls, tokens and cost per baseline (cost None when any job's price is unknown)."""
    out: dict[str, dict[str, Any]] = {}
    for r in results:
        u = out.setdefault(r.baseline, {"jobs": 0, "done": 0, "reused": 0, "failed": 0, "skipped": 0,
                                        "calls": 0, "prompt_tokens": 0, "completion_tokens": 0,
                                        "cost_usd": 0.0})
        u["jobs"] += 1
        u[r.status] += 1
        parts = [r.usage, *(r.usage.get("panel") or [])] if r.usage else []
        for part in parts:
            u["calls"] += int(part.get("calls", 0) or 0)
            u["prompt_tokens"] += int(part.get("prompt_tokens", 0) or 0)
            u["completion_tokens"] += int(part.get("completion_tokens", 0) or 0)
            cost = part.get("cost_usd")
            u["cost_usd"] = None if cost is None or u["cost_usd"] is None else u["cost_usd"] + cost
    return out


def register_outputs(workspace: Any, results: Sequence[JobResult], dataset: str) -> dict[str, int]:
    """Store the finished surveys as systems (one per baseline) in ``workspace`` and the
    tasks' gold surveys as its gold, so ``surveybench eval -s BASELINE`` runs at once."""
    from surveybench.model import Survey

    by: dict[str, list[Any]] = {}
    for r in results:
        if r.status in ("done", "reused") and r.output:
            by.setdefault(r.baseline, []).append(
                Survey.model_validate_json(Path(r.output).read_text(encoding="utf-8")))
    for name, surveys in by.items():
        workspace.add_system(name, surveys, source=str(Path(results[0].output or ".").parent.parent),
                             task=SETTING_OF[name])
    wanted = {r.survey_id for r in results}
    gold = [s for sid, s in _gold_surveys(dataset).items() if sid in wanted]
    have = workspace.gold_surveys() if workspace.has_gold() else {}
    from surveybench.workspace import normalise_topic, topic_key

    known = {normalise_topic(t) for t in have}
    new = [s for s in gold if normalise_topic(topic_key(s)) not in known]
    if new:
        workspace.add_gold(new, source=str(dataset))
    return {k: len(v) for k, v in by.items()}
