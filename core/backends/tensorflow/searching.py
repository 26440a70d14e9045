"""tensorflow implementations of core's searching functions."""

from __future__ import annotations

from typing import Any, Literal

import tensorflow as tf

from core.backends import direct
from core.backends.tensorflow import promote, reduce_axes, version
from core.backends.tensorflow.sorting import _ordered
from core.backends.tensorflow.statistical import _isnan
from core.ops.statistical import _axes, _axis, _check_nonempty
from core.support import with_unsupported_dtypes


def _arg_extreme(
    reduce: Any, x: tf.Tensor, axis: int | None, keepdims: bool, name: str
) -> tf.Tensor:
    """Index of the first extreme (first nan where there is one): tf.argmax neither
    handles nan nor promises the first of equal values."""
    ndim = len(x.shape)
    _check_nonempty(tuple(x.shape), _axes(axis, ndim), name)
    keys = _ordered(x)
    if axis is None:
        keys, position_axis = tf.reshape(keys, [-1]), 0
    else:
        position_axis = _axis(axis, ndim)
    extreme = reduce(keys, axis=position_axis, keepdims=True)
    hit = tf.equal(keys, extreme) | (_isnan(keys) & _isnan(extreme))
    length = keys.shape[position_axis]
    shape = [1] * len(keys.shape)
    shape[position_axis] = length
    positions = tf.reshape(tf.range(length, dtype=tf.int64), shape)
    missing = tf.constant(length, tf.int64)
    first = tf.reduce_min(tf.where(hit, positions, missing), axis=position_axis)
    if axis is None:
        return tf.reshape(first, [1] * ndim) if keepdims else first
    return tf.expand_dims(first, position_axis) if keepdims else first


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def argmax(x: tf.Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> tf.Tensor:
    return _arg_extreme(tf.reduce_max, x, axis, keepdims, "argmax")


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def argmin(x: tf.Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> tf.Tensor:
    return _arg_extreme(tf.reduce_min, x, axis, keepdims, "argmin")


def _nonzero_mask(x: tf.Tensor) -> tf.Tensor:
    return tf.not_equal(x, tf.zeros((), x.dtype))


def count_nonzero(
    x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> tf.Tensor:
    axes = reduce_axes(_axes(axis, len(x.shape)), len(x.shape))
    return tf.reduce_sum(tf.cast(_nonzero_mask(x), tf.int64), axis=axes, keepdims=keepdims)


def nonzero(x: tf.Tensor, /) -> tuple[tf.Tensor, ...]:
    ndim = len(x.shape)
    if ndim == 0:
        raise ValueError("core.nonzero needs an array of at least one dimension")
    coordinates = tf.where(_nonzero_mask(x))
    return tuple(coordinates[:, i] for i in range(ndim))


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def searchsorted(
    x1: tf.Tensor,
    x2: tf.Tensor,
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: tf.Tensor | None = None,
) -> tf.Tensor:
    if len(x1.shape) != 1:
        raise ValueError(f"core.searchsorted needs a 1-D x1, got {len(x1.shape)} dimensions")
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right', got {side!r}")
    x1, x2 = promote(x1, x2)
    keys = _ordered(x1)
    if sorter is not None:
        keys = tf.gather(keys, sorter)
    values = tf.reshape(_ordered(x2), [1, -1])
    result = tf.searchsorted(tf.reshape(keys, [1, -1]), values, side=side, out_type=tf.int64)
    return tf.reshape(result, tf.shape(x2))


def _select(condition: tf.Tensor, t: tf.Tensor, e: tf.Tensor) -> tf.Tensor:
    return tf.raw_ops.SelectV2(condition=condition, t=t, e=e)  # tf.where's op


@direct(_select, mask=True)
def where(condition: tf.Tensor, x1: tf.Tensor, x2: tf.Tensor, /) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    if condition.dtype is not tf.bool:  # tf's dtypes are interned
        condition = _nonzero_mask(condition)
    return _select(condition, x1, x2)
