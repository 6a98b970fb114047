"""A few labels (semi-supervised EM), fixed covariances, and the k-means limit of EM."""

import numpy as np
import pytest
from sklearn.cluster import KMeans

import nbviz.core as nc

TRUTH = nc.GaussianMixture(
    weights=[0.3, 0.4, 0.3],
    means=[[0.0, 0.0], [4.0, 1.0], [1.5, 4.0]],
    covariances=[[[1.0, 0.4], [0.4, 1.0]], [[0.6, 0.0], [0.0, 1.2]], [[0.5, 0.0], [0.0, 0.5]]],
)


def test_labelled_rows_are_one_hot_at_every_e_step_of_a_gaussian_run():
    X, z = TRUTH.sample(200, rng=1)
    labels = np.full(len(X), -1)
    rows = np.arange(0, 200, 9)
    labels[rows] = (z[rows] + 1) % 3  # labels that disagree with the data must still be honoured
    run = nc.EM(X, nc.init_model(X, "gaussian", 3, rng=0), labels=labels)
    for _ in range(6):
        resp = run.e_step()
        np.testing.assert_array_equal(resp[rows], np.eye(3)[labels[rows]])
        assert not np.all(np.isin(resp[labels < 0], (0.0, 1.0)))  # the others stay soft
        run.m_step()


def test_every_row_labelled_is_gaussian_naive_bayes_after_one_m_step_and_then_nothing_moves():
    X, z = TRUTH.sample(150, rng=2)
    start = nc.init_model(X, "gaussian", 3, rng=5, covariance_type="diag")
    run = nc.EM(X, start, labels=z)
    run.step()
    nb = nc.fit_naive_bayes(X, z, family="gaussian", covariance_type="diag")
    np.testing.assert_allclose(run.model.weights, nb.weights, rtol=1e-13)
    np.testing.assert_allclose(run.model.means, nb.means, rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(run.model.covariances, nb.covariances, rtol=1e-12)
    after_one = run.model
    run.step()
    np.testing.assert_array_equal(run.model.means, after_one.means)
    np.testing.assert_array_equal(run.model.covariances, after_one.covariances)
    assert run.history[-1].objective == run.history[2].objective


def spherical_start(X, k, variance, seed=0):
    rng = np.random.default_rng(seed)
    means = X[rng.choice(len(X), size=k, replace=False)]
    return nc.GaussianMixture(
        weights=np.full(k, 1 / k), means=means, covariances=np.full(k, variance), covariance_type="spherical"
    )


def lloyd(X, centres, max_iter=500):
    """Plain Lloyd iterations: assign each point to its nearest centre, move centres to the means."""
    centres = np.array(centres, dtype=float)
    for _ in range(max_iter):
        nearest = ((X[:, None, :] - centres[None]) ** 2).sum(axis=2).argmin(axis=1)
        moved = np.array([X[nearest == k].mean(axis=0) for k in range(len(centres))])
        if np.array_equal(moved, centres):
            break
        centres = moved
    return centres, nearest


def test_fixed_covariances_stay_fixed_and_the_objective_still_climbs():
    X, _ = TRUTH.sample(300, rng=3)
    start = spherical_start(X, 3, 0.7)
    run = nc.EM(X, start, fixed_covariances=True)
    run.run(max_iter=40, tol=0.0)
    for snapshot in run.history:
        np.testing.assert_array_equal(snapshot.model.covariances, start.covariances)
    objective = np.array([s.objective for s in run.history])
    assert np.all(np.diff(objective) >= -1e-10 * np.abs(objective[:-1]))
    # the means are the responsibility-weighted means of the data (the unconstrained M-step's means)
    run.rewind(len(run.history) - 2)
    resp = run.resp
    np.testing.assert_allclose(run.m_step().means, (resp.T @ X) / resp.sum(axis=0)[:, None], rtol=1e-12)


def test_fixed_covariances_are_refused_for_a_bernoulli_mixture():
    X = (np.random.default_rng(0).random((20, 3)) < 0.5).astype(float)
    with pytest.raises(ValueError, match="Gaussian and Mixed mixtures only"):
        nc.EM(X, nc.init_model(X, "bernoulli", 2, rng=0), fixed_covariances=True)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_with_a_small_fixed_shared_variance_em_ends_where_k_means_does(seed):
    X, _ = TRUTH.sample(240, rng=10 + seed)
    start = spherical_start(X, 3, 1e-4, seed=seed)
    run = nc.EM(X, start, fixed_covariances=True)
    run.run(max_iter=300, tol=0.0)
    resp = run.resp
    assert np.all((resp < 1e-12) | (resp > 1 - 1e-12))  # responsibilities are 0 or 1
    centres, nearest = lloyd(X, start.means)
    np.testing.assert_allclose(run.model.means, centres, rtol=1e-9, atol=1e-9)
    np.testing.assert_array_equal(resp.argmax(axis=1), nearest)
    oracle = KMeans(n_clusters=3, init=start.means, n_init=1, tol=0.0, max_iter=300).fit(X)
    np.testing.assert_allclose(run.model.means, oracle.cluster_centers_, rtol=1e-9, atol=1e-9)


def test_with_a_large_fixed_variance_responsibilities_stay_soft_and_differ_from_k_means():
    X, _ = TRUTH.sample(240, rng=10)
    start = spherical_start(X, 3, 4.0)
    run = nc.EM(X, start, fixed_covariances=True)
    run.run(max_iter=300, tol=1e-10)
    assert np.mean(run.resp.max(axis=1) < 0.9) > 0.2
    centres, _ = lloyd(X, start.means)
    assert np.abs(run.model.means - centres).max() > 0.05


def test_core_lloyd_equals_scikit_learns_k_means_from_the_same_start():
    from nbviz.core.kmeans import lloyd as core_lloyd

    X, _ = TRUTH.sample(300, rng=21)
    start = spherical_start(X, 3, 1.0, seed=4).means
    centres, assignment, n_iter = core_lloyd(X, start)
    oracle = KMeans(n_clusters=3, init=start, n_init=1, tol=0.0, max_iter=300).fit(X)
    np.testing.assert_allclose(centres, oracle.cluster_centers_, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(assignment, oracle.labels_)
    assert 1 < n_iter < 300
    with pytest.raises(ValueError, match="one centre coordinate per feature"):
        core_lloyd(X, [[0.0, 0.0, 0.0]])
