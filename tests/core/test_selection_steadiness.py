"""How steady Choose K's choice is: starts that reached each K's best, and the choice of each half of the starts."""

import numpy as np

import nbviz.core as nc


def selection(objective, bic):
    objective, bic = np.array(objective, dtype=float), np.array(bic, dtype=float)
    return nc.Selection(
        ks=np.array([1, 2, 3]), seeds=np.arange(objective.shape[1]), objective=objective, bic=bic, aic=bic, icl=bic,
        criterion="bic",
    )  # fmt: skip


def test_reached_counts_the_starts_on_each_ks_best_objective():
    chosen = selection(
        [[-10.0, -10.0, -10.0, -10.0], [-8.0, -8.0005, -9.0, np.nan], [-7.0, -7.5, -7.4, -7.6]],
        [[30.0] * 4, [25.0, 25.0, 27.0, np.nan], [26.0, 27.0, 27.0, 27.0]],
    )
    assert chosen.reached().tolist() == [4, 2, 1]  # within 1e-3 of the best; a failed start never counts
    assert chosen.half_choices() == (2, 2)  # even starts and odd starts both pick K = 2


def test_the_halves_of_the_starts_can_choose_differently():
    chosen = selection(
        [[-10.0, -10.0], [-8.0, -9.0], [-7.0, -8.5]],
        [[30.0, 30.0], [25.0, 28.0], [26.0, 27.0]],  # the odd start missed K = 2's optimum: K = 3 wins there
    )
    assert chosen.half_choices() == (2, 3) and chosen.best_k == 2
    assert selection([[-1.0], [-1.0], [-1.0]], [[1.0], [2.0], [3.0]]).half_choices() is None  # one start
