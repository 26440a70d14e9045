"""torch.nn normalization layers: LayerNorm, RMSNorm, GroupNorm."""

from __future__ import annotations

import numbers
from typing import Any

from frontends import torch
from frontends.torch._tensor import Tensor
from frontends.torch.nn import functional as F
from frontends.torch.nn import init
from frontends.torch.nn.modules.module import Module
from frontends.torch.nn.parameter import Parameter

__all__ = ["GroupNorm", "LayerNorm", "RMSNorm"]


def _shape(normalized_shape: Any) -> tuple[int, ...]:
    if isinstance(normalized_shape, numbers.Integral):
        return (int(normalized_shape),)
    return tuple(normalized_shape)


class LayerNorm(Module):
    """torch.nn.LayerNorm over the trailing ``normalized_shape`` dimensions."""

    def __init__(
        self,
        normalized_shape: Any,
        eps: float = 1e-5,
        elementwise_affine: bool = True,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        self.normalized_shape = _shape(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if self.elementwise_affine:
            self.weight = Parameter(torch.empty(self.normalized_shape, dtype=dtype))
            if bias:
                self.bias = Parameter(torch.empty(self.normalized_shape, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        if self.elementwise_affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def forward(self, input: Tensor) -> Tensor:
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (
            "{normalized_shape}, eps={eps}, elementwise_affine={elementwise_affine}, "
            "bias={use_bias}".format(**self.__dict__, use_bias=self.bias is not None)
        )


class RMSNorm(Module):
    """torch.nn.RMSNorm (``eps=None`` uses the dtype's machine epsilon, as torch)."""

    def __init__(
        self,
        normalized_shape: Any,
        eps: float | None = None,
        elementwise_affine: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        self.normalized_shape = _shape(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if self.elementwise_affine:
            self.weight = Parameter(torch.empty(self.normalized_shape, dtype=dtype))
        else:
            self.register_parameter("weight", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        if self.elementwise_affine:
            init.ones_(self.weight)

    def forward(self, x: Tensor) -> Tensor:
        return F.rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self) -> str:
        return "{normalized_shape}, eps={eps}, elementwise_affine={elementwise_affine}".format(
            **self.__dict__
        )


class GroupNorm(Module):
    """torch.nn.GroupNorm: ``num_channels`` split into ``num_groups`` groups."""

    def __init__(
        self,
        num_groups: int,
        num_channels: int,
        eps: float = 1e-5,
        affine: bool = True,
        device: Any = None,
        dtype: Any = None,
        *,
        bias: bool = True,
    ) -> None:
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError(
                f"num_channels ({num_channels}) must be divisible by num_groups ({num_groups})"
            )
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        if self.affine:
            self.weight = Parameter(torch.empty(num_channels, dtype=dtype))
            if bias:
                self.bias = Parameter(torch.empty(num_channels, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def forward(self, input: Tensor) -> Tensor:
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return "{num_groups}, {num_channels}, eps={eps}, affine={affine}, bias={use_bias}".format(
            **self.__dict__, use_bias=self.bias is not None
        )


class LocalResponseNorm(Module):
    """Normalization over neighbouring channels (``F.local_response_norm``)."""

    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.0) -> None:
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def extra_repr(self) -> str:
        return f"{self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"

    def forward(self, input: Tensor) -> Tensor:
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k)


class CrossMapLRN2d(LocalResponseNorm):
    """The legacy Lua-torch LRN over the channels of 4-D inputs. Its running window is
    torch's own recurrence (add the channel ``(size - 1) // 2 + 1`` ahead, drop the one that
    far behind only past it), which differs from ``LocalResponseNorm``'s centred window;
    reproduced as is."""

    def forward(self, input: Tensor) -> Tensor:
        if input.dim() != 4:
            raise ValueError(f"CrossMapLRN2d: Expected input to be 4D, got {input.dim()}D instead.")
        channels = input.shape[1]
        square = input * input
        ahead = int((self.size - 1) / 2 + 1)
        current = square[:, : min(ahead, channels)].sum(1)
        scales = [current]
        for c in range(1, channels):
            if c < channels - ahead + 1:
                current = current + square[:, c + ahead - 1]
            if c > ahead:
                current = current - square[:, c - ahead]
            scales.append(current)
        scale = torch.stack(scales, 1) * (self.alpha / self.size) + self.k
        return scale.pow(-self.beta) * input


__all__ += ["CrossMapLRN2d", "LocalResponseNorm"]
