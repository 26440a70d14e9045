"""jax implementations of core's creation functions.

``arange``, ``linspace``, ``logspace`` and ``eye`` compute their values on the host with
the numpy backend's implementations and move them to jax in one transfer: the values are
numpy's by construction, and an eager jax computation would compile several kernels for
every new length.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp

from core import dtypes
from core.backends import foreign_to_numpy, inferred_dtype
from core.backends.jax import core_dtypes, native_dtypes
from core.backends.numpy import creation as numpy_creation
from core.ops.creation import _fill_scalar, _shape


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
    return jnp.asarray(numpy_creation.arange(start, stop, step, dtype=dtype))


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
    return jnp.asarray(numpy_creation.eye(n_rows, n_cols, k=k, dtype=dtype))


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
    return jnp.asarray(numpy_creation.linspace(start, stop, num, dtype=dtype, endpoint=endpoint))


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
    values = numpy_creation.logspace(start, stop, num, base=base, dtype=dtype, endpoint=endpoint)
    return jnp.asarray(values)


_meshgrid = jax.jit(jnp.meshgrid, static_argnames=("indexing",))


def meshgrid(*arrays: jax.Array, indexing: str = "xy") -> list[jax.Array]:
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij', got {indexing!r}")
    return list(_meshgrid(*(jnp.ravel(a) for a in arrays), indexing=indexing))


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
