"""Build the static leaderboard site from evaluation results.

Output (open ``index.html`` from disk; no server, no network, no CDN)::

    SITE/index.html              sortable table: systems x (metric, sub-score), mean [95% CI],
                                 one table per (domain, task setting); selects switch between them
    SITE/systems/SLUG.html       per-survey scores, failures and missing topics of one system
    SITE/metrics.html            every metric: what it measures, its paper, what it needs
    SITE/plots/*.png             per-metric bar charts with CIs, per-domain bars (SurveyGen Fig. 4)
    SITE/static/style.css, app.js

All text taken from the results (system names, titles, errors) is escaped by jinja2's
autoescape; file names are slugs, never raw names.
"""

from __future__ import annotations

import math
import shutil
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd

from surveybench.analysis import load_manifests, load_results, summarise
from surveybench.workspace import slugify

ALL = "All"


@dataclass
class Column:
    metric: str
    score: str

    @property
    def label(self) -> str:
        return f"{self.metric}.{self.score}"


@dataclass
class Cell:
    mean: float
    low: float
    high: float
    n: int

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


def _env() -> Any:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("leaderboard", "templates"),
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
            from metrics.base import load_all

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
            boards.append(board)
    return boards


def _plots(ok: pd.DataFrame, columns: list[Column], systems: list[str], domains: list[str],
           out: Path) -> dict[str, list[dict[str, str]]]:
    """Per metric: one bar chart of system means with 95% CI, and one per-domain grouped bar
    chart (as SurveyGen Fig. 4) when there is more than one domain."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    out.mkdir(parents=True, exist_ok=True)
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
        for i, s in enumerate(systems):
            rows = sub[sub["system"] == s].set_index("score")
            means = [float(rows.loc[sc, "mean"]) if sc in rows.index else np.nan for sc in scores]
            lo = [float(rows.loc[sc, "ci_low"]) if sc in rows.index else np.nan for sc in scores]
            hi = [float(rows.loc[sc, "ci_high"]) if sc in rows.index else np.nan for sc in scores]
            err = np.array([[m - l if not np.isnan(l) else 0 for m, l in zip(means, lo)],
                            [h - m if not np.isnan(h) else 0 for m, h in zip(means, hi)]])
            ax.bar(x + i * width - 0.4 + width / 2, means, width, yerr=err, capsize=2,
                   label=s, color=colors[i % len(colors)])
        ax.set_xticks(x, scores, rotation=20, ha="right", fontsize=8)
        ax.set_title(f"{metric}: mean with 95% bootstrap CI", fontsize=9)
        ax.legend(fontsize=7, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
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
            for i, s in enumerate(systems):
                rows = d[d["system"] == s].set_index("domain")
                means = [float(rows.loc[dm, "mean"]) if dm in rows.index else np.nan for dm in domains]
                ax.bar(xd + i * width - 0.4 + width / 2, means, width, label=s, color=colors[i % len(colors)])
            ax.set_xticks(xd, domains, fontsize=8)
            ax.set_title(f"{metric}.{score} by domain", fontsize=9)
            ax.legend(fontsize=7, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
            fig.tight_layout()
            name = f"{slugify(metric)}-domains.png"
            fig.savefig(out / name, dpi=90)
            plt.close(fig)
            plots[metric].append({"file": f"plots/{name}", "caption": f"{metric}.{score} per domain"})
    return plots


def build_site(results: Path | str, out_dir: Path | str, *, title: str = "SurveyBench leaderboard") -> Path:
    """Write the site for the results at ``results`` (see :func:`load_results`) into ``out_dir``;
    returns the path of ``index.html``."""
    results, out = Path(results), Path(out_dir)
    df = load_results(results)
    manifests = load_manifests(results)
    out.mkdir(parents=True, exist_ok=True)
    (out / "systems").mkdir(exist_ok=True)
    static = out / "static"
    static.mkdir(exist_ok=True)
    for name in ("style.css", "app.js"):
        src = resources.files("leaderboard") / "static" / name
        (static / name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")

    df = df.assign(domain=df["domain"].fillna("Unknown"), task=df["task"].fillna("unspecified"))
    ok = df[(df["status"] == "ok") & df["value"].notna()]
    systems = sorted(df["system"].dropna().unique())
    domains = sorted(df["domain"].unique())
    tasks = sorted(df["task"].unique())
    columns = [Column(m, s) for m, s in
               sorted({(r.metric, r.score) for r in ok[["metric", "score"]].itertuples(index=False)})]
    metrics = sorted(df["metric"].dropna().unique())
    info = metric_info(metrics, manifests)
    boards = _boards(ok, columns, systems, domains, tasks)
    plots = _plots(ok, columns, systems, domains, out / "plots") if not ok.empty else {}

    missing: dict[str, list[str]] = {}
    skipped: dict[str, list[dict[str, Any]]] = {}
    notes: list[str] = []
    for m in manifests:
        for s, d in (m.get("systems") or {}).items():
            missing.setdefault(s, [])
            missing[s] += [t for t in d.get("missing_topics", []) if t not in missing[s]]
        for sk in m.get("skipped") or []:
            skipped.setdefault(sk["system"], []).append(sk)
        notes += [n for n in m.get("notes") or [] if n not in notes]

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
        info=info, plots=plots, notes=notes, metric_names=metrics, n_failed=int((df["status"] == "failed").sum()),
        **common), encoding="utf-8")

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
            vals = {(r.metric, r.score): r.value for r in g.itertuples(index=False) if r.status == "ok"}
            first = g.iloc[0]
            per_topic.append({
                "topic": topic, "title": first["title"], "domain": first["domain"], "task": first["task"],
                "cells": [vals.get((c.metric, c.score)) for c in scols],
            })
        failures = [{"topic": r.topic, "metric": r.metric, "error": r.error}
                    for r in sdf[sdf["status"] == "failed"].itertuples(index=False)]
        nones = [{"topic": r.topic, "metric": f"{r.metric}.{r.score}", "error": r.error or ""}
                 for r in sdf[sdf["status"] == "none"].itertuples(index=False)]
        (out / "systems" / f"{slugify(s)}.html").write_text(env.get_template("system.html.j2").render(
            root="../", system=s, columns=scols, per_topic=per_topic, failures=failures,
            nones=nones, missing=missing.get(s, []), skipped=skipped.get(s, []), **common),
            encoding="utf-8")
    return out / "index.html"


def copy_static(out: Path) -> None:  # pragma: no cover - kept for callers that only need assets
    src = Path(str(resources.files("leaderboard") / "static"))
    shutil.copytree(src, out / "static", dirs_exist_ok=True)
