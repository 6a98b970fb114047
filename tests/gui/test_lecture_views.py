"""The lecture's views: the objective named alike everywhere, the animation's objective axis with its
numbers, equal aspect for data whose axes share units, a legend over no data, a table the back row reads."""

import json

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF, QSettings, QSize
from PySide6.QtGui import QFontMetrics, QImage, QPainter

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.presets import PRESETS, load_preset
from nbviz.app.presentation.view_options import ViewOptions, equal_aspect_default, write_view_options
from nbviz.app.run.session import Session
from nbviz.gui.figures.frames import FrameViews
from nbviz.gui.figures.kinds import data_figure
from nbviz.gui.figures.render import FigureOptions
from nbviz.gui.plots.data.data_view import DataView
from nbviz.gui.plots.data.scatter_view import ScatterView, widened_for
from nbviz.gui.window.main_window import MainWindow
from nbviz.gui.window.overlay import status_text


def preset_session(name: str, steps: int = 0) -> Session:
    session = Session()
    assert session.load(*load_preset(name))
    for _ in range(steps):
        session.step()
    return session


@pytest.mark.parametrize(
    ("preset", "name"),
    [("naive-bayes", "complete-data log-lik. + log-prior"), ("lecture-five-points", "log-likelihood")],
)
def test_presentation_modes_status_line_names_the_objective_as_the_status_bar_does(qtbot, preset, name):
    text = status_text(preset_session(preset, steps=1))
    assert f"· {name} <b>" in text
    if preset == "naive-bayes":  # supervised: every label given, the objective is the complete-data one
        assert "complete-data" in text


def axis_labels(axis) -> list[tuple]:
    """The left axis's tick labels as it would draw them now: (rectangle, text)."""
    image = QImage(10, 10, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    try:
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    assert specs is not None
    return [(rect, text) for rect, _flags, text in specs[2]]


def test_every_animation_frame_shows_the_objective_axis_numbers(qtbot):
    # a flat objective (-8.46347 ... -8.46342): labels wider than a fresh axis makes room for
    session = preset_session("lecture-five-points", steps=6)
    views = FrameViews(session, with_objective=True)
    try:
        assert views.objective is not None
        axis = views.objective.plot.getAxis("left")
        for index in range(views.length):
            views.render(index, QSize(960, 600))
            labels = axis_labels(axis)
            assert len(labels) >= 3, f"frame {index} has {len(labels)} y labels"
            inside = axis.boundingRect()
            for rect, text in labels:  # drawn within the axis, so not clipped away
                assert rect.left() >= inside.left() - 0.5 and rect.right() <= inside.right() + 0.5, (index, text)
                assert text.startswith("-8.4634")
    finally:
        views.close()


# ----------------------------------------------------------------- equal aspect


def lecture_window(qtbot, tmp_path, preset: str, steps: int, size=(1024, 768), presentation=False) -> MainWindow:
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.presentation_layout.set_full_screen(False)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    assert window.files.load_preset(preset)
    window.take_half_steps(steps)
    window.appearance.set_presentation(presentation)
    qtbot.wait(50)
    return window


def file_problem(rng) -> Problem:
    """Two columns of a file (no truth, no preset): their units may differ."""
    return Problem("file", rng.normal(size=(60, 2)) * [1.0, 50.0], ("height", "weight"), source="file.csv")


def test_equal_aspect_is_on_for_synthesised_and_lecture_data_and_off_for_a_file():
    rng = np.random.default_rng(0)
    truth = nc.GaussianMixture(weights=[1.0], means=[[0.0, 0.0]], covariances=[2 * np.eye(2)])
    assert equal_aspect_default(Problem.synthesised(truth, 50, seed=0))
    assert equal_aspect_default(load_preset("lecture-sampling")[0])
    assert equal_aspect_default(load_preset("lecture-five-points")[0])
    assert not equal_aspect_default(file_problem(rng))
    assert not equal_aspect_default(load_preset("faithful")[0])  # minutes against minutes, at other scales


def test_a_round_covariance_looks_round_and_the_option_switches_the_scale(synthesised_session, shown, qtbot):
    truth = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0, 0.0], [30.0, 1.0]], covariances=[2 * np.eye(2)] * 2)
    session = synthesised_session(truth, 300, 2, family="gaussian", n_components=2, seed=0)
    view = shown(ScatterView(session), 900, 360)  # a wide plot: the data would be stretched sideways
    session.step()
    assert view.view_options.equal_aspect and view.view_box.state["aspectLocked"]
    sx, sy = view.view_box.viewPixelSize()
    assert sx == pytest.approx(sy, rel=1e-3)  # one data unit is as many pixels across as up
    true = view.truth_ellipses[0]  # the dashed truth: 2I
    ellipse = true.mapRectToScene(true.boundingRect())
    assert ellipse.width() == pytest.approx(ellipse.height(), rel=0.05)  # 2I: a circle on screen
    view.view_options.set("equal_aspect", False)
    assert not view.view_box.state["aspectLocked"]
    sx, sy = view.view_box.viewPixelSize()
    assert abs(sx / sy - 1) > 0.2  # each axis at its own scale again
    # the choice is kept with the data and saved with the session
    assert session.view_choices[session.problem] == {"equal_aspect": False}


def test_a_file_starts_unequal_and_a_choice_is_saved_and_read_back(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    session = window.session
    assert session.load(file_problem(np.random.default_rng(1)), ModelConfig(family="gaussian", n_components=2))
    assert not window.view_options.equal_aspect
    assert session.load(*load_preset("lecture-sampling"))
    assert window.view_options.equal_aspect  # new data, their own default
    window.view_option_actions["equal_aspect"].trigger()  # the View menu's action
    assert not window.view_options.equal_aspect
    path = tmp_path / "s.nbviz"
    assert session.save(path, write_session)
    saved = read_session(path)
    assert saved.view == {"equal_aspect": False}
    assert session.load(*load_preset("lecture-sampling"))
    assert window.view_options.equal_aspect
    assert session.restore(saved)
    assert not window.view_options.equal_aspect
    assert json.loads(path.read_text())["view"] == {"equal_aspect": False}


def test_the_equal_aspect_choice_is_not_a_remembered_setting(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "v.ini"), QSettings.Format.IniFormat)
    options = ViewOptions(equal_aspect=False)
    write_view_options(settings, options)
    assert not settings.contains("view/equal_aspect") and settings.contains("view/legend")


# ----------------------------------------------------------------- the legend covers no data


def covered_marks(view) -> list[str]:
    """What lies under the legend as drawn: data points, means, ellipse or curve vertices (scene geometry)."""
    legend = view.legend.item
    rect = legend.mapRectToScene(legend.boundingRect())
    box = view.view_box
    found = []

    def check(name, xy, pad=0.0):
        for x, y in np.asarray(xy, dtype=float).reshape(-1, 2):
            if np.all(np.isfinite([x, y])):
                p = box.mapViewToScene(QPointF(float(x), float(y)))
                if rect.adjusted(-pad, -pad, pad, pad).contains(p):
                    found.append(f"{name} ({x:.3g}, {y:.3g})")

    check("point", view.points.positions, 3.0)
    check("mean", np.asarray(view.means.getData()).T, view.means.opts["size"] / 2)
    if isinstance(view, ScatterView):
        for item in view.ellipses + view.truth_ellipses:
            if item.isVisible():
                for curve in item.curves:
                    check("ellipse", curve)
    else:
        for curve in [view.mixture_curve, *view.component_curves]:
            if curve.isVisible():
                check("curve", np.column_stack(curve.getData()))
        edges, heights = view.histogram.getData()
        check("bar", np.column_stack([(edges[:-1] + edges[1:]) / 2, heights]))
    return found


@pytest.mark.parametrize("presentation", [False, True])
@pytest.mark.parametrize("preset", ["lecture-sampling", "lecture-five-points", "lecture-kmeans"])
def test_the_legend_covers_no_data_in_the_window_and_in_figures(qtbot, tmp_path, preset, presentation):
    window = lecture_window(qtbot, tmp_path, preset, 0, presentation=presentation)
    data_view = window.data_view
    for steps in range(4):
        view = data_view.currentWidget()
        assert view.legend.item.isVisible()
        assert covered_marks(view) == [], (steps, view.legend.corner)
        window.take_half_steps(1)
        qtbot.wait(20)
    figure = data_figure(window, FigureOptions(presentation=presentation))
    figure_view = figure.keep[0].findChild(DataView).currentWidget()
    assert covered_marks(figure_view) == []


def test_the_legend_stays_put_while_a_run_is_stepped_through(qtbot, tmp_path):
    window = lecture_window(qtbot, tmp_path, "lecture-sampling", 2, presentation=True)
    view = window.data_view.currentWidget()
    corner, place, shown = view.legend.corner, view.legend.item.pos(), view.view_box.viewRange()
    for _ in range(3):
        window.take_half_steps(1)
        if covered_marks(view) == [] and view.legend.corner == corner:
            assert view.legend.item.pos() == place
    window.session.set_cursor(2)
    assert view.legend.corner == corner
    assert view.view_box.viewRange()[1][1] >= shown[1][1] - 1e-9  # room is never taken back mid-run


# ----------------------------------------------------------------- the P(x = 1 | k) table


@pytest.mark.parametrize("preset", ["lecture-eight-points", "lecture-fruit", "lecture-two-documents"])
def test_the_binary_lessons_table_is_in_presentation_type_and_fills_its_room(qtbot, tmp_path, preset):
    window = lecture_window(qtbot, tmp_path, preset, 1)
    table = window.data_view.prototypes.table
    normal = table.font().pointSizeF()
    window.appearance.set_presentation(True)
    qtbot.wait(50)
    assert table.isVisible()
    board = window.board.board_font().pointSizeF()
    assert table.font().pointSizeF() >= max(1.4 * normal, 0.75 * board)  # read from the back row
    header, rows = table.horizontalHeader(), table.verticalHeader()
    room = table.viewport().width()
    assert header.length() == pytest.approx(room, abs=2)  # the columns fill the width
    assert rows.length() <= table.viewport().height() + 1  # every row shown, no scrolling
    for k in range(table.columnCount()):  # each cell's name and value fit its column
        needed = max(
            QFontMetrics(table.font()).horizontalAdvance(table.item(i, k).text() + "  0.000")
            for i in range(table.rowCount())
        )
        assert needed < header.sectionSize(k)
    window.appearance.set_presentation(False)
    qtbot.wait(20)
    assert table.font().pointSizeF() == pytest.approx(normal)


def test_the_status_line_writes_the_phase_compactly_only_when_the_line_is_narrow(qtbot, tmp_path):
    wide = lecture_window(qtbot, tmp_path, "lecture-fruit", 1, size=(1400, 800), presentation=True)
    assert "after the E-step · complete-data log-lik. + log-prior" in wide.presentation_layout.status_line.text()
    narrow = lecture_window(qtbot, tmp_path, "lecture-fruit", 1, size=(1024, 768), presentation=True)
    line = narrow.presentation_layout.status_line
    assert ", E-step · " in line.text()  # (at the least type the objective may be named as the key names it)
    assert narrow.width() <= 1024  # the long name does not widen the window
    assert line.label.sizeHint().width() <= line.label.width()  # nor is it cut off


@pytest.mark.parametrize(("preset", "steps"), [("lecture-twos", 0), ("lecture-kmeans", 2), ("lecture-five-points", 2)])
def test_the_objective_axis_labels_in_presentation_mode_are_distinct_and_apart(qtbot, tmp_path, preset, steps):
    window = lecture_window(qtbot, tmp_path, preset, steps, presentation=True)
    window.repaint_now()
    labels = axis_labels(window.objective.plot.getAxis("left"))
    texts = [text for _, text in labels]
    assert len(texts) >= 2 and len(set(texts)) == len(texts), texts  # -14010.61 and -14010.62, not -14010.6 twice
    rects = sorted((rect for rect, _ in labels), key=lambda r: r.top())
    for upper, lower in zip(rects, rects[1:]):
        assert upper.bottom() <= lower.top() + 1, texts  # no label over another


@pytest.mark.parametrize("preset", [name for name in PRESETS if name.startswith("lecture-")])
def test_each_lecture_hint_names_only_the_panels_presentation_mode_shows(make_main_window, preset):
    """In presentation mode, a hint that sends the class to the inspector or the E-step board sends
    it to a panel on screen."""
    window = make_main_window()
    assert window.files.load_preset(preset)
    window.take_half_steps(1)
    window.appearance.set_presentation(True)
    hint = PRESETS[preset].note.lower()
    docks = {"inspector": window.docks.inspector_dock, "board": window.docks.board_dock}
    hidden = [name for name, dock in docks.items() if name in hint and not dock.isVisible()]
    assert not hidden, f"{preset}'s hint names the {hidden} (not shown): {PRESETS[preset].note}"


# ----------------------------------------------------------------- fitted ellipses inside the plot


def test_a_range_is_widened_for_an_outline_never_narrowed_and_keeps_half_for_the_data():
    view = np.array([[0.0, 10.0], [0.0, 10.0]])
    home = np.array([[1.0, 9.0], [1.0, 9.0]])
    assert widened_for(view, np.array([[2.0, 2.0], [8.0, 9.5]]), home) is None  # inside already
    wider = widened_for(view, np.array([[-2.0, 5.0], [5.0, 11.0]]), home)
    assert wider[0, 0] < -2.0 and wider[1, 1] > 11.0  # the outline inside, with a margin
    assert wider[0, 1] == 10.0 and wider[1, 0] == 0.0  # the other ends stay
    huge = widened_for(view, np.array([[-1e6, -1e6], [1e6, 1e6]]), home)
    spans = huge[:, 1] - huge[:, 0]
    assert np.allclose(spans, (home[:, 1] - home[:, 0]) / 0.5)  # the data keep half of each axis
    assert np.all(huge[:, 0] <= view[:, 0]) and np.all(huge[:, 1] >= view[:, 1])  # never narrowed


def outside(view) -> list:
    """The fitted ellipses' outline points outside the plot's range."""
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    found = []
    for item in view.ellipses:
        if item.isVisible():
            for curve in item.curves:
                xy = np.asarray(curve).reshape(-1, 2)
                found += [tuple(p) for p in xy if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1)]
    return found


@pytest.mark.parametrize("preset", ["faithful", "iris", "lecture-sampling"])
def test_the_fitted_ellipses_lie_inside_the_plot_at_every_half_step(qtbot, tmp_path, preset):
    window = lecture_window(qtbot, tmp_path, preset, 0, presentation=True)
    view = window.data_view.currentWidget()
    ranges = [np.array(view.view_box.viewRange())]
    for steps in range(8):
        assert outside(view) == [], steps
        window.take_half_steps(1)
        ranges.append(np.array(view.view_box.viewRange()))
    spans = [r[:, 1] - r[:, 0] for r in ranges]
    assert all(np.all(b >= a - 1e-9) for a, b in zip(spans, spans[1:]))  # widened, never narrowed mid-run


def test_a_range_the_user_chose_is_left_alone(qtbot, tmp_path):
    window = lecture_window(qtbot, tmp_path, "faithful", 0)
    view = window.data_view.currentWidget()
    box = view.view_box
    box.setRange(xRange=(2.0, 3.0), yRange=(50.0, 60.0), padding=0)
    box.sigRangeChangedManually.emit(box.state["mouseEnabled"])  # as a wheel or drag does
    chosen = np.array(box.viewRange())
    window.take_half_steps(2)
    assert np.allclose(box.viewRange(), chosen)


# ----------------------------------------------------------------- the means' values on the plot


@pytest.mark.parametrize(("preset", "steps", "presentation"), [("lecture-sampling-1d", 4, True), ("gmm-2d", 6, False)])
def test_each_means_value_is_written_on_no_other_value_or_marker(qtbot, tmp_path, preset, steps, presentation):
    """Three means close together: each value finds a free place (above, below or beside its marker)
    instead of being left out because the first place was taken."""
    window = lecture_window(qtbot, tmp_path, preset, steps, presentation=presentation)
    view = window.data_view.currentWidget()
    means = np.asarray(view.means.getData()).T
    assert len(view.mean_values) == len(means) == 3, view.mean_values
    labels = [item for item in view.mean_value_items if item.isVisible()]
    rects = [item.sceneBoundingRect() for item in labels]
    size = view.means.opts["size"]
    for k, rect in enumerate(rects):
        assert not any(rect.intersects(other) for j, other in enumerate(rects) if j != k)
        for j, (x, y) in enumerate(means):
            if j != k:
                centre = view.view_box.mapViewToScene(QPointF(float(x), float(y)))
                assert not rect.intersects(QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size)), (k, j)
