"""The component colours: OKLab against published values, blends that stay apart, a palette that survives
colour blindness and a dark background."""

import itertools

import numpy as np
import pytest

from nbviz.app.presentation.appearance import component_hex
from nbviz.gui.style.oklab import linear_srgb_to_oklab, oklab_to_srgb, srgb_to_linear, srgb_to_oklab
from nbviz.gui.style.palette import blend, component_rgb

# Björn Ottosson's test pairs (https://bottosson.github.io/posts/oklab/): CIE XYZ (D65) -> OKLab, 3 decimals
OTTOSSON_PAIRS = [
    ((0.950, 1.000, 1.089), (1.000, 0.000, 0.000)),
    ((1.000, 0.000, 0.000), (0.450, 1.236, -0.019)),
    ((0.000, 1.000, 0.000), (0.922, -0.671, 0.263)),
    ((0.000, 0.000, 1.000), (0.153, -1.415, -0.449)),
]
# linear sRGB -> XYZ (IEC 61966-2-1), inverted to take the XYZ test values into linear sRGB
SRGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])

# Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear RGB
MACHADO = {
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
    ),
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    ),
}


def rgb_of(hex_colours):
    return np.array([[int(h[i : i + 2], 16) for i in (1, 3, 5)] for h in hex_colours]) / 255.0


def simulate(rgb, matrix):
    """sRGB colours as seen with a colour vision deficiency (Machado 2009), back in sRGB."""
    linear = np.clip(srgb_to_linear(rgb) @ matrix.T, 0.0, 1.0)
    return np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * linear ** (1 / 2.4) - 0.055)


def smallest_gap(rgb):
    """The smallest OKLab distance between any two of the colours (rows of rgb in [0, 1])."""
    lab = srgb_to_oklab(rgb)
    return min(np.linalg.norm(p - q) for p, q in itertools.combinations(lab, 2))


def contrast(rgb, background):
    """WCAG contrast ratio of each colour against `background` (sRGB in [0, 1])."""
    weights = np.array([0.2126, 0.7152, 0.0722])
    y = srgb_to_linear(rgb) @ weights
    y0 = srgb_to_linear(np.asarray(background)) @ weights
    return (np.maximum(y, y0) + 0.05) / (np.minimum(y, y0) + 0.05)


# ---------------------------------------------------------------------------- OKLab
@pytest.mark.parametrize(("xyz", "lab"), OTTOSSON_PAIRS)
def test_oklab_matches_ottossons_published_pairs(xyz, lab):
    linear = np.linalg.solve(SRGB_TO_XYZ, np.array(xyz))
    np.testing.assert_allclose(linear_srgb_to_oklab(linear), lab, atol=2e-3)


def test_oklab_of_srgb_red_is_the_css_color_4_value():
    # CSS Color 4: red is oklch(62.8% 0.2577 29.23deg)
    L, a, b = srgb_to_oklab(np.array([1.0, 0.0, 0.0]))
    assert L == pytest.approx(0.62796, abs=1e-4)
    assert np.hypot(a, b) == pytest.approx(0.25768, abs=1e-4)
    assert np.degrees(np.arctan2(b, a)) == pytest.approx(29.234, abs=0.01)


def test_oklab_round_trip_is_exact_in_the_gamut():
    rgb = np.random.default_rng(0).random((500, 3))
    np.testing.assert_allclose(oklab_to_srgb(srgb_to_oklab(rgb)), rgb, atol=1e-9)


# ---------------------------------------------------------------------------- blends
def simplex_grid(steps=10):
    return np.array([(i, j, steps - i - j) for i in range(steps + 1) for j in range(steps + 1 - i)]) / steps


def neighbour_gaps(colours_uint8, grid):
    """OKLab distances between blends of neighbouring grid points (0.1 of responsibility moved)."""
    lab = srgb_to_oklab(colours_uint8 / 255.0)
    moved = np.abs(grid[:, None] - grid[None]).sum(axis=2)
    i, j = np.nonzero(np.triu(np.isclose(moved, 0.2), 1))
    return np.linalg.norm(lab[i] - lab[j], axis=1)


@pytest.mark.parametrize("dark", [False, True])
def test_k3_blends_stay_farther_apart_than_the_srgb_average(dark):
    grid = simplex_grid()
    rgb = component_rgb(3, dark)
    srgb_average = np.clip(grid @ (rgb * 255.0) + 0.5, 0, 255).astype(np.uint8)  # the blend it replaces
    ours = neighbour_gaps(blend(grid, rgb), grid)
    theirs = neighbour_gaps(srgb_average, grid)
    # nowhere do different responsibilities collapse into one muddy colour
    assert ours.min() > theirs.min()
    # and the previous palette with the sRGB average was worse still
    okabe_ito = rgb_of(["#0072B2", "#E69F00", "#009E73"])
    before = neighbour_gaps(np.clip(grid @ (okabe_ito * 255.0) + 0.5, 0, 255).astype(np.uint8), grid)
    assert ours.min() > 2 * before.min()


def test_a_pure_responsibility_keeps_the_component_colour():
    rgb = component_rgb(10)
    np.testing.assert_array_equal(blend(np.eye(10), rgb), np.round(rgb * 255).astype(np.uint8))


def test_a_half_and_half_blend_sits_midway_in_oklab():
    rgb = component_rgb(2)
    mixed = blend(np.array([[0.5, 0.5]]), rgb)[0] / 255.0
    lab = srgb_to_oklab(rgb)
    np.testing.assert_allclose(srgb_to_oklab(mixed), lab.mean(axis=0), atol=5e-3)


# ---------------------------------------------------------------------------- the palette
@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("vision", ["normal", "protanopia", "deuteranopia"])
def test_ten_colours_stay_apart_with_colour_blindness(dark, vision):
    rgb = rgb_of(component_hex(dark))
    assert len(rgb) == 10
    seen = rgb if vision == "normal" else simulate(rgb, MACHADO[vision])
    # 0.05 in OKLab is about five just-noticeable differences; the previous palette's brown and grey
    # were 0.033 apart for a deuteranope
    assert smallest_gap(seen) > 0.055
    # the first three (the common K = 3) are far apart
    assert smallest_gap(seen[:3]) > 0.2


def test_the_previous_palette_failed_for_deuteranopes():
    """The check above is strong enough to catch what the issue saw (colours merging in digits)."""
    previous = rgb_of(
        ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000", "#8c564b", "#7f7f7f"]
    )
    assert smallest_gap(simulate(previous, MACHADO["deuteranopia"])) < 0.055


def test_every_colour_stands_out_from_the_dark_background():
    rgb = rgb_of(component_hex(dark=True))
    assert contrast(rgb, rgb_of(["#1e1f22"])[0]).min() >= 2.99


@pytest.mark.parametrize("dark", [False, True])
def test_the_preset_notes_close_button_reads_against_the_note_in_either_scheme(qtbot, dark):
    """The note's ✕ is drawn in the note's text colour: in the dark scheme it is not the light
    scheme's dark glyph on a dark blue box."""
    from PySide6.QtGui import QColor, QPalette

    from nbviz.app.presentation.appearance import Appearance
    from nbviz.app.presentation.presets import PRESETS
    from nbviz.gui.window.preset_note import PresetNote

    appearance = Appearance()
    appearance.set_dark(dark)
    note = PresetNote(appearance)
    qtbot.addWidget(note)
    note.show_note(PRESETS["lecture-kmeans"])
    note.close_button.ensurePolished()
    background = QColor(appearance.message_colours("notice")[0])
    glyph = note.close_button.palette().color(QPalette.ColorRole.ButtonText)
    ratio = contrast(np.array([glyph.redF(), glyph.greenF(), glyph.blueF()]), background.getRgbF()[:3])
    assert ratio >= 4.5, (glyph.name(), background.name(), ratio)
