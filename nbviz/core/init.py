"""Starting points for EM: k-means, k-means++ seeding, random rows or random responsibilities, for any family."""

from __future__ import annotations

import numpy as np

from . import validation
from .distinct import count_distinct_rows, distinct_row_indices
from .families import get_family
from .kmeans import lloyd
from .mixture import Mixture
from .params import check_choice, check_integer
from .prior import Prior, as_prior

INIT_METHODS = ("kmeans++", "kmeans", "random", "random_from_data")


def init_model(
    X,
    family: str,
    n_components: int,
    method: str = "kmeans++",
    rng=None,
    covariance_type: str = "full",
    prior: Prior | None = None,
    column_kinds=None,
) -> Mixture:
    """A starting model for EM.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    family : str
        Name of a registered family (a key of `FAMILIES`).
    n_components : int
        Number of components, at most the number of rows.
    method : {"kmeans++", "kmeans", "random", "random_from_data"}
        "kmeans": Lloyd's k-means iterations from k-means++ seeds, then one M-step on the hard
        k-means assignment (scikit-learn's default ``init_params="kmeans"``);
        "kmeans++": k-means++ seeding (distinct rows, far apart) as component centres;
        "random_from_data": distinct rows chosen uniformly as centres; "random": one M-step on
        random responsibilities. Every method refuses more components than distinct rows. Rows
        are compared in the family's comparison space (word frequencies for multinomials); a
        missing cell (NaN) counts there, and in the start, at its column's mean (for Bernoulli
        features the frequency of ones, for categorical ones the frequency of each level).
        Centres become Gaussian means (every component starting with the data's overall
        covariance) or Bernoulli / word probabilities halfway between the row and the overall
        frequencies (so no point starts impossible).
    rng : None, int or numpy.random.Generator
        Same seed, same start.
    covariance_type : str
        For the families that declare it (Gaussian); ignored by the others.
    prior : Prior, optional
        Regularises the starting covariances and probabilities like the M-step's.
    column_kinds : sequence of str, optional
        For the families that read it (mixed): the family of each column ("gaussian", "bernoulli"
        or "categorical"); ignored by the others.

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
    # Missing cells: rows are compared, and the start built, with each missing cell at its column's mean.
    data = cls._prepare(X, **data_options(cls, column_kinds)).for_starts
    N = data.n_samples
    K = check_integer(n_components, "n_components", low=1)
    if K > N:
        raise ValueError(
            f"{K} components is more than the {N} data points; use at most {N} components, or load data with more rows"
        )
    points = cls._comparison_points(data)
    n_distinct = count_distinct_rows(points, K)
    if n_distinct < K:
        raise ValueError(_too_few_distinct(n_distinct, K))
    if method == "random":
        resp = rng.random((K, N))
        resp /= resp.sum(axis=0)
        return cls._start_from_responsibilities(data, resp, prior, **options)
    if method == "kmeans":
        resp = kmeans_assignment(points, _kmeanspp(points, K, rng))
        return cls._start_from_responsibilities(data, resp, prior, **options)
    rows = _kmeanspp(points, K, rng) if method == "kmeans++" else _distinct_rows(points, K, rng)
    return cls._start_from_rows(data, rows, prior, **options)


def data_options(cls: type[Mixture], column_kinds) -> dict:
    """The family's "data" options (how its ``_prepare`` reads a table) among those given (None: not given)."""
    return cls.family_options("data", **({} if column_kinds is None else {"column_kinds": column_kinds}))


def kmeans_assignment(points: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """Hard responsibilities of Lloyd's k-means run to convergence from the rows `seeds`.

    Parameters
    ----------
    points : ndarray of shape (n_samples, n_features)
    seeds : ndarray of shape (n_components,)
        Row indices of the starting centres (k-means++ seeds).

    Returns
    -------
    ndarray of shape (n_components, n_samples)
        One-hot columns: 1 where a row's nearest final centre is.

    Raises
    ------
    ValueError
        When k-means leaves a centre without points (its component could not be started).
    """
    K = seeds.size
    scaled = _unit_scaled(points)  # as for the seeding: distances neither underflow nor overflow
    _, assignment, _ = lloyd(scaled, scaled[seeds])
    counts = np.bincount(assignment, minlength=K)
    if np.any(counts == 0):
        empty = int(np.flatnonzero(counts == 0)[0])
        raise ValueError(
            f"k-means left component {empty + 1} without points, so it cannot start; "
            "use another seed, another start method or fewer components"
        )
    resp = np.zeros((K, points.shape[0]))
    resp[assignment, np.arange(points.shape[0])] = 1.0
    return resp


def _distinct_rows(points: np.ndarray, K: int, rng) -> np.ndarray:
    first = distinct_row_indices(points)
    if first.size < K:
        raise ValueError(_too_few_distinct(first.size, K))
    return rng.choice(first, size=K, replace=False)


def _kmeanspp(points: np.ndarray, K: int, rng) -> np.ndarray:
    """k-means++ seeding: each next centre drawn with probability proportional to D(x)^2.

    The points are first scaled by a power of two (exactly, so the draws are those of the points
    as given) to a largest size near 1: squared distances then neither underflow to 0 (data
    around 1e-200 would look like one repeated row) nor overflow, whatever the data's scale.
    """
    points = _unit_scaled(points)  # entries in [-1, 1]: squared distances at most 4 per feature
    chosen = [int(rng.integers(points.shape[0]))]
    d2 = ((points - points[chosen[0]]) ** 2).sum(axis=1)
    for _ in range(1, K):
        total = d2.sum()
        if not total > 0:
            raise ValueError(_too_few_distinct(len(chosen), K))
        chosen.append(int(rng.choice(points.shape[0], p=d2 / total)))
        np.minimum(d2, ((points - points[chosen[-1]]) ** 2).sum(axis=1), out=d2)
    return np.array(chosen)


def _unit_scaled(points: np.ndarray) -> np.ndarray:
    """`points` (n_samples, n_features) times the power of two that brings their largest size into [0.5, 1)."""
    largest = float(np.max(np.abs(points)))
    if largest == 0.0 or not np.isfinite(largest):
        return points
    return np.ldexp(points, -int(np.frexp(largest)[1]))


def _too_few_distinct(n_distinct: int, K: int) -> str:
    return f"the data has only {n_distinct} distinct rows, too few for {K} components; use fewer components"
