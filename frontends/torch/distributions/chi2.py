"""torch.distributions.Chi2."""

from __future__ import annotations

from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.gamma import Gamma

__all__ = ["Chi2"]


class Chi2(Gamma):
    """Chi2(df) = Gamma(df / 2, 1 / 2) (samples in distribution only, as Gamma's)."""

    arg_constraints: ClassVar[dict[str, Any]] = {"df": constraints.positive}

    def __init__(self, df: Any, validate_args: bool | None = None) -> None:
        super().__init__(0.5 * df, 0.5, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> Chi2:
        new = self._get_checked_instance(Chi2, _instance)
        return super().expand(torch.Size(batch_shape), new)

    @property
    def df(self) -> Any:
        return self.concentration * 2
