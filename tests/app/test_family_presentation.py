"""The family registry: one presentation per core family, and lookups that replace branching on the family."""

import subprocess
import sys

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data import synthesis
from nbviz.app.families import (
    DEFAULT_FAMILY,
    FAMILY_NAMES,
    NAIVE_BAYES,
    PRESENTATIONS,
    DataView,
    SynthesisRecipe,
    model_choice,
    presentation,
)
from nbviz.app.families.choice import family_for_table
from nbviz.app.model.config import FAMILY_LABELS, MODEL_CHOICES, ModelConfig

EXAMPLES = {
    "gaussian": nc.GaussianMixture(
        weights=[0.4, 0.6],
        means=[[0.0, 1.0], [3.0, -1.0]],
        covariances=[[[1.0, 0.3], [0.3, 2.0]], [[0.5, 0.0], [0.0, 0.5]]],
    ),
    "bernoulli": nc.BernoulliMixture(weights=[0.3, 0.7], probs=[[0.1, 0.9, 0.5], [0.8, 0.2, 0.4]]),
    "multinomial": nc.MultinomialMixture(weights=[0.5, 0.5], probs=[[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]]),
    "categorical": nc.CategoricalMixture(weights=[0.5, 0.5], probs=[[[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]]]),
    "mixed": nc.MixedMixture(
        weights=[0.5, 0.5],
        column_kinds=["gaussian", "gaussian", "bernoulli"],
        blocks=[
            nc.GaussianMixture(
                weights=[0.5, 0.5],
                means=[[0.0, 1.0], [3.0, -1.0]],
                covariances=[[1.0, 2.0], [0.5, 0.5]],
                covariance_type="diag",
            ),
            nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.2], [0.9]]),
        ],
    ),
}


def test_every_core_family_has_one_presentation_and_every_presentation_a_core_family():
    assert set(PRESENTATIONS) == set(nc.FAMILIES)
    for name, entry in PRESENTATIONS.items():
        assert entry.name == name
        assert nc.FAMILIES[name].family == name
    assert FAMILY_NAMES == tuple(PRESENTATIONS) and DEFAULT_FAMILY in PRESENTATIONS


def test_lookup_by_name_model_or_class_and_a_clear_refusal():
    for name, model in EXAMPLES.items():
        assert presentation(name) is presentation(model) is presentation(type(model)) is PRESENTATIONS[name]
    with pytest.raises(ValueError, match="'poisson'.*gaussian, bernoulli, multinomial"):
        presentation("poisson")
    with pytest.raises(ValueError, match="None"):
        presentation(object())


def test_what_the_user_reads_is_as_before():
    assert FAMILY_LABELS == {
        "gaussian": "Gaussian mixture",
        "bernoulli": "Bernoulli mixture",
        "multinomial": "Multinomial mixture",
        "categorical": "Categorical mixture",
        "mixed": "Mixed mixture",
    }
    assert [presentation(f).probability_row for f in ("bernoulli", "multinomial")] == [
        "p(x = 1 | k)",
        "θ (word probabilities)",
    ]
    assert [presentation(f).export_label for f in ("bernoulli", "multinomial")] == ["p(x=1)", "word probability"]
    assert ModelConfig(family="bernoulli", label_fraction=1.0).title == "Naive Bayes (Bernoulli)"
    assert (
        ModelConfig(family="gaussian", covariance_type="diag", hard=True).title
        == "Gaussian mixture, diag covariance — hard EM"
    )
    assert ModelConfig(family="multinomial").title == "Multinomial mixture"


def test_views_and_options_per_family():
    gaussian = presentation("gaussian")
    assert gaussian.data_view is DataView.POINTS
    assert gaussian.covariance_types == nc.COVARIANCE_TYPES == ("full", "diag", "spherical", "tied")
    assert gaussian.compared_types == ("full", "tied", "diag", "spherical")  # mclust's order of generality
    assert gaussian.prior_fields == ("covariance_prior",)
    assert [kind for kind in nc.COVARIANCE_TYPES if gaussian.fixed_variance_applies(kind)] == ["spherical"]
    model = EXAMPLES["gaussian"]
    assert gaussian.points(model) is model and gaussian.probabilities(model) is None
    for name in ("bernoulli", "multinomial"):
        shown, model = presentation(name), EXAMPLES[name]
        assert shown.data_view is DataView.PROTOTYPES
        assert shown.covariance_types == shown.compared_types == () and shown.prior_fields == ("beta",)
        assert not any(shown.fixed_variance_applies(kind) for kind in nc.COVARIANCE_TYPES)
        assert shown.points(model) is None and shown.probabilities(model) is model.probs
        assert shown.covariance_matrices(model, ["1", "2"]) is None and shown.shared_parameters(model) is None
    with pytest.raises(ValueError, match="fixed shared variance needs a Gaussian"):
        ModelConfig(family="bernoulli", covariance_type="spherical", fixed_variance=1.0)


def test_prototype_pictures_keep_bernoulli_probabilities_and_scale_words_to_their_largest():
    probs = np.array([[0.1, 0.9, 0.5], [0.8, 0.2, 0.4]])
    np.testing.assert_array_equal(presentation("bernoulli").prototype_pictures(probs), probs)
    np.testing.assert_allclose(
        presentation("multinomial").prototype_pictures(probs), [[0.1 / 0.9, 1.0, 0.5 / 0.9], [1.0, 0.25, 0.5]]
    )


def test_a_tables_default_family_is_the_one_that_declares_its_kind_of_data():
    documents = np.random.default_rng(0).poisson(0.3, size=(20, 12))
    documents[:, 0] += np.arange(20)  # row totals that vary
    tables = {"binary": [[0, 1], [1, 1]], "counts": documents, "continuous": [[0.5, 1.2], [2.0, -1.0]]}
    guessed = {kind: family_for_table(X).family for kind, X in tables.items()}
    assert guessed == {kind: nc.families_for(kind)[0] for kind in tables}
    assert guessed == {"binary": "bernoulli", "counts": "multinomial", "continuous": "gaussian"}
    claimed = [cls.data_kind for cls in nc.FAMILIES.values()]
    assert len(claimed) == len(set(claimed)), "a data kind is claimed by two families"


def test_only_families_whose_covariances_can_be_held_fixed_offer_the_k_means_limit():
    offered = [name for name, entry in PRESENTATIONS.items() if entry.fixed_variance_applies("spherical")]
    assert offered == ["gaussian"]  # the mixed family's core can hold its numeric block's fixed; the app asks no σ²
    assert all(nc.FAMILIES[name].supports_fixed_covariances for name in offered)


def test_naive_bayes_is_a_model_choice_not_a_family():
    assert MODEL_CHOICES == ("gaussian", "bernoulli", "multinomial", "categorical", "mixed", "naive-bayes")
    assert NAIVE_BAYES not in PRESENTATIONS
    nb = model_choice(NAIVE_BAYES)
    assert nb.supervised and nb.family is None
    assert nb.config_changes("multinomial") == {"label_fraction": 1.0, "family": "multinomial"}
    assert model_choice("bernoulli").config_changes("multinomial") == {"family": "bernoulli", "label_fraction": 0.0}
    with pytest.raises(ValueError, match="unknown model 'lda'.*naive-bayes"):
        model_choice("lda")


@pytest.mark.parametrize("name", sorted(PRESENTATIONS))
def test_each_synthesis_recipe_round_trips_its_table(name):
    recipe = presentation(name).synthesis
    low, high = recipe.feature_range
    assert low <= recipe.default_features <= high
    model = EXAMPLES[name]
    cols = recipe.columns(model.n_features)
    assert cols[0].kind == "weight"
    values = recipe.table_values(model)
    assert values.shape == (model.n_components, len(cols))
    rebuilt = recipe.mixture(cols, values)
    assert type(rebuilt) is type(model)
    same_description(rebuilt.to_dict(), model.to_dict())
    drawn = synthesis.random_truth(name, 3, recipe.default_features, seed=1)
    assert drawn.family == name and drawn.n_features == recipe.default_features


def same_description(got, expected, where="model"):
    """Two `to_dict` descriptions alike: texts equal, numbers close, nested blocks (a mixed mixture's) alike."""
    if isinstance(expected, dict):
        assert set(got) == set(expected), where
        for key, value in expected.items():
            same_description(got[key], value, f"{where}.{key}")
    elif isinstance(expected, str) or (isinstance(expected, list) and expected and isinstance(expected[0], str)):
        assert got == expected, where
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert len(got) == len(expected), where
        for b, (mine, theirs) in enumerate(zip(got, expected, strict=True)):
            same_description(mine, theirs, f"{where}[{b}]")
    else:
        np.testing.assert_allclose(got, expected, err_msg=where)


def test_a_recipe_missing_a_part_cannot_be_made():
    class Incomplete(SynthesisRecipe):
        default_features = 2
        feature_range = (1, 3)

        def columns(self, n_features):
            return ()

    with pytest.raises(TypeError, match="abstract"):
        Incomplete()


def test_the_registry_loads_no_gui_library():
    code = (
        "import sys, nbviz.app.families, nbviz.app.data.synthesis\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {'PySide6', 'pyqtgraph'})))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
