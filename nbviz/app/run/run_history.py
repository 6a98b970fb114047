"""The run shown and its history cursor: which half-step is displayed, and what is cached about it.

`RunHistory` is the session's part that owns the EM run, the cursor, the responsibilities at the
cursor (cached per snapshot), the last M-step at or before each half-step (for the convergence
test) and where a run to convergence stopped. It is plain state: the session announces the changes.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

import numpy as np

import nbviz.core as nc
from nbviz.core.em import gained_less_than

from .stop_reason import StopReason


def own_copy(em: nc.EM) -> nc.EM:
    """A shallow copy of `em` with its own history list: stepping the copy leaves `em` as it was.

    Stepping replaces a run's state objects and edits only its history list; the data, labels
    and snapshots are read-only and shared.
    """
    run = copy.copy(em)
    run.history = list(em.history)
    return run


class HistoryView(Sequence):
    """A read-only view of a run's half-steps: indexing, slicing, len and iteration, no changes.

    Snapshots are immutable, so the view lets views and exports read the history without copying
    it, and without a way to change the run behind the session's back.
    """

    __slots__ = ("_snapshots",)

    def __init__(self, snapshots):
        self._snapshots = snapshots

    def __getitem__(self, index):
        item = self._snapshots[index]
        return list(item) if isinstance(index, slice) else item  # a slice is a copy

    def __len__(self) -> int:
        return len(self._snapshots)

    def __iter__(self):
        return iter(self._snapshots)

    def __eq__(self, other) -> bool:
        if isinstance(other, (list, tuple, HistoryView)):
            return len(self) == len(other) and all(a is b or a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


class RunHistory:
    """The EM run shown (None before data is loaded) and the half-step at the cursor."""

    def __init__(self) -> None:
        self._em: nc.EM | None = None
        self._cursor = 0
        # (last half-step, cap) of a run to convergence that stopped at its iteration cap
        self._capped: tuple[nc.Snapshot, int] | None = None
        self._stopped: tuple[nc.Snapshot, StopReason] | None = None  # where a run to convergence ended, and why
        self._resp_cache: tuple[nc.Snapshot, np.ndarray] | None = None  # for one snapshot object
        # per half-step of the history: (its snapshot, index of the last M-step at or before it, or -1)
        self._last_m: list[tuple[nc.Snapshot, int]] = []

    # ----------------------------------------------------------------- changing the run
    def install(self, em: nc.EM) -> None:
        """Show `em` from its start (cursor 0)."""
        self._em = em
        self._resp_cache = None
        self._last_m = []
        self._cursor = 0

    def rewind(self, index: int) -> None:
        """Drop the half-steps after `index` from the run (and from what is cached about them)."""
        assert self._em is not None  # called only with a run shown
        self._em.rewind(index)
        self._resp_cache = None
        del self._last_m[index + 1 :]

    def move_to(self, index: int) -> None:
        """Put the cursor at half-step `index` (the caller announces it)."""
        self._cursor = index

    def continuation(self) -> nc.EM:
        """A copy of the run, its history up to the cursor, that another thread may step.

        Its history is not yet rewound there: call ``rewind(len(history) - 1)`` on the copy, which
        is the copy's own business. ValueError without a run.
        """
        if self._em is None:
            raise ValueError("there is no run to continue: load data or choose a preset first")
        run = own_copy(self._em)
        del run.history[self._cursor + 1 :]
        return run

    def continues(self, run: nc.EM) -> bool:
        """Whether `run` continues the run shown (it starts from the same first half-step)."""
        return self._em is not None and bool(run.history) and run.history[0] is self._em.history[0]

    def _shared(self, run: nc.EM) -> int:
        """How many first half-steps `run` shares (the same objects) with the run shown."""
        assert self._em is not None  # `continues` checked it
        shared = 0
        for mine, theirs in zip(self._em.history, run.history):
            if mine is not theirs:
                break
            shared += 1
        return shared

    def drops_half_steps(self, run: nc.EM) -> bool:
        """Whether showing `run` (which `continues` the run shown) drops half-steps of it: `run` went on
        from a scrubbed-back cursor."""
        assert self._em is not None  # `continues` checked it
        return self._shared(run) < len(self._em.history)

    def take_over(self, run: nc.EM, capped_at: int = 0, stop: StopReason | None = None) -> None:
        """Show `run`, which `continues` the run shown, at its last half-step.

        `capped_at` and `stop`: see `cap_reached` and `run_stop`.
        """
        del self._last_m[self._shared(run) :]  # the half-steps shared with the history shown stay cached
        self._em = run
        self._resp_cache = None
        self._capped = (run.history[-1], int(capped_at)) if capped_at else None
        self._stopped = (run.history[-1], stop) if stop is not None else None
        self._cursor = len(run.history) - 1

    # ----------------------------------------------------------------- reading it
    @property
    def em(self) -> nc.EM | None:
        """The run shown (None before data is loaded). Read it; only the session steps or rewinds it."""
        return self._em

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def last(self) -> int:
        """The index of the run's last half-step (-1 without a run)."""
        return -1 if self._em is None else len(self._em.history) - 1

    @property
    def history(self) -> Sequence[nc.Snapshot]:
        """Every half-step of the run, as a read-only view of the run's own list (no copy)."""
        return HistoryView(() if self._em is None else self._em.history)

    @property
    def snapshot(self) -> nc.Snapshot | None:
        return None if self._em is None else self._em.history[self._cursor]

    @property
    def start_model(self) -> nc.Mixture | None:
        """The parameters the run started from (None without a run)."""
        return None if self._em is None else self._em.history[0].model

    @property
    def n_components(self) -> int:
        """Components of the run shown (0 without a run)."""
        return 0 if self._em is None else self._em.model.n_components

    @property
    def fixed_covariances(self) -> bool:
        """Whether the run keeps its starting covariances (the road to k-means)."""
        return self._em is not None and self._em.fixed_covariances

    @property
    def labels(self) -> np.ndarray | None:
        """Labels the run uses (-1 unlabelled), or None."""
        return None if self._em is None else self._em.labels

    def responsibilities_model(self) -> nc.Mixture | None:
        """The model whose posterior gives the responsibilities in force at the cursor."""
        return None if self._em is None else self._em.responsibilities_model(self._cursor)

    @property
    def posterior(self) -> np.ndarray | None:
        """The posterior under the parameters at the cursor (labels and hard assignment applied), shape
        (n_samples, n_components): the responsibilities in force there, but at an M-step, whose q came
        from the model before it, those one more E-step would give (as scikit-learn ends its fit)."""
        if self._em is None:
            return None
        snapshot = self._em.history[self._cursor]
        if snapshot.phase != "M":
            return self.resp
        em = self._em
        after = nc.EM(
            em.X, snapshot.model, prior=em.prior, labels=em.labels, hard=em.hard,
            fixed_covariances=em.fixed_covariances, warn_empty=False,
        )  # fmt: skip
        return np.ascontiguousarray(after.responsibilities_at(0))

    @property
    def resp(self) -> np.ndarray | None:
        """Responsibilities in force at the cursor, shape (n_samples, n_components); cached."""
        if self._em is None:
            return None
        # Keyed by the snapshot object, not the index: stepping from a scrubbed-back cursor puts a
        # new snapshot at an old index (an object's identity also fixes the history before it).
        snapshot = self._em.history[self._cursor]
        if self._resp_cache is None or self._resp_cache[0] is not snapshot:
            self._resp_cache = (snapshot, np.ascontiguousarray(self._em.responsibilities_at(self._cursor)))
        return self._resp_cache[1]

    # ----------------------------------------------------------------- where it stopped
    @property
    def run_stop(self) -> StopReason | None:
        """Why the run shown ended, if a run to convergence ended at its last half-step (else None)."""
        if self._em is None or self._stopped is None or self._stopped[0] is not self._em.history[-1]:
            return None
        return self._stopped[1]

    @property
    def cap_reached(self) -> int:
        """The iteration cap if the cursor is where a run to convergence stopped at it, else 0."""
        if self._em is None or self._capped is None or self._capped[0] is not self._em.history[self._cursor]:
            return 0
        return self._capped[1]

    def converged(self, tolerance: float, hard: bool, convergence: str = "absolute") -> bool:
        """Whether the last full iteration up to the cursor gained less than `tolerance` (by `convergence`'s rule).

        The iteration runs from the M-step before the last one (or the start) to the last M-step
        at or before the cursor; the test is EM's own (`nbviz.core.em.gained_less_than`).
        """
        last = self._last_m_at(self._cursor)
        if last < 0:
            return False
        previous = self._last_m_at(last - 1)
        history = self.history
        n_samples = self._em.X.shape[0] if self._em is not None else 1
        return gained_less_than(history[max(previous, 0)], history[last], tolerance, hard, convergence, n_samples)

    def _last_m_at(self, index: int) -> int:
        """The index of the last M-step at or before half-step `index` (-1: none).

        Cached per half-step and extended from the last cached one, so a refresh costs O(1) per
        half-step added since the previous one, not a scan of the whole history.
        """
        if index < 0:
            return -1
        assert self._em is not None, "there is no run: load data or choose a preset first"
        history, marks = self._em.history, self._last_m
        known = min(len(marks), index + 1)
        if known and marks[known - 1][0] is not history[known - 1]:
            marks.clear()  # the history was changed behind the session's back: start again
        for position in range(len(marks), index + 1):
            snapshot = history[position]
            before = marks[position - 1][1] if position else -1
            marks.append((snapshot, position if snapshot.phase == "M" else before))
        return marks[index][1]
