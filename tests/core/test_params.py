"""The scalar-argument checks: accepted values come back converted, refused ones say name, rule and value."""

import math

import numpy as np
import pytest

from nbviz.core.params import check_choice, check_integer, check_real


@pytest.mark.parametrize("value", [3, np.int64(3), np.uint8(3)])
def test_integers_come_back_as_python_ints(value):
    out = check_integer(value, "k", low=1)
    assert out == 3 and type(out) is int


@pytest.mark.parametrize(
    ("value", "low", "high", "message"),
    [
        (0, 1, None, "k must be a positive integer; got 0"),
        (-1, 0, None, "k must be a non-negative integer; got -1"),
        (True, 1, None, "k must be a positive integer; got True"),
        (np.True_, 0, None, f"k must be a non-negative integer; got {np.True_!r}"),  # numpy 1 and 2 differ
        (2.0, 1, None, "k must be a positive integer; got 2.0"),
        ("3", 1, None, "k must be a positive integer; got '3'"),
        (11, 1, 10, "k must be an integer from 1 to 10; got 11"),
        (1, 2, None, "k must be an integer >= 2; got 1"),
    ],
)
def test_refused_integers_name_the_rule_and_the_value(value, low, high, message):
    with pytest.raises(ValueError) as error:
        check_integer(value, "k", low=low, high=high)
    assert str(error.value) == message


def test_reals_come_back_as_floats_within_their_bounds():
    assert check_real(0, "tol", low=0) == 0.0
    assert type(check_real(np.float32(0.5), "tol", low=0)) is float
    assert check_real(1e-300, "variance", low=0, strict_low=True) == 1e-300


@pytest.mark.parametrize(
    ("value", "kwargs", "message"),
    [
        (-1e-9, dict(low=0), "tol must be a finite number >= 0; got -1e-09"),
        (0.0, dict(low=0, strict_low=True), "tol must be a finite number > 0; got 0.0"),
        (math.nan, dict(low=0), "tol must be a finite number >= 0; got nan"),
        (math.inf, {}, "tol must be a finite number; got inf"),
        (False, dict(low=0), "tol must be a finite number >= 0; got False"),
        ("0.1", dict(low=0), "tol must be a finite number >= 0; got '0.1'"),
        (1.5, dict(low=0, high=1), "tol must be a finite number >= 0 and <= 1; got 1.5"),
    ],
)
def test_refused_reals_name_the_rule_and_the_value(value, kwargs, message):
    with pytest.raises(ValueError) as error:
        check_real(value, "tol", **kwargs)
    assert str(error.value) == message


def test_choices():
    assert check_choice("full", "covariance_type", ("full", "diag")) == "full"
    with pytest.raises(ValueError, match=r"^covariance_type must be one of full, diag; got 'ful'$"):
        check_choice("ful", "covariance_type", ("full", "diag"))
    with pytest.raises(ValueError, match=r"got None$"):
        check_choice(None, "covariance_type", ("full", "diag"))
