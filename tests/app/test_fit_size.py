"""Limits stated instead of hangs: the component cap, and models too large to keep per half-step."""

import time

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.model.config import MAX_COMPONENTS, ModelConfig
from nbviz.app.model.fit_size import SNAPSHOT_BYTES_LIMIT, check_fits, model_numbers
from nbviz.cli import main


def test_more_components_than_the_cap_are_refused_with_the_cap():
    assert ModelConfig(n_components=MAX_COMPONENTS).n_components == MAX_COMPONENTS
    with pytest.raises(
        ValueError, match=r"^101 components are more than the 100 nbviz can draw.*at most 100 components$"
    ):
        ModelConfig(n_components=MAX_COMPONENTS + 1)


def test_a_hundred_thousand_components_on_a_hundred_thousand_points_are_refused_at_once(tmp_path, capsys):
    path = tmp_path / "points.npy"
    np.save(path, np.random.default_rng(0).normal(size=(100_000, 2)))
    began = time.perf_counter()
    assert main([str(path), "-k", "100000", "--steps", "1", "--screenshot", str(tmp_path / "never.png")]) == 2
    assert time.perf_counter() - began < 5  # it ran for minutes
    assert "100000 components are more than the 100" in capsys.readouterr().err
    assert not (tmp_path / "never.png").exists()


def data(n_samples: int, n_features: int) -> np.ndarray:
    """Data of this shape without its memory (the size check reads only the shape of these families' data)."""
    return np.broadcast_to(0.0, (n_samples, n_features))


@pytest.mark.parametrize(
    "kind, expected",
    [
        ("full", 2 + 2 * 5 + 3 * 2 * 25),
        ("tied", 2 + 2 * 5 + 3 * 25),
        ("diag", 2 + 2 * 5 + 2 * 2 * 5),
        ("spherical", 2 + 2 * 5 + 2 + 2 * 5),
    ],
)
def test_a_models_numbers_count_its_covariances_with_their_caches(kind, expected):
    assert model_numbers(data(4, 5), 2, "gaussian", kind) == expected
    assert model_numbers(data(4, 5), 2, "bernoulli", kind) == 2 + 2 * 5  # no covariances


def test_a_categorical_models_numbers_count_the_levels_its_data_show():
    X = np.array([[0, 2, 0], [1, 0, 0], [np.nan, 4, 0]])  # levels 2, 5 and 1; a missing cell adds none
    model = nc.CategoricalMixture(weights=[0.5, 0.5], probs=[np.full((2, L), 1.0 / L) for L in (2, 5, 1)])
    assert model_numbers(X, 2, "categorical", "full") == 2 + 2 * sum(model.levels) == 2 + 2 * 8
    assert model_numbers(np.zeros((0, 3)), 2, "categorical", "full") == 2 + 2 * 3


def test_the_size_check_refuses_just_beyond_the_limit():
    # full covariance, K = 1: 1 + D + 3 D^2 numbers of 8 bytes
    D = int(np.sqrt(SNAPSHOT_BYTES_LIMIT / 24))
    while 8 * (1 + D + 3 * D * D) <= SNAPSHOT_BYTES_LIMIT:
        D += 1
    check_fits(data(10 * D, D - 1), 1, "gaussian", "full")
    with pytest.raises(ValueError, match=r"choose diag or spherical covariance, or pick fewer columns$"):
        check_fits(data(10 * D, D), 1, "gaussian", "full")
    check_fits(data(10, 20_000), 2, "gaussian", "diag")  # 2 x 20,000 variances fit
    with pytest.raises(ValueError, match=r"use fewer components, or pick fewer columns; .* transpose it$"):
        check_fits(data(10, 3_000_000), 2, "bernoulli", "full")
