"""Run the ``nbviz`` command inside the test process, as a subprocess would see it run.

Starting a fresh interpreter costs about a second (Python, numpy and Qt imported again); the
command line's own behaviour (exit status, stdout, stderr, files written) is the same in process,
because `nbviz.cli.main` takes its arguments and returns its status without ending the process.
A test starts a subprocess only when the process itself is under test: its environment, signals,
resource limits, a closed pipe, no display.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile

from nbviz.cli import main


def run_in_process(*args) -> subprocess.CompletedProcess:
    """``nbviz *args`` in this process: (returncode, stdout, stderr) as `subprocess.run` gives them.

    Python's writes are captured from sys.stdout and sys.stderr, and anything Qt or a C library
    writes to the file descriptor 2 is added to stderr, so "nothing on stderr" means what it
    means for a real run.
    """
    argv = [str(arg) for arg in args]
    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryFile() as native:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(native.fileno(), 2)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = main(argv)
                except SystemExit as exit:  # argparse's --help, --version and usage errors
                    code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        native.seek(0)
        written = native.read().decode("utf-8", errors="replace")
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue() + written)
