"""More than two dimensions: the pairs view, PCA's explained variance and loadings, named means,
the covariance heat map, and parameters in original units for standardised data."""

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.decomposition import PCA

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.data.standardize import standardize_problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.appearance import Appearance
from nbviz.app.presentation.view_options import ViewOptions
from nbviz.app.run.session import Session
from nbviz.gui.panels.parameters import ParametersPanel
from nbviz.gui.plots.data.axis_chooser import PAIRS_TITLE
from nbviz.gui.plots.data.scatter_view import ScatterView
from nbviz.gui.style.palette import component_color
from nbviz.gui.style.theme import palette_for

COLUMNS = ["alcohol", "malic_acid", "ash", "magnesium", "proline"]


def five_feature_problem(n=300, seed=0) -> Problem:
    rng = np.random.default_rng(seed)
    A = rng.normal(size=(5, 5))
    X = rng.normal(size=(n, 5)) @ A + np.where(np.arange(n) % 2 == 0, 3.0, -3.0)[:, None]
    X = X * np.array([1.0, 0.5, 0.1, 20.0, 300.0]) + np.array([13.0, 2.0, 2.4, 100.0, 750.0])
    return Problem(name="wine-like", X=X, columns=COLUMNS)


@pytest.fixture
def fitted():
    session = Session()
    assert session.load(five_feature_problem(), ModelConfig(n_components=2, covariance_type="full", seed=1))
    for _ in range(6):
        session.step()
    return session


def mahalanobis(points, mean, cov):
    centred = points - mean
    return np.einsum("ni,ij,nj->n", centred, np.linalg.inv(cov), centred)


def test_the_pairs_panels_project_each_covariance_and_draw_only_when_shown(fitted, shown):
    view = shown(ScatterView(fitted), 900, 700)
    pairs = view.pairs
    assert not pairs.panels  # not shown yet: nothing built
    view.axes_choice.setCurrentIndex(view.axes_choice.count() - 1)
    assert view.axes_choice.currentText() == PAIRS_TITLE and pairs.isVisible() and not view.plot.isVisible()
    model, X = fitted.snapshot.model, fitted.problem.X
    # four of five features: the largest PCA loadings (proline and magnesium have the variance)
    assert len(pairs.features) == 4 and {3, 4} <= set(pairs.features)
    assert len(pairs.panels) == 16
    for (r, c), items in pairs.ellipses.items():
        x, y = pairs.features[c], pairs.features[r]
        for k, item in enumerate(items):
            cov = model.full_covariances[k][np.ix_([x, y], [x, y])]  # the hand projection: a marginal
            mean = model.means[k, [x, y]]
            np.testing.assert_allclose(mahalanobis(item.curves[0], mean, cov), 1.0, rtol=1e-9)
            np.testing.assert_allclose(mahalanobis(item.curves[1], mean, cov), 4.0, rtol=1e-9)
        np.testing.assert_array_equal(pairs.layers[r, c].positions, X[:, [x, y]])
    d = pairs.features[0]
    xs, ys = pairs.curves[0][1].getData()
    sd = np.sqrt(model.full_covariances[1][d, d])
    np.testing.assert_allclose(ys, model.weights[1] * norm.pdf(xs, model.means[1, d], sd), rtol=1e-9)

    pairs.set_features([0, 1, 2, 3, 4])
    assert len(pairs.panels) == 25
    with pytest.raises(ValueError, match="2 to 6"):
        pairs.set_features([0])
    menu = pairs.menu.actions()
    menu[4].setChecked(False)  # untick proline
    assert pairs.features == [0, 1, 2, 3] and len(pairs.panels) == 16
    view.axes_choice.setCurrentIndex(0)
    assert view.plot.isVisible() and not pairs.isVisible() and pairs.asleep()


def test_pca_axes_give_the_explained_variance_of_sklearn_and_the_loadings_on_hover(fitted, shown):
    view = shown(ScatterView(fitted))
    oracle = PCA(n_components=2).fit(fitted.problem.X)
    labels = view.projection.labels
    share = oracle.explained_variance_ratio_
    assert labels == (f"PC1 ({100 * share[0]:.1f} %)", f"PC2 ({100 * share[1]:.1f} %)")
    np.testing.assert_allclose(view.projection.explained, share, rtol=1e-9)
    tip = view.plot.getAxis("bottom").toolTip()
    top = COLUMNS[int(np.argmax(np.abs(oracle.components_[0])))]
    assert "PCA of the raw data" in tip and tip.splitlines()[1].startswith(top)

    standardised = Session()
    assert standardised.load(standardize_problem(five_feature_problem(), "z"), ModelConfig(n_components=2))
    view = shown(ScatterView(standardised))
    assert view.axes_choice.itemText(0) == "PCA of the standardised data"
    Z = standardised.problem.X
    share = PCA(n_components=2).fit(Z).explained_variance_ratio_
    assert view.projection.labels[0] == f"PC1 ({100 * share[0]:.1f} %)"


def test_named_means_and_the_heat_map_of_covariance_and_correlation(qtbot):
    rng = np.random.default_rng(5)
    data = rng.normal(size=(200, 3)) @ np.array([[2.0, 0.5, 0.0], [0.0, 1.0, -0.7], [0.0, 0.0, 0.3]])
    hand = np.cov(data, rowvar=False)  # a hand-built covariance
    model = nc.GaussianMixture(
        weights=[0.4, 0.6], means=[[1.0, 2.0, 3.0], [-1.0, 0.5, 9.0]], covariances=np.stack([np.eye(3), hand])
    )
    session = Session()
    problem = Problem(name="three", X=rng.normal(size=(50, 3)), columns=["height", "width", "depth"])
    assert session.load(problem, ModelConfig(n_components=2), start=model)
    panel = ParametersPanel(session)
    qtbot.addWidget(panel)
    matrix = panel.matrix
    table = matrix.means_table
    assert [table.verticalHeaderItem(d).text() for d in range(3)] == ["height", "width", "depth"]
    assert [table.item(d, 1).text() for d in range(3)] == ["-1", "0.5", "9"]
    matrix.component_choice.setCurrentIndex(1)
    np.testing.assert_allclose(matrix.heatmap.values, hand, rtol=1e-12)
    assert matrix.heatmap.limit == pytest.approx(np.abs(hand).max())
    matrix.correlation_check.setChecked(True)
    np.testing.assert_allclose(matrix.heatmap.values, np.corrcoef(data, rowvar=False), atol=1e-12)
    assert matrix.heatmap.limit == 1.0 and "Correlation" in matrix.note.text()

    assert session.configure(session.config.with_(covariance_type="diag"))
    matrix.correlation_check.setChecked(False)
    diagonal = session.snapshot.model.covariances[1]
    np.testing.assert_allclose(matrix.heatmap.values, np.diag(diagonal))
    assert "diagonal" in matrix.note.text()


def test_the_means_table_names_each_component_in_the_colour_made_for_its_background(qtbot):
    session = Session()
    assert session.load(five_feature_problem(), ModelConfig(n_components=3, seed=1))
    panel = ParametersPanel(session)
    qtbot.addWidget(panel)
    table = panel.matrix.means_table
    appearance = Appearance()
    for dark in (False, True, False):  # switched both ways while the table is shown
        appearance.set_dark(dark)
        panel.setPalette(palette_for(appearance))
        colours = [table.horizontalHeaderItem(k).foreground().color() for k in range(3)]
        assert colours == [component_color(k, dark) for k in range(3)]
        assert component_color(2, True) != component_color(2, False)  # the check can tell them apart


def test_parameters_and_feature_axes_in_original_units_for_standardised_data(shown):
    raw = five_feature_problem()
    problem = standardize_problem(raw, "z")
    session = Session()
    assert session.load(problem, ModelConfig(n_components=2, covariance_type="spherical", seed=2))
    session.step()
    session.step()
    options = ViewOptions()
    panel = shown(ParametersPanel(session, view_options=options))
    view = shown(ScatterView(session, view_options=options))
    view.axes_bar.choose_pair(3, 4)  # magnesium (horizontal) against proline
    model = session.snapshot.model
    mean, std = raw.X.mean(axis=0), raw.X.std(axis=0)
    assert panel.matrix.means_table.item(4, 0).text() == f"{model.means[0, 4]:.5g}"
    assert view.plot.getAxis("bottom").labelText == "magnesium (standardised)"

    options.set("original_units", True)
    panel.catch_up()  # (a panel on screen may hold a refresh back for a moment: text_panel.REFRESH_MS)
    assert panel.matrix.means_table.item(4, 0).text() == f"{mean[4] + std[4] * model.means[0, 4]:.5g}"
    panel.matrix.component_choice.setCurrentIndex(0)
    # a spherical covariance is diagonal in the file's units: s_d^2 sigma^2
    np.testing.assert_allclose(panel.matrix.heatmap.values, np.diag(std**2 * model.covariances[0]), rtol=1e-12)
    assert "file's units" in panel.text()
    axis = view.plot.getAxis("bottom")
    assert axis.labelText == "magnesium"
    spacing, values = axis.tickValues(-1.0, 1.0, 400)[0]
    ticks = mean[3] + std[3] * np.asarray(values)  # placed at round numbers of the file's units
    np.testing.assert_allclose(ticks, np.round(ticks / (spacing * std[3])) * spacing * std[3], atol=1e-6)
    assert axis.tickStrings(values[:1], 1.0, spacing)[0] == f"{ticks[0]:g}"


def test_the_original_units_switch_is_disabled_with_a_reason_for_raw_data(qtbot):
    from PySide6.QtWidgets import QMenu

    from nbviz.gui.window.view_menu import add_view_option_actions, follow_standardization

    session = Session()
    assert session.load(five_feature_problem(), ModelConfig(n_components=2))
    menu = QMenu()
    actions = add_view_option_actions(menu, ViewOptions(), menu)
    follow_standardization(actions["original_units"], session)
    assert not actions["original_units"].isEnabled() and "standardis" in actions["original_units"].toolTip()
    assert session.load(standardize_problem(five_feature_problem(), "robust"), ModelConfig(n_components=2))
    assert actions["original_units"].isEnabled()


def test_the_named_means_change_in_place_and_only_when_the_means_do(qtbot):
    rng = np.random.default_rng(6)
    session = Session()
    problem = Problem(name="three", X=rng.normal(size=(60, 3)), columns=["a", "b", "c"])
    assert session.load(problem, ModelConfig(n_components=2, seed=3))
    panel = ParametersPanel(session)
    qtbot.addWidget(panel)
    table = panel.matrix.means_table
    changes = []
    table.model().dataChanged.connect(lambda *_: changes.append(1))
    session.next_half_step()  # an E-step: the same parameters, the table untouched
    assert session.snapshot.phase == "E" and changes == []
    session.next_half_step()  # an M-step: new means, in the same cells
    means = session.snapshot.model.means
    assert changes
    assert [[table.item(d, k).text() for k in range(2)] for d in range(3)] == [
        [f"{means[k, d]:.5g}" for k in range(2)] for d in range(3)
    ]
