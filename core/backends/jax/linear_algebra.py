"""jax implementations of core's main-namespace linear algebra functions."""

from __future__ import annotations

from collections.abc import Sequence

import jax
import jax.numpy as jnp

from core.backends import direct
from core.backends.jax import promote

_HALF = (jnp.dtype(jnp.float16), jnp.dtype(jnp.bfloat16))


def _products(function, *arrays: jax.Array) -> jax.Array:
    """``function`` of ``arrays`` promoted with core's table; halves summed in float32 and
    rounded back, as on every backend, bool as the int64 result ``!= 0``."""
    arrays = promote(*arrays)
    native = arrays[0].dtype
    if native in _HALF:
        return function(*(a.astype(jnp.float32) for a in arrays)).astype(native)
    if native == jnp.bool_:
        return function(*(a.astype(jnp.int64) for a in arrays)) != 0
    return function(*arrays).astype(native)


@direct(jnp.matmul)
def matmul(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul does not take 0-d operands")
    return _products(jnp.matmul, x1, x2)


def matrix_transpose(x: jax.Array, /) -> jax.Array:
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, got {x.ndim}")
    return jnp.swapaxes(x, -1, -2)


def tensordot(
    x1: jax.Array,
    x2: jax.Array,
    /,
    *,
    axes: int | tuple[Sequence[int], Sequence[int]] = 2,
) -> jax.Array:
    return _products(lambda a, b: jnp.tensordot(a, b, axes=axes), x1, x2)


def vecdot(x1: jax.Array, x2: jax.Array, /, *, axis: int = -1) -> jax.Array:
    return _products(lambda a, b: jnp.sum(jnp.conj(a) * b, axis=axis), x1, x2)


def einsum(subscripts: str, /, *operands: jax.Array) -> jax.Array:
    return _products(lambda *arrays: jnp.einsum(subscripts, *arrays), *operands)


def outer(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
    return _products(jnp.outer, x1, x2)


def inner(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
    return _products(jnp.inner, x1, x2)


def kron(x1: jax.Array, x2: jax.Array, /) -> jax.Array:
    return _products(jnp.kron, x1, x2)
