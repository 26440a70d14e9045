"""tensorflow implementations of core's sorting functions.

tf.argsort is built on top_k, which is stable but leaves nan's place undefined: floats are
sorted on their values with nan replaced, then stably by nan-ness, which puts nan last
(first when descending). bool sorts as uint8; complex has no sort kernel.
"""

from __future__ import annotations

import tensorflow as tf

from core.backends.tensorflow import version
from core.ops.sorting import TopKResult
from core.ops.statistical import _axis
from core.support import with_unsupported_dtypes


def _ordered(x: tf.Tensor) -> tf.Tensor:
    """``x`` in a dtype tensorflow compares: bool as uint8."""
    return tf.cast(x, tf.uint8) if x.dtype == tf.bool else x


def _to_last(x: tf.Tensor, axis: int) -> tuple[tf.Tensor, list[int] | None]:
    """``x`` with ``axis`` swapped to the end, and the (self-inverse) permutation used."""
    last = len(x.shape) - 1
    if axis == last:
        return x, None
    permutation = list(range(last + 1))
    permutation[axis], permutation[last] = last, axis
    return tf.transpose(x, permutation), permutation


def _from_last(x: tf.Tensor, permutation: list[int] | None) -> tf.Tensor:
    return x if permutation is None else tf.transpose(x, permutation)


def _take_last(x: tf.Tensor, order: tf.Tensor) -> tf.Tensor:
    """``x`` gathered along its last axis by ``order`` (take_along_axis)."""
    return tf.gather(x, order, axis=-1, batch_dims=len(x.shape) - 1)


def _argsort_last(keys: tf.Tensor, descending: bool) -> tf.Tensor:
    """Stable int64 argsort along the last axis, nan last (first when descending)."""
    direction = "DESCENDING" if descending else "ASCENDING"
    keys = _ordered(keys)
    if not keys.dtype.is_floating:
        return tf.cast(tf.argsort(keys, axis=-1, direction=direction, stable=True), tf.int64)
    missing = tf.math.is_nan(keys)
    plain = tf.where(missing, tf.zeros_like(keys), keys)
    order = tf.argsort(plain, axis=-1, direction=direction, stable=True)
    missing_sorted = _take_last(tf.cast(missing, tf.int8), order)
    second = tf.argsort(missing_sorted, axis=-1, direction=direction, stable=True)
    return tf.cast(_take_last(order, second), tf.int64)


def _argsort(x: tf.Tensor, axis: int, descending: bool) -> tuple[tf.Tensor, int]:
    axis = _axis(axis, len(x.shape))
    moved, permutation = _to_last(x, axis)
    return _from_last(_argsort_last(moved, descending), permutation), axis


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def argsort(
    x: tf.Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> tf.Tensor:
    return _argsort(x, axis, descending)[0]


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def sort(
    x: tf.Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> tf.Tensor:
    axis = _axis(axis, len(x.shape))
    moved, permutation = _to_last(x, axis)
    return _from_last(_take_last(moved, _argsort_last(moved, descending)), permutation)


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def topk(
    x: tf.Tensor,
    k: int,
    /,
    *,
    axis: int = -1,
    largest: bool = True,
    sorted: bool = True,  # noqa: A002
) -> TopKResult:
    axis = _axis(axis, len(x.shape))
    if not 0 <= k <= x.shape[axis]:
        raise ValueError(f"core.topk: k={k} is out of range for an axis of length {x.shape[axis]}")
    moved, permutation = _to_last(x, axis)
    indices = _argsort_last(moved, largest)[..., :k]
    values = _take_last(moved, indices)
    return TopKResult(_from_last(values, permutation), _from_last(indices, permutation))
