"""What EM records after each half-step: the parameters and the numbers the curves draw."""

from __future__ import annotations

from dataclasses import dataclass

from .mixture import Mixture


@dataclass(frozen=True, eq=False)
class Snapshot:
    """The state after one half-step (or the initial state).

    Attributes
    ----------
    phase : {"init", "E", "M"}
    iteration : int
        0 for the initial state; an E-step starts iteration i, the following M-step ends it.
    model : Mixture
        The parameters after this half-step.
    log_likelihood : float
        Log-likelihood of the data (observed-data likelihood when some rows are labelled).
    objective : float
        ``log_likelihood + log_prior``: what EM never decreases (hard EM excepted).
    elbo : float or None
        ``L(q, theta)`` (+ log-prior) for the current q; None before the first E-step. With missing
        cells, after an M-step, the bound that also averages them under the E-step's model (see
        the module's docstring).
    log_prior : float
        Log-prior of the parameters (0 for the flat prior).
    empty : tuple of int
        Components with (almost) no responsibility after an M-step.
    """

    phase: str
    iteration: int
    model: Mixture
    log_likelihood: float
    objective: float
    elbo: float | None
    log_prior: float = 0.0
    empty: tuple[int, ...] = ()

    @property
    def kl(self) -> float | None:
        """``objective - elbo`` = KL(q || posterior) >= 0 (over missing cells too); None before the first E-step."""
        return None if self.elbo is None else self.objective - self.elbo

    def to_dict(self) -> dict:
        """JSON-ready; `Snapshot.from_dict` gives back an exact copy (floats round-trip by repr).

        Returns
        -------
        dict
        """
        return {
            "phase": self.phase,
            "iteration": self.iteration,
            "model": self.model.to_dict(),
            "log_likelihood": self.log_likelihood,
            "objective": self.objective,
            "elbo": self.elbo,
            "log_prior": self.log_prior,
            "empty": list(self.empty),
        }

    @classmethod
    def from_dict(cls, data: dict) -> Snapshot:
        """Inverse of `to_dict`.

        Parameters
        ----------
        data : dict
            As `to_dict` returns it.

        Returns
        -------
        Snapshot

        Raises
        ------
        ValueError
            Naming what is missing or malformed.
        """
        if not isinstance(data, dict):
            raise ValueError("a snapshot must be a dict")
        try:
            phase = data["phase"]
            if phase not in ("init", "E", "M"):
                raise ValueError(f"unknown phase {phase!r}")
            elbo = data["elbo"]
            return cls(
                phase,
                int(data["iteration"]),
                Mixture.from_dict(data["model"]),
                float(data["log_likelihood"]),
                float(data["objective"]),
                None if elbo is None else float(elbo),
                float(data.get("log_prior", 0.0)),
                tuple(int(k) for k in data.get("empty", ())),
            )
        except KeyError as error:
            raise ValueError(f"a snapshot has no {error.args[0]!r} entry") from None
        except TypeError as error:
            raise ValueError(f"a snapshot entry has the wrong type ({error})") from None
