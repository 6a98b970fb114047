"""The command a menu entry or file association starts: in a frozen bundle its nbviz-gui executable
alone (no ``-m``), in a pip install the nbviz-gui script, else this Python with ``-m nbviz``."""

import configparser
import shutil
import subprocess
import sys

import pytest

from nbviz.app.documents.session_file import SUFFIX
from nbviz.desktop import identity, launch, xdg


def make_program(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def frozen_bundle(tmp_path, monkeypatch):
    """A PyInstaller onedir as the running program: <bundle>/nbviz (running) beside <bundle>/nbviz-gui."""
    bundle = tmp_path / "nb viz bundle"
    console = make_program(bundle / "nbviz")
    make_program(bundle / "nbviz-gui")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(console))
    return bundle


def test_a_frozen_bundle_starts_its_windowed_executable_alone(frozen_bundle):
    assert launch.launch_command() == [str(frozen_bundle / "nbviz-gui")]


def test_a_frozen_bundle_without_a_windowed_executable_starts_itself(frozen_bundle):
    (frozen_bundle / "nbviz-gui").unlink()
    assert launch.launch_command() == [str(frozen_bundle / "nbviz")]


def test_the_bundles_desktop_entry_execs_the_bundle_without_dash_m(frozen_bundle, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    files = xdg.install()
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(files[0], encoding="utf-8")
    exec_line = parser["Desktop Entry"]["Exec"]
    assert exec_line == f'"{frozen_bundle}/nbviz-gui" %f'  # quoted: the folder's name has spaces
    assert "-m" not in exec_line.split()
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(files[0])], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_a_pip_install_starts_the_gui_script_beside_its_python(tmp_path, monkeypatch):
    python = make_program(tmp_path / "venv" / "bin" / "python")
    make_program(tmp_path / "venv" / "bin" / "nbviz")
    gui = make_program(tmp_path / "venv" / "bin" / "nbviz-gui")
    monkeypatch.setattr(sys, "executable", str(python))
    assert launch.launch_command() == [str(gui)]
    gui.unlink()  # an older install with the console script only
    assert launch.launch_command() == [str(tmp_path / "venv" / "bin" / "nbviz")]


def test_without_any_script_this_python_runs_the_module(tmp_path, monkeypatch):
    python = make_program(tmp_path / "checkout" / "python3")
    monkeypatch.setattr(sys, "executable", str(python))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert launch.launch_command() == [str(python), "-m", "nbviz"]


def test_the_session_suffix_the_desktops_register_is_the_one_sessions_are_saved_with():
    assert identity.SESSION_SUFFIX == SUFFIX
    assert xdg.MIME_TYPE == identity.MIME_TYPE and f'pattern="*{SUFFIX}"' in xdg.MIME_XML


def test_install_desktop_on_macos_says_the_app_registers_sessions_itself(capsys):
    from nbviz import desktop

    with pytest.raises(desktop.DesktopError, match="nbviz.app"):
        desktop.install_desktop(platform="darwin")
    with pytest.raises(desktop.DesktopError, match="nbviz.app"):
        desktop.uninstall_desktop(platform="darwin")
