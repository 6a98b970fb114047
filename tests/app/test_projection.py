"""Projections: PCA of wide tables against an SVD, marginals from covariances as stored, pairs by index."""

import numpy as np
import pytest

from nbviz.app.analysis import projection as proj
from nbviz.app.analysis.projection import feature_pair, n_pairs, pair_at, pca


def leading_plane(X):
    """The two leading right singular vectors of the centred data, by numpy's SVD."""
    return np.linalg.svd(X - X.mean(axis=0), full_matrices=False)[2][:2].T


@pytest.mark.parametrize("n, D", [(300, 4), (40, 900), (60, 1600)])
def test_pca_spans_the_leading_singular_plane_for_tall_and_wide_tables(n, D, monkeypatch):
    if D > 1000:  # both sides beyond the exact limit: the randomised subspace iteration
        monkeypatch.setattr(proj, "EXACT_PCA_LIMIT", 50)
    rng = np.random.default_rng(1)
    X = rng.normal(size=(n, D)) * np.r_[40.0, 20.0, np.ones(D - 2)] + 3.0
    plane = pca(X)
    np.testing.assert_allclose(plane.matrix.T @ plane.matrix, np.eye(2), atol=1e-10)
    reference = leading_plane(X)
    np.testing.assert_allclose(np.abs(plane.matrix.T @ reference), np.eye(2), atol=1e-6)
    biggest = np.argmax(np.abs(plane.matrix), axis=0)
    assert (plane.matrix[biggest, [0, 1]] > 0).all()
    np.testing.assert_allclose(plane.points(X), (X - X.mean(axis=0)) @ plane.matrix, atol=1e-9)


@pytest.mark.parametrize("kind", ["full", "tied", "diag", "spherical"])
def test_model_gaussians_match_the_full_covariance_marginals(kind, random_gaussians):
    rng = np.random.default_rng(2)
    D = 6
    model = random_gaussians(kind, rng, D)
    X = rng.normal(size=(50, D))
    for view in (pca(X), feature_pair([f"x{d}" for d in range(D)], 4, 1)):
        means, covs = view.model_gaussians(model)
        P = view.matrix
        np.testing.assert_allclose(means, (model.means - view.offset) @ P, atol=1e-12)
        expected = np.array([P.T @ c @ P for c in model.full_covariances])
        np.testing.assert_allclose(covs, expected, atol=1e-12)


def test_pairs_are_numbered_row_by_row():
    D = 7
    listed = [(i, j) for i in range(D) for j in range(i + 1, D)]
    assert n_pairs(D) == len(listed) == 21
    assert [pair_at(index, D) for index in range(n_pairs(D))] == listed
