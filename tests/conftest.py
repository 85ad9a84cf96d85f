"""Shared test setup. Fixture modules live in tests/plugins/, one per area."""

from __future__ import annotations

import os
from pathlib import Path

# Never reach a hub or an API from the tests: everything they use is local.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

pytest_plugins = [
    "tests.plugins.shared_data",
    "tests.plugins.llm",
    "tests.plugins.embeddings",
    "tests.plugins.webapis",
]

PROJECT_ROOT = Path(__file__).resolve().parent.parent
