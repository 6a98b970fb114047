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
from .resources import dataset_path

Built = tuple[Problem, ModelConfig, nc.Mixture | None]

# lecture-fruit: class sizes and, per class, how many fruits are long, sweet and yellow
FRUIT_CLASSES = ("banana", "orange", "other")
FRUIT_FEATURES = ("long", "sweet", "yellow")
FRUIT_SIZES = (500, 300, 200)
FRUIT_COUNTS = ((400, 350, 450), (0, 150, 300), (100, 150, 50))

# lecture-eight-points: the data, the start and the pseudo-counts of the worked example
EIGHT_POINTS = ((1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 0, 1), (0, 1, 1), (0, 0, 0), (0, 0, 0), (0, 0, 1))
EIGHT_POINTS_START = ((0.98361599, 0.24034226, 0.27483172), (0.65366543, 0.37040353, 0.36428356))

# lecture-dog-cat: the vocabulary, the two word distributions (components 1 and 2: the note's + and -)
# and the document dog dog cat dog cat tulip as counts
DOG_CAT_WORDS = ("dog", "cat", "tulip", "rose")
DOG_CAT_THETAS = ((0.5, 0.4, 0.05, 0.05), (0.1, 0.1, 0.5, 0.3))
DOG_CAT_DOCUMENT = ("dog", "dog", "cat", "dog", "cat", "tulip")
# EM refuses more components than rows, so a second, flowery document follows the note's (row 2)
DOG_CAT_CONTRAST = ("rose", "tulip", "rose")

# lecture-kmeans: the five points, the two starting means, and a fixed shared variance small enough that
# each hard E-step is the nearest-mean assignment: the weights' log pi move the boundary off the midpoint
# of the means by sigma^2 log(pi_1 / pi_2) / |mu_1 - mu_2|, at most 0.5 log(3/2) / (19/6) = 0.064 here,
# while the point 4 is 1/12 = 0.083 from the midpoint 47/12 of the means 7/3 and 11/2
KMEANS_POINTS = (1.0, 2.0, 4.0, 5.0, 6.0)
KMEANS_START = (3.5, 4.8)
KMEANS_VARIANCE = 0.5

# lecture-twos: which digit, and the seed of the uniform random start
TWOS_DIGIT = 2
TWOS_SEED = 0

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


EIGHT_POINTS_ITERATIONS = 100  # the note's em_bern loops exactly this many times


def eight_points() -> Built:
    """Eight binary points in three features, the lecture's start and pseudo-counts alpha = beta = 0.01.

    A run to convergence does exactly the note's 100 iterations (the "fixed" stopping rule), so it
    lands on the note's printed numbers; a gain test would stop earlier (after 22 iterations at
    tol 1e-6, or on a float-noise loss at iteration 42 with tol 0).
    """
    problem = Problem(
        name="Eight binary points",
        X=np.array(EIGHT_POINTS, dtype=np.float64),
        columns=("x1", "x2", "x3"),
    )
    start = nc.BernoulliMixture(weights=np.array([0.5, 0.5]), probs=np.array(EIGHT_POINTS_START))
    config = ModelConfig(
        family="bernoulli",
        n_components=2,
        prior=nc.Prior(alpha=0.01, beta=0.01),
        max_iter=EIGHT_POINTS_ITERATIONS,
        convergence="fixed",
    )
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


def dog_cat() -> Built:
    """Note 001: the document dog dog cat dog cat tulip under two word distributions with equal priors.

    Component 1 is the note's class + (mostly dog and cat), component 2 its class - (mostly flowers).
    Row 1 is the note's document; row 2 (rose tulip rose) is there because EM needs at least as many
    rows as components, and gives the M-step a flowery document to pull component 2 towards.
    """
    counts = [[float(doc.count(word)) for word in DOG_CAT_WORDS] for doc in (DOG_CAT_DOCUMENT, DOG_CAT_CONTRAST)]
    problem = Problem(
        name="Dog, cat, tulip, rose: the E-step for one document",
        X=np.array(counts),
        columns=DOG_CAT_WORDS,
        description=f"the documents {' '.join(DOG_CAT_DOCUMENT)} (the note's) and {' '.join(DOG_CAT_CONTRAST)}",
    )
    start = nc.MultinomialMixture(weights=np.array([0.5, 0.5]), probs=np.array(DOG_CAT_THETAS))
    return problem, ModelConfig(family="multinomial", n_components=2), start


def kmeans_steps() -> Built:
    """Note 002: k-means on 1, 2, 4, 5, 6 from the means 3.5 and 4.8, one half-step per assignment or update.

    Hard EM with one fixed, small shared variance: the E-step assigns each point to its nearest
    mean, the M-step moves each mean to its cluster's average. Two iterations reach the clusters
    {1, 2} and {4, 5, 6} (means 1.5 and 5), where `five_points` begins.
    """
    X = np.array(KMEANS_POINTS)[:, None]
    problem = Problem(name="Five points: k-means step by step", X=X, columns=("x",))
    start = nc.GaussianMixture(
        weights=np.array([0.5, 0.5]),
        means=np.array(KMEANS_START)[:, None],
        covariances=np.full(2, KMEANS_VARIANCE),
        covariance_type="spherical",
    )
    config = ModelConfig(
        family="gaussian", n_components=2, covariance_type="spherical", fixed_variance=KMEANS_VARIANCE, hard=True
    )
    return problem, config, start


def twos() -> Built:
    """Note 004: hard EM with K = 2 and alpha = beta = 1 on the bundled handwritten 2s, from a uniform random start.

    The 8x8 digits are binarised by rounding (the bundled file is binary already, so rounding keeps
    it); the start draws every pixel probability uniformly from (0, 1) (seed `TWOS_SEED`), as the
    note does. The two prototypes it ends with are two ways to write a 2.
    """
    dataset = nc.load_data(dataset_path("digits.csv"), label_column="digit")
    assert dataset.labels is not None and dataset.classes is not None  # the bundled file has its digit column
    rows = np.asarray(dataset.labels) == dataset.classes.index(str(TWOS_DIGIT))
    problem = Problem(
        name="Handwritten 2s: two ways to write a 2",
        X=np.round(dataset.X[rows]),
        columns=dataset.columns,
        description=f"the {np.count_nonzero(rows)} handwritten 2s of the bundled 8x8 digits, binarised by rounding",
    )
    rng = np.random.default_rng(TWOS_SEED)
    start = nc.BernoulliMixture(weights=np.array([0.5, 0.5]), probs=rng.uniform(size=(2, dataset.X.shape[1])))
    config = ModelConfig(family="bernoulli", n_components=2, hard=True, prior=nc.Prior(alpha=1.0, beta=1.0))
    return problem, config, start
