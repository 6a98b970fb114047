"""Labels given by hand, the label column's fraction, and the fixed shared variance, in the session."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 3]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def session(synthesised_session):
    return synthesised_session(TRUTH, 60, 2, n_components=2, seed=1)


def test_a_clicked_label_restarts_the_run_from_the_same_start_and_is_honoured(session):
    session.step()
    start = session.history[0].model
    assert session.hand_labels.set_label(5, 1)
    assert len(session.history) == 1 and session.history[0].model is start
    assert session.labels[5] == 1 and np.sum(session.labels >= 0) == 1
    for _ in range(4):
        session.step()
        np.testing.assert_array_equal(session.em.responsibilities_at(session.cursor - 1)[5], [0.0, 1.0])
    assert session.hand_labels.set_label(5, None)  # taken away again: no labels, plain EM
    assert session.labels is None and session.config.manual_labels == ()


def test_clicked_labels_override_the_label_column_and_clear_labels_keeps_the_fraction(qtbot):
    session = Session()
    problem, config, _ = load_preset("iris")
    assert session.load(problem, config.with_(label_fraction=0.2, seed=4))
    column = session.labels.copy()
    unlabelled = int(np.flatnonzero(column < 0)[0])
    labelled = int(np.flatnonzero(column >= 0)[0])
    other = (column[labelled] + 1) % 3
    assert session.hand_labels.set_label(unlabelled, 2) and session.hand_labels.set_label(labelled, other)
    expected = column.copy()
    expected[[unlabelled, labelled]] = [2, other]
    np.testing.assert_array_equal(session.labels, expected)
    assert session.hand_labels.clear_labels()
    np.testing.assert_array_equal(session.labels, column)
    assert session.hand_labels.set_label_fraction(0.0) and session.labels is None


def test_labelling_every_point_is_naive_bayes_and_says_so(session, qtbot):
    z = session.problem.truth_z
    for row in range(len(z) - 1):
        session.hand_labels.set_label(row, int(z[row]))
    assert not session.hand_labels.fully_labelled
    with qtbot.waitSignal(session.notice_raised) as blocker:
        session.hand_labels.set_label(len(z) - 1, int(z[-1]))
    assert session.hand_labels.fully_labelled and "naive Bayes" in blocker.args[0]
    session.step()
    nb = nc.fit_naive_bayes(session.problem.X, z, family="gaussian", covariance_type="full")
    np.testing.assert_allclose(session.snapshot.model.means, nb.means, rtol=1e-12)
    session.step()
    assert session.converged


def test_a_label_for_a_component_that_does_not_exist_is_refused_with_a_message(session, qtbot):
    with qtbot.waitSignal(session.error_raised) as blocker:
        assert not session.hand_labels.set_label(3, 4)
    assert "K >= 5" in blocker.args[0] and session.labels is None


def test_new_data_forgets_the_clicked_labels(session):
    session.hand_labels.set_label(0, 0)
    assert session.load(Problem.synthesised(TRUTH, 30, seed=9))
    assert session.config.manual_labels == () and session.labels is None


def test_clicked_labels_and_the_fixed_variance_survive_a_saved_session(tmp_path, qtbot):
    session = Session()
    problem, config, start = load_preset("kmeans-limit")
    assert session.load(problem, config.with_(fixed_variance=0.05), start)
    session.hand_labels.set_label(7, 2)
    for _ in range(5):
        session.next_half_step()
    path = tmp_path / "labelled.nbviz"
    assert session.save(path, write_session)
    again = Session()
    assert again.restore(read_session(path))
    assert again.config == session.config and again.em.fixed_covariances
    np.testing.assert_array_equal(again.labels, session.labels)
    np.testing.assert_array_equal(again.snapshot.model.covariances, np.full(3, 0.05))
    again.step()
    np.testing.assert_array_equal(again.snapshot.model.covariances, np.full(3, 0.05))


def test_the_k_means_limit_preset_keeps_its_shared_variance_fixed(qtbot):
    session = Session()
    assert session.load(*load_preset("kmeans-limit"))
    for _ in range(3):
        session.step()
    for snapshot in session.history:
        np.testing.assert_array_equal(snapshot.model.covariances, np.full(3, 2.0))
    with pytest.raises(ValueError, match="spherical"):
        session.config.with_(covariance_type="full")


def test_a_label_click_waits_for_a_background_run(session, qtbot):
    from nbviz.app.run.labelling import Labelling

    labelling = Labelling()
    assert not labelling.click(session, 3)  # label mode off: the click is not a label
    labelling.set_active(True)
    session.background.set_busy(True)
    with qtbot.waitSignal(session.error_raised) as blocker:
        assert labelling.click(session, 3)
    assert "Wait for the run" in blocker.args[0] and session.labels is None
    session.background.set_busy(False)
    assert labelling.click(session, 3) and session.labels[3] == 0 and session.selected == 3
