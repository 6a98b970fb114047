"""Clusters against classes without widgets: the confusion table, the matching and the adjusted Rand index."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import adjusted_rand_score

from nbviz.app.analysis.agreement import AgreementCache, adjusted_rand_index, agreement, confusion_counts, match_classes
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session


def one_hot(clusters, K):
    resp = np.zeros((len(clusters), K))
    resp[np.arange(len(clusters)), clusters] = 1.0
    return resp


def test_confusion_table_of_a_hand_made_example():
    # six rows: components 0 0 1 1 2 2, classes b a a a c c (classes a=0, b=1, c=2)
    clusters = np.array([0, 0, 1, 1, 2, 2])
    classes = np.array([1, 0, 0, 0, 2, 2])
    counts = confusion_counts(clusters, classes, 3, 3)
    np.testing.assert_array_equal(counts, [[1, 1, 0], [2, 0, 0], [0, 0, 2]])
    # matching by hand: 1 -> a (2 rows), 2 -> c (2 rows), then 0 -> b (1 row): 5 rows matched
    result = agreement(one_hot(clusters, 3), classes, 3)
    np.testing.assert_array_equal(result.class_of, [1, 0, 2])
    assert result.matched == 5 and result.n_samples == 6
    np.testing.assert_array_equal(result.row_order, [1, 0, 2])  # components in the order of their classes


def test_matching_with_more_components_than_classes_leaves_the_smallest_over():
    counts = np.array([[5, 0], [1, 0], [0, 4]])
    np.testing.assert_array_equal(match_classes(counts), [0, -1, 1])
    result = agreement(one_hot(np.array([0] * 5 + [1] + [2] * 4), 3), np.array([0] * 6 + [1] * 4), 2)
    np.testing.assert_array_equal(result.class_of, [0, -1, 1])
    np.testing.assert_array_equal(result.row_order, [0, 2, 1])  # the unmatched component last
    assert result.matched == 9


def test_matching_with_fewer_components_than_classes():
    counts = np.array([[3, 4, 0], [0, 1, 6]])
    np.testing.assert_array_equal(match_classes(counts), [1, 2])


def test_a_tie_in_responsibilities_goes_to_the_first_component():
    resp = np.array([[0.5, 0.5], [0.2, 0.8]])
    np.testing.assert_array_equal(agreement(resp, np.array([0, 1]), 2).counts, [[1, 0], [0, 1]])


def test_ari_of_a_hand_made_example():
    # clusters {0,1},{2,3} against classes {0,1,2},{3}: the contingency table is [[2, 0], [1, 1]]; the
    # Hubert-Arabie formula (index - expected) / (max - expected) with binomial coefficients C(n, 2):
    counts = confusion_counts(np.array([0, 0, 1, 1]), np.array([0, 0, 0, 1]), 2, 2)
    sum_ij = 1 + 0 + 0 + 0  # C(2,2) + C(0,2) + C(1,2) + C(1,2)
    sum_a, sum_b = 1 + 1, 3 + 0  # rows C(2,2) + C(2,2); columns C(3,2) + C(1,2)
    expected = sum_a * sum_b / 6
    by_hand = (sum_ij - expected) / ((sum_a + sum_b) / 2 - expected)
    assert adjusted_rand_index(counts) == pytest.approx(by_hand) == pytest.approx(0.0)


@pytest.mark.parametrize(
    "clusters, classes",
    [
        ([0, 0, 0], [1, 1, 1]),  # one cluster each: identical
        ([0, 1, 2], [2, 0, 1]),  # every row on its own in both
        ([0, 0, 1, 1], [0, 1, 0, 1]),  # independent: negative
        ([0, 0, 1, 1, 2, 2], [1, 0, 0, 0, 2, 2]),
        ([0], [0]),
    ],
)
def test_ari_equals_sklearn_on_special_cases(clusters, classes):
    clusters, classes = np.array(clusters), np.array(classes)
    counts = confusion_counts(clusters, classes, clusters.max() + 1, classes.max() + 1)
    assert adjusted_rand_index(counts) == pytest.approx(adjusted_rand_score(classes, clusters), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda K: st.tuples(
            st.just(K),
            st.integers(1, 5).flatmap(
                lambda C: st.tuples(
                    st.just(C),
                    st.lists(st.tuples(st.integers(0, K - 1), st.integers(0, C - 1)), min_size=1, max_size=60),
                )
            ),
        )
    )
)
def test_ari_equals_sklearn_adjusted_rand_score(case):
    K, (C, pairs) = case
    clusters, classes = np.array(pairs).T
    counts = confusion_counts(clusters, classes, K, C)
    assert adjusted_rand_index(counts) == pytest.approx(adjusted_rand_score(classes, clusters), abs=1e-12)


def test_ari_is_exact_for_many_rows():
    rng = np.random.default_rng(3)
    classes = rng.integers(0, 10, 200_000)
    clusters = np.where(rng.random(200_000) < 0.7, classes, rng.integers(0, 10, 200_000))
    counts = confusion_counts(clusters, classes, 10, 10)
    assert adjusted_rand_index(counts) == pytest.approx(adjusted_rand_score(classes, clusters), rel=1e-12)


def test_confusion_counts_say_what_is_out_of_range():
    with pytest.raises(ValueError, match=r"classes must lie in 0..1; got values from 0 to 2"):
        confusion_counts(np.array([0, 1, 0]), np.array([0, 2, 1]), 2, 2)
    with pytest.raises(ValueError, match="one length"):
        confusion_counts(np.array([0, 1]), np.array([0]), 2, 2)


def test_semi_supervised_runs_count_the_given_rows_and_score_the_others_apart():
    resp = one_hot(np.array([0, 0, 1, 1, 1, 0]), 2)
    classes = np.array([0, 0, 1, 1, 0, 1])
    given = np.array([0, -1, 1, -1, -1, -1])
    result = agreement(resp, classes, 2, given)
    assert result.n_given == 2
    # the rows without a given label: 1, 3, 4, 5 -> clusters 0 1 1 0, classes 0 1 0 1
    assert result.ari_unlabelled == pytest.approx(adjusted_rand_score([0, 1, 0, 1], [0, 1, 1, 0]))
    assert result.ari == pytest.approx(adjusted_rand_score(classes, [0, 0, 1, 1, 1, 0]))
    assert agreement(resp, classes, 2, np.zeros(6, dtype=int)).ari_unlabelled is None  # every row given


@pytest.fixture
def iris(qtbot):
    session = Session()
    assert session.load(*load_preset("iris"))
    return session


def test_the_cache_follows_the_cursor_and_computes_once_per_snapshot(iris):
    cache = AgreementCache(iris)
    for _ in range(3):
        iris.step()
    species = iris.problem.labels
    for cursor in range(len(iris.history)):
        iris.set_cursor(cursor)
        result = cache.at_cursor()
        hard = np.argmax(iris.resp, axis=1)
        assert result.ari == pytest.approx(adjusted_rand_score(species, hard), abs=1e-12)
        np.testing.assert_array_equal(result.counts, confusion_counts(hard, species, 3, 3))
        assert result.n_given == 0 and result.ari_unlabelled is None
    iris.set_cursor(2)
    assert cache.at_cursor() is cache.at_cursor()  # cached
    kept = cache.at_cursor()
    iris.set_cursor(4)
    iris.set_cursor(2)
    assert cache.at_cursor() is kept
    iris.reinitialise(seed=5)  # a new run: computed afresh
    iris.step()
    iris.set_cursor(2)
    assert cache.at_cursor() is not kept
    assert cache.at_cursor().ari == pytest.approx(adjusted_rand_score(species, np.argmax(iris.resp, axis=1)))


def test_the_cache_has_nothing_for_data_without_labels(qtbot):
    session = Session()
    cache = AgreementCache(session)
    assert cache.at_cursor() is None  # no data
    assert session.load(*load_preset("faithful"))
    assert cache.at_cursor() is None


def test_a_semi_supervised_session_reports_its_given_rows(iris):
    assert iris.hand_labels.set_label_fraction(0.2)
    iris.step()
    result = AgreementCache(iris).at_cursor()
    assert result.n_given == int(np.sum(iris.labels >= 0)) > 0
