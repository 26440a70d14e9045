"""torch.distributions: distributions, transforms, constraints and KL divergences, written
with the torch frontend's own functions (gradients through core.autodiff).

Sampling makes the draws torch makes, in the same order, through the frontend's samplers
(``torch.normal``, ``torch.rand``, ``torch.bernoulli``, ``Tensor.uniform_``,
``exponential_``, ``cauchy_``...), which reproduce torch's CPU stream: Normal, Uniform,
Bernoulli, Exponential, Laplace, Cauchy, Geometric, Gumbel, HalfNormal, HalfCauchy,
Pareto, GeneralizedPareto, Weibull, Kumaraswamy, VonMises, ContinuousBernoulli, RelaxedBernoulli,
RelaxedOneHotCategorical, LogNormal, LogisticNormal, (LowRank)MultivariateNormal and
transformed/independent versions of them give real torch's samples for the same seed.
Categorical, OneHotCategorical, Multinomial and MixtureSameFamily (``torch.multinomial``),
Poisson (``torch.poisson``), Binomial (``torch.binomial``), Gamma, Chi2, InverseGamma,
StudentT, NegativeBinomial, Dirichlet and Beta (numpy's Gamma sampler on the host; torch's
C++ rejection samplers are not reproduced) match torch in distribution only.
"""

from frontends.torch.distributions import constraints, kl, transforms
from frontends.torch.distributions.bernoulli import Bernoulli
from frontends.torch.distributions.beta import Beta
from frontends.torch.distributions.binomial import Binomial
from frontends.torch.distributions.categorical import Categorical
from frontends.torch.distributions.cauchy import Cauchy
from frontends.torch.distributions.chi2 import Chi2
from frontends.torch.distributions.constraint_registry import biject_to, transform_to
from frontends.torch.distributions.continuous_bernoulli import ContinuousBernoulli
from frontends.torch.distributions.dirichlet import Dirichlet
from frontends.torch.distributions.distribution import Distribution
from frontends.torch.distributions.exp_family import ExponentialFamily
from frontends.torch.distributions.exponential import Exponential
from frontends.torch.distributions.fishersnedecor import FisherSnedecor
from frontends.torch.distributions.gamma import Gamma
from frontends.torch.distributions.generalized_pareto import GeneralizedPareto
from frontends.torch.distributions.geometric import Geometric
from frontends.torch.distributions.gumbel import Gumbel
from frontends.torch.distributions.half_cauchy import HalfCauchy
from frontends.torch.distributions.half_normal import HalfNormal
from frontends.torch.distributions.independent import Independent
from frontends.torch.distributions.inverse_gamma import InverseGamma
from frontends.torch.distributions.kl import kl_divergence, register_kl
from frontends.torch.distributions.kumaraswamy import Kumaraswamy
from frontends.torch.distributions.laplace import Laplace
from frontends.torch.distributions.lkj_cholesky import LKJCholesky
from frontends.torch.distributions.log_normal import LogNormal
from frontends.torch.distributions.logistic_normal import LogisticNormal
from frontends.torch.distributions.lowrank_multivariate_normal import LowRankMultivariateNormal
from frontends.torch.distributions.mixture_same_family import MixtureSameFamily
from frontends.torch.distributions.multinomial import Multinomial
from frontends.torch.distributions.multivariate_normal import MultivariateNormal
from frontends.torch.distributions.negative_binomial import NegativeBinomial
from frontends.torch.distributions.normal import Normal
from frontends.torch.distributions.one_hot_categorical import (
    OneHotCategorical,
    OneHotCategoricalStraightThrough,
)
from frontends.torch.distributions.pareto import Pareto
from frontends.torch.distributions.poisson import Poisson
from frontends.torch.distributions.relaxed_bernoulli import RelaxedBernoulli
from frontends.torch.distributions.relaxed_categorical import (
    RelaxedOneHotCategorical,
)
from frontends.torch.distributions.studentT import StudentT
from frontends.torch.distributions.transformed_distribution import TransformedDistribution
from frontends.torch.distributions.transforms import (
    AbsTransform,
    AffineTransform,
    CatTransform,
    ComposeTransform,
    CorrCholeskyTransform,
    CumulativeDistributionTransform,
    ExpTransform,
    IndependentTransform,
    LowerCholeskyTransform,
    PositiveDefiniteTransform,
    PowerTransform,
    ReshapeTransform,
    SigmoidTransform,
    SoftmaxTransform,
    SoftplusTransform,
    StackTransform,
    StickBreakingTransform,
    TanhTransform,
    Transform,
    identity_transform,
)
from frontends.torch.distributions.uniform import Uniform
from frontends.torch.distributions.von_mises import VonMises
from frontends.torch.distributions.weibull import Weibull
from frontends.torch.distributions.wishart import Wishart

__all__ = [
    "Wishart",
    "LKJCholesky",
    "CorrCholeskyTransform",
    "VonMises",
    "GeneralizedPareto",
    "StackTransform",
    "CatTransform",
    "FisherSnedecor",
    "ContinuousBernoulli",
    "LowRankMultivariateNormal",
    "Kumaraswamy",
    "PositiveDefiniteTransform",
    "CumulativeDistributionTransform",
    "OneHotCategoricalStraightThrough",
    "LogisticNormal",
    "InverseGamma",
    "RelaxedOneHotCategorical",
    "RelaxedBernoulli",
    "NegativeBinomial",
    "StudentT",
    "Weibull",
    "Pareto",
    "HalfCauchy",
    "transform_to",
    "biject_to",
    "StickBreakingTransform",
    "LowerCholeskyTransform",
    "Multinomial",
    "MixtureSameFamily",
    "HalfNormal",
    "Gumbel",
    "Chi2",
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
