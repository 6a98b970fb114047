"""The categorical family's data view: each component's level probabilities as stacked bars."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.data_view import DataView
from nbviz.gui.plots.data.level_bars import LevelBarsView

TRUTH = nc.CategoricalMixture(
    weights=[0.4, 0.6],
    probs=[[[0.7, 0.2, 0.1], [0.1, 0.3, 0.6]], [[0.9, 0.1], [0.2, 0.8]]],
)


@pytest.fixture
def session(qtbot):
    session = Session()
    problem = Problem.synthesised(TRUTH, 120, seed=3, name="survey")
    assert session.load(problem, ModelConfig(family="categorical", n_components=2, seed=1), None)
    for _ in range(3):
        session.step()
    return session


def test_bars_stack_each_components_level_probabilities(session, qtbot):
    view = LevelBarsView(session)
    qtbot.addWidget(view)
    view.set_awake(True)
    view.redraw()
    model = session.snapshot.model
    segments = [(k, j, level) for j, L in enumerate(model.levels) for k in range(2) for level in range(L)]
    assert len(view.bars) == len(segments) == 2 * (3 + 2)
    for (k, j, level), bar in zip(segments, view.bars, strict=True):
        assert bar.opts["height"][0] == pytest.approx(model.probs[j][k, level])
        assert bar.opts["y0"][0] == pytest.approx(model.probs[j][k, :level].sum())
    tops = [bar.opts["y0"][0] + bar.opts["height"][0] for bar in view.bars]
    assert max(tops) == pytest.approx(1.0)


def test_the_data_view_shows_the_bars_for_a_categorical_model(session, qtbot):
    view = DataView(session)
    qtbot.addWidget(view)
    assert view.currentWidget() is view.levels
    assert np.isfinite(session.snapshot.log_likelihood)
