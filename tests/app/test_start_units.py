"""A standardised model is applied as it was fitted: ``--start p.json`` and ``--classify`` take the
centre and scale stored in the parameters file, or refuse in one line when ``--standardize`` says
otherwise; never every row in one component."""

import csv
import json

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score

from nbviz.app.data.standardize import as_fitted, fit_standardization, stored_standardization
from nbviz.cli import main

RNG = np.random.default_rng(11)


@pytest.fixture
def measurements(tmp_path):
    """Two groups on very different scales, written with semicolons and decimal commas."""
    X = np.r_[RNG.normal([1.0, 200.0], [0.2, 30.0], (40, 2)), RNG.normal([2.5, 420.0], [0.2, 30.0], (40, 2))]
    path = tmp_path / "m.csv"
    rows = "".join(f"{a:.3f};{b:.1f}\n".replace(".", ",") for a, b in X)
    path.write_text("length;mass\n" + rows)
    return str(path), np.repeat([0, 1], 40)


def components(path) -> np.ndarray:
    with open(path) as file:
        return np.array([int(row["component"]) for row in csv.DictReader(file)])


def test_a_start_fitted_on_z_scores_is_applied_in_z_scores(measurements, tmp_path):
    path, classes = measurements
    fitted, out = tmp_path / "p.json", tmp_path / "r.csv"
    assert main([path, "--standardize", "z", "--fit", "-k", "2", "--export-parameters", str(fitted)]) == 0
    assert main([path, "--start", str(fitted), "--steps", "0", "--export-responsibilities", str(out)]) == 0
    assert adjusted_rand_score(classes, components(out)) == 1.0
    classified = tmp_path / "c.csv"
    args = [path, "--start", str(fitted), "--steps", "0", "--classify", path, "--export-responsibilities"]
    assert main([*args, str(classified)]) == 0
    np.testing.assert_array_equal(components(classified), components(out))
    again = tmp_path / "again.json"
    assert main([path, "--start", str(fitted), "--steps", "0", "--export-parameters", str(again)]) == 0
    stored = json.loads(fitted.read_text())["run"]
    assert json.loads(again.read_text())["run"]["standardization"] == stored["standardization"]
    assert json.loads(again.read_text())["run"]["log_likelihood"] == pytest.approx(stored["log_likelihood"])


@pytest.mark.parametrize(
    ("fit_flags", "start_flags", "expected"),
    [
        (["--standardize", "z"], ["--standardize", "robust"], "fitted to z-scores (mean 0, standard deviation 1), not"),
        ([], ["--standardize", "z"], "fitted to the file's own units, not standardised: leave out --standardize"),
    ],
)
def test_flags_that_contradict_the_start_are_refused_in_one_line(
    measurements, tmp_path, capsys, fit_flags, start_flags, expected
):
    path, _ = measurements
    fitted = tmp_path / "p.json"
    assert main([path, *fit_flags, "--fit", "-k", "2", "--export-parameters", str(fitted)]) == 0
    capsys.readouterr()
    out = tmp_path / "r.csv"
    args = [path, "--start", str(fitted), *start_flags, "--steps", "0", "--export-responsibilities", str(out)]
    assert main(args) == 2
    error = capsys.readouterr().err.strip()
    assert len(error.splitlines()) == 1 and expected in error and f"--start {fitted}" in error
    assert not out.exists()


def test_the_stored_centre_and_scale_are_used_exactly():
    X = RNG.normal(5, 2, (30, 2))
    units = fit_standardization(X, "robust")
    summary = {
        "standardization": {
            "method": "robust (median 0, interquartile range 1)",
            "centre": dict(zip(("a", "b"), units.centre.tolist())),
            "scale": dict(zip(("a", "b"), units.scale.tolist())),
        }
    }
    stored = stored_standardization(summary, ("a", "b"))
    assert stored is not None and stored.method == "robust"
    np.testing.assert_array_equal(stored.apply(X), (X - np.median(X, axis=0)) / units.scale)
    with pytest.raises(ValueError, match="not a, c; give a model fitted to these columns"):
        stored_standardization(summary, ("a", "c"))
    assert stored_standardization({"standardization": None}, ("a", "b")) is None
    assert as_fitted("data", None, None) == "data"
