"""--install-desktop writes a valid menu entry, icons and the .nbviz MIME type; uninstall removes them."""

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtGui import QImage

from nbviz import desktop


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def read_entry(path):
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_install_writes_entry_icons_and_mime_type(xdg):
    files = desktop.install(program="/opt/nb viz/bin/nbviz")
    assert all(path.exists() for path in files)
    entry = read_entry(xdg / "data" / "applications" / "nbviz.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "nbviz" and entry["Icon"] == "nbviz"
    assert entry["Exec"] == '"/opt/nb viz/bin/nbviz" %f'  # quoted: the path has a space
    assert entry["MimeType"] == "application/x-nbviz-session;" and entry["Terminal"] == "false"
    assert entry["Categories"].startswith("Education;")
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(files[0])], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout

    mime = ET.parse(xdg / "data" / "mime" / "packages" / "nbviz.xml").getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    node = mime.find("m:mime-type", ns)
    assert node.get("type") == "application/x-nbviz-session"
    assert node.find("m:glob", ns).get("pattern") == "*.nbviz"

    for size in desktop.ICON_SIZES:
        image = QImage(str(xdg / "data" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "nbviz.png"))
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(size // 2, size // 2).alpha() > 0  # something was drawn
    assert (xdg / "data" / "icons" / "hicolor" / "scalable" / "apps" / "nbviz.svg").read_text().lstrip().startswith("<")

    defaults = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    defaults.optionxform = str
    defaults.read(xdg / "config" / "mimeapps.list")
    assert defaults["Default Applications"]["application/x-nbviz-session"] == "nbviz.desktop"


def test_uninstall_removes_exactly_what_install_wrote(xdg):
    mimeapps = xdg / "config" / "mimeapps.list"
    mimeapps.parent.mkdir(parents=True)
    mimeapps.write_text("[Default Applications]\ntext/plain=org.gnome.TextEditor.desktop\n")
    other = xdg / "data" / "applications" / "other.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\n")
    files = desktop.install(program="/usr/bin/nbviz")
    removed = desktop.uninstall()
    assert sorted(removed) == sorted(files)
    assert not any(path.exists() for path in files) and other.exists()
    text = mimeapps.read_text()
    assert "text/plain=org.gnome.TextEditor.desktop" in text and "nbviz" not in text
