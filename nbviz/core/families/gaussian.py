"""Gaussian mixtures with full, diagonal, spherical or tied covariances.

Covariances are stored as in scikit-learn: full (K, D, D), diag (K, D), spherical (K,),
tied (D, D). Densities go through the Cholesky factor of each precision and are evaluated on data
centred at its column means, with ``x - mu`` formed before any product; the M-step uses the centred
scatter ``sum_n r_nk (x_n - mu_k)(x_n - mu_k)^T``. Both stay exact for data offset far from zero.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from .. import validation
from ..incomplete import incomplete_layout, mean_filled, weighted_expectations
from ..mixture import EMPTY_MASS, ComponentNeeds, FamilyOption, Mixture, Prepared, frozen, map_weights
from ..params import check_choice
from ..prior import Prior
from . import gaussian_divergence, gaussian_missing

COVARIANCE_TYPES = ("full", "diag", "spherical", "tied")
"""Every covariance type, declared once and in the order the app lists them (the command line, the
Controls, the dialogs); `check_covariance_type` is the one check of a name against it."""
LOG_2PI = np.log(2 * np.pi)
# A component's covariance is singular to working precision when, in some feature, either
# - its standard deviation is within SINGULAR_ULPS units in the last place of the data at the
#   component's location (all its points are the same number, up to rounding), or
# - the standard deviation given the previous features (a Cholesky diagonal entry) is below
#   SINGULAR_RELATIVE_STD times the component's own standard deviation in that feature (a flat
#   subspace: an exactly singular scatter leaves about sqrt(D * machine epsilon) ~ 2e-8 after rounding).
# Both yardsticks belong to the component, so a tight cluster beside a far, wide one is not singular.
SINGULAR_RELATIVE_STD = 1e-7
SINGULAR_ULPS = 4.0
EPSILON = np.finfo(np.float64).eps
SMALLEST_SPREAD = float(np.sqrt(np.finfo(np.float64).tiny)) * 1e4  # about 1.5e-150


class SingularCovarianceError(ValueError):
    """An M-step produced a covariance that is singular (a collapsed component)."""


class NotPositiveDefiniteError(ValueError):
    """A given covariance is not positive definite; `index` is its component (None if tied)."""

    def __init__(self, message: str, index: int | None):
        super().__init__(message)
        self.index = index


def check_covariance_type(covariance_type, name: str = "covariance_type") -> str:
    """`covariance_type` if it is one of `COVARIANCE_TYPES`, else ValueError naming `name` and listing them.

    Parameters
    ----------
    covariance_type : str
    name : str
        How the message names the argument (the user's words, e.g. "the covariance type").

    Returns
    -------
    str
    """
    return check_choice(covariance_type, name, COVARIANCE_TYPES)


def covariance_parameters(covariance_type: str, n_components: int, n_features: int) -> int:
    """How many free numbers the covariances of `covariance_type` have (for BIC and AIC, as scikit-learn counts).

    Parameters
    ----------
    covariance_type : {"full", "diag", "spherical", "tied"}
    n_components, n_features : int

    Returns
    -------
    int
    """
    K, D = n_components, n_features
    return {"full": K * D * (D + 1) // 2, "diag": K * D, "spherical": K, "tied": D * (D + 1) // 2}[covariance_type]


def covariance_types_by_generality() -> tuple[str, ...]:
    """`COVARIANCE_TYPES` most general first, as mclust's BIC plot orders them: full, tied, diag, spherical.

    The order of their free covariance numbers when features outnumber components (here 2 components
    of 8 features).
    """
    return tuple(sorted(COVARIANCE_TYPES, key=lambda kind: -covariance_parameters(kind, 2, 8)))


def _cholesky(matrices: np.ndarray, tied: bool) -> np.ndarray:
    """Lower Cholesky factors of a stack (K, D, D) of symmetric matrices, or ValueError naming one."""

    def name(k):
        return "covariances (tied)" if tied else f"covariances[{k}]"

    size = np.abs(matrices).max(axis=(1, 2), keepdims=True)
    asymmetric = np.abs(matrices - matrices.transpose(0, 2, 1)) > 1e-10 * size
    if asymmetric.any():
        raise ValueError(f"{name(validation.first_position(asymmetric)[0])} is not symmetric")
    try:
        return np.linalg.cholesky(matrices)
    except np.linalg.LinAlgError:
        for k, matrix in enumerate(matrices):
            try:
                np.linalg.cholesky(matrix)
            except np.linalg.LinAlgError:
                raise NotPositiveDefiniteError(f"{name(k)} is not positive definite", None if tied else k) from None
        raise


@dataclass(frozen=True, eq=False)
class GaussianMixture(Mixture):
    """Mixture of multivariate Gaussians.

    Parameters
    ----------
    weights : array-like of shape (n_components,)
    means : array-like of shape (n_components, n_features)
    covariances : array-like
        (n_components, n_features, n_features) for "full", (n_components, n_features) for "diag",
        (n_components,) for "spherical", (n_features, n_features) for "tied".
    covariance_type : {"full", "diag", "spherical", "tied"}
        The family's one "fit" option (`options`): `init_model`, `fit_naive_bayes` and
        `select_components` take it as ``covariance_type=``.

    Raises
    ------
    ValueError
        For shapes that do not match, or a covariance that is not symmetric positive definite
        (naming the component).

    Examples
    --------
    >>> import numpy as np, nbviz.core as nc
    >>> model = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0, 0.0], [4.0, 0.0]],
    ...                            covariances=[1.0, 2.0], covariance_type="spherical")
    >>> model.n_parameters  # 1 weight + 4 mean coordinates + 2 variances
    7
    >>> model.full_covariances[1].tolist()
    [[2.0, 0.0], [0.0, 2.0]]
    >>> model.responsibilities([[0.0, 0.0], [4.0, 0.0]]).round(3).tolist()
    [[0.991, 0.009], [0.001, 0.999]]
    >>> float(np.exp(model.component_log_density([[0.0, 0.0]])[0, 0]).round(4))  # 1 / (2 pi)
    0.1592
    """

    means: np.ndarray
    covariances: np.ndarray
    covariance_type: str = "full"

    family: ClassVar[str] = "gaussian"
    accepts_missing: ClassVar[bool] = True
    data_kind: ClassVar[str] = "continuous"
    options: ClassVar[tuple[FamilyOption, ...]] = (
        FamilyOption(
            "covariance_type",
            "fit",
            "full",
            lambda value: check_covariance_type(value),
            "Shape of the covariances: full, diag (naive Bayes proper), spherical or tied.",
        ),
    )
    supports_fixed_covariances: ClassVar[bool] = True

    # Caches set by _validate (not dataclass fields; see `Mixture`). full/tied: the covariances'
    # Cholesky factors and their inverses, each (K, D, D), and _std None; diag/spherical: the
    # standard deviations (K, D), and _chol and _whiten None. _log_norm (K,): the log normalisers.
    if TYPE_CHECKING:
        _chol: np.ndarray | None = field(init=False)
        _whiten: np.ndarray | None = field(init=False)
        _std: np.ndarray | None = field(init=False)
        _log_norm: np.ndarray = field(init=False)

    # ----------------------------------------------------------------- construction
    def _validate(self) -> None:
        kind = check_covariance_type(self.covariance_type)
        K = self.n_components
        means = validation.as_float_array(self.means, "means", 2)
        if means.shape[0] != K:
            raise ValueError(f"means has {means.shape[0]} rows but there are {K} weights")
        D = means.shape[1]
        expected = {"full": (K, D, D), "diag": (K, D), "spherical": (K,), "tied": (D, D)}[kind]
        cov = validation.as_float_array(self.covariances, "covariances", None)
        if cov.shape != expected:
            raise ValueError(f"covariances for covariance_type={kind!r} must have shape {expected}; got {cov.shape}")
        if kind in ("diag", "spherical"):
            if (cov <= 0).any():
                index = validation.first_position(cov <= 0)
                raise NotPositiveDefiniteError(
                    f"covariances{list(index)} = {cov[index]} is not positive; variances must be > 0",
                    index[0],
                )
            std = np.sqrt(cov) if kind == "diag" else np.repeat(np.sqrt(cov)[:, None], D, axis=1)
            chol = whiten = None
            log_det = -np.log(std).sum(axis=1)
        else:
            stack = cov if kind == "full" else cov[None]
            chol = _cholesky(stack, tied=kind == "tied")
            # whiten = L^-1, so that ||L^-1 (x - mu)||^2 is the Mahalanobis distance. One batched
            # call: separate triangular solves each pay a BLAS thread wake-up.
            whiten = np.linalg.inv(chol)
            if kind == "tied":
                chol = np.broadcast_to(chol, (K, D, D))
                whiten = np.broadcast_to(whiten, (K, D, D))
            std = None
            log_det = -np.log(np.diagonal(chol, axis1=1, axis2=2)).sum(axis=1)
        object.__setattr__(self, "means", frozen(means))
        object.__setattr__(self, "covariances", frozen(cov))
        # full/tied: covariance Cholesky factors and their inverses; diag/spherical: std (K, D).
        object.__setattr__(self, "_chol", chol)
        object.__setattr__(self, "_whiten", whiten)
        object.__setattr__(self, "_std", std)
        object.__setattr__(self, "_log_norm", log_det - 0.5 * D * LOG_2PI)

    @property
    def n_features(self) -> int:
        """Number of features (columns of the means)."""
        return self.means.shape[1]

    def _shared_fields(self) -> tuple[str, ...]:
        return ("covariances",) if self.covariance_type == "tied" else ()

    def _component_needs(self) -> ComponentNeeds:
        """D + 1 rows for a full covariance (fewer leave its scatter singular), 2 for a diagonal or
        spherical variance (one row has no spread), 1 for a tied one (estimated from every row)."""
        kind, covariances = self.covariance_type, self.covariances
        if kind == "full":
            return ComponentNeeds(
                self.n_features + 1,
                f"a full covariance of {self.n_features} feature(s) needs at least",
                np.linalg.eigvalsh(covariances)[:, 0],
            )
        if kind == "tied":
            return ComponentNeeds(smallest_variances=np.linalg.eigvalsh(covariances)[:1], shared=True)
        smallest = covariances.min(axis=1) if kind == "diag" else covariances
        return ComponentNeeds(2, f"a {kind} covariance needs at least", smallest)

    @property
    def n_parameters(self) -> int:
        """Number of free parameters (for BIC and AIC), as scikit-learn counts them."""
        K, D = self.means.shape
        return (K - 1) + K * D + covariance_parameters(self.covariance_type, K, D)

    @property
    def full_covariances(self) -> np.ndarray:
        """Covariances as a (n_components, n_features, n_features) stack, whatever the type."""
        K, D = self.means.shape
        cov = self.covariances
        if self.covariance_type == "full":
            return cov.copy()
        if self.covariance_type == "tied":
            return np.repeat(cov[None], K, axis=0)
        variances = cov if self.covariance_type == "diag" else np.repeat(cov[:, None], D, axis=1)
        return variances[:, :, None] * np.eye(D)

    def component_covariance(self, k: int) -> np.ndarray:
        """Component `k`'s covariance as a (n_features, n_features) matrix (the shared one when "tied").

        Parameters
        ----------
        k : int

        Returns
        -------
        ndarray of shape (n_features, n_features)
            A copy: diagonal for "diag" and "spherical".
        """
        cov = self.covariances
        if self.covariance_type == "full":
            return cov[k].copy()
        if self.covariance_type == "tied":
            return cov.copy()
        if self.covariance_type == "diag":
            return np.diag(cov[k])
        return cov[k] * np.eye(self.n_features)

    def projected_covariances(self, matrix) -> np.ndarray:
        """``P^T Sigma_k P`` for every component: the covariances of the projections ``x @ P``.

        Parameters
        ----------
        matrix : array-like of shape (n_features, n_directions)
            P, e.g. a plane's two directions or one feature's unit vector.

        Returns
        -------
        ndarray of shape (n_components, n_directions, n_directions)
            From the covariances as stored: O(K D) memory for diagonal and spherical covariances
            (no D x D matrix, so a table of 20,000 features can be projected).
        """
        P, cov, K = np.asarray(matrix, dtype=float), np.asarray(self.covariances, dtype=float), self.n_components
        if self.covariance_type == "full":
            return np.einsum("di,kde,ej->kij", P, cov, P)
        if self.covariance_type == "tied":
            return np.broadcast_to(P.T @ cov @ P, (K, P.shape[1], P.shape[1])).copy()
        if self.covariance_type == "diag":
            return np.einsum("di,kd,dj->kij", P, cov, P)
        return cov[:, None, None] * (P.T @ P)[None]

    def projected(self, matrix, offset) -> GaussianMixture:
        """The mixture of the projections ``y = (x - offset) @ P`` (full covariances ``P^T Sigma_k P``).

        Parameters
        ----------
        matrix : array-like of shape (n_features, n_directions)
        offset : array-like of shape (n_features,)

        Returns
        -------
        GaussianMixture
            Of ``n_directions`` features, with "full" covariances.
        """
        P = np.asarray(matrix, dtype=float)
        means = (self.means - np.asarray(offset, dtype=float)) @ P
        return self.replaced(means=means, covariances=self.projected_covariances(P), covariance_type="full")

    def in_units(self, centre, scale) -> GaussianMixture:
        """This mixture of ``z = (x - centre) / scale`` as one of x: means ``c + s mu``, covariances ``S Sigma S``.

        Parameters
        ----------
        centre, scale : array-like of shape (n_features,)

        Returns
        -------
        GaussianMixture
            Of the same covariance type, except that a spherical covariance is no longer spherical
            when the features' scales differ: it comes back as "diag" (``s**2 * sigma**2``).
        """
        c, s = np.asarray(centre, dtype=float), np.asarray(scale, dtype=float)
        cov, kind = np.asarray(self.covariances, dtype=float), self.covariance_type
        if kind in ("full", "tied"):
            covariances = cov * s[:, None] * s[None, :]
        elif kind == "diag":
            covariances = cov * s**2
        else:
            covariances, kind = cov[:, None] * s[None, :] ** 2, "diag"
        return self.replaced(means=c + s * self.means, covariances=covariances, covariance_type=kind)

    # ----------------------------------------------------------------- densities
    @classmethod
    def _prepare(cls, X, n_features=None) -> Prepared:
        X = validation.as_data_matrix(X, n_features, allow_nan=True)
        incomplete = incomplete_layout(cls, X, n_features)
        if incomplete is not None:
            return incomplete
        with np.errstate(over="ignore", invalid="ignore"):  # an overflow is reported by _check_squarable
            shift = X.mean(axis=0)
        _check_squarable(X, shift)
        Xt = np.ascontiguousarray((X - shift).T)
        return Prepared(X=frozen(X), Xt=Xt, shift=shift)

    def _log_emission(self, data: Prepared) -> np.ndarray:
        means = self.means - data.shift
        out = np.empty((self.n_components, data.n_samples))
        centred = np.empty_like(data.Xt)  # work buffers, reused for every component
        whitened = centred if self._whiten is None else np.empty_like(data.Xt)
        # A point so many standard deviations away that its squared distance overflows has density 0
        # in float64: the distance becomes inf and its log-density -inf, the exact limit.
        with np.errstate(over="ignore"):
            for k in range(self.n_components):
                # ||L_k^-1 (x - mu_k)||^2, with x - mu_k formed first.
                np.subtract(data.Xt, means[k][:, None], out=centred)
                if self._whiten is None:
                    assert self._std is not None  # diag/spherical: set whenever _whiten is None
                    centred /= self._std[k][:, None]
                else:
                    np.matmul(self._whiten[k], centred, out=whitened)
                np.multiply(whitened, whitened, out=whitened)
                whitened.sum(axis=0, out=out[k])
        out *= -0.5
        out += self._log_norm[:, None]
        return out

    def _log_emission_prior(self, prior: Prior) -> float:
        lam = prior.covariance_prior
        if lam == 0:
            return 0.0
        # -lambda/2 tr(Sigma^-1) per covariance matrix; tr(Sigma^-1) = ||L^-1||_F^2.
        if self._whiten is None:
            assert self._std is not None  # diag/spherical: set whenever _whiten is None
            trace = float(np.sum(1.0 / self._std**2))
        else:
            stack = self._whiten[:1] if self.covariance_type == "tied" else self._whiten
            trace = float(np.sum(stack**2))
        return -0.5 * lam * trace

    # ----------------------------------------------------------------- M-step
    @classmethod
    def _map_update(
        cls, data: Prepared, resp, prior: Prior, previous=None, covariance_type=None, fixed_covariances: bool = False
    ):
        """MAP weights, means and covariances; with `fixed_covariances`, `previous`'s covariances.

        Keeping the covariances fixed still maximises the surrogate over the rest: the MAP means
        and weights do not depend on the covariances, so EM stays monotone.
        """
        if fixed_covariances and previous is None:
            raise ValueError("fixed covariances need the previous model to take them from")
        kind = check_covariance_type(covariance_type or (previous.covariance_type if previous is not None else "full"))
        Xt = data.Xt
        K, D = resp.shape[0], data.n_features
        nk = resp.sum(axis=1)
        empty = np.flatnonzero(nk < EMPTY_MASS)
        if empty.size and previous is None:
            raise ValueError(f"component(s) {empty.tolist()} have no data")
        full = nk >= EMPTY_MASS
        means = np.empty((K, D))
        means[full] = (resp[full] @ Xt.T) / nk[full, None]
        if fixed_covariances:
            return cls._from_statistics(kind, means, None, nk, data.shift, prior, previous), empty
        # Centred scatter per component: matrices for full/tied, diagonals for diag/spherical. The
        # mean's rounding error `delta` (the weighted mean of x - mu) is removed from the mean and,
        # as N_k delta delta^T, from the scatter (the corrected two-pass algorithm), so a component
        # whose points are all equal gets a scatter of zero up to rounding, not of its mean's error.
        scatter = np.zeros((K, D, D)) if kind in ("full", "tied") else np.zeros((K, D))
        centred, weighted = np.empty_like(Xt), np.empty_like(Xt)  # work buffers
        for k in np.flatnonzero(full):
            np.subtract(Xt, means[k][:, None], out=centred)
            delta = (centred @ resp[k]) / nk[k]
            if kind in ("full", "tied"):
                np.multiply(centred, resp[k], out=weighted)
                scatter[k] = weighted @ centred.T - nk[k] * np.outer(delta, delta)
            else:
                np.multiply(centred, centred, out=weighted)
                scatter[k] = weighted @ resp[k] - nk[k] * delta**2
            means[k] += delta
        return cls._from_statistics(kind, means, scatter, nk, data.shift, prior, previous), empty

    @classmethod
    def _from_statistics(cls, kind: str, means, scatter, nk, shift, prior: Prior, previous) -> GaussianMixture:
        """The MAP model from the means (centred at `shift`) and centred scatters of the non-empty components.

        `scatter` is (K, D, D) for full/tied and the diagonals (K, D) for diag/spherical; None keeps
        `previous`'s covariances (fixed covariances). Empty components keep `previous`'s parameters.
        """
        K, D = means.shape
        full = nk >= EMPTY_MASS
        empty = np.flatnonzero(~full)
        if empty.size:
            means[empty] = previous.means[empty] - shift
        lam = prior.covariance_prior
        if scatter is None:
            weights = map_weights(nk, prior.alpha)
            return cls(
                weights=weights,
                means=means + shift,
                covariances=previous.covariances,
                covariance_type=previous.covariance_type,
            )
        if kind == "full":
            scatter = 0.5 * (scatter + scatter.transpose(0, 2, 1))
            covariances = np.empty((K, D, D))
            covariances[full] = (scatter[full] + lam * np.eye(D)) / nk[full, None, None]
        elif kind == "tied":
            total = scatter.sum(axis=0)
            covariances = (0.5 * (total + total.T) + lam * np.eye(D)) / nk.sum()
        elif kind == "diag":
            covariances = np.empty((K, D))
            covariances[full] = (scatter[full] + lam) / nk[full, None]
        else:
            covariances = np.empty(K)
            covariances[full] = (scatter[full].mean(axis=1) + lam) / nk[full]
        if empty.size and kind != "tied":
            covariances[empty] = previous.covariances[empty]
        weights = map_weights(nk, prior.alpha)
        try:
            model = cls(weights=weights, means=means + shift, covariances=covariances, covariance_type=kind)
        except NotPositiveDefiniteError as error:
            raise _singular(kind, error.index, nk, lam) from None
        collapsed = _collapsed_component(model, shift)
        if collapsed is not None:
            raise _singular(kind, collapsed, nk, lam)
        return model

    # ----------------------------------------------------------------- missing cells (nbviz.core.incomplete)
    def _marginal(self, observed) -> GaussianMixture:
        return gaussian_missing.marginal(self, observed)

    @classmethod
    def _expected_update(
        cls, data, resp, prior: Prior, previous, covariance_type=None, fixed_covariances: bool = False
    ) -> tuple[GaussianMixture, np.ndarray]:
        """The M-step: missing cells at their conditional means, conditional covariances added to the scatter."""
        kind = check_covariance_type(covariance_type or previous.covariance_type)
        nk = resp.sum(axis=1)
        means, scatter = gaussian_missing.expected_statistics(previous, data, resp, kind, fixed_covariances)
        model = cls._from_statistics(kind, means, scatter, nk, data.shift, prior, previous)
        return model, np.flatnonzero(nk < EMPTY_MASS)

    @classmethod
    def _starting_layout(cls, X, missing) -> Prepared:
        return cls._prepare(mean_filled(X, missing))

    def _conditional_expectations(self, data) -> np.ndarray:
        return gaussian_missing.conditional_expectations(self, data)

    def _filled_in(self, data, resp) -> np.ndarray:
        return weighted_expectations(self._conditional_expectations(data), resp)

    def _missing_divergence(self, data) -> Callable[[GaussianMixture], np.ndarray]:
        return gaussian_divergence.missing_divergence(self, data)

    # ----------------------------------------------------------------- sampling
    def _sample_emissions(self, z, rng):
        X = rng.standard_normal((z.size, self.n_features))
        for k in range(self.n_components):
            rows = z == k
            if self._chol is None:
                assert self._std is not None  # diag/spherical: set whenever _chol is None
                X[rows] *= self._std[k]
            else:
                X[rows] = X[rows] @ self._chol[k].T
            X[rows] += self.means[k]
        return X

    # ----------------------------------------------------------------- starts, distances, slices
    @classmethod
    def _comparison_points(cls, data: Prepared) -> np.ndarray:
        return data.X

    @classmethod
    def _start_from_rows(cls, data: Prepared, rows, prior: Prior, covariance_type: str = "full") -> GaussianMixture:
        """Means at the chosen rows, every component starting with the data's overall covariance."""
        _check_not_vanishing(data.X, data.shift)
        K, D, N = len(rows), data.n_features, data.n_samples
        kind = check_covariance_type(covariance_type)
        if kind in ("diag", "spherical"):  # the variances alone: no (D, D) matrix for a wide table
            variances = (np.einsum("dn,dn->d", data.Xt, data.Xt) + prior.covariance_prior) / N
            covariances = np.repeat(variances[None], K, axis=0) if kind == "diag" else np.full(K, variances.mean())
        else:
            scatter = data.Xt @ data.Xt.T  # Xt is centred at the column means
            overall = (scatter + prior.covariance_prior * np.eye(D)) / N
            covariances = np.repeat(overall[None], K, axis=0) if kind == "full" else overall
        try:
            return cls(
                weights=np.full(K, 1.0 / K),
                means=data.X[rows],
                covariances=covariances,
                covariance_type=covariance_type,
            )
        except NotPositiveDefiniteError:
            raise ValueError(
                "the data's covariance is singular (a constant feature, or features that are exact "
                "linear combinations of others); set a covariance prior > 0 or remove those features"
            ) from None

    @classmethod
    def _start_from_responsibilities(cls, data: Prepared, resp, prior: Prior, **options) -> GaussianMixture:
        _check_not_vanishing(data.X, data.shift)
        return super()._start_from_responsibilities(data, resp, prior, **options)

    def _component_distances(self, other: GaussianMixture) -> np.ndarray:
        var_a, var_b = self._diagonal_variances(), other._diagonal_variances()
        if var_a is not None and var_b is not None:  # diagonal covariances: O(K K' D), no (D, D) matrix
            average = 0.5 * (var_a[:, None, :] + var_b[None, :, :])
            diff = self.means[:, None, :] - other.means[None, :, :]
            log_a, log_b = np.log(var_a).sum(axis=1), np.log(var_b).sum(axis=1)
            return 0.125 * (diff**2 / average).sum(axis=2) + 0.5 * (
                np.log(average).sum(axis=2) - 0.5 * (log_a[:, None] + log_b[None, :])
            )
        cov_a, cov_b = self.full_covariances, other.full_covariances
        logdet_a = np.linalg.slogdet(cov_a)[1]
        logdet_b = np.linalg.slogdet(cov_b)[1]
        out = np.empty((self.n_components, other.n_components))
        for i in range(self.n_components):  # all of `other` at once: (K', D, D) matrices, not (K, K', D, D)
            average = 0.5 * (cov_a[i] + cov_b)
            diff = self.means[i] - other.means
            mahalanobis = np.einsum("jd,jd->j", diff, np.linalg.solve(average, diff[:, :, None])[:, :, 0])
            out[i] = 0.125 * mahalanobis + 0.5 * (np.linalg.slogdet(average)[1] - 0.5 * (logdet_a[i] + logdet_b))
        return out

    def _diagonal_variances(self) -> np.ndarray | None:
        """The variances (n_components, n_features) of diagonal or spherical covariances; None for full or tied."""
        if self.covariance_type == "diag":
            return self.covariances
        if self.covariance_type == "spherical":
            return np.repeat(self.covariances[:, None], self.n_features, axis=1)
        return None

    def _slice_directions(self) -> tuple[tuple, ...]:
        return tuple(("mean", k, d) for k in range(self.n_components) for d in range(self.n_features))

    def _slice_point(self, direction: tuple, t: float) -> tuple[GaussianMixture, float]:
        if direction not in self._slice_directions():
            raise self._no_direction(direction)
        _, k, d = direction
        means = self.means.copy()
        means[k, d] += t
        return self.replaced(means=means), float(means[k, d])


def _collapsed_component(model: GaussianMixture, shift: np.ndarray) -> int | None:
    """First component whose covariance is singular to working precision, judged by its own data.

    Parameters
    ----------
    model : GaussianMixture
    shift : ndarray of shape (n_features,)
        Where the engine centred the data (`Prepared.shift`): centring costs precision at that scale.

    Returns
    -------
    int or None
        The component (tied: 0), or None if every covariance is numerically positive definite.

    A feature's standard deviation within ``SINGULAR_ULPS`` of the floating-point spacing at the
    component's mean (and at the centring shift) means all the component's points hold the same
    value there. A Cholesky diagonal entry is the standard deviation of a feature given the previous
    ones; one below ``SINGULAR_RELATIVE_STD`` times that feature's own standard deviation in the
    component means the points lie in a flat subspace.
    """
    resolution = SINGULAR_ULPS * EPSILON * (np.abs(model.means) + np.abs(shift))  # (K, D)
    if model.covariance_type == "tied":
        resolution = resolution.max(axis=0, keepdims=True)
    if model._chol is None:
        marginal = model._std
        bad = ~np.all(marginal > resolution, axis=1)
    else:
        chol = model._chol[:1] if model.covariance_type == "tied" else model._chol
        marginal = np.sqrt(np.einsum("kij,kij->ki", chol, chol))  # sqrt(diag(L L^T))
        conditional = np.diagonal(chol, axis1=1, axis2=2)
        bad = ~np.all((marginal > resolution) & (conditional > SINGULAR_RELATIVE_STD * marginal), axis=1)
    return int(np.argmax(bad)) if bad.any() else None


def _check_squarable(X: np.ndarray, shift: np.ndarray) -> None:
    """Raise DataFitError if the squares the engine forms from `X` could overflow float64.

    Distances between rows, scatters and Mahalanobis distances sum up to ``4 N D`` squares of
    deviations from the column means; each deviation must stay below ``sqrt(max / (4 N D))``
    (about 1e150 for a million rows of a hundred features). The error names the largest deviation.
    """
    N, D = X.shape
    limit = np.sqrt(np.finfo(np.float64).max / (4.0 * N * D))
    with np.errstate(over="ignore"):
        size = np.abs(X - shift) if np.isfinite(shift).all() else np.abs(X)
    if (size <= limit).all():
        return
    raise validation.data_fit_error(
        X,
        size == size.max(),
        "Gaussian",
        "values whose squared distances are finite",
        "too large to compare with the other rows (squared distances overflow)",
        "rescale that column (e.g. divide it by a power of ten)",
    )


def _check_not_vanishing(X: np.ndarray, shift: np.ndarray) -> None:
    """Raise DataFitError for a column that varies, but by so little that its squares underflow.

    Variances are averages of squared deviations from the column means; deviations all below
    ``SMALLEST_SPREAD`` (about 1e-150) give variances at or below the smallest normal double, so a
    column around 1e-200 would look constant (singular covariances). The error names the
    column's largest deviation.
    """
    with np.errstate(over="ignore"):
        size = np.abs(X - shift)
    spread = size.max(axis=0)
    bad = (spread > 0) & (spread < SMALLEST_SPREAD)
    if not bad.any():
        return
    column = int(np.argmax(bad))
    values = np.abs(X[:, column])
    named = np.zeros(X.shape, dtype=bool)
    named[int(np.argmax(values)), column] = True  # the column's largest value
    raise validation.data_fit_error(
        X,
        named,
        "Gaussian",
        f"values whose deviations from their column's mean exceed {SMALLEST_SPREAD:.2g} somewhere",
        "in a column too narrow to compute variances with (squared deviations underflow to 0)",
        "rescale that column (e.g. multiply it by a power of ten)",
    )


def _singular(kind: str, k: int | None, nk: np.ndarray, lam: float) -> SingularCovarianceError:
    if kind == "tied" or k is None:
        what, mass = "the shared (tied) covariance", ""
    else:
        what = f"component {k + 1}'s covariance"  # numbered from 1, as everywhere on screen
        mass = f" (it holds {nk[k]:.3g} points' worth of responsibility)"
    advice = "increase the covariance prior" if lam > 0 else "set a covariance prior > 0"
    return SingularCovarianceError(
        f"{what} became singular: the component collapsed onto too few points or a flat subspace"
        f"{mass}. To continue, {advice} or use fewer components."
    )
