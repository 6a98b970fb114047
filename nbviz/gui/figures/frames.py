"""Pictures of any half-step of a run, drawn off screen, for animations and the handout.

`FrameViews` keeps a data view (and optionally the objective curve, whose dashed line marks the
half-step) of a read-only copy of the session (`nbviz.app.run.session_copy`): moving the copy's
cursor redraws them, and the window, its cursor and its undo stack are left alone. `FrameViews.render`
is the one entry point exports use; the views are drawn by the figure exporter's `paint`, the caption
along the bottom.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QWidget

from ...app.data.half_steps import caption
from ...app.presentation.appearance import Appearance
from ...app.presentation.view_options import ViewOptions
from ...app.run.session import Session
from ...app.run.session_copy import read_only_copy
from ..plots.data.data_view import DataView
from ..plots.run.objective_curve import ObjectiveCurve
from .render import Figure, paint

OBJECTIVE_SHARE = 0.4  # of a frame's width, for the objective curve (and its key) beside the data view
MIN_FRAME = (160, 120)  # pixels: a smaller frame has no room for axes and a caption


MIN_CAPTION_PIXELS = 9


def caption_font(text: str, width: int, height: int, appearance: Appearance) -> QFont:
    """The caption's font for a frame of `width` x `height` pixels: large enough to read when the frame
    is shown small, larger in presentation mode, and shrunk until `text` fits the width if it must."""
    font = QFont()
    pixels = int(round(appearance.font_size(max(11.0, height / 40))))
    font.setPixelSize(pixels)
    while pixels > MIN_CAPTION_PIXELS and QFontMetrics(font).horizontalAdvance(text) > width:
        pixels -= 1
        font.setPixelSize(pixels)
    return font


def hide_controls(widget: QWidget) -> None:
    """Hide the menus in `widget` and their labels (texts ending in a colon): a figure has no controls."""
    for control in widget.findChildren(QComboBox):
        control.hide()
    for label in widget.findChildren(QLabel):
        if label.text().rstrip().endswith(":"):
            label.hide()


class FrameViews(QObject):
    """Off-screen views of a read-only copy of `session`, drawn at any half-step.

    Parameters
    ----------
    session : Session
        Its data, model choice and history are copied now; later changes to it are not followed.
    with_objective : bool
        Draw the objective curve beside the data view, its dashed line at the half-step.
    appearance : Appearance, optional
        The window's: the frames use its colours and sizes (copied now).
    view_options : ViewOptions, optional
        The window's: the frames draw the same layers (copied now).
    like : DataView, optional
        The window's data view: the frames show the same projection of wide data.
    """

    def __init__(
        self,
        session: Session,
        *,
        with_objective: bool = False,
        appearance: Appearance | None = None,
        view_options: ViewOptions | None = None,
        like: DataView | None = None,
        parent=None,
    ):
        super().__init__(parent)
        self.session = read_only_copy(session, self)
        self.appearance = Appearance(
            self,
            presentation=appearance is not None and appearance.presentation,
            dark=appearance is not None and appearance.dark,
        )
        self.appearance.screen = False  # an animation's frames are figures: their own sizes, the legend over the plot
        options = ViewOptions(self, **(view_options.values() if view_options is not None else {}))
        self.data_view = DataView(self.session, appearance=self.appearance, view_options=options)
        self.objective = ObjectiveCurve(self.session, appearance=self.appearance) if with_objective else None
        scatter = self.data_view.scatter
        shown = None if like is None else like.scatter.axes_bar.current()
        if isinstance(shown, tuple) and scatter.axes_bar.n_features > 2:  # the window's feature pair, not PCA
            scatter.axes_bar.choose_pair(*shown)
        scatter.axes_bar.hide()  # controls have no place in a figure
        self._widgets: list[QWidget] = [self.data_view]
        if self.objective is not None:
            self.objective.view_bar.hide()
            self._widgets.append(self.objective)
        for widget in self._widgets:
            hide_controls(widget)
            widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
            widget.show()

    @property
    def length(self) -> int:
        """Half-steps in the copied history."""
        return len(self.session.history)

    def caption(self, index: int) -> str:
        """The caption drawn under half-step `index`."""
        config = self.session.config
        return caption(self.session.history, index, config.prior.is_flat, config.supervised)

    def render(self, index: int, size: QSize, scale: float = 1.0) -> QImage:
        """Half-step `index` drawn in a `size` image, the caption along the bottom.

        `scale` > 1 draws `scale` times as many pixels each way (sharp text and lines on paper or a
        high-resolution screen; the image's device pixel ratio says so). Raises ValueError for an
        index outside the history or a size too small for a figure.
        """
        width, height = size.width(), size.height()
        if width < MIN_FRAME[0] or height < MIN_FRAME[1]:
            raise ValueError(
                f"a frame of {width}x{height} pixels is too small; use at least {MIN_FRAME[0]}x{MIN_FRAME[1]}"
            )
        if not 0 <= index < self.length:
            raise ValueError(f"there is no half-step {index}: the run has half-steps 0 to {self.length - 1}")
        self.session.set_cursor(index)
        text = self.caption(index)
        font = caption_font(text, width - 16, height, self.appearance)
        strip = int(QFontMetrics(font).height() * 1.8)
        plots = height - strip
        data_width = width if self.objective is None else int(round(width * (1 - OBJECTIVE_SHARE)))
        self.data_view.resize(data_width, plots)
        if self.objective is not None:
            self.objective.resize(width - data_width, plots)
            layout = self.objective.layout()
            assert layout is not None  # made in ObjectiveCurve.__init__
            layout.activate()  # now, not when the event loop gets to it: the key fits the width drawn
            fit_axis_text(self.objective)
        image = QImage(int(round(width * scale)), int(round(height * scale)), QImage.Format.Format_RGB32)
        image.setDevicePixelRatio(scale)
        image.fill(QColor(self.appearance.background))
        parts: list[QWidget] = [self.data_view] if self.objective is None else [self.data_view, self.objective]
        figure = Figure(
            parts, QColor(self.appearance.background), origins=[QPoint(0, 0), QPoint(data_width, 0)][: len(parts)]
        )
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            # as exported figures are drawn; at 1x with the items' cached pixmaps and raster points
            # (benchmarks/animation.py: gmm-2d's 101 frames 4.8 s, 9.5 s as shapes), at 2x as shapes (sharp)
            paint(figure, painter, shapes=scale != 1.0)
            painter.setFont(font)
            painter.setPen(QColor(self.appearance.foreground))
            text = QFontMetrics(font).elidedText(text, Qt.TextElideMode.ElideRight, width - 16)  # below 9 px
            painter.drawText(QRect(8, plots, width - 16, strip), Qt.AlignmentFlag.AlignCenter, text)
        finally:
            painter.end()
        return image

    def close(self) -> None:
        """Delete the off-screen views (the copy goes with this object)."""
        for widget in self._widgets:
            widget.hide()
            widget.deleteLater()
        self._widgets = []
        self.deleteLater()


def fit_axis_text(widget: QWidget) -> None:
    """Let the axes of `widget`'s plots take the width their tick labels need, before it is drawn.

    A pyqtgraph axis measures its labels while it paints and widens itself afterwards; labels too
    wide for the axis (an objective such as -8.46342) are left out of that first picture. Drawn once
    into a scratch image, measured, then laid out again, the frame has every label.
    """
    widget.render(QImage(max(widget.width(), 1), max(widget.height(), 1), QImage.Format.Format_RGB32))
    QApplication.sendPostedEvents()  # the axes' new widths: the plots lay themselves out again
    layout = widget.layout()
    if layout is not None:
        layout.activate()
