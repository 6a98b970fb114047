"""The k-means limit of EM, computed without widgets: how soft the run still is, and k-means from its start.

With one fixed shared variance sigma^2, EM for spherical Gaussians turns into k-means as sigma^2
shrinks. `KMeansReference` runs Lloyd's algorithm from a run's starting means in a worker thread
(once per start) so a panel can say how far EM's means are from the k-means centroids.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from ..core.kmeans import lloyd
from .background import BackgroundJob
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
        self._known: tuple[object, np.ndarray] | None = None  # (start model, centroids)
        self._wanted = None
        self._job = BackgroundJob(self, on_finished=self._on_done)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.wait)

    def centroids(self) -> np.ndarray | None:
        """Lloyd's centroids, shape (n_components, n_features), from this run's start; None while computing."""
        start = self.session.start_model
        if self._known is not None and self._known[0] is start:
            return self._known[1]
        self._wanted = start
        self._start()
        return None

    def wait(self) -> None:
        """Cancel and block until the worker thread has ended (used at shutdown)."""
        self._wanted = None
        self._job.wait()

    def _start(self) -> None:
        if self._wanted is None or self._job.running:
            return
        start, X = self._wanted, self.session.problem.X
        self._job.start(lambda job: (start, lloyd(X, start.means)[0]))

    @Slot(object, str)
    def _on_done(self, result, error: str) -> None:
        if result is not None:
            start, centroids = result
            self._known = (start, centroids)
            if start is self._wanted:
                self._wanted = None
                self.ready.emit()
                return
        elif self._wanted is not None and error:
            self._wanted = None  # an unexpected error, already reported: do not try again and again
            return
        self._start()
