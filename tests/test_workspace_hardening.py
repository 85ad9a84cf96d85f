"""Issue 14, workspace integrity: one workspace however its path is spelled, unique temp names
for atomic writes, cross-process unit claims that a killed holder cannot leave behind, and
corrupt results files reported and skipped."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pandas as pd
import pytest

from surveybench.analysis.results import ResultsError, load_manifests, load_results
from surveybench.workspace import UnitClaims, Workspace, atomic_write_bytes, atomic_write_text


def test_every_spelling_of_the_path_is_one_workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ws").mkdir()
    roots = {Workspace(p).root for p in ("ws", "ws/", "./ws", str(tmp_path / "ws"), "ws/../ws")}
    assert roots == {(tmp_path / "ws").resolve()}
    monkeypatch.setenv("SURVEYBENCH_WORKSPACE", "./ws/")
    assert Workspace().root == (tmp_path / "ws").resolve()


def test_concurrent_atomic_writes_of_one_file_never_collide(tmp_path: Path) -> None:
    """Eight threads rewrite one file 50 times each: with a fixed temp name one writer's
    os.replace would take another's temp file away (FileNotFoundError)."""
    target = tmp_path / "runs" / "r" / "results.parquet"
    errors: list[BaseException] = []

    def writer(i: int) -> None:
        try:
            for k in range(50):
                if k % 2:
                    atomic_write_bytes(target, f"writer {i} round {k}\n".encode() * 200)
                else:
                    atomic_write_text(target, f"writer {i} round {k}\n" * 200)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    lines = target.read_text().splitlines()
    assert len(lines) == 200 and len(set(lines)) == 1  # one whole write, never a mix
    assert [p.name for p in target.parent.iterdir()] == ["results.parquet"]  # no temp left


HOLD = """
import sys, time
from surveybench.workspace import UnitClaims
lock = UnitClaims(sys.argv[1]).try_claim(sys.argv[2])
print("held" if lock else "busy", flush=True)
if lock and sys.argv[3] == "hold":
    time.sleep(600)
"""


def _other_process(folder: Path, name: str, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", HOLD, str(folder), name, mode],
                            stdout=subprocess.PIPE, text=True)


def test_claims_exclude_other_processes_and_die_with_their_holder(tmp_path: Path) -> None:
    claims = UnitClaims(tmp_path / "locks")
    mine = claims.try_claim("unit-a")
    assert mine is not None
    probe = _other_process(tmp_path / "locks", "unit-a", "probe")
    assert probe.communicate(timeout=60)[0].strip() == "busy"
    probe = _other_process(tmp_path / "locks", "unit-b", "probe")
    assert probe.communicate(timeout=60)[0].strip() == "held"  # other units stay free
    mine.release()

    holder = _other_process(tmp_path / "locks", "unit-a", "hold")
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert claims.try_claim("unit-a") is None
        holder.kill()  # SIGKILL: no clean-up code runs in the holder
        holder.wait()
        again = claims.claim("unit-a")  # the OS dropped the dead holder's lock
        again.release()
    finally:
        holder.kill()
        holder.wait()


def _run(root: Path, name: str, system: str) -> Path:
    d = root / "runs" / name
    d.mkdir(parents=True)
    pd.DataFrame([dict(run_id=name, system=system, task="t", topic="T", survey_id="T", title="t",
                       domain="D", metric="m", score="s", value=1.0, status="ok", error=None)]
                 ).to_parquet(d / "results.parquet")
    (d / "manifest.json").write_text('{"run_id": "%s"}' % name)
    return d


@pytest.mark.parametrize("damage", ["truncated", "empty", "not parquet", "other table"])
def test_a_damaged_results_file_is_reported_and_skipped(tmp_path: Path, damage: str) -> None:
    good, bad = _run(tmp_path, "run-1", "Good"), _run(tmp_path, "run-2", "Bad")
    f = bad / "results.parquet"
    if damage == "truncated":
        f.write_bytes(f.read_bytes()[:300])
    elif damage == "empty":
        f.write_bytes(b"")
    elif damage == "not parquet":
        f.write_text("system,topic\nA,B\n")
    else:
        pd.DataFrame({"x": [1]}).to_parquet(f)
    (good / "manifest.json").write_text('{"run_id": "run-1", "no')  # truncated JSON
    problems: list[str] = []
    df = load_results(tmp_path, problems=problems)
    assert list(df["system"]) == ["Good"]
    assert len(problems) == 1 and problems[0].startswith("runs/run-2/results.parquet: not a")
    assert "\n" not in problems[0] and "skipped" in problems[0]
    problems.clear()
    assert [m["run_id"] for m in load_manifests(tmp_path, problems=problems)] == ["run-2"]
    assert len(problems) == 1 and problems[0].startswith("runs/run-1/manifest.json: not a readable run manifest")
    (good / "results.parquet").write_bytes(b"")
    with pytest.raises(ResultsError, match="no readable results"):
        load_results(tmp_path, problems=[])
