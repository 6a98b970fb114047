"""`MadeOn`: the data and the model choice a result was made with (a saved run, fits over K, restarts)."""

from __future__ import annotations

from dataclasses import dataclass

from ..data.problem import Problem
from .config import ModelConfig


@dataclass(frozen=True, eq=False)
class MadeOn:
    """The base of the results that keep what made them.

    Attributes
    ----------
    problem : Problem
        The data the result was made on.
    config : ModelConfig
        The model choice that made it.
    """

    problem: Problem
    config: ModelConfig
