"""--install-desktop on Windows: the HKCU keys for .nbviz sessions, written and removed through
`WinRegistry` over a stand-in for the standard library's ``winreg`` that behaves as Windows' registry
does (keys are case-insensitive; DeleteKey refuses a key with subkeys; EnumKey raises past the last)."""

import pytest

from nbviz import desktop
from nbviz.desktop import windows
from nbviz.desktop.windows import EXTENSION_KEY, PROG_ID_KEY, WinRegistry


class FakeKeyHandle:
    def __init__(self, registry, path):
        self.registry, self.path = registry, path

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


NOT_FOUND = (2, "The system cannot find the file specified")


class FakeWinreg:
    """The parts of ``winreg`` nbviz uses, over a dict {key path (lower case): {name: (value, kind)}}."""

    HKEY_CURRENT_USER, KEY_READ, KEY_WRITE, KEY_SET_VALUE, REG_SZ, REG_DWORD = "HKCU", 1, 2, 4, 1, 4

    def __init__(self):
        self.keys: dict[str, dict[str, tuple[object, int]]] = {}
        self.names: dict[str, str] = {}  # lower case -> as first written

    def _path(self, root, sub) -> str:
        assert root == "HKCU" or isinstance(root, FakeKeyHandle)
        return sub.lower()

    def _children(self, path) -> list[str]:
        return [self.names[key].split("\\")[-1] for key in self.keys if key.rpartition("\\")[0] == path]

    def OpenKey(self, root, sub, reserved=0, access=1):  # noqa: N802 (winreg's names)
        path = self._path(root, sub)
        if path not in self.keys:
            raise FileNotFoundError(*NOT_FOUND)
        return FakeKeyHandle(self, path)

    def CreateKeyEx(self, root, sub, reserved=0, access=2):  # noqa: N802
        parts = sub.split("\\")
        for end in range(1, len(parts) + 1):
            path = "\\".join(parts[:end])
            self.keys.setdefault(path.lower(), {})
            self.names.setdefault(path.lower(), path)
        return FakeKeyHandle(self, sub.lower())

    def SetValueEx(self, handle, name, reserved, kind, data):  # noqa: N802
        self.keys[handle.path][name.lower()] = (data, kind)

    def QueryValueEx(self, handle, name):  # noqa: N802
        try:
            return self.keys[handle.path][name.lower()]
        except KeyError:
            raise FileNotFoundError(*NOT_FOUND) from None

    def DeleteValue(self, handle, name):  # noqa: N802
        if name.lower() not in self.keys[handle.path]:
            raise FileNotFoundError(*NOT_FOUND)
        del self.keys[handle.path][name.lower()]

    def EnumKey(self, handle, index):  # noqa: N802
        found = self._children(handle.path)
        if index >= len(found):
            raise OSError(259, "No more data is available")
        return found[index]

    def DeleteKey(self, root, sub):  # noqa: N802
        path = self._path(root, sub)
        if path not in self.keys:
            raise FileNotFoundError(*NOT_FOUND)
        if self._children(path):
            raise PermissionError(5, "Access is denied")  # RegDeleteKey refuses a key with subkeys
        del self.keys[path]

    def QueryInfoKey(self, handle):  # noqa: N802
        return len(self._children(handle.path)), len(self.keys[handle.path]), 0


def fake_winreg() -> FakeWinreg:
    return FakeWinreg()


@pytest.fixture
def registry():
    module = fake_winreg()
    # Software\Classes holds other programs' types before nbviz comes
    WinRegistry(module).set(r"Software\Classes\.txt", "", "txtfile")
    return WinRegistry(module)


COMMAND = r'"C:\Users\ada\AppData\Local\Programs\nbviz\nbviz-gui.exe" "%1"'
ICON = r"C:\Users\ada\AppData\Local\Programs\nbviz\_internal\nbviz\_data\icons\nbviz-session.ico"


def test_install_writes_the_progid_its_open_command_and_the_extension(registry):
    windows.install(registry, COMMAND, ICON)
    assert registry.get(r"Software\Classes\.nbviz", "") == "nbviz.session"
    assert registry.get(r"Software\Classes\.nbviz", "Content Type") == "application/x-nbviz-session"
    assert registry.get(r"Software\Classes\.nbviz\OpenWithProgids", "nbviz.session") == ""
    assert registry.get(r"Software\Classes\nbviz.session", "") == "nbviz session"
    assert registry.get(r"Software\Classes\nbviz.session\shell\open\command", "") == COMMAND
    assert registry.get(r"Software\Classes\nbviz.session\DefaultIcon", "") == ICON


def test_uninstall_leaves_the_registry_as_it_was(registry):
    before = {key: dict(values) for key, values in registry._winreg.keys.items()}
    windows.install(registry, COMMAND, ICON)
    windows.uninstall(registry)
    assert registry._winreg.keys == before
    assert registry.get(r"Software\Classes\.txt", "") == "txtfile"


def test_uninstall_keeps_what_another_program_set_on_the_shared_key(registry):
    windows.install(registry, COMMAND, ICON)
    # later another program took .nbviz over and listed itself beside nbviz
    registry.set(EXTENSION_KEY, "", "Other.Session")
    registry.set(EXTENSION_KEY + r"\OpenWithProgids", "Other.Session", "")
    removed = windows.uninstall(registry)
    assert registry.get(EXTENSION_KEY, "") == "Other.Session"
    assert registry.get(EXTENSION_KEY + r"\OpenWithProgids", "Other.Session") == ""
    assert registry.get(EXTENSION_KEY + r"\OpenWithProgids", "nbviz.session") is None
    assert registry.get(EXTENSION_KEY, "Content Type") is None  # still nbviz's: removed
    assert not registry.exists(PROG_ID_KEY) and PROG_ID_KEY in removed
    assert registry.exists(EXTENSION_KEY + r"\OpenWithProgids")  # not empty: stays


def test_uninstall_removes_a_progid_tree_with_keys_added_under_it(registry):
    windows.install(registry, COMMAND, ICON)
    registry.set(PROG_ID_KEY + r"\shell\edit\command", "", "notepad.exe %1")  # added by hand
    windows.uninstall(registry)
    assert not registry.exists(PROG_ID_KEY)


def test_a_failed_install_puts_the_registry_back(registry, monkeypatch):
    registry.set(EXTENSION_KEY, "", "Old.Session")  # what was there before
    before = {key: dict(values) for key, values in registry._winreg.keys.items()}
    module = registry._winreg
    real_set_value, calls = module.SetValueEx, []

    def fail_on_the_fifth(handle, name, reserved, kind, data):  # e.g. a policy denies one key
        calls.append(name)
        if len(calls) == 5:
            raise PermissionError(5, "Access is denied")
        real_set_value(handle, name, reserved, kind, data)

    monkeypatch.setattr(module, "SetValueEx", fail_on_the_fifth)
    with pytest.raises(PermissionError):
        windows.install(registry, COMMAND, ICON)
    assert registry._winreg.keys == before


def test_the_open_command_quotes_each_part_and_the_file():
    assert windows.open_command([r"C:\Program Files\nbviz\nbviz-gui.exe"]) == (
        r'"C:\Program Files\nbviz\nbviz-gui.exe" "%1"'
    )
    assert windows.open_command([r"C:\Python\pythonw.exe", "-m", "nbviz"]) == (
        r'"C:\Python\pythonw.exe" "-m" "nbviz" "%1"'
    )


def test_install_desktop_on_windows_writes_the_keys_and_an_icon_and_uninstall_removes_both(
    registry, tmp_path, monkeypatch
):
    from nbviz.app.presentation import state_folder
    from nbviz.desktop import launch

    monkeypatch.setattr(state_folder, "state_folder", lambda: tmp_path / "Local" / "nbviz")
    monkeypatch.setattr(launch, "launch_command", lambda: [r"C:\venv\Scripts\nbviz-gui.exe"])
    lines = desktop.integrate_windows(True, registry)
    icon = tmp_path / "Local" / "nbviz" / "nbviz-session.ico"
    assert icon.is_file() and icon.read_bytes()[:4] == b"\x00\x00\x01\x00"  # an .ico: reserved 0, type 1
    assert registry.get(PROG_ID_KEY + r"\DefaultIcon", "") == str(icon)
    assert registry.get(PROG_ID_KEY + r"\shell\open\command", "") == r'"C:\venv\Scripts\nbviz-gui.exe" "%1"'
    assert "nbviz-gui.exe" in lines[0]
    desktop.integrate_windows(False, registry)
    assert not icon.exists() and not registry.exists(PROG_ID_KEY) and not registry.exists(EXTENSION_KEY)
