"""The mixed family: products of Gaussian, Bernoulli and categorical blocks, checked against scipy by hand."""

import json

import numpy as np
import pytest
from scipy.special import logsumexp
from scipy.stats import multivariate_normal, norm
from test_bound_missing import discrete_terms, gaussian_terms

import nbviz.core as nc

KINDS = ["gaussian", "categorical", "bernoulli", "gaussian", "categorical"]


def truth(covariance_type="diag"):
    """Two classes: Height and Age (columns 0, 3), two answers of 2 and 3 levels (1, 4), one 0/1 column (2)."""
    means = [[165.0, 19.0], [180.0, 24.0]]
    if covariance_type == "diag":
        covariances = [[49.0, 2.0], [36.0, 9.0]]
    else:
        covariances = [[[49.0, 3.0], [3.0, 2.0]], [[36.0, -4.0], [-4.0, 9.0]]]
    weights = [0.4, 0.6]
    return nc.MixedMixture(
        weights=weights,
        column_kinds=KINDS,
        blocks=[
            nc.GaussianMixture(weights=weights, means=means, covariances=covariances, covariance_type=covariance_type),
            nc.BernoulliMixture(weights=weights, probs=[[0.2], [0.7]]),
            nc.CategoricalMixture(
                weights=weights, probs=[[[0.8, 0.2], [0.3, 0.7]], [[0.6, 0.3, 0.1], [0.1, 0.3, 0.6]]]
            ),
        ],
    )


def table(n=200, seed=0, missing=0.0, covariance_type="diag"):
    model = truth(covariance_type)
    X, z = model.sample(n, rng=seed)
    if missing:
        X[np.random.default_rng(seed + 1).random(X.shape) < missing] = np.nan
    return model, X, z


def reference_log_joint(model, X):
    """log pi_k + log N(height, age) + log Bernoulli + log categoricals, by hand (NaN cells left out)."""
    gaussian, bernoulli, categorical = model.blocks
    out = np.zeros((X.shape[0], model.n_components))
    for n, row in enumerate(X):
        for k in range(model.n_components):
            total = np.log(model.weights[k])
            numeric = row[[0, 3]]
            seen = ~np.isnan(numeric)
            if seen.any():
                cov = gaussian.full_covariances[k][np.ix_(seen, seen)]
                if seen.all():
                    total += multivariate_normal(gaussian.means[k], cov).logpdf(numeric)
                else:
                    total += norm(gaussian.means[k][seen][0], np.sqrt(cov[0, 0])).logpdf(numeric[seen][0])
            if not np.isnan(row[2]):
                p = bernoulli.probs[k, 0]
                total += np.log(p if row[2] == 1 else 1 - p)
            for j, column in enumerate((1, 4)):
                if not np.isnan(row[column]):
                    total += np.log(categorical.probs[j][k, int(row[column])])
            out[n, k] = total
    return out


@pytest.mark.parametrize("covariance_type", ["diag", "full"])
@pytest.mark.parametrize("missing", [0.0, 0.15])
def test_log_likelihood_and_responsibilities_match_scipy(covariance_type, missing):
    model, X, _ = table(60, missing=missing, covariance_type=covariance_type)
    expected = reference_log_joint(model, X)
    np.testing.assert_allclose(model.log_joint(X), expected, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(model.log_likelihood(X), logsumexp(expected, axis=1).sum(), rtol=1e-12)
    resp = np.exp(expected - logsumexp(expected, axis=1, keepdims=True))
    np.testing.assert_allclose(model.responsibilities(X), resp, rtol=1e-10, atol=1e-12)


def test_one_m_step_is_the_weighted_mle_of_each_column():
    model, X, _ = table(150, seed=3)
    resp = np.random.default_rng(0).dirichlet([1.0, 1.0], size=X.shape[0])
    new = nc.m_step(model, X, resp)
    nk = resp.sum(axis=0)
    np.testing.assert_allclose(new.weights, nk / X.shape[0], rtol=1e-12)
    gaussian, bernoulli, categorical = new.blocks
    for k in range(2):
        r = resp[:, k]
        for d, column in enumerate((0, 3)):
            mean = r @ X[:, column] / nk[k]
            np.testing.assert_allclose(gaussian.means[k, d], mean, rtol=1e-12)
            np.testing.assert_allclose(gaussian.covariances[k, d], r @ (X[:, column] - mean) ** 2 / nk[k], rtol=1e-10)
        np.testing.assert_allclose(bernoulli.probs[k, 0], r @ X[:, 2] / nk[k], rtol=1e-12)
        for j, column in enumerate((1, 4)):
            shown = np.array([r @ (X[:, column] == level) for level in range(categorical.levels[j])]) / nk[k]
            np.testing.assert_allclose(categorical.probs[j][k], shown, rtol=1e-12)
    assert all(np.array_equal(block.weights, new.weights) for block in new.blocks)


def test_parameter_count_by_hand():
    model = truth()
    # (K - 1) + Gaussian diag: K (2 means + 2 variances) + Bernoulli: K 1 + categorical: K ((2 - 1) + (3 - 1))
    assert model.n_parameters == 1 + 2 * 4 + 2 * 1 + 2 * 3
    assert truth("full").n_parameters == 1 + 2 * (2 + 3) + 2 * 1 + 2 * 3
    X = table(100)[1]
    assert nc.bic(model, X) == pytest.approx(-2 * model.log_likelihood(X) + 17 * np.log(100))


@pytest.mark.parametrize("missing", [0.0, 0.2])
@pytest.mark.parametrize("covariance_type", ["diag", "full", "spherical", "tied"])
def test_objective_and_bound_never_decrease(missing, covariance_type):
    _, X, _ = table(120, seed=5, missing=missing)
    prior = nc.Prior(alpha=0.5, beta=0.5, covariance_prior=0.1)
    start = nc.init_model(X, "mixed", 3, rng=1, prior=prior, column_kinds=KINDS, covariance_type=covariance_type)
    run = nc.EM(X, start, prior=prior)
    run.run(max_iter=40, tol=0)
    objectives = np.array([s.objective for s in run.history])
    assert np.all(np.diff(objectives) >= -1e-9 * np.abs(objectives[1:]))
    elbo = np.array([s.elbo for s in run.history[1:]])
    assert np.all(np.diff(elbo) >= -1e-9 * np.abs(elbo[1:]))
    assert np.all(elbo <= objectives[1:] + 1e-9 * np.abs(objectives[1:]))
    assert run.model.covariance_type == covariance_type


def mixed_terms(model, old, x, k):
    """The blocks' (log p(x_obs | k), E log p(x | k), H) of the missing cells, added (test_bound_missing's terms)."""
    total = np.zeros(3)
    for block, old_block in zip(model.blocks, old.blocks, strict=True):
        terms = gaussian_terms if block.family == "gaussian" else discrete_terms
        total += terms(block, old_block, x[model.block_columns(block.family)], k)
    return total


def test_the_recorded_elbo_adds_the_blocks_missing_cell_terms():
    """After an M-step the ELBO averages every block's missing cells under theta_old: sum over rows of
    sum_k q_k (log pi_k + sum_b E log p_b + H_b) + H(q), written here from the blocks' own terms."""
    _, X, _ = table(30, seed=8, missing=0.25)
    prior = nc.Prior(alpha=1.0, beta=1.0, covariance_prior=0.1)
    run = nc.EM(X, nc.init_model(X, "mixed", 2, rng=0, prior=prior, column_kinds=KINDS), prior=prior)
    for _ in range(3):
        run.step()
    for i in range(1, len(run.history)):
        snapshot, old = run.history[i], run.responsibilities_model(i)
        model = snapshot.model
        full = objective = 0.0
        for x in X:
            old_joint = np.array([np.log(old.weights[k]) + mixed_terms(old, old, x, k)[0] for k in range(2)])
            q = np.exp(old_joint - logsumexp(old_joint))
            rows = np.array([mixed_terms(model, old, x, k) for k in range(2)])
            objective += logsumexp(np.log(model.weights) + rows[:, 0])
            full += float(np.sum(q * (np.log(model.weights) + rows[:, 1] + rows[:, 2]))) - np.sum(q * np.log(q))
        assert snapshot.objective == pytest.approx(objective + model.log_prior(prior), rel=1e-10)
        assert snapshot.elbo == pytest.approx(full + model.log_prior(prior), rel=1e-10)


def test_bound_touches_the_objective_and_peaks_at_the_m_step_with_missing_cells():
    model, X, _ = table(80, seed=2, missing=0.2)
    start = nc.init_model(X, "mixed", 2, rng=0, column_kinds=KINDS)
    new = nc.m_step(start, X, start.responsibilities(X))
    ts = np.array([-0.5, 0.0, 0.5, 1.0, 1.5])
    s = nc.bound_slice(X, start, new, ts)
    assert np.all(s.surrogate <= s.objective + 1e-8)
    assert s.surrogate[1] == pytest.approx(s.objective[1], abs=1e-8)
    assert np.nanargmax(s.surrogate) == 3
    assert ("mean", 1, 3) in start.slice_directions() and ("prob", 0, 2) in start.slice_directions()
    moved, value = start.slice_point(("prob", 0, 4, 2), 0.05)  # column 4, level 2: the second answer's block entry
    assert value == pytest.approx(start.block("categorical").probs[1][0, 2] + 0.05)
    for direction in (("weight", 0), ("mean", 1, 3), ("prob", 0, 2), ("prob", 0, 1, 1)):
        sliced = nc.bound_slice(X, start, direction, [-0.01, 0.0, 0.01])
        assert sliced.surrogate[1] == pytest.approx(sliced.objective[1], abs=1e-8)


def test_fit_recovers_the_truth_and_saves_exactly():
    model, X, z = table(400, seed=7)
    fit = nc.fit_best(X, "mixed", 2, 3, rng=0, covariance_type="diag", column_kinds=KINDS).run.model
    agreement = (fit.predict(X) == z).mean()
    assert max(agreement, 1 - agreement) > 0.95
    again = nc.Mixture.from_dict(json.loads(json.dumps(fit.to_dict())))
    assert type(again) is nc.MixedMixture and again.column_kinds == tuple(KINDS)
    np.testing.assert_array_equal(again.log_joint(X), fit.log_joint(X))
    swapped = fit.permuted([1, 0])
    np.testing.assert_allclose(swapped.log_joint(X), fit.log_joint(X)[:, ::-1])
    assert nc.match_components(fit, swapped).tolist() == [1, 0]


def test_choose_k_and_naive_bayes():
    model, X, z = table(300, seed=11)
    selection = nc.select_components(X, "mixed", [1, 2, 3], n_init=2, rng=0, covariance_type="diag", column_kinds=KINDS)
    assert selection.best_k == 2
    nb = nc.fit_naive_bayes(X, z, "mixed", column_kinds=KINDS)
    assert (nb.predict(X) == z).mean() > 0.9


def test_missing_cells_are_filled_block_by_block():
    model, X, _ = table(50, seed=4, missing=0.3)
    filled = nc.filled_in(model, X)
    assert not np.isnan(filled).any()
    seen = ~np.isnan(X)
    np.testing.assert_array_equal(filled[seen], X[seen])
    assert set(np.unique(filled[:, [1, 4]])) <= {0.0, 1.0, 2.0}
    assert nc.conditional_expectations(model, X).shape == (2, 50, 5)


def test_kinds_default_to_zero_one_bernoulli_and_bad_cells_are_named():
    X = np.array([[1.5, 0.0, 2.0], [2.5, 1.0, 0.0], [3.0, 1.0, 1.0], [0.5, 0.0, 1.0]])
    start = nc.init_model(X, "mixed", 2, rng=0)
    assert start.column_kinds == ("gaussian", "bernoulli", "gaussian")
    with pytest.raises(ValueError, match=r"X\[0, 2\].*categorical column of the mixed model"):
        nc.init_model(X * [1, 1, 0.7], "mixed", 2, rng=0, column_kinds=["gaussian", "bernoulli", "categorical"])
    with pytest.raises(ValueError, match=r"column_kinds\[1\] is 'binary'"):
        nc.init_model(X, "mixed", 2, column_kinds=["gaussian", "binary", "gaussian"])
    with pytest.raises(ValueError, match="names 2 columns but the data have 3"):
        nc.init_model(X, "mixed", 2, column_kinds=["gaussian", "bernoulli"])
    with pytest.raises(ValueError, match="blocks must hold one model per kind"):
        nc.MixedMixture(weights=[1.0], column_kinds=["gaussian"], blocks=[])


def test_new_rows_are_classified_and_an_unknown_answer_is_named_in_table_columns():
    model, X, z = table(200, seed=12)
    fit = nc.fit_best(X, "mixed", 2, 2, rng=0, covariance_type="diag", column_kinds=KINDS).run.model
    new, truth_z = model.sample(50, rng=99)
    new[3, 0] = np.nan  # a new row may miss a cell too
    agreement = (fit.predict(new) == truth_z).mean()
    assert max(agreement, 1 - agreement) > 0.9
    new[7, 4] = 3  # column 4 has levels 0..2
    with pytest.raises(ValueError, match=r"X\[7, 4\] \(row 7, column 4, counting from 0\) is level 3 .* for column 4"):
        fit.predict(new)


def write_r_table(path, n=160, seed=21):
    """A survey as R's write.csv writes it: quoted row names and texts, NA for a missing cell, decimals."""
    rng = np.random.default_rng(seed)
    z = rng.integers(0, 2, n)
    height = np.where(z == 0, rng.normal(165, 6, n), rng.normal(180, 6, n))
    age = np.where(z == 0, rng.normal(19, 1.5, n), rng.normal(26, 3, n))
    smoke = np.where(rng.random(n) < np.where(z == 0, 0.85, 0.25), "Never", "Occas")
    fold = np.array(["L on R", "Neither", "R on L"])[
        [rng.choice(3, p=[0.6, 0.1, 0.3] if k else [0.2, 0.1, 0.7]) for k in z]
    ]
    left = (rng.random(n) < np.where(z == 0, 0.1, 0.6)).astype(int)
    lines = ['"","Height","Smoke","Age","Fold","Left"']
    for i in range(n):
        h = "NA" if i % 13 == 5 else f"{height[i]:.1f}"
        s = "NA" if i % 17 == 3 else f'"{smoke[i]}"'
        lines.append(f'"{i + 1}",{h},{s},{age[i]:.3f},"{fold[i]}",{left[i]}')
    path.write_text("\n".join(lines) + "\n")
    return z


def test_a_table_written_by_r_is_read_in_two_passes_and_clustered_as_one(tmp_path):
    path = tmp_path / "survey.csv"
    z = write_r_table(path)
    numbers = nc.load_data(path, feature_columns=["Height", "Age", "Left"], missing="keep")
    answers = nc.load_data(
        path, feature_columns=["Smoke", "Fold"], categorical_columns=["Smoke", "Fold"], missing="keep"
    )
    X = np.column_stack([numbers.X, answers.X])
    kinds = ["gaussian", "gaussian", "bernoulli", "categorical", "categorical"]
    assert answers.levels == (("Never", "Occas"), ("L on R", "Neither", "R on L"))
    assert np.isnan(X).sum() == 12 + 10  # the NA cells of Height (rows 5, 18, ...) and Smoke (3, 20, ...)
    selection = nc.select_components(X, "mixed", [1, 2, 3], n_init=2, rng=0, covariance_type="diag", column_kinds=kinds)
    assert selection.best_k == 2
    fit = nc.fit_best(X, "mixed", 2, 3, rng=0, covariance_type="diag", column_kinds=kinds).run.model
    assert fit.n_parameters == 1 + 2 * 4 + 2 * 1 + 2 * (1 + 2)
    agreement = (fit.predict(X) == z).mean()
    assert max(agreement, 1 - agreement) > 0.9


def test_fixed_covariances_keep_the_numeric_block_and_need_one():
    _, X, _ = table(80, seed=6)
    start = nc.init_model(X, "mixed", 2, rng=0, column_kinds=KINDS)
    run = nc.EM(X, start, fixed_covariances=True)
    run.run(max_iter=5, tol=0)
    np.testing.assert_array_equal(run.model.block("gaussian").covariances, start.block("gaussian").covariances)
    answers = X[:, [1, 2, 4]]
    only = nc.init_model(answers, "mixed", 2, rng=0, column_kinds=["categorical", "bernoulli", "categorical"])
    with pytest.raises(ValueError, match="fixed covariances need numeric"):
        nc.EM(answers, only, fixed_covariances=True).step()
