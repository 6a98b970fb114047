"""The responsibility map numbers its rows as the inspector and the exports do: from 1, whole
numbers only, each row keeping its own number when the rows are sorted by component."""

import numpy as np
import pytest

from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.resp_heatmap import ResponsibilityHeatmap


def shown_labels(heatmap):
    """(tick positions, label texts) as the axis draws them."""
    axis = heatmap.row_axis
    low, high = heatmap.plot.getViewBox().viewRange()[1]
    levels = axis.tickValues(low, high, axis.height())
    positions = [value for _, values in levels for value in values]
    return positions, axis.tickStrings(positions, axis.scale, 1.0)


@pytest.fixture
def heatmap(qtbot):
    def make(preset, height=400):
        session = Session()
        assert session.load(*load_preset(preset))
        assert session.e_step()
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
