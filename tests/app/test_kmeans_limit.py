"""The k-means limit's numbers without widgets: Lloyd's centroids from a run's start, soft points."""

import numpy as np
import pytest
from sklearn.cluster import KMeans

from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.kmeans_limit import KMeansReference, largest_distance, soft_count
from nbviz.app.run.session import Session
from nbviz.core.kmeans import lloyd


@pytest.fixture
def session(qtbot):
    session = Session()
    assert session.load(*load_preset("kmeans-limit"))
    return session


def test_lloyd_equals_sklearn_kmeans_from_the_same_start():
    rng = np.random.default_rng(5)
    X = np.vstack([rng.normal(c, 0.7, (80, 2)) for c in ([0, 0], [3, 1], [1, 4])])
    start = X[[0, 100, 200]] + 0.5
    centres, assignment, _ = lloyd(X, start)
    reference = KMeans(3, init=start, n_init=1, algorithm="lloyd", tol=0.0, max_iter=300).fit(X)
    np.testing.assert_allclose(centres, reference.cluster_centers_, rtol=1e-10)
    np.testing.assert_array_equal(assignment, reference.labels_)


def test_soft_count_and_largest_distance():
    resp = np.array([[0.995, 0.005], [0.5, 0.5], [0.0, 1.0], [0.98, 0.02]])
    assert soft_count(resp) == 2 and soft_count(resp, 0.9) == 1
    assert largest_distance(np.array([[0.0, 1.0], [2.0, 2.0]]), np.array([[0.5, 1.0], [2.0, 1.0]])) == 1.0


def test_the_reference_computes_in_a_worker_once_per_start(session, qtbot):
    reference = KMeansReference(session)
    assert reference.centroids() is None  # being computed
    with qtbot.waitSignal(reference.ready, timeout=10000):
        pass
    centroids = reference.centroids()
    start = session.em.history[0].model
    np.testing.assert_array_equal(centroids, lloyd(session.problem.X, start.means)[0])
    session.step()
    assert reference.centroids() is centroids  # the same run, the same start: no new work
    session.configure(session.config.with_(seed=session.config.seed + 1))
    assert reference.centroids() is None
    with qtbot.waitSignal(reference.ready, timeout=10000):
        pass
    np.testing.assert_array_equal(reference.centroids(), lloyd(session.problem.X, session.em.history[0].model.means)[0])
