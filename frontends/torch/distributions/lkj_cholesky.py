"""torch.distributions.LKJCholesky."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from frontends import torch
from frontends.torch.distributions import constraints
from frontends.torch.distributions.beta import Beta
from frontends.torch.distributions.distribution import Distribution
from frontends.torch.distributions.utils import broadcast_all

__all__ = ["LKJCholesky"]


class LKJCholesky(Distribution):
    """LKJ distribution over Cholesky factors of correlation matrices, sampled by the onion
    method as torch's (its Beta draws match torch in distribution only)."""

    arg_constraints: ClassVar[dict[str, Any]] = {"concentration": constraints.positive}
    support = constraints.corr_cholesky

    def __init__(
        self, dim: int, concentration: Any = 1.0, validate_args: bool | None = None
    ) -> None:
        if dim < 2:
            raise ValueError(
                f"Expected dim to be an integer greater than or equal to 2. Found dim={dim}."
            )
        self.dim = dim
        (self.concentration,) = broadcast_all(concentration)
        marginal = self.concentration + 0.5 * (self.dim - 2)
        offset = torch.arange(self.dim - 1, dtype=self.concentration.dtype)
        offset = torch.cat([offset.new_zeros((1,)), offset])
        self._beta = Beta(offset + 0.5, marginal.unsqueeze(-1) - 0.5 * offset)
        super().__init__(self.concentration.size(), torch.Size((dim, dim)), validate_args)

    def expand(self, batch_shape: Any, _instance: Any = None) -> LKJCholesky:
        new = self._get_checked_instance(LKJCholesky, _instance)
        batch_shape = torch.Size(batch_shape)
        new.dim = self.dim
        new.concentration = self.concentration.expand(batch_shape)
        new._beta = self._beta.expand(batch_shape + (self.dim,))
        super(LKJCholesky, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def sample(self, sample_shape: Any = ()) -> Any:
        y = self._beta.sample(sample_shape).unsqueeze(-1)
        u_normal = torch.randn(self._extended_shape(sample_shape), dtype=y.dtype).tril(-1)
        first_row = (torch.arange(self.dim) == 0).unsqueeze(-1)
        u_hypersphere = torch.where(first_row, 0.0, u_normal / u_normal.norm(dim=-1, keepdim=True))
        w = torch.sqrt(y) * u_hypersphere
        tiny = torch.finfo(w.dtype).tiny
        diagonal = torch.clamp(1 - torch.sum(w**2, dim=-1), min=tiny).sqrt()
        return w + torch.diag_embed(diagonal)

    def log_prob(self, value: Any) -> Any:
        if self._validate_args:
            self._validate_sample(value)
        diagonal = value.diagonal(dim1=-1, dim2=-2)[..., 1:]
        order = torch.arange(2, self.dim + 1)
        order = 2 * (self.concentration - 1).unsqueeze(-1) + self.dim - order
        unnormalized = torch.sum(order * diagonal.log(), dim=-1)
        dm1 = self.dim - 1
        alpha = self.concentration + 0.5 * dm1
        denominator = torch.lgamma(alpha) * dm1
        numerator = torch.mvlgamma(alpha - 0.5, dm1)
        return unnormalized - (0.5 * dm1 * math.log(math.pi) + numerator - denominator)
