"""Distinct rows: counted exactly at any scale, cheaply, and every start method refuses more components."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.core import distinct
from nbviz.core import init as init_module

REPEATED = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 3.0]])[[0, 1, 2, 1, 0, 2, 2, 0, 1, 0, 1, 2]]


@pytest.mark.parametrize("method", nc.INIT_METHODS)
@pytest.mark.parametrize("scale", [1.0, 1e-150, 1e150])
def test_every_start_method_refuses_more_components_than_distinct_rows(method, scale):
    X = REPEATED * scale
    with pytest.raises(ValueError, match="the data has only 3 distinct rows, too few for 4 components; use fewer"):
        nc.init_model(X, "gaussian", 4, method=method, rng=0)


def test_the_random_start_refuses_identical_bernoulli_rows():
    X = np.array([[1, 0, 1]] * 6)
    with pytest.raises(ValueError, match="only 1 distinct rows, too few for 2 components"):
        nc.init_model(X, "bernoulli", 2, method="random", rng=0)


def test_multinomial_rows_are_compared_as_word_frequencies():
    X = np.array([[1, 2], [2, 4], [3, 6], [1, 1]])  # three rows with the same frequencies
    with pytest.raises(ValueError, match="only 2 distinct rows, too few for 3 components"):
        nc.init_model(X, "multinomial", 3, method="random", rng=0)
    assert nc.init_model(X, "multinomial", 2, method="random", rng=0).n_components == 2


@pytest.mark.parametrize("seed", range(5))
def test_distinct_rows_agree_with_numpy_unique(seed):
    rng = np.random.default_rng(seed)
    base = rng.integers(-2, 3, size=(40, 3)).astype(float)  # many repeats, small integers (few mantissa bits)
    points = base[rng.integers(0, 40, size=500)]
    points[rng.random(points.shape) < 0.1] *= -1.0  # -0.0 equals 0.0
    expected = np.sort(np.unique(points, axis=0, return_index=True)[1])
    assert distinct.distinct_row_indices(points).tolist() == expected.tolist()
    for at_most in (1, 5, expected.size, expected.size + 1, 1000):
        assert distinct.count_distinct_rows(points, at_most) == min(expected.size, at_most)


def test_a_hash_collision_falls_back_to_exact_comparison(monkeypatch):
    points = np.array([[0.0], [1.0], [2.0], [1.0]])
    monkeypatch.setattr(distinct, "row_hashes", lambda p: np.zeros(len(p), dtype=np.uint64))
    assert distinct.distinct_row_indices(points).tolist() == [0, 1, 2]
    assert distinct.count_distinct_rows(points, 5) == 3


def test_counting_stops_once_enough_distinct_rows_are_seen(monkeypatch):
    points = np.arange(100_000.0).reshape(-1, 1)
    hashed = []
    real = distinct.row_hashes
    monkeypatch.setattr(distinct, "row_hashes", lambda p: hashed.append(len(p)) or real(p))
    assert distinct.count_distinct_rows(points, 3) == 3
    assert hashed == [12]  # only the first 4 x 3 rows were read


def test_random_rows_draw_as_before():
    """The draws of "random_from_data" are those from numpy's sorted first indices (same seed, same start)."""
    rng_a, rng_b = np.random.default_rng(3), np.random.default_rng(3)
    first = np.sort(np.unique(REPEATED, axis=0, return_index=True)[1])
    assert init_module._distinct_rows(REPEATED, 2, rng_a).tolist() == rng_b.choice(first, 2, replace=False).tolist()
