"""The "kmeans" start: Lloyd's iterations from k-means++ seeds, then one M-step (scikit-learn's default)."""

import numpy as np
import pytest
from sklearn.cluster import KMeans

import nbviz.core as nc
from nbviz.core.init import _kmeanspp
from nbviz.core.kmeans import cluster_sums


def _blobs(seed=0):
    rng = np.random.default_rng(seed)
    centres = np.array([[0.0, 0.0], [4.0, 0.5], [1.0, 5.0]])
    return np.vstack([rng.normal(c, 0.9, size=(60, 2)) for c in centres])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kmeans_start_means_are_sklearn_kmeans_centres_from_the_same_seeds(seed):
    X = _blobs()
    start = nc.init_model(X, "gaussian", 3, method="kmeans", rng=seed)
    seeds = _kmeanspp(X, 3, np.random.default_rng(seed))  # the same draws init_model makes
    oracle = KMeans(3, init=X[seeds], n_init=1, tol=0.0).fit(X)
    np.testing.assert_allclose(start.means, oracle.cluster_centers_, rtol=1e-10, atol=1e-12)
    counts = np.bincount(oracle.labels_, minlength=3)
    np.testing.assert_allclose(start.weights, counts / counts.sum())
    # the covariances are each cluster's own scatter (one M-step on the hard assignment)
    for k in range(3):
        members = X[oracle.labels_ == k]
        np.testing.assert_allclose(start.covariances[k], np.cov(members.T, bias=True), rtol=1e-9)


def test_kmeans_start_serves_the_other_families():
    X = np.array([[1, 1, 0], [1, 1, 1], [0, 0, 1], [0, 0, 0], [1, 1, 0], [0, 0, 1]])
    start = nc.init_model(X, "bernoulli", 2, method="kmeans", rng=0)
    assert start.n_components == 2 and np.all((start.probs >= 0) & (start.probs <= 1))


def test_kmeans_start_too_many_components_for_the_distinct_rows_says_so():
    with pytest.raises(ValueError, match="only 2 distinct rows"):
        nc.init_model([[0.0], [0.0], [1.0], [1.0]], "gaussian", 3, method="kmeans", rng=0)


@pytest.mark.parametrize(("n", "d", "k"), [(5000, 3, 4), (300, 40, 7), (6, 1, 3)])
def test_lloyds_cluster_sums_add_each_row_in_order_as_a_loop_does(n, d, k):
    rng = np.random.default_rng(n)
    X = rng.normal(size=(n, d)) * rng.uniform(0.01, 1000.0, size=d)
    assignment = rng.integers(k, size=n)
    by_loop = np.zeros((k, d))
    for row, cluster in zip(X, assignment, strict=True):
        by_loop[cluster] += row
    np.testing.assert_array_equal(cluster_sums(X, assignment, k), by_loop)  # the same bits
