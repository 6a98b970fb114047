"""The workspace session: a facade over the data, the model choice, the EM run and its parts.

Views take a Session and redraw on its signals; controls call its methods. Data flows one way:
controls -> session -> core -> new snapshot -> signal -> views. Scrubbing only moves the cursor;
stepping from an earlier half-step drops the half-steps after it and continues from there.

The facade keeps the signals (`SessionEvents`), the data and the model choice, and the operations
that replace or step the run. Each other kind of state is a part with one job, reached as an
attribute: the run and its cursor (`run_history`), play (`player`), undo (`undo_history`), the
inspected row or point (`inspection`), labels given by hand (`hand_labels`), runs stepped in a
worker thread (`background`), the Choose K and restart results kept to save (`explored`) and
edits of the data (`painting`).

Only the session and its parts change the run and history. An operation that can be refused
returns an `Outcome` carrying the reason; `error_raised` announces the same reason to whoever shows
messages (the window's banner). Work done elsewhere (a run to convergence in a worker thread, a fit
from choosing K) is handed back as a finished run for the session to adopt.
"""

from __future__ import annotations

from collections.abc import Sequence
from weakref import WeakKeyDictionary

import numpy as np

import nbviz.core as nc

from ..data.fit_messages import describe_fit_error
from ..data.problem import Problem
from ..model.config import ModelConfig
from ..model.model_fit import StartsTally
from .background import BackgroundRuns
from .data_editing import DataEditing
from .events import SessionEvents
from .explored_results import ExploredResults
from .hand_labels import HandLabels
from .inspection import Inspection
from .outcome import DONE, Outcome
from .player import Player
from .run_history import RunHistory, own_copy
from .run_making import config_for, counted_run, run_from_history
from .session_state import SessionState, SessionWriter
from .stop_reason import StopReason
from .undo_history import UndoHistory

NOTHING_TO_STEP = Outcome(False, "Load data or choose a preset first: there is no run to step.")
BUSY = Outcome(False, "Wait for the run in progress to end (or cancel it) before stepping.")


class Session(SessionEvents):
    """Everything the window shows, without widgets (the signals: `SessionEvents`).

    Attributes
    ----------
    problem : Problem or None
        The data shown.
    config : ModelConfig
        The model choice of the run shown.
    run_history, player, undo_history, inspection, hand_labels, background, explored, painting
        The session's parts (see the module's description).
    view_choices : WeakKeyDictionary
        Problem -> how the data views show it, when chosen for these data (``{"equal_aspect": bool}``):
        saved with the session, read back with it (`SessionState.view`).
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.problem: Problem | None = None
        self.config = ModelConfig()
        self._matched_cache: tuple[nc.Mixture, nc.Mixture, np.ndarray] | None = None  # (truth, model, perm)
        self.run_history = RunHistory()
        # how the run's start was chosen as the best of several starts (None: one start, or a start given)
        self.starts: StartsTally | None = None
        self.player = Player(self, self)
        self.undo_history = UndoHistory(self, self)
        self.inspection = Inspection(self, self.run_history, self)
        self.hand_labels = HandLabels(self, self)
        self.background = BackgroundRuns(self.run_history, self, self.player.pause, self.undo_history.remember)
        self.explored = ExploredResults()
        self.painting = DataEditing(self, self)
        self.view_choices: WeakKeyDictionary[Problem, dict[str, bool]] = WeakKeyDictionary()

    # ----------------------------------------------------------------- loading and configuring
    def load(
        self,
        problem: Problem,
        config: ModelConfig | None = None,
        start: nc.Mixture | None = None,
        made: tuple[nc.EM, StartsTally | None] | None = None,
    ) -> Outcome:
        """Switch to new data (and optionally a new model choice and start).

        `made` is the run `counted_run(problem, config)` gave, made beforehand (in a worker thread,
        while a large file loaded), so the starts are not run again here. On any error the previous
        problem and run stay as they were and the outcome says why; refused the same way while a
        background run is going (it runs on the current data).
        """
        if self.busy:
            return self.refused_while_busy(f"opening {problem.name}")
        config = (config or config_for(problem, self.config)).with_(start_given=start is not None)
        try:
            em, starts = made if made is not None and start is None else counted_run(problem, config, start)
        except ValueError as error:
            return self.refuse(f"Cannot use {problem.name} with {config.title}: {describe_fit_error(problem, error)}")
        self.undo_history.remember()
        self.show_run(problem, config, em)
        self.starts = starts
        self.selection_changed.emit(-1)
        return DONE

    def restore(self, saved: SessionState) -> Outcome:
        """Show a saved session: its data, model, history, cursor and kept Choose K and restart results.

        The history is re-evaluated on the data; if it does not fit, the outcome says why and the
        current problem and run stay as they were.
        """
        problem, config = saved.problem, saved.config
        if self.busy:
            return self.refused_while_busy(f"opening the session {problem.name}")
        try:
            em = run_from_history(problem, config, saved.history)
        except ValueError as error:
            return self.refuse(f"Cannot open the session {problem.name}: {error}")
        self.undo_history.remember()
        self.view_choices[problem] = dict(saved.view)  # before the views hear of the new data
        self.show_run(problem, config, em)
        self.set_cursor(min(saved.cursor, len(em.history) - 1))
        self.select(saved.selected)
        self.explored.choice, self.explored.gallery = saved.explored
        self.explored_restored.emit()
        return DONE

    def save(self, path, write: SessionWriter) -> Outcome:
        """Hand the session's state (data, model, history, cursor, kept results) to `write` for `path`.

        `write` is e.g. `nbviz.app.documents.session_file.write_session`; the outcome says why it failed.
        """
        problem = self.problem
        if not self.has_run or problem is None:  # a run always comes with its data
            return self.refuse("There is nothing to save yet: load data or choose a preset first.")
        explored = self.explored.of_problem(problem)  # results made on other data are not saved with it
        view = dict(self.view_choices.get(problem, {}))
        state = SessionState(problem, self.config, list(self.history), self.cursor, self.selected, explored, view)
        try:
            write(path, state)
        except ValueError as error:
            return self.refuse(str(error))
        return DONE

    def configure(self, config: ModelConfig, start: nc.Mixture | None = None) -> Outcome:
        """Change the model choice (family, K, prior, ...): a new run from a new start."""
        if self.problem is None:
            self.config = config
            return DONE
        if self.busy:
            return self.refused_while_busy("changing the model or its start")
        config = config.with_(start_given=start is not None)
        try:
            em, starts = counted_run(self.problem, config, start)
        except ValueError as error:
            return self.refuse(f"Cannot use {config.title}: {describe_fit_error(self.problem, error)}")
        self.undo_history.remember()
        self.player.pause()
        self.config = config
        self._install(em)
        self.starts = starts
        return DONE

    def reinitialise(self, method: str | None = None, seed: int | None = None) -> Outcome:
        """A new start (initialisation method and seed) for the same data and model."""
        changes: dict[str, object] = {}
        if method is not None:
            changes["init_method"] = method
        if seed is not None:
            changes["seed"] = int(seed)
        return self.configure(self.config.with_(**changes))

    def set_start(self, model: nc.Mixture) -> Outcome:
        """Start EM from `model` (e.g. after the user dragged a mean); the history restarts."""
        return self.configure(self.config, start=model)

    def reset(self) -> None:
        """Back to the start of the current run (the history restarts from the same start)."""
        if not self.has_run:
            return
        if len(self.history) > 1:
            self.undo_history.remember()
        self.player.pause()
        self.run_history.rewind(0)
        self.run_history.move_to(0)  # valid before anyone hears of the shorter history
        self.history_changed.emit()
        self.set_cursor(0)

    def adopt_run(self, em: nc.EM, config: ModelConfig) -> Outcome:
        """Show a run made elsewhere (a restart, a fit from choosing K) with the config that made it.

        The whole history is shown, the cursor at its end; the session continues a copy, so `em`
        itself stays as it was (it can be adopted again). Refused (nothing changed) while a
        background run is going or when the run was made on other data.
        """
        if self.busy:
            return self.refuse("Wait for the run in progress to end (or cancel it) before loading another fit.")
        same = self.problem is not None and (
            em.X is self.problem.X or np.array_equal(em.X, self.problem.X, equal_nan=True)  # missing cells alike
        )
        if not same:
            return self.refuse("That fit was made on other data; run it again on the data shown now.")
        self.undo_history.remember()
        self.player.pause()
        # the fit was run with this session's convergence settings: they stay
        self.config = config.with_(
            tolerance=self.config.tolerance,
            max_iter=self.config.max_iter,
            convergence=self.config.convergence,
            start_given=False,  # restarts and Choose K's fits start from a method and seed
        )
        run = own_copy(em)
        self._install(run)
        self.set_cursor(len(run.history) - 1)
        return DONE

    def show_run(self, problem: Problem, config: ModelConfig, em: nc.EM, new_data: bool = True) -> None:
        """Show `em`, a run of `config` on `problem`, from its start, in place of the run shown.

        For the session and its parts (new data, a session read, a run brought back by undo): the
        run shown is not kept for undo here. The inspected row is cleared, and with `new_data` the
        probe too, and `problem_changed` is announced.
        """
        self.player.pause()
        self.problem, self.config = problem, config
        self.inspection.forget(probe=new_data)
        self._install(em)
        if new_data:
            self.problem_changed.emit()
            self.probe_changed.emit()

    def _install(self, em: nc.EM) -> None:
        self.starts = None  # a run from its own start; `load` and `configure` say how theirs was chosen
        self.run_history.install(em)
        self.run_reset.emit()
        self.history_changed.emit()
        self.cursor_changed.emit(0)

    # ----------------------------------------------------------------- stepping
    def e_step(self) -> Outcome:
        return self._advance(lambda em: em.e_step())

    def m_step(self) -> Outcome:
        snapshot = self.snapshot  # None exactly when there is no run
        if snapshot is None or snapshot.phase == "init":
            return self.refuse("Run an E-step first: the M-step needs responsibilities.")
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
        return self.has_run and not self.busy

    @property
    def can_m_step(self) -> bool:
        """Whether the M-step is possible now: stepping is, and an E-step has been taken."""
        snapshot = self.snapshot
        return self.can_step and snapshot is not None and snapshot.phase != "init"

    def _advance(self, action) -> Outcome:
        em = self.run_history.em
        if em is None:
            return NOTHING_TO_STEP
        if self.busy:  # the buttons are disabled meanwhile: no message
            return BUSY
        if self.cursor < len(em.history) - 1:
            self.undo_history.remember()
            self.run_history.rewind(self.cursor)
        empties_before = set(em.history[-1].empty)
        try:
            action(em)  # the run does not warn of emptied components: they get a notice below
        except ValueError as error:  # e.g. a collapsed covariance: the history stays as it was
            self.player.pause()
            self.history_changed.emit()
            self.set_cursor(len(em.history) - 1)
            return self.refuse(str(error))
        newly_empty = sorted(set(em.history[-1].empty) - empties_before)
        if newly_empty:
            self.notice_raised.emit(
                f"Component(s) {', '.join(str(k + 1) for k in newly_empty)} received no responsibility "
                "and keep their previous parameters."
            )
        self.history_changed.emit()
        self.set_cursor(len(em.history) - 1)
        return DONE

    # ----------------------------------------------------------------- the run at the cursor
    @property
    def cursor(self) -> int:
        return self.run_history.cursor

    @property
    def em(self) -> nc.EM | None:
        """The run shown (None before data is loaded). Read it; only the session steps or rewinds it."""
        return self.run_history.em

    @property
    def has_run(self) -> bool:
        """Whether a run is shown (data is loaded)."""
        return self.run_history.em is not None

    @property
    def history(self) -> Sequence[nc.Snapshot]:
        """Every half-step of the run, as a read-only view of the session's own list (no copy)."""
        return self.run_history.history

    @property
    def snapshot(self) -> nc.Snapshot | None:
        return self.run_history.snapshot

    @property
    def start_model(self) -> nc.Mixture | None:
        """The parameters the run started from (None without a run)."""
        return self.run_history.start_model

    @property
    def n_components(self) -> int:
        """Components of the run shown (0 without a run)."""
        return self.run_history.n_components

    @property
    def resp(self) -> np.ndarray | None:
        """Responsibilities in force at the cursor, shape (n_samples, n_components); cached."""
        return self.run_history.resp

    @property
    def labels(self) -> np.ndarray | None:
        """Labels the run uses (-1 unlabelled), or None."""
        return self.run_history.labels

    def set_cursor(self, index: int) -> None:
        """Show half-step `index` (clamped to the history)."""
        if not self.has_run:
            return
        index = int(np.clip(index, 0, len(self.history) - 1))
        self.run_history.move_to(index)
        self.cursor_changed.emit(index)

    def component_names(self) -> list[str]:
        """What to call each component: the class names when labels tie components to classes."""
        problem = self.problem
        if not self.has_run or problem is None:  # a run always comes with its data
            return []
        K = self.n_components
        if self.labels is not None and problem.classes is not None and len(problem.classes) == K:
            return [str(name) for name in problem.classes]
        return [str(k + 1) for k in range(K)]

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

    # ----------------------------------------------------------------- convergence
    @property
    def tolerance(self) -> float:
        """A run has converged when a full iteration gains less than this (the config's)."""
        return self.config.tolerance

    @tolerance.setter
    def tolerance(self, value: float) -> None:
        outcome = self.set_convergence(tolerance=value)
        if not outcome:
            raise ValueError(outcome.reason)

    def set_convergence(
        self, tolerance: float | None = None, max_iter: int | None = None, convergence: str | None = None
    ) -> Outcome:
        """Change the tolerance, the iteration cap and/or the stopping rule; the run and its history stay.

        Refused (nothing changed) for a value out of range, or while a background run goes.
        """
        given = {"tolerance": tolerance, "max_iter": max_iter, "convergence": convergence}
        changes: dict[str, object] = {name: value for name, value in given.items() if value is not None}
        if self.busy:
            return self.refused_while_busy("changing the tolerance or the iteration cap")
        try:
            config = self.config.with_(**changes)
        except ValueError as error:
            return self.refuse(f"Cannot change the convergence settings: {error}.")
        if config != self.config:
            self.config = config
            self.convergence_changed.emit()
        return DONE

    @property
    def converged(self) -> bool:
        """Whether the last full iteration up to the cursor gained less than the tolerance."""
        return self.has_run and self.run_history.converged(self.tolerance, self.config.hard, self.config.convergence)

    @property
    def run_stop(self) -> StopReason | None:
        """Why the run shown ended, if a run to convergence ended at its last half-step (else None)."""
        return self.run_history.run_stop

    # ----------------------------------------------------------------- the parts' state the views read
    @property
    def busy(self) -> bool:
        """Whether a background run goes (`background`): stepping and changes wait for it."""
        return self.background.busy

    @property
    def selected(self) -> int:
        """The inspected data row (-1: none; `inspection`)."""
        return self.inspection.selected

    def select(self, index: int) -> None:
        """Inspect data row `index` (-1 clears the selection)."""
        self.inspection.select(index)
