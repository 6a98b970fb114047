"""Whether Qt can open a window on Linux, and if not, what to install: said before Qt tries.

When its X11 platform plugin (``libqxcb.so``) cannot load, Qt prints that it needs libxcb-cursor0
(whatever is missing), says "Reinstalling the application may fix this problem" and aborts the
process. On a minimal Debian the libraries missing were libxcb-icccm4 and libxcb-keysyms1. So
before the application is made, `window_problem` loads the plugin the way Qt would; if that fails,
the plugin's dependencies are read with ``ldd`` and the message names the libraries not found and
the one apt (Debian, Ubuntu) or dnf (Fedora, RHEL) line that installs them. The same is done for
Qt's own GUI library when importing it fails (`import_problem`).
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

# soname -> (Debian/Ubuntu package, Fedora/RHEL package): the libraries Qt's xcb plugin and QtGui link
# that a minimal system may lack.
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb"),
    "libxcb-xinput.so.0": ("libxcb-xinput0", "libxcb"),
    "libxcb-glx.so.0": ("libxcb-glx0", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libSM.so.6": ("libsm6", "libSM"),
    "libICE.so.6": ("libice6", "libICE"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
}
APT_LIKE = ("debian", "ubuntu")
DNF_LIKE = ("fedora", "rhel", "centos")
NOT_FOUND = re.compile(r"^\s*(\S+)\s*=>\s*not found", re.MULTILINE)
SONAME = re.compile(r"(lib[\w.+-]+?\.so(?:\.\d+)*)")

Ldd = Callable[[Path], str]


def qt_picks_xcb(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt will try the xcb (X11) platform plugin first for a window on this system."""
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return chosen.split(";")[0].split(":")[0].strip() == "xcb"
    # in a Wayland session Qt tries its wayland plugin first, and xcb only if that fails
    return environ.get("XDG_SESSION_TYPE") != "wayland"


LDD_PLACES = ("/usr/bin/ldd", "/bin/ldd")  # where it is when PATH does not say (a bundle started by env -i)


def run_ldd(library: Path) -> str:
    """``ldd``'s listing of `library`'s dependencies ("" when ldd is missing or fails)."""
    ldd = shutil.which("ldd") or next((place for place in LDD_PLACES if Path(place).is_file()), None)
    if ldd is None:
        return ""
    try:
        return subprocess.run([ldd, str(library)], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def not_found(listing: str) -> list[str]:
    """The libraries an ``ldd`` listing says are not found, each once, in its order."""
    return list(dict.fromkeys(NOT_FOUND.findall(listing)))


def load_error(library: Path) -> str | None:
    """Load `library` as Qt loads a plugin; None when it loads, else the loader's message."""
    try:
        ctypes.CDLL(str(library), mode=os.RTLD_LAZY)
    except OSError as error:
        while error.__cause__ is not None:  # a frozen app's loader wraps the system's message in its own
            error = error.__cause__  # type: ignore[assignment]
        return str(error)
    return None


def distribution(os_release: str) -> str:
    """ "apt", "dnf" or "" (unknown), from the text of ``/etc/os-release``."""
    words = set()
    for line in os_release.splitlines():
        name, _, value = line.partition("=")
        if name in ("ID", "ID_LIKE"):
            words.update(value.strip().strip("\"'").lower().split())
    if words & set(APT_LIKE):
        return "apt"
    if words & set(DNF_LIKE):
        return "dnf"
    return ""


def _read_os_release() -> str:
    for path in ("/etc/os-release", "/usr/lib/os-release"):
        try:
            return Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
    return ""


def install_line(missing: list[str], os_release: str) -> str:
    """The command that installs the packages providing `missing` on this distribution (both when unknown)."""
    known = [PACKAGES[name] for name in missing if name in PACKAGES]
    unknown = [name for name in missing if name not in PACKAGES]
    apt = "sudo apt-get install " + " ".join(dict.fromkeys(debian for debian, _ in known))
    dnf = "sudo dnf install " + " ".join(dict.fromkeys(fedora for _, fedora in known))
    which = distribution(os_release)
    line = apt if which == "apt" else dnf if which == "dnf" else f"{apt} (Debian, Ubuntu) or {dnf} (Fedora)"
    if not known:
        line = ""
    if unknown:
        hint = f"the packages that provide {', '.join(unknown)}"
        line = f"{line}, and {hint}" if line else hint
    return line


def missing_message(what: str, missing: list[str], os_release: str) -> str:
    """One line: `what` cannot load, the libraries missing, and how to install them."""
    libraries, line = ", ".join(missing), install_line(missing, os_release)
    return f"{what}: the system libraries {libraries} are missing; install them with: {line}"


def _missing_for(library: Path, error: str, ldd: Ldd) -> list[str]:
    missing = not_found(ldd(library))
    if not missing:  # no ldd: the loader names the first one it missed
        missing = [name for name in SONAME.findall(error) if name != library.name][:1]
    return missing


def plugins_folder() -> Path:
    from PySide6.QtCore import QLibraryInfo

    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath))


def window_problem(
    environ: Mapping[str, str] | None = None,
    plugin: Path | None = None,
    ldd: Ldd | None = None,
    os_release: str | None = None,
) -> str | None:
    """Why Qt could not open a window here (one line), or None; asked before the application is made.

    Parameters
    ----------
    environ : mapping, optional
        The environment (``os.environ``).
    plugin : Path, optional
        The xcb platform plugin (default: ``platforms/libqxcb.so`` in Qt's plugins folder).
    ldd : callable, optional
        ``ldd(library)`` lists a library's dependencies as ``ldd`` does (`run_ldd`).
    os_release : str, optional
        The text of ``/etc/os-release`` (read when not given).
    """
    environ = os.environ if environ is None else environ
    if not qt_picks_xcb(environ):
        return None
    if not environ.get("DISPLAY"):
        return (
            "there is no display to open the window on (DISPLAY is not set): start nbviz in a desktop session, "
            "or let a scripted run draw without one (--screenshot, --export-figure)"
        )
    plugin = plugin or plugins_folder() / "platforms" / "libqxcb.so"
    if not plugin.is_file():
        return None  # a Qt without the plugin says so itself
    error = load_error(plugin)
    if error is None:
        return None
    missing = _missing_for(plugin, error, ldd or run_ldd)
    if not missing:
        return f"Qt's X11 platform plugin {plugin} cannot be loaded: {error}"
    release = _read_os_release() if os_release is None else os_release
    return missing_message("Qt cannot open a window on X11", missing, release)


def import_problem(error: ImportError, ldd: Ldd | None = None, os_release: str | None = None) -> str | None:
    """Why importing Qt's GUI failed, when a system library is missing (one line), else None."""
    match = SONAME.search(str(error))
    if match is None:
        return None
    missing = [match.group(1)]
    module = getattr(error, "path", None)
    if module:
        missing = not_found((ldd or run_ldd)(Path(module))) or missing
    release = _read_os_release() if os_release is None else os_release
    return missing_message("Qt's GUI library cannot be loaded", missing, release)
