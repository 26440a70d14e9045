"""torch.distributions.Geometric."""

from __future__ import annotations

from numbers import Number
from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.bernoulli import _probs_or_logits
from frontends.torch.distributions.distribution import Distribution
from frontends.torch.distributions.utils import (
    broadcast_all,
    lazy_property,
    logits_to_probs,
    probs_to_logits,
)

__all__ = ["Geometric"]


class Geometric(Distribution):
    """Geometric(probs=... | logits=...): failures before the first success; ``sample``
    inverts a ``uniform_(tiny, 1)`` draw, as torch does."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "probs": constraints.unit_interval,
        "logits": constraints.real,
    }
    support = constraints.nonnegative_integer

    def __init__(
        self, probs: Any = None, logits: Any = None, validate_args: bool | None = None
    ) -> None:
        _probs_or_logits(probs, logits)
        if probs is not None:
            (self.probs,) = broadcast_all(probs)
        else:
            (self.logits,) = broadcast_all(logits)
        given = probs if probs is not None else logits
        batch_shape = (
            torch.Size()
            if isinstance(given, Number)
            else (self.probs if probs is not None else self.logits).size()
        )
        super().__init__(batch_shape, validate_args=validate_args)
        if self._validate_args and probs is not None:
            value = self.probs
            valid = value > 0
            if not bool(valid.all()):
                raise ValueError(
                    f"Expected parameter probs ({type(value).__name__} of shape "
                    f"{tuple(value.shape)}) of distribution {self!r} to be positive but "
                    f"found invalid values:\n{value.detach()[~valid]}"
                )

    def expand(self, batch_shape: Any, _instance: Any = None) -> Geometric:
        new = self._get_checked_instance(Geometric, _instance)
        batch_shape = torch.Size(batch_shape)
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(batch_shape)
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(batch_shape)
        super(Geometric, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def mean(self) -> Any:
        return 1.0 / self.probs - 1.0

    @property
    def mode(self) -> Any:
        return torch.zeros_like(self.probs)

    @property
    def variance(self) -> Any:
        return (1.0 / self.probs - 1.0) / self.probs

    @lazy_property
    def logits(self) -> Any:
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self) -> Any:
        return logits_to_probs(self.logits, is_binary=True)

    def sample(self, sample_shape: Any = ()) -> Any:
        shape = self._extended_shape(sample_shape)
        tiny = torch.finfo(self.probs.dtype).tiny
        with torch.no_grad():
            u = self.probs.new(shape).uniform_(tiny, 1)
            return (u.log() / (-self.probs).log1p()).floor()

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        value, probs = broadcast_all(value, self.probs)
        probs = torch.where((probs == 1) & (value == 0), torch.zeros_like(probs), probs)
        return value * (-probs).log1p() + self.probs.log()

    def entropy(self) -> Any:
        return (
            torch.nn.functional.binary_cross_entropy_with_logits(
                self.logits, self.probs, reduction="none"
            )
            / self.probs
        )
