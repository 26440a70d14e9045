"""jax implementations of core's searching functions."""

from __future__ import annotations

from typing import Literal

import jax
import jax.numpy as jnp
import numpy

from core.backends import direct
from core.backends.jax import promote, version
from core.ops.statistical import _axes, _check_nonempty
from core.support import with_unsupported_dtypes


@with_unsupported_dtypes({"0.10 and below": ("complex",)}, version)
def argmax(x: jax.Array, /, *, axis: int | None = None, keepdims: bool = False) -> jax.Array:
    _check_nonempty(x.shape, _axes(axis, x.ndim), "argmax")
    return jnp.argmax(x, axis=axis, keepdims=keepdims).astype(jnp.int64)


@with_unsupported_dtypes({"0.10 and below": ("complex",)}, version)
def argmin(x: jax.Array, /, *, axis: int | None = None, keepdims: bool = False) -> jax.Array:
    _check_nonempty(x.shape, _axes(axis, x.ndim), "argmin")
    return jnp.argmin(x, axis=axis, keepdims=keepdims).astype(jnp.int64)


def count_nonzero(
    x: jax.Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> jax.Array:
    return jnp.sum(x != 0, axis=_axes(axis, x.ndim), keepdims=keepdims, dtype=jnp.int64)


def nonzero(x: jax.Array, /) -> tuple[jax.Array, ...]:
    if x.ndim == 0:
        raise ValueError("core.nonzero needs an array of at least one dimension")
    # the result's shape depends on the values, so jax must read them back anyway: do it
    # once, on the host, rather than compile nonzero for every new shape
    return tuple(jnp.asarray(i, jnp.int64) for i in numpy.nonzero(numpy.asarray(x != 0)))


def searchsorted(
    x1: jax.Array,
    x2: jax.Array,
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: jax.Array | None = None,
) -> jax.Array:
    if x1.ndim != 1:
        raise ValueError(f"core.searchsorted needs a 1-D x1, got {x1.ndim} dimensions")
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right', got {side!r}")
    x1, x2 = promote(x1, x2)
    if sorter is not None:
        x1 = jnp.take(x1, sorter)
    return jnp.searchsorted(x1, x2, side=side).astype(jnp.int64)


@direct(jnp.where, mask=True)
def where(condition: jax.Array, x1: jax.Array, x2: jax.Array, /) -> jax.Array:
    x1, x2 = promote(x1, x2)
    if condition.dtype != jnp.bool_:
        condition = condition.astype(jnp.bool_)
    return jnp.where(condition, x1, x2)
