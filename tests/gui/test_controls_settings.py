"""The Controls take their ranges and tool tips from the settings' declarations (`nbviz.app.model.settings`)."""

from nbviz.app.model.settings import SETTINGS
from nbviz.app.run.session import Session
from nbviz.gui.panels.controls import ControlPanel


def test_the_controls_fields_follow_the_declared_ranges_and_help(qtbot):
    panel = ControlPanel(Session())
    qtbot.addWidget(panel)
    for spin, name in ((panel.k_spin, "n_components"), (panel.seed_spin, "seed")):
        setting = SETTINGS[name]
        assert (spin.minimum(), spin.maximum()) == (setting.low, setting.high)
        assert spin.toolTip() == setting.described()
    assert (
        panel.k_spin.toolTip()
        == "The number of components K: at most 100 (each is drawn, coloured and stepped through)"
    )
    for spin, name in ((panel.alpha_spin, "prior.alpha"), (panel.beta_spin, "prior.beta")):
        assert spin.minimum() == SETTINGS[name].low and spin.toolTip() == SETTINGS[name].help
    assert panel.lambda_spin.toolTip() == SETTINGS["prior.covariance_prior"].help
