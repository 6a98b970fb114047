"""Painting the data with the mouse: a click adds a point where it lands, a drag moves one, Delete
removes one; each is one undo step that brings back the old data and run exactly, and EM goes on
from the parameters shown."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import nbviz.core as nc


def pixel(view, x: float, y: float):
    """The viewport pixel where view `view` draws the data position (x, y)."""
    scene = view.view_box.mapViewToScene(QPointF(x, y))
    return view.plot.mapFromScene(scene)


def click(view, x, y):
    QTest.mouseClick(view.plot.viewport(), Qt.MouseButton.LeftButton, pos=pixel(view, x, y))


def drag(view, start, end):
    viewport = view.plot.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, pos=pixel(view, *start))
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    for place in (middle, end):  # sent as such: QTest's moves do not reach an inactive test window
        at = QPointF(pixel(view, *place))
        left = Qt.MouseButton.LeftButton
        QApplication.sendEvent(
            viewport,
            QMouseEvent(QEvent.Type.MouseMove, at, at, Qt.MouseButton.NoButton, left, Qt.KeyboardModifier.NoModifier),
        )
    # the point is drawn where it is dragged before it is dropped (`end` is a place no point had)
    assert view.points.nearest(*end, 4) >= 0
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=pixel(view, *end))


def state(session):
    return (session.problem, session.config, list(session.history), session.cursor, session.selected)


def assert_brought_back(session, before):
    after = state(session)
    assert after[0] is before[0] and after[1] == before[1] and after[3:] == before[3:]
    assert len(after[2]) == len(before[2]) and all(a is b for a, b in zip(after[2], before[2]))


@pytest.fixture
def painting(make_main_window):
    window = make_main_window()
    window.files.load_preset("gmm-2d")
    for _ in range(3):
        window.session.step()
    window.commands["paint"].trigger()
    assert window.paint_bar.painter.active and window.commands["paint"].isChecked()
    view = window.data_view.scatter
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    return window, view, (x0, x1, y0, y1)


def empty_place(view, bounds):
    """A place in the view that is no point's (near a corner), in data coordinates."""
    x0, x1, y0, y1 = bounds
    for fx, fy in ((0.04, 0.96), (0.96, 0.96), (0.04, 0.04), (0.96, 0.04)):
        x, y = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
        if view.points.nearest(x, y, 12) < 0:
            return x, y
    raise AssertionError("no empty corner")


def test_a_click_adds_a_point_where_it_lands_as_one_undo_step(painting):
    window, view, bounds = painting
    session = window.session
    before, n = state(session), session.problem.n_samples
    x, y = empty_place(view, bounds)
    click(view, x, y)
    X = session.problem.X
    assert X.shape == (n + 1, 2)
    # one pixel of the view holds this much of the data's units
    tolerance = 1.5 * max(
        (bounds[1] - bounds[0]) / view.view_box.width(), (bounds[3] - bounds[2]) / view.view_box.height()
    )
    np.testing.assert_allclose(X[-1], [x, y], atol=tolerance)
    np.testing.assert_array_equal(X[:n], before[0].X)
    assert session.problem.truth_z[-1] == window.paint_bar.painter.choice
    # the view did not jump: the same height of data, and (drawn at equal aspect, so a plot whose
    # width changed when the edit's note appeared shows more or less across) the same centre
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    assert [y0, y1] == pytest.approx(list(bounds[2:]))
    assert (x0 + x1) / 2 == pytest.approx((bounds[0] + bounds[1]) / 2)
    window.commands["undo"].trigger()
    assert_brought_back(session, before)


def test_a_drag_moves_the_point_and_undo_brings_it_back(painting):
    window, view, bounds = painting
    session = window.session
    before, depth = state(session), len(session.undo_history._stack)
    row = 5
    start = tuple(session.problem.X[row])
    end = empty_place(view, bounds)
    drag(view, start, end)
    X = session.problem.X
    assert X.shape == before[0].X.shape
    others = np.arange(len(X)) != row
    np.testing.assert_array_equal(X[others], before[0].X[others])
    assert np.hypot(*(X[row] - end)) < 0.05 * (bounds[1] - bounds[0])
    assert len(session.undo_history._stack) == depth + 1  # the whole drag is one step
    window.commands["undo"].trigger()
    assert_brought_back(session, before)


def test_delete_removes_the_selected_point_as_one_undo_step(painting):
    window, view, _ = painting
    session = window.session
    session.select(3)
    before = state(session)
    window.commands["delete_point"].trigger()
    assert session.problem.n_samples == before[0].n_samples - 1
    np.testing.assert_array_equal(session.problem.X, np.delete(before[0].X, 3, axis=0))
    window.commands["undo"].trigger()
    assert_brought_back(session, before)
    window.commands["redo"].trigger()
    assert session.problem.n_samples == before[0].n_samples - 1


def test_stepping_after_an_outlier_continues_from_the_parameters_shown(painting):
    window, view, bounds = painting
    session = window.session
    shown = session.snapshot.model
    x, y = empty_place(view, bounds)
    click(view, x, y)
    for _ in range(4):
        window.commands["e_step"].trigger() if session.snapshot.phase != "E" else window.commands["m_step"].trigger()
    X, model = session.problem.X, shown
    for _ in range(2):
        resp = nc.e_step(model, X)
        model = nc.m_step(model, X, resp, prior=session.config.prior, warn_empty=False)
    np.testing.assert_allclose(session.snapshot.model.means, model.means, rtol=1e-10)
    np.testing.assert_allclose(session.snapshot.model.full_covariances, model.full_covariances, rtol=1e-10)
    # the objective of other data is not compared with this run's: no decrease is flagged, the edit is marked
    assert window.objective._drops.size == 0
    assert window.objective.edit_line.isVisible()


def test_painting_is_disabled_with_the_reason_for_data_that_is_not_points(make_main_window):
    window = make_main_window()
    window.files.load_preset("bars")
    action = window.commands["paint"]
    assert not action.isEnabled()
    assert "1-D or 2-D continuous" in action.toolTip()


def test_the_1d_view_adds_a_point_at_the_clicked_x(make_main_window):
    window = make_main_window()
    window.files.load_preset("gmm-1d")
    window.commands["paint"].trigger()
    view = window.data_view.density
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    n = window.session.problem.n_samples
    x = x0 + 0.97 * (x1 - x0)
    click(view, x, y0 + 0.7 * (y1 - y0))
    X = window.session.problem.X
    assert X.shape == (n + 1, 1)
    assert X[-1, 0] == pytest.approx(x, abs=2 * (x1 - x0) / view.view_box.width())


def test_delete_removes_the_point_under_the_mouse(painting):
    window, view, _ = painting
    session = window.session
    session.select(-1)
    X = session.problem.X
    n, row = len(X), int(np.argmax(np.linalg.norm(X - X.mean(axis=0), axis=1)))  # a point on its own
    at = QPointF(pixel(view, *X[row]))
    # the mouse moved onto the point (sent as such: an inactive test window gets no hover from QTest)
    move = QMouseEvent(
        QEvent.Type.MouseMove, at, at, Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(view.plot.viewport(), move)
    assert window.paint_bar.painter.remove_target() == row
    expected = np.delete(X, row, axis=0)
    window.commands["delete_point"].trigger()
    assert session.problem.n_samples == n - 1
    np.testing.assert_array_equal(session.problem.X, expected)


def test_painting_ends_with_the_reason_when_the_data_cannot_be_painted(painting, qtbot):
    window, _, _ = painting
    notices = []
    window.paint_bar.painter.ended.connect(notices.append)
    window.files.load_preset("bars")
    assert not window.paint_bar.painter.active and not window.commands["paint"].isChecked()
    assert not window.commands["delete_point"].isEnabled()
    assert any("1-D or 2-D continuous" in notice for notice in notices)
    qtbot.waitUntil(lambda: "1-D or 2-D continuous" in window.banner.text)  # shown after the new data's clearing


def test_an_edit_counts_as_unsaved_work(painting):
    window, view, bounds = painting
    window.session.reset()
    click(view, *empty_place(view, bounds))
    assert len(window.session.history) == 1 and window.files.unsaved


def test_entering_and_leaving_paint_mode_and_an_edit_inside_the_view_keep_its_range(painting):
    """The view holds still under the lecturer's hand: D on and off, a click inside, a step."""
    window, view, bounds = painting
    window.commands["paint"].trigger()  # off
    assert [*view.view_box.viewRange()[0], *view.view_box.viewRange()[1]] == pytest.approx(list(bounds))
    window.commands["paint"].trigger()  # on
    assert [*view.view_box.viewRange()[0], *view.view_box.viewRange()[1]] == pytest.approx(list(bounds))
    click(view, *empty_place(view, bounds))
    window.session.step()
    window.commands["paint"].trigger()  # off
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    # the same height of data; at equal aspect the width follows the plot's shape (the same centre)
    assert [y0, y1] == pytest.approx(list(bounds[2:]))
    assert (x0 + x1) / 2 == pytest.approx((bounds[0] + bounds[1]) / 2)


def test_the_paint_buttons_menu_chooses_what_a_click_adds(painting):
    window, view, bounds = painting
    paint = window.paint_bar
    names = [action.text() for action in paint.choices.actions()]
    assert len(names) == 3 and paint.button.menu() is paint.choices  # gmm-2d's three true components
    paint.choose(2)
    click(view, *empty_place(view, bounds))
    assert window.session.problem.truth_z[-1] == 2


def test_a_refused_drag_puts_the_point_back(painting):
    window, view, bounds = painting
    session = window.session
    before = session.problem
    errors = []
    session.error_raised.connect(errors.append)
    start, end = tuple(before.X[5]), empty_place(view, bounds)
    session.background.set_busy(True)  # a run to convergence goes: edits wait for it
    try:
        drag(view, start, end)
    finally:
        session.background.set_busy(False)
    assert session.problem is before and "Wait for the run" in errors[-1]
    np.testing.assert_array_equal(view.points.positions, before.X)
