"""Equal aspect in the scatter matrix: every off-diagonal panel at one scale on both axes, every
point whole, the links kept, and each feature at its own range again with the option off."""

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtWidgets import QGraphicsSceneWheelEvent

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.view_options import ViewOptions
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.axis_chooser import PAIRS_TITLE
from nbviz.gui.plots.data.equal_scale import Strip, common_scale, equal_ranges, rescaled_goals
from nbviz.gui.plots.data.scatter_view import ScatterView
from nbviz.gui.window.main_window import MainWindow

# three features at very different spreads (sd 0.5 to 6): each at its own scale, the panels differ a lot
TRUTH = nc.GaussianMixture(
    weights=[0.5, 0.5],
    means=[[0.0, 0.0, 10.0], [3.0, 1.0, 30.0]],
    covariances=np.stack([np.diag([1.0, 0.25, 36.0])] * 2),
)
UNEQUAL = 0.2  # with the option off, some panel's x and y scales differ by more than this


def scatter_matrix(session: Session, shown, options: ViewOptions | None = None, size=(900, 700)):
    view = shown(ScatterView(session, view_options=options), *size)
    view.axes_choice.setCurrentIndex(view.axes_choice.findText(PAIRS_TITLE))
    assert view.pairs.isVisible()
    return view


def scales(pairs):
    """Per off-diagonal panel (r, c): its units per pixel across and up, from its range and its size."""
    out = {}
    for (r, c), panel in pairs.panels.items():
        if r != c:
            box = panel.getViewBox()
            (x0, x1), (y0, y1) = box.viewRange()
            out[r, c] = ((x1 - x0) / box.width(), (y1 - y0) / box.height())
    return out


def mismatch(pairs) -> float:
    """The largest relative difference of a panel's two scales."""
    return max(abs(sx / sy - 1.0) for sx, sy in scales(pairs).values())


def settled_equal(qtbot, pairs) -> None:
    """Wait for the panels' layout (the fit follows their sizes) and check the aspect to 1 %."""
    qtbot.waitUntil(lambda: mismatch(pairs) < 0.01, timeout=3000)


def assert_points_inside(pairs, X: np.ndarray) -> None:
    for (r, c), panel in pairs.panels.items():
        (x0, x1), (y0, y1) = panel.getViewBox().viewRange()
        x, y = X[:, pairs.features[c]], X[:, pairs.features[r]]
        assert x.min() > x0 and x.max() < x1, (r, c)
        if r != c:
            assert y.min() > y0 and y.max() < y1, (r, c)


def own_span(values: np.ndarray) -> tuple[float, float]:
    low, high = values.min(), values.max()
    return low - 0.05 * (high - low), high + 0.05 * (high - low)


@pytest.fixture
def session(synthesised_session):
    session = synthesised_session(TRUTH, 300, 4, family="gaussian", n_components=2, seed=1)
    for _ in range(3):
        session.step()
    return session


def test_equal_aspect_gives_every_off_diagonal_panel_one_scale_with_every_point_inside(session, shown, qtbot):
    view = scatter_matrix(session, shown)  # synthesised data: equal aspect on by default
    pairs, X = view.pairs, session.problem.X
    assert view.view_options.equal_aspect and len(pairs.panels) == 9
    settled_equal(qtbot, pairs)
    assert_points_inside(pairs, X)
    # one scale for the whole matrix (every column and row shares it), the links kept
    every = np.array(list(scales(pairs).values())).ravel()
    assert every.max() / every.min() - 1 < 0.01
    for (r, c), panel in pairs.panels.items():
        links = panel.getViewBox().linkedView(0), panel.getViewBox().linkedView(1)
        assert r == 0 or links[0] is pairs.panels[0, c].getViewBox()
        assert r == c or c == (1 if r == 0 else 0) or links[1] is pairs.panels[r, 1 if r == 0 else 0].getViewBox()
    # the widest feature (x3) fills its column or row: the scale is the least that shows it whole
    widest = max(np.ptp(X, axis=0)) * 1.1
    panel_pixels = [pairs.panels[1, 0].getViewBox().width(), pairs.panels[1, 0].getViewBox().height()]
    assert every.min() * max(panel_pixels) >= widest * 0.99
    # the histograms keep their own height: each shows its tallest bar whole (fitted as it paints)
    view.grab()
    for r, histogram in pairs.histograms.items():
        _, density = histogram.getData()
        y0, y1 = pairs.panels[r, r].getViewBox().viewRange()[1]
        assert y0 <= 0 and density.max() <= y1 < 1.5 * density.max()


def test_off_each_feature_has_its_own_range_and_the_option_switches_both_ways(session, shown, qtbot):
    options = ViewOptions(equal_aspect=False)
    view = scatter_matrix(session, shown, options)
    pairs, X = view.pairs, session.problem.X
    panels = dict(pairs.panels)

    def assert_own_ranges():  # as before equal aspect: the top row across, each row's first panel up
        for c, d in enumerate(pairs.features):
            np.testing.assert_allclose(pairs.panels[0, c].getViewBox().viewRange()[0], own_span(X[:, d]), rtol=1e-9)
            first = 1 if c == 0 else 0
            np.testing.assert_allclose(pairs.panels[c, first].getViewBox().viewRange()[1], own_span(X[:, d]), rtol=1e-9)
        assert_points_inside(pairs, X)  # in every panel, whatever its pixels

    assert_own_ranges()
    assert mismatch(pairs) > UNEQUAL
    options.set("equal_aspect", True)
    settled_equal(qtbot, pairs)
    assert_points_inside(pairs, X)
    options.set("equal_aspect", False)
    assert_own_ranges()
    assert mismatch(pairs) > UNEQUAL
    options.set("equal_aspect", True)
    settled_equal(qtbot, pairs)
    assert pairs.panels == panels and all(pairs.panels[key] is panels[key] for key in panels)  # not rebuilt


def test_the_scale_follows_a_resize_and_a_new_choice_of_features(shown, qtbot):
    rng = np.random.default_rng(3)
    X = rng.normal(size=(200, 5)) * [1.0, 3.0, 0.3, 8.0, 2.0]
    session = Session()
    assert session.load(Problem("five", X, ("a", "b", "c", "d", "e")), ModelConfig(n_components=2, seed=0))
    session.step()
    options = ViewOptions(equal_aspect=True)
    view = scatter_matrix(session, shown, options)
    pairs = view.pairs
    settled_equal(qtbot, pairs)
    view.resize(600, 900)  # tall: the panels' boxes change shape
    settled_equal(qtbot, pairs)
    assert_points_inside(pairs, X)
    pairs.set_features([0, 1, 2, 3, 4])
    assert len(pairs.panels) == 25
    settled_equal(qtbot, pairs)
    assert_points_inside(pairs, X)
    view.axes_choice.setCurrentIndex(0)  # the PCA plane: the scatter matrix sleeps while the window changes
    view.resize(1000, 500)
    view.axes_choice.setCurrentIndex(view.axes_choice.findText(PAIRS_TITLE))
    settled_equal(qtbot, pairs)
    assert_points_inside(pairs, X)


def wheel(pairs, r: int, c: int, notches: int = 1) -> None:
    """Turn the mouse wheel over panel (r, c)'s middle (delivered by the scene, as a real turn is)."""
    box = pairs.panels[r, c].getViewBox()
    event = QGraphicsSceneWheelEvent(QEvent.Type.GraphicsSceneWheel)
    event.setPos(box.boundingRect().center())
    event.setScenePos(box.sceneBoundingRect().center())
    event.setDelta(120 * notches)
    event.setOrientation(Qt.Orientation.Vertical)
    pairs.canvas.scene().sendEvent(box, event)
    assert event.isAccepted()


def test_a_zoom_in_one_panel_zooms_the_whole_matrix_at_one_scale_and_a_resize_keeps_it(session, shown, qtbot):
    view = scatter_matrix(session, shown)
    pairs = view.pairs
    settled_equal(qtbot, pairs)
    before = scales(pairs)[2, 1][0]
    wheel(pairs, 2, 1, notches=2)  # zoom in
    after = scales(pairs)
    assert after[2, 1][0] < 0.95 * before  # zoomed in
    assert mismatch(pairs) < 0.01
    every = np.array(list(after.values())).ravel()
    assert every.max() / every.min() - 1 < 0.01  # the other panels took the same scale
    view.resize(1000, 760)
    settled_equal(qtbot, pairs)
    assert scales(pairs)[2, 1][0] < 0.95 * before  # the zoom kept (not fitted to the data again)


def test_a_reopened_session_keeps_the_scatter_matrix_at_its_aspect(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    session, scatter = window.session, window.data_view.scatter
    pairs = scatter.pairs

    def load(problem) -> None:  # new data start at their PCA plane: the scatter matrix is chosen again
        assert session.load(problem, ModelConfig(family="gaussian", n_components=2))
        session.step()
        scatter.axes_choice.setCurrentIndex(scatter.axes_choice.findText(PAIRS_TITLE))

    load(Problem.synthesised(TRUTH, 200, seed=1))
    settled_equal(qtbot, pairs)
    window.view_option_actions["equal_aspect"].trigger()  # off, from the View menu
    assert mismatch(pairs) > UNEQUAL
    path = tmp_path / "s.nbviz"
    assert session.save(path, write_session)
    load(Problem.synthesised(TRUTH, 200, seed=2))
    settled_equal(qtbot, pairs)  # new synthesised data: equal aspect, their default
    assert session.restore(read_session(path))
    scatter.axes_choice.setCurrentIndex(scatter.axes_choice.findText(PAIRS_TITLE))
    assert not window.view_options.equal_aspect
    assert mismatch(pairs) > UNEQUAL


def test_the_common_scale_by_hand():
    # a column 200 pixels wide showing pixels 10..210 of its reference (which starts at 0),
    # a row 100 pixels high (pixels count down: values up)
    column = Strip(shown=(10.0, 210.0), reference=(0.0, 210.0))
    row = Strip(shown=(50.0, 150.0), reference=(50.0, 160.0), upward=True)
    goals = [(0.0, 4.0), (-1.0, 1.0)]  # 4 units over 200 pixels, 2 over 100: 0.02 a pixel both
    assert common_scale(goals, [column, row]) == pytest.approx(0.02)
    x_range, y_range = equal_ranges([(0.0, 4.0), (-0.5, 0.5)], [column, row])
    assert x_range == pytest.approx((-0.2, 4.0))  # the 10 pixels left of the shown ones: 0.2 units
    assert y_range == pytest.approx((-1.2, 1.0))  # 160 - 150 = 10 pixels below the shown ones
    assert column.values(x_range) == pytest.approx((0.0, 4.0))
    assert row.values(y_range) == pytest.approx((-1.0, 1.0))  # the row's goal widened to the common scale
    goals = rescaled_goals([(0.0, 4.0), (-1.0, 1.0)], [column, row], 0.01)  # zoomed in twice, about the middles
    assert np.ravel(goals) == pytest.approx([1.0, 3.0, -0.5, 0.5])
    with pytest.raises(ValueError, match="one goal per strip"):
        common_scale(goals, [column])
