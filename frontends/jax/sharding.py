"""``jax.sharding``: real JAX's classes on the jax backend, their one-device forms
elsewhere (see :mod:`frontends.jax._src.sharding`)."""

from __future__ import annotations

from typing import Any

from frontends.jax._src.sharding import (
    get_mesh,
    reshard,
    resolve,
    set_mesh,
)

_RESOLVED = (
    "AxisType",
    "Mesh",
    "NamedSharding",
    "PartitionSpec",
    "SingleDeviceSharding",
    "Sharding",
)
__all__ = ["get_mesh", "reshard", "set_mesh", *_RESOLVED]


def __getattr__(name: str) -> Any:
    if name in _RESOLVED:
        return resolve(name)
    raise AttributeError(f"module 'frontends.jax.sharding' has no attribute {name!r}")
