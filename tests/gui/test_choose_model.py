"""Choose K over covariance types: a BIC and an ICL line per type, the best model marked, a click loads that fit."""

import numpy as np
from PySide6.QtCore import QPointF, Qt

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.panels.choose_k import ChooseKPanel

MODEL_TYPES = ("full", "tied", "diag", "spherical")  # mclust's order of generality, as the panel compares them

# axis-aligned clusters of different spreads: diag should win over full (fewer parameters)
DIAG = nc.GaussianMixture(
    weights=[0.5, 0.5], means=[[0, 0], [9, 0]], covariances=np.array([[[1.0, 0], [0, 4.0]], [[3.0, 0], [0, 0.5]]])
)


def test_the_panel_compares_covariance_types_and_a_click_loads_that_model(qtbot):
    session = Session()
    session.load(Problem.synthesised(DIAG, 200, seed=4, name="diag"), ModelConfig(n_components=2, seed=1))
    panel = ChooseKPanel(session)
    qtbot.addWidget(panel)
    panel.resize(520, 760)
    panel.show()
    panel.min_spin.setValue(1)
    panel.max_spin.setValue(3)
    panel.restarts_spin.setValue(2)
    assert panel.models_check.isVisible()
    qtbot.mouseClick(panel.models_check, Qt.LeftButton, pos=QPointF(8, 8).toPoint())
    assert panel.models_check.isChecked()
    with qtbot.waitSignal(panel.explorer.finished, timeout=30000):
        qtbot.mouseClick(panel.job_bar.run_button, Qt.LeftButton)
    result = panel.result
    assert result.covariance_types == MODEL_TYPES
    reference = nc.select_components(
        session.problem.X, "gaussian", [1, 2, 3], n_init=2, rng=1, max_iter=1000, tol=session.tolerance,
        covariance_types=MODEL_TYPES,
    )  # fmt: skip
    for kind in MODEL_TYPES:
        np.testing.assert_array_equal(result.selection_for(kind).bic, reference.selections[kind].bic)
        line = panel.models.lines[(kind, "bic")]
        np.testing.assert_allclose(line.getData()[1], np.nanmin(reference.selections[kind].bic, axis=1))
    kind, k = reference.best
    assert (kind, k) == result.best_model("bic") and k == 2
    assert f"K = {k} with {kind} covariance" in panel.summary.text()
    assert panel.table.rowCount() == 12

    # click on the spherical K = 3 point of the plot: that fit is loaded
    selection = reference.selections["spherical"]
    y = float(np.nanmin(selection.bic[2]))
    box = panel.plot.getPlotItem().vb
    scene = box.mapViewToScene(QPointF(3.0, y))
    qtbot.mouseClick(panel.plot.viewport(), Qt.LeftButton, pos=panel.plot.mapFromScene(scene))
    restart = int(np.nanargmin(selection.bic[2]))
    assert session.config.covariance_type == "spherical" and session.config.n_components == 3
    assert session.em.model.covariance_type == "spherical"
    assert session.history == result.selection_for("spherical").runs[(2, restart)].history
    assert session.config.seed == selection.fit_seeds[2, restart]
