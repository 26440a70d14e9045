"""tensorflow implementations of core's statistical functions."""

from __future__ import annotations

from typing import Any

import tensorflow as tf

from core.backends import direct
from core.backends.tensorflow import core_dtypes, native_dtypes, reduce_axes, version
from core.backends.tensorflow.data_type import astype
from core.backends.tensorflow.sorting import (
    _argsort_last,
    _from_last,
    _ordered,
    _take_last,
    _to_last,
)
from core.dtypes import Dtype
from core.ops.statistical import (
    HALF_DTYPES,
    CumulativeResult,
    _axes,
    _check_nonempty,
    _count,
    _cumulative_axis,
    _float_result_dtype,
    _kept_shape,
    _real_dtype,
    _sum_dtype,
)
from core.support import with_unsupported_dtypes


def _isnan(x: tf.Tensor) -> tf.Tensor:
    """nan test for any dtype (tf.math.is_nan has no integer or complex kernel)."""
    if x.dtype.is_complex:
        return tf.math.is_nan(tf.math.real(x)) | tf.math.is_nan(tf.math.imag(x))
    if x.dtype.is_floating:
        return tf.math.is_nan(x)
    return tf.zeros(tf.shape(x), tf.bool)


def _compute(x: tf.Tensor, result: Dtype) -> tf.Tensor:
    """``x`` cast to ``result`` and then to the dtype it accumulates in."""
    values = astype(x, result)
    return tf.cast(values, tf.float32) if result in HALF_DTYPES else values


def _sum_like(function: Any, x: tf.Tensor, axis: Any, dtype: Any, keepdims: bool) -> tf.Tensor:
    result = _sum_dtype(core_dtypes[x.dtype], dtype)
    axes = reduce_axes(_axes(axis, len(x.shape)), len(x.shape))
    out = function(_compute(x, result), axis=axes, keepdims=keepdims)
    return tf.cast(out, native_dtypes[result])


@direct(tf.math.reduce_sum, keywords=("axis", "keepdims"))
def sum(  # noqa: A001
    x: tf.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> tf.Tensor:
    return _sum_like(tf.reduce_sum, x, axis, dtype, keepdims)


def prod(
    x: tf.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> tf.Tensor:
    return _sum_like(tf.reduce_prod, x, axis, dtype, keepdims)


def nansum(
    x: tf.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> tf.Tensor:
    x = tf.where(_isnan(x), tf.zeros((), x.dtype), x)
    return _sum_like(tf.reduce_sum, x, axis, dtype, keepdims)


def _cumulative(
    function: Any, initial: int, x: tf.Tensor, axis: Any, dtype: Any, include_initial: bool
) -> tf.Tensor:
    name = "cumulative_sum" if initial == 0 else "cumulative_prod"
    axis = _cumulative_axis(axis, len(x.shape), name)
    result = _sum_dtype(core_dtypes[x.dtype], dtype)
    out = function(_compute(x, result), axis=axis)
    if include_initial:
        shape = list(out.shape)
        shape[axis] = 1
        out = tf.concat([tf.fill(shape, tf.constant(initial, out.dtype)), out], axis=axis)
    return tf.cast(out, native_dtypes[result])


def cumulative_sum(
    x: tf.Tensor,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> tf.Tensor:
    return _cumulative(tf.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(
    x: tf.Tensor,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> tf.Tensor:
    return _cumulative(tf.math.cumprod, 1, x, axis, dtype, include_initial)


def _running(keys: tf.Tensor, combine: Any, identity: Any) -> tf.Tensor:
    """Inclusive scan of ``combine`` along the last axis (log-depth doubling: tensorflow
    has no running max/min, and tf.scan steps one element at a time)."""
    length = keys.shape[-1]
    shift = 1
    while shift < length:
        pad = tf.fill(
            tf.concat([tf.shape(keys)[:-1], [shift]], 0), tf.constant(identity, keys.dtype)
        )
        keys = combine(keys, tf.concat([pad, keys[..., : length - shift]], -1))
        shift *= 2
    return keys


def _cumulative_extreme(
    combine: Any, low: bool, x: tf.Tensor, axis: Any, name: str
) -> CumulativeResult:
    axis = _cumulative_axis(axis, len(x.shape), name)
    keys, permutation = _to_last(_ordered(x), axis)
    if keys.dtype.is_floating:
        identity = float("inf") if low else float("-inf")
    else:
        identity = keys.dtype.max if low else keys.dtype.min
    values = _running(keys, combine, identity)
    hit = tf.equal(keys, values) | _isnan(keys)
    positions = tf.range(keys.shape[-1], dtype=tf.int64)
    indices = _running(tf.where(hit, positions, tf.zeros((), tf.int64)), tf.maximum, 0)
    values = tf.cast(_from_last(values, permutation), x.dtype)
    return CumulativeResult(values, _from_last(indices, permutation))


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def cummax(x: tf.Tensor, /, *, axis: int | None = None) -> CumulativeResult:
    return _cumulative_extreme(tf.maximum, False, x, axis, "cummax")


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def cummin(x: tf.Tensor, /, *, axis: int | None = None) -> CumulativeResult:
    return _cumulative_extreme(tf.minimum, True, x, axis, "cummin")


def _extreme(reduce: Any, x: tf.Tensor, axis: Any, keepdims: bool, name: str) -> tf.Tensor:
    axes = _axes(axis, len(x.shape))
    _check_nonempty(tuple(x.shape), axes, name)
    axes = reduce_axes(axes, len(x.shape))
    return tf.cast(reduce(_ordered(x), axis=axes, keepdims=keepdims), x.dtype)


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def max(  # noqa: A001
    x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> tf.Tensor:
    return _extreme(tf.reduce_max, x, axis, keepdims, "max")


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def min(  # noqa: A001
    x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> tf.Tensor:
    return _extreme(tf.reduce_min, x, axis, keepdims, "min")


def _mean_parts(x: tf.Tensor, axis: Any) -> tuple[tf.Tensor, tuple[int, ...], int, Dtype]:
    """(x in its compute dtype, the axes, the element count, the result dtype)."""
    result = _float_result_dtype(core_dtypes[x.dtype])
    axes = _axes(axis, len(x.shape))
    return _compute(x, result), axes, _count(tuple(x.shape), axes), result


@direct(tf.math.reduce_mean, keywords=("axis", "keepdims"))  # floats: the sum / the count
def mean(
    x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> tf.Tensor:
    values, axes, count, result = _mean_parts(x, axis)
    total = tf.reduce_sum(values, axis=reduce_axes(axes, len(x.shape)), keepdims=keepdims)
    return tf.cast(total / tf.constant(count, values.dtype), native_dtypes[result])


def nanmean(
    x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> tf.Tensor:
    values, axes, _, result = _mean_parts(x, axis)
    missing = _isnan(values)
    values = tf.where(missing, tf.zeros((), values.dtype), values)
    tf_axes = reduce_axes(axes, len(x.shape))
    count = tf.reduce_sum(tf.cast(~missing, values.dtype), axis=tf_axes, keepdims=keepdims)
    total = tf.reduce_sum(values, axis=tf_axes, keepdims=keepdims)
    return tf.cast(total / count, native_dtypes[result])


def _variance(
    x: tf.Tensor, axis: Any, correction: int | float, keepdims: bool
) -> tuple[tf.Tensor, Any]:
    values, axes, count, result = _mean_parts(x, axis)
    tf_axes = reduce_axes(axes, len(x.shape))
    centre = tf.reduce_sum(values, axis=tf_axes, keepdims=True) / tf.constant(count, values.dtype)
    deviation = values - centre
    if deviation.dtype.is_complex:
        real, imag = tf.math.real(deviation), tf.math.imag(deviation)
        squares = real * real + imag * imag
    else:
        squares = deviation * deviation
    total = tf.reduce_sum(squares, axis=tf_axes, keepdims=keepdims)
    out = total / tf.constant(count - correction, squares.dtype)
    return out, native_dtypes[_real_dtype(result)]


def var(
    x: tf.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> tf.Tensor:
    out, result = _variance(x, axis, correction, keepdims)
    return tf.cast(out, result)


def std(
    x: tf.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> tf.Tensor:
    out, result = _variance(x, axis, correction, keepdims)
    return tf.cast(tf.sqrt(out), result)


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def logsumexp(
    x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> tf.Tensor:
    values, axes, count, result = _mean_parts(x, axis)
    if count == 0:
        out = tf.fill(_kept_shape(tuple(x.shape), axes), tf.constant(-float("inf"), values.dtype))
    else:
        tf_axes = reduce_axes(axes, len(x.shape))
        peak = tf.reduce_max(values, axis=tf_axes, keepdims=True)
        peak = tf.where(tf.math.is_finite(peak), peak, tf.zeros((), values.dtype))
        total = tf.reduce_sum(tf.exp(values - peak), axis=tf_axes, keepdims=True)
        out = tf.math.log(total) + peak
    if not keepdims and axes:
        out = tf.squeeze(out, list(axes))
    return tf.cast(out, native_dtypes[result])


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def median(
    x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> tf.Tensor:
    values, axes, count, result = _mean_parts(x, axis)
    kept = [a for a in range(len(x.shape)) if a not in axes]
    moved = tf.transpose(values, kept + list(axes))
    rows = tf.reshape(moved, list(moved.shape[: len(kept)]) + [count])
    if count == 0:
        out = tf.fill(rows.shape[:-1], tf.constant(float("nan"), values.dtype))
    else:
        ordered = _take_last(rows, _argsort_last(rows, descending=False))
        low, high = ordered[..., (count - 1) // 2], ordered[..., count // 2]
        last = ordered[..., -1]
        out = tf.where(tf.math.is_nan(last), last, (low + high) * tf.constant(0.5, values.dtype))
    if keepdims:
        out = tf.reshape(out, _kept_shape(tuple(x.shape), axes))
    return tf.cast(out, native_dtypes[result])
