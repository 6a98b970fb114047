"""The last half-step's responsibilities, kept from it, are exactly the recomputed ones."""

import numpy as np
import pytest

import nbviz.core as nc


@pytest.mark.parametrize("options", [{}, {"hard": True}, {"labels": [0, -1, -1, 1, -1, -1, -1, -1, -1, -1]}])
def test_kept_responsibilities_equal_the_recomputed_posterior(options):
    X = np.array([[0.0], [0.3], [0.9], [4.0], [4.4], [5.1], [2.2], [2.5], [-0.7], [6.0]])
    start = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.5], [4.5]], covariances=[[[1.0]], [[1.0]]])
    run = nc.EM(X, start, **options)
    for step in (run.e_step, run.m_step, run.e_step, run.m_step):
        step()
        kept = run.responsibilities_at(-1)
        model = run.responsibilities_model(-1)
        recomputed = nc.EM(X, model, **options).responsibilities_at(0)  # the posterior under that model
        np.testing.assert_array_equal(kept, recomputed)
        kept[:] = -1.0  # a caller's copy: the run's own q is untouched
        assert (run.resp >= 0).all()
