"""tensorflow implementations of core's creation functions."""

from __future__ import annotations

from typing import Any

import numpy
import tensorflow as tf

from core.backends import foreign_to_numpy, inferred_dtype
from core.backends.tensorflow import native_dtypes


def asarray(
    obj: Any, /, *, dtype: Any = None, device: str | None = None, copy: bool | None = None
) -> tf.Tensor:
    if dtype is None:
        dtype = inferred_dtype(obj)
    obj = foreign_to_numpy(obj, (tf.Tensor, tf.Variable))
    native = None if dtype is None else native_dtypes[dtype]
    if isinstance(obj, (tf.Tensor, tf.Variable)):
        return obj if native is None or obj.dtype == native else tf.cast(obj, native)
    if native is None:
        return tf.convert_to_tensor(obj)
    return tf.convert_to_tensor(numpy.asarray(obj, dtype=native.as_numpy_dtype))
