"""torch's reduction ops (torch docs, "Reduction Ops"), on native arrays through core.

Result dtypes follow torch 2.13 (checked against it): ``sum``/``prod``/``nansum`` of bool
and integers give int64; ``mean``, ``std``, ``var`` refuse integers as torch does;
``std``/``var``/``norm`` of complex give the real dtype; ``all``/``any`` give bool except
for uint8 (uint8, as torch). float16 and bfloat16 reductions accumulate in float32 and
round back, as torch's CPU kernels do. ``max``/``min``/``median`` with ``dim`` return
``torch.return_types`` named tuples; NaN propagates and its index is reported, ties pick
the first index (``median`` the first in stable sorted order, ``mode`` the last, as torch).

Not here: ``torch.norm`` with ``out=`` of a different dtype than the result;
``unique(sorted=False)`` sorts anyway (torch's CPU kernel sorts too).
"""

from __future__ import annotations

import builtins
import sys
from collections.abc import Callable, Sequence
from typing import Any

import core
from core import native as ops
from frontends.torch import return_types
from frontends.torch._dtype import HALF_FLOATS
from frontends.torch._frontend import fast, functions, keyword_aliases, torch_function, writes_out
from frontends.torch._linalg_native import (
    matrix_norm_native,
    vector_norm_native,
)
from frontends.torch._ops_support import (
    WIDE_UNSIGNED,
    accumulate_low,
    check_nonempty,
    core_dtype,
    default_float,
    dtype_of,
    isnan,
    nan_to_zero,
    ndim_of,
    normalize_dim,
    normalize_dims,
    reduce,
    reduced_shape,
    scalar,
    torch_name,
    unsupported_dtypes,
)
from frontends.torch._tensor import Tensor

__all__ = [
    "all", "amax", "amin", "aminmax", "any", "argmax", "argmin", "count_nonzero", "dist",
    "logsumexp", "max", "mean", "median", "min", "mode", "nanmean", "nanmedian",
    "nanquantile", "nansum", "norm", "prod", "quantile", "std", "std_mean", "sum", "unique",
    "unique_consecutive", "var", "var_mean",
]  # fmt: skip

_VERSION = "2.13 and below"

_max_type = return_types.make("max", ("values", "indices"))
_min_type = return_types.make("min", ("values", "indices"))
_aminmax_type = return_types.make("aminmax", ("min", "max"))
_median_type = return_types.make("median", ("values", "indices"))
_nanmedian_type = return_types.make("nanmedian", ("values", "indices"))
_mode_type = return_types.make("mode", ("values", "indices"))


def _torch() -> Any:
    return sys.modules["frontends.torch"]


# ---------------------------------------------------------------------------------------
# max-like reductions
# ---------------------------------------------------------------------------------------
def _extreme(x: Any, axis: int | tuple[int, ...] | None, keepdims: bool, largest: bool) -> Any:
    """max/min (core propagates NaN); bool through uint8."""
    fn = ops.max if largest else ops.min
    if dtype_of(x) == core.bool:
        return ops.astype(fn(ops.astype(x, core.uint8), axis=axis, keepdims=keepdims), core.bool)
    return fn(x, axis=axis, keepdims=keepdims)


def _arg_extreme(x: Any, axis: int, largest: bool) -> Any:
    """The index of the first max (or min) along ``axis``, NaN counting as the extreme
    (core's rule, torch's too); keeps the reduced dimension."""
    fn = ops.argmax if largest else ops.argmin
    if dtype_of(x) == core.bool:
        x = ops.astype(x, core.uint8)
    return fn(x, axis=axis, keepdims=True)


def _arg(name: str, input: Any, dim: int | None, keepdim: bool, largest: bool) -> Any:
    if dim is None:
        check_nonempty(name, input, None)
        flat = ops.reshape(input, (-1,))
        index = ops.reshape(_arg_extreme(flat, 0, largest), ())
        if keepdim:
            index = ops.reshape(index, (1,) * ndim_of(input))
        return ops.astype(index, core.int64)
    axis = normalize_dim(dim, ndim_of(input))
    if ndim_of(input) == 0:
        return ops.zeros((), dtype=core.int64)
    check_nonempty(name, input, (axis,))
    index = _arg_extreme(input, axis, largest)
    if not keepdim:
        index = ops.squeeze(index, axis=axis)
    return ops.astype(index, core.int64)


_ARG_UNSUPPORTED = ("bool", "complex", *WIDE_UNSIGNED)


@unsupported_dtypes(*_ARG_UNSUPPORTED)
@torch_function("input")
def argmax(
    input: Tensor, dim: int | None = None, keepdim: bool = False, *, out: Tensor | None = None
) -> Tensor:
    """The index of the first maximum (NaN counts as the maximum); int64."""
    return _arg("argmax", input, dim, keepdim, True)


@unsupported_dtypes(*_ARG_UNSUPPORTED)
@torch_function("input")
def argmin(
    input: Tensor, dim: int | None = None, keepdim: bool = False, *, out: Tensor | None = None
) -> Tensor:
    """The index of the first minimum (NaN counts as the minimum); int64."""
    return _arg("argmin", input, dim, keepdim, False)


def _amax_like(name: str, input: Any, dim: Any, keepdim: bool, largest: bool) -> Any:
    axes = normalize_dims(dim if dim != () else None, ndim_of(input))
    check_nonempty(name, input, axes if axes is not None or ndim_of(input) else None)
    if ndim_of(input) == 0:
        return input
    return _extreme(input, axes, keepdim, largest)


@unsupported_dtypes("complex", *WIDE_UNSIGNED)
@torch_function("input")
def amax(
    input: Tensor,
    dim: int | Sequence[int] = (),
    keepdim: bool = False,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The maximum over ``dim`` (all dimensions when empty); NaN propagates."""
    return _amax_like("amax", input, dim, keepdim, True)


@unsupported_dtypes("complex", *WIDE_UNSIGNED)
@torch_function("input")
def amin(
    input: Tensor,
    dim: int | Sequence[int] = (),
    keepdim: bool = False,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """The minimum over ``dim`` (all dimensions when empty); NaN propagates."""
    return _amax_like("amin", input, dim, keepdim, False)


@unsupported_dtypes("complex", *WIDE_UNSIGNED)
@torch_function("input")
def aminmax(
    input: Tensor, *, dim: int | None = None, keepdim: bool = False, out: Any = None
) -> Any:
    """``torch.return_types.aminmax(min, max)``."""
    axes = None if dim is None else (normalize_dim(dim, ndim_of(input)),)
    check_nonempty("aminmax", input, axes)
    if ndim_of(input) == 0:
        return _aminmax_type(input, input)
    return _aminmax_type(
        _extreme(input, axes, keepdim, False), _extreme(input, axes, keepdim, True)
    )


def _max_min(name: str, input: Any, dim: Any, keepdim: bool, other: Any, largest: bool) -> Any:
    if isinstance(dim, core.current_backend().native_array_types) or other is not None:
        return _binary_extreme(input, dim if other is None else other, largest)
    kind = dtype_of(input).kind
    if kind == "c":
        raise RuntimeError(f"{name}(): does not support complex input")
    if dim is None:
        check_nonempty(name, input, None)
        return _extreme(input, None, False, largest)
    axis = normalize_dim(dim, ndim_of(input))
    result_type = _max_type if largest else _min_type
    if ndim_of(input) == 0:
        return result_type(input, ops.zeros((), dtype=core.int64))
    check_nonempty(name, input, (axis,))
    values = _extreme(input, axis, True, largest)
    indices = ops.astype(_arg_extreme(input, axis, largest), core.int64)
    if not keepdim:
        values, indices = ops.squeeze(values, axis=axis), ops.squeeze(indices, axis=axis)
    return result_type(values, indices)


def _binary_extreme(input: Any, other: Any, largest: bool) -> Any:
    """torch.maximum / torch.minimum: promoted, NaN propagating."""
    (a, b), dtype = functions.promote([input, other])
    if dtype.kind == "c":
        raise RuntimeError(
            f"{'maximum' if largest else 'minimum'} not implemented for complex tensors."
        )
    if dtype == core.bool:
        return (ops.logical_or if largest else ops.logical_and)(a, b)
    result = (ops.maximum if largest else ops.minimum)(a, b)
    if dtype.kind == "f":
        nan = ops.logical_or(ops.isnan(a), ops.isnan(b))
        result = ops.where(nan, scalar(float("nan"), dtype), result)
    return result


@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input")
def max(
    input: Tensor,
    dim: int | Tensor | None = None,
    keepdim: bool = False,
    *,
    other: Tensor | None = None,
    out: Any = None,
) -> Any:
    """``max(input)``: the maximum; ``max(input, dim)``: ``return_types.max(values,
    indices)``; ``max(input, other)``: ``torch.maximum``. NaN propagates."""
    return _max_min("max", input, dim, keepdim, other, True)


@unsupported_dtypes(*WIDE_UNSIGNED)
@torch_function("input")
def min(
    input: Tensor,
    dim: int | Tensor | None = None,
    keepdim: bool = False,
    *,
    other: Tensor | None = None,
    out: Any = None,
) -> Any:
    """``min(input)``, ``min(input, dim)`` (``return_types.min``), ``min(input, other)``."""
    return _max_min("min", input, dim, keepdim, other, False)


# ---------------------------------------------------------------------------------------
# logical reductions and counting
# ---------------------------------------------------------------------------------------
def _logical(fn: Callable[..., Any], input: Any, dim: Any, keepdim: bool) -> Any:
    truth = (
        input if dtype_of(input) == core.bool else ops.not_equal(input, scalar(0, dtype_of(input)))
    )
    result = reduce(fn, truth, dim, keepdim)
    return ops.astype(result, core.uint8) if dtype_of(input) == core.uint8 else result


@torch_function("input")
def all(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """Whether every element is true; bool (uint8 for uint8 input, as torch)."""
    return _logical(ops.all, input, dim, keepdim)


@torch_function("input")
def any(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    out: Tensor | None = None,
) -> Tensor:
    """Whether any element is true; bool (uint8 for uint8 input, as torch)."""
    return _logical(ops.any, input, dim, keepdim)


@torch_function("input")
def count_nonzero(input: Tensor, dim: int | Sequence[int] | None = None) -> Tensor:
    """The number of non-zero elements over ``dim``; int64 (uint16/32/64 need ``dim``,
    as torch's whole-tensor kernel lacks them)."""
    if dim is None and str(dtype_of(input)) in WIDE_UNSIGNED:
        raise NotImplementedError(
            f"\"nonzero_count_cpu\" not implemented for '{torch_name(dtype_of(input))}'"
        )
    truth = (
        input if dtype_of(input) == core.bool else ops.not_equal(input, scalar(0, dtype_of(input)))
    )
    return ops.astype(reduce(ops.sum, ops.astype(truth, core.int64), dim, False), core.int64)


# ---------------------------------------------------------------------------------------
# sums and means
# ---------------------------------------------------------------------------------------
def _sum_dtype(x: Any, dtype: Any) -> core.Dtype:
    if dtype is not None:
        return core_dtype(dtype)
    kind = dtype_of(x).kind
    return core.int64 if kind in "biu" else dtype_of(x)


def _summation(fn: Callable[..., Any], input: Any, dim: Any, keepdim: bool, dtype: Any) -> Any:
    target = _sum_dtype(input, dtype)
    x = ops.astype(input, target) if dtype_of(input) != target else input
    if target in HALF_FLOATS:
        return ops.astype(reduce(fn, ops.astype(x, core.float32), dim, keepdim), target)
    return ops.astype(reduce(fn, x, dim, keepdim), target, copy=False)


def _sum_all(x: Any, axis: Any, keepdims: bool) -> Any:
    return ops.sum(x, axis=axis, keepdims=keepdims)


def _prod_all(x: Any, axis: Any, keepdims: bool) -> Any:
    return ops.prod(x, axis=axis, keepdims=keepdims)


@fast("sum", "input", keywords={"dim": "axis", "keepdim": "keepdims"})
@torch_function("input")
def sum(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    dtype: Any = None,
    out: Tensor | None = None,
) -> Tensor:
    """The sum over ``dim``; bool and integers give int64, ``dtype`` casts first."""
    return _summation(_sum_all, input, _every_axis_if_empty(dim), keepdim, dtype)


def _every_axis_if_empty(dim: Any) -> Any:
    """torch reduces every axis for an empty ``dim``, where core's ``axis=()`` reduces
    none (the fast path leaves empty ones to the general path)."""
    return None if type(dim) in (tuple, list) and not dim else dim


@unsupported_dtypes("complex")
@torch_function("input")
def nansum(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    dtype: Any = None,
    out: Tensor | None = None,
) -> Tensor:
    """The sum treating NaN as zero; bool and integers give int64."""
    return _summation(_sum_all, nan_to_zero(input), dim, keepdim, dtype)


@torch_function("input")
def prod(
    input: Tensor,
    dim: int | None = None,
    keepdim: bool = False,
    *,
    dtype: Any = None,
    out: Tensor | None = None,
) -> Tensor:
    """The product over ``dim``; bool and integers give int64 (wrapping on overflow)."""
    if dim is not None and not hasattr(dim, "__index__"):
        raise TypeError("prod(): argument 'dim' must be int, not " + type(dim).__name__)
    return _summation(_prod_all, input, dim, keepdim, dtype)


def _mean_dtype(name: str, input: Any, dtype: Any) -> core.Dtype:
    if dtype is None:
        if dtype_of(input).kind not in "fc":
            raise RuntimeError(
                f"{name}(): could not infer output dtype. Input dtype must be either a floating "
                f"point or complex dtype. Got: {torch_name(dtype_of(input))}"
            )
        return dtype_of(input)
    target = core_dtype(dtype)
    if target.kind not in "fc":
        raise RuntimeError(
            f"{name}(): could not infer output dtype. Optional dtype must be either a floating "
            f"point or complex dtype. Got: {torch_name(target)}"
        )
    return target


def mean_native(x: Any, dim: Any, keepdim: bool) -> Any:
    """The mean of a floating or complex native with torch's dim rules (f16/bf16 in f32)."""
    return accumulate_low(lambda v: reduce(ops.mean, v, dim, keepdim), x)


@fast("mean", "input", keywords={"dim": "axis", "keepdim": "keepdims"})
@torch_function("input")
def mean(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    dtype: Any = None,
    out: Tensor | None = None,
) -> Tensor:
    """The mean; integer inputs raise as torch does unless ``dtype`` is floating."""
    target = _mean_dtype("mean", input, dtype)
    x = ops.astype(input, target) if dtype_of(input) != target else input
    return mean_native(x, _every_axis_if_empty(dim), keepdim)


@torch_function("input")
def nanmean(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    dtype: Any = None,
    out: Tensor | None = None,
) -> Tensor:
    """The mean ignoring NaN (NaN where every element is NaN); floating inputs only."""
    kind = dtype_of(input).kind
    if kind not in "fc":
        raise RuntimeError(
            "nanmean(): expected input to have floating point or complex dtype but got "
            f"{torch_name(dtype_of(input))}"
        )
    if kind == "c":
        raise RuntimeError("nansum on CPU does not support complex inputs")
    target = _mean_dtype("nanmean", input, dtype)
    x = ops.astype(input, target) if dtype_of(input) != target else input

    def compute(v: Any) -> Any:
        valid = ops.logical_not(ops.isnan(v))
        total = reduce(ops.sum, nan_to_zero(v), dim, keepdim)
        count = reduce(ops.sum, ops.astype(valid, dtype_of(v)), dim, keepdim)
        return ops.divide(total, count)

    return accumulate_low(compute, x)


@torch_function("input")
def logsumexp(
    input: Tensor, dim: int | Sequence[int], keepdim: bool = False, *, out: Tensor | None = None
) -> Tensor:
    """log(sum(exp(input))) over ``dim``, stable; integers give the default dtype."""
    x = input if dtype_of(input).kind in "fc" else ops.astype(input, default_float())
    if dtype_of(x).kind == "c":
        return ops.log(reduce(ops.sum, ops.exp(x), dim, keepdim))

    if ndim_of(x) == 0:
        return x
    axes = normalize_dims(dim, ndim_of(x))
    # float16/bfloat16: the elementwise steps round to the dtype as torch's do, the sum
    # accumulates in float32
    if 0 in tuple(x.shape):
        total = accumulate_low(lambda v: reduce(ops.sum, v, dim, True), ops.exp(x))
        result = ops.log(total)
    else:
        peak = ops.max(x, axis=axes, keepdims=True)
        peak = ops.where(ops.isinf(peak), scalar(0, dtype_of(x)), peak)
        exps = ops.exp(ops.subtract(x, peak))
        total = accumulate_low(lambda v: ops.sum(v, axis=axes, keepdims=True), exps)
        result = ops.add(ops.log(total), peak)
    if keepdim:
        return result
    return ops.squeeze(result, axis=axes if axes is not None else tuple(range(ndim_of(x))))


# ---------------------------------------------------------------------------------------
# variance
# ---------------------------------------------------------------------------------------
def _split_unbiased(dim: Any, unbiased: Any, correction: Any) -> tuple[Any, float]:
    """torch's std/var overloads: ``std(x, unbiased)``, ``std(x, dim, unbiased)``,
    ``std(x, dim, correction=c)``."""
    if isinstance(dim, builtins.bool):
        unbiased, dim = dim, None
    if correction is not None:
        return dim, float(correction)
    return dim, 1.0 if unbiased in (None, True) else 0.0


def var_native(x: Any, dim: Any, correction: float, keepdim: bool) -> tuple[Any, Any]:
    """(variance, mean) of a floating or complex native; the variance has the real dtype."""

    def compute(v: Any) -> Any:
        axes = normalize_dims(dim, ndim_of(v))
        shape = tuple(v.shape)
        count = 1
        for axis in (range(len(shape)) if axes is None else axes) if shape else ():
            count *= shape[axis]
        center = reduce(ops.mean, v, dim, True) if ndim_of(v) else v
        deviation = ops.subtract(v, center)
        if dtype_of(v).kind == "c":
            squared = ops.real(ops.multiply(deviation, ops.conj(deviation)))
        else:
            squared = ops.multiply(deviation, deviation)
        total = reduce(ops.sum, squared, dim, keepdim)
        denominator = builtins.max(count - correction, 0.0)
        variance = ops.divide(total, scalar(denominator, dtype_of(total)))
        mean_value = center
        if not keepdim and ndim_of(v):
            mean_value = ops.reshape(center, reduced_shape(shape, axes, False))
        return variance, mean_value

    dtype = dtype_of(x)
    if dtype in HALF_FLOATS:
        variance, center = compute(ops.astype(x, core.float32))
        return ops.astype(variance, dtype), ops.astype(center, dtype)
    return compute(x)


def _check_var(name: str, input: Any) -> None:
    if dtype_of(input).kind not in "fc":
        raise RuntimeError(f"{name} only support floating point and complex dtypes")


@torch_function("input")
def var(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
    out: Tensor | None = None,
) -> Tensor:
    """The variance with Bessel's ``correction`` (default 1); complex gives the real dtype."""
    _check_var("std and var", input)
    dim, corr = _split_unbiased(dim, unbiased, correction)
    return var_native(input, dim, corr, keepdim)[0]


@torch_function("input")
def std(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
    out: Tensor | None = None,
) -> Tensor:
    """The standard deviation with ``correction`` (default 1)."""
    _check_var("std and var", input)
    dim, corr = _split_unbiased(dim, unbiased, correction)
    return ops.sqrt(var_native(input, dim, corr, keepdim)[0])


@torch_function("input")
def var_mean(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
    out: Any = None,
) -> tuple[Tensor, Tensor]:
    """``(var, mean)`` as a plain tuple, as torch returns. Where a slice holds ±inf,
    torch's Welford mean can come out NaN (order-dependent); here it is the plain mean."""
    _check_var("var_mean", input)
    dim, corr = _split_unbiased(dim, unbiased, correction)
    return var_native(input, dim, corr, keepdim)


@torch_function("input")
def std_mean(
    input: Tensor,
    dim: int | Sequence[int] | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
    out: Any = None,
) -> tuple[Tensor, Tensor]:
    """``(std, mean)`` as a plain tuple (the mean as :func:`var_mean`'s)."""
    _check_var("std_mean", input)
    dim, corr = _split_unbiased(dim, unbiased, correction)
    variance, center = var_native(input, dim, corr, keepdim)
    return ops.sqrt(variance), center


# ---------------------------------------------------------------------------------------
# order statistics
# ---------------------------------------------------------------------------------------
def sort_key(x: Any) -> Any:
    """A native that sorts like ``x`` on every backend (bool as uint8, f16/bf16 as f32)."""
    dtype = dtype_of(x)
    if dtype == core.bool:
        return ops.astype(x, core.uint8)
    if dtype in HALF_FLOATS:
        return ops.astype(x, core.float32)
    return x


def _median_along(x: Any, axis: int, ignore_nan: bool) -> tuple[Any, Any]:
    """(values, indices) of the lower median along ``axis`` (kept as size 1); NaN in a
    slice gives NaN (its first index in stable sorted order) unless ``ignore_nan``."""
    order = ops.argsort(sort_key(x), axis=axis, stable=True)
    ordered = ops.take_along_axis(x, order, axis=axis)
    n = x.shape[axis]
    nan_count = ops.sum(ops.astype(isnan(x), core.int64), axis=axis, keepdims=True)
    valid = ops.subtract(scalar(n, core.int64), nan_count)
    if ignore_nan:
        position = ops.floor_divide(
            ops.subtract(valid, scalar(1, core.int64)), scalar(2, core.int64)
        )
        position = ops.maximum(position, scalar(0, core.int64))
    else:
        lower = scalar((n - 1) // 2, core.int64)
        position = ops.where(ops.greater(nan_count, scalar(0, core.int64)), valid, lower)
        position = ops.minimum(position, scalar(n - 1, core.int64))
    values = ops.take_along_axis(ordered, position, axis=axis)
    indices = ops.take_along_axis(order, position, axis=axis)
    return values, ops.astype(indices, core.int64)


def _median(
    name: str, input: Any, dim: Any, keepdim: bool, ignore_nan: bool, result_type: type
) -> Any:
    if dim is None:
        flat = ops.reshape(input, (-1,))
        if flat.shape[0] == 0:
            return scalar(float("nan"), dtype_of(input))
        return ops.reshape(_median_along(flat, 0, ignore_nan)[0], ())
    axis = normalize_dim(dim, ndim_of(input))
    if ndim_of(input) == 0:
        return result_type(input, ops.zeros((), dtype=core.int64))
    if input.shape[axis] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {axis} to have non-zero size.")
    values, indices = _median_along(input, axis, ignore_nan)
    if not keepdim:
        values, indices = ops.squeeze(values, axis=axis), ops.squeeze(indices, axis=axis)
    return result_type(values, indices)


@unsupported_dtypes("bool", "complex", *WIDE_UNSIGNED)
@torch_function("input")
def median(input: Tensor, dim: int | None = None, keepdim: bool = False, *, out: Any = None) -> Any:
    """The lower median (NaN if the slice holds NaN); with ``dim``,
    ``return_types.median(values, indices)``."""
    return _median("median", input, dim, keepdim, False, _median_type)


@unsupported_dtypes("bool", "complex", *WIDE_UNSIGNED)
@torch_function("input")
def nanmedian(
    input: Tensor, dim: int | None = None, keepdim: bool = False, *, out: Any = None
) -> Any:
    """The lower median ignoring NaN; with ``dim``, ``return_types.nanmedian``."""
    return _median("nanmedian", input, dim, keepdim, True, _nanmedian_type)


@unsupported_dtypes("complex", *WIDE_UNSIGNED)
@torch_function("input")
def mode(input: Tensor, dim: int = -1, keepdim: bool = False, *, out: Any = None) -> Any:
    """The most frequent value along ``dim`` (the smallest on ties) and the index of its
    last occurrence, as torch's CPU kernel gives; ``return_types.mode``."""
    if ndim_of(input) == 0:
        normalize_dim(dim, 0)
        return _mode_type(input, ops.zeros((), dtype=core.int64))
    axis = normalize_dim(dim, ndim_of(input))
    x = ops.moveaxis(input, axis, -1)
    key = sort_key(x)
    ordered = ops.sort(key, axis=-1, stable=True)
    same = ops.equal(ops.expand_dims(ordered, axis=-1), ops.expand_dims(ordered, axis=-2))
    counts = ops.sum(ops.astype(same, core.int64), axis=-1)
    best = ops.argmax(counts, axis=-1, keepdims=True)
    value_key = ops.take_along_axis(ordered, best, axis=-1)
    hits = ops.equal(key, value_key)
    n = x.shape[-1]
    positions = ops.arange(n, dtype=core.int64)
    last = ops.max(ops.where(hits, positions, scalar(-1, core.int64)), axis=-1, keepdims=True)
    values = ops.take_along_axis(x, last, axis=-1)
    values, last = ops.moveaxis(values, -1, axis), ops.moveaxis(last, -1, axis)
    if not keepdim:
        values, last = ops.squeeze(values, axis=axis), ops.squeeze(last, axis=axis)
    return _mode_type(values, last)


_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _lerp(start: Any, end: Any, weight: Any) -> Any:
    """torch's lerp formula (exact at both ends)."""
    diff = ops.subtract(end, start)
    low = ops.add(start, ops.multiply(weight, diff))
    one = scalar(1, dtype_of(weight))
    high = ops.subtract(end, ops.multiply(diff, ops.subtract(one, weight)))
    return ops.where(ops.less(weight, scalar(0.5, dtype_of(weight))), low, high)


def _quantile(
    name: str, input: Any, q: Any, dim: Any, keepdim: bool, interpolation: str, ignore_nan: bool
) -> Any:
    dtype = dtype_of(input)
    if dtype not in (core.float32, core.float64):
        raise RuntimeError(f"{name}() input tensor must be either float or double dtype")
    if interpolation not in _INTERPOLATIONS:
        raise RuntimeError(
            f"{name}() interpolation must be one of linear, lower, higher, midpoint or nearest. "
            f"Got {interpolation}"
        )
    if isinstance(q, (builtins.float, builtins.int)):
        if not 0 <= q <= 1:
            raise RuntimeError(f"{name}() q must be in the range [0, 1] but got {q}")
        q_array = scalar(q, dtype)
    else:
        if dtype_of(q) != dtype:
            raise RuntimeError(f"{name}() q tensor must be same dtype as the input tensor")
        if ndim_of(q) > 1:
            raise RuntimeError(f"{name}() q must be a scalar or 1D tensor")
        q_array = q
        if bool(
            ops.any(ops.logical_or(ops.less(q, scalar(0, dtype)), ops.greater(q, scalar(1, dtype))))
        ):
            raise RuntimeError(f"{name}() q values must be in the range [0, 1]")
    shape = tuple(input.shape)
    if dim is None:
        x = ops.reshape(input, (-1,))
        out_shape = (1,) * len(shape) if keepdim else ()
    else:
        axis = normalize_dim(dim, len(shape))
        x = ops.moveaxis(input, axis, -1) if shape else ops.reshape(input, (1,))
        out_shape = reduced_shape(shape, (axis,), keepdim) if shape else ()
    if x.shape[-1] == 0:
        raise IndexError(f"{name}() input tensor must be non-empty")
    ordered = ops.sort(x, axis=-1, stable=True)
    n = x.shape[-1]
    qs = ops.reshape(q_array, (-1,))  # (k,)
    nan_count = ops.sum(ops.astype(ops.isnan(ordered), dtype), axis=-1, keepdims=True)  # (..., 1)
    if ignore_nan:
        ranks = ops.multiply(
            qs, ops.subtract(ops.subtract(scalar(n, dtype), nan_count), scalar(1, dtype))
        )
        ranks = ops.where(ops.less(ranks, scalar(0, dtype)), scalar(0, dtype), ranks)
    else:
        ranks = ops.multiply(qs, scalar(n - 1, dtype))
        ranks = ops.where(ops.greater(nan_count, scalar(0, dtype)), scalar(n - 1, dtype), ranks)
    ranks = ops.broadcast_to(ranks, (*ordered.shape[:-1], qs.shape[0]))
    if interpolation == "lower":
        ranks = ops.floor(ranks)
    elif interpolation == "higher":
        ranks = ops.ceil(ranks)
    elif interpolation == "nearest":
        ranks = ops.round(ranks)
    below = ops.astype(ranks, core.int64)
    result = ops.take_along_axis(ordered, below, axis=-1)
    if interpolation in ("linear", "midpoint"):
        weights = (
            ops.full_like(ranks, 0.5)
            if interpolation == "midpoint"
            else ops.subtract(ranks, ops.astype(below, dtype))
        )
        above = ops.take_along_axis(ordered, ops.astype(ops.ceil(ranks), core.int64), axis=-1)
        result = _lerp(result, above, weights)
    # (..., k) -> (k, *out_shape) or out_shape for a scalar q
    result = ops.moveaxis(result, -1, 0)
    if ndim_of(q_array) == 0:
        return ops.reshape(result, out_shape)
    return ops.reshape(result, (qs.shape[0], *out_shape))


@torch_function("input")
def quantile(
    input: Tensor,
    q: float | Tensor,
    dim: int | None = None,
    keepdim: bool = False,
    *,
    interpolation: str = "linear",
    out: Tensor | None = None,
) -> Tensor:
    """The q-th quantiles (float32/float64 only, as torch); NaN in a slice gives NaN."""
    return _quantile("quantile", input, q, dim, keepdim, interpolation, False)


@torch_function("input")
def nanquantile(
    input: Tensor,
    q: float | Tensor,
    dim: int | None = None,
    keepdim: bool = False,
    *,
    interpolation: str = "linear",
    out: Tensor | None = None,
) -> Tensor:
    """The q-th quantiles ignoring NaN (NaN where a slice is all NaN)."""
    return _quantile("quantile", input, q, dim, keepdim, interpolation, True)


# ---------------------------------------------------------------------------------------
# norms
# ---------------------------------------------------------------------------------------
@torch_function("input", "other")
def dist(input: Tensor, other: Tensor, p: float = 2) -> Tensor:
    """The p-norm of ``input - other``; floating and complex only (complex gives real)."""
    dtype = dtype_of(input)
    if dtype == core.bool:
        raise RuntimeError(
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the "
            "`^` or `logical_xor()` operator instead."
        )
    if dtype.kind not in "fc":
        raise RuntimeError(
            "norm(): input dtype should be either floating point or complex. Got "
            f"{torch_name(dtype)} instead."
        )
    return vector_norm_native(ops.subtract(input, other), p, None, False)


@torch_function("input")
def norm(
    input: Tensor,
    p: float | str | None = "fro",
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    out: Tensor | None = None,
    dtype: Any = None,
) -> Tensor:
    """Deprecated ``torch.norm``: as torch, ``linalg.vector_norm`` unless ``p`` is a string
    other than 'fro' over more than two dims ('nuc' gives ``linalg.matrix_norm``)."""
    dims = None if dim is None else ([dim] if isinstance(dim, builtins.int) else list(dim))
    if isinstance(p, str):
        if p == "fro" and (dim is None or isinstance(dim, builtins.int) or len(dim) <= 2):
            return vector_norm_native(input, 2, dims, keepdim, dtype)
        if dims is None:
            dims = list(range(ndim_of(input)))
        return matrix_norm_native(input, p, dims, keepdim, dtype)
    return vector_norm_native(input, 2.0 if p is None else p, dims, keepdim, dtype)


# ---------------------------------------------------------------------------------------
# unique
# ---------------------------------------------------------------------------------------
def _rows_unique(
    rows: Any, sort: bool, return_inverse: bool, return_counts: bool
) -> tuple[Any, Any, Any]:
    """Unique rows of a 2-d native (rows, features), first-to-last order kept for
    ``sort=False`` (consecutive), lexicographically sorted otherwise.

    Returns (positions of the first row of each group in ``rows`` order after sorting,
    the sorted permutation, group id per sorted row, counts)."""
    n = rows.shape[0]
    if sort:
        order = ops.arange(n, dtype=core.int64)
        key = sort_key(rows)
        for column in reversed(range(rows.shape[1])):
            column_key = ops.take(ops.take(key, ops.asarray([column]), axis=1), order, axis=0)
            step = ops.argsort(ops.reshape(column_key, (-1,)), axis=0, stable=True)
            order = ops.take(order, step, axis=0)
        ordered = ops.take(rows, order, axis=0)
    else:
        order = None
        ordered = rows
    if n == 0:
        starts = ops.zeros((0,), dtype=core.bool)
    else:
        changed = (
            ops.any(ops.not_equal(ordered[1:], ordered[:-1]), axis=1)
            if rows.shape[1]
            else ops.zeros((n - 1,), dtype=core.bool)
        )
        starts = ops.concat([ops.ones((1,), dtype=core.bool), changed], axis=0)
    first = ops.nonzero(starts)[0]
    unique_rows = ops.take(ordered, first, axis=0)
    inverse = counts = None
    if return_inverse:
        group = ops.subtract(
            ops.cumulative_sum(ops.astype(starts, core.int64), axis=0), scalar(1, core.int64)
        )
        if order is not None:
            inverse = ops.take(group, ops.argsort(order, axis=0, stable=True), axis=0)
        else:
            inverse = group
    if return_counts:
        bounds = ops.concat(
            [ops.astype(first, core.int64), ops.asarray([n], dtype=core.int64)], axis=0
        )
        counts = ops.subtract(bounds[1:], bounds[:-1])
    return unique_rows, inverse, counts


def _unique(
    input: Any, sort: bool, return_inverse: bool, return_counts: bool, dim: int | None
) -> Any:
    if dtype_of(input).kind == "c":
        raise NotImplementedError(f"\"unique\" not implemented for '{torch_name(dtype_of(input))}'")
    shape = tuple(input.shape)
    if dim is None:
        rows = ops.reshape(input, (-1, 1))
        values, inverse, counts = _rows_unique(rows, sort, return_inverse, return_counts)
        values = ops.reshape(values, (-1,))
        if inverse is not None:
            inverse = ops.reshape(inverse, shape)
    else:
        axis = normalize_dim(dim, len(shape))
        if builtins.any(extent == 0 for d, extent in enumerate(shape) if d != axis):
            raise RuntimeError(
                "There are 0 sized dimensions, and they aren't selected, so unique cannot be "
                "applied"
            )
        moved = ops.moveaxis(input, axis, 0)
        features = 1
        for extent in moved.shape[1:]:
            features *= extent
        rows = ops.reshape(moved, (shape[axis], features))
        values, inverse, counts = _rows_unique(rows, sort, return_inverse, return_counts)
        rest = tuple(moved.shape[1:])
        values = ops.moveaxis(ops.reshape(values, (values.shape[0], *rest)), 0, axis)
    result = [values]
    if return_inverse:
        result.append(inverse)
    if return_counts:
        result.append(counts)
    return result[0] if len(result) == 1 else tuple(result)


@torch_function("input")
def unique(
    input: Tensor,
    sorted: bool = True,
    return_inverse: bool = False,
    return_counts: bool = False,
    dim: int | None = None,
) -> Any:
    """The sorted unique elements (or slices along ``dim``), with the inverse indices and
    counts when asked; ``sorted=False`` sorts too, as torch's CPU kernel does."""
    return _unique(input, True, return_inverse, return_counts, dim)


@torch_function("input")
def unique_consecutive(
    input: Tensor,
    return_inverse: bool = False,
    return_counts: bool = False,
    dim: int | None = None,
) -> Any:
    """Collapses runs of equal consecutive elements (or slices along ``dim``)."""
    return _unique(input, False, return_inverse, return_counts, dim)


@keyword_aliases(axis="dim", keepdims="keepdim")
@writes_out
def frobenius_norm(
    input: Tensor, dim: int | Sequence[int] = (-2, -1), keepdim: bool = False
) -> Tensor:
    """torch.frobenius_norm: the 2-norm over ``dim`` (torch.linalg.vector_norm)."""
    from frontends.torch import linalg

    dim = (dim,) if isinstance(dim, int) else tuple(dim)
    return linalg.vector_norm(input, 2, dim, keepdim)


@keyword_aliases(axis="dim", keepdims="keepdim")
@writes_out
def nuclear_norm(input: Tensor, dim: Any = None, keepdim: bool = False) -> Tensor:
    """torch.nuclear_norm: the sum of singular values over ``dim`` (default the last two;
    torch.linalg.matrix_norm with ord 'nuc'); ``nuclear_norm(x, True)`` is keepdim."""
    from frontends.torch import linalg

    if isinstance(dim, bool):
        dim, keepdim = None, dim
    return linalg.matrix_norm(input, "nuc", tuple(dim) if dim is not None else (-2, -1), keepdim)


__all__ += ["frobenius_norm", "nuclear_norm"]
