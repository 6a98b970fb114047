"""The central view: the right picture of the data for its kind and dimension."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSplitter, QStackedWidget, QWidget

from ...app.appearance import Appearance
from ...app.families import DataView as FamilyView
from ...app.families import presentation
from ...app.labelling import Labelling
from ...app.session import Session
from ...app.view_options import ViewOptions
from .density_1d import Density1DView
from .label_marks import LabelLayer
from .prototypes import PrototypesView
from .resp_heatmap import ResponsibilityHeatmap
from .scatter_view import ScatterView


class DataView(QStackedWidget):
    """Shows a histogram with densities (1-D), a scatter with ellipses (2-D and more), or component
    prototypes beside a responsibility heat-map (binary and count data).

    Parameters
    ----------
    session : Session
    parent : QWidget, optional
    appearance : Appearance, optional
        The window's, passed to every page (see `SessionView`).
    labelling : Labelling, optional
        Label mode, shared with the label panel (the window's); without one the view keeps its own.
    view_options : ViewOptions, optional
        What the 1-D and 2-D views draw (the window's, switched in its View menu).
    """

    def __init__(
        self,
        session: Session,
        parent=None,
        *,
        appearance: Appearance | None = None,
        labelling: Labelling | None = None,
        view_options: ViewOptions | None = None,
    ):
        super().__init__(parent)
        self.session = session
        self.appearance = appearance if appearance is not None else Appearance(self)
        self.labelling = labelling if labelling is not None else Labelling(self)
        self.empty = QLabel("Load data or choose a preset to begin.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.view_options = view_options if view_options is not None else ViewOptions(self)
        self.density = Density1DView(session, appearance=self.appearance, view_options=self.view_options)
        self.scatter = ScatterView(session, appearance=self.appearance, view_options=self.view_options)
        self.prototypes = PrototypesView(session, appearance=self.appearance)
        self.heatmap = ResponsibilityHeatmap(session, appearance=self.appearance)
        self.scatter_labels = LabelLayer(session, self.scatter, self.labelling)
        self.density_labels = LabelLayer(session, self.density, self.labelling)
        self.view_options.changed.connect(self._show_label_marks)
        self._show_label_marks()
        self.discrete = QSplitter(Qt.Orientation.Horizontal)
        self.discrete.addWidget(self.prototypes)
        self.discrete.addWidget(self.heatmap)
        self.discrete.setStretchFactor(0, 1)
        self.discrete.setStretchFactor(1, 0)  # extra width goes to the prototypes
        for page in (self.empty, self.density, self.scatter, self.discrete):
            self.addWidget(page)
        session.problem_changed.connect(self.choose_page)
        session.run_reset.connect(self.choose_page)  # a new model family can need another page
        self.choose_page()

    def _show_label_marks(self) -> None:
        for layer in (self.scatter_labels, self.density_labels):
            layer.marks.item.setVisible(self.view_options.labels)

    def choose_page(self) -> None:
        problem = self.session.problem
        page: QWidget
        if problem is None:
            page = self.empty
        elif problem.data_kind != "continuous" and (
            presentation(self.session.config.family).data_view is FamilyView.PROTOTYPES
        ):
            page = self.discrete
        elif problem.n_features == 1:
            page = self.density
        else:
            page = self.scatter
        if page is self.discrete and self.session.has_run:
            # the heat-map needs little width per component; the prototypes take the rest
            heatmap = min(300, 80 + 24 * self.session.n_components)
            self.discrete.setSizes([max(self.width() - heatmap, 1), heatmap])
        self.setCurrentWidget(page)
        on_screen = {
            self.density: page is self.density,
            self.scatter: page is self.scatter,
            self.prototypes: page is self.discrete,
            self.heatmap: page is self.discrete,
        }
        for view, awake in on_screen.items():
            view.set_awake(awake)
