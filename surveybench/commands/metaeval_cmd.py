"""``surveybench meta-eval``: rank correlation between judge scores and a human ranking."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""

    @app.command("meta-eval")
    def meta_eval(
        scores: list[Path] = typer.Option(..., "--scores", help="Judge results: results.parquet/.csv of `surveybench eval` (repeat for several judges)."),
        human: Path = typer.Option(..., "--human", help="Human CSV: system, topic and rank (1 = best) or score (higher = better)."),
        select: list[str] = typer.Option(["rubric:mean"], "--select", help="metric:score to rank by (repeat to average several)."),
        out: Path | None = typer.Option(None, "--out", help="Write the table as CSV here too."),
    ) -> None:
        """Correlate judge scores with a human ranking of the surveys (Spearman, Kendall).

        AutoSurvey §3 (Fig. 3): Spearman's rho and Kendall's tau-b between the judges' and the
        experts' rankings of the generated surveys, per judge (or per --scores file), for the
        mean over judges ("mixture"), and the mean rho within topics. A survey is a
        (system, topic) pair; the human CSV has columns system, topic and rank (1 = best) or
        score (higher = better), optionally one row per annotator (averaged).

        Examples:

          surveybench meta-eval --scores runs/abc/results.parquet --human human_ranks.csv

          surveybench meta-eval --scores gpt4o.parquet --scores claude.parquet \\
              --human human.csv --select rubric:coverage --select rubric:structure --out meta.csv
        """
        from dataclasses import asdict

        from rich.console import Console
        from rich.table import Table

        from surveybench.meta_eval import MetaEvalError, load_human, load_judge_scores, meta_evaluate

        try:
            judge_scores: dict = {}
            for path in scores:
                for label, vals in load_judge_scores(path, select).items():
                    key, n = label, 1
                    while key in judge_scores:  # the same judge in two files: keep both, apart
                        n += 1
                        key = f"{label} ({n})"
                    judge_scores[key] = vals
            human_scores = load_human(human)
        except MetaEvalError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        rows = meta_evaluate(judge_scores, human_scores)
        table = Table(title=f"Judges vs human ranking ({', '.join(select)})")
        for col in ("judge", "surveys", "Spearman rho", "p", "Kendall tau", "p", "within-topic rho"):
            table.add_column(col)

        def f(x: float | None) -> str:
            return "-" if x is None else f"{x:.4f}"

        for r in rows:
            table.add_row(r.label, str(r.n), f(r.spearman_rho), f(r.spearman_p), f(r.kendall_tau),
                          f(r.kendall_p), f(r.within_topic_rho))
        Console().print(table)
        if any(r.n == 0 for r in rows):
            typer.echo("warning: some judges share no (system, topic) with the human file", err=True)
        if out is not None:
            import pandas as pd

            pd.DataFrame([asdict(r) for r in rows]).to_csv(out, index=False)
            typer.echo(f"wrote {out}")
