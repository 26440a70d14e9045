"""``jax.lax``'s slicing: static and dynamic slices, ``gather``/``scatter`` with XLA's
dimension numbers, on ``core.native``.

gather builds one advanced index per operand dimension (start + offsets) and reads them
with one ``get_item``; scatter computes flat operand positions of every update element
and applies one ``scatter`` to the flattened operand, with an extra slot taking dropped
(out-of-bounds) updates. Modes as lax: gather defaults to PROMISE_IN_BOUNDS (clamped, what XLA
does on CPU), FILL_OR_DROP gives the fill value for a slice partly out of bounds; scatter to FILL_OR_DROP (such an update window is
dropped); CLIP clamps start indices; PROMISE_IN_BOUNDS clamps (gather) or drops (scatter),
what XLA does on CPU.
"""

from __future__ import annotations

import builtins
import enum
import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy

import core
from core import native as ops
from frontends.jax._src.array import Array
from frontends.jax.lax._base import asarray, same_dtypes, wrap
from frontends.jax.lax._base import axis as _axis

_pyslice = builtins.slice


class GatherDimensionNumbers(NamedTuple):
    offset_dims: tuple[int, ...]
    collapsed_slice_dims: tuple[int, ...]
    start_index_map: tuple[int, ...]
    operand_batching_dims: tuple[int, ...] = ()
    start_indices_batching_dims: tuple[int, ...] = ()


class ScatterDimensionNumbers(NamedTuple):
    update_window_dims: Sequence[int]
    inserted_window_dims: Sequence[int]
    scatter_dims_to_operand_dims: Sequence[int]
    operand_batching_dims: Sequence[int] = ()
    scatter_indices_batching_dims: Sequence[int] = ()


class GatherScatterMode(enum.Enum):
    CLIP = enum.auto()
    FILL_OR_DROP = enum.auto()
    PROMISE_IN_BOUNDS = enum.auto()
    ONE_HOT = enum.auto()

    @staticmethod
    def from_any(s: Any) -> GatherScatterMode:
        if isinstance(s, GatherScatterMode):
            return s
        if s is None:
            return GatherScatterMode.FILL_OR_DROP
        if s == "clip":
            return GatherScatterMode.CLIP
        if s in ("fill", "drop"):
            return GatherScatterMode.FILL_OR_DROP
        if s == "promise_in_bounds":
            return GatherScatterMode.PROMISE_IN_BOUNDS
        raise ValueError(f'Unknown gather mode "{s}"')


def _is_static(values: Any) -> bool:
    return all(isinstance(v, (int, numpy.integer)) for v in values)


# --------------------------------------------------------------------- static slices
def slice(operand: Any, start_indices: Sequence[int], limit_indices: Sequence[int],
          strides: Sequence[int] | None = None) -> Array:  # fmt: skip
    """``lax.slice``: static bounds (checked as lax checks them)."""
    a = asarray(operand, "slice")
    strides = strides or (1,) * a.ndim
    if not (len(start_indices) == len(limit_indices) == len(strides) == a.ndim):
        raise TypeError(
            f"slice start_indices must have length equal to the number of dimensions of the "
            f"operand, got indices {tuple(start_indices)} for operand shape {a.shape}."
        )
    for s, lim, n in zip(start_indices, limit_indices, a.shape):
        if not 0 <= int(s) <= int(lim) <= n:
            raise TypeError(
                f"slice limit_indices must be less than or equal to operand shape and start "
                f"indices must be non-negative and not exceed limits, got start_indices "
                f"{tuple(start_indices)}, limit_indices {tuple(limit_indices)} for operand "
                f"shape {a.shape}."
            )
    key = tuple(
        _pyslice(int(s), int(e), int(st)) for s, e, st in zip(start_indices, limit_indices, strides)
    )
    return wrap(ops.get_item(a.native, key), a.weak_type)


def _in_dim_axis(axis: int, ndim: int, message: str) -> int:
    """The ``*_in_dim`` functions' axis: out of range is the IndexError JAX meets indexing
    the shape (it does not check the axis itself)."""
    if not -ndim <= int(axis) < ndim:
        raise IndexError(message)
    return int(axis) % ndim


def slice_in_dim(operand: Any, start_index: int | None, limit_index: int | None,
                 stride: int = 1, axis: int = 0) -> Array:  # fmt: skip
    a = asarray(operand, "slice_in_dim")
    ax = _in_dim_axis(axis, a.ndim, "tuple index out of range")
    n = a.shape[ax]
    start, stop, _ = _pyslice(start_index, limit_index).indices(n)
    starts = [0] * a.ndim
    limits = list(a.shape)
    strides = [1] * a.ndim
    starts[ax], limits[ax], strides[ax] = start, max(stop, start), int(stride)
    return slice(a, starts, limits, strides)


def index_in_dim(operand: Any, index: int, axis: int = 0, keepdims: bool = True) -> Array:
    a = asarray(operand, "index_in_dim")
    ax = _in_dim_axis(axis, a.ndim, "tuple index out of range")
    index = int(index)
    n = a.shape[ax]
    if not -n <= index < n:
        raise IndexError(f"index {index} is out of bounds for axis {ax} with size {n}")
    index %= n
    out = slice_in_dim(a, index, index + 1, 1, ax)
    if keepdims:
        return out
    return wrap(ops.squeeze(out.native, axis=ax), a.weak_type)


# --------------------------------------------------------------------- dynamic slices
def _starts(start_indices: Any, shape: tuple[int, ...], sizes: tuple[int, ...]) -> list[Any]:
    """Start indices normalized (negative ones wrap) and clamped, as Python ints where
    static, else 0-d native int arrays."""
    if isinstance(start_indices, Array) or (
        hasattr(start_indices, "shape") and not isinstance(start_indices, (list, tuple))
    ):
        arr = asarray(start_indices, "dynamic_slice")
        starts = [ops.get_item(arr.native, i) for i in range(arr.shape[0])]
    else:
        starts = list(start_indices)
    if len(starts) != len(shape):
        raise ValueError(
            f"Length of slice indices must match number of operand dimensions "
            f"({len(starts)} vs {shape})"
        )
    out = []
    for s, n, size in zip(starts, shape, sizes):
        if isinstance(s, (int, numpy.integer)):
            s = int(s)
            s = s + n if s < 0 else s
            out.append(min(max(s, 0), n - size))
        else:
            v = asarray(s, "dynamic_slice").native
            v = ops.where(ops.less(v, 0), ops.add(v, n), v)
            out.append(ops.clip(v, 0, n - size))
    return out


def dynamic_slice(operand: Any, start_indices: Any, slice_sizes: Sequence[int], *,
                  allow_negative_indices: bool = True) -> Array:  # fmt: skip
    """``lax.dynamic_slice``: starts clamped so the slice fits (traced starts index with
    arange offsets, so it runs under ``jax.jit``)."""
    a = asarray(operand, "dynamic_slice")
    sizes = tuple(int(s) for s in slice_sizes)
    if len(sizes) != a.ndim or any(not 0 <= s <= n for s, n in zip(sizes, a.shape)):
        raise TypeError(
            f"slice slice_sizes must be less than or equal to operand shape, got slice_sizes "
            f"{sizes} for operand shape {a.shape}."
        )
    starts = _starts(start_indices, a.shape, sizes)
    v = a.native
    if _is_static(starts):
        key = tuple(_pyslice(s, s + n) for s, n in zip(starts, sizes))
        return wrap(ops.get_item(v, key), a.weak_type)
    for d, (s, n) in enumerate(zip(starts, sizes)):
        if isinstance(s, int):
            v = ops.get_item(v, (_pyslice(None),) * d + (_pyslice(s, s + n),))
        else:
            idx = ops.add(ops.arange(n, dtype=core.as_core_dtype(s.dtype)), s)
            v = ops.take(v, idx, axis=d)
    return wrap(v, a.weak_type)


def dynamic_update_slice(operand: Any, update: Any, start_indices: Any, *,
                         allow_negative_indices: bool = True) -> Array:  # fmt: skip
    """``lax.dynamic_update_slice``: ``update`` written at clamped starts."""
    a = asarray(operand, "dynamic_update_slice", 0)
    u = asarray(update, "dynamic_update_slice", 1)
    same_dtypes("dynamic_update_slice", (a, u))
    if u.ndim != a.ndim or any(s > n for s, n in zip(u.shape, a.shape)):
        raise TypeError(
            f"dynamic_update_slice update shape must be smaller than operand shape, got "
            f"update shape {u.shape} for operand shape {a.shape}."
        )
    starts = _starts(start_indices, a.shape, u.shape)
    if _is_static(starts):
        key = tuple(_pyslice(s, s + n) for s, n in zip(starts, u.shape))
        return wrap(ops.set_item(a.native, key, u.native), a.weak_type)
    key = []
    for d, (s, n) in enumerate(zip(starts, u.shape)):
        shape = [1] * a.ndim
        shape[d] = n
        dt = core.Dtype("int64") if isinstance(s, int) else core.as_core_dtype(s.dtype)
        idx = ops.add(ops.arange(n, dtype=dt), s)
        key.append(ops.reshape(idx, tuple(shape)))
    return wrap(ops.set_item(a.native, tuple(key), u.native), a.weak_type)


def dynamic_slice_in_dim(operand: Any, start_index: Any, slice_size: int, axis: int = 0, *,
                         allow_negative_indices: bool = True) -> Array:  # fmt: skip
    a = asarray(operand, "dynamic_slice_in_dim")
    ax = _in_dim_axis(axis, a.ndim, "list assignment index out of range")
    starts: list[Any] = [0] * a.ndim
    starts[ax] = start_index
    sizes = list(a.shape)
    sizes[ax] = int(slice_size)
    return dynamic_slice(a, starts, sizes)


def dynamic_index_in_dim(operand: Any, index: Any, axis: int = 0, keepdims: bool = True, *,
                         allow_negative_indices: bool = True) -> Array:  # fmt: skip
    a = asarray(operand, "dynamic_index_in_dim")
    ax = _in_dim_axis(axis, a.ndim, "list assignment index out of range")
    out = dynamic_slice_in_dim(a, index, 1, ax)
    if keepdims:
        return out
    return wrap(ops.squeeze(out.native, axis=ax), a.weak_type)


def dynamic_update_slice_in_dim(operand: Any, update: Any, start_index: Any, axis: int, *,
                                allow_negative_indices: bool = True) -> Array:  # fmt: skip
    a = asarray(operand, "dynamic_update_slice_in_dim")
    ax = _in_dim_axis(axis, a.ndim, "list assignment index out of range")
    starts: list[Any] = [0] * a.ndim
    starts[ax] = start_index
    return dynamic_update_slice(a, update, starts)


def dynamic_update_index_in_dim(operand: Any, update: Any, index: Any, axis: int, *,
                                allow_negative_indices: bool = True) -> Array:  # fmt: skip
    a = asarray(operand, "dynamic_update_index_in_dim")
    ax = _axis(axis, a.ndim)
    u = asarray(update, "dynamic_update_index_in_dim", 1)
    if u.ndim == a.ndim - 1:
        u = wrap(ops.expand_dims(u.native, axis=ax), u.weak_type)
    return dynamic_update_slice_in_dim(a, u, index, ax)


# --------------------------------------------------------------------- gather
def _fill_value(dtype: core.Dtype, fill_value: Any) -> Any:
    if fill_value is not None:
        if dtype.kind in "iu" and isinstance(fill_value, (int, numpy.integer)):
            # converted as lax converts: wrapped modulo 2**bits (-1 is uint32's max)
            fill_value = int(fill_value) % (1 << dtype.bits)
            if dtype.kind == "i" and fill_value >> (dtype.bits - 1):
                fill_value -= 1 << dtype.bits
        return ops.asarray(fill_value, dtype=dtype)
    if dtype.kind in "fc":
        return ops.asarray(float("nan"), dtype=dtype)
    if dtype == "bool":
        return ops.asarray(True, dtype=dtype)
    info = core.iinfo(dtype)
    return ops.asarray(info.min if dtype.kind == "i" else info.max, dtype=dtype)


def _batch_iota(batch_shape: tuple[int, ...], dim: int) -> Any:
    shape = [1] * len(batch_shape)
    shape[dim] = batch_shape[dim]
    return ops.reshape(ops.arange(batch_shape[dim], dtype=core.Dtype("int32")), tuple(shape))


def _start_of(d: int, indices: Any, index_map: Sequence[int], batching: Sequence[int],
              index_batching: Sequence[int], batch_shape: tuple[int, ...]) -> Any:  # fmt: skip
    """The start index along operand dim ``d`` for every batch position (None: 0)."""
    if d in index_map:
        return ops.get_item(indices, (Ellipsis, list(index_map).index(d)))
    if d in batching:
        return _batch_iota(batch_shape, list(index_batching)[list(batching).index(d)])
    return None


def gather(operand: Any, start_indices: Any, dimension_numbers: GatherDimensionNumbers,
           slice_sizes: Sequence[int], *, unique_indices: bool = False,
           indices_are_sorted: bool = False, mode: Any = None, fill_value: Any = None) -> Array:  # fmt: skip
    """``lax.gather`` (XLA semantics; the index vector is the last dim of
    ``start_indices``)."""
    a = asarray(operand, "gather", 0)
    idx = asarray(start_indices, "gather", 1)
    if idx._dtype.kind not in "iu":
        raise TypeError(f"start_indices must have an integer type, got {idx.dtype}")
    dn = dimension_numbers
    mode = GatherScatterMode.from_any("promise_in_bounds" if mode is None else mode)
    sizes = tuple(int(s) for s in slice_sizes)
    if len(sizes) != a.ndim:
        raise TypeError(
            f"Gather op must have one slice size for every input dimension; got: "
            f"len(slice_sizes)={len(sizes)}, input_shape.rank={a.ndim}"
        )
    for d, (size, n) in enumerate(zip(sizes, a.shape)):
        if not 0 <= size <= n:
            raise TypeError(
                f"Slice size at index {d} in gather op is out of range, must be within "
                f"[0, {n} + 1), got {size}."
            )
    for d in (*dn.collapsed_slice_dims, *dn.operand_batching_dims):
        if sizes[d] != 1:
            raise TypeError(
                f"Gather op can only collapse slice dims with bound 1, but bound is "
                f"{sizes[d]} for index {d} at position 0."
            )
    iv = ops.astype(idx.native, core.Dtype("int32")) if idx._dtype.kind == "u" else idx.native
    batch_shape = tuple(idx.shape[:-1])
    nb = len(batch_shape)
    keys = []
    valid = None
    for d in range(a.ndim):
        n, s = a.shape[d], sizes[d]
        start = _start_of(d, iv, dn.start_index_map, dn.operand_batching_dims,
                          dn.start_indices_batching_dims, batch_shape)  # fmt: skip
        offsets_shape = [1] * (nb + a.ndim)
        offsets_shape[nb + d] = s
        offsets = ops.reshape(ops.arange(s, dtype=core.Dtype("int32")), tuple(offsets_shape))
        if start is None:
            keys.append(offsets)
            continue
        start = ops.astype(start, core.Dtype("int32"))
        if mode is GatherScatterMode.FILL_OR_DROP and d in dn.start_index_map:
            ok = ops.logical_and(ops.greater_equal(start, 0), ops.less_equal(start, n - s))
            valid = ok if valid is None else ops.logical_and(valid, ok)
        start = ops.clip(start, 0, n - s)
        start = ops.reshape(start, tuple(start.shape) + (1,) * (nb + a.ndim - len(start.shape)))
        keys.append(ops.add(start, offsets))
    keys = list(ops.broadcast_arrays(*keys)) if keys else keys
    out = ops.get_item(a.native, tuple(keys))  # batch + slice dims
    drop = set(dn.collapsed_slice_dims) | set(dn.operand_batching_dims)
    kept = [d for d in range(a.ndim) if d not in drop]
    out = ops.reshape(out, tuple(out.shape[:nb]) + tuple(sizes[d] for d in kept))
    if valid is not None:
        mask = ops.reshape(valid, tuple(valid.shape) + (1,) * len(kept))
        mask = (
            ops.broadcast_to(mask, tuple(out.shape))
            if tuple(mask.shape) != tuple(out.shape)
            else mask
        )
        out = ops.where(mask, out, _fill_value(a._dtype, fill_value))
    rank = nb + len(kept)
    offset_dims = list(dn.offset_dims)
    if len(offset_dims) != len(kept):
        raise TypeError(
            f"All components of the offset index in a gather op must either be a offset "
            f"dimension or explicitly collapsed/batching; got len(slice_sizes)={len(sizes)}, "
            f"output_slice_sizes={tuple(sizes[d] for d in kept)}, collapsed_slice_dims="
            f"{tuple(dn.collapsed_slice_dims)}, operand_batching_dims={tuple(dn.operand_batching_dims)}."
        )
    perm = []
    batch_iter = iter(range(nb))
    off_iter = iter(range(nb, rank))
    for p in range(rank):
        perm.append(next(off_iter) if p in offset_dims else next(batch_iter))
    if perm != list(range(rank)):
        out = ops.permute_dims(out, tuple(perm))
    return wrap(out, a.weak_type)


# --------------------------------------------------------------------- scatter
def _scatter_positions(operand: Array, idx: Array, updates_shape: tuple[int, ...],
                       dn: ScatterDimensionNumbers, mode: GatherScatterMode) -> tuple[Any, list[int]]:  # fmt: skip
    """Flat operand positions of each update element (updates permuted to scatter dims
    then window dims); out-of-bounds windows point at the extra slot ``operand.size``.
    Returns the positions and the permutation of the updates."""
    window_dims = [int(d) for d in dn.update_window_dims]
    scatter_dims = [d for d in range(len(updates_shape)) if d not in window_dims]
    batch_shape = tuple(updates_shape[d] for d in scatter_dims)
    nb = len(batch_shape)
    inserted = set(int(d) for d in dn.inserted_window_dims) | set(
        int(d) for d in dn.operand_batching_dims
    )
    operand_window = [d for d in range(operand.ndim) if d not in inserted]
    if len(operand_window) != len(window_dims):
        raise TypeError(
            f"Scatter op has window of size {len(window_dims)}; doesn't match operand of "
            f"rank {operand.ndim} with {len(inserted)} inserted/batching dims."
        )
    wsize = {d: updates_shape[w] for d, w in zip(operand_window, window_dims)}
    iv = ops.astype(idx.native, core.Dtype("int64"))
    iv = ops.reshape(iv, batch_shape + (int(idx.shape[-1]),)) if idx.ndim else iv
    total = None
    valid = None
    strides = [math.prod(operand.shape[d + 1 :]) for d in range(operand.ndim)]
    nw = len(operand_window)
    for d in range(operand.ndim):
        n = operand.shape[d]
        w = wsize.get(d, 1)
        start = _start_of(d, iv, dn.scatter_dims_to_operand_dims, dn.operand_batching_dims,
                          dn.scatter_indices_batching_dims, batch_shape)  # fmt: skip
        shape = [1] * (nb + nw)
        if d in wsize:
            shape[nb + operand_window.index(d)] = w
        offs = ops.reshape(ops.arange(w, dtype=core.Dtype("int64")), tuple(shape))
        if start is not None:
            start = ops.astype(start, core.Dtype("int64"))
            if mode is GatherScatterMode.CLIP:
                start = ops.clip(start, 0, n - w)
            else:
                ok = ops.logical_and(ops.greater_equal(start, 0), ops.less_equal(start, n - w))
                ok = ops.reshape(ok, tuple(ok.shape) + (1,) * nw)
                valid = ok if valid is None else ops.logical_and(valid, ok)
            start = ops.reshape(start, tuple(start.shape) + (1,) * nw)
            offs = ops.add(start, offs)
        term = ops.multiply(offs, strides[d])
        total = term if total is None else ops.add(total, term)
    full = batch_shape + tuple(wsize[d] for d in operand_window)
    total = ops.broadcast_to(total, full)
    if valid is not None:
        total = ops.where(ops.broadcast_to(valid, full), total, operand.size)
    return total, scatter_dims + window_dims


def _scatter(name: str, reduce: str | None, operand: Any, scatter_indices: Any, updates: Any,
             dimension_numbers: ScatterDimensionNumbers, mode: Any,
             transform: Callable[[Any], Any] | None = None) -> Array:  # fmt: skip
    a = asarray(operand, name, 0)
    idx = asarray(scatter_indices, name, 1)
    u = asarray(updates, name, 2)
    same_dtypes(name, (a, u))
    mode = GatherScatterMode.from_any(mode)
    pos, perm = _scatter_positions(a, idx, u.shape, dimension_numbers, mode)
    vals = u.native
    if perm != list(range(u.ndim)):
        vals = ops.permute_dims(vals, tuple(perm))
    if transform is not None:
        vals = transform(vals)
    flat = ops.concat([ops.reshape(a.native, (-1,)), ops.zeros((1,), dtype=a._dtype)])
    reduce_ = reduce
    if a._dtype == "bool" and reduce in ("add", "multiply"):
        reduce_ = "amax" if reduce == "add" else "amin"
    out = ops.scatter(flat, 0, ops.reshape(pos, (-1,)), ops.reshape(vals, (-1,)), reduce=reduce_)
    out = ops.reshape(ops.get_item(out, _pyslice(0, a.size)), a.shape)
    return wrap(out, a.weak_type)


def scatter(operand: Any, scatter_indices: Any, updates: Any,
            dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
            unique_indices: bool = False, mode: Any = None) -> Array:  # fmt: skip
    """``lax.scatter``: overwrite (which duplicate wins is unspecified, as in XLA)."""
    return _scatter("scatter", None, operand, scatter_indices, updates, dimension_numbers, mode)


def scatter_add(operand: Any, scatter_indices: Any, updates: Any,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: Any = None) -> Array:  # fmt: skip
    return _scatter(
        "scatter_add", "add", operand, scatter_indices, updates, dimension_numbers, mode
    )


def scatter_sub(operand: Any, scatter_indices: Any, updates: Any,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: Any = None) -> Array:  # fmt: skip
    return _scatter("scatter_sub", "add", operand, scatter_indices, updates, dimension_numbers,
                    mode, ops.negative)  # fmt: skip


def scatter_mul(operand: Any, scatter_indices: Any, updates: Any,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: Any = None) -> Array:  # fmt: skip
    return _scatter("scatter_mul", "multiply", operand, scatter_indices, updates,
                    dimension_numbers, mode)  # fmt: skip


def scatter_min(operand: Any, scatter_indices: Any, updates: Any,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: Any = None) -> Array:  # fmt: skip
    return _scatter(
        "scatter_min", "amin", operand, scatter_indices, updates, dimension_numbers, mode
    )


def scatter_max(operand: Any, scatter_indices: Any, updates: Any,
                dimension_numbers: ScatterDimensionNumbers, *, indices_are_sorted: bool = False,
                unique_indices: bool = False, mode: Any = None) -> Array:  # fmt: skip
    return _scatter(
        "scatter_max", "amax", operand, scatter_indices, updates, dimension_numbers, mode
    )


def scatter_apply(operand: Any, scatter_indices: Any, func: Callable[[Array], Array],
                  dimension_numbers: ScatterDimensionNumbers, *, update_shape: Sequence[int] = (),
                  indices_are_sorted: bool = False, unique_indices: bool = False,
                  mode: Any = None) -> Array:  # fmt: skip
    """``lax.scatter_apply``: ``func`` applied to each scattered element."""
    a = asarray(operand, "scatter_apply")
    idx = asarray(scatter_indices, "scatter_apply", 1)
    mode_ = GatherScatterMode.from_any(mode)
    pos, _ = _scatter_positions(a, idx, tuple(update_shape), dimension_numbers, mode_)
    flat = ops.concat([ops.reshape(a.native, (-1,)), ops.zeros((1,), dtype=a._dtype)])
    p = ops.reshape(pos, (-1,))
    # XLA applies ``func`` once per update: an element indexed k times gets it k times
    i32 = core.Dtype("int32")
    hits = ops.scatter(ops.zeros(tuple(flat.shape), dtype=i32), 0, p,
                       ops.ones(tuple(p.shape), dtype=i32), reduce="add")  # fmt: skip
    out = flat
    for k in range(int(ops.max(ops.get_item(hits, _pyslice(0, a.size)))) if a.size else 0):
        applied = ops.astype(asarray(func(Array._wrap(out, a.weak_type))).native, a._dtype)
        out = ops.where(ops.greater(hits, k), applied, out)
    return wrap(ops.reshape(ops.get_item(out, _pyslice(0, a.size)), a.shape), a.weak_type)


def index_take(src: Any, idxs: Sequence[Any], axes: Sequence[int]) -> Array:
    """``lax.index_take``: ``src`` at one index array per axis of ``axes`` (indices taken
    modulo the axis size, then clamped, as lax's gather); the indexed axes are replaced
    by one leading axis."""
    a = asarray(src, "index_take", 0)
    axes = tuple(int(ax) for ax in axes)
    columns = [asarray(i, "index_take", 1).native for i in idxs]
    sizes = ops.asarray([a.shape[ax] for ax in axes], dtype=core.as_core_dtype(columns[0].dtype))
    indices = ops.remainder(ops.stack(columns, axis=1), sizes)
    slice_sizes = [1 if d in axes else n for d, n in enumerate(a.shape)]
    dn = GatherDimensionNumbers(offset_dims=tuple(range(1, a.ndim - len(axes) + 1)),
                                collapsed_slice_dims=axes, start_index_map=axes)  # fmt: skip
    return gather(a, wrap(indices), dn, tuple(slice_sizes))


_ = (numpy, _pyslice)
