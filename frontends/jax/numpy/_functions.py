"""jax.numpy's non-elementwise functions, made from the numpy frontend's by
:func:`~frontends.jax.numpy._bridge.from_numpy` (JAX's argument checks, lattice promotion,
x64 canonicalization), plus JAX's own keywords where JAX adds them (``size=`` and
``fill_value=`` of ``nonzero``/``unique``/``where``; ``inplace=False`` of ``put`` and
friends; ``descending=`` of ``sort``; ``take``'s ``mode="fill"`` default; ``clip``'s
``min``/``max``; ``total_repeat_length``; ``bincount``'s ``length``).

Differences from JAX: functions whose result shape depends on values (``nonzero``,
``unique``, ``where`` with one argument ...) read those values to the host unless
``size=`` is given, as JAX requires under ``jax.jit``; with ``size=`` they still compute
eagerly (no jit-friendly path yet on the jax backend).
"""

from __future__ import annotations

import builtins
import functools
import inspect
from collections.abc import Callable
from typing import Any

import numpy as _numpy

import core
from core import native as ops
from frontends import numpy as _np
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array, WeakArray, default_fill
from frontends.jax._src.fast import fast
from frontends.jax.numpy._bridge import (
    as_array,
    check_arraylike,
    from_numpy,
    is_arraylike,
    native_of,
    numpy_profile,
    promote,
    unwrap,
    wrap,
)

# name: from_numpy options (default: the numpy function of the same name, its first
# parameter the array JAX checks, numpy's promoted parameters promoted on JAX's lattice)
_REDUCTIONS = (
    "all", "any", "amax", "amin", "argmax", "argmin", "cumulative_sum",
    "max", "min", "nanargmax", "nanargmin", "nanmax", "nanmin", "nanprod", "nansum", "prod",
    "ptp", "sum", "count_nonzero", "median", "nanmedian", "trace", "nan_to_num",
    "argpartition", "sort_complex",
)  # fmt: skip
_SPEC: dict[str, dict[str, Any]] = {
    **{n: {"strong": True} for n in _REDUCTIONS},
    **{  # JAX keeps a narrow integer's dtype (cumulative_sum widens it, as sum)
        n: {"strong": True, "keep_dtype": True}
        for n in ("cumsum", "cumprod", "nancumsum", "nancumprod", "cumulative_prod", "vander")
    },
    **{
        n: {}
        for n in (
            "ediff1d",
            "round",
            "partition",
            "packbits",
            "unpackbits",
            "flip",
            "fliplr",
            "flipud",
            "ravel",
            "reshape",
            "transpose",
            "matrix_transpose",
            "permute_dims",
            "squeeze",
            "expand_dims",
            "moveaxis",
            "rollaxis",
            "swapaxes",
            "roll",
            "rot90",
            "tile",
            "broadcast_to",
            "resize",
            "diagonal",
            "diag",
            "diagflat",
            "tril",
            "triu",
            "split",
            "array_split",
            "hsplit",
            "unstack",
            "trim_zeros",
            "isneginf",
            "isposinf",
            "i0",
            "unwrap",
            "gradient",
            "histogram_bin_edges",
            "diag_indices_from",
            "tril_indices_from",
            "triu_indices_from",
            "polyint",
            "extract",
            "compress",
            "delete",
            "pad",
        )
    },
    # JAX's concatenate of prepend/append with the array: promoted together
    "diff": {"promote_names": ("a", "prepend", "append")},
    "polyder": {"inexact": True},
    "roots": {"post": lambda out: out.astype(complex) if out._dtype.kind != "c" else out},
    "lexsort": {"arrays": ("keys",), "sequences": ("keys",), "promote_names": (), "strong": True},
    "apply_along_axis": {"arrays": ("arr",)},
    "apply_over_axes": {"arrays": ("a",)},
    "mean": {"inexact": True, "strong": True},
    "var": {"inexact": True, "strong": True},
    "std": {"inexact": True, "strong": True},
    "nanmean": {"inexact": True, "strong": True},
    "nanvar": {"inexact": True, "strong": True},
    "nanstd": {"inexact": True, "strong": True},
    **{
        n: {"arrays": ("a",), "promote_names": ("a",), "inexact": True, "strong": True}
        for n in ("percentile", "nanpercentile", "quantile", "nanquantile")
    },
    "average": {
        "arrays": ("a", "weights"),
        "promote_names": ("a", "weights"),
        "inexact": True,
        "strong": True,
    },
    "corrcoef": {
        "arrays": ("x", "y"),
        "promote_names": ("x", "y"),
        "inexact": True,
        "strong": True,
    },
    "cov": {"arrays": ("m", "y"), "promote_names": ("m", "y"), "inexact": True, "strong": True},
    "histogram": {
        "arrays": ("a",),
        "strong": True,
        "post": lambda out: (out[0].astype(_float()), out[1]),
    },
    "interp": {"arrays": ("x", "xp", "fp"), "promote_names": ("x", "xp", "fp"), "inexact": True},
    "digitize": {"arrays": ("x", "bins"), "promote_names": ()},
    "searchsorted": {
        "arrays": ("a", "v"),
        "promote_names": ("a", "v"),
        "jax_kwargs": ("method",),
        "post": lambda out, method="scan": out.astype(_INT32),  # int32 even with x64, as JAX
    },
    "isin": {"arrays": ("element", "test_elements"), "promote_names": ()},
    "intersect1d": {"promote_names": ("ar1", "ar2")},
    "union1d": {"promote_names": ("ar1", "ar2")},
    "setdiff1d": {"promote_names": ("ar1", "ar2")},
    "setxor1d": {"promote_names": ("ar1", "ar2")},
    # products
    "dot": {"arrays": ("a", "b")},
    "vdot": {},
    "inner": {},
    "outer": {"arrays": ("a", "b")},
    "kron": {"arrays": ("a", "b"), "promote_names": ("a", "b")},
    "tensordot": {"promote_names": ("a", "b")},
    "cross": {"arrays": ("a", "b")},
    "convolve": {"promote_names": ("a", "v"), "inexact": True},
    "correlate": {"promote_names": ("a", "v"), "inexact": True},
    "polyadd": {"arrays": ("a1", "a2")},
    "polysub": {"arrays": ("a1", "a2")},
    "polyval": {
        "arrays": ("p", "x"),
        "jax_kwargs": ("unroll",),
        "strong": True,
        "post": lambda out, unroll=16: out,
    },
    "polyfit": {"arrays": ("x", "y"), "promote_names": ("x", "y"), "inexact": True},
    "trapezoid": {"arrays": ("y", "x"), "promote_names": ("y", "x"), "strong": True},
    # logic
    "isclose": {"arrays": ("a", "b"), "promote_names": ("a", "b"), "strong": True},
    "array_equiv": {"arrays": (), "promote_names": ()},
    # joining
    "concatenate": {"arrays": ("arrays",), "sequences": ("arrays",)},
    "concat": {"arrays": ("arrays",), "sequences": ("arrays",)},
    "stack": {"arrays": ("arrays",), "sequences": ("arrays",)},
    "vstack": {"arrays": ("tup",), "sequences": ("tup",)},
    "hstack": {"arrays": ("tup",), "sequences": ("tup",)},
    "dstack": {"arrays": ("tup",), "sequences": ("tup",)},
    "column_stack": {"arrays": ("tup",), "sequences": ("tup",)},
    "append": {"arrays": ("arr", "values"), "promote_names": ("arr", "values")},
    "insert": {"arrays": ("arr", "values"), "promote_names": ("arr",)},  # values take arr's
    "block": {"arrays": ()},
    "select": {
        "arrays": ("condlist", "choicelist"),
        "sequences": ("condlist", "choicelist"),
        "promote_names": ("choicelist", "default"),
    },
    "choose": {
        "arrays": ("a", "choices"),
        "sequences": ("choices",),
        "promote_names": ("choices",),
    },
    # creation from sizes
    **{
        n: {"arrays": ()}
        for n in (
            "eye",
            "identity",
            "tri",
            "linspace",
            "logspace",
            "geomspace",
            "indices",
            "diag_indices",
            "tril_indices",
            "triu_indices",
            "mask_indices",
            "bartlett",
            "blackman",
            "hamming",
            "hanning",
            "kaiser",
            "empty",
            "fromfunction",
            "ravel_multi_index",
            "unravel_index",
        )
    },
    "empty_like": {"arrays": ("prototype",)},
    # the dtype of start and stop (as inexact), float16 kept
    "logspace": {"arrays": (), "promote_names": ("start", "stop"), "inexact": True, "strong": True},
}


_INT32 = core.Dtype("int32")


def _float() -> core.Dtype:
    return jdt.default_dtype("f")


def _build(name: str, **options: Any) -> Callable[..., Any]:
    return from_numpy(getattr(_np, name), name, **options)


def _sized(result: Any, size: int | None, fill_value: Any) -> Any:
    """Results padded (with ``fill_value``, default 0) or cut to ``size`` along axis 0,
    as JAX's ``size=`` gives them."""
    if size is None:
        return result
    if isinstance(result, tuple):
        fills = fill_value if isinstance(fill_value, tuple) else (fill_value,) * len(result)
        items = [_sized(r, size, f) for r, f in zip(result, fills)]
        return type(result)(*items) if hasattr(result, "_fields") else tuple(items)
    n = result.shape[0]
    native = result.native
    if n >= size:
        native = ops.get_item(native, slice(0, size))
    else:
        fill = 0 if fill_value is None else fill_value
        pad_shape = (size - n, *result.shape[1:])
        filler = ops.broadcast_to(native_of(fill, result._dtype), pad_shape)
        native = ops.concat([native, filler], axis=0)
    return Array._wrap(native, result.weak_type, result._dtype)


def _sized_post(out: Any, size: int | None = None, fill_value: Any = None) -> Any:
    return _sized(out, size, fill_value)


_SIZED = ("unique_values", "union1d", "setdiff1d")


def _nonzero_sized(a: Array, size: int, fill_value: Any) -> tuple[Array, ...]:
    """The first ``size`` nonzero positions with no host read (jit-friendly, as JAX's
    ``size=``): a running count places each index, one scatter writes them."""
    int32 = jdt.default_dtype("i")
    shape = a.shape
    mask = ops.reshape(native_of(a), (-1,))
    if core.as_core_dtype(mask.dtype) != core.bool:
        mask = ops.not_equal(mask, ops.zeros((), dtype=core.as_core_dtype(mask.dtype)))
    n = int(mask.shape[0])
    slot = ops.subtract(
        ops.cumulative_sum(ops.astype(mask, core.int64), axis=0), ops.asarray(1, dtype=core.int64)
    )
    slot = ops.where(
        ops.logical_and(mask, ops.less(slot, size)), slot, ops.asarray(size, dtype=core.int64)
    )
    flat = ops.scatter(
        ops.zeros((size + 1,), dtype=core.int64), 0, slot, ops.arange(n, dtype=core.int64)
    )
    flat = ops.get_item(flat, slice(0, size))
    found = ops.less(ops.arange(size, dtype=core.int64), ops.sum(ops.astype(mask, core.int64)))
    fills = fill_value if isinstance(fill_value, tuple) else (fill_value,) * len(shape)
    out = []
    stride = 1
    strides = []
    for extent in reversed(shape):
        strides.append(stride)
        stride *= extent
    for extent, stride, fill in zip(shape, reversed(strides), fills):
        index = ops.remainder(
            ops.floor_divide(flat, ops.asarray(stride, dtype=core.int64)),
            ops.asarray(builtins.max(extent, 1), dtype=core.int64),
        )
        index = ops.where(found, index, ops.asarray(0 if fill is None else fill, dtype=core.int64))
        out.append(Array._wrap(ops.astype(index, int32), False, int32))
    return tuple(out)


def nonzero(a: Any, *, size: int | None = None, fill_value: Any = None) -> tuple[Array, ...]:
    """``jnp.nonzero`` (0-d input is an error, as in JAX); with ``size=`` no value is
    read to the host."""
    check_arraylike("jnp.nonzero", a)
    a = as_array(a)
    if a.ndim == 0:
        raise ValueError(
            "Calling nonzero on 0d arrays is not allowed. Use jnp.atleast_1d(scalar).nonzero() instead."
        )
    if size is not None:
        return _nonzero_sized(a, int(size), fill_value)
    with numpy_profile():
        result = _np.nonzero(_np.ndarray._from_native(a.native))
    return wrap(result)


def argwhere(a: Any, *, size: int | None = None, fill_value: Any = None) -> Array:
    """``jnp.argwhere``: the nonzero positions as rows."""
    check_arraylike("jnp.argwhere", a)
    a = as_array(a)
    if a.ndim == 0:
        a = a.reshape(1)
        return stack(nonzero(a, size=size, fill_value=fill_value), axis=1)[:, :0]
    return stack(nonzero(a, size=size, fill_value=fill_value), axis=1)


def flatnonzero(a: Any, *, size: int | None = None, fill_value: Any = None) -> Array:
    """``jnp.flatnonzero``."""
    check_arraylike("jnp.flatnonzero", a)
    return nonzero(as_array(a).ravel(), size=size, fill_value=fill_value)[0]


def array_equal(a1: Any, a2: Any, equal_nan: bool = False) -> Array:
    """``jnp.array_equal``: a 0-d bool Array (False for different shapes), no host read."""
    from frontends.jax.numpy import asarray

    try:
        a, b = asarray(a1), asarray(a2)
    except TypeError:
        return asarray(False)
    if a.shape != b.shape:
        return asarray(False)
    same = a == b
    if equal_nan:
        same = same | (isnan(a) & isnan(b))
    return _all(same)


def allclose(
    a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False
) -> Array:
    """``jnp.allclose``: a 0-d bool Array (numpy's is a Python bool, a host read)."""
    check_arraylike("jnp.allclose", a, b)
    return _all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


@fast("where", "condition", "x", "y", mask=True)
def where(condition: Any, x: Any = None, y: Any = None, /, *, size: int | None = None,
          fill_value: Any = None) -> Any:  # fmt: skip
    """``jnp.where``: ``x`` where ``condition`` else ``y`` (``x``/``y`` promoted on JAX's
    lattice); with one argument ``nonzero``."""
    if x is None and y is None:
        return nonzero(condition, size=size, fill_value=fill_value)
    if x is None or y is None:
        raise ValueError(
            "Either both or neither of the x and y arguments should be provided to jax.numpy.where, got {x} and {y}."
        )
    kind = type(x)
    if (
        (kind is Array or kind is WeakArray)
        and type(y) is kind
        and x._dtype == y._dtype
        and isinstance(condition, Array)
    ):  # one dtype, one weak flag: no promotion
        xn, yn, dtype, weak = x.native, y.native, x._dtype, kind is WeakArray
        cond = condition.native
    else:
        check_arraylike("jnp.where", condition, x, y)
        (xn, yn), dtype, weak = promote([x, y])
        cond = native_of(condition)
    if core.as_core_dtype(cond.dtype) != core.bool:
        cond = ops.not_equal(cond, ops.zeros((), dtype=core.as_core_dtype(cond.dtype)))
    shapes = (tuple(cond.shape), tuple(xn.shape), tuple(yn.shape))
    if shapes[0] != shapes[1] or shapes[0] != shapes[2]:
        _numpy.broadcast_shapes(*shapes)  # JAX's ValueError for shapes that do not broadcast
    return Array._wrap(ops.where(cond, xn, yn), weak, dtype)


def clip(arr: Any = None, /, min: Any = None, max: Any = None, *, a: Any = None,
         a_min: Any = None, a_max: Any = None) -> Array:  # fmt: skip
    """``jnp.clip(arr, min, max)``: ``arr`` limited to [min, max] (the result keeps the
    dtype JAX's promotion of the three gives; ``a``/``a_min``/``a_max`` are JAX's deprecated
    spellings)."""
    arr = a if arr is None else arr
    min = a_min if min is None else min
    max = a_max if max is None else max
    check_arraylike("jnp.clip", arr)
    out = as_array(arr)
    if min is not None:
        out = maximum(min, out)
    if max is not None:
        out = minimum(max, out)
    return out


def sort(a: Any, axis: int | None = -1, *, kind: Any = None, order: Any = None,
         stable: bool = True, descending: bool = False) -> Array:  # fmt: skip
    """``jnp.sort`` (always stable; ``descending`` reverses the stable ascending order)."""
    check_arraylike("jnp.sort", a)
    a = as_array(a)
    out = _sort(a, axis=axis)
    if descending:
        out = flip(out, axis=-1 if axis is None else axis)
    return out


def argsort(a: Any, axis: int | None = -1, *, kind: Any = None, order: Any = None,
            stable: bool = True, descending: bool = False, dtype: Any = None) -> Array:  # fmt: skip
    """``jnp.argsort``: stable by default, as JAX's (``descending`` keeps equal elements
    in their original order, as JAX does)."""
    check_arraylike("jnp.argsort", a)
    a = as_array(a)
    if axis is None:
        a, axis = a.ravel(), -1
    if descending:
        rev = flip(a, axis=axis)
        n = a.shape[axis]
        idx = _argsort(rev, axis=axis, kind="stable")
        out = flip(subtract(n - 1, idx), axis=axis)
    else:
        out = _argsort(a, axis=axis, kind="stable")
    if dtype is not None:
        out = out.astype(dtype)
    return out


def take(a: Any, indices: Any, axis: int | None = None, out: Any = None, mode: str | None = None,
         unique_indices: bool = False, indices_are_sorted: bool = False,
         fill_value: Any = None) -> Array:  # fmt: skip
    """``jnp.take``: out-of-bounds indices give ``fill_value`` (NaN for inexact dtypes) by
    default, as JAX's ``mode="fill"``; ``"clip"`` and ``"wrap"`` as numpy."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.take is not supported.")
    check_arraylike("jnp.take", a, indices)
    a = as_array(a)
    if axis is None:
        a, axis = a.ravel(), 0
    axis = axis % builtins.max(a.ndim, 1)
    idx = as_array(indices)
    if mode == "wrap":
        idx = remainder(idx, a.shape[axis])
        mode = "clip"
    key = (slice(None),) * axis + (idx,)
    return a.at[key].get(mode="clip" if mode == "clip" else "fill", fill_value=fill_value)


def take_along_axis(arr: Any, indices: Any, axis: int | None = -1, mode: Any = None,
                    fill_value: Any = None) -> Array:  # fmt: skip
    """``jnp.take_along_axis``: out-of-bounds indices give ``fill_value`` (by default
    JAX's: nan, True, the smallest signed or largest unsigned integer), or clamp with
    ``mode="clip"``."""
    check_arraylike("jnp.take_along_axis", arr, indices)
    arr, idx = as_array(arr), as_array(indices)
    if axis is None:
        arr, axis = arr.ravel(), 0
    if idx.ndim != arr.ndim:
        raise ValueError(
            f"indices and arr must have the same number of dimensions; {idx.ndim} vs. {arr.ndim}"
        )
    if not -arr.ndim <= axis < arr.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {arr.ndim}")
    axis %= arr.ndim
    # the other dimensions broadcast (JAX's ValueError where they do not)
    _numpy.broadcast_shapes(*((*s[:axis], 1, *s[axis + 1 :]) for s in (arr.shape, idx.shape)))
    n = arr.shape[axis]
    size = ops.asarray(n, dtype=idx._dtype)
    idx_n = ops.where(ops.less(idx.native, 0), ops.add(idx.native, size), idx.native)
    outside = None
    if mode in (None, "fill"):
        zero = ops.zeros((), dtype=idx._dtype)
        outside = ops.logical_or(ops.less(idx_n, zero), ops.greater_equal(idx_n, size))
    idx_n = ops.clip(idx_n, 0, builtins.max(n - 1, 0))
    with numpy_profile():
        result = _np.take_along_axis.__wrapped__(arr.native, idx_n, axis) if hasattr(
            _np.take_along_axis, "promoted_names") else _np.take_along_axis(arr.native, idx_n, axis)  # fmt: skip
    if outside is not None:
        fill = default_fill(arr._dtype) if fill_value is None else fill_value
        result = ops.where(outside, ops.asarray(fill, dtype=arr._dtype), unwrap(result))
    return wrap(result, arr._dtype if arr.weak_type else None)


def unique(ar: Any, return_index: bool = False, return_inverse: bool = False,
           return_counts: bool = False, axis: int | None = None, *, equal_nan: bool = True,
           size: int | None = None, fill_value: Any = None, sorted: bool = True) -> Any:  # fmt: skip
    """``jnp.unique``. With ``size=`` (and no ``axis``) no value is read to the host, as
    JAX computes it under ``jax.jit``: the unique values padded with ``fill_value``
    (default the smallest value), the indices with the smallest value's, the counts
    with 0."""
    if size is not None and axis is None:
        check_arraylike("jnp.unique", ar)
        return _unique_sized(as_array(ar), size, fill_value, return_index, return_inverse,
                             return_counts, equal_nan)  # fmt: skip
    result = _unique(ar, return_index=return_index, return_inverse=return_inverse,
                     return_counts=return_counts, axis=axis, equal_nan=equal_nan)  # fmt: skip
    if size is None:
        return result
    values = result[0] if isinstance(result, tuple) else result
    fill = fill_value if fill_value is not None else (min(values) if values.size else 0)
    if not isinstance(result, tuple):
        return _sized(values, size, fill)
    parts = [_sized(values, size, fill)]
    rest = list(result[1:])
    if return_index:
        parts.append(_sized(rest.pop(0), size, 0))
    if return_inverse:
        parts.append(rest.pop(0))
    if return_counts:
        parts.append(_sized(rest.pop(0), size, 0))
    return tuple(parts)


def _unique_sized(a: Array, size: int, fill_value: Any, return_index: bool,
                  return_inverse: bool, return_counts: bool, equal_nan: bool) -> Any:  # fmt: skip
    """JAX's sized ``unique`` of the flattened ``a``: sort, mark each run's first element,
    scatter the marked ones to their rank (ranks past ``size`` dropped)."""
    int32, i64 = jdt.default_dtype("i"), core.int64
    flat = ops.reshape(a.native, (-1,))
    n = int(flat.shape[0])
    order = ops.argsort(flat, stable=True)
    ordered = ops.take(flat, order, axis=0)
    new = ops.not_equal(
        ops.get_item(ordered, slice(1, None)), ops.get_item(ordered, slice(None, -1))
    )
    if equal_nan and a._dtype.kind in "fc":
        both_nan = ops.logical_and(ops.isnan(ops.get_item(ordered, slice(1, None))),
                                   ops.isnan(ops.get_item(ordered, slice(None, -1))))  # fmt: skip
        new = ops.logical_and(new, ops.logical_not(both_nan))
    first = ops.concat([ops.ones((builtins.min(n, 1),), dtype=core.bool), new], axis=0)
    rank = ops.subtract(
        ops.cumulative_sum(ops.astype(first, i64), axis=0), ops.asarray(1, dtype=i64)
    )
    # the marked elements go to their rank, the others (and ranks >= size) to slot ``size``
    slot = ops.where(
        ops.logical_and(first, ops.less(rank, size)), rank, ops.asarray(size, dtype=i64)
    )
    smallest = ops.get_item(ordered, slice(0, 1)) if n else ops.zeros((1,), dtype=a._dtype)
    fill = ops.reshape(smallest, ()) if fill_value is None else native_of(fill_value, a._dtype)

    def placed(values: Any, pad: Any, dtype: Any) -> Any:
        base = ops.broadcast_to(ops.astype(pad, dtype), (size + 1,))
        return ops.get_item(ops.scatter(base, 0, slot, values), slice(0, size))

    parts = [Array._wrap(placed(ordered, fill, a._dtype), a.weak_type, a._dtype)]
    if return_index:
        pad = ops.get_item(order, 0) if n else ops.asarray(0, dtype=i64)
        parts.append(Array._wrap(placed(order, pad, int32), False, int32))
    if return_inverse:
        inverse = ops.scatter(ops.zeros((n,), dtype=i64), 0, order, rank)
        inverse = ops.astype(ops.reshape(inverse, tuple(a.shape)), int32)
        parts.append(Array._wrap(inverse, False, int32))
    if return_counts:
        counts = ops.scatter(ops.zeros((size + 1,), dtype=i64), 0,
                             ops.where(ops.less(rank, size), rank, ops.asarray(size, dtype=i64)),
                             ops.ones((n,), dtype=i64), reduce="add")  # fmt: skip
        counts = ops.astype(ops.get_item(counts, slice(0, size)), int32)
        parts.append(Array._wrap(counts, False, int32))
    return parts[0] if len(parts) == 1 else tuple(parts)


def repeat(a: Any, repeats: Any, axis: int | None = None, *, total_repeat_length: int | None = None,
           out_sharding: Any = None) -> Array:  # fmt: skip
    """``jnp.repeat`` (``total_repeat_length`` cuts or pads with the last element)."""
    out = _repeat(a, repeats, axis=axis)
    if total_repeat_length is None:
        return out
    ax = 0 if axis is None else axis
    moved = moveaxis(out, ax, 0)
    n = moved.shape[0]
    if n >= total_repeat_length:
        moved = moved[:total_repeat_length]
    else:
        moved = concatenate([moved, repeat(moved[-1:], total_repeat_length - n, axis=0)])
    return moveaxis(moved, 0, ax)


def bincount(x: Any, weights: Any = None, minlength: int = 0, *, length: int | None = None,
             out_sharding: Any = None) -> Array:  # fmt: skip
    """``jnp.bincount`` (``length`` fixes the output length, dropping larger values)."""
    check_arraylike("jnp.bincount", x)
    xa = as_array(x)
    if xa._dtype.kind not in "iub":
        raise TypeError(f"x argument to bincount must have an integer type; got {xa.dtype}")
    if length is not None:  # a fixed length: one scatter-add, no value read to the host
        from frontends.jax.numpy import ones_like, zeros

        w = ones_like(xa, dtype=jdt.default_dtype("i")) if weights is None else as_array(weights)
        return zeros(length, dtype=w._dtype).at[xa].add(w, mode="drop")
    out = _bincount(xa, weights, minlength=minlength)
    if length is not None:
        out = out[:length]
    return out


def _inplace_false(name: str, inplace: bool) -> None:
    if inplace and name == "fill_diagonal":
        raise NotImplementedError("JAX arrays are immutable, must use inplace=False")
    if inplace:
        raise ValueError(
            f"jax.numpy.{name} cannot modify arrays in-place, because JAX arrays are "
            f"immutable. Pass inplace=False to instead return an updated array."
        )


def _mutate_copy(name: str, target: Any, *args: Any, **kwargs: Any) -> Array:
    """numpy's in-place ``name`` run on a numpy-frontend copy of ``target``."""
    check_arraylike(f"jnp.{name}", target)
    t = as_array(target)
    copy = _np.ndarray._from_native(t.native)
    with numpy_profile():
        getattr(_np, name)(
            copy, *(native_of(a) if isinstance(a, Array) else a for a in args), **kwargs
        )
    return Array._wrap(copy.native, t.weak_type, t._dtype)


def fill_diagonal(a: Any, val: Any, wrap: bool = False, *, inplace: bool = True) -> Array:
    """``jnp.fill_diagonal(..., inplace=False)``: a new array (JAX arrays are immutable;
    ``wrap=True`` is JAX's NotImplementedError)."""
    _inplace_false("fill_diagonal", inplace)
    if wrap:
        raise NotImplementedError("wrap=True is not implemented, must use wrap=False")
    return _mutate_copy("fill_diagonal", a, val)


def place(arr: Any, mask: Any, vals: Any, *, inplace: bool = True) -> Array:
    """``jnp.place(..., inplace=False)``."""
    _inplace_false("place", inplace)
    return _mutate_copy("place", arr, mask, vals)


def put(a: Any, ind: Any, v: Any, mode: str | None = None, *, inplace: bool = True) -> Array:
    """``jnp.put(..., inplace=False)``."""
    _inplace_false("put", inplace)
    return _mutate_copy("put", a, ind, v, mode="clip" if mode is None else mode)


def put_along_axis(arr: Any, indices: Any, values: Any, axis: int | None, inplace: bool = True,
                   *, mode: str | None = None) -> Array:  # fmt: skip
    """``jnp.put_along_axis(..., inplace=False)``."""
    _inplace_false("put_along_axis", inplace)
    return _mutate_copy("put_along_axis", arr, indices, values, axis)


def copy(a: Any, order: str | None = None) -> Array:
    """``jnp.copy``: a new Array (lists accepted, as JAX's)."""
    from frontends.jax.numpy import array

    return array(a, copy=True)


def astype(x: Any, dtype: Any, /, *, copy: bool = False, device: Any = None) -> Array:
    """``jnp.astype``."""
    check_arraylike("jnp.astype", x)
    return as_array(x).astype(dtype)


def einsum(subscripts: Any, /, *operands: Any, out: Any = None, optimize: Any = "auto",
           precision: Any = None, preferred_element_type: Any = None, _dot_general: Any = None,
           out_sharding: Any = None) -> Array:  # fmt: skip
    """``jnp.einsum``: operands promoted together on JAX's lattice."""
    check_arraylike("jnp.einsum", *operands)
    natives, dtype, weak = promote(list(operands))
    with numpy_profile():
        result = _np.einsum(subscripts, *natives)
    result = wrap(result, dtype if weak else None)
    if preferred_element_type is not None:
        result = result.astype(preferred_element_type)
    return result


def real(val: Any, /) -> Array:
    """``jnp.real``: a real input as it is."""
    check_arraylike("jnp.real", val)
    val = as_array(val)
    return _real(val) if val._dtype.kind == "c" else val


def imag(val: Any, /) -> Array:
    """``jnp.imag``: zeros of a real input's dtype."""
    check_arraylike("jnp.imag", val)
    val = as_array(val)
    if val._dtype.kind == "c":
        return _imag(val)
    return Array._wrap(ops.zeros(tuple(val.shape), dtype=val._dtype), val.weak_type, val._dtype)


def piecewise(x: Any, condlist: Any, funclist: Any, *args: Any, **kw: Any) -> Array:
    """``jnp.piecewise``: every function is evaluated on all of ``x`` (as JAX's) and the
    values picked by the conditions, later conditions winning as in numpy; an extra
    function is the default where no condition holds."""
    check_arraylike("jnp.piecewise", x)
    x = as_array(x)
    if (isinstance(condlist, Array) and condlist.ndim == x.ndim) or isinstance(
        condlist, builtins.bool
    ):
        condlist = [condlist]
    conds = [as_array(c).astype(builtins.bool) for c in condlist]
    n = len(conds)
    if len(funclist) not in (n, n + 1):
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")

    def value(f: Any) -> Array:
        out = f(x, *args, **kw) if callable(f) else f
        return as_array(out).astype(x._dtype)

    out = Array._wrap(ops.zeros(tuple(x.shape), dtype=x._dtype), False, x._dtype)
    if len(funclist) == n + 1:
        none = conds[0] if n else None
        for c in conds[1:]:
            none = none | c
        default = value(funclist[-1])
        out = default if none is None else where(none, out, default)
    for cond, f in zip(conds, funclist):
        out = where(cond, value(f), out)
    return out


def polydiv(u: Any, v: Any, *, trim_leading_zeros: bool = False) -> tuple[Array, Array]:
    """``jnp.polydiv``: the remainder keeps the dividend's length (leading zeros), as
    JAX's; numpy trims them."""
    q, r = _polydiv(u, v)
    n = as_array(u).shape[0]
    if r.shape[0] < n and not trim_leading_zeros:
        zeros = ops.zeros((n - r.shape[0],), dtype=r._dtype)
        r = Array._wrap(ops.concat([zeros, r.native], axis=0), r.weak_type, r._dtype)
    return q, r


def _varargs(name: str) -> Callable[..., Any]:
    np_fn = getattr(_np, name)

    def function(*args: Any, **kwargs: Any) -> Any:
        check_arraylike(f"jnp.{name}", *args)
        natives = [native_of(a) for a in args]
        with numpy_profile():
            result = np_fn(*natives, **{k: unwrap(v) for k, v in kwargs.items()})
        weaks = [jdt.dtype_and_weak(a)[1] for a in args]
        if isinstance(result, (tuple, list)) and len(result) == len(args):
            return type(result)(wrap(r, True if w else None) for r, w in zip(result, weaks))
        return wrap(result, True if weaks and builtins.all(weaks) else None)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"``jnp.{name}``, from the numpy frontend."
    return function


def _einsum_path(subscripts: Any, *operands: Any, optimize: Any = "auto") -> Any:
    """``jnp.einsum_path``: numpy's path (host-side), without numpy's leading
    ``"einsum_path"`` entry, as JAX's (opt_einsum's) path."""
    path, text = _numpy.einsum_path(
        subscripts, *(_numpy.asarray(o) for o in operands), optimize="greedy"
    )
    return [p for p in path if p != "einsum_path"], text


def _counts_as_int(name: str) -> Callable[..., Any]:
    """``jnp.histogram2d``/``histogramdd``: unweighted counts are integers in JAX."""
    bridged = _build(name, arrays=("x", "y") if name == "histogram2d" else ("sample",), strong=True)

    def function(*args: Any, **kwargs: Any) -> Any:
        out = bridged(*args, **kwargs)
        if kwargs.get("weights") is None and not kwargs.get("density"):
            out = (out[0].astype(jdt.default_dtype("i")), *out[1:])
        return out

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"``jnp.{name}`` (unweighted counts as integers, as JAX's)."
    return function


def build() -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    for name, options in _SPEC.items():
        namespace[name] = _build(name, **options)
    for name in _SIZED:
        options = dict(_SPEC.get(name, {}))
        options["jax_kwargs"] = ("size", "fill_value")
        namespace[name] = _build(name, post=_sized_post, **options)
    for name in ("unique_all", "unique_counts", "unique_inverse"):
        namespace[name] = _build(name)
    for name in ("atleast_1d", "atleast_2d", "atleast_3d", "broadcast_arrays", "meshgrid", "ix_"):
        namespace[name] = _varargs(name)
    namespace["einsum_path"] = _einsum_path
    namespace["histogram2d"] = _counts_as_int("histogram2d")
    namespace["histogramdd"] = _counts_as_int("histogramdd")
    for name in ("sum", "prod", "nansum", "nanprod"):
        namespace[name] = _with_promote_integers(namespace[name])
    for name in ("argmax", "argmin", "nanargmax", "nanargmin"):
        namespace[name] = _no_axis_of_scalar(namespace[name])
    for name, what in (("cumulative_sum", "sum"), ("cumulative_prod", "product")):
        namespace[name] = _non_scalar(namespace[name], what)
    for name in _FAST_REDUCTIONS:
        namespace[name] = fast(
            name, "a", keywords=_AXIS_KEYWORDS, signature=inspect.signature(namespace[name])
        )(namespace[name])
    return namespace


def _non_scalar(function: Callable[..., Any], what: str) -> Callable[..., Any]:
    """``cumulative_sum``/``cumulative_prod`` refuse a 0-d input (JAX's ValueError)."""

    @functools.wraps(function)
    def cumulative(x: Any, *args: Any, **kwargs: Any) -> Any:
        if _numpy.ndim(x) == 0:
            raise ValueError(
                f"The input must be non-scalar to take a cumulative {what}, however a "
                "scalar value or scalar array was given."
            )
        return function(x, *args, **kwargs)

    return cumulative


def _no_axis_of_scalar(reduction: Callable[..., Any]) -> Callable[..., Any]:
    """argmax and friends of a 0-d array along an axis: JAX's IndexError (it indexes the
    empty shape) where numpy takes axis 0 or -1 of a scalar; of complex values JAX's
    TypeError (its comparison takes real values only; numpy orders them)."""
    signature = inspect.signature(reduction)
    comparison = "gt" if "max" in reduction.__name__ else "lt"

    @functools.wraps(reduction)
    def function(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        axis = bound.arguments.get("axis")
        a = bound.arguments["a"]
        if axis is not None and _numpy.ndim(a) == 0:
            raise IndexError("tuple index out of range")
        dtype = jdt.dtype_and_weak(a)[0] if is_arraylike(a) else None
        if dtype is not None and dtype.kind == "c":
            raise TypeError(
                f"{comparison} does not accept dtype {dtype} at position 0. Accepted dtypes "
                "at position 0 are subtypes of integer, floating, bool."
            )
        return reduction(*args, **kwargs)

    return function


def _with_promote_integers(reduction: Callable[..., Any]) -> Callable[..., Any]:
    """JAX's ``promote_integers=`` keyword of sum/prod: ``False`` keeps a narrow integer
    input's dtype where the default widens it to the default int."""

    signature = inspect.signature(reduction)

    def function(*args: Any, promote_integers: bool = True, **kwargs: Any) -> Any:
        if not promote_integers:
            bound = signature.bind(*args, **kwargs)
            if bound.arguments.get("dtype") is None:
                dtype, _ = jdt.dtype_and_weak(bound.arguments["a"])
                if dtype.kind in "iu":
                    bound.arguments["dtype"] = dtype
                    return reduction(*bound.args, **bound.kwargs)
        return reduction(*args, **kwargs)

    keyword = inspect.Parameter("promote_integers", inspect.Parameter.KEYWORD_ONLY, default=True)
    functools.update_wrapper(function, reduction)
    function.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), keyword]
    )
    return function


# reductions whose common case (float arrays, ``axis``/``keepdims`` static, the rest at
# defaults) is the core function of the same name: the shared fast path
_FAST_REDUCTIONS = ("sum", "prod", "max", "min", "mean")
_AXIS_KEYWORDS = {"axis": "axis", "keepdims": "keepdims"}


_ns = build()
globals().update({k: v for k, v in _ns.items() if k not in globals()})  # custom ones win
_sort = _build("sort")
_real = _build("real", strong=False)
_imag = _build("imag", strong=False)
_polydiv = _build("polydiv", arrays=("u", "v"), inexact=True)
_argsort = _build("argsort")
_unique = _build("unique")
_repeat = _build("repeat", arrays=("a",), promote_names=())
_bincount = _build("bincount", arrays=("x", "weights"), promote_names=())

from frontends.jax.numpy._ufuncs import build as _build_ufuncs  # noqa: E402

_uf = _build_ufuncs()
maximum, minimum, less, subtract, remainder = (
    _uf["maximum"],
    _uf["minimum"],
    _uf["less"],
    _uf["subtract"],
    _uf["remainder"],
)
flip, moveaxis, concatenate, stack = _ns["flip"], _ns["moveaxis"], _ns["concatenate"], _ns["stack"]
isclose, _all = _ns["isclose"], _ns["all"]
isnan = _uf["isnan"]
min = _ns["min"]


def _reweak(out: Array, weak: bool) -> Array:
    return out if out.weak_type == weak else Array._wrap(out.native, weak, out._dtype)


def _weak_of_scalar(function: Callable[..., Any]) -> Callable[..., Any]:
    """``iscomplex``/``isreal``/``sinc``: the result is weak when the input is a weak 0-d
    value (a Python scalar), strong otherwise, as JAX's jitted bodies give it."""

    @functools.wraps(function)
    def wrapped(x: Any, /) -> Array:
        out = function(x)
        return _reweak(out, jdt.dtype_and_weak(x)[1] and _numpy.ndim(x) == 0)

    return wrapped


def angle(z: Any, deg: bool = False) -> Array:
    """``jnp.angle``: an integer or real 0-d input (a Python float included) gives a
    strong result of the default float, as JAX converts it first."""
    dtype, weak = jdt.dtype_and_weak(z)
    if dtype.kind != "c" and (dtype.kind != "f" or _numpy.ndim(z) == 0):
        check_arraylike("jnp.angle", z)
        z, weak = as_array(z).astype(_float()), False
    return _reweak(_angle(z, deg), weak)


def poly(seq_of_zeros: Any) -> Array:
    """``jnp.poly``: the roots of a square matrix are its eigenvalues, complex in JAX
    (numpy returns a real result when the roots pair up)."""
    out = _poly(seq_of_zeros)
    if _numpy.ndim(seq_of_zeros) == 2 and out._dtype.kind != "c":
        complex_ = jdt.canonicalize(core.Dtype("complex128"))
        out = Array._wrap(ops.astype(out.native, complex_), False, complex_)
    return out


def polymul(a1: Any, a2: Any, *, trim_leading_zeros: bool = False) -> Array:
    """``jnp.polymul`` (integers promote to the default float, as JAX's;
    ``trim_leading_zeros`` drops the inputs' leading zeros first)."""
    if trim_leading_zeros:
        check_arraylike("jnp.polymul", a1, a2)
        a1, a2 = _trim_zeros(as_array(a1), "f"), _trim_zeros(as_array(a2), "f")
    return _polymul(a1, a2)


def cov(m: Any, y: Any = None, rowvar: bool = True, bias: bool = False, ddof: Any = None,
        fweights: Any = None, aweights: Any = None, dtype: Any = None) -> Array:  # fmt: skip
    """``jnp.cov``: no variables (an empty first dimension) give a (0, 0) array of the
    default float, whatever the input's dtype, as JAX's."""
    out = _cov(m, y, rowvar, bias, ddof, fweights, aweights, dtype=dtype)
    if out.shape == (0, 0) and dtype is None:
        out = out.astype(_float())
    return out


def round(a: Any, decimals: int = 0, out: Any = None) -> Array:
    """``jnp.round``: integers with ``decimals < 0`` are JAX's NotImplementedError, bools
    its ValueError."""
    kind = jdt.dtype_and_weak(a)[0].kind if out is None else "f"
    if kind == "b":
        raise ValueError("data type <class 'numpy.bool'> not inexact")
    if decimals < 0 and kind in "iu":
        raise NotImplementedError("integer np.round not implemented for decimals < 0")
    return _round(a, decimals, out)


def gradient(f: Any, *varargs: Any, axis: Any = None, edge_order: Any = None) -> Any:
    """``jnp.gradient`` (second-order edges only: JAX refuses ``edge_order``)."""
    if edge_order is not None:
        raise NotImplementedError("The 'edge_order' argument to jnp.gradient is not supported.")
    return _gradient(f, *varargs, axis=axis)


def meshgrid(*xi: Any, copy: bool = True, sparse: bool = False, indexing: str = "xy") -> Any:
    """``jnp.meshgrid``: 1-D arguments only, as JAX's."""
    shapes = [_numpy.shape(x) for x in xi]
    if builtins.any(len(s) != 1 for s in shapes):
        raise ValueError(f"Arguments to jax.numpy.meshgrid must be 1D, got shapes {shapes}")
    return _meshgrid(*xi, copy=copy, sparse=sparse, indexing=indexing)


def _where_value_error(reduction: Callable[..., Any]) -> Callable[..., Any]:
    """mean/std/var with ``where=``: an axis out of range is JAX's ValueError (its
    masked path checks the axis), not the IndexError of the plain path."""

    @functools.wraps(reduction)
    def function(*args: Any, **kwargs: Any) -> Any:
        try:
            return reduction(*args, **kwargs)
        except IndexError as error:
            if kwargs.get("where") is None:
                raise
            raise ValueError(str(error)) from None

    return function


def _requested_dtype(reduction: Callable[..., Any]) -> Callable[..., Any]:
    """var/std/nanvar/nanstd: a requested ``dtype`` is the result's (a complex one too,
    as JAX casts its real result), where numpy computes in it; a real one for a complex
    input is JAX's ValueError."""
    signature = inspect.signature(reduction)

    @functools.wraps(reduction)
    def function(*args: Any, **kwargs: Any) -> Any:
        arguments = signature.bind(*args, **kwargs).arguments
        dtype = arguments.get("dtype")
        if dtype is None:
            return reduction(*args, **kwargs)
        target = jdt.canonicalize(jdt.to_core(dtype))
        if reduction.__name__ == "std" and target.kind not in "fc":
            raise ValueError(f"dtype argument to jnp.std must be inexact; got {target}")
        if target.kind != "c" and jdt.dtype_and_weak(arguments["a"])[0].kind == "c":
            raise ValueError(
                "jax.numpy.var does not yet support real dtype parameters when computing the "
                "variance of an array of complex values. The semantics of numpy.var seem "
                "unclear in this case. Please comment on "
                "https://github.com/jax-ml/jax/issues/2283 if this behavior is important to you."
            )
        out = reduction(*args, **kwargs)
        return out if out._dtype == target else out.astype(target)

    return function


def _one_dimensional(function: Callable[..., Any]) -> Callable[..., Any]:
    """``convolve``/``correlate``: 1-D operands only (JAX's ValueError; numpy flattens)."""

    @functools.wraps(function)
    def wrapped(a: Any, v: Any, *args: Any, **kwargs: Any) -> Any:
        if _numpy.ndim(a) != 1 or _numpy.ndim(v) != 1:
            raise ValueError(f"{function.__name__}() only support 1-dimensional inputs.")
        return function(a, v, *args, **kwargs)

    return wrapped


def _split_along(axis: int, name: str) -> Callable[..., Any]:
    def function(ary: Any, indices_or_sections: Any) -> list[Array]:
        return _ns["split"](ary, indices_or_sections, axis=axis)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"``jnp.{name}``: ``split`` along axis {axis}, as JAX's (any rank)."
    return function


def _no_correction(function: Callable[..., Any]) -> Callable[..., Any]:
    """``nanvar``/``nanstd``: JAX's take ``ddof`` only (``correction`` is a TypeError)."""
    signature = inspect.signature(function)
    signature = signature.replace(
        parameters=[p for n, p in signature.parameters.items() if n != "correction"]
    )

    @functools.wraps(function)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        signature.bind(*args, **kwargs)  # Python's TypeError for an unknown keyword
        return function(*args, **kwargs)

    wrapped.__signature__ = signature  # type: ignore[attr-defined]
    return wrapped


_angle = _build("angle")
_poly = _build("poly", inexact=True)
_polymul = _build("polymul", arrays=("a1", "a2"), promote_names=("a1", "a2"), inexact=True)
_trim_zeros = _ns["trim_zeros"]
_cov = _ns.pop("cov")
_round = _ns.pop("round")
_gradient = _ns.pop("gradient")
_meshgrid = _ns.pop("meshgrid")
for _name in ("mean", "std", "var"):
    _ns[_name] = _where_value_error(_ns[_name])
for _name in ("var", "std", "nanvar", "nanstd"):
    _ns[_name] = _requested_dtype(_ns[_name])
_ns["vsplit"], _ns["dsplit"] = _split_along(0, "vsplit"), _split_along(2, "dsplit")
for _name in ("convolve", "correlate"):
    _ns[_name] = _one_dimensional(_ns[_name])
for _name in ("nanvar", "nanstd"):
    _ns[_name] = _no_correction(_ns[_name])
iscomplex = _weak_of_scalar(_build("iscomplex"))
isreal = _weak_of_scalar(_build("isreal"))
sinc = _weak_of_scalar(_build("sinc"))

FUNCTIONS = {
    **_ns, "nonzero": nonzero, "where": where, "clip": clip, "sort": sort, "argsort": argsort,
    "argwhere": argwhere, "flatnonzero": flatnonzero, "allclose": allclose,
    "array_equal": array_equal,
    "take": take, "take_along_axis": take_along_axis, "unique": unique, "repeat": repeat,
    "bincount": bincount, "polydiv": polydiv, "real": real, "imag": imag,
    "piecewise": piecewise, "fill_diagonal": fill_diagonal, "place": place, "put": put,
    "put_along_axis": put_along_axis, "copy": copy, "astype": astype, "einsum": einsum,
    "angle": angle, "iscomplex": iscomplex, "isreal": isreal, "sinc": sinc, "poly": poly,
    "polymul": polymul, "cov": cov, "round": round, "gradient": gradient,
    "meshgrid": meshgrid, "around": round,
}  # fmt: skip
