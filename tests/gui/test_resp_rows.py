"""The responsibility map numbers its rows as the inspector and the exports do: from 1, whole
numbers only, each row keeping its own number when the rows are sorted by component."""

import numpy as np
import pytest

from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.resp_heatmap import ResponsibilityHeatmap, resp_image


def shown_labels(heatmap):
    """(tick positions, label texts) as the axis draws them."""
    axis = heatmap.row_axis
    low, high = heatmap.plot.getViewBox().viewRange()[1]
    levels = axis.tickValues(low, high, axis.height())
    positions = [value for _, values in levels for value in values]
    return positions, axis.tickStrings(positions, axis.scale, 1.0)


@pytest.fixture
def heatmap(qtbot):
    def make(preset, height=400, e_step=True):
        session = Session()
        assert session.load(*load_preset(preset))
        assert not e_step or session.e_step()
        widget = ResponsibilityHeatmap(session)
        qtbot.addWidget(widget)
        widget.resize(300, height)
        widget.show()
        qtbot.waitExposed(widget)
        return widget

    return make


def test_two_rows_are_labelled_1_and_2_at_their_middles(heatmap):
    widget = heatmap("lecture-two-documents")
    positions, labels = shown_labels(widget)
    assert positions == [0.0, 1.0]  # no ticks at -0.5 or 0.5 between rows
    assert sorted(labels) == ["1", "2"]
    assert [int(label) - 1 for label in labels] == [int(widget.rows[int(p)]) for p in positions]


def test_sorted_rows_keep_their_own_numbers_and_labels_fit(heatmap):
    widget = heatmap("iris", height=300)
    index = widget.order_box.findData("component")
    widget.order_box.setCurrentIndex(index)
    assert not np.array_equal(widget.rows, np.arange(len(widget.rows)))  # really re-sorted
    positions, labels = shown_labels(widget)
    assert all(float(p).is_integer() for p in positions)
    assert [int(label) for label in labels] == [int(widget.rows[int(p)]) + 1 for p in positions]
    assert 2 <= len(labels) <= 20  # as many as fit in 300 pixels, not 150
    assert not widget.grab().isNull()  # draws with the custom axis


def test_the_map_is_blank_before_the_first_e_step_and_keeps_its_rows_order_through_the_run(heatmap):
    """Before E there are no responsibilities to colour; after it the rows, grouped by component at the
    first E-step, stay in that order at every later half-step (a row's colour changes, not its place)."""
    widget = heatmap("lecture-three-sources", e_step=False)
    session = widget.session
    assert widget.image.image is None and len(widget.rows) == 0  # at the start: blank
    assert session.e_step()
    first = np.array(widget.rows)
    by_component = np.lexsort([-session.resp.max(axis=1), session.resp.argmax(axis=1)])  # numpy's own grouping
    np.testing.assert_array_equal(first, by_component)
    for _ in range(6):
        assert session.next_half_step()
        np.testing.assert_array_equal(widget.rows, first)
    moved = np.lexsort([-session.resp.max(axis=1), session.resp.argmax(axis=1)])
    assert not np.array_equal(moved, first)  # re-sorting would have moved rows: they were kept
    # the image is the responsibilities at the cursor in the kept order
    np.testing.assert_array_equal(widget.image.image[:, :, 0], resp_image(session.resp[first])[:, :, 0])
    session.reset()  # a run from the start again: blank, then ordered afresh at its first E-step
    assert widget.image.image is None
