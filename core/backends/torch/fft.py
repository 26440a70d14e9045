"""torch implementations of core's fft functions (torch has no half-precision CPU fft;
core transforms halves in single precision anyway, having no complex32)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch

from core import dtypes
from core.backends.torch import core_dtypes, native_dtypes
from core.ops.fft import check_norm, complex_dtype_for, real_dtype_for, resolve_axes


def _cast(x: torch.Tensor, kind: str) -> tuple[torch.Tensor, torch.dtype]:
    """``x`` as the transform of ``kind`` ("c2c", "r2c", "c2r") takes it, and the dtype
    of the result."""
    dtype = core_dtypes[x.dtype]
    if kind == "r2c":
        if dtype.kind == "c":
            raise TypeError(f"this transform needs real input, got {dtype}")
        source, result = real_dtype_for(dtype), complex_dtype_for(dtype)
    else:
        source = complex_dtype_for(dtype)
        result = real_dtype_for(source) if kind == "c2r" else source
    return x.to(native_dtypes[source]), native_dtypes[result]


def _one(function, kind: str, x: torch.Tensor, n: int | None, axis: int, norm: str):
    check_norm(norm)
    x, result = _cast(x, kind)
    return function(x, n=n, dim=axis, norm=norm).to(result)


def _many(function, kind: str, x: torch.Tensor, s, axes, norm: str) -> torch.Tensor:
    check_norm(norm)
    sizes, axes = resolve_axes(x.ndim, s, axes)
    x, result = _cast(x, kind)
    out = function(x, s=None if s is None else sizes, dim=axes, norm=norm)
    return out.to(result)


def fft(x: torch.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(torch.fft.fft, "c2c", x, n, axis, norm)


def ifft(x: torch.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(torch.fft.ifft, "c2c", x, n, axis, norm)


def rfft(x: torch.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(torch.fft.rfft, "r2c", x, n, axis, norm)


def irfft(x: torch.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(torch.fft.irfft, "c2r", x, n, axis, norm)


def hfft(x: torch.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(torch.fft.hfft, "c2r", x, n, axis, norm)


def ihfft(x: torch.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(torch.fft.ihfft, "r2c", x, n, axis, norm)


def fftn(
    x: torch.Tensor,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> torch.Tensor:
    return _many(torch.fft.fftn, "c2c", x, s, axes, norm)


def ifftn(
    x: torch.Tensor,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> torch.Tensor:
    return _many(torch.fft.ifftn, "c2c", x, s, axes, norm)


def rfftn(
    x: torch.Tensor,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> torch.Tensor:
    return _many(torch.fft.rfftn, "r2c", x, s, axes, norm)


def irfftn(
    x: torch.Tensor,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> torch.Tensor:
    return _many(torch.fft.irfftn, "c2r", x, s, axes, norm)


def _frequencies(values: torch.Tensor, dtype: Any) -> torch.Tensor:
    """Frequencies computed in float64 and rounded once to ``dtype`` (default float)."""
    return values.to(native_dtypes[dtypes.default_float_dtype() if dtype is None else dtype])


def fftfreq(
    n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None
) -> torch.Tensor:
    return _frequencies(torch.fft.fftfreq(n, d, dtype=torch.float64), dtype)


def rfftfreq(
    n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None
) -> torch.Tensor:
    return _frequencies(torch.fft.rfftfreq(n, d, dtype=torch.float64), dtype)


def _dims(axes: int | Sequence[int] | None) -> Any:
    return axes if axes is None or isinstance(axes, int) else tuple(axes)


def fftshift(x: torch.Tensor, /, *, axes: int | Sequence[int] | None = None) -> torch.Tensor:
    return torch.fft.fftshift(x, dim=_dims(axes))


def ifftshift(x: torch.Tensor, /, *, axes: int | Sequence[int] | None = None) -> torch.Tensor:
    return torch.fft.ifftshift(x, dim=_dims(axes))
