"""Survey tables as an analyst opens them: nbviz's default fit beside poLCA's published fits and scikit-learn.

    python benchmarks/latent_class.py [seeds]

1. **Latent class analysis** (`tests/data/polca`, poLCA's carcinoma, values and gss82 as R's
   write.csv writes them): ``nbviz FILE -k K --fit --seed S`` for seeds 0 .. seeds-1, with no other
   option, beside the log-likelihood poLCA 1.6's manual prints; how many seeds reached it (within
   1e-3), the class shares of the first seed and the median time of a fit (the command in process).
2. **An identifier among the measurements**: the iris table with a ``serial`` column of random
   6-digit numbers between its measurements, opened as it is. nbviz leaves the serial out (a note
   says so); scikit-learn's ``GaussianMixture(3, random_state=S)`` is fed the file's numeric columns
   as they are, and again without the serial. Adjusted Rand index with the species, mean over seeds.

poLCA's numbers are its manual's (this machine has no R); scikit-learn is only a yardstick here.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from nbviz.cli import main

ROOT = Path(__file__).resolve().parents[1]
POLCA = ROOT / "tests" / "data" / "polca"
PUBLISHED = (  # (table, K, poLCA's log-likelihood, its class shares where the manual prints them)
    ("carcinoma", 2, -317.2568, None),
    ("carcinoma", 3, -293.705, None),
    ("carcinoma", 4, -289.2858, None),
    ("values", 2, -504.4677, (0.720, 0.280)),
    ("gss82", 3, -2754.545, (0.621, 0.207, 0.172)),
)


def fit(path: Path, *options: str) -> dict:
    """The run summary and model of ``nbviz PATH OPTIONS --fit --export-parameters``, run in process."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "p.json"
        with contextlib.redirect_stderr(io.StringIO()):
            status = main([str(path), *options, "--fit", "--export-parameters", str(out)])
        assert status == 0, status
        return json.loads(out.read_text())


def latent_classes(seeds: range) -> None:
    print("table      K  poLCA       nbviz (seed 0)  reached  shares (nbviz / poLCA)         time/fit")
    for name, K, published, shares in PUBLISHED:
        found, times, first = [], [], None
        for seed in seeds:
            start = time.perf_counter()
            document = fit(POLCA / f"{name}.csv", "-k", str(K), "--seed", str(seed))
            times.append(time.perf_counter() - start)
            found.append(document["run"]["log_likelihood"])
            first = first or document
        reached = sum(abs(value - published) < 1e-3 for value in found)
        ours = " ".join(f"{w:.3f}" for w in sorted(first["model"]["weights"], reverse=True))
        theirs = "-" if shares is None else " ".join(f"{w:.3f}" for w in shares)
        print(
            f"{name:10} {K}  {published:<10.4f}  {found[0]:<14.4f}  {reached:>2}/{len(found):<4}  "
            f"{ours + ' / ' + theirs:30} {np.median(times):.2f} s"
        )


def with_serial(folder: Path, seed: int) -> tuple[Path, np.ndarray, np.ndarray]:
    """Iris with a `serial` column of random 6-digit numbers in the middle: (file, numeric columns, species)."""
    lines = (ROOT / "resources" / "datasets" / "iris.csv").read_text().splitlines()
    rows = [line.split(",") for line in lines[1:]]
    serial = np.random.default_rng(seed).permutation(np.arange(100_000, 1_000_000))[: len(rows)]
    path = folder / f"iris-serial-{seed}.csv"
    path.write_text(
        "sepal_length,sepal_width,serial,petal_length,petal_width,species\n"
        + "".join(f"{r[0]},{r[1]},{s},{r[2]},{r[3]},{r[4]}\n" for r, s in zip(rows, serial, strict=True))
    )
    X = np.array([[float(r[0]), float(r[1]), s, float(r[2]), float(r[3])] for r, s in zip(rows, serial, strict=True)])
    species = np.unique([r[4] for r in rows], return_inverse=True)[1]
    return path, X, species


def identifiers(seeds: range) -> None:
    from sklearn.metrics import adjusted_rand_score
    from sklearn.mixture import GaussianMixture

    ours, with_id, without_id = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for seed in seeds:
            path, X, species = with_serial(Path(folder), seed)
            out = Path(folder) / "r.csv"
            with contextlib.redirect_stderr(io.StringIO()):
                assert (
                    main([str(path), "-k", "3", "--seed", str(seed), "--fit", "--export-responsibilities", str(out)])
                    == 0
                )
            rows = [line.split(",") for line in out.read_text().splitlines()]
            component = rows[0].index("component")
            ours.append(adjusted_rand_score(species, [row[component] for row in rows[1:]]))
            for columns, scores in ((slice(None), with_id), ([0, 1, 3, 4], without_id)):
                labels = GaussianMixture(3, random_state=seed).fit(X[:, columns]).predict(X[:, columns])
                scores.append(adjusted_rand_score(species, labels))
    print(
        f"iris with a serial column, ARI with the species over {len(seeds)} seeds: nbviz (serial left out) "
        f"{np.mean(ours):.3f}; scikit-learn on the file's numbers {np.mean(with_id):.3f}, "
        f"without the serial {np.mean(without_id):.3f}"
    )


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    latent_classes(range(count))
    identifiers(range(count))
