"""The tensorflow backend."""

import inspect
from collections.abc import Callable
from typing import Any

import numpy
import tensorflow as tf
from tensorflow.python.ops import gen_math_ops

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


# tf.math functions whose float path is one generated op function after Python layers
# (name scopes, conversions) that the direct kernels' callers need not pay
_FLOAT_OPS = {
    tf.math.add: gen_math_ops.add_v2,
    tf.math.subtract: gen_math_ops.sub,
    tf.math.multiply: gen_math_ops.mul,
    tf.math.divide: gen_math_ops.real_div,
    tf.math.exp: gen_math_ops.exp,
    tf.math.sigmoid: gen_math_ops.sigmoid,
    tf.math.sqrt: gen_math_ops.sqrt,
    tf.math.equal: gen_math_ops.equal,
    tf.math.not_equal: gen_math_ops.not_equal,
}


def op_kernel(function: Callable[..., Any]) -> Callable[..., Any]:
    """The op function (``gen_*_ops``) that the ``tf.math``/``tf.nn`` function
    ``function`` runs on a float tensor and Python numbers or tensors of its dtype, for
    :func:`core.backends.direct`: the same op, without TF's dispatch decorators and Python
    layers (``tf.math.add`` costs 19 µs on a small tensor, its ``AddV2`` op 7.5 µs); other
    functions are returned as they are."""
    if function in _FLOAT_OPS:
        return _FLOAT_OPS[function]
    inner = inspect.unwrap(function)
    module = getattr(inner, "__module__", None) or ""
    return inner if module.startswith("tensorflow.python.ops.gen_") else function
