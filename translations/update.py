"""Bring the translations up to date with the code, then compile them for the app.

    python translations/update.py

Runs ``pyside6-lupdate`` over the GUI and the app (every ``translate("Context", "text")`` and
``QT_TRANSLATE_NOOP("Context", "text")``) into each ``nbviz_LANG.ts`` here, keeping the translations
already made and marking new texts unfinished; then ``pyside6-lrelease`` writes ``nbviz_LANG.qm``,
which the wheel ships (``pyproject.toml``) and ``nbviz.gui.window.language`` loads. Translate the
unfinished texts with Qt Linguist (``pyside6-linguist translations/nbviz_de.ts``) or any editor,
keeping ``{placeholders}``, ``%n`` and the lecture's words (E-step, M-step, ELBO), and run this
again. tests/test_translations.py checks that every text is translated and the ``.qm`` is current.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SOURCES = ("nbviz/gui", "nbviz/app")


def main() -> int:
    files = sorted(str(path.relative_to(ROOT)) for folder in SOURCES for path in (ROOT / folder).rglob("*.py"))
    for ts in sorted(HERE.glob("nbviz_*.ts")):
        update = ["pyside6-lupdate", "-no-obsolete", "-locations", "none", *files, "-ts", str(ts.relative_to(ROOT))]
        subprocess.run(update, cwd=ROOT, check=True)
        subprocess.run(["pyside6-lrelease", str(ts), "-qm", str(ts.with_suffix(".qm"))], cwd=ROOT, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
