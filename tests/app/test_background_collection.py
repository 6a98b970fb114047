"""While worker threads run, cyclic garbage is collected on the GUI thread only (background.GuiThreadCollection).

A collection in a worker thread can destroy the GUI's Qt objects there, and that deadlocked the
test suite: the worker, inside a QObject's destructor, waited for the interpreter lock while the GUI
thread, holding it, waited for the worker's Qt lock.
"""

import gc
import threading

import pytest

from nbviz.app.jobs.background import BackgroundJob, GuiThreadCollection


class Cycle:
    """Garbage only the cyclic collector frees; notes the thread that freed it."""

    freed_in: list[str] = []

    def __init__(self):
        self.me = self

    def __del__(self):
        Cycle.freed_in.append(threading.current_thread().name)


@pytest.fixture
def automatic_collection():
    """Automatic collection, as in a process with no window (the test session collects as the window does)."""
    GuiThreadCollection.release()
    yield
    GuiThreadCollection.keep()


def test_a_window_collects_garbage_on_its_own_thread_between_events(qtbot):
    GuiThreadCollection.keep()
    assert not gc.isenabled() and GuiThreadCollection.active()
    Cycle.freed_in.clear()
    for _ in range(3 * gc.get_threshold()[0]):
        Cycle()
    qtbot.waitUntil(lambda: len(Cycle.freed_in) > 0, timeout=5_000)  # the timer, not an allocation
    assert set(Cycle.freed_in) == {threading.main_thread().name}
    assert not gc.isenabled() and GuiThreadCollection.active()  # for good


def test_garbage_made_while_a_worker_runs_is_collected_on_the_gui_thread_and_collection_returns_after(
    qtbot, automatic_collection
):
    assert gc.isenabled()
    Cycle.freed_in.clear()
    seen_in_worker = {}

    def work(job):
        seen_in_worker["automatic collection"] = gc.isenabled()
        Cycle()  # garbage at once: only a collection frees it
        # allocations enough to pass every generation's threshold many times over, which would
        # collect in this thread if collection were automatic
        for _ in range(50):
            [[] for _ in range(10 * gc.get_threshold()[0])]
        return len(Cycle.freed_in)

    job = BackgroundJob()
    with qtbot.waitSignal(job.finished, timeout=20_000) as finished:
        assert job.start(work)
        assert GuiThreadCollection.active()
    assert seen_in_worker == {"automatic collection": False}
    assert finished.args[0] == 0  # nothing was collected in the worker
    qtbot.waitUntil(lambda: not GuiThreadCollection.active(), timeout=5_000)
    assert gc.isenabled()  # back as it was once no worker runs
    gc.collect()
    assert Cycle.freed_in and set(Cycle.freed_in) == {threading.main_thread().name}
