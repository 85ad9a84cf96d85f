"""``surveybench score``: score one generated survey against one human-written survey."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from surveybench.commands._options import parse_metric_options



def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.command(name="score")(score_command)


def score_command(
    reference: Path = typer.Option(..., "--reference", "-r", help="The human-written survey (any format the readers support)."),
    candidate: Path = typer.Option(..., "--candidate", "-c", help="The generated survey to score."),
    metrics: Optional[list[str]] = typer.Option(None, "--metrics", "-m", help=(
            "Metric names, comma-separated or repeated; groups: all, deterministic, no-llm. Default: "
            "every metric that needs no judge (all of them when --judge is given).")),
    as_json: bool = typer.Option(False, "--json", help="Print machine-readable JSON instead of the table."),
    embedder: Optional[str] = typer.Option(None, "--embedder", help=(
            "Embedding model id or local path. Default: BAAI/bge-large-en-v1.5 when it is in the local "
            "Hugging Face cache, else the local all-MiniLM-L6-v2 (with a note).")),
    judge: Optional[str] = typer.Option(None, "--judge", help="Judge spec (openai:gpt-4o-mini, http://host:port/v1@model, local) for metrics that ask an LLM."),
    title_index: Optional[Path] = typer.Option(None, "--title-index", help=(
            "Title index of real papers for citation_accuracy: a directory saved by `python -m "
            "surveybench.metrics.title_index TITLES DIR`, or a titles file (.txt/.csv/.parquet/.jsonl) "
            "indexed on the fly.")),
    system: Optional[str] = typer.Option(None, "--system", help="Name of the system that wrote the candidate, shown in the output (default: from the file)."),
    option: Optional[list[str]] = typer.Option(None, "--option", help="Metric option KEY=VALUE (e.g. survey_year=2024, citation_title_threshold=0.9); repeat."),
    details: bool = typer.Option(False, "--details", help="With the table, also print each metric's evidence (matched references, counts)."),
    judge_timeout: float = typer.Option(120.0, "--judge-timeout", min=0.001, help="Seconds to wait for one judge reply before it counts as a timeout (then retried)."),
    judge_retries: int = typer.Option(4, "--judge-retries", min=0, help="Re-sends of a judge request after HTTP 429/5xx, a timeout or a connection error."),
) -> None:
    """Score a generated survey against the human-written survey on the same topic.

    Both files may be in any format the readers know (Markdown with a reference list,
    SurveyGen JSON, AutoSurvey JSON) or a SurveyBench JSON dump of a survey. Prints one row per
    score with a short explanation of what the number means. Metrics that need something you
    did not give (a judge, a title index) or whose model cannot be loaded are skipped with a
    note; the others still run. `-m deterministic` runs only the metrics that need no model.

    Examples:

      surveybench score -r human/Vision_Transformers.md -c autosurvey/Vision_Transformers.md

      surveybench score -r human.json -c generated.md -m rouge,citation_set --json

      surveybench score -r human.md -c generated.md --embedder sentence-transformers/all-MiniLM-L6-v2

      surveybench score -r human.md -c generated.md --judge openai:gpt-4o-mini -m all

      surveybench score -r human.md -c generated.md -m citation_accuracy --title-index titles.parquet
    """
    from rich.console import Console

    from surveybench.eval.runner import EvalError

    err = Console(stderr=True, soft_wrap=True)
    options = parse_metric_options(option or [])
    try:
        ref_survey = load_survey(reference)
        cand_survey = load_survey(candidate, system=system or None)
    except ValueError as e:
        err.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    if cand_survey.system is None:
        cand_survey = cand_survey.model_copy(update={"system": "generated"})
    from surveybench import api
    from surveybench.eval.manifest import redact_secrets
    from surveybench.metrics.base import MetricResult

    try:
        out = api.score(cand_survey, ref_survey, metrics=metrics or [], options=options, judge=judge,
                        embedder=embedder, title_index=title_index, judge_timeout=judge_timeout,
                        judge_retries=judge_retries, console=err, progress=not as_json,
                        on_note=lambda n: err.print(f"[yellow]note:[/yellow] {n}"))
    except EvalError as e:
        err.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    chosen = select_metrics(metrics or [], judge_given=judge is not None)
    notes = out.notes
    skipped = [{**s, "reason": _short(redact_secrets(s["reason"]))} for s in out.skipped]
    results = [MetricResult(r["metric"], r["scores"], r["details"], r["usage"], r["failures"]) for r in out.results]
    if as_json:
        typer.echo(json.dumps(to_json(reference, candidate, results, skipped, notes), indent=2, default=str))
        return
    print_table(results, skipped, chosen, ref_survey, cand_survey, show_details=details)


# ---- pieces (importable for tests and other commands) ---------------------------------------


def load_survey(path: Path, *, system: str | None = None) -> Any:
    """A survey from ``path`` in any registered format (:mod:`surveybench.readers.formats`:
    SurveyBench JSON dump, SurveyGen JSON, AutoSurvey JSON, Markdown), read exactly as every
    other command reads it. Raises ``ValueError`` naming the file."""
    from surveybench.readers import ReaderError, read_survey

    path = Path(path)
    if path.is_dir():
        raise ValueError(
            f"{path} is a directory; `score` compares one survey file with another. To score a "
            "folder of surveys, register it (`surveybench import DIR --system NAME`) and run "
            "`surveybench eval -s NAME`"
        )
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    try:
        return read_survey(path, system=system)
    except ReaderError as e:
        raise ValueError(str(e) if str(path) in str(e) else f"{path}: {e}") from None


def select_for_score(names: list[str], *, judge_given: bool, options: dict[str, Any] | None = None) -> Any:
    """The selected metrics with their checked options (:func:`surveybench.eval.plan.select`);
    default: every metric that needs no judge (all of them when a judge is given)."""
    from surveybench.eval.plan import select

    return select(names or ["all" if judge_given else "no-llm"], options or {})


def select_metrics(names: list[str], *, judge_given: bool) -> list[Any]:
    """The metric objects :func:`select_for_score` selects."""
    return list(select_for_score(names, judge_given=judge_given).metrics)


def _short(e: BaseException | str, limit: int = 200) -> str:
    text = " ".join(str(e).split()) or type(e).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def to_json(
    reference: Path, candidate: Path, results: list[Any], skipped: list[dict[str, str]], notes: list[str] | None = None
) -> dict:
    from surveybench.eval.units import to_jsonable

    return to_jsonable(
        {
            "reference": str(reference),
            "candidate": str(candidate),
            "results": [
                {
                    "metric": r.metric,
                    "scores": r.scores,
                    "details": r.details,
                    "usage": r.usage,
                    "failures": r.failures,
                }
                for r in results
            ],
            "skipped": skipped,
            "notes": list(notes or []),
        }
    )


def meaning(metric: Any, sub: str) -> str:
    """The sub-score's one-line meaning from the metric's spec, with its better side."""
    from surveybench.metrics.base import spec_of

    score = spec_of(metric).score(sub)
    if score is None:
        return ""
    side = {"higher": " (higher is better)", "lower": " (lower is better)"}.get(score.direction, "")
    return score.meaning + side


def _fmt(v: Any) -> str:
    if v is None:
        return "n/a"
    if isinstance(v, float):
        if v != v:
            return "n/a"
        return f"{v:.0f}" if v.is_integer() and abs(v) >= 2 else f"{v:.4f}"  # counts as counts
    return str(v)


NARROW_CONSOLE = 120


def print_table(
    results: list[Any], skipped: list[dict[str, str]], chosen: list[Any], reference: Any, candidate: Any,
    *, show_details: bool = False,
) -> None:
    from rich.console import Console
    from rich.table import Table

    from surveybench.eval.units import to_jsonable

    out = Console()
    by_name = {m.name: m for m in chosen}
    table = Table(
        title=f"{candidate.system or 'generated'} vs human survey: {reference.title}",
        show_lines=False,
    )
    # A narrow console (a pipe defaults to 80 columns) squeezes a fourth column to a few
    # characters per line; there the meanings go in a legend under the table instead.
    inline = out.width >= NARROW_CONSOLE
    legend: list[tuple[str, str]] = []
    table.add_column("metric", style="bold", no_wrap=True)
    table.add_column("score", no_wrap=True)
    table.add_column("value", justify="right", no_wrap=inline, overflow="fold")
    if inline:
        table.add_column("what it means", overflow="fold", ratio=1)
    for res in results:
        metric = by_name.get(res.metric)
        human = res.details.get("human") if isinstance(res.details.get("human"), dict) else {}
        first = True
        said: set[str] = set()
        for sub, value in res.scores.items():
            text = meaning(metric, sub) if metric else ""
            if first and not text and metric is not None:
                text = metric.description
            val = _fmt(value)
            if sub in human:
                val += f" (human {_fmt(human[sub])})"
            if value is None:
                reasons = res.details.get("reasons") if isinstance(res.details.get("reasons"), dict) else {}
                reason = reasons.get(sub) or res.details.get("reason")
                if reason and reason not in said:
                    said.add(reason)
                    text = f"{text} [dim](n/a: {reason})[/dim]" if text else f"[dim]n/a: {reason}[/dim]"
            if inline:
                table.add_row(res.metric if first else "", sub, val, text)
            else:
                table.add_row(res.metric if first else "", sub, val)
                if text:
                    legend.append((f"{res.metric}.{sub}", text))
            first = False
        if metric is not None and first:  # a metric that returned no scores at all
            if inline:
                table.add_row(res.metric, "", "", metric.description)
            else:
                table.add_row(res.metric, "", "")
                legend.append((res.metric, metric.description))
    out.print(table)
    if legend:
        out.print("[bold]What the numbers mean[/bold]")
        for key, text in legend:
            out.print(f"  [bold]{key}[/bold]: {text}", soft_wrap=True)
    for s in skipped:
        out.print(f"[yellow]skipped[/yellow] {s['metric']}: {s['reason']}")
    if show_details:
        for res in results:
            out.rule(res.metric)
            out.print_json(json.dumps(to_jsonable(res.details), default=str))
