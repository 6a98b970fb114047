"""macOS hands the app a double-clicked session as a QFileOpenEvent: it opens as a dropped file does,
at its half-step; the dialogs of a run with no console; Help → Message log."""

import os
import subprocess
import sys
import textwrap

from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from nbviz.cli import main
from nbviz.gui.window.file_open import FileOpenHandler
from nbviz.gui.window.help.dialogs import log_text
from nbviz.gui.window.startup_message import message_box


def saved_session(tmp_path, steps=5):
    path = tmp_path / "lecture.nbviz"
    assert main(["--preset", "gmm-2d", "--steps", str(steps), "--save-session", str(path)]) == 0
    return path


def test_a_file_open_event_opens_the_session_at_its_half_step(make_main_window, tmp_path, qtbot):
    path = saved_session(tmp_path)
    window = make_main_window()
    handler = FileOpenHandler(window.open_dropped, window).install(QApplication.instance())
    try:
        assert QApplication.sendEvent(QApplication.instance(), QFileOpenEvent(str(path)))  # taken by the handler
    finally:
        QApplication.instance().removeEventFilter(handler)
    assert window.files.session_path == str(path)
    assert len(window.session.history) == 6 and window.session.cursor == 5
    assert not window.files.unsaved  # just opened: nothing to save


def test_a_file_that_arrives_while_a_dialog_is_open_waits_for_it(make_main_window, tmp_path, qtbot):
    path = saved_session(tmp_path, steps=3)
    window = make_main_window()
    opened = []
    handler = FileOpenHandler(opened.append, window).install(QApplication.instance())
    dialog = QMessageBox(QMessageBox.Icon.Information, "nbviz", "a question", QMessageBox.StandardButton.Ok, window)
    dialog.setModal(True)
    dialog.show()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is dialog)
    try:
        QApplication.sendEvent(QApplication.instance(), QFileOpenEvent(str(path)))
        assert opened == [] and handler.waiting == [str(path)]
        dialog.accept()
        qtbot.waitUntil(lambda: opened == [str(path)], timeout=3000)
    finally:
        QApplication.instance().removeEventFilter(handler)


def test_a_failed_start_is_shown_as_an_error_naming_the_log(qtbot, tmp_path):
    box = message_box("nbviz: error: gone.csv: no such file\n", failed=True, log=tmp_path / "nbviz.log")
    qtbot.addWidget(box)
    assert box.icon() == QMessageBox.Icon.Critical and box.text() == "nbviz could not start."
    assert box.informativeText().startswith("nbviz: error: gone.csv: no such file")
    assert str(tmp_path / "nbviz.log") in box.informativeText()


def test_a_long_text_such_as_help_goes_behind_show_details(qtbot):
    text = "usage: nbviz [-h]\n" + "".join(f"  --option-{n}\n" for n in range(40))
    box = message_box(text, failed=False)
    qtbot.addWidget(box)
    assert box.icon() == QMessageBox.Icon.Information and box.text() == "usage: nbviz [-h]"
    assert box.detailedText() == text.strip() and box.informativeText() == "Show Details… shows all 41 lines."


def test_help_message_log_shows_the_logs_end_escaped(tmp_path):
    log = tmp_path / "nbviz.log"
    assert "Nothing has been written to it yet" in log_text(log)
    log.write_text("nbviz: note: <b>not bold</b> & kept\n")
    page = log_text(log)
    assert str(log) in page and "&lt;b&gt;not bold&lt;/b&gt; &amp; kept" in page


def test_the_nbviz_window_takes_the_sessions_the_system_hands_it(tmp_path):
    """In its own process: the command's own application, window and event loop, started on the start page."""
    path = saved_session(tmp_path)
    script = textwrap.dedent(f"""
        from PySide6.QtCore import QTimer
        from PySide6.QtGui import QFileOpenEvent
        from PySide6.QtWidgets import QApplication
        from nbviz.cli import main
        from nbviz.gui.window.main_window import MainWindow

        def hand_over():  # as macOS does once the app runs: Finder's double-clicked session
            app = QApplication.instance()
            app.sendEvent(app, QFileOpenEvent({str(path)!r}))
            (window,) = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
            print(window.files.session_path, window.session.cursor, len(window.session.history))
            window.ask_to_save = False
            window.close()
            app.exit(0)

        QTimer.singleShot(0, hand_over)
        raise SystemExit(main([]))
    """)
    environ = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "config"))
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environ, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(path), "5", "6"]


def test_half_steps_not_saved_are_offered_to_be_saved_before_a_handed_file_opens(
    make_main_window, tmp_path, monkeypatch
):
    path = saved_session(tmp_path, steps=2)
    window = make_main_window()
    window.ask_to_save = True  # as the nbviz command's window
    assert window.files.load_preset("gmm-2d")
    window.session.next_half_step()
    assert window.files.unsaved
    asked = []

    def answer(choice):
        def question(parent, title, text, buttons, default):
            asked.append(text.splitlines()[0])
            return choice

        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    window.open_dropped(str(path))
    assert asked == ["Save this session before opening lecture.nbviz?"]
    assert window.files.session_path is None and len(window.session.history) == 2  # cancelled: the run stays
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Discard))
    window.open_dropped(str(path))
    assert window.files.session_path == str(path) and len(window.session.history) == 3
