"""--install-desktop writes a valid menu entry, icons and the .nbviz MIME type; uninstall removes them."""

import configparser
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtGui import QImage

from nbviz.desktop import xdg as desktop


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


USERS_LIST = (
    "# my own defaults: keep this comment\r\n"
    "[Default Applications]\r\n"
    "text/plain=org.gnome.TextEditor.desktop\r\n"
    "# GLib takes the last of a repeated key\r\n"
    "text/plain=emacs.desktop\r\n"
    "\r\n"
    "[Added Associations]\r\n"
    "image/png=gimp.desktop;eog.desktop;\r\n"
    "[Default Applications]\r\n"
    "text/html=firefox.desktop\r\n"
)


def write_list(xdg, text):
    path = xdg / "config" / "mimeapps.list"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode())
    return path


def installed_now(xdg):
    return [path for path in desktop.installed_files(xdg / "data") if path.exists()]


def test_a_list_with_repeated_keys_and_comments_keeps_every_line(xdg):
    """GLib accepts a repeated key (configparser refused it half-way); only nbviz's line changes."""
    path = write_list(xdg, USERS_LIST)
    desktop.install(program="/usr/bin/nbviz")
    lines = path.read_bytes().decode().splitlines(keepends=True)
    original = USERS_LIST.splitlines(keepends=True)
    # added to the last [Default Applications] group, after its entries, with the file's line end
    assert lines == original + ["application/x-nbviz-session=nbviz.desktop\r\n"]
    desktop.uninstall()
    assert path.read_bytes() == USERS_LIST.encode()  # byte for byte


def test_an_earlier_default_comes_back_after_uninstalling(xdg):
    path = write_list(xdg, "[Default Applications]\napplication/x-nbviz-session=old.desktop\n# end\n")
    desktop.install(program="/usr/bin/nbviz")
    assert path.read_text() == (
        "[Default Applications]\napplication/x-nbviz-session=nbviz.desktop;old.desktop;\n# end\n"
    )
    desktop.uninstall()
    assert path.read_text() == "[Default Applications]\napplication/x-nbviz-session=old.desktop\n# end\n"


def test_a_failure_half_way_leaves_nothing_installed(xdg, monkeypatch):
    path = write_list(xdg, USERS_LIST)
    earlier = xdg / "data" / "applications" / "nbviz.desktop"
    earlier.parent.mkdir(parents=True)
    earlier.write_text("[Desktop Entry]\nName=an earlier nbviz\n")
    drawn = []

    def render(svg, size, target):
        if len(drawn) == 5:
            raise OSError(f"could not write {target}")  # e.g. the disk is full
        target.write_bytes(b"png")
        drawn.append(target)

    monkeypatch.setattr(desktop, "_render_png", render)
    with pytest.raises(OSError, match="could not write"):
        desktop.install(program="/usr/bin/nbviz")
    assert installed_now(xdg) == [earlier]  # restored, not replaced
    assert earlier.read_text() == "[Desktop Entry]\nName=an earlier nbviz\n"
    assert path.read_bytes() == USERS_LIST.encode()
    assert not (xdg / "data" / "icons").exists() and not (xdg / "data" / "mime").exists()  # made, then removed


def test_a_list_that_is_not_utf8_stops_the_install_before_it_starts(xdg):
    path = xdg / "config" / "mimeapps.list"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"[Default Applications]\ntext/plain=\xff.desktop\n")
    with pytest.raises(OSError, match=r"mimeapps.list is not UTF-8 text"):
        desktop.install(program="/usr/bin/nbviz")
    assert installed_now(xdg) == [] and path.read_bytes().endswith(b"\xff.desktop\n")


def test_uninstall_refreshes_the_icon_cache(xdg, monkeypatch):
    tools = xdg / "bin"
    tools.mkdir()
    log = xdg / "calls.log"
    xdg_log = xdg / "xdg-calls.log"
    # stand-ins for both tools (a real xdg-icon-resource would call the real cache tool too)
    for name, written in (("gtk-update-icon-cache", log), ("xdg-icon-resource", xdg_log)):
        fake = tools / name
        fake.write_text(f'#!/bin/sh\necho "$@" >> "{written}"\n')
        fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    desktop.install(program="/usr/bin/nbviz")
    hicolor = xdg / "data" / "icons" / "hicolor"
    (hicolor / "icon-theme.cache").write_bytes(b"a cache naming nbviz's icons")
    os.utime(hicolor, (1_000_000, 1_000_000))  # a theme directory older than its cache
    log.write_text("")
    xdg_log.write_text("")
    desktop.uninstall()
    assert log.read_text().split() == ["--quiet", "--ignore-theme-index", "--force", str(hicolor)]
    assert xdg_log.read_text().split() == ["forceupdate"]
    assert hicolor.stat().st_mtime > 1_000_000  # without the tool, GTK sees the cache is stale


def test_the_command_line_installs_over_a_list_glib_accepts(xdg, capsys):
    from nbviz import cli

    write_list(xdg, USERS_LIST)
    assert cli.main(["--install-desktop"]) == 0
    assert cli.main(["--uninstall-desktop"]) == 0
    assert (xdg / "config" / "mimeapps.list").read_bytes() == USERS_LIST.encode()
    assert "Traceback" not in capsys.readouterr().err


def test_a_symlinked_mimeapps_list_keeps_its_link_and_its_target_gets_the_association(xdg):
    dotfiles = xdg / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "mimeapps.list"
    target.write_text("# mine\n[Default Applications]\ntext/plain=gedit.desktop\n")
    link = xdg / "config" / "mimeapps.list"
    link.parent.mkdir(parents=True)
    link.symlink_to(target)
    desktop.install(program="/usr/bin/nbviz")
    assert link.is_symlink() and link.resolve() == target
    assert "application/x-nbviz-session=nbviz.desktop" in target.read_text()
    assert target.read_text().startswith("# mine\n[Default Applications]\ntext/plain=gedit.desktop\n")
    desktop.uninstall()
    assert link.is_symlink() and target.read_text() == "# mine\n[Default Applications]\ntext/plain=gedit.desktop\n"


def test_a_symlink_at_the_desktop_entry_is_replaced_never_written_through(xdg):
    elsewhere = xdg / "elsewhere.desktop"
    elsewhere.write_text("someone else's file\n")
    entry = xdg / "data" / "applications" / "nbviz.desktop"
    entry.parent.mkdir(parents=True)
    entry.symlink_to(elsewhere)
    desktop.install(program="/usr/bin/nbviz")
    assert elsewhere.read_text() == "someone else's file\n"
    assert not entry.is_symlink() and read_entry(entry)["Exec"] == "/usr/bin/nbviz %f"


def test_a_failed_install_puts_a_replaced_link_back(xdg, monkeypatch):
    elsewhere = xdg / "elsewhere.desktop"
    elsewhere.write_text("someone else's file\n")
    entry = xdg / "data" / "applications" / "nbviz.desktop"
    entry.parent.mkdir(parents=True)
    entry.symlink_to(elsewhere)

    def fail(*args):
        raise OSError("disk full")

    monkeypatch.setattr(desktop, "_render_png", fail)
    with pytest.raises(OSError, match="disk full"):
        desktop.install(program="/usr/bin/nbviz")
    assert entry.is_symlink() and entry.resolve() == elsewhere
    assert elsewhere.read_text() == "someone else's file\n"


def test_uninstall_removes_the_icon_folders_install_made_once_they_are_empty(xdg):
    hicolor = xdg / "data" / "icons" / "hicolor"
    (hicolor / "48x48" / "apps").mkdir(parents=True)
    other = hicolor / "48x48" / "apps" / "other.png"
    other.write_bytes(b"another program's icon")
    desktop.install(program="/usr/bin/nbviz")
    desktop.uninstall()
    assert other.read_bytes() == b"another program's icon"  # a folder with another file stays
    left = sorted(str(path.relative_to(hicolor)) for path in hicolor.rglob("*") if path.is_dir())
    assert left == ["48x48", "48x48/apps"]
    assert (xdg / "data" / "applications").is_dir()  # the shared folders stay
