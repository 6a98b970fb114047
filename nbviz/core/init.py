"""Starting points for EM: k-means++ seeding, random rows or random responsibilities, for any family."""

from __future__ import annotations

import numpy as np

from . import validation
from .families import get_family
from .mixture import Mixture
from .params import check_choice, check_integer
from .prior import Prior, as_prior

INIT_METHODS = ("kmeans++", "random", "random_from_data")


def init_model(
    X,
    family: str,
    n_components: int,
    method: str = "kmeans++",
    rng=None,
    covariance_type: str = "full",
    prior: Prior | None = None,
) -> Mixture:
    """A starting model for EM.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    family : str
        Name of a registered family (a key of `FAMILIES`).
    n_components : int
        Number of components, at most the number of rows.
    method : {"kmeans++", "random", "random_from_data"}
        "kmeans++": k-means++ seeding (distinct rows, far apart) as component centres;
        "random_from_data": distinct rows chosen uniformly as centres; "random": one M-step on
        random responsibilities. Rows are compared in the family's comparison space (word
        frequencies for multinomials). Centres become Gaussian means (every component starting with
        the data's overall covariance) or Bernoulli / word probabilities halfway between the row and
        the overall frequencies (so no point starts impossible).
    rng : None, int or numpy.random.Generator
        Same seed, same start.
    covariance_type : str
        For the families that declare it (Gaussian); ignored by the others.
    prior : Prior, optional
        Regularises the starting covariances and probabilities like the M-step's.

    Returns
    -------
    Mixture
        Of the family's class, with `n_components` components.

    Raises
    ------
    ValueError
        For an unknown family or method, a bad `n_components`, more components than (distinct)
        rows, or data the family cannot describe (`DataFitError`, e.g. values too large to square:
        "rescale that column").

    Examples
    --------
    >>> import nbviz.core as nc
    >>> X = [[0.0], [0.2], [5.0], [5.2]]
    >>> start = nc.init_model(X, "gaussian", 2, rng=0, covariance_type="spherical")
    >>> type(start).__name__, start.covariance_type, start.n_components
    ('GaussianMixture', 'spherical', 2)
    >>> start.covariances.round(3).tolist()  # every component starts with the data's variance
    [6.26, 6.26]
    """
    cls = get_family(family)
    method = check_choice(method, "method", INIT_METHODS)
    options = cls.family_options("fit", covariance_type=covariance_type)
    prior = as_prior(prior)
    rng = validation.as_rng(rng)
    data = cls._prepare(X)
    N = data.n_samples
    K = check_integer(n_components, "n_components", low=1)
    if K > N:
        raise ValueError(
            f"{K} components is more than the {N} data points; use at most {N} components, or load data with more rows"
        )
    if method == "random":
        resp = rng.random((K, N))
        resp /= resp.sum(axis=0)
        return cls._start_from_responsibilities(data, resp, prior, **options)
    points = cls._comparison_points(data)
    rows = _kmeanspp(points, K, rng, cls.family) if method == "kmeans++" else _distinct_rows(points, K, rng)
    return cls._start_from_rows(data, rows, prior, **options)


def _distinct_rows(points: np.ndarray, K: int, rng) -> np.ndarray:
    _, first = np.unique(points, axis=0, return_index=True)
    if first.size < K:
        raise ValueError(_too_few_distinct(first.size, K))
    return rng.choice(np.sort(first), size=K, replace=False)


def _kmeanspp(points: np.ndarray, K: int, rng, family: str) -> np.ndarray:
    """k-means++ seeding: each next centre drawn with probability proportional to D(x)^2."""
    chosen = [int(rng.integers(points.shape[0]))]
    with np.errstate(over="ignore"):  # an overflow is reported below, naming the value
        d2 = ((points - points[chosen[0]]) ** 2).sum(axis=1)
    for _ in range(1, K):
        total = d2.sum()
        if not np.isfinite(total):
            raise _too_large(points, family)
        if not total > 0:
            raise ValueError(_too_few_distinct(len(chosen), K))
        chosen.append(int(rng.choice(points.shape[0], p=d2 / total)))
        np.minimum(d2, ((points - points[chosen[-1]]) ** 2).sum(axis=1), out=d2)
    return np.array(chosen)


def _too_large(points: np.ndarray, family: str) -> validation.DataFitError:
    """Comparison points whose squared distances overflow float64 (values beyond about 1e154 apart).

    The Gaussian family refuses such data when it prepares them; this guards families whose
    comparison points are not checked there.
    """
    size = np.abs(points)
    return validation.data_fit_error(
        points,
        size == size.max(),
        family,
        "values whose squared distances are finite",
        "too large to compare with the other rows (squared distances overflow)",
        "rescale that column (e.g. divide it by a power of ten)",
    )


def _too_few_distinct(n_distinct: int, K: int) -> str:
    return f"the data has only {n_distinct} distinct rows, too few for {K} components; use fewer components"
