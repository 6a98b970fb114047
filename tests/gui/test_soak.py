"""Soak: many drawn half-steps with play, scrubbing and resets on 10,000 points; memory stays flat.

Every half-step is drawn: the window is shown and Qt's events (the repaints among them) are processed
after each one. A cycle is 40 half-steps from the start: a burst of play, then stepping by hand well
past convergence (started at the truth with a tolerance of 0.1, the run converges after 12 half-steps,
where play stops), scrubbing back and forth, then a reset. Resets push the run onto the bounded undo
stack, so the warm-up, after one drawn cycle, fills that stack with runs of the same length (stepped
without drawing, which is fast); from then on every cycle leaves the memory as it found it.

Time-boxed: after the warm-up it keeps cycling until ``STEPPING_SECONDS`` have passed, but always at
least ``MIN_CYCLES`` measured cycles, so a slow machine still checks enough and a fast one checks more.

The leak it is built to catch: a view that keeps one data-sized array (N x D or N x K floats, at
least 160 kB here) per drawn half-step grows by at least ``MIN_CYCLES * HALF_STEPS * 160 kB`` = 19 MB,
more than twice the threshold (26 MB measured with such a leak injected into the scatter view); the
threshold leaves room for pyqtgraph's symbol atlas, rebuilt now and then as the points' colours change
(3 MB grown measured without a leak, and it swings by a few MB either way).
"""

import gc
import time
import tracemalloc
import warnings

import numpy as np
import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.undo import MAX_UNDO
from nbviz.gui.window.main_window import MainWindow

TRUTH = nc.GaussianMixture(
    weights=[0.3, 0.3, 0.4], means=[[0, 0], [3, 0], [1, 3]], covariances=np.stack([np.eye(2) * 0.8] * 3)
)
N_POINTS = 10_000
HALF_STEPS = 40  # per cycle; the run converges after 12
PLAYED = 20  # at most, by Play at the start of the cycle (it stops at convergence)
STEPPING_SECONDS = 12.0  # wall time of stepping, warm-up included, before the last cycle is started
MIN_CYCLES = 3  # measured cycles after the warm-up, however slow the machine
MAX_CYCLES = 20
THRESHOLD = 8_000_000  # bytes; a data-sized array per half-step is 160 kB, 19 MB over the shortest run


@pytest.mark.slow
def test_hundreds_of_drawn_half_steps_leave_memory_flat(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    session = window.session
    problem = Problem.synthesised(TRUTH, N_POINTS, seed=0)
    assert session.load(problem, ModelConfig(n_components=3, tolerance=0.1), TRUTH)
    session.player.set_speed(60.0)
    drawn = 0

    def draw() -> None:
        """Process the events the half-step queued, its repaints among them."""
        nonlocal drawn
        QApplication.processEvents()
        window.repaint()
        drawn += 1

    def undrawn_cycle() -> None:
        """HALF_STEPS half-steps from the start without drawing, then a reset: a run for the undo stack."""
        while len(session.history) <= HALF_STEPS:
            assert session.next_half_step()
        session.reset()

    def cycle() -> None:
        """HALF_STEPS half-steps from the start, each drawn: play, stepping past convergence, scrubbing."""
        session.player.play()
        qtbot.waitUntil(lambda: len(session.history) > PLAYED or not session.player.playing, timeout=20000)
        session.player.pause()
        draw()
        while len(session.history) <= HALF_STEPS:
            assert session.next_half_step()
            draw()
            if len(session.history) % 10 == 0:
                session.set_cursor(session.cursor - 7)
                draw()
                session.set_cursor(session.cursor + 7)
                draw()
        assert session.converged  # the cycle ran past convergence
        session.reset()
        draw()
        assert len(session.history) == 1

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        began = time.monotonic()
        tracemalloc.start()  # before the warm-up, so that replaced buffers are traced both times
        cycle()  # warm up caches and pools
        for _ in range(MAX_UNDO):  # fill the undo stack
            undrawn_cycle()
        draw()
        gc.collect()
        start, drawn_before = tracemalloc.get_traced_memory()[0], drawn
        cycles = 0
        while cycles < MIN_CYCLES or (cycles < MAX_CYCLES and time.monotonic() - began < STEPPING_SECONDS):
            cycle()
            cycles += 1
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - start
        tracemalloc.stop()
    # each cycle draws its HALF_STEPS half-steps: the played ones in the event loop, the rest in draw()
    said = f"{cycles * HALF_STEPS} half-steps, {drawn - drawn_before} draws besides Play's"
    assert grown < THRESHOLD, f"memory grew by {grown} bytes over {said}"
    assert not caught, [str(w.message) for w in caught]
