"""Classification uncertainty 1 - max_k r_nk, checked by hand."""

import numpy as np

from nbviz.app.analysis.uncertainty import most_uncertain, relative_uncertainty, uncertainty

RESP = np.array(
    [
        [1.0, 0.0, 0.0],  # certain
        [0.5, 0.3, 0.2],  # 0.5
        [1 / 3, 1 / 3, 1 / 3],  # the most uncertain possible: 2/3
        [0.1, 0.8, 0.1],  # 0.2
        [0.2, 0.3, 0.5],  # 0.5, a tie with row 1
    ]
)


def test_uncertainty_is_one_minus_the_largest_responsibility():
    np.testing.assert_allclose(uncertainty(RESP), [0.0, 0.5, 2 / 3, 0.2, 0.5], atol=1e-15)
    np.testing.assert_allclose(relative_uncertainty(RESP), [0.0, 0.75, 1.0, 0.3, 0.75], atol=1e-15)
    assert relative_uncertainty(np.ones((4, 1))).tolist() == [0.0] * 4  # one component: nothing is uncertain


def test_the_most_uncertain_rows_come_first_ties_in_row_order_and_certain_rows_never():
    assert most_uncertain(RESP, 3).tolist() == [2, 1, 4]
    assert most_uncertain(RESP, 10).tolist() == [2, 1, 4, 3]  # row 0 (certain) is not listed
    assert most_uncertain(RESP, 0).tolist() == []


def test_ties_at_the_cut_keep_the_first_rows():
    resp = np.tile([[0.6, 0.4]], (1000, 1))
    resp[[10, 500]] = [0.5, 0.5]
    assert most_uncertain(resp, 4).tolist() == [10, 500, 0, 1]
