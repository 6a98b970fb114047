"""Answers computed once per key in a worker thread, cached, and announced for the latest question.

A view asks for something slow (a bound slice, k-means centroids) every time it redraws. The
answer for a key is computed once, off the GUI thread, and kept; while a computation runs only the
question asked last waits (older ones are dropped), and an answer is announced only if it is for
the key asked for last.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from .background import BackgroundJob


class LatestAnswer(QObject):
    """`compute(question)` per key, in a worker thread, with a cache of `cache_size` answers.

    An answer is cached with an anchor, an object whose identity it depends on (a snapshot, a
    start model): a key whose anchor is another object is not a hit, so a reused ``id()`` in a
    key is harmless.

    Parameters
    ----------
    compute : callable
        ``compute(question) -> answer`` (not None); runs in the worker thread.
    cache_size : int
        Answers kept, the least recently used dropped first.
    parent : QObject, optional

    Signals
    -------
    answered(object, object) : key and answer, for the key asked for last
    failed(str) : a computation raised (already reported) and nothing else waits
    """

    answered = Signal(object, object)
    failed = Signal(str)

    def __init__(self, compute: Callable, cache_size: int = 1, parent=None):
        super().__init__(parent)
        self._compute = compute
        self._cache_size = cache_size
        self._cache: OrderedDict = OrderedDict()  # key -> (anchor, answer)
        self._wanted: object = None
        self._pending: tuple[object, object, object] | None = None  # (key, anchor, question) waiting for the worker
        self._job = BackgroundJob(self, on_finished=self._on_done)
        app = QCoreApplication.instance()
        if app is not None:  # a computation still running must not outlive the application
            app.aboutToQuit.connect(self.wait)

    @property
    def busy(self) -> bool:
        """Whether the answer asked for last is still being computed."""
        return self._wanted is not None and self._wanted not in self._cache

    def ask(self, key, anchor, question: Callable, now: bool = False):
        """The answer for `key` at once if cached (or `now`: computed in this thread), else None and
        `answered` later; `question()` makes what `compute` takes (called only when not cached)."""
        self._wanted = key
        hit = self._cache.get(key)
        if hit is not None and hit[0] is anchor:
            self._cache.move_to_end(key)
            return hit[1]
        if now:
            answer = self._compute(question())
            self._store(key, anchor, answer)
            return answer
        self._pending = (key, anchor, question())
        self._start_pending()
        return None

    def forget(self) -> None:
        """Nothing is wanted any more: an answer still computing is only cached."""
        self._wanted = self._pending = None

    def wait(self) -> None:
        """Cancel and block until the worker thread has ended (used at shutdown)."""
        self._pending = None
        self._job.wait()

    def _start_pending(self) -> None:
        if self._pending is None or self._job.running:
            return
        key, anchor, question = self._pending
        self._pending = None
        compute = self._compute
        self._job.start(lambda job: (key, anchor, compute(question)))

    def _store(self, key, anchor, answer) -> None:
        self._cache[key] = (anchor, answer)
        self._cache.move_to_end(key)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    @Slot(object, str)
    def _on_done(self, result, error: str) -> None:
        if result is None:  # an unexpected error, already reported
            if self._pending is None and self._wanted is not None:
                self.failed.emit(error)
        else:
            key, anchor, answer = result
            self._store(key, anchor, answer)
            if key == self._wanted:
                self.answered.emit(key, answer)
        self._start_pending()
