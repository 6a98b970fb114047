"""The parameter-set base class shared by every mixture family.

A mixture has weights ``pi`` and per-component emission parameters. Subclasses (one per family in
``nbviz.core.families``) are the one extension point of the core: they declare their keyword
options and the kind of data they describe, and supply the emission log-density, the MAP update
from weighted data, the log-prior of their parameters, sampling, a parameter count, starting points,
the distance between components and the directions of the bound's slices (`FAMILY_HOOKS`); those
that take missing cells also the hooks of ``nbviz.core.incomplete``.
Everything else lives here, and no other module asks which family a model is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Self

import numpy as np

from . import validation
from .logspace import ZeroProbabilityError, normalise
from .params import check_integer
from .prepared import Prepared
from .prior import Prior, as_prior

# A component whose total responsibility is below this many data points is "empty": its MAP update
# is undefined (0/0), so it keeps its previous emission parameters, which cannot lower the objective.
EMPTY_MASS = 1e-8


@dataclass(frozen=True)
class FamilyOption:
    """A keyword option that a family accepts, declared in its `Mixture.options`.

    Attributes
    ----------
    name : str
        The keyword, e.g. ``"covariance_type"``.
    stage : {"fit", "sample"}
        "fit": starts, M-steps and naive Bayes (`init_model`, `fit_naive_bayes`, ``_map_update``);
        "sample": `Mixture.sample`.
    default : object
        The value used when the option is not given.
    check : callable
        ``check(value)`` returns the value to use or raises ValueError saying what is allowed.
    description : str
        One sentence for documentation and user interfaces.
    """

    name: str
    stage: str
    default: Any
    check: Callable[[Any], Any]
    description: str


@dataclass(frozen=True)
class ComponentNeeds:
    """What one component needs of the data to estimate its own parameters (see `degeneracy`).

    Attributes
    ----------
    rows : int
        The effective rows ``N_k`` below which the component is degenerate.
    phrase : str
        Says why, before the number: "a full covariance of 2 feature(s) needs at least".
    smallest_variances : ndarray or None
        The smallest variance of each component's covariance (one value when the components share
        it); None for a family without covariances.
    shared : bool
        One covariance for every component (tied): its floor concerns them all.
    """

    rows: int = 1
    phrase: str = "a component needs at least"
    smallest_variances: np.ndarray | None = None
    shared: bool = False


# The hooks every concrete family (a subclass that sets `family`) must define; a class missing one
# is refused when it is created.
FAMILY_HOOKS = (
    "_validate",
    "_prepare",
    "_log_emission",
    "_map_update",
    "_log_emission_prior",
    "_sample_emissions",
    "n_features",
    "n_parameters",
    "_comparison_points",
    "_start_from_rows",
    "_component_distances",
    "_slice_directions",
    "_slice_point",
)


def map_weights(nk: np.ndarray, alpha: float) -> np.ndarray:
    """MAP mixture weights ``(N_k + alpha) / (N + K alpha)`` from component masses `nk`."""
    return (nk + alpha) / (nk.sum() + nk.size * alpha)


def frozen(array: np.ndarray) -> np.ndarray:
    """A read-only C-contiguous float64 copy."""
    out = np.array(array, dtype=np.float64, order="C")
    out.setflags(write=False)
    return out


@dataclass(frozen=True, eq=False)
class Mixture:
    """Base class: a categorical latent class with weights and a family of emissions.

    Parameter sets are immutable (read-only arrays) and validated on construction, so history
    snapshots can share them safely. Construct one of the families (`GaussianMixture`,
    `BernoulliMixture`, `MultinomialMixture`); the methods below serve all of them.

    Parameters
    ----------
    weights : array-like of shape (n_components,)
        Mixture weights ``pi_k``: non-negative, summing to 1.
    **parameters
        The family's emission parameters (see each family).

    Raises
    ------
    ValueError
        For parameters of the wrong shape or outside their range, naming the entry.

    Examples
    --------
    >>> import numpy as np, nbviz.core as nc
    >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
    >>> model.n_components, model.n_features, model.n_parameters
    (2, 2, 5)
    >>> model.predict([[1, 1], [0, 1]]).tolist()
    [0, 1]
    """

    weights: np.ndarray

    # Registry name of the family ("" on abstract bases); set by every concrete family.
    family: ClassVar[str] = ""
    # The kind of data the family describes, e.g. "continuous", "binary" or "counts"; lets an
    # application pick a default family for a data set. Required of every concrete family.
    data_kind: ClassVar[str] = ""
    # Keyword options the family accepts (see `family_options`).
    options: ClassVar[tuple[FamilyOption, ...]] = ()
    # Whether `EM` and `m_step` can keep the starting covariances (``fixed_covariances=True``).
    supports_fixed_covariances: ClassVar[bool] = False
    # Whether the family's EM takes missing cells (NaN) and marginalises them (`nbviz.core.missing`);
    # a family without it refuses them, naming the cell.
    accepts_missing: ClassVar[bool] = False
    parameter_names: ClassVar[tuple[str, ...]] = ()
    # Appended to "has probability zero under every component" when that happens.
    zero_probability_hint: ClassVar[str] = ""

    # Caches derived from the fields, set with object.__setattr__ in __post_init__ (and, in the
    # families, in _validate). Declared for type checkers only: as dataclass fields they would
    # enter to_dict, permuted and replaced.
    if TYPE_CHECKING:
        _log_weights: np.ndarray = dataclasses.field(init=False)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not cls.family:
            return
        missing = [name for name in FAMILY_HOOKS if _is_abstract(cls, name)]
        if missing:
            raise TypeError(
                f"{cls.__name__} (family {cls.family!r}) does not define {', '.join(missing)}; "
                "every family must define all of nbviz.core.mixture.FAMILY_HOOKS"
            )
        if not cls.data_kind:
            raise TypeError(
                f"{cls.__name__} (family {cls.family!r}) does not set data_kind; set it to the "
                'kind of data the family describes, e.g. "continuous", "binary" or "counts"'
            )

    def __post_init__(self):
        weights = validation.as_float_array(self.weights, "weights", 1)
        validation.check_weights(weights)
        object.__setattr__(self, "weights", frozen(weights))
        self._validate()
        with np.errstate(divide="ignore"):
            object.__setattr__(self, "_log_weights", np.log(self.weights))

    # ----------------------------------------------------------------- family hooks
    def _validate(self) -> None:
        """Convert and check the emission parameters against ``self.n_components``."""
        raise NotImplementedError

    @classmethod
    def _prepare(cls, X, n_features: int | None = None) -> Prepared:
        """Validate data for this family and lay it out for the engine."""
        raise NotImplementedError

    def _log_emission(self, data: Prepared) -> np.ndarray:
        """``log p(x_n | z_n = k)`` as an array of shape (n_components, n_samples)."""
        raise NotImplementedError

    @classmethod
    def _map_update(
        cls, data: Prepared, resp: np.ndarray, prior: Prior, previous: Self | None = None
    ) -> tuple[Self, np.ndarray]:
        """The MAP (or ML) parameters given responsibilities of shape (n_components, n_samples).

        Returns the new model and the indices of empty components, which keep `previous`'s
        emission parameters. A family adds its "fit" `options` (and ``fixed_covariances`` if it
        `supports_fixed_covariances`) as keyword parameters; callers pass only those.
        """
        raise NotImplementedError

    def _log_emission_prior(self, prior: Prior) -> float:
        """Log-prior of the emission parameters under `prior` (0 when its knobs for them are 0)."""
        raise NotImplementedError

    def _sample_emissions(self, z: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """Emissions of shape (n, n_features) for the components `z` of shape (n,).

        A family adds its "sample" `options` as keyword parameters; `sample` passes only those.
        """
        raise NotImplementedError

    @property
    def n_features(self) -> int:
        """Number of features (columns of X) the model describes."""
        raise NotImplementedError

    @property
    def n_parameters(self) -> int:
        """Number of free parameters (for BIC and AIC)."""
        raise NotImplementedError

    @classmethod
    def _comparison_points(cls, data: Prepared) -> np.ndarray:
        """Rows in the space where k-means++ and "random_from_data" starts compare them.

        Returns an array of shape (n_samples, n_points_features); distances there are Euclidean.
        """
        raise NotImplementedError

    @classmethod
    def _start_from_rows(cls, data: Prepared, rows: np.ndarray, prior: Prior) -> Self:
        """A starting model with one component centred on each of the data rows `rows` (n_components,).

        A family adds its "fit" `options` as keyword parameters; callers pass only those.
        """
        raise NotImplementedError

    @classmethod
    def _start_from_responsibilities(cls, data: Prepared, resp: np.ndarray, prior: Prior, **options: Any) -> Self:
        """A starting model from responsibilities of shape (n_components, n_samples): one M-step."""
        return cls._map_update(data, resp, prior, **options)[0]

    def _component_distances(self, other: Self) -> np.ndarray:
        """Bhattacharyya distances between the components of `self` and those of `other` (same
        family and features), shape (self.n_components, other.n_components); may hold ``inf``."""
        raise NotImplementedError

    def _slice_directions(self) -> tuple[tuple, ...]:
        """The family's own slice directions for `bound_slice`, e.g. ``("mean", k, d)``."""
        raise NotImplementedError

    def _slice_point(self, direction: tuple, t: float) -> tuple[Self, float]:
        """The model moved by t along one of the family's own directions, and the moved value.

        Raises ValueError for a direction the family does not have, or where the move leaves the
        valid parameters.
        """
        raise NotImplementedError

    def _no_direction(self, direction) -> ValueError:
        """The error for a slice direction this family does not offer."""
        return ValueError(
            f"a {self.family} mixture has no slice direction {direction!r}; "
            f"use one of slice_directions(), e.g. {self.slice_directions()[0]!r}"
        )

    # ----------------------------------------------------------------- shared API
    @classmethod
    def family_options(cls, stage: str, **given) -> dict:
        """The options among `given` that this family declares for `stage`, checked.

        Options that the family does not declare are left out (they belong to other families), so
        one call serves every family: ``cls.family_options("fit", covariance_type=...)``.

        Parameters
        ----------
        stage : {"fit", "sample"}
            Which of the family's `options` to pick (see `FamilyOption`).
        **given
            Candidate options by name.

        Returns
        -------
        dict
            The family's options for `stage` among `given`, each passed through its check.

        Raises
        ------
        ValueError
            From an option's check, for a value it does not allow.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> nc.GaussianMixture.family_options("fit", covariance_type="diag")
        {'covariance_type': 'diag'}
        >>> nc.BernoulliMixture.family_options("fit", covariance_type="diag")
        {}
        """
        return {
            option.name: option.check(given[option.name])
            for option in cls.options
            if option.stage == stage and option.name in given
        }

    def slice_directions(self) -> tuple[tuple, ...]:
        """Every direction `bound_slice` can move this model along.

        Returns
        -------
        tuple of tuple
            ``("weight", k)`` for every component (shared by all families), then the family's own,
            e.g. ``("mean", k, d)`` for Gaussians and ``("prob", k, m)`` for Bernoullis.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.1], [0.9]]).slice_directions()
        (('weight', 0), ('weight', 1), ('prob', 0, 0), ('prob', 1, 0))
        """
        return tuple(("weight", k) for k in range(self.n_components)) + tuple(self._slice_directions())

    def slice_point(self, direction: tuple, t: float) -> tuple[Self, float]:
        """The model moved by t along `direction` (one of `slice_directions`), and the moved value.

        A weight moves by t and the others are rescaled to keep the sum 1.

        Parameters
        ----------
        direction : tuple
            One of `slice_directions()`, e.g. ``("weight", 0)`` or ``("mean", k, d)``.
        t : float
            How far to move.

        Returns
        -------
        model : Mixture
            A new model of the same family.
        value : float
            The moved parameter's new value.

        Raises
        ------
        ValueError
            Where the move leaves the valid parameters (e.g. a negative weight) or for an unknown
            direction.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.1], [0.9]])
        >>> moved, value = model.slice_point(("weight", 0), 0.25)
        >>> moved.weights.tolist(), value
        ([0.75, 0.25], 0.75)
        """
        kind, *index = direction
        if kind != "weight":
            return self._slice_point(tuple(direction), t)
        if len(index) != 1 or not 0 <= index[0] < self.n_components:
            raise self._no_direction(direction)
        (k,) = index
        w = self.weights.copy()
        new_k = w[k] + t
        rest = 1.0 - w[k]
        w = w * ((1.0 - new_k) / rest) if rest > 0 else w
        w[k] = new_k
        return self.replaced(weights=w), float(new_k)

    def replaced(self, **values: Any) -> Self:
        """A validated copy with some fields replaced, e.g. ``model.replaced(weights=w)``.

        Parameters
        ----------
        **values
            New values of some of the dataclass fields (``weights``, ``means``, ``probs``, ...).

        Returns
        -------
        Mixture
            Of the same class; ValueError if the new values are invalid.
        """
        current = {field.name: getattr(self, field.name) for field in fields(self)}
        current.update(values)
        return type(self)(**current)

    def fit_options(self) -> dict[str, Any]:
        """This model's values of its family's "fit" options (`options`), e.g. ``{"covariance_type": "full"}``.

        "sample" options (a multinomial's ``n_trials``) belong to a call of `sample`, not to the
        model, so they are not listed.

        Returns
        -------
        dict
            Option name -> this model's value, for every "fit" option of its family.
        """
        return {option.name: getattr(self, option.name) for option in self.options if option.stage == "fit"}

    @property
    def n_components(self) -> int:
        """Number of components (the length of `weights`)."""
        return self.weights.shape[0]

    def prepare(self, X) -> Prepared:
        """Validate `X` for this model (family constraints, number of features) and lay it out.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        Prepared
            The input of the ``*_prepared`` methods, for evaluating several models on one data set.

        Raises
        ------
        ValueError
            For data the model cannot describe: `DataFitError` (e.g. a non-binary value for a
            Bernoulli mixture), or a wrong shape, infinity, or NaN for a family that does not take
            missing cells, naming the first bad cell. The families that take them lay the data out
            by pattern of missing cells (`nbviz.core.incomplete`).
        """
        return self._prepare(X, self.n_features)

    def log_joint_prepared(self, data: Prepared) -> np.ndarray:
        """``log p(x_n, z_n = k)`` for prepared data, component-major.

        Parameters
        ----------
        data : Prepared
            From `prepare`.

        Returns
        -------
        ndarray of shape (n_components, n_samples)
        """
        log_joint = data.log_emission(self)
        log_joint += self._log_weights[:, None]
        return log_joint

    def posterior_prepared(self, data: Prepared):
        """Log joint, posterior and log marginal of prepared data, component-major.

        Parameters
        ----------
        data : Prepared
            From `prepare`.

        Returns
        -------
        log_joint : ndarray of shape (n_components, n_samples)
        resp : ndarray of shape (n_components, n_samples)
            Columns sum to 1.
        log_marginal : ndarray of shape (n_samples,)

        Raises
        ------
        ZeroProbabilityError
            If a row has probability zero under every component.
        """
        log_joint = self.log_joint_prepared(data)
        try:
            resp, log_marginal = normalise(log_joint)
        except ZeroProbabilityError as error:
            raise ZeroProbabilityError(f"{error}{self.zero_probability_hint}") from None
        return log_joint, resp, log_marginal

    def log_joint(self, X) -> np.ndarray:
        """``log p(x_n, z_n = k) = log pi_k + log p(x_n | z_n = k)``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_components)
            ``-inf`` where a row is impossible under a component.

        Examples
        --------
        >>> import numpy as np, nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> np.exp(model.log_joint([[1, 1]])).round(3).tolist()  # 0.5 * 0.5 * 0.4, 0.5 * 0.2 * 0.7
        [[0.1, 0.07]]
        """
        return np.ascontiguousarray(self.log_joint_prepared(self.prepare(X)).T)

    def responsibilities(self, X) -> np.ndarray:
        """Posterior ``P(z_n = k | x_n)``; for a naive Bayes classifier, P(class | x).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        resp : ndarray of shape (n_samples, n_components)
            Rows sum to 1.

        Raises
        ------
        ZeroProbabilityError
            (a ValueError) For a row that is impossible under every component.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> model.responsibilities([[1, 1], [0, 1]]).round(3).tolist()  # 0.14 / (0.14 + 0.042), ...
        [[0.769, 0.231], [0.455, 0.545]]
        """
        return np.ascontiguousarray(self.posterior_prepared(self.prepare(X))[1].T)

    def predict(self, X) -> np.ndarray:
        """Most probable component (class) of each row.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
            Component indices (ties go to the lowest).
        """
        return np.argmax(self.log_joint_prepared(self.prepare(X)), axis=0)

    def log_likelihood(self, X) -> float:
        """Log-likelihood of the data, ``sum_n log p(x_n)``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        float
            ``-inf`` if some row is impossible under the model.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> round(model.log_likelihood([[1, 1], [0, 1]]), 4)  # log(0.182) + log(0.308)
        -2.8814
        """
        log_joint = self.log_joint_prepared(self.prepare(X))
        peak = log_joint.max(axis=0)
        if not np.isfinite(peak).all():
            return -np.inf
        return float(np.sum(peak + np.log(np.exp(log_joint - peak).sum(axis=0))))

    def score_samples(self, X) -> np.ndarray:
        """Log-density of the mixture at each row, ``log p(x_n) = log sum_k pi_k p(x_n | k)``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
            ``-inf`` where a row is impossible under every component (as scikit-learn's
            ``GaussianMixture.score_samples``, with the multinomial coefficient included).

        Examples
        --------
        >>> import numpy as np, nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> np.exp(model.score_samples([[1, 1], [0, 1]])).round(3).tolist()  # 0.7*0.2 + 0.3*0.14, ...
        [0.182, 0.308]
        >>> g = nc.GaussianMixture(weights=[1.0], means=[[0.0]], covariances=[[[1.0]]])
        >>> round(float(g.score_samples([[0.0]])[0]), 4)  # -log(2 pi) / 2
        -0.9189
        """
        log_joint = self.log_joint_prepared(self.prepare(X))
        peak = log_joint.max(axis=0)
        safe = np.where(np.isfinite(peak), peak, 0.0)
        with np.errstate(divide="ignore"):
            return safe + np.log(np.exp(log_joint - safe).sum(axis=0))

    def component_log_density(self, X) -> np.ndarray:
        """Log-density of each component at each row, ``log p(x_n | z_n = k)`` (weights not included).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_components)
            ``-inf`` where a row is impossible under a component.

        Examples
        --------
        >>> import numpy as np, nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> np.exp(model.component_log_density([[1, 1], [0, 1]])).round(3).tolist()
        [[0.2, 0.14], [0.2, 0.56]]
        """
        return np.ascontiguousarray(self.prepare(X).log_emission(self).T)

    def log_prior(self, prior: Prior | None = None) -> float:
        """Log-density of the parameters under `prior`, up to a constant (0 for the flat prior).

        Parameters
        ----------
        prior : Prior, optional
            None for the flat prior.

        Returns
        -------
        float
            ``alpha * sum_k log pi_k`` plus the family's emission term (see `Prior`).
        """
        prior = as_prior(prior)
        value = 0.0
        if prior.alpha > 0:
            value += prior.alpha * float(np.sum(self._log_weights))
        return value + self._log_emission_prior(prior)

    def sample(self, n: int, rng=None, **options):
        """Draw `n` points, with the true component of each point.

        Parameters
        ----------
        n : int
            Number of points, >= 0.
        rng : None, int or numpy.random.Generator
            Same seed, same sample.
        **options
            The family's "sample" options (`options`), e.g. ``n_trials`` for multinomials.

        Returns
        -------
        X : ndarray of shape (n, n_features)
        z : ndarray of shape (n,)
            The component each point was drawn from.

        Raises
        ------
        ValueError
            For a negative or non-integer `n`, or a bad option value.
        TypeError
            For an option the family does not take.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[1.0, 0.0], [0.0, 1.0]])
        >>> X, z = model.sample(4, rng=0)
        >>> X.shape, bool((X[:, 1] == z).all())  # component 1 always gives (0, 1)
        ((4, 2), True)
        """
        n = check_integer(n, "n", low=0)
        accepted = [option.name for option in self.options if option.stage == "sample"]
        unknown = sorted(set(options) - set(accepted))
        if unknown:
            raise TypeError(
                f"{type(self).__name__}.sample() got unexpected option(s) {', '.join(unknown)}; "
                f"its sampling options are: {', '.join(accepted) or 'none'}"
            )
        rng = validation.as_rng(rng)
        z = rng.choice(self.n_components, size=n, p=self.weights / self.weights.sum())
        return self._sample_emissions(z, rng, **options), z

    def _shared_fields(self) -> tuple[str, ...]:
        """Array fields that are not per component (e.g. a tied covariance)."""
        return ()

    def _component_needs(self) -> ComponentNeeds:
        """What a component needs of the data (`degeneracy`): by default one effective row."""
        return ComponentNeeds()

    def permuted(self, order) -> Self:
        """The same mixture with components reordered: new component j is old ``order[j]``.

        Parameters
        ----------
        order : array-like of shape (n_components,)
            A permutation of ``0 .. n_components - 1`` (e.g. from `match_components`).

        Returns
        -------
        Mixture

        Raises
        ------
        ValueError
            If `order` is not a permutation.
        """
        order = np.asarray(order)
        if order.shape != (self.n_components,) or not np.array_equal(np.sort(order), np.arange(self.n_components)):
            raise ValueError(f"order must be a permutation of 0..{self.n_components - 1}; got {order.tolist()}")
        values = {}
        for field in fields(self):
            value = getattr(self, field.name)
            per_component = isinstance(value, np.ndarray) and field.name not in self._shared_fields()
            values[field.name] = value[order] if per_component else value
        return type(self)(**values)

    def to_dict(self) -> dict:
        """JSON-ready description; ``type(model).from_dict(model.to_dict())`` is an exact copy.

        Returns
        -------
        dict
            ``{"family": ..., "weights": [...], ...}`` with lists for arrays.
        """
        out = {"family": self.family}
        for field in fields(self):
            value = getattr(self, field.name)
            out[field.name] = value.tolist() if isinstance(value, np.ndarray) else value
        return out

    @classmethod
    def from_dict(cls, data: dict) -> Mixture:
        """Inverse of `to_dict`. Called on `Mixture` itself it dispatches on ``data['family']``.

        Parameters
        ----------
        data : dict
            As `to_dict` returns it.

        Returns
        -------
        Mixture

        Raises
        ------
        ValueError
            For an unknown family, a description of another family, or missing entries.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.1], [0.9]])
        >>> nc.Mixture.from_dict(model.to_dict()).probs.tolist()
        [[0.1], [0.9]]
        """
        if not isinstance(data, dict) or "family" not in data:
            raise ValueError("a mixture description must be a dict with a 'family' entry")
        family = data["family"]
        if family not in FAMILIES:
            raise ValueError(f"unknown family {family!r}; expected one of {sorted(FAMILIES)}")
        target = FAMILIES[family]
        if cls is not Mixture and target is not cls:
            raise ValueError(f"{cls.__name__}.from_dict got a {family!r} description")
        names = [field.name for field in fields(target)]
        required = [
            field.name for field in fields(target) if field.default is MISSING and field.default_factory is MISSING
        ]
        missing = [name for name in required if name not in data]
        if missing:
            raise ValueError(f"{family} description lacks {', '.join(missing)}")
        return target(**{name: data[name] for name in names if name in data})


FAMILIES: dict[str, type[Mixture]] = {}
"""Family name -> its class, in registration order; `nbviz.core.families.register_family` fills it in (the
families sit above this module, so it never imports them)."""


def _is_abstract(cls: type, name: str) -> bool:
    """Whether `cls` gets the hook `name` from `Mixture` itself (not overridden by any family class)."""
    owner = next(klass for klass in cls.__mro__ if name in vars(klass))
    return vars(owner)[name] is vars(Mixture)[name]
