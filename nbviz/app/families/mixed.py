"""The mixed mixture as the app presents it: each block by its own family's presentation, on its columns.

A mixed model (`nbviz.core.MixedMixture`) is a Gaussian over the numeric columns, Bernoullis over the
0/1 columns and categoricals over the answer columns, sharing the weights. Its parameters panel,
export, worked M-step and start table are the blocks' own, each given the names of its columns; its
points (the data view's ellipses) are the numeric block's Gaussian with every other column at its
component mean and variance (a 0/1 column's p and p(1 - p), an answer code's mean and variance).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import numpy as np

import nbviz.core as nc
from nbviz.core.families.mixed_data import BLOCK_FAMILIES, inferred_column_kinds
from nbviz.core.tables.levels import MAX_LEVELS
from nbviz.translation_marks import QT_TRANSLATE_NOOP, translate

from .base import DataView, FamilyPresentation, SynthesisRecipe
from .bernoulli import BERNOULLI
from .categorical import CATEGORICAL
from .choice import column_kinds
from .gaussian import GAUSSIAN
from .level_names import FeatureNames
from .steps import FeatureFactors, ParameterGroup, ParameterKey, StepArithmetic
from .synthesis_table import Column, Refuse, covariance_columns

BLOCKS = {"gaussian": GAUSSIAN, "bernoulli": BERNOULLI, "categorical": CATEGORICAL}
# A column's variance in the points view is at least this share of its range's square (plus a tiny
# absolute floor): a level a component never shows would otherwise give a flat, singular ellipse.
POINTS_FLOOR = 1e-6


def _mixed(model: Any) -> nc.MixedMixture:
    return cast(nc.MixedMixture, model)


def column_family(column: Column) -> str:
    """The block a table column belongs to: a mean or (co)variance the Gaussian's, a probability of a
    level the categorical's, any other probability the Bernoulli's."""
    if column.kind in ("mean", "sd", "corr", "cov"):
        return "gaussian"
    return "categorical" if column.other >= 0 else "bernoulli"


def block_table(cols: tuple[Column, ...], family: str) -> tuple[tuple[Column, ...], list[int]]:
    """The columns of one block's table (the weight, then its own, features counted in the block but
    named as the table names them) and where each sits in `cols`."""
    places = [c for c, column in enumerate(cols) if c > 0 and column_family(column) == family]
    features = sorted({cols[c].feature for c in places} | {cols[c].other for c in places if family == "gaussian"})
    features = [f for f in features if f >= 0]
    local = {f: i for i, f in enumerate(features)}
    own = tuple(
        Column(
            cols[c].kind,
            local[cols[c].feature],
            local.get(cols[c].other, -1) if family == "gaussian" else cols[c].other,
            (cols[c].feature, cols[c].other),
        )
        for c in places
    )
    return (Column("weight"), *own), [0, *places]


def _tables(cols: tuple[Column, ...]) -> list[tuple[str, tuple[Column, ...], list[int]]]:
    """Each block present in `cols` with its own table and places, in the core's block order."""
    present = {column_family(column) for column in cols[1:]}
    return [(family, *block_table(cols, family)) for family in BLOCK_FAMILIES if family in present]


def _kinds(cols: tuple[Column, ...]) -> list[str]:
    """The family of each feature the table's columns describe."""
    kinds: dict[int, str] = {}
    for column in cols[1:]:
        kinds.setdefault(column.feature, column_family(column))
    return [kinds[f] for f in sorted(kinds)]


def _block_refuse(refuse: Refuse, places: list[int]) -> Refuse:
    return lambda cells, message: refuse([(k, places[c]) for k, c in cells], message)


def block_names(columns, model: nc.MixedMixture, family: str):
    """The names of one block's columns (with their level names where the table has them)."""
    picked = model.block_columns(family)
    names = [columns[j] for j in picked]
    levels = getattr(columns, "levels", None)
    return FeatureNames(names, [levels[j] for j in picked]) if levels is not None else names


def points_model(model: nc.MixedMixture) -> nc.GaussianMixture:
    """The Gaussian the points view draws: the numeric block's, every other column at its component
    mean and variance (independent of the rest), so the ellipses over two measurements are the model's own."""
    K, D = model.n_components, model.n_features
    means, covariances = np.zeros((K, D)), np.zeros((K, D, D))
    for block in model.blocks:
        columns = model.block_columns(block.family)
        if block.family == "gaussian":
            gaussian = cast(nc.GaussianMixture, block)
            means[:, columns] = gaussian.means
            covariances[:, columns[:, None], columns[None, :]] = gaussian.full_covariances
            continue
        if block.family == "bernoulli":
            p = cast(Any, block).probs
            mean, variance = p, p * (1 - p)
            span = np.ones(len(columns))
        else:
            probs = cast(Any, block).probs
            mean = np.stack([p @ np.arange(p.shape[1]) for p in probs], axis=1)
            variance = np.stack([p @ np.arange(p.shape[1]) ** 2 for p in probs], axis=1) - mean**2
            span = np.array([max(p.shape[1] - 1, 1) for p in probs], dtype=float)
        means[:, columns] = mean
        floor = POINTS_FLOOR * span**2 + 1e-12
        covariances[:, columns, columns] = np.maximum(variance, floor)
    return nc.GaussianMixture(weights=model.weights, means=means, covariances=covariances)


class MixedSynthesis(SynthesisRecipe):
    """Measurements and a yes/no answer: the mean and standard deviation of each of the first D - 1
    features, the probability of 1 of the last (the start table of a file's model follows its own columns)."""

    default_features = 3
    feature_range = (2, 8)

    def columns(self, n_features: int) -> tuple[Column, ...]:
        numeric = range(n_features - 1)
        return (
            (Column("weight"),)
            + tuple(Column("mean", m) for m in numeric)
            + tuple(Column("sd", m) for m in numeric)
            + (Column("prob", n_features - 1),)
        )

    def random_parameters(self, rng, weights, n_features):
        measured = GAUSSIAN.synthesis.random_parameters(rng, weights, n_features - 1)
        diagonal = cast(nc.GaussianMixture, measured)
        gaussian = nc.GaussianMixture(
            weights=weights,
            means=diagonal.means,
            covariances=np.diagonal(diagonal.full_covariances, axis1=1, axis2=2).copy(),
            covariance_type="diag",
        )
        answer = nc.BernoulliMixture(weights=weights, probs=np.round(rng.uniform(0.1, 0.9, (len(weights), 1)), 2))
        kinds = ["gaussian"] * (n_features - 1) + ["bernoulli"]
        return nc.MixedMixture(weights=weights, column_kinds=kinds, blocks=[gaussian, answer])

    def table_values(self, model):
        mixed = _mixed(model)
        gaussian = cast(nc.GaussianMixture, mixed.block("gaussian"))
        bernoulli = cast(Any, mixed.block("bernoulli"))
        sds = np.sqrt(np.diagonal(gaussian.full_covariances, axis1=1, axis2=2))
        return np.column_stack([mixed.weights, gaussian.means, sds, bernoulli.probs])

    def check(self, cols, values, bad, refuse: Refuse) -> None:
        for family, own, places in _tables(cols):
            BLOCKS[family].synthesis.check(own, values[:, places], bad[:, places], _block_refuse(refuse, places))

    def mixture(self, cols, values):
        """The table's measurements as a diagonal Gaussian (each sd squared), the rest as their families' tables."""
        blocks: list[nc.Mixture] = []
        for family, own, places in _tables(cols):
            if family == "gaussian":
                kinds = np.array([column.kind for column in own])
                part = values[:, places]
                blocks.append(
                    nc.GaussianMixture(
                        weights=part[:, 0],
                        means=part[:, kinds == "mean"],
                        covariances=part[:, kinds == "sd"] ** 2,
                        covariance_type="diag",
                    )
                )
            else:
                blocks.append(BLOCKS[family].synthesis.mixture(own, values[:, places]))
        return nc.MixedMixture(weights=values[:, 0], column_kinds=_kinds(cols), blocks=blocks)

    def description(self, n_features, document_length):
        return f"mixed mixture, {n_features - 1} measurement(s) and a yes/no answer"

    # ----------------------------------------------------------------- the start editor
    def start_columns(self, n_features, layout="", options=None):
        """The run's own columns: each numeric column's mean and its covariance matrix's entries, each
        0/1 column's probability of 1, each answer's level probabilities (in the table's column order)."""
        kinds = (options or {}).get("column_kinds") or ["gaussian"] * (n_features - 1) + ["bernoulli"]
        numeric = [d for d, kind in enumerate(kinds) if kind == "gaussian"]
        cols = [Column("weight"), *(Column("mean", d) for d in numeric)]
        cols += [Column("cov", numeric[i], numeric[j]) for i, j in _pairs(len(numeric))]
        levels = dict((options or {}).get("levels") or ())
        for d, kind in enumerate(kinds):
            if kind == "bernoulli":
                cols.append(Column("prob", d))
            elif kind == "categorical":
                cols += [Column("prob", d, level) for level in range(levels.get(d, 2))]
        return tuple(cols)

    def start_values(self, model, cols):
        mixed = _mixed(model)
        values = np.zeros((mixed.n_components, len(cols)))
        values[:, 0] = mixed.weights
        for family, own, places in _tables(cols):
            block = mixed.block(family)
            assert block is not None  # the table is the model's own
            values[:, places[1:]] = BLOCKS[family].synthesis.start_values(block, own)[:, 1:]
        return values

    def start_check(self, cols, values, bad, refuse: Refuse, options) -> None:
        for family, own, places in _tables(cols):
            BLOCKS[family].synthesis.start_check(
                own, values[:, places], bad[:, places], _block_refuse(refuse, places), options
            )

    def start_mixture(self, cols, values, options):
        blocks = [
            BLOCKS[family].synthesis.start_mixture(own, values[:, places], options)
            for family, own, places in _tables(cols)
        ]
        return nc.MixedMixture(weights=values[:, 0], column_kinds=_kinds(cols), blocks=blocks)


def _pairs(n: int) -> list[tuple[int, int]]:
    """The (i, j) of `covariance_columns(n)`: every entry on and above the diagonal, row by row."""
    return [(column.feature, column.other) for column in covariance_columns(n)]


class MixedSteps(StepArithmetic):
    """``p(x | k) = N(x_numeric | μ_k, Σ_k) prod_m Bernoulli(x_m | p_km) prod_j p_kj,x_j``: each block's own
    factors and ratios, on its columns (a parameter's feature counted in the table's columns)."""

    def feature_log_factors(self, model, x):
        """Each column's factor; None when the numeric block's covariance couples its columns (full, tied)."""
        mixed = _mixed(model)
        gaussian = mixed.block("gaussian")
        if gaussian is not None and cast(nc.GaussianMixture, gaussian).covariance_type in ("full", "tied"):
            return None
        log_factors = np.zeros((mixed.n_features, mixed.n_components))
        labels = [""] * mixed.n_features
        informative = np.ones(mixed.n_features, dtype=bool)
        for block in mixed.blocks:
            columns = mixed.block_columns(block.family)
            if block.family == "gaussian":
                g = cast(nc.GaussianMixture, block)
                variances = np.diagonal(g.full_covariances, axis1=1, axis2=2).T  # (D_g, K)
                z2 = (x[columns][:, None] - g.means.T) ** 2 / variances
                log_factors[columns] = -0.5 * (z2 + np.log(2 * np.pi * variances))
                for j in columns:
                    labels[j] = "N(x | μ, σ²)"
                continue
            factors = BLOCKS[block.family].steps.feature_log_factors(block, x[columns])
            assert factors is not None  # the discrete blocks factor over their columns
            log_factors[columns] = factors.log_factors
            for j, label in zip(columns, factors.labels, strict=True):
                labels[j] = label
        return FeatureFactors(log_factors, labels, informative)

    def groups(self, model, fixed_covariances):
        """One group per block and component (its entries are listed one by one: `parameters`)."""
        mixed = _mixed(model)
        return [
            ParameterGroup(block.family, k, f"{BLOCKS[block.family].short_title} {k + 1}", features=0)
            for block in mixed.blocks
            for k in range(mixed.n_components)
        ]

    def parameters(self, model, columns, fixed_covariances):
        mixed = _mixed(model)
        out = []
        for block in mixed.blocks:
            picked = mixed.block_columns(block.family)
            names = block_names(columns, mixed, block.family)
            for key, label in BLOCKS[block.family].steps.parameters(block, names, fixed_covariances):
                if key.kind == "weight":
                    continue
                index = (int(picked[key.index[0]]), *_rest(block.family, key, picked)) if key.index else ()
                out.append((ParameterKey(key.kind, key.k, index), label))
        return out

    def stored(self, model, key):
        mixed = _mixed(model)
        family, local = _local(mixed.column_kinds, key)
        block = mixed.block(family)
        assert block is not None  # the key's own block
        return BLOCKS[family].steps.stored(block, local)

    def ratio(self, key, X, resp, prior, columns):
        """The block's own ratio on its columns (which they are: the rule the model was read with)."""
        levels = getattr(columns, "levels", None)
        kinds = column_kinds(X, levels) or inferred_column_kinds(X)
        family, local = _local(kinds, key)
        picked = [j for j, kind in enumerate(kinds) if kind == family]
        names: list | FeatureNames = [columns[j] for j in picked]
        if levels is not None:
            names = FeatureNames(names, [levels[j] for j in picked])
        return BLOCKS[family].steps.ratio(local, X[:, picked], resp, prior, names)


def _local(kinds, key: ParameterKey) -> tuple[str, ParameterKey]:
    """The family of the block holding `key` (counted in the table's columns) and the key in the block's own numbers."""
    family = "gaussian" if key.kind in ("mean", "covariance") else kinds[key.index[0]]
    picked = [j for j, kind in enumerate(kinds) if kind == family]
    if not key.index:  # a spherical variance: the block's own
        return family, key
    rest = key.index[1:]
    if family == "gaussian":  # a covariance's second feature
        rest = tuple(picked.index(e) for e in rest)
    return family, ParameterKey(key.kind, key.k, (picked.index(key.index[0]), *rest))


def _rest(family: str, key: ParameterKey, picked: np.ndarray) -> tuple[int, ...]:
    """The entries of a block key's index after its first feature, in table numbers where they are features."""
    rest = key.index[1:]
    return tuple(int(picked[i]) for i in rest) if family == "gaussian" else tuple(int(i) for i in rest)


@dataclass(frozen=True)
class MixedPresentation(FamilyPresentation):
    """A table of measurements beside answers: each block answered by its own family's presentation."""

    @property
    def covariance_types(self):
        """The numeric block's: the Gaussian's (diag is naive Bayes proper)."""
        return GAUSSIAN.covariance_types

    @property
    def compared_types(self):
        return GAUSSIAN.compared_types

    @property
    def prior_fields(self):
        """β on the 0/1 and answer probabilities, λ on the numeric block's covariances."""
        return ("beta", "covariance_prior")

    def model_title(self, covariance_type):
        return translate("nbviz", "{0}, {1} covariance over the measurements").format(
            translate("nbviz", self.title), covariance_type
        )

    def file_fit(self) -> dict:
        """The naive Bayes reading of a table: every column independent within a component."""
        return {"covariance_type": "diag"}

    def file_prior(self, prior, X):
        return GAUSSIAN.file_prior(prior, X)

    def simpler_options(self, covariance_type, X, prior):
        return GAUSSIAN.simpler_options(covariance_type, X, prior)

    def history_numbers(self, X, n_components, covariance_type):
        """At most the Gaussian's numbers over every column, plus K level probabilities for each level
        of each column that could be an answer (whole numbers 0 .. `MAX_LEVELS` - 1)."""
        gaussian = GAUSSIAN.history_numbers(X, n_components, covariance_type)
        X = np.asarray(X, dtype=float)
        if X.shape[0] == 0:
            return gaussian
        observed = np.where(np.isnan(X), 0.0, X)
        codes = np.all((observed >= 0) & (observed < MAX_LEVELS) & (observed == np.round(observed)), axis=0)
        return gaussian + n_components * int((observed[:, codes].max(axis=0) + 1).sum())

    def smaller_model_advice(self, covariance_type):
        return GAUSSIAN.smaller_model_advice(covariance_type)

    def start_options(self, model):
        """The kind of each column and the levels of each answer, which the start table's columns follow."""
        mixed = _mixed(model)
        categorical = mixed.block("categorical")
        levels: tuple[tuple[int, int], ...] = ()
        if categorical is not None:
            columns = mixed.block_columns("categorical")
            levels = tuple((int(j), int(L)) for j, L in zip(columns, cast(Any, categorical).levels, strict=True))
        return {"column_kinds": tuple(mixed.column_kinds), "levels": levels}

    def points(self, model):
        return points_model(_mixed(model))

    def moved_mean(self, model, k, features, values):
        """The numeric block's mean moved where both features are measurements; None for an answer's axis."""
        mixed = _mixed(model)
        gaussian = mixed.block("gaussian")
        columns = list(mixed.block_columns("gaussian"))
        if gaussian is None or any(d not in columns for d in features):
            return None
        moved = GAUSSIAN.moved_mean(gaussian, k, [columns.index(d) for d in features], values)
        blocks = [moved if block is gaussian else block for block in mixed.blocks]
        return mixed.replaced(blocks=tuple(blocks))

    def slice_half_width(self, model, direction):
        """Two standard deviations for a mean (its column's own); 0.25 for a weight or a probability."""
        kind, k, *rest = direction
        if kind != "mean":
            return super().slice_half_width(model, direction)
        return 2.0 * float(np.sqrt(points_model(_mixed(model)).full_covariances[k, rest[0], rest[0]]))

    # ----------------------------------------------------------------- parameters listed
    def parameter_rows(self, model, previous, truth, j, k, columns):
        """Each block's rows (the numeric block's mean and covariance, the probabilities), on its columns."""
        mixed = _mixed(model)
        rows = []
        for block in mixed.blocks:
            family = block.family
            old = None if previous is None else _mixed(previous).block(family)
            true = None if truth is None or j is None else _mixed(truth).block(family)
            names = block_names(columns, mixed, family)
            rows += BLOCKS[family].parameter_rows(block, old, true, j if true is not None else None, k, names)
        return rows

    def shared_parameters(self, model):
        gaussian = _mixed(model).block("gaussian")
        return None if gaussian is None else GAUSSIAN.shared_parameters(gaussian)

    def export_rows(self, model, names, columns, number):
        mixed = _mixed(model)
        rows = []
        for block in mixed.blocks:
            rows += BLOCKS[block.family].export_rows(block, names, block_names(columns, mixed, block.family), number)
        return rows


MIXED = MixedPresentation(
    name="mixed",
    title=QT_TRANSLATE_NOOP("nbviz", "Mixed mixture"),
    short_title=QT_TRANSLATE_NOOP("nbviz", "Mixed"),
    data_view=DataView.POINTS,
    synthesis=MixedSynthesis(),
    steps=MixedSteps(),
)
