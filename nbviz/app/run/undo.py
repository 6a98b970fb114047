"""The runs a session replaced, so a change that discarded a history can be undone (Ctrl+Z).

A new model choice, K, covariance type, seed, start method, prior, set of labels, data set, Reset,
or a step taken from a scrubbed-back cursor each throws half-steps away. The session keeps what it
showed before such a change as a `SavedRun` (data, model choice, the whole run and the cursor) on
an `UndoStack`; undoing brings that run back exactly, and redoing returns to the one undone. The
stack is bounded (`MAX_UNDO` runs). A saved run keeps its half-steps, not the run's working arrays
(responsibilities and log-densities of every point): snapshots are immutable and shared, so it costs
a tuple of references, and the run is rebuilt from them (`nbviz.core.EM.from_history`) when undone.

Qt-free: the session owns one stack and announces its changes.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import nbviz.core as nc

from ..model.made_on import MadeOn

MAX_UNDO = 10  # replaced runs kept; 200 half-steps of 3 Gaussians in 2-D hold about 0.75 MB


@dataclass(frozen=True)
class SavedRun(MadeOn):
    """Everything needed to show a run again as it was.

    Its data and model choice are `MadeOn`'s (with the data, the config gives the run's prior and labels).

    Attributes
    ----------
    history : tuple of Snapshot
        Every half-step of the run.
    cursor : int
        The half-step that was shown, ``0 <= cursor < len(history)``.
    selected : int
        The inspected data row (-1: none).
    """

    history: tuple[nc.Snapshot, ...]
    cursor: int
    selected: int = -1

    def __post_init__(self):
        if not 0 <= self.cursor < len(self.history):
            raise ValueError(
                f"the saved cursor {self.cursor} is outside the run's {len(self.history)} half-steps; "
                "save the run at a half-step it has"
            )


class UndoStack:
    """Runs to go back to (undo) and forward to again (redo), at most `limit` of each.

    Parameters
    ----------
    limit : int
        How many replaced runs are kept; the oldest is forgotten first.
    """

    def __init__(self, limit: int = MAX_UNDO):
        if limit < 1:
            raise ValueError(f"an undo stack keeps at least one run, not {limit}; use limit >= 1")
        self._undo: deque[SavedRun] = deque(maxlen=limit)
        self._redo: deque[SavedRun] = deque(maxlen=limit)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def __len__(self) -> int:
        """How many runs undo can go back to."""
        return len(self._undo)

    def push(self, replaced: SavedRun) -> None:
        """Remember `replaced`, the run a change is about to discard; what was undone cannot be redone now."""
        self._undo.append(replaced)
        self._redo.clear()

    def undo(self, current: SavedRun) -> SavedRun | None:
        """The run to show instead of `current` (None: nothing to undo); `current` can be redone."""
        if not self._undo:
            return None
        self._redo.append(current)
        return self._undo.pop()

    def redo(self, current: SavedRun) -> SavedRun | None:
        """The run last undone, to show instead of `current` (None: nothing to redo); `current` can be undone."""
        if not self._redo:
            return None
        self._undo.append(current)
        return self._redo.pop()

    def clear(self) -> None:
        self._undo.clear()
        self._redo.clear()
