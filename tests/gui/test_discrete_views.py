"""Prototypes view and responsibility heat-map."""

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.families import presentation
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.prototypes import BAR_ROLE, PrototypesView
from nbviz.gui.plots.data.resp_heatmap import ResponsibilityHeatmap, resp_image, row_order
from nbviz.gui.style.palette import component_rgb


@pytest.fixture
def session(qtbot):
    return Session()


@pytest.fixture
def prototypes(session, qtbot):
    view = PrototypesView(session)
    qtbot.addWidget(view)
    return view


def load(session, name, steps=0):
    """Load preset `name` into `session` and take `steps` iterations; returns the problem."""
    problem, config, start = load_preset(name)
    assert session.load(problem, config, start)
    for _ in range(steps):
        session.step()
    return problem


def test_row_order_groups_by_component_then_confidence():
    resp = np.array([[0.2, 0.8], [0.9, 0.1], [0.4, 0.6], [0.6, 0.4], [0.1, 0.9]])
    assert row_order(resp, "data").tolist() == [0, 1, 2, 3, 4]
    assert row_order(resp, "component").tolist() == [1, 3, 4, 0, 2]
    groups = np.array([1, 0, -1, 1, 0])
    # label 0 first (rows 1, 4), then 1 (rows 3, 0), unknown last; by component inside a group
    assert row_order(resp, "label", groups).tolist() == [1, 4, 3, 0, 2]


def test_resp_image_is_white_at_zero_and_the_component_colour_at_one():
    resp = np.array([[1.0, 0.0], [0.5, 0.5]])
    image = resp_image(resp)
    rgb = np.round(component_rgb(2) * 255).astype(int)
    assert image[0, 0].tolist() == rgb[0].tolist()
    assert image[0, 1].tolist() == [255, 255, 255]
    np.testing.assert_allclose(image[1, 0], (255 + rgb[0]) / 2, atol=0.51)


def test_heatmap_shows_the_responsibilities_at_the_cursor_and_clicks_select(session, qtbot):
    view = ResponsibilityHeatmap(session)
    qtbot.addWidget(view)
    load(session, "bars")
    session.step()
    resp = session.resp
    np.testing.assert_array_equal(view.image.image, resp_image(resp[view.rows]))
    assert sorted(view.rows.tolist()) == list(range(len(resp)))
    # the rows are grouped by most probable component
    assert np.all(np.diff(resp[view.rows].argmax(axis=1)) >= 0)
    view.resize(400, 600)
    view.show()
    qtbot.waitExposed(view)
    row = int(view.rows[17])
    box = view.plot.getViewBox()
    scene_pos = box.mapViewToScene(QPointF(2.0, 17.2))
    with qtbot.waitSignal(session.selection_changed) as blocker:
        qtbot.mouseClick(view.plot.viewport(), Qt.LeftButton, pos=view.plot.mapFromScene(scene_pos))
    assert blocker.args == [row]
    assert len(view.marker.getData()[0]) == 5
    session.set_cursor(0)  # scrubbing redraws the map of that half-step
    np.testing.assert_array_equal(view.image.image, resp_image(session.resp[view.rows]))


def test_heatmap_offers_the_true_component_for_synthesised_data(session, qtbot):
    view = ResponsibilityHeatmap(session)
    qtbot.addWidget(view)
    problem = load(session, "bars")
    keys = [view.order_box.itemData(i) for i in range(view.order_box.count())]
    assert keys == ["data", "component", "label"]
    view.order_box.setCurrentIndex(2)
    assert np.all(np.diff(problem.truth_z[view.rows]) >= 0)


def test_prototype_pictures_show_each_component_and_its_matched_truth(session, prototypes):
    view = prototypes
    load(session, "bars", steps=1)
    model = session.snapshot.model
    assert view.currentWidget() is view.pictures
    assert len(view.images) == 4 and len(view.truth_images) == 4
    for k in range(4):
        np.testing.assert_array_equal(view.images[k].image, model.probs[k].reshape(6, 6))
    truth, perm = session.matched_truth()
    for j, k in enumerate(perm):
        np.testing.assert_array_equal(view.truth_images[k].image, truth.probs[j].reshape(6, 6))
    assert f"{model.weights[2]:.3f}" in view.titles[2].text


def test_prototypes_of_a_corpus_list_the_most_probable_words(session, prototypes):
    view = prototypes
    problem = load(session, "corpus", steps=1)
    model = session.snapshot.model
    assert view.currentWidget() is view.table
    assert view.table.columnCount() == model.n_components
    best = np.argsort(-model.probs[1], kind="stable")[:3]
    assert [view.table.item(i, 1).text() for i in range(3)] == [problem.columns[m] for m in best]
    fraction, _, _, value = view.table.item(0, 1).data(BAR_ROLE)
    assert value == f"{model.probs[1, best[0]]:.3f}"
    # one scale for all bars: the largest word probability shown fills its cell
    scale = max(model.probs[k].max() for k in range(model.n_components))
    assert fraction == pytest.approx(model.probs[1, best[0]] / scale, rel=1e-12)
    assert f"{model.weights[1]:.3f}" in view.table.horizontalHeaderItem(1).text()


def test_listed_features_break_ties_by_feature_order_and_keep_every_feature_listed_in_column_order():
    probs = np.array([[0.1, 0.4, 0.4, 0.1], [0.25, 0.25, 0.25, 0.25]])
    for name in ("bernoulli", "multinomial"):
        assert presentation(name).listed_features(probs, 3).tolist() == [[1, 2, 0], [0, 1, 2]]
        # all listed: a feature's row lines up across the components (dog, cat, tulip, rose in both)
        assert presentation(name).listed_features(probs, 4).tolist() == [[0, 1, 2, 3], [0, 1, 2, 3]]
    assert presentation("bernoulli").bar_scale(probs) == 1.0 and presentation("multinomial").bar_scale(probs) == 0.4


def test_empty_component_is_marked(session, prototypes):
    view = prototypes
    X = np.array([[1, 1, 0, 0]] * 6 + [[0, 0, 1, 1]] * 6, dtype=float)
    # component 3 sits far from everything and has tiny weight: it empties at the first M-step
    start = nc.BernoulliMixture(
        weights=[0.5, 0.5 - 1e-300, 1e-300], probs=[[0.9, 0.9, 0.1, 0.1], [0.1, 0.1, 0.9, 0.9], [0.5, 0.5, 0.5, 0.5]]
    )
    session.load(
        Problem(name="two", X=X, columns=("a", "b", "c", "d")), ModelConfig(family="bernoulli", n_components=3), start
    )
    session.step()
    assert 2 in session.snapshot.empty
    assert "(empty)" in view.table.horizontalHeaderItem(2).text()


def test_naive_bayes_components_are_named_after_the_classes(session, prototypes):
    view = prototypes
    problem = load(session, "naive-bayes", steps=1)
    assert session.component_names() == list(problem.classes)
    assert view.table.horizontalHeaderItem(0).text().startswith(f"{problem.classes[0]}\nπ = ")


def test_few_binary_features_are_bars_in_column_order_with_the_true_value(session, prototypes):
    view = prototypes
    truth = nc.BernoulliMixture(weights=[0.4, 0.6], probs=[[0.9, 0.8, 0.1, 0.2, 0.5], [0.1, 0.3, 0.9, 0.7, 0.5]])
    problem = Problem.synthesised(truth, 400, seed=2)
    assert problem.image_shape is None
    session.load(problem, ModelConfig(family="bernoulli", n_components=2, seed=1))
    session.step()
    model = session.snapshot.model
    truth, perm = session.matched_truth()
    for k in range(2):
        assert [view.table.item(i, k).text() for i in range(5)] == list(problem.columns)
        j = int(np.flatnonzero(perm == k)[0])
        for m in range(5):
            fraction, true_fraction, colour, value = view.table.item(m, k).data(BAR_ROLE)
            assert fraction == pytest.approx(model.probs[k, m], rel=1e-12)
            assert true_fraction == pytest.approx(truth.probs[j, m], rel=1e-12)


def test_the_true_values_tick_leaves_the_cells_text_clear(qtbot):
    from PySide6.QtCore import QModelIndex, QRect
    from PySide6.QtGui import QColor, QImage, QPainter, QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QStyleOptionViewItem

    from nbviz.gui.plots.data.prototypes import TRUE_TICK_SHARE, ProbabilityBars

    model = QStandardItemModel(1, 1)
    item = QStandardItem("")  # no name and no value: only the bar and the tick are painted
    item.setData((0.0, 0.5, "#1f77b4", ""), BAR_ROLE)
    model.setItem(0, 0, item)
    image = QImage(200, 60, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, 200, 60)
    option.palette.setColor(option.palette.ColorRole.Text, QColor("black"))
    painter = QPainter(image)
    ProbabilityBars().paint(painter, option, model.index(0, 0, QModelIndex()))
    painter.end()
    x = round(2 + 196 * 0.5)
    dark = [y for y in range(60) if any(QColor(image.pixel(x + dx, y)).lightness() < 128 for dx in (-1, 0, 1))]
    assert dark and min(dark) <= 2 and max(dark) >= 57  # at the top and at the bottom
    middle = range(int(2 + TRUE_TICK_SHARE * 58) + 2, int(58 - TRUE_TICK_SHARE * 58) - 2)
    assert not set(dark) & set(middle)  # where the name and the value are written
