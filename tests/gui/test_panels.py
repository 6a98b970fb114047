"""Parameters panel and point inspector."""

import math

import numpy as np
import pytest
from scipy.stats import multivariate_normal

import nbviz.core as nc
from nbviz.app.analysis.parameter_rows import parameter_rows
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.panels.inspector import HINT, PointInspector, fmt_resp, from_log
from nbviz.gui.panels.parameters import ParametersPanel
from nbviz.gui.panels.text_panel import REFRESH_MS

TRUTH = nc.GaussianMixture(
    weights=[0.3, 0.7], means=[[0.0, 0.0], [5.0, 1.0]], covariances=np.stack([np.eye(2), np.diag([2.0, 0.5])])
)


@pytest.fixture
def session(qtbot):
    session = Session()
    session.load(Problem.synthesised(TRUTH, 300, seed=1), ModelConfig(n_components=2, seed=3))
    return session


def test_rows_mark_what_the_m_step_changed_and_pair_values_with_the_truth():
    before = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[0.0, 0.0], [4.0, 1.0]], covariances=np.stack([np.eye(2)] * 2)
    )
    after = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[0.0, 0.0], [4.5, 1.0]], covariances=np.stack([np.eye(2)] * 2)
    )
    rows = parameter_rows(after, before, TRUTH, np.array([1, 0]), ["a", "b"])
    changed = {(r.component, r.name) for r in rows if r.changed}
    assert changed == {(1, "mean μ")}
    mean1 = next(r for r in rows if r.component == 1 and r.name == "mean μ")
    assert mean1.value == "a 4.5, b 1" and mean1.truth == "a 0, b 0"  # fitted 1 is matched to true 0
    weight0 = next(r for r in rows if r.component == 0 and r.name == "weight π")
    assert weight0.truth == "0.7" and weight0.error == pytest.approx(0.2, rel=1e-12)
    assert mean1.error == pytest.approx(np.hypot(4.5, 1.0), rel=1e-12)  # (4.5, 1) against (0, 0)
    cov0 = next(r for r in rows if r.component == 0 and r.name == "covariance Σ")
    assert cov0.error == pytest.approx(np.sqrt(1.0 + 0.25), rel=1e-12)  # I - diag(2, 0.5)


def test_panel_follows_the_cursor(session, qtbot):
    panel = ParametersPanel(session)
    qtbot.addWidget(panel)
    assert panel.text().startswith("Initial parameters")
    session.step()
    model = session.snapshot.model
    text = panel.text()
    assert "After the M-step of iteration 1" in text
    assert f"{model.weights[0]:.5g}" in text and f"{model.means[1, 0]:.5g}" in text
    assert "fitted" in text and "true" in text
    assert any(r.changed for r in panel.rows)
    session.set_cursor(1)
    assert "parameters unchanged" in panel.text()
    assert not any(r.changed for r in panel.rows)
    assert "nan" not in panel.text().lower()


def test_tied_covariance_is_listed_once(session, qtbot):
    panel = ParametersPanel(session)
    qtbot.addWidget(panel)
    session.configure(session.config.with_(covariance_type="tied"))
    session.step()
    assert panel.text().count("Shared covariance") == 1


def test_from_log_writes_values_beyond_the_double_range():
    assert from_log(math.log(0.25)) == "0.25"
    assert from_log(-1000 * math.log(10)) == "1.0000 × 10^-1000"
    assert from_log(-1000.5 * math.log(10)) == "3.1623 × 10^-1001"
    assert from_log(-math.inf) == "0"


def test_fmt_resp_keeps_tiny_responsibilities_visible():
    assert fmt_resp(0.25) == "0.2500" and fmt_resp(1.0) == "1.0000" and fmt_resp(0.0) == "0.0000"
    assert fmt_resp(2.6e-13) == "2.60e-13"


def test_inspector_hint_then_the_e_step_of_the_selected_point(session, qtbot):
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    assert inspector.text() == HINT
    session.e_step()
    session.select(4)
    b = inspector.breakdown
    model = session.snapshot.model
    x = session.problem.X[4]
    densities = [
        nc.GaussianMixture(
            weights=[1.0], means=model.means[k : k + 1], covariances=model.covariances[k : k + 1]
        ).log_likelihood(x[None])
        for k in range(2)
    ]
    np.testing.assert_allclose(b.log_densities, densities, rtol=1e-12)
    text = inspector.text()
    assert "Point 5" in text
    for k in range(2):
        assert fmt_resp(b.resp[k]) in text and f"{model.weights[k]:.4f}" in text
        assert from_log(b.log_products[k]) in text
    assert from_log(b.log_normaliser) in text
    session.select(-1)
    assert inspector.text() == HINT


def test_inspector_at_an_m_step_shows_the_responsibilities_it_used(session, qtbot):
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    session.step()
    session.select(0)
    np.testing.assert_allclose(inspector.breakdown.resp, session.resp[0])
    np.testing.assert_allclose(
        np.exp(inspector.breakdown.log_products - inspector.breakdown.log_normaliser), session.resp[0], rtol=1e-12
    )
    assert "which the M-step shown used" in inspector.text()


def test_inspector_of_a_labelled_point_says_it_is_clamped(qtbot):
    session = Session()
    problem, config, start = load_preset("naive-bayes")
    session.load(problem, config, start)
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    session.e_step()
    session.select(0)
    label = int(problem.labels[0])
    assert inspector.breakdown.resp[label] == 1.0
    assert "labelled" in inspector.text() and "one-hot" in inspector.text()


def test_inspector_of_a_component_whose_weight_became_zero(session, qtbot):
    """A mean dragged far off the data loses every point: its weight becomes exactly 0, and the
    inspector still shows p(x | k) (finite) and says why pi_k p(x | k) is 0."""
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    start = session.start_model
    far = start.replaced(means=np.array([start.means[0], [1e4, 1e4]]))
    assert session.set_start(far).ok
    # E: component 2 gets r = 0 everywhere; M: its weight becomes 0; E: with that weight
    assert session.e_step().ok and session.m_step().ok and session.e_step().ok
    session.select(0)
    b = inspector.breakdown
    model = session.run_history.responsibilities_model()
    assert model.weights[1] == 0.0
    by_scipy = multivariate_normal(model.means[1], model.full_covariances[1]).logpdf(session.problem.X[0])
    assert b.log_densities[1] == pytest.approx(by_scipy, rel=1e-9)
    assert b.log_products[1] == -math.inf and b.resp[1] == 0.0
    assert np.isfinite(b.log_densities).all() and np.isfinite(b.log_normaliser)
    text = inspector.text()
    assert "nan" not in text.lower()
    assert "weight 0" in text


def test_inspector_m_step_of_a_component_without_responsibility(session, qtbot):
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    start = session.start_model
    assert session.set_start(start.replaced(means=np.array([start.means[0], [1e4, 1e4]]))).ok
    assert session.e_step().ok and session.m_step().ok
    session.select(0)
    for index in range(inspector.parameter_choice.count()):
        inspector.parameter_choice.setCurrentIndex(index)
        text = inspector.text()
        assert "nan" not in text.lower() and "undefined" not in text
        if inspector.worked.key.k == 1 and inspector.worked.key.kind != "weight":
            assert "Component 2 received no responsibility (N_k = 0)" in text
            assert f"kept its previous value {inspector.worked.stored:.6g}" in text


def test_inspector_of_a_point_impossible_under_one_component(qtbot):
    truth = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.9, 0.9, 0.1], [0.1, 0.1, 0.9]])
    session = Session()
    session.load(Problem.synthesised(truth, 60, seed=2), ModelConfig(n_components=2, seed=1))
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    # component 1 says feature 1 is never 1: every point with x_1 = 1 is impossible under it
    assert session.set_start(nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.0, 0.5, 0.5], [0.5, 0.5, 0.5]])).ok
    assert session.e_step().ok
    row = int(np.flatnonzero(session.problem.X[:, 0] == 1)[0])
    session.select(row)
    b = inspector.breakdown
    assert b.log_densities[0] == -math.inf and b.log_densities[1] == pytest.approx(3 * math.log(0.5))
    assert b.resp.tolist() == [0.0, 1.0] and b.log_normaliser == pytest.approx(math.log(0.5 * 0.125))
    text = inspector.text()
    assert "nan" not in text.lower() and "x is impossible under the component" in text


def heading(panel: ParametersPanel) -> str:
    """The panel's first line as it is on screen (read from the browser, not brought up to date)."""
    return panel.browser.toPlainText().splitlines()[0]


def test_a_panel_on_screen_shows_a_burst_of_half_steps_at_a_readable_rate_and_ends_on_the_last(session, qtbot):
    panel = ParametersPanel(session)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.wait(2 * REFRESH_MS)  # a pause: the next half-step shows at once
    session.next_half_step()
    assert heading(panel).startswith("After the E-step of iteration 1") and not panel.waiting
    for _ in range(3):  # a burst (Play at speed): the panel holds its refresh back
        session.next_half_step()
    assert panel.waiting and heading(panel).startswith("After the E-step of iteration 1")
    qtbot.waitUntil(lambda: not panel.waiting, timeout=10 * REFRESH_MS)
    assert heading(panel).startswith("After the M-step of iteration 2")  # the last of the burst
    # reading the panel brings it up to date at once
    session.next_half_step()
    session.next_half_step()
    assert panel.text().splitlines()[0].startswith("After the M-step of iteration 3") and not panel.waiting
    assert panel.rows  # (rows, too, are those of the half-step at the cursor)


def test_a_panel_that_is_not_on_screen_follows_every_half_step(session, qtbot):
    panel = ParametersPanel(session)
    qtbot.addWidget(panel)  # never shown: an export or a test reads it
    for iteration in (1, 2, 3):
        session.next_half_step()
        session.next_half_step()
        assert heading(panel).startswith(f"After the M-step of iteration {iteration}") and not panel.waiting
