"""The 'Clusters vs classes' panel and dock: the confusion table and the adjusted Rand index at the cursor."""

import re

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from scipy.optimize import linear_sum_assignment
from sklearn.metrics import adjusted_rand_score

from nbviz.app.presentation.appearance import Appearance
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.panels.agreement import AgreementPanel
from nbviz.gui.window.main_window import MainWindow


@pytest.fixture
def iris(qtbot):
    session = Session()
    assert session.load(*load_preset("iris"))
    return session


def shown_ari(panel) -> float:
    return float(re.search(r"Adjusted Rand index (-?[0-9.]+)", panel.text()).group(1))


def table_rows(panel, n_classes):
    """The table's component rows as (component name, counts), read from the panel's text (a cell a line)."""
    lines = [line.strip() for line in panel.text().splitlines()]
    return [
        (line.removeprefix("■").strip(), [int(cell) for cell in lines[i + 1 : i + 1 + n_classes]])
        for i, line in enumerate(lines)
        if line.startswith("■")
    ]


def expected(session):
    """ARI, confusion counts (components × classes) and the matching, from sklearn and scipy."""
    hard = np.argmax(session.resp, axis=1)
    species = session.problem.labels
    counts = np.zeros((session.n_components, session.problem.n_classes), dtype=int)
    for k, c in zip(hard, species):
        counts[k, c] += 1
    components, classes = linear_sum_assignment(-counts)
    return adjusted_rand_score(species, hard), counts, dict(zip(components, classes))


def test_the_panel_shows_the_ari_and_the_table_and_follows_every_half_step(iris, qtbot):
    panel = AgreementPanel(iris)
    qtbot.addWidget(panel)
    for _ in range(5):
        ari, counts, class_of = expected(iris)
        assert shown_ari(panel) == pytest.approx(ari, abs=5e-4)
        rows = table_rows(panel, 3)
        assert sorted(int(name) - 1 for name, _ in rows) == [0, 1, 2]
        for name, shown in rows:
            np.testing.assert_array_equal(shown, counts[int(name) - 1])
        # the components are listed in the order of their matched classes: the matched cells on the diagonal
        assert [class_of[int(name) - 1] for name, _ in rows] == [0, 1, 2]
        matched = sum(counts[k, c] for k, c in class_of.items())
        assert f"{matched} of 150 rows on matched pairs" in panel.text()
        iris.next_half_step()
    assert "after the E-step of iteration 3" in panel.text()
    iris.set_cursor(0)  # scrubbing back
    assert shown_ari(panel) == pytest.approx(expected(iris)[0], abs=5e-4) and "at the start" in panel.text()
    assert "linear_sum_assignment" in panel.text()  # says how the components were matched


def test_data_without_labels_says_so(qtbot):
    session = Session()
    assert session.load(*load_preset("faithful"))
    panel = AgreementPanel(session)
    qtbot.addWidget(panel)
    assert panel.text().startswith("No class labels in this data")
    assert panel.agreement is None


def test_semi_supervised_runs_say_the_labelled_rows_are_included(iris, qtbot):
    panel = AgreementPanel(iris)
    qtbot.addWidget(panel)
    assert "labelled rows" not in panel.text()
    assert iris.hand_labels.set_label_fraction(0.3)
    iris.step()
    given = int(np.sum(iris.labels >= 0))
    free = iris.labels < 0
    hard = np.argmax(iris.resp, axis=1)
    text = " ".join(panel.text().split())
    assert f"includes the {given} labelled rows whose label EM was given (label fraction 0.3)" in text
    ari_free = adjusted_rand_score(iris.problem.labels[free], hard[free])
    assert f"on the other {150 - given} rows alone the adjusted Rand index is {ari_free:.3f}" in text


def test_supervised_naive_bayes_says_every_label_was_given(qtbot):
    session = Session()
    assert session.load(*load_preset("naive-bayes"))
    session.step()
    panel = AgreementPanel(session)
    qtbot.addWidget(panel)
    assert "Every row's label was given to EM" in " ".join(panel.text().split())


def test_dark_mode_and_presentation_mode_restyle_the_panel(iris, qtbot):
    appearance = Appearance()
    panel = AgreementPanel(iris, appearance=appearance)
    qtbot.addWidget(panel)
    assert appearance.highlight_background in panel.browser.toHtml()
    appearance.set_dark(True)
    assert appearance.highlight_background in panel.browser.toHtml()  # the dark highlight, readable on dark
    assert appearance.muted_text in panel.browser.toHtml()
    assert shown_ari(panel) == pytest.approx(expected(iris)[0], abs=5e-4)


@pytest.fixture
def window(qtbot, tmp_path):
    win = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_the_dock_shows_for_labelled_data_and_follows_the_keys(window, qtbot):
    assert not window.docks.agreement_dock.isVisible()  # the start page
    assert window.agreement.appearance is window.appearance
    assert window.files.load_preset("iris")
    assert window.docks.agreement_dock.isVisible()
    before = window.agreement.text()
    window.data_view.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_E)
    qtbot.keyClick(window, Qt.Key.Key_M)
    assert window.session.cursor == 2
    assert window.agreement.text() != before
    assert shown_ari(window.agreement) == pytest.approx(expected(window.session)[0], abs=5e-4)
    assert window.files.load_preset("faithful")
    assert not window.docks.agreement_dock.isVisible()  # nothing to compare with


def test_the_view_menu_opens_and_closes_the_dock(window):
    assert window.files.load_preset("faithful")
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    toggle = next(a for a in view_menu.actions() if a.text() == "Clusters vs classes")
    toggle.trigger()
    assert window.docks.agreement_dock.isVisible()
    assert window.agreement.text().startswith("No class labels in this data")
    toggle.trigger()
    assert not window.docks.agreement_dock.isVisible()


def test_with_more_components_than_classes_the_one_left_over_is_listed_last(iris, qtbot):
    assert iris.configure(iris.config.with_(n_components=4))
    iris.step()
    panel = AgreementPanel(iris)
    qtbot.addWidget(panel)
    _, counts, class_of = expected(iris)
    rows = table_rows(panel, 3)
    assert len(rows) == 4
    (left_over,) = set(range(4)) - set(class_of)
    assert rows[-1] == (str(left_over + 1), counts[left_over].tolist())
    assert shown_ari(panel) == pytest.approx(expected(iris)[0], abs=5e-4)


def test_a_gaussian_file_with_a_text_label_column_shows_the_table_ari_and_nmi(tmp_path, qtbot):
    from sklearn.metrics import normalized_mutual_info_score

    from nbviz.app.data.problem import Problem
    from nbviz.app.model.config import ModelConfig

    rng = np.random.default_rng(4)
    X = np.vstack([rng.normal(0.0, 1.0, size=(40, 2)), rng.normal(4.0, 1.0, size=(40, 2))])
    names = np.array(["setosa", "virginica"])[np.repeat([0, 1], 40)]
    path = tmp_path / "flowers.csv"
    path.write_text("a,b,species\n" + "".join(f"{x:.6f},{y:.6f},{c}\n" for (x, y), c in zip(X, names)))
    session = Session()
    problem = Problem.from_file(str(path))
    assert problem.labels is not None and session.load(problem, ModelConfig(n_components=2, seed=1))
    assert session.config.family == "gaussian" and not session.config.supervised
    panel = AgreementPanel(session)
    qtbot.addWidget(panel)
    session.step()
    hard = np.argmax(session.resp, axis=1)
    nmi = float(re.search(r"NMI ([0-9.]+)", panel.text()).group(1))
    assert nmi == pytest.approx(normalized_mutual_info_score(problem.labels, hard), abs=5e-4)
    assert shown_ari(panel) == pytest.approx(adjusted_rand_score(problem.labels, hard), abs=5e-4)
    assert [name for name, _ in table_rows(panel, 2)] and "setosa" in panel.text()
