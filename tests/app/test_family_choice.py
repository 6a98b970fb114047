"""The model follows the data: one rule (`family_for_table`) for the import preview, the command line
and the status bar, tried on tables written as analysts' exports are (semicolons, decimal commas,
row numbers with neutral names, empty cells)."""

import csv
import json

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import GaussianMixture

from nbviz.app.data.problem import Problem
from nbviz.app.families import family_for_table
from nbviz.app.families.gaussian import file_covariance_prior
from nbviz.app.model.config import ModelConfig, for_file
from nbviz.app.presentation.presets import load_preset
from nbviz.app.presentation.resources import resource_path
from nbviz.cli import main

RNG = np.random.default_rng(7)


def integer_clusters(n: int = 40) -> tuple[np.ndarray, np.ndarray]:
    """Two clusters of integer (x, y) coordinates and their classes."""
    X = np.r_[RNG.normal([20, 30], 3, (n, 2)), RNG.normal([32, 44], 3, (n, 2))].round().astype(int)
    return X, np.repeat([0, 1], n)


def write_rows(path, header, rows, delimiter=";") -> str:
    with open(path, "w", newline="") as file:
        writer = csv.writer(file, delimiter=delimiter)
        writer.writerow(header)
        writer.writerows(rows)
    return str(path)


@pytest.fixture
def coordinates(tmp_path):
    """Integer coordinates with a row number called 'sample', written with semicolons."""
    X, classes = integer_clusters()
    rows = [[i + 1, x, y] for i, (x, y) in enumerate(X)]
    return write_rows(tmp_path / "sites.csv", ["sample", "x", "y"], rows), X, classes


def parameters_of(path) -> dict:
    with open(path) as file:
        return json.load(file)


def test_the_rule_on_each_kind_of_table():
    X, _ = integer_clusters()
    assert family_for_table(X).family == "gaussian"
    assert "not word counts (only 2 columns)" in family_for_table(X).reason
    ordinal = RNG.integers(1, 11, (60, 4))
    assert family_for_table(ordinal).family == "gaussian"  # scores 1-10: no zeros, few columns
    answers = RNG.integers(0, 2, (50, 12))
    guess = family_for_table(answers)
    assert guess.family == "bernoulli" and guess.reason.startswith("Bernoulli mixture: every value is 0 or 1")
    assert family_for_table(RNG.normal(size=(30, 3))).why == "measurements"
    velocities = RNG.integers(5000, 25000, (82, 1))
    assert family_for_table(velocities).family == "gaussian"
    signed = RNG.integers(-20, 80, (40, 2))  # integer coordinates on both sides of 0
    guess = family_for_table(signed)
    assert guess.family == "gaussian" and guess.why == "whole numbers, not counts"
    assert guess.reason == "Gaussian mixture: whole numbers, but some are negative, so they are not counts."


def test_the_bundled_corpus_still_looks_like_documents():
    corpus, _, _ = load_preset("corpus")
    guess = corpus.family_guess
    assert guess.family == "multinomial" and "look like documents (80 count columns, 94% zeros" in guess.reason
    from_file = Problem.from_file(resource_path("resources", "datasets", "corpus.csv"), "topic")
    assert from_file.family_guess.family == "multinomial"  # the command line chooses alike


def test_a_wide_table_of_counts_with_equal_row_totals_is_not_documents():
    same_total = np.zeros((20, 12), dtype=int)
    same_total[:, 0] = 5
    assert family_for_table(same_total).family == "gaussian"


def test_integer_coordinates_fit_a_gaussian_as_well_as_scikit_learn(coordinates, tmp_path):
    path, X, classes = coordinates
    out = tmp_path / "r.csv"
    assert main([path, "--fit", "-k", "2", "--export-responsibilities", str(out)]) == 0
    with open(out) as file:
        table = list(csv.DictReader(file))
    assert list(table[0])[:4] == ["line", "sample", "x", "y"]  # the row number is carried, not clustered
    ours = np.array([int(row["component"]) for row in table])
    theirs = GaussianMixture(2, random_state=0).fit(X.astype(float)).predict(X.astype(float))
    assert adjusted_rand_score(classes, ours) >= adjusted_rand_score(classes, theirs) - 1e-12
    assert adjusted_rand_score(classes, ours) > 0.85


def test_integer_velocities_under_a_units_free_header_fit_as_a_gaussian(tmp_path):
    velocities = np.r_[RNG.normal(9000, 800, 40), RNG.normal(20000, 1500, 42)].round().astype(int)
    path = write_rows(tmp_path / "v.csv", ["galaxy", "velocity"], [[i + 1, v] for i, v in enumerate(velocities)], ",")
    out = tmp_path / "p.json"
    assert main([path, "--fit", "-k", "2", "--export-parameters", str(out)]) == 0
    run = parameters_of(out)["run"]
    assert (run["family"], run["D"], run["N"]) == ("gaussian", 1, 82)


def test_ordinal_scores_with_empty_cells_and_decimal_commas(tmp_path):
    scores = RNG.integers(1, 11, (60, 3)).astype(object)
    scores[4, 1] = ""
    rows = [[f"{i + 1}", *row, f"{RNG.normal(5, 1):.1f}".replace(".", ",")] for i, row in enumerate(scores)]
    path = write_rows(tmp_path / "scores.csv", ["student", "q1", "q2", "q3", "hours"], rows)
    out = tmp_path / "p.json"
    assert main([path, "--drop-missing", "--fit", "-k", "2", "--export-parameters", str(out)]) == 0
    run = parameters_of(out)["run"]
    assert (run["family"], run["D"], run["N"]) == ("gaussian", 4, 59)
    assert run["prior"]["covariance_prior"] > 0


def test_zero_one_answers_beside_a_student_number_get_the_bernoulli_model(tmp_path):
    answers = RNG.integers(0, 2, (40, 6))
    rows = [[1000 + 3 * i, *row] for i, row in enumerate(answers)]
    path = write_rows(tmp_path / "answers.csv", ["student", *(f"a{j}" for j in range(6))], rows)
    out = tmp_path / "p.json"
    assert main([path, "--fit", "-k", "2", "--export-parameters", str(out)]) == 0
    run = parameters_of(out)["run"]
    assert (run["family"], run["D"]) == ("bernoulli", 6)


def test_asking_for_the_multinomial_still_counts_integers_as_words(coordinates, tmp_path):
    path, _, _ = coordinates
    out = tmp_path / "p.json"
    assert main([path, "--model", "multinomial", "--fit", "-k", "2", "--export-parameters", str(out)]) == 0
    assert parameters_of(out)["run"]["family"] == "multinomial"


def test_the_covariance_prior_from_the_command_line(coordinates, tmp_path):
    path, X, _ = coordinates
    out = tmp_path / "p.json"
    assert main([path, "--covariance-prior", "0.25", "--fit", "-k", "2", "--export-parameters", str(out)]) == 0
    assert parameters_of(out)["run"]["prior"]["covariance_prior"] == 0.25
    assert main([path, "--fit", "--export-parameters", str(out)]) == 0  # the file's own default
    assert parameters_of(out)["run"]["prior"]["covariance_prior"] == pytest.approx(file_covariance_prior(X))


def test_a_bad_covariance_prior_is_refused_in_one_line(coordinates, capsys):
    path, _, _ = coordinates
    assert main([path, "--covariance-prior", "-1", "--fit", "--export-parameters", "unused.json"]) == 2
    error = capsys.readouterr().err.strip()
    assert len(error.splitlines()) == 1 and "--covariance-prior" in error


@pytest.mark.parametrize("flag", [("--covariance-prior", "0.5"), ("--covariance-type", "diag")])
def test_a_covariance_option_for_a_model_without_covariances_is_refused(tmp_path, capsys, flag):
    # 0/1 answers get the Bernoulli model, which has no covariance: the option would do nothing
    answers = RNG.integers(0, 2, (40, 6))
    path = write_rows(tmp_path / "answers.csv", [f"a{j}" for j in range(6)], answers)
    out = tmp_path / "p.json"
    assert main([path, *flag, "--fit", "--export-parameters", str(out)]) == 2
    error = capsys.readouterr().err.strip()
    assert len(error.splitlines()) == 1 and error.startswith(f"nbviz: error: {flag[0]} applies to Gaussian mixtures")
    assert "Bernoulli mixture" in error and "--model gaussian" in error and not out.exists()
    assert main([path, *flag, "--model", "gaussian", "--fit", "--export-parameters", str(out)]) == 0


def test_a_file_switched_from_the_multinomial_to_a_gaussian_keeps_its_covariance_prior():
    scores = RNG.integers(0, 11, (80, 10)).astype(float)
    config = for_file(ModelConfig(family="multinomial", n_components=2), scores)
    assert config.prior.covariance_prior == pytest.approx(file_covariance_prior(scores))
    assert config.prior.covariance_prior > 0
    assert config.with_(family="gaussian").prior.covariance_prior == config.prior.covariance_prior


def test_standardised_features_are_said_to_be_standardised_not_what_the_file_had(tmp_path):
    from nbviz.app.data.standardize import standardize_problem

    path = tmp_path / "coords.csv"
    path.write_text("x,y\n" + "".join(f"{(7 * i) % 23 - 5},{(3 * i) % 17}\n" for i in range(40)))
    problem = Problem.from_file(str(path))
    assert problem.family_guess.why == "whole numbers, not counts"
    z = standardize_problem(problem, "z")
    assert z.family_guess.family == "gaussian" and z.family_guess.why == "standardised features"
    assert z.family_guess.reason == "Gaussian mixture: the features are standardised, so they are measurements."


def test_the_command_line_says_which_row_number_it_left_out_as_the_preview_does(coordinates, tmp_path, capsys):
    path, _, _ = coordinates
    out = tmp_path / "p.json"
    assert main([path, "--fit", "-k", "2", "--export-parameters", str(out)]) == 0
    assert parameters_of(out)["features"] == ["x", "y"]
    error = capsys.readouterr().err.strip()
    assert error == (
        "nbviz: note: sites.csv: 'sample' is left out as a row number (its values rise with the line); "
        "give --columns sample,x,y to use it."
    )
    assert main([path, "--columns", "x,y", "--fit", "-k", "2", "--export-parameters", str(out)]) == 0
    assert capsys.readouterr().err == ""  # the user chose the columns: nothing to say
    assert main([path, "--columns", "sample,x,y", "--fit", "-k", "2", "--export-parameters", str(out)]) == 0
    assert parameters_of(out)["features"] == ["sample", "x", "y"] and capsys.readouterr().err == ""


def test_answer_codes_read_as_numbers_get_a_gaussian_that_says_they_are_codes():
    codes = np.tile([[1, 2], [2, 1], [1, 1]], (10, 1))
    guess = family_for_table(codes)  # the user read them as numbers: their choice, said in the reason
    assert guess.family == "gaussian" and "each column holds a few codes; read them as categorical" in guess.reason
    read = family_for_table(codes - 1.0, levels=(("1", "2"), ("1", "2")))  # read as levels: latent classes
    assert read.family == "categorical" and read.why == "answer codes"
    assert family_for_table(codes - 1.0, levels=(("no", "yes"), ("no", "yes"))).why == "text answers"
