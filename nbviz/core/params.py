"""Checks of scalar arguments: one declarative check per argument, one message style.

Every public function of the core (and the app's configuration) checks its scalar arguments with
these helpers, so a wrong value always reads ``"<name> must be <what>; got <value>"``::

    n_components = check_integer(n_components, "n_components", low=1)
    tol = check_real(tol, "tol", low=0)
    method = check_choice(method, "method", INIT_METHODS)

Booleans are refused where numbers are expected (``True`` is an ``int`` to Python, never to a user).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np


def _integer_phrase(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"an integer from {low} to {high}"
    if low == 1:
        return "a positive integer"
    if low == 0:
        return "a non-negative integer"
    if low is not None:
        return f"an integer >= {low}"
    if high is not None:
        return f"an integer <= {high}"
    return "an integer"


def check_integer(value, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """`value` as a Python int, or ValueError naming `name` and the allowed range.

    Parameters
    ----------
    value : object
        An ``int`` or numpy integer (not a bool, not a float such as ``2.0``).
    name : str
        The argument's name, as the message shows it.
    low, high : int or None
        Inclusive bounds.

    Returns
    -------
    int
    """
    ok = isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
    if ok:
        value = int(value)
        ok = (low is None or value >= low) and (high is None or value <= high)
    if not ok:
        raise ValueError(f"{name} must be {_integer_phrase(low, high)}; got {value!r}")
    return value


def check_real(
    value, name: str, *, low: float | None = None, high: float | None = None, strict_low: bool = False
) -> float:
    """`value` as a finite Python float within the bounds, or ValueError naming `name`.

    Parameters
    ----------
    value : object
        An int, float or numpy number (not a bool).
    name : str
        The argument's name, as the message shows it.
    low, high : float or None
        Bounds; `high` is inclusive, `low` inclusive unless `strict_low`.
    strict_low : bool
        Require ``value > low`` instead of ``value >= low``.

    Returns
    -------
    float
    """
    bounds = []
    if low is not None:
        bounds.append(f"{'>' if strict_low else '>='} {low:g}")
    if high is not None:
        bounds.append(f"<= {high:g}")
    what = "a finite number" + (" " + " and ".join(bounds) if bounds else "")
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ValueError(f"{name} must be {what}; got {value!r}")
    number = float(value)
    too_low = low is not None and (number <= low if strict_low else number < low)
    too_high = high is not None and number > high
    if not math.isfinite(number) or too_low or too_high:
        raise ValueError(f"{name} must be {what}; got {value!r}")
    return number


def check_choice(value, name: str, choices: Iterable[str]) -> str:
    """`value` if it is one of `choices`, else ValueError listing them."""
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}; got {value!r}")
    return value
