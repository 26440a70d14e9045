"""tensorflow implementations of core's data-type functions."""

from __future__ import annotations

from typing import Any

import tensorflow as tf

from core.backends.tensorflow import native_dtypes


def astype(
    x: tf.Tensor, dtype: Any, /, *, copy: bool = True, device: str | None = None
) -> tf.Tensor:
    native = native_dtypes[dtype]
    if x.dtype.is_complex and not native.is_complex:
        x = tf.math.real(x)
    return tf.cast(x, native)


def bitcast(x: tf.Tensor, dtype: Any, /) -> tf.Tensor:
    """tf.bitcast refuses bool: a bool is one byte holding 0 or 1, so it goes through uint8."""
    target = native_dtypes[dtype]
    if x.dtype == tf.bool:
        x = tf.cast(x, tf.uint8)
    if target == tf.bool:
        return tf.cast(tf.bitcast(x, tf.uint8), tf.bool)
    return tf.bitcast(x, target)
