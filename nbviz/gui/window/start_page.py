"""The first page: presets to start from, recent files, and opening a file."""

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

from ...app.presentation.presets import PRESETS

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
        self.continue_button.setDefault(True)
        self.continue_button.clicked.connect(self.continue_requested)
        self.continue_button.hide()
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
        self.recent_list.setMaximumHeight(130)
        self.recent_list.itemActivated.connect(lambda item: self.file_chosen.emit(item.data(Qt.ItemDataRole.UserRole)))
        open_button = QPushButton(translate("nbviz", "Open a data file or session…"))
        open_button.clicked.connect(self.open_requested)
        synthesise_button = QPushButton(translate("nbviz", "Synthesise data…"))
        synthesise_button.setToolTip(
            translate("nbviz", "Draw data from true parameters you choose; the workspace compares the fit to them")
        )
        synthesise_button.clicked.connect(self.synthesis_requested)
        buttons = QHBoxLayout()
        buttons.addWidget(open_button)
        buttons.addWidget(synthesise_button)
        buttons.addStretch(1)
        recent_layout.addWidget(self.recent_list)
        recent_layout.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 24, 40, 24)
        layout.addWidget(title)
        layout.addWidget(self.continue_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(presets)
        layout.addWidget(recent)
        layout.addStretch(1)

    def set_last(self, description: str) -> None:
        """Offer "Continue with <description>" (e.g. a preset's name); an empty description hides it."""
        self.continue_button.setText(translate("nbviz", "Continue with {0}").format(description))
        self.continue_button.setToolTip(translate("nbviz", "Open {0} again, as last time").format(description))
        self.continue_button.setVisible(bool(description))

    def set_recent_files(self, paths: list[str]) -> None:
        self.recent_list.clear()
        for path in paths:
            item = QListWidgetItem(f"{Path(path).name}  —  {path}")
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.recent_list.addItem(item)
        if not paths:
            self.recent_list.addItem(QListWidgetItem(translate("nbviz", "(none yet)")))
