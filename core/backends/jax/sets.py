"""jax implementations of core's set functions (the stable-sort algorithm every backend
uses, so order, indices and nan handling agree; not traceable: shapes depend on values)."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from core.ops.sets import UniqueAllResult, UniqueCountsResult, UniqueInverseResult


def _unique(x: jax.Array) -> UniqueAllResult:
    flat = x.reshape(-1)
    size = flat.shape[0]
    order = jnp.argsort(flat, stable=True).astype(jnp.int64)
    sorted_values = flat[order]
    starts = jnp.concatenate(
        [jnp.ones((min(size, 1),), jnp.bool_), sorted_values[1:] != sorted_values[:-1]]
    )
    group = jnp.cumsum(starts, dtype=jnp.int64) - 1
    inverse = jnp.zeros((size,), jnp.int64).at[order].set(group)
    first = jnp.flatnonzero(starts).astype(jnp.int64)
    counts = jnp.diff(first, append=jnp.asarray([size], jnp.int64))
    return UniqueAllResult(sorted_values[first], order[first], inverse.reshape(x.shape), counts)


def unique_all(x: jax.Array, /) -> UniqueAllResult:
    return _unique(x)


def unique_counts(x: jax.Array, /) -> UniqueCountsResult:
    result = _unique(x)
    return UniqueCountsResult(result.values, result.counts)


def unique_inverse(x: jax.Array, /) -> UniqueInverseResult:
    result = _unique(x)
    return UniqueInverseResult(result.values, result.inverse_indices)


def unique_values(x: jax.Array, /) -> jax.Array:
    return _unique(x).values
