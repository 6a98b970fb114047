"""Qt's SVG made portable: what librsvg, browsers and Inkscape draw as Qt's own renderer does.

`QSvgGenerator` writes a shape drawn under a transform as the shape in its own coordinates inside
``<g transform="matrix(...)">``. pyqtgraph draws curves, ellipses and markers in data (or unit
symbol) coordinates with cosmetic pens, which Qt marks ``vector-effect="non-scaling-stroke"``:
a renderer that ignores that property (librsvg, ImageMagick) scales a one-pixel pen by the view's
transform, so an ellipse in data units 60 pixels wide gets a 60-pixel stroke and a marker of size
11 an 11-times wider ring. Here every stroked shape under such a transform is rewritten in the
figure's coordinates (the transform applied to its points), so that a stroke of width w is w
pixels wide in every renderer. The file's size is also given in pixels (Qt writes millimetres at
its own resolution, which other renderers turn into another pixel size).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)

_MATRIX = re.compile(r"matrix\(([^)]*)\)")
_TOKEN = re.compile(r"[MLCQZmlcqz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SHAPES = {f"{{{SVG_NS}}}{name}" for name in ("path", "polyline", "polygon", "rect", "ellipse", "circle")}
MAX_SHARP_SIDE = 4000  # an enlarged image's longest side in pixels (a heat-map drawn on a 4K figure)
_KAPPA = 0.5522847498  # cubic Bézier control distance of a quarter circle of radius 1

Matrix = tuple[float, float, float, float, float, float]


def _matrix(text: str | None) -> Matrix | None:
    match = _MATRIX.fullmatch(text.strip()) if text else None
    if match is None:
        return None
    values = [float(v) for v in match.group(1).replace(",", " ").split()]
    return (values[0], values[1], values[2], values[3], values[4], values[5]) if len(values) == 6 else None


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _fmt(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") if math.isfinite(value) else "0"


def transformed_path(d: str, m: Matrix) -> str:
    """Path data `d` of absolute M, L, C, Q and Z commands (as Qt writes them) with `m` applied.

    Raises ValueError for relative commands or a coordinate without its partner.
    """
    out: list[str] = []
    numbers: list[float] = []

    def flush() -> None:
        if len(numbers) % 2:
            raise ValueError("a path coordinate has no partner")
        for i in range(0, len(numbers), 2):
            out.append("{},{}".format(*(_fmt(v) for v in _apply(m, numbers[i], numbers[i + 1]))))
        numbers.clear()

    for token in _TOKEN.findall(d):
        if token.isalpha():
            if token.islower() and token != "z":
                raise ValueError(f"relative path command {token}")
            flush()
            out.append(token.upper())
        else:
            numbers.append(float(token))
    flush()
    return " ".join(out)


def _points_path(points: str, closed: bool) -> str:
    values = [float(v) for v in points.replace(",", " ").split()]
    pairs = [f"{values[i]},{values[i + 1]}" for i in range(0, len(values) - 1, 2)]
    if not pairs:
        return ""
    return "M" + pairs[0] + "".join(f" L{p}" for p in pairs[1:]) + (" Z" if closed else "")


def _ellipse_path(cx: float, cy: float, rx: float, ry: float) -> str:
    kx, ky = _KAPPA * rx, _KAPPA * ry
    return (
        f"M{cx + rx},{cy} C{cx + rx},{cy + ky} {cx + kx},{cy + ry} {cx},{cy + ry} "
        f"C{cx - kx},{cy + ry} {cx - rx},{cy + ky} {cx - rx},{cy} "
        f"C{cx - rx},{cy - ky} {cx - kx},{cy - ry} {cx},{cy - ry} "
        f"C{cx + kx},{cy - ry} {cx + rx},{cy - ky} {cx + rx},{cy} Z"
    )


def shape_as_path(element: ET.Element) -> str | None:
    """The outline of a path, polyline, polygon, rect, ellipse or circle as path data (None if empty)."""
    tag = element.tag.rsplit("}", 1)[-1]
    get = element.get
    if tag == "path":
        return get("d") or None
    if tag in ("polyline", "polygon"):
        return _points_path(get("points", ""), tag == "polygon") or None
    if tag == "rect":
        x, y, w, h = (float(get(name, "0")) for name in ("x", "y", "width", "height"))
        return f"M{x},{y} L{x + w},{y} L{x + w},{y + h} L{x},{y + h} Z"
    if tag in ("ellipse", "circle"):
        cx, cy = float(get("cx", "0")), float(get("cy", "0"))
        rx = float(get("r") or get("rx") or "0")
        ry = float(get("r") or get("ry") or "0")
        return _ellipse_path(cx, cy, rx, ry)
    return None


def _bake(group: ET.Element, m: Matrix) -> bool:
    """Rewrite the shapes of `group` in its parent's coordinates; False (nothing changed) if it holds
    anything else (text, images) or a shape that cannot be rewritten."""
    children = list(group)
    if not children or any(child.tag not in _SHAPES for child in children):
        return False
    try:
        paths = [(child, transformed_path(shape_as_path(child) or "", m)) for child in children]
    except ValueError:
        return False
    scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    for child, d in paths:
        cosmetic = child.attrib.pop("vector-effect", None) == "non-scaling-stroke"
        for name in [name for name in child.attrib if name not in ("fill-rule", "style", "stroke", "fill")]:
            del child.attrib[name]
        child.tag = f"{{{SVG_NS}}}path"
        child.set("d", d)
        if not cosmetic:  # a pen that scaled with the shape keeps its drawn width
            width = float(child.get("stroke-width") or group.get("stroke-width") or 1.0)
            child.set("stroke-width", _fmt(width * scale))
    del group.attrib["transform"]  # cosmetic children keep the group's stroke width: it is in pixels
    return True


def _has_cosmetic_shape(group: ET.Element) -> bool:
    return any(child.get("vector-effect") == "non-scaling-stroke" for child in group)


def _sharp_image(image: ET.Element, m: Matrix | None) -> None:
    """An image Qt draws enlarged without smoothing (a heat-map's cells) enlarged in its data instead.

    Qt marks such an image ``image-rendering="optimizeSpeed"``, which librsvg and some browsers
    ignore (they blur the cells together); the image is replaced by its nearest-neighbour
    enlargement to the size it is drawn at, which every renderer shows alike.
    """
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage

    href = image.get(f"{{{XLINK_NS}}}href") or ""
    if image.get("image-rendering") != "optimizeSpeed" or not href.startswith("data:image/png;base64,"):
        return
    picture = QImage.fromData(QByteArray.fromBase64(href.split(",", 1)[1].encode()))
    if picture.isNull():
        return
    sx, sy = (math.hypot(m[0], m[1]), math.hypot(m[2], m[3])) if m is not None else (1.0, 1.0)
    width = math.ceil(float(image.get("width", "0")) * sx)
    height = math.ceil(float(image.get("height", "0")) * sy)
    if not (picture.width() < width <= MAX_SHARP_SIDE or picture.height() < height <= MAX_SHARP_SIDE):
        return
    width, height = min(max(width, picture.width()), MAX_SHARP_SIDE), min(max(height, picture.height()), MAX_SHARP_SIDE)
    enlarged = picture.scaled(
        width, height, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.FastTransformation
    )
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if enlarged.save(buffer, "PNG"):  # type: ignore[call-overload]  # PySide6 takes the name as str
        image.set(f"{{{XLINK_NS}}}href", "data:image/png;base64," + bytes(data.toBase64().data()).decode())
        image.set("image-rendering", "optimizeQuality")


def _only_text(group: ET.Element) -> bool:
    """Whether everything drawn in `group` is text.

    Qt clips a label to the box its own font metrics gave it; another renderer's font can be a
    little wider, and the clip would cut its last letter or a subscript. Text is laid out inside
    its box, so it is drawn unclipped.
    """
    leaves = [e for e in group.iter() if e.tag.rsplit("}", 1)[-1] not in ("g", "tspan")]
    return bool(leaves) and all(e.tag == f"{{{SVG_NS}}}text" for e in leaves)


def _bounds(element: ET.Element, m: Matrix) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of a shape or image under `m` (control points bound curves); None if unknown."""
    if element.tag == f"{{{SVG_NS}}}image":
        x, y = float(element.get("x") or 0), float(element.get("y") or 0)
        w, h = float(element.get("width") or 0), float(element.get("height") or 0)
        points = [_apply(m, px, py) for px in (x, x + w) for py in (y, y + h)]
    elif element.tag in _SHAPES:
        try:
            d = transformed_path(shape_as_path(element) or "", m)
        except ValueError:
            return None
        numbers = [float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", d)]
        points = list(zip(numbers[0::2], numbers[1::2]))
    else:
        return None
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _needs_clip(group: ET.Element, clip: tuple[float, float, float, float]) -> bool:
    """Whether anything drawn in `group` (a clip's wrapper) reaches outside the rectangle `clip`.

    Shapes get half a pixel of slack for their antialiased edge; a stroke's width is not known
    here, so a stroked shape must keep a pen's width away from the edge to lose its clip.
    """
    identity: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for child in group:
        m = _matrix(child.get("transform")) or identity if child.tag == f"{{{SVG_NS}}}g" else identity
        leaves = list(child) if child.tag == f"{{{SVG_NS}}}g" else [child]
        width = float(child.get("stroke-width") or 1) if child.get("stroke", "none") != "none" else 0.0
        for leaf in leaves:
            if leaf.tag == f"{{{SVG_NS}}}text":
                continue
            box = _bounds(leaf, m)
            slack = 0.5 + width / 2
            if box is None or (
                box[0] - slack < clip[0]
                or box[1] - slack < clip[1]
                or box[2] + slack > clip[2]
                or box[3] + slack > clip[3]
            ):
                return True
    return False


def _drop_needless_clips(root: ET.Element) -> None:
    """Remove the clips of groups drawn wholly inside them.

    A clip changes nothing there, and ImageMagick's own SVG renderer drops everything under a
    clip path: without it, all but what really reaches past a plot's edge is shown there too.
    """
    clips: dict[str, tuple[float, float, float, float]] = {}
    identity: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for clip in root.iter(f"{{{SVG_NS}}}clipPath"):
        shapes = list(clip)
        box = _bounds(shapes[0], identity) if len(shapes) == 1 else None
        if box is not None and clip.get("id"):
            clips[f"url(#{clip.get('id')})"] = box
    for group in root.iter(f"{{{SVG_NS}}}g"):
        rect = clips.get(group.get("clip-path", ""))
        if rect is not None and not _needs_clip(group, rect):
            del group.attrib["clip-path"]


_TEXT = f"{{{SVG_NS}}}text"
_RUN_STYLE = ("fill", "fill-opacity", "font-family", "font-size", "font-weight", "font-style")
RUN_REACH = 0.75  # a run's width is at most this many font sizes a character: a farther run is another text


def _run(element: ET.Element) -> tuple[float, float, float] | None:
    """A plain <text> run's x, y and font size, or None for anything else."""
    if element.tag != _TEXT or len(element) or not element.text:
        return None
    try:
        return float(element.get("x", "")), float(element.get("y", "")), float(element.get("font-size", ""))
    except ValueError:
        return None


def _follows(before: ET.Element, after: ET.Element) -> bool:
    """Whether run `after` goes on the line of run `before`, right after it (a subscript, an italic letter),
    not a text of its own further along (the next tick label)."""
    first, second = _run(before), _run(after)
    if first is None or second is None:
        return False
    (x0, y0, size), (x1, y1, _) = first, second
    reach = len(before.text or "") * size * RUN_REACH + 1.0
    return x0 < x1 <= x0 + reach and abs(y1 - y0) < 0.6 * size


def _join_runs(group: ET.Element) -> None:
    """Qt writes a line of rich text as one <text> per run, each at the x its own font metrics gave it: in a
    renderer whose font is a little wider a subscript lies over the letter before it (librsvg's "r" under
    "nk"). The runs of a line become tspans of its first run, each drawn by the renderer right after the one
    before (its baseline kept with dy)."""
    line: list[ET.Element] = []

    def merge() -> None:
        if len(line) > 1:
            first = line[0]
            y = float(first.get("y", "0"))
            for run in line[1:]:
                span = ET.SubElement(first, f"{{{SVG_NS}}}tspan", {k: run.get(k, "") for k in _RUN_STYLE if run.get(k)})
                run_y = float(run.get("y", "0"))
                if run_y != y:
                    span.set("dy", _fmt(run_y - y))
                span.text, y = run.text, run_y
                group.remove(run)
        line.clear()

    for child in list(group):
        if line and _follows(line[-1], child):
            line.append(child)
            continue
        merge()
        if _run(child) is not None:
            line.append(child)
    merge()


def portable_svg(data: bytes, width: int, height: int) -> bytes:
    """Qt's SVG `data` of a `width` x `height` pixel figure, rewritten to render alike everywhere.

    Groups whose shapes Qt drew with a cosmetic pen under a scaling transform are rewritten in
    figure coordinates (see the module's notes); any leftover ``vector-effect`` is removed (a pen
    that is not scaled draws the same without it); text is not clipped (`_only_text`), nor what
    lies inside its clip (`_drop_needless_clips`); the runs of a line of rich text (a subscript) are
    one text the renderer lays out (`_join_runs`); enlarged images without smoothing stay sharp
    (`_sharp_image`); the size is given in pixels.
    """
    root = ET.fromstring(data)
    root.set("width", str(width))
    root.set("height", str(height))
    root.set("viewBox", f"0 0 {width} {height}")
    for group in root.iter(f"{{{SVG_NS}}}g"):
        m = _matrix(group.get("transform"))
        if m is not None and _has_cosmetic_shape(group):
            _bake(group, m)
        for image in group.findall(f"{{{SVG_NS}}}image"):
            _sharp_image(image, m)
    for group in root.iter(f"{{{SVG_NS}}}g"):
        if "clip-path" in group.attrib and _only_text(group):
            del group.attrib["clip-path"]
        _join_runs(group)
    _drop_needless_clips(root)
    for element in root.iter():
        element.attrib.pop("vector-effect", None)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)
