"""The device mesh that ``torch.distributed``'s single controller runs on.

On the jax backend: real JAX's devices as a one-axis mesh (axis ``"rank"``, ``Auto``), and
natives placed on it with real ``jax.device_put``; a placed array's operations then run
partitioned by XLA, and results are the same as on one device. On the other backends
there is one device and placing does nothing.
"""

from __future__ import annotations

import functools
from typing import Any

from core.backend import current_backend

__all__ = ["AXIS", "device_count", "place", "psum_replicated", "is_placed"]

AXIS = "rank"


def _on_jax() -> bool:
    return current_backend().name == "jax"


def device_count() -> int:
    if _on_jax():
        import jax

        return jax.device_count()
    return 1


@functools.cache
def _mesh(devices: tuple[Any, ...]) -> Any:
    import jax

    return jax.sharding.Mesh(devices, (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))


def _sharding(spec: tuple[Any, ...]) -> Any:
    import jax

    return jax.sharding.NamedSharding(
        _mesh(tuple(jax.devices())), jax.sharding.PartitionSpec(*spec)
    )


def place(native: Any, dim: int | None) -> Any:
    """``native`` split along ``dim`` over the mesh's devices (replicated when ``dim`` is
    None or its size does not divide evenly)."""
    if not _on_jax() or device_count() == 1:
        return native
    import jax

    ndim = len(native.shape)
    spec: tuple[Any, ...] = ()
    if dim is not None and ndim and native.shape[dim % ndim] % device_count() == 0:
        spec = (None,) * (dim % ndim) + (AXIS,)
    return jax.device_put(native, _sharding(spec))


def is_placed(native: Any) -> bool:
    """Whether ``native`` lives on the whole mesh (placed by :func:`place`)."""
    if not _on_jax() or device_count() == 1:
        return False
    sharding = getattr(native, "sharding", None)
    return sharding is not None and len(sharding.device_set) == device_count()


def psum_replicated(native: Any) -> Any:
    """The sum over the mesh's devices of ``native``, each device holding all of it:
    real ``jax.lax.psum`` in a ``shard_map`` on jax (``device_count() * native``)."""
    if not _on_jax():
        return native
    return _psum()(native)


@functools.cache
def _psum_for(devices: tuple[Any, ...]) -> Any:
    import jax

    spec = jax.sharding.PartitionSpec()
    return jax.jit(
        jax.shard_map(
            lambda x: jax.lax.psum(x, AXIS), mesh=_mesh(devices), in_specs=spec, out_specs=spec
        )
    )


def _psum() -> Any:
    import jax

    return _psum_for(tuple(jax.devices()))
