"""Presentation mode and the dark scheme reach the bound view, the label marks, Choose K, the restart
gallery, the message banner, and the import and synthesis dialogs."""

import re

import numpy as np
import pg_probe
import pytest
from PySide6.QtGui import QColor, QGuiApplication, QPalette

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.appearance import PRESENTATION_LEAST_POINTS, PRESENTATION_SCALE, Appearance
from nbviz.app.run.session import Session
from nbviz.gui.dialogs.import_dialog import ImportDialog
from nbviz.gui.dialogs.synthesize import SynthesisDialog
from nbviz.gui.panels.choose_k import ChooseKPanel
from nbviz.gui.panels.restarts import RestartPanel
from nbviz.gui.plots.data.data_view import DataView
from nbviz.gui.plots.run.bound_view import BoundView
from nbviz.gui.widgets.banner import MessageBanner

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [5, 5]], covariances=np.stack([np.eye(2)] * 2))
FONT, LINE, POINT = PRESENTATION_SCALE["font"], PRESENTATION_SCALE["line"], PRESENTATION_SCALE["point"]


def presented(points: float) -> float:
    """A type of `points` in presentation mode: larger, and never below the back row's least type."""
    return max(points * FONT, PRESENTATION_LEAST_POINTS)


@pytest.fixture
def session(qtbot):
    session = Session()
    assert session.load(Problem.synthesised(TRUTH, 120, seed=0), ModelConfig(n_components=2, seed=1))
    session.step()
    return session


@pytest.fixture
def appearance():
    """The window's appearance, as the window passes it to its views."""
    return Appearance()


def shown(qtbot, widget, width=600, height=450):
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    return widget


def css_colour(style: str, name: str) -> QColor:
    """The colour of declaration `name` ("background", "color") in a style sheet."""
    found = re.search(rf"(?<![-\w]){name}:\s*(#[0-9a-fA-F]{{6}})", style)
    assert found, (name, style)
    return QColor(found.group(1))


def assert_dark_plot(plot):
    assert plot.backgroundBrush().color().lightness() < 60
    assert plot.getAxis("bottom").textPen().color().lightness() > 180


def tick_points(plot) -> float:
    return pg_probe.tick_font(plot, "bottom").pointSizeF()


# ---------------------------------------------------------------------------- plots
def test_bound_view_follows_presentation_and_dark(session, appearance, qtbot):
    view = shown(qtbot, BoundView(session, appearance=appearance))
    view.set_awake(True)
    before = (pg_probe.pen(view.objective_curve).widthF(), pg_probe.pen(view.old_line).widthF(), tick_points(view.plot))
    appearance.set_presentation(True)
    during = (pg_probe.pen(view.objective_curve).widthF(), pg_probe.pen(view.old_line).widthF(), tick_points(view.plot))
    assert during == pytest.approx((before[0] * LINE, before[1] * LINE, presented(before[2])))
    assert pg_probe.line_label_font(view.old_line).pointSizeF() == pytest.approx(presented(before[2]))
    appearance.set_presentation(False)
    assert pg_probe.pen(view.objective_curve).widthF() == pytest.approx(before[0])
    assert view.plot.backgroundBrush().color() == QColor("#ffffff")
    appearance.set_dark(True)
    assert_dark_plot(view.plot)
    assert pg_probe.line_label_fill(view.old_line).color().lightness() < 60  # line labels sit on the dark background
    assert view.result is not None  # redrawn, not emptied


def test_label_marks_outline_contrasts_with_the_background_and_grows(session, appearance, qtbot):
    view = shown(qtbot, DataView(session, appearance=appearance))
    for row, k in ((0, 0), (3, 1)):
        session.hand_labels.set_label(row, k)
    marks = view.scatter_labels.marks
    assert marks.count == 2
    pen_before, size_before = pg_probe.pen(marks.item), pg_probe.symbol_size(marks.item)
    assert QColor(pen_before.color()).lightness() < 60  # dark outline on the light plot
    appearance.set_presentation(True)
    assert pg_probe.symbol_size(marks.item) == pytest.approx(size_before * POINT)
    assert pg_probe.pen(marks.item).widthF() == pytest.approx(pen_before.widthF() * LINE)
    appearance.set_presentation(False)
    appearance.set_dark(True)
    assert marks.count == 2
    assert QColor(pg_probe.pen(marks.item).color()).lightness() > 200  # light outline on the dark plot


def test_choose_k_follows_presentation_and_dark(session, appearance, qtbot):
    panel = shown(qtbot, ChooseKPanel(session, appearance=appearance), 480, 700)
    panel.min_spin.setValue(1)
    panel.max_spin.setValue(2)
    panel.restarts_spin.setValue(1)
    with qtbot.waitSignal(panel.explorer.finished, timeout=20000):
        panel.run()
    line = panel.best_lines["bic"]
    before = (
        pg_probe.pen(line).widthF(),
        pg_probe.symbol_size(line),
        pg_probe.symbol_size(panel.best_marker),
        tick_points(panel.plot),
    )
    appearance.set_presentation(True)
    during = (
        pg_probe.pen(line).widthF(),
        pg_probe.symbol_size(line),
        pg_probe.symbol_size(panel.best_marker),
        tick_points(panel.plot),
    )
    assert during == pytest.approx((before[0] * LINE, before[1] * POINT, before[2] * POINT, presented(before[3])))
    appearance.set_presentation(False)
    assert pg_probe.pen(line).widthF() == pytest.approx(before[0])
    light_bic = pg_probe.pen(line).color().name()
    appearance.set_dark(True)
    assert_dark_plot(panel.plot)
    dark_bic = pg_probe.pen(line).color()
    assert dark_bic.lightness() > QColor(light_bic).lightness()  # a lighter blue on the dark plot
    assert dark_bic.name() in panel.legend.text()  # the key beside the plot says the same colour
    assert pg_probe.line_label_fill(panel.truth_line).color().lightness() < 60


def test_restart_cards_follow_presentation_and_dark(session, appearance, qtbot):
    panel = shown(qtbot, RestartPanel(session, appearance=appearance), 480, 700)
    panel.count_spin.setValue(2)
    with qtbot.waitSignal(panel.explorer.finished, timeout=20000):
        panel.run()
    width = panel.cards[0].picture.width()
    appearance.set_presentation(True)
    assert len(panel.cards) == 2
    assert panel.cards[0].picture.width() == round(width * FONT)
    appearance.set_presentation(False)
    assert panel.cards[0].picture.width() == width
    appearance.set_dark(True)
    card = panel.cards[0]
    assert css_colour(card.styleSheet(), "background").lightness() < 60
    assert css_colour(card.styleSheet(), "color").lightness() > 180
    corner = card.picture.pixmap().toImage().pixelColor(4, 4)  # inside the frame, away from the data
    assert corner == QColor(appearance.background)


# ---------------------------------------------------------------------------- banner and job bar
def test_banner_colours_follow_the_scheme_while_shown(qtbot):
    appearance = Appearance()
    banner = shown(qtbot, MessageBanner(appearance), 500, 60)
    banner.show_error("Cannot read x.csv: line 3 has 2 fields; fix the line or choose another file.")
    light = banner.styleSheet()
    assert css_colour(light, "background").lightness() > 200 and css_colour(light, "color").lightness() < 80
    appearance.set_dark(True)
    dark = banner.styleSheet()
    assert css_colour(dark, "background").lightness() < 80 and css_colour(dark, "color").lightness() > 200
    banner.show_notice("Loaded.")
    assert css_colour(banner.styleSheet(), "background").lightness() < 80


def test_job_bar_error_colour_follows_the_scheme(session, appearance, qtbot):
    panel = shown(qtbot, ChooseKPanel(session, appearance=appearance))
    bar = panel.job_bar
    bar.show_message("K = 3 failed", error=True)
    assert css_colour(bar.status.styleSheet(), "color") == QColor("#b00020")
    appearance.set_dark(True)
    assert css_colour(bar.status.styleSheet(), "color").lightness() > 150
    bar.show_message("done")
    assert bar.status.styleSheet() == ""


# ---------------------------------------------------------------------------- dialogs
def app_points() -> float:
    return QGuiApplication.font().pointSizeF()


def test_import_dialog_follows_presentation_and_dark(qtbot, tmp_path):
    path = tmp_path / "m.csv"
    path.write_text("a,b\n1,2\n3,\n5,6\n")
    appearance = Appearance()
    dialog = shown(qtbot, ImportDialog(str(path), appearance=appearance), 700, 500)
    missing = dialog.table.item(2, 1)
    assert missing.background().color() == QColor(appearance.missing_background)
    assert css_colour(dialog.message.styleSheet(), "background").lightness() > 200
    appearance.set_presentation(True)
    assert dialog.font().pointSizeF() == pytest.approx(presented(app_points()))
    assert dialog.table.horizontalHeader().font().pointSizeF() == pytest.approx(presented(app_points()))
    appearance.set_presentation(False)
    assert dialog.font().pointSizeF() == pytest.approx(app_points())
    appearance.set_dark(True)
    assert dialog.palette().color(QPalette.Window).lightness() < 60
    assert dialog.palette().color(QPalette.Text).lightness() > 180
    assert dialog.table.item(2, 1).background().color().lightness() < 100  # light text stays readable
    assert css_colour(dialog.message.styleSheet(), "background").lightness() < 80


def test_synthesis_dialog_follows_presentation_and_dark(appearance, qtbot):
    dialog = shown(qtbot, SynthesisDialog(Session(), appearance=appearance), 1000, 600)
    preview = dialog.preview
    qtbot.waitUntil(lambda: "Preview of" in preview.caption.text())
    before = (preview.ellipses[0].pen.widthF(), pg_probe.symbol_size(preview.points), tick_points(preview.scatter_plot))
    appearance.set_presentation(True)
    assert dialog.font().pointSizeF() == pytest.approx(presented(app_points()))
    during = (preview.ellipses[0].pen.widthF(), pg_probe.symbol_size(preview.points), tick_points(preview.scatter_plot))
    assert during == pytest.approx((before[0] * LINE, before[1] * POINT, presented(before[2])))
    appearance.set_presentation(False)
    assert preview.ellipses[0].pen.widthF() == pytest.approx(before[0])
    appearance.set_dark(True)
    assert dialog.palette().color(QPalette.Base).lightness() < 60
    assert_dark_plot(preview.scatter_plot)
    dialog.table.item(0, 0).setText("-1")  # a weight below 0: the cell is marked, the preview pauses
    assert dialog.table.item(0, 0).background().color() == QColor(appearance.problem_background)
    assert css_colour(dialog.issues_label.styleSheet(), "color").lightness() > 150


def test_the_selection_ring_grows_in_presentation_mode(session, appearance, qtbot):
    view = shown(qtbot, DataView(session, appearance=appearance))
    session.select(5)
    ring = view.scatter.selection_ring
    sizes, widths = list(pg_probe.spots(ring).sizes), [p.widthF() for p in pg_probe.spots(ring).pens]
    assert sizes == [23, 18] and widths == [3, 1.5]
    appearance.set_presentation(True)
    assert list(pg_probe.spots(ring).sizes) == pytest.approx([23 * POINT, 18 * POINT])
    assert [p.widthF() for p in pg_probe.spots(ring).pens] == pytest.approx([3 * LINE, 1.5 * LINE])
    appearance.set_presentation(False)
    assert list(pg_probe.spots(ring).sizes) == sizes
