"""Clusters against classes: the confusion table and the adjusted Rand index, without widgets.

Each data row is given the component with its largest responsibility at the cursor (a hard
assignment); the table counts rows per (component, class). Components are matched to classes by
the Hungarian assignment on those counts (`scipy.optimize.linear_sum_assignment`, maximising the
rows on matched pairs), so the matched cells show how many rows agree. The adjusted Rand index
(Hubert and Arabie, 1985) and the normalised mutual information need no matching: both are 1 for
the same partition; the ARI is about 0 for a random one, the NMI 0 for independent ones.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nbviz.translation_marks import QT_TRANSLATE_NOOP

MATCHING_NOTE = QT_TRANSLATE_NOOP(
    "nbviz",
    "Components are matched to classes by the Hungarian assignment on these counts "
    "(scipy.optimize.linear_sum_assignment), which puts as many rows as possible on matched pairs.",
)


def confusion_counts(clusters: np.ndarray, classes: np.ndarray, n_components: int, n_classes: int) -> np.ndarray:
    """Rows per (component, class).

    Parameters
    ----------
    clusters : ndarray of shape (n_samples,)
        Component of each row, in ``0 .. n_components - 1``.
    classes : ndarray of shape (n_samples,)
        Class of each row, in ``0 .. n_classes - 1``.
    n_components, n_classes : int

    Returns
    -------
    counts : ndarray of shape (n_components, n_classes), dtype int64
    """
    clusters, classes = np.asarray(clusters, dtype=np.int64), np.asarray(classes, dtype=np.int64)
    if clusters.shape != classes.shape or clusters.ndim != 1:
        raise ValueError(
            f"clusters and classes must be two 1-D arrays of one length; got shapes {clusters.shape} and "
            f"{classes.shape}"
        )
    for name, values, size in (("clusters", clusters, n_components), ("classes", classes, n_classes)):
        if values.size and (values.min() < 0 or values.max() >= size):
            raise ValueError(f"{name} must lie in 0..{size - 1}; got values from {values.min()} to {values.max()}")
    counts = np.zeros((n_components, n_classes), dtype=np.int64)
    np.add.at(counts, (clusters, classes), 1)
    return counts


def adjusted_rand_index(counts: np.ndarray) -> float:
    """The adjusted Rand index of the two partitions whose contingency table is `counts`.

    Computed from the pair confusion matrix in exact integer arithmetic, as scikit-learn's
    ``adjusted_rand_score`` defines it: 1.0 when both partitions agree on every pair (including
    the degenerate cases of one cluster each, or every row on its own).

    Parameters
    ----------
    counts : ndarray of shape (n_rows_groups, n_column_groups)
        Non-negative integer counts (e.g. from `confusion_counts`).

    Returns
    -------
    float
        In [-1, 1]; 1 for identical partitions, about 0 for independent ones.
    """
    counts = np.asarray(counts, dtype=np.int64)
    n = int(counts.sum())
    sum_squares = int((counts * counts).sum())
    rows, columns = counts.sum(axis=1), counts.sum(axis=0)
    # ordered pairs: together in both, apart in the first only, apart in the second only, apart in both
    together = sum_squares - n
    first_only = int((rows * rows).sum()) - sum_squares
    second_only = int((columns * columns).sum()) - sum_squares
    apart = n * n - first_only - second_only - sum_squares
    if first_only == 0 and second_only == 0:
        return 1.0
    numerator = 2 * (together * apart - first_only * second_only)
    denominator = (together + first_only) * (first_only + apart) + (together + second_only) * (second_only + apart)
    return numerator / denominator


def normalized_mutual_information(counts: np.ndarray) -> float:
    """The normalised mutual information of the two partitions whose contingency table is `counts`.

    ``I(U; V) / ((H(U) + H(V)) / 2)`` in nats (the arithmetic mean, scikit-learn's default for
    ``normalized_mutual_info_score``), with its conventions: 1.0 when each partition has a single
    group (the data is not split at all), 0.0 when the mutual information is 0.

    Parameters
    ----------
    counts : ndarray of shape (n_row_groups, n_column_groups)
        Non-negative integer counts; empty groups (a row or column of zeros) do not count.

    Returns
    -------
    float
        In [0, 1].
    """
    counts = np.asarray(counts, dtype=np.float64)
    rows, columns = counts.sum(axis=1), counts.sum(axis=0)
    rows, columns = rows[rows > 0], columns[columns > 0]
    if len(rows) <= 1 and len(columns) <= 1:
        return 1.0
    n = counts.sum()
    i, j = np.nonzero(counts)
    cells = counts[i, j]
    row_sums, column_sums = counts.sum(axis=1)[i], counts.sum(axis=0)[j]
    mutual = float(np.sum(cells / n * (np.log(cells) + np.log(n) - np.log(row_sums) - np.log(column_sums))))
    if mutual <= 0.0:  # rounding can leave -1e-17 where the partitions are independent
        return 0.0
    entropy_rows = -float(np.sum(rows / n * np.log(rows / n)))
    entropy_columns = -float(np.sum(columns / n * np.log(columns / n)))
    return min(1.0, mutual / (0.5 * (entropy_rows + entropy_columns)))


def match_classes(counts: np.ndarray) -> np.ndarray:
    """The class matched to each component: the assignment with the most rows on matched pairs.

    Parameters
    ----------
    counts : ndarray of shape (n_components, n_classes)

    Returns
    -------
    class_of : ndarray of shape (n_components,), dtype int64
        ``class_of[k]`` is the class matched to component k, or -1 when there are more components
        than classes and k is left over.
    """
    from scipy.optimize import linear_sum_assignment  # imported on first use: scipy is slow to import

    components, classes = linear_sum_assignment(np.asarray(counts), maximize=True)
    class_of = np.full(counts.shape[0], -1, dtype=np.int64)
    class_of[components] = classes
    return class_of


@dataclass(frozen=True, eq=False)
class Agreement:
    """How the hard assignment at one half-step agrees with the class labels.

    Attributes
    ----------
    counts : ndarray of shape (n_components, n_classes)
        Rows per (component, class).
    class_of : ndarray of shape (n_components,)
        The class matched to each component (-1: none), from `match_classes`.
    ari : float
        The adjusted Rand index of the hard assignment against the classes.
    n_given : int
        Rows whose class EM was given (semi-supervised runs); they are included in `counts` and `ari`.
    ari_unlabelled : float or None
        The adjusted Rand index on the rows EM was not given a class for (None when every row or no
        row was given one).
    """

    counts: np.ndarray
    class_of: np.ndarray
    ari: float
    n_given: int = 0
    ari_unlabelled: float | None = None

    @property
    def n_samples(self) -> int:
        return int(self.counts.sum())

    @property
    def nmi(self) -> float:
        """The normalised mutual information of the hard assignment and the classes."""
        return normalized_mutual_information(self.counts)

    @property
    def matched(self) -> int:
        """Rows on matched (component, class) pairs."""
        k = np.flatnonzero(self.class_of >= 0)
        return int(self.counts[k, self.class_of[k]].sum())

    @property
    def row_order(self) -> np.ndarray:
        """Components in the order of their matched classes, unmatched ones last: shape (n_components,)."""
        key = np.where(self.class_of >= 0, self.class_of, self.counts.shape[1] + np.arange(len(self.class_of)))
        return np.argsort(key, kind="stable")


def agreement(resp: np.ndarray, classes: np.ndarray, n_classes: int, given: np.ndarray | None = None) -> Agreement:
    """Compare the hard assignment of `resp` with `classes`.

    Parameters
    ----------
    resp : ndarray of shape (n_samples, n_components)
        Responsibilities; each row goes to its largest (the first, on a tie).
    classes : ndarray of shape (n_samples,)
        Class of each row, in ``0 .. n_classes - 1``.
    n_classes : int
    given : ndarray of shape (n_samples,), optional
        The labels EM was run with (-1 for a row without one), or None for an unsupervised run.

    Returns
    -------
    Agreement
    """
    clusters = np.argmax(resp, axis=1)
    counts = confusion_counts(clusters, classes, resp.shape[1], n_classes)
    n_given, ari_unlabelled = 0, None
    if given is not None:
        free = np.asarray(given) < 0
        n_given = int((~free).sum())
        if 0 < n_given < len(free):
            free_counts = confusion_counts(clusters[free], np.asarray(classes)[free], resp.shape[1], n_classes)
            ari_unlabelled = adjusted_rand_index(free_counts)
    return Agreement(counts, match_classes(counts), adjusted_rand_index(counts), n_given, ari_unlabelled)


class AgreementCache:
    """The agreement at a session's cursor, computed once per snapshot.

    Keyed by the snapshot object (as `Session.resp` is): scrubbing back and forth reuses the
    answers; a new run or new data starts afresh.
    """

    def __init__(self, session):
        self.session = session
        self._run: tuple[object, object] | None = None  # (problem, first snapshot) of the answers kept
        self._answers: dict[int, tuple[object, Agreement]] = {}

    def at_cursor(self) -> Agreement | None:
        """The agreement at the cursor; None without a run or without class labels."""
        session = self.session
        problem, snapshot = session.problem, session.snapshot
        if problem is None or snapshot is None or problem.labels is None:
            return None
        run = (problem, session.history[0])
        if self._run is None or any(a is not b for a, b in zip(run, self._run)):
            self._run, self._answers = run, {}
        cached = self._answers.get(session.cursor)
        if cached is not None and cached[0] is snapshot:
            return cached[1]
        resp = session.resp
        assert resp is not None  # a snapshot comes with its responsibilities
        n_classes = problem.n_classes
        assert n_classes is not None  # there are labels
        answer = agreement(resp, problem.labels, n_classes, session.labels)
        self._answers[session.cursor] = (snapshot, answer)
        return answer
