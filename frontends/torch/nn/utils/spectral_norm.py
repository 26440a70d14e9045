"""torch.nn.utils.spectral_norm / remove_spectral_norm: the hook-based spectral
normalisation, ``weight = weight_orig / sigma`` with sigma from power iteration on the
``weight_u``/``weight_v`` buffers (updated in place in training mode).

The initial u/v are drawn from the frontend's generator, which does not reproduce torch's
random stream: same distribution, other values for a seed.
"""

from __future__ import annotations

import sys
from typing import Any

from frontends.torch._tensor import Tensor
from frontends.torch.nn.parameter import Parameter

__all__ = ["SpectralNorm", "remove_spectral_norm", "spectral_norm"]


def _torch() -> Any:
    return sys.modules["frontends.torch"]


class SpectralNorm:
    """The forward pre-hook recomputing ``module.<name>`` from ``<name>_orig``."""

    def __init__(
        self, name: str = "weight", n_power_iterations: int = 1, dim: int = 0, eps: float = 1e-12
    ) -> None:
        if n_power_iterations <= 0:
            raise ValueError(
                "Expected n_power_iterations to be positive, but got "
                f"n_power_iterations={n_power_iterations}"
            )
        self.name, self.dim, self.eps = name, dim, eps
        self.n_power_iterations = n_power_iterations

    def reshape_weight_to_matrix(self, weight: Tensor) -> Tensor:
        if self.dim != 0:
            order = [self.dim, *(d for d in range(weight.dim()) if d != self.dim)]
            weight = weight.permute(*order)
        return weight.reshape(weight.shape[0], -1)

    def compute_weight(self, module: Any, do_power_iteration: bool) -> Tensor:
        torch = _torch()
        normalize = torch.nn.functional.normalize
        weight = getattr(module, self.name + "_orig")
        u = getattr(module, self.name + "_u")
        v = getattr(module, self.name + "_v")
        matrix = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            with torch.no_grad():
                for _ in range(self.n_power_iterations):
                    v.copy_(normalize(torch.mv(matrix.t(), u), dim=0, eps=self.eps))
                    u.copy_(normalize(torch.mv(matrix, v), dim=0, eps=self.eps))
                u = u.clone()
                v = v.clone()
        sigma = torch.dot(u, torch.mv(matrix, v))
        return weight / sigma

    def remove(self, module: Any) -> None:
        torch = _torch()
        with torch.no_grad():
            weight = self.compute_weight(module, do_power_iteration=False)
        delattr(module, self.name)
        delattr(module, self.name + "_u")
        delattr(module, self.name + "_v")
        delattr(module, self.name + "_orig")
        module.register_parameter(self.name, Parameter(weight.detach()))

    def __call__(self, module: Any, inputs: Any) -> None:
        setattr(module, self.name, self.compute_weight(module, module.training))

    @staticmethod
    def apply(
        module: Any, name: str, n_power_iterations: int, dim: int, eps: float
    ) -> SpectralNorm:
        torch = _torch()
        for hook in module._forward_pre_hooks.values():
            if isinstance(hook, SpectralNorm) and hook.name == name:
                raise RuntimeError(
                    f"Cannot register two spectral_norm hooks on the same parameter {name}"
                )
        fn = SpectralNorm(name, n_power_iterations, dim, eps)
        weight = module._parameters[name]
        with torch.no_grad():
            matrix = fn.reshape_weight_to_matrix(weight)
            h, w = matrix.shape
            normalize = torch.nn.functional.normalize
            u = normalize(torch.empty(h, dtype=weight.dtype).normal_(0, 1), dim=0, eps=eps)
            v = normalize(torch.empty(w, dtype=weight.dtype).normal_(0, 1), dim=0, eps=eps)
        delattr(module, name)
        module.register_parameter(name + "_orig", weight)
        setattr(module, name, weight.data)
        module.register_buffer(name + "_u", u)
        module.register_buffer(name + "_v", v)
        module.register_forward_pre_hook(fn)
        return fn


def spectral_norm(
    module: Any,
    name: str = "weight",
    n_power_iterations: int = 1,
    eps: float = 1e-12,
    dim: int | None = None,
) -> Any:
    """Divides ``module.<name>`` by its spectral norm, estimated by power iteration."""
    if dim is None:
        transposed = type(module).__name__.startswith("ConvTranspose")
        dim = 1 if transposed else 0
    SpectralNorm.apply(module, name, n_power_iterations, dim, eps)
    return module


def remove_spectral_norm(module: Any, name: str = "weight") -> Any:
    """Folds the spectral norm of ``module.<name>`` back into one parameter."""
    for key, hook in list(module._forward_pre_hooks.items()):
        if isinstance(hook, SpectralNorm) and hook.name == name:
            hook.remove(module)
            del module._forward_pre_hooks[key]
            return module
    raise ValueError(f"spectral_norm of '{name}' not found in {module}")
