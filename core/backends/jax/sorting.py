"""jax implementations of core's sorting functions."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from core.ops.sorting import TopKResult
from core.ops.statistical import _axis


def argsort(
    x: jax.Array, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> jax.Array:
    axis = _axis(axis, x.ndim)
    return jnp.argsort(x, axis=axis, stable=True, descending=descending).astype(jnp.int64)


def sort(
    x: jax.Array, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> jax.Array:
    order = argsort(x, axis=axis, descending=descending)
    return jnp.take_along_axis(x, order, axis=axis)


def topk(
    x: jax.Array,
    k: int,
    /,
    *,
    axis: int = -1,
    largest: bool = True,
    sorted: bool = True,  # noqa: A002
) -> TopKResult:
    axis = _axis(axis, x.ndim)
    if not 0 <= k <= x.shape[axis]:
        raise ValueError(f"core.topk: k={k} is out of range for an axis of length {x.shape[axis]}")
    order = argsort(x, axis=axis, descending=largest)
    indices = jax.lax.slice_in_dim(order, 0, k, axis=axis)
    return TopKResult(jnp.take_along_axis(x, indices, axis=axis), indices)
