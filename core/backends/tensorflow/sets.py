"""tensorflow implementations of core's set functions (tf.unique keeps first-occurrence
order and merges nans, so the stable-sort algorithm every backend uses)."""

from __future__ import annotations

import tensorflow as tf

from core.backends.tensorflow import promote, version
from core.backends.tensorflow.sorting import _argsort_last, _ordered
from core.ops.sets import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from core.support import with_unsupported_dtypes


def _unique(x: tf.Tensor) -> UniqueAllResult:
    flat = tf.reshape(x, [-1])
    size = flat.shape[0]
    order = _argsort_last(flat, descending=False)
    sorted_keys = tf.gather(_ordered(flat), order)
    starts = tf.concat(
        [tf.ones([min(size, 1)], tf.bool), tf.not_equal(sorted_keys[1:], sorted_keys[:-1])], 0
    )
    group = tf.cumsum(tf.cast(starts, tf.int64)) - 1
    inverse = tf.scatter_nd(order[:, None], group, [size])
    first = tf.reshape(tf.where(starts), [-1])
    counts = tf.concat([first[1:], tf.constant([size], tf.int64)], 0) - first
    indices = tf.gather(order, first)
    return UniqueAllResult(
        tf.gather(flat, indices), indices, tf.reshape(inverse, tf.shape(x)), counts
    )


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def unique_all(x: tf.Tensor, /) -> UniqueAllResult:
    return _unique(x)


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def unique_counts(x: tf.Tensor, /) -> UniqueCountsResult:
    result = _unique(x)
    return UniqueCountsResult(result.values, result.counts)


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def unique_inverse(x: tf.Tensor, /) -> UniqueInverseResult:
    result = _unique(x)
    return UniqueInverseResult(result.values, result.inverse_indices)


@with_unsupported_dtypes({"2.21 and below": ("complex",)}, version)
def unique_values(x: tf.Tensor, /) -> tf.Tensor:
    return _unique(x).values


def isin(x1: tf.Tensor, x2: tf.Tensor, /, *, invert: bool = False) -> tf.Tensor:
    x1, x2 = promote(x1, x2)
    if x1.dtype.is_complex:
        # no complex sort in tensorflow: compare every pair
        pairs = tf.equal(tf.reshape(x1, [-1, 1]), tf.reshape(x2, [1, -1]))
        found = tf.reshape(tf.reduce_any(pairs, axis=1), tf.shape(x1))
        return tf.not_equal(found, invert)
    needles = tf.reshape(_ordered(x1), [1, -1])
    flat = _ordered(tf.reshape(x2, [-1]))
    size = flat.shape[0]
    if size == 0:
        return tf.fill(tf.shape(x1), invert)
    haystack = tf.gather(flat, _argsort_last(flat, descending=False))  # nan last
    index = tf.searchsorted(tf.reshape(haystack, [1, -1]), needles, out_type=tf.int64)
    index = tf.minimum(index, size - 1)
    found = tf.equal(tf.gather(haystack, index[0]), needles[0])
    return tf.not_equal(tf.reshape(found, tf.shape(x1)), invert)
