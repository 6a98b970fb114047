"""What the families whose parameters are probabilities (Bernoulli, multinomial) answer alike.

One probability per feature (word) per component, ``model.probs``: listed feature by feature in
the parameters panel and the CSV export, drawn as prototypes, smoothed by the β pseudo-counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np

from nbviz.translation_marks import translate

from .base import FamilyPresentation, ProbabilityModel
from .parameter_text import MAX_LISTED, Row, changed, fmt


@dataclass(frozen=True)
class ProbabilityPresentation(FamilyPresentation):
    """A family whose parameters are one probability per feature (word) per component, ``model.probs``."""

    @property
    def prior_fields(self) -> tuple[str, ...]:
        """The β pseudo-counts of the probabilities."""
        return ("beta",)

    def probabilities(self, model):
        return cast(ProbabilityModel, model).probs

    def parameter_rows(self, model, previous, truth, j, k, columns):
        """The probabilities of every feature, or of the three most probable when there are many."""
        probs = model.probs[k]
        moved = changed(probs, None if previous is None else previous.probs[k])
        if len(probs) <= MAX_LISTED:
            shown = np.arange(len(probs))
            name = translate("nbviz", self.probability_row)
        else:
            shown = np.argsort(-probs, kind="stable")[:3]
            name = translate("nbviz", "most probable of {0}").format(len(probs))
        value = ", ".join(f"{columns[m]} {fmt(probs[m])}" for m in shown)
        true_text = error = None
        if j is not None:
            true_text = ", ".join(f"{columns[m]} {fmt(truth.probs[j, m])}" for m in shown)
            error = float(np.abs(probs - truth.probs[j]).mean())
        return [Row(k, name, value, true_text, moved, error)]

    def export_rows(self, model, names, columns, number):
        """Each component's probability of each feature (word), named by the family's export label."""
        probs = cast(ProbabilityModel, model).probs
        rows = []
        for k in range(model.n_components):
            rows += [[names[k], self.export_label, columns[m], "", number(v)] for m, v in enumerate(probs[k])]
        return rows
