"""The tensorflow backend."""

from typing import Any

import numpy
import tensorflow as tf

from core.backends import make_promote
from core.dtypes import DTYPE_NAMES, Dtype

name = "tensorflow"
version = tf.__version__
native_array_types = (tf.Tensor, tf.Variable)
NativeArray = tf.Tensor
NativeDtype = tf.dtypes.DType
native_dtypes = {dtype_name: tf.as_dtype(dtype_name) for dtype_name in DTYPE_NAMES}
core_dtypes = {native: Dtype(dtype_name) for dtype_name, native in native_dtypes.items()}


def can_hold(native_dtype) -> bool:
    try:
        tf.zeros((1,), dtype=native_dtype)
    except (TypeError, tf.errors.OpError):
        return False
    return True


exact_array_type = type(tf.zeros(()))


def to_numpy(x: tf.Tensor) -> numpy.ndarray:
    return x.numpy()


def from_numpy(array: numpy.ndarray) -> tf.Tensor:
    return tf.convert_to_tensor(array)


def shape_of(x: tf.Tensor) -> tuple[int, ...]:
    return tuple(x.shape.as_list())


def device_of(x: tf.Tensor) -> str:
    return "gpu" if "GPU" in x.device else "cpu"


def _cast(x: tf.Tensor, native: tf.DType) -> tf.Tensor:
    return tf.cast(x, native)


def _scalar(value: Any, native: tf.DType) -> tf.Tensor:
    return tf.constant(value, dtype=native)


promote = make_promote(core_dtypes, native_dtypes, _cast, _scalar)
"""``promote(*values)``: native arrays and scalars cast to core's common dtype."""


def reduce_axes(axes: tuple[int, ...], ndim: int) -> int | numpy.ndarray | None:
    """tensorflow's ``axis`` argument for reducing ``axes``: None for all of them (a full
    reduction with the axes named runs at half the speed), an int for one, else an int32
    numpy array (tf converts a Python list to a tensor on its slow path, several times the
    cost of a small reduction)."""
    if len(axes) == ndim:
        return None
    return axes[0] if len(axes) == 1 else int_vector(axes)


def int_vector(values: Any) -> numpy.ndarray:
    """A shape, a permutation or axes as the argument tf's ops take fastest (an int32 or,
    past int32's range, int64 numpy array: a Python list or tuple takes tf's slow path)."""
    try:
        return numpy.array(values, dtype=numpy.int32)
    except OverflowError:
        return numpy.array(values, dtype=numpy.int64)


def has_gpu() -> bool:
    return bool(tf.config.list_physical_devices("GPU"))
