"""States between two half-steps are convex combinations of the two, valid models of the same family."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.analysis.in_between import between_models, check_duration, ease, frame_between


def rotation(angle):
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c, -s], [s, c]])


def test_ease_starts_and_ends_flat_and_is_symmetric():
    assert ease(0.0) == 0.0 and ease(1.0) == 1.0 and ease(0.5) == 0.5
    assert ease(-1.0) == 0.0 and ease(2.0) == 1.0
    assert ease(0.25) + ease(0.75) == pytest.approx(1.0)
    assert ease(0.01) < 0.01 and ease(0.99) > 0.99  # slow at both ends


def test_gaussian_midpoint_is_the_average_of_each_parameter_and_stays_positive_definite():
    # a long thin ellipse turned by 90 degrees: the average of the covariances is still SPD
    thin = np.diag([9.0, 0.01])
    a = nc.GaussianMixture(weights=[0.2, 0.8], means=[[0.0, 0.0], [5.0, 1.0]], covariances=np.stack([thin, np.eye(2)]))
    turned = rotation(np.pi / 2) @ thin @ rotation(np.pi / 2).T
    b = nc.GaussianMixture(
        weights=[0.6, 0.4], means=[[2.0, -2.0], [3.0, 3.0]], covariances=np.stack([turned, 2 * np.eye(2)])
    )
    mid = between_models(a, b, 0.5)
    assert type(mid) is nc.GaussianMixture
    np.testing.assert_allclose(mid.weights, [0.4, 0.6])
    np.testing.assert_allclose(mid.means, [[1.0, -1.0], [4.0, 2.0]])
    np.testing.assert_allclose(mid.covariances[0], [[4.505, 0.0], [0.0, 4.505]], atol=1e-12)
    np.testing.assert_allclose(mid.covariances[1], 1.5 * np.eye(2))
    for t in np.linspace(0, 1, 11):
        assert np.linalg.eigvalsh(between_models(a, b, t).covariances).min() > 0
    np.testing.assert_array_equal(between_models(a, b, 0.0).means, a.means)
    np.testing.assert_array_equal(between_models(a, b, 1.0).covariances, b.covariances)


def test_discrete_families_stay_probabilities():
    a = nc.MultinomialMixture(weights=[0.5, 0.5], probs=[[0.7, 0.2, 0.1], [0.1, 0.1, 0.8]])
    b = nc.MultinomialMixture(weights=[0.9, 0.1], probs=[[0.0, 0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]])
    for t in (0.1, 0.3, 0.77):
        mid = between_models(a, b, t)
        np.testing.assert_allclose(mid.probs.sum(axis=1), 1.0)
        np.testing.assert_allclose(mid.probs, (1 - t) * np.asarray(a.probs) + t * np.asarray(b.probs))
    c = nc.BernoulliMixture(weights=[1.0], probs=[[0.0, 1.0]])
    d = nc.BernoulliMixture(weights=[1.0], probs=[[1.0, 0.0]])
    np.testing.assert_allclose(between_models(c, d, 0.25).probs, [[0.25, 0.75]])


def test_models_that_are_not_two_states_of_one_run_are_refused():
    gauss = nc.GaussianMixture(weights=[1.0], means=[[0.0]], covariances=[1.0], covariance_type="spherical")
    diag = nc.GaussianMixture(weights=[1.0], means=[[0.0]], covariances=[[1.0]], covariance_type="diag")
    bern = nc.BernoulliMixture(weights=[1.0], probs=[[0.5]])
    with pytest.raises(ValueError, match="BernoulliMixture"):
        between_models(gauss, bern, 0.5)
    with pytest.raises(ValueError, match="covariance"):
        between_models(gauss, diag, 0.5)
    wider = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.5], [0.5]])
    with pytest.raises(ValueError, match="shapes"):
        between_models(bern, wider, 0.5)


def test_a_frame_mixes_the_responsibilities_so_rows_still_sum_to_one():
    rng = np.random.default_rng(0)
    r0, r1 = rng.dirichlet([1, 1, 1], size=20), rng.dirichlet([1, 1, 1], size=20)
    model = nc.BernoulliMixture(weights=[0.2, 0.3, 0.5], probs=[[0.1], [0.5], [0.9]])
    s0 = nc.Snapshot("E", 1, model, -1.0, -1.0, -1.0)
    s1 = nc.Snapshot("M", 1, model, -0.5, -0.5, -0.5)
    frame = frame_between((s0, r0), (s1, r1), 0.3)
    assert frame.target is s1 and frame.weight == 0.3
    np.testing.assert_allclose(frame.resp, 0.7 * r0 + 0.3 * r1)
    np.testing.assert_allclose(frame.resp.sum(axis=1), 1.0)
    with pytest.raises(ValueError, match="responsibilities"):
        frame_between((s0, r0), (s1, r1[:, :2]), 0.3)


def test_durations_are_checked():
    assert check_duration(0) == 0 and check_duration(300) == 300
    for bad in (-1, 10**6, 2.5, True):
        with pytest.raises(ValueError, match="duration"):
            check_duration(bad)
