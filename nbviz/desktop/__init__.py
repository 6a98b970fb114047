"""Desktop integration: nbviz in the applications menu, and ``.nbviz`` sessions opened by double-click.

- `identity`: the names every desktop knows nbviz and its sessions by, declared once
- `launch`: the command a menu entry or file association starts (in a bundle, its executable alone)
- `xdg`: Linux (a desktop entry, icons and a MIME type under ``~/.local/share``), with `mimeapps`
- `windows`: the ``HKEY_CURRENT_USER`` keys (the NSIS installer writes the same ones)
- `macos`: the app bundle's Info.plist document types (the PyInstaller spec reads them)
- `icons`: the app's and the session's icons drawn from ``icons/nbviz.svg``

`install_desktop` and `uninstall_desktop` do this system's part (``nbviz --install-desktop``).

May import: the app (resources, the state folder), QtGui and QtSvg for the icons; nothing of the GUI.
"""

from __future__ import annotations

import sys
from pathlib import Path


class DesktopError(OSError):
    """The desktop integration cannot be done on this system; the message says why and what to do."""


def install_desktop(platform: str = sys.platform) -> list[str]:
    """Integrate nbviz with this system's desktop; the lines that say what was done.

    Raises
    ------
    OSError
        A file or key could not be written (nothing was changed), or `DesktopError` on macOS.
    """
    if platform == "win32":
        return integrate_windows(install=True)
    if platform == "darwin":
        raise _no_integration_on_macos()
    from . import xdg

    files = xdg.install()
    return [
        f"Installed the nbviz menu entry, icons and .nbviz file type under {xdg.data_home()}",
        f"({len(files)} files; nbviz --uninstall-desktop removes them)",
    ]


def uninstall_desktop(platform: str = sys.platform) -> list[str]:
    """Remove what `install_desktop` added; the lines that say what was removed."""
    if platform == "win32":
        return integrate_windows(install=False)
    if platform == "darwin":
        raise _no_integration_on_macos()
    from . import xdg

    files = xdg.uninstall()
    return [f"Removed {len(files)} nbviz desktop file(s) from {xdg.data_home()}"]


def _no_integration_on_macos() -> DesktopError:
    return DesktopError(
        "on macOS the nbviz app registers .nbviz sessions itself: build or download nbviz.app (docs/install.md) "
        "and move it to Applications"
    )


def integrate_windows(install: bool, registry=None) -> list[str]:
    """Write (or remove) the registry keys for sessions and the icon they name; the lines saying what was done."""
    from . import windows
    from .launch import launch_command

    registry = registry if registry is not None else windows.WinRegistry()
    icon = session_icon_file()
    if not install:
        removed = windows.uninstall(registry)
        if icon.owned and icon.path.exists():
            icon.path.unlink()
        return [f"Removed {len(removed)} nbviz registry entr{'y' if len(removed) == 1 else 'ies'} for .nbviz sessions"]
    program = launch_command()
    if icon.owned:
        icon.write()
    windows.install(registry, windows.open_command(program), str(icon.path))
    return [
        f"Registered .nbviz sessions under {windows.HIVE}\\{windows.CLASSES}: double-clicking one runs {program[0]}",
        "(nbviz --uninstall-desktop removes the keys)",
    ]


class SessionIconFile:
    """The ``.ico`` the Windows registry names for sessions: the bundle's own, else one drawn into the state folder.

    Attributes
    ----------
    path : Path
    owned : bool
        Whether install writes it (and uninstall removes it): a pip install has no ``.ico`` of its own.
    """

    def __init__(self, path: Path, owned: bool) -> None:
        self.path, self.owned = path, owned

    def write(self) -> None:
        """Draw the session icon into `path` at the sizes Explorer shows."""
        from .icons import write_ico

        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_ico(self.path, document=True)


def session_icon_file() -> SessionIconFile:
    from ..app.presentation.resources import resource_path
    from ..app.presentation.state_folder import state_folder
    from .identity import SESSION_ICON

    try:
        return SessionIconFile(resource_path("icons", f"{SESSION_ICON}.ico"), owned=False)
    except FileNotFoundError:
        return SessionIconFile(state_folder() / f"{SESSION_ICON}.ico", owned=True)
