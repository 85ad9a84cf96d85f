"""A real `surveybench eval` subprocess killed with SIGKILL (and one stopped with Ctrl-C)
resumes without recomputing finished units and ends with the results of an uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

from surveybench.model import Paragraph, Section, Survey
from surveybench.workspace import Workspace

PLUGIN = '''
import os, time
from surveybench.metrics.base import MetricResult, MetricSpec, neutral, register

class Slow:
    name = "_slow_words"
    description = "word count with a pause (test plugin)"
    paper = "none"
    requires = frozenset()
    spec = MetricSpec("1", (neutral("ratio", "word ratio"), neutral("diff", "word difference", None, None)))

    def compute(self, candidate, reference, ctx):
        with open(os.environ["SIDE_EFFECT"], "a") as fh:   # one line per computation
            fh.write(f"{candidate.system}|{candidate.topic}\\n")
        time.sleep(float(os.environ.get("SLOW_SECONDS", "0.4")))
        c, r = len(candidate.body_text().split()), len(reference.body_text().split())
        return MetricResult(self.name, {"ratio": c / r, "diff": float(c - r)})

register(Slow())
'''

TOPICS = ["T1", "T2", "T3", "T4"]


def _survey(topic: str, words: int, system: str | None = None) -> Survey:
    return Survey(id=f"{system}-{topic}", title=topic, topic=topic, system=system,
                  sections=[Section(index=0, title="S", paragraphs=[Paragraph(text="x " * words)])])


def _workspace(root: Path) -> Workspace:
    ws = Workspace(root)
    ws.add_gold([_survey(t, 10 * (i + 1)) for i, t in enumerate(TOPICS)])
    ws.add_system("Alpha", [_survey(t, 3 + i, "Alpha") for i, t in enumerate(TOPICS)])
    ws.add_system("Beta", [_survey(t, 30 - i, "Beta") for i, t in enumerate(TOPICS)])
    return ws


def _cmd(ws: Path, plugin: Path) -> list[str]:
    return [sys.executable, "-m", "surveybench.cli", "eval", "-s", "Alpha", "-s", "Beta",
            "-m", "_slow_words", "--metrics-module", str(plugin), "--workspace", str(ws), "--no-progress"]


def _env(side: Path, seconds: str) -> dict[str, str]:
    return {**os.environ, "SIDE_EFFECT": str(side), "SLOW_SECONDS": seconds}


def _lines(p: Path) -> list[str]:
    return p.read_text().splitlines() if p.exists() else []


def _committed(ws: Path) -> set[str]:
    out = set()
    for f in (ws / "units").rglob("*.json"):
        k = json.loads(f.read_text())["key"]
        out.add(f"{k['system']}|{k['topic']}")
    return out


def _results(ws: Path) -> pd.DataFrame:
    (run,) = [p for p in (ws / "runs").iterdir() if (p / "results.parquet").exists()]
    df = pd.read_parquet(run / "results.parquet")
    return df.sort_values(["system", "topic", "score"]).reset_index(drop=True)


def test_sigkill_mid_run_then_resume(tmp_path) -> None:
    plugin = tmp_path / "slow_plugin.py"
    plugin.write_text(PLUGIN)
    n_units = 2 * len(TOPICS)

    # reference: an uninterrupted run in its own workspace
    ref_ws, ref_side = tmp_path / "ref", tmp_path / "ref_side.txt"
    _workspace(ref_ws)
    done = subprocess.run(_cmd(ref_ws, plugin), env=_env(ref_side, "0"), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(_lines(ref_side)) == n_units

    ws, side = tmp_path / "ws", tmp_path / "side.txt"
    _workspace(ws)
    proc = subprocess.Popen(_cmd(ws, plugin), env=_env(side, "0.4"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(_committed(ws)) < 3 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    committed_at_kill = _committed(ws)
    started_before_kill = len(_lines(side))
    assert 3 <= len(committed_at_kill) < n_units, "kill must land mid-run"
    assert not (ws / "runs").exists() or not list((ws / "runs").rglob("results.parquet"))

    again = subprocess.run(_cmd(ws, plugin), env=_env(side, "0"), capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert "resuming" in again.stderr
    recomputed = _lines(side)[started_before_kill:]
    assert not (set(recomputed) & committed_at_kill), "a unit finished before the kill was computed again"
    assert set(recomputed) | committed_at_kill == {f"{s}|{t}" for s in ("Alpha", "Beta") for t in TOPICS}
    # at most the one unit that was in flight when killed is computed twice
    assert len(_lines(side)) <= n_units + 1

    a, b = _results(ref_ws), _results(ws)
    cols = [c for c in a.columns if c != "run_id"]
    pd.testing.assert_frame_equal(a[cols], b[cols])
    assert len(a) == n_units * 2
    # hand check one value: Beta on T2 has 29 words vs 20 gold words
    row = b[(b.system == "Beta") & (b.topic == "T2") & (b.score == "ratio")]
    assert row.value.iloc[0] == 29 / 20


def test_ctrl_c_exits_cleanly_and_resumes(tmp_path) -> None:
    plugin = tmp_path / "slow_plugin.py"
    plugin.write_text(PLUGIN)
    ws, side = tmp_path / "ws", tmp_path / "side.txt"
    _workspace(ws)
    # 1 s a unit: SIGINT goes after the second commit, and the other six must still be running then
    # even on a loaded machine (at 0.3 s a CI run once saw all eight finish before the signal came)
    proc = subprocess.Popen(_cmd(ws, plugin), env=_env(side, "1.0"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while len(_committed(ws)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "run the same command again to resume" in " ".join(err.split())
    saved = _committed(ws)
    again = subprocess.run(_cmd(ws, plugin), env=_env(side, "0"), capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert f"resuming: {len(saved)} of 8" in again.stderr
