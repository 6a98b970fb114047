"""Every file nbviz writes goes through `write_atomically`: a temporary file replaces a regular file
only when complete, and a device or a named pipe is written into, never replaced by a regular file."""

import os
import stat
import subprocess
import sys
import threading

import pytest

from nbviz.app.data.files import WriteError, write_atomically


def read_fifo_while_writing(fifo, write) -> bytes:
    """Run `write()` while another thread reads the named pipe `fifo` to its end."""
    received = []

    def read() -> None:
        with open(fifo, "rb") as pipe:
            received.append(pipe.read())

    reader = threading.Thread(target=read, daemon=True)  # never left waiting for a writer
    reader.start()
    write()
    reader.join(timeout=10)
    assert not reader.is_alive()
    return received[0]


def test_a_named_pipe_is_written_into_and_stays_a_pipe(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert read_fifo_while_writing(fifo, lambda: write_atomically(fifo, b"k,bic\n1,2.5\n")) == b"k,bic\n1,2.5\n"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]  # no temporary file left beside it


def test_a_regular_file_is_replaced_whole_and_a_folder_is_refused(tmp_path):
    target = tmp_path / "out.csv"
    target.write_bytes(b"old")
    write_atomically(target, b"new")
    assert target.read_bytes() == b"new"
    with pytest.raises(WriteError, match="could not be written"):
        write_atomically(tmp_path, b"x")


def test_the_command_line_exports_into_a_pipe_without_replacing_it(tmp_path):
    fifo = tmp_path / "parameters.json"
    os.mkfifo(fifo)
    env = {key: value for key, value in os.environ.items() if key != "DISPLAY"}
    command = [sys.executable, "-m", "nbviz", "--preset", "iris", "--fit", "--export-parameters", str(fifo)]
    results = []
    text = read_fifo_while_writing(fifo, lambda: results.append(subprocess.run(command, capture_output=True, env=env)))
    assert results[0].returncode == 0, results[0].stderr
    assert text.startswith(b"{") and stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_is_written_into_and_stays_a_device(tmp_path):
    device = tmp_path / "null"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a second /dev/null
    write_atomically(device, b"discarded")
    assert stat.S_ISCHR(os.stat(device).st_mode)
