"""Presentation mode, the dark scheme, the toolbar icons and the remembered choices."""

import numpy as np
import pg_probe
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidgetAction

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.appearance import PRESENTATION_LEAST_POINTS, PRESENTATION_SCALE, Appearance
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.scatter_view import ScatterView
from nbviz.gui.plots.run.objective_curve import ObjectiveCurve
from nbviz.gui.style.icons import FOREGROUND, icon_source, render_icon, themed_icon
from nbviz.gui.style.theme import dark_palette
from nbviz.gui.window.main_window import MainWindow

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


def loaded_session():
    session = Session()
    assert session.load(Problem.synthesised(TRUTH, 200, seed=0), ModelConfig(n_components=2, seed=2))
    session.step()
    return session


@pytest.fixture
def views(qtbot):
    session = loaded_session()
    appearance = Appearance()  # the window's, passed to every view
    scatter, curve = ScatterView(session, appearance=appearance), ObjectiveCurve(session, appearance=appearance)
    for widget in (scatter, curve):
        qtbot.addWidget(widget)
        widget.resize(500, 400)
        widget.show()
    return session, scatter, curve


def styling(scatter, curve):
    """Font sizes and pen widths a reader of the plots sees."""
    return {
        "scatter ticks": pg_probe.tick_font(scatter.plot, "bottom").pointSizeF(),
        "curve ticks": pg_probe.tick_font(curve.plot, "left").pointSizeF(),
        "ellipse pen": scatter.ellipses[0].pen.widthF(),
        "mean size": pg_probe.symbol_size(scatter.means),
        "dot radius": scatter.points._geometry[-1],
        "objective pen": pg_probe.pen(curve.objective_curve).widthF(),
        "elbo pen": pg_probe.pen(curve.elbo_curve).widthF(),
    }


def test_presentation_mode_enlarges_text_lines_and_points_and_toggles_back(views):
    session, scatter, curve = views
    before = styling(scatter, curve)
    appearance = scatter.appearance
    assert appearance is curve.appearance  # the one they were given
    appearance.set_presentation(True)
    during = styling(scatter, curve)
    for key in ("scatter ticks", "curve ticks"):  # larger, and never below the back row's least type
        assert during[key] == pytest.approx(max(before[key] * PRESENTATION_SCALE["font"], PRESENTATION_LEAST_POINTS))
        assert during[key] > before[key]
    for key in ("ellipse pen", "objective pen", "elbo pen"):
        assert during[key] == pytest.approx(before[key] * PRESENTATION_SCALE["line"])
    assert during["mean size"] == pytest.approx(before["mean size"] * PRESENTATION_SCALE["point"])
    assert during["dot radius"] == before["dot radius"] + 1.5
    appearance.set_presentation(False)
    assert styling(scatter, curve) == before


def test_dark_scheme_darkens_backgrounds_and_lightens_text(views):
    session, scatter, curve = views
    scatter.appearance.set_dark(True)
    for plot in (scatter.plot, curve.plot):
        assert plot.backgroundBrush().color().lightness() < 60
        axis = plot.getAxis("left")
        assert axis.textPen().color().lightness() > 180
        assert pg_probe.axis_label_color(plot, "left").lower() == "#d8d8d8"  # the axis title too
    scatter.appearance.set_dark(False)
    assert scatter.plot.backgroundBrush().color() == QColor("#ffffff")
    assert scatter.plot.getAxis("left").textPen().color() == QColor("#333333")


# ---------------------------------------------------------------------------- icons
def opaque_colours(pixmap):
    """The colours (hex) of the fully opaque pixels."""
    image = pixmap.toImage()
    colours = set()
    for y in range(image.height()):
        for x in range(image.width()):
            pixel = image.pixelColor(x, y)
            if pixel.alpha() == 255:
                colours.add(pixel.name())
    return colours


def near(colours, colour, slack=2):
    """True when every colour is within `slack` per channel of `colour` (premultiplied rounding)."""
    target = QColor(colour)
    return all(
        max(
            abs(QColor(c).red() - target.red()),
            abs(QColor(c).green() - target.green()),
            abs(QColor(c).blue() - target.blue()),
        )
        <= slack
        for c in colours
    )


@pytest.mark.parametrize(
    "name",
    [
        "e-step",
        "m-step",
        "iteration",
        "play",
        "pause",
        "run",
        "reset",
        "back",
        "forward",
        "open",
        "save",
        "presentation",
    ],
)
def test_every_icon_draws_only_in_the_colour_asked_for(qapp, name):
    assert FOREGROUND in icon_source(name).lower()
    for colour in ("#e6e6e6", "#202020"):
        pixmap = render_icon(icon_source(name), QColor(colour), 16)
        colours = opaque_colours(pixmap)
        assert colour in colours and near(colours, colour)  # solid pixels exist, all in that colour
        assert render_icon(icon_source(name), QColor(colour), 24).size().width() == 24


def test_a_missing_icon_is_a_null_icon_not_an_error(qapp):
    assert themed_icon("no-such-icon", QPalette()).isNull()


# ---------------------------------------------------------------------------- the window
@pytest.fixture
def settings_path(tmp_path):
    return str(tmp_path / "settings.ini")


def make_window(qtbot, settings_path):
    window = MainWindow(settings=QSettings(settings_path, QSettings.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_every_toolbar_action_has_an_icon_in_the_text_colour(qtbot, settings_path):
    window = make_window(qtbot, settings_path)
    actions = [a for a in window.toolbar.actions() if not a.isSeparator() and not isinstance(a, QWidgetAction)]
    assert [a.text() for a in actions][-2:] == ["Paint the data", "Presentation mode"] and len(actions) == 10
    for dark in (False, True):
        window.set_dark(dark)
        text = window.palette().color(QPalette.Active, QPalette.WindowText).name()
        assert (QColor(text).lightness() > 128) == dark
        for action in actions:
            pixmap = action.icon().pixmap(16, 16, mode=action.icon().Mode.Normal)
            assert not action.icon().isNull() and text in opaque_colours(pixmap), action.text()


@pytest.fixture
def window(qtbot, settings_path):
    return make_window(qtbot, settings_path)


def test_f5_toggles_presentation_mode_and_play_shows_pause_while_playing(qtbot, window):
    window.session.load(Problem.synthesised(TRUTH, 200, seed=0), ModelConfig(n_components=2, seed=2))
    size = window.font().pointSizeF()
    qtbot.keyClick(window, Qt.Key_F5)
    assert window.appearance.presentation and window.commands["presentation"].isChecked()
    assert window.font().pointSizeF() == pytest.approx(
        max(size * PRESENTATION_SCALE["font"], PRESENTATION_LEAST_POINTS)
    )
    assert pg_probe.pen(window.objective.objective_curve).widthF() == pytest.approx(2.5 * PRESENTATION_SCALE["line"])
    qtbot.keyClick(window, Qt.Key_F5)
    assert not window.appearance.presentation and window.font().pointSizeF() == pytest.approx(size)

    assert window.commands["play"].text() == "Play"
    window.session.player.play()
    assert window.commands["play"].text() == "Pause"
    assert window.commands["play"].icon().cacheKey() == window.commands.icons["pause"].cacheKey()
    window.session.player.pause()
    assert window.commands["play"].icon().cacheKey() == window.commands.icons["play"].cacheKey()


def test_speed_presentation_and_last_preset_are_remembered(qtbot, settings_path):
    first = make_window(qtbot, settings_path)
    assert not first.start_page.continue_button.isVisible()
    assert first.files.load_preset("faithful")
    first.controls.speed_slider.setValue(20)
    first.appearance.set_presentation(True)
    first.close()

    second = make_window(qtbot, settings_path)
    assert second.controls.speed_slider.value() == 20 and second.session.player.speed == 5.0
    assert second.appearance.presentation and second.commands["presentation"].isChecked()
    assert second.start_page.continue_button.isVisible()
    assert second.start_page.continue_button.text() == "Continue with faithful"
    second.start_page.continue_button.click()
    assert second.session.problem is not None and second.pages.currentIndex() == 1
    assert "faithful" in second.session.problem.name.lower()


def test_a_scripted_run_writes_no_choices(qtbot, settings_path):
    window = make_window(qtbot, settings_path)
    window.remember_layout = False  # what --screenshot and --save-session set
    window.controls.speed_slider.setValue(30)
    window.close()
    assert not QSettings(settings_path, QSettings.IniFormat).contains("choices/speed")


@pytest.mark.parametrize("speed, presentation", [("abc", "maybe"), ("1000", "2"), ("-3", "")])
def test_garbage_choices_fall_back_to_the_defaults_with_a_note(qtbot, settings_path, speed, presentation):
    with open(settings_path, "w") as handle:
        handle.write(f"[choices]\nspeed={speed}\npresentation={presentation}\nlast_kind=elsewhere\nlast_name=x\n")
    window = make_window(qtbot, settings_path)
    assert window.controls.speed_slider.value() == 8 and not window.appearance.presentation
    assert not window.start_page.continue_button.isVisible()
    text = window.banner.text
    assert "could not be read" in text and "choices/speed" in text and "choices/presentation" in text
    assert "choices/last_kind" in text


def test_a_dark_palette_reads_as_dark(qapp):
    palette = dark_palette()
    assert palette.color(QPalette.Window).lightness() < 60 < 200 < palette.color(QPalette.WindowText).lightness()


def test_the_window_follows_the_system_scheme_until_one_is_chosen(window, monkeypatch):
    import nbviz.gui.window.main_window as main_window

    monkeypatch.setattr(main_window, "system_prefers_dark", lambda: True)
    window._system_scheme_changed()  # what Qt's colorSchemeChanged calls
    assert window.appearance.dark and window.palette().color(QPalette.Window).lightness() < 60
    assert window.objective.plot.backgroundBrush().color().lightness() < 60
    window.set_dark(False)  # --light, or a choice in the window
    window._system_scheme_changed()
    assert not window.appearance.dark and window.palette().color(QPalette.Window).lightness() > 180


def test_continuing_with_a_file_that_is_gone_says_so(qtbot, settings_path, tmp_path):
    with open(settings_path, "w") as handle:
        handle.write(f"[choices]\nlast_kind=file\nlast_name={tmp_path / 'gone.csv'}\n")
    window = make_window(qtbot, settings_path)
    assert window.start_page.continue_button.text() == "Continue with gone.csv"
    assert not window.files.continue_last()
    assert window.banner.kind == "error" and "gone.csv is no longer there" in window.banner.text
    assert window.session.problem is None
