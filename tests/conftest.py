"""Test-wide settings: Qt renders offscreen, so the suite runs without a display.

Hypothesis draws its examples from a fixed seed in CI (the environment variable CI is set), so a
CI run is repeatable; elsewhere it explores new examples on every run.
"""

import os

import pytest
from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # read when the QApplication is made, not on import

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def synthesised_session(qtbot):
    """Make a Session loaded with `n` rows drawn from `truth` (with `data_seed`) and the config's options.

    ``synthesised_session(truth, n, data_seed, n_components=2, seed=1)``; the load must succeed.
    """
    from nbviz.app.data.problem import Problem
    from nbviz.app.run.config import ModelConfig
    from nbviz.app.run.session import Session

    def make(truth, n: int, data_seed: int, **config):
        session = Session()
        assert session.load(Problem.synthesised(truth, n, seed=data_seed), ModelConfig(**config))
        return session

    return make


@pytest.fixture
def shown(qtbot):
    """Show a widget at a size (pixels) and wait until it is on screen; returns the widget."""

    def show(widget, width: int = 640, height: int = 480):
        qtbot.addWidget(widget)
        widget.resize(width, height)
        widget.show()
        qtbot.waitExposed(widget)
        return widget

    return show


@pytest.fixture
def make_main_window(qtbot, tmp_path):
    """Make a shown MainWindow with its own settings file; ``active=True`` also gives it the focus."""
    from PySide6.QtCore import QSettings

    from nbviz.gui.window.main_window import MainWindow

    def make(active: bool = False):
        win = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(win)
        win.show()
        if active:
            win.remember_layout = False
            win.activateWindow()
            qtbot.waitActive(win)
        else:
            qtbot.waitExposed(win)
        return win

    return make
