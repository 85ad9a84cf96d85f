"""Issue 14: two `surveybench eval` processes on one workspace share the work — every judge
call is made once — and write the same results. Real processes, a real loopback judge."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pandas as pd

from surveybench.judges.scripted_server import ChatRequest, ScriptedLLM
from surveybench.model import Paragraph, Section, Survey
from surveybench.workspace import Workspace

TOPICS = [f"Topic{i}" for i in range(8)]


def survey(topic: str, system: str | None) -> Survey:
    sections = [Section(index=i, title=f"{topic} {system or 'human'} part {i}", level=1,
                        paragraphs=[Paragraph(text=f"text {i}")]) for i in range(2)]
    return Survey(id=f"{system}-{topic}", title=topic, topic=topic, system=system, sections=sections)


def wait_for(condition, what: str, limit: float = 120.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.02)


def test_two_evals_on_one_workspace_make_each_judge_call_once(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    ws = Workspace(tmp_path / "ws")
    ws.add_gold([survey(t, None) for t in TOPICS])
    for s in ("S1", "S2"):
        ws.add_system(s, [survey(t, s) for t in TOPICS])

    # The first request is held until a second one arrives. Each process asks one question at a
    # time (-j 1, structure_llm asks one per unit), so the second request comes from the other
    # process: both are then working on the workspace at the same time.
    release = threading.Event()

    def answer(req: ChatRequest) -> str:
        if not release.is_set():
            release.wait(120)
        return "Score: 3"

    scripted_llm.default = answer
    cmd = [sys.executable, "-m", "surveybench.cli", "eval", "-s", "S1", "-s", "S2", "-m", "structure_llm",
           "--judge", scripted_llm.spec, "-w", str(ws.root), "-j", "1", "--no-progress"]
    first = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_for(lambda: scripted_llm.calls >= 1 or first.poll() is not None, "the first process's first call")
    # the same workspace, spelled differently: one run directory all the same
    second = subprocess.Popen([*cmd[:-4], "./ws/", *cmd[-3:]], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, cwd=tmp_path)
    wait_for(lambda: scripted_llm.calls >= 2 or second.poll() is not None, "the second process's first call")
    release.set()
    out1, out2 = first.communicate(timeout=300)[0], second.communicate(timeout=300)[0]
    assert first.returncode == 0, out1
    assert second.returncode == 0, out2

    asked = Counter(r.prompt for r in scripted_llm.requests)
    assert len(asked) == 2 * len(TOPICS)  # one distinct question per unit
    assert set(asked.values()) == {1}  # none asked twice
    runs = list((ws.root / "runs").iterdir())
    assert len(runs) == 1
    df = pd.read_parquet(runs[0] / "results.parquet")
    assert len(df) == 2 * len(TOPICS) and (df["value"] == 3.0).all()
    assert not list(runs[0].glob(".*tmp"))
