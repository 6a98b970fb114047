"""The scatter matrix's frame: feature names above the diagonal panels in the scheme's foreground
colour, values on the outer axes only, and every point inside its panels."""

import numpy as np
import pyqtgraph as pg

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.view_options import ViewOptions
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.axis_chooser import PAIRS_TITLE
from nbviz.gui.plots.data.scatter_view import ScatterView

TRUTH = nc.GaussianMixture(
    weights=[0.5, 0.5],
    means=[[0.0, 0.0, 10.0], [3.0, 1.0, 30.0]],
    covariances=np.stack([np.diag([1.0, 0.25, 36.0])] * 2),
)


def test_the_diagonal_titles_follow_the_scheme(synthesised_session, shown):
    session = synthesised_session(TRUTH, 200, 4, family="gaussian", n_components=2, seed=1)
    session.step()
    view = shown(ScatterView(session), 900, 700)
    view.axes_choice.setCurrentIndex(view.axes_choice.findText(PAIRS_TITLE))
    pairs, appearance = view.pairs, view.appearance
    for dark in (False, True, False):
        appearance.set_dark(dark)
        for r in range(len(pairs.features)):
            title = pairs.panels[r, r].titleLabel
            assert title.isVisible() and title.text
            assert pg.mkColor(title.opts["color"]).name() == pg.mkColor(appearance.foreground).name(), (dark, r)


def test_values_on_the_outer_axes_and_no_ticks_beside_the_histograms(synthesised_session, shown):
    session = synthesised_session(TRUTH, 200, 4, family="gaussian", n_components=2, seed=1)
    session.step()
    view = shown(ScatterView(session), 900, 700)
    view.axes_choice.setCurrentIndex(view.axes_choice.findText(PAIRS_TITLE))
    n = len(view.pairs.features)
    for (r, c), panel in view.pairs.panels.items():
        left, bottom = panel.getAxis("left").style, panel.getAxis("bottom").style
        assert left["showValues"] == (c == 0 and r != c), (r, c)
        assert bottom["showValues"] == (r == n - 1), (r, c)
        assert (left["tickLength"] == 0) == (r == c), (r, c)  # a histogram's heights: no ticks


def points_hidden(pairs, X) -> int:
    """Points outside some off-diagonal panel's visible range."""
    hidden = 0
    for (r, c), panel in pairs.panels.items():
        if r != c:
            (x0, x1), (y0, y1) = panel.getViewBox().viewRange()
            x, y = X[:, pairs.features[c]], X[:, pairs.features[r]]
            hidden += int(np.sum((x <= x0) | (x >= x1) | (y <= y0) | (y >= y1)))
    return hidden


def test_with_equal_aspect_off_or_on_every_panel_shows_every_point_at_two_sizes(shown, qtbot):
    X = np.random.default_rng(3).normal(size=(300, 5)) * [1.0, 3.0, 0.3, 8.0, 2.0]
    session = Session()
    assert session.load(Problem("five", X, ("a", "b", "c", "d", "e")), ModelConfig(n_components=2, seed=0))
    session.step()
    for equal in (False, True):
        view = shown(ScatterView(session, view_options=ViewOptions(equal_aspect=equal)), 900, 700)
        view.axes_choice.setCurrentIndex(view.axes_choice.findText(PAIRS_TITLE))
        view.pairs.set_features([0, 1, 2, 3, 4])
        qtbot.waitUntil(lambda: points_hidden(view.pairs, X) == 0, timeout=3000)  # noqa: B023
        view.resize(1400, 900)
        qtbot.waitUntil(lambda: points_hidden(view.pairs, X) == 0, timeout=3000)  # noqa: B023
