"""Speed of the model core against references measured in the same run.

    python benchmarks/core.py

Prints, for each case, our time per EM iteration (E-step + M-step + the snapshot's log-likelihood
and ELBO), the reference's time, and their ratio. Targets (issue: the model core):
  - Gaussian mixture, N=1e5, D=2, K=5, full covariance: ratio to scikit-learn's iteration <= 1/3.
  - Bernoulli mixture, N=2e4, M=784, K=10: ratio to one float64 (N x M)(M x K) product <= 4.
scikit-learn is only a yardstick here (installed with the test extra).
"""

from __future__ import annotations

import time
import warnings

import numpy as np

import nbviz.core as nc


def median_time(function, repeats: int) -> float:
    function()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def gaussian_case(repeats: int = 15) -> tuple[float, float]:
    from sklearn.mixture import GaussianMixture as Reference

    rng = np.random.default_rng(0)
    N, D, K = 100_000, 2, 5
    centres = rng.normal(scale=4, size=(K, D))
    X = centres[rng.integers(K, size=N)] + rng.normal(size=(N, D))
    start = nc.init_model(X, "gaussian", K, rng=0)
    run = nc.EM(X, start)
    ours = median_time(run.step, repeats)

    reference = Reference(K, covariance_type="full", reg_covar=0, max_iter=1,
                          weights_init=start.weights, means_init=start.means,
                          precisions_init=np.linalg.inv(start.covariances))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference.fit(X)

    def reference_iteration():
        _, log_resp = reference._e_step(X)
        reference._m_step(X, log_resp)

    return ours, median_time(reference_iteration, repeats)


def bernoulli_case(repeats: int = 7) -> tuple[float, float]:
    rng = np.random.default_rng(0)
    N, M, K = 20_000, 784, 10
    prototypes = rng.uniform(0.05, 0.95, size=(K, M))
    X = (rng.random((N, M)) < prototypes[rng.integers(K, size=N)]).astype(np.float64)
    run = nc.EM(X, nc.init_model(X, "bernoulli", K, rng=0))
    ours = median_time(run.step, repeats)
    weights = rng.random((M, K))
    return ours, median_time(lambda: X @ weights, repeats)


def main() -> None:
    for name, case, target in [
        ("gaussian N=1e5 D=2 K=5 full, vs scikit-learn iteration", gaussian_case, "<= 0.333"),
        ("bernoulli N=2e4 M=784 K=10, vs one (NxM)(MxK) product", bernoulli_case, "<= 4"),
    ]:
        ours, reference = case()
        print(f"{name}: ours {ours * 1e3:.2f} ms, reference {reference * 1e3:.2f} ms, "
              f"ratio {ours / reference:.3f} (target {target})")


if __name__ == "__main__":
    main()
