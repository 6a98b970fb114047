"""Names that do not mislead: supervised naive Bayes climbs the complete-data log-likelihood sum_n log p(x_n, y_n) and
is called so; data points are numbered from 1 in messages."""

import numpy as np

from nbviz.app.data.half_steps import caption, objective_name
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session


def test_the_objective_names():
    assert objective_name(True) == "log-likelihood"
    assert objective_name(False) == "log-likelihood + log-prior"
    assert objective_name(True, complete=True) == "complete-data log-likelihood"
    assert objective_name(False, complete=True) == "complete-data log-likelihood + log-prior"


def test_supervised_naive_bayes_climbs_the_complete_data_objective_and_its_caption_says_so(qtbot):
    session = Session()
    assert session.load(*load_preset("lecture-fruit"))
    assert session.e_step() and session.m_step()
    problem, model, prior = session.problem, session.snapshot.model, session.config.prior
    # by hand: sum_n log pi_{y_n} p(x_n | y_n) with the fitted parameters, plus the log-prior
    p = model.probs[problem.labels]
    complete = np.sum(
        np.log(model.weights[problem.labels]) + np.sum(np.where(problem.X == 1, np.log(p), np.log1p(-p)), 1)
    )
    log_prior = session.snapshot.log_prior
    np.testing.assert_allclose(session.snapshot.objective, complete + log_prior, rtol=1e-12)
    assert prior.alpha == 1 and prior.beta == 1
    text = caption(session.history, 2, prior.is_flat, session.config.supervised)
    assert "complete-data log-likelihood + log-prior" in text


def test_a_clicked_label_that_does_not_fit_names_its_point_from_1():
    import pytest

    from nbviz.app.run.run_making import labels_for

    problem, config, _ = load_preset("lecture-five-points")
    with pytest.raises(ValueError, match=r"^the point in row 3 is labelled as class 6, but the model has 2 components"):
        labels_for(problem, config.with_(manual_labels=((2, 5),)))
    with pytest.raises(ValueError, match=r"^a label was given to data point 10, but the data has 5 rows"):
        labels_for(problem, config.with_(manual_labels=((9, 0),)))
