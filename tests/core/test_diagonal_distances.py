"""Matching components of diagonal and spherical Gaussians uses their variances, never a (D, D) matrix."""

import numpy as np
import pytest

import nbviz.core as nc


def model(kind, seed, D=5):
    rng = np.random.default_rng(seed)
    covariances = rng.uniform(0.3, 3.0, size=(3, D)) if kind == "diag" else rng.uniform(0.3, 3.0, size=3)
    return nc.GaussianMixture(
        weights=[0.2, 0.3, 0.5], means=rng.normal(size=(3, D)), covariances=covariances, covariance_type=kind
    )


def bhattacharyya(a: nc.GaussianMixture, b: nc.GaussianMixture) -> np.ndarray:
    """The Bhattacharyya distances between the components of `a` and `b`, from full matrices."""
    out = np.empty((a.n_components, b.n_components))
    for i, (mi, si) in enumerate(zip(a.means, a.full_covariances)):
        for j, (mj, sj) in enumerate(zip(b.means, b.full_covariances)):
            s = 0.5 * (si + sj)
            d = mi - mj
            out[i, j] = d @ np.linalg.solve(s, d) / 8 + 0.5 * np.log(
                np.linalg.det(s) / np.sqrt(np.linalg.det(si) * np.linalg.det(sj))
            )
    return out


@pytest.mark.parametrize(
    "kinds", [("diag", "diag"), ("spherical", "diag"), ("spherical", "spherical"), ("full", "diag")]
)
def test_distances_equal_the_full_matrix_formula(kinds):
    a, b = model(kinds[0], 1) if kinds[0] != "full" else model("diag", 1), model(kinds[1], 2)
    if kinds[0] == "full":
        a = nc.GaussianMixture(weights=a.weights, means=a.means, covariances=a.full_covariances)
    np.testing.assert_allclose(a._component_distances(b), bhattacharyya(a, b), rtol=1e-10, atol=1e-12)


def test_wide_diagonal_components_are_matched(monkeypatch):
    truth = model("diag", 3, D=4000)
    shuffled = truth.permuted([2, 0, 1])
    monkeypatch.setattr(nc.GaussianMixture, "full_covariances", property(lambda self: pytest.fail("(K, D, D) built")))
    np.testing.assert_array_equal(shuffled.permuted(nc.match_components(shuffled, truth)).means, truth.means)


def test_full_covariances_with_correlations_equal_the_formula():
    rng = np.random.default_rng(4)

    def full(K, seed):
        rng = np.random.default_rng(seed)
        roots = rng.normal(size=(K, 3, 3))
        covariances = roots @ roots.transpose(0, 2, 1) + 0.5 * np.eye(3)  # correlated, positive definite
        return nc.GaussianMixture(weights=np.full(K, 1 / K), means=rng.normal(size=(K, 3)), covariances=covariances)

    a, b = full(4, int(rng.integers(100))), full(3, int(rng.integers(100)))
    np.testing.assert_allclose(a._component_distances(b), bhattacharyya(a, b), rtol=1e-10, atol=1e-12)
