"""The worked numbers of one E-step and one M-step, for the inspector (Qt-free).

- `e_step_numbers`: for any x (a data row or a probe), ``pi_k``, ``p(x | k)``, their products,
  ``p(x)`` and ``r_k = pi_k p(x | k) / p(x)``, in log space;
- `factor_rows`: for a naive Bayes family, ``p(x | k)`` as its product feature by feature (the
  features that tell the components apart most first, the rest summarised);
- `shared_factor`: the factor of ``p(x | k)`` the components share (the multinomial coefficient),
  which a lecture leaves out of ``P(D | theta_k)``;
- `linear_score`: with two components, the same E-step as a linear score, ``log(pi_1 / pi_2)`` plus
  each feature's log factor ratio (for counts ``n(w) log(theta_1w / theta_2w)``), whose logistic is r_1;
- `worked_parameter`: how an M-step computed one parameter from the responsibilities, e.g.
  ``mu_k = sum_n r_nk x_n / sum_n r_nk``, with every term for small N and the largest for large N;
- `posterior_curves`: ``r_k(x) = P(C = k | x)`` along a line of one-feature points.

What differs between families comes from `nbviz.app.families.steps`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import nbviz.core as nc
from nbviz.core.logspace import normalise
from nbviz.translation_marks import translate

from ..families import presentation
from ..families.steps import ParameterGroup, ParameterKey, Ratio

MAX_TERMS = 12  # up to this many data rows, every term of a sum is listed
TOP_TERMS = 8  # beyond, the largest terms
MAX_FACTORS = 8  # features of a naive Bayes product written out; the rest summarised


@dataclass(frozen=True)
class EStepNumbers:
    """One x's E-step: every array has shape (n_components,), ``log_products = log pi + log_densities``."""

    x: np.ndarray
    weights: np.ndarray
    log_densities: np.ndarray
    log_products: np.ndarray
    log_normaliser: float
    resp: np.ndarray


def e_step_numbers(model: nc.Mixture, x) -> EStepNumbers:
    """The E-step of `model` at the point `x` (n_features,).

    Raises
    ------
    ValueError
        For an x the model cannot describe (wrong length, a non-binary value for a Bernoulli
        mixture, ...), or one that is impossible under every component.
    """
    x = np.asarray(x, dtype=float)
    log_densities, log_products = e_step_terms(model, x)
    resp, log_normaliser = normalise(log_products[:, None].copy())
    return EStepNumbers(x, model.weights, log_densities, log_products, float(log_normaliser[0]), resp[:, 0])


def e_step_terms(model: nc.Mixture, x) -> tuple[np.ndarray, np.ndarray]:
    """``log p(x | k)`` and ``log pi_k p(x | k)`` of `model` at `x` (n_features,), each of shape (n_components,).

    The densities come from the components themselves, so a component of weight 0 still shows
    its p(x | k); its product is ``-inf`` (exactly 0), as is that of a component under which x is
    impossible. No entry is NaN.
    """
    log_densities = model.component_log_density(np.asarray(x, dtype=float)[None, :])[0]
    with np.errstate(divide="ignore"):
        log_products = np.log(model.weights) + log_densities
    return log_densities, log_products


def log_sum(log_terms: np.ndarray) -> float:
    """``log sum_k exp(log_terms[k])`` of shape (n_components,): ``-inf`` when every term is 0."""
    peak = float(np.max(log_terms))
    if peak == -np.inf:
        return peak
    return peak + float(np.log(np.exp(log_terms - peak).sum()))


@dataclass(frozen=True)
class FactorRows:
    """``log p(x | k) = log_constant + sum of the listed log factors + rest_log``.

    Attributes
    ----------
    features : ndarray of int, shape (n_listed,)
        The features written out, in the order shown.
    labels : list of str
        Each listed feature's factor ("p", "1 − p", "θ^2").
    log_factors : ndarray of shape (n_listed, n_components)
    n_rest : int
        Informative features not listed; `rest_log` (n_components,) is the log of their product.
    rest_log : ndarray of shape (n_components,)
    n_silent : int
        Features whose factor is 1 under every component (e.g. absent words), not listed.
    log_constant : float
    constant_text : str
    """

    features: np.ndarray
    labels: list[str]
    log_factors: np.ndarray
    n_rest: int
    rest_log: np.ndarray
    n_silent: int
    log_constant: float
    constant_text: str


def factor_rows(model: nc.Mixture, x, limit: int = MAX_FACTORS) -> FactorRows | None:
    """The naive Bayes product of `model` at `x` feature by feature, or None for a family that does not factor.

    With more than `limit` informative features the `limit` that separate the components most
    (the largest spread of their log factors) are listed, the others summarised.
    """
    factors = presentation(model).steps.feature_log_factors(model, np.asarray(x, dtype=float))
    if factors is None:
        return None
    informative = np.flatnonzero(factors.informative)
    logs = factors.log_factors
    if len(informative) <= limit:
        listed = informative
    else:
        finite = np.where(np.isfinite(logs), logs, -1e300)
        spread = finite.max(axis=1) - finite.min(axis=1)
        order = informative[np.argsort(-spread[informative], kind="stable")]
        listed = order[:limit]
    rest = np.setdiff1d(informative, listed)
    return FactorRows(
        features=listed,
        labels=[factors.labels[m] for m in listed],
        log_factors=logs[listed],
        n_rest=len(rest),
        rest_log=logs[rest].sum(axis=0) if len(rest) else np.zeros(model.n_components),
        n_silent=len(x) - len(informative),
        log_constant=factors.log_constant,
        constant_text=factors.constant_text,
    )


def shared_factor(model: nc.Mixture, x) -> tuple[float, str]:
    """The log of the factor of ``p(x | k)`` every component shares, and what it is ("" and 0: none).

    The multinomial's coefficient ``L! / prod_m x_m!`` is one: it cancels in r_k, and a lecture writes
    ``P(D | theta_k) = prod_w theta_kw^n(w)`` without it.
    """
    factors = presentation(model).steps.feature_log_factors(model, np.asarray(x, dtype=float))
    if factors is None or not factors.constant_text:
        return 0.0, ""
    return factors.log_constant, factors.constant_text


@dataclass(frozen=True)
class LinearScore:
    """Two components' E-step as ``score = log(pi_1 / pi_2) + sum_m terms[m]`` and ``r_1 = 1 / (1 + exp(-score))``.

    Attributes
    ----------
    log_prior_ratio : float
        ``log(pi_1 / pi_2)``.
    features : ndarray of int, shape (n_terms,)
        The features with a term (those whose factor is not 1 under both components).
    terms : ndarray of shape (n_terms,)
        ``log f_1m(x_m) - log f_2m(x_m)``: for counts, ``n(w) log(theta_1w / theta_2w)``.
    score : float
    resp : float
        ``r_1``, the logistic of the score.
    """

    log_prior_ratio: float
    features: np.ndarray
    terms: np.ndarray
    score: float
    resp: float


def linear_score(model: nc.Mixture, x) -> LinearScore | None:
    """The E-step of a two-component naive Bayes `model` at `x` as a linear score, else None.

    None for more or fewer than two components, for a density that does not factor, and where a
    weight or a factor is 0 (a term would be infinite).
    """
    if model.n_components != 2:
        return None
    factors = presentation(model).steps.feature_log_factors(model, np.asarray(x, dtype=float))
    if factors is None:
        return None
    features = np.flatnonzero(factors.informative)
    logs = factors.log_factors[features]
    with np.errstate(divide="ignore"):
        log_weights = np.log(model.weights)
    if not (np.all(np.isfinite(logs)) and np.all(np.isfinite(log_weights))):
        return None
    terms = logs[:, 0] - logs[:, 1]
    prior_ratio = float(log_weights[0] - log_weights[1])
    score = prior_ratio + float(terms.sum())
    return LinearScore(prior_ratio, features, terms, score, float(0.5 * (1.0 + np.tanh(score / 2.0))))


@dataclass(frozen=True)
class WorkedParameter:
    """One parameter of an M-step, computed term by term.

    Attributes
    ----------
    key : ParameterKey
    ratio : Ratio
        The formula's parts (`nbviz.app.families.steps.Ratio`).
    rows : ndarray of int, shape (n_listed,)
        Data rows whose terms are listed (all for small N, else the largest in size).
    contributions : ndarray of shape (n_listed,)
        ``weights_n * values_n`` of those rows.
    n_rest : int
        Rows not listed; `rest_sum` is the sum of their terms.
    rest_sum : float
    numerator_sum : float
        The sum over every row.
    value : float
        ``(numerator_sum + numerator_pseudo) / denominator``; NaN when the denominator is 0 (a
        component that received no responsibility, see `kept`).
    stored : float
        The value the M-step put in the model (equal to `value` up to rounding, unless `kept`).
    kept : bool
        The component received no responsibility and kept its previous parameters.
    """

    key: ParameterKey
    ratio: Ratio
    rows: np.ndarray
    contributions: np.ndarray
    n_rest: int
    rest_sum: float
    numerator_sum: float
    value: float
    stored: float
    kept: bool


def parameter_groups(model: nc.Mixture, fixed_covariances: bool = False) -> list[ParameterGroup]:
    """The parameters an M-step of `model` computes, by kind and component: the weights, then the family's own."""
    weights = [
        ParameterGroup("weight", k, translate("nbviz", "{0} of {1}").format("π", k + 1), 0)
        for k in range(model.n_components)
    ]
    return weights + presentation(model).steps.groups(model, fixed_covariances)


def parameter_choices(model: nc.Mixture, columns, fixed_covariances: bool = False) -> list[tuple[ParameterKey, str]]:
    """Every parameter an M-step of `model` computes, with a label: the weights, then the family's own."""
    weights = [
        (ParameterKey("weight", k), translate("nbviz", "{0} of {1}").format("π", k + 1))
        for k in range(model.n_components)
    ]
    return weights + presentation(model).steps.parameters(model, columns, fixed_covariances)


def weight_ratio(k: int, resp: np.ndarray, prior: nc.Prior) -> Ratio:
    """``pi_k = (sum_n r_nk + alpha) / (N + K alpha)``."""
    N, K = resp.shape
    alpha = prior.alpha
    text = f"N = {N}" if alpha == 0 else f"N + Kα = {N} + {K * alpha:g}"
    pseudo = f"α = {alpha:g}" if alpha > 0 else ""
    return Ratio("π", f"{k + 1}", "1", resp[:, k], np.ones(N), alpha, pseudo, N + K * alpha, text)


def largest_terms(terms: np.ndarray, count: int) -> np.ndarray:
    """Indices (increasing) of the `count` terms largest in magnitude; ties go to the earlier index.

    The same as the first `count` of a stable sort by decreasing magnitude, without sorting all N
    terms (the inspector asks on every M half-step, on every data size).
    """
    size = np.abs(terms)
    if count >= size.size or not np.isfinite(size).all():
        return np.sort(np.argsort(-size, kind="stable")[:count])
    cutoff = np.partition(size, size.size - count)[size.size - count]  # the count-th largest
    above = np.flatnonzero(size > cutoff)
    at = np.flatnonzero(size == cutoff)[: count - above.size]
    return np.sort(np.concatenate([above, at]))


def worked_parameter(
    key: ParameterKey,
    model: nc.Mixture,
    X: np.ndarray,
    resp: np.ndarray,
    prior: nc.Prior,
    columns,
    empty=(),
) -> WorkedParameter:
    """How the M-step that made `model` computed parameter `key`.

    Parameters
    ----------
    key : ParameterKey
        One of `parameter_choices`.
    model : Mixture
        The M-step's result.
    X : ndarray of shape (n_samples, n_features)
    resp : ndarray of shape (n_samples, n_components)
        The responsibilities the M-step used.
    prior : Prior
        The run's pseudo-counts.
    columns : sequence of str
        Feature names.
    empty : sequence of int
        Components that received no responsibility (they keep their previous parameters).
    """
    arithmetic = presentation(model).steps
    if key.kind == "weight":
        assert key.k is not None  # every weight belongs to a component
        ratio, stored = weight_ratio(key.k, resp, prior), float(model.weights[key.k])
    else:
        # N_k = 0 (a component without responsibility): the family's averages are 0 / 0, shown as undefined
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = arithmetic.ratio(key, X, resp, prior, columns)
        stored = arithmetic.stored(model, key)
    terms = ratio.weights * ratio.values
    total = float(terms.sum())
    rows = np.arange(len(terms)) if len(terms) <= MAX_TERMS else largest_terms(terms, TOP_TERMS)
    rest = np.ones(len(terms), dtype=bool)
    rest[rows] = False
    numerator = total + ratio.numerator_pseudo
    # a component without responsibility has the sum 0 / 0: undefined, and it keeps its value
    value = numerator / ratio.denominator if ratio.denominator != 0 else np.nan
    return WorkedParameter(
        key=key,
        ratio=ratio,
        rows=rows,
        contributions=terms[rows],
        n_rest=int(np.count_nonzero(rest)),
        rest_sum=float(terms[rest].sum()),
        numerator_sum=total,
        value=float(value),
        stored=stored,
        kept=key.kind != "weight" and key.k is not None and key.k in tuple(empty),
    )


def posterior_curves(model: nc.Mixture, x: np.ndarray) -> np.ndarray:
    """``r_k(x) = P(C = k | x)`` of a one-feature mixture at the points `x` (n,); shape (n_components, n)."""
    return model.responsibilities(np.asarray(x, dtype=float)[:, None]).T
