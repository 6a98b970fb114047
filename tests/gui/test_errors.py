"""An exception in a slot or in the worker thread shows a dialog; the app and its data survive."""

import subprocess
import sys
import textwrap

import numpy as np
import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.gui.window.errors import ExceptionReporter
from nbviz.gui.window.main_window import MainWindow

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def window(qtbot, tmp_path):
    win = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.show()
    assert win.session.load(Problem.synthesised(TRUTH, 200, seed=0), ModelConfig(n_components=2, seed=2))
    return win


@pytest.fixture
def reporter(window, tmp_path):
    reporter = ExceptionReporter(window, log_path=tmp_path / "nbviz.log").install()
    yield reporter
    reporter.uninstall()


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_shows_a_dialog_and_is_logged(window, reporter, qtbot, tmp_path):
    def broken_slot():
        raise RuntimeError("a bug in a slot")

    window.session.step()
    before = len(window.session.history)
    QTimer.singleShot(0, broken_slot)
    qtbot.waitUntil(lambda: reporter.dialog is not None and reporter.dialog.isVisible(), timeout=5000)
    box = reporter.dialog
    assert "RuntimeError: a bug in a slot" in box.informativeText()
    assert "broken_slot" in box.detailedText() and "Traceback" in box.detailedText()
    copy = next(b for b in box.findChildren(QPushButton) if b.text() == "Copy details")
    copy.click()
    assert "a bug in a slot" in QApplication.clipboard().text()
    assert box.isVisible()  # copying does not close the dialog
    assert "a bug in a slot" in (tmp_path / "nbviz.log").read_text()
    box.button(QMessageBox.Close).click()
    # the app goes on with its data intact
    assert len(window.session.history) == before and window.session.step()


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_the_worker_thread_ends_the_run_and_keeps_the_data(window, reporter, qtbot, monkeypatch):
    window.session.step()
    kept = len(window.session.history)

    def failing_run(*args, **kwargs):
        raise RuntimeError("a bug in the worker")

    monkeypatch.setattr(window.session.em, "run", failing_run)
    with qtbot.waitSignal(window.runner.finished, timeout=10000):
        window.commands["run"].trigger()
    qtbot.waitUntil(lambda: reporter.dialog is not None and reporter.dialog.isVisible(), timeout=5000)
    assert "a bug in the worker" in reporter.dialog.informativeText()
    assert not window.session.busy and len(window.session.history) == kept
    assert window.banner.kind == "error" and "unexpected error" in window.banner.text


def test_closing_during_a_run_on_100k_points_exits_cleanly(tmp_path):
    script = textwrap.dedent("""
        import sys
        import numpy as np
        from PySide6.QtCore import QSettings, QTimer
        from PySide6.QtWidgets import QApplication
        import nbviz.core as nc
        from nbviz.app.model.config import ModelConfig
        from nbviz.app.data.problem import Problem
        from nbviz.gui.window.main_window import MainWindow

        app = QApplication([])
        window = MainWindow(settings=QSettings(sys.argv[1], QSettings.IniFormat))
        truth = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [0.5, 0]], covariances=np.stack([np.eye(2)] * 2))
        window.session.load(Problem.synthesised(truth, 100_000, seed=0), ModelConfig(n_components=2, seed=1))
        window.session.tolerance = 0.0
        window.show()
        for _ in range(20):
            window.session.next_half_step()
        window.run_to_convergence()
        QTimer.singleShot(300, window.close)
        QTimer.singleShot(300, app.quit)
        sys.exit(app.exec())
    """)
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "s.ini")], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "Fatal" not in result.stderr and "Traceback" not in result.stderr
