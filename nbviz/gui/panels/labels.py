"""The label panel: label points by clicking, clear the clicked labels, or keep a fraction of a label column."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QLabel, QPushButton, QSpinBox

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.run.labelling import Labelling
from ...app.run.session import Session

translate = QCoreApplication.translate

FRACTION_TIP = QT_TRANSLATE_NOOP(
    "nbviz",
    "Keep this share of the data's own labels (chosen at random with the start's seed); "
    "the labelled points keep one-hot responsibilities. 100 % is supervised naive Bayes.",
)


def label_status(session: Session) -> str:
    """A short note for the status bar: how many points are labelled ("" for none)."""
    labels = session.labels
    if labels is None:
        return ""
    N = len(labels)
    if session.hand_labels.fully_labelled:
        return translate("nbviz", "all {0} points labelled: supervised naive Bayes, one M-step fits it").format(N)
    return translate("nbviz", "{0} of {1} points labelled").format(int((labels >= 0).sum()), N)


class LabelPanel(QGroupBox):
    """Labels for semi-supervised EM: by clicking in the data view, or from the data's label column.

    Every change restarts the run from the same start: the labels change what the objective
    measures, so one run keeps one labelling from its first half-step to its last.

    Parameters
    ----------
    session : Session
    parent : QWidget, optional
    labelling : Labelling, optional
        Label mode, shared with the data views (the window's); without one the panel keeps its own.
    """

    def __init__(self, session: Session, parent=None, *, labelling: Labelling | None = None):
        super().__init__(translate("nbviz", "Labels (semi-supervised EM)"), parent)
        self.session = session
        self.labelling = labelling if labelling is not None else Labelling(self)
        self.mode_check = QCheckBox(translate("nbviz", "Label points by clicking"))
        self.mode_check.setToolTip(
            translate(
                "nbviz",
                "Click a point in the data view to give it the class below; "
                "click it again, or Shift+click, to take the label away",
            )
        )
        self.class_combo = QComboBox()
        self.class_combo.setToolTip(translate("nbviz", "The class a click gives"))
        self.clear_button = QPushButton(translate("nbviz", "Clear labels"))
        self.clear_button.setToolTip(translate("nbviz", "Take away every label given by clicking"))
        self.fraction_spin = QSpinBox()
        self.fraction_spin.setRange(0, 100)
        self.fraction_spin.setSuffix(" %")
        self.fraction_spin.setKeyboardTracking(False)
        self.fraction_spin.setToolTip(translate("nbviz", FRACTION_TIP))
        self.count_label = QLabel()
        self.count_label.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.mode_check)
        form.addRow(translate("nbviz", "Class"), self.class_combo)
        form.addRow(self.clear_button)
        form.addRow(translate("nbviz", "From label column"), self.fraction_spin)
        form.addRow(self.count_label)

        self.mode_check.toggled.connect(self.labelling.set_active)
        self.class_combo.currentIndexChanged.connect(self._class_chosen)
        self.clear_button.clicked.connect(session.hand_labels.clear_labels)
        self.fraction_spin.valueChanged.connect(self._fraction_chosen)
        self.labelling.changed.connect(self.sync)
        for signal in (session.run_reset, session.problem_changed, session.busy_changed):
            signal.connect(self.sync)
        self.sync()

    def sync(self, *_) -> None:
        """Show the session's labelling (also after a refused change)."""
        session, config = self.session, self.session.config
        names = session.component_names()
        classes = None if session.problem is None else session.problem.classes
        if classes is not None and len(classes) == len(names):
            names = [str(name) for name in classes]  # a clicked label names a class of the data
        widgets = (self.mode_check, self.class_combo, self.fraction_spin)
        for widget in widgets:
            widget.blockSignals(True)
        try:
            if [self.class_combo.itemText(i) for i in range(self.class_combo.count())] != names:
                self.class_combo.clear()
                self.class_combo.addItems(names)
            if names:
                self.labelling.component = min(self.labelling.component, len(names) - 1)
                self.class_combo.setCurrentIndex(self.labelling.component)
            self.mode_check.setChecked(self.labelling.active)
            self.fraction_spin.setValue(round(100 * config.label_fraction))
        finally:
            for widget in widgets:
                widget.blockSignals(False)
        ready = session.can_step
        has_column = session.problem is not None and session.problem.labels is not None
        self.mode_check.setEnabled(ready)
        self.class_combo.setEnabled(ready)
        self.clear_button.setEnabled(ready and bool(config.manual_labels))
        self.fraction_spin.setEnabled(ready and has_column)
        self.fraction_spin.setToolTip(
            translate("nbviz", FRACTION_TIP) if has_column else translate("nbviz", "This data has no label column")
        )
        self.count_label.setText(self.summary())

    def summary(self) -> str:
        """How many points are labelled, and what a full labelling means."""
        session = self.session
        if not session.has_run:
            return ""
        problem = session.problem
        assert problem is not None  # a run is shown only for loaded data
        labels, N = session.labels, problem.n_samples
        count = 0 if labels is None else int((labels >= 0).sum())
        clicked = len(session.config.manual_labels)
        if session.hand_labels.fully_labelled:
            return translate(
                "nbviz",
                "All {0} points are labelled: this is supervised naive Bayes, fitted by one M-step (the "
                "next iteration changes nothing).",
            ).format(N)
        text = translate("nbviz", "{0} of {1} points labelled").format(count, N)
        return text + (translate("nbviz", " ({0} by clicking).").format(clicked) if clicked else ".")

    def _class_chosen(self, index: int) -> None:
        if index >= 0:
            self.labelling.set_component(index)

    def _fraction_chosen(self, percent: int) -> None:
        if not self.session.hand_labels.set_label_fraction(percent / 100):
            self.sync()
