"""What the Gaussian mixture answers about its covariances, whatever their type: one component's
matrix, projections, the mixture in other units, and the one declaration of the types."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.core.families.gaussian import check_covariance_type, covariance_types_by_generality

RNG = np.random.default_rng(5)
K, D = 3, 4
A = RNG.normal(size=(K, D, D))
FULL = A @ A.transpose(0, 2, 1) + np.eye(D)
STORED = {"full": FULL, "tied": FULL[0], "diag": RNG.uniform(0.5, 2.0, (K, D)), "spherical": np.array([0.5, 1.0, 2.0])}


def model(kind):
    means = RNG.normal(size=(K, D))
    return nc.GaussianMixture(weights=np.full(K, 1 / K), means=means, covariances=STORED[kind], covariance_type=kind)


def test_the_types_are_declared_once_and_checked_with_the_callers_words():
    assert nc.COVARIANCE_TYPES == ("full", "diag", "spherical", "tied")
    assert covariance_types_by_generality() == ("full", "tied", "diag", "spherical")
    assert check_covariance_type("tied") == "tied"
    with pytest.raises(ValueError, match="the covariance type.*full, diag, spherical, tied"):
        check_covariance_type("ful", "the covariance type")


@pytest.mark.parametrize("kind", nc.COVARIANCE_TYPES)
def test_each_component_matrix_is_its_full_covariance(kind):
    gaussian = model(kind)
    for k in range(K):
        np.testing.assert_array_equal(gaussian.component_covariance(k), gaussian.full_covariances[k])


@pytest.mark.parametrize("kind", nc.COVARIANCE_TYPES)
def test_a_projected_mixture_has_the_projected_means_and_covariances(kind):
    gaussian = model(kind)
    P, offset = RNG.normal(size=(D, 2)), RNG.normal(size=D)
    projected = gaussian.projected(P, offset)
    assert projected.covariance_type == "full" and projected.n_features == 2
    np.testing.assert_allclose(projected.means, (gaussian.means - offset) @ P, rtol=1e-12)
    expected = np.einsum("di,kde,ej->kij", P, gaussian.full_covariances, P)
    np.testing.assert_allclose(projected.covariances, expected, rtol=1e-12, atol=1e-12)
