"""The first page: where to begin (continue, a first preset, open a file, synthesise data), the recent
files, then the presets to start from."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...app.presentation.presets import PRESETS, START_HERE

translate = QCoreApplication.translate


class StartPage(QWidget):
    """Preset buttons, the recent files and an Open button.

    Signals
    -------
    preset_chosen(str) : a preset's name
    file_chosen(str) : a recent file's path
    open_requested() : the user wants the file dialog
    synthesis_requested() : the user wants to synthesise data from chosen parameters
    continue_requested() : reopen what was open last time (see `set_last`)
    """

    preset_chosen = Signal(str)
    file_chosen = Signal(str)
    open_requested = Signal()
    synthesis_requested = Signal()
    continue_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        title = QLabel(
            translate(
                "nbviz",
                "<h1>nbviz</h1><p>Watch the EM algorithm work, one E-step and one M-step at a "
                "time. Start from a preset, or open a table of your own (CSV, TSV or .npy).</p>",
            )
        )
        title.setWordWrap(True)
        self.continue_button = QPushButton()
        self.continue_button.clicked.connect(self.continue_requested)
        self.continue_button.hide()
        # a first visit: one preset to begin with, then the user's own data, above the list of presets
        self.start_here = QPushButton(translate("nbviz", "Start here: {0}").format(START_HERE))
        self.start_here.setToolTip(translate("nbviz", PRESETS[START_HERE].description))
        self.start_here.clicked.connect(lambda: self.preset_chosen.emit(START_HERE))
        open_button = QPushButton(translate("nbviz", "Open a data file or session…"))
        open_button.clicked.connect(self.open_requested)
        synthesise_button = QPushButton(translate("nbviz", "Synthesise data…"))
        synthesise_button.setToolTip(
            translate("nbviz", "Draw data from true parameters you choose; the workspace compares the fit to them")
        )
        synthesise_button.clicked.connect(self.synthesis_requested)
        buttons = QHBoxLayout()
        for button in (self.continue_button, self.start_here, open_button, synthesise_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        presets = QGroupBox(translate("nbviz", "Presets"))
        grid = QGridLayout(presets)
        for index, preset in enumerate(PRESETS.values()):
            button = QPushButton(preset.name)
            button.setMinimumWidth(120)
            button.setAccessibleDescription(translate("nbviz", preset.description))
            button.clicked.connect(lambda _=False, name=preset.name: self.preset_chosen.emit(name))
            text = QLabel(translate("nbviz", preset.description))
            text.setWordWrap(True)
            grid.addWidget(button, index, 0)
            grid.addWidget(text, index, 1)
        grid.setColumnStretch(1, 1)
        recent = QGroupBox(translate("nbviz", "Recent files"))
        recent_layout = QVBoxLayout(recent)
        self.recent_list = QListWidget()
        self.recent_list.itemActivated.connect(lambda item: self.file_chosen.emit(item.data(Qt.ItemDataRole.UserRole)))
        recent_layout.addWidget(self.recent_list)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 24, 40, 24)
        layout.addWidget(title)
        layout.addLayout(buttons)
        layout.addWidget(recent)
        layout.addWidget(presets)
        layout.addStretch(1)

    def set_last(self, description: str) -> None:
        """Offer "Continue with <description>" (e.g. a preset's name); an empty description hides it."""
        self.continue_button.setText(translate("nbviz", "Continue with {0}").format(description))
        self.continue_button.setToolTip(translate("nbviz", "Open {0} again, as last time").format(description))
        self.continue_button.setVisible(bool(description))
        self.continue_button.setDefault(bool(description))  # Enter continues, or on a first visit starts here
        self.start_here.setDefault(not description)

    def set_recent_files(self, paths: list[str]) -> None:
        self.recent_list.clear()
        for path in paths:
            item = QListWidgetItem(f"{Path(path).name}  —  {path}")
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.recent_list.addItem(item)
        if not paths:
            self.recent_list.addItem(QListWidgetItem(translate("nbviz", "(none yet)")))
        # as tall as its entries (up to five): an empty list keeps the presets in view
        rows = min(max(self.recent_list.count(), 1), 5)
        self.recent_list.setFixedHeight(
            rows * self.recent_list.sizeHintForRow(0) + 2 * self.recent_list.frameWidth() + 4
        )
