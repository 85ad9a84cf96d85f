"""``surveybench score`` end to end through the Typer app, on tiny JSON surveys and a real dev pair."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.model import CitationMark, Paragraph, Reference, Section, Survey

runner = CliRunner()
ENV = {"COLUMNS": "220", "NO_COLOR": "1"}

HUMAN_REFS = [
    Reference(id="h1", title="Attention Is All You Need", year=2017),
    Reference(id="h2", title="Deep Residual Learning for Image Recognition", year=2016),
    Reference(id="h3", title="Denoising Diffusion Probabilistic Models", year=2020),
    Reference(id="h4", title="Graph Attention Networks", year=2018),
]
GEN_REFS = [
    Reference(id="1", title="Attention is all you need."),
    Reference(id="2", title="Deep residual learning for image recognition"),
    Reference(id="3", title="Denoising diffusion probabilistic models"),
    Reference(id="4", title="A paper nobody wrote"),
]


def _survey(sid: str, text: str, refs: list[Reference], system: str | None, year: int | None = None) -> Survey:
    marks = [CitationMark(marker=f"[{r.id}]", ref_ids=[r.id]) for r in refs]
    return Survey(
        id=sid, title="Transformers: a survey", system=system, year=year,
        sections=[Section(index=0, title="Introduction", paragraphs=[Paragraph(text=text, citations=marks)])],
        references=refs,
    )


@pytest.fixture()
def pair(tmp_path: Path) -> tuple[Path, Path]:
    h = tmp_path / "human.json"
    g = tmp_path / "generated.json"
    h.write_text(_survey("h", "the cat sat on the mat", HUMAN_REFS, None, 2020).model_dump_json(), encoding="utf-8")
    g.write_text(_survey("g", "the cat on the mat", GEN_REFS, "Sys").model_dump_json(), encoding="utf-8")
    return h, g


def score(*args: str, cache: Path | None = None):
    # the embedding cache goes to a test directory, never the user's ~/.cache
    env = ENV if cache is None else {**ENV, "SURVEYBENCH_CACHE_DIR": str(cache)}
    return runner.invoke(app, ["score", *args], env=env)


def test_table_explains_each_number(pair) -> None:
    h, g = pair
    res = score("-r", str(h), "-c", str(g), "-m", "citation_set,rouge,reference_stats")
    assert res.exit_code == 0, res.output
    out = res.output
    for text in (
        "citation_set", "precision", "0.7500",
        "share of the human survey's cited papers that the generated survey also cites",
        "rouge1", "word overlap with the human survey's text",
        "nr", "4 (human 4)",
    ):
        assert text in out, text


def test_narrow_console_puts_meanings_in_a_legend(pair) -> None:
    # a pipe is 80 columns wide: a fourth column would be squeezed to a character per line
    h, g = pair
    res = runner.invoke(app, ["score", "-r", str(h), "-c", str(g), "-m", "citation_set,rouge"],
                        env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert max(len(x) for x in lines if "│" in x) <= 80
    assert "What the numbers mean" in res.output
    assert ("  citation_set.recall: share of the human survey's cited papers that the generated "
            "survey also cites (higher is better)") in lines
    assert ("  rouge.rouge1: word overlap with the human survey's text (F-score of shared words, 0-1) "
            "(higher is better)") in lines


def test_json_output_with_hand_computed_values(pair) -> None:
    h, g = pair
    res = score("-r", str(h), "-c", str(g), "-m", "citation_set", "-m", "rouge", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    by = {r["metric"]: r for r in data["results"]}
    # 3 of 4 generated references are in the human list, 3 of 4 human ones are covered
    assert by["citation_set"]["scores"] == {"precision": 0.75, "recall": 0.75, "f1": 0.75, "iou": 0.6}
    assert len(by["citation_set"]["details"]["pairs"]) == 3
    # "the cat on the mat" vs "the cat sat on the mat": ROUGE-1 P = 1, R = 5/6
    assert by["rouge"]["details"]["precision"]["rouge1"] == 1.0
    assert by["rouge"]["details"]["recall"]["rouge1"] == 5 / 6
    assert data["skipped"] == []


def test_metric_needing_a_missing_resource_is_skipped_with_a_note(pair, tmp_path: Path) -> None:
    h, g = pair
    res = score("-r", str(h), "-c", str(g), "-m", "citation_accuracy,citation_set", "--json")
    data = json.loads(res.stdout)
    assert [r["metric"] for r in data["results"]] == ["citation_set"]
    assert data["skipped"] == [{"metric": "citation_accuracy", "reason": "needs a title_index (give --title-index FILE)"}]
    titles = tmp_path / "titles.txt"
    titles.write_text("\n".join(r.title for r in HUMAN_REFS) + "\n", encoding="utf-8")
    res = score("-r", str(h), "-c", str(g), "-m", "citation_accuracy", "--title-index", str(titles), "--json")
    data = json.loads(res.stdout)
    assert data["results"][0]["scores"] == {"accuracy": 3 / 4}


def test_options_reach_the_metrics(pair) -> None:
    h, g = pair
    res = score("-r", str(h), "-c", str(g), "-m", "reference_stats", "--json", "--option", "survey_year=2021")
    scores = json.loads(res.stdout)["results"][0]["scores"]
    # the generated references carry no years: RR is n/a, NR and CD are not
    assert scores["nr"] == 4.0 and scores["rr@3"] is None
    details = json.loads(res.stdout)["results"][0]["details"]
    assert details["survey_year"] == 2021
    # human: 2017, 2016, 2020, 2018 against its own year 2020 -> gaps 3, 4, 0, 2
    assert details["human"]["rr@3"] == 2 / 4 and details["human"]["rr@5"] == 1.0


def test_bad_input_names_the_file(pair, tmp_path: Path) -> None:
    h, _ = pair
    missing = tmp_path / "nope.md"
    res = score("-r", str(h), "-c", str(missing))
    assert res.exit_code == 2
    assert f"{missing}: no such file" in res.output
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    res = score("-r", str(broken), "-c", str(h))
    # the readers' message: every command reads (and rejects) a file the same way
    assert res.exit_code == 2 and f"{broken}: truncated JSON" in res.output
    res = score("-r", str(h), "-c", str(h), "-m", "no_such_metric")
    assert res.exit_code == 2 and "unknown metric 'no_such_metric'" in res.output and "rouge" in res.output


def test_help_has_examples() -> None:
    res = runner.invoke(app, ["score", "--help"], env=ENV)
    assert res.exit_code == 0
    assert "Examples" in res.output and "surveybench score -r" in res.output


def test_real_dev_pair_through_the_readers(dev_dir: Path) -> None:
    topic = "Large Language Models for Time Series.md"
    res = score(
        "-r", str(dev_dir / "HumanSurvey" / topic), "-c", str(dev_dir / "AutoSurvey" / topic),
        "-m", "rouge,citation_set,reference_stats", "--json",
    )
    assert res.exit_code == 0, res.output
    by = {r["metric"]: r for r in json.loads(res.stdout)["results"]}
    assert 0 < by["rouge"]["scores"]["rouge1"] < 1
    # both surveys cite "Time-LLM" and "Large language models are zero-shot time series forecasters"
    matched = {p["reference_title"].lower() for p in by["citation_set"]["details"]["pairs"]}
    assert "large language models are zero-shot time series forecasters" in matched
    assert by["reference_stats"]["scores"]["nr"] > 50


def test_default_metric_set_is_everything_that_needs_no_judge() -> None:
    from surveybench.metrics.base import load_all
    from surveybench.commands.score_cmd import select_metrics

    registry = load_all()
    no_judge = {n for n, m in registry.items() if "judge" not in m.requires}
    assert {"bertscore", "semantic_similarity", "rouge"} <= no_judge
    assert {m.name for m in select_metrics([], judge_given=False)} == no_judge
    assert {m.name for m in select_metrics([], judge_given=True)} == set(registry)
    # explicit names keep their order; a group adds what is not there yet
    assert [m.name for m in select_metrics(["rouge,citation_set", "deterministic"], judge_given=False)][:2] == [
        "rouge", "citation_set"
    ]


def test_default_run_scores_bertscore_offline(pair, tmp_path: Path) -> None:
    from surveybench.metrics.base import load_all
    from surveybench.metrics.bertscore import resolve_bertscore_model

    h, g = pair
    res = score("-r", str(h), "-c", str(g), "--json", cache=tmp_path / "cache")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    ran = {r["metric"] for r in data["results"]}
    skipped = {s["metric"]: s["reason"] for s in data["skipped"]}
    assert ran | set(skipped) == {n for n, m in load_all().items() if "judge" not in m.requires}
    assert skipped == {"citation_accuracy": "needs a title_index (give --title-index FILE)"}
    by = {r["metric"]: r for r in data["results"]}
    assert set(by["bertscore"]["scores"]) == {"precision", "recall", "f1"}
    assert all(0 < v <= 1 for v in by["bertscore"]["scores"].values())
    _model, note = resolve_bertscore_model({})
    if note is not None:  # roberta-large not cached here: the MiniLM fallback is named
        assert note in data["notes"] and note in " ".join(res.stderr.split())


def test_bertscore_of_a_survey_against_itself_is_one(pair, tmp_path: Path) -> None:
    h, _ = pair
    res = score("-r", str(h), "-c", str(h), "-m", "bertscore", "--json", cache=tmp_path / "cache")
    assert res.exit_code == 0, res.output
    scores = json.loads(res.stdout)["results"][0]["scores"]
    # every token's best match is itself (cosine 1): P = R = F1 = 1
    assert scores == pytest.approx({"precision": 1.0, "recall": 1.0, "f1": 1.0}, abs=1e-5)


def test_an_embedder_that_cannot_load_is_tried_once_and_named(pair, tmp_path: Path) -> None:
    h, g = pair
    res = score(
        "-r", str(h), "-c", str(g), "-m", "semantic_similarity,structural_overlap,rouge", "--json",
        "--embedder", str(tmp_path / "no-such-model"), cache=tmp_path / "cache",
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert [r["metric"] for r in data["results"]] == ["rouge"]
    reasons = {s["metric"]: s["reason"] for s in data["skipped"]}
    assert set(reasons) == {"semantic_similarity", "structural_overlap"}
    assert reasons["semantic_similarity"] == reasons["structural_overlap"]
    assert reasons["semantic_similarity"].startswith("embedder unavailable: ")
    assert data["notes"] == []  # an explicit --embedder: nothing was decided for the user


def test_real_markdown_pair_offline_falls_back_to_local_minilm(
    dev_dir: Path, tmp_path: Path, minilm_embedder
) -> None:
    from surveybench.metrics.base import MetricContext
    from surveybench.metrics.semantic_similarity import SemanticSimilarity
    from surveybench.eval.runner import DEFAULT_EMBEDDER_ID, default_embedder_spec
    from surveybench.readers import read_survey

    spec, note = default_embedder_spec()
    if spec == DEFAULT_EMBEDDER_ID:
        pytest.skip(f"{DEFAULT_EMBEDDER_ID} is cached on this machine: there is no fallback to test")
    topic = "Large Language Models for Time Series.md"
    human, generated = dev_dir / "HumanSurvey" / topic, dev_dir / "AutoSurvey" / topic
    res = score("-r", str(human), "-c", str(generated), "-m", "semantic_similarity", "--json",
                cache=tmp_path / "cache")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["skipped"] == []
    assert data["notes"] == [note]
    assert "falling back to the local all-MiniLM-L6-v2" in note
    stderr = " ".join(res.stderr.split())
    assert "note: no --embedder given and BAAI/bge-large-en-v1.5 is not available locally" in stderr
    got = data["results"][0]
    assert Path(got["details"]["embedding_model"]) == Path(spec)
    # the same number as the metric computed directly with the same local model
    direct = SemanticSimilarity().compute(
        read_survey(generated), read_survey(human), MetricContext().provide("embedder", minilm_embedder)
    )
    assert 0 < got["scores"]["similarity"] < 1
    assert got["scores"]["similarity"] == pytest.approx(direct.scores["similarity"], abs=1e-5)
