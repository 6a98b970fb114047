"""Animated half-steps: the data views move from the half-step shown before to the one shown now.

When the cursor moves one half-step forward (a new E- or M-step, Forward, Next, Play), `Motion`
draws the data views at states between the two snapshots for a short time (`duration_ms`, eased
in and out), then the real snapshot. Every state drawn is a convex combination of the two real
snapshots (`nbviz.app.analysis.in_between`): means, ellipses, densities and prototypes move, point colours
blend from the old responsibilities to the new. Only the data views are animated; the objective
curve, the parameters and the inspector show the real half-step at once.

No animation (the real snapshot at once) when the cursor jumps (scrubbing the history slider,
stepping back, First / Last), when Play is too fast for it, and when a half-step arrives while an
animation runs: that one ends on the spot and the new half-step is drawn as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from PySide6.QtCore import QCoreApplication, QElapsedTimer, QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QSlider

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ....app.analysis.in_between import LONGEST_MS, check_duration, ease, frame_between
from ....app.presentation.appearance import Appearance
from ..plot_view import PlotView

translate = QCoreApplication.translate

DEFAULT_MS = 300
DURATIONS = (150, 300, 600)  # the View menu's choices, in milliseconds
FRAME_MS = 16  # about 60 frames a second
PLAY_SHARE = 0.75  # while playing, an animation takes at most this share of the time between half-steps
SHORTEST_MS = 60  # shorter than this (under four frames) is not worth animating: jump instead
# when to animate: never, in presentation mode only (the default), always
WHEN = {
    "off": QT_TRANSLATE_NOOP("nbviz", "Off"),
    "presentation": QT_TRANSLATE_NOOP("nbviz", "In presentation mode"),
    "always": QT_TRANSLATE_NOOP("nbviz", "Always"),
}


class Motion(QObject):
    """Animates the data views between consecutive half-steps.

    Parameters
    ----------
    session : Session
    views : sequence of PlotView
        The views to animate (the data views); each draws a frame with its `draw_frame`.
    appearance : Appearance
        Whether presentation mode is on (``when == "presentation"`` animates only then).
    parent : QObject, optional

    Attributes
    ----------
    duration_ms : int
        How long an animation takes (0 to LONGEST_MS).
    when : {"off", "presentation", "always"}
        When half-steps are animated.
    scrubbing : bool
        Set while the history slider is dragged (`follow_slider`): no animation then.

    Signals
    -------
    changed : `duration_ms` or `when` changed (the View menu follows)
    """

    changed = Signal()

    def __init__(
        self,
        session,
        views: Sequence[PlotView] | Callable[[], Sequence[PlotView]],
        appearance: Appearance,
        parent=None,
    ):
        super().__init__(parent)
        self.session = session
        self._views = views
        self.appearance = appearance
        self.duration_ms = DEFAULT_MS
        self.when = "presentation"
        self.scrubbing = False
        # the half-step shown last, with its responsibilities when they were read (else None)
        self._shown: tuple[nc.Snapshot, np.ndarray | None] | None = None
        # (before, after, duration in ms) of the animation running, else None
        self._moving: tuple[tuple[nc.Snapshot, np.ndarray], tuple[nc.Snapshot, np.ndarray], int] | None = None
        self._clock = QElapsedTimer()
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self._tick)
        session.cursor_changed.connect(self._cursor_changed)
        session.run_reset.connect(self._forget)
        session.problem_changed.connect(self._forget)

    # ----------------------------------------------------------------- settings

    @property
    def views(self) -> tuple[PlotView, ...]:
        """The views animated now (a callable given for `views` is asked each time: pages built later)."""
        return tuple(self._views() if callable(self._views) else self._views)

    def set_duration(self, ms: int) -> None:
        """Animate for `ms` milliseconds (an int, 0 to LONGEST_MS); ValueError otherwise."""
        ms = check_duration(ms)
        if ms != self.duration_ms:
            self.duration_ms = ms
            self.changed.emit()

    def set_when(self, when: str) -> None:
        """Animate "off" (never), in "presentation" mode only, or "always"; ValueError otherwise."""
        if when not in WHEN:
            raise ValueError(f"animate half-steps {when!r}? Use one of {', '.join(WHEN)}")
        if when != self.when:
            self.when = when
            if when == "off":
                self.finish()
            self.changed.emit()

    def configure(self, ms: int) -> None:
        """As ``--animate-ms`` asks: 0 never animates, more always animates for `ms` milliseconds."""
        if ms:
            self.set_duration(ms)
        self.set_when("always" if ms else "off")

    def follow_slider(self, slider: QSlider) -> None:
        """No animation while `slider` (the history slider) is dragged."""
        slider.sliderPressed.connect(lambda: setattr(self, "scrubbing", True))
        slider.sliderReleased.connect(lambda: setattr(self, "scrubbing", False))

    def duration_now(self) -> int:
        """How long the next half-step's animation takes, in ms (0: none)."""
        if self.when == "off" or (self.when == "presentation" and not self.appearance.presentation):
            return 0
        ms = self.duration_ms
        if self.session.player.playing:  # end before the next half-step comes
            ms = min(ms, int(PLAY_SHARE * 1000.0 / self.session.player.speed))
        return ms if ms >= SHORTEST_MS else 0

    # ----------------------------------------------------------------- running
    @property
    def running(self) -> bool:
        """Whether an animation is under way."""
        return self._moving is not None

    def _cursor_changed(self, index: int) -> None:
        session = self.session
        before, snapshot = self._shown, session.snapshot
        ms = self.duration_now()
        resp = session.resp if snapshot is not None and ms else None
        self._shown = None if snapshot is None else (snapshot, resp)
        if self.running:  # a half-step came before the animation ended: show the real one at once
            self.finish()
            return
        if ms == 0 or self.scrubbing or before is None or snapshot is None or resp is None:
            return
        if index < 1 or session.history[index - 1] is not before[0]:
            return  # not one half-step forward from the one shown
        em = session.em
        start = (before[0], before[1] if before[1] is not None else em.responsibilities_at(index - 1))
        try:
            frame_between(start, (snapshot, resp), 0.0)
        except ValueError:  # not two states of one run: nothing to move between
            return
        self._moving = (start, (snapshot, resp), ms)
        self._clock.start()
        self._timer.start()
        self._draw(0.0)

    def seek(self, progress: float) -> None:
        """Draw the animation running at `progress` (share of its time, 0 to 1) and stop its clock:
        from now on the caller moves it (more `seek`) and ends it (`finish`)."""
        self._timer.stop()
        self._draw(progress)

    def _draw(self, progress: float) -> None:
        """Draw the views `progress` of the way through the animation running (eased in and out)."""
        if self._moving is None:
            return
        before, after, _ = self._moving
        frame = frame_between(before, after, ease(progress))
        for view in self.views:
            view.draw_frame(frame)

    def _tick(self) -> None:
        if self._moving is None:
            self._timer.stop()
            return
        progress = self._clock.elapsed() / self._moving[2]
        if progress >= 1.0:
            self.finish()
        else:
            self._draw(progress)

    def finish(self) -> None:
        """End the animation running (if any): the views draw the session's real half-step."""
        self._timer.stop()
        if self._moving is None:
            return
        self._moving = None
        for view in self.views:
            if view.frame is not None:
                view.draw_frame(None)

    def _forget(self) -> None:
        """A new run or new data: the next half-step moves from its start."""
        self.finish()
        snapshot = self.session.snapshot
        self._shown = None if snapshot is None else (snapshot, None)


# ----------------------------------------------------------------- remembered between sessions
def read_motion(settings: QSettings, motion: Motion) -> list[str]:
    """Set `motion` from `settings`; returns the keys whose stored value was garbage (kept at default)."""
    unreadable = []
    when, duration = _text(settings, "motion/when"), _text(settings, "motion/duration_ms")
    if when is not None:
        if when.lower() in WHEN:
            motion.set_when(when.lower())
        else:
            unreadable.append("motion/when")
    if duration is not None:
        if duration.isdigit() and int(duration) <= LONGEST_MS:
            motion.set_duration(int(duration))
        else:
            unreadable.append("motion/duration_ms")
    return unreadable


def _text(settings: QSettings, key: str) -> str | None:
    """The stored text of `key` (stripped), "" when it cannot be read as text, None when absent."""
    if not settings.contains(key):
        return None
    try:
        return str(settings.value(key, "", type=str)).strip()
    except (TypeError, ValueError, RuntimeError):
        return ""


def write_motion(settings: QSettings, motion: Motion) -> None:
    """Store when and how long half-steps are animated (the caller syncs)."""
    settings.setValue("motion/when", motion.when)
    settings.setValue("motion/duration_ms", str(motion.duration_ms))


# ----------------------------------------------------------------- the View menu
def add_motion_menu(menu: QMenu, motion: Motion, parent) -> dict[object, QAction]:
    """Add the "Animate half-steps" submenu to `menu`: when (off, in presentation mode, always) and
    how long. Its actions follow `motion` (e.g. settings read back, ``--animate-ms``). Returns the
    actions by their choice (a `WHEN` key or a duration in ms)."""
    submenu = menu.addMenu(translate("nbviz", "Animate half-steps"))
    submenu.setToolTipsVisible(True)
    actions: dict[object, QAction] = {}
    whens = QActionGroup(parent)
    for when, text in WHEN.items():
        action = QAction(translate("nbviz", text), parent, checkable=True)
        action.setActionGroup(whens)
        action.triggered.connect(lambda _=False, when=when: motion.set_when(when))
        submenu.addAction(action)
        actions[when] = action
    submenu.addSection(translate("nbviz", "Duration"))
    durations = QActionGroup(parent)
    durations.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
    for ms in DURATIONS:
        action = QAction(f"{ms} ms", parent, checkable=True)
        action.setActionGroup(durations)
        action.triggered.connect(lambda _=False, ms=ms: motion.set_duration(ms))
        submenu.addAction(action)
        actions[ms] = action

    def follow() -> None:
        for choice, action in actions.items():
            action.setChecked(choice in (motion.when, motion.duration_ms))

    motion.changed.connect(follow)
    follow()
    return actions
