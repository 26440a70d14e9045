"""jax implementations of core's fft functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy

from core import dtypes
from core.backends.jax import core_dtypes, native_dtypes
from core.ops.fft import check_norm, complex_dtype_for, real_dtype_for, resolve_axes


def _cast(x: jax.Array, kind: str) -> tuple[jax.Array, numpy.dtype]:
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
    return x.astype(native_dtypes[source]), native_dtypes[result]


def _one(function, kind: str, x: jax.Array, n: int | None, axis: int, norm: str):
    check_norm(norm)
    x, result = _cast(x, kind)
    return function(x, n=n, axis=axis, norm=norm).astype(result)


def _many(function, kind: str, x: jax.Array, s, axes, norm: str) -> jax.Array:
    check_norm(norm)
    sizes, axes = resolve_axes(x.ndim, s, axes)
    x, result = _cast(x, kind)
    out = function(x, s=None if s is None else sizes, axes=axes, norm=norm)
    return out.astype(result)


def fft(x: jax.Array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(jnp.fft.fft, "c2c", x, n, axis, norm)


def ifft(x: jax.Array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(jnp.fft.ifft, "c2c", x, n, axis, norm)


def rfft(x: jax.Array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(jnp.fft.rfft, "r2c", x, n, axis, norm)


def irfft(x: jax.Array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(jnp.fft.irfft, "c2r", x, n, axis, norm)


def hfft(x: jax.Array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(jnp.fft.hfft, "c2r", x, n, axis, norm)


def ihfft(x: jax.Array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    return _one(jnp.fft.ihfft, "r2c", x, n, axis, norm)


def fftn(
    x: jax.Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> jax.Array:
    return _many(jnp.fft.fftn, "c2c", x, s, axes, norm)


def ifftn(
    x: jax.Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> jax.Array:
    return _many(jnp.fft.ifftn, "c2c", x, s, axes, norm)


def rfftn(
    x: jax.Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> jax.Array:
    return _many(jnp.fft.rfftn, "r2c", x, s, axes, norm)


def irfftn(
    x: jax.Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> jax.Array:
    return _many(jnp.fft.irfftn, "c2r", x, s, axes, norm)


def _frequencies(values: jax.Array, dtype: Any) -> jax.Array:
    """Frequencies computed in float64 and rounded once to ``dtype`` (default float)."""
    return values.astype(native_dtypes[dtypes.default_float_dtype() if dtype is None else dtype])


def fftfreq(
    n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None
) -> jax.Array:
    return _frequencies(jnp.fft.fftfreq(n, d, dtype=jnp.float64), dtype)


def rfftfreq(
    n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None
) -> jax.Array:
    return _frequencies(jnp.fft.rfftfreq(n, d, dtype=jnp.float64), dtype)


def fftshift(x: jax.Array, /, *, axes: int | Sequence[int] | None = None) -> jax.Array:
    return jnp.fft.fftshift(x, axes=axes)


def ifftshift(x: jax.Array, /, *, axes: int | Sequence[int] | None = None) -> jax.Array:
    return jnp.fft.ifftshift(x, axes=axes)
