"""The data view picks the page for the data and model; pages off screen sleep and catch up."""

import numpy as np

from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.data_view import DataView
from nbviz.gui.plots.data.resp_heatmap import resp_image


def load(session, name):
    problem, config, start = load_preset(name)
    assert session.load(problem, config, start)


def test_pages_follow_the_data_and_hidden_pages_catch_up_when_shown(qtbot):
    session = Session()
    view = DataView(session)
    qtbot.addWidget(view)
    assert view.currentWidget() is view.empty
    load(session, "gmm-1d")
    assert view.currentWidget() is view.density
    load(session, "gmm-2d")
    assert view.currentWidget() is view.scatter
    load(session, "bars")
    assert view.currentWidget() is view.discrete
    session.step()
    np.testing.assert_array_equal(view.heatmap.image.image, resp_image(session.resp[view.heatmap.rows]))

    # a Gaussian model on the same binary data: the scatter page; the heat-map sleeps
    assert session.configure(session.config.with_(family="gaussian", covariance_type="diag", n_components=2))
    assert view.currentWidget() is view.scatter
    shown = view.heatmap.image.image.copy()
    session.step()
    np.testing.assert_array_equal(view.heatmap.image.image, shown)  # not redrawn off screen

    # back to a Bernoulli model: the heat-map wakes and shows the current half-step
    session.configure(session.config.with_(family="bernoulli", n_components=3))
    session.step()
    assert view.currentWidget() is view.discrete
    np.testing.assert_array_equal(view.heatmap.image.image, resp_image(session.resp[view.heatmap.rows]))
