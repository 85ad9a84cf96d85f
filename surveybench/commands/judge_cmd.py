"""``surveybench judge ...``: check that an LLM judge answers before a long evaluation."""

from __future__ import annotations

import typer

judge_app = typer.Typer(
    name="judge",
    help="LLM judges: check a judge before an evaluation, list the judging prompts.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)

SPEC_HELP = (
    "Judge spec: 'local' (SmolLM2-135M in-process, offline), 'local:/path/model.gguf', "
    "'openai:MODEL' (key from OPENAI_API_KEY) or 'http(s)://HOST:PORT/v1@MODEL' for any "
    "OpenAI-compatible server (vLLM, Ollama, llama.cpp server; key from "
    "SURVEYBENCH_JUDGE_API_KEY if needed)."
)


@judge_app.command("check")
def check(
    spec: str = typer.Argument("local", help=SPEC_HELP),
    prompt: str = typer.Option(
        "Reply with the single word OK.", "--prompt", help="The tiny prompt to send."
    ),
    timeout: float = typer.Option(60.0, help="Per-call timeout in seconds."),
    max_retries: int = typer.Option(2, help="Retries on 429/5xx/connection errors/timeouts."),
    max_tokens: int = typer.Option(16, help="Reply length limit in tokens."),
) -> None:
    """Send one tiny prompt to a judge; print its reply, latency, tokens and whether it is tiny.

    Nothing is cached. Exit code 1 if the judge did not answer, 2 if the spec is invalid.

    [bold]Examples[/bold]

      surveybench judge check local

      surveybench judge check local:/models/qwen2.5-7b-instruct-q4_k_m.gguf

      OPENAI_API_KEY=... surveybench judge check openai:gpt-4o-mini

      surveybench judge check http://127.0.0.1:8000/v1@Qwen/Qwen2.5-7B-Instruct
    """
    import time

    from rich.console import Console

    from surveybench.judges import JudgeSpecError, make_judge, parse_text
    from surveybench.prompts import PromptTemplate

    console = Console()
    try:
        judge = make_judge(spec, timeout=timeout, max_retries=max_retries, retry_initial=0.5,
                           max_tokens=max_tokens)
    except (JudgeSpecError, ImportError) as exc:
        console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    template = PromptTemplate(name="judge-check", version="1", source="SurveyBench health check",
                              template="{text}")
    console.print(f"judge: [bold]{judge.name}[/bold]")
    started = time.monotonic()
    with console.status("asking the judge ..."):
        result = judge.ask(template, {"text": prompt}, parse=parse_text, metric="judge-check")
    elapsed = time.monotonic() - started
    usage = judge.usage_summary()
    if result.ok:
        console.print(f"reply: {result.reply!r}")
    else:
        console.print(f"[red]failed[/red]: {result.error}")
        if result.reply:
            console.print(f"last reply: {result.reply!r}")
    console.print(f"latency: {elapsed:.2f} s over {result.attempts} request(s), "
                  f"{usage['retries']} retr{'y' if usage['retries'] == 1 else 'ies'}")
    console.print(f"tokens: {result.prompt_tokens} prompt + {result.completion_tokens} completion")
    if judge.is_tiny_local:
        console.print("[yellow]tiny local judge:[/yellow] yes — fine for plumbing checks, not for "
                      "scores worth reporting")
    else:
        console.print("tiny local judge: no")
    judge.close()
    if not result.ok:
        raise typer.Exit(1)


@judge_app.command("prompts")
def prompts(
    name: str | None = typer.Argument(None, help="Print this prompt's full template (e.g. rubric_coverage)."),
) -> None:
    """List the prompts sent to judges, with version and the paper section each comes from.

    With a NAME, print that prompt's template as sent (placeholders in braces).

    [bold]Examples[/bold]

      surveybench judge prompts

      surveybench judge prompts citation_nli
    """
    from rich.console import Console
    from rich.table import Table

    from surveybench.prompts.classification import PROMPTS as BUILD_PROMPTS
    from surveybench.prompts.judging import ALL
    from surveybench.prompts.sgsimeval import ALL as SGSIMEVAL
    from surveybench.prompts.weaidb import ALL as WEAIDB

    every = {p.name: p for p in (*ALL, *WEAIDB, *SGSIMEVAL, *BUILD_PROMPTS)}
    console = Console()
    if name is not None:
        if name not in every:
            console.print(f"[red]error:[/red] no prompt {name!r}; choose from {', '.join(sorted(every))}")
            raise typer.Exit(2)
        p = every[name]
        console.print(f"{p.name} v{p.version} — {p.source}", highlight=False)
        if p.notes:
            console.print(f"note: {p.notes}", highlight=False)
        console.rule()
        console.print(p.template, markup=False, highlight=False)
        return
    table = Table(title="judge prompts")
    for col in ("name", "version", "source", "placeholders"):
        table.add_column(col)
    for p in every.values():
        table.add_row(p.name, p.version, p.source, ", ".join(p.placeholders))
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add ``surveybench judge ...`` to the app."""
    app.add_typer(judge_app, name="judge")
