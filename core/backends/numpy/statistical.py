"""numpy implementations of core's statistical functions."""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy

from core.backends import direct
from core.backends.numpy import core_dtypes, native_dtypes, version
from core.backends.numpy.data_type import astype
from core.ops.statistical import (
    CumulativeResult,
    _axes,
    _check_nonempty,
    _compute_dtype,
    _count,
    _cumulative_axis,
    _float_result_dtype,
    _kept_shape,
    _real_dtype,
    _sum_dtype,
)
from core.support import with_unsupported_dtypes


def _ordered(x: numpy.ndarray) -> numpy.ndarray:
    """``x`` in a dtype numpy compares nan-aware: bfloat16 widened to float32 (exactly)."""
    return x.astype(numpy.float32) if x.dtype == ml_dtypes.bfloat16 else x


def _is_inexact(x: numpy.ndarray) -> bool:
    return core_dtypes[x.dtype].kind in "fc"


def _reduce(
    function: Any, x: numpy.ndarray, axis: Any, dtype: Any, keepdims: bool
) -> numpy.ndarray:
    """sum/prod: cast to the result dtype, accumulate in its compute dtype, cast back."""
    result = _sum_dtype(core_dtypes[x.dtype], dtype)
    values = astype(x, _compute_dtype(result), copy=False)
    out = function(values, axis=_axes(axis, x.ndim), keepdims=keepdims)
    return numpy.asarray(out).astype(native_dtypes[result])


def _sum_kernel(x: numpy.ndarray, /, *, axis: Any = None, keepdims: bool = False) -> numpy.ndarray:
    """numpy.sum's own reduction (numpy.sum adds only its dispatch on top)."""
    return numpy.asarray(numpy.add.reduce(x, axis=axis, keepdims=keepdims))


def _mean_kernel(x: numpy.ndarray, /, *, axis: Any = None, keepdims: bool = False) -> numpy.ndarray:
    """The sum divided by the count in the input's dtype, as :func:`mean` computes it
    (empty inputs raise: the implementation handles them)."""
    total = numpy.asarray(numpy.add.reduce(x, axis=axis, keepdims=keepdims))
    if not x.size or not total.size:
        raise ValueError("an empty mean: the implementation handles it")
    return numpy.asarray(total / x.dtype.type(x.size // total.size))


@direct(_sum_kernel, keywords=("axis", "keepdims"))
def sum(  # noqa: A001
    x: numpy.ndarray,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> numpy.ndarray:
    return _reduce(numpy.sum, x, axis, dtype, keepdims)


def prod(
    x: numpy.ndarray,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> numpy.ndarray:
    return _reduce(numpy.prod, x, axis, dtype, keepdims)


def nansum(
    x: numpy.ndarray,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> numpy.ndarray:
    if _is_inexact(x):
        x = numpy.where(numpy.isnan(_ordered(x)), numpy.zeros((), x.dtype), x)
    return _reduce(numpy.sum, x, axis, dtype, keepdims)


def _cumulative(
    function: Any, initial: int, x: numpy.ndarray, axis: Any, dtype: Any, include_initial: bool
) -> numpy.ndarray:
    name = "cumulative_sum" if initial == 0 else "cumulative_prod"
    axis = _cumulative_axis(axis, x.ndim, name)
    result = _sum_dtype(core_dtypes[x.dtype], dtype)
    values = function(astype(x, _compute_dtype(result), copy=False), axis=axis)
    if include_initial:
        shape = list(values.shape)
        shape[axis] = 1
        values = numpy.concatenate([numpy.full(shape, initial, values.dtype), values], axis=axis)
    return values.astype(native_dtypes[result])


def cumulative_sum(
    x: numpy.ndarray,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> numpy.ndarray:
    return _cumulative(numpy.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(
    x: numpy.ndarray,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> numpy.ndarray:
    return _cumulative(numpy.cumprod, 1, x, axis, dtype, include_initial)


def _cumulative_extreme(ufunc: Any, x: numpy.ndarray, axis: Any, name: str) -> CumulativeResult:
    axis = _cumulative_axis(axis, x.ndim, name)
    keys = _ordered(x)
    values = ufunc.accumulate(keys, axis=axis)
    hit = keys == values
    if _is_inexact(x):
        hit |= numpy.isnan(keys)
    shape = [1] * x.ndim
    shape[axis] = x.shape[axis]
    positions = numpy.arange(x.shape[axis], dtype=numpy.int64).reshape(shape)
    indices = numpy.maximum.accumulate(numpy.where(hit, positions, 0), axis=axis)
    return CumulativeResult(values.astype(x.dtype), indices)


@with_unsupported_dtypes({"2 and above": ("complex",)}, version)
def cummax(x: numpy.ndarray, /, *, axis: int | None = None) -> CumulativeResult:
    return _cumulative_extreme(numpy.maximum, x, axis, "cummax")


@with_unsupported_dtypes({"2 and above": ("complex",)}, version)
def cummin(x: numpy.ndarray, /, *, axis: int | None = None) -> CumulativeResult:
    return _cumulative_extreme(numpy.minimum, x, axis, "cummin")


def _max_kernel(x: numpy.ndarray, /, *, axis: Any = None, keepdims: bool = False) -> numpy.ndarray:
    """numpy.max's own reduction (an empty one raises: the implementation handles it)."""
    return numpy.asarray(numpy.maximum.reduce(x, axis=axis, keepdims=keepdims))


def _min_kernel(x: numpy.ndarray, /, *, axis: Any = None, keepdims: bool = False) -> numpy.ndarray:
    """numpy.min's own reduction (an empty one raises: the implementation handles it)."""
    return numpy.asarray(numpy.minimum.reduce(x, axis=axis, keepdims=keepdims))


@direct(_max_kernel, keywords=("axis", "keepdims"))
def max(  # noqa: A001
    x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> numpy.ndarray:
    axes = _axes(axis, x.ndim)
    _check_nonempty(x.shape, axes, "max")
    return numpy.asarray(numpy.max(_ordered(x), axis=axes, keepdims=keepdims)).astype(x.dtype)


@direct(_min_kernel, keywords=("axis", "keepdims"))
def min(  # noqa: A001
    x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> numpy.ndarray:
    axes = _axes(axis, x.ndim)
    _check_nonempty(x.shape, axes, "min")
    return numpy.asarray(numpy.min(_ordered(x), axis=axes, keepdims=keepdims)).astype(x.dtype)


def _mean_parts(
    x: numpy.ndarray, axis: Any
) -> tuple[numpy.ndarray, tuple[int, ...], Any, numpy.dtype]:
    """(x in its compute dtype, the axes, the element count, the result's native dtype)."""
    result = _float_result_dtype(core_dtypes[x.dtype])
    axes = _axes(axis, x.ndim)
    return astype(x, _compute_dtype(result), copy=False), axes, _count(x.shape, axes), result


@direct(_mean_kernel, keywords=("axis", "keepdims"))
def mean(
    x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> numpy.ndarray:
    values, axes, count, result = _mean_parts(x, axis)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        out = numpy.sum(values, axis=axes, keepdims=keepdims) / values.dtype.type(count)
    return numpy.asarray(out).astype(native_dtypes[result])


def nanmean(
    x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> numpy.ndarray:
    values, axes, _, result = _mean_parts(x, axis)
    missing = numpy.isnan(values)
    values = numpy.where(missing, numpy.zeros((), values.dtype), values)
    count = numpy.sum(~missing, axis=axes, keepdims=keepdims, dtype=numpy.int64)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        out = numpy.sum(values, axis=axes, keepdims=keepdims) / count.astype(values.dtype)
    return numpy.asarray(out).astype(native_dtypes[result])


def _variance(
    x: numpy.ndarray, axis: Any, correction: int | float, keepdims: bool
) -> tuple[numpy.ndarray, numpy.dtype]:
    """(the variance in the compute dtype, the result's native dtype)."""
    values, axes, count, result = _mean_parts(x, axis)
    with numpy.errstate(invalid="ignore", divide="ignore", over="ignore"):
        centre = numpy.sum(values, axis=axes, keepdims=True) / values.dtype.type(count)
        deviation = values - centre
        squares = (
            deviation.real * deviation.real + deviation.imag * deviation.imag
            if numpy.iscomplexobj(deviation)
            else deviation * deviation
        )
        total = numpy.sum(squares, axis=axes, keepdims=keepdims)
        out = numpy.asarray(total / squares.dtype.type(count - correction))
    return out, native_dtypes[_real_dtype(result)]


def var(
    x: numpy.ndarray,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> numpy.ndarray:
    out, result = _variance(x, axis, correction, keepdims)
    return out.astype(result)


def std(
    x: numpy.ndarray,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> numpy.ndarray:
    out, result = _variance(x, axis, correction, keepdims)
    with numpy.errstate(invalid="ignore"):
        return numpy.asarray(numpy.sqrt(out)).astype(result)


@with_unsupported_dtypes({"2 and above": ("complex",)}, version)
def logsumexp(
    x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> numpy.ndarray:
    values, axes, count, result = _mean_parts(x, axis)
    if count == 0:
        shape = _kept_shape(x.shape, axes)
        out = numpy.full(shape, -numpy.inf, values.dtype)
        return (out if keepdims else numpy.squeeze(out, axes)).astype(native_dtypes[result])
    with numpy.errstate(invalid="ignore", divide="ignore", over="ignore"):
        peak = numpy.max(values, axis=axes, keepdims=True)
        peak = numpy.where(numpy.isfinite(peak), peak, numpy.zeros((), values.dtype))
        out = numpy.log(numpy.sum(numpy.exp(values - peak), axis=axes, keepdims=True)) + peak
    out = numpy.asarray(out)
    return (out if keepdims else numpy.squeeze(out, axes)).astype(native_dtypes[result])


@with_unsupported_dtypes({"2 and above": ("complex",)}, version)
def median(
    x: numpy.ndarray, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> numpy.ndarray:
    values, axes, count, result = _mean_parts(x, axis)
    kept = [a for a in range(x.ndim) if a not in axes]
    moved = numpy.transpose(values, kept + list(axes))
    rows = moved.reshape(moved.shape[: len(kept)] + (count,))
    if count == 0:
        out = numpy.full(rows.shape[:-1], numpy.nan, values.dtype)
    else:
        ordered = numpy.sort(rows, axis=-1)
        low, high = ordered[..., (count - 1) // 2], ordered[..., count // 2]
        with numpy.errstate(over="ignore", invalid="ignore"):
            out = (low + high) * values.dtype.type(0.5)
        out = numpy.where(numpy.isnan(ordered[..., -1]), ordered[..., -1], out)
    if keepdims:
        out = out.reshape(_kept_shape(x.shape, axes))
    return numpy.asarray(out).astype(native_dtypes[result])
