"""``surveybench generate``: run generation baselines (``baselines/``) on one topic, or on every
task of a dataset (``--tasks``)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer


class Baseline(str, Enum):
    topic_only = "topic-only"
    naive_rag = "naive-rag"
    qual_sg = "qual-sg"
    autosurvey = "autosurvey"
    human_guided = "human-guided"


class Preset(str, Enum):
    auto = "auto"
    paper = "paper"
    tiny = "tiny"


class Retrieval(str, Enum):
    dense = "dense"
    bm25 = "bm25"
    hybrid = "hybrid"


_P = "Paper knobs"  # rich help panel of the options the papers set or vary


def _weights(text: str | None) -> tuple[float, float, float] | None:
    if text is None:
        return None
    try:
        parts = tuple(float(x) for x in text.split(","))
    except ValueError:
        raise typer.BadParameter(f"{text!r}: expected three numbers C,V,A like 0.5,0.3,0.2") from None
    if len(parts) != 3:
        raise typer.BadParameter(f"{text!r}: expected three numbers C,V,A like 0.5,0.3,0.2")
    return parts  # type: ignore[return-value]


def generate(
    baseline: Annotated[list[Baseline] | None, typer.Option(
        help="Baseline to run; repeat for several. One topic: exactly one. With --tasks: "
        "default all five.")] = None,
    out: Annotated[Path | None, typer.Option("-o", "--out", help="One topic: output file, .md "
                                             "or .json. With --tasks: output directory "
                                             "[default: WORKSPACE/generated].")] = None,
    topic: Annotated[str | None, typer.Option(
        help="Survey topic (SurveyGen App. G style); human-guided defaults to the gold "
        "survey's topic.")] = None,
    tasks: Annotated[str | None, typer.Option(
        help="Dataset directory (or Hub id) whose 'tasks' configuration is run: every task x "
        "baseline, each in its setting (Task 1/2/3) with the task's date cutoff and reference "
        "budget.")] = None,
    gold: Annotated[Path | None, typer.Option(
        help="One topic, human-guided: the human survey file whose outline and per-section "
        "references are the input (Task 3).")] = None,
    index: Annotated[Path | None, typer.Option(
        help="Paper index directory (`surveybench index build`) to retrieve from.")] = None,
    candidates: Annotated[Path | None, typer.Option(
        help="A small candidate pool instead of an index: .jsonl/.json/.parquet of "
        "Reference-shaped objects (rows of the dataset export's `references` included) or a "
        "survey file whose bibliography is the pool.")] = None,
    cutoff: Annotated[str | None, typer.Option(
        help="One topic: retrieve only papers published before this date (YYYY or "
        "YYYY-MM-DD). With --tasks each task's own cutoff applies.")] = None,
    judge: Annotated[str, typer.Option(help="LLM spec: local | local:/m.gguf | openai:MODEL | "
                                       "http://HOST:PORT/v1@MODEL.")] = "local",
    panel: Annotated[str | None, typer.Option(
        help="Judges that pick AutoSurvey's best trial, comma-separated [default: --judge].")] = None,
    embedder: Annotated[str | None, typer.Option(
        help="Embedding model id or directory [default: the index's model, else "
        "BAAI/bge-large-en-v1.5 (SurveyGen App. C), else the local all-MiniLM-L6-v2 offline].")] = None,
    cache: Annotated[Path | None, typer.Option(
        help="One topic: SQLite reply cache, so a rerun reuses every finished LLM call (with "
        "--tasks every job has its own cache under the output directory).")] = None,
    workspace: Annotated[Path | None, typer.Option(
        "--workspace", "-w", envvar="SURVEYBENCH_WORKSPACE",
        help="Workspace the --tasks outputs are registered in [default: ./surveybench-runs].")] = None,
    register: Annotated[bool, typer.Option(help="With --tasks: register the outputs as systems "
                                           "(one per baseline) in the workspace.")] = True,
    jobs: Annotated[int, typer.Option(help="With --tasks: (task, baseline) jobs run at once.",
                                      min=1)] = 2,
    concurrency: Annotated[int, typer.Option(help="LLM calls in flight per judge.", min=1)] = 4,
    max_attempts: Annotated[int, typer.Option(help="With --tasks: give up on a job after this "
                                              "many failed attempts (each retry uses a new seed).",
                                              min=1)] = 3,
    retry_failed: Annotated[bool, typer.Option(help="Retry jobs that already failed "
                                               "--max-attempts times.")] = False,
    executor: Annotated[str, typer.Option(help="With --tasks: where jobs run: 'local' (--jobs "
                                          "threads) or 'ray' (one Ray task per job; needs "
                                          "surveybench[ray]; --out on a path every node reaches).")] = "local",
    ray_address: Annotated[str | None, typer.Option(help="Ray cluster to join with --executor ray "
                                                    "(host:port or 'auto') [default: RAY_ADDRESS, "
                                                    "else a local Ray instance].")] = None,
    openalex_url: Annotated[str | None, typer.Option(
        help="OpenAlex API base URL (e.g. https://api.openalex.org): co-cited works missing from "
        "the index are fetched there (QUAL-SG co-citation expansion) [default: index only].")] = None,
    preset: Annotated[Preset, typer.Option(
        help="Sizes: paper (the papers' values), tiny (small, for the tiny local judge), auto = "
        "tiny for the SmolLM2 judge, else paper. Options below override the preset.")] = Preset.auto,
    budget: Annotated[int | None, typer.Option(
        help="References to select, K [default: the human survey's count (SurveyGen App. C); "
        "50 for a topic without one].", min=1, rich_help_panel=_P)] = None,
    temperature: Annotated[float | None, typer.Option(
        help="Decoding temperature of the SurveyGen baselines [default 0].", min=0.0, max=2.0,
        rich_help_panel=_P)] = None,
    seed: Annotated[int | None, typer.Option(help="Decoding seed.", rich_help_panel=_P)] = None,
    max_tokens: Annotated[int | None, typer.Option(help="Max tokens per LLM reply.", min=16,
                                                   rich_help_panel=_P)] = None,
    abstract_chars: Annotated[int | None, typer.Option(
        help="Abstract characters per paper in SurveyGen prompts.", min=0, rich_help_panel=_P)] = None,
    retrieval: Annotated[Retrieval | None, typer.Option(
        help="Index search: dense (SurveyGen eq. 1), bm25, or hybrid (rank fusion).",
        rich_help_panel=_P)] = None,
    qualsg_initial_n: Annotated[int | None, typer.Option(
        help="QUAL-SG: papers retrieved by similarity (App. C: 300).", min=1, rich_help_panel=_P)] = None,
    qualsg_co_cited: Annotated[int | None, typer.Option(
        help="QUAL-SG: co-cited works added (App. C: 50; 0 = no expansion).", min=0,
        rich_help_panel=_P)] = None,
    qualsg_min_citers: Annotated[int | None, typer.Option(
        help="QUAL-SG: citers needed to count as co-cited (§2.4: 2).", min=1, rich_help_panel=_P)] = None,
    qualsg_weights: Annotated[str | None, typer.Option(
        help="QUAL-SG impact weights citations,venue,authors (App. C: 0.5,0.3,0.2).",
        rich_help_panel=_P)] = None,
    autosurvey_initial_n: Annotated[int | None, typer.Option(
        help="AutoSurvey: papers retrieved for the outline (§4: 1200).", min=1, rich_help_panel=_P)] = None,
    autosurvey_chunk_tokens: Annotated[int | None, typer.Option(
        help="AutoSurvey: paper-list tokens per outline call (§4: 30000; capped by the judge's "
        "context window).", min=256, rich_help_panel=_P)] = None,
    autosurvey_sections: Annotated[int | None, typer.Option(
        help="AutoSurvey: sections of the outline (§4: 8).", min=1, rich_help_panel=_P)] = None,
    autosurvey_papers_per_subsection: Annotated[int | None, typer.Option(
        help="AutoSurvey: papers retrieved per subsection (§4: 60).", min=1, rich_help_panel=_P)] = None,
    autosurvey_paper_tokens: Annotated[int | None, typer.Option(
        help="AutoSurvey: tokens of each paper shown (§4: 1500).", min=1, rich_help_panel=_P)] = None,
    autosurvey_word_num: Annotated[int | None, typer.Option(
        help="AutoSurvey: words per subsection (authors' release: 500).", min=1, rich_help_panel=_P)] = None,
    autosurvey_trials: Annotated[int | None, typer.Option(
        help="AutoSurvey Phase 4: trials N, the panel keeps the best (§4: 2).", min=1,
        rich_help_panel=_P)] = None,
    autosurvey_temperature: Annotated[float | None, typer.Option(
        help="AutoSurvey decoding temperature (App. B: 1).", min=0.0, max=2.0, rich_help_panel=_P)] = None,
    autosurvey_reflect: Annotated[bool | None, typer.Option(
        "--autosurvey-reflect/--no-autosurvey-reflect", help="AutoSurvey citation reflection.",
        rich_help_panel=_P)] = None,
    autosurvey_refine: Annotated[bool | None, typer.Option(
        "--autosurvey-refine/--no-autosurvey-refine", help="AutoSurvey coherence refinement.",
        rich_help_panel=_P)] = None,
) -> None:
    """Write surveys with the baselines: on one topic, or on every task of a dataset.

    [bold]topic-only[/bold] (SurveyGen Task 1) needs only the topic.
    [bold]naive-rag[/bold] (topic-similarity retrieval), [bold]qual-sg[/bold] (SurveyGen §2.4
    quality-aware reranking with co-citation expansion) and [bold]autosurvey[/bold] (outline ->
    draft -> refine -> best of N trials, AutoSurvey §2) retrieve from --index (or --candidates).
    [bold]human-guided[/bold] (SurveyGen Task 3) needs the gold survey (--gold, or the dataset).
    The gold survey and papers published after its cutoff are never retrieved.

    With --tasks the run is resumable (finished outputs are reused, failed ones retried from a
    new seed), prints one line per job and calls / tokens / cost per baseline, and registers the
    outputs as systems so `surveybench eval -s naive-rag ...` follows at once.

    [bold]Examples[/bold]

      surveybench index build my-dataset ../s2orc/ -o paper-index

      surveybench generate --tasks my-dataset --index paper-index --judge openai:gpt-4o-mini

      surveybench generate --baseline qual-sg --topic "Deep learning in computer vision" \\
        --index paper-index --cutoff 2018-02-01 --budget 114 -o cv.json

      surveybench generate --baseline topic-only --topic "Graph neural networks" -o gnn.md
    """
    from rich.console import Console

    from surveybench.baselines.settings import GenerationSettings, SettingsError
    from surveybench.judges import JudgeSpecError
    from surveybench.judges.spec import parse_spec

    console = Console(stderr=True, soft_wrap=True)

    def fail(msg: str, code: int = 1) -> None:
        console.print(f"[red]error:[/red] {msg}")
        raise typer.Exit(code)

    try:
        spec = parse_spec(judge)
    except JudgeSpecError as e:
        fail(str(e))
    chosen = preset.value if preset != Preset.auto else ("tiny" if spec.is_tiny_local else "paper")
    weights = _weights(qualsg_weights)
    try:
        settings = (GenerationSettings.tiny() if chosen == "tiny" else GenerationSettings.paper()).replace(
            budget=budget, temperature=temperature, seed=seed, max_tokens=max_tokens,
            abstract_chars=abstract_chars, retrieval=retrieval.value if retrieval else None,
            qualsg_initial_n=qualsg_initial_n, qualsg_co_cited=qualsg_co_cited,
            qualsg_min_citers=qualsg_min_citers,
            qualsg_w_citation=weights[0] if weights else None,
            qualsg_w_venue=weights[1] if weights else None,
            qualsg_w_author=weights[2] if weights else None,
            autosurvey_initial_n=autosurvey_initial_n, autosurvey_chunk_tokens=autosurvey_chunk_tokens,
            autosurvey_sections=autosurvey_sections,
            autosurvey_papers_per_subsection=autosurvey_papers_per_subsection,
            autosurvey_paper_tokens=autosurvey_paper_tokens, autosurvey_word_num=autosurvey_word_num,
            autosurvey_trials=autosurvey_trials, autosurvey_temperature=autosurvey_temperature,
            autosurvey_reflect=autosurvey_reflect, autosurvey_refine=autosurvey_refine,
        )
    except SettingsError as e:
        fail(f"--{e}")
    if index is not None and candidates is not None:
        fail("give --index or --candidates, not both")
    if index is not None and not (index / "manifest.json").is_file():
        fail(f"{index}: not a paper index (no manifest.json); build one with `surveybench index build`")
    if embedder is None and index is not None:
        import json

        embedder = json.loads((index / "manifest.json").read_text(encoding="utf-8")).get("embedder") or None
    panel_specs = tuple(p.strip() for p in (panel or "").split(",") if p.strip())
    console.print(f"settings: {chosen} preset" + (
        f" (tiny local judge: pipeline check, not results; K = {settings.budget} papers"
        + (" instead of the human survey's count" if budget is None else "") + ")"
        if chosen == "tiny" else ""))

    from surveybench.ray_cluster import check_executor

    try:
        check_executor(executor, ray_address)
    except ValueError as e:
        fail(str(e))
    if executor == "ray" and tasks is None:
        fail("--executor ray runs a batch: give --tasks DATASET (one topic runs here)")
    if tasks is not None:
        _batch(console, fail, executor=executor, ray_address=ray_address, tasks=tasks, baselines=[b.value for b in baseline or list(Baseline)],
               out=out, index=index, candidates=candidates, judge=judge, panel=panel_specs,
               embedder=embedder, settings=settings, workspace=workspace, register=register,
               jobs=jobs, concurrency=concurrency, max_attempts=max_attempts,
               retry_failed=retry_failed, openalex_url=openalex_url, topic=topic, gold=gold)
        return
    _single(console, fail, baselines=baseline, out=out, topic=topic, gold=gold, index=index,
            candidates=candidates, cutoff=cutoff, judge=judge, panel=panel_specs,
            embedder=embedder, cache=cache, settings=settings, concurrency=concurrency,
            openalex_url=openalex_url)


def _single(console: Any, fail: Any, *, baselines: list[Baseline] | None, out: Path | None,
            topic: str | None, gold: Path | None, index: Path | None, candidates: Path | None,
            cutoff: str | None, judge: str, panel: tuple[str, ...], embedder: str | None,
            cache: Path | None, settings: Any, concurrency: int, openalex_url: str | None) -> None:
    import json

    if not baselines or len(baselines) != 1:
        fail("give exactly one --baseline (or --tasks DATASET to run several)")
    if out is None:
        fail("give -o/--out FILE (.md or .json)")
    assert baselines is not None and out is not None
    suffix = out.suffix.lower()
    if suffix not in (".md", ".json"):
        fail(f"{out}: output must end in .md or .json")
    name = baselines[0].value
    gold_survey = None
    if gold is not None:
        from surveybench.readers import ReaderError, read_survey

        try:
            gold_survey = read_survey(gold)
        except ReaderError as e:
            fail(str(e))
    if name == "human-guided":
        if gold_survey is None:
            fail("baseline human-guided needs --gold FILE (the human survey)")
        topic = topic or gold_survey.topic or gold_survey.title
        if topic != (gold_survey.topic or gold_survey.title):
            gold_survey = gold_survey.model_copy(update={"topic": topic})
    if not topic or not topic.strip():
        fail("--topic is missing or empty")

    from surveybench.baselines import NEEDS_CANDIDATES, run_baseline
    from surveybench.baselines.batch import resolve_embedder

    retriever = None
    if name in NEEDS_CANDIDATES:
        if candidates is None and index is None:
            fail(f"baseline {name} needs --index DIR or --candidates FILE")
        try:
            emb, note = resolve_embedder(embedder)
        except Exception as e:  # noqa: BLE001 - model not found offline, bad path
            fail(f"cannot load embedding model {embedder or '(default)'}: {e}")
        if note:
            console.print(f"[yellow]note:[/yellow] {note}")
        if index is not None:
            from surveybench.baselines.batch import _openalex
            from surveybench.baselines.index import IndexError_, load_index
            from surveybench.baselines.retrieval import IndexRetriever

            try:
                retriever = IndexRetriever(load_index(index), emb, cutoff=cutoff, gold=gold_survey,
                                           mode=settings.retrieval,
                                           openalex=_openalex(openalex_url) if openalex_url else None)
            except IndexError_ as e:
                fail(str(e))
        else:
            from surveybench.baselines.retrieval import CandidateError, MemoryRetriever, load_candidates

            try:
                pool = load_candidates(candidates)  # type: ignore[arg-type]
            except CandidateError as e:
                fail(str(e))
            except Exception as e:  # noqa: BLE001 - a reader error for a survey file
                fail(f"{candidates}: {e}")
            retriever = MemoryRetriever(pool, emb, cutoff=cutoff, gold=gold_survey)

    from surveybench.judges import JudgeSpecError, make_judge

    try:
        llm = make_judge(judge, cache_path=cache, concurrency=concurrency, seed=settings.seed)
        panel_judges = [make_judge(p, cache_path=cache) for p in panel]
    except JudgeSpecError as e:
        fail(str(e))

    from surveybench.baselines.surveygen import GenerationError

    budget = settings.budget_for(len(gold_survey.references) if gold_survey is not None else None)
    try:
        with console.status(f"running {name} on {topic!r} with {llm.name} ..."):
            survey = run_baseline(name, topic, llm, retriever=retriever, budget=budget,
                                  cutoff=cutoff, gold=gold_survey, settings=settings,
                                  panel=panel_judges or None)
    except GenerationError as e:
        fail(str(e))
    finally:
        usage = llm.usage_summary()
        llm.close()
        for p in panel_judges:
            p.close()

    out.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".json":
        out.write_text(survey.model_dump_json(indent=2), encoding="utf-8")
    else:
        from surveybench.baselines.assemble import to_markdown

        out.write_text(to_markdown(survey), encoding="utf-8")
    # usage goes next to the survey, never into it: `import` reads the survey file as is
    usage_file = out.with_name(out.name + ".usage.json")
    usage_file.write_text(json.dumps({"usage": usage, "settings": settings.as_dict()}, indent=1,
                                     default=str), encoding="utf-8")
    n_units = sum(1 for s in survey.sections if s.paragraphs)
    console.print(
        f"wrote {out}: {len(survey.sections)} sections ({n_units} with text), "
        f"{len(survey.references)} cited references; usage in {usage_file.name}: "
        f"{_usage_line(usage)}"
    )
    for problem in survey.extra.get("problems", []):
        console.print(f"[yellow]warning:[/yellow] {problem}")


def _usage_line(u: dict[str, Any]) -> str:
    cost = u.get("cost_usd")
    tokens = int(u.get("prompt_tokens", 0) or 0) + int(u.get("completion_tokens", 0) or 0)
    return (f"{u.get('calls', 0)} calls, {tokens:,} tokens, "
            + ("cost unknown" if cost is None else f"${cost:.4f}"))


def _batch(console: Any, fail: Any, *, executor: str = "local", ray_address: str | None = None, tasks: str, baselines: list[str], out: Path | None,
           index: Path | None, candidates: Path | None, judge: str, panel: tuple[str, ...],
           embedder: str | None, settings: Any, workspace: Path | None, register: bool, jobs: int,
           concurrency: int, max_attempts: int, retry_failed: bool, openalex_url: str | None,
           topic: str | None, gold: Path | None) -> None:
    from surveybench.baselines import NEEDS_CANDIDATES
    from surveybench.baselines.batch import (
        BatchError,
        load_tasks,
        plan_jobs,
        register_outputs,
        run_jobs,
        usage_by_baseline,
    )
    from surveybench.workspace import Workspace, WorkspaceError

    if topic is not None or gold is not None:
        fail("--topic/--gold are for one topic; with --tasks every task's own inputs are used")
    if any(b in NEEDS_CANDIDATES for b in baselines) and index is None and candidates is None:
        fail("naive-rag, qual-sg and autosurvey need --index DIR (or --candidates FILE); "
             "run fewer baselines with --baseline")
    try:
        task_list = load_tasks(tasks)
    except BatchError as e:
        fail(str(e))
    ws = Workspace(workspace)
    out_dir = out or ws.root / "generated"
    job_list = plan_jobs(task_list, baselines, dataset=str(tasks), out_dir=str(out_dir),
                         judge=judge, panel=panel, embedder=embedder,
                         index=str(index) if index else None,
                         candidates=str(candidates) if candidates else None, settings=settings,
                         concurrency=concurrency, openalex_url=openalex_url,
                         max_attempts=max_attempts, retry_failed=retry_failed)
    total = len(job_list)
    console.print(f"{len(task_list)} tasks x {len(baselines)} baselines = {total} jobs, {jobs} at "
                  f"a time; outputs in {out_dir}")
    done = [0]
    notes: set[str] = set()

    def started(job: Any) -> None:
        console.print(f"[{done[0]}/{total}] start {job.baseline} · {job.task.topic}")

    def finished(job: Any, r: Any) -> None:
        done[0] += 1
        for n in r.notes:
            if n not in notes:
                notes.add(n)
                console.print(f"[yellow]note:[/yellow] {n}")
        head = f"[{done[0]}/{total}] {r.status} {r.baseline} · {r.topic}"
        if r.status == "failed" or r.status == "skipped":
            console.print(f"{head}: [red]{r.error}[/red]")
        else:
            cpu = f", {r.cpu_seconds:.0f} CPU-s" if r.cpu_seconds else ""
            console.print(f"{head} in {r.seconds:.0f}s{cpu}: {_usage_line(r.usage)}")

    try:
        if executor == "ray":
            from surveybench.baselines.ray_batch import run_jobs_ray

            results = run_jobs_ray(job_list, address=ray_address, workers=jobs, on_start=started, on_done=finished)
        else:
            results = run_jobs(job_list, workers=jobs, on_start=started, on_done=finished)
    except KeyboardInterrupt:
        console.print("interrupted: rerun the same command to resume")
        raise typer.Exit(130) from None
    from rich.table import Table

    table = Table(title="usage per baseline", show_edge=False)
    for col in ("baseline", "done", "reused", "failed", "calls", "tokens", "cost"):
        table.add_column(col, justify="left" if col == "baseline" else "right")
    for name, u in usage_by_baseline(results).items():
        cost = "unknown" if u["cost_usd"] is None else f"${u['cost_usd']:.4f}"
        table.add_row(name, str(u["done"]), str(u["reused"]), str(u["failed"] + u["skipped"]),
                      str(u["calls"]), f"{u['prompt_tokens'] + u['completion_tokens']:,}", cost)
    console.print(table)
    if register:
        try:
            counts = register_outputs(ws, results, str(tasks))
        except WorkspaceError as e:
            fail(str(e))
        if counts:
            names = " ".join(f"-s {n}" for n in counts)
            console.print(f"registered in {ws.root}: " + ", ".join(f"{n} ({c})" for n, c in counts.items())
                          + f"\nnext: surveybench eval -w {ws.root} {names}")
    failed = [r for r in results if r.status in ("failed", "skipped")]
    if failed:
        console.print(f"[red]{len(failed)} of {total} jobs failed[/red]; rerun to retry them")
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.command("generate")(generate)

