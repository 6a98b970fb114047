"""Painting the data: each edit changes the rows as asked, is one undo step, and EM goes on from the
parameters shown on the edited data."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.painting import added, moved, paint_choices, removed, rows_after_removal
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [5, 5]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def session(synthesised_session):
    session = synthesised_session(TRUTH, 60, 1, n_components=2, seed=3)
    for _ in range(3):
        assert session.step()
    session.set_cursor(5)  # an E-step's parameters: the run goes on from the cursor, not the end
    return session


def state(session):
    return (session.problem, session.config, list(session.history), session.cursor, session.selected)


def test_added_appends_a_row_of_the_chosen_true_component():
    problem = Problem.synthesised(TRUTH, 10, seed=1)
    edited = added(problem, [20.0, -3.0], choice=1)
    assert edited.n_samples == 11
    np.testing.assert_array_equal(edited.X[:10], problem.X)
    np.testing.assert_array_equal(edited.X[10], [20.0, -3.0])
    assert edited.truth_z[-1] == 1 and edited.name == "synthetic (edited)"
    assert added(edited, [0.0, 0.0]).name == "synthetic (edited)"  # said once
    assert paint_choices(problem) == ("true component 1", "true component 2")


def test_labelled_data_paints_classes_and_removal_keeps_the_rest_in_order():
    problem = Problem(name="f", X=np.arange(8.0).reshape(4, 2), columns=("a", "b"), labels=np.array([0, 1, 0, 1]))
    assert paint_choices(problem) == ("class 1", "class 2")
    assert added(problem, [9, 9], choice=1).labels.tolist() == [0, 1, 0, 1, 1]
    gone = removed(problem, 1)
    np.testing.assert_array_equal(gone.X, problem.X[[0, 2, 3]])
    assert gone.labels.tolist() == [0, 0, 1]
    assert moved(problem, 2, [7, 7]).X[2].tolist() == [7.0, 7.0]
    assert rows_after_removal(((0, 1), (1, 0), (3, 1)), 1) == ((0, 1), (2, 1))


def test_bad_edits_are_refused_with_a_reason():
    problem = Problem(name="f", X=[[1.0, 2.0]], columns=("a", "b"))
    with pytest.raises(ValueError, match="2 coordinate"):
        added(problem, [1.0])
    with pytest.raises(ValueError, match="finite"):
        added(problem, [np.nan, 1.0])
    with pytest.raises(ValueError, match="no data point 5"):
        moved(problem, 4, [0, 0])
    with pytest.raises(ValueError, match="last point"):
        removed(problem, 0)


@pytest.mark.parametrize(
    "edit",
    [
        lambda s: s.painting.add([30.0, 30.0], 0),
        lambda s: s.painting.move(4, [-8.0, 2.0]),
        lambda s: s.painting.remove(7),
    ],
    ids=["add", "move", "remove"],
)
def test_each_edit_is_one_undo_step_that_brings_back_data_and_run(session, edit):
    before = state(session)
    assert edit(session)
    assert session.problem is not before[0]
    assert session.undo_history.undo()
    after = state(session)
    assert after[0] is before[0] and after[1] == before[1] and after[3:] == before[3:]
    assert [a is b for a, b in zip(after[2], before[2])] == [True] * len(before[2])
    assert session.undo_history.redo()
    assert session.problem is not before[0] and len(session.history) == 1


def test_em_goes_on_from_the_parameters_shown_on_the_edited_data(session):
    shown = session.snapshot.model
    assert session.painting.add([30.0, -30.0], 1)
    X = session.problem.X
    assert X.shape == (61, 2) and X[-1].tolist() == [30.0, -30.0]
    assert session.history[0].model is shown and session.painting.began_with_edit()
    assert session.step() and session.step()
    # the reference: nbviz.core's E- and M-step from the same parameters on the edited data
    model = shown
    for _ in range(2):
        resp = nc.e_step(model, X)
        model = nc.m_step(model, X, resp, prior=session.config.prior, warn_empty=False)
    np.testing.assert_allclose(session.snapshot.model.means, model.means, rtol=1e-10)
    np.testing.assert_allclose(session.snapshot.model.weights, model.weights, rtol=1e-10)


def test_non_points_data_cannot_be_painted(qtbot):
    session = Session()
    X = np.random.default_rng(0).integers(0, 2, size=(30, 5)).astype(float)
    assert session.load(Problem(name="b", X=X, columns=tuple("abcde")), ModelConfig(family="bernoulli"))
    assert "1-D or 2-D continuous" in session.painting.why_not
    messages = []
    session.error_raised.connect(messages.append)
    assert not session.painting.add([0, 0, 0, 0, 0])
    assert session.problem.n_samples == 30 and "1-D or 2-D" in messages[0]


def test_a_saved_session_keeps_the_edited_data(session, tmp_path):
    assert session.painting.add([30.0, 30.0], 1)
    assert session.step()
    path = tmp_path / "edited.json"
    assert session.save(path, write_session)
    reopened = Session()
    assert reopened.restore(read_session(path))
    np.testing.assert_array_equal(reopened.problem.X, session.problem.X)
    assert reopened.problem.truth_z[-1] == 1 and len(reopened.history) == len(session.history)


def test_supervised_naive_bayes_paints_a_point_of_the_chosen_class(qtbot):
    rng = np.random.default_rng(2)
    X = np.vstack([rng.normal(0, 1, (20, 2)), rng.normal(6, 1, (20, 2))])
    labels = np.repeat([0, 1], 20)
    session = Session()
    problem = Problem(name="two", X=X, columns=("a", "b"), labels=labels, classes=("left", "right"))
    assert session.load(problem, ModelConfig(n_components=2, label_fraction=1.0))
    assert session.painting.choices() == ("left", "right")
    assert session.painting.add([0.5, 0.5], 1)
    assert session.labels[-1] == 1 and session.problem.labels.tolist() == [*labels.tolist(), 1]
    assert session.m_step() if session.snapshot.phase == "E" else session.step()
    # the class-1 mean is the mean of its 21 rows, the painted one among them
    right = np.vstack([X[20:], [[0.5, 0.5]]]).mean(axis=0)
    k = 1
    np.testing.assert_allclose(session.snapshot.model.means[k], right, rtol=1e-10)


def test_an_export_after_an_edit_writes_the_edited_data(session, tmp_path):
    from nbviz.app.data.export import write_session_export

    assert session.painting.remove(0)
    assert session.painting.add([40.0, 40.0], 0)
    assert session.e_step()
    path = tmp_path / "r.csv"
    write_session_export("responsibilities", path, session)
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 60  # a header and one row per point: 60 - 1 + 1
    assert lines[-1].split(",")[:3] == ["60", "40.0", "40.0"]
