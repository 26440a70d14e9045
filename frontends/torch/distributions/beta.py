"""torch.distributions.Beta."""

from __future__ import annotations

from numbers import Number, Real
from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.dirichlet import Dirichlet
from frontends.torch.distributions.exp_family import ExponentialFamily
from frontends.torch.distributions.utils import broadcast_all

__all__ = ["Beta"]


class Beta(ExponentialFamily):
    """Beta(concentration1, concentration0), built on a two-category Dirichlet as torch's
    (samples match torch in distribution only; see ``dirichlet._sample_dirichlet``)."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "concentration1": constraints.positive,
        "concentration0": constraints.positive,
    }
    support = constraints.unit_interval
    has_rsample = True

    def __init__(
        self, concentration1: Any, concentration0: Any, validate_args: bool | None = None
    ) -> None:
        if isinstance(concentration1, Real) and isinstance(concentration0, Real):
            both = torch.tensor([float(concentration1), float(concentration0)])
        else:
            concentration1, concentration0 = broadcast_all(concentration1, concentration0)
            both = torch.stack([concentration1, concentration0], -1)
        self._dirichlet = Dirichlet(both, validate_args=validate_args)
        super().__init__(self._dirichlet._batch_shape, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> Beta:
        new = self._get_checked_instance(Beta, _instance)
        batch_shape = torch.Size(batch_shape)
        new._dirichlet = self._dirichlet.expand(batch_shape)
        super(Beta, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def mean(self) -> Any:
        return self.concentration1 / (self.concentration1 + self.concentration0)

    @property
    def mode(self) -> Any:
        return self._dirichlet.mode[..., 0]

    @property
    def variance(self) -> Any:
        total = self.concentration1 + self.concentration0
        return self.concentration1 * self.concentration0 / (total.pow(2) * (total + 1))

    def rsample(self, sample_shape: Any = ()) -> Any:
        return self._dirichlet.rsample(sample_shape).select(-1, 0)

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        heads_tails = torch.stack([value, 1.0 - value], -1)
        return self._dirichlet.log_prob(heads_tails)

    def entropy(self) -> Any:
        return self._dirichlet.entropy()

    @property
    def concentration1(self) -> Any:
        result = self._dirichlet.concentration[..., 0]
        return torch.tensor([result]) if isinstance(result, Number) else result

    @property
    def concentration0(self) -> Any:
        result = self._dirichlet.concentration[..., 1]
        return torch.tensor([result]) if isinstance(result, Number) else result

    @property
    def _natural_params(self) -> tuple[Any, Any]:
        return (self.concentration1, self.concentration0)

    def _log_normalizer(self, x: Any, y: Any) -> Any:
        return torch.lgamma(x) + torch.lgamma(y) - torch.lgamma(x + y)
