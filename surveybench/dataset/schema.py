"""Arrow schemas of the four dataset configurations and the row <-> model conversions.

Explicit schemas (not inference) so that a column that is empty or all-null in one export has
the same type as in every other: ``datasets`` and the Hub viewer then see one stable schema.
Every field is described in :data:`FIELD_DOCS`; the dataset card is generated from it, so the
card and the files cannot drift apart.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path, PurePath
from typing import Any

import pyarrow as pa

from surveybench.model import (
    Author,
    CitationMark,
    Paragraph,
    Reference,
    Section,
    Survey,
    Venue,
)

# ---- schemas --------------------------------------------------------------------------------

CITATION = pa.struct(
    [
        ("marker", pa.string()),
        ("start", pa.int32()),
        ("end", pa.int32()),
        ("ref_ids", pa.list_(pa.string())),
        ("unresolved", pa.list_(pa.string())),
    ]
)
PARAGRAPH = pa.struct([("text", pa.string()), ("citations", pa.list_(CITATION))])
SECTION = pa.struct(
    [
        ("index", pa.int32()),
        ("level", pa.int32()),
        ("number", pa.string()),
        ("title", pa.string()),
        ("parent", pa.int32()),
        ("is_content", pa.bool_()),
        ("paragraphs", pa.list_(PARAGRAPH)),
    ]
)

FIGURE = pa.struct([("alt", pa.string()), ("target", pa.string()), ("line", pa.int32())])
TABLE = pa.struct([("kind", pa.string()), ("line", pa.int32())])

SURVEYS = pa.schema(
    [
        ("id", pa.string()),
        ("title", pa.string()),
        ("topic", pa.string()),
        ("domain", pa.string()),
        ("system", pa.string()),
        ("year", pa.int32()),
        ("publication_date", pa.string()),
        ("doi", pa.string()),
        ("s2_paper_id", pa.string()),
        ("s2_corpus_id", pa.string()),
        ("abstract", pa.string()),
        ("keywords", pa.list_(pa.string())),
        ("fields_of_study", pa.list_(pa.string())),
        ("sections", pa.list_(SECTION)),
        ("num_references", pa.int32()),
        ("figures", pa.list_(FIGURE)),
        ("tables", pa.list_(TABLE)),
        ("body_chars", pa.int64()),
        ("source_format", pa.string()),
        ("source_path", pa.string()),
        ("extra", pa.string()),
    ]
)

AUTHOR = pa.struct(
    [
        ("name", pa.string()),
        ("s2_author_id", pa.string()),
        ("openalex_id", pa.string()),
        ("h_index", pa.int64()),
        ("paper_count", pa.int64()),
        ("citation_count", pa.int64()),
    ]
)
VENUE = pa.struct(
    [
        ("name", pa.string()),
        ("type", pa.string()),
        ("openalex_id", pa.string()),
        ("h_index", pa.int64()),
        ("i10_index", pa.int64()),
        ("two_year_mean_citedness", pa.float64()),
        ("core_rank", pa.string()),
        ("is_core", pa.bool_()),
    ]
)

REFERENCES = pa.schema(
    [
        ("survey_id", pa.string()),
        ("survey_system", pa.string()),
        ("position", pa.int32()),
        ("id", pa.string()),
        ("title", pa.string()),
        ("raw", pa.string()),
        ("numbers", pa.list_(pa.string())),
        ("doi", pa.string()),
        ("arxiv_id", pa.string()),
        ("s2_paper_id", pa.string()),
        ("s2_corpus_id", pa.string()),
        ("openalex_id", pa.string()),
        ("url", pa.string()),
        ("year", pa.int32()),
        ("publication_date", pa.string()),
        ("abstract", pa.string()),
        ("tldr", pa.string()),
        ("citation_count", pa.int64()),
        ("influential_citation_count", pa.int64()),
        ("reference_count", pa.int64()),
        ("authors", pa.list_(AUTHOR)),
        ("venue", VENUE),
        ("fields_of_study", pa.list_(pa.string())),
        ("publication_types", pa.list_(pa.string())),
        ("referenced_works", pa.list_(pa.string())),
    ]
)

CITED_BY = pa.struct(
    [("survey_id", pa.string()), ("survey_system", pa.string()), ("ref_id", pa.string())]
)
SECOND_LEVEL = pa.schema(
    [
        ("id", pa.string()),
        ("title", pa.string()),
        ("abstract", pa.string()),
        ("doi", pa.string()),
        ("year", pa.int32()),
        ("citation_count", pa.int64()),
        ("cited_by", pa.list_(CITED_BY)),
    ]
)

OUTLINE_ENTRY = pa.struct(
    [
        ("index", pa.int32()),
        ("level", pa.int32()),
        ("number", pa.string()),
        ("title", pa.string()),
        ("parent", pa.int32()),
    ]
)
SECTION_REFS = pa.struct(
    [
        ("section_index", pa.int32()),
        ("section_title", pa.string()),
        ("ref_ids", pa.list_(pa.string())),
    ]
)
TASKS = pa.schema(
    [
        ("survey_id", pa.string()),
        ("domain", pa.string()),
        ("topic", pa.string()),
        ("date_cutoff", pa.string()),
        ("reference_budget", pa.int32()),
        ("outline", pa.list_(OUTLINE_ENTRY)),
        ("section_references", pa.list_(SECTION_REFS)),
    ]
)

# One row per quiz question of weAIDB SurveyBench's quiz-based evaluation (surveybench.quizzes).
QUIZZES = pa.schema(
    [
        ("topic", pa.string()),
        ("quiz_key", pa.string()),
        ("kind", pa.string()),
        ("question_id", pa.int32()),
        ("category", pa.string()),
        ("question", pa.string()),
        ("answer", pa.string()),
        ("source", pa.string()),
        ("section", pa.string()),
        ("judge", pa.string()),
        ("embedder", pa.string()),
        ("prompts", pa.string()),
    ]
)

SCHEMAS: dict[str, pa.Schema] = {
    "surveys": SURVEYS,
    "references": REFERENCES,
    "second_level_references": SECOND_LEVEL,
    "tasks": TASKS,
    "quizzes": QUIZZES,
}

CONFIG_DOCS: dict[str, str] = {
    "surveys": "one row per survey: metadata and the full section tree with paragraphs and "
    "in-text citation marks.",
    "references": "one row per (survey, bibliography entry), in bibliography order, with "
    "Semantic Scholar / OpenAlex metadata; join to `surveys` on `survey_id` = `surveys.id`.",
    "second_level_references": "the papers cited by the surveys' references (SurveyGen §2.3 "
    "'Second-Level References'), deduplicated across the corpus.",
    "tasks": "one row per human-written survey: the inputs of SurveyGen's three task settings "
    "(§2.1, App. B).",
    "quizzes": "one row per quiz question of weAIDB SurveyBench's quiz-based evaluation: the "
    "general questions (questions.yaml) with the human survey's answers, and the topic-specific "
    "questions written from the human survey; every system is evaluated on the same quiz.",
}

# Field meanings; nested fields are documented as `parent.child`.
FIELD_DOCS: dict[str, dict[str, str]] = {
    "surveys": {
        "id": "survey id: the topic for a human-written survey (SurveyGen files and Markdown "
        "files are named by topic), `SYSTEM:topic` for a generated one; (`id`, `system`) is "
        "unique in the dataset and `topic` joins a generated survey to its gold survey",
        "title": "title as published",
        "topic": "short topic string used as the generation input (SurveyGen App. G)",
        "domain": "discipline: Computer Science, Medicine, Biology, Psychology, ...",
        "system": "name of the system that generated the survey; null for a human-written survey",
        "year": "publication year",
        "publication_date": "publication date, ISO format as given by the source",
        "doi": "DOI of the survey",
        "s2_paper_id": "Semantic Scholar paper id (sha)",
        "s2_corpus_id": "Semantic Scholar / S2ORC corpus id",
        "abstract": "abstract of the survey",
        "keywords": "keywords of the survey",
        "fields_of_study": "Semantic Scholar fields of study",
        "sections": "sections in document order (all depths, flattened)",
        "sections.index": "position of the section in document order",
        "sections.level": "heading depth, 1 = top level",
        "sections.number": "section number as printed (\"2.3.1\", \"IV\"), null when unnumbered",
        "sections.title": "section heading without its number",
        "sections.parent": "`index` of the parent section, null for a top-level section",
        "sections.is_content": "false for references, acknowledgements, funding, author "
        "contributions, competing interests, supplementary material, appendix (SurveyGen App. C)",
        "sections.paragraphs": "paragraphs of the section in order",
        "sections.paragraphs.text": "paragraph text, citation markers kept as printed",
        "sections.paragraphs.citations": "the in-text citation markers of the paragraph",
        "sections.paragraphs.citations.marker": "the marker as printed, e.g. `[3]`, `[1; 2]`",
        "sections.paragraphs.citations.start": "character offset of the marker in `text` "
        "(null when the source gives citations without positions)",
        "sections.paragraphs.citations.end": "end offset (exclusive) of the marker in `text`",
        "sections.paragraphs.citations.ref_ids": "ids of the cited entries in `references.id`",
        "sections.paragraphs.citations.unresolved": "keys the marker names that no "
        "bibliography entry defines",
        "num_references": "number of bibliography entries (rows in `references` for this survey)",
        "figures": "figures (Markdown images) before the reference list, in document order "
        "(weAIDB SurveyBench richness; empty for sources that keep none)",
        "figures.alt": "the image's alt text",
        "figures.target": "the image's path or URL",
        "figures.line": "1-based line in the source file",
        "tables": "tables before the reference list: Markdown pipe tables and HTML `<table>`s",
        "tables.kind": "`markdown` or `html`",
        "tables.line": "1-based line in the source file",
        "body_chars": "characters of the source text before its reference list (the richness "
        "denominator); null when the reader does not see the source text",
        "source_format": "reader that produced the record: surveygen-json, markdown, ...",
        "source_path": "file the record was read from, relative to the export's input "
        "directory (just the file name for a file given directly); never an absolute local path",
        "extra": "JSON object with any source field the data model has no column for",
    },
    "references": {
        "survey_id": "`surveys.id` of the citing survey",
        "survey_system": "`surveys.system` of the citing survey (null: human-written); "
        "(`survey_id`, `survey_system`) identifies the survey",
        "position": "0-based position of the entry in the survey's bibliography",
        "id": "entry id local to the survey (`b0` in S2ORC/SurveyGen, `1` for numbered lists)",
        "title": "title of the cited paper",
        "raw": "the reference string as printed, when that is all the source gives",
        "numbers": "every printed number pointing at this entry",
        "doi": "DOI, lower case without resolver prefix",
        "arxiv_id": "arXiv id without version",
        "s2_paper_id": "Semantic Scholar paper id",
        "s2_corpus_id": "Semantic Scholar / S2ORC corpus id",
        "openalex_id": "OpenAlex work id",
        "url": "URL of the cited paper",
        "year": "publication year",
        "publication_date": "publication date, ISO format as given",
        "abstract": "abstract (Semantic Scholar)",
        "tldr": "Semantic Scholar TLDR summary",
        "citation_count": "citation count (Semantic Scholar, at crawl time)",
        "influential_citation_count": "Semantic Scholar highly influential citations",
        "reference_count": "number of references of the cited paper",
        "authors": "authors in byline order",
        "authors.name": "author name",
        "authors.s2_author_id": "Semantic Scholar author id",
        "authors.openalex_id": "OpenAlex author id",
        "authors.h_index": "author h-index (Semantic Scholar)",
        "authors.paper_count": "author paper count",
        "authors.citation_count": "author citation count",
        "venue": "publication venue (OpenAlex source), null when unknown",
        "venue.name": "venue name",
        "venue.type": "journal, conference, repository, ...",
        "venue.openalex_id": "OpenAlex source id",
        "venue.h_index": "venue h-index (OpenAlex)",
        "venue.i10_index": "venue i10-index (OpenAlex)",
        "venue.two_year_mean_citedness": "OpenAlex 2-year mean citedness (impact-factor-like)",
        "venue.core_rank": "CORE rank (A*, A, B, C) when known",
        "venue.is_core": "OpenAlex `is_core` flag",
        "fields_of_study": "Semantic Scholar fields of study",
        "publication_types": "Semantic Scholar publication types",
        "referenced_works": "ids (OpenAlex work ids) of the papers this paper cites: keys "
        "into `second_level_references.id`",
    },
    "second_level_references": {
        "id": "paper id (OpenAlex work id as in `references.referenced_works`)",
        "title": "title, when the builder fetched it",
        "abstract": "abstract, when fetched",
        "doi": "DOI, when fetched",
        "year": "publication year, when fetched",
        "citation_count": "citation count, when fetched",
        "cited_by": "the first-level references citing this paper",
        "cited_by.survey_id": "`surveys.id`",
        "cited_by.survey_system": "`surveys.system` (null: human-written)",
        "cited_by.ref_id": "`references.id` within that survey",
    },
    "tasks": {
        "survey_id": "`surveys.id` of the gold survey",
        "domain": "discipline of the gold survey",
        "topic": "Task 1/2/3 input: the survey topic (falls back to the title)",
        "date_cutoff": "Task 2 input: retrieve only works published before this date "
        "(the gold survey's publication date, or its year; SurveyGen App. C)",
        "reference_budget": "Task 2 input: number of references K to select = the gold "
        "survey's bibliography size (SurveyGen App. C: the selected subset 'matches the "
        "reference count of the corresponding human-written survey')",
        "outline": "Task 3 input: the gold outline (content sections only, App. C)",
        "outline.index": "`surveys.sections.index` of the section",
        "outline.level": "heading depth",
        "outline.number": "number as printed",
        "outline.title": "heading",
        "outline.parent": "index of the parent section",
        "section_references": "Task 3 input: the references cited under each outline section",
        "section_references.section_index": "`outline.index`",
        "section_references.section_title": "`outline.title`",
        "section_references.ref_ids": "`references.id` cited in the section, in order of first "
        "citation",
    },
    "quizzes": {
        "topic": "topic of the quiz (joins `surveys.topic`)",
        "quiz_key": "id of the quiz: topic, human survey, prompts, judge and embedder that made it",
        "kind": "`general` (questions.yaml) or `specific` (written from the human survey)",
        "question_id": "1-based question number within its kind",
        "category": "general questions: concept, classification, history, algorithm, "
        "application, profiling or prediction; null for specific questions",
        "question": "the question",
        "answer": "general: the human survey's answer; specific: the reference answer written "
        "with the question",
        "source": "specific: the human survey's paragraph the question was written from",
        "section": "specific: the heading of that paragraph",
        "judge": "the judge that wrote the questions and the human answers",
        "embedder": "the embedding model used for retrieval",
        "prompts": "JSON object: prompt name -> versioned fingerprint",
    },
}


def _check_docs() -> None:
    # Every column has a meaning in the card: fail at import, not after a Hub push.
    def names(prefix: str, t: pa.DataType) -> Iterable[str]:
        while pa.types.is_list(t):
            t = t.value_type
        if pa.types.is_struct(t):
            for f in t:
                yield f"{prefix}.{f.name}"
                yield from names(f"{prefix}.{f.name}", f.type)

    for config, schema in SCHEMAS.items():
        for f in schema:
            wanted = [f.name, *names(f.name, f.type)]
            missing = [n for n in wanted if n not in FIELD_DOCS[config]]
            assert not missing, f"undocumented fields in {config}: {missing}"


_check_docs()


# ---- model -> rows --------------------------------------------------------------------------


def portable_source_path(path: str | None, roots: Sequence[str | Path] = ()) -> str | None:
    """The form of ``Survey.source_path`` that goes into a published dataset.

    A dataset meant for the Hub must not carry the builder's local directory layout (user
    names, home directories). The path is stored relative to the input root that contains it
    (``HumanSurvey/Graph Neural Networks.md`` for the root ``surveybench-dev/``), in POSIX
    form; a path under no root -- or an input file given directly -- keeps only its file name.
    """
    if not path:
        return path
    p = Path(path)
    resolved = p.expanduser().resolve()
    for root in roots:
        r = Path(root).expanduser().resolve()
        if resolved == r:
            return p.name
        if resolved.is_relative_to(r):
            return resolved.relative_to(r).as_posix()
    return PurePath(path).name


def survey_row(s: Survey, source_roots: Sequence[str | Path] = ()) -> dict[str, Any]:
    row = s.model_dump(exclude={"references", "extra"})
    row["source_path"] = portable_source_path(s.source_path, source_roots)
    row["num_references"] = len(s.references)
    row["extra"] = json.dumps(s.extra, ensure_ascii=False, sort_keys=False) if s.extra else None
    return row


def reference_rows(s: Survey) -> list[dict[str, Any]]:
    rows = []
    for pos, r in enumerate(s.references):
        row = r.model_dump()
        row["survey_id"] = s.id
        row["survey_system"] = s.system
        row["position"] = pos
        rows.append(row)
    return rows


def task_row(s: Survey) -> dict[str, Any]:
    content = s.content_sections()
    return {
        "survey_id": s.id,
        "domain": s.domain,
        "topic": s.topic or s.title,
        "date_cutoff": s.publication_date or (str(s.year) if s.year is not None else None),
        "reference_budget": len(s.references),
        "outline": [
            {"index": c.index, "level": c.level, "number": c.number, "title": c.title, "parent": c.parent}
            for c in content
        ],
        "section_references": [
            {"section_index": c.index, "section_title": c.title, "ref_ids": c.ref_ids}
            for c in content
        ],
    }


SECOND_LEVEL_META = ("title", "abstract", "doi", "year", "citation_count")


def second_level_rows(
    surveys: Iterable[Survey], metadata: Mapping[str, Mapping[str, Any]] | None
) -> list[dict[str, Any]]:
    """Deduplicate ``referenced_works`` over the corpus; attach metadata given per id."""
    metadata = metadata or {}
    cited_by: dict[str, list[dict[str, str]]] = {}
    for s in surveys:
        for r in s.references:
            for wid in dict.fromkeys(r.referenced_works):
                cited_by.setdefault(wid, []).append(
                    {"survey_id": s.id, "survey_system": s.system, "ref_id": r.id}
                )
    rows = []
    for wid in sorted(cited_by):
        meta = metadata.get(wid, {})
        unknown = set(meta) - set(SECOND_LEVEL_META) - {"id"}
        if unknown:
            raise ValueError(
                f"second-level metadata for {wid} has unknown keys {sorted(unknown)}; "
                f"allowed: {list(SECOND_LEVEL_META)}"
            )
        row: dict[str, Any] = {"id": wid, "cited_by": cited_by[wid]}
        row.update({k: meta.get(k) for k in SECOND_LEVEL_META})
        rows.append(row)
    return rows


def table(config: str, rows: list[dict[str, Any]]) -> pa.Table:
    return pa.Table.from_pylist(rows, schema=SCHEMAS[config])


# ---- rows -> model --------------------------------------------------------------------------


def _section(d: Mapping[str, Any]) -> Section:
    return Section(
        index=d["index"],
        level=d["level"],
        number=d["number"],
        title=d["title"],
        parent=d["parent"],
        is_content=d["is_content"],
        paragraphs=[
            Paragraph(text=p["text"], citations=[CitationMark(**c) for c in p["citations"]])
            for p in d["paragraphs"]
        ],
    )


def reference_from_row(d: Mapping[str, Any]) -> Reference:
    fields = {k: v for k, v in d.items() if k not in ("survey_id", "survey_system", "position")}
    fields["authors"] = [Author(**a) for a in d["authors"]]
    fields["venue"] = Venue(**d["venue"]) if d["venue"] is not None else None
    return Reference(**fields)


def survey_from_row(d: Mapping[str, Any], references: list[Reference]) -> Survey:
    fields = {k: v for k, v in d.items() if k not in ("sections", "num_references", "extra")}
    return Survey(
        **fields,
        sections=[_section(x) for x in d["sections"]],
        references=references,
        extra=json.loads(d["extra"]) if d["extra"] else {},
    )
