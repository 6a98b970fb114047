"""Bound pictures for the session's cursor: computed in a worker thread, cached per snapshot."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from .background import BackgroundJob
from .bound_slices import BoundPicture, BoundQuestion, bound_picture, nothing, theta_new
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
        self._cache: OrderedDict = OrderedDict()  # key -> (snapshot, picture)
        self._theta_new: OrderedDict = OrderedDict()  # id(snapshot) -> (snapshot, theta_new)
        self._wanted = None
        self._pending = None  # (key, snapshot, question) waiting for the worker
        self._job = BackgroundJob(self, on_finished=self._on_done)
        app = QCoreApplication.instance()
        if app is not None:  # a slice still computing must not outlive the application
            app.aboutToQuit.connect(self.wait)

    @property
    def busy(self) -> bool:
        """Whether the picture asked for last is still being computed."""
        return self._wanted is not None and self._wanted not in self._cache

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
        self._wanted = key
        hit = self._cache.get(key)
        if hit is not None and hit[0] is snapshot:
            self._cache.move_to_end(key)
            return hit[1]
        question = self.question(direction, half_width)
        if now:
            picture = bound_picture(question)
            self._store(key, snapshot, picture)
            return picture
        self._pending = (key, snapshot, question)
        self._start_pending()
        return None

    def forget(self) -> None:
        """Nothing is wanted any more (the view shows no slice): a picture still computing is only cached."""
        self._wanted = self._pending = None

    def question(self, direction, half_width: float) -> BoundQuestion:
        """What a picture at the cursor depends on (the M-step is taken here, once per snapshot)."""
        session = self.session
        snapshot = session.snapshot
        old = session.responsibilities_model()
        cached = self._theta_new.get(id(snapshot))
        if cached is None or cached[0] is not snapshot:
            new = theta_new(snapshot, old, session.problem.X, session.resp, session.config.prior,
                            session.fixed_covariances)
            self._theta_new[id(snapshot)] = cached = (snapshot, new)
            while len(self._theta_new) > CACHE_SIZE:
                self._theta_new.popitem(last=False)
        return BoundQuestion(session.problem.X, old, cached[1], direction, float(half_width),
                             session.config.prior, session.labels, session.config.hard)

    def wait(self) -> None:
        """Cancel and block until the worker thread has ended (used at shutdown)."""
        self._pending = None
        self._job.wait()

    def _start_pending(self) -> None:
        if self._pending is None or self._job.running:
            return
        key, snapshot, question = self._pending
        self._pending = None
        self._job.start(lambda job: (key, snapshot, bound_picture(question)))

    def _store(self, key, snapshot, picture: BoundPicture) -> None:
        self._cache[key] = (snapshot, picture)
        self._cache.move_to_end(key)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    @Slot(object, str)
    def _on_done(self, result, error: str) -> None:
        if result is None:  # an unexpected error, already reported: say so in the view
            if self._pending is None and self._wanted is not None:
                self.computed.emit(nothing(None, "The bound could not be computed here. " + error))
        else:
            key, snapshot, picture = result
            self._store(key, snapshot, picture)
            if key == self._wanted:
                self.computed.emit(picture)
        self._start_pending()
