"""numpy implementations of core's creation functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy

from core import dtypes
from core.backends import foreign_to_numpy, inferred_dtype
from core.backends.numpy import core_dtypes, native_dtypes
from core.ops.creation import _arange_plan, _fill_scalar, _linspace_plan, _shape


def _shape_of(shape: int | Sequence[int]) -> tuple[int, ...]:
    """core's ``_shape`` with the common cases (a non-negative int, a tuple of them)
    checked first."""
    if type(shape) is int and shape >= 0:
        return (shape,)
    if type(shape) is tuple:
        for extent in shape:
            if type(extent) is not int or extent < 0:
                break
        else:
            return shape
    return _shape(shape)


def _native_dtype(dtype: Any) -> numpy.dtype:
    """The numpy dtype of a creation function's ``dtype`` (a core dtype looked up first)."""
    found = native_dtypes.get(dtype)  # None is no key
    return found if found is not None else native_dtypes[dtypes.default_dtype(dtype=dtype)]


def asarray(
    obj: Any, /, *, dtype: Any = None, device: str | None = None, copy: bool | None = None
) -> numpy.ndarray:
    if dtype is None:
        dtype = inferred_dtype(obj)
    obj = foreign_to_numpy(obj, (numpy.ndarray,))
    native = None if dtype is None else native_dtypes[dtype]
    return numpy.array(obj, dtype=native, copy=copy)


def arange(
    start: Any,
    /,
    stop: Any = None,
    step: Any = 1,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> numpy.ndarray:
    start, step, length, dtype, integral = _arange_plan(start, stop, step, dtype)
    if integral:
        values = numpy.arange(length, dtype=numpy.int64) * numpy.int64(step) + numpy.int64(start)
    else:
        values = numpy.arange(length, dtype=numpy.float64) * float(step) + float(start)
    return values.astype(native_dtypes[dtype])


def empty(
    shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None
) -> numpy.ndarray:
    return numpy.zeros(_shape_of(shape), dtype=_native_dtype(dtype))


def empty_like(
    x: numpy.ndarray, /, *, dtype: Any = None, device: str | None = None
) -> numpy.ndarray:
    return numpy.zeros(x.shape, dtype=x.dtype if dtype is None else native_dtypes[dtype])


def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: Any = None,
    device: str | None = None,
) -> numpy.ndarray:
    native = _native_dtype(dtype)
    return numpy.eye(n_rows, n_cols, k=k, dtype=native)


def from_dlpack(x: Any, /, *, device: str | None = None, copy: bool | None = None) -> numpy.ndarray:
    return numpy.from_dlpack(x, copy=copy)


def full(
    shape: int | Sequence[int],
    fill_value: Any,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> numpy.ndarray:
    dtype = dtypes.default_dtype(dtype=dtype, item=fill_value)
    return numpy.full(_shape_of(shape), _fill_scalar(fill_value, dtype))


def full_like(
    x: numpy.ndarray, /, fill_value: Any, *, dtype: Any = None, device: str | None = None
) -> numpy.ndarray:
    dtype = core_dtypes[x.dtype] if dtype is None else dtype
    return numpy.full(x.shape, _fill_scalar(fill_value, dtype))


def linspace(
    start: Any,
    stop: Any,
    /,
    num: int,
    *,
    dtype: Any = None,
    device: str | None = None,
    endpoint: bool = True,
) -> numpy.ndarray:
    step, dtype, is_complex = _linspace_plan(start, stop, num, endpoint, dtype)
    wide = numpy.complex128 if is_complex else numpy.float64
    values = numpy.arange(num, dtype=wide) * wide(step) + wide(start)
    if endpoint and num > 1:
        values[-1] = stop
    if dtype.is_int_dtype:
        values = numpy.floor(values)
    return values.astype(native_dtypes[dtype])


def logspace(
    start: Any,
    stop: Any,
    /,
    num: int,
    *,
    base: float = 10.0,
    dtype: Any = None,
    device: str | None = None,
    endpoint: bool = True,
) -> numpy.ndarray:
    exponents = linspace(start, stop, num, dtype=dtypes.float64, endpoint=endpoint)
    values = numpy.power(numpy.float64(base), exponents)
    return values.astype(_native_dtype(dtype))


def meshgrid(*arrays: numpy.ndarray, indexing: str = "xy") -> list[numpy.ndarray]:
    return list(numpy.meshgrid(*arrays, indexing=indexing))


def ones(
    shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None
) -> numpy.ndarray:
    # numpy.ones is a Python function (empty, then copyto): the same two steps, bit for
    # bit, without its dispatch (0.5 µs of a small array's 0.7)
    result = numpy.empty(_shape_of(shape), dtype=_native_dtype(dtype))
    result.fill(1)
    return result


def ones_like(
    x: numpy.ndarray, /, *, dtype: Any = None, device: str | None = None
) -> numpy.ndarray:
    return numpy.ones(x.shape, dtype=x.dtype if dtype is None else native_dtypes[dtype])


def tril(x: numpy.ndarray, /, *, k: int = 0) -> numpy.ndarray:
    return numpy.tril(x, k=k)


def triu(x: numpy.ndarray, /, *, k: int = 0) -> numpy.ndarray:
    return numpy.triu(x, k=k)


def zeros(
    shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None
) -> numpy.ndarray:
    return numpy.zeros(_shape_of(shape), dtype=_native_dtype(dtype))


def zeros_like(
    x: numpy.ndarray, /, *, dtype: Any = None, device: str | None = None
) -> numpy.ndarray:
    return numpy.zeros(x.shape, dtype=x.dtype if dtype is None else native_dtypes[dtype])
