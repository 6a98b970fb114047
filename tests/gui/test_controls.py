"""The control panel drives the session and shows its configuration."""

import numpy as np
import pytest
from PySide6.QtCore import Qt

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.panels.controls import ControlPanel

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def panel(qtbot):
    session = Session()
    labels = np.arange(120) % 2
    problem = Problem.synthesised(TRUTH, 120, seed=0)
    problem = Problem(name="blobs", X=problem.X, columns=problem.columns, labels=labels, truth=TRUTH)
    session.load(problem, ModelConfig(n_components=2))
    widget = ControlPanel(session)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_buttons_step_play_and_reset(panel, qtbot):
    session = panel.session
    assert not panel.m_button.isEnabled()
    qtbot.mouseClick(panel.e_button, Qt.LeftButton)
    assert [s.phase for s in session.history] == ["init", "E"] and panel.m_button.isEnabled()
    qtbot.mouseClick(panel.m_button, Qt.LeftButton)
    qtbot.mouseClick(panel.iteration_button, Qt.LeftButton)
    assert len(session.history) == 5
    qtbot.mouseClick(panel.reset_button, Qt.LeftButton)
    assert len(session.history) == 1
    qtbot.mouseClick(panel.play_button, Qt.LeftButton)
    assert session.player.playing and panel.play_button.text() == "Pause"
    qtbot.mouseClick(panel.play_button, Qt.LeftButton)
    assert not session.player.playing and panel.play_button.text() == "Play"
    with qtbot.waitSignal(panel.run_requested):
        qtbot.mouseClick(panel.run_button, Qt.LeftButton)


def test_model_settings_start_a_new_run(panel):
    session = panel.session
    session.step()
    panel.k_spin.setValue(3)
    assert session.em.model.n_components == 3 and len(session.history) == 1
    panel.covariance_combo.setCurrentText("diag")
    assert session.em.model.covariance_type == "diag"
    panel.lambda_spin.setValue(0.25)
    assert session.config.prior.covariance_prior == 0.25
    panel.hard_check.setChecked(True)
    assert session.em.hard
    panel.init_combo.setCurrentIndex(panel.init_combo.findData("random"))
    panel.seed_spin.setValue(9)
    assert session.config.init_method == "random" and session.config.seed == 9


def test_a_refused_model_change_shows_an_error_and_reverts_the_controls(panel, qtbot):
    with qtbot.waitSignal(panel.session.error_raised) as blocker:
        panel.model_combo.setCurrentIndex(1)  # Bernoulli mixture on continuous data
    assert "binary" in blocker.args[0]
    assert panel.model_combo.currentIndex() == 0 and panel.session.config.family == "gaussian"


def test_naive_bayes_choice_uses_the_labels_and_fixes_k(panel):
    panel.model_combo.setCurrentIndex(panel.model_combo.findText("Naive Bayes (supervised)"))
    session = panel.session
    assert session.config.supervised and session.em.labels is not None
    assert not panel.k_spin.isEnabled() and panel.k_spin.value() == 2


def test_speed_slider_sets_the_play_rate(panel):
    panel.speed_slider.setValue(20)
    assert panel.session.player.speed == 5.0 and panel.speed_label.text() == "5 /s"


def test_the_k_box_offers_every_number_of_components_the_configuration_allows(qtbot):
    from nbviz.app.model.config import MAX_COMPONENTS
    from nbviz.app.run.session import Session
    from nbviz.gui.panels.controls import ControlPanel

    panel = ControlPanel(Session())
    qtbot.addWidget(panel)
    assert (panel.k_spin.minimum(), panel.k_spin.maximum()) == (1, MAX_COMPONENTS)


def test_a_tiny_covariance_prior_is_shown_and_kept_through_the_spin_box(panel, qtbot):
    """λ = 3.21e-9 (a file of tiny variances) is neither shown as 0 nor saved as 0."""
    session = panel.session
    tiny = 3.2109876543e-9
    session.configure(session.config.with_(prior=nc.Prior(covariance_prior=tiny)))
    panel.sync()
    assert panel.lambda_spin.value() == tiny
    assert panel.lambda_spin.text() == "3.21099e-09"
    panel.reinit_button.click()  # the config is read back from the widgets
    assert session.config.prior.covariance_prior == tiny
    panel.lambda_spin.lineEdit().selectAll()
    qtbot.keyClicks(panel.lambda_spin.lineEdit(), "4.5e-12")
    qtbot.keyClick(panel.lambda_spin.lineEdit(), Qt.Key_Return)
    assert session.config.prior.covariance_prior == 4.5e-12
    qtbot.keyClick(panel.lambda_spin, Qt.Key_Up)  # a step is a tenth of the value's power of ten
    assert session.config.prior.covariance_prior == pytest.approx(5.5e-12)
