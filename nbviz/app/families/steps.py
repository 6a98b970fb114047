"""Each family's E-step and M-step written out term by term, for the inspector's worked numbers.

The generic parts (the weights, the ranking of terms, the E-step table) are in
`nbviz.app.analysis.breakdown`; what differs between families is a `StepArithmetic` per family
(the Bernoulli and multinomial ones here, the Gaussian's in its own module, as it depends on the
covariance type); each family's presentation holds its own (`FamilyPresentation.steps`), so a
caller looks it up (``presentation(model).steps``), never by asking which family a model is:

- `feature_log_factors`: the naive Bayes product ``p(x | k) = prod_m f_m(x_m | k)`` factor by
  factor (None for a family whose density does not factor over the features);
- `groups` and `ratio`: the family's own parameters, in groups of one kind and component (a
  mean vector, a covariance matrix), each entry the ratio ``(sum_n r_nk f_n + a) / b`` that its
  M-step computes.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass

import numpy as np

import nbviz.core as nc
from nbviz.translation_marks import translate


@dataclass(frozen=True)
class ParameterKey:
    """One parameter of a mixture: ``kind`` ("weight", "mean", "covariance", "prob"), component
    ``k`` (None for a parameter the components share, e.g. a tied covariance entry) and the
    feature positions ``index`` (none for a weight, one or two otherwise)."""

    kind: str
    k: int | None
    index: tuple[int, ...] = ()


@dataclass(frozen=True)
class ParameterGroup:
    """Parameters of one kind and component, e.g. a mean vector μ_k or a covariance matrix Σ_k.

    Attributes
    ----------
    kind : str
        As `ParameterKey.kind`.
    k : int or None
        The component (None: shared by the components).
    label : str
        The group's name, e.g. "μ of 1"; for pairs of features the name of an off-diagonal entry ("Σ of 1").
    features : int
        Feature positions that name one entry: 0 (the group is one parameter), 1 or 2 (a pair
        ``d <= e`` of a symmetric matrix).
    diagonal_label : str
        For a matrix (and for the diagonal of one, `features` 1 with ``index`` (d, d)), the name of
        a diagonal entry, e.g. "σ² of 1"; "" otherwise.
    """

    kind: str
    k: int | None
    label: str
    features: int = 1
    diagonal_label: str = ""

    def key(self, index: tuple[int, ...] = ()) -> ParameterKey:
        """The entry at feature positions `index` (``len(index) == features``)."""
        if self.features == 1 and self.diagonal_label:  # the diagonal of a matrix: stored at (d, d)
            index = (index[0], index[0])
        return ParameterKey(self.kind, self.k, tuple(index))

    def entry_label(self, index: tuple[int, ...], columns) -> str:
        """The entry's name with its features, e.g. "μ of 1, sweet" or "Σ of 1, a–b"."""
        if not index:
            return self.label
        if len(index) == 1 or index[0] == index[1]:
            return f"{self.diagonal_label or self.label}, {columns[index[0]]}"
        return f"{self.label}, {columns[index[0]]}–{columns[index[1]]}"

    def entries(self, n_features: int) -> list[tuple[int, ...]]:
        """Every entry's feature positions, diagonal entries first (for `features` 2, of n_features(n_features+1)/2)."""
        if self.features == 0:
            return [()]
        diagonal = [(d,) * self.features for d in range(n_features)]
        if self.features == 1:
            return [(d,) for d in range(n_features)]
        return diagonal + [(d, e) for d in range(n_features) for e in range(d + 1, n_features)]

    def n_entries(self, n_features: int) -> int:
        """``len(self.entries(n_features))``, without listing them."""
        return (1, n_features, n_features * (n_features + 1) // 2)[self.features]


@dataclass(frozen=True)
class Ratio:
    """How an M-step computes one parameter: ``(sum_n weights_n values_n + numerator_pseudo) / denominator``.

    Attributes
    ----------
    symbol, subscript : str
        The parameter's name, e.g. "p" and "2, sweet".
    value_name : str
        What ``values_n`` is, e.g. "x_n,sweet".
    weights : ndarray of shape (n_samples,)
        The responsibilities r_nk (or for a tied quantity, 1).
    values : ndarray of shape (n_samples,)
    numerator_pseudo : float
        Pseudo-counts added to the sum (0 without a prior).
    pseudo_text : str
        What the pseudo-counts are ("β = 1"), "" without.
    denominator : float
    denominator_text : str
        What the denominator is, with its parts, e.g. "N_k + 2β = 2.31 + 2".
    """

    symbol: str
    subscript: str
    value_name: str
    weights: np.ndarray
    values: np.ndarray
    numerator_pseudo: float
    pseudo_text: str
    denominator: float
    denominator_text: str


@dataclass(frozen=True)
class FeatureFactors:
    """The factors of ``p(x | k)`` feature by feature.

    Attributes
    ----------
    log_factors : ndarray of shape (n_features, n_components)
        ``log f_m(x_m | k)``; -inf where x contradicts a probability of 0 or 1.
    labels : list of str
        Per feature, the factor's formula for this x ("p", "1 − p", "θ^3").
    informative : ndarray of bool, shape (n_features,)
        Features whose factor is not 1 under every component (a word absent from the document is not).
    log_constant : float
        The part of ``log p(x | k)`` shared by every component (the multinomial coefficient; 0 if none).
    constant_text : str
        What the constant is, "" when there is none.
    """

    log_factors: np.ndarray
    labels: list[str]
    informative: np.ndarray
    log_constant: float = 0.0
    constant_text: str = ""


def mass(resp_k: np.ndarray) -> float:
    """N_k, the total responsibility of one component."""
    return float(resp_k.sum())


def pseudo_text(value: float, name: str) -> str:
    """A pseudo-count's term in a ratio ("λ = 0.1"), or "" when it is 0."""
    return f"{name} = {value:g}" if value > 0 else ""


class StepArithmetic(abc.ABC):
    """A family's E-step factors and M-step ratios."""

    def feature_log_factors(self, model: nc.Mixture, x: np.ndarray) -> FeatureFactors | None:
        """The naive Bayes product of `model` at `x` (n_features,), or None if the density does not factor."""
        return None

    @abc.abstractmethod
    def groups(self, model: nc.Mixture, fixed_covariances: bool) -> list[ParameterGroup]:
        """The family's own parameters (not the weights) an M-step computes, grouped by kind and component."""

    def parameters(self, model: nc.Mixture, columns, fixed_covariances: bool) -> list[tuple[ParameterKey, str]]:
        """Every entry of `groups`, each with a label (K x D entries and more: for small models)."""
        D = model.n_features
        return [
            (group.key(index), group.entry_label(index, columns))
            for group in self.groups(model, fixed_covariances)
            for index in group.entries(D)
        ]

    @abc.abstractmethod
    def stored(self, model: nc.Mixture, key: ParameterKey) -> float:
        """The value of the family parameter `key` in `model`."""

    @abc.abstractmethod
    def ratio(self, key: ParameterKey, X: np.ndarray, resp: np.ndarray, prior: nc.Prior, columns) -> Ratio:
        """How the M-step computes `key` from data X (n_samples, n_features) and resp (n_samples, n_components)."""


class BernoulliSteps(StepArithmetic):
    """``p(x | k) = prod_m p_km^x_m (1 − p_km)^(1 − x_m)``; ``p_km = (sum_n r_nk x_nm + β) / (N_k + 2β)``."""

    def feature_log_factors(self, model, x):
        probs = model.probs.T
        ones = x[:, None] == 1
        with np.errstate(divide="ignore"):
            log_factors = np.where(ones, np.log(probs), np.log1p(-probs))
        labels = ["p" if one else "1 − p" for one in ones[:, 0]]
        return FeatureFactors(log_factors, labels, np.ones(len(x), dtype=bool))

    def groups(self, model, fixed_covariances):
        return [
            ParameterGroup("prob", k, translate("nbviz", "{0} of {1}").format("p", k + 1))
            for k in range(model.n_components)
        ]

    def stored(self, model, key):
        return float(model.probs[key.k, key.index[0]])

    def ratio(self, key, X, resp, prior, columns):
        k, (m,) = key.k, key.index
        r = resp[:, k]
        nk, beta = mass(r), prior.beta
        denominator_text = f"N_k = {nk:.6g}" if beta == 0 else f"N_k + 2β = {nk:.6g} + {2 * beta:g}"
        return Ratio(
            "p",
            f"{k + 1}, {columns[m]}",
            f"x_n,{columns[m]}",
            r,
            X[:, m],
            beta,
            pseudo_text(beta, "β"),
            nk + 2 * beta,
            denominator_text,
        )


class MultinomialSteps(StepArithmetic):
    """``p(x | k) = (L! / prod_m x_m!) prod_m θ_km^x_m``; ``θ_km = (sum_n r_nk x_nm + β) / (sum_n r_nk L_n + Mβ)``."""

    def feature_log_factors(self, model, x):
        probs = model.probs.T
        present = x > 0
        with np.errstate(divide="ignore"):
            log_factors = np.where(present[:, None], x[:, None] * np.log(probs), 0.0)
        labels = ["θ" if c == 1 else f"θ^{int(c)}" for c in x]
        from scipy.special import gammaln  # imported on first use: scipy is slow to import

        coefficient = float(gammaln(x.sum() + 1) - gammaln(x + 1).sum())
        return FeatureFactors(log_factors, labels, present, coefficient, "L! / ∏ x_m! (the same for every component)")

    def groups(self, model, fixed_covariances):
        return [
            ParameterGroup("prob", k, translate("nbviz", "{0} of {1}").format("θ", k + 1))
            for k in range(model.n_components)
        ]

    def stored(self, model, key):
        return float(model.probs[key.k, key.index[0]])

    def ratio(self, key, X, resp, prior, columns):
        k, (m,) = key.k, key.index
        r = resp[:, k]
        words, beta, M = float(r @ X.sum(axis=1)), prior.beta, X.shape[1]
        denominator_text = f"Σ_n r_nk L_n = {words:.6g}" + ("" if beta == 0 else f", + Mβ = {M * beta:g}")
        return Ratio(
            "θ",
            f"{k + 1}, {columns[m]}",
            f"x_n,{columns[m]}",
            r,
            X[:, m],
            beta,
            pseudo_text(beta, "β"),
            words + M * beta,
            denominator_text,
        )
