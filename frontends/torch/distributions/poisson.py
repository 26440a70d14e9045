"""torch.distributions.Poisson."""

from __future__ import annotations

from numbers import Number
from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.exp_family import ExponentialFamily
from frontends.torch.distributions.utils import broadcast_all

__all__ = ["Poisson"]


class Poisson(ExponentialFamily):
    """Poisson(rate). ``sample`` is ``torch.poisson(rate)``, which in this frontend runs
    numpy's Poisson sampler on the host (torch's C++ sampler is not reproduced): samples
    match torch in distribution, not bit for bit."""

    arg_constraints: ClassVar[dict[str, Any]] = {"rate": constraints.nonnegative}
    support = constraints.nonnegative_integer

    @property
    def mean(self) -> Any:
        return self.rate

    @property
    def mode(self) -> Any:
        return self.rate.floor()

    @property
    def variance(self) -> Any:
        return self.rate

    def __init__(self, rate: Any, validate_args: bool | None = None) -> None:
        (self.rate,) = broadcast_all(rate)
        batch_shape = torch.Size() if isinstance(rate, Number) else self.rate.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> Poisson:
        new = self._get_checked_instance(Poisson, _instance)
        batch_shape = torch.Size(batch_shape)
        new.rate = self.rate.expand(batch_shape)
        super(Poisson, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def sample(self, sample_shape: Any = ()) -> Any:
        shape = self._extended_shape(sample_shape)
        with torch.no_grad():
            return torch.poisson(self.rate.expand(shape))

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        rate, value = broadcast_all(self.rate, value)
        return value.xlogy(rate) - rate - (value + 1).lgamma()

    @property
    def _natural_params(self) -> tuple[Any]:
        return (torch.log(self.rate),)

    def _log_normalizer(self, x: Any) -> Any:
        return torch.exp(x)
