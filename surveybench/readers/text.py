"""Loading a file as text with clear errors for empty, binary and wrongly encoded input."""

from __future__ import annotations

import codecs
from pathlib import Path

from surveybench.readers.errors import ReaderError

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def read_text(path: Path) -> str:
    """The file's text. UTF-8 (or a BOM-marked UTF-16/32); anything else is a ReaderError."""
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise ReaderError(path, "is a directory, not a file") from None
    except OSError as exc:
        raise ReaderError(path, f"cannot be opened ({exc.strerror or exc})") from None
    if not data.strip():
        raise ReaderError(path, "empty file")
    encoding = "utf-8"
    for bom, enc in _BOMS:
        if data.startswith(bom):
            encoding = enc
            break
    if encoding == "utf-8" and b"\x00" in data[:8192]:
        raise ReaderError(path, "binary file (contains NUL bytes), not a Markdown or JSON survey")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex()
        raise ReaderError(
            path,
            f"not valid {encoding.upper()} text: byte 0x{bad} at offset {exc.start} "
            "(re-save the file as UTF-8)",
        ) from None
    # Control characters other than whitespace are a sign of a binary file decoded by luck.
    sample = text[:8192]
    ctrl = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\t\n\r\f")
    if ctrl > max(8, len(sample) // 100):
        raise ReaderError(path, "binary file (control characters), not a Markdown or JSON survey")
    return text.replace("\r\n", "\n").replace("\r", "\n")
