"""The workspace: a directory that holds systems (named sets of generated surveys), gold
surveys, evaluation runs and caches.

Layout (everything is plain JSON / Parquet so people can look inside)::

    ROOT/
      systems/NAME/system.json           name, source, task setting, topic -> file
      systems/NAME/surveys/SLUG.json     one Survey (pydantic JSON) per topic
      gold/system.json, gold/surveys/    optional gold surveys stored in the workspace
      units/METRIC/KEY.json              one finished (system, topic, metric) unit (see eval)
      runs/RUN_ID/results.parquet        consolidated rows of one `surveybench eval`
      runs/RUN_ID/manifest.json
      cache/                             judge and embedding caches
      locks/                             claim files of units being computed (see UnitClaims)

The default root is ``./surveybench-runs``; ``--workspace`` or ``SURVEYBENCH_WORKSPACE`` change it.
Names given by users (system names) become directory names, so :func:`check_safe_name` refuses
anything that could escape the workspace.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import unicodedata
from collections.abc import Callable, Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from surveybench.model import Survey

DEFAULT_WORKSPACE = Path("surveybench-runs")
WORKSPACE_ENV = "SURVEYBENCH_WORKSPACE"
GOLD = "gold"


class WorkspaceError(ValueError):
    """A workspace operation was given something it cannot accept (unsafe name, unknown system)."""


def default_workspace_root() -> Path:
    env = os.environ.get(WORKSPACE_ENV)
    return Path(env) if env else DEFAULT_WORKSPACE


_FORBIDDEN_CHARS = re.compile(r"[/\\\x00-\x1f:*?\"<>|]")


def check_safe_name(name: str, *, what: str = "system name") -> str:
    """Return ``name`` if it can be used as a directory name inside the workspace, else raise.

    Refused: empty or blank names, ``.``/``..``, hidden names (leading dot), absolute paths,
    path separators, control characters and characters Windows forbids in file names, and
    names longer than 120 characters. Spaces and Unicode letters are fine.
    """
    if not isinstance(name, str) or not name.strip():
        raise WorkspaceError(f"{what} must not be empty")
    if name != name.strip():
        raise WorkspaceError(f"{what} {name!r} has leading or trailing spaces")
    if name in (".", "..") or name.startswith("."):
        raise WorkspaceError(f"{what} {name!r} must not start with '.' (a hidden name or a parent directory would escape the workspace)")
    if os.path.isabs(name) or Path(name).is_absolute():
        raise WorkspaceError(f"{what} {name!r} is an absolute path; give a plain name")
    bad = _FORBIDDEN_CHARS.search(name)
    if bad:
        raise WorkspaceError(
            f"{what} {name!r} contains {bad.group()!r}; path separators and special characters "
            "would escape the workspace directory"
        )
    if len(name) > 120:
        raise WorkspaceError(f"{what} {name[:40]!r}... is longer than 120 characters")
    return name


def topic_key(survey: Survey) -> str:
    """The key pairing a generated survey with its gold survey: the topic, else the source file
    name (surveybench-dev names files by topic), else the title."""
    if survey.topic and survey.topic.strip():
        return survey.topic.strip()
    if survey.source_path:
        return Path(survey.source_path).stem
    return survey.title.strip()


def normalise_topic(topic: str) -> str:
    """Case- and spacing-insensitive form used to match topics across sources."""
    t = unicodedata.normalize("NFKC", topic).casefold()
    return re.sub(r"[\s_]+", " ", t).strip()


def slugify(text: str, *, max_len: int = 60) -> str:
    """A file-name-safe, readable slug plus a short hash so distinct texts never collide."""
    base = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    base = re.sub(r"[^A-Za-z0-9]+", "-", base).strip("-").lower()[:max_len] or "x"
    digest = hashlib.sha256(text.encode()).hexdigest()[:8]
    return f"{base}-{digest}"


def atomic_write_with(path: Path, write: Callable[[Path], None]) -> None:
    """Have ``write(tmp)`` write a temp file in ``path``'s directory, then ``os.replace`` it onto
    ``path``: a kill never leaves a half-written file behind. The temp name is unique
    (``mkstemp``), so several threads or processes writing the same file never collide: the
    last complete write wins."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        write(Path(tmp))
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """:func:`atomic_write_with` for bytes."""
    atomic_write_with(path, lambda tmp: tmp.write_bytes(data))


def atomic_write_text(path: Path, text: str) -> None:
    """:func:`atomic_write_with` for UTF-8 text."""
    atomic_write_with(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


class UnitClaims:
    """Cross-process claims on units of work, so two processes on one workspace share the work
    instead of repeating it (and never pay for the same judge call twice).

    A claim is an OS file lock (``filelock``: ``flock`` on POSIX, ``msvcrt`` on Windows) on
    ``DIR/NAME.lock``. The OS drops it when its holder exits, even on ``kill -9``, so a crashed
    process never blocks the others. The protocol (used by ``surveybench eval``): try to claim
    each unit without waiting; a unit claimed elsewhere is put aside; after the rest, wait for
    each put-aside claim and read the unit the other process stored — computing it only if that
    process did not (it died, or skipped the unit).
    """

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    def _lock(self, name: str, timeout: float) -> Any:
        from filelock import FileLock

        self.directory.mkdir(parents=True, exist_ok=True)
        # the lock file stays: unlinking it on release would let a process that opened the old
        # file and one that creates a new one hold "the same" lock at once
        return FileLock(self.directory / f"{name}.lock", timeout=timeout, thread_local=False,
                        preserve_lock_file=True)

    def try_claim(self, name: str) -> Any | None:
        """The held lock (call ``.release()``), or None when another holder has it now."""
        from filelock import Timeout

        lock = self._lock(name, timeout=0)
        try:
            lock.acquire()
        except Timeout:
            return None
        return lock

    def claim(self, name: str) -> Any:
        """Wait until ``name`` is free and hold it: the held lock (call ``.release()``)."""
        lock = self._lock(name, timeout=-1)
        lock.acquire()
        return lock


def survey_hash(survey: Survey) -> str:
    """Content hash of a survey; where it was read from does not count, so importing the same
    files from another directory does not invalidate finished evaluation units."""
    return hashlib.sha256(survey.model_dump_json(exclude={"source_path"}).encode()).hexdigest()


class Workspace:
    """A workspace directory (see module docstring)."""

    def __init__(self, root: Path | str | None = None) -> None:
        # resolved, so `ws`, `ws/`, `./ws` and the absolute path are one workspace (run ids and
        # locks depend on it)
        self.root = (Path(root) if root is not None else default_workspace_root()).expanduser().resolve()

    # ---- paths ------------------------------------------------------------------------------
    @property
    def systems_dir(self) -> Path:
        return self.root / "systems"

    @property
    def runs_dir(self) -> Path:
        return self.root / "runs"

    @property
    def units_dir(self) -> Path:
        return self.root / "units"

    @property
    def cache_dir(self) -> Path:
        return self.root / "cache"

    @property
    def claims(self) -> UnitClaims:
        """Cross-process claims on evaluation units (see :class:`UnitClaims`)."""
        return UnitClaims(self.root / "locks")

    def system_dir(self, name: str) -> Path:
        return self.systems_dir / check_safe_name(name)

    # ---- systems ----------------------------------------------------------------------------
    def add_system(
        self,
        name: str,
        surveys: Iterable[Survey],
        *,
        source: str | None = None,
        task: str | None = None,
        replace: bool = False,
    ) -> dict[str, Path]:
        """Store ``surveys`` as system ``name``, one file per topic; returns topic -> file.

        Surveys are added to those already stored (a topic given again replaces the old one)
        unless ``replace`` drops the system first. Each survey's ``system`` field is set to
        ``name``. Two surveys with the same topic in one call are an error.
        """
        return self._store(self.system_dir(name), name, list(surveys), source=source, task=task,
                           replace=replace, system_field=name)

    def add_gold(self, surveys: Iterable[Survey], *, source: str | None = None,
                 replace: bool = False) -> dict[str, Path]:
        """Store human-written gold surveys in the workspace (used when eval gets no --data/--gold)."""
        return self._store(self.root / GOLD, GOLD, list(surveys), source=source, task=None,
                           replace=replace, system_field=None)

    def _store(self, directory: Path, name: str, surveys: list[Survey], *, source: str | None,
               task: str | None, replace: bool, system_field: str | None) -> dict[str, Path]:
        meta = {} if replace else self._read_meta(directory)
        topics: dict[str, str] = dict(meta.get("topics", {}))
        seen: dict[str, str] = {}
        for s in surveys:
            key = topic_key(s)
            norm = normalise_topic(key)
            if norm in seen:
                raise WorkspaceError(
                    f"{name}: two surveys for topic {key!r} ({seen[norm]!r} and "
                    f"{s.source_path or s.id!r})"
                )
            seen[norm] = s.source_path or s.id
        if replace and (directory / "surveys").exists():
            for f in (directory / "surveys").glob("*.json"):
                f.unlink()
        written: dict[str, Path] = {}
        for s in surveys:
            key = topic_key(s)
            # A topic given again under different spelling replaces the stored one.
            for old in [t for t in topics if normalise_topic(t) == normalise_topic(key)]:
                old_file = directory / "surveys" / topics.pop(old)
                old_file.unlink(missing_ok=True)
            stored = s.model_copy(update={"system": system_field})
            if stored.topic is None:
                stored = stored.model_copy(update={"topic": key})
            fname = slugify(key) + ".json"
            path = directory / "surveys" / fname
            atomic_write_text(path, stored.model_dump_json(indent=1))
            topics[key] = fname
            written[key] = path
        meta.update({
            "name": name,
            "topics": dict(sorted(topics.items())),
            "updated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        })
        if source is not None:
            meta["source"] = source
        if task is not None:
            meta["task"] = task
        atomic_write_text(directory / "system.json", json.dumps(meta, indent=1, ensure_ascii=False))
        return written

    @staticmethod
    def _read_meta(directory: Path) -> dict[str, Any]:
        p = directory / "system.json"
        if not p.exists():
            return {}
        try:
            return json.loads(p.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise WorkspaceError(f"{p}: not valid JSON ({exc})") from exc

    def systems(self) -> list[str]:
        if not self.systems_dir.exists():
            return []
        return sorted(p.name for p in self.systems_dir.iterdir()
                      if p.is_dir() and (p / "system.json").exists())

    def has_system(self, name: str) -> bool:
        return (self.system_dir(name) / "system.json").exists()

    def system_info(self, name: str) -> dict[str, Any]:
        d = self.system_dir(name)
        if not (d / "system.json").exists():
            known = ", ".join(self.systems()) or "none"
            raise WorkspaceError(
                f"no system {name!r} in workspace {self.root} (known: {known}); "
                f"add it with `surveybench import --system {name} DIR`"
            )
        return self._read_meta(d)

    def system_surveys(self, name: str) -> dict[str, Survey]:
        """Topic -> survey for system ``name``."""
        info = self.system_info(name)
        return self._load(self.system_dir(name), info)

    def has_gold(self) -> bool:
        return (self.root / GOLD / "system.json").exists()

    def gold_surveys(self) -> dict[str, Survey]:
        d = self.root / GOLD
        if not (d / "system.json").exists():
            raise WorkspaceError(f"workspace {self.root} holds no gold surveys")
        return self._load(d, self._read_meta(d))

    @staticmethod
    def _load(directory: Path, info: dict[str, Any]) -> dict[str, Survey]:
        out: dict[str, Survey] = {}
        for topic, fname in info.get("topics", {}).items():
            path = directory / "surveys" / fname
            try:
                out[topic] = Survey.model_validate_json(path.read_text(encoding="utf-8"))
            except FileNotFoundError:
                raise WorkspaceError(f"{path}: listed in system.json but missing") from None
            except ValueError as exc:
                raise WorkspaceError(f"{path}: not a valid stored survey ({exc})") from exc
        return out

    # ---- runs -------------------------------------------------------------------------------
    def run_dirs(self) -> list[Path]:
        """Run directories that hold consolidated results, oldest first."""
        if not self.runs_dir.exists():
            return []
        runs = [p for p in self.runs_dir.iterdir() if (p / "results.parquet").exists()]
        return sorted(runs, key=lambda p: (p / "results.parquet").stat().st_mtime)
