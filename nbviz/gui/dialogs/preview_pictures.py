"""The synthesis preview's pictures: each component's chosen probabilities over its sample's average.

A component is a column: its title, the picture of its chosen probabilities, the average of its
sampled rows below it. The columns are laid out in blocks as large as the page allows, each row of
pictures named ("chosen", "sampled") on its left, and the page's legend under them all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSizeF, Qt
from PySide6.QtGui import QFont, QFontMetricsF

from ...app.presentation.appearance import Appearance
from ..plots.data.legend import DataLegend
from ..plots.data.prototypes import INK_LUT
from ..style.palette import component_color

translate = QCoreApplication.translate

MAX_COLUMNS = 6  # components side by side, at most (fewer when their titles or the page's height need it)
TITLE_POINTS = 9.0  # the titles and row names, in normal mode
TEXT_MARGIN = 4  # pixels around a label's text (a QGraphicsTextItem's document margin)
ROW_NAMES = ("chosen", "sampled")


class RowName(pg.LabelItem):
    """A row of pictures' name: asks for its length, but a shorter row does not grow for it.

    pyqtgraph makes a label's text its minimum size; a dozen rows of names would push the pictures
    out of the page where the layout's estimate is a little short.
    """

    def updateMin(self) -> None:
        super().updateMin()
        self.setMinimumHeight(0)
        width = self._sizeHint[Qt.SizeHint.MinimumSize][0]
        self._sizeHint[Qt.SizeHint.MinimumSize] = (width, 0)


@dataclass(frozen=True)
class PictureLayout:
    """How the pictures are laid out: `columns` side by side, row names written `upwards` or across,
    titles on one line ("3 (120 rows)") or `wrapped` after the component."""

    columns: int
    upwards: bool
    wrapped: bool = False


@dataclass(frozen=True)
class PictureSizes:
    """What the pictures share the page with, in pixels.

    Attributes
    ----------
    title : (float, float)
        The widest title's width on one line and wrapped on two.
    line : float
        A line of text's height, with its margins (a row name's width, written upwards).
    name : float
        The longest row name's length, with its margins.
    legend : float
        The legend's height (0 without one).
    margin, spacing : float
        The layout's margin around everything and spacing between rows and columns.
    """

    title: tuple[float, float]
    line: float
    name: float
    legend: float
    margin: float = 9.0
    spacing: float = 6.0


PADDING = 1.04  # a picture's view box is this much larger than the picture (pyqtgraph's padding 0.02)


def picture_side(n_components: int, room: QSizeF, sizes: PictureSizes, layout: PictureLayout) -> float:
    """A picture's side in pixels when `n_components` are laid out as `layout` in `room` (0: none fit)."""
    columns, gap, line = layout.columns, sizes.spacing, sizes.line
    blocks = math.ceil(n_components / columns)
    width = (room.width() - 2 * sizes.margin - (line if layout.upwards else sizes.name) - columns * gap) / columns
    if columns > 1 and width < sizes.title[layout.wrapped]:
        return 0.0
    title = line + (line - 2 * TEXT_MARGIN if layout.wrapped else 0.0)
    height = room.height() - 2 * sizes.margin - (sizes.legend + gap if sizes.legend else 0.0)
    height = (height - blocks * (title + gap) - 2 * blocks * gap) / (2 * blocks)
    if layout.upwards and height < sizes.name:
        return 0.0  # the names would run into each other
    return max(min(width, height), 0.0) / PADDING


def picture_layout(n_components: int, room: QSizeF, sizes: PictureSizes) -> PictureLayout:
    """The layout that draws the pictures largest in `room` (pixels), every title in its column's width.

    Row names go upwards (narrow) where the rows are as tall as a name, across otherwise; titles
    wrap only where that lets more columns in. A tie goes to the first of: upwards, on one line,
    fewer columns; one column when nothing fits.
    """
    layouts = [
        PictureLayout(columns, upwards, wrapped)
        for wrapped in (False, True)
        for upwards in (True, False)
        for columns in range(1, min(n_components, MAX_COLUMNS) + 1)
    ]
    best = max(layouts, key=lambda layout: picture_side(n_components, room, sizes, layout))
    return best if picture_side(n_components, room, sizes, best) > 0 else PictureLayout(1, False)


class PreviewPictures(pg.GraphicsLayoutWidget):
    """The pictures page of `SynthesisPreview`, with `legend` (laid out by its owner, None) under them.

    Attributes
    ----------
    images : list of (pg.ImageItem, pg.ImageItem)
        Each component's chosen and sampled picture.
    titles : list of pg.LabelItem
    names : list of pg.LabelItem
        The rows' names.
    """

    def __init__(self, appearance: Appearance, legend: DataLegend):
        super().__init__()
        self.appearance = appearance
        self.legend = legend
        self.images: list[tuple[pg.ImageItem, pg.ImageItem]] = []
        self.titles: list[pg.LabelItem] = []
        self.names: list[pg.LabelItem] = []
        self._key: tuple | None = None  # what the layout was built for

    def restyle(self) -> None:
        """Take the appearance's background; the titles are laid out again (their size changes)."""
        self.setBackground(self.appearance.background)
        self._key = None

    def choose_layout(self, n_components: int, n_rows: int, room: QSizeF) -> PictureLayout:
        """The layout for `n_components` of at most `n_rows` rows each in `room` (the page's size)."""
        font = QFont(self.font())
        font.setPointSizeF(self.appearance.font_size(TITLE_POINTS))
        metrics = QFontMetricsF(font)
        text = 2 * TEXT_MARGIN
        rows = translate("nbviz", "({0} rows)").format(n_rows)
        widest = (f"{n_components} {rows}", rows)  # on one line, and wrapped
        title = (metrics.horizontalAdvance(widest[0]) + text, metrics.horizontalAdvance(widest[1]) + text)
        name = max(metrics.horizontalAdvance(name) for name in ROW_NAMES) + text
        legend = self.legend.item
        margin = self.ci.layout.getContentsMargins()[0]
        spacing = self.ci.layout.verticalSpacing()
        legend_height = legend.boundingRect().height() if legend.isVisible() else 0.0
        sizes = PictureSizes(title, metrics.height() + text, name, legend_height, margin, spacing)
        return picture_layout(n_components, room, sizes)

    def fits(self, n_components: int, n_rows: int, room: QSizeF) -> bool:
        """Whether the pictures drawn are laid out as `room` asks (False: draw them again)."""
        return self._key is not None and self._key[2] == self.choose_layout(n_components, n_rows, room)

    def draw(self, probs: np.ndarray, sample: np.ndarray, z: np.ndarray, shape: tuple[int, int], room: QSizeF) -> None:
        """Each component's `probs` row over its `sample` row (NaN: no rows), as `shape` pictures.

        Parameters
        ----------
        probs, sample : ndarray of shape (n_components, n_features)
        z : ndarray of shape (n_rows,)
            The true component of each sampled row.
        room : QSizeF
            The page's size, in pixels.
        """
        K = len(probs)
        key = (K, shape, self.choose_layout(K, len(z), room))
        if key != self._key:
            self._build(K, key[2])
            self._key = key
        wrapped = key[2].wrapped
        for k, (chosen, sampled) in enumerate(self.images):
            chosen.setImage(probs[k].reshape(shape), autoLevels=False, levels=(0.0, 1.0))
            if np.isnan(sample[k]).any():
                sampled.clear()
            else:
                sampled.setImage(sample[k].reshape(shape), autoLevels=False, levels=(0.0, 1.0))
            number = f"<span style='color:{component_color(k, self.appearance.dark).name()}'><b>{k + 1}</b></span>"
            rows = translate("nbviz", "({0} rows)").format(int(np.count_nonzero(z == k)))
            text = f"<div align='center'>{number}<br>{rows}</div>" if wrapped else f"{number} {rows}"
            title = self.titles[k]
            title.item.setTextWidth(-1)  # its natural width: the wrapped lines are centred in it
            title.setText(text, color=self.appearance.foreground)
            title.item.setTextWidth(title.item.document().idealWidth())

    def _build(self, K: int, layout: PictureLayout) -> None:
        """K titles and pictures, `layout.columns` to a row, each row of pictures named on its left."""
        self.clear()
        self.images, self.titles, self.names = [], [], []
        columns = layout.columns
        size = f"{self.appearance.font_size(TITLE_POINTS):.1f}pt"
        for block in range(math.ceil(K / columns)):
            for offset, text in enumerate(ROW_NAMES, start=1):
                name = RowName(text, angle=-90 if layout.upwards else 0, size=size, color=self.appearance.foreground)
                self.addItem(name, row=3 * block + offset, col=0)
                self.names.append(name)
        for k in range(K):
            row, col = 3 * (k // columns), 1 + k % columns
            title = self.addLabel("", row=row, col=col, size=size)
            boxes = []
            for offset in (1, 2):
                box = self.addViewBox(
                    row=row + offset, col=col, lockAspect=True, enableMouse=False, invertY=True, defaultPadding=0.02
                )
                image = pg.ImageItem(axisOrder="row-major")
                image.setLookupTable(INK_LUT)
                box.addItem(image)
                boxes.append(image)
            self.images.append((boxes[0], boxes[1]))
            self.titles.append(title)
        # under the pictures, across them (clear took it out of the layout)
        self.addItem(self.legend.item, row=3 * math.ceil(K / columns), col=0, colspan=columns + 1)
        self.ci.layout.setAlignment(self.legend.item, Qt.AlignmentFlag.AlignHCenter)
