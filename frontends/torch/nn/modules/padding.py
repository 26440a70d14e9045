"""torch.nn padding layers: Zero/Constant/Reflection/Replication/CircularPad 1d, 2d, 3d,
each a fixed :func:`F.pad` of the last 1, 2 or 3 dimensions."""

from __future__ import annotations

from typing import Any

from frontends.torch._tensor import Tensor
from frontends.torch.nn import functional as F
from frontends.torch.nn.modules.conv import _ntuple
from frontends.torch.nn.modules.module import Module

__all__ = [
    "CircularPad1d", "CircularPad2d", "CircularPad3d",
    "ConstantPad1d", "ConstantPad2d", "ConstantPad3d",
    "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d",
    "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d",
    "ZeroPad1d", "ZeroPad2d", "ZeroPad3d",
]  # fmt: skip


class _PadNd(Module):
    """``padding`` (one int for every side, or (left, right, top, bottom, ...)) applied
    with F.pad's ``_mode`` to the last ``_n`` dimensions."""

    _n = 0
    _mode = ""

    def __init__(self, padding: Any) -> None:
        super().__init__()
        self.padding = _ntuple(2 * self._n, padding)

    def forward(self, input: Tensor) -> Tensor:
        return F.pad(input, self.padding, self._mode)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class _ConstantPadNd(_PadNd):
    def __init__(self, padding: Any, value: float) -> None:
        super().__init__(padding)
        self.value = value

    def forward(self, input: Tensor) -> Tensor:
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self) -> str:
        return f"padding={self.padding}, value={self.value}"


class _ZeroPadNd(_ConstantPadNd):
    def __init__(self, padding: Any) -> None:
        super().__init__(padding, 0.0)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class _ReflectionPadNd(_PadNd):
    _mode = "reflect"


class _ReplicationPadNd(_PadNd):
    _mode = "replicate"


class _CircularPadNd(_PadNd):
    _mode = "circular"

    def forward(self, input: Tensor) -> Tensor:
        if input.dim() not in (self._n + 1, self._n + 2):
            raise ValueError(
                f"expected {self._n + 1}D or {self._n + 2}D input (got {input.dim()}D input)"
            )
        return super().forward(input)


class ConstantPad1d(_ConstantPadNd):
    """torch.nn.ConstantPad1d: the last dimension padded with ``value``."""

    _n = 1


class ConstantPad2d(_ConstantPadNd):
    """torch.nn.ConstantPad2d: the last 2 dimensions padded with ``value``."""

    _n = 2


class ConstantPad3d(_ConstantPadNd):
    """torch.nn.ConstantPad3d: the last 3 dimensions padded with ``value``."""

    _n = 3


class ZeroPad1d(_ZeroPadNd, ConstantPad1d):
    """torch.nn.ZeroPad1d: ConstantPad1d with zeros."""


class ZeroPad2d(_ZeroPadNd, ConstantPad2d):
    """torch.nn.ZeroPad2d: ConstantPad2d with zeros."""


class ZeroPad3d(_ZeroPadNd, ConstantPad3d):
    """torch.nn.ZeroPad3d: ConstantPad3d with zeros."""


class ReflectionPad1d(_ReflectionPadNd):
    """torch.nn.ReflectionPad1d over (N, C, W) or (C, W)."""

    _n = 1


class ReflectionPad2d(_ReflectionPadNd):
    """torch.nn.ReflectionPad2d over (N, C, H, W) or (C, H, W)."""

    _n = 2


class ReflectionPad3d(_ReflectionPadNd):
    """torch.nn.ReflectionPad3d over (N, C, D, H, W) or (C, D, H, W)."""

    _n = 3


class ReplicationPad1d(_ReplicationPadNd):
    """torch.nn.ReplicationPad1d over (N, C, W) or (C, W)."""

    _n = 1


class ReplicationPad2d(_ReplicationPadNd):
    """torch.nn.ReplicationPad2d over (N, C, H, W) or (C, H, W)."""

    _n = 2


class ReplicationPad3d(_ReplicationPadNd):
    """torch.nn.ReplicationPad3d over (N, C, D, H, W) or (C, D, H, W)."""

    _n = 3


class CircularPad1d(_CircularPadNd):
    """torch.nn.CircularPad1d over (N, C, W) or (C, W)."""

    _n = 1


class CircularPad2d(_CircularPadNd):
    """torch.nn.CircularPad2d over (N, C, H, W) or (C, H, W)."""

    _n = 2


class CircularPad3d(_CircularPadNd):
    """torch.nn.CircularPad3d over (N, C, D, H, W) or (C, D, H, W)."""

    _n = 3
