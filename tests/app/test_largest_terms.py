"""The inspector's largest terms are those of a stable sort by decreasing magnitude."""

import numpy as np
import pytest

from nbviz.app.analysis.breakdown import largest_terms


@pytest.mark.parametrize("seed", range(30))
def test_largest_terms_match_a_stable_sort_including_ties_and_nan(seed):
    rng = np.random.default_rng(seed)
    n, count = int(rng.integers(1, 80)), int(rng.integers(1, 15))
    terms = rng.choice([0.0, 1.0, -1.0, 2.5, -2.5], size=n) if seed % 2 else rng.normal(size=n)
    if seed % 5 == 0:
        terms[rng.integers(n)] = np.nan
    expected = np.sort(np.argsort(-np.abs(terms), kind="stable")[:count])
    np.testing.assert_array_equal(largest_terms(terms, count), expected)


def test_ties_at_the_cutoff_go_to_the_earlier_rows():
    np.testing.assert_array_equal(largest_terms(np.array([1.0, -3.0, 1.0, 1.0, 2.0]), 3), [0, 1, 4])
