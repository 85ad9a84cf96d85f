"""Loading a file as text with clear errors for empty, binary and wrongly encoded input."""

from __future__ import annotations

import codecs
import re
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
    """The file's text. UTF-8 (or a BOM-marked UTF-16/32, or Windows-1252 on the file's own evidence, said in
    the notes: see :func:`_windows_1252`); anything else is a ReaderError.
    NUL bytes never reach the text: see :func:`read_text_noted`."""
    return read_text_noted(path)[0]


def read_text_noted(path: Path) -> tuple[str, list[str]]:
    """The file's text and what was mended on the way, in plain words for the parse report.

    NUL bytes: a binary file is refused, wherever its first NUL is. But PDF-to-Markdown converters
    write a glyph they cannot map (a Greek letter in an algorithm box) as a lone NUL in otherwise valid
    UTF-8 text: 44 of 775 MinerU conversions of CVPR/ICCV/EMNLP papers hold 1 to 33 of them in 40-75 KB
    (at most one in 1,900 characters), and refusing the file lost the whole survey. So a file that
    decodes as UTF-8 and holds at most one NUL or other control character in 1,000 characters is read
    with each NUL replaced by U+FFFD (the replacement character), and the report says how many and
    where the first was; denser NULs, or bytes that are not UTF-8, still make it a binary file.
    Plain-text extractions of mathematics set a glyph its font does not map (the minus sign of "1 - x")
    as a NUL standing alone between spaces or line breaks, as the character it replaced stood: holdout46's
    policy article holds 593 of them in 110 KB, every one between whitespace. NULs standing so, as tokens,
    are read as glyphs up to one in 100 characters (the bound the first 8 KB are held to); the one-in-1,000
    bound applies to the other control characters, NULs inside words or runs of them (a binary's evidence)."""
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
    notes: list[str] = []
    nul = data.find(b"\x00") if encoding == "utf-8" else -1
    binary_nul = f"binary file (contains NUL bytes, the first at offset {nul}), not a Markdown or JSON survey"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        if nul >= 0:  # NULs and bytes that are not UTF-8: a binary file, however rare the NULs
            raise ReaderError(path, binary_nul) from None
        legacy = _windows_1252(data) if encoding == "utf-8" else None
        if legacy is None:
            bad = data[exc.start : exc.start + 1].hex()
            raise ReaderError(
                path,
                f"not valid {encoding.upper()} text: byte 0x{bad} at offset {exc.start} "
                "(re-save the file as UTF-8)",
            ) from None
        text, high = legacy
        notes.append(
            f"not UTF-8: read as Windows-1252 ({high} byte{'s' if high != 1 else ''} above 0x7F, the first "
            f"0x{data[exc.start:exc.start + 1].hex()} at offset {exc.start}, such as {text[exc.start]!r})"
        )
    sample = text[:8192]
    if _control_chars(sample) > max(8, len(sample) // 100):
        if nul >= 0:
            raise ReaderError(path, binary_nul)
        raise ReaderError(path, "binary file (control characters), not a Markdown or JSON survey")
    if encoding != "utf-8" and "\x00" in text:
        raise ReaderError(path, f"binary file (contains NUL characters after decoding {encoding.upper()})")
    if nul >= 0:  # anywhere in the file, not only in its first 8 KB (issue 14)
        count = text.count("\x00")
        glyph_tokens = len(_NUL_GLYPH_TOKEN.findall(text))
        if (_control_chars(text) - glyph_tokens) * 1000 > len(text) or glyph_tokens * 100 > len(text):
            raise ReaderError(path, binary_nul)  # more than one in a thousand characters: not glyph debris
        text = text.replace("\x00", "\ufffd")
        notes.append(
            f"{count} NUL byte{'s' if count != 1 else ''} (the first at offset {nul}) read as U+FFFD: "
            "a converter's unmapped glyphs in otherwise valid UTF-8 text"
        )
    return text.replace("\r\n", "\n").replace("\r", "\n"), notes


# a NUL standing as a token, whitespace before and after it: a glyph a text extraction could not map
_NUL_GLYPH_TOKEN = re.compile(r"(?<=\s)\x00(?=\s)")
_HIGH_BYTE_RUN = re.compile(rb"[\x80-\xff]+")
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def _windows_1252(data: bytes) -> tuple[str, int] | None:
    """The text of a file saved in Windows' Western code page, with its count of bytes above 0x7F, or None.

    A Nougat conversion saved by a Windows tool (holdout19: a radiography article) holds its en dashes and
    apostrophes as single bytes 0x96 / 0x92, which no UTF-8 text can: refusing it lost the whole survey.
    The file's own evidence that it is in a single-byte Western code page: no well-formed UTF-8 sequence
    anywhere (so it is not UTF-8 text with one stray byte), at least half of its runs of high bytes one byte
    long (accented letters and punctuation between ASCII letters; the two-byte Chinese or Japanese code
    pages give runs of two or more), and every byte defined in Windows-1252, the superset of ISO-8859-1
    that Western Windows tools write (0x80-0x9F are its punctuation, control codes in ISO-8859-1). Anything
    else stays a ReaderError: a guess between other code pages could go either way."""
    if _UTF8_SEQUENCE.search(data):
        return None
    runs = [len(m.group()) for m in _HIGH_BYTE_RUN.finditer(data)]
    if not runs or 2 * sum(1 for n in runs if n == 1) < len(runs):
        return None
    try:
        return data.decode("cp1252"), sum(runs)
    except UnicodeDecodeError:  # 0x81, 0x8D, 0x8F, 0x90, 0x9D are undefined in Windows-1252
        return None


def _control_chars(text: str) -> int:
    """Control characters other than whitespace: a sign of a binary file decoded by luck."""
    return sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\n\r\f")
