"""``surveybench eval``: score systems' surveys against the gold surveys, resumably."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.command(name="eval")(eval_command)


def eval_command(
    system: list[str] = typer.Option(..., "--system", "-s", help="System name in the workspace; repeat for several."),
    data: Optional[str] = typer.Option(None, "--data", help="Gold surveys: SurveyBench dataset directory or HF Hub id."),
    gold: Optional[Path] = typer.Option(None, "--gold", help="Gold surveys: a directory of human survey files (read with the readers)."),
    split: str = typer.Option("train", "--split", help="Dataset split for --data."),
    metrics: list[str] = typer.Option(["all"], "--metrics", "-m", help="Metric names, comma-separated or repeated; groups: all, deterministic, no-llm."),
    judge: Optional[str] = typer.Option(None, "--judge", help=(
            "Judge spec (openai:gpt-4o-mini, http://host:port/v1@model, local); comma-separate several "
            "for a panel (per-judge scores, mean, agreement). Default: the local judge.")),
    embedder: Optional[str] = typer.Option(None, "--embedder", help="Embedding model id or path. Default: BAAI/bge-large-en-v1.5, else the local MiniLM."),
    nli: Optional[str] = typer.Option(None, "--nli", help="NLI backend for citation metrics: judge or hf:MODEL_ID. Default: the judge."),
    title_index: Optional[Path] = typer.Option(None, "--title-index", help="Titles file or saved index of real papers, for citation_accuracy."),
    option: Optional[list[str]] = typer.Option(None, "--option", help="Metric option KEY=VALUE passed to metrics (e.g. device=cpu, bertscore_model=PATH); repeat."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Units computed concurrently (threads)."),
    judge_concurrency: int = typer.Option(8, "--judge-concurrency", min=1, help="Requests in flight to each judge at once (an in-process judge answers one at a time)."),
    judge_timeout: float = typer.Option(120.0, "--judge-timeout", min=0.001, help="Seconds to wait for one judge reply before it counts as a timeout (then retried)."),
    judge_retries: int = typer.Option(4, "--judge-retries", min=0, help="Re-sends of a judge request after HTTP 429/5xx, a timeout or a connection error (with backoff)."),
    task: Optional[str] = typer.Option(None, "--task", help="Task setting label stored with the results (e.g. task1, task2, task3)."),
    topic: Optional[list[str]] = typer.Option(None, "--topic", help="Only evaluate these topics (repeat)."),
    retry_failed: bool = typer.Option(False, "--retry-failed", help=(
            "Compute again the scores that failed in an earlier run (judge errors, unparseable replies,"
            " metric errors); judge replies that succeeded come from the cache, so only the failed "
            "calls are sent again.")),
    metrics_module: Optional[list[str]] = typer.Option(None, "--metrics-module", help="Extra module (dotted name or .py file) that registers metrics."),
    workspace: Optional[Path] = typer.Option(None, "--workspace", "-w", envvar="SURVEYBENCH_WORKSPACE", help="Workspace directory [default: ./surveybench-runs]."),
    no_progress: bool = typer.Option(False, "--no-progress", help="Do not draw progress bars."),
    executor: str = typer.Option("local", "--executor", help="Where units run: 'local' (this process, --jobs threads) or 'ray' (a Ray cluster; needs surveybench[ray]; same results)."),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help="Ray cluster to join with --executor ray (host:port or 'auto'). Default: RAY_ADDRESS, else a local Ray instance."),
    ray_gpus_per_host: float = typer.Option(0.0, "--ray-gpus-per-host", min=0.0, help="GPUs reserved by each node's model host with --executor ray (pair with --option device=cuda)."),
) -> None:
    """Evaluate one or more systems against the gold surveys.

    Each generated survey is paired with the gold survey on the same topic; every selected metric is run on
    every pair, with a progress bar per metric. Results go to WORKSPACE/runs/RUN_ID/results.parquet (one row
    per system, topic, metric and sub-score) with manifest.json (configuration, versions, models, LLM usage,
    failures).

    Without --judge the local default judge (SmolLM2-135M) is used, and without --embedder BAAI/bge-large-en-v1.5 if it is cached locally, else the local all-MiniLM-L6-v2; the command says so.

    Interrupt it at any time (Ctrl-C or kill) and run the same command again: finished units are kept and only the rest is computed.

    Examples:

      surveybench eval --system AutoSurvey --gold ../shared/data/surveybench-dev/HumanSurvey -m deterministic

      surveybench eval -s AutoSurvey -s SurveyForge --data ./surveygen-hf --judge openai:gpt-4o-mini -j 4

      surveybench eval -s AutoSurvey --data ./surveygen-hf -m all --executor ray --ray-address HEAD_IP:6379
    """
    from rich.console import Console

    from surveybench import api
    from surveybench.commands._options import parse_metric_options
    from surveybench.eval import EvalError
    from surveybench.judges.types import JudgeCacheError
    from surveybench.workspace import WorkspaceError

    console = Console(stderr=True, soft_wrap=True)
    options = parse_metric_options(option or [])
    from surveybench.ray_cluster import RayClusterError, check_executor

    try:
        check_executor(executor, ray_address)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    runner = None
    if executor == "ray":
        from surveybench.eval.executor_ray import RayExecutor

        runner = RayExecutor(ray_address, jobs=jobs, gpus_per_host=ray_gpus_per_host,
                             metrics_modules=list(metrics_module or []))
    try:
        outcome = api.evaluate(
            list(system), workspace=workspace, metrics=list(metrics), options=options, judge=judge,
            embedder=embedder, gold_dir=gold, data=data, split=split, nli=nli, title_index=title_index,
            jobs=jobs, judge_concurrency=judge_concurrency, judge_timeout=judge_timeout,
            judge_retries=judge_retries, task=task, topics=list(topic) if topic else None,
            retry_failed=retry_failed, metrics_modules=list(metrics_module or []), console=console,
            show_progress=not no_progress, executor=runner,
        )
    except (EvalError, WorkspaceError, RayClusterError, JudgeCacheError) as exc:
        console.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    print_outcome(outcome, console)
    if outcome.manifest.get("judge_outage_failures"):
        # the results are written, but a judge that was down or refused leaves holes a later
        # run (--retry-failed) can fill: not a success
        raise typer.Exit(1)


def print_outcome(outcome: Any, console: Any) -> None:
    """The mean scores per system (arrow = which way is better), units computed/reused/failed,
    time per metric, failures and skipped units."""
    import pandas as pd
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    df = pd.read_parquet(outcome.results_path)
    ok = df[df["status"] == "ok"]
    if not ok.empty:
        arrows = {"higher": " ↑", "lower": " ↓"}
        dirs = ok.groupby(["metric", "score"])["direction"].first().to_dict() if "direction" in ok else {}
        means = ok.groupby(["metric", "score", "system"])["value"].mean().unstack("system")
        table = Table(title=f"mean scores — {outcome.run_id}  (↑ higher is better, ↓ lower is better)")
        table.add_column("metric", no_wrap=True)
        table.add_column("score", no_wrap=True)
        for s in means.columns:
            table.add_column(str(s), justify="right")
        for (metric, score), row in means.iterrows():
            arrow = arrows.get(str(dirs.get((metric, score))), "")
            table.add_row(metric, f"{score}{arrow}", *[("" if pd.isna(v) else f"{v:.4f}") for v in row])
        out = Console()
        (out if out.is_terminal else Console(width=160)).print(table)
    partial = outcome.manifest.get("units", {}).get("partial")
    console.print(
        f"{outcome.computed} unit(s) computed, {outcome.reused} reused, {outcome.failed} failed"
        f"{f', {partial} with failed scores' if partial else ''}; results: {outcome.results_path}"
    )
    usage = outcome.manifest.get("usage", {})
    wall = usage.get("wall_seconds_by_metric", {})
    cpu = usage.get("cpu_seconds_by_metric", {})
    if wall:
        console.print("time per metric (this session): " + ", ".join(
            f"{m} {sec:.1f}s" + (f" (CPU {cpu[m]:.1f}s)" if m in cpu else "")
            for m, sec in sorted(wall.items(), key=lambda kv: -kv[1])))
    judged = {m: c for m, c in ((usage.get("judge_session") or {}).get("per_metric") or {}).items() if c.get("asked")}
    if judged:  # what a judged metric cost: calls sent (answered from the cache) and prompt tokens
        console.print("judge per metric (this session): " + ", ".join(
            f"{m} {c.get('calls', 0):,} calls ({c.get('cached', 0):,} cached), "
            f"{c.get('prompt_tokens', 0):,} prompt tokens" for m, c in sorted(judged.items())))
    failures = outcome.manifest.get("failures", [])
    for f in failures[:20]:
        what = f"{f['metric']}.{f['score']}" if f.get("score") else f["metric"]
        console.print(f"[red]failed[/] {escape(f['system'])} / {escape(f['topic'])} / {what}: "
                      f"{escape(str(f.get('reason')))}")
    if len(failures) > 20:
        console.print(f"... and {len(failures) - 20} more failures in {outcome.manifest_path}")
    if outcome.manifest.get("failure_summary"):
        console.print(f"[red]{escape(outcome.manifest['failure_summary'])}[/] "
                      "(run again with --retry-failed once the cause is fixed)")
    for s in outcome.manifest.get("skipped", [])[:1]:
        console.print(f"[red]skipped[/] {len(outcome.manifest['skipped'])} unit(s): {s['reason']}")
