"""The parameters panel's rows: each component's weight, then its family's parameters, beside the truth.

Qt-free: the values, the matched true values and the errors are worked out here; the panel only
writes them into its table. What a family lists after the weight is its presentation's
(`FamilyPresentation.parameter_rows`).
"""

from __future__ import annotations

import numpy as np

import nbviz.core as nc
from nbviz.translation_marks import translate

from ..families import presentation
from ..families.parameter_text import Row, changed, fmt


def parameter_rows(
    model: nc.Mixture,
    previous: nc.Mixture | None = None,
    truth: nc.Mixture | None = None,
    perm: np.ndarray | None = None,
    columns=None,
) -> list[Row]:
    """The panel's content for `model`, compared with `previous` and with `truth`.

    Parameters
    ----------
    model : Mixture
    previous : Mixture, optional
        The parameters before the half-step shown (values that differ are marked changed).
    truth, perm : optional
        The true mixture and ``perm[j]`` = fitted component matched to true component j.
    columns : sequence of str, optional
        Feature names.
    """
    K, D = model.n_components, model.n_features
    columns = columns if columns is not None else [f"x{m + 1}" for m in range(D)]  # keeps level names
    true_of = {}
    if truth is not None and perm is not None:
        true_of = {int(k): j for j, k in enumerate(perm)}
    shown = presentation(model)
    rows = []
    for k in range(K):
        j = true_of.get(k)
        rows.append(
            Row(
                k,
                translate("nbviz", "weight π"),
                fmt(model.weights[k]),
                None if j is None or truth is None else fmt(truth.weights[j]),
                changed(model.weights[k], None if previous is None else previous.weights[k]),
                None if j is None or truth is None else abs(float(model.weights[k] - truth.weights[j])),
            )
        )
        rows.extend(shown.parameter_rows(model, previous, truth, j, k, columns))
    return rows
