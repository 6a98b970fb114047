"""The adjusted Rand index and the NMI of the agreement dock against scikit-learn (a test-only oracle)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score

from nbviz.app.analysis.agreement import adjusted_rand_index, agreement, confusion_counts, normalized_mutual_information

CASES = [
    ([0, 0, 0, 0], [1, 1, 1, 1]),  # one cluster and one class: not split at all
    ([0, 0, 0, 0], [0, 1, 2, 3]),  # one cluster, every row its own class
    ([0, 1, 2, 3], [0, 0, 0, 0]),
    ([0, 1, 2, 3], [3, 1, 0, 2]),  # all singletons in both
    ([0, 0, 1, 1], [0, 1, 0, 1]),  # independent
    ([0, 0, 1, 1, 2, 2], [1, 0, 0, 0, 2, 2]),
    ([0, 1, 1, 2, 2, 2, 0, 1], [1, 1, 0, 2, 2, 2, 1, 0]),
    ([0], [0]),
]


@pytest.mark.parametrize("clusters, classes", CASES)
def test_ari_and_nmi_equal_sklearn_on_special_cases(clusters, classes):
    clusters, classes = np.array(clusters), np.array(classes)
    counts = confusion_counts(clusters, classes, clusters.max() + 1, classes.max() + 1)
    assert adjusted_rand_index(counts) == pytest.approx(adjusted_rand_score(classes, clusters), abs=1e-12)
    assert normalized_mutual_information(counts) == pytest.approx(
        normalized_mutual_info_score(classes, clusters), abs=1e-12
    )


def test_nmi_of_a_hand_made_example():
    # clusters {0, 0, 1, 1}, classes {0, 0, 0, 1}: I = H(V) - H(V | U), in nats
    counts = confusion_counts(np.array([0, 0, 1, 1]), np.array([0, 0, 0, 1]), 2, 2)
    h_u = np.log(2.0)
    h_v = -(0.75 * np.log(0.75) + 0.25 * np.log(0.25))
    mutual = h_v - 0.5 * np.log(2.0)  # the first cluster is pure, the second split evenly
    assert normalized_mutual_information(counts) == pytest.approx(mutual / ((h_u + h_v) / 2), rel=1e-12)


def test_empty_components_do_not_count():
    counts = confusion_counts(np.array([0, 0, 2, 2]), np.array([0, 0, 1, 1]), 4, 2)  # components 1 and 3 empty
    assert normalized_mutual_information(counts) == pytest.approx(1.0)
    assert normalized_mutual_information(confusion_counts(np.zeros(5, int), np.zeros(5, int), 3, 2)) == 1.0


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda K: st.tuples(st.just(K), st.lists(st.tuples(st.integers(0, K - 1), st.integers(0, 4)), min_size=1))
    )
)
def test_nmi_equals_sklearn_normalized_mutual_info_score(case):
    K, pairs = case
    clusters, classes = np.array(pairs).T
    counts = confusion_counts(clusters, classes, K, 5)
    assert normalized_mutual_information(counts) == pytest.approx(
        normalized_mutual_info_score(classes, clusters), abs=1e-10
    )


def test_the_agreement_of_responsibilities_carries_the_nmi():
    rng = np.random.default_rng(0)
    resp = rng.dirichlet(np.ones(3), size=50)
    classes = rng.integers(0, 4, size=50)
    result = agreement(resp, classes, 4)
    clusters = resp.argmax(axis=1)
    assert result.nmi == pytest.approx(normalized_mutual_info_score(classes, clusters), abs=1e-12)
    assert result.ari == pytest.approx(adjusted_rand_score(classes, clusters), abs=1e-12)
