"""Soak: cycles of 200 half-steps with play, scrubbing and resets on 10,000 points; memory stays flat.

Time-boxed so that CI can afford it on every run: after one warm-up cycle it keeps cycling until
``STEPPING_SECONDS`` have passed, but always at least ``MIN_CYCLES`` measured cycles (400 half-steps and
two resets), so a slow machine still checks enough and a fast one checks more.
"""

import gc
import time
import tracemalloc
import warnings

import numpy as np
import pytest
from PySide6.QtCore import QSettings

import nbviz.core as nc
from nbviz.app.config import ModelConfig
from nbviz.app.problem import Problem
from nbviz.gui.main_window import MainWindow

TRUTH = nc.GaussianMixture(
    weights=[0.3, 0.3, 0.4], means=[[0, 0], [3, 0], [1, 3]], covariances=np.stack([np.eye(2) * 0.8] * 3)
)
STEPPING_SECONDS = 20.0  # wall time of stepping, warm-up included, before the last cycle is started
MIN_CYCLES = 2  # measured cycles after the warm-up, however slow the machine
MAX_CYCLES = 9  # as many as the soak ran before it was time-boxed


@pytest.mark.slow
def test_hundreds_of_half_steps_leave_memory_flat(qtbot, tmp_path):
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
        began = time.monotonic()
        tracemalloc.start()  # before the warm-up, so that replaced buffers are traced both times
        cycle()  # warm up caches and pools
        gc.collect()
        start = tracemalloc.get_traced_memory()[0]
        cycles = 0
        while cycles < MIN_CYCLES or (cycles < MAX_CYCLES and time.monotonic() - began < STEPPING_SECONDS):
            cycle()
            cycles += 1
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - start
        tracemalloc.stop()
    # one N x K array kept per half-step would be 240 kB each, over 90 MB in even the shortest run
    assert grown < 2_000_000, f"memory grew by {grown} bytes over {200 * cycles} half-steps"
    assert not caught, [str(w.message) for w in caught]
