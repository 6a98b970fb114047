"""Choose K in the app never crowns a degenerate fit, and its saved results keep which fits were degenerate."""

from __future__ import annotations

import json

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.documents.explore_saved import choice_from_dict, choice_to_dict
from nbviz.app.explore.choose_k import KChoice
from nbviz.app.families.gaussian import file_covariance_prior
from nbviz.app.model.config import ModelConfig
from nbviz.core.convergence import PER_ROW_TOL


def blobs_with_duplicates() -> np.ndarray:
    """Three clusters and three equal rows away from them: a fourth component on those rows wins BIC, degenerate."""
    rng = np.random.default_rng(0)
    centres = np.array([[0.0, 0.0], [6.0, 0.0], [3.0, 5.0]])
    clusters = [c + rng.normal(size=(100, 2)) for c in centres]
    return np.concatenate([*clusters, np.tile([[3.0, -5.0]], (3, 1))])


@pytest.fixture(scope="module")
def choice() -> KChoice:
    X = blobs_with_duplicates()
    prior = nc.Prior(covariance_prior=file_covariance_prior(X))
    config = ModelConfig(family="gaussian", prior=prior, init_method="kmeans", tolerance=PER_ROW_TOL)
    selection = nc.select_components(
        X, "gaussian", range(1, 6), n_init=4, rng=0, prior=prior, method="kmeans", tol=PER_ROW_TOL,
        convergence="per_row",
    )  # fmt: skip
    assert isinstance(selection, nc.Selection)
    return KChoice(Problem(X=X, name="dup", columns=("x", "y")), config, selection)


def test_best_k_and_best_restart_pass_over_degenerate_fits(choice):
    selection = choice.selection
    raw = np.unravel_index(np.nanargmin(selection.bic), selection.bic.shape)
    assert selection.degenerate[raw], "the raw lowest BIC is a degenerate fit"
    assert choice.best_k("bic") == selection.best_k != int(selection.ks[raw[0]])
    restart = choice.best_restart(int(raw[0]), "bic")
    usable = selection.usable()[raw[0]]
    if usable.any():
        assert restart is not None and usable[restart]
    flags = choice.flags(int(raw[0]))
    assert flags.known and flags.degenerate >= 1 and "degenerate" in flags.text()
    assert "prior's floor" in flags.tooltip() and "never chosen" in flags.tooltip()


def test_saved_results_keep_degenerate_and_converged(choice):
    data = json.loads(json.dumps(choice_to_dict(choice, choice.config.tolerance)))
    read = choice_from_dict(data, choice.problem)
    np.testing.assert_array_equal(read.selection.degenerate, choice.selection.degenerate)
    np.testing.assert_array_equal(read.selection.converged, choice.selection.converged)
    assert read.best_k("bic") == choice.best_k("bic")
    assert set(read.selection.degeneracies) == set(choice.selection.degeneracies)
    first = next(iter(choice.selection.degeneracies))
    assert read.selection.degeneracies[first].reasons == choice.selection.degeneracies[first].reasons


def test_an_older_file_reads_back_as_not_known_and_every_fit_counts(choice):
    data = json.loads(json.dumps(choice_to_dict(choice, choice.config.tolerance)))
    for entry in data["types"]:
        for key in ("degenerate", "converged", "degeneracies"):
            del entry[key]
    read = choice_from_dict(data, choice.problem)
    assert read.selection.degenerate.shape == (0, 0)
    assert read.best_k("bic") == int(
        choice.selection.ks[np.unravel_index(np.nanargmin(choice.selection.bic), choice.selection.bic.shape)[0]]
    )
    flags = read.flags(0)
    assert not flags.known and flags.text() == "not known" and "every finished fit counts" in flags.tooltip()


def test_a_flag_where_no_fit_finished_is_refused(choice):
    data = json.loads(json.dumps(choice_to_dict(choice, choice.config.tolerance)))
    data["types"][0]["objective"][0][0] = None
    for key in ("bic", "aic", "icl"):
        data["types"][0][key][0][0] = None
    data["types"][0]["converged"][0][0] = True
    with pytest.raises(ValueError, match=r"types\[0\]\.converged\[0\]\[0\]"):
        choice_from_dict(data, choice.problem)
