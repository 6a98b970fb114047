"""Options that clash are refused in one line, with status 2, before anything is read or written."""

import os

import pytest

from nbviz.cli import main


def _refused(capsys, *argv) -> str:
    status = main([str(a) for a in argv])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("nbviz: error: ")
    return err


def _data(tmp_path):
    path = tmp_path / "data.csv"
    path.write_text("a,b\n" + "".join(f"{x},{x % 3}\n" for x in range(20)))
    return path


def test_one_path_for_two_outputs_is_refused_and_nothing_is_written(tmp_path, capsys):
    target = tmp_path / "x.out"
    err = _refused(capsys, "--preset", "faithful", "--save-session", target, "--screenshot", target)
    assert "--save-session and --screenshot both write" in err
    assert not target.exists()


def test_two_spellings_of_one_path_clash(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _refused(capsys, "--preset", "faithful", "--export-trace", "t.csv", "--export-responsibilities", "./t.csv")
    assert not (tmp_path / "t.csv").exists()


@pytest.mark.parametrize("output", ["--export-trace", "--export-responsibilities", "--save-session"])
def test_an_output_onto_the_data_file_is_refused_and_the_data_kept(tmp_path, capsys, output):
    data = _data(tmp_path)
    before = data.read_bytes()
    err = _refused(capsys, data, "--steps", 1, output, data)
    assert "would replace the file opened" in err
    assert data.read_bytes() == before


def test_an_output_onto_a_hard_link_of_the_data_file_is_refused(tmp_path, capsys):
    data = _data(tmp_path)
    os.link(data, tmp_path / "same.csv")
    _refused(capsys, data, "--steps", 1, "--export-trace", tmp_path / "same.csv")


def test_an_output_onto_the_session_opened_is_refused(tmp_path, capsys):
    session = tmp_path / "s.nbviz"
    session.write_text("kept")
    err = _refused(capsys, session, "--screenshot", session)
    assert "would replace the file opened" in err
    assert session.read_text() == "kept"


def test_a_session_saved_over_itself_continues_it(tmp_path, capsys):
    session = tmp_path / "s.nbviz"
    assert main(["--preset", "faithful", "--steps", "2", "--save-session", str(session)]) == 0
    assert main([str(session), "--steps", "2", "--save-session", str(session)]) == 0, capsys.readouterr().err
    assert main([str(session), "--export-trace", str(tmp_path / "t.csv")]) == 0
    assert len((tmp_path / "t.csv").read_text().splitlines()) == 6  # the header and five snapshots


def test_an_output_onto_start_or_classify_is_refused(tmp_path, capsys):
    data = _data(tmp_path)
    start = tmp_path / "start.json"
    start.write_text("{}")
    assert "would replace --start" in _refused(capsys, data, "--start", start, "--export-parameters", start)
    other = _data(tmp_path / "..")
    err = _refused(capsys, data, "--classify", other, "--export-responsibilities", other)
    assert "would replace --classify" in err
    assert start.read_text() == "{}"


def test_install_and_uninstall_together_are_refused_before_either(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    err = _refused(capsys, "--install-desktop", "--uninstall-desktop")
    assert "contradict" in err
    assert not (tmp_path / "share").exists() and not (tmp_path / "config").exists()


def test_distinct_outputs_do_not_clash(tmp_path, capsys):
    status = main(["--preset", "faithful", "--steps", "1", "--export-trace", str(tmp_path / "t.csv")])
    assert status == 0, capsys.readouterr().err
    assert (tmp_path / "t.csv").exists()
