"""Write the guide's generated blocks: the flag list as ``nbviz --help`` prints it, the keyboard table as
Help → Keyboard shortcuts lists it.

Run from the repository after changing a flag or a shortcut::

    python docs/make_reference.py

A generated block sits between ``<!-- generated: NAME (python docs/make_reference.py) -->`` and
``<!-- end generated -->`` in a page; this script replaces what is between them. `tests/test_docs.py` checks
that the blocks say what the code says.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

DOCS = Path(__file__).resolve().parent
HELP_WIDTH = 100  # the terminal width the flag list is formatted for


def help_text() -> str:
    """``nbviz --help`` as a terminal `HELP_WIDTH` columns wide prints it."""
    from nbviz.cli import build_parser

    columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(HELP_WIDTH)  # argparse formats for the terminal's width
    try:
        return build_parser().format_help()
    finally:
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns


def help_block() -> str:
    return "```text\n" + help_text().rstrip("\n") + "\n```\n"


def window_shortcut_rows() -> list[tuple[str, str]]:
    """The rows Help → Keyboard shortcuts lists, read from a main window's commands (made off screen; English
    unless the system asks for another language)."""
    from PySide6.QtCore import QSettings, QTemporaryDir
    from PySide6.QtWidgets import QApplication

    from nbviz.gui.window.help.dialogs import shortcut_rows
    from nbviz.gui.window.main_window import MainWindow

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication([])
    folder = QTemporaryDir()
    settings = QSettings(folder.filePath("settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, remember_layout=False)
    try:
        return shortcut_rows(window.actions())
    finally:
        window.deleteLater()
        app.processEvents()


def shortcuts_block() -> str:
    """The keyboard shortcuts as a Markdown table."""
    rows = [f"| {key} | {what} |" for key, what in window_shortcut_rows()]
    return "\n".join(["| key | what it does |", "|---|---|", *rows]) + "\n\n"  # a blank line ends the table


# name -> (page, what goes between its markers)
BLOCKS: dict[str, tuple[str, Callable[[], str]]] = {
    "nbviz --help": ("command-line.md", help_block),
    "keyboard shortcuts": ("stepping.md", shortcuts_block),
}


def marked(name: str) -> re.Pattern[str]:
    """The block called `name` between its markers (group 2 is its text)."""
    return re.compile(
        r"(<!-- generated: "
        + re.escape(name)
        + r" \(python docs/make_reference\.py\) -->\n)(.*?)(<!-- end generated -->)",
        re.DOTALL,
    )


def current(name: str) -> str:
    """The block called `name` as its page has it now."""
    page, _ = BLOCKS[name]
    found = marked(name).search((DOCS / page).read_text(encoding="utf-8"))
    if found is None:
        raise LookupError(f"{page} has no generated block {name!r}")
    return found.group(2)


def update() -> list[str]:
    """Write every block's current text into its page; the pages changed."""
    changed = []
    for name, (page, make) in BLOCKS.items():
        path = DOCS / page
        text = path.read_text(encoding="utf-8")
        if marked(name).search(text) is None:
            raise LookupError(f"{page} has no generated block {name!r}")
        block = make()
        new = marked(name).sub(lambda found, block=block: found.group(1) + block + found.group(3), text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(page)
    return changed


if __name__ == "__main__":
    pages = update()
    print(f"updated {', '.join(pages)}" if pages else "every generated block is up to date", file=sys.stderr)
