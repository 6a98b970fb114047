"""Desktop integration on Linux (freedesktop.org): an applications-menu entry, icons, and a MIME
type for ``.nbviz`` sessions so that double-clicking a session opens it in nbviz.

``nbviz --install-desktop`` writes, under ``$XDG_DATA_HOME`` (default ``~/.local/share``):

- ``applications/nbviz.desktop``
- ``icons/hicolor/<size>x<size>/apps/nbviz.png`` (16 to 256 px) and ``icons/hicolor/scalable/apps/nbviz.svg``,
  plus the same for the session MIME icon
- ``mime/packages/nbviz.xml`` (``application/x-nbviz-session``, ``*.nbviz``)

and makes nbviz the default handler for sessions. ``--uninstall-desktop`` removes exactly those.
The system's ``update-mime-database`` and ``update-desktop-database`` are run when present.
"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

APP_ID = "nbviz"
MIME_TYPE = "application/x-nbviz-session"
MIME_ICON = MIME_TYPE.replace("/", "-")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)

MIME_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{MIME_TYPE}">
    <comment>nbviz session</comment>
    <sub-class-of type="application/json"/>
    <glob pattern="*.nbviz"/>
    <icon name="{MIME_ICON}"/>
  </mime-type>
</mime-info>
"""


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def config_home() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")


def launch_command() -> str:
    """The Exec line's program: the installed ``nbviz`` script, else this Python with ``-m nbviz``."""
    script = shutil.which("nbviz")
    if script:
        return _quote(str(Path(script).resolve()))
    return f"{_quote(sys.executable)} -m nbviz"


def _quote(argument: str) -> str:
    # Desktop entries quote arguments with double quotes and escape ", `, $ and \ inside them.
    if all(c.isalnum() or c in "/._-+" for c in argument):
        return argument
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
    return f'"{escaped}"'


def desktop_entry(command: str) -> str:
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Name=nbviz",
            "GenericName=EM algorithm visualiser",
            "Comment=Watch the EM algorithm work, one E-step and one M-step at a time",
            f"Exec={command} %f",
            f"Icon={APP_ID}",
            "Terminal=false",
            "Categories=Education;Math;DataVisualization;",  # one main category (Education)
            f"MimeType={MIME_TYPE};",
            "Keywords=EM;expectation maximization;mixture;Gaussian;naive Bayes;clustering;",
            "StartupNotify=true",
            "",
        ]
    )


def installed_files(root: Path | None = None) -> list[Path]:
    """Every file `install` writes (what `uninstall` removes)."""
    root = root or data_home()
    hicolor = root / "icons" / "hicolor"
    files = [root / "applications" / f"{APP_ID}.desktop", root / "mime" / "packages" / f"{APP_ID}.xml"]
    for name, kind in ((APP_ID, "apps"), (MIME_ICON, "mimetypes")):
        files.append(hicolor / "scalable" / kind / f"{name}.svg")
        files += [hicolor / f"{size}x{size}" / kind / f"{name}.png" for size in ICON_SIZES]
    return files


_offscreen_app = None  # kept alive while icons are drawn from the command line


def _render_png(svg: Path, size: int, target: Path) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    global _offscreen_app
    if QGuiApplication.instance() is None:  # drawing needs an application; no window is shown
        _offscreen_app = QGuiApplication(["nbviz", "-platform", "offscreen"])
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    QSvgRenderer(str(svg)).render(painter)
    painter.end()
    # PySide6's stub declares the format as bytes, but QImage.save accepts only str at run time
    if not image.save(str(target), "PNG"):  # type: ignore[call-overload]
        raise OSError(f"could not write {target}")


def _run_if_present(*command: str) -> bool:
    if shutil.which(command[0]) is None:
        return False
    return subprocess.run(command, capture_output=True).returncode == 0


class _CaseKeepingParser(configparser.ConfigParser):
    """A ConfigParser that keeps the case of keys (they are MIME types)."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def _set_default_handler(desktop_file: str | None) -> None:
    """Make (or, with None, stop making) nbviz the default application for sessions."""
    path = config_home() / "mimeapps.list"
    parser = _CaseKeepingParser(interpolation=None, delimiters=("=",))
    if path.exists():
        parser.read(path, encoding="utf-8")
    section = "Default Applications"
    if desktop_file is not None:
        if not parser.has_section(section):
            parser.add_section(section)
        parser.set(section, MIME_TYPE, desktop_file)
    elif parser.has_section(section) and parser.get(section, MIME_TYPE, fallback="") == f"{APP_ID}.desktop":
        parser.remove_option(section, MIME_TYPE)
    else:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        parser.write(handle, space_around_delimiters=False)


def install(root: Path | None = None, program: str | None = None) -> list[Path]:
    """Write the desktop entry, icons and MIME type; returns the files written.

    `program` is the path the menu entry starts (default: the installed ``nbviz`` script).
    """
    from .app.resources import resource_path

    root = root or data_home()
    svg = resource_path("icons", f"{APP_ID}.svg")
    files = installed_files(root)
    for path in files:
        path.parent.mkdir(parents=True, exist_ok=True)
    command = _quote(program) if program else launch_command()
    files[0].write_text(desktop_entry(command), encoding="utf-8")
    files[1].write_text(MIME_XML, encoding="utf-8")
    for path in files[2:]:
        if path.suffix == ".svg":
            shutil.copyfile(svg, path)
        else:
            _render_png(svg, int(path.parent.parent.name.split("x")[0]), path)
    _set_default_handler(f"{APP_ID}.desktop")
    _run_if_present("update-mime-database", str(root / "mime"))
    _run_if_present("update-desktop-database", str(root / "applications"))
    _run_if_present("gtk-update-icon-cache", "--quiet", "--ignore-theme-index", str(root / "icons" / "hicolor"))
    return files


def uninstall(root: Path | None = None) -> list[Path]:
    """Remove what `install` wrote; returns the files removed."""
    root = root or data_home()
    removed = []
    for path in installed_files(root):
        if path.exists():
            path.unlink()
            removed.append(path)
    _set_default_handler(None)
    _run_if_present("update-mime-database", str(root / "mime"))
    _run_if_present("update-desktop-database", str(root / "applications"))
    return removed
