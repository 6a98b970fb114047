"""One restart of EM, retried from other seeds when it fails, and short names for why it failed."""

from __future__ import annotations

from dataclasses import dataclass

from .em import EM
from .families import SingularCovarianceError
from .init import init_model
from .prior import Prior

MAX_RETRIES = 2  # a failed restart is tried again from at most this many other seeds
RETRY_STRIDE = 1_000_003  # retry seeds step by a large prime, away from the other restarts' seeds
SEED_LIMIT = 2**31 - 1
SINGULAR_CAUSE = "hit a singular covariance (a component collapsed onto too few points)"


@dataclass(frozen=True, eq=False)
class RestartFit:
    """The outcome of `fit_restart`.

    Attributes
    ----------
    run : EM or None
        The finished run; None if every attempt failed.
    seed : int
        The seed of the run (of the last attempt if every one failed).
    failed : tuple of (int, str, str)
        ``(seed, cause, message)`` of each failed attempt, in order.
    """

    run: EM | None
    seed: int
    failed: tuple = ()

    @property
    def retried(self) -> bool:
        """Whether the first seed failed (the run, if any, comes from another seed)."""
        return bool(self.failed)


def retry_seed(seed: int, attempt: int) -> int:
    """The seed of retry `attempt` (1, 2, ...) of a restart that started from `seed`."""
    return (int(seed) + attempt * RETRY_STRIDE) % SEED_LIMIT


def failure_cause(error: ValueError) -> str:
    """A short, groupable name for why a fit failed: the same cause, the same words."""
    if isinstance(error, SingularCovarianceError):
        return SINGULAR_CAUSE
    text = str(error)
    return text.split(";")[0]  # the what, without the advice (which differs in numbers)


def fit_restart(
    X,
    family: str,
    n_components: int,
    seed: int,
    *,
    method: str = "kmeans++",
    covariance_type: str = "full",
    prior: Prior | None = None,
    max_iter: int = 300,
    tol: float = 1e-6,
    callback=None,
    retries: int = MAX_RETRIES,
    convergence: str = "absolute",
    column_kinds=None,
) -> RestartFit:
    """Start EM from `seed` and run it; if the start or the run fails, try again from another seed.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    family, n_components, method, covariance_type, prior, column_kinds
        As for `init_model`.
    seed : int
        The first attempt's seed; retry ``a`` uses ``retry_seed(seed, a)``.
    max_iter, tol, callback, convergence
        Of `EM.run`; a callback returning False stops the run (the run is returned as it is).
    retries : int
        At most this many further attempts after a failure.

    Returns
    -------
    RestartFit
        Components emptied during a fit are recorded in the run's snapshots, with no warning.
    """
    failed = []
    attempt_seed = int(seed)
    for attempt in range(retries + 1):
        attempt_seed = int(seed) if attempt == 0 else retry_seed(seed, attempt)
        try:
            start = init_model(
                X,
                family,
                n_components,
                method=method,
                rng=attempt_seed,
                covariance_type=covariance_type,
                prior=prior,
                column_kinds=column_kinds,
            )
            run = EM(X, start, prior=prior, warn_empty=False)
            run.run(max_iter=max_iter, tol=tol, callback=callback, convergence=convergence)
        except ValueError as error:
            failed.append((attempt_seed, failure_cause(error), str(error)))
        else:
            return RestartFit(run, attempt_seed, tuple(failed))
    return RestartFit(None, attempt_seed, tuple(failed))
