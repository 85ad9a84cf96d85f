"""Locates ../shared/data (always present in CI) and fails clearly when it is not there."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED_DIR = Path(__file__).resolve().parents[2].parent / "shared"
SHARED_DATA = SHARED_DIR / "data"


def shared_path(*parts: str) -> Path:
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.fail(
            f"test data {path} not found: the tests expect the shared/ folder beside the project "
            f"root ({SHARED_DIR}); CI always provides it",
            pytrace=False,
        )
    return path


@pytest.fixture(scope="session")
def shared_data() -> Path:
    return shared_path()


@pytest.fixture(scope="session")
def dev_dir() -> Path:
    return shared_path("surveybench-dev")
