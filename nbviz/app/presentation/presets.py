"""Presets: data, model, K and a starting point, each chosen to teach something."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ..data.problem import Problem
from ..model.config import ModelConfig
from . import lecture_examples as lectures
from .resources import dataset_path

if TYPE_CHECKING:
    from ..run.session import Session


# a note's words for what each mode shows: the board beside the data and W's overlay when presenting, the
# E-step board the View menu brings and the point inspector in the workspace
PRESENTING_WORDS = {"[board]": QT_TRANSLATE_NOOP("nbviz", "the board"), "[W]": "W"}
WORKSPACE_WORDS = {
    "[board]": QT_TRANSLATE_NOOP("nbviz", "the E-step board (View menu)"),
    "[W]": QT_TRANSLATE_NOOP("nbviz", "the point inspector"),
}


@dataclass(frozen=True)
class Preset:
    """A named starting situation.

    `build()` returns (problem, config, start); start None means "initialise from the config".

    Attributes
    ----------
    name : str
        What ``--preset`` and the menus call it.
    description : str
        One line for the preset lists.
    build : callable
        ``build() -> (problem, config, start)``.
    note : str
        A few sentences shown in the workspace while the preset is open: what to look at. "[board]" and
        "[W]" stand for what the mode shows (`note_text`).
    selected : int or None
        The data row the point inspector opens on (None: no row).
    probe : tuple of float or None
        A point (one value per feature) probed when the preset opens, instead of a row: its P(C | x) is
        a row of the E-step board, marked as the probe (None: no probe).
    """

    name: str
    description: str
    build: Callable[[], tuple[Problem, ModelConfig, nc.Mixture | None]]
    note: str = ""
    selected: int | None = None
    probe: tuple[float, ...] | None = None

    def note_text(self, presenting: bool, translate: Callable[[str, str], str] | None = None) -> str:
        """The note as presentation mode (`presenting`) or the workspace shows it (in the user's language
        with `translate`, Qt's ``translate(context, text)``): it names only what is on screen (the E-step
        board stands beside the data when presenting; W is presentation mode's key)."""
        words = PRESENTING_WORDS if presenting else WORKSPACE_WORDS
        text = self.note if translate is None else translate("nbviz", self.note)
        for marker, word in words.items():
            text = text.replace(marker, word if translate is None else translate("nbviz", word))
        return text[:1].upper() + text[1:]

    def point_at(self, session: Session) -> None:
        """Select the row, or probe the point, the preset's lesson reads (just after it was loaded)."""
        if self.selected is not None:
            session.select(self.selected)
        if self.probe is not None:
            session.inspection.probe(self.probe)


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
    # seed 140: a sample on which EM from this start converges in well under 100 iterations
    problem = Problem.synthesised(truth, 400, seed=140, name="Three overlapping 1-D Gaussians")
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


def _missing_cells():
    """Three 2-D Gaussians with one coordinate of about a third of the rows hidden (about 17% of cells)."""
    truth = nc.GaussianMixture(
        weights=np.array([0.4, 0.35, 0.25]),
        means=np.array([[0.0, 0.0], [5.0, 1.0], [2.0, 5.0]]),
        covariances=np.array([[[1.0, 0.6], [0.6, 1.0]], [[0.8, -0.4], [-0.4, 1.0]], [[0.5, 0.0], [0.0, 0.5]]]),
    )
    X, z = truth.sample(300, rng=21)
    rng = np.random.default_rng(22)
    hidden = rng.random(len(X)) < 0.34  # rows that lose one coordinate, never both
    X[np.flatnonzero(hidden), rng.integers(0, 2, size=int(hidden.sum()))] = np.nan
    X.setflags(write=False)
    problem = Problem(name="Three 2-D Gaussians with missing cells", X=X, columns=("x1", "x2"), truth=truth, truth_z=z)
    # a broad start in the middle: the hollow points begin near the centre of the data and move out
    start = nc.GaussianMixture(
        weights=np.full(3, 1 / 3),
        means=np.array([[1.5, 1.5], [2.5, 2.0], [2.0, 2.5]]),
        covariances=np.stack([np.eye(2) * 6.0] * 3),
    )
    return problem, ModelConfig(family="gaussian", n_components=3), start


def _iris():
    problem = _bundled("iris.csv", "Iris", label_column="species")
    # seed 11: the start that reaches the best fit found (closest to the species), in about 30 iterations
    return problem, ModelConfig(family="gaussian", n_components=3, seed=11, prior=nc.Prior(covariance_prior=1e-3)), None


def _penguins():
    from ..data.standardize import standardize_problem

    # z-scores: in grams and millimetres the PCA view's first axis is body mass alone; a full
    # covariance fits the same clusters either way (View → Parameters in original units shows grams)
    problem = standardize_problem(_bundled("penguins.csv", "Palmer penguins", label_column="species"), "z")
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


def _survey():
    """Four questions of three answers (0: never, 1: sometimes, 2: often) from three latent classes."""
    questions = ("smoking", "exercise", "vegetables", "alcohol")
    truth = nc.CategoricalMixture(
        weights=np.array([0.45, 0.35, 0.2]),
        probs=[
            [[0.85, 0.1, 0.05], [0.05, 0.15, 0.8], [0.1, 0.8, 0.1]],  # smoking
            [[0.05, 0.15, 0.8], [0.8, 0.15, 0.05], [0.1, 0.8, 0.1]],  # exercise
            [[0.05, 0.15, 0.8], [0.7, 0.2, 0.1], [0.15, 0.7, 0.15]],  # vegetables
            [[0.7, 0.2, 0.1], [0.1, 0.2, 0.7], [0.1, 0.8, 0.1]],  # alcohol
        ],
    )
    X, z = truth.sample(400, rng=12)
    answers = (("never", "sometimes", "often"),) * len(questions)  # codes 0, 1, 2 by name
    problem = Problem(
        name="Health survey (4 questions, 3 answers)", X=X, columns=questions, truth=truth, truth_z=z, levels=answers
    )
    return problem, ModelConfig(family="categorical", n_components=3, seed=2, prior=nc.Prior(beta=0.5)), None


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
        Preset(
            "faithful",
            QT_TRANSLATE_NOOP("nbviz", "Old Faithful eruptions: a 2-D Gaussian mixture untangles a bad start"),
            _faithful,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Both means start in empty corners. Press E and M a few times: watch the ellipses swing onto the two "
                "clouds of eruptions while the objective climbs.",
            ),
        ),
        Preset(
            "gmm-1d",
            QT_TRANSLATE_NOOP("nbviz", "Three overlapping 1-D Gaussians: weighted densities over a histogram"),
            _gmm_1d,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Three broad Gaussians start in the middle. Each M-step moves the weighted densities; their sum (the "
                "black curve) comes to fit the histogram.",
            ),
        ),
        Preset(
            "gmm-2d",
            QT_TRANSLATE_NOOP("nbviz", "Three 2-D Gaussians with known truth: watch EM find them"),
            _gmm_2d,
            QT_TRANSLATE_NOOP(
                "nbviz", "The dashed ellipses are the truth the data was drawn from; the filled ones are EM's fit."
            ),
        ),
        Preset(
            "missing-cells",
            QT_TRANSLATE_NOOP("nbviz", "Missing cells: EM fills in the coordinates a third of the rows lack"),
            _missing_cells,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Hollow points lack a coordinate and sit at its expected value given the other. Step E and M: as the "
                "ellipses sharpen, each hollow point slides along its known coordinate towards the component it "
                "belongs to.",
            ),
            selected=1,
        ),
        Preset(
            "iris",
            QT_TRANSLATE_NOOP("nbviz", "Iris (4 features): Gaussian clusters against the species"),
            _iris,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Four measurements of 150 irises; the clusters are found without the species. View → Clusters "
                "vs classes compares them with the species.",
            ),
        ),
        Preset(
            "penguins",
            QT_TRANSLATE_NOOP("nbviz", "Palmer penguins: Gaussian clusters against the species"),
            _penguins,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Bill, flipper and body measurements of 342 penguins (standardised); clusters found without the "
                "species.",
            ),
        ),
        Preset(
            "digits",
            QT_TRANSLATE_NOOP("nbviz", "Handwritten digits: a Bernoulli mixture learns digit prototypes"),
            _digits,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Each component is a picture of pixel probabilities: step and watch ten digit prototypes appear.",
            ),
        ),
        Preset(
            "bars",
            QT_TRANSLATE_NOOP("nbviz", "Noisy bar images with known prototypes: a Bernoulli mixture recovers them"),
            _bars,
            QT_TRANSLATE_NOOP(
                "nbviz", "The data was drawn from four bar pictures: compare the fitted prototypes with the true ones."
            ),
        ),
        Preset(
            "corpus",
            QT_TRANSLATE_NOOP("nbviz", "Bag-of-words documents: a multinomial mixture finds topics"),
            _corpus,
            QT_TRANSLATE_NOOP(
                "nbviz", "Each component is a distribution over words: read its top words as the topic it found."
            ),
        ),
        Preset(
            "survey",
            QT_TRANSLATE_NOOP("nbviz", "Survey answers: a categorical mixture finds three latent classes"),
            _survey,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Each bar is one class's answers to a question (never at the bottom, often at the top). Step and "
                "watch three respondent types emerge; the parameters list the true answers beside each class.",
            ),
            selected=0,
        ),
        Preset(
            "kmeans-limit",
            QT_TRANSLATE_NOOP("nbviz", "A fixed shared variance σ²: shrink it and soft EM turns into k-means"),
            _kmeans_limit,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Shrink the fixed variance σ² in the controls: the soft colours turn hard and EM becomes k-means.",
            ),
        ),
        Preset(
            "naive-bayes",
            QT_TRANSLATE_NOOP("nbviz", "Supervised naive Bayes: with every label known, one M-step fits it"),
            _naive_bayes,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Every document's topic is known, so the responsibilities are the labels and one M-step is the fit.",
            ),
        ),
        Preset(
            "lecture-two-documents",
            QT_TRANSLATE_NOOP("nbviz", "Lecture: one EM iteration by hand for two documents and two binary features"),
            lectures.two_documents,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Documents (1, 1), (0, 1); start π = (0.7, 0.3), P(x1=1|C) = (0.5, 0.2), P(x2=1|C) = (0.4, 0.7); "
                "the note's C = 0, 1 are components 1, 2. E: each r on [board]; M: π2 = 0.388, P(x1=1|C=0) = 0.629 "
                "in the table (the note rounds r first: 0.628).",
            ),
            selected=0,
        ),
        Preset(
            "lecture-dog-cat",
            QT_TRANSLATE_NOOP(
                "nbviz", "Lecture: the E-step for the document dog dog cat dog cat tulip under two word distributions"
            ),
            lectures.dog_cat,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Component 1 is the note's + (dog, cat), 2 its − (tulip, rose); equal priors; row 1 is the note's "
                "document. E: [board] shows P(+ | row 1) = 0.995, P(D | θ) = ∏ θ_w^n(w) = 0.001 and 5e−6, and the "
                "log-odds score 5.298; [W] works them out.",
            ),
            selected=0,
        ),
        Preset(
            "lecture-kmeans",
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Lecture: k-means on 1, 2, 4, 5, 6 from the means 3.5 and 4.8, one half-step per assignment or update",
            ),
            lectures.kmeans_steps,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "Hard EM with a small fixed variance is k-means: E gives each point to its nearest mean, M moves each "
                "mean to its cluster's average. The means, on the plot and [board]: 3.5, 4.8, then 2.333, 5.5, then "
                "1.5, 5.0, where lecture-five-points starts.",
            ),
        ),
        Preset(
            "lecture-five-points",
            QT_TRANSLATE_NOOP(
                "nbviz", "Lecture: the points 1, 2, 4, 5, 6 from k-means clusters to a mixture of Gaussians"
            ),
            lectures.five_points,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "The k-means clusters {1, 2}, {4, 5, 6} as two Gaussians (the note's C = 1, 2 are components 1, 2). "
                "E: on [board] P(C | x) is all but hard for the five points; the probe x = 3 between them gets "
                "the note's 0.195 / 0.805.",
            ),
            probe=(3.0,),
        ),
        Preset(
            "lecture-fruit",
            QT_TRANSLATE_NOOP(
                "nbviz", "Lecture: naive Bayes with Laplace smoothing on 1000 fruits (long, sweet, yellow)"
            ),
            lectures.fruit,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "500 bananas, 300 oranges, 200 others, α = β = 1 (Laplace). E, M, E: on [board] the long, sweet, "
                "yellow fruit's P(C | x) is banana 0.928. The note's code uses feature counts as class sizes.",
            ),
            selected=0,
        ),
        Preset(
            "lecture-eight-points",
            QT_TRANSLATE_NOOP("nbviz", "Lecture: a mixture of naive Bayes on eight binary points, pseudo-counts 0.01"),
            lectures.eight_points,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "The note's start, α = β = 0.01 (C = 0, 1 are components 1, 2). Run to convergence (Ctrl+R) does "
                "the note's 100 iterations: π = 0.665, 0.335 in the table, and the point (0, 0, 1), row 8 of "
                "[board], 0.329 / 0.671.",
            ),
            selected=7,
        ),
        Preset(
            "lecture-twos",
            QT_TRANSLATE_NOOP("nbviz", "Lecture: hard EM with two components on handwritten 2s: two ways to write a 2"),
            lectures.twos,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "The bundled 8x8 handwritten 2s (the note has MNIST's 28x28), hard EM, K = 2, α = β = 1, from random "
                "pixel probabilities. Run it: the two prototypes are two ways to write a 2, π = 0.380, 0.620 (the "
                "note's MNIST run: 0.433, 0.567).",
            ),
            selected=0,
        ),
        Preset(
            "lecture-three-sources",
            QT_TRANSLATE_NOOP(
                "nbviz", "Lecture: a mixture of naive Bayes recovers three sources over six binary features"
            ),
            lectures.three_sources,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "1000 rows drawn from sources A, B and C. Run it and compare the fitted probabilities with the true "
                "sources (the ticks): how close do six binary features get? [board] shows the selected row's r_nk.",
            ),
            selected=0,
        ),
        Preset(
            "lecture-sampling",
            QT_TRANSLATE_NOOP("nbviz", "Lecture: samples from a 2-D mixture, weights 0.9 / 0.1"),
            lectures.sampling_2d,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "1000 samples of the note's mixture (drawn here, not its printout): about 900 from the tilted "
                "Gaussian at (5, 0), 100 from the round one at (−5, 0), dashed. Run it: [board] shows the means EM "
                "finds and a clicked point's r_nk.",
            ),
            selected=0,
        ),
        Preset(
            "lecture-sampling-1d",
            QT_TRANSLATE_NOOP("nbviz", "Lecture: samples from a 1-D mixture, weighted densities over a histogram"),
            lectures.sampling_1d,
            QT_TRANSLATE_NOOP(
                "nbviz",
                "500 samples (drawn here, not the note's five printed ones) of means (−2, 0, 3), sds (1.2, 1, 2.5), "
                "weights (0.2, 0.5, 0.3). The weighted densities add up to the thick curve; [board] shows the means "
                "EM finds.",
            ),
            selected=0,
        ),
    ]
}


START_HERE = "gmm-2d"  # the preset a first visit is offered first: three clouds with their truth dashed


def load_preset(name: str):
    """(problem, config, start) for a preset name, the problem naming its preset; KeyError lists the names."""
    if name not in PRESETS:
        raise KeyError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
    problem, config, start = PRESETS[name].build()
    return replace(problem, preset=name), config, start
