"""Desktop integration on Windows: ``.nbviz`` sessions open in nbviz by double-click, for this user only.

The keys live under ``HKEY_CURRENT_USER\\Software\\Classes`` (no administrator rights):

- ``.nbviz`` — default value ``nbviz.session`` (the ProgID), ``Content Type``, and the ProgID under
  ``OpenWithProgids``. This key is shared: another program may own ``.nbviz`` later, so removing
  takes out a value only while it is still nbviz's, and the key only once it is empty.
- ``nbviz.session`` — its name, ``DefaultIcon`` and ``shell\\open\\command``. This key is nbviz's
  own and is removed whole.

`registry_values` declares them once: ``nbviz --install-desktop`` writes them through a `Registry`
(`WinRegistry` over the standard library's ``winreg``), and the NSIS installer writes the same
values, its include file generated from them (``packaging/windows/make_includes.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from .identity import MIME_TYPE, PROG_ID, SESSION_NAME, SESSION_SUFFIX

CLASSES = r"Software\Classes"
EXTENSION_KEY = rf"{CLASSES}\{SESSION_SUFFIX}"
PROG_ID_KEY = rf"{CLASSES}\{PROG_ID}"
HIVE = "HKEY_CURRENT_USER"


@dataclass(frozen=True)
class RegistryValue:
    """One value under ``HKEY_CURRENT_USER``: its key's path, its name ("" for the key's default value), its text."""

    key: str
    name: str
    data: str

    @property
    def shared(self) -> bool:
        """Whether the key is shared with other programs (``.nbviz``), not nbviz's own (its ProgID)."""
        return not _is_under(self.key, PROG_ID_KEY)


def _is_under(key: str, parent: str) -> bool:
    return key.lower() == parent.lower() or key.lower().startswith(parent.lower() + "\\")


def open_command(program: list[str]) -> str:
    """The ``shell\\open\\command`` text that starts `program` on the double-clicked file (``%1``)."""
    return " ".join(f'"{part}"' for part in [*program, "%1"])


def registry_values(command: str, icon: str) -> tuple[RegistryValue, ...]:
    """Every value install writes, in the order it writes them.

    Parameters
    ----------
    command : str
        The open command (`open_command`), e.g. ``"C:\\...\\nbviz-gui.exe" "%1"``.
    icon : str
        The session files' icon: an ``.ico`` path, or ``program,index``.
    """
    return (
        RegistryValue(PROG_ID_KEY, "", SESSION_NAME),
        RegistryValue(rf"{PROG_ID_KEY}\DefaultIcon", "", icon),
        RegistryValue(rf"{PROG_ID_KEY}\shell\open\command", "", command),
        RegistryValue(EXTENSION_KEY, "", PROG_ID),
        RegistryValue(EXTENSION_KEY, "Content Type", MIME_TYPE),
        RegistryValue(rf"{EXTENSION_KEY}\OpenWithProgids", PROG_ID, ""),
    )


def shared_values() -> tuple[RegistryValue, ...]:
    """The values install writes into shared keys (they do not depend on the command or the icon)."""
    return tuple(value for value in registry_values("", "") if value.shared)


def shared_keys() -> list[str]:
    """The shared keys install may create, deepest first: uninstall removes each once it is empty."""
    return sorted({value.key for value in shared_values()}, key=lambda key: key.count("\\"), reverse=True)


class Registry(Protocol):
    """The registry under ``HKEY_CURRENT_USER``, as much as the integration uses (paths use backslashes)."""

    def get(self, key: str, name: str) -> str | None:
        """The value's text, or None when the key or the value does not exist."""

    def set(self, key: str, name: str, data: str) -> None:
        """Write a text value, creating the key and its parents as needed."""

    def exists(self, key: str) -> bool: ...

    def delete_value(self, key: str, name: str) -> None:
        """Remove the value; nothing when it is not there."""

    def delete_tree(self, key: str) -> None:
        """Remove the key with everything below it; nothing when it is not there."""

    def delete_if_empty(self, key: str) -> bool:
        """Remove the key if it has neither values nor subkeys; whether it was removed."""

    def changed(self) -> None:
        """Tell the shell that file associations changed (Explorer redraws the icons)."""


def install(registry: Registry, command: str, icon: str) -> list[RegistryValue]:
    """Write `registry_values`; returns them. On an error nothing is changed and the error is raised."""
    values = registry_values(command, icon)
    keys = {value.key for value in values}
    keys |= {parent for key in keys for parent in _parents(key)}
    made = sorted((key for key in keys if not registry.exists(key)), key=lambda key: key.count("\\"), reverse=True)
    before = [(value, registry.get(value.key, value.name)) for value in values]
    try:
        for value in values:
            registry.set(value.key, value.name, value.data)
    except BaseException:
        for value, old in reversed(before):
            if old is None:
                registry.delete_value(value.key, value.name)
            else:
                registry.set(value.key, value.name, old)
        for key in made:
            registry.delete_if_empty(key)
        raise
    registry.changed()
    return list(values)


def _parents(key: str) -> Iterable[str]:
    """The keys above `key` below ``Software\\Classes`` (created with it)."""
    parts = key.split("\\")
    for end in range(len(CLASSES.split("\\")) + 1, len(parts)):
        yield "\\".join(parts[:end])


def uninstall(registry: Registry) -> list[str]:
    """Remove what `install` wrote and nothing else; returns what was removed, as ``key`` or ``key: name``."""
    removed = []
    if registry.exists(PROG_ID_KEY):
        registry.delete_tree(PROG_ID_KEY)
        removed.append(PROG_ID_KEY)
    for value in shared_values():
        if registry.get(value.key, value.name) == value.data:  # another program's value stays
            registry.delete_value(value.key, value.name)
            removed.append(f"{value.key}: {value.name or '(default)'}")
    for key in shared_keys():
        if registry.exists(key) and registry.delete_if_empty(key):
            removed.append(key)
    registry.changed()
    return removed


class WinRegistry:
    """`Registry` over the standard library's ``winreg`` (Windows only), at ``HKEY_CURRENT_USER``.

    Parameters
    ----------
    module : module, optional
        The ``winreg`` module (tests hand in a stand-in that behaves as Windows' registry does).
    """

    def __init__(self, module: Any = None) -> None:
        self._winreg = module if module is not None else importlib.import_module("winreg")
        self._root = self._winreg.HKEY_CURRENT_USER

    def get(self, key: str, name: str) -> str | None:
        try:
            with self._winreg.OpenKey(self._root, key) as handle:
                data, _kind = self._winreg.QueryValueEx(handle, name)
        except FileNotFoundError:
            return None
        return data if isinstance(data, str) else None

    def set(self, key: str, name: str, data: str) -> None:
        with self._winreg.CreateKeyEx(self._root, key, 0, self._winreg.KEY_WRITE) as handle:
            self._winreg.SetValueEx(handle, name, 0, self._winreg.REG_SZ, data)

    def exists(self, key: str) -> bool:
        try:
            with self._winreg.OpenKey(self._root, key):
                return True
        except FileNotFoundError:
            return False

    def delete_value(self, key: str, name: str) -> None:
        try:
            with self._winreg.OpenKey(self._root, key, 0, self._winreg.KEY_SET_VALUE) as handle:
                self._winreg.DeleteValue(handle, name)
        except FileNotFoundError:
            pass

    def delete_tree(self, key: str) -> None:
        try:
            with self._winreg.OpenKey(self._root, key, 0, self._winreg.KEY_READ) as handle:
                children: list[str] = []
                while True:  # winreg has no count-free listing: EnumKey raises OSError past the last
                    try:
                        children.append(self._winreg.EnumKey(handle, len(children)))
                    except OSError:
                        break
        except FileNotFoundError:
            return
        for child in children:
            self.delete_tree(f"{key}\\{child}")
        self._winreg.DeleteKey(self._root, key)

    def delete_if_empty(self, key: str) -> bool:
        try:
            with self._winreg.OpenKey(self._root, key, 0, self._winreg.KEY_READ) as handle:
                subkeys, values, _modified = self._winreg.QueryInfoKey(handle)
        except FileNotFoundError:
            return False
        if subkeys or values:
            return False
        self._winreg.DeleteKey(self._root, key)
        return True

    def changed(self) -> None:
        import ctypes

        shell = getattr(ctypes, "windll", None)
        if shell is not None:  # SHCNE_ASSOCCHANGED, SHCNF_IDLIST: Explorer reads the associations again
            shell.shell32.SHChangeNotify(0x08000000, 0x0000, None, None)
