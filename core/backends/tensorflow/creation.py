"""tensorflow implementations of core's creation functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy
import tensorflow as tf

from core import dtypes
from core.backends import foreign_to_numpy, inferred_dtype
from core.backends.tensorflow import core_dtypes, int_vector, native_dtypes
from core.ops.creation import (
    _arange_plan,
    _fill_scalar,
    _linspace_plan,
    _meshgrid_shapes,
    _shape,
)


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


def arange(
    start: Any,
    /,
    stop: Any = None,
    step: Any = 1,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> tf.Tensor:
    start, step, length, dtype, integral = _arange_plan(start, stop, step, dtype)
    wide = tf.int64 if integral else tf.float64
    values = tf.range(length, dtype=wide) * tf.constant(step, wide) + tf.constant(start, wide)
    return tf.cast(values, native_dtypes[dtype])


def _full(shape: tuple[int, ...], fill_value: Any, dtype: Any) -> tf.Tensor:
    return tf.fill(shape, tf.constant(_fill_scalar(fill_value, dtype)))


def empty(shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None) -> tf.Tensor:
    return tf.zeros(_shape(shape), dtype=native_dtypes[dtypes.default_dtype(dtype=dtype)])


def empty_like(x: tf.Tensor, /, *, dtype: Any = None, device: str | None = None) -> tf.Tensor:
    return tf.zeros(x.shape, dtype=x.dtype if dtype is None else native_dtypes[dtype])


def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: Any = None,
    device: str | None = None,
) -> tf.Tensor:
    n_cols = n_rows if n_cols is None else n_cols
    rows = tf.reshape(tf.range(n_rows, dtype=tf.int64), (-1, 1))
    mask = tf.equal(tf.reshape(tf.range(n_cols, dtype=tf.int64), (1, -1)), rows + k)
    return tf.cast(mask, native_dtypes[dtypes.default_dtype(dtype=dtype)])


def from_dlpack(x: Any, /, *, device: str | None = None, copy: bool | None = None) -> tf.Tensor:
    result = tf.experimental.dlpack.from_dlpack(x.__dlpack__())
    return tf.identity(result) if copy else result


def full(
    shape: int | Sequence[int],
    fill_value: Any,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> tf.Tensor:
    return _full(_shape(shape), fill_value, dtypes.default_dtype(dtype=dtype, item=fill_value))


def full_like(
    x: tf.Tensor, /, fill_value: Any, *, dtype: Any = None, device: str | None = None
) -> tf.Tensor:
    return _full(tuple(x.shape), fill_value, core_dtypes[x.dtype] if dtype is None else dtype)


def linspace(
    start: Any,
    stop: Any,
    /,
    num: int,
    *,
    dtype: Any = None,
    device: str | None = None,
    endpoint: bool = True,
) -> tf.Tensor:
    step, dtype, is_complex = _linspace_plan(start, stop, num, endpoint, dtype)
    wide = tf.complex128 if is_complex else tf.float64
    values = tf.cast(tf.range(num, dtype=tf.float64), wide) * tf.constant(step, wide)
    values = values + tf.constant(start, wide)
    if endpoint and num > 1:
        values = tf.concat([values[:-1], tf.constant([stop], wide)], axis=0)
    if dtype.is_int_dtype:
        values = tf.floor(values)
    return tf.cast(values, native_dtypes[dtype])


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
) -> tf.Tensor:
    exponents = linspace(start, stop, num, dtype=dtypes.float64, endpoint=endpoint)
    values = tf.pow(tf.constant(float(base), tf.float64), exponents)
    return tf.cast(values, native_dtypes[dtypes.default_dtype(dtype=dtype)])


def meshgrid(*arrays: tf.Tensor, indexing: str = "xy") -> list[tf.Tensor]:
    # tf.meshgrid casts to the first input's dtype; numpy keeps each input's
    flat = [tf.reshape(a, (-1,)) for a in arrays]
    shapes, target = _meshgrid_shapes([int(a.shape[0]) for a in flat], indexing)
    return [tf.broadcast_to(tf.reshape(a, s), target) for a, s in zip(flat, shapes)]


def _constant_fill(shape: int | Sequence[int], dtype: Any, value: int) -> tf.Tensor:
    """tf.zeros/tf.ones: the Fill op of ``value``, with the shape as a numpy vector (tf's
    own wrappers convert a Python shape on their slow path first)."""
    native = native_dtypes[dtypes.default_dtype(dtype=dtype)]
    scalar = numpy.array(value, dtype=native.as_numpy_dtype)
    return tf.raw_ops.Fill(dims=int_vector(_shape(shape)), value=scalar)


def ones(shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None) -> tf.Tensor:
    return _constant_fill(shape, dtype, 1)


def ones_like(x: tf.Tensor, /, *, dtype: Any = None, device: str | None = None) -> tf.Tensor:
    return tf.ones(x.shape, dtype=x.dtype if dtype is None else native_dtypes[dtype])


def _triangle(x: tf.Tensor, k: int, lower: bool) -> tf.Tensor:
    if x.shape.rank < 2:
        raise ValueError(f"tril/triu need an array of at least 2 dimensions, got {x.shape.rank}")
    n_rows, n_cols = x.shape[-2], x.shape[-1]
    offset = tf.reshape(tf.range(n_cols, dtype=tf.int64), (1, -1)) - tf.reshape(
        tf.range(n_rows, dtype=tf.int64), (-1, 1)
    )
    keep = offset <= k if lower else offset >= k
    return tf.where(keep, x, tf.zeros_like(x))


def tril(x: tf.Tensor, /, *, k: int = 0) -> tf.Tensor:
    return _triangle(x, k, lower=True)


def triu(x: tf.Tensor, /, *, k: int = 0) -> tf.Tensor:
    return _triangle(x, k, lower=False)


def zeros(shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None) -> tf.Tensor:
    return _constant_fill(shape, dtype, 0)


def zeros_like(x: tf.Tensor, /, *, dtype: Any = None, device: str | None = None) -> tf.Tensor:
    return tf.zeros(x.shape, dtype=x.dtype if dtype is None else native_dtypes[dtype])
