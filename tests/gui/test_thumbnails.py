"""Restart thumbnails of wide diagonal and spherical models: projected from the covariances as stored."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.analysis.ellipse_geometry import ellipse_points
from nbviz.app.data.problem import Problem
from nbviz.gui.panels import thumbnails
from nbviz.gui.panels.thumbnail_label import drawn_pixmap
from nbviz.gui.panels.thumbnails import aligned_to, draw_thumbnail, frame_for


def wide_model(kind: str, D: int, seed: int = 0) -> nc.GaussianMixture:
    rng = np.random.default_rng(seed)
    covariances = rng.uniform(0.5, 2.0, size=(3, D)) if kind == "diag" else np.array([0.5, 1.0, 2.0])
    means = rng.normal(size=(3, D)) * 3
    return nc.GaussianMixture(weights=[0.2, 0.3, 0.5], means=means, covariances=covariances, covariance_type=kind)


@pytest.mark.parametrize("kind", ["diag", "spherical"])
def test_each_ellipse_is_the_hand_projection_of_the_stored_covariance(kind, monkeypatch, qtbot):
    model = wide_model(kind, 6)
    X = np.random.default_rng(1).normal(size=(80, 6)) * 3
    frame = frame_for(Problem("six.csv", X, tuple("abcdef")), "gaussian")
    drawn = []
    monkeypatch.setattr(
        thumbnails,
        "ellipse_points",
        lambda mean, cov, *args: drawn.append((mean, cov)) or ellipse_points(mean, cov, *args),
    )
    labels = model.responsibilities(X).argmax(axis=1)
    drawn_pixmap(lambda painter, w, h: draw_thumbnail(painter, model, X, labels, frame, w, h), 120, 90)
    P, offset = frame.projection.matrix, frame.projection.offset
    variances = model.covariances if kind == "diag" else np.outer(model.covariances, np.ones(6))
    assert len(drawn) == 3
    for k, (mean, cov) in enumerate(drawn):
        np.testing.assert_allclose(mean, (model.means[k] - offset) @ P, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(cov, P.T @ np.diag(variances[k]) @ P, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("kind", ["diag", "spherical"])
def test_a_wide_model_is_drawn_and_aligned_without_a_d_by_d_matrix(kind, monkeypatch, qtbot):
    D = 3000  # (3, 3000, 3000) would take 216 MB
    model, reference = wide_model(kind, D, 0), wide_model(kind, D, 0).permuted([2, 0, 1])
    X = np.random.default_rng(2).normal(size=(50, D))
    frame = frame_for(Problem("wide.csv", X, tuple(f"c{d}" for d in range(D))), "gaussian")

    def refuse(self):
        raise AssertionError("a (K, D, D) stack of covariances was built")

    monkeypatch.setattr(nc.GaussianMixture, "full_covariances", property(refuse))
    labels = model.responsibilities(X).argmax(axis=1)
    aligned, relabelled = aligned_to(model, labels, reference)
    np.testing.assert_array_equal(aligned.means, reference.means)  # matched back
    pixmap = drawn_pixmap(lambda painter, w, h: draw_thumbnail(painter, aligned, X, relabelled, frame, w, h), 120, 90)
    assert not pixmap.isNull()


def test_a_categorical_model_is_drawn_with_its_level_probabilities(monkeypatch, qtbot):
    model = nc.CategoricalMixture(
        weights=[0.3, 0.7], probs=[np.array([[0.2, 0.8], [0.5, 0.5]]), np.array([[0.1, 0.1, 0.8], [0.6, 0.2, 0.2]])]
    )
    X = np.array([[0, 1], [1, 2], [0, 0]], dtype=float)
    frame = frame_for(Problem("survey.csv", X, ("a", "b")), "categorical")
    grey = []
    monkeypatch.setattr(thumbnails, "_grey_cells", lambda painter, target, cells: grey.append(cells))
    drawn_pixmap(lambda painter, w, h: draw_thumbnail(painter, model, None, None, frame, w, h), 120, 90)
    levels = np.concatenate(list(model.probs), axis=1)  # each row scaled to its largest level, 0 (black) to 255
    expected = np.clip(255 - 255 * levels / levels.max(axis=1, keepdims=True), 0, 255).astype(np.uint8)
    assert frame.kind == "weights" and len(grey) == 1
    np.testing.assert_array_equal(grey[0], expected)
