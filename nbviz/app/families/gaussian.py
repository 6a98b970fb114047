"""The Gaussian mixture as the app presents it, and its synthesis table of means, sds and correlations."""

from __future__ import annotations

import numpy as np

import nbviz.core as nc

from .base import DataView, FamilyPresentation, ParameterView, SynthesisRecipe
from .steps import GaussianSteps
from .synthesis_table import (
    MIN_CORRELATION_EIGENVALUE,
    Column,
    Refuse,
    covariance_columns,
    covariance_from_std_corr,
    feature_name,
    std_corr_from_covariance,
)

MEAN_SEPARATION = 4.0  # random means are about this far apart (in units of a typical standard deviation)
MATRIX_LAYOUT = "covariance matrix"  # the start editor's layouts
SD_LAYOUT = "standard deviations and correlations"


class GaussianSynthesis(SynthesisRecipe):
    """The weight, the mean of each feature, the standard deviation of each feature and the correlation of
    each pair of features (a full covariance ``S R S`` with ``S = diag(sd)``).

    Random means are well separated (farthest-point picks from a box sized for K components), with
    standard deviations between 0.6 and 1.4 and moderate correlations.
    """

    default_features = 2
    feature_range = (1, 8)

    def columns(self, n_features: int) -> tuple[Column, ...]:
        D = n_features
        return (
            (Column("weight"),)
            + tuple(Column("mean", m) for m in range(D))
            + tuple(Column("sd", m) for m in range(D))
            + tuple(Column("corr", i, j) for i in range(D) for j in range(i + 1, D))
        )

    def random_parameters(self, rng, weights, n_features):
        K, D = len(weights), n_features
        stds = np.round(rng.uniform(0.6, 1.4, size=(K, D)), 2)
        corr = np.stack([_random_correlation(rng, D) for _ in range(K)])
        return nc.GaussianMixture(
            weights=weights, means=_separated_means(rng, K, D), covariances=covariance_from_std_corr(stds, corr)
        )

    def table_values(self, model):
        """Covariances of any type are shown through their full matrices."""
        K = model.n_components
        stds, corr = std_corr_from_covariance(model.full_covariances)
        pairs = [(c.feature, c.other) for c in self.columns(model.n_features) if c.kind == "corr"]
        corr_values = np.array([[corr[k, i, j] for i, j in pairs] for k in range(K)]).reshape(K, len(pairs))
        return np.column_stack([model.weights, model.means, stds, corr_values])

    def check(self, cols, values, bad, refuse: Refuse) -> None:
        """Refuse correlations that together make a covariance that is not positive definite."""
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
            listed = [
                f"{values[k, c]:g} ({feature_name(column.feature)}, {feature_name(column.other)})"
                for c, column in involved
            ]
            text = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1] + " together"
            noun = "correlation" if len(listed) == 1 else "correlations"
            verb = "makes" if len(listed) == 1 else "make"
            refuse(
                [(k, c) for c, _ in involved],
                f"component {k + 1}: {noun} {text} {verb} the covariance not positive definite (smallest "
                f"eigenvalue of the correlation matrix {smallest:.3g}); make them smaller in size",
            )

    def mixture(self, cols, values):
        kinds = np.array([column.kind for column in cols])
        means, stds = values[:, kinds == "mean"], values[:, kinds == "sd"]
        K, D = means.shape
        corr = np.repeat(np.eye(D)[None], K, axis=0)
        for c, column in enumerate(cols):
            if column.kind == "corr":
                corr[:, column.feature, column.other] = corr[:, column.other, column.feature] = values[:, c]
        return nc.GaussianMixture(weights=values[:, 0], means=means, covariances=covariance_from_std_corr(stds, corr))

    def description(self, n_features, document_length):
        return f"{n_features}-D Gaussian mixture"

    # ----------------------------------------------------------------- the start editor
    start_layouts = (MATRIX_LAYOUT, SD_LAYOUT)

    def start_columns(self, n_features, layout=""):
        """The covariance matrix (variances and covariances on and above the diagonal, exact), or the
        synthesis table's standard deviations and correlations."""
        if layout == SD_LAYOUT:
            return self.columns(n_features)
        means = tuple(Column("mean", m) for m in range(n_features))
        return (Column("weight"),) + means + covariance_columns(n_features)

    def start_values(self, model, cols):
        """Covariances of any type are shown through their full matrices (exactly as stored)."""
        pairs = [(column.feature, column.other) for column in cols if column.kind == "cov"]
        if not pairs:
            return self.table_values(model)
        rows, others = [i for i, _ in pairs], [j for _, j in pairs]
        return np.column_stack([model.weights, model.means, model.full_covariances[:, rows, others]])

    def start_check(self, cols, values, bad, refuse: Refuse, options) -> None:
        """The covariance type's constraints, then positive definiteness (of the matrix or the correlations)."""
        kind = options.get("covariance_type", "full")
        bad = bad.copy()  # cells refused here are skipped by the checks after
        spread = [(c, column) for c, column in enumerate(cols) if column.kind in ("cov", "sd", "corr")]
        coupling = [(c, column) for c, column in spread if column.kind != "sd" and column.feature != column.other]
        scales = [(c, column) for c, column in spread if (c, column) not in coupling]

        def mark(cells, message):
            refuse(cells, message)
            for k, c in cells:
                bad[k, c] = True

        for k in range(values.shape[0]):
            if kind in ("diag", "spherical"):
                for c, column in coupling:
                    if not bad[k, c] and values[k, c] != 0:
                        mark(
                            [(k, c)],
                            f"component {k + 1}: with {kind} covariance the features are uncorrelated, so the "
                            f"{column.description} must be 0; choose full covariance to start with it",
                        )
            scale_cells = [c for c, _ in scales if not bad[k, c]]
            if kind == "spherical" and len({values[k, c] for c in scale_cells}) > 1:
                mark(
                    [(k, c) for c in scale_cells],
                    f"component {k + 1}: with spherical covariance every feature has the same variance; make "
                    "these cells equal or choose diag covariance",
                )
            differ = [c for c, _ in spread if not bad[k, c] and not bad[0, c] and values[k, c] != values[0, c]]
            if kind == "tied" and k > 0 and differ:
                mark(
                    [(k, c) for c in differ],
                    f"component {k + 1}: with tied covariance every component shares one covariance; copy "
                    "component 1's values here or choose full covariance",
                )
        if not any(column.kind == "cov" for _, column in spread):
            self.check(cols, values, bad, refuse)
            return
        for k in range(values.shape[0]):
            if any(bad[k, c] for c, _ in spread):
                continue
            matrix = _matrices(cols, values[k : k + 1])[0]
            try:
                np.linalg.cholesky(matrix)  # the core's own test of a covariance
            except np.linalg.LinAlgError:
                smallest = float(np.linalg.eigvalsh(matrix)[0])
                refuse(
                    [(k, c) for c, _ in coupling] or [(k, c) for c, _ in scales],
                    f"component {k + 1}: the covariance matrix is not positive definite (smallest eigenvalue "
                    f"{smallest:.3g}); make the covariances smaller in size or the variances larger",
                )

    def start_mixture(self, cols, values, options):
        """A mixture of the run's covariance type, each number exactly as in its cell."""
        kind = options.get("covariance_type", "full")
        kinds = np.array([column.kind for column in cols])
        if "cov" in kinds:
            matrices = _matrices(cols, values)
        else:
            matrices = np.asarray(self.mixture(cols, values).covariances)  # S R S, as the synthesis table
        stored = {
            "full": matrices,
            "diag": np.diagonal(matrices, axis1=1, axis2=2).copy(),
            "spherical": matrices[:, 0, 0].copy(),
            "tied": matrices[0],
        }[kind]
        return nc.GaussianMixture(
            weights=values[:, 0], means=values[:, kinds == "mean"], covariances=stored, covariance_type=kind
        )


def _matrices(cols: tuple[Column, ...], values: np.ndarray) -> np.ndarray:
    """The covariance matrices of a table's "cov" cells, shape (n_components, D, D), filled symmetrically."""
    D = sum(column.kind == "mean" for column in cols)
    matrices = np.zeros((values.shape[0], D, D))
    for c, column in enumerate(cols):
        if column.kind == "cov":
            matrices[:, column.feature, column.other] = matrices[:, column.other, column.feature] = values[:, c]
    return matrices


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


GAUSSIAN = FamilyPresentation(
    name="gaussian",
    title="Gaussian mixture",
    short_title="Gaussian",
    data_view=DataView.POINTS,
    parameter_view=ParameterView.GAUSSIAN,
    synthesis=GaussianSynthesis(),
    steps=GaussianSteps(),
    covariance_options=True,
)
