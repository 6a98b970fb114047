"""A mixture evaluated on data: joint and marginal log-densities, responsibilities, predictions.

`Scoring` is a base of `nbviz.core.mixture.Mixture`; its methods serve every family through the
family's hooks (``_prepare`` and the prepared data's ``log_emission``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import numpy as np

from ..logspace import ZeroProbabilityError, normalise
from ..prepared import Prepared


class Scoring:
    """The evaluation of a model on data, shared by every family (a base of `Mixture`)."""

    if TYPE_CHECKING:  # what Mixture provides
        zero_probability_hint: ClassVar[str]
        _log_weights: np.ndarray

        @property
        def n_features(self) -> int: ...

        @classmethod
        def _prepare(cls, X, n_features: int | None = None) -> Prepared: ...

    def prepare(self, X) -> Prepared:
        """Validate `X` for this model (family constraints, number of features) and lay it out.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        Prepared
            The input of the ``*_prepared`` methods, for evaluating several models on one data set.

        Raises
        ------
        ValueError
            For data the model cannot describe: `DataFitError` (e.g. a non-binary value for a
            Bernoulli mixture), or a wrong shape, infinity, or NaN for a family that does not take
            missing cells, naming the first bad cell. The families that take them lay the data out
            by pattern of missing cells (`nbviz.core.incomplete`).
        """
        return self._prepare(X, self.n_features)

    def log_joint_prepared(self, data: Prepared) -> np.ndarray:
        """``log p(x_n, z_n = k)`` for prepared data, component-major.

        Parameters
        ----------
        data : Prepared
            From `prepare`.

        Returns
        -------
        ndarray of shape (n_components, n_samples)
        """
        log_joint = data.log_emission(self)
        log_joint += self._log_weights[:, None]
        return log_joint

    def posterior_prepared(self, data: Prepared):
        """Log joint, posterior and log marginal of prepared data, component-major.

        Parameters
        ----------
        data : Prepared
            From `prepare`.

        Returns
        -------
        log_joint : ndarray of shape (n_components, n_samples)
        resp : ndarray of shape (n_components, n_samples)
            Columns sum to 1.
        log_marginal : ndarray of shape (n_samples,)

        Raises
        ------
        ZeroProbabilityError
            If a row has probability zero under every component.
        """
        log_joint = self.log_joint_prepared(data)
        try:
            resp, log_marginal = normalise(log_joint)
        except ZeroProbabilityError as error:
            raise ZeroProbabilityError(f"{error}{self.zero_probability_hint}") from None
        return log_joint, resp, log_marginal

    def log_joint(self, X) -> np.ndarray:
        """``log p(x_n, z_n = k) = log pi_k + log p(x_n | z_n = k)``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_components)
            ``-inf`` where a row is impossible under a component.

        Examples
        --------
        >>> import numpy as np, nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> np.exp(model.log_joint([[1, 1]])).round(3).tolist()  # 0.5 * 0.5 * 0.4, 0.5 * 0.2 * 0.7
        [[0.1, 0.07]]
        """
        return np.ascontiguousarray(self.log_joint_prepared(self.prepare(X)).T)

    def responsibilities(self, X) -> np.ndarray:
        """Posterior ``P(z_n = k | x_n)``; for a naive Bayes classifier, P(class | x).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        resp : ndarray of shape (n_samples, n_components)
            Rows sum to 1.

        Raises
        ------
        ZeroProbabilityError
            (a ValueError) For a row that is impossible under every component.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> model.responsibilities([[1, 1], [0, 1]]).round(3).tolist()  # 0.14 / (0.14 + 0.042), ...
        [[0.769, 0.231], [0.455, 0.545]]
        """
        return np.ascontiguousarray(self.posterior_prepared(self.prepare(X))[1].T)

    def predict(self, X) -> np.ndarray:
        """Most probable component (class) of each row.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
            Component indices (ties go to the lowest).
        """
        return np.argmax(self.log_joint_prepared(self.prepare(X)), axis=0)

    def log_likelihood(self, X) -> float:
        """Log-likelihood of the data, ``sum_n log p(x_n)``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        float
            ``-inf`` if some row is impossible under the model.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> round(model.log_likelihood([[1, 1], [0, 1]]), 4)  # log(0.182) + log(0.308)
        -2.8814
        """
        log_joint = self.log_joint_prepared(self.prepare(X))
        peak = log_joint.max(axis=0)
        if not np.isfinite(peak).all():
            return -np.inf
        return float(np.sum(peak + np.log(np.exp(log_joint - peak).sum(axis=0))))

    def score_samples(self, X) -> np.ndarray:
        """Log-density of the mixture at each row, ``log p(x_n) = log sum_k pi_k p(x_n | k)``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
            ``-inf`` where a row is impossible under every component (as scikit-learn's
            ``GaussianMixture.score_samples``, with the multinomial coefficient included).

        Examples
        --------
        >>> import numpy as np, nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> np.exp(model.score_samples([[1, 1], [0, 1]])).round(3).tolist()  # 0.7*0.2 + 0.3*0.14, ...
        [0.182, 0.308]
        >>> g = nc.GaussianMixture(weights=[1.0], means=[[0.0]], covariances=[[[1.0]]])
        >>> round(float(g.score_samples([[0.0]])[0]), 4)  # -log(2 pi) / 2
        -0.9189
        """
        log_joint = self.log_joint_prepared(self.prepare(X))
        peak = log_joint.max(axis=0)
        safe = np.where(np.isfinite(peak), peak, 0.0)
        with np.errstate(divide="ignore"):
            return safe + np.log(np.exp(log_joint - safe).sum(axis=0))

    def component_log_density(self, X) -> np.ndarray:
        """Log-density of each component at each row, ``log p(x_n | z_n = k)`` (weights not included).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_components)
            ``-inf`` where a row is impossible under a component.

        Examples
        --------
        >>> import numpy as np, nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
        >>> np.exp(model.component_log_density([[1, 1], [0, 1]])).round(3).tolist()
        [[0.2, 0.14], [0.2, 0.56]]
        """
        return np.ascontiguousarray(self.prepare(X).log_emission(self).T)
