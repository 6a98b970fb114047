"""Desktop integration on Linux (freedesktop.org): an applications-menu entry, icons, and a MIME
type for ``.nbviz`` sessions so that double-clicking a session opens it in nbviz.

``nbviz --install-desktop`` writes, under ``$XDG_DATA_HOME`` (default ``~/.local/share``):

- ``applications/nbviz.desktop``
- ``icons/hicolor/<size>x<size>/apps/nbviz.png`` (16 to 256 px) and ``icons/hicolor/scalable/apps/nbviz.svg``,
  plus the same for the session MIME icon
- ``mime/packages/nbviz.xml`` (``application/x-nbviz-session``, ``*.nbviz``)

and makes nbviz the default handler for sessions in ``$XDG_CONFIG_HOME/mimeapps.list`` (changing
only that entry: comments, order and repeated keys are kept). ``--uninstall-desktop`` removes
exactly those, and the folders install made for them once they are empty. A symbolic link at
``mimeapps.list`` keeps pointing at its target, which gets the association; a link at one of nbviz's
own files is replaced, never written through. A failure half-way undoes what was done. The
system's ``update-mime-database``, ``update-desktop-database`` and ``gtk-update-icon-cache`` are
run when present, and the icon theme directory's time is touched so that no stale icon cache is used after uninstalling.

The entry's ``Exec`` is `launch.launch_command` with ``%f``: in a bundle its ``nbviz-gui`` executable
alone, in a pip install the ``nbviz-gui`` script.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .icons import render_svg
from .identity import APP_ID, APP_NAME, MIME_TYPE, SESSION_NAME, SESSION_SUFFIX, SUMMARY
from .launch import launch_command
from .mimeapps import DEFAULTS, MimeAppsList

MIME_ICON = MIME_TYPE.replace("/", "-")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)

MIME_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{MIME_TYPE}">
    <comment>{SESSION_NAME}</comment>
    <sub-class-of type="application/json"/>
    <glob pattern="*{SESSION_SUFFIX}"/>
    <icon name="{MIME_ICON}"/>
  </mime-type>
</mime-info>
"""


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def config_home() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")


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
            f"Name={APP_NAME}",
            "GenericName=EM algorithm visualiser",
            f"Comment={SUMMARY}",
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


def _render_png(svg: Path, size: int, target: Path) -> None:
    # PySide6's stub declares the format as bytes, but QImage.save accepts only str at run time
    if not render_svg(svg, size).save(str(target), "PNG"):  # type: ignore[call-overload]
        raise OSError(f"could not write {target}")


def _run_if_present(*command: str) -> bool:
    if shutil.which(command[0]) is None:
        return False
    return subprocess.run(command, capture_output=True).returncode == 0


def mimeapps_path() -> Path:
    return config_home() / "mimeapps.list"


class _Changes:
    """Files written or removed so far, and directories made, so a failed install can be undone.

    A symbolic link is remembered as the link (its target path), never as its target's content. As a
    context manager it undoes them when the block raises (anything, an interrupt too), then lets the
    error go on.
    """

    def __init__(self) -> None:
        self._saved: list[tuple[Path, bytes | str | None]] = []
        self._made: list[Path] = []

    def make_dirs(self, directory: Path) -> None:
        missing = []
        while not directory.exists():
            missing.append(directory)
            directory = directory.parent
        for path in reversed(missing):
            path.mkdir()
            self._made.append(path)

    def before_change(self, path: Path) -> None:
        """Remember `path`'s content, the link it is, or its absence, before it is written or removed."""
        if all(saved != path for saved, _ in self._saved):
            if path.is_symlink():
                self._saved.append((path, os.readlink(path)))
            else:
                self._saved.append((path, path.read_bytes() if path.exists() else None))

    def replace_link(self, path: Path) -> None:
        """Remove `path` if it is a symbolic link, so that writing it never writes through the link."""
        if path.is_symlink():
            self.before_change(path)
            path.unlink()

    def __enter__(self) -> _Changes:
        return self

    def __exit__(self, kind, error, traceback) -> None:
        if kind is not None:
            self.undo()

    def undo(self) -> None:
        for path, content in reversed(self._saved):
            if path.is_symlink() or content is None or isinstance(content, str):
                path.unlink(missing_ok=True)
            if isinstance(content, str):
                path.symlink_to(content)
            elif content is not None:
                path.write_bytes(content)
        for directory in reversed(self._made):
            try:
                directory.rmdir()
            except OSError:
                pass  # not empty: something else lives there now


def _refresh_databases(root: Path, create: bool) -> None:
    """Make the desktop see what is installed under `root` now: MIME types, entries and icons."""
    _run_if_present("update-mime-database", str(root / "mime"))
    _run_if_present("update-desktop-database", str(root / "applications"))
    _refresh_icon_cache(root, create)


def _refresh_icon_cache(root: Path, create: bool) -> None:
    """Make icon lookups see the hicolor theme as it is now.

    GTK ignores an icon cache older than its theme directory, so the directory's time is touched
    first; then the cache is rebuilt (made, with `create`) where ``gtk-update-icon-cache`` exists,
    and ``xdg-icon-resource`` is asked to refresh where it exists.
    """
    hicolor = root / "icons" / "hicolor"
    if not hicolor.is_dir():
        return
    os.utime(hicolor)
    if create or (hicolor / "icon-theme.cache").exists():
        _run_if_present("gtk-update-icon-cache", "--quiet", "--ignore-theme-index", "--force", str(hicolor))
    _run_if_present("xdg-icon-resource", "forceupdate")


def install(root: Path | None = None, program: str | None = None) -> list[Path]:
    """Write the desktop entry, icons and MIME type; returns the files written.

    `program` is the path the menu entry starts (default: `launch.launch_command`).
    Either everything is installed or, on an error, nothing is changed (files written so far are
    removed and files overwritten restored) and the error is raised.
    """
    from ..app.presentation.resources import resource_path

    root = root or data_home()
    svg = resource_path("icons", f"{APP_ID}.svg")
    files = installed_files(root)
    command = " ".join(_quote(part) for part in ([program] if program else launch_command()))
    defaults = MimeAppsList.read(mimeapps_path())  # an unreadable list stops the install before it starts
    defaults.put_first(DEFAULTS, MIME_TYPE, f"{APP_ID}.desktop")
    with _Changes() as changes:
        for path in files:
            changes.make_dirs(path.parent)
            changes.before_change(path)
            changes.replace_link(path)  # a link at one of nbviz's own files is replaced, not written through
        files[0].write_text(desktop_entry(command), encoding="utf-8")
        files[1].write_text(MIME_XML, encoding="utf-8")
        for path in files[2:]:
            if path.suffix == ".svg":
                shutil.copyfile(svg, path)
            else:
                _render_png(svg, int(path.parent.parent.name.split("x")[0]), path)
        changes.make_dirs(mimeapps_path().parent)
        changes.before_change(mimeapps_path())
        defaults.write(mimeapps_path())
    _refresh_databases(root, create=True)
    return files


def _remove_empty_folders(folders: set[Path], root: Path) -> None:
    """Remove each of `folders`, then its parents, while they are empty.

    Install makes the folders its icons need (``icons/hicolor/16x16/apps``, ...); once nbviz's files
    are gone, the ones left empty go too. A folder holding anything else stays, and so do the
    shared folders every desktop program writes in (``applications``, ``mime/packages``, the
    ``hicolor`` theme itself).
    """
    shared = {root, root / "applications", root / "mime", root / "mime" / "packages", root / "icons"}
    shared.add(root / "icons" / "hicolor")
    for folder in sorted(folders, key=lambda path: len(path.parts), reverse=True):
        while folder not in shared and root in folder.parents:
            try:
                folder.rmdir()
            except OSError:
                break  # not empty (or not there): it, and so its parents, stay
            folder = folder.parent


def uninstall(root: Path | None = None) -> list[Path]:
    """Remove what `install` wrote (nbviz's files and its default-handler entry); returns the files removed.

    On an error nothing is changed: files removed so far are put back.
    """
    root = root or data_home()
    defaults = MimeAppsList.read(mimeapps_path())
    changed = defaults.remove_item(DEFAULTS, MIME_TYPE, f"{APP_ID}.desktop")
    removed = []
    with _Changes() as changes:
        for path in installed_files(root):
            if path.exists() or path.is_symlink():
                changes.before_change(path)
                path.unlink()
                removed.append(path)
        if changed:
            changes.before_change(mimeapps_path())
            defaults.write(mimeapps_path())
    _remove_empty_folders({path.parent for path in installed_files(root)}, root)
    _refresh_databases(root, create=False)
    return removed
