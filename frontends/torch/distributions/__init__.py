"""torch.distributions: distributions, transforms, constraints and KL divergences, written
with the torch frontend's own functions (gradients through core.autodiff).

Sampling makes the draws torch makes, in the same order, through the frontend's samplers
(``torch.normal``, ``torch.rand``, ``torch.bernoulli``, ``torch.multinomial``,
``Tensor.uniform_``...), so samples are exactly what those samplers give for the seed.
Gamma, Dirichlet, Beta, Poisson and Binomial draws come from numpy's samplers on the host
(torch's own C++ rejection samplers are not reproduced): they match torch in distribution,
not bit for bit, and cost a host round trip.
"""

from frontends.torch.distributions import constraints, kl, transforms
from frontends.torch.distributions.bernoulli import Bernoulli
from frontends.torch.distributions.beta import Beta
from frontends.torch.distributions.binomial import Binomial
from frontends.torch.distributions.categorical import Categorical
from frontends.torch.distributions.cauchy import Cauchy
from frontends.torch.distributions.dirichlet import Dirichlet
from frontends.torch.distributions.distribution import Distribution
from frontends.torch.distributions.exp_family import ExponentialFamily
from frontends.torch.distributions.exponential import Exponential
from frontends.torch.distributions.gamma import Gamma
from frontends.torch.distributions.geometric import Geometric
from frontends.torch.distributions.independent import Independent
from frontends.torch.distributions.kl import kl_divergence, register_kl
from frontends.torch.distributions.laplace import Laplace
from frontends.torch.distributions.log_normal import LogNormal
from frontends.torch.distributions.multivariate_normal import MultivariateNormal
from frontends.torch.distributions.normal import Normal
from frontends.torch.distributions.one_hot_categorical import OneHotCategorical
from frontends.torch.distributions.poisson import Poisson
from frontends.torch.distributions.transformed_distribution import TransformedDistribution
from frontends.torch.distributions.transforms import (
    AbsTransform,
    AffineTransform,
    ComposeTransform,
    ExpTransform,
    IndependentTransform,
    PowerTransform,
    ReshapeTransform,
    SigmoidTransform,
    SoftmaxTransform,
    SoftplusTransform,
    TanhTransform,
    Transform,
    identity_transform,
)
from frontends.torch.distributions.uniform import Uniform

__all__ = [
    "AbsTransform",
    "AffineTransform",
    "Bernoulli",
    "Beta",
    "Binomial",
    "Categorical",
    "Cauchy",
    "ComposeTransform",
    "Dirichlet",
    "Distribution",
    "ExpTransform",
    "Exponential",
    "ExponentialFamily",
    "Gamma",
    "Geometric",
    "Independent",
    "IndependentTransform",
    "Laplace",
    "LogNormal",
    "MultivariateNormal",
    "Normal",
    "OneHotCategorical",
    "Poisson",
    "PowerTransform",
    "ReshapeTransform",
    "SigmoidTransform",
    "SoftmaxTransform",
    "SoftplusTransform",
    "TanhTransform",
    "Transform",
    "TransformedDistribution",
    "Uniform",
    "constraints",
    "identity_transform",
    "kl",
    "kl_divergence",
    "register_kl",
    "transforms",
]
