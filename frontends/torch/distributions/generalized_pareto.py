"""torch.distributions.GeneralizedPareto."""

from __future__ import annotations

import math
from numbers import Number, Real
from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.distribution import Distribution
from frontends.torch.distributions.utils import broadcast_all

__all__ = ["GeneralizedPareto"]


class GeneralizedPareto(Distribution):
    """GeneralizedPareto(loc, scale, concentration); ``rsample`` is ``icdf(torch.rand)``."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "loc": constraints.real,
        "scale": constraints.positive,
        "concentration": constraints.real,
    }
    has_rsample = True

    def __init__(
        self, loc: Any, scale: Any, concentration: Any, validate_args: bool | None = None
    ) -> None:
        self.loc, self.scale, self.concentration = broadcast_all(loc, scale, concentration)
        if all(isinstance(v, Number) for v in (loc, scale, concentration)):
            batch_shape = torch.Size()
        else:
            batch_shape = self.loc.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> GeneralizedPareto:
        new = self._get_checked_instance(GeneralizedPareto, _instance)
        batch_shape = torch.Size(batch_shape)
        new.loc = self.loc.expand(batch_shape)
        new.scale = self.scale.expand(batch_shape)
        new.concentration = self.concentration.expand(batch_shape)
        super(GeneralizedPareto, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def rsample(self, sample_shape: Any = ()) -> Any:
        u = torch.rand(self._extended_shape(sample_shape), dtype=self.loc.dtype)
        return self.icdf(u)

    def _safe_concentration(self) -> tuple[Any, Any]:
        """(concentration == 0 within isclose, concentration with those set to 1)."""
        eq_zero = torch.isclose(self.concentration, torch.zeros_like(self.concentration))
        return eq_zero, torch.where(
            eq_zero, torch.ones_like(self.concentration), self.concentration
        )

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        z = self._z(value)
        eq_zero, safe = self._safe_concentration()
        y = 1 / safe + torch.ones_like(z)
        nonzero = torch.where(y == 0, y, y * torch.log1p(safe * z))
        log_scale = math.log(self.scale) if isinstance(self.scale, Real) else self.scale.log()
        return -log_scale - torch.where(eq_zero, z, nonzero)

    def log_survival_function(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        z = self._z(value)
        eq_zero, safe = self._safe_concentration()
        return torch.where(eq_zero, -z, -torch.log1p(safe * z) / safe)

    def log_cdf(self, value: Any) -> Any:
        return torch.log1p(-torch.exp(self.log_survival_function(value)))

    def cdf(self, value: Any) -> Any:
        return torch.exp(self.log_cdf(value))

    def icdf(self, value: Any) -> Any:
        eq_zero, safe = self._safe_concentration()
        logu = torch.log1p(-value)
        nonzero = self.loc + self.scale / safe * torch.expm1(-safe * logu)
        return torch.where(eq_zero, self.loc - self.scale * logu, nonzero)

    def _z(self, x: Any) -> Any:
        return (x - self.loc) / self.scale

    @property
    def mean(self) -> Any:
        valid = self.concentration < 1
        safe = torch.where(valid, self.concentration, 0.5)
        return torch.where(valid, self.loc + self.scale / (1 - safe), math.nan)

    @property
    def variance(self) -> Any:
        valid = self.concentration < 0.5
        safe = torch.where(valid, self.concentration, 0.25)
        result = self.scale**2 / ((1 - safe) ** 2 * (1 - 2 * safe))
        return torch.where(valid, result, math.nan)

    def entropy(self) -> Any:
        result = torch.log(self.scale) + self.concentration + 1
        return torch.broadcast_to(result, self._batch_shape)

    @property
    def mode(self) -> Any:
        return self.loc

    @constraints.dependent_property(is_discrete=False, event_dim=0)
    def support(self) -> Any:
        lower = self.loc
        upper = torch.where(
            self.concentration < 0, lower - self.scale / self.concentration, math.inf
        )
        return constraints.interval(lower, upper)
