"""The synthesis preview's legend: what each kind of preview draws, kept out of the data, following changes."""

import numpy as np
import pytest
from PySide6.QtCore import QSizeF
from PySide6.QtGui import QColor, QImage, QPainter

from nbviz.app.presentation.appearance import Appearance
from nbviz.app.presentation.view_options import ViewOptions
from nbviz.app.run.session import Session
from nbviz.gui.dialogs.preview_legend import PreviewKind, preview_entries
from nbviz.gui.dialogs.preview_pictures import PictureLayout, PictureSizes, picture_layout, picture_side
from nbviz.gui.dialogs.synthesize import SynthesisDialog
from nbviz.gui.plots.data.legend import LegendEntry, LegendSample, ellipse_text


@pytest.fixture
def options():
    return ViewOptions()


@pytest.fixture
def dialog(qtbot, options):
    dlg = SynthesisDialog(Session(), view_options=options)
    qtbot.addWidget(dlg)
    dlg.resize(1080, 620)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def show(dialog, family: str, n_features: int, n_components: int | None = None):
    """The dialog's preview of `family` with `n_features` (and `n_components`), drawn now."""
    dialog.family_box.setCurrentIndex(dialog.family_box.findData(family))
    if n_components is not None:
        dialog.k_spin.setValue(n_components)
    dialog.d_spin.setValue(n_features)
    dialog.redraw_preview()
    return dialog.preview


def kinds(preview) -> list[str]:
    return [entry.kind for entry in preview.legend.entries]


CASES = (  # family, D, the page's kind, the legend's samples
    ("gaussian", 2, PreviewKind.SCATTER, ["points", "ellipses", "marker"]),
    ("gaussian", 3, PreviewKind.SCATTER, ["points", "ellipses", "marker"]),
    ("gaussian", 1, PreviewKind.STRIPS, ["points", "marker"]),
    ("bernoulli", 16, PreviewKind.PICTURES, ["ink"]),
    ("bernoulli", 5, PreviewKind.BARS, ["component_bars", "dots"]),
    ("multinomial", 8, PreviewKind.BARS, ["component_bars", "dots"]),
    ("multinomial", 100, PreviewKind.HEATMAPS, ["ink"]),
)


@pytest.mark.parametrize(("family", "n_features", "kind", "samples"), CASES)
def test_each_kind_of_preview_has_a_legend_of_its_marks(dialog, family, n_features, kind, samples):
    preview = show(dialog, family, n_features)
    assert preview.kind is kind
    legend = preview.legend
    assert legend is preview.legends[kind] and legend.item.isVisible()
    assert kinds(preview) == samples
    assert legend.texts == [entry.label() for entry in preview_entries(kind, family, preview.view_options)]
    # drawn on the page shown, one sample and one label per entry
    assert legend.item.scene() is preview.pages.currentWidget().scene()
    assert len(legend.item.items) == len(samples)
    assert all(isinstance(sample, LegendSample) for sample, _ in legend.item.items)


def test_the_entries_say_what_is_true_and_what_is_sampled(options):
    scatter = [entry.label() for entry in preview_entries(PreviewKind.SCATTER, "gaussian", options)]
    assert scatter == [
        "sample, coloured by true component k",
        f"true {ellipse_text()} ellipses",  # the data view's wording, "true" where it says "fitted"
        "true mean μ<sub>k</sub> (drag it)",
    ]
    bars = preview_entries(PreviewKind.BARS, "bernoulli", options)
    assert [entry.text for entry in bars] == ["bars: chosen P(x = 1)", "dots: frequencies in the sample"]
    words = preview_entries(PreviewKind.BARS, "multinomial", options)
    assert words[0].text == "bars: chosen word probabilities"
    options.set("shapes", True)
    options.set("ellipses", False)
    assert preview_entries(PreviewKind.SCATTER, "gaussian", options) == [
        LegendEntry("shapes", "sample; colour and shape: true component k"),
        LegendEntry("marker", "true mean μ<sub>k</sub>", hint="drag it"),
    ]


def test_the_legend_follows_the_family_the_features_and_the_view_options(dialog, options):
    preview = show(dialog, "gaussian", 2)
    assert kinds(preview) == ["points", "ellipses", "marker"]
    dialog.d_spin.setValue(1)
    dialog.redraw_preview()
    assert kinds(preview) == ["points", "marker"]
    dialog.d_spin.setValue(2)
    dialog.redraw_preview()
    options.set("ellipses", False)  # the preview redraws itself
    assert kinds(preview) == ["points", "marker"]
    options.set("shapes", True)
    assert kinds(preview) == ["shapes", "marker"]
    show(dialog, "bernoulli", 5)
    assert kinds(preview) == ["component_bars", "dots"]
    assert preview.legend.texts[0] == "bars: chosen P(x = 1)"
    scatter_legend = preview.legends[PreviewKind.SCATTER]
    show(dialog, "multinomial", 8)
    assert preview.legend.texts[0] == "bars: chosen word probabilities"
    dialog.d_spin.setValue(100)  # too many bars: heat maps
    dialog.redraw_preview()
    assert preview.kind is PreviewKind.HEATMAPS and kinds(preview) == ["ink"]
    assert scatter_legend.entries[-1].kind == "marker"  # the other pages keep theirs
    options.set("legend", False)  # View → Legend off: no legend on any page
    assert not preview.legend.item.isVisible() and preview.legend.texts == []
    options.set("legend", True)
    assert preview.legend.item.isVisible()


def test_the_legend_is_rebuilt_only_when_its_entries_change(dialog):
    preview = show(dialog, "gaussian", 2)
    samples = [sample for sample, _ in preview.legend.item.items]
    dialog.seed_spin.setValue(dialog.seed_spin.value() + 1)  # a new sample, the same marks
    dialog.table.item(0, 1).setText("0.5")  # a moved mean
    dialog.redraw_preview()
    dialog.preview.markers.marker_moved.emit(1, 2.0, 1.0)  # and a mean dragged
    dialog.redraw_preview()
    assert [sample for sample, _ in preview.legend.item.items] == samples
    dialog.k_spin.setValue(4)  # four colours: the samples show more of them
    dialog.redraw_preview()
    assert [sample for sample, _ in preview.legend.item.items] != samples


def covered(preview) -> int:
    """How many points (and ellipse vertices) of the plot shown lie under its legend as drawn."""
    legend = preview.legend
    rect = legend.item.sceneBoundingRect()
    view_box = legend.view_box
    scene = [view_box.mapViewToScene(pg_point(x, y)) for x, y in preview.legend_points]
    return sum(rect.contains(point) for point in scene)


def pg_point(x, y):
    from PySide6.QtCore import QPointF

    return QPointF(float(x), float(y))


@pytest.mark.parametrize("presenting", [False, True])
@pytest.mark.parametrize(
    ("family", "n_features", "n_components"),
    [("gaussian", 2, 3), ("gaussian", 3, 5), ("gaussian", 1, 3), ("bernoulli", 5, 3), ("multinomial", 8, 4)],
)
def test_the_legend_over_a_plot_covers_no_data(qtbot, shown, options, presenting, family, n_features, n_components):
    options.set("shapes", True)  # the longest entries
    appearance = Appearance(presentation=presenting)
    size = (1024, 768) if presenting else (1080, 620)
    dialog = shown(SynthesisDialog(Session(), appearance=appearance, view_options=options), *size)
    preview = show(dialog, family, n_features, n_components)
    legend = preview.legend
    assert legend.view_box is not None and len(preview.legend_points) > 0
    qtbot.waitUntil(lambda: legend.item.sceneBoundingRect().height() > 0)
    qtbot.wait(100)  # the axes take the width of their tick labels
    assert covered(preview) == 0, legend.corner
    # inside the plot, not clipped by its edges
    assert legend.view_box.sceneBoundingRect().contains(legend.item.sceneBoundingRect())


@pytest.mark.parametrize("presenting", [False, True])
@pytest.mark.parametrize(("n_features", "n_components"), [(16, 3), (16, 12), (64, 12)])
def test_the_pictures_and_their_legend_fit_the_page(qtbot, shown, presenting, n_features, n_components):
    dialog = shown(SynthesisDialog(Session(), appearance=Appearance(presentation=presenting)), 1024, 768)
    preview = show(dialog, "bernoulli", n_features, n_components)
    pictures = preview.pictures

    def laid_out():
        visible = pictures.mapToScene(pictures.viewport().rect()).boundingRect()
        legend = preview.legend.item.sceneBoundingRect()
        assert visible.contains(legend)  # nothing is cut off at the page's edges
        for (chosen, sampled), title in zip(pictures.images, pictures.titles):
            assert legend.top() >= sampled.sceneBoundingRect().bottom()  # the legend is under the pictures
            assert visible.contains(title.sceneBoundingRect())
            assert visible.contains(chosen.sceneBoundingRect()) and visible.contains(sampled.sceneBoundingRect())
        # the rows' names do not run into each other
        names = [name.item.sceneBoundingRect() for name in pictures.names]
        assert not any(a.intersects(b) for i, a in enumerate(names) for b in names[i + 1 :])
        boxes = [image.getViewBox().sceneBoundingRect() for pair in pictures.images for image in pair]
        assert min(min(box.width(), box.height()) for box in boxes) > 30  # and large enough to see

    qtbot.waitUntil(laid_out)


def test_pictures_are_laid_out_as_large_as_the_page_allows():
    sizes = PictureSizes(title=(110.0, 80.0), line=28.0, name=70.0, legend=40.0)
    few = picture_layout(3, QSizeF(450, 640), sizes)
    assert few == PictureLayout(3, upwards=True)  # side by side, names written upwards beside tall rows
    many = picture_layout(12, QSizeF(450, 640), sizes)
    assert not many.upwards  # short rows: names written across
    assert many.wrapped and many.columns > 2  # titles wrap to let more columns in
    assert picture_side(12, QSizeF(450, 640), sizes, many) > 30
    assert picture_layout(12, QSizeF(40, 40), sizes) == PictureLayout(1, upwards=False)  # nothing fits


def test_the_heat_maps_legend_lies_under_the_maps(dialog, qtbot):
    preview = show(dialog, "multinomial", 100)

    def laid_out():
        rect = preview.legend.item.sceneBoundingRect()
        assert all(rect.top() >= plot.sceneBoundingRect().bottom() for plot, _ in preview.heat_images)
        visible = preview.heatmaps.mapToScene(preview.heatmaps.viewport().rect()).boundingRect()
        assert visible.contains(rect)

    qtbot.waitUntil(laid_out)


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("kind", ["points", "shapes", "component_bars", "dots", "ink", "ellipses", "marker"])
def test_each_sample_draws_on_the_legend_background(qtbot, kind, dark):
    appearance = Appearance(dark=dark)
    sample = LegendSample(LegendEntry(kind, ""), appearance, 3)
    image = QImage(int(sample.width()), int(sample.height()), QImage.Format.Format_RGB32)
    background = QColor(appearance.background)
    image.fill(background)
    painter = QPainter(image)
    sample.paint(painter)
    painter.end()
    pixels = np.array([[image.pixelColor(x, y).rgb() for x in range(image.width())] for y in range(image.height())])
    assert np.count_nonzero(pixels != background.rgb()) > 20


def test_presentation_mode_enlarges_the_preview_legend(qtbot):
    appearance = Appearance()
    dialog = SynthesisDialog(Session(), appearance=appearance)
    qtbot.addWidget(dialog)
    dialog.resize(1024, 768)
    dialog.show()
    dialog.redraw_preview()
    label = dialog.preview.legend.item.items[0][1]
    normal = float(label.opts["size"].rstrip("pt"))
    appearance.set_presentation(True)
    label = dialog.preview.legend.item.items[0][1]
    assert float(label.opts["size"].rstrip("pt")) > normal
