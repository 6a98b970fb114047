"""The Bernoulli mixture as the app presents it, and its synthesis table of P(x_m = 1)."""

from __future__ import annotations

import math

import numpy as np

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from .base import DataView, SynthesisRecipe
from .probability import ProbabilityPresentation
from .steps import BernoulliSteps
from .synthesis_table import Column, probability_columns


class BernoulliSynthesis(SynthesisRecipe):
    """The weight and ``P(x_m = 1)`` of each feature.

    Random probabilities are mostly near 0 or 1 (distinct prototypes; smooth blobs when D is a
    square picture of at least 4 x 4).
    """

    default_features = 36
    feature_range = (1, 400)

    def columns(self, n_features: int) -> tuple[Column, ...]:
        return probability_columns(n_features)

    def random_parameters(self, rng, weights, n_features):
        K, D = len(weights), n_features
        side = math.isqrt(D)
        if side >= 4 and side * side == D:  # pictures: each prototype a few smooth blobs
            probs = _blob_prototypes(rng, K, side)
        else:
            probs = np.round(np.clip(rng.beta(0.4, 0.4, size=(K, D)), 0.05, 0.95), 2)
        return nc.BernoulliMixture(weights=weights, probs=probs)

    def table_values(self, model):
        return np.column_stack([model.weights, model.probs])

    def mixture(self, cols, values):
        kinds = np.array([column.kind for column in cols])
        return nc.BernoulliMixture(weights=values[:, 0], probs=values[:, kinds == "prob"])

    def description(self, n_features, document_length):
        return f"Bernoulli mixture, {n_features} features"

    def sample_frequencies(self, rows):
        """How often each feature is 1 in the rows (None without rows)."""
        return rows.mean(axis=0) if len(rows) else None


def _blob_prototypes(rng: np.random.Generator, K: int, side: int) -> np.ndarray:
    """K square pictures (flattened, shape (K, side * side)): smoothed noise, mostly near 0.05 or 0.95."""
    from scipy.ndimage import gaussian_filter

    fields = gaussian_filter(rng.standard_normal((K, side, side)), sigma=(0, side / 6, side / 6), mode="wrap")
    fields /= fields.std(axis=(1, 2), keepdims=True)
    probs = 0.05 + 0.9 / (1.0 + np.exp(-3.0 * fields))
    return np.round(probs.reshape(K, -1), 2)


BERNOULLI = ProbabilityPresentation(
    name="bernoulli",
    title=QT_TRANSLATE_NOOP("nbviz", "Bernoulli mixture"),
    short_title=QT_TRANSLATE_NOOP("nbviz", "Bernoulli"),
    data_view=DataView.PROTOTYPES,
    synthesis=BernoulliSynthesis(),
    steps=BernoulliSteps(),
    symbol="p",
    probability_row=QT_TRANSLATE_NOOP("nbviz", "p(x = 1 | k)"),
    export_label="p(x=1)",
    preview_label=QT_TRANSLATE_NOOP("nbviz", "P(x = 1)"),
    absolute_probabilities=True,
)
