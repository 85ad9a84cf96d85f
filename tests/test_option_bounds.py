"""Option bounds (``Option(minimum=, maximum=)``): a value outside them is refused when metrics are
selected, with a message naming the option, the value and the bound, before any work starts."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.metrics.base import Option, OptionError, load_all, resolve_options
from surveybench.model import Paragraph, Section, Survey
from surveybench.workspace import Workspace

# (metric, option, just below its bound, at its bound): the bounds the metrics used to check
# half-way through a run, now declared on the option
BOUNDS = [
    ("quiz", "quiz_context_chars", 99, 100),
    ("quiz", "quiz_specific_questions", -1, 0),
    ("quiz", "quiz_general_per_category", 0, 1),
    ("content_quality", "content_quality_max_chars", 499, 500),
    ("sgsim", "sgsim_max_chars", 499, 500),
    ("sgsim", "sgsim_max_sentences", -1, 0),
    ("sgsim", "sgsim_max_references", 0, 1),
    ("sgsim", "sgsim_max_parents", 0, 1),
    ("bertscore", "bertscore_batch_size", 0, 1),
    ("semantic_similarity", "embedding_batch_size", 0, 1),
]


@pytest.mark.parametrize(("metric", "option", "below", "at"), BOUNDS, ids=[b[1] for b in BOUNDS])
def test_selection_refuses_a_value_below_the_minimum_and_takes_the_minimum(metric, option, below, at) -> None:
    selected = [load_all()[metric]]
    with pytest.raises(OptionError, match=rf"option {option}={below}: must be at least {at}\b"):
        resolve_options(selected, {option: below})
    assert resolve_options(selected, {option: at})[metric][option] == at


def test_maximum_and_declarations() -> None:
    share = Option("t_share", float, 0.5, "a share", minimum=0, maximum=1)
    assert share.check(1) == 1.0 and share.check(0) == 0.0
    with pytest.raises(OptionError, match=r"option t_share=1.5: must be at most 1 \(a share\)"):
        share.check(1.5)
    assert share.as_dict()["minimum"] == 0 and share.as_dict()["maximum"] == 1
    assert Option("t_n", int, None, "n", minimum=1).check(None) is None  # "not set" is not a value
    with pytest.raises(OptionError, match="t_bad=0: must be at least 1"):
        Option("t_bad", int, 0, "a default outside its own bound", minimum=1)
    with pytest.raises(ValueError, match="only int and float options"):
        Option("t_word", str, None, "w", minimum=1)
    with pytest.raises(ValueError, match="minimum 2 is above maximum 1"):
        Option("t_empty", int, None, "n", minimum=2, maximum=1)


def test_cli_eval_below_a_minimum_exits_2_before_any_work(tmp_path) -> None:
    def survey(system: str | None) -> Survey:
        return Survey(id=f"{system}-T", title="T", topic="T", system=system,
                      sections=[Section(index=0, title="A", paragraphs=[Paragraph(text="some words")])])

    ws = Workspace(tmp_path / "ws")
    ws.add_gold([survey(None)])
    ws.add_system("S", [survey("S")])
    r = CliRunner().invoke(app, ["eval", "-s", "S", "-m", "richness,sgsim", "-w", str(tmp_path / "ws"),
                                 "--judge", "http://127.0.0.1:9/v1@none", "--option", "sgsim_max_parents=0"],
                           env={"COLUMNS": "300"})
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "option sgsim_max_parents=0: must be at least 1" in out, r.output
    assert not ws.units_dir.exists() or not any(ws.units_dir.rglob("*.json"))  # not even richness ran
