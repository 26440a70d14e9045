"""torch implementations of core's statistical functions.

torch 2.13 has no comparison or arithmetic kernels for uint16/32/64: ordering functions
compare them as int64 (uint64 with its top bit flipped, which keeps the order), and
sums/products accumulate them in int64, whose wrap-around is the same modulo 2**64.
"""

from __future__ import annotations

from typing import Any

import torch

from core.backends import direct
from core.backends.torch import core_dtypes, native_dtypes, version
from core.backends.torch.data_type import astype
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

_INT64_MIN = -(2**63)
_WIDENED = (torch.uint16, torch.uint32)


def _ordered(x: torch.Tensor) -> torch.Tensor:
    """``x`` in a dtype torch can compare and sort, in the same order (see module doc)."""
    if x.dtype in _WIDENED:
        return x.to(torch.int64)
    if x.dtype == torch.uint64:
        return x.view(torch.int64) ^ _INT64_MIN
    if x.dtype == torch.bool:
        return x.to(torch.uint8)
    return x


def _unordered(keys: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """The inverse of :func:`_ordered`: keys back to ``dtype``."""
    if dtype == torch.uint64:
        return (keys ^ _INT64_MIN).view(torch.uint64)
    return keys if keys.dtype == dtype else keys.to(dtype)


def _arithmetic(x: torch.Tensor) -> torch.Tensor:
    """``x`` in a dtype torch can add and multiply, wrapping the same way (uints as int64)."""
    if x.dtype in _WIDENED:
        return x.to(torch.int64)
    if x.dtype == torch.uint64:
        return x.view(torch.int64)
    if x.dtype in (torch.float16, torch.bfloat16):
        return x.to(torch.float32)
    return x


def _from_arithmetic(y: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    if dtype == torch.uint64:
        return y.view(torch.uint64)
    return y if y.dtype == dtype else y.to(dtype)


def _reduce_over(function: Any, x: torch.Tensor, axes: tuple[int, ...], keepdims: bool) -> Any:
    """``function(x, dim=axes, keepdim=keepdims)``, except that no axes reduce nothing
    (torch reads ``dim=()`` as every axis)."""
    if not axes:
        return x
    return function(x, dim=axes, keepdim=keepdims)


def _prod_over(x: torch.Tensor, axes: tuple[int, ...], keepdims: bool) -> torch.Tensor:
    """torch.prod takes one dim at a time: reduce the highest first."""
    for axis in sorted(axes, reverse=True):
        x = torch.prod(x, dim=axis, keepdim=keepdims)
    return x


def _sum_over(x: torch.Tensor, axes: tuple[int, ...], keepdims: bool) -> torch.Tensor:
    return _reduce_over(torch.sum, x, axes, keepdims)


def _sum_like(reduce: Any, x: torch.Tensor, axis: Any, dtype: Any, keepdims: bool) -> torch.Tensor:
    result = native_dtypes[_sum_dtype(core_dtypes[x.dtype], dtype)]
    values = _arithmetic(x if x.dtype == result else astype(x, core_dtypes[result], copy=False))
    out = reduce(values, _axes(axis, x.ndim), keepdims)
    return _from_arithmetic(out if out.dtype == values.dtype else out.to(values.dtype), result)


def _sum_kernel(x: torch.Tensor, axis: Any = None, keepdims: bool = False) -> torch.Tensor:
    """torch.sum where it means what core's sum means (as :func:`_mean_kernel`; a Python
    frame more than torch.sum itself, for ``axis``/``keepdims`` on the fast path)."""
    if axis is not None and (axis == () or not x.ndim):
        raise ValueError("core.sum: the general path decides")
    return torch.sum(x, axis, keepdims)


@direct(_sum_kernel, keywords=("axis", "keepdims"))
def sum(  # noqa: A001
    x: torch.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> torch.Tensor:
    return _sum_like(_sum_over, x, axis, dtype, keepdims)


def prod(
    x: torch.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> torch.Tensor:
    return _sum_like(_prod_over, x, axis, dtype, keepdims)


def nansum(
    x: torch.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: Any = None,
    keepdims: bool = False,
) -> torch.Tensor:
    if x.is_floating_point() or x.is_complex():
        x = torch.where(torch.isnan(x), torch.zeros((), dtype=x.dtype), x)
    return _sum_like(_sum_over, x, axis, dtype, keepdims)


def _cumulative(
    function: Any, initial: int, x: torch.Tensor, axis: Any, dtype: Any, include_initial: bool
) -> torch.Tensor:
    name = "cumulative_sum" if initial == 0 else "cumulative_prod"
    axis = _cumulative_axis(axis, x.ndim, name)
    result = native_dtypes[_sum_dtype(core_dtypes[x.dtype], dtype)]
    values = _arithmetic(astype(x, core_dtypes[result], copy=False))
    out = function(values, dim=axis).to(values.dtype)
    if include_initial:
        shape = list(out.shape)
        shape[axis] = 1
        out = torch.cat([torch.full(shape, initial, dtype=out.dtype), out], dim=axis)
    return _from_arithmetic(out, result)


def cumulative_sum(
    x: torch.Tensor,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> torch.Tensor:
    return _cumulative(torch.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(
    x: torch.Tensor,
    /,
    *,
    axis: int | None = None,
    dtype: Any = None,
    include_initial: bool = False,
) -> torch.Tensor:
    return _cumulative(torch.cumprod, 1, x, axis, dtype, include_initial)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def cummax(x: torch.Tensor, /, *, axis: int | None = None) -> CumulativeResult:
    axis = _cumulative_axis(axis, x.ndim, "cummax")
    values, indices = torch.cummax(_ordered(x), dim=axis)
    return CumulativeResult(_unordered(values, x.dtype), indices)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def cummin(x: torch.Tensor, /, *, axis: int | None = None) -> CumulativeResult:
    axis = _cumulative_axis(axis, x.ndim, "cummin")
    values, indices = torch.cummin(_ordered(x), dim=axis)
    return CumulativeResult(_unordered(values, x.dtype), indices)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def max(  # noqa: A001
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    axes = _axes(axis, x.ndim)
    _check_nonempty(tuple(x.shape), axes, "max")
    return _unordered(_reduce_over(torch.amax, _ordered(x), axes, keepdims), x.dtype)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def min(  # noqa: A001
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    axes = _axes(axis, x.ndim)
    _check_nonempty(tuple(x.shape), axes, "min")
    return _unordered(_reduce_over(torch.amin, _ordered(x), axes, keepdims), x.dtype)


def _mean_parts(x: torch.Tensor, axis: Any) -> tuple[torch.Tensor, tuple[int, ...], int, Dtype]:
    """(x in its compute dtype, the axes, the element count, the result dtype)."""
    result = _float_result_dtype(core_dtypes[x.dtype])
    values = astype(x, result, copy=False)
    if result in HALF_DTYPES:
        values = values.to(torch.float32)
    axes = _axes(axis, x.ndim)
    return values, axes, _count(tuple(x.shape), axes), result


_MEAN_DTYPES = (torch.float32, torch.float64)


def _mean_kernel(x: torch.Tensor, axis: Any = None, keepdims: bool = False) -> torch.Tensor:
    """torch.mean where it means what core's mean means (torch reads ``axis=()`` as every
    axis and takes axis 0 of a 0-d tensor; core reduces nothing, and raises)."""
    if axis is not None and (axis == () or not x.ndim):
        raise ValueError("core.mean: the general path decides")
    return torch.mean(x, axis, keepdims)


@direct(_mean_kernel, keywords=("axis", "keepdims"))
def mean(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    values, axes, count, result = _mean_parts(x, axis)
    if axes and values.dtype in _MEAN_DTYPES:  # torch's mean: the sum divided by the count
        return torch.mean(values, axes, keepdims).to(native_dtypes[result])
    return (_sum_over(values, axes, keepdims) / count).to(native_dtypes[result])


def nanmean(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    values, axes, _, result = _mean_parts(x, axis)
    missing = torch.isnan(values)
    values = torch.where(missing, torch.zeros((), dtype=values.dtype), values)
    count = _sum_over((~missing).to(torch.int64), axes, keepdims)
    out = _sum_over(values, axes, keepdims) / count.to(values.dtype)
    return out.to(native_dtypes[result])


def _variance(
    x: torch.Tensor, axis: Any, correction: int | float, keepdims: bool
) -> tuple[torch.Tensor, torch.dtype]:
    values, axes, count, result = _mean_parts(x, axis)
    centre = _sum_over(values, axes, True) / count
    deviation = values - centre
    if deviation.is_complex():
        squares = deviation.real * deviation.real + deviation.imag * deviation.imag
    else:
        squares = deviation * deviation
    out = _sum_over(squares, axes, keepdims) / (count - correction)
    return out, native_dtypes[_real_dtype(result)]


def var(
    x: torch.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> torch.Tensor:
    out, result = _variance(x, axis, correction, keepdims)
    return out.to(result)


def std(
    x: torch.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> torch.Tensor:
    out, result = _variance(x, axis, correction, keepdims)
    return torch.sqrt(out).to(result)


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def logsumexp(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    values, axes, count, result = _mean_parts(x, axis)
    if count == 0:
        out = torch.full(_kept_shape(tuple(x.shape), axes), -torch.inf, dtype=values.dtype)
    else:
        peak = _reduce_over(torch.amax, values, axes, True)
        peak = torch.where(torch.isfinite(peak), peak, torch.zeros((), dtype=values.dtype))
        out = torch.log(_sum_over(torch.exp(values - peak), axes, True)) + peak
    if not keepdims and axes:
        out = out.squeeze(axes)
    return out.to(native_dtypes[result])


@with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
def median(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    values, axes, count, result = _mean_parts(x, axis)
    kept = [a for a in range(x.ndim) if a not in axes]
    moved = values.permute(kept + list(axes))
    rows = moved.reshape(tuple(moved.shape[: len(kept)]) + (count,))
    if count == 0:
        out = torch.full(tuple(rows.shape[:-1]), torch.nan, dtype=values.dtype)
    else:
        ordered = torch.sort(rows, dim=-1).values
        low, high = ordered[..., (count - 1) // 2], ordered[..., count // 2]
        last = ordered[..., -1]
        out = torch.where(torch.isnan(last), last, (low + high) * 0.5)
    if keepdims:
        out = out.reshape(_kept_shape(tuple(x.shape), axes))
    return out.to(native_dtypes[result])
