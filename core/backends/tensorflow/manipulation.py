"""tensorflow implementations of core's manipulation functions.

tensorflow 2.21 has no tile/repeat kernels for uint16; those arrays are bitcast to int16
(lossless) around the call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy
import tensorflow as tf

from core.backends.tensorflow import int_vector, promote
from core.ops.manipulation import _axes, _expanded_shape, _squeezed_shape, _tile_plan

_SIGNED = {tf.uint16: tf.int16}


def _signed(x: tf.Tensor) -> tf.Tensor:
    signed = _SIGNED.get(x.dtype)
    return x if signed is None else tf.bitcast(x, signed)


def _unsigned(x: tf.Tensor, dtype: tf.DType) -> tf.Tensor:
    return x if x.dtype == dtype else tf.bitcast(x, dtype)


def _shape(x: tf.Tensor) -> tuple[int, ...]:
    return tuple(x.shape.as_list())


def broadcast_arrays(*arrays: tf.Tensor) -> list[tf.Tensor]:
    shape = numpy.broadcast_shapes(*(_shape(a) for a in arrays))
    return [tf.broadcast_to(a, shape) for a in arrays]


def broadcast_to(x: tf.Tensor, /, shape: Sequence[int]) -> tf.Tensor:
    shape = tuple(int(extent) for extent in shape)
    if numpy.broadcast_shapes(_shape(x), shape) != shape:
        raise ValueError(f"cannot broadcast an array of shape {_shape(x)} to shape {shape}")
    return tf.broadcast_to(x, shape)


def concat(arrays: Sequence[tf.Tensor], /, *, axis: int | None = 0) -> tf.Tensor:
    arrays = promote(*arrays)
    if axis is None:
        return tf.concat([tf.reshape(a, (-1,)) for a in arrays], axis=0)
    return tf.concat(arrays, axis=axis)


def expand_dims(x: tf.Tensor, /, *, axis: int | tuple[int, ...] = 0) -> tf.Tensor:
    return tf.reshape(x, _expanded_shape(_shape(x), axis))


def flip(x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None) -> tf.Tensor:
    axes = tuple(range(x.shape.rank)) if axis is None else _axes(axis, x.shape.rank)
    return tf.reverse(x, axes) if axes else x


def permute_dims(x: tf.Tensor, /, axes: tuple[int, ...]) -> tf.Tensor:
    return tf.raw_ops.Transpose(x=x, perm=int_vector(axes))  # tf.transpose's op


def repeat(x: tf.Tensor, repeats: Any, /, *, axis: int | None = None) -> tf.Tensor:
    if axis is None:
        x, axis = tf.reshape(x, (-1,)), 0
    axis = _axes(axis, x.shape.rank)[0]
    if not isinstance(repeats, int):
        repeats = tf.cast(tf.convert_to_tensor(repeats), tf.int64)
    shape = _shape(x)
    if 0 in shape:  # tf.repeat fails on empty arrays; the result is empty too
        total = shape[axis] * repeats if isinstance(repeats, int) else int(tf.reduce_sum(repeats))
        return tf.zeros((*shape[:axis], total, *shape[axis + 1 :]), x.dtype)
    return _unsigned(tf.repeat(_signed(x), repeats, axis=axis), x.dtype)


def reshape(x: tf.Tensor, /, shape: Sequence[int], *, copy: bool | None = None) -> tf.Tensor:
    result = tf.raw_ops.Reshape(tensor=x, shape=int_vector(shape))  # tf.reshape's op
    return tf.identity(result) if copy else result


def roll(
    x: tf.Tensor,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
) -> tf.Tensor:
    if axis is None:
        return tf.reshape(tf.roll(tf.reshape(x, (-1,)), shift, 0), tf.shape(x))
    return tf.roll(x, shift, axis)


def squeeze(x: tf.Tensor, /, axis: int | tuple[int, ...]) -> tf.Tensor:
    return tf.reshape(x, _squeezed_shape(_shape(x), axis))


def stack(arrays: Sequence[tf.Tensor], /, *, axis: int = 0) -> tf.Tensor:
    return tf.stack(promote(*arrays), axis=axis)


def tile(x: tf.Tensor, repetitions: tuple[int, ...], /) -> tf.Tensor:
    shape, repetitions = _tile_plan(_shape(x), repetitions)
    result = tf.tile(_signed(tf.reshape(x, shape)), repetitions)
    return _unsigned(result, x.dtype)
