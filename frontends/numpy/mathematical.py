"""numpy's mathematical functions that are not ufuncs (numpy docs, "Mathematical functions"):
sums and products with their cumulative and nan-ignoring forms, extrema, differences,
gradients, integration, convolution, clipping, rounding and a few special functions.

Reductions follow numpy's accumulator dtypes (``sum``/``prod`` of a signed integer or bool
give int64, of an unsigned one uint64; float16 is accumulated in float32 by core and
rounded back, where numpy sums pairwise in float16, so float16 results can differ in the
last bit; ``cumsum``/``cumprod`` likewise, where numpy rounds every step to float16, so a
float16 running product can overflow in numpy and not here) and return numpy scalars for
full reductions. ``nanmax``/``nanmin`` give nan for an all-nan slice without numpy's
RuntimeWarning (that would need the values on the host). Functions made of several numpy
operations (``gradient``, ``unwrap``, ``cross``, ``trapezoid``, ``angle``) are written
with this frontend's own ufuncs, so every intermediate dtype follows numpy's NEP 50 rules.
"""

from __future__ import annotations

import math
import operator
import warnings
from typing import Any

import numpy
from numpy.exceptions import AxisError

import core
from core import native as ops
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native, as_scalar, to_host
from frontends.numpy._core.multiarray import ndarray
from frontends.numpy._frontend import ArrayLike, fast, functions, numpy_function

__all__ = [
    "amax", "amin", "angle", "around", "clip", "convolve", "cross", "cumprod", "cumsum",
    "cumulative_prod", "cumulative_sum", "diff", "ediff1d", "fix", "gradient", "i0", "imag",
    "interp", "max", "min", "nan_to_num", "nancumprod", "nancumsum", "nanmax", "nanmin",
    "nanprod", "nansum", "prod", "ptp", "real", "real_if_close", "round", "sinc", "sum",
    "trapezoid", "unwrap",
]  # fmt: skip

_NoValue = numpy._NoValue
_builtin_max, _builtin_min, _builtin_round, _builtin_sum = max, min, round, sum


# ---------------------------------------------------------------------------------------
# helpers shared with statistics.py
# ---------------------------------------------------------------------------------------
def _dt(x: Any) -> core.Dtype:
    return core.as_core_dtype(x.dtype)


def _shape(x: Any) -> tuple[int, ...]:
    return tuple(int(s) for s in x.shape)


def _axes(axis: Any, ndim: int) -> tuple[int, ...]:
    """numpy's normalize_axis_tuple: every axis for None; AxisError out of range."""
    if axis is None:
        return tuple(range(ndim))
    items = axis if isinstance(axis, tuple) else (axis,)
    result = []
    for item in items:
        item = operator.index(item)
        if not -ndim <= item < ndim:
            raise AxisError(item, ndim)
        result.append(item % ndim)
    if len(set(result)) != len(result):
        raise ValueError("repeated axis")
    return tuple(result)


def _axis1(axis: Any, ndim: int) -> int:
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise AxisError(axis, ndim)
    return axis % ndim


def _count(shape: tuple[int, ...], axes: tuple[int, ...]) -> int:
    return math.prod(shape[a] for a in axes)


def _reduced_shape(shape: tuple[int, ...], axes: tuple[int, ...], keepdims: bool) -> tuple:
    if keepdims:
        return tuple(1 if i in axes else n for i, n in enumerate(shape))
    return tuple(n for i, n in enumerate(shape) if i not in axes)


def _add_dtype(dt: core.Dtype) -> core.Dtype:
    """numpy's accumulator dtype of add/multiply reductions (long / unsigned long)."""
    if dt.kind in "bi":
        return core.int64
    if dt.kind == "u":
        return core.uint64
    return dt


def _scalar_of(value: Any, dtype: core.Dtype) -> Any:
    """A Python/numpy scalar or array-like as a native array of ``dtype``."""
    if isinstance(value, ndarray):
        return ops.astype(value.native, dtype)
    if isinstance(value, core.current_backend().native_array_types):
        return ops.astype(value, dtype)
    return ops.asarray(numpy.asarray(value).astype(nt.numpy_dtype(dtype)))


def _mask(where: Any, shape: tuple[int, ...]) -> Any:
    mask = as_native(where)
    if _dt(mask) != core.bool:
        mask = ops.astype(mask, core.bool)
    return ops.broadcast_to(mask, shape)


def _finish(result: Any, out: Any) -> Any:
    """Write ``result`` into a positionally given ``out`` (the decorator takes keyword ones)."""
    if out is None:
        return result
    if isinstance(out, tuple):
        (out,) = out
    functions.write_out(out, result.native if isinstance(result, ndarray) else result)
    return out


def _is_inexact(dt: core.Dtype) -> bool:
    return dt.kind in "fc"


def _real_dtype(dt: core.Dtype) -> core.Dtype:
    if dt == core.complex64:
        return core.float32
    if dt == core.complex128:
        return core.float64
    return dt


def _frontend() -> Any:
    import frontends.numpy as fnp

    return fnp


# ---------------------------------------------------------------------------------------
# sums and products
# ---------------------------------------------------------------------------------------
def _sum_like(
    kind: str,
    a: Any,
    axis: Any,
    dtype: Any,
    keepdims: bool,
    initial: Any,
    where: Any,
    nan: bool = False,
) -> Any:
    dt = _dt(a)
    axes = _axes(axis, a.ndim)
    target = nt.as_core(dtype) if dtype is not None else _add_dtype(dt)
    identity = 0 if kind == "sum" else 1
    if nan and _is_inexact(dt):
        a = ops.where(ops.isnan(a), ops.asarray(identity, dtype=dt), a)
    if where is not True:
        a = ops.where(_mask(where, _shape(a)), a, ops.asarray(identity, dtype=dt))
    if dt != target:
        a = ops.astype(a, target)
    if not axes:
        result = ops.asarray(a, copy=True) if not keepdims or True else a
    else:
        fn = ops.sum if kind == "sum" else ops.prod
        result = fn(a, axis=axes, keepdims=keepdims)
        if _dt(result) != target:
            result = ops.astype(result, target)
    if initial is not _NoValue and initial is not None:
        init = _scalar_of(initial, target)
        result = ops.add(result, init) if kind == "sum" else ops.multiply(result, init)
    return result


@fast(
    "sum",
    "a",
    keywords={"axis": "axis", "keepdims": "keepdims"},
    dtypes=("int64", "bool"),
    lists=True,
)
@numpy_function(returns_scalars=True)
def sum(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NoValue,
    where: Any = True,
) -> Any:
    """np.sum; float16 accumulates in float32 (numpy: pairwise in float16)."""
    return _finish(_sum_like("sum", a, axis, dtype, keepdims, initial, where), out)


@numpy_function(returns_scalars=True)
def prod(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NoValue,
    where: Any = True,
) -> Any:
    """np.prod; integers wrap as numpy's do."""
    return _finish(_sum_like("prod", a, axis, dtype, keepdims, initial, where), out)


@numpy_function(returns_scalars=True)
def nansum(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NoValue,
    where: Any = True,
) -> Any:
    """np.nansum: nan counts as 0."""
    return _finish(_sum_like("sum", a, axis, dtype, keepdims, initial, where, nan=True), out)


@numpy_function(returns_scalars=True)
def nanprod(
    a: ArrayLike,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NoValue,
    where: Any = True,
) -> Any:
    """np.nanprod: nan counts as 1."""
    return _finish(_sum_like("prod", a, axis, dtype, keepdims, initial, where, nan=True), out)


def _cumulative(
    kind: str, a: Any, axis: Any, dtype: Any, nan: bool, include_initial: bool = False
) -> Any:
    dt = _dt(a)
    if axis is None:
        a = ops.reshape(a, (-1,))
        axis = 0
    else:
        axis = _axis1(axis, a.ndim)
    target = nt.as_core(dtype) if dtype is not None else _add_dtype(dt)
    identity = 0 if kind == "sum" else 1
    if nan and _is_inexact(dt):
        a = ops.where(ops.isnan(a), ops.asarray(identity, dtype=dt), a)
    if dt != target:
        a = ops.astype(a, target)
    fn = ops.cumulative_sum if kind == "sum" else ops.cumulative_prod
    if a.shape[axis] == 0 and not include_initial:
        return a
    result = fn(a, axis=axis, include_initial=include_initial)
    if _dt(result) != target:
        result = ops.astype(result, target)
    return result


@numpy_function()
def cumsum(a: ArrayLike, axis: Any = None, dtype: Any = None, out: Any = None) -> Any:
    """np.cumsum (flattened for axis=None)."""
    return _finish(_cumulative("sum", a, axis, dtype, False), out)


@numpy_function()
def cumprod(a: ArrayLike, axis: Any = None, dtype: Any = None, out: Any = None) -> Any:
    """np.cumprod (flattened for axis=None)."""
    return _finish(_cumulative("prod", a, axis, dtype, False), out)


@numpy_function()
def nancumsum(a: ArrayLike, axis: Any = None, dtype: Any = None, out: Any = None) -> Any:
    """np.nancumsum: nan counts as 0."""
    return _finish(_cumulative("sum", a, axis, dtype, True), out)


@numpy_function()
def nancumprod(a: ArrayLike, axis: Any = None, dtype: Any = None, out: Any = None) -> Any:
    """np.nancumprod: nan counts as 1."""
    return _finish(_cumulative("prod", a, axis, dtype, True), out)


def _array_api_cumulative(kind: str, x: Any, axis: Any, dtype: Any, include_initial: bool) -> Any:
    if x.ndim == 0:
        x = ops.reshape(x, (1,))
    if axis is None:
        if x.ndim > 1:
            raise ValueError(
                "For arrays which have more than one dimension ``axis`` argument is required."
            )
        axis = 0
    return _cumulative(kind, x, axis, dtype, False, include_initial)


@numpy_function()
def cumulative_sum(
    x: ArrayLike,
    /,
    *,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    include_initial: bool = False,
) -> Any:
    """np.cumulative_sum (the array API's): ``axis`` needed for more than one dimension."""
    return _array_api_cumulative("sum", x, axis, dtype, include_initial)


@numpy_function()
def cumulative_prod(
    x: ArrayLike,
    /,
    *,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    include_initial: bool = False,
) -> Any:
    """np.cumulative_prod (the array API's)."""
    return _array_api_cumulative("prod", x, axis, dtype, include_initial)


# ---------------------------------------------------------------------------------------
# extrema
# ---------------------------------------------------------------------------------------
def _complex_extremum(a: Any, axes: tuple[int, ...], keepdims: bool, largest: bool) -> Any:
    """numpy's lexicographic order of complex numbers (real part, then imaginary)."""
    fn = ops.max if largest else ops.min
    re, im = ops.real(a), ops.imag(a)
    best_re = fn(re, axis=axes, keepdims=True)
    fill = ops.asarray(-math.inf if largest else math.inf, dtype=_dt(re))
    best_im = fn(ops.where(ops.equal(re, best_re), im, fill), axis=axes, keepdims=True)
    nan_re = ops.any(ops.isnan(re), axis=axes, keepdims=True)
    best_im = ops.where(nan_re, ops.asarray(math.nan, dtype=_dt(re)), best_im)
    result = ops.add(
        ops.astype(best_re, _dt(a)),
        ops.multiply(ops.astype(best_im, _dt(a)), ops.asarray(1j, dtype=_dt(a))),
    )
    if not keepdims:
        result = ops.reshape(result, _reduced_shape(_shape(a), axes, False))
    return result


def _extremum(
    largest: bool, a: Any, axis: Any, keepdims: bool, initial: Any, where: Any, nan: bool = False
) -> Any:
    name = "maximum" if largest else "minimum"
    dt = _dt(a)
    shape = _shape(a)
    axes = _axes(axis, a.ndim)
    has_initial = initial is not _NoValue and initial is not None
    if where is not True:
        if not has_initial:
            raise ValueError(
                f"reduction operation '{name}' does not have an identity, so to use a where "
                "mask one has to specify 'initial'"
            )
        a = ops.where(_mask(where, shape), a, _scalar_of(initial, dt))
    if _count(shape, axes) == 0 and any(shape[i] == 0 for i in axes):
        if not has_initial:
            raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
        return ops.full(_reduced_shape(shape, axes, keepdims), _scalar_of(initial, dt), dtype=dt)
    all_nan = None
    if nan and dt.kind in "fc":
        isnan = ops.isnan(a)
        all_nan = ops.all(isnan, axis=axes, keepdims=keepdims) if axes else isnan
        worst = -math.inf if largest else math.inf
        if dt.kind == "c":  # numpy's fmax: a complex nan (either part) is skipped too
            worst = complex(worst, worst)
        a = ops.where(isnan, ops.asarray(worst, dtype=dt), a)
    if not axes:
        result = a
    elif dt.kind == "c":
        result = _complex_extremum(a, axes, keepdims, largest)
    else:
        result = (ops.max if largest else ops.min)(a, axis=axes, keepdims=keepdims)
    if has_initial:
        init = _scalar_of(initial, dt)
        if dt.kind == "c":  # lexicographic, as the reduction (not every backend's maximum)
            pair = ops.stack([result, ops.broadcast_to(init, _shape(result))])
            result = _complex_extremum(pair, (0,), False, largest)
        else:
            result = (ops.maximum if largest else ops.minimum)(result, init)
    if all_nan is not None:
        result = ops.where(all_nan, ops.asarray(math.nan, dtype=dt), result)
    return result


@fast("max", "a", keywords={"axis": "axis", "keepdims": "keepdims"}, dtypes=("int64",), lists=True)
@numpy_function(returns_scalars=True)
def max(
    a: ArrayLike,
    axis: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NoValue,
    where: Any = True,
) -> Any:
    """np.max; complex numbers compare lexicographically, as numpy's."""
    return _finish(_extremum(True, a, axis, keepdims, initial, where), out)


@fast("min", "a", keywords={"axis": "axis", "keepdims": "keepdims"}, dtypes=("int64",), lists=True)
@numpy_function(returns_scalars=True)
def min(
    a: ArrayLike,
    axis: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NoValue,
    where: Any = True,
) -> Any:
    """np.min; complex numbers compare lexicographically, as numpy's."""
    return _finish(_extremum(False, a, axis, keepdims, initial, where), out)


amax, amin = max, min


@numpy_function(returns_scalars=True)
def nanmax(
    a: ArrayLike,
    axis: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NoValue,
    where: Any = True,
) -> Any:
    """np.nanmax: nan ignored; an all-nan slice gives nan, with numpy's RuntimeWarning."""
    result = _extremum(True, a, axis, keepdims, initial, where, nan=True)
    warn_all_nan(result)
    return _finish(result, out)


@numpy_function(returns_scalars=True)
def nanmin(
    a: ArrayLike,
    axis: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NoValue,
    where: Any = True,
) -> Any:
    """np.nanmin: nan ignored; an all-nan slice gives nan, with numpy's RuntimeWarning."""
    result = _extremum(False, a, axis, keepdims, initial, where, nan=True)
    warn_all_nan(result)
    return _finish(result, out)


def warn_all_nan(result: Any, message: str = "All-NaN slice encountered") -> None:
    """numpy's RuntimeWarning of a nan-function whose result holds NaN (a slice without a
    number): one host read of whether any is NaN."""
    if core.as_core_dtype(result.dtype).kind in "fc" and bool(to_host(ops.any(ops.isnan(result)))):
        warnings.warn(message, RuntimeWarning, stacklevel=4)


@numpy_function(returns_scalars=True)
def ptp(a: ArrayLike, axis: Any = None, out: Any = None, keepdims: bool = False) -> Any:
    """np.ptp: max - min in the input's dtype (integers wrap, bool refused as numpy)."""
    if _dt(a) == core.bool:
        raise TypeError(
            "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
            "the `^` operator, or the logical_xor function instead."
        )
    high = _extremum(True, a, axis, keepdims, _NoValue, True)
    low = _extremum(False, a, axis, keepdims, _NoValue, True)
    return _finish(ops.subtract(high, low), out)


# ---------------------------------------------------------------------------------------
# differences, gradient, integration
# ---------------------------------------------------------------------------------------
def _concat_numpy(parts: list[Any], axis: int) -> Any:
    dtype = nt.RULES.result_dtype((tuple(_dt(p) for p in parts),), ())
    return ops.concat([ops.astype(p, dtype) if _dt(p) != dtype else p for p in parts], axis=axis)


@numpy_function()
def diff(
    a: ArrayLike, n: int = 1, axis: int = -1, prepend: Any = _NoValue, append: Any = _NoValue
) -> Any:
    """np.diff: bool differences are ``!=``; prepend/append promote with numpy's rules."""
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = _axis1(axis, a.ndim)
    parts = []
    for extra in (prepend,):
        if extra is not _NoValue:
            parts.append(_edge(extra, a, axis))
    parts.append(a)
    if append is not _NoValue:
        parts.append(_edge(append, a, axis))
    if len(parts) > 1:
        a = _concat_numpy(parts, axis)
    is_bool = _dt(a) == core.bool
    for _ in range(n):
        length = a.shape[axis]
        high = [slice(None)] * a.ndim
        low = [slice(None)] * a.ndim
        high[axis] = slice(1, None)
        low[axis] = slice(None, -1 if length else 0)
        x1, x0 = ops.get_item(a, tuple(high)), ops.get_item(a, tuple(low))
        a = ops.not_equal(x1, x0) if is_bool else ops.subtract(x1, x0)
    return a


def _edge(value: Any, a: Any, axis: int) -> Any:
    value = as_native(value)
    if value.ndim == 0:
        shape = list(_shape(a))
        shape[axis] = 1
        value = ops.broadcast_to(value, tuple(shape))
    return value


@numpy_function()
def ediff1d(ary: ArrayLike, to_end: Any = None, to_begin: Any = None) -> Any:
    """np.ediff1d: flattened differences in the input's dtype; to_begin/to_end must cast
    to it safely (same_kind), as numpy requires."""
    ary = ops.reshape(ary, (-1,))
    dt = _dt(ary)
    parts = []
    for extra, name in ((to_begin, "to_begin"), (None, None), (to_end, "to_end")):
        if name is None:
            if ary.shape[0] > 1:
                parts.append(ops.subtract(ary[1:], ary[:-1]) if dt != core.bool else None)
                if dt == core.bool:
                    raise TypeError(
                        "numpy boolean subtract, the `-` operator, is not supported, use the "
                        "bitwise_xor, the `^` operator, or the logical_xor function instead."
                    )
            continue
        if extra is None:
            continue
        value = ops.reshape(as_native(extra), (-1,))
        if not nt.can_cast(nt.numpy_dtype(_dt(value)), nt.numpy_dtype(dt), "same_kind"):
            raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the "
                            "`same_kind` rule.")  # fmt: skip
        parts.append(ops.astype(value, dt))
    if not parts:
        return ops.zeros((0,), dtype=dt)
    return ops.concat(parts, axis=0) if len(parts) > 1 else parts[0]


def gradient(f: Any, *varargs: Any, axis: Any = None, edge_order: int = 1) -> Any:
    """np.gradient, numpy's own algorithm written with this frontend's arrays."""
    fnp = _frontend()
    f = fnp.asanyarray(f)
    N = f.ndim
    axes = _axes(axis, N)
    len_axes = len(axes)
    n = len(varargs)
    if n == 0:
        dx = [1.0] * len_axes
    elif n == 1 and fnp.ndim(varargs[0]) == 0:
        dx = list(varargs) * len_axes
    elif n == len_axes:
        dx = list(varargs)
        for i, distances in enumerate(dx):
            distances = fnp.asanyarray(distances)
            if distances.ndim == 0:
                continue
            elif distances.ndim != 1:
                raise ValueError("distances must be either scalars or 1d")
            if len(distances) != f.shape[axes[i]]:
                raise ValueError(
                    "when 1d, distances must match the length of the corresponding dimension"
                )
            if distances.dtype.kind in "iub":
                distances = distances.astype(numpy.float64)
            diffx = fnp.diff(distances)
            if bool((diffx == diffx[0]).all()):
                diffx = diffx[0]
            dx[i] = diffx
    else:
        raise TypeError("invalid number of arguments")
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")

    outvals = []
    slice1 = [slice(None)] * N
    slice2 = [slice(None)] * N
    slice3 = [slice(None)] * N
    slice4 = [slice(None)] * N
    otype = f.dtype
    if otype.kind in "iub":
        f = f.astype(numpy.float64)
        otype = numpy.dtype(numpy.float64)

    for axis_i, ax_dx in zip(axes, dx):
        if f.shape[axis_i] < edge_order + 1:
            raise ValueError(
                "Shape of array too small to calculate a numerical gradient, "
                "at least (edge_order + 1) elements are required."
            )
        out = fnp.empty_like(f, dtype=otype)
        uniform_spacing = fnp.ndim(ax_dx) == 0
        slice1[axis_i] = slice(1, -1)
        slice2[axis_i] = slice(None, -2)
        slice3[axis_i] = slice(1, -1)
        slice4[axis_i] = slice(2, None)
        if uniform_spacing:
            out[tuple(slice1)] = (f[tuple(slice4)] - f[tuple(slice2)]) / (2.0 * ax_dx)
        else:
            dx1 = ax_dx[0:-1]
            dx2 = ax_dx[1:]
            a = -(dx2) / (dx1 * (dx1 + dx2))
            b = (dx2 - dx1) / (dx1 * dx2)
            c = dx1 / (dx2 * (dx1 + dx2))
            shape = [1] * N
            shape[axis_i] = -1
            a, b, c = a.reshape(shape), b.reshape(shape), c.reshape(shape)
            out[tuple(slice1)] = a * f[tuple(slice2)] + b * f[tuple(slice3)] + c * f[tuple(slice4)]
        if edge_order == 1:
            slice1[axis_i] = 0
            slice2[axis_i] = 1
            slice3[axis_i] = 0
            dx_0 = ax_dx if uniform_spacing else ax_dx[0]
            out[tuple(slice1)] = (f[tuple(slice2)] - f[tuple(slice3)]) / dx_0
            slice1[axis_i] = -1
            slice2[axis_i] = -1
            slice3[axis_i] = -2
            dx_n = ax_dx if uniform_spacing else ax_dx[-1]
            out[tuple(slice1)] = (f[tuple(slice2)] - f[tuple(slice3)]) / dx_n
        else:
            slice1[axis_i] = 0
            slice2[axis_i] = 0
            slice3[axis_i] = 1
            slice4[axis_i] = 2
            if uniform_spacing:
                a = -1.5 / ax_dx
                b = 2.0 / ax_dx
                c = -0.5 / ax_dx
            else:
                dx1 = ax_dx[0]
                dx2 = ax_dx[1]
                a = -(2.0 * dx1 + dx2) / (dx1 * (dx1 + dx2))
                b = (dx1 + dx2) / (dx1 * dx2)
                c = -dx1 / (dx2 * (dx1 + dx2))
            out[tuple(slice1)] = a * f[tuple(slice2)] + b * f[tuple(slice3)] + c * f[tuple(slice4)]
            slice1[axis_i] = -1
            slice2[axis_i] = -3
            slice3[axis_i] = -2
            slice4[axis_i] = -1
            if uniform_spacing:
                a = 0.5 / ax_dx
                b = -2.0 / ax_dx
                c = 1.5 / ax_dx
            else:
                dx1 = ax_dx[-2]
                dx2 = ax_dx[-1]
                a = (dx2) / (dx1 * (dx1 + dx2))
                b = -(dx2 + dx1) / (dx1 * dx2)
                c = (2.0 * dx2 + dx1) / (dx2 * (dx1 + dx2))
            out[tuple(slice1)] = a * f[tuple(slice2)] + b * f[tuple(slice3)] + c * f[tuple(slice4)]
        outvals.append(out)
        slice1[axis_i] = slice(None)
        slice2[axis_i] = slice(None)
        slice3[axis_i] = slice(None)
        slice4[axis_i] = slice(None)
    if len_axes == 1:
        return outvals[0]
    return tuple(outvals)


def trapezoid(y: Any, x: Any = None, dx: Any = 1.0, axis: int = -1) -> Any:
    """np.trapezoid, numpy's algorithm with this frontend's arrays."""
    fnp = _frontend()
    y = fnp.asanyarray(y)
    nd = y.ndim
    axis = _axis1(axis, nd) if nd else axis
    if x is None:
        d = dx
    else:
        x = fnp.asanyarray(x)
        if x.ndim == 1:
            d = fnp.diff(x)
            shape = [1] * nd
            shape[axis] = d.shape[0]
            d = d.reshape(shape)
        else:
            d = fnp.diff(x, axis=axis)
    slice1 = [slice(None)] * nd
    slice2 = [slice(None)] * nd
    slice1[axis] = slice(1, None)
    slice2[axis] = slice(None, -1)
    return fnp.sum(d * (y[tuple(slice1)] + y[tuple(slice2)]) / 2.0, axis)


def cross(
    a: Any, b: Any, axisa: int = -1, axisb: int = -1, axisc: int = -1, axis: Any = None
) -> Any:
    """np.cross, numpy's algorithm with this frontend's arrays (2-element vectors warn as
    in numpy 2)."""
    fnp = _frontend()
    if axis is not None:
        axisa, axisb, axisc = (axis,) * 3
    a = fnp.asarray(a)
    b = fnp.asarray(b)
    if (a.ndim < 1) or (b.ndim < 1):
        raise ValueError("At least one array has zero dimension")
    axisa = _axis1(axisa, a.ndim)
    axisb = _axis1(axisb, b.ndim)
    a = fnp.moveaxis(a, axisa, -1)
    b = fnp.moveaxis(b, axisb, -1)
    msg = "incompatible dimensions for cross product\n(dimension must be 2 or 3)"
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError(msg)
    if a.shape[-1] == 2 or b.shape[-1] == 2:
        warnings.warn(
            "Arrays of 2-dimensional vectors are deprecated. Use arrays of "
            "3-dimensional vectors instead. (deprecated in NumPy 2.0)",
            DeprecationWarning,
            stacklevel=2,
        )
    shape = numpy.broadcast_shapes(a[..., 0].shape, b[..., 0].shape)
    if a.shape[-1] == 3 or b.shape[-1] == 3:
        shape += (3,)
        axisc = _axis1(axisc, len(shape))
    dtype = fnp.promote_types(a.dtype, b.dtype)
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        # an array even where the vectors are single (numpy writes into an ``out`` array)
        return fnp.asarray(a0 * b1 - a1 * b0).astype(dtype, copy=False)
    if a.shape[-1] == 3:
        a2 = a[..., 2]
    if b.shape[-1] == 3:
        b2 = b[..., 2]
    if a.shape[-1] == 2:
        c0 = a1 * b2
        c1 = -(a0 * b2) if dtype.kind != "b" else None
        c2 = a0 * b1 - a1 * b0
    elif b.shape[-1] == 2:
        c0 = -(a2 * b1) if dtype.kind != "b" else None
        c1 = a2 * b0
        c2 = a0 * b1 - a1 * b0
    else:
        c0 = a1 * b2 - a2 * b1
        c1 = a2 * b0 - a0 * b2
        c2 = a0 * b1 - a1 * b0
    if dtype.kind == "b":
        raise TypeError(
            "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
            "the `^` operator, or the logical_xor function instead."
        )
    parts = [fnp.broadcast_to(c, shape[:-1]).astype(dtype) for c in (c0, c1, c2)]
    return fnp.moveaxis(fnp.stack(parts, axis=-1), -1, axisc)


# ---------------------------------------------------------------------------------------
# convolution
# ---------------------------------------------------------------------------------------
def _correlate_full(a: Any, v: Any) -> Any:
    """Every lag of ``sum_n a[n + k] * v[n]`` (numpy's correlate, without conjugation),
    k = -(len(v) - 1) .. len(a) - 1, as one gather and one matmul."""
    n, m = int(a.shape[0]), int(v.shape[0])
    length = n + m - 1
    pad = ops.zeros((m - 1,), dtype=_dt(a))
    padded = ops.concat([pad, a, pad], axis=0)
    index = numpy.arange(length)[:, None] + numpy.arange(m)[None, :]
    windows = ops.take(padded, ops.asarray(index), axis=0)
    return ops.matmul(windows, v)


def _mode_slice(full: Any, n: int, m: int, mode: str, swapped: bool) -> Any:
    low, high = _builtin_min(n, m), _builtin_max(n, m)
    if mode == "full":
        return full
    if mode == "valid":
        return full[low - 1 : high]
    if mode == "same":
        start = (low - 1) // 2 if not swapped else low - 1 - (low - 1) // 2
        return full[start : start + high]
    raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")


def _check_mode(mode: Any) -> str:
    """numpy's convolve/correlate mode: a name or 0, 1, 2; numpy's errors (ValueError for
    an unknown name or integer, TypeError for anything else)."""
    names = {0: "valid", 1: "same", 2: "full"}
    if isinstance(mode, int) and not isinstance(mode, bool):
        if mode not in names:
            raise ValueError("integer convolve/correlate mode must be 0, 1, or 2")
        return names[mode]
    if not isinstance(mode, str):
        raise TypeError("convolve/correlate mode not understood")
    if mode in names.values():
        return mode
    if mode in ("v", "s", "f"):  # numpy 2 removed the one-letter forms
        raise ValueError("Use one of 'valid', 'same', or 'full' for convolve/correlate mode")
    raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")


def _prepare_pair(a: Any, v: Any) -> tuple[Any, Any]:
    a, v = ops.reshape(a, (-1,)), ops.reshape(v, (-1,))
    dtype = nt.RULES.result_dtype(((_dt(a), _dt(v)),), ())
    return ops.astype(a, dtype), ops.astype(v, dtype)


@numpy_function()
def convolve(a: ArrayLike, v: ArrayLike, mode: Any = "full") -> Any:
    """np.convolve of two 1-D sequences."""
    a, v = _prepare_pair(a, v)
    if a.shape[0] == 0:
        raise ValueError("a cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("v cannot be empty")
    mode = _check_mode(mode)
    if v.shape[0] > a.shape[0]:
        a, v = v, a
    n, m = int(a.shape[0]), int(v.shape[0])
    full = _correlate_full(a, ops.flip(v, axis=0))
    return _mode_slice(full, n, m, mode, False)


def _correlate(a: Any, v: Any, mode: Any) -> Any:
    a, v = _prepare_pair(a, v)
    if a.shape[0] == 0:
        raise ValueError("a cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("v cannot be empty")
    mode = _check_mode(mode)
    if _dt(v).kind == "c":
        v = ops.conj(v)
    n, m = int(a.shape[0]), int(v.shape[0])
    full = _correlate_full(a, v)
    return _mode_slice(full, n, m, mode, m > n)


# ---------------------------------------------------------------------------------------
# clipping, rounding
# ---------------------------------------------------------------------------------------
@numpy_function("a", "a_min", "a_max")
def _clip(a: ArrayLike, a_min: ArrayLike, a_max: ArrayLike) -> Any:
    if a_min is not None:
        a = ops.maximum(a, a_min)
    if a_max is not None:
        a = ops.minimum(a, a_max)
    return a


def clip(
    a: Any,
    a_min: Any = _NoValue,
    a_max: Any = _NoValue,
    out: Any = None,
    *,
    min: Any = _NoValue,
    max: Any = _NoValue,
    **kwargs: Any,
) -> Any:
    """np.clip (a ufunc in numpy: the three operands promote with NEP 50)."""
    if a_min is not _NoValue and min is not _NoValue:
        raise ValueError("Passing `min` or `a_min` is allowed, but not both.")
    if a_max is not _NoValue and max is not _NoValue:
        raise ValueError("Passing `max` or `a_max` is allowed, but not both.")
    low = min if min is not _NoValue else (None if a_min is _NoValue else a_min)
    high = max if max is not _NoValue else (None if a_max is _NoValue else a_max)
    scalar = numpy.isscalar(a) or isinstance(a, numpy.generic)
    kind = a.dtype.kind if hasattr(a, "dtype") and hasattr(a.dtype, "kind") else None
    if kind in ("i", "u"):  # numpy lets out-of-range Python ints bound an integer array
        info = numpy.iinfo(a.dtype)
        if type(low) is int:
            low = _builtin_min(_builtin_max(low, int(info.min)), int(info.max))
        if type(high) is int:
            high = _builtin_min(_builtin_max(high, int(info.min)), int(info.max))
    result = _clip(a, low, high)
    if out is not None:
        functions.write_out(out, result.native)
        return out
    if scalar:
        return as_scalar(result.native)
    return result


def _round_native(a: Any, decimals: int) -> Any:
    dt = _dt(a)
    if dt == core.bool:
        if decimals != 0:
            from numpy._core._exceptions import _UFuncOutputCastingError

            raise _UFuncOutputCastingError(
                numpy.multiply, "same_kind", numpy.dtype("float64"), numpy.dtype("bool"), 0
            )
        a, dt = ops.astype(a, core.float16), core.float16
    if dt.kind in "iu":
        if decimals >= 0:
            return ops.asarray(a, copy=True)
        # numpy divides by 10**-decimals in float64, rounds and scales back
        factor = ops.asarray(10.0 ** (-decimals), dtype=core.float64)
        scaled = ops.round(ops.divide(ops.astype(a, core.float64), factor))
        result = ops.multiply(scaled, factor)
        if dt != core.uint64:  # out-of-range values wrap, as numpy's cast does
            result = ops.astype(result, core.int64)
        return ops.astype(result, dt)
    if decimals == 0:
        return ops.round(a)
    factor = ops.asarray(10.0 ** _builtin_abs(decimals), dtype=_real_dtype(dt))
    if dt.kind == "c":
        factor = ops.astype(factor, dt)
    if decimals > 0:
        return ops.divide(ops.round(ops.multiply(a, factor)), factor)
    return ops.multiply(ops.round(ops.divide(a, factor)), factor)


_builtin_abs = abs


@numpy_function(returns_scalars=True)
def around(a: ArrayLike, decimals: int = 0, out: Any = None) -> Any:
    """np.around: half to even, ``decimals`` by scaling with 10**decimals as numpy does."""
    return _finish(_round_native(a, operator.index(decimals)), out)


@numpy_function(returns_scalars=True)
def round(a: ArrayLike, decimals: int = 0, out: Any = None) -> Any:
    """np.round: half to even, ``decimals`` by scaling with 10**decimals as numpy does."""
    return _finish(_round_native(a, operator.index(decimals)), out)


@numpy_function(returns_scalars=True)
def fix(x: ArrayLike, out: Any = None) -> Any:
    """np.fix: round toward zero, keeping the dtype."""
    dt = _dt(x)
    if dt.kind in "biu":
        return _finish(ops.asarray(x, copy=True), out)
    if dt.kind == "c":
        raise TypeError("ufunc 'floor' not supported for the input types")
    return _finish(ops.trunc(x), out)


# ---------------------------------------------------------------------------------------
# special functions
# ---------------------------------------------------------------------------------------
def _inexact(x: Any) -> Any:
    """x as numpy's float loops take it: integers and bool as float64 (float16 for bool
    only where numpy's loop table says so is not needed here)."""
    return x if _dt(x).kind in "fc" else ops.astype(x, core.float64)


@numpy_function(returns_scalars=True)
def sinc(x: ArrayLike) -> Any:
    """np.sinc: y = pi x, with y = 0 replaced by the dtype's eps, then sin(y) / y (numpy's
    formula)."""
    x = _inexact(x)
    dt = _dt(x)
    y = ops.multiply(ops.asarray(math.pi, dtype=dt), x)
    eps = float(numpy.finfo(nt.numpy_dtype(dt)).eps) if dt.kind == "f" else 1e-20
    y = ops.where(ops.equal(y, ops.zeros((), dtype=dt)), ops.asarray(eps, dtype=dt), y)
    return ops.divide(ops.sin(y), y)


_I0A = [
    -4.41534164647933937950e-18, 3.33079451882223809783e-17, -2.43127984654795469359e-16,
    1.71539128555513303061e-15, -1.16853328779934516808e-14, 7.67618549860493561688e-14,
    -4.85644678311192946090e-13, 2.95505266312963983461e-12, -1.72682629144155570723e-11,
    9.67580903537323691224e-11, -5.18979560163526290666e-10, 2.65982372468238665035e-9,
    -1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7,
    1.11738753912010371815e-6, -4.41673835845875056359e-6, 1.64484480707288970893e-5,
    -5.75419501008210370398e-5, 1.88502885095841655729e-4, -5.76375574538582365885e-4,
    1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
    -2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2,
    1.71620901522208775349e-1, -3.04682672343198398683e-1, 6.76795274409476084995e-1,
]  # fmt: skip
_I0B = [
    -7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17,
    3.46122286769746109310e-17, -2.82762398051658348494e-16, -3.42548561967721913462e-16,
    1.77256013305652638360e-15, 3.81168066935262242075e-15, -9.55484669882830764870e-15,
    -4.15056934728722208663e-14, 1.54008621752140982691e-14, 3.85277838274214270114e-13,
    7.18012445138366623367e-13, -1.79417853150680611778e-12, -1.32158118404477131188e-11,
    -3.14991652796324136454e-11, 1.18891471078464383424e-11, 4.94060238822496958910e-10,
    3.39623202570838634515e-9, 2.26666899049817806459e-8, 2.04891858946906374183e-7,
    2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
    8.04490411014108831608e-1,
]  # fmt: skip


def _chbevl(x: Any, coefficients: list[float]) -> Any:
    dt = _dt(x)
    b0 = ops.full(_shape(x), coefficients[0], dtype=dt)
    b1 = ops.zeros_like(x)
    b2 = b1
    for c in coefficients[1:]:
        b2 = b1
        b1 = b0
        b0 = ops.add(ops.subtract(ops.multiply(x, b1), b2), ops.asarray(c, dtype=dt))
    return ops.multiply(ops.subtract(b0, b2), ops.asarray(0.5, dtype=dt))


@numpy_function()
def i0(x: ArrayLike) -> Any:
    """np.i0, the modified Bessel function of order 0 (Cephes' Chebyshev series, as numpy)."""
    if _dt(x).kind == "c":
        raise TypeError("i0 not supported for complex values")
    x = ops.abs(_inexact(x))
    dt = _dt(x)
    small = ops.multiply(
        ops.exp(x),
        _chbevl(
            ops.subtract(ops.divide(x, ops.asarray(2.0, dtype=dt)), ops.asarray(2.0, dtype=dt)),
            _I0A,
        ),
    )
    safe = ops.where(ops.equal(x, ops.zeros_like(x)), ops.ones_like(x), x)
    large = ops.divide(
        ops.multiply(
            ops.exp(safe),
            _chbevl(
                ops.subtract(
                    ops.divide(ops.asarray(32.0, dtype=dt), safe), ops.asarray(2.0, dtype=dt)
                ),
                _I0B,
            ),
        ),
        ops.sqrt(safe),
    )
    return ops.where(ops.less_equal(x, ops.asarray(8.0, dtype=dt)), small, large)


def _replace_non_finite(x: Any, fills: tuple[Any, Any, Any]) -> Any:
    """``x`` (real floats) with its nans, +infs and -infs replaced by ``fills`` (arrays
    that broadcast, or None for numpy's defaults: 0 and the dtype's largest values)."""
    dt = _dt(x)
    big = numpy.finfo(nt.numpy_dtype(dt))
    result = x
    defaults = (0.0, float(big.max), float(big.min))
    for value, default, found in zip(fills, defaults, (ops.isnan, _isposinf, _isneginf)):
        fill = ops.astype(as_native(default if value is None else value), dt)
        result = ops.where(found(x), fill, result)
    return result


def _isposinf(x: Any) -> Any:
    return ops.logical_and(ops.isinf(x), ops.greater(x, ops.zeros_like(x)))


def _isneginf(x: Any) -> Any:
    return ops.logical_and(ops.isinf(x), ops.less(x, ops.zeros_like(x)))


def nan_to_num(
    x: Any, copy: bool = True, nan: float = 0.0, posinf: Any = None, neginf: Any = None
) -> Any:
    """np.nan_to_num; ``copy=False`` writes into ``x`` when it is an array of this frontend."""
    native = as_native(x)
    dt = _dt(native)
    result = native
    fills = (nan, posinf, neginf)
    if dt.kind in "fc" and any(v is not None and numpy.ndim(v) for v in fills):
        # array-valued replacements: numpy's copyto(..., where=...) per kind of value, on
        # the real and imaginary parts of a complex array
        if dt.kind == "f":
            result = _replace_non_finite(native, fills)
        else:
            re, im = (_replace_non_finite(part, fills) for part in (ops.real(native), ops.imag(native)))  # fmt: skip
            unit = ops.asarray(1j, dtype=dt)
            result = ops.add(ops.astype(re, dt), ops.multiply(ops.astype(im, dt), unit))
    elif dt.kind in "fc":
        result = ops.nan_to_num(native, nan=float(nan), posinf=posinf, neginf=neginf)
    if not copy and isinstance(x, ndarray):
        x._assign(result)
        return x
    if isinstance(x, ndarray) or native.ndim:
        return ndarray._from_native(result)
    return as_scalar(result)


def real_if_close(a: Any, tol: float = 100) -> Any:
    """np.real_if_close (the dtype of the result depends on the values: one host check)."""
    a = as_native(a)
    dt = _dt(a)
    if dt.kind != "c":
        return ndarray._from_native(a)
    if tol > 1:
        tol = float(numpy.finfo(nt.numpy_dtype(dt)).eps) * tol
    close = ops.all(ops.less(ops.abs(ops.imag(a)), ops.asarray(tol, dtype=_real_dtype(dt))))
    if bool(to_host(close)):
        return ndarray._from_native(ops.real(a))
    return ndarray._from_native(a)


def real(val: Any) -> Any:
    """np.real: ``val.real`` (a view for arrays)."""
    try:
        return val.real
    except AttributeError:
        return _frontend().asanyarray(val).real


def imag(val: Any) -> Any:
    """np.imag: ``val.imag`` (a view for arrays)."""
    try:
        return val.imag
    except AttributeError:
        return _frontend().asanyarray(val).imag


def angle(z: Any, deg: bool = False) -> Any:
    """np.angle, numpy's arctan2(imag, real) with this frontend's ufuncs."""
    fnp = _frontend()
    z = fnp.asanyarray(z)
    if z.dtype.kind == "c":
        zimag, zreal = z.imag, z.real
    else:
        zimag, zreal = 0, z
    a = fnp.arctan2(zimag, zreal)
    if deg:
        a *= 180 / math.pi
    return a


def _where_value(condition: Any, value: Any, array: Any) -> Any:
    """``array`` with ``value`` where ``condition`` holds (np.copyto(array, value, where=))."""
    native = array.native
    fill = _scalar_of(value, _dt(native))
    return ndarray._from_native(ops.where(as_native(condition), fill, native))


def unwrap(p: Any, discont: Any = None, axis: int = -1, *, period: float = 2 * math.pi) -> Any:
    """np.unwrap, numpy's algorithm with this frontend's arrays."""
    fnp = _frontend()
    p = fnp.asarray(p)
    nd = p.ndim
    dd = fnp.diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    slice1 = [slice(None, None)] * nd
    slice1[axis] = slice(1, None)
    slice1 = tuple(slice1)
    dtype = fnp.result_type(dd, period)
    if dtype.kind in "iu":
        interval_high, rem = divmod(period, 2)
        boundary_ambiguous = rem == 0
    else:
        interval_high = period / 2
        boundary_ambiguous = True
    interval_low = -interval_high
    ddmod = fnp.mod(dd - interval_low, period) + interval_low
    if boundary_ambiguous:
        ddmod = _where_value((ddmod == interval_low) & (dd > 0), interval_high, ddmod)
    ph_correct = ddmod - dd
    ph_correct = _where_value(fnp.abs(dd) < discont, 0, ph_correct)
    up = fnp.array(p, copy=True, dtype=dtype)
    up[slice1] = p[slice1] + ph_correct.cumsum(axis)
    return up


def interp(
    x: Any, xp: Any, fp: Any, left: Any = None, right: Any = None, period: Any = None
) -> Any:
    """np.interp: float64 (complex128 for complex ``fp``); numpy's formula, including its
    fallback where the slope is infinite."""
    scalar_x = numpy.ndim(x) == 0 and not isinstance(x, ndarray)
    x_n = ops.astype(as_native(x), core.float64)
    xp_n = ops.astype(as_native(xp), core.float64)
    fp_n = as_native(fp)
    out_dt = core.complex128 if _dt(fp_n).kind == "c" else core.float64
    fp_n = ops.astype(fp_n, out_dt)
    if xp_n.ndim != 1 or fp_n.ndim != 1:
        raise ValueError("object too deep for desired array")
    if xp_n.shape[0] != fp_n.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    if xp_n.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = _builtin_abs(period)
        left = right = None
        per = ops.asarray(float(period), dtype=core.float64)
        x_n = ops.remainder(x_n, per)
        xp_n = ops.remainder(xp_n, per)
        order = ops.argsort(xp_n, axis=0)
        xp_n = ops.take(xp_n, order, axis=0)
        fp_n = ops.take(fp_n, order, axis=0)
        xp_n = ops.concat([ops.subtract(xp_n[-1:], per), xp_n, ops.add(xp_n[0:1], per)], axis=0)
        fp_n = ops.concat([fp_n[-1:], fp_n, fp_n[0:1]], axis=0)
    n = int(xp_n.shape[0])
    flat = ops.reshape(x_n, (-1,))
    j = ops.subtract(ops.searchsorted(xp_n, flat, side="right"), ops.asarray(1, dtype=core.int64))
    j0 = ops.clip(j, 0, _builtin_max(n - 2, 0))
    j1 = ops.clip(ops.add(j0, ops.asarray(1, dtype=core.int64)), 0, n - 1)
    x0, x1 = ops.take(xp_n, j0, axis=0), ops.take(xp_n, j1, axis=0)
    f0, f1 = ops.take(fp_n, j0, axis=0), ops.take(fp_n, j1, axis=0)
    if n > 1:
        slope = ops.divide(ops.subtract(f1, f0), ops.astype(ops.subtract(x1, x0), out_dt))
        result = ops.add(ops.multiply(slope, ops.astype(ops.subtract(flat, x0), out_dt)), f0)
        bad = (
            ops.isnan(result)
            if out_dt.kind == "f"
            else ops.logical_or(ops.isnan(ops.real(result)), ops.isnan(ops.imag(result)))
        )
        retry = ops.add(ops.multiply(slope, ops.astype(ops.subtract(flat, x1), out_dt)), f1)
        retry = ops.where(ops.equal(f0, f1), f0, retry)
        result = ops.where(bad, retry, result)
    else:
        result = f0
    last = fp_n[-1] if right is None else _scalar_of(right, out_dt)
    first = fp_n[0] if left is None else _scalar_of(left, out_dt)
    result = ops.where(ops.equal(flat, xp_n[-1]), fp_n[-1], result)
    result = ops.where(ops.greater(flat, xp_n[-1]), last, result)
    result = ops.where(ops.less(flat, xp_n[0]), first, result)
    result = ops.reshape(result, _shape(x_n))
    if scalar_x:
        return as_scalar(result)
    return ndarray._from_native(result)
