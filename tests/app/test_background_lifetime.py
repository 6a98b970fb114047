"""A worker thread outlives the object that started it without bringing the process down.

Qt aborts the process ("QThread: Destroyed while thread is still running") when a QThread object
is destroyed while its thread runs. A view that owns a job can be deleted mid-computation (a test
tearing it down, a dock closed), so the check runs in a child process, where an abort is an exit
code, not the end of the test run.
"""

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import gc, time
    from PySide6.QtCore import QCoreApplication, QObject
    from nbviz.app.jobs.background import BackgroundJob

    app = QCoreApplication([])
    owner = QObject()
    kept = BackgroundJob(owner)
    assert kept.start(lambda job: time.sleep(0.5) or "done")
    owner.deleteLater()            # a view goes while its work runs
    app.processEvents()
    loose = BackgroundJob(None)
    assert loose.start(lambda job: time.sleep(0.5) or "done")
    del owner, kept, loose
    gc.collect()                   # the jobs' Python side is collected too
    time.sleep(0.8)                # the work ends with nobody left to collect it
    app.processEvents()
    gc.collect()
    print("alive")
    """
)


def test_deleting_the_owner_of_a_running_job_neither_aborts_nor_hangs():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=60,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    assert "alive" in done.stdout
    assert "Destroyed while thread" not in done.stderr
