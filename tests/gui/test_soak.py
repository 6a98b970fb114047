"""Soak: 2,000 half-steps with play, scrubbing and resets on 10,000 points; memory stays flat."""

import gc
import tracemalloc
import warnings

import numpy as np
from PySide6.QtCore import QSettings

import nbviz.core as nc
from nbviz.app.config import ModelConfig
from nbviz.app.problem import Problem
from nbviz.gui.main_window import MainWindow

TRUTH = nc.GaussianMixture(weights=[0.3, 0.3, 0.4], means=[[0, 0], [3, 0], [1, 3]],
                           covariances=np.stack([np.eye(2) * 0.8] * 3))


def test_two_thousand_half_steps_leave_memory_flat(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.show()
    session = window.session
    assert session.load(Problem.synthesised(TRUTH, 10_000, seed=0), ModelConfig(n_components=3, seed=1))
    session.set_speed(60.0)

    def cycle():
        """200 half-steps: stepping, a burst of play, scrubbing back and forth, then a reset."""
        for i in range(160):
            assert session.next_half_step()
            if i % 40 == 39:
                session.set_cursor(session.cursor - 7)
                session.set_cursor(session.cursor + 3)
        session.play()
        qtbot.waitUntil(lambda: len(session.history) > 200 or not session.playing, timeout=20000)
        session.pause()
        while len(session.history) < 201:
            assert session.next_half_step()
        session.reset()
        assert len(session.history) == 1

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tracemalloc.start()  # before the warm-up, so that replaced buffers are traced both times
        cycle()  # warm up caches and pools
        gc.collect()
        start = tracemalloc.get_traced_memory()[0]
        for _ in range(9):
            cycle()
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - start
        tracemalloc.stop()
    # one N x K array kept per half-step would be 240 kB each, 430 MB over this run
    assert grown < 2_000_000, f"memory grew by {grown} bytes over 1,800 half-steps"
    assert not caught, [str(w.message) for w in caught]
