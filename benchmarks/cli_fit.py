"""``nbviz FILE --fit`` on a 145-row table against scikit-learn's default fit, measured in the same run.

    python benchmarks/cli_fit.py [repeats]

The table: 145 x 3, three classes (the size of Reaven and Miller's chemical diabetes table), written
as a CSV. Measured:

1. **In process** (medians of `repeats`): loading the file into a session (reading, the file's
   prior, the default start: the best of 3 k-means starts), then ``--fit``'s part alone
   (`fit_to_convergence`: EM to the per-row rule, every half-step kept), against scikit-learn's
   ``GaussianMixture(n_components=3)`` with its defaults on the same rows. Target (issue "Clusters
   an analyst can trust by default"): the fit well under 0.5 s beyond loading.
2. **The command line** (one run each): ``nbviz FILE -k 3 --export-parameters OUT`` and the same
   with ``--fit``, as subprocesses with no display; their difference is what ``--fit`` costs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from core import median_time  # noqa: E402  (benchmarks/core.py: the same timing loop)
from default_fit import small_table  # noqa: E402  (the same 145 x 3 table)


def write_table(folder: Path) -> Path:
    X, _ = small_table()
    path = folder / "table.csv"
    np.savetxt(path, X, delimiter=",", header="a,b,c", comments="", fmt="%.6f")
    return path


def in_process(path: Path, repeats: int) -> None:
    from PySide6.QtCore import QCoreApplication
    from sklearn.mixture import GaussianMixture

    from nbviz.app.data.problem import Problem
    from nbviz.app.model.config import ModelConfig, for_file
    from nbviz.app.run.fit_here import fit_to_convergence
    from nbviz.app.run.session import Session

    QCoreApplication.instance() or QCoreApplication([])
    problem = Problem.from_file(path)
    base = ModelConfig(family=problem.family_guess.family, n_components=3)

    def load() -> Session:  # as the command line's -k 3: the file's defaults, three components
        session = Session()
        session.load(problem, for_file(base, problem.X))
        return session

    sessions: list[Session] = []
    loading = median_time(lambda: sessions.append(load()), repeats)
    fits = []
    for session in sessions[: repeats + 1]:
        start = time.perf_counter()
        assert fit_to_convergence(session)
        fits.append(time.perf_counter() - start)
    fitting = float(np.median(fits))
    config = sessions[0].config

    def reference() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            GaussianMixture(n_components=config.n_components, random_state=0).fit(problem.X)

    sklearn = median_time(reference, repeats)
    print(f"in process, {problem.n_samples}x{problem.n_features}, K = {config.n_components} ({config.stopping_rule}):")
    print(f"  loading (read, prior, best of {config.n_init} k-means starts) {loading * 1e3:.1f} ms")
    print(f"  --fit beyond loading {fitting * 1e3:.1f} ms ({len(sessions[0].history)} half-steps kept)")
    print(f"  scikit-learn's default fit {sklearn * 1e3:.1f} ms")
    print(f"  ratio, --fit beyond loading / scikit-learn {fitting / sklearn:.3f}")
    print(f"  ratio, loading and --fit / scikit-learn {(loading + fitting) / sklearn:.3f}")


def command_line(path: Path) -> None:
    env = {name: value for name, value in os.environ.items() if name not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = path.parent / "p.json"
    times = {}
    for label, extra in (("load", []), ("load + --fit", ["--fit"])):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "nbviz", str(path), "-k", "3", "--export-parameters", str(out), *extra],
            check=True,
            env=env,
            capture_output=True,
        )
        times[label] = time.perf_counter() - start
    print(
        f"command line: {' ; '.join(f'{label} {seconds:.2f} s' for label, seconds in times.items())}; "
        f"--fit costs {times['load + --fit'] - times['load']:.2f} s (target well under 0.5 s)"
    )


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        table = write_table(Path(folder))
        in_process(table, int(sys.argv[1]) if len(sys.argv) > 1 else 20)
        command_line(table)
