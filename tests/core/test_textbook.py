"""Worked examples whose numbers are derived by hand (formulas written out with `math`)."""

import math

import numpy as np
import pytest

import nbviz.core as nc


def test_naive_bayes_e_and_m_step_of_the_two_document_example():
    # P(C) = (0.7, 0.3), P(X1=1|C) = (0.5, 0.2), P(X2=1|C) = (0.4, 0.7); documents (1,1), (0,1).
    model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
    X = np.array([[1, 1], [0, 1]])
    run = nc.EM(X, model)
    resp = run.e_step()
    # doc 1: 0.7*0.5*0.4 = 0.14 vs 0.3*0.2*0.7 = 0.042; doc 2: 0.7*0.5*0.4 = 0.14 vs 0.3*0.8*0.7 = 0.168
    r1 = 0.14 / (0.14 + 0.042)
    r2 = 0.14 / (0.14 + 0.168)
    np.testing.assert_allclose(resp, [[r1, 1 - r1], [r2, 1 - r2]], rtol=1e-14)
    np.testing.assert_allclose(np.round(resp, 3), [[0.769, 0.231], [0.455, 0.545]])
    new = run.m_step()
    assert new.weights[1] == pytest.approx(((1 - r1) + (1 - r2)) / 2, rel=1e-14)
    assert round(new.weights[1], 3) == 0.388
    np.testing.assert_allclose(new.probs[:, 0], [r1 / (r1 + r2), (1 - r1) / (2 - r1 - r2)], rtol=1e-14)
    # The textbook's (0.628, 0.298) divides responsibilities already rounded to 3 digits
    # (0.769 / (0.769 + 0.455)); the exact values are 0.62857 and 0.29730.
    np.testing.assert_allclose(new.probs[:, 0], [0.628, 0.298], atol=1e-3)
    np.testing.assert_allclose(
        np.round(np.round(resp, 3).T @ X[:, 0] / np.round(resp, 3).sum(axis=0), 3), [0.628, 0.298]
    )
    # X2 is 1 in both documents, so its MLE is exactly 1 for both classes.
    np.testing.assert_array_equal(new.probs[:, 1], [1.0, 1.0])
    # log-likelihood before: log(0.182) + log(0.308)
    assert run.history[0].log_likelihood == pytest.approx(math.log(0.182) + math.log(0.308), rel=1e-14)


def test_naive_bayes_with_laplace_smoothing_by_hand():
    X = np.array([[1, 0], [1, 1], [0, 0]])
    y = np.array([0, 0, 1])
    model = nc.fit_naive_bayes(X, y, "bernoulli", prior=nc.Prior(beta=1.0))
    # class 0: 2 docs, X1 on in 2, X2 on in 1 -> (2+1)/(2+2), (1+1)/(2+2); class 1: 1 doc, none on -> 1/3
    np.testing.assert_allclose(model.probs, [[3 / 4, 2 / 4], [1 / 3, 1 / 3]], rtol=1e-15)
    np.testing.assert_allclose(model.weights, [2 / 3, 1 / 3], rtol=1e-15)
    # P(class 0 | x = (1, 1)) = (2/3 * 3/4 * 1/2) / (that + 1/3 * 1/3 * 1/3)
    a, b = 2 / 3 * 3 / 4 * 1 / 2, 1 / 3 * 1 / 3 * 1 / 3
    np.testing.assert_allclose(model.responsibilities([[1, 1]]), [[a / (a + b), b / (a + b)]], rtol=1e-14)
    assert model.predict([[1, 1], [0, 0]]).tolist() == [0, 1]


def normal_pdf(x, mean, variance):
    return math.exp(-((x - mean) ** 2) / (2 * variance)) / math.sqrt(2 * math.pi * variance)


def test_one_dimensional_gaussian_e_step_and_m_step_by_hand():
    weights, means, variances = [0.4, 0.6], [1.5, 5.0], [0.25, 0.67]
    model = nc.GaussianMixture(
        weights=weights, means=[[m] for m in means], covariances=[[[v]] for v in variances], covariance_type="full"
    )
    xs = [1.0, 2.0, 6.0]
    joint = [[w * normal_pdf(x, m, v) for w, m, v in zip(weights, means, variances)] for x in xs]
    expected = [[j / sum(row) for j in row] for row in joint]
    X = np.array(xs)[:, None]
    np.testing.assert_allclose(model.responsibilities(X), expected, rtol=1e-12)
    np.testing.assert_allclose(model.log_joint(X), np.log(joint), rtol=1e-13)
    assert model.log_likelihood(X) == pytest.approx(sum(math.log(sum(row)) for row in joint), rel=1e-13)

    new = nc.m_step(model, X, expected)
    for k in range(2):
        r = [row[k] for row in expected]
        n_k = sum(r)
        mean = sum(ri * x for ri, x in zip(r, xs)) / n_k
        var = sum(ri * (x - mean) ** 2 for ri, x in zip(r, xs)) / n_k
        assert new.weights[k] == pytest.approx(n_k / 3, rel=1e-13)
        assert new.means[k, 0] == pytest.approx(mean, rel=1e-13)
        assert new.covariances[k, 0, 0] == pytest.approx(var, rel=1e-12)


def test_multinomial_document_probability_by_hand():
    theta = [[0.5, 0.4, 0.1], [0.1, 0.2, 0.7]]
    model = nc.MultinomialMixture(weights=[0.5, 0.5], probs=theta)
    # document with counts (2, 1, 0): 3!/(2! 1! 0!) * t1^2 * t2
    p = [3 * t[0] ** 2 * t[1] for t in theta]
    np.testing.assert_allclose(model.log_joint([[2, 1, 0]]), [[math.log(0.5 * p[0]), math.log(0.5 * p[1])]], rtol=1e-14)
    # M-step with responsibilities (1, 0) and (0.25, 0.75) for docs (2,1,0) and (0,1,3):
    X = np.array([[2, 1, 0], [0, 1, 3]])
    new = nc.m_step(model, X, [[1.0, 0.0], [0.25, 0.75]], prior=nc.Prior(beta=1.0))
    counts0 = np.array([2 + 0, 1 + 0.25, 0 + 0.75])
    counts1 = np.array([0, 0.75, 2.25])
    np.testing.assert_allclose(new.probs[0], (counts0 + 1) / (counts0.sum() + 3), rtol=1e-14)
    np.testing.assert_allclose(new.probs[1], (counts1 + 1) / (counts1.sum() + 3), rtol=1e-14)
    np.testing.assert_allclose(new.weights, [1.25 / 2, 0.75 / 2], rtol=1e-14)


def test_map_weights_and_bernoulli_update_with_pseudo_counts():
    X = np.array([[1, 0], [1, 1], [0, 1], [0, 0]])
    resp = np.array([[1, 0], [0.5, 0.5], [0.0, 1.0], [0.25, 0.75]])
    model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.5, 0.5], [0.5, 0.5]])
    new = nc.m_step(model, X, resp, prior=nc.Prior(alpha=2.0, beta=0.5))
    n_k = resp.sum(axis=0)  # (1.75, 2.25)
    np.testing.assert_allclose(new.weights, (n_k + 2) / (4 + 2 * 2), rtol=1e-15)
    n_km = resp.T @ X
    np.testing.assert_allclose(new.probs, (n_km + 0.5) / (n_k[:, None] + 1.0), rtol=1e-15)
