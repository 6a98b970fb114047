"""The model configuration checks its arguments with the core's scalar checks, in the user's words."""

import numpy as np
import pytest

from nbviz.app.model.config import ModelConfig


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (dict(n_components=0), "the number of components must be an integer from 1 to 100; got 0"),
        (dict(n_components=2.5), "the number of components must be an integer from 1 to 100; got 2.5"),
        (
            dict(family="poisson"),
            "the family must be one of gaussian, bernoulli, multinomial, categorical, mixed; got 'poisson'",
        ),
        (dict(covariance_type="round"), "the covariance type must be one of full, diag, spherical, tied; got 'round'"),
        (
            dict(init_method="best"),
            "the initialisation must be one of kmeans++, kmeans, random, random_from_data; got 'best'",
        ),
        (dict(label_fraction=1.5), "the labelled fraction must be a finite number >= 0 and <= 1; got 1.5"),
        (
            dict(covariance_type="spherical", fixed_variance=0.0),
            "the fixed shared variance must be a finite number > 0; got 0.0",
        ),
        (
            dict(family="bernoulli", covariance_type="spherical", fixed_variance=1.0),
            "a fixed shared variance needs a Gaussian mixture with spherical covariance",
        ),
    ],
)
def test_refused_choices_say_what_is_allowed(changes, message):
    with pytest.raises(ValueError) as error:
        ModelConfig(**changes)
    assert str(error.value) == message


def test_accepted_numbers_are_stored_as_plain_python_numbers():
    config = ModelConfig(
        n_components=np.int64(3), label_fraction=1, covariance_type="spherical", fixed_variance=np.float32(0.5)
    )
    assert (config.n_components, config.label_fraction, config.fixed_variance) == (3, 1.0, 0.5)
    assert type(config.n_components) is int and type(config.label_fraction) is float
    assert ModelConfig.from_dict(config.to_dict()) == config


@pytest.mark.parametrize("seed", [-1, 2**31, 1.5, True])
def test_a_seed_the_controls_cannot_show_is_refused(seed):
    with pytest.raises(ValueError, match="the seed must be an integer from 0 to 2147483647"):
        ModelConfig(seed=seed)
