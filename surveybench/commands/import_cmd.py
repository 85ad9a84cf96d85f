"""``surveybench import``: read survey files (SurveyGen JSON, AutoSurvey JSON, Markdown) into
SurveyBench's model, report what was found, optionally register them as a system's surveys."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

_HELP = """Read survey files or directories (recursively: *.md, *.markdown, *.json) into the SurveyBench model, checking every file.

The format is detected from the extension and the content (SurveyGen dataset JSON, AutoSurvey JSON,
Markdown as written by generation systems or converted from PDF); a folder in SGSimEval's
<category>/<topic>/<system>/ layout (content.json, references.json, outline.json) is one survey per
system folder. A file that cannot be read is reported with the reason; the others are still read,
and the command exits with status 1 at the end.

[bold]Examples[/bold]

  surveybench import ../shared/data/surveybench-dev/AutoSurvey --report

  surveybench import "survey.md" --system MySystem --workspace ./ws

  surveybench import ../shared/data/surveygen --json-out parsed/ --report

  surveybench import reports/*.md --format markdown --system DeepResearch

  surveybench import "SGSimEval/surveys/cs/3D Gaussian Splatting Techniques" --system-from-dir --report

  surveybench import ../shared/data/surveybench-dev/HumanSurvey --gold --workspace ./ws

  surveybench import ../shared/data/surveybench-dev --system-from-dir --workspace ./ws
"""


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.command(name="import", help=_HELP, short_help="Read survey files (JSON/Markdown) and report what was parsed.")(
        import_surveys
    )


def import_surveys(
    paths: Annotated[list[Path], typer.Argument(help="Survey files or directories.", show_default=False)],
    fmt: Annotated[
        str | None,
        typer.Option("--format", "-f", help="Force a reader: surveygen-json, markdown, autosurvey-json, sgsimeval (a folder)."),
    ] = None,
    system: Annotated[
        str | None,
        typer.Option("--system", "-s", help="Name of the system that wrote the surveys; registers them in the workspace."),
    ] = None,
    workspace: Annotated[
        Path | None,
        typer.Option("--workspace", "-w", help="Workspace directory (default: $SURVEYBENCH_WORKSPACE or the built-in default)."),
    ] = None,
    gold: Annotated[
        bool, typer.Option("--gold", help="Register the surveys as the human-written gold surveys of the workspace.")
    ] = False,
    system_from_dir: Annotated[
        bool,
        typer.Option(
            "--system-from-dir",
            help="Name each survey's system after its parent directory (SurveyBench-dev layout; HumanSurvey = gold) and register them.",
        ),
    ] = False,
    report: Annotated[bool, typer.Option("--report", help="Print a per-file table of what was found and what could not be linked.")] = False,
    json_out: Annotated[
        Path | None, typer.Option("--json-out", help="Write each survey as JSON into this directory.")
    ] = None,
) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from surveybench import api
    from surveybench.readers import FORMATS, ImportReport, iter_survey_files
    from surveybench.workspace import Workspace

    # soft_wrap: an error stays on one line ("FILE: reason") however narrow the terminal or pipe
    console = Console(soft_wrap=True)
    err = Console(stderr=True, soft_wrap=True)
    if fmt is not None and fmt not in FORMATS:
        raise typer.BadParameter(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}", param_hint="--format")
    if sum((system is not None, gold, system_from_dir)) > 1:
        raise typer.BadParameter("use only one of --system, --gold, --system-from-dir", param_hint="--system")
    files = iter_survey_files(paths)
    if not files:
        err.print("[red]no survey files found[/red] in " + ", ".join(map(str, paths)))
        raise typer.Exit(1)

    with Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
        console=err, transient=True, disable=len(files) < 3,
    ) as progress:
        task = progress.add_task("reading surveys", total=len(files))
        try:
            result = api.import_surveys(
                paths, workspace=workspace, system=system, gold=gold, system_from_dir=system_from_dir,
                fmt=fmt, on_file=lambda _p, _r: progress.advance(task),
            )
        except ValueError as exc:  # WorkspaceError: unsafe name, duplicate topic
            err.print(f"[red]cannot register system {system!r}:[/red] {exc}")
            raise typer.Exit(1) from None
    surveys, rep = result.surveys, result.report

    for fr in rep.files:
        if not fr.ok:
            err.print(f"[red]error[/red] {fr.path}: {fr.error}")
        elif fr.ignored:
            err.print(f"[yellow]ignored[/yellow] {fr.path}: {fr.error}")

    if json_out is not None:
        _write_json(surveys, json_out, err)

    for name, n in result.registered.items():
        what = "gold surveys" if name == "gold" else f"system {name!r}"
        err.print(f"registered {n} surveys as {what} in {Workspace(workspace).root}")

    if report:
        _print_report(rep, console, paths)
    t = rep.totals()
    console.print(
        f"read {t.get('files', 0) - t.get('failed', 0)}/{t.get('files', 0)} files: "
        f"{len(surveys)} survey{'s' if len(surveys) != 1 else ''}, {t.get('references', 0)} references, "
        f"{t.get('markers_linked', 0)}/{t.get('markers', 0)} citation markers linked"
        + (f", {n_ignored} ignored (not survey files)" if (n_ignored := sum(f.ignored for f in rep.files)) else "")
        + (f", [red]{t['failed']} failed[/red]" if t.get("failed") else "")
    )
    if not rep.ok:
        raise typer.Exit(1)
    _ = ImportReport  # re-exported type for callers of this module


def _write_json(surveys: list, out_dir: Path, err) -> None:  # type: ignore[no-untyped-def]
    import re

    out_dir.mkdir(parents=True, exist_ok=True)
    used: set[str] = set()
    for s in surveys:
        origin = s.system or (Path(s.source_path).parent.name if s.source_path else "survey")
        base = re.sub(r"[^\w.\-]+", "_", f"{origin}__{s.topic or s.id}")[:150]
        name, k = base, 1
        while name in used:
            k += 1
            name = f"{base}_{k}"
        used.add(name)
        (out_dir / f"{name}.json").write_text(s.model_dump_json(indent=1), encoding="utf-8")
    err.print(f"wrote {len(surveys)} JSON files to {out_dir}")


def _print_report(rep, console, paths) -> None:  # type: ignore[no-untyped-def]
    from surveybench.readers import format_report

    # format_report starts with its own "Import report" heading line.
    console.print(format_report(rep, [str(p) for p in paths], width=console.width), markup=False,
                  highlight=False)
