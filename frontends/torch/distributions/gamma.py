"""torch.distributions.Gamma, and the standard Gamma sampler with its implicit
reparameterization gradient that Gamma, Chi2, Dirichlet and Beta share."""

from __future__ import annotations

from numbers import Number
from typing import Any, ClassVar

import numpy

from frontends import torch
from frontends.torch.autograd import Function
from frontends.torch.distributions import constraints
from frontends.torch.distributions.exp_family import ExponentialFamily
from frontends.torch.distributions.utils import broadcast_all

__all__ = ["Gamma"]


def _host_rng() -> numpy.random.Generator:
    from frontends.torch.random_sampling import default_generator

    return default_generator._state.next_numpy_generator()


def _standard_gamma_grad(concentration: Any, x: Any) -> Any:
    """d x / d concentration for x ~ Gamma(concentration, 1) with the CDF held fixed:
    ``-(dP/da)(a, x) / pdf(x)``, dP/da by a central difference of the regularized
    incomplete gamma function in float64. torch evaluates the same quantity with its own
    series and rational approximations (they agree to about 3e-4 relative)."""
    a = concentration.double()
    xd = x.double()
    h = a * 1e-5
    dp = (torch.special.gammainc(a + h, xd) - torch.special.gammainc(a - h, xd)) / (2 * h)
    log_pdf = (a - 1) * torch.log(xd) - xd - torch.lgamma(a)
    return (-dp * torch.exp(-log_pdf)).to(x.dtype)


class _StandardGamma(Function):
    """Draws Gamma(concentration, 1) with numpy's sampler on the host (torch's C++
    rejection sampler is not reproduced: samples match in distribution, not bit for bit);
    the backward is the implicit reparameterization gradient, as torch's."""

    @staticmethod
    def forward(ctx: Any, concentration: Any) -> Any:
        alpha = numpy.asarray(concentration.detach().numpy(), dtype=numpy.float64)
        draws = _host_rng().standard_gamma(alpha)
        x = torch.tensor(draws, dtype=concentration.dtype)
        ctx.save_for_backward(x, concentration)
        return x

    @staticmethod
    def backward(ctx: Any, grad_output: Any) -> Any:
        x, concentration = ctx.saved_tensors
        return grad_output * _standard_gamma_grad(concentration.detach(), x)


def _standard_gamma(concentration: Any) -> Any:
    return _StandardGamma.apply(concentration)


class Gamma(ExponentialFamily):
    """Gamma(concentration, rate). Samples match torch in distribution only (see
    :class:`_StandardGamma`); ``rsample`` carries torch's implicit gradient."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "concentration": constraints.positive,
        "rate": constraints.positive,
    }
    support = constraints.nonnegative
    has_rsample = True
    _mean_carrier_measure = 0

    @property
    def mean(self) -> Any:
        return self.concentration / self.rate

    @property
    def mode(self) -> Any:
        return ((self.concentration - 1) / self.rate).clamp(min=0)

    @property
    def variance(self) -> Any:
        return self.concentration / self.rate.pow(2)

    def __init__(self, concentration: Any, rate: Any, validate_args: bool | None = None) -> None:
        self.concentration, self.rate = broadcast_all(concentration, rate)
        if isinstance(concentration, Number) and isinstance(rate, Number):
            batch_shape = torch.Size()
        else:
            batch_shape = self.concentration.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> Gamma:
        new = self._get_checked_instance(Gamma, _instance)
        batch_shape = torch.Size(batch_shape)
        new.concentration = self.concentration.expand(batch_shape)
        new.rate = self.rate.expand(batch_shape)
        super(Gamma, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def rsample(self, sample_shape: Any = ()) -> Any:
        shape = self._extended_shape(sample_shape)
        value = _standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)
        tiny = torch.finfo(value.dtype).tiny
        # clamp away from 0 without touching the gradient, as torch's detached clamp_
        return value + (value.detach().clamp(min=tiny) - value.detach())

    def log_prob(self, value: Any) -> Any:
        value = torch.as_tensor(value, dtype=self.rate.dtype)
        if self._validate_args:
            self._validate_sample(value)
        return (
            torch.xlogy(self.concentration, self.rate)
            + torch.xlogy(self.concentration - 1, value)
            - self.rate * value
            - torch.lgamma(self.concentration)
        )

    def entropy(self) -> Any:
        return (
            self.concentration
            - torch.log(self.rate)
            + torch.lgamma(self.concentration)
            + (1.0 - self.concentration) * torch.digamma(self.concentration)
        )

    @property
    def _natural_params(self) -> tuple[Any, Any]:
        return (self.concentration - 1, -self.rate)

    def _log_normalizer(self, x: Any, y: Any) -> Any:
        return torch.lgamma(x + 1) + (x + 1) * torch.log(-y.reciprocal())

    def cdf(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        return torch.special.gammainc(self.concentration, self.rate * value)
