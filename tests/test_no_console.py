"""Runs with no console (sys.stdout and sys.stderr None, as under pythonw and in a windowed bundle), in
process: every message reaches the user, in the window, in a dialog, and in the message log."""

import sys

import pytest

from nbviz import __version__, cli
from nbviz.app.presentation.state_folder import log_path
from nbviz.startup import windowed
from nbviz.startup.windowed import WindowedOutput

UNITS_ROW = "sample;mass;length\n;g;mm\n" + "".join(f"{n};{n % 5},5;{(3 * n) % 7},25\n" for n in range(20))
NOTE = "nbviz: note: excel.csv: line 2 is a units row (g, mm): skipped"


@pytest.fixture
def shown(monkeypatch):
    """The dialogs a run with no console shows when it ends: (text, failed) of each."""
    dialogs = []
    monkeypatch.setattr(cli, "show_messages", lambda text, failed, log: dialogs.append((text, failed)))
    return dialogs


def main_without_console(argv):
    """`cli.main` with sys.stdout and sys.stderr None (set here: pytest sets its own again between phases)."""
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = None
    try:
        return cli.main(argv)
    finally:
        assert sys.stdout is None and sys.stderr is None  # given back as they were
        sys.stdout, sys.stderr = saved


@pytest.fixture
def no_console(shown):
    return shown


@pytest.fixture
def excel(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_text(UNITS_ROW)
    return path


def test_a_file_with_a_units_row_drawn_with_no_console_shows_its_note(no_console, excel, tmp_path):
    # before: "OutputError: cannot write to standard output: it is closed", and no picture
    picture = tmp_path / "shot.png"
    assert main_without_console([str(excel), "-k", "2", "--steps", "2", "--screenshot", str(picture)]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ((text, failed),) = no_console
    assert text.startswith(NOTE) and not failed
    assert NOTE in log_path().read_text(encoding="utf-8")


def test_a_data_only_run_with_no_console_writes_its_file_and_shows_its_note(no_console, excel, tmp_path):
    trace = tmp_path / "trace.csv"
    assert main_without_console([str(excel), "-k", "2", "--fit", "--export-trace", str(trace)]) == 0
    assert trace.read_text().startswith("half_step")
    ((text, failed),) = no_console
    assert text.startswith(NOTE) and not failed


def test_an_error_at_start_up_is_shown_as_a_failure(no_console, tmp_path):
    assert main_without_console([str(tmp_path / "gone.csv")]) == 2
    ((text, failed),) = no_console
    assert failed and text.startswith("nbviz: error: ") and "gone.csv" in text
    assert "gone.csv" in log_path().read_text(encoding="utf-8")


@pytest.mark.parametrize("flag, expected", [("--version", f"nbviz {__version__}\n"), ("--help", "usage: nbviz")])
def test_version_and_help_are_shown_not_lost(no_console, flag, expected):
    assert main_without_console([flag]) == 0
    ((text, failed),) = no_console
    assert text.startswith(expected) and not failed


def test_a_misspelt_option_is_shown_with_its_usage(no_console):
    assert main_without_console(["--presett", "faithful"]) == 2
    ((text, failed),) = no_console
    assert failed and "unrecognized arguments: --presett" in text


def test_an_unexpected_error_at_start_up_is_shown_with_its_traceback(no_console, monkeypatch):
    def broken(argv):
        raise RuntimeError("a bug before the window")

    monkeypatch.setattr(cli, "run", broken)
    assert main_without_console(["--preset", "faithful"]) == 1
    ((text, failed),) = no_console
    assert failed and "Traceback" in text and "RuntimeError: a bug before the window" in text


def test_nbviz_gui_in_a_terminal_also_prints(capsys, shown):
    assert cli.gui_main(["--version"]) == 0
    assert capsys.readouterr().out == f"nbviz {__version__}\n"
    assert shown == [(f"nbviz {__version__}\n", False)]


def test_a_successful_run_with_nothing_to_say_shows_no_dialog(no_console, tmp_path):
    session = tmp_path / "s.nbviz"
    assert main_without_console(["--preset", "gmm-2d", "--steps", "1", "--save-session", str(session)]) == 0
    assert no_console == []


def test_the_window_shows_what_was_written_before_it_opened_and_logs_the_rest(make_main_window, tmp_path):
    window = make_main_window()
    assert window.files.load_preset("faithful")
    with WindowedOutput(tmp_path / "nbviz.log") as output:
        print(NOTE, file=sys.stderr)
        cli.show_unseen_messages(window)
        print("nbviz: a message once the window is open", file=sys.stderr)
        assert output.take_unseen() == ""  # the window took over: nothing left for a dialog
    assert window.banner.isVisibleTo(window)
    assert window.banner.text == NOTE.removeprefix("nbviz: note: ")  # in a window, no console prefix
    log = (tmp_path / "nbviz.log").read_text(encoding="utf-8")
    assert NOTE in log and "a message once the window is open" in log
    assert windowed.active() is None


def test_a_log_past_its_limit_is_moved_aside_when_a_run_starts(tmp_path, monkeypatch):
    log = tmp_path / "nbviz.log"
    log.write_text("old\n" * 10)
    monkeypatch.setattr(windowed, "LOG_LIMIT", 20)
    with WindowedOutput(log):
        print("new", file=sys.stderr)
    assert (tmp_path / "nbviz.log.1").read_text() == "old\n" * 10
    assert log.read_text().endswith("new\n") and "old" not in log.read_text()


def test_an_unwritable_log_still_shows_the_messages(tmp_path):
    blocker = tmp_path / "state"
    blocker.write_text("a file where the folder should be")
    with WindowedOutput(blocker / "nbviz" / "nbviz.log") as output:
        print("nbviz: error: something", file=sys.stderr)
        assert output.take_unseen() == "nbviz: error: something\n"


def test_when_qt_cannot_show_the_dialog_the_desktops_own_tool_shows_it(tmp_path, monkeypatch):
    from nbviz.startup import fallback_dialog, qt_libraries

    said = tmp_path / "said.txt"
    zenity = tmp_path / "bin" / "zenity"
    zenity.parent.mkdir()
    zenity.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{said}"\n')
    zenity.chmod(0o755)
    monkeypatch.setenv("PATH", str(zenity.parent))
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setattr(qt_libraries, "window_problem", lambda: "Qt cannot open a window on X11: ...")
    cli.show_messages("nbviz: error: gone.csv: no such file\n", failed=True, log=tmp_path / "nbviz.log")
    assert fallback_dialog.SHOWN.pop().wait(timeout=10) == 0  # nbviz itself does not wait for it
    assert said.read_text().splitlines() == [
        "--error",
        "--no-markup",
        f"--title={fallback_dialog.TITLE}",
        "--text=nbviz: error: gone.csv: no such file",
    ]


def test_the_dialog_tool_is_the_first_one_installed():
    from nbviz.startup.fallback_dialog import dialog_command

    assert dialog_command("text", find=lambda name: name == "kdialog")[:1] == ["kdialog"]
    assert dialog_command("text", find=lambda name: name == "xmessage")[0] == "xmessage"
    assert dialog_command("text", find=lambda name: False) is None
