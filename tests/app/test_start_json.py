"""Exact starting parameters: the parameters JSON read back bit for bit, the start table and its checks."""

import json
import os

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data import export
from nbviz.app.data.problem import Problem
from nbviz.app.families.gaussian import SD_LAYOUT
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.app.run.start_table import StartTable, cell_text, shown_text, start_config, start_problem, truth_start


def random_gaussian(kind: str, seed: int = 0) -> nc.GaussianMixture:
    rng = np.random.default_rng(seed)
    K, D = 3, 2
    A = rng.standard_normal((K, D, D))
    full = A @ A.transpose(0, 2, 1) + 0.1 * np.eye(D)
    covariances = {
        "full": full,
        "diag": rng.uniform(0.3, 2.0, (K, D)),
        "spherical": rng.uniform(0.3, 2.0, K),
        "tied": full[0],
    }[kind]
    weights = rng.dirichlet(np.ones(K))
    return nc.GaussianMixture(
        weights=weights / weights.sum(),
        means=rng.standard_normal((K, D)),
        covariances=covariances,
        covariance_type=kind,
    )


def random_models():
    rng = np.random.default_rng(1)
    models = [random_gaussian(kind) for kind in nc.COVARIANCE_TYPES]
    models.append(nc.BernoulliMixture(weights=[1 / 3, 2 / 3], probs=rng.uniform(0, 1, (2, 5))))
    words = rng.dirichlet(np.ones(6), size=2)
    models.append(nc.MultinomialMixture(weights=[0.1, 0.9], probs=words / words.sum(axis=1, keepdims=True)))
    return models


def assert_bit_identical(a: nc.Mixture, b: nc.Mixture) -> None:
    assert type(a) is type(b)
    da, db = a.to_dict(), b.to_dict()
    assert da.keys() == db.keys()
    for key in da:
        if isinstance(da[key], list):
            x, y = np.asarray(da[key], dtype=float), np.asarray(db[key], dtype=float)
            assert x.shape == y.shape and x.tobytes() == y.tobytes(), key
        else:
            assert da[key] == db[key], key


# ----------------------------------------------------------------- the JSON file
@pytest.mark.parametrize("model", random_models(), ids=lambda m: f"{m.family}-{getattr(m, 'covariance_type', '')}")
def test_parameters_json_reads_back_bit_for_bit(tmp_path, model):
    path = tmp_path / "start.json"
    names = [str(k + 1) for k in range(model.n_components)]
    export.write_parameters_json(path, model, names, [f"f{m}" for m in range(model.n_features)])
    assert_bit_identical(export.read_parameters_json(path), model)


def test_reading_a_file_that_is_not_a_parameters_file_says_what_to_give(tmp_path):
    missing = tmp_path / "missing.json"
    with pytest.raises(ValueError, match="no such file: .*missing.json"):
        export.read_parameters_json(missing)
    large = tmp_path / "large.json"
    with open(large, "wb") as stream:
        stream.truncate(export.PARAMETERS_BYTES_LIMIT + 1)
    with pytest.raises(ValueError, match=r"large.json is 128 MiB: larger than the parameters of any model"):
        export.read_parameters_json(large)
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(ValueError, match="broken.json is not a parameters file.*Export → Parameters"):
        export.read_parameters_json(broken)
    no_model = tmp_path / "no_model.json"
    no_model.write_text(json.dumps({"weights": [1]}))
    with pytest.raises(ValueError, match="no_model.json has no 'model' entry"):
        export.read_parameters_json(no_model)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"model": {"family": "bernoulli", "weights": [0.5, 0.6], "probs": [[0.1], [0.2]]}}))
    with pytest.raises(ValueError, match="bad.json: the model cannot be used: weights must sum to 1"):
        export.read_parameters_json(bad)


# ----------------------------------------------------------------- the start table
@pytest.mark.parametrize("model", random_models(), ids=lambda m: f"{m.family}-{getattr(m, 'covariance_type', '')}")
def test_a_table_filled_from_a_model_reads_back_as_exactly_that_model(model):
    table = StartTable.for_model(model)
    check = table.check(table.cells(model))
    assert check.ok, check.issues
    assert_bit_identical(check.model, model)


def test_cell_text_is_the_shortest_exact_text():
    assert [cell_text(v) for v in (0.7, 1.0, -0.0, 0.1 + 0.2, 2.5e-17)] == [
        "0.7",
        "1",
        "-0",
        "0.30000000000000004",
        "2.5e-17",
    ]
    for value in np.random.default_rng(2).standard_normal(100):
        assert float(cell_text(value)) == value


def test_gaussian_columns_are_weight_means_then_the_covariance_matrix_or_sd_and_correlations():
    matrix = StartTable("gaussian", 2)
    assert [c.header for c in matrix.columns] == ["weight", "mean x1", "mean x2", "var x1", "cov x1, x2", "var x2"]
    sd = StartTable("gaussian", 2, SD_LAYOUT)
    assert [c.header for c in sd.columns] == ["weight", "mean x1", "mean x2", "sd x1", "sd x2", "corr x1, x2"]


def test_typed_standard_deviations_and_correlations_make_s_r_s():
    table = StartTable("gaussian", 2, SD_LAYOUT, (("covariance_type", "full"),))
    check = table.check([["0.25", "0", "1", "2", "0.5", "-0.5"], ["0.75", "3", "4", "1", "3", "0.2"]])
    assert check.ok
    expected = np.array([[[4.0, -0.5], [-0.5, 0.25]], [[1.0, 0.6], [0.6, 9.0]]])  # sd_i corr_ij sd_j by hand
    np.testing.assert_allclose(check.model.covariances, expected, rtol=1e-15)
    assert check.model.covariances[0, 0, 0] == 4.0 and check.model.covariances[1, 1, 1] == 9.0


def test_the_covariance_matrix_is_taken_as_typed_for_each_covariance_type():
    rows = [["0.5", "0", "0", "2", "0", "3"], ["0.5", "1", "1", "2", "0", "3"]]
    expected = {
        "full": np.array([[[2.0, 0.0], [0.0, 3.0]]] * 2),
        "diag": np.array([[2.0, 3.0]] * 2),
        "tied": np.array([[2.0, 0.0], [0.0, 3.0]]),
    }
    for kind, covariances in expected.items():
        check = StartTable("gaussian", 2, "", (("covariance_type", kind),)).check(rows)
        assert check.ok and check.model.covariance_type == kind
        assert np.array_equal(check.model.covariances, covariances)
    spherical = StartTable("gaussian", 2, "", (("covariance_type", "spherical"),))
    check = spherical.check([["0.5", "0", "0", "2", "0", "2"], ["0.5", "1", "1", "5", "0", "5"]])
    assert check.ok and np.array_equal(check.model.covariances, [2.0, 5.0])


def issues_of(table: StartTable, rows):
    check = table.check(rows)
    assert not check.ok
    return check.cell_messages()


def test_each_refused_cell_says_why():
    full = StartTable("gaussian", 2, "", (("covariance_type", "full"),))
    rows = [["0.5", "0", "0", "1", "2", "1"], ["0.5", "1", "1", "-1", "0", "1"]]
    marked = issues_of(full, rows)
    # |cov| 2 > sqrt(1 * 1): eigenvalues 1 +- 2, the smallest -1
    assert "component 1: the covariance matrix is not positive definite (smallest eigenvalue -1)" in marked[(0, 4)]
    assert marked[(1, 3)] == "component 2, variance of x1: variance -1 must be greater than 0"
    diag = StartTable("gaussian", 2, "", (("covariance_type", "diag"),))
    marked = issues_of(diag, [["0.5", "0", "0", "1", "0.3", "1"], ["0.5", "1", "1", "1", "0", "1"]])
    assert set(marked) == {(0, 4)} and "with diag covariance" in marked[(0, 4)] and "must be 0" in marked[(0, 4)]
    spherical = StartTable("gaussian", 2, "", (("covariance_type", "spherical"),))
    marked = issues_of(spherical, [["0.5", "0", "0", "1", "0", "2"], ["0.5", "1", "1", "1", "0", "1"]])
    assert set(marked) == {(0, 3), (0, 5)} and "same variance" in marked[(0, 3)]
    tied = StartTable("gaussian", 2, "", (("covariance_type", "tied"),))
    marked = issues_of(tied, [["0.5", "0", "0", "1", "0", "1"], ["0.5", "1", "1", "1", "0.5", "1"]])
    assert set(marked) == {(1, 4)} and "shares one covariance" in marked[(1, 4)]
    weights = issues_of(StartTable("bernoulli", 1), [["0.5", "0.2"], ["0.6", "x"]])
    assert "weights sum to 1.1; they must sum to 1" in weights[(0, 0)] and (1, 0) in weights
    assert weights[(1, 1)] == "component 2, probability of x1: 'x' is not a number"
    words = issues_of(StartTable("multinomial", 2), [["1", "0.5", "0.6"]])
    assert "word probabilities sum to 1.1" in words[(0, 1)]


# ----------------------------------------------------------------- the run that starts there
def two_documents() -> Problem:
    return Problem(name="two documents", X=np.array([[1.0, 1.0], [0.0, 1.0]]), columns=("x1", "x2"))


def test_a_typed_start_is_exactly_the_first_snapshot_and_its_e_step_is_naive_bayes_by_hand(qtbot):
    session = Session()
    problem = two_documents()
    assert session.load(problem, ModelConfig(family="bernoulli", n_components=2))
    table = StartTable("bernoulli", 2)
    check = table.check([["0.7", "0.5", "0.4"], ["0.3", "0.2", "0.7"]])
    assert check.ok and start_problem(check.model, problem) is None
    assert session.configure(start_config(session.config, check.model), start=check.model)
    first = session.history[0].model
    assert first.weights.tolist() == [0.7, 0.3] and first.probs.tolist() == [[0.5, 0.4], [0.2, 0.7]]
    session.e_step()
    # document (1, 1): 0.7 * 0.5 * 0.4 = 0.14 against 0.3 * 0.2 * 0.7 = 0.042
    # document (0, 1): 0.7 * 0.5 * 0.4 = 0.14 against 0.3 * 0.8 * 0.7 = 0.168
    np.testing.assert_allclose(session.resp[:, 0], [0.14 / 0.182, 0.14 / 0.308], rtol=1e-12)


def test_start_config_takes_the_family_k_and_covariance_type_of_the_start():
    config = ModelConfig(family="bernoulli", n_components=5, covariance_type="full", seed=4)
    model = random_gaussian("diag")
    changed = start_config(config, model)
    assert (changed.family, changed.n_components, changed.covariance_type, changed.seed) == ("gaussian", 3, "diag", 4)


def test_a_fixed_shared_variance_stays_only_when_the_start_has_it():
    config = ModelConfig(family="gaussian", n_components=2, covariance_type="spherical", fixed_variance=2.0)
    same = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[0.0], [1.0]], covariances=[2.0, 2.0], covariance_type="spherical"
    )
    other = same.replaced(covariances=np.array([2.0, 3.0]))
    assert start_config(config, same).fixed_variance == 2.0
    assert start_config(config, other).fixed_variance is None


def test_start_problem_names_a_mismatch_of_features_and_the_truth_is_offered_only_for_its_family():
    problem = two_documents()
    model = nc.BernoulliMixture(weights=[1.0], probs=[[0.5, 0.5, 0.5]])
    assert "the start has 3 features but two documents has 2 (x1, x2)" in start_problem(model, problem)
    truth = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.9, 0.1], [0.1, 0.9]])
    synthesised = Problem.synthesised(truth, 50, seed=0)
    assert truth_start(synthesised, "bernoulli") is truth
    assert truth_start(synthesised, "gaussian") is None and truth_start(problem, "bernoulli") is None


@pytest.mark.skipif(
    not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="needs POSIX pipes and devices"
)
def test_a_pipe_or_a_device_given_as_parameters_is_refused_at_once(tmp_path):
    pipe = tmp_path / "start.json"
    os.mkfifo(pipe)
    with pytest.raises(ValueError, match=r"start.json is a named pipe \(FIFO\), not a parameters file"):
        export.read_parameters_json(pipe)
    with pytest.raises(ValueError, match="/dev/zero is a character device, not a parameters file"):
        export.read_parameters_json("/dev/zero")


def test_a_cell_shows_twelve_significant_digits_and_leaves_other_text_alone():
    assert shown_text("35.06250000000003") == "35.0625"
    assert shown_text("0.30000000000000004") == "0.3"
    assert shown_text("0.7") == "0.7" and shown_text("2.5e-17") == "2.5e-17" and shown_text("abc") == "abc"
    assert shown_text("0.123456789012345") == "0.123456789012"
