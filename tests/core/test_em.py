"""The EM stepper, its history, and the parameter-set API."""

import json
import warnings

import numpy as np
import pytest

import nbviz.core as nc


def two_blobs(n=60, seed=0):
    rng = np.random.default_rng(seed)
    return np.vstack([rng.normal([0, 0], 0.6, size=(n // 2, 2)), rng.normal([4, 3], 0.8, size=(n - n // 2, 2))])


@pytest.fixture
def gaussian_run():
    X = two_blobs()
    return nc.EM(X, nc.init_model(X, "gaussian", 2, rng=1))


def test_history_records_every_half_step_with_phase_and_iteration(gaussian_run):
    run = gaussian_run
    assert [(s.phase, s.iteration) for s in run.history] == [("init", 0)]
    assert run.resp is None and run.history[0].elbo is None and run.history[0].kl is None
    run.e_step()
    run.m_step()
    run.step()
    run.e_step()
    run.step()  # after an E-step, a full iteration only needs the M-step
    assert [(s.phase, s.iteration) for s in run.history] == [
        ("init", 0),
        ("E", 1),
        ("M", 1),
        ("E", 2),
        ("M", 2),
        ("E", 3),
        ("M", 3),
    ]
    assert run.history[-1].model is run.model


def test_m_step_before_any_e_step_is_refused(gaussian_run):
    with pytest.raises(RuntimeError, match="E-step"):
        gaussian_run.m_step()


def test_elbo_touches_after_e_step_and_lies_below_after_m_step(gaussian_run):
    run = gaussian_run
    for _ in range(4):
        run.step()
    for before, after in zip(run.history, run.history[1:]):
        if after.phase == "E":
            assert after.elbo == pytest.approx(after.objective, rel=1e-12, abs=1e-9)
            assert after.model is before.model
        else:
            assert after.elbo <= after.objective + 1e-9
            assert after.elbo >= before.elbo - 1e-9  # the M-step raises the ELBO
            assert after.objective >= before.objective - 1e-9
    assert any(s.kl > 1e-6 for s in run.history if s.phase == "M")  # the gap is really there


def test_elbo_is_expected_complete_log_likelihood_plus_entropy(gaussian_run):
    run = gaussian_run
    run.e_step()
    q = run.resp.copy()
    run.m_step()
    log_joint = run.model.log_joint(run.X)
    expected = np.sum(q * log_joint) - np.sum(q * np.log(q))
    assert run.history[-1].elbo == pytest.approx(expected, rel=1e-12)


def test_run_stops_at_convergence_and_callback_can_stop_it(gaussian_run):
    run = gaussian_run
    done = run.run(max_iter=500, tol=1e-10)
    assert run.converged and done < 500
    gains = np.diff([s.objective for s in run.history if s.phase == "M"])
    assert gains[-1] < 1e-10
    X = two_blobs()
    calls = []
    other = nc.EM(X, nc.init_model(X, "gaussian", 2, rng=1))
    assert other.run(max_iter=100, tol=0.0, callback=lambda em: calls.append(1) or len(calls) < 3) == 3
    assert not other.converged and len(other.history) == 7


def test_rewind_then_step_reproduces_the_same_history(gaussian_run):
    run = gaussian_run
    for _ in range(5):
        run.step()
    original = [(s.phase, s.objective, s.model.means.copy()) for s in run.history]
    run.rewind(4)  # an M snapshot
    assert len(run.history) == 5
    run.e_step()
    run.step()
    run.step()
    run.step()
    assert [(s.phase, s.objective) for s in run.history] == [(p, o) for p, o, _ in original[: len(run.history)]]
    np.testing.assert_array_equal(run.model.means, original[len(run.history) - 1][2])
    run.rewind(3)  # an E snapshot: the M-step can follow directly
    run.m_step()
    np.testing.assert_array_equal(run.model.means, original[4][2])
    run.rewind(0)
    assert run.resp is None and len(run.history) == 1


def test_responsibilities_at_recomputes_what_each_half_step_used(gaussian_run):
    run = gaussian_run
    resps = []
    for _ in range(3):
        resps.append(run.e_step().copy())
        run.m_step()
    for index, snapshot in enumerate(run.history):
        if snapshot.phase == "E":
            np.testing.assert_allclose(
                run.responsibilities_at(index), snapshot.model.responsibilities(run.X), rtol=1e-13
            )
        if snapshot.phase == "M":
            np.testing.assert_allclose(run.responsibilities_at(index), resps[snapshot.iteration - 1], rtol=1e-13)


def test_snapshots_hold_parameters_not_per_point_arrays(gaussian_run):
    run = gaussian_run
    for _ in range(3):
        run.step()
    n = run.X.shape[0]
    for snapshot in run.history:
        for value in vars(snapshot.model).values():
            if isinstance(value, np.ndarray):
                assert n not in value.shape
        for value in vars(snapshot).values():
            assert not isinstance(value, np.ndarray)


def test_parameters_are_read_only(gaussian_run):
    model = gaussian_run.model
    with pytest.raises(ValueError):
        model.means[0, 0] = 99.0
    with pytest.raises(AttributeError):
        model.weights = np.array([0.5, 0.5])


def test_labelled_rows_keep_one_hot_responsibilities():
    X = two_blobs()
    labels = np.full(len(X), -1)
    labels[[0, 1, 40]] = [1, 1, 0]  # deliberately the "other" way round
    run = nc.EM(X, nc.init_model(X, "gaussian", 2, rng=1), labels=labels)
    resp = run.e_step()
    np.testing.assert_array_equal(resp[[0, 1, 40]], [[0, 1], [0, 1], [1, 0]])
    assert np.all((resp[2:40] > 0) & (resp[2:40] < 1))
    run.run(max_iter=50)
    objective = [s.objective for s in run.history]
    assert np.all(np.diff(objective) >= -1e-9 * np.abs(objective[:-1]))
    for index in range(1, len(run.history)):
        np.testing.assert_array_equal(run.responsibilities_at(index)[[0, 1, 40]], [[0, 1], [0, 1], [1, 0]])


def test_all_labelled_is_naive_bayes_in_one_m_step():
    rng = np.random.default_rng(3)
    X = (rng.random((40, 6)) < 0.4).astype(float)
    y = rng.integers(0, 3, size=40)
    start = nc.BernoulliMixture(weights=[0.2, 0.3, 0.5], probs=np.full((3, 6), 0.5))
    run = nc.EM(X, start, labels=y, prior=nc.Prior(beta=1.0))
    run.step()
    nb = nc.fit_naive_bayes(X, y, "bernoulli", prior=nc.Prior(beta=1.0))
    np.testing.assert_allclose(run.model.probs, nb.probs, rtol=1e-14)
    np.testing.assert_allclose(run.model.weights, nb.weights, rtol=1e-14)
    # Nothing moves after that: converged in the next iteration.
    assert run.run(max_iter=10, tol=1e-12) == 1 and run.converged
    # The observed-data log-likelihood of fully labelled data is sum_n log p(x_n, y_n).
    assert run.history[-1].log_likelihood == pytest.approx(nb.log_joint(X)[np.arange(40), y].sum(), rel=1e-13)


def test_hard_em_assigns_each_point_wholly_and_climbs_the_classification_likelihood():
    X = two_blobs(seed=4)
    run = nc.EM(X, nc.init_model(X, "gaussian", 2, rng=2, covariance_type="spherical"), hard=True)
    resp = run.e_step()
    assert set(np.unique(resp)) == {0.0, 1.0}
    np.testing.assert_array_equal(resp.argmax(axis=1), run.model.predict(X))
    run.run(max_iter=30)
    elbo = [s.elbo for s in run.history[1:]]
    assert np.all(np.diff(elbo) >= -1e-9 * np.abs(elbo[:-1]))
    # The hard ELBO is the classification log-likelihood sum_n log p(x_n, z_n).
    last_e = max(i for i, s in enumerate(run.history) if s.phase == "E")
    z = run.history[last_e].model.predict(X)
    assert run.history[last_e].elbo == pytest.approx(run.history[last_e].model.log_joint(X)[np.arange(len(X)), z].sum())


def test_an_empty_component_is_reported_and_keeps_its_parameters_without_nan():
    X = two_blobs()
    far = nc.GaussianMixture(
        weights=[0.45, 0.45, 0.1], means=[[0, 0], [4, 3], [1e3, 1e3]], covariances=np.stack([np.eye(2) * 0.5] * 3)
    )
    run = nc.EM(X, far)
    with pytest.warns(nc.EmptyComponentWarning, match=r"component\(s\) \[2\]"):
        run.step()
    assert run.history[-1].empty == (2,)
    np.testing.assert_array_equal(run.model.means[2], [1e3, 1e3])
    assert run.model.weights[2] == 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # reported once, not at every step
        run.step()
    assert all(np.isfinite(s.objective) and np.isfinite(s.elbo) for s in run.history[1:])


def test_empty_components_can_be_recorded_without_a_warning():
    X = two_blobs()
    far = nc.GaussianMixture(
        weights=[0.45, 0.45, 0.1], means=[[0, 0], [4, 3], [1e3, 1e3]], covariances=np.stack([np.eye(2) * 0.5] * 3)
    )
    loud = nc.EM(X, far)
    with pytest.warns(nc.EmptyComponentWarning):
        loud.step()
    quiet = nc.EM(X, far, warn_empty=False)
    resp = nc.e_step(far, X)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        quiet.step()
        model = nc.m_step(far, X, resp, warn_empty=False)
    assert quiet.history[-1].empty == loud.history[-1].empty == (2,)
    assert [s.objective for s in quiet.history] == [s.objective for s in loud.history]
    np.testing.assert_array_equal(model.means, loud.model.means)
    with pytest.warns(nc.EmptyComponentWarning, match=r"component\(s\) \[2\]"):
        nc.m_step(far, X, resp)


def test_bernoulli_probabilities_of_exactly_zero_and_one_never_give_nan():
    X = np.array([[1, 0, 1], [1, 0, 0], [0, 0, 1], [1, 0, 1]])  # feature 1 is always 0
    start = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.9, 0.0, 0.5], [0.5, 0.0, 1.0]])
    run = nc.EM(X, start)
    run.run(max_iter=20)
    for snapshot in run.history:
        assert np.isfinite(snapshot.objective)
        assert snapshot.elbo is None or np.isfinite(snapshot.elbo)
    assert np.all(run.model.probs[:, 1] == 0.0)
    log_joint = start.log_joint(X)
    assert np.isneginf(log_joint[1, 1]) and np.isneginf(log_joint[0, 0]) is np.False_
    assert not np.isnan(log_joint).any()


@pytest.mark.parametrize(
    "model",
    [
        nc.GaussianMixture(weights=[0.4, 0.6], means=[[1.5], [5.0]], covariances=[[[0.25]], [[0.67]]]),
        nc.GaussianMixture(
            weights=[0.4, 0.6], means=[[1.5, 0], [5.0, 1]], covariances=[0.25, 0.67], covariance_type="spherical"
        ),
        nc.GaussianMixture(
            weights=[0.4, 0.6], means=[[1.5, 0], [5.0, 1]], covariances=[[1, 0.5], [0.5, 2]], covariance_type="tied"
        ),
        nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]]),
        nc.MultinomialMixture(weights=[0.5, 0.5], probs=[[0.5, 0.4, 0.05, 0.05], [0.1, 0.1, 0.5, 0.3]]),
    ],
)
def test_to_dict_round_trips_exactly_through_json(model):
    text = json.dumps(model.to_dict())
    for cls in (type(model), nc.Mixture):
        copy = cls.from_dict(json.loads(text))
        assert type(copy) is type(model)
        for name in ("weights", "means", "covariances", "probs"):
            if hasattr(model, name):
                np.testing.assert_array_equal(getattr(copy, name), getattr(model, name))
    other = nc.BernoulliMixture if not isinstance(model, nc.BernoulliMixture) else nc.GaussianMixture
    with pytest.raises(ValueError, match="description"):
        other.from_dict(model.to_dict())


def test_sampling_is_reproducible_and_has_the_model_moments():
    model = nc.GaussianMixture(
        weights=[0.3, 0.7], means=[[0, 0], [5, -2]], covariances=[[[1.0, 0.6], [0.6, 2.0]], [[0.5, -0.2], [-0.2, 0.3]]]
    )
    X1, z1 = model.sample(200_000, rng=7)
    X2, z2 = model.sample(200_000, rng=np.random.default_rng(7))
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(z1, z2)
    assert abs(np.mean(z1 == 0) - 0.3) < 5 * np.sqrt(0.21 / 200_000)
    for k in range(2):
        points = X1[z1 == k]
        np.testing.assert_allclose(points.mean(axis=0), model.means[k], atol=0.02)
        np.testing.assert_allclose(np.cov(points.T), model.covariances[k], atol=0.03)


def test_discrete_sampling_has_the_model_probabilities():
    bern = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.9, 0.1, 0.5], [0.2, 0.8, 0.0]])
    X, z = bern.sample(100_000, rng=1)
    assert set(np.unique(X)) <= {0.0, 1.0}
    np.testing.assert_allclose(X[z == 0].mean(axis=0), bern.probs[0], atol=0.01)
    mult = nc.MultinomialMixture(weights=[0.5, 0.5], probs=[[0.7, 0.2, 0.1], [0.1, 0.1, 0.8]])
    X, z = mult.sample(20_000, rng=1, n_trials=30)
    assert np.all(X.sum(axis=1) == 30)
    np.testing.assert_allclose(X[z == 1].sum(axis=0) / X[z == 1].sum(), mult.probs[1], atol=0.01)


@pytest.mark.parametrize(
    "family, X",
    [
        ("gaussian", two_blobs(90)),
        ("bernoulli", (np.random.default_rng(0).random((90, 5)) < 0.5).astype(float)),
        ("multinomial", np.random.default_rng(0).integers(0, 5, size=(90, 4)).astype(float)),
    ],
)
@pytest.mark.parametrize("method", nc.INIT_METHODS)
def test_init_model_is_reproducible_and_valid_for_every_family_and_method(family, X, method):
    a = nc.init_model(X, family, 3, method=method, rng=5)
    b = nc.init_model(X, family, 3, method=method, rng=5)
    assert type(a) is nc.FAMILIES[family] and a.n_components == 3
    np.testing.assert_array_equal(a.to_dict()["weights"], b.to_dict()["weights"])
    assert a.to_dict() == b.to_dict()
    assert np.isfinite(a.log_likelihood(X))


@pytest.mark.parametrize(
    "model",
    [
        nc.GaussianMixture(
            weights=[0.2, 0.3, 0.5],
            means=[[0, 0], [5, 0], [0, 5]],
            covariances=np.stack([np.eye(2), 2 * np.eye(2), 0.5 * np.eye(2)]),
        ),
        nc.BernoulliMixture(weights=[0.2, 0.3, 0.5], probs=[[0.9, 0.1], [0.1, 0.9], [0.5, 0.5]]),
        nc.MultinomialMixture(weights=[0.2, 0.3, 0.5], probs=[[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]]),
    ],
)
def test_match_components_recovers_a_relabelling(model):
    order = np.array([2, 0, 1])
    shuffled = model.permuted(order)
    perm = nc.match_components(shuffled, model)
    # reference component j is shuffled component perm[j]
    assert perm.tolist() == np.argsort(order).tolist()
    aligned = shuffled.permuted(perm)
    np.testing.assert_array_equal(aligned.weights, model.weights)


def test_information_criteria_count_parameters_by_family_and_covariance_type():
    X = two_blobs()
    counts = {"full": 1 + 4 + 2 * 3, "diag": 1 + 4 + 4, "spherical": 1 + 4 + 2, "tied": 1 + 4 + 3}
    for kind, p in counts.items():
        model = nc.init_model(X, "gaussian", 2, rng=0, covariance_type=kind)
        assert model.n_parameters == p
        ll = model.log_likelihood(X)
        assert nc.bic(model, X) == pytest.approx(-2 * ll + p * np.log(len(X)))
        assert nc.aic(model, X) == pytest.approx(-2 * ll + 2 * p)
    assert nc.BernoulliMixture(weights=[0.5, 0.5], probs=np.full((2, 7), 0.5)).n_parameters == 1 + 14
    assert nc.MultinomialMixture(weights=[0.5, 0.5], probs=np.full((2, 4), 0.25)).n_parameters == 1 + 6


def test_e_step_function_matches_the_model_posterior():
    X = two_blobs()
    model = nc.init_model(X, "gaussian", 2, rng=0)
    np.testing.assert_allclose(nc.e_step(model, X), model.responsibilities(X), rtol=1e-14)


def test_m_step_refuses_what_is_not_a_mixture_in_one_line_as_e_step_does():
    X = np.array([[1.0, np.nan], [0.0, 1.0]])
    model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.2, 0.7], [0.6, 0.3]])
    resp = nc.e_step(model, X)
    with pytest.raises(ValueError, match="model must be an nbviz mixture; got ndarray"):
        nc.m_step(X, model, resp)  # the arguments out of order
    with pytest.raises(ValueError, match="model must be an nbviz mixture; got ndarray"):
        nc.e_step(X, model)
