"""jax implementations of core's statistical functions."""

from __future__ import annotations

import functools
from typing import Any

import jax
import jax.numpy as jnp

from core.backends import direct
from core.backends.jax import core_dtypes, native_dtypes, version
from core.backends.jax.data_type import astype
from core.backends.jax.elementwise import divide
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


def _ordered(x: jax.Array) -> jax.Array:
    """``x`` in a dtype lax's running max/min accept: bool as uint8."""
    return x.astype(jnp.uint8) if x.dtype == jnp.bool_ else x


def _compute(x: jax.Array, result: Dtype) -> jax.Array:
    """``x`` cast to ``result`` and then to the dtype it accumulates in (no cast, and no
    dispatch, where it has that dtype already)."""
    if x.dtype == native_dtypes[result] and result not in HALF_DTYPES and not x.weak_type:
        return x
    values = astype(x, result)
    return values.astype(jnp.float32) if result in HALF_DTYPES else values


def _as(x: jax.Array, result: Dtype) -> jax.Array:
    """``x`` as a (strong) ``result`` array (no dispatch where it is one already)."""
    native = native_dtypes[result]
    return x if x.dtype == native and not x.weak_type else x.astype(native)


def _sum_like(function: Any, x: jax.Array, axis: Any, dtype: Any, keepdims: bool) -> jax.Array:
    result = _sum_dtype(core_dtypes[x.dtype], dtype)
    values = _compute(x, result)
    out = function(values, axis=_axes(axis, x.ndim), keepdims=keepdims, dtype=values.dtype)
    return _as(out, result)


@direct(jnp.sum, keywords=("axis", "keepdims"))
def sum(  # noqa: A001
    x: jax.Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> jax.Array:
    return _sum_like(jnp.sum, x, axis, dtype, keepdims)


@direct(jnp.prod, keywords=("axis", "keepdims"))
def prod(
    x: jax.Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> jax.Array:
    return _sum_like(jnp.prod, x, axis, dtype, keepdims)


def nansum(
    x: jax.Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> jax.Array:
    if core_dtypes[x.dtype].kind in "fc":
        x = jnp.where(jnp.isnan(x), jnp.zeros((), x.dtype), x)
    return _sum_like(jnp.sum, x, axis, dtype, keepdims)


def _cumulative(
    function: Any, initial: int, x: jax.Array, axis: Any, dtype: Any, include_initial: bool
) -> jax.Array:
    name = "cumulative_sum" if initial == 0 else "cumulative_prod"
    axis = _cumulative_axis(axis, x.ndim, name)
    result = _sum_dtype(core_dtypes[x.dtype], dtype)
    values = _compute(x, result)
    out = function(values, axis=axis, dtype=values.dtype)
    if include_initial:
        shape = list(out.shape)
        shape[axis] = 1
        out = jnp.concatenate([jnp.full(shape, initial, out.dtype), out], axis=axis)
    return _as(out, result)


def cumulative_sum(
    x: jax.Array,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> jax.Array:
    return _cumulative(jnp.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(
    x: jax.Array,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> jax.Array:
    return _cumulative(jnp.cumprod, 1, x, axis, dtype, include_initial)


def _cumulative_extreme(running: Any, x: jax.Array, axis: Any, name: str) -> CumulativeResult:
    axis = _cumulative_axis(axis, x.ndim, name)
    keys = _ordered(x)
    values = running(keys, axis=axis)
    hit = keys == values
    if core_dtypes[x.dtype].kind == "f":
        hit = hit | jnp.isnan(keys)
    shape = [1] * x.ndim
    shape[axis] = x.shape[axis]
    positions = jnp.arange(x.shape[axis], dtype=jnp.int64).reshape(shape)
    indices = jax.lax.cummax(jnp.where(hit, positions, 0), axis=axis)
    return CumulativeResult(values.astype(x.dtype), indices)


@with_unsupported_dtypes({"0.10 and below": ("complex",)}, version)
def cummax(x: jax.Array, /, *, axis: int | None = None) -> CumulativeResult:
    return _cumulative_extreme(jax.lax.cummax, x, axis, "cummax")


@with_unsupported_dtypes({"0.10 and below": ("complex",)}, version)
def cummin(x: jax.Array, /, *, axis: int | None = None) -> CumulativeResult:
    return _cumulative_extreme(jax.lax.cummin, x, axis, "cummin")


@direct(jnp.max, keywords=("axis", "keepdims"))
def max(  # noqa: A001
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    axes = _axes(axis, x.ndim)
    _check_nonempty(x.shape, axes, "max")
    return jnp.max(x, axis=axes, keepdims=keepdims)


@direct(jnp.min, keywords=("axis", "keepdims"))
def min(  # noqa: A001
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    axes = _axes(axis, x.ndim)
    _check_nonempty(x.shape, axes, "min")
    return jnp.min(x, axis=axes, keepdims=keepdims)


def _mean_parts(x: jax.Array, axis: Any) -> tuple[jax.Array, tuple[int, ...], int, Dtype]:
    """(x in its compute dtype, the axes, the element count, the result dtype)."""
    result = _float_result_dtype(core_dtypes[x.dtype])
    axes = _axes(axis, x.ndim)
    return _compute(x, result), axes, _count(x.shape, axes), result


@functools.partial(jax.jit, static_argnames=("axes", "keepdims"))
def _exact_mean(x: jax.Array, axes: tuple[int, ...], keepdims: bool) -> jax.Array:
    """The sum over ``axes`` divided by the count, correctly rounded, in one compiled call
    (jnp.mean multiplies by the count's reciprocal instead: an ulp off in some elements;
    the optimization barrier keeps the division a division, as in ``divide``)."""
    total = jnp.sum(x, axis=axes, keepdims=keepdims)
    count = jnp.full(total.shape, _count(x.shape, axes), total.dtype)
    return jnp.divide(total, jax.lax.optimization_barrier(count))


def _mean_kernel(
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    return _exact_mean(x, _axes(axis, x.ndim), keepdims)


@direct(_mean_kernel, keywords=("axis", "keepdims"))
def mean(
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    values, axes, _, result = _mean_parts(x, axis)
    return _as(_exact_mean(values, axes, keepdims), result)


def nanmean(
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    values, axes, _, result = _mean_parts(x, axis)
    missing = jnp.isnan(values)
    values = jnp.where(missing, jnp.zeros((), values.dtype), values)
    count = jnp.sum(~missing, axis=axes, keepdims=keepdims, dtype=jnp.int64)
    out = divide(jnp.sum(values, axis=axes, keepdims=keepdims), count.astype(values.dtype))
    return _as(out, result)


def _variance(
    x: jax.Array, axis: Any, correction: int | float, keepdims: bool
) -> tuple[jax.Array, Any]:
    values, axes, count, result = _mean_parts(x, axis)
    centre = divide(jnp.sum(values, axis=axes, keepdims=True), jnp.asarray(count, values.dtype))
    deviation = values - centre
    if jnp.iscomplexobj(deviation):
        squares = deviation.real * deviation.real + deviation.imag * deviation.imag
    else:
        squares = deviation * deviation
    total = jnp.sum(squares, axis=axes, keepdims=keepdims)
    out = divide(total, jnp.asarray(count - correction, squares.dtype))
    return out, native_dtypes[_real_dtype(result)]


def var(
    x: jax.Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> jax.Array:
    out, result = _variance(x, axis, correction, keepdims)
    return out.astype(result)


def std(
    x: jax.Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> jax.Array:
    out, result = _variance(x, axis, correction, keepdims)
    return jnp.sqrt(out).astype(result)


@with_unsupported_dtypes({"0.10 and below": ("complex",)}, version)
def logsumexp(
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    values, axes, count, result = _mean_parts(x, axis)
    if count == 0:
        out = jnp.full(_kept_shape(x.shape, axes), -jnp.inf, values.dtype)
    else:
        peak = jnp.max(values, axis=axes, keepdims=True)
        peak = jnp.where(jnp.isfinite(peak), peak, jnp.zeros((), values.dtype))
        out = jnp.log(jnp.sum(jnp.exp(values - peak), axis=axes, keepdims=True)) + peak
    if not keepdims:
        out = jnp.squeeze(out, axes)
    return _as(out, result)


@with_unsupported_dtypes({"0.10 and below": ("complex",)}, version)
def median(
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    values, axes, count, result = _mean_parts(x, axis)
    kept = [a for a in range(x.ndim) if a not in axes]
    moved = jnp.transpose(values, kept + list(axes))
    rows = moved.reshape(moved.shape[: len(kept)] + (count,))
    if count == 0:
        out = jnp.full(rows.shape[:-1], jnp.nan, values.dtype)
    else:
        ordered = jnp.sort(rows, axis=-1)
        low, high = ordered[..., (count - 1) // 2], ordered[..., count // 2]
        last = ordered[..., -1]
        out = jnp.where(jnp.isnan(last), last, (low + high) * jnp.asarray(0.5, values.dtype))
    if keepdims:
        out = out.reshape(_kept_shape(x.shape, axes))
    return _as(out, result)
