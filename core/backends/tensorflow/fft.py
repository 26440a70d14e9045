"""tensorflow implementations of core's fft functions.

tf.signal transforms only the innermost axes and has no ``norm``: each 1-D transform here
moves its axis last, crops or zero-pads it, transforms and scales; an n-D transform is the
1-D ones in turn, as numpy computes it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy
import tensorflow as tf

from core import dtypes
from core.backends.tensorflow import core_dtypes, native_dtypes
from core.ops.fft import check_norm, complex_dtype_for, real_dtype_for, resolve_axes


def _cast(x: tf.Tensor, kind: str) -> tuple[tf.Tensor, tf.DType]:
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
    return tf.cast(x, native_dtypes[source]), native_dtypes[result]


def _last_axis(x: tf.Tensor, axis: int, function) -> tf.Tensor:
    """``function`` applied with ``axis`` moved last, then moved back."""
    rank = x.shape.rank
    axis %= rank
    if axis == rank - 1:
        return function(x)
    permutation = [a for a in range(rank) if a != axis] + [axis]
    inverse = [permutation.index(a) for a in range(rank)]
    return tf.transpose(function(tf.transpose(x, permutation)), inverse)


def _resize(x: tf.Tensor, n: int) -> tf.Tensor:
    """The last axis cropped or zero-padded to ``n``."""
    size = x.shape[-1]
    if n < size:
        return x[..., :n]
    if n > size:
        return tf.pad(x, [[0, 0]] * (x.shape.rank - 1) + [[0, n - size]])
    return x


def _scale(x: tf.Tensor, n: int, norm: str, inverse: bool) -> tf.Tensor:
    """tf's unnormalised forward / 1/n inverse rescaled for ``norm``."""
    check_norm(norm)
    if norm == "backward":
        return x
    factor = math.sqrt(n) if norm == "ortho" else n
    factor = factor if inverse else 1 / factor
    return x * tf.constant(factor, dtype=x.dtype)


def _check_points(n: int) -> None:
    if n < 1:
        raise ValueError(f"invalid number of data points ({n}) for a transform")


def _c2c(x: tf.Tensor, n: int | None, axis: int, norm: str, inverse: bool) -> tf.Tensor:
    def transform(values: tf.Tensor) -> tf.Tensor:
        points = values.shape[-1] if n is None else n
        _check_points(points)
        values = _resize(values, points)
        out = tf.signal.ifft(values) if inverse else tf.signal.fft(values)
        return _scale(out, points, norm, inverse)

    return _last_axis(x, axis, transform)


def _r2c(x: tf.Tensor, n: int | None, axis: int, norm: str) -> tf.Tensor:
    def transform(values: tf.Tensor) -> tf.Tensor:
        points = values.shape[-1] if n is None else n
        _check_points(points)
        out = tf.signal.rfft(_resize(values, points), fft_length=[points])
        return _scale(out, points, norm, inverse=False)

    return _last_axis(x, axis, transform)


def _c2r(x: tf.Tensor, n: int | None, axis: int, norm: str) -> tf.Tensor:
    def transform(values: tf.Tensor) -> tf.Tensor:
        points = 2 * (values.shape[-1] - 1) if n is None else n
        _check_points(points)
        values = _resize(values, points // 2 + 1)
        out = tf.signal.irfft(values, fft_length=[points])
        return _scale(out, points, norm, inverse=True)

    return _last_axis(x, axis, transform)


_SWAPPED = {"backward": "forward", "ortho": "ortho", "forward": "backward"}


def fft(x: tf.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    x, _ = _cast(x, "c2c")
    return _c2c(x, n, axis, norm, inverse=False)


def ifft(x: tf.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    x, _ = _cast(x, "c2c")
    return _c2c(x, n, axis, norm, inverse=True)


def rfft(x: tf.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    x, _ = _cast(x, "r2c")
    return _r2c(x, n, axis, norm)


def irfft(x: tf.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    x, _ = _cast(x, "c2r")
    return _c2r(x, n, axis, norm)


def hfft(x: tf.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    check_norm(norm)
    x, _ = _cast(x, "c2r")
    return _c2r(tf.math.conj(x), n, axis, _SWAPPED[norm])


def ihfft(x: tf.Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"):
    check_norm(norm)
    x, _ = _cast(x, "r2c")
    return tf.math.conj(_r2c(x, n, axis, _SWAPPED[norm]))


def _c2c_n(x: tf.Tensor, s, axes, norm: str, inverse: bool) -> tf.Tensor:
    sizes, axes = resolve_axes(x.shape.rank, s, axes)
    x, _ = _cast(x, "c2c")
    for size, axis in zip(sizes, axes):
        x = _c2c(x, size, axis, norm, inverse)
    return x


def fftn(
    x: tf.Tensor,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> tf.Tensor:
    return _c2c_n(x, s, axes, norm, inverse=False)


def ifftn(
    x: tf.Tensor,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> tf.Tensor:
    return _c2c_n(x, s, axes, norm, inverse=True)


def rfftn(
    x: tf.Tensor,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> tf.Tensor:
    sizes, axes = resolve_axes(x.shape.rank, s, axes)
    x, _ = _cast(x, "r2c")
    x = _r2c(x, sizes[-1], axes[-1], norm)
    for size, axis in zip(sizes[:-1], axes[:-1]):
        x = _c2c(x, size, axis, norm, inverse=False)
    return x


def irfftn(
    x: tf.Tensor,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: str = "backward",
) -> tf.Tensor:
    sizes, axes = resolve_axes(x.shape.rank, s, axes)
    x, _ = _cast(x, "c2r")
    for size, axis in zip(sizes[:-1], axes[:-1]):
        x = _c2c(x, size, axis, norm, inverse=True)
    return _c2r(x, sizes[-1], axes[-1], norm)


def _frequencies(values: numpy.ndarray, dtype: Any) -> tf.Tensor:
    """Frequencies computed in float64 and rounded once to ``dtype`` (default float)."""
    native = native_dtypes[dtypes.default_float_dtype() if dtype is None else dtype]
    return tf.cast(tf.constant(values, dtype=tf.float64), native)


def fftfreq(
    n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None
) -> tf.Tensor:
    return _frequencies(numpy.fft.fftfreq(n, d), dtype)


def rfftfreq(
    n: int, /, *, d: float = 1.0, dtype: Any = None, device: str | None = None
) -> tf.Tensor:
    return _frequencies(numpy.fft.rfftfreq(n, d), dtype)


def _roll(x: tf.Tensor, axes: int | Sequence[int] | None, sign: int) -> tf.Tensor:
    if axes is None:
        axes = range(x.shape.rank)
    elif isinstance(axes, int):
        axes = [axes]
    axes = [axis % x.shape.rank for axis in axes]
    if not axes:
        return x
    shifts = [sign * (x.shape[axis] // 2) for axis in axes]
    return tf.roll(x, shift=shifts, axis=axes)


def fftshift(x: tf.Tensor, /, *, axes: int | Sequence[int] | None = None) -> tf.Tensor:
    return _roll(x, axes, 1)


def ifftshift(x: tf.Tensor, /, *, axes: int | Sequence[int] | None = None) -> tf.Tensor:
    return _roll(x, axes, -1)
