"""BoundPictures: bound slices computed in a worker thread and cached per snapshot."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.analysis.bound_slices import LINE, BoundQuestion, bound_picture
from nbviz.app.run.bound_view_model import BoundPictures

TRUTH = nc.GaussianMixture(
    weights=[0.4, 0.6], means=[[0, 0], [4, 2]], covariances=[[[1.0, 0.3], [0.3, 0.7]], [[0.8, 0.0], [0.0, 1.1]]]
)


@pytest.fixture
def session(synthesised_session):
    return synthesised_session(TRUTH, 120, 4, n_components=2, seed=2)


def computed(qtbot, pictures, direction, half_width=0.0):
    """Ask and wait for the worker; returns the announced picture."""
    with qtbot.waitSignal(pictures.computed, timeout=10000) as blocker:
        assert pictures.request(direction, half_width) is None  # not known yet: computed in the worker
    assert not pictures.busy
    return blocker.args[0]


def test_a_picture_is_computed_in_the_worker_and_equals_the_direct_computation(session, qtbot):
    pictures = BoundPictures(session)
    session.e_step()
    picture = computed(qtbot, pictures, ("mean", 0, 1))
    old = session.em.responsibilities_model(session.cursor)
    expected = bound_picture(
        BoundQuestion(
            session.problem.X,
            old,
            nc.m_step(old, session.problem.X, session.resp),
            ("mean", 0, 1),
            0.0,
            session.config.prior,
            None,
            False,
        )
    )
    np.testing.assert_array_equal(picture.xs, expected.xs)
    np.testing.assert_array_equal(picture.result.surrogate, expected.result.surrogate)
    assert (picture.best, picture.target) == (expected.best, expected.target)


def test_moving_back_to_a_snapshot_reuses_its_picture(session, qtbot):
    pictures = BoundPictures(session)
    session.e_step()
    first = computed(qtbot, pictures, LINE)
    session.m_step()
    after_m = computed(qtbot, pictures, LINE)
    assert after_m is not first and after_m.target == 1.0
    session.set_cursor(session.cursor - 1)
    assert pictures.request(LINE, 0.0) is first  # at once, from the cache
    assert pictures.request(("weight", 0), 0.0, now=True).direction == ("weight", 0)  # computed here


def test_only_the_last_request_is_announced(session, qtbot):
    pictures = BoundPictures(session)
    session.e_step()
    announced = []
    pictures.computed.connect(announced.append)
    pictures.request(("mean", 0, 0), 0.0)
    pictures.request(("mean", 1, 0), 0.0)
    pictures.request(("weight", 1), 0.0)
    qtbot.waitUntil(lambda: not pictures.busy, timeout=10000)
    assert [p.direction for p in announced] == [("weight", 1)]
    pictures.wait()
