"""Supervised naive Bayes: one M-step on one-hot responsibilities from the class labels."""

from __future__ import annotations

import numpy as np

from . import validation
from .families import get_family
from .init import data_options
from .mixture import Mixture
from .params import check_integer
from .prior import Prior, as_prior


def fit_naive_bayes(
    X,
    y,
    family: str = "bernoulli",
    prior: Prior | None = None,
    covariance_type: str = "diag",
    n_classes: int | None = None,
    column_kinds=None,
) -> Mixture:
    """Fit a naive Bayes classifier (the mixture with z observed).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        Class indices 0..n_classes-1.
    family : str
        Name of a registered family (a key of `FAMILIES`).
    prior : Prior, optional
        ``beta`` is the Laplace/Lidstone smoothing of BernoulliNB and MultinomialNB; ``alpha``
        smooths the class priors.
    covariance_type : str
        For the families that declare it (Gaussian): "diag" is naive Bayes proper (GaussianNB);
        "full" gives quadratic discriminant analysis. Ignored by the other families.
    n_classes : int, optional
        Number of classes; defaults to ``max(y) + 1``. Every class needs at least one example.
    column_kinds : sequence of str, optional
        For the families that read it (mixed): the family of each column (see `init_model`).

    Returns
    -------
    Mixture
        Its `responsibilities(X)` are the class posteriors P(class | x), `predict` the classes.

    Raises
    ------
    ValueError
        For an unknown family, bad labels, a class without examples, data the family cannot
        describe (`DataFitError`), or a collapsed class covariance (`SingularCovarianceError`).

    Examples
    --------
    >>> import nbviz.core as nc
    >>> X = [[0.0], [0.2], [5.0], [5.2]]
    >>> nb = nc.fit_naive_bayes(X, [0, 0, 1, 1], "gaussian")
    >>> nb.means.round(3).tolist(), nb.covariances.round(3).tolist(), nb.predict([[1.0], [4.0]]).tolist()
    ([[0.1], [5.1]], [[0.01], [0.01]], [0, 1])
    >>> words = [[1, 0], [1, 1], [0, 1], [0, 0]]
    >>> nc.fit_naive_bayes(words, [0, 0, 1, 1], "bernoulli", prior=nc.Prior(beta=1)).probs.tolist()  # Laplace
    [[0.75, 0.5], [0.25, 0.5]]
    """
    cls = get_family(family)
    if n_classes is not None:
        n_classes = check_integer(n_classes, "n_classes", low=1)
    options = cls.family_options("fit", covariance_type=covariance_type)
    # every cell given: labelled examples have no missing cells
    data = cls._prepare(validation.as_data_matrix(X), **data_options(cls, column_kinds))
    labels = validation.as_labels(y, data.n_samples, n_classes, allow_unlabelled=False)
    K = int(labels.max()) + 1 if n_classes is None else n_classes
    counts = np.bincount(labels, minlength=K)
    if (counts == 0).any():
        raise ValueError(f"class {int(np.argmax(counts == 0))} has no examples in y")
    model, _ = cls._map_update(data, validation.one_hot(labels, K), as_prior(prior), **options)
    return model
