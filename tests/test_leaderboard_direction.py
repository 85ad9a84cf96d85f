"""The leaderboard orders every column by the direction its metric declares: a KS distance
(lower is better) sorts ascending on the first click and its lowest mean is marked best; an F1
sorts descending. Directions come from the results' ``direction`` column, else the manifest,
else the installed metric's spec."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from tests.test_leaderboard import browser, visible_rows  # noqa: F401 - the headless Chromium fixture

# (system, ks_years_gap, f1) per topic; means: Alpha ks .15 f1 .35, Beta ks .45 f1 .85, Gamma ks .30 f1 .55
DATA = {"Alpha": [(0.1, 0.3), (0.2, 0.4)], "Beta": [(0.4, 0.8), (0.5, 0.9)], "Gamma": [(0.3, 0.5), (0.3, 0.6)]}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("results")
    rows = []
    for system, values in DATA.items():
        for i, (ks, f1) in enumerate(values):
            base = dict(run_id="r1", system=system, task="task1", topic=f"T{i}", survey_id=f"T{i}", title="t",
                        domain="CS", status="ok", error=None)
            # no direction column: it comes from the installed metrics' specs (old results files)
            rows.append({**base, "metric": "reference_distribution", "score": "ks_years_gap", "value": ks})
            rows.append({**base, "metric": "citation_set", "score": "f1", "value": f1})
    run = root / "runs" / "r1"
    run.mkdir(parents=True)
    pd.DataFrame(rows).to_parquet(run / "results.parquet")
    (run / "manifest.json").write_text(json.dumps({"metrics": {}}))
    out = tmp_path_factory.mktemp("site")
    r = CliRunner().invoke(app, ["leaderboard", "build", str(root), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def test_headers_say_the_direction_and_the_best_cell_is_marked(site: Path) -> None:
    html = (site / "index.html").read_text()
    board = html[html.index('<section class="board"'):]
    board = board[:board.index("</section>")]
    assert re.search(r'data-better="lower"[^>]*>reference_distribution<br><small>ks_years_gap ↓</small>', board)
    assert re.search(r'data-better="higher"[^>]*>citation_set<br><small>f1 ↑</small>', board)
    best = re.findall(r'<td data-v="([0-9.e-]+)" data-metric="(\w+)" class="best">', board)
    assert sorted((m, round(float(v), 3)) for v, m in best) == [("citation_set", 0.85),
                                                               ("reference_distribution", 0.15)]


def test_browser_first_click_sorts_best_first_by_direction(site: Path, browser) -> None:  # noqa: F811
    from selenium.webdriver.common.by import By

    browser.get((site / "index.html").as_uri())
    (board,) = [b for b in browser.find_elements(By.CSS_SELECTOR, "section.board") if b.is_displayed()]
    heads = {th.text.split("\n")[0]: th for th in board.find_elements(By.CSS_SELECTOR, "thead th")}
    heads["reference_distribution"].click()
    assert [r[1] for r in visible_rows(browser)] == ["Alpha", "Gamma", "Beta"]  # lowest distance first
    heads["citation_set"].click()
    assert [r[1] for r in visible_rows(browser)] == ["Beta", "Gamma", "Alpha"]  # highest F1 first
