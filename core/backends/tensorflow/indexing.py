"""tensorflow implementations of core's indexing functions.

tensorflow's own ``__getitem__`` has basic indexing only, and no item assignment: other
keys gather at flat positions (see :mod:`core.ops.indexing`), and updates scatter with
``tensor_scatter_nd_update`` after repeated positions are resolved (last write wins).
Scatter reductions use the unsorted segment ops, combined with ``x`` where a position
receives a value.
"""

from __future__ import annotations

from typing import Any

import numpy
import tensorflow as tf

from core.backends.tensorflow import core_dtypes, to_numpy
from core.ops.creation import _fill_scalar
from core.ops.indexing import (
    _basic_key,
    _check_reduce,
    _checked_indices,
    _flat_positions,
    _last_writes,
    _mask_shape_matches,
    _scatter_positions,
    _torch_style_key,
    _traced_positions,
    _value_shape,
)

_SEGMENT = {
    "add": tf.math.unsorted_segment_sum,
    "multiply": tf.math.unsorted_segment_prod,
    "amax": tf.math.unsorted_segment_max,
    "amin": tf.math.unsorted_segment_min,
}
_COMBINE = {"add": tf.add, "multiply": tf.multiply, "amax": tf.maximum, "amin": tf.minimum}


def _shape(x: tf.Tensor) -> tuple[int, ...]:
    return tuple(x.shape.as_list())


def _value(value: Any, x: tf.Tensor) -> tf.Tensor:
    if not isinstance(value, tf.Tensor | tf.Variable):
        if type(value) in (bool, int, float, complex):
            return tf.constant(_fill_scalar(value, core_dtypes[x.dtype]))
        value = tf.convert_to_tensor(numpy.asarray(value))
    if value.dtype.is_complex and not x.dtype.is_complex:
        value = tf.math.real(value)
    return value if value.dtype == x.dtype else tf.cast(value, x.dtype)


def _lone_mask(x: tf.Tensor, key: Any) -> tf.Tensor | None:
    mask = key[0] if type(key) is tuple and len(key) == 1 else key
    if (
        isinstance(mask, tf.Tensor | tf.Variable)
        and mask.dtype == tf.bool
        and _mask_shape_matches(_shape(x), _shape(mask))
    ):
        return mask
    return None


def _strided_slice(x: tf.Tensor, shape: tuple[int, ...], basic: tuple[Any, ...]) -> tf.Tensor:
    """``x[basic]`` (a normalised basic key) as one StridedSlice op: what tf's own
    ``__getitem__`` runs, without the ops it spends building begin/end/strides."""
    rows = []  # (begin, end, stride) per entry
    end_mask = new_axis_mask = shrink_axis_mask = 0
    for position, entry in enumerate(basic):
        bit = 1 << position
        if entry is None:
            new_axis_mask |= bit
            rows.append((0, 0, 1))
        elif type(entry) is slice:
            if entry.stop is None:
                end_mask |= bit
            rows.append((entry.start, entry.stop or 0, entry.step))
        else:
            shrink_axis_mask |= bit
            rows.append((entry, entry + 1, 1))
    index = numpy.int32 if max(shape, default=0) < 2**31 - 1 else numpy.int64
    begin, end, strides = numpy.array(rows, index).T
    return tf.raw_ops.StridedSlice(
        input=x,
        begin=begin,
        end=end,
        strides=strides,
        end_mask=end_mask,
        new_axis_mask=new_axis_mask,
        shrink_axis_mask=shrink_axis_mask,
    )


def get_item(x: tf.Tensor, key: Any, /) -> tf.Tensor:
    shape = _shape(x)
    basic = _basic_key(shape, key)
    if basic is not None:
        return _strided_slice(x, shape, basic) if basic else x
    mask = _lone_mask(x, key)
    if mask is not None:
        return tf.boolean_mask(x, mask)
    return tf.gather(tf.reshape(x, (-1,)), _positions(shape, key))


def _positions(shape: tuple[int, ...], key: Any) -> numpy.ndarray | tf.Tensor:
    """The flat positions of ``x[key]``'s elements: numpy's on the host
    (:func:`_flat_positions`), or, when integer arrays of the key are known only inside a
    tf.function trace, a tensor completed on the device (:func:`_traced_positions`)."""
    entries = key if type(key) is tuple else (key,)
    traced = {k: entry for k, entry in enumerate(entries) if tf.is_symbolic_tensor(entry)}
    if not traced:
        return _flat_positions(shape, key)
    for entry in traced.values():
        if not entry.dtype.is_integer or None in _shape(entry):
            raise NotImplementedError(
                f"indexing with a {entry.dtype.name} tensor of shape {entry.shape} known only "
                "inside a tf.function trace: only integer index arrays of static shape "
                "(a boolean mask on the leading axes alone) can be traced"
            )
    host, parts = _traced_positions(shape, entries, {k: _shape(e) for k, e in traced.items()})
    positions = tf.constant(host)
    for k, elements, stride, extent in parts:
        values = tf.reshape(tf.cast(traced[k], tf.int64), (-1,))
        values = tf.where(values < 0, values + extent, values)
        positions += tf.gather(values, elements) * stride
    return positions


def _scatter_update(x: tf.Tensor, positions: numpy.ndarray, values: tf.Tensor) -> tf.Tensor:
    flat = tf.tensor_scatter_nd_update(tf.reshape(x, (-1,)), positions.reshape(-1, 1), values)
    return tf.reshape(flat, tf.shape(x))


def _last_write_update(x: tf.Tensor, positions: tf.Tensor, values: tf.Tensor) -> tf.Tensor:
    """``x`` with ``values`` written at flat ``positions`` (a device tensor, repeats
    possible): the last write to a position wins, resolved on the device."""
    size = int(numpy.prod(_shape(x)))
    order = tf.range(tf.size(positions, out_type=tf.int64))
    last = tf.math.unsorted_segment_max(order, positions, size)  # lowest int64 if unwritten
    flat = tf.where(last >= 0, tf.gather(values, tf.maximum(last, 0)), tf.reshape(x, (-1,)))
    return tf.reshape(flat, tf.shape(x))


def set_item(x: tf.Tensor, key: Any, value: Any, /) -> tf.Tensor:
    shape = _shape(x)
    value = _value(value, x)
    mask = _lone_mask(x, key)
    if mask is not None:
        rest = shape[mask.shape.rank :]
        if value.shape.rank <= len(rest):
            value = tf.reshape(value, _value_shape(_shape(value), rest))
            full_mask = tf.reshape(mask, _shape(mask) + (1,) * len(rest))
            return tf.where(full_mask, value, x)
    positions = _positions(shape, key)
    target = tuple(positions.shape)
    value = tf.reshape(value, _value_shape(_shape(value), target))
    value = tf.reshape(tf.broadcast_to(value, target), (-1,))
    if isinstance(positions, tf.Tensor):
        return _last_write_update(x, tf.reshape(positions, (-1,)), value)
    positions = positions.reshape(-1)
    last = _last_writes(positions)
    if last is not None:
        positions, value = positions[last], tf.gather(value, last)
    return _scatter_update(x, positions, value)


def take(x: tf.Tensor, indices: tf.Tensor, /, *, axis: int | None = None) -> tf.Tensor:
    if axis is None:
        x, axis = tf.reshape(x, (-1,)), 0
    shape = _shape(x)
    extent = shape[axis] if shape else 0
    if tf.is_symbolic_tensor(indices):
        # inside a tf.function trace the values are unknown: negative indices wrap on the
        # device, and the range goes unchecked, as in TF's own graph-mode gather
        indices = tf.cast(indices, tf.int64)
        return tf.gather(x, tf.where(indices < 0, indices + extent, indices), axis=axis)
    return tf.gather(x, _checked_indices(to_numpy(indices), extent), axis=axis)


def scatter(
    x: tf.Tensor,
    axis: int,
    index: tf.Tensor,
    src: Any,
    /,
    *,
    reduce: str | None = None,
) -> tf.Tensor:
    shape = _shape(x)
    if tf.is_symbolic_tensor(index):  # known only inside a tf.function trace
        _check_reduce(reduce, core_dtypes[x.dtype])
        positions = tf.reshape(_positions(shape, _torch_style_key(x, axis, index)), (-1,))
        index_shape = _shape(index)
    else:
        index_np = to_numpy(index)
        positions = _scatter_positions(shape, axis, index_np, reduce, core_dtypes[x.dtype])
        index_shape = index_np.shape
    values = tf.reshape(tf.broadcast_to(_value(src, x), index_shape), (-1,))
    if reduce is None and isinstance(positions, tf.Tensor):
        return _last_write_update(x, positions, values)
    if reduce is None:
        last = _last_writes(positions)
        if last is not None:
            positions, values = positions[last], tf.gather(values, last)
        return _scatter_update(x, positions, values)
    flat = tf.reshape(x, (-1,))
    if x.dtype == tf.bool:
        flat, values = tf.cast(flat, tf.int64), tf.cast(values, tf.int64)
    size = int(numpy.prod(shape))
    reduced = _SEGMENT[reduce](values, positions, size)
    hit = tf.math.unsorted_segment_sum(tf.ones_like(positions), positions, size) > 0
    result = tf.where(hit, _COMBINE[reduce](flat, reduced), flat)
    if x.dtype == tf.bool:
        result = result != 0
    return tf.reshape(result, shape)
