"""torch.distributions.Dirichlet."""

from __future__ import annotations

from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.exp_family import ExponentialFamily
from frontends.torch.distributions.gamma import _standard_gamma

__all__ = ["Dirichlet"]


def _sample_dirichlet(concentration: Any) -> Any:
    """Normalized standard Gamma draws, kept inside ``[tiny, 1 - eps]`` as torch keeps them.

    Differences from torch: the Gamma draws are numpy's (samples match in distribution),
    and the gradient is that of the normalized Gamma draws (each Gamma's implicit
    gradient), where torch differentiates the Beta marginals. Both are unbiased
    reparameterization gradients with the same expectation; single samples differ.
    """
    gammas = _standard_gamma(concentration)
    x = gammas / gammas.sum(-1, keepdim=True)
    finfo = torch.finfo(x.dtype)
    return x + (x.detach().clamp(min=finfo.tiny, max=1 - finfo.eps) - x.detach())


class Dirichlet(ExponentialFamily):
    """Dirichlet(concentration) over the simplex of the last dim."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "concentration": constraints.independent(constraints.positive, 1)
    }
    support = constraints.simplex
    has_rsample = True

    def __init__(self, concentration: Any, validate_args: bool | None = None) -> None:
        if concentration.dim() < 1:
            raise ValueError("`concentration` parameter must be at least one-dimensional.")
        self.concentration = concentration
        batch_shape, event_shape = concentration.shape[:-1], concentration.shape[-1:]
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> Dirichlet:
        new = self._get_checked_instance(Dirichlet, _instance)
        batch_shape = torch.Size(batch_shape)
        new.concentration = self.concentration.expand(batch_shape + self.event_shape)
        super(Dirichlet, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def rsample(self, sample_shape: Any = ()) -> Any:
        shape = self._extended_shape(sample_shape)
        return _sample_dirichlet(self.concentration.expand(shape))

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        return (
            torch.xlogy(self.concentration - 1.0, value).sum(-1)
            + torch.lgamma(self.concentration.sum(-1))
            - torch.lgamma(self.concentration).sum(-1)
        )

    @property
    def mean(self) -> Any:
        return self.concentration / self.concentration.sum(-1, True)

    @property
    def mode(self) -> Any:
        concentration_m1 = (self.concentration - 1).clamp(min=0.0)
        mode = concentration_m1 / concentration_m1.sum(-1, True)
        all_below_one = (self.concentration < 1).all(dim=-1, keepdim=True)
        corner = torch.nn.functional.one_hot(
            concentration_m1.argmax(-1), concentration_m1.shape[-1]
        ).to(mode)
        return torch.where(all_below_one, corner, mode)

    @property
    def variance(self) -> Any:
        total = self.concentration.sum(-1, True)
        return self.concentration * (total - self.concentration) / (total.pow(2) * (total + 1))

    def entropy(self) -> Any:
        k = self.concentration.size(-1)
        a0 = self.concentration.sum(-1)
        return (
            torch.lgamma(self.concentration).sum(-1)
            - torch.lgamma(a0)
            - (k - a0) * torch.digamma(a0)
            - ((self.concentration - 1.0) * torch.digamma(self.concentration)).sum(-1)
        )

    @property
    def _natural_params(self) -> tuple[Any]:
        return (self.concentration,)

    def _log_normalizer(self, x: Any) -> Any:
        return x.lgamma().sum(-1) - torch.lgamma(x.sum(-1))
