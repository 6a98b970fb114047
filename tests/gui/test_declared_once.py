"""Figure kinds and export formats are declared once: the command line, the menus and the figure
builders all read the same registries, and the figure exporter does not know the window."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import nbviz.gui
from nbviz.app.data.export import EXPORT_FORMATS
from nbviz.app.presentation.figure_kinds import DEFAULT_FIGURE, FIGURE_KINDS
from nbviz.cli import build_parser


def test_the_command_line_offers_every_figure_kind_and_no_other():
    figure = next(action for action in build_parser()._actions if action.dest == "figure")
    assert tuple(figure.choices) == tuple(FIGURE_KINDS) and figure.default == DEFAULT_FIGURE


def test_every_figure_kind_has_a_builder():
    from nbviz.gui.figures.kinds import BUILDERS

    assert list(BUILDERS) == list(FIGURE_KINDS)


def test_file_export_lists_the_data_exports_then_the_figures_in_the_registries_order(make_main_window):
    window = make_main_window()
    export_menu = next(
        action.menu()
        for menu in window.menuBar().actions()
        for action in menu.menu().actions()
        if action.menu() is not None and action.text() == "Export"
    )
    texts = [action.text() for action in export_menu.actions() if not action.isSeparator()]
    expected = [export.menu_text for export in EXPORT_FORMATS.values()]
    expected += [figure.menu_text for figure in FIGURE_KINDS.values()]
    assert texts[: len(expected)] == expected


def test_the_figure_kinds_load_no_gui_library():  # the command line lists them before any window
    code = (
        "import sys, nbviz.app.presentation.figure_kinds\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {'PySide6', 'pyqtgraph'})))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def imported_by(path: Path) -> set[str]:
    """The modules `path` imports anywhere (module level, in functions, under TYPE_CHECKING), relative
    imports written as they are ("..window.main_window")."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
            names.update("." * node.level + (node.module + "." if node.module else "") + a.name for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_the_figures_do_not_import_the_window_and_the_views_do_not_import_the_figures():
    gui = Path(nbviz.gui.__file__).parent
    for module in (gui / "figures").glob("*.py"):
        assert not any(name.startswith(("..window", "nbviz.gui.window")) for name in imported_by(module)), module.name
    for module in [gui / "widgets" / "session_view.py", *(gui / "plots").rglob("*.py"), *(gui / "panels").glob("*.py")]:
        assert not any(
            name.split(".")[-2:-1] == ["figures"] or name.endswith("figures") for name in imported_by(module)
        ), module.name
