"""View → Colour by uncertainty and the list of the most uncertain points."""

import numpy as np
import pytest
from PySide6.QtCore import QSettings, QUrl

from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.view_options import ViewOptions
from nbviz.app.run.session import Session
from nbviz.gui.panels.uncertain_points import UncertainPointsPanel
from nbviz.gui.plots.data.legend import legend_entries
from nbviz.gui.plots.data.scatter_view import ScatterView
from nbviz.gui.style.oklab import oklab_to_srgb, srgb_to_oklab
from nbviz.gui.style.uncertainty_scale import SCALE
from nbviz.gui.window.main_window import MainWindow


@pytest.fixture
def session(tmp_path, qtbot):
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(0.0, 1.0, size=(30, 2)), rng.normal(2.5, 1.0, size=(30, 2))])
    path = tmp_path / "two.csv"
    path.write_text("a,b\n" + "".join(f"{x:.6f},{y:.6f}\n" for x, y in X))
    session = Session()
    problem = Problem.from_file(str(path))
    assert session.load(problem, ModelConfig(n_components=2, seed=0))
    session.step()
    return session


def by_hand(resp):
    u = 1.0 - resp.max(axis=1)
    order = sorted(range(len(u)), key=lambda n: (-u[n], n))
    return u, [n for n in order if u[n] > 0][:10]


def test_the_list_names_the_most_uncertain_points_by_file_line_and_a_click_selects_one(session, qtbot):
    panel = UncertainPointsPanel(session)
    qtbot.addWidget(panel)
    u, expected = by_hand(session.resp)
    assert panel.rows.tolist() == expected
    text = panel.text()
    lines = session.problem.lines
    assert lines is not None and lines[0] == 2  # after the header
    for n in expected:
        assert f"line {lines[n]}" in text and f"{u[n]:.3f}" in text
    assert text.index(f"line {lines[expected[0]]}") < text.index(f"line {lines[expected[1]]}")
    panel.browser.anchorClicked.emit(QUrl(f"select:{expected[2]}"))
    assert session.selected == expected[2]
    session.step()  # follows the cursor
    assert panel.rows.tolist() == by_hand(session.resp)[1]


def test_rows_without_file_lines_are_counted_from_one(qtbot):
    X = np.array([[0.0], [1.0], [1.1], [3.0], [4.0]])
    session = Session()
    assert session.load(Problem("five", X, ("x",)), ModelConfig(n_components=2, seed=0))
    panel = UncertainPointsPanel(session)
    qtbot.addWidget(panel)
    top = by_hand(session.resp)[1][0]
    assert f"row {top + 1}" in panel.text()


def test_colouring_by_uncertainty_goes_from_grey_to_red(session, shown):
    options = ViewOptions()
    view = shown(ScatterView(session, view_options=options))
    before = view.points.colors.copy()
    options.set("uncertainty", True)
    resp = session.resp
    t = (1.0 - resp.max(axis=1)) / (1.0 - 1.0 / 2)
    lab = (1 - t)[:, None] * srgb_to_oklab(SCALE[False][0]) + t[:, None] * srgb_to_oklab(SCALE[False][1])
    expected = np.clip(oklab_to_srgb(lab) * 255 + 0.5, 0, 255).astype(np.uint8)
    np.testing.assert_array_equal(view.points.colors, expected)
    certain = int(np.argmin(t))
    assert t[certain] < 0.02 and np.all(np.abs(view.points.colors[certain].astype(int) - 205) <= 6)  # grey
    kinds = [entry.kind for entry in legend_entries(2, options, False)]
    assert "uncertainty" in kinds and "blend" not in kinds
    options.set("uncertainty", False)
    np.testing.assert_array_equal(view.points.colors, before)


def test_the_view_menu_option_brings_up_the_list(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert not window.docks.uncertain_dock.isVisible()
    window.view_option_actions["uncertainty"].trigger()
    assert window.view_options.uncertainty and window.docks.uncertain_dock.isVisible()


def test_the_scatter_matrix_colours_by_uncertainty_and_shapes_by_component_as_the_scatter_view_does(qtbot, shown):
    from nbviz.gui.plots.data.axis_chooser import PAIRS_TITLE
    from nbviz.gui.plots.data.point_layer import SHAPES

    rng = np.random.default_rng(5)
    X = np.vstack([rng.normal(0.0, 1.0, size=(40, 3)), rng.normal(2.0, 1.0, size=(40, 3))])
    session = Session()
    assert session.load(Problem("three", X, ("a", "b", "c")), ModelConfig(n_components=2, seed=0))
    session.step()
    options = ViewOptions()
    view = shown(ScatterView(session, view_options=options), 900, 700)
    view.axes_choice.setCurrentIndex(view.axes_choice.findText(PAIRS_TITLE))
    pairs = view.pairs
    assert pairs.isVisible() and len(pairs.layers) == 6
    blended = {key: layer.colors.copy() for key, layer in pairs.layers.items()}
    options.set("uncertainty", True)
    t = (1.0 - session.resp.max(axis=1)) / (1.0 - 1.0 / 2)
    lab = (1 - t)[:, None] * srgb_to_oklab(SCALE[False][0]) + t[:, None] * srgb_to_oklab(SCALE[False][1])
    expected = np.clip(oklab_to_srgb(lab) * 255 + 0.5, 0, 255).astype(np.uint8)
    for layer in pairs.layers.values():
        np.testing.assert_array_equal(layer.colors, expected)
    np.testing.assert_array_equal(view.points.colors, expected)  # the same colours as the scatter view's
    assert "colour: uncertainty" in pairs.note.text()
    options.set("shapes", True)
    for layer in pairs.layers.values():
        np.testing.assert_array_equal(layer.shapes, session.resp.argmax(axis=1) % len(SHAPES))
    options.set("uncertainty", False)
    options.set("shapes", False)
    for key, layer in pairs.layers.items():
        np.testing.assert_array_equal(layer.colors, blended[key])
        assert layer.shapes is None
    assert "uncertainty" not in pairs.note.text()
