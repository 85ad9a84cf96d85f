"""The SurveyBench dataset in the Hugging Face Hub layout (issue 2).

``export_dataset`` writes::

    DIR/README.md                                          dataset card, YAML `configs`
    DIR/data/surveys/train-00000-of-00001.parquet
    DIR/data/references/train-00000-of-00001.parquet
    DIR/data/second_level_references/train-00000-of-00001.parquet
    DIR/data/tasks/train-00000-of-00001.parquet

so ``datasets.load_dataset(DIR, "surveys")`` works offline, and the directory can be uploaded
to the Hub unchanged (``HfApi().upload_folder(..., repo_type="dataset")``).
``load_surveys`` reads it back (from a directory or a Hub id) into :class:`Survey` objects equal
to the exported ones (except ``source_path``, stored relative to the export's inputs so no
local path of the builder's machine is published). Configurations follow SurveyGen (Bao et al., EMNLP 2025): surveys with
sections and paragraph citations (§2.2), references with quality metadata and second-level
references (§2.3, App. H), and the inputs of the three task settings (§2.1, App. B).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from surveybench.model import Survey

CONFIGS = ("surveys", "references", "second_level_references", "tasks", "quizzes")
# references / second_level_references are left out of an export in which they have no rows.
REQUIRED_CONFIGS = ("surveys",)


class DatasetError(Exception):
    """A dataset directory or Hub id that cannot be read as a SurveyBench dataset."""

    def __init__(self, where: str | Path, reason: str) -> None:
        self.where = str(where)
        self.reason = reason
        super().__init__(f"{where}: {reason}")


def export_dataset(
    surveys: Iterable[Survey],
    out_dir: str | Path,
    *,
    second_level: Mapping[str, Mapping[str, Any]] | None = None,
    build_stats: Mapping[str, Any] | None = None,
    source_roots: Sequence[str | Path] = (),
    quizzes: Iterable[Any] = (),
) -> Path:
    """Write ``surveys`` as a Hub-layout dataset directory and return its path.

    ``second_level`` maps a second-level paper id (as in ``Reference.referenced_works``) to its
    metadata (``title``, ``abstract``, ``doi``, ``year``, ``citation_count``); ids without an
    entry still get a row, with those fields null. ``build_stats`` (name -> value) is printed in
    the card. Survey ids must be unique: the references and tasks configurations join on them.

    ``Survey.source_path`` is written relative to the first of ``source_roots`` (the files or
    directories the surveys were read from) that contains it, else as the bare file name: a
    dataset meant for the Hub carries no local paths of the machine that built it
    (:func:`surveybench.dataset.schema.portable_source_path`). Every other field round-trips
    unchanged.

    ``quizzes`` (:class:`surveybench.quizzes.Quiz`, e.g. ``QuizStore(ws.cache_dir / "quizzes").all()``)
    become the ``quizzes`` configuration: one row per question, so every system can be
    evaluated on the same quiz (weAIDB SurveyBench quiz-based evaluation).
    """
    import pyarrow.parquet as pq

    from surveybench.quizzes import quiz_rows

    from surveybench.dataset import card, schema

    surveys = list(surveys)
    if not surveys:
        raise ValueError("no surveys to export")
    seen: set[tuple[str, str | None]] = set()
    for s in surveys:
        if (s.id, s.system) in seen:
            who = f"system {s.system!r}" if s.system else "the human-written surveys"
            raise ValueError(
                f"duplicate survey id {s.id!r} among {who}: (id, system) must be unique in a "
                f"dataset (second source: {s.source_path or 'unknown file'})"
            )
        seen.add((s.id, s.system))

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tables = {
        "surveys": schema.table(
            "surveys", [schema.survey_row(s, source_roots) for s in surveys]
        ),
        "references": schema.table(
            "references", [r for s in surveys for r in schema.reference_rows(s)]
        ),
        "second_level_references": schema.table(
            "second_level_references", schema.second_level_rows(surveys, second_level)
        ),
        # Task inputs come from the human-written (gold) surveys only.
        "tasks": schema.table("tasks", [schema.task_row(s) for s in surveys if s.system is None]),
        "quizzes": schema.table("quizzes", quiz_rows(list(quizzes))),
    }
    for config, tab in tables.items():
        path = out / card.data_file(config)
        path.parent.mkdir(parents=True, exist_ok=True)
        for stale in path.parent.glob("*.parquet"):  # from an earlier export into this dir
            stale.unlink()
        if tab.num_rows == 0:
            # `datasets` cannot load a split with no rows, so an empty configuration is left out
            # of the files and the card's `configs` (the card says so).
            continue
        # Write to a temp name first so an interrupted export never leaves a half file that
        # looks complete.
        tmp = path.with_suffix(".parquet.tmp")
        pq.write_table(tab, tmp, compression="zstd")
        os.replace(tmp, path)
    counts = {c: t.num_rows for c, t in tables.items()}
    domains = Counter(s.domain or "unknown" for s in surveys)
    origins = Counter((s.system or "human", s.source_format or "unknown") for s in surveys)
    (out / "README.md").write_text(
        card.render_card(counts, domains, build_stats, origins=origins), encoding="utf-8"
    )
    return out


_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


def _resolve(dir_or_hub_id: str | Path) -> str:
    """Check a local dataset directory; pass a Hub id (``org/name``) through unchanged."""
    text = str(dir_or_hub_id)
    p = Path(text).expanduser()
    if not p.exists() and _HUB_ID.match(text):
        return text
    if not p.exists():
        raise DatasetError(p, "no such dataset directory")
    if not p.is_dir():
        raise DatasetError(
            p, "not a directory (expected a dataset written by `surveybench data export`)"
        )
    check_layout(p)
    return str(p)


def check_layout(path: Path) -> dict[str, list[Path]]:
    """Validate a local dataset directory; return the Parquet files of each configuration."""
    from surveybench.dataset.card import parse_front_matter

    readme = path / "README.md"
    if not readme.is_file():
        raise DatasetError(path, "no README.md dataset card (not a SurveyBench dataset directory)")
    try:
        meta = parse_front_matter(readme.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise DatasetError(readme, f"invalid dataset card: {e}") from None
    except Exception as e:  # yaml errors
        raise DatasetError(readme, f"invalid YAML front matter: {e}") from None
    configs = {c.get("config_name"): c for c in meta.get("configs") or [] if isinstance(c, dict)}
    missing = [c for c in REQUIRED_CONFIGS if c not in configs]
    if missing:
        raise DatasetError(readme, f"dataset card declares no configuration {missing}")
    files: dict[str, list[Path]] = {}
    for name in (c for c in CONFIGS if c in configs):
        data_files = configs[name].get("data_files") or []
        if isinstance(data_files, (str, dict)):
            data_files = [data_files]
        found: list[Path] = []
        for df in data_files:
            pattern = df["path"] if isinstance(df, dict) else df
            for pat in [pattern] if isinstance(pattern, str) else pattern:
                found.extend(sorted(path.glob(pat)))
        if not found:
            raise DatasetError(path, f"configuration {name!r}: no data file matches {data_files}")
        files[name] = found
    return files


def load_surveys(
    dir_or_hub_id: str | Path,
    split: str = "train",
    *,
    cache_dir: str | Path | None = None,
) -> list[Survey]:
    """Read the ``surveys`` and ``references`` configurations back into :class:`Survey` objects.

    Goes through ``datasets.load_dataset`` so a Hub id (``"org/surveybench"``) works the same as
    a local directory. Rows are converted from the Arrow table (not ``datasets``' Python
    formatting, which turns a null struct into a dict of nulls) so the result equals what was
    exported.
    """
    import datasets

    from surveybench.dataset import schema

    source = _resolve(dir_or_hub_id)
    kw: dict[str, Any] = {"split": split}
    if cache_dir is not None:
        kw["cache_dir"] = str(cache_dir)
    try:
        s_ds = datasets.load_dataset(source, "surveys", **kw)
        s_rows = s_ds.data.table.to_pylist()
        # An export without any reference has no `references` configuration to load.
        r_rows = (
            datasets.load_dataset(source, "references", **kw).data.table.to_pylist()
            if any(r["num_references"] for r in s_rows) else []
        )
    except Exception as e:  # datasets raises many types: missing files, offline hub, bad schema
        raise DatasetError(source, f"cannot load with datasets: {e}") from None

    refs: dict[tuple[str, str | None], list[tuple[int, Any]]] = {}
    for row in r_rows:
        refs.setdefault((row["survey_id"], row["survey_system"]), []).append(
            (row["position"], schema.reference_from_row(row))
        )
    out = []
    for row in s_rows:
        mine = [r for _, r in sorted(refs.pop((row["id"], row["system"]), []), key=lambda x: x[0])]
        out.append(schema.survey_from_row(row, mine))
    if refs:
        raise DatasetError(
            source, f"references for unknown survey ids {sorted(refs)[:5]} (corrupt export?)"
        )
    return out


@dataclass
class DatasetInfo:
    path: Path
    rows: dict[str, int] = field(default_factory=dict)
    surveys_per_domain: dict[str, int] = field(default_factory=dict)
    references_per_domain: dict[str, int] = field(default_factory=dict)
    tasks_per_domain: dict[str, int] = field(default_factory=dict)
    systems: dict[str, int] = field(default_factory=dict)


def dataset_info(path: str | Path) -> DatasetInfo:
    """Counts per configuration and per domain of a local dataset directory (reads Parquet
    footers and two columns only, no ``datasets`` cache)."""
    import pyarrow.parquet as pq

    p = Path(path).expanduser()
    if not p.exists():
        raise DatasetError(p, "no such dataset directory")
    if not p.is_dir():
        raise DatasetError(p, "not a directory")
    files = check_layout(p)
    info = DatasetInfo(path=p)
    for name, paths in files.items():
        try:
            info.rows[name] = sum(pq.ParquetFile(f).metadata.num_rows for f in paths)
        except Exception as e:
            raise DatasetError(paths[0], f"not a readable Parquet file: {e}") from None
    domain_of: dict[tuple[str, str | None], str] = {}
    for f in files["surveys"]:
        t = pq.read_table(f, columns=["id", "domain", "system"])
        for sid, dom, system in zip(*(t.column(c).to_pylist() for c in ("id", "domain", "system"))):
            d = dom or "unknown"
            domain_of[(sid, system)] = d
            info.surveys_per_domain[d] = info.surveys_per_domain.get(d, 0) + 1
            sysname = system or "human"
            info.systems[sysname] = info.systems.get(sysname, 0) + 1
    for name in CONFIGS:
        info.rows.setdefault(name, 0)
    for f in files.get("references", []):
        t = pq.read_table(f, columns=["survey_id", "survey_system"])
        for key in zip(t.column(0).to_pylist(), t.column(1).to_pylist()):
            d = domain_of.get(key, "unknown")
            info.references_per_domain[d] = info.references_per_domain.get(d, 0) + 1
    for f in files.get("tasks", []):
        for dom in pq.read_table(f, columns=["domain"]).column(0).to_pylist():
            d = dom or "unknown"
            info.tasks_per_domain[d] = info.tasks_per_domain.get(d, 0) + 1
    return info


__all__ = [
    "CONFIGS",
    "DatasetError",
    "DatasetInfo",
    "check_layout",
    "dataset_info",
    "export_dataset",
    "load_surveys",
]
