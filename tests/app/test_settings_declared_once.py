"""Each setting is declared once (`nbviz.app.model.settings`), and the model choice, the command line and the
session reader all take its type, range, default and help from that declaration."""

from __future__ import annotations

import dataclasses
import json
import shlex

import pytest
from in_process import run_in_process

from nbviz.app.documents.session_file import SessionFileError, read_session, write_session
from nbviz.app.documents.session_schema import content_checksum
from nbviz.app.families import PRESENTATIONS
from nbviz.app.model.config import ModelConfig
from nbviz.app.model.settings import SETTINGS, config_settings, flagged, prior_settings
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.flags import GROUPS, build_parser


def refused_value(setting):
    """A value the declaration refuses: below its range, or not among its choices."""
    if setting.kind is bool:
        return 1
    if setting.kind is str:
        return "no-such-choice"
    return setting.low - 1 if setting.low is not None else setting.high + 1


def test_every_field_of_the_model_choice_is_a_declared_setting_with_the_same_default():
    fields = {field.name: field for field in dataclasses.fields(ModelConfig)}
    structural = {"prior", "manual_labels", "start_given"}  # not settings a user types: the prior's knobs are
    assert {setting.name for setting in config_settings()} == set(fields) - structural
    for setting in config_settings():
        assert getattr(ModelConfig(), setting.name) == setting.default, setting.name
    prior = ModelConfig().prior
    assert {setting.field for setting in prior_settings()} == {field.name for field in dataclasses.fields(prior)}
    for setting in prior_settings():
        assert getattr(prior, setting.field) == setting.default, setting.name


@pytest.mark.parametrize("setting", config_settings(), ids=lambda setting: setting.name)
def test_the_model_choice_refuses_what_the_declaration_refuses_in_its_words(setting):
    with pytest.raises(ValueError) as error:
        ModelConfig(**{setting.name: refused_value(setting)})
    assert str(error.value).startswith(setting.words)


def test_a_family_declares_its_own_settings_in_its_presentation():
    own = {setting.name: name for name, entry in PRESENTATIONS.items() for setting in entry.settings}
    assert own == {"covariance_type": "gaussian", "prior.covariance_prior": "gaussian", "fixed_variance": "gaussian"}
    for name in own:  # the mixed family's measurements take the Gaussian's covariance type and prior
        shared = ("gaussian", "mixed") if name != "fixed_variance" else ("gaussian",)
        assert SETTINGS[name].families == shared and not SETTINGS[name].applies_to("bernoulli")


@pytest.mark.parametrize("setting", flagged(), ids=lambda setting: setting.flag)
def test_each_settings_flag_is_made_from_its_declaration_and_checked_by_it(setting, tmp_path):
    action = next(action for action in build_parser()._actions if setting.flag in action.option_strings)
    assert tuple(action.option_strings) == setting.flags and action.help.startswith(setting.described())
    assert action.choices == (setting.allowed or None)
    bad = refused_value(setting)
    result = run_in_process("--preset", "faithful", setting.flag, bad, "--steps", 1, "--export-trace", tmp_path / "t")
    assert result.returncode == 2 and not (tmp_path / "t").exists()
    if setting.kind is str:  # argparse itself refuses a choice the flag does not offer, with its usage
        assert f"argument {setting.flag}: invalid choice" in result.stderr
    else:  # one line naming the flag (K in the model choice's words, which also say why K is bounded)
        assert len(result.stderr.strip().splitlines()) == 1
        named = setting.words if setting.name == "n_components" else setting.flag
        assert f"{named} must be" in result.stderr


def test_every_flag_sits_in_a_task_group_whose_example_parses():
    parser = build_parser()
    titled = {title for _, title, _, _ in GROUPS}
    for group in parser._action_groups:
        if group.title in titled:
            continue
        assert [action.dest for action in group._group_actions] in ([], ["help"]), group.title
    for _, title, _, example in GROUPS:
        group = next(group for group in parser._action_groups if group.title == title)
        assert group._group_actions, title
        args = shlex.split(example)[1:]
        if args == ["--install-desktop"]:
            assert parser.parse_args(args).install_desktop
        else:
            parser.parse_args(args)


@pytest.mark.parametrize(
    "setting", [s for s in SETTINGS.values() if s.name != "n_components"], ids=lambda setting: setting.name
)
def test_the_session_reader_refuses_a_saved_entry_the_declaration_refuses(setting, tmp_path, qtbot):
    session = Session()
    assert session.load(*load_preset("gmm-2d"))
    path = tmp_path / "run.nbviz"
    assert session.save(path, write_session)
    document = json.loads(path.read_text(encoding="utf-8"))
    holder = document["config"]["prior"] if setting.name.startswith("prior.") else document["config"]
    holder[setting.field] = refused_value(setting)
    document["checksum"] = content_checksum(document)  # re-signed: the entry itself must be refused
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    assert f"config.{setting.name} must be" in str(error.value)
