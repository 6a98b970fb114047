"""A table of measurements beside text answers, as R and Excel write it, fitted as one from the command line."""

import csv
import json

import numpy as np
import pytest

import nbviz.core as nc
from tests.in_process import run_in_process

ROWS = 90


def write_survey(path, seed=0, n=ROWS, delimiter=";", decimal=","):
    """MASS::survey's shape as a European Excel writes it: an ID, Sex (an answer like the others: with several
    answers none is taken for the classes), Height and Age with decimal commas, text answers, a 0/1 column and
    a few empty cells. Returns the true groups."""
    rng = np.random.default_rng(seed)
    z = rng.integers(0, 2, n)
    height = np.where(z == 0, rng.normal(165, 5, n), rng.normal(182, 5, n))
    age = np.where(z == 0, rng.normal(19, 1, n), rng.normal(27, 3, n))
    exer = np.array(["Freq", "Some", "Rarely"])[
        [rng.choice(3, p=[0.7, 0.2, 0.1] if k == 0 else [0.1, 0.2, 0.7]) for k in z]
    ]
    smoke = np.where(rng.random(n) < np.where(z == 0, 0.9, 0.2), "Never", "Regul")
    left = (rng.random(n) < np.where(z == 0, 0.1, 0.8)).astype(int)
    sex = np.where(rng.random(n) < 0.5, "Female", "Male")
    lines = [delimiter.join(["ID", "Sex", "Height", "Age", "Exer", "Smoke", "Left"])]
    for i in range(n):
        h = "" if i % 11 == 4 else f"{height[i]:.1f}".replace(".", decimal)
        s = "" if i % 13 == 6 else str(smoke[i])
        cells = [f"S{i:03d}", str(sex[i]), h, f"{age[i]:.2f}".replace(".", decimal), str(exer[i]), s, str(left[i])]
        lines.append(delimiter.join(cells))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return z


@pytest.fixture
def no_display(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)


def summary(result) -> dict:
    assert result.returncode == 0, result.stderr
    return dict(line.split(": ", 1) for line in result.stdout.splitlines() if ": " in line)


def test_the_default_is_the_mixed_mixture_with_its_parameter_count_and_a_session_that_reopens(tmp_path, no_display):
    path = tmp_path / "survey.csv"
    write_survey(path)
    result = run_in_process(path, "--missing", "em", "-k", 2, "--fit")
    assert "Mixed mixture (naive Bayes over mixed columns): 3 numeric columns beside 3 text answers" in result.stderr
    fitted = summary(result)
    assert fitted["family"] == "Mixed mixture, diag covariance over the measurements"
    # 1 weight + Height, Age: 2 means + 2 variances per component + Left: 1 + Sex: 1 + Exer: 2 + Smoke: 1 per component
    assert fitted["parameters"] == str(1 + 2 * (4 + 1 + 1 + 2 + 1))
    log_likelihood = float(fitted["log-likelihood"])
    assert float(fitted["BIC"]) == pytest.approx(-2 * log_likelihood + 19 * np.log(ROWS), abs=1e-3)
    session, parameters = tmp_path / "run.nbviz", tmp_path / "p.json"
    result = run_in_process(path, "--missing", "em", "-k", 2, "--fit", "--save-session", session)
    assert result.returncode == 0, result.stderr
    reopened = summary(run_in_process(session, "--fit"))
    assert reopened["parameters"] == "19" and reopened["family"] == fitted["family"]
    assert float(reopened["log-likelihood"]) == pytest.approx(log_likelihood, abs=1e-3)
    result = run_in_process(session, "--export-parameters", parameters)
    assert result.returncode == 0, result.stderr
    document = json.loads(parameters.read_text())
    model = nc.Mixture.from_dict(document["model"])
    assert model.column_kinds == ("categorical", "gaussian", "gaussian", "categorical", "categorical", "bernoulli")
    assert document["features"] == ["Sex", "Height", "Age", "Exer", "Smoke", "Left"]
    levels = {"Sex": ["Female", "Male"], "Exer": ["Freq", "Rarely", "Some"], "Smoke": ["Never", "Regul"]}
    assert document["levels"] == levels


def test_choose_k_classify_and_the_clusters_recover_the_groups(tmp_path):
    path, new = tmp_path / "survey.csv", tmp_path / "new.csv"
    z = write_survey(path)
    z_new = write_survey(new, seed=1, n=30)
    scores = tmp_path / "k.csv"
    result = run_in_process(path, "--missing", "em", "--choose-k", "1-3", "--n-init", 2, "--export-choose-k", scores)
    assert result.returncode == 0, result.stderr
    with scores.open() as file:
        rows = list(csv.DictReader(file))
    # (K - 1) + K (2 means + 2 variances + 1 probability + 1 + 2 + 1 level probabilities), by hand
    assert [int(row["n_parameters"]) for row in rows] == [9, 19, 29]
    best = min(rows, key=lambda row: float(row["bic"]))
    assert best["k"] == "2"
    out = tmp_path / "r.csv"
    result = run_in_process(
        path, "--missing", "em", "-k", 2, "--fit", "--export-responsibilities", out, "--classify", new
    )
    assert result.returncode == 0, result.stderr
    with out.open() as file:
        classified = list(csv.DictReader(file))
    assert len(classified) == 30 and classified[0]["Exer"] in ("Freq", "Some", "Rarely")
    components = np.array([int(row["component"]) for row in classified])
    agreement = np.mean(components - 1 == z_new)
    assert max(agreement, 1 - agreement) > 0.9
    assert len(z) == ROWS


def test_pimas_type_is_the_label_by_default_and_clustered_with_the_measurements_when_chosen(tmp_path, no_display):
    """Pima's shape: measurements beside a yes/no type, the one text column (so the classes by default)."""
    rng = np.random.default_rng(3)
    z = rng.random(120) < 0.34
    glu, bmi = np.where(z, rng.normal(142, 30, 120), rng.normal(110, 25, 120)), rng.normal(33, 6.5, 120)
    kind = np.where(rng.random(120) < np.where(z, 0.7, 0.12), "Yes", "No")
    path = tmp_path / "pima.csv"
    path.write_text("glu,bmi,type\n" + "".join(f"{g:.0f},{b:.1f},{t}\n" for g, b, t in zip(glu, bmi, kind)))
    assert summary(run_in_process(path, "--fit"))["family"] == "Gaussian mixture, full covariance"
    result = run_in_process(path, "--columns", "glu,bmi,type", "--fit")
    fitted = summary(result)
    assert fitted["family"] == "Mixed mixture, diag covariance over the measurements"
    assert fitted["parameters"] == str(1 + 2 * (2 + 2) + 2 * 1)  # type: one free probability per component
    assert "1 categorical feature read as text levels (type: No / Yes)" in result.stderr
