"""A run to convergence in the calling thread (``--fit``) is the one the Run button makes in a worker."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.run.fit_here import fit_to_convergence
from nbviz.app.run.runner import Runner
from nbviz.app.run.session import Session

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def make_session(synthesised_session):
    return lambda: synthesised_session(TRUTH, 120, 1, n_components=2, seed=3)


def test_it_ends_where_the_worker_ends_with_the_same_reason(make_session, qtbot):
    here, there = make_session(), make_session()
    assert here.e_step() and there.e_step()
    assert fit_to_convergence(here)
    runner = Runner(there)
    with qtbot.waitSignal(runner.finished, timeout=20000):
        assert runner.start()
    assert [s.objective for s in here.history] == [s.objective for s in there.history]
    assert here.cursor == len(here.history) - 1 and here.converged
    assert here.run_stop is not None and here.run_stop.kind == there.run_stop.kind == "tolerance"


def test_it_goes_on_from_the_cursor_and_stops_at_the_cap(make_session):
    session = make_session()
    session.set_convergence(max_iter=2)
    for _ in range(6):
        assert session.next_half_step()
    session.set_cursor(2)  # scrubbed back: the half-steps after the cursor are dropped
    assert fit_to_convergence(session)
    assert len(session.history) == 3 + 4 and session.run_history.cap_reached == 2 and not session.converged
    assert session.undo_history.can_undo  # the run it replaced can be brought back


def test_it_is_refused_without_a_run_or_while_a_background_run_goes(make_session, qtbot):
    outcome = fit_to_convergence(Session())
    assert not outcome and "there is no run to step" in outcome.reason
    session = make_session()
    session.background.set_busy(True)
    outcome = fit_to_convergence(session)
    assert not outcome and "Wait for the run in progress" in outcome.reason and len(session.history) == 1
    session.background.set_busy(False)
