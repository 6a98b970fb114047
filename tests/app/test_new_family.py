"""A new family needs its core class, its presentation and a registration: the app asks it, never names it.

The toy family here is the Bernoulli mixture's mathematics under another name, with a presentation
that fills in nothing beyond the required fields, so every answer the app gets is the plain one
(no covariance types, no parameter rows after the weight, no points). Nothing in the app may
fail or ask "which family is this?" along the way.
"""

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.analysis.parameter_rows import parameter_rows
from nbviz.app.data import export
from nbviz.app.data.original_units import shown_model
from nbviz.app.data.problem import Problem
from nbviz.app.families import PRESENTATIONS, DataView, FamilyPresentation, presentation
from nbviz.app.model import fit_size, model_fit
from nbviz.app.model.config import ModelConfig, for_file


@dataclass(frozen=True, eq=False)
class ToyMixture(nc.BernoulliMixture):
    family: ClassVar[str] = "toy"
    data_kind: ClassVar[str] = "toy-binary"


TOY = FamilyPresentation(
    name="toy",
    title="Toy mixture",
    short_title="Toy",
    data_view=DataView.PROTOTYPES,
    synthesis=PRESENTATIONS["bernoulli"].synthesis,
    steps=PRESENTATIONS["bernoulli"].steps,
)


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(nc.FAMILIES, "toy", ToyMixture)
    monkeypatch.setitem(PRESENTATIONS, "toy", TOY)
    return ToyMixture(weights=[0.4, 0.6], probs=[[0.1, 0.8, 0.5], [0.9, 0.2, 0.3]])


def test_the_app_runs_a_registered_family_on_the_plain_answers(toy):
    problem = Problem.synthesised(toy, 60, seed=2, name="toy")
    config = ModelConfig(family="toy", n_components=2, seed=1)
    assert presentation(toy) is TOY and config.title == "Toy mixture"
    filed = for_file(config, problem.X).prior  # no file prior of its own; the Gaussian's λ waits for a switch
    assert (filed.alpha, filed.beta) == (config.prior.alpha, config.prior.beta) and filed.covariance_prior > 0
    assert model_fit.fitting_model(problem, config) == (config, "")
    fit_size.check_fits(problem.X, 2, "toy", config.covariance_type)
    assert fit_size.model_numbers(problem.X, 2, "toy", config.covariance_type) == 2 + 2 * 3
    start = model_fit.starting_model(problem, config)
    assert start.family == "toy"
    rows = parameter_rows(start, truth=toy, perm=np.array([0, 1]))
    assert [row.name for row in rows] == ["weight π", "weight π"]
    assert [row[1] for row in export.parameter_rows(start, ["1", "2"], ["a", "b", "c"])] == ["weight", "weight"]
    assert shown_model(start, problem, True) is start
    shown = presentation(start)
    assert shown.points(start) is None and shown.covariance_matrices(start, ["1", "2"]) is None
    assert shown.covariance_types == () and not shown.fixed_variance_applies("spherical")
