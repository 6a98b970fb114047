"""Labels by clicking, the k-means limit panel, the bound view, and what hard EM's curve says."""

import re

import numpy as np
import pg_probe
import pytest
from PySide6.QtCore import QPointF, QSettings, Qt

import nbviz.core as nc
from nbviz.app.presentation.appearance import Appearance
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.labelling import Labelling
from nbviz.app.run.session import Session
from nbviz.gui.panels.kmeans_limit import KMeansLimitPanel
from nbviz.gui.panels.labels import LabelPanel
from nbviz.gui.plots.data.data_view import DataView
from nbviz.gui.plots.run.bound_view import LINE, BoundView
from nbviz.gui.plots.run.objective_curve import HARD_EM_NOTE, HARD_EM_NOTE_SHORT, ObjectiveCurve
from nbviz.gui.window.main_window import MainWindow

TRUTH = nc.GaussianMixture(
    weights=[0.4, 0.6], means=[[0, 0], [4, 2]], covariances=[[[1.0, 0.3], [0.3, 0.7]], [[0.8, 0.0], [0.0, 1.1]]]
)


@pytest.fixture
def session(synthesised_session):
    return synthesised_session(TRUTH, 120, 4, n_components=2, seed=2)


def click_point(qtbot, view, index, modifier=Qt.NoModifier):
    x, y = view.points.positions[index] if hasattr(view, "points") else view.rug.positions[index]
    pos = view.plot.mapFromScene(view.view_box.mapViewToScene(QPointF(x, y)))
    qtbot.mouseClick(view.plot.viewport(), Qt.LeftButton, modifier, pos=pos)


def shown(qtbot, widget, size=(640, 480)):
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def select_slice(view, direction):
    """Choose the slice `direction` in the bound view's chooser (findData cannot compare tuples)."""
    choice = view.slice_choice
    index = next(i for i in range(choice.count()) if choice.itemData(i) == direction)
    choice.setCurrentIndex(index)


def settled(qtbot, view):
    """Wait until the bound view has drawn the picture it asked for last (computed in a worker)."""
    qtbot.waitUntil(lambda: not view.pictures.busy, timeout=10000)
    qtbot.wait(1)  # the computed signal is delivered
    return view


def test_clicking_in_label_mode_labels_the_point_and_the_new_run_honours_it(session, qtbot):
    labelling = Labelling()  # the window's, shared by the data view and the label panel
    data = shown(qtbot, DataView(session, labelling=labelling))
    panel = shown(qtbot, LabelPanel(session, labelling=labelling), (300, 200))
    index = 17
    click_point(qtbot, data.scatter, index)  # label mode off: the click only selects
    assert session.labels is None and session.selected == index
    panel.mode_check.setChecked(True)
    panel.class_combo.setCurrentIndex(1)
    assert labelling.active and labelling.component == 1
    session.step()
    click_point(qtbot, data.scatter, index)
    assert session.labels[index] == 1 and np.sum(session.labels >= 0) == 1
    assert len(session.history) == 1  # a new run from the same start
    for _ in range(3):
        session.step()
        np.testing.assert_array_equal(session.em.responsibilities_at(session.cursor - 1)[index], [0, 1])
    marks = data.scatter_labels.marks
    assert marks.count == 1
    marked = pg_probe.spots(marks.item)
    np.testing.assert_allclose([marked.x[0], marked.y[0]], data.scatter.points.positions[index])
    assert marked.data[0] == index
    assert "1 of 120 points labelled (1 by clicking)" in panel.count_label.text()
    assert panel.clear_button.isEnabled()
    click_point(qtbot, data.scatter, index, Qt.ShiftModifier)  # Shift takes it away
    assert session.labels is None and marks.count == 0
    click_point(qtbot, data.scatter, 3)
    click_point(qtbot, data.scatter, 3)  # the same class again takes it away too
    assert session.labels is None


def test_clear_labels_and_the_label_column_fraction(qtbot):
    session = Session()
    problem, config, _ = load_preset("iris")
    assert session.load(problem, config)
    panel = shown(qtbot, LabelPanel(session), (320, 220))
    assert panel.fraction_spin.isEnabled() and panel.class_combo.itemText(0) == problem.classes[0]
    panel.fraction_spin.setValue(30)
    kept = int(np.sum(session.labels >= 0))
    assert 0.15 * 150 < kept < 0.45 * 150
    np.testing.assert_array_equal(session.labels[session.labels >= 0], problem.labels[session.labels >= 0])
    session.hand_labels.set_label(0, 2)
    panel.clear_button.click()
    assert session.config.manual_labels == () and int(np.sum(session.labels >= 0)) == kept
    assert not panel.clear_button.isEnabled()
    panel.fraction_spin.setValue(100)
    assert session.hand_labels.fully_labelled and "supervised naive Bayes" in panel.count_label.text()


def test_the_k_means_panel_shrinks_sigma_until_em_is_k_means(qtbot):
    session = Session()
    assert session.load(*load_preset("kmeans-limit"))
    panel = shown(qtbot, KMeansLimitPanel(session), (320, 200))
    assert panel.fixed_check.isChecked() and panel.slider.isEnabled()
    panel.slider.setValue(panel.slider.minimum())
    variance = session.config.fixed_variance
    assert variance == pytest.approx(1e-4 * np.mean(np.var(session.problem.X, axis=0)))
    run = session.background.continuation()
    run.run(max_iter=200, tol=0.0)
    assert session.background.adopt_continuation(run)
    qtbot.waitUntil(lambda: "computing" not in panel.readout.text(), timeout=10000)  # k-means in a worker
    soft, distance = re.search(r": (\d+) of 450.*same start: ([0-9.e+-]+)", panel.readout.text(), re.S).groups()
    assert int(soft) == 0 and float(distance) < 1e-9
    panel.fixed_check.setChecked(False)
    assert session.config.fixed_variance is None and not panel.slider.isEnabled()
    session.configure(session.config.with_(covariance_type="full"))
    assert not panel.fixed_check.isEnabled()


def test_the_bound_view_draws_two_curves_that_touch_at_theta_old_and_follows_half_steps(session, qtbot):
    view = BoundView(session)
    shown(qtbot, view)
    session.e_step()
    assert view.result is None  # asleep: hidden until its dock is shown
    view.set_awake(True)
    assert view.direction == LINE  # it opens on the line to the M-step
    select_slice(view, ("mean", 0, 0))
    settled(qtbot, view)
    assert view.direction == ("mean", 0, 0)
    x_obj, y_obj = view.objective_curve.getData()
    x_sur, y_sur = view.surrogate_curve.getData()
    np.testing.assert_array_equal(x_obj, x_sur)
    old = session.em.responsibilities_model(session.cursor)
    assert view.old_line.value() == pytest.approx(old.means[0, 0])
    at = int(np.argmin(np.abs(x_obj - old.means[0, 0])))
    assert y_sur[at] == pytest.approx(y_obj[at], rel=1e-12)
    assert np.all(y_sur <= y_obj + 1e-9 * np.abs(y_obj))
    before = view.old_line.value()
    session.m_step()  # theta_old is still the E-step's model; the M-step marker is the new mean
    settled(qtbot, view)
    assert view.old_line.value() == before
    assert view.m_step_line.value() == pytest.approx(session.snapshot.model.means[0, 0])
    session.e_step()  # a new E-step: a new bound, touching at the new parameters
    settled(qtbot, view)
    assert view.old_line.value() == pytest.approx(session.snapshot.model.means[0, 0])
    view.slice_choice.setCurrentIndex(view.slice_choice.findData(LINE))
    session.m_step()
    settled(qtbot, view)
    x, y = view.surrogate_curve.getData()
    # the surrogate peaks where the M-step went (found on a grid, then a finer grid around its best point)
    assert view.max_line.value() == pytest.approx(1.0, abs=1e-4) and view.m_step_line.value() == 1.0
    assert x[np.nanargmax(y)] == pytest.approx(1.0)
    assert "touches it at θ_old" in view.caption.text()


def test_hard_em_says_it_climbs_another_objective(session, qtbot):
    curve = shown(qtbot, ObjectiveCurve(session))
    session.configure(session.config.with_(hard=True))
    session.step()
    assert curve.explanation.isVisibleTo(curve) and HARD_EM_NOTE in curve.explanation.text()
    assert pg_probe.legend_texts(curve.plot.plotItem)[0] == "classification log-lik."
    session.configure(session.config.with_(hard=False))
    session.step()
    assert not curve.explanation.isVisibleTo(curve)
    assert pg_probe.legend_texts(curve.plot.plotItem)[0] == "ELBO L(q, θ)"


def test_presenting_hard_em_its_note_is_short_plain_text_and_the_key_never_says_elbo(session, qtbot):
    curve = shown(qtbot, ObjectiveCurve(session, appearance=Appearance(presentation=True)), (420, 300))
    session.configure(session.config.with_(hard=True))
    session.step()
    assert curve.explanation.text() == HARD_EM_NOTE_SHORT and curve.explanation.styleSheet() == ""
    assert "ELBO" not in "".join(curve.key.texts) and "classif." in curve.key.text()
    assert curve.explanation.font().pointSizeF() > curve.font().pointSizeF()  # presentation type


def test_the_window_offers_the_bound_dock_hidden_and_says_what_labels_and_hard_em_mean(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    window.remember_layout = False
    qtbot.addWidget(window)
    window.show()
    assert window.files.load_preset("gmm-2d")
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert window.docks.bound_dock.toggleViewAction() in view_menu.actions()
    assert not window.docks.bound_dock.isVisible()
    window.session.e_step()
    assert window.bound_view.result is None  # hidden: no work
    window.docks.bound_dock.toggleViewAction().trigger()
    assert window.docks.bound_dock.isVisible() and window.bound_view.result is not None
    session = window.session
    session.hand_labels.set_label(4, 0)
    assert "1 of 600 points labelled" in window.status_text()
    session.configure(session.config.with_(hard=True))
    session.e_step()
    assert "hard EM climbs the classification log-lik." in window.status_text()
    assert "KL gap" not in window.status_text()


def test_the_bound_view_draws_what_its_pictures_computed_and_redraws_from_the_cache(session, qtbot):
    view = shown(qtbot, BoundView(session))
    view.set_awake(True)
    session.e_step()
    assert view.pictures.busy  # the worker computes it; the view keeps its last drawing meanwhile
    settled(qtbot, view)
    picture = view.pictures.request(view.direction, view.half_width.value())
    x, y = view.objective_curve.getData()
    np.testing.assert_array_equal(x, picture.xs)
    np.testing.assert_array_equal(y, picture.result.objective)
    np.testing.assert_array_equal(view.surrogate_curve.getData()[1], picture.result.surrogate)
    assert (view.old_line.value(), view.max_line.value(), view.m_step_line.value()) == (
        picture.at_old,
        picture.best,
        picture.target,
    )
    session.e_step()
    settled(qtbot, view)
    session.set_cursor(1)  # back: drawn at once from the cache
    assert not view.pictures.busy
    np.testing.assert_array_equal(view.objective_curve.getData()[1], picture.result.objective)


# ----------------------------------------------------------------------------- the bound view teaches
def label_rects(view):
    return {
        line.label.toPlainText(): line.label.sceneBoundingRect()
        for line in (view.old_line, view.max_line, view.m_step_line)
        if line.isVisible()
    }


def assert_apart_and_inside(view):
    rects = label_rects(view)
    assert len(rects) == 3
    names = list(rects)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not rects[a].intersects(rects[b]), (a, b, rects[a], rects[b])
    area = view.plot.getViewBox().sceneBoundingRect().adjusted(-1, -1, 1, 1)
    assert all(area.contains(rect) for rect in rects.values()), (area, rects)


def test_the_bound_view_opens_on_the_line_to_the_m_step_and_says_it_peaks_there(session, qtbot):
    from nbviz.app.analysis.bound_slices import LINE_NOTE, SLICE_NOTE

    view = shown(qtbot, BoundView(session))
    session.e_step()
    view.set_awake(True)
    assert view.direction == LINE and view.slice_choice.currentIndex() == 0
    assert view.max_line.value() == pytest.approx(1.0, abs=1e-4) and view.m_step_line.value() == 1.0
    assert LINE_NOTE in view.caption.text() and "exactly at the M-step" in view.caption.text()
    select_slice(view, ("mean", 0, 1))  # full covariances
    settled(qtbot, view)
    assert SLICE_NOTE in view.caption.text() and "need not be where the M-step puts it" in view.caption.text()


@pytest.mark.parametrize("presentation", [False, True])
@pytest.mark.parametrize("size", [(640, 420), (420, 300)])
def test_the_bound_views_line_labels_never_overlap(session, qtbot, presentation, size):
    from nbviz.app.presentation.appearance import Appearance

    appearance = Appearance()
    appearance.set_presentation(presentation)
    view = shown(qtbot, BoundView(session, appearance=appearance), size)
    session.e_step()
    view.set_awake(True)
    qtbot.wait(10)
    # on the line the surrogate's maximum and the M-step coincide (t = 1)
    assert abs(view.max_line.value() - view.m_step_line.value()) < 1e-3
    assert_apart_and_inside(view)
    for direction in (("mean", 0, 0), ("mean", 1, 1), ("weight", 0)):
        select_slice(view, direction)
        settled(qtbot, view)
        qtbot.wait(10)
        assert_apart_and_inside(view)


def test_place_labels_puts_coincident_lines_labels_apart():
    from PySide6.QtCore import QRectF

    from nbviz.gui.plots.run.bound_view import LABEL_OFFSET, place_labels

    xs, sizes, width, height = [300.0, 300.0, 302.0], [(60.0, 18.0), (50.0, 18.0), (40.0, 18.0)], 600.0, 200.0
    placed = place_labels(xs, sizes, width, height)
    rects = []
    for x, (w, h), (side, row) in zip(xs, sizes, placed):
        left = x + LABEL_OFFSET if side == 0 else x - w - LABEL_OFFSET
        rects.append(QRectF(left, (1 - row) * height - h / 2, w, h))
    assert all(not a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert all(0 <= r.left() and r.right() <= width and 0 <= r.top() and r.bottom() <= height for r in rects)
    # a line at the right edge has its label on its left
    assert place_labels([595.0], [(60.0, 18.0)], width, height)[0][0] == 1


def test_showing_the_bound_dock_gives_it_room_to_read(qtbot, tmp_path):
    from nbviz.gui.window.docks import BOUND_MIN_HEIGHT

    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    window.remember_layout = False
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    assert window.files.load_preset("gmm-2d")
    window.session.e_step()
    window.docks.bound_dock.toggleViewAction().trigger()
    qtbot.waitUntil(lambda: window.docks.bound_dock.height() >= BOUND_MIN_HEIGHT - 10, timeout=3000)
    assert window.docks.bound_dock.width() >= 0.4 * window.width()
    assert window.bound_view.plot.height() >= 200


def test_on_a_short_plot_every_label_stays_whole_between_its_top_and_bottom():
    from nbviz.gui.plots.run.bound_view import place_labels

    height, label = 60.0, (50.0, 28.0)
    # three lines on top of one another: their labels take the rows from the top down
    for _, row in place_labels([100.0, 100.0, 100.0], [label] * 3, 400.0, height):
        top = (1.0 - row) * height - label[1] / 2
        assert 0.0 <= top and top + label[1] <= height
