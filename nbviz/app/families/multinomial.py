"""The multinomial mixture as the app presents it, and its synthesis table of word probabilities."""

from __future__ import annotations

import numpy as np

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from .base import DataView, SynthesisRecipe
from .probability import ProbabilityPresentation
from .steps import MultinomialSteps
from .synthesis_table import Column, check_rows_sum_to_one, probability_columns, rounded_simplex


class MultinomialSynthesis(SynthesisRecipe):
    """The weight and the probability of each word (each row sums to 1).

    Random word distributions are Dirichlet draws, each concentrated on a few words.
    """

    default_features = 20
    feature_range = (2, 400)
    features_label = QT_TRANSLATE_NOOP("nbviz", "Vocabulary M")
    features_noun = QT_TRANSLATE_NOOP("nbviz", "words")
    asks_document_length = True
    simplex_rows = QT_TRANSLATE_NOOP("nbviz", "word probabilities")
    normalise_text = QT_TRANSLATE_NOOP("nbviz", "Normalise weights and words")

    def columns(self, n_features: int) -> tuple[Column, ...]:
        return probability_columns(n_features)

    def random_parameters(self, rng, weights, n_features):
        D = n_features
        if D < 2:
            raise ValueError("a multinomial mixture needs a vocabulary of at least 2 words")
        probs = [rounded_simplex(0.3 / D + 0.7 * rng.dirichlet(np.full(D, 0.5)), 4) for _ in range(len(weights))]
        return nc.MultinomialMixture(weights=weights, probs=np.array(probs))

    def table_values(self, model):
        return np.column_stack([model.weights, model.probs])

    def check(self, cols, values, bad, refuse) -> None:
        """Refuse a component whose word probabilities do not sum to 1."""
        check_rows_sum_to_one(cols, values, bad, refuse, self.simplex_rows)

    def mixture(self, cols, values):
        kinds = np.array([column.kind for column in cols])
        return nc.MultinomialMixture(weights=values[:, 0], probs=values[:, kinds == "prob"])

    def description(self, n_features, document_length):
        return f"multinomial mixture, {n_features} words, {document_length} per document"

    def sample_options(self, document_length):
        """The number of words per document."""
        return {"n_trials": int(document_length)}

    def sample_frequencies(self, rows):
        """Each word's count over the rows' total number of words (None without words)."""
        return rows.sum(axis=0) / rows.sum() if rows.sum() > 0 else None


MULTINOMIAL = ProbabilityPresentation(
    name="multinomial",
    title=QT_TRANSLATE_NOOP("nbviz", "Multinomial mixture"),
    short_title=QT_TRANSLATE_NOOP("nbviz", "Multinomial"),
    data_view=DataView.PROTOTYPES,
    synthesis=MultinomialSynthesis(),
    steps=MultinomialSteps(),
    symbol="θ",
    probability_row=QT_TRANSLATE_NOOP("nbviz", "θ (word probabilities)"),
    export_label="word probability",
    preview_label=QT_TRANSLATE_NOOP("nbviz", "word probabilities"),
)
