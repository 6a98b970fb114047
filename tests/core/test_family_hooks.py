"""The family is the core's one extension point: declared hooks, and a fourth family defined here."""

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pytest
from scipy import stats
from scipy.special import gammaln

import nbviz.core as nc
from nbviz.core import validation
from nbviz.core.mixture import EMPTY_MASS, Prepared, frozen, map_weights

# ----------------------------------------------------------------- a fourth family: products of Poissons


@dataclass(frozen=True, eq=False)
class PoissonMixture(nc.Mixture):
    """Mixture of products of Poissons: ``x_d | z = k ~ Poisson(rates[k, d])``."""

    rates: np.ndarray

    family: ClassVar[str] = "poisson"
    data_kind: ClassVar[str] = "counts"

    def _validate(self):
        rates = validation.as_float_array(self.rates, "rates", 2)
        if rates.shape[0] != self.n_components or (rates <= 0).any():
            raise ValueError("rates must be positive, one row per component")
        object.__setattr__(self, "rates", frozen(rates))

    @classmethod
    def _prepare(cls, X, n_features=None):
        X = validation.as_data_matrix(X, n_features)
        bad = (X < 0) | (X != np.round(X))
        if bad.any():
            raise validation.data_fit_error(X, bad, "Poisson", "counts", "not a count", "load counts")
        return Prepared(
            X=frozen(X),
            Xt=np.ascontiguousarray(X.T),
            shift=np.zeros(X.shape[1]),
            row_constant=-gammaln(X + 1).sum(axis=1),
        )

    def _log_emission(self, data):
        return np.log(self.rates) @ data.Xt - self.rates.sum(axis=1)[:, None] + data.row_constant

    @classmethod
    def _map_update(cls, data, resp, prior, previous=None):
        nk = resp.sum(axis=1)
        empty = np.flatnonzero(nk < EMPTY_MASS)
        rates = (resp @ data.Xt.T + prior.beta + 1e-12) / (nk + prior.beta)[:, None].clip(EMPTY_MASS)
        if empty.size:
            rates[empty] = previous.rates[empty]
        return cls(weights=map_weights(nk, prior.alpha), rates=rates), empty

    def _log_emission_prior(self, prior):
        return 0.0

    def _sample_emissions(self, z, rng):
        return rng.poisson(self.rates[z]).astype(float)

    @property
    def n_features(self):
        return self.rates.shape[1]

    @property
    def n_parameters(self):
        return (self.n_components - 1) + self.rates.size

    @classmethod
    def _comparison_points(cls, data):
        return data.X

    @classmethod
    def _start_from_rows(cls, data, rows, prior):
        overall = data.X.mean(axis=0) + 0.5
        return cls(weights=np.full(len(rows), 1 / len(rows)), rates=0.5 * data.X[rows] + 0.5 * overall)

    def _component_distances(self, other):
        # Bhattacharyya distance of two Poissons: (sqrt(a) - sqrt(b))^2 / 2, summed over features
        return 0.5 * ((np.sqrt(self.rates)[:, None, :] - np.sqrt(other.rates)[None, :, :]) ** 2).sum(axis=2)

    def _slice_directions(self):
        return tuple(("rate", k, d) for k in range(self.n_components) for d in range(self.n_features))

    def _slice_point(self, direction, t):
        if direction not in self._slice_directions():
            raise self._no_direction(direction)
        _, k, d = direction
        rates = self.rates.copy()
        rates[k, d] += t
        return self.replaced(rates=rates), float(rates[k, d])


TRUTH = PoissonMixture(weights=[0.4, 0.6], rates=[[2.0, 20.0], [15.0, 3.0]])


@pytest.fixture
def poisson():
    nc.register_family(PoissonMixture)
    yield PoissonMixture
    nc.FAMILIES.pop("poisson")


@pytest.fixture
def sample():
    return TRUTH.sample(300, rng=0)


@pytest.mark.parametrize("method", nc.INIT_METHODS)
def test_a_new_family_starts_and_climbs_with_the_unchanged_engine(poisson, sample, method):
    X, z = sample
    start = nc.init_model(X, "poisson", 2, method=method, rng=1)
    assert isinstance(start, PoissonMixture) and start.n_components == 2
    run = nc.EM(X, start)
    run.run(max_iter=200, tol=1e-10)
    objectives = [s.objective for s in run.history]
    assert np.all(np.diff(objectives) >= -1e-9 * np.abs(objectives[1:]))
    # the log-likelihood is the one scipy computes
    expected = np.log(
        sum(w * stats.poisson.pmf(X, r).prod(axis=1) for w, r in zip(run.model.weights, run.model.rates))
    ).sum()
    assert run.history[-1].log_likelihood == pytest.approx(expected, rel=1e-10)
    # the fit finds the truth (up to order)
    perm = nc.match_components(run.model, TRUTH)
    np.testing.assert_allclose(run.model.permuted(perm).rates, TRUTH.rates, rtol=0.15)


def test_a_new_family_with_e_step_m_step_naive_bayes_and_matching(poisson, sample):
    X, z = sample
    resp = nc.e_step(TRUTH, X)
    np.testing.assert_allclose(resp, TRUTH.responsibilities(X), rtol=1e-14)
    moved = nc.m_step(TRUTH, X, resp)
    np.testing.assert_allclose(moved.rates, (resp.T @ X) / resp.sum(axis=0)[:, None], rtol=1e-9)
    fitted = nc.fit_naive_bayes(X, z, "poisson")
    for k in range(2):
        np.testing.assert_allclose(fitted.rates[k], X[z == k].mean(axis=0), rtol=1e-9)
    np.testing.assert_array_equal(nc.match_components(TRUTH.permuted([1, 0]), TRUTH), [1, 0])
    assert nc.bhattacharyya_distances(TRUTH, TRUTH)[0, 0] == 0
    assert nc.Mixture.from_dict(fitted.to_dict()).rates.tolist() == fitted.rates.tolist()
    selection = nc.select_components(X, "poisson", [1, 2, 3], n_init=2, rng=0)
    assert selection.best_k == 2


def test_a_new_family_offers_its_own_slices_of_the_bound(poisson, sample):
    X, _ = sample
    assert TRUTH.slice_directions() == (
        ("weight", 0),
        ("weight", 1),
        ("rate", 0, 0),
        ("rate", 0, 1),
        ("rate", 1, 0),
        ("rate", 1, 1),
    )
    ts = np.linspace(-1.0, 1.0, 11)
    for direction in [("rate", 0, 1), ("weight", 1), nc.m_step(TRUTH, X, nc.e_step(TRUTH, X))]:
        result = nc.bound_slice(X, TRUTH, direction, ts)
        valid = ~np.isnan(result.objective)  # NaN where the parameters would be invalid
        assert valid.sum() >= 4
        assert np.all(result.surrogate[valid] <= result.objective[valid] + 1e-9 * np.abs(result.objective[valid]))
        assert result.surrogate[5] == pytest.approx(result.objective[5], rel=1e-12)  # touches at t = 0


# ----------------------------------------------------------------- hooks are enforced when a class is made
def test_a_family_missing_a_hook_is_refused_when_defined():
    # the Poisson family's own body without one hook
    body = {
        name: value
        for name, value in vars(PoissonMixture).items()
        if name not in ("_component_distances", "__dict__", "__weakref__")
    }
    body["family"] = "half"
    with pytest.raises(TypeError, match=r"HalfFamily \(family 'half'\) does not define _component_distances;"):
        type("HalfFamily", (nc.Mixture,), body)

    with pytest.raises(TypeError, match=r"does not define _validate, _prepare, .*_slice_point"):

        class Empty(nc.Mixture):
            family: ClassVar[str] = "empty"


def test_a_family_without_a_data_kind_is_refused_when_defined():
    with pytest.raises(TypeError, match="does not set data_kind"):

        class Kindless(PoissonMixture):
            family: ClassVar[str] = "kindless"
            data_kind: ClassVar[str] = ""


def test_abstract_bases_and_subclasses_of_families_need_no_new_hooks():
    class Base(nc.Mixture):  # no family: an abstract base is allowed
        pass

    class TinyGaussian(nc.GaussianMixture):  # inherits every hook
        pass

    assert Base.family == "" and TinyGaussian.family == "gaussian"


def test_register_family_refuses_non_families_and_taken_names():
    with pytest.raises(ValueError, match="not a mixture family"):
        nc.register_family(dict)

    class Impostor(PoissonMixture):
        family: ClassVar[str] = "gaussian"

    with pytest.raises(ValueError, match="'gaussian' is taken by GaussianMixture"):
        nc.register_family(Impostor)
    with pytest.raises(ValueError, match="family must be one of gaussian, bernoulli, multinomial, categorical, mixed"):
        nc.get_family("poisson")


# ----------------------------------------------------------------- declared options and metadata
def test_families_declare_their_data_kind_and_options():
    assert {name: cls.data_kind for name, cls in nc.FAMILIES.items()} == {
        "gaussian": "continuous",
        "bernoulli": "binary",
        "multinomial": "counts",
        "categorical": "categorical",
        "mixed": "mixed",
    }
    assert nc.families_for("binary") == ["bernoulli"] and nc.families_for("images") == []
    assert [(o.name, o.stage, o.default) for o in nc.GaussianMixture.options] == [("covariance_type", "fit", "full")]
    assert [(o.name, o.stage, o.default) for o in nc.MultinomialMixture.options] == [("n_trials", "sample", 50)]
    assert nc.BernoulliMixture.options == ()
    # one call serves every family: undeclared options are left out, declared ones checked
    assert nc.BernoulliMixture.family_options("fit", covariance_type="diag") == {}
    assert nc.GaussianMixture.family_options("fit", covariance_type="diag") == {"covariance_type": "diag"}
    with pytest.raises(ValueError, match="covariance_type must be one of full, diag, spherical, tied; got 'round'"):
        nc.GaussianMixture.family_options("fit", covariance_type="round")
    assert [cls.supports_fixed_covariances for cls in nc.FAMILIES.values()] == [True, False, False, False, True]


def test_sampling_options_are_the_declared_ones():
    multinomial = nc.MultinomialMixture(weights=[1.0], probs=[[0.5, 0.5]])
    X, _ = multinomial.sample(4, rng=0, n_trials=7)
    np.testing.assert_array_equal(X.sum(axis=1), 7)
    with pytest.raises(ValueError, match="n_trials must be non-negative integers"):
        multinomial.sample(4, rng=0, n_trials=-1)
    bernoulli = nc.BernoulliMixture(weights=[1.0], probs=[[0.5, 0.5]])
    with pytest.raises(TypeError, match="unexpected option.*n_trials; its sampling options are: none"):
        bernoulli.sample(4, rng=0, n_trials=7)


def test_slice_directions_of_the_built_in_families():
    gaussian = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0], [1.0]], covariances=np.ones((2, 1, 1)))
    assert gaussian.slice_directions() == (("weight", 0), ("weight", 1), ("mean", 0, 0), ("mean", 1, 0))
    bernoulli = nc.BernoulliMixture(weights=[1.0], probs=[[0.2, 0.7]])
    assert bernoulli.slice_directions() == (("weight", 0), ("prob", 0, 0), ("prob", 0, 1))
    moved, value = bernoulli.slice_point(("prob", 0, 1), 0.1)
    assert value == pytest.approx(0.8) and moved.probs[0, 1] == pytest.approx(0.8)
    multinomial = nc.MultinomialMixture(weights=[1.0], probs=[[0.5, 0.5]])
    assert multinomial.slice_directions() == (("weight", 0),)
    X = np.array([[1.0, 2.0], [3.0, 0.0]])
    # an impossible direction says why instead of returning a slice of NaN
    with pytest.raises(ValueError, match="word probability cannot move alone"):
        nc.bound_slice(X, multinomial, ("prob", 0, 0), [0.0, 0.1])
    with pytest.raises(ValueError, match=r"no slice direction \('mean', 0, 0\)"):
        nc.bound_slice(X[:, :2] > 0, bernoulli, ("mean", 0, 0), [0.0, 0.1])
