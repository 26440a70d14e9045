"""The numpy backend, the default. bfloat16 comes from ml_dtypes."""

from typing import Any

import ml_dtypes
import numpy

from core.backends import make_promote
from core.dtypes import DTYPE_NAMES, Dtype

name = "numpy"
version = numpy.__version__
native_array_types = (numpy.ndarray,)
NativeArray = numpy.ndarray
NativeDtype = numpy.dtype
native_dtypes = {
    dtype_name: numpy.dtype(ml_dtypes.bfloat16 if dtype_name == "bfloat16" else dtype_name)
    for dtype_name in DTYPE_NAMES
}
core_dtypes = {native: Dtype(dtype_name) for dtype_name, native in native_dtypes.items()}


def can_hold(native_dtype) -> bool:
    try:
        numpy.zeros((1,), dtype=native_dtype)
    except TypeError:
        return False
    return True


exact_array_type = numpy.ndarray


def to_numpy(x: numpy.ndarray) -> numpy.ndarray:
    return x


def from_numpy(array: numpy.ndarray) -> numpy.ndarray:
    return array


def shape_of(x: numpy.ndarray) -> tuple[int, ...]:
    return x.shape


def device_of(x: numpy.ndarray) -> str:
    return "cpu"


def _cast(x: numpy.ndarray, native: numpy.dtype) -> numpy.ndarray:
    return x.astype(native)


def _scalar(value: Any, native: numpy.dtype) -> numpy.ndarray:
    return numpy.asarray(value, dtype=native)


promote = make_promote(core_dtypes, native_dtypes, _cast, _scalar)
"""``promote(*values)``: native arrays and scalars cast to core's common dtype."""


def has_gpu() -> bool:
    return False
