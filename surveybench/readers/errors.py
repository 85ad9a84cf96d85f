"""The one exception every reader raises for input it cannot turn into a :class:`Survey`."""

from __future__ import annotations

from pathlib import Path


class ReaderError(Exception):
    """A survey file that cannot be read: the message names the file and the reason."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path}: {reason}")
