"""The ``surveybench`` command. Each sub-command lives in ``surveybench/commands/`` and registers
itself here; command modules keep heavy imports inside the command body so ``--help`` is instant."""

from __future__ import annotations

import typer

from surveybench.commands import (
    build_cmd,
    data_cmd,
    eval_cmd,
    generate_cmd,
    import_cmd,
    index_cmd,
    judge_cmd,
    leaderboard_cmd,
    metaeval_cmd,
    quickstart_cmd,
    report_cmd,
    score_cmd,
)

app = typer.Typer(
    name="surveybench",
    help="SurveyBench: build the corpus, run baselines, and score generated literature surveys "
    "against human-written ones.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)

for _module in (
    quickstart_cmd,
    import_cmd,
    data_cmd,
    score_cmd,
    eval_cmd,
    report_cmd,
    leaderboard_cmd,
    judge_cmd,
    metaeval_cmd,
    generate_cmd,
    index_cmd,
    build_cmd,
):
    _module.register(app)


@app.command()
def version() -> None:
    """Print the SurveyBench version."""
    from surveybench import __version__

    typer.echo(f"surveybench {__version__}")


if __name__ == "__main__":  # pragma: no cover
    app()
