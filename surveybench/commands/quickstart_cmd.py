"""``surveybench quickstart``: the main job in one command — import a SurveyBench-style directory,
evaluate every system against the human surveys, write the report and build the leaderboard."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

# Every metric that runs offline on a fresh machine in minutes: the reference-based ones, the
# embedding ones (local MiniLM when the default embedder is not cached) and one LLM-judged
# metric whose prompt holds only the two outlines, so the local judge answers in seconds.
QUICKSTART_METRICS = (
    "rouge,citation_set,citation_set_listed,reference_stats,reference_distribution,"
    "structural_overlap,semantic_similarity,relevance_semantic,structure_llm"
)
HUMAN_DIR = "HumanSurvey"

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
) -> None:
    from rich.console import Console

    from surveybench.cli import app
    from surveybench.workspace import Workspace

    err = Console(stderr=True, soft_wrap=True)
    human = data_dir / HUMAN_DIR
    if not human.is_dir():
        err.print(f"[red]error:[/] {data_dir}: no {HUMAN_DIR}/ directory with the human-written surveys")
        raise typer.Exit(2)
    systems = sorted(p.name for p in data_dir.iterdir() if p.is_dir() and p.name != HUMAN_DIR)
    if not systems:
        err.print(f"[red]error:[/] {data_dir}: no system directories beside {HUMAN_DIR}/")
        raise typer.Exit(2)
    ws = Workspace(workspace)
    ws_args = ["--workspace", str(ws.root)]

    def step(title: str, args: list[str]) -> int:
        err.rule(title)
        code = app(args, prog_name="surveybench", standalone_mode=False)
        return int(code or 0)

    # A file that cannot be read is reported by import and left out; the rest goes on.
    import_code = step("import", ["import", str(data_dir), "--system-from-dir", *ws_args])
    eval_args = ["eval", *[a for s in systems for a in ("--system", s)], "--metrics", metrics,
                 "--jobs", str(jobs), *ws_args]
    for t in topic or []:
        eval_args += ["--topic", t]
    if judge:
        eval_args += ["--judge", judge]
    if embedder:
        eval_args += ["--embedder", embedder]
    eval_code = step("evaluate", eval_args)
    if eval_code:
        raise typer.Exit(eval_code)
    report_dir = ws.root / "report"
    site_dir = ws.root / "site"
    step("report", ["report", str(ws.root), "--output", str(report_dir), *ws_args])
    step("leaderboard", ["leaderboard", "build", str(ws.root), "--output", str(site_dir)])
    err.rule("done")
    err.print(f"report: {report_dir}\nleaderboard: {site_dir / 'index.html'} (open it in a browser)")
    if import_code:
        err.print("[yellow]some files could not be imported; see the import step above[/]")
        raise typer.Exit(import_code)
