"""--install-desktop on Windows: the HKCU keys for .nbviz sessions, written and removed through
`WinRegistry` over a stand-in for the standard library's ``winreg`` that behaves as Windows' registry
does (keys are case-insensitive; DeleteKey refuses a key with subkeys; EnumKey raises past the last)."""

import types

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


def fake_winreg():
    """A module with the parts of ``winreg`` nbviz uses, over a dict {key path (lower case): {name: value}}."""
    keys: dict[str, dict[str, tuple[object, int]]] = {}
    names: dict[str, str] = {}  # lower case -> as first written
    module = types.SimpleNamespace(
        HKEY_CURRENT_USER="HKCU", KEY_READ=1, KEY_WRITE=2, KEY_SET_VALUE=4, REG_SZ=1, REG_DWORD=4, keys=keys
    )

    def path_of(root, sub):
        assert root == "HKCU" or isinstance(root, FakeKeyHandle)
        return sub.lower()

    def open_key(root, sub, reserved=0, access=1):
        path = path_of(root, sub)
        if path not in keys:
            raise FileNotFoundError(2, "The system cannot find the file specified")
        return FakeKeyHandle(module, path)

    def create_key(root, sub, reserved=0, access=2):
        parts = sub.split("\\")
        for end in range(1, len(parts) + 1):
            path = "\\".join(parts[:end])
            keys.setdefault(path.lower(), {})
            names.setdefault(path.lower(), path)
        return FakeKeyHandle(module, sub.lower())

    def set_value(handle, name, reserved, kind, data):
        keys[handle.path][name.lower()] = (data, kind)

    def query_value(handle, name):
        try:
            return keys[handle.path][name.lower()]
        except KeyError:
            raise FileNotFoundError(2, "The system cannot find the file specified") from None

    def delete_value(handle, name):
        if name.lower() not in keys[handle.path]:
            raise FileNotFoundError(2, "The system cannot find the file specified")
        del keys[handle.path][name.lower()]

    def children(path):
        return [names[key].split("\\")[-1] for key in keys if key.rpartition("\\")[0] == path]

    def enum_key(handle, index):
        found = children(handle.path)
        if index >= len(found):
            raise OSError(259, "No more data is available")
        return found[index]

    def delete_key(root, sub):
        path = path_of(root, sub)
        if path not in keys:
            raise FileNotFoundError(2, "The system cannot find the file specified")
        if children(path):
            raise PermissionError(5, "Access is denied")  # RegDeleteKey refuses a key with subkeys
        del keys[path]

    def query_info(handle):
        return len(children(handle.path)), len(keys[handle.path]), 0

    module.OpenKey, module.CreateKeyEx, module.SetValueEx = open_key, create_key, set_value
    module.QueryValueEx, module.DeleteValue, module.EnumKey = query_value, delete_value, enum_key
    module.DeleteKey, module.QueryInfoKey = delete_key, query_info
    return module


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
