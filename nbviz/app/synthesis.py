"""Synthesising data from chosen true parameters: random parameters, the parameter table, its checks.

The synthesis dialog edits one table per family, one row per component:

- Gaussian: the weight, the mean of each feature, the standard deviation of each feature and the
  correlation of each pair of features (a full covariance ``S R S`` with ``S = diag(sd)``);
- Bernoulli: the weight and ``P(x_m = 1)`` of each feature;
- multinomial: the weight and the probability of each word (each row sums to 1).

`check_table` turns the cells (numbers, or the text the user typed) into a Mixture or into a list
of `Issue`s naming the cells at fault and why. Nothing is fixed silently: weights that do not sum
to 1 are refused, and `normalised` is what the dialog's Normalise button does on request.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

import nbviz.core as nc

from .problem import Problem

FAMILIES = ("gaussian", "bernoulli", "multinomial")
DEFAULT_DOCUMENT_LENGTH = 50
SUM_TOLERANCE = 1e-6  # as nbviz.core's own check of weights and word distributions
# A correlation matrix whose smallest eigenvalue is below this is refused as not positive definite.
MIN_CORRELATION_EIGENVALUE = 1e-8
SD_RANGE = (1e-50, 1e50)  # squared and multiplied, still far from float under- and overflow
MAX_VALUES = 5_000_000  # N x D of a synthesised data set
MEAN_SEPARATION = 4.0  # random means are about this far apart (in units of a typical standard deviation)


# ----------------------------------------------------------------- table layout
@dataclass(frozen=True)
class Column:
    """One column of the parameter table.

    Attributes
    ----------
    kind : {"weight", "mean", "sd", "corr", "prob"}
    feature : int
        The feature (0-based) of a mean, standard deviation or probability; the first of a pair.
    other : int
        The second feature of a correlation (-1 otherwise).
    """

    kind: str
    feature: int = -1
    other: int = -1

    @property
    def header(self) -> str:
        a, b = feature_name(self.feature), feature_name(self.other)
        return {"weight": "weight", "mean": f"mean {a}", "sd": f"sd {a}", "corr": f"corr {a}, {b}",
                "prob": f"P({a})"}[self.kind]

    @property
    def description(self) -> str:
        """Longer text for tooltips and messages."""
        a, b = feature_name(self.feature), feature_name(self.other)
        return {"weight": "mixture weight", "mean": f"mean of {a}", "sd": f"standard deviation of {a}",
                "corr": f"correlation of {a} and {b}", "prob": f"probability of {a}"}[self.kind]


def feature_name(m: int) -> str:
    """Name of feature `m` (0-based), as `Problem.synthesised` names the columns."""
    return f"x{m + 1}"


def columns(family: str, n_features: int) -> tuple[Column, ...]:
    """The table's columns for `family` with `n_features` features (words)."""
    _check_family(family)
    out = [Column("weight")]
    if family == "gaussian":
        out += [Column("mean", m) for m in range(n_features)]
        out += [Column("sd", m) for m in range(n_features)]
        out += [Column("corr", i, j) for i in range(n_features) for j in range(i + 1, n_features)]
    else:
        out += [Column("prob", m) for m in range(n_features)]
    return tuple(out)


def _check_family(family: str) -> None:
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {', '.join(FAMILIES)}; got {family!r}")


# ----------------------------------------------------------------- covariance <-> (sd, correlation)
def covariance_from_std_corr(stds, corr) -> np.ndarray:
    """Covariance ``S R S`` from standard deviations and a correlation matrix.

    Parameters
    ----------
    stds : array-like of shape (..., n_features)
    corr : array-like of shape (..., n_features, n_features)

    Returns
    -------
    ndarray of shape (..., n_features, n_features)
    """
    stds, corr = np.asarray(stds, dtype=float), np.asarray(corr, dtype=float)
    return stds[..., :, None] * corr * stds[..., None, :]


def std_corr_from_covariance(cov) -> tuple[np.ndarray, np.ndarray]:
    """Standard deviations and correlation matrix of a covariance (inverse of `covariance_from_std_corr`).

    Parameters
    ----------
    cov : array-like of shape (..., n_features, n_features)
        Positive definite.

    Returns
    -------
    stds : ndarray of shape (..., n_features)
    corr : ndarray of shape (..., n_features, n_features)
        Unit diagonal.
    """
    cov = np.asarray(cov, dtype=float)
    stds = np.sqrt(np.diagonal(cov, axis1=-2, axis2=-1))
    corr = cov / (stds[..., :, None] * stds[..., None, :])
    index = np.arange(cov.shape[-1])
    corr[..., index, index] = 1.0
    return stds, corr


# ----------------------------------------------------------------- random true parameters
def random_truth(family: str, n_components: int, n_features: int, seed: int) -> nc.Mixture:
    """Random true parameters that make a good exercise for EM; the same seed gives the same mixture.

    Gaussian means are well separated (farthest-point picks from a box sized for K components),
    with standard deviations between 0.6 and 1.4 and moderate correlations; Bernoulli
    probabilities are mostly near 0 or 1 (distinct prototypes; smooth blobs when D is a square
    picture of at least 4 x 4); multinomial word distributions are
    Dirichlet draws, each concentrated on a few words. Values are rounded so that the table shows
    them exactly.
    """
    _check_family(family)
    if n_components < 1 or n_features < 1:
        raise ValueError("the number of components and of features must be at least 1")
    rng = np.random.default_rng(seed)
    K, D = n_components, n_features
    weights = _rounded_simplex(0.4 / K + 0.6 * rng.dirichlet(np.full(K, 4.0)), 2 if K <= 10 else 3)
    if family == "gaussian":
        stds = np.round(rng.uniform(0.6, 1.4, size=(K, D)), 2)
        corr = np.stack([_random_correlation(rng, D) for _ in range(K)])
        return nc.GaussianMixture(weights=weights, means=_separated_means(rng, K, D),
                                  covariances=covariance_from_std_corr(stds, corr))
    if family == "bernoulli":
        side = math.isqrt(D)
        if side >= 4 and side * side == D:  # pictures: each prototype a few smooth blobs
            probs = _blob_prototypes(rng, K, side)
        else:
            probs = np.round(np.clip(rng.beta(0.4, 0.4, size=(K, D)), 0.05, 0.95), 2)
        return nc.BernoulliMixture(weights=weights, probs=probs)
    if D < 2:
        raise ValueError("a multinomial mixture needs a vocabulary of at least 2 words")
    probs = [_rounded_simplex(0.3 / D + 0.7 * rng.dirichlet(np.full(D, 0.5)), 4) for _ in range(K)]
    return nc.MultinomialMixture(weights=weights, probs=np.array(probs))


def _rounded_simplex(p: np.ndarray, decimals: int) -> np.ndarray:
    """`p` (summing to 1) rounded to `decimals`, the rounding remainder put on the largest entry."""
    out = np.round(p, decimals)
    top = int(np.argmax(out))
    out[top] = round(1.0 - (out.sum() - out[top]), decimals)
    return out


def _blob_prototypes(rng: np.random.Generator, K: int, side: int) -> np.ndarray:
    """K square pictures (flattened, shape (K, side * side)): smoothed noise, mostly near 0.05 or 0.95."""
    from scipy.ndimage import gaussian_filter

    fields = gaussian_filter(rng.standard_normal((K, side, side)), sigma=(0, side / 6, side / 6), mode="wrap")
    fields /= fields.std(axis=(1, 2), keepdims=True)
    probs = 0.05 + 0.9 / (1.0 + np.exp(-3.0 * fields))
    return np.round(probs.reshape(K, -1), 2)


def _separated_means(rng: np.random.Generator, K: int, D: int) -> np.ndarray:
    side = 1.2 * MEAN_SEPARATION * K ** (1.0 / D)
    candidates = rng.uniform(-side / 2, side / 2, size=(64 * K, D))
    chosen = [0]
    nearest = np.linalg.norm(candidates - candidates[0], axis=1)
    for _ in range(K - 1):
        pick = int(np.argmax(nearest))
        chosen.append(pick)
        nearest = np.minimum(nearest, np.linalg.norm(candidates - candidates[pick], axis=1))
    return np.round(candidates[chosen], 1)


def _random_correlation(rng: np.random.Generator, D: int) -> np.ndarray:
    B = rng.standard_normal((D, D))
    corr = std_corr_from_covariance(B @ B.T + 0.5 * D * np.eye(D))[1]
    off = ~np.eye(D, dtype=bool)
    corr[off] = np.round(corr[off], 2)
    while np.linalg.eigvalsh(corr)[0] < 0.05:  # rounding can, in principle, spoil definiteness
        corr[off] = np.round(0.8 * corr[off], 2)
    return corr


# ----------------------------------------------------------------- table <-> mixture
def table_from_truth(model: nc.Mixture) -> np.ndarray:
    """The table's values for `model`, shape (n_components, len(columns(...))).

    Gaussian covariances of any type are shown through their full matrices.
    """
    K, D = model.n_components, model.n_features
    cols = columns(model.family, D)
    if model.family != "gaussian":
        return np.column_stack([model.weights, model.probs])
    stds, corr = std_corr_from_covariance(model.full_covariances)
    pairs = [(c.feature, c.other) for c in cols if c.kind == "corr"]
    corr_values = np.array([[corr[k, i, j] for i, j in pairs] for k in range(K)]).reshape(K, len(pairs))
    return np.column_stack([model.weights, model.means, stds, corr_values])


@dataclass(frozen=True)
class Issue:
    """Why some cells of the table cannot be used.

    Attributes
    ----------
    cells : tuple of (row, column)
        The cells to mark (may be empty for a problem with the table as a whole).
    message : str
        What is wrong, where, and what to do.
    """

    cells: tuple[tuple[int, int], ...]
    message: str


@dataclass(frozen=True)
class TableCheck:
    """The result of `check_table`: a mixture, or the issues that prevent one."""

    model: nc.Mixture | None
    issues: tuple[Issue, ...]

    @property
    def ok(self) -> bool:
        return self.model is not None

    def cell_messages(self) -> dict[tuple[int, int], str]:
        """Every marked cell and the reasons given for it (joined by newlines)."""
        out: dict[tuple[int, int], list[str]] = {}
        for issue in self.issues:
            for cell in issue.cells:
                out.setdefault(cell, []).append(issue.message)
        return {cell: "\n".join(messages) for cell, messages in out.items()}


def parse_number(value) -> tuple[float | None, str | None]:
    """A finite number from a cell's value (a number or text), or None and the reason."""
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None, "is empty; enter a number"
        try:
            number = float(text)
        except ValueError:
            return None, f"'{text}' is not a number"
    else:
        try:
            number = float(value)
        except (TypeError, ValueError):
            return None, f"{value!r} is not a number"
    if not math.isfinite(number):
        return None, f"{number} is not a finite number; enter a number"
    return number, None


def check_table(family: str, cells, n_features: int) -> TableCheck:
    """Turn the table's cells into a mixture, or say which cells are wrong and why.

    Parameters
    ----------
    family : {"gaussian", "bernoulli", "multinomial"}
    cells : sequence of sequences, shape (n_components, len(columns(family, n_features)))
        Numbers or text.
    n_features : int

    Returns
    -------
    TableCheck
    """
    cols = columns(family, n_features)
    K = len(cells)
    issues: list[Issue] = []
    values = np.full((K, len(cols)), np.nan)

    def refuse(marked, message):
        issues.append(Issue(tuple(marked), message))

    for k in range(K):
        if len(cells[k]) != len(cols):
            raise ValueError(f"row {k} of the table has {len(cells[k])} cells; expected {len(cols)}")
        for c, column in enumerate(cols):
            number, reason = parse_number(cells[k][c])
            where = f"component {k + 1}, {column.description}"
            if reason is not None:
                refuse([(k, c)], f"{where}: {reason}")
                continue
            values[k, c] = number
            if column.kind == "weight" and number < 0:
                refuse([(k, c)], f"{where}: weight {number:g} is negative; weights must be 0 or more")
            elif column.kind == "sd" and number <= 0:
                refuse([(k, c)], f"{where}: standard deviation {number:g} must be greater than 0")
            elif column.kind == "sd" and not SD_RANGE[0] <= number <= SD_RANGE[1]:
                refuse([(k, c)], f"{where}: standard deviation {number:g} is outside the range nbviz can "
                                 f"sample and fit ({SD_RANGE[0]:g} to {SD_RANGE[1]:g}); rescale the feature")
            elif column.kind == "corr" and not -1 < number < 1:
                refuse([(k, c)], f"{where}: correlation {number:g} must be strictly between -1 and 1")
            elif column.kind == "prob" and not 0 <= number <= 1:
                refuse([(k, c)], f"{where}: probability {number:g} is not between 0 and 1")

    bad = np.zeros(values.shape, dtype=bool)
    for issue in issues:
        for k, c in issue.cells:
            bad[k, c] = True
    weights = values[:, 0]
    if K and not bad[:, 0].any():
        total = float(weights.sum())
        if abs(total - 1.0) > SUM_TOLERANCE:
            refuse([(k, 0) for k in range(K)],
                   f"weights sum to {total:.6g}; they must sum to 1 — use Normalise")
    if family == "gaussian":
        _check_correlations(cols, values, bad, refuse)
    if family == "multinomial":
        for k in range(K):
            if not bad[k, 1:].any():
                total = float(values[k, 1:].sum())
                if abs(total - 1.0) > SUM_TOLERANCE:
                    refuse([(k, c) for c in range(1, len(cols))],
                           f"component {k + 1}: word probabilities sum to {total:.6g}; they must sum to 1 "
                           "— use Normalise")
    if issues:
        return TableCheck(None, tuple(issues))
    try:
        model = _mixture(family, cols, values)
    except ValueError as error:  # a check above should have caught it; say so rather than fail
        return TableCheck(None, (Issue((), f"These parameters cannot be used: {error}"),))
    return TableCheck(model, ())


def _check_correlations(cols, values, bad, refuse) -> None:
    pairs = [(c, column) for c, column in enumerate(cols) if column.kind == "corr"]
    D = sum(column.kind == "mean" for column in cols)
    for k in range(values.shape[0]):
        if not pairs or any(bad[k, c] for c, _ in pairs):
            continue
        corr = np.eye(D)
        for c, column in pairs:
            corr[column.feature, column.other] = corr[column.other, column.feature] = values[k, c]
        smallest = float(np.linalg.eigvalsh(corr)[0])
        if smallest >= MIN_CORRELATION_EIGENVALUE:
            continue
        involved = [(c, column) for c, column in pairs if values[k, c] != 0]
        listed = [f"{values[k, c]:g} ({feature_name(column.feature)}, {feature_name(column.other)})"
                  for c, column in involved]
        text = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1] + " together"
        noun = "correlation" if len(listed) == 1 else "correlations"
        verb = "makes" if len(listed) == 1 else "make"
        refuse([(k, c) for c, _ in involved],
               f"component {k + 1}: {noun} {text} {verb} the covariance not positive definite (smallest "
               f"eigenvalue of the correlation matrix {smallest:.3g}); make them smaller in size")


def _mixture(family: str, cols, values: np.ndarray) -> nc.Mixture:
    weights = values[:, 0]
    kinds = np.array([column.kind for column in cols])
    if family == "bernoulli":
        return nc.BernoulliMixture(weights=weights, probs=values[:, kinds == "prob"])
    if family == "multinomial":
        return nc.MultinomialMixture(weights=weights, probs=values[:, kinds == "prob"])
    means, stds = values[:, kinds == "mean"], values[:, kinds == "sd"]
    K, D = means.shape
    corr = np.repeat(np.eye(D)[None], K, axis=0)
    for c, column in enumerate(cols):
        if column.kind == "corr":
            corr[:, column.feature, column.other] = corr[:, column.other, column.feature] = values[:, c]
    return nc.GaussianMixture(weights=weights, means=means, covariances=covariance_from_std_corr(stds, corr))


def normalised(cells, decimals: int = 4) -> list[float]:
    """Numbers scaled to sum to 1, rounded to `decimals` (the remainder on the largest): the Normalise button.

    Raises ValueError saying why when a cell is not a number, one is negative, or all are 0.
    """
    numbers = []
    for value in cells:
        number, reason = parse_number(value)
        if reason is not None:
            raise ValueError(f"cannot normalise: a cell {reason}")
        if number < 0:
            raise ValueError(f"cannot normalise: {number:g} is negative")
        numbers.append(number)
    total = sum(numbers)
    if total <= 0:
        raise ValueError("cannot normalise: every value is 0; enter some positive values first")
    out = _rounded_simplex(np.array(numbers) / total, decimals)
    if (out < 0).any():  # only when rounding a nearly all-zero row; keep the exact scaling then
        out = np.array(numbers) / total
    return [float(v) for v in out]


# ----------------------------------------------------------------- sampling
def check_size(n_samples: int, n_features: int) -> str | None:
    """Why N rows of `n_features` values are too many for the workspace, or None if they are fine."""
    if n_samples < 1:
        return "N must be at least 1"
    if n_samples * n_features > MAX_VALUES:
        return (f"N × D = {n_samples:,} × {n_features} = {n_samples * n_features:,} values is more than the "
                f"workspace handles smoothly ({MAX_VALUES:,}); use a smaller N")
    return None


def sample_options(family: str, document_length: int) -> dict:
    """Options for `Mixture.sample`: the number of words per document for a multinomial mixture."""
    return {"n_trials": int(document_length)} if family == "multinomial" else {}


def synthesised_problem(truth: nc.Mixture, n_samples: int, seed: int,
                        document_length: int = DEFAULT_DOCUMENT_LENGTH) -> Problem:
    """`n_samples` rows drawn from `truth` with `seed`; the truth stays attached to the problem."""
    K, D = truth.n_components, truth.n_features
    if truth.family == "gaussian":
        what = f"{D}-D Gaussian mixture"
    elif truth.family == "bernoulli":
        what = f"Bernoulli mixture, {D} features"
    else:
        what = f"multinomial mixture, {D} words, {document_length} per document"
    name = f"Synthetic {what}, K = {K}, N = {n_samples}, seed {seed}"
    return Problem.synthesised(truth, n_samples, seed, name=name,
                               sample_options=sample_options(truth.family, document_length))
