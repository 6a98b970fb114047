"""A screen reader finds a name for every control: the start page, a Gaussian, a Bernoulli, a
multinomial and a categorical preset with every dock shown, and every dialog (read in process through
Qt's accessibility interfaces, as the AT-SPI bridge serves them)."""

import pytest
from accessible_tree import focusable, spoken_name, unnamed
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QSlider
from window_dialogs import DIALOGS

from nbviz.app.presentation.guide import CONTENTS
from nbviz.gui.window.help.dialogs import show_about, show_shortcuts


@pytest.fixture(scope="module")
def window(qapp, tmp_path_factory):
    """One window for the module (a window takes ~0.3 s to build): each test loads what it shows."""
    from PySide6.QtCore import QSettings

    from nbviz.gui.window.main_window import MainWindow

    path = tmp_path_factory.mktemp("settings") / "settings.ini"
    win = MainWindow(settings=QSettings(str(path), QSettings.Format.IniFormat), remember_layout=False)
    win.resize(1200, 800)
    win.show()
    yield win
    win.close()
    win.deleteLater()


def test_every_control_of_the_start_page_has_a_name(window):
    window.pages.setCurrentIndex(0)
    window.docks.set_visible(False)
    assert unnamed(window) == []
    presets = [i for i, _ in focusable(window) if i.text(QAccessible.Text.Name) == "faithful"]
    assert presets and "Old Faithful" in presets[0].text(QAccessible.Text.Description)


@pytest.mark.parametrize("preset", ["bars", "corpus", "survey"])
def test_every_control_of_a_bernoulli_multinomial_and_categorical_preset_has_a_name(window, preset):
    assert window.files.load_preset(preset)
    window.take_half_steps(3)
    window.session.select(0)
    assert unnamed(window) == []


def test_every_control_of_a_gaussian_preset_has_a_name_with_every_dock_shown(window, qapp):
    assert window.files.load_preset("faithful")
    window.take_half_steps(3)
    window.session.select(0)
    for dock in window.docks.optional_docks():
        dock.show()
    for raised in (window.docks.choose_k_dock, window.docks.restarts_dock, window.docks.control_dock):
        raised.raise_()  # tabbed together: one at a time is on screen
        qapp.processEvents()
        assert (raised.windowTitle(), unnamed(window)) == (raised.windowTitle(), [])
    for dock in window.docks.optional_docks():
        dock.hide()


def test_a_slider_is_named_for_what_it_sets_not_for_its_box(window):
    assert window.files.load_preset("kmeans-limit")
    sliders = {spoken_name(QAccessible.queryAccessibleInterface(slider)) for slider in window.findChildren(QSlider)}
    assert {"Play speed", "History", "σ² (log scale)"} <= sliders
    assert not {"Run", "k-means limit (spherical Gaussians)"} & sliders


@pytest.mark.parametrize("name", list(DIALOGS))
def test_every_control_of_each_dialog_has_a_name(window, qtbot, name):
    assert window.files.load_preset("faithful")
    dialog = DIALOGS[name](window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert unnamed(dialog) == []


@pytest.mark.parametrize("show", [show_shortcuts, show_about, lambda w: w.context_help.open_link(CONTENTS)])
def test_every_control_of_the_help_dialogs_has_a_name(window, qtbot, show):
    dialog = show(window)
    qtbot.waitExposed(dialog)
    assert unnamed(dialog) == []
    dialog.close()


def plots_on_screen(window):
    """The focusable plots shown: the data view's page(s) and the objective curve."""
    views = [view for view in window.data_view.built_views() if view.isVisible()] + [window.objective]
    return [part for view in views for part in view.described_widgets() if part.isVisible()]


@pytest.mark.parametrize("preset", ["faithful", "gmm-1d", "bars", "survey"])
def test_each_plots_description_changes_after_a_half_step_and_names_its_log_likelihood(window, preset):
    assert window.files.load_preset(preset)
    window.take_half_steps(2)
    plots = plots_on_screen(window)
    assert len(plots) >= 2
    before = {plot: plot.accessibleDescription() for plot in plots}
    window.take_half_steps(1)
    value = f"{window.session.snapshot.objective:.6g}".replace("-", "\u2212")
    for plot in plots:
        name, description = plot.accessibleName(), plot.accessibleDescription()
        assert name and description != before[plot], name
        assert "log-likelihood" in description and value in description, name
        assert QAccessible.queryAccessibleInterface(plot).text(QAccessible.Text.Description) == description
