"""The dataset card (``README.md``) of an exported SurveyBench dataset.

Its YAML front matter follows the Hub's dataset-card metadata: ``configs`` (one per Parquet
configuration, so ``datasets.load_dataset(DIR_OR_REPO, "surveys")`` works), license, language,
task categories. The body states sources, licenses per source and every field's meaning
(generated from :data:`surveybench.dataset.schema.FIELD_DOCS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pyarrow as pa
import yaml

from surveybench.dataset.schema import CONFIG_DOCS, FIELD_DOCS, SCHEMAS

SPLIT = "train"


def data_file(config: str, split: str = SPLIT) -> str:
    return f"data/{config}/{split}-00000-of-00001.parquet"


def front_matter(counts: Mapping[str, int]) -> dict[str, Any]:
    n = counts.get("references", 0)
    size = (
        "n<1K" if n < 1_000 else "1K<n<10K" if n < 10_000 else "10K<n<100K" if n < 100_000
        else "100K<n<1M" if n < 1_000_000 else "1M<n<10M"
    )
    return {
        "pretty_name": "SurveyBench",
        "language": ["en"],
        # SurveyGen (the bulk of the human surveys and metadata) is CC BY-NC 4.0, which
        # binds the whole export; per-source terms are listed in the card body.
        "license": "cc-by-nc-4.0",
        "task_categories": ["summarization", "text-generation"],
        "tags": ["literature-review", "survey-generation", "scientific-documents", "citations"],
        "size_categories": [size],
        "configs": [
            {
                "config_name": c,
                "data_files": [{"split": SPLIT, "path": data_file(c)}],
                **({"default": True} if c == "surveys" else {}),
            }
            for c in SCHEMAS
            if counts.get(c, 0) > 0
        ],
    }


def _type_name(t: pa.DataType) -> str:
    if pa.types.is_list(t):
        return f"list[{_type_name(t.value_type)}]"
    if pa.types.is_struct(t):
        return "struct"
    return str(t)


def _field_type(schema: pa.Schema, dotted: str) -> pa.DataType:
    head, *rest = dotted.split(".")
    t = schema.field(head).type
    for name in rest:
        while pa.types.is_list(t):
            t = t.value_type
        t = t.field(name).type
    return t


def _fields_table(config: str) -> str:
    lines = ["| field | type | meaning |", "|---|---|---|"]
    schema = SCHEMAS[config]
    for name, doc in FIELD_DOCS[config].items():
        doc = doc.replace("|", "\\|")
        lines.append(f"| `{name}` | `{_type_name(_field_type(schema, name))}` | {doc} |")
    return "\n".join(lines)


def render_card(
    counts: Mapping[str, int],
    domains: Mapping[str, int],
    build_stats: Mapping[str, Any] | None = None,
    origins: Mapping[tuple[str, str], int] | None = None,
) -> str:
    meta = yaml.safe_dump(front_matter(counts), sort_keys=False, allow_unicode=True)
    parts = [
        f"---\n{meta}---",
        "# SurveyBench dataset",
        "Human-written scientific literature surveys with their section structure, "
        "paragraph-level citations and fully described bibliographies, plus the inputs of the "
        "three survey-generation task settings of SurveyGen (Bao et al., EMNLP 2025, §2.1). "
        "Built with the `surveybench` toolkit (`surveybench data export`).",
        "## Loading\n\n```python\nfrom datasets import load_dataset\n\n"
        'surveys = load_dataset("PATH_OR_REPO_ID", "surveys", split="train")\n'
        'refs = load_dataset("PATH_OR_REPO_ID", "references", split="train")\n'
        "```\n\nBack to SurveyBench model objects (equal to the ones exported):\n\n"
        "```python\nfrom surveybench.dataset import load_surveys\n\n"
        'surveys = load_surveys("PATH_OR_REPO_ID")\n```\n\n'
        "This directory is already in the Hub layout; publish it unchanged with\n\n"
        "```python\nfrom huggingface_hub import HfApi\n\n"
        'HfApi().upload_folder(folder_path="THIS_DIR", repo_id="ORG/surveybench", '
        'repo_type="dataset")\n```\n\n'
        "or `huggingface-cli upload ORG/surveybench THIS_DIR --repo-type dataset`.",
        "## Configurations\n\n"
        + "\n".join(
            (
                f"- **{c}** ({counts[c]:,} row{'s' if counts[c] != 1 else ''}, "
                f"`{data_file(c)}`): {CONFIG_DOCS[c]}"
                if counts.get(c, 0) > 0
                else f"- **{c}**: not included — no rows in this export "
                f"(`datasets` cannot load an empty split). {CONFIG_DOCS[c]}"
            )
            for c in SCHEMAS
        ),
    ]
    if domains:
        parts.append(
            "Surveys per domain: "
            + ", ".join(f"{d} {n:,}" for d, n in sorted(domains.items(), key=lambda x: -x[1]))
            + "."
        )
    parts.append(
        "## Task settings (SurveyGen §2.1, App. B)\n\n"
        "- **Task 1, fully LLM-based:** input `tasks.topic` only.\n"
        "- **Task 2, RAG-based:** `tasks.topic`; retrieve only works published before "
        "`tasks.date_cutoff`; select `tasks.reference_budget` references.\n"
        "- **Task 3, human-guided:** `tasks.topic`, the gold outline `tasks.outline` and the "
        "references cited under each section `tasks.section_references` (metadata in "
        "`references`, joined on `survey_id` and `id`).\n\n"
        "The gold output is the human-written `surveys` row (null `system`) whose `id` is "
        "`tasks.survey_id`; generated surveys on the same topic carry the same `topic` with "
        "their `system` set."
    )
    parts.append(
        "## Sources and licenses\n\n"
        "| source | what it provides | license |\n|---|---|---|\n"
        "| [SurveyGen dataset](https://github.com/tongbao96/SurveyGen) (Bao et al., 2025) | "
        "surveys, topics, section trees, paragraph citations, reference metadata | CC BY-NC 4.0 |\n"
        "| [S2ORC](https://github.com/allenai/s2orc) (Lo et al., 2020) | full texts of the surveys "
        "with section divisions and citation spans | ODC-By 1.0 (2020 release: CC BY-NC 4.0) |\n"
        "| [Semantic Scholar Academic Graph API](https://api.semanticscholar.org/) | paper ids, "
        "abstracts, TLDRs, citation counts, author h-index / paper / citation counts, fields of "
        "study | S2 API License Agreement; abstracts keep their publishers' terms |\n"
        "| [OpenAlex](https://openalex.org/) | venue h-index, i10-index, 2-year mean citedness, "
        "`is_core`, referenced works (second-level references) | CC0 |\n\n"
        "The export as a whole is distributed under **CC BY-NC 4.0**, the most restrictive of "
        "these terms. Surveys generated by systems (rows with a non-null `system`) are outputs "
        "of those systems; the paper texts belong to their authors."
    )
    if origins:
        # What this particular export holds: the sources table above lists where the SurveyGen
        # corpus comes from; surveys read from other files (system outputs, PDF conversions)
        # keep the terms of their own sources.
        lines = [
            "## Contents by origin",
            "",
            "| written by | read from (format) | surveys |",
            "|---|---|---|",
        ]
        for (who, fmt), n in sorted(origins.items()):
            lines.append(f"| {who} | {fmt} | {n:,} |")
        lines.append(
            "\nSurveys not from the SurveyGen dataset (Markdown files: system outputs or PDF "
            "conversions of published surveys) keep the license of their original source; check "
            "it before publishing this export."
        )
        parts.append("\n".join(lines))
    if build_stats:
        lines = ["## Build statistics", "", "| statistic | value |", "|---|---|"]
        for k, v in build_stats.items():
            lines.append(f"| {k} | {v:,} |" if isinstance(v, int) else f"| {k} | {v} |")
        parts.append("\n".join(lines))
    parts.append("## Fields")
    for c in SCHEMAS:
        parts.append(f"### `{c}`\n\n{_fields_table(c)}")
    parts.append(
        "## Citation\n\n```bibtex\n@inproceedings{bao2025surveygen,\n"
        "  title={SurveyGen: Quality-Aware Scientific Survey Generation with Large Language "
        "Models},\n  author={Bao, Tong and others},\n  booktitle={EMNLP},\n  year={2025}\n}\n```"
    )
    return "\n\n".join(parts) + "\n"


def parse_front_matter(text: str) -> dict[str, Any]:
    if not text.startswith("---"):
        raise ValueError("dataset card has no YAML front matter")
    end = text.find("\n---", 3)
    if end < 0:
        raise ValueError("dataset card front matter is not closed by '---'")
    meta = yaml.safe_load(text[3:end])
    if not isinstance(meta, dict):
        raise ValueError("dataset card front matter is not a mapping")
    return meta
