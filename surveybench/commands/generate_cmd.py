"""``surveybench generate``: run a generation baseline on a topic (``baselines/``)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer


class Baseline(str, Enum):
    topic_only = "topic-only"
    naive_rag = "naive-rag"
    qual_sg = "qual-sg"
    autosurvey = "autosurvey"
    human_guided = "human-guided"


def generate(
    baseline: Annotated[Baseline, typer.Option(help="Which baseline to run.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="Output file: .md (Markdown with a "
                                      "References list) or .json (the Survey object).")],
    topic: Annotated[
        str | None,
        typer.Option(help="Survey topic (SurveyGen App. G style); human-guided defaults to the "
                     "gold survey's topic."),
    ] = None,
    gold: Annotated[
        Path | None,
        typer.Option(help="human-guided only: the human survey file (SurveyGen JSON, Markdown) "
                     "whose outline and per-section references are the input (Task 3)."),
    ] = None,
    candidates: Annotated[
        Path | None,
        typer.Option(help="Candidate papers for the RAG baselines: .jsonl/.json of "
                     "Reference-shaped objects (title, abstract, citation_count, authors, venue, "
                     "referenced_works, ...) or a survey file whose bibliography is the pool."),
    ] = None,
    judge: Annotated[str, typer.Option(help="LLM spec: local | local:/m.gguf | openai:MODEL | "
                                       "http://HOST:PORT/v1@MODEL.")] = "local",
    embedder: Annotated[
        str | None,
        typer.Option(help="Embedding model id or directory (default BAAI/bge-large-en-v1.5, as "
                     "in SurveyGen App. C)."),
    ] = None,
    budget: Annotated[int, typer.Option(help="References to select (SurveyGen: the human "
                                        "survey's reference count).", min=1)] = 50,
    cutoff: Annotated[
        str | None,
        typer.Option(help="Use only candidates published before this date (YYYY or YYYY-MM-DD)."),
    ] = None,
    cache: Annotated[
        Path | None,
        typer.Option(help="SQLite reply cache: a rerun reuses every finished LLM call."),
    ] = None,
    max_tokens: Annotated[int, typer.Option(help="Max tokens per LLM reply.", min=16)] = 2048,
) -> None:
    """Write a survey on a topic with a baseline and save it as Markdown or JSON.

    [bold]topic-only[/bold] (SurveyGen Task 1) needs only --topic.
    [bold]naive-rag[/bold] (topic-similarity retrieval), [bold]qual-sg[/bold] (SurveyGen §2.4
    quality-aware reranking) and [bold]autosurvey[/bold] (outline -> draft -> refine,
    AutoSurvey §2) need --candidates. [bold]human-guided[/bold] (SurveyGen Task 3) needs --gold.
    Add --cache FILE to make an interrupted run resume without repeating finished LLM calls.

    [bold]Examples[/bold]

      surveybench generate --baseline topic-only --topic "Graph neural networks" -o gnn.md

      surveybench generate --baseline qual-sg --topic "Deep learning in computer vision" \\
        --candidates papers.jsonl --cutoff 2018-02-01 --budget 50 \\
        --judge openai:gpt-4o-mini --cache gen.sqlite -o cv.json

      surveybench generate --baseline autosurvey --topic "LLM agents" --candidates pool.jsonl \\
        --judge http://127.0.0.1:8000/v1@qwen2.5-7b-instruct -o agents.md

      surveybench generate --baseline human-guided --gold gold_survey.json -o task3.md
    """
    from rich.console import Console

    console = Console(stderr=True, soft_wrap=True)

    def fail(msg: str, code: int = 1) -> None:
        console.print(f"[red]error:[/red] {msg}")
        raise typer.Exit(code)

    suffix = out.suffix.lower()
    if suffix not in (".md", ".json"):
        fail(f"{out}: output must end in .md or .json")
    name = baseline.value
    gold_survey = None
    if name == "human-guided":
        if gold is None:
            fail("baseline human-guided needs --gold FILE (the human survey)")
        from surveybench.readers import ReaderError, read_survey

        try:
            gold_survey = read_survey(gold)  # type: ignore[arg-type]
        except ReaderError as e:
            fail(str(e))
        topic = topic or gold_survey.topic or gold_survey.title
        if topic != (gold_survey.topic or gold_survey.title):
            gold_survey = gold_survey.model_copy(update={"topic": topic})
    if not topic or not topic.strip():
        fail("--topic is missing or empty")

    from surveybench.baselines import NEEDS_CANDIDATES, run_baseline

    pool = None
    if name in NEEDS_CANDIDATES:
        if candidates is None:
            fail(f"baseline {name} needs --candidates FILE")
        from surveybench.baselines.retrieval import CandidateError, load_candidates

        try:
            pool = load_candidates(candidates)  # type: ignore[arg-type]
        except CandidateError as e:
            fail(str(e))
        except Exception as e:  # a reader error for a survey file
            fail(f"{candidates}: {e}")

    from surveybench.judges import JudgeSpecError, make_judge

    try:
        llm = make_judge(judge, cache_path=cache)
    except JudgeSpecError as e:
        fail(str(e))
    emb = None
    if pool is not None:
        from surveybench.embeddings import make_embedder

        try:
            emb = make_embedder(embedder)
        except Exception as e:  # model not found offline, bad path
            fail(f"cannot load embedding model {embedder or '(default)'}: {e}")

    from surveybench.baselines.surveygen import GenerationError

    try:
        with console.status(f"running {name} on {topic!r} with {llm.name} ..."):
            survey = run_baseline(name, topic, llm, candidates=pool, embedder=emb, budget=budget,
                                  cutoff=cutoff, max_tokens=max_tokens, gold=gold_survey)
    except GenerationError as e:
        fail(str(e))
    finally:
        usage = llm.usage_summary()
        llm.close()

    out.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".json":
        survey.extra["usage"] = usage
        out.write_text(survey.model_dump_json(indent=2), encoding="utf-8")
    else:
        from surveybench.baselines.assemble import to_markdown

        out.write_text(to_markdown(survey), encoding="utf-8")
    n_units = sum(1 for s in survey.sections if s.paragraphs)
    console.print(
        f"wrote {out}: {len(survey.sections)} sections ({n_units} with text), "
        f"{len(survey.references)} cited references"
    )
    for problem in survey.extra.get("problems", []):
        console.print(f"[yellow]warning:[/yellow] {problem}")


def register(app: typer.Typer) -> None:
    """Add this module's command(s) to the ``surveybench`` app."""
    app.command("generate")(generate)
