"""numpy's statistics (numpy docs, "Statistics"): order statistics, averages and variances,
correlating, histograms.

Means and variances accumulate integers in float64 and float16 in float32, as numpy does.
Quantiles sort on the backend and pick or interpolate with numpy's formulas for every
method (Hyndman & Fan's nine and numpy's four others), with numpy's result dtypes (a
Python float ``q`` is weak, an array ``q`` strong). Histogram bin edges come from two
host scalars (the range) with ``numpy.linspace``, as numpy computes them; the counting runs
on the backend. Functions whose output size or validity depends on the values
(``bincount``'s length, ``digitize``'s monotonicity check, ``bins='auto'``, weight checks)
read those few values back to the host, as numpy's semantics need.

Differences: sorting replaces numpy's partition (same values, more work); the nan forms
give nan for all-nan slices without numpy's RuntimeWarning; float16 interpolation may
differ from numpy's by one unit in the last place (core rounds once per operation).
"""

from __future__ import annotations

import functools
import math
import operator
import warnings
from typing import Any

import numpy

import core
from core import native as ops
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native, as_scalar, to_host
from frontends.numpy._core.multiarray import ndarray
from frontends.numpy._frontend import (
    ArrayLike,
    fast,
    numpy_backend_types,
    numpy_function,
    numpy_on_numpy_backend,
)
from frontends.numpy.mathematical import (
    _axes,
    _correlate,
    _count,
    _dt,
    _finish,
    _mask,
    _NoValue,
    _real_dtype,
    _reduced_shape,
    _shape,
    warn_all_nan,
)
from frontends.numpy.sorting import sort as numpy_sort

__all__ = [
    "average", "bincount", "corrcoef", "correlate", "cov", "digitize", "histogram",
    "histogram2d", "histogram_bin_edges", "histogramdd", "mean", "median", "nanmean",
    "nanmedian", "nanpercentile", "nanquantile", "nanstd", "nanvar", "percentile", "quantile",
    "std", "var",
]  # fmt: skip

_builtin_range = range


def _wrap(value: Any) -> Any:
    return ndarray._from_native(value)


def _scalar_or_array(value: Any) -> Any:
    return as_scalar(value) if value.ndim == 0 else _wrap(value)


# ---------------------------------------------------------------------------------------
# means and variances
# ---------------------------------------------------------------------------------------
def _mean_dtypes(dt: core.Dtype, dtype: Any) -> tuple[core.Dtype, core.Dtype]:
    """(compute dtype, result dtype) of numpy's mean/var of a ``dt`` array."""
    if dtype is not None:
        target = nt.as_core(dtype)
        return (core.float32 if target == core.float16 else target), target
    if dt.kind in "biu":
        return core.float64, core.float64
    if dt == core.float16:
        return core.float32, core.float16
    return dt, dt


def _counts(a: Any, axes: tuple[int, ...], keepdims: bool, where: Any, dtype: core.Dtype):
    """How many elements each slice averages: a Python int, or an array under ``where``."""
    shape = _shape(a)
    if where is True:
        return _count(shape, axes), None
    mask = _mask(where, shape)
    count = (
        ops.sum(ops.astype(mask, dtype), axis=axes, keepdims=keepdims)
        if axes
        else (ops.astype(mask, dtype))
    )
    return count, mask


def _sum(x: Any, axes: tuple[int, ...], keepdims: bool) -> Any:
    return ops.sum(x, axis=axes, keepdims=keepdims) if axes else x


def _mean_native(
    a: Any, axis: Any, dtype: Any, keepdims: bool, where: Any, warn: bool = True
) -> Any:
    dt = _dt(a)
    axes = _axes(axis, a.ndim)
    compute, target = _mean_dtypes(dt, dtype)
    x = ops.astype(a, compute) if compute != dt else a
    count, mask = _counts(a, axes, keepdims, where, compute)
    if mask is not None:
        x = ops.where(mask, x, ops.zeros((), dtype=compute))
    elif count == 0 and warn:
        warnings.warn("Mean of empty slice.", RuntimeWarning, stacklevel=3)
    total = _sum(x, axes, keepdims)
    if compute.kind in "iub":
        total = ops.astype(total, core.float64)
    divisor = count if mask is not None else ops.asarray(count, dtype=_dt(total))
    result = ops.divide(total, divisor)
    return ops.astype(result, target) if _dt(result) != target else result


@fast(
    "mean",
    "a",
    keywords={"axis": "axis", "keepdims": "keepdims"},
    array_types=numpy_backend_types,
    lists=True,
)
@numpy_function(returns_scalars=True)
def mean(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    *,
    where: Any = True,
) -> Any:
    """np.mean: integers averaged in float64, float16 in float32."""
    return _finish(_mean_native(a, axis, dtype, keepdims, where), out)


def _ddof(ddof: Any, correction: Any) -> Any:
    if correction is not _NoValue:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        return correction
    return ddof


def _var_native(
    a: Any,
    axis: Any,
    dtype: Any,
    keepdims: bool,
    ddof: Any,
    where: Any,
    mean: Any,
    nan: bool = False,
) -> Any:
    dt = _dt(a)
    axes = _axes(axis, a.ndim)
    compute, target = _mean_dtypes(dt, dtype)
    x = ops.astype(a, compute) if compute != dt else a
    shape = _shape(a)
    mask = None if where is True else _mask(where, shape)
    if nan and compute.kind in "fc":
        valid = ops.logical_not(ops.isnan(x))
        mask = valid if mask is None else ops.logical_and(mask, valid)
    if mask is not None:
        count = _sum(ops.astype(mask, compute), axes, True)
        x = ops.where(mask, x, ops.zeros((), dtype=compute))
    else:
        count = _count(shape, axes)
        if ddof >= count:
            warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=3)
    if mean is not _NoValue and mean is not None:
        center = ops.astype(as_native(mean), compute)
        if not keepdims and axes and center.ndim == len(shape) - len(axes):
            center = ops.reshape(center, _reduced_shape(shape, axes, True))
    else:
        total = _sum(x, axes, True)
        divisor = count if mask is not None else ops.asarray(count, dtype=compute)
        center = ops.divide(total, divisor)
        if _dt(center) != compute:
            center = ops.astype(center, compute)
    deviation = ops.subtract(x, center)
    if compute.kind == "c":
        re, im = ops.real(deviation), ops.imag(deviation)
        squares = ops.add(ops.multiply(re, re), ops.multiply(im, im))
    else:
        squares = ops.multiply(deviation, deviation)
    if mask is not None:
        squares = ops.where(mask, squares, ops.zeros((), dtype=_dt(squares)))
    total = _sum(squares, axes, keepdims)
    real = _dt(total)
    if mask is not None:
        count = _sum(ops.astype(mask, real), axes, keepdims)
        denominator = ops.maximum(
            ops.subtract(count, ops.asarray(ddof, dtype=real)), ops.zeros((), dtype=real)
        )
    else:
        denominator = ops.asarray(float(_builtin_max(count - ddof, 0)), dtype=real)
    result = ops.divide(total, denominator)
    target = _real_dtype(target)
    return ops.astype(result, target) if _dt(result) != target else result


_builtin_max = max


@numpy_function(returns_scalars=True)
def var(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    ddof: Any = 0,
    keepdims: bool = False,
    *,
    where: Any = True,
    mean: Any = _NoValue,
    correction: Any = _NoValue,
) -> Any:
    """np.var (``ddof``/``correction``, ``mean=``); complex input gives a real result."""
    ddof = _ddof(ddof, correction)
    return _finish(_var_native(a, axis, dtype, keepdims, ddof, where, mean), out)


@numpy_function(returns_scalars=True)
def std(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    ddof: Any = 0,
    keepdims: bool = False,
    *,
    where: Any = True,
    mean: Any = _NoValue,
    correction: Any = _NoValue,
) -> Any:
    """np.std: the square root of :func:`var`."""
    ddof = _ddof(ddof, correction)
    return _finish(ops.sqrt(_var_native(a, axis, dtype, keepdims, ddof, where, mean)), out)


@numpy_function(returns_scalars=True)
def nanmean(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    *,
    where: Any = True,
) -> Any:
    """np.nanmean: nan ignored; an all-nan slice gives nan, with numpy's RuntimeWarning
    (one host read)."""
    dt = _dt(a)
    if dt.kind not in "fc":
        return _finish(_mean_native(a, axis, dtype, keepdims, where), out)
    valid = ops.logical_not(ops.isnan(a))
    if where is not True:
        valid = ops.logical_and(valid, _mask(where, _shape(a)))
    _warn_few(valid, axis, 0, "Mean of empty slice")
    with numpy.errstate(invalid="ignore", divide="ignore"):  # the numpy backend's 0 / 0
        result = _mean_native(a, axis, dtype, keepdims, _wrap(valid), warn=False)
    return _finish(result, out)


def _warn_few(valid: Any, axis: Any, ddof: Any, message: str) -> None:
    """numpy's RuntimeWarning of nanmean/nanvar where a slice along ``axis`` has no more
    than ``ddof`` numbers (one host read)."""
    axes = _axes(axis, valid.ndim)
    count = (
        ops.sum(ops.astype(valid, core.int64), axis=axes) if axes else ops.astype(valid, core.int64)
    )
    if bool(to_host(ops.any(ops.less_equal(count, ops.asarray(ddof, dtype=core.int64))))):
        warnings.warn(message, RuntimeWarning, stacklevel=4)


@numpy_function(returns_scalars=True)
def nanvar(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    ddof: Any = 0,
    keepdims: bool = False,
    *,
    where: Any = True,
    mean: Any = _NoValue,
    correction: Any = _NoValue,
) -> Any:
    """np.nanvar: nan ignored; numpy's RuntimeWarning where a slice has too few numbers."""
    ddof = _ddof(ddof, correction)
    return _finish(_nanvar_native(a, axis, dtype, keepdims, ddof, where, mean), out)


def _nanvar_native(a: Any, axis: Any, dtype: Any, keepdims: bool, ddof: Any, where: Any,
                   mean: Any) -> Any:  # fmt: skip
    if _dt(a).kind in "fc":
        valid = ops.logical_not(ops.isnan(a))
        if where is not True:
            valid = ops.logical_and(valid, _mask(where, _shape(a)))
        _warn_few(valid, axis, ddof, "Degrees of freedom <= 0 for slice.")
    with numpy.errstate(invalid="ignore", divide="ignore"):  # the numpy backend's 0 / 0
        return _var_native(a, axis, dtype, keepdims, ddof, where, mean, nan=True)


@numpy_function(returns_scalars=True)
def nanstd(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    ddof: Any = 0,
    keepdims: bool = False,
    *,
    where: Any = True,
    mean: Any = _NoValue,
    correction: Any = _NoValue,
) -> Any:
    """np.nanstd: the square root of :func:`nanvar`."""
    ddof = _ddof(ddof, correction)
    result = _nanvar_native(a, axis, dtype, keepdims, ddof, where, mean)
    return _finish(ops.sqrt(result), out)


def _weights_like(weights: Any, a: Any, axes: tuple[int, ...] | None) -> Any:
    """numpy's _weights_are_valid: weights of ``a``'s shape, or 1-D/N-D along ``axes``."""
    wgt = as_native(weights)
    shape, wshape = _shape(a), _shape(wgt)
    if shape != wshape:
        if axes is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if wshape != tuple(shape[ax] for ax in axes):
            raise ValueError(
                "Shape of weights must be consistent with shape of a along specified axis."
            )
        order = sorted(_builtin_range(len(axes)), key=lambda i: axes[i])
        wgt = ops.permute_dims(wgt, tuple(order))
        wgt = ops.reshape(wgt, tuple(s if ax in axes else 1 for ax, s in enumerate(shape)))
    return wgt


@numpy_function(returns_scalars=True)
def average(
    a: ArrayLike,
    axis: Any = None,
    weights: ArrayLike = None,
    returned: bool = False,
    *,
    keepdims: bool = False,
) -> Any:
    """np.average (weights, returned, keepdims); zero-sum weights are checked on the host."""
    keepdims = bool(keepdims) if keepdims is not _NoValue else False
    axes = None if axis is None else _axes(axis, a.ndim)
    if weights is None:
        avg = _mean_native(a, axes, None, keepdims, True)
        ratio = _count(_shape(a), tuple(_builtin_range(a.ndim))) / _builtin_max(
            math.prod(_shape(avg)), 1
        )
        scl = ops.full(_shape(avg), ratio, dtype=_dt(avg))
    else:
        wgt = _weights_like(weights, a, axes)
        kinds = [_dt(a), _dt(wgt)]
        if _dt(a).kind in "biu":
            kinds.append(core.float64)
        result_dtype = nt.RULES.result_dtype((tuple(kinds),), ())
        reduce_axes = tuple(_builtin_range(a.ndim)) if axes is None else axes
        wgt_full = ops.astype(ops.broadcast_to(wgt, _shape(a)), result_dtype)
        scl = ops.sum(wgt_full, axis=reduce_axes, keepdims=keepdims)
        if bool(to_host(ops.any(ops.equal(scl, ops.zeros((), dtype=result_dtype))))):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        product = ops.multiply(ops.astype(a, result_dtype), wgt_full)
        avg = ops.divide(ops.sum(product, axis=reduce_axes, keepdims=keepdims), scl)
    if returned:
        if _shape(scl) != _shape(avg):
            scl = ops.broadcast_to(scl, _shape(avg))
        return avg, scl
    return avg


# ---------------------------------------------------------------------------------------
# order statistics
# ---------------------------------------------------------------------------------------
def _to_last(a: Any, axes: tuple[int, ...]) -> tuple[Any, tuple[int, ...]]:
    """``a`` with ``axes`` moved to the end and merged into one; the kept shape."""
    shape = _shape(a)
    kept = [i for i in _builtin_range(a.ndim) if i not in axes]
    if list(axes) != list(_builtin_range(a.ndim - len(axes), a.ndim)) or len(axes) != 1:
        a = ops.permute_dims(a, tuple(kept) + tuple(axes))
    kept_shape = tuple(shape[i] for i in kept)
    return ops.reshape(a, kept_shape + (_count(shape, axes),)), kept_shape


def _keep(
    result: Any, leading: tuple[int, ...], shape: tuple[int, ...], axes: tuple, keepdims: bool
):
    if keepdims:
        result = ops.reshape(result, leading + _reduced_shape(shape, axes, True))
    return result


def _sort_last(x: Any) -> Any:
    """``x`` sorted along its last axis; complex numbers in numpy's lexicographic order
    (real part, then imaginary), by two stable argsorts."""
    if _dt(x).kind != "c":
        return ops.sort(x, axis=-1)
    order = ops.argsort(ops.imag(x), axis=-1, stable=True)
    real = ops.take_along_axis(ops.real(x), order, axis=-1)
    order = ops.take_along_axis(order, ops.argsort(real, axis=-1, stable=True), axis=-1)
    return ops.take_along_axis(x, order, axis=-1)


def _median_native(a: Any, axis: Any, keepdims: bool, nan: bool) -> Any:
    dt = _dt(a)
    shape = _shape(a)
    axes = _axes(axis, a.ndim)
    x, kept = _to_last(a, axes)
    n = x.shape[-1]
    compute, target = _mean_dtypes(dt, None)
    if n == 0:
        warnings.warn("Mean of empty slice.", RuntimeWarning, stacklevel=3)
        result = ops.full(kept, math.nan, dtype=target)
        return _keep(result, (), shape, axes, keepdims)
    x = _sort_last(x)
    if nan and dt.kind == "f":
        count = ops.sum(
            ops.astype(ops.logical_not(ops.isnan(x)), core.int64), axis=-1, keepdims=True
        )
        one = ops.asarray(1, dtype=core.int64)
        low = ops.clip(
            ops.floor_divide(ops.subtract(count, one), ops.asarray(2, dtype=core.int64)), 0, n - 1
        )
        high = ops.clip(ops.floor_divide(count, ops.asarray(2, dtype=core.int64)), 0, n - 1)
    else:
        low = ops.full(kept + (1,), (n - 1) // 2, dtype=core.int64)
        high = ops.full(kept + (1,), n // 2, dtype=core.int64)
    lo = ops.astype(ops.take_along_axis(x, low, axis=-1), compute)
    hi = ops.astype(ops.take_along_axis(x, high, axis=-1), compute)
    result = ops.divide(ops.add(lo, hi), ops.asarray(2, dtype=compute))
    result = ops.reshape(result, kept)
    if dt.kind in "fc":
        if nan and dt.kind == "f":
            bad = ops.equal(ops.reshape(count, kept), ops.zeros((), dtype=core.int64))
        else:
            bad = ops.isnan(ops.reshape(x[..., -1:], kept))
        result = ops.where(bad, ops.asarray(math.nan, dtype=compute), result)
    result = ops.astype(result, target)
    return _keep(result, (), shape, axes, keepdims)


def _overwrites_input(axis_at: int) -> Any:
    """A median or quantile function that, with ``overwrite_input=True`` on a writeable
    frontend array, leaves the input reordered as numpy leaves it partitioned in place
    (numpy documents that the call modifies it): sorted along ``axis`` here (over the
    flattened array for None), one order numpy's partition may leave; a tuple of axes,
    which numpy reduces on a copy, leaves the input as it is. ``axis_at``: the position
    of ``axis``; ``overwrite_input`` follows ``out``, two after it."""

    def decorate(function: Any) -> Any:
        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            result = function(*args, **kwargs)
            at = axis_at + 2
            if args[at] if len(args) > at else kwargs.get("overwrite_input", False):
                a = args[0] if args else kwargs.get("a")
                axis = args[axis_at] if len(args) > axis_at else kwargs.get("axis")
                if isinstance(a, ndarray) and a.flags.writeable and a.size:
                    if axis is None:
                        a[...] = numpy_sort(a, axis=None).reshape(a.shape)
                    elif not isinstance(axis, tuple | list):
                        a.sort(axis=axis)
            return result

        return call

    return decorate


@_overwrites_input(axis_at=1)
@numpy_function(returns_scalars=True)
def median(
    a: ArrayLike, axis: Any = None, out: Any = None, overwrite_input: bool = False,
    keepdims: bool = False,
) -> Any:  # fmt: skip
    """np.median: the mean of the two middle values; nan where a slice holds nan."""
    return _finish(_median_native(a, axis, keepdims, False), out)


@numpy_function(returns_scalars=True)
def nanmedian(
    a: ArrayLike, axis: Any = None, out: Any = None, overwrite_input: bool = False,
    keepdims: bool = False,
) -> Any:  # fmt: skip
    """np.nanmedian: nan ignored; an all-nan slice gives nan, with numpy's RuntimeWarning."""
    result = _median_native(a, axis, keepdims, True)
    warn_all_nan(result)
    return _finish(result, out)


_METHODS = (
    "inverted_cdf", "averaged_inverted_cdf", "closest_observation",
    "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
    "normal_unbiased", "lower", "higher", "midpoint", "nearest",
)  # fmt: skip
_ALPHA_BETA = {
    "interpolated_inverted_cdf": (0.0, 1.0),
    "hazen": (0.5, 0.5),
    "weibull": (0.0, 0.0),
    "median_unbiased": (1 / 3.0, 1 / 3.0),
    "normal_unbiased": (3 / 8.0, 3 / 8.0),
}


def _quantile_native(
    a: Any,
    q: Any,
    q_host: numpy.ndarray,
    weak_q: bool,
    axis: Any,
    method: str,
    keepdims: bool,
    weights: Any,
    nan: bool,
) -> Any:
    """numpy's _quantile on the backend: ``q`` a native array of the quantiles (its dtype
    as numpy's), the result of shape q.shape + the kept axes."""
    dt = _dt(a)
    shape = _shape(a)
    axes = _axes(axis, a.ndim)
    qdt = _dt(q)
    q_shape = _shape(q)
    if method not in _METHODS:
        raise ValueError(
            f"{method!r} is not a valid method. Use one of: dict_keys({list(_METHODS)!r})"
        )
    x, kept = _to_last(a, axes)
    n = int(x.shape[-1])
    if n == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    supports_nans = dt.kind == "f"
    k = len(kept)
    i64 = core.int64
    # q broadcast against the kept axes: shape q_shape + (1,)*k
    qb = ops.reshape(q, q_shape + (1,) * k)
    if weights is not None:
        w = ops.broadcast_to(weights, shape)
        w, _ = _to_last(w, axes)
        order = ops.argsort(x, axis=-1, stable=True)
        x = ops.take_along_axis(x, order, axis=-1)
        w = ops.astype(ops.take_along_axis(w, order, axis=-1), core.float64)
        if nan and supports_nans:
            w = ops.where(ops.isnan(x), ops.zeros((), dtype=core.float64), w)
        cdf = ops.cumulative_sum(w, axis=-1)
        cdf = ops.divide(cdf, cdf[..., -1:])
        if bool(to_host(ops.any(ops.isnan(cdf[..., -1])))):
            raise ValueError("Weights included NaN, inf or were all zero.")
        if qdt.kind == "f":
            cdf = ops.astype(cdf, qdt)
        cdf = ops.where(
            ops.equal(cdf, ops.zeros((), dtype=_dt(cdf))), ops.asarray(-1, dtype=_dt(cdf)), cdf
        )
        # searchsorted(cdf, q, 'left') = how many cdf values are < q
        qc = ops.astype(ops.reshape(q, q_shape + (1,) * (k + 1)), _dt(cdf))
        index = ops.sum(ops.astype(ops.less(cdf, qc), i64), axis=-1)
        index = ops.minimum(index, ops.asarray(n - 1, dtype=i64))
        result = _gather(x, index, q_shape, kept)
        result_dtype = dt
        if supports_nans and not nan:
            result = _nan_slices(result, x, q_shape, kept)
        return _finish_quantile(result, result_dtype, shape, axes, q_shape, keepdims)
    x = ops.sort(x, axis=-1)
    if nan and supports_nans:
        count = ops.sum(ops.astype(ops.logical_not(ops.isnan(x)), i64), axis=-1)
        n_arr = ops.astype(count, qdt if qdt.kind == "f" else core.float64)
        last = ops.subtract(count, ops.asarray(1, dtype=i64))
    else:
        count = None
        n_arr = ops.asarray(float(n), dtype=qdt if qdt.kind == "f" else core.float64)
        last = ops.asarray(n - 1, dtype=i64)
    fdt = _dt(n_arr)
    qf = ops.astype(qb, fdt)
    one = ops.asarray(1.0, dtype=fdt)
    discrete = method in ("lower", "higher", "nearest", "inverted_cdf", "closest_observation")
    integer_q = qdt.kind in "biu" and method == "linear"
    if discrete or integer_q:
        base = ops.multiply(ops.subtract(n_arr, one), qf)
        if method == "lower":
            index = ops.floor(base)
        elif method == "higher":
            index = ops.ceil(base)
        elif method == "nearest":
            index = ops.round(base)
        elif method == "linear":
            index = base
        else:
            virtual = ops.subtract(ops.multiply(n_arr, qf), one)
            if method == "closest_observation":
                virtual = ops.subtract(virtual, ops.asarray(0.5, dtype=fdt))
            previous = ops.floor(virtual)
            gamma = ops.subtract(virtual, previous)
            condition = ops.equal(gamma, ops.zeros((), dtype=fdt))
            if method == "closest_observation":
                odd = ops.equal(ops.remainder(previous, ops.asarray(2.0, dtype=fdt)), one)
                condition = ops.logical_and(condition, odd)
            index = ops.where(condition, previous, ops.add(previous, one))
            index = ops.maximum(index, ops.zeros((), dtype=fdt))
        index = ops.astype(index, i64)
        index = _clip_index(index, last, n)
        result = _gather(x, index, q_shape, kept)
        result_dtype = dt
    else:
        if method == "linear":
            virtual = ops.multiply(ops.subtract(n_arr, one), qf)
        elif method in ("averaged_inverted_cdf",):
            virtual = ops.subtract(ops.multiply(n_arr, qf), one)
        elif method == "midpoint":
            base = ops.multiply(ops.subtract(n_arr, one), qf)
            virtual = ops.multiply(
                ops.asarray(0.5, dtype=fdt), ops.add(ops.floor(base), ops.ceil(base))
            )
        else:
            alpha, beta = _ALPHA_BETA[method]
            virtual = ops.subtract(
                ops.add(
                    ops.multiply(n_arr, qf),
                    ops.add(
                        ops.asarray(alpha, dtype=fdt),
                        ops.multiply(qf, ops.asarray(1 - alpha - beta, dtype=fdt)),
                    ),
                ),
                one,
            )
        previous = ops.floor(virtual)
        above = ops.greater_equal(virtual, ops.subtract(n_arr, one))
        below = ops.less(virtual, ops.zeros((), dtype=fdt))
        minus_one = ops.asarray(-1.0, dtype=fdt)
        previous = ops.where(above, minus_one, previous)
        next_ = ops.where(above, minus_one, ops.add(ops.floor(virtual), one))
        previous = ops.where(below, ops.zeros((), dtype=fdt), previous)
        next_ = ops.where(below, ops.zeros((), dtype=fdt), next_)
        gamma = ops.subtract(virtual, previous)
        if method == "averaged_inverted_cdf":
            gamma = ops.where(
                ops.equal(gamma, ops.zeros((), dtype=fdt)),
                ops.asarray(0.5, dtype=fdt),
                ops.ones((), dtype=fdt),
            )
        elif method == "midpoint":
            whole = ops.equal(ops.remainder(virtual, one), ops.zeros((), dtype=fdt))
            gamma = ops.where(whole, ops.zeros((), dtype=fdt), ops.asarray(0.5, dtype=fdt))
        prev_i = _clip_index(ops.astype(previous, i64), last, n)
        next_i = _clip_index(ops.astype(next_, i64), last, n)
        low = _gather(x, prev_i, q_shape, kept)
        high = _gather(x, next_i, q_shape, kept)
        if weak_q:
            result_dtype = nt.RULES.result_dtype(((dt,),), (float,))
        else:
            result_dtype = nt.RULES.result_dtype(((dt, qdt),), ())
        gamma = ops.broadcast_to(gamma, _shape(low))
        result = _lerp(low, high, gamma, dt, result_dtype)
    if supports_nans:
        if nan:
            empty = ops.equal(count, ops.zeros((), dtype=i64))
            result = ops.where(
                ops.broadcast_to(empty, _shape(result)),
                ops.asarray(math.nan, dtype=_dt(result)),
                result,
            )
        else:
            result = _nan_slices(result, x, q_shape, kept)
    return _finish_quantile(result, result_dtype, shape, axes, q_shape, keepdims)


def _clip_index(index: Any, last: Any, n: int) -> Any:
    """numpy's -1 (the last valid element) resolved, and indices kept inside the slice."""
    last_b = last if last.ndim == 0 else ops.broadcast_to(last, _shape(index))
    index = ops.where(ops.less(index, ops.zeros((), dtype=core.int64)), last_b, index)
    index = ops.minimum(index, last_b)
    return ops.clip(index, 0, n - 1)


def _gather(x: Any, index: Any, q_shape: tuple[int, ...], kept: tuple[int, ...]) -> Any:
    """x[..., index] for ``index`` of shape q_shape + kept (or broadcastable), giving
    q_shape + kept."""
    nq, k = len(q_shape), len(kept)
    index = ops.broadcast_to(index, q_shape + kept)
    qs = math.prod(q_shape)
    # q axes to the end, merged: kept + (qs,)
    perm = tuple(_builtin_range(nq, nq + k)) + tuple(_builtin_range(nq))
    moved = ops.reshape(ops.permute_dims(index, perm), kept + (qs,))
    picked = ops.take_along_axis(x, moved, axis=-1)
    picked = ops.reshape(picked, kept + q_shape)
    back = tuple(_builtin_range(k, k + nq)) + tuple(_builtin_range(k))
    return ops.permute_dims(picked, back)


def _nan_slices(result: Any, x: Any, q_shape: tuple[int, ...], kept: tuple[int, ...]) -> Any:
    has_nan = ops.isnan(ops.reshape(x[..., -1:], kept))
    has_nan = ops.broadcast_to(has_nan, _shape(result))
    return ops.where(has_nan, ops.asarray(math.nan, dtype=_dt(result)), result)


def _lerp(a: Any, b: Any, t: Any, dt: core.Dtype, result_dtype: core.Dtype) -> Any:
    """numpy's _lerp: b - a in the input dtype, then a + d*t, or b - d*(1-t) for t >= 0.5."""
    if dt == core.bool:
        raise TypeError(
            "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
            "the `^` operator, or the logical_xor function instead."
        )
    diff = ops.subtract(b, a)
    diff = ops.astype(diff, result_dtype)
    t = ops.astype(t, result_dtype)
    a, b = ops.astype(a, result_dtype), ops.astype(b, result_dtype)
    forward = ops.add(a, ops.multiply(diff, t))
    backward = ops.subtract(
        b, ops.multiply(diff, ops.subtract(ops.ones((), dtype=result_dtype), t))
    )
    return ops.where(ops.greater_equal(t, ops.asarray(0.5, dtype=result_dtype)), backward, forward)


def _finish_quantile(
    result: Any,
    result_dtype: core.Dtype,
    shape: tuple[int, ...],
    axes: tuple[int, ...],
    q_shape: tuple[int, ...],
    keepdims: bool,
) -> Any:
    if _dt(result) != result_dtype:
        result = ops.astype(result, result_dtype)
    if keepdims:
        result = ops.reshape(result, q_shape + _reduced_shape(shape, axes, True))
    return result


def _quantile_entry(
    a: Any,
    q: Any,
    axis: Any,
    method: str,
    keepdims: bool,
    weights: Any,
    nan: bool,
    percent: bool,
    interpolation: Any = None,
) -> Any:
    if interpolation is not None:
        warnings.warn(
            "the `interpolation=` argument to quantile was renamed to `method=`, which has "
            "additional options.\nUsers of the modes 'nearest', 'lower', 'higher', or "
            "'midpoint' are encouraged to review the method they used. (Deprecated NumPy "
            "1.22)",
            DeprecationWarning,
            stacklevel=3,
        )
        method = interpolation
    if _dt(a).kind == "c":
        raise TypeError("a must be an array of real numbers")
    weak_q = type(q) in (int, float)
    q_native = as_native(q)
    if percent:
        qdt = _dt(q_native)
        fdt = qdt if qdt.kind in "fc" else core.float64
        q_native = ops.divide(ops.astype(q_native, fdt), ops.asarray(100, dtype=fdt))
    if weak_q:  # checked on the host as given (no device read: traceable under jax.jit)
        q_host = numpy.asarray(q / 100 if percent else q)
    else:
        q_host = to_host(q_native)
    if q_host.ndim > 2:
        raise ValueError("q must be a scalar or 1d")
    if not ((q_host >= 0).all() and (q_host <= 1).all()):
        raise ValueError(
            "Percentiles must be in the range [0, 100]"
            if percent
            else "Quantiles must be in the range [0, 1]"
        )
    axes = None if axis is None else _axes(axis, a.ndim)
    wgt = None
    if weights is not None:
        if method != "inverted_cdf":
            raise ValueError(f"Only method 'inverted_cdf' supports weights. Got: {method}.")
        wgt = _weights_like(weights, a, axes)
        if bool(to_host(ops.any(ops.less(wgt, ops.zeros((), dtype=_dt(wgt)))))):
            raise ValueError("Weights must be non-negative.")
    result = _quantile_native(a, q_native, q_host, weak_q, axis, method, keepdims, wgt, nan)
    if wgt is not None and result.ndim == 0:  # numpy's weighted path returns a 0-d array
        return _wrap(result)
    return result


@_overwrites_input(axis_at=2)
@numpy_function(returns_scalars=True)
def quantile(
    a: ArrayLike,
    q: Any,
    axis: Any = None,
    out: Any = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: ArrayLike = None,
    interpolation: Any = None,
) -> Any:
    """np.quantile with all of numpy's methods; weights with method='inverted_cdf'."""
    result = _quantile_entry(a, q, axis, method, keepdims, weights, False, False, interpolation)
    return _finish(result, out)


@_overwrites_input(axis_at=2)
@numpy_function(returns_scalars=True)
def percentile(
    a: ArrayLike,
    q: Any,
    axis: Any = None,
    out: Any = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: ArrayLike = None,
    interpolation: Any = None,
) -> Any:
    """np.percentile: :func:`quantile` of q / 100."""
    result = _quantile_entry(a, q, axis, method, keepdims, weights, False, True, interpolation)
    return _finish(result, out)


@numpy_function(returns_scalars=True)
def nanquantile(
    a: ArrayLike,
    q: Any,
    axis: Any = None,
    out: Any = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: ArrayLike = None,
    interpolation: Any = None,
) -> Any:
    """np.nanquantile: nan ignored; an all-nan slice gives nan, with numpy's RuntimeWarning."""
    result = _quantile_entry(a, q, axis, method, keepdims, weights, True, False, interpolation)
    warn_all_nan(as_native(result))
    return _finish(result, out)


@numpy_function(returns_scalars=True)
def nanpercentile(
    a: ArrayLike,
    q: Any,
    axis: Any = None,
    out: Any = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: ArrayLike = None,
    interpolation: Any = None,
) -> Any:
    """np.nanpercentile: nan ignored; an all-nan slice gives nan, with numpy's RuntimeWarning."""
    result = _quantile_entry(a, q, axis, method, keepdims, weights, True, True, interpolation)
    warn_all_nan(as_native(result))
    return _finish(result, out)


# ---------------------------------------------------------------------------------------
# correlating
# ---------------------------------------------------------------------------------------
@numpy_function()
def correlate(a: ArrayLike, v: ArrayLike, mode: Any = "valid") -> Any:
    """np.correlate of two 1-D sequences (``v`` conjugated, as numpy's)."""
    return _correlate(a, v, mode)


def cov(
    m: Any,
    y: Any = None,
    rowvar: bool = True,
    bias: bool = False,
    ddof: Any = None,
    fweights: Any = None,
    aweights: Any = None,
    *,
    dtype: Any = None,
) -> Any:
    """np.cov; weight checks (integer, non-negative) and ``fact <= 0`` read values back."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = as_native(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = as_native(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        parts = [_dt(m)] + ([_dt(y)] if y is not None else []) + [core.float64]
        dt = nt.RULES.result_dtype((tuple(parts),), ())
    else:
        dt = nt.as_core(dtype)
    X = ops.astype(m, dt)
    if X.ndim < 2:
        X = ops.reshape(X, (1,) * (2 - X.ndim) + _shape(X))
    if not rowvar and m.ndim != 1:
        X = ops.permute_dims(X, (1, 0))
    if X.shape[0] == 0:
        return _wrap(ops.zeros((0, 0), dtype=core.float64))
    if y is not None:
        Y = ops.astype(y, dt)
        if Y.ndim < 2:
            Y = ops.reshape(Y, (1,) * (2 - Y.ndim) + _shape(Y))
        if not rowvar and Y.shape[0] != 1:
            Y = ops.permute_dims(Y, (1, 0))
        X = ops.concat([X, Y], axis=0)
    if ddof is None:
        ddof = 1 if bias == 0 else 0
    n = int(X.shape[1])
    w = None
    if fweights is not None:
        fw = ops.astype(as_native(fweights), core.float64)
        host = to_host(fw)
        if not numpy.all(host == numpy.around(host)):
            raise TypeError("fweights must be integer")
        if fw.ndim > 1:
            raise RuntimeError("cannot handle multidimensional fweights")
        if fw.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and fweights")
        if numpy.any(host < 0):
            raise ValueError("fweights cannot be negative")
        w = fw
    aw = None
    if aweights is not None:
        aw = ops.astype(as_native(aweights), core.float64)
        if aw.ndim > 1:
            raise RuntimeError("cannot handle multidimensional aweights")
        if aw.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and aweights")
        if bool(to_host(ops.any(ops.less(aw, ops.zeros((), dtype=core.float64))))):
            raise ValueError("aweights cannot be negative")
        w = aw if w is None else ops.multiply(w, aw)
    if w is None:
        avg = (
            ops.divide(ops.sum(X, axis=1), ops.asarray(n, dtype=dt))
            if n
            else (ops.full((int(X.shape[0]),), math.nan, dtype=dt))
        )
        fact = n - ddof
    else:
        avg_dt = nt.RULES.result_dtype(((dt, core.float64),), ())
        w_sum = ops.sum(w)
        avg = ops.divide(ops.sum(ops.multiply(ops.astype(X, avg_dt), w), axis=1), w_sum)
        avg = ops.astype(avg, dt)
        w_sum_host = float(to_host(w_sum))
        if ddof == 0:
            fact = w_sum_host
        elif aw is None:
            fact = w_sum_host - ddof
        else:
            fact = w_sum_host - ddof * float(to_host(ops.sum(ops.multiply(w, aw)))) / w_sum_host
    if fact <= 0:
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    X = ops.subtract(X, ops.reshape(avg, (-1, 1)))
    X_T = ops.permute_dims(X if w is None else ops.astype(ops.multiply(X, w), dt), (1, 0))
    if dt.kind == "c":
        X_T = ops.conj(X_T)
    c = ops.matmul(X, X_T)
    with numpy.errstate(divide="ignore"):
        factor = numpy.true_divide(1, fact)
    c = ops.multiply(c, ops.asarray(factor, dtype=dt))
    c = ops.reshape(c, tuple(s for s in _shape(c) if s != 1))
    return _wrap(c)


def corrcoef(x: Any, y: Any = None, rowvar: bool = True, *, dtype: Any = None) -> Any:
    """np.corrcoef: cov normalized by the standard deviations, clipped to [-1, 1]."""
    c = cov(x, y, rowvar, dtype=dtype).native
    if c.ndim != 2:
        return _scalar_or_array(ops.divide(c, c))
    dt = _dt(c)
    d = ops.linalg.diagonal(c) if hasattr(ops, "linalg") else None
    stddev = ops.sqrt(ops.real(d))
    if dt.kind == "c":
        stddev = ops.astype(stddev, dt)
    c = ops.divide(c, ops.reshape(stddev, (-1, 1)))
    c = ops.divide(c, ops.reshape(stddev, (1, -1)))
    if dt.kind == "c":
        re = ops.clip(ops.real(c), -1.0, 1.0)
        im = ops.clip(ops.imag(c), -1.0, 1.0)
        c = ops.add(ops.astype(re, dt), ops.multiply(ops.astype(im, dt), ops.asarray(1j, dtype=dt)))
    else:
        c = ops.clip(c, -1.0, 1.0)
    return _wrap(c)


# ---------------------------------------------------------------------------------------
# histograms
# ---------------------------------------------------------------------------------------
def _host_scalar(value: Any) -> Any:
    return as_scalar(value)


def _unsigned_subtract(a: Any, b: Any) -> Any:
    """numpy's _unsigned_subtract of two host scalars."""
    signed_to_unsigned = {
        numpy.byte: numpy.ubyte, numpy.short: numpy.ushort, numpy.intc: numpy.uintc,
        numpy.int_: numpy.uint, numpy.longlong: numpy.ulonglong,
    }  # fmt: skip
    dt = numpy.result_type(a, b)
    try:
        unsigned_dt = signed_to_unsigned[dt.type]
    except KeyError:
        return numpy.subtract(a, b, dtype=dt)
    return numpy.subtract(
        numpy.asarray(a, dtype=dt), numpy.asarray(b, dtype=dt), casting="unsafe", dtype=unsigned_dt
    )


def _outer_edges(a: Any, range: Any) -> tuple[Any, Any]:
    if range is not None:
        first_edge, last_edge = range
        if first_edge > last_edge:
            raise ValueError("max must be larger than min in range parameter.")
        if not (numpy.isfinite(first_edge) and numpy.isfinite(last_edge)):
            raise ValueError(f"supplied range of [{first_edge}, {last_edge}] is not finite")
    elif math.prod(_shape(a)) == 0:
        first_edge, last_edge = 0, 1
    else:
        both = to_host(ops.stack([ops.min(a), ops.max(a)]))
        first_edge, last_edge = both[0], both[1]
        if not (numpy.isfinite(first_edge) and numpy.isfinite(last_edge)):
            raise ValueError(f"autodetected range of [{first_edge}, {last_edge}] is not finite")
    if first_edge == last_edge:
        first_edge = first_edge - 0.5
        last_edge = last_edge + 0.5
    return first_edge, last_edge


def _ptp_host(x: Any) -> Any:
    both = to_host(ops.stack([ops.max(x), ops.min(x)]))
    return _unsigned_subtract(both[0], both[1])


def _bin_width(name: str, x: Any, range: Any = None) -> float:
    size = math.prod(_shape(x))
    if name == "stone":
        return _stone_width(x, size, range)
    if name == "sqrt":
        return _ptp_host(x) / numpy.sqrt(size)
    if name == "sturges":
        return _ptp_host(x) / (numpy.log2(size) + 1.0)
    if name == "rice":
        return _ptp_host(x) / (2.0 * size ** (1.0 / 3))
    if name == "scott":
        sd = as_scalar(ops.sqrt(_var_native(x, None, None, False, 0, True, _NoValue)))
        return (24.0 * numpy.pi**0.5 / size) ** (1.0 / 3.0) * sd
    if name == "fd":
        q = ops.asarray(numpy.array([0.75, 0.25]))
        quart = to_host(_quantile_native(x, q, None, False, None, "linear", False, None, False))
        return 2.0 * numpy.subtract(quart[0], quart[1]) * size ** (-1.0 / 3.0)
    if name == "auto":
        fd_bw = _bin_width("fd", x)
        sturges_bw = _bin_width("sturges", x)
        sqrt_bw = _bin_width("sqrt", x)
        return min(_builtin_max(fd_bw, sqrt_bw / 2), sturges_bw)
    if name == "doane":
        if size > 2:
            sg1 = numpy.sqrt(6.0 * (size - 2) / ((size + 1.0) * (size + 3)))
            xf = ops.astype(x, core.float64) if _dt(x).kind != "f" else x
            sigma = as_scalar(ops.sqrt(_var_native(xf, None, None, False, 0, True, _NoValue)))
            if sigma > 0.0:
                centered = ops.subtract(xf, ops.mean(xf))
                temp = ops.divide(centered, ops.asarray(sigma, dtype=_dt(xf)))
                g1 = as_scalar(ops.mean(ops.multiply(ops.multiply(temp, temp), temp)))
                return _ptp_host(x) / (
                    1.0 + numpy.log2(size) + numpy.log2(1.0 + numpy.absolute(g1) / sg1)
                )
        return 0.0
    raise ValueError(f"{name!r} is not a valid estimator for `bins`")


def _stone_width(x: Any, n: int, range: Any) -> float:
    """numpy's Stone estimator: one histogram per candidate bin count (on the backend),
    the cross-validation score of each on the host."""
    ptp_x = _ptp_host(x)
    if n <= 1 or ptp_x == 0:
        return 0
    upper = _builtin_max(100, int(numpy.sqrt(n)))
    best, best_score = None, None
    for nbins in _builtin_range(1, upper + 1):
        hh = ptp_x / nbins
        counts = histogram(_wrap(x), bins=nbins, range=range)[0]
        p_k = to_host(counts.stored) / n
        score = (2 - (n + 1) * p_k.dot(p_k)) / hh
        if best_score is None or score < best_score:
            best, best_score = nbins, score
    if best == upper:
        warnings.warn(
            "The number of bins estimated may be suboptimal.", RuntimeWarning, stacklevel=4
        )
    return ptp_x / best


_SELECTORS = ("stone", "auto", "doane", "fd", "rice", "scott", "sqrt", "sturges")


def _bin_edges(a: Any, bins: Any, range: Any, weights: Any) -> tuple[Any, Any]:
    """numpy's _get_bin_edges: the edges as a host array, and (first, last, n) when uniform."""
    n_equal_bins = None
    bin_edges = None
    if isinstance(bins, str):
        if bins not in _SELECTORS:
            raise ValueError(f"{bins!r} is not a valid estimator for `bins`")
        if weights is not None:
            raise TypeError(
                "Automated estimation of the number of bins is not supported for weighted data"
            )
        first_edge, last_edge = _outer_edges(a, range)
        if range is not None:
            keep = ops.logical_and(
                ops.greater_equal(a, _edge_value(first_edge, a)),
                ops.less_equal(a, _edge_value(last_edge, a)),
            )
            keep_host = to_host(keep)
            if not keep_host.all():
                a = ops.take(a, ops.asarray(numpy.flatnonzero(keep_host)), axis=0)
        if math.prod(_shape(a)) == 0:
            n_equal_bins = 1
        else:
            width = _bin_width(bins, a, (first_edge, last_edge))
            if width:
                if _dt(a).kind in "iu" and width < 1:
                    width = 1
                delta = _unsigned_subtract(last_edge, first_edge)
                n_equal_bins = int(numpy.ceil(delta / width))
            else:
                n_equal_bins = 1
    elif numpy.ndim(bins) == 0 and not isinstance(bins, ndarray):
        try:
            n_equal_bins = operator.index(bins)
        except TypeError as e:
            raise TypeError("`bins` must be an integer, a string, or an array") from e
        if n_equal_bins < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first_edge, last_edge = _outer_edges(a, range)
    elif numpy.ndim(bins) == 1:
        bin_edges = to_host(as_native(bins))
        if numpy.any(bin_edges[:-1] > bin_edges[1:]):
            raise ValueError("`bins` must increase monotonically, when an array")
    else:
        raise ValueError("`bins` must be 1d, when an array")
    if n_equal_bins is not None:
        bin_type = numpy.result_type(first_edge, last_edge, numpy.empty(0, nt.numpy_dtype(_dt(a))))
        if numpy.issubdtype(bin_type, numpy.integer):
            bin_type = numpy.result_type(bin_type, float)
        bin_edges = numpy.linspace(
            first_edge, last_edge, n_equal_bins + 1, endpoint=True, dtype=bin_type
        )
        if numpy.any(bin_edges[:-1] >= bin_edges[1:]):
            raise ValueError(
                f"Too many bins for data range. Cannot create {n_equal_bins} finite-sized bins."
            )
        return bin_edges, (first_edge, last_edge, n_equal_bins)
    return bin_edges, None


def _edge_value(value: Any, a: Any) -> Any:
    """A host edge compared with ``a`` as numpy compares them (NEP 50 on the pair)."""
    if type(value) in (int, float):
        dtype = nt.RULES.result_dtype(((_dt(a),),), (type(value),))
    else:
        dtype = nt.RULES.result_dtype(((_dt(a), nt.as_core(numpy.asarray(value).dtype)),), ())
    return ops.asarray(numpy.asarray(value).astype(nt.numpy_dtype(dtype)))


def _ravel_and_check_weights(a: Any, weights: Any) -> tuple[Any, Any]:
    a = as_native(a)
    if _dt(a) == core.bool:
        warnings.warn(
            "Converting input from bool to <class 'numpy.uint8'> for compatibility.",
            RuntimeWarning,
            stacklevel=3,
        )
        a = ops.astype(a, core.uint8)
    if weights is not None:
        weights = as_native(weights)
        if _shape(weights) != _shape(a):
            raise ValueError("weights should have the same shape as a.")
        weights = ops.reshape(weights, (-1,))
    return ops.reshape(a, (-1,)), weights


def _bincount_native(indices: Any, weights: Any, length: int) -> Any:
    """Counts (int64) or float64 sums of ``weights`` at ``indices`` (all inside [0, length))."""
    if weights is None:
        src = ops.ones(_shape(indices), dtype=core.int64)
        dtype = core.int64
    else:
        src = ops.astype(weights, core.float64)
        dtype = core.float64
    if _shape(indices)[0] == 0:
        return ops.zeros((length,), dtype=dtype)
    return ops.scatter(ops.zeros((length,), dtype=dtype), 0, indices, src, reduce="add")


def _searchsorted(sorted_: Any, values: Any, side: str) -> Any:
    dtype = nt.RULES.result_dtype(((_dt(sorted_), _dt(values)),), ())
    return ops.searchsorted(ops.astype(sorted_, dtype), ops.astype(values, dtype), side=side)


def histogram_bin_edges(a: Any, bins: Any = 10, range: Any = None, weights: Any = None) -> Any:
    """np.histogram_bin_edges."""
    a, weights = _ravel_and_check_weights(a, weights)
    edges, _ = _bin_edges(a, bins, range, weights)
    return _wrap(ops.asarray(edges))


def histogram(
    a: Any,
    bins: Any = 10,
    range: Any = None,
    density: Any = None,
    weights: Any = None,
) -> tuple[Any, Any]:
    """np.histogram: numpy's uniform-bin index computation (with its edge corrections) and
    its sorted search for explicit edges, run on the backend."""
    a, weights = _ravel_and_check_weights(a, weights)
    edges_host, uniform = _bin_edges(a, bins, range, weights)
    ntype = numpy.dtype(numpy.intp) if weights is None else nt.numpy_dtype(_dt(weights))
    edges = ops.asarray(edges_host)
    nbins = int(edges_host.shape[0]) - 1
    if uniform is not None:
        first_edge, last_edge, n_equal_bins = uniform
        fnp = _frontend()
        keep = ops.logical_and(
            ops.greater_equal(a, _edge_value(first_edge, a)),
            ops.less_equal(a, _edge_value(last_edge, a)),
        )
        tmp_a = ops.astype(a, _dt(edges))
        norm_denom = _unsigned_subtract(last_edge, first_edge)
        shifted = fnp.subtract(_wrap(tmp_a), first_edge)
        f_indices = (shifted / norm_denom) * n_equal_bins
        indices = ops.astype(f_indices.native, core.int64)
        indices = ops.where(ops.logical_not(keep), ops.zeros((), dtype=core.int64), indices)
        top = ops.asarray(n_equal_bins, dtype=core.int64)
        indices = ops.where(
            ops.equal(indices, top), ops.subtract(top, ops.asarray(1, dtype=core.int64)), indices
        )
        indices = ops.clip(indices, 0, n_equal_bins - 1)
        decrement = ops.less(tmp_a, ops.take(edges, indices, axis=0))
        indices = ops.where(
            decrement, ops.subtract(indices, ops.asarray(1, dtype=core.int64)), indices
        )
        indices = ops.clip(indices, 0, n_equal_bins - 1)
        increment = ops.logical_and(
            ops.greater_equal(
                tmp_a, ops.take(edges, ops.add(indices, ops.asarray(1, dtype=core.int64)), axis=0)
            ),
            ops.not_equal(indices, ops.subtract(top, ops.asarray(1, dtype=core.int64))),
        )
        indices = ops.where(increment, ops.add(indices, ops.asarray(1, dtype=core.int64)), indices)
        if weights is None:
            w = ops.astype(keep, core.float64)
            n = ops.astype(_bincount_native(indices, w, n_equal_bins), core.int64)
        elif ntype.kind == "c":
            wr = ops.where(keep, ops.real(weights), ops.zeros((), dtype=_real_dtype(_dt(weights))))
            wi = ops.where(keep, ops.imag(weights), ops.zeros((), dtype=_real_dtype(_dt(weights))))
            re = _bincount_native(indices, wr, n_equal_bins)
            im = _bincount_native(indices, wi, n_equal_bins)
            n = ops.add(
                ops.astype(re, _dt(weights)),
                ops.multiply(ops.astype(im, _dt(weights)), ops.asarray(1j, dtype=_dt(weights))),
            )
        else:
            w = ops.where(keep, weights, ops.zeros((), dtype=_dt(weights)))
            n = ops.astype(_bincount_native(indices, w, n_equal_bins), _dt(weights))
    else:
        ndt = nt.as_core(ntype)
        if weights is None:
            sa = ops.sort(a)
            cum_n = ops.concat(
                [_searchsorted(sa, edges[:-1], "left"), _searchsorted(sa, edges[-1:], "right")],
                axis=0,
            )
        else:
            order = ops.argsort(a, stable=True)
            sa = ops.take(a, order, axis=0)
            sw = ops.take(weights, order, axis=0)
            cw = ops.concat([ops.zeros((1,), dtype=ndt), ops.cumulative_sum(sw, dtype=ndt)], axis=0)
            bin_index = ops.concat(
                [_searchsorted(sa, edges[:-1], "left"), _searchsorted(sa, edges[-1:], "right")],
                axis=0,
            )
            cum_n = ops.take(cw, bin_index, axis=0)
        n = ops.astype(ops.subtract(cum_n[1:], cum_n[:-1]), ndt) if nbins >= 0 else cum_n
    if density:
        fnp = _frontend()
        db = _wrap(ops.astype(ops.subtract(edges[1:], edges[:-1]), core.float64))
        hist = _wrap(n)
        return hist / db / fnp.sum(hist), _wrap(edges)
    return _wrap(n), _wrap(edges)


def _frontend() -> Any:
    import frontends.numpy as fnp

    return fnp


def histogramdd(
    sample: Any,
    bins: Any = 10,
    range: Any = None,
    density: Any = None,
    weights: Any = None,
) -> tuple[Any, list[Any]]:
    """np.histogramdd: per-dimension searchsorted, one flat bincount on the backend."""
    if hasattr(sample, "shape") and len(sample.shape) == 2:
        sample = as_native(sample)
    else:
        if hasattr(sample, "shape") or isinstance(sample, numpy.ndarray):
            sample = as_native(sample)
            sample = ops.reshape(sample, (1, -1) if sample.ndim < 2 else _shape(sample))
        else:
            sample = (
                ops.stack([ops.reshape(as_native(s), (-1,)) for s in sample], axis=0)
                if (len(sample) and numpy.ndim(sample[0]) > 0)
                else ops.reshape(as_native(sample), (1, -1))
            )
        sample = ops.permute_dims(sample, (1, 0))
    N, D = _shape(sample)
    edges: list[Any] = [None] * D
    nbin = [0] * D
    if weights is not None:
        weights = as_native(weights)
    try:
        M = len(bins)
        if M != D:
            raise ValueError(
                "The dimension of bins must be equal to the dimension of the sample x."
            )
    except TypeError:
        bins = D * [bins]
    if range is None:
        range = (None,) * D
    elif len(range) != D:
        raise ValueError("range argument must have one entry per dimension")
    for i in _builtin_range(D):
        column = sample[:, i]
        if numpy.ndim(bins[i]) == 0:
            if bins[i] < 1:
                raise ValueError(f"`bins[{i}]` must be positive, when an integer")
            smin, smax = _outer_edges(column, range[i])
            try:
                n = operator.index(bins[i])
            except TypeError as e:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from e
            edges[i] = numpy.linspace(smin, smax, n + 1)
        elif numpy.ndim(bins[i]) == 1:
            edges[i] = to_host(as_native(bins[i]))
            if numpy.any(edges[i][:-1] > edges[i][1:]):
                raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an array")
        else:
            raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
        nbin[i] = len(edges[i]) + 1
    flat = ops.zeros((N,), dtype=core.int64)
    stride = 1
    for i in reversed(_builtin_range(D)):
        column = sample[:, i]
        edge = ops.asarray(edges[i])
        count = _searchsorted(edge, column, "right")
        on_edge = _cmp_last(column, edges[i])
        count = ops.where(on_edge, ops.subtract(count, ops.asarray(1, dtype=core.int64)), count)
        flat = ops.add(flat, ops.multiply(count, ops.asarray(stride, dtype=core.int64)))
        stride *= nbin[i]
    hist = _bincount_native(flat, weights, stride)
    hist = ops.astype(hist, core.float64)
    hist = ops.reshape(hist, tuple(nbin))
    hist = ops.get_item(hist, D * (slice(1, -1),))
    result = _wrap(hist)
    edge_list = [_wrap(ops.asarray(e)) for e in edges]
    if density:
        fnp = _frontend()
        s = fnp.sum(result)
        for i in _builtin_range(D):
            shape = [1] * D
            shape[i] = nbin[i] - 2
            dedges = fnp.diff(edge_list[i])
            result = result / dedges.reshape(shape)
        result = result / s
    return result, edge_list


def _cmp_last(column: Any, edges: numpy.ndarray) -> Any:
    last = edges[-1]
    dtype = nt.RULES.result_dtype(((_dt(column), nt.as_core(edges.dtype)),), ())
    return ops.equal(
        ops.astype(column, dtype), ops.asarray(numpy.asarray(last, dtype=nt.numpy_dtype(dtype)))
    )


def histogram2d(
    x: Any,
    y: Any,
    bins: Any = 10,
    range: Any = None,
    density: Any = None,
    weights: Any = None,
) -> tuple[Any, Any, Any]:
    """np.histogram2d: :func:`histogramdd` of (x, y)."""
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N not in {1, 2}:
        xedges = yedges = bins
        bins = [xedges, yedges]
    x, y = as_native(x), as_native(y)
    dtype = nt.RULES.result_dtype(((_dt(x), _dt(y)),), ())
    sample = ops.stack([ops.astype(x, dtype), ops.astype(y, dtype)], axis=1)
    hist, edges = histogramdd(_wrap(sample), bins, range, density, weights)
    return hist, edges[0], edges[1]


@numpy_on_numpy_backend
def bincount(x: Any, /, weights: Any = None, minlength: int = 0) -> Any:
    """np.bincount: the output length (max(x) + 1) is read back to the host."""
    x = as_native(x)
    dt = _dt(x)
    if x.ndim > 1:
        raise ValueError("object too deep for desired array")
    if x.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    if minlength is None:
        raise TypeError("use 0 instead of None for minlength")
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    size = int(x.shape[0])
    if size and dt.kind not in "biu":
        raise TypeError(
            f"Cannot cast array data from dtype('{nt.numpy_dtype(dt)}') to dtype('int64') "
            "according to the rule 'safe'"
        )
    x = ops.astype(x, core.int64)
    if weights is not None:
        weights = as_native(weights)
        wdt = _dt(weights)
        if wdt.kind == "c":
            raise TypeError(
                f"Cannot cast array data from dtype('{nt.numpy_dtype(wdt)}') to "
                "dtype('float64') according to the rule 'safe'"
            )
        if _shape(weights) != _shape(x):
            raise ValueError("The weights and list don't have the same length.")
    if size == 0:
        length = minlength
    else:
        low, high = (int(v) for v in to_host(ops.stack([ops.min(x), ops.max(x)])))
        if low < 0:
            raise ValueError("'list' argument must have no negative elements")
        length = _builtin_max(high + 1, minlength)
    return _wrap(_bincount_native(x, weights, length))


def digitize(x: Any, bins: Any, right: bool = False) -> Any:
    """np.digitize; the monotonicity of ``bins`` is checked on the host, as numpy does."""
    x_n = as_native(x)
    bins_n = as_native(bins)
    if _dt(x_n).kind == "c":
        raise TypeError("x may not be complex")
    if bins_n.ndim != 1:
        raise ValueError("object too deep for desired array" if bins_n.ndim > 1 else
                         "object of too small depth for desired array")  # fmt: skip
    n = int(bins_n.shape[0])
    mono = 1
    if n > 1:
        up = ops.all(ops.greater_equal(bins_n[1:], bins_n[:-1]))
        down = ops.all(ops.less_equal(bins_n[1:], bins_n[:-1]))
        up_h, down_h = (bool(v) for v in to_host(ops.stack([up, down])))
        mono = 1 if up_h else (-1 if down_h else 0)
    if mono == 0:
        raise ValueError("bins must be monotonically increasing or decreasing")
    side = "left" if right else "right"
    flat = ops.reshape(x_n, (-1,))
    if mono == -1:
        result = ops.subtract(
            ops.asarray(n, dtype=core.int64), _searchsorted(ops.flip(bins_n, axis=0), flat, side)
        )
    else:
        result = _searchsorted(bins_n, flat, side)
    result = ops.reshape(ops.astype(result, core.int64), _shape(x_n))
    return _scalar_or_array(result)
