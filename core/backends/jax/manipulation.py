"""jax implementations of core's manipulation functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp

from core.backends.jax import promote
from core.ops.manipulation import _expanded_shape, _squeezed_shape, _tile_plan


def broadcast_arrays(*arrays: jax.Array) -> list[jax.Array]:
    return list(jnp.broadcast_arrays(*arrays))


def broadcast_to(x: jax.Array, /, shape: Sequence[int]) -> jax.Array:
    return jnp.broadcast_to(x, tuple(shape))


def concat(arrays: Sequence[jax.Array], /, *, axis: int | None = 0) -> jax.Array:
    return jnp.concatenate(promote(*arrays), axis=axis)


def expand_dims(x: jax.Array, /, *, axis: int | tuple[int, ...] = 0) -> jax.Array:
    return jnp.reshape(x, _expanded_shape(x.shape, axis))


def flip(x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None) -> jax.Array:
    return jnp.flip(x, axis=axis)


def permute_dims(x: jax.Array, /, axes: tuple[int, ...]) -> jax.Array:
    return jnp.transpose(x, axes)


def repeat(x: jax.Array, repeats: Any, /, *, axis: int | None = None) -> jax.Array:
    if type(repeats) in (list, tuple):
        repeats = jnp.asarray(repeats)
    return jnp.repeat(x, repeats, axis=axis)


def reshape(x: jax.Array, /, shape: Sequence[int], *, copy: bool | None = None) -> jax.Array:
    result = jnp.reshape(x, tuple(shape))
    return jnp.array(result, copy=True) if copy else result


def roll(
    x: jax.Array,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
) -> jax.Array:
    return jnp.roll(x, shift, axis=axis)


def squeeze(x: jax.Array, /, axis: int | tuple[int, ...]) -> jax.Array:
    return jnp.reshape(x, _squeezed_shape(x.shape, axis))


def stack(arrays: Sequence[jax.Array], /, *, axis: int = 0) -> jax.Array:
    return jnp.stack(promote(*arrays), axis=axis)


def tile(x: jax.Array, repetitions: tuple[int, ...], /) -> jax.Array:
    shape, repetitions = _tile_plan(x.shape, repetitions)
    return jnp.tile(jnp.reshape(x, shape), repetitions)
