"""`pip install` of SurveyBench beside the PyPI packages `metrics`, `baselines` and `leaderboard`
leaves both importable: our folders metrics/, baselines/, data_builders/ and leaderboard/ install
as subpackages of `surveybench` (package-dir mapping), so nothing of ours lands at the top level
of site-packages.

A real wheel is built from this checkout and installed, with the three PyPI distributions
(downloaded once into a temporary folder), into one target folder by pip; a fresh interpreter
whose path starts at that folder imports both sides."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPI_NAMESPACES = ("metrics", "baselines", "leaderboard")
OUR_FOLDERS = ("metrics", "baselines", "data_builders", "leaderboard")


def _pip(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    return subprocess.run([sys.executable, "-m", "pip", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, env=env)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # --no-build-isolation: setuptools and wheel are installed; no download, a few seconds
    r = _pip("wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(ROOT), cwd=out)
    assert r.returncode == 0, r.stderr
    (whl,) = out.glob("surveybench-*.whl")
    return whl


def test_wheel_puts_nothing_of_ours_at_the_top_level(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/", 1)[0] for n in names}
    assert {t for t in top if not t.endswith(".dist-info")} == {"surveybench"}
    for folder in OUR_FOLDERS:  # each folder is inside the package, with its modules
        assert f"surveybench/{folder}/__init__.py" in names
    assert "surveybench/metrics/base.py" in names and "surveybench/leaderboard/site.py" in names
    assert any(n.startswith("surveybench/leaderboard/templates/") for n in names)  # package data too


def test_installs_beside_the_pypi_packages_of_the_same_names(wheel: Path, tmp_path: Path) -> None:
    downloads = tmp_path / "pypi"
    r = _pip("download", "--no-deps", "-q", "-d", str(downloads), *PYPI_NAMESPACES, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    target = tmp_path / "site-packages"
    # one pip call: pip itself would refuse or warn if two distributions claimed the same files
    r = _pip("install", "--no-deps", "--no-build-isolation", "-q", "--target", str(target), str(wheel),
             *map(str, sorted(downloads.iterdir())), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    probe = """
import importlib, importlib.util, json, sys
out = {}
for name in ("baselines", "leaderboard", "surveybench", "surveybench.metrics.base", "surveybench.baselines",
             "surveybench.leaderboard", "surveybench.data_builders"):
    out[name] = importlib.import_module(name).__file__
import os
out["dists"] = [d.metadata["Name"] for d in importlib.metadata.distributions(path=[os.environ["PYTHONPATH"]])]
from surveybench.metrics.base import load_all
out["registered"] = sorted(load_all())
# the site's templates and assets load from the installed surveybench.leaderboard
import pathlib, tempfile
import pandas as pd
from surveybench.leaderboard.site import build_site
d = pathlib.Path(tempfile.mkdtemp())
row = dict(run_id="r", system="S", task="t", topic="T", survey_id="T", title="T", domain="D",
           metric="rouge", score="rouge1", value=0.5, status="ok", error=None)
pd.DataFrame([row]).to_parquet(d / "results.parquet")
index = build_site(d / "results.parquet", d / "site")
out["site"] = [index.is_file(), (index.parent / "static" / "app.js").is_file()]
print(json.dumps(out))
"""
    # cwd is the temporary folder, PYTHONPATH the target: this checkout is not on the path
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "PYTHONPATH": str(target)}
    r = subprocess.run([sys.executable, "-c", "import importlib.metadata\n" + probe], cwd=tmp_path,
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.splitlines()[-1])
    # PyPI's packages are the top-level ones ...
    assert got["baselines"] == str(target / "baselines" / "__init__.py")
    assert got["leaderboard"] == str(target / "leaderboard" / "__init__.py")
    # ... ours live under surveybench/, from the installed wheel, not from this checkout
    assert got["surveybench.metrics.base"] == str(target / "surveybench" / "metrics" / "base.py")
    assert got["surveybench.leaderboard"] == str(target / "surveybench" / "leaderboard" / "__init__.py")
    assert got["surveybench.baselines"] == str(target / "surveybench" / "baselines" / "__init__.py")
    assert got["surveybench.data_builders"] == str(target / "surveybench" / "data_builders" / "__init__.py")
    assert {"metrics", "baselines", "leaderboard", "surveybench"} <= set(got["dists"])
    assert {"rouge", "citation_set", "rubric"} <= set(got["registered"])
    assert got["site"] == [True, True]
