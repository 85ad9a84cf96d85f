"""(placeholder: filled in by the issue that owns this command)"""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
