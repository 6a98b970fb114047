"""Many points as one rasterised image: fast recolouring for points that do not move.

Between EM half-steps the data points stay where they are and only their colours change. Drawing
them as separate scatter symbols costs Qt one symbol per point per frame; here the points are
splatted into a single image at the plot's own pixel resolution, so recolouring N points is a
handful of numpy scatter-writes, and drawing them is one unscaled copy of pixels (`PixelImage`).

Positions are converted to pixel offsets only when the view range or the widget size changes;
each point is a round dot (a disc of pixels with a one-pixel darker rim), later points drawn over
earlier ones. With `set_shapes` a point can instead be one of the marker `SHAPES` (pyqtgraph's own
symbols, so a legend or a mean marker can show the same shape). With `set_hollow` some points are
hollow: a rim in their colour around a fill of the background's (rows with missing cells).
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from pyqtgraph.graphicsItems.ScatterPlotItem import Symbols
from PySide6.QtCore import QPoint, QPointF, QRectF
from PySide6.QtGui import QImage

# (upper bound on N, disc radius in device pixels): fewer points get bigger dots.
DOT_RADII = ((2_000, 3.5), (20_000, 2.5), (np.inf, 1.6))
RIM_SHADE = 0.6  # rim colour = this fraction of the fill colour
# Marker shapes, one per component (cycled past ten): pyqtgraph symbol names, the circle first.
SHAPES = ("o", "s", "t1", "d", "t", "+", "x", "t3", "t2", "star")
SHAPE_GROWTH = 1.3  # a shape's width over the circle's diameter: thin shapes need the room


def dot_radius(n_points: int) -> float:
    """Disc radius in device pixels for `n_points` points."""
    return next(radius for limit, radius in DOT_RADII if n_points <= limit)


def disc_offsets(radius: float, rim: bool = True) -> tuple[np.ndarray, int]:
    """Pixel offsets of one dot: the rim (one pixel wide) first, then the fill.

    Returns
    -------
    offsets : ndarray of shape (n_pixels, 2), int
        (dx, dy) pairs; the first `n_rim` are rim pixels.
    n_rim : int
    """
    outer = radius + 1.0 if rim else radius
    span = int(np.ceil(outer))
    dy, dx = np.mgrid[-span : span + 1, -span : span + 1]
    r2 = dx**2 + dy**2
    fill = r2 <= radius**2
    ring = (r2 <= outer**2) & ~fill
    offsets = np.concatenate([np.column_stack([dx[ring], dy[ring]]), np.column_stack([dx[fill], dy[fill]])])
    return offsets, int(ring.sum())


def shape_offsets(symbol: str, radius: float) -> tuple[np.ndarray, int]:
    """Pixel offsets of one marker of pyqtgraph `symbol`: the rim (one pixel around it) first, then the fill.

    The circle ("o") is the dot of `disc_offsets`; other shapes are pyqtgraph's symbol outline scaled
    to ``2 * radius * SHAPE_GROWTH`` pixels, y pointing up (row 0 of the layer is at the bottom).

    Returns
    -------
    offsets : ndarray of shape (n_pixels, 2), int
    n_rim : int
    """
    if symbol == "o":
        return disc_offsets(radius)
    path = Symbols[symbol]
    size = 2.0 * radius * SHAPE_GROWTH
    span = int(np.ceil(size / 2)) + 1
    dy, dx = np.mgrid[-span : span + 1, -span : span + 1]
    # symbol paths are in a unit box with y pointing down on screen
    fill = np.array([path.contains(QPointF(x / size, -y / size)) for x, y in zip(dx.ravel(), dy.ravel())])
    fill = fill.reshape(dx.shape)
    grown = np.zeros_like(fill)
    for sy in (-1, 0, 1):  # one pixel around the fill (8-neighbourhood)
        for sx in (-1, 0, 1):
            grown |= np.roll(np.roll(fill, sy, axis=0), sx, axis=1)
    ring = grown & ~fill
    offsets = np.concatenate([np.column_stack([dx[ring], dy[ring]]), np.column_stack([dx[fill], dy[fill]])])
    return offsets, int(ring.sum())


def _outer_band_first(offsets: np.ndarray, n_rim: int, radius: float) -> tuple[np.ndarray, int]:
    """A dot's offsets (`disc_offsets`) with the fill's outer band (the pixels within one of its edge)
    right after the rim, and the band's size: a hollow dot draws its rim and band in its colour."""
    fill = offsets[n_rim:]
    outer = (fill**2).sum(axis=1) > (radius - 1.0) ** 2
    return np.concatenate([offsets[:n_rim], fill[outer], fill[~outer]]), int(outer.sum())


def _padded_offsets(symbols: list[str], radius: float) -> tuple[np.ndarray, int]:
    """Offsets of several shapes with one common layout: (n_shapes, n_rim + n_fill, 2) and n_rim.

    Each shape's rim and fill are padded to the longest by repeating their own first pixel, so
    every point writes its rim before its fill and the point order is kept across shapes.
    """
    parts = [shape_offsets(symbol, radius) for symbol in symbols]
    n_rim = max(n for _, n in parts)
    n_fill = max(len(o) - n for o, n in parts)
    padded = np.empty((len(parts), n_rim + n_fill, 2), dtype=int)
    for i, (offsets, n) in enumerate(parts):
        rim, fill = offsets[:n], offsets[n:]
        padded[i, :n_rim] = np.concatenate([rim, np.repeat(rim[:1], n_rim - n, axis=0)])
        padded[i, n_rim:] = np.concatenate([fill, np.repeat(fill[:1], n_fill - len(fill), axis=0)])
    return padded, n_rim


class PixelImage(pg.GraphicsObject):
    """An image that covers a rectangle of its view pixel for pixel, drawn as one unscaled copy.

    The pixels are premultiplied ARGB32 (Qt's own format, which its painter copies without
    converting) in rows from the top of the screen down. When the rectangle maps onto exactly the
    image's size in device pixels (the point layer's case) the image is copied to whole-pixel
    coordinates; otherwise (an export at another scale) it is drawn stretched over the rectangle.
    """

    def __init__(self):
        super().__init__()
        self._pixels = np.zeros((0, 0), dtype=np.uint32)  # kept alive: the QImage shares its memory
        self._qimage = QImage()
        self._rect = QRectF()

    def set_pixels(self, pixels: np.ndarray, rect: QRectF) -> None:
        """Show `pixels`, shape (H, W) uint32 ARGB values (C-contiguous, top row first), over `rect` (data units)."""
        H, W = pixels.shape
        self._pixels = pixels
        self._qimage = QImage(pixels.data, W, H, 4 * W, QImage.Format.Format_ARGB32_Premultiplied)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(rect)
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(self._rect)

    def paint(self, painter, *args) -> None:
        image = self._qimage
        if image.isNull() or self._rect.isEmpty():
            return
        transform = painter.transform()
        target = transform.mapRect(self._rect)
        one_to_one = abs(target.width() - image.width()) < 0.5 and abs(target.height() - image.height()) < 0.5
        if one_to_one and not transform.isRotating() and transform.m22() < 0:  # a plot's y-up view
            painter.save()
            painter.resetTransform()  # device pixels: one unscaled, unconverted copy
            painter.drawImage(QPoint(round(target.left()), round(target.top())), image)
            painter.restore()
            return
        # rows run down the screen, the rectangle's y up: flip about its middle, then stretch over it
        painter.save()
        painter.translate(0.0, self._rect.top() + self._rect.bottom())
        painter.scale(1.0, -1.0)
        painter.drawImage(self._rect, image)
        painter.restore()


class PointLayer:
    """Points drawn as one `PixelImage` covering the view rectangle of a ViewBox.

    Parameters
    ----------
    view_box : pg.ViewBox
        Where the layer lives; the layer follows its range and size.
    z_value : float
        Stacking order of the image in the view.
    radius_change : float
        Added to the default dot radius (`dot_radius`), e.g. -1 for smaller dots.
    """

    def __init__(self, view_box: pg.ViewBox, z_value: float = 5.0, radius_change: float = 0.0):
        self.view_box = view_box
        self.radius_change = radius_change
        self.image_item = PixelImage()
        self.image_item.setZValue(z_value)
        self.image_item.hide()  # until there are points
        view_box.addItem(self.image_item, ignoreBounds=True)
        self.positions = np.zeros((0, 2))  # (N, 2) data coordinates
        self.colors = np.zeros((0, 3), dtype=np.uint8)  # (N, 3)
        self.pixels = np.zeros((1, 1), dtype=np.uint32)  # (H, W) ARGB as drawn, top row first
        self._packed_fill = np.zeros(0, dtype=np.uint32)
        self._packed_rim = np.zeros(0, dtype=np.uint32)
        self._packed_band = np.zeros(0, dtype=np.uint32)  # the fill's outer band: the fill's colour, or a hollow rim
        self._n_rim = self._n_band = 0  # each point's rim pixels, then its band's, then the rest of its fill
        # (x0, y0, sx, sy, W, H, pad, radius): the data -> pixel mapping
        self._geometry: tuple[float, float, float, float, int, int, int, float] | None = None
        self._visible = np.zeros(0, dtype=np.intp)  # indices of points within the image
        self._flat = np.zeros((0, 0), dtype=np.intp)  # (n_visible, n_offsets) padded-image indices
        self._pixels = np.zeros((0, 2))  # (N, 2) pixel coordinates (float) of every point
        self.shapes: np.ndarray | None = None  # (N,) index into SHAPES per point; None: all round dots
        self.hollow: np.ndarray | None = None  # (N,) bool: drawn hollow; None: every point filled
        self._hollow_fill = np.array([255, 255, 255], dtype=np.uint8)
        # (pixels, sources): the padded-image pixels the points cover and, for each, the index into
        # [fill colours of the visible points, their rim colours, their band colours] of the point
        # drawn last there; worked out at the second render with one geometry (a recolouring), None until then
        self._owners: tuple[np.ndarray, np.ndarray] | None = None
        self._fresh = True  # the geometry changed since the last render
        view_box.sigRangeChanged.connect(self._view_changed)
        view_box.sigResized.connect(self._view_changed)

    @property
    def image(self) -> np.ndarray:
        """The layer as RGBA, shape (H, W, 4) uint8, row 0 at the bottom (a copy)."""
        argb = self.pixels[::-1]
        return np.stack([(argb >> shift & 0xFF).astype(np.uint8) for shift in (16, 8, 0, 24)], axis=-1)

    # ----------------------------------------------------------------- data
    def set_positions(self, positions: np.ndarray) -> None:
        """Points in data coordinates, shape (N, 2); colours reset to grey until `set_colors`."""
        self.positions = np.ascontiguousarray(positions, dtype=float).reshape(-1, 2)
        grey = np.full((len(self.positions), 3), 128, dtype=np.uint8)
        self._geometry = None
        self.shapes = None
        if self.hollow is not None and len(self.hollow) != len(self.positions):
            self.hollow = None
        self.set_colors(grey)

    def set_shapes(self, shapes: np.ndarray | None) -> None:
        """Marker shape per point, shape (N,) of indices into `SHAPES` (cycled), or None for round dots.

        Takes effect at the next `render` (`set_colors` renders).
        """
        if shapes is not None:
            shapes = np.asarray(shapes, dtype=np.intp) % len(SHAPES)
            if shapes.shape != (len(self.positions),):
                raise ValueError(
                    f"set_shapes got {shapes.shape[0]} shapes for {len(self.positions)} points; give one per point"
                )
        same = (shapes is None and self.shapes is None) or (
            shapes is not None and self.shapes is not None and np.array_equal(shapes, self.shapes)
        )
        if not same:
            self.shapes = shapes
            self._geometry = None

    def set_hollow(self, hollow: np.ndarray | None, fill_rgb=(255, 255, 255)) -> None:
        """Which points are hollow, shape (N,) of bool (None: none), and the colour inside them (the
        background's). Takes effect at the next `set_colors`."""
        if hollow is not None and np.asarray(hollow).shape != (len(self.positions),):
            raise ValueError(f"set_hollow got {np.shape(hollow)} for {len(self.positions)} points; give one per point")
        self.hollow = None if hollow is None else np.asarray(hollow, dtype=bool)
        self._hollow_fill = np.asarray(fill_rgb, dtype=np.uint8).reshape(3)
        self.colors = np.zeros((0, 3), dtype=np.uint8)  # the next set_colors packs and renders again

    def set_colors(self, rgb: np.ndarray) -> None:
        """Per-point colours, shape (N, 3) uint8, and redraw (nothing to do when nothing changed)."""
        rgb = np.asarray(rgb, dtype=np.uint8)
        if self._geometry is not None and self.image_item.isVisible() and np.array_equal(rgb, self.colors):
            return  # an M-step: the same responsibilities, the same colours
        self.colors = rgb
        self._packed_fill = _pack(rgb)
        self._packed_rim = _pack((rgb * RIM_SHADE).astype(np.uint8))
        self._packed_band = self._packed_fill.copy()
        if self.hollow is not None and self.hollow.any():  # a ring in the point's colour, the background inside
            self._packed_band[self.hollow] = self._packed_fill[self.hollow]
            self._packed_fill[self.hollow] = _pack(self._hollow_fill[None, :])[0]
        self.render()

    # ----------------------------------------------------------------- pixels
    def pixel_size(self) -> tuple[int, int]:
        """Size (W, H) in device pixels of the view box's data area."""
        ratio = 1.0
        scene = self.view_box.scene()
        if scene is not None and scene.views():
            ratio = scene.views()[0].devicePixelRatioF()
        rect = self.view_box.boundingRect()
        return max(1, int(round(rect.width() * ratio))), max(1, int(round(rect.height() * ratio)))

    def _view_changed(self, *_) -> None:
        if len(self.positions):
            self.render()

    def _update_geometry(self) -> None:
        (x0, x1), (y0, y1) = self.view_box.viewRange()
        W, H = self.pixel_size()
        radius = max(1.0, dot_radius(len(self.positions)) + self.radius_change)
        if self.shapes is None:
            offsets, self._n_rim = disc_offsets(radius)
            offsets, self._n_band = _outer_band_first(offsets, self._n_rim, radius)
            layouts = offsets[None]
        else:  # shapes: a hollow shape is its one-pixel rim around the background
            layouts, self._n_rim = _padded_offsets(list(SHAPES), radius)
            self._n_band = 0
        span = int(np.abs(layouts).max())
        pad = 2 * span  # a dot centred up to `span` pixels outside the image still fits
        geometry = (x0, y0, W / max(x1 - x0, 1e-300), H / max(y1 - y0, 1e-300), W, H, pad, radius)
        if geometry == self._geometry:
            return
        self._geometry = geometry
        self._owners = None
        self._fresh = True  # the next render splats every point (and the one after finds the owners)
        sx, sy = geometry[2], geometry[3]
        pixels = np.empty_like(self.positions)
        np.multiply(self.positions[:, 0] - x0, sx, out=pixels[:, 0])
        np.multiply(self.positions[:, 1] - y0, sy, out=pixels[:, 1])
        self._pixels = pixels
        with np.errstate(invalid="ignore"):
            col = np.floor(pixels[:, 0])
            row = np.floor(pixels[:, 1])
            inside = (col >= -span) & (col < W + span) & (row >= -span) & (row < H + span)
        self._visible = np.flatnonzero(inside)
        stride = W + 2 * pad
        rows = row[self._visible].astype(np.intp) + pad
        cols = col[self._visible].astype(np.intp) + pad
        centre = rows * stride + cols
        shift = layouts[..., 1] * stride + layouts[..., 0]  # (n_layouts, n_offsets)
        which = np.zeros(len(self._visible), dtype=np.intp) if self.shapes is None else self.shapes[self._visible]
        self._flat = centre[:, None] + shift[which]
        self._padded = np.zeros((H + 2 * pad, stride), dtype=np.uint32)

    def render(self) -> None:
        """Splat every visible point into the image and hand it to the `PixelImage`."""
        if len(self.positions) == 0:
            self.pixels = np.zeros((1, 1), dtype=np.uint32)
            self.image_item.set_pixels(self.pixels, QRectF())
            self.image_item.hide()
            return
        self._update_geometry()
        assert self._geometry is not None  # set by _update_geometry
        x0, y0, sx, sy, W, H, pad, _ = self._geometry
        padded = self._padded
        visible = self._visible
        if self._fresh:  # a new geometry (zoom, pan, resize): splat every pixel of every point
            self._fresh = False
            padded.fill(0)
            values = np.empty(self._flat.shape, dtype=np.uint32)
            band_end = self._n_rim + self._n_band
            values[:, : self._n_rim] = self._packed_rim[visible, None]
            values[:, self._n_rim : band_end] = self._packed_band[visible, None]
            values[:, band_end:] = self._packed_fill[visible, None]
            # numpy's 1-D fancy assignment writes in index order (so each point's disc covers earlier
            # points); its documentation does not promise this, so the tests check it.
            padded.ravel()[self._flat.ravel()] = values.ravel()
        else:  # the same pixels again in new colours (a half-step): write each pixel once
            if self._owners is None:
                self._owners = self._owned_pixels()
            pixels, sources = self._owners
            colours = np.concatenate(
                [self._packed_fill[visible], self._packed_rim[visible], self._packed_band[visible]]
            )
            padded.ravel()[pixels] = colours[sources]
        self.pixels = np.ascontiguousarray(padded[pad : pad + H, pad : pad + W][::-1])
        self.image_item.set_pixels(self.pixels, QRectF(x0, y0, W / sx, H / sy))
        self.image_item.show()

    def _owned_pixels(self) -> tuple[np.ndarray, np.ndarray]:
        """The covered pixels of the padded image (M,) and the colour each takes (M,), see `_owners`.

        The colour is that of the last write `render` makes there (a later point covers an earlier
        one, a point's fill its rim), found by writing the writes' order numbers the same way.
        """
        flat = self._flat.ravel()
        last = np.full(self._padded.size, -1, dtype=np.intp)
        last[flat] = np.arange(len(flat))
        pixels = np.flatnonzero(last >= 0)
        point, offset = np.divmod(last[pixels], self._flat.shape[1])
        n = len(self._visible)
        sources = np.where(
            offset < self._n_rim, point + n, np.where(offset < self._n_rim + self._n_band, point + 2 * n, point)
        )
        return pixels, sources

    # ----------------------------------------------------------------- hit testing
    def nearest(self, x: float, y: float, max_pixels: float) -> int:
        """Index of the point nearest to data position (x, y) in screen distance, or -1.

        Only points within `max_pixels` (logical pixels) count; among equally near points the one
        drawn last (on top) wins.
        """
        if len(self.positions) == 0:
            return -1
        self._update_geometry()
        assert self._geometry is not None  # set by _update_geometry
        x0, y0, sx, sy, *_ = self._geometry
        ratio = self.pixel_size()[0] / max(self.view_box.boundingRect().width(), 1e-9)
        dx = self._pixels[:, 0] - (x - x0) * sx
        dy = self._pixels[:, 1] - (y - y0) * sy
        d2 = dx * dx + dy * dy
        best = len(d2) - 1 - int(np.nanargmin(d2[::-1]))
        return best if d2[best] <= (max_pixels * ratio) ** 2 else -1


def _pack(rgb: np.ndarray) -> np.ndarray:
    """Opaque colours packed into one ARGB uint32 per row (0xAARRGGBB, Qt's ARGB32)."""
    rgb = rgb.astype(np.uint32)
    return (0xFF000000 | rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2]).astype(np.uint32)
