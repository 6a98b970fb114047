"""The lectures' own worked examples, as (problem, config, start) for the presets.

Each builder returns exactly the lecture's data, start and prior, so what the class sees on
screen matches the numbers on the slides. Where the lecture leaves something open (the sample
size of synthesised data, a start for data drawn at random), the choice is one on which EM
converges within 100 iterations, so the class does not wait.
"""

from __future__ import annotations

import numpy as np

import nbviz.core as nc

from ..data.problem import Problem
from ..model.config import ModelConfig

Built = tuple[Problem, ModelConfig, nc.Mixture | None]

# lecture-fruit: class sizes and, per class, how many fruits are long, sweet and yellow
FRUIT_CLASSES = ("banana", "orange", "other")
FRUIT_FEATURES = ("long", "sweet", "yellow")
FRUIT_SIZES = (500, 300, 200)
FRUIT_COUNTS = ((400, 350, 450), (0, 150, 300), (100, 150, 50))

# lecture-eight-points: the data, the start and the pseudo-counts of the worked example
EIGHT_POINTS = ((1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 0, 1), (0, 1, 1), (0, 0, 0), (0, 0, 0), (0, 0, 1))
EIGHT_POINTS_START = ((0.98361599, 0.24034226, 0.27483172), (0.65366543, 0.37040353, 0.36428356))

# lecture-three-sources: the true sources A, B and C over six binary features
THREE_SOURCES = (
    (0.7, 0.1, 0.8, 0.2, 0.2, 0.5),
    (0.2, 0.9, 0.3, 0.2, 0.6, 0.2),
    (0.3, 0.6, 0.1, 0.9, 0.5, 0.2),
)


def two_documents() -> Built:
    """Two documents, (1, 1) and (0, 1), and the lecture's start: one E-step and one M-step by hand."""
    problem = Problem(
        name="Two documents, two binary features",
        X=np.array([[1.0, 1.0], [0.0, 1.0]]),
        columns=("x1", "x2"),
        description="documents (1, 1) and (0, 1)",
    )
    start = nc.BernoulliMixture(weights=np.array([0.7, 0.3]), probs=np.array([[0.5, 0.4], [0.2, 0.7]]))
    return problem, ModelConfig(family="bernoulli", n_components=2), start


def five_points() -> Built:
    """The 1-D data 1, 2, 4, 5, 6 and a Gaussian mixture started from the k-means clusters {1, 2}, {4, 5, 6}.

    The start is the M-step of the hard k-means assignment: weights 2/5 and 3/5, each cluster's
    mean and (maximum-likelihood) variance.
    """
    X = np.array([[1.0], [2.0], [4.0], [5.0], [6.0]])
    problem = Problem(name="Five points: from k-means to a mixture", X=X, columns=("x",))
    clusters = (X[:2, 0], X[2:, 0])
    start = nc.GaussianMixture(
        weights=np.array([c.size / X.shape[0] for c in clusters]),
        means=np.array([[c.mean()] for c in clusters]),
        covariances=np.array([[[c.var()]] for c in clusters]),
    )
    return problem, ModelConfig(family="gaussian", n_components=2), start


def fruit_table() -> tuple[np.ndarray, np.ndarray]:
    """The 1000 fruits as binary rows (long, sweet, yellow) and their classes.

    Within a class, the first ``count`` fruits have a feature, so the counts per class are exactly
    the lecture's; how the features combine within a class does not matter to naive Bayes. Row 0
    is a long, sweet, yellow banana.

    Returns
    -------
    X : ndarray of shape (1000, 3)
    labels : ndarray of shape (1000,)
        0 banana, 1 orange, 2 other.
    """
    blocks, labels = [], []
    for k, (size, counts) in enumerate(zip(FRUIT_SIZES, FRUIT_COUNTS)):
        rows = np.arange(size)[:, None] < np.array(counts)[None, :]
        blocks.append(rows.astype(np.float64))
        labels.append(np.full(size, k))
    return np.vstack(blocks), np.concatenate(labels)


def fruit() -> Built:
    """Supervised Bernoulli naive Bayes on the fruits, with Laplace smoothing (alpha = beta = 1)."""
    X, labels = fruit_table()
    problem = Problem(
        name="Fruit: naive Bayes with Laplace smoothing",
        X=X,
        columns=FRUIT_FEATURES,
        labels=labels,
        classes=FRUIT_CLASSES,
    )
    config = ModelConfig(
        family="bernoulli", n_components=len(FRUIT_CLASSES), label_fraction=1.0, prior=nc.Prior(alpha=1.0, beta=1.0)
    )
    return problem, config, None


def eight_points() -> Built:
    """Eight binary points in three features, the lecture's start and pseudo-counts alpha = beta = 0.01."""
    problem = Problem(
        name="Eight binary points",
        X=np.array(EIGHT_POINTS, dtype=np.float64),
        columns=("x1", "x2", "x3"),
    )
    start = nc.BernoulliMixture(weights=np.array([0.5, 0.5]), probs=np.array(EIGHT_POINTS_START))
    config = ModelConfig(family="bernoulli", n_components=2, prior=nc.Prior(alpha=0.01, beta=0.01))
    return problem, config, start


def three_sources() -> Built:
    """1000 rows drawn from the three sources A, B, C (equal weights), fitted with the truth overlaid.

    The sample (seed 2) and the start (random data rows, seed 1) are ones on which EM recovers the
    sources to within 0.08 in about 55 iterations; on most samples six binary features pin three
    sources down only slowly.
    """
    truth = nc.BernoulliMixture(weights=np.full(3, 1 / 3), probs=np.array(THREE_SOURCES))
    problem = Problem.synthesised(truth, 1000, seed=2, name="Three sources over six binary features")
    config = ModelConfig(family="bernoulli", n_components=3, init_method="random_from_data", seed=1)
    return problem, config, None


def sampling_2d() -> Built:
    """The note's n = 1000 samples of its 2-D mixture: weights 0.9 / 0.1, a tilted Gaussian at (5, 0)
    and a round one at (-5, 0)."""
    truth = nc.GaussianMixture(
        weights=np.array([0.9, 0.1]),
        means=np.array([[5.0, 0.0], [-5.0, 0.0]]),
        covariances=np.array([[[4.25, 3.75], [3.75, 4.25]], [[2.0, 0.0], [0.0, 2.0]]]),
    )
    problem = Problem.synthesised(truth, 1000, seed=1, name="Sampling from a 2-D mixture")
    return problem, ModelConfig(family="gaussian", n_components=2, seed=0), None


def sampling_1d() -> Built:
    """500 samples of the lecture's 1-D mixture: means (-2, 0, 3), sds (1.2, 1, 2.5), weights (0.2, 0.5, 0.3).

    The three components overlap so much that EM needs hundreds of iterations on most samples;
    on this one (seed 6) from this start (k-means++, seed 3) it converges in about 85.
    """
    sds = np.array([1.2, 1.0, 2.5])
    truth = nc.GaussianMixture(
        weights=np.array([0.2, 0.5, 0.3]),
        means=np.array([[-2.0], [0.0], [3.0]]),
        covariances=(sds**2)[:, None, None],
    )
    problem = Problem.synthesised(truth, 500, seed=6, name="Sampling from a 1-D mixture")
    return problem, ModelConfig(family="gaussian", n_components=3, seed=3), None
