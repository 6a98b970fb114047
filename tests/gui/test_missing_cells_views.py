"""Rows with missing cells on screen: hollow points at their filled-in positions (numpy's conditional
means weighted by the responsibilities), a legend row saying so, no NaN in any plot item, rows missing
a 1-D view's x drawn nowhere, and the inspector's conditional expectations checked against numpy."""

import numpy as np
import pyqtgraph as pg
import pytest
from scipy.stats import norm
from test_point_layer import layer_in_view

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.panels.inspector import PointInspector
from nbviz.gui.plots.data.density_1d import Density1DView
from nbviz.gui.plots.data.pairs_view import PairsView
from nbviz.gui.plots.data.scatter_view import ScatterView


@pytest.fixture
def session(qtbot):
    """The missing-cells lesson after five half-steps (E, M, E, M, E): the resp come from the model shown."""
    session = Session()
    assert session.load(*load_preset("missing-cells"))
    for _ in range(5):
        assert session.next_half_step()
    return session


def numpy_filled(model, X, resp):
    """Each row with one coordinate missing completed by the weighted conditional means (2-D Gaussians)."""
    filled = X.copy()
    for n in np.flatnonzero(np.isnan(X).any(axis=1)):
        m = int(np.flatnonzero(np.isnan(X[n]))[0])
        o = 1 - m
        means, covs = model.means, model.covariances
        conditional = means[:, m] + covs[:, m, o] / covs[:, o, o] * (X[n, o] - means[:, o])
        filled[n, m] = resp[n] @ conditional
    return filled


def assert_finite_items(view_box):
    """Every curve and scatter in `view_box` holds finite numbers only."""
    for item in view_box.addedItems:
        if isinstance(item, (pg.PlotDataItem, pg.PlotCurveItem, pg.ScatterPlotItem)):
            x, y = item.getData()
            if x is not None and len(x):
                assert np.isfinite(x).all() and np.isfinite(y).all(), item


def test_the_scatter_view_draws_incomplete_rows_hollow_at_their_conditional_means(session, shown):
    view = shown(ScatterView(session), 640, 520)
    X = session.problem.X
    gaps = np.isnan(X).any(axis=1)
    assert view.points.hollow is not None and np.array_equal(view.points.hollow, gaps)
    expected = numpy_filled(session.snapshot.model, X, session.resp)
    np.testing.assert_allclose(view.points.positions, expected, rtol=1e-10, atol=1e-12)
    assert np.isfinite(view.points.positions).all()
    assert_finite_items(view.view_box)
    texts = [entry.text for entry in view.legend.entries]
    assert "hollow: cells missing, drawn at their expected value" in texts
    assert session.next_half_step() and session.next_half_step()  # M, E: the hollow points move
    moved = numpy_filled(session.snapshot.model, X, session.resp)
    np.testing.assert_allclose(view.points.positions, moved, rtol=1e-10, atol=1e-12)
    assert not np.allclose(moved[gaps], expected[gaps])


def test_a_hollow_point_is_a_coloured_rim_around_the_background(qtbot):
    positions = np.array([[0.25, 0.5], [0.75, 0.5]])
    layer = layer_in_view(qtbot, positions)
    layer.set_hollow(np.array([False, True]), (250, 250, 250))
    colours = np.array([[200, 30, 40], [30, 60, 200]], dtype=np.uint8)
    layer.set_colors(colours)
    x0, y0, sx, sy, *_, radius = layer._geometry
    edge = int(np.floor(radius))  # right of the centre: the fill's outer band at `edge`, the rim after it
    for (x, y), colour, centre in zip(positions, colours, ((200, 30, 40), (250, 250, 250))):
        col, row = int(np.floor((x - x0) * sx)), int(np.floor((y - y0) * sy))
        assert tuple(layer.image[row, col, :3]) == centre
        assert tuple(layer.image[row, col + edge, :3]) == tuple(colour)  # a two-pixel ring in its colour
        assert tuple(layer.image[row, col + edge + 1, :3]) == tuple((0.6 * colour).astype(np.uint8))
    recoloured = colours[::-1].copy()
    layer.set_colors(recoloured)  # a half-step recolours the same pixels as a fresh splat draws them
    fresh = layer_in_view(qtbot, positions)
    fresh.set_hollow(np.array([False, True]), (250, 250, 250))
    fresh.set_colors(recoloured)
    assert np.array_equal(layer.image, fresh.image)


def test_the_pairs_view_draws_them_hollow_and_no_nan(session, shown):
    view = shown(PairsView(session), 640, 520)
    view.set_awake(True)
    view.redraw()
    gaps = np.isnan(session.problem.X).any(axis=1)
    expected = numpy_filled(session.snapshot.model, session.problem.X, session.resp)
    layer = view.layers[1, 0]
    assert np.array_equal(layer.hollow, gaps)
    np.testing.assert_allclose(layer.positions, expected[:, [view.features[0], view.features[1]]], atol=1e-12)
    for panel in view.panels.values():
        assert_finite_items(panel.getViewBox())


def test_a_1d_view_draws_rows_missing_x_nowhere(qtbot, shown):
    truth = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0], [5.0]], covariances=[[[1.0]], [[1.0]]])
    X, _ = truth.sample(200, rng=1)
    X[::7] = np.nan
    session = Session()
    assert session.load(Problem("gaps", X, ("x",)), ModelConfig(n_components=2, seed=0))
    assert session.next_half_step()
    view = shown(Density1DView(session), 640, 480)
    assert_finite_items(view.view_box)
    edges, counts = view.histogram.getData()
    observed = X[~np.isnan(X[:, 0]), 0]
    assert np.isclose(np.sum(counts * np.diff(edges)), 1.0) and edges[0] <= observed.min()
    session.select(0)  # a row missing x: no ring
    assert len(view.selection_ring.getData()[0]) == 0
    texts = [entry.text for entry in view.legend.entries]
    assert "rows missing x: not drawn (left out of the histogram)" in texts


def test_the_inspector_gives_the_conditional_expectations_of_a_row_with_missing_cells(session, qtbot):
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    session.select(1)  # x1 missing, x2 observed
    x2 = session.problem.X[1, 1]
    model = session.run_history.responsibilities_model()
    means, covs, weights = model.means, model.covariances, model.weights
    joint = weights * norm.pdf(x2, means[:, 1], np.sqrt(covs[:, 1, 1]))
    resp = joint / joint.sum()
    np.testing.assert_allclose(session.resp[1], resp, rtol=1e-10)
    conditional = means[:, 0] + covs[:, 0, 1] / covs[:, 1, 1] * (x2 - means[:, 1])
    filled = inspector.breakdown.filled
    assert filled.observed == ("x2",) and filled.missing == ("x1",)
    np.testing.assert_allclose(filled.per_component[:, 0], conditional, rtol=1e-12)
    np.testing.assert_allclose(filled.weighted, [resp @ conditional], rtol=1e-12)
    text = inspector.text()
    assert "x1 missing, x2 = " in text and "Missing: x1. The E-step used x2" in text
    for value in [*conditional, resp @ conditional]:
        assert f"{value:.4g}" in text
    assert "nan" not in text.lower()


def test_a_bernoulli_row_with_missing_cells_expects_each_components_probability(qtbot):
    truth = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.9, 0.9, 0.1, 0.1], [0.1, 0.2, 0.9, 0.8]])
    X, _ = truth.sample(120, rng=3)
    X[5, [1, 3]] = np.nan
    session = Session()
    problem = Problem("gaps", X, ("a", "b", "c", "d"))
    assert problem.data_kind == "binary" and problem.family_guess.family == "bernoulli"
    assert session.load(problem, ModelConfig(family="bernoulli", n_components=2, seed=0))
    assert session.next_half_step() and session.next_half_step() and session.next_half_step()
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    session.select(5)
    probs = session.run_history.responsibilities_model().probs
    filled = inspector.breakdown.filled
    assert filled.observed == ("a", "c") and filled.missing == ("b", "d")
    np.testing.assert_allclose(filled.per_component, probs[:, [1, 3]], rtol=1e-12)
    np.testing.assert_allclose(filled.weighted, session.resp[5] @ probs[:, [1, 3]], rtol=1e-12)
    assert "Missing: b, d. The E-step used a, c" in inspector.text() and "nan" not in inspector.text().lower()


def test_the_inspector_works_an_m_step_mean_out_on_the_expected_cells(session, qtbot):
    from nbviz.app.families.steps import ParameterKey

    assert session.next_half_step()  # an M-step
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    before = session.run_history.responsibilities_model()
    X, resp = session.problem.X, session.resp
    completed = X.copy()
    rows = np.isnan(X[:, 0])
    completed[rows, 0] = before.means[0, 0] + before.covariances[0, 0, 1] / before.covariances[0, 1, 1] * (
        X[rows, 1] - before.means[0, 1]
    )
    expected = resp[:, 0] @ completed[:, 0] / resp[:, 0].sum()
    np.testing.assert_allclose(session.snapshot.model.means[0, 0], expected, rtol=1e-10)  # numpy's M-step
    inspector.choose_parameter(ParameterKey("mean", 0, (0,)))
    assert inspector.worked.value == pytest.approx(expected, rel=1e-10)
    assert f"= {expected:.6g}" in inspector.text() and "enters with its expected value" in inspector.text()
    inspector.choose_parameter(ParameterKey("covariance", 0, (0, 0)))
    assert "not a plain weighted sum of the rows" in inspector.text() and "nan" not in inspector.text().lower()


def test_a_categorical_row_with_missing_cells_names_the_most_probable_levels(qtbot):
    truth = nc.CategoricalMixture(
        weights=[0.5, 0.5],
        probs=[[[0.8, 0.1, 0.1], [0.1, 0.2, 0.7]], [[0.7, 0.3], [0.2, 0.8]], [[0.6, 0.3, 0.1], [0.1, 0.3, 0.6]]],
    )
    X, _ = truth.sample(150, rng=4)
    X[3, [1, 2]] = np.nan
    levels = (("never", "sometimes", "often"), ("no", "yes"), ("bien", "mal", "très mal"))
    session = Session()
    problem = Problem("survey", X, ("q1", "q2", "q3"), levels=levels)
    assert session.load(problem, ModelConfig(family="categorical", n_components=2, seed=0))
    for _ in range(3):
        assert session.next_half_step()
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    session.select(3)
    model = session.run_history.responsibilities_model()
    resp = session.resp[3]
    text = inspector.text()
    assert "Missing: q2, q3. The E-step used q1" in text
    # numpy: each component's most probable level of a missing question, and that of the r-weighted levels
    for j in (1, 2):
        assert f"most probable {problem.columns[j]}" in text
        for k in range(2):
            assert levels[j][int(np.argmax(model.probs[j][k]))] in text
        assert levels[j][int(np.argmax(resp @ model.probs[j]))] in text
    assert "E[q2" not in text and "hollow" not in text and "nan" not in text.lower()


def test_a_row_with_nothing_observed_has_log_p_x_zero(qtbot):
    truth = nc.BernoulliMixture(weights=[0.3, 0.7], probs=[[0.9, 0.9, 0.1], [0.1, 0.2, 0.9]])
    X, _ = truth.sample(80, rng=3)
    X[7] = np.nan
    session = Session()
    assert session.load(Problem("gaps", X, ("a", "b", "c")), ModelConfig(family="bernoulli", n_components=2, seed=1))
    for _ in range(3):  # the M-step's weights sum to 1 up to rounding: their logsumexp is -5.6e-17
        assert session.next_half_step()
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    session.select(7)
    np.testing.assert_allclose(session.resp[7], session.run_history.responsibilities_model().weights, rtol=1e-12)
    assert "log p(x) = 0." in inspector.text() and "e-1" not in inspector.text()
