"""Figures: the SVG renders in librsvg as the PNG does in Qt, PNG at a chosen scale, PDF, no controls."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage

from nbviz.app.presentation.presets import load_preset
from nbviz.gui.figures import FigureOptions, build_figure, export_figure, save_figure
from nbviz.gui.figures.command_line import run_and_wait
from nbviz.gui.figures.portable_svg import SVG_NS, portable_svg, transformed_path
from nbviz.gui.figures.vector_points import VECTOR_POINTS_MAX
from nbviz.gui.plots.data.resp_heatmap import resp_image
from nbviz.gui.style.palette import OBJECTIVE_COLOR, component_rgb

RSVG = shutil.which("rsvg-convert")
PDFTOPPM = shutil.which("pdftoppm")
needs_rsvg = pytest.mark.skipif(RSVG is None, reason="rsvg-convert (Debian librsvg2-bin) is not installed")
needs_pdftoppm = pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm (Debian poppler-utils) is not installed")

# Mean absolute difference (0-255, over all pixels and channels) allowed between Qt's PNG and
# librsvg's (or poppler's) rendering of the same figure. Measured: 1.5-4.4, all of it antialiasing
# and font rasterisation (cairo and Qt hint glyphs and 1-pixel edges differently; 600 antialiased
# marker rims on a 350 px wide figure give the most). The broken SVGs this guards against differ
# far more: strokes drawn 60 px wide fill whole ellipses and markers turn into black rings (15 and
# more), and then the ink counts below fail too.
MAX_MEAN_DIFFERENCE = 6.0
INK_DISTANCE = 40  # a pixel within this RGB distance of a palette colour counts as its ink


def pixels(image: QImage) -> np.ndarray:
    """(H, W, 3) int RGB of `image`, composited on white."""
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    h, w = image.height(), image.width()
    raw = np.frombuffer(image.constBits(), np.uint8, count=image.bytesPerLine() * h)
    bgra = raw.reshape(h, image.bytesPerLine())[:, : w * 4].reshape(h, w, 4).astype(float)
    alpha = bgra[..., 3:] / 255
    return np.rint(bgra[..., 2::-1] * alpha + 255 * (1 - alpha)).astype(int)


def ink(rgb: np.ndarray, colour) -> int:
    """Pixels of `rgb` within `INK_DISTANCE` of `colour`."""
    return int((np.linalg.norm(rgb - np.asarray(colour), axis=2) < INK_DISTANCE).sum())


@pytest.fixture
def window(make_main_window):
    win = make_main_window()
    win.remember_layout = False
    win.resize(1100, 800)
    return win


def loaded(window, preset: str, steps: int = 4):
    window.session.load(*load_preset(preset))
    for _ in range(steps):
        assert window.session.next_half_step()
    window.repaint_now()
    return window


def rendered_svg(svg_path, width: int, height: int, tmp_path) -> np.ndarray:
    out = tmp_path / "rsvg.png"
    subprocess.run([RSVG, "-w", str(width), "-h", str(height), str(svg_path), "-o", str(out)], check=True)
    return pixels(QImage(str(out)))


def assert_alike(qt: np.ndarray, other: np.ndarray, colours) -> None:
    assert qt.shape == other.shape
    assert np.abs(qt - other).mean() < MAX_MEAN_DIFFERENCE
    for colour in colours:
        a, b = ink(qt, colour), ink(other, colour)
        assert a > 20 and b > 20, f"colour {colour}: {a} pixels in Qt's PNG, {b} in the other"
        assert 0.5 < b / a < 2.0, f"colour {colour}: {a} pixels in Qt's PNG, {b} in the other"


def svg_text(svg_path) -> str:
    """The words of the SVG's <text> elements, one space between elements."""
    root = ET.parse(svg_path).getroot()
    return " ".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))


def assert_titled(window, kind: str, svg_path, qt: np.ndarray, other: np.ndarray, words) -> None:
    """The figure's title is text in the SVG with `words` in it, and is drawn in its band by Qt and librsvg."""
    text = svg_text(svg_path)
    for word in words:
        assert word in text, f"{word!r} is not in the SVG's text"
    figure = build_figure(window, kind)
    band = figure.title_rect()
    figure.close()
    assert band.height() > 10
    dark = [int((rgb[band.top() : band.bottom() + 1].sum(axis=2) < 300).sum()) for rgb in (qt, other)]
    assert dark[0] > 150 and 0.6 < dark[1] / dark[0] < 1.6, f"title ink in Qt's PNG and librsvg's: {dark}"


def palette(window) -> list:
    return [tuple(np.rint(255 * np.asarray(c)).astype(int)) for c in component_rgb(window.session.n_components)]


CASES = [
    ("gmm-2d", "data"),  # scatter, ellipses, density shading, legend
    ("gmm-1d", "data"),  # histogram and 1-D densities
    ("bars", "data"),  # Bernoulli prototypes beside the responsibility map
    ("corpus", "data"),  # multinomial word table
    ("gmm-2d", "objective"),
    ("gmm-2d", "responsibilities"),
    ("gmm-2d", "bound"),
]


@needs_rsvg
@pytest.mark.parametrize("preset, kind", CASES)
def test_the_svg_renders_in_librsvg_as_the_png_in_qt(window, tmp_path, preset, kind):
    loaded(window, preset)
    export_figure(window, kind, tmp_path / "f.png")
    export_figure(window, kind, tmp_path / "f.svg")
    qt = pixels(QImage(str(tmp_path / "f.png")))
    other = rendered_svg(tmp_path / "f.svg", qt.shape[1], qt.shape[0], tmp_path)
    # the objective and bound curves have their own colours; the others show the components'
    colours = palette(window) if kind == "data" and preset != "corpus" else []
    if kind == "responsibilities":  # each component's column at its most certain point
        resp = window.session.resp
        colours = [tuple(resp_image(resp[[np.argmax(resp[:, k])]])[0, k].astype(int)) for k in range(resp.shape[1])]
    assert_alike(qt, other, colours)
    # a title saying what is shown: the data, the model with its K, the half-step (4: iteration 2's M-step)
    words = [window.session.problem.name, f"K = {window.session.n_components}", "iteration 2, after the M-step"]
    assert_titled(window, kind, tmp_path / "f.svg", qt, other, words)


@needs_rsvg
@pytest.mark.parametrize("kind", ["choose-k", "gallery"])
def test_the_explore_figures_render_alike_after_their_runs(window, tmp_path, kind):
    loaded(window, "gmm-2d")
    window.choose_k.max_spin.setValue(3)
    window.choose_k.restarts_spin.setValue(1)
    window.restarts.count_spin.setValue(2)
    panel, result = (window.choose_k, "result") if kind == "choose-k" else (window.restarts, "gallery")
    assert run_and_wait(panel, result) is None
    export_figure(window, kind, tmp_path / "f.png")
    export_figure(window, kind, tmp_path / "f.svg")
    qt = pixels(QImage(str(tmp_path / "f.png")))
    other = rendered_svg(tmp_path / "f.svg", qt.shape[1], qt.shape[0], tmp_path)
    assert_alike(qt, other, [])
    what = ["Choose K", "K = 1 to 3"] if kind == "choose-k" else ["Restart gallery", "2 runs from random starts"]
    assert_titled(window, kind, tmp_path / "f.svg", qt, other, [*what, window.session.problem.name])
    svg = (tmp_path / "f.svg").read_text()
    # figures, not panels: no spin box or button text, but the figure's own words
    assert "Restarts per K" not in svg and "Run restarts" not in svg and "Fit every K" not in svg
    assert ("number of components K" in svg) if kind == "choose-k" else ("objective" in svg)
    if kind == "gallery":  # the thumbnails are shapes (sharp at any size), not 1x images
        assert "<image" not in svg and svg.count("<circle") > len(window.session.problem.X)  # two runs of 600 points


def test_the_svg_has_vector_points_strokes_in_pixels_and_text(window, tmp_path):
    loaded(window, "gmm-2d")
    export_figure(window, "data", tmp_path / "f.svg")
    root = ET.parse(tmp_path / "f.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert root.get("width") == str(window.data_view.width())
    assert not any(e.get("vector-effect") for e in root.iter())
    paths = list(root.iter(ns + "path"))
    assert len(paths) >= len(window.session.problem.X)  # one marker per point (600 <= VECTOR_POINTS_MAX)
    assert len(window.session.problem.X) <= VECTOR_POINTS_MAX
    texts = "".join("".join(t.itertext()) for t in root.iter(ns + "text"))
    assert "x1" in texts and "fitted" in texts


@pytest.mark.parametrize("preset", ["gmm-2d", "gmm-1d"])
def test_a_figure_legend_leaves_out_the_on_screen_hint(window, tmp_path, preset):
    loaded(window, preset)
    live = window.data_view.currentWidget().legend
    assert "mean μ<sub>k</sub> (drag it)" in live.texts  # on screen the means can be dragged
    export_figure(window, "data", tmp_path / "f.svg")
    words = " ".join(svg_text(tmp_path / "f.svg").split())
    assert "mean μk colour" in words and "drag it" not in words  # a figure is a picture
    # the window's own plot drawn as a figure: the hint is left out while it is drawn, then back
    labels = {sample.entry.kind: label for sample, label in live.item.items}
    width = live.item.width()
    save_figure(window.data_view.currentWidget().plot, tmp_path / "live.svg")
    assert "drag it" not in svg_text(tmp_path / "live.svg")
    assert labels["marker"].text == "mean μ<sub>k</sub> (drag it)" and live.item.width() == width


def right_margins(window, kind: str, tmp_path) -> tuple[int, int]:
    """How many columns at the right of figure `kind` are background from top to bottom: in Qt's PNG
    and in librsvg's drawing of the SVG."""
    background = np.asarray(QColor(window.appearance.background).getRgb()[:3])
    export_figure(window, kind, tmp_path / f"{kind}.png")
    export_figure(window, kind, tmp_path / f"{kind}.svg")
    qt = pixels(QImage(str(tmp_path / f"{kind}.png")))
    other = rendered_svg(tmp_path / f"{kind}.svg", qt.shape[1], qt.shape[0], tmp_path)
    drawn = [np.flatnonzero((np.abs(rgb - background).sum(axis=2) > 30).any(axis=0)) for rgb in (qt, other)]
    return qt.shape[1] - 1 - int(drawn[0].max()), other.shape[1] - 1 - int(drawn[1].max())


@needs_rsvg
@pytest.mark.parametrize("preset, kind", [("gmm-2d", "responsibilities"), ("bars", "data")])
def test_the_responsibility_map_keeps_the_margin_of_the_other_figures_on_the_right(window, tmp_path, preset, kind):
    scatter = right_margins(loaded(window, "gmm-2d"), "data", tmp_path)  # the margin the plots' figures have
    assert min(scatter) >= 8
    # the map alone, and as the right-hand part of a Bernoulli mixture's data figure
    assert right_margins(loaded(window, preset), kind, tmp_path) == scatter


def test_a_cosmetic_stroke_under_a_transform_is_drawn_in_figure_pixels():
    svg = (
        b'<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 40 40">'
        b'<g stroke="#ff0000" stroke-width="2" fill="none" transform="matrix(10,0,0,-10,20,20)">'
        b'<path vector-effect="non-scaling-stroke" d="M0,0 L1,1 Z"/></g></svg>'
    )
    root = ET.fromstring(portable_svg(svg, 40, 40))
    group = root.find("{http://www.w3.org/2000/svg}g")
    path = group.find("{http://www.w3.org/2000/svg}path")
    assert "transform" not in group.attrib and "vector-effect" not in path.attrib
    assert path.get("d") == "M 20,20 L 30,10 Z" and group.get("stroke-width") == "2"  # 2 px, not 20
    assert root.get("width") == "40" and root.get("height") == "40"
    assert transformed_path("M1,2 C0,0 1,1 2,2", (2, 0, 0, 2, 1, 1)) == "M 3,5 C 1,1 3,3 5,5"


def test_the_title_can_be_given_or_left_out(window, tmp_path):
    loaded(window, "gmm-2d")
    export_figure(window, "objective", tmp_path / "default.svg")
    export_figure(window, "objective", tmp_path / "own.svg", FigureOptions(title="EM on three Gaussians"))
    export_figure(window, "objective", tmp_path / "none.svg", FigureOptions(show_title=False))
    assert "Objective curve" in svg_text(tmp_path / "default.svg")
    own = svg_text(tmp_path / "own.svg")
    assert "EM on three Gaussians" in own and "Objective curve" not in own
    assert "Objective curve" not in svg_text(tmp_path / "none.svg")
    heights = [int(ET.parse(tmp_path / f"{name}.svg").getroot().get("height")) for name in ("own", "none")]
    assert heights[0] > heights[1] + 15  # the title's band is taken away with it


def test_png_scale_draws_more_pixels_not_bigger_ones(window, tmp_path):
    loaded(window, "gmm-2d")
    export_figure(window, "data", tmp_path / "one.png")
    export_figure(window, "data", tmp_path / "two.png", FigureOptions(scale=2.0, dpi=300))
    one, two = QImage(str(tmp_path / "one.png")), QImage(str(tmp_path / "two.png"))
    assert (two.width(), two.height()) == (2 * one.width(), 2 * one.height())
    assert round(two.dotsPerMeterX() * 0.0254) == 300
    # drawn at 2x, not enlarged: an enlarged image has every pixel doubled; this one has detail
    # (text and 1-px edges) that pixel doubling cannot make
    big = pixels(two)
    doubled = np.repeat(np.repeat(pixels(one), 2, axis=0), 2, axis=1)
    assert np.abs(big - doubled).mean() > 1.0
    assert (np.abs(big[0::2, 0::2] - big[1::2, 1::2]).sum(axis=2) > 60).mean() > 0.002


def test_presentation_sizes_draw_thicker_lines(window, tmp_path):
    loaded(window, "gmm-2d")
    export_figure(window, "data", tmp_path / "normal.png", FigureOptions(show_title=False))
    export_figure(window, "data", tmp_path / "presenting.png", FigureOptions(presentation=True, show_title=False))
    normal, presenting = pixels(QImage(str(tmp_path / "normal.png"))), pixels(QImage(str(tmp_path / "presenting.png")))
    assert normal.shape == presenting.shape  # the same layout size (a title in larger type would be taller)
    for colour in palette(window):  # wider ellipses and bigger markers: more of each component's ink
        assert ink(presenting, colour) > 1.15 * ink(normal, colour)
    assert not window.appearance.presentation  # the window is left as it was


@needs_pdftoppm
def test_the_pdf_renders_as_the_png(window, tmp_path):
    loaded(window, "gmm-2d")
    export_figure(window, "data", tmp_path / "f.png")
    export_figure(window, "data", tmp_path / "f.pdf")
    assert (tmp_path / "f.pdf").read_bytes()[:5] == b"%PDF-"
    qt = pixels(QImage(str(tmp_path / "f.png")))
    h, w = qt.shape[:2]
    subprocess.run(
        [PDFTOPPM, "-png", "-r", "96", "-scale-to-x", str(w), "-scale-to-y", str(h), "-singlefile"]
        + [str(tmp_path / "f.pdf"), str(tmp_path / "pdf")],
        check=True,
    )
    assert_alike(qt, pixels(QImage(str(tmp_path / "pdf.png"))), palette(window))


def test_a_bad_format_or_a_missing_result_writes_nothing(window, tmp_path):
    loaded(window, "gmm-2d")
    with pytest.raises(ValueError, match=r"\.png, \.svg, \.pdf; got \.gif"):
        export_figure(window, "data", tmp_path / "f.gif")
    with pytest.raises(ValueError, match="Choose K"):
        export_figure(window, "choose-k", tmp_path / "k.svg")
    assert list(tmp_path.iterdir()) == []


def test_the_command_line_writes_a_figure_or_says_why_not(tmp_path):
    run = [sys.executable, "-m", "nbviz", "--preset", "gmm-2d", "--steps", "3", "--size", "800x600"]
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    import os

    env["PYTHONPATH"] = os.environ.get("PYTHONPATH", "")
    good = subprocess.run(
        [*run, "--export-figure", str(tmp_path / "f.png"), "--scale", "2"], capture_output=True, text=True, env=env
    )
    assert good.returncode == 0, good.stderr
    image = QImage(str(tmp_path / "f.png"))
    assert image.width() % 2 == 0 and image.width() > 500  # twice the data view's width (about 310)
    titled = [*run, "--export-figure", str(tmp_path / "f.svg"), "--figure-title", "Slide 3: after the M-step"]
    assert subprocess.run(titled, capture_output=True, env=env).returncode == 0
    assert "Slide 3: after the M-step" in svg_text(tmp_path / "f.svg")
    bad = subprocess.run([*run, "--export-figure", str(tmp_path / "f.bmp")], capture_output=True, text=True, env=env)
    assert bad.returncode == 2
    assert bad.stderr.strip().count("\n") == 0 and ".bmp" in bad.stderr
    assert not (tmp_path / "f.bmp").exists()


def test_a_figure_into_a_missing_folder_raises_and_leaves_nothing(window, tmp_path):
    loaded(window, "gmm-2d")
    with pytest.raises(OSError):
        export_figure(window, "objective", tmp_path / "missing" / "f.svg")
    assert list(tmp_path.iterdir()) == []


def test_a_curve_far_from_zero_keeps_its_detail_in_svg(window, tmp_path):
    # the bound view of Old Faithful spans about 0.2 around -1287: written with Qt's six digits in
    # data coordinates it would be a staircase of about 20 levels
    loaded(window, "faithful", steps=6)
    export_figure(window, "bound", tmp_path / "b.svg")
    root = ET.parse(tmp_path / "b.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    curves = [
        [float(pair.split(",")[1]) for pair in path.get("d", "").replace("M", " ").replace("L", " ").split()]
        for group in root.iter(ns + "g")
        if group.get("stroke") == OBJECTIVE_COLOR
        for path in group.iter(ns + "path")
        if "C" not in path.get("d", "") and "Z" not in path.get("d", "")
    ]
    longest = max(curves, key=len)
    assert len(longest) > 100
    assert len(np.unique(np.round(longest, 2))) > 0.8 * len(longest)  # every point at its own height


def test_only_shapes_that_reach_past_their_clip_keep_it():
    svg = (
        b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
        b'<defs><clipPath id="c"><path d="M10,10 L30,10 L30,30 L10,30 Z"/></clipPath></defs>'
        b'<g clip-path="url(#c)"><g fill="#ff0000"><path d="M15,15 L20,15 L20,20 Z"/></g></g>'
        b'<g clip-path="url(#c)"><g fill="#00ff00"><path d="M5,15 L20,15 L20,20 Z"/></g></g></svg>'
    )
    groups = ET.fromstring(portable_svg(svg, 40, 40)).findall("{http://www.w3.org/2000/svg}g")
    assert [g.get("clip-path") for g in groups] == [None, "url(#c)"]


def test_the_word_table_figure_shows_every_column_and_row_without_scroll_bars(window):
    loaded(window, "corpus")
    window.resize(700, 600)  # a narrow data view: on screen the table scrolls
    window.repaint_now()
    figure = build_figure(window, "data")
    table = figure.parts[0].table
    try:
        assert table.horizontalHeader().length() <= table.viewport().width()
        assert table.verticalHeader().length() <= table.viewport().height()
        assert not table.horizontalScrollBar().isVisible() and not table.verticalScrollBar().isVisible()
        assert figure.size.width() >= table.horizontalHeader().length() + figure.parts[1].width()
    finally:
        figure.close()


def test_a_dark_figures_heading_is_written_in_the_dark_schemes_text_colour(window, tmp_path):
    window.set_dark(True)
    loaded(window, "gmm-2d")
    export_figure(window, "responsibilities", tmp_path / "map.png", FigureOptions(show_title=False))
    rgb = pixels(QImage(str(tmp_path / "map.png")))
    figure = build_figure(window, "responsibilities", FigureOptions(show_title=False))
    heading = figure.parts[0]  # "Responsibilities r_nk", above the map
    band = rgb[: heading.height()]
    light = QColor(window.appearance.foreground).getRgb()[:3]
    assert ink(band, light) > 30  # the words are there, in the scheme's text colour
    assert ink(band, (0, 0, 0)) == 0  # (they were black on the dark background)


def test_a_narrow_figures_title_never_parts_k_from_its_value(window):
    """The responsibility map of eight points is narrow: its title wrapped "Bernoulli mixture, K" over
    "= 2". Laid out at the title's width, each "K = 2" stays on one line."""
    from PySide6.QtGui import QTextLayout, QTextOption

    loaded(window, "lecture-eight-points")
    figure = build_figure(window, "responsibilities", FigureOptions())
    try:
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        lines = []
        for text in figure.title_lines().split("\n"):
            layout = QTextLayout(text, figure.title_font())
            layout.setTextOption(option)
            layout.beginLayout()
            while (line := layout.createLine()).isValid():
                line.setLineWidth(figure.title_rect().width())
                lines.append(text[line.textStart() : line.textStart() + line.textLength()].strip())
            layout.endLayout()
        assert any("K\u00a0=\u00a02" in line or "K = 2" in line for line in lines), lines
        assert not any(line.endswith(("K", "=")) or line.startswith("=") for line in lines), lines
    finally:
        figure.close()


def test_a_subscript_follows_its_letter_in_any_renderer_and_tick_labels_stay_apart():
    """Qt places each run of rich text at its own x: r at 4, nk at 135 (its metrics); librsvg's wider "r"
    ran under "nk". The runs of a line become one text; texts farther apart (tick labels) stay apart."""
    svg = (
        f"<svg xmlns='{SVG_NS}' width='10' height='10'><g>"
        "<text x='4' y='14.2' font-size='11.3'>colour: responsibilities r</text>"
        "<text x='135.2' y='15.7' font-size='8'>nk</text>"
        "<text x='300' y='14.2' font-size='11.3'>2</text><text x='380' y='14.2' font-size='11.3'>3</text>"
        "</g></svg>"
    ).encode()
    root = ET.fromstring(portable_svg(svg, 10, 10))
    texts = root.findall(f".//{{{SVG_NS}}}text")
    assert [("".join(t.itertext()), t.get("x")) for t in texts] == [
        ("colour: responsibilities rnk", "4"),
        ("2", "300"),
        ("3", "380"),
    ]
    (span,) = texts[0].findall(f"{{{SVG_NS}}}tspan")
    assert span.get("font-size") == "8" and float(span.get("dy")) == pytest.approx(1.5) and span.get("x") is None
