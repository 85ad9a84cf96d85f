"""The tables of ``surveybench report`` and writers for CSV, Markdown and LaTeX."""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

import pandas as pd

from surveybench.analysis.directions import best_first, directions
from surveybench.analysis.results import failure_rows
from surveybench.analysis.stats import domain_anova, paired_tests, summarise

FORMATS = {"csv": "csv", "md": "md", "markdown": "md", "latex": "tex", "tex": "tex"}


def build_report(df: pd.DataFrame, *, pairs: list[tuple[str, str]] | None = None,
                 metrics: list[str] | None = None,
                 manifests: list[dict[str, Any]] | None = None) -> dict[str, pd.DataFrame]:
    """``summary`` (per system), ``by_domain``, ``paired_tests`` (every pair of systems unless
    ``pairs`` is given) and ``anova`` (per system across domains). Summary rows carry each
    sub-score's ``direction`` and list the best system first (lower first for distances)."""
    if metrics:
        df = df[df["metric"].isin(metrics)]
    systems = sorted(df["system"].dropna().unique())
    if pairs is None:
        pairs = list(itertools.combinations(systems, 2))
    paired = [paired_tests(df, a, b) for a, b in pairs]
    dirs = directions(df, manifests or [])
    return {
        "summary": best_first(summarise(df, ("system", "metric", "score")), dirs),
        "by_domain": best_first(summarise(df, ("domain", "system", "metric", "score")), dirs,
                                ("domain", "metric", "score")),
        "paired_tests": pd.concat(paired, ignore_index=True) if paired else paired_tests(df.iloc[:0], "", ""),
        "anova": domain_anova(df),
        # every failed score (whole units and sub-scores emptied by failed judgements), with its cause
        "failures": failure_rows(df)[["system", "topic", "metric", "score", "cause", "error"]].reset_index(drop=True),
    }


def _fmt(v: object, digits: int = 4) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        if math.isnan(v):
            return "–"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if v != 0 and abs(v) < 10 ** -digits:
            return f"{v:.2e}"
        return f"{v:.{digits}f}"
    return str(v)


def to_markdown(df: pd.DataFrame, digits: int = 4) -> str:
    def cell(v: object) -> str:
        return _fmt(v, digits).replace("|", "\\|").replace("\n", " ")

    head = "| " + " | ".join(map(str, df.columns)) + " |"
    sep = "|" + "|".join("---:" if pd.api.types.is_numeric_dtype(df[c]) else "---" for c in df.columns) + "|"
    body = ["| " + " | ".join(cell(v) for v in row) + " |" for row in df.itertuples(index=False)]
    return "\n".join([head, sep, *body]) + "\n"


_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                  "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in text)


def to_latex(df: pd.DataFrame, digits: int = 4, caption: str | None = None) -> str:
    align = "".join("r" if pd.api.types.is_numeric_dtype(df[c]) else "l" for c in df.columns)
    lines = [r"\begin{table}[t]", r"\centering", rf"\begin{{tabular}}{{{align}}}", r"\toprule",
             " & ".join(latex_escape(str(c)) for c in df.columns) + r" \\", r"\midrule"]
    for row in df.itertuples(index=False):
        lines.append(" & ".join(latex_escape(_fmt(v, digits)) for v in row) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}"]
    if caption:
        lines.append(rf"\caption{{{latex_escape(caption)}}}")
    lines.append(r"\end{table}")
    return "\n".join(lines) + "\n"


CAPTIONS = {
    "summary": "Per-system mean with 95% percentile-bootstrap CI",
    "by_domain": "Per-domain mean with 95% percentile-bootstrap CI",
    "paired_tests": "Paired tests between systems (two-sided paired t-test, Wilcoxon signed-rank)",
    "anova": "One-way ANOVA across domains per system (SurveyGen Sec. 4.3)",
    "failures": "Failed units",
}


def write_tables(tables: dict[str, pd.DataFrame], out_dir: Path, formats: list[str]) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for fmt in formats:
        ext = FORMATS.get(fmt.strip().lower())
        if ext is None:
            raise ValueError(f"unknown format {fmt!r}; choose from csv, md, latex")
        for name, df in tables.items():
            p = out_dir / f"{name}.{ext}"
            if ext == "csv":
                df.to_csv(p, index=False)
            elif ext == "md":
                p.write_text(f"## {CAPTIONS.get(name, name)}\n\n" + to_markdown(df), encoding="utf-8")
            else:
                p.write_text(to_latex(df, caption=CAPTIONS.get(name)), encoding="utf-8")
            written.append(p)
    return written
