"""The central view: the right picture of the data for its kind and dimension."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QSplitter, QStackedWidget, QWidget

from ....app.families import DataView as FamilyView
from ....app.families import presentation
from ....app.presentation.appearance import Appearance
from ....app.presentation.view_options import ViewOptions
from ....app.run.labelling import Labelling
from ....app.run.session import Session
from ..plot_view import PlotView
from .label_marks import LabelLayer

translate = QCoreApplication.translate

if TYPE_CHECKING:  # the pages are imported when first shown
    from .density_1d import Density1DView
    from .level_bars import LevelBarsView
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
        self.empty = QLabel(translate("nbviz", "Load data or choose a preset to begin."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        if view_options is None:
            view_options = ViewOptions(self)
            view_options.follow(session)
        self.view_options = view_options
        # every page but the empty one is built the first time it is needed (or asked for): the start
        # page shows none of them
        self._scatter: ScatterView | None = None
        self._scatter_labels: LabelLayer | None = None
        self._density: Density1DView | None = None
        self._density_labels: LabelLayer | None = None
        self._discrete: tuple[QSplitter, ResponsibilityHeatmap, PrototypesView] | None = None
        self._levels: tuple[QSplitter, ResponsibilityHeatmap, LevelBarsView] | None = None
        self._posterior_visible = True
        self.view_options.changed.connect(self._show_label_marks)
        self._show_label_marks()
        self.addWidget(self.empty)
        session.problem_changed.connect(self.choose_page)
        session.run_reset.connect(self.choose_page)  # a new model family can need another page
        self.choose_page()

    def built_views(self) -> list[PlotView]:
        """The data views built so far (each page only once it has been needed)."""
        views: list[PlotView] = []
        if self._scatter is not None:
            views.append(self._scatter)
        if self._density is not None:
            views.append(self._density)
        if self._discrete is not None:
            views.extend(self._discrete[1:])
        if self._levels is not None:
            views.extend(self._levels[1:])
        return views

    @property
    def scatter(self) -> ScatterView:
        """The scatter page (2-D and more), built on first use."""
        return self._scatter_page()[0]

    @property
    def scatter_labels(self) -> LabelLayer:
        """The scatter page's label marks (building the page on first use)."""
        return self._scatter_page()[1]

    def _scatter_page(self) -> tuple[ScatterView, LabelLayer]:
        if self._scatter is None or self._scatter_labels is None:
            from .scatter_view import ScatterView

            self._scatter = ScatterView(self.session, appearance=self.appearance, view_options=self.view_options)
            self._scatter_labels = self._add_labelled_page(self._scatter)
        return self._scatter, self._scatter_labels

    @property
    def density(self) -> Density1DView:
        """The 1-D page (histogram with densities), built on first use."""
        return self._density_page()[0]

    @property
    def density_labels(self) -> LabelLayer:
        """The 1-D page's label marks (building the page on first use)."""
        return self._density_page()[1]

    def _density_page(self) -> tuple[Density1DView, LabelLayer]:
        if self._density is None or self._density_labels is None:
            from .density_1d import Density1DView

            self._density = Density1DView(self.session, appearance=self.appearance, view_options=self.view_options)
            self._density.set_posterior_visible(self._posterior_visible)
            self._density_labels = self._add_labelled_page(self._density)
        return self._density, self._density_labels

    def _add_labelled_page(self, view: PlotView) -> LabelLayer:
        """Add `view` (asleep until shown) as a page, with its label marks; returns the marks."""
        view.set_awake(False)
        marks = LabelLayer(self.session, view, self.labelling)
        self.addWidget(view)
        marks.marks.item.setVisible(self.view_options.labels)
        return marks

    @property
    def discrete(self) -> QSplitter:
        """The page of prototypes beside the responsibility heat-map, built on first use."""
        return self._discrete_page()[0]

    @property
    def prototypes(self) -> PrototypesView:
        """The discrete page's component prototypes (building the page on first use)."""
        return self._discrete_page()[2]

    @property
    def heatmap(self) -> ResponsibilityHeatmap:
        """The discrete page's responsibility heat-map (building the page on first use)."""
        return self._discrete_page()[1]

    def _discrete_page(self) -> tuple[QSplitter, ResponsibilityHeatmap, PrototypesView]:
        if self._discrete is None:
            from .prototypes import PrototypesView

            prototypes = PrototypesView(self.session, appearance=self.appearance)
            self._discrete = (*self._beside_heatmap(prototypes), prototypes)
        return self._discrete

    @property
    def levels(self) -> QSplitter:
        """The page of level probabilities (stacked bars) beside the heat-map, built on first use."""
        if self._levels is None:
            from .level_bars import LevelBarsView

            bars = LevelBarsView(self.session, appearance=self.appearance)
            self._levels = (*self._beside_heatmap(bars), bars)
        return self._levels[0]

    def _beside_heatmap(self, view: PlotView) -> tuple[QSplitter, ResponsibilityHeatmap]:
        """`view` beside a new responsibility heat-map, as a page of its own."""
        from .resp_heatmap import ResponsibilityHeatmap

        heatmap = ResponsibilityHeatmap(self.session, appearance=self.appearance)
        for part in (view, heatmap):
            part.set_awake(False)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(view)
        splitter.addWidget(heatmap)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)  # extra width goes to the view
        self.addWidget(splitter)
        return splitter, heatmap

    def set_posterior_visible(self, visible: bool) -> None:
        """Show or hide the 1-D page's posterior strip (remembered until the page is built)."""
        self._posterior_visible = bool(visible)
        if self._density is not None:
            self._density.set_posterior_visible(visible)

    def _show_label_marks(self) -> None:
        for layer in (self._scatter_labels, self._density_labels):
            if layer is not None:
                layer.marks.item.setVisible(self.view_options.labels)

    def choose_page(self) -> None:
        problem = self.session.problem
        page: QWidget
        view = presentation(self.session.config.family).data_view
        if problem is None:
            page = self.empty
        elif view is FamilyView.LEVELS:
            page = self.levels
        elif problem.data_kind != "continuous" and (
            presentation(self.session.config.family).data_view is FamilyView.PROTOTYPES
        ):
            page = self.discrete
        elif problem.n_features == 1:
            page = self.density
        else:
            page = self.scatter
        for shown, marks in ((self._scatter, self._scatter_labels), (self._density, self._density_labels)):
            if page is shown and marks is not None:
                marks.refresh()  # perhaps built just now, after the signal that chose this page
        if isinstance(page, QSplitter) and self.session.has_run:
            # the heat-map needs little width per component; the prototypes take the rest
            heatmap = min(300, 80 + 24 * self.session.n_components)
            page.setSizes([max(self.width() - heatmap, 1), heatmap])
            # every row's label known (naive Bayes): the map would only draw the labels, EM computes none
            labels = self.session.labels
            heat_map = page.widget(1)
            assert heat_map is not None  # the page is a view beside its heat-map
            heat_map.setVisible(labels is None or bool((labels < 0).any()))
        self.setCurrentWidget(page)
        for points_page in (self._scatter, self._density):
            if points_page is not None:
                points_page.set_awake(page is points_page)
        for built in (self._discrete, self._levels):
            if built is not None:
                splitter, *parts = built
                for part in parts:
                    part.set_awake(page is splitter)
