"""The workspace session: data, model choices, the EM run and the history cursor.

Views take a Session and redraw on its signals; controls call its methods. Data flows one way:
controls -> session -> core -> new snapshot -> signal -> views. Scrubbing only moves the cursor;
stepping from an earlier half-step drops the half-steps after it and continues from there.

Only the session changes its run and history. An operation that can be refused returns an
`Outcome` carrying the reason; `error_raised` announces the same reason to whoever shows messages
(the window's banner), and nothing else emits it. Work done elsewhere (a run to convergence in a
worker thread, a fit from choosing K) is handed back as a finished run for the session to adopt.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

import nbviz.core as nc
from nbviz.core.em import gained_less_than

from ..analysis.breakdown import e_step_terms, log_sum
from ..analysis.probe import Plane, Probe, make_probe, probe_model
from ..data.fit_messages import describe_fit_error
from ..data.problem import Problem
from .config import ModelConfig
from .fit_size import check_fits
from .model_fit import starting_model
from .outcome import DONE, Outcome
from .stop_reason import StopReason
from .undo import SavedRun, UndoStack


@dataclass(frozen=True)
class PointBreakdown:
    """One point's E-step with the actual numbers (for the point inspector).

    All arrays have shape (n_components,); ``resp = products / normaliser``, computed in log
    space (``log_products = log_weights + log_densities``).
    """

    index: int
    x: np.ndarray
    weights: np.ndarray
    log_densities: np.ndarray
    log_products: np.ndarray
    log_normaliser: float
    resp: np.ndarray
    label: int | None


NOTHING_TO_STEP = Outcome(False, "Load data or choose a preset first: there is no run to step.")
BUSY = Outcome(False, "Wait for the run in progress to end (or cancel it) before stepping.")


def own_copy(em: nc.EM) -> nc.EM:
    """A shallow copy of `em` with its own history list: stepping the copy leaves `em` as it was.

    Stepping replaces a run's state objects and edits only its history list; the data, labels
    and snapshots are read-only and shared.
    """
    run = copy.copy(em)
    run.history = list(em.history)
    return run


def with_shared_variance(model: nc.Mixture, variance: float) -> nc.Mixture:
    """`model` with spherical covariances, every component with variance `variance`.

    Only families whose covariances can be held fixed (`supports_fixed_covariances`) have one.
    """
    if not model.supports_fixed_covariances:
        raise ValueError("a fixed shared variance needs a Gaussian mixture")
    return model.replaced(covariances=np.full(model.n_components, float(variance)), covariance_type="spherical")


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


class Session(QObject):
    """Everything the window shows, without widgets.

    Signals
    -------
    problem_changed : new data (and a new run)
    run_reset : a new run (new data, model choice, start or initialisation); history restarted
    history_changed : half-steps were added or dropped
    cursor_changed(int) : the displayed half-step changed
    play_state_changed(bool)
    busy_changed(bool) : a background run started or ended
    error_raised(str) : something the user asked for could not be done; nothing was changed (the
        operation's `Outcome` carries the same reason; only the session emits this)
    notice_raised(str) : a note for the status bar (e.g. a component emptied)
    selection_changed(int) : the inspected data row (-1: none)
    probe_changed : the probed point (`probed`, not a data row) was set or cleared
    convergence_changed : the tolerance or the iteration cap changed (the run stays)
    undo_changed : what undo and redo can bring back changed (`can_undo`, `can_redo`)
    """

    problem_changed = Signal()
    run_reset = Signal()
    history_changed = Signal()
    cursor_changed = Signal(int)
    play_state_changed = Signal(bool)
    busy_changed = Signal(bool)
    error_raised = Signal(str)
    notice_raised = Signal(str)
    selection_changed = Signal(int)
    probe_changed = Signal()
    convergence_changed = Signal()
    undo_changed = Signal()
    explored_restored = Signal()  # a session's Choose K / restart results were read: `kept_choice`, `kept_gallery`

    def __init__(self, parent=None):
        super().__init__(parent)
        self.problem: Problem | None = None
        self.config = ModelConfig()
        self._em: nc.EM | None = None
        # (last half-step, cap) of a run to convergence that stopped at its iteration cap
        self._capped: tuple[nc.Snapshot, int] | None = None
        self._stopped: tuple[nc.Snapshot, StopReason] | None = None  # where a run to convergence ended, and why
        self._cursor = 0
        self._resp_cache: tuple[nc.Snapshot, np.ndarray] | None = None  # for one snapshot object
        self._matched_cache: tuple[nc.Mixture, nc.Mixture, np.ndarray] | None = None  # (truth, model, perm)
        # per half-step of the history: (its snapshot, index of the last M-step at or before it, or -1)
        self._last_m: list[tuple[nc.Snapshot, int]] = []
        self._busy = False
        self.selected = -1
        self.probed: Probe | None = None  # a point anywhere in the data space, inspected
        self.kept_choice = None  # the last Choose K result (explore.KChoice), saved with the session
        self.kept_gallery = None  # the last restart gallery (explore.RestartGallery), saved with the session
        self._undo = UndoStack()  # the runs replaced by changes that discarded their history
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._play_tick)
        self.set_speed(2.0)

    # ----------------------------------------------------------------- loading and configuring
    def load(self, problem: Problem, config: ModelConfig | None = None, start: nc.Mixture | None = None) -> Outcome:
        """Switch to new data (and optionally a new model choice and start).

        On any error the previous problem and run stay as they were and the outcome says why;
        refused the same way while a background run is going (it runs on the current data).
        """
        if self._busy:
            return self._refused_while_busy(f"opening {problem.name}")
        config = config or self._config_for(problem)
        try:
            em = self._new_run(problem, config, start)
        except ValueError as error:
            return self._refuse(f"Cannot use {problem.name} with {config.title}: {describe_fit_error(problem, error)}")
        self._remember_run()
        self._switch(problem, config, em)
        self.selection_changed.emit(-1)
        return DONE

    def _refuse(self, reason: str) -> Outcome:
        """The refusal with `reason`, announced on `error_raised`."""
        self.error_raised.emit(reason)
        return Outcome.refused(reason)

    def _refused_while_busy(self, what: str) -> Outcome:
        """The refusal while a background run goes: its result belongs to the run shown."""
        return self._refuse(f"Wait for the run in progress to end (or cancel it) before {what}.")

    def _switch(self, problem: Problem, config: ModelConfig, em: nc.EM) -> None:
        self.pause()
        self.problem, self.config = problem, config
        self.selected = -1
        self.probed = None
        self._install(em)
        self.problem_changed.emit()
        self.probe_changed.emit()

    def restore(self, saved) -> Outcome:
        """Show a saved session (`session_file.SavedSession`): its data, model, history and cursor.

        The history is re-evaluated on the data; if it does not fit, the outcome says why and the
        current problem and run stay as they were.
        """
        problem, config = saved.problem, saved.config
        if self._busy:
            return self._refused_while_busy(f"opening the session {problem.name}")
        try:
            labels = self._labels_for(problem, config)
            em = nc.EM.from_history(
                problem.X,
                saved.history,
                prior=config.prior,
                labels=labels,
                hard=config.hard,
                fixed_covariances=config.fixed_variance is not None,
                warn_empty=False,
            )
        except ValueError as error:
            return self._refuse(f"Cannot open the session {problem.name}: {error}")
        self._remember_run()
        self._switch(problem, config, em)
        self._set_cursor(min(saved.cursor, len(em.history) - 1))
        self.select(saved.selected)
        self.kept_choice, self.kept_gallery = saved.explored
        self.explored_restored.emit()
        return DONE

    def keep_explored(self, choice=None, gallery=None) -> None:
        """Keep the latest Choose K result or restart gallery (of the data shown) to save with the session."""
        if choice is not None:
            self.kept_choice = choice
        if gallery is not None:
            self.kept_gallery = gallery

    def save(self, path) -> Outcome:
        """Write the session (data, model, history, cursor) to `path`; the outcome says why it failed."""
        from ..documents.explore_saved import explored_to_dict
        from ..documents.session_file import SessionFileError, write_session

        if self._em is None or self.problem is None:  # a run always comes with its data
            return self._refuse("There is nothing to save yet: load data or choose a preset first.")
        try:
            choice, gallery = self._explored_of_problem()
            explored = explored_to_dict(choice, gallery)
            write_session(path, self.problem, self.config, self.history, self._cursor, self.selected, explored)
        except SessionFileError as error:
            return self._refuse(str(error))
        return DONE

    def _explored_of_problem(self) -> tuple:
        """The kept results that were made on the data shown (others are not saved with it)."""
        choice, gallery = self.kept_choice, self.kept_gallery
        return (
            None if choice is None or choice.problem is not self.problem else choice,
            None if gallery is None or gallery.problem is not self.problem else gallery,
        )

    def configure(self, config: ModelConfig, start: nc.Mixture | None = None) -> Outcome:
        """Change the model choice (family, K, prior, ...): a new run from a new start."""
        if self.problem is None:
            self.config = config
            return DONE
        if self._busy:
            return self._refused_while_busy("changing the model or its start")
        try:
            em = self._new_run(self.problem, config, start)
        except ValueError as error:
            return self._refuse(f"Cannot use {config.title}: {describe_fit_error(self.problem, error)}")
        self._remember_run()
        self.pause()
        self.config = config
        self._install(em)
        return DONE

    def reinitialise(self, method: str | None = None, seed: int | None = None) -> Outcome:
        """A new start (initialisation method and seed) for the same data and model."""
        changes: dict[str, object] = {}
        if method is not None:
            changes["init_method"] = method
        if seed is not None:
            changes["seed"] = int(seed)
        return self.configure(self.config.with_(**changes))

    def reset(self) -> None:
        """Back to the start of the current run (the history restarts from the same start)."""
        if self._em is None:
            return
        if len(self._em.history) > 1:
            self._remember_run()
        self.pause()
        self._rewind(0)
        self._cursor = 0  # valid before anyone hears of the shorter history
        self.history_changed.emit()
        self._set_cursor(0)

    def _rewind(self, index: int) -> None:
        """Drop the half-steps after `index` from the run (and from what is cached about them)."""
        assert self._em is not None  # called only with a run shown
        self._em.rewind(index)
        self._resp_cache = None
        del self._last_m[index + 1 :]

    def adopt_run(self, em: nc.EM, config: ModelConfig) -> Outcome:
        """Show a run made elsewhere (a restart, a fit from choosing K) with the config that made it.

        The whole history is shown, the cursor at its end; the session continues a copy, so `em`
        itself stays as it was (it can be adopted again). Refused (nothing changed) while a
        background run is going or when the run was made on other data.
        """
        if self._busy:
            return self._refuse("Wait for the run in progress to end (or cancel it) before loading another fit.")
        if self.problem is None or not (em.X is self.problem.X or np.array_equal(em.X, self.problem.X)):
            return self._refuse("That fit was made on other data; run it again on the data shown now.")
        self._remember_run()
        self.pause()
        # the fit was run with this session's convergence settings: they stay
        self.config = config.with_(tolerance=self.config.tolerance, max_iter=self.config.max_iter)
        run = own_copy(em)
        self._install(run)
        self._set_cursor(len(run.history) - 1)
        return DONE

    def continuation(self) -> nc.EM:
        """A copy of the run that another thread may step (e.g. to run it to convergence).

        Its history is the session's up to the cursor (not yet rewound there: call
        ``rewind(len(history) - 1)`` on the copy, which is the copy's own business). The session's
        run is not touched; hand the finished copy back with `adopt_continuation`.
        """
        if self._em is None:
            raise ValueError("there is no run to continue: load data or choose a preset first")
        run = own_copy(self._em)
        del run.history[self._cursor + 1 :]
        return run

    def adopt_continuation(
        self, run: nc.EM, failure: str = "", *, capped_at: int = 0, stop: StopReason | None = None
    ) -> Outcome:
        """Show `run`, a `continuation` stepped elsewhere, at its last half-step.

        `failure` says why it stopped early (e.g. a collapsed covariance); the half-steps done are
        kept and the failure is announced. `capped_at`: the iteration cap at which it stopped without
        converging (0: it did not; `cap_reached` tells at its last half-step). `stop`: why it ended
        (`run_stop` tells while the run ends there). Refused when `run` does not continue the run shown.
        """
        current = self._em
        if current is None or not run.history or run.history[0] is not current.history[0]:
            return self._refuse("That run does not continue the one shown; run it again.")
        # the half-steps the run shares with the session's history stay cached
        shared = 0
        for mine, theirs in zip(current.history, run.history):
            if mine is not theirs:
                break
            shared += 1
        if shared < len(current.history):  # it went on from a scrubbed-back cursor: the rest is dropped
            self._remember_run()
        del self._last_m[shared:]
        self._em = run
        self._resp_cache = None
        self._capped = (run.history[-1], int(capped_at)) if capped_at else None
        self._stopped = (run.history[-1], stop) if stop is not None else None
        self.history_changed.emit()
        self._set_cursor(len(run.history) - 1)
        if failure:
            return self._refuse(failure)
        return DONE

    def new_run(self, config: ModelConfig, problem: Problem | None = None) -> nc.EM:
        """A new EM run for `config` on `problem` (default: the current data), not installed.

        Touches no session state, so a worker thread may call it with its own `problem`.
        Raises ValueError when the config does not fit the data, or there is no data.
        """
        problem = problem or self.problem
        if problem is None:
            raise ValueError("there is no data to run on: load data or choose a preset first")
        return self._new_run(problem, config, None)

    def set_start(self, model: nc.Mixture) -> Outcome:
        """Start EM from `model` (e.g. after the user dragged a mean); the history restarts."""
        return self.configure(self.config, start=model)

    def _config_for(self, problem: Problem) -> ModelConfig:
        from .config import family_for_data, for_file

        family = family_for_data(problem.data_kind)
        # clicked labels name rows of the old data, and a fixed variance fits the old data's scale
        config = self.config.with_(family=family, manual_labels=(), fixed_variance=None)
        return for_file(config, problem.X)  # a covariance prior scaled to this file

    def _new_run(self, problem: Problem, config: ModelConfig, start: nc.Mixture | None) -> nc.EM:
        labels = self._labels_for(problem, config)
        K = config.n_components
        if config.supervised:
            n_classes = problem.n_classes
            assert n_classes is not None  # _labels_for refused data without a label column
            K = n_classes
        check_fits(problem.n_samples, problem.n_features, K, config.family, config.covariance_type)
        if start is None:
            start = starting_model(problem, config, K)
        fixed = config.fixed_variance is not None
        if config.fixed_variance is not None:
            start = with_shared_variance(start, config.fixed_variance)
        # emptied components are announced by the session (a notice) and by each restart's result
        return nc.EM(
            problem.X,
            start,
            prior=config.prior,
            labels=labels,
            hard=config.hard,
            fixed_covariances=fixed,
            warn_empty=False,
        )

    @staticmethod
    def _labels_for(problem: Problem, config: ModelConfig) -> np.ndarray | None:
        labels = Session._column_labels_for(problem, config)
        if not config.manual_labels:
            return labels
        K = problem.n_classes if config.supervised else config.n_components
        labels = np.full(problem.n_samples, -1) if labels is None else labels.copy()
        for row, k in config.manual_labels:
            if row >= problem.n_samples:
                raise ValueError(
                    f"a label was given to row {row}, but the data has {problem.n_samples} rows; clear the labels"
                )
            if k >= K:
                raise ValueError(
                    f"row {row} is labelled as class {k + 1}, but the model has {K} components; "
                    f"use K >= {k + 1} or clear the labels"
                )
            labels[row] = k
        return labels

    @staticmethod
    def _column_labels_for(problem: Problem, config: ModelConfig) -> np.ndarray | None:
        if config.label_fraction <= 0:
            return None
        if problem.labels is None:
            raise ValueError("this data has no label column, so naive Bayes and labelled runs are not available")
        if not config.supervised and problem.n_classes != config.n_components:
            raise ValueError(
                f"the data has {problem.n_classes} classes; use K = {problem.n_classes} with labelled rows"
            )
        if config.supervised:
            return problem.labels
        keep = np.random.default_rng(config.seed).random(problem.n_samples) < config.label_fraction
        return np.where(keep, problem.labels, -1)

    # ----------------------------------------------------------------- labelling by hand
    def set_label(self, index: int, k: int | None) -> Outcome:
        """Label data row `index` as component `k` (None: take its clicked label away).

        The run restarts from the same start, so the objective curve is that of one labelling
        from beginning to end (labels change what the objective measures).
        """
        if self._busy:
            return self._refused_while_busy("changing labels")
        labels = dict(self.config.manual_labels)
        if k is None:
            if labels.pop(int(index), None) is None:
                return DONE
        else:
            labels[int(index)] = int(k)
        return self._relabel(self.config.with_(manual_labels=tuple(labels.items())))

    def clear_labels(self) -> Outcome:
        """Take every clicked label away (the label column's fraction stays); the run restarts."""
        if not self.config.manual_labels:
            return DONE
        return self._relabel(self.config.with_(manual_labels=()))

    def set_label_fraction(self, fraction: float) -> Outcome:
        """Use this fraction of the label column's labels (0: none); the run restarts."""
        return self._relabel(self.config.with_(label_fraction=float(fraction)))

    def _relabel(self, config: ModelConfig) -> Outcome:
        outcome = self.configure(config, start=self.start_model)
        if outcome and self.fully_labelled:
            self.notice_raised.emit(
                "Every point is labelled: this is supervised naive Bayes. One M-step fits it; the next "
                "iteration changes nothing."
            )
        return outcome

    @property
    def fully_labelled(self) -> bool:
        """Whether every data row of the run is labelled (supervised naive Bayes)."""
        return self.labels is not None and bool(np.all(self.labels >= 0))

    def _install(self, em: nc.EM) -> None:
        self._em = em
        self._resp_cache = None
        self._last_m = []
        self._cursor = 0
        self.run_reset.emit()
        self.history_changed.emit()
        self.cursor_changed.emit(0)

    # ----------------------------------------------------------------- undo
    def _remember_run(self) -> None:
        """Keep the run shown (its half-steps) for undo: a change is about to discard its history."""
        if self._em is not None and self.problem is not None:
            self._undo.push(self._saved_run())
            self.undo_changed.emit()

    def _saved_run(self) -> SavedRun:
        assert self._em is not None and self.problem is not None  # a run always comes with its data
        return SavedRun(self.problem, self.config, tuple(self._em.history), self._cursor, self.selected)

    @property
    def can_undo(self) -> bool:
        """Whether a replaced run can be brought back now (not while a background run goes)."""
        return self._undo.can_undo and not self._busy

    @property
    def can_redo(self) -> bool:
        """Whether the run last undone can be shown again now."""
        return self._undo.can_redo and not self._busy

    def undo(self) -> Outcome:
        """Bring back the run the last history-discarding change replaced.

        Its data, model choice, whole history, cursor and inspected row come back as they were;
        the run shown now can be brought back with `redo`.
        """
        return self._travel("undo")

    def redo(self) -> Outcome:
        """Show again the run that `undo` replaced last (until another change discards a history)."""
        return self._travel("redo")

    def _travel(self, what: str) -> Outcome:
        if self._busy:
            return self._refused_while_busy(f"{what}ing a change")
        saved = None
        if self._em is not None:
            current = self._saved_run()
            saved = self._undo.undo(current) if what == "undo" else self._undo.redo(current)
        if saved is None:
            return self._refuse(f"There is nothing to {what}: no change has discarded a run yet.")
        problem = saved.problem
        # the convergence settings are the session's, not the run's: they stay as the user set them
        config = saved.config.with_(tolerance=self.config.tolerance, max_iter=self.config.max_iter)
        try:  # the run made these half-steps on this data with this config: they re-evaluate exactly
            em = nc.EM.from_history(
                problem.X,
                saved.history,
                prior=config.prior,
                labels=self._labels_for(problem, config),
                hard=config.hard,
                fixed_covariances=config.fixed_variance is not None,
                warn_empty=False,
            )
        except ValueError as error:  # put the stack back as it was: the run shown stays
            self._undo.redo(saved) if what == "undo" else self._undo.undo(saved)
            return self._refuse(f"Cannot bring back the run of {config.title} on {problem.name}: {error}")
        self.pause()
        new_data = problem is not self.problem
        self.problem, self.config, self.selected = problem, config, -1
        self._install(em)
        if new_data:
            self.probed = None  # a probe belongs to the data it was taken in
            self.probe_changed.emit()
            self.problem_changed.emit()
        self._set_cursor(saved.cursor)
        self.select(saved.selected)
        self.undo_changed.emit()
        done = "Undone" if what == "undo" else "Redone"
        self.notice_raised.emit(
            f"{done}: {config.title} on {problem.name}, half-step {saved.cursor} of {len(saved.history) - 1}."
        )
        return DONE

    # ----------------------------------------------------------------- stepping
    def e_step(self) -> Outcome:
        return self._advance(lambda em: em.e_step())

    def m_step(self) -> Outcome:
        snapshot = self.snapshot  # None exactly when there is no run
        if snapshot is None or snapshot.phase == "init":
            return self._refuse("Run an E-step first: the M-step needs responsibilities.")
        return self._advance(lambda em: em.m_step())

    def step(self) -> Outcome:
        """One full iteration (or just the M-step if the E-step was the last half-step)."""
        return self._advance(lambda em: em.step())

    def next_half_step(self) -> Outcome:
        """E after M (or at the start), M after E: what Play does."""
        snapshot = self.snapshot  # None exactly when there is no run
        if snapshot is None:
            return NOTHING_TO_STEP
        return self.m_step() if snapshot.phase == "E" else self.e_step()

    @property
    def can_step(self) -> bool:
        """Whether stepping is possible now: a run is shown and no background run goes."""
        return self._em is not None and not self._busy

    @property
    def can_m_step(self) -> bool:
        """Whether the M-step is possible now: stepping is, and an E-step has been taken."""
        snapshot = self.snapshot
        return self.can_step and snapshot is not None and snapshot.phase != "init"

    def _advance(self, action) -> Outcome:
        if self._em is None:
            return NOTHING_TO_STEP
        if self._busy:  # the buttons are disabled meanwhile: no message
            return BUSY
        if self._cursor < len(self._em.history) - 1:
            self._remember_run()
            self._rewind(self._cursor)
        em = self._em
        empties_before = set(em.history[-1].empty)
        try:
            action(em)  # the run does not warn of emptied components: they get a notice below
        except ValueError as error:  # e.g. a collapsed covariance: the history stays as it was
            self.pause()
            self.history_changed.emit()
            self._set_cursor(len(em.history) - 1)
            return self._refuse(str(error))
        newly_empty = sorted(set(em.history[-1].empty) - empties_before)
        if newly_empty:
            self.notice_raised.emit(
                f"Component(s) {', '.join(str(k + 1) for k in newly_empty)} received no responsibility "
                "and keep their previous parameters."
            )
        self.history_changed.emit()
        self._set_cursor(len(em.history) - 1)
        return DONE

    # ----------------------------------------------------------------- the cursor
    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def em(self) -> nc.EM | None:
        """The run shown (None before data is loaded). Read it; only the session steps or rewinds it."""
        return self._em

    @property
    def has_run(self) -> bool:
        """Whether a run is shown (data is loaded)."""
        return self._em is not None

    @property
    def history(self) -> Sequence[nc.Snapshot]:
        """Every half-step of the run, as a read-only view of the session's own list (no copy)."""
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

    def responsibilities_model(self) -> nc.Mixture | None:
        """The model whose posterior gives the responsibilities in force at the cursor."""
        return None if self._em is None else self._em.responsibilities_model(self._cursor)

    def set_cursor(self, index: int) -> None:
        """Show half-step `index` (clamped to the history)."""
        if self._em is None:
            return
        self._set_cursor(int(np.clip(index, 0, len(self._em.history) - 1)))

    def _set_cursor(self, index: int) -> None:
        self._cursor = index
        self.cursor_changed.emit(index)

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

    @property
    def labels(self) -> np.ndarray | None:
        """Labels the run uses (-1 unlabelled), or None."""
        return None if self._em is None else self._em.labels

    def component_names(self) -> list[str]:
        """What to call each component: the class names when labels tie components to classes."""
        problem = self.problem
        if self._em is None or problem is None:  # a run always comes with its data
            return []
        K = self.n_components
        if self.labels is not None and problem.classes is not None and len(problem.classes) == K:
            return [str(name) for name in problem.classes]
        return [str(k + 1) for k in range(K)]

    @property
    def tolerance(self) -> float:
        """A run has converged when a full iteration gains less than this (the config's)."""
        return self.config.tolerance

    @tolerance.setter
    def tolerance(self, value: float) -> None:
        outcome = self.set_convergence(tolerance=value)
        if not outcome:
            raise ValueError(outcome.reason)

    def set_convergence(self, tolerance: float | None = None, max_iter: int | None = None) -> Outcome:
        """Change the tolerance and/or the iteration cap; the run and its history stay.

        Refused (nothing changed) for a value out of range, or while a background run goes.
        """
        changes: dict[str, object] = {}
        if tolerance is not None:
            changes["tolerance"] = tolerance
        if max_iter is not None:
            changes["max_iter"] = max_iter
        if self._busy:
            return self._refused_while_busy("changing the tolerance or the iteration cap")
        try:
            config = self.config.with_(**changes)
        except ValueError as error:
            return self._refuse(f"Cannot change the convergence settings: {error}.")
        if config != self.config:
            self.config = config
            self.convergence_changed.emit()
        return DONE

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

    @property
    def converged(self) -> bool:
        """Whether the last full iteration up to the cursor gained less than the tolerance.

        The iteration runs from the M-step before the last one (or the start) to the last M-step
        at or before the cursor; the test is EM's own (`nbviz.core.em.gained_less_than`).
        """
        last = self._last_m_at(self._cursor)
        if last < 0:
            return False
        previous = self._last_m_at(last - 1)
        history = self.history
        return gained_less_than(history[max(previous, 0)], history[last], self.tolerance, self.config.hard)

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

    def matched_truth(self) -> tuple[nc.Mixture, np.ndarray] | None:
        """(truth, perm) with ``perm[j]`` the fitted component matched to true component j."""
        if self.problem is None or self.problem.truth is None or self.snapshot is None:
            return None
        truth = self.problem.truth
        model = self.snapshot.model
        if truth.family != model.family or truth.n_features != model.n_features:
            return None
        cached = self._matched_cache  # several views ask for the same half-step's matching
        if cached is None or cached[0] is not truth or cached[1] is not model:
            cached = self._matched_cache = (truth, model, nc.match_components(model, truth))
        return truth, cached[2].copy()

    def breakdown(self, index: int) -> PointBreakdown:
        """The E-step that gave data row `index` the responsibilities in force at the cursor.

        At an M snapshot these are the previous E-step's numbers (the q the M-step used), so the
        breakdown always matches the colours on screen.
        """
        assert self._em is not None and self.problem is not None, "there is no run: load data first"
        model = self._em.responsibilities_model(self._cursor)
        x = self.problem.X[index]
        log_densities, log_products = e_step_terms(model, x)  # finite p(x | k) even where pi_k = 0
        log_normaliser = log_sum(log_products)
        label = None
        if self.labels is not None and self.labels[index] >= 0:
            label = int(self.labels[index])
        all_resp = self.resp
        assert all_resp is not None  # there is a run
        resp = all_resp[index]
        return PointBreakdown(index, x, model.weights, log_densities, log_products, log_normaliser, resp, label)

    def select(self, index: int) -> None:
        """Inspect data row `index` (-1 clears the selection)."""
        if self.problem is None or not -1 <= index < self.problem.n_samples:
            index = -1
        self.selected = int(index)
        if self.selected >= 0 and self.probed is not None:  # the inspector shows one or the other
            self.probed = None
            self.probe_changed.emit()
        self.selection_changed.emit(self.selected)

    def probe(self, x, plane: Plane | None = None) -> Outcome:
        """Inspect the point `x` anywhere in the data space (a `Probe`, not a data row).

        `x` holds every feature, or the two coordinates in `plane` (a scatter view's projection:
        P(C | x) is then that of the mixture's marginal there). The selected data row is cleared.
        """
        if self.problem is None:
            return Outcome.refused("Load data or choose a preset first: there is nothing to probe.")
        try:
            probe = make_probe(x, self.problem.n_features, plane)
        except ValueError as error:
            return self._refuse(f"Cannot probe there: {error}.")
        self.probed = probe
        if self.selected >= 0:
            self.selected = -1
            self.selection_changed.emit(-1)
        self.probe_changed.emit()
        return DONE

    def clear_probe(self) -> None:
        """Stop probing."""
        if self.probed is not None:
            self.probed = None
            self.probe_changed.emit()

    def probe_model(self) -> nc.Mixture | None:
        """The model P(C | probe) is computed under: the one shown at the cursor (as the views draw it), in
        the probe's plane if it has one; None without a run or a probe. ValueError if it has none there."""
        snapshot = self.snapshot
        if snapshot is None or self.probed is None:
            return None
        model = snapshot.model
        return probe_model(model, self.probed)

    # ----------------------------------------------------------------- play
    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    def set_speed(self, half_steps_per_second: float) -> None:
        self.speed = float(np.clip(half_steps_per_second, 0.25, 60.0))
        self._timer.setInterval(int(round(1000 / self.speed)))

    def play(self) -> None:
        if self._em is None or self.playing or self._busy:
            return
        self._timer.start()
        self.play_state_changed.emit(True)

    def pause(self) -> None:
        if self.playing:
            self._timer.stop()
            self.play_state_changed.emit(False)

    def toggle_play(self) -> None:
        self.pause() if self.playing else self.play()

    def _play_tick(self) -> None:
        snapshot = self.snapshot
        assert snapshot is not None  # play starts only with a run shown, and a run stays
        if self.converged and snapshot.phase == "M" and self._cursor == len(self.history) - 1:
            self.pause()
            self.notice_raised.emit("Converged: the last iteration gained less than the tolerance.")
            return
        if not self.next_half_step():
            self.pause()

    # ----------------------------------------------------------------- background work
    @property
    def busy(self) -> bool:
        return self._busy

    def set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            if busy:
                self.pause()
            self.busy_changed.emit(busy)
