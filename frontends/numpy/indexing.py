"""numpy's indexing routines (numpy docs, "Indexing routines").

Gathers and scatters run on the backend; in-place routines (``put``, ``putmask``,
``place``, ``put_along_axis``, ``fill_diagonal``) write into the frontend array, so views
of it see the change. Index bookkeeping that only depends on shapes (``delete``-style
position lists, ``fill_diagonal``'s flat positions) is done on the host, as numpy does it
in C. Errors that depend on index values (out-of-range in ``mode="raise"``) read those
values back. ``diagonal`` is a read-only view, as numpy's. ``np.nditer`` is not provided:
its buffered, multi-operand iteration protocol does not map onto backend arrays (iterate
with ``ndindex``/``ndenumerate`` or vectorise instead).
"""

from __future__ import annotations

import builtins
import operator
from collections.abc import Iterator
from typing import Any

import numpy
from numpy.lib.array_utils import normalize_axis_index

import core
from core import native as ops
from frontends.base.host import hosted
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import as_native, as_scalar, dtype_of, to_host
from frontends.numpy._core.multiarray import array, asarray, ndarray
from frontends.numpy._frontend import functions

__all__ = [
    "c_", "choose", "compress", "diag_indices", "diag_indices_from", "diagonal",
    "fill_diagonal", "index_exp", "indices", "ix_", "mask_indices", "ndenumerate", "ndindex",
    "place", "put", "put_along_axis", "putmask", "r_", "ravel_multi_index", "s_", "select",
    "take", "take_along_axis", "tril_indices", "tril_indices_from", "triu_indices",
    "triu_indices_from", "unravel_index", "where",
]  # fmt: skip

_SCALARS = (builtins.bool, int, float, complex)
_NO_VALUE = numpy._NoValue
_NUMPY_BOOL = numpy.dtype(bool)  # a singleton: the numpy backend's bool arrays have it
s_ = numpy.s_
index_exp = numpy.index_exp
ndindex = numpy.ndindex


def _wrap(native: Any) -> ndarray:
    return ndarray._from_native(native)


def _shape_of(native: Any) -> tuple[int, ...]:
    return tuple(int(e) for e in native.shape)


def _is_int_scalar(value: Any) -> bool:
    return isinstance(value, int | numpy.integer) and not isinstance(
        value, builtins.bool | numpy.bool_
    )


def _require_ndarray(a: Any, name: str) -> ndarray:
    if not isinstance(a, ndarray):
        raise TypeError(f"{name}() argument 1 must be numpy.ndarray, not {type(a).__name__}")
    return a


def _int_indices(native: Any) -> Any:
    dtype = dtype_of(native)
    if dtype.kind not in "iu":
        if dtype.kind in "bf":  # numpy's take/put truncate float indices
            return ops.astype(native, core.int64)
        raise TypeError(
            f"Cannot cast array data from {nt.numpy_dtype(dtype)!r} to dtype('int64') "
            "according to the rule 'safe'"
        )
    return native if dtype == core.int64 else ops.astype(native, core.int64)


def _mode_indices(index: Any, n: int, mode: str, axis: int) -> Any:
    """Integer indices into an axis of ``n`` under numpy's ``mode``; ``raise`` checks them
    (reading them back: the error depends on their values)."""
    if mode == "clip":
        return ops.clip(index, 0, builtins.max(n - 1, 0))
    if mode == "wrap":
        if n == 0:
            raise IndexError("cannot do a non-empty take from an empty axes.")
        return ops.remainder(index, ops.asarray(n, dtype=dtype_of(index)))
    if mode != "raise":
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    host = to_host(index)
    if host.size:
        bad = host[(host >= n) | (host < -n)]
        if bad.size:
            raise IndexError(f"index {bad.flat[0]} is out of bounds for axis {axis} with size {n}")
    return index


# ---------------------------------------------------------------------------------------
# gathering
# ---------------------------------------------------------------------------------------
@functions.maps_errors
def take(a: Any, indices: Any, axis: Any = None, out: Any = None, mode: str = "raise") -> Any:
    """np.take: a numpy scalar for a scalar index on a flattened array, as numpy gives."""
    native = as_native(a)
    index = _int_indices(as_native(indices))
    if axis is None:
        native = ops.reshape(native, (-1,))
        axis = 0
    else:
        axis = normalize_axis_index(axis, len(native.shape))
    if mode != "raise":  # core's take raises the IndexError (an IndexOutOfRangeError)
        index = _mode_indices(index, int(native.shape[axis]), mode, axis)
    result = ops.take(native, index, axis=axis)
    if out is not None:
        out._assign(ops.astype(ops.broadcast_to(result, out.shape), dtype_of(out.native)))
        return out
    if len(result.shape) == 0:
        return as_scalar(result)
    return _wrap(result)


def _along_axis(native: Any, index: Any, axis: Any, check: bool) -> tuple[Any, Any, int]:
    """numpy's checks of take/put_along_axis, in numpy's order."""
    if axis is None:
        if len(index.shape) != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        native = ops.reshape(native, (-1,))
        axis = 0
    else:
        axis = normalize_axis_index(axis, len(native.shape))
    if dtype_of(index).kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if len(index.shape) != len(native.shape):
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    index = _int_indices(index)
    if check:
        index = _mode_indices(index, int(native.shape[axis]), "raise", axis)
    return native, index, axis


def take_along_axis(arr: Any, indices: Any, axis: Any = -1) -> ndarray:
    native, index, axis = _along_axis(as_native(arr), as_native(indices), axis, False)
    return _wrap(ops.take_along_axis(native, index, axis=axis))


def choose(a: Any, choices: Any, out: Any = None, mode: str = "raise") -> ndarray:
    index = as_native(a)
    if dtype_of(index).kind not in "biu":
        raise TypeError(
            f"Cannot cast array data from {nt.numpy_dtype(dtype_of(index))!r} to dtype('int64') "
            "according to the rule 'safe'"
        )
    index = _int_indices(index)
    natives = [
        as_native(c) for c in (choices if not isinstance(choices, ndarray) else list(choices))
    ]
    if not natives:
        raise ValueError("0-length sequence.")
    dtype = nt.core_result_type(*natives)
    shape = numpy.broadcast_shapes(_shape_of(index), *(_shape_of(c) for c in natives))
    stacked = ops.stack([ops.broadcast_to(ops.astype(c, dtype), shape) for c in natives], axis=0)
    n = len(natives)
    if mode == "raise":
        host = to_host(index)
        if host.size and (host.min() < 0 or host.max() >= n):
            raise ValueError("invalid entry in choice array")
    elif mode == "wrap":
        index = ops.remainder(index, ops.asarray(n, dtype=core.int64))
    elif mode == "clip":
        index = ops.clip(index, 0, n - 1)
    else:
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    index = ops.expand_dims(ops.broadcast_to(index, shape), axis=0)
    result = ops.reshape(ops.take_along_axis(stacked, index, axis=0), shape)
    if out is not None:
        out._assign(ops.astype(result, dtype_of(out.native)))
        return out
    return _wrap(result)


def compress(condition: Any, a: Any, axis: Any = None, out: Any = None) -> ndarray:
    """np.compress: the kept positions are read from ``condition`` (they set the shape)."""
    native = as_native(a)
    cond = to_host(as_native(condition))
    if cond.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    if axis is None:
        native = ops.reshape(native, (-1,))
        axis = 0
    else:
        axis = normalize_axis_index(axis, len(native.shape))
    n = int(native.shape[axis])
    kept = numpy.flatnonzero(cond)
    if kept.size and kept[-1] >= n:
        raise IndexError(f"index {kept[-1]} is out of bounds for axis {axis} with size {n}")
    result = ops.take(native, ops.asarray(kept.astype(numpy.int64)), axis=axis)
    if out is not None:
        out._assign(ops.astype(result, dtype_of(out.native)))
        return out
    return _wrap(result)


def select(condlist: Any, choicelist: Any, default: Any = 0) -> ndarray:
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    choices = [c if type(c) in _SCALARS else as_native(c) for c in choicelist]
    default_v = default if type(default) in _SCALARS else as_native(default)
    dtype = nt.core_result_type(*choices, default_v)
    conds = []
    for i, cond in enumerate(condlist):
        native = as_native(cond)
        if dtype_of(native) != core.bool:
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
        conds.append(native)

    def cast(v: Any) -> Any:
        return _weak_cast(v, dtype) if type(v) in _SCALARS else ops.astype(v, dtype)

    choices = [cast(c) for c in choices]
    shape = numpy.broadcast_shapes(
        *(_shape_of(x) for x in (*conds, *choices)), _shape_of(cast(default_v))
    )
    result = ops.broadcast_to(cast(default_v), shape)
    for cond, choice in zip(reversed(conds), reversed(choices)):
        result = ops.where(cond, choice, result)
    return _wrap(ops.asarray(ops.broadcast_to(result, shape), copy=True))


@functions.fast("where", "condition", "x", "y", mask=True)
def where(condition: Any, x: Any = _NO_VALUE, y: Any = _NO_VALUE, /) -> Any:
    """np.where: ``nonzero(condition)`` with one argument; with three, ``x`` where
    ``condition`` else ``y``, promoted with NEP 50. (``x`` and ``y`` default to numpy's
    no-value marker rather than None, so the fast path never hands its kernel a None.)"""
    x = None if x is _NO_VALUE else x
    y = None if y is _NO_VALUE else y
    if (x is None) != (y is None):
        raise ValueError("either both or neither of x and y should be given")
    cond = as_native(condition)
    if cond.dtype is not _NUMPY_BOOL and dtype_of(cond) != core.bool:
        cond = ops.not_equal(cond, ops.zeros((), dtype=dtype_of(cond)))
    if x is None:
        if len(cond.shape) == 0:
            raise ValueError(
                "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead. If the context of this error is of the form `arr[nonzero(cond)]`, just use `arr[cond]`."
            )
        return tuple(_wrap(ops.astype(i, core.int64)) for i in ops.nonzero(cond))
    xn = x if type(x) in _SCALARS else as_native(x)
    yn = y if type(y) in _SCALARS else as_native(y)
    if type(xn) in _SCALARS or type(yn) in _SCALARS or xn.dtype != yn.dtype:
        dtype = nt.core_result_type(xn, yn)

        def cast(v: Any) -> Any:
            if type(v) in _SCALARS:
                return _weak_cast(v, dtype)
            return v if dtype_of(v) == dtype else ops.astype(v, dtype)

        xn, yn = cast(xn), cast(yn)
    if cond.shape == xn.shape == yn.shape:  # nothing to broadcast
        return _wrap(ops.where(cond, xn, yn))
    shape = numpy.broadcast_shapes(_shape_of(cond), _shape_of(xn), _shape_of(yn))
    result = ops.where(cond, xn, yn)
    if _shape_of(result) != shape:
        result = ops.broadcast_to(result, shape)
    return _wrap(result)


def _weak_cast(value: Any, dtype: core.Dtype) -> Any:
    """A Python scalar as a 0-d array of ``dtype``; an int out of range wraps, as numpy's
    where/select cast it."""
    if dtype.kind == "b":
        return ops.asarray(builtins.bool(value))
    if type(value) is int and dtype.kind in "iu":
        if -(2**63) <= value < 2**64:
            wide = core.uint64 if value > 2**63 - 1 else core.int64
            return ops.astype(ops.asarray(value, dtype=wide), dtype)
    return ops.asarray(value, dtype=dtype)


def _diagonal_native(native: Any, offset: int, axis1: int, axis2: int) -> Any:
    nd_ = len(native.shape)
    if nd_ < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    axis1 = normalize_axis_index(axis1, nd_)
    axis2 = normalize_axis_index(axis2, nd_)
    if axis1 == axis2:
        raise ValueError("axis1 and axis2 cannot be the same")
    perm = [i for i in range(nd_) if i not in (axis1, axis2)] + [axis1, axis2]
    moved = ops.permute_dims(native, tuple(perm))
    n1, n2 = int(native.shape[axis1]), int(native.shape[axis2])
    offset = operator.index(offset)
    if offset >= 0:
        length = builtins.max(0, builtins.min(n1, n2 - offset))
        rows_start, cols_start = 0, offset
    else:
        length = builtins.max(0, builtins.min(n1 + offset, n2))
        rows_start, cols_start = -offset, 0
    lead = tuple(int(moved.shape[i]) for i in range(nd_ - 2))
    if length == 0:
        return ops.zeros((*lead, 0), dtype=dtype_of(native))
    index = ops.arange(length, dtype=core.int64)
    rows = ops.add(index, ops.asarray(rows_start, dtype=core.int64))
    cols = ops.add(index, ops.asarray(cols_start, dtype=core.int64))
    return ops.get_item(moved, (Ellipsis, rows, cols))


def diagonal(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1) -> ndarray:
    """np.diagonal: a read-only view, as numpy's."""
    a = a if isinstance(a, ndarray) else asarray(a)
    _diagonal_native(a.native, offset, axis1, axis2)  # errors now
    return a._make_view(lambda value: _diagonal_native(value, offset, axis1, axis2), None)


# ---------------------------------------------------------------------------------------
# writing in place
# ---------------------------------------------------------------------------------------
def _value_native(values: Any, dtype: core.Dtype) -> Any:
    if type(values) in _SCALARS:
        if type(values) is int and dtype.kind in "iu":
            nt.check_python_int(values, dtype)
        if dtype.kind == "b":
            return ops.asarray(builtins.bool(values))
        if type(values) is complex and dtype.kind != "c":
            values = values.real
        if type(values) is float and dtype.kind in "iu":
            return ops.astype(ops.asarray(values, dtype=core.float64), dtype)
        return ops.asarray(values, dtype=dtype)
    native = as_native(values)
    return native if dtype_of(native) == dtype else ops.astype(native, dtype)


def _cycled(values: Any, count: int) -> Any:
    """``values`` flattened and repeated to ``count`` elements (numpy's put/place rule)."""
    flat = ops.reshape(values, (-1,))
    n = int(flat.shape[0])
    if n == count:
        return flat
    repeats = -(-count // n)
    if repeats > 1:
        flat = ops.concat([flat] * repeats, axis=0)
    return flat[:count]


def put(a: ndarray, ind: Any, v: Any, mode: str = "raise") -> None:
    a = _require_ndarray(a, "put")
    dtype = dtype_of(a.native)
    index = ops.reshape(_int_indices(as_native(ind)), (-1,))
    count = int(index.shape[0])
    if count == 0:
        return
    values = _value_native(v, dtype)
    if int(numpy.prod(_shape_of(values))) == 0:
        return
    size = a.size
    if size == 0:
        raise IndexError("cannot replace elements of an empty array")
    index = _mode_indices(index, size, mode, 0)
    index = ops.remainder(index, ops.asarray(size, dtype=core.int64)) if mode == "raise" else index
    flat = ops.reshape(a.native, (-1,))
    updated = ops.set_item(flat, (index,), _cycled(values, count))
    a._assign(ops.reshape(updated, a.shape))


def put_along_axis(arr: ndarray, indices: Any, values: Any, axis: Any) -> None:
    arr = _require_ndarray(arr, "put_along_axis")
    dtype = dtype_of(arr.native)
    native, index, axis = _along_axis(arr.native, as_native(indices), axis, True)
    index = ops.remainder(
        index, ops.asarray(builtins.max(int(native.shape[axis]), 1), dtype=core.int64)
    )
    values = _value_native(values, dtype)
    result = ops.put_along_axis(native, index, values, axis=axis)
    arr._assign(ops.reshape(result, arr.shape))


def putmask(a: ndarray, mask: Any, values: Any) -> None:
    a = _require_ndarray(a, "putmask")
    dtype = dtype_of(a.native)
    mask_n = as_native(mask)
    if _shape_of(mask_n) != a.shape and int(numpy.prod(_shape_of(mask_n))) != a.size:
        raise ValueError("putmask: mask and data must be the same size")
    if dtype_of(mask_n) != core.bool:
        mask_n = ops.astype(mask_n, core.bool)
    mask_n = ops.reshape(mask_n, a.shape)
    vals = _value_native(values, dtype)
    if int(numpy.prod(_shape_of(vals))) == 0:
        return
    full = (
        ops.reshape(_cycled(vals, a.size), a.shape) if a.size else ops.zeros(a.shape, dtype=dtype)
    )
    a._assign(ops.where(mask_n, full, a.native))


def place(arr: ndarray, mask: Any, vals: Any) -> None:
    """np.place: the true positions of ``mask`` are found on the backend; their count (the
    length ``vals`` is cycled to) is read back."""
    arr = _require_ndarray(arr, "place")
    dtype = dtype_of(arr.native)
    mask_n = as_native(mask)
    if int(numpy.prod(_shape_of(mask_n))) != arr.size:
        raise ValueError("place: mask and data must be the same size")
    if dtype_of(mask_n) != core.bool:
        mask_n = ops.astype(mask_n, core.bool)
    flat_mask = ops.reshape(mask_n, (-1,))
    (positions,) = ops.nonzero(flat_mask)
    count = int(positions.shape[0])
    values = _value_native(vals, dtype)
    if int(numpy.prod(_shape_of(values))) == 0:
        if count:
            raise ValueError("Cannot insert from an empty array!")
        return
    if count == 0:
        return
    flat = ops.reshape(arr.native, (-1,))
    updated = ops.set_item(flat, (positions,), _cycled(values, count))
    arr._assign(ops.reshape(updated, arr.shape))


def fill_diagonal(a: ndarray, val: Any, wrap: bool = False) -> None:
    a = _require_ndarray(a, "fill_diagonal")
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    end = None
    if a.ndim == 2:
        step = a.shape[1] + 1
        if not wrap:
            end = a.shape[1] * a.shape[1]
    else:
        if len(set(a.shape)) != 1:
            raise ValueError("All dimensions of input must be of equal length")
        step = 1 + int(numpy.cumprod(a.shape[:-1]).sum())
    positions = numpy.arange(a.size)[:end:step]
    if positions.size == 0:
        return
    dtype = dtype_of(a.native)
    values = _value_native(val, dtype)
    if int(numpy.prod(_shape_of(values))) == 0:
        return
    flat = ops.reshape(a.native, (-1,))
    updated = ops.set_item(flat, (ops.asarray(positions),), _cycled(values, positions.size))
    a._assign(ops.reshape(updated, a.shape))


# ---------------------------------------------------------------------------------------
# index arrays
# ---------------------------------------------------------------------------------------
def diag_indices(n: int, ndim: int = 2) -> tuple[ndarray, ...]:
    idx = _wrap(ops.arange(operator.index(n), dtype=core.int64))
    return (idx,) * ndim


def diag_indices_from(arr: Any) -> tuple[ndarray, ...]:
    shape = _shape_of(as_native(arr))
    if len(shape) < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(shape[0], len(shape))


def _tri_nonzero(n: int, m: int | None, k: int, upper: bool) -> tuple[ndarray, ndarray]:
    n = operator.index(n)
    m = n if m is None else operator.index(m)
    rows = ops.reshape(ops.arange(n, dtype=core.int64), (n, 1))
    cols = ops.reshape(ops.arange(m, dtype=core.int64), (1, m))
    if upper:
        mask = ops.less_equal(ops.add(rows, ops.asarray(operator.index(k), dtype=core.int64)), cols)
    else:
        mask = ops.greater_equal(
            ops.add(rows, ops.asarray(operator.index(k), dtype=core.int64)), cols
        )
    mask = ops.broadcast_to(mask, (n, m))
    r, c = ops.nonzero(mask)
    return _wrap(ops.astype(r, core.int64)), _wrap(ops.astype(c, core.int64))


def tril_indices(n: int, k: int = 0, m: int | None = None) -> tuple[ndarray, ndarray]:
    return _tri_nonzero(n, m, k, upper=False)


def triu_indices(n: int, k: int = 0, m: int | None = None) -> tuple[ndarray, ndarray]:
    return _tri_nonzero(n, m, k, upper=True)


def tril_indices_from(arr: Any, k: int = 0) -> tuple[ndarray, ndarray]:
    shape = _shape_of(as_native(arr))
    if len(shape) != 2:
        raise ValueError("input array must be 2-d")
    return tril_indices(shape[-2], k=k, m=shape[-1])


def triu_indices_from(arr: Any, k: int = 0) -> tuple[ndarray, ndarray]:
    shape = _shape_of(as_native(arr))
    if len(shape) != 2:
        raise ValueError("input array must be 2-d")
    return triu_indices(shape[-2], k=k, m=shape[-1])


def mask_indices(n: int, mask_func: Any, k: int = 0) -> tuple[ndarray, ...]:
    from frontends.numpy.creation import ones

    a = asarray(mask_func(ones((n, n), int), k))
    return where(a != 0)


def indices(dimensions: Any, dtype: Any = int, sparse: bool = False) -> Any:
    dimensions = tuple(operator.index(d) for d in dimensions)
    target = nt.as_core(dtype)
    nd_ = len(dimensions)
    grids = []
    for i, dim in enumerate(dimensions):
        shape = (1,) * i + (dim,) + (1,) * (nd_ - i - 1)
        grids.append(ops.reshape(ops.astype(ops.arange(dim, dtype=core.int64), target), shape))
    if sparse:
        return tuple(_wrap(g) for g in grids)
    if nd_ == 0:
        return _wrap(ops.zeros((0,), dtype=target))
    return _wrap(ops.stack([ops.broadcast_to(g, dimensions) for g in grids], axis=0))


def ix_(*args: Any) -> tuple[ndarray, ...]:
    out = []
    nd_ = len(args)
    for k, new in enumerate(args):
        if isinstance(new, ndarray):
            native = new.native
        else:
            host = numpy.asarray(new)
            if host.size == 0:
                host = host.astype(numpy.intp)
            native = as_native(host)
        if len(native.shape) != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if dtype_of(native) == core.bool:
            (native,) = ops.nonzero(native)
            native = ops.astype(native, core.int64)
        out.append(
            _wrap(ops.reshape(native, (1,) * k + (int(native.shape[0]),) + (1,) * (nd_ - k - 1)))
        )
    return tuple(out)


def unravel_index(indices: Any, shape: Any, order: str = "C") -> tuple[Any, ...]:
    shape = (
        (operator.index(shape),)
        if isinstance(shape, int | numpy.integer)
        else tuple(operator.index(s) for s in shape)
    )
    native = as_native(indices)
    if dtype_of(native).kind not in "iu":
        raise TypeError("only int indices permitted")
    native = ops.astype(native, core.int64)
    size = int(numpy.prod(shape))
    host = to_host(native)
    if host.size and (host.min() < 0 or host.max() >= size):
        bad = host.max() if host.max() >= size else host.min()
        raise ValueError(f"index {bad} is out of bounds for array with size {size}")
    dims = list(shape) if order == "C" else list(reversed(shape))
    result = []
    remainder = native
    for dim in reversed(dims):
        d = ops.asarray(builtins.max(dim, 1), dtype=core.int64)
        result.append(ops.remainder(remainder, d))
        remainder = ops.floor_divide(remainder, d)
    result.reverse()
    if order == "F":
        result.reverse()
    scalar = len(native.shape) == 0
    return tuple(as_scalar(r) if scalar else _wrap(r) for r in result)


def ravel_multi_index(multi_index: Any, dims: Any, mode: Any = "raise", order: str = "C") -> Any:
    dims = (
        (operator.index(dims),)
        if isinstance(dims, int | numpy.integer)
        else tuple(operator.index(d) for d in dims)
    )
    coords = [as_native(c) for c in multi_index]
    if len(coords) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    shape = numpy.broadcast_shapes(*(_shape_of(c) for c in coords))
    fixed = []
    for c, dim, m in zip(coords, dims, modes):
        if dtype_of(c).kind not in "iu":
            raise TypeError(
                f"Cannot cast array data from {nt.numpy_dtype(dtype_of(c))!r} to dtype('int64') according to the rule 'safe'"
            )
        c = ops.astype(c, core.int64)
        if m == "raise":
            host = to_host(c)
            if host.size and (host.min() < 0 or host.max() >= dim):
                raise ValueError("invalid entry in coordinates array")
        elif m == "wrap":
            c = ops.remainder(c, ops.asarray(dim, dtype=core.int64))
        elif m == "clip":
            c = ops.clip(c, 0, dim - 1)
        else:
            raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {m!r})")
        fixed.append(c)
    order_dims = range(len(dims)) if order == "C" else range(len(dims) - 1, -1, -1)
    result = ops.zeros(shape, dtype=core.int64)
    stride = 1
    for i in reversed(list(order_dims)):
        result = ops.add(result, ops.multiply(fixed[i], ops.asarray(stride, dtype=core.int64)))
        stride *= dims[i]
    if len(shape) == 0:
        return as_scalar(result)
    return _wrap(result)


class ndenumerate:
    """np.ndenumerate: (index, numpy scalar) pairs, read from a host copy."""

    def __init__(self, arr: Any) -> None:
        self._iter = numpy.ndenumerate(to_host(as_native(arr)))

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], Any]]:
        return self

    def __next__(self) -> tuple[tuple[int, ...], Any]:
        return next(self._iter)


# ---------------------------------------------------------------------------------------
# r_ and c_
# ---------------------------------------------------------------------------------------
class AxisConcatenator:
    """numpy's r_/c_ machinery: slices become ranges, a leading string sets the axis,
    ndmin and the position of 1-D items; items are joined with ``concatenate``."""

    def __init__(self, axis: int = 0, matrix: bool = False, ndmin: int = 1,
                 trans1d: int = -1) -> None:  # fmt: skip
        self.axis, self.matrix, self.trans1d, self.ndmin = axis, matrix, trans1d, ndmin

    @hosted
    def __getitem__(self, key: Any) -> ndarray:
        from frontends.numpy.creation import arange, linspace
        from frontends.numpy.manipulation import concatenate

        if isinstance(key, str):
            raise NotImplementedError("np.r_/np.c_ matrix strings (np.matrix) are not supported")
        if not isinstance(key, tuple):
            key = (key,)
        trans1d, ndmin, axis = self.trans1d, self.ndmin, self.axis
        objs: list[Any] = []
        result_type_objs: list[Any] = []
        for k, item in enumerate(key):
            scalar = False
            if isinstance(item, slice):
                step = 1 if item.step is None else item.step
                start = 0 if item.start is None else item.start
                if isinstance(step, complex | numpy.complexfloating):
                    newobj = linspace(start, item.stop, num=int(abs(step)))
                else:
                    newobj = arange(start, item.stop, step)
                if ndmin > 1:
                    newobj = array(newobj, copy=None, ndmin=ndmin)
                    if trans1d != -1:
                        newobj = newobj.swapaxes(-1, trans1d)
            elif isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                if item in ("r", "c"):
                    raise NotImplementedError("np.r_['r'/'c', ...] builds np.matrix: not supported")
                if "," in item:
                    vec = item.split(",")
                    try:
                        axis, ndmin = (int(x) for x in vec[:2])
                        if len(vec) == 3:
                            trans1d = int(vec[2])
                        continue
                    except Exception as e:
                        raise ValueError(f"unknown special directive {item!r}") from e
                try:
                    axis = int(item)
                    continue
                except (ValueError, TypeError) as e:
                    raise ValueError("unknown special directive") from e
            elif type(item) in _SCALARS or isinstance(item, numpy.generic):
                scalar = True
                newobj = item
            else:
                item_ndim = len(as_native(item).shape)
                newobj = array(item, copy=None, ndmin=ndmin)
                if trans1d != -1 and item_ndim < ndmin:
                    k2 = ndmin - item_ndim
                    k1 = trans1d
                    if k1 < 0:
                        k1 += k2 + 1
                    defaxes = list(range(ndmin))
                    axes = defaxes[:k1] + defaxes[k2:] + defaxes[k1:k2]
                    newobj = newobj.transpose(axes)
            objs.append(newobj)
            result_type_objs.append(item if scalar else newobj.dtype)
        if result_type_objs:
            final_dtype = nt.result_type(*result_type_objs)
            objs = [array(obj, copy=None, ndmin=ndmin, dtype=final_dtype) for obj in objs]
        return concatenate(tuple(objs), axis=axis)

    def __len__(self) -> int:
        return 0


class RClass(AxisConcatenator):
    def __init__(self) -> None:
        super().__init__(0)


class CClass(AxisConcatenator):
    def __init__(self) -> None:
        super().__init__(-1, ndmin=2, trans1d=0)


r_ = RClass()
c_ = CClass()
