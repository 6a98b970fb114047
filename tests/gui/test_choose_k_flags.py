"""The Choose K panel flags degenerate fits and fits at the cap, and fits a narrow dock."""

import numpy as np
from PySide6.QtGui import QImage, QPainter

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.explore.choose_k import KChoice
from nbviz.app.families.gaussian import file_covariance_prior
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.panels.choose_k import COLUMNS, ChooseKPanel


def degenerate_choice() -> KChoice:
    rng = np.random.default_rng(0)
    centres = np.array([[0.0, 0.0], [6.0, 0.0], [3.0, 5.0]])
    X = np.concatenate([*(c + rng.normal(size=(100, 2)) for c in centres), np.tile([[3.0, -5.0]], (3, 1))])
    prior = nc.Prior(covariance_prior=file_covariance_prior(X))
    config = ModelConfig(family="gaussian", prior=prior, init_method="kmeans", tolerance=1e-3, convergence="per_row")
    selection = nc.select_components(
        X, "gaussian", range(1, 6), n_init=4, rng=0, prior=prior, method="kmeans", tol=1e-3, convergence="per_row"
    )
    return KChoice(Problem(X=X, name="dup", columns=("x", "y")), config, selection)


def test_degenerate_fits_are_flagged_with_their_reasons_and_never_ringed(qtbot):
    choice = degenerate_choice()
    session = Session()
    session.load(choice.problem, choice.config)
    panel = ChooseKPanel(session)
    qtbot.addWidget(panel)
    panel._show(choice)
    flags = COLUMNS.index("flags")
    texts = [panel.table.item(row, flags).text() for row in range(panel.table.rowCount())]
    degenerate_rows = [row for row, text in enumerate(texts) if "degenerate" in text]
    assert degenerate_rows, texts
    tip = panel.table.item(degenerate_rows[0], flags).toolTip()
    assert "never chosen as best" in tip and "restart" in tip
    best_k = choice.best_k("bic")
    k_index = int(np.flatnonzero(choice.selection.ks == best_k)[0])
    assert choice.selection.usable()[k_index].any()
    assert panel.best_marker.getData()[0].tolist() == [best_k]
    assert f"prefers K = {best_k}" in panel.summary.text() and "never chosen" in panel.summary.text()


def test_the_panel_comparing_covariance_types_fits_the_dock_at_1400x900(qtbot):
    session = Session()
    session.load(*load_preset("gmm-2d"))
    panel = ChooseKPanel(session)
    qtbot.addWidget(panel)
    panel.models_check.setChecked(True)
    assert panel.minimumSizeHint().width() <= 300  # the right-hand column is about 450 pixels wide at 1400x900


def test_a_comparison_of_covariance_types_up_to_k_9_fits_the_dock_of_a_1400x900_window(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from nbviz.gui.window.main_window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    window.remember_layout = False
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.session.load(*load_preset("gmm-2d"))
    docks = window.docks
    docks.show_explore_dock(docks.choose_k_dock)
    panel = window.choose_k
    panel.max_spin.setValue(9)
    panel.restarts_spin.setValue(1)
    panel.models_check.setChecked(True)
    with qtbot.waitSignal(panel.explorer.finished, timeout=60000):
        assert panel.run()
    qtbot.wait(50)
    assert "Lower is better" in panel.legend.text() and "spherical" in panel.legend.text()
    area = docks.choose_k_dock.widget()
    # nothing cut off at the side: the "to" box and Cancel within the dock, no sideways scrolling
    assert panel.minimumSizeHint().width() <= area.viewport().width()
    assert not area.horizontalScrollBar().isVisible()
    for widget in (panel.max_spin, panel.job_bar.cancel_button):
        right = widget.mapTo(panel, widget.rect().topRight()).x()
        assert widget.isVisible() and right <= area.viewport().width(), widget
    assert panel.max_spin.value() == 9 and panel.max_spin.text() == "9"
    # tabbed with the controls, it has their column's height (it had 72 pixels under the point inspector)
    assert docks.choose_k_dock.height() >= window.height() // 2
    top = panel.plot.mapTo(panel, panel.plot.rect().topLeft()).y()
    assert top + panel.plot.minimumHeight() // 2 <= area.viewport().height()  # the plot in view, not below it


def test_an_exploring_dock_widens_the_controls_column_and_gives_its_width_back_when_closed(qtbot, make_main_window):
    from PySide6.QtTest import QTest

    from nbviz.gui.window.docks import EXPLORE_WIDTH

    window = make_main_window()
    window.remember_layout = False
    window.resize(1400, 900)
    window.session.load(*load_preset("gmm-2d"))
    QTest.qWait(50)
    docks = window.docks
    before = docks.control_dock.width()
    assert before < EXPLORE_WIDTH
    for dock in (docks.choose_k_dock, docks.restarts_dock):
        docks.show_explore_dock(dock)
        QTest.qWait(50)
        assert dock in window.tabifiedDockWidgets(docks.control_dock) and dock.width() >= EXPLORE_WIDTH - 2
    docks.choose_k_dock.close()
    QTest.qWait(50)
    assert docks.restarts_dock.width() >= EXPLORE_WIDTH - 2  # the gallery is still open: still wide
    docks.restarts_dock.close()
    QTest.qWait(50)
    assert abs(docks.control_dock.width() - before) <= 2


def test_every_column_heading_is_whole_in_the_dock_at_1024x768_in_presentation_mode(qtbot, make_main_window):
    """The table's headings ("objective", "spread") are never cut ("bjectiv", "spreac"): a column is
    as wide as its heading, and the table scrolls sideways when they do not all fit."""
    window = make_main_window()
    window.presentation_layout.set_full_screen(False)
    window.resize(1024, 768)
    assert window.files.load_preset("lecture-five-points")
    window.appearance.set_presentation(True)
    window.docks.choose_k_dock.show()
    qtbot.wait(50)
    header = window.choose_k.table.horizontalHeader()
    metrics = header.fontMetrics()
    cut = [name for c, name in enumerate(COLUMNS) if header.sectionSize(c) < metrics.horizontalAdvance(name) + 6]
    assert not cut, cut


def test_before_a_fit_the_k_axis_is_labelled_with_the_whole_ks_to_be_fitted(qtbot, shown):
    session = Session()
    assert session.load(*load_preset("lecture-five-points"))
    panel = shown(ChooseKPanel(session), 500, 700)
    panel.min_spin.setValue(1)
    panel.max_spin.setValue(4)
    qtbot.wait(20)
    axis = panel.plot.getAxis("bottom")
    image = QImage(max(axis.width(), 1), max(axis.height(), 1), QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        _, _, texts = axis.generateDrawSpecs(painter)  # the tick labels the axis draws
    finally:
        painter.end()
    assert [text for _, _, text in texts] == ["1", "2", "3", "4"]  # not 0.2, 0.4, ... components
