"""torch.finfo and torch.iinfo: limits of a torch dtype, from core's finfo/iinfo."""

from __future__ import annotations

import math
from typing import Any

import core
from frontends.torch import _dtype

__all__ = ["finfo", "iinfo"]


def _name(dtype: core.Dtype) -> str:
    return str(dtype)


class finfo:
    """torch.finfo: ``bits``, ``eps``, ``max``, ``min``, ``tiny``/``smallest_normal``,
    ``resolution`` and ``dtype`` (a string; a complex dtype gives its real part's)."""

    __slots__ = ("bits", "dtype", "eps", "max", "min", "resolution", "smallest_normal", "tiny")

    def __init__(self, type: Any = None) -> None:
        dtype = _dtype.get_default_dtype() if type is None else _dtype.to_torch_dtype(type)
        if isinstance(dtype, _dtype.NoBackendDtype):
            self.bits, self.dtype = 8, str(dtype).removeprefix("torch.")
            self.eps, self.max, self.min, self.smallest_normal = dtype.finfo_values
            self.tiny = self.smallest_normal
            self.resolution = 10.0 ** -math.floor(-math.log10(self.eps))
            return
        if dtype.core_dtype.kind not in "fc":
            raise TypeError(
                "torch.finfo() requires a floating point input type. Use torch.iinfo to "
                "handle 'torch.finfo'"
            )
        info = core.finfo(dtype.core_dtype)
        self.bits = info.bits
        self.eps = info.eps
        self.max = info.max
        self.min = info.min
        self.smallest_normal = self.tiny = info.smallest_normal
        self.resolution = 10.0 ** -math.floor(-math.log10(info.eps))
        self.dtype = _name(info.dtype)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, finfo) and (other.dtype, other.bits) == (self.dtype, self.bits)

    def __hash__(self) -> int:
        return hash((self.dtype, self.bits))

    def __repr__(self) -> str:
        return (
            f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, "
            f"eps={self.eps:g}, smallest_normal={self.smallest_normal:g}, "
            f"tiny={self.tiny:g}, dtype={self.dtype})"
        )


class iinfo:
    """torch.iinfo: ``bits``, ``max``, ``min`` and ``dtype`` (a string)."""

    __slots__ = ("bits", "dtype", "max", "min")

    def __init__(self, type: Any) -> None:
        dtype = _dtype.to_torch_dtype(type)
        if dtype.core_dtype == core.bool:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if not dtype.core_dtype.is_int_dtype:
            raise TypeError(
                "torch.iinfo() requires an integer input type. Use torch.finfo to handle "
                "'torch.iinfo'"
            )
        info = core.iinfo(dtype.core_dtype)
        self.bits, self.max, self.min, self.dtype = info.bits, info.max, info.min, _name(info.dtype)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, iinfo) and other.dtype == self.dtype

    def __hash__(self) -> int:
        return hash(self.dtype)

    def __repr__(self) -> str:
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype})"
