"""One module per emission family; `FAMILIES` maps family names to their parameter-set classes."""

from .bernoulli import BernoulliMixture
from .gaussian import COVARIANCE_TYPES, GaussianMixture, SingularCovarianceError
from .multinomial import MultinomialMixture

FAMILIES = {
    "gaussian": GaussianMixture,
    "bernoulli": BernoulliMixture,
    "multinomial": MultinomialMixture,
}

__all__ = [
    "BernoulliMixture", "COVARIANCE_TYPES", "FAMILIES", "GaussianMixture", "MultinomialMixture",
    "SingularCovarianceError",
]
