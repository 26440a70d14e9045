"""torch.distributions.VonMises."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.distribution import Distribution
from frontends.torch.distributions.utils import broadcast_all, lazy_property

__all__ = ["VonMises"]

# Abramowitz & Stegun 9.8.1-9.8.4: polynomial approximations of I0 and I1 (as torch uses)
_I0_SMALL = [1.0, 3.5156229, 3.0899424, 1.2067492, 0.2659732, 0.360768e-1, 0.45813e-2]
_I0_LARGE = [0.39894228, 0.1328592e-1, 0.225319e-2, -0.157565e-2, 0.916281e-2,
             -0.2057706e-1, 0.2635537e-1, -0.1647633e-1, 0.392377e-2]  # fmt: skip
_I1_SMALL = [0.5, 0.87890594, 0.51498869, 0.15084934, 0.2658733e-1, 0.301532e-2, 0.32411e-3]
_I1_LARGE = [0.39894228, -0.3988024e-1, -0.362018e-2, 0.163801e-2, -0.1031555e-1,
             0.2282967e-1, -0.2895312e-1, 0.1787654e-1, -0.420059e-2]  # fmt: skip


def _eval_poly(y: Any, coefficients: list[float]) -> Any:
    result = coefficients[-1]
    for c in reversed(coefficients[:-1]):
        result = c + y * result
    return result


def _log_modified_bessel_fn(x: Any, order: int = 0) -> Any:
    """log I0(x) or log I1(x) for x > 0, by the polynomial approximations."""
    if order not in (0, 1):
        raise AssertionError(f"order must be 0 or 1, got {order}")
    small_coefficients, large_coefficients = (
        (_I0_SMALL, _I0_LARGE) if order == 0 else (_I1_SMALL, _I1_LARGE)
    )
    y = x / 3.75
    small = _eval_poly(y * y, small_coefficients)
    if order == 1:
        small = x.abs() * small
    small = small.log()
    large = x - 0.5 * x.log() + _eval_poly(3.75 / x, large_coefficients).log()
    return torch.where(x < 3.75, small, large)


def _rejection_sample(loc: Any, concentration: Any, proposal_r: Any, x: Any) -> Any:
    """Best & Fisher's rejection sampler, drawing ``torch.rand((3,) + shape)`` per round as
    torch does (one host check per round: the number of rounds is random)."""
    done = torch.zeros(x.shape, dtype=torch.bool)
    while not bool(done.all()):
        u1, u2, u3 = torch.rand((3,) + tuple(x.shape), dtype=loc.dtype).unbind()
        z = torch.cos(math.pi * u1)
        f = (1 + proposal_r * z) / (proposal_r + z)
        c = concentration * (proposal_r - f)
        accept = ((c * (2 - c) - u2) > 0) | ((c / u2).log() + 1 - c >= 0)
        if bool(accept.any()):
            x = torch.where(accept, (u3 - 0.5).sign() * f.acos(), x)
            done = done | accept
    return (x + math.pi + loc) % (2 * math.pi) - math.pi


class VonMises(Distribution):
    """VonMises(loc, concentration), a circular distribution on [-pi, pi)."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "loc": constraints.real,
        "concentration": constraints.positive,
    }
    support = constraints.real
    has_rsample = False

    def __init__(self, loc: Any, concentration: Any, validate_args: bool | None = None) -> None:
        self.loc, self.concentration = broadcast_all(loc, concentration)
        super().__init__(self.loc.shape, torch.Size(), validate_args)

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        log_prob = self.concentration * torch.cos(value - self.loc)
        return (
            log_prob - math.log(2 * math.pi) - _log_modified_bessel_fn(self.concentration, order=0)
        )

    @lazy_property
    def _loc(self) -> Any:
        return self.loc.to(torch.double)

    @lazy_property
    def _concentration(self) -> Any:
        return self.concentration.to(torch.double)

    @lazy_property
    def _proposal_r(self) -> Any:
        kappa = self._concentration
        tau = 1 + (1 + 4 * kappa**2).sqrt()
        rho = (tau - (2 * tau).sqrt()) / (2 * kappa)
        return torch.where(kappa < 1e-5, 1 / kappa + kappa, (1 + rho**2) / (2 * rho))

    def sample(self, sample_shape: Any = ()) -> Any:
        with torch.no_grad():
            shape = self._extended_shape(sample_shape)
            x = torch.zeros(shape, dtype=self._loc.dtype)
            samples = _rejection_sample(self._loc, self._concentration, self._proposal_r, x)
            return samples.to(self.loc.dtype)

    def expand(self, batch_shape: Any, _instance: Any = None) -> VonMises:
        validate_args = self.__dict__.get("_validate_args")
        loc = self.loc.expand(batch_shape)
        concentration = self.concentration.expand(batch_shape)
        return type(self)(loc, concentration, validate_args=validate_args)

    @property
    def mean(self) -> Any:
        return self.loc

    @property
    def mode(self) -> Any:
        return self.loc

    @lazy_property
    def variance(self) -> Any:  # type: ignore[override]
        log_ratio = _log_modified_bessel_fn(self.concentration, order=1) - _log_modified_bessel_fn(
            self.concentration, order=0
        )
        return 1 - log_ratio.exp()
