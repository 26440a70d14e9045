"""torch.distributions.LogisticNormal."""

from __future__ import annotations

from typing import Any, ClassVar

from frontends.torch.distributions import constraints
from frontends.torch.distributions.normal import Normal
from frontends.torch.distributions.transformed_distribution import TransformedDistribution
from frontends.torch.distributions.transforms import StickBreakingTransform

__all__ = ["LogisticNormal"]


class LogisticNormal(TransformedDistribution):
    """A Normal over K-1 logits mapped to the K-simplex by stick breaking."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "loc": constraints.real,
        "scale": constraints.positive,
    }
    support = constraints.simplex
    has_rsample = True

    def __init__(self, loc: Any, scale: Any, validate_args: bool | None = None) -> None:
        base_dist = Normal(loc, scale, validate_args=validate_args)
        if not base_dist.batch_shape:
            base_dist = base_dist.expand([1])
        super().__init__(base_dist, StickBreakingTransform(), validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> LogisticNormal:
        new = self._get_checked_instance(LogisticNormal, _instance)
        return super().expand(batch_shape, _instance=new)

    @property
    def loc(self) -> Any:
        return self.base_dist.base_dist.loc

    @property
    def scale(self) -> Any:
        return self.base_dist.base_dist.scale
