"""``surveybench report``: means with bootstrap CIs, paired tests and per-domain ANOVA."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.command(name="report")(report_command)


def report_command(
    results: Optional[Path] = typer.Argument(None, help="results.parquet, a run directory or a workspace [default: the workspace]."),
    formats: str = typer.Option("csv,md,latex", "--format", "-f", help="Comma-separated: csv, md, latex."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Directory for the tables [default: RESULTS/report]."),
    compare: Optional[list[str]] = typer.Option(None, "--compare", help="Two systems to test against each other, as A,B (repeat); default: every pair."),
    metric: Optional[list[str]] = typer.Option(None, "--metric", "-m", help="Only these metrics (repeat)."),
    workspace: Optional[Path] = typer.Option(None, "--workspace", "-w", envvar="SURVEYBENCH_WORKSPACE", help="Workspace used when RESULTS is not given."),
) -> None:
    """Summarise evaluation results with statistics.

    Writes summary (per-system mean and 95% bootstrap CI), by_domain, paired_tests (paired t-test and Wilcoxon
    signed-rank between systems over the same surveys), anova (one-way ANOVA across domains per system,
    SurveyGen §4.3) and failures, each as CSV, Markdown and/or LaTeX, and prints the main tables.

    Examples:

      surveybench report

      surveybench report surveybench-runs/runs/run-1a2b3c --format md -o report/

      surveybench report --compare AutoSurvey,SurveyForge -m rouge_l
    """
    import math

    from rich.console import Console
    from rich.table import Table

    from rich.markup import escape

    from surveybench.analysis import load_results
    from surveybench.analysis.results import ResultsError, failure_summary
    from surveybench.analysis.tables import build_report, write_tables
    from surveybench.workspace import Workspace

    err = Console(stderr=True, soft_wrap=True)
    path = results if results is not None else Workspace(workspace).root
    problems: list[str] = []
    try:
        df = load_results(path, problems=problems)
    except (FileNotFoundError, ResultsError) as exc:
        err.print(f"[red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None
    finally:
        for p in problems:  # one line per unreadable run file; the others are reported on
            err.print(f"[yellow]warning:[/] {escape(p)}")
    pairs = None
    if compare:
        pairs = []
        for c in compare:
            parts = [p.strip() for p in c.split(",")]
            if len(parts) != 2 or not all(parts):
                err.print(f"[red]error:[/] --compare {c!r}: give two systems as A,B")
                raise typer.Exit(2)
            missing = [p for p in parts if p not in set(df["system"])]
            if missing:
                err.print(f"[red]error:[/] --compare: no results for {', '.join(missing)}")
                raise typer.Exit(2)
            pairs.append((parts[0], parts[1]))
    tables = build_report(df, pairs=pairs, metrics=list(metric) if metric else None)
    out_dir = output or ((path.parent if path.is_file() else path) / "report")
    try:
        written = write_tables(tables, out_dir, formats.split(","))
    except ValueError as exc:
        err.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from None

    def f(v: float) -> str:
        return "–" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.4f}"

    con = Console()
    if not con.is_terminal:
        con = Console(width=160)  # piped to a file: do not squeeze tables into 80 columns
    summ = tables["summary"]
    t = Table(title="Per-system mean [95% bootstrap CI]")
    for c in ("system", "metric", "score", "n", "mean [CI]"):
        t.add_column(c, justify="right" if c in ("n", "mean [CI]") else "left", no_wrap=True)
    for r in summ.itertuples(index=False):
        t.add_row(str(r.system), str(r.metric), str(r.score), str(r.n), f"{f(r.mean)} [{f(r.ci_low)}, {f(r.ci_high)}]")
    con.print(t)
    dom = tables["by_domain"]
    if not dom.empty and dom["domain"].nunique() > 1:
        t = Table(title="Per-domain mean [95% bootstrap CI]")
        for c in ("domain", "system", "metric", "score", "n", "mean [CI]"):
            t.add_column(c, justify="right" if c in ("n", "mean [CI]") else "left", no_wrap=True)
        for r in dom.itertuples(index=False):
            t.add_row(str(r.domain), str(r.system), str(r.metric), str(r.score), str(r.n),
                      f"{f(r.mean)} [{f(r.ci_low)}, {f(r.ci_high)}]")
        con.print(t)
    pt = tables["paired_tests"]
    if not pt.empty:
        t = Table(title="Paired tests (two-sided)")
        for c in ("A", "B", "metric", "score", "n", "mean A-B", "t p", "Wilcoxon p"):
            t.add_column(c)
        for r in pt.itertuples(index=False):
            t.add_row(str(r.system_a), str(r.system_b), str(r.metric), str(r.score), str(r.n),
                      f(r.mean_diff), f(r.t_p), f(r.wilcoxon_p))
        con.print(t)
    an = tables["anova"]
    tested = an[an["F"].notna()] if not an.empty else an
    if len(tested) < len(an):
        # one line instead of a table row per score that could not be tested
        notes = sorted(set(an.loc[an["F"].isna(), "note"].astype(str)))
        err.print(f"ANOVA across domains not computed for {len(an) - len(tested)} system/score(s): "
                  + "; ".join(notes))
    an = tested
    if not an.empty:
        t = Table(title="One-way ANOVA across domains")
        for c in ("system", "metric", "score", "domains", "F", "p", "note"):
            t.add_column(c)
        for r in an.itertuples(index=False):
            t.add_row(str(r.system), str(r.metric), str(r.score), str(r.domains), f(r.F), f(r.p), r.note)
        con.print(t)
    n_fail = len(tables["failures"])
    summary = failure_summary(df)
    if summary:
        err.print(f"[yellow]{escape(summary)}[/]: see {out_dir}/failures.*")
    elif n_fail:
        err.print(f"[yellow]{n_fail} failed unit(s)[/]: see {out_dir}/failures.*")
    err.print(f"wrote {len(written)} file(s) to {out_dir}")
