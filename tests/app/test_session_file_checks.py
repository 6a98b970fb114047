"""Hostile session files: limits while parsing, the checksum, recomputed snapshots, guarded data files, the CLI."""

import hashlib
import json
import os
import re

import pytest

from nbviz import cli
from nbviz.app.documents.session_file import SessionFileError, read_session, write_session
from nbviz.app.documents.session_integrity import budgeted_positions
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session


def saved(tmp_path, name="gmm-2d", half_steps=6):
    session = Session()
    problem, config, start = load_preset(name)
    assert session.load(problem, config, start)
    for _ in range(half_steps):
        assert session.next_half_step()
    path = tmp_path / f"{name}.nbviz"
    assert session.save(path, write_session)
    return path, json.loads(path.read_text())


def resign(data):
    """The checksum recomputed by hand: SHA-256 of the JSON text of the other entries."""
    content = json.dumps({k: v for k, v in data.items() if k != "checksum"})
    return dict(data, checksum="sha256:" + hashlib.sha256(content.encode()).hexdigest())


def refused(path, *fragments):
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    message = str(error.value)
    assert "\n" not in message and path.name in message, message
    for fragment in fragments:
        assert fragment in message, message
    return message


def test_the_saved_checksum_is_that_of_the_content(tmp_path, qtbot):
    path, data = saved(tmp_path)
    assert list(data)[-1] == "checksum" and resign(data)["checksum"] == data["checksum"]


def test_a_changed_digit_is_caught_by_the_checksum_and_when_re_signed_by_the_recomputed_objective(tmp_path, qtbot):
    path, data = saved(tmp_path)
    text = path.read_text()
    mean = repr(data["history"][3]["model"]["means"][0][0])
    changed = text.replace(mean, repr(float(mean) + 1e-3), 1)
    assert changed != text
    path.write_text(changed)
    refused(path, "changed or damaged after nbviz saved it")
    path.write_text(json.dumps(resign(json.loads(changed))))
    refused(path, "history[", "does not belong to this data")


@pytest.mark.parametrize("field", ["objective", "log_likelihood", "elbo", "log_prior"])
def test_every_snapshot_is_recomputed_not_only_the_last(field, tmp_path, qtbot):
    path, data = saved(tmp_path)
    del data["checksum"]  # a file from before checksums (an older format)
    data["version"] = 1
    data["history"][2][field] += 0.5  # e.g. an ELBO above the log-likelihood
    path.write_text(json.dumps(data))
    refused(path, f"history[2].{field} is")


def test_a_history_of_another_family_is_refused(tmp_path, qtbot):
    path, data = saved(tmp_path, "bars")
    _, gaussian = saved(tmp_path, "gmm-2d")
    data = dict(data, config=gaussian["config"])
    path.write_text(json.dumps(resign(data)))
    refused(path, "history[0].model is a bernoulli mixture, but the session's model is gaussian")


@pytest.mark.parametrize(
    ("edit", "fragments"),
    [
        (lambda d: d["config"].update(seed="1"), ["config.seed must be an integer"]),
        (lambda d: d["config"].update(seed=2**40), ["config.seed must be an integer from 0 to 2147483647"]),
        (lambda d: d["config"].update(hard=1), ["config.hard must be true or false"]),
        (lambda d: (d.update(version=1), d["problem"].update(data_file=[])), ["problem.data_file", "format 2"]),
        (lambda d: d.update(problem=None), ["problem must be an object"]),
        (lambda d: d["problem"]["X"][4].pop(), ["problem.X must be a rectangular table"]),
        (lambda d: d["problem"].update(image_shape=[3, 1]), ["problem.image_shape"]),
        (lambda d: d["history"][1]["model"]["covariances"][0][0].__setitem__(0, -1.0), ["history[1].model"]),
        (lambda d: d.update(selected=10**6), ["selected must be an integer from -1"]),
        (lambda d: d["history"][2].update(iteration=5), ["history[2].iteration must be 1"]),
        (lambda d: d["history"][0]["model"].update(weights=[0.5, "0.5"]), ["history[0].model.weights[1]"]),
    ],
)
def test_malformed_entries_are_refused_naming_the_entry(edit, fragments, tmp_path, qtbot):
    path, data = saved(tmp_path)
    edit(data)
    path.write_text(json.dumps(resign(data)))
    refused(path, *fragments)


def test_labels_outside_the_classes_are_refused(tmp_path, qtbot):
    path, data = saved(tmp_path, "iris", half_steps=2)
    data["problem"]["labels"][7] = 3  # iris has classes 0, 1, 2
    path.write_text(json.dumps(resign(data)))
    refused(path, "problem.labels[7] must be 0 to 2; got 3")


@pytest.mark.parametrize(
    ("replacement", "fragment"),
    [
        ("[" * 100_000 + "]" * 100_000, "nests 100001 levels deep"),
        ("9" * 5000, "an integer of 5000 digits"),
        ("9" * 25, "an integer of 25 digits"),
        ("NaN", "holds NaN"),
        ("1e999", "too large for a float"),
    ],
)
def test_hostile_json_is_refused_while_it_is_parsed(replacement, fragment, tmp_path, qtbot):
    path, data = saved(tmp_path)
    text = path.read_text().replace('"cursor": ', f'"cursor": {replacement}, "was": ', 1)
    path.write_text(text)
    refused(path, fragment)


def test_budget_samples_long_histories(qtbot):
    assert budgeted_positions(50, 10) == list(range(50))
    chosen = budgeted_positions(20_000, 10_000_000, b"salt")
    assert chosen[0] == 0 and chosen[-1] == 19_999 and 4 <= len(chosen) <= 6
    assert budgeted_positions(20_000, 100_000, b"a") != budgeted_positions(20_000, 100_000, b"b")


# ----------------------------------------------------------------- referenced data files
def point_at(path, data, target, relative=None, file_checksum=True):
    reference = dict(data["problem"]["data_file"], path=str(target), relative=relative)
    if not file_checksum:
        del reference["file_sha256"]
    data = dict(data, problem=dict(data["problem"], data_file=reference))
    path.write_text(json.dumps(resign(data)))


@pytest.mark.parametrize("file_checksum", [True, False])
def test_a_session_cannot_read_another_file_nor_show_its_content(referenced, tmp_path, file_checksum):
    path, data = referenced
    secret = tmp_path / "secret.csv"
    secret.write_text("name,password\nroot,hunter2\n")
    for target, relative in (("/etc/passwd", None), (secret, None), ("/nowhere", "../" * 12 + "etc/passwd")):
        point_at(path, data, target, relative, file_checksum)
        message = refused(path, "problem.data_file", "has changed since the session was saved")
        assert "hunter2" not in message and "password" not in message and "/bin/" not in message


def test_only_regular_files_are_opened(referenced, tmp_path):
    path, data = referenced
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opening it would wait for a writer for ever
    for target in (fifo, tmp_path, "/dev/zero", "/dev/null"):
        point_at(path, data, target)
        refused(path, "not found or is not a regular file")


def test_the_session_itself_must_be_a_regular_file(tmp_path):
    fifo = tmp_path / "fifo.nbviz"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path):
        with pytest.raises(SessionFileError, match="is a (named pipe|folder).*, not a session file"):
            read_session(target)


def test_the_referenced_file_still_opens(referenced):
    path, _ = referenced
    assert read_session(path).problem.n_samples == 40


# ----------------------------------------------------------------- the command line
@pytest.mark.parametrize(
    "edit",
    [
        lambda text: text.replace('"cursor": ', '"cursor": ' + "[" * 50_000 + "]" * 50_000 + ', "x": ', 1),
        lambda text: re.sub(r'"seed": \d+', '"seed": ' + "9" * 10_000, text, count=1),
        lambda text: text.replace('"problem": {', '"problem": null, "p": {', 1),
        lambda text: text[:-40],
    ],
)
def test_the_command_line_refuses_a_hostile_session_with_exit_2_and_one_line(edit, tmp_path, capsys, qtbot):
    path, _ = saved(tmp_path)
    path.write_text(edit(path.read_text()))
    assert cli.main([str(path), "--screenshot", str(tmp_path / "out.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("nbviz: error: gmm-2d.nbviz: "), err
    assert not (tmp_path / "out.png").exists()
