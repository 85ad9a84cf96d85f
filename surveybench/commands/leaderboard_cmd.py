"""``surveybench leaderboard build``: the static leaderboard site."""

from __future__ import annotations

from pathlib import Path

import typer

leaderboard_app = typer.Typer(help="Build the static leaderboard site from evaluation results.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.add_typer(leaderboard_app, name="leaderboard")


@leaderboard_app.command("build")
def build(
    results: Path = typer.Argument(..., help="results.parquet, a run directory or a workspace."),
    output: Path = typer.Option(Path("site"), "--output", "-o", help="Directory to write the site into."),
    title: str = typer.Option("SurveyBench leaderboard", "--title", help="Site title."),
) -> None:
    """Write a static site: sortable leaderboard with CIs and domain/task filters, a page per system with per-survey scores and failures, a metrics page, and plots.

    Open OUTPUT/index.html in a browser; it needs no server and no network.

    Examples:

      surveybench leaderboard build surveybench-runs -o site/

      surveybench leaderboard build surveybench-runs/runs/run-1a2b3c -o site/ --title "Dev set"
    """
    from rich.console import Console
    from rich.markup import escape

    from surveybench.analysis.results import ResultsError
    from surveybench.leaderboard.site import SiteError, build_site

    err = Console(stderr=True, soft_wrap=True)
    problems: list[str] = []
    try:
        index = build_site(results, output, title=title, problems=problems)
    except (FileNotFoundError, ResultsError, SiteError) as exc:
        for p in problems:
            err.print(f"[yellow]warning:[/] {escape(p)}")
        err.print(f"[red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None
    for p in problems:
        err.print(f"[yellow]warning:[/] {escape(p)}")
    err.print(f"site written: {index}")
