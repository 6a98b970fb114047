"""Defaults for data files from the wild: a covariance prior scaled to the data; presets keep theirs."""

import numpy as np

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.explore.explore import run_limits
from nbviz.app.families.gaussian import file_covariance_prior
from nbviz.app.model.config import ModelConfig, for_file
from nbviz.app.presentation.presets import PRESETS, load_preset
from nbviz.app.run.fit_here import fit_to_convergence
from nbviz.app.run.session import Session
from nbviz.core.convergence import PER_ROW_TOL


def _write(path, X):
    np.savetxt(path, X, delimiter=",", header="a,b,c", comments="", fmt="%.6f")


def test_a_loaded_file_gets_a_covariance_prior_of_1e_6_n_times_its_narrowest_variance(tmp_path, qtbot):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 3)) * [1000.0, 1.0, 0.01]
    _write(tmp_path / "wide.csv", X)
    problem = Problem.from_file(tmp_path / "wide.csv")
    session = Session()
    assert session.load(problem)
    by_hand = 1e-6 * 40 * np.var(problem.X[:, 2])  # the narrowest column, population variance
    assert np.isclose(session.config.prior.covariance_prior, by_hand, rtol=1e-12)
    assert by_hand < 1e-8  # tiny: it changes no fit visibly


def test_a_constant_file_gets_no_prior():
    assert file_covariance_prior(np.ones((5, 2))) == 0.0


def test_presets_keep_their_teaching_settings(qtbot):
    session = Session()
    for name in list(PRESETS)[:4]:
        problem, config, start = load_preset(name)
        assert session.load(problem, config, start)
        assert session.config.prior == config.prior


def test_a_data_file_starts_from_k_means_and_keeps_the_best_of_three_starts(tmp_path, qtbot):
    rng = np.random.default_rng(3)
    X = np.concatenate([rng.normal(size=(60, 3)), rng.normal(5.0, 1.0, size=(60, 3))])
    _write(tmp_path / "two.csv", X)
    problem = Problem.from_file(tmp_path / "two.csv")
    session = Session()
    assert session.load(problem)
    config = session.config
    assert (config.init_method, config.n_init) == ("kmeans", 3)
    best = nc.fit_best(problem.X, config.family, config.n_components, 3, rng=config.seed, prior=config.prior)
    assert best.start is not None
    assert np.array_equal(session.history[0].model.means, best.start.means)  # EM steps from the kept start


def test_the_number_of_starts_is_saved_with_the_model_and_presets_start_once():
    config = for_file(ModelConfig(family="gaussian", n_components=3), np.eye(3))
    assert ModelConfig.from_dict(config.to_dict()) == config
    old = config.to_dict()
    del old["n_init"]  # a session saved before the option existed starts once, as it did
    assert ModelConfig.from_dict(old).n_init == 1
    assert ModelConfig().n_init == 1 and ModelConfig().init_method == "kmeans++"


def test_a_data_file_stops_on_the_per_row_rule_and_presets_on_the_exact_one(tmp_path, qtbot):
    rng = np.random.default_rng(3)
    X = np.concatenate([rng.normal(size=(60, 3)), rng.normal(5.0, 1.0, size=(60, 3))])
    _write(tmp_path / "two.csv", X)
    session = Session()
    assert session.load(Problem.from_file(tmp_path / "two.csv"))
    assert (session.config.convergence, session.config.tolerance) == ("per_row", PER_ROW_TOL) == ("per_row", 1e-4)
    assert session.config.stopping_rule == "tol 0.0001 per row"
    assert run_limits(session.config) == "Each run: at most 1,000 iterations, tol 0.0001 per row."
    for name in list(PRESETS)[:4]:
        config = load_preset(name)[1]
        assert (config.convergence, config.tolerance) == ("absolute", 1e-6)
        assert config.stopping_rule == "tol 1e-06 on the total"


def test_the_rule_is_saved_and_older_sessions_read_as_absolute():
    config = for_file(ModelConfig(family="gaussian", n_components=3), np.eye(3))
    assert ModelConfig.from_dict(config.to_dict()).convergence == "per_row"
    old = config.to_dict()
    del old["convergence"]
    assert ModelConfig.from_dict(old).convergence == "absolute"


def test_a_session_fit_stops_where_the_per_row_rule_says(tmp_path, qtbot):
    rng = np.random.default_rng(4)
    X = np.concatenate([rng.normal(size=(100, 2)), rng.normal(4.0, 1.0, size=(100, 2))])
    _write(tmp_path / "fit.csv", np.c_[X, rng.normal(size=200)])
    session = Session()
    assert session.load(Problem.from_file(tmp_path / "fit.csv"))
    assert fit_to_convergence(session)
    assert session.converged and session.run_history.cap_reached == 0
    em = nc.EM(session.problem.X, session.history[0].model, prior=session.config.prior)
    iterations = em.run(1000, 1e-4 * 200)  # per row over 200 rows: the total's rule at 200 times the tolerance
    assert em.converged and iterations > 0 and len(em.history) == len(session.history)
    assert session.history[-1].objective == em.history[-1].objective


def test_a_data_files_run_to_convergence_ends_on_the_fit_its_start_was_kept_for(tmp_path, qtbot):
    """The default fit compares its starts run to the file's tolerance; the workspace's run from the
    kept start stops at the same one, so it lands on that very fit (on the standardised wine table
    a looser stop, scikit-learn's 1e-3 per row, ended 7 iterations in, far below it)."""
    from sklearn.datasets import load_wine

    table = load_wine()
    X = (table.data - table.data.mean(axis=0)) / table.data.std(axis=0)
    header = ",".join(f"f{j}" for j in range(X.shape[1]))
    np.savetxt(tmp_path / "wine.csv", X, delimiter=",", header=header, comments="", fmt="%.6f")
    problem = Problem.from_file(tmp_path / "wine.csv")
    session = Session()
    assert session.load(problem, for_file(ModelConfig(n_components=3), problem.X))  # as the import preview loads
    config = session.config
    assert (config.n_init, config.convergence, config.tolerance) == (3, "per_row", PER_ROW_TOL)
    best = nc.fit_best(problem.X, "gaussian", 3, config.n_init, rng=config.seed, prior=config.prior)
    assert best.run is not None and fit_to_convergence(session)
    assert session.history[-1].objective == best.run.history[-1].objective
    np.testing.assert_array_equal(session.history[-1].model.means, best.run.model.means)
