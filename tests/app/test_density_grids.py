"""Densities on the views' points and grids against scipy.stats."""

import numpy as np
from scipy.stats import multivariate_normal, norm

import nbviz.core as nc
from nbviz.app.analysis.density_grids import density_grid, gaussian_2d, weighted_component_densities


def test_weighted_component_densities_on_a_line():
    model = nc.GaussianMixture(weights=[0.3, 0.7], means=[[-1.0], [2.0]], covariances=[[[0.5]], [[2.0]]])
    x = np.linspace(-4, 6, 50)
    expected = np.array([0.3 * norm(-1, np.sqrt(0.5)).pdf(x), 0.7 * norm(2, np.sqrt(2.0)).pdf(x)])
    np.testing.assert_allclose(weighted_component_densities(model, x), expected, rtol=1e-12)


def test_density_grid_is_the_mixture_density_at_cell_centres():
    weights = np.array([0.4, 0.6])
    means = np.array([[0.0, 0.0], [2.0, 1.0]])
    covariances = np.array([[[1.0, 0.4], [0.4, 0.8]], [[0.5, 0.0], [0.0, 2.0]]])
    xs, ys, values = density_grid(weights, means, covariances, (-3, 5), (-2, 4), 30)
    assert xs.shape == ys.shape == (30,) and values.shape == (30, 30)
    np.testing.assert_allclose([xs[0], xs[-1]], [-3 + 8 / 60, 5 - 8 / 60])
    gx, gy = np.meshgrid(xs, ys)  # [y, x]
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    expected = sum(w * multivariate_normal(m, c).pdf(grid) for w, m, c in zip(weights, means, covariances))
    np.testing.assert_allclose(values.ravel(), expected, rtol=1e-10)


def test_a_component_that_is_not_positive_definite_contributes_nothing():
    weights = np.array([0.5, 0.5])
    means = np.array([[0.0, 0.0], [1.0, 1.0]])
    covariances = np.array([np.eye(2), [[1.0, 1.0], [1.0, 1.0]]])
    mixture, mass = gaussian_2d(weights, means, covariances)
    assert mixture.n_components == 1 and mass == 0.5
    xs, ys, values = density_grid(weights, means, covariances, (-1, 1), (-1, 1), 5)
    gx, gy = np.meshgrid(xs, ys)
    expected = 0.5 * multivariate_normal(means[0], np.eye(2)).pdf(np.column_stack([gx.ravel(), gy.ravel()]))
    np.testing.assert_allclose(values.ravel(), expected, rtol=1e-12)
    assert not density_grid(weights, means, covariances * 0, (-1, 1), (-1, 1), 4)[2].any()


def test_components_of_data_around_1e150_are_kept_without_overflow():
    # a c - b^2 overflows here; the test must not (pytest turns the RuntimeWarning into an error)
    weights, means = np.array([0.5, 0.5]), np.zeros((2, 2))
    covariances = np.array([[[1e300, 2e299], [2e299, 1e300]], [[1e300, 2e300], [2e300, 1e300]]])
    mixture, mass = gaussian_2d(weights, means, covariances)
    assert mixture is not None and mass == 0.5  # the first is positive definite, the second not (det < 0)
    assert mixture.covariances.tobytes() == covariances[:1].tobytes()
