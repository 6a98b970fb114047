"""Synthesis: random true parameters, the parameter table's checks, and samples with the chosen moments."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data import synthesis
from nbviz.app.data.synthesis import (
    check_table,
    columns,
    covariance_from_std_corr,
    normalised,
    random_truth,
    std_corr_from_covariance,
    synthesised_problem,
    table_from_truth,
)

GAUSSIAN_3D = nc.GaussianMixture(
    weights=[0.5, 0.3, 0.2],
    means=[[0.0, 0.0, 0.0], [6.0, -1.0, 2.0], [-5.0, 4.0, 1.0]],
    covariances=covariance_from_std_corr(
        [[1.0, 2.0, 0.5], [0.7, 0.7, 1.5], [1.2, 0.4, 1.0]],
        [[[1, 0.6, -0.3], [0.6, 1, 0.2], [-0.3, 0.2, 1]], np.eye(3), [[1, -0.8, 0], [-0.8, 1, 0.4], [0, 0.4, 1]]],
    ),
)


def gaussian_cells():
    return table_from_truth(GAUSSIAN_3D).tolist()


def messages(check):
    return [issue.message for issue in check.issues]


# ----------------------------------------------------------------- table layout and conversions
def test_columns_and_table_round_trip_for_each_family():
    headers = [c.header for c in columns("gaussian", 3)]
    assert headers == [
        "weight",
        "mean x1",
        "mean x2",
        "mean x3",
        "sd x1",
        "sd x2",
        "sd x3",
        "corr x1, x2",
        "corr x1, x3",
        "corr x2, x3",
    ]
    assert [c.header for c in columns("bernoulli", 2)] == ["weight", "P(x1)", "P(x2)"]
    for model in (GAUSSIAN_3D, random_truth("bernoulli", 3, 5, 1), random_truth("multinomial", 2, 6, 1)):
        check = check_table(model.family, table_from_truth(model).tolist(), model.n_features)
        assert check.ok and check.issues == ()
        np.testing.assert_allclose(check.model.weights, model.weights)
        if model.family == "gaussian":
            np.testing.assert_allclose(check.model.means, model.means)
            np.testing.assert_allclose(check.model.covariances, model.covariances, rtol=1e-12, atol=1e-12)
        else:
            np.testing.assert_allclose(check.model.probs, model.probs)


def test_std_and_correlation_round_trip_against_numpy():
    rng = np.random.default_rng(3)
    X = rng.standard_normal((200, 4)) @ rng.standard_normal((4, 4))
    cov = np.cov(X.T)
    stds, corr = std_corr_from_covariance(cov)
    np.testing.assert_allclose(stds, np.sqrt(np.diag(cov)))
    np.testing.assert_allclose(corr, np.corrcoef(X.T), atol=1e-12)
    np.testing.assert_allclose(covariance_from_std_corr(stds, corr), cov, rtol=1e-12)
    np.testing.assert_allclose(covariance_from_std_corr(stds, corr), np.diag(stds) @ corr @ np.diag(stds))
    # stacked (K, D) / (K, D, D)
    stacked = covariance_from_std_corr(np.stack([stds, 2 * stds]), np.stack([corr, corr]))
    np.testing.assert_allclose(stacked[1], 4 * cov, rtol=1e-12)


# ----------------------------------------------------------------- validation messages
def test_text_and_nan_cells_are_refused_with_their_position():
    cells = gaussian_cells()
    cells[1][2] = "abc"
    cells[2][4] = "nan"
    cells[0][1] = "  "
    check = check_table("gaussian", cells, 3)
    assert not check.ok and check.model is None
    by_cell = check.cell_messages()
    assert by_cell[(1, 2)] == "component 2, mean of x2: 'abc' is not a number"
    assert "component 3, standard deviation of x1: nan is not a finite number" in by_cell[(2, 4)]
    assert "is empty" in by_cell[(0, 1)]
    assert set(by_cell) == {(1, 2), (2, 4), (0, 1)}


def test_weights_not_summing_to_one_are_refused_with_the_sum_and_the_remedy():
    cells = gaussian_cells()
    cells[0][0] = 0.43  # 0.43 + 0.3 + 0.2
    check = check_table("gaussian", cells, 3)
    assert messages(check) == ["weights sum to 0.93; they must sum to 1 — use Normalise"]
    assert set(check.cell_messages()) == {(0, 0), (1, 0), (2, 0)}
    cells[0][0] = -0.1
    assert messages(check_table("gaussian", cells, 3)) == [
        "component 1, mixture weight: weight -0.1 is negative; weights must be 0 or more"
    ]


def test_correlations_that_make_the_covariance_indefinite_are_refused():
    cells = gaussian_cells()
    corr_cols = [c for c, column in enumerate(columns("gaussian", 3)) if column.kind == "corr"]
    for c, value in zip(corr_cols, [0.95, -0.9, 0.9]):
        cells[1][c] = value
    check = check_table("gaussian", cells, 3)
    R = np.array([[1, 0.95, -0.9], [0.95, 1, 0.9], [-0.9, 0.9, 1]])
    smallest = np.linalg.eigvalsh(R)[0]
    assert smallest < 0
    assert messages(check) == [
        "component 2: correlations 0.95 (x1, x2), -0.9 (x1, x3) and 0.9 (x2, x3) together make the covariance "
        f"not positive definite (smallest eigenvalue of the correlation matrix {smallest:.3g}); make them "
        "smaller in size"
    ]
    assert set(check.cell_messages()) == {(1, c) for c in corr_cols}
    # each correlation alone is fine; one outside (-1, 1) is refused in its own cell
    cells = gaussian_cells()
    cells[0][corr_cols[0]] = 1.0
    assert messages(check_table("gaussian", cells, 3)) == [
        "component 1, correlation of x1 and x2: correlation 1 must be strictly between -1 and 1"
    ]


def test_standard_deviations_must_be_positive():
    cells = gaussian_cells()
    cells[2][5] = 0
    cells[0][6] = -1.5
    assert messages(check_table("gaussian", cells, 3)) == [
        "component 1, standard deviation of x3: standard deviation -1.5 must be greater than 0",
        "component 3, standard deviation of x2: standard deviation 0 must be greater than 0",
    ]


def test_standard_deviations_too_large_or_too_small_to_compute_with_are_refused_in_their_cell():
    cells = gaussian_cells()
    cells[0][4] = 1e300
    cells[1][5] = "1e-300"
    check = check_table("gaussian", cells, 3)
    assert check.model is None
    assert messages(check) == [
        "component 1, standard deviation of x1: standard deviation 1e+300 is outside the range nbviz can "
        "sample and fit (1e-50 to 1e+50); rescale the feature",
        "component 2, standard deviation of x2: standard deviation 1e-300 is outside the range nbviz can "
        "sample and fit (1e-50 to 1e+50); rescale the feature",
    ]
    assert [issue.cells for issue in check.issues] == [((0, 4),), ((1, 5),)]


def test_probabilities_outside_zero_one_and_word_rows_not_summing_to_one():
    cells = table_from_truth(random_truth("bernoulli", 2, 3, 0)).tolist()
    cells[1][2] = 1.3
    assert messages(check_table("bernoulli", cells, 3)) == [
        "component 2, probability of x2: probability 1.3 is not between 0 and 1"
    ]
    cells = [[0.5, 0.2, 0.3, 0.4], [0.5, 0.1, 0.1, 0.8]]
    check = check_table("multinomial", cells, 3)
    assert messages(check) == ["component 1: word probabilities sum to 0.9; they must sum to 1 — use Normalise"]
    assert set(check.cell_messages()) == {(0, 1), (0, 2), (0, 3)}


def test_normalise_scales_to_one_and_refuses_what_it_cannot_scale():
    values = normalised(["1", 1, 2])
    assert values == [0.25, 0.25, 0.5]
    thirds = normalised([0.3, 0.3, 0.3])
    assert abs(sum(thirds) - 1) < 1e-12 and all(abs(v - 1 / 3) < 1e-4 for v in thirds)
    for bad, reason in (([0, 0], "every value is 0"), ([1, "x"], "not a number"), ([1, -1], "negative")):
        with pytest.raises(ValueError, match=reason):
            normalised(bad)
    cells = gaussian_cells()
    for k, w in enumerate(normalised([0.6, 0.2, 0.2])):
        cells[k][0] = w
    assert check_table("gaussian", cells, 3).ok


def test_size_limit_names_the_numbers():
    assert synthesis.check_size(1000, 10) is None
    message = synthesis.check_size(1_000_000, 400)
    assert "400,000,000 values" in message and "smaller N" in message


# ----------------------------------------------------------------- random parameters
@pytest.mark.parametrize("family,D", [("gaussian", 1), ("gaussian", 3), ("bernoulli", 16), ("multinomial", 12)])
def test_random_parameters_are_reproducible_valid_and_shown_exactly(family, D):
    a, b, c = (random_truth(family, 4, D, seed) for seed in (7, 7, 8))
    table = table_from_truth(a)
    np.testing.assert_array_equal(table, table_from_truth(b))
    assert not np.array_equal(table, table_from_truth(c))
    # the values survive being shown as text with 6 significant digits
    text = [[f"{v:.6g}" for v in row] for row in table]
    check = check_table(family, text, D)
    assert check.ok
    np.testing.assert_allclose(table_from_truth(check.model), table, atol=1e-12)


def test_random_gaussian_means_are_well_separated():
    for seed in range(5):
        model = random_truth("gaussian", 6, 2, seed)
        gaps = np.linalg.norm(model.means[:, None] - model.means[None], axis=2)[np.triu_indices(6, 1)]
        largest_sd = np.sqrt(np.linalg.eigvalsh(model.full_covariances).max())
        assert gaps.min() > 2.5 * largest_sd


# ----------------------------------------------------------------- samples have the chosen moments
N = 20000


def assert_weights_match(z, weights):
    freq = np.bincount(z, minlength=len(weights)) / len(z)
    se = np.sqrt(weights * (1 - weights) / len(z))
    assert np.all(np.abs(freq - weights) < 4 * se)


def test_gaussian_samples_have_the_chosen_moments():
    check = check_table("gaussian", gaussian_cells(), 3)
    problem = synthesised_problem(check.model, N, seed=4)
    assert problem.truth is check.model and problem.n_samples == N
    X, z, truth = problem.X, problem.truth_z, problem.truth
    assert_weights_match(z, truth.weights)
    for k in range(3):
        rows = X[z == k]
        n = len(rows)
        cov = truth.covariances[k]
        sd = np.sqrt(np.diag(cov))
        assert np.all(np.abs(rows.mean(axis=0) - truth.means[k]) < 4 * sd / np.sqrt(n))
        # standard error of a sample covariance entry: sqrt((S_ii S_jj + S_ij^2) / n)
        se = np.sqrt((np.outer(np.diag(cov), np.diag(cov)) + cov**2) / n)
        assert np.all(np.abs(np.cov(rows.T) - cov) < 4 * se)


def test_bernoulli_samples_have_the_chosen_probabilities():
    truth = check_table("bernoulli", table_from_truth(random_truth("bernoulli", 3, 16, 2)).tolist(), 16).model
    problem = synthesised_problem(truth, N, seed=5)
    X, z = problem.X, problem.truth_z
    assert problem.image_shape == (4, 4) and problem.data_kind == "binary"
    assert_weights_match(z, truth.weights)
    for k in range(3):
        rows = X[z == k]
        p = truth.probs[k]
        assert np.all(np.abs(rows.mean(axis=0) - p) < 4 * np.sqrt(p * (1 - p) / len(rows)) + 1e-12)


def test_multinomial_samples_have_the_chosen_word_frequencies_and_document_length():
    truth = random_truth("multinomial", 3, 10, 6)
    problem = synthesised_problem(truth, N, seed=6, document_length=30)
    X, z = problem.X, problem.truth_z
    np.testing.assert_array_equal(X.sum(axis=1), 30)
    assert_weights_match(z, truth.weights)
    for k in range(3):
        counts = X[z == k].sum(axis=0)
        words = counts.sum()
        p = truth.probs[k]
        assert np.all(np.abs(counts / words - p) < 4 * np.sqrt(p * (1 - p) / words))
    assert "30 per document" in problem.name and "K = 3" in problem.name
