"""Presets: data, model, K and a starting point, each chosen to teach something."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import nbviz.core as nc

from .config import ModelConfig
from .problem import Problem
from .resources import dataset_path


@dataclass(frozen=True)
class Preset:
    """A named starting situation.

    `build()` returns (problem, config, start); start None means "initialise from the config".
    """

    name: str
    description: str
    build: Callable[[], tuple[Problem, ModelConfig, nc.Mixture | None]]


def _bundled(file: str, name: str, label_column: str | None = None) -> Problem:
    dataset = nc.load_data(dataset_path(file), label_column=label_column)
    return Problem.from_dataset(dataset, name=name)


def _faithful():
    problem = _bundled("faithful.csv", "Old Faithful eruptions")
    # A deliberately poor start: the two means in the empty corners, broad covariances.
    start = nc.GaussianMixture(
        weights=np.array([0.5, 0.5]),
        means=np.array([[1.8, 90.0], [4.8, 50.0]]),
        covariances=np.stack([np.diag([1.0, 150.0])] * 2),
    )
    return problem, ModelConfig(family="gaussian", n_components=2), start


def _gmm_1d():
    truth = nc.GaussianMixture(
        weights=np.array([0.3, 0.45, 0.25]),
        means=np.array([[-2.0], [1.0], [4.0]]),
        covariances=np.array([[[0.6]], [[1.2]], [[0.4]]]),
    )
    problem = Problem.synthesised(truth, 400, seed=11, name="Three overlapping 1-D Gaussians")
    start = nc.GaussianMixture(
        weights=np.full(3, 1 / 3), means=np.array([[-0.5], [0.0], [0.5]]), covariances=np.full((3, 1, 1), 4.0)
    )
    return problem, ModelConfig(family="gaussian", n_components=3), start


def _gmm_2d():
    truth = nc.GaussianMixture(
        weights=np.array([0.35, 0.4, 0.25]),
        means=np.array([[0.0, 0.0], [4.0, 1.0], [1.5, 4.0]]),
        covariances=np.array([[[1.0, 0.7], [0.7, 1.0]], [[0.6, -0.3], [-0.3, 1.2]], [[0.3, 0.0], [0.0, 0.3]]]),
    )
    problem = Problem.synthesised(truth, 600, seed=5, name="Three 2-D Gaussians")
    return problem, ModelConfig(family="gaussian", n_components=3, init_method="random_from_data", seed=3), None


def _iris():
    problem = _bundled("iris.csv", "Iris", label_column="species")
    return problem, ModelConfig(family="gaussian", n_components=3, seed=2, prior=nc.Prior(covariance_prior=1e-3)), None


def _penguins():
    problem = _bundled("penguins.csv", "Palmer penguins", label_column="species")
    return (
        problem,
        ModelConfig(
            family="gaussian", n_components=3, covariance_type="full", seed=1, prior=nc.Prior(covariance_prior=1e-3)
        ),
        None,
    )


def _digits():
    problem = _bundled("digits.csv", "Handwritten digits (8x8, binarised)", label_column="digit")
    return problem, ModelConfig(family="bernoulli", n_components=10, seed=0, prior=nc.Prior(alpha=1.0, beta=1.0)), None


def _bars():
    side = 6
    protos = np.full((4, side, side), 0.05)
    protos[0, :, 1] = protos[0, :, 2] = 0.9  # a vertical bar
    protos[1, 3, :] = protos[1, 4, :] = 0.9  # a horizontal bar
    protos[2][np.eye(side, dtype=bool)] = 0.9  # a diagonal
    protos[3, :2, :2] = protos[3, 4:, 4:] = 0.9  # two corners
    truth = nc.BernoulliMixture(weights=np.array([0.3, 0.3, 0.2, 0.2]), probs=protos.reshape(4, -1))
    problem = Problem.synthesised(truth, 300, seed=4, name="Noisy bars (6x6 binary images)")
    return (
        problem,
        ModelConfig(family="bernoulli", n_components=4, init_method="random", seed=7, prior=nc.Prior(beta=0.5)),
        None,
    )


def _corpus():
    problem = _bundled("corpus.csv", "Bag-of-words corpus", label_column="topic")
    k = problem.n_classes or 3
    return problem, ModelConfig(family="multinomial", n_components=k, seed=0, prior=nc.Prior(alpha=1.0, beta=0.5)), None


def _naive_bayes():
    problem = _bundled("corpus.csv", "Bag-of-words corpus (labelled)", label_column="topic")
    assert problem.n_classes is not None  # the corpus has a label column
    config = ModelConfig(
        family="multinomial", n_components=problem.n_classes, label_fraction=1.0, prior=nc.Prior(beta=1.0)
    )
    return problem, config, None


def _kmeans_limit():
    truth = nc.GaussianMixture(
        weights=np.array([0.3, 0.35, 0.35]),
        means=np.array([[0.0, 0.0], [3.5, 0.5], [1.5, 3.5]]),
        covariances=np.full(3, 0.8),
        covariance_type="spherical",
    )
    problem = Problem.synthesised(truth, 450, seed=8, name="Three round blobs (the k-means limit)")
    # Three data points as the start, so the start is also a k-means start.
    start = nc.GaussianMixture(
        weights=np.full(3, 1 / 3), means=problem.X[[0, 1, 2]], covariances=np.full(3, 2.0), covariance_type="spherical"
    )
    config = ModelConfig(family="gaussian", n_components=3, covariance_type="spherical", fixed_variance=2.0)
    return problem, config, start


PRESETS = {
    preset.name: preset
    for preset in [
        Preset("faithful", "Old Faithful eruptions: a 2-D Gaussian mixture untangles a bad start", _faithful),
        Preset("gmm-1d", "Three overlapping 1-D Gaussians: weighted densities over a histogram", _gmm_1d),
        Preset("gmm-2d", "Three 2-D Gaussians with known truth: watch EM find them", _gmm_2d),
        Preset("iris", "Iris (4 features): Gaussian clusters against the species", _iris),
        Preset("penguins", "Palmer penguins: Gaussian clusters against the species", _penguins),
        Preset("digits", "Handwritten digits: a Bernoulli mixture learns digit prototypes", _digits),
        Preset("bars", "Noisy bar images with known prototypes: a Bernoulli mixture recovers them", _bars),
        Preset("corpus", "Bag-of-words documents: a multinomial mixture finds topics", _corpus),
        Preset("kmeans-limit", "A fixed shared variance σ²: shrink it and soft EM turns into k-means", _kmeans_limit),
        Preset("naive-bayes", "Supervised naive Bayes: with every label known, one M-step fits it", _naive_bayes),
    ]
}


def load_preset(name: str):
    """(problem, config, start) for a preset name; KeyError lists the names."""
    if name not in PRESETS:
        raise KeyError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
    return PRESETS[name].build()
