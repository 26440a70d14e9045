"""The jax backend's side of :mod:`core.mesh`: real JAX's devices as a one-axis mesh
(``Auto``), natives placed with real ``jax.device_put``, sums by ``jax.lax.psum``."""

from __future__ import annotations

import functools
from typing import Any

import jax

from core.mesh import AXIS


def device_count() -> int:
    return jax.device_count()


@functools.cache
def _mesh(devices: tuple[Any, ...]) -> jax.sharding.Mesh:
    return jax.sharding.Mesh(devices, (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))


def place(native: jax.Array, dim: int | None) -> jax.Array:
    """``native`` split along ``dim`` over the devices (replicated when ``dim`` is None or its
    size does not divide evenly)."""
    count = jax.device_count()
    if count == 1:
        return native
    ndim = len(native.shape)
    spec: tuple[Any, ...] = ()
    if dim is not None and ndim and native.shape[dim % ndim] % count == 0:
        spec = (None,) * (dim % ndim) + (AXIS,)
    sharding = jax.sharding.NamedSharding(
        _mesh(tuple(jax.devices())), jax.sharding.PartitionSpec(*spec)
    )
    return jax.device_put(native, sharding)


def is_placed(native: Any) -> bool:
    count = jax.device_count()
    sharding = getattr(native, "sharding", None)
    return count > 1 and sharding is not None and len(sharding.device_set) == count


@functools.cache
def _psum_for(devices: tuple[Any, ...]) -> Any:
    spec = jax.sharding.PartitionSpec()
    return jax.jit(
        jax.shard_map(
            lambda x: jax.lax.psum(x, AXIS), mesh=_mesh(devices), in_specs=spec, out_specs=spec
        )
    )


def psum_replicated(native: jax.Array) -> jax.Array:
    return _psum_for(tuple(jax.devices()))(native)
