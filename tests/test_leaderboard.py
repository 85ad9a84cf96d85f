"""The static leaderboard: escaping, pages, plots; and a real headless Chromium session that
sorts a column and switches the domain."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from surveybench.cli import app
from surveybench.workspace import slugify

XSS = "<script>alert(1)</script>"

# (system, topic, domain, task, m1.f1, m2.rouge_l)
DATA = [
    ("Alpha", "T1", "Biology", "task2", 0.40, 0.10),
    ("Alpha", "T2", "Biology", "task2", 0.60, 0.20),
    ("Alpha", "T3", "Medicine", "task2", 0.90, 0.30),
    (XSS, "T1", "Biology", "task1", 0.80, 0.05),
    (XSS, "T2", "Biology", "task1", 0.60, 0.15),
    ("Gamma & Co", "T1", "Biology", "task2", 0.20, 0.40),
    ("Gamma & Co", "T2", "Biology", "task2", 0.40, 0.50),
    ("Gamma & Co", "T3", "Medicine", "task2", 0.95, 0.60),
]


def make_results(root: Path) -> Path:
    rows = []
    for system, topic, domain, task, f1, rl in DATA:
        base = dict(run_id="r1", system=system, task=task, topic=topic, survey_id=topic,
                    title=f"Survey on {topic} <b>bold</b>", domain=domain)
        rows.append({**base, "metric": "m1", "score": "f1", "value": f1, "status": "ok", "error": None})
        rows.append({**base, "metric": "m2", "score": "rouge_l", "value": rl, "status": "ok", "error": None})
    rows.append(dict(run_id="r1", system=XSS, task="task1", topic="T3", survey_id="T3", title="t",
                     domain="Medicine", metric="m1", score=None, value=None, status="failed",
                     error="ValueError: <img src=x onerror=alert(2)>"))
    run = root / "runs" / "r1"
    run.mkdir(parents=True)
    pd.DataFrame(rows).to_parquet(run / "results.parquet")
    manifest = {
        "metrics": {"m1": {"description": "Citation F1 <i>test</i>", "paper": "SurveyGen §3.2", "requires": []},
                    "m2": {"description": "ROUGE-L of the text", "paper": "Lin 2004", "requires": []}},
        "systems": {XSS: {"missing_topics": ["T4"]}, "Alpha": {"missing_topics": []}},
        "notes": ["no --judge given: using the local default judge"],
        "models": {"judge": "openai:gpt-4o-mini <x>", "embedder": None},
    }
    (run / "manifest.json").write_text(json.dumps(manifest))
    return root


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = make_results(tmp_path_factory.mktemp("results"))
    out = tmp_path_factory.mktemp("site")
    r = CliRunner().invoke(app, ["leaderboard", "build", str(root), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def test_site_pages_and_escaping(site: Path) -> None:
    index = (site / "index.html").read_text()
    assert XSS not in index and "&lt;script&gt;alert(1)&lt;/script&gt;" in index
    assert "Gamma &amp; Co" in index
    # the judge that scored is named (escaped); an embedder the run did not use is not
    assert "Scored with judge: openai:gpt-4o-mini &lt;x&gt;." in index and "embedder:" not in index
    # All / Biology / Medicine x All / task1 / task2 boards
    assert index.count('<section class="board"') == 9
    sys_page = site / "systems" / f"{slugify(XSS)}.html"
    assert sys_page.exists() and "/" not in slugify(XSS)
    page = sys_page.read_text()
    assert XSS not in page and "<img src=x" not in page and "&lt;img src=x onerror=alert(2)&gt;" in page
    assert "T4" in page  # missing topic listed
    assert "<b>bold</b>" not in page
    metrics = (site / "metrics.html").read_text()
    assert "Citation F1 &lt;i&gt;test&lt;/i&gt;" in metrics and "SurveyGen §3.2" in metrics
    assert (site / "plots" / f"{slugify('m1')}.png").stat().st_size > 1000
    assert (site / "plots" / f"{slugify('m1')}-domains.png").exists()
    assert (site / "static" / "app.js").exists() and (site / "static" / "style.css").exists()
    # no network: nothing refers to http(s) resources
    for p in site.rglob("*.html"):
        assert "http://" not in p.read_text() and "https://" not in p.read_text()
    # hand-computed mean and CI bounds appear: Alpha m1.f1 = (0.4+0.6+0.9)/3
    assert ">0.633" in index


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    profile = tempfile.mkdtemp(prefix="sb-chromium-")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1400,1000"):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def visible_rows(driver) -> list[list[str]]:
    from selenium.webdriver.common.by import By

    (board,) = [b for b in driver.find_elements(By.CSS_SELECTOR, "section.board") if b.is_displayed()]
    return [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            for tr in board.find_elements(By.CSS_SELECTOR, "tbody tr")]


def test_browser_sort_and_filter(site: Path, browser, tmp_path) -> None:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get((site / "index.html").as_uri())
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert  # noqa: B018 - the script in the system name never ran (raises)
    rows = visible_rows(browser)
    assert [r[1] for r in rows] == sorted(["Alpha", XSS, "Gamma & Co"])  # initial order: by name

    # sort by m1.f1: first click best first. Means: Alpha .633, XSS .700, Gamma .517
    (board,) = [b for b in browser.find_elements(By.CSS_SELECTOR, "section.board") if b.is_displayed()]
    header = board.find_elements(By.CSS_SELECTOR, "thead th")[3]
    assert header.text.startswith("m1")
    header.click()
    rows = visible_rows(browser)
    assert [r[1] for r in rows] == [XSS, "Alpha", "Gamma & Co"]
    assert [r[0] for r in rows] == ["1", "2", "3"]
    assert rows[0][3].startswith("0.700")
    header.click()
    assert [r[1] for r in visible_rows(browser)] == ["Gamma & Co", "Alpha", XSS]

    # switch to Medicine: only Alpha (0.900) and Gamma (0.950) have Medicine surveys
    Select(browser.find_element(By.ID, "domain-select")).select_by_visible_text("Medicine")
    rows = visible_rows(browser)
    assert {r[1]: r[3] for r in rows} == {"Alpha": "0.900", "Gamma & Co": "0.950"}
    title = [b for b in browser.find_elements(By.CSS_SELECTOR, "section.board") if b.is_displayed()][0]
    assert "Medicine" in title.find_element(By.CLASS_NAME, "domain-name").text
    # task1 in Biology: only the XSS-named system
    Select(browser.find_element(By.ID, "domain-select")).select_by_visible_text("Biology")
    Select(browser.find_element(By.ID, "task-select")).select_by_visible_text("task1")
    rows = visible_rows(browser)
    assert [r[1] for r in rows] == [XSS] and rows[0][3].startswith("0.700")

    Select(browser.find_element(By.ID, "domain-select")).select_by_visible_text("All")
    Select(browser.find_element(By.ID, "task-select")).select_by_visible_text("All")
    # metric filter: only m2's column stays visible
    Select(browser.find_element(By.ID, "metric-select")).select_by_visible_text("m2")
    (board,) = [b for b in browser.find_elements(By.CSS_SELECTOR, "section.board") if b.is_displayed()]
    shown = [th.text.split("\n")[0] for th in board.find_elements(By.CSS_SELECTOR, "thead th") if th.is_displayed()]
    assert shown == ["#", "System", "Surveys", "m2"]
    Select(browser.find_element(By.ID, "metric-select")).select_by_visible_text("All")
    shot = tmp_path / "leaderboard.png"
    browser.save_screenshot(str(shot))
    print(f"leaderboard screenshot: {shot}")
    assert shot.stat().st_size > 10_000

    # the system page of the XSS-named system shows its failure text, escaped, as text
    browser.get((site / "systems" / f"{slugify(XSS)}.html").as_uri())
    assert browser.find_element(By.CLASS_NAME, "system-name").text == XSS
    assert "onerror=alert(2)" in browser.find_element(By.CSS_SELECTOR, "td.error").text
    shot2 = tmp_path / "system.png"
    browser.save_screenshot(str(shot2))
    print(f"system page screenshot: {shot2}")
    keep = os.environ.get("SURVEYBENCH_SCREENSHOT_DIR")  # pytest prunes old tmp dirs
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for s in (shot, shot2):
            shutil.copy(s, Path(keep) / s.name)
