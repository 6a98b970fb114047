"""Standardising features: z-scores and median/IQR, parameters back in original units, kept in sessions."""

import numpy as np
import pytest
from sklearn.preprocessing import RobustScaler, StandardScaler

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.data.standardize import fit_standardization, scale_proposal, standardize_problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session

X = np.array([[1.0, 1000.0, 0.01], [2.0, 3000.0, 0.03], [4.0, 2000.0, 0.02], [7.0, 9000.0, 0.05], [3.0, 4000.0, 0.0]])


def test_z_and_robust_are_scikit_learns_scalers():
    np.testing.assert_allclose(fit_standardization(X, "z").apply(X), StandardScaler().fit_transform(X), atol=1e-12)
    np.testing.assert_allclose(fit_standardization(X, "robust").apply(X), RobustScaler().fit_transform(X), atol=1e-12)


def test_parameters_come_back_in_original_units_by_hand():
    found = fit_standardization(X, "z")
    c, s = X.mean(0), X.std(0)
    mu_z = np.array([[0.5, -1.0, 0.2]])
    sigma_z = np.array([[[1.0, 0.3, 0.0], [0.3, 2.0, -0.1], [0.0, -0.1, 0.5]]])
    by_hand = np.array([[[sigma_z[0, i, j] * s[i] * s[j] for j in range(3)] for i in range(3)]])

    def back(covariances, kind):
        model = nc.GaussianMixture(weights=[1.0], means=mu_z, covariances=covariances, covariance_type=kind)
        shown = model.in_units(found.centre, found.scale)
        np.testing.assert_allclose(shown.means, c + s * mu_z)
        return shown

    np.testing.assert_allclose(back(sigma_z, "full").covariances, by_hand)
    np.testing.assert_allclose(back(sigma_z[0], "tied").covariances, by_hand[0])
    np.testing.assert_allclose(back(np.array([[1.0, 2.0, 0.5]]), "diag").covariances, [[1, 2, 0.5] * s**2])
    spherical = back(np.array([2.0]), "spherical")  # no longer spherical in the file's units
    assert spherical.covariance_type == "diag"
    np.testing.assert_allclose(spherical.covariances, [2.0 * s**2])
    # the data itself: standardised and back
    np.testing.assert_allclose(found.centre + found.scale * found.apply(X), X)


def test_a_constant_column_cannot_be_standardised_and_says_which():
    with pytest.raises(ValueError, match="c has standard deviation 0"):
        fit_standardization(np.array([[1.0, 2, 3], [2.0, 5, 3]]), "z", ("a", "b", "c"))


def test_the_proposal_names_the_columns_when_scales_differ_by_more_than_100x():
    text = scale_proposal(X, ("a", "b", "c"))
    ratio = X[:, 1].std() / X[:, 2].std()
    assert text.startswith("Standardise?") and f"{ratio:.0f} times that of c" in text and "b alone" in text
    assert scale_proposal(X[:, :1].repeat(2, axis=1) * [1, 50], ("a", "b")) is None  # 50x: no proposal


def test_a_session_keeps_the_standardisation_and_old_sessions_still_load(tmp_path, qtbot):
    problem = standardize_problem(Problem(name="t", X=X, columns=("a", "b", "c")), "robust")
    session = Session()
    assert session.load(problem, ModelConfig(n_components=1))
    assert session.save(tmp_path / "s.nbviz", write_session)
    saved = read_session(tmp_path / "s.nbviz")
    kept = saved.problem.standardization
    assert kept.method == "robust" and np.array_equal(kept.scale, problem.standardization.scale)
    plain = Session()
    assert plain.load(Problem(name="t", X=X, columns=("a", "b", "c")), ModelConfig(n_components=1))
    assert plain.save(tmp_path / "old.nbviz", write_session)
    assert read_session(tmp_path / "old.nbviz").problem.standardization is None
    with pytest.raises(ValueError, match="already standardised"):
        standardize_problem(problem, "z")


def test_text_answers_are_not_standardised():
    answers = Problem(
        name="survey",
        X=np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 2.0]]),
        columns=["smoker", "sport"],
        levels=(("no", "yes"), ("never", "often", "sometimes")),
    )
    with pytest.raises(ValueError, match=r"text answers \(categorical levels: smoker, sport\)"):
        standardize_problem(answers, "z")
