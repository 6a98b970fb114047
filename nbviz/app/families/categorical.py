"""The categorical mixture (latent class analysis) as the app presents it: its level probabilities,
its synthesis table of P(x_j = level) and its E-step worked feature by feature."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP, translate

from .base import DataView, FamilyPresentation, SynthesisRecipe
from .level_names import level_text
from .parameter_text import MAX_LISTED, Row, changed, fmt
from .steps import FeatureFactors, ParameterGroup, ParameterKey, Ratio, StepArithmetic, mass, pseudo_text
from .synthesis_table import Column, Refuse, rounded_simplex

SYNTHESIS_LEVELS = 3  # levels of each synthesised feature
# A data file's latent class fit, chosen by measurement (benchmarks/latent_class.py) to reach poLCA's
# published log-likelihoods: the best of 10 starts (poLCA's manual takes nrep = 10) from random
# responsibilities (no item probability starts at 0; on gss82 K = 3, 6-8 of 10 such starts reach
# -2754.545, 4 of 10 k-means starts do), each run until an iteration gains less than 1e-10 of the
# log-likelihood (the per-row rule stopped after 4-17 iterations; gss82 needs 400-700) or 5,000 iterations.
LATENT_CLASS_FIT = {
    "init_method": "random",
    "n_init": 10,
    "convergence": "relative",
    "tolerance": 1e-10,
    "max_iter": 5000,
}


def level_columns(n_features: int, levels: int = SYNTHESIS_LEVELS) -> tuple[Column, ...]:
    """The weight, then ``P(x_j = level)`` for each feature j and each of its `levels` levels."""
    return (Column("weight"),) + tuple(Column("prob", j, level) for j in range(n_features) for level in range(levels))


def flat_levels(model: Any) -> np.ndarray:
    """Every level probability of a categorical mixture side by side, shape (n_components, sum of levels)."""
    return np.concatenate(list(model.probs), axis=1)


class CategoricalSynthesis(SynthesisRecipe):
    """The weight and ``P(x_j = level)`` of each feature's three levels (each feature's row sums to 1).

    Random level probabilities are Dirichlet draws, mostly on one or two levels per class.
    """

    default_features = 4
    feature_range = (1, 40)
    features_noun = QT_TRANSLATE_NOOP("nbviz", "questions")
    simplex_rows = QT_TRANSLATE_NOOP("nbviz", "level probabilities")
    normalise_text = QT_TRANSLATE_NOOP("nbviz", "Normalise weights and levels")

    def columns(self, n_features: int) -> tuple[Column, ...]:
        return level_columns(n_features)

    def random_parameters(self, rng, weights, n_features):
        K = len(weights)
        probs = [
            np.array(
                [rounded_simplex(0.05 + 0.85 * rng.dirichlet(np.full(SYNTHESIS_LEVELS, 0.5)), 2) for _ in range(K)]
            )
            for _ in range(n_features)
        ]
        return nc.CategoricalMixture(weights=weights, probs=[p / p.sum(axis=1, keepdims=True) for p in probs])

    def table_values(self, model):
        return np.column_stack([model.weights, flat_levels(model)])

    def check(self, cols, values, bad, refuse: Refuse) -> None:
        """Refuse a feature whose level probabilities in a component do not sum to 1."""
        features = np.array([column.feature for column in cols])
        for k in range(values.shape[0]):
            for j in np.unique(features[1:]):
                where = np.flatnonzero(features == j)
                if bad[k, where].any():
                    continue
                total = float(values[k, where].sum())
                if abs(total - 1.0) > 1e-6:
                    refuse(
                        [(k, int(c)) for c in where],
                        f"component {k + 1}: the level probabilities of {cols[int(where[0])].feature_names[0]} sum to "
                        f"{total:.6g}; they must sum to 1 — use Normalise",
                    )

    def mixture(self, cols, values):
        features = np.array([column.feature for column in cols])
        probs = [values[:, features == j] for j in range(int(features.max()) + 1)]
        return nc.CategoricalMixture(weights=values[:, 0], probs=[p / p.sum(axis=1, keepdims=True) for p in probs])

    def description(self, n_features, document_length):
        return f"categorical mixture, {n_features} questions of {SYNTHESIS_LEVELS} levels"

    def sample_frequencies(self, rows):
        """How often each feature takes each level in the rows (None without rows)."""
        if not len(rows):
            return None
        codes = rows.astype(int)
        return np.concatenate(
            [np.bincount(codes[:, j], minlength=SYNTHESIS_LEVELS) / len(rows) for j in range(codes.shape[1])]
        )


class CategoricalSteps(StepArithmetic):
    """``p(x | k) = prod_j p_kj,x_j``; ``p_kjl = (sum_n r_nk [x_nj = l] + β) / (N_k + L_j β)``."""

    def feature_log_factors(self, model, x):
        codes = np.asarray(x, dtype=int)
        with np.errstate(divide="ignore"):
            log_factors = np.array([np.log(p[:, code]) for p, code in zip(model.probs, codes, strict=True)])
        labels = ["p(x_j | k)"] * len(codes)  # the level itself is shown beside it, by name
        return FeatureFactors(log_factors, labels, np.ones(len(codes), dtype=bool))

    def groups(self, model, fixed_covariances):
        return [
            ParameterGroup("prob", k, translate("nbviz", "{0} of {1}").format("p", k + 1), features=0)
            for k in range(model.n_components)
        ]

    def parameters(self, model, columns, fixed_covariances):
        return [
            (
                ParameterKey("prob", k, (j, level)),
                translate("nbviz", "{0} of {1}").format("p", k + 1)
                + f", {columns[j]} = {level_text(columns, j, level)}",
            )
            for k in range(model.n_components)
            for j, L in enumerate(model.levels)
            for level in range(L)
        ]

    def stored(self, model, key):
        j, level = key.index
        return float(model.probs[j][key.k, level])

    def ratio(self, key, X, resp, prior, columns):
        k, (j, level) = key.k, key.index
        r = resp[:, k]
        nk, beta = mass(r), prior.beta
        L = int(X[:, j].max()) + 1
        denominator_text = f"N_k = {nk:.6g}" if beta == 0 else f"N_k + L_j β = {nk:.6g} + {L * beta:g}"
        name = level_text(columns, j, level)
        return Ratio(
            "p",
            f"{k + 1}, {columns[j]} = {name}",
            f"[x_n,{columns[j]} = {name}]",
            r,
            (X[:, j] == level).astype(float),
            beta,
            pseudo_text(beta, "β"),
            nk + L * beta,
            denominator_text,
        )


@dataclass(frozen=True)
class CategoricalPresentation(FamilyPresentation):
    """Level probabilities per feature per component, ``model.probs[j][k, level]``."""

    @property
    def prior_fields(self) -> tuple[str, ...]:
        """The β pseudo-counts on every level."""
        return ("beta",)

    def file_fit(self) -> dict:
        """Latent class analysis as poLCA fits it (`LATENT_CLASS_FIT`)."""
        return dict(LATENT_CLASS_FIT)

    def probabilities(self, model):
        return flat_levels(model)

    def history_numbers(self, X, n_components, covariance_type):
        """The weights and K probabilities per level of every feature, counted as the model counts them:
        one more than each column's largest code (a missing cell adds none)."""
        if X.shape[0] == 0:
            return n_components + n_components * X.shape[1]
        codes = np.where(np.isfinite(X), X, 0.0)
        levels = np.floor(np.maximum(codes.max(axis=0), 0.0)) + 1
        return n_components + n_components * int(levels.sum())

    def parameter_rows(self, model, previous, truth, j, k, columns):
        """Each feature's level probabilities (of the first few features when there are many)."""
        rows = []
        for m, probs in enumerate(model.probs[:MAX_LISTED]):
            moved = changed(probs[k], None if previous is None else previous.probs[m][k])
            value = ", ".join(fmt(p) for p in probs[k])
            true_text = error = None
            if j is not None:
                true_text = ", ".join(fmt(p) for p in truth.probs[m][j])
                error = float(np.abs(probs[k] - truth.probs[m][j]).mean())
            label = f"p({columns[m]})"  # levels coded 0..L-1 in order; text answers name theirs
            if getattr(columns, "levels", None) is not None:
                names = "/".join(level_text(columns, m, level) for level in range(len(probs[k])))
                label = f"p({columns[m]} = {names})"
            rows.append(Row(k, label, value, true_text, moved, error))
        return rows

    def export_rows(self, model, names, columns, number):
        """Each component's probability of each level of each feature."""
        rows = []
        for k in range(model.n_components):
            for m, probs in enumerate(model.probs):
                rows += [
                    [names[k], "p(level)", columns[m], level_text(columns, m, level), number(v)]
                    for level, v in enumerate(probs[k])
                ]
        return rows


CATEGORICAL = CategoricalPresentation(
    name="categorical",
    title=QT_TRANSLATE_NOOP("nbviz", "Categorical mixture"),
    short_title=QT_TRANSLATE_NOOP("nbviz", "Categorical"),
    data_view=DataView.LEVELS,
    synthesis=CategoricalSynthesis(),
    steps=CategoricalSteps(),
    symbol="p",
    probability_row=QT_TRANSLATE_NOOP("nbviz", "p(level | k)"),
    export_label="p(level)",
    preview_label=QT_TRANSLATE_NOOP("nbviz", "P(level)"),
    absolute_probabilities=True,
)
