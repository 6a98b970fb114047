"""A model of 20,000 features: the parameters panel shortens long vectors, the inspector's M-step
chooser picks a group and then a feature, and nothing builds a D x D matrix."""

import re

import numpy as np
import pytest
from PySide6.QtCore import Qt

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.families.parameter_text import fmt_vector
from nbviz.app.families.steps import ParameterKey
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.panels.inspector import MAX_FLAT, PointInspector
from nbviz.gui.panels.parameters import ParametersPanel

D = 20_000


@pytest.fixture(scope="module")
def wide():
    X = np.random.default_rng(0).normal(size=(30, D)) + (np.arange(30) % 2)[:, None] * 3.0
    return Problem("wide.csv", X, tuple(f"c{d}" for d in range(D)))


@pytest.fixture
def session(wide, qtbot):
    session = Session()
    assert session.load(wide, ModelConfig(n_components=2, covariance_type="diag", seed=0))
    return session


def test_a_long_vector_is_shortened_as_numpy_does():
    values = np.arange(1.0, 101.0)
    assert fmt_vector(values) == "(1, 2, 3, …, 98, 99, 100; 100 values)"
    assert fmt_vector(values[:16]) == "(" + ", ".join(str(v) for v in range(1, 17)) + ")"  # short: whole
    names = [f"f{m}" for m in range(100)]
    assert fmt_vector(values, names) == "f0 1, f1 2, f2 3, …, f97 98, f98 99, f99 100; 100 values"


def test_the_parameters_panel_of_20000_features_stays_small_and_shows_the_models_numbers(session, qtbot):
    panel = ParametersPanel(session)
    qtbot.addWidget(panel)
    session.step()
    html = panel.browser.toHtml()
    assert len(html) < 20_000  # every entry of two 20,000-long means and variances: over 800,000 characters
    text = panel.text()
    model = session.snapshot.model
    for k in range(2):
        for vector in (model.means[k], model.covariances[k]):
            shown = "(" + ", ".join(f"{v:.5g}" for v in vector[:3]) + ", …, "
            shown += ", ".join(f"{v:.5g}" for v in vector[-3:]) + "; 20,000 values)"
            assert shown in text
    numbers = [float(x) for x in re.findall(r"-?\d+\.\d+(?:e[-+]\d+)?", text)]
    assert len(numbers) < 60


def test_the_m_step_chooser_of_20000_features_picks_a_group_then_a_feature(session, qtbot):
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    inspector.show()
    session.step()
    choice, (first, second) = inspector.parameter_choice, inspector.feature_choices
    items = [choice.itemText(i) for i in range(choice.count())]
    assert items == [f"M-step of {name}" for name in ("π of 1", "π of 2", "μ of 1", "μ of 2", "σ² of 1", "σ² of 2")]
    assert not first.isVisible()  # a weight has no feature
    choice.setCurrentIndex(3)  # μ of 2
    assert first.isVisible() and not second.isVisible() and first.count() == D
    first.lineEdit().setText("12345")  # by number, counting from 1
    qtbot.keyClick(first.lineEdit(), Qt.Key_Return)
    assert inspector.chosen_key() == ParameterKey("mean", 1, (12344,))
    X, r = session.problem.X, session.resp[:, 1]
    expected = r @ X[:, 12344] / r.sum()
    assert inspector.worked.value == pytest.approx(expected) == session.snapshot.model.means[1, 12344]
    assert f"{expected:.6g}" in inspector.text()

    choice.setCurrentIndex(4)  # σ² of 1, chosen by name
    first.lineEdit().setText("c7")
    qtbot.keyClick(first.lineEdit(), Qt.Key_Return)
    assert inspector.chosen_key() == ParameterKey("covariance", 0, (7, 7))
    r = session.resp[:, 0]
    mean = r @ X[:, 7] / r.sum()
    variance = r @ (X[:, 7] - mean) ** 2 / r.sum() + session.config.prior.covariance_prior / r.sum()
    assert inspector.worked.value == pytest.approx(variance) == session.snapshot.model.covariances[0, 7]

    first.lineEdit().setText("no such feature")  # puts the chosen one back
    qtbot.keyClick(first.lineEdit(), Qt.Key_Return)
    assert inspector.chosen_key() == ParameterKey("covariance", 0, (7, 7)) and first.currentText() == "8: c7"

    session.step()
    session.step()  # the choice survives the next M-step
    assert inspector.chosen_key() == ParameterKey("covariance", 0, (7, 7))


def test_a_full_covariance_entry_is_chosen_as_a_pair_of_features(qtbot):
    X = np.random.default_rng(1).normal(size=(40, 8))
    session = Session()
    assert session.load(Problem("eight.csv", X, tuple("abcdefgh")), ModelConfig(n_components=2, seed=0))
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    inspector.show()
    session.step()
    assert 2 + 2 * 8 + 2 * 36 > MAX_FLAT  # grouped
    inspector.choose_parameter(ParameterKey("covariance", 1, (2, 5)))
    first, second = inspector.feature_choices
    assert second.isVisible() and (first.currentText(), second.currentText()) == ("3: c", "6: f")
    r = session.resp[:, 1]
    mean = r @ X / r.sum()
    expected = r @ ((X[:, 2] - mean[2]) * (X[:, 5] - mean[5])) / r.sum()
    assert inspector.worked.value == pytest.approx(expected) == session.snapshot.model.covariances[1, 2, 5]
    first.setCurrentIndex(7)  # the pair in either order names one entry
    assert inspector.chosen_key() == ParameterKey("covariance", 1, (5, 7))


def test_a_small_model_lists_every_parameter(qtbot):
    model = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[0.0], [3.0]], covariances=[1.0, 1.0], covariance_type="spherical"
    )
    session = Session()
    X = np.array([[0.0], [0.5], [3.0], [3.5]])
    assert session.load(Problem("four.csv", X, ("x",)), ModelConfig(n_components=2, covariance_type="spherical"), model)
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    session.step()
    items = [inspector.parameter_choice.itemText(i) for i in range(inspector.parameter_choice.count())]
    assert items[2:] == ["M-step of μ of 1, x", "M-step of μ of 2, x", "M-step of σ² of 1", "M-step of σ² of 2"]
    assert not any(box.isVisible() for box in inspector.feature_choices)
