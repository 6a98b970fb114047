"""Starting points for EM."""

from __future__ import annotations

import numpy as np

from . import validation
from .families import FAMILIES, GaussianMixture
from .families.gaussian import NotPositiveDefiniteError, _check_covariance_type
from .mixture import Mixture, Prepared
from .prior import Prior, as_prior

INIT_METHODS = ("kmeans++", "random", "random_from_data")


def init_model(X, family: str, n_components: int, method: str = "kmeans++", rng=None,
               covariance_type: str = "full", prior: Prior | None = None) -> Mixture:
    """A starting model for EM.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    family : {"gaussian", "bernoulli", "multinomial"}
    n_components : int
    method : {"kmeans++", "random", "random_from_data"}
        "kmeans++": k-means++ seeding (distinct rows, far apart) as component centres;
        "random_from_data": distinct rows chosen uniformly as centres; "random": one M-step on
        random responsibilities. Centres become Gaussian means (every component starting with the
        data's overall covariance) or Bernoulli / word probabilities halfway between the row and the
        overall frequencies (so no point starts impossible).
    rng : None, int or numpy.random.Generator
        Same seed, same start.
    covariance_type : str
        For the Gaussian family.
    prior : Prior, optional
        Regularises the starting covariances and probabilities like the M-step's.
    """
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {', '.join(FAMILIES)}; got {family!r}")
    if method not in INIT_METHODS:
        raise ValueError(f"method must be one of {', '.join(INIT_METHODS)}; got {method!r}")
    if family == "gaussian":
        _check_covariance_type(covariance_type)
    cls = FAMILIES[family]
    prior = as_prior(prior)
    rng = validation.as_rng(rng)
    data = cls._prepare(X)
    N = data.n_samples
    if isinstance(n_components, bool) or not isinstance(n_components, (int, np.integer)) or n_components < 1:
        raise ValueError(f"n_components must be a positive integer; got {n_components!r}")
    K = int(n_components)
    if K > N:
        raise ValueError(f"{K} components is more than the {N} data points; use at most {N} "
                         "components, or load data with more rows")
    if method == "random":
        resp = rng.random((K, N))
        resp /= resp.sum(axis=0)
        options = {"covariance_type": covariance_type} if family == "gaussian" else {}
        return cls._map_update(data, resp, prior, **options)[0]
    points = _comparison_points(family, data)
    rows = _kmeanspp(points, K, rng) if method == "kmeans++" else _distinct_rows(points, K, rng)
    if family == "gaussian":
        return _gaussian_from_rows(data, rows, prior, covariance_type)
    return _discrete_from_rows(cls, data, rows, prior)


def _comparison_points(family: str, data: Prepared) -> np.ndarray:
    """Rows in the space where centres are compared: word frequencies for multinomial data."""
    if family != "multinomial":
        return data.X
    lengths = data.X.sum(axis=1, keepdims=True)
    return np.divide(data.X, lengths, out=np.zeros_like(data.X), where=lengths > 0)


def _distinct_rows(points: np.ndarray, K: int, rng) -> np.ndarray:
    _, first = np.unique(points, axis=0, return_index=True)
    if first.size < K:
        raise ValueError(_too_few_distinct(first.size, K))
    return rng.choice(np.sort(first), size=K, replace=False)


def _kmeanspp(points: np.ndarray, K: int, rng) -> np.ndarray:
    """k-means++ seeding: each next centre drawn with probability proportional to D(x)^2."""
    chosen = [int(rng.integers(points.shape[0]))]
    with np.errstate(over="ignore"):  # an overflow is reported below, naming the value
        d2 = ((points - points[chosen[0]]) ** 2).sum(axis=1)
    for _ in range(1, K):
        total = d2.sum()
        if not np.isfinite(total):
            raise _too_large(points)
        if not total > 0:
            raise ValueError(_too_few_distinct(len(chosen), K))
        chosen.append(int(rng.choice(points.shape[0], p=d2 / total)))
        np.minimum(d2, ((points - points[chosen[-1]]) ** 2).sum(axis=1), out=d2)
    return np.array(chosen)


def _too_large(points: np.ndarray) -> validation.DataFitError:
    """Data whose squared distances overflow float64 (values beyond about 1e154 apart), at its largest value."""
    size = np.abs(points)
    return validation.data_fit_error(
        points, size == size.max(), "Gaussian", "values whose squared distances are finite",
        "too large to compare with the other rows (squared distances overflow)",
        "rescale that column (e.g. divide it by a power of ten)")


def _too_few_distinct(n_distinct: int, K: int) -> str:
    return f"the data has only {n_distinct} distinct rows, too few for {K} components; use fewer components"


def _gaussian_from_rows(data: Prepared, rows, prior: Prior, covariance_type: str) -> GaussianMixture:
    K, D, N = len(rows), data.n_features, data.n_samples
    scatter = data.Xt @ data.Xt.T  # Xt is centred at the column means
    overall = (scatter + prior.covariance_prior * np.eye(D)) / N
    covariances = {
        "full": np.repeat(overall[None], K, axis=0),
        "tied": overall,
        "diag": np.repeat(np.diag(overall)[None], K, axis=0),
        "spherical": np.full(K, np.trace(overall) / D),
    }[covariance_type]
    try:
        return GaussianMixture(weights=np.full(K, 1.0 / K), means=data.X[rows],
                               covariances=covariances, covariance_type=covariance_type)
    except NotPositiveDefiniteError:
        raise ValueError(
            "the data's covariance is singular (a constant feature, or features that are exact "
            "linear combinations of others); set a covariance prior > 0 or remove those features"
        ) from None


def _discrete_from_rows(cls, data: Prepared, rows, prior: Prior) -> Mixture:
    """Probabilities halfway between each chosen row and the overall frequencies."""
    X = data.X
    if cls.family == "bernoulli":
        overall = (X.sum(axis=0) + prior.beta) / (X.shape[0] + 2 * prior.beta)
        centres = X[rows]
    else:
        overall = (X.sum(axis=0) + prior.beta) / (X.sum() + prior.beta * X.shape[1])
        centres = _comparison_points("multinomial", data)[rows]
        centres[centres.sum(axis=1) == 0] = overall
    K = len(rows)
    return cls(weights=np.full(K, 1.0 / K), probs=0.5 * centres + 0.5 * overall)
