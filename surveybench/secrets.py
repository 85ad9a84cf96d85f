"""Keeping secrets out of everything SurveyBench stores: results, unit files, manifests, caches,
logs and the site.

API keys are read from the environment only (``OPENAI_API_KEY``, ``SURVEYBENCH_JUDGE_API_KEY``,
``S2_API_KEY`` ...). A key can still come back in text we did not write: an error body that
quotes the request, or a judge reply that echoes its prompt or its headers. So every text that is
about to be written is passed through :func:`redact_secrets`, which replaces the value of every
secret-looking environment variable by ``***``.
"""

from __future__ import annotations

import os
import re

SECRET_ENV_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|EMAIL)", re.I)
# Shorter values would replace ordinary words ("1234", "true"): such values are not credentials.
MIN_SECRET_LENGTH = 6
MASK = "***"


def secret_values(environ: dict[str, str] | None = None) -> list[str]:
    """Values of the secret-looking variables of ``environ`` (default ``os.environ``), longest
    first, so a key that contains another key is masked whole."""
    env = os.environ if environ is None else environ
    values = {v for k, v in env.items() if SECRET_ENV_NAME.search(k) and v and len(v) >= MIN_SECRET_LENGTH}
    return sorted(values, key=len, reverse=True)


def redact_secrets(text: str, extra: tuple[str, ...] = ()) -> str:
    """``text`` with every secret value of the environment (and ``extra`` values) replaced by ``***``."""
    for value in [*secret_values(), *(e for e in extra if e and len(e) >= MIN_SECRET_LENGTH)]:
        if value in text:
            text = text.replace(value, MASK)
    return text
