"""numpy's sorting, searching and counting routines (numpy docs, "Sorting, searching,
and counting").

Every sort here is stable, whatever ``kind`` says: numpy's default quicksort (introsort)
leaves the order of equal elements unspecified, and a stable order is one of the orders it
may give. NaNs sort last, and complex numbers sort lexicographically (real part, then
imaginary part; a NaN in either part sorts last), as in numpy, on every backend (complex
values are ordered through two stable sorts of their parts, since torch and tensorflow
have no complex sort). ``partition``/``argpartition`` sort fully: a sorted array satisfies
the partition property, though numpy's own arrangement of the two sides differs.

``searchsorted`` places NaNs as numpy does (after +inf); for complex values holding NaN
it follows plain lexicographic comparison.
"""

from __future__ import annotations

import builtins
import operator
from collections.abc import Sequence
from typing import Any

import numpy

import core
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native
from frontends.numpy._core.multiarray import ndarray
from frontends.numpy._frontend import ArrayLike, functions, numpy_function, numpy_on_numpy_backend

__all__ = [
    "argmax", "argmin", "argpartition", "argsort", "argwhere", "count_nonzero", "extract",
    "flatnonzero", "lexsort", "nanargmax", "nanargmin", "nonzero", "partition",
    "searchsorted", "sort", "sort_complex",
]  # fmt: skip

_COMPLEX = frozenset({core.complex64, core.complex128})


# ---------------------------------------------------------------------------------------
# helpers on native arrays
# ---------------------------------------------------------------------------------------
def _dtype(x: Any) -> core.Dtype:
    return core.as_core_dtype(x.dtype)


def _shape(x: Any) -> tuple[int, ...]:
    return tuple(int(extent) for extent in x.shape)


def _axis(axis: Any, ndim: int) -> int:
    """``axis`` in ``range(ndim)``; numpy's AxisError otherwise."""
    try:
        axis = operator.index(axis)
    except TypeError:
        raise TypeError(
            f"'{type(axis).__name__}' object cannot be interpreted as an integer"
        ) from None
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def _check_kind(kind: Any, stable: Any) -> None:
    if kind is not None and stable is not None:
        raise ValueError(
            "`kind` and keyword parameters can't be provided at the same time. Use only one "
            "of them."
        )
    if kind is not None and (
        not isinstance(kind, str) or not kind or kind[0].lower() not in "qmhs"
    ):
        raise ValueError(f"sort kind must be one of 'quick', 'heap', or 'stable' (got {kind!r})")


def _check_order(order: Any) -> None:
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")


def _flat(x: Any) -> Any:
    return ops.reshape(x, (-1,))


def _argsort(x: Any, axis: int) -> Any:
    """Stable ascending argsort along ``axis`` (NaN last; complex lexicographic)."""
    if _dtype(x) in _COMPLEX:
        # numpy's order: no NaN, then R + nanj, then nan + Rj, then nan + nanj; within
        # each, by real part then imaginary part. Three stable sorts, least key first.
        real, imag = ops.real(x), ops.imag(x)
        order = ops.argsort(imag, axis=axis, stable=True)
        for key in (real, _nan_class(real, imag)):
            step = ops.argsort(ops.take_along_axis(key, order, axis=axis), axis=axis, stable=True)
            order = ops.take_along_axis(order, step, axis=axis)
        return order
    return ops.argsort(x, axis=axis, stable=True)


def _nan_class(real: Any, imag: Any) -> Any:
    """0 for no NaN, 1 for a NaN imaginary part only, 2 for a NaN real part only, 3 for both."""
    one = ops.astype(ops.isnan(imag), core.int8)
    two = ops.astype(ops.isnan(real), core.int8)
    return ops.add(one, ops.add(two, two))


def _sort(x: Any, axis: int) -> Any:
    if _dtype(x) in _COMPLEX:
        return ops.take_along_axis(x, _argsort(x, axis), axis=axis)
    return ops.sort(x, axis=axis, stable=True)


def _argmax_complex(x: Any, axis: int, keepdims: bool) -> Any:
    """Index of the first lexicographic maximum (the first NaN where there is one)."""
    real, imag = ops.real(x), ops.imag(x)
    nan = ops.logical_or(ops.isnan(real), ops.isnan(imag))
    low = float("-inf")
    real = ops.where(nan, low, real)
    candidates = ops.logical_and(
        ops.equal(real, ops.max(real, axis=axis, keepdims=True)), ops.logical_not(nan)
    )
    imag = ops.where(candidates, imag, low)
    best = ops.logical_and(candidates, ops.equal(imag, ops.max(imag, axis=axis, keepdims=True)))
    best = ops.where(ops.any(nan, axis=axis, keepdims=True), nan, best)
    return ops.argmax(ops.astype(best, core.int8), axis=axis, keepdims=keepdims)


def _arg_extreme(a: Any, axis: Any, keepdims: bool, name: str) -> Any:
    shape = _shape(a)
    ndim = len(shape)
    if axis is None:
        flat = _flat(a)
        if flat.shape[0] == 0:
            raise ValueError(f"attempt to get {name} of an empty sequence")
        result = _arg_extreme(flat, 0, False, name)
        return ops.reshape(result, (1,) * ndim) if keepdims else result
    if ndim == 0:
        _axis(axis, 1)
        result = _arg_extreme(ops.reshape(a, (1,)), 0, False, name)
        return result
    axis = _axis(axis, ndim)
    if shape[axis] == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    if _dtype(a) in _COMPLEX:
        return _argmax_complex(ops.negative(a) if name == "argmin" else a, axis, keepdims)
    function = ops.argmax if name == "argmax" else ops.argmin
    return function(a, axis=axis, keepdims=keepdims)


# ---------------------------------------------------------------------------------------
# sorting
# ---------------------------------------------------------------------------------------
@numpy_function()
def sort(
    a: ArrayLike, axis: int | None = -1, kind: str | None = None, order: Any = None, *,
    stable: bool | None = None,
) -> Any:  # fmt: skip
    """numpy.sort (always stable; NaN last, complex lexicographic)."""
    _check_kind(kind, stable)
    _check_order(order)
    if axis is None:
        return _sort(_flat(a), 0)
    return _sort(a, _axis(axis, len(a.shape)))


@numpy_function()
def argsort(
    a: ArrayLike, axis: int | None = -1, kind: str | None = None, order: Any = None, *,
    stable: bool | None = None,
) -> Any:  # fmt: skip
    """numpy.argsort; always stable (numpy's quicksort may order ties differently)."""
    _check_kind(kind, stable)
    _check_order(order)
    if axis is None:
        return _argsort(_flat(a), 0)
    return _argsort(a, _axis(axis, len(a.shape)))


def lexsort(keys: Any, axis: int = -1) -> ndarray:
    """numpy.lexsort: indices sorting by the last key, then the one before, and so on."""
    if isinstance(keys, FrontendArray | numpy.ndarray) or isinstance(
        keys, core.current_backend().native_array_types
    ):
        native = as_native(keys)
        if len(native.shape) == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [native[i] for i in range(int(native.shape[0]))]
    elif not isinstance(keys, Sequence) or len(keys) == 0:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    natives = [as_native(key) for key in keys]
    shape = _shape(natives[0])
    if any(_shape(key) != shape for key in natives):
        raise ValueError("all keys need to be the same shape")
    if not shape:  # scalar keys: the one position there is
        return numpy.int64(0)
    axis = _axis(axis, len(shape))
    order = None
    for key in natives:
        if order is None:
            order = _argsort(key, axis)
        else:
            step = _argsort(ops.take_along_axis(key, order, axis=axis), axis)
            order = ops.take_along_axis(order, step, axis=axis)
    return ndarray._from_native(order)


def _check_kth(kth: Any, extent: int) -> None:
    values = numpy.asarray(kth.tolist() if isinstance(kth, FrontendArray) else kth)
    if values.dtype.kind not in "iub":
        raise TypeError("Partition index must be integer")
    if values.ndim > 1:
        raise ValueError("kth array must have dimension <= 1")
    for value in values.reshape(-1).tolist():
        if not -extent <= value < extent:
            raise ValueError(f"kth(={value}) out of bounds ({extent})")


def _check_select(kind: Any) -> None:
    if kind != "introselect":
        raise ValueError(f"select kind must be 'introselect' (got {kind!r})")


@numpy_function()
def partition(
    a: ArrayLike, kth: Any, axis: int | None = -1, kind: str = "introselect", order: Any = None
) -> Any:
    """numpy.partition; the result is fully sorted (a valid partition for every kth)."""
    _check_select(kind)
    _check_order(order)
    if axis is None:
        a, axis = _flat(a), 0
    axis = _axis(axis, len(a.shape))
    _check_kth(kth, _shape(a)[axis])
    return _sort(a, axis)


@numpy_function()
def argpartition(
    a: ArrayLike, kth: Any, axis: int | None = -1, kind: str = "introselect", order: Any = None
) -> Any:
    """numpy.argpartition; the indices fully sort ``a`` (a valid partition for every kth)."""
    _check_select(kind)
    _check_order(order)
    if axis is None:
        a, axis = _flat(a), 0
    axis = _axis(axis, len(a.shape))
    _check_kth(kth, _shape(a)[axis])
    return _argsort(a, axis)


_SORT_COMPLEX_DTYPES = {
    core.int8: core.complex64, core.uint8: core.complex64, core.int16: core.complex64,
    core.uint16: core.complex64, core.complex64: core.complex64,
}  # fmt: skip


@numpy_function()
def sort_complex(a: ArrayLike) -> Any:
    """numpy.sort_complex: sorted along the last axis, as a complex array (complex64 for
    complex64 and integers up to 16 bits, complex128 otherwise, as numpy)."""
    result = _sort(a, _axis(-1, len(a.shape)))
    return ops.astype(result, _SORT_COMPLEX_DTYPES.get(_dtype(a), core.complex128))


# ---------------------------------------------------------------------------------------
# searching
# ---------------------------------------------------------------------------------------
@numpy_function(returns_scalars=True)
def _arg_reduce(a: ArrayLike, axis: Any, keepdims: bool, name: str) -> Any:
    if name.startswith("nan"):
        return _nan_arg(a, axis, keepdims, name[3:])
    return _arg_extreme(a, axis, keepdims, name)


def _with_out(result: Any, out: Any, name: str) -> Any:
    """numpy's ``out=`` of the arg-reductions: an integer array of the result's shape."""
    if out is None:
        return result
    if not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    if out.shape != numpy.shape(result):
        raise ValueError(f"output array does not match result of np.{name.removeprefix('nan')}.")
    if out.dtype.kind not in "iu":
        raise TypeError(
            f"Cannot cast array data from dtype('int64') to {out.dtype!r} according to the "
            "rule 'safe'"
        )
    out[...] = result
    return out


def argmax(a: Any, axis: int | None = None, out: Any = None, *, keepdims: bool = False) -> Any:
    """numpy.argmax: the first maximum's index (the first NaN's where there is one)."""
    return _with_out(_arg_reduce(a, axis, keepdims, "argmax"), out, "argmax")


def argmin(a: Any, axis: int | None = None, out: Any = None, *, keepdims: bool = False) -> Any:
    """numpy.argmin: the first minimum's index (the first NaN's where there is one)."""
    return _with_out(_arg_reduce(a, axis, keepdims, "argmin"), out, "argmin")


def nanargmax(a: Any, axis: int | None = None, out: Any = None, *, keepdims: bool = False) -> Any:
    """numpy.nanargmax: argmax ignoring NaNs; ValueError for an all-NaN slice."""
    return _with_out(_arg_reduce(a, axis, keepdims, "nanargmax"), out, "nanargmax")


def nanargmin(a: Any, axis: int | None = None, out: Any = None, *, keepdims: bool = False) -> Any:
    """numpy.nanargmin: argmin ignoring NaNs; ValueError for an all-NaN slice."""
    return _with_out(_arg_reduce(a, axis, keepdims, "nanargmin"), out, "nanargmin")


def _nan_arg(a: Any, axis: Any, keepdims: bool, name: str) -> Any:
    if _dtype(a).kind not in "fc":
        return _arg_extreme(a, axis, keepdims, name)
    nan = ops.isnan(a)
    if len(a.shape) and builtins.all(int(extent) > 0 for extent in a.shape):
        reduce_axis = None if axis is None else _axis(axis, len(a.shape))
        if bool(ops.any(ops.all(nan, axis=reduce_axis))):
            raise ValueError("All-NaN slice encountered")
    fill = float("-inf") if name == "argmax" else float("inf")
    return _arg_extreme(ops.where(nan, ops.astype(ops.asarray(fill), _dtype(a)), a), axis,
                        keepdims, name)  # fmt: skip


@numpy_function()
def nonzero(a: ArrayLike) -> tuple[Any, ...]:
    """numpy.nonzero: one int64 index array per dimension (0-d input is a ValueError)."""
    if len(a.shape) == 0:
        raise ValueError(
            "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
            "instead. If the context of this error is of the form `arr[nonzero(cond)]`, just "
            "use `arr[cond]`."
        )
    return tuple(ops.nonzero(a))


@numpy_function()
def flatnonzero(a: ArrayLike) -> Any:
    """numpy.flatnonzero: indices of the non-zero elements of the flattened array."""
    return ops.nonzero(_flat(a))[0]


@numpy_on_numpy_backend
@numpy_function()
def argwhere(a: ArrayLike) -> Any:
    """numpy.argwhere: the indices of non-zero elements, one row each."""
    if len(a.shape) == 0:
        found = ops.nonzero(ops.reshape(a, (1,)))[0]
        return ops.reshape(found, (-1, 1))[:, :0]
    return ops.stack(ops.nonzero(a), axis=1)


@numpy_function()
def extract(condition: ArrayLike, arr: ArrayLike) -> Any:
    """numpy.extract: the elements of ``arr`` (flattened) where ``condition`` (flattened)
    is non-zero."""
    indices = ops.nonzero(_flat(condition))[0]
    return ops.take(_flat(arr), indices, axis=0)


@numpy_function(returns_scalars=True)
def count_nonzero(a: ArrayLike, axis: Any = None, *, keepdims: bool = False) -> Any:
    """numpy.count_nonzero (NaN counts as non-zero); int64."""
    ndim = len(a.shape)
    if axis is not None:
        axes = axis if isinstance(axis, tuple | list) else (axis,)
        axes = tuple(_axis(item, ndim) for item in axes)
        if len(set(axes)) != len(axes):
            raise ValueError("duplicate value in 'axis'")
        axis = axes
    return ops.count_nonzero(a, axis=axis, keepdims=keepdims)


def _complex_count(a: Any, v: Any, side: str) -> Any:
    """searchsorted for complex: how many of ``a`` order before each ``v``."""
    ar, ai = ops.real(a), ops.imag(a)
    vr, vi = ops.expand_dims(ops.real(v), axis=-1), ops.expand_dims(ops.imag(v), axis=-1)
    tie = ops.less(ai, vi) if side == "left" else ops.less_equal(ai, vi)
    before = ops.logical_or(ops.less(ar, vr), ops.logical_and(ops.equal(ar, vr), tie))
    return ops.count_nonzero(before, axis=-1)


@numpy_function(returns_scalars=True)
def searchsorted(a: ArrayLike, v: Any, side: str = "left", sorter: ArrayLike = None) -> Any:
    """numpy.searchsorted; a scalar ``v`` gives an int64 scalar."""
    if side not in ("left", "right"):
        raise ValueError(f"search side must be 'left' or 'right' (got {side!r})")
    if len(a.shape) != 1:
        raise ValueError("object too deep for desired array")
    dtype = _dtype(a)
    if type(v) is int and dtype.kind in "iu":
        info = numpy.iinfo(str(dtype))
        if not info.min <= v <= info.max:
            return numpy.int64(int(a.shape[0]) if v > info.max else 0)
    if type(v) in (bool, int, float, complex):
        (a, v), common = functions.promote([a, v])
    else:
        v = as_native(v)
        common = nt.RULES.promote_types(dtype, _dtype(v))
        a, v = ops.astype(a, common), ops.astype(v, common)
    if sorter is not None:
        sorter = ops.astype(sorter, core.int64)
        if _shape(sorter) != _shape(a):
            raise ValueError("sorter.size must equal a.size")
    if common in _COMPLEX:
        if sorter is not None:
            a = ops.take(a, sorter, axis=0)
        result = _complex_count(a, v, side)
    elif common.kind == "f":
        result = _searchsorted_nan(a, v, side, sorter)
    else:
        result = ops.searchsorted(a, v, side=side, sorter=sorter)
    return result


def _searchsorted_nan(a: Any, v: Any, side: str, sorter: Any) -> Any:
    """searchsorted with numpy's NaN order (NaN after +inf, NaNs equal): NaNs of ``a``
    searched as +inf, the answer capped at the first NaN, a NaN ``v`` placed at the first
    NaN (left) or the end (right)."""
    dtype = _dtype(a)
    inf = ops.full((), float("inf"), dtype=dtype)
    nan_a = ops.isnan(a)
    n = int(a.shape[0])
    valid = ops.subtract(ops.asarray(n, dtype=core.int64), ops.count_nonzero(nan_a))
    filled = ops.where(nan_a, inf, a)
    nan_v = ops.isnan(v)
    found = ops.searchsorted(filled, ops.where(nan_v, inf, v), side=side, sorter=sorter)
    found = ops.minimum(found, valid)
    at_nan = valid if side == "left" else ops.asarray(n, dtype=core.int64)
    return ops.where(nan_v, at_nan, found)
