"""torch.distributions.ExponentialFamily: entropy and KL from the log normalizer."""

from __future__ import annotations

from typing import Any

from frontends import torch
from frontends.torch.distributions.distribution import Distribution

__all__ = ["ExponentialFamily"]


class ExponentialFamily(Distribution):
    """A distribution with density ``exp(<t(x), theta> - F(theta) + k(x))``; subclasses give
    ``_natural_params``, ``_log_normalizer`` and ``_mean_carrier_measure``."""

    @property
    def _natural_params(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def _log_normalizer(self, *natural_params: Any) -> Any:
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self) -> Any:
        raise NotImplementedError

    def entropy(self) -> Any:
        """Entropy from the Bregman divergence of the log normalizer (gradients through
        core.autodiff)."""
        result = -self._mean_carrier_measure
        natural = [p.detach().requires_grad_() for p in self._natural_params]
        log_normal = self._log_normalizer(*natural)
        gradients = torch.autograd.grad(log_normal.sum(), natural, create_graph=True)
        result = result + log_normal
        for parameter, gradient in zip(natural, gradients):
            result = result - parameter * gradient
        return result
