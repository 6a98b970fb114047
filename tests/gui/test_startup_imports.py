"""Start-up stays light: the window on a preset with true components does not import scipy."""

import os
import subprocess
import sys

CODE = """
import sys
from PySide6.QtWidgets import QApplication
from nbviz.gui.main_window import MainWindow
from nbviz.app.presets import load_preset
app = QApplication([])
window = MainWindow()
window.remember_layout = False
window.session.load(*load_preset("gmm-2d"))
window.show()
app.processEvents()
window.grab()
assert window.session.matched_truth() is not None, "the preset should show its true components"
print(",".join(sorted(m for m in sys.modules if m.split(".")[0] == "scipy")))
"""


def test_the_window_on_a_preset_imports_no_scipy(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
