"""torch.distributions.RelaxedOneHotCategorical (Gumbel-softmax / Concrete)."""

from __future__ import annotations

from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.categorical import Categorical
from frontends.torch.distributions.distribution import Distribution
from frontends.torch.distributions.transformed_distribution import TransformedDistribution
from frontends.torch.distributions.transforms import ExpTransform
from frontends.torch.distributions.utils import broadcast_all, clamp_probs

__all__ = ["ExpRelaxedCategorical", "RelaxedOneHotCategorical"]


class ExpRelaxedCategorical(Distribution):
    """The log of a RelaxedOneHotCategorical; ``rsample`` adds Gumbel noise from
    ``torch.rand`` to the logits, as torch's."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "probs": constraints.simplex,
        "logits": constraints.real_vector,
    }
    support = constraints.real_vector
    has_rsample = True

    def __init__(
        self,
        temperature: Any,
        probs: Any = None,
        logits: Any = None,
        validate_args: bool | None = None,
    ) -> None:
        self._categorical = Categorical(probs, logits)
        self.temperature = temperature
        batch_shape = self._categorical.batch_shape
        event_shape = self._categorical.param_shape[-1:]
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> ExpRelaxedCategorical:
        new = self._get_checked_instance(ExpRelaxedCategorical, _instance)
        batch_shape = torch.Size(batch_shape)
        new.temperature = self.temperature
        new._categorical = self._categorical.expand(batch_shape)
        super(ExpRelaxedCategorical, new).__init__(
            batch_shape, self.event_shape, validate_args=False
        )
        new._validate_args = self._validate_args
        return new

    def _new(self, *args: Any, **kwargs: Any) -> Any:
        return self._categorical._new(*args, **kwargs)

    @property
    def param_shape(self) -> Any:
        return self._categorical.param_shape

    @property
    def logits(self) -> Any:
        return self._categorical.logits

    @property
    def probs(self) -> Any:
        return self._categorical.probs

    def rsample(self, sample_shape: Any = ()) -> Any:
        shape = self._extended_shape(sample_shape)
        uniforms = clamp_probs(torch.rand(shape, dtype=self.logits.dtype))
        gumbels = -((-(uniforms.log())).log())
        scores = (self.logits + gumbels) / self.temperature
        return scores - scores.logsumexp(dim=-1, keepdim=True)

    def log_prob(self, value: Any) -> Any:
        k = self._categorical._num_events
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        log_scale = torch.full_like(self.temperature, float(k)).lgamma() - (
            self.temperature.log().mul(-(k - 1))
        )
        score = logits - value.mul(self.temperature)
        score = (score - score.logsumexp(dim=-1, keepdim=True)).sum(-1)
        return score + log_scale


class RelaxedOneHotCategorical(TransformedDistribution):
    """exp of an ExpRelaxedCategorical: a reparameterizable relaxation of one-hot samples."""

    arg_constraints: ClassVar[dict[str, Any]] = {
        "probs": constraints.simplex,
        "logits": constraints.real_vector,
    }
    support = constraints.simplex
    has_rsample = True

    def __init__(
        self,
        temperature: Any,
        probs: Any = None,
        logits: Any = None,
        validate_args: bool | None = None,
    ) -> None:
        base_dist = ExpRelaxedCategorical(temperature, probs, logits, validate_args=validate_args)
        super().__init__(base_dist, ExpTransform(), validate_args=validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> RelaxedOneHotCategorical:
        new = self._get_checked_instance(RelaxedOneHotCategorical, _instance)
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
