"""The scatter view's chooser of the two axes to look along: the PCA plane or a feature pair.

A few features list every feature pair in one menu. A wide table has too many pairs to list
(D (D - 1) / 2: 124,750 at 500 columns), so there the menu offers "PCA" or "Feature pair", and two
menus of the columns pick the horizontal and the vertical feature. Nothing is built for a view
until it is shown: the chooser only says which view is wanted (`current`).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ....app.analysis.projection import PCA_TITLE, n_pairs, pair_at
from ...widgets.layouts import left_row

translate = QCoreApplication.translate

LISTED_PAIRS = 45  # up to this many feature pairs (10 features) are listed one by one
PICK_PAIR = QT_TRANSLATE_NOOP("nbviz", "Feature pair")  # the menu entry of a wide table's feature-pair view
PCA = "pca"
PAIRS = "pairs"
PAIRS_TITLE = QT_TRANSLATE_NOOP("nbviz", "Pairs (scatter matrix)")  # the last entry for three features or more


def _combo(tooltip: str) -> QComboBox:
    combo = QComboBox()
    # a wide table's column menu would otherwise measure every name to size itself
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(14)
    combo.setToolTip(tooltip)
    return combo


class AxisChooser(QWidget):
    """The view menu "View: PCA | a vs b | ...", or for a wide table "PCA | Feature pair" and x:, y: menus.

    Attributes
    ----------
    views : QComboBox
        The view menu.
    x_choice, y_choice : QComboBox
        The columns on the horizontal and vertical axes (a wide table's feature-pair view only).
    changed : Signal
        The view wanted changed (by the user, not by `set_columns`).
    """

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.views = _combo(translate("nbviz", "Which two axes to look along (everything is projected onto them)"))
        self.views.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.x_choice = _combo(translate("nbviz", "The feature on the horizontal axis"))
        self.y_choice = _combo(translate("nbviz", "The feature on the vertical axis"))
        self._labels = [QLabel("x:"), QLabel("y:")]
        left_row(
            *(
                translate("nbviz", "View:"),
                self.views,
                8,
                self._labels[0],
                self.x_choice,
                4,
                self._labels[1],
                self.y_choice,
            ),
            host=self,
            margins=(4, 2, 4, 0),
        )
        self.n_features = 0
        self.views.currentIndexChanged.connect(self._view_chosen)
        self.x_choice.currentIndexChanged.connect(lambda _: self._feature_chosen(self.x_choice, self.y_choice))
        self.y_choice.currentIndexChanged.connect(lambda _: self._feature_chosen(self.y_choice, self.x_choice))
        self._previous = (0, 1)
        self._show_pickers(False)

    @property
    def picks_pairs(self) -> bool:
        """Whether feature pairs are picked with the x and y menus (too many to list)."""
        return n_pairs(self.n_features) > LISTED_PAIRS

    def set_columns(self, columns, pca_title: str = PCA_TITLE) -> None:  # (translated where shown)
        """Offer the views of data with these columns (none: nothing), starting with the first.

        The first view is PCA (named `pca_title`) for more than two features, else the only feature
        pair; for more than two features the last is the scatter matrix of chosen features.
        """
        D = len(columns)
        self.n_features = D
        for combo in (self.views, self.x_choice, self.y_choice):
            combo.blockSignals(True)
            combo.clear()
        if D >= 2:
            names = [str(name) for name in columns]
            if self.picks_pairs:
                self.views.addItems([translate("nbviz", pca_title), translate("nbviz", PICK_PAIR)])
                self.x_choice.addItems(names)
                self.y_choice.addItems(names)
                self.x_choice.setCurrentIndex(0)
                self.y_choice.setCurrentIndex(1)
            else:
                pairs = [
                    translate("nbviz", "{0} vs {1}").format(names[i], names[j])
                    for i in range(D)
                    for j in range(i + 1, D)
                ]
                self.views.addItems(pairs if D == 2 else [translate("nbviz", pca_title), *pairs])
            if D > 2:
                self.views.addItem(translate("nbviz", PAIRS_TITLE))
            self.views.setCurrentIndex(0)
        self._previous = (0, 1)
        for combo in (self.views, self.x_choice, self.y_choice):
            combo.blockSignals(False)
        self._show_pickers(False)
        self.setVisible(self.views.count() > 1)

    def current(self) -> str | tuple[int, int] | None:
        """The view wanted: "pca", a feature pair (i, j) (i horizontal, j vertical), "pairs" (the
        scatter matrix) or None (no data)."""
        index = self.views.currentIndex()
        if index < 0 or self.n_features < 2:
            return None
        if self.n_features == 2:
            return (0, 1)
        if index == self.views.count() - 1:
            return PAIRS
        if index == 0:
            return PCA
        if self.picks_pairs:
            return (self.x_choice.currentIndex(), self.y_choice.currentIndex())
        return pair_at(index - 1, self.n_features)

    def choose_pair(self, i: int, j: int) -> None:
        """Show feature `i` against feature `j` (i != j), as the user would pick it."""
        if self.picks_pairs:
            for combo, value in ((self.x_choice, i), (self.y_choice, j)):
                combo.blockSignals(True)
                combo.setCurrentIndex(value)
                combo.blockSignals(False)
            self._previous = (i, j)
            if self.views.currentIndex() == 1:
                self.changed.emit()
            self.views.setCurrentIndex(1)
            return
        if not (0 <= i < self.n_features and 0 <= j < self.n_features and i != j):
            raise ValueError(
                f"choose_pair: features {i} and {j} are not two different columns of {self.n_features}; "
                "pass two different column indices"
            )
        i, j = min(i, j), max(i, j)
        first = 0 if self.n_features == 2 else 1  # two features list their only pair, no PCA entry first
        self.views.setCurrentIndex(first + sum(self.n_features - 1 - a for a in range(i)) + j - i - 1)

    def _show_pickers(self, shown: bool) -> None:
        for widget in (self.x_choice, self.y_choice, *self._labels):
            widget.setVisible(shown)

    def _view_chosen(self, index: int) -> None:
        self._show_pickers(self.picks_pairs and index == 1)
        self.changed.emit()

    def _feature_chosen(self, moved: QComboBox, other: QComboBox) -> None:
        """A new feature on one axis; the same on both swaps them (a pair needs two features)."""
        if moved.currentIndex() == other.currentIndex():
            other.blockSignals(True)
            other.setCurrentIndex(self._previous[0] if moved is self.x_choice else self._previous[1])
            other.blockSignals(False)
        self._previous = (self.x_choice.currentIndex(), self.y_choice.currentIndex())
        self.changed.emit()
