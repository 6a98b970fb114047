"""Choosing K: criteria equal scikit-learn's, the true K is found, restarts are reproducible."""

import numpy as np
import pytest
from sklearn.mixture import GaussianMixture as SkGaussianMixture

import nbviz.core as nc


def sklearn_with_parameters(model: nc.GaussianMixture) -> SkGaussianMixture:
    """A scikit-learn estimator carrying exactly `model`'s parameters."""
    from sklearn.mixture._gaussian_mixture import _compute_precision_cholesky

    sk = SkGaussianMixture(model.n_components, covariance_type=model.covariance_type)
    sk.weights_, sk.means_, sk.covariances_ = model.weights, model.means, model.covariances
    sk.precisions_cholesky_ = _compute_precision_cholesky(model.covariances, model.covariance_type)
    return sk


@pytest.mark.parametrize("covariance_type", nc.COVARIANCE_TYPES)
def test_bic_and_aic_equal_scikit_learn(covariance_type):
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(0, 1, size=(80, 3)), rng.normal(3, 0.5, size=(70, 3))])
    run = nc.EM(X, nc.init_model(X, "gaussian", 2, rng=1, covariance_type=covariance_type))
    run.run(max_iter=20)
    sk = sklearn_with_parameters(run.model)
    assert sk._n_parameters() == run.model.n_parameters
    assert nc.bic(run.model, X) == pytest.approx(sk.bic(X), rel=1e-12)
    assert nc.aic(run.model, X) == pytest.approx(sk.aic(X), rel=1e-12)


def test_icl_adds_twice_the_responsibility_entropy():
    X = np.array([[0.0], [0.1], [1.0], [1.2], [5.0]])
    model = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.5], [4.0]], covariances=[[[1.0]], [[2.0]]])
    r = model.responsibilities(X)
    assert nc.icl(model, X) == pytest.approx(nc.bic(model, X) - 2 * np.sum(r * np.log(r)), rel=1e-13)


WELL_SEPARATED = {
    "gaussian": nc.GaussianMixture(
        weights=[0.3, 0.3, 0.4], means=[[0, 0], [8, 0], [0, 8]], covariances=np.stack([np.eye(2)] * 3)
    ),
    "bernoulli": nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.9] * 6 + [0.1] * 6, [0.1] * 6 + [0.9] * 6]),
    "multinomial": nc.MultinomialMixture(
        weights=[0.3, 0.3, 0.4], probs=[[0.7, 0.1, 0.1, 0.1], [0.1, 0.7, 0.1, 0.1], [0.1, 0.1, 0.1, 0.7]]
    ),
}


@pytest.mark.parametrize("family", list(WELL_SEPARATED))
def test_selection_finds_the_true_number_of_components(family):
    truth = WELL_SEPARATED[family]
    X, _ = truth.sample(400, rng=3, **({"n_trials": 40} if family == "multinomial" else {}))
    prior = nc.Prior(beta=0.5) if family != "gaussian" else None
    result = nc.select_components(X, family, [1, 2, 3, 4], n_init=3, rng=0, prior=prior)
    assert result.best_k == truth.n_components
    assert result.bic.shape == result.objective.shape == (4, 3)
    assert not result.failures and not result.cancelled
    # The best model of the chosen K is one of the fitted runs.
    assert result.best_model is result.runs[result.best_index].model


def test_restarts_are_reproducible_by_seed_and_progress_can_cancel():
    X, _ = WELL_SEPARATED["gaussian"].sample(200, rng=1)
    a = nc.select_components(X, "gaussian", [2, 3], n_init=2, rng=7)
    b = nc.select_components(X, "gaussian", [2, 3], n_init=2, rng=7)
    np.testing.assert_array_equal(a.seeds, b.seeds)
    np.testing.assert_array_equal(a.objective, b.objective)
    calls = []
    partial = nc.select_components(
        X, "gaussian", [2, 3], n_init=2, rng=7, progress=lambda done, total: calls.append((done, total)) or done < 3
    )
    # called after every EM iteration with the restarts finished so far, and after each restart
    assert partial.cancelled and calls[-1] == (3, 4) and calls == sorted(calls)
    assert sorted(set(calls)) == [(0, 4), (1, 4), (2, 4), (3, 4)]
    assert np.isnan(partial.objective[1, 1]) and not np.isnan(partial.objective[1, 0])
    np.testing.assert_array_equal(partial.objective[0], a.objective[0])  # a callback changes no result


def test_cancel_takes_effect_within_one_em_iteration_of_the_first_fit():
    X, _ = WELL_SEPARATED["gaussian"].sample(200, rng=1)
    start = nc.init_model(X, "gaussian", 3, rng=int(np.random.default_rng(7).integers(0, 2**31 - 1, size=2)[0]))
    alone = nc.EM(X, start)
    full = alone.run(max_iter=300, tol=1e-6)  # the iterations the first restart takes when left alone
    assert full > 3
    calls = []
    result = nc.select_components(
        X,
        "gaussian",
        [3],
        n_init=2,
        rng=7,
        max_iter=300,
        tol=1e-6,
        progress=lambda done, total: calls.append((done, total)) or len(calls) < 2,
    )
    assert calls == [(0, 2), (0, 2)]  # asked after iterations 1 and 2 of the first fit, then stopped
    assert result.cancelled and result.runs == {} and np.isnan(result.objective).all()
    uncancelled = nc.select_components(X, "gaussian", [3], n_init=2, rng=7, progress=lambda done, total: True)
    assert [s.objective for s in uncancelled.runs[(0, 0)].history] == [s.objective for s in alone.history]


def test_failed_restarts_are_recorded_not_hidden():
    X = np.vstack([np.zeros((5, 2)), np.ones((5, 2)), [[0.5, 0.2], [0.1, 0.9]]])
    result = nc.select_components(X, "gaussian", [3], n_init=2, rng=0)
    assert result.failures
    assert all("covariance" in message or "distinct" in message for message in result.failures.values())
    for i, r in result.failures:
        assert np.isnan(result.objective[i, r])


def test_bad_arguments():
    X = np.eye(4)
    with pytest.raises(ValueError, match="criterion"):
        nc.select_components(X, "bernoulli", [1], criterion="xic")
    with pytest.raises(ValueError, match="ks"):
        nc.select_components(X, "bernoulli", [])
    with pytest.raises(ValueError, match="n_init"):
        nc.select_components(X, "bernoulli", [1], n_init=0)


@pytest.mark.parametrize(
    "family, n_parameters", [("bernoulli", (2 - 1) + 2 * 12), ("multinomial", (3 - 1) + 3 * (4 - 1))]
)
def test_bic_and_aic_count_discrete_parameters_and_use_the_exact_likelihood(family, n_parameters):
    from scipy import stats
    from scipy.special import logsumexp

    model = WELL_SEPARATED[family]
    X, _ = model.sample(60, rng=4, **({"n_trials": 10} if family == "multinomial" else {}))
    if family == "bernoulli":  # free: K - 1 weights and K * D probabilities
        log_pdf = np.stack([stats.bernoulli.logpmf(X, p).sum(axis=1) for p in model.probs], axis=1)
    else:  # free: K - 1 weights and K * (D - 1) probabilities (each row sums to one)
        log_pdf = np.stack([stats.multinomial.logpmf(X, X.sum(axis=1), p) for p in model.probs], axis=1)
    log_likelihood = logsumexp(log_pdf + np.log(model.weights), axis=1).sum()
    assert model.n_parameters == n_parameters
    assert nc.bic(model, X) == pytest.approx(-2 * log_likelihood + n_parameters * np.log(60), rel=1e-12)
    assert nc.aic(model, X) == pytest.approx(-2 * log_likelihood + 2 * n_parameters, rel=1e-12)


def test_each_restart_is_the_run_its_seed_gives():
    X, _ = WELL_SEPARATED["gaussian"].sample(150, rng=2)
    result = nc.select_components(X, "gaussian", [2, 3], n_init=3, rng=5, method="random_from_data")
    assert len(set(result.seeds.tolist())) == 3
    for (i, r), run in result.runs.items():
        alone = nc.EM(
            X, nc.init_model(X, "gaussian", int(result.ks[i]), method="random_from_data", rng=int(result.seeds[r]))
        )
        alone.run(max_iter=300, tol=1e-6)
        assert [s.objective for s in alone.history] == [s.objective for s in run.history]


def test_choose_k_in_a_worker_thread_warns_nothing_and_finds_what_plain_em_finds():
    """Emptied components are recorded, not warned: nothing to filter, which is not thread-safe."""
    import threading
    import warnings

    rng = np.random.default_rng(0)
    X = np.vstack([np.zeros((6, 2)), np.ones((6, 2)) * 4, [[0.5, 4.2], [4.1, 0.3]]]) + rng.normal(0, 0.3, (14, 2))
    prior = nc.Prior(covariance_prior=0.1)
    ks, n_init, seed = [4, 5, 6], 3, 0
    results = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        worker = threading.Thread(
            target=lambda: results.append(nc.select_components(X, "gaussian", ks, n_init=n_init, rng=seed, prior=prior))
        )
        worker.start()
        worker.join()
    assert caught == [] and len(results) == 1
    selection = results[0]
    # The reference: each restart fitted by hand with plain EM, which warns about the empties.
    seeds = np.random.default_rng(seed).integers(0, 2**31 - 1, size=n_init)
    np.testing.assert_array_equal(selection.seeds, seeds)
    with pytest.warns(nc.EmptyComponentWarning):  # the case does empty components
        for i, k in enumerate(ks):
            for r, s in enumerate(seeds):
                run = nc.EM(X, nc.init_model(X, "gaussian", k, rng=int(s), prior=prior), prior=prior)
                run.run(max_iter=300, tol=1e-6)
                assert selection.objective[i, r] == run.history[-1].objective
                assert selection.runs[(i, r)].history[-1].empty == run.history[-1].empty
                assert selection.bic[i, r] == nc.bic(run.model, X)
    assert any(run.history[-1].empty for run in selection.runs.values())


def test_scalar_arguments_are_refused_before_any_fit():
    X = np.eye(4)
    with pytest.raises(ValueError, match=r"^max_iter must be a non-negative integer; got -1$"):
        nc.select_components(X, "bernoulli", [1], max_iter=-1)
    with pytest.raises(ValueError, match=r"^tol must be a finite number >= 0; got nan$"):
        nc.select_components(X, "bernoulli", [1], tol=float("nan"))
    with pytest.raises(ValueError, match=r"^n_init must be a positive integer; got 2.0$"):
        nc.select_components(X, "bernoulli", [1], n_init=2.0)
