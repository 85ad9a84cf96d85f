"""``surveybench build``: build the SurveyGen-style corpus (data_builders).

The command itself is :func:`surveybench.data_builders.command.build`, shared with
``python -m surveybench.data_builders``."""

from __future__ import annotations

import typer

from surveybench.data_builders.command import BUILD_HELP, build

__all__ = ["BUILD_HELP", "build", "register"]


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.command("build", help=BUILD_HELP)(build)
