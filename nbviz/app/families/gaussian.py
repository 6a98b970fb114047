"""The Gaussian mixture as the app presents it: its covariance types and what each means for the views,
the parameters panel and the export, its worked M-step, and its synthesis table of means, sds and correlations.

Every question whose answer depends on the covariance type is answered here (or by the core's
`GaussianMixture`), so that no other module of the app branches on it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

import numpy as np

import nbviz.core as nc
from nbviz.core.families.gaussian import COVARIANCE_TYPES, covariance_types_by_generality
from nbviz.core.mixture import EMPTY_MASS
from nbviz.translation_marks import QT_TRANSLATE_NOOP, translate

from .base import CovarianceMatrices, DataView, FamilyPresentation, SynthesisRecipe
from .parameter_text import MAX_MATRIX, Row, changed, fmt_array, fmt_vector
from .setting import Setting
from .steps import ParameterGroup, Ratio, StepArithmetic, mass, pseudo_text
from .synthesis_table import (
    MIN_CORRELATION_EIGENVALUE,
    Column,
    Refuse,
    covariance_columns,
    covariance_from_std_corr,
    std_corr_from_covariance,
)

MEAN_SEPARATION = 4.0  # random means are about this far apart (in units of a typical standard deviation)
MATRIX_LAYOUT = QT_TRANSLATE_NOOP("nbviz", "covariance matrix")  # the start editor's layouts
SD_LAYOUT = QT_TRANSLATE_NOOP("nbviz", "standard deviations and correlations")


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
            listed = [f"{values[k, c]:g} ({', '.join(column.feature_names)})" for c, column in involved]
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

    def start_columns(self, n_features, layout="", options=None):
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


class GaussianSteps(StepArithmetic):
    """Means ``mu_kd = sum_n r_nk x_nd / N_k`` and covariances from the centred scatter (+ λ on the diagonal).

    A tied covariance pools every component's scatter:
    ``Σ_de = (sum_n sum_k r_nk (x_nd − mu_kd)(x_ne − mu_ke) + λ [d = e]) / sum_k N_k``; its keys
    have no component (``k`` None).
    """

    def groups(self, model, fixed_covariances):
        K = model.n_components
        groups = [ParameterGroup("mean", k, translate("nbviz", "{0} of {1}").format("μ", k + 1)) for k in range(K)]
        kind = model.covariance_type
        if fixed_covariances:
            return groups
        if kind == "spherical":
            return groups + [
                ParameterGroup("covariance", k, translate("nbviz", "{0} of {1}").format("σ²", k + 1), 0)
                for k in range(K)
            ]
        features = 1 if kind == "diag" else 2
        if kind == "tied":
            return groups + [ParameterGroup("covariance", None, "Σ (tied)", features, "σ² (tied)")]
        return groups + [
            ParameterGroup(
                "covariance",
                k,
                translate("nbviz", "{0} of {1}").format("Σ", k + 1),
                features,
                translate("nbviz", "{0} of {1}").format("σ²", k + 1),
            )
            for k in range(K)
        ]

    def stored(self, model, key):
        if key.kind == "mean":
            return float(model.means[key.k, key.index[0]])
        if key.k is None:  # tied: one (D, D) matrix
            return float(model.covariances[key.index])
        if not key.index:
            return float(model.covariances[key.k])
        stored = model.covariances[key.k]  # as stored: a diagonal is never expanded to (D, D)
        if stored.ndim == 1:
            d, e = key.index
            return float(stored[d]) if d == e else 0.0
        return float(stored[key.index])

    def ratio(self, key, X, resp, prior, columns):
        k = key.k
        if k is None:
            return self._tied_ratio(key, X, resp, prior, columns)
        r = resp[:, k]
        nk = mass(r)
        mean = (r @ X) / nk
        if key.kind == "mean":
            (d,) = key.index
            return Ratio("μ", f"{k + 1}, {columns[d]}", f"x_n,{columns[d]}", r, X[:, d], 0.0, "", nk, f"N_k = {nk:.6g}")
        lam = prior.covariance_prior
        if not key.index:  # spherical: the mean squared distance over the features
            values = ((X - mean) ** 2).mean(axis=1)
            name, sub, what = "σ²", f"{k + 1}", "‖x_n − μ_k‖² / D"
            lam_here = lam
        else:
            d, e = key.index
            values = (X[:, d] - mean[d]) * (X[:, e] - mean[e])
            diagonal = d == e
            name = "σ²" if diagonal else "Σ"
            sub = f"{k + 1}, {columns[d]}" if diagonal else f"{k + 1}, {columns[d]}–{columns[e]}"
            what = f"(x_n,{columns[d]} − μ)" + ("²" if diagonal else f" (x_n,{columns[e]} − μ)")
            lam_here = lam if diagonal else 0.0
        return Ratio(name, sub, what, r, values, lam_here, pseudo_text(lam_here, "λ"), nk, f"N_k = {nk:.6g}")

    @staticmethod
    def _tied_ratio(key, X, resp, prior, columns) -> Ratio:
        """The shared covariance entry `key`: each row's term sums its centred products over the components.

        As in the core's M-step, a component without responsibility (N_k below `EMPTY_MASS`)
        adds no scatter, and the denominator is ``sum_k N_k`` (N, unless rows carry less mass).
        """
        d, e = key.index
        nk = resp.sum(axis=0)  # (n_components,)
        values = np.zeros(len(X))
        for k in np.flatnonzero(nk >= EMPTY_MASS):
            mean = (resp[:, k] @ X) / nk[k]
            values += resp[:, k] * (X[:, d] - mean[d]) * (X[:, e] - mean[e])
        diagonal = d == e
        lam = prior.covariance_prior if diagonal else 0.0
        total = float(nk.sum())
        if diagonal:
            what = f"Σ_k r_nk (x_n,{columns[d]} − μ_k)²"
        else:
            what = f"Σ_k r_nk (x_n,{columns[d]} − μ_k) (x_n,{columns[e]} − μ_k)"
        return Ratio(
            "σ²" if diagonal else "Σ",
            columns[d] if diagonal else f"{columns[d]}–{columns[e]}",
            what,
            np.ones(len(X)),
            values,
            lam,
            pseudo_text(lam, "λ"),
            total,
            f"Σ_k N_k = {total:.6g}",
        )


# An imported file's default covariance prior, relative to its narrowest feature (see file_covariance_prior).
FILE_COVARIANCE_REGULARISER = 1e-6


def file_covariance_prior(X) -> float:
    """The default covariance prior lambda for a data file: ``1e-6 * N * (smallest feature variance)``.

    The M-step's covariance is ``(S_k + lambda I) / N_k``, so every covariance gains at least
    1e-6 times the narrowest feature's variance on its diagonal (``N / N_k`` times that for a
    component holding ``N_k`` of the N points): like scikit-learn's ``reg_covar=1e-6`` on
    standardised data, enough to keep a component that collapses onto a few points from becoming
    singular, and too small to change any feature's fit (the narrowest is moved by ~1e-6 of its
    variance, wider ones less). Scaled to the narrowest rather than the mean variance so that raw
    data whose scales differ by 10^6 (wine) keeps its narrow features intact.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)

    Returns
    -------
    float
        0 when no feature varies (nothing to scale to). Missing cells (NaN) are left out of their
        feature's variance.
    """
    X = np.asarray(X, dtype=float)
    variances = X.var(axis=0) if X.shape[0] > 1 else np.zeros(X.shape[1])
    if np.isnan(variances).any():  # missing cells: each feature's variance over its observed cells
        observed = ~np.isnan(X)
        counts = np.maximum(observed.sum(axis=0), 1)
        centred = np.where(observed, X - np.nansum(X, axis=0) / counts, 0.0)
        variances = (centred**2).sum(axis=0) / counts
    spread = variances[np.isfinite(variances) & (variances > 0)]
    return float(FILE_COVARIANCE_REGULARISER * X.shape[0] * spread.min()) if spread.size else 0.0


# the panel's row names (translated where shown)
COVARIANCE_LABELS = {
    "full": QT_TRANSLATE_NOOP("nbviz", "covariance Σ"),
    "diag": QT_TRANSLATE_NOOP("nbviz", "variances"),
    "spherical": QT_TRANSLATE_NOOP("nbviz", "variance"),
}
MATRIX_NOTES = {
    "diag": QT_TRANSLATE_NOOP("nbviz", " (diagonal: the model's covariances are diag)"),
    "spherical": QT_TRANSLATE_NOOP("nbviz", " (spherical: σ² I)"),
}
HISTORY_NUMBERS = {  # numbers a half-step keeps of the covariances: with the Cholesky factors and inverses
    "full": lambda K, D: 3 * K * D * D,
    "tied": lambda K, D: 3 * D * D,
    "diag": lambda K, D: 2 * K * D,
    "spherical": lambda K, D: K + K * D,
}


COVARIANCE_TYPE = Setting(
    "covariance_type",
    "the covariance type",
    str,
    "full",
    "covariance type of a Gaussian mixture (of a mixed mixture's measurements)",
    choices=COVARIANCE_TYPES,
    flags=("--covariance-type",),
    families=("gaussian", "mixed"),
)
COVARIANCE_PRIOR = Setting(
    "prior.covariance_prior",
    "the covariance prior λ",
    float,
    0.0,
    QT_TRANSLATE_NOOP("nbviz", "Pseudo-scatter added to each covariance: (S + λI) / N_k"),
    low=0,
    flags=("--covariance-prior",),
    metavar="LAMBDA",
    flag_note="λ >= 0; a data file's default is scaled to its narrowest feature",
    families=("gaussian", "mixed"),
)
FIXED_VARIANCE = Setting(
    "fixed_variance",
    "the fixed shared variance",
    float,
    None,
    "spherical covariances: one shared variance σ² that the M-step keeps fixed (the road to k-means)",
    low=0,
    strict_low=True,
    optional=True,
    families=("gaussian",),
)


@dataclass(frozen=True)
class GaussianPresentation(FamilyPresentation):
    """The Gaussian mixture's answers: covariance types, ellipses and matrices, the covariance prior λ."""

    @property
    def settings(self):
        return (COVARIANCE_TYPE, COVARIANCE_PRIOR, FIXED_VARIANCE)

    @property
    def covariance_types(self):
        return COVARIANCE_TYPES

    @property
    def compared_types(self):
        """Full, tied, diag and spherical (mclust's order of generality)."""
        return covariance_types_by_generality()

    @property
    def prior_fields(self):
        """The covariance prior λ."""
        return ("covariance_prior",)

    def model_title(self, covariance_type):
        return translate("nbviz", "{0}, {1} covariance").format(translate("nbviz", self.title), covariance_type)

    def fixed_variance_applies(self, covariance_type):
        """With spherical covariances: one σ² for every component, held fixed."""
        return covariance_type == "spherical"

    def file_prior(self, prior, X):
        """The covariance prior scaled to the file's narrowest feature (`file_covariance_prior`)."""
        return replace(prior, covariance_prior=file_covariance_prior(X))

    def count_problem(self, n_samples, n_features, n_components, covariance_type, prior):
        """A full covariance is singular unless its component has more rows than features, a tied one
        unless the rows outnumber features plus components; any variance needs two rows (without λ)."""
        if prior.covariance_prior > 0:
            return None
        n, D, K = n_samples, n_features, n_components
        rows = f"{n} row{'s are' if n != 1 else ' is'}"
        if n < 2:
            return f"{rows} too few for a Gaussian: a variance needs at least 2 rows (or a covariance prior > 0)"
        if covariance_type == "full" and n <= D:
            return f"{rows} fewer than the {D + 1} a full covariance of {D} features needs: choose diag or spherical"
        if covariance_type == "tied" and n - K < D:
            return (
                f"{rows} fewer than the {D + K} a tied covariance of {D} features and {K} components needs: "
                "choose diag or spherical"
            )
        return None

    def simpler_options(self, covariance_type, X, prior):
        """Diag, then spherical covariances; at last one spherical component with a small covariance prior."""
        simpler = tuple({"covariance_type": kind} for kind in ("diag", "spherical") if kind != covariance_type)
        observed = np.asarray(X)[~np.isnan(X)]  # missing cells (NaN) left out
        scale = (float(np.mean(np.square(observed))) if observed.size else 0.0) or 1.0
        small = nc.Prior(alpha=prior.alpha, beta=prior.beta, covariance_prior=1e-3 * scale)
        return (*simpler, {"n_components": 1, "covariance_type": "spherical", "prior": small})

    def history_numbers(self, X, n_components, covariance_type):
        own = HISTORY_NUMBERS[covariance_type](n_components, X.shape[1])
        return super().history_numbers(X, n_components, covariance_type) + own

    def smaller_model_advice(self, covariance_type):
        return "choose diag or spherical covariance" if covariance_type in ("full", "tied") else None

    def points(self, model):
        return cast(nc.GaussianMixture, model)

    def moved_mean(self, model, k, features, values):
        means = np.array(cast(nc.GaussianMixture, model).means, dtype=float)
        means[k, list(features)] = values
        return model.replaced(means=means)

    def in_units(self, model, centre, scale):
        """Means ``c + s * mu`` and covariances ``S Sigma S``: a spherical covariance comes back as "diag"."""
        return cast(nc.GaussianMixture, model).in_units(centre, scale)

    def slice_half_width(self, model, direction):
        """Two standard deviations for a mean; 0.25 for a weight."""
        kind, k, *rest = direction
        if kind != "mean":
            return super().slice_half_width(model, direction)
        return 2.0 * float(np.sqrt(cast(nc.GaussianMixture, model).full_covariances[k, rest[0], rest[0]]))

    # ----------------------------------------------------------------- parameters listed
    def parameter_rows(self, model, previous, truth, j, k, columns):
        """The mean, then the covariance in the model's own type (full when the truth's type differs)."""
        D = model.n_features
        names = columns if D <= MAX_MATRIX else None
        rows = [
            Row(
                k,
                translate("nbviz", "mean μ"),
                fmt_vector(model.means[k], names),
                None if j is None else fmt_vector(truth.means[j], names),
                changed(model.means[k], None if previous is None else previous.means[k]),
                None if j is None else float(np.linalg.norm(model.means[k] - truth.means[j])),
            )
        ]
        kind = model.covariance_type
        if kind == "tied":
            return rows  # the shared matrix is listed once, after the components (`shared_parameters`)
        cov, label = model.covariances[k], translate("nbviz", COVARIANCE_LABELS[kind])
        true_cov = None
        if j is not None and truth.covariance_type == kind:
            true_cov = truth.covariances[j]
        elif j is not None:
            true_cov = truth.full_covariances[j]
            cov, label = model.full_covariances[k], translate("nbviz", COVARIANCE_LABELS["full"])
        if D == 1 and kind != "spherical":
            label = translate("nbviz", "variance σ²")
        error = None if j is None else _covariance_error(model, truth, k, j)
        rows.append(
            Row(
                k,
                label,
                fmt_array(cov),
                None if true_cov is None else fmt_array(true_cov),
                changed(model.covariances[k], None if previous is None else previous.covariances[k]),
                error,
            )
        )
        return rows

    def shared_parameters(self, model):
        """The tied covariance, listed once."""
        gaussian = cast(nc.GaussianMixture, model)
        if gaussian.covariance_type != "tied":
            return None
        return translate("nbviz", "Shared covariance Σ: {0}").format(fmt_array(gaussian.covariances))

    def export_rows(self, model, names, columns, number):
        """Each component's mean, then its full covariance matrix, row by row."""
        gaussian = cast(nc.GaussianMixture, model)
        rows = []
        covariances = gaussian.full_covariances
        for k in range(model.n_components):
            rows += [[names[k], "mean", columns[i], "", number(v)] for i, v in enumerate(gaussian.means[k])]
            for i in range(model.n_features):
                rows += [
                    [names[k], "covariance", columns[i], columns[j], number(covariances[k, i, j])]
                    for j in range(model.n_features)
                ]
        return rows

    def covariance_matrices(self, model, names):
        """Each component's covariance (the shared one, once, when "tied"); none for a single feature."""
        gaussian = cast(nc.GaussianMixture, model)
        if gaussian.n_features < 2:
            return None
        kind = gaussian.covariance_type
        choices = [translate("nbviz", "the shared Σ ({0})").format(kind)] if kind == "tied" else list(names)
        return CovarianceMatrices(
            gaussian.means, choices, translate("nbviz", MATRIX_NOTES.get(kind, "")), gaussian.component_covariance
        )


def _covariance_error(model: nc.GaussianMixture, truth: nc.GaussianMixture, k: int, j: int) -> float:
    """The Frobenius norm of Σ_k − Σ*_j, from the stored diagonals where both are diagonal (no D x D matrix)."""
    kind = model.covariance_type
    if kind == truth.covariance_type and kind in ("diag", "spherical"):
        scale = 1.0 if kind == "diag" else np.sqrt(model.n_features)  # a spherical σ² is on every diagonal entry
        return float(scale * np.linalg.norm(model.covariances[k] - truth.covariances[j]))
    return float(np.linalg.norm(model.full_covariances[k] - truth.full_covariances[j]))


GAUSSIAN = GaussianPresentation(
    name="gaussian",
    title=QT_TRANSLATE_NOOP("nbviz", "Gaussian mixture"),
    short_title=QT_TRANSLATE_NOOP("nbviz", "Gaussian"),
    data_view=DataView.POINTS,
    synthesis=GaussianSynthesis(),
    steps=GaussianSteps(),
)
