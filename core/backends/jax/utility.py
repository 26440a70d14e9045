"""jax implementations of core's utility functions."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from core.backends.jax import promote
from core.ops.statistical import _axes, _axis


def all(  # noqa: A001
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    return jnp.all(x != 0, axis=_axes(axis, x.ndim), keepdims=keepdims)


def any(  # noqa: A001
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    return jnp.any(x != 0, axis=_axes(axis, x.ndim), keepdims=keepdims)


def diff(
    x: jax.Array,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: jax.Array | None = None,
    append: jax.Array | None = None,
) -> jax.Array:
    axis = _axis(axis, x.ndim)
    if n < 0:
        raise ValueError(f"core.diff needs n >= 0, got {n}")
    parts = list(promote(*[p for p in (prepend, x, append) if p is not None]))
    edge = list(x.shape)
    edge[axis] = 1
    parts = [jnp.broadcast_to(p, edge) if p.ndim == 0 else p for p in parts]
    joined = jnp.concatenate(parts, axis=axis) if len(parts) > 1 else parts[0]
    return jnp.diff(joined, n=n, axis=axis)
