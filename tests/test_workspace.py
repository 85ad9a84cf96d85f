"""Workspace: storing systems by topic, refusing names that escape the workspace."""

from __future__ import annotations

import pytest

from surveybench.model import Paragraph, Section, Survey
from surveybench.workspace import (
    Workspace,
    WorkspaceError,
    check_safe_name,
    normalise_topic,
    topic_key,
)


def make_survey(topic: str, text: str = "Some text.", **kw) -> Survey:
    return Survey(
        id=f"id-{topic}", title=f"A survey of {topic}", topic=topic,
        sections=[Section(index=0, title="Intro", paragraphs=[Paragraph(text=text)])], **kw,
    )


@pytest.mark.parametrize(
    "bad",
    ["", "   ", ".", "..", "../evil", "a/b", "a\\b", "/etc/passwd", ".hidden", "x\x00y",
     "<script>alert(1)</script>", " padded", "x" * 121],
)
def test_check_safe_name_refuses_escaping_names(bad: str) -> None:
    with pytest.raises(WorkspaceError):
        check_safe_name(bad)


@pytest.mark.parametrize("good", ["AutoSurvey", "LLMxMR-V2", "OpenAI_DeepResearch", "gpt 4o (run 2)", "Übersicht"])
def test_check_safe_name_accepts_plain_names(good: str) -> None:
    assert check_safe_name(good) == good


def test_add_system_round_trip_and_refuses_unsafe(tmp_path) -> None:
    ws = Workspace(tmp_path / "ws")
    surveys = [make_survey("Graph Neural Networks"), make_survey("Vision Transformers")]
    written = ws.add_system("SysA", surveys, source="/data/sysA", task="task2")
    assert set(written) == {"Graph Neural Networks", "Vision Transformers"}
    for path in written.values():
        assert path.resolve().is_relative_to((tmp_path / "ws" / "systems" / "SysA").resolve())
    got = ws.system_surveys("SysA")
    assert set(got) == {"Graph Neural Networks", "Vision Transformers"}
    assert got["Vision Transformers"].system == "SysA"  # system field set on import
    assert got["Vision Transformers"].sections[0].paragraphs[0].text == "Some text."
    assert ws.system_info("SysA")["source"] == "/data/sysA"
    assert ws.system_info("SysA")["task"] == "task2"
    assert ws.systems() == ["SysA"]

    # adding again merges: a topic spelled differently replaces, a new topic is added
    ws.add_system("SysA", [make_survey("graph  neural networks", text="New."), make_survey("LLMs")])
    got = ws.system_surveys("SysA")
    assert set(got) == {"graph  neural networks", "Vision Transformers", "LLMs"}
    assert got["graph  neural networks"].sections[0].paragraphs[0].text == "New."
    assert len(list((tmp_path / "ws" / "systems" / "SysA" / "surveys").glob("*.json"))) == 3

    with pytest.raises(WorkspaceError, match="escape"):
        ws.add_system("../outside", surveys)
    with pytest.raises(WorkspaceError):
        ws.add_system("..", surveys)
    assert not (tmp_path / "outside").exists()
    with pytest.raises(WorkspaceError, match="no system 'Nope'"):
        ws.system_surveys("Nope")


def test_duplicate_topics_in_one_import_are_an_error(tmp_path) -> None:
    ws = Workspace(tmp_path)
    with pytest.raises(WorkspaceError, match="two surveys for topic"):
        ws.add_system("S", [make_survey("X"), make_survey("x")])


def test_topic_key_falls_back_to_file_name_then_title() -> None:
    s = Survey(id="1", title="T", source_path="/d/Graph Neural Networks.md")
    assert topic_key(s) == "Graph Neural Networks"
    assert topic_key(Survey(id="1", title=" Title ")) == "Title"
    assert normalise_topic("Graph_Neural  Networks") == normalise_topic("graph neural networks")


def test_gold_in_workspace(tmp_path) -> None:
    ws = Workspace(tmp_path)
    assert not ws.has_gold()
    ws.add_gold([make_survey("A")])
    assert ws.has_gold() and ws.gold_surveys()["A"].system is None


def test_default_root_from_env(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SURVEYBENCH_WORKSPACE", str(tmp_path / "envws"))
    assert Workspace().root == tmp_path / "envws"
