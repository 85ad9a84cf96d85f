"""All prompts SurveyBench sends to an LLM, as versioned templates, in one place.

One module per family: ``judging`` (metrics), ``classification`` (corpus builder),
``generation`` (baselines). Each template names the paper section it is taken from; its
``version`` is part of every judge-cache key, so editing a prompt invalidates cached replies.
"""

from __future__ import annotations

import hashlib
import string
from dataclasses import dataclass, field


@dataclass(frozen=True)
class PromptTemplate:
    name: str
    version: str
    source: str  # paper and section, e.g. "SurveyGen App. I (Table 14)"
    template: str  # str.format-style placeholders: {topic}, {survey}, ...
    system: str | None = None
    notes: str = ""
    placeholders: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        names = tuple(
            sorted({f for _, f, _, _ in string.Formatter().parse(self.template) if f})
        )
        object.__setattr__(self, "placeholders", names)

    def render(self, **values: object) -> str:
        missing = set(self.placeholders) - values.keys()
        if missing:
            raise KeyError(f"prompt {self.name} v{self.version} needs {sorted(missing)}")
        return self.template.format(**values)

    @property
    def fingerprint(self) -> str:
        """Stable id of the template text, used in cache keys alongside name and version."""
        h = hashlib.sha256((self.system or "").encode() + b"\0" + self.template.encode())
        return f"{self.name}@{self.version}:{h.hexdigest()[:12]}"
