"""The control panel: model choice, prior, start, and stepping."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.families import MODEL_CHOICES, presentation
from ...app.model.config import ModelConfig
from ...app.model.settings import SETTINGS
from ...app.presentation.messages import MessageBoard, MessageGroup
from ...app.run.labelling import Labelling
from ...app.run.session import Session
from ..widgets.accessible import buddy_label
from ..widgets.session_view import connect_signals
from ..widgets.significant_spin import SignificantSpinBox
from .convergence_fields import ConvergenceFields
from .kmeans_limit import KMeansLimitPanel
from .labels import LabelPanel

translate = QCoreApplication.translate

MODEL_ITEMS = [(choice.title, choice.family, choice.supervised) for choice in MODEL_CHOICES.values()]
INIT_LABELS = {
    "kmeans++": QT_TRANSLATE_NOOP("nbviz", "k-means++"),
    "kmeans": QT_TRANSLATE_NOOP("nbviz", "k-means (Lloyd from k-means++)"),
    "random": QT_TRANSLATE_NOOP("nbviz", "random responsibilities"),
    "random_from_data": QT_TRANSLATE_NOOP("nbviz", "random data points"),
}


PRIOR_FIELD_LIMIT = 1000.0  # the largest pseudo-count the prior's fields offer


def _tip(name: str) -> str:
    """The tool tip of setting `name`: its declared help (`nbviz.app.model.settings`), translated."""
    setting = SETTINGS[name]
    return setting.described(translate("nbviz", setting.help))


def _int_spin(name: str) -> QSpinBox:
    """A spin box for the integer setting `name`, over its declared range, with its help as tool tip."""
    setting = SETTINGS[name]
    spin = QSpinBox()
    spin.setRange(int(setting.low or 0), int(setting.high or 2**31 - 1))
    spin.setToolTip(_tip(name))
    spin.setKeyboardTracking(False)  # a number typed digit by digit is one change, on Enter
    return spin


def _spin(name: str, decimals: int, step: float) -> QDoubleSpinBox:
    """A field for the pseudo-count setting `name`, from its declared low end."""
    spin = QDoubleSpinBox()
    spin.setRange(float(SETTINGS[name].low or 0.0), PRIOR_FIELD_LIMIT)
    spin.setDecimals(decimals)
    spin.setSingleStep(step)
    spin.setToolTip(_tip(name))
    spin.setKeyboardTracking(False)
    return spin


class ControlPanel(QWidget):
    """Model, prior and start settings; every change starts a new run through the session.

    `run_requested` asks the window to run EM to convergence (in the background). A choice the
    controls cannot turn into a model is shown in their `error` group on `messages` (the
    session's refusals it announces itself).
    """

    run_requested = Signal()
    start_edit_requested = Signal()  # the window opens the start editor

    def __init__(
        self, session: Session, parent=None, messages: MessageBoard | None = None, *, labelling: Labelling | None = None
    ):
        super().__init__(parent)
        self.session = session
        self.error = MessageGroup(messages, "controls", "error")
        self._syncing = False

        self.model_combo = QComboBox()
        for text, _, _ in MODEL_ITEMS:
            self.model_combo.addItem(translate("nbviz", text))
        self.covariance_combo = QComboBox()
        self.covariance_combo.addItems(list(nc.COVARIANCE_TYPES))
        self.k_spin = _int_spin("n_components")
        self.hard_check = QCheckBox(translate("nbviz", "Hard EM (assign each point to one component)"))
        self.alpha_spin = _spin("prior.alpha", 3, 0.5)
        self.beta_spin = _spin("prior.beta", 3, 0.5)
        self.lambda_spin = SignificantSpinBox(1e6, 0.001)  # λ can be 1e-9 for a file of tiny variances
        self.lambda_spin.setToolTip(_tip("prior.covariance_prior"))
        self.lambda_spin.setKeyboardTracking(False)
        model_box = QGroupBox(translate("nbviz", "Model"))
        form = QFormLayout(model_box)
        form.addRow(translate("nbviz", "Model"), self.model_combo)
        form.addRow(translate("nbviz", "Covariance"), self.covariance_combo)
        form.addRow(translate("nbviz", "Components K"), self.k_spin)
        form.addRow(self.hard_check)
        prior_box = QGroupBox(translate("nbviz", "Prior (pseudo-counts)"))
        prior_form = QFormLayout(prior_box)
        prior_form.addRow(translate("nbviz", "Weights α"), self.alpha_spin)
        prior_form.addRow(translate("nbviz", "Probabilities β"), self.beta_spin)
        prior_form.addRow(translate("nbviz", "Covariance λ"), self.lambda_spin)

        self.init_combo = QComboBox()
        for method in nc.INIT_METHODS:
            self.init_combo.addItem(translate("nbviz", INIT_LABELS[method]), method)
        self.seed_spin = _int_spin("seed")
        self.reinit_button = QPushButton(translate("nbviz", "Re-initialise"))
        self.reinit_button.setToolTip(translate("nbviz", "A new start with this method and seed"))
        self.new_seed_button = QPushButton(translate("nbviz", "New seed"))
        start_box = QGroupBox(translate("nbviz", "Start"))
        start_form = QFormLayout(start_box)
        start_form.addRow(translate("nbviz", "Method"), self.init_combo)
        start_form.addRow(translate("nbviz", "Seed"), self.seed_spin)
        buttons = QHBoxLayout()
        buttons.addWidget(self.reinit_button)
        buttons.addWidget(self.new_seed_button)
        start_form.addRow(buttons)
        self.given_start_label = QLabel(
            translate(
                "nbviz",
                "Started from given parameters (the preset's own start or an edited one); "
                "Re-initialise starts from the method and seed.",
            )
        )
        self.given_start_label.setWordWrap(True)
        start_form.addRow(self.given_start_label)
        self.edit_start_button = QPushButton(translate("nbviz", "Edit start…"))
        self.edit_start_button.setToolTip(
            translate("nbviz", "Type the starting parameters exactly, or start from the truth")
        )
        start_form.addRow(self.edit_start_button)

        self.e_button = QPushButton(translate("nbviz", "E-step"))
        self.m_button = QPushButton(translate("nbviz", "M-step"))
        self.iteration_button = QPushButton(translate("nbviz", "Iteration"))
        self.play_button = QPushButton(translate("nbviz", "Play"))
        self.play_button.setCheckable(True)
        self.run_button = QPushButton(translate("nbviz", "Run to convergence"))
        self.reset_button = QPushButton(translate("nbviz", "Reset"))
        self.speed_slider = QSlider(Qt.Orientation.Horizontal)
        self.speed_slider.setRange(1, 40)  # quarter half-steps per second
        self.speed_slider.setValue(8)
        self.speed_slider.setAccessibleName(translate("nbviz", "Play speed"))
        self.speed_label = QLabel()
        self.convergence = ConvergenceFields(session)  # tolerance and iteration cap of a run to convergence
        step_box = QGroupBox(translate("nbviz", "Run"))
        grid = QVBoxLayout(step_box)
        row = QHBoxLayout()
        for button in (self.e_button, self.m_button, self.iteration_button):
            row.addWidget(button)
        grid.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(self.play_button)
        row.addWidget(self.reset_button)
        grid.addLayout(row)
        speed_row = QHBoxLayout()
        speed_row.addWidget(buddy_label(translate("nbviz", "Speed"), self.speed_slider))
        speed_row.addWidget(self.speed_slider)
        speed_row.addWidget(self.speed_label)
        grid.addLayout(speed_row)
        grid.addWidget(self.run_button)
        grid.addWidget(self.convergence)

        layout = QVBoxLayout(self)
        for box in (model_box, prior_box, start_box, step_box):
            layout.addWidget(box)
        self.labels_box = LabelPanel(session, labelling=labelling)
        self.kmeans_box = KMeansLimitPanel(session)
        layout.addWidget(self.labels_box)
        layout.addWidget(self.kmeans_box)
        layout.addStretch(1)

        self.e_button.clicked.connect(session.e_step)
        self.m_button.clicked.connect(session.m_step)
        self.iteration_button.clicked.connect(session.step)
        self.play_button.toggled.connect(self._play_toggled)
        self.reset_button.clicked.connect(session.reset)
        self.run_button.clicked.connect(self.run_requested)
        self.edit_start_button.clicked.connect(self.start_edit_requested)
        self.speed_slider.valueChanged.connect(self._speed_changed)
        self.reinit_button.clicked.connect(self._apply)
        self.new_seed_button.clicked.connect(lambda: self.seed_spin.setValue(self.seed_spin.value() + 1))
        for widget in (self.model_combo, self.covariance_combo, self.init_combo):
            widget.currentIndexChanged.connect(self._apply)
        for spin in (self.k_spin, self.seed_spin, self.alpha_spin, self.beta_spin, self.lambda_spin):
            spin.valueChanged.connect(self._apply)
        self.hard_check.toggled.connect(self._apply)

        connect_signals(
            session,
            {
                "run_reset": self.sync,
                "problem_changed": self.sync,
                "history_changed": self._update_enabled,
                "cursor_changed": self._update_enabled,
                "busy_changed": self._update_enabled,
                "play_state_changed": self._play_state_changed,
            },
        )
        self._speed_changed(self.speed_slider.value())
        self.sync()

    # ----------------------------------------------------------------- session -> widgets
    def sync(self) -> None:
        """Show the session's configuration (also after a refused change)."""
        config = self.session.config
        self._syncing = True
        try:
            index = (
                len(MODEL_ITEMS) - 1 if config.supervised else [item[1] for item in MODEL_ITEMS].index(config.family)
            )
            self.model_combo.setCurrentIndex(index)
            self.covariance_combo.setCurrentText(config.covariance_type)
            self.k_spin.setValue(self._effective_k(config))
            self.hard_check.setChecked(config.hard)
            self.alpha_spin.setValue(config.prior.alpha)
            self.beta_spin.setValue(config.prior.beta)
            self.lambda_spin.setValue(config.prior.covariance_prior)
            self.init_combo.setCurrentIndex(self.init_combo.findData(config.init_method))
            self.seed_spin.setValue(config.seed)
            self.given_start_label.setVisible(config.start_given)
        finally:
            self._syncing = False
        self._update_enabled()

    def _effective_k(self, config: ModelConfig) -> int:
        return self.session.n_components if self.session.has_run else config.n_components

    def _update_enabled(self, *_) -> None:
        session = self.session
        has_run = session.can_step
        supervised = session.config.supervised
        shown = presentation(session.config.family)
        self.covariance_combo.setEnabled(bool(shown.covariance_types) and not session.busy)
        self.lambda_spin.setEnabled("covariance_prior" in shown.prior_fields and not session.busy)
        self.beta_spin.setEnabled("beta" in shown.prior_fields and not session.busy)
        self.k_spin.setEnabled(not supervised and not session.busy)
        self.hard_check.setEnabled(not supervised and not session.busy)
        for widget in (
            self.e_button,
            self.iteration_button,
            self.play_button,
            self.run_button,
            self.reset_button,
            self.reinit_button,
            self.new_seed_button,
            self.edit_start_button,
            self.model_combo,
            self.init_combo,
            self.seed_spin,
            self.alpha_spin,
        ):
            widget.setEnabled(has_run)
        self.m_button.setEnabled(session.can_m_step)

    # ----------------------------------------------------------------- widgets -> session
    def current_config(self) -> ModelConfig:
        _, family, supervised = MODEL_ITEMS[self.model_combo.currentIndex()]
        old = self.session.config
        if supervised:
            family, fraction = old.family, 1.0
        else:
            fraction = 0.0 if old.supervised else old.label_fraction
        return old.with_(
            family=family,
            n_components=self.k_spin.value(),
            covariance_type=self.covariance_combo.currentText(),
            prior=nc.Prior(
                alpha=self.alpha_spin.value(), beta=self.beta_spin.value(), covariance_prior=self.lambda_spin.value()
            ),
            hard=self.hard_check.isChecked(),
            label_fraction=fraction,
            init_method=self.init_combo.currentData(),
            seed=self.seed_spin.value(),
            # a fixed shared variance belongs to spherical Gaussians; its panel shows it switched off
            fixed_variance=old.fixed_variance
            if presentation(family).fixed_variance_applies(self.covariance_combo.currentText())
            else None,
        )

    def _apply(self, *_) -> None:
        if self._syncing or self.session.problem is None:
            return
        try:
            config = self.current_config()
        except ValueError as error:
            self.error(str(error))
            self.sync()
            return
        if not self.session.configure(config):
            self.sync()

    def _play_toggled(self, checked: bool) -> None:
        if checked != self.session.player.playing:
            self.session.player.play() if checked else self.session.player.pause()

    def _play_state_changed(self, playing: bool) -> None:
        self.play_button.blockSignals(True)
        self.play_button.setChecked(playing)
        self.play_button.setText(translate("nbviz", "Pause") if playing else translate("nbviz", "Play"))
        self.play_button.blockSignals(False)

    def _speed_changed(self, value: int) -> None:
        speed = value / 4
        self.session.player.set_speed(speed)
        self.speed_label.setText(translate("nbviz", "{0:g} /s").format(speed))
