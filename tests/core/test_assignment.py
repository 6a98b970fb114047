"""The enumerated least-cost assignment agrees with scipy's exact solver."""

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

from nbviz.core.assignment import least_cost_assignment
from nbviz.core.matching import FAR


@pytest.mark.parametrize("shape", [(1, 1), (2, 2), (3, 3), (5, 5), (7, 7), (2, 5), (5, 2), (3, 6), (8, 8)])
def test_agrees_with_scipy_on_random_costs(shape):
    rng = np.random.default_rng(sum(shape))
    for _ in range(20):
        cost = rng.exponential(size=shape)
        cost[rng.random(shape) < 0.1] = FAR
        rows, columns = least_cost_assignment(cost)
        expected_rows, expected_columns = linear_sum_assignment(cost)
        np.testing.assert_array_equal(rows, expected_rows)
        np.testing.assert_array_equal(columns, expected_columns)


@pytest.mark.parametrize("cost", [np.zeros((3, 3)), np.ones((4, 2)), np.array([[1.0, 2.0], [2.0, 3.0]])])
def test_ties_are_broken_as_scipy_breaks_them(cost):
    expected = linear_sum_assignment(cost)
    for got, want in zip(least_cost_assignment(cost), expected, strict=True):
        np.testing.assert_array_equal(got, want)


def test_a_matrix_with_nan_is_refused_as_scipy_refuses_it():
    with pytest.raises(ValueError, match="invalid numeric entries"):
        least_cost_assignment(np.array([[np.nan, 1.0], [1.0, 0.0]]))
