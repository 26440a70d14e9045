"""jax implementations of core's creation functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp

from core import dtypes
from core.backends import foreign_to_numpy, inferred_dtype
from core.backends.jax import core_dtypes, native_dtypes
from core.ops.creation import _arange_plan, _fill_scalar, _linspace_plan, _shape


def asarray(
    obj: Any, /, *, dtype: Any = None, device: str | None = None, copy: bool | None = None
) -> jax.Array:
    if dtype is None:
        dtype = inferred_dtype(obj)
    obj = foreign_to_numpy(obj, (jax.Array,))
    native = None if dtype is None else native_dtypes[dtype]
    return jnp.array(obj, dtype=native, copy=bool(copy))


def arange(
    start: Any,
    /,
    stop: Any = None,
    step: Any = 1,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> jax.Array:
    start, step, length, dtype, integral = _arange_plan(start, stop, step, dtype)
    wide = jnp.int64 if integral else jnp.float64
    values = jnp.arange(length, dtype=wide) * wide(step) + wide(start)
    return values.astype(native_dtypes[dtype])


def empty(shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None) -> jax.Array:
    return jnp.zeros(_shape(shape), dtype=native_dtypes[dtypes.default_dtype(dtype=dtype)])


def empty_like(x: jax.Array, /, *, dtype: Any = None, device: str | None = None) -> jax.Array:
    return jnp.zeros(x.shape, dtype=x.dtype if dtype is None else native_dtypes[dtype])


def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: Any = None,
    device: str | None = None,
) -> jax.Array:
    native = native_dtypes[dtypes.default_dtype(dtype=dtype)]
    return jnp.eye(n_rows, n_cols, k=k, dtype=native)


def from_dlpack(x: Any, /, *, device: str | None = None, copy: bool | None = None) -> jax.Array:
    return jnp.from_dlpack(x, copy=copy)


def full(
    shape: int | Sequence[int],
    fill_value: Any,
    *,
    dtype: Any = None,
    device: str | None = None,
) -> jax.Array:
    dtype = dtypes.default_dtype(dtype=dtype, item=fill_value)
    return jnp.full(_shape(shape), _fill_scalar(fill_value, dtype))


def full_like(
    x: jax.Array, /, fill_value: Any, *, dtype: Any = None, device: str | None = None
) -> jax.Array:
    dtype = core_dtypes[x.dtype] if dtype is None else dtype
    return jnp.full(x.shape, _fill_scalar(fill_value, dtype))


def linspace(
    start: Any,
    stop: Any,
    /,
    num: int,
    *,
    dtype: Any = None,
    device: str | None = None,
    endpoint: bool = True,
) -> jax.Array:
    step, dtype, is_complex = _linspace_plan(start, stop, num, endpoint, dtype)
    wide = jnp.complex128 if is_complex else jnp.float64
    values = jnp.arange(num, dtype=wide) * wide(step) + wide(start)
    if endpoint and num > 1:
        values = values.at[-1].set(stop)
    if dtype.is_int_dtype:
        values = jnp.floor(values)
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
) -> jax.Array:
    exponents = linspace(start, stop, num, dtype=dtypes.float64, endpoint=endpoint)
    values = jnp.power(jnp.float64(base), exponents)
    return values.astype(native_dtypes[dtypes.default_dtype(dtype=dtype)])


def meshgrid(*arrays: jax.Array, indexing: str = "xy") -> list[jax.Array]:
    return list(jnp.meshgrid(*(jnp.ravel(a) for a in arrays), indexing=indexing))


def ones(shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None) -> jax.Array:
    return jnp.ones(_shape(shape), dtype=native_dtypes[dtypes.default_dtype(dtype=dtype)])


def ones_like(x: jax.Array, /, *, dtype: Any = None, device: str | None = None) -> jax.Array:
    return jnp.ones(x.shape, dtype=x.dtype if dtype is None else native_dtypes[dtype])


def tril(x: jax.Array, /, *, k: int = 0) -> jax.Array:
    return jnp.tril(x, k=k)


def triu(x: jax.Array, /, *, k: int = 0) -> jax.Array:
    return jnp.triu(x, k=k)


def zeros(shape: int | Sequence[int], *, dtype: Any = None, device: str | None = None) -> jax.Array:
    return jnp.zeros(_shape(shape), dtype=native_dtypes[dtypes.default_dtype(dtype=dtype)])


def zeros_like(x: jax.Array, /, *, dtype: Any = None, device: str | None = None) -> jax.Array:
    return jnp.zeros(x.shape, dtype=x.dtype if dtype is None else native_dtypes[dtype])
