"""jax implementations of core's set functions.

Their result shapes depend on the values, so jax cannot trace them and must read the values
back anyway; they run the numpy backend's stable-sort algorithm on the host (one transfer,
rather than compiling a dozen ops for every new input shape) and return jax arrays. Order,
indices and nan handling therefore agree with every other backend.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy

from core.backends.jax import promote
from core.backends.numpy.sets import _unique as _numpy_unique
from core.ops.sets import UniqueAllResult, UniqueCountsResult, UniqueInverseResult


def _unique(x: jax.Array) -> UniqueAllResult:
    return UniqueAllResult(*(jnp.asarray(part) for part in _numpy_unique(numpy.asarray(x))))


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


def isin(x1: jax.Array, x2: jax.Array, /, *, invert: bool = False) -> jax.Array:
    x1, x2 = promote(x1, x2)
    haystack = jnp.sort(x2.reshape(-1))  # nan last
    if haystack.size == 0:
        found = jnp.zeros(x1.shape, dtype=jnp.bool_)
    else:
        index = jnp.minimum(jnp.searchsorted(haystack, x1), haystack.size - 1)
        found = haystack[index] == x1
    return found != invert
