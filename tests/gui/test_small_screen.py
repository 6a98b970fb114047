"""A lecturer's 1024x768 projector: opening the explore docks never makes the window outgrow it."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from nbviz.app.presentation.presets import load_preset
from nbviz.gui.window.main_window import MainWindow


def test_the_explore_docks_fit_beside_the_others_in_a_1024x768_window(qtbot):
    window = MainWindow()
    window.remember_layout = False
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    window.session.load(*load_preset("penguins"))  # labelled: the clusters-vs-classes dock shows too
    for dock in (window.docks.choose_k_dock, window.docks.restarts_dock, window.docks.bound_dock):
        window.docks.show_explore_dock(dock) if dock is not window.docks.bound_dock else dock.show()
        QTest.qWait(50)
        assert window.minimumSizeHint().height() <= 768 and window.minimumSizeHint().width() <= 1024
        assert (window.width(), window.height()) == (1024, 768), dock.windowTitle()


def test_on_a_1024_pixel_screen_the_panels_are_one_column_of_tabs_and_the_data_view_has_40_percent(qtbot, tmp_path):
    """The default layout at 1024x768 (no layout remembered): controls, parameters and inspector as tabs over
    the objective curve on the right, the data view at least 40 % of the window (it had a sixth); a large
    screen keeps three columns, the parameters at their widest."""
    from PySide6.QtCore import QSettings

    from nbviz.gui.window.docks import DATA_VIEW_SHARE, PARAMETERS_WIDTHS

    windows = {}
    for width, height in ((1024, 768), (1600, 1000)):
        settings = QSettings(str(tmp_path / f"{width}.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings=settings)
        window.remember_layout = False
        qtbot.addWidget(window)
        window.resize(width, height)
        window.show()
        qtbot.waitExposed(window)
        window.session.load(*load_preset("gmm-2d"))
        QTest.qWait(50)
        assert (window.width(), window.height()) == (width, height)
        windows[width] = window
    small, docks = windows[1024], windows[1024].docks
    view = small.data_view
    assert view.width() * view.height() >= 0.4 * 1024 * 768, (view.width(), view.height())
    tabbed = set(small.tabifiedDockWidgets(docks.parameters_dock))
    assert {docks.control_dock, docks.inspector_dock} <= tabbed
    right = Qt.DockWidgetArea.RightDockWidgetArea
    assert small.dockWidgetArea(docks.objective_dock) == right == small.dockWidgetArea(docks.control_dock)
    assert docks.objective_dock.geometry().top() >= docks.parameters_dock.geometry().bottom()  # under the tabs
    large = windows[1600]
    assert large.docks.parameters_dock.width() == PARAMETERS_WIDTHS[1]
    assert large.data_view.width() >= DATA_VIEW_SHARE * 1600


def test_a_narrow_parameters_column_never_breaks_a_parameters_name(qtbot):
    from nbviz.app.run.session import Session
    from nbviz.gui.panels.parameters import ParametersPanel

    session = Session()
    session.load(*load_preset("gmm-2d"))
    panel = ParametersPanel(session)
    qtbot.addWidget(panel)
    panel.resize(230, 600)
    panel.show()
    qtbot.waitExposed(panel)
    document = panel.browser.document()
    document.size()  # laid out
    block = document.find("covariance Σ").block()
    assert block.isValid() and block.layout().lineCount() == 1


def test_presenting_at_1024x768_every_toolbar_button_is_on_the_toolbar(qtbot, make_main_window):
    window = make_main_window()
    window.remember_layout = False
    window.session.load(*load_preset("lecture-sampling"))
    window.presentation_layout.set_full_screen(False)  # (presentation mode asks for full screen)
    window.appearance.set_presentation(True)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1024, 768)
    QTest.qWait(100)
    assert window.width() == 1024
    for painting in (False, True):  # painting adds no widget to the toolbar: its choices are the button's menu
        window.commands["paint"].setChecked(painting)
        QTest.qWait(20)
        shown = [a for a in window.toolbar.actions() if a.isVisible() and not a.isSeparator()]
        hidden = [a.text() for a in shown if not window.toolbar.widgetForAction(a).isVisibleTo(window.toolbar)]
        assert not hidden  # none behind the toolbar's » menu (Present least of all)
        assert window.toolbar.widgetForAction(window.commands["presentation"]).isVisibleTo(window.toolbar)
    assert window.commands["run"].iconText() == "Converge" and window.commands["run"].text() == "Run to convergence"
    window.appearance.set_presentation(False)
    assert window.commands["run"].iconText() == "Run to convergence"
