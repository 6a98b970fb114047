"""The user's ``mimeapps.list`` read and edited line by line, as GLib's key-file reader sees it.

GLib accepts what a ConfigParser refuses (a key repeated in a group: the last one counts; a group
repeated: its keys merge) and users keep comments there. `MimeAppsList` changes one entry and
keeps every other line (comments, order, repeated keys, line ends) byte for byte.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

DEFAULTS = "Default Applications"


@dataclass
class MimeAppsList:
    """The lines of a key file (each with its line end), edited in place.

    Attributes
    ----------
    lines : list of str
    """

    lines: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path) -> MimeAppsList:
        """The file's lines (none when it does not exist).

        Raises
        ------
        OSError
            When it cannot be read, or is not UTF-8 text (GLib ignores such a file too).
        """
        if not path.exists():
            return cls()
        data = path.read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise OSError(f"{path} is not UTF-8 text (byte {error.start}); fix or move it, then try again") from None
        return cls(text.splitlines(keepends=True))

    def text(self) -> str:
        return "".join(self.lines)

    def write(self, path: Path) -> None:
        """Replace `path` atomically with these lines (keeping its permissions).

        A `path` that is a symbolic link keeps pointing where it did: its target is the file replaced.
        """
        path = path.resolve()  # a link's target gets the lines; the link itself is left as it is
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = path.stat().st_mode & 0o7777 if path.exists() else None
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
                out.write(self.text())
            if mode is not None:
                os.chmod(temporary, mode)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    # ----------------------------------------------------------------- entries
    def _entries(self, group: str, key: str) -> list[tuple[int, str]]:
        """(line index, value) of every `key` in `group` (in any of its repeats), in file order."""
        found, current = [], None
        for index, line in enumerate(self.lines):
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            if stripped.startswith("[") and stripped.endswith("]"):
                current = stripped[1:-1]
            elif current == group and "=" in stripped:
                name, value = stripped.split("=", 1)
                if name.strip() == key:
                    found.append((index, value.strip()))
        return found

    def get(self, group: str, key: str) -> str | None:
        """The value GLib reads: the last of a repeated key."""
        entries = self._entries(group, key)
        return entries[-1][1] if entries else None

    def put_first(self, group: str, key: str, item: str) -> None:
        """Make `item` the first of `key`'s ``;``-separated list, keeping the others after it."""
        entries = self._entries(group, key)
        if entries:
            index, value = entries[-1]
            rest = [entry for entry in _items(value) if entry != item]
            self.lines[index] = self._line(key, [item, *rest], self.lines[index])
            return
        self._insert(group, self._line(key, [item], ""))

    def remove_item(self, group: str, key: str, item: str) -> bool:
        """Take `item` out of every `key` list of `group` (dropping lines left empty); True if it was there."""
        changed = False
        for index, value in reversed(self._entries(group, key)):
            items = _items(value)
            if item not in items:
                continue
            changed = True
            rest = [entry for entry in items if entry != item]
            if rest:
                self.lines[index] = self._line(key, rest, self.lines[index])
            else:
                del self.lines[index]
        return changed

    def _line(self, key: str, items: list[str], like: str) -> str:
        value = items[0] if len(items) == 1 else ";".join(items) + ";"
        return f"{key}={value}{_line_end(like) or self._newline()}"

    def _newline(self) -> str:
        return "\r\n" if self.lines and self.lines[0].endswith("\r\n") else "\n"

    def _insert(self, group: str, line: str) -> None:
        """Add `line` after the last entry of the last `group` header, or in a new group at the end."""
        header = None
        for index, text in enumerate(self.lines):
            if text.strip() == f"[{group}]":
                header = index
        if header is None:
            if self.lines and not _line_end(self.lines[-1]):
                self.lines[-1] += self._newline()
            self.lines += [f"[{group}]{self._newline()}", line]
            return
        position = header + 1
        for index in range(header + 1, len(self.lines)):
            stripped = self.lines[index].strip()
            if stripped.startswith("["):
                break
            if stripped and not stripped.startswith("#"):
                position = index + 1
        if position == len(self.lines) and self.lines and not _line_end(self.lines[-1]):
            self.lines[-1] += self._newline()
        self.lines.insert(position, line)


def _items(value: str) -> list[str]:
    return [item.strip() for item in value.split(";") if item.strip()]


def _line_end(line: str) -> str:
    return line[len(line.rstrip("\r\n")) :]
