"""The lecture's views: the objective named alike everywhere, the animation's objective axis with its numbers."""

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage, QPainter

from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.figures.frames import FrameViews
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
