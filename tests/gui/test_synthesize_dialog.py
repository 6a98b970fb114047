"""The synthesis dialog: validation in place, Normalise, Randomise, dragging a mean, and loading the data."""

import numpy as np
import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialog

from nbviz.app.data.synthesis import table_from_truth
from nbviz.app.run.session import Session
from nbviz.gui.dialogs.synthesize import SynthesisDialog


@pytest.fixture
def dialog(qtbot):
    session = Session()
    dlg = SynthesisDialog(session)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def invalid(dialog) -> QColor:
    """The background of a cell that cannot be used, in the dialog's colour scheme."""
    return QColor(dialog.appearance.problem_background)


def table_values(dialog) -> np.ndarray:
    return np.array([[float(text) for text in row] for row in dialog.cells()])


def set_cell(dialog, row, column, text):
    dialog.table.item(row, column).setText(text)  # as when the user finishes editing a cell


def test_an_invalid_cell_is_marked_and_disables_ok_until_fixed(dialog, qtbot):
    assert dialog.ok_button.isEnabled() and dialog.issues_label.text() == ""
    sd_x1 = 3  # weight, mean x1, mean x2, sd x1, ...
    set_cell(dialog, 1, sd_x1, "-2")
    assert not dialog.ok_button.isEnabled()
    item = dialog.table.item(1, sd_x1)
    reason = "component 2, standard deviation of x1: standard deviation -2 must be greater than 0"
    assert item.background().color() == invalid(dialog)
    assert item.toolTip() == reason
    assert reason in dialog.issues_label.text() and dialog.issues_label.isVisible()
    assert dialog.problem() is None
    assert "Preview paused" in dialog.preview.caption.text()
    set_cell(dialog, 1, sd_x1, "0.8")
    assert dialog.ok_button.isEnabled() and dialog.issues_label.text() == ""
    qtbot.waitUntil(lambda: "Preview of the 500 rows" in dialog.preview.caption.text())  # the delayed redraw
    assert dialog.table.item(1, sd_x1).background().color() != invalid(dialog)


def test_normalise_fixes_weights_only_when_asked(dialog):
    set_cell(dialog, 0, 0, "2")
    assert not dialog.ok_button.isEnabled()
    assert "use Normalise" in dialog.issues_label.text()
    assert all(dialog.table.item(k, 0).background().color() == invalid(dialog) for k in range(3))
    before = table_values(dialog)[:, 0]
    dialog.normalise_button.click()
    weights = table_values(dialog)[:, 0]
    np.testing.assert_allclose(weights, before / before.sum(), atol=1e-4)
    assert abs(weights.sum() - 1) < 1e-9 and dialog.ok_button.isEnabled()


def test_normalise_reports_what_it_cannot_scale(dialog):
    set_cell(dialog, 2, 0, "lots")
    dialog.normalise_button.click()
    assert "Could not normalise the weights" in dialog.issues_label.text()
    assert dialog.table.item(2, 0).text() == "lots"  # nothing the user typed is lost


def test_multinomial_normalise_scales_each_word_distribution(dialog):
    dialog.family_box.setCurrentIndex(dialog.family_box.findData("multinomial"))
    assert dialog.length_spin.isVisible() and dialog.d_label.text() == "Vocabulary M"
    set_cell(dialog, 1, 1, "0.9")
    assert "component 2: word probabilities sum to" in dialog.issues_label.text()
    dialog.normalise_button.click()
    assert dialog.ok_button.isEnabled()
    np.testing.assert_allclose(table_values(dialog)[:, 1:].sum(axis=1), 1.0, atol=1e-9)


def test_randomise_draws_new_parameters_and_k_changes_the_rows(dialog):
    before = table_values(dialog)
    seed = dialog.seed_spin.value()
    dialog.randomise_button.click()
    assert dialog.seed_spin.value() != seed
    assert not np.array_equal(table_values(dialog), before)
    dialog.k_spin.setValue(5)
    assert dialog.table.rowCount() == 5 and dialog.ok_button.isEnabled()
    dialog.d_spin.setValue(3)
    assert dialog.table.columnCount() == 1 + 3 + 3 + 3


def test_changing_only_the_seed_keeps_edited_parameters(dialog):
    set_cell(dialog, 0, 1, "7.5")
    dialog.seed_spin.setValue(dialog.seed_spin.value() + 1)
    assert dialog.table.item(0, 1).text() == "7.5"


def test_dragging_a_mean_on_the_preview_updates_the_table(dialog):
    dialog.redraw_preview()
    # the markers' drag signal carries the component and the new position
    dialog.preview.markers.marker_moved.emit(1, 2.345, -3.21)
    assert dialog.table.item(1, 1).text() == "2.35" and dialog.table.item(1, 2).text() == "-3.21"
    np.testing.assert_allclose(dialog.check.model.means[1], [2.35, -3.21])
    dialog.redraw_preview()
    np.testing.assert_allclose(dialog.preview.markers.getData()[0][1], 2.35)


def test_ok_loads_the_tables_parameters_into_the_session(dialog, qtbot):
    set_cell(dialog, 0, 1, "-6.5")
    dialog.n_spin.setValue(321)
    table = table_values(dialog)
    dialog.ok_button.click()
    session = dialog.session
    problem = session.problem
    assert dialog.result() == QDialog.Accepted
    assert problem.n_samples == 321 and problem.name.startswith("Synthetic 2-D Gaussian mixture")
    np.testing.assert_allclose(table_from_truth(problem.truth), table, atol=1e-12)
    assert session.config.family == "gaussian" and session.config.n_components == 3
    assert session.matched_truth() is not None


def test_each_family_previews_on_the_fitting_page(dialog):
    preview = dialog.preview
    cases = (
        ("bernoulli", 16, preview.pictures),
        ("bernoulli", 5, preview.bars_plot),
        ("multinomial", 8, preview.bars_plot),
        ("multinomial", 100, preview.heatmaps),
        ("gaussian", 1, preview.scatter_plot),
    )
    for family, D, page in cases:
        dialog.family_box.setCurrentIndex(dialog.family_box.findData(family))
        dialog.d_spin.setValue(D)
        dialog.redraw_preview()
        assert dialog.ok_button.isEnabled()
        assert preview.pages.currentWidget() is page
        assert "Preview of the 500 rows" in preview.caption.text()
    # one feature: strips at heights 0..K-1, the means' markers on them
    np.testing.assert_allclose(preview.markers.getData()[1], np.arange(3))
    np.testing.assert_allclose(preview.markers.getData()[0], dialog.check.model.means[:, 0])


def test_a_categorical_mixture_previews_its_level_probabilities_as_bars(dialog):
    dialog.family_box.setCurrentIndex(dialog.family_box.findData("categorical"))
    dialog.d_spin.setValue(4)
    dialog.redraw_preview()
    preview, model = dialog.preview, dialog.check.model
    assert dialog.ok_button.isEnabled() and preview.pages.currentWidget() is preview.bars_plot
    levels = np.concatenate(list(model.probs), axis=1)  # every feature's levels side by side
    for k, bars in enumerate(preview.bars):
        np.testing.assert_allclose(bars.opts["height"], levels[k])


def test_data_the_session_refuses_keep_the_dialog_open_with_the_reason(dialog):
    dialog.n_spin.setValue(2)  # fewer rows than the 3 components
    dialog.ok_button.click()
    assert dialog.result() != QDialog.Accepted and dialog.isVisible()
    assert dialog.issues_label.isVisible()
    assert "3 components is more than the 2 data points" in dialog.issues_label.text()
    assert dialog.session.problem is None


def test_the_main_window_opens_the_dialog_and_shows_the_synthesised_data(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from nbviz.gui.window.main_window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert window.commands["synthesise"].shortcut().toString() == "Ctrl+N"
    window.start_page.synthesis_requested.emit()
    dialog = window.findChild(SynthesisDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.family_box.setCurrentIndex(dialog.family_box.findData("bernoulli"))
    dialog.ok_button.click()
    assert window.pages.currentIndex() == 1
    assert window.windowTitle().startswith("nbviz — Synthetic Bernoulli mixture")
    assert window.session.config.family == "bernoulli" and window.session.problem.truth is not None


def test_the_preview_follows_the_windows_view_options(qtbot):
    from nbviz.app.presentation.view_options import ViewOptions
    from nbviz.gui.plots.data.point_layer import SHAPES

    options = ViewOptions()
    dlg = SynthesisDialog(Session(), view_options=options)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitUntil(lambda: "Preview of" in dlg.preview.caption.text())
    points = dlg.preview.points
    assert set(points.data["symbol"]) == {"o"}  # round dots by default
    options.set("shapes", True)  # View → Marker shapes by component
    symbols = points.data["symbol"]
    K = dlg.preview._shown[0].n_components
    assert set(symbols) == set(SHAPES[:K])
    # each point's shape is its true component's
    z = dlg.preview._shown[2]
    assert all(symbols[i] == SHAPES[k % len(SHAPES)] for i, k in enumerate(z))
    assert any(item.curves for item in dlg.preview.ellipses)
    options.set("ellipses", False)
    assert all(item.curves == [] for item in dlg.preview.ellipses)  # and no ellipses when they are off


@pytest.mark.parametrize(("n_features", "page"), [(100, "heatmaps"), (60, "bars_plot")])
def test_feature_names_under_bars_and_heat_maps_fit_side_by_side_in_presentation_mode(qtbot, shown, n_features, page):
    import pg_probe
    from PySide6.QtGui import QFontMetricsF

    from nbviz.app.presentation.appearance import Appearance
    from nbviz.gui.plots.styling import plot_font

    appearance = Appearance(presentation=True)
    dialog = shown(SynthesisDialog(Session(), appearance=appearance), 1024, 768)
    dialog.family_box.setCurrentIndex(dialog.family_box.findData("multinomial"))
    dialog.k_spin.setValue(2)
    dialog.d_spin.setValue(n_features)
    dialog.redraw_preview()
    preview = dialog.preview
    assert preview.pages.currentWidget() is getattr(preview, page)
    plots = [plot for plot, _ in preview.heat_images] if page == "heatmaps" else [preview.bars_plot.getPlotItem()]
    metrics = QFontMetricsF(plot_font(appearance))

    def fit():
        for plot in plots:
            names = pg_probe.tick_labels(plot, "bottom")
            width = sum(metrics.horizontalAdvance(name) for name in names)
            assert len(names) >= 2 and width < 0.8 * plot.getViewBox().width()

    qtbot.waitUntil(fit)


def test_categorical_level_probabilities_are_headed_and_named_by_question_and_level(dialog):
    import pg_probe

    dialog.family_box.setCurrentIndex(dialog.family_box.findData("categorical"))
    dialog.d_spin.setValue(4)
    dialog.redraw_preview()
    headers = [dialog.table.horizontalHeaderItem(i).text() for i in range(dialog.table.columnCount())]
    assert headers == ["weight"] + [f"P(x{j} = {level})" for j in range(1, 5) for level in range(3)]
    # the 4 questions' 3 levels are 12 groups of bars: each question named once, under its middle level
    ticks = dialog.preview.bars_plot.getAxis("bottom")._tickLevels[0]
    assert pg_probe.tick_labels(dialog.preview.bars_plot, "bottom") == ["x1", "x2", "x3", "x4"]
    np.testing.assert_allclose([position for position, _ in ticks], [1.0, 4.0, 7.0, 10.0])


def test_bernoulli_probabilities_keep_one_name_per_feature(dialog):
    dialog.family_box.setCurrentIndex(dialog.family_box.findData("bernoulli"))
    dialog.d_spin.setValue(3)
    dialog.redraw_preview()
    headers = [dialog.table.horizontalHeaderItem(i).text() for i in range(dialog.table.columnCount())]
    assert headers == ["weight", "P(x1)", "P(x2)", "P(x3)"]
    ticks = dialog.preview.bars_plot.getAxis("bottom")._tickLevels[0]
    assert ticks == [(0, "x1"), (1, "x2"), (2, "x3")]
