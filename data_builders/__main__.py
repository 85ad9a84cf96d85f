"""``python -m surveybench.data_builders ...`` = ``surveybench build ...`` without loading the other commands."""

import typer

from surveybench.data_builders.command import BUILD_HELP, build

app = typer.Typer(add_completion=False)
app.command(help=BUILD_HELP)(build)

if __name__ == "__main__":
    app()
