"""What a figure is drawn from: the interface the figure exports need, which the main window provides.

The figures depend on this, not on the window: a figure takes the session's state, the window's
appearance and view services (to build fresh views like the window's), the views on screen whose
size and choices it copies, and the exploration results it draws (Choose K, the restart gallery).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ...app.presentation.appearance import Appearance
    from ...app.presentation.view_options import ViewOptions
    from ...app.run.labelling import Labelling
    from ...app.run.session import Session
    from ..panels.choose_k import ChooseKPanel
    from ..panels.restarts import RestartPanel
    from ..plots.data.data_view import DataView
    from ..plots.run.bound_view import BoundView
    from ..plots.run.objective_curve import ObjectiveCurve


class FigureSource(Protocol):
    """The session, appearance, views and results a figure is drawn from (the main window is one).

    Attributes
    ----------
    session : Session
        The run a figure shows (at its cursor).
    appearance : Appearance
        The window's: a figure takes its colour scheme.
    labelling, view_options : Labelling, ViewOptions
        The window's services, given to a figure's fresh views so they draw the same layers.
    data_view, objective, bound_view : DataView, ObjectiveCurve, BoundView
        The views on screen: a figure copies their size and choices (axes, zoom, slice).
    choose_k, restarts : ChooseKPanel, RestartPanel
        The explorations: their results are what the Choose K and gallery figures draw.
    """

    @property
    def session(self) -> Session: ...

    @property
    def appearance(self) -> Appearance: ...

    @property
    def labelling(self) -> Labelling: ...

    @property
    def view_options(self) -> ViewOptions: ...

    @property
    def data_view(self) -> DataView: ...

    @property
    def objective(self) -> ObjectiveCurve: ...

    @property
    def bound_view(self) -> BoundView: ...

    @property
    def choose_k(self) -> ChooseKPanel: ...

    @property
    def restarts(self) -> RestartPanel: ...
