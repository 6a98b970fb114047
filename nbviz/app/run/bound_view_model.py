"""Bound pictures for the session's cursor: computed in a worker thread, cached per snapshot."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QObject, Signal

from ..analysis.bound_slices import BoundPicture, BoundQuestion, bound_picture, nothing, theta_new
from ..jobs.latest_answer import LatestAnswer
from .session import Session

CACHE_SIZE = 64  # pictures kept: scrubbing back and forth over a run redraws from here


class BoundPictures(QObject):
    """Answers "the bound along this slice at the cursor" for a view that only draws.

    A picture is keyed by the snapshot (its identity, which also fixes the run before it), the
    slice and the range. A cached picture is returned at once; otherwise it is computed in a
    worker thread and announced by `computed` if it is still the one asked for last.

    Signals
    -------
    computed(object) : the `BoundPicture` asked for last, now ready
    """

    computed = Signal(object)

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self.session = session
        self._theta_new: OrderedDict = OrderedDict()  # id(snapshot) -> (snapshot, theta_new)
        self._answers = LatestAnswer(bound_picture, CACHE_SIZE, self)
        self._answers.answered.connect(lambda _key, picture: self.computed.emit(picture))
        self._answers.failed.connect(
            lambda error: self.computed.emit(nothing(None, "The bound could not be computed here. " + error))
        )

    @property
    def busy(self) -> bool:
        """Whether the picture asked for last is still being computed."""
        return self._answers.busy

    def request(self, direction, half_width: float, now: bool = False) -> BoundPicture | None:
        """The picture for `direction` at the cursor: at once if cached (or `now`), else None and `computed` later.

        Parameters
        ----------
        direction : str or tuple
            `bound_slices.LINE` or a parameter as for `nbviz.core.bound_slice`.
        half_width : float
            How far the slice reaches either side of theta_old; 0: automatic.
        now : bool
            Compute in this thread if not cached (the first picture when a view is shown, so that a
            figure taken at once has its curves).
        """
        snapshot = self.session.snapshot
        key = (id(snapshot), direction, float(half_width))
        return self._answers.ask(key, snapshot, lambda: self.question(direction, half_width), now=now)

    def forget(self) -> None:
        """Nothing is wanted any more (the view shows no slice): a picture still computing is only cached."""
        self._answers.forget()

    def question(self, direction, half_width: float) -> BoundQuestion:
        """What a picture at the cursor depends on (the M-step is taken here, once per snapshot)."""
        session = self.session
        snapshot, old, problem = session.snapshot, session.run_history.responsibilities_model(), session.problem
        assert snapshot is not None and old is not None and problem is not None, "a bound needs a run: load data first"
        cached = self._theta_new.get(id(snapshot))
        if cached is None or cached[0] is not snapshot:
            new = theta_new(
                snapshot, old, problem.X, session.resp, session.config.prior, session.run_history.fixed_covariances
            )
            self._theta_new[id(snapshot)] = cached = (snapshot, new)
            while len(self._theta_new) > CACHE_SIZE:
                self._theta_new.popitem(last=False)
        return BoundQuestion(
            problem.X,
            old,
            cached[1],
            direction,
            float(half_width),
            session.config.prior,
            session.labels,
            session.config.hard,
        )

    def wait(self) -> None:
        """Cancel and block until the worker thread has ended (used at shutdown)."""
        self._answers.wait()
