"""``surveybench index``: build and inspect the paper index the RAG baselines retrieve from
(:mod:`surveybench.baselines.index`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

index_app = typer.Typer(help="Build and inspect the paper index the RAG baselines retrieve from.",
                        no_args_is_help=True)


@index_app.command("build")
def build(
    sources: Annotated[list[Path], typer.Argument(
        help="Dataset export directories (`surveybench data export`: references + second-level "
        "references + the human surveys), S2ORC / Semantic Scholar bulk files, arXiv metadata "
        "snapshots (Kaggle JSON lines); files or directories, .jsonl/.json/.gz.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="Index directory to write.")],
    embedder: Annotated[str | None, typer.Option(
        help="Embedding model id or directory [default: BAAI/bge-large-en-v1.5 (SurveyGen App. "
        "C), else the local all-MiniLM-L6-v2 offline]. `generate --index` queries with the same "
        "model.")] = None,
    batch: Annotated[int, typer.Option(help="Texts embedded per batch.", min=1)] = 4096,
    force: Annotated[bool, typer.Option(help="Overwrite an existing index directory.")] = False,
) -> None:
    """Embed every paper (title + abstract), build the FAISS and BM25 indexes and keep the
    citation graph, so `generate --index DIR` retrieves by date cutoff without the gold survey
    and QUAL-SG's co-citation expansion works from the index.

    [bold]Example[/bold]

      surveybench data export ../shared/data/surveygen -o dev-dataset

      surveybench index build dev-dataset ../shared/data/s2orc -o paper-index
    """
    from rich.console import Console

    from surveybench.baselines.batch import resolve_embedder
    from surveybench.baselines.index import IndexError_, build_index
    from surveybench.baselines.index_sources import IndexSourceError

    console = Console(stderr=True, soft_wrap=True)
    if (out / "manifest.json").exists() and not force:
        console.print(f"[red]error:[/red] {out}: an index exists; --force to rebuild it")
        raise typer.Exit(1)
    try:
        emb, note = resolve_embedder(embedder)
    except Exception as e:  # noqa: BLE001 - model not found, bad path
        console.print(f"[red]error:[/red] cannot load embedding model {embedder or '(default)'}: {e}")
        raise typer.Exit(1) from None
    if note:
        console.print(f"[yellow]note:[/yellow] {note}")
    try:
        stats = build_index(sources, out, emb, progress=console.print, batch=batch)
    except (IndexSourceError, IndexError_) as e:
        console.print(f"[red]error:[/red] {e}")
        raise typer.Exit(1) from None
    console.print(
        f"wrote {out}: {stats.papers:,} papers from {stats.records:,} records ({stats.merged:,} "
        f"merged duplicates), {stats.edges:,} citation edges; embed {stats.seconds_embed:.1f}s, "
        f"ANN {stats.seconds_ann:.1f}s, BM25 {stats.seconds_bm25:.1f}s"
    )


@index_app.command("info")
def info(path: Annotated[Path, typer.Argument(help="Index directory.")]) -> None:
    """Print an index's manifest (model, counts, sources)."""
    import json

    from surveybench.baselines.index import IndexError_, load_index

    try:
        idx = load_index(path)
    except IndexError_ as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(1) from None
    typer.echo(json.dumps(idx.manifest, indent=1))


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.add_typer(index_app, name="index")
