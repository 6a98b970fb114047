"""The categorical family as the app presents it: model choice, synthesis table, the inspector's arithmetic."""

import json
import subprocess
import sys

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.families import MODEL_CHOICES, presentation

MODEL = nc.CategoricalMixture(
    weights=[0.4, 0.6],
    probs=[[[0.7, 0.2, 0.1], [0.1, 0.3, 0.6]], [[0.9, 0.05, 0.05], [0.2, 0.2, 0.6]]],
)


def test_the_family_is_a_model_choice_with_its_prior():
    assert "categorical" in MODEL_CHOICES
    shown = presentation(MODEL)
    assert shown.prior_fields == ("beta",)
    np.testing.assert_array_equal(shown.probabilities(MODEL)[1], [0.1, 0.3, 0.6, 0.2, 0.2, 0.6])


def test_the_synthesis_table_round_trips_and_refuses_rows_not_summing_to_one():
    recipe = presentation("categorical").synthesis
    cols = recipe.columns(2)
    values = recipe.table_values(MODEL)
    assert values.shape == (2, len(cols)) == (2, 7)
    again = recipe.mixture(cols, values)
    for a, b in zip(again.probs, MODEL.probs, strict=True):
        np.testing.assert_allclose(a, b)
    issues = []
    bad_values = values.copy()
    bad_values[0, 1] = 0.9
    recipe.check(cols, bad_values, np.zeros(values.shape, bool), lambda cells, message: issues.append(message))
    assert issues == ["component 1: the level probabilities of x1 sum to 1.2; they must sum to 1 — use Normalise"]
    random = recipe.random_parameters(np.random.default_rng(0), np.array([0.5, 0.5]), 3)
    assert random.levels == (3, 3, 3)


def test_the_inspector_works_the_e_step_feature_by_feature_and_the_m_step_ratios():
    steps = presentation(MODEL).steps
    x = np.array([2.0, 0.0])
    factors = steps.feature_log_factors(MODEL, x)
    np.testing.assert_allclose(np.exp(factors.log_factors), [[0.1, 0.6], [0.9, 0.2]])
    np.testing.assert_allclose(factors.log_factors.sum(axis=0), MODEL.component_log_density([x])[0])
    X, _ = MODEL.sample(50, rng=1)
    resp = MODEL.responsibilities(X)
    prior = nc.Prior(beta=0.5)
    updated = nc.m_step(MODEL, X, resp, prior=prior)
    columns = ["a", "b"]
    for key, _label in steps.parameters(MODEL, columns, False):
        ratio = steps.ratio(key, X, resp, prior, columns)
        value = (ratio.weights @ ratio.values + ratio.numerator_pseudo) / ratio.denominator
        assert value == pytest.approx(steps.stored(updated, key), abs=1e-12)


def test_the_command_line_fits_a_file_of_level_codes(tmp_path):
    X, _ = MODEL.sample(80, rng=2)
    path = tmp_path / "survey.csv"
    np.savetxt(path, X, fmt="%d", delimiter=",", header="colour,answer", comments="")
    out = tmp_path / "parameters.json"
    command = [sys.executable, "-m", "nbviz", str(path), "--model", "categorical", "-k", "2", "--steps", "6"]
    result = subprocess.run(
        [*command, "--export-parameters", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": "."},
    )
    assert result.returncode == 0, result.stderr
    written = json.loads(out.read_text())
    assert written["run"]["family"] == "categorical" and written["features"] == ["colour", "answer"]
