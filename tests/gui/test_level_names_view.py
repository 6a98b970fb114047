"""Level names read from a file's text in the LEVELS view and the parameters: question names neither cut at
the bottom nor hidden by their neighbours, shared answers named once, and no number broken across lines."""

import re

import pytest
from PySide6.QtGui import QFontMetrics

from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.appearance import Appearance
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.panels.parameters import ParametersPanel
from nbviz.gui.plots.data.level_bars import GAP, LevelBarsView
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


@pytest.fixture
def survey():
    session = Session()
    assert session.load(*load_preset("survey"))
    session.step()
    session.step()
    return session


def test_answers_every_question_shares_are_named_once_under_the_plot(survey, qtbot):
    problem = survey.problem
    appearance = Appearance()
    appearance.set_presentation(True)
    view = LevelBarsView(survey, appearance=appearance)
    qtbot.addWidget(view)
    view.resize(420, 380)  # the data view of a 1024x768 projector beside the board
    view.show()
    view.set_awake(True)
    view.redraw()
    assert view.key.isVisible() and view.key.text() == "Answers from the bottom up: never · sometimes · often"
    assert view.tick_texts == ["smoking", "exercise", "vegetables", "alcohol"]
    # every question's name fits its group of bars, so pyqtgraph hides none of them
    metrics = QFontMetrics(plot_font(appearance))
    box = view.bar_plot.getPlotItem().getViewBox()
    (x0, x1), group = box.viewRange()[0], problem.truth.n_components + GAP
    ticks = view.bar_plot.getAxis("bottom")._tickLevels[0]
    assert len(ticks) == 4
    for position, text in ticks:
        room = box.width() / (x1 - x0) * min(group, 2 * min(position - x0, x1 - position))
        assert metrics.horizontalAdvance(text) <= room, (text, room)
    for label in view.level_labels:  # a whole name or its initial, never a letter and an ellipsis
        assert label.textItem.toPlainText() in ("never", "sometimes", "often", "n", "s", "o")


def broken_numbers(document) -> list[str]:
    """Lines of `document` that end inside a number the next line goes on with."""
    broken = []
    block = document.begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        ends = [layout.lineAt(i).textStart() for i in range(1, layout.lineCount())]
        broken += [
            text[:end].split()[-1] for end in ends if re.match(r"[\d.]", text[end]) and re.search(r"[\d.]$", text[:end])
        ]
        block = block.next()
    return broken


def test_long_parameter_names_have_a_line_of_their_own_and_no_number_is_broken(survey, qtbot):
    panel = ParametersPanel(survey)
    qtbot.addWidget(panel)
    panel.resize(340, 600)  # a docked parameters panel
    panel.show()
    panel.redraw()
    browser = panel.browser
    assert any(row.name == "p(vegetables = never/sometimes/often)" for row in panel.rows)
    assert broken_numbers(browser.document()) == []
    assert browser.document().idealWidth() <= browser.viewport().width() + 1


@pytest.mark.parametrize("presentation", [False, True])
def test_levels_sharing_an_initial_are_told_apart_on_narrow_bars(tmp_path, qtbot, presentation):
    answers = [("très bien", "often"), ("très mal", "often"), ("bien", "only"), ("mal", "only")] * 8
    path = tmp_path / "survey.csv"
    path.write_text("q3;q4\n" + "".join(f"{a};{b}\n" for a, b in answers))
    session = Session()
    assert session.load(Problem.from_file(path), ModelConfig(family="categorical", n_components=3, seed=1), None)
    session.step()
    appearance = Appearance()
    appearance.set_presentation(presentation)
    view = LevelBarsView(session, appearance=appearance)
    qtbot.addWidget(view)
    view.resize(300, 380)  # bars too narrow for a whole name
    view.show()
    view.set_awake(True)
    view.redraw()
    shown = {}
    for label, name in zip(view.level_labels, view.level_names, strict=True):
        shown.setdefault(label.textItem.toPlainText(), set()).add(name)
    questions = [("bien", "mal", "très bien", "très mal"), ("often", "only")]
    for names in questions:  # no label stands for two answers of one question
        for text, meant in shown.items():
            assert len(meant & set(names)) <= 1, (text, meant)
    assert shown.get("tb") == {"très bien"} or "très bien" in shown
