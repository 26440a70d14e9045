"""torch.distributions.OneHotCategorical."""

from __future__ import annotations

from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.categorical import Categorical
from frontends.torch.distributions.distribution import Distribution

__all__ = ["OneHotCategorical", "OneHotCategoricalStraightThrough"]


class OneHotCategorical(Distribution):
    """A Categorical whose samples are one-hot vectors (sampled through the Categorical)."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "probs": constraints.simplex,
        "logits": constraints.independent(constraints.real, 1),
    }
    support = constraints.one_hot
    has_enumerate_support = True

    def __init__(
        self, probs: Any = None, logits: Any = None, validate_args: bool | None = None
    ) -> None:
        self._categorical = Categorical(probs, logits)
        batch_shape = self._categorical.batch_shape
        event_shape = self._categorical.param_shape[-1:]
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> OneHotCategorical:
        new = self._get_checked_instance(OneHotCategorical, _instance)
        batch_shape = torch.Size(batch_shape)
        new._categorical = self._categorical.expand(batch_shape)
        super(OneHotCategorical, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _new(self, *args: Any, **kwargs: Any) -> Any:
        return self._categorical._new(*args, **kwargs)

    @property
    def _param(self) -> Any:
        return self._categorical._param

    @property
    def probs(self) -> Any:
        return self._categorical.probs

    @property
    def logits(self) -> Any:
        return self._categorical.logits

    @property
    def mean(self) -> Any:
        return self._categorical.probs

    @property
    def mode(self) -> Any:
        probs = self._categorical.probs
        mode = probs.argmax(dim=-1)
        return torch.nn.functional.one_hot(mode, num_classes=probs.shape[-1]).to(probs)

    @property
    def variance(self) -> Any:
        return self._categorical.probs * (1 - self._categorical.probs)

    @property
    def param_shape(self) -> Any:
        return self._categorical.param_shape

    def sample(self, sample_shape: Any = ()) -> Any:
        sample_shape = torch.Size(sample_shape)
        probs = self._categorical.probs
        indices = self._categorical.sample(sample_shape)
        return torch.nn.functional.one_hot(indices, self._categorical._num_events).to(probs)

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        indices = value.max(-1)[1]
        return self._categorical.log_prob(indices)

    def entropy(self) -> Any:
        return self._categorical.entropy()

    def enumerate_support(self, expand: bool = True) -> Any:
        n = self.event_shape[0]
        values = torch.eye(n, dtype=self._param.dtype)
        values = values.view((n,) + (1,) * len(self.batch_shape) + (n,))
        if expand:
            values = values.expand((n,) + tuple(self.batch_shape) + (n,))
        return values


class OneHotCategoricalStraightThrough(OneHotCategorical):
    """OneHotCategorical whose ``rsample`` passes gradients to ``probs`` by the
    straight-through estimator."""

    has_rsample = True

    def rsample(self, sample_shape: Any = ()) -> Any:
        samples = self.sample(sample_shape)
        probs = self._categorical.probs
        return samples + (probs - probs.detach())
