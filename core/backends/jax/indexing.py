"""jax implementations of core's indexing functions.

jax clamps out-of-range indices and leaves the order of repeated writes unspecified;
keys are checked and repeated positions resolved (last write wins) before jax indexes.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy

from core.backends.jax import core_dtypes, to_numpy
from core.ops.creation import _fill_scalar
from core.ops.indexing import (
    _basic_key,
    _checked_indices,
    _flat_positions,
    _last_writes,
    _mask_shape_matches,
    _scatter_positions,
    _value_shape,
)


def _value(value: Any, x: jax.Array) -> jax.Array:
    if not isinstance(value, jax.Array):
        if type(value) in (bool, int, float, complex):
            return jnp.asarray(_fill_scalar(value, core_dtypes[x.dtype]))
        value = jnp.asarray(numpy.asarray(value))
    if jnp.iscomplexobj(value) and not jnp.iscomplexobj(x):
        value = jnp.real(value)
    return value.astype(x.dtype)


def _lone_mask(x: jax.Array, key: Any) -> jax.Array | None:
    mask = key[0] if type(key) is tuple and len(key) == 1 else key
    if (
        isinstance(mask, jax.Array)
        and mask.dtype == jnp.bool_
        and _mask_shape_matches(x.shape, mask.shape)
    ):
        return mask
    return None


def get_item(x: jax.Array, key: Any, /) -> jax.Array:
    basic = _basic_key(x.shape, key)
    if basic is not None:
        return x[basic]
    mask = _lone_mask(x, key)
    if mask is not None:
        return x[mask]
    positions = _flat_positions(x.shape, key)
    return jnp.reshape(x, (-1,))[positions]


def set_item(x: jax.Array, key: Any, value: Any, /) -> jax.Array:
    value = _value(value, x)
    basic = _basic_key(x.shape, key)
    if basic is not None:
        target = x[basic].shape
        return x.at[basic].set(jnp.reshape(value, _value_shape(value.shape, target)))
    mask = _lone_mask(x, key)
    if mask is not None:
        rest = x.shape[mask.ndim :]
        if value.ndim <= len(rest):
            value = jnp.reshape(value, _value_shape(value.shape, rest))
            return jnp.where(jnp.reshape(mask, mask.shape + (1,) * len(rest)), value, x)
    positions = _flat_positions(x.shape, key)
    value = jnp.reshape(value, _value_shape(value.shape, positions.shape))
    value = jnp.reshape(jnp.broadcast_to(value, positions.shape), (-1,))
    positions = positions.reshape(-1)
    last = _last_writes(positions)
    if last is not None:
        positions, value = positions[last], value[last]
    flat = jnp.reshape(x, (-1,)).at[positions].set(value, unique_indices=True)
    return jnp.reshape(flat, x.shape)


def take(x: jax.Array, indices: jax.Array, /, *, axis: int | None = None) -> jax.Array:
    if axis is None:
        x, axis = jnp.reshape(x, (-1,)), 0
    checked = _checked_indices(to_numpy(indices), x.shape[axis] if x.ndim else 0)
    return jnp.take(x, checked, axis=axis)


def scatter(
    x: jax.Array,
    axis: int,
    index: jax.Array,
    src: Any,
    /,
    *,
    reduce: str | None = None,
) -> jax.Array:
    index_np = to_numpy(index)
    positions = _scatter_positions(x.shape, axis, index_np, reduce, core_dtypes[x.dtype])
    values = jnp.reshape(jnp.broadcast_to(_value(src, x), index_np.shape), (-1,))
    flat = jnp.reshape(x, (-1,))
    if reduce is None:
        last = _last_writes(positions)
        if last is not None:
            positions, values = positions[last], values[last]
        return jnp.reshape(flat.at[positions].set(values, unique_indices=True), x.shape)
    if x.dtype == jnp.bool_:
        flat, values = flat.astype(jnp.int64), values.astype(jnp.int64)
    at = flat.at[positions]
    result = {"add": at.add, "multiply": at.multiply, "amax": at.max, "amin": at.min}[reduce](
        values
    )
    return jnp.reshape(result.astype(x.dtype) if x.dtype == jnp.bool_ else result, x.shape)
