"""The mixture base class: weights, the family hooks, and what every family shares.

Evaluation on data lives in `scoring`, the bound's slice directions in `slicing`, the declarations
a family makes beside its parameters in `declarations`; the package's docstring says how a family
extends the core.
"""

from __future__ import annotations

import dataclasses
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Self

import numpy as np

from .. import validation
from ..params import check_integer
from ..prepared import Prepared
from ..prior import Prior, as_prior
from .declarations import FAMILY_HOOKS, ComponentNeeds, FamilyOption, frozen
from .scoring import Scoring
from .slicing import Slicing


@dataclass(frozen=True, eq=False)
class Mixture(Scoring, Slicing):
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

    def _between(self, other: Self, t: float) -> Self:
        """The point ``(1 - t) self + t other`` of the straight line between two models of one family
        and size (their array parameters; options such as a covariance type stay `self`'s)."""
        values = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, np.ndarray):
                value = (1 - t) * value + t * getattr(other, field.name)
            values[field.name] = value
        return type(self)(**values)

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
