"""A lecturer's 1024x768 projector: opening the explore docks never makes the window outgrow it."""

from PySide6.QtTest import QTest

from nbviz.app.presets import load_preset
from nbviz.gui.main_window import MainWindow


def test_the_explore_docks_fit_beside_the_others_in_a_1024x768_window(qtbot):
    window = MainWindow()
    window.remember_layout = False
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    window.session.load(*load_preset("penguins"))  # labelled: the clusters-vs-classes dock shows too
    for dock in (window.choose_k_dock, window.restarts_dock, window.bound_dock):
        window.show_explore_dock(dock) if dock is not window.bound_dock else dock.show()
        QTest.qWait(50)
        assert window.minimumSizeHint().height() <= 768 and window.minimumSizeHint().width() <= 1024
        assert (window.width(), window.height()) == (1024, 768), dock.windowTitle()
