"""Loading a file as text with clear errors for empty, binary and wrongly encoded input."""

from __future__ import annotations

import codecs
import stat
from pathlib import Path

from surveybench.readers.errors import ReaderError

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


NOT_REGULAR = "not a regular file"
_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"))


def read_text(path: Path) -> str:
    """The file's text. UTF-8 (or a BOM-marked UTF-16/32); anything else is a ReaderError.
    NUL bytes anywhere make it a binary file (they would otherwise reach paragraph text)."""
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        raise ReaderError(path, f"cannot be opened ({exc.strerror or exc})") from None
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        # opening a FIFO blocks until a writer comes: never open what is not a regular file
        kind = next((name for test, name in _KINDS if test(mode)), "a special file")
        raise ReaderError(path, f"{NOT_REGULAR} ({kind}): skipped")
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
    nul = data.find(b"\x00") if encoding == "utf-8" else -1
    if nul >= 0:  # anywhere in the file, not only in its first 8 KB (issue 14)
        raise ReaderError(path, f"binary file (contains NUL bytes, the first at offset {nul}), not a Markdown or JSON survey")
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
    if encoding != "utf-8" and "\x00" in text:
        raise ReaderError(path, f"binary file (contains NUL characters after decoding {encoding.upper()})")
    return text.replace("\r\n", "\n").replace("\r", "\n")
