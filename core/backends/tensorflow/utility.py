"""tensorflow implementations of core's utility functions."""

from __future__ import annotations

import tensorflow as tf

from core.backends.tensorflow import promote, reduce_axes
from core.backends.tensorflow.searching import _nonzero_mask
from core.backends.tensorflow.sorting import _from_last, _to_last
from core.ops.statistical import _axes, _axis


def all(  # noqa: A001
    x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> tf.Tensor:
    axes = reduce_axes(_axes(axis, len(x.shape)), len(x.shape))
    return tf.reduce_all(_nonzero_mask(x), axis=axes, keepdims=keepdims)


def any(  # noqa: A001
    x: tf.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> tf.Tensor:
    axes = reduce_axes(_axes(axis, len(x.shape)), len(x.shape))
    return tf.reduce_any(_nonzero_mask(x), axis=axes, keepdims=keepdims)


def diff(
    x: tf.Tensor,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: tf.Tensor | None = None,
    append: tf.Tensor | None = None,
) -> tf.Tensor:
    axis = _axis(axis, len(x.shape))
    if n < 0:
        raise ValueError(f"core.diff needs n >= 0, got {n}")
    parts = list(promote(*[p for p in (prepend, x, append) if p is not None]))
    edge = list(x.shape)
    edge[axis] = 1
    parts = [tf.broadcast_to(p, edge) if len(p.shape) == 0 else p for p in parts]
    joined = tf.concat(parts, axis=axis) if len(parts) > 1 else parts[0]
    result, permutation = _to_last(joined, axis)
    for _ in range(n):
        later, earlier = result[..., 1:], result[..., :-1]
        if result.dtype == tf.bool:
            result = tf.not_equal(later, earlier)
        else:
            result = later - earlier
    return _from_last(result, permutation)
