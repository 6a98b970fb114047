"""Defaults for data files from the wild: a covariance prior scaled to the data; presets keep theirs."""

import numpy as np

from nbviz.app.data.problem import Problem
from nbviz.app.families.gaussian import file_covariance_prior
from nbviz.app.presentation.presets import PRESETS, load_preset
from nbviz.app.run.session import Session


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
