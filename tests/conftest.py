"""Test-wide settings: Qt renders offscreen, so the suite runs without a display, and settings go
to a fresh folder, so no test reads or writes the user's own.

Hypothesis draws its examples from a fixed seed in CI (the environment variable CI is set), so a
CI run is repeatable; elsewhere it explores new examples on every run.
"""

import os
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # read when the QApplication is made, not on import
# The user's own settings (recent files, window and dock layout) are never read or written by a test.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="nbviz-test-config-")
# Nor the user's message log (Help → Message log: runs with no console, unexpected errors).
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="nbviz-test-state-")

CORE_TESTS = Path(__file__).resolve().parent / "core"

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def synthesised_session(qtbot):
    """Make a Session loaded with `n` rows drawn from `truth` (with `data_seed`) and the config's options.

    ``synthesised_session(truth, n, data_seed, n_components=2, seed=1)``; the load must succeed.
    """
    from nbviz.app.data.problem import Problem
    from nbviz.app.model.config import ModelConfig
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


@pytest.fixture
def random_gaussians():
    """Make a GaussianMixture with random means and covariances of a given type.

    ``random_gaussians(covariance_type, rng, n_features, n_components=3)``: equal weights; the
    "full" matrices are ``A A^T + I``, "tied" is the first of them, "diag" variances are drawn from
    [0.5, 2) and "spherical" variances run evenly from 0.5 to 2.
    """
    import nbviz.core as nc

    def make(covariance_type: str, rng, n_features: int, n_components: int = 3):
        D, K = n_features, n_components
        A = rng.normal(size=(K, D, D))
        full = A @ A.transpose(0, 2, 1) + np.eye(D)
        covariances = {
            "full": full,
            "tied": full[0],
            "diag": rng.uniform(0.5, 2.0, (K, D)),
            "spherical": np.linspace(0.5, 2.0, K),
        }
        return nc.GaussianMixture(
            weights=np.full(K, 1 / K),
            means=rng.normal(size=(K, D)),
            covariances=covariances[covariance_type],
            covariance_type=covariance_type,
        )

    return make


@pytest.fixture
def assert_same_history():
    """Assert that two histories hold the same snapshots: phases, numbers and parameters, bit for bit.

    ``assert_same_history(a, b)`` with two sequences of `Snapshot`.
    """

    def check(a, b) -> None:
        assert len(a) == len(b)
        for s, t in zip(a, b):
            assert (s.phase, s.iteration, s.empty) == (t.phase, t.iteration, t.empty)
            assert (s.log_likelihood, s.objective, s.elbo, s.log_prior) == (
                t.log_likelihood,
                t.objective,
                t.elbo,
                t.log_prior,
            )
            expected = t.model.to_dict()
            for field, value in s.model.to_dict().items():
                assert expected[field] == value

    return check


@pytest.fixture(autouse=True)
def _widgets_application(request):
    """Make pytest-qt's QApplication before any test outside tests/core runs; core tests never start Qt.

    Tests that call the command line's ``main()`` in-process would otherwise make the data-only
    QCoreApplication first, and every widget test after them in the same process would fail. The
    model core is Qt-free, and so are its tests: they pass where PySide6 and pytest-qt are not
    installed (CI runs them so, at the lower bounds of numpy and scipy).
    """
    if CORE_TESTS in request.path.parents:
        return None
    app = request.getfixturevalue("qapp")
    from nbviz.app.jobs.background import GuiThreadCollection

    GuiThreadCollection.keep()  # as the app's window does: garbage is collected between events, never in a paint
    return app
