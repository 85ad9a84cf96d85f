"""``surveybench quickstart``: the main job in one command — import a SurveyBench-style directory,
evaluate every system against the human surveys, write the report and build the leaderboard."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from surveybench.api import QUICKSTART_METRICS

_HELP = """Run the whole benchmark on a directory laid out like SurveyBench's: one sub-directory per
system (AutoSurvey/, SurveyForge/, ...) holding one survey file per topic, and HumanSurvey/ with
the human-written surveys, file names being the topics.

Steps: import every directory into the workspace (HumanSurvey as the gold surveys), evaluate every
system against the gold survey on the same topic, write the report (CSV, Markdown, LaTeX) to
WORKSPACE/report and the leaderboard site to WORKSPACE/site. Re-running resumes: finished work is
reused.

Without --judge the tiny local judge (SmolLM2-135M, in process) is used, and without --embedder
the default embedder if it is cached locally, else the local all-MiniLM-L6-v2; the run says so.
Such scores check the pipeline; use a real judge and embedder for results worth reporting.

Examples:

  surveybench quickstart ../shared/data/surveybench-dev

  surveybench quickstart ../shared/data/surveybench-dev --topic "Vision Transformers" -m deterministic

  surveybench quickstart DATA_DIR --judge openai:gpt-4o-mini --embedder BAAI/bge-large-en-v1.5 -m all
"""


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.command(name="quickstart", help=_HELP,
                short_help="Import, evaluate, report and build the leaderboard in one go.")(quickstart_command)


def quickstart_command(
    data_dir: Annotated[Path, typer.Argument(help="Directory with HumanSurvey/ and one directory per system.")] = Path(
        "../shared/data/surveybench-dev"
    ),
    workspace: Annotated[
        Optional[Path],
        typer.Option("--workspace", "-w", envvar="SURVEYBENCH_WORKSPACE", help="Workspace [default: ./surveybench-runs]."),
    ] = None,
    metrics: Annotated[str, typer.Option("--metrics", "-m", help="Metrics or groups (all, deterministic, no-llm).")] = QUICKSTART_METRICS,
    topic: Annotated[Optional[list[str]], typer.Option("--topic", help="Only these topics (repeat).")] = None,
    judge: Annotated[Optional[str], typer.Option("--judge", help="Judge spec; default: the tiny local judge.")] = None,
    embedder: Annotated[Optional[str], typer.Option("--embedder", help="Embedding model id or path.")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Units computed concurrently.")] = 1,
    judge_timeout: Annotated[float, typer.Option("--judge-timeout", min=0.001, help="Seconds to wait for one judge reply (an endpoint judge).")] = 120.0,
    judge_retries: Annotated[int, typer.Option("--judge-retries", min=0, help="Re-sends of a judge request after 429/5xx/timeouts.")] = 4,
) -> None:
    from rich.console import Console

    from surveybench import api
    from surveybench.commands.eval_cmd import print_outcome

    err = Console(stderr=True, soft_wrap=True)
    try:
        api.quickstart_systems(data_dir)
    except ValueError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None
    outcome = api.quickstart(data_dir, workspace=workspace, metrics=metrics, topics=topic, judge=judge,
                             embedder=embedder, jobs=jobs, judge_timeout=judge_timeout,
                             judge_retries=judge_retries, console=err, show_progress=True,
                             on_step=lambda name: err.rule(name))
    for step, code in outcome.steps.items():
        if code:
            err.print(f"[red]{step} failed[/] (exit code {code}): {outcome.messages.get(step, '')}")
    if outcome.run is not None:
        print_outcome(outcome.run, err)
    err.rule("done")
    if outcome.report_dir is not None:
        err.print(f"report: {outcome.report_dir}")
    if outcome.site_index is not None:
        err.print(f"leaderboard: {outcome.site_index} (open it in a browser)")
    if outcome.steps.get("import"):
        err.print("[yellow]some files could not be imported; see the import step above[/]")
    if outcome.exit_code:
        raise typer.Exit(outcome.exit_code)
