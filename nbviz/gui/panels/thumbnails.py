"""Small pictures of a fitted mixture, painted into a QPixmap (cheap enough for a gallery).

- Gaussian, two or more features: the data (first two features, or the PCA plane for more)
  coloured by hard assignment, with each component's 2-sigma ellipse.
- Gaussian, one feature: each component's weighted density curve.
- Bernoulli or multinomial image data: the prototypes as tiny images.
- Anything else (Bernoulli or multinomial features): the component weights as one stacked bar
  above a heat map of each component's probabilities (a row per component, darker = more
  probable, each row scaled to its largest value).

Every picture of one gallery uses the same `ThumbnailFrame`, so their scales can be compared, and
`aligned_to` gives matching components the same colour in every picture. Which kind a family gets
follows its `DataView` in `nbviz.app.families`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF

import nbviz.core as nc

from ...app.analysis.density_grids import weighted_marginal_densities
from ...app.analysis.ellipse_geometry import ellipse_points
from ...app.analysis.missing_cells import placed
from ...app.analysis.projection import Projection, feature_pair, pca
from ...app.data.problem import Problem
from ...app.families import DataView, presentation
from ...app.presentation.appearance import Appearance
from ..style.palette import component_color

FRAME = {False: "#c8c8c8", True: "#55585d"}  # the border, on a light or a dark background
MAX_CELLS = 20_000  # grey cells of a picture drawn as rectangles; more are drawn as an image


@dataclass(frozen=True, eq=False)
class ThumbnailFrame:
    """What every thumbnail of one data set shares: the projection and the plotted range.

    Attributes
    ----------
    kind : {"scatter", "density", "images", "weights"}
    projection : Projection or None
        For "scatter".
    lower, upper : ndarray of shape (2,) or (1,)
        The plotted data range (projected), for "scatter" and "density".
    image_shape : (int, int) or None
        For "images".
    """

    kind: str
    projection: Projection | None = None
    lower: np.ndarray | None = None
    upper: np.ndarray | None = None
    image_shape: tuple[int, int] | None = None


def frame_for(problem: Problem, family: str) -> ThumbnailFrame:
    """The kind of picture that suits `problem` fitted with `family`, and its shared scale (missing
    cells at their column means)."""
    X = placed(problem.X)
    as_points = presentation(family).data_view is DataView.POINTS
    if as_points and problem.n_features >= 2:
        projection = feature_pair(problem.columns, 0, 1) if problem.n_features == 2 else pca(X)
        points = projection.points(X)
        lower, upper = np.percentile(points, [0.5, 99.5], axis=0)
        pad = 0.08 * np.maximum(upper - lower, 1e-12)
        return ThumbnailFrame("scatter", projection, lower - pad, upper + pad)
    if as_points:
        lower, upper = X.min(axis=0), X.max(axis=0)
        pad = 0.05 * np.maximum(upper - lower, 1e-12)
        return ThumbnailFrame("density", lower=lower - pad, upper=upper + pad)
    if problem.image_shape is not None:
        rows, cols = problem.image_shape
        return ThumbnailFrame("images", image_shape=(rows, cols))
    return ThumbnailFrame("weights")


def aligned_to(model: nc.Mixture, labels: np.ndarray | None, reference: nc.Mixture):
    """`model` with its components reordered to match `reference`'s, and `labels` renumbered.

    Returns
    -------
    model : Mixture
        ``model.permuted(perm)`` with ``perm = nc.match_components(model, reference)``.
    labels : ndarray of shape (n_shown,) or None
    """
    if model.n_components != reference.n_components:
        return model, labels
    perm = nc.match_components(model, reference)
    inverse = np.empty_like(perm)
    inverse[perm] = np.arange(perm.size)
    return model.permuted(perm), None if labels is None else inverse[labels]


def draw_thumbnail(
    painter: QPainter,
    model: nc.Mixture,
    X_shown: np.ndarray | None,
    labels: np.ndarray | None,
    frame: ThumbnailFrame,
    width: int,
    height: int,
    appearance: Appearance | None = None,
) -> None:
    """Draw a picture of `model` of `width` x `height` pixels with `painter`, from (0, 0), as shapes.

    Shapes stay sharp in SVG and PDF; `thumbnail_label.drawn_pixmap` makes a pixmap of it.

    Parameters
    ----------
    painter : QPainter
    model : Mixture
    X_shown : ndarray of shape (n_shown, n_features) or None
        Data rows to scatter (for "scatter").
    labels : ndarray of shape (n_shown,) or None
        Their hard assignment under `model`.
    frame : ThumbnailFrame
    width, height : int
    appearance : Appearance, optional
        Background and component colours of its scheme, thicker lines and bigger dots in
        presentation mode (default: light, normal).
    """
    a = appearance if appearance is not None else Appearance()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    try:
        painter.fillRect(QRectF(0, 0, width, height), QColor(a.background))
        area = QRectF(2, 2, width - 4, height - 4)
        if frame.kind == "scatter":
            _scatter(painter, area, model, X_shown, labels, frame, a)
        elif frame.kind == "density":
            _densities(painter, area, model, frame, a)
        elif frame.kind == "images":
            assert frame.image_shape is not None  # frame_for gives every "images" frame its shape
            _prototypes(painter, area, model, frame.image_shape)
        else:
            _weights(painter, area, model, a.dark)
            probs = _probabilities(model)
            if probs is not None:
                _probability_rows(painter, area, probs, a.dark)
        painter.setPen(QPen(QColor(FRAME[a.dark]), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(0.5, 0.5, width - 1, height - 1))
    finally:
        painter.restore()


def _to_pixels(points: np.ndarray, area: QRectF, lower: np.ndarray, upper: np.ndarray) -> np.ndarray:
    """Data coordinates (n, 2) -> pixel coordinates (n, 2), y upwards, equal aspect not enforced."""
    span = np.maximum(upper - lower, 1e-12)
    u = (points - lower) / span
    return np.column_stack([area.left() + u[:, 0] * area.width(), area.bottom() - u[:, 1] * area.height()])


def _scatter(painter: QPainter, area: QRectF, model, X_shown, labels, frame: ThumbnailFrame, a: Appearance) -> None:
    projection, lower, upper = frame.projection, frame.lower, frame.upper
    assert projection is not None and lower is not None and upper is not None  # set for every "scatter" frame
    painter.setPen(Qt.PenStyle.NoPen)
    if X_shown is not None and labels is not None and len(X_shown):
        pixels = _to_pixels(projection.points(X_shown), area, lower, upper)
        radius = a.point_size(1.6 if len(pixels) < 800 else 1.1)
        for k in range(model.n_components):
            colour = QColor(component_color(k, a.dark))
            colour.setAlpha(150)
            painter.setBrush(colour)
            for x, y in pixels[labels == k]:
                painter.drawEllipse(QPointF(x, y), radius, radius)
    means, covariances = projection.model_gaussians(model)  # from the covariances as stored: no (K, D, D) stack
    painter.save()  # the clip is the painter's own again afterwards (a figure's clip, say)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setClipRect(area, Qt.ClipOperation.IntersectClip)
    for k in range(model.n_components):
        outline = _to_pixels(ellipse_points(means[k], covariances[k], 2.0, 48), area, lower, upper)
        colour = component_color(k, a.dark)
        painter.setPen(QPen(colour.lighter(120) if a.dark else colour.darker(120), a.line_width(1.6)))
        painter.drawPolyline(QPolygonF([QPointF(x, y) for x, y in outline]))
    painter.restore()


def _densities(painter: QPainter, area: QRectF, model, frame: ThumbnailFrame, a: Appearance) -> None:
    assert frame.lower is not None and frame.upper is not None  # set for every "density" frame
    grid = np.linspace(frame.lower[0], frame.upper[0], 120)
    points = presentation(model).points(model)
    assert points is not None  # frame_for gives "density" frames to mixtures drawn as points
    curves = weighted_marginal_densities(points, 0, grid)
    top = max(float(curves.max()), 1e-300)
    for k in range(model.n_components):
        pixels = _to_pixels(
            np.column_stack([grid, curves[k]]), area, np.array([grid[0], 0.0]), np.array([grid[-1], 1.05 * top])
        )
        painter.setPen(QPen(component_color(k, a.dark), a.line_width(1.8)))
        painter.drawPolyline(QPolygonF([QPointF(x, y) for x, y in pixels]))


def _prototypes(painter: QPainter, area: QRectF, model, shape: tuple[int, int]) -> None:
    K = model.n_components
    rows, cols = shape
    columns = max(1, math.ceil(math.sqrt(K * area.width() / area.height() * rows / cols)))
    lines = math.ceil(K / columns)
    cell = min(area.width() / columns, area.height() / lines)
    probabilities = _probabilities(model)
    assert probabilities is not None  # "images" are only of families not drawn as points: probabilities
    probs = presentation(model).prototype_pictures(probabilities)
    ink = np.ascontiguousarray(np.clip(255 - 255 * probs, 0, 255).astype(np.uint8))
    left = area.left() + (area.width() - columns * cell) / 2
    top = area.top() + (area.height() - lines * cell) / 2
    for k in range(K):
        target = QRectF(left + (k % columns) * cell + 1, top + (k // columns) * cell + 1, cell - 2, cell - 2)
        _grey_cells(painter, target, ink[k].reshape(rows, cols))


def _probabilities(model) -> np.ndarray | None:
    """The model's probabilities (n_components, n_features) as its family gives them, drawn below its
    weights; None when its parameters are not probabilities."""
    return presentation(model).probabilities(model)


def _weights(painter: QPainter, area: QRectF, model, dark: bool) -> None:
    order = np.argsort(-model.weights, kind="stable")
    x = area.left()
    if _probabilities(model) is not None:  # a thin bar on top; the probabilities fill the rest
        bar = QRectF(area.left(), area.top(), area.width(), area.height() * 0.14)
    else:
        bar = QRectF(area.left(), area.center().y() - area.height() / 4, area.width(), area.height() / 2)
    painter.setPen(Qt.PenStyle.NoPen)
    for k in order:
        w = model.weights[k] * bar.width()
        painter.setBrush(component_color(k, dark))
        painter.drawRect(QRectF(x, bar.top(), w, bar.height()))
        x += w


def _probability_rows(painter: QPainter, area: QRectF, probs: np.ndarray, dark: bool) -> None:
    K = probs.shape[0]
    top = area.top() + area.height() * 0.2
    swatch = 6.0
    rows = QRectF(area.left() + swatch + 2, top, area.width() - swatch - 2, area.bottom() - top)
    scaled = probs / np.maximum(probs.max(axis=1, keepdims=True), 1e-300)
    _grey_cells(painter, rows, np.clip(255 - 255 * scaled, 0, 255).astype(np.uint8))
    height = rows.height() / K
    painter.setPen(Qt.PenStyle.NoPen)
    for k in range(K):
        painter.setBrush(component_color(k, dark))
        painter.drawRect(QRectF(area.left(), top + k * height, swatch, height))


def _grey_cells(painter: QPainter, target: QRectF, grey: np.ndarray) -> None:
    """`grey` (rows, columns) of 0 (black) to 255 (white) filling `target`: a rectangle per cell, so that it
    stays sharp at any size in SVG and PDF; an image beyond `MAX_CELLS` cells."""
    rows, columns = grey.shape
    if rows * columns > MAX_CELLS:
        data = np.ascontiguousarray(grey)
        painter.drawImage(target, QImage(data.data, columns, rows, columns, QImage.Format.Format_Grayscale8).copy())
        return
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(Qt.PenStyle.NoPen)
    w, h = target.width() / columns, target.height() / rows
    for i in range(rows):
        for j in range(columns):
            if grey[i, j] < 255:  # white is the background already
                level = int(grey[i, j])
                # a little wider and taller than the cell, so that no seam shows between neighbours
                cell = QRectF(target.left() + j * w, target.top() + i * h, w + 0.4, h + 0.4)
                painter.fillRect(cell.intersected(target), QColor(level, level, level))
    painter.restore()
