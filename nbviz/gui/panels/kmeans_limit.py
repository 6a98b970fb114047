"""A fixed shared variance sigma^2 for spherical Gaussian mixtures: shrink it and EM becomes k-means."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QCheckBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QSlider

from ...app.data.standardize import column_spreads
from ...app.families import presentation
from ...app.run.kmeans_limit import SOFT_THRESHOLD, KMeansReference, largest_distance, soft_count
from ...app.run.session import Session
from ..widgets.accessible import buddy_label

translate = QCoreApplication.translate

STEPS_PER_DECADE = 10
LOW_DECADES, HIGH_DECADES = -4, 1  # the slider spans 1e-4 .. 10 times the data's variance


class KMeansLimitPanel(QGroupBox):
    """A check box and a log-scale slider for one shared, fixed variance sigma^2.

    The slider spans 1e-4 to 10 times the data's average per-feature variance. Every change
    restarts EM from the same start with the new sigma^2. Underneath: how many points are still
    soft (largest responsibility below 0.99) and how far the means are from the k-means centroids
    reached by Lloyd's algorithm from the same start (computed by `reference` in a worker).
    """

    def __init__(self, session: Session, parent=None, reference: KMeansReference | None = None):
        super().__init__(translate("nbviz", "k-means limit (spherical Gaussians)"), parent)
        self.session = session
        self.reference = reference if reference is not None else KMeansReference(session, self)
        self.fixed_check = QCheckBox(translate("nbviz", "Fix one shared variance σ²"))
        self.fixed_check.setToolTip(
            translate(
                "nbviz",
                "The M-step keeps σ² and updates weights and means; as σ² shrinks, "
                "responsibilities become 0/1 and EM turns into k-means",
            )
        )
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, (HIGH_DECADES - LOW_DECADES) * STEPS_PER_DECADE)
        self.slider.setTracking(False)  # a new run when the slider is let go, not on every pixel
        self.value_label = QLabel()
        self.value_label.setMinimumWidth(90)
        self.readout = QLabel()
        self.readout.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.slider, 1)
        row.addWidget(self.value_label)
        form = QFormLayout(self)
        form.addRow(self.fixed_check)
        form.addRow(buddy_label(translate("nbviz", "σ² (log scale)"), self.slider), row)
        form.addRow(self.readout)
        self.fixed_check.toggled.connect(self._apply)
        self.slider.valueChanged.connect(self._apply)
        self.slider.sliderMoved.connect(lambda value: self.value_label.setText(f"σ² = {self.variance_at(value):.3g}"))
        for signal in (session.run_reset, session.problem_changed, session.busy_changed):
            signal.connect(self.sync)
        session.cursor_changed.connect(self._update_readout)
        self.reference.ready.connect(self._update_readout)
        self.sync()

    # ----------------------------------------------------------------- the scale
    def data_variance(self) -> float:
        problem = self.session.problem
        if problem is None:
            return 1.0
        variance = float(np.mean(column_spreads(problem.X) ** 2))  # missing cells left out
        return variance if variance > 0 else 1.0

    def variance_at(self, position: int) -> float:
        """sigma^2 at a slider position."""
        return self.data_variance() * 10.0 ** (LOW_DECADES + position / STEPS_PER_DECADE)

    def position_of(self, variance: float) -> int:
        ratio = np.log10(variance / self.data_variance())
        return int(
            np.clip(round((ratio - LOW_DECADES) * STEPS_PER_DECADE), self.slider.minimum(), self.slider.maximum())
        )

    # ----------------------------------------------------------------- session -> widgets
    @property
    def applicable(self) -> bool:
        config = self.session.config
        return (
            self.session.has_run
            and presentation(config.family).fixed_variance_applies(config.covariance_type)
            and not config.supervised
        )

    def sync(self, *_) -> None:
        config = self.session.config
        fixed = config.fixed_variance
        for widget in (self.fixed_check, self.slider):
            widget.blockSignals(True)
        self.fixed_check.setChecked(fixed is not None)
        self.slider.setValue(self.position_of(fixed if fixed is not None else self.data_variance()))
        for widget in (self.fixed_check, self.slider):
            widget.blockSignals(False)
        ready = self.applicable and not self.session.busy
        self.fixed_check.setEnabled(ready)
        self.slider.setEnabled(ready and fixed is not None)
        shown = fixed if fixed is not None else self.variance_at(self.slider.value())
        self.value_label.setText(f"σ² = {shown:.3g}")
        if not self.applicable:
            self.fixed_check.setToolTip(
                translate("nbviz", "Choose a Gaussian mixture with spherical covariance to fix σ²")
            )
        self._update_readout()

    def _update_readout(self, *_) -> None:
        session = self.session
        if session.config.fixed_variance is None or not session.has_run:
            self.readout.setText(
                ""
                if self.applicable
                else translate("nbviz", "Choose a Gaussian mixture with spherical covariance to fix σ².")
            )
            return
        resp, snapshot = session.resp, session.snapshot
        assert resp is not None and snapshot is not None  # has_run: a run is shown
        # a fixed variance is taken only by a family drawn as points, whose means k-means compares
        model = presentation(snapshot.model).points(snapshot.model)
        assert model is not None  # fixed_variance_applies: a family drawn as points
        centroids = self.reference.centroids()
        distance = (
            translate("nbviz", "(computing k-means…)")
            if centroids is None
            else f"{largest_distance(model.means, centroids):.3g}"
        )
        self.readout.setText(
            translate(
                "nbviz",
                "Soft points (largest responsibility < {0}): {1} of {2}.\nLargest distance from the means "
                "to k-means from the same start: {3}",
            ).format(SOFT_THRESHOLD, soft_count(resp), len(resp), distance)
        )

    def centroids(self) -> np.ndarray | None:
        """Lloyd's centroids from this run's starting means (computed once per run, in a worker)."""
        return self.reference.centroids()

    # ----------------------------------------------------------------- widgets -> session
    def _apply(self, *_) -> None:
        session = self.session
        if not session.has_run:
            return
        variance = self.variance_at(self.slider.value()) if self.fixed_check.isChecked() else None
        if variance == session.config.fixed_variance:
            return
        if not session.configure(session.config.with_(fixed_variance=variance), start=session.start_model):
            self.sync()
