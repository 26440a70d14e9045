"""torch.distributions.Kumaraswamy."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.transformed_distribution import TransformedDistribution
from frontends.torch.distributions.transforms import AffineTransform, PowerTransform
from frontends.torch.distributions.uniform import Uniform
from frontends.torch.distributions.utils import broadcast_all, euler_constant

__all__ = ["Kumaraswamy"]


def _moments(a: Any, b: Any, n: int) -> Any:
    """The n-th moment, by log-gamma functions."""
    arg1 = 1 + n / a
    return b * torch.exp(torch.lgamma(arg1) + torch.lgamma(b) - torch.lgamma(arg1 + b))


class Kumaraswamy(TransformedDistribution):
    """Kumaraswamy(concentration1, concentration0): ``(1 - U ** (1/c0)) ** (1/c1)``."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "concentration1": constraints.positive,
        "concentration0": constraints.positive,
    }
    support = constraints.unit_interval
    has_rsample = True

    def __init__(
        self, concentration1: Any, concentration0: Any, validate_args: bool | None = None
    ) -> None:
        self.concentration1, self.concentration0 = broadcast_all(concentration1, concentration0)
        base_dist = Uniform(
            torch.full_like(self.concentration0, 0),
            torch.full_like(self.concentration0, 1),
            validate_args=validate_args,
        )
        transforms = [
            PowerTransform(exponent=self.concentration0.reciprocal()),
            AffineTransform(loc=1.0, scale=-1.0),
            PowerTransform(exponent=self.concentration1.reciprocal()),
        ]
        super().__init__(base_dist, transforms, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> Kumaraswamy:
        new = self._get_checked_instance(Kumaraswamy, _instance)
        new.concentration1 = self.concentration1.expand(batch_shape)
        new.concentration0 = self.concentration0.expand(batch_shape)
        return super().expand(batch_shape, _instance=new)

    @property
    def mean(self) -> Any:
        return _moments(self.concentration1, self.concentration0, 1)

    @property
    def mode(self) -> Any:
        log_mode = (
            self.concentration0.reciprocal() * (-self.concentration0).log1p()
            - (-self.concentration0 * self.concentration1).log1p()
        )
        undefined = (self.concentration0 < 1) | (self.concentration1 < 1)
        return torch.where(undefined, math.nan, log_mode).exp()

    @property
    def variance(self) -> Any:
        return _moments(self.concentration1, self.concentration0, 2) - torch.pow(self.mean, 2)

    def entropy(self) -> Any:
        t1 = 1 - self.concentration1.reciprocal()
        t0 = 1 - self.concentration0.reciprocal()
        h0 = torch.digamma(self.concentration0 + 1) + euler_constant
        return t0 + t1 * h0 - torch.log(self.concentration1) - torch.log(self.concentration0)
