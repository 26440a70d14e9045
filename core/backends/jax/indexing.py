"""jax implementations of core's indexing functions.

jax clamps out-of-range indices and leaves the order of repeated writes unspecified;
keys are checked and repeated positions resolved (last write wins) before jax indexes.
The gather and scatter at flat positions are each one jitted function (one compilation
per shape, not one per step). Inside a trace (``core.compile``, ``jax.jit``) traced index
arrays have no host values: jax's own indexing runs on them (no range check: out-of-range
indices clamp; negative ones wrap; the winner among repeated writes is unspecified).
"""

from __future__ import annotations

import functools
from typing import Any

import jax
import jax.numpy as jnp
import numpy

from core.backends.jax import core_dtypes, to_numpy
from core.ops.creation import _fill_scalar
from core.ops.indexing import (
    _basic_key,
    _basic_shape,
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
    return value if value.dtype == x.dtype else value.astype(x.dtype)


_take = jax.jit(jnp.take, static_argnames=("axis",))


@jax.jit
def _gather_flat(x: jax.Array, positions: jax.Array) -> jax.Array:
    return jnp.reshape(x, (-1,))[positions]


@functools.partial(jax.jit, static_argnames=("value_shape", "target", "reduce"))
def _scatter_flat(
    x: jax.Array,
    positions: jax.Array,
    value: jax.Array,
    winners: jax.Array | None,
    value_shape: tuple[int, ...],
    target: tuple[int, ...],
    reduce: str | None,
) -> jax.Array:
    """``x`` with ``value`` (reshaped to ``value_shape``, broadcast to ``target``, raveled,
    and taken at ``winners`` when given) scattered into its flat ``positions``."""
    value = jnp.reshape(jnp.broadcast_to(jnp.reshape(value, value_shape), target), (-1,))
    if winners is not None:
        value = value[winners]
    at = jnp.reshape(x, (-1,)).at[positions]
    if reduce is None:
        return jnp.reshape(at.set(value, unique_indices=True), x.shape)
    result = {"add": at.add, "multiply": at.multiply, "amax": at.max, "amin": at.min}[reduce](value)
    return jnp.reshape(result, x.shape)


def _scatter(
    x: jax.Array, positions: numpy.ndarray, value: jax.Array, reduce: str | None
) -> jax.Array:
    """``x`` with ``value`` broadcast to ``positions``' shape scattered at them (the last
    write wins where a position repeats and ``reduce`` is None)."""
    value_shape = _value_shape(value.shape, positions.shape)
    flat = positions.reshape(-1)
    winners = _last_writes(flat) if reduce is None else None
    if winners is not None:
        flat = flat[winners]
    return _scatter_flat(x, flat, value, winners, value_shape, positions.shape, reduce)


def _lone_mask(x: jax.Array, key: Any) -> jax.Array | None:
    mask = key[0] if type(key) is tuple and len(key) == 1 else key
    if (
        isinstance(mask, jax.Array)
        and mask.dtype == jnp.bool_
        and _mask_shape_matches(x.shape, mask.shape)
    ):
        return mask
    return None


def _traced(*values: Any) -> bool:
    """Whether an index (or an entry of a tuple key) is a tracer: no host value."""
    for value in values:
        entries = value if type(value) is tuple else (value,)
        if any(isinstance(entry, jax.core.Tracer) for entry in entries):
            return True
    return False


def _device_key(key: Any) -> Any:
    entries = key if type(key) is tuple else (key,)
    return tuple(jnp.asarray(e) if isinstance(e, list) else e for e in entries)


def _plain_key(x: jax.Array, key: Any) -> bool:
    """An in-range int or a slice of ints with a positive step on the first axis, which
    jax indexes as core does (the common ``x[3]``, ``x[2:5]``: no key normalization)."""
    kind = type(key)
    if kind is int:
        shape = x.shape
        return bool(shape) and -shape[0] <= key < shape[0]
    if kind is slice:
        start, stop, step = key.start, key.stop, key.step
        return (
            bool(x.shape)
            and (start is None or type(start) is int)
            and (stop is None or type(stop) is int)
            and (step is None or (type(step) is int and step > 0))
        )
    return False


def get_item(x: jax.Array, key: Any, /) -> jax.Array:
    if _plain_key(x, key):
        return x[key]
    basic = _basic_key(x.shape, key)
    if basic is not None:
        return x[basic]
    mask = _lone_mask(x, key)
    if mask is not None:
        return x[mask]
    if _traced(key):
        return x[_device_key(key)]
    return _gather_flat(x, _flat_positions(x.shape, key))


def set_item(x: jax.Array, key: Any, value: Any, /) -> jax.Array:
    value = _value(value, x)
    basic = _basic_key(x.shape, key)
    if basic is not None:
        value_shape = _value_shape(value.shape, _basic_shape(x.shape, basic))
        return x.at[basic].set(jnp.reshape(value, value_shape))
    mask = _lone_mask(x, key)
    if mask is not None:
        rest = x.shape[mask.ndim :]
        if value.ndim <= len(rest):
            value = jnp.reshape(value, _value_shape(value.shape, rest))
            return jnp.where(jnp.reshape(mask, mask.shape + (1,) * len(rest)), value, x)
    if _traced(key):
        return x.at[_device_key(key)].set(value)
    return _scatter(x, _flat_positions(x.shape, key), value, None)


def take(x: jax.Array, indices: jax.Array, /, *, axis: int | None = None) -> jax.Array:
    if axis is None:
        x, axis = jnp.reshape(x, (-1,)), 0
    if _traced(indices):
        size = x.shape[axis] if x.ndim else 0
        return jnp.take(x, jnp.where(indices < 0, indices + size, indices), axis=axis)
    checked = _checked_indices(to_numpy(indices), x.shape[axis] if x.ndim else 0)
    return _take(x, checked, axis=axis)


def scatter(
    x: jax.Array,
    axis: int,
    index: jax.Array,
    src: Any,
    /,
    *,
    reduce: str | None = None,
) -> jax.Array:
    if _traced(index):
        return _scatter_traced(x, axis, index, _value(src, x), reduce)
    index_np = to_numpy(index)
    positions = _scatter_positions(x.shape, axis, index_np, reduce, core_dtypes[x.dtype])
    positions = positions.reshape(index_np.shape)
    if x.dtype != jnp.bool_ or reduce is None:
        return _scatter(x, positions, _value(src, x), reduce)
    wide = _scatter(x.astype(jnp.int64), positions, _value(src, x).astype(jnp.int64), reduce)
    return wide.astype(jnp.bool_)


def _scatter_traced(
    x: jax.Array, axis: int, index: jax.Array, value: jax.Array, reduce: str | None
) -> jax.Array:
    """:func:`scatter` with a traced ``index`` (jax's scatter; see the module docstring)."""
    axis %= max(x.ndim, 1)
    grid = list(jnp.indices(index.shape, sparse=True))
    grid[axis] = jnp.where(index < 0, index + x.shape[axis], index)
    value = jnp.broadcast_to(value, index.shape)
    wide = x.dtype == jnp.bool_ and reduce is not None
    target = (x.astype(jnp.int64) if wide else x).at[tuple(grid)]
    value = value.astype(jnp.int64) if wide else value
    methods = {None: target.set, "add": target.add, "multiply": target.multiply,
               "amax": target.max, "amin": target.min}  # fmt: skip
    result = methods[reduce](value)
    return (result != 0) if wide else result
