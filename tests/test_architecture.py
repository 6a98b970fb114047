"""The model core stands alone: importing it loads no Qt or plotting library."""

import subprocess
import sys


def test_importing_the_core_loads_no_gui_library():
    code = (
        "import sys, nbviz.core\n"
        "gui = sorted(m for m in sys.modules if m.split('.')[0] in {'PySide6', 'shiboken6', 'pyqtgraph', 'sklearn'})\n"
        "print(','.join(gui))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
