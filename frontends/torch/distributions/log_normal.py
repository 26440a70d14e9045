"""torch.distributions.LogNormal."""

from __future__ import annotations

from typing import Any, ClassVar

from frontends.torch.distributions import constraints
from frontends.torch.distributions.normal import Normal
from frontends.torch.distributions.transformed_distribution import TransformedDistribution
from frontends.torch.distributions.transforms import ExpTransform

__all__ = ["LogNormal"]


class LogNormal(TransformedDistribution):
    """exp of a Normal(loc, scale)."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "loc": constraints.real,
        "scale": constraints.positive,
    }
    support = constraints.positive
    has_rsample = True

    def __init__(self, loc: Any, scale: Any, validate_args: bool | None = None) -> None:
        base_dist = Normal(loc, scale, validate_args=validate_args)
        super().__init__(base_dist, ExpTransform(), validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> LogNormal:
        new = self._get_checked_instance(LogNormal, _instance)
        return super().expand(batch_shape, _instance=new)

    @property
    def loc(self) -> Any:
        return self.base_dist.loc

    @property
    def scale(self) -> Any:
        return self.base_dist.scale

    @property
    def mean(self) -> Any:
        return (self.loc + self.scale.pow(2) / 2).exp()

    @property
    def mode(self) -> Any:
        return (self.loc - self.scale.square()).exp()

    @property
    def variance(self) -> Any:
        scale_sq = self.scale.pow(2)
        return scale_sq.expm1() * (2 * self.loc + scale_sq).exp()

    def entropy(self) -> Any:
        return self.base_dist.entropy() + self.loc
