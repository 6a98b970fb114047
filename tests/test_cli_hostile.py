"""Hostile paths on the command line: one line on stderr and exit status 2, at once; long lines read."""

import os

import pytest
from in_process import run_in_process

ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def run_cli(*args):
    """``nbviz *args`` in this process (the process itself is not under test here)."""
    return run_in_process(*args)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_a_named_pipe_as_the_data_file_is_refused_in_one_line(tmp_path):
    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    result = run_cli(pipe, "--steps", 1, "--export-trace", tmp_path / "t.csv")
    assert result.returncode == 2
    assert result.stderr == f"nbviz: error: {pipe} is a named pipe (FIFO), not a data file\n"
    assert not (tmp_path / "t.csv").exists()


def test_a_file_with_a_line_longer_than_the_csv_field_limit_is_fitted(tmp_path):
    path = tmp_path / "notes.csv"
    rows = [f"{x},{x * 0.5 + (x % 3)},{'long note ' * 20_000 if x == 4 else 'short'}" for x in range(40)]
    path.write_text("a,b,note\n" + "\n".join(rows) + "\n")
    result = run_cli(path, "-k", 2, "--steps", 2, "--export-trace", tmp_path / "t.csv")
    assert result.returncode == 0, result.stderr
    assert result.stderr == (  # its first column counts 0 to 39: a row number, and the note says so
        "nbviz: note: notes.csv: 'a' is left out as a row number (its values rise with the line); "
        "give --columns a,b to use it.\n"
    )
    assert len((tmp_path / "t.csv").read_text().splitlines()) == 4  # the header and three half-steps


def test_a_large_file_of_nul_bytes_is_refused_in_one_line(tmp_path):
    path = tmp_path / "zeros.csv"
    with open(path, "wb") as stream:
        stream.truncate(256 << 20)
    result = run_cli(path, "--steps", 1, "--export-trace", tmp_path / "t.csv")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "zeros.csv is not a text data file: line 1 holds binary data" in result.stderr
