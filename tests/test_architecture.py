"""The model core stands alone (importing it loads no Qt or plotting library); the app uses no widgets."""

import ast
import subprocess
import sys
from pathlib import Path


def test_importing_the_core_loads_no_gui_library():
    code = (
        "import sys, nbviz.core\n"
        "gui = sorted(m for m in sys.modules if m.split('.')[0] in {'PySide6', 'shiboken6', 'pyqtgraph', 'sklearn'})\n"
        "print(','.join(gui))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def _imported_modules(tree: ast.AST) -> set[str]:
    """Every module an `import` or absolute `from ... import` names, anywhere in the tree."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_app_imports_no_widgets():
    # lint-imports (pyproject.toml) sees PySide6 as one package, so it cannot tell QtWidgets from
    # QtCore: this reads every import in nbviz/app, including those inside functions.
    app = Path(__file__).resolve().parents[1] / "nbviz" / "app"
    found = [
        f"{path.relative_to(app.parent.parent)} imports {name}"
        for path in sorted(app.rglob("*.py"))
        for name in sorted(_imported_modules(ast.parse(path.read_text(encoding="utf-8"))))
        if name == "PySide6.QtWidgets" or name.startswith("PySide6.QtWidgets.")
    ]
    assert found == []
