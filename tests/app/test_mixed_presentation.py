"""The mixed mixture in the app: each block shown, exported, worked out and edited on its own columns."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.analysis.bound_slices import slice_choices, value_of
from nbviz.app.analysis.breakdown import factor_rows, parameter_choices, worked_parameter
from nbviz.app.analysis.parameter_rows import parameter_rows
from nbviz.app.data import export
from nbviz.app.families import presentation
from nbviz.app.families.choice import column_kinds, family_for_table
from nbviz.app.families.level_names import FeatureNames
from nbviz.app.families.mixed import points_model
from nbviz.app.run.start_table import StartTable

KINDS = ("gaussian", "categorical", "bernoulli", "gaussian")
COLUMNS = FeatureNames(["Height", "Exer", "Left", "Age"], [(), ("Freq", "Rarely", "Some"), (), ()])


def fitted(covariance_type="diag", seed=0):
    """A survey of Height, Exer, Left and Age, and one M-step on it (with its responsibilities)."""
    weights = [0.4, 0.6]
    truth = nc.MixedMixture(
        weights=weights,
        column_kinds=KINDS,
        blocks=[
            nc.GaussianMixture(
                weights=weights,
                means=[[165.0, 19.0], [180.0, 25.0]],
                covariances=[[30.0, 2.0], [40.0, 6.0]],
                covariance_type="diag",
            ),  # fmt: skip
            nc.BernoulliMixture(weights=weights, probs=[[0.1], [0.7]]),
            nc.CategoricalMixture(weights=weights, probs=[[[0.7, 0.1, 0.2], [0.1, 0.6, 0.3]]]),
        ],
    )
    X, _ = truth.sample(80, rng=seed)
    start = nc.init_model(X, "mixed", 2, rng=0, covariance_type=covariance_type, column_kinds=KINDS)
    resp = start.responsibilities(X)
    prior = nc.Prior(alpha=0.5, beta=1.0, covariance_prior=0.2)
    return X, nc.m_step(start, X, resp, prior=prior), resp, prior, truth


def test_the_model_rule_says_mixed_for_measurements_beside_answers_in_one_sentence():
    X = np.array([[170.5, 0, 1, 20.0], [160.0, 2, 0, 31.5]])
    assert column_kinds(X, COLUMNS.levels) == KINDS
    guess = family_for_table(X, COLUMNS.levels)
    assert guess.family == "mixed" and guess.reason.count(".") == 1
    assert "3 numeric columns beside 1 text answer" in guess.reason
    assert family_for_table(X[:, [1]], ((("Freq", "Rarely", "Some")),)).family == "categorical"


@pytest.mark.parametrize("covariance_type", ["diag", "full", "spherical", "tied"])
def test_every_worked_m_step_entry_is_the_stored_parameter(covariance_type):
    X, model, resp, prior, _ = fitted(covariance_type)
    choices = parameter_choices(model, COLUMNS)
    kinds = {key.kind for key, _ in choices}
    assert kinds == {"weight", "mean", "covariance", "prob"}
    labels = [label for _, label in choices]
    assert any("Exer = Rarely" in label for label in labels) and any("Left" in label for label in labels)
    for key, label in choices:
        worked = worked_parameter(key, model, X, resp, prior, COLUMNS)
        assert worked.value == pytest.approx(worked.stored, rel=1e-9, abs=1e-12), label


def test_the_e_step_factors_are_each_columns_own_and_add_up_to_the_density():
    X, model, *_ = fitted()
    x = X[3]
    rows = factor_rows(model, x)
    assert rows is not None
    factors = presentation(model).steps.feature_log_factors(model, x)
    np.testing.assert_allclose(factors.log_factors.sum(axis=0), model.component_log_density(x[None])[0], rtol=1e-12)
    full = fitted("full")[1]
    assert presentation(full).steps.feature_log_factors(full, x) is None  # a full covariance couples the measurements


def test_the_parameters_panel_and_the_export_name_each_blocks_columns():
    X, model, _, _, truth = fitted()
    rows = parameter_rows(model, truth=truth, perm=np.array([0, 1]), columns=COLUMNS)
    names = [row.name for row in rows if row.component == 0]
    assert names[0].startswith("weight") and "mean μ" in names
    assert any("Exer = Freq/Rarely/Some" in name for name in names) and "p(x = 1 | k)" in names
    assert any(row.value.startswith("Left ") for row in rows)
    assert not any("nan" in row.value.lower() for row in rows)
    exported = export.parameter_rows(model, ["1", "2"], COLUMNS)
    assert ["1", "mean", "Age", ""] == exported[next(i for i, r in enumerate(exported) if r[2] == "Age")][:4]
    assert any(row[1] == "p(level)" and row[2] == "Exer" and row[3] == "Rarely" for row in exported)
    assert any(row[2] == "Left" for row in exported)


def test_the_points_are_the_numeric_blocks_gaussian_and_a_dragged_mean_moves_it():
    _, model, *_ = fitted("full")
    points = points_model(model)
    gaussian = model.block("gaussian")
    measured = [0, 3]
    np.testing.assert_array_equal(points.means[:, measured], gaussian.means)
    np.testing.assert_array_equal(points.full_covariances[:, 0, 3], gaussian.full_covariances[:, 0, 1])
    np.testing.assert_allclose(points.means[:, 2], model.block("bernoulli").probs[:, 0])
    moved = presentation(model).moved_mean(model, 1, (0, 3), (170.0, 30.0))
    assert moved.block("gaussian").means[1].tolist() == [170.0, 30.0] and moved.family == "mixed"
    assert presentation(model).moved_mean(model, 1, (0, 1), (170.0, 1.0)) is None  # an answer has no mean to drag


@pytest.mark.parametrize("covariance_type", ["diag", "full"])
def test_the_start_table_shows_the_run_exactly_and_reads_back_its_model(covariance_type):
    _, model, *_ = fitted(covariance_type)
    table = StartTable.for_model(model)
    kinds = [column.kind for column in table.columns]
    assert kinds.count("mean") == 2 and kinds.count("prob") == 4  # Height and Age; Left and three levels of Exer
    check = table.check(table.cells(model))
    assert not check.issues and check.model.column_kinds == KINDS
    X = fitted(covariance_type)[0]
    np.testing.assert_allclose(check.model.log_joint(X), model.log_joint(X), rtol=1e-12)
    cells = table.cells(model)
    first_level = next(c for c, column in enumerate(table.columns) if column.kind == "prob" and column.other == 0)
    cells[0][first_level] = "0.9"  # Exer's level probabilities no longer sum to 1
    issues = table.check(cells).issues
    assert issues and "the level probabilities of x2 sum to" in issues[0].message  # Exer is the table's x2


def test_the_bound_views_directions_name_each_columns_parameter_and_read_its_value():
    X, model, *_ = fitted()
    choices = dict(slice_choices(model, COLUMNS))
    assert choices["P(Exer = Rarely | component 1)"] == ("prob", 0, 1, 1)
    assert choices["P(Left = 1 | component 2)"] == ("prob", 1, 2)
    assert choices["mean of component 1, Age"] == ("mean", 0, 3)
    assert value_of(model, ("prob", 0, 1, 1)) == model.block("categorical").probs[0][0, 1]
    assert value_of(model, ("mean", 0, 3)) == model.block("gaussian").means[0, 1]
    sliced = nc.bound_slice(X, model, ("prob", 0, 1, 1), [-0.05, 0.0, 0.05])
    assert np.all(sliced.surrogate <= sliced.objective + 1e-9)
