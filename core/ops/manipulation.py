"""core's manipulation functions: reshaping, joining, splitting and reordering arrays.

Functions joining several arrays (``concat``, ``stack``) promote them with core's table
first, so mixed dtypes give the same result dtype on every backend.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from core import native
from core.array import Array, ArrayLike, NestedSequence
from core.autodiff import defvjp
from core.dtypes import result_type
from core.registry import compositional, mixed, primary


@primary
def broadcast_arrays(*arrays: ArrayLike) -> list[Array]:
    """The arrays broadcast against each other to one shape; dtypes are kept."""


@compositional
def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """The shape arrays of ``shapes`` broadcast to; ValueError when they do not broadcast.

    In the standard's next revision (array-api-strict has it already); a function of
    shapes only, the same on every backend.
    """
    result: list[int] = []
    for shape in shapes:
        shape = tuple(int(extent) for extent in shape)
        width = max(len(result), len(shape))
        result = [1] * (width - len(result)) + result
        padded = (1,) * (width - len(shape)) + shape
        for i, extent in enumerate(padded):
            if result[i] == 1:
                result[i] = extent
            elif extent not in (1, result[i]):
                raise ValueError(f"shapes {shapes} do not broadcast together")
    return tuple(result)


@primary
def broadcast_to(x: ArrayLike, /, shape: Sequence[int]) -> Array:
    """``x`` broadcast to ``shape``; a ValueError when it does not broadcast."""


@primary
def concat(arrays: Sequence[ArrayLike], /, *, axis: int | None = 0) -> Array:
    """The arrays joined along ``axis`` (flattened first when ``axis`` is None), after
    promoting them to their common dtype with core's table."""


@primary
def expand_dims(x: ArrayLike, /, *, axis: int | tuple[int, ...] = 0) -> Array:
    """``x`` with a new axis of size one at ``axis``.

    2024.12 takes one int; a tuple of axes is accepted too, with the meaning the next
    revision of the standard gives it (positions in the output, of rank ``x.ndim +
    len(axis)``), as numpy does. An out-of-range axis is an IndexError.
    """


@primary
def flip(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None) -> Array:
    """``x`` with the order of elements reversed along ``axis`` (all axes when None)."""


@compositional
def moveaxis(
    x: ArrayLike, source: int | tuple[int, ...], destination: int | tuple[int, ...], /
) -> Array:
    """``x`` with the axes ``source`` moved to positions ``destination``; the others keep
    their order."""
    ndim = len(x.shape)
    sources = _axes(source, ndim)
    destinations = _axes(destination, ndim)
    if len(sources) != len(destinations):
        raise ValueError("moveaxis: source and destination must have the same number of axes")
    order = [axis for axis in range(ndim) if axis not in sources]
    for dest, src in sorted(zip(destinations, sources)):
        order.insert(dest, src)
    return native.permute_dims(x, tuple(order))


@primary
def permute_dims(x: ArrayLike, /, axes: tuple[int, ...]) -> Array:
    """``x`` with its axes reordered: output axis ``i`` is input axis ``axes[i]``."""


@primary
def repeat(x: ArrayLike, repeats: int | NestedSequence, /, *, axis: int | None = None) -> Array:
    """Each element of ``x`` repeated ``repeats`` times along ``axis`` (flattened first when
    None); ``repeats`` an int, or a 1-D integer array (or list) with one count per element.
    ``repeats`` is not promoted with ``x`` (it is a count, not a value)."""


@primary
def reshape(x: ArrayLike, /, shape: Sequence[int], *, copy: bool | None = None) -> Array:
    """``x`` with a new shape (one extent may be -1).

    ``copy=True`` always copies; ``copy=False`` raises ValueError where the backend would
    have to copy (numpy, torch; jax and tensorflow arrays are immutable, so a copy cannot be
    told from a view there and none is refused).
    """


@primary
def roll(
    x: ArrayLike,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
) -> Array:
    """``x`` with its elements shifted by ``shift`` along ``axis`` (flattened when None),
    wrapping around."""


@primary
def squeeze(x: ArrayLike, /, axis: int | tuple[int, ...]) -> Array:
    """``x`` without the axes ``axis``, each of which must have size one (ValueError
    otherwise; torch would silently keep them)."""


@primary
def stack(arrays: Sequence[ArrayLike], /, *, axis: int = 0) -> Array:
    """The arrays (all of one shape) joined along a new axis, after promotion."""


@compositional
def swapaxes(x: ArrayLike, axis1: int, axis2: int, /) -> Array:
    """``x`` with axes ``axis1`` and ``axis2`` exchanged (numpy's ``swapaxes``)."""
    ndim = len(x.shape)
    first, second = _axes(axis1, ndim)[0], _axes(axis2, ndim)[0]
    order = list(range(ndim))
    order[first], order[second] = second, first
    return native.permute_dims(x, tuple(order))


@primary
def tile(x: ArrayLike, repetitions: tuple[int, ...], /) -> Array:
    """``x`` repeated ``repetitions[i]`` times along axis ``i``; the shorter of the two is
    padded with leading ones, as numpy does."""


@compositional
def unstack(x: ArrayLike, /, *, axis: int = 0) -> tuple[Array, ...]:
    """The arrays along ``axis`` of ``x``, as a tuple (each without that axis)."""
    ndim = len(x.shape)
    axis = _axes(axis, ndim)[0]
    moved = native.moveaxis(x, axis, 0)
    return tuple(native.get_item(moved, index) for index in range(int(x.shape[axis])))


@mixed
def split(
    x: ArrayLike, indices_or_sections: int | Sequence[int], /, *, axis: int = 0
) -> list[Array]:
    """``x`` split along ``axis``, as numpy's ``split``: an int ``n`` gives ``n`` equal
    parts (ValueError when the axis does not divide), a sequence gives the cut points.
    Differentiated as one node (its cotangent: the pieces' cotangents concatenated)."""
    ndim = len(x.shape)
    axis = _axes(axis, ndim)[0]
    length = int(x.shape[axis])
    if isinstance(indices_or_sections, int):
        sections = indices_or_sections
        if sections <= 0 or length % sections:
            raise ValueError(
                f"split: an axis of length {length} does not divide into {sections} equal parts"
            )
        cuts = [length // sections * i for i in range(1, sections)]
    else:
        cuts = [int(i) for i in indices_or_sections]
    bounds = [0, *cuts, length]
    lead = (slice(None),) * axis
    return [
        native.get_item(x, (*lead, slice(start, stop)))
        for start, stop in itertools.pairwise(bounds)
    ]


def _at_least(arrays: tuple[Any, ...], ndim: int) -> Any:
    results = []
    for x in arrays:
        shape = tuple(int(extent) for extent in x.shape)
        if len(shape) < ndim:
            if ndim == 3 and len(shape) == 1:
                target = (1, *shape, 1)
            elif ndim == 3 and len(shape) == 2:
                target = (*shape, 1)
            else:
                target = (1,) * (ndim - len(shape)) + shape
            x = native.reshape(x, target)
        results.append(x)
    return results[0] if len(results) == 1 else tuple(results)


@compositional
def atleast_1d(*arrays: ArrayLike) -> Array | tuple[Array, ...]:
    """Each array with at least one dimension (0-d becomes shape ``(1,)``); one array in,
    one out; several in, a tuple out (numpy's rule)."""
    return _at_least(arrays, 1)


@compositional
def atleast_2d(*arrays: ArrayLike) -> Array | tuple[Array, ...]:
    """Each array with at least two dimensions: ``(n,)`` becomes ``(1, n)``."""
    return _at_least(arrays, 2)


@compositional
def atleast_3d(*arrays: ArrayLike) -> Array | tuple[Array, ...]:
    """Each array with at least three dimensions: ``(n,)`` becomes ``(1, n, 1)`` and
    ``(m, n)`` becomes ``(m, n, 1)``, as in numpy."""
    return _at_least(arrays, 3)


@compositional
def flatten(x: ArrayLike, /, *, start_axis: int = 0, end_axis: int = -1) -> Array:
    """``x`` with axes ``start_axis`` to ``end_axis`` (inclusive) merged into one, as torch's
    ``flatten``; a 0-d array becomes shape ``(1,)``."""
    shape = tuple(int(extent) for extent in x.shape)
    if not shape:
        return native.reshape(x, (1,))
    start, end = _axes(start_axis, len(shape))[0], _axes(end_axis, len(shape))[0]
    if start > end:
        raise ValueError(f"flatten: start_axis {start_axis} comes after end_axis {end_axis}")
    merged = 1
    for extent in shape[start : end + 1]:
        merged *= extent
    return native.reshape(x, (*shape[:start], merged, *shape[end + 1 :]))


def _axes(axis: int | Sequence[int], ndim: int) -> tuple[int, ...]:
    """``axis`` (an int or several) as non-negative ints below ``ndim``; IndexError when out
    of range, ValueError when repeated."""
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    result = []
    for a in axes:
        if not -ndim <= a < ndim:
            raise IndexError(f"axis {a} is out of range for an array of {ndim} dimensions")
        result.append(a % ndim)
    if len(set(result)) != len(result):
        raise ValueError(f"repeated axis in {axis}")
    return tuple(result)


def _expanded_shape(shape: Sequence[int], axis: int | Sequence[int]) -> tuple[int, ...]:
    """``shape`` with ones inserted at the output positions ``axis`` (expand_dims)."""
    count = 1 if isinstance(axis, int) else len(tuple(axis))
    positions = set(_axes(axis, len(shape) + count))
    extents = iter(shape)
    return tuple(1 if i in positions else next(extents) for i in range(len(shape) + count))


def _squeezed_shape(shape: Sequence[int], axis: int | Sequence[int]) -> tuple[int, ...]:
    """``shape`` without the axes ``axis``, which must have size one (squeeze)."""
    axes = _axes(axis, len(shape))
    for a in axes:
        if shape[a] != 1:
            raise ValueError(f"squeeze: axis {a} has size {shape[a]}, not 1")
    return tuple(extent for i, extent in enumerate(shape) if i not in axes)


def _tile_plan(
    shape: Sequence[int], repetitions: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(shape, repetitions) of equal length, the shorter padded with leading ones."""
    shape, repetitions = tuple(shape), tuple(int(r) for r in repetitions)
    if any(r < 0 for r in repetitions):
        raise ValueError(f"tile: repetitions must be non-negative, got {repetitions}")
    width = max(len(shape), len(repetitions))
    return (1,) * (width - len(shape)) + shape, (1,) * (width - len(repetitions)) + repetitions


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff)
# ---------------------------------------------------------------------------------------
def _normalized(axis: int, ndim: int) -> int:
    return axis % ndim if ndim else 0


def _concat_rule(
    g: Any, y: Any, arrays: Sequence[Any], /, *, axis: int | None = 0
) -> tuple[list[Any]]:
    if axis is None:
        pieces, start = [], 0
        for array in arrays:
            size = math.prod(array.shape)
            pieces.append(
                native.reshape(
                    native.get_item(g, (slice(start, start + size),)), tuple(array.shape)
                )
            )
            start += size
        return (pieces,)
    axis = _normalized(axis, len(g.shape))
    pieces, start = [], 0
    for array in arrays:
        extent = array.shape[axis]
        pieces.append(native.get_item(g, (slice(None),) * axis + (slice(start, start + extent),)))
        start += extent
    return (pieces,)


def _stack_rule(g: Any, y: Any, arrays: Sequence[Any], /, *, axis: int = 0) -> tuple[list[Any]]:
    axis = _normalized(axis, len(g.shape))
    return ([native.get_item(g, (slice(None),) * axis + (i,)) for i in range(len(arrays))],)


def _tile_rule(g: Any, y: Any, x: Any, repetitions: tuple[int, ...], /) -> tuple[Any, None]:
    shape = tuple(x.shape)
    reps = (1,) * (len(shape) - len(repetitions)) + tuple(repetitions)
    shape = (1,) * (len(reps) - len(shape)) + shape
    split = tuple(itertools.chain.from_iterable(zip(reps, shape)))
    summed = native.sum(native.reshape(g, split), axis=tuple(range(0, 2 * len(reps), 2)))
    return native.reshape(summed, tuple(x.shape)), None


def _repeat_rule(
    g: Any, y: Any, x: Any, repeats: Any, /, *, axis: int | None = None
) -> tuple[Any, None]:
    """Each element's cotangent is the sum over its repeated copies."""
    flat = axis is None
    source = native.reshape(x, (-1,)) if flat else x
    axis = 0 if flat else _normalized(axis, len(x.shape))
    extent = source.shape[axis]
    owner = native.repeat(native.arange(extent), repeats, axis=0)
    rows = native.equal(
        native.reshape(owner, (1, -1)), native.reshape(native.arange(extent), (-1, 1))
    )
    moved = native.moveaxis(g, axis, -1)
    summed = native.matmul(moved, native.astype(native.matrix_transpose(rows), result_type(g)))
    result = native.moveaxis(summed, -1, axis)
    return native.reshape(result, tuple(x.shape)), None


def _roll_rule(g: Any, y: Any, x: Any, /, shift: Any, *, axis: Any = None) -> tuple[Any]:
    negated = tuple(-s for s in shift) if isinstance(shift, tuple | list) else -shift
    return (native.roll(g, negated, axis=axis),)


def _permute_rule(g: Any, y: Any, x: Any, /, axes: tuple[int, ...]) -> tuple[Any]:
    ndim = len(axes)
    normalized = [a % ndim for a in axes]
    return (native.permute_dims(g, tuple(normalized.index(i) for i in range(ndim))),)


def _reshape_back(g: Any, y: Any, x: Any, *args: Any, **kwargs: Any) -> tuple[Any]:
    return (native.reshape(g, tuple(x.shape)),)


def _broadcast_arrays_rule(g: tuple[Any, ...], y: tuple[Any, ...], *arrays: Any) -> tuple[Any, ...]:
    return tuple(g)


def _split_rule(
    g: tuple[Any, ...], y: Any, x: Any, indices_or_sections: Any, /, *, axis: int = 0
) -> tuple[Any]:
    return (native.concat(list(g), axis=axis),)


defvjp(reshape, _reshape_back)
defvjp(expand_dims, _reshape_back)
defvjp(squeeze, _reshape_back)
defvjp(broadcast_to, lambda g, y, x, shape: (g,))
defvjp(broadcast_arrays, _broadcast_arrays_rule)
defvjp(permute_dims, _permute_rule)
defvjp(flip, lambda g, y, x, *, axis=None: (native.flip(g, axis=axis),))
defvjp(roll, _roll_rule)
defvjp(concat, _concat_rule)
defvjp(split, _split_rule)
defvjp(stack, _stack_rule)
defvjp(tile, _tile_rule)
defvjp(repeat, _repeat_rule)
