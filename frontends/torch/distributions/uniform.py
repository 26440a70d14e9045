"""torch.distributions.Uniform."""

from __future__ import annotations

from numbers import Number
from typing import Any

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.distribution import Distribution
from frontends.torch.distributions.utils import broadcast_all

__all__ = ["Uniform"]


class Uniform(Distribution):
    """Uniform(low, high) on ``[low, high)``; ``rsample`` is ``low + rand * (high - low)``."""

    has_rsample = True

    @property
    def arg_constraints(self) -> dict[str, constraints.Constraint]:
        return {
            "low": constraints.less_than(self.high),
            "high": constraints.greater_than(self.low),
        }

    @property
    def mean(self) -> Any:
        return (self.high + self.low) / 2

    @property
    def mode(self) -> Any:
        return float("nan") * self.high

    @property
    def stddev(self) -> Any:
        return (self.high - self.low) / 12**0.5

    @property
    def variance(self) -> Any:
        return (self.high - self.low).pow(2) / 12

    def __init__(self, low: Any, high: Any, validate_args: bool | None = None) -> None:
        self.low, self.high = broadcast_all(low, high)
        if isinstance(low, Number) and isinstance(high, Number):
            batch_shape = torch.Size()
        else:
            batch_shape = self.low.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> Uniform:
        new = self._get_checked_instance(Uniform, _instance)
        batch_shape = torch.Size(batch_shape)
        new.low = self.low.expand(batch_shape)
        new.high = self.high.expand(batch_shape)
        super(Uniform, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @constraints.dependent_property(is_discrete=False, event_dim=0)
    def support(self) -> Any:
        return constraints.interval(self.low, self.high)

    def rsample(self, sample_shape: Any = ()) -> Any:
        shape = self._extended_shape(sample_shape)
        rand = torch.rand(shape, dtype=self.low.dtype)
        return self.low + rand * (self.high - self.low)

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        lower = self.low.le(value).type_as(self.low)
        upper = self.high.gt(value).type_as(self.low)
        return torch.log(lower.mul(upper)) - torch.log(self.high - self.low)

    def cdf(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        return ((value - self.low) / (self.high - self.low)).clamp(min=0, max=1)

    def icdf(self, value: Any) -> Any:
        return value * (self.high - self.low) + self.low

    def entropy(self) -> Any:
        return torch.log(self.high - self.low)
