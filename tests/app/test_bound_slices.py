"""What the bound view draws, computed without widgets, against independent references."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.analysis.bound_slices import (
    LINE,
    MAX_FEATURE_ITEMS,
    BoundQuestion,
    bound_picture,
    caption,
    slice_choices,
    theta_new,
)

RNG = np.random.default_rng(3)
X = np.vstack([RNG.normal([0, 0], 1.0, (60, 2)), RNG.normal([4, 2], 0.8, (60, 2))])


def start(covariance_type="full"):
    model = nc.GaussianMixture(
        weights=[0.5, 0.5],
        means=[[1.0, 0.5], [3.0, 1.0]],
        covariances=[[[1.0, 0.2], [0.2, 1.0]], [[1.5, 0.0], [0.0, 0.5]]],
    )
    if covariance_type == "diag":
        model = nc.GaussianMixture(
            weights=[0.5, 0.5], means=model.means, covariances=[[1.0, 1.0], [1.5, 0.5]], covariance_type="diag"
        )
    return model


def question(model, direction, prior=None, hard=False, half_width=0.0):
    prior = prior or nc.Prior()
    resp = nc.e_step(model, X, hard=hard)
    new = nc.m_step(model, X, resp, prior=prior)
    return BoundQuestion(X, model, new, direction, half_width, prior, None, hard)


def test_the_bound_touches_the_objective_at_theta_old():
    model = start()
    picture = bound_picture(question(model, ("mean", 0, 0)))
    centre = picture.centre
    assert picture.result.ts[centre] == 0.0 and picture.at_old == model.means[0, 0]
    assert picture.result.objective[centre] == pytest.approx(model.log_likelihood(X), rel=1e-12)
    assert picture.result.surrogate[centre] == pytest.approx(model.log_likelihood(X), rel=1e-10)
    assert np.all(picture.result.surrogate <= picture.result.objective + 1e-9 * np.abs(picture.result.objective))
    assert "touches it at θ_old" in caption(picture, hard=False)


@pytest.mark.parametrize("direction", [LINE, ("weight", 0), ("weight", 1)])
def test_the_surrogate_peaks_at_the_m_step(direction):
    model = start()
    q = question(model, direction)
    picture = bound_picture(q)
    target = 1.0 if direction == LINE else q.new.weights[direction[1]]  # N_k / N for a weight
    assert picture.target == pytest.approx(target)
    assert picture.best == pytest.approx(target, abs=1e-4)


@pytest.mark.parametrize("k, d", [(0, 0), (1, 1)])
def test_with_diagonal_covariances_a_mean_coordinate_peaks_at_the_weighted_mean(k, d):
    model = start("diag")
    resp = nc.e_step(model, X)
    weighted_mean = resp[:, k] @ X[:, d] / resp[:, k].sum()  # computed here, not by the M-step
    picture = bound_picture(question(model, ("mean", k, d)))
    assert picture.target == pytest.approx(weighted_mean, rel=1e-12)
    assert picture.best == pytest.approx(weighted_mean, abs=1e-4)


def test_hard_em_leaves_a_gap_and_says_so():
    picture = bound_picture(question(start(), ("mean", 0, 1), hard=True))
    assert picture.gap > 0
    assert caption(picture, hard=True).startswith("Hard EM: q is one-hot")


def test_no_m_step_means_no_line_and_the_message_says_why():
    q = question(start(), LINE)
    picture = bound_picture(BoundQuestion(q.X, q.old, None, LINE, 0.0, q.prior, None, False))
    assert picture.result is None and "M-step cannot be taken" in picture.message
    assert caption(picture, hard=False) == picture.message


def test_theta_new_is_the_m_step_or_the_snapshot_after_one():
    model = start()
    run = nc.EM(X, model)
    run.e_step()
    e_snapshot = run.history[-1]
    new = theta_new(e_snapshot, model, X, run.resp, nc.Prior(), False)
    np.testing.assert_allclose(new.means, nc.m_step(model, X, run.resp).means)
    run.m_step()
    assert theta_new(run.history[-1], model, X, run.resp, nc.Prior(), False) is run.history[-1].model


def test_slice_choices_per_family():
    columns = ("a", "b")
    gaussian = [d for _, d in slice_choices(start(), columns)]
    assert gaussian == [
        LINE,
        ("mean", 0, 0),
        ("mean", 0, 1),
        ("mean", 1, 0),
        ("mean", 1, 1),
        ("weight", 0),
        ("weight", 1),
    ]
    bernoulli = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.2, 0.8], [0.6, 0.4]])
    titles = [t for t, _ in slice_choices(bernoulli, columns)]
    assert titles[-1] == "P(b = 1 | component 2)" and len(titles) == 1 + 2 + 4
    wide = nc.BernoulliMixture(weights=[0.5, 0.5], probs=np.full((2, 100), 0.5))
    assert len(slice_choices(wide, [f"x{i}" for i in range(100)])) == 1 + 2 + 2 * (MAX_FEATURE_ITEMS // 2)
