"""The unit store: one committed JSON file per finished (system, topic, metric) unit.

Why files and not one big table: a unit is written with a temp file + ``os.replace``, so a
``kill -9`` at any instant leaves either the whole unit or nothing, and a rerun of the same
command finds every finished unit and computes only the rest. The key hashes everything that
determines the result (both surveys' content, the metric with its version and options, the
judge/embedder it used), so a changed survey, option, metric version or model is recomputed
instead of silently reused.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from surveybench.workspace import atomic_write_text, slugify

UNIT_FORMAT = 2  # 2: metric version and options in the key


@dataclass(frozen=True)
class UnitKey:
    system: str
    topic: str
    metric: str
    candidate_hash: str
    reference_hash: str
    resources: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    metric_version: str = ""
    options: str = "{}"  # the metric's resolved options, canonical JSON

    def as_dict(self) -> dict[str, Any]:
        return {
            "format": UNIT_FORMAT,
            "system": self.system,
            "topic": self.topic,
            "metric": self.metric,
            "candidate_hash": self.candidate_hash,
            "reference_hash": self.reference_hash,
            "resources": dict(self.resources),
            "metric_version": self.metric_version,
            "options": json.loads(self.options),
        }

    @property
    def digest(self) -> str:
        blob = json.dumps(self.as_dict(), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()[:32]


def to_jsonable(obj: Any) -> Any:
    """Turn numpy scalars/arrays, sets, tuples and NaN into plain JSON values."""
    if obj is None or isinstance(obj, (str, bool, int)):
        return obj
    if isinstance(obj, float):
        return None if math.isnan(obj) or math.isinf(obj) else obj
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in obj]
    if hasattr(obj, "tolist"):  # numpy array or scalar
        return to_jsonable(obj.tolist())
    if hasattr(obj, "model_dump"):
        return to_jsonable(obj.model_dump())
    return str(obj)


class UnitStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, key: UnitKey) -> Path:
        return self.root / slugify(key.metric, max_len=40) / f"{key.digest}.json"

    def get(self, key: UnitKey) -> dict[str, Any] | None:
        p = self.path(key)
        try:
            record = json.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (json.JSONDecodeError, UnicodeDecodeError):
            # os.replace makes this impossible for our own writes; a damaged file is recomputed.
            return None
        return record if record.get("key") == key.as_dict() else None

    def put(self, key: UnitKey, record: dict[str, Any]) -> Path:
        record = {"key": key.as_dict(), **record}
        p = self.path(key)
        from surveybench.eval.manifest import redact_secrets

        atomic_write_text(p, redact_secrets(json.dumps(to_jsonable(record), ensure_ascii=False)))
        return p
