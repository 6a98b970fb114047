"""Each component's level probabilities per feature as stacked bars, as poLCA draws latent classes.

One group of bars per feature (question); in it one bar per component, split into its levels'
probabilities from the bottom (level 0) up, each level in its own shade of the component's colour,
so a component that answers a question one way shows one tall block. Each block is labelled with its
level: the file's text (``yes``, ``never``), cut short to fit the bar (never to a text another answer
of the question shares: then the shortest text that tells it apart), when the features were read
as text levels, else the code. Under each question its name, and its levels when they differ from
question to question (cut to the group's width; the tooltip has them whole); levels every question
shares are named once, under the plot.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ....app.families import DataView, presentation
from ....app.families.level_names import level_text
from ....app.presentation import view_descriptions as words
from ....app.presentation.appearance import Appearance
from ....app.run.session import Session
from ...style.palette import component_color
from ..plot_view import PlotView, new_plot
from ..styling import plot_font

translate = QCoreApplication.translate

GAP = 1.0  # an empty bar's width between two features' groups
BAR_WIDTH = 0.85  # a bar's width, in x units (one per component; a name may fill the gap too)
EDGE = 0.7  # the margin from the plot's edge to the first bar's and the last bar's middle


class LevelBarsView(PlotView, QWidget):
    """Stacked bars of ``P(x_j = level | k)``: feature groups along x, probability 0..1 up."""

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        super().__init__(session, parent, appearance=appearance)
        self.plot = self.bar_plot = new_plot()
        self.bar_plot.setYRange(0, 1, padding=0.02)
        self.bar_plot.setLabel("left", translate("nbviz", "P(level | component)"))
        self.bar_plot.getPlotItem().setMouseEnabled(x=False, y=False)
        self.bars: list[pg.BarGraphItem] = []
        self.level_labels: list[pg.TextItem] = []
        self.level_names: list[str] = []  # each label's whole level name (the label may be cut short)
        self.level_others: list[list[str]] = []  # the other levels of each label's question
        self.tick_texts: list[str] = []  # each question's name (and its levels), before they are cut to fit
        self._shape = (0, 0)  # components, questions
        self._key: tuple | None = None
        self._label_width = 0  # the pixels a bar's label had when they were last fitted
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bar_plot)
        self.key = QLabel()  # levels every question shares, named once under the plot
        self.key.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.key.setWordWrap(True)
        self.key.hide()
        layout.addWidget(self.key)
        view = self.bar_plot.getPlotItem().getViewBox()
        view.sigResized.connect(self._fit_labels)  # once the plot's layout has sized the bars
        view.sigXRangeChanged.connect(self._fit_labels)
        self.follow_session()

    def accessible_text(self) -> tuple[str, str] | None:
        return words.levels_name(), words.described("", self.session)

    def redraw(self, *_) -> None:
        if self.asleep():
            return
        snapshot, problem = self.session.snapshot, self.session.problem
        if snapshot is None or problem is None or presentation(snapshot.model).data_view is not DataView.LEVELS:
            self._clear()
            return
        model = self.shown_model(snapshot)
        K, levels = model.n_components, model.levels
        key = (K, levels, self.appearance.dark, self.appearance.presentation)
        if key != self._key:
            self._build(K, levels, problem.columns)
        for (k, j, level), bar in zip(self._segments(K, levels), self.bars, strict=True):
            below = float(np.sum(model.probs[j][k, :level]))
            height = float(model.probs[j][k, level])
            bar.setOpts(y0=[below], height=[height])
        for (k, j, level), label in zip(self._segments(K, levels), self.level_labels, strict=True):
            below = float(np.sum(model.probs[j][k, :level]))
            height = float(model.probs[j][k, level])
            label.setPos(self._x(K, j, k), below + height / 2)
            label.setVisible(height >= 0.12)
        self._fit_labels()

    def _fit_labels(self, *_) -> None:
        """Cut each level's name short (with an ellipsis) to the width of its bar on screen."""
        if not self.level_labels:
            return
        view = self.bar_plot.getPlotItem().getViewBox()
        unit = view.width() / max(view.viewRange()[0][1] - view.viewRange()[0][0], 1e-9)  # pixels per bar
        width = int(unit) - 2  # the bar and the gap beside it
        if width == self._label_width:
            return
        self._label_width = width
        metrics = QFontMetrics(plot_font(self.appearance))
        for label, name, others in zip(self.level_labels, self.level_names, self.level_others, strict=True):
            cut = metrics.elidedText(name, Qt.TextElideMode.ElideRight, max(width, 0))
            if cut != name and (len(cut) <= 2 or any(other.startswith(cut.rstrip("…")) for other in others)):
                # a letter and an ellipsis say no more, and a cut another answer shares says less: the
                # shortest text no other answer of the question has, if it fits, else the initial
                short = abbreviation(name, others)
                cut = short if metrics.horizontalAdvance(short) <= width else name[:1]
            label.setText(cut)
        # each question's name and levels cut to its group's width, so no tick hides its neighbour
        K = self._shape[0]
        half = min((K + GAP) / 2, (K - 1) / 2 + EDGE)  # the outer questions have only the margin beyond their bars
        group = max(int(2 * half * unit) - 6, 0)
        ticks = []
        for j, text in enumerate(self.tick_texts):
            lines = [metrics.elidedText(line, Qt.TextElideMode.ElideRight, group) for line in text.split("\n")]
            ticks.append(((K - 1) / 2 + j * (K + GAP), "\n".join(lines)))
        self.bar_plot.getAxis("bottom").setTicks([ticks, []])

    @staticmethod
    def _segments(K: int, levels: tuple[int, ...]):
        return [(k, j, level) for j, L in enumerate(levels) for k in range(K) for level in range(L)]

    @staticmethod
    def _x(K: int, j: int, k: int) -> float:
        return j * (K + GAP) + k

    def _clear(self) -> None:
        self.key.hide()
        for item in self.bars + self.level_labels:
            self.bar_plot.removeItem(item)
        self.bars, self.level_labels, self.level_names, self.level_others, self._key = [], [], [], [], None

    def _build(self, K: int, levels: tuple[int, ...], columns) -> None:
        self._clear()
        self._key = (K, levels, self.appearance.dark, self.appearance.presentation)
        for k, j, level in self._segments(K, levels):
            colour = component_color(k, self.appearance.dark)
            shade = colour.lighter(100 + int(60 * level / max(levels[j] - 1, 1)))
            bar = pg.BarGraphItem(
                x=[self._x(K, j, k)], y0=[0.0], height=[0.0], width=BAR_WIDTH, brush=shade, pen=pg.mkPen("w", width=1)
            )
            self.bar_plot.addItem(bar)
            self.bars.append(bar)
            name = level_text(columns, j, level)
            label = pg.TextItem(name, color="k", anchor=(0.5, 0.5))
            label.setFont(plot_font(self.appearance))
            self.bar_plot.addItem(label)
            self.level_labels.append(label)
            self.level_names.append(name)
            self.level_others.append([level_text(columns, j, other) for other in range(levels[j]) if other != level])
        self._label_width = 0
        named = getattr(columns, "levels", None) is not None  # text levels: their names under each question
        shared = named and len({columns.levels[j] for j in range(len(levels))}) == 1
        self.key.setVisible(shared)
        if shared:
            self.key.setFont(plot_font(self.appearance))
            self.key.setText(translate("nbviz", "Answers from the bottom up: ") + " · ".join(columns.levels[0]))
        self._shape = (K, len(levels))
        self.tick_texts = [self._tick(columns, j, levels[j], named and not shared) for j in range(len(levels))]
        self.bar_plot.setToolTip("\n".join(text.replace("\n", ": ", 1) for text in self.tick_texts) if named else "")
        bottom = self.bar_plot.getAxis("bottom")
        # the whole height of the lines (descenders included) in the font of the mode shown, so that
        # presentation mode's larger bold names are not cut at the bottom edge
        lines = 2 if named and not shared else 1
        height = lines * QFontMetrics(plot_font(self.appearance)).height() + bottom.style["tickTextOffset"][1] + 6
        bottom.setHeight(height)
        self.bar_plot.setXRange(-EDGE, len(levels) * (K + GAP) - GAP - 1 + EDGE, padding=0)

    @staticmethod
    def _tick(columns, j: int, n_levels: int, named: bool) -> str:
        """A question's name, and under it (text levels) its levels from the bottom of a bar up."""
        if not named:
            return str(columns[j])
        return f"{columns[j]}\n" + " · ".join(level_text(columns, j, level) for level in range(n_levels))


def abbreviation(name: str, others) -> str:
    """The shortest text telling the answer `name` from its question's `others`: its initial, the
    initials of its words ("tb" for "très bien" beside "très mal") or its shortest prefix no other
    answer starts with; the initial when nothing shorter than the name does."""
    candidates = [name[:1], _initials(name)] + [name[:n] for n in range(2, len(name))]
    for candidate in candidates:
        if candidate and not any(other.startswith(candidate) or _initials(other) == candidate for other in others):
            return candidate
    return name[:1]


def _initials(name: str) -> str:
    return "".join(word[:1] for word in name.split())
