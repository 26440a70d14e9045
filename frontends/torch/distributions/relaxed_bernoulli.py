"""torch.distributions.RelaxedBernoulli and LogitRelaxedBernoulli (binary Concrete)."""

from __future__ import annotations

from numbers import Number
from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.bernoulli import _probs_or_logits
from frontends.torch.distributions.distribution import Distribution
from frontends.torch.distributions.transformed_distribution import TransformedDistribution
from frontends.torch.distributions.transforms import SigmoidTransform
from frontends.torch.distributions.utils import (
    broadcast_all,
    clamp_probs,
    lazy_property,
    logits_to_probs,
    probs_to_logits,
)

__all__ = ["LogitRelaxedBernoulli", "RelaxedBernoulli"]


class LogitRelaxedBernoulli(Distribution):
    """The logit of a RelaxedBernoulli; ``rsample`` is logistic noise from ``torch.rand``
    added to the logits, over the temperature, as torch's."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "probs": constraints.unit_interval,
        "logits": constraints.real,
    }
    support = constraints.real

    def __init__(
        self,
        temperature: Any,
        probs: Any = None,
        logits: Any = None,
        validate_args: bool | None = None,
    ) -> None:
        self.temperature = temperature
        _probs_or_logits(probs, logits)
        if probs is not None:
            is_scalar = isinstance(probs, Number)
            (self.probs,) = broadcast_all(probs)
        else:
            is_scalar = isinstance(logits, Number)
            (self.logits,) = broadcast_all(logits)
        self._param = self.probs if probs is not None else self.logits
        batch_shape = torch.Size() if is_scalar else self._param.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> LogitRelaxedBernoulli:
        new = self._get_checked_instance(LogitRelaxedBernoulli, _instance)
        batch_shape = torch.Size(batch_shape)
        new.temperature = self.temperature
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(batch_shape)
            new._param = new.probs
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(batch_shape)
            new._param = new.logits
        super(LogitRelaxedBernoulli, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _new(self, *args: Any, **kwargs: Any) -> Any:
        return self._param.new(*args, **kwargs)

    @lazy_property
    def logits(self) -> Any:
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self) -> Any:
        return logits_to_probs(self.logits, is_binary=True)

    @property
    def param_shape(self) -> Any:
        return self._param.size()

    def rsample(self, sample_shape: Any = ()) -> Any:
        shape = self._extended_shape(sample_shape)
        probs = clamp_probs(self.probs.expand(shape))
        uniforms = clamp_probs(torch.rand(shape, dtype=probs.dtype))
        logistic = uniforms.log() - (-uniforms).log1p()
        return (logistic + probs.log() - (-probs).log1p()) / self.temperature

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        diff = logits - value.mul(self.temperature)
        return self.temperature.log() + diff - 2 * diff.exp().log1p()


class RelaxedBernoulli(TransformedDistribution):
    """sigmoid of a LogitRelaxedBernoulli: a reparameterizable relaxation of Bernoulli."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "probs": constraints.unit_interval,
        "logits": constraints.real,
    }
    support = constraints.unit_interval
    has_rsample = True

    def __init__(
        self,
        temperature: Any,
        probs: Any = None,
        logits: Any = None,
        validate_args: bool | None = None,
    ) -> None:
        base_dist = LogitRelaxedBernoulli(temperature, probs, logits)
        super().__init__(base_dist, SigmoidTransform(), validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> RelaxedBernoulli:
        new = self._get_checked_instance(RelaxedBernoulli, _instance)
        return super().expand(batch_shape, _instance=new)

    @property
    def temperature(self) -> Any:
        return self.base_dist.temperature

    @property
    def logits(self) -> Any:
        return self.base_dist.logits

    @property
    def probs(self) -> Any:
        return self.base_dist.probs
