"""numpy implementations of core's fft functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy

from core import dtypes
from core.backends.numpy import core_dtypes, native_dtypes
from core.ops.fft import check_norm, complex_dtype_for, real_dtype_for, resolve_axes


def _cast(x: numpy.ndarray, kind: str) -> tuple[numpy.ndarray, numpy.dtype]:
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
    return x.astype(native_dtypes[source], copy=False), native_dtypes[result]


def _one(function, kind: str, x: numpy.ndarray, n: int | None, axis: int, norm: str):
    check_norm(norm)
    x, result = _cast(x, kind)
    return function(x, n=n, axis=axis, norm=norm).astype(result, copy=False)


def _many(function, kind: str, x: numpy.ndarray, s, axes, norm: str) -> numpy.ndarray:
    check_norm(norm)
    sizes, axes = resolve_axes(x.ndim, s, axes)
    x, result = _cast(x, kind)
    out = function(x, s=None if s is None else sizes, axes=axes, norm=norm)
    return out.astype(result, copy=False)


def fft(x: numpy.ndarray, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(numpy.fft.fft, "c2c", x, n, axis, norm)


def ifft(x: numpy.ndarray, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(numpy.fft.ifft, "c2c", x, n, axis, norm)


def rfft(x: numpy.ndarray, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(numpy.fft.rfft, "r2c", x, n, axis, norm)


def irfft(x: numpy.ndarray, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(numpy.fft.irfft, "c2r", x, n, axis, norm)


def hfft(x: numpy.ndarray, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(numpy.fft.hfft, "c2r", x, n, axis, norm)


def ihfft(x: numpy.ndarray, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(numpy.fft.ihfft, "r2c", x, n, axis, norm)


def fftn(
    x: numpy.ndarray,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> numpy.ndarray:
    return _many(numpy.fft.fftn, "c2c", x, s, axes, norm)


def ifftn(
    x: numpy.ndarray,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> numpy.ndarray:
    return _many(numpy.fft.ifftn, "c2c", x, s, axes, norm)


def rfftn(
    x: numpy.ndarray,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> numpy.ndarray:
    return _many(numpy.fft.rfftn, "r2c", x, s, axes, norm)


def irfftn(
    x: numpy.ndarray,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> numpy.ndarray:
    return _many(numpy.fft.irfftn, "c2r", x, s, axes, norm)


def _frequencies(values: numpy.ndarray, dtype: Any) -> numpy.ndarray:
    """Frequencies computed in float64 and rounded once to ``dtype`` (default float)."""
    return values.astype(native_dtypes[dtypes.default_float_dtype() if dtype is None else dtype])


def fftfreq(
    n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None
) -> numpy.ndarray:
    return _frequencies(numpy.fft.fftfreq(n, d), dtype)


def rfftfreq(
    n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None
) -> numpy.ndarray:
    return _frequencies(numpy.fft.rfftfreq(n, d), dtype)


def fftshift(x: numpy.ndarray, /, *, axes: int | Sequence[int] | None = None) -> numpy.ndarray:
    return numpy.fft.fftshift(x, axes=axes)


def ifftshift(x: numpy.ndarray, /, *, axes: int | Sequence[int] | None = None) -> numpy.ndarray:
    return numpy.fft.ifftshift(x, axes=axes)
