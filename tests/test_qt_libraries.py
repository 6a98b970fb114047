"""First start on a minimal Linux: when Qt's xcb plugin cannot load, nbviz names the missing libraries
(read from the plugin's dependencies) and the one apt or dnf line that installs them, before Qt aborts
with a message naming another library."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nbviz.startup import qt_libraries
from nbviz.startup.qt_libraries import import_problem, install_line, not_found, qt_picks_xcb, window_problem

# ldd on PySide6 6.11's libqxcb.so on Debian 12 without libxcb-icccm4 and libxcb-keysyms1 (shortened)
LDD_LISTING = """\tlinux-vdso.so.1 (0x00007fbb6af97000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/plugins/platforms/../../lib/libQt6XcbQpa.so.6 (0x00007fbb6aec9000)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007fbb6addd000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-util.so.1 => /lib/x86_64-linux-gnu/libxcb-util.so.1 (0x00007fbb6add5000)
\tlibxcb-keysyms.so.1 => not found
\tlibX11.so.6 => /lib/x86_64-linux-gnu/libX11.so.6 (0x00007fbb698be000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
"""
DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n'
UBUNTU = "ID=ubuntu\nID_LIKE=debian\n"
FEDORA = "ID=fedora\nVERSION_ID=40\n"
ROCKY = 'ID="rocky"\nID_LIKE="rhel centos fedora"\n'
X11 = {"DISPLAY": ":0"}


def unloadable_plugin(tmp_path):
    plugin = tmp_path / "platforms" / "libqxcb.so"
    plugin.parent.mkdir(parents=True)
    plugin.write_bytes(b"not a shared object")  # the loader refuses it, as it does a plugin missing its libraries
    return plugin


def test_ldds_not_found_lines_name_each_library_once():
    assert not_found(LDD_LISTING) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    assert not_found("\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x1)\n") == []


@pytest.mark.parametrize(
    "release, expected",
    [
        (DEBIAN, "sudo apt-get install libxcb-icccm4 libxcb-keysyms1"),
        (UBUNTU, "sudo apt-get install libxcb-icccm4 libxcb-keysyms1"),
        (FEDORA, "sudo dnf install xcb-util-wm xcb-util-keysyms"),
        (ROCKY, "sudo dnf install xcb-util-wm xcb-util-keysyms"),
        (
            "ID=arch\n",
            "sudo apt-get install libxcb-icccm4 libxcb-keysyms1 (Debian, Ubuntu) or "
            "sudo dnf install xcb-util-wm xcb-util-keysyms (Fedora)",
        ),
    ],
)
def test_the_install_line_is_the_distributions_own(release, expected):
    assert install_line(["libxcb-icccm.so.4", "libxcb-keysyms.so.1"], release) == expected


def test_a_library_of_no_known_package_is_named_for_the_user_to_find():
    line = install_line(["libxcb-cursor.so.0", "libfoo.so.3"], DEBIAN)
    assert line == "sudo apt-get install libxcb-cursor0, and the packages that provide libfoo.so.3"


def test_a_plugin_that_cannot_load_is_explained_by_its_missing_libraries(tmp_path):
    plugin = unloadable_plugin(tmp_path)
    asked = []

    def ldd(library):
        asked.append(library)
        return LDD_LISTING

    message = window_problem(X11, plugin=plugin, ldd=ldd, os_release=DEBIAN)
    assert asked == [plugin]
    assert message == (
        "Qt cannot open a window on X11: the system libraries libxcb-icccm.so.4, libxcb-keysyms.so.1 are missing; "
        "install them with: sudo apt-get install libxcb-icccm4 libxcb-keysyms1"
    )
    assert "cursor" not in message  # Qt's own message blamed libxcb-cursor0, which was there


def test_without_ldd_the_loaders_own_message_names_the_first_missing_library(tmp_path, monkeypatch):
    plugin = unloadable_plugin(tmp_path)
    loader_says = "libxcb-icccm.so.4: cannot open shared object file: No such file or directory"
    monkeypatch.setattr(qt_libraries, "load_error", lambda library: loader_says)
    message = window_problem(X11, plugin=plugin, ldd=lambda library: "", os_release=FEDORA)
    assert message.endswith("libxcb-icccm.so.4 are missing; install them with: sudo dnf install xcb-util-wm")


def test_a_frozen_apps_own_loader_message_is_looked_behind(tmp_path, monkeypatch):
    plugin = unloadable_plugin(tmp_path)

    def cdll(path, mode):  # PyInstaller's ctypes hook raises its own error from the system's
        try:
            raise OSError("libxcb-icccm.so.4: cannot open shared object file: No such file or directory")
        except OSError as system:
            raise OSError(f"Failed to load dynlib/dll {path!r}. Most likely it was not found when frozen.") from system

    monkeypatch.setattr(qt_libraries.ctypes, "CDLL", cdll)
    message = window_problem(X11, plugin=plugin, ldd=lambda library: "", os_release=DEBIAN)
    assert "libxcb-icccm.so.4 are missing" in message and "libqxcb.so" not in message


def test_a_plugin_that_loads_is_no_problem():
    plugins = Path(qt_libraries.plugins_folder())
    plugin = plugins / "platforms" / "libqoffscreen.so"  # loads wherever Qt runs headless, as the suite does
    assert window_problem(X11, plugin=plugin, ldd=lambda library: pytest.fail("ldd asked")) is None


@pytest.mark.parametrize(
    "environ, picked",
    [
        ({}, True),
        ({"QT_QPA_PLATFORM": "xcb"}, True),
        ({"QT_QPA_PLATFORM": "offscreen"}, False),
        ({"QT_QPA_PLATFORM": "wayland;xcb"}, False),
        ({"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"}, False),
        ({"XDG_SESSION_TYPE": "x11", "DISPLAY": ":0"}, True),
    ],
)
def test_the_check_is_made_when_qt_tries_xcb_first(environ, picked):
    assert qt_picks_xcb(environ, "linux") is picked
    assert not qt_picks_xcb(environ, "darwin") and not qt_picks_xcb(environ, "win32")


def test_no_display_at_all_is_said_instead_of_qts_abort():
    message = window_problem({}, ldd=lambda library: pytest.fail("ldd asked"))
    assert message.startswith("there is no display to open the window on (DISPLAY is not set)")


def test_a_missing_library_of_qts_gui_module_is_named_with_its_install_line():
    error = ImportError(
        "libEGL.so.1: cannot open shared object file: No such file or directory", path="/venv/PySide6/QtGui.abi3.so"
    )
    listing = "\tlibEGL.so.1 => not found\n\tlibfontconfig.so.1 => not found\n"
    message = import_problem(error, ldd=lambda library: listing, os_release=DEBIAN)
    assert message == (
        "Qt's GUI library cannot be loaded: the system libraries libEGL.so.1, libfontconfig.so.1 are missing; "
        "install them with: sudo apt-get install libegl1 libfontconfig1"
    )
    assert import_problem(ImportError("No module named 'PySide6'")) is None


def test_the_command_line_says_it_before_qt_is_asked_for_a_window(tmp_path):
    """In its own process: Qt, once asked, would abort the process instead."""
    plugins = tmp_path / "plugins"
    unloadable_plugin(plugins)
    script = (
        "from pathlib import Path\n"
        "import nbviz.startup.qt_libraries as q\n"
        f"q.plugins_folder = lambda: Path({str(plugins)!r})\n"
        f"q.run_ldd = lambda library: {LDD_LISTING!r}\n"
        f"q._read_os_release = lambda: {DEBIAN!r}\n"
        "from nbviz.cli import main\n"
        "raise SystemExit(main(['--preset', 'faithful']))\n"
    )
    environ = {name: value for name, value in os.environ.items() if name not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    environ |= {"DISPLAY": ":99", "XDG_SESSION_TYPE": "x11"}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environ, timeout=60)
    assert result.returncode == 2
    assert result.stderr == (
        "nbviz: error: Qt cannot open a window on X11: the system libraries libxcb-icccm.so.4, libxcb-keysyms.so.1 "
        "are missing; install them with: sudo apt-get install libxcb-icccm4 libxcb-keysyms1\n"
    )
