"""``surveybench score``: score one generated survey against one human-written survey."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Optional

import typer

# Plain-English meaning of sub-scores that several metrics share or that a metric does not
# describe itself (a metric may define ``score_meanings``; that wins).
GENERIC_MEANINGS: dict[str, str] = {
    "precision": "share of the generated survey's items that the human survey also has",
    "recall": "share of the human survey's items that the generated survey also has",
    "f1": "balance of precision and recall (harmonic mean)",
    "similarity": "cosine similarity of the two texts' embeddings (1 = same meaning)",
}


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.command(name="score")(score_command)


def score_command(
    reference: Path = typer.Option(..., "--reference", "-r", help="The human-written survey (any format the readers support)."),
    candidate: Path = typer.Option(..., "--candidate", "-c", help="The generated survey to score."),
    metrics: Optional[list[str]] = typer.Option(None, "--metrics", "-m", help="Metric names, comma-separated or repeated; groups: all, deterministic, no-llm. Default: every metric that needs no judge (all of them when --judge is given)."),
    as_json: bool = typer.Option(False, "--json", help="Print machine-readable JSON instead of the table."),
    embedder: Optional[str] = typer.Option(None, "--embedder", help="Embedding model id or local path. Default: BAAI/bge-large-en-v1.5."),
    judge: Optional[str] = typer.Option(None, "--judge", help="Judge spec (openai:gpt-4o-mini, http://host:port/v1@model, local) for metrics that ask an LLM."),
    title_index: Optional[Path] = typer.Option(None, "--title-index", help="Title index of real papers for citation_accuracy: a directory saved by `python -m metrics.title_index TITLES DIR`, or a titles file (.txt/.csv/.parquet/.jsonl) indexed on the fly."),
    system: Optional[str] = typer.Option(None, "--system", help="Name of the system that wrote the candidate, shown in the output (default: from the file)."),
    option: Optional[list[str]] = typer.Option(None, "--option", help="Metric option KEY=VALUE (e.g. survey_year=2024, citation_title_threshold=0.9); repeat."),
    details: bool = typer.Option(False, "--details", help="With the table, also print each metric's evidence (matched references, counts)."),
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

    err = Console(stderr=True, soft_wrap=True)
    options = _parse_options(option or [])
    try:
        ref_survey = load_survey(reference)
        cand_survey = load_survey(candidate, system=system or None)
    except ValueError as e:
        err.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    if cand_survey.system is None:
        cand_survey = cand_survey.model_copy(update={"system": "generated"})
    try:
        chosen = select_metrics(metrics or [], judge_given=judge is not None)
    except KeyError as e:
        err.print(f"[red]error:[/red] {e.args[0]}")
        raise typer.Exit(2) from None
    ctx = build_context(embedder=embedder, judge=judge, title_index=title_index, options=options)
    results, skipped = run_metrics(chosen, cand_survey, ref_survey, ctx, progress=not as_json, console=err)
    if as_json:
        typer.echo(json.dumps(to_json(reference, candidate, results, skipped, ctx), indent=2, default=str))
        return
    print_table(results, skipped, chosen, ref_survey, cand_survey, show_details=details)


# ---- pieces (importable for tests and other commands) ---------------------------------------


def load_survey(path: Path, *, system: str | None = None) -> Any:
    """A survey from ``path``: a SurveyBench JSON dump (``Survey.model_dump_json``) or any
    format :func:`surveybench.readers.read_survey` reads. Raises ``ValueError`` naming the file."""
    from surveybench.model import Survey

    path = Path(path)
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ValueError(f"{path}: not valid JSON ({e})") from None
        if isinstance(data, dict) and "sections" in data and "references" in data and "id" in data:
            from pydantic import ValidationError

            try:
                s = Survey.model_validate(data)
            except ValidationError as e:
                raise ValueError(f"{path}: not a valid SurveyBench survey: {e.errors()[0]['msg']} at {e.errors()[0]['loc']}") from None
            return s.model_copy(update={"system": system}) if system else s
    try:
        from surveybench.readers import read_survey
    except ImportError as e:  # the readers package is optional at import time
        raise ValueError(f"{path}: cannot read this format (readers unavailable: {e})") from None
    try:
        return read_survey(path, system=system)
    except Exception as e:  # ReaderError and friends: report, don't trace
        raise ValueError(str(e) if str(path) in str(e) else f"{path}: {e}") from None


def _parse_options(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise typer.BadParameter(f"--option {item!r}: expected KEY=VALUE")
        k, v = item.split("=", 1)
        try:
            out[k.strip()] = json.loads(v)
        except json.JSONDecodeError:
            out[k.strip()] = v
    return out


def needs(metric: Any, ctx: Any = None) -> frozenset[str]:
    """Resources a metric needs; of ``requires_any`` alternatives the first the context has."""
    alts = getattr(metric, "requires_any", None)
    if alts and ctx is not None:
        for alt in alts:
            if all(ctx.has(r) for r in alt):
                return frozenset(alt)
    return frozenset(metric.requires)


def select_metrics(names: list[str], *, judge_given: bool) -> list[Any]:
    """Metric objects for names and groups; default: all without a judge (all with one)."""
    from metrics.base import load_all

    registry = load_all()
    if not names:
        names = ["all" if judge_given else "no-llm"]
    wanted: dict[str, Any] = {}
    for raw in names:
        for name in (n.strip() for n in raw.split(",")):
            if not name:
                continue
            if name == "all":
                chosen = sorted(registry)
            elif name == "deterministic":
                chosen = sorted(n for n, m in registry.items() if not m.requires)
            elif name == "no-llm":
                chosen = sorted(n for n, m in registry.items() if "judge" not in m.requires)
            elif name in registry:
                chosen = [name]
            else:
                raise KeyError(
                    f"unknown metric {name!r}; known: {', '.join(sorted(registry))}; "
                    "groups: all, deterministic, no-llm"
                )
            for n in chosen:
                wanted.setdefault(n, registry[n])
    return list(wanted.values())


def build_context(
    *,
    embedder: str | None = None,
    judge: str | None = None,
    title_index: Path | None = None,
    options: dict[str, Any] | None = None,
) -> Any:
    """A :class:`MetricContext` whose models are built only when a metric asks for them."""
    from metrics.base import MetricContext

    def make_embedder() -> Any:
        from surveybench.embeddings import make_embedder as mk

        return mk(embedder)

    def make_judge() -> Any:
        from surveybench.judges import make_judge as mk

        return mk(judge)

    def make_title_index() -> Any:
        from metrics.title_index import TitleIndex

        return TitleIndex.open(Path(title_index))

    factories: dict[str, Any] = {"embedder": make_embedder}
    if judge is not None:
        factories["judge"] = make_judge
    if title_index is not None:
        factories["title_index"] = make_title_index
    return MetricContext(factories, options=options or {})


_HOW_TO_PROVIDE = {
    "judge": "give --judge SPEC",
    "title_index": "give --title-index FILE",
    "embedder": "give --embedder MODEL",
    "nli": "give --judge SPEC",
}


def run_metrics(
    chosen: list[Any], candidate: Any, reference: Any, ctx: Any, *, progress: bool, console: Any
) -> tuple[list[Any], list[dict[str, str]]]:
    """Run each metric; one that lacks or fails to load a resource, or fails, is skipped with a note."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from metrics.base import MissingResource

    results: list[Any] = []
    skipped: list[dict[str, str]] = []
    failed: dict[str, str] = {}  # resource -> why it could not be loaded (tried once only)
    with Progress(
        TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
        console=console, disable=not progress, transient=True,
    ) as bar:
        task = bar.add_task("scoring", total=len(chosen))
        for metric in chosen:
            bar.update(task, description=f"scoring: {metric.name}")
            need = sorted(needs(metric, ctx))
            missing = [r for r in need if not ctx.has(r)]
            if missing:
                how = "; ".join(_HOW_TO_PROVIDE.get(r, f"provide {r}") for r in missing)
                skipped.append({"metric": metric.name, "reason": f"needs a {', '.join(missing)} ({how})"})
                bar.advance(task)
                continue
            try:
                for r in need:
                    if r in failed:
                        raise _ResourceFailed(r, failed[r])
                    try:
                        _ready(r, ctx.get(r))
                    except MissingResource:
                        raise
                    except Exception as e:  # a model that cannot be loaded
                        failed[r] = _short(e)
                        raise _ResourceFailed(r, failed[r]) from None
                results.append(metric.compute(candidate, reference, ctx))
            except _ResourceFailed as e:
                skipped.append({"metric": metric.name, "reason": f"could not load the {e.resource}: {e.error}"})
            except MissingResource as e:
                skipped.append({"metric": metric.name, "reason": str(e)})
            except Exception as e:  # a failing metric must not sink the others
                skipped.append({"metric": metric.name, "reason": f"failed: {type(e).__name__}: {_short(e)}"})
            bar.advance(task)
    return results, skipped


def _ready(name: str, resource: Any) -> None:
    """Load a lazily built model now, so a failure is reported once as "could not load"."""
    if name == "embedder" and hasattr(resource, "model"):
        _ = resource.model


class _ResourceFailed(Exception):
    def __init__(self, resource: str, error: str) -> None:
        super().__init__(resource)
        self.resource = resource
        self.error = error


def _short(e: BaseException, limit: int = 200) -> str:
    text = " ".join(str(e).split()) or type(e).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _clean(x: Any) -> Any:
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return None
    if isinstance(x, dict):
        return {str(k): _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    return x


def to_json(reference: Path, candidate: Path, results: list[Any], skipped: list[dict[str, str]], ctx: Any) -> dict:
    return _clean(
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
        }
    )


def meaning(metric: Any, sub: str) -> str:
    own = getattr(metric, "score_meanings", None) or {}
    if sub in own:
        return own[sub]
    return GENERIC_MEANINGS.get(sub, "")


def _fmt(v: Any) -> str:
    if v is None:
        return "n/a"
    if isinstance(v, float):
        if v != v:
            return "n/a"
        return f"{v:.0f}" if v.is_integer() and abs(v) >= 2 else f"{v:.4f}"  # counts as counts
    return str(v)


def print_table(
    results: list[Any], skipped: list[dict[str, str]], chosen: list[Any], reference: Any, candidate: Any,
    *, show_details: bool = False,
) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Console()
    by_name = {m.name: m for m in chosen}
    table = Table(
        title=f"{candidate.system or 'generated'} vs human survey: {reference.title}",
        show_lines=False,
    )
    table.add_column("metric", style="bold", no_wrap=True)
    table.add_column("score", no_wrap=True)
    table.add_column("value", justify="right", no_wrap=True)
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
            table.add_row(res.metric if first else "", sub, val, text)
            first = False
        if metric is not None and first:  # a metric that returned no scores at all
            table.add_row(res.metric, "", "", metric.description)
    out.print(table)
    for s in skipped:
        out.print(f"[yellow]skipped[/yellow] {s['metric']}: {s['reason']}")
    if show_details:
        for res in results:
            out.rule(res.metric)
            out.print_json(json.dumps(_clean(res.details), default=str))
