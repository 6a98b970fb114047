"""Snapshots round-trip through dicts; EM.from_history continues a saved run exactly."""

import json

import numpy as np
import pytest

import nbviz.core as nc

TRUTH = nc.GaussianMixture(
    weights=[0.4, 0.6], means=[[0.0, 0.0], [3.0, 1.0]], covariances=[[[1.0, 0.3], [0.3, 0.5]], [[0.7, 0.0], [0.0, 1.2]]]
)


def started_run(n_half_steps=5):
    X, _ = TRUTH.sample(300, rng=0)
    start = nc.init_model(X, "gaussian", 2, rng=1)
    run = nc.EM(X, start, prior=nc.Prior(alpha=1.0, covariance_prior=0.01))
    for _ in range(n_half_steps):
        run.e_step() if run.history[-1].phase != "E" else run.m_step()
    return X, run


def test_snapshots_round_trip_through_json_exactly(assert_same_history):
    _, run = started_run()
    copies = [nc.Snapshot.from_dict(json.loads(json.dumps(snapshot.to_dict()))) for snapshot in run.history]
    assert_same_history(copies, run.history)


def test_a_run_continued_from_its_history_equals_the_original():
    X, run = started_run(5)  # ends after an E-step: the restored run must have its q
    restored = nc.EM.from_history(X, [nc.Snapshot.from_dict(s.to_dict()) for s in run.history], prior=run.prior)
    np.testing.assert_array_equal(restored.resp, run.resp)
    for _ in range(3):
        run.step()
        restored.step()
    assert [s.objective for s in restored.history] == [s.objective for s in run.history]
    np.testing.assert_array_equal(restored.model.means, run.model.means)


def test_from_history_refuses_histories_that_do_not_fit():
    X, run = started_run(4)
    history = run.history
    with pytest.raises(ValueError, match="non-empty"):
        nc.EM.from_history(X, [])
    with pytest.raises(ValueError, match="start with the initial"):
        nc.EM.from_history(X, history[1:])
    with pytest.raises(ValueError, match="first half-step"):
        nc.EM.from_history(X, [history[0], history[2]])
    with pytest.raises(ValueError, match="does not match the data"):
        nc.EM.from_history(X + 0.5, history, prior=run.prior)
    with pytest.raises(ValueError, match="does not match the data"):
        nc.EM.from_history(X, history)  # saved with a prior, restored without
    other = nc.init_model(X, "gaussian", 3, rng=0)
    bad = list(history) + [nc.Snapshot("E", 3, other, 0.0, 0.0, 0.0)]
    with pytest.raises(ValueError, match="half-step 5 has a different model"):
        nc.EM.from_history(X, bad)


def test_snapshot_from_dict_names_what_is_wrong():
    _, run = started_run(1)
    data = run.history[1].to_dict()
    del data["objective"]
    with pytest.raises(ValueError, match="'objective'"):
        nc.Snapshot.from_dict(data)
    with pytest.raises(ValueError, match="unknown phase"):
        nc.Snapshot.from_dict(dict(run.history[1].to_dict(), phase="X"))
