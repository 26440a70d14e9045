"""The numpy backend, the default. bfloat16 comes from ml_dtypes."""

import ml_dtypes
import numpy

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
