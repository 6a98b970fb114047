"""Stopping rules: the exact absolute rule of a lecture, scikit-learn's per-row rule, a relative rule."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_iris

import nbviz.core as nc
from nbviz.core.em import gained_less_than


@pytest.fixture(scope="module")
def iris() -> np.ndarray:
    return load_iris().data


def started(X, seed: int = 1) -> nc.EM:
    start = nc.init_model(X, "gaussian", 3, method="kmeans++", rng=seed, prior=nc.Prior(covariance_prior=1e-3))
    return nc.EM(X, start, prior=nc.Prior(covariance_prior=1e-3), warn_empty=False)


def first_stop(objectives: list[float], below) -> int:
    """The first iteration (1-based) whose gain over the previous one passes `below`, by hand."""
    for i in range(1, len(objectives)):
        if below(objectives[i] - objectives[i - 1], objectives[i]):
            return i
    raise AssertionError("the trace never converged")


@pytest.mark.parametrize(
    ("rule", "tol", "below"),
    [
        ("absolute", 1e-6, lambda gain, level: gain < 1e-6),
        ("per_row", 1e-3, lambda gain, level: gain / 150 < 1e-3),
        ("per_row", 1e-5, lambda gain, level: gain / 150 < 1e-5),
        ("relative", 1e-6, lambda gain, level: gain < 1e-6 * abs(level)),
    ],
)
def test_a_run_stops_at_the_first_iteration_whose_gain_passes_the_rule(iris, rule, tol, below):
    reference = started(iris)
    reference.run(max_iter=300, tol=0.0)  # the whole trace, to the cap or to a loss
    objectives = [s.objective for s in reference.history if s.phase != "E"]  # after each iteration
    expected = first_stop(objectives, below)
    run = started(iris)
    assert run.run(max_iter=300, tol=tol, convergence=rule) == expected
    assert run.converged
    assert [s.objective for s in run.history] == [s.objective for s in reference.history[: len(run.history)]]


def test_the_per_row_rule_stops_earlier_than_the_absolute_rule_at_the_same_number(iris):
    absolute, per_row = started(iris), started(iris)
    assert per_row.run(300, 1e-6, convergence="per_row") < absolute.run(300, 1e-6)


def test_the_default_rule_is_the_absolute_one_and_a_bad_rule_is_named(iris):
    a, b = started(iris), started(iris)
    assert a.run(300, 1e-6) == b.run(300, 1e-6, convergence="absolute")
    with pytest.raises(ValueError, match="convergence must be one of"):
        started(iris).run(10, 1e-6, convergence="per-sample")
    before, after = a.history[-3], a.history[-1]
    gain = after.objective - before.objective
    assert gained_less_than(before, after, gain * 1.01)
    assert not gained_less_than(before, after, gain * 150 / 151, convergence="per_row", n_samples=150 / 150)
    assert gained_less_than(before, after, gain * 1.01 / 150, convergence="per_row", n_samples=150)


def test_a_run_that_hits_the_cap_is_not_converged(iris):
    run = started(iris)
    assert run.run(max_iter=2, tol=0.0, convergence="per_row") == 2
    assert not run.converged


def test_selection_restarts_and_choose_k_take_the_rule(iris):
    kwargs = {"n_init": 2, "rng": 0, "max_iter": 500, "prior": nc.Prior(covariance_prior=1e-3)}
    exact = nc.select_components(iris, "gaussian", [2, 3], tol=1e-6, **kwargs)
    fast = nc.select_components(iris, "gaussian", [2, 3], tol=1e-3, convergence="per_row", **kwargs)

    def iterations(selection) -> int:
        return sum(run.history[-1].iteration for run in selection.runs.values())

    assert iterations(fast) < iterations(exact)
    assert fast.converged.all() and exact.converged.all()
    for run in fast.runs.values():  # each fit stopped where the per-row rule first held
        after = [s.objective for s in run.history if s.phase != "E"]  # after each iteration
        assert (after[-1] - after[-2]) / 150 < 1e-3
        assert len(after) == 2 or (after[-2] - after[-3]) / 150 >= 1e-3
    capped = nc.select_components(iris, "gaussian", [3], n_init=2, rng=0, max_iter=1, tol=0.0)
    assert not capped.converged.any()
