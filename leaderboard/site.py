"""Build the static leaderboard site from evaluation results.

Output (open ``index.html`` from disk; no server, no network, no CDN)::

    SITE/index.html              sortable table: systems x (metric, sub-score), mean [95% CI],
                                 one table per (domain, task setting); selects switch between them
    SITE/systems/SLUG.html       per-survey scores, failures and missing topics of one system
    SITE/metrics.html            every metric: what it measures, its paper, what it needs
    SITE/plots/*.png             per-metric bar charts with CIs, per-domain bars (SurveyGen Fig. 4)
    SITE/static/style.css, app.js

All text taken from the results (system names, titles, errors) is escaped by jinja2's
autoescape; file names are slugs, never raw names; plot labels are plain text (matplotlib's
mathtext is off, so a name holding ``$...$`` is drawn as written). Local filesystem paths in
notes and errors are shown by a portable label (:mod:`surveybench.publish`).

Failures are shown, not hidden: the leaderboard says how many scores failed and why
("3 scores failed: judge HTTP 500 ×2, unparseable ×1"), each system page lists every failed
score with its cause, and a score averaged over fewer parts than intended (``rubric.mean`` of 5
criteria out of 6) says so.

The site is built in a temporary folder beside ``SITE`` and moved into place whole (an atomic
directory exchange on Linux), so a build killed at any instant leaves either the old site or
the new one, never a mix. A folder that is not a SurveyBench site is never replaced.
"""

from __future__ import annotations

import ctypes
import json
import math
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd

from surveybench.analysis import load_manifests, load_results, summarise
from surveybench.analysis.directions import directions
from surveybench.analysis.results import failure_rows, failure_summary
from surveybench.publish import scrub_local_paths
from surveybench.workspace import slugify

ALL = "All"
SITE_MARKER = ".surveybench-site"  # written into every site: only such folders are ever replaced
STALE_BUILD_SECONDS = 3600  # a half-built folder older than this belongs to a killed build


class SiteError(RuntimeError):
    """The site cannot be written where asked (e.g. the folder holds something else)."""


@dataclass
class Column:
    metric: str
    score: str
    direction: str = "none"  # the metric spec's better side: "higher", "lower" or "none"

    @property
    def arrow(self) -> str:
        return {"higher": "↑", "lower": "↓"}.get(self.direction, "")

    @property
    def label(self) -> str:
        return f"{self.metric}.{self.score}"


@dataclass
class Cell:
    mean: float
    low: float
    high: float
    n: int
    best: bool = False  # the best mean of its column by the column's direction

    @property
    def sort_value(self) -> str:
        return "" if math.isnan(self.mean) else repr(self.mean)

    @property
    def text(self) -> str:
        return fmt(self.mean)

    @property
    def ci(self) -> str:
        if math.isnan(self.low):
            return ""
        return f"[{fmt(self.low)}, {fmt(self.high)}]"


@dataclass
class Board:
    """One table: systems x columns for a (domain, task) selection."""

    domain: str
    task: str
    domain_id: str
    task_id: str
    rows: list[dict[str, Any]] = field(default_factory=list)


def fmt(v: float | None, digits: int = 3) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "–"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    return f"{v:.{digits}f}"


def text_of(value: Any) -> str:
    """A table cell's text: empty for None/NaN (never "nan"), local paths replaced by labels."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return scrub_local_paths(str(value)) or ""


def scored_by(manifests: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The judges and embedders the runs behind the site used (manifest ``models``), so a reader
    knows what produced the LLM-judged and embedding scores; names go through :func:`text_of`
    (local paths become labels)."""
    used: dict[str, list[str]] = {"judge": [], "embedder": []}
    for m in manifests:
        found = m.get("models")
        models: dict[str, Any] = found if isinstance(found, dict) else {}
        for kind, names in used.items():
            name = text_of(models.get(kind))
            if name and name not in names:
                names.append(name)
    return {kind: names for kind, names in used.items() if names}


def _env() -> Any:
    import jinja2

    return jinja2.Environment(
        # our package name: a top-level "leaderboard" is PyPI's (Redis leaderboards), not this
        loader=jinja2.PackageLoader("surveybench.leaderboard", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2", "html.j2"], default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def metric_info(names: list[str], manifests: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Description, paper and requirements per metric: from the run manifests, completed from
    the metric registry for metrics the manifests do not describe."""
    info: dict[str, dict[str, Any]] = {}
    for m in manifests:
        for name, d in (m.get("metrics") or {}).items():
            info.setdefault(name, dict(d))
    missing = [n for n in names if n not in info]
    if missing:
        try:
            from surveybench.metrics.base import load_all

            reg = load_all()
        except Exception:  # noqa: BLE001 - the site still builds without the metrics package
            reg = {}
        for n in missing:
            m = reg.get(n)
            info[n] = {
                "description": getattr(m, "description", "") if m else "",
                "paper": getattr(m, "paper", "") if m else "",
                "requires": sorted(getattr(m, "requires", ())) if m else [],
            }
    return info


def _boards(ok: pd.DataFrame, columns: list[Column], systems: list[str],
            domains: list[str], tasks: list[str]) -> list[Board]:
    boards = []
    for di, dom in enumerate([ALL, *domains]):
        for ti, task in enumerate([ALL, *tasks]):
            sel = ok
            if dom != ALL:
                sel = sel[sel["domain"] == dom]
            if task != ALL:
                sel = sel[sel["task"] == task]
            board = Board(dom, task, f"d{di}", f"t{ti}")
            if not sel.empty:
                summ = summarise(sel, ("system", "metric", "score")).set_index(["system", "metric", "score"])
                n_topics = sel.groupby("system")["topic"].nunique()
                for s in systems:
                    if s not in n_topics.index:
                        continue
                    cells = []
                    for c in columns:
                        key = (s, c.metric, c.score)
                        if key in summ.index:
                            r = summ.loc[key]
                            cells.append(Cell(float(r["mean"]), float(r["ci_low"]), float(r["ci_high"]), int(r["n"])))
                        else:
                            cells.append(Cell(math.nan, math.nan, math.nan, 0))
                    board.rows.append({"system": s, "slug": slugify(s), "topics": int(n_topics[s]),
                                       "cells": cells})
                _mark_best(board, columns)
            boards.append(board)
    return boards


def _mark_best(board: Board, columns: list[Column]) -> None:
    """Flag the best cell of every ranked column (highest, or lowest for a lower-is-better one)."""
    for i, c in enumerate(columns):
        if c.direction not in ("higher", "lower"):
            continue
        cells = [r["cells"][i] for r in board.rows if not math.isnan(r["cells"][i].mean)]
        if len(cells) > 1:
            pick = min if c.direction == "lower" else max
            best = pick(x.mean for x in cells)
            for x in cells:
                x.best = x.mean == best


def _plots(ok: pd.DataFrame, columns: list[Column], systems: list[str], domains: list[str],
           out: Path) -> dict[str, list[dict[str, str]]]:
    """Per metric: one bar chart of system means with 95% CI, and one per-domain grouped bar
    chart (as SurveyGen Fig. 4) when there is more than one domain."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    out.mkdir(parents=True, exist_ok=True)
    # Names and titles are data, not markup: "$x$" in a system name must not go to mathtext
    # (which raises on unbalanced "$" and renders the rest as formulas).
    with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}):
        return _draw_plots(plt, np, ok, columns, systems, domains, out)


def _legend(ax: Any, handles: list[Any], labels: list[str]) -> None:
    # handles and labels passed explicitly: matplotlib silently drops labels that start with
    # "_" when it collects them itself, and any valid system name must be shown
    ax.legend(handles, labels, fontsize=7, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _draw_plots(plt: Any, np: Any, ok: pd.DataFrame, columns: list[Column], systems: list[str],
                domains: list[str], out: Path) -> dict[str, list[dict[str, str]]]:
    plots: dict[str, list[dict[str, str]]] = {}
    summ = summarise(ok, ("system", "metric", "score"))
    by_dom = summarise(ok, ("domain", "system", "metric", "score"))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for metric in sorted({c.metric for c in columns}):
        scores = [c.score for c in columns if c.metric == metric]
        sub = summ[summ["metric"] == metric]
        fig, ax = plt.subplots(figsize=(max(4.0, 1.2 + 0.9 * len(scores) * max(1, len(systems)) / 2), 3.2))
        width = 0.8 / max(1, len(systems))
        x = np.arange(len(scores))
        bars = []
        for i, s in enumerate(systems):
            rows = sub[sub["system"] == s].set_index("score")
            means = [float(rows.loc[sc, "mean"]) if sc in rows.index else np.nan for sc in scores]
            lo = [float(rows.loc[sc, "ci_low"]) if sc in rows.index else np.nan for sc in scores]
            hi = [float(rows.loc[sc, "ci_high"]) if sc in rows.index else np.nan for sc in scores]
            err = np.array([[m - low if not np.isnan(low) else 0 for m, low in zip(means, lo)],
                            [h - m if not np.isnan(h) else 0 for m, h in zip(means, hi)]])
            bars.append(ax.bar(x + i * width - 0.4 + width / 2, means, width, yerr=err, capsize=2,
                               color=colors[i % len(colors)]))
        ax.set_xticks(x, scores, rotation=20, ha="right", fontsize=8)
        ax.set_title(f"{metric}: mean with 95% bootstrap CI", fontsize=9)
        _legend(ax, bars, systems)
        fig.tight_layout()
        name = f"{slugify(metric)}.png"
        fig.savefig(out / name, dpi=90)
        plt.close(fig)
        plots.setdefault(metric, []).append({"file": f"plots/{name}", "caption": f"{metric}: per-system means, 95% CI"})
        if len(domains) > 1:
            score = scores[0]
            d = by_dom[(by_dom["metric"] == metric) & (by_dom["score"] == score)]
            fig, ax = plt.subplots(figsize=(max(4.0, 1.0 + 1.1 * len(domains)), 3.2))
            xd = np.arange(len(domains))
            bars = []
            for i, s in enumerate(systems):
                rows = d[d["system"] == s].set_index("domain")
                means = [float(rows.loc[dm, "mean"]) if dm in rows.index else np.nan for dm in domains]
                bars.append(ax.bar(xd + i * width - 0.4 + width / 2, means, width, color=colors[i % len(colors)]))
            ax.set_xticks(xd, domains, fontsize=8)
            ax.set_title(f"{metric}.{score} by domain", fontsize=9)
            _legend(ax, bars, systems)
            fig.tight_layout()
            name = f"{slugify(metric)}-domains.png"
            fig.savefig(out / name, dpi=90)
            plt.close(fig)
            plots[metric].append({"file": f"plots/{name}", "caption": f"{metric}.{score} per domain"})
    if "quiz" in plots:  # weAIDB quiz: win rates per question category, first among the quiz plots
        _quiz_chart(plt, np, summ, systems, colors, out, plots)
    return plots


QUIZ_CATEGORIES = ("concept", "classification", "history", "algorithm", "application", "profiling", "prediction")


def _quiz_chart(plt: Any, np: Any, summ: pd.DataFrame, systems: list[str], colors: list[str], out: Path,
                plots: dict[str, list[dict[str, str]]]) -> None:
    """Grouped bars: per quiz category (weAIDB questions.yaml), each system's mean win rate
    against the human survey; a dashed line at 0.5 marks parity."""
    sub = summ[(summ["metric"] == "quiz") & summ["score"].isin([f"win_rate_{c}" for c in QUIZ_CATEGORIES])]
    if sub.empty:
        return
    fig, ax = plt.subplots(figsize=(max(5.0, 1.0 + 0.9 * len(QUIZ_CATEGORIES)), 3.2))
    width = 0.8 / max(1, len(systems))
    x = np.arange(len(QUIZ_CATEGORIES))
    bars = []
    for i, s in enumerate(systems):
        rows = sub[sub["system"] == s].set_index("score")
        means = [float(rows.loc[f"win_rate_{c}", "mean"]) if f"win_rate_{c}" in rows.index else np.nan
                 for c in QUIZ_CATEGORIES]
        bars.append(ax.bar(x + i * width - 0.4 + width / 2, means, width, color=colors[i % len(colors)]))
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_xticks(x, QUIZ_CATEGORIES, rotation=20, ha="right", fontsize=8)
    ax.set_title("quiz: win rate against the human survey, per question category", fontsize=9)
    _legend(ax, bars, systems)
    fig.tight_layout()
    fig.savefig(out / "quiz-win-rates.png", dpi=90)
    plt.close(fig)
    plots["quiz"].insert(0, {"file": "plots/quiz-win-rates.png",
                             "caption": "quiz: win rate per category (generated vs human survey)"})


def parse_label(verdict: Any, resolution: Any) -> str:
    """The readers' verdict on a survey with its marker resolution ("ok 99.2%", "poor 61.0%"),
    shown beside the citation scores computed from it; "" when the results predate it."""
    verdict = text_of(verdict)
    if not verdict:
        return ""
    try:
        share = float(resolution)
    except (TypeError, ValueError):
        return verdict
    return verdict if share != share else f"{verdict} {share:.1%}"  # NaN: no markers


def _parts(row: Any) -> str:
    used, total = getattr(row, "parts_used", None), getattr(row, "parts_total", None)
    if used is None or total is None or pd.isna(used) or pd.isna(total) or int(used) >= int(total):
        return ""
    return f"{int(used)} of {int(total)}"


def build_site(results: Path | str, out_dir: Path | str, *, title: str = "SurveyBench leaderboard",
               problems: list[str] | None = None) -> Path:
    """Write the site for the results at ``results`` (see :func:`load_results`) into ``out_dir``;
    returns the path of ``index.html``.

    Built in a temporary folder and moved into place whole (see the module docstring).
    Unreadable run files are skipped, each with one line in ``problems``.
    """
    results, out = Path(results), Path(out_dir)
    df = load_results(results, problems=problems)
    manifests = load_manifests(results, problems=problems)
    out = out.absolute()
    _check_target(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    _remove_leftovers(out)
    staging = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.building-{os.getpid()}-"))
    try:
        _write_site(df, manifests, staging, title)
        (staging / SITE_MARKER).write_text(json.dumps({
            "generator": "surveybench leaderboard build",
            "built": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }), encoding="utf-8")
        os.chmod(staging, 0o755)  # mkdtemp makes it private; a site is meant to be read
        _move_into_place(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return out / "index.html"


def _check_target(out: Path) -> None:
    if not out.exists():
        return
    if not out.is_dir():
        raise SiteError(f"{out} exists and is not a folder; give another --output")
    entries = [p.name for p in out.iterdir()]
    # sites built before the marker existed are recognised by their index.html + systems/
    if entries and SITE_MARKER not in entries and not {"index.html", "systems"} <= set(entries):
        raise SiteError(
            f"{out} is not empty and is not a SurveyBench site; refusing to replace it "
            "(give a new or empty folder with --output)"
        )


def _remove_leftovers(out: Path) -> None:
    """Folders left by builds killed before they were moved into place: those whose builder
    process is gone (the PID is in the name), or older than an hour."""
    now = time.time()
    for p in out.parent.glob(f".{out.name}.*"):
        if not p.is_dir():
            continue
        kind, _, rest = p.name[len(out.name) + 2:].partition("-")
        pid = rest.split("-", 1)[0]
        dead = pid.isdigit() and not _alive(int(pid))
        if kind in ("old", "building") and (dead or now - p.stat().st_mtime > STALE_BUILD_SECONDS):
            shutil.rmtree(p, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # a folder of this process's earlier, failed build
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists but belongs to someone else
        return True
    return True


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two directories (Linux ``renameat2(RENAME_EXCHANGE)``); False where the
    system or file system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    rc = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    return rc == 0


def _move_into_place(staging: Path, out: Path) -> None:
    if not out.exists():
        os.rename(staging, out)
        return
    if _exchange(staging, out):
        shutil.rmtree(staging, ignore_errors=True)  # now holds the old site
        return
    # no atomic exchange here: two renames; a kill between them leaves the old site in the
    # .old- folder, which the next build removes
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    os.rename(out, old)
    os.rename(staging, out)
    shutil.rmtree(old, ignore_errors=True)


def _write_site(df: pd.DataFrame, manifests: list[dict[str, Any]], out: Path, title: str) -> None:
    (out / "systems").mkdir(parents=True, exist_ok=True)
    static = out / "static"
    static.mkdir(exist_ok=True)
    for name in ("style.css", "app.js"):
        src = resources.files("surveybench.leaderboard") / "static" / name
        (static / name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")

    df = df.assign(domain=df["domain"].fillna("Unknown"), task=df["task"].fillna("unspecified"))
    ok = df[(df["status"] == "ok") & df["value"].notna()]
    systems = sorted(df["system"].dropna().unique())
    domains = sorted(df["domain"].unique())
    tasks = sorted(df["task"].unique())
    dirs = directions(df, manifests)
    columns = [Column(m, s, dirs.get((m, s), "none")) for m, s in
               sorted({(r.metric, r.score) for r in ok[["metric", "score"]].itertuples(index=False)})]
    metrics = sorted(df["metric"].dropna().unique())
    info = metric_info(metrics, manifests)
    boards = _boards(ok, columns, systems, domains, tasks)
    plots = _plots(ok, columns, systems, domains, out / "plots") if not ok.empty else {}
    failed = failure_rows(df)

    missing: dict[str, list[str]] = {}
    skipped: dict[str, list[dict[str, Any]]] = {}
    notes: list[str] = []
    for m in manifests:
        for s, d in (m.get("systems") or {}).items():
            missing.setdefault(s, [])
            missing[s] += [t for t in d.get("missing_topics", []) if t not in missing[s]]
        for sk in m.get("skipped") or []:
            skipped.setdefault(sk["system"], []).append({**sk, "reason": text_of(sk.get("reason"))})
        notes += [n for n in (text_of(n) for n in m.get("notes") or []) if n not in notes]
    models = scored_by(manifests)

    env = _env()
    common = {
        "title": title,
        "generated": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "systems": [{"name": s, "slug": slugify(s)} for s in systems],
        "fmt": fmt,
    }
    (out / "index.html").write_text(env.get_template("index.html.j2").render(
        root="", columns=columns, boards=boards,
        domains=[{"id": f"d{i}", "name": d} for i, d in enumerate([ALL, *domains])],
        tasks=[{"id": f"t{i}", "name": t} for i, t in enumerate([ALL, *tasks])],
        info=info, plots=plots, notes=notes, models=models, metric_names=metrics, n_failed=len(failed),
        failure_summary=failure_summary(df), **common), encoding="utf-8")

    used_scores = {m: sorted({c.score for c in columns if c.metric == m}) for m in metrics}
    (out / "metrics.html").write_text(env.get_template("metrics.html.j2").render(
        root="", metrics=[{"name": m, **info.get(m, {}), "scores": used_scores.get(m, []),
                           "plots": plots.get(m, [])} for m in metrics],
        **common), encoding="utf-8")

    for s in systems:
        sdf = df[df["system"] == s]
        sok = sdf[sdf["status"] == "ok"]
        scols = [c for c in columns if ((sok["metric"] == c.metric) & (sok["score"] == c.score)).any()]
        per_topic = []
        for topic, g in sdf.groupby("topic", sort=True):
            vals = {(r.metric, r.score): (r.value, _parts(r)) for r in g.itertuples(index=False)
                    if r.status == "ok"}
            first = g.iloc[0]
            per_topic.append({
                "topic": topic, "title": first["title"], "domain": first["domain"], "task": first["task"],
                "parse": parse_label(first.get("parse_verdict"), first.get("parse_resolution")),
                "gold_parse": parse_label(first.get("gold_parse_verdict"), first.get("gold_parse_resolution")),
                "cells": [vals.get((c.metric, c.score), (None, "")) for c in scols],
            })
        sfailed = failed[failed["system"] == s]
        failures = [{"topic": r.topic,
                     "metric": r.metric if not text_of(r.score) else f"{r.metric}.{r.score}",
                     "cause": r.cause, "error": text_of(r.error)}
                    for r in sfailed.itertuples(index=False)]
        nones = [{"topic": r.topic, "metric": f"{r.metric}.{r.score}",
                  "error": text_of(r.error) or "not defined for this survey"}
                 for r in sdf[sdf["status"] == "none"].itertuples(index=False)]
        (out / "systems" / f"{slugify(s)}.html").write_text(env.get_template("system.html.j2").render(
            root="../", system=s, columns=scols, per_topic=per_topic, failures=failures,
            failure_summary=failure_summary(sdf), nones=nones, missing=missing.get(s, []),
            skipped=skipped.get(s, []), **common),
            encoding="utf-8")

