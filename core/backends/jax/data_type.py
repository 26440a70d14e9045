"""jax implementations of core's data-type functions."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from core.backends.jax import native_dtypes


def astype(
    x: jax.Array, dtype: Any, /, *, copy: bool = True, device: str | None = None
) -> jax.Array:
    native = native_dtypes[dtype]
    if x.dtype.kind == "c" and native.kind != "c":
        x = jnp.real(x)
    return x.astype(native)


def bitcast(x: jax.Array, dtype: Any, /) -> jax.Array:
    """Through bytes: lax.bitcast_convert_type refuses bool and complex, so those are
    read as uint8 (a bool) or as their (real, imaginary) pair of floats (a complex)."""
    target = native_dtypes[dtype]
    if x.dtype == target:
        return x
    source_size, target_size = x.dtype.itemsize, target.itemsize
    data = _bytes(x)  # (..., source_size)
    if source_size > target_size:
        data = data.reshape(*data.shape[:-1], source_size // target_size, target_size)
    elif source_size < target_size:
        data = data.reshape(*data.shape[:-2], target_size)
    return _from_bytes(data, target)


def _bytes(x: jax.Array) -> jax.Array:
    if x.dtype.kind == "c":
        pair = jnp.stack([jnp.real(x), jnp.imag(x)], axis=-1)
        return _bytes(pair).reshape(*x.shape, x.dtype.itemsize)
    if x.dtype == jnp.bool_:
        x = x.astype(jnp.uint8)
    if x.dtype.itemsize == 1:
        return jax.lax.bitcast_convert_type(x, jnp.uint8)[..., None]
    return jax.lax.bitcast_convert_type(x, jnp.uint8)


def _from_bytes(data: jax.Array, target: Any) -> jax.Array:
    """``data``'s last axis (``target.itemsize`` bytes) read as one ``target`` value."""
    if target.kind == "c":
        half = jnp.dtype(f"float{target.itemsize * 4}")
        pair = _from_bytes(data.reshape(*data.shape[:-1], 2, target.itemsize // 2), half)
        return jax.lax.complex(pair[..., 0], pair[..., 1])
    if target == jnp.bool_:
        return data[..., 0] != 0
    if target.itemsize == 1:
        return jax.lax.bitcast_convert_type(data[..., 0], target)
    return jax.lax.bitcast_convert_type(data, target)
