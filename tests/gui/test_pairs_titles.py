"""The scatter matrix's feature names (above the diagonal panels) in the scheme's foreground colour."""

import numpy as np
import pyqtgraph as pg

import nbviz.core as nc
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
