"""core's indexing functions: ``x[key]``, functional ``x[key] = value``, take and scatter.

Keys follow numpy's rules on every backend: ints (negative count from the end), slices
with any step, None, Ellipsis, boolean masks of any rank and integer arrays (broadcast
together; when advanced indices are separated by a slice, their dimensions go first),
in any combination. Out-of-range indices are an IndexError on every backend (jax would
clamp, tensorflow raise its own error).

Updates are functional: :func:`set_item` returns a new array and never changes its input
(``x.at[...].set`` on jax, ``tensor_scatter_nd_update`` on tensorflow, a copy on numpy and
torch). Where an integer index repeats, the last write wins on every backend (jax and
tensorflow leave the order unspecified, so duplicates are resolved before scattering).

How it is done: a key of ints, slices, None and Ellipsis is normalised here
(:func:`_basic_key`) and given to the backend's own slicing. Any other key goes through
:func:`_flat_positions`: numpy itself applies the key to per-axis coordinate grids (views
of size ``x.shape[axis]`` each, never ``x.size``), which gives the flat positions of the
selected elements under numpy's exact rules; the backend then gathers (or scatters) at
those positions. Integer index arrays known only inside a compiled trace (tensorflow's
tf.function) cannot be read on the host: :func:`_traced_positions` computes the rest of the
positions there and says where each traced index value goes, and the backend adds those on
the device. A lone boolean mask on the leading axes keeps the backend's own masked
select, and its update with a value that broadcasts over the masked elements is a
``where``: neither needs the positions of the mask's true elements.
"""

from __future__ import annotations

import math
from typing import Any

import numpy

from core import native
from core.array import Array, ArrayLike, IndexKey
from core.autodiff import defvjp
from core.errors import IndexOutOfRangeError
from core.registry import compositional, primary


@primary
def get_item(x: ArrayLike, key: IndexKey, /) -> Array:
    """``x[key]`` with numpy's basic and advanced indexing rules (module docstring)."""


@primary
def set_item(x: ArrayLike, key: IndexKey, value: ArrayLike, /) -> Array:
    """A new array: ``x`` with ``x[key] = value`` applied; ``x`` itself is unchanged.

    ``value`` is cast to ``x``'s dtype (complex to real keeps the real part) and broadcast
    to the shape of ``x[key]``; with repeated integer indices the last write wins.
    """


@primary
def take(x: ArrayLike, indices: ArrayLike, /, *, axis: int | None = None) -> Array:
    """Elements of ``x`` at integer ``indices`` along ``axis``; the result has ``indices``'
    dimensions in place of that axis. With ``axis=None`` ``x`` is flattened first (numpy's
    rule; the standard allows it only for 1-D ``x``). Negative indices count from the end;
    out-of-range ones are an IndexError."""


@compositional
def take_along_axis(x: ArrayLike, indices: ArrayLike, /, *, axis: int = -1) -> Array:
    """``x`` picked along ``axis`` at ``indices`` (same number of dimensions as ``x``; the
    other axes broadcast), as numpy's ``take_along_axis``."""
    return native.get_item(x, _along_axis_key(x, indices, axis))


@compositional
def put_along_axis(x: ArrayLike, indices: ArrayLike, values: ArrayLike, /, *, axis: int) -> Array:
    """A new array: ``x`` with ``values`` written along ``axis`` at ``indices`` (numpy's
    ``put_along_axis``, but functional); the last write wins on repeated indices."""
    return native.set_item(x, _along_axis_key(x, indices, axis), values)


@compositional
def gather(x: ArrayLike, axis: int, index: ArrayLike, /) -> Array:
    """torch's ``gather``: ``out[i][j] = x[index[i][j]][j]`` for ``axis=0``. ``index`` has
    ``x``'s number of dimensions and, off ``axis``, extents no larger than ``x``'s; the
    result has ``index``'s shape."""
    return native.get_item(x, _torch_style_key(x, axis, index))


@primary
def scatter(
    x: ArrayLike,
    axis: int,
    index: ArrayLike,
    src: ArrayLike,
    /,
    *,
    reduce: str | None = None,
) -> Array:
    """torch's ``scatter``/``scatter_reduce``, functional: a new array, ``x`` with
    ``src[i][j]`` written to ``[index[i][j]][j]`` (``axis=0``).

    ``src`` is cast to ``x``'s dtype and broadcast to ``index``'s shape (torch instead
    reads the leading part of a larger ``src``). ``reduce`` None writes (the last write
    wins on repeated indices); "add", "multiply", "amax", "amin" combine every value sent
    to a position with ``x``'s own (torch's ``include_self=True``). Bool arrays add as
    logical or and multiply as logical and; complex arrays have no "amax"/"amin".
    """


@compositional
def index_select(x: ArrayLike, axis: int, index: ArrayLike, /) -> Array:
    """torch's ``index_select``: ``x`` at the 1-D integer ``index`` along ``axis``."""
    if len(index.shape) != 1:
        raise ValueError(f"index_select: index must be 1-D, got {len(index.shape)} dimensions")
    return native.take(x, index, axis=axis)


# ---------------------------------------------------------------------------------------
# keys of the along-axis functions
# ---------------------------------------------------------------------------------------
def _axis(axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise IndexError(f"axis {axis} is out of range for an array of {ndim} dimensions")
    return axis % ndim


def _grid(extent: int, axis: int, ndim: int) -> numpy.ndarray:
    """``arange(extent)`` along ``axis`` of an ``ndim``-dimensional index, as a host
    array: index bookkeeping that every backend's :func:`get_item` takes as it is."""
    shape = tuple(extent if d == axis else 1 for d in range(ndim))
    return numpy.arange(extent).reshape(shape)


def _along_axis_key(x: Any, indices: Any, axis: int) -> tuple[Any, ...]:
    shape, ndim = tuple(int(e) for e in x.shape), len(x.shape)
    if len(indices.shape) != ndim:
        raise ValueError(
            f"indices must have the array's {ndim} dimensions, got {len(indices.shape)}"
        )
    axis = _axis(axis, ndim)
    return tuple(indices if d == axis else _grid(shape[d], d, ndim) for d in range(ndim))


def _torch_style_key(x: Any, axis: int, index: Any) -> tuple[Any, ...]:
    shape, ndim = tuple(int(e) for e in x.shape), len(x.shape)
    index_shape = tuple(int(e) for e in index.shape)
    if len(index_shape) != ndim:
        raise ValueError(f"index must have the array's {ndim} dimensions, got {len(index_shape)}")
    axis = _axis(axis, ndim) if ndim else 0
    if any(index_shape[d] > shape[d] for d in range(ndim) if d != axis):
        raise ValueError(
            f"index of shape {index_shape} is larger than the array's {shape} off axis {axis}"
        )
    return tuple(index if d == axis else _grid(index_shape[d], d, ndim) for d in range(ndim))


# ---------------------------------------------------------------------------------------
# helpers the backends share, pure Python and numpy on index values
# ---------------------------------------------------------------------------------------
def _basic_key(shape: tuple[int, ...], key: Any) -> tuple[Any, ...] | None:
    """``key`` as a tuple of in-range non-negative ints, slices and None covering every
    axis, or None when the key has advanced parts (arrays, lists, bools).

    A slice with a negative step has a non-negative start and a stop of None when it runs
    to the first element; an empty one is ``slice(0, 0, 1)``.
    """
    entries = key if type(key) is tuple else (key,)
    for entry in entries:
        if entry is None or entry is Ellipsis or type(entry) is slice:
            continue
        if isinstance(entry, bool | numpy.bool_) or not isinstance(entry, int | numpy.integer):
            return None
    if sum(entry is Ellipsis for entry in entries) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(entry is not None and entry is not Ellipsis for entry in entries)
    if used > len(shape):
        raise IndexError(
            f"too many indices for array: array is {len(shape)}-dimensional, but {used} "
            "were indexed"
        )
    fill = (slice(None),) * (len(shape) - used)
    if Ellipsis in entries:
        at = next(i for i, entry in enumerate(entries) if entry is Ellipsis)
        entries = entries[:at] + fill + entries[at + 1 :]
    else:
        entries = entries + fill
    result: list[Any] = []
    axis = 0
    for entry in entries:
        if entry is None:
            result.append(None)
            continue
        extent = shape[axis]
        axis += 1
        if type(entry) is slice:
            result.append(_normal_slice(entry, extent))
            continue
        index = int(entry)
        if not -extent <= index < extent:
            raise IndexOutOfRangeError(
                f"index {index} is out of bounds for axis {axis - 1} with size {extent}",
                index,
                axis - 1,
                extent,
            )
        result.append(index % extent)
    return tuple(result)


def _basic_shape(shape: tuple[int, ...], key: tuple[Any, ...]) -> tuple[int, ...]:
    """The shape of ``x[key]`` for a key from :func:`_basic_key`."""
    result = []
    extents = iter(shape)
    for entry in key:
        if entry is None:
            result.append(1)
        elif type(entry) is slice:
            result.append(len(range(*entry.indices(next(extents)))))
        else:
            next(extents)
    return tuple(result)


def _normal_slice(entry: slice, extent: int) -> slice:
    start, stop, step = entry.indices(extent)
    if not len(range(start, stop, step)):
        return slice(0, 0, 1)
    if step < 0 and stop < 0:
        return slice(start, None, step)
    return slice(start, stop, step)


def _positive_steps(key: tuple[Any, ...]) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    """A normalised basic key with positive steps only, and the axes of its result to
    flip afterwards (for backends without negative steps)."""
    entries: list[Any] = []
    flips: list[int] = []
    out_axis = 0
    for entry in key:
        if type(entry) is slice and entry.step < 0:
            count = len(range(entry.start, -1 if entry.stop is None else entry.stop, entry.step))
            last = entry.start + (count - 1) * entry.step
            entry = slice(last, entry.start + 1, -entry.step)
            flips.append(out_axis)
        entries.append(entry)
        if entry is None or type(entry) is slice:
            out_axis += 1
    return tuple(entries), tuple(flips)


def _host_key(key: Any) -> tuple[Any, ...]:
    """``key`` as a tuple whose arrays (of any framework) and lists are numpy arrays."""
    entries = key if type(key) is tuple else (key,)
    result = []
    for entry in entries:
        if entry is None or entry is Ellipsis or type(entry) is slice:
            result.append(entry)
        elif isinstance(entry, bool | int | numpy.generic):
            result.append(entry)
        elif isinstance(entry, list) and not entry:
            result.append(numpy.zeros((0,), dtype=numpy.int64))
        else:
            result.append(numpy.asarray(entry))
    return tuple(result)


def _flat_positions(shape: tuple[int, ...], key: Any) -> numpy.ndarray:
    """The flat (C-order) positions of ``x[key]``'s elements in ``x``, with ``x[key]``'s
    shape, as numpy computes them (its errors included)."""
    key = _host_key(key)
    positions = _empty_axes_positions(shape, key)
    for coordinates, stride in _coordinates(shape, shape, key):
        positions = positions + coordinates * stride
    return numpy.asarray(positions, dtype=numpy.int64)


def _empty_axes_positions(shape: tuple[int, ...], key: tuple[Any, ...]) -> Any:
    """The zero positions ``x[key]`` has for a 0-d ``x`` (its shape from ``key``), else 0."""
    return numpy.asarray(numpy.zeros((), dtype=numpy.int64)[key]) if not shape else 0


def _coordinates(
    grid_shape: tuple[int, ...], shape: tuple[int, ...], key: tuple[Any, ...]
) -> list[tuple[numpy.ndarray, int]]:
    """Per axis of ``x`` (of ``shape``), the coordinates along it of ``x[key]``'s elements
    (numpy applies the host ``key`` to a view of ``arange`` along that axis, of
    ``grid_shape``), and the axis' C-order stride in ``x``."""
    ndim = len(shape)
    result: list[tuple[numpy.ndarray, int]] = []
    stride = 1
    for axis in reversed(range(ndim)):
        along = tuple(grid_shape[axis] if d == axis else 1 for d in range(ndim))
        grid = numpy.broadcast_to(numpy.arange(grid_shape[axis]).reshape(along), grid_shape)
        result.append((numpy.asarray(grid[key]), stride))
        stride *= shape[axis]
    return result[::-1]


def _traced_positions(
    shape: tuple[int, ...], key: Any, traced: dict[int, tuple[int, ...]]
) -> tuple[numpy.ndarray, list[tuple[int, numpy.ndarray, int, int]]]:
    """:func:`_flat_positions` for a key whose entries at the positions in ``traced`` are
    integer arrays (of the given shapes) known only on the device, inside a compiled trace.

    Returns the host part of the positions (those entries contributing nothing) and, per
    traced entry, ``(entry, elements, stride, extent)``: ``x[key]``'s positions are the host
    part plus, for each traced entry, ``wrap(entry.ravel()[elements]) * stride``, where
    ``wrap`` counts negative values from the end of the axis of ``extent``. ``elements``
    come from numpy's own rules: the entry is replaced by its element numbers (on an axis
    widened to hold them), so the placement and broadcasting of advanced indices are
    numpy's. The traced values go unchecked, as in the compiled framework's own gathers.
    """
    entries = list(_host_key(tuple(
        numpy.zeros(traced[k], numpy.int64) if k in traced else entry
        for k, entry in enumerate(key if type(key) is tuple else (key,))
    )))  # fmt: skip
    axes = _entry_axes(len(shape), entries)
    grid_shape = list(shape)
    for k, entry_shape in traced.items():
        entries[k] = numpy.arange(math.prod(entry_shape)).reshape(entry_shape)
        if axes[k] < len(shape):  # otherwise numpy's "too many indices" below
            grid_shape[axes[k]] = max(shape[axes[k]], entries[k].size)
    host_key = tuple(entries)
    traced_axes = {axes[k]: k for k in traced}
    positions = _empty_axes_positions(shape, host_key)
    parts = []
    for axis, (coordinates, stride) in enumerate(_coordinates(tuple(grid_shape), shape, host_key)):
        if axis in traced_axes:
            parts.append((traced_axes[axis], coordinates, stride, shape[axis]))
        else:
            positions = positions + coordinates * stride
    positions = numpy.broadcast_to(positions, parts[0][1].shape) if parts else positions
    return numpy.asarray(positions, dtype=numpy.int64), parts


def _entry_axes(ndim: int, entries: list[Any]) -> list[int]:
    """The first axis of ``x`` (of ``ndim`` dimensions) that each host key entry indexes."""
    used = [
        0
        if entry is None or entry is Ellipsis or isinstance(entry, bool | numpy.bool_)
        else entry.ndim
        if isinstance(entry, numpy.ndarray) and entry.dtype == numpy.bool_
        else 1
        for entry in entries
    ]
    fill = ndim - sum(used)
    axes, axis = [], 0
    for entry, count in zip(entries, used, strict=True):
        axes.append(axis)
        axis += fill if entry is Ellipsis else count
    return axes


def _last_writes(positions: numpy.ndarray) -> numpy.ndarray | None:
    """For flat ``positions`` with repeats, the indices (into ``positions``) of the last
    write to each position; None when no position repeats."""
    reversed_first = numpy.unique(positions[::-1], return_index=True)[1]
    if reversed_first.size == positions.size:
        return None
    return positions.size - 1 - reversed_first


def _value_shape(value_shape: tuple[int, ...], target: tuple[int, ...]) -> tuple[int, ...]:
    """The shape a value of ``value_shape`` takes to be broadcast into ``x[key]`` of shape
    ``target``: leading ones beyond ``target``'s rank dropped (numpy's rule)."""
    shape = tuple(value_shape)
    while len(shape) > len(target) and shape[0] == 1:
        shape = shape[1:]
    try:
        ok = numpy.broadcast_shapes(shape, target) == tuple(target)
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(
            f"could not broadcast a value of shape {tuple(value_shape)} into an indexing "
            f"result of shape {tuple(target)}"
        )
    return shape


def _mask_shape_matches(shape: tuple[int, ...], mask_shape: tuple[int, ...]) -> bool:
    """Whether a boolean mask of ``mask_shape`` (at least 1-D) covers leading axes of
    ``shape`` exactly, so the backend's own masked select applies."""
    return 0 < len(mask_shape) <= len(shape) and tuple(shape[: len(mask_shape)]) == tuple(
        mask_shape
    )


def _checked_indices(indices: numpy.ndarray, extent: int) -> numpy.ndarray:
    """Integer ``indices`` along an axis of ``extent``, negative ones counted from the end,
    as int64; IndexError when any is out of range."""
    if indices.dtype.kind not in "iu":
        raise IndexError(f"indices must be integers, got {indices.dtype}")
    indices = indices.astype(numpy.int64)
    if indices.size and (indices.min() < -extent or indices.max() >= extent):
        bad = indices[(indices < -extent) | (indices >= extent)].flat[0]
        raise IndexOutOfRangeError(
            f"index {bad} is out of bounds for an axis of size {extent}", int(bad), None, extent
        )
    return numpy.where(indices < 0, indices + extent, indices)


_REDUCTIONS = (None, "add", "multiply", "amax", "amin")


def _check_reduce(reduce: str | None, dtype: Any) -> None:
    """``scatter``'s ``reduce`` for an array of ``dtype``: one of :data:`_REDUCTIONS`."""
    if reduce not in _REDUCTIONS:
        raise ValueError(f"scatter: reduce must be one of {_REDUCTIONS}, got {reduce!r}")
    if reduce in ("amax", "amin") and dtype.is_complex_dtype:
        raise TypeError(f"scatter: complex values have no order, so reduce={reduce!r} fails")


def _scatter_positions(
    shape: tuple[int, ...], axis: int, index: numpy.ndarray, reduce: str | None, dtype: Any
) -> numpy.ndarray:
    """Flat positions in ``x`` (of ``shape``) that torch-style ``scatter`` writes, one per
    element of ``index``, in ``index``'s C order; checks the arguments."""
    _check_reduce(reduce, dtype)
    ndim = len(shape)
    if index.ndim != ndim:
        raise ValueError(f"index must have the array's {ndim} dimensions, got {index.ndim}")
    axis = _axis(axis, ndim) if ndim else 0
    if any(index.shape[d] > shape[d] for d in range(ndim) if d != axis):
        raise ValueError(
            f"index of shape {index.shape} is larger than the array's {shape} off axis {axis}"
        )
    key = tuple(
        _checked_indices(index, shape[d])
        if d == axis
        else numpy.arange(index.shape[d]).reshape(
            tuple(index.shape[d] if e == d else 1 for e in range(ndim))
        )
        for d in range(ndim)
    )
    return _flat_positions(shape, key).reshape(-1)


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff)
# ---------------------------------------------------------------------------------------
def _is_basic_key(key: Any) -> bool:
    items = key if isinstance(key, tuple) else (key,)
    return all(item is None or item is Ellipsis or isinstance(item, int | slice) for item in items)


def _scatter_add(shape: tuple[int, ...], key: Any, g: Any) -> Any:
    """``zeros(shape)`` with ``g`` added at ``x[key]``'s positions, repeats accumulating."""
    if _is_basic_key(key):
        return native.set_item(native.zeros(shape, dtype=_dtype_of(g)), key, g)
    size = math.prod(shape)
    positions = native.get_item(native.reshape(native.arange(size), shape), key)
    flat = native.scatter(
        native.zeros((size,), dtype=_dtype_of(g)),
        0,
        native.reshape(positions, (-1,)),
        native.reshape(g, (-1,)),
        reduce="add",
    )
    return native.reshape(flat, shape)


def _dtype_of(x: Any) -> Any:
    from core.dtypes import result_type

    return result_type(x)


def _get_item_rule(g: Any, y: Any, x: Any, key: Any, /) -> tuple[Any]:
    return (_scatter_add(tuple(x.shape), key, g),)


def _set_item_rule(g: Any, y: Any, x: Any, key: Any, value: Any, /) -> tuple[Any, Any]:
    kept = native.set_item(g, key, native.zeros((), dtype=_dtype_of(g)))
    return kept, native.get_item(g, key)


def _take_key(x: Any, indices: Any, axis: int | None) -> tuple[Any, ...]:
    return (slice(None),) * (axis % len(x.shape)) + (indices,)


def _take_rule(
    g: Any, y: Any, x: Any, indices: Any, /, *, axis: int | None = None
) -> tuple[Any, None]:
    if axis is None:
        flat = _scatter_add((math.prod(x.shape),), (indices,), g)
        return native.reshape(flat, tuple(x.shape)), None
    return _scatter_add(tuple(x.shape), _take_key(x, indices, axis), g), None


def _scatter_rule(g: Any, y: Any, x: Any, axis: int, index: Any, src: Any, /, *,
                  reduce: str | None = None) -> tuple[Any, None, Any]:  # fmt: skip
    if reduce not in (None, "add"):
        raise NotImplementedError(f"core.scatter(reduce={reduce!r}) has no vjp rule")
    gathered = native.gather(g, axis, index)
    if reduce == "add":
        return g, None, gathered
    overwritten = native.scatter(g, axis, index, native.zeros((), dtype=_dtype_of(g)))
    return overwritten, None, gathered


def _take_along_axis_rule(g: Any, y: Any, x: Any, indices: Any, /, *, axis: int = -1) -> tuple:
    """A scatter-add of ``g`` along ``axis`` (a cross-entropy's picked log-probabilities:
    one write per picked entry, not an index of every position of ``x``)."""
    axis = _axis(axis, len(x.shape))
    index = native.broadcast_to(indices, tuple(g.shape))
    index = native.where(native.less(index, 0), native.add(index, x.shape[axis]), index)
    zeros = native.zeros(tuple(x.shape), dtype=_dtype_of(g))
    return native.scatter(zeros, axis, index, g, reduce="add"), None


defvjp(get_item, _get_item_rule)
defvjp(take_along_axis, _take_along_axis_rule)
defvjp(set_item, _set_item_rule)
defvjp(take, _take_rule)
defvjp(scatter, _scatter_rule)
