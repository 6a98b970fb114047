"""Mixtures of products of per-column families: the naive Bayes mixture of a table of measurements and answers.

A component's density is the product of the blocks' component densities: a Gaussian over the
numeric columns, a product of Bernoullis over the 0/1 columns, a product of categoricals over the
answer columns; one weight vector is shared. So ``log p(x | k)`` is the sum of the blocks' log
densities, the M-step is each block's own M-step under the shared responsibilities, the log-prior
the weights' term plus each block's, and missing cells are each block's own business (its
marginal densities, expected statistics and divergences, which add up across blocks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from .. import validation
from ..mixture import FAMILIES, Mixture, Prepared
from ..mixture.declarations import ComponentNeeds, FamilyOption, map_weights
from ..prior import Prior
from .gaussian import check_covariance_type
from .mixed_data import BLOCK_FAMILIES, MixedData, check_column_kinds, inferred_column_kinds

DEFAULT_COVARIANCE = "diag"  # the numeric block's covariance when none is asked for: naive Bayes proper


def _mixed(data: Prepared) -> MixedData:
    assert isinstance(data, MixedData)
    return data


def _block_options(family: str, covariance_type: str, fixed_covariances: bool = False) -> dict:
    """The fit options one block's family takes (the numeric block's covariance type)."""
    if family != "gaussian":
        return {}
    return {"covariance_type": covariance_type, **({"fixed_covariances": True} if fixed_covariances else {})}


@dataclass(frozen=True, eq=False)
class MixedMixture(Mixture):
    """Mixture whose components are products of per-column families (heterogeneous naive Bayes).

    Parameters
    ----------
    weights : array-like of shape (n_components,)
    column_kinds : sequence of str
        The family of each column: "gaussian" (a measurement), "bernoulli" (0/1) or "categorical"
        (a level code 0, 1, ...).
    blocks : sequence of Mixture (or their `to_dict` descriptions, weights optional)
        One model per kind present, in the order gaussian, bernoulli, categorical, over that
        kind's columns in table order; each is given the mixture's weights.

    Fit options: ``covariance_type`` of the numeric block (default "diag": the naive Bayes
    reading; "full", "spherical" and "tied" keep the measurements' correlations within a
    component, still independent of the answers). Data option: ``column_kinds`` (`init_model`,
    `fit_naive_bayes`, `select_components`); without it a column of 0/1 values is Bernoulli and
    any other column Gaussian. `Prior.covariance_prior` regularises the numeric block, `Prior.beta`
    the Bernoulli and categorical blocks, `Prior.alpha` the shared weights (counted once).

    Raises
    ------
    ValueError
        For blocks that do not match the column kinds, or parameters a block refuses.

    Examples
    --------
    >>> import nbviz.core as nc
    >>> height = nc.GaussianMixture(weights=[0.5, 0.5], means=[[165.0], [180.0]],
    ...                             covariances=[[49.0], [49.0]], covariance_type="diag")
    >>> smokes = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.2], [0.6]])
    >>> model = nc.MixedMixture(weights=[0.5, 0.5], column_kinds=["bernoulli", "gaussian"],
    ...                         blocks=[height, smokes])
    >>> model.n_features, model.n_parameters  # 1 weight + 2 (mean, variance) x 2 + 1 probability x 2
    (2, 7)
    >>> model.predict([[1, 182.0], [0, 160.0]]).tolist()
    [1, 0]
    """

    column_kinds: Sequence[str]
    blocks: Sequence[Any]

    family: ClassVar[str] = "mixed"
    accepts_missing: ClassVar[bool] = True
    data_kind: ClassVar[str] = "mixed"
    supports_fixed_covariances: ClassVar[bool] = True
    options: ClassVar[tuple[FamilyOption, ...]] = (
        FamilyOption(
            "covariance_type",
            "fit",
            DEFAULT_COVARIANCE,
            lambda value: check_covariance_type(value),
            "Shape of the numeric block's covariances: diag (naive Bayes proper), full, spherical or tied.",
        ),
        FamilyOption(
            "column_kinds",
            "data",
            None,
            check_column_kinds,
            "The family of each column: gaussian, bernoulli or categorical "
            "(default: 0/1 columns Bernoulli, others Gaussian).",
        ),
    )
    zero_probability_hint: ClassVar[str] = (
        ": an answer or a 0/1 value has probability 0 under every component; "
        "use a prior (beta > 0) or a different start"
    )

    def _validate(self) -> None:
        kinds = check_column_kinds(self.column_kinds)
        assert kinds is not None
        expected = [family for family in BLOCK_FAMILIES if family in kinds]
        given = list(self.blocks) if isinstance(self.blocks, (list, tuple)) else None
        if given is None or len(given) != len(expected):
            raise ValueError(
                f"blocks must hold one model per kind of column ({', '.join(expected)}); got {self.blocks!r:.80}"
            )
        blocks = []
        for b, (block, family) in enumerate(zip(given, expected, strict=True)):
            if isinstance(block, dict):
                block = Mixture.from_dict({**block, "weights": block.get("weights", self.weights.tolist())})
            if not isinstance(block, Mixture) or block.family != family:
                found = getattr(block, "family", type(block).__name__)
                raise ValueError(f"blocks[{b}] must be a {family} mixture (the {family} columns); got {found}")
            count = kinds.count(family)
            if block.n_features != count:
                raise ValueError(f"blocks[{b}] describes {block.n_features} columns but {count} are {family}")
            if block.n_components != self.n_components:
                raise ValueError(
                    f"blocks[{b}] has {block.n_components} components but there are {self.n_components} weights"
                )
            if not np.array_equal(block.weights, self.weights):
                block = block.replaced(weights=self.weights)
            blocks.append(block)
        object.__setattr__(self, "column_kinds", kinds)
        object.__setattr__(self, "blocks", tuple(blocks))

    # ----------------------------------------------------------------- what it describes
    @property
    def n_features(self) -> int:
        """Number of columns, of every kind."""
        return len(self.column_kinds)

    @property
    def n_parameters(self) -> int:
        """``(K - 1)`` weights plus each block's own parameters (its count without the weights)."""
        weights = self.n_components - 1
        return weights + sum(block.n_parameters - weights for block in self.blocks)

    @property
    def covariance_type(self) -> str:
        """The numeric block's covariance type (`DEFAULT_COVARIANCE` without numeric columns)."""
        gaussian = self.block("gaussian")
        return DEFAULT_COVARIANCE if gaussian is None else gaussian.covariance_type  # type: ignore[attr-defined]

    def block(self, family: str) -> Mixture | None:
        """The block of one family.

        Parameters
        ----------
        family : {"gaussian", "bernoulli", "categorical"}

        Returns
        -------
        Mixture or None
            The model of that family's columns; None if no column is of that kind.
        """
        return next((block for block in self.blocks if block.family == family), None)

    def block_columns(self, family: str) -> np.ndarray:
        """The columns of one family's block.

        Parameters
        ----------
        family : {"gaussian", "bernoulli", "categorical"}

        Returns
        -------
        ndarray of int
            0-based, in table order; empty if no column is of that kind.
        """
        return np.array([j for j, kind in enumerate(self.column_kinds) if kind == family], dtype=np.int64)

    def _component_needs(self) -> ComponentNeeds:
        gaussian = self.block("gaussian")
        return ComponentNeeds() if gaussian is None else gaussian._component_needs()

    # ----------------------------------------------------------------- densities and M-step
    def prepare(self, X) -> Prepared:
        """`Mixture.prepare` with each column read as this model's kind of it.

        Parameters
        ----------
        X : array-like, one column per entry of `column_kinds`

        Returns
        -------
        MixedData
            Each block laid out by its own family (a `DataFitError` names a cell it refuses).
        """
        data = _mixed(self._prepare(X, self.n_features, column_kinds=self.column_kinds))
        self._check_levels(data)
        return data

    def _check_levels(self, data: MixedData) -> None:
        """Refuse an answer code beyond the levels the model's categorical block has, naming the cell of the table."""
        categorical = self.block("categorical")
        if categorical is None:
            return
        columns = self.block_columns("categorical")
        codes = np.nan_to_num(data.X[:, columns], nan=0.0)
        levels = np.array(categorical.levels)  # type: ignore[attr-defined]
        beyond = codes >= levels
        if beyond.any():
            n, i = validation.first_position(beyond)
            j = int(columns[i])
            raise ValueError(
                f"X[{n}, {j}] (row {n}, column {j}, counting from 0) is level {int(codes[n, i])} but the model has "
                f"{levels[i]} levels (0..{levels[i] - 1}) for column {j}; fit the model on data that show every level"
            )

    @classmethod
    def _prepare(cls, X, n_features=None, column_kinds=None) -> Prepared:
        X = validation.as_data_matrix(X, n_features, allow_nan=True)
        kinds = check_column_kinds(column_kinds, X.shape[1]) or inferred_column_kinds(X)
        return MixedData.of(X, kinds)

    def _check_kinds(self, data: MixedData) -> None:
        if data.kinds != self.column_kinds:
            j = next(j for j, (a, b) in enumerate(zip(data.kinds, self.column_kinds, strict=True)) if a != b)
            raise ValueError(
                f"column {j} was laid out as {data.kinds[j]} but the model's column {j} is {self.column_kinds[j]}; "
                "prepare the data with the model (model.prepare)"
            )

    def _log_emission(self, data: Prepared) -> np.ndarray:
        mixed = _mixed(data)
        self._check_kinds(mixed)
        out = np.zeros((self.n_components, mixed.n_samples))
        for part, block in zip(mixed.parts, self.blocks, strict=True):
            out += part.log_emission(block)
        return out

    def _log_emission_prior(self, prior: Prior) -> float:
        return float(sum(block._log_emission_prior(prior) for block in self.blocks))

    @classmethod
    def _map_update(
        cls, data: Prepared, resp, prior: Prior, previous=None, covariance_type=None, fixed_covariances: bool = False
    ):
        """Each block's own M-step (its missing cells at their expectations under `previous`'s block)."""
        mixed = _mixed(data)
        if previous is not None:
            previous._check_kinds(mixed)
        kind = covariance_type or (previous.covariance_type if previous is not None else DEFAULT_COVARIANCE)
        if fixed_covariances and "gaussian" not in mixed.families:
            raise ValueError("fixed covariances need numeric (gaussian) columns; this mixed table has none")
        blocks, empty = [], np.zeros(0, dtype=np.int64)
        for b, (family, part) in enumerate(zip(mixed.families, mixed.parts, strict=True)):
            old = None if previous is None else previous.blocks[b]
            options = _block_options(family, kind, fixed_covariances)
            block, block_empty = part.map_update(FAMILIES[family], resp, prior, old, **options)
            blocks.append(block)
            empty = np.union1d(empty, block_empty)
        weights = map_weights(resp.sum(axis=1), prior.alpha)
        return cls(weights=weights, column_kinds=mixed.kinds, blocks=tuple(blocks)), empty.astype(np.int64)

    def _sample_emissions(self, z, rng):
        X = np.empty((z.size, self.n_features))
        for block in self.blocks:
            X[:, self.block_columns(block.family)] = block._sample_emissions(z, rng)
        return X

    # ----------------------------------------------------------------- missing cells (nbviz.core.missing)
    def _conditional_expectations(self, data) -> np.ndarray:
        mixed = _mixed(data)
        out = np.empty((self.n_components, mixed.n_samples, mixed.n_features))
        for part, columns, block in zip(mixed.parts, mixed.columns, self.blocks, strict=True):
            if part.missing is None:
                out[:, :, columns] = part.X[None]
            else:
                out[:, :, columns] = block._conditional_expectations(part)
        return out

    def _filled_in(self, data, resp) -> np.ndarray:
        mixed = _mixed(data)
        out = np.empty((mixed.n_samples, mixed.n_features))
        for part, columns, block in zip(mixed.parts, mixed.columns, self.blocks, strict=True):
            filled = part.X if part.missing is None else block._filled_in(part, resp)
            out[:, columns] = filled
        return np.where(np.isnan(mixed.X), out, mixed.X)  # observed cells exactly as given

    # ----------------------------------------------------------------- starts, distances, slices
    @classmethod
    def _comparison_points(cls, data: Prepared) -> np.ndarray:
        """Each block's comparison points side by side, the numeric columns in standard units (so a
        centimetre weighs as much as an answer)."""
        mixed = _mixed(data)
        pieces = []
        for family, part in zip(mixed.families, mixed.parts, strict=True):
            points = FAMILIES[family]._comparison_points(part)
            if family == "gaussian":
                spread = points.std(axis=0)
                points = (points - points.mean(axis=0)) / np.where(spread > 0, spread, 1.0)
            pieces.append(points)
        return np.hstack(pieces)

    @classmethod
    def _start_from_rows(cls, data: Prepared, rows, prior: Prior, covariance_type: str = DEFAULT_COVARIANCE):
        return cls._started(data, "_start_from_rows", rows, prior, covariance_type)

    @classmethod
    def _start_from_responsibilities(
        cls, data: Prepared, resp, prior: Prior, covariance_type: str = DEFAULT_COVARIANCE, **options
    ):
        return cls._started(data, "_start_from_responsibilities", resp, prior, covariance_type)

    @classmethod
    def _started(cls, data: Prepared, hook: str, chosen, prior: Prior, covariance_type: str) -> MixedMixture:
        """A start made by each block's own start `hook` from the same rows or responsibilities `chosen`."""
        mixed = _mixed(data)
        blocks = tuple(
            getattr(FAMILIES[family], hook)(part, chosen, prior, **_block_options(family, covariance_type))
            for family, part in zip(mixed.families, mixed.parts, strict=True)
        )
        return cls(weights=blocks[0].weights, column_kinds=mixed.kinds, blocks=blocks)

    def _component_distances(self, other: MixedMixture) -> np.ndarray:
        """Bhattacharyya distances add over the blocks (the coefficients of independent blocks multiply)."""
        out = np.zeros((self.n_components, other.n_components))
        for mine, theirs in zip(self.blocks, other.blocks, strict=True):
            out = out + mine._component_distances(theirs)
        return out

    def _slice_directions(self) -> tuple[tuple, ...]:
        """Each block's directions with the feature counted in the table's columns: ``("mean", k, d)`` for a
        numeric column, ``("prob", k, d)`` for a 0/1 column, ``("prob", k, d, level)`` for an answer."""
        out = []
        for block in self.blocks:
            columns = self.block_columns(block.family)
            for kind, k, feature, *rest in block._slice_directions():
                out.append((kind, k, int(columns[feature]), *rest))
        return tuple(out)

    def _slice_point(self, direction: tuple, t: float) -> tuple[MixedMixture, float]:
        if direction not in self._slice_directions():
            raise self._no_direction(direction)
        kind, k, column, *rest = direction
        family = self.column_kinds[column]
        blocks = list(self.blocks)
        b = next(b for b, block in enumerate(blocks) if block.family == family)
        feature = int(np.flatnonzero(self.block_columns(family) == column)[0])
        blocks[b], value = blocks[b]._slice_point((kind, k, feature, *rest), t)
        return self.replaced(blocks=tuple(blocks)), value

    def _between(self, other: Mixture, t: float) -> MixedMixture:
        assert isinstance(other, MixedMixture)
        blocks = tuple(mine._between(theirs, t) for mine, theirs in zip(self.blocks, other.blocks, strict=True))
        weights = (1 - t) * self.weights + t * other.weights
        return type(self)(weights=weights, column_kinds=self.column_kinds, blocks=blocks)

    # ----------------------------------------------------------------- the nested parameters
    def permuted(self, order) -> MixedMixture:
        """Every block with its components in the new `order` (see `Mixture.permuted`).

        Parameters
        ----------
        order : array-like of int
            New component j is old ``order[j]``.

        Returns
        -------
        MixedMixture
            ValueError (from the blocks) if `order` is not a permutation.
        """
        blocks = tuple(block.permuted(order) for block in self.blocks)
        return type(self)(weights=blocks[0].weights, column_kinds=self.column_kinds, blocks=blocks)

    def to_dict(self) -> dict:
        """JSON-ready: ``{"family": "mixed", "weights": [...], "column_kinds": [...], "blocks": [...]}``,
        each block its own family's description without the (shared) weights.

        Returns
        -------
        dict
        """
        return {
            "family": self.family,
            "weights": self.weights.tolist(),
            "column_kinds": list(self.column_kinds),
            "blocks": [{k: v for k, v in block.to_dict().items() if k != "weights"} for block in self.blocks],
        }
