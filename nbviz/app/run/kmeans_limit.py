"""The k-means limit of EM, computed without widgets: how soft the run still is, and k-means from its start.

With one fixed shared variance sigma^2, EM for spherical Gaussians turns into k-means as sigma^2
shrinks. `KMeansReference` runs Lloyd's algorithm from a run's starting means in a worker thread
(once per start) so a panel can say how far EM's means are from the k-means centroids.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, Signal

from ...core.kmeans import lloyd
from ..families import presentation
from ..jobs.latest_answer import LatestAnswer
from .session import Session

SOFT_THRESHOLD = 0.99


def soft_count(resp: np.ndarray, threshold: float = SOFT_THRESHOLD) -> int:
    """Rows whose largest responsibility is below `threshold`; `resp` of shape (n_samples, n_components)."""
    return int(np.sum(resp.max(axis=1) < threshold))


def largest_distance(means: np.ndarray, centroids: np.ndarray) -> float:
    """The largest coordinate difference between means and centroids, both of shape (n_components, n_features)."""
    return float(np.abs(means - centroids).max())


class KMeansReference(QObject):
    """Lloyd's centroids from the session's starting means, computed in a worker once per start.

    Signals
    -------
    ready() : the centroids for the current start are known
    """

    ready = Signal()

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self.session = session
        self._answers = LatestAnswer(_lloyd_centroids, 1, self)
        self._answers.answered.connect(lambda _key, _centroids: self.ready.emit())

    def centroids(self) -> np.ndarray | None:
        """Lloyd's centroids, shape (n_components, n_features), from this run's start; None while computing."""
        start, problem = self.session.start_model, self.session.problem
        assert start is not None and problem is not None, "the k-means limit needs a run: load data first"
        X, points = problem.X, presentation(start).points(start)
        assert points is not None, "the k-means limit is that of a mixture drawn as points (a fixed-variance Gaussian)"
        return self._answers.ask(id(start), start, lambda: (X, points.means))

    def wait(self) -> None:
        """Cancel and block until the worker thread has ended (used at shutdown)."""
        self._answers.wait()


def _lloyd_centroids(question: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Lloyd's centroids for `question` = (X, starting means)."""
    X, means = question
    return lloyd(X, means)[0]
