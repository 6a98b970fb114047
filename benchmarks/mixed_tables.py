"""Tables of measurements beside answers: the mixed family beside scikit-learn on the measurements alone.

    python benchmarks/mixed_tables.py [seeds]

Two tables drawn from known mixed mixtures (so the true classes are known), in the shapes of
MASS::survey (Height and Age beside six answers) and of Pima (seven measurements beside a yes/no
type), with 5% of the cells missing in the survey. For each seed: nbviz's mixed mixture
(`fit_best`, 5 k-means starts, diagonal numeric block, true K) on the whole table, and
scikit-learn's ``GaussianMixture(K, n_init=5)`` (full and diag) on the complete rows' measurements
alone. Printed: log-likelihood, parameter count, BIC and the adjusted Rand index with the truth
(mean over seeds). The log-likelihoods are of different data (the mixed one includes the
answers), so only the ARI compares the two; BIC compares within a row's own data.
"""

from __future__ import annotations

import sys

import numpy as np
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import GaussianMixture

import nbviz.core as nc


def survey_truth() -> nc.MixedMixture:
    """Two classes (roughly the sexes) over Height, Age and Sex, W.Hnd, Exer, Smoke, Clap, Fold."""
    weights = [0.5, 0.5]
    gaussian = nc.GaussianMixture(
        weights=weights, means=[[165.7, 20.3], [178.8, 20.8]], covariances=[[40.0, 40.0], [60.0, 45.0]],
        covariance_type="diag",
    )  # fmt: skip
    categorical = nc.CategoricalMixture(
        weights=weights,
        probs=[
            [[0.95, 0.05], [0.08, 0.92]],  # Sex
            [[0.08, 0.92], [0.07, 0.93]],  # W.Hnd
            [[0.4, 0.1, 0.5], [0.55, 0.08, 0.37]],  # Exer
            [[0.04, 0.04, 0.8, 0.12], [0.05, 0.05, 0.8, 0.1]],  # Smoke
            [[0.2, 0.25, 0.55], [0.15, 0.2, 0.65]],  # Clap
            [[0.3, 0.1, 0.6], [0.5, 0.05, 0.45]],  # Fold
        ],
    )
    kinds = ["gaussian", "gaussian"] + ["categorical"] * 6
    return nc.MixedMixture(weights=weights, column_kinds=kinds, blocks=[gaussian, categorical])


def pima_truth() -> nc.MixedMixture:
    """Two classes over npreg, glu, bp, skin, bmi, ped, age and type (yes/no)."""
    weights = [0.66, 0.34]
    means = [[3.0, 110.0, 69.0, 27.0, 31.0, 0.43, 29.0], [4.9, 142.0, 74.0, 33.0, 35.5, 0.55, 37.0]]
    sd = np.array([[3.0, 25.0, 12.0, 10.0, 6.5, 0.3, 10.0], [3.7, 30.0, 12.0, 10.0, 6.5, 0.37, 11.0]])
    gaussian = nc.GaussianMixture(weights=weights, means=means, covariances=sd**2, covariance_type="diag")
    bernoulli = nc.BernoulliMixture(weights=weights, probs=[[0.12], [0.7]])
    return nc.MixedMixture(weights=weights, column_kinds=["gaussian"] * 7 + ["bernoulli"], blocks=[gaussian, bernoulli])


def one(name: str, truth: nc.MixedMixture, n: int, missing: float, seed: int) -> dict:
    X, z = truth.sample(n, rng=seed)
    if missing:
        X[np.random.default_rng(seed + 100).random(X.shape) < missing] = np.nan
    kinds = truth.column_kinds
    K = truth.n_components
    best = nc.fit_best(X, "mixed", K, 5, rng=seed, covariance_type="diag", column_kinds=kinds)
    model = best.run.model
    out = {
        "mixed ll": model.log_likelihood(X),
        "mixed p": model.n_parameters,
        "mixed bic": nc.bic(model, X),
        "mixed ari": adjusted_rand_score(z, model.predict(X)),
    }
    numeric = X[:, truth.block_columns("gaussian")]
    complete = ~np.isnan(numeric).any(axis=1)
    for kind in ("full", "diag"):
        sk = GaussianMixture(K, covariance_type=kind, n_init=5, random_state=seed).fit(numeric[complete])
        out[f"sk-{kind} ll"] = sk.score(numeric[complete]) * complete.sum()
        out[f"sk-{kind} p"] = sk._n_parameters()
        out[f"sk-{kind} bic"] = sk.bic(numeric[complete])
        out[f"sk-{kind} ari"] = adjusted_rand_score(z[complete], sk.predict(numeric[complete]))
    out["rows sk"] = int(complete.sum())
    return out


def main(seeds: int = 5) -> None:
    for name, truth, n, missing in (("survey", survey_truth(), 237, 0.05), ("pima", pima_truth(), 532, 0.0)):
        runs = [one(name, truth, n, missing, seed) for seed in range(seeds)]
        print(f"{name} (n={n}, missing {missing:.0%}, true K={truth.n_components}, {seeds} seeds)")
        for model in ("mixed", "sk-full", "sk-diag"):
            ll = np.mean([r[f"{model} ll"] for r in runs])
            bic = np.mean([r[f"{model} bic"] for r in runs])
            ari = np.mean([r[f"{model} ari"] for r in runs])
            p = runs[0][f"{model} p"]
            print(f"  {model:8s} ll {ll:10.2f}  params {p:3d}  BIC {bic:10.2f}  ARI {ari:.3f}")
        print(f"  scikit-learn rows (complete measurements): {np.mean([r['rows sk'] for r in runs]):.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
