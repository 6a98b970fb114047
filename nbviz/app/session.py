"""The workspace session: data, model choices, the EM run and the history cursor.

Views take a Session and redraw on its signals; controls call its methods. Data flows one way:
controls -> session -> core -> new snapshot -> signal -> views. Scrubbing only moves the cursor;
stepping from an earlier half-step drops the half-steps after it and continues from there.
"""

from __future__ import annotations

import copy
import warnings
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

import nbviz.core as nc

from .config import ModelConfig
from .fit_messages import describe_fit_error
from .problem import Problem

DEFAULT_TOLERANCE = 1e-6


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


def with_shared_variance(model: nc.Mixture, variance: float) -> nc.GaussianMixture:
    """`model` (a Gaussian mixture) as spherical, every component with variance `variance`."""
    if not isinstance(model, nc.GaussianMixture):
        raise ValueError("a fixed shared variance needs a Gaussian mixture")
    return nc.GaussianMixture(weights=model.weights, means=model.means,
                              covariances=np.full(model.n_components, float(variance)),
                              covariance_type="spherical")


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
    error_raised(str) : something the user asked for could not be done; nothing was changed
    notice_raised(str) : a note for the status bar (e.g. a component emptied)
    selection_changed(int) : the inspected data row (-1: none)
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

    def __init__(self, parent=None):
        super().__init__(parent)
        self.problem: Problem | None = None
        self.config = ModelConfig()
        self.em: nc.EM | None = None
        self.tolerance = DEFAULT_TOLERANCE
        self._cursor = 0
        self._resp_cache: tuple[nc.Snapshot, np.ndarray] | None = None  # for one snapshot object
        self._busy = False
        self.selected = -1
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._play_tick)
        self.set_speed(2.0)

    # ----------------------------------------------------------------- loading and configuring
    def load(self, problem: Problem, config: ModelConfig | None = None, start: nc.Mixture | None = None) -> bool:
        """Switch to new data (and optionally a new model choice and start).

        On any error the previous problem and run stay as they were and `error_raised` fires;
        refused the same way while a background run is going (it runs on the current data).
        """
        if self._refused_while_busy(f"opening {problem.name}"):
            return False
        config = config or self._config_for(problem)
        try:
            em = self._new_run(problem, config, start)
        except ValueError as error:
            self.error_raised.emit(f"Cannot use {problem.name} with {config.title}: "
                                   f"{describe_fit_error(problem, error)}")
            return False
        self._switch(problem, config, em)
        self.selection_changed.emit(-1)
        return True

    def _refused_while_busy(self, what: str) -> bool:
        """True, with `error_raised`, while a background run goes: its result belongs to the run shown."""
        if self._busy:
            self.error_raised.emit(f"Wait for the run in progress to end (or cancel it) before {what}.")
        return self._busy

    def _switch(self, problem: Problem, config: ModelConfig, em: nc.EM) -> None:
        self.pause()
        self.problem, self.config = problem, config
        self.selected = -1
        self._install(em)
        self.problem_changed.emit()

    def restore(self, saved) -> bool:
        """Show a saved session (`session_file.SavedSession`): its data, model, history and cursor.

        The history is re-evaluated on the data; if it does not fit, `error_raised` fires and the
        current problem and run stay as they were.
        """
        problem, config = saved.problem, saved.config
        if self._refused_while_busy(f"opening the session {problem.name}"):
            return False
        try:
            labels = self._labels_for(problem, config)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", nc.EmptyComponentWarning)
                em = nc.EM.from_history(problem.X, saved.history, prior=config.prior, labels=labels,
                                        hard=config.hard, fixed_covariances=config.fixed_variance is not None)
        except ValueError as error:
            self.error_raised.emit(f"Cannot open the session {problem.name}: {error}")
            return False
        self._switch(problem, config, em)
        self._set_cursor(min(saved.cursor, len(em.history) - 1))
        self.select(saved.selected)
        return True

    def save(self, path) -> bool:
        """Write the session (data, model, history, cursor) to `path`; False and `error_raised` on failure."""
        from .session_file import SessionFileError, write_session

        if self.em is None:
            self.error_raised.emit("There is nothing to save yet: load data or choose a preset first.")
            return False
        try:
            write_session(path, self.problem, self.config, self.history, self._cursor, self.selected)
        except SessionFileError as error:
            self.error_raised.emit(str(error))
            return False
        return True

    def configure(self, config: ModelConfig, start: nc.Mixture | None = None) -> bool:
        """Change the model choice (family, K, prior, ...): a new run from a new start."""
        if self.problem is None:
            self.config = config
            return True
        if self._refused_while_busy("changing the model or its start"):
            return False
        try:
            em = self._new_run(self.problem, config, start)
        except ValueError as error:
            self.error_raised.emit(f"Cannot use {config.title}: {describe_fit_error(self.problem, error)}")
            return False
        self.pause()
        self.config = config
        self._install(em)
        return True

    def reinitialise(self, method: str | None = None, seed: int | None = None) -> bool:
        """A new start (initialisation method and seed) for the same data and model."""
        changes = {}
        if method is not None:
            changes["init_method"] = method
        if seed is not None:
            changes["seed"] = int(seed)
        return self.configure(self.config.with_(**changes))

    def reset(self) -> None:
        """Back to the start of the current run (the history restarts from the same start)."""
        if self.em is None:
            return
        self.pause()
        self.em.rewind(0)
        self._resp_cache = None
        self._cursor = 0  # valid before anyone hears of the shorter history
        self.history_changed.emit()
        self._set_cursor(0)

    def adopt_run(self, em: nc.EM, config: ModelConfig) -> bool:
        """Show a run made elsewhere (a restart, a fit from choosing K) with the config that made it.

        The whole history is shown, the cursor at its end; the session continues a copy, so `em`
        itself stays as it was (it can be adopted again). Refused (`error_raised`, nothing
        changed) while a background run is going or when the run was made on other data.
        """
        if self._busy:
            self.error_raised.emit("Wait for the run in progress to end (or cancel it) before loading another fit.")
            return False
        if self.problem is None or not (em.X is self.problem.X or np.array_equal(em.X, self.problem.X)):
            self.error_raised.emit("That fit was made on other data; run it again on the data shown now.")
            return False
        em = copy.copy(em)  # stepping replaces the run's state and edits only its history list
        em.history = list(em.history)
        self.pause()
        self.config = config
        self._install(em)
        self._set_cursor(len(em.history) - 1)
        return True

    def new_run(self, config: ModelConfig, problem: Problem | None = None) -> nc.EM:
        """A new EM run for `config` on `problem` (default: the current data), not installed.

        Touches no session state, so a worker thread may call it with its own `problem`.
        Raises ValueError when the config does not fit the data.
        """
        return self._new_run(problem or self.problem, config, None)

    def set_start(self, model: nc.Mixture) -> bool:
        """Start EM from `model` (e.g. after the user dragged a mean); the history restarts."""
        return self.configure(self.config, start=model)

    def _config_for(self, problem: Problem) -> ModelConfig:
        from .config import family_for_data

        family = family_for_data(problem.data_kind)
        # clicked labels name rows of the old data, and a fixed variance fits the old data's scale
        return self.config.with_(family=family, manual_labels=(), fixed_variance=None)

    def _new_run(self, problem: Problem, config: ModelConfig, start: nc.Mixture | None) -> nc.EM:
        labels = self._labels_for(problem, config)
        K = config.n_components
        if config.supervised:
            K = problem.n_classes
        if start is None:
            start = nc.init_model(problem.X, config.family, K, method=config.init_method, rng=config.seed,
                                  covariance_type=config.covariance_type, prior=config.prior)
        fixed = config.fixed_variance is not None
        if fixed:
            start = with_shared_variance(start, config.fixed_variance)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", nc.EmptyComponentWarning)
            return nc.EM(problem.X, start, prior=config.prior, labels=labels, hard=config.hard,
                         fixed_covariances=fixed)

    @staticmethod
    def _labels_for(problem: Problem, config: ModelConfig) -> np.ndarray | None:
        labels = Session._column_labels_for(problem, config)
        if not config.manual_labels:
            return labels
        K = problem.n_classes if config.supervised else config.n_components
        labels = np.full(problem.n_samples, -1) if labels is None else labels.copy()
        for row, k in config.manual_labels:
            if row >= problem.n_samples:
                raise ValueError(f"a label was given to row {row}, but the data has {problem.n_samples} rows; "
                                 "clear the labels")
            if k >= K:
                raise ValueError(f"row {row} is labelled as class {k + 1}, but the model has {K} components; "
                                 f"use K >= {k + 1} or clear the labels")
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
    def set_label(self, index: int, k: int | None) -> bool:
        """Label data row `index` as component `k` (None: take its clicked label away).

        The run restarts from the same start, so the objective curve is that of one labelling
        from beginning to end (labels change what the objective measures).
        """
        labels = dict(self.config.manual_labels)
        if k is None:
            if labels.pop(int(index), None) is None:
                return True
        else:
            labels[int(index)] = int(k)
        return self._relabel(self.config.with_(manual_labels=tuple(labels.items())))

    def clear_labels(self) -> bool:
        """Take every clicked label away (the label column's fraction stays); the run restarts."""
        if not self.config.manual_labels:
            return True
        return self._relabel(self.config.with_(manual_labels=()))

    def set_label_fraction(self, fraction: float) -> bool:
        """Use this fraction of the label column's labels (0: none); the run restarts."""
        return self._relabel(self.config.with_(label_fraction=float(fraction)))

    def _relabel(self, config: ModelConfig) -> bool:
        start = None if self.em is None else self.em.history[0].model
        if not self.configure(config, start=start):
            return False
        if self.fully_labelled:
            self.notice_raised.emit(
                "Every point is labelled: this is supervised naive Bayes. One M-step fits it; the next "
                "iteration changes nothing.")
        return True

    @property
    def fully_labelled(self) -> bool:
        """Whether every data row of the run is labelled (supervised naive Bayes)."""
        return self.labels is not None and bool(np.all(self.labels >= 0))

    def _install(self, em: nc.EM) -> None:
        self.em = em
        self._resp_cache = None
        self._cursor = 0
        self.run_reset.emit()
        self.history_changed.emit()
        self.cursor_changed.emit(0)

    # ----------------------------------------------------------------- stepping
    def e_step(self) -> bool:
        return self._advance(lambda em: em.e_step())

    def m_step(self) -> bool:
        if self.em is None or self.snapshot.phase == "init":
            self.error_raised.emit("Run an E-step first: the M-step needs responsibilities.")
            return False
        return self._advance(lambda em: em.m_step())

    def step(self) -> bool:
        """One full iteration (or just the M-step if the E-step was the last half-step)."""
        return self._advance(lambda em: em.step())

    def next_half_step(self) -> bool:
        """E after M (or at the start), M after E: what Play does."""
        if self.em is None:
            return False
        return self.m_step() if self.snapshot.phase == "E" else self.e_step()

    def _advance(self, action) -> bool:
        if self.em is None or self._busy:
            return False
        if self._cursor < len(self.em.history) - 1:
            self.em.rewind(self._cursor)
        empties_before = set(self.em.history[-1].empty)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", nc.EmptyComponentWarning)
                action(self.em)
        except ValueError as error:  # e.g. a collapsed covariance: the history stays as it was
            self.pause()
            self.history_changed.emit()
            self._set_cursor(len(self.em.history) - 1)
            self.error_raised.emit(str(error))
            return False
        newly_empty = sorted(set(self.em.history[-1].empty) - empties_before)
        if newly_empty:
            self.notice_raised.emit(
                f"Component(s) {', '.join(str(k + 1) for k in newly_empty)} received no responsibility "
                "and keep their previous parameters."
            )
        self.history_changed.emit()
        self._set_cursor(len(self.em.history) - 1)
        return True

    def adopt_history(self) -> None:
        """After a background run extended the history: show its last half-step."""
        self._resp_cache = None
        self.history_changed.emit()
        self._set_cursor(len(self.em.history) - 1)

    # ----------------------------------------------------------------- the cursor
    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def history(self) -> list[nc.Snapshot]:
        return [] if self.em is None else self.em.history

    @property
    def snapshot(self) -> nc.Snapshot | None:
        return None if self.em is None else self.em.history[self._cursor]

    def set_cursor(self, index: int) -> None:
        """Show half-step `index` (clamped to the history)."""
        if self.em is None:
            return
        self._set_cursor(int(np.clip(index, 0, len(self.em.history) - 1)))

    def _set_cursor(self, index: int) -> None:
        self._cursor = index
        self.cursor_changed.emit(index)

    @property
    def resp(self) -> np.ndarray | None:
        """Responsibilities in force at the cursor, shape (n_samples, n_components); cached."""
        if self.em is None:
            return None
        # Keyed by the snapshot object, not the index: stepping from a scrubbed-back cursor puts a
        # new snapshot at an old index (an object's identity also fixes the history before it).
        snapshot = self.snapshot
        if self._resp_cache is None or self._resp_cache[0] is not snapshot:
            self._resp_cache = (snapshot, np.ascontiguousarray(self.em.responsibilities_at(self._cursor)))
        return self._resp_cache[1]

    @property
    def labels(self) -> np.ndarray | None:
        """Labels the run uses (-1 unlabelled), or None."""
        return None if self.em is None else self.em.labels

    def component_names(self) -> list[str]:
        """What to call each component: the class names when labels tie components to classes."""
        if self.em is None:
            return []
        K = self.em.model.n_components
        problem = self.problem
        if self.labels is not None and problem.classes is not None and len(problem.classes) == K:
            return [str(name) for name in problem.classes]
        return [str(k + 1) for k in range(K)]

    @property
    def converged(self) -> bool:
        """Whether the last full iteration up to the cursor gained less than the tolerance."""
        climbed = [self._climbed(s) for s in self.history[: self._cursor + 1] if s.phase == "M"]
        if not climbed:
            return False
        previous = self._climbed(self.history[0]) if len(climbed) == 1 else climbed[-2]
        return climbed[-1] - previous < self.tolerance

    def _climbed(self, snapshot: nc.Snapshot) -> float:
        if self.config.hard:
            return -np.inf if snapshot.elbo is None else snapshot.elbo
        return snapshot.objective

    def matched_truth(self) -> tuple[nc.Mixture, np.ndarray] | None:
        """(truth, perm) with ``perm[j]`` the fitted component matched to true component j."""
        if self.problem is None or self.problem.truth is None or self.snapshot is None:
            return None
        truth = self.problem.truth
        model = self.snapshot.model
        if truth.family != model.family or truth.n_features != model.n_features:
            return None
        return truth, nc.match_components(model, truth)

    def breakdown(self, index: int) -> PointBreakdown:
        """The E-step that gave data row `index` the responsibilities in force at the cursor.

        At an M snapshot these are the previous E-step's numbers (the q the M-step used), so the
        breakdown always matches the colours on screen.
        """
        model = self.em.responsibilities_model(self._cursor)
        x = self.problem.X[index]
        log_products = model.log_joint(x[None, :])[0]
        with np.errstate(divide="ignore"):
            log_weights = np.log(model.weights)
        log_normaliser = float(np.logaddexp.reduce(log_products))
        label = None
        if self.labels is not None and self.labels[index] >= 0:
            label = int(self.labels[index])
        resp = self.resp[index]
        return PointBreakdown(index, x, model.weights, log_products - log_weights, log_products,
                              log_normaliser, resp, label)

    def select(self, index: int) -> None:
        """Inspect data row `index` (-1 clears the selection)."""
        if self.problem is None or not -1 <= index < self.problem.n_samples:
            index = -1
        self.selected = int(index)
        self.selection_changed.emit(self.selected)

    # ----------------------------------------------------------------- play
    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    def set_speed(self, half_steps_per_second: float) -> None:
        self.speed = float(np.clip(half_steps_per_second, 0.25, 60.0))
        self._timer.setInterval(int(round(1000 / self.speed)))

    def play(self) -> None:
        if self.em is None or self.playing or self._busy:
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
        if self.converged and self.snapshot.phase == "M" and self._cursor == len(self.history) - 1:
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
