"""The objective curve: one point per half-step, the ELBO touching after E-steps, decreases flagged."""

import numpy as np
import pg_probe
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QPainter

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.plots.run.objective_curve import ObjectiveCurve, decreases

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0], [1.5]], covariances=[[[1.0]], [[1.0]]])


@pytest.fixture
def curve(qtbot):
    session = Session()
    session.load(Problem.synthesised(TRUTH, 200, seed=1), ModelConfig(n_components=2, seed=1))
    widget = ObjectiveCurve(session)
    qtbot.addWidget(widget)
    widget.resize(600, 300)
    widget.show()
    return widget


def test_one_point_per_half_step_and_the_elbo_from_the_first_e_step(curve):
    session = curve.session
    for _ in range(4):
        session.step()
    session.e_step()
    x, y = curve.objective_curve.getData()
    assert len(x) == len(session.history) == 10
    np.testing.assert_array_equal(y, [s.objective for s in session.history])
    ex, ey = curve.elbo_curve.getData()
    np.testing.assert_array_equal(ex, np.arange(1, 10))
    np.testing.assert_array_equal(ey, [s.elbo for s in session.history[1:]])
    # touches after each E-step, below after each M-step
    for i, snapshot in enumerate(session.history[1:], start=1):
        if snapshot.phase == "E":
            assert ey[i - 1] == pytest.approx(y[i], rel=1e-12)
        else:
            assert ey[i - 1] <= y[i] + 1e-9
    assert not curve.explanation.isVisibleTo(curve)
    assert len(pg_probe.spots(curve.decrease_marks)) == 0


def test_the_axis_says_when_a_prior_is_on(curve):
    assert pg_probe.axis_label(curve.plot, "left") == "log-likelihood"
    curve.session.configure(curve.session.config.with_(prior=nc.Prior(covariance_prior=0.1)))
    assert pg_probe.axis_label(curve.plot, "left") == "log-likelihood + log-prior"


def test_the_axis_title_is_shortened_when_the_plot_is_too_short_for_it(curve, qtbot):
    curve.session.configure(curve.session.config.with_(prior=nc.Prior(covariance_prior=0.1)))
    curve.resize(700, 500)
    qtbot.waitUntil(lambda: pg_probe.axis_label(curve.plot, "left") == "log-likelihood + log-prior")
    curve.resize(700, 140)  # a short dock: the full title would be cut off
    qtbot.waitUntil(lambda: pg_probe.axis_label(curve.plot, "left") == "objective")
    curve.resize(700, 500)
    qtbot.waitUntil(lambda: pg_probe.axis_label(curve.plot, "left") == "log-likelihood + log-prior")


def test_hard_em_decreases_get_red_markers_and_an_explanation(curve):
    session = curve.session
    session.configure(session.config.with_(hard=True))
    for _ in range(8):
        session.step()
    objective = np.array([s.objective for s in session.history])
    drops = decreases(objective)
    assert drops.size > 0  # this data and start make hard EM lower the log-likelihood
    np.testing.assert_array_equal(pg_probe.spots(curve.decrease_marks).x, drops)
    assert curve.explanation.isVisibleTo(curve)
    assert "classification log-likelihood" in curve.explanation.text()
    assert f"half-step {drops[0]}" in curve.explanation.text()


def test_cursor_line_follows_the_session_and_dragging_it_scrubs(curve):
    session = curve.session
    for _ in range(3):
        session.step()
    assert curve.cursor_line.value() == 6
    session.set_cursor(2)
    assert curve.cursor_line.value() == 2
    curve.cursor_line.setValue(4.4)
    curve.cursor_line.sigPositionChangeFinished.emit(curve.cursor_line)
    assert session.cursor == 4


def test_decreases_ignores_rounding():
    assert decreases([1.0, 2.0, 2.0 - 1e-13, 3.0]).tolist() == []
    assert decreases([-100.0, -99.0, -99.5, -98.0, -98.1]).tolist() == [2, 4]


# ----------------------------------------------------------------------------- curves that teach
def converged_far(session, iterations=40):
    for _ in range(iterations):
        session.step()


def test_the_elbo_is_drawn_on_top_and_shows_where_the_kl_gap_is_tiny(curve, qtbot):
    from PySide6.QtGui import QColor

    from nbviz.gui.style.palette import ELBO_COLOR

    session = curve.session
    converged_far(session)
    objective = np.array([s.objective for s in session.history])
    elbo = np.array([s.elbo for s in session.history[1:]])
    assert np.max(objective[1:] - elbo) < 1e-2 * (objective.max() - objective.min())  # a gap too small to see
    assert curve.elbo_curve.zValue() > curve.objective_curve.zValue()
    assert pg_probe.pen(curve.elbo_curve).style() == Qt.PenStyle.DashLine
    curve.set_view("climb")  # the curves fill the plot
    qtbot.wait(10)
    image = curve.plot.grab().toImage()
    target = QColor(ELBO_COLOR)
    seen = sum(
        1
        for px in range(0, image.width(), 2)
        for py in range(0, image.height(), 2)
        if abs(image.pixelColor(px, py).red() - target.red()) < 30
        and abs(image.pixelColor(px, py).green() - target.green()) < 30
        and abs(image.pixelColor(px, py).blue() - target.blue()) < 30
    )
    assert seen > 150  # the ELBO's dashes are on screen over the objective


def test_hard_em_shading_starts_at_the_first_e_step(curve):
    session = curve.session
    session.configure(session.config.with_(hard=True))
    for _ in range(3):
        session.step()
    history = session.history
    assert history[1].elbo < history[0].objective - 1e-6  # hard EM's bound lies below from the start
    top_x, top_y = curve.band_top.getData()
    bottom_x, bottom_y = curve.band_bottom.getData()
    np.testing.assert_array_equal(top_x, np.arange(1, len(history)))
    np.testing.assert_array_equal(bottom_y, [s.elbo for s in history[1:]])
    np.testing.assert_array_equal(top_y, [s.objective for s in history[1:]])
    # the shaded polygon has nothing before half-step 1, so no drop from half-step 0 is drawn
    assert curve.gap.path().boundingRect().left() >= 1.0


def test_the_objective_curves_half_step_axis_moves_only_now_and_then(curve):
    session = curve.session
    view_box = curve.plot.getViewBox()
    ends = []
    for _ in range(9):
        session.next_half_step()
        (x0, x1), (y0, y1) = view_box.viewRange()
        ends.append(round(x1 - 0.02 / 1.04 * (x1 - x0), 9))  # without the 2 % padding
        values = [s.objective for s in session.history] + [s.elbo for s in session.history[1:]]
        assert y0 <= min(values) and max(values) <= y1  # every value in view
    # at least 6 half-steps wide: 1.2 * 6 -> 8 until the run reaches 8, then 1.2 * 9 -> 12
    assert ends == [8.0] * 8 + [12.0]
    x, y = curve.objective_curve.getData()
    np.testing.assert_array_equal(y, [s.objective for s in session.history])  # every half-step drawn


def test_the_climb_view_scales_to_the_half_steps_after_the_first_jump(curve):
    session = curve.session
    converged_far(session, 10)
    objective = np.array([s.objective for s in session.history])
    first_m = 2  # init, E, M: the first big jump ends here
    curve.set_view("climb")
    (x0, x1), (y0, y1) = curve.plot.getViewBox().viewRange()
    assert x0 == pytest.approx(first_m, abs=0.5) and x1 >= len(objective) - 1
    assert y0 > objective[0]  # the start, below the jump, is out of view
    assert y0 <= min(objective[first_m:].min(), min(s.elbo for s in session.history[first_m:]))
    assert y1 >= objective.max()
    assert y1 - y0 < 0.5 * (objective.max() - objective[0])  # the climb fills the plot
    curve.set_view("all")
    curve.plot.getViewBox().updateAutoRange()
    (_, _), (y0, y1) = curve.plot.getViewBox().viewRange()
    assert y0 <= objective[0] and y1 >= objective.max()


def test_the_gap_view_plots_log10_of_the_gap_to_the_best(curve):
    session = curve.session
    converged_far(session, 10)
    objective = np.array([s.objective for s in session.history])
    elbo = np.array([s.elbo for s in session.history[1:]])
    curve.set_view("gap")
    best = objective.max()
    with np.errstate(divide="ignore"):
        expected = np.log10(best - objective)
        expected_elbo = np.log10(best - elbo)
    expected[~np.isfinite(expected)] = np.nan  # the best point itself has no place on a log scale
    _, y = curve.objective_curve.getData()
    np.testing.assert_allclose(y, expected, rtol=1e-12, equal_nan=True)
    assert np.isnan(y[-1]) and np.all(np.isfinite(y[:-1]))
    np.testing.assert_allclose(curve.elbo_curve.getData()[1], expected_elbo, rtol=1e-12)
    assert curve.plot.getAxis("left").logMode and pg_probe.axis_label(curve.plot, "left").startswith("best − ")
    curve.set_view("all")
    np.testing.assert_array_equal(curve.objective_curve.getData()[1], objective)
    assert not curve.plot.getAxis("left").logMode


def zigzag_history(session, n):
    """Grow the session's run to `n` half-steps whose objective zigzags (as a saved, tampered run could)."""
    import dataclasses

    history = session.run_history._em.history  # a test-only shortcut: 20,000 real half-steps would take minutes
    base = history[-1]
    for i in range(len(history), n):
        up = i % 2
        history.append(
            dataclasses.replace(
                base,
                phase="EM"[up],
                iteration=(i + 1) // 2,
                objective=-300.0 + 40 * up + i * 1e-3,
                elbo=-310.0 + 40 * up,
            )
        )
    session.history_changed.emit()
    return history


def test_a_long_zigzag_history_draws_min_and_max_per_pixel_column(curve, qtbot):
    session = curve.session
    session.step()
    history = zigzag_history(session, 20_000)
    qtbot.wait(10)
    objective = np.array([s.objective for s in history])
    assert curve.decimated and curve.objective_marks.x.size == 0  # no markers on a decimated curve
    x, y = curve.objective_curve.getData()
    columns = int(curve.plot.getViewBox().width())
    assert len(x) <= 2 * max(columns, 200)
    # each drawn column spans its half-steps' lowest and highest objective
    assert y.min() == objective.min() and y.max() == objective.max()
    edges = np.unique(np.linspace(0, 20_000, len(x) // 2 + 1).astype(int))
    # (and the value just before it, so that its vertical segment joins the previous column's)
    stretches = [objective[max(a - 1, 0) : b] for a, b in zip(edges[:-1], edges[1:])]
    np.testing.assert_array_equal(y[0::2], [stretch.min() for stretch in stretches])
    np.testing.assert_array_equal(y[1::2], [stretch.max() for stretch in stretches])
    assert len(pg_probe.spots(curve.decrease_marks)) <= max(columns, 200)  # one mark per column at most

    # each new half-step draws a column's worth of points again, not the whole history
    # (how long that takes is measured in benchmarks/, not here)
    for _ in range(3):
        zigzag_history(session, len(history) + 1)
        curve.plot.grab()
        assert curve.decimated and len(curve.objective_curve.getData()[0]) <= 2 * max(columns, 200)

    # the gap view (NaN at the best point) decimates too
    curve.set_view("gap")
    curve.plot.grab()
    objective = np.array([s.objective for s in history])
    x, y = curve.objective_curve.getData()
    assert curve.decimated and np.nanmax(y) == pytest.approx(np.log10(objective.max() - objective.min()))
    curve.set_view("all")

    # zoomed in to a few half-steps, the curve is drawn as it is, with its symbols
    curve.plot.setXRange(100, 140, padding=0)
    x, y = curve.objective_curve.getData()
    assert not curve.decimated
    np.testing.assert_array_equal(y, [s.objective for s in history])
    np.testing.assert_array_equal(curve.objective_marks.y, y)  # a marker at every half-step


def test_the_curve_follows_a_history_cut_back_and_regrown(curve):
    session = curve.session
    for _ in range(3):
        session.step()
    session.set_cursor(2)
    session.m_step()  # cuts the history after half-step 2, then steps on
    session.step()
    x, y = curve.objective_curve.getData()
    np.testing.assert_array_equal(y, [s.objective for s in session.history])
    np.testing.assert_array_equal(x, np.arange(len(session.history)))


def curve_points_under_legend(curve) -> int:
    """How many places along the drawn curves (interpolated between half-steps) lie under the legend."""
    rect = curve.legend.sceneBoundingRect()
    view_box = curve.plot.getViewBox()
    count = 0
    for item in (curve.objective_curve, curve.elbo_curve):
        x, y = item.getData()
        fine = np.linspace(x[0], x[-1], 400)
        values = np.interp(fine, x, y)
        for xi, yi in zip(fine[np.isfinite(values)], values[np.isfinite(values)]):
            count += rect.contains(view_box.mapViewToScene(QPointF(xi, yi)))
    return count


@pytest.mark.parametrize("view", ["all", "climb", "gap"])
def test_the_legend_lies_clear_of_the_curves(curve, qtbot, view):
    session = curve.session
    curve.set_view(view)
    for _ in range(12):
        session.step()
    qtbot.waitUntil(lambda: curve.plot.getViewBox().width() > 100)
    curve.plot.getViewBox().autoRange()  # the range as drawn (autorange is applied lazily)
    assert curve.legend.isVisible()
    assert curve_points_under_legend(curve) == 0


def test_a_flat_objective_gets_ticks_with_only_the_precision_that_differs(qtbot):
    # after the first E-step the objective has not changed: two equal values, -2.8814040875...
    from nbviz.app.presentation.presets import load_preset

    session = Session()
    assert session.load(*load_preset("lecture-two-documents"))
    widget = ObjectiveCurve(session)
    qtbot.addWidget(widget)
    widget.resize(600, 200)
    widget.show()
    assert session.e_step()
    axis = widget.plot.getAxis("left")
    low, high = widget.plot.getViewBox().viewRange()[1]
    values = [value for _, level in axis.tickValues(low, high, axis.height()) for value in level]
    labels = axis.tickStrings(values, axis.scale, abs(values[1] - values[0]))
    assert all(len(label.split(".")[-1]) <= 7 for label in labels), labels  # not ten decimals of noise
    assert low < session.history[0].objective < high and (high - low) > 1e-6


@pytest.mark.parametrize("preset", ["lecture-two-documents", "lecture-five-points", "lecture-eight-points"])
def test_a_flat_objectives_ticks_carry_no_more_decimals_than_the_status_line(qtbot, preset):
    """Before EM has moved anything the curve is one value: its ticks ("-2.881402", "-2.881404") must
    not show digits the status line (four decimals, -2.8814) leaves out, as if it had changed."""
    from nbviz.app.presentation.presets import load_preset

    session = Session()
    assert session.load(*load_preset(preset))
    widget = ObjectiveCurve(session)
    qtbot.addWidget(widget)
    widget.resize(900, 160)
    widget.show()
    qtbot.waitExposed(widget)
    assert session.e_step()
    axis = widget.plot.getAxis("left")

    def tick_labels() -> list[str]:
        image = QImage(axis.width(), axis.height(), QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        try:
            _, _, texts = axis.generateDrawSpecs(painter)  # the tick labels the axis draws
        finally:
            painter.end()
        return [text for _, _, text in texts]

    # the axis follows the view's range when the events are processed (later on a busy machine)
    qtbot.waitUntil(lambda: bool(tick_labels()), timeout=10000)
    labels = tick_labels()
    assert labels and all(len(label.split(".")[-1]) <= 4 for label in labels if "." in label), labels
    low, high = widget.plot.getViewBox().viewRange()[1]
    assert low < session.history[0].objective < high
