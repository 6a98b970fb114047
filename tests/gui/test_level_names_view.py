"""Level names read from a file's text in the LEVELS view, and its question names not cut at the bottom."""

import pytest
from PySide6.QtGui import QFontMetrics

from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.appearance import Appearance
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.level_bars import LevelBarsView
from nbviz.gui.plots.styling import plot_font

ANSWERS = [("yes", "never", "A"), ("no", "often", "B"), ("maybe", "often", "B"), ("yes", "never", "A")] * 6


@pytest.fixture
def session(tmp_path, qtbot):
    path = tmp_path / "survey.csv"
    path.write_text("ID;smoker;sport;class\n" + "".join(f"{n};{a};{b};{c}\n" for n, (a, b, c) in enumerate(ANSWERS)))
    session = Session()
    assert session.load(Problem.from_file(path), ModelConfig(family="categorical", n_components=2, seed=1), None)
    session.step()
    return session


@pytest.mark.parametrize("presentation", [False, True])
def test_the_bars_and_the_axis_name_the_levels_and_the_axis_has_room_for_them(session, qtbot, presentation):
    appearance = Appearance()
    appearance.set_presentation(presentation)
    view = LevelBarsView(session, appearance=appearance)
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.show()
    view.set_awake(True)
    view.redraw()
    assert view.level_names == ["maybe", "no", "yes"] * 2 + ["never", "often"] * 2
    for label, name in zip(view.level_labels, view.level_names, strict=True):  # cut short only at the end
        text = label.textItem.toPlainText()
        assert text == name or name.startswith(text.rstrip("…"))
    ticks = view.bar_plot.getAxis("bottom")._tickLevels[0]
    assert [text for _, text in ticks] == ["smoker\nmaybe · no · yes", "sport\nnever · often"]
    line = QFontMetrics(plot_font(appearance)).height()
    assert view.bar_plot.getAxis("bottom").height() >= 2 * line + 2  # two whole lines, descenders included


def test_the_inspector_writes_a_rows_answers_by_name(session):
    from nbviz.gui.panels.inspector import describe_point

    problem = session.problem
    assert describe_point(problem.X[0], problem.columns) == "smoker = yes, sport = never"
    assert describe_point(problem.X[0], ("a", "b")) == "a = 2, b = 0"
