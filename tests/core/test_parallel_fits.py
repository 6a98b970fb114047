"""Choose K's restarts on two threads give the sequential results, in the same order.

The same fits, the same choices and failures; the numbers agree to a few units in the last place,
not always bit for bit: BLAS may split a product differently when called from several threads
(OpenBLAS as bundled with the oldest numpy the project allows does), which reorders a sum.
"""

import numpy as np

import nbviz.core as nc
from nbviz.core import parallel


def test_two_threads_give_the_sequential_selection(monkeypatch):
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(size=(150, 2)), rng.normal(loc=4.0, size=(150, 2))])
    X[:5] = X[5]  # a few repeated rows: some restarts may fail without a prior
    results = {}
    for workers in (1, 2):
        monkeypatch.setattr(parallel, "FIT_WORKERS", workers)
        results[workers] = nc.select_components(X, "gaussian", [1, 2, 3, 4], n_init=3, rng=5)
    one, two = results[1], results[2]
    for name in ("objective", "bic", "aic", "icl"):
        np.testing.assert_allclose(getattr(one, name), getattr(two, name), rtol=1e-13)
    assert one.best_index == two.best_index
    assert list(one.runs) == list(two.runs) and one.failures == two.failures
    for key, run in one.runs.items():
        other = two.runs[key].history
        assert len(run.history) == len(other)
        np.testing.assert_allclose([s.objective for s in run.history], [s.objective for s in other], rtol=1e-13)


def test_results_come_in_order_and_a_stop_reaches_the_jobs_ahead():
    seen, asked = [], []

    def job(index):
        def work(go_on):
            steps = 0
            while steps < (50 if index == 0 else 3) and go_on():
                steps += 1
            return index, steps

        return work

    def keep_going(done):
        asked.append(done)
        return len(asked) < 5

    stop_at_first = parallel.in_order([job(i) for i in range(4)], keep_going=keep_going, workers=2)
    for result, finished in stop_at_first:
        seen.append((result, finished))
    assert len(seen) == 1 and seen[0][1] is False  # the first job was stopped half-way: nothing after it
    assert asked == [0] * 5  # only the first job, the one a sequential loop would run, asks
    in_full = list(parallel.in_order([job(i) for i in range(4)], workers=2))
    assert [result for result, _ in in_full] == [(0, 50), (1, 3), (2, 3), (3, 3)]
    assert all(finished for _, finished in in_full)
