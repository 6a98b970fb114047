"""The scatter view's axis chooser: choose_pair lands on the asked pair for every table width."""

import pytest

from nbviz.gui.plots.data.axis_chooser import PCA, AxisChooser


@pytest.fixture
def chooser(qtbot):
    widget = AxisChooser()
    qtbot.addWidget(widget)
    return widget


def test_two_features_choose_their_only_pair(chooser):
    chooser.set_columns(["a", "b"])
    chooser.choose_pair(0, 1)
    assert chooser.views.currentIndex() == 0  # the only entry: there is no PCA entry before it
    assert chooser.views.currentText() == "a vs b"
    assert chooser.current() == (0, 1)


@pytest.mark.parametrize("pair", [(0, 1), (0, 3), (1, 2), (2, 3)])
def test_four_features_choose_the_named_pair_after_pca(chooser, pair):
    chooser.set_columns(["a", "b", "c", "d"])
    assert chooser.current() == PCA
    chooser.choose_pair(*pair)
    names = "abcd"
    assert chooser.views.currentText() == f"{names[pair[0]]} vs {names[pair[1]]}"
    assert chooser.current() == pair


def test_a_pair_outside_the_table_is_refused(chooser):
    chooser.set_columns(["a", "b"])
    with pytest.raises(ValueError, match="not two different columns of 2"):
        chooser.choose_pair(0, 2)
    assert chooser.current() == (0, 1)
