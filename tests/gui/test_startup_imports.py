"""Start-up stays light: the start page builds and imports no data view page; the window on a preset
with true components imports neither scipy, nor numpy.ma, nor the exports' machinery (animations,
handouts), which load when first asked for."""

import os
import subprocess
import sys

CODE = """
import sys
from PySide6.QtWidgets import QApplication
from nbviz.gui.window.main_window import MainWindow
from nbviz.app.presentation.presets import load_preset
app = QApplication([])
window = MainWindow()
window.remember_layout = False
window.show()
app.processEvents()
window.grab()
print(",".join(sorted(m for m in sys.modules if m in START_PAGE_LATER)))
window.session.load(*load_preset("gmm-2d"))
window.show()
app.processEvents()
window.grab()
assert window.session.matched_truth() is not None, "the preset should show its true components"
print(",".join(sorted(m for m in sys.modules if m.split(".")[0] == "scipy")))
print(",".join(sorted(m for m in sys.modules if m in LATER)))
print("nbviz.gui.plots.data.scatter_view" in sys.modules)  # the check above is not vacuous
"""
START_PAGE_LATER = ("nbviz.gui.plots.data.scatter_view", "nbviz.gui.plots.data.density_1d")
LATER = (
    "numpy.ma",
    "nbviz.gui.dialogs.animation_dialog",
    "nbviz.gui.figures.animation",
    "nbviz.gui.figures.frames",
    "nbviz.gui.figures.handout",
)


def test_the_start_page_imports_no_page_and_a_preset_no_scipy(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    code = f"LATER = {LATER!r}\nSTART_PAGE_LATER = {START_PAGE_LATER!r}\n" + CODE
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    start_page, scipy, later, scatter_later = result.stdout.splitlines()
    assert start_page == "" and scipy == "" and later == "" and scatter_later == "True"


def test_hidden_docks_and_pages_are_built_when_first_shown(make_main_window, qtbot):
    from nbviz.app.presentation.presets import load_preset

    window = make_main_window()
    window.session.load(*load_preset("gmm-2d"))
    docks = window.docks
    assert not docks.choose_k_dock.built and not docks.restarts_dock.built and not docks.bound_dock.built
    assert window.data_view._density is None and window.data_view._discrete is None  # 2-D data: the scatter
    window.docks.show_explore_dock(window.docks.choose_k_dock)
    qtbot.waitUntil(lambda: window.docks.choose_k_dock.built)
    assert window.docks.choose_k_dock.widget().widget() is window.choose_k and window.choose_k.isVisible()
    assert not window.docks.restarts_dock.built  # tabbed behind it, not shown
    window.docks.bound_dock.show()
    qtbot.waitUntil(lambda: window.bound_view.isVisible())
    window.session.load(*load_preset("gmm-1d"))
    assert window.data_view.currentWidget() is window.data_view.density


def test_the_start_page_builds_no_data_view_page(make_main_window):
    from nbviz.app.presentation.presets import load_preset

    window = make_main_window()
    assert window.data_view.built_views() == []  # the start page shows no plot
    window.session.load(*load_preset("gmm-2d"))
    assert window.data_view.built_views() == [window.data_view.scatter]
    assert window.data_view.currentWidget() is window.data_view.scatter


def test_the_controls_are_built_on_entering_the_workspace_at_the_speed_remembered(make_main_window):
    from nbviz.app.presentation.presets import load_preset

    first = make_main_window()
    first.session.load(*load_preset("gmm-2d"))
    first.controls.speed_slider.setValue(20)
    first.close()
    window = make_main_window()  # the same settings file
    assert not window.docks.control_dock.built  # the start page shows no controls
    assert window.choices().speed == 20  # ... and forgets no choice it did not show
    window.session.load(*load_preset("gmm-2d"))
    assert window.docks.control_dock.built and window.controls.isVisible()
    assert window.controls.speed_slider.value() == 20 and window.session.player.speed == 5.0
