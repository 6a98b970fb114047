"""The lines of a text data file, decoded a piece at a time whatever its encoding.

Files come as UTF-8 (with or without a byte order mark), UTF-16 (LibreOffice, Excel's "Unicode
text"; little or big endian, with a BOM or recognised by its NUL bytes) or Windows-1252 (Excel's
"CSV" in western Europe). Lines starting with ``#`` are comments: they are handed on as blank
lines, so that every line keeps its 1-based number.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator

PIECE_BYTES = 1 << 20  # bytes read and decoded at a time
_ADVICE = "save it as CSV (UTF-8) text"
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
ENCODING_NAMES = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8 with BOM",
    "utf-16-le": "UTF-16 (little endian)",
    "utf-16-be": "UTF-16 (big endian)",
    "cp1252": "Windows-1252",
}


class TextError(ValueError):
    """A file that is not text: `line` is the 1-based line of the first bad byte, or None."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


def detect_encoding(start: bytes) -> tuple[str, int]:
    """(codec name, length of its byte order mark) for a file beginning with `start`.

    UTF-16 without a BOM is recognised by its NUL bytes: most even (big endian) or odd (little
    endian) bytes of ASCII text are NUL. Otherwise UTF-8 when `start` decodes as UTF-8, else
    Windows-1252 (which decodes nearly every byte; text is shown as that code page reads it).
    """
    for bom, codec in _BOMS:
        if start.startswith(bom):
            return codec, len(bom)
    sample = start[: 4096 - 4096 % 2]
    if len(sample) >= 2 and b"\0" in sample:
        even, odd = sample[0::2], sample[1::2]
        if odd.count(0) > 0.4 * len(odd) and even.count(0) == 0:
            return "utf-16-le", 0
        if even.count(0) > 0.4 * len(even) and odd.count(0) == 0:
            return "utf-16-be", 0
        return "utf-8", 0  # binary: decoding names the NUL
    try:
        codecs.getincrementaldecoder("utf-8")().decode(start, final=False)
    except UnicodeDecodeError:
        try:
            start.decode("cp1252")
        except UnicodeDecodeError:
            return "utf-8", 0  # neither: decoding names the byte
        return "cp1252", 0
    return "utf-8", 0


def is_comment(line: str) -> bool:
    """Whether a line is a comment (its first non-blank character is ``#``)."""
    return line.lstrip().startswith("#")


class TextSource:
    """A text file read as lists of lines (without line ends), a piece at a time.

    Parameters
    ----------
    path : str
    stream : binary file
        Open at the start of the file.

    Attributes
    ----------
    encoding : str
        The codec used (a key of `ENCODING_NAMES`).
    bytes_read : int
        How much of the file the pieces handed out so far cover.
    """

    def __init__(self, path: str, stream):
        self.path, self.stream = path, stream
        first = stream.read(PIECE_BYTES)
        self.encoding, skip = detect_encoding(first)
        self._first = first[skip:]
        self.bytes_read = 0
        self.finished = False  # whether the pieces handed out so far reach the end of the file

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    def pieces(self, min_lines: int = 0, keep_comments: bool = False) -> Iterator[list[str]]:
        """Lists of the file's lines in order, the first with at least `min_lines` lines (or all).

        Comment lines become ``""`` unless `keep_comments`. Raises TextError (naming the line)
        for NUL bytes or bytes the encoding cannot decode.
        """
        decoder = codecs.getincrementaldecoder(self.encoding)()
        carry, lines_before, block, pending = "", 0, self._first, []
        while True:
            final = not block
            try:
                text = decoder.decode(block, final=final)
            except UnicodeDecodeError as error:
                raise self._undecodable(carry, lines_before, block, error) from None
            self.bytes_read += len(block)
            text = (carry + text).replace("\r\n", "\n")
            if text.endswith("\r") and not final:  # a CRLF may be cut between two blocks
                text, carry = text[:-1], "\r"
            else:
                carry = ""
            text = text.replace("\r", "\n")
            cut = len(text) if final else text.rfind("\n") + 1
            if "\0" in text:  # checked before the cut: a block of NULs holds no line end to cut at
                line = lines_before + text.count("\n", 0, text.index("\0")) + 1
                raise TextError(f"{self.name} is not a text data file: line {line} holds binary data; {_ADVICE}", line)
            whole, carry = text[:cut], text[cut:] + carry
            self.finished = final
            if whole:
                lines = (whole[:-1] if whole.endswith("\n") else whole).split("\n")
                del whole, text
                if not keep_comments:
                    lines = ["" if line[:1] in "# \t" and is_comment(line) else line for line in lines]
                lines_before += len(lines)
                pending.extend(lines)
                del lines
                if len(pending) >= min_lines or final:
                    yield pending
                    pending, min_lines = [], 0
            if final:
                if pending:
                    yield pending
                return
            block = self.stream.read(PIECE_BYTES)

    def _undecodable(self, carry: str, lines_before: int, block: bytes, error: UnicodeDecodeError) -> TextError:
        """The TextError for bytes `block` that the encoding cannot decode at ``error.start``."""
        line = lines_before + carry.count("\n") + block.count(b"\n", 0, max(error.start, 0)) + 1
        byte = block[error.start] if 0 <= error.start < len(block) else 0
        return TextError(
            f"{self.name} is not a text data file in {ENCODING_NAMES[self.encoding]}: line {line} has the byte "
            f"0x{byte:02x}, which is not {ENCODING_NAMES[self.encoding]} text; {_ADVICE}",
            line,
        )
