"""Write the include files that ``nbviz.nsi`` builds the Windows installer from, out of a built bundle.

- ``defines.nsh``: names, version, the windowed program, the icons and the installer's file name
- ``files.nsh`` / ``unfiles.nsh``: every file of the bundle, installed; and removed one by one with
  each folder once it is empty, so the uninstaller removes exactly what the installer wrote
- ``registry.nsh`` / ``unregistry.nsh``: the HKCU keys of ``nbviz --install-desktop`` on Windows,
  from the same declaration (`nbviz.desktop.windows.registry_values`), and their removal by the same
  rule (the ProgID whole; a shared value only while it is still nbviz's; a shared key once empty)

Usage: ``python packaging/windows/make_includes.py BUNDLE OUT_FOLDER INSTALLER.exe`` (BUNDLE is
PyInstaller's ``dist/nbviz``). ``packaging/windows/build_installer.py`` runs this and ``makensis``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from nbviz import __version__
from nbviz.desktop import identity, windows

HERE = Path(__file__).resolve().parent
UNINSTALL_KEY = rf"Software\Microsoft\Windows\CurrentVersion\Uninstall\{identity.APP_ID}"


def nsis_string(text: str) -> str:
    """`text` as an NSIS string literal: quoted with a delimiter it does not contain, ``$`` kept for variables."""
    for quote in ('"', "'", "`"):
        if quote not in text:
            return f"{quote}{text}{quote}"
    raise ValueError(f"cannot quote {text!r} for NSIS")


def literal(text: str) -> str:
    """`text` with no NSIS variables in it (a file name): each ``$`` doubled."""
    return nsis_string(text.replace("$", "$$"))


def gui_program(bundle: Path) -> str:
    """The windowed program's file name in `bundle` (``nbviz-gui.exe``; ``nbviz-gui`` in a Linux bundle)."""
    for name in (f"{identity.GUI_PROGRAM}.exe", identity.GUI_PROGRAM):
        if (bundle / name).is_file():
            return name
    raise FileNotFoundError(f"{bundle} has no {identity.GUI_PROGRAM} program: build the bundle first")


def bundle_files(bundle: Path) -> list[Path]:
    """Every file of `bundle`, relative to it, sorted (links are files: NSIS copies what they point at)."""
    return sorted(path.relative_to(bundle) for path in bundle.rglob("*") if path.is_file())


def windows_path(relative: Path) -> str:
    return "\\".join(relative.parts)


def installed(relative: Path) -> str:
    """`relative`'s path under the install folder, as an NSIS string (``$INSTDIR\\...``)."""
    return nsis_string("$INSTDIR" + "".join("\\" + part.replace("$", "$$") for part in relative.parts))


def files_nsh(bundle: Path) -> tuple[str, str]:
    """(install, uninstall) NSIS lines for every file of `bundle`."""
    install, folders = [], set()
    current = None
    for relative in bundle_files(bundle):
        folder = relative.parent
        if folder != current:
            install.append(f"SetOutPath {installed(folder)}")
            current = folder
        install.append(f"File {nsis_string(str((bundle / relative).resolve()))}")
        folders.update(relative.parents)
    remove = [f"Delete {installed(relative)}" for relative in bundle_files(bundle)]
    for folder in sorted((f for f in folders if f.parts), key=lambda f: len(f.parts), reverse=True):
        remove.append(f"RMDir {installed(folder)}")  # only if empty: a file the user put there stays
    install.append('SetOutPath "$INSTDIR"')
    return "\n".join(install) + "\n", "\n".join(remove) + "\n"


def session_icon(bundle: Path) -> str:
    """The session icon's path in the installed folder (the bundle carries it, from packaging/nbviz.spec)."""
    found = sorted(bundle.rglob(f"{identity.SESSION_ICON}.ico"))
    if not found:
        raise FileNotFoundError(f"{bundle} has no {identity.SESSION_ICON}.ico: build it with packaging/nbviz.spec")
    return "$INSTDIR\\" + windows_path(found[0].relative_to(bundle))


def registry_nsh(bundle: Path) -> tuple[str, str]:
    """(install, uninstall) NSIS lines for the HKCU keys, as `nbviz.desktop.windows` writes and removes them."""
    command = windows.open_command([f"$INSTDIR\\{gui_program(bundle)}"])
    values = windows.registry_values(command, session_icon(bundle))
    install = [f"WriteRegStr HKCU {nsis_string(v.key)} {nsis_string(v.name)} {nsis_string(v.data)}" for v in values]
    remove = [f"DeleteRegKey HKCU {nsis_string(windows.PROG_ID_KEY)}"]
    for number, value in enumerate(windows.shared_values()):
        keep = f"keep_{number}"  # another program's value (or none): left alone
        remove += [
            "ClearErrors",
            f"ReadRegStr $0 HKCU {nsis_string(value.key)} {nsis_string(value.name)}",
            f"IfErrors {keep}",
            f"StrCmp $0 {nsis_string(value.data)} 0 {keep}",
            f"DeleteRegValue HKCU {nsis_string(value.key)} {nsis_string(value.name)}",
            f"{keep}:",
        ]
    remove += [f"DeleteRegKey /ifempty HKCU {nsis_string(key)}" for key in windows.shared_keys()]
    return "\n".join(install) + "\n", "\n".join(remove) + "\n"


def defines_nsh(bundle: Path, installer: Path, app_icon: Path | None) -> str:
    defines = {
        "APP_ID": identity.APP_ID,
        "APP_NAME": identity.APP_NAME,
        "PUBLISHER": identity.PUBLISHER,
        "VERSION": __version__,
        "GUI_EXE": gui_program(bundle),
        "UNINSTALL_KEY": UNINSTALL_KEY,
        "OUT_FILE": str(installer.resolve()),
    }
    if app_icon is not None:
        defines["APP_ICON"] = str(app_icon.resolve())
    return "".join(f"!define {name} {literal(value)}\n" for name, value in defines.items())


def write_includes(bundle: Path, out: Path, installer: Path, app_icon: Path | None = None) -> list[Path]:
    """Write the five include files into `out`; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    files, unfiles = files_nsh(bundle)
    registry, unregistry = registry_nsh(bundle)
    texts = {
        "defines.nsh": defines_nsh(bundle, installer, app_icon),
        "files.nsh": files,
        "unfiles.nsh": unfiles,
        "registry.nsh": registry,
        "unregistry.nsh": unregistry,
    }
    written = []
    for name, text in texts.items():
        path = out / name
        path.write_text(text, encoding="utf-8-sig")  # makensis reads a BOM as UTF-8
        written.append(path)
    return written


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: python packaging/windows/make_includes.py BUNDLE OUT_FOLDER INSTALLER.exe [APP.ico]")
    icon = Path(sys.argv[4]) if len(sys.argv) == 5 else None
    for path in write_includes(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), icon):
        print(path)
